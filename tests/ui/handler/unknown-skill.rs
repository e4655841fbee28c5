// There is no markdown file for `mail.sned`.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail.send")]
fn send(to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> String {
    format!("{subject} {to:?} {cc:?}")
}

#[skill("mail.sned")]
fn send_again(to: Vec<String>) -> String {
    to.join(", ")
}

fn main() {}
