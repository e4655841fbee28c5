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
    let a = &a.as_bytes()[..a.len().min(MAX_LEN)];
    let b = &b.as_bytes()[..b.len().min(MAX_LEN)];
    let norm = |c: u8| {
        if c == b'_' { b'-' } else { c.to_ascii_lowercase() }
    };
    // Three rolling rows of the dynamic-programming table.
    let mut prev2 = [0usize; MAX_LEN + 1];
    let mut prev = [0usize; MAX_LEN + 1];
    let mut cur = [0usize; MAX_LEN + 1];
    for (j, slot) in prev.iter_mut().enumerate().take(b.len() + 1) {
        *slot = j;
    }
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(norm(a[i - 1]) != norm(b[j - 1]));
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && norm(a[i - 1]) == norm(b[j - 2]) && norm(a[i - 2]) == norm(b[j - 1]) {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
        }
        prev2 = prev;
        prev = cur;
    }
    prev[b.len()]
}

/// Whether `candidate` is close enough to `given` to be worth suggesting.
pub fn is_close(given: &str, candidate: &str) -> bool {
    // [`distance`] compares the first 64 bytes; the lengths' difference is
    // never more than the whole names' distance, so a runaway name is close
    // to nothing.
    let d = distance(given, candidate).max(given.len().abs_diff(candidate.len()));
    let longest = given.len().max(candidate.len());
    // One edit for short names, up to a quarter of the name for long ones,
    // and always when one is a prefix of the other (`--sub` for `--subject`).
    d <= (longest / 4).max(1)
        || (given.len() >= 3 && candidate.len() > given.len() && starts_with_ignore_case(candidate, given))
}

fn starts_with_ignore_case(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// The closest candidate to `given`, if any is close enough.
pub fn closest<'a, I>(given: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        if !is_close(given, c) {
            continue;
        }
        let d = distance(given, c);
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
    let mut found: [(usize, &'a str); N] = [(usize::MAX, ""); N];
    let mut len = 0;
    for c in candidates {
        if !is_close(given, c) {
            continue;
        }
        let d = distance(given, c);
        // Insertion into a small sorted array.
        let mut pos = len;
        while pos > 0 && found[pos - 1].0 > d {
            pos -= 1;
        }
        if pos >= N {
            continue;
        }
        let end = if len < N { len } else { N - 1 };
        let mut k = end;
        while k > pos {
            found[k] = found[k - 1];
            k -= 1;
        }
        found[pos] = (d, c);
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
