//! One line of a `## Flags` section: list markers, the flag's head,
//! short spelling and placeholder, subheadings and value items.

use super::*;
use crate::diagnostic::{Code, Sink};
use crate::flag_table;
use crate::markdown::SourceLine;
use crate::usage::UsageFlag;

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

pub(super) fn strip_placeholder(s: &str) -> Option<(&str, &str)> {
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
pub(super) fn placeholder_choices(p: &str) -> Option<Vec<String>> {
    if !p.contains('|') && !p.starts_with('{') {
        return None;
    }
    // `(a|b)`, and `[a|b]` as Click prints a choice.
    let (inner, separator) = match p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
        Some(inner) => (inner, if inner.contains('|') { '|' } else { ',' }),
        None => (
            (p.strip_prefix('(').and_then(|p| p.strip_suffix(')')))
                .or_else(|| p.strip_prefix('[').and_then(|p| p.strip_suffix(']')))
                .unwrap_or(p),
            '|',
        ),
    };
    let values: Vec<String> =
        inner.split(separator).map(|v| v.trim().trim_matches(['"', '\'', '`']).to_string()).collect();
    (values.len() >= 2 && values.iter().all(|v| is_enum_value(v))).then_some(values)
}

/// A placeholder without angle brackets, and whether a repetition mark
/// followed it or sat inside the brackets (`<tag>...`, `<tag...>`).
pub(super) fn placeholder_text(p: &str) -> (&str, bool) {
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
pub(super) fn short_letter(s: &str) -> Option<char> {
    s.trim_start_matches('`').strip_prefix('-')?.chars().next()
}

/// A line that starts with a short spelling before the flag (`-n, --name`,
/// `` `-n`, `--name` ``, `-n | --name`): its letter, and the line from the
/// flag on; any other line as it is. Inlined: most lines have none, and
/// out of line (as `parse_line` grew) it cost `skills check` of 1,000
/// skills 0.25% (callgrind).
#[inline(always)]
pub(super) fn split_short_spelling(s: &str) -> (Option<char>, &str) {
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
/// acronym (`--id  ID of the task`) is not taken for one. The flag, and
/// whether the placeholder is repeated (`TAG [TAG ...]`).
pub(super) fn upper_placeholder(after: &str) -> Option<(&str, &str, bool)> {
    let end = after.find([' ', '\t', ':']).unwrap_or(after.len());
    let (word, mut rest) = after.split_at(end);
    // `FLOAT RANGE`, `INTEGER RANGE`: Click's bounded numbers, the type
    // the first word (the bounds are in the description, `[0<=x<=1]`).
    if let Some(r) = rest.strip_prefix(" RANGE").filter(|r| r.is_empty() || r.starts_with([' ', '\t'])) {
        rest = r;
    }
    // `TAG [TAG ...]`: argparse's one or more values (`nargs='+'`).
    let mut repeated = false;
    if let Some(r) = (rest.strip_prefix(" [").and_then(|r| r.strip_prefix(word)))
        .and_then(|r| r.strip_prefix(" ...]").or_else(|| r.strip_prefix("...]")).or_else(|| r.strip_prefix(" …]")))
    {
        rest = r;
        repeated = true;
    }
    let b = strip_repeat_end(word).0.as_bytes();
    let is_word = b.first().is_some_and(u8::is_ascii_uppercase)
        && b.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_' || *c == b'-');
    let separated = rest.starts_with("  ")
        || rest.starts_with('\t')
        || [":", "—", "–", "- ", "|"].iter().any(|sep| rest.trim_start().starts_with(sep));
    (is_word && separated).then(|| (word, rest.trim_start(), repeated))
}

/// The parts of a flag line.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct LineParts {
    pub(super) name: String,
    /// The one-letter spelling beside the name (`-n, --name`).
    pub(super) short: Option<char>,
    pub(super) placeholder: Option<String>,
    pub(super) repeated: bool,
    pub(super) description: String,
    pub(super) column: usize,
    pub(super) negated: bool,
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

/// What follows `--name`'s negated form in `text` when `text` starts with
/// it after a separator: ` / --no-name`, `, --no-name`, `| --no-name`
/// (or no separator when the head ended with the comma), the negated form
/// in backticks or not; `None` otherwise.
fn negation_after<'t>(name: &str, text: &'t str, separated: bool) -> Option<&'t str> {
    let text = text.trim_start();
    let rest = match text.strip_prefix([',', '/', '|']) {
        Some(r) => r.trim_start(),
        None if separated => text,
        None => return None,
    };
    let (rest, ticked) = match rest.strip_prefix('`') {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let rest = rest.strip_prefix("--no-")?.strip_prefix(name)?;
    let rest = if ticked { rest.strip_prefix('`')? } else { rest };
    // The negated name ends there (not `--no-colors`).
    rest.chars().next().is_none_or(|c| !(c.is_alphanumeric() || c == '-' || c == '_')).then_some(rest)
}

/// Reads one candidate line. `Ok(None)` when the line is not a flag line;
/// `Err((message, column))` when it is one with an invalid name.
/// `Err`: the flag as written (`--Limit`), whose name is not valid, and
/// its column.
pub(super) fn parse_line(text: &str) -> Result<Option<LineParts>, (String, usize)> {
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
    let (mut name_part, mut negated) = match name_part.strip_prefix("[no-]") {
        Some(rest) => (rest, true),
        None => (name_part, false),
    };
    // `` `--color / --no-color` `` (Click's help), `--color, --no-color`,
    // `--color | --no-color` in one code span: the same switch.
    if let Some(end) = name_part.find([' ', '\t', ',', '/', '|'])
        && let Some("") = negation_after(&name_part[..end], &name_part[end..], false)
    {
        name_part = &name_part[..end];
        negated = true;
    }
    // `` `--pinned, -p` ``: the short spelling inside the backticks.
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
        return Err((format!("--{name}"), column));
    }
    // `--color / --no-color` with the negated form after the head (in a
    // code span of its own, or none): the switch `--color`, as above.
    let mut after = after.trim_start();
    if !negated
        && placeholder.is_none()
        && let Some(rest) = negation_after(name, after, head.ends_with(','))
    {
        negated = true;
        after = rest.trim_start();
    }
    // `--pinned, -p  Pin it` (or `--pinned | -p`, `--pinned / -p`): the
    // short spelling after the head is the flag's, not part of its
    // description.
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
        } else if let Some((p, r, listed)) = upper_placeholder(after) {
            let (p, rep) = strip_repeat_end(p);
            placeholder = Some(p.to_string());
            repeated = rep || listed;
            after = r;
        } else if let end = after.bytes().position(|b| b == b' ' || b == b'\t').unwrap_or(after.len())
            && after.as_bytes()[..end].contains(&b'|')
            && placeholder_choices(&after[..end]).is_some()
        {
            // `--format md|html|pdf`: the choices, bare (and `[md|html]`,
            // as Click prints a choice).
            placeholder = Some(after[..end].to_string());
            after = after[end..].trim_start();
        } else if let Some((formats, r)) = after.strip_prefix("[%").and_then(|r| r.split_once(']')) {
            // `--when [%Y-%m-%d]`: the date formats Click's `DateTime`
            // prints (a date when `%Y-%m-%d` is the one; any text when
            // times are allowed too: its default lists three formats).
            placeholder = Some(format!("%{formats}"));
            after = r.trim_start();
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
    let mut r = LineReader {
        // At most a flag per line (most sections are a few lines).
        out: Vec::with_capacity(lines.len().min(16)),
        // A section that never writes a `--flag` may name its flags bare, as
        // API references list parameters: `` - `title` (string, required): ``
        // or a table whose `Name` column says `title`.
        bare: !lines.iter().any(|l| mentions_flag(l.text)),
        open: false,
        awaiting: false,
        required_group: false,
        under_heading: false,
    };
    let mut i = 0;
    while i < lines.len() {
        let l = &lines[i];
        i += 1;
        let text = l.text;
        if text.trim().is_empty() {
            r.open = false;
        } else if let Some(title) = subheading(text) {
            r.subheading(l, title, sink);
        } else if !r.open
            && !r.under_heading
            && !text.starts_with([' ', '\t'])
            && let Some(required) = group_label(text)
        {
            // `**Required flags:**`, `Optional:`: a group's label written as a
            // paragraph of its own, as a subheading would be (not a line of the
            // flag above it, nor one under a flag's own heading).
            r.required_group = required;
            r.awaiting = false;
        } else if flag_table::is_row(text) {
            let rows = lines[i - 1..].iter().take_while(|r| flag_table::is_row(r.text)).count();
            r.table(&lines[i - 1..i - 1 + rows], sink);
            i += rows - 1;
        } else {
            r.line(l, sink);
        }
    }
    r.finish(sink)
}

