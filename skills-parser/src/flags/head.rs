//! The head of a flag line: where a line declares a flag, its name, short
//! spelling and placeholder, and where its description starts. Pure
//! functions over one line.
//!
//! ```text
//! flag-line   = [indent] [list-marker] [emphasis] head [placeholder] [separator] description
//! head        = "--" name  |  "`--" name [" " placeholder | "=" placeholder] "`"
//! placeholder = "<" text ">" [repeat] | CAPITALS | pflag-type | "{a,b}" | "[a|b]" | a|b
//! bare-head   = list-marker ("`" name "`" | "**" name "**") (separator | group | placeholder)
//!             | list-marker name " (" ...   |   name " (" markers "):"
//! ```

use super::decl::{Decl, DefaultValue, Fact, Placeholder, Stated};
use super::{Origin, Source};
use crate::lex::{
    capitals, is_flag_name, literal_value, name_len, placeholder_choices, placeholder_text, short_letter,
    short_spelling_len, split_short_spelling, strip_list_marker, strip_placeholder, strip_repeat, strip_repeat_end,
    word_placeholder,
};

/// A flag's head as a line writes it. Columns are 1-based; offsets are
/// bytes into the line.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Head {
    pub(crate) name: String,
    pub(crate) column: usize,
    pub(crate) short: Option<char>,
    /// Text (without brackets), repeated, and column.
    pub(crate) placeholder: Option<(String, bool, usize)>,
    /// `--[no-]color`, `--color / --no-color`.
    pub(crate) negated: bool,
    /// `--to*`: the asterisk forms and API tables mark a required field with.
    pub(crate) starred: bool,
    /// `--debug...`: a switch given again and again (clap's counted flag).
    pub(crate) counted: bool,
    /// A literal after `=` (`--watch=false:`), kubectl's way to give the
    /// default, and its column.
    pub(crate) default: Option<(String, usize)>,
    /// Where the description starts in the line.
    pub(crate) rest: usize,
    /// Statements the head itself makes (a NumPy docstring's `limit : int,
    /// optional`), each with its column.
    pub(crate) facts: Vec<(Fact, bool, usize)>,
}

impl Head {
    /// A head of `name` at `column`, its description from `rest` on.
    fn named(name: &str, column: usize, rest: usize) -> Head {
        Head { name: name.to_string(), column, rest, ..Head::default() }
    }

    /// The declaration this head makes on `line`, its columns moved right
    /// by `offset` (where the text read starts in the line).
    pub(crate) fn declare(self, line: usize, offset: usize) -> Decl {
        let mut decl = Decl::new(self.name, line, offset + self.column);
        (decl.short, decl.negated, decl.counted) = (self.short, self.negated, self.counted);
        if self.starred {
            decl.state(Fact::Required(true), line, decl.column, Origin::Marker);
        }
        for (fact, implied, column) in self.facts {
            let at = Source { implied, ..Source::at(line, offset + column, Origin::Marker) };
            decl.facts.push(Stated { fact, at });
        }
        match (self.placeholder, &self.default) {
            (Some((text, repeated, column)), _) => {
                decl.placeholder =
                    Some(Placeholder::new(text, repeated, Source::at(line, offset + column, Origin::Placeholder)));
            }
            (None, None) => decl.shows_no_value = true,
            (None, Some(_)) => {}
        }
        if let Some((value, column)) = self.default {
            // kubectl's `--watch=false:`: the default, which also says
            // the flag's value (a switch's `false` says it takes none);
            // `=''` and `=[]` give none, only a value's place.
            let at = offset + column;
            if value.is_empty() || value == "[]" {
                let place = Source::at(line, at, Origin::Placeholder);
                decl.placeholder = Some(Placeholder::new("value".to_string(), value == "[]", place));
                decl.imply(Fact::Required(false), line, at, Origin::Marker);
            } else {
                decl.state(Fact::Default(DefaultValue::Text(format!("\"{value}\""))), line, at, Origin::Marker);
            }
            decl.shows_no_value = value.eq_ignore_ascii_case("true") || value.eq_ignore_ascii_case("false");
        }
        decl
    }
}

