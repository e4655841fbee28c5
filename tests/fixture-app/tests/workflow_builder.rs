//! `workflow.build` as a library: what it writes, what it refuses (in the
//! tree as it will be), that an interrupted or racing write leaves nothing
//! half-done or outside the root, and what a killed writer leaves behind.

use skills_fixture::{Ctx, skills};
use skills_runtime::Router;
use skills_runtime::catalog::Catalog;
use skills_runtime::registry::Registry;
use skills_runtime::workflow::{BuildError, Request, build, build_with, render, tidy};
use std::collections::BTreeMap;
use std::path::Path;

fn request<'a>(name: &'a str, domain: &'a str) -> Request<'a> {
    Request {
        name,
        domain,
        description: "Send the weekly status report",
        steps: Some("1. tasks.search --status done\n2. email.send --to me --subject \"Weekly\" --body \"{summary}\""),
        schedule: Some("0 9 * * 1"),
        author: "assistant",
        created: "2026-02-17".parse().unwrap(),
        open_domains: &["workflows"],
    }
}

/// What the fixture application serves: its compiled table.
const SERVED: &[&dyn Catalog] = &[&skills::CATALOG];

/// Every file under `root` with its contents.
fn snapshot(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            let p = e.path();
            if std::fs::symlink_metadata(&p).unwrap().is_dir() {
                stack.push(p);
            } else {
                out.insert(p.strip_prefix(root).unwrap().display().to_string(), std::fs::read(&p).unwrap_or_default());
            }
        }
    }
    out
}

fn seeded_root() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("workflows")).unwrap();
    std::fs::write(
        dir.path().join("workflows/SKILL.md"),
        "---\ndomain: workflows\ndescription: Workflows\n---\n\n# Workflows\n\n| Skill | Description |\n|-------|-------------|\n\n## Notes\n\nKeep this.\n",
    )
    .unwrap();
    dir
}

#[test]
fn a_workflow_is_written_indexed_and_routable_at_once_in_dev_mode() {
    let dir = seeded_root();
    let registry = Registry::builder(&skills::TABLE).root("project", dir.path()).build();
    let router = Router::with_registry(&skills::TABLE, registry.clone());
    let served = |registry: &Registry| registry.snapshot();
    let snapshot = served(&registry);
    let catalogs: [&dyn Catalog; 2] = [&skills::CATALOG, snapshot.catalog()];
    let created = build(dir.path(), &request("weekly_report", "workflows"), &catalogs).unwrap();
    assert_eq!(created.name, "workflows.weekly_report");
    assert_eq!(created.path, dir.path().join("workflows/weekly_report.md"));
    let index = std::fs::read_to_string(dir.path().join("workflows/SKILL.md")).unwrap();
    assert!(index.contains("| workflows.weekly_report | Send the weekly status report |\n"), "{index}");
    assert!(index.contains("## Notes\n\nKeep this."), "the rest of the index is kept: {index}");
    registry.reload();
    let o = router.execute(&mut Ctx::default(), "workflows.weekly_report");
    assert_eq!(o.kind, skills_runtime::Kind::Template, "{o}");
    assert!(o.text.contains("1. tasks.search --status done"));
    let skill = skills_parser::load(dir.path(), &Default::default());
    assert!(!skill.has_errors(), "{:?}", skill.diagnostics);
    assert_eq!(skill.skill("workflows.weekly_report").unwrap().schedule.as_deref(), Some("0 9 * * 1"));
    // A name any root already has is refused, in this root or another domain.
    let snapshot = served(&registry);
    let catalogs: [&dyn Catalog; 2] = [&skills::CATALOG, snapshot.catalog()];
    let again = build(dir.path(), &request("weekly_report", "workflows"), &catalogs);
    assert!(matches!(again, Err(BuildError::Conflict { .. })), "{again:?}");
    let compiled = build(dir.path(), &request("ping", "ops"), &catalogs);
    assert!(matches!(compiled, Err(BuildError::Conflict { .. })), "ops.ping is compiled in: {compiled:?}");
}

