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
//! stands for (the turn). Only keyword arguments are read, whose
//! values are Python literals, read as Python's grammar defines them:
//!
//! - strings in either quote, triple-quoted ones across lines, with the
//!   `r`, `u` and `f` prefixes (an f-string only without replacement
//!   fields), adjacent strings joined (`("Dear " "Bob")`), and every escape
//!   but `\N{...}` (`\n`, `\x41`, `\101`, `\u00e9`, `\U0001F600`, a
//!   backslash at a line's end; an unknown one such as `\q` is kept, as
//!   Python keeps it);
//! - integers (`1_000`, `0x1F`, `0o17`, `0b101`; one beyond 64 bits is kept
//!   as its digits) and floats (`2.5`, `1e-3`);
//! - `True`, `False`, `None`, and lists, tuples and dicts (string keys) of
//!   them; a value in parentheses without a comma is that value.
//!
//! One extension: a call whose one argument is an object,
//! `functions.tasks_search({"limit": 5})`, as the TypeScript-like tool
//! signatures in OpenAI's prompts write it, takes that object (JSON, or a
//! Python dict) as its arguments.
//!
//! A block may hold several statements, one per line or separated by `;`,
//! and comments (`# ...`). Anything else (a positional argument, a
//! variable, an expression, a keyword given twice, a line break inside a
//! one-quote string) means the text is code, or not Python, and not a call
//! this reads. `tests/pycall_differential.rs` compares what this reads with
//! what Python reads.

use super::tool_name;
use crate::tool_call::ToolCall;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::{Map, Number, Value};

/// How deep lists and dicts may nest in a value (hostile text such as
/// `[[[[...` is refused, not recursed into).
const MAX_DEPTH: usize = 16;

/// The Python calls that `text` is, with the name each calls
/// (`tasks_search`, `tasks.search`; without `default_api.`, `functions.`
/// or `tools.`): one, a list of them, or several statements of them.
/// `None` when the text is anything else.
///
/// ```
/// use skills_runtime::pycall::calls;
/// let c = calls(r#"print(default_api.tasks_search(status=["todo"], limit=5))"#).unwrap();
/// assert_eq!(c[0].name, "tasks_search");
/// assert_eq!(c[0].arguments, serde_json::json!({"status": ["todo"], "limit": 5}));
/// let c = calls("email_send(\n    to=['bob@co.com'],  # the boss\n    body=\"\"\"Hi Bob,\n\nDone.\"\"\",\n)").unwrap();
/// assert_eq!(c[0].arguments["body"], "Hi Bob,\n\nDone.");
/// assert!(calls("total = tasks_search(status)").is_none());
/// ```
pub fn calls(text: &str) -> Option<Vec<ToolCall>> {
    read(text).ok()
}

/// Text that starts as a call (`email_send(`) but is not one [`calls`]
/// reads: `email_send(to=recipients)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unread {
    /// The name called, as written (`default_api.email_send`).
    pub written: String,
    /// The byte of the text where reading stopped.
    pub at: usize,
    /// What is there, in a few words (`a variable or an expression`).
    pub why: &'static str,
}

/// [`calls`], or why not: `Err(None)` for text that is no call at all,
/// `Err(Some(..))` for a call whose arguments could not be read.
pub(crate) fn read(text: &str) -> Result<Vec<ToolCall>, Option<Unread>> {
    let mut p = Reader { s: text.as_bytes(), at: 0, started: None };
    let mut out = Vec::new();
    p.statements(&mut out).map(|()| out).map_err(|why| {
        let written = p.started.take()?;
        Some(Unread { written: String::from(written), at: p.at.min(text.len()), why })
    })
}

type Read<T> = Result<T, &'static str>;

