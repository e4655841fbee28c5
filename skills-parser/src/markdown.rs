//! Sections of a skill's markdown body.
//!
//! pulldown-cmark finds the headings (ATX or setext, never inside code
//! blocks) and their source offsets; the content of a section is then read
//! as source lines, because CommonMark would turn `<addresses>` into inline
//! HTML and join consecutive lines into one paragraph.

use crate::words::AsciiSet;
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::borrow::Cow;
use std::ops::Range;

/// One heading and the source it governs.
#[derive(Clone, Debug)]
pub(crate) struct Section<'a> {
    /// Heading text, trimmed (borrowed from the body when it is one piece
    /// of plain text, as most headings are).
    pub(crate) title: Cow<'a, str>,
    /// 1 for `#`, 2 for `##`, ...
    pub(crate) level: u8,
    /// Byte offset of the heading in the body.
    pub(crate) heading_start: usize,
    /// Byte range of the content, up to the next heading of the same or a
    /// higher level.
    pub(crate) content: Range<usize>,
    /// A paragraph that is only a section's name, as some authors write a
    /// heading: in bold (`**Flags:**`), with a colon (`Flags:`) or in
    /// capitals (`OPTIONS`). [`find`] takes it when no heading has the
    /// name. Its content ends at the next heading or such label.
    pub(crate) pseudo: bool,
}

/// The names a label may give a section ([`Section::pseudo`]).
fn pseudo_heading_name(label: &str) -> bool {
    let label = label.trim().trim_end_matches(':').trim_end();
    [
        crate::keys::SECTION_USAGE,
        crate::keys::SECTION_FLAGS,
        crate::keys::SECTION_BEHAVIOR,
        crate::keys::SECTION_EXAMPLES,
    ]
    .iter()
    .any(|names| names.iter().any(|n| label.eq_ignore_ascii_case(n)))
}

/// A line that is a section's name written as a label in plain text: with
/// a colon (`Flags:`, `Examples:`) or in capitals, as man pages title
/// sections (`OPTIONS`, `SYNOPSIS`).
fn plain_label(line: &str) -> bool {
    let l = line.trim();
    l.len() <= 16
        && (l.ends_with(':') || !l.bytes().any(|b| b.is_ascii_lowercase()))
        && l.bytes().any(|b| b.is_ascii_alphabetic())
        && pseudo_heading_name(l)
}

/// [`plain_label`] for the line at `start`, looked at only when it is short.
fn plain_label_at(body: &str, start: usize) -> bool {
    const LONGEST: usize = 18;
    let b = body.as_bytes();
    let window = &b[start.min(b.len())..b.len().min(start + LONGEST)];
    if !window.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    match window.iter().position(|&c| c == b'\n') {
        Some(end) => body.get(start..start + end).is_some_and(plain_label),
        None if window.len() < LONGEST => body.get(start..).is_some_and(plain_label),
        None => false,
    }
}

/// Reading a top-level paragraph that may be a label.
#[derive(Clone, Copy, PartialEq)]
enum Label {
    /// Nothing yet.
    Start,
    /// Inside the emphasis.
    Inside,
    /// After it (only a colon may follow), or plain text that is a label
    /// line of its own (`Flags:`, `OPTIONS`).
    After,
    /// Anything else: prose.
    No,
}

