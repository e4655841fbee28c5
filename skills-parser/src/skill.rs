//! One skill file: `skills/<domain>/<action>.md`.

use crate::diagnostic::{Code, Diagnostic, Sink};
use crate::examples::{self, Example};
use crate::flags::{self, Flag};
use crate::keys;
use crate::markdown;
use crate::source::{SplitError, split_frontmatter};
use crate::usage::{self, Usage};
use crate::yaml::{self, Node, ScalarKind, Value};
use skills_core::{Date, names, suggest};
use std::path::{Path, PathBuf};

/// Where a skill may run (`eligibility:` in the frontmatter).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Eligibility {
    /// Operating systems (Rust `target_os` names; `darwin` and `win32`
    /// accepted). Empty: any.
    pub os: Vec<String>,
    /// Environment variables that must be set.
    pub env: Vec<String>,
    /// Programs that must be on `PATH`.
    pub binaries: Vec<String>,
}

impl Eligibility {
    /// Whether there are no conditions.
    pub fn is_empty(&self) -> bool {
        self.os.is_empty() && self.env.is_empty() && self.binaries.is_empty()
    }

    /// Whether the `os` condition admits `target_os` (an empty list admits all).
    pub fn admits_os(&self, target_os: &str) -> bool {
        self.os.is_empty() || self.os.iter().any(|o| keys::canonical_os(o) == target_os)
    }
}

/// Lines of frontmatter keys, for messages that point at them (0: absent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyLines {
    /// `name:`
    pub name: usize,
    /// `handler:`
    pub handler: usize,
    /// `schedule:`
    pub schedule: usize,
    /// The `## Flags` heading.
    pub flags_section: usize,
}

/// A parsed skill.
#[derive(Clone, Debug, PartialEq)]
pub struct Skill {
    /// `domain.action`.
    pub name: String,
    /// The domain (from the directory).
    pub domain: String,
    /// The action (from the file name).
    pub action: String,
    /// One-line summary.
    pub description: String,
    /// `handler:`: present when a compiled handler is required.
    pub handler: Option<String>,
    /// Five-field cron expression.
    pub schedule: Option<String>,
    /// Search tags.
    pub tags: Vec<String>,
    /// Who wrote it.
    pub author: Option<String>,
    /// When (`YYYY-MM-DD`).
    pub created: Option<String>,
    /// Short command names.
    pub aliases: Vec<String>,
    /// Where it may run.
    pub eligibility: Eligibility,
    /// Whether it only reads (from `read_only:` or the action's verb).
    pub read_only: bool,
    /// Frontmatter keys the format does not define, kept in order.
    pub extra: Vec<(String, serde_json::Value)>,
    /// The markdown body: the help page served to models.
    pub body: String,
    /// What `## Usage` shows.
    pub usage: Usage,
    /// The flags, in the order of `## Flags`.
    pub flags: Vec<Flag>,
    /// The commands of `## Examples`.
    pub examples: Vec<Example>,
    /// The file (root joined with the relative path).
    pub path: PathBuf,
    /// Lines of frontmatter keys and sections.
    pub lines: KeyLines,
}

impl Skill {
    /// The flag named `name` (dashes and underscores alike).
    pub fn flag(&self, name: &str) -> Option<&Flag> {
        self.flags.iter().find(|f| skills_core::args::same_flag_name(&f.name, name))
    }

