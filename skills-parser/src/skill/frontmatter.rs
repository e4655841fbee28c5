//! Frontmatter as skill files and domain indexes write it: the YAML (or
//! TOML) block read into entries, values read as text or lists, keys
//! matched ignoring case, and the one-line fix for YAML that does not parse.

use crate::diagnostic::{Code, Sink};
use crate::keys;
use crate::source::{SplitError, split_frontmatter};
use crate::yaml::{self, Node, Value};
use skills_core::{names, suggest};

/// `s`'s lines, trimmed, joined by single spaces (blank ones left out).
pub(super) fn joined_lines(s: &str) -> String {
    s.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}

/// Reads a scalar as text; reports anything else.
pub(crate) fn text_value(node: &Node, key: &str, sink: &mut Sink<'_>) -> Option<String> {
    match &node.value {
        // A description is one line wherever it is shown (domain lists, the
        // system prompt); a block scalar's line breaks become spaces.
        Value::Scalar(s, _) if key == keys::DESCRIPTION && s.trim().contains('\n') => Some(joined_lines(s)),
        Value::Scalar(s, _) => Some(s.trim().to_string()),
        Value::Null => Some(String::new()),
        _ => {
            sink.push(
                Code::InvalidField,
                node.line,
                node.column,
                format!("`{key}` must be text"),
                format!("write `{key}: value` on one line"),
            );
            None
        }
    }
}

/// Reads a list of scalars (or one scalar) as texts.
pub(crate) fn list_value(node: &Node, key: &str, sink: &mut Sink<'_>) -> Option<Vec<String>> {
    match &node.value {
        Value::Null => Some(Vec::new()),
        Value::Scalar(s, _) => Some(s.split(',').map(|v| v.trim().to_string()).filter(|v| !v.is_empty()).collect()),
        Value::Seq(items) => {
            let mut out = Vec::new();
            for item in items {
                match item.as_text() {
                    Some(t) => out.push(t.trim().to_string()),
                    None => {
                        sink.push(
                            Code::InvalidField,
                            item.line,
                            item.column,
                            format!("`{key}` must be a list of words"),
                            format!("write `{key}: [a, b]`"),
                        );
                        return None;
                    }
                }
            }
            Some(out)
        }
        Value::Map(_) => {
            sink.push(
                Code::InvalidField,
                node.line,
                node.column,
                format!("`{key}` must be a list"),
                format!("write `{key}: [a, b]`"),
            );
            None
        }
    }
}

/// A file's frontmatter entries and its body.
pub(crate) struct Document {
    pub(crate) entries: Vec<(String, Node)>,
    pub(crate) body: String,
    /// 1-based line where the body starts.
    pub(crate) body_line: usize,
}

/// The frontmatter a file without one needs, for the hint: `key: value`
/// (`name: notes.add`) and a description taken from the body's first line
/// of prose, when it has one.
pub(super) fn frontmatter_hint(text: &str, key: &str, value: &str) -> String {
    let prose = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with(['#', '`', '~', '|', '-', '*', '>', '<', '=']) && l.len() <= 200);
    let description = match prose {
        // Quoted when plain YAML would read it otherwise.
        Some(p) if p.contains(": ") || p.contains(" #") || p.starts_with(['"', '\'', '[', '{', '&', '!', '%', '@']) => {
            format!("\"{}\"", p.replace('\\', "\\\\").replace('"', "\\\""))
        }
        Some(p) => p.to_string(),
        None => "<one-line summary>".to_string(),
    };
    format!("add these lines at the top: `---`, `{key}: {value}`, `description: {description}`, `---`")
}

