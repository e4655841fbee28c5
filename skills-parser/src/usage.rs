//! The `## Usage` section: which flags the synopsis shows, whether they are
//! in brackets (optional), and their placeholders.
//!
//! A usage line starts with the skill's name (or an alias), optionally as a
//! list item, in backticks, after `$ ` or after a label (`Usage:`). It may
//! go on over lines ending with `\`, or lines that start with a flag.
//! After the name, the line is read as docopt's grammar: `[ ]` groups are
//! optional, `( )` groups required, `|` separates alternatives (neither is
//! required on its own), and `...` (or `…`) repeats what is before it. A
//! `--flag` word is a flag; the word after it in the same group (`<value>`,
//! `VALUE`, `"..."`) is its placeholder. `...` after the placeholder, or
//! the placeholder again (`--tags <tag> [<tag>...]`), means the flag takes
//! several values; `...` after a group that starts with a flag
//! (`[--tag <t>]...`) shows the flag itself given again and again. Any
//! other placeholder is a value shown without a flag.
//! A short spelling (`[-n NAME]`, `-p|--pinned`, `-p, --pinned`) stands for
//! the flag that declares that letter in `## Flags`.

use crate::diagnostic::{Code, Sink};
use crate::lex::{short_spelling_len, strip_list_marker, strip_repeat_end};
use crate::markdown::SourceLine;

/// A flag as the usage line shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageFlag {
    /// Name without dashes.
    pub name: String,
    /// Placeholder, without angle brackets.
    pub placeholder: Option<String>,
    /// Shown in brackets, or missing from one of several usage lines
    /// (alternative forms).
    pub optional: bool,
    /// The placeholder is followed by `...` (`<tag>...`, `<tag> ...`,
    /// `<tag> [<tag>...]`): several values.
    pub repeated: bool,
    /// The flag itself is shown more than once: a group holding it is
    /// repeated (`[--tag <tag>]...`, as docopt writes a flag given again and
    /// again), or one usage line names it twice (`--tag <t> [--tag <t>]`).
    /// A command gives a flag once, with its values after it.
    pub flag_repeated: bool,
    /// Bit `k`: usage line (form) `k` shows the flag (the first 64 forms).
    pub forms: u64,
    /// 1-based line.
    pub line: usize,
    /// 1-based column of the `--`.
    pub column: usize,
}

/// Strips list markers, backticks and a `$ ` prompt from a line that may be
/// a command.
pub(crate) fn command_text(line: &str) -> (&str, usize) {
    let s = strip_list_marker(line);
    let s = s.strip_prefix("$ ").unwrap_or(s);
    // `` `cal.today --all` `` alone, or followed by what it does
    // (`` - `cal.today` — today's events ``): the code span is the command.
    // A code span followed by words (`` `pyproject.toml` holds ... ``) is
    // prose that names a file, not a command.
    let s = match s.strip_prefix('`').and_then(|r| r.split_once('`')) {
        Some((inner, after)) if !inner.is_empty() && !after.starts_with('`') => {
            let after = after.trim_start();
            let described = after.is_empty() || after.starts_with(['—', '–', '-', ':', '(', '#']);
            if described { inner } else { s }
        }
        _ => s,
    };
    let s = s.trim();
    let offset = s.as_ptr() as usize - line.as_ptr() as usize;
    (s, offset)
}

/// Whether `word` has the shape of a skill name (`x.y`), so a line starting
/// with it is a command rather than prose.
pub(crate) fn looks_like_skill(word: &str) -> bool {
    skills_core::names::parse_skill_name(word).is_ok()
}

/// What the Usage section says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// The usage lines, as written.
    pub lines: Vec<String>,
    /// Every flag shown, first occurrence wins.
    pub flags: Vec<UsageFlag>,
    /// A word stands for the flags (`[options]`, `[OPTIONS]...`,
    /// `[<flags>]`), as man pages write: flags it does not name are not
    /// reported as missing from Usage, and hints show a usage line
    /// generated from the flags ([`crate::Skill::usage_line`]).
    pub any_flags: bool,
    /// Values shown without a flag (`notes.add <text>`, `--to <DIR>
    /// <FILE>...`): the placeholder, its line and column. Commands give
    /// every value after a flag, so each is warned about.
    pub positionals: Vec<(String, usize, usize)>,
}

