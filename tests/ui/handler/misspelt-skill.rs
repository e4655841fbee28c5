// The only handler names `mail.sned`, a skill that does not exist: one
// error, at the name, and none for `mail.send`, which it was meant for.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail.sned")]
fn send(to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> String {
    format!("{subject} {to:?} {cc:?}")
}

fn main() {}
