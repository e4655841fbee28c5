//! Tool calls written as text in the formats other models use (tagged,
//! named, Python-style), read into the calls a turn runs or reports.

use super::*;
use crate::outcome::Outcome;
use skills_core::args::Excerpt;
use skills_core::extract;
use std::string::String;
use std::vec::Vec;

/// Tool calls written in the tags of other tool-call formats, with where
/// each starts:
///
/// - `<function=tasks_search>{"overdue": true}</function>` (Llama 3.1's
///   format; the arguments are a JSON object, up to the closing tag);
/// - `<invoke name="tasks_search"><parameter name="overdue">true</parameter></invoke>`
///   (Anthropic's, also with a namespace prefix, `<x:invoke>`):
///   a parameter's text is read as JSON when it is JSON (`true`, `5`,
///   `["a", "b"]`), else as the string it is;
/// - `<function=tasks_search><parameter=overdue>true</parameter></function>`
///   (Qwen3-Coder's), read as Anthropic's parameters are;
/// - `<tool_call>tasks_search<arg_key>overdue</arg_key><arg_value>true
///   </arg_value></tool_call>` (GLM's), read the same way.
///
/// A `<function=>` whose arguments are a JSON object gone wrong is a call
/// that cannot be read ([`UnreadCall`]). Each tag is looked at once, so the
/// work grows with the text.
pub(super) fn tagged_calls(text: &str, lines: &Lines) -> Vec<(usize, Found)> {
    use serde_json::Value;
    // The local name of the tag opening at `text[at..]` (after any
    // `prefix:`), and the rest of the text after that name.
    fn tag_at(text: &str, at: usize) -> Option<(&str, &str)> {
        let rest = &text[at + 1..];
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':')))?;
        let name = &rest[..end];
        Some((name.rsplit(':').next().unwrap_or(name), &rest[end..]))
    }
    // `name="x"` (or `'x'`) among a tag's attributes, up to its `>`.
    fn attribute<'t>(attrs: &'t str, key: &str) -> Option<&'t str> {
        let attrs = &attrs[..attrs.find('>')?];
        let mut from = 0;
        while let Some(i) = attrs[from..].find(key) {
            let after = attrs[from + i + key.len()..].trim_start();
            from += i + key.len();
            let Some(value) = after.strip_prefix('=').map(str::trim_start) else { continue };
            let quote = value.chars().next().filter(|c| matches!(c, '"' | '\''))?;
            return value[1..].split(quote).next();
        }
        None
    }
    let mut calls = Vec::new();
    let mut at = 0;
    // Where the next `</function>` and `</tool_call>` are (`Some(None)`:
    // there is none); each search moves forward only.
    let mut function_end: Option<Option<usize>> = None;
    let mut tool_call_end: Option<Option<usize>> = None;
    // Where the next `<tool_call` opens, the same way: a GLM call's body
    // ends there at the latest, so that text of many opening tags and one
    // closing tag is read in linear time.
    let mut tool_call_next: Option<Option<usize>> = None;
    while let Some(i) = text[at..].find('<') {
        let start = at + i;
        at = start + 1;
        let Some((tag, rest)) = tag_at(text, start) else { continue };
        let call = match tag {
            "function" if rest.starts_with('=') => {
                let Some(gt) = rest.find('>') else { continue };
                let name = rest[1..gt].trim().trim_matches(['"', '\'']);
                let args_start = text.len() - rest.len() + gt + 1;
                // The arguments run to `</function>`; the search for it
                // moves forward only, and the scan resumes after it.
                if function_end.is_none_or(|end| end.is_some_and(|e| e < args_start)) {
                    function_end = Some(text[args_start..].find("</function>").map(|e| args_start + e));
                }
                let Some(Some(end)) = function_end else { continue };
                at = end;
                let body = &text[args_start..end];
                match serde_json::from_str::<Value>(body) {
                    Ok(arguments @ Value::Object(_)) => {
                        Ok(crate::tool_call::ToolCall { name: name.to_string(), arguments })
                    }
                    // Qwen3-Coder's `<parameter=limit>5</parameter>` inside.
                    other => match parameter_tags(body) {
                        Some(arguments) => Ok(crate::tool_call::ToolCall { name: name.to_string(), arguments }),
                        // An object that is not valid JSON.
                        None => match other {
                            // (serde_json counts from the body's start)
                            Err(e) if body.trim_start().starts_with('{') => Err(unread_json(
                                text,
                                lines,
                                args_start,
                                name,
                                "as tags in the text",
                                ARGUMENTS_NOT_JSON,
                                &e,
                            )),
                            _ => continue,
                        },
                    },
                }
            }
            // GLM's `<tool_call>tasks_search` then `<arg_key>limit</arg_key>
            // <arg_value>5</arg_value>` pairs, up to `</tool_call>` (the
            // JSON inside Hermes' `<tool_call>` is read with the other JSON).
            "tool_call" => {
                let Some(gt) = rest.find('>') else { continue };
                let body_start = text.len() - rest.len() + gt + 1;
                if tool_call_end.is_none_or(|end| end.is_some_and(|e| e < body_start)) {
                    tool_call_end = Some(text[body_start..].find("</tool_call>").map(|e| body_start + e));
                }
                let Some(Some(end)) = tool_call_end else { continue };
                if tool_call_next.is_none_or(|next| next.is_some_and(|n| n < body_start)) {
                    tool_call_next = Some(text[body_start..].find("<tool_call").map(|n| body_start + n));
                }
                if tool_call_next.is_some_and(|next| next.is_some_and(|n| n < end)) {
                    continue;
                }
                let body = text[body_start..end].trim_start();
                let name_end = body.find(|c: char| c.is_whitespace() || c == '<').unwrap_or(body.len());
                let name = &body[..name_end];
                if name.is_empty()
                    || !name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
                {
                    continue;
                }
                let Some(arguments) = arg_pairs(&body[name_end..]) else { continue };
                at = end;
                Ok(crate::tool_call::ToolCall { name: name.to_string(), arguments })
            }
            "invoke" => {
                let Some(name) = attribute(rest, "name") else { continue };
                let body_start = text.len() - rest.len() + rest.find('>').map_or(0, |c| c + 1);
                // The call ends at the next `invoke` tag, opening or closing.
                let body_end = text[body_start..]
                    .match_indices('<')
                    .map(|(j, _)| body_start + j)
                    .find(|&j| tag_at(text, j).is_some_and(|(t, _)| t == "invoke") || closes(text, j, "invoke"))
                    .unwrap_or(text.len());
                let mut arguments = serde_json::Map::new();
                let body = &text[body_start..body_end];
                let mut p = 0;
                while let Some(j) = body[p..].find('<') {
                    let open = p + j;
                    p = open + 1;
                    let Some(("parameter", prest)) = tag_at(body, open) else { continue };
                    let Some(key) = attribute(prest, "name") else { continue };
                    let value_start = body.len() - prest.len() + prest.find('>').map_or(0, |c| c + 1);
                    let value_end = body[value_start..]
                        .match_indices("</")
                        .map(|(k, _)| value_start + k)
                        .find(|&k| closes(body, k, "parameter"))
                        .unwrap_or(body.len());
                    arguments.insert(key.to_string(), parameter_value(&body[value_start..value_end]));
                    p = value_end;
                }
                at = body_end;
                let arguments = if arguments.is_empty() { Value::Null } else { Value::Object(arguments) };
                Ok(crate::tool_call::ToolCall { name: name.to_string(), arguments })
            }
            _ => continue,
        };
        calls.push((start, call));
    }
    calls
}

