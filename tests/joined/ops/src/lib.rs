//! The `ops` and `deploy` part of the joined fixture tree: its generated
//! table (`skills::TABLE`) and handlers. Every part of one router shares
//! one context type; a real application keeps it in a small crate of its
//! own, and here it is a standard type.

use skills_runtime::skill;

/// The context of every part: what the handlers did, in order.
pub type Log = Vec<String>;

skills_runtime::include_skills!(context = Log);

#[skill("ops.restart")]
fn restart(log: &mut Log, service: skills::ops::restart::Service, force: bool) -> String {
    log.push(format!("ops.restart {service}"));
    if force { format!("{service} restarted (forced)") } else { format!("{service} restarted") }
}

#[skill("ops.status")]
fn status(log: &Log, service: Option<&str>) -> String {
    format!("{} handled so far; {} is up", log.len(), service.unwrap_or("everything"))
}
