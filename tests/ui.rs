//! Compile-time checks of `#[skill]` handlers against their markdown, with
//! `trybuild`: pass cases for every handler style, and one compile-fail
//! case per failure class, each with a reviewed `.stderr`.
//!
//! The cases include code generated here from the trees under
//! `tests/ui/skills/` (into `tests/ui/gen/`, ignored by git), exactly as a
//! build script would generate it.
//!
//! Compiler output changes between releases, so the snapshots are checked
//! only on the toolchain they were written with.

use std::path::Path;

fn generate(fixture: &str) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let generated = skills_codegen::Builder::new()
        .base_dir(repo)
        .root(format!("tests/ui/skills/{fixture}"))
        .render()
        .unwrap_or_else(|e| panic!("fixture {fixture} does not check:\n{e}"));
    let dir = repo.join("tests/ui/gen");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{fixture}.rs"));
    if std::fs::read_to_string(&path).ok().as_deref() != Some(generated.code.as_str()) {
        std::fs::write(&path, generated.code).unwrap();
    }
}

#[rustversion::attr(not(stable(1.95)), ignore = "the .stderr snapshots were written with rustc 1.95")]
#[test]
fn ui() {
    generate("single");
    generate("full");
    generate("awkward");
    generate("number");
    generate("drift");
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/handler/*.rs");
}
