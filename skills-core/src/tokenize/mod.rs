//! Shell-style splitting of one command line.
//!
//! The rules are POSIX shell quoting as implemented by Python's `shlex.split(s)`
//! (POSIX mode, no comments, no punctuation characters), which this module
//! reproduces exactly, with the one rule of POSIX that `shlex` leaves out:
//! a line continuation (a backslash before a newline, outside single quotes)
//! is removed, as a shell removes it before splitting.
//! `tests/tokenize_differential.rs` checks that against `python3` on
//! generated inputs (continuations removed first, by the same rule):
//!
//! - space, tab, carriage return and newline separate tokens;
//! - a backslash before a newline (or CR LF) outside single quotes is
//!   removed with it: `a\<newline>b` is `ab`, and a command broken over
//!   lines with ` \` at their ends is the same words as on one line;
//! - inside single quotes every character is literal;
//! - inside double quotes a backslash escapes only `"` and `\` (before any
//!   other character the backslash is kept);
//! - outside quotes a backslash makes the next character literal;
//! - quoted and unquoted parts next to each other form one token (`a"b c"d`
//!   is `ab cd`), and `''` is an empty token;
//! - an unterminated quote and a trailing backslash are errors.
//!
//! Three entry points share one state machine:
//! [`tokens`] borrows every token that needs no unescaping, `split` collects
//! them (with `alloc`), and [`split_in_place`] unescapes inside a caller's buffer
//! for builds without a heap, storing the tokens in a caller's array, or with
//! [`split_in_place_into`] in a [`TokenBuf`], which needs no initialising;
//! [`split_str_into`] borrows the tokens of a `&str` and uses a caller's
//! buffer only for a line with something to unescape.
//!
//! `split`, [`split_in_place`], [`split_in_place_into`] and [`split_str_into`] first try a
//! bit-mask path for the lines models actually write (ASCII, no single quote
//! or backslash, tokens separated by spaces, each token plain or one
//! double-quoted section): 64 bytes at a time they classify the bytes into
//! masks, find the quoted regions by a prefix XOR and take the tokens as runs
//! of the masks (on x86-64, where SSE2 makes the masks cheap). Any other line
//! goes to the state machine; the differential test covers both.

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String, vec::Vec};
use core::fmt;

mod error;

pub(crate) use error::column_of;
pub use error::{TokenizeError, TokenizeErrorKind};

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The byte source and (optional) unescaped output of the scanner.
///
/// Output never runs ahead of input (a token's unescaped form is never longer
/// than its source), which is what makes writing in place sound.
trait Buffer {
    fn bytes(&self) -> &[u8];
    /// Appends source bytes `from..to` to the output.
    fn copy(&mut self, from: usize, to: usize);
    /// Appends one byte to the output.
    fn push(&mut self, b: u8);
}

/// Reads only; the token's value is recovered from its span when it is simple.
struct Scan<'a>(&'a [u8]);

impl Buffer for Scan<'_> {
    #[inline]
    fn bytes(&self) -> &[u8] {
        self.0
    }
    #[inline]
    fn copy(&mut self, _: usize, _: usize) {}
    #[inline]
    fn push(&mut self, _: u8) {}
}

/// Writes the unescaped token over its own source bytes.
struct InPlace<'a> {
    buf: &'a mut [u8],
    written: usize,
}

impl Buffer for InPlace<'_> {
    #[inline]
    fn bytes(&self) -> &[u8] {
        self.buf
    }
    #[inline]
    fn copy(&mut self, from: usize, to: usize) {
        self.buf.copy_within(from..to, self.written);
        self.written += to - from;
    }
    #[inline]
    fn push(&mut self, b: u8) {
        self.buf[self.written] = b;
        self.written += 1;
    }
}

/// Copies the unescaped token into a new vector.
#[cfg(feature = "alloc")]
struct Copy<'a> {
    src: &'a [u8],
    out: Vec<u8>,
}

#[cfg(feature = "alloc")]
impl Buffer for Copy<'_> {
    #[inline]
    fn bytes(&self) -> &[u8] {
        self.src
    }
    #[inline]
    fn copy(&mut self, from: usize, to: usize) {
        self.out.extend_from_slice(&self.src[from..to]);
    }
    #[inline]
    fn push(&mut self, b: u8) {
        self.out.push(b);
    }
}

/// Where one token lies in the line.
#[derive(Clone, Copy, Debug)]
struct Span {
    /// First byte of the token's source.
    start: usize,
    /// One past its last byte.
    end: usize,
    /// When the token is a single unquoted run or a single quoted section
    /// without escapes, the byte range of its value inside the source.
    simple: Option<(usize, usize)>,
}

