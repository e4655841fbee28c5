//! Dev mode as an author lives it: edit, break, repair, add and delete skill
//! files in a root on disk and watch each change through the router.

use skills_fixture::{Ctx, skills};
use skills_runtime::catalog::Catalog;
use skills_runtime::registry::{DEBOUNCE, Event, Registry, Root, SETTLE};
use skills_runtime::{Kind, Outcome, Router};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
#[path = "../../support/mod.rs"]
mod support;
use support::copy_tree;

fn fixture_skills() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("skills")
}

/// A scratch copy of the fixture tree, registered as the compiled root.
struct Dev {
    _dir: tempfile::TempDir,
    root: PathBuf,
    events: Arc<Mutex<Vec<Event>>>,
    registry: Registry,
    router: Router<Ctx>,
}

impl Dev {
    fn new() -> Dev {
        Dev::settling(SETTLE)
    }

    /// A project root whose watcher waits `settle` for saved files to settle.
    fn settling(settle: Duration) -> Dev {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("skills");
        copy_tree(&fixture_skills(), &root);
        let events = Arc::new(Mutex::new(Vec::new()));
        let sink = events.clone();
        let registry = Registry::builder(&skills::TABLE)
            .root("project", &root)
            .compiled_root(&root)
            .settle(settle)
            .on_event(move |e| sink.lock().unwrap().push(e.clone()))
            .build();
        let router = Router::with_registry(&skills::TABLE, registry.clone());
        Dev { _dir: dir, root, events, registry, router }
    }

    fn run(&self, line: &str) -> Outcome {
        self.router.execute(&mut Ctx::default(), line)
    }

    fn write(&self, rel: &str, text: &str) {
        let p = self.root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    fn edit(&self, rel: &str, from: &str, to: &str) {
        let p = self.root.join(rel);
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.contains(from), "{rel} has no {from:?}");
        std::fs::write(p, text.replacen(from, to, 1)).unwrap();
    }

    fn take_events(&self) -> Vec<Event> {
        std::mem::take(&mut *self.events.lock().unwrap())
    }
}

const TEMPLATE: &str = "---\nname: plans.retro\ndescription: Run a retrospective\n---\n\n# plans.retro\n\nAsk what went well in {sprint}.\n\n## Usage\n\nplans.retro --sprint <n>\n\n## Flags\n\n--sprint   Sprint number (required)\n\n## Examples\n\nplans.retro --sprint 4\n";

