//! Values written the way a flag takes them: one value for several,
//! lists without commas, numbers and dates from what a model wrote.

use crate::spec::{StrList, ValueType};
use crate::tokenize::write_double_quoted_inner;
use core::fmt::{self, Write};

/// The fix for a single-valued flag given several values, written with the
/// command's own values: quoting for text (and straight quotes for
/// typographic ones), one value otherwise, and a word on `#`, which models
/// take for a comment.
pub(crate) fn too_many_values_hint(
    flag: &str,
    values: StrList<'_>,
    value_type: ValueType,
    out: &mut dyn Write,
) -> fmt::Result {
    several_values_hint(flag, None, values, value_type, out)
}

/// [`too_many_values_hint`] for the values `head` (when given) then `rest`:
/// `--subject=Quarterly report` gave `Quarterly` after `=`, then `report`.
pub(crate) fn several_values_hint(
    flag: &str,
    head: Option<&str>,
    rest: StrList<'_>,
    value_type: ValueType,
    out: &mut dyn Write,
) -> fmt::Result {
    let values = || head.into_iter().chain(rest.iter());
    let count = usize::from(head.is_some()) + rest.len();
    if values().any(|v| v.starts_with('#')) {
        return out.write_str(
            "`#` does not start a comment inside a command: put a comment on a line of its own, or quote text that holds a `#`",
        );
    }
    // `--limit 5 // newest first`: a comment as other languages write it.
    if values().any(|v| v == "//") {
        return out.write_str(
            "`//` does not start a comment in a command: put a comment on a line of its own, starting with `#`, or quote text that holds `//`",
        );
    }
    let first = values().next().unwrap_or("");
    match value_type {
        ValueType::Boolean => write!(out, "`--{flag}` takes no value: write `--{flag}` alone, or `--{flag} false`"),
        // `--due next friday`: not a date to keep, so no value of it.
        ValueType::Date if first.parse::<crate::Date>().is_err() => {
            write!(out, "`--{flag}` takes one date, written YYYY-MM-DD, such as `--{flag} 2026-03-01`")
        }
        ValueType::Integer if first.parse::<i64>().is_err() => {
            write!(out, "`--{flag}` takes one whole number, such as `--{flag} 20`")
        }
        ValueType::Number if !crate::args::is_number(first) => {
            write!(out, "`--{flag}` takes one number, such as `--{flag} 0.5`")
        }
        ValueType::String => {
            if values().any(|v| curly_at_start(v.as_bytes()) || curly_at_end(v.as_bytes())) {
                out.write_str("typographic quotes (“ ” ‘ ’) are not quotes in a command; use straight double quotes")?;
            } else {
                out.write_str("quote a value that contains spaces")?;
            }
            write!(out, ": --{flag} \"")?;
            // The values as one, without typographic quotes, escaped for
            // double quotes, and cut short: the hint shows the form. (Byte
            // loops rather than `char` ones: this also runs on firmware.)
            let mut room: usize = 48;
            for (i, v) in values().enumerate() {
                let b = v.as_bytes();
                let from = if curly_at_start(b) { 3 } else { 0 };
                let to = if curly_at_end(&b[from..]) { b.len() - 3 } else { b.len() };
                let mut v = v.get(from..to).unwrap_or(v);
                if i > 0 {
                    out.write_char(' ')?;
                }
                let cut = v.len() > room;
                if cut {
                    let mut end = room;
                    while !v.is_char_boundary(end) {
                        end -= 1;
                    }
                    v = &v[..end];
                }
                room = room.saturating_sub(v.len() + 1);
                write_double_quoted_inner(out, v)?;
                if cut || room == 0 && i + 1 < count {
                    out.write_str("...")?;
                    break;
                }
            }
            out.write_str("\"")
        }
        _ => write!(out, "give `--{flag}` one value, such as `--{flag} {first}`"),
    }
}

/// `--to a@b.com, c@d.com` or `--to [a, b]`: the same values, as a list
/// is written.
pub(crate) fn list_punctuation_hint(flag: &str, values: StrList<'_>, json: bool, out: &mut dyn Write) -> fmt::Result {
    if json {
        write!(out, "send several values as an array: \"{flag}\": [")?;
    } else {
        write!(out, "separate values with spaces, without commas or brackets: --{flag}")?;
    }
    // Each value split at its commas (`urgent,q1`), without the brackets
    // and blanks around the parts.
    let mut clean = values.iter().flat_map(|v| v.split(',')).map(|p| {
        let p = p.trim_ascii();
        let b = p.as_bytes();
        let start = usize::from(b.first() == Some(&b'['));
        let end = b.len() - usize::from(b.len() > start && b[b.len() - 1] == b']');
        &p[start..end]
    });
    write_list(out, &mut clean, json)
}

