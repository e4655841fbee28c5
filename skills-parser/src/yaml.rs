//! Frontmatter YAML as a tree of nodes that remember where they were written
//! and, for scalars, how they were spelled.
//!
//! serde-saphyr resolves `no`, `on` and `1.10` to a boolean and a number when
//! asked for "any" value; a skill's `author: no` must stay the text `no`, so
//! every scalar keeps its source spelling (recovered from its span).

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::fmt;

/// How a scalar resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarKind {
    /// A string (quoted, or plain text that is not a bool or number).
    Str,
    /// `true`, `yes`, `on`, ...
    Bool(bool),
    /// An integer.
    Int,
    /// A float.
    Float,
}

/// A YAML value with its place.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The value.
    pub value: Value,
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

/// A YAML value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `~`, `null` or nothing.
    Null,
    /// A scalar: its text as written (for strings, the string's value).
    Scalar(String, ScalarKind),
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping, in source order.
    Map(Vec<(String, Node)>),
}

impl Node {
    /// The scalar's text, whatever it resolved to.
    pub fn as_text(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar(s, _) => Some(s),
            _ => None,
        }
    }

    /// The value as JSON (booleans and numbers resolved), for keys the format
    /// does not define but keeps.
    pub fn to_json(&self) -> serde_json::Value {
        match &self.value {
            Value::Null => serde_json::Value::Null,
            Value::Scalar(s, ScalarKind::Str) => serde_json::Value::String(s.clone()),
            Value::Scalar(_, ScalarKind::Bool(b)) => serde_json::Value::Bool(*b),
            Value::Scalar(s, ScalarKind::Int) => {
                s.parse::<i64>().map(Into::into).unwrap_or_else(|_| serde_json::Value::String(s.clone()))
            }
            Value::Scalar(s, ScalarKind::Float) => s
                .parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
                .map_or_else(|| serde_json::Value::String(s.clone()), serde_json::Value::Number),
            Value::Seq(items) => serde_json::Value::Array(items.iter().map(Node::to_json).collect()),
            Value::Map(entries) => {
                serde_json::Value::Object(entries.iter().map(|(k, v)| (k.clone(), v.to_json())).collect())
            }
        }
    }
}

