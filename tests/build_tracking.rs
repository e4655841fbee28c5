//! A real crate with a `build.rs` of one line, built with a nested `cargo`:
//!
//! - editing, adding, renaming and deleting markdown under `skills/` re-runs
//!   the build script and regenerates the code; editing anything else does
//!   not re-run it;
//! - checker errors fail the build with `file:line:column` messages, and
//!   checker warnings show as build warnings.
//!
//! The crate lives in a temporary directory and builds into
//! `target/build-tracking`, so repeated runs reuse compiled dependencies.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

struct Fixture {
    dir: tempfile::TempDir,
    target: PathBuf,
}

struct Build {
    ok: bool,
    stderr: String,
    /// Whether the crate's build script ran.
    build_script_ran: bool,
}

const SKILL_A: &str = "---
name: demo.greet
description: Greet someone
handler: greet
---

# demo.greet

## Usage

demo.greet --who <name>

## Flags

--who   Whom to greet (required)

## Examples

demo.greet --who bob
";

/// The two tests build crates of the same name into one target directory;
/// Cargo's view of them must not interleave.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

impl Fixture {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let ws = workspace();
        let manifest = format!(
            r#"[package]
name = "tracked"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
skills-runtime = {{ path = "{rt}", features = ["macros"] }}

[build-dependencies]
skills-codegen = {{ path = "{cg}" }}

[workspace]
"#,
            rt = ws.join("skills-runtime").display(),
            cg = ws.join("skills-codegen").display()
        );
        let f = Fixture { dir, target: ws.join("target/build-tracking") };
        f.write("Cargo.toml", &manifest);
        f.write("build.rs", "fn main() {\n    skills_codegen::build();\n}\n");
        f.write(
            "src/main.rs",
            "skills_runtime::include_skills!();\n\n#[skills_runtime::skill(\"demo.greet\")]\nfn greet(who: &str) -> String {\n    format!(\"hello {who}\")\n}\n\nfn main() {\n    let router = skills_runtime::Router::new(&skills::TABLE);\n    for s in skills::SKILLS.iter() {\n        println!(\"{} {}\", s.name, s.description);\n    }\n    println!(\"{}\", router.execute(&mut (), \"demo.greet --who bob\"));\n}\n",
        );
        f.write("skills/demo/SKILL.md", "---\ndomain: demo\ndescription: Demo\n---\n\n# demo\n");
        f.write("skills/demo/greet.md", SKILL_A);
        // The workspace lock pins dependency versions, so the nested build
        // resolves offline to what is already downloaded.
        std::fs::copy(ws.join("Cargo.lock"), f.path("Cargo.lock")).unwrap();
        f
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    fn cargo(&self, sub: &str) -> (bool, String, String) {
        // File times must move forward between steps for Cargo to see them.
        std::thread::sleep(Duration::from_millis(1100));
        let out = Command::new(env!("CARGO"))
            .args([sub, "-v", "--offline"])
            .current_dir(self.dir.path())
            .env("CARGO_TARGET_DIR", &self.target)
            .env_remove("RUSTFLAGS")
            .env("CARGO_TERM_COLOR", "never")
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    }

    fn build(&self) -> Build {
        let (ok, stderr, _) = self.cargo("build");
        let build_script_ran =
            stderr.lines().any(|l| l.contains("Running") && l.contains("tracked-") && l.contains("build-script-build"));
        Build { ok, stderr, build_script_ran }
    }

    fn run(&self) -> String {
        let (ok, stderr, stdout) = self.cargo("run");
        assert!(ok, "{stderr}");
        stdout
    }
}

fn assert_reran(step: &str, b: &Build) {
    assert!(b.ok, "{step}: build failed:\n{}", b.stderr);
    assert!(b.build_script_ran, "{step}: the build script did not run:\n{}", b.stderr);
}

#[test]
fn markdown_changes_rebuild_and_nothing_else_does() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let f = Fixture::new();
    let first = f.build();
    assert_reran("first build", &first);

    let again = f.build();
    assert!(again.ok && !again.build_script_ran, "an unchanged tree re-ran the build script:\n{}", again.stderr);

    f.write("src/main.rs", &(std::fs::read_to_string(f.path("src/main.rs")).unwrap() + "\n// edited\n"));
    let rust_edit = f.build();
    assert!(rust_edit.ok && !rust_edit.build_script_ran, "a Rust edit re-ran the build script:\n{}", rust_edit.stderr);

    f.write("skills/demo/greet.md", &SKILL_A.replace("Greet someone", "Say hello to someone"));
    assert_reran("edit", &f.build());
    assert!(f.run().contains("demo.greet Say hello to someone"));

    let template = "---\nname: demo.wave\ndescription: Wave\n---\n\n# demo.wave\n\n## Usage\n\ndemo.wave\n\n## Examples\n\ndemo.wave\n";
    f.write("skills/demo/wave.md", template);
    assert_reran("add", &f.build());
    assert!(f.run().contains("demo.wave Wave"));

    std::fs::remove_file(f.path("skills/demo/wave.md")).unwrap();
    f.write("skills/demo/nod.md", &template.replace("wave", "nod").replace("Wave", "Nod"));
    assert_reran("rename", &f.build());
    let out = f.run();
    assert!(out.contains("demo.nod Nod") && !out.contains("demo.wave"), "{out}");

    std::fs::remove_file(f.path("skills/demo/nod.md")).unwrap();
    assert_reran("delete", &f.build());
    let out = f.run();
    assert!(!out.contains("demo.nod"), "{out}");
    assert!(out.contains("[Command Result: demo.greet]\nhello bob"), "{out}");
}

#[test]
fn checker_errors_fail_the_build_and_warnings_show() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let f = Fixture::new();
    // A warning: prose that only looks like an enum.
    f.write(
        "skills/demo/greet.md",
        &SKILL_A.replace("Whom to greet (required)", "Whom to greet. Style: formal, casual (required)"),
    );
    let b = f.build();
    assert!(b.ok, "{}", b.stderr);
    assert!(
        b.stderr.contains("warning: tracked@0.0.0: skills/demo/greet.md:15:1: warning[prose-enum]"),
        "{}",
        b.stderr
    );

    // An error: an example that does not parse, and a bad schedule.
    let broken = SKILL_A
        .replace("demo.greet --who bob", "demo.greet --whom bob")
        .replace("handler: greet", "handler: greet\nschedule: \"0 8 * *\"");
    f.write("skills/demo/greet.md", &broken);
    let b = f.build();
    assert!(!b.ok, "a broken skill built");
    assert!(b.stderr.contains("skills/demo/greet.md:5:"), "{}", b.stderr);
    assert!(b.stderr.contains("error[invalid-schedule]"), "{}", b.stderr);
    assert!(b.stderr.contains("skills/demo/greet.md:20:1: error[example-invalid]"), "{}", b.stderr);
    assert!(b.stderr.contains("did you mean `--who`?"), "{}", b.stderr);
    let _ = Path::new("");
}
