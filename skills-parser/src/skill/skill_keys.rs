//! A skill file's frontmatter keys, read into what a [`Skill`] holds, with
//! each wrong or missing key reported where it stands.

use super::*;
use crate::diagnostic::{Code, Sink};
use crate::flags::{self};
use crate::keys;
use crate::yaml::{Node, ScalarKind, Value};
use skills_core::{Date, names};

/// The frontmatter's keys, each read and checked where it stands.
pub(super) struct Keys {
    pub(super) lines: KeyLines,
    pub(super) name: Option<String>,
    pub(super) description: Option<String>,
    pub(super) description_line: Option<usize>,
    pub(super) handler: Option<String>,
    pub(super) schedule: Option<String>,
    pub(super) tags: Vec<String>,
    pub(super) author: Option<String>,
    pub(super) created: Option<String>,
    pub(super) aliases: Vec<String>,
    pub(super) eligibility: Eligibility,
    pub(super) read_only: Option<bool>,
    /// Flags declared as data (`parameters:`, `flags:`).
    pub(super) flags: Vec<flags::decl::Decl>,
    pub(super) extra: Vec<(String, serde_json::Value)>,
}

/// Reads a skill file's frontmatter keys: unknown ones are kept in `extra`
/// and reported with the closest known key.
pub(super) fn read_keys(entries: &[(String, Node)], sink: &mut Sink<'_>) -> Keys {
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

    for (key, node) in entries {
        let key = key_spelling(key, node, keys::SKILL_KEYS, entries, sink);
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
                            // Cron that parses but names no real day.
                            None if e.starts_with("it never fires") => "name days every month it names has (February has 28, 29 in leap years), or a day of the week; `L` is a month's last day, for example \"0 9 L * *\"".to_string(),
                            None if s.trim().eq_ignore_ascii_case("@reboot") => "write when it should run, for example `@daily` or \"0 8 * * 1-5\" (quote it)".to_string(),
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
            keys::ELIGIBILITY => {
                lines.eligibility = node.line;
                eligibility = read_eligibility(node, sink);
            }
            keys::PARAMETERS | keys::FLAGS => front_flags.extend(flags::data::read(key, node, sink)),
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
                front_flags.extend(flags::data::read(key, node, sink));
            }
            keys::READ_ONLY => match &node.value {
                Value::Scalar(_, ScalarKind::Bool(b)) => {
                    lines.read_only = node.line;
                    read_only = Some(*b);
                }
                other => {
                    let (message, hint) = read_only_problem(other);
                    sink.push(Code::InvalidField, node.line, node.column, message, hint);
                }
            },
            other => {
                unknown_key(other, node, keys::SKILL_KEYS, sink);
                extra.push((other.to_string(), node.to_json()));
            }
        }
    }
    Keys {
        lines,
        name,
        description,
        description_line,
        handler,
        schedule,
        tags,
        author,
        created,
        aliases,
        eligibility,
        read_only,
        flags: front_flags,
        extra,
    }
}

/// The skill's name as the file's path gives it, with what `name:` got
/// wrong reported (`None` when it is missing or not text).
pub(super) fn checked_name(
    name: Option<String>,
    name_line: usize,
    domain: &str,
    action: &str,
    expected: &str,
    sink: &mut Sink<'_>,
) -> Option<String> {
    let name = match name {
        // A `name` that is not text was reported where it stands.
        None if name_line > 0 => None,
        None => {
            sink.push(Code::MissingName, 1, 1, "the frontmatter has no `name`", format!("add `name: {expected}`"));
            None
        }
        Some(n) => {
            match names::parse_skill_name(&n) {
                // `name: send` in email/send.md (other skill formats name a
                // skill without its domain), `name: email_send` (the tool
                // name): the path's name, written another way.
                Err(_) if n == action || n == names::tool_name(expected) => sink.push(
                    Code::NameSpelling,
                    name_line,
                    7,
                    format!("`name: {n}` is read as `{expected}`, the name the file's path gives"),
                    format!("write `name: {expected}`: a skill's name is its domain and action, joined by a dot"),
                ),
                Err(e) => sink.push(
                    Code::InvalidName,
                    name_line,
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
                        name_line,
                        7,
                        format!("`name: {n}` does not match the file's path, which makes it `{expected}`"),
                        hint,
                    );
                }
                Ok(_) => {}
            }
            Some(if n == action || n == names::tool_name(expected) { expected.to_string() } else { n })
        }
    };
    if let Err(e) = names::parse_skill_name(expected)
        && name.is_some()
    {
        // The path itself cannot name a skill (`all.md`, `help.md`).
        sink.push(Code::InvalidFileName, 0, 0, format!("`{expected}` cannot be a skill name: {e}"), "rename the file");
    }
    name
}