#[test]
fn edit_break_repair_add_delete_each_show_through_the_router() {
    let dev = Dev::new();
    assert_eq!(dev.run("ops.ping").text, "pong", "compiled handlers run");

    // Prose edits of a compiled skill are live.
    dev.edit("ops/ping.md", "Answer `pong`, or echo a message.", "Answer `pong` (edited).");
    dev.registry.reload();
    assert!(dev.run("get_skill: ops.ping").text.contains("Answer `pong` (edited)."));
    dev.edit("ops/ping.md", "description: Answer pong", "description: Reply with pong");
    dev.registry.reload();
    assert!(dev.run("get_skill: ops").text.contains("ops.ping"), "the index still lists it");
    assert!(dev.run("get_skill: ops.all").text.contains("Answer `pong` (edited)."));
    assert_eq!(dev.run("ops.ping --message hi").text, "hi", "and the handler still runs");

    // A new template skill appears, with full flag validation.
    dev.write("plans/retro.md", TEMPLATE);
    dev.registry.reload();
    let o = dev.run("plans.retro --sprint 4");
    assert_eq!(
        (o.kind, o.text.as_str()),
        (
            Kind::Template,
            "# plans.retro\n\nAsk what went well in 4.\n\n## Usage\n\nplans.retro --sprint <n>\n\n## Flags\n\n--sprint   Sprint number (required)\n\n## Examples\n\nplans.retro --sprint 4"
        )
    );
    assert_eq!(dev.run("plans.retro --sprint four").error.unwrap().kind, "invalid_integer");
    assert_eq!(dev.run("plans.retro").text, "missing required flag: `--sprint`");

    // Broken: the last good version stays live and the problem is reported.
    dev.take_events();
    dev.write("plans/retro.md", &TEMPLATE.replace("name: plans.retro\n", "name: [plans.retro\n"));
    dev.registry.reload();
    assert_eq!(dev.run("plans.retro --sprint 5").kind, Kind::Template, "last good version");
    let events = dev.take_events();
    assert!(
        events.iter().any(|e| matches!(e, Event::KeptLastGood { skill, .. } if skill == "plans.retro")),
        "{events:?}"
    );
    let diag = events.iter().find_map(|e| match e {
        Event::Diagnostic(d) if d.is_error() => Some(d.to_string()),
        _ => None,
    });
    let diag = diag.unwrap_or_else(|| panic!("no diagnostic in {events:?}"));
    assert!(diag.contains("error[invalid-yaml]") && diag.contains("plans/retro.md:2:1"), "{diag}");
    assert!(diag.contains("write the name the path gives: `name: plans.retro`"), "{diag}");

    // Repaired: the new version.
    dev.write("plans/retro.md", &TEMPLATE.replace("what went well", "what went badly"));
    dev.registry.reload();
    assert!(dev.run("plans.retro --sprint 5").text.contains("what went badly in 5"));

    // Deleted: gone.
    std::fs::remove_file(dev.root.join("plans/retro.md")).unwrap();
    dev.registry.reload();
    let o = dev.run("plans.retro --sprint 5");
    assert_eq!(o.error.unwrap().kind, "unknown_skill");
    // And forgotten: written again broken, it has no last good version.
    dev.write("plans/retro.md", &TEMPLATE.replace("name: plans.retro\n", "name: [plans.retro\n"));
    dev.registry.reload();
    assert_eq!(dev.run("plans.retro --sprint 5").error.unwrap().kind, "unknown_skill");
    std::fs::remove_file(dev.root.join("plans/retro.md")).unwrap();
    dev.registry.reload();

    // Deleting a compiled skill's file removes it too.
    std::fs::remove_file(dev.root.join("ops/flaky.md")).unwrap();
    dev.registry.reload();
    assert_eq!(dev.run("ops.flaky").error.unwrap().kind, "unknown_skill");
}