/// A parameter tag's text as its value: JSON when it is JSON (`true`, `5`,
/// `["a", "b"]`), else the string it is, without the blanks around it.
pub(super) fn parameter_value(text: &str) -> serde_json::Value {
    let raw = text.trim();
    serde_json::from_str(raw).unwrap_or_else(|_| serde_json::Value::String(raw.to_string()))
}

/// The arguments of GLM's `<tool_call>name` written as `<arg_key>key</arg_key>
/// <arg_value>value</arg_value>` pairs, each value read as JSON when it is
/// JSON, else as the string it is; `None` when `body` holds anything else
/// than such pairs and blanks.
pub(super) fn arg_pairs(body: &str) -> Option<serde_json::Value> {
    let mut arguments = serde_json::Map::new();
    let mut rest = body.trim_start();
    while !rest.is_empty() {
        let (key, after) = rest.strip_prefix("<arg_key>")?.split_once("</arg_key>")?;
        let (value, after) = after.trim_start().strip_prefix("<arg_value>")?.split_once("</arg_value>")?;
        arguments.insert(key.trim().to_string(), parameter_value(value));
        rest = after.trim_start();
    }
    Some(if arguments.is_empty() { serde_json::Value::Null } else { serde_json::Value::Object(arguments) })
}

/// The arguments of `<function=name>` written as `<parameter=key>value
/// </parameter>` tags (Qwen3-Coder's format), each value read as JSON when
/// it is JSON, else as the string it is; `None` when `body` holds anything
/// else than such tags and blanks. No tags at all is a call without
/// arguments.
pub(super) fn parameter_tags(body: &str) -> Option<serde_json::Value> {
    use serde_json::Value;
    let mut arguments = serde_json::Map::new();
    let mut rest = body.trim_start();
    while !rest.is_empty() {
        let after = rest.strip_prefix("<parameter=")?;
        let gt = after.find('>')?;
        let key = after[..gt].trim().trim_matches(['"', '\'']);
        let value_and_rest = &after[gt + 1..];
        let close = value_and_rest.find("</parameter>")?;
        arguments.insert(key.to_string(), parameter_value(&value_and_rest[..close]));
        rest = value_and_rest[close + "</parameter>".len()..].trim_start();
    }
    Some(if arguments.is_empty() { Value::Null } else { Value::Object(arguments) })
}

