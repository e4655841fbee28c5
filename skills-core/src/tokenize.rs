//! Shell-style splitting of one command line.
//!
//! The rules are POSIX shell quoting as implemented by Python's `shlex.split(s)`
//! (POSIX mode, no comments, no punctuation characters), which this module
//! reproduces exactly; `tests/tokenize_differential.rs` checks that against
//! `python3` on generated inputs:
//!
//! - space, tab, carriage return and newline separate tokens;
//! - inside single quotes every character is literal;
//! - inside double quotes a backslash escapes only `"` and `\` (before any
//!   other character the backslash is kept);
//! - outside quotes a backslash makes the next character literal;
//! - quoted and unquoted parts next to each other form one token (`a"b c"d`
//!   is `ab cd`), and `''` is an empty token;
//! - an unterminated quote and a trailing backslash are errors.
//!
//! Three entry points share one state machine:
//! [`tokens`] borrows every token that needs no unescaping, [`split`] collects
//! them (with `alloc`), and [`split_in_place`] unescapes inside a caller's buffer
//! for builds without a heap.

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String, vec::Vec};
use core::fmt;

/// Why a command line could not be split into tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenizeErrorKind {
    /// A `'` or `"` opened at the reported position is never closed.
    UnterminatedQuote {
        /// The quote character.
        quote: char,
    },
    /// The line ends with a backslash that has nothing to escape.
    TrailingBackslash,
    /// More tokens than the caller's token array holds ([`split_in_place`]).
    TooManyTokens {
        /// Capacity of the caller's array.
        max: usize,
    },
    /// The buffer given to [`split_in_place`] is not UTF-8.
    InvalidUtf8,
}

/// A tokenizer error with the place it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TokenizeError {
    /// What went wrong.
    pub kind: TokenizeErrorKind,
    /// Byte offset in the line of the character at fault.
    pub offset: usize,
    /// 1-based column (in characters) of the character at fault.
    pub column: usize,
}

impl fmt::Display for TokenizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            TokenizeErrorKind::UnterminatedQuote { quote } => {
                write!(f, "unterminated quote: the {quote} opened at column {} is never closed", self.column)
            }
            TokenizeErrorKind::TrailingBackslash => {
                write!(f, "trailing backslash at column {}: there is no character after it to escape", self.column)
            }
            TokenizeErrorKind::TooManyTokens { max } => {
                write!(f, "too many tokens: at most {max} fit (column {})", self.column)
            }
            TokenizeErrorKind::InvalidUtf8 => {
                write!(f, "the command is not valid UTF-8 (column {})", self.column)
            }
        }
    }
}

impl TokenizeError {
    /// A one-line suggestion for the author of the command.
    pub fn hint(&self) -> &'static str {
        match self.kind {
            TokenizeErrorKind::UnterminatedQuote { .. } => {
                "close the quote, or escape a literal quote inside double quotes as \\\""
            }
            TokenizeErrorKind::TrailingBackslash => "remove the final backslash or write \\\\ for a literal one",
            TokenizeErrorKind::TooManyTokens { .. } => "split the command or send fewer values",
            TokenizeErrorKind::InvalidUtf8 => "send the command as UTF-8 text",
        }
    }

    fn at(kind: TokenizeErrorKind, line: &[u8], offset: usize) -> Self {
        TokenizeError { kind, offset, column: column_of(line, offset) }
    }
}

/// 1-based character column of byte `offset` in `line` (counting UTF-8 lead bytes).
pub(crate) fn column_of(line: &[u8], offset: usize) -> usize {
    let end = offset.min(line.len());
    line[..end].iter().filter(|&&b| (b & 0xC0) != 0x80).count() + 1
}

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The byte source and (optional) unescaped output of the state machine.
///
/// Output never runs ahead of input (a token's unescaped form is never longer
/// than its source), which is what makes writing in place sound.
trait Buffer {
    fn len(&self) -> usize;
    fn get(&self, i: usize) -> u8;
    fn push(&mut self, b: u8);
}

/// Reads only; the token's value is recovered from its span when it is simple.
struct Scan<'a>(&'a [u8]);

