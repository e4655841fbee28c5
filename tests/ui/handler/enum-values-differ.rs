// A hand-written enum whose variants are not the markdown's values
// (`todo, done`).
use skills_runtime::convert::FlagEnum;
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/full.rs");

#[derive(Clone, Copy, Debug)]
enum MyStatus {
    Todo,
    Doing,
}

impl FlagEnum for MyStatus {
    const VALUES: &'static [&'static str] = &["todo", "doing"];
    const ALL: &'static [Self] = &[MyStatus::Todo, MyStatus::Doing];
    const EXPECTED: &'static str = "one of: todo, doing";
    fn index(self) -> usize {
        self as usize
    }
}

#[skill("mail.send")]
fn send(to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> String {
    format!("{subject} {to:?} {cc:?}")
}

#[skill("tasks.find")]
fn find(
    status: Vec<MyStatus>,
    due: Option<skills_runtime::Date>,
    overdue: bool,
    sort: skills::tasks::find::Sort,
    limit: i64,
) -> String {
    format!("{status:?} {due:?} {overdue} {sort} {limit}")
}

fn main() {}