impl Usage {
    /// Gives the short spellings Usage shows (`[-n NAME]`, kept as `-n`)
    /// the names of the flags that declare them (`shorts`: letter and name).
    /// One shown beside its long spelling (`[-p, --pinned]`) adds nothing;
    /// one no flag declares is dropped, as before letters were read.
    pub(crate) fn resolve_shorts(&mut self, shorts: &[(char, &str)]) {
        if !self.flags.iter().any(|f| f.name.starts_with('-')) {
            return;
        }
        let flags = core::mem::take(&mut self.flags);
        for mut f in flags {
            if let Some(spelling) = f.name.strip_prefix('-') {
                let Some(&(_, long)) =
                    shorts.iter().find(|(c, _)| spelling.starts_with(*c) && spelling.len() == c.len_utf8())
                else {
                    continue;
                };
                f.name = long.to_string();
            }
            match self.flags.iter_mut().find(|g| g.name == f.name) {
                Some(g) => {
                    g.optional &= f.optional;
                    // (`[-t T]... [--tag T]`; both spellings on one line,
                    // as in `[-t, --tag T]`, are one flag shown once.)
                    g.flag_repeated |= f.flag_repeated;
                    g.forms |= f.forms;
                    if g.placeholder.is_none() {
                        g.placeholder = f.placeholder;
                        g.repeated = f.repeated;
                    }
                }
                None => self.flags.push(f),
            }
        }
    }
}

/// Whether `word` (brackets, angle brackets and `...` removed) is a word
/// standing for a command's flags in a synopsis.
fn stands_for_flags(word: &str) -> bool {
    let w = word.trim_start_matches('<').trim_end_matches('>');
    ["options", "option", "opts", "flags", "flag"].iter().any(|o| w.eq_ignore_ascii_case(o))
}

