//! A skill tree split across two crates and joined into one router behaves,
//! to the model and to the author in dev mode, as one crate's tree does.

use skills_joined_app::{Log, SKILLS, router};
use skills_runtime::catalog::Catalog;
use skills_runtime::json::{ToolCall, ToolFormat};
use skills_runtime::registry::{Event, Registry};
use skills_runtime::{JoinError, Joined, Kind, Router};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Commands reach the handler of the part that defines them, with the one
/// context every part shares; templates come back as text.
#[test]
fn each_command_reaches_its_parts_handler_with_the_shared_context() {
    let router = router();
    let mut log = Log::new();
    let add = router.execute(&mut log, "notes.add --text \"call the plumber\" --tags home urgent");
    assert_eq!(add.kind, Kind::Reply, "{add:?}");
    assert_eq!(add.text, "added: call the plumber [home, urgent]");
    let restart = router.execute(&mut log, "ops.restart --service db --force");
    assert_eq!(restart.text, "db restarted (forced)", "{restart:?}");
    // An alias from each part.
    assert_eq!(router.execute(&mut log, "jot --text milk").text, "added: milk");
    assert_eq!(router.execute(&mut log, "reboot --service web").text, "web restarted");
    // The `ops` handler sees what the `notes` handlers did.
    assert_eq!(router.execute(&mut log, "ops.status").text, "4 handled so far; everything is up");
    assert_eq!(log, ["notes.add call the plumber", "ops.restart db", "notes.add milk", "ops.restart web"]);

    let plan = router.execute(&mut log, "deploy.plan --version 2.4.1");
    assert_eq!(plan.kind, Kind::Template);
    assert!(plan.text.contains("Write the steps to release 2.4.1"), "{}", plan.text);
    let draft = router.execute(&mut log, "notes.draft --topic offsite");
    assert_eq!(draft.kind, Kind::Template);
    assert!(draft.text.contains("what the note about offsite must say"), "{}", draft.text);

    let refused = router.execute(&mut log, "notes.find --query \" \"");
    assert_eq!(refused.error.as_ref().map(|e| e.message.as_str()), Some("the query is empty"));
}

/// Help lists every part's domains and skills, and the system-prompt
/// summary is the one a single crate with the whole tree would have.
#[test]
fn help_and_summary_cover_every_part() {
    let router = router();
    let top = router.execute(&mut Log::new(), "get_skill");
    for domain in ["deploy", "notes", "ops"] {
        assert!(top.text.contains(domain), "{domain} missing from:\n{}", top.text);
    }
    let deploy = top.text.find("deploy").unwrap();
    let notes = top.text.find("notes").unwrap();
    let ops = top.text.find("ops").unwrap();
    assert!(deploy < notes && notes < ops, "domains are not in name order:\n{}", top.text);

    let all = router.execute(&mut Log::new(), "get_skill: ops.all");
    assert!(all.text.contains("ops.restart") && all.text.contains("ops.status"), "{}", all.text);
    let one = router.execute(&mut Log::new(), "notes.find --help");
    assert_eq!(one.kind, Kind::Help);
    assert!(one.text.contains("--query"), "{}", one.text);

    let summary = router.summary();
    for skill in ["deploy.plan", "notes.add", "notes.draft", "notes.find", "ops.restart", "ops.status"] {
        assert!(summary.contains(skill), "{skill} missing from the summary:\n{summary}");
    }
    // The same section written from both trees read as one (dev mode,
    // each part's markdown from its own directory), as one crate holding
    // the whole tree would have it compiled.
    let registry = Registry::builder(&*SKILLS).root("notes", part_root("notes")).root("ops", part_root("ops")).build();
    let live = Router::with_registry(SKILLS.table(), registry);
    assert_eq!(live.prompt_section(), summary);
}

/// A misspelt name is answered with the closest skill of any part, and a
/// flag error with the flag of the part's markdown.
#[test]
fn mistakes_are_answered_from_every_part() {
    let router = router();
    for (line, meant) in [
        ("ops.restrat --service web", "ops.restart"),
        ("notes.ad --text x", "notes.add"),
        ("deploy.pln", "deploy.plan"),
    ] {
        let out = router.execute(&mut Log::new(), line);
        let error = out.error.unwrap_or_else(|| panic!("{line}: no error"));
        assert!(error.message.contains(meant), "{line}: {}", error.message);
    }
    let wrong = router.execute(&mut Log::new(), "ops.restart --service cache");
    let error = wrong.error.unwrap();
    assert_eq!(error.message, "`cache` is not a value of `--service`; allowed: web, db, queue");
}

/// Every skill of both parts is in the joined table, in name order, with
/// its own handler or none.
#[test]
fn the_joined_table_holds_every_part_in_name_order() {
    let table = SKILLS.table();
    let names: Vec<&str> = table.catalog.skills.iter().map(|s| s.name).collect();
    assert_eq!(names, ["deploy.plan", "notes.add", "notes.draft", "notes.find", "ops.restart", "ops.status"]);
    let handled: Vec<bool> = table.handlers.iter().map(Option::is_some).collect();
    assert_eq!(handled, [false, true, false, true, true, true]);
    let domains: Vec<&str> = table.catalog.domains.iter().map(|d| d.name).collect();
    assert_eq!(domains, ["deploy", "notes", "ops"]);
    assert_eq!(SKILLS.parts().len(), 2);
    for (i, name) in names.iter().enumerate() {
        assert_eq!(table.catalog.index.unwrap().get(name), Some(i as u16), "{name}");
        assert_eq!(table.catalog.skill_name(i), Some(*name));
    }
    assert_eq!(table.catalog.index.unwrap().get("reboot"), Some(4));
    assert_eq!(table.catalog.index.unwrap().get("ops.reboot"), None);
}