/// Writes the non-empty `values` as a command line lists them (` a "b c"`,
/// quoted where a value has a space or a quote) or as the rest of a JSON
/// array (`"a", "b c"]`). One body behind `dyn`: this also runs on firmware.
pub(crate) fn write_list(out: &mut dyn Write, values: &mut dyn Iterator<Item = &str>, json: bool) -> fmt::Result {
    let mut first = true;
    for v in values.filter(|v| !v.is_empty()) {
        let quote = json || v.bytes().any(|c| matches!(c, b' ' | b'\t' | b'\'' | b'"'));
        out.write_str(match (json, first) {
            (true, true) => "",
            (true, false) => ", ",
            (false, _) => " ",
        })?;
        if quote {
            out.write_char('"')?;
            write_double_quoted_inner(out, v)?;
            out.write_char('"')?;
        } else {
            out.write_str(v)?;
        }
        first = false;
    }
    if json { out.write_char(']') } else { Ok(()) }
}

/// Writes each value after a space.
pub(crate) fn write_words(out: &mut dyn Write, values: StrList<'_>) -> fmt::Result {
    values.iter().try_for_each(|v| write!(out, " {v}"))
}

/// The number `value` clearly means though it is not written as one:
/// with punctuation after it (`0.5,`), digit separators (`1,000`,
/// `1_000.5`), or a decimal comma (`0,5`, `12,75`; a comma followed by
/// three digits is a separator). Kept in a buffer on the stack: this also
/// runs on firmware.
pub(super) struct ClearNumber {
    buf: [u8; 40],
    len: usize,
}

