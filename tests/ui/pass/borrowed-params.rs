// Borrowed parameter types (no allocation), a `&` context, plain and unit replies.
use skills_runtime::{skill, List};

pub struct App {
    greeting: &'static str,
}

skills_runtime::include_skills!(context = App, from = "../gen/full.rs");

use skills::tasks::find::{Sort, Status};

#[skill("mail.send")]
fn send(app: &App, to: List<'_>, subject: &str, cc: Option<List<'_>>) -> String {
    let first = to.iter().next().unwrap_or_default();
    format!("{} {first}: {subject} ({} cc)", app.greeting, cc.map_or(0, |c| c.len()))
}

#[skill("tasks.find")]
fn find(status: List<'_, Status>, due: Option<skills_runtime::Date>, overdue: bool, sort: Sort, limit: u8) {
    let _ = (status.len(), due, overdue, sort, limit);
}

fn main() {
    let router = skills_runtime::Router::new(&skills::TABLE);
    let mut app = App { greeting: "hello" };
    assert_eq!(router.execute(&mut app, "mail.send --to a@b.c --subject Hi").text, "hello a@b.c: Hi (0 cc)");
    assert_eq!(router.execute(&mut app, "tasks.find --limit 3").text, "done");
    // The parameter type is narrower than the markdown's integer: checked at run time.
    let out = router.execute(&mut app, "tasks.find --limit 300");
    assert_eq!(out.error.unwrap().kind, "invalid_value");
    // The typed struct, for code that reads commands itself.
    let tokens = ["--to", "x@y.z", "--subject", "S"];
    let args = skills_runtime::args::parse(&skills::mail::send::FLAGS, &tokens).unwrap();
    let flags = skills::mail::send::Flags::from_args(&args).unwrap();
    assert_eq!(flags.subject, "S");
    assert_eq!(flags.to.raw().first(), Some("x@y.z"));
}
