// `--subject` is a string; the handler takes an integer.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail.send")]
fn send(to: Vec<String>, subject: i64, cc: Option<Vec<String>>) -> String {
    format!("{subject} {to:?} {cc:?}")
}

fn main() {}
