//! Reading a `## Flags` section's lines into declarations: which lines
//! declare a flag, which continue the description of the flag above, which
//! group flags (`### Required`), and which are prose. The recognizers it
//! calls ([`head`](super::head), [`table`](super::table)) read one line or
//! block each and keep no state; this is the only state, and it looks back
//! at most to the flag being read.

use super::decl::{Decl, DefaultValue, Fact};
use super::head::{self, Head, Read};
use super::table;
use super::{Origin, Source};
use crate::diagnostic::{Code, Sink};
use crate::lex::{group_label, is_thematic_break, mentions_flag, requires, strip_list_marker, valid_flag_form};
use crate::markdown::SourceLine;

/// The width of a line's indentation, a tab reaching the next multiple of
/// eight as a terminal shows help output (kubectl's descriptions are
/// indented by a tab under flags indented by four spaces).
fn indent_width(text: &str) -> usize {
    text.bytes()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .fold(0, |w, b| if b == b'\t' { w / 8 * 8 + 8 } else { w + 1 })
}

/// What a `## Flags` section declares.
#[derive(Debug, Default)]
pub(crate) struct Section {
    pub(crate) decls: Vec<Decl>,
    /// Its flag lines show values as help output does (some line writes a
    /// placeholder, or it documents `--help`): a flag line that shows none
    /// is a switch.
    pub(crate) shows_values: bool,
}