/// Tool calls written in the plain-text forms of other formats, with where
/// each starts:
///
/// - gpt-oss's harmony messages, `to=functions.tasks_search` then the JSON
///   arguments (after `<|constrain|>json<|message|>`, or once the special
///   tokens are dropped, after ` json`), the recipient in the channel
///   (`<|channel|>commentary to=functions.tasks_search ...`) or before it
///   (`<|start|>assistant to=functions.tasks_search<|channel|>commentary
///   json<|message|>{...}`);
/// - Mistral's `[TOOL_CALLS]tasks_search[ARGS]{"limit": 5}`;
/// - Kimi K2's `<|tool_call_begin|>functions.tasks_search:0
///   <|tool_call_argument_begin|>{"limit": 5}<|tool_call_end|>`;
/// - DeepSeek's `<｜tool▁call▁begin｜>tasks_search<｜tool▁sep｜>{"limit": 5}`,
///   or with `function` before the separator and the name and a
///   ```` ```json ```` block after it;
/// - ReAct's two lines, `Action: tasks_search` then `Action Input: {"limit": 5}`
///   (or nothing after `Action Input:`, or a text, which only `get_skill`
///   takes: `Action Input: email`).
pub(super) fn named_calls(text: &str, line_index: &Lines) -> Vec<(usize, Found)> {
    use serde_json::Value;
    fn name_at(s: &str) -> Option<(&str, usize)> {
        let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))).unwrap_or(s.len());
        (!s[..end].is_empty()).then(|| (s[..end].trim_end_matches('.'), end))
    }
    // The JSON object starting at the first `{` of `s` (and where it
    // starts), when only the rest of a message header comes before it: its
    // channel when the recipient came first (`<|channel|>commentary`), its
    // content type (`<|constrain|>json`, or ` json` once the special tokens
    // are dropped) and `<|message|>`. Within 64 bytes, so that a text of
    // many `to=functions.` without one is read in one pass.
    let object_in = |s: &str| {
        let open = s.as_bytes().iter().take(64).position(|&b| b == b'{')?;
        let before = s[..open].replace("<|channel|>", " ").replace("<|constrain|>", " ").replace("<|message|>", " ");
        let header_word =
            |w: &str| ["json", "commentary", "analysis", "final"].iter().any(|h| h.eq_ignore_ascii_case(w));
        if !before.split_whitespace().all(header_word) {
            return None;
        }
        let value = serde_json::Deserializer::from_str(&s[open..]).into_iter::<Value>().next()?;
        Some((open, value.map(|v| v.is_object().then_some(v))))
    };
    let mut calls = Vec::new();
    for (start, _) in text.match_indices("to=functions.") {
        let rest = &text[start + "to=functions.".len()..];
        let Some((name, end)) = name_at(rest) else { continue };
        match object_in(&rest[end..]) {
            Some((_, Ok(Some(arguments)))) => {
                calls.push((start, Ok(crate::tool_call::ToolCall { name: name.to_string(), arguments })));
            }
            Some((open, Err(e))) => {
                let from = text.len() - rest.len() + end + open;
                let u =
                    unread_json(text, line_index, from, name, "in another tool-call format", ARGUMENTS_NOT_JSON, &e);
                calls.push((start, Err(u)));
            }
            _ => {}
        }
    }
    // Mistral's `[TOOL_CALLS]tasks_search[ARGS]{"limit": 5}`, with a
    // `[CALL_ID]` and its id before `[ARGS]` in some of its versions (the
    // JSON form, `[TOOL_CALLS] [{...}]`, is read with the other JSON).
    for (start, _) in text.match_indices("[TOOL_CALLS]") {
        let rest = text[start + "[TOOL_CALLS]".len()..].trim_start();
        let Some((name, end)) = name_at(rest) else { continue };
        let mut after = &rest[end..];
        if let Some(id) = after.strip_prefix("[CALL_ID]") {
            after = id.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'));
        }
        let Some(args) = after.strip_prefix("[ARGS]") else { continue };
        calls.extend(json_arguments_call(text, line_index, start, name, text.len() - args.len()));
    }
    // DeepSeek's `<｜tool▁call▁begin｜>tasks_search<｜tool▁sep｜>{"limit": 5}`
    // (V3.1), or `<｜tool▁call▁begin｜>function<｜tool▁sep｜>tasks_search` and
    // the arguments in a ```` ```json ```` block on the next lines (V3, R1).
    // The separator token is matched whole, in place (its bars are
    // fullwidth, or plain as some renderings write them), so that text
    // holding its name thousands of times is read in one pass.
    for (at, _) in text.match_indices("tool\u{2581}sep") {
        let Some(open) = ["<\u{ff5c}", "<|"].iter().find_map(|o| text[..at].ends_with(o).then(|| at - o.len())) else {
            continue;
        };
        let Some(after) = ["\u{ff5c}>", "|>"].iter().find_map(|c| text[at + "tool\u{2581}sep".len()..].strip_prefix(c))
        else {
            continue;
        };
        // Back to the end of the token before (`<｜tool▁call▁begin｜>`).
        let before = &text[..open];
        let kind = before[before.rfind('>').map_or(0, |i| i + 1)..].trim();
        let (name, args) = if kind == "function" {
            let after = after.trim_start();
            let Some((name, end)) = name_at(after) else { continue };
            let args = after[end..].trim_start();
            let args = args.strip_prefix("```json").or_else(|| args.strip_prefix("```")).unwrap_or(args);
            (name, args)
        } else {
            match name_at(kind) {
                Some((name, end)) if end == kind.len() => (name, after),
                _ => continue,
            }
        };
        calls.extend(json_arguments_call(text, line_index, open, name, text.len() - args.len()));
    }
    // Kimi K2's `<|tool_call_begin|>functions.tasks_search:0
    // <|tool_call_argument_begin|>{"limit": 5}<|tool_call_end|>`.
    for (start, _) in text.match_indices("<|tool_call_begin|>") {
        let rest = text[start + "<|tool_call_begin|>".len()..].trim_start();
        let rest = rest.strip_prefix("functions.").unwrap_or(rest);
        let Some((name, end)) = name_at(rest) else { continue };
        let mut after = &rest[end..];
        if let Some(index) = after.strip_prefix(':') {
            after = index.trim_start_matches(|c: char| c.is_ascii_digit());
        }
        let Some(args) = after.trim_start().strip_prefix("<|tool_call_argument_begin|>") else { continue };
        calls.extend(json_arguments_call(text, line_index, start, name, text.len() - args.len()));
    }
    let mut lines = text.split_inclusive('\n').scan(0, |at, l| {
        let start = *at;
        *at += l.len();
        Some((start, l))
    });
    while let Some((start, line)) = lines.next() {
        let Some(rest) = line.trim_start().strip_prefix("Action:") else { continue };
        let Some((name, end)) = name_at(rest.trim_start()) else { continue };
        if !rest.trim_start()[end..].trim().is_empty() {
            continue;
        }
        let Some((input_start, input_line)) = lines.by_ref().find(|(_, l)| !l.trim().is_empty()) else { break };
        let Some(input) = input_line.trim_start().strip_prefix("Action Input:").map(str::trim) else { continue };
        // JSON arguments; text that is no JSON is one text argument
        // (`Action Input: email`, for `get_skill`).
        let arguments = if input.is_empty() {
            Value::Null
        } else {
            match serde_json::from_str::<Value>(input) {
                Ok(v @ Value::Object(_)) => v,
                Err(_) if !input.starts_with(['{', '[']) => Value::String(input.to_string()),
                Err(e) if input.starts_with('{') => {
                    let from = input_start + input_line.find('{').unwrap_or(0);
                    let u = unread_json(
                        text,
                        line_index,
                        from,
                        name,
                        "in another tool-call format",
                        ARGUMENTS_NOT_JSON,
                        &e,
                    );
                    calls.push((start, Err(u)));
                    continue;
                }
                _ => continue,
            }
        };
        calls.push((start, Ok(crate::tool_call::ToolCall { name: name.to_string(), arguments })));
    }
    calls
}

