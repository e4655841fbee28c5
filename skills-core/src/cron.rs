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
    let nickname = s.trim_start().starts_with('@');
    if nickname && s.trim().eq_ignore_ascii_case("@reboot") {
        return Err("`@reboot` means at start-up, not a time, and a schedule here fires at times".into());
    }
    if !nickname && fields != 5 {
        return Err(alloc::format!("it has {fields} fields, not 5"));
    }
    if !nickname && let Some(e) = out_of_range(s) {
        return Err(e);
    }
    let cron = CronParser::builder()
        .seconds(Seconds::Disallowed)
        .year(Year::Disallowed)
        .build()
        .parse(s)
        .map_err(|e| alloc::string::ToString::to_string(&e))?;
    match if nickname { None } else { never_fires(s) } {
        Some(e) => Err(e),
        None => Ok(cron),
    }
}

/// The five fields: name, plural, lowest and highest value.
const FIELDS: [(&str, &str, u32, u32); 5] = [
    ("minute", "minutes", 0, 59),
    ("hour", "hours", 0, 23),
    ("day of the month", "days of the month", 1, 31),
    ("month", "months", 1, 12),
    ("day of the week", "days of the week", 0, 7),
];

/// A number of a field outside its range, said so (croner says only
/// "Number out of bounds"): `0 25 * * *` has the hour 25.
fn out_of_range(s: &str) -> Option<alloc::string::String> {
    for (field, &(name, plural, lo, hi)) in s.split_whitespace().zip(FIELDS.iter()) {
        for item in field.split(',') {
            let (range, step) = item.split_once('/').unwrap_or((item, ""));
            for n in range.split('-').filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
                let shown = match n.parse::<u32>() {
                    Ok(v) if (lo..=hi).contains(&v) => continue,
                    Ok(v) => alloc::format!("{v}"),
                    Err(_) => alloc::format!("{n}, too large"),
                };
                let sunday = if lo == 0 && hi == 7 { " (0 and 7 are Sunday)" } else { "" };
                return Some(alloc::format!("its {name} is {shown}, but {plural} go from {lo} to {hi}{sunday}"));
            }
            if step == "0" {
                return Some(alloc::format!("`{item}` steps by 0 {plural}: a step is 1 or more"));
            }
        }
    }
    None
}

/// Why a schedule that parses never fires, when it names days of the
/// month that none of its months has (`0 9 30 2 *`, February the 30th;
/// `0 0 31 4,6 *`), and does not name days of the week (either kind of day
/// matches when both are named). `None` when it fires, or when its fields
/// use forms this does not read (`L`, `W`, `#`).
fn never_fires(s: &str) -> Option<alloc::string::String> {
    let f: alloc::vec::Vec<&str> = s.split_whitespace().collect();
    let [_, _, dom, month, dow] = f[..] else { return None };
    if !matches!(dow, "*" | "?") {
        return None;
    }
    let [.., (_, _, day_lo, day_hi), (_, _, month_lo, month_hi), _] = FIELDS;
    let days = values(dom, day_lo, day_hi, &[])?;
    const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let months = values(month, month_lo, month_hi, &MONTHS)?;
    // February counts its 29th: a leap year has it.
    const LONGEST: [u32; 12] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let fires = (1..=12).any(|m| months & (1 << m) != 0 && (1..=LONGEST[m as usize - 1]).any(|d| days & (1 << d) != 0));
    if fires || days == 0 || months == 0 {
        return None;
    }
    const NAMES: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let named: alloc::vec::Vec<&str> =
        (1..=12).filter(|m| months & (1 << m) != 0).map(|m| NAMES[m as usize - 1]).collect();
    let first_day = (1..=31).find(|d| days & (1 << d) != 0).unwrap_or(31);
    Some(match named[..] {
        [one] => alloc::format!("it never fires: {one} has no day {first_day}"),
        _ => alloc::format!("it never fires: none of its months ({}) has day {first_day}", named.join(", ")),
    })
}

/// The values a field names, as bits, for the plain forms (`*`, `5`,
/// `1-5`, `*/2`, `1-10/3`, lists of them, the names in `names`); `None`
/// for any other form.
fn values(field: &str, lo: u32, hi: u32, names: &[&str]) -> Option<u64> {
    let number = |t: &str| -> Option<u32> {
        match t.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => names.iter().position(|n| n.eq_ignore_ascii_case(t)).map(|i| i as u32 + lo),
        }
    };
    let mut bits = 0u64;
    for item in field.split(',') {
        let (range, step) = match item.split_once('/') {
            Some((r, st)) => (r, st.parse::<u32>().ok().filter(|&st| st > 0)?),
            None => (item, 1),
        };
        let (a, b) = match range {
            "*" | "?" => (lo, hi),
            _ => match range.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None if item.contains('/') => (number(range)?, hi),
                None => {
                    let n = number(range)?;
                    (n, n)
                }
            },
        };
        if a < lo || b > hi || a > b {
            return None;
        }
        bits |= (a..=b).step_by(step as usize).fold(0, |acc, v| acc | (1u64 << v));
    }
    Some(bits)
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

    /// A schedule that cannot fire, or a number out of its field's range,
    /// is told what is wrong in the field's words; leap days and the plain
    /// forms that fire are left alone.
    #[test]
    fn impossible_schedules_say_why() {
        for (cron, said) in [
            ("0 25 * * *", "its hour is 25, but hours go from 0 to 23"),
            ("60 9 * * *", "its minute is 60, but minutes go from 0 to 59"),
            ("0 9 0 * *", "its day of the month is 0, but days of the month go from 1 to 31"),
            ("0 9 * 13 *", "its month is 13, but months go from 1 to 12"),
            ("0 9 * * 8", "its day of the week is 8, but days of the week go from 0 to 7 (0 and 7 are Sunday)"),
            ("0 9-30 * * *", "its hour is 30, but hours go from 0 to 23"),
            ("*/0 * * * *", "`*/0` steps by 0 minutes: a step is 1 or more"),
            ("0 9 30 2 *", "it never fires: February has no day 30"),
            ("0 0 31 feb *", "it never fires: February has no day 31"),
            ("0 0 31 4,6,9,11 *", "it never fires: none of its months (April, June, September, November) has day 31"),
            ("@reboot", "`@reboot` means at start-up, not a time, and a schedule here fires at times"),
        ] {
            assert_eq!(parse(cron).err().as_deref(), Some(said), "{cron}");
        }
        for cron in [
            "0 0 29 2 *",
            "0 0 30 1-3 *",
            "0 0 31 * *",
            "0 9 30 2 1",
            "0 0 L 2 *",
            "*/15 * * * *",
            "0 9 * * MON-FRI",
            "0 9 1 JAN-DEC/2 *",
        ] {
            assert!(parse(cron).is_ok(), "{cron}: {:?}", parse(cron).err());
        }
    }

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
