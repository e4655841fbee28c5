//! Differential test: `tokenize::split` against Python's `shlex.split`.
//!
//! `shlex` keeps a line continuation (a backslash before a newline) where a
//! POSIX shell removes it; the Python side removes continuations outside
//! single quotes first (a backslash before CR LF too, as the tokenizer
//! does), so what is compared is the POSIX reading.
//!
//! Generates inputs rich in the characters that matter (quotes, backslashes,
//! whitespace of every kind shlex knows, multi-byte UTF-8) and compares the
//! tokens, or that both reject the input for the same reason, with one
//! `python3` process reading the whole batch.
//!
//! `TOKENIZE_DIFF_CASES` (default 100000) and `TOKENIZE_DIFF_SEED` override
//! the size and the seed.

use skills_core::tokenize::{self, TokenizeErrorKind};
use std::io::Write;
use std::process::{Command, Stdio};

const PY: &str = r#"
import json, shlex, sys

def joined(s):
    # POSIX: outside single quotes, a backslash-newline is removed before
    # the line is split; any other backslash escapes the next character.
    out, i, quote = [], 0, None
    while i < len(s):
        c = s[i]
        if quote != "'" and c == "\\":
            if s.startswith("\n", i + 1):
                i += 2
                continue
            if s.startswith("\r\n", i + 1):
                i += 3
                continue
            out.append(s[i:i + 2])
            i += 2
            continue
        if c in "'\"" and quote in (None, c):
            quote = None if quote else c
        out.append(c)
        i += 1
    return "".join(out)

out = []
for line in sys.stdin:
    s = json.loads(line)
    try:
        out.append({"ok": shlex.split(joined(s))})
    except ValueError as e:
        out.append({"err": str(e)})
json.dump(out, sys.stdout)
"#;

mod support;
use support::Rng;

/// `split_in_place_into` a `TokenBuf` with room for `N`, as owned tokens.
fn into_token_buf<const N: usize>(input: &str) -> Result<Vec<String>, tokenize::TokenizeError> {
    let mut line = input.as_bytes().to_vec();
    let mut buf = tokenize::TokenBuf::<N>::new();
    let n = tokenize::split_in_place_into(&mut line, &mut buf)?;
    assert_eq!(n, buf.len(), "the count returned is the buffer's length");
    Ok(buf.iter().map(|s| s.to_string()).collect())
}

/// `split_str_into` a `TokenBuf` with room for `N` and a scratch buffer of
/// `scratch` bytes, as owned tokens.
fn str_into<const N: usize>(input: &str, scratch: usize) -> Result<Vec<String>, tokenize::TokenizeError> {
    let mut bytes = vec![0xAA; scratch];
    let mut buf = tokenize::TokenBuf::<N>::new();
    let n = tokenize::split_str_into(input, &mut bytes, &mut buf)?;
    assert_eq!(n, buf.len(), "the count returned is the buffer's length");
    Ok(buf.iter().map(|s| s.to_string()).collect())
}

const PIECES: &[&str] = &[
    "a",
    "b",
    "z",
    "0",
    "-",
    "--to",
    "=",
    "x=y",
    " ",
    "  ",
    "\t",
    "\n",
    "\r",
    "'",
    "'",
    "\"",
    "\"",
    "\\",
    "\\",
    "\\\\",
    "\\\"",
    "\\'",
    "é",
    "日本",
    "\u{a0}",
    "\u{b}",
    "\u{c}",
    "#",
    "|",
    ";",
    "&",
    "$",
    "*",
    "?",
    "(",
    ")",
    "{",
    "}",
    "`",
    "~",
    "''",
    "\"\"",
    "email.send",
    "\"Q1 Report\"",
    "'it'\\''s'",
];

/// Up to `max_pieces - 1` pieces drawn from `pieces`, joined.
fn generate(rng: &mut Rng, pieces: &[&str], max_pieces: usize) -> String {
    let len = rng.below(max_pieces);
    let mut s = String::new();
    for _ in 0..len {
        s.push_str(pieces[rng.below(pieces.len())]);
    }
    s
}

/// Lines as models write them (ASCII, spaces between tokens, double-quoted
/// values; no single quote, backslash, tab or newline), long enough to cross
/// the 64-byte chunks of the tokenizer's mask path, with quotes and tokens
/// spanning chunk edges. Only badly placed quotes send these to the scanner;
/// the other pieces that do are `PIECES`' job.
const MODEL_PIECES: &[&str] = &[
    "a",
    "bc",
    "email.send",
    "--to",
    "--subject",
    "x=y",
    "2026-03-01",
    " ",
    " ",
    "  ",
    "\"",
    "\"\"",
    "\"Q1 Report\"",
    "\"Here is the report.\"",
    "#",
    "`",
    "-",
];

fn ours(s: &str) -> serde_json::Value {
    match tokenize::split(s) {
        Ok(tokens) => serde_json::json!({ "ok": tokens }),
        Err(e) => serde_json::json!({ "err": match e.kind {
            TokenizeErrorKind::UnterminatedQuote { .. } => "No closing quotation",
            TokenizeErrorKind::TrailingBackslash => "No escaped character",
            other => panic!("unexpected error kind {other:?} for {s:?}"),
        }}),
    }
}

