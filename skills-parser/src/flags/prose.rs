//! Prose that only looks like a statement: values listed without `One
//! of:`, a plural placeholder, a type or a default named in words, a flag
//! said to be repeated. None of it decides anything; each is reported with
//! the marker that would state it.

use super::describe::{clause_end, enum_values, one_of_clauses, quoted_run};
use crate::lex::is_enum_value;
use crate::words::{
    ends_with_ignore_ascii_case, find_ignore_ascii_case, strip_prefix_ignore_ascii_case, strip_word_ignore_ascii_case,
};
use skills_core::spec::ValueType;

/// `Label: a, b, c` in prose: the values, if it looks like an enum.
pub(crate) fn prose_enum(prose: &str) -> Option<Vec<String>> {
    // `One of low, normal, high`: the clause without its colon.
    for (i, len, _) in one_of_clauses(prose) {
        let rest = &prose[i + len..];
        let values = enum_values(&rest[..clause_end(rest)]);
        if values.len() >= 2 && values.iter().all(|v| is_enum_value(v) && !v.contains(' ')) {
            return Some(values);
        }
    }
    // `` `short` | `long` ``, `` `small`, `medium` or `large` ``: quoted
    // values, unless they are examples (`e.g. `today` or `2026-03-01``).
    if let Some((start, _, values)) = quoted_run(prose) {
        let mut cut = start.saturating_sub(40);
        while !prose.is_char_boundary(cut) {
            cut += 1;
        }
        let window = &prose[cut..start];
        if !["e.g", "for example", "such as", "i.e", "like "]
            .iter()
            .any(|w| find_ignore_ascii_case(window, w).is_some())
        {
            return Some(values);
        }
    }
    let mut from = 0;
    while let Some(rel) = prose[from..].find(':') {
        let colon = from + rel;
        from = colon + 1;
        let label = prose[..colon].rsplit(['.', ';']).next().unwrap_or("").trim();
        if label.is_empty() || !label.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-') {
            continue;
        }
        let rest = &prose[colon + 1..];
        let values = enum_values(&rest[..clause_end(rest)]);
        if values.len() >= 2 && values.iter().all(|v| is_enum_value(v) && !v.contains(' ')) {
            return Some(values);
        }
    }
    None
}

/// `addresses`, `tags`, `file_ids`, but not `status`, `address`, `alias`,
/// nor a unit one amount is counted in (`SECONDS`, `max_bytes`, `days`).
pub(crate) fn looks_plural(placeholder: &str) -> bool {
    const UNITS: &str = "seconds secs minutes mins hours hrs days weeks months years millis milliseconds micros \
                         nanos bytes kbytes bits pixels degrees meters metres miles retries cents";
    // Compared ignoring case, without a lowercase copy (this runs for
    // every flag with a placeholder).
    let last = placeholder.rsplit(['_', '-', ' ']).next().unwrap_or(placeholder).as_bytes();
    let ends_with = |e: &str| last.len() >= e.len() && last[last.len() - e.len()..].eq_ignore_ascii_case(e.as_bytes());
    last.len() > 3
        && ends_with("s")
        && !["ss", "us", "is", "os"].iter().any(|e| ends_with(e))
        && !UNITS.split_ascii_whitespace().any(|u| last.eq_ignore_ascii_case(u.as_bytes()))
}

/// The words of `prose` that say the flag takes several values (`accepts
/// multiple values`, `(multiple)`, `several values allowed`), which no
/// marker states; `None` when there are none.
pub(crate) fn prose_several(prose: &str) -> Option<&str> {
    ["multiple", "several"].iter().find_map(|w| {
        let i = find_ignore_ascii_case(prose, w)?;
        let rest = &prose[i + w.len()..];
        let after = rest.trim_start_matches(' ');
        let values = ["values", "value", "items", "allowed", "are allowed", "accepted"]
            .iter()
            .find_map(|v| strip_word_ignore_ascii_case(after, v).map(|_| v.len() + rest.len() - after.len()));
        match (values, prose[..i].ends_with('(') && rest.starts_with(')')) {
            (Some(len), _) => Some(&prose[i..i + w.len() + len]),
            (None, true) => Some(&prose[i..i + w.len()]),
            _ => None,
        }
    })
}