impl ClearNumber {
    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

impl fmt::Display for ClearNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The whole number `value` clearly is, though an integer flag refused it:
/// punctuation after it (`5,`), a zero fraction (`2.0`), digit separators
/// (`1,000`, `1_000`), blanks around it (`" 5"`), an exponent (`1e3`,
/// `2.5E2`), full-width digits (`５`).
pub(crate) fn whole_number(value: &str) -> Option<i64> {
    use crate::args::parse_integer;
    let trimmed = value.trim().trim_end_matches([',', ';', '.']);
    if let Some(n) = parse_integer(trimmed) {
        return Some(n);
    }
    // `５０`: full-width digits, as some keyboards and models write them.
    if !trimmed.is_empty() && trimmed.len() <= 3 * 18 && trimmed.chars().all(|c| ('\u{ff10}'..='\u{ff19}').contains(&c))
    {
        let mut ascii = [0u8; 18];
        for (slot, c) in ascii.iter_mut().zip(trimmed.chars()) {
            *slot = b'0' + (u32::from(c) - 0xff10) as u8;
        }
        return parse_integer(core::str::from_utf8(&ascii[..trimmed.chars().count()]).ok()?);
    }
    if let Some((mantissa, exponent)) = trimmed.split_once(['e', 'E']) {
        return scientific(mantissa, exponent);
    }
    let cleared = clear_number(value);
    let text = cleared.as_ref().map_or(trimmed, ClearNumber::as_str);
    let (int, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.bytes().all(|b| b == b'0') { parse_integer(int) } else { None }
}

/// `mantissa` times ten to `exponent` (`1e3`, `2.5e2`), when it is a whole
/// number that fits.
pub(crate) fn scientific(mantissa: &str, exponent: &str) -> Option<i64> {
    use crate::args::parse_integer;
    let exponent = u32::try_from(parse_integer(exponent)?).ok().filter(|&e| e <= 18)?;
    let (int, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let fraction = fraction.trim_end_matches('0');
    // The fraction's digits move left of the point; the rest must be zeros.
    let shift = u32::try_from(fraction.len()).ok().filter(|&f| f <= exponent)?;
    if !fraction.bytes().all(|b| b.is_ascii_digit()) || int.is_empty() {
        return None;
    }
    let digits = parse_integer(int)?.checked_mul(10i64.pow(shift))?;
    let fraction_value = if fraction.is_empty() { 0 } else { parse_integer(fraction)? };
    let digits = if digits < 0 || int.starts_with('-') {
        digits.checked_sub(fraction_value)?
    } else {
        digits.checked_add(fraction_value)?
    };
    digits.checked_mul(10i64.checked_pow(exponent - shift)?)
}

pub(crate) fn clear_number(value: &str) -> Option<ClearNumber> {
    use crate::args::is_number;
    let v = value.trim_end_matches([',', ';', '.', ':']);
    let b = v.as_bytes();
    let digits = b.strip_prefix(b"-").or_else(|| b.strip_prefix(b"+")).unwrap_or(b);
    let commas = digits.iter().filter(|&&c| c == b',').count();
    let int_part = digits.split(|&c| c == b'.').next().unwrap_or(digits);
    // `1,000`, `12,345,678.9`: groups of three after the first, every comma
    // before the point (`1.000,5` is a decimal comma after separators,
    // which is no guess to make).
    let thousands = commas > 0 && int_part.iter().filter(|&&c| c == b',').count() == commas && {
        let mut groups = int_part.split(|&c| c == b',');
        let first = groups.next().unwrap_or(&[]);
        (1..=3).contains(&first.len()) && groups.all(|g| g.len() == 3)
    };
    let decimal_comma = commas == 1 && !thousands && !digits.contains(&b'.');
    let mut out = ClearNumber { buf: [0; 40], len: 0 };
    for &c in b {
        let c = match c {
            b',' if decimal_comma => b'.',
            b',' if thousands => continue,
            // `1_000`: between digits only (is_number refuses the rest).
            b'_' => continue,
            c => c,
        };
        *out.buf.get_mut(out.len)? = c;
        out.len += 1;
    }
    let text = out.as_str();
    (text != value && is_number(text) && !b.starts_with(b"_") && !b.ends_with(b"_")).then_some(out)
}

/// Whether `a` and `b` are the same words, ignoring case and which of a
/// space, `_` or `-` separates them (`in progress`, `In-Progress` and
/// `in_progress`).
pub(crate) fn same_words(a: &str, b: &str) -> bool {
    let sep = |c: u8| matches!(c, b' ' | b'_' | b'-');
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x.eq_ignore_ascii_case(&y) || (sep(x) && sep(y)))
}

/// The hint for a value that is clear but written another way: the value
/// as the command writes it, or as the JSON argument (`quoted` for text).
pub(crate) fn write_as(
    out: &mut dyn Write,
    json: bool,
    flag: &str,
    value: &dyn fmt::Display,
    quoted: bool,
) -> fmt::Result {
    match (json, quoted) {
        (true, true) => write!(out, "send it as \"{flag}\": \"{value}\""),
        (true, false) => write!(out, "send it as \"{flag}\": {value}"),
        (false, _) => write!(out, "write it as --{flag} {value}"),
    }
}

/// The date `value` clearly means, if it exists, though it is not written
/// YYYY-MM-DD: year first with other separators or without zero padding
/// (`2026/3/1`, `2026.03.01`, `2026-3-1`), with a time or punctuation after
/// it (`2026-01-05T10:00`, `2026-01-05 10:00`, `2026-01-05,`), with the
/// month's name (`Nov 30, 2026`, `30 November 2026`, `2026 Nov 30`), or
/// day and month in either order when they cannot be mixed up: the day is
/// over 12 or equals the month (`30/11/2026`, `11/30/2026`, `30.11.2026`).
/// `03/04/2026` is ambiguous and a date without its year is incomplete:
/// they get no guess.
pub(crate) fn clear_date(value: &str) -> Option<crate::Date> {
    // `2026-01-05T10:00`, `2026-01-05,`: a time or punctuation after it.
    let value = match value.split_once(['T', 't']) {
        Some((date, _)) if date.len() >= 8 && date.bytes().all(|b| b.is_ascii_digit() || b"-/.".contains(&b)) => date,
        _ => value,
    };
    let value = value.trim_end_matches([',', ';', '.']);
    let mut parts = value.split([' ', ',', '-', '/', '.']).filter(|p| !p.is_empty() && !p.contains(':'));
    let (a, b, c) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let number = |p: &str| digits(p, 1, 2);
    let (y, m, d) = if let Some(y) = digits(a, 4, 4) {
        // `2026/3/1`, `2026.03.01`, `2026 Mar 1`.
        (y, number(b).or_else(|| month_named(b))?, number(c)?)
    } else if let Some(y) = digits(c, 4, 4) {
        match (month_named(a), month_named(b)) {
            // `Nov 30, 2026`, `30 November 2026`.
            (Some(m), _) => (y, m, day_number(b)?),
            (_, Some(m)) => (y, m, day_number(a)?),
            // `30/11/2026` and `11/30/2026` are clear; `03/04/2026` is not.
            _ => {
                let (first, second) = (number(a)?, number(b)?);
                match (first > 12, second > 12) {
                    (true, false) => (y, second, first),
                    (false, true) => (y, first, second),
                    _ if first == second => (y, first, first),
                    _ => return None,
                }
            }
        }
    } else {
        return None;
    };
    crate::Date::new(y, u8::try_from(m).ok()?, u8::try_from(d).ok()?).ok()
}

/// Weekday names, Monday first, as [`crate::Date::weekday`] counts.
pub const WEEKDAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// The day a date written in words stands for, counted from `today`:
/// `today`, `tomorrow`, `yesterday`, `the day after tomorrow`, a weekday
/// (`friday`, `fri`; `this`, `on`, `coming` before it: that day of this
/// week, or of next week once it has passed; `next friday`: the first
/// Friday after today), `in 3 days`, `2 weeks from now`, `3 days ago`.
/// `None` for anything else (`next week`, `end of month`: no one day).
pub fn relative_date(value: &str, today: crate::Date) -> Option<crate::Date> {
    let mut words = [""; 5];
    let mut n = 0;
    for w in value.split_ascii_whitespace() {
        *words.get_mut(n)? = w.trim_end_matches([',', '.']);
        n += 1;
    }
    let is = |w: &str, word: &str| w.eq_ignore_ascii_case(word);
    // `friday`, `fri`, `thurs`: the name or its start, three letters or more.
    let weekday = |w: &str| {
        WEEKDAYS.iter().position(|d| w.len() >= 3 && d.len() >= w.len() && d[..w.len()].eq_ignore_ascii_case(w))
    };
    let ahead_to = |target: usize, strictly: bool| {
        let now = usize::from(today.weekday());
        let days = (target + 7 - now) % 7;
        i64::try_from(if strictly && days == 0 { 7 } else { days }).ok()
    };
    let count = |w: &str| -> Option<i64> {
        let word = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
            .iter()
            .position(|x| is(w, x))
            .and_then(|i| i64::try_from(i + 1).ok());
        word.or_else(|| w.parse::<i64>().ok().filter(|n| (0..=3660).contains(n)))
    };
    let unit = |w: &str| {
        if is(w, "day") || is(w, "days") {
            Some(1)
        } else if is(w, "week") || is(w, "weeks") {
            Some(7)
        } else {
            None
        }
    };
    let days = match &words[..n] {
        [w] if is(w, "today") => 0,
        [w] if is(w, "tomorrow") => 1,
        [w] if is(w, "yesterday") => -1,
        [the, day, after, tomorrow]
            if is(the, "the") && is(day, "day") && is(after, "after") && is(tomorrow, "tomorrow") =>
        {
            2
        }
        [day, after, tomorrow] if is(day, "day") && is(after, "after") && is(tomorrow, "tomorrow") => 2,
        [w] => ahead_to(weekday(w)?, false)?,
        [this, w] if ["this", "on", "coming"].iter().any(|p| is(this, p)) => ahead_to(weekday(w)?, false)?,
        [next, w] if is(next, "next") => ahead_to(weekday(w)?, true)?,
        [inn, k, u] if is(inn, "in") => count(k)? * unit(u)?,
        [k, u, from, now] if is(from, "from") && is(now, "now") => count(k)? * unit(u)?,
        [k, u, ago] if is(ago, "ago") => -(count(k)? * unit(u)?),
        _ => return None,
    };
    today.add_days(days)
}

/// `p` as a number when it is `min` to `max` (at most 4) ASCII digits.
pub(crate) fn digits(p: &str, min: usize, max: usize) -> Option<u16> {
    if p.len() < min || p.len() > max {
        return None;
    }
    p.bytes().try_fold(0u16, |n, b| b.is_ascii_digit().then(|| n * 10 + u16::from(b - b'0')))
}

/// What a boolean written in other words means: `yes`, `y`, `on`, `1`,
/// `enabled` are true; `no`, `n`, `off`, `0`, `disabled` false (any case).
pub(crate) fn yes_or_no(value: &str) -> Option<bool> {
    let is = |words: &[&str]| words.iter().any(|w| value.eq_ignore_ascii_case(w));
    if is(&["yes", "y", "on", "1", "enabled", "enable"]) {
        Some(true)
    } else if is(&["no", "n", "off", "0", "disabled", "disable", "none"]) {
        Some(false)
    } else {
        None
    }
}

/// `30`, `30th`, `1st`: a day of the month written as a number.
pub(crate) fn day_number(p: &str) -> Option<u16> {
    let number = p.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &p.as_bytes()[number.len()..];
    let ordinal = suffix.is_empty() || [b"st", b"nd", b"rd", b"th"].iter().any(|s| suffix.eq_ignore_ascii_case(*s));
    digits(number, 1, 2).filter(|_| ordinal)
}

/// The month `p` names in English, in full or by its first three letters
/// (`Nov`, `november`, `Sept`), as its number.
pub(crate) fn month_named(p: &str) -> Option<u16> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let b = p.as_bytes();
    if b.len() < 3 {
        return None;
    }
    let i = MONTHS.iter().position(|m| {
        let m = m.as_bytes();
        b.len() <= m.len() && m[..b.len()].eq_ignore_ascii_case(b)
    })?;
    // A prefix longer than three letters must be the name's (`Sept`), and
    // three letters are every month's abbreviation.
    u16::try_from(i + 1).ok()
}

/// Whether `b` starts with a typographic quote (U+2018 to U+201F: ‘ ’ ‚ ‛ “ ” „ ‟).
pub(crate) fn curly_at_start(b: &[u8]) -> bool {
    matches!(b, [0xE2, 0x80, 0x98..=0x9F, ..])
}

/// Whether `b` ends with one.
pub(crate) fn curly_at_end(b: &[u8]) -> bool {
    matches!(b, [.., 0xE2, 0x80, 0x98..=0x9F])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::v1::*;

    /// Dates in words, counted from Tuesday 2026-11-24.
    #[test]
    fn a_date_written_in_words() {
        let today = crate::Date::parse("2026-11-24").unwrap();
        for (given, day) in [
            ("today", "2026-11-24"),
            ("Tomorrow", "2026-11-25"),
            ("yesterday", "2026-11-23"),
            ("the day after tomorrow", "2026-11-26"),
            ("friday", "2026-11-27"),
            ("Fri", "2026-11-27"),
            ("thurs", "2026-11-26"),
            ("this Tuesday", "2026-11-24"),
            ("on monday", "2026-11-30"),
            ("next tuesday", "2026-12-01"),
            ("next friday", "2026-11-27"),
            ("in 3 days", "2026-11-27"),
            ("in two weeks", "2026-12-08"),
            ("10 days from now", "2026-12-04"),
            ("1 week ago", "2026-11-17"),
            ("tomorrow,", "2026-11-25"),
        ] {
            assert_eq!(relative_date(given, today).map(|d| d.to_string()).as_deref(), Some(day), "{given}");
        }
        for given in ["next week", "end of month", "fr", "in 3 months", "soon", "", "in 99999 days", "a b c d e f"] {
            assert_eq!(relative_date(given, today), None, "{given}");
        }
    }

    #[test]
    fn a_whole_number_written_another_way() {
        for (given, n) in [
            ("9e18", 9_000_000_000_000_000_000),
            ("-9.2e18", -9_200_000_000_000_000_000),
            ("1.50e2", 150),
            ("-1.5e1", -15),
            ("0e5", 0),
            ("\t7\n", 7),
            ("１２", 12),
            ("-12", -12),
        ] {
            assert_eq!(whole_number(given), Some(n), "{given}");
        }
        for given in ["1e19", "9.3e18", "1e-1", "1.5e0", "e5", "1e", "1ee2", "1.x e2", "１.５", "５a", "1e99999999999"]
        {
            assert_eq!(whole_number(given), None, "{given}");
        }
    }

    #[test]
    fn a_date_is_guessed_only_when_it_cannot_be_another_day() {
        let date = |s| clear_date(s).map(|d| d.to_string());
        for (given, meant) in [
            ("2026/3/1", "2026-03-01"),
            ("2026 Nov 30", "2026-11-30"),
            ("Sept 9, 2026", "2026-09-09"),
            ("may 5 2026", "2026-05-05"),
            ("5/5/2026", "2026-05-05"),
            ("31-12-2026", "2026-12-31"),
            ("12.31.2026.", "2026-12-31"),
            ("22nd June 2026", "2026-06-22"),
        ] {
            assert_eq!(date(given).as_deref(), Some(meant), "{given}");
        }
        for given in ["04/03/2026", "Nov 30", "Ma 5 2026", "Mon 30 2026", "30 Nov 26", "2026-02-29", "30 Novembre 2026"]
        {
            assert_eq!(date(given), None, "{given}");
        }
    }
}