/// What reading a `## Flags` section's lines knows between lines.
struct LineReader {
    out: Vec<RawFlag>,
    /// The section never writes `--`: flags may be named bare.
    bare: bool,
    /// Whether the previous non-blank line belongs to the last flag.
    open: bool,
    /// Whether only blank lines followed the last flag line, whose
    /// description may then still come.
    awaiting: bool,
    /// Under a `### Required` subheading, flags are required unless their
    /// description says otherwise.
    required_group: bool,
    /// Whether the last flag was a heading (`### --to`), whose description
    /// is every line under it up to the next heading or flag line.
    under_heading: bool,
}

impl LineReader {
    /// A subheading: a flag of its own (`### --to <address>...`, in backticks
    /// or not), whose description is the text under it, as API references
    /// give each parameter a heading; or a group (`### Required`).
    fn subheading(&mut self, l: &SourceLine<'_>, title: &str, sink: &mut Sink<'_>) {
        let offset = title.as_ptr() as usize - l.text.as_ptr() as usize;
        let dashed_title = self.bare.then(|| heading_with_dashes(title)).flatten();
        self.open = false;
        self.awaiting = false;
        match parse_line(dashed_title.as_deref().unwrap_or(title)) {
            Err((written, column)) => {
                invalid_name(l.line, offset + column, &written, sink);
                self.under_heading = false;
            }
            Ok(Some(parts)) => {
                self.out.push(parts.into_raw(l.line, offset, usize::MAX, self.required_group));
                self.under_heading = true;
            }
            Ok(None) => {
                self.under_heading = false;
                self.required_group = requires(title);
            }
        }
    }

