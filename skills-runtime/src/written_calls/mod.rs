//! Tool calls written as text instead of made: a JSON tool call in the
//! reply's text or in a code block, and (feature `foreign-calls`) the
//! tags, plain-text markers and Python calls of other models' tool-call
//! formats. None of them runs: each is read only to tell the model the
//! command it meant, in a result it can correct from.

// Other models' formats: tags, plain-text markers and Python calls.
#[cfg(feature = "foreign-calls")]
pub(crate) mod foreign;
// Python call syntax, read as Python's grammar defines it.
#[cfg(feature = "foreign-calls")]
pub mod python;

use crate::loose::*;
use crate::outcome::Outcome;
use skills_core::args::Excerpt;
use std::string::String;
use std::vec::Vec;

/// Where each line of a reply starts, to tell the line of a byte (and the
/// byte a line starts at) without counting from the start each time: a
/// reply of thousands of unreadable calls is reported in linear time.
pub(crate) struct Lines {
    starts: Vec<usize>,
    len: usize,
}

impl Lines {
    pub(crate) fn new(text: &str) -> Lines {
        let starts = core::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        Lines { starts, len: text.len() }
    }

    /// The 1-based line of byte `at`.
    pub(crate) fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at)
    }

    /// The byte 1-based `line` starts at (the text's end past its last).
    fn start_of(&self, line: usize) -> usize {
        self.starts.get(line.saturating_sub(1)).copied().unwrap_or(self.len)
    }
}

/// A tool call found in text: read, or naming a tool but unreadable.
pub(crate) type Found = Result<crate::tool_call::ToolCall, UnreadCall>;

/// A tool call written as text that cannot be read: a Python call in a
/// block (`default_api.email_send(to=recipients)`, found by
/// [`python_calls`]) or JSON that is not valid (`{"name": "email_send",
/// "arguments": {"to": ["a@b.co"],}}`, found by [`json_call_name`]). The
/// model meant it to run, and hears why it did not.
pub(crate) struct UnreadCall {
    /// The tool it calls, as written (`default_api.email_send`).
    pub(crate) name: String,
    /// How it is written, as the message says it (`as a Python call`).
    pub(crate) written: &'static str,
    /// What cannot be read (`its arguments cannot be read as Python
    /// literals`).
    pub(crate) unreadable: &'static str,
    /// Why, where: `a variable or an expression on line 3, at
    /// `recipients)``.
    pub(crate) why: String,
}

