//! Why a command line could not be split, and where.

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
    /// More tokens than the caller's token array holds ([`split_in_place`](super::split_in_place)).
    TooManyTokens {
        /// Capacity of the caller's array.
        max: usize,
    },
    /// The buffer given to [`split_in_place`](super::split_in_place) is not UTF-8.
    InvalidUtf8,
    /// The line needs unescaping and is longer than the scratch buffer given
    /// to [`split_str_into`](super::split_str_into).
    LineTooLong {
        /// Length of that buffer, in bytes.
        max: usize,
    },
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
            TokenizeErrorKind::LineTooLong { max } => {
                write!(f, "the command is too long: at most {max} bytes fit (column {})", self.column)
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
            TokenizeErrorKind::LineTooLong { .. } => "split the command or send shorter values",
        }
    }

    pub(super) fn at(kind: TokenizeErrorKind, line: &[u8], offset: usize) -> Self {
        TokenizeError { kind, offset, column: column_of(line, offset) }
    }
}

/// 1-based character column of byte `offset` in `line` (counting UTF-8 lead bytes).
pub(crate) fn column_of(line: &[u8], offset: usize) -> usize {
    let end = offset.min(line.len());
    line[..end].iter().filter(|&&b| (b & 0xC0) != 0x80).count() + 1
}