impl Buffer for Scan<'_> {
    #[inline]
    fn len(&self) -> usize {
        self.0.len()
    }
    #[inline]
    fn get(&self, i: usize) -> u8 {
        self.0[i]
    }
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
    fn len(&self) -> usize {
        self.buf.len()
    }
    #[inline]
    fn get(&self, i: usize) -> u8 {
        self.buf[i]
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
    fn len(&self) -> usize {
        self.src.len()
    }
    #[inline]
    fn get(&self, i: usize) -> u8 {
        self.src[i]
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Word,
    Single,
    Double,
    EscapeWord,
    EscapeDouble,
}

/// Scans the token starting at or after `pos`, pushing its unescaped bytes.
///
/// This is `shlex.shlex.read_token` in POSIX mode with `whitespace_split`.
fn next_token<B: Buffer>(b: &mut B, mut pos: usize) -> Result<Option<Span>, (TokenizeErrorKind, usize)> {
    let len = b.len();
    while pos < len && is_space(b.get(pos)) {
        pos += 1;
    }
    if pos == len {
        return Ok(None);
    }
    let start = pos;
    let mut state = State::Word;
    // Where the quote or backslash that is still open was written.
    let mut opened_at = start;
    // Pieces seen: unquoted runs and quoted sections; `escaped` once any
    // backslash took effect. A token with one piece and no escape is simple.
    let mut pieces = 0u32;
    let mut in_run = false;
    let mut escaped = false;
    let mut first: (usize, usize) = (start, start);
    while pos < len {
        let c = b.get(pos);
        match state {
            State::Word => {
                if is_space(c) {
                    break;
                }
                match c {
                    b'\'' | b'"' => {
                        state = if c == b'\'' { State::Single } else { State::Double };
                        opened_at = pos;
                        in_run = false;
                        pieces += 1;
                        if pieces == 1 {
                            first = (pos + 1, pos + 1);
                        }
                    }
                    b'\\' => {
                        state = State::EscapeWord;
                        opened_at = pos;
                        escaped = true;
                        in_run = false;
                    }
                    _ => {
                        if !in_run {
                            in_run = true;
                            pieces += 1;
                            if pieces == 1 {
                                first = (pos, pos);
                            }
                        }
                        if pieces == 1 {
                            first.1 = pos + 1;
                        }
                        b.push(c);
                    }
                }
            }
            State::Single => {
                if c == b'\'' {
                    state = State::Word;
                } else {
                    if pieces == 1 {
                        first.1 = pos + 1;
                    }
                    b.push(c);
                }
            }
            State::Double => match c {
                b'"' => state = State::Word,
                b'\\' => {
                    state = State::EscapeDouble;
                    opened_at = pos;
                    escaped = true;
                }
                _ => {
                    if pieces == 1 && !escaped {
                        first.1 = pos + 1;
                    }
                    b.push(c);
                }
            },
            State::EscapeWord => {
                b.push(c);
                state = State::Word;
            }
            State::EscapeDouble => {
                // In POSIX shells only the quote itself or the backslash may
                // be escaped within double quotes; otherwise both are kept.
                if c != b'"' && c != b'\\' {
                    b.push(b'\\');
                }
                b.push(c);
                state = State::Double;
            }
        }
        pos += 1;
    }
    match state {
        State::Word => {}
        State::Single => {
            return Err((TokenizeErrorKind::UnterminatedQuote { quote: '\'' }, opened_at));
        }
        State::Double => {
            return Err((TokenizeErrorKind::UnterminatedQuote { quote: '"' }, opened_at));
        }
        State::EscapeDouble => {
            // Python reports the dangling backslash before the open quote.
            return Err((TokenizeErrorKind::TrailingBackslash, opened_at));
        }
        State::EscapeWord => return Err((TokenizeErrorKind::TrailingBackslash, opened_at)),
    }
    let simple = (pieces <= 1 && !escaped).then_some(first);
    Ok(Some(Span { start, end: pos, simple }))
}

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
    let mut rest: &'a mut [u8] = buf;
    // Byte offset of `rest` in the caller's buffer, and how many characters
    // of the original line lie before it (earlier tokens may be rewritten,
    // so columns are accumulated as the line is consumed).
    let mut base = 0usize;
    let mut chars_before = 0usize;
    let mut n = 0usize;
    loop {
        // Scan read-only first: errors then see the bytes as written, and a
        // token that needs no unescaping is never touched.
        let span = match next_token(&mut Scan(rest), 0) {
            Ok(Some(span)) => span,
            Ok(None) => return Ok(n),
            Err((kind, at)) => {
                let column = chars_before + column_of(rest, at);
                return Err(TokenizeError { kind, offset: base + at, column });
            }
        };
        if n == out.len() {
            let column = chars_before + column_of(rest, span.start);
            return Err(TokenizeError {
                kind: TokenizeErrorKind::TooManyTokens { max: out.len() },
                offset: base + span.start,
                column,
            });
        }
        let (head, tail) = core::mem::take(&mut rest).split_at_mut(span.end);
        let value: &'a [u8] = match span.simple {
            Some((s, e)) => {
                chars_before += column_of(head, span.end) - 1;
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
                chars_before += span.start + column_of(value, written) - 1 + (span.end - span.start - written);
                value
            }
        };
        let Ok(value) = core::str::from_utf8(value) else {
            return Err(TokenizeError {
                kind: TokenizeErrorKind::InvalidUtf8,
                offset: base + span.start,
                column: chars_before + 1,
            });
        };
        out[n] = value;
        n += 1;
        base += span.end;
        rest = tail;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split_vec(s: &str) -> Result<Vec<String>, TokenizeError> {
        split(s).map(|v| v.into_iter().map(|c| c.into_owned()).collect())
    }

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
        assert_eq!(split_vec("a\\\nb").unwrap(), ["a\nb"]);
        assert_eq!(split_vec("é \"ü ö\"").unwrap(), ["é", "ü ö"]);
        assert_eq!(split_vec("a\x0bb").unwrap(), ["a\x0bb"]);
    }

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
}
