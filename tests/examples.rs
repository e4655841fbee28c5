//! Every `## Examples` line of every bundled skill, dispatched through the
//! generated table of the reference application.

use assistant::{App, router, skills};
#[path = "support/mod.rs"]
mod support;
use skills_runtime::Kind;
use skills_runtime::catalog::{Catalog, skills as all_skills};
use support::copy_tree;

fn today() -> skills_runtime::Date {
    "2026-02-17".parse().unwrap()
}

/// A demo application whose `workflow.build` writes into a scratch copy of
/// the bundled tree.
fn app(root: &std::path::Path) -> App {
    let mut app = App::demo(today());
    app.skills_root = Some(root.to_path_buf());
    app
}

#[test]
fn every_example_of_every_bundled_skill_runs() {
    let tree = skills_parser::load(std::path::Path::new("skills"), &Default::default());
    assert!(!tree.has_errors());
    let router = router();
    let mut ran = 0;
    for skill in &tree.skills {
        assert!(!skill.examples.is_empty(), "{} has no examples", skill.name);
        for ex in &skill.examples {
            let scratch = tempfile::tempdir().unwrap();
            copy_tree(std::path::Path::new("skills"), scratch.path());
            let mut app = app(scratch.path());
            let out = router.execute(&mut app, &ex.text);
            assert!(!out.is_error(), "{}:{}: `{}` failed:\n{out}", skill.path.display(), ex.line, ex.text);
            let want = if skill.has_handler() { Kind::Reply } else { Kind::Template };
            assert_eq!(out.kind, want, "{}", ex.text);
            assert_eq!(out.skill.as_deref(), Some(skill.name.as_str()));
            ran += 1;
        }
    }
    assert!(ran >= 30, "only {ran} examples ran");
}

#[test]
fn the_table_holds_every_bundled_skill() {
    let names: Vec<&str> = all_skills(&skills::CATALOG).map(|s| s.name).collect();
    assert_eq!(names.len(), 16);
    assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted by name");
    for (i, s) in skills::SKILLS.iter().enumerate() {
        assert_eq!(skills::CATALOG.lookup(s.name), Some(i));
        assert_eq!(s.has_handler, skills::HANDLERS[i].is_some(), "{}", s.name);
    }
    assert_eq!(skills::CATALOG.lookup("recall"), skills::CATALOG.lookup("memory.search"), "aliases are in the index");
    assert_eq!(skills::CATALOG.lookup("email.sned"), None);
    // Template skills are in the table too.
    let digest = skills::CATALOG.lookup("workflows.daily_digest").unwrap();
    assert!(skills::HANDLERS[digest].is_none());
}

/// Regression: generated code once indented every continuation line of
/// multi-line string literals, so help bodies served 12 stray spaces per line.
#[test]
fn compiled_text_is_exactly_the_markdown() {
    let tree = skills_parser::load(std::path::Path::new("skills"), &Default::default());
    for parsed in &tree.skills {
        let i = skills::CATALOG.lookup(&parsed.name).unwrap();
        let compiled = skills::SKILLS[i];
        assert_eq!(compiled.body, parsed.body, "{}", parsed.name);
        assert_eq!(compiled.description, parsed.description, "{}", parsed.name);
        let docs = skills_runtime::entry::FlagDocs::from_packed(compiled.flag_docs);
        assert_eq!(docs.iter().count(), parsed.flags.len(), "{}", parsed.name);
        for (doc, flag) in docs.iter().zip(&parsed.flags) {
            assert_eq!(doc.description, flag.description, "{} --{}", parsed.name, flag.name);
            assert_eq!(doc.placeholder, flag.placeholder.as_deref().unwrap_or(""), "{} --{}", parsed.name, flag.name);
            assert_eq!(doc.line as usize, flag.line, "{} --{}", parsed.name, flag.name);
        }
    }
    for d in &tree.domains {
        let compiled = skills::DOMAINS.iter().find(|c| c.name == d.name).unwrap();
        assert_eq!(compiled.body, d.body, "{}", d.name);
    }
    let summary = skills_runtime::prompt::summary(&skills::CATALOG, &|_| true);
    assert_eq!(skills::SUMMARY, summary);
    let router = router();
    let mut app = App::demo(today());
    let help = router.execute(&mut app, "get_skill: calendar.create");
    assert!(help.text.starts_with("# calendar.create\n\nCreate an event"), "{:?}", &help.text[..60]);
}

/// Flags that list the same values share one enum type, whatever their
/// skill: a value read by one skill can be handed to code written for
/// another's.
#[test]
fn flags_with_the_same_values_share_their_enum_type() {
    use skills::tasks::{create, search, update};
    let p: search::Priority = create::Priority::High;
    let q: update::Priority = p;
    assert_eq!(q, search::Priority::High);
    let s: search::Status = update::Status::InProgress;
    assert_eq!(s.to_string(), "in_progress");
    assert_eq!(format!("{s:?}"), "InProgress");
}
