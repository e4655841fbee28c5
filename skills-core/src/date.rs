//! The calendar date type of date flags (`YYYY-MM-DD`).

use core::fmt;
use core::str::FromStr;

/// A validated proleptic Gregorian calendar date, written `YYYY-MM-DD`.
///
/// Small and dependency-free so that it works without `std`; enable the
/// `chrono` or `time` feature for conversions.
///
/// ```
/// use skills_core::Date;
/// let d: Date = "2026-02-28".parse().unwrap();
/// assert_eq!(d.to_string(), "2026-02-28");
/// assert!("2026-02-30".parse::<Date>().is_err());
/// assert!("2028-02-29".parse::<Date>().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Why a string is not a `YYYY-MM-DD` date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateError {
    /// Not of the form `YYYY-MM-DD` with four, two and two digits.
    Format,
    /// Month outside 1..=12.
    Month,
    /// Day outside the month (`2026-02-30`).
    Day,
}

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DateError::Format => "expected a date written YYYY-MM-DD",
            DateError::Month => "the month must be 01 to 12",
            DateError::Day => "that day does not exist in that month",
        })
    }
}

impl Date {
    /// 0000-01-01.
    pub const MIN: Date = Date { year: 0, month: 1, day: 1 };

    /// The date, if it exists.
    pub const fn new(year: u16, month: u8, day: u8) -> Result<Date, DateError> {
        if month == 0 || month > 12 {
            return Err(DateError::Month);
        }
        // Every month has 28 days: the calendar is consulted only past them.
        if day == 0 || (day > 28 && day > days_in_month(year, month)) {
            return Err(DateError::Day);
        }
        Ok(Date { year, month, day })
    }

    /// Parses exactly `YYYY-MM-DD`.
    pub const fn parse(s: &str) -> Result<Date, DateError> {
        // The first eight bytes as one word: both dashes, then all eight
        // bytes as digits once the dashes are replaced by `0`, are checked
        // with a few word operations instead of a loop over the bytes.
        const DASH_BYTES: u64 = 0xff00_00ff_0000_0000; // bytes 4 and 7
        const DASHES: u64 = 0x2d00_002d_0000_0000;
        const HIGH: u64 = 0xf0f0_f0f0_f0f0_f0f0;
        const ZEROS: u64 = 0x3030_3030_3030_3030;
        let b = s.as_bytes();
        let Some((head, &[t0, t1])) = b.split_first_chunk::<8>() else {
            return Err(DateError::Format);
        };
        let w = u64::from_le_bytes(*head);
        if w & DASH_BYTES != DASHES {
            return Err(DateError::Format);
        }
        let x = (w & !DASH_BYTES) | (ZEROS & DASH_BYTES);
        // A byte is a digit when its high nibble is 3 and adding 6 keeps it
        // 3 (no carry leaves a byte whose high nibble is 3).
        if x & HIGH != ZEROS || x.wrapping_add(0x0606_0606_0606_0606) & HIGH != ZEROS {
            return Err(DateError::Format);
        }
        if !t0.is_ascii_digit() || !t1.is_ascii_digit() {
            return Err(DateError::Format);
        }
        let d = x - ZEROS;
        const fn at(d: u64, i: u32) -> u16 {
            ((d >> (8 * i)) & 0xff) as u16
        }
        let year = at(d, 0) * 1000 + at(d, 1) * 100 + at(d, 2) * 10 + at(d, 3);
        let month = (at(d, 5) * 10 + at(d, 6)) as u8;
        let day = (t0 - b'0') * 10 + (t1 - b'0');
        Date::new(year, month, day)
    }

    /// Year (0 to 9999).
    pub const fn year(self) -> u16 {
        self.year
    }
    /// Month (1 to 12).
    pub const fn month(self) -> u8 {
        self.month
    }
    /// Day of the month (1 to 31).
    pub const fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before).
    pub const fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = self.year as i64 - if self.month <= 2 { 1 } else { 0 };
        let era = if y >= 0 { y } else { y - 399 } / 400;
        let yoe = y - era * 400;
        let m = self.month as i64;
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + self.day as i64 - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01 (before, when negative); `None`
    /// outside years 0 to 9999.
    pub const fn from_days_since_epoch(days: i64) -> Option<Date> {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468;
        let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + if month <= 2 { 1 } else { 0 };
        if year < 0 || year > 9999 {
            return None;
        }
        match Date::new(year as u16, month as u8, day as u8) {
            Ok(d) => Some(d),
            Err(_) => None,
        }
    }

    /// The date `n` days later (earlier when negative).
    pub const fn add_days(self, n: i64) -> Option<Date> {
        Date::from_days_since_epoch(self.days_since_epoch() + n)
    }

    /// Day of the week, 0 = Monday to 6 = Sunday.
    pub const fn weekday(self) -> u8 {
        // 1970-01-01 was a Thursday (3).
        (self.days_since_epoch() + 3).rem_euclid(7) as u8
    }
}

const fn is_leap(year: u16) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

const fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DateError {}

impl FromStr for Date {
    type Err = DateError;
    fn from_str(s: &str) -> Result<Date, DateError> {
        Date::parse(s)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A date serializes as its `YYYY-MM-DD` text.
#[cfg(feature = "serde")]
impl serde::Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "chrono")]
mod chrono_conv {
    use super::Date;
    use chrono::Datelike;

