//! JSON forms of parsed commands: tool schemas, tool calls and their
//! arguments, and running a call through the router.

use crate::tool_call::{Owned, closest_tools, find_tool, help_call, names_get_skill, read_arguments};
pub use crate::tool_call::{ToolCall, json_kind};
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
