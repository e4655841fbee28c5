// `#[skill]` takes `domain.action`.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail")]
fn send(to: Vec<String>) -> String {
    to.join(", ")
}

#[skill("mail.send")]
fn send2(to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> String {
    format!("{subject} {to:?} {cc:?}")
}

fn main() {}
