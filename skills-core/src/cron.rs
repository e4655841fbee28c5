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
