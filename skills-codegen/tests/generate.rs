//! Properties of the generated code that do not need a compiler.

use skills_codegen::Builder;
use std::path::Path;

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

fn render(root: &str) -> String {
    Builder::new().base_dir(workspace()).root(root).target_os("linux").render().unwrap().code
}

#[test]
fn output_is_deterministic() {
    let a = render("skills");
    let b = render("skills");
    assert_eq!(a, b);
    // No timestamps, no absolute paths.
    assert!(!a.contains(&workspace().display().to_string()), "absolute paths leak into generated code");
}

#[test]
fn copies_of_a_tree_in_another_order_generate_the_same_code() {
    // Files are created in reverse order; directory order must not matter.
    let dir = tempfile::tempdir().unwrap();
    let src = workspace().join("skills");
    let mut files = Vec::new();
    for d in std::fs::read_dir(&src).unwrap().flatten() {
        for f in std::fs::read_dir(d.path()).unwrap().flatten() {
            files.push(f.path());
        }
    }
    files.sort();
    files.reverse();
    for f in files {
        let rel = f.strip_prefix(&src).unwrap();
        let dest = dir.path().join("skills").join(rel);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(&f, dest).unwrap();
    }
    let a = Builder::new().base_dir(dir.path()).root("skills").target_os("linux").render().unwrap().code;
    let b = Builder::new().base_dir(workspace()).root("skills").target_os("linux").render().unwrap().code;
    assert!(a == b, "the same tree generated different code");
}

#[test]
fn errors_and_warnings_are_reported_not_generated() {
    let failed = Builder::new().base_dir(workspace()).root("tests/fixtures/seed").render().unwrap_err();
    let text = failed.to_string();
    assert!(text.contains("error[example-invalid]"), "{text}");
    assert!(text.contains("tests/fixtures/seed/tasks/search.md:36"), "{text}");
}

#[test]
fn the_firmware_target_leaves_out_skills_that_need_an_os() {
    let code = Builder::new().base_dir(workspace()).root("skills").target_os("none").render().unwrap();
    assert_eq!(code.tree.excluded_for_target, ["workflow.build"]);
    assert!(!code.code.contains("\"workflow.build\""));
    let linux = render("skills");
    assert!(linux.contains("name: \"workflow.build\""));
}

#[test]
fn schemas_are_embedded_on_request() {
    let without = render("skills");
    let with = Builder::new().base_dir(workspace()).root("skills").json_schemas(true).render().unwrap().code;
    assert!(with.contains("\"strict\":true"));
    assert!(!without.contains("\"strict\":true"));
    assert!(without.len() < with.len());
}

/// `Serialize` is generated only on request (it costs build time per
/// skill); when asked for, every skill's `Flags` and enums get it, with the
/// flags' names as written for keys.
#[test]
fn serialize_impls_are_generated_on_request() {
    let without = render("skills");
    let with = Builder::new().base_dir(workspace()).root("skills").serde(true).render().unwrap().code;
    assert!(!without.contains("serde"));
    let skills = with.matches("pub struct Flags<'a>").count();
    assert!(skills > 10);
    assert_eq!(with.matches("::serde::Serialize for Flags<'_>").count(), skills);
    assert_eq!(
        with.matches("::serde::Serialize for ").count() - skills,
        with.matches("impl __FlagEnum for ").count(),
        "one impl per enum"
    );
    assert!(with.contains("\"query status assignee priority tags due-before due-after overdue sort limit\""));
}

/// Flags that list the same values in the same order share one enum type,
/// re-exported under each flag's name; the same flag name with other values
/// gets a type of its own.
#[test]
fn flags_with_the_same_values_share_one_enum() {
    let dir = tempfile::tempdir().unwrap();
    let skill = |name: &str, flags: &str| {
        let action = name.split_once('.').unwrap().1;
        let usage: String = flags
            .lines()
            .map(|l| format!(" [--{} <v>]", l.split_whitespace().next().unwrap().trim_start_matches("--")))
            .collect();
        let first = flags.lines().next().unwrap().split_whitespace().next().unwrap();
        let example = format!("{name} {first} {}", flags.lines().next().unwrap().rsplit(' ').next().unwrap());
        let text = format!(
            "---\nname: {name}\ndescription: Does {action}\n---\n\n# {name}\n\n## Usage\n\n{name}{usage}\n\n## Flags\n\n{flags}\n\n## Examples\n\n{example}\n"
        );
        let path = dir.path().join("skills/t").join(format!("{action}.md"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    std::fs::create_dir_all(dir.path().join("skills/t")).unwrap();
    std::fs::write(
        dir.path().join("skills/t/SKILL.md"),
        "---\ndomain: t\ndescription: Tasks\n---\n\n# t\n\n| skill | description |\n|---|---|\n| t.add | Does add |\n| t.find | Does find |\n| t.log | Does log |\n",
    )
    .unwrap();
    skill("t.add", "--status   One of: todo, done\n--level    One of: low, high");
    skill("t.find", "--state    One or more of: todo, done\n--level    One of: high, low");
    skill("t.log", "--status   One of: open, closed");
    let code = Builder::new().base_dir(dir.path()).root("skills").render().unwrap().code;
    // `todo, done` once, in `t.add`, the first skill with it; `low, high`
    // and `high, low` are two orders, two types; `open, closed` in `t.log`
    // under a name `t.add` uses for other values.
    assert_eq!(code.matches("impl __FlagEnum for ").count(), 4, "{code}");
    assert_eq!(code.matches("pub use super::super::").count(), 1, "{code}");
    assert!(code.contains("pub use super::super::t::add::Status as State;"), "{code}");
    assert!(code.contains("/// Values of `t.add --status`, `t.find --state`: todo, done."), "{code}");
}
