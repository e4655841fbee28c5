//! The first build of a new application with 8 commands, every dependency
//! compiled from scratch (`cargo bench -p skills-benches --bench
//! first_build`): the same 8 commands as
//!
//! - `skills`: a crate with a `skills/` tree of 8 skills (two domains),
//!   `#[skill]` handlers and a build script, as the README sets one up;
//! - `clap`: 8 `clap` derive subcommands with the same arguments;
//! - `rmcp`: a hand-written MCP server of 8 tools (`rmcp`'s `#[tool]`
//!   macros over `serde`/`schemars` parameter structs, served on stdio).
//!
//! Each crate is written to `target/first-build/<name>`, its dependencies
//! fetched, then built with `cargo build -j2` into an empty target
//! directory, `FIRST_BUILD_REPEAT` times (default 1), reporting the median.
//! `FIRST_BUILD_KINDS` (default `skills,clap,rmcp`) selects crates.

use std::fmt::Write as _;
use std::path::Path;
#[path = "nested/mod.rs"]
mod nested;
use nested::{timed_cargo, workspace, write};

/// A flag of the 8 commands: its name, its kind, and whether it is required.
struct Arg {
    name: &'static str,
    kind: &'static str,
    required: bool,
}

const fn arg(name: &'static str, kind: &'static str, required: bool) -> Arg {
    Arg { name, kind, required }
}

/// The 8 commands: `(domain, action, flags)`.
const COMMANDS: [(&str, &str, &[Arg]); 8] = [
    ("notes", "add", &[arg("text", "string", true), arg("tags", "list", false)]),
    ("notes", "get", &[arg("id", "integer", true)]),
    ("notes", "list", &[arg("limit", "integer", false), arg("tag", "string", false)]),
    ("notes", "delete", &[arg("id", "integer", true), arg("force", "boolean", false)]),
    ("tasks", "create", &[arg("title", "string", true), arg("priority", "enum", false)]),
    ("tasks", "done", &[arg("id", "integer", true)]),
    ("tasks", "search", &[arg("query", "string", false), arg("status", "enum", false), arg("limit", "integer", false)]),
    ("tasks", "due", &[arg("date", "string", true)]),
];

fn skills_crate(dir: &Path) {
    let mut main = String::from("use skills_runtime::skill;\n\nskills_runtime::include_skills!();\n\n");
    for domain in ["notes", "tasks"] {
        let mut rows = String::new();
        for (d, action, args) in COMMANDS.iter().filter(|c| c.0 == domain) {
            let (mut usage, mut flags, mut params, mut example) =
                (Vec::new(), String::new(), Vec::new(), format!("{d}.{action}"));
            for a in *args {
                let (placeholder, marker, ty) = match a.kind {
                    "integer" => ("n", " (type: integer)", "i64".to_string()),
                    "list" => ("tags", ", space-separated", "Vec<String>".to_string()),
                    "boolean" => ("", " (boolean flag)", "bool".to_string()),
                    "enum" => (a.name, ". One of: low, high", format!("skills::{d}::{action}::{}", camel(a.name))),
                    _ => ("text", "", "String".to_string()),
                };
                let required = if a.required { " (required)" } else { "" };
                let shown = if placeholder.is_empty() {
                    format!("--{}", a.name)
                } else {
                    format!("--{} <{placeholder}>", a.name)
                };
                usage.push(if a.required { shown } else { format!("[{shown}]") });
                let _ = writeln!(flags, "--{}  The {}{marker}{required}", a.name, a.name);
                let ty = if a.required || a.kind == "boolean" { ty } else { format!("Option<{ty}>") };
                params.push(format!("{}: {ty}", a.name));
                if a.required {
                    example.push_str(&format!(" --{} {}", a.name, if a.kind == "integer" { "1" } else { "x" }));
                }
            }
            write(
                &dir.join(format!("skills/{d}/{action}.md")),
                &format!(
                    "---\nname: {d}.{action}\ndescription: {action} {d}\nhandler: {action}\n---\n\n# {d}.{action}\n\n{action} {d}.\n\n## Usage\n\n{d}.{action} {}\n\n## Flags\n\n{flags}\n## Examples\n\n{example}\n",
                    usage.join(" ")
                ),
            );
            let _ = writeln!(rows, "| {d}.{action} | {action} {d} |");
            let _ = writeln!(
                main,
                "#[skill(\"{d}.{action}\")]\nfn {d}_{action}({}) -> String {{\n    String::from(\"ok\")\n}}\n",
                params.join(", ")
            );
        }
        write(
            &dir.join(format!("skills/{domain}/SKILL.md")),
            &format!(
                "---\ndomain: {domain}\ndescription: {domain}\n---\n\n# {domain}\n\n| Skill | Description |\n|---|---|\n{rows}"
            ),
        );
    }
    main.push_str("fn main() {\n    let router = skills_runtime::Router::new(&skills::TABLE);\n    println!(\"{}\", router.execute(&mut (), \"notes.get --id 1\"));\n}\n");
    write(&dir.join("src/main.rs"), &main);
    write(&dir.join("build.rs"), "fn main() {\n    skills_codegen::build();\n}\n");
    let ws = workspace().display().to_string();
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"skills8\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\nskills-runtime = {{ path = \"{ws}/skills-runtime\", features = [\"macros\"] }}\n\n[build-dependencies]\nskills-codegen = {{ path = \"{ws}/skills-codegen\" }}\n\n[workspace]\n"
        ),
    );
}

