//! Scheduled skills: next fire times, in a time zone, across week and month
//! boundaries, and the catalog's schedules as compiled.

use skills_fixture::skills;
use skills_runtime::schedule::jiff::tz::TimeZone;
use skills_runtime::schedule::jiff::{Timestamp, Zoned};
use skills_runtime::schedule::{Scheduler, system_zone};

fn at(s: &str) -> Timestamp {
    s.parse().unwrap()
}

fn weekday_8am() -> Scheduler {
    let (s, errors) = Scheduler::from_schedules([("workflows.daily_digest", "0 8 * * 1-5")], TimeZone::UTC);
    assert!(errors.is_empty());
    s
}

fn next(s: &Scheduler, after: &str) -> String {
    s.next_after(at(after))[0].at.to_string()
}

#[test]
fn weekday_mornings_skip_the_weekend() {
    let s = weekday_8am();
    // Monday 2026-02-16, before and after 08:00.
    assert_eq!(next(&s, "2026-02-16T07:59:59Z"), "2026-02-16T08:00:00+00:00[UTC]");
    assert_eq!(next(&s, "2026-02-16T08:00:00Z"), "2026-02-17T08:00:00+00:00[UTC]", "strictly after");
    // Friday 09:00 -> Monday 08:00, across the week boundary.
    assert_eq!(next(&s, "2026-02-20T09:00:00Z"), "2026-02-23T08:00:00+00:00[UTC]");
    // Saturday -> Monday.
    assert_eq!(next(&s, "2026-02-21T12:00:00Z"), "2026-02-23T08:00:00+00:00[UTC]");
}

#[test]
fn across_a_month_and_a_year_boundary() {
    let s = weekday_8am();
    // Friday 2026-01-30 after 08:00 -> Monday 2026-02-02.
    assert_eq!(next(&s, "2026-01-30T08:30:00Z"), "2026-02-02T08:00:00+00:00[UTC]");
    // Thursday 2026-12-31 after 08:00 -> Friday 2027-01-01.
    assert_eq!(next(&s, "2026-12-31T10:00:00Z"), "2027-01-01T08:00:00+00:00[UTC]");
    // A week of runs from Friday 2026-02-27 (February ends on a Saturday).
    let fires = s.fires_between(at("2026-02-27T00:00:00Z"), at("2026-03-06T23:59:59Z"), 100);
    let days: Vec<String> = fires.iter().map(|f| f.at.date().to_string()).collect();
    assert_eq!(days, ["2026-02-27", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"]);
}

#[test]
fn cron_fields_are_wall_clock_time_in_the_schedulers_zone() {
    let berlin = TimeZone::get("Europe/Berlin").unwrap();
    let (s, _) = Scheduler::from_schedules([("workflows.daily_digest", "0 8 * * 1-5")], berlin);
    // Winter (UTC+1): 08:00 in Berlin is 07:00 UTC.
    let winter = s.next_after(at("2026-02-16T00:00:00Z"));
    assert_eq!(winter[0].at.to_string(), "2026-02-16T08:00:00+01:00[Europe/Berlin]");
    assert_eq!(winter[0].at.timestamp(), at("2026-02-16T07:00:00Z"));
    // Summer (UTC+2), after the change on 2026-03-29.
    let summer = s.next_after(at("2026-03-30T00:00:00Z"));
    assert_eq!(summer[0].at.timestamp(), at("2026-03-30T06:00:00Z"));
    // A fixed time inside the spring-forward gap (02:30 does not exist on
    // 2026-03-29 in Berlin) runs once, right after the gap.
    let (gap, _) = Scheduler::from_schedules([("x.y", "30 2 * * *")], TimeZone::get("Europe/Berlin").unwrap());
    let fires = gap.fires_between(at("2026-03-28T12:00:00Z"), at("2026-03-30T12:00:00Z"), 10);
    let times: Vec<String> = fires.iter().map(|f: &skills_runtime::schedule::Fire| f.at.to_string()).collect();
    assert_eq!(times, ["2026-03-29T03:00:00+02:00[Europe/Berlin]", "2026-03-30T02:30:00+02:00[Europe/Berlin]"]);
}

#[test]
fn the_compiled_catalog_schedules_what_its_markdown_says() {
    let (s, errors) = Scheduler::new(&skills::CATALOG, TimeZone::UTC);
    assert!(errors.is_empty());
    let jobs: Vec<(&str, &str)> = s.jobs().iter().map(|j| (j.skill.as_str(), j.expression.as_str())).collect();
    assert_eq!(jobs, [("plans.standup", "0 8 * * 1-5")]);
    let fires = s.next_after(at("2026-02-20T09:00:00Z"));
    assert_eq!(fires[0].skill, "plans.standup");
    assert_eq!(fires[0].at.to_string(), "2026-02-23T08:00:00+00:00[UTC]");
    let _: Zoned = fires[0].at.clone();
    let _ = system_zone();
}

#[test]
fn bad_expressions_are_reported_not_scheduled() {
    let (s, errors) = Scheduler::from_schedules([("a.b", "every monday"), ("c.d", "@daily")], TimeZone::UTC);
    assert_eq!(s.jobs().len(), 1);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].skill, "a.b");
    assert_eq!(errors[0].message, "it has 2 fields, not 5");
}
