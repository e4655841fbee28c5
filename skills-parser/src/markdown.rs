//! Sections of a skill's markdown body.
//!
//! pulldown-cmark finds the headings (ATX or setext, never inside code
//! blocks) and their source offsets; the content of a section is then read
//! as source lines, because CommonMark would turn `<addresses>` into inline
//! HTML and join consecutive lines into one paragraph.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// One heading and the source it governs.
#[derive(Clone, Debug)]
pub(crate) struct Section {
    /// Heading text, trimmed.
    pub(crate) title: String,
    /// 1 for `#`, 2 for `##`, ...
    pub(crate) level: u8,
    /// Byte offset of the heading in the body.
    pub(crate) heading_start: usize,
    /// Byte range of the content, up to the next heading of the same or a
    /// higher level.
    pub(crate) content: Range<usize>,
}

fn level_num(l: HeadingLevel) -> u8 {
    match l {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// Every heading of `body` with its section.
pub(crate) fn sections(body: &str) -> Vec<Section> {
    let mut heads: Vec<(String, u8, Range<usize>)> = Vec::new();
    let mut current: Option<(String, u8, usize)> = None;
    for (ev, range) in Parser::new_ext(body, Options::empty()).into_offset_iter() {
        match ev {
            Event::Start(Tag::Heading { level, .. }) => current = Some((String::new(), level_num(level), range.start)),
            Event::Text(t) | Event::Code(t) => {
                if let Some((title, _, _)) = &mut current {
                    title.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((title, level, start)) = current.take() {
                    // The heading's range ends at its line's end (setext:
                    // after the underline).
                    let end = body[range.end..].find('\n').map_or(body.len(), |i| range.end + i + 1);
                    let end = if body[range.start..range.end].ends_with('\n') { range.end } else { end };
                    heads.push((title.trim().to_string(), level, start..end));
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::with_capacity(heads.len());
    for (i, (title, level, range)) in heads.iter().enumerate() {
        let end = heads[i + 1..].iter().find(|(_, l, _)| l <= level).map_or(body.len(), |(_, _, r)| r.start);
        out.push(Section {
            title: title.clone(),
            level: *level,
            heading_start: range.start,
            content: range.end.min(end)..end,
        });
    }
    out
}

/// The section titled `names[0]` (ignoring case), else one titled by the
/// next name, and so on: `## Flags` wins over an `## Options` elsewhere.
pub(crate) fn find<'s>(sections: &'s [Section], names: &[&str]) -> Option<&'s Section> {
    // `## Flags:` is `## Flags` (a colon some authors end headings with).
    names.iter().find_map(|n| {
        sections.iter().find(|s| s.level >= 2 && s.title.trim_end_matches([':', ' ']).eq_ignore_ascii_case(n))
    })
}

/// One source line of a section.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SourceLine<'a> {
    /// 1-based line in the file.
    pub(crate) line: usize,
    /// The text, without its line ending.
    pub(crate) text: &'a str,
}

/// Whether `line` opens or closes a fence: returns the fence character and
/// length.
fn fence_of(line: &str) -> Option<(u8, usize)> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let b = trimmed.as_bytes();
    let ch = *b.first()?;
    if ch != b'`' && ch != b'~' {
        return None;
    }
    let n = b.iter().take_while(|&&c| c == ch).count();
    (n >= 3).then_some((ch, n))
}

/// The lines of `range` in `body`, fence delimiter lines left out.
/// `first_line` is the file line of byte 0 of `body`.
pub(crate) fn lines(body: &str, range: Range<usize>, first_line: usize) -> Vec<SourceLine<'_>> {
    let before = body[..range.start].bytes().filter(|&b| b == b'\n').count();
    let mut out = Vec::new();
    let mut fence: Option<(u8, usize)> = None;
    for (i, raw) in body[range].split_inclusive('\n').enumerate() {
        let line = first_line + before + i;
        let text = raw.trim_end_matches(['\n', '\r']);
        match (fence, fence_of(text)) {
            (None, Some(f)) => fence = Some(f),
            (Some((ch, n)), Some((c2, n2))) if ch == c2 && n2 >= n && text.trim().bytes().all(|b| b == ch) => {
                fence = None
            }
            _ => out.push(SourceLine { line, text }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = "# email.send\n\nIntro.\n\n## Usage\n\nemail.send --to <a>\n\n## Flags\n\n```\n--to  Recipients\n```\n\n### Notes\n\nx\n\nExamples\n--------\n\nemail.send --to a\n";

    #[test]
    fn finds_sections() {
        let s = sections(BODY);
        let titles: Vec<_> = s.iter().map(|s| (s.title.as_str(), s.level)).collect();
        assert_eq!(titles, [("email.send", 1), ("Usage", 2), ("Flags", 2), ("Notes", 3), ("Examples", 2)]);
        let flags = find(&s, &["flags"]).unwrap();
        let l = lines(BODY, flags.content.clone(), 1);
        let texts: Vec<_> = l.iter().filter(|l| !l.text.is_empty()).map(|l| (l.line, l.text)).collect();
        assert_eq!(texts, [(12, "--to  Recipients"), (15, "### Notes"), (17, "x")]);
        // A heading ending with a colon is the same section.
        let colon = sections("# x\n\n## Flags:\n\n--to  Recipients\n");
        assert_eq!(find(&colon, &["flags"]).map(|s| s.title.as_str()), Some("Flags:"));
        let ex = find(&s, &["examples"]).unwrap();
        let l = lines(BODY, ex.content.clone(), 1);
        assert_eq!(l.iter().find(|l| !l.text.is_empty()).unwrap().line, 22);
    }

    #[test]
    fn headings_in_code_are_not_sections() {
        let s = sections("## Flags\n\n```\n## Not\n```\n");
        assert_eq!(s.len(), 1);
    }
}
