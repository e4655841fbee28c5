// `--pinned` was renamed `--pin` in the markdown; the handler still says
// `pinned`. One error says so, at the parameter.
use skills_runtime::{List, skill};

skills_runtime::include_skills!(from = "../gen/drift.rs");

#[skill("notes.add")]
fn add(text: &str, pinned: bool, tag: Option<&str>, tags: Option<List<'_>>) -> String {
    format!("{text} {pinned} {tag:?} {:?}", tags.map(|t| t.len()))
}

#[skill("notes.get")]
fn get(id: i64, lines: i64) -> String {
    format!("{id} {lines}")
}

fn main() {}