fn camel(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

/// The Rust type and clap attribute of an argument.
fn rust(a: &Arg) -> String {
    match (a.kind, a.required) {
        ("integer", true) => "i64".into(),
        ("integer", false) => "Option<i64>".into(),
        ("list", _) => "Vec<String>".into(),
        ("boolean", _) => "bool".into(),
        ("enum", _) => "Option<Level>".into(),
        (_, true) => "String".into(),
        _ => "Option<String>".into(),
    }
}

fn clap_crate(dir: &Path) {
    let mut src = String::from(
        "use clap::{Parser, Subcommand, ValueEnum};\n\n#[derive(Clone, Copy, Debug, ValueEnum)]\nenum Level { Low, High }\n\n#[derive(Parser)]\nstruct Cli {\n    #[command(subcommand)]\n    command: Cmd,\n}\n\n#[derive(Subcommand)]\nenum Cmd {\n",
    );
    for (d, action, args) in COMMANDS {
        let _ = writeln!(src, "    /// {action} {d}\n    {}{} {{", camel(d), camel(action));
        for a in args {
            let _ = writeln!(src, "        /// The {}\n        #[arg(long)]\n        {}: {},", a.name, a.name, rust(a));
        }
        src.push_str("    },\n");
    }
    src.push_str("}\n\nfn main() {\n    let cli = Cli::parse_from([\"app\", \"notes-get\", \"--id\", \"1\"]);\n    if let Cmd::NotesGet { id } = cli.command {\n        println!(\"ok {id}\");\n    }\n}\n");
    write(&dir.join("src/main.rs"), &src);
    write(
        &dir.join("Cargo.toml"),
        "[package]\nname = \"clap8\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\nclap = { version = \"4.5\", features = [\"derive\"] }\n\n[workspace]\n",
    );
}

fn rmcp_crate(dir: &Path) {
    let mut src = String::from(
        "use rmcp::handler::server::wrapper::Parameters;\nuse rmcp::{ServiceExt, schemars, tool, tool_router};\n\n#[derive(Clone, Copy, Debug, serde::Deserialize, schemars::JsonSchema)]\n#[serde(rename_all = \"lowercase\")]\nenum Level { Low, High }\n\n",
    );
    for (d, action, args) in COMMANDS {
        let _ = writeln!(
            src,
            "#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]\nstruct {}{} {{",
            camel(d),
            camel(action)
        );
        for a in args {
            let default = if a.required { "" } else { "    #[serde(default)]\n" };
            let _ = writeln!(
                src,
                "    #[schemars(description = \"The {}\")]\n{default}    {}: {},",
                a.name,
                a.name,
                rust(a)
            );
        }
        src.push_str("}\n\n");
    }
    src.push_str("#[derive(Clone)]\nstruct Server;\n\n#[tool_router(server_handler)]\nimpl Server {\n");
    for (d, action, _) in COMMANDS {
        let _ = writeln!(
            src,
            "    #[tool(description = \"{action} {d}\")]\n    fn {d}_{action}(&self, Parameters(p): Parameters<{}{}>) -> String {{\n        format!(\"ok {{p:?}}\")\n    }}\n",
            camel(d),
            camel(action)
        );
    }
    src.push_str("}\n\n#[tokio::main]\nasync fn main() -> Result<(), Box<dyn std::error::Error>> {\n    let service = Server.serve(rmcp::transport::stdio()).await?;\n    service.waiting().await?;\n    Ok(())\n}\n");
    write(&dir.join("src/main.rs"), &src);
    write(
        &dir.join("Cargo.toml"),
        "[package]\nname = \"rmcp8\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\nrmcp = { version = \"3\", features = [\"server\", \"macros\", \"transport-io\"] }\nserde = { version = \"1\", features = [\"derive\"] }\ntokio = { version = \"1\", features = [\"macros\", \"rt-multi-thread\", \"io-std\"] }\n\n[workspace]\n",
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return;
    }
    let repeat = std::env::var("FIRST_BUILD_REPEAT").ok().and_then(|v| v.parse().ok()).filter(|&n| n > 0).unwrap_or(1);
    let kinds = std::env::var("FIRST_BUILD_KINDS").unwrap_or_else(|_| "skills,clap,rmcp".into());
    let root = workspace().join("target/first-build");
    println!("| crate | clean build, every dependency (s) | crates compiled |");
    println!("|---|---:|---:|");
    for kind in kinds.split(',').map(str::trim) {
        let dir = root.join(kind);
        let _ = std::fs::remove_dir_all(&dir);
        match kind {
            "skills" => skills_crate(&dir),
            "clap" => clap_crate(&dir),
            _ => rmcp_crate(&dir),
        }
        let target = dir.join("target");
        timed_cargo(&dir, &target, &["fetch", "--quiet"]);
        let mut runs: Vec<f64> = (0..repeat)
            .map(|_| {
                let _ = std::fs::remove_dir_all(&target);
                timed_cargo(&dir, &target, &["build", "-j2", "--offline", "--quiet"])
            })
            .collect();
        runs.sort_by(f64::total_cmp);
        let crates = std::fs::read_dir(target.join("debug/.fingerprint")).map_or(0, |d| d.count());
        let range =
            if runs.len() > 1 { format!(" ({:.1}–{:.1})", runs[0], runs[runs.len() - 1]) } else { String::new() };
        println!("| {kind} | {:.1}{range} | {crates} |", runs[runs.len() / 2]);
    }
}