/// The call of `name` written at `start`, whose JSON arguments start at
/// byte `from` of `text` (after blanks): read, or not valid JSON; `None`
/// when no object starts there.
pub(super) fn json_arguments_call(
    text: &str,
    lines: &Lines,
    start: usize,
    name: &str,
    from: usize,
) -> Option<(usize, Found)> {
    let rest = &text[from..];
    let args = rest.trim_start();
    if !args.starts_with('{') {
        return None;
    }
    let at = from + (rest.len() - args.len());
    let found = match serde_json::Deserializer::from_str(args).into_iter::<serde_json::Value>().next()? {
        Ok(arguments @ serde_json::Value::Object(_)) => {
            Ok(crate::tool_call::ToolCall { name: name.to_string(), arguments })
        }
        Ok(_) => return None,
        Err(e) => Err(unread_json(text, lines, at, name, "in another tool-call format", ARGUMENTS_NOT_JSON, &e)),
    };
    Some((start, found))
}

/// Tool calls written as Python calls ([`crate::pycall::calls`]), with
/// where each starts: a top-level line of text that is one (Llama 3.2's
/// `[tasks_search(limit=5)]`), or one of `blocks` (the reply's other
/// blocks) that is, in a language that may hold commands
/// ([`may_hold_commands`]: Gemini's ```` ```tool_code ````, none, ...). In a
/// Python block, such a line is code, unless it calls through Gemini's
/// `default_api.`; a block inside a quote is an example.
///
/// Then the calls such a block starts but that cannot be read
/// (`default_api.email_send(to=recipients)`): the model meant them to run,
/// and hears why they did not.
pub(super) fn python_calls(
    text: &str,
    lines: &Lines,
    blocks: &[extract::OtherBlock],
) -> (Vec<(usize, crate::tool_call::ToolCall)>, Vec<UnreadCall>) {
    let at = |line: usize| lines.start_of(line);
    let (mut out, mut unread) = (Vec::new(), Vec::new());
    for block in blocks.iter().filter(|b| !b.quoted) {
        let meant_to_run = may_hold_commands(&block.language);
        if !meant_to_run && !block.text.contains("default_api.") {
            continue;
        }
        // The block as calls (their arguments may span lines), else each
        // line that is one.
        let whole = match crate::pycall::read(&block.text) {
            Ok(calls) => {
                out.extend(calls.into_iter().map(|c| (at(block.line), c)));
                continue;
            }
            Err(whole) => whole,
        };
        for (i, line) in block.text.lines().enumerate() {
            let calls = crate::pycall::calls(line).unwrap_or_default();
            out.extend(calls.into_iter().map(|c| (at(block.line + 1 + i), c)));
        }
        if let Some(u) = whole.filter(|u| meant_to_run || u.written.starts_with("default_api.")) {
            // At the end of the block, on its last line.
            let rest = &block.text[u.at..];
            let stop = if rest.trim().is_empty() { block.text.trim_end().len() } else { u.at };
            let line = block.line + 1 + block.text[..stop].matches('\n').count();
            unread.push(UnreadCall {
                written: "as a Python call",
                unreadable: "its arguments cannot be read as Python literals",
                why: std::format!("{} on line {line}, {}", u.why, place(rest, "at the end of the block")),
                name: u.written,
            });
        }
    }
    // Cheap test first, on raw lines (a prose line fails at its first
    // word; a line that starts a call may go on over the next): the lines
    // are then confirmed to be prose with pulldown-cmark. A paragraph is
    // read whole first, for a call across lines (Llama's `[tasks_search(`,
    // its arguments, `)]`), then line by line.
    // Also after a special token (Llama's `<|python_tag|>`).
    let untagged = |l| untagged(untagged_start(l));
    if text.lines().any(|l| !matches!(crate::pycall::read(untagged(l)), Err(None))) {
        let loose = extract::loose_lines(text);
        let mut first = 0;
        while first < loose.len() {
            // A paragraph's lines are numbered one after another.
            let mut end = first + 1;
            while end < loose.len() && loose[end].0 == loose[end - 1].0 + 1 {
                end += 1;
            }
            let paragraph = &loose[first..end];
            first = end;
            if paragraph.len() > 1 {
                // As written: a string across lines keeps their indentation.
                let whole = &text[at(paragraph[0].0)..at(paragraph[paragraph.len() - 1].0 + 1)];
                if let Some(calls) = crate::pycall::calls(untagged(whole)) {
                    out.extend(calls.into_iter().map(|c| (at(paragraph[0].0), c)));
                    continue;
                }
            }
            for &(line, text) in paragraph {
                let calls = crate::pycall::calls(untagged(text)).unwrap_or_default();
                out.extend(calls.into_iter().map(|c| (at(line), c)));
            }
        }
    }
    (out, unread)
}