#[test]
fn a_compiled_skill_whose_flags_change_keeps_its_compiled_shape_and_says_so_once() {
    let dev = Dev::new();
    dev.take_events();
    dev.edit(
        "ops/ping.md",
        "--message   Text to echo back",
        "--message   Text to echo back\n--loud      Shout it (required)",
    );
    dev.registry.reload();
    dev.registry.reload();
    let shape: Vec<String> = dev
        .take_events()
        .iter()
        .filter_map(|e| match e {
            Event::ShapeChanged { .. } => Some(e.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(shape.len(), 1, "reported once per change: {shape:?}");
    let line = std::fs::read_to_string(dev.root.join("ops/ping.md"))
        .unwrap()
        .lines()
        .position(|l| l.starts_with("--loud"))
        .unwrap()
        + 1;
    assert_eq!(
        shape[0],
        format!("flags of ops.ping changed in {}:{line}; rebuild to apply", dev.root.join("ops/ping.md").display())
    );
    // The compiled shape still serves: no `--loud` needed, none accepted.
    assert_eq!(dev.run("ops.ping").text, "pong");
    assert_eq!(dev.run("ops.ping --loud").error.unwrap().kind, "unknown_flag");
    assert!(!dev.run("get_skill: ops.ping").text.contains("--loud"), "help matches what runs");
    // Another change is reported again; reverting is quiet and live again.
    dev.edit("ops/ping.md", "--loud      Shout it (required)", "--loud      Shout it");
    dev.registry.reload();
    assert_eq!(dev.take_events().iter().filter(|e| matches!(e, Event::ShapeChanged { .. })).count(), 1);
    dev.edit("ops/ping.md", "\n--loud      Shout it", "");
    dev.registry.reload();
    assert_eq!(dev.take_events().iter().filter(|e| matches!(e, Event::ShapeChanged { .. })).count(), 0);
    assert_eq!(dev.run("ops.ping --message back").text, "back");
}

/// What decides whether a compiled skill may run (`read_only`,
/// `eligibility`) is part of its compiled shape: a file that loosens it,
/// in the compiled root or in a lower-trust root, changes nothing until
/// the next build, and the registry says so once.
#[test]
fn dev_mode_cannot_loosen_what_decides_whether_a_compiled_skill_runs() {
    use skills_runtime::Access;
    use skills_runtime::turn::{Turn, TurnConfig};
    let read_only_turn = |dev: &Dev| {
        let mut turn =
            Turn::new("```cmd\nops.flaky\n```", TurnConfig { access: Access::ReadOnly, ..TurnConfig::default() });
        let report = turn.run(&dev.router, &mut Ctx::default());
        report.results.first().and_then(|o| o.error.as_ref()).map(|e| e.kind)
    };
    let dev = Dev::new();
    assert_eq!(read_only_turn(&dev), Some("needs_confirmation"));
    dev.take_events();
    dev.edit(
        "ops/flaky.md",
        "description: Succeed, or fail when asked\n",
        "description: Succeed, or fail when asked\nread_only: true\n",
    );
    dev.registry.reload();
    dev.registry.reload();
    assert_eq!(read_only_turn(&dev), Some("needs_confirmation"), "still gated as compiled");
    let said: Vec<String> =
        dev.take_events().iter().filter(|e| matches!(e, Event::GuardChanged { .. })).map(|e| e.to_string()).collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(
        said[0],
        format!(
            "`read_only` of ops.flaky changed in {}:4; the compiled value holds until the next build",
            dev.root.join("ops/flaky.md").display()
        )
    );
    // Eligibility that would hide it, likewise: it still runs as compiled.
    dev.edit("ops/flaky.md", "read_only: true\n", "eligibility:\n  env: [SKILLS_NEVER_SET_VAR]\n");
    dev.registry.reload();
    assert_eq!(dev.run("ops.flaky").text, "ok");
    assert!(dev.take_events().iter().any(|e| matches!(e, Event::GuardChanged { key: "eligibility", .. })));
}

#[test]
fn a_new_skill_that_names_a_handler_this_build_lacks_says_to_rebuild() {
    let dev = Dev::new();
    dev.write("ops/later.md", "---\nname: ops.later\ndescription: Not compiled yet\nhandler: fixture::later\n---\n\n# ops.later\n\nLater.\n\n## Usage\n\nops.later\n\n## Examples\n\nops.later\n");
    dev.registry.reload();
    let o = dev.run("ops.later");
    assert_eq!(o.error.as_ref().unwrap().kind, "not_available");
    assert_eq!(
        o.text,
        "`ops.later` is not available here: its handler is not compiled into this build yet; rebuild to apply"
    );
}

#[test]
fn a_new_domain_in_another_format_is_listed_validated_and_described() {
    let dev = Dev::new();
    // An index that names none of its skills, and a skill whose flags are
    // declared in its frontmatter, as other skill formats write them.
    dev.write("notes/SKILL.md", "---\ndomain: notes\ndescription: Notes\n---\n\n# Notes\n\nKeep notes.\n");
    dev.write(
        "notes/add.md",
        "---\nname: notes.add\ndescription: Add a note\nparameters:\n  - name: title\n    type: string\n    required: true\n  - name: pinned\n    type: boolean\n---\n\n# notes.add\n\nWrite the note titled {title}.\n\n## Examples\n\nnotes.add --title Groceries\n",
    );
    dev.registry.reload();
    let index = dev.run("get_skill: notes").text;
    assert!(
        index.ends_with(
            "## Available Skills\n\n| Skill | Description |\n|-------|-------------|\n| notes.add | Add a note |\n"
        ),
        "{index}"
    );
    let help = dev.run("notes.add --help").text;
    assert!(help.contains("## Usage\n\nnotes.add --title <title> [--pinned]\n"), "{help}");
    assert_eq!(dev.run("notes.add --title Groceries --pinned").kind, Kind::Template);
    let missing = dev.run("notes.add --pinned");
    assert_eq!(missing.error.as_ref().map(|e| e.kind), Some("missing_required"), "{missing}");
}

/// An Agent Skills folder dropped into the tree (a SKILL.md of
/// instructions, with its name as such a folder writes it, and a reference
/// document in capitals beside it) is a domain without skills: listed, its
/// body given whole with no empty table of skills, the document ignored
/// with a warning, nothing failing.
#[test]
fn an_agent_skills_folder_is_a_guide_listed_and_given_whole() {
    let dev = Dev::new();
    let body = "# PDF Processing\n\nUse pdfplumber to extract text. See [FORMS.md](FORMS.md).\n";
    dev.write(
        "pdf_processing/SKILL.md",
        &format!(
            "---\nname: pdf-processing\ndescription: Extract text from PDF files\nlicense: Apache-2.0\n---\n\n{body}"
        ),
    );
    dev.write("pdf_processing/FORMS.md", "# Filling forms\n\nUse `fill_form.py`.\n");
    dev.registry.reload();
    let listing = dev.run("get_skill").text;
    assert!(listing.contains("  pdf_processing Extract text from PDF files\n"), "{listing}");
    assert_eq!(dev.run("get_skill: pdf_processing").text, body.trim_end());
    let snap = dev.registry.snapshot();
    let mine: Vec<_> =
        snap.diagnostics().iter().filter(|d| d.file.to_string_lossy().contains("pdf_processing")).collect();
    assert_eq!(mine.len(), 1, "{mine:#?}");
    assert_eq!(mine[0].code.as_str(), "stray-file");
}

#[test]
fn higher_roots_shadow_lower_ones_and_listings_name_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let (project, user, system) = (dir.path().join("project"), dir.path().join("user"), dir.path().join("system"));
    for (root, text) in [(&project, "Project version."), (&user, "User version."), (&system, "System version.")] {
        std::fs::create_dir_all(root.join("plans")).unwrap();
        std::fs::write(root.join("plans/retro.md"), TEMPLATE.replace("Ask what went well in {sprint}.", text)).unwrap();
    }
    std::fs::write(system.join("plans/only_system.md"), TEMPLATE.replace("plans.retro", "plans.only_system")).unwrap();
    let registry = Registry::builder(&skills::TABLE)
        .roots([
            Root { label: "project".into(), path: project.clone() },
            Root { label: "user".into(), path: user.clone() },
            Root { label: "system".into(), path: system.clone() },
        ])
        .build();
    let router = Router::with_registry(&skills::TABLE, registry.clone());
    let run = |l: &str| router.execute(&mut Ctx::default(), l).text;
    assert!(run("plans.retro --sprint 1").contains("Project version."));
    assert!(run("plans.only_system --sprint 1").contains("Ask what went well"));
    let snap = registry.snapshot();
    let listing = snap.listing();
    assert!(listing.contains(&("plans.retro", "project")), "{listing:?}");
    assert!(listing.contains(&("plans.only_system", "system")));
    assert!(listing.contains(&("ops.ping", "compiled")), "compiled skills outside the roots stay");
    // So do the compiled domains' indexes, for a domain whose `SKILL.md` no
    // root has: `plans/` is in every root, without one.
    let domains = run("get_skill");
    assert!(
        domains.contains("ops ") && domains.contains("Fixture skills that succeed, fail, panic and hang on request"),
        "{domains}"
    );
    let compiled = Router::new(&skills::TABLE).execute(&mut Ctx::default(), "get_skill: plans").text;
    let plans = run("get_skill: plans");
    assert!(plans.starts_with(compiled.lines().next().unwrap()) && plans.len() > 40, "{plans}");
    let hidden: Vec<(&str, &str)> = snap.shadowed().iter().map(|s| (s.winner.as_str(), s.hidden.as_str())).collect();
    assert_eq!(hidden, [("project", "user"), ("project", "system")]);
    // Removing the project copy uncovers the user one.
    std::fs::remove_file(project.join("plans/retro.md")).unwrap();
    registry.reload();
    assert!(run("plans.retro --sprint 1").contains("User version."));
}

#[test]
fn roots_come_from_the_environment_list() {
    let list = std::env::join_paths(["project=skills", "/srv/shared"]).unwrap();
    let roots = Root::parse_list(list.to_str().unwrap());
    assert_eq!(roots[0], Root { label: "project".into(), path: "skills".into() });
    assert_eq!(roots[1], Root { label: "root2".into(), path: "/srv/shared".into() });
    let standard = Root::standard("assistant");
    let labels: Vec<&str> = standard.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels.first(), Some(&"project"));
    assert!(labels.ends_with(&["system", "imported"]) || labels.ends_with(&["imported"]), "{labels:?}");
}

#[test]
fn symlinks_out_of_a_root_are_never_followed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("root");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(root.join("plans")).unwrap();
    std::fs::create_dir_all(outside.join("plans")).unwrap();
    std::fs::write(outside.join("plans/secret.md"), TEMPLATE.replace("plans.retro", "plans.secret")).unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(outside.join("plans/secret.md"), root.join("plans/secret.md")).unwrap();
        std::os::unix::fs::symlink(outside.join("plans"), root.join("stolen")).unwrap();
    }
    let registry = Registry::builder(&skills::TABLE).root("project", &root).build();
    let snap = registry.snapshot();
    assert!(snap.listing().iter().all(|(n, _)| *n != "plans.secret"), "{:?}", snap.listing());
    #[cfg(unix)]
    assert!(snap.diagnostics().iter().any(|d| d.to_string().contains("outside the skill root")));
}

