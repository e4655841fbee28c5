//! Frontmatter YAML as a tree of nodes that remember where they were written
//! and, for scalars, how they were spelled.
//!
//! serde-saphyr resolves `no`, `on` and `1.10` to a boolean and a number when
//! asked for "any" value; a skill's `author: no` must stay the text `no`, so
//! every scalar keeps its source spelling (recovered from its span).

use crate::words::AsciiSet;
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
    match key_lines(src, first_line - 1).or_else(|| plain_text(src, first_line - 1)) {
        Some(node) => Ok(node),
        None => parse_with_serde(src, first_line),
    }
}

/// Whether the line reading of `src`, if it reads it, gives what the
/// event path and serde-saphyr give (for the fuzz target).
pub(crate) fn readings_agree(src: &str) -> bool {
    let Some(by_lines) = key_lines(src, 1) else { return true };
    plain_text(src, 1).as_ref() == Some(&by_lines) && parse_with_serde(src, 2).ok() == Some(by_lines)
}

/// The commonest frontmatter, read line by line: every line a key in
/// lower case (`name`, `read_only`, `allowed-tools`), a colon, spaces, and
/// a plain scalar of ASCII words that YAML can only read as text (it starts
/// with a letter, is no boolean or null word, and holds no `:`, `#`, tab,
/// bracket, brace, quote-led or block indicator). The [`Node`] the event
/// path ([`plain_text`]) gives, without starting a YAML parser, whose
/// scanner and events were a large share of a dev-mode load. `None` for anything
/// else, which the YAML parser then reads; `key_lines_read_as_the_yaml_parser_does`
/// compares the two.
fn key_lines(src: &str, line_offset: usize) -> Option<Node> {
    let mut entries: Vec<(String, Node)> = Vec::with_capacity(4);
    for (i, line) in src.split_terminator('\n').enumerate() {
        let b = line.as_bytes();
        let key_len =
            b.iter().take_while(|&&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_' || c == b'-').count();
        let rest = b.get(key_len..)?.strip_prefix(b":")?;
        let spaces = rest.iter().take_while(|&&c| c == b' ').count();
        let value_at = key_len + 1 + spaces;
        let (key, value) = (&line[..key_len], &line[value_at..]);
        const PUNCTUATION: AsciiSet = AsciiSet::of(b" .,;!?'\"()/_+=&%$@*-");
        let plain_word = |c: u8| c.is_ascii_alphanumeric() || PUNCTUATION.has(c);
        if !b.first().is_some_and(|c| c.is_ascii_lowercase() || *c == b'_')
            || spaces == 0
            || !value.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
            || value.ends_with(' ')
            || !value.bytes().all(plain_word)
            || !plain_is_text(key)
            || !plain_is_text(value)
            || entries.len() >= PLAIN_MAX_ENTRIES
            || entries.iter().any(|(k, _)| k == key)
        {
            return None;
        }
        let node = Node {
            value: Value::Scalar(value.to_string(), ScalarKind::Str),
            line: line_offset + i + 1,
            column: value_at + 1,
        };
        entries.push((key.to_string(), node));
    }
    (!entries.is_empty()).then(|| Node { value: Value::Map(entries), line: line_offset + 1, column: 1 })
}

/// serde-saphyr's limits for a frontmatter of `len` bytes: work in
/// proportion to its size. Aliases may repeat what an anchor holds, as
/// YAML allows, but not expand a few hundred bytes into millions of nodes
/// (its defaults, made for documents, let such nesting run long before
/// refusing it), so that a tree of such files is refused in time linear in
/// its size.
fn options(len: usize) -> serde_saphyr::Options {
    let work = 256 + 8 * len;
    let mut options = serde_saphyr::Options::default();
    options.alias_limits.max_total_replayed_events = work;
    options.alias_limits.max_replay_stack_depth = 16;
    if let Some(budget) = options.budget.as_mut() {
        budget.max_events = 2 * work;
        budget.max_nodes = work;
        budget.max_recorded_anchor_events = work;
        budget.max_recorded_anchor_bytes = work;
        budget.max_total_scalar_bytes = work;
    }
    options
}

/// [`parse`] through serde-saphyr, for what [`plain_text`] leaves.
fn parse_with_serde(src: &str, first_line: usize) -> Result<Node, YamlError> {
    match serde_saphyr::from_str_with_options::<Spanned<Raw>>(src, options(src.len())) {
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

/// Nesting deeper than this goes to serde-saphyr, whose budget reports it.
const PLAIN_MAX_DEPTH: usize = 32;
/// Nodes beyond this go to serde-saphyr too (a frontmatter holds a few).
const PLAIN_MAX_NODES: usize = 4096;
/// Mappings with more entries than this go to serde-saphyr: duplicate keys
/// are found here by a pass over the entries before.
const PLAIN_MAX_ENTRIES: usize = 64;

/// A collection being read by [`plain_text`].
enum Open {
    Seq(Vec<Node>, usize, usize),
    /// Entries, the key waiting for its value, and the place.
    Map(Vec<(String, Node)>, Option<String>, usize, usize),
}

/// The common frontmatter, read from the YAML parser's events directly:
/// mappings and sequences of text scalars (quoted, block, or plain words
/// that YAML cannot take for a boolean, a number or a null). The same
/// [`Node`] serde-saphyr's path gives, for about half its work (a large
/// share of a dev-mode load was spent there).
///
/// `None` for everything else, which serde-saphyr then reads, so that it
/// alone decides what is valid and how it is said: errors, anchors and
/// aliases, tags, merge keys, duplicate keys, nulls, plain scalars that
/// resolve to something other than text, empty documents, several
/// documents, and anything deep or large.
fn plain_text(src: &str, line_offset: usize) -> Option<Node> {
    use serde_saphyr::granit_parser::{Event, Options, Parser, ScalarStyle};
    // serde-saphyr's parser settings are the defaults; comments (emitted
    // when a crate in the build enables them) say nothing about values.
    let mut options = Options::default();
    options.emit_comments = false;
    let mut stack: Vec<Open> = Vec::new();
    let mut root = None;
    let mut nodes = 0usize;
    let mut documents = 0usize;
    for item in Parser::new_from_str_with_options(src, options) {
        let (event, span) = item.ok()?;
        let (line, column) = (span.start.line() + line_offset, span.start.col() + 1);
        let done = match event {
            Event::StreamStart | Event::DocumentEnd => continue,
            Event::StreamEnd => break,
            Event::DocumentStart(..) => {
                documents += 1;
                if documents > 1 {
                    return None;
                }
                continue;
            }
            Event::Scalar(value, style, anchor, tag) => {
                if anchor != 0 || tag.is_some() || (style == ScalarStyle::Plain && !plain_is_text(&value)) {
                    return None;
                }
                Node { value: Value::Scalar(value.into_owned(), ScalarKind::Str), line, column }
            }
            Event::SequenceStart(_, anchor, ref tag) | Event::MappingStart(_, anchor, ref tag) => {
                // A collection as a mapping key is refused by serde-saphyr's path.
                if anchor != 0 || tag.is_some() || stack.len() >= PLAIN_MAX_DEPTH || awaits_key(&stack) {
                    return None;
                }
                stack.push(match event {
                    Event::SequenceStart(..) => Open::Seq(Vec::new(), line, column),
                    _ => Open::Map(Vec::new(), None, line, column),
                });
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop()? {
                Open::Seq(items, line, column) => Node { value: Value::Seq(items), line, column },
                Open::Map(entries, None, line, column) => Node { value: Value::Map(entries), line, column },
                Open::Map(_, Some(_), ..) => return None,
            },
            _ => return None,
        };
        nodes += 1;
        if nodes > PLAIN_MAX_NODES {
            return None;
        }
        match stack.last_mut() {
            None if root.is_none() => root = Some(done),
            None => return None,
            Some(Open::Seq(items, ..)) => items.push(done),
            Some(Open::Map(entries, key @ None, ..)) => {
                let Value::Scalar(text, _) = done.value else { return None };
                // `<<` merges a mapping into this one on serde-saphyr's path.
                if text == "<<" || entries.len() >= PLAIN_MAX_ENTRIES || entries.iter().any(|(k, _)| *k == text) {
                    return None;
                }
                *key = Some(text);
            }
            Some(Open::Map(entries, key, ..)) => entries.push((key.take()?, done)),
        }
    }
    if !stack.is_empty() {
        return None;
    }
    root
}

/// Whether the innermost open collection is a mapping waiting for a key.
fn awaits_key(stack: &[Open]) -> bool {
    matches!(stack.last(), Some(Open::Map(_, None, ..)))
}

/// Whether a plain scalar is text whatever YAML schema reads it: not empty,
/// not `~`, `null`, a YAML 1.1 boolean word (`yes`, `off`, `y`, ...), and
/// not starting as a number may (a digit, a sign or a dot). Others are
/// left to serde-saphyr, which resolves them.
fn plain_is_text(value: &str) -> bool {
    const WORDS: [&str; 9] = ["y", "yes", "true", "on", "n", "no", "false", "off", "null"];
    let t = value.trim_matches([' ', '\t', '\r', '\n']);
    match t.as_bytes().first() {
        None | Some(b'0'..=b'9' | b'+' | b'-' | b'.' | b'~') => false,
        Some(_) => t.len() > 5 || !WORDS.iter().any(|w| t.eq_ignore_ascii_case(w)),
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

    /// Frontmatter the fast path reads must read as serde-saphyr reads it,
    /// and what serde-saphyr refuses the fast path must leave to it.
    fn same_as_serde(src: &str) -> bool {
        // The line reading, where it reads, gives what the event path
        // gives, which reads all it does.
        if let Some(by_lines) = key_lines(src, 1) {
            assert_eq!(Some(by_lines), plain_text(src, 1), "line and event paths differ on {src:?}");
        }
        let fast = plain_text(src, 1);
        match (&fast, parse_with_serde(src, 2)) {
            (None, _) => {}
            (Some(a), Ok(b)) => assert_eq!(*a, b, "fast and serde-saphyr paths differ on {src:?}"),
            (Some(a), Err(e)) => panic!("fast path accepted {src:?} ({a:?}), serde-saphyr refused it: {}", e.message),
        }
        fast.is_some()
    }

    #[test]
    fn the_fast_path_reads_as_serde_saphyr_does() {
        let cases = [
            "name: email.send\ndescription: Send an email\n",
            "name: a.b\ndescription: \"quoted: text\"\nauthor: 'it''s'\n",
            "description: >\n  folded\n  text\nnotes: |\n  kept\n   lines\n",
            "description: a plain\n  scalar on\n  three lines\n",
            "tags: [mail, send]\nos: [linux, macos]\n",
            "tags:\n  - mail\n  - send\nmeta:\n  owner: team\n  nested: {a: b, c: [d, e]}\n",
            "  name: indented\n  description: x\n",
            "name: x # a comment\n# a line comment\ndescription: why\n",
            "\"quoted key\": v\n'single': w\nkey with spaces: z\n",
            "name: é.ü\ndescription: 日本語のテキスト\n",
            "name: x\r\ndescription: why\r\n",
            "name: x\tdescription\n",
            "just a scalar",
            "- a\n- b\n",
            "{a: b}",
            "a: {b: {c: {d: [e, [f, [g]]]}}}\n",
            "k: ''\nl: \"\"\n",
            "k: \"\\u00e9\\n\"\n",
        ];
        for c in cases {
            assert!(same_as_serde(c), "fast path should read {c:?}");
        }
        // Left to serde-saphyr, which resolves, merges, expands or refuses them.
        let left = [
            "author: no\n",
            "n: 2\n",
            "version: 1.10\n",
            "x: ~\n",
            "x:\n",
            "x: null\n",
            "x: -1\n",
            "x: .inf\n",
            "a: &x v\nb: *x\n",
            "a: !!str 1\n",
            "<<: {a: b}\n",
            "a: 1\na: 2\n",
            "a: x\n'a': y\n",
            "[a, b]: x\n",
            "? {a: 1}\n: x\n",
            "a: [b\n",
            "a: b\n---\nc: d\n",
            "a: b\n  c: d\n",
            "# only a comment\n",
            // `: ` inside a plain value: a YAML error.
            "description: Send it, then stop: done\n",
        ];
        for c in left {
            assert!(!same_as_serde(c), "fast path should leave {c:?} to serde-saphyr");
        }
        // Deep or large: left to serde-saphyr's budget, whatever the values.
        let deep = format!("a: {}x{}\n", "[".repeat(40), "]".repeat(40));
        let wide = format!("a: [{}]\n", vec!["x"; 5000].join(", "));
        let keys: String = (0..100).map(|i| format!("k{i}: v\n")).collect();
        for c in [deep, wide, keys] {
            assert!(!same_as_serde(&c), "fast path should leave {} bytes to serde-saphyr", c.len());
        }
    }

    /// A number below `n` from the xorshift generator at `state`.
    fn below(state: &mut u64, n: usize) -> usize {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        (*state % n as u64) as usize
    }

    /// The line reading, over generated `key: value` lines with values
    /// that are text and values that only look like it (words YAML takes
    /// for booleans or nulls, indicators, comments, trailing blanks,
    /// continuation lines, duplicate keys): where it reads, it reads what
    /// the YAML parser reads, and it reads most plain frontmatter.
    #[test]
    fn key_lines_read_as_the_yaml_parser_does() {
        const KEYS: [&str; 12] =
            ["name", "description", "read_only", "allowed-tools", "_x", "on", "y", "Name", "k2", "a b", "<<", "-k"];
        const VALUES: [&str; 41] = [
            "email.send",
            "Send an email to the user's contacts",
            "Say \"hi\" (twice), then stop!",
            "a - b * c & d % e $ f @ g = h + i / j ; k ? l",
            "Skill number 0",
            "nan",
            "inf",
            "NaN",
            "Infinity",
            "TRUE",
            "Null",
            "e5",
            "no",
            "Off",
            "NULL",
            "Yes",
            "True",
            "nothing",
            "nope",
            "x: y",
            "x #y",
            "x#y",
            "[a]",
            "{a}",
            "a [b]",
            "'q'",
            "\"q\"",
            "|",
            ">",
            "&a x",
            "*a",
            "!t x",
            "%x",
            "@x",
            "`x`",
            "7 days",
            ".inf",
            "-x",
            "é",
            "x\ty",
            "",
        ];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |n: usize| below(&mut x, n);
        let (mut read, cases) = (0, 50_000);
        for _ in 0..cases {
            let mut src = String::new();
            for _ in 0..1 + next(4) {
                // Mostly what the line reading takes, so that what it
                // refuses is met among lines it takes.
                let pick = |next: &mut dyn FnMut(usize) -> usize, all: usize, good: usize| {
                    if next(4) > 0 { next(good) } else { next(all) }
                };
                let key = KEYS[pick(&mut next, KEYS.len(), 5)];
                let sep = [": ", ":  ", ":", ": \t"][pick(&mut next, 4, 2)];
                let value = VALUES[pick(&mut next, VALUES.len(), 5)];
                let end = ["\n", "\n", "\n", " \n", "\n  more\n", "\n\n", "\n# c\n", ""][pick(&mut next, 8, 3)];
                src.push_str(&format!("{key}{sep}{value}{end}"));
            }
            let Some(by_lines) = key_lines(&src, 1) else { continue };
            read += 1;
            assert_eq!(Some(&by_lines), plain_text(&src, 1).as_ref(), "{src:?}");
            assert_eq!(Ok(by_lines), parse_with_serde(&src, 2).map_err(|e| e.message), "{src:?}");
        }
        assert!(read * 20 > cases, "{read} of {cases}");
        for plain in ["name: email.send\ndescription: Send an email\n", "name: x\nread_only: yes\n"] {
            assert_eq!(key_lines(plain, 1).is_some(), plain.contains("Send"), "{plain:?}");
        }
    }

    /// Every frontmatter in this repository's skill trees and fixtures.
    #[test]
    fn the_repository_s_frontmatter_reads_as_serde_saphyr_does() {
        fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() && !p.ends_with("target") {
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "md") {
                    out.push(p);
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        walk(&root.join("skills"), &mut files);
        walk(&root.join("tests"), &mut files);
        let (mut fast, mut read) = (0, 0);
        for f in files {
            let Ok(text) = std::fs::read_to_string(&f) else { continue };
            let Some(rest) = text.strip_prefix("---\n") else { continue };
            let Some(end) = rest.find("\n---") else { continue };
            read += 1;
            fast += usize::from(same_as_serde(&rest[..=end]));
        }
        assert!(read > 40 && fast > read / 2, "{fast} of {read} frontmatters took the fast path");
    }

    /// The same over generated frontmatter: keys and values in every style,
    /// nesting, comments, and damage (lines cut, indents shifted, bytes
    /// swapped), so that the fast path is seen refusing what it must.
    #[test]
    fn generated_frontmatter_reads_as_serde_saphyr_does() {
        const KEYS: [&str; 10] = ["name", "description", "\"q k\"", "'s k'", "y", "on", "a b", "é", "<<", "k"];
        // Text the fast path reads, then what it leaves.
        const TEXT: [&str; 12] = [
            "email.send",
            "Send an email now",
            "\"dq \\\" x\"",
            "'sq '' x'",
            "[a, b]",
            "{a: b}",
            "[]",
            "{}",
            "|\n  lit",
            ">\n  fold\n  ed",
            "plain # comment",
            "Yesterday's 3 notes",
        ];
        const VALUES: [&str; 24] = [
            "email.send",
            "Send an email: now",
            "\"dq \\\" x\"",
            "'sq '' x'",
            "yes",
            "No",
            "12",
            "-3",
            "0x1F",
            "1.5e3",
            ".NaN",
            "~",
            "",
            "null",
            "[a, b]",
            "{a: b}",
            "[]",
            "{}",
            "&a x",
            "*a",
            "!!str 5",
            "|\n  lit",
            ">\n  fold\n  ed",
            "plain # comment",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| below(&mut state, n);
        let value = |next: &mut dyn FnMut(usize) -> usize| {
            if next(3) == 0 { VALUES[next(VALUES.len())] } else { TEXT[next(TEXT.len())] }
        };
        let (mut fast, mut cases) = (0, 0);
        for _ in 0..10_000 {
            let mut src = String::new();
            for _ in 0..1 + next(5) {
                let indent = if next(8) == 0 { "  " } else { "" };
                src.push_str(indent);
                src.push_str(if next(3) == 0 {
                    KEYS[next(KEYS.len())]
                } else {
                    ["name", "description", "tags"][next(3)]
                });
                src.push(':');
                match next(6) {
                    0 => {
                        src.push('\n');
                        for _ in 0..1 + next(3) {
                            src.push_str(indent);
                            src.push_str("  - ");
                            src.push_str(value(&mut next));
                            src.push('\n');
                        }
                    }
                    1 => {
                        src.push('\n');
                        src.push_str(indent);
                        src.push_str("  ");
                        src.push_str(KEYS[next(KEYS.len())]);
                        src.push_str(": ");
                        src.push_str(value(&mut next));
                        src.push('\n');
                    }
                    _ => {
                        src.push(' ');
                        src.push_str(value(&mut next));
                        src.push('\n');
                    }
                }
            }
            // Damage: a byte replaced by one that means something to YAML.
            if next(4) == 0 && !src.is_empty() {
                let at = next(src.len());
                if src.is_char_boundary(at) && src.is_char_boundary(at + 1) {
                    let b = [":", "-", " ", "\n", "\"", "'", "[", "{", "#", "\t"][next(10)];
                    src.replace_range(at..at + 1, b);
                }
            }
            cases += 1;
            fast += usize::from(same_as_serde(&src));
        }
        // Both paths were exercised.
        assert!(fast > cases / 20 && fast < cases * 9 / 10, "{fast} of {cases} took the fast path");
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
