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
//! `|` not escaped as `\|`). The row above the delimiter row names the
//! columns. The flag is in the `Flag`/`Option`/`Name`/`Parameter` column, or
//! else in the first cell that starts with `--`; its cell is read as a flag
//! line's head is (`-p, --pinned`, `` [`-a`](#all), `--all` ``, `--to*`).
//! A name without dashes in the flag column (`title`) is the flag `--title`.
//! The `Type`, `Default`, `Required`, `Optional` and `Values` columns are
//! statements of the flag's properties, and a `Short` column gives its
//! one-letter spelling; any other column is description.

use super::Origin;
use super::decl::{Decl, Fact};
use super::describe::{self, enum_values};
use super::head::{self, Read};
use super::types::{self, TypeWord};
use crate::lex::{name_len, short_letter, short_spelling_len};
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
    /// `Description`: the flag's description.
    Description,
    /// `Short`: the flag's one-letter spelling (`-o`).
    Short,
    Text,
}

impl Column {
    fn from_header(cell: &str) -> Column {
        let name = plain(cell).to_ascii_lowercase();
        let name = name.trim_end_matches(['s', ':', '.', '?', '*']).trim_end();
        // `Name, shorthand`, `Option / alias`: the first word names it.
        let first = name.split([',', '/', '(']).next().unwrap_or(name).trim().trim_end_matches('s');
        let flag = |n: &str| matches!(n, "flag" | "option" | "name" | "argument" | "parameter" | "param" | "field");
        match name {
            n if flag(n) || flag(first) => Column::Flag,
            "type" | "value type" | "data type" => Column::Type,
            "default" | "default value" => Column::Default,
            "required" | "req" | "mandatory" => Column::Required,
            "optional" | "opt" => Column::Optional,
            "value" | "choice" | "allowed" | "allowed value" | "possible value" | "valid value" | "accepted value"
            | "supported value" | "one of" | "enum" => Column::Values,
            "description" | "desc" | "summary" | "detail" => Column::Description,
            "short" | "shorthand" | "short flag" | "short option" | "short form" | "alias" => Column::Short,
            _ => Column::Text,
        }
    }
}

/// What one row of a flags table is.
#[derive(Debug)]
pub(crate) enum Row {
    /// The header or the delimiter row.
    Structure,
    /// A row that declares a flag.
    Flag(Box<Decl>),
    /// A row whose flag has an invalid name: as written, and its column.
    Invalid(String, usize),
    /// A row without a flag.
    Other,
}

/// Whether `text` is a table row: `|` first, after at most three spaces.
pub(crate) fn is_row(text: &str) -> bool {
    let t = text.trim_start_matches(' ');
    text.len() - t.len() <= 3 && t.starts_with('|')
}