/// What one line is to the flag reader.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Read {
    /// Not a flag's head.
    Not,
    Flag(Head),
    /// A flag whose name is not valid: as written, and its column.
    Invalid(String, usize),
}

/// Offset of `part` (a slice of `line`) in `line`.
fn at(line: &str, part: &str) -> usize {
    part.as_ptr() as usize - line.as_ptr() as usize
}

/// Reads a line whose flag is written with dashes (`--to <addresses>  Recipients`).
pub(crate) fn dashed(line: &str) -> Read {
    let (mut short, content) = split_short_spelling(strip_list_marker(line));
    let column = at(line, content) + 1;
    let mut rest = content;
    // Emphasis around the head: **`--to`**, __--to__.
    let emphasis = ["**", "__"].into_iter().find(|e| rest.starts_with(e));
    if let Some(e) = emphasis {
        rest = &rest[e.len()..];
    }
    let (head, mut after) = if let Some(r) = rest.strip_prefix('`') {
        let Some(end) = r.find('`') else { return Read::Not };
        (&r[..end], &r[end + 1..])
    } else {
        let mut end = rest.find([' ', '\t']).unwrap_or(rest.len());
        // `**--to**` without backticks: the head ends where the emphasis closes.
        if let Some(e) = emphasis
            && let Some(close) = rest[..end].find(e).filter(|&i| i > 2)
        {
            end = close;
        }
        (&rest[..end], &rest[end..])
    };
    if let Some(e) = emphasis {
        after = after.strip_prefix(e).unwrap_or(after);
    }
    // `` `-q, --query <text>` ``: the short spelling inside the backticks.
    let head = match split_short_spelling(head) {
        (Some(letter), rest) if rest.starts_with("--") => {
            short = short.or(Some(letter));
            rest
        }
        _ => head,
    };
    let Some(mut name_part) = head.strip_prefix("--") else { return Read::Not };
    // `--[no-]color`: the switch `--color`.
    let mut negated = false;
    if let Some(r) = name_part.strip_prefix("[no-]") {
        name_part = r;
        negated = true;
    }
    // `---`, `--- a.py`, `-- x`: no name, so no flag.
    if !name_part.starts_with(|c: char| c.is_alphanumeric()) {
        return Read::Not;
    }
    // `` `--color / --no-color` ``, `--color, --no-color` in one code span.
    if let Some(end) = name_part.find([' ', '\t', ',', '/', '|'])
        && let Some("") = negation_after(&name_part[..end], &name_part[end..], false)
    {
        name_part = &name_part[..end];
        negated = true;
    }
    // `` `--pinned, -p` ``: the short spelling inside the backticks.
    let owned;
    if let Some(comma) = name_part.find(',') {
        let r = name_part[comma + 1..].trim_start();
        let n = short_spelling_len(r);
        if n > 0 {
            short = short.or(short_letter(&r[..n]));
            owned = format!("{}{}", &name_part[..comma], &r[n..]);
            name_part = &owned;
        }
    }
    // `--color[=WHEN]`: a value the flag may take (GNU's optional argument).
    let optional_value;
    if let Some(open) = name_part.match_indices('[').map(|(i, _)| i).find(|&i| name_part[i + 1..].starts_with('='))
        && let Some(close) = name_part[open..].find(']')
    {
        optional_value =
            format!("{}={}{}", &name_part[..open], &name_part[open + 2..open + close], &name_part[open + close + 1..]);
        name_part = &optional_value;
    }
    // `--to <addresses>` or `--to=<addresses>` inside the backticks; a
    // literal after `=` is kubectl's default (`--watch=false:`).
    let (mut placeholder, mut default) = (None, None);
    let name = match name_part.find(['=', ' ']) {
        Some(i) => {
            let value = name_part[i + 1..].trim();
            match literal_value(value.trim_end_matches(':')).filter(|_| name_part.as_bytes()[i] == b'=') {
                Some(lit) => default = Some((lit.to_string(), column + 2 + i + 1)),
                None => {
                    let (p, rep) = placeholder_text(value.trim_end_matches(','));
                    if !p.is_empty() {
                        placeholder = Some((p.to_string(), rep, column + 2 + i + 1));
                    }
                }
            }
            &name_part[..i]
        }
        None => name_part,
    };
    let mut name = name.trim_end_matches([',', ':']);
    // `--debug...`: clap's switch counted by repetition, a switch here.
    let counted = placeholder.is_none() && strip_repeat_end(name).1;
    if counted {
        name = strip_repeat_end(name).0;
    }
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
        return Read::Invalid(format!("--{name}"), column);
    }
    // One blank between the flag and a word, as pflag prints a value name.
    let single = after.starts_with(' ') && !after[1..].starts_with([' ', '\t']);
    let mut after = match negation_after(name, after, head.ends_with(',')) {
        Some(r) if !negated && placeholder.is_none() => {
            negated = true;
            r.trim_start()
        }
        _ => after.trim_start(),
    };
    // `--pinned, -p  Pin it`: the short spelling after the head.
    let comma = head.ends_with(',') || after.starts_with([',', '|', '/']);
    let candidate = after.strip_prefix([',', '|', '/']).unwrap_or(after).trim_start();
    let short_len = short_spelling_len(candidate);
    if comma && short_len > 0 {
        short = short.or(short_letter(&candidate[..short_len]));
        after = candidate[short_len..].trim_start_matches(':').trim_start();
    }
    if placeholder.is_none() && default.is_none() {
        let (p, r) = after_placeholder(after, single);
        if let Some((text, repeated)) = p {
            placeholder = Some((text, repeated, at(line, after) + 1));
            after = r;
        }
    } else if placeholder.as_ref().is_some_and(|p| !p.1) {
        // `` `--tags <tag>`... `` or `` `--tags <tag>` ... ``.
        let (r, rep) = strip_repeat(after);
        if rep {
            if let Some(p) = placeholder.as_mut() {
                p.1 = true;
            }
            after = r.trim_start();
        }
    }
    let after = strip_separator(after);
    let rest = at(line, after).min(line.len());
    Read::Flag(Head { short, placeholder, negated, starred, counted, default, ..Head::named(name, column, rest) })
}

