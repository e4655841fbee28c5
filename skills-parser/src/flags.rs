//! The `## Flags` grammar.
//!
//! ```text
//! flag-line   = [indent] [list-marker] [emphasis] head [placeholder] [separator] description
//! list-marker = "-" | "*" | "+" | digits ("." | ")")          followed by a space
//! head        = "--" name  |  "`--" name [" " placeholder | "=" placeholder] "`"
//! name        = [a-z] [a-z0-9_-]*
//! placeholder = value [repeat]
//! value       = "<" text ">"              (also "=<text>" right after the name,
//!                                          or CAPITALS then a separator or two spaces)
//! repeat      = "..." | "…" | " [" value "...]"   several values (also "<text...>")
//! separator   = ":" | "-" | "–" | "—"       surrounded by spaces
//! ```
//!
//! A section that never writes `--name` may name its flags bare, as API
//! references do: `` - `title` (string): ... ``, `- **title**: ...`,
//! `- title (string): ...`, or `title` in a table's `Name` column.
//!
//! A markdown table is read row by row as flag lines (see `flag_table`).
//! A line whose first word (after the list marker) is not `--name` is prose,
//! or continues the description of the flag above when it is indented more
//! or is a definition line (`: text`); while the flag has no description,
//! blank lines may come before that line (man pages).
//! Fence delimiter lines are skipped; lines inside fences are read like any
//! other. The description carries markers, matched ignoring case:
//!
//! | marker | meaning |
//! |---|---|
//! | `(required)` | must be given |
//! | `(default: v)` / `(default: a, b)` | value(s) when absent |
//! | `(boolean flag)` / `(boolean)` | no value; presence means true |
//! | `(type: integer)`, `(type: number)`, `(type: date)`, `(type: string)`, `(type: boolean)`, `(type: integer list)`, ... | explicit type |
//! | `(YYYY-MM-DD)` | a date |
//! | `One of: a, b, c` | single-valued enum |
//! | `One or more of: a, b` | multi-valued enum |
//! | `space-separated` | several values |
//!
//! One group may hold several markers and bare type words, comma-separated:
//! `(string, required)`, `(integer, default: 20)`. `Required.` or
//! `Optional.` written as a sentence of its own (emphasis allowed, as in
//! `Required. The title.` or `The title. **Required.**`) is that marker too.
//! A default in words (`(default 5)`, `Defaults to `asc`.`) counts when its
//! value cannot be prose: an integer, or one value in backticks or quotes.
//!
//! Without an explicit type marker a flag is an integer when its placeholder
//! is `<n>`-like or its default is an integer, a date when its placeholder is
//! `<date>`, a boolean when Usage shows it without a placeholder (or does not
//! show it, and its line has no placeholder where other lines have one), and
//! a string otherwise. Prose that only looks like an enum, a list or a default
//! leaves the flag a string and produces a warning with the exact fix.

use crate::diagnostic::{Code, Sink};
use crate::flag_table;
use crate::keys;
use crate::markdown::SourceLine;
use crate::usage::UsageFlag;
use crate::words::{find_ignore_ascii_case, strip_prefix_ignore_ascii_case, strip_word_ignore_ascii_case};
use crate::yaml::{Node, Value};
use skills_core::Date;
use skills_core::args::{is_number, parse_integer};
use skills_core::spec::{FlagSpec, StrList, ValueType};

/// One flag of a skill, as its markdown declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// Name without dashes (`due-before`).
    pub name: String,
    /// The one-letter spelling declared beside the name (`-n, --name`).
    pub short: Option<char>,
    /// Value placeholder from the Flags line or Usage (`addresses`).
    pub placeholder: Option<String>,
    /// The description as written (markers included).
    pub description: String,
    /// Type of each value.
    pub value_type: ValueType,
    /// Several values.
    pub list: bool,
    /// Must be given.
    pub required: bool,
    /// Enum values, as written.
    pub values: Vec<String>,
    /// Default values.
    pub default: Option<Vec<String>>,
    /// 1-based line of the flag in its file.
    pub line: usize,
    /// 1-based column of the `--`.
    pub column: usize,
    values_lines: String,
    default_lines: Option<String>,
}

impl Flag {
    /// The schema the argument parser reads, borrowed from this flag.
    pub fn spec(&self) -> FlagSpec<'_> {
        FlagSpec {
            name: &self.name,
            value_type: self.value_type,
            list: self.list,
            required: self.required,
            values: StrList::Lines(&self.values_lines),
            // One value may be the empty string (`(default: "")`), which
            // `Lines` would read as no value at all.
            default: self.default_lines.as_deref().map(|d| if self.list { StrList::Lines(d) } else { StrList::One(d) }),
            short: self.short,
        }
    }

    /// The Rust field name of the flag (`due-before` -> `due_before`).
    pub fn field_name(&self) -> String {
        self.name.replace('-', "_")
    }

    /// A one-line summary of the derived type, as `skills list` shows it
    /// (`list of enum (todo, done), default: todo`).
    pub fn type_summary(&self) -> String {
        let mut s = String::new();
        if self.required {
            s.push_str("required ");
        }
        if self.list {
            s.push_str("list of ");
        }
        s.push_str(self.value_type.name());
        if self.value_type == ValueType::Enum {
            s.push_str(&format!(" ({})", self.values.join(", ")));
        }
        if let Some(d) = &self.default {
            s.push_str(", default: ");
            for (i, v) in d.iter().enumerate() {
                s.push_str(if i == 0 { "" } else { ", " });
                s.push_str(if v.is_empty() { "\"\"" } else { v });
            }
        }
        s
    }
}

/// A flag line before markers are resolved.
#[derive(Clone, Debug)]
pub(crate) struct RawFlag {
    pub(crate) name: String,
    /// The one-letter spelling beside the name (`-n, --name`).
    pub(crate) short: Option<char>,
    pub(crate) placeholder: Option<String>,
    /// The placeholder is followed by `...`: several values.
    pub(crate) repeated: bool,
    pub(crate) description: String,
    pub(crate) line: usize,
    pub(crate) column: usize,
    /// Column where the line's content starts, for continuation lines.
    indent: usize,
    /// Under a `### Required` subheading.
    in_required_group: bool,
    /// Written `--[no-]name`, as GNU and Click document a switch with its
    /// negation: a switch, whose `--no-` form commands cannot write.
    negated: bool,
    /// Values given as list items under `One of:` so far (`` - `json`:
    /// machine-readable ``): each value and what its item said after it.
    value_items: Vec<(String, String)>,
}

/// Strips a list marker (`- `, `* `, `+ `, `1. `, `1) `).
pub(crate) fn strip_list_marker(s: &str) -> &str {
    let t = s.trim_start();
    for m in ["- ", "* ", "+ "] {
        if let Some(rest) = t.strip_prefix(m) {
            return rest.trim_start();
        }
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if (1..=9).contains(&digits) {
        let rest = &t[digits..];
        if let Some(r) = rest.strip_prefix(". ").or_else(|| rest.strip_prefix(") ")) {
            return r.trim_start();
        }
    }
    t
}

pub(crate) fn is_flag_name(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_lowercase()
        && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-' || *c == b'_')
}

fn strip_placeholder(s: &str) -> Option<(&str, &str)> {
    if s.starts_with('{') {
        // `{en,fr,de}`: argparse's choices, kept whole for `placeholder_choices`.
        let end = s.find('}')? + 1;
        return placeholder_choices(&s[..end]).map(|_| (&s[..end], &s[end..]));
    }
    let s = s.strip_prefix('<')?;
    let end = s.find('>')?;
    Some((&s[..end], &s[end + 1..]))
}

/// The choices a placeholder lists: `asc|desc` (from `<asc|desc>`, or
/// bare), `(asc|desc)` (docopt's group) or `{en,fr,de}`; two or more enum
/// values, or `None`.
fn placeholder_choices(p: &str) -> Option<Vec<String>> {
    if !p.contains('|') && !p.starts_with('{') {
        return None;
    }
    let (inner, separator) = match p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
        Some(inner) => (inner, if inner.contains('|') { '|' } else { ',' }),
        None => (p.strip_prefix('(').and_then(|p| p.strip_suffix(')')).unwrap_or(p), '|'),
    };
    let values: Vec<String> =
        inner.split(separator).map(|v| v.trim().trim_matches(['"', '\'', '`']).to_string()).collect();
    (values.len() >= 2 && values.iter().all(|v| is_enum_value(v))).then_some(values)
}

/// A placeholder without angle brackets, and whether a repetition mark
/// followed it or sat inside the brackets (`<tag>...`, `<tag...>`).
fn placeholder_text(p: &str) -> (&str, bool) {
    let (p, after) = strip_repeat_end(p);
    match p.strip_prefix('<').and_then(|p| p.strip_suffix('>')) {
        Some(inner) => {
            let (inner, inside) = strip_repeat_end(inner);
            (inner, after || inside)
        }
        None => (p, after),
    }
}

/// `s` without a leading repetition mark (`...` or `…`, as in `<tag>...`
/// and docopt's `<tag> ...`), and whether it had one.
pub(crate) fn strip_repeat(s: &str) -> (&str, bool) {
    let t = s.trim_start_matches([' ', '\t']);
    if let Some(rest) = t.strip_prefix("...").or_else(|| t.strip_prefix('…')) {
        return (rest, true);
    }
    // docopt's `<tag> [<tag>...]`: the placeholder again, repeated.
    if let Some(group) = t.strip_prefix('[')
        && let Some(end) = group.find(']')
        && strip_repeat_end(&group[..end]).1
    {
        return (&group[end + 1..], true);
    }
    (s, false)
}

/// `s` without a trailing repetition mark, and whether it had one.
pub(crate) fn strip_repeat_end(s: &str) -> (&str, bool) {
    let t = s.trim_end_matches([' ', '\t']);
    match t.strip_suffix("...").or_else(|| t.strip_suffix('…')) {
        Some(rest) => (rest.trim_end_matches([' ', '\t']), true),
        None => (s, false),
    }
}

/// The length of a short spelling at the start of `s` (`-p` or `` `-p` ``)
/// followed by a comma, a space or the end; 0 when there is none.
#[inline]
pub(crate) fn short_spelling_len(s: &str) -> usize {
    let b = s.as_bytes();
    let tick = usize::from(b.first() == Some(&b'`'));
    let is_short = b.get(tick) == Some(&b'-') && b.get(tick + 1).is_some_and(u8::is_ascii_alphabetic);
    let end = tick + 2 + tick;
    let closed = tick == 0 || b.get(tick + 2) == Some(&b'`');
    let boundary = b.get(end).is_none_or(|c| matches!(c, b',' | b' ' | b'\t' | b'|' | b'/'));
    if is_short && closed && boundary { end } else { 0 }
}

/// The letter of a short spelling `short_spelling_len` found at the start
/// of `s`.
fn short_letter(s: &str) -> Option<char> {
    s.trim_start_matches('`').strip_prefix('-')?.chars().next()
}

/// A line that starts with a short spelling before the flag (`-n, --name`,
/// `` `-n`, `--name` ``, `-n | --name`): its letter, and the line from the
/// flag on; any other line as it is. Inlined: most lines have none, and
/// out of line (as `parse_line` grew) it cost `skills check` of 1,000
/// skills 0.25% (callgrind).
#[inline(always)]
fn split_short_spelling(s: &str) -> (Option<char>, &str) {
    let n = short_spelling_len(s);
    if n == 0 {
        return (None, s);
    }
    let mut rest = s[n..].trim_start_matches([',', '|', '/', ' ', '\t']);
    // `-o FILE, --output FILE`: the short spelling's own placeholder.
    if let Some((word, after)) = rest.split_once(',')
        && !word.contains([' ', '\t'])
        && (word.starts_with('<') || word.bytes().all(|b| b.is_ascii_uppercase() || b == b'_' || b == b'-'))
    {
        rest = after.trim_start();
    }
    if rest.starts_with("--") || rest.starts_with("`--") || rest.starts_with("**") {
        (short_letter(&s[..n]), rest)
    } else {
        (None, s)
    }
}

/// A placeholder written in capitals, as man pages do (`--since DATE  Only
/// rows after it`): a word of capitals, digits, `_` and `-`, then a
/// separator or at least two spaces, so that a description starting with an
/// acronym (`--id  ID of the task`) is not taken for one.
fn upper_placeholder(after: &str) -> Option<(&str, &str)> {
    let end = after.find([' ', '\t', ':']).unwrap_or(after.len());
    let (word, rest) = after.split_at(end);
    let b = strip_repeat_end(word).0.as_bytes();
    let is_word = b.first().is_some_and(u8::is_ascii_uppercase)
        && b.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_' || *c == b'-');
    let separated = rest.starts_with("  ")
        || rest.starts_with('\t')
        || [":", "—", "–", "- ", "|"].iter().any(|sep| rest.trim_start().starts_with(sep));
    (is_word && separated).then(|| (word, rest.trim_start()))
}

