// `--to` is space-separated (a list); the handler takes one value.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail.send")]
fn send(to: String, subject: String, cc: Option<Vec<String>>) -> String {
    format!("{subject} {to} {cc:?}")
}

fn main() {}
