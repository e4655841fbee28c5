// `--cc` is optional without a default, so it may be absent.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail.send")]
fn send(to: Vec<String>, subject: String, cc: Vec<String>) -> String {
    format!("{subject} {to:?} {cc:?}")
}

fn main() {}
