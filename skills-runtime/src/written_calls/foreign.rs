//! Tool calls written in other models' formats, read to tell the model the
//! command it meant (none of them runs): the tags of Llama, Anthropic,
//! Qwen and GLM calls, the plain-text markers of harmony, ReAct, Mistral,
//! DeepSeek and Kimi, and Python calls (Gemini's `tool_code`, Llama's
//! pythonic calls).

use super::*;
use skills_core::extract;

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
pub(crate) fn tagged_calls(text: &str, lines: &Lines) -> Vec<(usize, Found)> {
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
pub(crate) fn parameter_value(text: &str) -> serde_json::Value {
    let raw = text.trim();
    serde_json::from_str(raw).unwrap_or_else(|_| serde_json::Value::String(raw.to_string()))
}

/// The arguments of GLM's `<tool_call>name` written as `<arg_key>key</arg_key>
/// <arg_value>value</arg_value>` pairs, each value read as JSON when it is
/// JSON, else as the string it is; `None` when `body` holds anything else
/// than such pairs and blanks.
pub(crate) fn arg_pairs(body: &str) -> Option<serde_json::Value> {
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
pub(crate) fn parameter_tags(body: &str) -> Option<serde_json::Value> {
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
pub(crate) fn named_calls(text: &str, line_index: &Lines) -> Vec<(usize, Found)> {
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
pub(crate) fn json_arguments_call(
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

/// Tool calls written as Python calls ([`super::python::calls`]), with
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
pub(crate) fn python_calls(
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
        let whole = match super::python::read(&block.text) {
            Ok(calls) => {
                out.extend(calls.into_iter().map(|c| (at(block.line), c)));
                continue;
            }
            Err(whole) => whole,
        };
        for (i, line) in block.text.lines().enumerate() {
            let calls = super::python::calls(line).unwrap_or_default();
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
    if text.lines().any(|l| !matches!(super::python::read(untagged(l)), Err(None))) {
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
                if let Some(calls) = super::python::calls(untagged(whole)) {
                    out.extend(calls.into_iter().map(|c| (at(paragraph[0].0), c)));
                    continue;
                }
            }
            for &(line, text) in paragraph {
                let calls = super::python::calls(untagged(text)).unwrap_or_default();
                out.extend(calls.into_iter().map(|c| (at(line), c)));
            }
        }
    }
    (out, unread)
}

/// What a report says of a call whose arguments are JSON gone wrong.
pub(crate) const ARGUMENTS_NOT_JSON: &str = "its arguments are not valid JSON";

/// Whether the tag at `text[at..]` closes `local` (`</invoke>`,
/// `</prefix:invoke>`).
pub(crate) fn closes(text: &str, at: usize, local: &str) -> bool {
    let Some(rest) = text[at..].strip_prefix("</") else { return false };
    let name = &rest[..rest.find('>').unwrap_or(rest.len())];
    name.trim_end().rsplit(':').next() == Some(local)
}

#[cfg(test)]
mod tests {
    use super::super::Lines;
    use super::tagged_calls;
    use serde_json::json;

    fn calls(text: &str) -> Vec<(String, serde_json::Value)> {
        tagged_calls(text, &Lines::new(text))
            .into_iter()
            .filter_map(|(_, c)| c.ok().map(|c| (c.name, c.arguments)))
            .collect()
    }

    #[test]
    fn tags_of_other_tool_call_formats_read_as_calls() {
        // Namespaced tags, markup inside a value, a call without parameters.
        let text = "<x:invoke name='a_b'>\n  <x:parameter name=\"body\">\n It's <b>bold</b>\n</x:parameter>\n  <x:parameter name=\"n\">3</x:parameter>\n</x:invoke>\n<invoke name=\"c\"></invoke>";
        assert_eq!(
            calls(text),
            [("a_b".into(), json!({"body": "It's <b>bold</b>", "n": 3})), ("c".into(), serde_json::Value::Null)]
        );
        assert_eq!(
            calls("<function=d.e>{\"x\": [1, \"</p>\"]}</function>"),
            [("d.e".into(), json!({"x": [1, "</p>"]}))]
        );
        // Not calls: other tags, arguments that are no object, a function
        // tag never closed, an invoke without a name.
        for text in
            ["<b>bold</b> <tool>x</tool>", "<function=a>[1]</function>", "<function=a>{\"x\": 1}", "<invoke>x</invoke>"]
        {
            assert_eq!(calls(text), [], "{text}");
        }
    }

    /// Harmony and ReAct calls in long texts that hold many of their marks
    /// and few calls are read in one pass. The counts are what this
    /// asserts; the pass shows in its time (with a search of the rest of
    /// the text for `{` at each mark, ten times the marks would take a
    /// hundred times as long). The same holds of
    /// calls that cannot be read, whose line each report names ([`Lines`]).
    #[test]
    fn long_runs_of_other_formats_are_read() {
        use super::super::Lines;
        use super::named_calls;
        // (what is repeated, calls read, calls that cannot be read)
        for (unit, n, unread) in [
            ("to=functions.a ", 0, 0),
            ("to=functions.a json {\"x\": 1} ", 50_000, 0),
            ("to=functions.a json {\"x\": 1,} ", 0, 50_000),
            ("Action: a\n", 0, 0),
            ("Action: a\nAction Input: {}\n", 50_000, 0),
            ("Action: a\nAction Input: {\n", 0, 50_000),
        ] {
            let text = unit.repeat(50_000);
            let found = named_calls(&text, &Lines::new(&text));
            let read = found.iter().filter(|(_, c)| c.is_ok()).count();
            assert_eq!((read, found.len() - read), (n, unread), "{unit}");
        }
    }

    /// Any text of the pieces these formats are made of reads or is
    /// refused without a panic.
    #[test]
    fn any_text_of_call_pieces_is_safe() {
        use super::super::Lines;
        use super::{named_calls, parameter_tags};
        const PIECES: [&str; 18] = [
            "to=functions.",
            "a",
            "<|message|>",
            "json",
            "{",
            "}",
            "\"",
            ":",
            "Action:",
            "Action Input:",
            "\n",
            "<parameter=",
            ">",
            "</parameter>",
            "<function=",
            "</function>",
            " ",
            "é",
        ];
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut below = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % n as u64).unwrap_or(0)
        };
        for _ in 0..50_000 {
            let text: String = (0..below(30)).map(|_| PIECES[below(PIECES.len())]).collect();
            let lines = Lines::new(&text);
            let _ = (named_calls(&text, &lines), parameter_tags(&text), tagged_calls(&text, &lines));
        }
    }

    /// A long reply of tags that never close is read, each `<invoke>`
    /// ending where the next begins. The counts are what this asserts; the
    /// single pass shows in its time (a search of the rest of the text at
    /// every `<function=` tag grew with the square of their number). The
    /// same holds of GLM's `<tool_call>` opened many times and closed once:
    /// each body ends where the next call opens.
    #[test]
    fn long_runs_of_unclosed_tags_are_read() {
        for unit in
            ["<function=a>{\"x\": \"", "<invoke name=\"a\"><parameter name=\"x\">", "<<<", "<tool_call>x<arg_key>"]
        {
            let text = unit.repeat(50_000) + "</function></tool_call>";
            // Each `<invoke>` ends where the next begins: 50,000 calls.
            assert_eq!(calls(&text).len(), if unit.starts_with("<invoke") { 50_000 } else { 0 }, "{unit}");
        }
    }
}
