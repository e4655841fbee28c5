// Neither `notes.add` nor `notes.get` has a `#[skill]` function: one error,
// at `include_skills!`, naming both markdown files and the whole function
// to write for each, with the application's context type.
pub struct App {
    pub notes: Vec<String>,
}

skills_runtime::include_skills!(context = App, from = "../gen/drift.rs");

fn main() {}