/// The end of the run of plain word characters at `pos`: the first byte
/// that is [`SPECIAL`], or the end.
///
/// Eight bytes at a time: one word flags its bytes below `0x21` (which
/// include the whitespace) and its quotes and backslashes, with the usual
/// zero-byte test (only flags above the first true one can be false), and a
/// flagged control character that is not special is stepped over.
#[inline(always)]
fn plain_run_end(bytes: &[u8], mut pos: usize) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |x: u64| x.wrapping_sub(LO) & !x & HI;
    while let Some(chunk) = bytes.get(pos..).and_then(|rest| rest.first_chunk::<8>()) {
        let w = u64::from_le_bytes(*chunk);
        let flags = (w.wrapping_sub(LO * 0x21) & !w & HI)
            | zero_byte(w ^ (LO * u64::from(b'"')))
            | zero_byte(w ^ (LO * u64::from(b'\'')))
            | zero_byte(w ^ (LO * u64::from(b'\\')));
        if flags == 0 {
            pos += 8;
            continue;
        }
        let at = pos + (flags.trailing_zeros() / 8) as usize;
        if SPECIAL[bytes[at] as usize] {
            return at;
        }
        pos = at + 1;
    }
    while pos < bytes.len() && !SPECIAL[bytes[pos] as usize] {
        pos += 1;
    }
    pos
}

/// The first `a` or `b` at or after `pos`. Quoted values are mostly short,
/// so the first 32 bytes are searched eight at a time in a register (a
/// `memchr` call costs more than that), and only the rest with `memchr2`.
#[inline]
fn find2(bytes: &[u8], mut pos: usize, a: u8, b: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // The lowest flag marks the first zero byte exactly; only flags above
    // it can be false, so the lowest of the two is a true match.
    let zero_byte = |x: u64| x.wrapping_sub(LO) & !x & HI;
    for _ in 0..4 {
        let Some(chunk) = bytes.get(pos..).and_then(|rest| rest.first_chunk::<8>()) else {
            return bytes[pos..].iter().position(|&c| c == a || c == b).map(|i| pos + i);
        };
        let w = u64::from_le_bytes(*chunk);
        let flags = zero_byte(w ^ (LO * u64::from(a))) | zero_byte(w ^ (LO * u64::from(b)));
        if flags != 0 {
            return Some(pos + (flags.trailing_zeros() / 8) as usize);
        }
        pos += 8;
    }
    memchr::memchr2(a, b, &bytes[pos..]).map(|i| pos + i)
}

/// Bytes that end a run of plain word characters: whitespace, quotes and
/// the backslash.
static SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b' ' as usize] = true;
    t[b'\t' as usize] = true;
    t[b'\r' as usize] = true;
    t[b'\n' as usize] = true;
    t[b'\'' as usize] = true;
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// The length of the line continuation at `pos` (a backslash before a
/// newline, or before CR LF as a reply written with them has it), or 0.
/// Outside single quotes a POSIX shell removes it before anything else,
/// so `a\<newline>b` is `ab` and `--to a \<newline>--cc b` is four words.
#[inline]
fn continuation(bytes: &[u8], pos: usize) -> usize {
    match bytes.get(pos..).unwrap_or_default() {
        [b'\\', b'\n', ..] => 2,
        [b'\\', b'\r', b'\n', ..] => 3,
        _ => 0,
    }
}

/// Scans the token starting at or after `pos`, writing its unescaped bytes.
///
/// This is `shlex.shlex.read_token` in POSIX mode with `whitespace_split`,
/// by runs rather than by bytes: plain characters are taken up to the next
/// special byte at once, and a quoted section is jumped over ([`find2`]).
fn next_token<B: Buffer>(b: &mut B, mut pos: usize) -> Result<Option<Span>, (TokenizeErrorKind, usize)> {
    let len = b.bytes().len();
    // Whitespace and line continuations (which a shell removes before
    // splitting) come before the token.
    loop {
        while pos < len && is_space(b.bytes()[pos]) {
            pos += 1;
        }
        match continuation(b.bytes(), pos) {
            0 => break,
            n => pos += n,
        }
    }
    if pos == len {
        return Ok(None);
    }
    let start = pos;
    // Pieces seen: unquoted runs and quoted sections; `escaped` once any
    // backslash took effect. A token with one piece and no escape is simple.
    let mut pieces = 0u32;
    let mut escaped = false;
    let mut first: (usize, usize) = (start, start);
    loop {
        let run_start = pos;
        pos = plain_run_end(b.bytes(), pos);
        if pos > run_start {
            pieces += 1;
            if pieces == 1 {
                first = (run_start, pos);
            }
            b.copy(run_start, pos);
        }
        if pos == len {
            break;
        }
        match b.bytes()[pos] {
            b'\'' => {
                let open = pos;
                let body = pos + 1;
                let Some(close) = find2(b.bytes(), body, b'\'', b'\'') else {
                    return Err((TokenizeErrorKind::UnterminatedQuote { quote: '\'' }, open));
                };
                pieces += 1;
                if pieces == 1 {
                    first = (body, close);
                }
                b.copy(body, close);
                pos = close + 1;
            }
            b'"' => {
                let open = pos;
                let body = pos + 1;
                pos = body;
                pieces += 1;
                loop {
                    let Some(at) = find2(b.bytes(), pos, b'"', b'\\') else {
                        return Err((TokenizeErrorKind::UnterminatedQuote { quote: '"' }, open));
                    };
                    b.copy(pos, at);
                    if b.bytes()[at] == b'"' {
                        if pieces == 1 {
                            first = (body, at);
                        }
                        pos = at + 1;
                        break;
                    }
                    // A backslash: in POSIX shells only the quote itself or
                    // the backslash may be escaped within double quotes;
                    // otherwise both are kept.
                    if at + 1 == len {
                        // Python reports the dangling backslash.
                        return Err((TokenizeErrorKind::TrailingBackslash, at));
                    }
                    escaped = true;
                    let cont = continuation(b.bytes(), at);
                    if cont > 0 {
                        pos = at + cont;
                        continue;
                    }
                    let next = b.bytes()[at + 1];
                    if next != b'"' && next != b'\\' {
                        b.push(b'\\');
                    }
                    b.push(next);
                    pos = at + 2;
                }
            }
            b'\\' => {
                if pos + 1 == len {
                    return Err((TokenizeErrorKind::TrailingBackslash, pos));
                }
                escaped = true;
                let cont = continuation(b.bytes(), pos);
                if cont > 0 {
                    pos += cont;
                    continue;
                }
                let next = b.bytes()[pos + 1];
                b.push(next);
                pos += 2;
            }
            // Whitespace ends the token.
            _ => break,
        }
    }
    let simple = (pieces <= 1 && !escaped).then_some(first);
    Ok(Some(Span { start, end: pos, simple }))
}