struct Reader<'a> {
    s: &'a [u8],
    at: usize,
    /// The call being read, once its name and `(` are: an error from then
    /// on is an unread call of it.
    started: Option<&'a str>,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn next(&mut self) -> Read<u8> {
        let c = self.peek().ok_or("the text ends inside it")?;
        self.at += 1;
        Ok(c)
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.at += usize::from(hit);
        hit
    }

    fn expect(&mut self, c: u8, why: &'static str) -> Read<()> {
        if self.eat(c) { Ok(()) } else { Err(why) }
    }

    /// Blanks and comments within a line (which a backslash at its end
    /// joins to the next).
    fn spaces(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\x0c') => self.at += 1,
                Some(b'\\') if self.s[self.at + 1..].starts_with(b"\n") => self.at += 2,
                Some(b'\\') if self.s[self.at + 1..].starts_with(b"\r\n") => self.at += 3,
                Some(b'#') => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.at += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// Blanks, line breaks and comments (inside brackets, or between
    /// statements).
    fn blanks(&mut self) {
        loop {
            self.spaces();
            if !self.eat(b'\n') {
                return;
            }
        }
    }

    /// Statements, each ended by a line break or `;`.
    fn statements(&mut self, out: &mut Vec<ToolCall>) -> Read<()> {
        self.blanks();
        loop {
            self.statement(out)?;
            self.spaces();
            let ended = self.eat(b';') || self.eat(b'\n');
            self.blanks();
            if self.at == self.s.len() {
                return Ok(());
            }
            if !ended {
                return Err("code after the call");
            }
        }
    }

    /// `[call, ...]`, `print(call, ...)` or a call.
    fn statement(&mut self, out: &mut Vec<ToolCall>) -> Read<()> {
        if self.eat(b'[') {
            return self.calls_up_to(b']', "no `]` after the list of calls", out);
        }
        let start = self.at;
        if self.name()? == "print" && self.eat(b'(') {
            return self.calls_up_to(b')', "no `)` after print's calls", out);
        }
        self.at = start;
        out.push(self.call()?);
        Ok(())
    }

    /// One or more calls separated by commas, up to `close` (a comma may
    /// come last).
    fn calls_up_to(&mut self, close: u8, why: &'static str, out: &mut Vec<ToolCall>) -> Read<()> {
        loop {
            self.blanks();
            out.push(self.call()?);
            self.blanks();
            if !self.eat(b',') {
                return self.expect(close, why);
            }
            self.blanks();
            if self.eat(close) {
                return Ok(());
            }
        }
    }

    /// A dotted name (`default_api.tasks_search`, `tasks.search`).
    fn name(&mut self) -> Read<&'a str> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.') {
            self.at += 1;
        }
        let s: &'a [u8] = self.s;
        let name = core::str::from_utf8(&s[start..self.at]).map_err(|_| "not a name")?;
        let parts_ok = name.split('.').all(|p| p.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'));
        if parts_ok { Ok(name) } else { Err("not a name") }
    }

    /// `name(key=value, ...)`, or `name({"key": value, ...})`.
    fn call(&mut self) -> Read<ToolCall> {
        let written = self.name()?;
        if !self.eat(b'(') {
            return Err("not a call");
        }
        self.started = Some(written);
        self.blanks();
        if self.peek() == Some(b'{') {
            return self.object_call(written);
        }
        let mut arguments = Map::new();
        loop {
            self.blanks();
            if self.eat(b')') {
                break;
            }
            let key_at = self.at;
            let key = self.name().map_err(|_| "a positional argument")?;
            if key.contains('.') {
                return Err("a positional argument");
            }
            self.blanks();
            self.expect(b'=', "a positional argument")?;
            self.blanks();
            let value = self.value(0)?;
            if arguments.insert(String::from(key), value).is_some() {
                self.at = key_at;
                return Err("a keyword argument given twice");
            }
            self.blanks();
            if !self.eat(b',') {
                self.expect(b')', "no `)` after the arguments")?;
                break;
            }
        }
        self.started = None;
        let arguments = if arguments.is_empty() { Value::Null } else { Value::Object(arguments) };
        Ok(ToolCall { name: String::from(tool_name(written)), arguments })
    }

    /// The rest of `name({...})`: one object, the arguments, as the
    /// TypeScript-like signatures in OpenAI's prompts write them
    /// (`functions.tasks_search({"limit": 5})`). It is read as JSON, else
    /// as a Python dict; a comma may follow it.
    fn object_call(&mut self, written: &'a str) -> Read<ToolCall> {
        let mut json = serde_json::Deserializer::from_slice(&self.s[self.at..]).into_iter::<Value>();
        let arguments = match json.next() {
            Some(Ok(object @ Value::Object(_))) => {
                self.at += json.byte_offset();
                object
            }
            _ => self.value(0)?,
        };
        self.blanks();
        self.eat(b',');
        self.blanks();
        self.expect(b')', "no `)` after the arguments")?;
        self.started = None;
        let arguments = match arguments {
            Value::Object(map) if map.is_empty() => Value::Null,
            object => object,
        };
        Ok(ToolCall { name: String::from(tool_name(written)), arguments })
    }

    /// A Python literal.
    fn value(&mut self, depth: usize) -> Read<Value> {
        if depth > MAX_DEPTH {
            return Err("values nested too deep");
        }
        match self.peek().ok_or("the text ends inside it")? {
            b'"' | b'\'' => self.strings(Prefix::default()).map(Value::String),
            b'[' => {
                self.at += 1;
                self.items(b']', depth, Vec::new()).map(Value::Array)
            }
            b'(' => {
                // `()` and `(x,)` are tuples; `(x)` is `x`.
                self.at += 1;
                self.blanks();
                if self.eat(b')') {
                    return Ok(Value::Array(Vec::new()));
                }
                let first = self.value(depth + 1)?;
                self.blanks();
                if self.eat(b')') {
                    return Ok(first);
                }
                self.expect(b',', "no `,` or `)` after a value")?;
                self.items(b')', depth, alloc::vec![first]).map(Value::Array)
            }
            b'{' => {
                self.at += 1;
                let mut map = Map::new();
                loop {
                    self.blanks();
                    if self.eat(b'}') {
                        return Ok(Value::Object(map));
                    }
                    let key = match self.value(depth + 1)? {
                        Value::String(key) => key,
                        _ => return Err("a dict key that is not a string"),
                    };
                    self.blanks();
                    self.expect(b':', "no `:` after a dict key")?;
                    self.blanks();
                    map.insert(key, self.value(depth + 1)?);
                    self.blanks();
                    if !self.eat(b',') {
                        return self.expect(b'}', "no `}` after a dict").map(|()| Value::Object(map));
                    }
                }
            }
            _ => {
                // A word: a number (with a sign first, and one after an
                // exponent's `e`), `True`, a variable, or a string's prefix.
                let first = self.at;
                let negative = match self.peek() {
                    Some(sign @ (b'-' | b'+')) => {
                        self.at += 1;
                        self.blanks();
                        Some(sign == b'-')
                    }
                    _ => None,
                };
                let start = self.at;
                let numeric = self.peek().is_some_and(|c| c.is_ascii_digit() || c == b'.');
                while let Some(c) = self.peek() {
                    let after_exponent = numeric && matches!(self.s[self.at - 1], b'e' | b'E');
                    if c.is_ascii_alphanumeric()
                        || matches!(c, b'.' | b'_')
                        || (after_exponent && matches!(c, b'+' | b'-'))
                    {
                        self.at += 1;
                    } else {
                        break;
                    }
                }
                let word = core::str::from_utf8(&self.s[start..self.at]).map_err(|_| "not a literal")?;
                if negative.is_none() && matches!(self.peek(), Some(b'"' | b'\'')) {
                    let prefix = Prefix::read(word).ok_or("a string prefix other than r, u or f")?;
                    return self.strings(prefix).map(Value::String);
                }
                match (negative, word) {
                    (None, "True") => Ok(Value::Bool(true)),
                    (None, "False") => Ok(Value::Bool(false)),
                    (None, "None") => Ok(Value::Null),
                    _ => number(negative == Some(true), word).ok_or_else(|| {
                        self.at = first;
                        "a variable or an expression"
                    }),
                }
            }
        }
    }

    /// The rest of a list or tuple, up to `close`.
    fn items(&mut self, close: u8, depth: usize, mut items: Vec<Value>) -> Read<Vec<Value>> {
        loop {
            self.blanks();
            if self.eat(close) {
                return Ok(items);
            }
            items.push(self.value(depth + 1)?);
            self.blanks();
            if !self.eat(b',') {
                let why = if close == b']' { "no `]` after a list" } else { "no `)` after a tuple" };
                return self.expect(close, why).map(|()| items);
            }
        }
    }

    /// A string literal with `prefix`, and those written right after it
    /// (`"Dear " 'Bob'`), joined as Python joins them.
    fn strings(&mut self, prefix: Prefix) -> Read<String> {
        let mut out = Vec::new();
        self.string(prefix, &mut out)?;
        loop {
            let before = self.at;
            self.blanks();
            let start = self.at;
            while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) && self.at - start < 2 {
                self.at += 1;
            }
            let word = core::str::from_utf8(&self.s[start..self.at]).unwrap_or("");
            match Prefix::read(word) {
                Some(prefix) if matches!(self.peek(), Some(b'"' | b'\'')) => self.string(prefix, &mut out)?,
                _ => {
                    self.at = before;
                    break;
                }
            }
        }
        String::from_utf8(out).map_err(|_| "a string that is not text")
    }

    /// One string literal, its opening quote next, into `out`.
    fn string(&mut self, prefix: Prefix, out: &mut Vec<u8>) -> Read<()> {
        let q = self.next()?;
        let triple = self.s[self.at..].starts_with(&[q, q]);
        if triple {
            self.at += 2;
        }
        loop {
            let c = self.next().map_err(|_| "a string that is never closed")?;
            match c {
                _ if c == q => {
                    if !triple || self.s[self.at..].starts_with(&[q, q]) {
                        self.at += if triple { 2 } else { 0 };
                        return Ok(());
                    }
                    out.push(c);
                }
                b'{' | b'}' if prefix.f => {
                    if !self.eat(c) {
                        return Err("an f-string with a replacement field");
                    }
                    out.push(c);
                }
                b'\\' if prefix.raw => {
                    // Kept; a quote, backslash or line break after it is
                    // kept too, and does not end the string.
                    out.push(c);
                    if let Some(e @ (b'\\' | b'\'' | b'"' | b'\n' | b'\r')) = self.peek() {
                        self.at += 1;
                        out.push(e);
                    }
                }
                b'\\' => self.escape(out)?,
                b'\n' | b'\r' if !triple => {
                    self.at -= 1;
                    return Err("a line break inside a one-quote string (write `\\n`)");
                }
                _ => out.push(c),
            }
        }
    }

    /// The escape after a backslash, into `out`.
    fn escape(&mut self, out: &mut Vec<u8>) -> Read<()> {
        let e = self.next().map_err(|_| "a string that is never closed")?;
        let code = match e {
            b'\n' => return Ok(()),
            b'\r' => {
                self.eat(b'\n');
                return Ok(());
            }
            b'\\' | b'\'' | b'"' => u32::from(e),
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'n' => 10,
            b'r' => 13,
            b't' => 9,
            b'v' => 11,
            b'0'..=b'7' => {
                let mut code = u32::from(e - b'0');
                for _ in 0..2 {
                    match self.peek() {
                        Some(d @ b'0'..=b'7') => {
                            code = code * 8 + u32::from(d - b'0');
                            self.at += 1;
                        }
                        _ => break,
                    }
                }
                code
            }
            b'x' => self.hex(2)?,
            // A surrogate (`\ud83d`) is no character: refused below.
            b'u' => self.hex(4)?,
            b'U' => self.hex(8)?,
            b'N' => {
                self.at -= 2;
                return Err("a `\\N{...}` escape (write the character itself)");
            }
            _ => {
                // Kept, and what follows is read as if no backslash were
                // there (in an f-string, `\{` still opens a field).
                out.push(b'\\');
                self.at -= 1;
                return Ok(());
            }
        };
        let c = char::from_u32(code).ok_or("an escape that is no character")?;
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    }

    /// `n` hex digits, as a number.
    fn hex(&mut self, n: usize) -> Read<u32> {
        let digits = self.s.get(self.at..self.at + n).ok_or("an escape with too few hex digits")?;
        if !digits.iter().all(u8::is_ascii_hexdigit) {
            return Err("an escape with too few hex digits");
        }
        self.at += n;
        let digits = core::str::from_utf8(digits).map_err(|_| "not hex")?;
        u32::from_str_radix(digits, 16).map_err(|_| "an escape that is no character")
    }
}

