//! "Did you mean" suggestions.
//!
//! A small bounded edit distance rather than `strsim`: this runs on the
//! heap-free dispatch path, and `strsim` needs `std`.

/// Longest name compared; longer names are compared by their first bytes.
const MAX_LEN: usize = 64;

/// Optimal-string-alignment distance (Levenshtein plus adjacent
/// transpositions) between `a` and `b`, ignoring ASCII case and treating `-`
/// and `_` as the same character.
pub fn distance(a: &str, b: &str) -> usize {
    within(a, b, usize::MAX).unwrap_or(usize::MAX)
}

/// [`distance`] when it is at most `max`, else `None`. A name compared
/// with thousands of others (a misspelt skill in a large tree) is far from
/// most of them, and this finds so cheaply: by the names' lengths, then by
/// how many of each character they have, then by filling only the band of
/// the table within `max` of its diagonal, stopping once every path
/// through it is longer than `max`.
pub fn within(a: &str, b: &str, max: usize) -> Option<usize> {
    within_as(a, b, max, Spelling::Names)
}

/// How two names are compared: case is always ignored.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spelling {
    /// `-` and `_` are one character (flags, skills, values).
    Names,
    /// `.` too, so a skill name compares as its tool name (`email.send`
    /// as `email_send`).
    Tools,
}

impl Spelling {
    fn fold(self, c: u8) -> u8 {
        match c {
            b'_' => b'-',
            b'.' if self == Spelling::Tools => b'-',
            _ => c.to_ascii_lowercase(),
        }
    }
}

fn within_as(a: &str, b: &str, max: usize, spelling: Spelling) -> Option<usize> {
    let a = &a.as_bytes()[..a.len().min(MAX_LEN)];
    let b = &b.as_bytes()[..b.len().min(MAX_LEN)];
    // The distance is at least the difference of the lengths.
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    // No distance of 64-byte names is over 64.
    let max = max.min(MAX_LEN);
    // Both names folded once (ASCII case, `_` as `-`), not once per cell.
    let fold = |s: &[u8]| {
        let mut out = [0u8; MAX_LEN];
        for (o, &c) in out.iter_mut().zip(s) {
            *o = spelling.fold(c);
        }
        out
    };
    let (fa, fb) = (fold(a), fold(b));
    let (a, b) = (&fa[..a.len()], &fb[..b.len()]);
    // An edit changes the counts of at most two characters by one each (a
    // transposition none), so names whose character counts differ by more
    // than twice `max` cannot be within it. Counting costs a pass over each
    // name; the table it spares costs a pass per row.
    let mut counts = [0i8; 128];
    for &c in a {
        counts[usize::from(c & 127)] += 1;
    }
    for &c in b {
        counts[usize::from(c & 127)] -= 1;
    }
    // The sum of the differences, read at the characters the names have
    // (each bucket once: it is emptied as it is read).
    let mut apart = 0;
    for &c in a.iter().chain(b) {
        let n = &mut counts[usize::from(c & 127)];
        apart += usize::from(n.unsigned_abs());
        *n = 0;
    }
    if apart > 2 * max {
        return None;
    }
    // Three rolling rows of the dynamic-programming table, rotated by
    // swapping references rather than copied (a distance is at most 64).
    // Only the band of cells within `max` of the diagonal is filled: a
    // cell further off stands for prefixes whose lengths alone differ by
    // more than `max`. The cells just outside the band read as `max + 1`,
    // so a value within `max` is exact and any other is over `max`.
    let over = max as u8 + 1;
    let (mut r0, mut r1, mut r2) = ([0u8; MAX_LEN + 2], [0u8; MAX_LEN + 2], [0u8; MAX_LEN + 2]);
    let (mut prev2, mut prev, mut cur) = (&mut r0, &mut r1, &mut r2);
    for (j, slot) in prev.iter_mut().enumerate().take(b.len().min(max) + 1) {
        *slot = j as u8;
    }
    prev[b.len().min(max) + 1] = over;
    let mut prev_min = 0;
    for i in 1..=a.len() {
        let lo = i.saturating_sub(max).max(1);
        let hi = b.len().min(i + max);
        cur[lo - 1] = if lo == 1 { (i as u8).min(over) } else { over };
        let mut row_min = usize::from(cur[lo - 1]);
        let ai = a[i - 1];
        for j in lo..=hi {
            let bj = b[j - 1];
            let cost = u8::from(ai != bj);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && ai == b[j - 2] && a[i - 2] == bj {
                d = d.min(prev2[j - 2] + 1);
            }
            // Capped: an over-`max` value only needs to stay over it.
            cur[j] = d.min(over);
            row_min = row_min.min(usize::from(cur[j]));
        }
        cur[hi + 1] = over;
        // Every cell of the next row is at least this row's least value,
        // or one more than the row before's (through a transposition), so
        // no path comes back under `max` once both are past it.
        if row_min > max && prev_min >= max {
            return None;
        }
        prev_min = row_min;
        core::mem::swap(&mut prev2, &mut prev);
        core::mem::swap(&mut prev, &mut cur);
    }
    Some(usize::from(prev[b.len()])).filter(|&d| d <= max)
}