/// Whether the prose says `default` (or `defaults`) as a word.
pub(crate) fn mentions_default(prose: &str) -> bool {
    let mut from = 0;
    while let Some(rel) = find_ignore_ascii_case(&prose[from..], "default") {
        let i = from + rel;
        from = i + "default".len();
        let before = prose[..i].chars().next_back();
        let after = prose[from..].chars().next();
        if !before.is_some_and(|c| c.is_alphanumeric())
            && !after.is_some_and(|c| c.is_alphanumeric() && c != 's' && c != 'S')
        {
            return true;
        }
    }
    false
}

/// The type the prose of a flag that no marker types names, and the words
/// that name it (`An integer from 1 to 100`, `A decimal number such as 0.5`,
/// `a float`, `ISO 8601 date`, `Format: YYYY-MM-DD`). Only words that name
/// the type and nothing else count: `number` alone is as often an
/// identifier ("phone number"), `decimal` alone a separator, and a date
/// followed by a time
/// (`YYYY-MM-DDTHH:MM`, `YYYY-MM-DD HH:MM`, `ISO 8601 date-time`, `date and
/// time`) is text the date type would refuse.
pub(crate) fn prose_type(prose: &str) -> Option<(ValueType, &'static str)> {
    use ValueType::{Date, Integer, Number};
    let joined = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let b = prose.as_bytes();
    // One pass, looking only at words that start as a name does (this runs
    // for every flag no marker types; a search per name cost more).
    for (i, &c) in b.iter().enumerate() {
        let names: &[(&str, ValueType)] = match c | 0x20 {
            b'i' => &[("integer", Integer), ("ISO 8601 date", Date), ("ISO-8601 date", Date), ("ISO date", Date)],
            b'w' => &[("whole number", Integer)],
            b'd' => &[("decimal number", Number), ("decimal value", Number)],
            b'f' => &[("floating-point", Number), ("floating point", Number), ("float", Number)],
            b'y' => &[("YYYY-MM-DD", Date)],
            _ => continue,
        };
        if i > 0 && (b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'-' | b'_' | 0x80..)) {
            continue;
        }
        for &(name, t) in names {
            // `i` is an ASCII letter's offset, so a char boundary.
            let Some(rest) = strip_prefix_ignore_ascii_case(&prose[i..], name) else { continue };
            // Whole words, a plural allowed (`integers`, `whole numbers`;
            // not `floats`, as often the verb).
            let plural = t != Date && name != "float";
            let after_word = if plural { rest.strip_prefix('s').unwrap_or(rest) } else { rest };
            if after_word.starts_with(joined) {
                continue;
            }
            if t == Date {
                let next = rest.trim_start_matches([' ', '`', '"', '\'', ')']);
                let time = ["hh", "time", "and time", "& time", "or date-time", "or datetime"];
                if time.iter().any(|w| strip_prefix_ignore_ascii_case(next, w).is_some()) {
                    continue;
                }
            }
            return Some((t, name));
        }
    }
    None
}