/// TOML frontmatter between `+++` lines (as Hugo and Zola write it), as the
/// YAML lines that say the same, `---` included; `None` when `text` does
/// not start with such a block, or it holds what this does not rewrite
/// (multi-line strings, inline tables, arrays of tables). A TOML
/// `key = value` is YAML's `key: value` for the values a frontmatter holds:
/// TOML's strings (`"..."`, `'...'`), numbers, booleans and arrays of them
/// are written the same way in YAML's flow style. A `[table]` becomes a
/// mapping, its keys indented.
pub(super) fn toml_as_yaml(text: &str) -> Option<Vec<String>> {
    let mut lines = text.lines();
    if lines.next()?.trim_end() != "+++" {
        return None;
    }
    let mut yaml = vec!["---".to_string()];
    let mut indent = "";
    for line in lines {
        let line = line.trim();
        if line == "+++" {
            yaml.push("---".into());
            return Some(yaml);
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(table) = line.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            let table = table.trim();
            if table.starts_with('[') || !names::is_identifier(table) {
                return None;
            }
            yaml.push(format!("{table}:"));
            indent = "  ";
            continue;
        }
        let (key, value) = line.split_once('=')?;
        let (key, value) = (key.trim().trim_matches('"'), value.trim());
        if key.is_empty()
            || value.is_empty()
            || value.starts_with('{')
            || value.starts_with("\"\"\"")
            || value.starts_with("'''")
        {
            return None;
        }
        yaml.push(format!("{indent}{key}: {value}"));
    }
    None
}

/// Parses frontmatter YAML into entries, reporting what is wrong; `names`
/// is the key and value the file must state (`name`, `notes.add`), for the
/// hint when it has no frontmatter.
pub(crate) fn frontmatter_entries(text: &str, sink: &mut Sink<'_>, names: (&str, &str)) -> Option<Document> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        sink.push(
            Code::EmptyFile,
            0,
            0,
            "the file is empty",
            "start with a frontmatter block: `---`, `name: domain.action`, `description: ...`, `---`",
        );
        return None;
    }
    let split = split_frontmatter(text);
    let toml = if matches!(split, Err(SplitError::Missing)) { toml_as_yaml(text) } else { None };
    let split = match (split, toml) {
        (Ok(s), _) => s,
        (Err(SplitError::Missing), Some(yaml)) => {
            sink.push(
                Code::MissingFrontmatter,
                1,
                1,
                "the frontmatter is TOML (between `+++` lines), but a skill's frontmatter is YAML between `---` lines",
                format!("write it as YAML: {}", yaml.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", ")),
            );
            return None;
        }
        (Err(SplitError::Missing), None) => {
            sink.push(
                Code::MissingFrontmatter,
                1,
                1,
                "the file does not start with a `---` frontmatter block",
                frontmatter_hint(text, names.0, names.1),
            );
            return None;
        }
        (Err(SplitError::Unclosed { line }), _) => {
            sink.push(
                Code::UnclosedFrontmatter,
                line,
                1,
                format!("the frontmatter opened on line {line} is never closed"),
                "end the frontmatter with a line containing only `---`",
            );
            return None;
        }
    };
    let node = match yaml::parse(split.yaml, split.yaml_line) {
        Ok(n) => n,
        Err(e) => {
            let fix = yaml_fix(split.yaml, e.line.checked_sub(split.yaml_line), split.yaml_line, names);
            let (message, line, column, hint) = match (e.hint, fix) {
                (Some(hint), _) => (e.message, e.line, e.column, hint),
                // The diagnostic points at the line the fix changes (a quote
                // left open is reported where the parser gave up, a line on).
                (None, Some((i, what, fix))) => {
                    let line = split.yaml_line + i;
                    let column = if line == e.line { e.column } else { 1 };
                    (format!("invalid YAML in frontmatter: {}", e.message), line, column, format!("{what}: `{fix}`"))
                }
                (None, None) => (
                    format!("invalid YAML in frontmatter: {}", e.message),
                    e.line,
                    e.column,
                    "fix the YAML syntax; quote values that contain `: ` or start with a special character".into(),
                ),
            };
            sink.push(Code::InvalidYaml, line, column, message, hint);
            return None;
        }
    };
    let entries = match node.value {
        Value::Map(entries) => entries,
        _ => {
            sink.push(
                Code::FrontmatterNotMapping,
                node.line,
                node.column,
                "the frontmatter must be `key: value` lines",
                "write `name: domain.action` and `description: ...`",
            );
            return None;
        }
    };
    Some(Document { entries, body: split.body.to_string(), body_line: split.body_line })
}

/// `key` as the format spells it when only its case differs (`Name:`,
/// `DESCRIPTION:`) and the frontmatter does not also give it as spelled;
/// the author is told, and nothing is lost. Any other key as it is.
pub(crate) fn key_spelling<'k>(
    key: &'k str,
    node: &Node,
    known: &[&'static str],
    entries: &[(String, Node)],
    sink: &mut Sink<'_>,
) -> &'k str {
    if known.contains(&key) {
        return key;
    }
    let Some(&canonical) = known.iter().find(|k| k.eq_ignore_ascii_case(key)) else {
        return key;
    };
    if entries.iter().any(|(k, _)| k == canonical) {
        return key;
    }
    sink.push(
        Code::UnknownKey,
        node.line,
        1,
        format!("frontmatter key `{key}` is read as `{canonical}`"),
        format!(
            "write `{canonical}:` in lower case; YAML keys are case-sensitive and other tools will not read `{key}`"
        ),
    );
    canonical
}

