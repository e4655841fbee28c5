// The markdown documents `--cc`; the handler does not take it.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail.send")]
fn send(to: Vec<String>, subject: String) -> String {
    format!("{subject} to {}", to.join(", "))
}

fn main() {}
