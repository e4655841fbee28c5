//! The `notes` part of the joined fixture tree: its generated table
//! (`skills::TABLE`) and handlers, over the context every part shares.

use skills_runtime::{SkillError, skill};

/// The context of every part: what the handlers did, in order.
pub type Log = Vec<String>;

skills_runtime::include_skills!(context = Log);

#[skill("notes.add")]
fn add(log: &mut Log, text: &str, tags: Option<Vec<&str>>) -> String {
    log.push(format!("notes.add {text}"));
    match tags {
        Some(tags) => format!("added: {text} [{}]", tags.join(", ")),
        None => format!("added: {text}"),
    }
}

#[skill("notes.find")]
fn find(log: &mut Log, query: &str, limit: u8) -> Result<String, SkillError> {
    log.push(format!("notes.find {query}"));
    if query.trim().is_empty() {
        return Err(SkillError::new_static("the query is empty").with_hint("give a word to look for"));
    }
    Ok(format!("no note matches {query:?} (showing at most {limit})"))
}
