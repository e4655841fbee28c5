//! The bundled skills on a device: no operating system, no heap.
//!
//! Every handler works on [`Device`], whose tasks, events, mails and
//! memories live in fixed-capacity arrays, and returns its reply as a
//! fixed-capacity string. A full store answers with an error the model can
//! act on instead of allocating.
//!
//! ```
//! use skills_device::{Device, router};
//! use skills_runtime::buffer::Buffer;
//!
//! let router = router();
//! let mut device = Device::new("2026-02-17".parse().unwrap());
//! let mut line = *b"tasks.create --title \"Calibrate sensor\" --priority high";
//! let mut bytes = [0u8; 512];
//! let mut out = Buffer::new(&mut bytes);
//! router.dispatch(&mut device, &mut line, &mut out);
//! assert_eq!(out.as_str(), "Created task_1 [todo, high] Calibrate sensor (me)");
//!
//! // A command in a `&str` is split where it lies; `scratch` is used only
//! // by a command with something to unescape, like this one.
//! let mut scratch = [0u8; 256];
//! let mut bytes = [0u8; 512];
//! let mut out = Buffer::new(&mut bytes);
//! router.dispatch_str(&mut device, r"tasks.create --title Pump\ check", &mut scratch, &mut out);
//! assert_eq!(out.as_str(), "Created task_2 [todo, medium] Pump check (me)");
//! ```
#![no_std]

use core::fmt::Write;
use heapless::{String, Vec};
use skills_runtime::convert::FlagEnum;
use skills_runtime::{Date, List, SkillError, skill};

/// A reply built without a heap.
pub type Reply = String<384>;

/// A short text field.
type Text = String<64>;

/// Tasks, events, mails and memories kept in RAM.
#[derive(Debug)]
pub struct Device {
    /// Today (for `--overdue`).
    pub today: Date,
    /// Tasks.
    pub tasks: Vec<Task, 16>,
    /// Calendar events.
    pub events: Vec<Event, 8>,
    /// Sent mail.
    pub mails: Vec<Mail, 8>,
    /// Memories.
    pub memories: Vec<Memory, 8>,
}

/// A task.
#[derive(Debug, Clone)]
pub struct Task {
    /// Number in `task_N`.
    pub id: u16,
    /// Title.
    pub title: Text,
    /// Status as written in the markdown.
    pub status: &'static str,
    /// Priority as written in the markdown.
    pub priority: &'static str,
    /// Due date.
    pub due: Option<Date>,
    /// Assignee.
    pub assignee: String<24>,
    /// Archived by `tasks.delete`.
    pub archived: bool,
}

/// A calendar event.
#[derive(Debug, Clone)]
pub struct Event {
    /// Number in `event_N`.
    pub id: u16,
    /// Title.
    pub title: Text,
    /// Day.
    pub date: Date,
    /// `HH:MM`, empty for all day.
    pub time: String<5>,
    /// Minutes.
    pub duration: i64,
    /// Cancelled.
    pub cancelled: bool,
}

/// A sent mail.
#[derive(Debug, Clone)]
pub struct Mail {
    /// Number in `msg_N`.
    pub id: u16,
    /// First recipient.
    pub to: Text,
    /// Number of recipients (to, cc, bcc).
    pub recipients: usize,
    /// Subject.
    pub subject: Text,
    /// Day sent.
    pub date: Date,
}

/// A memory.
#[derive(Debug, Clone)]
pub struct Memory {
    /// Number in `mem_N`.
    pub id: u16,
    /// What to remember.
    pub content: Text,
    /// Category as written in the markdown.
    pub category: &'static str,
}

impl Device {
    /// An empty device on day `today`.
    pub const fn new(today: Date) -> Self {
        Device { today, tasks: Vec::new(), events: Vec::new(), mails: Vec::new(), memories: Vec::new() }
    }
}

skills_runtime::include_skills!(context = Device);

/// A router over the compiled skills (no heap: `Router::dispatch`).
pub fn router() -> skills_runtime::Router<Device> {
    skills_runtime::Router::new(&skills::TABLE)
}

const FULL: SkillError = SkillError::new_static("the device's store for this is full");

/// Copies `s` into a fixed string, cutting it at a character boundary.
fn text<const N: usize>(s: &str) -> String<N> {
    let mut out = String::new();
    for c in s.chars() {
        if out.push(c).is_err() {
            break;
        }
    }
    out
}

/// `task_3` -> 3.
fn number(id: &str, prefix: &str) -> Option<u16> {
    id.strip_prefix(prefix)?.strip_prefix('_')?.parse().ok()
}