/// The parts of a flag line.
#[derive(Debug, PartialEq, Eq)]
struct LineParts {
    name: String,
    /// The one-letter spelling beside the name (`-n, --name`).
    short: Option<char>,
    placeholder: Option<String>,
    repeated: bool,
    description: String,
    column: usize,
    negated: bool,
}

impl LineParts {
    /// The flag these parts declare, on `line`, its column moved right by
    /// `offset` (where the parsed text starts in the line).
    fn into_raw(self, line: usize, offset: usize, indent: usize, in_required_group: bool) -> RawFlag {
        let LineParts { name, short, placeholder, repeated, description, column, negated } = self;
        RawFlag {
            name,
            short,
            placeholder,
            repeated,
            description,
            line,
            column: offset + column,
            indent,
            in_required_group,
            negated,
            value_items: Vec::new(),
        }
    }
}

/// A flag that only Usage shows, as Usage writes it: its placeholder and
/// `...`, and `(required)` when it is not in brackets.
pub(crate) fn from_usage(u: &UsageFlag) -> RawFlag {
    RawFlag {
        name: u.name.clone(),
        short: None,
        placeholder: None,
        repeated: u.repeated,
        description: if u.optional { String::new() } else { "(required)".to_string() },
        line: u.line,
        column: u.column,
        indent: usize::MAX,
        in_required_group: false,
        negated: false,
        value_items: Vec::new(),
    }
}

/// Reads one candidate line. `Ok(None)` when the line is not a flag line;
/// `Err((message, column))` when it is one with an invalid name.
fn parse_line(text: &str) -> Result<Option<LineParts>, (String, usize)> {
    let (mut short, content) = split_short_spelling(strip_list_marker(text));
    let column = text.len() - content.len() + 1;
    let mut rest = content;
    // Emphasis around the head: **`--to`**, __--to__.
    let emphasis = if let Some(r) = rest.strip_prefix("**").or_else(|| rest.strip_prefix("__")) {
        rest = r;
        true
    } else {
        false
    };
    let (head, mut after) = if let Some(r) = rest.strip_prefix('`') {
        let Some(end) = r.find('`') else {
            return Ok(None);
        };
        (&r[..end], &r[end + 1..])
    } else {
        let mut end = rest.find([' ', '\t']).unwrap_or(rest.len());
        // `**--to**` without backticks: the head ends at the emphasis.
        if emphasis && let Some(close) = rest[..end].find(['*', '_']).filter(|&i| i > 2) {
            end = close;
        }
        (&rest[..end], &rest[end..])
    };
    if emphasis {
        after = after.strip_prefix("**").or_else(|| after.strip_prefix("__")).unwrap_or(after);
    }
    // `` `-q, --query <text>` ``: the short spelling inside the backticks.
    let head = match split_short_spelling(head) {
        (Some(letter), rest) if rest.starts_with("--") => {
            short = short.or(Some(letter));
            rest
        }
        _ => head,
    };
    let Some(name_part) = head.strip_prefix("--") else {
        return Ok(None);
    };
    // `--[no-]color`: the switch `--color`.
    let (name_part, negated) = match name_part.strip_prefix("[no-]") {
        Some(rest) => (rest, true),
        None => (name_part, false),
    };
    // `` `--pinned, -p` ``: the short spelling inside the backticks.
    let mut name_part = name_part;
    let owned_part;
    if let Some(comma) = name_part.find(',') {
        let rest = name_part[comma + 1..].trim_start();
        let n = short_spelling_len(rest);
        if n > 0 {
            short = short.or(short_letter(&rest[..n]));
            owned_part = format!("{}{}", &name_part[..comma], &rest[n..]);
            name_part = &owned_part;
        }
    }
    // `--color[=WHEN]`: a value the flag may take (GNU's optional
    // argument); read as its placeholder.
    let owned_optional;
    if let Some(open) = name_part.as_bytes().windows(2).position(|w| w == b"[=")
        && let Some(close) = name_part[open..].find(']')
    {
        owned_optional =
            format!("{}={}{}", &name_part[..open], &name_part[open + 2..open + close], &name_part[open + close + 1..]);
        name_part = &owned_optional;
    }
    // `--to <addresses>` or `--to=<addresses>` inside the backticks.
    let mut repeated = false;
    let (name, mut placeholder) = match name_part.find(['=', ' ']) {
        Some(i) => {
            let (p, rep) = placeholder_text(name_part[i + 1..].trim());
            repeated = rep;
            (&name_part[..i], (!p.is_empty()).then(|| p.to_string()))
        }
        None => (name_part, None),
    };
    let mut name = name.trim_end_matches([',', ':']);
    // `--folder*`, `` `--folder`* ``: the asterisk that marks a required
    // field in forms and API tables.
    let mut starred = false;
    if let Some(n) = name.strip_suffix('*') {
        starred = true;
        name = n.strip_suffix('\\').unwrap_or(n);
    } else if let Some(r) =
        after.strip_prefix("\\*").or_else(|| after.strip_prefix('*').filter(|r| !r.starts_with('*')))
    {
        starred = true;
        after = r;
    }
    if !is_flag_name(name) {
        return Err((format!("`--{name}` is not a valid flag name"), column));
    }
    // `--pinned, -p  Pin it` (or `--pinned | -p`, `--pinned / -p`): the
    // short spelling after the head is the flag's, not part of its
    // description.
    let mut after = after.trim_start();
    let comma = head.ends_with(',') || after.starts_with([',', '|', '/']);
    let candidate = after.strip_prefix([',', '|', '/']).unwrap_or(after).trim_start();
    let short_len = short_spelling_len(candidate);
    if comma && short_len > 0 {
        short = short.or(short_letter(&candidate[..short_len]));
        after = candidate[short_len..].trim_start_matches(':').trim_start();
    }
    if placeholder.is_none() {
        let candidate = after.strip_prefix('`').unwrap_or(after);
        if let Some((p, r)) = strip_placeholder(candidate) {
            let (p, inside) = strip_repeat_end(p);
            placeholder = Some(p.to_string());
            let (r, after_mark) = strip_repeat(r);
            repeated = inside || after_mark;
            after = r.strip_prefix('`').unwrap_or(r).trim_start();
        } else if let Some((p, r)) = upper_placeholder(after) {
            let (p, rep) = strip_repeat_end(p);
            placeholder = Some(p.to_string());
            repeated = rep;
            after = r;
        } else if let end = after.bytes().position(|b| b == b' ' || b == b'\t').unwrap_or(after.len())
            && after.as_bytes()[..end].contains(&b'|')
            && placeholder_choices(&after[..end]).is_some()
        {
            // `--format md|html|pdf`: the choices, bare.
            placeholder = Some(after[..end].to_string());
            after = after[end..].trim_start();
        }
    } else if !repeated {
        // `` `--tags <tag>`... `` or `` `--tags <tag>` ... ``.
        let (r, rep) = strip_repeat(after);
        if rep {
            repeated = true;
            after = r.trim_start();
        }
    }
    for sep in [":", "—", "–", "- ", "|"] {
        if let Some(r) = after.strip_prefix(sep) {
            after = r.trim_start();
            break;
        }
    }
    let description = after.trim_end();
    Ok(Some(LineParts {
        name: name.to_string(),
        short,
        placeholder,
        repeated,
        description: if starred { format!("(required) {description}") } else { description.to_string() },
        column,
        negated,
    }))
}