// ---- the common case, by bit masks ----------------------------------------
//
// What models write is almost always ASCII with no backslash and no single
// quote, tokens separated by spaces, each token either plain or one
// double-quoted section. For such a line the tokens are the runs of bytes
// outside unquoted spaces, and the quotes' positions give the "inside
// quotes" mask by a prefix XOR. So 64 bytes at a time: classify the bytes
// into masks, find the token runs, and take each token's value as a range of
// the line, with no per-byte branch. Anything else (escapes, single quotes,
// tabs or other control bytes, a quote inside a token, an unterminated
// quote, non-ASCII, more tokens than fit) returns `None` and the general
// scanner above handles the line, errors included; the differential test
// against `shlex` covers both.
//
// Only where the byte classes are vector compares (SSE2, in every x86-64
// processor): built bytewise they would cost more than the scanner saves,
// and on the Cortex-M firmware, flash for nothing.

#[cfg(all(target_arch = "x86_64", target_feature = "sse2", feature = "alloc"))]
use masks::split_simple;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use masks::{split_in_place_simple, split_str_simple};

/// Elsewhere every line goes to the scanner (and no span array is set up).
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
fn split_in_place_simple<'a, O: Out<'a> + ?Sized>(
    buf: &'a mut [u8],
    _out: &mut O,
) -> Result<Result<usize, TokenizeError>, &'a mut [u8]> {
    Err(buf)
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
fn split_str_simple<'a, O: Out<'a> + ?Sized>(_line: &'a str, _out: &mut O) -> Option<usize> {
    None
}

#[cfg(all(not(all(target_arch = "x86_64", target_feature = "sse2")), feature = "alloc"))]
#[inline(always)]
fn split_simple(_line: &str) -> Option<Vec<Cow<'_, str>>> {
    None
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod masks;

/// One token of a command line, borrowed from it.
#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    line: &'a str,
    span: Span,
}

impl<'a> Token<'a> {
    /// Byte offset of the token's first source character.
    pub fn offset(&self) -> usize {
        self.span.start
    }

    /// The token as written, quotes and backslashes included.
    pub fn source(&self) -> &'a str {
        &self.line[self.span.start..self.span.end]
    }

    /// The token's value when it needs no unescaping (no backslash, at most
    /// one quoted section and nothing around it).
    pub fn as_borrowed(&self) -> Option<&'a str> {
        self.span.simple.map(|(s, e)| &self.line[s..e])
    }

    /// The token's value: borrowed when possible, unescaped into a new
    /// `String` otherwise.
    #[cfg(feature = "alloc")]
    pub fn value(&self) -> Cow<'a, str> {
        if let Some(s) = self.as_borrowed() {
            return Cow::Borrowed(s);
        }
        let src = &self.line.as_bytes()[self.span.start..self.span.end];
        let mut copy = Copy { src, out: Vec::with_capacity(src.len()) };
        // The span was scanned successfully, so scanning it again succeeds.
        if next_token(&mut copy, 0).is_err() {
            return Cow::Borrowed(self.source());
        }
        // Only ASCII quote and backslash bytes were removed from valid UTF-8.
        match String::from_utf8(copy.out) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        }
    }
}

/// Iterator over the tokens of a command line; see [`tokens`].
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    line: &'a str,
    pos: usize,
    done: bool,
}

/// Writes `word` as one word of a command, quoted so that splitting gives
/// `word` back: bare when it is plain, in double quotes as skill pages
/// write values, in single quotes when it holds what double quotes would
/// not keep as text (`"`, `\\`, `$(`), with a `'` inside as `'\''`.
///
/// ```
/// use skills_core::tokenize::{split, write_word};
/// for word in ["q1", "Q1 Report", "50$ off", r#"say "hi""#, "it's", "$(date)"] {
///     let mut line = String::new();
///     write_word(&mut line, word).unwrap();
///     assert_eq!(split(&line).unwrap(), [word]);
/// }
/// ```
pub fn write_word(out: &mut dyn core::fmt::Write, word: &str) -> core::fmt::Result {
    let plain = !word.is_empty()
        && !word.starts_with('-')
        && word.bytes().all(|b| b.is_ascii_alphanumeric() || b"@%+=:,./_-".contains(&b));
    if plain {
        out.write_str(word)
    } else if !word.contains(['"', '\\']) && !word.contains("$(") {
        write!(out, "\"{word}\"")
    } else {
        out.write_char('\'')?;
        for (k, part) in word.split('\'').enumerate() {
            if k > 0 {
                out.write_str("'\\''")?;
            }
            out.write_str(part)?;
        }
        out.write_char('\'')
    }
}