fn expected_with_capacity(input: &str, cap: usize) -> Result<Vec<String>, tokenize::TokenizeError> {
    let mut values = Vec::new();
    for (i, t) in tokenize::tokens(input).enumerate() {
        let t = t?;
        if i == cap {
            let offset = t.offset();
            return Err(tokenize::TokenizeError {
                kind: TokenizeErrorKind::TooManyTokens { max: cap },
                offset,
                column: input[..offset].chars().count() + 1,
            });
        }
        values.push(t.value().into_owned());
    }
    Ok(values)
}

#[test]
fn matches_python_shlex_split() {
    let cases: usize = std::env::var("TOKENIZE_DIFF_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let seed: u64 = std::env::var("TOKENIZE_DIFF_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED_CAFE);
    let mut rng = Rng(seed.wrapping_mul(2).wrapping_add(1));
    // One case in three is a model-like line (see `MODEL_PIECES`).
    let inputs: Vec<String> = (0..cases)
        .map(|i| if i % 3 == 2 { generate(&mut rng, MODEL_PIECES, 90) } else { generate(&mut rng, PIECES, 14) })
        .collect();

    let mut child = Command::new("python3")
        .arg("-c")
        .arg(PY)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 is needed for the differential tokenizer test");
    let mut stdin = child.stdin.take().unwrap();
    let payload: String = inputs.iter().map(|s| serde_json::to_string(s).unwrap() + "\n").collect();
    let writer = std::thread::spawn(move || stdin.write_all(payload.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "python3 failed");
    let expected: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(expected.len(), inputs.len());

    let mut mismatches = Vec::new();
    for (input, want) in inputs.iter().zip(&expected) {
        let got = ours(input);
        let mut buf = input.as_bytes().to_vec();
        let mut out = vec![""; input.len() + 1];
        let in_place = tokenize::split_in_place(&mut buf, &mut out)
            .map(|n| out[..n].iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let copied = tokenize::split(input).map(|v| v.into_iter().map(|c| c.into_owned()).collect::<Vec<_>>());
        // The scanner alone (the iterator never takes the mask path).
        let scanned = expected_with_capacity(input, usize::MAX);
        if in_place != scanned {
            mismatches.push(format!("input {input:?}\n  split_in_place: {in_place:?}\n  scanner:        {scanned:?}"));
        }
        if in_place != copied {
            mismatches.push(format!("input {input:?}\n  split_in_place: {in_place:?}\n  split:          {copied:?}"));
        }
        // Into a `TokenBuf` with room for more tokens than any input here
        // holds: the same as into a slice.
        let into = into_token_buf::<256>(input);
        if into != in_place {
            mismatches
                .push(format!("input {input:?}\n  split_in_place_into: {into:?}\n  split_in_place: {in_place:?}"));
        }
        // From the `&str`, with room to copy the line: the same again.
        let from_str = str_into::<256>(input, input.len());
        if from_str != in_place {
            mismatches.push(format!("input {input:?}\n  split_str_into: {from_str:?}\n  split_in_place: {in_place:?}"));
        }
        // With a scratch buffer a byte short: the same tokens when the line
        // needs no copy, else `LineTooLong`.
        if let Some(short) = input.len().checked_sub(1) {
            match str_into::<256>(input, short) {
                Err(e) if matches!(e.kind, TokenizeErrorKind::LineTooLong { max } if max == short) => {}
                other if other == in_place => {}
                other => mismatches.push(format!("input {input:?} scratch {short}\n  split_str_into: {other:?}")),
            }
        }
        // With a small token array: the same tokens, or `TooManyTokens` at
        // the first token that does not fit, or the scan error before it.
        for cap in [0usize, 1, 3] {
            let mut buf = input.as_bytes().to_vec();
            let mut out = vec![""; cap];
            let got = tokenize::split_in_place(&mut buf, &mut out)
                .map(|n| out[..n].iter().map(|s| s.to_string()).collect::<Vec<_>>());
            let (into, from_str) = match cap {
                0 => (into_token_buf::<0>(input), str_into::<0>(input, input.len())),
                1 => (into_token_buf::<1>(input), str_into::<1>(input, input.len())),
                _ => (into_token_buf::<3>(input), str_into::<3>(input, input.len())),
            };
            if got != expected_with_capacity(input, cap) || into != got || from_str != got {
                mismatches.push(format!(
                    "input {input:?} capacity {cap}\n  split_in_place: {got:?}\n  split_in_place_into: {into:?}\n  split_str_into: {from_str:?}"
                ));
            }
        }
        if &got != want {
            mismatches.push(format!("input {input:?}\n  python: {want}\n  ours:   {got}"));
        }
    }
    let errors = expected.iter().filter(|v| v.get("err").is_some()).count();
    eprintln!("{} inputs compared ({} rejected by both sides)", inputs.len(), errors);
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(5)].join("\n")
    );
}