/// A string literal's prefix (`r`, `u`, `f`, `rf`, in any case).
#[derive(Clone, Copy, Default)]
struct Prefix {
    raw: bool,
    f: bool,
}

impl Prefix {
    /// `None` for a prefix of something else than text: bytes (`b`) or a
    /// template (`t`).
    fn read(word: &str) -> Option<Prefix> {
        match word.to_ascii_lowercase().as_str() {
            "" | "u" => Some(Prefix::default()),
            "r" => Some(Prefix { raw: true, f: false }),
            "f" => Some(Prefix { raw: false, f: true }),
            "rf" | "fr" => Some(Prefix { raw: true, f: true }),
            _ => None,
        }
    }
}

/// A Python integer or float literal, as Python's grammar writes them
/// (`1_000`, `0x1F`, `0o17`, `0b101`, `2.5`, `1e-3`), negated or not, as a
/// JSON number; an integer beyond 64 bits is kept as its digits.
fn number(negative: bool, unsigned: &str) -> Option<Value> {
    let radix = match unsigned.get(..2).map(str::to_ascii_lowercase).as_deref() {
        Some("0x") => 16,
        Some("0o") => 8,
        Some("0b") => 2,
        _ => 10,
    };
    if radix != 10 {
        // `0x_1f`: one `_` may follow the base.
        let digits = &unsigned[2..];
        let digits = digits.strip_prefix('_').unwrap_or(digits);
        if !separated(digits, radix, |c| c.is_digit(radix)) {
            return None;
        }
        let plain: String = digits.chars().filter(|&c| c != '_').collect();
        return integer(negative, u128::from_str_radix(&plain, radix).ok()?);
    }
    if !separated(unsigned, 10, |c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-')) {
        return None;
    }
    let plain: String = unsigned.chars().filter(|&c| c != '_').collect();
    if plain.bytes().all(|b| b.is_ascii_digit()) {
        // `007` is refused by Python (`000` is zero).
        if plain.len() > 1 && plain.starts_with('0') && plain.bytes().any(|b| b != b'0') {
            return None;
        }
        return match plain.parse::<u128>() {
            Ok(n) => integer(negative, n),
            Err(_) => Some(Value::String(if negative { alloc::format!("-{plain}") } else { plain })),
        };
    }
    // `f64`'s reading accepts `inf` and `nan`, which the check above keeps out.
    let value = plain.parse::<f64>().ok()?;
    Number::from_f64(if negative { -value } else { value }).map(Value::Number)
}

