//! What the runtime does with commands, as a model would notice it: every
//! disclosure level, every error kind, turn limits, circuit breakers,
//! timeouts, panics and read-only access.

use skills_fixture::{Ctx, router, skills};
use skills_runtime::breaker::{BreakerConfig, BreakerSnapshot, BreakerState, Clock};
use skills_runtime::router::RouterConfig;
use skills_runtime::turn::{Turn, TurnConfig};
use skills_runtime::{Access, Kind, Outcome, Router};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

fn run(line: &str) -> Outcome {
    router().execute(&mut Ctx::default(), line)
}

fn error_kind(o: &Outcome) -> &'static str {
    o.error.as_ref().map_or("none", |e| e.kind)
}

// ---- progressive disclosure -------------------------------------------

#[test]
fn get_skill_lists_domains_and_the_three_usage_lines() {
    let o = run("get_skill");
    assert_eq!(o.kind, Kind::Help);
    assert_eq!(
        o.text,
        "Available skill domains:\n\n  ops          Fixture skills that succeed, fail, panic and hang on request\n  plans        Templates the model follows\n\nUse: get_skill: <domain> for domain details\nUse: get_skill: <domain>.<command> for specific skill details\nUse: get_skill: <domain>.all to load all skills in a domain\n"
    );
    assert_eq!(run("get_skill --help").text, o.text);
}

#[test]
fn every_form_of_a_domain_request_returns_its_index() {
    let index = run("get_skill: plans").text;
    assert!(index.starts_with("# Plans"), "{index}");
    for form in [
        "get_skill plans",
        "get_skill:plans",
        "plans --help",
        "get_skill: Plans",
        "PLANS --help",
        "get_skill : plans",
        "GET_SKILL: PLANS",
        "get_skill: `plans`",
        "get_skill(plans)",
        "get_skill --name plans",
        "get_skill: plans,",
        "plans.help",
        "PLANS.HELP",
    ] {
        assert_eq!(run(form).text, index, "{form}");
    }
}

#[test]
fn every_form_of_a_skill_request_returns_its_body() {
    let body = skills::SKILLS.iter().find(|s| s.name == "ops.ping").unwrap().body;
    for form in [
        "get_skill: ops.ping",
        "get_skill ops.ping",
        "ops.ping --help",
        "ops.ping -h",
        "ops.ping -?",
        "ops.ping.help",
        "get_skill: p",
        "p --help",
        // Asked twice, or capitalized: still the page.
        "get_skill: ops.ping --help",
        "get_skill: Ops.Ping",
        "OPS.PING --help",
    ] {
        let o = run(form);
        assert_eq!(o.kind, Kind::Help, "{form}");
        assert_eq!(o.text, body, "{form}");
    }
}

