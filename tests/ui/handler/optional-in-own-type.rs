// `--tag` and `--tags` are optional: the fix keeps the parameters' own
// types (`Option<&str>`, `Option<List<'_>>`), spanning each whole type.
use skills_runtime::{List, skill};

skills_runtime::include_skills!(from = "../gen/drift.rs");

#[skill("notes.add")]
fn add(text: &str, pin: bool, tag: &str, tags: List<'_>) -> String {
    format!("{text} {pin} {tag} {}", tags.len())
}

#[skill("notes.get")]
fn get(id: i64, lines: Option<u32>) -> String {
    format!("{id} {lines:?}")
}

fn main() {}