/// What serde-saphyr hands us before spellings are recovered.
enum Raw {
    Null,
    Bool(bool),
    Int,
    Float,
    Str(String),
    Seq(Vec<Spanned<Raw>>),
    /// Keys are scalars; one that resolved to a boolean or a number (`y`,
    /// `on`, `2`) is read as written, through its span, in [`convert`].
    Map(Vec<(Spanned<Raw>, Spanned<Raw>)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Raw, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Raw;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a YAML value")
            }
            fn visit_unit<E>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_none<E>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Raw, D::Error> {
                Raw::deserialize(d)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Raw, E> {
                Ok(Raw::Bool(v))
            }
            fn visit_i64<E>(self, _: i64) -> Result<Raw, E> {
                Ok(Raw::Int)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Raw, E> {
                Ok(Raw::Int)
            }
            fn visit_i128<E>(self, _: i128) -> Result<Raw, E> {
                Ok(Raw::Int)
            }
            fn visit_u128<E>(self, _: u128) -> Result<Raw, E> {
                Ok(Raw::Int)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Raw, E> {
                Ok(Raw::Float)
            }
            fn visit_str<E>(self, v: &str) -> Result<Raw, E> {
                Ok(Raw::Str(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<Raw, E> {
                Ok(Raw::Str(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = a.next_element::<Spanned<Raw>>()? {
                    items.push(item);
                }
                Ok(Raw::Seq(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = a.next_key::<Spanned<Raw>>()? {
                    match key.value {
                        Raw::Str(_) | Raw::Bool(_) | Raw::Int | Raw::Float => {}
                        Raw::Null => return Err(de::Error::custom("a mapping key is empty")),
                        Raw::Seq(_) | Raw::Map(_) => {
                            return Err(de::Error::custom("mapping keys must be plain words"));
                        }
                    }
                    let value = a.next_value::<Spanned<Raw>>()?;
                    entries.push((key, value));
                }
                Ok(Raw::Map(entries))
            }
        }
        d.deserialize_any(V)
    }
}

/// The text a scalar was written as, from its span.
fn spelling(raw: &Spanned<Raw>, src: &str) -> Option<String> {
    let span = raw.referenced.span();
    let start = span.byte_offset()? as usize;
    let len = span.byte_len()? as usize;
    src.get(start..start + len).map(|s| s.trim().to_string())
}

/// A mapping key as text: a string as it is, a key that resolved to a
/// boolean or a number (`y: 2`, `on: push`, `404: gone`) as written.
fn key_text(key: Spanned<Raw>, src: &str) -> String {
    match key.value {
        Raw::Str(s) => s,
        Raw::Bool(b) => spelling(&key, src).unwrap_or_else(|| b.to_string()),
        _ => spelling(&key, src).unwrap_or_default(),
    }
}

fn convert(raw: Spanned<Raw>, src: &str, line_offset: usize) -> Node {
    let line = raw.referenced.line() as usize + line_offset;
    let column = raw.referenced.column() as usize;
    let spelled = || spelling(&raw, src);
    let value = match raw.value {
        Raw::Null => Value::Null,
        Raw::Str(s) => Value::Scalar(s, ScalarKind::Str),
        Raw::Bool(b) => Value::Scalar(spelled().unwrap_or_else(|| b.to_string()), ScalarKind::Bool(b)),
        Raw::Int => Value::Scalar(spelled().unwrap_or_default(), ScalarKind::Int),
        Raw::Float => Value::Scalar(spelled().unwrap_or_default(), ScalarKind::Float),
        Raw::Seq(items) => Value::Seq(items.into_iter().map(|i| convert(i, src, line_offset)).collect()),
        Raw::Map(entries) => {
            Value::Map(entries.into_iter().map(|(k, v)| (key_text(k, src), convert(v, src, line_offset))).collect())
        }
    };
    Node { value, line, column }
}

/// A YAML error with its place in the file.
#[derive(Debug)]
pub struct YamlError {
    /// What the YAML parser said.
    pub message: String,
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// How to fix it, when the error says more than its syntax.
    pub hint: Option<String>,
}

/// Parses frontmatter YAML that starts on 1-based line `first_line` of its file.
pub fn parse(src: &str, first_line: usize) -> Result<Node, YamlError> {
    // An empty frontmatter (`---` then `---`) is an empty mapping.
    if src.trim().is_empty() {
        return Ok(Node { value: Value::Map(Vec::new()), line: first_line, column: 1 });
    }
    match serde_saphyr::from_str::<Spanned<Raw>>(src) {
        Ok(raw) => Ok(convert(raw, src, first_line - 1)),
        Err(e) => {
            let (line, column) =
                e.location().map_or((first_line, 0), |l| (l.line() as usize + first_line - 1, l.column() as usize));
            if let Some((message, hint)) = reworded(e.without_snippet(), src, line, first_line) {
                return Err(YamlError { message, line, column, hint: Some(hint) });
            }
            let mut message = e.without_snippet().to_string();
            // The message repeats the position relative to the YAML block; the
            // diagnostic carries the file position instead.
            if let Some(i) = message.find(" at line ") {
                message.truncate(i);
            }
            Err(YamlError { message, line, column, hint: None })
        }
    }
}

/// The errors whose library wording speaks to a Rust programmer (`set
/// DuplicateKeyPolicy in Options`, `budget breached: Nodes { .. }`), said
/// for the skill's author instead: a message and a hint. `line` is the
/// error's line in the file.
fn reworded(e: &serde_saphyr::Error, src: &str, line: usize, first_line: usize) -> Option<(String, String)> {
    use serde_saphyr::Error;
    let mut e = e;
    // The error itself, under where an alias led to it and its snippet.
    while let Error::AliasError { error, .. } | Error::WithSnippet { error, .. } = e {
        e = error;
    }
    match e {
        Error::DuplicateMappingKey { key, .. } => Some(match key {
            Some(key) => {
                // The earlier line of a top-level key.
                let earlier = src
                    .lines()
                    .enumerate()
                    .map(|(i, l)| (i + first_line, l))
                    .take_while(|&(n, _)| n < line)
                    .find(|(_, l)| {
                        l.strip_prefix(key.as_str())
                            .is_some_and(|rest| rest.trim_start_matches([' ', '\t']).starts_with(':'))
                    })
                    .map(|(n, _)| n);
                let hint = match earlier {
                    Some(n) => format!("keep one `{key}:` line (the other is line {n}); a key may appear once"),
                    None => format!("keep one `{key}:`; a key may appear once"),
                };
                (format!("`{key}` is given twice"), hint)
            }
            None => ("a key is given twice".into(), "keep one of the two; a key may appear once".into()),
        }),
        Error::Budget { .. }
        | Error::AliasExpansionLimitExceeded { .. }
        | Error::AliasReplayLimitExceeded { .. }
        | Error::AliasReplayStackDepthExceeded { .. }
        | Error::AliasReplayCounterOverflow { .. } => Some((
            "the frontmatter is larger or expands further (through aliases) than a skill's frontmatter may".into(),
            "write the values out without anchors and aliases (`&name`, `*name`); frontmatter holds a few short keys"
                .into(),
        )),
        // The YAML parser's own nesting limit.
        Error::ExternalMessage { source, .. }
            if matches!(
                &**source,
                serde_saphyr::ExternalMessageSource::Parser(scan)
                    if matches!(scan.kind(), serde_saphyr::granit_parser::ErrorKind::RecursionLimitExceeded)
            ) =>
        {
            Some((
                "the frontmatter nests lists or mappings deeper than a skill's frontmatter may".into(),
                "frontmatter holds a few short keys; write each value plainly".into(),
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_spelling_and_places() {
        let n = parse("author: no\ntags: [on, 1.10]\nname: email.send\n", 2).unwrap();
        let Value::Map(entries) = n.value else { panic!() };
        assert_eq!(entries[0].0, "author");
        assert_eq!(entries[0].1.as_text(), Some("no"));
        assert_eq!(entries[0].1.line, 2);
        let Value::Seq(tags) = &entries[1].1.value else { panic!() };
        assert_eq!(tags[0].as_text(), Some("on"));
        assert_eq!(tags[1].as_text(), Some("1.10"));
        assert_eq!(entries[2].1.line, 4);
        assert_eq!(entries[2].1.column, 7);
    }

    /// Keys that YAML resolves to booleans or numbers (a flag named `y`,
    /// `n` or `on`, a numeric key) are read as written, not refused.
    #[test]
    fn keys_that_look_like_booleans_or_numbers_keep_their_spelling() {
        let n = parse("y: {type: number}\nn: 2\n'on': push\nOff: 1\n404: gone\n1.5: x\n", 2).unwrap();
        let Value::Map(entries) = n.value else { panic!() };
        let keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["y", "n", "on", "Off", "404", "1.5"]);
        assert_eq!(entries[1].1.as_text(), Some("2"));
        assert_eq!(entries[4].1.line, 6);
        // Collections as keys stay an error.
        assert!(parse("[a, b]: x\n", 2).is_err());
        assert!(parse("? {a: 1}\n: x\n", 2).is_err());
    }

    #[test]
    fn errors_point_into_the_file() {
        let e = parse("name: a\nname: b\n", 2).unwrap_err();
        assert_eq!(e.line, 3);
        assert_eq!(e.message, "`name` is given twice");
        assert_eq!(e.hint.as_deref(), Some("keep one `name:` line (the other is line 2); a key may appear once"));
        let e = parse("tags: [a\n", 2).unwrap_err();
        assert_eq!(e.line, 2);
    }
}
