//! The `assistant` binary as a user runs it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn assistant(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_assistant"))
        .args(["--today", "2026-02-17"])
        .args(args)
        .env_remove("SKILLS_ROOT")
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn exec_prints_the_result_as_the_model_sees_it_and_exits_by_kind() {
    let ok = assistant(&["exec", "tasks.search --status blocked"]);
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(
        stdout(&ok),
        "[Command Result: tasks.search]\n1 task:\n- task_3 [blocked, high] Fix login bug (me, due 2026-02-22)\n"
    );
    // An enum value in another case, or with `-` for `_`, is the value.
    for status in ["Blocked", "BLOCKED"] {
        assert_eq!(stdout(&assistant(&["exec", &format!("tasks.search --status {status}")])), stdout(&ok));
    }
    let in_progress = stdout(&assistant(&["exec", "tasks.search --status in_progress"]));
    assert!(in_progress.contains("[in_progress,"), "{in_progress}");
    assert_eq!(stdout(&assistant(&["exec", "tasks.search --status In-Progress"])), in_progress);
    let help = assistant(&["exec", "get_skill: memory"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(stdout(&help).starts_with("[Command Result: get_skill]\n# Memory"));
    let bad = assistant(&["exec", "tasks.search --status overdue"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stdout(&bad).contains("Error (invalid_enum): `overdue` is not a value of `--status`"));
}

/// The hint of an error result is written from the command itself, for the
/// slips models make: an unquoted phrase, typographic quotes, a trailing
/// `# comment`, comma-separated values, a list in brackets, a short flag,
/// flags whose hyphens autocorrect made a dash.
#[test]
fn hints_show_the_fix_with_the_command_own_values() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "email.send --to a@b.co --to c@d.co --subject S --body B",
            "`--to` is given more than once; give it once (list several values after one `--to`)",
            "list the values after one --to: --to a@b.co c@d.co",
        ),
        (
            "email.send --to=a@b.co --subject S --to c@d.co 'Bo Li <bo@c.co>' --body B",
            "`--to` is given more than once; give it once (list several values after one `--to`)",
            r#"list the values after one --to: --to a@b.co c@d.co "Bo Li <bo@c.co>""#,
        ),
        (
            "email.send --to a@b.co --subject Q1 Report --body Hi",
            "`--subject` takes one value but got 2; quote a value that contains spaces",
            r#"quote a value that contains spaces: --subject "Q1 Report""#,
        ),
        (
            "email.send --to a@b.co --subject “Q1 Report” --body Hi",
            "`--subject` takes one value but got 2; quote a value that contains spaces",
            r#"typographic quotes (“ ” ‘ ’) are not quotes in a command; use straight double quotes: --subject "Q1 Report""#,
        ),
        (
            "email.send --to a@b.co --subject ‘Q1 Report’ --body Hi",
            "`--subject` takes one value but got 2; quote a value that contains spaces",
            r#"typographic quotes (“ ” ‘ ’) are not quotes in a command; use straight double quotes: --subject "Q1 Report""#,
        ),
        (
            "tasks.search --limit 5  # the top five",
            "`# the top five` is a comment, but `#` does not start one inside a command; nothing ran",
            "put the comment on a line of its own before the command, or leave it out:\n```cmd\n# the top five\ntasks.search --limit 5\n```",
        ),
        (
            "tasks.search --limit 5 #top",
            "`--limit` takes one value but got 2",
            "`#` does not start a comment inside a command: put a comment on a line of its own, or quote text that holds a `#`",
        ),
        (
            "tasks.search --limit 5 // the top five",
            "`--limit` takes one value but got 5",
            "`//` does not start a comment in a command: put a comment on a line of its own, starting with `#`, or quote text that holds `//`",
        ),
        (
            "tasks.search --limit 5 10",
            "`--limit` takes one value but got 2",
            "give `--limit` one value, such as `--limit 5`",
        ),
        (
            "memory.save \"the user likes tea\"",
            "unexpected value `the user likes tea` before any flag; values follow their flag, as in `--flag \"the user likes tea\"`\nmissing required flag: `--content`",
            "write the value after its flag: --content \"the user likes tea\"",
        ),
        (
            "tasks.get task_1",
            "unexpected value `task_1` before any flag; values follow their flag, as in `--flag task_1`\nmissing required flag: `--id`",
            "write the value after its flag: --id task_1",
        ),
        (
            "tasks.search --status overdue --assignee me",
            "`overdue` is not a value of `--status`; allowed: todo, in_progress, blocked, done, cancelled",
            "`overdue` is a flag of its own: write --overdue instead of --status overdue",
        ),
        (
            "tasks.search blocked",
            "unexpected value `blocked` before any flag; values follow their flag, as in `--flag blocked`",
            "write the value after its flag: --status blocked",
        ),
        (
            "tasks.search 5",
            "unexpected value `5` before any flag; values follow their flag, as in `--flag 5`",
            "write the value after its flag: --limit 5",
        ),
        (
            "email.search unread",
            "unexpected value `unread` before any flag; values follow their flag, as in `--flag unread`",
            "a flag's name starts with two dashes: --unread",
        ),
        (
            "tasks.search --limit ten twenty",
            "`--limit` takes one value but got 2",
            "`--limit` takes one whole number, such as `--limit 20`",
        ),
        (
            "tasks.create --title Plan --due next friday",
            "`--due` takes one value but got 2",
            "`--due` takes one date, written YYYY-MM-DD, such as `--due 2026-03-01`",
        ),
        (
            "tasks.search --limit 99999999999999999999",
            "`--limit` expects an integer from -9223372036854775808 to 9223372036854775807, not `99999999999999999999`",
            "write a whole number such as 20",
        ),
        (
            "tasks.search --status blocked,Done",
            "`blocked,Done` is not a value of `--status`; allowed: todo, in_progress, blocked, done, cancelled",
            "separate values with spaces, not commas: --status blocked Done",
        ),
        (
            "tasks.search -o",
            "unknown flag `-o`; did you mean `--overdue`?",
            "flags of `tasks.search`: --query --status --assignee --priority --tags --due-before --due-after --overdue --sort --limit",
        ),
        (
            "tasks.search --query -urgent",
            "unknown flag `-urgent`\n`--query` needs a value",
            "a value that starts with a dash is written with `=`: --query=-urgent",
        ),
        // A value that holds a space is no flag (`"-urgent or late"`, `"---
        // draft ---"`: read as values, in the test below); a flag quoted
        // with its value is told it is unknown as written.
        (
            "tasks.search --query x \"--limit 5\"",
            "unknown flag `--limit 5`",
            "flags of `tasks.search`: --query --status --assignee --priority --tags --due-before --due-after --overdue --sort --limit",
        ),
        (
            "tasks.search --overdue && get_skill",
            "`&&` joins another command to this one, as a shell would, which a command here cannot do; nothing ran",
            "write each command on a line of its own; they run in order, and each result comes back to you:\n```cmd\ntasks.search --overdue\nget_skill\n```",
        ),
        (
            "tasks.search --tags q1 | head -1",
            "`| head -1` sends the result to another program, as a shell would, which a command here cannot do; nothing ran",
            "write the command alone; its whole result comes back to you: tasks.search --tags q1",
        ),
        (
            "tasks.search --tags q1 2>&1 > out.txt",
            "`2>&1 > out.txt` redirects to or from a file, as a shell would, which a command here cannot do; nothing ran",
            "write the command alone; its whole result comes back to you: tasks.search --tags q1",
        ),
        (
            "email.send --to a@b.co --subject Q1 --body < notes.txt",
            "`< notes.txt` redirects to or from a file, as a shell would, which a command here cannot do; nothing ran",
            "give the text itself as the value, in double quotes, which may span lines: --body \"...\"",
        ),
        (
            "tasks.search --tags q1 urgent  # the open ones",
            "`# the open ones` is a comment, but `#` does not start one inside a command; nothing ran",
            "put the comment on a line of its own before the command, or leave it out:\n```cmd\n# the open ones\ntasks.search --tags q1 urgent\n```",
        ),
        (
            "tasks.search --limit 5; get_skill",
            "`--limit` takes one value but got 2",
            "`;` does not chain or redirect commands here: write each command on a line of its own in the ```cmd block",
        ),
        (
            "tasks.search --due-before 2026/3/1",
            "`--due-before` expects a date written YYYY-MM-DD, not `2026/3/1`",
            "write it as --due-before 2026-03-01",
        ),
        (
            "email.send --to a@b.co, \"Bo Li <bo@c.co>\" --subject Q1 --body Hi",
            "`--to` takes values separated by spaces, without commas or brackets, not `a@b.co,`",
            r#"separate values with spaces, without commas or brackets: --to a@b.co "Bo Li <bo@c.co>""#,
        ),
        (
            "tasks.search --status [todo, blocked]",
            "`--status` takes values separated by spaces, without commas or brackets, not `[todo,`",
            "separate values with spaces, without commas or brackets: --status todo blocked",
        ),
        (
            "email.send —to a@b.co c@d.co —subject Q1 --body Hi",
            "`—to` starts with a typographic dash, not two hyphens: write `--to`\n`—subject` starts with a typographic dash, not two hyphens: write `--subject`",
            "type flags with two hyphens (autocorrect turns them into a dash): --to",
        ),
        (
            "tasks.search --due-before 2026-01-05T10:00",
            "`--due-before` expects a date written YYYY-MM-DD, not `2026-01-05T10:00`",
            "write it as --due-before 2026-01-05",
        ),
        ("tasks.search --limit 5,", "`--limit` expects an integer, not `5,`", "write it as --limit 5"),
        ("tasks.search --limit 2.5", "`--limit` expects an integer, not `2.5`", "write a whole number such as 20"),
        ("tasks.search --limit 2.0", "`--limit` expects an integer, not `2.0`", "write it as --limit 2"),
        // Values after `--flag=value`: the flag written as it takes them.
        (
            "tasks.search --status=todo blocked --limit 2",
            "unexpected value `blocked` after `--status=todo`: a flag written with `=` takes only the value after it",
            "write the values after the flag, without `=`: --status todo blocked",
        ),
        (
            "tasks.search --query=overdue invoices",
            "unexpected value `invoices` after `--query=overdue`: a flag written with `=` takes only the value after it",
            "quote a value that contains spaces: --query \"overdue invoices\"",
        ),
        (
            "tasks.search --query= overdue invoices",
            "unexpected values `overdue`, `invoices` after `--query=`: a flag written with `=` takes only the value after it",
            "quote a value that contains spaces: --query \"overdue invoices\"",
        ),
        (
            "tasks.search --limit=5 10 20",
            "unexpected values `10`, `20` after `--limit=5`: a flag written with `=` takes only the value after it",
            "give `--limit` one value, such as `--limit 5`",
        ),
        ("tasks.search --limit 1,000", "`--limit` expects an integer, not `1,000`", "write it as --limit 1000"),
        ("tasks.search --limit 1_000", "`--limit` expects an integer, not `1_000`", "write it as --limit 1000"),
        ("tasks.search --limit 1e3", "`--limit` expects an integer, not `1e3`", "write it as --limit 1000"),
        (
            "tasks.search --limit=",
            "`--limit` expects an integer, not an empty value",
            "write a whole number such as 20",
        ),
        ("tasks.search --limit 2.5E1", "`--limit` expects an integer, not `2.5E1`", "write it as --limit 25"),
        (
            "tasks.search --limit 1.25e1",
            "`--limit` expects an integer, not `1.25e1`",
            "write a whole number such as 20",
        ),
        ("tasks.search --limit '5 '", "`--limit` expects an integer, not `5 `", "write it as --limit 5"),
        ("tasks.search --limit ５０", "`--limit` expects an integer, not `５０`", "write it as --limit 50"),
        ("tasks.search --limit 1,5", "`--limit` expects an integer, not `1,5`", "write a whole number such as 20"),
        (
            "tasks.search --due-before tomorrow",
            "`--due-before` expects a date written YYYY-MM-DD, not `tomorrow`",
            "`tomorrow` is Wednesday 2026-02-18 (today is Tuesday 2026-02-17, UTC): write --due-before 2026-02-18",
        ),
        // Dates that say which day they are, written another way.
        (
            "tasks.search --due-before 11/30/2026",
            "`--due-before` expects a date written YYYY-MM-DD, not `11/30/2026`",
            "write it as --due-before 2026-11-30",
        ),
        (
            "tasks.search --due-before 30.11.2026",
            "`--due-before` expects a date written YYYY-MM-DD, not `30.11.2026`",
            "write it as --due-before 2026-11-30",
        ),
        (
            "tasks.search --due-before \"Nov 30, 2026\"",
            "`--due-before` expects a date written YYYY-MM-DD, not `Nov 30, 2026`",
            "write it as --due-before 2026-11-30",
        ),
        (
            "tasks.search --due-before \"1st March 2026\"",
            "`--due-before` expects a date written YYYY-MM-DD, not `1st March 2026`",
            "write it as --due-before 2026-03-01",
        ),
        (
            "tasks.search --due-before \"2026-03-01 09:30\"",
            "`--due-before` expects a date written YYYY-MM-DD, not `2026-03-01 09:30`",
            "write it as --due-before 2026-03-01",
        ),
        // Day and month could be either way round; no year; no such day.
        (
            "tasks.search --due-before 03/04/2026",
            "`--due-before` expects a date written YYYY-MM-DD, not `03/04/2026`",
            "write the date as YYYY-MM-DD, such as 2026-03-01",
        ),
        (
            "tasks.search --due-before \"Nov 30\"",
            "`--due-before` expects a date written YYYY-MM-DD, not `Nov 30`",
            "write the date as YYYY-MM-DD, such as 2026-03-01",
        ),
        (
            "tasks.search --due-before \"Feb 30, 2026\"",
            "`--due-before` expects a date written YYYY-MM-DD, not `Feb 30, 2026`",
            "write the date as YYYY-MM-DD, such as 2026-03-01",
        ),
        (
            "tasks.search --limit:5",
            "unknown flag `--limit:5`; did you mean `--limit`?",
            "write the value after a space: --limit 5",
        ),
        (
            "tasks.search --overdue:",
            "unknown flag `--overdue:`; did you mean `--overdue`?",
            "write --overdue without the colon",
        ),
        // A flag without its value: what goes there, from the placeholder.
        (
            "tasks.search --status --limit 5",
            "`--status` needs a value",
            "give --status one or more values: --status <statuses>, or leave it out",
        ),
        ("tasks.search --limit", "`--limit` needs a value", "give --limit a value: --limit <n>, or leave it out"),
        // A required flag cannot be left out.
        (
            "email.send --to --subject Hi --body x",
            "`--to` needs a value",
            "give --to one or more values: --to <addresses>",
        ),
        (
            "tasks.search --status \"blocked done\"",
            "`blocked done` is not a value of `--status`; allowed: todo, in_progress, blocked, done, cancelled",
            "give each value as a word of its own, not quoted together: --status blocked done",
        ),
    ];
    for &(line, message, hint) in cases {
        let out = stdout(&assistant(&["exec", line]));
        let (first, rest) = out.split_once('\n').unwrap();
        assert_eq!(first, "[Command Result: tasks.search]".replace("tasks.search", line.split(' ').next().unwrap()));
        assert_eq!(rest, format!("Error ({}): {message}\nHint: {hint}\n", kind_of(message)), "{line}");
    }
}

