// Two functions claim `mail.send`.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail.send")]
fn send(to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> String {
    format!("{subject} {to:?} {cc:?}")
}

#[skill("mail.send")]
fn send_too(to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> String {
    format!("{subject} {to:?} {cc:?}")
}

fn main() {}