/// Reads the flag lines of a `## Flags` section.
pub(crate) fn read_lines(lines: &[SourceLine<'_>], sink: &mut Sink<'_>) -> Vec<RawFlag> {
    // At most a flag per line (most sections are a few lines).
    let mut out: Vec<RawFlag> = Vec::with_capacity(lines.len().min(16));
    // A section that never writes a `--flag` may name its flags bare, as
    // API references list parameters: `` - `title` (string, required): ``
    // or a table whose `Name` column says `title`.
    let bare = !lines.iter().any(|l| mentions_flag(l.text));
    // Whether the previous non-blank line belongs to the last flag.
    let mut open = false;
    // Whether only blank lines followed the last flag line, whose
    // description may then still come.
    let mut awaiting = false;
    // Under a `### Required` subheading, flags are required unless their
    // description says otherwise.
    let mut required_group = false;
    // Whether the last flag was a heading (`### --to`), whose description
    // is every line under it up to the next heading or flag line.
    let mut under_heading = false;
    let mut i = 0;
    while i < lines.len() {
        let l = &lines[i];
        i += 1;
        let text = l.text;
        if text.trim().is_empty() {
            open = false;
            continue;
        }
        if let Some(title) = subheading(text) {
            // `### --to <address>...` (in backticks or not): a flag whose
            // description is the text under the heading, as API references
            // give each parameter a heading of its own.
            let offset = title.as_ptr() as usize - text.as_ptr() as usize;
            let dashed_title = bare.then(|| heading_with_dashes(title)).flatten();
            let parsed = parse_line(dashed_title.as_deref().unwrap_or(title));
            if let Err((message, column)) = parsed {
                invalid_name(l.line, offset + column, message, sink);
                under_heading = false;
                open = false;
                awaiting = false;
                continue;
            }
            if let Ok(Some(parts)) = parsed {
                out.push(parts.into_raw(l.line, offset, usize::MAX, required_group));
                under_heading = true;
                open = false;
                awaiting = false;
                continue;
            }
            under_heading = false;
            required_group = requires(title);
            open = false;
            awaiting = false;
            continue;
        }
        // `**Required flags:**`, `Optional:`: a group's label written as a
        // paragraph of its own, as a subheading would be (not a line of the
        // flag above it, nor one under a flag's own heading).
        if !open
            && !under_heading
            && !text.starts_with([' ', '\t'])
            && let Some(required) = group_label(text)
        {
            required_group = required;
            awaiting = false;
            continue;
        }
        if flag_table::is_row(text) {
            let rows = lines[i - 1..].iter().take_while(|r| flag_table::is_row(r.text)).count();
            let table = &lines[i - 1..i - 1 + rows];
            i += rows - 1;
            open = false;
            awaiting = false;
            for (row, kind) in table.iter().zip(flag_table::read(table, bare)) {
                match kind {
                    flag_table::RowKind::Flag(r) => match parse_line(&r.text) {
                        Ok(Some(parts)) => {
                            // The row's column is its flag cell's.
                            let mut flag = parts.into_raw(row.line, 0, usize::MAX, required_group);
                            flag.column = r.column;
                            out.push(flag);
                        }
                        Ok(None) => unrecognized(row, sink),
                        Err((message, _)) => invalid_name(row.line, r.column, message, sink),
                    },
                    flag_table::RowKind::Other if mentions_flag(row.text) => unrecognized(row, sink),
                    flag_table::RowKind::Structure | flag_table::RowKind::Other => {}
                }
            }
            continue;
        }
        let indent = text.len() - text.trim_start().len();
        let dashed;
        let text = match bare.then(|| with_dashes(text)).flatten() {
            Some(t) => {
                dashed = t;
                dashed.as_str()
            }
            None => text,
        };
        match parse_line(text) {
            Ok(Some(parts)) => {
                out.push(parts.into_raw(l.line, 0, indent, required_group));
                open = true;
                awaiting = true;
                under_heading = false;
            }
            Ok(None) => {
                // A definition list (`: What it is` under the flag, as
                // Pandoc and PHP Markdown Extra write them), or a man page's
                // indented description, possibly after a blank line.
                let definition = text.trim_start().strip_prefix(':').filter(|d| d.starts_with([' ', '\t']));
                if let Some(last) = out.last_mut()
                    && (under_heading
                        || (open || (awaiting && last.description.is_empty()))
                            && (indent > last.indent || definition.is_some()))
                {
                    // `- Type: integer` under the flag: a property, as a
                    // table column would give it.
                    let line = definition.unwrap_or(text).trim();
                    let list = last.repeated || last.description.contains(" list)");
                    let item = strip_list_marker(line);
                    let property = flag_table::property(item, list);
                    // `One of:` (or `Possible values:`) then the values as
                    // list items, each maybe with a note: `` - `json`: for
                    // programs ``.
                    if property.is_none()
                        && item.len() < line.len()
                        && (!last.value_items.is_empty() || last.description.trim_end().ends_with(':'))
                        && let Some((value, note)) = value_item(item)
                    {
                        last.description.push_str(if last.value_items.is_empty() { " " } else { ", " });
                        last.description.push_str(value);
                        last.value_items.push((value.to_string(), note.to_string()));
                        open = true;
                        continue;
                    }
                    end_value_items(last);
                    let piece = property.as_deref().unwrap_or(line);
                    if !piece.is_empty() {
                        // A definition starts a sentence: what the flag's
                        // own line said (`` `--city` *string*, required ``)
                        // ends there.
                        if definition.is_some()
                            && !last.description.is_empty()
                            && !last.description.ends_with(['.', '!', '?', ':'])
                        {
                            last.description.push('.');
                        }
                        if !last.description.is_empty() {
                            last.description.push(' ');
                        }
                        last.description.push_str(piece);
                    }
                    open = true;
                    continue;
                }
                open = false;
                awaiting = false;
                let stripped = strip_list_marker(text);
                if stripped.contains("--") && !stripped.starts_with('#') && mentions_flag(stripped) {
                    unrecognized(l, sink);
                }
            }
            Err((message, column)) => {
                invalid_name(l.line, column, message, sink);
                open = false;
                awaiting = false;
            }
        }
    }
    out.iter_mut().for_each(end_value_items);
    // `-h, --help  Print help` (pasted from a CLI's help) documents the
    // router's own help request: `<skill> --help` shows this page, so it is
    // no flag of the skill.
    out.retain(|f| f.name != "help");
    for f in out.iter_mut().filter(|f| f.in_required_group) {
        let lower = f.description.to_ascii_lowercase();
        let stated = ["required)", "(optional", "(default", "required]", "[optional", "[default"]
            .iter()
            .any(|marker| lower.contains(marker));
        if !stated && !f.description.is_empty() {
            f.description.push_str(" (required)");
        }
    }
    for f in &out {
        if f.description.is_empty() {
            sink.push(
                Code::FlagNoDescription,
                f.line,
                f.column,
                format!("flag `--{}` has no description", f.name),
                format!("describe it on the same line: `--{}  What it is (required)`", f.name),
            );
        }
    }
    out
}

/// A list item that is one value of an enum, first on it in backticks or
/// quotes or as a bare word, maybe followed by a note after `:`, a dash or
/// `=` (`` `json`: for programs ``, `"csv" - for spreadsheets`, `text`):
/// the value as written and the note.
fn value_item(item: &str) -> Option<(&str, &str)> {
    let quoted = item.strip_prefix(['`', '"']).and_then(|r| r.find(item.as_bytes()[0] as char).map(|end| end + 2));
    let end = quoted.unwrap_or_else(|| item.find(|c: char| c.is_whitespace() || c == ':').unwrap_or(item.len()));
    let (value, rest) = item.split_at(end);
    if !is_enum_value(value.trim_matches(['`', '"'])) {
        return None;
    }
    let rest = rest.trim_start();
    let note = match rest.strip_prefix([':', '—', '–', '-', '=']) {
        Some(note) => note.trim(),
        // `text (default)`: a group after the value.
        None if rest.is_empty() || rest.starts_with('(') => rest,
        None => return None,
    };
    Some((value, note))
}

/// Ends a run of values given as list items: the clause ends, and their
/// notes follow it in parentheses, as prose.
#[inline]
fn end_value_items(flag: &mut RawFlag) {
    if !flag.value_items.is_empty() {
        let items = std::mem::take(&mut flag.value_items);
        end_value_items_cold(&mut flag.description, &items);
    }
}

#[cold]
fn end_value_items_cold(description: &mut String, items: &[(String, String)]) {
    description.push('.');
    // `` - `json` (default) ``: the item says it is the default.
    let is_default = |note: &str| note.trim_matches(['(', ')', '*', '_', '.', ' ']).eq_ignore_ascii_case("default");
    if let Some((value, _)) = items.iter().find(|(_, note)| is_default(note)) {
        description.push_str(&format!(" (default: {value})"));
    }
    let notes: Vec<String> = items
        .iter()
        .filter(|(_, note)| !note.is_empty() && !is_default(note))
        .map(|(value, note)| format!("{value}: {note}"))
        .collect();
    if !notes.is_empty() {
        description.push_str(" (");
        description.push_str(&notes.join("; "));
        description.push(')');
    }
}

/// A list item that names a flag without dashes, as API references write
/// parameters, with `--` put before the name: `` - `title`: The title ``,
/// `- **title** (required): ...` (the markers also in emphasis,
/// `- **title** *(required)* — ...`), or a plain name followed by a marker
/// group, `- title (string): ...`. `None` for any other line.
fn with_dashes(text: &str) -> Option<String> {
    let item = strip_list_marker(text);
    if item.len() == text.trim_start().len() {
        return None;
    }
    let mut head = item;
    let mut wrapped = false;
    for wrap in ["**", "__", "`"] {
        if let Some(rest) = head.strip_prefix(wrap) {
            head = rest;
            wrapped = true;
        }
    }
    let name_len = head.bytes().take_while(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_').count();
    let (name, after) = head.split_at(name_len);
    if !is_flag_name(name) {
        return None;
    }
    let after_wrap = after.trim_start_matches(['`', '*', '_']);
    let closed = after.len() != after_wrap.len();
    let rest = after_wrap.trim_start();
    // `(required)`, also in emphasis (`*(required)*`, `_(string)_`).
    let separated = [":", "- ", "—", "–", "(", "<", "*(", "_("].iter().any(|sep| rest.starts_with(sep));
    let ok = if wrapped { closed && separated } else { after.starts_with(" (") };
    if !ok {
        return None;
    }
    let name_at = text.len() - head.len();
    Some(format!("{}--{}", &text[..name_at], &text[name_at..]))
}

/// A heading that names a flag without dashes, in a section that never
/// writes them (`### title`, ``### `due_date` ``, `### limit (integer)`),
/// with `--` put before the name. The name is in lower case, as a flag's
/// is, so that a heading in words (`### Notes`) stays one; a group's
/// title (`### required`) stays one too. `None` for any other heading.
fn heading_with_dashes(title: &str) -> Option<String> {
    if group_label(title).is_some() {
        return None;
    }
    let head = title.trim_start_matches(['*', '_', '`']);
    let name_len = head.bytes().take_while(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_').count();
    let (name, after) = head.split_at(name_len);
    let rest = after.trim_start_matches(['*', '_', '`']);
    let lower = name.bytes().all(|b| !b.is_ascii_uppercase());
    let ends = rest.is_empty() || [" (", " <", ":", " —", " -"].iter().any(|sep| rest.starts_with(sep));
    (lower && ends && is_flag_name(name)).then(|| {
        let at = title.len() - head.len();
        format!("{}--{}", &title[..at], &title[at..])
    })
}

/// Whether a group's title (`### Required flags`) makes its flags required.
fn requires(title: &str) -> bool {
    let title = title.to_ascii_lowercase();
    (title.contains("required") || title.contains("mandatory"))
        && !title.contains("optional")
        && !title.contains("not required")
}

/// A line of its own that labels a group of flags, as a subheading would
/// (`**Required flags:**`, `_Optional_`, `Required arguments:`,
/// `OPTIONAL`): whether its flags are required. Only these words may make
/// up a label, so a sentence or a flag's `Required: yes` is none.
pub(crate) fn group_label(text: &str) -> Option<bool> {
    const GROUP: [&str; 3] = ["required", "mandatory", "optional"];
    const NOUN: [&str; 10] =
        ["flags", "flag", "options", "arguments", "args", "parameters", "params", "inputs", "fields", "settings"];
    let t = text.trim();
    let lead = t.bytes().find(|&b| b != b'*' && b != b'_');
    if t.len() > 40 || !lead.is_some_and(|b| b"rRoOmM".contains(&b)) {
        return None;
    }
    let t = t.trim_matches(['*', '_']).trim_end().trim_end_matches(':').trim_end().trim_matches(['*', '_']);
    let t = t.trim_end_matches(':').trim();
    let mut words = t.split_ascii_whitespace();
    let first = words.next()?;
    let group = GROUP.iter().any(|g| first.eq_ignore_ascii_case(g));
    let rest_ok = words.all(|w| NOUN.iter().any(|n| w.eq_ignore_ascii_case(n)));
    (group && rest_ok).then(|| requires(t))
}

/// The title of a `###` (or deeper) heading line: a subsection of Flags;
/// or of a `##` one, which starts a section of flags in groups (`##
/// Required flags`, then `## Optional flags`), read as their subheadings.
fn subheading(text: &str) -> Option<&str> {
    let t = text.trim_start();
    let hashes = t.bytes().take_while(|&b| b == b'#').count();
    let title = t[hashes..].strip_prefix([' ', '\t'])?;
    (2..=6).contains(&hashes).then(|| title.trim().trim_end_matches('#').trim())
}

/// A line that mentions a flag but is not a flag line.
fn unrecognized(l: &SourceLine<'_>, sink: &mut Sink<'_>) {
    let indent = l.text.len() - l.text.trim_start().len();
    sink.push(
        Code::UnrecognizedFlagLine,
        l.line,
        indent + 1,
        format!("this line in `## Flags` mentions a flag but is not a flag line: `{}`", l.text.trim()),
        "start the line with the flag (`--name  description`), optionally as a list item, in backticks or in the first column of a table",
    );
}

/// Whether `node` has a shape [`from_frontmatter`] reads as flags: a list
/// of mappings with a `name`, a JSON Schema object with `properties`, or a
/// mapping of names to mappings. (A data block in the body is read as flags
/// only then; one of another shape is an example, not a declaration.)
pub(crate) fn declares_flags(node: &Node) -> bool {
    match &node.value {
        Value::Seq(items) => {
            !items.is_empty()
                && items
                    .iter()
                    .all(|i| matches!(&i.value, Value::Map(e) if field(e, "name").and_then(Node::as_text).is_some()))
        }
        Value::Map(entries) => match field(entries, "properties").map(|n| &n.value) {
            Some(Value::Map(_)) => true,
            Some(_) => false,
            None => !entries.is_empty() && entries.iter().all(|(_, v)| matches!(v.value, Value::Map(_))),
        },
        _ => false,
    }
}

/// Flags declared in the frontmatter (`parameters:` or `flags:`), or in a
/// data block of `## Flags`, as other skill formats write them: a list of
/// mappings with `name`, `description`, `type`, `required`, `default` and
/// `enum` (or `values`), or a JSON Schema object (`properties`,
/// `required`), as tool definitions write it. Each becomes the flag line a
/// `## Flags` table row with those columns would give, so types and
/// markers mean the same; its place is the entry's line.
pub(crate) fn from_frontmatter(key: &str, node: &Node, sink: &mut Sink<'_>) -> Vec<RawFlag> {
    let mut params: Vec<(&str, &Node, bool)> = Vec::new();
    match &node.value {
        Value::Seq(items) => {
            for item in items {
                match &item.value {
                    Value::Map(entries) => match field(entries, "name").and_then(Node::as_text) {
                        Some(name) => params.push((name, item, false)),
                        None => frontmatter_flag_problem(key, item, "has no `name`", sink),
                    },
                    _ => frontmatter_flag_problem(key, item, "is not a mapping", sink),
                }
            }
        }
        Value::Map(entries) => {
            // A JSON Schema object; `required` lists the required names.
            let required: Vec<&str> = match field(entries, "required").map(|n| &n.value) {
                Some(Value::Seq(names)) => names.iter().filter_map(Node::as_text).collect(),
                _ => Vec::new(),
            };
            match field(entries, "properties").map(|n| &n.value) {
                Some(Value::Map(props)) => {
                    for (name, prop) in props {
                        params.push((name, prop, required.contains(&name.as_str())));
                    }
                }
                // `query: {type: string, required: true}`: each flag by its
                // name, as YAML writes a table of named entries.
                None if !entries.is_empty() && entries.iter().all(|(_, v)| matches!(v.value, Value::Map(_))) => {
                    params.extend(entries.iter().map(|(name, param)| (name.as_str(), param, false)));
                }
                _ => frontmatter_flag_problem(
                    key,
                    node,
                    "is a mapping, but neither of flags by name nor with `properties`",
                    sink,
                ),
            }
        }
        Value::Null => {}
        Value::Scalar(..) => frontmatter_flag_problem(key, node, "is not a list", sink),
    }
    let mut out = Vec::new();
    for (name, param, required) in params {
        let name = name.trim_start_matches('-').to_string();
        if !is_flag_name(&name) {
            invalid_name(param.line, param.column, format!("`{name}` is not a valid flag name"), sink);
            continue;
        }
        let Value::Map(entries) = &param.value else {
            frontmatter_flag_problem(key, param, "is not a mapping", sink);
            continue;
        };
        let text = |k: &str| field(entries, k).and_then(Node::as_text).map(str::to_string);
        let texts = |k: &str| field(entries, k).and_then(node_texts);
        // JSON Schema's `array` with `items.type` (and `items.enum`); a
        // type given as a list (`[integer, "null"]`, JSON Schema's way to
        // allow null) is its first that is not `null`.
        let mut kind = schema_type(entries).unwrap_or_default();
        let list = kind == "array" || kind.ends_with("[]") || kind.starts_with("list");
        let items = match field(entries, "items").map(|n| &n.value) {
            Some(Value::Map(item)) if kind == "array" => Some(item.as_slice()),
            _ => None,
        };
        if kind == "array" {
            kind = format!("{} list", items.and_then(schema_type).unwrap_or_else(|| "string".into()));
        }
        if text("format").as_deref() == Some("date") {
            kind = if list { "date list".into() } else { "date".into() };
        }
        let mut description = text("description").unwrap_or_default();
        // What JSON Schema says about the values that no marker states
        // (`minimum`, `maxLength`, `pattern`, `format`), as sentences of
        // the help page: the model reads them there.
        if let Some(said) = schema_constraints(&text) {
            if !description.is_empty() && !description.ends_with(['.', '!', '?']) {
                description.push('.');
            }
            if !description.is_empty() {
                description.push(' ');
            }
            description.push_str(&said);
        }
        let mut add = |piece: Option<String>| {
            if let Some(p) = piece.filter(|p| !p.is_empty()) {
                // `One of:` starts a sentence.
                if p.starts_with("One") && !description.is_empty() && !description.ends_with(['.', '!', '?']) {
                    description.push('.');
                }
                if !description.is_empty() {
                    description.push(' ');
                }
                description.push_str(&p);
            }
        };
        let values = texts("enum")
            .or_else(|| texts("values"))
            .or_else(|| items.and_then(schema_values))
            .or_else(|| schema_values(entries));
        // An enum of strings is an enum: its values state the type. So is
        // one of numbers (`{type: integer, enum: [1, 2, 3]}`): the command
        // gives one of those words, and the tool schema lists them.
        let values_make_enum = matches!(
            kind.as_str(),
            "" | "string"
                | "string list"
                | "str"
                | "text"
                | "enum"
                | "enum list"
                | "integer"
                | "integer list"
                | "number"
                | "number list"
        );
        if !(values.is_some() && values_make_enum) {
            match flag_table::property(&format!("Type: {kind}"), list) {
                Some(marker) => add(Some(marker)),
                // Reported as an unknown type, with the ones there are.
                None if !matches!(kind.as_str(), "" | "object") => add(Some(format!("(type: {kind})"))),
                None => {}
            }
        }
        add(values.map(|v| flag_table::property(&format!("Values: {}", v.join(", ")), list).unwrap_or_default()));
        add(texts("default").map(|v| format!("(default: {})", v.join(", "))));
        if required {
            add(Some("(required)".to_string()));
        } else if let Some(r) = text("required") {
            add(flag_table::property(&format!("Required: {r}"), list));
        }
        out.push(RawFlag {
            name,
            short: None,
            placeholder: None,
            repeated: list,
            description,
            line: param.line,
            column: param.column,
            indent: usize::MAX,
            in_required_group: false,
            negated: false,
            value_items: Vec::new(),
        });
    }
    out
}

/// The bounds, lengths, pattern and format a JSON Schema property gives
/// (`text` reads one of its keys), as sentences: `From 0 to 100.`, `At
/// most 80 characters.`, `Matches `^[A-Z]{3}$`.`, `Format: email.`
/// `None` when it gives none. (A `date` format is the flag's type.)
fn schema_constraints(text: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let mut out = String::new();
    let mut say = |s: String| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&s);
    };
    let range = |low: Option<String>, high: Option<String>, unit: &str| match (low, high) {
        (Some(l), Some(h)) if l == h => Some(format!("Exactly {l}{unit}.")),
        (Some(l), Some(h)) => Some(format!("From {l} to {h}{unit}.")),
        (Some(l), None) => Some(format!("At least {l}{unit}.")),
        (None, Some(h)) => Some(format!("At most {h}{unit}.")),
        (None, None) => None,
    };
    if let Some(s) = range(text("minimum"), text("maximum"), "") {
        say(s);
    }
    // Draft 6 on: a number; draft 4's booleans say nothing alone.
    let bound = |k: &str| text(k).filter(|v| !v.eq_ignore_ascii_case("true") && !v.eq_ignore_ascii_case("false"));
    if let Some(v) = bound("exclusiveMinimum") {
        say(format!("Greater than {v}."));
    }
    if let Some(v) = bound("exclusiveMaximum") {
        say(format!("Less than {v}."));
    }
    if let Some(s) = range(text("minLength"), text("maxLength"), " characters") {
        say(s);
    }
    if let Some(s) = range(text("minItems"), text("maxItems"), " values") {
        say(s);
    }
    if let Some(p) = text("pattern") {
        say(format!("Matches `{p}`."));
    }
    if let Some(f) = text("format").filter(|f| f != "date") {
        say(format!("Format: {f}."));
    }
    (!out.is_empty()).then_some(out)
}

/// A JSON Schema entry's `type`, lowercased: the text, or the first of a
/// list that is not `null` (`[integer, "null"]`).
fn schema_type(entries: &[(String, Node)]) -> Option<String> {
    let node = field(entries, "type")?;
    match &node.value {
        Value::Seq(items) => items.iter().filter_map(Node::as_text).find(|t| !t.eq_ignore_ascii_case("null")),
        _ => node.as_text(),
    }
    .map(str::to_ascii_lowercase)
}

/// The allowed values of a JSON Schema entry: its `enum` (as `items` of an
/// array gives it), or an `anyOf` / `oneOf` whose every choice is a
/// `const` or an `enum` (`anyOf: [{const: asc}, {const: desc}]`, as tool
/// definitions write values that each have a description).
fn schema_values(entries: &[(String, Node)]) -> Option<Vec<String>> {
    if let Some(values) = field(entries, "enum").and_then(node_texts) {
        return Some(values);
    }
    let choices = match field(entries, "anyOf").or_else(|| field(entries, "oneOf")).map(|n| &n.value) {
        Some(Value::Seq(choices)) if !choices.is_empty() => choices,
        _ => return None,
    };
    let mut values = Vec::new();
    for choice in choices {
        let Value::Map(c) = &choice.value else { return None };
        match (field(c, "const"), field(c, "enum")) {
            (Some(v), _) => values.push(v.as_text()?.to_string()),
            (None, Some(e)) => values.extend(node_texts(e)?),
            (None, None) => return None,
        }
    }
    Some(values)
}

/// A YAML list's texts, or a scalar's as a list of one.
fn node_texts(node: &Node) -> Option<Vec<String>> {
    match &node.value {
        Value::Seq(items) => Some(items.iter().filter_map(Node::as_text).map(str::to_string).collect()),
        Value::Scalar(s, _) => Some(vec![s.clone()]),
        _ => None,
    }
}

/// The value under `key` of a YAML mapping's entries.
fn field<'n>(entries: &'n [(String, Node)], key: &str) -> Option<&'n Node> {
    entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn frontmatter_flag_problem(key: &str, node: &Node, what: &str, sink: &mut Sink<'_>) {
    sink.push(
        Code::InvalidField,
        node.line,
        node.column,
        format!("this `{key}` entry {what}"),
        "write each flag as `- name: title` (or `title:`), with `description:`, `type:` (string, integer, number, date, boolean, array), `required: true`, `default:` and `enum:` under it; or document it in `## Flags`",
    );
}

