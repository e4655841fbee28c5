//! Differential test: `pycall::calls` against Python's own parser.
//!
//! Generates calls rich in what Python's literal grammar decides (string
//! prefixes, quotes, triple quotes, every kind of escape, adjacent
//! strings, numbers in each base with `_` in good and bad places, tuples,
//! dicts, comments, statements), and compares what `calls` reads with
//! what Python reads (`ast.parse`, then each argument's constant), or that
//! both refuse the text, with one `python3` process reading the batch.
//!
//! One extension is mirrored on the Python side: a call whose one
//! argument is an object (`f({"limit": 5})`) takes it as its arguments,
//! read as JSON first (as serde_json reads it), else as a Python dict.
//!
//! Where `calls` refuses what Python reads (documented in `pycall`: a
//! `\N{...}` escape, bytes, complex numbers, sets, dict keys that are not
//! strings, infinite floats, surrogates), the Python side refuses too.
//!
//! `PYCALL_DIFF_CASES` (default 30000) and `PYCALL_DIFF_SEED` override the
//! size and the seed.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

const PY: &str = r##"
import ast, json, sys

class Refused(Exception):
    pass

def name(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return name(node.value) + "." + node.attr
    raise Refused("callee")

def text(s):
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("surrogate")
    return s

def number(v):
    if isinstance(v, int):
        return v if -2**63 <= v < 2**64 else str(v)
    if v != v or v in (float("inf"), float("-inf")):
        raise Refused("inf")
    return v

def value(node, depth=0):
    if depth > 16:
        raise Refused("deep")
    if isinstance(node, ast.Constant):
        v = node.value
        if isinstance(v, bool) or v is None:
            return v
        if isinstance(v, str):
            return text(v)
        if type(v) in (int, float):
            return number(v)
        raise Refused(type(v).__name__)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)) \
            and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) in (int, float):
        v = node.operand.value
        return number(-v if isinstance(node.op, ast.USub) else v)
    if isinstance(node, ast.JoinedStr):
        if all(isinstance(p, ast.Constant) for p in node.values):
            return text("".join(p.value for p in node.values))
        raise Refused("f-string field")
    if isinstance(node, (ast.List, ast.Tuple)):
        return [value(e, depth + 1) for e in node.elts]
    if isinstance(node, ast.Dict):
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                raise Refused("**")
            k = value(k, depth + 1)
            if not isinstance(k, str):
                raise Refused("key")
            out[k] = value(v, depth + 1)
        return out
    raise Refused(type(node).__name__)

def reject(constant):
    raise Refused(constant)

def from_json(v):
    # As serde_json reads JSON: integers beyond 64 bits are floats.
    if isinstance(v, dict):
        return {k: from_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [from_json(x) for x in v]
    if isinstance(v, str):
        return text(v)
    if type(v) is int and not -2**63 <= v < 2**64:
        return float(v)
    return v

def offset(src, line, col):
    # ast's columns are UTF-8 byte offsets on their line.
    lines = src.encode().split(b"\n")
    return sum(len(l) + 1 for l in lines[:line - 1]) + col

def brace_follows(src, func, arg):
    b = src.encode()
    i = offset(src, func.end_lineno, func.end_col_offset)
    if b[i:i + 1] != b"(":
        return False
    i += 1
    while i < len(b) and b[i:i + 1] in (b" ", b"\t", b"\n", b"\r", b"\x0c", b"#", b"\\"):
        if b[i:i + 1] == b"#":
            while i < len(b) and b[i:i + 1] != b"\n":
                i += 1
        else:
            i += 1
    return i == offset(src, arg.lineno, arg.col_offset)

def call(node, src):
    if not isinstance(node, ast.Call):
        raise Refused("not a call")
    # The extension: one object as the arguments, JSON first; written
    # `name({...})`, the brace right after the parenthesis (and blanks).
    if len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.Dict) \
            and brace_follows(src, node.func, node.args[0]):
        segment = ast.get_source_segment(src, node.args[0])
        try:
            args = from_json(json.loads(segment, parse_constant=reject))
        except ValueError:
            args = value(node.args[0])
    elif node.args:
        raise Refused("not a call")
    else:
        args = {}
    for k in node.keywords:
        if k.arg is None or k.arg in args:
            raise Refused("keyword")
        args[k.arg] = value(k.value)
    n = name(node.func)
    for p in ("default_api.", "functions.", "tools."):
        if n.startswith(p):
            n = n[len(p):]
            break
    return [n, args or None]

