//! The project's first skill files, kept verbatim in `tests/fixtures/seed`,
//! and the bundled `skills/` tree.

use skills_core::ValueType;
use skills_parser::{Code, LoadOptions, Severity, Tree, load};
use std::path::Path;

fn seed() -> Tree {
    load(Path::new("../tests/fixtures/seed"), &LoadOptions::default())
}

fn summary(tree: &Tree, skill: &str) -> Vec<String> {
    tree.skill(skill).unwrap().flags.iter().map(|f| format!("--{}: {}", f.name, f.type_summary())).collect()
}

#[test]
fn every_seed_file_loads() {
    let tree = seed();
    let names: Vec<_> = tree.skills.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["email.draft", "email.send", "tasks.search", "workflow.build", "workflows.daily_digest"]);
    assert_eq!(tree.domains.len(), 4);
}

#[test]
fn the_seeds_real_inconsistencies_are_errors_with_lines() {
    let tree = seed();
    let errors: Vec<_> =
        tree.errors().map(|d| (d.code, d.file.file_name().unwrap().to_str().unwrap().to_string(), d.line)).collect();
    assert_eq!(
        errors,
        [(Code::ExampleInvalid, "search.md".to_string(), 36), (Code::ExampleInvalid, "search.md".to_string(), 37)]
    );
    let messages: Vec<_> = tree.errors().map(|d| d.message.clone()).collect();
    assert!(messages[0].contains("`overdue` is not a value of `--status`"), "{}", messages[0]);
    assert!(messages[1].contains("`--tags` takes one value but got 2"), "{}", messages[1]);
    // Prose that only looks like an enum is reported with its fix.
    let tone = tree.diagnostics.iter().find(|d| d.code == Code::ProseEnum && d.file.ends_with("draft.md")).unwrap();
    assert_eq!(tone.line, 20);
    assert_eq!(tone.severity, Severity::Warning);
    assert!(tone.hint.as_deref().unwrap().contains("One of: formal, casual, friendly"));
}

#[test]
fn derived_types_match_what_a_reader_of_the_design_expects() {
    let tree = seed();
    assert_eq!(
        summary(&tree, "email.send"),
        [
            "--to: required list of string",
            "--subject: required string",
            "--body: required string",
            "--cc: list of string",
            "--bcc: list of string",
            "--attachments: list of string",
        ]
    );
    assert_eq!(
        summary(&tree, "workflows.daily_digest"),
        ["--recipient: string, default: me", "--include-weather: boolean"]
    );
    let search = tree.skill("tasks.search").unwrap();
    let ty = |n: &str| {
        let f = search.flag(n).unwrap();
        (f.value_type, f.list, f.required)
    };
    assert_eq!(ty("status"), (ValueType::Enum, true, false));
    assert_eq!(ty("priority"), (ValueType::Enum, true, false));
    assert_eq!(ty("due-before"), (ValueType::Date, false, false));
    assert_eq!(ty("due-after"), (ValueType::Date, false, false));
    assert_eq!(ty("overdue"), (ValueType::Boolean, false, false));
    assert_eq!(ty("limit"), (ValueType::Integer, false, false));
    assert_eq!(ty("query"), (ValueType::String, false, false));
    assert_eq!(search.flag("limit").unwrap().default.as_deref(), Some(&["20".to_string()][..]));
    assert_eq!(search.flag("status").unwrap().default.as_deref().unwrap(), ["todo", "in_progress", "blocked"]);
}

#[test]
fn bundled_tree_is_clean() {
    let tree = load(Path::new("../skills"), &LoadOptions::default());
    assert!(tree.diagnostics.is_empty(), "{}", tree.diagnostics.iter().map(|d| d.render()).collect::<String>());
    assert_eq!(tree.skills.len(), 16);
    let domains: Vec<_> = tree.domains.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(domains, ["calendar", "email", "memory", "tasks", "workflow", "workflows"]);
    // `workflow.build` needs a file system: left out of builds for targets without an OS.
    let firmware = load(Path::new("../skills"), &LoadOptions { target_os: Some("none".into()), ..Default::default() });
    assert_eq!(firmware.excluded_for_target, ["workflow.build"]);
    // Its domain, all of whose skills are left out, goes with it (a domain
    // that never had any skill, an index alone, would stay: a guide).
    let domains: Vec<_> = firmware.domains.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(domains, ["calendar", "email", "memory", "tasks", "workflows"]);
}

#[test]
fn fingerprint_ignores_prose_but_not_shape() {
    let text = std::fs::read_to_string("../skills/tasks/search.md").unwrap();
    let parse =
        |t: &str| skills_parser::parse_skill(Path::new("x.md"), "tasks", "search", t).item.unwrap().shape_fingerprint();
    let base = parse(&text);
    assert_eq!(base, parse(&text.replace("Search and filter the task list.", "Find tasks.")));
    assert_ne!(base, parse(&text.replace("(default: 20)", "(default: 25)")));
    assert_ne!(base, parse(&text.replace("done, cancelled (default", "done, archived, cancelled (default")));
}
