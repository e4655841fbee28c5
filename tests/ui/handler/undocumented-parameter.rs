// The handler takes `bcc`, which the markdown does not document.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail.send")]
fn send(to: Vec<String>, subject: String, cc: Option<Vec<String>>, bcc: Option<Vec<String>>) -> String {
    format!("{subject} {to:?} {cc:?} {bcc:?}")
}

fn main() {}