/// Every example of every part runs against the joined router, those that
/// call another part's skill (which that part's build could not check)
/// included.
#[test]
fn every_parts_examples_run_against_the_joined_router() {
    let router = router();
    let mut checked = 0;
    let mut across = 0;
    for skill in SKILLS.table().catalog.skills {
        let examples = skill.body.split("## Examples").nth(1).unwrap_or_default();
        for line in examples.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let out = router.execute(&mut Log::new(), line);
            assert!(out.error.is_none(), "{}: `{line}`: {:?}", skill.name, out.error);
            checked += 1;
            across += usize::from(!line.starts_with(skill.domain));
        }
    }
    assert_eq!((checked, across), (11, 1));
}

/// JSON tool calling sees both parts: one schema per skill, and a call
/// runs the part's handler.
#[test]
fn tool_schemas_and_tool_calls_cover_every_part() {
    let router = router();
    let schemas = router.tool_schemas(ToolFormat::OpenAi);
    let names: Vec<&str> =
        schemas.as_array().unwrap().iter().filter_map(|t| t.pointer("/function/name")?.as_str()).collect();
    assert_eq!(names.len(), 6, "{schemas}");
    for name in ["notes_add", "ops_restart", "deploy_plan"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    let call = ToolCall::parse(r#"{"name": "ops_restart", "arguments": {"service": "queue"}}"#).unwrap();
    assert_eq!(router.call_tool(&mut Log::new(), &call).text, "queue restarted");
}

/// A part listed twice is refused (skills-runtime's unit tests cover names
/// and domains two parts share); joining nothing gives an empty table.
#[test]
fn a_part_given_twice_is_refused() {
    let notes = &skills_joined_notes::skills::TABLE;
    let ops = &skills_joined_ops::skills::TABLE;
    let twice = Joined::new(&[notes, ops, notes]).unwrap_err();
    assert_eq!(twice, JoinError::Repeated { part: 2, first: 0 });
    // Joining nothing is an empty table, not a failure.
    let empty: &'static Joined<Log> = Box::leak(Box::new(Joined::new(&[]).unwrap()));
    let out = Router::new(empty.table()).execute(&mut Log::new(), "notes.add --text x");
    assert_eq!(out.error.unwrap().kind, "unknown_skill");
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn part_root(part: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(part).join("skills")
}

/// Dev mode over a joined table: each part's skills are read live from
/// that part's root, edits show at once, a deleted file's skill goes, and
/// a flag change a compiled handler cannot take is reported at its line.
#[test]
fn dev_mode_reads_each_part_from_its_own_root() {
    let dir = tempfile::tempdir().unwrap();
    let (notes, ops) = (dir.path().join("notes"), dir.path().join("ops"));
    copy_tree(&part_root("notes"), &notes);
    copy_tree(&part_root("ops"), &ops);
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = events.clone();
    let registry = Registry::builder(&*SKILLS)
        .root("notes", &notes)
        .root("ops", &ops)
        .compiled_roots([&notes, &ops])
        .on_event(move |e| sink.lock().unwrap().push(e.clone()))
        .build();
    let router = Router::with_registry(SKILLS.table(), registry.clone());
    let mut log = Log::new();

    let edit = |path: &Path, from: &str, to: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains(from), "{} has no {from:?}", path.display());
        std::fs::write(path, text.replacen(from, to, 1)).unwrap();
    };
    edit(&ops.join("ops/status.md"), "Say which services are up.", "Say which services are up, live.");
    edit(&notes.join("notes/find.md"), "description: Find notes by a word", "description: Search notes");
    std::fs::remove_file(notes.join("notes/draft.md")).unwrap();
    registry.reload();

    let help = router.execute(&mut log, "ops.status --help");
    assert!(help.text.contains("Say which services are up, live."), "{}", help.text);
    let description = router.with_catalog(|catalog, _| {
        catalog.lookup("notes.find").and_then(|i| catalog.skill_at(i)).map(|s| s.description.to_string())
    });
    assert_eq!(description.as_deref(), Some("Search notes"));
    let gone = router.execute(&mut log, "notes.draft --topic x");
    assert_eq!(gone.error.map(|e| e.kind), Some("unknown_skill"));
    // Handlers still run, from both parts.
    assert_eq!(router.execute(&mut log, "notes.add --text x").text, "added: x");
    assert_eq!(router.execute(&mut log, "ops.restart --service web").text, "web restarted");

    // A flag the compiled handler does not take: reported, compiled shape kept.
    edit(
        &ops.join("ops/restart.md"),
        "--force     Restart",
        "--drain     Drain first (boolean flag)\n--force     Restart",
    );
    registry.reload();
    let shape = events
        .lock()
        .unwrap()
        .iter()
        .find_map(|e| match e {
            Event::ShapeChanged { skill, location } => Some((skill.clone(), location.clone())),
            _ => None,
        })
        .expect("a shape change is reported");
    assert_eq!(shape.0, "ops.restart");
    assert!(shape.1.ends_with("ops/restart.md:19"), "{}", shape.1);
    assert_eq!(router.execute(&mut log, "ops.restart --service db").text, "db restarted");
}
