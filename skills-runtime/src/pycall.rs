//! Tool calls written as Python calls, as some models write them in text:
//!
//! - Gemini's code execution form, in a ```` ```tool_code ```` block:
//!   `print(default_api.tasks_search(status=["todo"], limit=5))`;
//! - Llama 3.2's "pythonic" tool calls, a list of calls:
//!   `[tasks_search(status=["todo"]), email_send(to=["a@b.co"])]`;
//! - a call written as code by a model that forgot the command syntax:
//!   `tasks.search(status="todo")`.
//!
//! Such a call is shown, not run; the turn tells the model the command it
//! stands for ([`crate::turn`]). Only keyword arguments are read, whose
//! values are Python literals: strings (`'...'`, `"..."`, with escapes),
//! numbers, `True`, `False`, `None`, lists and tuples of them, and dicts
//! with string keys. Anything else (a positional argument, a variable, an
//! expression) means the line is code, and it is left alone.

use crate::json::ToolCall;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{Map, Number, Value};

/// How deep lists and dicts may nest in a value (hostile text such as
/// `[[[[...` is refused, not recursed into).
const MAX_DEPTH: usize = 16;

/// The Python calls that `line` is, with the name each calls (`tasks_search`,
/// `tasks.search`; without `default_api.`, `functions.` or `tools.`): one,
/// or a list of them. `None` when the line is anything else.
///
/// ```
/// use skills_runtime::pycall::calls;
/// let c = calls(r#"print(default_api.tasks_search(status=["todo"], limit=5))"#).unwrap();
/// assert_eq!(c[0].name, "tasks_search");
/// assert_eq!(c[0].arguments, serde_json::json!({"status": ["todo"], "limit": 5}));
/// assert!(calls("total = tasks_search(status)").is_none());
/// ```
pub fn calls(line: &str) -> Option<Vec<ToolCall>> {
    let mut p = Reader { s: line.trim().as_bytes(), at: 0 };
    let listed = p.eat(b'[');
    let mut out = Vec::new();
    loop {
        p.blanks();
        out.push(p.call()?);
        p.blanks();
        if !(listed && p.eat(b',')) {
            break;
        }
    }
    p.blanks();
    if listed && !p.eat(b']') {
        return None;
    }
    p.blanks();
    p.eat(b';');
    p.blanks();
    (p.at == p.s.len()).then_some(out)
}