fn reply(f: impl FnOnce(&mut Reply) -> core::fmt::Result) -> Reply {
    let mut r = Reply::new();
    // A reply longer than its capacity is cut; the router marks nothing
    // lost because the text so far is valid.
    let _ = f(&mut r);
    r
}

fn task_line(out: &mut Reply, t: &Task) -> core::fmt::Result {
    write!(out, "task_{} [{}, {}] {} ({}", t.id, t.status, t.priority, t.title, t.assignee)?;
    if let Some(d) = t.due {
        write!(out, ", due {d}")?;
    }
    out.write_char(')')
}

// ---- tasks ------------------------------------------------------------

#[skill("tasks.create")]
fn create(
    dev: &mut Device,
    title: &str,
    description: Option<&str>,
    priority: skills::tasks::create::Priority,
    due: Option<Date>,
    assignee: &str,
    tags: Option<List<'_>>,
) -> Result<Reply, SkillError> {
    let _ = (description, tags);
    if title.trim().is_empty() {
        return Err(SkillError::new_static("--title is empty").with_static_hint("give the task a short title"));
    }
    let id = dev.tasks.len() as u16 + 1;
    let task = Task {
        id,
        title: text(title),
        status: "todo",
        priority: priority.as_str(),
        due,
        assignee: text(assignee),
        archived: false,
    };
    let r = reply(|out| {
        out.write_str("Created ")?;
        task_line(out, &task)
    });
    dev.tasks.push(task).map_err(|_| FULL.with_static_hint("archive finished tasks with tasks.delete"))?;
    Ok(r)
}

fn find_task<'d>(dev: &'d mut Device, id: &str) -> Result<&'d mut Task, SkillError> {
    let n = number(id, "task");
    dev.tasks
        .iter_mut()
        .find(|t| Some(t.id) == n)
        .ok_or(SkillError::new_static("there is no task with that ID").with_static_hint("tasks.search lists task IDs"))
}

#[skill("tasks.get")]
fn get(dev: &mut Device, id: &str) -> Result<Reply, SkillError> {
    let t = find_task(dev, id)?;
    Ok(reply(|out| {
        task_line(out, t)?;
        if t.archived { out.write_str(" archived") } else { Ok(()) }
    }))
}

#[skill("tasks.update")]
#[allow(clippy::too_many_arguments)]
fn update(
    dev: &mut Device,
    id: &str,
    title: Option<&str>,
    status: Option<skills::tasks::update::Status>,
    priority: Option<skills::tasks::update::Priority>,
    due: Option<Date>,
    assignee: Option<&str>,
    tags: Option<List<'_>>,
) -> Result<Reply, SkillError> {
    let _ = tags;
    let t = find_task(dev, id)?;
    if let Some(v) = title {
        t.title = text(v);
    }
    if let Some(s) = status {
        t.status = s.as_str();
    }
    if let Some(p) = priority {
        t.priority = p.as_str();
    }
    if due.is_some() {
        t.due = due;
    }
    if let Some(a) = assignee {
        t.assignee = text(a);
    }
    Ok(reply(|out| {
        out.write_str("Updated ")?;
        task_line(out, t)
    }))
}

#[skill("tasks.delete")]
fn delete(dev: &mut Device, id: &str) -> Result<Reply, SkillError> {
    let t = find_task(dev, id)?;
    t.archived = true;
    Ok(reply(|out| write!(out, "Archived task_{}: {}", t.id, t.title)))
}

#[skill("tasks.search")]
#[allow(clippy::too_many_arguments)]
fn search(
    dev: &mut Device,
    query: Option<&str>,
    status: List<'_, skills::tasks::search::Status>,
    assignee: Option<&str>,
    priority: Option<List<'_, skills::tasks::search::Priority>>,
    tags: Option<List<'_>>,
    due_before: Option<Date>,
    due_after: Option<Date>,
    overdue: bool,
    sort: skills::tasks::search::Sort,
    limit: i64,
) -> Reply {
    let _ = (tags, sort);
    let today = dev.today;
    let matches = |t: &&Task| {
        !t.archived
            && status.iter().any(|s| s.as_str() == t.status)
            && priority.is_none_or(|p| p.iter().any(|p| p.as_str() == t.priority))
            && assignee.is_none_or(|a| t.assignee.eq_ignore_ascii_case(a))
            && query.is_none_or(|q| contains_ignore_case(&t.title, q))
            && due_before.is_none_or(|d| t.due.is_some_and(|due| due <= d))
            && due_after.is_none_or(|d| t.due.is_some_and(|due| due >= d))
            && (!overdue || t.due.is_some_and(|due| due < today))
    };
    let limit = usize::try_from(limit).unwrap_or(0);
    reply(|out| {
        let n = dev.tasks.iter().filter(matches).count();
        if n == 0 {
            return out.write_str("No tasks match.");
        }
        write!(out, "{n} task{}:", if n == 1 { "" } else { "s" })?;
        for t in dev.tasks.iter().filter(matches).take(limit) {
            out.write_str("\n- ")?;
            task_line(out, t)?;
        }
        Ok(())
    })
}