fn invalid_name(line: usize, column: usize, message: String, sink: &mut Sink<'_>) {
    sink.push(
        Code::InvalidFlagName,
        line,
        column,
        message,
        "flag names start with a lowercase letter and use only a-z, 0-9, `-` and `_`",
    );
}

fn mentions_flag(s: &str) -> bool {
    s.match_indices("--").any(|(i, _)| s[i + 2..].chars().next().is_some_and(|c| c.is_ascii_lowercase()))
}

/// Markers found in one description.
#[derive(Clone, Debug, Default)]
struct Markers {
    required: bool,
    optional: bool,
    defaults: Vec<String>,
    boolean: bool,
    explicit: Option<(ValueType, bool)>,
    bad_type: Option<String>,
    /// `(type: email)`: a format of text given as the type (a string).
    format_type: Option<String>,
    date: bool,
    one_of: Option<(Vec<String>, bool)>,
    /// `(type: enum)`, `(enum)`, a table's `enum` type: the values are the
    /// ones the description quotes; whether it takes several.
    enum_type: Option<bool>,
    /// The values came after a label that does not say how many a command
    /// gives (`Possible values:`): the placeholder's `...` decides.
    one_of_open: bool,
    space_separated: bool,
    /// The description with marker groups and the `One of:` clause removed,
    /// for prose checks.
    prose: String,
}

/// A sentence that is a type alone, emphasis or backticks aside
/// (`*integer*`, `` `date` ``, `string list`). It is short and starts as
/// a type word does, which is tested first: most sentences are prose.
fn type_sentence(sentence: &str) -> Option<(ValueType, bool)> {
    let t = sentence.trim_matches(|c| matches!(c, '*' | '_' | '`'));
    let first = t.as_bytes().first()?.to_ascii_lowercase();
    if t.len() > "list of booleans".len() || !b"stidblnf".contains(&first) {
        return None;
    }
    bare_type(t)
}

/// A type word that stands alone (a bare `(float)` group, a sentence that
/// is only `*number*`): [`parse_type`], less the number words that are also
/// prose (`double`, `decimal`, `numeric`: "line spacing (double)"), which
/// make a number only where a type is certain to be meant (`(type:
/// double)`, a table's Type column, frontmatter `type:`).
fn bare_type(t: &str) -> Option<(ValueType, bool)> {
    let (base, _) = list_form(t.trim());
    if ["double", "decimal", "numeric"].iter().any(|w| base.eq_ignore_ascii_case(w)) {
        return None;
    }
    parse_type(t)
}

pub(crate) fn parse_type(spec: &str) -> Option<(ValueType, bool)> {
    let s = spec.trim();
    let (base, list) = if s.eq_ignore_ascii_case("list") { ("string", true) } else { list_form(s) };
    // Besides the format's words: JSON Schema's, and those of the
    // languages skill authors write handlers in (`i64`, `f64`, `long`); a
    // switch in a table is often typed `flag`.
    let words: [(&[&str], ValueType); 5] = [
        (&["string", "text", "str", "&str"], ValueType::String),
        (
            &["integer", "int", "long", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "usize", "isize"],
            ValueType::Integer,
        ),
        (&["number", "float", "double", "decimal", "numeric", "real", "f32", "f64"], ValueType::Number),
        (&["date"], ValueType::Date),
        (&["boolean", "bool", "flag", "switch"], ValueType::Boolean),
    ];
    let t = words.iter().find(|(w, _)| w.iter().any(|w| base.eq_ignore_ascii_case(w)))?.1;
    Some((t, list))
}

/// Formats of text that authors give as a type (`email`, `url`, `uuid`,
/// `datetime`): a string, and whether a list of them (`list of urls`).
/// They are read as strings with a `format-type` warning rather than
/// refused: what they say about the value is a description, which no
/// check of a command enforces.
fn text_format(spec: &str) -> Option<bool> {
    const FORMATS: &[&str] = &[
        "email",
        "e-mail",
        "url",
        "uri",
        "link",
        "path",
        "file",
        "filename",
        "filepath",
        "dir",
        "directory",
        "uuid",
        "id",
        "time",
        "datetime",
        "date-time",
        "timestamp",
        "duration",
        "json",
        "regex",
        "hostname",
        "ip",
        "phone",
        "markdown",
        "char",
        "name",
    ];
    let (base, list) = list_form(spec.trim());
    FORMATS.iter().any(|f| base.eq_ignore_ascii_case(f)).then_some(list)
}

/// `enum`, `enum list`, `list of enums`, `enum[]`: a type that says the
/// flag is an enum, and whether it takes several values.
pub(crate) fn enum_type_word(spec: &str) -> Option<bool> {
    let (base, list) = list_form(spec.trim());
    base.eq_ignore_ascii_case("enum").then_some(list)
}

/// A type as its element type and whether it is a list: `list of dates`,
/// `date list`, `date[]` (plural `s` dropped), or one `date`.
pub(crate) fn list_form(s: &str) -> (&str, bool) {
    let (base, list) = if let Some(b) = strip_prefix_ignore_ascii_case(s, "list of ") {
        (b.trim(), true)
    } else if let Some(b) = s.strip_suffix("[]") {
        (b.trim(), true)
    } else if let Some(b) =
        s.len().checked_sub(" list".len()).filter(|&i| s.is_char_boundary(i) && s[i..].eq_ignore_ascii_case(" list"))
    {
        (s[..b].trim(), true)
    } else {
        (s, false)
    };
    (base.trim_end_matches(['s', 'S']), list)
}