/// The placeholder at the start of `after` (the text after a flag's name),
/// and the text after it.
fn after_placeholder(after: &str, single: bool) -> (Option<(String, bool)>, &str) {
    let candidate = after.strip_prefix('`').unwrap_or(after);
    if let Some((p, repeated, r)) = bracketed(candidate) {
        return (Some((p, repeated)), r.strip_prefix('`').unwrap_or(r).trim_start());
    }
    // `*FILE*`: a placeholder in capitals set in italics, as man pages do.
    let italic = ['*', '_'].iter().find_map(|&e| {
        let (word, rest) = after.strip_prefix(e)?.split_once(e)?;
        capitals(word).then_some((word, rest))
    });
    if let Some((p, r)) = italic {
        let (r, repeated) = strip_repeat(r);
        return (Some((p.to_string(), repeated)), r.trim_start());
    }
    if let Some((p, r, listed)) = word_placeholder(after, single) {
        let (p, rep) = strip_repeat_end(p);
        return (Some((p.to_string(), rep || listed)), r);
    }
    let end = after.bytes().position(|b| b == b' ' || b == b'\t').unwrap_or(after.len());
    // `--format md|html|pdf`, Click's `[md|html]`: the choices, bare.
    if after.as_bytes()[..end].contains(&b'|') && placeholder_choices(&after[..end]).is_some() {
        return (Some((after[..end].to_string(), false)), after[end..].trim_start());
    }
    // `--when [%Y-%m-%d]`: the date formats Click's `DateTime` prints.
    if let Some((formats, r)) = after.strip_prefix("[%").and_then(|r| r.split_once(']')) {
        return (Some((format!("%{formats}"), false)), r.trim_start());
    }
    (None, after)
}