/// ASCII case-insensitive substring test, without allocating.
fn contains_ignore_case(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    n.is_empty() || h.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n))
}

// ---- email ------------------------------------------------------------

#[skill("email.send")]
fn send(
    dev: &mut Device,
    to: List<'_>,
    subject: &str,
    body: &str,
    cc: Option<List<'_>>,
    bcc: Option<List<'_>>,
    attachments: Option<List<'_>>,
) -> Result<Reply, SkillError> {
    let _ = (body, attachments);
    if let Some(bad) = to
        .iter()
        .chain(cc.iter().flat_map(|l| l.iter()))
        .chain(bcc.iter().flat_map(|l| l.iter()))
        .find(|a| !a.contains('@'))
    {
        let _ = bad;
        return Err(SkillError::new_static("a recipient is not an email address")
            .with_static_hint("write addresses as name@host"));
    }
    let id = dev.mails.len() as u16 + 1;
    let recipients = to.len() + cc.map_or(0, |l| l.len()) + bcc.map_or(0, |l| l.len());
    let mail =
        Mail { id, to: text(to.iter().next().unwrap_or("")), recipients, subject: text(subject), date: dev.today };
    dev.mails.push(mail).map_err(|_| FULL.with_static_hint("the outbox holds 8 mails"))?;
    Ok(reply(|out| {
        write!(out, "Sent to {recipients} recipient{}. Message ID: msg_{id}", if recipients == 1 { "" } else { "s" })
    }))
}

#[skill("email.draft")]
fn draft(_dev: &mut Device, to: &str, subject: &str, body: &str, tone: skills::email::draft::Tone) -> Reply {
    reply(|out| write!(out, "Draft (not sent), tone: {tone}\nTo: {to}\nSubject: {subject}\n\n{body}"))
}

#[skill("email.read")]
fn read(dev: &mut Device, id: &str) -> Result<Reply, SkillError> {
    let n = number(id, "msg");
    let m = dev.mails.iter().find(|m| Some(m.id) == n).ok_or(
        SkillError::new_static("there is no message with that ID").with_static_hint("email.search lists message IDs"),
    )?;
    Ok(reply(|out| write!(out, "msg_{} to {} ({} recipients) on {}: {}", m.id, m.to, m.recipients, m.date, m.subject)))
}

#[skill("email.search")]
#[allow(clippy::too_many_arguments)]
fn email_search(
    dev: &mut Device,
    query: Option<&str>,
    from: Option<&str>,
    to: Option<&str>,
    after: Option<Date>,
    before: Option<Date>,
    label: Option<&str>,
    unread: bool,
    limit: i64,
) -> Reply {
    // Only sent mail is stored here: it is from this device and read.
    let mine = from.is_none_or(|f| f.eq_ignore_ascii_case("me")) && !unread && label.is_none_or(|l| l == "sent");
    let matches = |m: &&Mail| {
        mine && query.is_none_or(|q| contains_ignore_case(&m.subject, q))
            && to.is_none_or(|t| contains_ignore_case(&m.to, t))
            && after.is_none_or(|d| m.date >= d)
            && before.is_none_or(|d| m.date <= d)
    };
    reply(|out| {
        let n = dev.mails.iter().filter(matches).count();
        if n == 0 {
            return out.write_str("No emails match.");
        }
        write!(out, "{n} email{} found:", if n == 1 { "" } else { "s" })?;
        for m in dev.mails.iter().filter(matches).take(usize::try_from(limit).unwrap_or(0)) {
            write!(out, "\n- msg_{}  {}  {}  {}", m.id, m.date, m.to, m.subject)?;
        }
        Ok(())
    })
}

// ---- calendar ---------------------------------------------------------

fn valid_time(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() == 5
        && b[2] == b':'
        && b[..2].iter().chain(&b[3..]).all(u8::is_ascii_digit)
        && t[..2].parse::<u8>().is_ok_and(|h| h < 24)
        && t[3..].parse::<u8>().is_ok_and(|m| m < 60)
}

fn bad_time() -> SkillError {
    SkillError::new_static("--time must be HH:MM on a 24-hour clock").with_static_hint("for example --time 09:30")
}