/// Where each line of a reply starts, to tell the line of a byte (and the
/// byte a line starts at) without counting from the start each time: a
/// reply of thousands of unreadable calls is reported in linear time.
pub(super) struct Lines {
    starts: Vec<usize>,
    len: usize,
}

impl Lines {
    pub(super) fn new(text: &str) -> Lines {
        let starts = core::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        Lines { starts, len: text.len() }
    }

    /// The 1-based line of byte `at`.
    pub(super) fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at)
    }

    /// The byte 1-based `line` starts at (the text's end past its last).
    fn start_of(&self, line: usize) -> usize {
        self.starts.get(line.saturating_sub(1)).copied().unwrap_or(self.len)
    }
}

/// A tool call found in text: read, or naming a tool but unreadable.
type Found = Result<crate::tool_call::ToolCall, UnreadCall>;

/// A tool call written as text that cannot be read: a Python call in a
/// block (`default_api.email_send(to=recipients)`, found by
/// [`python_calls`]) or JSON that is not valid (`{"name": "email_send",
/// "arguments": {"to": ["a@b.co"],}}`, found by [`json_call_name`]). The
/// model meant it to run, and hears why it did not.
pub(super) struct UnreadCall {
    /// The tool it calls, as written (`default_api.email_send`).
    pub(super) name: String,
    /// How it is written, as the message says it (`as a Python call`).
    pub(super) written: &'static str,
    /// What cannot be read (`its arguments cannot be read as Python
    /// literals`).
    pub(super) unreadable: &'static str,
    /// Why, where: `a variable or an expression on line 3, at
    /// `recipients)``.
    pub(super) why: String,
}