/// Whether `candidate` is close enough to `given` to be worth suggesting.
pub fn is_close(given: &str, candidate: &str) -> bool {
    close(given, candidate).is_some()
}

/// [`distance`] of a candidate [`is_close`] accepts, `None` for others.
fn close(given: &str, candidate: &str) -> Option<usize> {
    close_as(given, candidate, Spelling::Names)
}

fn close_as(given: &str, candidate: &str, spelling: Spelling) -> Option<usize> {
    let longest = given.len().max(candidate.len());
    // Always when one is a prefix of the other (`--sub` for `--subject`).
    if given.len() >= 3 && candidate.len() > given.len() && starts_with_as(candidate, given, spelling) {
        return within_as(given, candidate, usize::MAX, spelling);
    }
    // One edit for short names, up to a quarter of the name for long ones.
    // [`distance`] compares the first 64 bytes; the lengths' difference is
    // never more than the whole names' distance, so a runaway name is close
    // to nothing.
    let limit = (longest / 4).max(1);
    if given.len().abs_diff(candidate.len()) > limit {
        return None;
    }
    within_as(given, candidate, limit, spelling)
}

/// Whether `s` starts with `prefix`, ignoring case (and, for tool names,
/// `.` against `_`).
fn starts_with_as(s: &str, prefix: &str, spelling: Spelling) -> bool {
    let same = |a: u8, b: u8| match spelling {
        Spelling::Names => a.eq_ignore_ascii_case(&b),
        Spelling::Tools => spelling.fold(a) == spelling.fold(b) && (a == b'-') == (b == b'-'),
    };
    s.len() >= prefix.len() && s.bytes().zip(prefix.bytes()).all(|(a, b)| same(a, b))
}

/// The closest candidate to `given`, if any is close enough.
pub fn closest<'a, I>(given: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        let Some(d) = close(given, c) else { continue };
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Up to `N` close candidates, closest first (ties keep input order).
pub fn closest_n<'a, I, const N: usize>(given: &str, candidates: I) -> ([&'a str; N], usize)
where
    I: IntoIterator<Item = &'a str>,
{
    closest_n_by::<_, _, N>(given, candidates.into_iter().map(|c| (c, ())), |_| true)
}

