// A private context type: the generated module's public items name it,
// and no `private_interfaces` warning follows (denied here).
#![deny(warnings)]

use skills_runtime::skill;

struct App {
    sent: u32,
}

skills_runtime::include_skills!(context = App, from = "../gen/full.rs");

use skills::tasks::find::{Sort, Status};

#[skill("mail.send")]
fn send(app: &mut App, to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> String {
    app.sent += 1;
    format!("{subject} {} {}", to.len(), cc.is_some())
}

#[skill("tasks.find")]
fn find(status: Vec<Status>, due: Option<skills_runtime::Date>, overdue: bool, sort: Sort, limit: i64) -> String {
    format!("{} {due:?} {overdue} {sort} {limit}", status.len())
}

fn main() {
    let router = skills_runtime::Router::new(&skills::TABLE);
    let mut app = App { sent: 0 };
    assert_eq!(router.execute(&mut app, "mail.send --to a@b.c --subject Hi").text, "Hi 1 false");
    assert_eq!(app.sent, 1);
}