/// The first run of two or more values in backticks or double quotes,
/// separated by commas, `|`, `/`, `or` or `and` (`` `red`, `green` or
/// `blue` ``, `` `short` | `long` ``): where it starts and ends, and the
/// values.
fn quoted_run(prose: &str) -> Option<(usize, usize, Vec<String>)> {
    let b = prose.as_bytes();
    let mut from = 0;
    while let Some(rel) = memchr::memchr2(b'`', b'"', &b[from..]) {
        let start = from + rel;
        let (mut at, mut end, mut values) = (start, start, Vec::new());
        while let Some(close) = memchr::memchr(b[at], &b[at + 1..]).map(|k| at + 1 + k) {
            let v = &prose[at + 1..close];
            if !is_enum_value(v) {
                break;
            }
            values.push(v.to_string());
            end = close + 1;
            // A separator, then the next quoted value.
            let rest = prose[end..].trim_start();
            let after = rest.strip_prefix("\\|").or_else(|| rest.strip_prefix([',', '|', '/'])).unwrap_or(rest);
            let after = after.trim_start();
            let after = strip_word_ignore_ascii_case(after, "or")
                .or_else(|| strip_word_ignore_ascii_case(after, "and"))
                .unwrap_or(after)
                .trim_start();
            if after.len() == rest.len() || !after.starts_with(['`', '"']) {
                break;
            }
            at = prose.len() - after.len();
        }
        if values.len() >= 2 {
            return Some((start, end, values));
        }
        from = end.max(start + 1);
    }
    None
}

/// Splits the values of a `One of:` clause.
fn enum_values(text: &str) -> Vec<String> {
    enum_items(text).map(|v| v.trim_matches(['`', '"', '\'']).to_string()).filter(|v| !v.is_empty()).collect()
}

/// The items of a list of values as written (quotes kept), split at commas,
/// at bars (`a | b`, in a table cell `a \| b`) and at the `or`/`and` before
/// the last one (`a, b, or c`, `a or b`).
fn enum_items(text: &str) -> impl Iterator<Item = &str> {
    text.split([',', '|']).flat_map(split_or_and).map(|v| {
        let v = v.trim().trim_end_matches('\\').trim_end();
        v.strip_prefix("or ").or_else(|| v.strip_prefix("and ")).unwrap_or(v).trim()
    })
}

/// `v` split at each ` or ` and ` and ` (bytewise: a `str` pattern builds a
/// substring searcher per call, and this runs for every enum clause).
fn split_or_and(v: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(v);
    core::iter::from_fn(move || {
        let s = rest?;
        let b = s.as_bytes();
        let cut = memchr::memchr_iter(b' ', b).find_map(|i| {
            let after = &b[i + 1..];
            [&b"or "[..], b"and "].into_iter().find(|w| after.starts_with(w)).map(|w| (i, i + 1 + w.len()))
        });
        match cut {
            Some((end, next)) => {
                rest = Some(&s[next..]);
                Some(&s[..end])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

/// `One of `a`, `b`` without the colon, as API references often write it:
/// where the clause starts, its length and whether it is `one or more of`.
/// The values must be quoted (in backticks or quotes), so that prose such
/// as `one of the recipients` is not read as values.
fn quoted_one_of(prose: &str) -> Option<(usize, usize, bool)> {
    one_of_clauses(prose).find(|&(i, len, _)| {
        let rest = &prose[i + len..];
        let clause = &rest[..clause_end(rest)];
        let quoted = |v: &str| v.len() >= 2 && ['`', '"', '\''].iter().any(|&q| v.starts_with(q) && v.ends_with(q));
        let (mut items, mut all_quoted) = (0, true);
        for v in enum_items(clause) {
            items += 1;
            all_quoted &= quoted(v);
        }
        items >= 2 && all_quoted
    })
}

/// Each `one of ` and `one or more of ` (any case) that starts a word:
/// where, its length and whether it is `one or more of`. One pass.
fn one_of_clauses(prose: &str) -> impl Iterator<Item = (usize, usize, bool)> + '_ {
    let b = prose.as_bytes();
    memchr::memchr2_iter(b'o', b'O', b).filter_map(move |i| {
        if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] >= 0x80) {
            return None;
        }
        let after = |w: &str| b.get(i..i + w.len()).is_some_and(|s| s.eq_ignore_ascii_case(w.as_bytes()));
        if after("one or more of ") {
            Some((i, "one or more of ".len(), true))
        } else if after("one of ") {
            Some((i, "one of ".len(), false))
        } else {
            None
        }
    })
}

/// A label that states the allowed values, first in its sentence:
/// `Possible values:`, `Allowed values:`, `Valid values:`, `Accepted
/// values:`, `Supported values:`, `Choices:` (not `Default values:`, nor a
/// label in the middle of prose): where it starts and its length.
fn values_label(prose: &str) -> Option<(usize, usize)> {
    const LABELS: [&str; 6] =
        ["possible values:", "allowed values:", "valid values:", "accepted values:", "supported values:", "choices:"];
    // Each label ends with its colon: look only before each colon.
    let b = prose.as_bytes();
    memchr::memchr_iter(b':', b).find_map(|colon| {
        let end = colon + 1;
        let label =
            LABELS.iter().find(|l| end >= l.len() && b[end - l.len()..end].eq_ignore_ascii_case(l.as_bytes()))?;
        let i = end - label.len();
        let before = prose[..i].trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_'));
        (before.is_empty() || before.ends_with(['.', ';', ':', '(', '!', '?'])).then_some((i, label.len()))
    })
}

/// Where a clause that runs to the end of a sentence stops.
fn clause_end(s: &str) -> usize {
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'(' || c == b';' {
            return i;
        }
        if c == b'.' && (i + 1 == b.len() || b[i + 1] == b' ') {
            return i;
        }
    }
    s.len()
}

fn markers(description: &str) -> Markers {
    let mut m = Markers::default();
    // Never longer than the description: one allocation.
    let mut prose = String::with_capacity(description.len());
    // Top-level parenthesized groups, and bracketed ones as docopt writes
    // them (`[default: 10]`, `[required]`; not a link's `[text](url)`).
    let mut depth = 0usize;
    let mut group_start = 0usize;
    let mut bracket_start = None;
    let mut last = 0usize;
    // Bytes: the brackets are ASCII, so their places are char boundaries.
    for (i, c) in description.bytes().enumerate() {
        match c {
            b'[' if depth == 0 => bracket_start = Some(i),
            b']' if depth == 0
                && let Some(start) = bracket_start.take() =>
            {
                let inner = &description[start + 1..i];
                if start >= last && !description[i + 1..].starts_with('(') && marker_group(inner, &mut m) {
                    prose.push_str(&description[last..start]);
                    last = i + 1;
                }
            }
            b'(' => {
                if depth == 0 {
                    group_start = i;
                }
                depth += 1;
            }
            b')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    let inner = &description[group_start + 1..i];
                    if marker_group(inner, &mut m) {
                        prose.push_str(&description[last..group_start]);
                        last = i + 1;
                    }
                }
            }
            _ => {}
        }
    }
    prose.push_str(&description[last..]);
    let mut prose = sentence_markers(prose, &mut m);
    // `One or more of:` before `One of:`, which it contains.
    let clause = find_ignore_ascii_case(&prose, "one or more of:")
        .map(|i| (i, "one or more of:".len(), true))
        .or_else(|| find_ignore_ascii_case(&prose, "one of:").map(|i| (i, "one of:".len(), false)))
        .or_else(|| quoted_one_of(&prose))
        .or_else(|| {
            let (i, len) = values_label(&prose)?;
            m.one_of_open = true;
            Some((i, len, false))
        });
    if let Some((i, len, multi)) = clause {
        let rest = &prose[i + len..];
        let end = clause_end(rest);
        m.one_of = Some((enum_values(&rest[..end]), multi));
        prose = format!("{}{}", &prose[..i], &rest[end..]);
    }
    // `(type: enum)` with the values quoted in the prose (`` `red`, `green`
    // or `blue` ``); without them, an enum without values (reported).
    if let Some(list) = m.enum_type {
        match &mut m.one_of {
            Some((_, multi)) => *multi |= list,
            None => {
                let values = quoted_run(&prose).map(|(start, end, values)| {
                    prose = format!("{}{}", &prose[..start], &prose[end..]);
                    values
                });
                m.one_of = Some((values.unwrap_or_default(), list));
            }
        }
    }
    m.space_separated = find_ignore_ascii_case(&prose, "space-separated").is_some()
        || find_ignore_ascii_case(&prose, "space separated").is_some();
    m.prose = prose;
    m
}

