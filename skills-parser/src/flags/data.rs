//! Flags declared as data: `parameters:` in the frontmatter, or a ```yaml
//! or ```json block in `## Flags`, in the shapes tool definitions use: a
//! list of mappings with `name`, a JSON Schema object (`properties`,
//! `required`), a mapping of names to mappings, or a whole tool definition
//! (`inputSchema`, `input_schema`, `parameters`, OpenAI's `function`).
//! Each key is a statement of structured data about the flag.

use super::Origin;
use super::decl::{Decl, DefaultValue, Fact};
use super::describe;
use super::types;
use crate::diagnostic::{Code, Sink};
use crate::lex::is_flag_name;
use crate::yaml::{Node, Value};

/// The schema a tool definition holds (`{name, inputSchema: {...}}`,
/// OpenAI's `{type: function, function: {parameters: {...}}}`), or `node`.
fn schema(node: &Node) -> &Node {
    let Value::Map(entries) = &node.value else { return node };
    if let Some(f) = field(entries, "function").filter(|f| matches!(f.value, Value::Map(_))) {
        return schema(f);
    }
    let wrapped = ["inputSchema", "input_schema", "parameters"].iter().find_map(|k| field(entries, k));
    match wrapped {
        Some(inner) if field(entries, "properties").is_none() && matches!(inner.value, Value::Map(_)) => inner,
        _ => node,
    }
}

/// Whether `node` has a shape [`read`] takes as flags. (A data block in the
/// body declares flags only then; one of another shape is an example.)
pub(crate) fn declares_flags(node: &Node) -> bool {
    match &schema(node).value {
        Value::Seq(items) => {
            !items.is_empty()
                && items
                    .iter()
                    .all(|i| matches!(&i.value, Value::Map(e) if field(e, "name").and_then(Node::as_text).is_some()))
        }
        Value::Map(entries) => match field(entries, "properties").map(|n| &n.value) {
            Some(Value::Map(_)) => true,
            Some(_) => false,
            None => !entries.is_empty() && entries.iter().all(|(_, v)| matches!(v.value, Value::Map(_))),
        },
        _ => false,
    }
}

/// The flags `node` (under frontmatter key `key`) declares.
pub(crate) fn read(key: &str, node: &Node, sink: &mut Sink<'_>) -> Vec<Decl> {
    let node = schema(node);
    // Each entry, and whether a JSON Schema `required` list names it
    // (`None` when there is no such list).
    let mut params: Vec<(&str, &Node, Option<bool>)> = Vec::new();
    match &node.value {
        Value::Seq(items) => {
            for item in items {
                match &item.value {
                    Value::Map(entries) => match field(entries, "name").and_then(Node::as_text) {
                        Some(name) => params.push((name, item, None)),
                        None => problem(key, item, "has no `name`", sink),
                    },
                    _ => problem(key, item, "is not a mapping", sink),
                }
            }
        }
        Value::Map(entries) => {
            let required: Option<Vec<&str>> = match field(entries, "required").map(|n| &n.value) {
                Some(Value::Seq(names)) => Some(names.iter().filter_map(Node::as_text).collect()),
                _ => None,
            };
            match field(entries, "properties").map(|n| &n.value) {
                Some(Value::Map(props)) => {
                    for (name, prop) in props {
                        params.push((name, prop, required.as_ref().map(|r| r.contains(&name.as_str()))));
                    }
                }
                None if !entries.is_empty() && entries.iter().all(|(_, v)| matches!(v.value, Value::Map(_))) => {
                    params.extend(entries.iter().map(|(name, param)| (name.as_str(), param, None)));
                }
                _ => problem(key, node, "is a mapping, but neither of flags by name nor with `properties`", sink),
            }
        }
        Value::Null => {}
        Value::Scalar(..) => problem(key, node, "is not a list", sink),
    }
    let mut out = Vec::new();
    for (name, param, listed) in params {
        let name = name.trim_start_matches('-');
        if !is_flag_name(name) {
            super::section::invalid_name(param.line, param.column, name, sink);
            continue;
        }
        let Value::Map(entries) = &param.value else {
            problem(key, param, "is not a mapping", sink);
            continue;
        };
        out.push(entry(name, param, entries, listed));
    }
    out
}

