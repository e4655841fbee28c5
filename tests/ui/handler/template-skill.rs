// `notes.daily` has no `handler:`: it is a template skill.
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
    sort: skills::tasks::find::Sort,
    limit: i64,
) -> String {
    format!("{status:?} {due:?} {overdue} {sort} {limit}")
}

#[skill("notes.daily")]
fn daily(who: String) -> String {
    who
}

fn main() {}