/// `prose` less the sentences that are a marker alone, which API references
/// write instead of a group: `Required. The title.`, `The title.
/// **Required.**`, `Optional.`
fn sentence_markers(prose: String, m: &mut Markers) -> String {
    // A type word alone is the first sentence when it is one (a definition
    // list's term line: `` `--limit` *integer* `` then `: How many.`).
    let first_is_type = || {
        let lead = prose.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`'));
        if !lead.as_bytes().first().is_some_and(|c| b"stidblnfSTIDBLNF".contains(c)) {
            return false;
        }
        let b = prose.as_bytes();
        let end = memchr::memchr_iter(b'.', b).find(|&i| b.get(i + 1) == Some(&b' ')).unwrap_or(b.len());
        type_sentence(prose[..end].trim().trim_end_matches('.')).is_some()
    };
    let has_default = find_ignore_ascii_case(&prose, "default").is_some();
    if !has_default
        && find_ignore_ascii_case(&prose, "required").is_none()
        && find_ignore_ascii_case(&prose, "optional").is_none()
        && !first_is_type()
    {
        return prose;
    }
    let mut kept = String::new();
    for mut sentence in sentences(&prose) {
        // `The note text, required.`: the marker after a separator, last in
        // the sentence.
        if let Some((rest, word)) = trailing_marker(sentence) {
            match word {
                "required" => m.required = true,
                _ => m.optional = true,
            }
            sentence = rest;
        }
        // `Level, default `2`.`: a default after a separator, last.
        if has_default && let Some((rest, value)) = trailing_default(sentence) {
            m.defaults.push(value);
            sentence = rest;
        }
        // After a marker group, the separator may lead: `(string): Required.`
        let word = sentence.trim().trim_start_matches([':', '-', '–', '—']).trim();
        let word = word.trim_matches(['*', '_']).trim_end_matches(['.', '!']).trim_matches(['*', '_']);
        if word.eq_ignore_ascii_case("required") {
            m.required = true;
        } else if word.eq_ignore_ascii_case("optional") {
            m.optional = true;
        } else if let Some(t) = type_sentence(word).filter(|_| m.explicit.is_none()) {
            // `*integer*`, `` `string` ``: a type word alone, as a
            // definition list's term line gives it.
            m.explicit = Some(t);
        } else if let Some(v) = sentence_default(word) {
            // `Default: `10`.`, `**Default:** 1`, `Defaults to `asc`.`: a
            // sentence that is a default alone, with a value that cannot
            // be prose.
            m.defaults.push(v);
        } else {
            kept.push_str(sentence);
        }
    }
    kept
}

/// The sentences of `prose`, each with the blank after it: a sentence ends
/// at `. `, also when emphasis closes after its period (`**Required.** The
/// name.`).
fn sentences(prose: &str) -> impl Iterator<Item = &str> {
    let b = prose.as_bytes();
    let mut start = 0;
    core::iter::from_fn(move || {
        if start >= b.len() {
            return None;
        }
        let mut i = start;
        while let Some(dot) = memchr::memchr(b'.', &b[i..]).map(|d| i + d) {
            let after = dot + 1 + b[dot + 1..].iter().take_while(|&&c| c == b'*' || c == b'_').count();
            if b.get(after) == Some(&b' ') {
                let sentence = &prose[start..after + 1];
                start = after + 1;
                return Some(sentence);
            }
            i = dot + 1;
        }
        let rest = &prose[start..];
        start = b.len();
        Some(rest)
    })
}

/// A sentence that ends with `, required` or `, optional` (or after `;`
/// or a dash): the sentence before it and the marker.
fn trailing_marker(sentence: &str) -> Option<(&str, &'static str)> {
    let t = sentence.trim_end().trim_end_matches(['.', '*', '_']);
    ["required", "optional"].into_iter().find_map(|word| {
        let start = t.len().checked_sub(word.len())?;
        if !t.is_char_boundary(start) || !t[start..].eq_ignore_ascii_case(word) {
            return None;
        }
        let before = t[..start].trim_end_matches(['*', '_']).trim_end();
        let rest = before.strip_suffix([',', ';', '-', '–', '—'])?.trim_end();
        (!rest.is_empty()).then_some((rest, word))
    })
}

/// A sentence that ends with a default after a comma, semicolon or dash
/// (`Level, default `2``, `Sort order; defaults to "asc".`), its value
/// [`unmistakable`]: the sentence before it and the value.
fn trailing_default(sentence: &str) -> Option<(&str, String)> {
    let t = sentence.trim_end().trim_end_matches(['.', '*', '_']);
    let b = t.as_bytes();
    let at = memchr::memrchr2_iter(b'd', b'D', b).find(|&i| {
        b[i..].len() >= "default".len()
            && b[i..i + "default".len()].eq_ignore_ascii_case(b"default")
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
    })?;
    let before = t[..at].trim_end_matches(['*', '_']).trim_end();
    let rest = before.strip_suffix([',', ';', '-', '–', '—'])?.trim_end();
    let value = sentence_default(&t[at..])?;
    (!rest.is_empty()).then_some((rest, value))
}

/// Applies one parenthesized group; false when it is prose. A group may
/// hold several markers separated by commas, and a bare type word counts as
/// its `(type: ...)`, as API references write them: `(string, required)`,
/// `(integer, default: 20)` (a default comes last: its value may hold
/// commas).
fn marker_group(inner: &str, m: &mut Markers) -> bool {
    if one_marker(inner, m) {
        return true;
    }
    if inner.contains(',') {
        let mut trial = m.clone();
        if split_markers(inner, &mut trial, false) {
            *m = trial;
            return true;
        }
    }
    // A group that states the type first says what the flag is, whatever
    // follows: `(type: string, format: email)`, `(type: integer, 1 to
    // 10)`. The markers after it count (`required`); the rest is prose. Its
    // first part is a `type:` marker, which [`one_marker`] always takes (a
    // type that is none of the format's, `(type: guid, v4)`, is reported).
    if strip_prefix_ignore_ascii_case(inner.trim().trim_matches(['*', '_']).trim(), "type:").is_some() {
        split_markers(inner, m, true);
        return true;
    }
    false
}

/// The markers of a group separated by commas (`type: number, required`);
/// false when a part is not one, unless `lenient`, which skips such parts.
fn split_markers(inner: &str, m: &mut Markers, lenient: bool) -> bool {
    let mut rest = inner;
    loop {
        let part_end = if strip_prefix_ignore_ascii_case(rest.trim_start(), "default:").is_some() {
            rest.len()
        } else {
            rest.find(',').unwrap_or(rest.len())
        };
        let part = rest[..part_end].trim();
        if !lenient && (part.is_empty() || !one_marker(part, m)) {
            return false;
        }
        if lenient && !part.is_empty() {
            let mut trial = m.clone();
            if one_marker(part, &mut trial) {
                *m = trial;
            }
        }
        if part_end == rest.len() {
            return true;
        }
        rest = &rest[part_end + 1..];
    }
}

/// Applies one marker; false when `inner` is not one.
fn one_marker(inner: &str, m: &mut Markers) -> bool {
    // `(**required**)`, `(*optional*)`, `` (`string`) ``: emphasis, and a
    // code span around the whole marker, are not part of it.
    let t = inner.trim().trim_matches(['*', '_']).trim();
    let t = match t.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
        Some(code) if !code.contains('`') => code.trim(),
        _ => t,
    };
    let is = |word: &str| t.eq_ignore_ascii_case(word);
    if is("required") {
        m.required = true;
    } else if is("optional") {
        m.optional = true;
    } else if is("boolean flag") || is("boolean") {
        m.boolean = true;
    } else if is("yyyy-mm-dd") {
        m.date = true;
    } else if let Some(v) = strip_prefix_ignore_ascii_case(t, "default:") {
        m.defaults.push(v.trim().to_string());
    } else if let Some(v) = default_in_words(t) {
        m.defaults.push(v.to_string());
    } else if let Some(v) = strip_prefix_ignore_ascii_case(t, "type:") {
        match (parse_type(v), enum_type_word(v)) {
            (Some(t), _) => m.explicit = Some(t),
            (None, Some(list)) => m.enum_type = Some(list),
            // `type: number, required`: more markers after the type, which
            // the group reads one by one ([`marker_group`]).
            (None, None) if v.contains(',') => return false,
            (None, None) => match text_format(v) {
                Some(list) => {
                    m.explicit = Some((ValueType::String, list));
                    m.format_type = Some(v.trim().to_string());
                }
                None => m.bad_type = Some(v.trim().to_string()),
            },
        }
    } else if let Some(list) = enum_type_word(t) {
        m.enum_type = Some(list);
    } else if let Some(t) = bare_type(t).filter(|_| m.explicit.is_none()) {
        // A bare type word: `(integer)`, `(string list)`.
        m.explicit = Some(t);
    } else {
        return false;
    }
    true
}

/// A default stated in words rather than as `default: v`: `default 5`,
/// `default=5`, `default is `asc``, `defaults to "none"`, when its value
/// is [`unmistakable`].
fn default_in_words(t: &str) -> Option<&str> {
    let v = ["defaults to ", "default is ", "default = ", "default=", "default "]
        .iter()
        .find_map(|p| strip_prefix_ignore_ascii_case(t, p))?
        .trim();
    unmistakable(v).then_some(v)
}

/// A value that cannot be prose: a number (`20`, `0.5`), or one value in
/// backticks or quotes (`defaults to today` and `defaults to the sender`
/// stay prose, which the `prose-default` warning reports).
fn unmistakable(v: &str) -> bool {
    let quoted = |q: char| v.len() >= 2 && v.starts_with(q) && v.ends_with(q) && !v[1..v.len() - 1].contains(q);
    is_number(v) || quoted('`') || quoted('"') || quoted('\'')
}

/// The value of a sentence that states a default and nothing else (its
/// emphasis left out): `Default: 1`, or [`default_in_words`].
fn sentence_default(sentence: &str) -> Option<String> {
    let plain = sentence.replace('*', "");
    match strip_prefix_ignore_ascii_case(&plain, "default:") {
        Some(v) => Some(v.trim()).filter(|v| unmistakable(v)).map(str::to_string),
        None => default_in_words(&plain).map(str::to_string),
    }
}

fn is_enum_value(v: &str) -> bool {
    let b = v.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphanumeric()
        && b.iter().all(|c| c.is_ascii_alphanumeric() || b"_.:/+-".contains(c))
}

/// `Label: a, b, c` in prose: the values, if it looks like an enum.
fn prose_enum(prose: &str) -> Option<Vec<String>> {
    // `One of low, normal, high`: the clause without its colon.
    for (i, len, _) in one_of_clauses(prose) {
        let rest = &prose[i + len..];
        let values = enum_values(&rest[..clause_end(rest)]);
        if values.len() >= 2 && values.iter().all(|v| is_enum_value(v) && !v.contains(' ')) {
            return Some(values);
        }
    }
    // `` `short` | `long` ``, `` `small`, `medium` or `large` ``: quoted
    // values, unless they are examples (`e.g. `today` or `2026-03-01``).
    if let Some((start, _, values)) = quoted_run(prose) {
        let mut cut = start.saturating_sub(40);
        while !prose.is_char_boundary(cut) {
            cut += 1;
        }
        let window = &prose[cut..start];
        if !["e.g", "for example", "such as", "i.e", "like "]
            .iter()
            .any(|w| find_ignore_ascii_case(window, w).is_some())
        {
            return Some(values);
        }
    }
    let mut from = 0;
    while let Some(rel) = prose[from..].find(':') {
        let colon = from + rel;
        from = colon + 1;
        let label = prose[..colon].rsplit(['.', ';']).next().unwrap_or("").trim();
        if label.is_empty() || !label.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-') {
            continue;
        }
        let rest = &prose[colon + 1..];
        let values = enum_values(&rest[..clause_end(rest)]);
        if values.len() >= 2 && values.iter().all(|v| is_enum_value(v) && !v.contains(' ')) {
            return Some(values);
        }
    }
    None
}

/// `addresses`, `tags`, `file_ids`, but not `status`, `address`, `alias`,
/// nor a unit one amount is counted in (`SECONDS`, `max_bytes`, `days`).
fn looks_plural(placeholder: &str) -> bool {
    const UNITS: &[&str] = &[
        "seconds",
        "secs",
        "minutes",
        "mins",
        "hours",
        "hrs",
        "days",
        "weeks",
        "months",
        "years",
        "millis",
        "milliseconds",
        "micros",
        "nanos",
        "bytes",
        "kbytes",
        "bits",
        "pixels",
        "degrees",
        "meters",
        "metres",
        "miles",
        "retries",
        "cents",
    ];
    let p = placeholder.to_ascii_lowercase();
    let last = p.rsplit(['_', '-', ' ']).next().unwrap_or(&p);
    last.len() > 3
        && last.ends_with('s')
        && !["ss", "us", "is", "os"].iter().any(|e| last.ends_with(e))
        && !UNITS.contains(&last)
}

fn mentions_default(prose: &str) -> bool {
    let mut from = 0;
    while let Some(rel) = find_ignore_ascii_case(&prose[from..], "default") {
        let i = from + rel;
        from = i + "default".len();
        let before = prose[..i].chars().next_back();
        let after = prose[from..].chars().next();
        if !before.is_some_and(|c| c.is_alphanumeric())
            && !after.is_some_and(|c| c.is_alphanumeric() && c != 's' && c != 'S')
        {
            return true;
        }
    }
    false
}