/// One flag's entry.
fn entry(name: &str, param: &Node, outer: &[(String, Node)], listed: Option<bool>) -> Decl {
    let mut decl = Decl::new(name.to_string(), param.line, param.column);
    // OpenAPI's parameters keep what the value is under `schema:`.
    let entries = match field(outer, "schema").map(|s| &s.value) {
        Some(Value::Map(schema)) if field(outer, "type").is_none() => schema.as_slice(),
        _ => outer,
    };
    let state = |decl: &mut Decl, fact: Fact, at: &Node| decl.state(fact, at.line, at.column, Origin::Data);
    let text = |k: &str| field(entries, k).and_then(Node::as_text);
    // The type: JSON Schema's `array` with `items`, a type given as a
    // list (`[integer, "null"]`), or the table's type words.
    let type_node = field(entries, "type");
    let kind = schema_type(entries);
    let items = match field(entries, "items").map(|n| &n.value) {
        Some(Value::Map(item)) => Some(item.as_slice()),
        _ => None,
    };
    let date = text("format") == Some("date");
    if let (Some(kind), Some(at)) = (&kind, type_node) {
        let element = match kind.as_str() {
            "array" => {
                state(&mut decl, Fact::List(true), at);
                items.and_then(schema_type).unwrap_or_else(|| "string".into())
            }
            other => other.to_string(),
        };
        let element = if date { "date".to_string() } else { element };
        if !element.is_empty() {
            let mut found = Vec::new();
            if let Some((word, list)) = types::read(&element, true) {
                describe::type_facts(word, list || kind == "array", 0, &mut found);
            }
            decl.add(found, at.line, at.column, Origin::Data);
        }
    } else if let Some(at) = field(entries, "format").filter(|_| date) {
        state(&mut decl, Fact::Type(skills_core::spec::ValueType::Date), at);
    }
    let values = ["enum", "values"]
        .iter()
        .find_map(|k| field(entries, k).and_then(|n| Some((node_texts(n)?, n))))
        .or_else(|| items.and_then(schema_values).map(|v| (v, param)))
        .or_else(|| schema_values(entries).map(|v| (v, param)));
    if let Some((values, at)) = values {
        state(&mut decl, Fact::Values(values), at);
    }
    if let Some(d) = field(entries, "default")
        && let Some(values) = node_texts(d)
    {
        state(&mut decl, Fact::Default(DefaultValue::Values(values)), d);
    }
    // Its own `required:`, or whether the schema's `required` list names
    // it; without either, optional, as JSON Schema and OpenAPI read it.
    match (field(outer, "required").and_then(|r| Some((describe::yes_no(r.as_text()?)?, r))), listed) {
        (Some((yes, r)), _) => state(&mut decl, Fact::Required(yes), r),
        (None, Some(true)) => decl.state(Fact::Required(true), param.line, param.column, Origin::Data),
        (None, _) => decl.imply(Fact::Required(false), param.line, param.column, Origin::Data),
    }
    if let Some(d) = field(outer, "description").or_else(|| field(entries, "description"))
        && let Some(t) = d.as_text()
    {
        decl.description.push(t, d.line, d.column, false);
    }
    if let Some(said) = constraints(&|k| text(k).map(str::to_string)) {
        decl.description.push(&said, param.line, param.column, true);
    }
    decl
}

/// The bounds, lengths, pattern and format a JSON Schema property gives,
/// as sentences for the help page (`From 0 to 100.`, `Format: email.`).
/// The handler enforces them; a command is not checked against them.
fn constraints(text: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let mut out = Vec::new();
    let range = |low: Option<String>, high: Option<String>, unit: &str| match (low, high) {
        (Some(l), Some(h)) if l == h => Some(format!("Exactly {l}{unit}.")),
        (Some(l), Some(h)) => Some(format!("From {l} to {h}{unit}.")),
        (Some(l), None) => Some(format!("At least {l}{unit}.")),
        (None, Some(h)) => Some(format!("At most {h}{unit}.")),
        (None, None) => None,
    };
    out.extend(range(text("minimum"), text("maximum"), ""));
    // Draft 6 on: a number; draft 4's booleans say nothing alone.
    let bound = |k: &str| text(k).filter(|v| !v.eq_ignore_ascii_case("true") && !v.eq_ignore_ascii_case("false"));
    out.extend(bound("exclusiveMinimum").map(|v| format!("Greater than {v}.")));
    out.extend(bound("exclusiveMaximum").map(|v| format!("Less than {v}.")));
    out.extend(range(text("minLength"), text("maxLength"), " characters"));
    out.extend(range(text("minItems"), text("maxItems"), " values"));
    out.extend(text("pattern").map(|p| format!("Matches `{p}`.")));
    out.extend(text("format").filter(|f| f != "date").map(|f| format!("Format: {f}.")));
    (!out.is_empty()).then(|| out.join(" "))
}

/// A JSON Schema entry's `type`, lowercased: the text, or the first of a
/// list that is not `null` (`[integer, "null"]`).
fn schema_type(entries: &[(String, Node)]) -> Option<String> {
    let node = field(entries, "type")?;
    match &node.value {
        Value::Seq(items) => items.iter().filter_map(Node::as_text).find(|t| !t.eq_ignore_ascii_case("null")),
        _ => node.as_text(),
    }
    .map(str::to_ascii_lowercase)
}

/// The allowed values of a JSON Schema entry: its `enum`, or an `anyOf` /
/// `oneOf` whose every choice is a `const` or an `enum`.
fn schema_values(entries: &[(String, Node)]) -> Option<Vec<String>> {
    if let Some(values) = field(entries, "enum").and_then(node_texts) {
        return Some(values);
    }
    let choices = match field(entries, "anyOf").or_else(|| field(entries, "oneOf")).map(|n| &n.value) {
        Some(Value::Seq(choices)) if !choices.is_empty() => choices,
        _ => return None,
    };
    let mut values = Vec::new();
    for choice in choices {
        let Value::Map(c) = &choice.value else { return None };
        match (field(c, "const"), field(c, "enum")) {
            (Some(v), _) => values.push(v.as_text()?.to_string()),
            (None, Some(e)) => values.extend(node_texts(e)?),
            (None, None) => return None,
        }
    }
    Some(values)
}

/// A YAML list's texts, or a scalar's as a list of one.
fn node_texts(node: &Node) -> Option<Vec<String>> {
    match &node.value {
        Value::Seq(items) => Some(items.iter().filter_map(Node::as_text).map(str::to_string).collect()),
        Value::Scalar(s, _) => Some(vec![s.clone()]),
        _ => None,
    }
}

/// The value under `key` of a YAML mapping's entries.
fn field<'n>(entries: &'n [(String, Node)], key: &str) -> Option<&'n Node> {
    entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn problem(key: &str, node: &Node, what: &str, sink: &mut Sink<'_>) {
    sink.push(
        Code::InvalidField,
        node.line,
        node.column,
        format!("this `{key}` entry {what}"),
        "write each flag as `- name: title` (or `title:`), with `description:`, `type:` (string, integer, number, date, boolean, array), `required: true`, `default:` and `enum:` under it; or document it in `## Flags`",
    );
}
