//! Text shown on a terminal or written to a log, with the characters that
//! could take either over escaped: C0 and C1 control characters (ESC, BEL,
//! carriage return, ...), DEL, and the invisible bidirectional controls
//! that reorder what is shown (`U+202E`). A file name, a skill's text or a
//! value a model wrote then cannot move the cursor, ring, retitle the
//! window, forge a line or hide text, as `cargo` and `git` keep them from
//! doing.
//!
//! ```
//! use skills_core::terminal::{Lines, escape};
//!
//! assert_eq!(escape("a\u{1b}[2Jb", Lines::Keep), "a\\u{1b}[2Jb");
//! assert_eq!(escape("two\nlines", Lines::Keep), "two\nlines");
//! assert_eq!(escape("evil\n[error] forged", Lines::Escape), "evil\\n[error] forged");
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt::Write;

/// Whether line breaks and tabs stay as they are (a message of several
/// lines) or are escaped too (a file name, one field of a line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// `\n` and `\t` are kept.
    Keep,
    /// `\n` and `\t` are written `\n` and `\t`.
    Escape,
}

/// Whether `c` may reach a terminal as it is.
fn unsafe_char(c: char, lines: Lines) -> bool {
    match c {
        '\n' | '\t' => lines == Lines::Escape,
        // Arabic letter mark, left-to-right and right-to-left marks,
        // embeddings and overrides, isolates.
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => true,
        c => c.is_control(),
    }
}

/// `s` with what could take a terminal over written as Rust escapes
/// (`\u{1b}`, `\n` under [`Lines::Escape`]); borrowed when there is none.
/// Escaping twice changes nothing more.
pub fn escape(s: &str, lines: Lines) -> Cow<'_, str> {
    if !s.chars().any(|c| unsafe_char(c, lines)) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' if lines == Lines::Escape => out.push_str("\\n"),
            '\t' if lines == Lines::Escape => out.push_str("\\t"),
            c if unsafe_char(c, lines) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// JSON text with the characters [`escape`] escapes, and JSON writers
/// leave raw (DEL, C1 controls, bidirectional controls), written as JSON
/// escapes (`\u007f`): the same JSON, safe on a terminal. Raw, they can
/// only be inside strings, where the escape means the same character.
pub fn escape_json(json: &str) -> Cow<'_, str> {
    if !json.chars().any(|c| unsafe_char(c, Lines::Keep) && c >= '\u{7f}') {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 8);
    for c in json.chars() {
        if unsafe_char(c, Lines::Keep) && c >= '\u{7f}' {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_could_take_a_terminal_over_is_escaped() {
        assert_eq!(escape("plain text, \u{e9}t\u{e9}", Lines::Keep), "plain text, \u{e9}t\u{e9}");
        assert!(matches!(escape("plain", Lines::Escape), Cow::Borrowed(_)));
        assert_eq!(escape("bell\u{7} del\u{7f} csi\u{9b}", Lines::Keep), "bell\\u{7} del\\u{7f} csi\\u{9b}");
        assert_eq!(escape("file\u{202e}dm.exe", Lines::Keep), "file\\u{202e}dm.exe");
        assert_eq!(escape("cr\rover", Lines::Keep), "cr\\u{d}over");
        assert_eq!(escape("a\tb\nc", Lines::Escape), "a\\tb\\nc");
        let once = escape("x\u{1b}]0;title\u{7}\n", Lines::Escape).into_owned();
        assert_eq!(escape(&once, Lines::Escape), once, "idempotent");
    }

    #[test]
    fn json_stays_json() {
        assert_eq!(escape_json(r#"{"a": "x"}"#), r#"{"a": "x"}"#);
        assert_eq!(escape_json("{\"a\": \"del\u{7f} rlo\u{202e}\"}"), r#"{"a": "del\u007f rlo\u202e"}"#);
    }
}
