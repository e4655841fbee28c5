//! The bit-mask path for the lines models write (see the module docs of
//! [`tokenize`](super)): 64 bytes classified at a time, quoted regions found
//! by a prefix XOR, tokens taken as runs of the masks.

use super::{Out, TokenizeError, TokenizeErrorKind, column_of};
#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, vec::Vec};
/// Masks of one 64-byte chunk: bit `k` describes byte `k`.
#[derive(Clone, Copy, Default)]
struct Classes {
    /// A space.
    space: u64,
    /// A double quote.
    quote: u64,
    /// Something only the general scanner handles: a single quote, a
    /// backslash, a control byte (tab, carriage return and newline
    /// included) or a byte outside ASCII.
    other: u64,
}

impl Classes {
    /// Adds the masks of 16 bytes at byte `at` of the chunk, less their
    /// first `skip` bytes.
    #[inline(always)]
    fn add(&mut self, at: usize, skip: usize, piece: Classes) {
        self.space |= piece.space >> skip << at;
        self.quote |= piece.quote >> skip << at;
        self.other |= piece.other >> skip << at;
    }
}

/// The masks of 16 bytes (in the low 16 bits of each). SSE2 is part of
/// every x86-64 processor: no run-time detection needed.
#[inline(always)]
fn classify_piece(piece: &[u8; 16]) -> Classes {
    use safe_arch::*;
    let splat = |b: u8| set_splat_i8_m128i(b as i8);
    let v = load_unaligned_m128i(piece);
    let eq = |b: u8| cmp_eq_mask_i8_m128i(v, splat(b));
    // Below a space as signed bytes: the control bytes, and every byte
    // from 0x80 (negative).
    let below_space = cmp_lt_mask_i8_m128i(v, splat(b' '));
    let other = bitor_m128i(bitor_m128i(eq(b'\''), eq(b'\\')), below_space);
    let bits = |m: m128i| u64::from(move_mask_i8_m128i(m) as u16);
    Classes { space: bits(eq(b' ')), quote: bits(eq(b'"')), other: bits(other) }
}

#[inline(always)]
fn classify(chunk: &[u8; 64]) -> Classes {
    let mut c = Classes::default();
    for (k, piece) in chunk.as_chunks::<16>().0.iter().enumerate() {
        c.add(16 * k, 0, classify_piece(piece));
    }
    c
}

/// The masks of a line shorter than 64 bytes, read where it lies: its
/// whole 16-byte pieces, then (from 16 bytes on) its last 16 bytes less
/// those already read. Copying the line into a zeroed chunk instead costs
/// a store-forwarding stall, the copy's small stores read back by wide
/// loads: a fifth of the time of a 38-byte line. Lines under 16 bytes
/// are still copied.
#[inline(always)]
fn classify_short(line: &[u8]) -> Option<Classes> {
    let mut c = Classes::default();
    let (pieces, rest) = line.as_chunks::<16>();
    if pieces.is_empty() {
        let mut pad = [0u8; 16];
        pad.get_mut(..line.len())?.copy_from_slice(line);
        return Some(classify_piece(&pad));
    }
    for (k, piece) in pieces.iter().enumerate() {
        c.add(16 * k, 0, classify_piece(piece));
    }
    if !rest.is_empty() {
        let last = line.get(line.len() - 16..)?.try_into().ok()?;
        c.add(16 * pieces.len(), 16 - rest.len(), classify_piece(last));
    }
    Some(c)
}

/// Bit `k` set when an odd number of bits at or below `k` are set in `x`.
#[inline(always)]
fn prefix_xor(mut x: u64) -> u64 {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    x
}

/// The longest line the mask path takes (longer ones go to the scanner).
const SIMPLE_CHUNKS: usize = 16;
// Every offset in such a line, and its length, fit the `u16` spans.
const _: () = assert!(SIMPLE_CHUNKS * 64 <= u16::MAX as usize);