struct Reader<'a> {
    s: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.at += usize::from(hit);
        hit
    }

    fn blanks(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// A dotted name (`default_api.tasks_search`, `tasks.search`).
    fn name(&mut self) -> Option<&'a str> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.') {
            self.at += 1;
        }
        let s: &'a [u8] = self.s;
        let name = core::str::from_utf8(&s[start..self.at]).ok()?;
        name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_').then_some(name)
    }

    /// `name(key=value, ...)`, or `print(...)` around one.
    fn call(&mut self) -> Option<ToolCall> {
        let name = self.name()?;
        if !self.eat(b'(') {
            return None;
        }
        if name == "print" {
            self.blanks();
            let inner = self.call()?;
            self.blanks();
            return self.eat(b')').then_some(inner);
        }
        let name = ["default_api.", "functions.", "tools."].iter().find_map(|p| name.strip_prefix(p)).unwrap_or(name);
        let name = String::from(name);
        let mut arguments = Map::new();
        loop {
            self.blanks();
            if self.eat(b')') {
                break;
            }
            let key = String::from(self.name()?);
            self.blanks();
            if !self.eat(b'=') {
                return None;
            }
            self.blanks();
            let value = self.value(0)?;
            arguments.insert(key, value);
            self.blanks();
            if !self.eat(b',') {
                self.blanks();
                if !self.eat(b')') {
                    return None;
                }
                break;
            }
        }
        let arguments = if arguments.is_empty() { Value::Null } else { Value::Object(arguments) };
        Some(ToolCall { name, arguments })
    }

    /// A Python literal.
    fn value(&mut self, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        match self.peek()? {
            q @ (b'"' | b'\'') => self.string(q).map(Value::String),
            open @ (b'[' | b'(') => {
                self.at += 1;
                let close = if open == b'[' { b']' } else { b')' };
                let mut items = Vec::new();
                loop {
                    self.blanks();
                    if self.eat(close) {
                        return Some(Value::Array(items));
                    }
                    items.push(self.value(depth + 1)?);
                    self.blanks();
                    if !self.eat(b',') {
                        self.blanks();
                        return self.eat(close).then_some(Value::Array(items));
                    }
                }
            }
            b'{' => {
                self.at += 1;
                let mut map = Map::new();
                loop {
                    self.blanks();
                    if self.eat(b'}') {
                        return Some(Value::Object(map));
                    }
                    let q = self.peek().filter(|&c| c == b'"' || c == b'\'')?;
                    let key = self.string(q)?;
                    self.blanks();
                    if !self.eat(b':') {
                        return None;
                    }
                    self.blanks();
                    map.insert(key, self.value(depth + 1)?);
                    self.blanks();
                    if !self.eat(b',') {
                        self.blanks();
                        return self.eat(b'}').then_some(Value::Object(map));
                    }
                }
            }
            _ => {
                let start = self.at;
                while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'+' | b'_')) {
                    self.at += 1;
                }
                let word = core::str::from_utf8(&self.s[start..self.at]).ok()?;
                match word {
                    "True" => Some(Value::Bool(true)),
                    "False" => Some(Value::Bool(false)),
                    "None" => Some(Value::Null),
                    _ => number(word),
                }
            }
        }
    }

    /// A string literal quoted with `q`, its escapes read as Python does
    /// for the usual ones (`\n`, `\t`, `\\`, `\'`, `\"`, `\u00e9`); any
    /// other backslash is kept, as Python keeps it.
    fn string(&mut self, q: u8) -> Option<String> {
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let c = self.peek()?;
            self.at += 1;
            match c {
                _ if c == q => break,
                b'\\' => {
                    let e = self.peek()?;
                    self.at += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'\\' | b'\'' | b'"' => out.push(e),
                        // `\u00e9`, as JSON also writes it.
                        b'u' => {
                            let hex = self.s.get(self.at..self.at + 4)?;
                            let code = u32::from_str_radix(core::str::from_utf8(hex).ok()?, 16).ok()?;
                            self.at += 4;
                            let mut utf8 = [0; 4];
                            out.extend_from_slice(char::from_u32(code)?.encode_utf8(&mut utf8).as_bytes());
                        }
                        _ => out.extend_from_slice(&[b'\\', e]),
                    }
                }
                _ => out.push(c),
            }
        }
        String::from_utf8(out).ok()
    }
}

/// A Python integer or float literal as a JSON number (digit separators
/// `1_000` allowed, as Python allows them).
fn number(word: &str) -> Option<Value> {
    if word.is_empty() || !word.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let plain: String = word.chars().filter(|&c| c != '_').collect();
    if let Ok(n) = plain.parse::<i64>() {
        return Some(Value::Number(n.into()));
    }
    Number::from_f64(plain.parse::<f64>().ok()?).map(Value::Number)
}

#[cfg(test)]
mod tests {
    use super::calls;
    use serde_json::json;

    fn read(line: &str) -> Option<Vec<(String, serde_json::Value)>> {
        calls(line).map(|c| c.into_iter().map(|c| (c.name, c.arguments)).collect())
    }