    /// The usage line hints and listings show: the first one written; or,
    /// when that only says `[options]` ([`Usage::any_flags`]) or there is
    /// none, one generated from the flags (`crm.find --name <text> [--limit
    /// <n>]`); empty for a skill with neither.
    pub fn usage_line(&self) -> std::borrow::Cow<'_, str> {
        match self.usage.lines.first() {
            Some(line) if !self.usage.any_flags || self.flags.is_empty() => line.as_str().into(),
            None if self.flags.is_empty() => "".into(),
            _ => synopsis(&self.name, &self.flags).into(),
        }
    }

    /// Whether dispatching it runs a compiled handler (rather than returning
    /// its body for the model to follow).
    pub fn has_handler(&self) -> bool {
        self.handler.is_some()
    }

    /// A fingerprint of everything about the flags that compiled code
    /// depends on: names, types, list-ness, required, enum values, defaults.
    /// Prose changes leave it unchanged. Stable across runs and platforms
    /// (FNV-1a's constants over a canonical encoding, eight bytes a step).
    /// An edit that keeps a string's length and falls within one of its
    /// aligned eight-byte words always changes it; any other change does,
    /// barring a 64-bit collision.
    pub fn shape_fingerprint(&self) -> u64 {
        let mut h = Fingerprint::new();
        for f in &self.flags {
            h.str(&f.name);
            h.str(f.value_type.name());
            h.byte(u8::from(f.list));
            h.byte(u8::from(f.required));
            for v in &f.values {
                h.str(v);
            }
            h.byte(0xFE);
            match &f.default {
                Some(d) => {
                    for v in d {
                        h.str(v);
                    }
                }
                None => h.byte(0xFD),
            }
            h.byte(0xFF);
        }
        h.0
    }
}

/// FNV-1a's 64-bit offset and prime, fed a little-endian word at a time:
/// a string is its 8-byte words (the last zero-padded) and then its length,
/// so no two sequences of strings encode alike. Each step is a bijection of
/// the state for a given word, so encodings of the same length that differ
/// in one word always differ in the result. (Byte by byte, the dependent multiply per byte made
/// this 1.5 k instructions a skill, on dev mode's serial path.)
struct Fingerprint(u64);
impl Fingerprint {
    fn new() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
    fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x100_0000_01b3);
    }
    fn byte(&mut self, b: u8) {
        self.word(u64::from(b));
    }
    fn str(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let (words, tail) = bytes.as_chunks::<8>();
        for w in words {
            self.word(u64::from_le_bytes(*w));
        }
        // The last bytes, zero-padded: the string's last eight shifted down
        // when it has eight (a copy into a padded array compiles to a
        // `memcpy` call of unknown length), else one by one.
        let last = match (tail.len(), bytes.last_chunk::<8>()) {
            (0, _) => 0,
            (n, Some(end)) => u64::from_le_bytes(*end) >> (64 - 8 * n),
            (_, None) => tail.iter().rev().fold(0, |w, &b| w << 8 | u64::from(b)),
        };
        self.word(last);
        self.word(s.len() as u64);
    }
}

