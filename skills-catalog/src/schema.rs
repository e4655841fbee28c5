//! Tool schemas (OpenAI strict, Anthropic) from a skill's flags, and
//! parsed arguments as JSON.

use crate::catalog::Flags;
use serde_json::{Map, Value};
use skills_core::args::{Args, parse_integer};
use skills_core::spec::{FlagSpec, ValueType};

pub(super) fn typed(spec: &FlagSpec<'_>, v: &str) -> Value {
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

pub(super) fn value_schema(spec: &FlagSpec<'_>) -> Value {
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
pub(super) fn nullable(mut schema: Value) -> Value {
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
pub(super) fn tool_description(skill: &SkillView<'_>) -> String {
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
