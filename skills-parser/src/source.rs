//! The frontmatter split.

/// A file split into its frontmatter and body.
#[derive(Debug)]
pub(crate) struct Split<'a> {
    /// The YAML between the delimiters.
    pub(crate) yaml: &'a str,
    /// 1-based line of the YAML's first line.
    pub(crate) yaml_line: usize,
    /// Everything after the closing delimiter line.
    pub(crate) body: &'a str,
    /// 1-based line where the body starts.
    pub(crate) body_line: usize,
}

/// Why the frontmatter could not be split off.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum SplitError {
    /// The first line is not `---`.
    Missing,
    /// No closing `---` (or `...`) line.
    Unclosed {
        /// 1-based line of the opening `---`.
        line: usize,
    },
}

fn is_delimiter(line: &str, closing: bool) -> bool {
    let l = line.trim_end_matches(['\n', '\r', ' ', '\t']);
    l == "---" || (closing && l == "...")
}

/// Splits `text` (BOM already removed) at its frontmatter delimiters.
pub(crate) fn split_frontmatter(text: &str) -> Result<Split<'_>, SplitError> {
    // Blank lines before the opening `---` (an editor's, or a generator's)
    // do not hide the frontmatter.
    let mut start = 0;
    let mut first = 1;
    while let Some(nl) = memchr::memchr(b'\n', &text.as_bytes()[start..]) {
        if !text[start..start + nl].trim().is_empty() {
            break;
        }
        start += nl + 1;
        first += 1;
    }
    let first_end = memchr::memchr(b'\n', &text.as_bytes()[start..]).map_or(text.len(), |i| start + i + 1);
    if !is_delimiter(&text[start..first_end], false) {
        return Err(SplitError::Missing);
    }
    let mut pos = first_end;
    let mut line = first + 1;
    while pos < text.len() {
        let end = memchr::memchr(b'\n', &text.as_bytes()[pos..]).map_or(text.len(), |i| pos + i + 1);
        if is_delimiter(&text[pos..end], true) {
            return Ok(Split {
                yaml: &text[first_end..pos],
                yaml_line: first + 1,
                body: &text[end..],
                body_line: line + 1,
            });
        }
        pos = end;
        line += 1;
    }
    Err(SplitError::Unclosed { line: first })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits() {
        let s = split_frontmatter("---\nname: a\n---\n# body\n").unwrap();
        assert_eq!(s.yaml, "name: a\n");
        assert_eq!(s.body, "# body\n");
        assert_eq!(s.body_line, 4);
        assert_eq!(split_frontmatter("---\r\nname: a\r\n...\r\n").unwrap().body, "");
        assert_eq!(split_frontmatter("# no\n").unwrap_err(), SplitError::Missing);
        assert_eq!(split_frontmatter("---\nname: a\n").unwrap_err(), SplitError::Unclosed { line: 1 });
        // Blank lines before it; line numbers count them.
        let s = split_frontmatter("\n  \n---\nname: a\n---\n# body\n").unwrap();
        assert_eq!((s.yaml, s.yaml_line, s.body, s.body_line), ("name: a\n", 4, "# body\n", 6));
    }
}
