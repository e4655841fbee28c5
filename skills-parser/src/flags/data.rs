//! Flags declared as data: `parameters:` in the frontmatter, or a
//! ```yaml / ```json block in `## Flags`, in the shapes tool definitions use.

use super::*;
use crate::diagnostic::{Code, Sink};
use crate::flag_table;
use crate::yaml::{Node, Value};

/// Whether `node` has a shape [`from_frontmatter`] reads as flags: a list
/// of mappings with a `name`, a JSON Schema object with `properties`, or a
/// mapping of names to mappings. (A data block in the body is read as flags
/// only then; one of another shape is an example, not a declaration.)
pub(crate) fn declares_flags(node: &Node) -> bool {
    match &node.value {
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

/// Flags declared in the frontmatter (`parameters:` or `flags:`), or in a
/// data block of `## Flags`, as other skill formats write them: a list of
/// mappings with `name`, `description`, `type`, `required`, `default` and
/// `enum` (or `values`), or a JSON Schema object (`properties`,
/// `required`), as tool definitions write it. Each becomes the flag line a
/// `## Flags` table row with those columns would give, so types and
/// markers mean the same; its place is the entry's line.
pub(crate) fn from_frontmatter(key: &str, node: &Node, sink: &mut Sink<'_>) -> Vec<RawFlag> {
    let mut params: Vec<(&str, &Node, bool)> = Vec::new();
    match &node.value {
        Value::Seq(items) => {
            for item in items {
                match &item.value {
                    Value::Map(entries) => match field(entries, "name").and_then(Node::as_text) {
                        Some(name) => params.push((name, item, false)),
                        None => frontmatter_flag_problem(key, item, "has no `name`", sink),
                    },
                    _ => frontmatter_flag_problem(key, item, "is not a mapping", sink),
                }
            }
        }
        Value::Map(entries) => {
            // A JSON Schema object; `required` lists the required names.
            let required: Vec<&str> = match field(entries, "required").map(|n| &n.value) {
                Some(Value::Seq(names)) => names.iter().filter_map(Node::as_text).collect(),
                _ => Vec::new(),
            };
            match field(entries, "properties").map(|n| &n.value) {
                Some(Value::Map(props)) => {
                    for (name, prop) in props {
                        params.push((name, prop, required.contains(&name.as_str())));
                    }
                }
                // `query: {type: string, required: true}`: each flag by its
                // name, as YAML writes a table of named entries.
                None if !entries.is_empty() && entries.iter().all(|(_, v)| matches!(v.value, Value::Map(_))) => {
                    params.extend(entries.iter().map(|(name, param)| (name.as_str(), param, false)));
                }
                _ => frontmatter_flag_problem(
                    key,
                    node,
                    "is a mapping, but neither of flags by name nor with `properties`",
                    sink,
                ),
            }
        }
        Value::Null => {}
        Value::Scalar(..) => frontmatter_flag_problem(key, node, "is not a list", sink),
    }
    let mut out = Vec::new();
    for (name, param, required) in params {
        let name = name.trim_start_matches('-').to_string();
        if !is_flag_name(&name) {
            invalid_name(param.line, param.column, &name, sink);
            continue;
        }
        let Value::Map(entries) = &param.value else {
            frontmatter_flag_problem(key, param, "is not a mapping", sink);
            continue;
        };
        let text = |k: &str| field(entries, k).and_then(Node::as_text).map(str::to_string);
        let texts = |k: &str| field(entries, k).and_then(node_texts);
        // JSON Schema's `array` with `items.type` (and `items.enum`); a
        // type given as a list (`[integer, "null"]`, JSON Schema's way to
        // allow null) is its first that is not `null`.
        let mut kind = schema_type(entries).unwrap_or_default();
        let list = kind == "array" || kind.ends_with("[]") || kind.starts_with("list");
        let items = match field(entries, "items").map(|n| &n.value) {
            Some(Value::Map(item)) if kind == "array" => Some(item.as_slice()),
            _ => None,
        };
        if kind == "array" {
            kind = format!("{} list", items.and_then(schema_type).unwrap_or_else(|| "string".into()));
        }
        if text("format").as_deref() == Some("date") {
            kind = if list { "date list".into() } else { "date".into() };
        }
        let mut description = text("description").unwrap_or_default();
        // What JSON Schema says about the values that no marker states
        // (`minimum`, `maxLength`, `pattern`, `format`), as sentences of
        // the help page: the model reads them there.
        if let Some(said) = schema_constraints(&text) {
            if !description.is_empty() && !description.ends_with(['.', '!', '?']) {
                description.push('.');
            }
            if !description.is_empty() {
                description.push(' ');
            }
            description.push_str(&said);
        }
        let mut add = |piece: Option<String>| {
            if let Some(p) = piece.filter(|p| !p.is_empty()) {
                // `One of:` starts a sentence.
                if p.starts_with("One") && !description.is_empty() && !description.ends_with(['.', '!', '?']) {
                    description.push('.');
                }
                if !description.is_empty() {
                    description.push(' ');
                }
                description.push_str(&p);
            }
        };
        let values = texts("enum")
            .or_else(|| texts("values"))
            .or_else(|| items.and_then(schema_values))
            .or_else(|| schema_values(entries));
        // An enum of strings is an enum: its values state the type. So is
        // one of numbers (`{type: integer, enum: [1, 2, 3]}`): the command
        // gives one of those words, and the tool schema lists them.
        let values_make_enum = matches!(
            kind.as_str(),
            "" | "string"
                | "string list"
                | "str"
                | "text"
                | "enum"
                | "enum list"
                | "integer"
                | "integer list"
                | "number"
                | "number list"
        );
        if !(values.is_some() && values_make_enum) {
            match flag_table::property(&format!("Type: {kind}"), list) {
                Some(marker) => add(Some(marker)),
                // Reported as an unknown type, with the ones there are.
                None if !matches!(kind.as_str(), "" | "object") => add(Some(format!("(type: {kind})"))),
                None => {}
            }
        }
        add(values.map(|v| flag_table::property(&format!("Values: {}", v.join(", ")), list).unwrap_or_default()));
        add(texts("default").map(|v| format!("(default: {})", v.join(", "))));
        if required {
            add(Some("(required)".to_string()));
        } else if let Some(r) = text("required") {
            add(flag_table::property(&format!("Required: {r}"), list));
        }
        out.push(RawFlag {
            name,
            short: None,
            placeholder: None,
            repeated: list,
            description,
            line: param.line,
            column: param.column,
            indent: usize::MAX,
            in_required_group: false,
            negated: false,
            value_items: Vec::new(),
        });
    }
    out
}

/// The bounds, lengths, pattern and format a JSON Schema property gives
/// (`text` reads one of its keys), as sentences: `From 0 to 100.`, `At
/// most 80 characters.`, `Matches `^[A-Z]{3}$`.`, `Format: email.`
/// `None` when it gives none. (A `date` format is the flag's type.)
pub(super) fn schema_constraints(text: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let mut out = String::new();
    let mut say = |s: String| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&s);
    };
    let range = |low: Option<String>, high: Option<String>, unit: &str| match (low, high) {
        (Some(l), Some(h)) if l == h => Some(format!("Exactly {l}{unit}.")),
        (Some(l), Some(h)) => Some(format!("From {l} to {h}{unit}.")),
        (Some(l), None) => Some(format!("At least {l}{unit}.")),
        (None, Some(h)) => Some(format!("At most {h}{unit}.")),
        (None, None) => None,
    };
    if let Some(s) = range(text("minimum"), text("maximum"), "") {
        say(s);
    }
    // Draft 6 on: a number; draft 4's booleans say nothing alone.
    let bound = |k: &str| text(k).filter(|v| !v.eq_ignore_ascii_case("true") && !v.eq_ignore_ascii_case("false"));
    if let Some(v) = bound("exclusiveMinimum") {
        say(format!("Greater than {v}."));
    }
    if let Some(v) = bound("exclusiveMaximum") {
        say(format!("Less than {v}."));
    }
    if let Some(s) = range(text("minLength"), text("maxLength"), " characters") {
        say(s);
    }
    if let Some(s) = range(text("minItems"), text("maxItems"), " values") {
        say(s);
    }
    if let Some(p) = text("pattern") {
        say(format!("Matches `{p}`."));
    }
    if let Some(f) = text("format").filter(|f| f != "date") {
        say(format!("Format: {f}."));
    }
    (!out.is_empty()).then_some(out)
}