/// Writes `v` as the inside of a double-quoted command-line value: `"` and
/// `\` escaped with a backslash, as the tokenizer reads them back.
pub fn write_double_quoted_inner(out: &mut dyn core::fmt::Write, mut v: &str) -> core::fmt::Result {
    while let Some(k) = v.bytes().position(|c| c == b'"' || c == b'\\') {
        out.write_str(&v[..k])?;
        out.write_char('\\')?;
        out.write_str(&v[k..=k])?;
        v = &v[k + 1..];
    }
    out.write_str(v)
}

/// Splits `line` lazily. Tokens that need no unescaping are borrowed.
///
/// ```
/// use skills_core::tokenize::tokens;
/// let toks: Vec<_> = tokens(r#"email.send --subject "Q1 Report""#)
///     .map(|t| t.unwrap().as_borrowed().unwrap())
///     .collect();
/// assert_eq!(toks, ["email.send", "--subject", "Q1 Report"]);
/// ```
pub fn tokens(line: &str) -> Tokens<'_> {
    Tokens { line, pos: 0, done: false }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Result<Token<'a>, TokenizeError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let bytes = self.line.as_bytes();
        match next_token(&mut Scan(bytes), self.pos) {
            Ok(Some(span)) => {
                self.pos = span.end;
                Some(Ok(Token { line: self.line, span }))
            }
            Ok(None) => {
                self.done = true;
                None
            }
            Err((kind, at)) => {
                self.done = true;
                Some(Err(TokenizeError::at(kind, bytes, at)))
            }
        }
    }
}

/// Splits `line` into its tokens, exactly as Python's `shlex.split(line)`.
///
/// ```
/// use skills_core::tokenize::split;
/// assert_eq!(split(r#"a 'b c' "d\"e" f\ g"#).unwrap(), ["a", "b c", "d\"e", "f g"]);
/// assert!(split("say 'hi").is_err());
/// ```
#[cfg(feature = "alloc")]
pub fn split(line: &str) -> Result<Vec<Cow<'_, str>>, TokenizeError> {
    if let Some(tokens) = split_simple(line) {
        return Ok(tokens);
    }
    tokens(line).map(|t| t.map(|t| t.value())).collect()
}

/// Splits the command in `buf` without a heap: unescapes each token over its
/// own bytes and stores the tokens in `out`. Returns how many were stored.
///
/// ```
/// use skills_core::tokenize::split_in_place;
/// let mut buf = *br#"tasks.search --query "a \"b\"" --overdue"#;
/// let mut out = [""; 8];
/// let n = split_in_place(&mut buf, &mut out).unwrap();
/// assert_eq!(&out[..n], ["tasks.search", "--query", "a \"b\"", "--overdue"]);
/// ```
pub fn split_in_place<'a>(buf: &'a mut [u8], out: &mut [&'a str]) -> Result<usize, TokenizeError> {
    split_into(buf, out)
}

/// Room for up to `N` tokens of one command, borrowed from its line, for
/// [`split_in_place_into`]: on the stack like a `[&str; N]`, but with nothing
/// to set up (an array of `""` costs a store per slot for every command).
///
/// ```
/// use skills_core::tokenize::{split_in_place_into, TokenBuf};
/// let mut buf = *b"email.send --to a@b.com";
/// let mut tokens = TokenBuf::<16>::new();
/// split_in_place_into(&mut buf, &mut tokens).unwrap();
/// assert_eq!(tokens.as_slice(), ["email.send", "--to", "a@b.com"]);
/// ```
pub struct TokenBuf<'a, const N: usize> {
    items: arrayvec::ArrayVec<&'a str, N>,
}

impl<'a, const N: usize> TokenBuf<'a, N> {
    /// No tokens, room for `N`.
    pub const fn new() -> Self {
        TokenBuf { items: arrayvec::ArrayVec::new_const() }
    }

    /// The tokens, in order.
    pub fn as_slice(&self) -> &[&'a str] {
        &self.items
    }
}

impl<const N: usize> Default for TokenBuf<'_, N> {
    fn default() -> Self {
        TokenBuf::new()
    }
}

impl<'a, const N: usize> core::ops::Deref for TokenBuf<'a, N> {
    type Target = [&'a str];
    fn deref(&self) -> &[&'a str] {
        &self.items
    }
}

impl<const N: usize> fmt::Debug for TokenBuf<'_, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.items.iter()).finish()
    }
}

/// [`split_in_place`] into a [`TokenBuf`] (which it empties first): the same
/// tokens and errors, with no output array to initialise.
pub fn split_in_place_into<'a, const N: usize>(
    buf: &'a mut [u8],
    out: &mut TokenBuf<'a, N>,
) -> Result<usize, TokenizeError> {
    out.items.clear();
    split_into(buf, &mut out.items)
}

