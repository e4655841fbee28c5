//! Flags written as a markdown table in `## Flags`.
//!
//! ```markdown
//! | Flag | Type | Default | Description |
//! |------|------|---------|-------------|
//! | `--to <addresses>` | string list | | Recipients (required) |
//! | `--limit` | integer | 20 | Maximum number of results |
//! ```
//!
//! Rows are split into cells as GitHub-flavoured markdown does (on every
//! `|` not escaped as `\|`). The row above the delimiter row (`|---|---|`)
//! is the header: its column names say what each cell means. The flag is
//! the `Flag`/`Option`/`Name` column, or else the first cell that starts with
//! `--`; a `-p, --pinned` cell gives `--pinned`, with `-p` as its short
//! spelling. In a section that never writes `--name`, a bare `title` in the
//! header's flag column is `--title`. Other known columns become the
//! markers a flag line would carry:
//!
//! | column | becomes |
//! |---|---|
//! | `Type` | `(type: ...)` when it names a type (`integer`, `string list`, `date[]`) |
//! | `Default` | `(default: ...)` unless empty or `-`, `none`, `n/a` |
//! | `Required` (`Req.`, `Mandatory`) | `(required)` when `yes`, `true`, `required`, `x`, `✓` |
//! | `Optional` | `(required)` when `no`, `false`, `✗` |
//! | `Values`, `Choices`, `Allowed values` | `One of: ...` |
//!
//! Any other column (`Description`, `Notes`, ...) is description text. The
//! result is read exactly like a flag line, so every marker and check of the
//! grammar applies, and diagnostics point at the row.

use crate::flags;
use crate::markdown::SourceLine;
use crate::words::strip_word_ignore_ascii_case;

/// What one column of a flags table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Flag,
    Type,
    Default,
    Required,
    /// `Optional`: the flag is required where the cell says no.
    Optional,
    Values,
    Text,
}

impl Column {
    fn from_header(cell: &str) -> Column {
        let name = plain(cell).to_ascii_lowercase();
        match name.trim_end_matches(['s', ':', '.', '?', '*']).trim_end() {
            "flag" | "option" | "name" | "argument" | "parameter" | "param" => Column::Flag,
            "type" | "value type" => Column::Type,
            "default" | "default value" => Column::Default,
            "required" | "req" | "mandatory" => Column::Required,
            "optional" | "opt" => Column::Optional,
            "value" | "choice" | "allowed" | "allowed value" | "possible value" | "valid value" | "accepted value"
            | "supported value" | "one of" | "enum" => Column::Values,
            _ => Column::Text,
        }
    }
}

/// A table row read as a flag line.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Row {
    /// The row's flag line: the flag cell from its `--`, then the
    /// description with the other columns' markers.
    pub(crate) text: String,
    /// 1-based column of the flag's `--` (or its opening backtick) in the
    /// source line.
    pub(crate) column: usize,
}

/// Whether `text` is a table row: `|` first, after at most three spaces.
pub(crate) fn is_row(text: &str) -> bool {
    let t = text.trim_start_matches(' ');
    text.len() - t.len() <= 3 && t.starts_with('|')
}

/// The cells of a row, each with its byte offset in `text`, `\|` unescaped.
fn cells(text: &str) -> Vec<(usize, String)> {
    let t = text.trim_end();
    let start = t.find('|').map_or(0, |i| i + 1);
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut cell_start = start;
    let mut chars = t[start..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' if chars.peek().is_some_and(|&(_, n)| n == '|') => {
                cell.push('|');
                chars.next();
            }
            '|' => {
                out.push((cell_start, std::mem::take(&mut cell)));
                cell_start = start + i + 1;
            }
            _ => cell.push(c),
        }
    }
    // A row need not end with `|`; a trailing empty cell after the last
    // `|` is not a cell.
    if !cell.trim().is_empty() {
        out.push((cell_start, cell));
    }
    out
}

/// A delimiter row: every cell `---`, `:--`, `--:` or `:-:`.
fn is_delimiter(cells: &[(usize, String)]) -> bool {
    !cells.is_empty()
        && cells.iter().all(|(_, c)| {
            let c = c.trim();
            let inner = c.strip_prefix(':').unwrap_or(c);
            let inner = inner.strip_suffix(':').unwrap_or(inner);
            !inner.is_empty() && inner.bytes().all(|b| b == b'-')
        })
}