    /// A markdown table, read row by row as flag lines (see `flag_table`).
    fn table(&mut self, table: &[SourceLine<'_>], sink: &mut Sink<'_>) {
        self.open = false;
        self.awaiting = false;
        for (row, kind) in table.iter().zip(flag_table::read(table, self.bare)) {
            match kind {
                flag_table::RowKind::Flag(r) => match parse_line(&r.text) {
                    Ok(Some(parts)) => {
                        // The row's column is its flag cell's.
                        let mut flag = parts.into_raw(row.line, 0, usize::MAX, self.required_group);
                        flag.column = r.column;
                        self.out.push(flag);
                    }
                    Ok(None) => unrecognized(row, sink),
                    Err((written, _)) => invalid_name(row.line, r.column, &written, sink),
                },
                flag_table::RowKind::Other if mentions_flag(row.text) => unrecognized(row, sink),
                flag_table::RowKind::Structure | flag_table::RowKind::Other => {}
            }
        }
    }

    /// Any other line: a flag line, a line of the last flag's description,
    /// or prose (reported when it mentions a flag).
    fn line(&mut self, l: &SourceLine<'_>, sink: &mut Sink<'_>) {
        let indent = l.text.len() - l.text.trim_start().len();
        let dashed;
        let text = match self.bare.then(|| with_dashes(l.text)).flatten() {
            Some(t) => {
                dashed = t;
                dashed.as_str()
            }
            None => l.text,
        };
        match parse_line(text) {
            Ok(Some(parts)) => {
                self.out.push(parts.into_raw(l.line, 0, indent, self.required_group));
                self.open = true;
                self.awaiting = true;
                self.under_heading = false;
            }
            Ok(None) => {
                if self.continuation(text, indent) {
                    self.open = true;
                    return;
                }
                self.open = false;
                self.awaiting = false;
                let stripped = strip_list_marker(text);
                if stripped.contains("--") && !stripped.starts_with('#') && mentions_flag(stripped) {
                    unrecognized(l, sink);
                }
            }
            Err((written, column)) => {
                invalid_name(l.line, column, &written, sink);
                self.open = false;
                self.awaiting = false;
            }
        }
    }

    /// Adds `text` to the last flag's description when it continues it: a
    /// definition list (`: What it is` under the flag, as Pandoc and PHP
    /// Markdown Extra write them), a man page's indented description
    /// (possibly after a blank line), or a line under the flag's heading.
    fn continuation(&mut self, text: &str, indent: usize) -> bool {
        let definition = text.trim_start().strip_prefix(':').filter(|d| d.starts_with([' ', '\t']));
        let Some(last) = self.out.last_mut() else { return false };
        if !(self.under_heading
            || (self.open || (self.awaiting && last.description.is_empty()))
                && (indent > last.indent || definition.is_some()))
        {
            return false;
        }
        // `- Type: integer` under the flag: a property, as a table column
        // would give it.
        let line = definition.unwrap_or(text).trim();
        let list = last.repeated || last.description.contains(" list)");
        let item = strip_list_marker(line);
        let property = flag_table::property_line(item, list);
        // `One of:` (or `Possible values:`) then the values as list items,
        // each maybe with a note: `` - `json`: for programs ``.
        if property.is_none()
            && item.len() < line.len()
            && (!last.value_items.is_empty() || last.description.trim_end().ends_with(':'))
            && let Some((value, note)) = value_item(item)
        {
            last.description.push_str(if last.value_items.is_empty() { " " } else { ", " });
            last.description.push_str(value);
            last.value_items.push((value.to_string(), note.to_string()));
            return true;
        }
        end_value_items(last);
        let piece = property.as_deref().unwrap_or(line);
        if !piece.is_empty() {
            // A definition starts a sentence: what the flag's own line said
            // (`` `--city` *string*, required ``) ends there.
            if definition.is_some() && !last.description.is_empty() && !last.description.ends_with(['.', '!', '?', ':'])
            {
                last.description.push('.');
            }
            if !last.description.is_empty() {
                last.description.push(' ');
            }
            last.description.push_str(piece);
        }
        true
    }

    /// The flags read, with what a group or a missing description means.
    fn finish(self, sink: &mut Sink<'_>) -> Vec<RawFlag> {
        let mut out = self.out;
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
}

/// A list item that is one value of an enum, first on it in backticks or
/// quotes or as a bare word, maybe followed by a note after `:`, a dash or
/// `=` (`` `json`: for programs ``, `"csv" - for spreadsheets`, `text`):
/// the value as written and the note.
pub(super) fn value_item(item: &str) -> Option<(&str, &str)> {
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
pub(super) fn end_value_items(flag: &mut RawFlag) {
    if !flag.value_items.is_empty() {
        let items = std::mem::take(&mut flag.value_items);
        end_value_items_cold(&mut flag.description, &items);
    }
}

#[cold]
pub(super) fn end_value_items_cold(description: &mut String, items: &[(String, String)]) {
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
/// group, `- title (string): ...`; or, not in a list, a plain name followed
/// by a group of markers only and a colon, as a Python docstring's `Args:`
/// lists them (`    limit (int, optional): Max results.`). `None` for any
/// other line.
pub(super) fn with_dashes(text: &str) -> Option<String> {
    let item = strip_list_marker(text);
    if item.len() == text.trim_start().len() {
        return docstring_with_dashes(text);
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

/// `name (markers): description`, not in a list: `--name (markers): ...`
/// when every part of the group is a marker (`(str)`, `(int, optional)`,
/// `(list[str], required)`), so prose such as `note (see below): ...`
/// stays prose.
fn docstring_with_dashes(text: &str) -> Option<String> {
    let item = text.trim_start();
    let name_len = item.bytes().take_while(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_').count();
    let (name, after) = item.split_at(name_len);
    let group = after.strip_prefix(" (")?;
    let close = group.find(')')?;
    if !is_flag_name(name) || !group[close + 1..].starts_with(':') {
        return None;
    }
    let mut m = Markers::default();
    if !marker_group(&group[..close], &mut m) {
        return None;
    }
    let at = text.len() - item.len();
    Some(format!("{}--{}", &text[..at], item))
}

/// A heading that names a flag without dashes, in a section that never
/// writes them (`### title`, ``### `due_date` ``, `### limit (integer)`),
/// with `--` put before the name. The name is in lower case, as a flag's
/// is, so that a heading in words (`### Notes`) stays one; a group's
/// title (`### required`) stays one too. `None` for any other heading.
pub(super) fn heading_with_dashes(title: &str) -> Option<String> {
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
pub(super) fn requires(title: &str) -> bool {
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
pub(super) fn subheading(text: &str) -> Option<&str> {
    let t = text.trim_start();
    let hashes = t.bytes().take_while(|&b| b == b'#').count();
    let title = t[hashes..].strip_prefix([' ', '\t'])?;
    (2..=6).contains(&hashes).then(|| title.trim().trim_end_matches('#').trim())
}

/// A line that mentions a flag but is not a flag line.
pub(super) fn unrecognized(l: &SourceLine<'_>, sink: &mut Sink<'_>) {
    let indent = l.text.len() - l.text.trim_start().len();
    sink.push(
        Code::UnrecognizedFlagLine,
        l.line,
        indent + 1,
        format!("this line in `## Flags` mentions a flag but is not a flag line: `{}`", l.text.trim()),
        "start the line with the flag (`--name  description`), optionally as a list item, in backticks or in the first column of a table",
    );
}

/// Reports the flag `written` (`--Limit`, or a frontmatter parameter's
/// `Limit`), whose name is not valid, with the name it was meant to be when
/// there is one ([`valid_flag_form`]).
pub(super) fn invalid_name(line: usize, column: usize, written: &str, sink: &mut Sink<'_>) {
    let name = written.trim_start_matches('-');
    let dashes = &written[..written.len() - name.len()];
    let rule = "flag names start with a lowercase letter and use only a-z, 0-9, `-` and `_`";
    let hint = match valid_flag_form(name) {
        Some(meant) => format!("write `{dashes}{meant}`: {rule}"),
        None => rule.to_string(),
    };
    sink.push(Code::InvalidFlagName, line, column, format!("`{written}` is not a valid flag name"), hint);
}

/// The valid flag name `name` was meant to be: lower case, a `-` where a
/// word of camelCase starts (`dueDate` is `due-date`) and for every run of
/// other ASCII characters (`max.results` is `max-results`), from its first
/// letter on. `None` when that leaves no name, or `name` has a character
/// beyond ASCII (which no rewriting makes one the author would choose).
pub(crate) fn valid_flag_form(name: &str) -> Option<String> {
    if !name.is_ascii() {
        return None;
    }
    let b = name.trim_start_matches(|c: char| !c.is_ascii_alphabetic()).as_bytes();
    let mut out = String::with_capacity(b.len() + 4);
    for (i, &c) in b.iter().enumerate() {
        if c.is_ascii_uppercase() && i > 0 && (b[i - 1].is_ascii_lowercase() || b[i - 1].is_ascii_digit()) {
            out.push('-');
        }
        if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' {
            out.push(char::from(c.to_ascii_lowercase()));
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    is_flag_name(out).then(|| out.to_string())
}

pub(super) fn mentions_flag(s: &str) -> bool {
    s.match_indices("--").any(|(i, _)| s[i + 2..].chars().next().is_some_and(|c| c.is_ascii_lowercase()))
}
