//! Build cost of generated skill trees, measured with real nested `cargo`
//! builds (`cargo bench -p skills-benches --bench build_cost`).
//!
//! For N skills of 10 flags each (two enums, a list, a date, an integer, a
//! boolean, strings), it builds:
//!
//! - `templates`: the generated code alone (no handlers);
//! - `handlers`: the generated code and one `#[skill]` handler per skill;
//! - `clap`: the same flags as N `clap` derive structs with `ValueEnum`s, the
//!   design this project replaces;
//! - `joined` (not run unless named): the `templates` tree split into crates
//!   of 1,000 skills (`BUILD_COST_PART`), each with its own build script,
//!   and an application joining their tables (`skills_runtime::Joined`),
//!   one workspace; an edit rebuilds one part and the application;
//!
//! and reports, per crate, the clean build time (dependencies already
//! built; the crate and its build script from scratch), the incremental
//! rebuild after editing one markdown file (or one struct, for clap), the
//! release build, and the size of the generated code.
//!
//! `BUILD_COST_SKILLS` (default `1000`) takes a comma-separated list of N;
//! `BUILD_COST_KINDS` (default `templates,handlers,clap`) selects crates;
//! `BUILD_COST_RELEASE=0` skips release builds; `BUILD_COST_REPEAT`
//! (default `3`) is how many clean debug builds of the generated crates are
//! timed, reported as their median with the range (a 15 s build moves by a
//! quarter from run to run on these shared machines); clap's, at over two
//! minutes each, is timed once unless `BUILD_COST_CLAP_REPEAT` says more.
//!
//! Every skill's two enum flags list the same values, so the generated
//! code has one `Status` and one `Sort` type for all of them (flags with the
//! same values share their enum), and the clap crate declares its two
//! `ValueEnum`s once as well. `BUILD_COST_DISTINCT_ENUMS=1` gives each
//! skill values of its own (`blocked7`, `created7`): two enums per skill on
//! both sides, the case sharing does not help.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
#[path = "nested/mod.rs"]
mod nested;
use nested::{timed_cargo, workspace, write};

/// Whether each skill's enums list values of their own
/// (`BUILD_COST_DISTINCT_ENUMS=1`).
fn distinct_enums() -> bool {
    std::env::var("BUILD_COST_DISTINCT_ENUMS").is_ok_and(|v| v == "1")
}

fn skill_md(i: usize, domain: &str, handler: bool) -> String {
    let name = format!("{domain}.act{i}");
    let own = if distinct_enums() { i.to_string() } else { String::new() };
    let h = if handler { "handler: h\n" } else { "" };
    format!(
        "---\nname: {name}\ndescription: Skill number {i}\n{h}---\n\n# {name}\n\n## Usage\n\n\
{name} --title <text> --body <text> --to <addresses> [--status <statuses>] [--sort <field>] [--due <date>] [--limit <n>] [--urgent] [--note <text>] [--owner <name>]\n\n\
## Flags\n\n\
--title    Title of the thing (required)\n\
--body     Body text (required)\n\
--to       Recipients, space-separated (required)\n\
--status   One or more of: todo, doing, done, blocked{own} (default: todo)\n\
--sort     One of: due, priority, created{own} (default: due)\n\
--due      Due date (YYYY-MM-DD)\n\
--limit    Maximum results (default: 20)\n\
--urgent   Mark as urgent (boolean flag)\n\
--note     A note\n\
--owner    Who owns it\n\n\
## Examples\n\n{name} --title T --body B --to a@b.c --status todo done --limit 3 --urgent\n"
    )
}

struct Crate {
    dir: PathBuf,
    /// The packages a clean build cleans (more than one for `joined`).
    packages: Vec<String>,
    /// The markdown file (or source, for clap) the incremental build edits.
    edit: PathBuf,
}

fn manifest(name: &str, deps: &str, build_deps: &str) -> String {
    format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\n{deps}\n[build-dependencies]\n{build_deps}\n[workspace]\n"
    )
}