/// Splits the command `line` into `out` (which it empties first) without a
/// heap and, for the lines models usually write, without copying: tokens that
/// need no unescaping borrow `line`. A line with a token to unescape (a
/// backslash, a single quote, quotes inside a word) is copied into `scratch`
/// and split there as [`split_in_place`] does; `scratch` must then hold the
/// whole line, or the result is [`TokenizeErrorKind::LineTooLong`].
///
/// The same tokens and errors as [`split_in_place_into`] on a copy of `line`.
///
/// ```
/// use skills_core::tokenize::{split_str_into, TokenBuf};
/// let mut scratch = [0u8; 256];
/// let mut tokens = TokenBuf::<16>::new();
/// let line = r#"email.send --to a@b.com --subject "Q1 report""#;
/// split_str_into(line, &mut scratch, &mut tokens).unwrap();
/// assert_eq!(tokens.as_slice(), ["email.send", "--to", "a@b.com", "--subject", "Q1 report"]);
/// // Borrowed from `line`, not copied:
/// assert!(line.as_bytes().as_ptr_range().contains(&tokens[1].as_ptr()));
///
/// let mut scratch = [0u8; 256];
/// let mut tokens = TokenBuf::<16>::new();
/// split_str_into(r"notes.add --text it\'s", &mut scratch, &mut tokens).unwrap();
/// assert_eq!(tokens.as_slice(), ["notes.add", "--text", "it's"]);
///
/// let mut small = [0u8; 8];
/// let mut tokens = TokenBuf::<16>::new();
/// let e = split_str_into(r"notes.add --text it\'s", &mut small, &mut tokens).unwrap_err();
/// assert!(e.to_string().contains("at most 8 bytes"));
/// ```
pub fn split_str_into<'a, const N: usize>(
    line: &'a str,
    scratch: &'a mut [u8],
    out: &mut TokenBuf<'a, N>,
) -> Result<usize, TokenizeError> {
    out.items.clear();
    if let Some(n) = split_str_simple(line, &mut out.items) {
        return Ok(n);
    }
    let max = scratch.len();
    let Some(buf) = scratch.get_mut(..line.len()) else {
        return Err(too_long(line, max));
    };
    buf.copy_from_slice(line.as_bytes());
    split_into(buf, &mut out.items)
}

/// [`TokenizeErrorKind::LineTooLong`] for `line` and a buffer of `max` bytes,
/// at the first character that does not fit.
#[cold]
fn too_long(line: &str, max: usize) -> TokenizeError {
    let mut at = max.min(line.len());
    while !line.is_char_boundary(at) {
        at -= 1;
    }
    TokenizeError::at(TokenizeErrorKind::LineTooLong { max }, line.as_bytes(), at)
}

/// Where tokens are stored, in order: token `n` is stored once `n` before it
/// are, and only while `n < room()`.
trait Out<'a> {
    fn room(&self) -> usize;
    fn put(&mut self, n: usize, token: &'a str);
}

impl<'a> Out<'a> for [&'a str] {
    #[inline(always)]
    fn room(&self) -> usize {
        self.len()
    }
    #[inline(always)]
    fn put(&mut self, n: usize, token: &'a str) {
        if let Some(slot) = self.get_mut(n) {
            *slot = token;
        }
    }
}

impl<'a, const N: usize> Out<'a> for arrayvec::ArrayVec<&'a str, N> {
    #[inline(always)]
    fn room(&self) -> usize {
        N
    }
    #[inline(always)]
    fn put(&mut self, _n: usize, token: &'a str) {
        // In order, so `_n` is the length; never past `N` (see `room`).
        let _ = self.try_push(token);
    }
}

