//! JSON forms of parsed commands.

use crate::catalog::Flags;
use serde_json::{Map, Value};
use skills_core::args::{Args, parse_integer};
use skills_core::spec::{FlagSpec, ValueType};

fn typed(spec: &FlagSpec<'_>, v: &str) -> Value {
    match spec.value_type {
        ValueType::Integer => parse_integer(v).map_or_else(|| Value::String(v.to_string()), Value::from),
        // `2` stays `2`, `0.5` is `0.5`.
        ValueType::Number => match parse_integer(v) {
            Some(n) => Value::from(n),
            None => v
                .parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
                .map_or_else(|| Value::String(v.to_string()), Value::Number),
        },
        ValueType::Boolean => Value::Bool(!v.eq_ignore_ascii_case("false")),
        // The spelling written in the markdown, whatever case the command used.
        ValueType::Enum => Value::String(spec.values.find(v).unwrap_or(v).to_string()),
        ValueType::String | ValueType::Date => Value::String(v.to_string()),
    }
}

/// The flags of a parsed command as a JSON object keyed by flag name:
/// integers and numbers as JSON numbers, booleans as `true`/`false` (absent is `false`),
/// dates as `"YYYY-MM-DD"`, lists as arrays, enum values as written in the
/// markdown, absent optional flags as `null`; defaults applied.
pub fn args_to_json(flags: &Flags<'_>, args: &Args<'_>) -> Value {
    let mut obj = Map::new();
    for i in 0..flags.len() {
        let Some(spec) = flags.spec(i) else { continue };
        let slot = args.slot(i);
        let value = if spec.value_type == ValueType::Boolean {
            Value::Bool(slot.is_present() && slot.values.first().is_none_or(|v| !v.eq_ignore_ascii_case("false")))
        } else if !slot.is_present() {
            Value::Null
        } else if spec.list {
            Value::Array(slot.values.iter().map(|v| typed(&spec, v)).collect())
        } else {
            slot.values.first().map_or(Value::Null, |v| typed(&spec, v))
        };
        obj.insert(spec.name.to_string(), value);
    }
    Value::Object(obj)
}

use crate::catalog::SkillView;
use serde_json::json;

fn value_schema(spec: &FlagSpec<'_>) -> Value {
    match spec.value_type {
        ValueType::String => json!({ "type": "string" }),
        ValueType::Integer => json!({ "type": "integer" }),
        ValueType::Number => json!({ "type": "number" }),
        ValueType::Boolean => json!({ "type": "boolean" }),
        ValueType::Date => json!({ "type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }),
        ValueType::Enum => json!({ "type": "string", "enum": spec.values.iter().collect::<Vec<_>>() }),
    }
}

/// Makes a schema accept `null` too (strict mode's way to say optional).
fn nullable(mut schema: Value) -> Value {
    if let Some(t) = schema.get("type").and_then(Value::as_str).map(str::to_string) {
        schema["type"] = json!([t, "null"]);
    }
    if let Some(values) = schema.get_mut("enum").and_then(Value::as_array_mut) {
        values.push(Value::Null);
    }
    schema
}

/// The JSON Schema of a skill's arguments, keyed by flag name.
///
/// `strict` follows OpenAI's strict function calling: every property is
/// listed in `required`, optional ones accept `null`, no other properties
/// are allowed, and `default` (unsupported there) is left to the
/// descriptions, which state it. Without `strict`, only required flags are
/// required and defaults are given.
pub fn parameters(skill: &SkillView<'_>, strict: bool) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for i in 0..skill.flags.len() {
        let Some(spec) = skill.flags.spec(i) else { continue };
        let mut schema = value_schema(&spec);
        if spec.list {
            schema = json!({ "type": "array", "items": schema, "minItems": 1 });
        }
        let description = skill.flags.description(i);
        if !description.is_empty() {
            schema["description"] = Value::String(description.to_string());
        }
        if !strict && let Some(d) = spec.default {
            let typed: Vec<Value> = d.iter().map(|v| typed(&spec, v)).collect();
            schema["default"] =
                if spec.list { Value::Array(typed) } else { typed.into_iter().next().unwrap_or(Value::Null) };
        }
        if strict {
            if !spec.required {
                schema = nullable(schema);
            }
            required.push(Value::String(spec.name.to_string()));
        } else if spec.required {
            required.push(Value::String(spec.name.to_string()));
        }
        properties.insert(spec.name.to_string(), schema);
    }
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

/// The tool description: the skill's description and its usage line.
fn tool_description(skill: &SkillView<'_>) -> String {
    if skill.usage.is_empty() {
        skill.description.to_string()
    } else {
        format!("{} Usage: {}", skill.description.trim_end_matches('.').to_string() + ".", skill.usage)
    }
}

/// The skill as an OpenAI function tool (strict mode).
pub fn openai_tool(skill: &SkillView<'_>) -> Value {
    json!({
        "type": "function",
        "function": {
            "name": skills_core::names::tool_name(skill.name),
            "description": tool_description(skill),
            "strict": true,
            "parameters": parameters(skill, true),
        }
    })
}

/// The skill as an Anthropic tool.
pub fn anthropic_tool(skill: &SkillView<'_>) -> Value {
    json!({
        "name": skills_core::names::tool_name(skill.name),
        "description": tool_description(skill),
        "input_schema": parameters(skill, false),
    })
}

/// The exported tool formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolFormat {
    /// OpenAI function tools, strict mode.
    OpenAi,
    /// Anthropic tools.
    Anthropic,
}

impl ToolFormat {
    /// `openai` or `anthropic`.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolFormat::OpenAi => "openai",
            ToolFormat::Anthropic => "anthropic",
        }
    }
}