/// Writes skills `first..first + n` into `dir/skills`, 100 to a domain
/// (domains numbered from `d0`).
fn write_tree(dir: &Path, first: usize, n: usize, d0: usize, handlers: bool, main: &mut String) {
    let domains = (n / 100).max(1);
    for d in d0..d0 + domains {
        write(
            &dir.join(format!("skills/dom{d}/SKILL.md")),
            &format!("---\ndomain: dom{d}\ndescription: Domain {d}\n---\n\n# dom{d}\n"),
        );
    }
    for i in first..first + n {
        let domain = format!("dom{}", d0 + i % domains);
        write(&dir.join(format!("skills/{domain}/act{i}.md")), &skill_md(i, &domain, handlers));
        if handlers {
            let m = format!("skills::{domain}::act{i}");
            let _ = writeln!(
                main,
                "#[skills_runtime::skill(\"{domain}.act{i}\")]\nfn h{i}(title: &str, body: &str, to: skills_runtime::List<'_>, status: Vec<{m}::Status>, sort: {m}::Sort, due: Option<skills_runtime::Date>, limit: i64, urgent: bool, note: Option<&str>, owner: Option<&str>) -> String {{\n    let _ = (body, to, status, sort, due, urgent, note, owner);\n    format!(\"{{title}} {{limit}}\")\n}}\n"
            );
        }
    }
}