#[test]
fn the_watcher_makes_saved_edits_visible_without_a_manual_reload() {
    let dev = Dev::new();
    let _watch = dev.registry.watch().unwrap();
    dev.write("plans/retro.md", TEMPLATE);
    let seen = poll(|| dev.run("plans.retro --sprint 2").kind == Kind::Template);
    assert!(seen.is_some(), "a new file was not picked up");
    dev.edit("plans/retro.md", "Ask what went well", "Ask what to change");
    assert!(poll(|| dev.run("plans.retro --sprint 2").text.contains("what to change")).is_some());
    std::fs::remove_file(dev.root.join("plans/retro.md")).unwrap();
    assert!(poll(|| dev.run("plans.retro --sprint 2").is_error()).is_some());
}

/// Polls `f` for up to 10 s; how long it took.
fn poll(f: impl Fn() -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if f() {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

#[test]
fn reloads_under_a_stream_of_commands_lose_or_fail_none() {
    let dev = Arc::new(Dev::new());
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut readers = Vec::new();
    for t in 0..3 {
        let (dev, stop) = (dev.clone(), stop.clone());
        readers.push(std::thread::spawn(move || {
            let mut ok = 0u64;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let o = dev.run(&format!("ops.ping --message t{t}-{ok}"));
                assert_eq!(o.text, format!("t{t}-{ok}"), "{o}");
                let help = dev.run("get_skill: ops.ping");
                assert_eq!(help.kind, Kind::Help, "{help}");
                assert!(help.text.starts_with("# ops.ping"), "never a half-applied reload: {}", help.text);
                ok += 1;
            }
            ok
        }));
    }
    for i in 0..60 {
        let marker = format!("Answer `pong` (revision {i}).");
        let text = std::fs::read_to_string(dev.root.join("ops/ping.md")).unwrap();
        let body_line = text.lines().find(|l| l.starts_with("Answer `pong`")).unwrap().to_string();
        dev.write("ops/ping.md", &text.replace(&body_line, &marker));
        if i % 3 == 0 {
            dev.write("plans/retro.md", TEMPLATE);
        } else {
            let _ = std::fs::remove_file(dev.root.join("plans/retro.md"));
        }
        dev.registry.reload();
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let total: u64 = readers.into_iter().map(|h| h.join().unwrap()).sum();
    assert!(total > 0);
    assert!(dev.run("get_skill: ops.ping").text.contains("(revision 59)"));
}

#[test]
fn a_parsed_skills_view_carries_its_usage_file_shape_and_conditions() {
    let dev = Dev::new();
    dev.write("plans/retro.md", TEMPLATE);
    dev.registry.reload();
    let snapshot = dev.registry.snapshot();
    let catalog = snapshot.catalog();
    let index = catalog.lookup("plans.retro").expect("loaded");
    let view = catalog.skill_at(index).unwrap();
    let parsed = skills_parser::parse_skill(Path::new("retro.md"), "plans", "retro", TEMPLATE).item.unwrap();
    assert_eq!(view.usage, "plans.retro --sprint <n>");
    assert!(view.source.ends_with("plans/retro.md"), "{}", view.source);
    assert_eq!(view.shape, parsed.shape_fingerprint());
    assert_eq!(view.root, "project");
    // The same values from a second view (its parts are derived on the first).
    assert_eq!(catalog.skill_at(index).unwrap().shape, view.shape);
    // Names read alone (as suggestions read them) are the views' names,
    // for parsed and compiled skills alike.
    for i in 0..catalog.skill_count() {
        assert_eq!(catalog.skill_name(i), catalog.skill_at(i).map(|s| s.name), "skill {i}");
    }
    assert_eq!(catalog.skill_name(catalog.skill_count()), None);
    // A file without a usage line gets one from its flags.
    dev.write("plans/retro.md", &TEMPLATE.replace("## Usage\n\nplans.retro --sprint <n>\n\n", ""));
    dev.registry.reload();
    let snapshot = dev.registry.snapshot();
    let view = snapshot.catalog().skill_at(snapshot.catalog().lookup("plans.retro").unwrap()).unwrap();
    assert_eq!(view.usage, "plans.retro --sprint <sprint>");
    // Conditions are read from the parsed file: `ops.secret` needs a
    // variable that is never set, here as in the compiled build.
    let secret = snapshot.catalog().lookup("ops.secret").unwrap();
    assert_eq!(snapshot.unavailable(secret), Some("environment variable SKILLS_FIXTURE_TOKEN_NEVER_SET is not set"));
    // Removing them from the file does not loosen a compiled skill's: the
    // build's conditions stay until the next build.
    dev.edit("ops/secret.md", "eligibility:\n  env: [SKILLS_FIXTURE_TOKEN_NEVER_SET]\n", "");
    dev.registry.reload();
    let snapshot = dev.registry.snapshot();
    assert_eq!(
        snapshot.unavailable(snapshot.catalog().lookup("ops.secret").unwrap()),
        Some("environment variable SKILLS_FIXTURE_TOKEN_NEVER_SET is not set")
    );
}

/// A save that rewrites a file in place, in pieces with a pause between
/// them (truncate, write the head, pause, write the rest), is never served
/// half-written: the half that parses, a skill without its flags, would be
/// wrong. Commands see the old version until the file has settled, then
/// the new one.
///
/// The promise holds for pauses shorter than `DEBOUNCE` plus the settle
/// time. The writer pauses well inside that, and each round measures the
/// pause it really made: on a loaded machine a sleep can overrun, and a
/// round whose pause broke the promise is repeated, with what was served
/// during it set aside.
#[test]
fn a_file_saved_in_pieces_is_read_once_it_has_settled() {
    let settle = Duration::from_millis(400);
    let pause = DEBOUNCE + Duration::from_millis(100);
    let dev = Arc::new(Dev::settling(settle));
    dev.write("plans/retro.md", TEMPLATE);
    dev.registry.reload();
    let _watch = dev.registry.watch().unwrap();
    // What the reader saw: the flag count, between two instants that
    // bracket when the snapshot was taken.
    let served = Arc::new(Mutex::new(Vec::<(Instant, Instant, usize)>::new()));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let (dev, served, stop) = (dev.clone(), served.clone(), stop.clone());
        std::thread::spawn(move || {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let before = Instant::now();
                let snapshot = dev.registry.snapshot();
                let catalog = snapshot.catalog();
                if let Some(view) = catalog.lookup("plans.retro").and_then(|i| catalog.skill_at(i)) {
                    served.lock().unwrap().push((before, Instant::now(), view.flags.len()));
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        })
    };
    let new = TEMPLATE.replace(
        "--sprint   Sprint number (required)\n",
        "--sprint   Sprint number (required)\n--team     Team name\n",
    );
    let cut = new.find("## Usage").unwrap();
    // Rounds whose pause overran the promise: (start, end, pause).
    let mut overran = Vec::new();
    let mut held = 0;
    while held < 3 && overran.len() < 8 {
        use std::io::Write;
        let start = Instant::now();
        let mut f = std::fs::File::create(dev.root.join("plans/retro.md")).unwrap();
        let head = Instant::now();
        f.write_all(&new.as_bytes()[..cut]).unwrap();
        std::thread::sleep(pause);
        f.write_all(&new.as_bytes()[cut..]).unwrap();
        let paused = head.elapsed();
        drop(f);
        assert!(poll(|| dev.run("plans.retro --sprint 1 --team a").kind == Kind::Template).is_some());
        dev.write("plans/retro.md", TEMPLATE);
        assert!(poll(|| dev.run("plans.retro --sprint 1 --team a").is_error()).is_some());
        if paused < DEBOUNCE + settle {
            held += 1;
        } else {
            overran.push((start, Instant::now(), paused));
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    reader.join().unwrap();
    assert_eq!(held, 3, "the writer could not keep its pause under {:?}: {overran:?}", DEBOUNCE + settle);
    let served = served.lock().unwrap().clone();
    let counted = |&&(from, to, _): &&(Instant, Instant, usize)| {
        !overran.iter().any(|&(start, end, _)| from <= end && to >= start)
    };
    let seen: std::collections::BTreeSet<usize> = served.iter().filter(counted).map(|s| s.2).collect();
    assert_eq!(seen, [1, 2].into(), "flag counts served: {seen:?} (0 is the half-written file)");
}

/// A reload started by one file's change leaves another file that changed
/// within the settle time as it was: that one may be in the middle of a
/// save whose own change has not settled yet. Here the other file is cut
/// short, and its modification time says it is being written still (ahead
/// of the clock): it keeps its last version while the first file's change
/// shows, and is read as it is once the longest settle wait has run out.
#[test]
fn a_file_still_being_written_is_not_read_by_a_reload_another_change_starts() {
    let dev = Dev::new();
    dev.write("plans/retro.md", TEMPLATE);
    dev.registry.reload();
    let _watch = dev.registry.watch().unwrap();
    let cut = TEMPLATE.find("## Usage").unwrap();
    let file = std::fs::File::create(dev.root.join("plans/retro.md")).unwrap();
    std::io::Write::write_all(&mut &file, &TEMPLATE.as_bytes()[..cut]).unwrap();
    file.set_modified(std::time::SystemTime::now() + Duration::from_secs(3600)).unwrap();
    drop(file);
    dev.edit("ops/ping.md", "Answer `pong`, or echo a message.", "Answer `pong` (edited).");
    let started = Instant::now();
    assert!(poll(|| dev.run("get_skill: ops.ping").text.contains("(edited)")).is_some(), "the edit shows");
    assert_eq!(dev.run("plans.retro --sprint 4").kind, Kind::Template, "the last version, with its flag");
    assert!(poll(|| dev.run("plans.retro --sprint 4").is_error()).is_some(), "read as it is in the end");
    assert!(started.elapsed() >= Duration::from_secs(1), "read only after the settle wait ran out");
}

/// Replacing the root directory (renamed away, another put in its place)
/// does not stop the watcher: it watches the new one, says so, and loads it.
#[cfg(unix)]
#[test]
fn a_replaced_root_is_watched_again_and_reported() {
    let dev = Dev::new();
    let _watch = dev.registry.watch().unwrap();
    let fresh = dev.root.with_file_name("fresh");
    copy_tree(&dev.root, &fresh);
    std::fs::rename(&dev.root, dev.root.with_file_name("old")).unwrap();
    std::fs::rename(&fresh, &dev.root).unwrap();
    assert!(
        poll(|| dev.take_events().iter().any(|e| matches!(e, Event::RootReplaced { root, .. } if root == "project")))
            .is_some(),
        "the replacement was reported"
    );
    dev.write("plans/retro.md", TEMPLATE);
    assert!(poll(|| dev.run("plans.retro --sprint 2").kind == Kind::Template).is_some(), "edits in the new root show");

    // Removed, then created again: noticed through the parent.
    std::fs::rename(&dev.root, dev.root.with_file_name("gone")).unwrap();
    assert!(poll(|| dev.run("plans.retro --sprint 2").is_error()).is_some(), "the removed root's skills go");
    copy_tree(&dev.root.with_file_name("gone"), &dev.root);
    assert!(poll(|| dev.run("plans.retro --sprint 2").kind == Kind::Template).is_some(), "the new root loads");
}