impl core::str::FromStr for ToolFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "openai" => Ok(ToolFormat::OpenAi),
            "anthropic" => Ok(ToolFormat::Anthropic),
            other => Err(format!("unknown tool format `{other}`; use `openai` or `anthropic`")),
        }
    }
}

/// A tool call: the skill and its arguments, however the model's API
/// spelled them.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolCall {
    /// A skill name (`email.send`), an alias, or a tool name (`email_send`).
    pub name: String,
    /// The arguments object (`Value::Null` when the call had none).
    pub arguments: Value,
}

impl ToolCall {
    /// Reads the call shapes models send:
    ///
    /// - the design's fallback, `{"skill": "email.send", "arguments": {...}}`;
    /// - `{"name": "email_send", "arguments": {...}}` (OpenAI's `function`
    ///   object, whose `arguments` is a JSON *string*, is accepted too);
    /// - `{"type": "function", "function": {...}}` (an OpenAI tool call),
    ///   and the older `{"function_call": {...}}`;
    /// - `{"type": "tool_use", "name": ..., "input": {...}}` (Anthropic);
    /// - `{"functionCall": {"name": ..., "args": {...}}}` (Gemini);
    /// - `{"tool": ..., "tool_input": {...}}` (agent frameworks), and
    ///   `tool_name` / `args` / `params` for the name and the arguments.
    ///
    /// ```
    /// use skills_runtime::json::ToolCall;
    /// let call = ToolCall::from_json(&serde_json::json!(
    ///     {"type": "function", "function": {"name": "email_send", "arguments": "{\"to\": [\"bob@co.com\"]}"}}
    /// )).unwrap();
    /// assert_eq!(call.name, "email_send");
    /// assert_eq!(call.arguments["to"][0], "bob@co.com");
    /// ```
    ///
    /// A `Value` has already lost repeated keys (the last one wins), so a
    /// call that arrives as text is better read with [`ToolCall::parse`].
    pub fn from_json(value: &Value) -> Result<ToolCall, String> {
        let obj = value.as_object().ok_or_else(|| format!("a tool call is a JSON object, not {}", json_kind(value)))?;
        if let Some(function) = FUNCTION_KEYS.iter().find_map(|k| obj.get(*k)) {
            return ToolCall::from_json(function);
        }
        let name = NAME_KEYS
            .iter()
            .find_map(|k| obj.get(*k))
            .ok_or("the tool call names no skill: send {\"skill\": \"email.send\", \"arguments\": {...}}")?;
        let name = name.as_str().ok_or_else(|| format!("the skill name is a string, not {}", json_kind(name)))?;
        let arguments = ["arguments", "input", "parameters", "args", "tool_input", "params"]
            .iter()
            .find_map(|k| obj.get(*k))
            .cloned()
            .unwrap_or(Value::Null);
        let arguments = match arguments {
            Value::String(text) if text.trim().is_empty() => Value::Null,
            Value::String(text) => match without_repeated_keys(&text) {
                Ok(v) => v,
                Err(JsonError::Repeated(message)) => return Err(format!("in the arguments, {message}")),
                Err(JsonError::Syntax(e)) => {
                    // Models sometimes send the command line itself.
                    let what = match text.trim_start() {
                        t if t.starts_with("--") => ": they are a command line",
                        // JSON gone wrong (a trailing comma, `True`).
                        t if t.starts_with(['{', '[']) => "",
                        _ => ": they are text",
                    };
                    return Err(format!(
                        "the arguments are not valid JSON ({e}){what}; send a JSON object of flag names to values, such as {{\"limit\": 5, \"tags\": [\"a\", \"b\"]}}"
                    ));
                }
            },
            other => other,
        };
        Ok(ToolCall { name: name.to_string(), arguments })
    }