/// Whether `digits` holds only characters `ok` allows and each `_` sits
/// between two digits of `radix`, as Python requires.
fn separated(digits: &str, radix: u32, ok: impl Fn(char) -> bool) -> bool {
    let b = digits.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(|&c| char::from(c).is_digit(radix));
    !digits.is_empty()
        && digits.chars().all(|c| c == '_' || ok(c))
        && (0..b.len()).all(|i| b[i] != b'_' || (i > 0 && digit(i - 1) && digit(i + 1)))
}

/// An integer as a JSON number, or its digits when it does not fit.
fn integer(negative: bool, n: u128) -> Option<Value> {
    Some(match (negative, u64::try_from(n), i64::try_from(n)) {
        (false, Ok(n), _) => Value::Number(n.into()),
        (true, _, Ok(n)) => Value::Number((-n).into()),
        (true, _, _) if n == 1 << 63 => Value::Number(i64::MIN.into()),
        _ => Value::String(if negative { alloc::format!("-{n}") } else { n.to_string() }),
    })
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

    /// What Python's grammar allows beyond the everyday forms, read as
    /// Python reads it (the differential test compares many more).
    #[test]
    fn the_grammar_of_python_literals() {
        let one = |text: &str| read(text).unwrap_or_else(|| panic!("{text}")).remove(0).1;
        // Strings: triple quotes across lines, prefixes, adjacent strings,
        // escapes, a backslash at a line's end.
        assert_eq!(one("a(s='''x\n\n# y''')"), json!({"s": "x\n\n# y"}));
        assert_eq!(one(r#"a(s=r"C:\new\\")"#), json!({"s": r"C:\new\\"}));
        assert_eq!(
            one(r#"a(s=r'\d\'', u=U"é", f=f"{{x}}", rf=Rf"\{{")"#),
            json!({"s": r"\d\'", "u": "é", "f": "{x}", "rf": r"\{"})
        );
        assert_eq!(one("a(s=('Dear '\n  \"Bob \" 'and' \\\n ' Ann'))"), json!({"s": "Dear Bob and Ann"}));
        assert_eq!(one(r#"a(s="\x41\101\u00e9\U0001F600\a\v\q\0")"#), json!({"s": "AAé😀\u{7}\u{b}\\q\u{0}"}));
        assert_eq!(one("a(s='one \\\ntwo')"), json!({"s": "one two"}));
        // Numbers in every base, `_` between digits, a sign apart, beyond
        // 64 bits as digits.
        assert_eq!(
            one(
                "a(h=0x1F, o=0o17, b=0b101, u=1_000, z=000, f=1.e3, n=- 2, big=99999999999999999999, low=-0x8000000000000000)"
            ),
            json!({"h": 31, "o": 15, "b": 5, "u": 1000, "z": 0, "f": 1000.0, "n": -2, "big": "99999999999999999999", "low": i64::MIN})
        );
        // One object as the arguments, JSON or a Python dict.
        assert_eq!(one("functions.a({\"n\": 5, \"b\": true, \"x\": null})"), json!({"n": 5, "b": true, "x": null}));
        assert_eq!(one("a({'n': 5, 'b': True},)"), json!({"n": 5, "b": true}));
        // `(x)` is `x`; `(x,)` and `()` are tuples.
        assert_eq!(one("a(p=('x'), t=('x',), e=())"), json!({"p": "x", "t": ["x"], "e": []}));
        // Statements, one per line or after `;`, with comments and a
        // trailing comma in print.
        let many = read("# first\nprint(a(x=1),)\nb(y=2); [c(), d(z=None),]  # done\n").unwrap();
        assert_eq!(many.iter().map(|c| c.0.as_str()).collect::<Vec<_>>(), ["a", "b", "c", "d"]);
    }

    /// Text that starts as a call and stops being one says where and why;
    /// other text is no call at all.
    #[test]
    fn a_call_that_cannot_be_read_says_where() {
        use super::{Unread, read};
        let unread = |text: &str| read(text).unwrap_err().unwrap_or_else(|| panic!("{text}"));
        let u = unread("default_api.email_send(to=recipients)");
        assert_eq!(u, Unread { written: "default_api.email_send".into(), at: 26, why: "a variable or an expression" });
        assert_eq!(super::tool_name(&u.written), "email_send");
        assert_eq!((unread("a(x=1, x=2)").why, unread("a(x=1, x=2)").at), ("a keyword argument given twice", 7));
        assert_eq!(unread("a(x='one\ntwo')").at, 8);
        assert_eq!(unread(r"a(x='\N{BULLET}')").at, 5);
        assert_eq!(unread("a(x=b'raw')").why, "a string prefix other than r, u or f");
        assert_eq!(unread("[a(x=1), b(y=2, 3)]").why, "a positional argument");
        for text in ["x = a(y=1)", "a(x=1) + 1", "for r in rs:", "print('hi')", "", "1(a=1)"] {
            assert_eq!(read(text), Err(None), "{text}");
        }
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
        const PIECES: [&str; 24] = [
            "a", "(", ")", "[", "]", "{", "}", "=", ",", "'", "\"", "\\", "u12", ":", " ", "é", "\n", "x=", "-", "1e",
            "0x", "'''", "N{", "#",
        ];
        for _ in 0..50_000 {
            let text: String = (0..rng.below(24)).map(|_| PIECES[rng.below(PIECES.len())]).collect();
            // Where reading stopped is a place in the text (the turn quotes
            // the text from there).
            if let Err(Some(u)) = super::read(&text) {
                assert!(text.is_char_boundary(u.at), "{text:?} {u:?}");
            }
        }
    }
}