fn split_into<'a, O: Out<'a> + ?Sized>(buf: &'a mut [u8], out: &mut O) -> Result<usize, TokenizeError> {
    let buf = match split_in_place_simple(buf, out) {
        Ok(result) => return result,
        Err(buf) => buf,
    };
    // Columns count characters; in the usual all-ASCII line they are byte
    // offsets, and nothing needs tracking.
    let ascii = buf.is_ascii();
    // The whole line must be UTF-8 before anything is unescaped: removing a
    // backslash could otherwise join the halves of a broken sequence into a
    // different, valid character (found by fuzzing).
    if !ascii && let Err(e) = core::str::from_utf8(buf) {
        let at = e.valid_up_to();
        return Err(TokenizeError { kind: TokenizeErrorKind::InvalidUtf8, offset: at, column: column_of(buf, at) });
    }
    let mut rest: &'a mut [u8] = buf;
    // Byte offset of `rest` in the caller's buffer, and how many characters
    // of the original line lie before it (earlier tokens may be rewritten,
    // so columns are accumulated as the line is consumed).
    let mut base = 0usize;
    let mut chars_before = 0usize;
    let column = |chars_before: usize, rest: &[u8], at: usize, base: usize| {
        if ascii { base + at + 1 } else { chars_before + column_of(rest, at) }
    };
    let mut n = 0usize;
    // Simple tokens (no unescaping) are collected in a batch and their
    // region of the line validated as UTF-8 once, not token by token.
    let mut batch = [(0usize, 0usize); 16];
    let mut batched = 0usize;
    let mut batch_end = 0usize;
    loop {
        // Scan read-only first: errors then see the bytes as written, and a
        // token that needs no unescaping is never touched.
        let scanned = next_token(&mut Scan(rest), batch_end);
        let span = match scanned {
            Ok(Some(span)) if span.simple.is_some() && n + batched < out.room() && batched < batch.len() => {
                batch[batched] = span.simple.unwrap_or((span.start, span.start));
                batched += 1;
                batch_end = span.end;
                continue;
            }
            other => other,
        };
        // Flush the batch: everything up to `batch_end` stays as written.
        if batched > 0 {
            let (head, tail) = core::mem::take(&mut rest).split_at_mut(batch_end);
            let head: &'a [u8] = head;
            let Ok(text) = core::str::from_utf8(head) else {
                let bad = core::str::from_utf8(head).map_err(|e| e.valid_up_to()).err().unwrap_or(0);
                return Err(TokenizeError {
                    kind: TokenizeErrorKind::InvalidUtf8,
                    offset: base + bad,
                    column: column(chars_before, head, bad, base),
                });
            };
            for &(s, e) in &batch[..batched] {
                out.put(n, &text[s..e]);
                n += 1;
            }
            if !ascii {
                chars_before += text.chars().count();
            }
            base += batch_end;
            rest = tail;
            batched = 0;
            let consumed = batch_end;
            batch_end = 0;
            // The pending scan ran over the old `rest`: shift it.
            match span {
                Ok(Some(s)) => {
                    let shift = |p: usize| p - consumed;
                    let simple = s.simple.map(|(a, b)| (shift(a), shift(b)));
                    let s = Span { start: shift(s.start), end: shift(s.end), simple };
                    if s.simple.is_some() && n < out.room() {
                        batch[0] = s.simple.unwrap_or((s.start, s.start));
                        batched = 1;
                        batch_end = s.end;
                        continue;
                    }
                    if let Some(result) =
                        take_token(&mut rest, s, out, &mut n, &mut base, &mut chars_before, ascii, &column)
                    {
                        return result;
                    }
                    continue;
                }
                Ok(None) => return Ok(n),
                Err((kind, at)) => {
                    let at = at - consumed;
                    return Err(TokenizeError {
                        kind,
                        offset: base + at,
                        column: column(chars_before, rest, at, base),
                    });
                }
            }
        }
        let span = match span {
            Ok(Some(span)) => span,
            Ok(None) => return Ok(n),
            Err((kind, at)) => {
                return Err(TokenizeError { kind, offset: base + at, column: column(chars_before, rest, at, base) });
            }
        };
        if let Some(result) = take_token(&mut rest, span, out, &mut n, &mut base, &mut chars_before, ascii, &column) {
            return result;
        }
    }
}

/// Computes an error's column: `(chars before, rest of the line, offset in it, base)`.
type ColumnOf<'c> = dyn Fn(usize, &[u8], usize, usize) -> usize + 'c;

/// Stores one token that needs unescaping (or does not fit the batch):
/// unescapes it over its own bytes and advances past it. `Some` ends the
/// split with that result.
#[allow(clippy::too_many_arguments)]
fn take_token<'a, O: Out<'a> + ?Sized>(
    rest: &mut &'a mut [u8],
    span: Span,
    out: &mut O,
    n: &mut usize,
    base: &mut usize,
    chars_before: &mut usize,
    ascii: bool,
    column: &ColumnOf<'_>,
) -> Option<Result<usize, TokenizeError>> {
    if *n == out.room() {
        return Some(Err(TokenizeError {
            kind: TokenizeErrorKind::TooManyTokens { max: out.room() },
            offset: *base + span.start,
            column: column(*chars_before, rest, span.start, *base),
        }));
    }
    let (head, tail) = core::mem::take(rest).split_at_mut(span.end);
    let value: &'a [u8] = match span.simple {
        Some((s, e)) => {
            if !ascii {
                *chars_before += column_of(head, span.end) - 1;
            }
            let head: &'a [u8] = head;
            &head[s..e]
        }
        None => {
            let mut sink = InPlace { buf: &mut head[span.start..], written: 0 };
            // The same bytes scanned without error a moment ago.
            let _ = next_token(&mut sink, 0);
            let written = sink.written;
            let region: &'a [u8] = sink.buf;
            let value = &region[..written];
            // Unescaping drops only ASCII bytes (one character each), and
            // everything before the token is ASCII whitespace.
            if !ascii {
                *chars_before += span.start + column_of(value, written) - 1 + (span.end - span.start - written);
            }
            value
        }
    };
    let Ok(value) = core::str::from_utf8(value) else {
        return Some(Err(TokenizeError {
            kind: TokenizeErrorKind::InvalidUtf8,
            offset: *base + span.start,
            column: *chars_before + 1,
        }));
    };
    out.put(*n, value);
    *n += 1;
    *base += span.end;
    *rest = tail;
    None
}

/// A command typed over several lines, as a shell reads it: a line that
/// ends in a backslash escaping nothing (outside single quotes) continues
/// on the next, the backslash and line break removed by the tokenizer.
///
/// Each line is scanned once, with the quoting state the lines before it
/// left, so a command of many lines costs time in proportion to its length
/// (asking the tokenizer about the whole command after each line would cost
/// its square).
///
/// ```
/// use skills_core::tokenize::Continued;
///
/// let mut c = Continued::default();
/// assert!(c.line("email.send --to a@b.co \\"));
/// assert!(c.line("  --subject \"Q1 \\"));
/// assert!(!c.line("report\""));
/// c.reset();
/// assert!(!c.line(r"notes.add --text 'a\'"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Continued {
    in_double_quotes: bool,
}

