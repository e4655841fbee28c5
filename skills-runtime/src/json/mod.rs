//! JSON forms of parsed commands: tool schemas, tool calls and their
//! arguments, and running a call through the router.

// Schemas from flags; a call as read from JSON; running it (below).
mod call;

pub(crate) use call::{Owned, read_arguments};
pub use call::{ToolCall, json_kind};
pub use skills_catalog::schema::{ToolFormat, anthropic_tool, args_to_json, openai_tool, parameters};

use crate::outcome::Outcome;
use crate::router::{Access, Prepared, Router, View};
use serde_json::Value;
use skills_core::args::{Args, Given, from_named_into};
use skills_core::spec::StrList;

impl<C: 'static> Router<C> {
    /// Runs a tool call (see [`ToolCall::from_json`] for the shapes read).
    ///
    /// The arguments are validated into the same typed values as a command
    /// line, with the same errors: an unknown argument name is rejected with
    /// the closest real one, a missing required argument is named, and
    /// values sent as strings (`"20"`, `"false"`) are read as the flag's type.
    ///
    /// ```
    /// # skills_runtime::__doc_table!(TABLE);
    /// use skills_runtime::{Router, json::ToolCall};
    /// let router = Router::new(&TABLE);
    /// let call = ToolCall { name: "demo_greet".into(), arguments: serde_json::json!({"name": "Ada"}) };
    /// assert_eq!(router.call_tool(&mut (), &call).text, "hello, Ada");
    /// let typo = ToolCall { name: "demo_greet".into(), arguments: serde_json::json!({"nme": "Ada"}) };
    /// assert_eq!(router.call_tool(&mut (), &typo).text,
    ///            "unknown argument `nme`; did you mean `name`?\nmissing required argument: `name`");
    /// ```
    pub fn call_tool(&self, ctx: &mut C, call: &ToolCall) -> Outcome {
        self.call_tool_with(ctx, call, Access::All)
    }

    /// [`Router::call_tool`] if `access` allows it.
    pub fn call_tool_with(&self, ctx: &mut C, call: &ToolCall, access: Access) -> Outcome {
        let command = call_text(call);
        let live = self.live();
        let view = self.view(&live);
        let (index, owned) = match read_call(view, call, &command) {
            Ok(read) => read,
            // No tool has the name: `get_skill` is the help command.
            Err(outcome) => match help_call(view.catalog, call) {
                Some(line) => return self.execute_with(ctx, &line, access),
                None => return *outcome,
            },
        };
        let values = owned_values(&owned);
        let named = given(&owned, &values);
        let mut text = String::new();
        let mut args = Args::new();
        let result = match self.prepare_named(view, index, &named, access, &mut args, &mut text) {
            Prepared::Done(r) => r,
            Prepared::Call { index, compiled, skill, handler } => {
                self.call_sync(ctx, index, compiled, &skill, &args, handler, &mut text)
            }
        };
        self.outcome(view, &command, result, text)
    }

    /// [`Router::call_tool_with`], awaiting async handlers.
    #[cfg(feature = "async")]
    pub async fn call_tool_async(&self, ctx: &mut C, call: &ToolCall, access: Access) -> Outcome {
        let command = call_text(call);
        let live = self.live();
        let view = self.view(&live);
        let (index, owned) = match read_call(view, call, &command) {
            Ok(read) => read,
            // No tool has the name: `get_skill` is the help command.
            Err(outcome) => match help_call(view.catalog, call) {
                Some(line) => return self.execute_with(ctx, &line, access),
                None => return *outcome,
            },
        };
        let values = owned_values(&owned);
        let named = given(&owned, &values);
        let mut text = String::new();
        let mut args = Args::new();
        let result = match self.prepare_named(view, index, &named, access, &mut args, &mut text) {
            Prepared::Done(r) => r,
            Prepared::Call { index, compiled, skill, handler } => {
                self.call_async(ctx, index, compiled, &skill, &args, handler, &mut text).await
            }
        };
        self.outcome(view, &command, result, text)
    }

    fn prepare_named<'a>(
        &'a self,
        view: View<'a>,
        index: usize,
        named: &[(&'a str, Given<'a>)],
        access: Access,
        args: &mut Args<'a>,
        out: &mut dyn core::fmt::Write,
    ) -> Prepared<'a, C> {
        let Some(skill) = view.catalog.skill_at(index) else {
            return Prepared::Done(Err((crate::Failure::UnknownSkill { name: "", suggestions: ([""; 3], 0) }, None)));
        };
        // Both sides of the result live on the stack by design (see `args::parse`).
        #[allow(clippy::result_large_err)]
        match skill.flags.with_specs(|specs| from_named_into(specs, named, args)) {
            Ok(()) => self.invoke(view, index, skill, args, access, out),
            Err(errors) => Prepared::Done(Err((crate::Failure::Args { skill, errors }, Some(index)))),
        }
    }

    /// Every available skill as a tool, in `format`, as one JSON array,
    /// built from the catalog: the compiled one, or in dev mode the live
    /// markdown.
    pub fn tool_schemas(&self, format: ToolFormat) -> Value {
        let live = self.live();
        let view = self.view(&live);
        let visible = view.visible();
        let tools = crate::catalog::skills(view.catalog)
            .filter(|s| visible(s))
            .map(|s| match format {
                ToolFormat::OpenAi => openai_tool(&s),
                ToolFormat::Anthropic => anthropic_tool(&s),
            })
            .collect();
        Value::Array(tools)
    }
}

/// The skill a call names and its arguments, read from JSON; the error
/// result when either is wrong.
/// A call's skill and its arguments, owned.
type ReadCall = (usize, Vec<(String, Owned)>);