impl UnreadCall {
    /// The report, for a call of a skill (or of a name close to one's):
    /// shown, not run, why, and the skill's usage; `None` for a call of
    /// something else.
    pub(crate) fn report(
        &self,
        catalog: &dyn crate::catalog::Catalog,
        visible: &dyn Fn(&crate::catalog::SkillView<'_>) -> bool,
        guesses: &mut usize,
    ) -> Option<Outcome> {
        let name = tool_name(&self.name);
        let (called, (skill, usage)) = match crate::tool_call::tool_usage(catalog, name) {
            Some(found) => (std::format!("`{}`", found.0), found),
            None => {
                let skill = guess(catalog, name, visible, guesses)?;
                let called = std::format!("`{name}` (no skill is named so: did you mean `{skill}`?)");
                (called, crate::tool_call::tool_usage(catalog, skill)?)
            }
        };
        let message = std::format!(
            "a tool call of {called} is written {}, so it was shown, not run: only ```cmd blocks run commands; and {}: {}",
            self.written,
            self.unreadable,
            self.why
        );
        let hint = std::format!("write it as a command in a ```cmd block, with each value written out: {usage}");
        Some(Outcome::error(skill, None, "command_not_in_cmd_block", message, &hint))
    }
}

/// The report for a call read from text of a tool no skill is named, when
/// one is close in spelling (`email_sned`: `email.send`): shown, not run,
/// the skill meant, and its usage. `None` when no skill is close: the call
/// is for something else.
pub(crate) fn unknown_call(
    catalog: &dyn crate::catalog::Catalog,
    visible: &dyn Fn(&crate::catalog::SkillView<'_>) -> bool,
    call: &crate::tool_call::ToolCall,
    written: &str,
    guesses: &mut usize,
) -> Option<Outcome> {
    if crate::tool_call::tool_usage(catalog, &call.name).is_some() {
        return None;
    }
    let skill = guess(catalog, &call.name, visible, guesses)?;
    let (_, usage) = crate::tool_call::tool_usage(catalog, skill)?;
    let message = std::format!(
        "a tool call of `{}` is written {written}, so it was shown, not run: only ```cmd blocks run commands; and no skill is named so: did you mean `{skill}`?",
        call.name
    );
    let hint = std::format!("write it as a command in a ```cmd block, with each value written out: {usage}");
    Some(Outcome::error(&call.name, None, "command_not_in_cmd_block", message, &hint))
}

/// The skill a name no skill has is close to, while `guesses` last (one is
/// spent on each name).
pub(crate) fn guess<'c>(
    catalog: &'c dyn crate::catalog::Catalog,
    name: &str,
    visible: &dyn Fn(&crate::catalog::SkillView<'_>) -> bool,
    guesses: &mut usize,
) -> Option<&'c str> {
    *guesses = guesses.checked_sub(1)?;
    crate::tool_call::closest_skill(catalog, name, visible)
}

/// Where reading stopped, as a report says it: `at `rest of the line``
/// (its first 200 bytes, then `…`), `at the end of the line`, or `end` when
/// nothing but blanks follows. Only the start of `rest` is read: a reply of
/// thousands of calls on one line costs no more per call.
pub(crate) fn place(rest: &str, end: &str) -> String {
    let window = Excerpt::start(rest, Excerpt::MAX + 1);
    let line = window.split(['\n', '\r']).next().unwrap_or("").trim_end();
    if window.trim().is_empty() && rest.trim().is_empty() {
        String::from(end)
    } else if line.is_empty() {
        String::from("at the end of the line")
    } else if line.len() > Excerpt::MAX {
        std::format!("at `{}…`", Excerpt::start(line, Excerpt::MAX))
    } else {
        std::format!("at `{line}`")
    }
}

/// The tool a JSON tool call that is not valid JSON names, and where the
/// object ends (`text` starts with its `{` or `[`): the first key of
/// [`crate::tool_call::NAME_KEYS`] (`"name"`, ...) with a string value. The end is
/// where its brackets close, strings skipped; `None` when they never do
/// (the name is then looked for up to the next line that starts with `{`
/// or `[`).
pub(crate) fn json_call_name(text: &str) -> (Option<&str>, Option<usize>) {
    let b = text.as_bytes();
    let (mut depth, mut i, mut end) = (0usize, 0, None);
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' | b'[' => {
                // Deeper than serde_json reads (its recursion limit): text
                // that only opens brackets, not JSON. So a reply of many
                // lines that open and never close is read in linear time.
                depth += 1;
                if depth > 128 {
                    break;
                }
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    end = Some(i + 1);
                    break;
                }
            }
            _ => {}
        }
        i += 1;
    }
    // Never closed: up to the next line that starts a value of its own.
    let cut_short =
        || text.match_indices('\n').map(|(i, _)| i + 1).find(|&i| text[i..].trim_start().starts_with(['{', '[']));
    let object = &text[..end.or_else(cut_short).unwrap_or(text.len())];
    let name = crate::tool_call::NAME_KEYS
        .iter()
        .filter_map(|key| {
            let key = &std::format!("\"{key}\"");
            let (at, _) = object.match_indices(key.as_str()).find(|(at, _)| {
                let rest = object[at + key.len()..].trim_start();
                rest.strip_prefix(':').is_some_and(|r| r.trim_start().starts_with('"'))
            })?;
            let rest = object[at + key.len()..].trim_start()[1..].trim_start();
            let value = &rest[1..];
            Some((at, &value[..value.find('"')?]))
        })
        .min_by_key(|(at, _)| *at)
        .map(|(_, name)| name);
    (name, end)
}

