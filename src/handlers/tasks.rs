//! `tasks.*`: create, search, get, update and archive, on the in-memory list.

use crate::skills::tasks::{create, search, update};
use crate::state::{App, Task};
use skills_runtime::{Date, SkillError, skill};

/// Flags that list the same values share one enum type, so the three
/// skills' `Priority` are one type, kept as it is in `Task` (and a value
/// added to the markdown is a compile error here until it is ranked).
fn priority_rank(p: create::Priority) -> u8 {
    match p {
        create::Priority::Critical => 0,
        create::Priority::High => 1,
        create::Priority::Medium => 2,
        create::Priority::Low => 3,
    }
}

fn line(t: &Task) -> String {
    let due = t.due.map(|d| format!(", due {d}")).unwrap_or_default();
    let archived = if t.archived { ", archived" } else { "" };
    format!("{} [{}, {}] {} ({}{due}{archived})", t.id, t.status, t.priority, t.title, t.assignee)
}

fn details(t: &Task) -> String {
    let mut s = format!(
        "{}: {}\nStatus: {}\nPriority: {}\nAssignee: {}\nDue: {}\nTags: {}",
        t.id,
        t.title,
        t.status,
        t.priority,
        t.assignee,
        t.due.map_or("none".to_string(), |d| d.to_string()),
        if t.tags.is_empty() { "none".to_string() } else { t.tags.join(", ") },
    );
    if let Some(d) = &t.description {
        s.push_str(&format!("\nDescription: {d}"));
    }
    if t.archived {
        s.push_str("\nArchived: yes");
    }
    s
}

fn resolve_assignee(app: &App, who: &str) -> String {
    if who.eq_ignore_ascii_case("me") { "me".to_string() } else { who.to_string() }.replace(&app.me, "me")
}

fn find<'a>(app: &'a mut App, id: &str) -> Result<&'a mut Task, SkillError> {
    app.tasks
        .iter_mut()
        .find(|t| t.id == id)
        .ok_or_else(|| SkillError::input(format!("there is no task `{id}`")).with_hint("tasks.search lists task IDs"))
}

#[skill("tasks.create")]
fn create(
    app: &mut App,
    title: String,
    description: Option<String>,
    priority: create::Priority,
    due: Option<Date>,
    assignee: String,
    tags: Option<Vec<String>>,
) -> Result<String, SkillError> {
    if title.trim().is_empty() {
        return Err(SkillError::input("--title is empty").with_hint("give the task a short title"));
    }
    let id = app.next_id("task");
    let now = app.tick();
    let task = Task {
        id,
        title,
        description,
        status: search::Status::Todo,
        priority,
        due,
        assignee: resolve_assignee(app, &assignee),
        tags: tags.unwrap_or_default(),
        created: now,
        updated: now,
        archived: false,
    };
    let summary = line(&task);
    app.tasks.push(task);
    Ok(format!("Created {summary}"))
}

#[skill("tasks.search")]
#[allow(clippy::too_many_arguments)]
fn search(
    app: &App,
    query: Option<&str>,
    status: Vec<search::Status>,
    assignee: Option<&str>,
    priority: Option<Vec<search::Priority>>,
    tags: Option<Vec<&str>>,
    due_before: Option<Date>,
    due_after: Option<Date>,
    overdue: bool,
    sort: search::Sort,
    limit: i64,
) -> Result<String, SkillError> {
    if limit < 1 {
        return Err(SkillError::input(format!("--limit must be at least 1, not {limit}")));
    }
    let query = query.map(str::to_lowercase);
    let assignee = assignee.map(|a| resolve_assignee(app, a));
    let mut hits: Vec<&Task> = app
        .tasks
        .iter()
        .filter(|t| !t.archived)
        .filter(|t| status.contains(&t.status))
        .filter(|t| assignee.as_ref().is_none_or(|a| t.assignee.eq_ignore_ascii_case(a)))
        .filter(|t| priority.as_ref().is_none_or(|ps| ps.contains(&t.priority)))
        .filter(|t| {
            tags.as_ref().is_none_or(|ts| ts.iter().all(|tag| t.tags.iter().any(|x| x.eq_ignore_ascii_case(tag))))
        })
        .filter(|t| due_before.is_none_or(|d| t.due.is_some_and(|due| due <= d)))
        .filter(|t| due_after.is_none_or(|d| t.due.is_some_and(|due| due >= d)))
        .filter(|t| {
            !overdue
                || (t.due.is_some_and(|d| d < app.today)
                    && t.status != search::Status::Done
                    && t.status != search::Status::Cancelled)
        })
        .filter(|t| {
            query.as_ref().is_none_or(|q| {
                t.title.to_lowercase().contains(q)
                    || t.description.as_ref().is_some_and(|d| d.to_lowercase().contains(q))
            })
        })
        .collect();
    match sort {
        search::Sort::DueDate => hits.sort_by_key(|t| (t.due.is_none(), t.due, t.created)),
        search::Sort::Priority => hits.sort_by_key(|t| (priority_rank(t.priority), t.due.is_none(), t.due)),
        search::Sort::CreatedAt => hits.sort_by_key(|t| std::cmp::Reverse(t.created)),
        search::Sort::UpdatedAt => hits.sort_by_key(|t| std::cmp::Reverse(t.updated)),
    }
    let total = hits.len();
    hits.truncate(limit as usize);
    if hits.is_empty() {
        return Ok("No tasks match.".to_string());
    }
    let mut out = format!("{total} task{}", if total == 1 { "" } else { "s" });
    if total > hits.len() {
        out.push_str(&format!(" (showing {})", hits.len()));
    }
    out.push(':');
    for t in hits {
        out.push_str("\n- ");
        out.push_str(&line(t));
    }
    Ok(out)
}

#[skill("tasks.get")]
fn get(app: &mut App, id: &str) -> Result<String, SkillError> {
    Ok(details(find(app, id)?))
}

#[skill("tasks.update")]
#[allow(clippy::too_many_arguments)]
fn update(
    app: &mut App,
    id: &str,
    title: Option<String>,
    status: Option<update::Status>,
    priority: Option<update::Priority>,
    due: Option<Date>,
    assignee: Option<String>,
    tags: Option<Vec<String>>,
) -> Result<String, SkillError> {
    if title.is_none()
        && status.is_none()
        && priority.is_none()
        && due.is_none()
        && assignee.is_none()
        && tags.is_none()
    {
        return Err(SkillError::input("nothing to change")
            .with_hint("give at least one of --title --status --priority --due --assignee --tags"));
    }
    let assignee = assignee.map(|a| resolve_assignee(app, &a));
    let now = app.tick();
    let t = find(app, id)?;
    if let Some(v) = title {
        t.title = v;
    }
    // `update::Status` is `search::Status`: the same values, one type.
    if let Some(v) = status {
        t.status = v;
    }
    if let Some(v) = priority {
        t.priority = v;
    }
    if let Some(v) = due {
        t.due = Some(v);
    }
    if let Some(v) = assignee {
        t.assignee = v;
    }
    if let Some(v) = tags {
        t.tags = v;
    }
    t.updated = now;
    Ok(format!("Updated {}", line(t)))
}

#[skill("tasks.delete")]
fn delete(app: &mut App, id: &str) -> Result<String, SkillError> {
    let t = find(app, id)?;
    if t.archived {
        return Err(SkillError::input(format!("task `{id}` is already archived")));
    }
    t.archived = true;
    Ok(format!("Archived {}: {}", t.id, t.title))
}