impl Continued {
    /// Reads the next line of the command, without its line break; `true`
    /// when the command continues on the next line (join them with `\n`).
    pub fn line(&mut self, line: &str) -> bool {
        let b = line.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match (b[i], self.in_double_quotes) {
                (b'\\', _) if i + 1 == b.len() => return true,
                (b'\\', _) => i += 2,
                (b'"', q) => {
                    self.in_double_quotes = !q;
                    i += 1;
                }
                (b'\'', false) => match memchr::memchr(b'\'', &b[i + 1..]) {
                    Some(close) => i += close + 2,
                    // A single quote left open: the command ends here,
                    // and the tokenizer reports the quote.
                    None => break,
                },
                _ => i += 1,
            }
        }
        self.reset();
        false
    }

    /// Starts a new command.
    pub fn reset(&mut self) {
        *self = Continued::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::v1::*;

    #[cfg(feature = "alloc")]
    fn split_vec(s: &str) -> Result<Vec<String>, TokenizeError> {
        split(s).map(|v| v.into_iter().map(|c| c.into_owned()).collect())
    }

    /// A command broken over lines as a shell reads it: the backslash and
    /// its newline (or CR LF) are removed outside single quotes, by every
    /// entry point, where `shlex.split` kept the newline in the value.
    #[cfg(feature = "alloc")]
    #[test]
    fn a_line_continuation_is_removed_outside_single_quotes() {
        let cases: &[(&str, &[&str])] = &[
            ("email.send --to a@b.c \\\n  --subject Q1", &["email.send", "--to", "a@b.c", "--subject", "Q1"]),
            ("email.send --to a@b.c\\\n --subject Q1", &["email.send", "--to", "a@b.c", "--subject", "Q1"]),
            ("a \\\r\n  b", &["a", "b"]),
            ("ab\\\ncd", &["abcd"]),
            ("\\\n\\\nx", &["x"]),
            ("x \\\n", &["x"]),
            ("\"one \\\ntwo\"", &["one two"]),
            ("'one \\\ntwo'", &["one \\\ntwo"]),
            // An escaped backslash before a newline: the newline separates.
            ("a\\\\\nb", &["a\\", "b"]),
        ];
        for &(line, want) in cases {
            assert_eq!(split_vec(line).unwrap(), want, "split {line:?}");
            let mut buf = line.as_bytes().to_vec();
            let mut out = [""; 8];
            let n = split_in_place(&mut buf, &mut out).unwrap();
            assert_eq!(&out[..n], want, "split_in_place {line:?}");
            let got: Vec<String> = tokens(line).map(|t| t.unwrap().value().into_owned()).collect();
            assert_eq!(got, want, "tokens {line:?}");
        }
        // Nothing after the backslash but the end is still an error.
        assert_eq!(split_vec("a \\").unwrap_err().kind, TokenizeErrorKind::TrailingBackslash);
    }

    /// Found by `cargo fuzz run tokenize`: a backslash between the two bytes
    /// of a broken UTF-8 sequence was unescaped away, joining them into a
    /// different, valid character. Invalid input is refused as a whole.
    #[test]
    fn invalid_utf8_is_refused_even_when_unescaping_would_mend_it() {
        let mut buf = *b"\xd8\\\x98";
        let mut out = [""; 4];
        let e = split_in_place(&mut buf, &mut out).unwrap_err();
        assert_eq!(e.kind, TokenizeErrorKind::InvalidUtf8);
        assert_eq!((e.offset, e.column), (0, 1));
        let mut buf = *b"ok \"\xc3\\\xa9\"";
        let e = split_in_place(&mut buf, &mut out).unwrap_err();
        assert_eq!((e.kind, e.offset, e.column), (TokenizeErrorKind::InvalidUtf8, 4, 5));
    }

    #[test]
    fn find2_finds_the_first_of_two_bytes() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..90 {
            for _ in 0..200 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // Mostly filler, including bytes next to the
                        // searched ones and 0x00/0x80 around borrows.
                        b"aaaaaaaaaaaa\"\\!#[]\x00\x80\xff"[(x % 19) as usize]
                    })
                    .collect();
                for pos in [0, 1, 7, 9].into_iter().filter(|&p| p <= len) {
                    let want = bytes[pos..].iter().position(|&c| c == b'"' || c == b'\\').map(|i| pos + i);
                    assert_eq!(find2(&bytes, pos, b'"', b'\\'), want, "{bytes:?} from {pos}");
                }
            }
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn posix_rules() {
        assert_eq!(split_vec("a b  c").unwrap(), ["a", "b", "c"]);
        assert_eq!(split_vec("  ").unwrap(), Vec::<String>::new());
        assert_eq!(split_vec("''").unwrap(), [""]);
        assert_eq!(split_vec("a''b").unwrap(), ["ab"]);
        assert_eq!(split_vec(r#""a\b""#).unwrap(), [r"a\b"]);
        assert_eq!(split_vec(r#""a\\b""#).unwrap(), [r"a\b"]);
        assert_eq!(split_vec(r#""a\"b""#).unwrap(), [r#"a"b"#]);
        assert_eq!(split_vec(r"'a\b'").unwrap(), [r"a\b"]);
        assert_eq!(split_vec(r"a\ b").unwrap(), ["a b"]);
        // A line continuation is removed (POSIX; `shlex` keeps the newline).
        assert_eq!(split_vec("a\\\nb").unwrap(), ["ab"]);
        assert_eq!(split_vec("é \"ü ö\"").unwrap(), ["é", "ü ö"]);
        assert_eq!(split_vec("a\x0bb").unwrap(), ["a\x0bb"]);
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn errors_carry_column() {
        let e = split_vec("say 'hi").unwrap_err();
        assert_eq!(e.kind, TokenizeErrorKind::UnterminatedQuote { quote: '\'' });
        assert_eq!(e.column, 5);
        let e = split_vec("é \"x").unwrap_err();
        assert_eq!(e.column, 3);
        let e = split_vec("ab\\").unwrap_err();
        assert_eq!(e.kind, TokenizeErrorKind::TrailingBackslash);
        assert_eq!(e.column, 3);
        let e = split_vec("\"ab\\").unwrap_err();
        assert_eq!(e.kind, TokenizeErrorKind::TrailingBackslash);
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn borrowed_when_simple() {
        let line = r#"x "a b" 'c' d\e f"g""#;
        let toks: Vec<_> = tokens(line).map(|t| t.unwrap()).collect();
        assert_eq!(toks[0].as_borrowed(), Some("x"));
        assert_eq!(toks[1].as_borrowed(), Some("a b"));
        assert_eq!(toks[2].as_borrowed(), Some("c"));
        assert_eq!(toks[3].as_borrowed(), None);
        assert_eq!(toks[4].as_borrowed(), None);
        assert_eq!(toks[4].value(), "fg");
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn in_place_matches_split() {
        for line in [
            r#"email.send --to a@b.com c@d.com --subject "Q1 Report" --body 'It\'s'"#,
            r#"  a  "b\"c"  d\ e  '' "#,
            "é 'ü' \"ö\\\\\"",
        ] {
            let expected = split(line).map(|v| v.into_iter().map(|c| c.into_owned()).collect::<Vec<_>>());
            let mut buf = line.as_bytes().to_vec();
            let mut out = [""; 16];
            let got =
                split_in_place(&mut buf, &mut out).map(|n| out[..n].iter().map(|s| s.to_string()).collect::<Vec<_>>());
            assert_eq!(got.map_err(|e| e.kind), expected.map_err(|e| e.kind), "{line}");
        }
    }

    #[test]
    fn token_buf_is_emptied_and_bounded() {
        // Reused for a second line: only that line's tokens (through the
        // mask path and through the scanner).
        let (mut first, mut second, mut third) = (*b"a b c", *b"p", *br"q\ r s");
        let mut tokens = TokenBuf::<3>::new();
        assert_eq!(split_in_place_into(&mut first, &mut tokens), Ok(3));
        assert_eq!(split_in_place_into(&mut second, &mut tokens), Ok(1));
        assert_eq!(tokens.as_slice(), ["p"]);
        assert_eq!(split_in_place_into(&mut third, &mut tokens), Ok(2));
        assert_eq!(tokens.as_slice(), ["q r", "s"]);
        // One token too many, by either path: the error names the room.
        for line in [&b"a b c d"[..], &br"a b c d\ e"[..]] {
            let mut line = line.to_vec();
            let mut tokens = TokenBuf::<3>::new();
            let e = split_in_place_into(&mut line, &mut tokens).unwrap_err();
            assert_eq!((e.kind, e.offset), (TokenizeErrorKind::TooManyTokens { max: 3 }, 6));
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn in_place_error_columns_match() {
        for line in ["a \"b c", "x y\\", "é ü 'ö", "\"a b\" 'c"] {
            let expected = split(line).unwrap_err();
            let mut buf = line.as_bytes().to_vec();
            let mut out = [""; 16];
            let got = split_in_place(&mut buf, &mut out).unwrap_err();
            assert_eq!(got, expected, "{line}");
        }
    }

    #[test]
    fn in_place_capacity() {
        let mut buf = *b"a b c";
        let mut out = [""; 2];
        let e = split_in_place(&mut buf, &mut out).unwrap_err();
        assert_eq!(e.kind, TokenizeErrorKind::TooManyTokens { max: 2 });
        assert_eq!(e.column, 5);
    }

    /// `Continued` agrees with the tokenizer on every command of a few
    /// lines made of the characters quoting turns on.
    #[test]
    fn continued_lines_agree_with_the_tokenizer() {
        let alphabet = [b'a', b' ', b'\'', b'"', b'\\', b'\n'];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..50_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 12) as usize;
            let text: std::string::String =
                (0..len).map(|k| alphabet[((seed >> (4 + 3 * k)) % 6) as usize] as char).collect();
            // Fed line by line, as the repl reads it, against the tokenizer
            // asked about the whole command so far.
            let mut c = Continued::default();
            let mut command = std::string::String::new();
            for line in text.split('\n') {
                command.push_str(line);
                let whole = tokens(&command).any(|t| {
                    matches!(t, Err(e) if e.kind == TokenizeErrorKind::TrailingBackslash && e.offset + 1 == command.len())
                });
                assert_eq!(c.line(line), whole, "{command:?}");
                if !whole {
                    break;
                }
                command.push('\n');
            }
        }
    }
}
