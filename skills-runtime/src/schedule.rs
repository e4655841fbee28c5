//! Scheduled skills: the next fire times of every skill with `schedule:`.
//!
//! ```
//! # skills_runtime::__doc_table!(TABLE);
//! use skills_runtime::schedule::Scheduler;
//! use jiff::tz::TimeZone;
//!
//! // `daily_digest` runs at 08:00 on weekdays ("0 8 * * 1-5").
//! let jobs = [("workflows.daily_digest", "0 8 * * 1-5")];
//! let (scheduler, errors) = Scheduler::from_schedules(jobs, TimeZone::UTC);
//! assert!(errors.is_empty());
//! // Friday 2026-01-30 09:00 UTC: the next run is Monday 08:00.
//! let after: jiff::Timestamp = "2026-01-30T09:00:00Z".parse().unwrap();
//! let next = scheduler.next_after(after);
//! assert_eq!(next[0].at.to_string(), "2026-02-02T08:00:00+00:00[UTC]");
//! ```
//!
//! # Time zones
//!
//! Cron fields are wall-clock time in the scheduler's zone: the zone the
//! application passes ([`Scheduler::new`]); [`system_zone`] is the usual
//! choice (the `TZ` environment variable, else the operating system's
//! setting, else UTC). Fire times are exact instants ([`Fire::at`] carries
//! its zone). Across daylight-saving changes the rules are croner's (Vixie
//! cron's): a fixed time that falls in a spring-forward gap runs at the first
//! valid time after the gap that day; in a fall-back overlap it runs once,
//! at the first occurrence; wildcard and step fields skip the gap and run for
//! each matching time in the overlap.

pub use jiff;

use crate::catalog::{Catalog, skills};
use jiff::tz::TimeZone;
use jiff::{Timestamp, Zoned};
use skills_core::cron::Cron;
use std::string::String;
use std::vec::Vec;

/// One scheduled skill.
#[derive(Clone, Debug)]
pub struct Job {
    /// The skill to run.
    pub skill: String,
    /// Its `schedule:` as written.
    pub expression: String,
    cron: Cron,
}

/// A run that is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fire {
    /// The skill.
    pub skill: String,
    /// When, in the scheduler's zone.
    pub at: Zoned,
}

/// A `schedule:` that does not parse (the checker rejects these at build
/// time; dev mode can load one from disk).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduleError {
    /// The skill.
    pub skill: String,
    /// The expression.
    pub expression: String,
    /// Why.
    pub message: String,
}

/// The time zone of the system: `TZ`, else the OS setting, else UTC.
pub fn system_zone() -> TimeZone {
    TimeZone::try_system().unwrap_or(TimeZone::UTC)
}

/// Every scheduled skill of a catalog and when each runs next.
#[derive(Clone, Debug)]
pub struct Scheduler {
    zone: TimeZone,
    jobs: Vec<Job>,
}

impl Scheduler {
    /// The scheduled skills of `catalog`, read in `zone`.
    pub fn new(catalog: &dyn Catalog, zone: TimeZone) -> (Scheduler, Vec<ScheduleError>) {
        let list: Vec<(String, String)> =
            skills(catalog).filter_map(|s| s.schedule.map(|c| (s.name.to_string(), c.to_string()))).collect();
        Scheduler::from_schedules(list.iter().map(|(a, b)| (a.as_str(), b.as_str())), zone)
    }

    /// Jobs from `(skill, expression)` pairs.
    pub fn from_schedules<'a>(
        schedules: impl IntoIterator<Item = (&'a str, &'a str)>,
        zone: TimeZone,
    ) -> (Scheduler, Vec<ScheduleError>) {
        let mut jobs = Vec::new();
        let mut errors = Vec::new();
        for (skill, expression) in schedules {
            match skills_core::cron::parse(expression) {
                Ok(cron) => jobs.push(Job { skill: skill.to_string(), expression: expression.to_string(), cron }),
                Err(message) => {
                    errors.push(ScheduleError { skill: skill.to_string(), expression: expression.to_string(), message })
                }
            }
        }
        (Scheduler { zone, jobs }, errors)
    }

    /// The scheduled skills.
    pub fn jobs(&self) -> &[Job] {
        &self.jobs
    }

    /// The zone cron fields are read in.
    pub fn zone(&self) -> &TimeZone {
        &self.zone
    }

    /// The next run of every scheduled skill strictly after `after`, sorted
    /// by time (then skill).
    pub fn next_after(&self, after: Timestamp) -> Vec<Fire> {
        let start = after.to_zoned(self.zone.clone());
        let mut fires: Vec<Fire> = self
            .jobs
            .iter()
            .filter_map(|j| {
                j.cron.find_next_occurrence(&start, false).ok().map(|at| Fire { skill: j.skill.clone(), at })
            })
            .collect();
        sort(&mut fires);
        fires
    }

    /// Every run in `(after, until]`, sorted by time (then skill); at most
    /// `limit` (a guard against `* * * * *` over a long span).
    pub fn fires_between(&self, after: Timestamp, until: Timestamp, limit: usize) -> Vec<Fire> {
        let start = after.to_zoned(self.zone.clone());
        let mut fires = Vec::new();
        for j in &self.jobs {
            for at in j.cron.iter_after(start.clone()) {
                if at.timestamp() > until || fires.len() >= limit {
                    break;
                }
                fires.push(Fire { skill: j.skill.clone(), at });
            }
        }
        sort(&mut fires);
        fires.truncate(limit);
        fires
    }
}

fn sort(fires: &mut [Fire]) {
    fires.sort_by(|a, b| a.at.timestamp().cmp(&b.at.timestamp()).then_with(|| a.skill.cmp(&b.skill)));
}