/// A cell's text without surrounding backticks, emphasis or spaces.
fn plain(cell: &str) -> &str {
    let mut t = cell.trim();
    loop {
        let before = t;
        for wrap in ["**", "__", "`", "*", "_"] {
            if let Some(inner) = t.strip_prefix(wrap).and_then(|r| r.strip_suffix(wrap)) {
                t = inner.trim();
            }
        }
        if t == before {
            return t;
        }
    }
}

/// Where the long flag of a flag cell starts: its `--`, or the backtick or
/// emphasis just before it. `-p, --pinned` gives `--pinned`.
fn flag_start(cell: &str) -> Option<usize> {
    let b = cell.as_bytes();
    let mut from = 0;
    while let Some(rel) = cell[from..].find("--") {
        let i = from + rel;
        let mut s = i;
        while s > 0 && matches!(b[s - 1], b'`' | b'*' | b'_') {
            s -= 1;
        }
        if s == 0 || matches!(b[s - 1], b' ' | b',' | b'/' | b'|' | b'\t') {
            return Some(s);
        }
        from = i + 2;
    }
    None
}

/// A flag name without dashes filling a cell (`title`, `` `title` ``,
/// `**title**`): where it starts, and the name.
fn bare_name(cell: &str) -> Option<(usize, &str)> {
    let name = plain(cell);
    let start = cell.find(name)?;
    crate::flags::is_flag_name(name).then_some((start, name))
}

/// A value that means "nothing here".
fn is_empty_value(v: &str) -> bool {
    matches!(v.to_ascii_lowercase().as_str(), "" | "-" | "–" | "—" | "none" | "n/a" | "na")
}

/// What a `Type` cell says: the `(type: ...)` marker it stands for (`None`
/// for types the grammar states another way, such as `enum`, or does not
/// know: those are left to the description's own markers), and whether it
/// takes several values (`integer[]`, `string list`, `list of dates`).
fn type_cell(cell: &str) -> (Option<String>, bool) {
    if let Some(values) = enum_type(cell) {
        return (Some(values_clause(&values, false)), false);
    }
    // The type words as a `(type: ...)` marker reads them (one reading of
    // `list of dates`, `date list`, `date[]`, `list`).
    let t = plain(cell);
    let (marker, list) = if let Some(list) = flags::enum_type_word(t) {
        // The values are in the description (`` `red`, `green` or `blue` ``).
        (Some("enum"), list)
    } else if let Some((value_type, list)) = flags::parse_type(t) {
        (Some(value_type.name()), list)
    } else {
        (None, flags::list_form(t).1)
    };
    let marker = marker.map(|word| if list { format!("(type: {word} list)") } else { format!("(type: {word})") });
    (marker, list)
}

/// The values of an enum written as its type, as API references do:
/// `enum: a, b`, `enum (a, b)`, `enum [a, b]`, `one of: a, b`, or a union
/// of quoted literals (`"a" | "b"`, in a table `"a" \| "b"`). `None` for
/// anything else.
fn enum_type(cell: &str) -> Option<String> {
    let t = plain(cell);
    // The word alone (`enumeration` is not `enum`), then what follows it.
    let head = |word| strip_word_ignore_ascii_case(t, word);
    if let Some(rest) = head("enum").or_else(|| head("one of")) {
        let rest = rest.trim_start();
        let rest = rest.strip_prefix(':').unwrap_or(rest).trim();
        let inner = [('(', ')'), ('[', ']'), ('{', '}'), ('<', '>')]
            .iter()
            .find_map(|&(open, close)| rest.strip_prefix(open).and_then(|r| r.strip_suffix(close)))
            .unwrap_or(rest);
        return (!inner.trim().is_empty()).then(|| inner.to_string());
    }
    // `"a" | "b"`: every part a quoted literal, in a code span or not
    // (`` `"a" | "b"` ``); read as written too, since `plain` takes the
    // first and last backticks of `` `a` | `b` `` for one code span.
    let union = |t: &str| {
        let parts: Vec<&str> = t.split('|').map(|p| p.trim().trim_end_matches('\\').trim()).collect();
        let unquoted: Option<Vec<&str>> = parts
            .iter()
            .map(|p| ['"', '\'', '`'].iter().find_map(|&q| p.strip_prefix(q).and_then(|r| r.strip_suffix(q))))
            .collect();
        unquoted.filter(|u| u.len() > 1).map(|u| u.join(", "))
    };
    union(t).or_else(|| union(cell.trim()))
}