/// Reports an unknown key, suggesting the closest known one.
pub(crate) fn unknown_key(key: &str, node: &Node, known: &[&str], sink: &mut Sink<'_>) {
    if keys::OTHER_FORMAT_KEYS.contains(&key) {
        return;
    }
    let hint = match suggest::closest(key, known.iter().copied()) {
        Some(k) => format!("did you mean `{k}`? unknown keys are kept but have no effect"),
        None => format!(
            "the format defines {}; unknown keys are kept but have no effect",
            known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        ),
    };
    sink.push(Code::UnknownKey, node.line, 1, format!("unknown frontmatter key `{key}`"), hint);
}

/// A one-line change that makes frontmatter `yaml` parse, for an error on
/// its 0-based line `at` (or, for a quote left open, the line before), as
/// the line changed, what to do and the line to write. `names` is the key
/// that names the file (`name` or `domain`) and the name its path gives.
/// `None` unless the patched frontmatter parses: a hint must never lead to
/// another error.
pub(super) fn yaml_fix(
    yaml: &str,
    at: Option<usize>,
    first_line: usize,
    names: (&str, &str),
) -> Option<(usize, &'static str, String)> {
    let lines: Vec<&str> = yaml.lines().collect();
    let at = at?;
    [Some(at), at.checked_sub(1)].into_iter().flatten().filter(|&i| i < lines.len()).find_map(|i| {
        line_fixes(lines[i], names)
            .into_iter()
            .find(|(_, fix)| {
                let patched: Vec<&str> =
                    lines.iter().enumerate().map(|(k, l)| if k == i { fix.as_str() } else { l }).collect();
                yaml::parse(&patched.join("\n"), first_line).is_ok()
            })
            .map(|(what, fix)| (i, what, fix))
    })
}

/// Rewritings of one frontmatter line for the YAML slips authors make, most
/// specific first: tabs for indentation, no space after the colon, an
/// indented top-level key, a quote left open or closed early by an
/// apostrophe, and a value that YAML reads as syntax (`: `, or a leading
/// `@`, `` ` ``, `*`, `%`, `{` or `- `).
pub(super) fn line_fixes(line: &str, (name_key, name): (&str, &str)) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let body = line.trim_start_matches([' ', '\t']);
    let indent = &line[..line.len() - body.len()];
    if indent.contains('\t') {
        out.push(("indent with spaces, not tabs", format!("{}{body}", indent.replace('\t', "  "))));
    }
    let Some((key, rest)) = body.split_once(':') else { return out };
    let plain_key = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if !plain_key {
        return out;
    }
    let value = rest.trim();
    // The file's path gives its name (`name: plans.retro`, `domain: plans`).
    if key == name_key && indent.is_empty() {
        out.push(("write the name the path gives", format!("{key}: {name}")));
    }
    if !value.is_empty() && !rest.starts_with([' ', '\t']) {
        out.push(("put a space after the colon", format!("{indent}{key}: {value}")));
    }
    if !indent.is_empty() {
        out.push(("remove the indentation", body.to_string()));
    }
    let quoted = |text: &str| format!("{indent}{key}: \"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""));
    match value.chars().next() {
        None | Some('|' | '>') => {}
        Some(q @ ('"' | '\'')) => {
            let inner = &value[1..];
            let closed = inner.len() > 1 && inner.ends_with(q);
            let inner = if closed { &inner[..inner.len() - 1] } else { inner };
            let what =
                if closed { "quote with double quotes, since the value holds a quote" } else { "close the quote" };
            out.push((what, quoted(inner)));
        }
        // A list left open, under a key that takes lists (`tags: [a, b`).
        Some('[') if !value.contains(']') && !matches!(key, "name" | "description" | "domain" | "handler") => {
            out.push(("close the list", format!("{indent}{key}: {value}]")));
        }
        Some(_) => out.push(("quote the value", quoted(value))),
    }
    out
}
