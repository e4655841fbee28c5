//! The reference application's state: an in-memory mailbox, task list,
//! calendar and memory. Handlers really do what their markdown says, on
//! this state.

use skills_runtime::Date;
use std::path::PathBuf;

/// An email in the mailbox (sent or received).
#[derive(Clone, Debug, PartialEq)]
pub struct Email {
    /// `msg_1`.
    pub id: String,
    /// Sender.
    pub from: String,
    /// Recipients.
    pub to: Vec<String>,
    /// CC recipients.
    pub cc: Vec<String>,
    /// BCC recipients.
    pub bcc: Vec<String>,
    /// Subject.
    pub subject: String,
    /// Body.
    pub body: String,
    /// Day sent.
    pub date: Date,
    /// Labels (`inbox`, `sent`, `important`).
    pub labels: Vec<String>,
    /// Whether it was read.
    pub read: bool,
    /// Attached file IDs.
    pub attachments: Vec<String>,
}

/// A task.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// `task_1`.
    pub id: String,
    /// Title.
    pub title: String,
    /// Description.
    pub description: Option<String>,
    /// `todo`, `in_progress`, `blocked`, `done` or `cancelled` (the type of
    /// `tasks.search --status` and `tasks.update --status`).
    pub status: crate::skills::tasks::search::Status,
    /// `critical`, `high`, `medium` or `low` (the type of every tasks
    /// skill's `--priority`).
    pub priority: crate::skills::tasks::create::Priority,
    /// Due date.
    pub due: Option<Date>,
    /// Assignee.
    pub assignee: String,
    /// Tags.
    pub tags: Vec<String>,
    /// Creation order (a logical clock).
    pub created: u64,
    /// Last update (a logical clock).
    pub updated: u64,
    /// Archived by `tasks.delete`.
    pub archived: bool,
}

/// A calendar event.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// `event_1`.
    pub id: String,
    /// Title.
    pub title: String,
    /// Day.
    pub date: Date,
    /// Start as (hour, minute); `None` for all day.
    pub time: Option<(u8, u8)>,
    /// Minutes.
    pub duration: i64,
    /// Attendees.
    pub attendees: Vec<String>,
    /// Location.
    pub location: Option<String>,
    /// Cancelled by `calendar.update --cancel`.
    pub cancelled: bool,
}

/// A saved memory.
#[derive(Clone, Debug, PartialEq)]
pub struct Memory {
    /// `mem_1`.
    pub id: String,
    /// What to remember.
    pub content: String,
    /// `preference`, `fact`, `decision` or `note`.
    pub category: &'static str,
    /// Tags.
    pub tags: Vec<String>,
    /// Creation order.
    pub created: u64,
}

/// Everything the reference handlers act on.
#[derive(Clone, Debug)]
pub struct App {
    /// Today's date (the scheduler and `--overdue` read it).
    pub today: Date,
    /// The user's own address.
    pub me: String,
    /// Sent and received emails.
    pub mailbox: Vec<Email>,
    /// Tasks.
    pub tasks: Vec<Task>,
    /// Calendar events.
    pub events: Vec<Event>,
    /// Memories.
    pub memories: Vec<Memory>,
    /// Where `workflow.build` writes new workflows (`None`: it refuses).
    pub skills_root: Option<PathBuf>,
    /// Dev mode: the live registry (conflicts are checked in every root,
    /// and a new workflow is routable as soon as it is written).
    #[cfg(feature = "dev")]
    pub registry: Option<skills_runtime::registry::Registry>,
    clock: u64,
    counters: [u64; 4],
}

impl App {
    /// An empty application for day `today`.
    pub fn new(today: Date) -> Self {
        App {
            today,
            me: "me@example.com".to_string(),
            mailbox: Vec::new(),
            tasks: Vec::new(),
            events: Vec::new(),
            memories: Vec::new(),
            skills_root: None,
            #[cfg(feature = "dev")]
            registry: None,
            clock: 0,
            counters: [0; 4],
        }
    }

    /// Today's date from the system clock (UTC).
    pub fn today_utc() -> Date {
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Date::from_days_since_epoch((secs / 86_400) as i64).unwrap_or(Date::MIN)
    }

    /// Ticks the logical clock.
    pub fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// The next ID with `prefix` (`msg`, `task`, `event`, `mem`).
    pub fn next_id(&mut self, prefix: &str) -> String {
        let slot = match prefix {
            "msg" => 0,
            "task" => 1,
            "event" => 2,
            _ => 3,
        };
        self.counters[slot] += 1;
        format!("{prefix}_{}", self.counters[slot])
    }

    /// An application with a small mailbox, task list and calendar, so the
    /// examples in the bundled skills have something to act on.
    pub fn demo(today: Date) -> Self {
        let mut app = App::new(today);
        let day = |n: i64| today.add_days(n).unwrap_or(today);
        let mails = [
            ("alice@co.com", "Q1 report draft", "Here is the Q1 report draft for review.", -3, &["inbox"][..]),
            (
                "bob@co.com",
                "Budget approval",
                "The Q1 budget is approved. Please confirm the numbers.",
                -1,
                &["inbox", "important"][..],
            ),
            ("carol@co.com", "Lunch?", "Lunch on Thursday?", 0, &["inbox"][..]),
        ];
        for (from, subject, body, d, labels) in mails {
            let id = app.next_id("msg");
            app.mailbox.push(Email {
                id,
                from: from.to_string(),
                to: vec![app.me.clone()],
                cc: Vec::new(),
                bcc: Vec::new(),
                subject: subject.to_string(),
                body: body.to_string(),
                date: day(d),
                labels: labels.iter().map(|l| l.to_string()).collect(),
                read: false,
                attachments: Vec::new(),
            });
        }
        /// Title, status, priority, due in days from today, assignee, tags.
        use crate::skills::tasks::{create::Priority, search::Status};
        type DemoTask = (&'static str, Status, Priority, Option<i64>, &'static str, &'static [&'static str]);
        let tasks: [DemoTask; 4] = [
            ("Review PR 42", Status::InProgress, Priority::High, Some(2), "me", &["backend"]),
            ("Write Q1 report", Status::Todo, Priority::Critical, Some(-1), "alice", &["Q1", "reports"]),
            ("Fix login bug", Status::Blocked, Priority::High, Some(5), "me", &["Q1", "backend"]),
            ("Plan offsite", Status::Todo, Priority::Low, None, "bob", &[]),
        ];
        for (title, status, priority, due, assignee, tags) in tasks {
            let id = app.next_id("task");
            let now = app.tick();
            app.tasks.push(Task {
                id,
                title: title.to_string(),
                description: None,
                status,
                priority,
                due: due.map(day),
                assignee: assignee.to_string(),
                tags: tags.iter().map(|t| t.to_string()).collect(),
                created: now,
                updated: now,
                archived: false,
            });
        }
        for (title, d, time) in [("Team standup", 0, Some((9, 30))), ("1:1 with Bob", 1, Some((10, 0)))] {
            let id = app.next_id("event");
            app.events.push(Event {
                id,
                title: title.to_string(),
                date: day(d),
                time,
                duration: 30,
                attendees: Vec::new(),
                location: None,
                cancelled: false,
            });
        }
        app
    }
}