/// A bracketed placeholder at the start of `s` (`<tag>`, `{a,b}`) and its
/// repetition mark, inside or after it (`<tag...>`, `<tag>...`): its text,
/// whether it is repeated, and the text after it.
fn bracketed(s: &str) -> Option<(String, bool, &str)> {
    let (p, r) = strip_placeholder(s)?;
    let (p, inside) = strip_repeat_end(p);
    let (r, after) = strip_repeat(r);
    Some((p.to_string(), inside || after, r))
}

/// `s` without a leading separator between a flag's head and its
/// description (`:`, `—`, `–`, `- `, `|`).
fn strip_separator(s: &str) -> &str {
    for sep in [":", "—", "–", "- ", "|"] {
        if let Some(r) = s.strip_prefix(sep) {
            return r.trim_start();
        }
    }
    s
}

/// What follows `--name`'s negated form when `text` starts with it after
/// a separator (` / --no-name`, `, --no-name`, `| --no-name`, or two
/// blanks as Typer prints it), in backticks or not.
fn negation_after<'t>(name: &str, text: &'t str, separated: bool) -> Option<&'t str> {
    let spaced = text.starts_with("  ");
    let text = text.trim_start();
    let rest = match text.strip_prefix([',', '/', '|']) {
        Some(r) => r.trim_start(),
        None if separated || spaced => text,
        None => return None,
    };
    let (rest, ticked) = match rest.strip_prefix('`') {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let rest = rest.strip_prefix("--no-")?.strip_prefix(name)?;
    let rest = if ticked { rest.strip_prefix('`')? } else { rest };
    rest.chars().next().is_none_or(|c| !(c.is_alphanumeric() || c == '-' || c == '_')).then_some(rest)
}

/// Reads a line that names a flag without dashes, as API references and
/// docstrings list parameters: a list item whose name is in backticks or
/// bold and followed by a separator, a placeholder or a marker group
/// (`` - `title` (string): ``, `- **tags** <t>...: Tags`, `- **id**
/// *(required)* — The ID`), a list item whose plain name is followed by a
/// group (`- limit (integer): Max`), or, outside a list, a name followed by
/// a group of markers and a colon (`limit (int, optional): Max`). A name
/// written in another convention (`dryRun`) is `Invalid`.
pub(crate) fn bare(line: &str) -> Read {
    let item = strip_list_marker(line);
    if item.len() == line.trim_start().len() {
        return docstring(line);
    }
    let (wrap, head) = opening(item);
    // `` **`title`** ``: emphasis around a code span.
    let head = if wrap == "`" { head } else { head.strip_prefix('`').unwrap_or(head) };
    let Some((name, after)) = lowercase_name(head) else { return Read::Not };
    let closed = after.strip_prefix('`').unwrap_or(after);
    let closed =
        if wrap == "`" { after.strip_prefix('`') } else { closed.strip_prefix(wrap).filter(|_| !wrap.is_empty()) };
    let ok = match (wrap, closed) {
        ("", _) => after.starts_with(" ("),
        (_, Some(r)) => {
            let r = r.trim_start();
            [":", "- ", "—", "–", "(", "<", "*(", "_("].iter().any(|sep| r.starts_with(sep))
        }
        _ => false,
    };
    if !ok {
        return Read::Not;
    }
    bare_head(line, name, closed.unwrap_or(after).trim_start_matches(['`', '*', '_']).trim_start())
}

/// The bold (`**`, `__`) or code span (`` ` ``) that opens `s`, if any, and
/// the text after it.
fn opening(s: &str) -> (&'static str, &str) {
    ["**", "__", "`"].into_iter().find_map(|w| Some((w, s.strip_prefix(w)?))).unwrap_or(("", s))
}

/// A name as other conventions write one at the start of `s` (`dryRun`),
/// when it starts with a lowercase letter, and the text after it.
fn lowercase_name(s: &str) -> Option<(&str, &str)> {
    let (name, after) = s.split_at(name_len(s));
    name.starts_with(|c: char| c.is_ascii_lowercase()).then_some((name, after))
}