/// Reads the Usage section of skill `name` (with `aliases`).
pub(crate) fn read(lines: &[SourceLine<'_>], name: &str, aliases: &[String], sink: &mut Sink<'_>) -> Usage {
    let mut usage = Usage::default();
    let mut required_in = Vec::new();
    // Whether the last line was a usage line that goes on: it ended with
    // `\`, or the next line continues its flags (`  [--tags <tag>...]`).
    let mut open = false;
    for l in lines {
        let (text, offset) = command_text(l.text);
        let (text, offset) = without_label(text, offset);
        let first = text.split_whitespace().next().unwrap_or("");
        if open && (usage.lines.last().is_some_and(|u| u.ends_with('\\')) || continues_flags(first)) {
            let (body, goes_on) = split_continuation(text);
            if let Some(last) = usage.lines.last_mut() {
                let kept = last.trim_end_matches('\\').trim_end().len();
                last.truncate(kept);
                last.push(' ');
                last.push_str(text);
            }
            read_words(body, offset, l.line, false, &mut usage, &mut required_in);
            open = goes_on || !body.is_empty();
            continue;
        }
        open = false;
        if first == name || aliases.iter().any(|a| a == first) {
            // Room for the flags the line shows, at once.
            let shown = memchr::memmem::find_iter(text.as_bytes(), b"--").count();
            usage.flags.reserve(shown);
            required_in.reserve(shown);
            usage.lines.push(text.to_string());
            read_words(split_continuation(text).0, offset, l.line, true, &mut usage, &mut required_in);
            open = true;
        } else if looks_like_skill(first) {
            sink.push(
                Code::UsageWrongName,
                l.line,
                offset + 1,
                format!("usage line is for `{first}`, but this file defines `{name}`"),
                format!("start the usage line with `{name}`"),
            );
        }
    }
    // Several usage lines are alternative forms (`mail.send --to <a> ...`,
    // `mail.send --draft <id>`): a flag is required only if every form
    // shows it without brackets. A form that only asks for help or the
    // version (`mail.send -h | --help`) is none.
    let forms = usage.lines.len().min(64);
    if forms > 1 {
        let mut every = if forms == 64 { u64::MAX } else { (1u64 << forms) - 1 };
        let help = |f: &&UsageFlag| matches!(f.name.as_str(), "help" | "-h" | "version" | "-V");
        for k in 0..forms {
            let mut shown = usage.flags.iter().filter(|f| f.forms & (1 << k) != 0).peekable();
            if shown.peek().is_some() && shown.all(|f| help(&f)) {
                every &= !(1 << k);
            }
        }
        for (f, shown) in usage.flags.iter_mut().zip(&required_in) {
            if shown & every != every {
                f.optional = true;
            }
        }
    }
    usage
}

/// `Usage: notes.add ...`, `SYNOPSIS: ...`: the line without its label.
pub(crate) fn without_label(text: &str, offset: usize) -> (&str, usize) {
    let Some((label, rest)) = text.split_once(':') else {
        return (text, offset);
    };
    if !["usage", "synopsis", "syntax", "command"].iter().any(|l| label.trim().eq_ignore_ascii_case(l)) {
        return (text, offset);
    }
    let rest = rest.trim_start();
    let rest = rest.strip_prefix('`').and_then(|r| r.strip_suffix('`')).unwrap_or(rest).trim();
    (rest, offset + (rest.as_ptr() as usize - text.as_ptr() as usize))
}

/// Whether a line starting with `first` continues the flags of the usage
/// line above it (`  [--tags <tag>...]`, `  --title <text>`).
fn continues_flags(first: &str) -> bool {
    let f = first.trim_start_matches('[');
    f.starts_with("--") || f.starts_with('<') || (f.starts_with('-') && short_spelling_len(f) > 0)
}

/// A usage line without a trailing `\` continuation, and whether it had one.
fn split_continuation(text: &str) -> (&str, bool) {
    match text.strip_suffix('\\') {
        Some(body) => (body.trim_end(), true),
        None => (text, false),
    }
}

/// A piece of a usage line, as docopt's grammar reads one.
#[derive(Clone, Copy)]
enum Token<'t> {
    /// `[` (optional) or `(` (required) opens a group.
    Open { optional: bool },
    /// `]` or `)`.
    Close,
    /// `|` between alternatives.
    Bar,
    /// `...` or `…`: the word or group before it, again and again.
    Repeat,
    /// A flag, a placeholder or a literal word.
    Word(&'t str),
}

/// The tokens of `words`: brackets before a word, the word, and the marks
/// after it in the order written (`<t>]...`, `<t>...]`). `--read|--unread`,
/// alternatives written without blanks, is three tokens; any other word
/// holding a `|` (`-p|--pinned`, `<asc|desc>`) is one. `bar`: some word
/// holds a `|` (looked for once per line, not per word).
fn tokens<'t>(words: impl Iterator<Item = &'t str>, room: usize, bar: bool) -> Vec<Token<'t>> {
    let mut out = Vec::with_capacity(room);
    for mut w in words {
        while let Some(r) = w.strip_prefix(['[', '(']) {
            out.push(Token::Open { optional: w.starts_with('[') });
            w = r;
        }
        let mut core = w;
        // (A `]` that closes a `[` of the word is the word's: GNU's
        // `--color[=<when>]`.)
        let open_inside = |c: &str| c.bytes().filter(|&b| b == b'[').count() > c.bytes().filter(|&b| b == b']').count();
        while let Some(r) = core.strip_suffix("...").or_else(|| core.strip_suffix(['…', ']', ')', ',']))
            && !(core.ends_with(']') && open_inside(r))
        {
            core = r;
        }
        if bar && core.contains('|') && core.split('|').filter(|p| p.starts_with("--")).count() >= 2 {
            for (i, piece) in core.split('|').enumerate() {
                out.extend((i > 0).then_some(Token::Bar));
                out.extend((!piece.is_empty()).then_some(Token::Word(piece)));
            }
        } else if !core.is_empty() {
            out.push(if core == "|" { Token::Bar } else { Token::Word(core) });
        }
        let mut tail = &w[core.len()..];
        while let Some(c) = tail.chars().next() {
            out.extend(match c {
                ']' | ')' => Some(Token::Close),
                '.' if tail.starts_with("...") => Some(Token::Repeat),
                '…' => Some(Token::Repeat),
                _ => None,
            });
            tail = &tail[if tail.starts_with("...") { 3 } else { c.len_utf8() }..];
        }
    }
    out
}