/// Where the block at `range` ends: at its last line's end, newline
/// included.
fn line_end(body: &str, range: &Range<usize>) -> usize {
    if body[range.start..range.end].ends_with('\n') {
        range.end
    } else {
        body[range.end..].find('\n').map_or(body.len(), |i| range.end + i + 1)
    }
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

/// `text` without its surrounding whitespace, in place (no new string).
fn trimmed(mut text: String) -> String {
    let end = text.trim_end().len();
    text.truncate(end);
    let start = text.len() - text.trim_start().len();
    text.drain(..start);
    text
}

/// [`trimmed`] for a title that may be borrowed.
fn trimmed_title(title: Cow<'_, str>) -> Cow<'_, str> {
    match title {
        Cow::Borrowed(t) => Cow::Borrowed(t.trim()),
        Cow::Owned(t) => Cow::Owned(trimmed(t)),
    }
}

/// Every heading of `body` with its section.
#[cfg(test)]
pub(crate) fn sections(body: &str) -> Vec<Section<'_>> {
    sections_and_comments(body).0
}

/// Every heading of `body` with its section, and the byte ranges of its
/// HTML comments (see [`crate::comments`]), found in the same pass.
///
/// A body whose every line is of a kind that leaves its block structure
/// in no doubt (see [`headings_by_lines`]), as most skill pages are, is
/// read line by line; any other is read with pulldown-cmark. Both give the
/// same sections (`sections_by_lines_agree_with_pulldown_cmark`).
pub(crate) fn sections_and_comments(body: &str) -> (Vec<Section<'_>>, Vec<Range<usize>>) {
    match headings_by_lines(body) {
        Some((heads, labels)) => (assemble(body, heads, labels), Vec::new()),
        None => {
            let (heads, labels, comments) = headings_by_pulldown(body);
            (assemble(body, heads, labels), comments)
        }
    }
}

/// Whether the line reading of `body`, if it reads it, finds the sections
/// and comments pulldown-cmark finds (for the fuzz target).
pub(crate) fn readings_agree(body: &str) -> bool {
    both_readings(body).is_none_or(|(by_lines, by_pulldown, comments)| comments.is_empty() && by_lines == by_pulldown)
}

/// What a section is, to compare readings: title, level, heading start,
/// content, whether a label.
type Shape = (String, u8, usize, Range<usize>, bool);

/// The sections of `body` as the line reading and pulldown-cmark find them,
/// and pulldown-cmark's comments; `None` when the line reading leaves the
/// body to pulldown-cmark.
fn both_readings(body: &str) -> Option<(Vec<Shape>, Vec<Shape>, Comments)> {
    let shape = |sections: Vec<Section<'_>>| -> Vec<Shape> {
        sections.into_iter().map(|s| (s.title.into_owned(), s.level, s.heading_start, s.content, s.pseudo)).collect()
    };
    let (heads, labels) = headings_by_lines(body)?;
    let (p_heads, p_labels, comments) = headings_by_pulldown(body);
    Some((shape(assemble(body, heads, labels)), shape(assemble(body, p_heads, p_labels)), comments))
}

/// The byte ranges of a body's HTML comments.
type Comments = Vec<Range<usize>>;

/// Headings: title, level, the heading's lines.
type Heads<'a> = Vec<(Cow<'a, str>, u8, Range<usize>)>;

/// Labels: title, its line.
type Labels = Vec<(String, Range<usize>)>;

/// Headings and labels.
type Headings<'a> = (Heads<'a>, Labels);