/// Whether a `Required` cell says yes.
fn is_yes(cell: &str) -> bool {
    matches!(plain(cell).to_ascii_lowercase().as_str(), "yes" | "y" | "true" | "required" | "x" | "✓" | "✔" | "✅")
}

/// Whether an `Optional` cell says no (the flag is required).
fn is_no(cell: &str) -> bool {
    matches!(plain(cell).to_ascii_lowercase().as_str(), "no" | "n" | "false" | "required" | "✗" | "✘" | "❌")
}

/// [`property`] for a line of prose under a flag: the line is a sentence,
/// and its period is not part of the value (`Default: 20.`,
/// `` Default: `table`. ``, `Type: integer.`; a `Description:` keeps it).
pub(crate) fn property_line(text: &str, list: bool) -> Option<String> {
    let trimmed = text.trim_end();
    match trimmed.strip_suffix('.').filter(|t| !t.ends_with('.')) {
        Some(t)
            if property_parts(t)
                .is_some_and(|(key, v)| !v.trim().is_empty() && Column::from_header(key) != Column::Text) =>
        {
            property(t, list)
        }
        _ => property(text, list),
    }
}

/// A flag's property written `Key: value` on a line of its own under it
/// (`- Type: integer`, `Default: 20`, `- Required: yes`), as the marker the
/// table column of that name becomes; `list` says whether the flag takes
/// several values so far (for `Values`). A `Description:` line gives its
/// text. `None` when the key names no column or the value means nothing to
/// it (`Note: ...`, `Type: see below`): the line is description text.
pub(crate) fn property(text: &str, list: bool) -> Option<String> {
    let (key, value) = property_parts(text)?;
    let value = value.trim();
    if is_empty_value(plain(value)) {
        return match Column::from_header(key) {
            Column::Text => None,
            // `Possible values:` alone: the values follow as list items.
            Column::Values if value.is_empty() => Some(if list { "One or more of:" } else { "One of:" }.to_string()),
            _ => Some(String::new()),
        };
    }
    match Column::from_header(key) {
        Column::Flag => None,
        Column::Text => {
            let key = plain(key).to_ascii_lowercase();
            matches!(key.as_str(), "description" | "desc" | "summary" | "details").then(|| value.to_string())
        }
        Column::Type => type_cell(value).0,
        Column::Default => Some(format!("(default: {})", plain(value))),
        Column::Required => Some(if is_yes(value) { "(required)".to_string() } else { String::new() }),
        Column::Optional => Some(if is_no(value) { "(required)".to_string() } else { String::new() }),
        Column::Values => Some(values_clause(value, list)),
    }
}

/// A property line's key and value: `Key: value`, or with the key in
/// emphasis, `**Key:** value` and `**Key**: value` (`__` alike).
fn property_parts(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    for wrap in ["**", "__"] {
        if let Some(r) = text.strip_prefix(wrap) {
            let close = r.find(wrap)?;
            let (inner, after) = (&r[..close], &r[close + wrap.len()..]);
            return match inner.strip_suffix(':') {
                Some(key) => Some((key, after)),
                None => after.strip_prefix(':').map(|value| (inner, value)),
            };
        }
    }
    text.split_once(':')
}

/// A `Values` cell as the enum clause it stands for: `One of: a, b.`, or
/// `One or more of:` for a flag that takes several values.
fn values_clause(cell: &str, list: bool) -> String {
    // `` `low`, `high`. ``: the sentence's full stop is not part of a value.
    let cell = cell.trim_end().trim_end_matches('.');
    let values: Vec<&str> = cell.split([',', '|']).map(plain).filter(|v| !v.is_empty()).collect();
    let clause = if list { "One or more of:" } else { "One of:" };
    format!("{clause} {}.", values.join(", "))
}

/// What one row of a flags table is.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum RowKind {
    /// The header or the delimiter row.
    Structure,
    /// A row with a flag, as a flag line.
    Flag(Row),
    /// A row without a flag cell.
    Other,
}