/// The description, empty (and reported) when missing.
pub(super) fn checked_description(
    description: Option<String>,
    description_line: Option<usize>,
    name_line: usize,
    sink: &mut Sink<'_>,
) -> String {
    match (description, description_line) {
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
                name_line.max(1),
                1,
                "the frontmatter has no `description`",
                "add `description: <one-line summary>`; listings show it",
            );
            String::new()
        }
    }
}

pub(super) fn read_eligibility(node: &Node, sink: &mut Sink<'_>) -> Eligibility {
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
                        // The name meant: the same ignoring case, another
                        // common name for it, or one a letter or two away.
                        let lower = os.to_ascii_lowercase();
                        let meant = match lower.as_str() {
                            "mac" | "osx" | "macosx" | "mac_os" | "mac-os" => Some("macos"),
                            "win" | "win64" | "windows_nt" => Some("windows"),
                            _ => keys::KNOWN_OS
                                .iter()
                                .copied()
                                .find(|k| *k == lower)
                                .or_else(|| skills_core::suggest::closest(&lower, keys::KNOWN_OS.iter().copied())),
                        };
                        let names = keys::KNOWN_OS.join(", ");
                        sink.push(
                            Code::UnknownOs,
                            v.line,
                            v.column,
                            match meant {
                                Some(m) => format!(
                                    "`{os}` is not an operating system this format knows, so no machine matches it (did you mean `{m}`?)"
                                ),
                                None => format!(
                                    "`{os}` is not an operating system this format knows, so no machine matches it"
                                ),
                            },
                            match meant {
                                Some(m) => format!("write `{m}`; the names are Rust's target_os: {names}"),
                                None => format!("use Rust target_os names: {names}"),
                            },
                        );
                    }
                }
                e.os = list;
            }
            keys::ELIGIBILITY_ENV => e.env = list,
            keys::ELIGIBILITY_BINARIES => {
                // A path would be probed on every check, and whether the
                // skill is available would tell whoever reads it whether
                // that file exists.
                for b in list.iter().filter(|b| b.is_empty() || b.contains(['/', '\\'])) {
                    let program = b.rsplit(['/', '\\']).next().unwrap_or_default();
                    sink.push(
                        Code::InvalidEligibility,
                        v.line,
                        v.column,
                        format!("`binaries` names programs found on PATH, not paths: `{b}`"),
                        match program {
                            "" => "write the program's name".to_string(),
                            p => format!("write the program's name, `{p}`"),
                        },
                    );
                }
                e.binaries = list;
            }
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

/// What is wrong with a `read_only:` that is no boolean, and the line to
/// write: the boolean the author meant when the value says it in quotes
/// (`"false"`, `'yes'`) or as a number (`0`, `1`), else both.
fn read_only_problem(value: &Value) -> (String, String) {
    let text = match value {
        Value::Scalar(t, _) => t.as_str(),
        _ => "",
    };
    let meant = match text.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "y" | "on" | "1" => Some(true),
        "false" | "no" | "n" | "off" | "0" => Some(false),
        _ => None,
    };
    // A boolean word that reads as a string was quoted.
    let quoted = matches!(value, Value::Scalar(_, ScalarKind::Str)) && meant.is_some();
    let given = match value {
        Value::Scalar(t, _) if quoted => format!("the quoted text `\"{t}\"`"),
        Value::Scalar(t, ScalarKind::Str) => format!("the text `{t}`"),
        Value::Scalar(t, _) => format!("`{t}`"),
        Value::Null => "empty".to_string(),
        Value::Seq(_) => "a list".to_string(),
        Value::Map(_) => "a mapping".to_string(),
    };
    let hint = match meant {
        Some(b) if quoted => format!("write `read_only: {b}`, without quotes"),
        Some(b) => format!("write `read_only: {b}`"),
        None => "write `read_only: true` (the skill changes nothing) or `read_only: false` (it does)".to_string(),
    };
    (format!("`read_only` must be true or false, not {given}"), hint)
}