    /// Reads a tool call from its JSON text, in any shape
    /// [`ToolCall::from_json`] reads. A key given twice in one object
    /// (`{"limit": 1, "limit": 5}`) is an error naming it, as a flag given
    /// twice on a command line is, instead of the last one silently winning.
    ///
    /// ```
    /// use skills_runtime::json::ToolCall;
    /// let call = ToolCall::parse(r#"{"name": "tasks_search", "arguments": {"limit": 5}}"#).unwrap();
    /// assert_eq!(call.arguments["limit"], 5);
    /// let twice = ToolCall::parse(r#"{"name": "tasks_search", "arguments": "{\"limit\": 1, \"limit\": 5}"}"#);
    /// assert_eq!(twice.unwrap_err(), "in the arguments, `limit` is given twice: give each argument once (several values go in one array)");
    /// ```
    pub fn parse(json: &str) -> Result<ToolCall, String> {
        match without_repeated_keys(json) {
            Ok(value) => ToolCall::from_json(&value),
            Err(JsonError::Repeated(message)) => Err(format!("in the tool call, {message}")),
            Err(JsonError::Syntax(e)) => Err(format!("the tool call is not valid JSON: {e}")),
        }
    }
}

enum JsonError {
    Syntax(serde_json::Error),
    Repeated(String),
}

/// `text` as JSON, refusing an object that gives a key twice.
fn without_repeated_keys(text: &str) -> Result<Value, JsonError> {
    use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

    struct Checked(Value);
    struct V;
    impl<'de> Deserialize<'de> for Checked {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Checked, D::Error> {
            d.deserialize_any(V).map(Checked)
        }
    }
    impl<'de> Visitor<'de> for V {
        type Value = Value;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a JSON value")
        }
        fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
            Ok(Value::Bool(v))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
            Ok(v.into())
        }
        fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
            Ok(v.into())
        }
        fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
            Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
        }
        fn visit_str<E>(self, v: &str) -> Result<Value, E> {
            Ok(Value::String(v.to_string()))
        }
        fn visit_string<E>(self, v: String) -> Result<Value, E> {
            Ok(Value::String(v))
        }
        fn visit_unit<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
            let mut items = Vec::new();
            while let Some(Checked(v)) = a.next_element()? {
                items.push(v);
            }
            Ok(Value::Array(items))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
            let mut map = Map::new();
            while let Some(key) = a.next_key::<String>()? {
                if map.contains_key(&key) {
                    return Err(de::Error::custom(format!(
                        "`{key}` is given twice: give each argument once (several values go in one array)"
                    )));
                }
                let Checked(v) = a.next_value()?;
                map.insert(key, v);
            }
            Ok(Value::Object(map))
        }
    }
    match serde_json::from_str::<Checked>(text) {
        Ok(Checked(v)) => Ok(v),
        // The visitor's only error is a repeated key, which serde_json
        // classifies as data (syntax errors keep serde_json's own words);
        // the message loses the position serde_json appends.
        Err(e) if e.classify() == serde_json::error::Category::Data => {
            let message = e.to_string();
            let message = message.rsplit_once(" at line ").map_or(message.as_str(), |(m, _)| m).to_string();
            Err(JsonError::Repeated(message))
        }
        Err(e) => Err(JsonError::Syntax(e)),
    }
}

/// A JSON value's type in words (`an object`).
pub fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A scalar's text as a flag value: strings as they are, numbers as written
/// (`20`, and `20.0` as `20`), booleans as `true`/`false`. Models often send
/// `"20"` or `"false"` as strings; the flag's type check then reads them
/// exactly as on a command line.
fn scalar_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(match n.as_f64() {
            Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < 9.0e15 => format!("{}", f as i64),
            _ => n.to_string(),
        }),
        Value::Null | Value::Array(_) | Value::Object(_) => None,
    }
}

/// Arguments read from JSON, owned, before they are lent to the parser.
pub(crate) enum Owned {
    /// From an array.
    Values(Vec<String>),
    /// From a string, number or boolean.
    Scalar(String),
    Null,
    Unsupported(&'static str),
}

/// Reads an arguments object into owned values per name.
pub(crate) fn read_arguments(arguments: &Value) -> Result<Vec<(String, Owned)>, String> {
    let map = match arguments {
        Value::Null => return Ok(Vec::new()),
        Value::Object(m) => m,
        other => {
            return Err(format!("the arguments are a JSON object of flag names to values, not {}", json_kind(other)));
        }
    };
    Ok(map
        .iter()
        .map(|(k, v)| {
            let owned = match v {
                Value::Null => Owned::Null,
                Value::Object(_) => Owned::Unsupported("an object"),
                Value::Array(items) => {
                    let texts: Option<Vec<String>> = items.iter().map(scalar_text).collect();
                    match texts {
                        Some(t) => Owned::Values(t),
                        None => Owned::Unsupported("an array holding arrays, objects or nulls"),
                    }
                }
                // A string, number or boolean: always text.
                scalar => Owned::Scalar(scalar_text(scalar).unwrap_or_default()),
            };
            (k.clone(), owned)
        })
        .collect())
}

use crate::outcome::Outcome;
use crate::router::{Access, Prepared, Router, View};
use skills_core::args::{Given, from_named_into};
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
            Err(_) if let Some(line) = help_call(view.catalog, call) => return self.execute_with(ctx, &line, access),
            Err(outcome) => return *outcome,
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
            Err(_) if let Some(line) = help_call(view.catalog, call) => return self.execute_with(ctx, &line, access),
            Err(outcome) => return *outcome,
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