fn kind_of(message: &str) -> &'static str {
    if message.contains("takes one value") {
        "too_many_values"
    } else if message.starts_with("unknown flag") || message.contains("typographic dash") {
        "unknown_flag"
    } else if message.contains("separated by spaces") {
        "list_punctuation"
    } else if message.contains("expects a date") {
        "invalid_date"
    } else if message.starts_with("unexpected value") {
        "unexpected_value"
    } else if message.contains("expects an integer") {
        "invalid_integer"
    } else if message.contains("given more than once") {
        "repeated_flag"
    } else if message.ends_with("nothing ran") {
        "unsupported_syntax"
    } else if message.ends_with("needs a value") {
        "missing_value"
    } else {
        "invalid_enum"
    }
}

#[test]
fn exec_json_gives_the_structured_form() {
    let o = assistant(&["exec", "--json", "email.sned --to x"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["kind"], "error");
    assert_eq!(v["error"]["kind"], "unknown_skill");
    assert_eq!(v["error"]["message"], "unknown skill `email.sned`; did you mean `email.send`?");
    assert_eq!(v["command"], "email.sned --to x");
}

#[test]
fn call_runs_a_json_tool_call() {
    let o = assistant(&["call", r#"{"skill": "tasks.get", "arguments": {"id": "task_1"}}"#]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("[Command Result: tasks.get]\ntask_1: Review PR 42"));
    let o = assistant(&["call", r#"{"name": "tasks_get", "arguments": {"ids": "task_1"}}"#]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("unknown argument `ids`; did you mean `id`?"));
    assert_eq!(assistant(&["call", "{not json"]).status.code(), Some(2));
}

#[test]
fn run_executes_every_block_of_a_reply_from_a_file_or_stdin() {
    let reply = "Checking.\n\n```cmd\ntasks.search --overdue\nmemory.save --content \"likes tea\"\n```\n";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("reply.md");
    std::fs::write(&file, reply).unwrap();
    let from_file = assistant(&["run", file.to_str().unwrap()]);
    assert_eq!(from_file.status.code(), Some(0));
    let text = stdout(&from_file);
    assert!(text.starts_with("[Command Result: tasks.search]\n1 task:"), "{text}");
    assert!(text.contains("\n\n[Command Result: memory.save]\nRemembered as mem_1 (note)."), "{text}");

    let mut child = Command::new(env!("CARGO_BIN_EXE_assistant"))
        .args(["--today", "2026-02-17", "run", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(reply.as_bytes()).unwrap();
    let from_stdin = child.wait_with_output().unwrap();
    assert_eq!(stdout(&from_stdin), text);
}

#[test]
fn run_pauses_at_the_limit_and_continues_on_request() {
    let lines: Vec<String> = (1..=4).map(|i| format!("memory.save --content m{i}")).collect();
    let reply = format!("```cmd\n{}\n```\n", lines.join("\n"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("reply.md");
    std::fs::write(&file, reply).unwrap();
    let paused = stdout(&assistant(&["run", "--max-commands", "3", file.to_str().unwrap()]));
    assert_eq!(paused.matches("[Command Result: memory.save]").count(), 3);
    assert!(paused.contains("[Turn paused]\nRan 3 of 4 commands"), "{paused}");
    let all = stdout(&assistant(&["run", "--max-commands", "3", "--continue", file.to_str().unwrap()]));
    assert_eq!(all.matches("[Command Result: memory.save]").count(), 4);
    assert!(all.contains("Remembered as mem_4"), "{all}");
    let json = assistant(&["run", "--json", "--max-commands", "3", "--continue", file.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 2, "two turns of the limit");
    assert_eq!(v[0]["paused"], true);
    assert_eq!(v[1]["results"][0]["text"], "Remembered as mem_4 (note).");
}

#[test]
fn run_exits_1_when_any_result_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("reply.md");
    std::fs::write(&file, "```cmd\ntasks.search\ntasks.get\n```\n").unwrap();
    assert_eq!(assistant(&["run", file.to_str().unwrap()]).status.code(), Some(1));
    assert_eq!(assistant(&["run", "/no/such/file.md"]).status.code(), Some(2));
}

#[test]
fn read_only_mode_defers_mutating_skills() {
    let o = assistant(&["--read-only", "exec", "memory.save --content x"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("Error (needs_confirmation)"));
    assert_eq!(assistant(&["--read-only", "exec", "memory.search --query x"]).status.code(), Some(0));
}

#[test]
fn schema_prints_every_skill_in_either_format() {
    for (format, name_at) in [("openai", "/function/name"), ("anthropic", "/name")] {
        let o = assistant(&["schema", "--format", format]);
        assert_eq!(o.status.code(), Some(0));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let names: Vec<&str> =
            v.as_array().unwrap().iter().map(|t| t.pointer(name_at).unwrap().as_str().unwrap()).collect();
        assert_eq!(names.len(), 16);
        assert!(names.contains(&"email_send") && names.contains(&"workflows_daily_digest"));
    }
    assert_ne!(assistant(&["schema", "--format", "gemini"]).status.code(), Some(0));
}

#[test]
fn prompt_prints_the_section_and_its_size() {
    let o = stdout(&assistant(&["prompt"]));
    assert!(o.starts_with("Available skill domains:\n"));
    let last = o.trim_end().lines().last().unwrap();
    let tokens: usize = last.trim_start_matches('~').split(' ').next().unwrap().parse().unwrap();
    assert!(tokens > 100 && tokens < 400, "{last}");
    let full = stdout(&assistant(&["prompt", "--full"]));
    assert!(full.starts_with("You are an AI assistant.") && full.contains("Quick reference:"));
}

fn assistant_env(args: &[&str], roots: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_assistant"))
        .args(["--today", "2026-02-17"])
        .args(args)
        .env("SKILLS_ROOTS", format!("project={}", roots.display()))
        .env_remove("SKILLS_ROOT")
        .output()
        .unwrap()
}

const NOTES: &str = "---\nname: notes.todo\ndescription: Jot a to-do line\nschedule: \"0 9 * * *\"\n---\n\n# notes.todo\n\nWrite `- [ ] {item}` in the user's notes.\n\n## Usage\n\nnotes.todo [--item <text>]\n\n## Flags\n\n--item   The to-do text\n\n## Examples\n\nnotes.todo --item milk\n";
const BROKEN: &str = "---\nname: notes.sync\ndescription: Sync the notes (its handler is not compiled in)\nhandler: notes::sync\nschedule: \"30 8 * * *\"\n---\n\n# notes.sync\n\nSync.\n\n## Usage\n\nnotes.sync\n\n## Examples\n\nnotes.sync\n";

#[cfg(debug_assertions)]
#[test]
fn debug_builds_read_skills_live_and_static_mode_does_not() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("notes")).unwrap();
    std::fs::write(dir.path().join("notes/todo.md"), NOTES).unwrap();
    let live = assistant_env(&["exec", "notes.todo --item milk"], dir.path());
    assert_eq!(live.status.code(), Some(0), "{}", stdout(&live));
    assert!(stdout(&live).contains("Write `- [ ] milk` in the user's notes."));
    // Compiled skills stay available underneath.
    assert_eq!(assistant_env(&["exec", "tasks.get --id task_1"], dir.path()).status.code(), Some(0));
    let fixed = assistant_env(&["--static", "exec", "notes.todo --item milk"], dir.path());
    assert_eq!(fixed.status.code(), Some(1));
    assert!(stdout(&fixed).contains("unknown skill `notes.todo`"));
}

#[cfg(debug_assertions)]
#[test]
fn the_schedule_loop_runs_every_due_skill_and_survives_a_failing_one() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("notes")).unwrap();
    std::fs::write(dir.path().join("notes/todo.md"), NOTES).unwrap();
    std::fs::write(dir.path().join("notes/sync.md"), BROKEN).unwrap();
    let o = assistant_env(
        &["schedule", "--tz", "UTC", "--from", "2026-02-16T00:00:00Z", "--until", "2026-02-17T23:59:59Z"],
        dir.path(),
    );
    let text = stdout(&o);
    let runs: Vec<&str> = text.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(
        runs,
        [
            "[2026-02-16T08:00:00+00:00[UTC]] [Command Result: workflows.daily_digest]",
            "[2026-02-16T08:30:00+00:00[UTC]] [Command Result: notes.sync]",
            "[2026-02-16T09:00:00+00:00[UTC]] [Command Result: notes.todo]",
            "[2026-02-17T08:00:00+00:00[UTC]] [Command Result: workflows.daily_digest]",
            "[2026-02-17T08:30:00+00:00[UTC]] [Command Result: notes.sync]",
            "[2026-02-17T09:00:00+00:00[UTC]] [Command Result: notes.todo]",
        ],
        "{text}"
    );
    assert!(text.contains("Error (not_available): `notes.sync` is not available here"));
    assert_eq!(o.status.code(), Some(1), "a failed run is reported in the exit code");
    let list = stdout(&assistant_env(&["schedule", "--list", "--tz", "UTC"], dir.path()));
    assert!(
        list.contains("notes.todo  (0 9 * * *)") && list.contains("workflows.daily_digest  (0 8 * * 1-5)"),
        "{list}"
    );
}

/// A window that ends before it starts is refused, and one that holds more
/// runs than a window runs says where the rest begins instead of dropping
/// them silently.
#[test]
fn a_schedule_window_is_checked_and_its_cap_is_said() {
    // (runs printed, exit code, what stderr says)
    let window = |from: &str, until: &str| {
        let o = assistant(&["--static", "schedule", "--tz", "UTC", "--from", from, "--until", until]);
        let runs = stdout(&o).lines().filter(|l| l.starts_with('[')).count();
        (runs, o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
    };
    let (runs, code, said) = window("2026-03-10T00:00:00Z", "2026-03-01T00:00:00Z");
    assert_eq!((runs, code), (0, Some(2)));
    assert_eq!(
        said,
        "assistant: the window ends (2026-03-01T00:00:00Z) before it starts (2026-03-10T00:00:00Z); give --until after --from\n"
    );
    // `workflows.daily_digest` runs on weekdays at 08:00: 1,000 runs end on
    // 2029-10-31, and the rest starts after it.
    let (runs, _, said) = window("2026-01-01T00:00:00Z", "2036-01-01T00:00:00Z");
    assert_eq!(runs, 1000);
    assert_eq!(
        said,
        "assistant: stopped after 1000 runs, the most one window runs; the rest of it: --from 2029-10-31T08:00:00Z --until 2036-01-01T00:00:00Z\n"
    );
    // Exactly to the last of a full window: nothing more to say.
    assert_eq!(window("2026-01-01T00:00:00Z", "2029-10-31T08:00:00Z"), (1000, Some(0), String::new()));
}

/// A window's ends may be written without an offset, as a date and time or
/// a date, read in the zone the schedules are read in; anything else is
/// told the forms.
#[test]
fn a_schedule_window_reads_times_without_an_offset_in_its_zone() {
    let runs = |tz: &str, from: &str, until: &str| {
        let o = assistant(&["--static", "schedule", "--tz", tz, "--from", from, "--until", until]);
        let text = stdout(&o);
        let runs: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with('['))
            .map(|l| l.split("] ").next().unwrap_or("").to_string())
            .collect();
        (runs, String::from_utf8_lossy(&o.stderr).into_owned())
    };
    // 2026-02-16 is a Monday; in Tokyo (UTC+9) 08:00 local is 23:00 UTC
    // the day before, so the RFC 3339 window of the same digits misses it.
    let (local, _) = runs("Asia/Tokyo", "2026-02-16T07:30", "2026-02-16T08:30");
    assert_eq!(local, ["[2026-02-16T08:00:00+09:00[Asia/Tokyo]"]);
    let (utc, _) = runs("Asia/Tokyo", "2026-02-16T07:30:00Z", "2026-02-16T08:30:00Z");
    assert!(utc.is_empty(), "{utc:?}");
    // A date is its midnight.
    let (days, _) = runs("UTC", "2026-02-16", "2026-02-18");
    assert_eq!(days, ["[2026-02-16T08:00:00+00:00[UTC]", "[2026-02-17T08:00:00+00:00[UTC]"]);
    let (none, said) = runs("UTC", "tomorrow", "2026-02-18");
    assert!(none.is_empty());
    assert_eq!(
        said,
        "assistant: `tomorrow` is not a time: write it as RFC 3339 (2026-02-16T09:00:00Z), or as a date and time without an offset (2026-02-16T09:00, or 2026-02-16 for midnight), read in the time zone UTC\n"
    );
}

/// What `assistant repl` prints for `input` (the static table, the demo
/// state of 2026-02-17).
#[cfg(debug_assertions)]
fn repl(input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_assistant"))
        .args(["--today", "2026-02-17", "--static", "repl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    stdout(&child.wait_with_output().unwrap())
}

#[cfg(debug_assertions)]
#[test]
fn repl_answers_each_line() {
    // A line that is not UTF-8 gets its error, and the REPL goes on (it
    // used to stop there, silently).
    let out = repl(b"memory.save --content tea\n\nmemory.save --content t\xe9a\r\nrecall --query tea\r\n");
    assert_eq!(
        out,
        "[Command Result: memory.save]\nRemembered as mem_1 (note).\n\n\
         [Command Result: memory.save]\nError (tokenize): the command is not valid UTF-8 (column 24)\nHint: send the command as UTF-8 text\n\n\
         [Command Result: memory.search]\n- mem_1 (note): tea\n\n"
    );
}

/// A line that ends in a backslash continues on the next, as in a shell:
/// the backslash and the line break are removed (inside double quotes
/// too, and before CR LF), and a command still waiting at the end of the
/// input runs as it is. `exec` reads a command broken so the same way.
#[cfg(debug_assertions)]
#[test]
fn repl_reads_a_line_ending_in_a_backslash_with_the_next() {
    let out = repl(
        b"memory.save --content \"tea \\\nand cake\" \\\r\n  --tags foo\\\nds\n\
              memory.search --query \"tea and cake\" --tags foods\n\
              email.send --to a@b.co \\\n --subject Hi --body x \\\n",
    );
    assert_eq!(
        out,
        "[Command Result: memory.save]\nRemembered as mem_1 (note).\n\n\
         [Command Result: memory.search]\n- mem_1 (note): tea and cake\n\n\
         [Command Result: email.send]\nSent to a@b.co. Message ID: msg_4\n\n"
    );
    let out = stdout(&assistant(&["exec", "email.send --to a@b.co \\\n  --subject Hi \\\n  --body x"]));
    assert!(out.ends_with("Sent to a@b.co. Message ID: msg_4\n"), "{out}");
}

/// Addresses joined by commas are refused before the handler runs, with
/// the list to write; an address the handler cannot read is its own error.
#[test]
fn attendees_and_recipients_joined_by_commas_are_told_the_list_to_write() {
    for (line, message, hint) in [
        (
            "calendar.create --title Sync --date 2026-02-18 --attendees a@b.co,c@d.co",
            "`--attendees` takes values separated by spaces, without commas or brackets, not `a@b.co,c@d.co`",
            "--attendees a@b.co c@d.co",
        ),
        (
            "email.send --to a@b.co, --subject Hi --body x",
            "`--to` takes values separated by spaces, without commas or brackets, not `a@b.co,`",
            "--to a@b.co",
        ),
    ] {
        let out = stdout(&assistant(&["exec", line]));
        assert!(out.contains(&format!("Error (list_punctuation): {message}\n")), "{out}");
        assert!(out.ends_with(&format!("without commas or brackets: {hint}\n")), "{out}");
    }
    let out = stdout(&assistant(&["exec", "email.send --to bob --subject Hi --body x"]));
    assert!(out.contains("Error (invalid_input): `bob` in --to is not an email address; nothing was sent"), "{out}");
}

/// A date written in words is told the day it stands for, counted from the
/// clock (`--today` moves it), in the static and the dev-mode router alike.
#[test]
fn a_date_in_words_is_told_its_day() {
    for mode in ["--static", "--dev"] {
        let o = assistant(&[mode, "exec", "tasks.search --due-before \"next friday\""]);
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(
            stdout(&o),
            "[Command Result: tasks.search]\nError (invalid_date): `--due-before` expects a date written YYYY-MM-DD, not `next friday`\nHint: `next friday` is Friday 2026-02-20 (today is Tuesday 2026-02-17, UTC): write --due-before 2026-02-20\n",
            "{mode}"
        );
    }
    // Run, the hint's command works.
    let o = assistant(&["exec", "tasks.search --due-before 2026-02-20"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // A tool call is told the argument to send.
    let o = assistant(&["call", r#"{"skill": "tasks.search", "arguments": {"due_before": "tomorrow"}}"#]);
    assert!(
        stdout(&o).ends_with(
            "Hint: `tomorrow` is Wednesday 2026-02-18 (today is Tuesday 2026-02-17, UTC): send it as \"due-before\": \"2026-02-18\"\n"
        ),
        "{}",
        stdout(&o)
    );
    // Words that name no one day keep the format.
    let o = assistant(&["exec", "tasks.search --due-before \"next week\""]);
    assert!(stdout(&o).contains("Hint: write the date as YYYY-MM-DD"), "{}", stdout(&o));
}

/// Control characters and bidirectional overrides a model writes in a value
/// are escaped on the terminal (they would move the cursor, retitle the
/// window or reorder the line); JSON output stays JSON, escaped the same.
#[test]
fn what_could_take_a_terminal_over_is_escaped_in_human_output() {
    let line = "email.send --to a@b.co --subject \"\u{1b}]0;pwned\u{7}Q1\u{202e}\" --body \"x\u{1b}[2J\ny\"";
    let out = stdout(&assistant(&["exec", line]));
    assert!(!out.contains(['\u{1b}', '\u{7}', '\u{202e}']), "{out:?}");
    assert!(out.contains("Sent to a@b.co."), "{out}");
    let show = stdout(&assistant(&["exec", &format!("{line}\n")]));
    assert!(!show.contains('\u{1b}'), "{show:?}");
    // The same command's result as JSON: valid, and the raw characters
    // written as JSON escapes.
    let unknown = "tasks.s\u{202e}earch --limit 1";
    let text = stdout(&assistant(&["exec", "--json", unknown]));
    assert!(!text.contains('\u{202e}'), "{text:?}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(v["command"].as_str().unwrap().contains('\u{202e}'), "the JSON still says what was written");
    let human = stdout(&assistant(&["exec", unknown]));
    assert!(human.contains("tasks.s\\u{202e}earch"), "{human}");
}

/// A command continued over 50,000 lines is one command, read in time in
/// proportion to its length (docs/PERFORMANCE.md, "Hostile input").
#[test]
fn a_command_continued_over_many_lines_runs_once() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_assistant"))
        .args(["--today", "2026-02-17", "--static", "repl"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = String::from("tasks.search \\\n");
    input.push_str(&"  \\\n".repeat(50_000));
    input.push_str("  --limit 1\n");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    assert_eq!(out.matches("[Command Result: tasks.search]").count(), 1, "{}", &out[..out.len().min(500)]);
    assert!(out.contains("(showing 1)"), "{}", &out[..out.len().min(500)]);
}

/// `assistant replay` (the README's first command) prints each transcript
/// as its recorded output has it.
#[test]
fn replay_prints_each_transcript_as_recorded() {
    let file = "examples/transcripts/01-email-triage.md";
    let out = stdout(&assistant(&["replay", file]));
    let recorded = std::fs::read_to_string("examples/transcripts/01-email-triage.out").unwrap();
    assert!(out.starts_with(&format!("##### {file}\n\n")), "{out}");
    assert_eq!(out[format!("##### {file}\n\n").len()..].trim_end(), recorded.trim_end());
}