impl UnreadCall {
    /// The report, for a call of a skill (or of a name close to one's):
    /// shown, not run, why, and the skill's usage; `None` for a call of
    /// something else.
    pub(super) fn report(
        &self,
        catalog: &dyn crate::catalog::Catalog,
        visible: &dyn Fn(&crate::catalog::SkillView<'_>) -> bool,
        guesses: &mut usize,
    ) -> Option<Outcome> {
        let name = crate::pycall::tool_name(&self.name);
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
pub(super) fn unknown_call(
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
pub(super) fn guess<'c>(
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
pub(super) fn place(rest: &str, end: &str) -> String {
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
pub(super) fn json_call_name(text: &str) -> (Option<&str>, Option<usize>) {
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

/// What a report says of a call whose arguments are JSON gone wrong.
pub(super) const ARGUMENTS_NOT_JSON: &str = "its arguments are not valid JSON";

/// The [`UnreadCall`] of a tool call naming `name`, written as `written`,
/// whose JSON (the call, or its arguments: `unreadable` says which) starts
/// at byte `from` of `text` and is not valid.
pub(super) fn unread_json(
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

/// Whether the tag at `text[at..]` closes `local` (`</invoke>`,
/// `</prefix:invoke>`).
pub(super) fn closes(text: &str, at: usize, local: &str) -> bool {
    let Some(rest) = text[at..].strip_prefix("</") else { return false };
    let name = &rest[..rest.find('>').unwrap_or(rest.len())];
    name.trim_end().rsplit(':').next() == Some(local)
}

/// `line` without leading blanks and the tags or markers before its text:
/// `<tool_call>{"name": ...`, Mistral's `[TOOL_CALLS] [{...}]`, a special
/// token such as Llama's `<|python_tag|>`.
pub(super) fn untagged_start(line: &str) -> &str {
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