/// Reads the lines of a `## Flags` section (or of the groups written as
/// sections of their own).
pub(crate) fn read(lines: &[SourceLine<'_>], sink: &mut Sink<'_>) -> Section {
    // A flag is declared on a line of its own or a few: room for the flags
    // of a usual section at once, so that declarations (large values) are
    // not moved as the list grows.
    let mut r = Reader { decls: Vec::with_capacity(lines.len().div_ceil(2).min(32)), ..Reader::default() };
    let mut i = 0;
    while i < lines.len() {
        let l = &lines[i];
        i += 1;
        // Most lines are a flag's (`--name ...`), which no other form
        // starts with: no break (`---`), heading, box, label or table.
        let t = l.text.trim_start_matches([' ', '\t']).as_bytes();
        if t.len() > 2 && t[..2] == *b"--" && t[2].is_ascii_alphanumeric() {
            r.line(l, l.text, sink);
            continue;
        }
        let text = unboxed(l.text);
        if text.trim().is_empty() {
            r.open = false;
        } else if is_thematic_break(text) || is_box_edge(text) {
            r.open = false;
            r.belongs = false;
        } else if let Some(title) = subheading(text) {
            let next = lines[i..].iter().find(|n| !n.text.trim().is_empty());
            let flag_follows = next.is_some_and(|n| matches!(head::dashed(n.text), Read::Flag(_)));
            r.heading(l, title, flag_follows, sink);
        } else if let Some(required) = r.group_label(text) {
            r.group = required.then(|| Source::at(l.line, 1, Origin::Marker));
            r.belongs = false;
        } else if table::is_row(text) {
            let rows = lines[i - 1..].iter().take_while(|r| table::is_row(r.text)).count();
            r.table(&lines[i - 1..i - 1 + rows], sink);
            i += rows - 1;
        } else {
            r.line(l, text, sink);
        }
    }
    r.finish(sink)
}

/// The text of a line inside a box as Typer's help draws one (`│ --name
/// TEXT  The name │`), or the line.
fn unboxed(text: &str) -> &str {
    let t = text.trim_start();
    match t.strip_prefix(['│', '┃']) {
        Some(inner) => inner.trim_end().trim_end_matches(['│', '┃']),
        None => text,
    }
}

/// A box's top or bottom edge (`╭─ Options ─╮`, `╰────╯`).
fn is_box_edge(text: &str) -> bool {
    text.trim_start().starts_with(['╭', '╰', '┏', '┗', '┌', '└'])
}

#[derive(Default)]
struct Reader {
    decls: Vec<Decl>,
    /// Whether the previous non-blank line belongs to the last flag.
    open: bool,
    /// Whether the last line that is not blank belongs to the last flag: a
    /// line indented deeper after blank lines then goes on with it (man
    /// pages and clap's long help leave blank lines in a description).
    belongs: bool,
    /// The last flag is a heading: every line under it is its description.
    under_heading: bool,
    /// A group that makes its flags required (`### Required`).
    group: Option<Source>,
    /// The last flag's line is a list item (its values may not be).
    in_list: bool,
    /// Values given as list items under the last flag (`` - `json`: ... ``).
    values: Vec<String>,
    values_at: Option<Source>,
    shows_values: bool,
}

impl Reader {
    /// A subheading: a flag of its own (`### --to <address>`, or a bare
    /// name when text, not a flag line, follows it), whose description is
    /// the text under it; or a group (`### Required`).
    fn heading(&mut self, l: &SourceLine<'_>, title: &str, flag_follows: bool, sink: &mut Sink<'_>) {
        let offset = title.as_ptr() as usize - l.text.as_ptr() as usize;
        self.close();
        let read = match head::dashed(title) {
            Read::Not if !flag_follows => head::bare_heading(title),
            other => other,
        };
        match read {
            Read::Invalid(written, column) => invalid_name(l.line, offset + column, &written, sink),
            Read::Flag(h) => {
                let rest = title[h.rest.min(title.len())..].to_string();
                let mut decl = self.declare(h, l.line, offset, usize::MAX);
                decl.heading = true;
                // API references title a flag without its value: a heading
                // says nothing by showing none.
                decl.shows_no_value = false;
                decl.description.push(&rest, l.line, offset + title.len() - rest.len() + 1, false);
                self.decls.push(decl);
                self.under_heading = true;
            }
            Read::Not => self.group = requires(title).then(|| Source::at(l.line, 1, Origin::Marker)),
        }
    }

    /// Whether the line labels a group of flags, and whether they are
    /// required: `**Required flags:**`, `Optional:` as a paragraph of its
    /// own, or a list item above the items it holds (`- **Required:**`),
    /// no deeper than the last flag.
    fn group_label(&self, text: &str) -> Option<bool> {
        let item = strip_list_marker(text);
        let outside = match item.len() < text.trim_start().len() {
            true => self.decls.last().is_none_or(|d| indent_width(text) <= d.indent),
            false => !self.open && !text.starts_with([' ', '\t']),
        };
        group_label(item).filter(|_| outside && !self.under_heading)
    }

    /// A markdown table, read row by row.
    fn table(&mut self, rows: &[SourceLine<'_>], sink: &mut Sink<'_>) {
        self.close();
        for (row, kind) in rows.iter().zip(table::read(rows)) {
            match kind {
                table::Row::Flag(decl) => {
                    let mut decl = *decl;
                    self.shows_values |= decl.placeholder.is_some();
                    decl.shows_no_value = decl.placeholder.is_none();
                    decl.group = self.group;
                    self.decls.push(decl);
                }
                table::Row::Invalid(written, column) => invalid_name(row.line, column, &written, sink),
                table::Row::Other if mentions_flag(row.text) => unrecognized(row, sink),
                table::Row::Other | table::Row::Structure => {}
            }
        }
    }

    /// Any other line: a flag line, a line of the last flag's description,
    /// a value of the last flag, or prose.
    fn line(&mut self, l: &SourceLine<'_>, text: &str, sink: &mut Sink<'_>) {
        let indent = indent_width(text);
        let offset = text.as_ptr() as usize - l.text.as_ptr() as usize;
        // Typer marks a required option with `*` before it, in its box.
        let (text, starred) = match text.trim_start().strip_prefix('*').filter(|r| r.starts_with("  ")) {
            Some(r) if offset > 0 => (r, true),
            _ => (text, false),
        };
        let offset = text.as_ptr() as usize - l.text.as_ptr() as usize;
        let dashed = head::dashed(text);
        // A line under the flag: its description goes on, unless it is a
        // flag line of its own (one whose `--` is no deeper than the
        // flag's, so an example such as `  --at a.jpg` stays text).
        let nested = match &dashed {
            Read::Flag(h) => self.decls.last().is_some_and(|d| !d.heading && offset + h.column > d.column),
            _ => true,
        };
        if nested && self.continues(text, indent) {
            self.continuation(l, text, offset);
            return;
        }
        let read = match dashed {
            Read::Not if self.values_expected() => {
                if self.value_item(l, text, offset) {
                    return;
                }
                head::bare(text)
            }
            Read::Not => head::bare(text),
            other => other,
        };
        match read {
            Read::Flag(h) => {
                self.end_values();
                if h.name == "help" {
                    // `-h, --help  Print help`, pasted from a CLI's help,
                    // documents the router's own help request.
                    self.shows_values = true;
                    self.open = false;
                    return;
                }
                let rest = text[h.rest.min(text.len())..].trim_end();
                let rest_column = offset + h.rest + 1;
                let mut decl = self.declare(h, l.line, offset, indent);
                if starred {
                    decl.state(Fact::Required(true), l.line, offset + 1, Origin::Marker);
                }
                self.in_list = strip_list_marker(text).len() < text.trim_start().len();
                decl.description.push(rest, l.line, rest_column, false);
                self.decls.push(decl);
                (self.open, self.belongs, self.under_heading) = (true, true, false);
            }
            Read::Invalid(written, column) => {
                invalid_name(l.line, offset + column, &written, sink);
                (self.open, self.belongs) = (false, false);
            }
            Read::Not => {
                self.end_values();
                (self.open, self.belongs) = (false, false);
                let stripped = strip_list_marker(text);
                if let Some(fix) = single_dash(stripped) {
                    let column = offset + (stripped.as_ptr() as usize - text.as_ptr() as usize) + 1;
                    sink.push(
                        Code::UnrecognizedFlagLine,
                        l.line,
                        column,
                        format!(
                            "this line in `## Flags` starts with an option this format cannot declare: `{}`",
                            stripped.trim()
                        ),
                        fix,
                    );
                } else if mentions_flag(stripped) && !stripped.starts_with('#') {
                    unrecognized(l, sink);
                }
            }
        }
    }

    /// Ends the last flag: what follows is not its description.
    fn close(&mut self) {
        self.end_values();
        (self.open, self.belongs, self.under_heading) = (false, false, false);
    }

    /// The declaration `h` reads, on `line`, its columns moved right by
    /// `offset` (where the text read starts in the line), in the current
    /// group.
    fn declare(&mut self, h: Head, line: usize, offset: usize, indent: usize) -> Decl {
        self.shows_values |= h.placeholder.is_some();
        Decl { indent, group: self.group, ..h.declare(line, offset) }
    }

    /// Whether the line continues the last flag's description: under its
    /// heading, or indented deeper than its line (or a definition line, `:
    /// text`), possibly after blank lines while it has no description yet.
    fn continues(&self, text: &str, indent: usize) -> bool {
        let Some(last) = self.decls.last() else { return false };
        let definition = text.trim_start().starts_with(": ") || text.trim_start().starts_with(":\t");
        self.under_heading || (self.open || self.belongs) && (indent > last.indent || definition)
    }

    /// A line of the last flag's description: a definition (`: text`), a
    /// property (`- Type: integer`), one of its values, or text.
    fn continuation(&mut self, l: &SourceLine<'_>, text: &str, offset: usize) {
        (self.open, self.belongs) = (true, true);
        let trimmed = text.trim_start();
        let definition = trimmed.strip_prefix(':').filter(|d| d.starts_with([' ', '\t']));
        let line = definition.unwrap_or(trimmed).trim();
        let column = offset + (line.as_ptr() as usize - text.as_ptr() as usize) + 1;
        let item = strip_list_marker(line);
        let is_item = item.len() < line.len();
        if is_item && self.values_expected() && self.value_item(l, line, column - 1) {
            return;
        }
        self.end_values();
        let item_column = column + (item.as_ptr() as usize - line.as_ptr() as usize);
        let Some(last) = self.decls.last_mut() else { return };
        if property(item, last, l.line, item_column) {
            return;
        }
        let (piece, piece_column) = if is_item { (item, item_column) } else { (line, column) };
        last.description.push(piece, l.line, piece_column, definition.is_some());
    }

    /// Whether the last flag's description so far ends with a colon, as
    /// before values given as list items (`One of:`, `Possible values:`).
    fn values_expected(&self) -> bool {
        !self.values.is_empty()
            || self
                .decls
                .last()
                .is_some_and(|d| d.description.text.trim_end().ends_with(':') && (self.open || !self.in_list))
    }

    /// Reads `text` as one of the last flag's values when it is a list item
    /// holding a value, maybe with a note after `:`, a dash or `=`
    /// (`` - `json`: for programs ``, `- csv - for spreadsheets`, `- text
    /// (default)`).
    fn value_item(&mut self, l: &SourceLine<'_>, text: &str, offset: usize) -> bool {
        let line = text.trim_start();
        let item = strip_list_marker(line);
        if item.len() == line.len() {
            return false;
        }
        let quoted = item.strip_prefix(['`', '"']).and_then(|r| r.find(item.as_bytes()[0] as char).map(|end| end + 2));
        let end = quoted.unwrap_or_else(|| item.find(|c: char| c.is_whitespace() || c == ':').unwrap_or(item.len()));
        let (value, rest) = item.split_at(end);
        let value = value.trim_matches(['`', '"']);
        if !crate::lex::is_enum_value(value) {
            return false;
        }
        let rest = rest.trim_start();
        let note = match rest.strip_prefix([':', '—', '–', '-', '=']) {
            Some(note) => note.trim(),
            None if rest.is_empty() || rest.starts_with('(') => rest,
            None => return false,
        };
        let column = offset + (item.as_ptr() as usize - text.as_ptr() as usize) + 1;
        let at = Source::at(l.line, column, Origin::Marker);
        self.values_at.get_or_insert(at);
        self.values.push(value.to_string());
        let Some(last) = self.decls.last_mut() else { return true };
        let is_default = note.trim_matches(['(', ')', '*', '_', '.', ' ']).eq_ignore_ascii_case("default");
        if is_default {
            last.state(Fact::Default(DefaultValue::Text(value.to_string())), l.line, column, Origin::Marker);
        }
        last.items.push((value.to_string(), if is_default { String::new() } else { note.to_string() }));
        self.open = true;
        true
    }

    /// Ends a run of values given as list items: they are the last flag's.
    fn end_values(&mut self) {
        if let (Some(at), Some(last)) = (self.values_at.take(), self.decls.last_mut()) {
            let values = std::mem::take(&mut self.values);
            last.facts.push(super::decl::Stated { fact: Fact::Values(values), at });
        }
    }

    /// The flags read; a line flag without any description is an error.
    fn finish(mut self, sink: &mut Sink<'_>) -> Section {
        self.end_values();
        for d in &self.decls {
            if d.description.is_empty() && d.facts.is_empty() && d.items.is_empty() {
                sink.push(
                    Code::FlagNoDescription,
                    d.line,
                    d.column,
                    format!("flag `--{}` has no description", d.name),
                    format!("describe it on the same line: `--{}  What it is (required)`", d.name),
                );
            }
        }
        Section { decls: self.decls, shows_values: self.shows_values }
    }
}

/// A flag's property written `Key: value` on a line of its own under it
/// (`- Type: integer`, `Default: 20.`, `- **Required:** yes`), as the table
/// column of that name states it; a `Description:` line gives its text.
/// False when the key names no property: the line is description text.
fn property(item: &str, decl: &mut Decl, line: usize, column: usize) -> bool {
    let Some((key, value)) = property_parts(item) else { return false };
    let value_column =
        column + (value.as_ptr() as usize - item.as_ptr() as usize) + (value.len() - value.trim_start().len());
    table::property(key, value.trim(), decl, line, value_column)
}

/// A property line's key and value: `Key: value`, or with the key in
/// emphasis, `**Key:** value` and `**Key**: value`.
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

/// The title of a `##` to `######` heading line.
pub(crate) fn subheading(text: &str) -> Option<&str> {
    let t = text.trim_start();
    let hashes = t.bytes().take_while(|&b| b == b'#').count();
    let title = t[hashes..].strip_prefix([' ', '\t'])?;
    (2..=6).contains(&hashes).then(|| title.trim().trim_end_matches('#').trim())
}

/// What to write instead of an option a line starts with that this
/// format cannot declare: a long name with one dash (`-auto-approve`, as
/// Terraform and Go's `flag` package write them), or a short spelling
/// alone (`-l  use a long listing format`).
pub(crate) fn single_dash(text: &str) -> Option<String> {
    let t = text.trim_start_matches(['`', '*', '_']);
    let word = t.strip_prefix('-').filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic()))?;
    let end = word.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_')).unwrap_or(word.len());
    let (name, after) = word.split_at(end);
    if !after.is_empty() && !after.starts_with([' ', '\t', '`', '=', ',', '*', '_']) || t.contains("--") {
        return None;
    }
    Some(if name.len() == 1 {
        format!("give it a long name, which commands write: `--long-name, -{name}  description`")
    } else {
        let long = crate::lex::valid_flag_form(name).unwrap_or_else(|| name.to_ascii_lowercase());
        format!("write it with two dashes, `--{long}`: commands give flags as `--name`")
    })
}

/// A line that mentions a flag but declares none.
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

/// Reports the flag `written` (`--Limit`, or a parameter's `dryRun`), whose
/// name is not valid, with the name it was meant to be when there is one.
pub(crate) fn invalid_name(line: usize, column: usize, written: &str, sink: &mut Sink<'_>) {
    let name = written.trim_start_matches('-');
    let dashes = &written[..written.len() - name.len()];
    let rule = "flag names start with a lowercase letter and use only a-z, 0-9, `-` and `_`";
    let hint = match valid_flag_form(name) {
        Some(meant) => format!("write `{dashes}{meant}`: {rule}"),
        None => rule.to_string(),
    };
    sink.push(Code::InvalidFlagName, line, column, format!("`{written}` is not a valid flag name"), hint);
}