/// The [`UnreadCall`] of a tool call naming `name`, written as `written`,
/// whose JSON (the call, or its arguments: `unreadable` says which) starts
/// at byte `from` of `text` and is not valid.
pub(crate) fn unread_json(
    text: &str,
    lines: &Lines,
    from: usize,
    name: &str,
    written: &'static str,
    unreadable: &'static str,
    e: &serde_json::Error,
) -> UnreadCall {
    // serde_json counts lines from the object's start, and columns (1-based,
    // in bytes) on its first line from the object's first byte.
    let line_start = if e.line() <= 1 { from } else { lines.start_of(lines.line_of(from) + e.line() - 1) };
    let mut at = match e.classify() {
        serde_json::error::Category::Eof => text.len(),
        _ => (line_start + e.column().saturating_sub(1)).min(text.len()),
    };
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let line = lines.line_of(at);
    let why = e.to_string();
    let why = why.rsplit_once(" at line ").map_or(why.as_str(), |(why, _)| why);
    UnreadCall {
        name: String::from(name),
        written,
        unreadable,
        why: std::format!("{why} on line {line}, {}", place(&text[at..], "at the end of the reply")),
    }
}

/// `line` without leading blanks and the tags or markers before its text:
/// `<tool_call>{"name": ...`, Mistral's `[TOOL_CALLS] [{...}]`, a special
/// token such as Llama's `<|python_tag|>`.
pub(crate) fn untagged_start(line: &str) -> &str {
    let mut line = line.trim_start();
    loop {
        let before = line.len();
        line = without_leading_tags(line);
        if let Some(rest) = line.strip_prefix("[TOOL_CALLS]") {
            line = rest.trim_start();
        }
        if let Some(rest) = line.strip_prefix("<|")
            && let Some((token, after)) = rest.split_once("|>")
            && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            line = after.trim_start();
        }
        if line.len() == before {
            return line;
        }
    }
}

/// The tool calls `line` is as Python calls ([`python::calls`]);
/// none without the feature that reads them.
pub(crate) fn line_as_python_calls(line: &str) -> Option<std::vec::Vec<crate::tool_call::ToolCall>> {
    #[cfg(feature = "foreign-calls")]
    return python::calls(line);
    #[cfg(not(feature = "foreign-calls"))]
    {
        let _ = line;
        None
    }
}

/// The tool calls `line` is as JSON: an object, or an array of them, in
/// any shape [`crate::tool_call::ToolCall`] reads.
pub(crate) fn line_as_json_calls(line: &str) -> Option<std::vec::Vec<crate::tool_call::ToolCall>> {
    let items = match serde_json::from_str::<serde_json::Value>(line.trim()).ok()? {
        serde_json::Value::Array(items) => items,
        one => std::vec![one],
    };
    items.iter().map(|v| crate::tool_call::ToolCall::from_json(v).ok()).collect()
}

/// The command `line` stands for when it is a skill's name followed by its
/// arguments as one JSON object (`tasks.search {"overdue": true}`).
pub(crate) fn json_arguments_command(
    catalog: &dyn crate::catalog::Catalog,
    skill: &str,
    line: &str,
) -> Option<std::string::String> {
    let (_, rest) = line.trim_start().split_once(char::is_whitespace)?;
    let rest = rest.trim();
    if !rest.starts_with('{') {
        return None;
    }
    let arguments: serde_json::Value = serde_json::from_str(rest).ok()?;
    let call = crate::tool_call::ToolCall { name: skill.into(), arguments };
    crate::tool_call::command_for(catalog, &call)
}

/// `written` without `default_api.`, `functions.` or `tools.`.
pub(crate) fn tool_name(written: &str) -> &str {
    ["default_api.", "functions.", "tools."].iter().find_map(|p| written.strip_prefix(p)).unwrap_or(written)
}