/// Reads the table whose rows are `rows` (consecutive lines for which
/// [`is_row`] holds), one answer per row. With `bare`, a name without
/// dashes in the header's flag column (`title`, `` `title` ``, as API
/// references write parameters) is the flag `--title`.
pub(crate) fn read(rows: &[SourceLine<'_>], bare: bool) -> Vec<RowKind> {
    let split: Vec<Vec<(usize, String)>> = rows.iter().map(|r| cells(r.text)).collect();
    let header = split.get(1).is_some_and(|c| is_delimiter(c));
    let columns: Vec<Column> =
        if header { split[0].iter().map(|(_, c)| Column::from_header(c)).collect() } else { Vec::new() };
    let flag_column = columns.iter().position(|&c| c == Column::Flag);
    let column_of = |k: usize| columns.get(k).copied().unwrap_or(Column::Text);
    split
        .iter()
        .enumerate()
        .map(|(i, cells)| {
            if header && i < 2 || is_delimiter(cells) {
                return RowKind::Structure;
            }
            let flag_cell = flag_column.or_else(|| cells.iter().position(|(_, c)| flag_start(c).is_some()));
            let found =
                flag_cell.and_then(|k| cells.get(k).map(|c| (k, c))).and_then(|(k, c)| match flag_start(&c.1) {
                    Some(s) => Some((k, c, s, None)),
                    None if bare && flag_column == Some(k) => bare_name(&c.1).map(|(s, name)| (k, c, s, Some(name))),
                    None => None,
                });
            let Some((k, (offset, cell), start, bare_name)) = found else {
                return RowKind::Other;
            };
            let flag_cell = k;
            let head = cell[start..].trim_end();
            let mut text = match bare_name {
                Some(name) => format!("--{name}"),
                // `` `-p, --pinned` ``: the flag starts inside the code
                // span, whose backticks no longer pair up.
                None if head.starts_with(['`', '*', '_']) => head.to_string(),
                // `--x*`, `--x\*`: a required mark (kept for the line
                // reader), not emphasis.
                None => {
                    let mark =
                        head.strip_suffix("\\*").or_else(|| head.strip_suffix('*').filter(|h| !h.ends_with('*')));
                    let mut text = mark.unwrap_or(head).replace(['`', '*'], "");
                    if mark.is_some() {
                        text.push('*');
                    }
                    text
                }
            };
            // `-p, --pinned`: the short spelling before the long one is the
            // flag's too (the row's column stays the long one's).
            let before = cell[..start].trim_matches(|c: char| matches!(c, '`' | '*' | '_' | ',' | '|' | '/' | ' '));
            if bare_name.is_none()
                && let [b'-', letter] = before.as_bytes()
                && letter.is_ascii_alphabetic()
            {
                text = format!("{before}, {text}");
            }
            text.push_str(" |");
            // A `Values` column makes an enum; the `Type` column then only
            // says whether it takes several.
            let (type_marker, list) = cells
                .iter()
                .enumerate()
                .find(|&(k, _)| column_of(k) == Column::Type)
                .map_or((None, false), |(_, (_, c))| type_cell(c));
            let has_values =
                cells.iter().enumerate().any(|(k, (_, c))| column_of(k) == Column::Values && !is_empty_value(plain(c)));
            for (k, (_, c)) in cells.iter().enumerate() {
                let value = plain(c);
                if k == flag_cell || is_empty_value(value) {
                    continue;
                }
                let part = match column_of(k) {
                    Column::Flag => continue,
                    Column::Type if has_values => continue,
                    Column::Type => match &type_marker {
                        Some(m) => m.clone(),
                        None => continue,
                    },
                    Column::Default => format!("(default: {value})"),
                    Column::Required if is_yes(c) => "(required)".to_string(),
                    Column::Optional if is_no(c) => "(required)".to_string(),
                    Column::Required | Column::Optional => continue,
                    Column::Values => values_clause(c, list),
                    Column::Text => c.trim().to_string(),
                };
                text.push(' ');
                text.push_str(&part);
            }
            // Column of the flag: the cell's offset plus its text before
            // the flag, in characters.
            let column = rows[i].text[..*offset].chars().count() + cell[..start].chars().count() + 1;
            RowKind::Flag(Row { text, column })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(src: &str) -> Vec<Option<(String, usize)>> {
        let lines: Vec<SourceLine<'_>> =
            src.lines().enumerate().map(|(i, text)| SourceLine { line: i + 1, text }).collect();
        read(&lines, false)
            .into_iter()
            .map(|r| match r {
                RowKind::Flag(r) => Some((r.text, r.column)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn type_words_read_as_a_marker_reads_them() {
        for (cell, marker, list) in [
            ("list", Some("(type: string list)"), true),
            ("integers", Some("(type: integer)"), false),
            ("`date[]`", Some("(type: date list)"), true),
            ("List of Strings", Some("(type: string list)"), true),
            ("enum[]", Some("(type: enum list)"), true),
            ("uuid[]", None, true),
            ("email", None, false),
        ] {
            assert_eq!(type_cell(cell), (marker.map(str::to_string), list), "{cell}");
        }
    }

    #[test]
    fn an_enum_may_be_written_as_the_type() {
        for cell in ["enum: gold, silver", "Enum (gold, silver)", "`enum[gold, silver]`", "one of: gold, silver"] {
            assert_eq!(type_cell(cell).0.as_deref(), Some("One of: gold, silver."), "{cell}");
        }
        // A union of literals; in a table the pipe is escaped.
        assert_eq!(enum_type(r#""gold" \| "silver" \| "bronze""#).as_deref(), Some("gold, silver, bronze"));
        assert_eq!(enum_type(r"`low` \| `high`").as_deref(), Some("low, high"));
        assert_eq!(enum_type("'a' | 'b'").as_deref(), Some("a, b"));
        for not_enum in ["string", "enumeration", "\"a\"", "a | b", "enum:", "one of"] {
            assert_eq!(enum_type(not_enum), None, "{not_enum}");
        }
        let got = rows("| Flag | Type | Default |\n|---|---|---|\n| `--tier` | enum: gold, silver | silver |\n");
        assert_eq!(got[2].as_ref().map(|r| r.0.as_str()), Some("`--tier` | One of: gold, silver. (default: silver)"));
    }

    #[test]
    fn two_columns() {
        let got = rows(
            "| Flag | Description |\n|---|---|\n| `--to <addresses>` | Recipients (required) |\n| `-p`, `--pinned` | Pin it (boolean flag) |\n| --color <red\\|green> | Color. One of: red, green |\n| `-v, --verbose` | Talk |\n",
        );
        assert_eq!(
            got,
            [
                None,
                None,
                Some(("`--to <addresses>` | Recipients (required)".to_string(), 3)),
                Some(("-p, `--pinned` | Pin it (boolean flag)".to_string(), 9)),
                Some(("--color <red|green> | Color. One of: red, green".to_string(), 3)),
                Some(("-v, --verbose | Talk".to_string(), 8)),
            ]
        );
    }

    #[test]
    fn columns_become_markers() {
        let got = rows(
            "| Option | Type | Required | Default | Values | Notes |\n|:--|:-:|--:|---|---|---|\n| `--sort` | string | no | `due` | `due`, `created` | Order |\n| `--limit` | int | | 20 | | Max |\n| `--ids` | integer[] | yes | - | | IDs |\n| `--mode` | enum | | | | Whatever |\n| `--tags` | list of strings | | | a, b | Tags |\n",
        );
        assert_eq!(
            got,
            [
                None,
                None,
                Some(("`--sort` | (default: due) One of: due, created. Order".to_string(), 3)),
                Some(("`--limit` | (type: integer) (default: 20) Max".to_string(), 3)),
                Some(("`--ids` | (type: integer list) (required) IDs".to_string(), 3)),
                Some(("`--mode` | (type: enum) Whatever".to_string(), 3)),
                Some(("`--tags` | One or more of: a, b. Tags".to_string(), 3)),
            ]
        );
    }

    #[test]
    fn without_header_or_flag() {
        assert_eq!(
            rows("| --to | Recipients |\n| see below | x |\n| a--b | c |"),
            [Some(("--to | Recipients".to_string(), 3)), None, None]
        );
        assert!(is_row("   | a |") && !is_row("    | a |") && !is_row("a | b"));
    }
}
