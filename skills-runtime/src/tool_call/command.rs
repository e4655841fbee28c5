//! The skill a tool name calls, the closest ones to a name that calls
//! none, and the command line a call stands for.

use super::ToolCall;
use serde_json::Value;

/// The skill a tool name (`email_send`), skill name or alias calls.
pub(crate) fn find_tool(catalog: &dyn crate::catalog::Catalog, name: &str) -> Option<usize> {
    if let Some(i) = crate::catalog::lookup_any_case(catalog, name) {
        return Some(i);
    }
    // `a_b_c` is `a.b_c` or `a_b.c`: the checker keeps at most one of them
    // in a tree, so trying each underscore finds it. Names are lowercase.
    // No skill's name is longer (and each split would copy the name).
    if name.len() > skills_core::names::MAX_NAME_LEN {
        return None;
    }
    let name: std::borrow::Cow<'_, str> =
        if name.bytes().any(|b| b.is_ascii_uppercase()) { name.to_ascii_lowercase().into() } else { name.into() };
    for (at, _) in name.match_indices('_') {
        let candidate = format!("{}.{}", &name[..at], &name[at + 1..]);
        if let Some(i) = catalog.lookup(&candidate)
            && catalog.skill_at(i).is_some_and(|s| s.name == candidate)
        {
            return Some(i);
        }
    }
    None
}

/// The skill closest in spelling to a tool name that calls none
/// (`email_sned`, `email.sned`: `email.send`), among those `visible`, for a
/// call written as text; `None` when none is close.
pub(crate) fn closest_skill<'c>(
    catalog: &'c dyn crate::catalog::Catalog,
    name: &str,
    visible: &dyn Fn(&crate::catalog::SkillView<'_>) -> bool,
) -> Option<&'c str> {
    if name.len() > skills_core::names::MAX_NAME_LEN {
        return None;
    }
    let (close, n) = closest_tools::<1>(catalog, name, visible);
    close[..n].first().copied()
}

/// The skills whose tool names are closest to `name` (a tool name, or a
/// skill name written with `.`), among those `visible`: every skill's name
/// is compared as its tool name without copying it, and only a close one is
/// asked about.
pub(crate) fn closest_tools<'c, const N: usize>(
    catalog: &'c dyn crate::catalog::Catalog,
    name: &str,
    visible: &dyn Fn(&crate::catalog::SkillView<'_>) -> bool,
) -> ([&'c str; N], usize) {
    let skills = crate::catalog::skill_names(catalog);
    skills_core::suggest::closest_tools_by::<_, _, N>(name, skills, |&(_, i)| {
        crate::catalog::visible_at(catalog, i, visible)
    })
}

/// The name and usage of the skill a tool name (`email_send`) calls, for a
/// call whose arguments could not be read.
pub(crate) fn tool_usage<'c>(catalog: &'c dyn crate::catalog::Catalog, name: &str) -> Option<(&'c str, &'c str)> {
    let skill = catalog.skill_at(find_tool(catalog, name)?)?;
    Some((skill.name, skill.usage))
}

/// The command line a tool call stands for (`tasks.search --limit 1`), for
/// a model that wrote a call as text instead of making it; `None` when the
/// call names no skill or its arguments are not an object.
///
/// Values are written so that they tokenize back to themselves: bare when
/// plain, else in single quotes (in double quotes when they hold one), so
/// that `$(` stays text. `true` is the switch alone, `false`, `null` and
/// `[]` are left out, and an array gives its items after the flag.
pub(crate) fn command_for(catalog: &dyn crate::catalog::Catalog, call: &ToolCall) -> Option<String> {
    let Some(index) = find_tool(catalog, &call.name) else { return help_call(catalog, call) };
    let skill = catalog.skill_at(index)?;
    let mut line = skill.name.to_string();
    let arguments = match &call.arguments {
        Value::Null => return Some(line),
        Value::Object(map) => map,
        _ => return None,
    };
    for (key, value) in arguments {
        // The flag's own spelling (`due_before` and `--due_before` are
        // `--due-before`).
        let key = key.strip_prefix("--").unwrap_or(key);
        let flag = skill.flags.names().find(|n| skills_core::args::same_flag_name(n, key)).unwrap_or(key);
        let items: Vec<&Value> = match value {
            Value::Bool(false) | Value::Null => continue,
            Value::Array(items) if items.is_empty() => continue,
            Value::Array(items) => items.iter().collect(),
            one => vec![one],
        };
        line.push_str(" --");
        line.push_str(flag);
        // A value that starts with a dash is written `--flag=-5`: alone, it
        // would read as a flag.
        if let [one] = items[..]
            && let Some(text) = match one {
                Value::String(t) => Some(t.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            }
            && text.starts_with('-')
        {
            line.push('=');
            match text.strip_prefix('-') {
                // `--limit=-1`, bare when the rest is plain.
                Some(rest) if is_plain(rest) => line.push_str(&text),
                _ => push_quoted(&mut line, &text),
            }
            continue;
        }
        for item in items {
            match item {
                Value::Bool(true) if matches!(value, Value::Bool(true)) => {}
                Value::String(text) => {
                    line.push(' ');
                    push_quoted(&mut line, text);
                }
                other => {
                    line.push(' ');
                    push_quoted(&mut line, &other.to_string());
                }
            }
        }
    }
    Some(line)
}

/// Appends `word`, quoted so that the tokenizer gives `word` back: bare
/// when plain, in double quotes as the skill pages write values, in single
/// quotes when it holds what double quotes would not keep as text (`"`,
/// `\\`, `$(`), and a `'` inside single quotes as `'\''`.
fn push_quoted(line: &mut String, word: &str) {
    let _ = skills_core::tokenize::write_word(line, word);
}

/// A word the tokenizer reads as itself without quotes.
fn is_plain(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b"@%+=:,./_-".contains(&b))
}

/// A call of `get_skill` (as the two-tool design and models used to it
/// write one; also `get-skill`, `getSkill`) as the help command it stands
/// for: no arguments for the domain list, one text argument under any key
/// (`{"name": "email"}`, `{"skill": "email.send"}`) for that page (words
/// with spaces get the command line's answer). A tool of that name (the
/// skill `get.skill`) is called instead.
pub(crate) fn help_call(catalog: &dyn crate::catalog::Catalog, call: &ToolCall) -> Option<String> {
    if find_tool(catalog, &call.name).is_some() {
        return None;
    }
    if !names_get_skill(&call.name) {
        return None;
    }
    let text = match &call.arguments {
        Value::Null => None,
        Value::String(s) => Some(s.as_str()),
        Value::Object(map) if map.is_empty() => None,
        Value::Object(map) if map.len() == 1 => Some(map.values().next()?.as_str()?),
        _ => return None,
    };
    Some(match text.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) if !t.contains(char::is_whitespace) => format!("{}: {t}", skills_core::names::GET_SKILL),
        // `{"name": "email send"}`: words only, so the command line's
        // answer applies (`write the skill's name with its dot`).
        Some(t) if t.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b' ' | b'.' | b'_' | b'-')) => {
            format!("{}: {t}", skills_core::names::GET_SKILL)
        }
        Some(_) => return None,
        None => skills_core::names::GET_SKILL.to_string(),
    })
}

/// Whether a tool name is `get_skill`, spelt any way a model writes it
/// (`get-skill`, `getSkill`, `functions.get_skill`).
pub(crate) fn names_get_skill(name: &str) -> bool {
    let name = name.rsplit('.').next().unwrap_or(name);
    name.eq_ignore_ascii_case(skills_core::names::GET_SKILL) || crate::route::spells_get_skill(name)
}
