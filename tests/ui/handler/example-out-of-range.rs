// An example gives `--id 5000000000`, which the markdown accepts (an
// integer) but `u32` cannot hold, and `--lines 300`, beyond `u8`.
use skills_runtime::{List, skill};

skills_runtime::include_skills!(from = "../gen/drift.rs");

#[skill("notes.add")]
fn add(text: &str, pin: bool, tag: Option<&str>, tags: Option<List<'_>>) -> String {
    format!("{text} {pin} {tag:?} {:?}", tags.map(|t| t.len()))
}

#[skill("notes.get")]
fn get(id: u32, lines: u8) -> String {
    format!("{id} {lines}")
}

fn main() {}
