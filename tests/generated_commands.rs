//! Property test of the router on generated model output: command lines,
//! whole replies and JSON tool calls assembled from the pieces models get
//! wrong (near-miss names, typographic dashes and quotes, shell syntax,
//! values in other formats, unknown and repeated flags, non-ASCII), run
//! against the bundled skills. For every one:
//!
//! - the router returns (no panic) with text for the model;
//! - an error has a kind, a message and a hint, none empty;
//! - the same input on the same state gives the same result.
//!
//! The stable counterpart of the `args` and `tokenize` fuzz targets for the
//! layers above them. `GENERATED_COMMANDS` sets how many lines are tried
//! (default 6,000; as many JSON calls, and a sixth as many replies).

#[path = "../skills-core/tests/support/mod.rs"]
mod support;

use assistant::{App, demo_app, router, skills};
use serde_json::{Value, json};
use skills_runtime::json::ToolCall;
use skills_runtime::turn::{Turn, TurnConfig};
use skills_runtime::{Access, Kind, Outcome, Router};
use support::Rng;

const NAMES: &[&str] = &[
    "get_skill",
    "get_skill:",
    "get_skill: email",
    "get_skill: tasks.all",
    "get_skill --name",
    "help",
    "tasks",
    "tasks.",
    "Tasks.Search",
    "tasks.serch",
    "email send",
    "$ tasks.search",
    "tasks.search(",
    "`email.send`",
    "workflow.build",
    "é.ü",
    "",
];

const FLAGS: &[&str] = &[
    "--",
    "-",
    "--help",
    "-h",
    "--no-overdue",
    "—to",
    "–subject",
    "-o",
    "--x=",
    "--status=",
    "--=",
    "---to",
    "--TO",
    "--due_before",
];

const VALUES: &[&str] = &[
    "todo",
    "in-progress",
    "blocked,done",
    "\"a b\"",
    "'it'\\''s'",
    "$(date)",
    "\"$(date)\"",
    "`x`",
    "<<EOF",
    "2026-02-30",
    "\"Nov 30, 2026\"",
    "11/30/2026",
    "2026-03-01T10:00",
    "yes",
    "0",
    "-5",
    "5,",
    "99999999999999999999",
    "é",
    "\u{a0}x",
    "x\u{200b}",
    "“Q1”",
    "&&",
    ";",
    "|",
    "#",
    "// note",
    "[a,",
    "b]",
    "{today}",
    "\\",
    "'",
    "\"",
    "bob@co.com",
    "a@b.co,",
    "task_1",
    "high",
    "\"\"",
    "=",
    "\n",
];

fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len())]
}

/// A command line: a skill's name (or a near miss) and flags, each with
/// values that fit it or not.
fn line(rng: &mut Rng) -> String {
    let skill = skills::SKILLS[rng.below(skills::SKILLS.len())];
    let mut s = match rng.below(200) {
        0 => "a_".repeat(5_000 + rng.below(50_000)),
        1..50 => pick(rng, NAMES).to_string(),
        _ => skill.name.to_string(),
    };
    for _ in 0..rng.below(6) {
        s.push(' ');
        if rng.below(4) == 0 || skill.flags.is_empty() {
            s.push_str(pick(rng, FLAGS));
        } else {
            let spec = &skill.flags[rng.below(skill.flags.len())];
            s.push_str("--");
            s.push_str(spec.name);
            if rng.below(6) == 0 {
                s.push('=');
            }
        }
        for _ in 0..rng.below(3) {
            if !s.ends_with('=') {
                s.push(' ');
            }
            let own = skill.flags.iter().flat_map(|f| f.values.iter()).nth(rng.below(8));
            match own {
                Some(v) if rng.below(2) == 0 => s.push_str(v),
                // Now and then a runaway value, which no result may echo
                // whole.
                _ if rng.below(60) == 0 => s.push_str(&"ab-c".repeat(2_000 + rng.below(20_000))),
                _ => s.push_str(pick(rng, VALUES)),
            }
        }
    }
    s
}

/// A reply: prose and fences around a few lines (now and then around
/// hundreds), and now and then a tool call written as text.
fn reply(rng: &mut Rng) -> String {
    let mut r = String::from("Let me do that.\n\n");
    let blocks = if rng.below(40) == 0 { 100 + rng.below(400) } else { 1 + rng.below(3) };
    // A reply of calls written as text alone: no command to run, so each
    // is reported as shown, not run.
    let as_text = rng.below(4) == 0;
    for _ in 0..blocks {
        if as_text || rng.below(8) == 0 {
            r.push_str(&text_call(rng));
            r.push_str("\n\n");
            continue;
        }
        let fence =
            ["```cmd\n", "```\n", "```bash\n", "~~~cmd\n", "  ```cmd\n", "````cmd\n", "```CMD\n", ""][rng.below(8)];
        r.push_str(fence);
        for _ in 0..=rng.below(3) {
            r.push_str(&line(rng));
            r.push('\n');
        }
        if rng.below(5) != 0 {
            r.push_str(if fence.starts_with("~~~") { "~~~\n" } else { "```\n" });
        }
        r.push_str("\nAnd then:\n\n");
    }
    r
}