#[test]
fn names_are_matched_ignoring_case_and_help_by_another_name_points_to_get_skill() {
    let o = run("Ops.Ping --message hi");
    assert_eq!((o.kind, o.text.as_str()), (Kind::Reply, "hi"));
    // A tool call's JSON written as a command: told the command it stands
    // for, or, when it calls no skill, what a command line is.
    let o = run(r#"{"skill": "ops.ping", "arguments": {"message": "hi there"}}"#);
    assert_eq!(error_kind(&o), "unknown_skill");
    assert_eq!(
        o.error.unwrap().hint,
        "a ```cmd block holds command lines, not JSON: write ops.ping --message \"hi there\""
    );
    let o = run(r#"{"skill": "ops.nope", "arguments": {}}"#);
    assert_eq!(
        o.error.unwrap().hint,
        "a ```cmd block holds command lines, not JSON: write the skill name, then its flags (`domain.action --flag value`)"
    );
    // A function call, as in Python: told the command, or, when its
    // arguments are not literals, to write flags.
    let o = run(r#"ops.ping(message="hi")"#);
    assert_eq!(error_kind(&o), "unknown_skill");
    assert_eq!(o.error.unwrap().hint, "a command is not a function call: write ops.ping --message hi");
    let o = run("ops.ping(message=greeting)");
    assert_eq!(
        o.error.unwrap().hint,
        "a command is not a function call: write `ops.ping --flag value`, each argument as a flag (`ops.ping --help` shows them)"
    );
    // `help` in words is the help request (no skill is named `help`), and
    // so is `get_skill` with other separators, an `s` or in camel case.
    for asked in ["help", "Help", "get_skills", "get-skill", "GetSkills:"] {
        assert!(run(asked).text.starts_with("Available skill domains:"), "{asked}");
    }
    for asked in ["get-skill ops", "getskill: ops", "getSkill : ops", "GET-SKILLS ops"] {
        assert_eq!(run(asked).text, run("get_skill: ops").text, "{asked}");
    }
    // Misspelt, or with more words than one name: pointed to it, not read
    // as prose.
    for (asked, word) in [("GetSkil", "GetSkil"), ("get_skil ops", "get_skil"), ("get-skill ops tasks", "get-skill")] {
        let o = run(asked);
        assert_eq!(error_kind(&o), "unknown_skill", "{asked}");
        assert_eq!(o.text, format!("unknown skill `{word}`; did you mean `get_skill`?"));
    }
}

#[test]
fn domain_all_concatenates_the_visible_skills_sorted() {
    let o = run("get_skill: ops.all");
    let titles: Vec<&str> = o.text.lines().filter(|l| l.starts_with("# ops.")).collect();
    // ops.secret needs an environment variable that is not set: hidden.
    // ops.windows is not compiled into a build for this OS at all.
    assert_eq!(titles, ["# ops.crash", "# ops.flaky", "# ops.level", "# ops.ping", "# ops.scale", "# ops.slow"]);
    assert_eq!(o.text.matches("\n\n---\n\n").count(), 5);
    // Written glob-style, it is the same page; `<skill> help` is the skill's.
    assert_eq!(run("get_skill: ops.*").text, o.text);
    assert_eq!(run("ops.ping help").text, run("ops.ping --help").text);
    assert_eq!(run("ops.ping help").kind, Kind::Help);
}

#[test]
fn hidden_skills_leave_the_domain_index_too() {
    let o = run("get_skill: ops");
    assert!(o.text.contains("| ops.ping |"));
    assert!(!o.text.contains("ops.secret"), "{}", o.text);
}

/// `--help` or `-h` among other flags asks for the page, as in clap,
/// unless the skill declares it; a misspelling of it is an unknown flag.
#[test]
fn a_help_flag_among_other_flags_gives_the_page() {
    let page = run("ops.ping --help");
    assert_eq!(page.kind, Kind::Help);
    for line in ["ops.ping --message hi --help", "ops.ping -h --message hi", "ops.ping --message hi --HELP --nope"] {
        let o = run(line);
        assert_eq!((o.kind, &o.text), (Kind::Help, &page.text), "{line}");
    }
    assert_eq!(error_kind(&run("ops.ping --message hi --hlep")), "unknown_flag");
    // `get_skill` in any case is named so in the header.
    assert!(run("GET_SKILL: OPS").to_model_text().starts_with("[Command Result: get_skill]\n"));
}

#[test]
fn unknown_help_names_the_closest() {
    let o = run("get_skill: ops.pnig");
    assert_eq!(error_kind(&o), "unknown_skill");
    assert_eq!(o.text, "unknown skill or domain `ops.pnig`; did you mean `ops.ping`?");
    let o = run("get_skill: ops.ping extra");
    assert_eq!(o.text, "get_skill takes one name, but `extra` follows it");
    // Two names: one per line is the fix.
    let o = run("get_skill: ops, plans");
    assert_eq!(o.text, "get_skill takes one name, but `plans` follows it");
    assert_eq!(
        o.error.unwrap().hint,
        "ask for one name per command, each on a line of its own, such as `get_skill: plans`"
    );
    // A skill's name written with a space: the name with its dot.
    let o = run("get_skill: OPS ping");
    assert_eq!(o.text, "get_skill takes one name, but `ping` follows it");
    assert_eq!(o.error.unwrap().hint, "write the skill's name with its dot: `get_skill: ops.ping`");
}

// ---- dispatch ----------------------------------------------------------

#[test]
fn aliases_run_their_skill() {
    let o = run("p --message hi");
    assert_eq!((o.kind, o.skill.as_deref(), o.text.as_str()), (Kind::Reply, Some("ops.ping"), "hi"));
}

#[test]
fn templates_return_their_body_with_flags_filled() {
    let o = run("plans.outline --topic 'the Q1 report'");
    assert_eq!(o.kind, Kind::Template);
    assert!(o.text.contains("Write an outline for the Q1 report in 3 sections"), "{}", o.text);
}

/// `{{flag}}` (and `{{ flag }}`), as Mustache and Jinja write placeholders,
/// is filled as `{flag}` is; other `{{...}}` stay for the model.
#[test]
fn double_brace_placeholders_are_filled_too() {
    let o = run("plans.brief --topic 'the Q1 report' --sections 4");
    assert_eq!(o.kind, Kind::Template, "{}", o.text);
    assert!(o.text.contains("Write a brief about the Q1 report for the team, in 4 parts."), "{}", o.text);
    assert!(o.text.contains("Keep {{tone | default}} and {today} for the model."), "{}", o.text);
}

/// A value filled into a command line of a template reads back as itself
/// when the model runs that line, whatever quotes it holds and wherever
/// the placeholder stands; prose gets it as written.
#[test]
fn template_commands_tokenize_back_to_the_values_filled_in() {
    let topics = [
        r#"the "Q1" report's draft"#,
        "plain",
        "two  spaces",
        r"back\slash",
        "",
        "it's",
        "$(date)",
        "costs $(5) and 'it's' $$(x",
        r"a\$(b",
        "a<<b",
        "x<<<y",
        "<<EOF",
    ];
    for topic in topics {
        let command = format!("plans.outline --topic {}", shell_quote(topic));
        let o = run(&command);
        assert_eq!(o.kind, Kind::Template, "{command}: {}", o.text);
        assert!(o.text.contains(&format!("Write an outline for {topic} in 3")), "{}", o.text);
        let lines: Vec<&str> = o.text.lines().filter_map(|l| l.strip_prefix("- ops.ping")).collect();
        let expected = [topic.to_string(), format!("Outline: {topic}"), format!("Outline: {topic}")];
        assert_eq!(lines.len(), 3, "{}", o.text);
        for (line, want) in lines.iter().zip(&expected) {
            // Run as written, the line pings the value back (an empty
            // reply reads `done`).
            let ping = run(&format!("ops.ping{line}"));
            let reply = if want.is_empty() { "done" } else { want.as_str() };
            assert_eq!((ping.kind, ping.text.as_str()), (Kind::Reply, reply), "{line}");
            let tokens = skills_runtime::tokenize::split(line).unwrap();
            assert_eq!(tokens.len(), 2, "{line}");
            assert_eq!(tokens[1], want.as_str(), "{line}");
        }
    }
}

/// A filled template is copied by the model into a ```cmd block: a value
/// with a line that would close that block (and run what follows as a
/// command) is refused; a value led by `-` is written `--flag=-x`, the one
/// form in which it reads back as the flag's value.
#[test]
fn template_values_cannot_smuggle_a_command_and_read_back() {
    for smuggled in ["x\n```\n```cmd\nops.fail", "x\n   ~~~\nops.fail", "````\nops.fail", "x\r```"] {
        let o = run(&format!("plans.outline --topic {}", shell_quote(smuggled)));
        assert_eq!(error_kind(&o), "invalid_value", "{smuggled:?}: {}", o.text);
        assert!(o.text.contains("which would end the ```cmd block"), "{}", o.text);
    }
    // Indented four spaces, or after other text, a fence closes nothing.
    for fine in ["x\n    ```", "a ``` b"] {
        let o = run(&format!("plans.outline --topic {}", shell_quote(fine)));
        assert_eq!(o.kind, Kind::Template, "{fine:?}: {}", o.text);
    }
    let o = run("plans.outline --topic=-x");
    assert_eq!(o.kind, Kind::Template, "{}", o.text);
    let lines: Vec<&str> = o.text.lines().filter_map(|l| l.strip_prefix("- ")).collect();
    assert_eq!(lines[0], "ops.ping --message=-x", "{}", o.text);
    for (line, want) in lines.iter().zip(["-x", "Outline: -x", "Outline: -x"]) {
        let ping = run(line);
        assert_eq!((ping.kind, ping.text.as_str()), (Kind::Reply, want), "{line}");
    }
}

/// Single-quotes a value for a command line.
fn shell_quote(v: &str) -> String {
    format!("'{}'", v.replace('\'', r"'\''"))
}

#[test]
fn ineligible_skills_say_why() {
    let o = run("ops.secret");
    assert_eq!(error_kind(&o), "not_available");
    assert_eq!(
        o.text,
        "`ops.secret` is not available here: environment variable SKILLS_FIXTURE_TOKEN_NEVER_SET is not set"
    );
    // Left out of this build: an unknown skill.
    assert_eq!(error_kind(&run("ops.windows")), "unknown_skill");
}

// ---- errors are results ------------------------------------------------

#[test]
fn every_error_kind_reads_as_a_correctable_result() {
    let cases: &[(&str, &str, &str)] = &[
        ("ops.pign", "unknown_skill", "unknown skill `ops.pign`; did you mean `ops.ping`?"),
        ("ops.ping --mesage hi", "unknown_flag", "unknown flag `--mesage`; did you mean `--message`?"),
        ("ops.slow", "missing_required", "missing required flag: `--ms`"),
        ("ops.slow --ms soon", "invalid_integer", "`--ms` expects an integer, not `soon`"),
        (
            "ops.ping --message two words",
            "too_many_values",
            "`--message` takes one value but got 2; quote a value that contains spaces",
        ),
        (
            "ops.flaky --fail maybe",
            "invalid_boolean",
            "`--fail` is a boolean flag: write `--fail` alone (or `true`/`false`), not `maybe`",
        ),
        ("ops.ping --message 'open", "tokenize", "unterminated quote: the ' opened at column 20 is never closed"),
        ("ops.ping \\", "tokenize", "trailing backslash at column 10: there is no character after it to escape"),
        ("", "empty_command", "empty command"),
        ("ops.flaky --fail", "handler_error", "the backend refused the request"),
        ("ops.level --value 300", "invalid_value", "`--value` of `ops.level`: `300` is not an integer from 0 to 255"),
        // What models write around a command: named, with the command to write.
        ("1. ops.ping", "unknown_skill", "`1.` before `ops.ping` is not part of a command"),
        ("- ops.ping --message hi", "unknown_skill", "`-` before `ops.ping` is not part of a command"),
        ("> get_skill: ops", "unknown_skill", "`>` before `get_skill` is not part of a command"),
        ("$ ops.ping", "unknown_skill", "`$` before `ops.ping` is not part of a command"),
        ("Command: OPS.PING", "unknown_skill", "`Command:` before `OPS.PING` is not part of a command"),
        (
            "`ops.ping --message hi`",
            "unknown_skill",
            "the command is wrapped in backticks: in a ```cmd block a command is written bare",
        ),
        (
            "Then I'll ping it.",
            "not_a_command",
            "`Then` is not a skill: this line reads as prose, and a ```cmd block holds only commands",
        ),
        (
            "Now pinging the server",
            "not_a_command",
            "`Now` is not a skill: this line reads as prose, and a ```cmd block holds only commands",
        ),
        ("ops", "unknown_skill", "`ops` is not a skill: `ops` is a domain, whose skills `get_skill` shows"),
        ("OPS.all", "unknown_skill", "`OPS.all` is not a skill: `ops` is a domain, whose skills `get_skill` shows"),
        // A result written after a command: no word at all.
        (
            "1 task:",
            "not_a_command",
            "`1` is not a skill: this line reads as output, and a ```cmd block holds only commands",
        ),
        (
            "> found 2",
            "not_a_command",
            "`>` is not a skill: this line reads as output, and a ```cmd block holds only commands",
        ),
        // One word, or a word with flags, stays an unknown skill (the
        // action written without its domain names its skill).
        ("Done.", "unknown_skill", "unknown skill `Done.`"),
        ("Ping --message hi", "unknown_skill", "unknown skill `Ping`; did you mean `ops.ping`?"),
    ];
    for &(line, kind, message) in cases {
        let o = run(line);
        assert_eq!(o.kind, Kind::Error, "{line}");
        assert_eq!(error_kind(&o), kind, "{line}: {}", o.text);
        assert_eq!(o.text, message, "{line}");
        assert!(!o.error.as_ref().unwrap().hint.is_empty(), "{line} has no hint");
    }
    let o = run("1. ops.ping");
    assert_eq!(o.error.unwrap().hint, "start the line with the skill name, one command per line: `ops.ping ...`");
    for line in ["run ops.ping --message hi", "Exec ops.ping", "sudo ops.ping"] {
        let o = run(line);
        let word = line.split(' ').next().unwrap();
        assert_eq!(o.text, format!("`{word}` before `ops.ping` is not part of a command"), "{line}");
    }
    assert_eq!(run("ops.*").error.unwrap().hint, "write `get_skill: ops.all`");
    assert_eq!(
        run("get_skill: all").error.unwrap().hint,
        "`get_skill: <domain>.all` shows every skill of a domain; `get_skill` lists the domains"
    );
    // `help <name>` (or `man <name>`) in words: the help page (no skill is
    // named `help` or `man`).
    for asked in ["help ops.ping", "man ops.ping", "Man ops.ping"] {
        assert!(run(asked).text.starts_with("# ops.ping"), "{asked}: {}", run(asked).text);
    }
    assert!(run("man ops").text.starts_with("# Ops"), "{}", run("man ops").text);
    assert!(run("help").text.starts_with("Available skill domains:"));
    assert_eq!(error_kind(&run("help opz")), "unknown_skill");
    // Flags written as keyword arguments, without their dashes.
    assert_eq!(
        run("ops.ping message=\"hi there\"").error.unwrap().hint,
        "write each flag with two dashes before its name: --message \"hi there\""
    );
    assert_eq!(
        run("ops.level value=7").error.unwrap().hint,
        "write each flag with two dashes before its name: --value 7"
    );
}

/// A `number` flag: read as `f64` (or `f32`) by the handler, checked
/// before it runs, and a number written another way gets the exact fix.
#[test]
fn number_flags_reach_the_handler_as_floats() {
    assert_eq!(run("ops.scale --factor 0.5 --offsets 1 -2.5e1 .5").text, "scaled by 0.5: [0.5, -12.5, 0.25]");
    assert_eq!(run("ops.scale --factor=-2").text, "scaled by -2: []");
    let cases = [
        ("ops.scale --factor 0,5", "`--factor` expects a number, not `0,5`", "write it as --factor 0.5"),
        ("ops.scale --factor 1,000", "`--factor` expects a number, not `1,000`", "write it as --factor 1000"),
        ("ops.scale --factor 2.5,", "`--factor` expects a number, not `2.5,`", "write it as --factor 2.5"),
        (
            "ops.scale --factor half",
            "`--factor` expects a number, not `half`",
            "write a decimal number such as 0.5, 2 or -1.25 (no units, no digit separators)",
        ),
        (
            "ops.scale --factor 1.000,5",
            "`--factor` expects a number, not `1.000,5`",
            "write a decimal number such as 0.5, 2 or -1.25 (no units, no digit separators)",
        ),
        (
            "ops.scale --factor 12,345,678.5",
            "`--factor` expects a number, not `12,345,678.5`",
            "write it as --factor 12345678.5",
        ),
        (
            "ops.scale --factor inf",
            "`--factor` expects a number, not `inf`",
            "write a decimal number such as 0.5, 2 or -1.25 (no units, no digit separators)",
        ),
        (
            "ops.scale --factor 1 --offsets 1e39",
            "`--offsets` of `ops.scale`: `1e39` is not a number within f32's range (about 3.4e38)",
            "",
        ),
    ];
    for (line, message, hint) in cases {
        let o = run(line);
        assert_eq!(o.text, message, "{line}");
        if !hint.is_empty() {
            assert_eq!(o.error.as_ref().unwrap().hint, hint, "{line}");
        }
    }
    assert_eq!(error_kind(&run("ops.scale --factor half")), "invalid_number");
    // As a tool call: a JSON number, or one sent as a string.
    let r = router();
    let mut ctx = Ctx::default();
    for args in [r#"{"factor": 0.25, "offsets": [4, 8]}"#, r#"{"factor": "0.25", "offsets": ["4", 8.0]}"#] {
        let call =
            skills_runtime::json::ToolCall::parse(&format!(r#"{{"name": "ops.scale", "arguments": {args}}}"#)).unwrap();
        assert_eq!(r.call_tool(&mut ctx, &call).text, "scaled by 0.25: [1.0, 2.0]", "{args}");
    }
    // The tool schema says number, for the value and for each list item.
    let tools = r.tool_schemas(skills_runtime::json::ToolFormat::Anthropic);
    let scale =
        tools.as_array().unwrap().iter().find(|t| t["name"] == "ops_scale" || t["name"] == "ops.scale").unwrap();
    let props = &scale["input_schema"]["properties"];
    assert_eq!(props["factor"]["type"], "number", "{scale}");
    assert_eq!(props["offsets"]["items"]["type"], "number", "{scale}");
}

/// A flag's declared one-letter spelling (`-v, --value`) runs it, through
/// the generated spec; an undeclared letter is an unknown flag.
#[test]
fn a_declared_short_spelling_names_its_flag() {
    assert_eq!(run("ops.level -v 9").text, "level 9");
    assert_eq!(run("ops.level -v=10").text, "level 10");
    let o = run("ops.level -v 9 --value 10");
    assert_eq!(error_kind(&o), "repeated_flag");
    assert!(o.text.starts_with("`--value` is given more than once; give it once, with one value"), "{}", o.text);
    let o = run("ops.level -V 9");
    assert_eq!(error_kind(&o), "unknown_flag");
    assert!(o.text.starts_with("unknown flag `-V`; did you mean `--value`?"), "{}", o.text);
    // The value written against the letter: the hint writes it apart.
    let o = run("ops.level -v9");
    assert_eq!(error_kind(&o), "unknown_flag");
    assert_eq!(o.error.unwrap().hint, "write the value after a space: -v 9");
}

#[test]
fn all_missing_required_flags_are_named_at_once() {
    let o = run("plans.outline --sections x");
    assert_eq!(o.text, "`--sections` expects an integer, not `x`\nmissing required flag: `--topic`");
}

#[test]
fn a_panicking_handler_is_an_error_result_and_the_router_keeps_serving() {
    let router = router();
    let mut ctx = Ctx::default();
    let o = router.execute(&mut ctx, "ops.crash");
    assert_eq!(error_kind(&o), "handler_panic");
    assert_eq!(o.skill.as_deref(), Some("ops.crash"));
    // The panic's message may hold anything the handler had: it goes to
    // the panic hook (standard error), never to the model.
    assert_eq!(o.text, "the handler panicked; it may or may not have taken effect");
    assert!(o.to_model_text().starts_with("[Command Result: ops.crash]\nError (handler_panic): "));
    assert_eq!(router.execute(&mut ctx, "ops.ping").text, "pong");
    assert_eq!(ctx.calls, ["ops.crash", "ops.ping"]);
}

// ---- turns -------------------------------------------------------------

fn reply_with(n: usize) -> String {
    let lines: Vec<String> = (1..=n).map(|i| format!("ops.ping --message m{i}")).collect();
    format!("Running them.\n\n```cmd\n{}\n```\n\nDone.", lines.join("\n"))
}

#[test]
fn a_turn_runs_every_command_in_order_one_result_each() {
    let router = router();
    let mut ctx = Ctx::default();
    let mut turn = Turn::new(&reply_with(3), TurnConfig::default());
    assert_eq!(turn.text(), "Running them.\n\nDone.");
    let report = turn.run(&router, &mut ctx);
    let texts: Vec<&str> = report.results.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, ["m1", "m2", "m3"]);
    assert!(!report.paused && turn.is_finished());
    assert_eq!(
        report.to_model_text(),
        "[Command Result: ops.ping]\nm1\n\n[Command Result: ops.ping]\nm2\n\n[Command Result: ops.ping]\nm3"
    );
}

#[test]
fn the_limit_pauses_a_turn_with_a_progress_report_and_resume_repeats_nothing() {
    let router = router();
    let mut ctx = Ctx::default();
    let mut turn = Turn::new(&reply_with(12), TurnConfig::default());
    let first = turn.run(&router, &mut ctx);
    assert_eq!(first.results.len(), 10, "the default limit is 10");
    assert!(first.paused);
    assert_eq!((first.done, first.total), (10, 12));
    assert_eq!(first.remaining, ["ops.ping --message m11", "ops.ping --message m12"]);
    let text = first.to_model_text();
    assert!(text.contains("[Turn paused]\nRan 10 of 12 commands: at most 10 run per turn. Not yet run:\n  ops.ping --message m11\n  ops.ping --message m12\nReply `continue`"), "{text}");
    // The application persists the turn and resumes it later.
    let (planned, next) = (turn.commands().to_vec(), turn.next_index());
    let mut restored = Turn::from_parts(planned, next, TurnConfig::default());
    let second = restored.run(&router, &mut ctx);
    let texts: Vec<&str> = second.results.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, ["m11", "m12"]);
    assert!(!second.paused && restored.is_finished());
    assert_eq!(ctx.calls.len(), 12, "no command ran twice");
    assert!(restored.run(&router, &mut ctx).results.is_empty(), "a finished turn runs nothing");
}

/// Whatever runaway text a model writes (a skill name, a flag, a value, a
/// program after `|`), the result quotes it by its first 200 bytes and
/// says how much it left out, so an error never echoes it whole.
#[test]
fn a_runaway_word_is_quoted_by_its_start() {
    let long = |c: &str| c.repeat(100_000);
    // The first 200 bytes of `c` repeated, and the count of the others.
    let cut = |c: &str, total: usize| format!("{}… ({} more bytes)", c.repeat(200), total - 200);
    let cases = [
        (format!("{}.ping --message m", long("o")), "unknown_skill", format!("unknown skill `{}`", cut("o", 100_005))),
        (format!("ops.ping --{} m", long("m")), "unknown_flag", format!("unknown flag `--{}`", cut("m", 100_000))),
        (
            format!("get_skill: {}", long("q")),
            "unknown_skill",
            format!("unknown skill or domain `{}`", cut("q", 100_000)),
        ),
        (
            format!("ops.ping {} --message m", long("v")),
            "unexpected_value",
            format!("unexpected value `{}` before any flag", cut("v", 100_000)),
        ),
        (
            format!("plans.checklist --product p --version 1 --format {}", long("f")),
            "invalid_enum",
            format!("`{}` is not a value of `--format`", cut("f", 100_000)),
        ),
        (
            format!("ops.ping --message m | {}", long("p")),
            "unsupported_syntax",
            format!("`| {}… (99802 more bytes)` sends the result to another program", "p".repeat(198)),
        ),
    ];
    for (line, kind, start) in cases {
        let o = run(&line);
        assert_eq!(error_kind(&o), kind, "{}", &o.text[..o.text.len().min(300)]);
        let text = o.to_model_text();
        assert!(text.len() < 1500, "{kind}: {} bytes", text.len());
        let message = &o.error.as_ref().unwrap().message;
        assert!(message.starts_with(&start), "{kind}: {}", &message[..message.len().min(400)]);
    }
    // A hint that rewrites such a command is cut at 8 KiB, with the count
    // left out.
    for line in [
        format!("ops.ping --message -{}", long("x")),
        format!("ops.ping --message {} | head", long("x")),
        format!("ops.ping --message {} # why", long("x")),
        format!("ops.ping --message C:\\{}", long("x")),
    ] {
        let o = run(&line);
        let hint = &o.error.as_ref().unwrap().hint;
        assert!(hint.len() < 8300 && hint.ends_with(" more bytes)"), "{}: {} bytes", &line[..30], hint.len());
    }
    // The header quotes a first word that names no skill the same way.
    let text = run(&format!("{}.ping", long("o"))).to_model_text();
    let header = format!("[Command Result: {}]\n", cut("o", 100_005));
    assert!(text.starts_with(&header), "{}", &text[..300]);
}

/// A reply of thousands of commands, or of a very long one, does not come
/// back whole in the progress report: it lists the next call's commands,
/// each quoted by its start when long, and counts the rest.
#[test]
fn a_paused_turn_lists_only_the_next_calls_commands() {
    let router = router();
    let mut ctx = Ctx::default();
    let long = format!("ops.ping --message {}", "x".repeat(5000));
    let reply = format!("```cmd\n{}\n{long}\n{}\n```\n", "ops.ping\n".repeat(3).trim_end(), "ops.ping\n".repeat(5000));
    let config = TurnConfig { max_commands: 3, ..TurnConfig::default() };
    let mut turn = Turn::new(&reply, config);
    let report = turn.run(&router, &mut ctx);
    assert_eq!((report.done, report.total, report.remaining.len()), (3, 5004, 5001));
    let text = report.to_model_text();
    let progress = &text[text.find("[Turn paused]").unwrap()..];
    let expected = format!(
        "[Turn paused]\nRan 3 of 5004 commands: at most 3 run per turn. Not yet run:\n  {}… (4819 more bytes)\n  ops.ping\n  ops.ping\n  … and 4998 more\nReply `continue`",
        &long[..200]
    );
    assert!(progress.starts_with(&expected), "{progress}");
    assert!(text.len() < 1000, "{} bytes", text.len());
}

#[test]
fn an_unclosed_block_is_reported_and_none_of_it_runs() {
    let router = router();
    let mut ctx = Ctx::default();
    let mut turn = Turn::new("```cmd\nops.ping\n```\n\n```cmd\nops.flaky --fail\n", TurnConfig::default());
    let report = turn.run(&router, &mut ctx);
    assert_eq!(report.results.len(), 2);
    assert_eq!(report.results[0].text, "pong");
    assert_eq!(error_kind(&report.results[1]), "unterminated_cmd_block");
    assert!(report.results[1].text.contains("line 5 is never closed"), "{}", report.results[1].text);
    assert_eq!(ctx.calls, ["ops.ping"]);
}

#[test]
fn no_break_and_zero_width_spaces_are_named_with_the_plain_command() {
    let o = run("ops.ping\u{a0}--message hi");
    assert_eq!(error_kind(&o), "unknown_skill");
    assert_eq!(
        o.error.unwrap().hint,
        "`ops.ping\u{a0}--message` holds a space that is not a plain one (U+00A0): write a plain space between words and nothing inside them: ops.ping --message"
    );
    let o = run("ops.ping --message\u{200b} hi");
    assert_eq!(error_kind(&o), "unknown_flag");
    assert_eq!(
        o.error.unwrap().hint,
        "`--message\u{200b}` holds an invisible character (U+200B): write a plain space between words and nothing inside them: --message"
    );
    // In a typed value, which it makes invalid: named with the flag.
    let o = run("ops.scale --factor 0.5\u{2060}");
    assert_eq!(error_kind(&o), "invalid_number");
    assert_eq!(
        o.error.unwrap().hint,
        "`--factor 0.5\u{2060}` holds an invisible character (U+2060): write a plain space between words and nothing inside them: --factor 0.5"
    );
}

#[test]
fn a_block_written_on_one_line_is_told_to_open_a_block() {
    // Alone on its line, or after words (one-line ```cmd is an attempt,
    // not a mention, wherever it stands).
    for reply in ["Pinging:\n\n```cmd ops.ping```\n", "Pinging now: ```cmd ops.ping``` and then I'll report.\n"] {
        let mut turn = Turn::new(reply, TurnConfig::default());
        let mut ctx = Ctx::default();
        let report = turn.run(&router(), &mut ctx);
        assert!(ctx.calls.is_empty());
        assert_eq!(report.results.iter().map(error_kind).collect::<Vec<_>>(), ["command_not_in_cmd_block"], "{reply}");
        assert!(report.results[0].error.as_ref().unwrap().hint.ends_with("```cmd\nops.ping\n```"), "{reply}");
    }
    // Inline code in another language, or a one-line block naming no skill,
    // is a mention.
    no_errors(&["Write ```sh ops.ping``` in a terminal.", "Run ```cmd dir``` there."]);
}

#[test]
fn a_long_command_shown_not_run_is_quoted_short_and_given_whole_to_run() {
    // `é` straddles byte 200: the quote stops before it.
    let command = format!("ops.ping --message {}é{}", "x".repeat(180), "y".repeat(100));
    let mut turn = Turn::new(&format!("Pinging:\n\n{command}\n"), TurnConfig::default());
    let report = turn.run(&router(), &mut Ctx::default());
    let error = report.results[0].error.clone().unwrap();
    assert_eq!(error.kind, "command_not_in_cmd_block");
    // Its first 200 bytes at most, then how much is left out; the hint
    // holds it all.
    let quoted = error.message.split('`').nth(1).unwrap();
    assert_eq!(quoted, format!("{}… (102 more bytes)", &command[..199]));
    assert!(error.hint.ends_with(&format!("```cmd\n{command}\n```")), "{}", error.hint);
}

/// In a single-quoted value, an apostrophe ends the quote and the closing
/// `'` opens one never closed: the hint is that value, without its single
/// quotes, in double quotes, whatever follows it on the line. A quote left
/// open for another reason keeps the tokenizer's hint.
#[test]
fn an_apostrophe_inside_single_quotes_is_told_the_value_in_double_quotes() {
    for (line, hint) in [
        ("ops.ping --message 'Don't forget'", "--message \"Don't forget\""),
        ("ops.ping --message 'it's sunny' --prefix x", "--message \"it's sunny\""),
        ("ops.ping --message 'Don't'", "--message \"Don't\""),
    ] {
        let o = run(line);
        assert_eq!(error_kind(&o), "tokenize", "{line}");
        let error = o.error.unwrap();
        assert_eq!(
            error.hint,
            format!("an apostrophe inside a word is a quote to a command: put the value in double quotes: {hint}"),
            "{line}"
        );
    }
    for line in ["ops.ping --message 'unclosed", "ops.ping --message 'a' 'b"] {
        let o = run(line);
        assert_eq!(
            o.error.unwrap().hint,
            "close the quote, or escape a literal quote inside double quotes as \\\"",
            "{line}"
        );
    }
}

#[test]
fn an_apostrophe_left_open_is_told_the_quoted_value_and_the_next_line_still_runs() {
    let router = router();
    let mut ctx = Ctx::default();
    let mut turn =
        Turn::new("```cmd\nops.ping --message it's sunny today\nops.ping --message next\n```\n", TurnConfig::default());
    let report = turn.run(&router, &mut ctx);
    assert_eq!(report.results.iter().map(error_kind).collect::<Vec<_>>(), ["tokenize", "none"]);
    assert_eq!(
        report.results[0].error.as_ref().unwrap().hint,
        "an apostrophe inside a word is a quote to a command: put the value in double quotes: --message \"it's sunny today\""
    );
    assert_eq!(report.results[1].text, "next");
    assert_eq!(ctx.calls, ["ops.ping"]);
}

#[test]
fn a_skill_name_written_with_a_space_is_told_its_name() {
    let o = run("Ops Ping --message hi");
    assert_eq!(error_kind(&o), "unknown_skill");
    assert_eq!(
        o.to_model_text(),
        "[Command Result: Ops]\nError (unknown_skill): `Ops` is a domain, not a skill: the skill's name is written with a dot, `ops.ping`\nHint: write `ops.ping` (one word, with the dot) followed by the same flags"
    );
    // A word that names no skill of the domain: the domain's help.
    assert!(run("ops nothing").error.unwrap().hint.contains("get_skill: ops"));
}

#[test]
fn here_documents_and_command_substitution_are_refused_and_their_lines_never_run() {
    let router = router();
    let mut ctx = Ctx::default();
    // A here-document's lines belong to its command: `ops.crash` is text.
    let reply = "```cmd\nops.ping --message <<EOF\nops.crash\nEOF\nops.ping --message \"$(cat notes.txt)\"\nops.ping --message 'costs $(5) or $5'\n```\n";
    let mut turn = Turn::new(reply, TurnConfig::default());
    let report = turn.run(&router, &mut ctx);
    let kinds: Vec<_> = report.results.iter().map(error_kind).collect();
    assert_eq!(kinds, ["unsupported_syntax", "unsupported_syntax", "none"]);
    let first = report.results[0].to_model_text();
    assert!(
        first.contains(
            "`<<EOF` is a shell here-document, which a command here cannot read; nothing ran, its lines included"
        ),
        "{first}"
    );
    assert!(
        first.contains("Hint: give the text as the flag's value, in double quotes, which may span lines:\nops.ping --message \"ops.crash\""),
        "{first}"
    );
    let second = report.results[1].to_model_text();
    assert!(second.contains("`$(cat` is shell command substitution"), "{second}");
    assert!(second.contains("--message \"...\"; to pass `$(` as text, put it in single quotes"), "{second}");
    // Single-quoted, it is text.
    assert_eq!(report.results[2].text, "costs $(5) or $5");
    assert_eq!(ctx.calls, ["ops.ping"]);
    // The heap-free path refuses it too.
    let mut out = String::new();
    let d = router.dispatch_str(&mut ctx, "ops.ping --message $(date)", &mut [0; 64], &mut out);
    assert_eq!(d.error, Some("unsupported_syntax"));
    assert_eq!(ctx.calls, ["ops.ping"]);
}

/// Bash's `$'...'` is refused (POSIX quoting would keep the `$` and the
/// escapes), and the hint's double-quoted text, run, gives what bash would.
#[test]
fn ansi_c_quoting_is_refused_with_the_text_it_stands_for() {
    let router = router();
    for (line, value) in [
        (r"ops.ping --message $'Hi\nBo'", "Hi\nBo"),
        (r#"ops.ping --message $'tab\there \'q\' "dq" back\\slash'"#, "tab\there 'q' \"dq\" back\\slash"),
        (r"ops.ping --message $'\x41\u00e9\101\101x \z'", "AéAAx \\z"),
    ] {
        let mut ctx = Ctx::default();
        let o = router.execute(&mut ctx, line);
        assert_eq!(error_kind(&o), "unsupported_syntax", "{line}: {}", o.text);
        assert!(o.text.contains("bash's ANSI-C quoting"), "{}", o.text);
        assert!(ctx.calls.is_empty(), "{line}");
        let hint = o.error.unwrap().hint;
        let fixed = hint.split_once("as they are: ").map(|(_, f)| f).unwrap_or_else(|| panic!("{hint}"));
        let ran = router.execute(&mut Ctx::default(), &format!("ops.ping {fixed}"));
        assert_eq!((error_kind(&ran), ran.text.as_str()), ("none", value), "{fixed}");
    }
    // In double or single quotes, it is text.
    let o = router.execute(&mut Ctx::default(), r#"ops.ping --message "$'x'""#);
    assert_eq!(o.text, "$'x'");
}

/// A backslash outside quotes that would only drop itself (`C:\Users`,
/// `\d+`) is refused, and the hint's quoting keeps the value whole.
#[test]
fn a_backslash_that_would_be_dropped_is_refused_with_the_value_quoted() {
    let router = router();
    for (line, value) in [
        (r"ops.ping --message C:\Users\bob\notes.txt", r"C:\Users\bob\notes.txt"),
        (r"ops.ping --message=\d+\.\d+", r"\d+\.\d+"),
        (r"ops.ping --message \n", r"\n"),
    ] {
        let mut ctx = Ctx::default();
        let o = router.execute(&mut ctx, line);
        assert_eq!(error_kind(&o), "unquoted_backslash", "{line}: {}", o.text);
        assert!(ctx.calls.is_empty(), "{line}");
        let hint = o.error.unwrap().hint;
        let fixed = hint.split_once("backslashes: ").map(|(_, f)| f).unwrap_or_else(|| panic!("{hint}"));
        let ran = router.execute(&mut Ctx::default(), &format!("ops.ping {fixed}"));
        assert_eq!((error_kind(&ran), ran.text.as_str()), ("none", value), "{fixed}");
    }
    // Meaningful escapes and backslashes inside quotes are read as before.
    for (line, value) in [(r"ops.ping --message a\ b", "a b"), (r#"ops.ping --message "C:\Users""#, r"C:\Users")] {
        let o = router.execute(&mut Ctx::default(), line);
        assert_eq!((error_kind(&o), o.text.as_str()), ("none", value), "{line}");
    }
}

/// The hint for a here-document is the command it was meant to be, and
/// that command sends the document's text exactly, whatever it holds.
#[test]
fn a_here_document_is_told_the_command_that_sends_its_text() {
    let router = router();
    for (document, text) in [
        ("<<EOF\nHello \"Bob\",\n  a \\ b, it's $5\nEOF", "Hello \"Bob\",\n  a \\ b, it's $5"),
        ("<<'END'\nIt's $(5) `now`\n\nEND", "It's $(5) `now`\n"),
        ("<<-EOF\n\tindented\n\t\tmore\n\tEOF", "indented\nmore"),
        ("<<EOF\nnever ended", "never ended"),
    ] {
        let reply = format!("```cmd\nops.ping --message {document}\n```\n");
        let mut turn = Turn::new(&reply, TurnConfig::default());
        let report = turn.run(&router, &mut Ctx::default());
        let hint = &report.results[0].error.as_ref().unwrap().hint;
        let command = hint.split_once(":\n").map(|(_, c)| c).unwrap_or_else(|| panic!("{hint}"));
        let ran = router.execute(&mut Ctx::default(), command);
        assert_eq!(error_kind(&ran), "none", "{command}: {}", ran.text);
        assert_eq!(ran.text, text, "{command}");
    }
}

/// The block a hint shows is bounded: 50 lines and 7 KiB, then how many
/// it left out; a command longer than that alone is not sent back.
#[test]
fn a_hint_holds_at_most_fifty_lines_of_a_runaway_block() {
    let router = router();
    let many = format!("```bash\n{}```\n", "ops.ping --message hi\n".repeat(100_000));
    let report = Turn::new(&many, TurnConfig::default()).run(&router, &mut Ctx::default());
    let hint = &report.results[0].error.as_ref().unwrap().hint;
    let block = format!("```cmd\n{}\n```", ["ops.ping --message hi"; 50].join("\n"));
    assert_eq!(
        hint,
        &format!("to run it, write it in a ```cmd block:\n{block}\n(and 99950 more lines, left out here)")
    );
    // Long lines: as many as fit in 7 KiB, the block closed and the count
    // after it, all within the 8 KiB a hint holds.
    let wide = format!("ops.ping --message {}", "x".repeat(180));
    let report = Turn::new(&format!("```bash\n{}```\n", format!("{wide}\n").repeat(60)), TurnConfig::default())
        .run(&router, &mut Ctx::default());
    let hint = &report.results[0].error.as_ref().unwrap().hint;
    assert!(hint.len() < 8 * 1024, "{} bytes", hint.len());
    assert!(
        hint.ends_with(&format!("{wide}\n```\n(and 25 more lines, left out here)")),
        "{}",
        &hint[hint.len() - 300..]
    );
    assert_eq!(hint.matches(&wide).count(), 35);
    let long = format!("```bash\nops.ping --message {}\n```\n", "x".repeat(100_000));
    let report = Turn::new(&long, TurnConfig::default()).run(&router, &mut Ctx::default());
    let error = report.results[0].error.as_ref().unwrap();
    assert_eq!(error.hint, "to run it, write it in a ```cmd block");
    assert!(report.to_model_text().len() < 1000);
    // Many such blocks: a report for each of the first ten (the commands
    // a call runs), then one for the rest.
    let blocks = "```bash\nops.ping\n```\n\n".repeat(30);
    let report = Turn::new(&blocks, TurnConfig::default()).run(&router, &mut Ctx::default());
    assert_eq!(report.results.len(), 11);
    assert!(report.results[..10].iter().all(|r| r.text.starts_with("the ```bash block on line")));
    assert_eq!(
        report.results[10].text,
        "20 more blocks or lines that hold commands were shown, not run: only ```cmd blocks run commands"
    );
    // Fence problems the same way.
    let fences = "    ```cmd\n    ops.ping\n    ```\n\n".repeat(30);
    let report = Turn::new(&fences, TurnConfig::default()).run(&router, &mut Ctx::default());
    let kinds: Vec<_> = report.results.iter().map(error_kind).collect();
    assert_eq!(kinds, ["indented_cmd_fence"; 11]);
    assert!(
        report.results[10].text.starts_with(
            "20 more ```cmd fences have problems like the ones above, the first: the ```cmd fence on line 41 is indented"
        ),
        "{}",
        report.results[10].text
    );
}

#[test]
fn a_reply_whose_commands_sit_in_another_code_block_is_told_so() {
    let router = router();
    let mut ctx = Ctx::default();
    let reply = "Pinging.\n\n```bash\nOPS.PING --message hi\nls -la\nget_skill: ops\n```\n\n- Then:\n\n  ```\n  ops.ping\n  ```\n";
    let mut turn = Turn::new(reply, TurnConfig::default());
    let report = turn.run(&router, &mut ctx);
    assert!(ctx.calls.is_empty(), "nothing outside a ```cmd block runs");
    let kinds: Vec<_> = report.results.iter().map(error_kind).collect();
    assert_eq!(kinds, ["command_not_in_cmd_block", "command_not_in_cmd_block"]);
    let first = report.results[0].to_model_text();
    assert!(
        first.starts_with("[Command Result: ```bash]\nError (command_not_in_cmd_block): the ```bash block on line 3 holds `OPS.PING --message hi`, which was shown, not run"),
        "{first}"
    );
    // The hint is the block to write: the skill lines, not the shell one.
    assert!(
        first.ends_with(
            "Hint: to run it, write it in a ```cmd block:\n```cmd\nOPS.PING --message hi\nget_skill: ops\n```"
        ),
        "{first}"
    );
    assert!(report.results[1].text.contains("the ``` block on line 11"), "{}", report.results[1].text);
    assert!(turn.run(&router, &mut ctx).results.is_empty(), "reported once");

    // Not reported: other languages, quotes, shell lines, or a reply that runs commands.
    no_errors(&[
        "```python\nops.ping()\n```",
        "```python\nfor m in messages:\n    ops.ping(message=m)\n```",
        "> ```tool_code\n> ops.ping()\n> ```",
        "The call `ops.ping()` answers pong.",
        "```python\nops.ping --message hi\n```",
        // An example of a reply, in a Markdown block.
        "````markdown\n```cmd\nops.ping\n```\n````",
        // JSON that is not a call of a skill (a call is reported: tests/tool_calls.rs).
        "```json\n{\"skill\": \"nope\"}\n```",
        "```json\n{\"name\": \"Bob\", \"arguments\": {}}\n```",
        "> ```bash\n> ops.ping\n> ```",
        "```bash\ncargo build\n```",
        "Use `ops.ping` to check.",
        "```cmd\nops.ping\n```\n\n```bash\nops.ping\n```",
    ]);

    // A ```cmd block in a quote is quoted text, not run: told so, with the
    // block to write, when nothing else ran.
    let mut turn = Turn::new("Running:\n\n> ```cmd\n> ops.ping --message hi\n> ```\n", TurnConfig::default());
    let report = turn.run(&router, &mut ctx);
    assert!(ctx.calls.is_empty());
    let text = report.results[0].to_model_text();
    assert_eq!(error_kind(&report.results[0]), "command_not_in_cmd_block");
    assert!(text.contains("the ```cmd block on line 3 holds `ops.ping --message hi`, but it is inside a quote (`>`), so it was shown, not run"), "{text}");
    assert!(
        text.contains(
            "Hint: to run it, write the block without `>` before its lines:\n```cmd\nops.ping --message hi\n```"
        ),
        "{text}"
    );
}

#[test]
fn a_block_whose_language_is_cmd_with_punctuation_or_a_shell_session_is_told_so() {
    let router = router();
    for language in ["{cmd}", "cmd,", "shell-session", "bash-session", "Console", "ps1", "skill", "tool"] {
        let reply = format!("```{language}\nops.ping\n```\n");
        let report = Turn::new(&reply, TurnConfig::default()).run(&router, &mut Ctx::default());
        assert_eq!(report.results.iter().map(error_kind).collect::<Vec<_>>(), ["command_not_in_cmd_block"], "{reply}");
    }
}

/// Asserts that none of `replies` gets an error.
#[track_caller]
fn no_errors(replies: &[&str]) {
    let router = router();
    for reply in replies {
        let report = Turn::new(reply, TurnConfig::default()).run(&router, &mut Ctx::default());
        assert!(report.results.iter().all(|r| !r.is_error()), "{reply:?}: {:?}", report.results);
    }
}

#[test]
fn a_reply_whose_commands_are_written_as_text_is_told_so() {
    let router = router();
    let mut ctx = Ctx::default();
    for (reply, line, first, all) in [
        ("Pinging.\n\n<cmd>\nops.ping --message hi\n</cmd>\n", 4, "ops.ping --message hi", "ops.ping --message hi"),
        ("<command name=\"x\">ops.ping</command>", 1, "ops.ping", "ops.ping"),
        ("Let me look.\n\nget_skill: ops\nops.ping\n\nDone?", 3, "get_skill: ops", "get_skill: ops\nops.ping"),
    ] {
        let mut turn = Turn::new(reply, TurnConfig::default());
        let report = turn.run(&router, &mut ctx);
        assert!(ctx.calls.is_empty(), "{reply:?}: nothing outside a ```cmd block runs");
        assert_eq!(report.results.len(), 1, "{reply:?}: {:?}", report.results);
        let text = report.results[0].to_model_text();
        assert_eq!(error_kind(&report.results[0]), "command_not_in_cmd_block", "{text}");
        assert!(text.contains(&format!("`{first}` on line {line}")), "{text}");
        assert!(text.ends_with(&format!("```cmd\n{all}\n```")), "{text}");
        assert!(turn.run(&router, &mut ctx).results.is_empty(), "reported once");
    }

    // Not reported: mentions in sentences, inline code, list items, quotes,
    // `get_skill` in a sentence, or a reply that runs commands.
    no_errors(&[
        "ops.ping is the skill for that.",
        "Use `ops.ping --message hi` to check.",
        "`ops.ping`",
        "- ops.ping --message hi",
        "> ops.ping",
        "get_skill is how you browse the skills.",
        "```cmd\nops.ping\n```\n\nops.ping --message again",
    ]);
}

#[test]
fn read_only_access_runs_read_only_skills_and_defers_the_rest() {
    let router = router();
    let mut ctx = Ctx::default();
    let reply = "```cmd\nops.ping\nops.flaky\nget_skill: ops.flaky\nplans.outline --topic x\n```";
    let mut turn = Turn::new(reply, TurnConfig { access: Access::ReadOnly, ..TurnConfig::default() });
    let r = turn.run(&router, &mut ctx).results;
    assert_eq!(r[0].text, "pong");
    assert_eq!(error_kind(&r[1]), "needs_confirmation");
    assert_eq!(r[1].text, "`ops.flaky` changes state, so it was not run: only read-only skills run directly here");
    assert_eq!((r[2].kind, r[3].kind), (Kind::Help, Kind::Template), "help and templates are always allowed");
    assert_eq!(ctx.calls, ["ops.ping"]);
    assert_eq!(router.is_read_only("ops.ping"), Some(true));
    assert_eq!(router.is_read_only("ops.flaky"), Some(false));
    assert_eq!(router.is_read_only("nope.nope"), None);
}

// ---- circuit breakers --------------------------------------------------

fn clocked(threshold: u32) -> (Router<Ctx>, Arc<AtomicU64>) {
    let t = Arc::new(AtomicU64::new(1_000_000));
    let c = t.clone();
    let clock: Clock = Arc::new(move || SystemTime::UNIX_EPOCH + Duration::from_secs(c.load(Ordering::SeqCst)));
    let config = RouterConfig {
        breaker: BreakerConfig { threshold, recovery: Duration::from_secs(60) },
        clock,
        ..RouterConfig::default()
    };
    (Router::with_config(&skills::TABLE, config), t)
}

#[test]
fn a_breaker_opens_after_five_failures_then_lets_one_trial_through() {
    let (router, t) = clocked(5);
    let mut ctx = Ctx::default();
    for i in 1..=4 {
        assert_eq!(error_kind(&router.execute(&mut ctx, "ops.flaky --fail")), "handler_error");
        assert_eq!(router.breaker("ops.flaky"), Some(BreakerState::Closed { failures: i }));
    }
    // Wrong commands never reach the handler and do not count.
    assert_eq!(error_kind(&router.execute(&mut ctx, "ops.flaky --fial")), "unknown_flag");
    assert_eq!(router.breaker("ops.flaky"), Some(BreakerState::Closed { failures: 4 }));
    router.execute(&mut ctx, "ops.flaky --fail");
    assert!(matches!(router.breaker("ops.flaky"), Some(BreakerState::Open { .. })));
    let calls = ctx.calls.len();
    let refused = router.execute(&mut ctx, "ops.flaky");
    assert_eq!(error_kind(&refused), "circuit_open");
    assert_eq!(refused.text, "`ops.flaky` is paused after 5 failures in a row; it will accept one trial call in 60 s");
    assert_eq!(ctx.calls.len(), calls, "an open breaker does not call the handler");
    assert_eq!(router.execute(&mut ctx, "ops.ping").text, "pong", "other skills are unaffected");

    t.fetch_add(60, Ordering::SeqCst);
    // Half-open: the trial fails, the breaker opens again.
    assert_eq!(error_kind(&router.execute(&mut ctx, "ops.flaky --fail")), "handler_error");
    assert_eq!(error_kind(&router.execute(&mut ctx, "ops.flaky")), "circuit_open");
    t.fetch_add(60, Ordering::SeqCst);
    // The next trial succeeds and closes it.
    assert_eq!(router.execute(&mut ctx, "ops.flaky").text, "ok");
    assert_eq!(router.breaker("ops.flaky"), Some(BreakerState::Closed { failures: 0 }));
}

/// An input error (the command's values were wrong) is told to the model
/// and never counts: ten of them leave the breaker closed, and one between
/// failures neither counts nor resets them.
#[test]
fn input_errors_do_not_count_against_the_skill() {
    let (router, _t) = clocked(5);
    let mut ctx = Ctx::default();
    for _ in 0..10 {
        let o = router.execute(&mut ctx, "ops.flaky --bad");
        assert_eq!((error_kind(&o), o.text.as_str()), ("invalid_input", "there is no such record"));
    }
    assert_eq!(router.breaker("ops.flaky"), Some(BreakerState::Closed { failures: 0 }));
    for _ in 0..4 {
        router.execute(&mut ctx, "ops.flaky --fail");
    }
    router.execute(&mut ctx, "ops.flaky --bad");
    assert_eq!(router.breaker("ops.flaky"), Some(BreakerState::Closed { failures: 4 }));
    router.execute(&mut ctx, "ops.flaky --fail");
    assert!(matches!(router.breaker("ops.flaky"), Some(BreakerState::Open { .. })));
}

#[test]
fn panics_count_as_failures_and_breaker_state_survives_a_restart() {
    let (router, _t) = clocked(2);
    let mut ctx = Ctx::default();
    router.execute(&mut ctx, "ops.crash");
    router.execute(&mut ctx, "ops.crash");
    let saved: Vec<BreakerSnapshot> = router.breakers();
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].skill, "ops.crash");
    let (restarted, _t2) = clocked(2);
    assert_eq!(restarted.breaker("ops.crash"), Some(BreakerState::Closed { failures: 0 }));
    restarted.restore_breakers(&saved);
    assert_eq!(error_kind(&restarted.execute(&mut ctx, "ops.crash")), "circuit_open");
}

// ---- async handlers ----------------------------------------------------

#[test]
fn async_handlers_are_awaited() {
    let router = router();
    let mut ctx = Ctx::default();
    let o = pollster::block_on(router.execute_async(&mut ctx, "ops.slow --ms 5"));
    assert_eq!((o.kind, o.text.as_str()), (Kind::Reply, "waited"));
    // Sync handlers run on the async path too.
    assert_eq!(pollster::block_on(router.execute_async(&mut ctx, "ops.ping")).text, "pong");
    // The sync path explains instead of blocking.
    let o = router.execute(&mut ctx, "ops.slow --ms 5");
    assert_eq!(error_kind(&o), "handler_error");
    assert!(o.text.contains("async"), "{}", o.text);
}

#[test]
fn a_handler_that_runs_too_long_times_out_and_counts_as_a_failure() {
    let config = RouterConfig {
        timeout: Duration::from_millis(50),
        breaker: BreakerConfig { threshold: 1, recovery: Duration::from_secs(60) },
        ..RouterConfig::default()
    };
    let router = Router::with_config(&skills::TABLE, config);
    let mut ctx = Ctx::default();
    let started = std::time::Instant::now();
    let o = pollster::block_on(router.execute_async(&mut ctx, "ops.slow --ms 60000"));
    assert!(started.elapsed() < Duration::from_secs(30), "the timeout stopped the wait");
    assert_eq!(error_kind(&o), "timeout");
    assert_eq!(o.text, "the handler did not finish within 50 ms; it was stopped and may or may not have taken effect");
    assert_eq!(error_kind(&pollster::block_on(router.execute_async(&mut ctx, "ops.slow --ms 1"))), "circuit_open");
}

#[test]
fn the_default_timeout_is_thirty_seconds() {
    assert_eq!(RouterConfig::default().timeout, Duration::from_secs(30));
    assert_eq!(BreakerConfig::default().threshold, 5);
    assert_eq!(TurnConfig::default().max_commands, 10);
}

#[test]
fn turns_run_async_handlers_too() {
    let router = router();
    let mut ctx = Ctx::default();
    let mut turn = Turn::new("```cmd\nops.slow --ms 1\nops.ping\n```", TurnConfig::default());
    let report = pollster::block_on(turn.run_async(&router, &mut ctx));
    let texts: Vec<&str> = report.results.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, ["waited", "pong"]);
}

/// Commands and fence problems keep the reply's order in a turn, also when
/// a list item's fence sends the reply to the CommonMark reading.
#[test]
fn a_turn_keeps_commands_and_fence_problems_in_the_order_written() {
    use skills_runtime::turn::Planned;
    let reply = "```cmd\nops.ping --message a\n```\n\nExample:\n\n    ```cmd\n    ops.ping --message b\n    ```\n\n- Then:\n\n    ```cmd\n    ops.ping --message c\n    ```\n\n```cmd\nops.ping --message d\n";
    let turn = Turn::new(reply, TurnConfig::default());
    let order: Vec<String> = turn
        .commands()
        .iter()
        .map(|p| match p {
            Planned::Command { text, line } => format!("{line}: {text}"),
            Planned::Problem(d) => format!("{}: {}", d.line, d.code()),
        })
        .collect();
    assert_eq!(
        order,
        ["2: ops.ping --message a", "7: indented_cmd_fence", "14: ops.ping --message c", "17: unterminated_cmd_block"]
    );
}

// ---- typed flags ----------------------------------------------------------

#[test]
fn a_typed_struct_of_more_than_twelve_flags_reads_every_field_in_place() {
    use skills::plans::checklist::{Audience, Channel, FLAGS, Flags, Format};
    let tokens = [
        "--product",
        "app",
        "--version",
        "2.1",
        "--channel",
        "beta",
        "--draft",
        "--retries",
        "4",
        "--labels",
        "a",
        "b",
    ];
    let args = skills_runtime::args::parse(&FLAGS, &tokens).unwrap();
    let f = Flags::from_args(&args).unwrap();
    // The first run of twelve fields ...
    assert_eq!((f.product, f.version, f.owner, f.steps), ("app", "2.1", "lead", 10));
    assert_eq!((f.format, f.channel, f.audience), (Format::Markdown, Channel::Beta, Audience::Internal));
    assert_eq!((f.region, f.notes, f.deadline), (None, None, None));
    assert!(f.draft && !f.verbose);
    // ... and the fields after it, read from the thirteenth flag on.
    assert_eq!(f.retries, 4);
    assert_eq!(f.labels.map(|l| l.iter().collect::<Vec<_>>()), Some(vec!["a", "b"]));
}

/// The generated `Debug`, `PartialEq` and `Display` (written out, not
/// derived, as they build faster) print and compare as the derives would:
/// a mirror struct with `#[derive(Debug)]` and the same fields prints the
/// same text, over a run of twelve fields and the run after it.
#[test]
fn generated_debug_and_comparisons_read_as_the_derives_would() {
    use skills::plans::checklist::{Audience, Channel, FLAGS, Flags, Format};
    #[derive(Debug)]
    #[allow(dead_code)]
    struct Mirror<'a> {
        product: &'a str,
        version: &'a str,
        owner: &'a str,
        steps: i64,
        format: &'a str,
        channel: &'a str,
        region: Option<&'a str>,
        notes: Option<&'a str>,
        deadline: Option<skills_runtime::Date>,
        audience: &'a str,
        draft: bool,
        verbose: bool,
        retries: i64,
        labels: Option<skills_runtime::convert::List<'a>>,
    }
    let tokens = ["--product", "app", "--version", "2.1", "--channel", "beta", "--retries", "4", "--labels", "a", "b"];
    let args = skills_runtime::args::parse(&FLAGS, &tokens).unwrap();
    let f = Flags::from_args(&args).unwrap();
    // Variant names stand in for the enums, as `#[derive(Debug)]` prints them.
    let (format, channel, audience) =
        (format!("{:?}", f.format), format!("{:?}", f.channel), format!("{:?}", f.audience));
    assert_eq!((format.as_str(), channel.as_str(), audience.as_str()), ("Markdown", "Beta", "Internal"));
    let mirror = Mirror {
        product: f.product,
        version: f.version,
        owner: f.owner,
        steps: f.steps,
        format: "Markdown",
        channel: "Beta",
        region: f.region,
        notes: f.notes,
        deadline: f.deadline,
        audience: "Internal",
        draft: f.draft,
        verbose: f.verbose,
        retries: f.retries,
        labels: f.labels,
    };
    let expected = format!("{mirror:?}")
        .replacen("Mirror", "Flags", 1)
        .replace("\"Markdown\"", "Markdown")
        .replace("\"Beta\"", "Beta")
        .replace("\"Internal\"", "Internal");
    assert_eq!(format!("{f:?}"), expected);
    assert!(format!("{f:#?}").starts_with("Flags {\n    product: \"app\",\n"));
    // `Display` is the value as the markdown writes it; `==` compares variants.
    assert_eq!((f.channel.to_string(), f.format.to_string()), ("beta".to_string(), "markdown".to_string()));
    assert!(f.channel == Channel::Beta && f.channel != Channel::Stable);
    assert_eq!(f.audience, Audience::Internal);
    assert_ne!(f.format, Format::Text);
}

/// `(default: "")` reaches the handler as the empty string when the flag is
/// left out, on the compiled table and through a dev-mode registry alike.
#[test]
fn an_empty_string_default_reaches_the_handler() {
    assert_eq!(run("ops.ping").text, "pong");
    assert_eq!(run(r#"ops.ping --prefix "> ""#).text, "> pong");
    let tree = skills_parser::load(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/skills")),
        &skills_parser::LoadOptions::default(),
    );
    let flag = tree.skill("ops.ping").unwrap().flags.iter().find(|f| f.name == "prefix").unwrap().clone();
    assert_eq!(flag.default.as_deref(), Some(&[String::new()][..]));
}

/// A skill's name spelt another way (the tool name, a slash command's
/// mark, another separator, no separator) is told the name to write.
#[test]
fn a_skill_name_spelt_another_way_is_told_the_name() {
    for line in ["ops_ping --message hi", "/ops.ping --message hi", "ops::ping", "OpsPing", "ops.ping: --message hi"] {
        let o = run(line);
        assert_eq!(error_kind(&o), "unknown_skill", "{line}");
        assert_eq!(
            o.error.unwrap().hint,
            "the skill is `ops.ping`: start the command with `ops.ping`, written so, followed by the same flags",
            "{line}"
        );
    }
    // A different word is only suggested.
    assert!(run("ops.pings").error.unwrap().hint.starts_with("`get_skill` lists"));
}

/// This crate's build script asks for `Builder::serde(true)`: `Flags`
/// serializes with the flags' names as written, in the markdown's order,
/// enums as their values, lists as sequences, dates as text, absent
/// optional flags as `null`; a skill without flags as an empty object.
#[test]
fn generated_flags_serialize_as_the_markdown_writes_them() {
    use skills::plans::digest::{FLAGS, Flags, Status};
    let tokens = ["--status", "todo", "in-progress", "--due-before", "2026-12-01", "--tags", "a", "c", "--urgent-only"];
    let args = skills_runtime::args::parse(&FLAGS, &tokens).unwrap();
    let f = Flags::from_args(&args).unwrap();
    assert_eq!(
        serde_json::to_string(&f).unwrap(),
        r#"{"status":["todo","in-progress"],"due-before":"2026-12-01","max-items":20,"tags":["a","c"],"urgent-only":true,"title":null}"#
    );
    assert_eq!(serde_json::to_string(&Status::InProgress).unwrap(), r#""in-progress""#);
    // Fourteen flags: two runs of fields.
    let tokens = ["--product", "app", "--version", "2.1", "--labels", "a"];
    let args = skills_runtime::args::parse(&skills::plans::checklist::FLAGS, &tokens).unwrap();
    let checklist = serde_json::to_value(skills::plans::checklist::Flags::from_args(&args).unwrap()).unwrap();
    assert_eq!(checklist.as_object().map(|o| o.len()), Some(14));
    assert_eq!((&checklist["format"], &checklist["retries"]), (&serde_json::json!("markdown"), &serde_json::json!(2)));
    assert_eq!(checklist["labels"], serde_json::json!(["a"]));
    let args = skills_runtime::args::parse(&skills::ops::crash::FLAGS, &[]).unwrap();
    let none = skills::ops::crash::Flags::from_args(&args).unwrap();
    assert_eq!(serde_json::to_string(&none).unwrap(), "{}");
}
