//! The build-time report of skills whose markdown declares `handler:` but
//! that no `#[skill]` function runs, as `include_skills!` raises it.
//!
//! The generated code knows, for each such skill, whether a handler was
//! found (without an error of its own) and the message to show when not;
//! `include_skills!` knows the application's context type. These `const fn`s
//! join the two at compile time into one message, which the macro raises
//! with `panic!` in a constant: one error, at the user's `include_skills!`,
//! for every skill left without a handler.

/// Where a message asks for the context parameter (`ctx: &mut App, `).
pub const CONTEXT_HOLE: u8 = 0;

/// The bytes a message's context parameter adds besides the type's name.
pub const CONTEXT_WORDS: usize = "ctx: &mut , ".len();

/// The messages whose flag is `true`, joined into the first `len` bytes of
/// a buffer of `N`, each `CONTEXT_HOLE` (a NUL byte) replaced with the context
/// parameter (nothing when the context is `()`).
///
/// `N` must hold every message with its context parameter: the messages'
/// length plus, for each, [`CONTEXT_WORDS`] and the context's length.
pub const fn report<const N: usize>(messages: &[(bool, &str)], context: &str) -> ([u8; N], usize) {
    let unit = context.len() == 2 && context.as_bytes()[0] == b'(' && context.as_bytes()[1] == b')';
    let mut out = [0u8; N];
    let mut len = 0;
    let mut i = 0;
    while i < messages.len() {
        if messages[i].0 {
            let text = messages[i].1.as_bytes();
            let mut j = 0;
            while j < text.len() {
                if text[j] != CONTEXT_HOLE {
                    out[len] = text[j];
                    len += 1;
                } else if !unit {
                    len = put(&mut out, len, b"ctx: &mut ");
                    len = put(&mut out, len, context.as_bytes());
                    len = put(&mut out, len, b", ");
                }
                j += 1;
            }
        }
        i += 1;
    }
    (out, len)
}

const fn put<const N: usize>(out: &mut [u8; N], mut len: usize, bytes: &[u8]) -> usize {
    let mut i = 0;
    while i < bytes.len() {
        out[len] = bytes[i];
        len += 1;
        i += 1;
    }
    len
}

/// The first `len` bytes of a report as text, without its last newline.
pub const fn text(report: &[u8], mut len: usize) -> &str {
    if len > 0 && report[len - 1] == b'\n' {
        len -= 1;
    }
    match core::str::from_utf8(report.split_at(len).0) {
        Ok(s) => s,
        Err(_) => "skills without a handler (the report is not UTF-8)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_the_missing_and_fills_the_context() {
        let messages = [(true, "a(\0x)\n"), (false, "b\n"), (true, "c(\0)\n")];
        let (out, len) = report::<64>(&messages, "App");
        assert_eq!(text(&out, len), "a(ctx: &mut App, x)\nc(ctx: &mut App, )");
        let (out, len) = report::<64>(&messages, "()");
        assert_eq!(text(&out, len), "a(x)\nc()");
        let (_, len) = report::<8>(&[(false, "long message")], "()");
        assert_eq!(len, 0);
    }
}