fn read_call(view: View<'_>, call: &ToolCall, command: &str) -> Result<ReadCall, Box<Outcome>> {
    let Some(index) = find_tool(view.catalog, &call.name) else {
        return Err(Box::new(unknown_tool(view, &call.name).for_command(command)));
    };
    match read_arguments(&call.arguments) {
        Ok(owned) => Ok((index, owned)),
        Err(message) => Err(Box::new(bad_arguments(view, command, index, message))),
    }
}

/// The skill a tool name (`email_send`), skill name or alias calls.
fn find_tool(catalog: &dyn crate::catalog::Catalog, name: &str) -> Option<usize> {
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

/// The keys whose object is the call, in the shapes [`ToolCall::from_json`]
/// reads (`{"type": "function", "function": {...}}`).
const FUNCTION_KEYS: [&str; 3] = ["function", "function_call", "functionCall"];

/// The keys that name the tool called, in the order they are looked for.
pub(crate) const NAME_KEYS: [&str; 4] = ["skill", "name", "tool", "tool_name"];

/// The tool a JSON tool call names, in any shape [`ToolCall::from_json`]
/// reads, even when the rest of it cannot be read.
pub(crate) fn called_name(value: &Value) -> Option<&str> {
    let obj = value.as_object()?;
    match FUNCTION_KEYS.iter().find_map(|k| obj.get(*k)) {
        Some(function) => called_name(function),
        None => NAME_KEYS.iter().find_map(|k| obj.get(*k))?.as_str(),
    }
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
fn closest_tools<'c, const N: usize>(
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
fn help_call(catalog: &dyn crate::catalog::Catalog, call: &ToolCall) -> Option<String> {
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
fn names_get_skill(name: &str) -> bool {
    let name = name.rsplit('.').next().unwrap_or(name);
    name.eq_ignore_ascii_case(skills_core::names::GET_SKILL) || crate::route::spells_get_skill(name)
}

/// The error for a tool name no skill has, naming the closest tools.
fn unknown_tool(view: View<'_>, name: &str) -> Outcome {
    // `get_skill` with arguments [`help_call`] could not read (an array,
    // several keys, a text of more than words): the help command, called
    // wrong.
    if names_get_skill(name) {
        return Outcome::error(
            "",
            None,
            "unexpected_value",
            "get_skill takes one name (a domain or a skill) as its one argument, or no arguments for the list of domains".to_string(),
            "call it once per name: {\"name\": \"email\"}, then {\"name\": \"email.send\"}",
        );
    }
    let visible = view.visible();
    let (close, n) = closest_tools::<3>(view.catalog, name, &visible);
    let mut suggested: Vec<String> = close[..n].iter().map(|s| skills_core::names::tool_name(s)).collect();
    // No skill's name is longer; each split of a longer one would copy it.
    if suggested.is_empty() && name.len() <= skills_core::names::MAX_NAME_LEN {
        // Not close in spelling: the same action in other words
        // (`tasks_find`), or without its domain (`send`). A domain may hold
        // `_`, so each split of the name is tried.
        let splits = name.match_indices('_').map(|(i, _)| format!("{}.{}", &name[..i], &name[i + 1..]));
        let by_action = splits
            .chain([name.to_string()])
            .map(|n| crate::help::by_action(view.catalog, &n, &visible))
            .find(|found| found.1 > 0);
        if let Some((names, k)) = by_action {
            suggested = names[..k].iter().map(|s| skills_core::names::tool_name(s)).collect();
        }
    }
    let mut message = format!("unknown tool `{}`", skills_core::args::Excerpt(name));
    let names: Vec<&str> = suggested.iter().map(String::as_str).collect();
    let _ = crate::help::write_suggestions(&mut message, &names);
    Outcome::error(
        "",
        None,
        "unknown_skill",
        message,
        "call one of the tools listed; a tool name is the skill name with `_` for `.` (email.send is email_send)",
    )
}

fn bad_arguments(view: View<'_>, command: &str, index: usize, message: String) -> Outcome {
    let skill = view.catalog.skill_at(index).map(|s| s.name);
    Outcome::error(
        command,
        skill,
        "invalid_arguments",
        message,
        "send the arguments as a JSON object, such as {\"limit\": 5}",
    )
}

fn owned_values(owned: &[(String, Owned)]) -> Vec<Vec<&str>> {
    owned
        .iter()
        .map(|(_, o)| match o {
            Owned::Values(v) => v.iter().map(String::as_str).collect(),
            Owned::Scalar(v) => vec![v.as_str()],
            Owned::Null | Owned::Unsupported(_) => Vec::new(),
        })
        .collect()
}

fn given<'a>(owned: &'a [(String, Owned)], values: &'a [Vec<&'a str>]) -> Vec<(&'a str, Given<'a>)> {
    owned
        .iter()
        .zip(values)
        .map(|((k, o), v)| {
            let g = match o {
                Owned::Values(_) => Given::Values(StrList::Slice(v)),
                // One value, told apart from an array of one: a string
                // given for a list (`"to": "a@b.co, c@d.co"`) is checked
                // for the commas that joined its values.
                Owned::Scalar(s) => Given::Values(StrList::One(s)),
                Owned::Null => Given::Null,
                Owned::Unsupported(got) => Given::Unsupported { got },
            };
            (k.as_str(), g)
        })
        .collect()
}

/// How a tool call reads in a result's `command`: `email_send {"to": ...}`.
fn call_text(call: &ToolCall) -> String {
    match &call.arguments {
        Value::Null => call.name.clone(),
        args => format!("{} {args}", call.name),
    }
}
