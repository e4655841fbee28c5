// `async fn` handlers in an application whose skills-runtime lacks the
// `async` feature, so that no router could run them: one compile error at
// each `async`, with the fix. (The fixture app, which has the feature,
// runs async handlers.)
use skills_runtime::{skill, SkillError};

pub struct App {
    calls: u32,
}

skills_runtime::include_skills!(context = App, from = "../gen/full.rs");

use skills::tasks::find::{Sort, Status};

async fn lookup(n: usize) -> usize {
    n * 2
}

#[skill("mail.send")]
async fn send(app: &mut App, to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> Result<String, SkillError> {
    app.calls += 1;
    let n = lookup(to.len()).await;
    Ok(format!("{subject}: {n} {}", cc.is_some()))
}

#[skill("tasks.find")]
async fn find(status: Vec<Status>, due: Option<skills_runtime::Date>, overdue: bool, sort: Sort, limit: i64) -> String {
    format!("{} {due:?} {overdue} {sort} {limit}", status.len())
}

fn main() {
    for (i, h) in skills::HANDLERS.iter().enumerate() {
        match (skills::SKILLS[i].name, h) {
            ("notes.daily", None) => {}
            (_, Some(skills_runtime::__private::Handler::Async(_))) => {}
            (name, other) => panic!("{name}: {other:?}"),
        }
    }
}