/// A JSON value that fits a flag or not.
fn json_value(rng: &mut Rng) -> Value {
    match rng.below(9) {
        0 => json!(pick(rng, VALUES)),
        1 => json!(rng.below(100) as i64 - 10),
        2 => json!(2.5),
        3 => json!(rng.below(2) == 0),
        4 => Value::Null,
        5 => json!([pick(rng, VALUES), pick(rng, VALUES)]),
        6 => json!({"a": 1}),
        7 => json!([]),
        _ => json!("todo"),
    }
}

fn tool_call(rng: &mut Rng) -> ToolCall {
    let skill = skills::SKILLS[rng.below(skills::SKILLS.len())];
    let name = match rng.below(5) {
        0 => skill.name.to_string(),
        1 => pick(rng, NAMES).to_string(),
        _ => skill.name.replace('.', "_"),
    };
    let mut args = serde_json::Map::new();
    for _ in 0..rng.below(5) {
        let key = match (rng.below(4), skill.flags.is_empty()) {
            (0, _) | (_, true) => ["unknown", "due_before", "--to", "", "é"][rng.below(5)].to_string(),
            _ => skill.flags[rng.below(skill.flags.len())].name.to_string(),
        };
        args.insert(key, json_value(rng));
    }
    let arguments = if rng.below(6) == 0 { json!(Value::Object(args).to_string()) } else { Value::Object(args) };
    ToolCall { name, arguments }
}

/// A tool call written as text instead of a command, as models write them
/// in the formats `Turn` reads: JSON (now and then broken: a trailing
/// comma, `True`, cut short), a Python call (now and then with a variable),
/// Llama's `<function=>` tag, ReAct, harmony, Mistral's `[ARGS]`, DeepSeek's
/// separator token, Kimi's special tokens, GLM's `<arg_key>` pairs.
fn text_call(rng: &mut Rng) -> String {
    let call = tool_call(rng);
    let mut json = serde_json::to_string(&call.arguments).unwrap();
    match rng.below(4) {
        0 => json = json.replacen('}', ",}", 1),
        1 => json = json.replacen("true", "True", 1),
        2 => {
            let mut cut = rng.below(json.len() + 1);
            while !json.is_char_boundary(cut) {
                cut -= 1;
            }
            json.truncate(cut);
        }
        _ => {}
    }
    let python = match &call.arguments {
        Value::Object(args) => {
            let mut keywords: Vec<String> = args.iter().map(|(k, v)| format!("{k}={v}")).collect();
            if rng.below(3) == 0 {
                keywords.push("to=recipients".into());
            }
            keywords.join(", ")
        }
        _ => String::new(),
    };
    let name = &call.name;
    match rng.below(10) {
        8 => format!("<|tool_call_begin|>functions.{name}:0<|tool_call_argument_begin|>{json}<|tool_call_end|>"),
        9 => {
            let pairs = match &call.arguments {
                Value::Object(args) => {
                    args.iter().map(|(k, v)| format!("<arg_key>{k}</arg_key><arg_value>{v}</arg_value>")).collect()
                }
                _ => String::new(),
            };
            format!("<tool_call>{name}\n{pairs}\n</tool_call>")
        }
        6 => format!("[TOOL_CALLS]{name}[ARGS]{json}"),
        7 => format!("<\u{ff5c}tool\u{2581}call\u{2581}begin\u{ff5c}>{name}<\u{ff5c}tool\u{2581}sep\u{ff5c}>{json}"),
        0 => format!("```json\n{{\"name\": \"{name}\", \"arguments\": {json}}}\n```"),
        1 => format!("<tool_call>\n{{\"name\": \"{name}\", \"arguments\": {json}}}\n</tool_call>"),
        2 => format!("```tool_code\nprint(default_api.{name}(\n    {python}\n))\n```"),
        3 => format!("<function={name}>{json}</function>"),
        4 => format!("Action: {name}\nAction Input: {json}"),
        _ => format!("<|channel|>commentary to=functions.{name} <|constrain|>json<|message|>{json}<|call|>"),
    }
}