fn skills_crate(root: &Path, n: usize, handlers: bool) -> Crate {
    let name = format!("{}{n}", if handlers { "handlers" } else { "templates" });
    let dir = root.join(&name);
    let _ = std::fs::remove_dir_all(&dir);
    let ws = workspace();
    let mut main = String::from("skills_runtime::include_skills!();\n\n");
    write_tree(&dir, 0, n, 0, handlers, &mut main);
    main.push_str("fn main() {\n    let router = skills_runtime::Router::new(&skills::TABLE);\n    println!(\"{}\", router.summary().len());\n}\n");
    write(&dir.join("src/main.rs"), &main);
    write(&dir.join("build.rs"), "fn main() {\n    skills_codegen::build();\n}\n");
    write(
        &dir.join("Cargo.toml"),
        &manifest(
            &name,
            &format!("skills-runtime = {{ path = {:?}, features = [\"macros\"] }}\n", ws.join("skills-runtime")),
            &format!("skills-codegen = {{ path = {:?} }}\n", ws.join("skills-codegen")),
        ),
    );
    std::fs::copy(ws.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let edit = dir.join("skills/dom0/act0.md");
    Crate { packages: vec![name], dir, edit }
}

/// The same N template skills split into crates of `BUILD_COST_PART` skills
/// ("parts", each with its build script and `include_skills!`), and an
/// application that joins their tables (`skills_runtime::Joined`), in one
/// workspace.
fn joined_crate(root: &Path, n: usize) -> Crate {
    let name = format!("joined{n}");
    let dir = root.join(&name);
    let _ = std::fs::remove_dir_all(&dir);
    let ws = workspace();
    let per = env_count("BUILD_COST_PART", 1000).min(n);
    let parts: Vec<String> = (0..n.div_ceil(per)).map(|p| format!("{name}-part{p}")).collect();
    let runtime = |features: &str| {
        format!("skills-runtime = {{ path = {:?}, features = [{features}] }}\n", ws.join("skills-runtime"))
    };
    for (p, part) in parts.iter().enumerate() {
        let pdir = dir.join(format!("part{p}"));
        let mut lib = String::from("skills_runtime::include_skills!();\n");
        write_tree(&pdir, p * per, per.min(n - p * per), p * (per / 100).max(1), false, &mut lib);
        write(&pdir.join("src/lib.rs"), &lib);
        write(&pdir.join("build.rs"), "fn main() {\n    skills_codegen::build();\n}\n");
        let manifest = manifest(
            part,
            &runtime("\"macros\""),
            &format!("skills-codegen = {{ path = {:?} }}\n", ws.join("skills-codegen")),
        );
        write(&pdir.join("Cargo.toml"), manifest.trim_end().trim_end_matches("[workspace]"));
    }
    let deps: String =
        parts.iter().enumerate().map(|(p, part)| format!("{part} = {{ path = \"../part{p}\" }}\n")).collect();
    let tables: Vec<String> = parts.iter().map(|part| format!("&{}::skills::TABLE", part.replace('-', "_"))).collect();
    write(
        &dir.join("app/src/main.rs"),
        &format!(
            "static SKILLS: std::sync::LazyLock<skills_runtime::Joined<()>> =\n    std::sync::LazyLock::new(|| skills_runtime::Joined::new(&[{}]).unwrap());\n\n\
fn main() {{\n    let router = skills_runtime::Router::new(SKILLS.table());\n    println!(\"{{}}\", router.summary().len());\n}}\n",
            tables.join(", ")
        ),
    );
    let app = manifest(&name, &format!("{}{deps}", runtime("\"joined\"")), "");
    write(&dir.join("app/Cargo.toml"), app.trim_end().trim_end_matches("[workspace]"));
    let members: Vec<String> =
        (0..parts.len()).map(|p| format!("\"part{p}\"")).chain(["\"app\"".to_string()]).collect();
    write(&dir.join("Cargo.toml"), &format!("[workspace]\nmembers = [{}]\nresolver = \"3\"\n", members.join(", ")));
    std::fs::copy(ws.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let edit = dir.join("part0/skills/dom0/act0.md");
    let mut packages = parts;
    packages.push(name.clone());
    Crate { dir, packages, edit }
}

fn clap_crate(root: &Path, n: usize) -> Crate {
    let name = format!("clap{n}");
    let dir = root.join(&name);
    let _ = std::fs::remove_dir_all(&dir);
    let mut main = String::from("use clap::{Parser, ValueEnum};\n\n");
    // The enums once, as a clap user would write them for flags with the
    // same values, or one pair per struct (`BUILD_COST_DISTINCT_ENUMS=1`).
    let enums = |i: &str| {
        format!(
            "#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]\nenum Status{i} {{ Todo, Doing, Done, Blocked{i} }}\n\
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]\nenum Sort{i} {{ Due, Priority, Created{i} }}\n"
        )
    };
    if !distinct_enums() {
        main.push_str(&enums(""));
    }
    for i in 0..n {
        let e = if distinct_enums() { i.to_string() } else { String::new() };
        if !e.is_empty() {
            main.push_str(&enums(&e));
        }
        let _ = writeln!(
            main,
            "/// Skill number {i}\n#[derive(Debug, Parser)]\nstruct Skill{i} {{\n\
    /// Title of the thing\n    #[arg(long)]\n    title: String,\n\
    /// Body text\n    #[arg(long)]\n    body: String,\n\
    /// Recipients\n    #[arg(long, required = true, num_args = 1..)]\n    to: Vec<String>,\n\
    /// Status\n    #[arg(long, value_enum, num_args = 1.., default_values_t = [Status{e}::Todo])]\n    status: Vec<Status{e}>,\n\
    /// Sort order\n    #[arg(long, value_enum, default_value_t = Sort{e}::Due)]\n    sort: Sort{e},\n\
    /// Due date\n    #[arg(long)]\n    due: Option<String>,\n\
    /// Maximum results\n    #[arg(long, default_value_t = 20)]\n    limit: i64,\n\
    /// Mark as urgent\n    #[arg(long)]\n    urgent: bool,\n\
    /// A note\n    #[arg(long)]\n    note: Option<String>,\n\
    /// Who owns it\n    #[arg(long)]\n    owner: Option<String>,\n}}\n"
        );
    }
    main.push_str("fn main() {\n");
    for i in 0..n.min(1) {
        let _ = writeln!(
            main,
            "    let _ = Skill{i}::try_parse_from([\"x\", \"--title\", \"t\", \"--body\", \"b\", \"--to\", \"a\"]);"
        );
    }
    let uses: Vec<String> = (0..n).map(|i| format!("Skill{i}::try_parse_from([\"x\"]).is_ok()")).collect();
    let _ = writeln!(
        main,
        "    let parsed = [{}].iter().filter(|ok| **ok).count();\n    println!(\"{{parsed}}\");\n}}",
        uses.join(", ")
    );
    write(&dir.join("src/main.rs"), &main);
    write(
        &dir.join("Cargo.toml"),
        &manifest(
            &name,
            // The features the hot-path benchmark compares against (no
            // terminal colours), which are also all the lockfile needs
            // offline.
            "clap = { version = \"4.5\", default-features = false, features = [\"std\", \"help\", \"usage\", \"error-context\", \"derive\"] }\n",
            "",
        ),
    );
    std::fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let edit = dir.join("src/main.rs");
    Crate { packages: vec![name], dir, edit }
}

fn cargo(c: &Crate, target: &Path, args: &[&str]) -> f64 {
    let jobs: &[&str] = if args[0] == "build" { &["-j2"] } else { &[] };
    let args: Vec<&str> = args.iter().chain(jobs).chain(&["--offline", "--quiet"]).copied().collect();
    timed_cargo(&c.dir, target, &args)
}

fn clean_build(c: &Crate, target: &Path, release: bool) -> f64 {
    let mut args = vec!["build"];
    if release {
        args.push("--release");
    }
    // Dependencies warm, this crate (and its build script) from scratch.
    cargo(c, target, &args);
    let mut clean = vec!["clean"];
    for p in &c.packages {
        clean.extend(["-p", p]);
    }
    if release {
        clean.push("--release");
    }
    cargo(c, target, &clean);
    cargo(c, target, &args)
}

/// The generated code of `c`'s packages (every part of a joined tree).
fn generated_size(target: &Path, c: &Crate) -> Option<u64> {
    let build: Vec<_> = std::fs::read_dir(target.join("debug/build")).ok()?.flatten().collect();
    let sizes = c.packages.iter().filter_map(|name| {
        build
            .iter()
            .filter(|e| {
                // `<package>-<hash>`: `joined1000-part0-…` is not `joined1000`'s.
                let file = e.file_name().to_string_lossy().into_owned();
                file.strip_prefix(name.as_str())
                    .and_then(|r| r.strip_prefix('-'))
                    .is_some_and(|hash| hash.bytes().all(|b| b.is_ascii_hexdigit()))
            })
            .find_map(|e| std::fs::metadata(e.path().join("out/skills.rs")).ok().map(|m| m.len()))
    });
    let total: u64 = sizes.sum();
    (total > 0).then_some(total)
}

/// A positive count from the environment, or `default`.
fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).filter(|&n| n > 0).unwrap_or(default)
}