/// Reads the table whose rows are `rows`, one answer per row.
pub(crate) fn read(rows: &[SourceLine<'_>]) -> Vec<Row> {
    let split: Vec<Vec<(usize, String)>> = rows.iter().map(|r| cells(r.text)).collect();
    let header = split.get(1).is_some_and(|c| is_delimiter(c));
    let columns: Vec<Column> =
        if header { split[0].iter().map(|(_, c)| Column::from_header(c)).collect() } else { Vec::new() };
    let flag_column = columns.iter().position(|&c| c == Column::Flag);
    let column_of = |k: usize| columns.get(k).copied().unwrap_or(Column::Text);
    split
        .iter()
        .zip(rows)
        .enumerate()
        .map(|(i, (cells, row))| {
            if header && i < 2 || is_delimiter(cells) {
                return Row::Structure;
            }
            let at = |k: usize| row.text[..cells[k].0].chars().count() + 1;
            let dashed = flag_column
                .filter(|&k| cells.get(k).is_some_and(|c| c.1.contains("--")))
                .or_else(|| cells.iter().position(|(_, c)| starts_flag(c)));
            // The flag's cell, read as a flag line's head, or a name alone
            // (`title`) in the flag column.
            let (k, read) = match (dashed, flag_column) {
                (Some(k), _) => (k, head::dashed(&unlinked(&cells[k].1))),
                (None, Some(k)) if cells.get(k).is_some_and(|c| is_name(plain(&c.1))) => {
                    let (cell, name) = (&cells[k].1, plain(&cells[k].1));
                    (k, head::bare_head(cell, name, &cell[cell.len()..]))
                }
                _ => return Row::Other,
            };
            let mut decl = match read {
                Read::Flag(h) => h.declare(row.line, at(k) - 1),
                Read::Invalid(written, c) => return Row::Invalid(written, at(k) + c - 1),
                Read::Not => return Row::Other,
            };
            let flag_cell = dashed.or(flag_column);
            for (k, (_, c)) in cells.iter().enumerate() {
                let value = plain(c);
                if Some(k) == flag_cell || is_empty_value(value) {
                    continue;
                }
                let column = at(k) + c.len() - c.trim_start().len();
                cell_facts(column_of(k), c, &mut decl, row.line, column);
            }
            Row::Flag(Box::new(decl))
        })
        .collect()
}

/// Whether a cell is a name and nothing else (`title`, `dryRun`).
fn is_name(cell: &str) -> bool {
    !cell.is_empty() && name_len(cell) == cell.len()
}

/// The statements one cell of column `kind` makes.
fn cell_facts(kind: Column, cell: &str, decl: &mut Decl, line: usize, column: usize) {
    let value = plain(cell);
    match kind {
        Column::Flag => {}
        Column::Type => decl.add(type_cell(cell), line, column, Origin::Data),
        Column::Default => {
            let mut found = Vec::new();
            describe::default(value, 0, &mut found);
            decl.add(found, line, column, Origin::Data);
        }
        Column::Required | Column::Optional => {
            if let Some(yes) = describe::yes_no(value) {
                decl.state(Fact::Required(yes == (kind == Column::Required)), line, column, Origin::Data);
            }
        }
        Column::Values => {
            let values: Vec<String> = enum_values(value.trim_end_matches('.'));
            decl.state(Fact::Values(values), line, column, Origin::Data);
        }
        Column::Description | Column::Text => decl.description.push(cell, line, column, false),
        Column::Short if short_spelling_len(value) == value.len() => decl.short = short_letter(value),
        Column::Short => decl.description.push(cell, line, column, false),
    }
}

/// A property written `Key: value` under a flag (`Type: integer`), read as
/// the column of that name states it; false when the key names no
/// property column, or the value says nothing to it (`Type: see below`,
/// `Possible values:` before the values as list items): the line is then
/// description text.
pub(crate) fn property(key: &str, value: &str, decl: &mut Decl, line: usize, column: usize) -> bool {
    let kind = Column::from_header(key);
    // The line is a sentence: its period is not part of a value.
    let raw = match value.strip_suffix('.').filter(|v| !v.ends_with('.')) {
        Some(v) if kind != Column::Description => v,
        _ => value,
    };
    let value = plain(raw);
    match kind {
        Column::Description => {
            decl.description.push(raw, line, column, true);
            true
        }
        Column::Flag | Column::Text => false,
        Column::Values if value.is_empty() => false,
        Column::Type if value.contains(' ') && matches!(type_cell(raw).as_slice(), [(Fact::UnknownType(_), ..)]) => {
            false
        }
        _ if is_empty_value(value) => true,
        _ => {
            cell_facts(kind, raw, decl, line, column);
            true
        }
    }
}

/// What a `Type` cell states: a type word, an enum written as the type
/// (`enum: a, b`), or a type and markers (`string, optional`, `int
/// (default 5)`); a word the format does not know is `UnknownType`.
fn type_cell(cell: &str) -> Vec<describe::Found> {
    let value = plain(cell);
    let mut found = Vec::new();
    if let Some(values) = enum_type(cell) {
        found.push((Fact::Values(values), false, 0));
        return found;
    }
    // `string (date)`: text in the format of a type, that type.
    if let Some((outer, inner)) = value.strip_suffix(')').and_then(|v| v.split_once('('))
        && let Some((TypeWord::Value(skills_core::spec::ValueType::String), _)) = types::read(outer.trim(), true)
        && let Some((word @ (TypeWord::Value(_) | TypeWord::Format(_)), list)) = types::read(inner.trim(), true)
    {
        describe::type_facts(word, list, 0, &mut found);
        return found;
    }
    match types::read(value, true) {
        Some((TypeWord::Unknown(_), _)) if value.contains([',', ';', '(']) => {
            let group = value.replace(['(', ')'], ",");
            let parts = group.split([',', ';']).filter(|p| !p.trim().is_empty());
            if !parts.into_iter().all(|p| describe::one_marker(p, 0, describe::In::Group, &mut found)) {
                found = vec![(Fact::UnknownType(value.to_string()), false, 0)];
            }
        }
        Some((word, list)) => describe::type_facts(word, list, 0, &mut found),
        None => {}
    }
    found
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
    // A row need not end with `|`; a trailing empty cell is no cell.
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

/// Whether a cell starts with a flag: `--x`, or a short spelling then
/// `--x`, maybe in backticks, emphasis or a link (`` [`-a`](#all), `--all` ``).
fn starts_flag(cell: &str) -> bool {
    let c = unlinked(cell);
    let c = c.trim().trim_start_matches(['`', '*', '_']);
    c.starts_with("--") && c[2..].starts_with(|ch: char| ch.is_ascii_alphabetic())
        || (c.starts_with('-') && !c.starts_with("--") && c.contains(", --") || c.contains("`, `--"))
}

/// A cell with its links replaced by their text (`[`-a`](#all)` is `` `-a` ``).
fn unlinked(cell: &str) -> String {
    let mut out = String::with_capacity(cell.len());
    let mut rest = cell;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|c| open + c) else { break };
        let Some(end) = rest[close..].find(')').map(|e| close + e) else { break };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
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

/// A value that means "nothing here".
fn is_empty_value(v: &str) -> bool {
    matches!(v.to_ascii_lowercase().as_str(), "" | "-" | "–" | "—" | "none" | "n/a" | "na" | "null")
}

/// The values of an enum written as its type, as API references do:
/// `enum: a, b`, `enum (a, b)`, `enum [a, b]`, `one of: a, b`, or a union
/// of quoted literals (`"a" | "b"`, in a table `"a" \| "b"`).
fn enum_type(cell: &str) -> Option<Vec<String>> {
    let t = plain(cell);
    let head = |word| strip_word_ignore_ascii_case(t, word);
    if let Some(rest) = head("enum").or_else(|| head("one of")) {
        let rest = rest.trim_start();
        let rest = rest.strip_prefix(':').unwrap_or(rest).trim();
        let inner = [('(', ')'), ('[', ']'), ('{', '}'), ('<', '>')]
            .iter()
            .find_map(|&(open, close)| rest.strip_prefix(open).and_then(|r| r.strip_suffix(close)))
            .unwrap_or(rest);
        return (!inner.trim().is_empty()).then(|| enum_values(inner));
    }
    describe::quoted_union(t).or_else(|| describe::quoted_union(cell.trim())).or_else(|| {
        // `` `restricted` or `public` ``: quoted values and nothing else.
        let (start, end, values) = describe::quoted_run(cell.trim())?;
        (start == 0 && end == cell.trim().len()).then_some(values)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flags::decl::DefaultValue;
    use skills_core::spec::ValueType;

    fn decls(src: &str) -> Vec<Option<Decl>> {
        let lines: Vec<SourceLine<'_>> =
            src.lines().enumerate().map(|(i, text)| SourceLine { line: i + 1, text }).collect();
        read(&lines)
            .into_iter()
            .map(|r| match r {
                Row::Flag(d) => Some(*d),
                _ => None,
            })
            .collect()
    }

    fn facts(d: &Decl) -> Vec<Fact> {
        d.facts.iter().filter(|f| !f.implied()).map(|f| f.fact.clone()).collect()
    }

    #[test]
    fn columns_are_statements() {
        let got = decls(
            "| Option | Type | Required | Default | Values | Notes |\n|:--|:-:|--:|---|---|---|\n| `--sort` | string | no | `due` | `due`, `created` | Order |\n| `--limit` | int | | 20 | | Max |\n| `--ids` | integer[] | yes | - | | IDs |\n",
        );
        let sort = got[2].as_ref().unwrap();
        assert_eq!(
            facts(sort),
            [
                Fact::Type(ValueType::String),
                Fact::Required(false),
                Fact::Default(DefaultValue::Text("due".into())),
                Fact::Values(vec!["due".into(), "created".into()])
            ]
        );
        assert_eq!(sort.description.text, "Order");
        assert_eq!((sort.line, sort.column), (3, 3));
        let ids = got[4].as_ref().unwrap();
        assert_eq!(facts(ids), [Fact::Type(ValueType::Integer), Fact::List(true), Fact::Required(true)]);
    }

    #[test]
    fn flag_cells() {
        let got = decls(
            "| Option | Default | Description |\n|---|---|---|\n| [`-a`](#all), `--all` | | Show all |\n| `--last`, `-n` | `-1` | Last n |\n| `-p, --pinned` | | Pin |\n| `--to*` | | To |\n",
        );
        let all = got[2].as_ref().unwrap();
        assert_eq!((all.name.as_str(), all.short), ("all", Some('a')));
        assert_eq!(got[3].as_ref().unwrap().short, Some('n'));
        assert_eq!(got[4].as_ref().unwrap().short, Some('p'));
        assert_eq!(facts(got[5].as_ref().unwrap()), [Fact::Required(true)]);
        // Bare names in the header's flag column; another convention's
        // name is refused with the column it is at.
        let lines: Vec<SourceLine<'_>> =
            ["| Name | Type |", "|---|---|", "| `title` | string |", "| perPage | number |"]
                .iter()
                .enumerate()
                .map(|(i, text)| SourceLine { line: i + 1, text })
                .collect();
        let rows = read(&lines);
        assert!(matches!(&rows[2], Row::Flag(d) if d.name == "title"));
        assert!(matches!(&rows[3], Row::Invalid(w, 3) if w == "perPage"));
    }

    #[test]
    fn an_enum_may_be_written_as_the_type() {
        for cell in ["enum: gold, silver", "Enum (gold, silver)", "`enum[gold, silver]`", "one of: gold, silver"] {
            assert_eq!(enum_type(cell), Some(vec!["gold".into(), "silver".into()]), "{cell}");
        }
        assert_eq!(enum_type(r#""gold" \| "silver""#), Some(vec!["gold".into(), "silver".into()]));
        assert_eq!(enum_type(r"`low` \| `high`"), Some(vec!["low".into(), "high".into()]));
        for not_enum in ["string", "enumeration", "\"a\"", "a | b", "enum:", "one of"] {
            assert_eq!(enum_type(not_enum), None, "{not_enum}");
        }
        assert!(is_row("   | a |") && !is_row("    | a |") && !is_row("a | b"));
    }
}
