//! Commands rewritten so a shell-quoting mistake goes away: typographic
//! quotes, ANSI-C strings, backslashes, operators and here-documents.

use core::fmt::{self, Write};
use skills_core::tokenize::write_double_quoted_inner;

/// The text between the quotes of the `$'...'` at `offset` in `command`,
/// as written; `None` when it is not closed or not UTF-8.
pub(super) fn ansi_c_body(command: &[u8], offset: usize) -> Option<&str> {
    let body = command.get(offset + 2..)?;
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'\\' => i += 2,
            b'\'' => return core::str::from_utf8(&body[..i]).ok(),
            _ => i += 1,
        }
    }
    None
}

/// `body` of a `$'...'` with bash's escapes turned into the characters
/// they stand for, written for double quotes (`"` and `\` escaped). An
/// escape bash does not define, or a code that is no character, is kept
/// as written.
pub(super) fn write_ansi_c_decoded(out: &mut dyn Write, body: &str) -> fmt::Result {
    let mut chars = body.chars().peekable();
    let put = |out: &mut dyn Write, c: char| match c {
        '"' | '\\' => write!(out, "\\{c}"),
        c => out.write_char(c),
    };
    while let Some(c) = chars.next() {
        if c != '\\' {
            put(out, c)?;
            continue;
        }
        let Some(e) = chars.next() else { return out.write_str("\\\\") };
        let (radix, most) = match e {
            'n' => (0, '\n' as u32),
            't' => (0, '\t' as u32),
            'r' => (0, '\r' as u32),
            '\\' | '\'' | '"' | '?' => (0, e as u32),
            'x' => (16, 2),
            'u' => (16, 4),
            'U' => (16, 8),
            '0'..='7' => (8, 2),
            _ => {
                out.write_char('\\')?;
                put(out, e)?;
                continue;
            }
        };
        if radix == 0 {
            put(out, char::from_u32(most).unwrap_or(e))?;
            continue;
        }
        // Up to `most` more digits (an octal escape's first is `e`).
        let mut code = if radix == 8 { e.to_digit(8).unwrap_or(0) } else { 0 };
        let mut digits = u32::from(radix == 8);
        while digits < most + u32::from(radix == 8)
            && let Some(d) = chars.peek().and_then(|d| d.to_digit(radix))
        {
            code = code.saturating_mul(radix).saturating_add(d);
            digits += 1;
            chars.next();
        }
        match char::from_u32(code) {
            Some(c) if digits > 0 => put(out, c)?,
            _ => {
                out.write_char('\\')?;
                put(out, e)?;
            }
        }
    }
    Ok(())
}

/// The word of `command` holding the backslash at `offset`, when it has no
/// quotes (whose reading a rewrite would change): where it starts, and the
/// text between the blanks around it.
pub(super) fn backslash_word(command: &[u8], offset: usize) -> Option<(usize, &str)> {
    let blank = |c: &u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    let start = command[..offset].iter().rposition(blank).map_or(0, |i| i + 1);
    let end = command[offset..].iter().position(blank).map_or(command.len(), |i| offset + i);
    let word = &command[start..end];
    if word.iter().any(|&c| c == b'\'' || c == b'"') {
        return None;
    }
    Some((start, core::str::from_utf8(word).ok()?))
}

/// The rest of `command`'s line from `offset`, trimmed (`| head -1`).
pub(super) fn operator_to_line_end(command: &[u8], offset: usize) -> &[u8] {
    let rest = &command[offset.min(command.len())..];
    rest[..rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len())].trim_ascii_end()
}

/// The hint for an operator or comment ([`skills_core::shell::Construct::Chain`]
/// and the rest) at `found`: the command or commands to write instead.
#[cold]
pub(super) fn write_operator_fix(
    out: &mut dyn Write,
    command: &str,
    found: &skills_core::shell::Found<'_>,
    flag: Option<&str>,
) -> fmt::Result {
    use skills_core::shell::{Construct, construct};
    let before = command[..found.offset].trim_ascii_end();
    let after = operator_to_line_end(command.as_bytes(), found.offset);
    match found.construct {
        // Each command joined to the next on a line of its own.
        Construct::Chain => {
            out.write_str("write each command on a line of its own; they run in order, and each result comes back to you:\n```cmd\n")?;
            out.write_str(before)?;
            let mut rest = &command[found.offset + found.text.len()..];
            while let Some(next) = construct(rest).filter(|f| f.construct == Construct::Chain) {
                write!(out, "\n{}", rest[..next.offset].trim_ascii())?;
                rest = &rest[next.offset + next.text.len()..];
            }
            write!(out, "\n{}\n```", rest.trim_ascii())
        }
        // `--body < draft.txt`: the file's text was meant as the value.
        Construct::Redirect if found.text == "<" => write!(
            out,
            "give the text itself as the value, in double quotes, which may span lines: {} \"...\"",
            flag.unwrap_or("--flag")
        ),
        Construct::Comment => write!(
            out,
            "put the comment on a line of its own before the command, or leave it out:\n```cmd\n{}\n{before}\n```",
            core::str::from_utf8(after).unwrap_or("#")
        ),
        _ => write!(out, "write the command alone; its whole result comes back to you: {before}"),
    }
}

/// The command a here-document was meant to be: its text as the flag's
/// value, quoted so that it reads back exactly (in double quotes, or in
/// single quotes when it holds `$(`, which double quotes would not keep as
/// text), then the rest of the operator's line.
#[cold]
pub(super) fn write_here_document_fix(out: &mut dyn Write, doc: &skills_core::shell::HereDocument<'_>) -> fmt::Result {
    let single = doc.text.as_bytes().windows(2).any(|w| w == b"$(");
    out.write_str(if single {
        "give the text as the flag's value, in single quotes (it holds `$(`), which may span lines:\n"
    } else {
        "give the text as the flag's value, in double quotes, which may span lines:\n"
    })?;
    out.write_str(doc.before)?;
    out.write_str(if single { " '" } else { " \"" })?;
    for (k, line) in doc.text.split('\n').enumerate() {
        if k > 0 {
            out.write_char('\n')?;
        }
        let tabs = if doc.strip_tabs { line.bytes().take_while(|&b| b == b'\t').count() } else { 0 };
        let line = &line[tabs..];
        if single { write_single_quoted_inner(out, line)? } else { write_double_quoted_inner(out, line)? }
    }
    out.write_str(if single { "'" } else { "\"" })?;
    if !doc.after.is_empty() {
        out.write_str(" ")?;
        out.write_str(doc.after)?;
    }
    Ok(())
}

/// Writes `v` as the inside of a single-quoted word, each `'` as `'\''`
/// (close, escaped quote, reopen).
pub(crate) fn write_single_quoted_inner(out: &mut dyn Write, v: &str) -> fmt::Result {
    for (k, part) in v.split('\'').enumerate() {
        if k > 0 {
            out.write_str("'\\''")?;
        }
        out.write_str(part)?;
    }
    Ok(())
}