#[skill("calendar.create")]
fn calendar_create(
    dev: &mut Device,
    title: &str,
    date: Date,
    time: Option<&str>,
    duration: i64,
    attendees: Option<List<'_>>,
    location: Option<&str>,
) -> Result<Reply, SkillError> {
    let _ = (attendees, location);
    if time.is_some_and(|t| !valid_time(t)) {
        return Err(bad_time());
    }
    if duration < 1 {
        return Err(SkillError::new_static("--duration must be at least 1 minute"));
    }
    let id = dev.events.len() as u16 + 1;
    let event = Event { id, title: text(title), date, time: text(time.unwrap_or("")), duration, cancelled: false };
    let r = reply(|out| event_line(out, &event));
    dev.events.push(event).map_err(|_| FULL)?;
    Ok(r)
}

fn event_line(out: &mut Reply, e: &Event) -> core::fmt::Result {
    write!(out, "event_{} {} {}", e.id, e.date, e.title)?;
    if !e.time.is_empty() {
        write!(out, " at {} ({} min)", e.time, e.duration)?;
    }
    if e.cancelled { out.write_str(" [cancelled]") } else { Ok(()) }
}

#[skill("calendar.list")]
fn calendar_list(
    dev: &mut Device,
    date: Option<Date>,
    from: Option<Date>,
    to: Option<Date>,
    limit: i64,
) -> Result<Reply, SkillError> {
    if date.is_some() && (from.is_some() || to.is_some()) {
        return Err(SkillError::new_static("--date cannot be combined with --from/--to"));
    }
    let matches = |e: &&Event| {
        !e.cancelled
            && date.is_none_or(|d| e.date == d)
            && from.is_none_or(|d| e.date >= d)
            && to.is_none_or(|d| e.date <= d)
    };
    Ok(reply(|out| {
        let n = dev.events.iter().filter(matches).count();
        if n == 0 {
            return out.write_str("No events.");
        }
        for (i, e) in dev.events.iter().filter(matches).take(usize::try_from(limit).unwrap_or(0)).enumerate() {
            if i > 0 {
                out.write_char('\n')?;
            }
            event_line(out, e)?;
        }
        Ok(())
    }))
}

#[skill("calendar.update")]
#[allow(clippy::too_many_arguments)]
fn calendar_update(
    dev: &mut Device,
    id: &str,
    title: Option<&str>,
    date: Option<Date>,
    time: Option<&str>,
    duration: Option<i64>,
    location: Option<&str>,
    cancel: bool,
) -> Result<Reply, SkillError> {
    let _ = location;
    if time.is_some_and(|t| !valid_time(t)) {
        return Err(bad_time());
    }
    let n = number(id, "event");
    let e = dev.events.iter_mut().find(|e| Some(e.id) == n).ok_or(
        SkillError::new_static("there is no event with that ID").with_static_hint("calendar.list lists event IDs"),
    )?;
    if let Some(t) = title {
        e.title = text(t);
    }
    if let Some(d) = date {
        e.date = d;
    }
    if let Some(t) = time {
        e.time = text(t);
    }
    if let Some(d) = duration {
        e.duration = d;
    }
    e.cancelled |= cancel;
    Ok(reply(|out| {
        out.write_str("Updated ")?;
        event_line(out, e)
    }))
}

// ---- memory -----------------------------------------------------------

#[skill("memory.save")]
fn save(
    dev: &mut Device,
    content: &str,
    category: skills::memory::save::Category,
    tags: Option<List<'_>>,
) -> Result<Reply, SkillError> {
    let _ = tags;
    let id = dev.memories.len() as u16 + 1;
    let category = category.as_str();
    dev.memories.push(Memory { id, content: text(content), category }).map_err(|_| FULL)?;
    Ok(reply(|out| write!(out, "Remembered as mem_{id} ({category}).")))
}

#[skill("memory.search")]
fn recall(
    dev: &mut Device,
    query: &str,
    category: Option<skills::memory::search::Category>,
    tags: Option<List<'_>>,
    limit: i64,
) -> Reply {
    let _ = tags;
    let category = category.map(|c| c.as_str());
    let matches = |m: &&Memory| {
        category.is_none_or(|c| c == m.category)
            && query.split_whitespace().all(|w| contains_ignore_case(&m.content, w))
    };
    reply(|out| {
        if !dev.memories.iter().any(|m| matches(&m)) {
            return out.write_str("Nothing remembered matches.");
        }
        for (i, m) in dev.memories.iter().rev().filter(matches).take(usize::try_from(limit).unwrap_or(0)).enumerate() {
            if i > 0 {
                out.write_char('\n')?;
            }
            write!(out, "- mem_{} ({}): {}", m.id, m.category, m.content)?;
        }
        Ok(())
    })
}