/// A value without its quotes: a code span's backticks, then a pair of
/// straight quotes inside it (`` `"asc"` ``, as a literal is written).
pub(crate) fn strip_quotes(s: &str) -> &str {
    let s = s.trim();
    let s = s.strip_prefix('`').and_then(|r| r.strip_suffix('`')).unwrap_or(s);
    for q in ['"', '\''] {
        if let Some(inner) = s.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    s
}

/// The words of `prose` that tell a command to give the flag more than
/// once (`repeat for more`, `can be repeated`, `repeatable`, `may be given
/// multiple times`), which the runtime refuses (a flag is given once, with
/// its values after it); `None` when there are none. Words about the value
/// (`the event can be repeated daily`) do not count.
pub(crate) fn prose_repeat(prose: &str) -> Option<&str> {
    let b = prose.as_bytes();
    // One pass over the bytes for the first letters of the phrases' words
    // (this runs for every flag: a substring search per phrase, or
    // `memchr3` for the blanks, cost more on these short texts).
    for (i, &c) in b.iter().enumerate() {
        if !matches!(c | 0x20, b'r' | b't' | b'o') || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] >= 0x80))
        {
            continue;
        }
        let found = match c | 0x20 {
            b'r' => repeat_at(prose, i),
            b't' => strip_word_ignore_ascii_case(&prose[i..], "times").and_then(|_| {
                let before = prose[..i].trim_end_matches(' ');
                ["multiple", "several", "many"]
                    .iter()
                    .find(|f| ends_with_ignore_ascii_case(before, f))
                    .and_then(|f| verb_before(prose, before.len() - f.len(), i + 5))
            }),
            b'o' => strip_word_ignore_ascii_case(&prose[i..], "once").and_then(|_| {
                let before = prose[..i].trim_end_matches(' ');
                ends_with_ignore_ascii_case(before, "more than")
                    .then(|| verb_before(prose, before.len() - 9, i + 4))
                    .flatten()
            }),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// [`prose_repeat`] at a word starting with `r` at `i`: `repeatable`,
/// `repeat for more`, `repeat the flag`, `can be repeated` ending a
/// clause.
fn repeat_at(prose: &str, i: usize) -> Option<&str> {
    let rest = strip_prefix_ignore_ascii_case(&prose[i..], "repeat")?;
    if strip_word_ignore_ascii_case(rest, "able").is_some() {
        return Some(&prose[i..i + 10]);
    }
    // `repeat for more`, `repeat the flag`, `repeat it`: an instruction.
    if let Some(after) = rest.strip_prefix(' ') {
        const OBJECTS: &str = "for more|for each|for several|for multiple|for additional|for another|the flag|this flag|the option|this option|it|as needed";
        let object = OBJECTS.split('|').find_map(|o| Some((o, strip_word_ignore_ascii_case(after, o)?)));
        // (`repeat it` of the flag only where the clause ends: not `repeat
        // it every day`.)
        if let Some((o, then)) = object
            && (o != "it" || clause_ends(then))
        {
            return Some(&prose[i..i + 7 + o.len()]);
        }
    }
    // `can be repeated`, `may be repeated.`: of the flag, when the clause
    // ends there (not `the event can be repeated daily`).
    let after = strip_prefix_ignore_ascii_case(rest, "ed")?;
    let before = &prose[..i];
    (clause_ends(after)
        && (ends_with_ignore_ascii_case(before, "can be ") || ends_with_ignore_ascii_case(before, "may be ")))
    .then(|| &prose[i - 7..i + 8])
}

/// Whether a clause ends at the start of `rest`: the end, punctuation, or a
/// word that goes on about the flag (`... to add more`, `... for each`).
fn clause_ends(rest: &str) -> bool {
    let rest = rest.trim_start_matches(' ');
    rest.is_empty()
        || rest.starts_with(['.', ',', ';', ':', ')', '('])
        || ["to ", "for ", "as ", "if ", "when ", "and ", "or "]
            .iter()
            .any(|w| strip_prefix_ignore_ascii_case(rest, w).is_some())
}

/// The phrase from a verb that gives a flag (`given`, `use`, `pass`) before
/// `at` (optionally followed by `it` or `this flag`) to `end`, as in `may
/// be given multiple times` or `use this flag more than once`.
fn verb_before(prose: &str, at: usize, end: usize) -> Option<&str> {
    let b = prose.as_bytes();
    let word_start = |i: usize| i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] >= 0x80);
    let before = prose[..at].trim_end_matches(' ');
    let before = ["it", "this flag", "the flag", "this option", "the option"]
        .iter()
        .find(|w| ends_with_ignore_ascii_case(before, w) && word_start(before.len() - w.len()))
        .map_or(before, |w| before[..before.len() - w.len()].trim_end_matches(' '));
    const VERBS: &str = "given specified used passed supplied provided use pass give specify supply repeat";
    let verb =
        VERBS.split(' ').find(|v| ends_with_ignore_ascii_case(before, v) && word_start(before.len() - v.len()))?;
    Some(&prose[before.len() - verb.len()..end])
}
