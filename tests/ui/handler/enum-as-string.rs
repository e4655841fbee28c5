// `--sort` is an enum (`One of: due, priority`); taking a `String` would let
// a value added to the markdown go unhandled.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/full.rs");

#[skill("mail.send")]
fn send(to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> String {
    format!("{subject} {to:?} {cc:?}")
}

#[skill("tasks.find")]
fn find(
    status: Vec<skills::tasks::find::Status>,
    due: Option<skills_runtime::Date>,
    overdue: bool,
    sort: String,
    limit: i64,
) -> String {
    format!("{status:?} {due:?} {overdue} {sort} {limit}")
}

fn main() {}