/// The headings and labels of `body` as pulldown-cmark reads it, and its
/// HTML comments.
fn headings_by_pulldown(body: &str) -> (Heads<'_>, Labels, Comments) {
    let mut comments = Vec::new();
    // A skill page has about six headings: one allocation for most.
    let mut heads: Vec<(Cow<'_, str>, u8, Range<usize>)> = Vec::with_capacity(8);
    let mut current: Option<(Cow<'_, str>, u8, usize)> = None;
    // Labels (`**Flags:**`, `Flags:`, `OPTIONS`) in top-level paragraphs.
    let mut labels: Vec<(String, Range<usize>)> = Vec::new();
    let mut containers = 0usize;
    let mut label: Option<(Label, String, usize)> = None;
    for (ev, range) in Parser::new_ext(body, Options::empty()).into_offset_iter() {
        crate::comments::push_comments(body, &ev, &range, &mut comments);
        if let Some((state, text, start)) = &mut label {
            *state = match (&ev, *state) {
                (Event::Start(Tag::Strong | Tag::Emphasis), Label::Start) => Label::Inside,
                // `Flags:` or `OPTIONS` as plain text (vetted on its line
                // below, before any of this runs).
                (Event::Text(t), Label::Start) => {
                    text.push_str(t);
                    Label::After
                }
                (Event::Text(t), Label::Inside) => {
                    text.push_str(t);
                    Label::Inside
                }
                (Event::End(TagEnd::Strong | TagEnd::Emphasis), Label::Inside) => Label::After,
                (Event::Text(t), Label::After) if t.trim() == ":" => Label::After,
                (Event::End(TagEnd::Paragraph), Label::After) => {
                    if pseudo_heading_name(text) {
                        labels.push((trimmed(std::mem::take(text)), *start..line_end(body, &range)));
                    }
                    Label::No
                }
                _ => Label::No,
            };
            if *state == Label::No {
                label = None;
            }
        }
        match ev {
            Event::Start(Tag::Heading { level, .. }) => {
                current = Some((Cow::Borrowed(""), level_num(level), range.start))
            }
            Event::Start(Tag::BlockQuote(_) | Tag::List(_) | Tag::Item) => containers += 1,
            Event::End(TagEnd::BlockQuote(_) | TagEnd::List(_) | TagEnd::Item) => {
                containers = containers.saturating_sub(1);
            }
            // Only a paragraph that starts with emphasis, or whose first
            // line is a label of its own, may be a label.
            Event::Start(Tag::Paragraph)
                if containers == 0
                    && (matches!(body.as_bytes().get(range.start), Some(b'*' | b'_'))
                        || plain_label_at(body, range.start)) =>
            {
                label = Some((Label::Start, String::new(), range.start));
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((title, _, _)) = &mut current {
                    match t {
                        CowStr::Borrowed(piece) if title.is_empty() => *title = Cow::Borrowed(piece),
                        t => title.to_mut().push_str(&t),
                    }
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((title, level, start)) = current.take() {
                    // The heading's range ends at its line's end (setext:
                    // after the underline).
                    heads.push((trimmed_title(title), level, start..line_end(body, &range)));
                }
            }
            _ => {}
        }
    }
    (heads, labels, comments)
}

/// The headings and labels of `body` read line by line, or `None` when a
/// line might mean something only a CommonMark parser settles. Every line
/// must start at the margin (or be blank) and be one of:
///
/// - an ATX heading (`## Usage`) whose text no inline syntax can change
///   (no `` \ ` * _ [ ] < > & ! ~ # ``, no control byte);
/// - a fence (```` ``` ````, `~~~`), whose lines up to its closing fence are
///   code;
/// - a line of a paragraph, starting with a byte that starts no other
///   block: an ASCII letter, or one of ``` " ' ( ) , . / : ; ? @ $ % ^ { } | \ & ``,
///   or `--` with something other than dashes and blanks after it (a
///   flag, `--limit <n>`), or one or two `` ` `` or `~` (a code span), or `#`
///   not followed by a blank (`#tag`).
///
/// So there are no containers, no setext headings, no HTML, no link
/// definitions and no indented code, and a paragraph runs from its first
/// line to the next blank line, heading or fence. Without `<!--` there are
/// no comments. A control byte other than a line feed or a tab anywhere
/// sends the body to pulldown-cmark too.
fn headings_by_lines(body: &str) -> Option<Headings<'_>> {
    let b = body.as_bytes();
    // A control byte besides the line feed and the tab (a carriage return,
    // a NUL, a form feed, which pulldown-cmark takes for a blank after `#`
    // or `--`) sends the body to the parser.
    if has_control_byte(b) || memchr::memmem::find(b, b"<!--").is_some() {
        return None;
    }
    let mut heads: Vec<(Cow<'_, str>, u8, Range<usize>)> = Vec::with_capacity(8);
    let mut labels = Vec::new();
    let mut fence: Option<(u8, usize)> = None;
    // The paragraph being read: its first line, and whether that line is
    // a label of its own (only a paragraph of that one line is a label).
    let mut paragraph: Option<(Range<usize>, bool)> = None;
    let mut start = 0;
    while start < b.len() {
        let end = memchr::memchr(b'\n', &b[start..]).map_or(b.len(), |i| start + i);
        let next = if end < b.len() { end + 1 } else { end };
        let line = &b[start..end];
        let this = start;
        start = next;
        if let Some((ch, n)) = fence {
            if closes_fence(line, ch, n) {
                fence = None;
            }
            continue;
        }
        let first = line.first().copied();
        let kind = match first {
            None => Line::Blank,
            Some(b' ' | b'\t') if line.iter().all(|&c| c == b' ' || c == b'\t') => Line::Blank,
            Some(b' ' | b'\t') => return None,
            Some(b'#') => {
                let level = line.iter().take_while(|&&c| c == b'#').count();
                match line.get(level) {
                    None | Some(b' ' | b'\t') if level <= 6 => {
                        // Trimmed as `trimmed_title` trims pulldown-cmark's
                        // text (a no-break space too).
                        let title = body[this + level..end].trim();
                        if !title.bytes().all(inert_in_heading) {
                            return None;
                        }
                        heads.push((Cow::Borrowed(title), level as u8, this..next));
                        Line::Heading
                    }
                    _ => Line::Text,
                }
            }
            Some(c @ (b'`' | b'~')) => {
                let n = line.iter().take_while(|&&x| x == c).count();
                if n < 3 {
                    Line::Text
                } else if c == b'`' && line[n..].contains(&b'`') {
                    // Not a fence to CommonMark (a code span, maybe).
                    return None;
                } else {
                    fence = Some((c, n));
                    Line::Fence
                }
            }
            Some(b'-') if line.get(1) == Some(&b'-') && line.iter().any(|&c| !matches!(c, b'-' | b' ' | b'\t')) => {
                Line::Text
            }
            Some(c) if c.is_ascii_alphabetic() || TEXT_START.has(c) => Line::Text,
            Some(_) => return None,
        };
        match kind {
            Line::Text => match &mut paragraph {
                Some((_, label)) => *label = false,
                None => paragraph = Some((this..next, plain_label_at(body, this))),
            },
            Line::Blank | Line::Heading | Line::Fence => {
                if let Some((range, true)) = paragraph.take() {
                    push_label(body, range, &mut labels);
                }
            }
        }
    }
    if let Some((range, true)) = paragraph {
        push_label(body, range, &mut labels);
    }
    Some((heads, labels))
}

/// What a line of [`headings_by_lines`] is.
enum Line {
    Blank,
    Heading,
    Fence,
    Text,
}

/// A paragraph of one line that [`plain_label_at`] took, as a label when
/// its text names a section (as [`headings_by_pulldown`] reads it).
fn push_label(body: &str, range: Range<usize>, labels: &mut Vec<(String, Range<usize>)>) {
    let text = body[range.clone()].trim();
    if pseudo_heading_name(text) {
        labels.push((text.to_string(), range));
    }
}

/// Whether `line` closes a fence of `n` characters `ch`: at most three
/// spaces, at least `n` of them, then only spaces (pulldown-cmark 0.13
/// does not take a tab there, where CommonMark 0.31 does; the two readings
/// must agree).
fn closes_fence(line: &[u8], ch: u8, n: usize) -> bool {
    let indent = line.iter().take_while(|&&c| c == b' ').count();
    let run = line[indent..].iter().take_while(|&&c| c == ch).count();
    indent <= 3 && run >= n && line[indent + run..].iter().all(|&c| c == b' ')
}

/// A byte of a heading's text that inline parsing leaves as it is.
fn inert_in_heading(c: u8) -> bool {
    c >= 0x80 || (c >= b' ' && !INLINE_MARKUP.has(c))
}

/// The bytes that start inline markup in a heading.
const INLINE_MARKUP: AsciiSet = AsciiSet::of(b"\\`*_[]<>&!~#");

/// The punctuation a line of plain paragraph text may start with.
const TEXT_START: AsciiSet = AsciiSet::of(b"\"'(),./:;?@$%^{}|\\&");

/// Whether `b` holds a control byte other than a line feed or a tab. Read
/// in blocks without stopping early, which the compiler turns into vector
/// instructions: this runs over every file.
fn has_control_byte(b: &[u8]) -> bool {
    b.chunks(64).any(|block| block.iter().fold(false, |found, &c| found | ((c < b' ') & (c != b'\n') & (c != b'\t'))))
}

/// The sections of `body` from its headings and labels.
fn assemble<'a>(
    body: &'a str,
    heads: Vec<(Cow<'a, str>, u8, Range<usize>)>,
    labels: Vec<(String, Range<usize>)>,
) -> Vec<Section<'a>> {
    // Where each section ends, before the titles move into the sections.
    let head_ends: Vec<usize> = (0..heads.len())
        .map(|i| heads[i + 1..].iter().find(|(_, l, _)| *l <= heads[i].1).map_or(body.len(), |(_, _, r)| r.start))
        .collect();
    // A label's section ends at the next heading or label; headings'
    // sections do not see labels, so a file with headings reads as before.
    let label_ends: Vec<usize> = labels
        .iter()
        .map(|(_, range)| {
            let next_head = heads.iter().map(|(_, _, r)| r.start).find(|&s| s > range.start);
            let next_label = labels.iter().map(|(_, r)| r.start).find(|&s| s > range.start);
            next_head.into_iter().chain(next_label).min().unwrap_or(body.len())
        })
        .collect();
    let mut out = Vec::with_capacity(heads.len() + labels.len());
    for ((title, level, range), end) in heads.into_iter().zip(head_ends) {
        out.push(Section { title, level, heading_start: range.start, content: range.end.min(end)..end, pseudo: false });
    }
    for ((title, range), end) in labels.into_iter().zip(label_ends) {
        out.push(Section {
            title: title.into(),
            level: 2,
            heading_start: range.start,
            content: range.end.min(end)..end,
            pseudo: true,
        });
    }
    out
}

/// The section titled `names[0]` (ignoring case), else one titled by the
/// next name, and so on: `## Flags` wins over an `## Options` elsewhere.
/// A heading titled exactly wins over one that only [`names_section`]
/// (`## 2. Flags`, `## Flags and arguments`), which wins over a label.
pub(crate) fn find<'s, 'a>(sections: &'s [Section<'a>], names: &[&str]) -> Option<&'s Section<'a>> {
    // `## Flags:` is `## Flags` (a colon some authors end headings with).
    // A heading wins over a bold label anywhere in the file.
    let mut label = None;
    for n in names {
        for s in sections {
            if s.level >= 2 && s.title.trim_end_matches([':', ' ']).eq_ignore_ascii_case(n) {
                if !s.pseudo {
                    return Some(s);
                }
                label = label.or(Some(s));
            }
        }
    }
    sections.iter().find(|s| s.level >= 2 && !s.pseudo && names_section(&s.title, names)).or(label)
}

/// Whether a heading's title names the section called `names`, once
/// what decorates it is set aside: a section number (`2. Flags`,
/// `3) Examples`, `2.1 Options`), symbols or emoji around the words
/// (`⚙️ Flags`, `Flags —`), a note in parentheses after them (`Flags (all
/// optional)`), and words that qualify the name or join two of
/// its spellings (`Available options`, `Command-line flags`, `Flags and
/// arguments`, `Usage examples`, `Example commands`). Every word must be
/// one of those; a title with any other word (`Flags for experts`,
/// `Example output`) is another section.
fn names_section(title: &str, names: &[&str]) -> bool {
    // Qualifiers any section name may carry.
    const QUALIFIERS: &[&str] = &["and", "or", "available", "supported", "all", "command", "command-line", "cli"];
    // `Flags (all optional)`: a note in parentheses after the name.
    let title = match title.trim_end().strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
        Some((name, _)) if !name.trim().is_empty() => name,
        _ => title,
    };
    let words = title
        .trim_start_matches(|c: char| !c.is_ascii_alphabetic())
        .split(|c: char| c.is_whitespace() || matches!(c, '/' | '&' | ',' | '+'))
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
        .filter(|w| !w.is_empty());
    let mut named = false;
    for w in words {
        let is = |list: &[&str]| list.iter().any(|n| w.eq_ignore_ascii_case(n));
        if is(names) {
            named = true;
        } else if !is(QUALIFIERS)
            // `Usage examples`, `Example usage`, `Example commands`.
            && !(names.contains(&"examples") && (w.eq_ignore_ascii_case("usage") || w.eq_ignore_ascii_case("commands")))
        {
            return false;
        }
    }
    named
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

/// How many `\n` bytes `b` holds. Counted in byte-wide lanes, 255 bytes
/// at a time, which the compiler turns into vector compares; a count into
/// `usize` byte by byte does not vectorize as well (it was most of
/// [`lines`]' cost, called three times per skill file).
pub(crate) fn newlines(b: &[u8]) -> usize {
    b.chunks(255).map(|c| usize::from(c.iter().fold(0u8, |n, &x| n + u8::from(x == b'\n')))).sum()
}

/// The lines of `range` in `body`, fence delimiter lines left out.
/// `first_line` is the file line of byte 0 of `body`.
pub(crate) fn lines(body: &str, range: Range<usize>, first_line: usize) -> Vec<SourceLine<'_>> {
    let before = newlines(&body.as_bytes()[..range.start]);
    // A line per newline, and one after the last (fenced ones are left out).
    let mut out = Vec::with_capacity(newlines(&body.as_bytes()[range.clone()]) + 1);
    let mut fence: Option<(u8, usize)> = None;
    let section = &body[range];
    let b = section.as_bytes();
    // Each line with its newline, as `split_inclusive('\n')` gives them
    // (through the vectorized search: this runs over every section).
    let mut start = 0;
    let mut i = 0;
    while start < b.len() {
        let end = memchr::memchr(b'\n', &b[start..]).map_or(b.len(), |at| start + at + 1);
        let raw = &section[start..end];
        start = end;
        let line = first_line + before + i;
        i += 1;
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

/// The first fenced block of `range` written in YAML or JSON (```` ```yaml ````,
/// ```` ```yml ````, ```` ```json ````): its text, and the file line of its
/// first line (`first_line` as for [`lines`]).
pub(crate) fn data_block(body: &str, range: Range<usize>, first_line: usize) -> Option<(String, usize)> {
    const DATA_LANGUAGES: [&str; 3] = ["yaml", "yml", "json"];
    // Most sections hold no such block: one search for a language name
    // before any line is looked at.
    let section = &body[range.clone()];
    let b = section.as_bytes();
    let mut from = 0;
    let named = loop {
        let Some(i) = memchr::memchr2(b'`', b'~', &b[from..]) else { break false };
        let run = b[from + i..].iter().take_while(|&&c| c == b[from + i]).count();
        let info = section[from + i + run..].trim_start_matches([' ', '\t']).as_bytes();
        if run >= 3
            && DATA_LANGUAGES.iter().any(|l| info.get(..l.len()).is_some_and(|w| w.eq_ignore_ascii_case(l.as_bytes())))
        {
            break true;
        }
        from += i + run;
    };
    if !named {
        return None;
    }
    let before = newlines(&body.as_bytes()[..range.start]);
    let mut open: Option<((u8, usize), usize, String)> = None;
    for (i, raw) in section.split_inclusive('\n').enumerate() {
        let text = raw.trim_end_matches(['\n', '\r']);
        match (&mut open, fence_of(text)) {
            (None, Some((ch, n))) => {
                let info = text.trim_start().trim_start_matches(ch as char).trim();
                let word = info.split_whitespace().next().unwrap_or("");
                if DATA_LANGUAGES.iter().any(|l| word.eq_ignore_ascii_case(l)) {
                    open = Some(((ch, n), first_line + before + i + 1, String::new()));
                }
            }
            (Some(((ch, n), _, _)), Some((c2, n2)))
                if *ch == c2 && n2 >= *n && text.trim().bytes().all(|b| b == c2) =>
            {
                let (_, line, content) = open?;
                return Some((content, line));
            }
            (Some((_, _, content)), _) => {
                content.push_str(text);
                content.push('\n');
            }
            (None, None) => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_are_counted_across_chunks_of_any_length() {
        for len in [0, 1, 254, 255, 256, 510, 511, 1000, 70_000] {
            // Every byte a newline: lanes fill to their limit in each chunk.
            let all = vec![b'\n'; len];
            assert_eq!(newlines(&all), len);
            let mixed: Vec<u8> = (0..len).map(|i| if i % 3 == 0 { b'\n' } else { b'x' }).collect();
            assert_eq!(newlines(&mixed), mixed.iter().filter(|&&b| b == b'\n').count());
        }
    }

    /// Wherever the line reading takes a body, it finds what pulldown-cmark
    /// finds: 200,000 bodies of lines drawn from headings, labels, fences,
    /// flags, prose and every kind of line that starts another block (which
    /// the line reading must refuse, or read as CommonMark does).
    #[test]
    fn sections_by_lines_agree_with_pulldown_cmark() {
        const LINES: &[&str] = &[
            "",
            " ",
            "\t",
            "# d.a",
            "## Usage",
            "## Flags",
            "### Notes",
            "###### Six",
            "####### Seven",
            "#tag",
            "## Flags ##",
            "## `Flags`",
            "## **Flags**",
            "## Flags & more",
            "## Über ⚙️",
            "##\tTabbed",
            "##",
            "#",
            "Flags:",
            "OPTIONS",
            "Examples:",
            "Usage",
            "Flags: see below",
            "**Flags:**",
            "_Usage_",
            "--to <a>  Recipients (required)",
            "--limit <n>  Max (default: 20)",
            "-- comment",
            "-- --",
            "---",
            "--",
            "- item",
            "-item",
            "* star",
            "+ plus",
            "+1",
            "1. one",
            "2) two",
            "> quote",
            "<div>",
            "<a>",
            "<!-- c -->",
            "text <!-- c --> more",
            "    indented",
            "  two spaces",
            "```",
            "```cmd",
            "````",
            "~~~",
            "~~~ info",
            "``` a`b",
            "``",
            "`code` span",
            "~~",
            "=====",
            "Setext",
            "---",
            "[ref]: /url",
            "d.a --to x",
            "Plain prose, with (parens) and \"quotes\".",
            "\\## escaped",
            "&amp; entity",
            "|a|b|",
            "___",
            "***",
            "   ```",
            "  ~~~",
            "~~~\t",
            "``` ",
            "\t```",
            "    ```",
            "## Usage\u{a0}",
            "## \u{3000}Flags",
            "Flags:\u{a0}",
            "## a\\*b",
            "## <b>x</b>",
            "## [link](u)",
            "## x_y_z",
            "## 1. Flags",
            "## Flags (all optional)",
            "## $x$ ^y^ =z= |w|",
            "\u{0}",
            "a\r",
            "#\u{c}-t",
            "--\u{c}",
            "\u{b}x",
            "\u{feff}bom",
            "é accent",
        ];
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let (mut taken, mut cases) = (0, 0);
        let cases_wanted: usize =
            std::env::var("SECTIONS_DIFF_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(200_000);
        while cases < cases_wanted {
            cases += 1;
            let mut body = String::new();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = (x % 14) as usize;
            for _ in 0..n {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                body.push_str(LINES[(x % LINES.len() as u64) as usize]);
                if x >> 60 != 0 {
                    body.push('\n');
                }
            }
            let Some((by_lines, by_pulldown, comments)) = both_readings(&body) else { continue };
            taken += 1;
            assert!(comments.is_empty(), "{body:?}");
            assert_eq!(by_lines, by_pulldown, "{body:?}");
        }
        // The line reading takes a good share of them (else this tests
        // little).
        assert!(taken * 10 > cases, "{taken} of {cases}");
    }

    const BODY: &str = "# email.send\n\nIntro.\n\n## Usage\n\nemail.send --to <a>\n\n## Flags\n\n```\n--to  Recipients\n```\n\n### Notes\n\nx\n\nExamples\n--------\n\nemail.send --to a\n";

    #[test]
    fn finds_sections() {
        let s = sections(BODY);
        let titles: Vec<_> = s.iter().map(|s| (&*s.title, s.level)).collect();
        assert_eq!(titles, [("email.send", 1), ("Usage", 2), ("Flags", 2), ("Notes", 3), ("Examples", 2)]);
        let flags = find(&s, &["flags"]).unwrap();
        let l = lines(BODY, flags.content.clone(), 1);
        let texts: Vec<_> = l.iter().filter(|l| !l.text.is_empty()).map(|l| (l.line, l.text)).collect();
        assert_eq!(texts, [(12, "--to  Recipients"), (15, "### Notes"), (17, "x")]);
        // A heading ending with a colon is the same section.
        let colon = sections("# x\n\n## Flags:\n\n--to  Recipients\n");
        assert_eq!(find(&colon, &["flags"]).map(|s| &*s.title), Some("Flags:"));
        let ex = find(&s, &["examples"]).unwrap();
        let l = lines(BODY, ex.content.clone(), 1);
        assert_eq!(l.iter().find(|l| !l.text.is_empty()).unwrap().line, 22);
    }

    /// Numbered and decorated headings, and headings that qualify or join a
    /// section's names, are that section; an exact title wins over them,
    /// and a title with any other word is another section.
    #[test]
    fn decorated_headings_name_their_section() {
        let flags = ["flags", "options", "arguments", "parameters"];
        for title in [
            "2. Flags",
            "2) Flags",
            "2.1 Options",
            "⚙️ Flags",
            "Flags —",
            "**Flags**",
            "`Options`",
            "Available options",
            "Command-line flags",
            "Flags and arguments",
            "Options / Parameters",
        ] {
            let body = format!("# x\n\n## {title}\n\n--to  Recipients\n");
            let s = sections(&body);
            assert_eq!(find(&s, &flags).map(|s| s.content.clone()), Some(s[1].content.clone()), "{title}");
        }
        for title in ["Flags for experts", "Deprecated options", "Return values", "3D options", "Command"] {
            let body = format!("# x\n\n## {title}\n\n--to  Recipients\n");
            let s = sections(&body);
            assert!(find(&s, &flags).is_none(), "{title}");
        }
        let examples = ["examples", "example"];
        for title in ["Usage examples", "Example usage", "3. Examples", "Example commands"] {
            let body = format!("# x\n\n## {title}\n\nx --to a\n");
            let s = sections(&body);
            assert!(find(&s, &examples).is_some(), "{title}");
        }
        // `Example usage` is no Usage section.
        assert!(find(&sections("# x\n\n## Example usage\n\nx\n"), &["usage", "synopsis"]).is_none());
        // The exact title wins wherever it is; a decorated one wins over a label.
        let both = sections("# x\n\n## 1. Options\n\n--a  A\n\n## Flags\n\n--b  B\n");
        assert_eq!(find(&both, &flags).unwrap().title, "Flags");
        let label = sections("# x\n\n**Flags:**\n\n--a  A\n\n## 2. Flags\n\n--b  B\n");
        assert!(!find(&label, &flags).unwrap().pseudo);
    }

    /// `**Flags:**` alone in a paragraph is the Flags section when no
    /// heading is; in a list, a quote or a sentence it is prose.
    #[test]
    fn bold_labels_are_sections_when_no_heading_is() {
        let body = "# x.b\n\n**Usage:**\n\nx.b --n <n>\n\n**Flags**:\n\n--n  Count\n\n*Examples*\n\nx.b --n 2\n";
        let s = sections(body);
        let flags = find(&s, &["flags"]).unwrap();
        assert!(flags.pseudo);
        let l = lines(body, flags.content.clone(), 1);
        let texts: Vec<_> = l.iter().filter(|l| !l.text.is_empty()).map(|l| (l.line, l.text)).collect();
        assert_eq!(texts, [(9, "--n  Count")]);
        assert_eq!(find(&s, &["usage"]).map(|u| &body[u.content.clone()]), Some("\nx.b --n <n>\n\n"));
        assert!(find(&s, &["examples"]).is_some());
        // A heading wins; labels inside lists, quotes or sentences are prose.
        let both = sections("## Flags\n\n--a  A\n\n**Flags:**\n\n--b  B\n");
        assert!(!find(&both, &["flags"]).unwrap().pseudo);
        // As plain text: with a colon, or in capitals as man pages write.
        for body in ["Flags:\n\n--n  Count\n", "OPTIONS\n\n    --n  Count\n", "# x\n\nFLAGS:\n\n--n  Count\n"] {
            let s = sections(body);
            let flags = find(&s, &["flags", "options"]).unwrap_or_else(|| panic!("{body}"));
            assert!(lines(body, flags.content.clone(), 1).iter().any(|l| l.text.trim() == "--n  Count"), "{body}");
        }
        for prose in [
            "- **Flags:**\n",
            "> **Flags:**\n",
            "**Flags:** see below\n",
            "**Flags** and more\n",
            "**Notes:**\n",
            "Flags\n",
            "Flags: --n sets it\n",
            "Options:\n    --n  Count\n",
        ] {
            assert!(find(&sections(prose), &["flags"]).is_none(), "{prose}");
        }
    }

    #[test]
    fn headings_in_code_are_not_sections() {
        let s = sections("## Flags\n\n```\n## Not\n```\n");
        assert_eq!(s.len(), 1);
    }
}