/// The head of `name`, a slice of `line` written without dashes, whose
/// description is `after` (a placeholder, `<tag>...`, and a separator
/// may lead it); `Invalid` when the name is not a valid flag name.
pub(crate) fn bare_head(line: &str, name: &str, after: &str) -> Read {
    let column = at(line, name) + 1;
    if !is_flag_name(name) {
        return Read::Invalid(name.to_string(), column);
    }
    let (placeholder, after) = match bracketed(after) {
        Some((p, repeated, r)) => (Some((p, repeated, at(line, after) + 1)), r.trim_start()),
        None => (None, after),
    };
    Read::Flag(Head { placeholder, ..Head::named(name, column, at(line, strip_separator(after))) })
}

/// A docstring's parameter line, not in a list: Google's `limit (int,
/// optional): Max`, when every part of the group is a marker (so prose
/// such as `note (see below): ...` stays prose), or NumPy's `limit : int,
/// optional` (a type first, its description on the lines under it). A
/// name in bold or a code span needs no colon after the group: a
/// definition list's term (`**limit** (integer, optional)`, its
/// description on a `: ...` line under it), or Sphinx's `**limit**
/// (*int*) – Max`.
fn docstring(line: &str) -> Read {
    let t = line.trim_start();
    let (wrap, t) = opening(t);
    let Some((name, after)) = lowercase_name(t) else { return Read::Not };
    let Some(after) = after.strip_prefix(wrap) else { return Read::Not };
    if let Some(spec) = after.strip_prefix(" : ") {
        let facts = numpy_spec(spec, at(line, spec) + 1);
        if facts.is_empty() {
            return Read::Not;
        }
        return match bare_head(line, name, &line[line.len()..]) {
            Read::Flag(h) => Read::Flag(Head { facts, ..h }),
            other => other,
        };
    }
    let Some(group) = after.strip_prefix(" (") else { return Read::Not };
    let Some(close) = group.find(')') else { return Read::Not };
    let marker_only = || super::describe::split_markers(&group[..close], 0, false, &mut Vec::new());
    let end = group[close + 1..].trim_start();
    let ends = end.starts_with(':') || !wrap.is_empty() && (end.is_empty() || end.starts_with(['–', '—', '-']));
    if !ends || !marker_only() {
        return Read::Not;
    }
    bare_head(line, name, &after[1..])
}

/// What a NumPy docstring says after a parameter's name (`int, optional`,
/// `bool, default False`, `{'fast', 'slow'}`), starting at `column`: a type
/// or a set of values first, then `optional` and `default X`; nothing when
/// it starts otherwise.
fn numpy_spec(spec: &str, column: usize) -> Vec<(Fact, bool, usize)> {
    let mut found = Vec::new();
    // `{'fast', 'slow'}, optional`: the set of values is one part.
    let (first, rest) = match spec.strip_prefix('{').and_then(|r| r.split_once('}')) {
        Some((inner, rest)) => (&spec[..inner.len() + 2], rest.trim_start_matches([',', ' '])),
        None => spec.split_once(',').unwrap_or((spec, "")),
    };
    let (first, parts) = (first.trim(), rest.split(',').map(str::trim).filter(|p| !p.is_empty()));
    if let Some(inner) = first.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        found.push((Fact::Values(super::describe::enum_values(inner)), false, column));
    } else if !super::describe::one_marker(first, 0, super::describe::In::Group, &mut found)
        || !matches!(found.first(), Some((Fact::Type(_), ..)))
    {
        return Vec::new();
    }
    for part in parts {
        let default = ["default=", "default:", "default "].iter().find_map(|p| part.strip_prefix(p));
        match default {
            Some(v) => super::describe::default(v.trim(), column, &mut found),
            None if part.eq_ignore_ascii_case("optional") => found.push((Fact::Required(false), false, column)),
            None => {}
        }
    }
    found
}