    impl From<Date> for chrono::NaiveDate {
        fn from(d: Date) -> Self {
            // Every `Date` is a valid calendar date within chrono's range.
            chrono::NaiveDate::from_ymd_opt(d.year as i32, d.month as u32, d.day as u32)
                .unwrap_or(chrono::NaiveDate::MIN)
        }
    }

    impl TryFrom<chrono::NaiveDate> for Date {
        type Error = super::DateError;
        fn try_from(d: chrono::NaiveDate) -> Result<Self, Self::Error> {
            let year = u16::try_from(d.year()).map_err(|_| super::DateError::Format)?;
            if year > 9999 {
                return Err(super::DateError::Format);
            }
            Date::new(year, d.month() as u8, d.day() as u8)
        }
    }
}

#[cfg(feature = "time")]
mod time_conv {
    use super::Date;

    impl TryFrom<Date> for time::Date {
        type Error = time::error::ComponentRange;
        fn try_from(d: Date) -> Result<Self, Self::Error> {
            let month = time::Month::try_from(d.month)?;
            time::Date::from_calendar_date(d.year as i32, month, d.day)
        }
    }

    impl TryFrom<time::Date> for Date {
        type Error = super::DateError;
        fn try_from(d: time::Date) -> Result<Self, Self::Error> {
            let year = u16::try_from(d.year()).map_err(|_| super::DateError::Format)?;
            if year > 9999 {
                return Err(super::DateError::Format);
            }
            Date::new(year, u8::from(d.month()), d.day())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::v1::*;

    #[test]
    fn validates_calendar() {
        assert_eq!(Date::parse("2026-02-30"), Err(DateError::Day));
        assert_eq!(Date::parse("2026-13-01"), Err(DateError::Month));
        assert_eq!(Date::parse("2026-2-01"), Err(DateError::Format));
        assert_eq!(Date::parse("２０２６-01-01"), Err(DateError::Format));
        assert!(Date::parse("2000-02-29").is_ok());
        assert_eq!(Date::parse("1900-02-29"), Err(DateError::Day));
        assert_eq!(Date::parse("2026-04-31"), Err(DateError::Day));
    }

    /// The byte-by-byte definition the word-at-a-time parse replaced.
    fn reference(s: &str) -> Result<Date, DateError> {
        let b = s.as_bytes();
        if b.len() != 10 {
            return Err(DateError::Format);
        }
        for (i, &c) in b.iter().enumerate() {
            let ok = if i == 4 || i == 7 { c == b'-' } else { c.is_ascii_digit() };
            if !ok {
                return Err(DateError::Format);
            }
        }
        let n = |r: core::ops::Range<usize>| s[r].parse::<u16>().unwrap();
        Date::new(n(0..4), n(5..7) as u8, n(8..10) as u8)
    }

    #[test]
    fn parse_matches_the_bytewise_definition() {
        // Every byte value at every position of a valid date, and every
        // day of every month over four centuries (leap rules included).
        let base = *b"2024-02-29";
        for i in 0..12 {
            for c in 0..=255u8 {
                let mut b = base.to_vec();
                if i < 10 {
                    b[i] = c;
                } else if i == 10 {
                    b.push(c);
                } else {
                    b.truncate(9);
                }
                let Ok(s) = core::str::from_utf8(&b) else { continue };
                assert_eq!(Date::parse(s), reference(s), "{s:?}");
            }
        }
        for year in 1800..2201 {
            for month in 0..=13 {
                for day in 0..=32 {
                    let s = format!("{year:04}-{month:02}-{day:02}");
                    assert_eq!(Date::parse(&s), reference(&s), "{s}");
                }
            }
        }
        for s in ["0000-01-01", "9999-12-31", "2024-0a-01", "2024-01-0:", "2024/01/01", "2024-01-01 ", ""] {
            assert_eq!(Date::parse(s), reference(s), "{s:?}");
        }
    }

    #[test]
    fn days_round_trip() {
        for days in [-719_468, -1, 0, 1, 59, 365, 11_016, 20_506, 2_932_896] {
            let d = Date::from_days_since_epoch(days).unwrap();
            assert_eq!(d.days_since_epoch(), days, "{d}");
        }
        assert_eq!(Date::parse("2026-02-28").unwrap().add_days(1).unwrap().to_string(), "2026-03-01");
        assert_eq!(Date::parse("2028-02-28").unwrap().add_days(1).unwrap().to_string(), "2028-02-29");
    }

    #[cfg(feature = "chrono")]
    #[test]
    fn chrono_round_trip() {
        let d = Date::parse("2028-02-29").unwrap();
        let c: chrono::NaiveDate = d.into();
        assert_eq!(c.to_string(), "2028-02-29");
        assert_eq!(Date::try_from(c), Ok(d));
    }

    #[cfg(feature = "time")]
    #[test]
    fn time_round_trip() {
        let d = Date::parse("2026-12-31").unwrap();
        let t = time::Date::try_from(d).unwrap();
        assert_eq!((t.year(), u8::from(t.month()), t.day()), (2026, 12, 31));
        assert_eq!(Date::try_from(t), Ok(d));
    }

    #[test]
    fn weekday_and_epoch() {
        assert_eq!(Date::parse("1970-01-01").unwrap().days_since_epoch(), 0);
        assert_eq!(Date::parse("2026-11-22").unwrap().weekday(), 6); // a Sunday
        assert_eq!(Date::parse("2026-02-17").unwrap().weekday(), 1); // a Tuesday
        assert!(Date::parse("2026-01-01").unwrap() < Date::parse("2026-01-02").unwrap());
    }
}