/// [`closest_n`] over candidates that carry data of their own, keeping
/// only those `keep` accepts; `keep` is asked only of a candidate close
/// enough to take a place, so an expensive check (is this skill visible?)
/// runs for a few candidates, not all.
pub fn closest_n_by<'a, I, T, const N: usize>(
    given: &str,
    candidates: I,
    keep: impl FnMut(&(&'a str, T)) -> bool,
) -> ([&'a str; N], usize)
where
    I: IntoIterator<Item = (&'a str, T)>,
{
    closest_n_as(given, candidates, keep, Spelling::Names)
}

/// [`closest_n_by`] for a tool name (`email_sned`) among skill names
/// (`email.send`), each compared as its tool name (`.` as `_`), so that
/// nothing is copied per candidate. Returns skill names.
pub fn closest_tools_by<'a, I, T, const N: usize>(
    given: &str,
    skills: I,
    keep: impl FnMut(&(&'a str, T)) -> bool,
) -> ([&'a str; N], usize)
where
    I: IntoIterator<Item = (&'a str, T)>,
{
    closest_n_as(given, skills, keep, Spelling::Tools)
}

fn closest_n_as<'a, I, T, const N: usize>(
    given: &str,
    candidates: I,
    mut keep: impl FnMut(&(&'a str, T)) -> bool,
    spelling: Spelling,
) -> ([&'a str; N], usize)
where
    I: IntoIterator<Item = (&'a str, T)>,
{
    let mut found: [(usize, &'a str); N] = [(usize::MAX, ""); N];
    let mut len = 0;
    for c in candidates {
        let Some(d) = close_as(given, c.0, spelling) else { continue };
        // Insertion into a small sorted array.
        let mut pos = len;
        while pos > 0 && found[pos - 1].0 > d {
            pos -= 1;
        }
        if pos >= N || !keep(&c) {
            continue;
        }
        let end = if len < N { len } else { N - 1 };
        let mut k = end;
        while k > pos {
            found[k] = found[k - 1];
            k -= 1;
        }
        found[pos] = (d, c.0);
        if len < N {
            len += 1;
        }
    }
    let mut out = [""; N];
    for (o, f) in out.iter_mut().zip(found.iter()).take(len) {
        *o = f.1;
    }
    (out, len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::v1::*;

    #[test]
    fn distances() {
        assert_eq!(distance("subject", "subject"), 0);
        assert_eq!(distance("sbject", "subject"), 1);
        assert_eq!(distance("sbuject", "subject"), 1);
        assert_eq!(distance("due_before", "due-before"), 0);
        assert_eq!(distance("", "abc"), 3);
    }

    #[test]
    fn picks_closest() {
        let flags = ["to", "subject", "body", "cc", "bcc"];
        assert_eq!(closest("subjet", flags), Some("subject"));
        assert_eq!(closest("bc", flags), Some("cc"));
        assert_eq!(closest("attachment", flags), None);
        assert_eq!(closest("sub", flags), Some("subject"));
        let (names, n) = closest_n::<_, 3>("email.sned", ["email.send", "email.read", "tasks.search", "email.search"]);
        assert_eq!(&names[..n], ["email.send"]);
        let (names, n) = closest_n::<_, 3>("tasks.serch", ["tasks.search", "tasks.create", "email.search"]);
        assert_eq!(&names[..n], ["tasks.search"]);
    }

    /// The cut-off distance agrees with the whole table on every pair of
    /// random names (a small alphabet, so that distances are often small).
    #[test]
    fn the_bounded_distance_is_the_distance_or_none() {
        /// The table filled whole, as `distance` was before the cut-off.
        fn full(a: &str, b: &str) -> usize {
            let (a, b) = (a.as_bytes(), b.as_bytes());
            let norm = |c: u8| if c == b'_' { b'-' } else { c.to_ascii_lowercase() };
            let mut t = vec![vec![0usize; b.len() + 1]; a.len() + 1];
            for (i, row) in t.iter_mut().enumerate() {
                row[0] = i;
            }
            for (j, cell) in t[0].iter_mut().enumerate() {
                *cell = j;
            }
            for i in 1..=a.len() {
                for j in 1..=b.len() {
                    let cost = usize::from(norm(a[i - 1]) != norm(b[j - 1]));
                    let mut d = (t[i - 1][j] + 1).min(t[i][j - 1] + 1).min(t[i - 1][j - 1] + cost);
                    if i > 1 && j > 1 && norm(a[i - 1]) == norm(b[j - 2]) && norm(a[i - 2]) == norm(b[j - 1]) {
                        d = d.min(t[i - 2][j - 2] + 1);
                    }
                    t[i][j] = d;
                }
            }
            t[a.len()][b.len()]
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let name = |next: &mut dyn FnMut(u64) -> u64| -> String {
            let len = next(14) as usize;
            (0..len).map(|_| b"abAB-_."[next(7) as usize] as char).collect()
        };
        for _ in 0..20_000 {
            let (a, b) = (name(&mut next), name(&mut next));
            let d = full(&a, &b);
            assert_eq!(distance(&a, &b), d, "{a:?} {b:?}");
            for max in 0..8 {
                assert_eq!(within(&a, &b, max), (d <= max).then_some(d), "{a:?} {b:?} within {max}");
            }
        }
    }

    /// A tool name is compared with skill names as their tool names: `.`
    /// and `_` are one character, and nothing is copied per skill.
    #[test]
    fn tool_names_are_compared_with_skill_names_as_tool_names() {
        let skills = ["email.read", "email.send", "email_tools.send", "tasks.search"].map(|s| (s, ()));
        let closest = |given: &str| {
            let (found, n) = closest_tools_by::<_, _, 3>(given, skills, |_| true);
            found[..n].to_vec()
        };
        assert_eq!(closest("email_sned"), ["email.send"]);
        assert_eq!(closest("email.sned"), ["email.send"]);
        assert_eq!(closest("Email_Send"), ["email.send", "email.read"]);
        assert_eq!(closest("tasks_serch"), ["tasks.search"]);
        // A prefix, as for flags: `email_tools_` is the start of one tool.
        assert_eq!(closest("email_tools_"), ["email_tools.send"]);
        assert_eq!(closest("calendar_create"), Vec::<&str>::new());
        // As names, `email_sned` is two edits from `email.send`; as a tool, one.
        assert_eq!(distance("email_sned", "email.send"), 2);
    }

    #[test]
    fn a_name_far_longer_than_any_candidate_is_close_to_none() {
        // Its first 64 bytes are compared, but its length counts too.
        let runaway = "a_".repeat(1000);
        assert_eq!(closest(&runaway, ["calendar_create", "a_a_a"]), None);
        let long = std::format!("calendar_create{}", "x".repeat(100));
        assert_eq!(closest(&long, ["calendar_create"]), None);
        assert_eq!(closest("calendar_creatte", ["calendar_create"]), Some("calendar_create"));
    }
}
