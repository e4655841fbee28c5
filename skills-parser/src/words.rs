//! Case-insensitive matching of the words skill files use as markers
//! (`Default:`, `enum`, `Bad`), without lowercase copies: these run per
//! flag and per line at load time.

/// `s` after `prefix`, ignoring ASCII case.
pub(crate) fn strip_prefix_ignore_ascii_case<'s>(s: &'s str, prefix: &str) -> Option<&'s str> {
    let head = s.as_bytes().get(..prefix.len())?;
    // The match ends where the prefix does, on a char boundary: non-ASCII
    // bytes only match themselves.
    head.eq_ignore_ascii_case(prefix.as_bytes()).then(|| &s[prefix.len()..])
}

/// `s` after `word` when `s` starts with that word alone (`enum: a`, not
/// `enumeration`), ignoring ASCII case.
pub(crate) fn strip_word_ignore_ascii_case<'s>(s: &'s str, word: &str) -> Option<&'s str> {
    strip_prefix_ignore_ascii_case(s, word).filter(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()))
}

/// Where `needle` (ASCII) first occurs in `haystack`, ignoring ASCII case.
/// The index is a char boundary: a match starts with an ASCII byte.
/// (Descriptions are short; building a lowercase copy and a substring
/// searcher per test cost more than the search.)
pub(crate) fn find_ignore_ascii_case(haystack: &str, needle: &str) -> Option<usize> {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    let first = *n.first()?;
    let last = h.len().checked_sub(n.len())?;
    // Candidates are the first byte in either case, found with `memchr2`;
    // each is then compared whole.
    memchr::memchr2_iter(first.to_ascii_lowercase(), first.to_ascii_uppercase(), &h[..=last])
        .find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// Whether `s` ends with `suffix` (ASCII), ignoring ASCII case.
pub(crate) fn ends_with_ignore_ascii_case(s: &str, suffix: &str) -> bool {
    s.len() >= suffix.len() && s.as_bytes()[s.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
}

/// A set of ASCII bytes, looked up in one step.
pub(crate) struct AsciiSet(u128);

impl AsciiSet {
    pub(crate) const fn of(bytes: &[u8]) -> AsciiSet {
        let (mut set, mut i) = (0u128, 0);
        while i < bytes.len() {
            set |= 1 << bytes[i];
            i += 1;
        }
        AsciiSet(set)
    }

    pub(crate) fn has(&self, c: u8) -> bool {
        c < 128 && (self.0 >> c) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_ignoring_case() {
        assert_eq!(strip_prefix_ignore_ascii_case("Default: 20", "default:"), Some(" 20"));
        assert_eq!(strip_prefix_ignore_ascii_case("Don’t: x", "don’t"), Some(": x"));
        assert_eq!(strip_prefix_ignore_ascii_case("de", "default:"), None);
        assert_eq!(strip_word_ignore_ascii_case("ENUM (a, b)", "enum"), Some(" (a, b)"));
        assert_eq!(strip_word_ignore_ascii_case("enumeration", "enum"), None);
        assert_eq!(find_ignore_ascii_case("Tags. One Of: a, b", "one of:"), Some(6));
        assert_eq!(find_ignore_ascii_case("é one of:", "ONE OF:"), Some(3));
        assert_eq!(find_ignore_ascii_case("x", "one of:"), None);
    }
}
