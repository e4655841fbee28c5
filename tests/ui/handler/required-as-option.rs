// `--subject` is `(required)`, so the handler must not take an `Option`.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/single.rs");

#[skill("mail.send")]
fn send(to: Vec<String>, subject: Option<String>, cc: Option<Vec<String>>) -> String {
    format!("{subject:?} {to:?} {cc:?}")
}

fn main() {}