/// The result of parsing one file: the skill unless a definition error
/// excludes it, and every diagnostic.
#[derive(Debug)]
pub struct Parsed<T> {
    /// The parsed item, `None` when excluded.
    pub item: Option<T>,
    /// What was parsed of an excluded item, for checks that still make sense
    /// (its examples, when its flags parsed), so one run reports everything.
    pub partial: Option<T>,
    /// Everything found, errors and warnings.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads a scalar as text; reports anything else.
/// `s`'s lines, trimmed, joined by single spaces (blank ones left out).
fn joined_lines(s: &str) -> String {
    s.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}

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
fn frontmatter_hint(text: &str, key: &str, value: &str) -> String {
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
fn toml_as_yaml(text: &str) -> Option<Vec<String>> {
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
    let split = match split_frontmatter(text) {
        Ok(s) => s,
        Err(SplitError::Missing) if let Some(yaml) = toml_as_yaml(text) => {
            sink.push(
                Code::MissingFrontmatter,
                1,
                1,
                "the frontmatter is TOML (between `+++` lines), but a skill's frontmatter is YAML between `---` lines",
                format!("write it as YAML: {}", yaml.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", ")),
            );
            return None;
        }
        Err(SplitError::Missing) => {
            sink.push(
                Code::MissingFrontmatter,
                1,
                1,
                "the file does not start with a `---` frontmatter block",
                frontmatter_hint(text, names.0, names.1),
            );
            return None;
        }
        Err(SplitError::Unclosed { line }) => {
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

/// Parses the skill file `file` for skill `domain.action`.
pub fn parse_skill(file: &Path, domain: &str, action: &str, text: &str) -> Parsed<Skill> {
    let mut sink = Sink::new(file);
    let skill = parse_inner(domain, action, text, &mut sink);
    // A problem about something missing points where it would go, which
    // can be just past the last line; editors need a line that exists
    // (found by `cargo fuzz run skill_file` on "---\n---").
    // Lines end at `\n`, `\r\n` or a lone `\r`, as in CommonMark and YAML.
    // Counted only when there is something to clamp.
    if !sink.out.is_empty() {
        let last = text
            .bytes()
            .enumerate()
            .filter(|&(i, b)| b == b'\n' || (b == b'\r' && text.as_bytes().get(i + 1) != Some(&b'\n')))
            .count()
            + 1;
        for d in &mut sink.out {
            if d.line > last {
                d.line = last;
            }
        }
    }
    if sink.has_definition_error() {
        Parsed { item: None, partial: skill, diagnostics: sink.out }
    } else {
        Parsed { item: skill, partial: None, diagnostics: sink.out }
    }
}

fn parse_inner(domain: &str, action: &str, text: &str, sink: &mut Sink<'_>) -> Option<Skill> {
    let expected = format!("{domain}.{action}");
    let Document { entries, body, body_line } = frontmatter_entries(text, sink, ("name", &expected))?;
    let mut lines = KeyLines::default();
    let mut name = None;
    let mut description = None;
    let mut description_line = None;
    let mut handler = None;
    let mut schedule = None;
    let mut tags = Vec::new();
    let mut author = None;
    let mut created = None;
    let mut aliases = Vec::new();
    let mut eligibility = Eligibility::default();
    let mut read_only = None;
    let mut front_flags = Vec::new();
    let mut extra = Vec::new();

    for (key, node) in &entries {
        let key = key_spelling(key, node, keys::SKILL_KEYS, &entries, sink);
        match key {
            keys::NAME => {
                lines.name = node.line;
                name = text_value(node, key, sink);
            }
            keys::DESCRIPTION => {
                description_line = Some(node.line);
                description = text_value(node, key, sink);
            }
            keys::HANDLER => {
                lines.handler = node.line;
                handler = text_value(node, key, sink);
                if handler.as_deref() == Some("") {
                    sink.push(
                        Code::InvalidField,
                        node.line,
                        node.column,
                        "`handler` is empty",
                        "name the handler (for example the Rust function) or remove the key to make a template skill",
                    );
                }
            }
            keys::SCHEDULE => {
                lines.schedule = node.line;
                if let Some(s) = text_value(node, key, sink) {
                    if let Err(e) = validate_cron(&s) {
                        // `every weekday at 9am`: the cron it means.
                        let hint = match skills_core::cron::from_words(&s) {
                            Some(cron) => format!("write it as cron: `schedule: \"{cron}\"`"),
                            None => "use five fields, minute hour day-of-month month day-of-week, for example \"0 8 * * 1-5\" (quote it)".to_string(),
                        };
                        sink.push(
                            Code::InvalidSchedule,
                            node.line,
                            node.column,
                            format!("`schedule: {s}` is not a valid cron expression: {e}"),
                            hint,
                        );
                    }
                    schedule = Some(s);
                }
            }
            keys::TAGS => tags = list_value(node, key, sink).unwrap_or_default(),
            keys::AUTHOR => author = text_value(node, key, sink),
            keys::CREATED => {
                if let Some(c) = text_value(node, key, sink) {
                    if let Err(e) = Date::parse(&c) {
                        sink.push(
                            Code::InvalidCreated,
                            node.line,
                            node.column,
                            format!("`created: {c}` is not a date ({e})"),
                            "write `created: YYYY-MM-DD`",
                        );
                    }
                    created = Some(c);
                }
            }
            keys::ALIASES => {
                aliases = list_value(node, key, sink).unwrap_or_default();
                for a in &aliases {
                    if !names::is_identifier(a) || a == names::GET_SKILL {
                        sink.push(
                            Code::InvalidAlias,
                            node.line,
                            node.column,
                            format!("alias `{a}` is not a valid command name"),
                            "aliases are single words matching ^[a-z][a-z0-9_]*$, other than get_skill",
                        );
                    }
                }
            }
            keys::ELIGIBILITY => eligibility = read_eligibility(node, sink),
            keys::PARAMETERS | keys::FLAGS => front_flags.extend(flags::from_frontmatter(key, node, sink)),
            // Other formats' names for the same thing: MCP's `inputSchema`,
            // Anthropic's `input_schema`, `arguments`, `inputs`, `params`;
            // read when they hold flags (a list or a mapping), and named.
            "inputSchema" | "input_schema" | "arguments" | "inputs" | "params"
                if matches!(node.value, Value::Seq(_) | Value::Map(_)) =>
            {
                sink.push(
                    Code::UnknownKey,
                    node.line,
                    1,
                    format!("frontmatter key `{key}` is read as `{}`", keys::PARAMETERS),
                    format!("write `{}:`, the key this format defines for flags", keys::PARAMETERS),
                );
                front_flags.extend(flags::from_frontmatter(key, node, sink));
            }
            keys::READ_ONLY => match &node.value {
                Value::Scalar(_, ScalarKind::Bool(b)) => read_only = Some(*b),
                _ => sink.push(
                    Code::InvalidField,
                    node.line,
                    node.column,
                    "`read_only` must be true or false",
                    "write `read_only: true`",
                ),
            },
            other => {
                unknown_key(other, node, keys::SKILL_KEYS, sink);
                extra.push((other.to_string(), node.to_json()));
            }
        }
    }

    let name = match name {
        // A `name` that is not text was reported where it stands.
        None if lines.name > 0 => None,
        None => {
            sink.push(Code::MissingName, 1, 1, "the frontmatter has no `name`", format!("add `name: {expected}`"));
            None
        }
        Some(n) => {
            match names::parse_skill_name(&n) {
                // `name: send` in email/send.md (other skill formats name a
                // skill without its domain), `name: email_send` (the tool
                // name): the path's name, written another way.
                Err(_) if n == action || n == names::tool_name(&expected) => sink.push(
                    Code::NameSpelling,
                    lines.name,
                    7,
                    format!("`name: {n}` is read as `{expected}`, the name the file's path gives"),
                    format!("write `name: {expected}`: a skill's name is its domain and action, joined by a dot"),
                ),
                Err(e) => sink.push(
                    Code::InvalidName,
                    lines.name,
                    7,
                    format!("`name: {n}` is not a valid skill name: {e}"),
                    format!("this file's name is `{expected}`"),
                ),
                Ok(_) if n != expected => {
                    let (d, a) = n.split_once('.').unwrap_or((&n, ""));
                    let hint = if d != domain && a == action {
                        format!(
                            "the domain comes from the directory: write `name: {expected}`, or move the file to {d}/{action}.md"
                        )
                    } else {
                        format!(
                            "the action comes from the file name: write `name: {expected}`, or rename the file to {a}.md"
                        )
                    };
                    sink.push(
                        Code::NameMismatch,
                        lines.name,
                        7,
                        format!("`name: {n}` does not match the file's path, which makes it `{expected}`"),
                        hint,
                    );
                }
                Ok(_) => {}
            }
            Some(if n == action || n == names::tool_name(&expected) { expected.clone() } else { n })
        }
    };
    if let Err(e) = names::parse_skill_name(&expected)
        && name.is_some()
    {
        // The path itself cannot name a skill (`all.md`, `help.md`).
        sink.push(Code::InvalidFileName, 0, 0, format!("`{expected}` cannot be a skill name: {e}"), "rename the file");
    }
    let description = match (description, description_line) {
        (Some(d), _) if !d.is_empty() => d,
        // A `description` that is not text was reported where it stands.
        (None, Some(_)) => String::new(),
        (Some(_), Some(line)) => {
            sink.push(
                Code::MissingDescription,
                line,
                1,
                "the `description` is empty",
                "write a one-line summary after `description: `; listings show it",
            );
            String::new()
        }
        (_, None) => {
            sink.push(
                Code::MissingDescription,
                lines.name.max(1),
                1,
                "the frontmatter has no `description`",
                "add `description: <one-line summary>`; listings show it",
            );
            String::new()
        }
    };

    // Body.
    let sections = markdown::sections(&body);
    if let Some(title) = sections.iter().find(|s| s.level == 1)
        && title.title != expected
        && !aliases.iter().any(|a| *a == title.title)
    {
        let line = body_line + body[..title.heading_start].matches('\n').count();
        sink.push(
            Code::TitleMismatch,
            line,
            1,
            format!("the title `# {}` differs from the skill name `{expected}`", title.title),
            format!("write `# {expected}`"),
        );
    }
    // Sections written as labels (`**Flags:**`, `OPTIONS`) are read, and
    // named.
    let labels = if sections.iter().any(|s| s.pseudo) {
        &[keys::SECTION_USAGE, keys::SECTION_FLAGS, keys::SECTION_EXAMPLES][..]
    } else {
        &[]
    };
    for &names in labels {
        if let Some(s) = markdown::find(&sections, names).filter(|s| s.pseudo) {
            let line = body_line + body[..s.heading_start].matches('\n').count();
            let name = s.title.trim_end_matches([':', ' ']);
            // `OPTIONS`, as man pages write it, is the heading `## Options`.
            let heading = if name.bytes().any(|b| b.is_ascii_lowercase()) {
                name.to_string()
            } else {
                let lower = name.to_ascii_lowercase();
                let mut chars = lower.chars();
                chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect()
            };
            sink.push(
                Code::BoldHeading,
                line,
                1,
                format!("the label `{name}` is read as the section `## {heading}`"),
                format!("write it as a heading, `## {heading}`, so that markdown tools see the section too"),
            );
        }
    }
    let usage_section = markdown::find(&sections, keys::SECTION_USAGE);
    // Flags declared as data in `## Flags`: a ```yaml or ```json block with
    // the shapes the frontmatter's `parameters` takes, read as those are.
    if front_flags.is_empty()
        && let Some(s) = markdown::find(&sections, keys::SECTION_FLAGS)
        && let Some((text, line)) = markdown::data_block(&body, s.content.clone(), body_line)
        && let Ok(node) = yaml::parse(&text, line)
        && flags::declares_flags(&node)
    {
        front_flags = flags::from_frontmatter(keys::FLAGS, &node, sink);
    }
    let from_front = !front_flags.is_empty();
    // `Usage: d.a --flag <value>` on a line of its own, as CLI help writes
    // it, when there is no Usage section: the label a Usage section's lines
    // may carry (`Usage:`, `Synopsis:`), then the skill's name.
    let usage_line = || {
        markdown::lines(&body, 0..body.len(), body_line).into_iter().find_map(|l| {
            let text = l.text.trim_start();
            let (command, _) = usage::without_label(text, 0);
            let first = command.split_whitespace().next()?;
            let label = text.split(':').next().unwrap_or("").trim();
            (command.len() < text.len() && (first == expected || aliases.iter().any(|a| a == first)))
                .then_some((l, label, command))
        })
    };
    let mut usage = match usage_section {
        Some(s) => usage::read(&markdown::lines(&body, s.content.clone(), body_line), &expected, &aliases, sink),
        None if let Some((l, label, command)) = usage_line() => {
            sink.push(
                Code::BoldHeading,
                l.line,
                1,
                format!("the line `{label}: ...` is read as the section `## Usage`"),
                format!("write it under a heading: `## Usage`, then `{command}`"),
            );
            usage::read(&[l], &expected, &aliases, sink)
        }
        // Written from the frontmatter's flags below.
        None if from_front => Usage::default(),
        None => {
            sink.push(
                Code::MissingUsage,
                body_line,
                0,
                "the skill has no `## Usage` section",
                format!("add `## Usage` with a line such as `{expected} --flag <value>`"),
            );
            Usage::default()
        }
    };
    let mut flag_list = Vec::new();
    // Flags declared in `## Flags`, including lines that failed to resolve
    // (already reported), so Usage is not also told they are undocumented.
    let mut declared: Vec<flags::RawFlag> = Vec::new();
    let flags_section = markdown::find(&sections, keys::SECTION_FLAGS);
    // `## Required flags`, `## Optional flags`: groups of flags as
    // sections of their own, beside `## Flags` or instead of it.
    // (`### Required` inside `## Flags` is read with it.)
    let inside_flags = |s: &markdown::Section| flags_section.is_some_and(|f| f.content.contains(&s.heading_start));
    let group_sections: Vec<&markdown::Section> = sections
        .iter()
        .filter(|s| s.level >= 2 && !s.pseudo && !inside_flags(s) && flags::group_label(&s.title).is_some())
        .collect();
    if flags_section.is_some() || !group_sections.is_empty() || from_front {
        // Flags from the frontmatter first, then the section's: a flag
        // declared in both is a duplicate, reported as such.
        let mut raw = front_flags;
        let front = raw.len();
        if let Some(s) = flags_section.or(group_sections.first().copied()) {
            lines.flags_section = body_line + markdown::newlines(&body.as_bytes()[..s.heading_start]);
        }
        if let Some(s) = flags_section {
            raw.extend(flags::read_lines(&markdown::lines(&body, s.content.clone(), body_line), sink));
        }
        if !group_sections.is_empty() {
            // Each group's heading is read as a group's subheading is.
            let mut all = Vec::new();
            for s in &group_sections {
                all.extend(markdown::lines(&body, s.heading_start..s.content.end, body_line));
            }
            raw.extend(flags::read_lines(&all, sink));
        }
        // `crm.find [options]` stands for every flag: none is missing.
        let show_usage = usage_section.is_some() && !usage.lines.is_empty() && !usage.any_flags;
        let shorts: Vec<(char, &str)> = raw.iter().filter_map(|r| Some((r.short?, r.name.as_str()))).collect();
        usage.resolve_shorts(&shorts);
        // Placeholders on some `## Flags` lines make a line without one a
        // switch (the frontmatter's flags state their types instead).
        let placeholders = raw[front..].iter().any(|r| r.placeholder.is_some());
        flag_list.reserve(raw.len());
        for (i, r) in raw.iter_mut().enumerate() {
            let u = usage.flags.iter().find(|u| skills_core::args::same_flag_name(&u.name, &r.name));
            if let Some(f) = flags::resolve(r, u, show_usage, placeholders && i >= front, sink) {
                flag_list.push(f);
            }
        }
        flags::check_set(&flag_list, &raw, sink);
        declared = raw;
    }
    // Without flags to declare letters, short spellings in Usage name none.
    usage.resolve_shorts(&[]);
    let mut placeholders: Vec<&str> = Vec::with_capacity(flag_list.len() + usage.flags.len());
    placeholders.extend(
        flag_list
            .iter()
            .filter_map(|f| f.placeholder.as_deref())
            .chain(usage.flags.iter().filter_map(|u| u.placeholder.as_deref())),
    );
    usage::check_positionals(&usage, &placeholders, sink);
    for u in &usage.flags {
        // `[--help]` is the router's help request, documented or not.
        let is_declared = |name: &str| declared.iter().any(|d| skills_core::args::same_flag_name(&d.name, name));
        if u.name != "help" && !is_declared(&u.name) {
            // The help page a model reads shows the flag, so a command may
            // use it: declared as Usage writes it (a value or a switch,
            // several values after `...`, required without brackets). Not
            // `--no-color` beside a declared `--color`: that is the
            // switch's negation, which the `negated-form` warning covers.
            let from_usage = flags::is_flag_name(&u.name)
                && !u.name.strip_prefix("no-").is_some_and(is_declared)
                && !flag_list.iter().any(|f: &flags::Flag| skills_core::args::same_flag_name(&f.name, &u.name));
            sink.push(
                Code::UsageFlagUndocumented,
                u.line,
                u.column,
                format!(
                    "Usage shows `--{}` but `## Flags` does not document it{}",
                    u.name,
                    if from_usage { "; it is read from Usage alone" } else { "" }
                ),
                format!("add a line `--{}  <description>` to `## Flags`, or remove it from Usage", u.name),
            );
            if from_usage && let Some(mut f) = flags::resolve(&mut flags::from_usage(u), Some(u), false, true, sink) {
                f.description.clear();
                flag_list.push(f);
            }
        }
    }
    let examples = match markdown::find(&sections, keys::SECTION_EXAMPLES) {
        Some(s) => examples::read(&markdown::lines(&body, s.content.clone(), body_line), &aliases),
        None => Vec::new(),
    };
    if examples.is_empty() {
        sink.push(
            Code::MissingExamples,
            body_line,
            0,
            "the skill has no example commands",
            format!("add `## Examples` with lines such as `{expected} ...`; each is checked against the flags"),
        );
    }

    if handler.as_deref().is_none_or(str::is_empty) {
        check_placeholders(&body, body_line, &flag_list, sink);
    }

    // Flags declared in the frontmatter are shown on the help page as if
    // written in it: a `## Usage` line and a `## Flags` section, appended
    // where the body has none (after every offset into `body` was used).
    // Before `## Examples` when there is one, else at the end.
    let examples_at =
        if from_front { markdown::find(&sections, keys::SECTION_EXAMPLES).map(|s| s.heading_start) } else { None };
    // Read first: the sections borrow the body (their titles), which moves.
    let (has_usage_section, has_flags_section) = (usage_section.is_some(), flags_section.is_some());
    let mut body = body;
    if from_front {
        let mut added = String::new();
        if !has_usage_section {
            usage.lines.push(synopsis(&expected, &flag_list));
            added.push_str(&format!("## Usage\n\n{}\n\n", usage.lines[0]));
        }
        if !has_flags_section {
            let width = flag_list.iter().map(|f| f.name.len()).max().unwrap_or(0) + 4;
            added.push_str("## Flags\n\n");
            for f in &flag_list {
                added.push_str(&format!("{:<width$}{}\n", format!("--{}", f.name), f.description));
            }
            added.push('\n');
        }
        body = match examples_at {
            Some(at) => format!("{}{added}{}", &body[..at], &body[at..]),
            None => format!("{}\n\n{}", body.trim_end(), added.trim_end()),
        };
    }
    let read_only = read_only.unwrap_or_else(|| {
        keys::READ_ONLY_VERBS.iter().any(|v| action.strip_prefix(v).is_some_and(|r| r.is_empty() || r.starts_with('_')))
    });
    Some(Skill {
        name: name.unwrap_or(expected),
        domain: domain.to_string(),
        action: action.to_string(),
        description,
        handler: handler.filter(|h| !h.is_empty()),
        schedule,
        tags,
        author,
        created,
        aliases,
        eligibility,
        read_only,
        extra,
        body: tidy_body(&body),
        usage,
        flags: flag_list,
        examples,
        path: sink.file.to_path_buf(),
        lines,
    })
}

/// A template's `{name}` placeholders that look like a misspelt flag: the
/// router fills a flag's `{name}` and leaves others as written, so
/// `{tpoic}` beside `--topic` reaches the model as is. A name close to no
/// flag is a slot the model fills itself (`{today}`, `{compiled_digest}`
/// in the seed's daily digest) and is not reported; nor is text that is
/// not a name (`{"day": 1}` in a JSON sample). Read as the router reads
/// them: a `{` to the next `}`.
fn check_placeholders(body: &str, body_line: usize, flags: &[Flag], sink: &mut Sink<'_>) {
    // Lines counted from the last placeholder reported, not from the start.
    let (mut at, mut line) = (0, body_line);
    for (range, name) in skills_core::template::placeholders(body) {
        let open = range.start;
        let identifier = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'));
        if !identifier || flags.iter().any(|f| skills_core::args::same_flag_name(&f.name, name)) {
            continue;
        }
        let Some(flag) = skills_core::suggest::closest(name, flags.iter().map(|f| f.name.as_str())) else {
            continue;
        };
        line += body[at..open].matches('\n').count();
        at = open;
        let column = open - body[..open].rfind('\n').map_or(0, |i| i + 1) + 1;
        sink.push(
            Code::UnknownPlaceholder,
            line,
            column,
            format!("`{}` names no flag, so the model reads it as written", &body[range.clone()]),
            format!(
                "did you mean `{}`? A flag's name in braces is filled with its value",
                body[range.clone()].replacen(name, flag, 1)
            ),
        );
    }
}

/// The body without leading and trailing blank lines.
pub(crate) fn tidy_body(body: &str) -> String {
    let t = body.trim_matches(['\n', '\r']);
    let t = t.trim_end();
    t.to_string()
}

fn read_eligibility(node: &Node, sink: &mut Sink<'_>) -> Eligibility {
    let mut e = Eligibility::default();
    let Value::Map(entries) = &node.value else {
        sink.push(
            Code::InvalidEligibility,
            node.line,
            node.column,
            "`eligibility` must be a mapping with `os`, `env` and `binaries`",
            "write `eligibility:` then `  os: [linux, macos]` on the next line",
        );
        return e;
    };
    for (k, v) in entries {
        let list = match list_value(v, &format!("eligibility.{k}"), sink) {
            Some(l) => l,
            None => continue,
        };
        match k.as_str() {
            keys::ELIGIBILITY_OS => {
                for os in &list {
                    if !keys::KNOWN_OS.contains(&os.as_str()) {
                        sink.push(
                            Code::UnknownOs,
                            v.line,
                            v.column,
                            format!("`{os}` is not an operating system this format knows"),
                            format!("use Rust target_os names: {}", keys::KNOWN_OS.join(", ")),
                        );
                    }
                }
                e.os = list;
            }
            keys::ELIGIBILITY_ENV => e.env = list,
            keys::ELIGIBILITY_BINARIES => e.binaries = list,
            other => sink.push(
                Code::InvalidEligibility,
                v.line,
                v.column,
                format!("unknown eligibility condition `{other}`"),
                "eligibility takes `os`, `env` and `binaries`",
            ),
        }
    }
    e
}

/// Checks a `schedule:` value: five-field cron or an `@` nickname (the
/// rule is `skills_core::cron::parse`, which the scheduler uses too).
pub fn validate_cron(s: &str) -> Result<(), String> {
    skills_core::cron::parse(s).map(|_| ())
}

/// The usage line of skill `name` with `flags`, as the format writes it:
/// required flags bare, optional ones in brackets, `...` after a list.
fn synopsis(name: &str, flags: &[Flag]) -> String {
    let mut line = name.to_string();
    for f in flags {
        let value = match f.value_type {
            skills_core::spec::ValueType::Boolean => String::new(),
            _ => format!(" <{}>{}", f.placeholder.as_deref().unwrap_or(&f.name), if f.list { "..." } else { "" }),
        };
        let flag = format!("--{}{value}", f.name);
        line.push(' ');
        line.push_str(&if f.required { flag } else { format!("[{flag}]") });
    }
    line
}

/// A one-line change that makes frontmatter `yaml` parse, for an error on
/// its 0-based line `at` (or, for a quote left open, the line before), as
/// the line changed, what to do and the line to write. `names` is the key
/// that names the file (`name` or `domain`) and the name its path gives.
/// `None` unless the patched frontmatter parses: a hint must never lead to
/// another error.
fn yaml_fix(
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
fn line_fixes(line: &str, (name_key, name): (&str, &str)) -> Vec<(&'static str, String)> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cron() {
        assert!(validate_cron("0 8 * * 1-5").is_ok());
        assert!(validate_cron("@daily").is_ok());
        assert!(validate_cron("0 8 * *").is_err());
        assert!(validate_cron("61 8 * * *").is_err());
        assert!(validate_cron("0 0 8 * * *").is_err());
    }

    /// Strings are told apart wherever their boundaries fall, including at
    /// the eight-byte words the fingerprint reads, and padding is not data.
    #[test]
    fn fingerprint_encodes_string_boundaries() {
        let of = |parts: &[&str]| {
            let mut h = Fingerprint::new();
            for p in parts {
                h.str(p);
            }
            h.0
        };
        let cases: &[&[&str]] = &[
            &["ab", "c"],
            &["a", "bc"],
            &["abc"],
            &["abcdefgh"],
            &["abcdefgh", ""],
            &["abcdefg", "h"],
            &["abcdefgh\0"],
            &["abcdefghi"],
            &[""],
            &["", ""],
            &[],
        ];
        let prints: Vec<u64> = cases.iter().map(|c| of(c)).collect();
        for (i, a) in prints.iter().enumerate() {
            for (j, b) in prints.iter().enumerate().skip(i + 1) {
                assert_ne!(a, b, "{:?} and {:?}", cases[i], cases[j]);
            }
        }
        // The same on every run and platform (words are read little-endian):
        // pinned, so that a change to the encoding is a decision.
        assert_eq!(of(&["tasks", "search"]), 0x6a8f_922e_e1f2_f7ef);
        // Longer than a word, with a partial last one (read shifted).
        assert_eq!(of(&["attachments", "priority_level"]), 0x84e7_2f45_489f_3fa0);
    }
}
