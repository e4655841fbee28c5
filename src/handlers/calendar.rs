//! `calendar.*`: create, list and update events.

use crate::state::{App, Event};
use skills_runtime::{Date, SkillError, skill};

/// Parses a 24-hour `HH:MM`.
fn parse_time(flag: &str, t: &str) -> Result<(u8, u8), SkillError> {
    let bad = || {
        SkillError::input(format!("--{flag} `{t}` is not a time written HH:MM"))
            .with_hint("write a 24-hour time such as 09:30 or 14:00")
    };
    let (h, m) = t.split_once(':').ok_or_else(bad)?;
    let (h, m): (u8, u8) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    if h > 23 || m > 59 || t.len() != 5 {
        return Err(bad());
    }
    Ok((h, m))
}

fn line(e: &Event) -> String {
    let when = match e.time {
        Some((h, m)) => format!("{} {h:02}:{m:02} ({} min)", e.date, e.duration),
        None => format!("{} (all day)", e.date),
    };
    let place = e.location.as_ref().map(|l| format!(" at {l}")).unwrap_or_default();
    let who = if e.attendees.is_empty() { String::new() } else { format!(" with {}", e.attendees.join(", ")) };
    let cancelled = if e.cancelled { " [cancelled]" } else { "" };
    format!("{} {when} {}{place}{who}{cancelled}", e.id, e.title)
}

fn check_duration(d: i64) -> Result<i64, SkillError> {
    if d < 1 { Err(SkillError::input(format!("--duration must be at least 1 minute, not {d}"))) } else { Ok(d) }
}

#[skill("calendar.create")]
fn create(
    app: &mut App,
    title: String,
    date: Date,
    time: Option<&str>,
    duration: i64,
    attendees: Option<Vec<String>>,
    location: Option<String>,
) -> Result<String, SkillError> {
    let time = time.map(|t| parse_time("time", t)).transpose()?;
    let duration = check_duration(duration)?;
    let attendees = attendees.unwrap_or_default();
    super::email::check_addresses("attendees", &attendees, "the event was not created")?;
    let id = app.next_id("event");
    let event = Event { id: id.clone(), title, date, time, duration, attendees, location, cancelled: false };
    let summary = line(&event);
    app.events.push(event);
    Ok(format!("Created {summary}"))
}

#[skill("calendar.list")]
fn list(app: &App, date: Option<Date>, from: Option<Date>, to: Option<Date>, limit: i64) -> Result<String, SkillError> {
    if date.is_some() && (from.is_some() || to.is_some()) {
        return Err(SkillError::input("--date cannot be combined with --from/--to")
            .with_hint("use --date for one day, or --from and --to for a range"));
    }
    if let (Some(f), Some(t)) = (from, to)
        && f > t
    {
        return Err(SkillError::input(format!("--from {f} is after --to {t}")));
    }
    if limit < 1 {
        return Err(SkillError::input(format!("--limit must be at least 1, not {limit}")));
    }
    let (lo, hi) = match (date, from, to) {
        (Some(d), _, _) => (Some(d), Some(d)),
        (None, None, None) => (Some(app.today), None),
        (None, f, t) => (f, t),
    };
    let mut hits: Vec<&Event> = app
        .events
        .iter()
        .filter(|e| !e.cancelled)
        .filter(|e| lo.is_none_or(|d| e.date >= d) && hi.is_none_or(|d| e.date <= d))
        .collect();
    hits.sort_by_key(|e| (e.date, e.time.is_some(), e.time));
    hits.truncate(limit as usize);
    if hits.is_empty() {
        return Ok("No events.".to_string());
    }
    Ok(hits.iter().map(|e| format!("- {}", line(e))).collect::<Vec<_>>().join("\n"))
}

#[skill("calendar.update")]
#[allow(clippy::too_many_arguments)]
fn update(
    app: &mut App,
    id: &str,
    title: Option<String>,
    date: Option<Date>,
    time: Option<&str>,
    duration: Option<i64>,
    location: Option<String>,
    cancel: bool,
) -> Result<String, SkillError> {
    if title.is_none() && date.is_none() && time.is_none() && duration.is_none() && location.is_none() && !cancel {
        return Err(SkillError::input("nothing to change")
            .with_hint("give at least one of --title --date --time --duration --location --cancel"));
    }
    let time = time.map(|t| parse_time("time", t)).transpose()?;
    let duration = duration.map(check_duration).transpose()?;
    let Some(e) = app.events.iter_mut().find(|e| e.id == id) else {
        return Err(SkillError::input(format!("there is no event `{id}`")).with_hint("calendar.list lists event IDs"));
    };
    if let Some(v) = title {
        e.title = v;
    }
    if let Some(v) = date {
        e.date = v;
    }
    if let Some(v) = time {
        e.time = Some(v);
    }
    if let Some(v) = duration {
        e.duration = v;
    }
    if let Some(v) = location {
        e.location = Some(v);
    }
    if cancel {
        e.cancelled = true;
    }
    Ok(format!("Updated {}", line(e)))
}