fn today() -> skills_runtime::Date {
    "2026-02-17".parse().unwrap()
}

#[track_caller]
fn well_formed(input: &str, o: &Outcome) {
    assert!(!o.text.is_empty() || o.kind == Kind::Reply, "{input:?}: empty {:?} result", o.kind);
    if o.kind == Kind::Error {
        let e = o.error.as_ref().unwrap_or_else(|| panic!("{input:?}: an error without details"));
        assert!(!e.kind.is_empty() && !e.message.is_empty(), "{input:?}: {e:?}");
        assert!(!e.hint.trim().is_empty(), "{input:?}: no hint for {}: {}", e.kind, e.message);
        // Runaway text is quoted by its start: 8 KiB at most, and the
        // count of what was left out.
        assert!(
            e.message.len() <= 8 * 1024 + 32 && e.hint.len() <= 8 * 1024 + 32,
            "{}: {} and {} bytes",
            e.kind,
            e.message.len(),
            e.hint.len()
        );
    }
}

fn cases() -> u64 {
    std::env::var("GENERATED_COMMANDS").ok().and_then(|v| v.parse().ok()).unwrap_or(6_000)
}

#[test]
fn generated_command_lines_get_a_result_the_model_can_act_on() {
    let router: Router<App> = router();
    let mut kinds = std::collections::BTreeMap::new();
    for seed in 1..=cases() {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let line = line(&mut rng);
        // Read-only first (nothing changes), each time on a new router, so
        // that no circuit breaker the shared one opened can tell them apart;
        // then with the handlers, on the shared router.
        let once = assistant::router().execute_with(&mut demo_app(today(), None), &line, Access::ReadOnly);
        let again = assistant::router().execute_with(&mut demo_app(today(), None), &line, Access::ReadOnly);
        well_formed(&line, &once);
        assert_eq!(once, again, "seed {seed}: {line:?} is not deterministic");
        let full = router.execute(&mut demo_app(today(), None), &line);
        well_formed(&line, &full);
        *kinds.entry(full.error.map_or(full.kind.as_str(), |e| e.kind)).or_insert(0) += 1;
    }
    // The generator reaches handlers and help, not only errors, and many
    // kinds of error.
    for kind in ["reply", "help", "unknown_flag", "unknown_skill", "invalid_enum", "missing_required"] {
        assert!(kinds.contains_key(kind), "no {kind} result in {kinds:?}");
    }
    assert!(kinds.len() >= 15, "{kinds:?}");
}

#[test]
fn generated_replies_run_block_by_block() {
    let router: Router<App> = router();
    // Tool calls written as text: reported with the command they stand
    // for, or, when they cannot be read, with why.
    let (mut shown, mut unreadable) = (0, 0);
    for seed in 1..=cases() / 6 {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let text = reply(&mut rng);
        let mut app = demo_app(today(), None);
        let mut turn = Turn::new(&text, TurnConfig::default());
        let mut rounds = 0;
        // Run once (a reply without commands finishes there), then until
        // it finishes.
        loop {
            let report = turn.run(&router, &mut app);
            // The commands run, then at most one more than the limit each
            // of fence problems and of commands shown, not run.
            assert!(report.results.len() <= 3 * 10 + 2, "seed {seed}: {} results", report.results.len());
            for o in &report.results {
                well_formed(&text, o);
                let message = o.error.as_ref().map_or("", |e| e.message.as_str());
                shown += usize::from(message.starts_with("a tool call of"));
                unreadable += usize::from(message.contains("not valid JSON") || message.contains("cannot be read"));
            }
            let _ = report.to_model_text();
            rounds += 1;
            if turn.is_finished() {
                break;
            }
            // Ten commands a call (the default limit), so a reply of
            // hundreds of blocks takes tens of calls, never more.
            assert!(rounds <= turn.commands().len() / 10 + 2, "seed {seed}: the turn does not finish\n{text}");
        }
    }
    assert!(unreadable > 0 && shown > unreadable, "{shown} tool calls as text, {unreadable} of them unreadable");
    eprintln!("{shown} reports of tool calls written as text, {unreadable} of them unreadable");
}

#[test]
fn generated_tool_calls_get_a_result_the_model_can_act_on() {
    let router: Router<App> = router();
    for seed in 1..=cases() {
        let mut rng = Rng(seed.wrapping_mul(0xA076_1D64_78BD_642F) | 1);
        let call = tool_call(&mut rng);
        let o = router.call_tool(&mut demo_app(today(), None), &call);
        well_formed(&format!("{} {}", call.name, call.arguments), &o);
    }
}