def read(src):
    tree = ast.parse(src)
    calls = []
    if not tree.body:
        raise Refused("empty")
    for stmt in tree.body:
        if not isinstance(stmt, ast.Expr):
            raise Refused("statement")
        e = stmt.value
        if isinstance(e, ast.List):
            if not e.elts:
                raise Refused("empty list")
            calls += [call(c, src) for c in e.elts]
        elif isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "print":
            if not e.args or e.keywords:
                raise Refused("print")
            calls += [call(c, src) for c in e.args]
        else:
            calls.append(call(e, src))
    return calls

out = []
for line in sys.stdin:
    src = json.loads(line)
    try:
        out.append({"ok": read(src)})
    except (SyntaxError, ValueError, Refused) as e:
        out.append({"err": str(e)})
json.dump(out, sys.stdout, allow_nan=False)
"##;

/// xorshift64*: a deterministic generator with no dependency, so a failing
/// case is reproduced from its seed alone.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }
}

/// What a string's body is written from: text, quotes and escapes Python
/// reads, then escapes and line breaks it refuses (not `\N{...}`, which
/// Python reads and `calls` refuses: its unit tests check that).
const STRING_PIECES: &[&str] = &[
    "a",
    "Hi Bob",
    " ",
    "é",
    "😀",
    "\\\\",
    "\\'",
    "\\\"",
    "\\n",
    "\\t",
    "\\r",
    "\\a",
    "\\b",
    "\\f",
    "\\v",
    "\\x41",
    "\\xe9",
    "\\101",
    "\\0",
    "\\7",
    "\\777",
    "\\8",
    "\\u00e9",
    "\\U0001F600",
    "\\q",
    "\\ ",
    "\\\n",
    "{",
    "}",
    "{{",
    "}}",
    "#",
    "\\{",
    "$(x)",
    ",",
    ")",
];
/// Quotes, which may end the string early.
const QUOTES: &[&str] = &["'", "\"", "''", "\"\"\""];
const BAD_STRING_PIECES: &[&str] =
    &["\\x4", "\\xg0", "\\u00", "\\U00110000", "\\ud83d", "\\ude00", "\\ud83d\\ude00", "\n"];

fn string(rng: &mut Rng) -> String {
    let prefix =
        rng.pick(&["", "", "", "", "", "", "", "", "r", "u", "R", "U", "f", "F", "rf", "fR", "b", "rb", "ur", "x"]);
    let quote = rng.pick(&["'", "\"", "'''", "\"\"\""]);
    let mut body = String::new();
    for _ in 0..rng.below(6) {
        body.push_str(match rng.below(40) {
            0 => rng.pick(BAD_STRING_PIECES),
            1..4 => rng.pick(QUOTES),
            _ => rng.pick(STRING_PIECES),
        });
    }
    if quote.len() == 3 && rng.below(3) == 0 {
        body.push('\n');
        body.push_str(rng.pick(STRING_PIECES));
    }
    format!("{prefix}{quote}{body}{quote}")
}

fn number(rng: &mut Rng) -> String {
    const GOOD: &[&str] = &[
        "0",
        "7",
        "42",
        "1_000",
        "000",
        "0_0",
        "2.5",
        "5.",
        ".5",
        "1e3",
        "1E-3",
        "1e+3",
        "1.e5",
        "1e5_0",
        "007.5",
        "0x1F",
        "0X_ff",
        "0o17",
        "0b101",
        "18446744073709551615",
        "18446744073709551616",
        "9223372036854775808",
        "99999999999999999999999",
    ];
    const BAD: &[&str] = &[
        "1__0", "1_", "_1", "007", "0_7", "1e", "1_e5", "1_.5", "0x", "0xg", "0o8", "0b2", "0x__1", "1e999", "1j",
        "inf", "nan", "1.5.3", "1+2",
    ];
    let sign = rng.pick(&["", "", "-", "+", "- "]);
    let body = if rng.below(6) == 0 { rng.pick(BAD) } else { rng.pick(GOOD) };
    format!("{sign}{body}")
}