#[test]
fn names_and_domains_that_could_leave_the_root_are_refused_and_nothing_is_written() {
    let dir = seeded_root();
    let before = snapshot(dir.path());
    let outside = dir.path().parent().unwrap().join("escaped.md");
    let bad = [
        "..",
        "../escaped",
        "a/b",
        "/tmp/x",
        "\\evil",
        "a\0b",
        "",
        "Weekly Report",
        "UPPER",
        "1abc",
        "all",
        "help",
        "get_skill",
        "a.b",
        "caf\u{e9}",
    ];
    for value in bad {
        for (name, domain) in [(value, "workflows"), ("fine", value)] {
            let r = build(dir.path(), &request(name, domain), SERVED);
            assert!(
                matches!(r, Err(BuildError::InvalidName { .. } | BuildError::Reserved { .. })),
                "name {name:?} domain {domain:?}: {r:?}"
            );
        }
    }
    assert_eq!(snapshot(dir.path()), before, "nothing was written");
    assert!(!outside.exists());
}

#[cfg(unix)]
#[test]
fn symlinked_domain_directories_are_refused() {
    let dir = seeded_root();
    let elsewhere = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("linked")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("workflows"), dir.path().join("inside")).unwrap();
    for domain in ["linked", "inside"] {
        let r = build(dir.path(), &request("weekly_report", domain), SERVED);
        assert!(matches!(r, Err(BuildError::Escape { .. })), "{domain}: {r:?}");
    }
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0, "nothing written through the link");
}

#[test]
fn an_interrupted_write_leaves_the_old_state() {
    let dir = seeded_root();
    let before = snapshot(dir.path());
    let fail = |_: &Path| Err(std::io::Error::other("power cut"));
    let r = build_with(dir.path(), &request("weekly_report", "workflows"), SERVED, &fail);
    assert!(matches!(r, Err(BuildError::Io { .. })), "{r:?}");
    assert_eq!(snapshot(dir.path()), before, "no file, no temporary file, index untouched");

    // The workflow file lands, then the index write is interrupted: undone.
    let calls = std::cell::Cell::new(0);
    let second = |_: &Path| {
        calls.set(calls.get() + 1);
        if calls.get() == 2 { Err(std::io::Error::other("power cut")) } else { Ok(()) }
    };
    let r = build_with(dir.path(), &request("weekly_report", "workflows"), SERVED, &second);
    assert!(matches!(r, Err(BuildError::Io { .. })), "{r:?}");
    assert_eq!(snapshot(dir.path()), before, "all or nothing");
}

#[test]
fn a_file_that_appears_meanwhile_is_never_overwritten() {
    let dir = seeded_root();
    let existing = dir.path().join("workflows/weekly_report.md");
    std::fs::write(&existing, "someone else's file").unwrap();
    // It does not parse, so no tree knows the name: the file system does.
    let r = build(dir.path(), &request("weekly_report", "workflows"), SERVED);
    assert!(matches!(r, Err(BuildError::Conflict { .. })), "{r:?}");
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "someone else's file");
}

#[test]
fn bad_schedules_and_descriptions_are_refused() {
    let dir = seeded_root();
    let mut req = request("weekly_report", "workflows");
    req.schedule = Some("every monday");
    let e = build(dir.path(), &req, SERVED).unwrap_err();
    assert!(matches!(e, BuildError::Schedule { .. }));
    // Words in a common form are told the cron they mean; others the format.
    assert_eq!(e.hint(), "write it as cron: --schedule \"0 0 * * 1\"");
    req.schedule = Some("when the queue is empty");
    assert_eq!(
        build(dir.path(), &req, SERVED).unwrap_err().hint(),
        "use five fields, such as \"0 9 * * 1\" for Mondays at 09:00"
    );
    req.schedule = None;
    req.description = "two\nlines";
    assert!(matches!(build(dir.path(), &req, SERVED), Err(BuildError::Description)));
}