/// Reads the words of a usage line: after the skill's name when `named`,
/// else all of them (a continuation line).
/// `required_in[i]`: bit `k` when flag `i` is shown without brackets in
/// usage line (form) `k`.
fn read_words(text: &str, offset: usize, line: usize, named: bool, usage: &mut Usage, required_in: &mut Vec<u64>) {
    let form = usage.lines.len().saturating_sub(1);
    let form_bit = if form < 64 { 1u64 << form } else { 0 };
    let base = text.as_ptr() as usize;
    // The open groups: whether each is optional, and the flag its first
    // word is (`None` inside when that word is no flag).
    // (On the stack: groups nest a level or two; deeper ones count as one.)
    let (mut groups, mut depth) = ([(false, None::<Option<usize>>); 8], 0);
    // The flag that starts the group just closed, for a `...` after it.
    let mut closed = None;
    // The flag waiting for its placeholder; the flag whose placeholder was
    // the last word (for a `...` after it); the last flag, for a `|`.
    let (mut pending, mut last_placeholder, mut last_flag): (Option<usize>, Option<usize>, Option<usize>) =
        (None, None, None);
    // Flags beside a `|` are alternatives (`(--read | --unread)`, as docopt
    // writes a choice): neither is required on its own.
    let mut alternative = false;
    let bar = text.as_bytes().contains(&b'|');
    // (Room for the tokens at once: a word and a bracket or two each.)
    for token in tokens(text.split_whitespace().skip(usize::from(named)), text.len() / 3, bar) {
        let just_closed = closed.take();
        let word = match token {
            Token::Open { optional } => {
                // (Past the eighth level, groups share the last place.)
                let slot = &mut groups[depth.min(7)];
                *slot = (optional || depth > 7 && slot.0, None);
                depth += 1;
                continue;
            }
            // `[--dry-run] <file>`: a group ends what its flag takes.
            Token::Close => {
                closed = depth.checked_sub(1).and_then(|d| groups[d.min(7)].1.flatten());
                depth = depth.saturating_sub(1);
                pending = None;
                continue;
            }
            // `[--tag <t>]...`: a repeated group that starts with a flag
            // shows the flag itself repeated.
            Token::Repeat => {
                if let Some(i) = just_closed {
                    usage.flags[i].flag_repeated = true;
                }
                if let Some(i) = last_placeholder {
                    usage.flags[i].repeated = true;
                }
                continue;
            }
            Token::Bar => {
                if let Some(i) = last_flag.filter(|_| form < 64) {
                    required_in[i] &= !form_bit;
                    usage.flags[i].optional = true;
                }
                alternative = true;
                continue;
            }
            Token::Word(word) => word,
        };
        let column = offset + (word.as_ptr() as usize - base) + 1;
        if stands_for_flags(word) {
            usage.any_flags = true;
            pending = None;
            continue;
        }
        // `-p|--pinned`: the long spelling.
        let long = if bar && word.starts_with('-') { word.split('|').find(|alt| alt.starts_with("--")) } else { None };
        let word = long.unwrap_or(word);
        // A short spelling (`-p`, `-n NAME`) is kept under its spelling,
        // `-p`, until the flags that declare letters are known
        // ([`Usage::resolve_shorts`]).
        let short = short_spelling_len(word) == word.len();
        let Some(flag) = word.strip_prefix("--").or(short.then_some(word)) else {
            for g in groups[..depth.min(8)].iter_mut().filter(|g| g.1.is_none()) {
                g.1 = Some(None);
            }
            let (p, inside) = placeholder(word);
            if let Some(i) = pending.take()
                && usage.flags[i].placeholder.is_none()
            {
                usage.flags[i].placeholder = Some(p);
                usage.flags[i].repeated = inside;
                last_placeholder = Some(i);
            } else if let Some(i) = last_placeholder.take()
                && usage.flags[i].placeholder.as_deref().is_some_and(|q| q.eq_ignore_ascii_case(&p))
            {
                // `--tags <tag> [<tag>...]`: the placeholder again, repeated.
                usage.flags[i].repeated |= inside;
                last_placeholder = Some(i);
            } else if let Some(p) = positional(word) {
                // A different one (`--to <DIR> <FILE>...`) is a positional
                // argument of the synopsis, nothing of the flag's.
                usage.positionals.push((p, line, column));
            }
            continue;
        };
        // `--[no-]color`, `--color/--no-color`: the switch `--color`
        // (see `negated-form`).
        let flag = flag.strip_prefix("[no-]").unwrap_or(flag);
        // (Looked for past a `/` only: a substring search costs its setup.)
        let negation = if flag.bytes().any(|b| b == b'/') { flag.split_once("/--no-") } else { None };
        let flag = match negation {
            Some((name, negated)) if name == negated => name,
            _ => flag,
        };
        // `--color[=<when>]`: a value the flag may take, as GNU writes it.
        let (name, placeholder) =
            match flag.strip_suffix(']').and_then(|f| f.split_once("[=")).or_else(|| flag.split_once('=')) {
                Some((n, p)) => (n, Some(placeholder(p))),
                None => (flag, None),
            };
        // `[--]`: the end of the flags, no flag.
        if name.is_empty() {
            pending = None;
            continue;
        }
        (pending, last_placeholder) = (None, None);
        let required_here = groups[..depth.min(8)].iter().all(|g| !g.0) && !alternative;
        alternative = false;
        let i = match usage.flags.iter().position(|f| f.name == name) {
            Some(i) => {
                if required_here && form < 64 {
                    required_in[i] |= form_bit;
                }
                let f = &mut usage.flags[i];
                f.flag_repeated |= f.forms & form_bit != 0;
                f.forms |= form_bit;
                i
            }
            None => {
                required_in.push(if required_here { form_bit } else { 0 });
                let i = usage.flags.len();
                // `--tags=<tag>...`: a `...` after it repeats the value.
                last_placeholder = placeholder.is_some().then_some(i);
                pending = Some(i);
                usage.flags.push(UsageFlag {
                    name: name.to_string(),
                    repeated: placeholder.as_ref().is_some_and(|p| p.1),
                    placeholder: placeholder.map(|p| p.0),
                    optional: !required_here,
                    flag_repeated: false,
                    forms: form_bit,
                    line,
                    column,
                });
                i
            }
        };
        last_flag = Some(i);
        for g in groups.iter_mut().filter(|g| g.1.is_none()) {
            g.1 = Some(Some(i));
        }
    }
}

