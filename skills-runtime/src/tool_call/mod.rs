//! A tool call as a model's API sends it, read from JSON (its name and
//! arguments however the API spelled them, repeated keys refused, values
//! read as owned text), and the command line it stands for. Below both
//! the router, whose error hints name that command, and the JSON entry
//! point (`Router::call_tool`), which runs a call.

// The command a call stands for, and the skill a tool name calls.
mod command;

pub(crate) use command::*;
use serde_json::{Map, Value};

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
    /// - the generic form, `{"skill": "email.send", "arguments": {...}}`;
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

pub(super) enum JsonError {
    Syntax(serde_json::Error),
    Repeated(String),
}

/// `text` as JSON, refusing an object that gives a key twice.
pub(super) fn without_repeated_keys(text: &str) -> Result<Value, JsonError> {
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
pub(super) fn scalar_text(v: &Value) -> Option<String> {
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