/// A value without its quotes: a code span's backticks, then a pair of
/// straight quotes inside it (`` `"asc"` ``, as a literal is written).
fn strip_quotes(s: &str) -> &str {
    let s = s.trim();
    let s = s.strip_prefix('`').and_then(|r| r.strip_suffix('`')).unwrap_or(s);
    for q in ['"', '\''] {
        if let Some(inner) = s.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    s
}

/// Resolves the markers of `raw` (with what Usage says about it) into a flag.
///
/// `bare_is_switch`: other flag lines of the section write a placeholder, so
/// a line without one (`--archived  Include archived ones`) is a switch, as
/// in a man page.
pub(crate) fn resolve(
    raw: &mut RawFlag,
    usage: Option<&UsageFlag>,
    in_usage_section: bool,
    bare_is_switch: bool,
    sink: &mut Sink<'_>,
) -> Option<Flag> {
    let mut m = markers(&raw.description);
    let name = &raw.name;
    let (line, col) = (raw.line, raw.column);
    let mut ok = true;

    if let Some(bad) = &m.bad_type {
        let types = ["string", "integer", "number", "date", "boolean", "enum", "float", "text", "bool", "int"];
        let (base, list) = list_form(bad);
        let hint = match skills_core::suggest::closest(base, types.iter().copied()) {
            Some(t) => format!("did you mean `(type: {t}{})`?", if list { " list" } else { "" }),
            None => "use one of `(type: string)`, `(type: integer)`, `(type: number)`, `(type: date)`, `(type: boolean)`, optionally with `list` (`(type: integer list)`); enums use `One of: a, b`".to_string(),
        };
        sink.push(Code::InvalidType, line, col, format!("`--{name}` has an unknown type `(type: {bad})`"), hint);
        ok = false;
    }
    if let Some(format) = &m.format_type {
        sink.push(
            Code::FormatType,
            line,
            col,
            format!("`--{name}` says `(type: {format})`, a format of text, so it is read as a string"),
            format!("write `(type: string)` and describe the format (`{format}`) in words; a command's value is not checked against it"),
        );
    }
    if m.defaults.len() > 1 {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` has {} `(default: ...)` markers", m.defaults.len()),
            "keep one `(default: ...)`",
        );
        ok = false;
    }
    if m.required && m.optional {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` is marked both `(required)` and `(optional)`"),
            "keep one of them",
        );
        ok = false;
    }

    // Explicit type sources, which must agree.
    let mut declared: Vec<(&str, ValueType)> = Vec::new();
    // `(type: integer)` with `One of: 1, 2, 3`: values of that type, listed;
    // the list makes the enum and the two agree.
    let numbers_listed = match (m.explicit, &m.one_of) {
        (Some((ValueType::Integer, _)), Some((values, _))) => values.iter().all(|v| parse_integer(v).is_some()),
        (Some((ValueType::Number, _)), Some((values, _))) => values.iter().all(|v| skills_core::args::is_number(v)),
        _ => false,
    };
    if let Some((t, _)) = m.explicit.filter(|_| !numbers_listed) {
        declared.push(("(type: ...)", t));
    }
    if m.boolean {
        declared.push(("(boolean flag)", ValueType::Boolean));
    }
    if raw.negated {
        declared.push(("--[no-]", ValueType::Boolean));
        sink.push(
            Code::NegatedForm,
            line,
            col,
            format!("`--[no-]{name}` declares the switch `--{name}`; commands cannot write `--no-{name}`"),
            format!(
                "write `--{name}` (a switch is off when left out), and say in its description what leaving it out means"
            ),
        );
    }
    if m.one_of.is_some() {
        declared.push(("One of:", ValueType::Enum));
    }
    if m.date {
        declared.push(("(YYYY-MM-DD)", ValueType::Date));
    }
    if let Some(&(first_marker, first)) = declared.first()
        && let Some(&(other_marker, _)) = declared.iter().find(|(_, t)| *t != first)
    {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` says both `{first_marker}` and `{other_marker}`"),
            "keep the marker that states the flag's type and remove the other",
        );
        ok = false;
    }

    // Moved out, as the description is below.
    let flag_line_placeholder = raw.placeholder.is_some();
    let placeholder = raw.placeholder.take().or_else(|| usage.and_then(|u| u.placeholder.clone()));
    // A placeholder that names its type, in any case (`<N>`, `<Date>`).
    let placeholder_is =
        |kinds: &[&str]| placeholder.as_deref().is_some_and(|p| kinds.iter().any(|k| p.trim().eq_ignore_ascii_case(k)));
    let default_raw: Option<&str> = m.defaults.first().map(|d| strip_quotes(d));
    // `(default: "")`, a table cell `""`: the empty string, written so.
    let quoted_empty = m.defaults.first().is_some_and(|d| {
        let d = d.trim();
        d.len() >= 2 && strip_quotes(d).is_empty()
    });

    let explicit_type = declared.first().map(|(_, t)| *t);
    let value_type = match explicit_type {
        Some(t) => t,
        None => {
            if placeholder_is(keys::INTEGER_PLACEHOLDERS) {
                ValueType::Integer
            } else if placeholder_is(keys::NUMBER_PLACEHOLDERS) {
                ValueType::Number
            } else if placeholder_is(keys::DATE_PLACEHOLDERS) {
                ValueType::Date
            } else if default_raw.is_some_and(|d| {
                let parts = split_default(d, true);
                !parts.is_empty() && parts.iter().all(|v| parse_integer(v).is_some())
            }) {
                ValueType::Integer
            } else if (usage.is_some_and(|u| u.placeholder.is_none()) || usage.is_none() && bare_is_switch)
                && !flag_line_placeholder
                // `(default: false)` is what an absent switch means anyway.
                && default_raw.is_none_or(|d| d.eq_ignore_ascii_case("false"))
            {
                ValueType::Boolean
            } else {
                ValueType::String
            }
        }
    };

    let multi_enum = m.one_of.as_ref().is_some_and(|(_, multi)| *multi);
    // `<tag>...` in the Flags line or in Usage: several values, unless a
    // marker declares one value, which wins (explicit over inferred).
    let repeated_at =
        if raw.repeated { Some((line, col)) } else { usage.filter(|u| u.repeated).map(|u| (u.line, u.column)) };
    let declared_single = m.explicit.is_some_and(|(_, l)| !l)
        || m.one_of.as_ref().is_some_and(|(_, multi)| !multi) && !m.one_of_open
        || value_type == ValueType::Boolean;
    let list = m.explicit.is_some_and(|(_, l)| l)
        || m.space_separated
        || multi_enum
        || (repeated_at.is_some() && !declared_single);
    if let Some((at_line, at_col)) = repeated_at
        && !list
    {
        let fix = if m.one_of.is_some() {
            "write `One or more of:` to accept several values, or remove the `...`".to_string()
        } else if value_type == ValueType::Boolean {
            "a boolean flag takes no value: remove the placeholder and the `...`".to_string()
        } else {
            format!(
                "write `(type: {} list)` to accept several values (`--{name} a b`), or remove the `...`",
                value_type.name()
            )
        };
        sink.push(
            Code::UsageMismatch,
            at_line,
            at_col,
            format!("`--{name}` is shown with `...` (several values) but its description declares one value"),
            fix,
        );
    }
    if list && value_type == ValueType::Boolean {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` is a boolean flag but also takes several values"),
            "a boolean flag takes no value; remove `space-separated` or the boolean marker",
        );
        ok = false;
    }
    if m.one_of.as_ref().is_some_and(|(_, multi)| !multi) && !m.one_of_open && m.space_separated {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` says `One of:` (one value) and `space-separated` (several)"),
            "write `One or more of:` for an enum that takes several values",
        );
        ok = false;
    }

    // Enum values.
    let mut values = Vec::new();
    // The markers' values move into the flag (nothing reads them after).
    if let Some((vals, _)) = m.one_of.take() {
        if vals.is_empty() {
            sink.push(
                Code::InvalidEnumValue,
                line,
                col,
                format!("`--{name}` is an enum without values"),
                "list the values: `One of: a, b, c` (or, after `(type: enum)`, each in backticks: `a`, `b` or `c`)",
            );
            ok = false;
        }
        for v in vals {
            if !is_enum_value(&v) {
                sink.push(
                    Code::InvalidEnumValue,
                    line,
                    col,
                    format!("`{v}` is not a valid value of `--{name}`"),
                    "enum values are single words of letters, digits and `_ . : / + -`; end the list with `.` or `(` before more prose",
                );
                ok = false;
            } else if values.iter().any(|x: &String| x.eq_ignore_ascii_case(&v)) {
                sink.push(
                    Code::InvalidEnumValue,
                    line,
                    col,
                    format!("`{v}` is listed twice in `--{name}`"),
                    "list each value once",
                );
                ok = false;
            } else {
                values.push(v);
            }
        }
    }

    // Default.
    let mut default = None;
    if let Some(d) = default_raw {
        let parts = split_default(d, list);
        let mut good = true;
        if m.required {
            sink.push(
                Code::InvalidDefault,
                line,
                col,
                format!("`--{name}` is `(required)` and has a default, which would never be used"),
                "remove `(required)` or the default",
            );
            good = false;
        }
        let empty_string = parts.is_empty() && quoted_empty && value_type == ValueType::String && !list;
        if parts.is_empty() && !empty_string {
            sink.push(
                Code::InvalidDefault,
                line,
                col,
                format!("`--{name}` has an empty default"),
                if list {
                    "a list's default lists its values (`(default: a, b)`); without the marker, an absent list is empty"
                } else if value_type == ValueType::String {
                    "write the empty string quoted, `(default: \"\")`, or remove the marker"
                } else {
                    "write the value, or remove the marker: an optional flag without a default is absent when not given"
                },
            );
            good = false;
        }
        if !list && parts.len() > 1 && value_type != ValueType::String {
            sink.push(
                Code::InvalidDefault,
                line,
                col,
                format!("`--{name}` takes one value but its default lists {}: `{d}`", parts.len()),
                "give one default value, or make the flag a list (`space-separated` / `One or more of:`)",
            );
            good = false;
        }
        for v in &parts {
            match value_type {
                ValueType::Integer if parse_integer(v).is_none() => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("default `{v}` of `--{name}` is not an integer"),
                        "write an integer such as `(default: 20)`",
                    );
                    good = false;
                }
                ValueType::Number if !skills_core::args::is_number(v) => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("default `{v}` of `--{name}` is not a number"),
                        "write a number such as `(default: 0.5)`",
                    );
                    good = false;
                }
                ValueType::Date => {
                    if let Err(e) = Date::parse(v) {
                        sink.push(Code::InvalidDefault, line, col, format!("default `{v}` of `--{name}` is not a date: {e}"), "write `(default: 2026-01-31)`, or leave the flag optional and describe the fallback in `## Behavior`");
                        good = false;
                    }
                }
                ValueType::Enum if !values.iter().any(|x| x.eq_ignore_ascii_case(v)) && !values.is_empty() => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("default `{v}` of `--{name}` is not one of its values ({})", values.join(", ")),
                        format!("use one of: {}", values.join(", ")),
                    );
                    good = false;
                }
                ValueType::Boolean if v.eq_ignore_ascii_case("true") => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("boolean `--{name}` defaults to true, so it could never be turned off"),
                        "rename the flag to its opposite (`--no-x`) and let it default to false",
                    );
                    good = false;
                }
                ValueType::Boolean if !v.eq_ignore_ascii_case("false") => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("boolean `--{name}` has default `{v}`"),
                        "a boolean flag is false when absent; remove the default",
                    );
                    good = false;
                }
                _ => {}
            }
        }
        if good && value_type != ValueType::Boolean {
            // Enum defaults are stored as written in the value list.
            let parts = if empty_string { vec![String::new()] } else { parts };
            let parts = parts
                .into_iter()
                .map(|v| match values.iter().find(|x| x.eq_ignore_ascii_case(&v)) {
                    Some(listed) if *listed != v => listed.clone(),
                    _ => v,
                })
                .collect();
            default = Some(parts);
        }
        ok &= good;
    }

    // Prose that looks like markers it is not.
    let explicit_string = m.explicit.is_some_and(|(t, _)| t == ValueType::String);
    // Choices in the placeholder (`<asc|desc>`, `{en,fr,de}`, as docopt and
    // argparse write them) are prose to this format, which states an enum
    // with `One of:`: the same warning as a label's values.
    let listed = || prose_enum(&m.prose).or_else(|| placeholder.as_deref().and_then(placeholder_choices));
    if value_type == ValueType::String
        && !explicit_string
        && let Some(vals) = listed()
    {
        sink.push(
            Code::ProseEnum,
            line,
            col,
            format!("`--{name}` lists values ({}) but without `One of:` it accepts any text", vals.join(", ")),
            format!(
                "write `One of: {}` to make it an enum, or add `(type: string)` to keep it free text",
                vals.join(", ")
            ),
        );
    }
    if !list && !explicit_string && m.explicit.is_none() {
        if find_ignore_ascii_case(&m.prose, "comma-separated").is_some()
            || find_ignore_ascii_case(&m.prose, "comma separated").is_some()
        {
            sink.push(
                Code::ProseList,
                line,
                col,
                format!("`--{name}` is described as comma-separated but takes one value"),
                format!("commands separate values with spaces: write `space-separated` (then `--{name} a b`), or add `(type: string)` to keep one value"),
            );
        } else if let Some(p) = placeholder.as_deref()
            && p.len() > 3
            && looks_plural(p)
            && value_type == ValueType::String
        {
            sink.push(
                Code::ProseList,
                line,
                col,
                format!("`--{name}` has the plural placeholder `<{p}>` but takes one value"),
                format!("add `space-separated` to its description to accept several values (`--{name} a b`), or add `(type: string)` to keep one"),
            );
        }
    }
    if default_raw.is_none() && mentions_default(&m.prose) {
        sink.push(
            Code::ProseDefault,
            line,
            col,
            format!("`--{name}` mentions a default in prose, which the runtime cannot apply"),
            "state it as a marker: `(default: value)`",
        );
    }

    // Usage agreement.
    if let Some(u) = usage {
        if m.required && u.optional {
            sink.push(
                Code::UsageMismatch,
                u.line,
                u.column,
                format!("Usage shows `--{name}` in brackets (optional) but Flags marks it `(required)`"),
                format!("remove the brackets around `--{name}` in Usage, or the `(required)` marker"),
            );
        } else if !m.required && !u.optional {
            sink.push(
                Code::UsageMismatch,
                u.line,
                u.column,
                format!("Usage shows `--{name}` as required (no brackets) but Flags does not mark it `(required)`"),
                format!("add `(required)` to `--{name}` in Flags, or put it in brackets in Usage"),
            );
        }
        if value_type == ValueType::Boolean && u.placeholder.is_some() {
            sink.push(
                Code::UsageMismatch,
                u.line,
                u.column,
                format!("Usage shows a value for `--{name}` but Flags makes it a boolean"),
                format!("remove the placeholder after `--{name}` in Usage"),
            );
        } else if value_type != ValueType::Boolean && u.placeholder.is_none() && !flag_line_placeholder {
            sink.push(
                Code::UsageMismatch,
                u.line,
                u.column,
                format!("Usage shows `--{name}` without a value but Flags makes it {}", value_type.name()),
                format!("write a placeholder after it in Usage: `--{name} <value>`"),
            );
        }
    } else if in_usage_section {
        sink.push(
            Code::FlagNotInUsage,
            line,
            col,
            format!("`--{name}` is documented in Flags but not shown in Usage"),
            {
                let value = if value_type == ValueType::Boolean {
                    String::new()
                } else {
                    format!(" <{}>", placeholder.as_deref().unwrap_or("value"))
                };
                // Usage brackets what is optional: a required flag goes bare.
                if m.required {
                    format!("add `--{name}{value}` to the usage line")
                } else {
                    format!("add `[--{name}{value}]` to the usage line")
                }
            },
        );
    }

    if !ok {
        return None;
    }
    let values_lines = values.join("\n");
    let default_lines = default.as_ref().map(|d: &Vec<String>| d.join("\n"));
    Some(Flag {
        name: name.clone(),
        short: raw.short,
        placeholder,
        // Moved: what reads the raw flags after this needs their names.
        description: std::mem::take(&mut raw.description),
        value_type,
        list,
        required: m.required,
        values,
        default,
        line,
        column: col,
        values_lines,
        default_lines,
    })
}

/// The values of a default: split on commas for lists (and for the type
/// guess); one value otherwise.
fn split_default(d: &str, list: bool) -> Vec<String> {
    if list || d.contains(',') {
        d.split(',').map(|v| strip_quotes(v).to_string()).filter(|v| !v.is_empty()).collect()
    } else if d.is_empty() {
        Vec::new()
    } else {
        vec![d.to_string()]
    }
}

