//! The corpus: skills written in the styles users paste (help output of
//! Click, argparse, clap, cobra, Typer, GNU tools, curl and kubectl; CLI
//! reference pages; API references; MCP and OpenAI tool definitions;
//! docstrings; hand-written markdown), in `tests/fixtures/corpus`, each
//! beside a `.expect` file with its reading as a careful reader states it.
//!
//! An `.expect` file lists each flag (`--name: type summary`, then `-x`
//! for a short spelling and `<text>` for a placeholder, separated by `;`),
//! `excluded` when an error leaves the skill out, and every diagnostic
//! (`severity[code] line N`). Where the parser's reading differs from the
//! careful reader's, the line ends with `reader: <summary>`, and the test
//! requires a diagnostic on that flag's line: no flag is read wrong
//! silently.
//!
//! `CORPUS=overwrite` writes what the parser reads into the `.expect`
//! files, keeping their `reader:` notes, for a person to review with `git
//! diff` (as trybuild's `TRYBUILD=overwrite`).

use skills_parser::{LoadOptions, load};
use std::collections::BTreeMap;
use std::path::Path;

#[test]
fn every_corpus_skill_reads_as_a_careful_reader_reads_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/corpus");
    let tree = load(&root, &LoadOptions::default());
    let mut expects: BTreeMap<String, String> = BTreeMap::new();
    for domain in std::fs::read_dir(&root).unwrap() {
        let domain = domain.unwrap().path();
        for file in std::fs::read_dir(&domain).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|e| e == "expect") {
                let name = format!(
                    "{}.{}",
                    domain.file_name().unwrap().to_string_lossy(),
                    path.file_stem().unwrap().to_string_lossy()
                );
                expects.insert(name, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    assert!(expects.len() >= 30, "the corpus has {} skills", expects.len());
    let mut failures = Vec::new();
    for (name, expect) in &expects {
        if std::env::var_os("CORPUS").is_some_and(|v| v == "overwrite") {
            let (domain, action) = name.split_once('.').unwrap();
            std::fs::write(root.join(domain).join(format!("{action}.expect")), reading(&tree, name, expect)).unwrap();
        } else if let Err(e) = check(&tree, name, expect) {
            failures.push(format!("{name}:\n{e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} skills read otherwise:\n\n{}",
        failures.len(),
        expects.len(),
        failures.join("\n")
    );
}

/// A flag as the `.expect` files write it.
fn flag_line(f: &skills_parser::Flag) -> String {
    let mut s = format!("--{}: {}", f.name, f.type_summary());
    if let Some(c) = f.short {
        s.push_str(&format!("; -{c}"));
    }
    if let Some(p) = &f.placeholder {
        s.push_str(&format!("; <{p}>"));
    }
    s
}

/// The diagnostics of `file`, as the `.expect` files write them, sorted.
fn diagnostics(tree: &skills_parser::Tree, file: &str) -> Vec<String> {
    let mut got: Vec<String> = tree
        .diagnostics
        .iter()
        .filter(|d| d.file.ends_with(file))
        .map(|d| format!("{}[{}] line {}", d.severity.as_str(), d.code, d.line))
        .collect();
    got.sort();
    got
}

/// What the parser reads of skill `name`, as an `.expect` file, with the
/// `reader:` notes of `old` kept.
fn reading(tree: &skills_parser::Tree, name: &str, old: &str) -> String {
    let (domain, action) = name.split_once('.').unwrap();
    let mut out = String::new();
    match tree.skill(name) {
        None => out.push_str("excluded\n"),
        Some(skill) => {
            for f in &skill.flags {
                let line = flag_line(f);
                out.push_str(&line);
                let note = old
                    .lines()
                    .find(|l| l.starts_with(&format!("--{}:", f.name)))
                    .and_then(|l| l.split_once("reader:"));
                if let Some((_, reader)) = note {
                    out.push_str(&format!("    reader: {}", reader.trim()));
                }
                out.push('\n');
            }
        }
    }
    for d in diagnostics(tree, &format!("{domain}/{action}.md")) {
        out.push_str(&d);
        out.push('\n');
    }
    out
}

fn check(tree: &skills_parser::Tree, name: &str, expect: &str) -> Result<(), String> {
    let (domain, action) = name.split_once('.').unwrap();
    let file = format!("{domain}/{action}.md");
    let mut want_flags = Vec::new();
    let mut readers = Vec::new();
    let mut want_diags = Vec::new();
    let mut excluded = false;
    for line in expect.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line == "excluded" {
            excluded = true;
        } else if line.starts_with("--") {
            let (read, reader) = match line.split_once("reader:") {
                Some((r, w)) => (r.trim().to_string(), Some(w.trim().to_string())),
                None => (line.to_string(), None),
            };
            readers.push((read.split(':').next().unwrap().to_string(), read.clone(), reader));
            want_flags.push(read);
        } else {
            want_diags.push(line.to_string());
        }
    }
    let mut problems = Vec::new();
    let skill = tree.skill(name);
    if excluded != skill.is_none() {
        problems.push(format!("excluded: expected {excluded}, got {}", skill.is_none()));
    }
    if let Some(skill) = skill {
        let got: Vec<String> = skill.flags.iter().map(flag_line).collect();
        if got != want_flags {
            problems.push(format!("flags:\n  expected {want_flags:#?}\n  got {got:#?}"));
        }
        // A reading that differs from the careful reader's has a
        // diagnostic on the flag's line.
        for (flag, read, reader) in &readers {
            let Some(reader) = reader else { continue };
            let summary = read.split_once(": ").map_or("", |(_, s)| s.split(';').next().unwrap_or("").trim());
            if summary == reader {
                continue;
            }
            let f = skill.flags.iter().find(|f| format!("--{}", f.name) == *flag);
            let said = f.is_some_and(|f| tree.diagnostics.iter().any(|d| d.file.ends_with(&file) && d.line == f.line));
            if !said {
                problems.push(format!("{flag} is read as `{summary}`, not `{reader}`, with no diagnostic on its line"));
            }
        }
    }
    let got_diags = diagnostics(tree, &file);
    want_diags.sort();
    if got_diags != want_diags {
        let all: Vec<String> =
            tree.diagnostics.iter().filter(|d| d.file.ends_with(&file)).map(|d| d.render()).collect();
        problems.push(format!("diagnostics:\n  expected {want_diags:#?}\n  got {got_diags:#?}\n{}", all.join("")));
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}