/// A heading that names a flag without dashes (`### title`, ``### `due_date` ``,
/// `### limit (integer)`): the name is in lower case, so a heading in words
/// (`### Notes`) stays one, and a group's title (`### required`) too.
pub(crate) fn bare_heading(title: &str) -> Read {
    if crate::lex::group_label(title).is_some() {
        return Read::Not;
    }
    let Some((name, after)) = lowercase_name(title.trim_start_matches(['*', '_', '`'])) else { return Read::Not };
    let rest = after.trim_start_matches(['*', '_', '`']);
    let ends = rest.is_empty() || [" (", " <", ":", " —", " -"].iter().any(|sep| rest.starts_with(sep));
    if !ends {
        return Read::Not;
    }
    bare_head(title, name, rest.trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flag(s: &str) -> Option<(String, Option<String>, String)> {
        match dashed(s) {
            Read::Flag(h) => Some((h.name, h.placeholder.map(|p| p.0), s[h.rest..].trim().to_string())),
            _ => None,
        }
    }

    fn p(name: &str, placeholder: Option<&str>, rest: &str) -> Option<(String, Option<String>, String)> {
        Some((name.into(), placeholder.map(str::to_string), rest.into()))
    }

    #[test]
    fn line_shapes() {
        assert_eq!(flag("--to            Recipients (required)"), p("to", None, "Recipients (required)"));
        assert_eq!(flag("- `--to` <addresses>: Recipients"), p("to", Some("addresses"), "Recipients"));
        assert_eq!(flag("* `--limit <n>` — Max results"), p("limit", Some("n"), "Max results"));
        assert_eq!(flag("1. **`--tone`** - Tone"), p("tone", None, "Tone"));
        assert_eq!(flag("--due=<date>  Due"), p("due", Some("date"), "Due"));
        assert_eq!(flag("Flags are optional."), None);
        assert!(matches!(dashed("--Bad  x"), Read::Invalid(..)));
        assert_eq!(flag("- **--query** (string): Q"), p("query", None, "(string): Q"));
        assert_eq!(flag("--since DATE  Only rows after it"), p("since", Some("DATE"), "Only rows after it"));
        assert_eq!(flag("--id  ID of the task"), p("id", None, "ID of the task"));
        assert_eq!(flag("--pinned, -p   Pin it"), p("pinned", None, "Pin it"));
        assert_eq!(flag("-n, --name <x>  The name"), p("name", Some("x"), "The name"));
        assert_eq!(flag("--format string   Output format"), p("format", Some("string"), "Output format"));
        assert_eq!(flag("-n  Not a flag line"), None);
        for not in ["---", "--- a.py", "-- x", "--> x"] {
            assert_eq!(dashed(not), Read::Not, "{not}");
        }
        let Read::Flag(h) = dashed("    -A, --all-namespaces=false:") else { panic!() };
        assert_eq!(
            (h.name.as_str(), h.short, h.default.map(|d| d.0)),
            ("all-namespaces", Some('A'), Some("false".into()))
        );
        let Read::Flag(h) = dashed("     --force  --no-force    Force it") else { panic!() };
        assert!(h.negated);
        assert_eq!(flag("**--to**: x"), p("to", None, "x"));
    }

    #[test]
    fn bare_names() {
        let name = |s: &str| match bare(s) {
            Read::Flag(h) => Some(h.name),
            Read::Invalid(w, _) => Some(format!("invalid {w}")),
            Read::Not => None,
        };
        assert_eq!(name("- `title` (string): The title").as_deref(), Some("title"));
        assert_eq!(name("- **winner_skill_path**: The path").as_deref(), Some("winner_skill_path"));
        assert_eq!(name("- **id** *(required)* — The ID").as_deref(), Some("id"));
        assert_eq!(name("- limit (integer): Max").as_deref(), Some("limit"));
        assert_eq!(name("- `dryRun` (boolean): Dry run").as_deref(), Some("invalid dryRun"));
        assert_eq!(name("    limit (int, optional): Max results.").as_deref(), Some("limit"));
        assert_eq!(name("note (see below): x"), None);
        assert_eq!(name("- **Note**: x"), None);
        assert_eq!(name("- `json` output is stable"), None);
        assert_eq!(name("- limit is the maximum"), None);
    }
}
