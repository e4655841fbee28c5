//! `memory.*`: save and recall memories.

use crate::skills::memory::{save, search};
use crate::state::{App, Memory};
use skills_runtime::__private::FlagEnum;
use skills_runtime::{SkillError, skill};

#[skill("memory.save")]
fn save(
    app: &mut App,
    content: String,
    category: save::Category,
    tags: Option<Vec<String>>,
) -> Result<String, SkillError> {
    let content = content.trim().to_string();
    if content.is_empty() {
        return Err(SkillError::input("--content is empty").with_hint("say what to remember"));
    }
    if let Some(existing) = app.memories.iter().find(|m| m.content == content) {
        return Ok(format!("Already remembered as {} ({}).", existing.id, existing.category));
    }
    let id = app.next_id("mem");
    let created = app.tick();
    app.memories.push(Memory {
        id: id.clone(),
        content,
        category: category.as_str(),
        tags: tags.unwrap_or_default(),
        created,
    });
    Ok(format!("Remembered as {id} ({category})."))
}

#[skill("memory.search")]
fn search(
    app: &App,
    query: &str,
    category: Option<search::Category>,
    tags: Option<Vec<&str>>,
    limit: i64,
) -> Result<String, SkillError> {
    if limit < 1 {
        return Err(SkillError::input(format!("--limit must be at least 1, not {limit}")));
    }
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let mut hits: Vec<&Memory> = app
        .memories
        .iter()
        .filter(|m| {
            let text = m.content.to_lowercase();
            words.iter().all(|w| text.contains(w.as_str()))
        })
        .filter(|m| category.is_none_or(|c| c.as_str() == m.category))
        .filter(|m| tags.as_ref().is_none_or(|ts| ts.iter().all(|t| m.tags.iter().any(|x| x.eq_ignore_ascii_case(t)))))
        .collect();
    hits.sort_by_key(|m| std::cmp::Reverse(m.created));
    hits.truncate(limit as usize);
    if hits.is_empty() {
        return Ok(format!("Nothing remembered about {query:?}."));
    }
    Ok(hits.iter().map(|m| format!("- {} ({}): {}", m.id, m.category, m.content)).collect::<Vec<_>>().join("\n"))
}
