// Owned parameter types, a `&mut` context, and a `Result` reply.
use skills_runtime::{skill, Date, SkillError};

pub struct App {
    sent: Vec<String>,
}

skills_runtime::include_skills!(context = App, from = "../gen/full.rs");

use skills::tasks::find::{Sort, Status};

#[skill("mail.send")]
fn send(app: &mut App, to: Vec<String>, subject: String, cc: Option<Vec<String>>) -> Result<String, SkillError> {
    if to.iter().any(|a| !a.contains('@')) {
        return Err(SkillError::new("bad address"));
    }
    app.sent.push(subject.clone());
    Ok(format!("sent {subject} to {} (+{} cc)", to.join(" "), cc.map_or(0, |c| c.len())))
}

#[skill("tasks.find")]
fn find(status: Vec<Status>, due: Option<Date>, overdue: bool, sort: Sort, limit: i64) -> Result<String, SkillError> {
    Ok(format!("{status:?} {due:?} {overdue} {sort} {limit}"))
}

fn main() {
    let router = skills_runtime::Router::new(&skills::TABLE);
    let mut app = App { sent: Vec::new() };
    let out = router.execute(&mut app, "mail.send --to a@b.c d@e.f --subject Hi --cc g@h.i");
    assert_eq!(out.text, "sent Hi to a@b.c d@e.f (+1 cc)");
    assert_eq!(app.sent, ["Hi"]);
    let out = router.execute(&mut app, "mail.send --to nobody --subject Hi");
    assert_eq!(out.error.unwrap().message, "bad address");
    let out = router.execute(&mut app, "tasks.find --status done --due 2026-03-01 --overdue");
    assert_eq!(out.text, "[Done] Some(Date { year: 2026, month: 3, day: 1 }) true due 5");
    let out = router.execute(&mut app, "notes.daily --who bob");
    assert_eq!(out.kind, skills_runtime::Kind::Template);
    assert!(out.text.contains("Write the daily note for bob."));
}