/// The value ranges of the tokens of `line` when it is of the common form
/// described above, written to `spans`; `None` when the general scanner is
/// needed (or the tokens do not fit in `spans`).
///
/// A token holds quotes only as one section from its first byte to its last
/// exactly when every opening quote starts a token and every closing quote
/// is followed by a separator (or the end): checked on the masks for the
/// whole line, so each token's value is then its range, less the quotes
/// when its first byte is one.
fn simple_spans(line: &[u8], spans: &mut [(u16, u16)]) -> Option<usize> {
    if line.len() > SIMPLE_CHUNKS * 64 {
        return None;
    }
    // Token `i` starts at the `i`-th start found and ends at the `i`-th
    // end (the two alternate), so each kind of edge is written in a loop
    // of its own, with no branch on which kind a bit is.
    let (mut starts_seen, mut ends_seen) = (0, 0);
    // Parity of the quotes so far, as all-ones or zero; whether the byte
    // before the chunk was part of a token; whether it was a closing
    // quote.
    let mut inside_carry = 0u64;
    let mut word_carry = 0u64;
    let mut closing_carry = 0u64;
    for at in (0..line.len()).step_by(64) {
        let classes = match line.get(at..at + 64) {
            Some(chunk) => classify(chunk.try_into().ok()?),
            // The tail of a line of a chunk or more: its last 64 bytes,
            // shifted so that bit 0 is byte `at` (no copy).
            None if at > 0 => {
                let c = classify(line.get(line.len() - 64..)?.try_into().ok()?);
                let shift = 64 - (line.len() - at);
                Classes { space: c.space >> shift, quote: c.quote >> shift, other: c.other >> shift }
            }
            None => classify_short(line)?,
        };
        // Bytes past the end of the line count as space.
        let valid = if line.len() - at >= 64 { u64::MAX } else { (1u64 << (line.len() - at)) - 1 };
        if classes.other & valid != 0 {
            return None;
        }
        let quote = classes.quote & valid;
        let inside = prefix_xor(quote) ^ inside_carry;
        inside_carry = 0u64.wrapping_sub(inside >> 63);
        let word = !(classes.space & !inside) & valid;
        // Token starts and ends (the first byte after) in this chunk.
        let before = (word << 1) | word_carry;
        let starts = word & !before;
        let ends = !word & before;
        let opening = quote & inside;
        let closing = quote & !inside;
        // Byte `k - 1` is a closing quote.
        let after_closing = (closing << 1) | closing_carry;
        if opening & !starts != 0 || after_closing & word != 0 {
            return None;
        }
        word_carry = word >> 63;
        closing_carry = closing >> 63;
        // A token that opens with a quote starts after it and (checked
        // above) ends with the closing one, left out too. More tokens than
        // `spans` holds end the path at the first that does not fit (no
        // count first: `count_ones` is a dozen instructions on x86-64
        // without POPCNT, the baseline).
        let mut bits = starts;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            spans.get_mut(starts_seen)?.0 = (at + k) as u16 + ((quote >> k) & 1) as u16;
            starts_seen += 1;
            bits &= bits - 1;
        }
        let mut bits = ends;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            spans.get_mut(ends_seen)?.1 = (at + k) as u16 - ((after_closing >> k) & 1) as u16;
            ends_seen += 1;
            bits &= bits - 1;
        }
    }
    if inside_carry != 0 {
        // An unterminated quote: the scanner reports it.
        return None;
    }
    if word_carry != 0 {
        // A token running to the end of a line of whole chunks.
        spans.get_mut(ends_seen)?.1 = line.len() as u16 - closing_carry as u16;
    }
    Some(starts_seen)
}

/// [`super::split_in_place`] by the mask path: the answer when the line
/// is of the common form, else the buffer back for the scanner.
pub(super) fn split_in_place_simple<'a, O: Out<'a> + ?Sized>(
    buf: &'a mut [u8],
    out: &mut O,
) -> Result<Result<usize, TokenizeError>, &'a mut [u8]> {
    let mut spans = [(0u16, 0u16); 64];
    let fit = out.room().min(spans.len());
    let Some(n) = simple_spans(buf, &mut spans[..fit]) else {
        return Err(buf);
    };
    // Nothing to unescape: the tokens are ranges of the line as written
    // (ASCII, so valid UTF-8; checked rather than assumed).
    let line: &'a [u8] = buf;
    let text = match core::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => {
            let at = e.valid_up_to();
            return Ok(Err(TokenizeError {
                kind: TokenizeErrorKind::InvalidUtf8,
                offset: at,
                column: column_of(line, at),
            }));
        }
    };
    put_spans(text, &spans[..n], out);
    Ok(Ok(n))
}