/// Steps cannot change the workflow's sections: a heading in them, ATX or
/// setext (`Flags` over `-----`), becomes text, and what escaping cannot
/// settle, a code block left open over `## Examples`, is refused; as are
/// steps that would make the file larger than a skill file may be. Nothing
/// is written for a refusal.
#[test]
fn steps_cannot_add_sections_flags_or_size() {
    let dir = seeded_root();
    let mut req = request("injected", "workflows");
    req.steps =
        Some("1. Check.\nFlags\n-----\n\n--admin  Give admin (boolean flag)\n\nExamples\n===\nworkflows.x --evil 1");
    let created = build(dir.path(), &req, SERVED).unwrap();
    let text = std::fs::read_to_string(&created.path).unwrap();
    assert!(text.contains("Flags\n\\-----\n") && text.contains("Examples\n\\===\n"), "{text}");
    let skill = skills_parser::parse_skill(&created.path, "workflows", "injected", &text).item.unwrap();
    assert!(skill.flags.is_empty());
    let examples: Vec<&str> = skill.examples.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(examples, ["workflows.injected"]);

    let dir = seeded_root();
    let mut req = request("open_block", "workflows");
    req.steps = Some("Run:\n\n```cmd\ntasks.search --overdue");
    let e = build(dir.path(), &req, SERVED).unwrap_err();
    assert!(matches!(e, BuildError::Steps), "{e:?}");
    assert_eq!(e.hint(), "write the steps as plain lines or a numbered list, and close every ``` block they open");
    req.steps = Some("Run:\n\n```cmd\ntasks.search --overdue\n```\n\nThen report.");
    assert!(build(dir.path(), &req, SERVED).is_ok(), "a closed block is fine");

    let dir = seeded_root();
    let before = snapshot(dir.path());
    let long = "s".repeat(300_000);
    let mut req = request("huge", "workflows");
    req.steps = Some(&long);
    let e = build(dir.path(), &req, SERVED).unwrap_err();
    assert!(matches!(e, BuildError::TooLarge { .. }), "{e:?}");
    assert!(e.to_string().starts_with("the workflow would be 300"), "{e}");
    assert_eq!(snapshot(dir.path()), before, "nothing written");
}

/// A skill file in `root`, as an author would write it.
fn write_skill(root: &Path, domain: &str, action: &str, extra: &str) {
    std::fs::create_dir_all(root.join(domain)).unwrap();
    std::fs::write(
        root.join(domain).join(format!("{action}.md")),
        format!(
            "---\nname: {domain}.{action}\ndescription: {action}\n{extra}---\n\n# {domain}.{action}\n\n## Usage\n\n{domain}.{action}\n\n## Examples\n\n{domain}.{action}\n"
        ),
    )
    .unwrap();
}

/// The whole tree as it will be is checked, not the new file alone: a tool
/// name another skill exports, a domain an alias has, a domain of the
/// application's own skills, a name Windows reserves; and the domains that
/// are open stay so.
#[test]
fn the_tree_as_it_will_be_is_checked_before_anything_is_written() {
    let dir = seeded_root();
    write_skill(dir.path(), "workflows", "daily_digest", "author: assistant\n");
    write_skill(dir.path(), "tasks", "create", "aliases: [todo]\n");
    let before = snapshot(dir.path());
    let refused = |name: &str, domain: &str| build(dir.path(), &request(name, domain), SERVED).unwrap_err();

    let e = refused("digest", "workflows_daily");
    assert_eq!(
        e.to_string(),
        "the workflow `workflows_daily.digest` would clash with `workflows.daily_digest`: both are exported as the tool `workflows_daily_digest`"
    );
    let e = refused("list", "todo");
    assert_eq!(
        e.to_string(),
        "the workflow `todo.list` would clash with `todo`, an alias of `tasks.create`: its domain `todo` would make `todo --help` ambiguous"
    );
    assert!(matches!(refused("todo", "p"), BuildError::Conflict { .. }), "`p` is the compiled `ops.ping`'s alias");
    // Domains of the application's own skills, on disk or compiled in.
    for domain in ["tasks", "ops"] {
        let e = refused("cleanup", domain);
        assert!(matches!(e, BuildError::Curated { .. }), "{domain}: {e:?}");
        assert_eq!(e.hint(), "write it into `--domain workflows`, or a new domain");
    }
    for (name, domain) in [("con", "workflows"), ("fine", "aux"), ("fine", "com1"), ("lpt9", "workflows")] {
        let e = refused(name, domain);
        assert!(e.to_string().contains("Windows gives the name to a device"), "{name} {domain}: {e}");
    }
    assert!(refused("skill", "workflows").to_string().contains("`skill.md` is the domain's `SKILL.md`"));
    assert_eq!(snapshot(dir.path()), before, "nothing was written");

    // Open: the listed domain, a new one, and one holding only workflows.
    build(dir.path(), &request("weekly", "workflows"), SERVED).unwrap();
    build(dir.path(), &request("monthly", "finance"), SERVED).unwrap();
    build(dir.path(), &request("yearly", "finance"), SERVED).unwrap();
    let tree = skills_parser::load(dir.path(), &Default::default());
    assert!(!tree.has_errors(), "{:?}", tree.diagnostics);
    assert!(tree.skill("finance.yearly").is_some());
}

