//! JSON forms of parsed commands.

use crate::catalog::Flags;
use serde_json::{Map, Value};
use skills_core::args::{Args, parse_integer};
use skills_core::spec::{FlagSpec, ValueType};

fn typed(spec: &FlagSpec<'_>, v: &str) -> Value {
    match spec.value_type {
        ValueType::Integer => parse_integer(v).map_or_else(|| Value::String(v.to_string()), Value::from),
        ValueType::Boolean => Value::Bool(!v.eq_ignore_ascii_case("false")),
        // The spelling written in the markdown, whatever case the command used.
        ValueType::Enum => Value::String(spec.values.find(v).unwrap_or(v).to_string()),
        ValueType::String | ValueType::Date => Value::String(v.to_string()),
    }
}

/// The flags of a parsed command as a JSON object keyed by flag name:
/// integers as numbers, booleans as `true`/`false` (absent is `false`),
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