/// [`super::split_str_into`] by the mask path: the token count when
/// `line` is of the common form (its tokens then borrow it), else `None`.
#[inline(always)]
pub(super) fn split_str_simple<'a, O: Out<'a> + ?Sized>(line: &'a str, out: &mut O) -> Option<usize> {
    let mut spans = [(0u16, 0u16); 64];
    let fit = out.room().min(spans.len());
    let n = simple_spans(line.as_bytes(), &mut spans[..fit])?;
    put_spans(line, &spans[..n], out);
    Some(n)
}

#[inline(always)]
fn put_spans<'a, O: Out<'a> + ?Sized>(text: &'a str, spans: &[(u16, u16)], out: &mut O) {
    for (k, &span) in spans.iter().enumerate() {
        out.put(k, token_at(text, span));
    }
}

/// [`super::split`] by the mask path, when the line is of the common form.
#[cfg(feature = "alloc")]
pub(super) fn split_simple(line: &str) -> Option<Vec<Cow<'_, str>>> {
    let mut spans = [(0u16, 0u16); 64];
    let n = simple_spans(line.as_bytes(), &mut spans)?;
    Some(spans[..n].iter().map(|&span| Cow::Borrowed(token_at(line, span))).collect())
}

/// The token at `span` of `text` (an ASCII line, so every span is on
/// character boundaries; `""` rather than a panic were one not).
#[inline(always)]
fn token_at(text: &str, (start, end): (u16, u16)) -> &str {
    text.get(usize::from(start)..usize::from(end)).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::v1::*;

    /// The mask path takes the lines models write, across chunk edges, and
    /// leaves everything else to the scanner.
    #[test]
    fn mask_path_takes_model_lines_only() {
        fn spans(line: &str) -> Option<Vec<&str>> {
            let mut out = [(0, 0); 64];
            simple_spans(line.as_bytes(), &mut out)
                .map(|n| out[..n].iter().map(|&(s, e)| &line[s.into()..e.into()]).collect())
        }
        assert_eq!(
            spans(r#"email.send --to a@b.com --subject "Q1 Report" --body """#),
            Some(vec!["email.send", "--to", "a@b.com", "--subject", "Q1 Report", "--body", ""])
        );
        // A quoted value across the first chunk edge, and a token across the second.
        let long = format!("{} \"{} {}\" {}tail", "a".repeat(60), "b".repeat(10), "c".repeat(5), "d".repeat(50));
        assert_eq!(
            spans(&long),
            Some(vec![
                "a".repeat(60).as_str(),
                format!("{} {}", "b".repeat(10), "c".repeat(5)).as_str(),
                format!("{}tail", "d".repeat(50)).as_str()
            ])
        );
        for other in [r#"it's"#, r#"a\ b"#, "é", r#"--subject="Q1""#, r#"a"b"c"#, r#""open"#, &"x ".repeat(600)] {
            assert_eq!(spans(other), None, "{other:?}");
        }
        // More tokens than room: left to the scanner, which reports it.
        let mut out = [(0, 0); 2];
        assert_eq!(simple_spans(b"a b c", &mut out), None);
        assert_eq!(simple_spans(b"a b", &mut out), Some(2));
    }

    #[test]
    fn vector_classes_match_the_bytewise_ones() {
        fn classify_bytewise(chunk: &[u8; 64]) -> Classes {
            let mut c = Classes::default();
            for (k, &b) in chunk.iter().enumerate() {
                c.space |= u64::from(b == b' ') << k;
                c.quote |= u64::from(b == b'"') << k;
                c.other |= u64::from(b == b'\'' || b == b'\\' || b < b' ' || !b.is_ascii()) << k;
            }
            c
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..5_000 {
            let chunk: [u8; 64] = core::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                b" \t\r\n\"'\\a\x00\x7f\x80\xff"[(x % 12) as usize]
            });
            let (v, b) = (classify(&chunk), classify_bytewise(&chunk));
            assert_eq!((v.space, v.quote, v.other), (b.space, b.quote, b.other));
            // A line shorter than a chunk, of every length, read in place:
            // the masks of its bytes, and no space or quote past its end
            // (where `other` is not read).
            for n in 0..64 {
                let mut padded = [0u8; 64];
                padded[..n].copy_from_slice(&chunk[..n]);
                let (mut v, mut b) = (classify_short(&chunk[..n]).unwrap(), classify_bytewise(&padded));
                v.other &= (1 << n) - 1;
                b.other &= (1 << n) - 1;
                assert_eq!((v.space, v.quote, v.other), (b.space, b.quote, b.other), "{n} bytes");
            }
        }
    }
}