fn value(rng: &mut Rng, depth: usize) -> String {
    match rng.below(if depth > 2 { 5 } else { 9 }) {
        0 | 1 => string(rng),
        2 => {
            // Adjacent strings, joined.
            let sep = rng.pick(&[" ", "", "\n  "]);
            format!("({}{sep}{})", string(rng), string(rng))
        }
        3 => number(rng),
        4 if rng.below(4) == 0 => rng.pick(&["x", "-x", "--1", "{1, 2}", "b'x'", "...", "-True"]).into(),
        4 => rng.pick(&["True", "False", "None", "[]", "()", "(1)", "(\n1,\n)", "'a'\\\n'b'"]).into(),
        5 | 6 => {
            let items: Vec<String> = (0..rng.below(4)).map(|_| value(rng, depth + 1)).collect();
            let (open, close) = if rng.below(2) == 0 { ("[", "]") } else { ("(", ")") };
            // `(,)` is no tuple: a trailing comma after an item only.
            let trail = if items.is_empty() && rng.below(10) > 0 { "" } else { rng.pick(&["", ",", ", "]) };
            format!("{open}{}{trail}{close}", items.join(", "))
        }
        _ => {
            let items: Vec<String> = (0..rng.below(3))
                .map(|i| {
                    let key = if rng.below(6) == 0 { value(rng, depth + 1) } else { format!("'k{i}'") };
                    format!("{key}: {}", value(rng, depth + 1))
                })
                .collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}

fn call(rng: &mut Rng) -> String {
    let name = rng.pick(&["tasks_search", "default_api.email_send", "functions.get_skill", "tasks.search", "a"]);
    let mut args = Vec::new();
    for i in 0..rng.below(4) {
        let key = rng.pick(&["to", "body", "limit", "status"]);
        let key = if rng.below(4) == 0 { key.to_string() } else { format!("{key}{i}") };
        let blank = rng.pick(&["", " ", "\n    "]);
        let comment = if rng.below(8) == 0 { "  # a note\n" } else { "" };
        args.push(format!("{blank}{key}={}{comment}", value(rng, 0)));
    }
    if rng.below(20) == 0 {
        args.push(value(rng, 0));
    }
    // One object as the arguments, written as JSON or as a Python dict.
    if rng.below(12) == 0 {
        let object = rng.pick(&[
            "{\"limit\": 5, \"overdue\": true, \"tags\": [\"a\", null]}",
            "{\"to\": [\"a@b.co\"],}",
            "{'to': ['a@b.co'], 'urgent': True}",
            "{}",
            "{\"n\": 18446744073709551616, \"x\": 1e3}",
            "{\"s\": \"\\ud800\"}",
            "{\"v\": NaN}",
        ]);
        return format!("{name}({object}{})", rng.pick(&["", ",", ", x=1"]));
    }
    let trail = if args.is_empty() && rng.below(10) > 0 { "" } else { rng.pick(&["", ",", ",\n"]) };
    format!("{name}({}{trail})", args.join(","))
}

fn source(rng: &mut Rng) -> String {
    let statements: Vec<String> = (0..1 + rng.below(2))
        .map(|_| match rng.below(4) {
            0 => format!("print({}{})", call(rng), rng.pick(&["", ",", ",\n"])),
            1 => {
                let calls: Vec<String> = (0..1 + rng.below(2)).map(|_| call(rng)).collect();
                format!("[{}]", calls.join(", "))
            }
            _ => call(rng),
        })
        .collect();
    statements.join(rng.pick(&["\n", "; ", "\n\n# next\n"]))
}

#[test]
fn calls_read_as_python_reads_them() {
    let cases: usize = std::env::var("PYCALL_DIFF_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(30_000);
    let seed: u64 = std::env::var("PYCALL_DIFF_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED_CA11);
    let mut rng = Rng(seed);
    let inputs: Vec<String> = (0..cases).map(|_| source(&mut rng)).collect();

    let mut child = Command::new("python3")
        .args(["-c", PY])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs (the brief's machines have it)");
    let mut stdin = child.stdin.take().unwrap();
    let batch: String = inputs.iter().map(|s| serde_json::to_string(s).unwrap() + "\n").collect();
    let writer = std::thread::spawn(move || stdin.write_all(batch.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "the Python side failed");
    let python: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(python.len(), inputs.len());

    let (mut read, mut refused) = (0, 0);
    for (src, py) in inputs.iter().zip(&python) {
        let ours = skills_runtime::pycall::calls(src).map(|calls| {
            Value::Array(calls.into_iter().map(|c| Value::Array(vec![Value::String(c.name), c.arguments])).collect())
        });
        match (ours, py.get("ok")) {
            (Some(ours), Some(theirs)) => {
                assert_eq!(&ours, theirs, "read differently:\n{src}");
                read += 1;
            }
            (None, None) => refused += 1,
            (ours, _) => panic!("{src}\n\nours: {ours:?}\npython: {py}"),
        }
    }
    // The generator must reach both sides of the grammar.
    assert!(read > cases / 10 && refused > cases / 10, "{read} read, {refused} refused of {cases}");
    eprintln!("{read} read alike, {refused} refused by both, of {cases}");
}