/// A JSON Schema entry's `type`, lowercased: the text, or the first of a
/// list that is not `null` (`[integer, "null"]`).
pub(super) fn schema_type(entries: &[(String, Node)]) -> Option<String> {
    let node = field(entries, "type")?;
    match &node.value {
        Value::Seq(items) => items.iter().filter_map(Node::as_text).find(|t| !t.eq_ignore_ascii_case("null")),
        _ => node.as_text(),
    }
    .map(str::to_ascii_lowercase)
}

/// The allowed values of a JSON Schema entry: its `enum` (as `items` of an
/// array gives it), or an `anyOf` / `oneOf` whose every choice is a
/// `const` or an `enum` (`anyOf: [{const: asc}, {const: desc}]`, as tool
/// definitions write values that each have a description).
pub(super) fn schema_values(entries: &[(String, Node)]) -> Option<Vec<String>> {
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
pub(super) fn node_texts(node: &Node) -> Option<Vec<String>> {
    match &node.value {
        Value::Seq(items) => Some(items.iter().filter_map(Node::as_text).map(str::to_string).collect()),
        Value::Scalar(s, _) => Some(vec![s.clone()]),
        _ => None,
    }
}

/// The value under `key` of a YAML mapping's entries.
pub(super) fn field<'n>(entries: &'n [(String, Node)], key: &str) -> Option<&'n Node> {
    entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

pub(super) fn frontmatter_flag_problem(key: &str, node: &Node, what: &str, sink: &mut Sink<'_>) {
    sink.push(
        Code::InvalidField,
        node.line,
        node.column,
        format!("this `{key}` entry {what}"),
        "write each flag as `- name: title` (or `title:`), with `description:`, `type:` (string, integer, number, date, boolean, array), `required: true`, `default:` and `enum:` under it; or document it in `## Flags`",
    );
}