/// Checks flags against each other: duplicates, field-name clashes, count.
pub(crate) fn check_set(flags: &[Flag], raw: &[RawFlag], sink: &mut Sink<'_>) {
    for (i, f) in raw.iter().enumerate() {
        if let Some(prev) = raw[..i].iter().find(|p| skills_core::args::same_flag_name(&p.name, &f.name)) {
            let same = prev.name == f.name;
            sink.push(
                Code::DuplicateFlag,
                f.line,
                f.column,
                if same {
                    format!("flag `--{}` is declared twice (first on line {})", f.name, prev.line)
                } else {
                    format!(
                        "flags `--{}` and `--{}` (line {}) are the same flag to the parser",
                        f.name, prev.name, prev.line
                    )
                },
                "remove one of the declarations",
            );
        }
        let Some(c) = f.short else { continue };
        let clash = raw[..i].iter().find(|p| p.short == Some(c)).map(|p| (&p.name, p.line)).or_else(|| {
            raw.iter()
                .enumerate()
                .find(|&(j, p)| j != i && p.name.len() == 1 && p.name.starts_with(c))
                .map(|(_, p)| (&p.name, p.line))
        });
        if let Some((other, line)) = clash {
            sink.push(
                Code::DuplicateFlag,
                f.line,
                f.column,
                format!("`-{c}` of `--{}` is also `--{other}` (line {line}), so it names no one flag", f.name),
                "give one of them another letter, or remove the short spelling",
            );
        }
    }
    if flags.len() > skills_core::spec::MAX_FLAGS {
        let line = raw.first().map_or(0, |f| f.line);
        sink.push(
            Code::TooManyFlags,
            line,
            0,
            format!("the skill declares {} flags; at most {} are supported", flags.len(), skills_core::spec::MAX_FLAGS),
            "split the skill into several skills",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_shapes() {
        let p = |s: &str| parse_line(s).unwrap().map(|l| (l.name, l.placeholder, l.description));
        assert_eq!(
            p("--to            Recipients (required)"),
            Some(("to".into(), None, "Recipients (required)".into()))
        );
        assert_eq!(
            p("--include-weather Include weather"),
            Some(("include-weather".into(), None, "Include weather".into()))
        );
        assert_eq!(
            p("- `--to` <addresses>: Recipients"),
            Some(("to".into(), Some("addresses".into()), "Recipients".into()))
        );
        assert_eq!(p("* `--limit <n>` — Max results"), Some(("limit".into(), Some("n".into()), "Max results".into())));
        assert_eq!(p("1. **`--tone`** - Tone"), Some(("tone".into(), None, "Tone".into())));
        assert_eq!(p("--due=<date>  Due"), Some(("due".into(), Some("date".into()), "Due".into())));
        assert_eq!(p("Flags are optional."), None);
        assert!(parse_line("--Bad  x").is_err());
        // Bold without backticks; a placeholder in capitals, as man pages
        // write it, but not an acronym that starts the description.
        assert_eq!(p("- **--query** (string): Q"), Some(("query".into(), None, "(string): Q".into())));
        assert_eq!(
            p("--since DATE  Only rows after it"),
            Some(("since".into(), Some("DATE".into()), "Only rows after it".into()))
        );
        assert_eq!(p("--id NAME: The id"), Some(("id".into(), Some("NAME".into()), "The id".into())));
        assert_eq!(p("--id  ID of the task"), Some(("id".into(), None, "ID of the task".into())));
        assert_eq!(p("--id ID of the task"), Some(("id".into(), None, "ID of the task".into())));
        // Short spellings before or after the flag are not part of it.
        assert_eq!(p("--pinned, -p   Pin it"), Some(("pinned".into(), None, "Pin it".into())));
        assert_eq!(p("- `--limit`, `-l` <n>: How many"), Some(("limit".into(), Some("n".into()), "How many".into())));
        assert_eq!(p("-n, --name <x>  The name"), Some(("name".into(), Some("x".into()), "The name".into())));
        assert_eq!(p("`-n`, `--name`: The name"), Some(("name".into(), None, "The name".into())));
        assert_eq!(p("`-q, --query <text>`  Search"), Some(("query".into(), Some("text".into()), "Search".into())));
        assert_eq!(parse_line("`-q, --query <text>`").unwrap().unwrap().short, Some('q'));
        assert_eq!(p("-n  Not a flag line"), None);
        assert_eq!(parse_line("-n, --name x").unwrap().unwrap().column, 5);
    }

    #[test]
    fn grouped_and_bare_type_markers() {
        let m = markers("The query (string, required)");
        assert_eq!((m.explicit, m.required, m.prose.trim()), (Some((ValueType::String, false)), true, "The query"));
        let m = markers("Max (integer, optional, default: 20)");
        assert_eq!(
            (m.explicit, m.optional, m.defaults.as_slice()),
            (Some((ValueType::Integer, false)), true, &["20".to_string()][..])
        );
        let m = markers("Ids (integer list, default: 1, 2)");
        assert_eq!((m.explicit, m.defaults.as_slice()), (Some((ValueType::Integer, true)), &["1, 2".to_string()][..]));
        let m = markers("When (date)");
        assert_eq!(m.explicit, Some((ValueType::Date, false)));
        // Prose in parentheses stays prose, whole.
        let m = markers("Who (for example, bob)");
        assert_eq!((m.explicit, m.prose.as_str()), (None, "Who (for example, bob)"));
        let m = markers("Which (string, maybe)");
        assert_eq!((m.explicit, m.prose.as_str()), (None, "Which (string, maybe)"));
    }

    #[test]
    fn marker_scan() {
        let m = markers(
            "Filter by status. One or more of: todo, in_progress, blocked, done, cancelled (default: todo, in_progress, blocked)",
        );
        assert_eq!(
            m.one_of,
            Some((
                vec!["todo".into(), "in_progress".into(), "blocked".into(), "done".into(), "cancelled".into()],
                true
            ))
        );
        assert_eq!(m.defaults, ["todo, in_progress, blocked"]);
        let m = markers("Sort by: due_date, priority, created_at, updated_at (default: due_date)");
        assert!(m.one_of.is_none());
        assert_eq!(prose_enum(&m.prose).unwrap(), ["due_date", "priority", "created_at", "updated_at"]);
        assert!(prose_enum("Action name for the new skill, e.g. \"weekly_report\" ").is_none());
        assert_eq!(prose_enum("Writing tone: formal, casual, friendly ").unwrap().len(), 3);
        let m = markers("Tone. One of: `formal`, `casual`, or `friendly`.");
        assert_eq!(m.one_of.unwrap().0, ["formal", "casual", "friendly"]);
        // Without the colon, values in backticks or quotes are the enum.
        let m = markers("Priority. One of `low`, `normal`, `high`. Defaults to `normal`.");
        assert_eq!(m.one_of.unwrap(), (vec!["low".into(), "normal".into(), "high".into()], false));
        assert_eq!(m.defaults, ["`normal`"]);
        let m = markers("Either \"asc\" or \"desc\"; one of \"asc\" or \"desc\"");
        assert_eq!(m.one_of.unwrap().0, ["asc", "desc"]);
        let m = markers("Labels. One or more of `bug`, `docs` and `chore`");
        assert_eq!(m.one_of.unwrap(), (vec!["bug".into(), "docs".into(), "chore".into()], true));
        // Prose, or values not quoted: no enum.
        for prose in
            ["Send to one of the recipients, `bob` or `carl`", "One of low, normal, high", "Someone of `x`, `y`"]
        {
            assert!(markers(prose).one_of.is_none(), "{prose}");
        }
        assert_eq!(prose_enum("One of low, normal, high").unwrap(), ["low", "normal", "high"]);
        assert!(prose_enum("Send to one of the recipients, bob or carl").is_none());
        assert_eq!(enum_values("`a` or `b`"), ["a", "b"]);
        assert_eq!(enum_values("a, b and c"), ["a", "b", "c"]);
        assert_eq!(enum_values("minor | moderate \\| severe"), ["minor", "moderate", "severe"]);
        assert_eq!(prose_enum("Minimum severity: minor | moderate | severe").unwrap(), ["minor", "moderate", "severe"]);
        assert_eq!(markers("One of: json | text").one_of.unwrap().0, ["json", "text"]);
        // `, required` last in the description.
        for d in ["When (YYYY-MM-DD), required", "The text; **required**.", "The text — required"] {
            let m = markers(d);
            assert!(m.required, "{d}");
            assert!(!m.prose.to_ascii_lowercase().contains("required"), "{d}: {}", m.prose);
        }
        assert!(markers("The text, optional").optional);
        for d in ["Only when required", "Not required", "The text, if required"] {
            assert!(!markers(d).required, "{d}");
        }
        assert!(mentions_default("Defaults to today"));
        assert!(!mentions_default("Action name for the new skill"));
        assert_eq!(parse_type("integer list"), Some((ValueType::Integer, true)));
        assert_eq!(parse_type("list of dates"), Some((ValueType::Date, true)));
        assert_eq!(parse_type("integer[]"), Some((ValueType::Integer, true)));
        assert_eq!(parse_type("float"), Some((ValueType::Number, false)));
        assert_eq!(parse_type("list of numbers"), Some((ValueType::Number, true)));
        assert_eq!(parse_type("double[]"), Some((ValueType::Number, true)));
        assert_eq!(parse_type("uuid"), None);
        // `double`, `decimal`, `numeric` alone in parentheses are prose.
        assert_eq!(markers("Line spacing (double)").explicit, None);
        assert_eq!(markers("Ratio (float)").explicit, Some((ValueType::Number, false)));
        assert_eq!(markers("Ratio (type: decimal)").explicit, Some((ValueType::Number, false)));
    }

    #[test]
    fn an_enum_type_takes_the_values_the_description_quotes() {
        let m = markers("Colour (type: enum): `red`, `green` or `blue`");
        assert_eq!(m.one_of, Some((vec!["red".into(), "green".into(), "blue".into()], false)));
        assert_eq!(m.prose.trim(), "Colour :");
        let m = markers("(enum) \"fast\" | \"slow\"");
        assert_eq!(m.one_of.unwrap().0, ["fast", "slow"]);
        // In a table cell the bar is escaped.
        assert_eq!(markers("(type: enum) `a` \\| `b`").one_of.unwrap().0, ["a", "b"]);
        let m = markers("Labels (type: enum list): `bug`, `docs` and `chore`");
        assert_eq!(m.one_of, Some((vec!["bug".into(), "docs".into(), "chore".into()], true)));
        // `One of:` is still read first; the type adds that it takes several.
        let m = markers("Labels (type: list of enums). One of: bug, docs");
        assert_eq!(m.one_of, Some((vec!["bug".into(), "docs".into()], true)));
        // Without quoted values: an enum without values, which is reported.
        assert_eq!(markers("Colour (type: enum), see the palette").one_of, Some((vec![], false)));
        assert_eq!(enum_type_word("enum[]"), Some(true));
        assert_eq!(enum_type_word("enumeration"), None);
        // A single quoted value, or quoted values not separated, is no run.
        assert!(quoted_run("Use `red`.").is_none());
        assert!(quoted_run("`a` `b`").is_none());
        assert_eq!(quoted_run("x `a` or `b c` or `d`, `e`").map(|r| r.2), Some(vec!["d".into(), "e".into()]));
    }

    #[test]
    fn a_default_last_in_a_sentence_is_its_marker() {
        for (d, v) in [
            ("Level, default `2`", "`2`"),
            ("Sort order; defaults to \"asc\".", "\"asc\""),
            ("How many — default 20", "20"),
            ("Colour; **default** `green`", "`green`"),
            // The empty string, written so.
            ("Body, default \"\"", "\"\""),
        ] {
            let m = markers(d);
            assert_eq!(m.defaults, [v], "{d}");
            assert!(!mentions_default(&m.prose), "{d}: {}", m.prose);
        }
        // Prose, or a value that could be prose: no marker.
        for d in ["Start, defaults to today", "The default colour", "Level default `2`"] {
            assert!(markers(d).defaults.is_empty(), "{d}");
        }
    }

    #[test]
    fn quoted_values_without_one_of_are_reported_unless_they_are_examples() {
        assert_eq!(prose_enum("Output format: `short` | `long`").unwrap(), ["short", "long"]);
        assert_eq!(prose_enum("Size, `small`, `medium` or `large`").unwrap(), ["small", "medium", "large"]);
        // Text before the values that is not ASCII, at any length.
        for n in 0..50 {
            let prose = format!("é{}: `a` or `b`", "x".repeat(n));
            assert_eq!(prose_enum(&prose).unwrap(), ["a", "b"], "{prose}");
        }
        for prose in ["When, e.g. `today` or `2026-03-01`", "A tag such as `work` or `home`", "Name, `bob`"] {
            assert!(prose_enum(prose).is_none(), "{prose}");
        }
    }
}