    #[test]
    fn the_forms_models_write() {
        assert_eq!(
            read(r#"print(default_api.tasks_search(status=["todo", 'blocked'], limit=5, overdue=True))"#),
            Some(vec![("tasks_search".into(), json!({"status": ["todo", "blocked"], "limit": 5, "overdue": true}))])
        );
        assert_eq!(
            read(
                r#"[tasks_search(due_before="2026-03-01"), email_send(to=("a@b.co",), subject='It\'s "Q1"\n\u00e9')]"#
            ),
            Some(vec![
                ("tasks_search".into(), json!({"due_before": "2026-03-01"})),
                ("email_send".into(), json!({"to": ["a@b.co"], "subject": "It's \"Q1\"\né"})),
            ])
        );
        assert_eq!(
            read("tasks.search(limit=1_000, ratio=-0.5, meta={'a': [1, None]},)"),
            Some(vec![("tasks.search".into(), json!({"limit": 1000, "ratio": -0.5, "meta": {"a": [1, null]}}))])
        );
        assert_eq!(read("functions.get_skill()"), Some(vec![("get_skill".into(), serde_json::Value::Null)]));
    }

    #[test]
    fn code_that_is_no_call_is_left_alone() {
        for line in [
            "tasks_search(status)",
            "x = tasks_search(limit=1)",
            "tasks_search(limit=1) + 1",
            "tasks_search(limit=n)",
            "tasks_search(limit=1",
            "print(tasks_search(limit=1)",
            "[tasks_search(limit=1)",
            "if tasks_search(limit=1):",
            "tasks_search(q='never closed)",
            "tasks_search(q=f'{x}')",
            "1(a=1)",
            "",
            "(",
        ] {
            assert!(read(line).is_none(), "{line}");
        }
        // Nesting deeper than a call needs is refused, not recursed into.
        let deep = format!("a(x={}1{})", "[".repeat(100_000), "]".repeat(100_000));
        assert!(read(&deep).is_none());
    }

    /// A small deterministic generator (xorshift), for the property tests.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A JSON value a call's argument may hold, and the Python literal
    /// that writes it (strings in either quote, with escapes).
    fn value(rng: &mut Rng, depth: usize) -> (serde_json::Value, String) {
        const TEXT: [&str; 9] = ["a", " ", "'", "\"", "\\", "\n", "é", "😀", "\u{1}"];
        match rng.below(if depth > 2 { 4 } else { 6 }) {
            0 => (json!(null), "None".into()),
            1 => {
                let b = rng.below(2) == 0;
                (json!(b), if b { "True" } else { "False" }.into())
            }
            2 => {
                let n = rng.below(2001) as i64 - 1000;
                (json!(n), n.to_string())
            }
            3 => {
                let text: String = (0..rng.below(6)).map(|_| TEXT[rng.below(TEXT.len())]).collect();
                let literal = if rng.below(2) == 0 {
                    serde_json::to_string(&text).unwrap()
                } else {
                    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'").replace('\n', "\\n"))
                };
                (json!(text), literal)
            }
            4 => {
                let items: Vec<_> = (0..rng.below(4)).map(|_| value(rng, depth + 1)).collect();
                let tuple = rng.below(2) == 0 && !items.is_empty();
                let inner: Vec<&str> = items.iter().map(|(_, l)| l.as_str()).collect();
                let literal =
                    if tuple { format!("({},)", inner.join(", ")) } else { format!("[{}]", inner.join(", ")) };
                (serde_json::Value::Array(items.into_iter().map(|(v, _)| v).collect()), literal)
            }
            _ => {
                let mut map = serde_json::Map::new();
                let mut parts = Vec::new();
                for k in 0..rng.below(3) {
                    let (v, l) = value(rng, depth + 1);
                    parts.push(format!("'k{k}': {l}"));
                    map.insert(format!("k{k}"), v);
                }
                (serde_json::Value::Object(map), format!("{{{}}}", parts.join(", ")))
            }
        }
    }

    /// Calls written from random arguments read back as those arguments,
    /// with any spacing; and any text of call-like pieces reads or is
    /// refused without a panic.
    #[test]
    fn written_calls_read_back_and_any_text_is_safe() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let blank = [" ", "", "\n  ", "\t"];
        for _ in 0..20_000 {
            let mut expected = serde_json::Map::new();
            let mut keywords = Vec::new();
            for k in 0..rng.below(4) {
                let (v, literal) = value(&mut rng, 0);
                let b = blank[rng.below(blank.len())];
                keywords.push(format!("{b}arg_{k}{b}={b}{literal}{b}"));
                expected.insert(format!("arg_{k}"), v);
            }
            let call = format!("tools.do_it({})", keywords.join(","));
            let line = match rng.below(3) {
                0 => call,
                1 => format!("print({call})"),
                _ => format!("[{call}]"),
            };
            let got = calls(&line).unwrap_or_else(|| panic!("{line}"));
            let arguments = if expected.is_empty() { serde_json::Value::Null } else { expected.into() };
            assert_eq!((got[0].name.as_str(), &got[0].arguments), ("do_it", &arguments), "{line}");
        }
        const PIECES: [&str; 16] = ["a", "(", ")", "[", "]", "{", "}", "=", ",", "'", "\"", "\\", "u12", ":", " ", "é"];
        for _ in 0..50_000 {
            let text: String = (0..rng.below(24)).map(|_| PIECES[rng.below(PIECES.len())]).collect();
            let _ = calls(&text);
        }
    }
}
