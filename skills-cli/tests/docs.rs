//! Every example in `docs/skill-format.md` is a test.
//!
//! - A ```` ```markdown file=PATH ```` block is written to a fresh tree (next
//!   to a domain index) and loaded; the ```` ```text expect ```` block after
//!   it lists the derived flags (`--name: type summary`), `excluded` when a
//!   definition error leaves the file out, and every diagnostic of the file
//!   (`severity[code] line N`).
//! - A ```` ```sh ```` block holding `$ skills ...` is run from the repository
//!   root; the ```` ```json ```` block after it is its expected output.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Block {
    info: String,
    body: String,
    line: usize,
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Fenced blocks of a markdown document (fence length respected).
fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(char, usize, String, usize, String)> = None;
    for (i, line) in doc.lines().enumerate() {
        let t = line.trim_start();
        let ch = t.chars().next().unwrap_or(' ');
        let run = t.chars().take_while(|&c| c == ch).count();
        match &mut open {
            None if (ch == '`' || ch == '~') && run >= 3 => {
                open = Some((ch, run, t[run..].trim().to_string(), i + 2, String::new()));
            }
            Some((c, n, info, start, body)) => {
                if ch == *c && run >= *n && t[run..].trim().is_empty() {
                    out.push(Block { info: info.clone(), body: body.clone(), line: *start });
                    open = None;
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
            }
            None => {}
        }
    }
    out
}

fn check_skill_example(file: &str, source: &str, expect: &str, doc_line: usize) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, source).unwrap();
    let domain = file.split('/').next().unwrap();
    std::fs::write(
        path.parent().unwrap().join("SKILL.md"),
        format!("---\ndomain: {domain}\ndescription: Example domain\n---\n\n# {domain}\n"),
    )
    .unwrap();
    let tree = skills_parser::load(dir.path(), &Default::default());

    let name = file.trim_end_matches(".md").replace('/', ".");
    let mut want_flags = Vec::new();
    let mut want_diags = Vec::new();
    let mut want_excluded = false;
    for l in expect.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if l == "excluded" {
            want_excluded = true;
        } else if l.starts_with("--") {
            want_flags.push(l.to_string());
        } else {
            want_diags.push(l.to_string());
        }
    }
    let mut got_diags: Vec<String> = tree
        .diagnostics
        .iter()
        .filter(|d| d.file == path)
        .map(|d| format!("{}[{}] line {}", d.severity.as_str(), d.code, d.line))
        .collect();
    got_diags.sort();
    want_diags.sort();
    if got_diags != want_diags {
        let rendered: Vec<String> = tree.diagnostics.iter().map(|d| d.render()).collect();
        return Err(format!(
            "doc line {doc_line}: diagnostics differ\n want: {want_diags:?}\n  got: {got_diags:?}\n{}",
            rendered.join("")
        ));
    }
    match (tree.skill(&name), want_excluded) {
        (Some(_), true) => return Err(format!("doc line {doc_line}: `{name}` loaded but the doc says it is excluded")),
        (None, false) => return Err(format!("doc line {doc_line}: `{name}` did not load")),
        (None, true) => {}
        (Some(skill), false) => {
            let got: Vec<String> = skill.flags.iter().map(|f| format!("--{}: {}", f.name, f.type_summary())).collect();
            if got != want_flags {
                return Err(format!("doc line {doc_line}: flags differ\n want: {want_flags:#?}\n  got: {got:#?}"));
            }
        }
    }
    Ok(())
}

fn check_command_example(cmd: &str, expect: &str, doc_line: usize) -> Result<(), String> {
    let cmd = cmd.trim().strip_prefix("$ ").ok_or_else(|| format!("doc line {doc_line}: not a `$ skills` command"))?;
    let (cmd, stdin) = match cmd.split_once(" < ") {
        Some((c, f)) => (c, Some(f.trim())),
        None => (cmd, None),
    };
    let argv: Vec<String> = skills_core::tokenize::split(cmd).unwrap().into_iter().map(|c| c.into_owned()).collect();
    assert_eq!(argv[0], "skills");
    let mut child = Command::new(env!("CARGO_BIN_EXE_skills"));
    child.args(&argv[1..]).current_dir(repo()).stdout(Stdio::piped());
    if let Some(f) = stdin {
        child.stdin(std::fs::File::open(repo().join(f)).unwrap());
    }
    let out = child.output().unwrap();
    let got: Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        format!("doc line {doc_line}: output is not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout))
    })?;
    let want: Value =
        serde_json::from_str(expect).map_err(|e| format!("doc line {doc_line}: expected block is not JSON: {e}"))?;
    if got != want {
        return Err(format!(
            "doc line {doc_line}: `{cmd}` printed\n{}\nbut the doc says\n{}",
            serde_json::to_string_pretty(&got).unwrap(),
            serde_json::to_string_pretty(&want).unwrap()
        ));
    }
    Ok(())
}

#[test]
fn every_example_in_the_format_doc_holds() {
    let doc = std::fs::read_to_string(repo().join("docs/skill-format.md")).unwrap();
    let blocks = blocks(&doc);
    let mut failures = Vec::new();
    let (mut skills, mut commands) = (0, 0);
    for (i, b) in blocks.iter().enumerate() {
        if let Some(file) = b.info.strip_prefix("markdown file=") {
            let expect = blocks
                .get(i + 1)
                .filter(|n| n.info == "text expect")
                .expect("a skill example is followed by ```text expect");
            skills += 1;
            if let Err(e) = check_skill_example(file, &b.body, &expect.body, b.line) {
                failures.push(e);
            }
        } else if b.info == "sh" && b.body.trim_start().starts_with("$ skills") {
            let expect = blocks.get(i + 1).filter(|n| n.info == "json").expect("a command is followed by ```json");
            commands += 1;
            if let Err(e) = check_command_example(&b.body, &expect.body, b.line) {
                failures.push(e);
            }
        }
    }
    assert!(skills >= 3 && commands >= 4, "found {skills} skill and {commands} command examples");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_doc_lists_every_diagnostic_code() {
    let doc = std::fs::read_to_string(repo().join("docs/skill-format.md")).unwrap();
    for code in skills_parser::Code::ALL {
        let row = format!("| `{}` | {} |", code.as_str(), code.severity().as_str());
        assert!(doc.contains(&row), "docs/skill-format.md has no row for `{code}` (expected it to start with {row:?})");
    }
}