/// Warns about the values Usage shows without a flag, except those whose
/// placeholder a flag has (`files.move -t <DIR> <FILE>...` beside
/// `-f, --files <FILE>...`: a CLI's synopsis, whose files `--files` takes).
pub(crate) fn check_positionals(usage: &Usage, placeholders: &[&str], sink: &mut Sink<'_>) {
    for (word, line, column) in &usage.positionals {
        if placeholders.iter().any(|p| p.eq_ignore_ascii_case(word)) {
            continue;
        }
        let flag: String = word.chars().map(|c| if c == '_' { '-' } else { c.to_ascii_lowercase() }).collect();
        sink.push(
            Code::PositionalArgument,
            *line,
            *column,
            format!("Usage shows `<{word}>` without a flag, but a command gives every value after its flag"),
            format!("make it a flag: `--{flag} <{word}>` in Usage, and a line for `--{flag}` in `## Flags`"),
        );
    }
}

/// The placeholder a word of a usage line shows when it stands for a value
/// (`<text>`, `FILE`) rather than a literal word, without its brackets.
fn positional(core: &str) -> Option<String> {
    let (p, _) = placeholder(core);
    let bracketed = core.trim_matches(['"', '\'', '`']).starts_with('<');
    let capitals = p.len() >= 2
        && p.bytes().any(|b| b.is_ascii_uppercase())
        && p.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
    let name_like = !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b' '));
    ((bracketed || capitals) && name_like).then_some(p)
}

