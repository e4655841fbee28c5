//! A template skill's body with the command's values written into its
//! `{flag}` placeholders, quoted so a command line reads them back.

use crate::catalog::SkillView;
use core::fmt::{self, Write};
use skills_core::args::Args;

/// Writes a template skill's body with `{flag}` (or `{{flag}}`) placeholders filled from
/// the command (values of list flags joined by spaces); placeholders of
/// absent flags, and any other `{...}`, are left for the model.
///
/// On a line that is a command (it starts with a skill name, after a list
/// marker, a backtick or a `$ ` prompt), a value is written so that the
/// command tokenizes back to it: escaped inside double quotes, `'\''` inside
/// single quotes, and quoted when it needs it outside quotes (`--to {who}`
/// with `Bob Smith` gives `--to "Bob Smith"`). Prose gets the value as is.
pub fn write_template(skill: &SkillView<'_>, args: &Args<'_>, out: &mut dyn Write) -> fmt::Result {
    let body = skill.body;
    let mut done = 0;
    for (range, name) in skills_core::template::placeholders(body) {
        let open = range.start;
        let flag = (0..skill.flags.len())
            .find(|&i| skill.flags.spec(i).is_some_and(|s| skills_core::args::same_flag_name(s.name, name)));
        match flag.map(|i| args.slot(i)) {
            Some(slot) if slot.is_present() && !slot.values.is_empty() => {
                let line_start = body[..open].rfind('\n').map_or(0, |i| i + 1);
                let line = &body[line_start..open];
                let quote = if is_command_line(line) { quote_state(line) } else { Quote::Prose };
                // `--subject {subject}` with `-x`: `--subject=-x`, the one
                // way a value led by `-` reads back as the flag's (the
                // space after the flag becomes `=`).
                let dashed = quote != Quote::Prose && slot.values.first().is_some_and(|v| v.starts_with('-'));
                if dashed && let Some(space) = flag_space(line) {
                    let at = line_start + space;
                    out.write_str(&body[done..at])?;
                    out.write_char('=')?;
                    out.write_str(&body[at + 1..open])?;
                } else {
                    out.write_str(&body[done..open])?;
                }
                for (k, v) in slot.values.iter().enumerate() {
                    if k > 0 {
                        out.write_char(' ')?;
                    }
                    write_value(out, v, quote)?;
                }
            }
            _ => {
                out.write_str(&body[done..open])?;
                out.write_str(&body[range.clone()])?;
            }
        }
        done = range.end;
    }
    out.write_str(&body[done..])
}

/// The flag and kind of the first value that the body cannot hold: a line
/// that starts (after at most three spaces) with three backticks or
/// tildes, which would close the ```cmd block the template's commands are
/// copied into (`true`); or a list value after the first that starts with
/// `-`, which reads as a flag (`false`). `None` when every value fits.
pub fn unwritable<'a>(skill: &SkillView<'a>, args: &Args<'_>) -> Option<(&'a str, bool)> {
    let fence = |v: &str| {
        v.split(['\n', '\r']).any(|l| {
            let t = l.trim_start_matches(' ');
            l.len() - t.len() <= 3 && (t.starts_with("```") || t.starts_with("~~~"))
        })
    };
    (0..skill.flags.len()).find_map(|i| {
        let slot = args.slot(i);
        let name = skill.flags.spec(i)?.name;
        if slot.values.iter().any(fence) {
            return Some((name, true));
        }
        slot.values.iter().skip(1).any(|v| v.starts_with('-')).then_some((name, false))
    })
}

/// Where the blank is in `line` (the text before a placeholder) between a
/// flag (`--message`) and the placeholder, or its opening quote: the byte
/// offset of that blank.
fn flag_space(line: &str) -> Option<usize> {
    let head = line.strip_suffix(['"', '\'']).unwrap_or(line);
    let head = head.strip_suffix(' ')?;
    let flag = head.rsplit(' ').next()?.strip_prefix("--")?;
    flag.starts_with(|c: char| c.is_ascii_alphabetic()).then_some(head.len())
}

/// Where a placeholder sits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Quote {
    /// Not on a command line.
    Prose,
    /// On a command line, outside quotes.
    None,
    Single,
    Double,
}

/// Whether a line of a template starts with a skill name (`tasks.search`),
/// after indentation, a list marker, a backtick or a `$ ` prompt.
pub(super) fn is_command_line(line: &str) -> bool {
    let mut t = line.trim_start();
    if let Some(r) = t.strip_prefix("- ").or_else(|| t.strip_prefix("* ")).or_else(|| t.strip_prefix("+ ")) {
        t = r.trim_start();
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if (1..10).contains(&digits)
        && let Some(r) = t[digits..].strip_prefix(". ").or_else(|| t[digits..].strip_prefix(") "))
    {
        t = r.trim_start();
    }
    let t = t.strip_prefix('`').unwrap_or(t);
    let t = t.strip_prefix("$ ").unwrap_or(t);
    let first = t.split([' ', '\t']).next().unwrap_or("");
    skills_core::names::parse_skill_name(first).is_ok()
}

/// The quoting in force at the end of `prefix`, by the tokenizer's rules.
pub(super) fn quote_state(prefix: &str) -> Quote {
    let b = prefix.as_bytes();
    let mut q = Quote::None;
    let mut i = 0;
    while i < b.len() {
        match (q, b[i]) {
            (Quote::None | Quote::Double, b'\\') => i += 1,
            (Quote::None, b'\'') => q = Quote::Single,
            (Quote::None, b'"') => q = Quote::Double,
            (Quote::Single, b'\'') | (Quote::Double, b'"') => q = Quote::None,
            _ => {}
        }
        i += 1;
    }
    q
}

/// Writes one value so that it reads back as itself where it stands.
pub(super) fn write_value(out: &mut dyn Write, v: &str, quote: Quote) -> fmt::Result {
    match quote {
        Quote::Prose => out.write_str(v),
        // `$(` inside double quotes is command substitution, which the
        // router refuses: it goes in single quotes between two double-quoted
        // parts (`"a"'$('"b"`), which the tokenizer joins into one word.
        Quote::Double => {
            let mut rest = v;
            while let Some(k) = substitution_at(rest) {
                crate::error::write_double_quoted_inner(out, &rest[..k])?;
                out.write_str("\"'$('\"")?;
                rest = &rest[k + 2..];
            }
            crate::error::write_double_quoted_inner(out, rest)
        }
        Quote::Single => crate::error::write_single_quoted_inner(out, v),
        Quote::None if substitution_at(v).is_some() => {
            out.write_char('\'')?;
            crate::error::write_single_quoted_inner(out, v)?;
            out.write_char('\'')
        }
        // `<` quoted too: bare, `a<<b` would read as a here-document.
        Quote::None
            if v.is_empty()
                || v.bytes().any(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' | b'\\' | b'<')) =>
        {
            out.write_char('"')?;
            crate::error::write_double_quoted_inner(out, v)?;
            out.write_char('"')
        }
        Quote::None => out.write_str(v),
    }
}

/// Where `$(` starts in `v`. (Bytes compared in pairs: a `str` pattern
/// would bring the substring searcher into firmware images, about 1 KB.)
pub(super) fn substitution_at(v: &str) -> Option<usize> {
    v.as_bytes().windows(2).position(|w| w == b"$(")
}
