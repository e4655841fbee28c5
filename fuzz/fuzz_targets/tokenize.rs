//! Any bytes: the borrowing splitter and the in-place splitter agree
//! exactly (tokens, or the error with its offset and column), with any
//! token-array capacity, both agree with the scanner alone, and none panics.
//! The shell-syntax check (`skills_core::shell`) answers the same for the
//! bytes and the text, and what it finds is where it says.
#![no_main]
use libfuzzer_sys::fuzz_target;
use skills_core::tokenize::{TokenBuf, TokenizeErrorKind, split, split_in_place, split_in_place_into, tokens};

fuzz_target!(|data: &[u8]| {
    let cap = data.first().map_or(0, |b| usize::from(*b % 24));
    let data = data.get(1..).unwrap_or_default();
    let mut buf = data.to_vec();
    let mut out = vec![""; cap];
    let in_place =
        split_in_place(&mut buf, &mut out).map(|n| out[..n].iter().map(|s| s.to_string()).collect::<Vec<_>>());
    // Into a `TokenBuf` with room for at least as many (`cap` < 24): the
    // same answer, unless the slice ran out of room first.
    let mut line = data.to_vec();
    let mut room = TokenBuf::<24>::new();
    let into = split_in_place_into(&mut line[..], &mut room)
        .map(|n| room[..n].iter().map(|s| s.to_string()).collect::<Vec<_>>());
    if !matches!(&in_place, Err(e) if matches!(e.kind, TokenizeErrorKind::TooManyTokens { .. })) {
        assert_eq!(into, in_place, "TokenBuf and slice differ");
    }
    let in_bytes = skills_core::shell::construct_in(data);
    if let Some(f) = in_bytes {
        use skills_core::shell::Construct;
        let at = &data[f.offset..];
        let starts = match f.construct {
            Construct::HereDocument => at.starts_with(b"<<"),
            Construct::HereString => at.starts_with(b"<<<"),
            Construct::Substitution => at.starts_with(b"$("),
            Construct::AnsiC => at.starts_with(b"$'"),
            Construct::Backslash => at.starts_with(b"\\"),
            Construct::Comment => at.starts_with(b"#"),
            Construct::Chain | Construct::Pipe | Construct::Redirect => {
                at.first().is_some_and(|c| b"0123456789|&;<>".contains(c))
            }
        };
        assert!(starts, "{f:?}");
        // An operator or a comment is a word of its own, after the first.
        if matches!(f.construct, Construct::Chain | Construct::Pipe | Construct::Redirect | Construct::Comment) {
            assert!(f.offset > 0 && data[f.offset - 1].is_ascii_whitespace(), "{f:?}");
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        assert!(in_place.is_err(), "invalid UTF-8 must be refused");
        return;
    };
    let found = skills_core::shell::construct(text);
    assert_eq!(found, in_bytes);
    if let Some(f) = found {
        assert!(text[f.offset..].starts_with(f.text), "{f:?}");
    }
    let copied = split(text).map(|v| v.into_iter().map(|c| c.into_owned()).collect::<Vec<_>>());
    // The scanner alone (the iterator never takes the bit-mask path).
    let scanned = tokens(text).map(|t| t.map(|t| t.value().into_owned())).collect::<Result<Vec<_>, _>>();
    assert_eq!(copied, scanned);
    match (&copied, &in_place) {
        (Ok(all), Ok(got)) => assert_eq!(all, got),
        (Ok(all), Err(e)) => {
            assert!(all.len() > cap, "{e:?}");
            let t = tokens(text).nth(cap).unwrap().unwrap();
            assert_eq!(e.offset, t.offset());
        }
        (Err(a), Err(b)) if all_fit(text, cap) => assert_eq!(a, b),
        (Err(_), _) => {}
    }
});

/// Whether every token before the error fits the array.
fn all_fit(text: &str, cap: usize) -> bool {
    tokens(text).take_while(Result::is_ok).count() <= cap
}