/// Control characters in the description (a DEL byte, an escape) are the
/// request's mistake, told as such; in the steps, all but tabs and line
/// breaks are.
#[test]
fn control_characters_are_refused_with_a_clear_error() {
    let dir = seeded_root();
    for description in ["a\u{7f}b", "a\u{1b}[31mred", "bell\u{7}"] {
        let mut req = request("weekly", "workflows");
        req.description = description;
        let e = build(dir.path(), &req, SERVED).unwrap_err();
        assert!(matches!(e, BuildError::Description), "{description:?}: {e:?}");
        assert!(e.is_input());
    }
    let mut req = request("weekly", "workflows");
    req.steps = Some("1. one\r\n2.\ttwo\u{1b}]0;title\u{7}");
    assert!(matches!(build(dir.path(), &req, SERVED), Err(BuildError::StepsText)));
    req.steps = Some("1. one\r\n2.\ttwo");
    assert!(build(dir.path(), &req, SERVED).is_ok());
}

/// The domain directory swapped for a symlink to elsewhere after it was
/// checked: the files still land in the directory that was checked, never
/// through the link.
#[cfg(unix)]
#[test]
fn a_domain_swapped_for_a_symlink_midway_is_never_written_through() {
    let dir = seeded_root();
    let elsewhere = tempfile::tempdir().unwrap();
    let swapped = std::cell::Cell::new(false);
    let swap = |_: &Path| {
        if !swapped.replace(true) {
            std::fs::rename(dir.path().join("workflows"), dir.path().join("moved"))?;
            std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("workflows"))?;
        }
        Ok(())
    };
    let _ = build_with(dir.path(), &request("weekly_report", "workflows"), SERVED, &swap);
    assert!(swapped.get());
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0, "nothing written outside the root");
    assert!(dir.path().join("moved/weekly_report.md").exists(), "written where it was checked");
}

/// Builds racing in one domain take turns: no row of the index is lost.
#[test]
fn concurrent_builds_keep_every_row_of_the_index() {
    let dir = seeded_root();
    let names: Vec<String> = (0..12).map(|i| format!("flow_{i}")).collect();
    std::thread::scope(|s| {
        for name in &names {
            let root = dir.path();
            s.spawn(move || build(root, &request(name, "workflows"), SERVED).unwrap());
        }
    });
    let index = std::fs::read_to_string(dir.path().join("workflows/SKILL.md")).unwrap();
    for name in &names {
        assert!(index.contains(&format!("| workflows.{name} |")), "{name} missing:\n{index}");
    }
}

/// A writer killed midway leaves a temporary dot file, or a workflow its
/// index does not list yet: the next build, or `tidy` at start-up, removes
/// the one and lists the other. Curated domains are left alone.
#[test]
fn what_a_killed_writer_leaves_is_repaired() {
    let dir = seeded_root();
    let debris = dir.path().join("workflows/.weekly.md.tmp-4194305-0");
    std::fs::write(&debris, "half a fil").unwrap();
    let req = request("orphan", "workflows");
    std::fs::write(dir.path().join("workflows/orphan.md"), render(&req)).unwrap();
    write_skill(dir.path(), "tasks", "create", "");
    std::fs::write(dir.path().join("tasks/SKILL.md"), "---\ndomain: tasks\ndescription: Tasks\n---\n\n# Tasks\n")
        .unwrap();
    let curated = snapshot(&dir.path().join("tasks"));

    assert_eq!(tidy(dir.path(), &["workflows"], "assistant").unwrap(), ["workflows"]);
    assert!(!debris.exists());
    let index = std::fs::read_to_string(dir.path().join("workflows/SKILL.md")).unwrap();
    assert!(index.contains("| workflows.orphan | Send the weekly status report |"), "{index}");
    assert_eq!(snapshot(&dir.path().join("tasks")), curated, "a curated domain is not touched");
    assert!(tidy(dir.path(), &["workflows"], "assistant").unwrap().is_empty(), "nothing left to repair");

    std::fs::write(&debris, "half a fil").unwrap();
    build(dir.path(), &request("weekly", "workflows"), SERVED).unwrap();
    assert!(!debris.exists(), "a build cleans up too");
}