/// A placeholder without quotes, angle brackets and a repetition mark
/// (`"..."` is no placeholder), and whether the mark sat inside the
/// brackets (`<tag...>`).
fn placeholder(p: &str) -> (String, bool) {
    let p = strip_repeat_end(p.trim_matches(['"', '\'', '`'])).0;
    let (p, inside) = p.strip_prefix('<').and_then(|p| p.strip_suffix('>')).map_or((p, false), strip_repeat_end);
    (p.to_string(), inside)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn read_one(s: &str) -> Usage {
        let mut sink = Sink::new(Path::new("x.md"));
        let lines = [SourceLine { line: 3, text: s }];
        read(&lines, "tasks.search", &[], &mut sink)
    }

    #[test]
    fn usage_over_several_lines() {
        for src in [
            "tasks.search --query <q> \\\n    [--tags <t>...] \\\n    [--all]",
            "tasks.search --query <q>\n             [--tags <t>...]\n             [--all]",
        ] {
            let lines: Vec<SourceLine<'_>> =
                src.lines().enumerate().map(|(i, text)| SourceLine { line: i + 3, text }).collect();
            let mut sink = Sink::new(Path::new("x.md"));
            let u = read(&lines, "tasks.search", &[], &mut sink);
            assert_eq!(u.lines, ["tasks.search --query <q> [--tags <t>...] [--all]"], "{src}");
            let got: Vec<_> = u.flags.iter().map(|f| (f.name.as_str(), f.line, f.optional, f.repeated)).collect();
            assert_eq!(got, [("query", 3, false, false), ("tags", 4, true, true), ("all", 5, true, false)], "{src}");
        }
        // A line after a blank one is not a continuation.
        let lines = [
            SourceLine { line: 3, text: "tasks.search --query <q>" },
            SourceLine { line: 4, text: "" },
            SourceLine { line: 5, text: "--all is described below" },
        ];
        let u = read(&lines, "tasks.search", &[], &mut Sink::new(Path::new("x.md")));
        assert_eq!(u.flags.len(), 1);
    }

    /// A form that only asks for help or the version is no alternative.
    #[test]
    fn help_forms_make_nothing_optional() {
        let lines = [
            SourceLine { line: 3, text: "tasks.search --query <q> [--all]" },
            SourceLine { line: 4, text: "tasks.search -h | --help" },
            SourceLine { line: 5, text: "tasks.search --version" },
        ];
        let u = read(&lines, "tasks.search", &[], &mut Sink::new(Path::new("x.md")));
        assert!(!u.flags[0].optional, "{:?}", u.flags[0]);
        let lines = [lines[0], SourceLine { line: 4, text: "tasks.search --all" }];
        let u = read(&lines, "tasks.search", &[], &mut Sink::new(Path::new("x.md")));
        assert!(u.flags[0].optional);
    }

    /// Flags beside a `|` are alternatives, in docopt's `( | )` group, in
    /// brackets or bare, with or without blanks; a `( )` group without a
    /// choice requires what it holds.
    #[test]
    fn alternatives_are_not_required_on_their_own() {
        for src in [
            "tasks.search --ids <id>... (--read | --unread)",
            "tasks.search --ids <id>... (--read|--unread)",
            "tasks.search --ids <id>... --read | --unread",
            "tasks.search --ids <id>... [--read | --unread]",
        ] {
            let u = read_one(src);
            let got: Vec<_> = u.flags.iter().map(|f| (f.name.as_str(), f.optional, f.placeholder.as_deref())).collect();
            assert_eq!(got, [("ids", false, Some("id")), ("read", true, None), ("unread", true, None)], "{src}");
        }
        let u = read_one("tasks.search (--read|--unread)");
        assert_eq!(u.flags.iter().map(|f| f.column).collect::<Vec<_>>(), [15, 22], "columns");
        // Groups nest: a choice in brackets is optional as a whole.
        let u = read_one("tasks.search [(--read | --unread)] [--all]...");
        let got: Vec<_> = u.flags.iter().map(|f| (f.name.as_str(), f.optional, f.flag_repeated)).collect();
        assert_eq!(got, [("read", true, false), ("unread", true, false), ("all", true, true)]);
        // Brackets written apart from what they hold.
        let u = read_one("tasks.search [ --out ] <file> ( --all ) ...");
        let got: Vec<_> = u.flags.iter().map(|f| (f.name.as_str(), f.placeholder.as_deref(), f.optional)).collect();
        assert_eq!(got, [("out", None, true), ("all", None, false)]);
        assert_eq!(u.positionals.len(), 1);
        // GNU's optional value, and the end of the flags, `--`.
        let u = read_one("tasks.search [--color[=<when>]] [--] <file>");
        let got: Vec<_> = u.flags.iter().map(|f| (f.name.as_str(), f.placeholder.as_deref())).collect();
        assert_eq!(got, [("color", Some("when"))]);
        assert_eq!(u.positionals.len(), 1);
        let u = read_one("tasks.search (--from <a> --to <b>) [-p|--pinned]");
        let got: Vec<_> = u.flags.iter().map(|f| (f.name.as_str(), f.optional)).collect();
        assert_eq!(got, [("from", false), ("to", false), ("pinned", true)]);
    }

    /// A word after a group that a flag ends (`[--dry-run] <file>`) is a
    /// positional word of the synopsis, as docopt reads it, not the
    /// flag's placeholder; inside the group it is the placeholder.
    #[test]
    fn a_group_a_flag_ends_ends_what_it_takes() {
        for src in [
            "tasks.search [--dry-run] <file>",
            "tasks.search [--dry-run] <file>...",
            "tasks.search [-n | --dry-run] FILE",
            "tasks.search (--dry-run) <file>",
            "tasks.search [--dry-run]... <file>",
        ] {
            let u = read_one(src);
            let got: Vec<_> = u.flags.iter().map(|f| (f.name.as_str(), f.placeholder.as_deref(), f.repeated)).collect();
            assert_eq!(got.last(), Some(&("dry-run", None, false)), "{src}");
            let positionals: Vec<_> = u.positionals.iter().map(|(p, ..)| p.to_ascii_lowercase()).collect();
            assert_eq!(positionals, ["file"], "{src}");
        }
        for src in ["tasks.search [--out <file>]", "tasks.search [--out <file>]...", "tasks.search --out <file>"] {
            let u = read_one(src);
            assert_eq!(u.flags[0].placeholder.as_deref(), Some("file"), "{src}");
            assert!(u.positionals.is_empty(), "{src}");
        }
    }

    #[test]
    fn seed_usage() {
        let u =
            read_one("tasks.search [--query <text>] [--status <statuses>] [--overdue] [--sort <field>] [--limit <n>]");
        let got: Vec<_> = u.flags.iter().map(|f| (f.name.as_str(), f.placeholder.as_deref(), f.optional)).collect();
        assert_eq!(
            got,
            [
                ("query", Some("text"), true),
                ("status", Some("statuses"), true),
                ("overdue", None, true),
                ("sort", Some("field"), true),
                ("limit", Some("n"), true)
            ]
        );
        let u = read_one("`tasks.search --to ADDR [--cc <a>...]`");
        assert_eq!(u.flags[0].placeholder.as_deref(), Some("ADDR"));
        assert!(!u.flags[0].optional);
        assert!(u.flags[1].optional);
        assert_eq!(u.flags[1].placeholder.as_deref(), Some("a"));
        // A label before the line.
        let u = read_one("Usage: `tasks.search [--all] --color <c>`");
        assert_eq!(u.lines, ["tasks.search [--all] --color <c>"]);
        assert_eq!(u.flags.len(), 2);
        // Short spellings next to the long one, and alone: named once the
        // flags' letters are known.
        let mut u = read_one("tasks.search [--all] [-p|--pinned] [-v, --verbose] --color <red|green> [-n NAME] [-q]");
        u.resolve_shorts(&[('v', "verbose"), ('n', "name")]);
        let got: Vec<_> = u.flags.iter().map(|f| (f.name.as_str(), f.placeholder.as_deref(), f.optional)).collect();
        assert_eq!(
            got,
            [
                ("all", None, true),
                ("pinned", None, true),
                ("verbose", None, true),
                ("color", Some("red|green"), false),
                ("name", Some("NAME"), true)
            ]
        );
    }
}
