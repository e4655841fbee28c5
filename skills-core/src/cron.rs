//! The one reading of a `schedule:` value, shared by the checker (build
//! time, reload) and the scheduler (run time): five-field POSIX cron
//! (minute, hour, day of month, month, day of week) or an `@` nickname
//! (`@daily`, `@weekly`, ...), parsed by `croner`.

pub use croner::Cron;

/// Parses a schedule.
///
/// ```
/// use skills_core::cron::parse;
/// assert!(parse("0 8 * * 1-5").is_ok());
/// assert!(parse("@daily").is_ok());
/// assert_eq!(parse("0 8 * *").unwrap_err(), "it has 4 fields, not 5");
/// assert!(parse("0 0 8 * * *").is_err(), "no seconds field");
/// ```
pub fn parse(s: &str) -> Result<Cron, alloc::string::String> {
    use croner::parser::{CronParser, Seconds, Year};
    let fields = s.split_whitespace().count();
    if !s.trim_start().starts_with('@') && fields != 5 {
        return Err(alloc::format!("it has {fields} fields, not 5"));
    }
    CronParser::builder()
        .seconds(Seconds::Disallowed)
        .year(Year::Disallowed)
        .build()
        .parse(s)
        .map_err(|e| alloc::string::ToString::to_string(&e))
}

/// The cron expression for a schedule written in words, in the common
/// forms authors and models write instead of cron: `every 5 minutes`,
/// `hourly`, `every 2 hours`, `daily at 8:30`, `every weekday at 9am`,
/// `mondays at noon`, `weekends at 10`, `weekly`, `monthly`, `yearly`.
/// `None` for anything else: it is a hint, never a guess.
///
/// ```
/// use skills_core::cron::from_words;
/// assert_eq!(from_words("every 5 minutes").as_deref(), Some("*/5 * * * *"));
/// assert_eq!(from_words("Every weekday at 8:30am").as_deref(), Some("30 8 * * 1-5"));
/// assert_eq!(from_words("at 6pm on Fridays").as_deref(), Some("0 18 * * 5"));
/// assert_eq!(from_words("when the moon is full"), None);
/// ```
pub fn from_words(s: &str) -> Option<alloc::string::String> {
    use alloc::format;
    let lower = s.to_ascii_lowercase();
    let words: alloc::vec::Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty() && !matches!(*w, "at" | "on" | "every" | "each" | "in" | "the"))
        .collect();
    let count = |n: &str, max: u32| n.parse::<u32>().ok().filter(|n| (1..=max).contains(n));
    Some(match words.as_slice() {
        ["minute"] => "* * * * *".into(),
        [n, "minutes" | "minute" | "mins" | "min"] => format!("*/{} * * * *", count(n, 59)?),
        ["hour" | "hourly"] => "0 * * * *".into(),
        [n, "hours" | "hour" | "hrs"] => format!("0 */{} * * *", count(n, 23)?),
        ["month" | "monthly"] => "0 0 1 * *".into(),
        ["year" | "yearly" | "annually"] => "0 0 1 1 *".into(),
        // Days and a time, in either order.
        rest => {
            let (mut days, mut time, mut i) = (None, None, 0);
            while i < rest.len() {
                if let Some(d) = days_of_week(rest[i]) {
                    if days.replace(d).is_some() {
                        return None;
                    }
                    i += 1;
                } else {
                    let (t, used) = time_of_day(rest[i], rest.get(i + 1).copied())?;
                    if time.replace(t).is_some() {
                        return None;
                    }
                    i += used;
                }
            }
            if days.is_none() && time.is_none() {
                return None;
            }
            let (hour, minute) = time.unwrap_or((0, 0));
            format!("{minute} {hour} * * {}", days.unwrap_or("*"))
        }
    })
}

/// `day`, `daily`, `weekdays`, `weekend`, `weekly`, `monday`, `Mondays`,
/// `mon`: the cron day-of-week field.
fn days_of_week(w: &str) -> Option<&'static str> {
    const NAMES: [&str; 7] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
    const FIELDS: [&str; 7] = ["0", "1", "2", "3", "4", "5", "6"];
    let w = w.strip_suffix('s').filter(|w| w.len() >= 3).unwrap_or(w);
    match w {
        "day" | "daily" => Some("*"),
        "weekday" => Some("1-5"),
        "weekend" => Some("0,6"),
        "week" | "weekly" => Some("0"),
        _ => NAMES.iter().position(|n| *n == w || (w.len() == 3 && n.starts_with(w))).map(|i| FIELDS[i]),
    }
}

/// `9`, `9am`, `9 am`, `08:30`, `6:15pm`, `noon`, `midnight`: hour and
/// minute, and how many words it took.
fn time_of_day(w: &str, next: Option<&str>) -> Option<((u32, u32), usize)> {
    match w {
        "noon" | "midday" => return Some(((12, 0), 1)),
        "midnight" => return Some(((0, 0), 1)),
        _ => {}
    }
    let (clock, suffix, used) = match (w.strip_suffix("am").or_else(|| w.strip_suffix("pm")), next) {
        (Some(clock), _) => (clock, &w[clock.len()..], 1),
        (None, Some(n @ ("am" | "pm"))) => (w, n, 2),
        _ => (w, "", 1),
    };
    let (hour, minute) = clock.split_once(':').unwrap_or((clock, "0"));
    let digits = |p: &str| !p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit());
    if !digits(hour) || !digits(minute) {
        return None;
    }
    let (mut hour, minute): (u32, u32) = (hour.parse().ok()?, minute.parse().ok()?);
    match suffix {
        "" if hour > 23 => return None,
        "am" | "pm" if !(1..=12).contains(&hour) => return None,
        "am" if hour == 12 => hour = 0,
        "pm" if hour != 12 => hour += 12,
        _ => {}
    }
    (minute <= 59).then_some(((hour, minute), used))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules_in_words_become_cron_that_parses() {
        for (words, cron) in [
            ("every minute", "* * * * *"),
            ("every 15 minutes", "*/15 * * * *"),
            ("hourly", "0 * * * *"),
            ("every 2 hours", "0 */2 * * *"),
            ("daily", "0 0 * * *"),
            ("every day at 8", "0 8 * * *"),
            ("daily at 08:30", "30 8 * * *"),
            ("at 9am every day", "0 9 * * *"),
            ("weekdays at 9 am", "0 9 * * 1-5"),
            ("every weekend at noon", "0 12 * * 0,6"),
            ("Mondays at 12am", "0 0 * * 1"),
            ("every sat at 11:45pm", "45 23 * * 6"),
            ("weekly", "0 0 * * 0"),
            ("monthly", "0 0 1 * *"),
            ("annually", "0 0 1 1 *"),
            ("at midnight", "0 0 * * *"),
        ] {
            assert_eq!(from_words(words).as_deref(), Some(cron), "{words}");
            assert!(parse(cron).is_ok(), "{cron}");
        }
        for words in
            ["every 90 minutes", "at 25", "at 13pm", "monday tuesday", "daily at 8 at 9", "soon", "", "0 8 * *", "9:60"]
        {
            assert_eq!(from_words(words), None, "{words}");
        }
    }
}
