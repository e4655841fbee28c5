//! The `skills` command as authors and CI use it, run from the repository root.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skills")).args(args).current_dir(repo()).output().unwrap()
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_skills"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json_of(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

#[test]
fn check_bundled_tree_passes() {
    let o = run(&["check"]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("16 skills in 6 domains; 0 errors, 0 warnings"));
}

#[test]
fn check_seed_fails_with_file_and_line() {
    let o = run(&["check", "--root", "tests/fixtures/seed"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("error[example-invalid]: example does not parse against the flags of `tasks.search`"),
        "{out}"
    );
    assert!(out.contains("--> tests/fixtures/seed/tasks/search.md:36:1"), "{out}");
    assert!(out.contains("--> tests/fixtures/seed/tasks/search.md:37:1"), "{out}");
    assert!(out.contains("5 skills in 4 domains; 2 errors"), "{out}");
}

#[test]
fn check_json_has_the_documented_shape() {
    let o = run(&["check", "--root", "tests/fixtures/seed", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let v = json_of(&o);
    assert_eq!(v["skills"], 5);
    assert_eq!(v["domains"], 4);
    let d = v["diagnostics"].as_array().unwrap();
    let err = d.iter().find(|d| d["severity"] == "error").unwrap();
    for key in ["severity", "code", "file", "line", "column", "message", "hint"] {
        assert!(err.get(key).is_some(), "missing {key}");
    }
    assert_eq!(err["file"], "tests/fixtures/seed/tasks/search.md");
    assert_eq!(err["line"], 36);
}

#[test]
fn check_missing_root_is_an_error() {
    let o = run(&["check", "--root", "no/such/dir"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("error[unreadable-file]"));
}

#[test]
fn list_json_shows_derived_types() {
    let v = json_of(&run(&["list", "--format", "json"]));
    let search = v.as_array().unwrap().iter().find(|s| s["name"] == "tasks.search").unwrap();
    let status = search["flags"].as_array().unwrap().iter().find(|f| f["name"] == "status").unwrap();
    assert_eq!(status["type"], "enum");
    assert_eq!(status["list"], true);
    assert_eq!(status["default"], json!(["todo", "in_progress", "blocked"]));
    let text = stdout(&run(&["list"]));
    assert!(text.contains("workflows.daily_digest  Generate and send the 8am daily digest email  [template]"));
    // Each property says where it came from: `One or more of:` and the
    // default on the flag's line (19), the placeholder in Usage (14).
    let sources = &status["sources"];
    assert_eq!(sources["type"], json!({ "origin": "marker", "implied": false, "line": 19, "column": 33 }));
    assert_eq!(sources["default"]["line"], 19);
    assert_eq!(sources["required"]["implied"], true, "a default implies optional");
    assert_eq!(sources["placeholder"]["origin"], "usage");
    let limit = search["flags"].as_array().unwrap().iter().find(|f| f["name"] == "limit").unwrap();
    assert_eq!(limit["sources"]["type"]["origin"], "placeholder", "`<n>` in Usage");
    assert_eq!(
        limit["sources"]["list"],
        json!({ "origin": "unstated", "implied": false, "line": null, "column": null })
    );
}

#[test]
fn explain_names_the_statement_behind_each_property() {
    let o = run(&["explain", "tasks.search", "--flag", "--limit"]);
    assert!(o.status.success(), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("tasks.search (skills/tasks/search.md)\n\n--limit  declared at skills/tasks/search.md:27:1\n"),
        "{out}"
    );
    // The type was inferred from Usage's `<n>`: where, and how to state it.
    assert!(
        out.contains("  type: integer\n    inferred from the placeholder at line 14, column 184\n    | --limit <n>]\n    to state it: write `(type: integer)`\n"),
        "{out}"
    );
    assert!(out.contains("  default: 20\n    stated by an explicit marker at line 27, column 42\n"), "{out}");
    assert!(out.contains("  required: no\n    implied by an explicit marker at line 27"), "{out}");
    // Every flag without `--flag`; JSON for programs.
    let all = stdout(&run(&["explain", "tasks.search"]));
    assert_eq!(all.matches("  declared at ").count(), 10, "{all}");
    let v = json_of(&run(&["explain", "email.send", "--flag", "to", "--format", "json"]));
    let props = v["flags"][0]["properties"].as_array().unwrap();
    let list = props.iter().find(|p| p["property"] == "list").unwrap();
    assert_eq!(list["value"], "yes");
    assert_eq!((list["origin"].as_str(), list["line"].as_u64()), (Some("marker"), Some(20)));
    // An unknown skill or flag names the closest.
    let o = run(&["explain", "tasks.serch"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("did you mean `tasks.search`?"));
    let o = run(&["explain", "tasks.search", "--flag", "limt"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("did you mean `--limit`?"));
}

#[test]
fn help_levels() {
    let top = stdout(&run(&["help", "get_skill"]));
    assert!(top.starts_with("Available skill domains:\n\n  calendar     Calendar event management\n"), "{top}");
    assert!(top.contains("Use: get_skill: <domain>.all to load all skills in a domain"));
    let domain = stdout(&run(&["help", "get_skill: email"]));
    assert!(domain.starts_with("# Email"), "{domain}");
    assert_eq!(stdout(&run(&["help", "get_skill", "email"])), domain, "without the colon");
    assert_eq!(stdout(&run(&["help", "email", "--help"])), domain);
    let skill = stdout(&run(&["help", "get_skill: email.send"]));
    assert!(skill.starts_with("# email.send\n"), "{skill}");
    assert_eq!(stdout(&run(&["help", "email.send --help"])), skill);
    assert_eq!(stdout(&run(&["help", "mail --help"])), skill, "aliases resolve");
    let all = stdout(&run(&["help", "get_skill: email.all"]));
    let order: Vec<usize> = ["# email.draft", "# email.read", "# email.search", "# email.send"]
        .iter()
        .map(|t| all.find(t).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "sorted by name");
    assert!(!all.contains("# Email\n"), "SKILL.md is not part of .all");
    assert_eq!(all.matches("\n---\n").count(), 3);
}

#[test]
fn help_unknown_name_lists_closest() {
    let o = run(&["help", "get_skill: emial"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown skill or domain `emial`; did you mean `email`?"), "{err}");
}

#[test]
fn parse_prints_typed_flags() {
    let o = run(&["parse", "--", "email.send --to a@b.com c@d.com --subject \"Q1 Report\" --body hi"]);
    assert!(o.status.success());
    assert_eq!(
        json_of(&o),
        json!({"skill": "email.send", "flags": {
            "to": ["a@b.com", "c@d.com"], "subject": "Q1 Report", "body": "hi", "cc": null, "bcc": null, "attachments": null
        }})
    );
    let v = json_of(&run(&["parse", "--", "workflows.daily_digest"]));
    assert_eq!(v["flags"], json!({"recipient": "me", "include-weather": false}));
    let v = json_of(&run(&["parse", "--", "recall --query x --limit 2"]));
    assert_eq!(v["skill"], "memory.search", "aliases route to their skill");
    assert_eq!(v["flags"]["limit"], 2);
}

fn parse_error(line: &str) -> (String, String, String) {
    let o = run(&["parse", "--", line]);
    assert_eq!(o.status.code(), Some(1), "{line}: {}", stdout(&o));
    let v = json_of(&o);
    let e = &v["error"];
    (e["kind"].as_str().unwrap().into(), e["message"].as_str().unwrap().into(), e["hint"].as_str().unwrap().into())
}

#[test]
fn parse_errors_name_the_fix() {
    let (k, m, _) = parse_error("email.sned --to x");
    assert_eq!(k, "unknown_skill");
    assert!(m.contains("did you mean `email.send`?"), "{m}");

    let (k, m, h) = parse_error("tasks.search --stauts done");
    assert_eq!(k, "unknown_flag");
    assert!(m.contains("did you mean `--status`?"), "{m}");
    assert!(h.contains("--status"), "{h}");

    let (k, m, _) = parse_error("email.send --body x");
    assert_eq!(k, "missing_required");
    assert_eq!(m, "missing required flags: `--to`, `--subject`");

    let (k, m, h) = parse_error("tasks.search --priority urgent");
    assert_eq!(k, "invalid_enum");
    assert!(m.contains("allowed: critical, high, medium, low"), "{m}");
    assert!(h.contains("critical"), "{h}");

    let (k, _, h) = parse_error("tasks.search --limit ten");
    assert_eq!(k, "invalid_integer");
    assert!(h.contains("whole number"));

    // What the router refuses before splitting, refused here too.
    let (k, _, h) = parse_error(r"memory.save --content C:\Users\x");
    assert_eq!(
        (k.as_str(), h.as_str()),
        ("unquoted_backslash", r"put the value in single quotes to keep its backslashes: --content 'C:\Users\x'")
    );
    let (k, _, h) = parse_error("email.send --to a@b.co --subject Hi --body <<EOF\nHello\nEOF");
    assert_eq!(k, "unsupported_syntax");
    assert!(h.ends_with("--body \"Hello\""), "{h}");

    let (k, m, _) = parse_error("tasks.search --due-before 2026-02-30");
    assert_eq!(k, "invalid_date");
    assert!(m.contains("that day does not exist"), "{m}");

    let (k, m, _) = parse_error("email.send --to a@b.c --subject Q1 Report --body x");
    assert_eq!(k, "too_many_values");
    assert!(m.contains("`--subject` takes one value but got 2"), "{m}");

    let (k, m, _) = parse_error("email.send --to a@b.c --subject 'Q1");
    assert_eq!(k, "tokenize");
    assert!(m.contains("column 33"), "{m}");
}

#[test]
fn tokenize_prints_tokens_or_the_error() {
    let o = run(&["tokenize", "--", r#"a "b c" 'd\e' f\ g"#]);
    assert_eq!(json_of(&o), json!(["a", "b c", "d\\e", "f g"]));
    let o = run(&["tokenize", "--", "x \\"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json_of(&o)["error"]["kind"], "tokenize");
}

#[test]
fn extract_reads_stdin() {
    let o = run_stdin(&["extract"], "Hi.\n\n```cmd\nget_skill\n```\n\n```cmd\ntasks.search --ov");
    let v = json_of(&o);
    assert_eq!(v["commands"], json!([{"text": "get_skill", "line": 4}]));
    assert_eq!(v["diagnostics"][0]["code"], "unterminated_cmd_block");
    assert_eq!(v["diagnostics"][0]["line"], 7);
}

#[test]
fn closed_stdout_is_not_a_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_skills"))
        .args(["list"])
        .current_dir(repo())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn list_over_several_roots_names_each_skills_root_and_what_it_shadows() {
    let dir = tempfile::tempdir().unwrap();
    let (high, low) = (dir.path().join("project"), dir.path().join("system"));
    for (root, text) in [(&high, "Project copy"), (&low, "System copy")] {
        std::fs::create_dir_all(root.join("notes")).unwrap();
        std::fs::write(
            root.join("notes/todo.md"),
            format!("---\nname: notes.todo\ndescription: {text}\n---\n\n# notes.todo\n\nJot it.\n\n## Usage\n\nnotes.todo\n\n## Examples\n\nnotes.todo\n"),
        )
        .unwrap();
        std::fs::write(
            root.join("notes/SKILL.md"),
            "---\ndomain: notes\ndescription: Notes\n---\n\n# Notes\n\n| Skill | Description |\n|---|---|\n",
        )
        .unwrap();
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skills"))
        .args(["list", "--root", high.to_str().unwrap(), "--root", low.to_str().unwrap(), "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["description"], "Project copy");
    assert!(v[0]["root"].as_str().unwrap().ends_with("project"));
    assert!(v[0]["shadows"][0].as_str().unwrap().ends_with("system"));
    let text = std::process::Command::new(env!("CARGO_BIN_EXE_skills"))
        .args(["list", "--root", high.to_str().unwrap(), "--root", low.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("notes.todo  Project copy  [template]  (from "), "{text}");
    assert!(text.contains("; shadows "), "{text}");
}

/// A `number` flag read from the markdown at run time (the dynamic
/// catalog `skills parse --root` routes through): typed as a JSON number,
/// and a number written another way is named with its fix.
#[test]
fn number_flags_parse_from_the_markdown() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("skills");
    std::fs::create_dir_all(root.join("image")).unwrap();
    std::fs::write(root.join("image/SKILL.md"), "---\ndomain: image\ndescription: Images\n---\n\n# Images\n").unwrap();
    std::fs::write(
        root.join("image/resize.md"),
        "---\nname: image.resize\ndescription: Resize\nparameters:\n  type: object\n  properties:\n    x: {type: number}\n    y: {type: [number, \"null\"]}\n  required: [x]\n---\n\n# image.resize\n\n## Examples\n\nimage.resize --x 0.5\n",
    )
    .unwrap();
    let root = root.to_str().unwrap();
    let v = json_of(&run(&["parse", "--root", root, "--", "image.resize --x 0.5 --y 2"]));
    assert_eq!(v["flags"], json!({"x": 0.5, "y": 2}));
    let o = run(&["parse", "--root", root, "--", "image.resize --x 0,5"]);
    assert!(!o.status.success());
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["error"]["kind"], "invalid_number", "{v}");
    assert_eq!(v["error"]["hint"], "write it as --x 0.5", "{v}");
}

/// Short spellings are written apart in commands (`-v 9`, `-q -d`); one
/// written attached (`-v9`) or combined (`-qd`) is an unknown flag whose
/// hint is the command's own words written apart, when its first letter is
/// declared. Other letters keep the flag list as their hint.
#[test]
fn short_spellings_written_together_are_told_apart() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("skills");
    std::fs::create_dir_all(root.join("ops")).unwrap();
    std::fs::write(root.join("ops/SKILL.md"), "---\ndomain: ops\ndescription: Operations\n---\n\n# Ops\n").unwrap();
    std::fs::write(
        root.join("ops/level.md"),
        "---\nname: ops.level\ndescription: Set a level\n---\n\n# ops.level\n\n## Usage\n\n\
         ops.level --value <n> [--quiet] [--dry-run] [--note <text>]\n\n## Flags\n\n\
         -v, --value <n>      The new level (required)\n-q, --quiet          Say nothing back\n\
         -d, --dry-run        Only show what would change\n-n, --note <text>    A note to keep\n\n\
         ## Examples\n\nops.level -v 8 -q\n",
    )
    .unwrap();
    let root = root.to_str().unwrap();
    let parse = |line: &str| json_of(&run(&["parse", "--root", root, "--", line]));
    let v = parse("ops.level -v 9 -q -d -n=kept");
    assert_eq!(v["flags"], json!({"value": 9, "quiet": true, "dry-run": true, "note": "kept"}), "{v}");
    for (line, message, hint) in [
        (
            "ops.level -v9",
            "unknown flag `-v9`\nmissing required flag: `--value`",
            "write the value after a space: -v 9",
        ),
        (
            "ops.level -v 9 -n\"two words\"",
            "unknown flag `-ntwo words`",
            "write the value after a space: -n \"two words\"",
        ),
        ("ops.level -v 9 -qd", "unknown flag `-qd`", "write each letter as a flag of its own: -q -d"),
        // A switch's letter then a value flag's: not two switches.
        ("ops.level -v 9 -qn", "unknown flag `-qn`", "flags of `ops.level`: --value --quiet --dry-run --note"),
        ("ops.level -v 9 -x1", "unknown flag `-x1`", "flags of `ops.level`: --value --quiet --dry-run --note"),
    ] {
        let v = parse(line);
        assert_eq!(v["error"]["kind"], "unknown_flag", "{line}: {v}");
        assert_eq!(v["error"]["message"], message, "{line}");
        assert_eq!(v["error"]["hint"], hint, "{line}");
    }
}

/// A part of a tree split across crates: `check` refuses an example that
/// calls another part's skill until `--other-domain` names its domain.
#[test]
fn check_takes_the_domains_other_parts_compile() {
    let root = "tests/joined/ops/skills";
    let alone = run(&["check", "--root", root]);
    let text = String::from_utf8_lossy(&alone.stdout).to_string() + &String::from_utf8_lossy(&alone.stderr);
    assert_eq!(alone.status.code(), Some(1), "{text}");
    assert!(text.contains("error[example-unknown-skill]: example calls `notes.add`, which is not a skill"), "{text}");
    let part = run(&["check", "--root", root, "--other-domain", "notes"]);
    let text = String::from_utf8_lossy(&part.stdout).to_string() + &String::from_utf8_lossy(&part.stderr);
    assert!(part.status.success(), "{text}");
    assert!(text.contains("0 errors"), "{text}");
}

/// A file name holding a line break and an escape sequence cannot forge a
/// line of `skills check` or reach the terminal raw; nor can a skill's text.
#[cfg(unix)]
#[test]
fn check_escapes_what_could_take_a_terminal_over() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("d");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("SKILL.md"), "---\ndomain: d\ndescription: D\n---\n\n# d\n").unwrap();
    std::fs::write(d.join("x\nerror[forged]: \u{1b}[31mboom.md"), "---\nname: d.x\n---\n").unwrap();
    std::fs::write(
        d.join("a.md"),
        "---\nname: d.a\ndescription: Does \u{1b}]0;title\u{7}a\n---\n\n# d.a\n\n## Usage\n\nd.a\n\n## Examples\n\nd.b\u{202e}\n",
    )
    .unwrap();
    for args in [["check", "--root"], ["list", "--root"]] {
        let out = run(&[args[0], args[1], dir.path().to_str().unwrap()]);
        let text = format!("{}{}", stdout(&out), String::from_utf8_lossy(&out.stderr));
        assert!(!text.contains(['\u{1b}', '\u{7}', '\u{202e}']), "{text:?}");
        assert!(!text.lines().any(|l| l.starts_with("error[forged]")), "{text}");
    }
}

/// `skills codegen` prints what a build script generates: the dispatch
/// table and a module per skill.
#[test]
fn codegen_prints_the_generated_source() {
    let out = run(&["codegen", "--root", "skills"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let code = stdout(&out);
    assert!(code.starts_with("// @generated by skills-codegen"), "{}", &code[..200.min(code.len())]);
    assert!(code.contains("pub mod email {") && code.contains("pub static TABLE: __Table<Context>"));
    let bad = run(&["codegen", "--root", "tests/fixtures/seed"]);
    assert!(!bad.status.success(), "a tree with errors generates nothing");
}
