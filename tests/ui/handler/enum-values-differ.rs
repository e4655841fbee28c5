// A hand-written enum whose variants are not the markdown's values
// (`todo, done`).
use skills_runtime::__private::{FlagEnum, impl_flag_enum};
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/full.rs");

#[derive(Clone, Copy, Debug)]
enum MyStatus {
    Todo,
    Doing,
}

impl FlagEnum for MyStatus {
    const VALUES: &'static [&'static str] = &["todo", "doing"];
    const EXPECTED: &'static str = "one of: todo, doing";
    fn parse(v: &str) -> Option<Self> {
        match v {
            "todo" => Some(MyStatus::Todo),
            "doing" => Some(MyStatus::Doing),
            _ => None,
        }
    }
    fn as_str(self) -> &'static str {
        Self::VALUES[self as usize]
    }
}
impl_flag_enum!(MyStatus);

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