fn main() {
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return;
    }
    let sizes: Vec<usize> = std::env::var("BUILD_COST_SKILLS")
        .unwrap_or_else(|_| "1000".into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let release = std::env::var("BUILD_COST_RELEASE").map_or(true, |v| v != "0");
    let root = workspace().join("target/build-cost");
    let target = root.join("target");
    println!(
        "| crate | skills | clean debug (s) | incremental after one edit (s) | clean release (s) | generated code |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for n in sizes {
        let kinds = std::env::var("BUILD_COST_KINDS").unwrap_or_else(|_| "templates,handlers,clap".into());
        for kind in kinds.split(',').map(str::trim) {
            let c = match kind {
                "templates" => skills_crate(&root, n, false),
                "handlers" => skills_crate(&root, n, true),
                "joined" => joined_crate(&root, n),
                _ => clap_crate(&root, n),
            };
            let repeat =
                if kind == "clap" { env_count("BUILD_COST_CLAP_REPEAT", 1) } else { env_count("BUILD_COST_REPEAT", 3) };
            let mut runs: Vec<f64> = (0..repeat).map(|_| clean_build(&c, &target, false)).collect();
            runs.sort_by(f64::total_cmp);
            let debug = runs[runs.len() / 2];
            let range =
                if runs.len() > 1 { format!(" ({:.1}–{:.1})", runs[0], runs[runs.len() - 1]) } else { String::new() };
            // Edit one markdown file (or one doc comment of the clap crate).
            let from = if kind == "clap" { "/// Skill number 0" } else { "Skill number 0" };
            let text = std::fs::read_to_string(&c.edit).unwrap();
            assert!(text.contains(from), "{} has no {from:?}", c.edit.display());
            write(&c.edit, &text.replacen(from, &from.replace('0', "zero"), 1));
            let incremental = cargo(&c, &target, &["build"]);
            let rel = if release { format!("{:.1}", clean_build(&c, &target, true)) } else { "-".into() };
            let size = generated_size(&target, &c).map_or("-".into(), |b| format!("{:.1} MB", b as f64 / 1e6));
            println!("| {kind} | {n} | {debug:.1}{range} | {incremental:.1} | {rel} | {size} |");
        }
    }
}
