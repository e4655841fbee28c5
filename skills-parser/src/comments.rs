//! HTML comments in a skill's markdown: notes for its authors, which a
//! rendered page does not show.
//!
//! An author comments a flag out (`<!-- --since  Only newer -->`) or leaves
//! a note in a section (`<!-- TODO: a --format flag -->`) expecting both to
//! be invisible, as they are in every markdown viewer. So what is read from
//! a section (usage, flags, examples, placeholders, a domain's list of
//! skills) is read with its comments blanked, and the help pages a model is
//! served leave them out.
//!
//! Comments are found as CommonMark finds them (pulldown-cmark): an HTML
//! block that opens with `<!--` (it runs to the line holding `-->`), or
//! inline HTML in a paragraph. `<!--` inside a code span or a fenced block
//! is code, and stays.

use pulldown_cmark::{Event, Options, Parser, Tag};
use std::borrow::Cow;
use std::ops::Range;

/// `<!--`, searched for with a finder built once.
fn opener() -> &'static memchr::memmem::Finder<'static> {
    static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new("<!--"));
    &FINDER
}

/// The byte ranges of the HTML comments of `body`, in order. (The skill
/// parser collects them in its own pass over the body, with
/// [`push_comments`]; this is for a text nothing else parses.)
pub(crate) fn comments(body: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    // Nearly every file has none: no parse for those.
    if opener().find(body.as_bytes()).is_none() {
        return out;
    }
    for (event, range) in Parser::new_ext(body, Options::empty()).into_offset_iter() {
        push_comments(body, &event, &range, &mut out);
    }
    out
}

/// The comments of one pulldown-cmark event at `range`, if it is HTML:
/// an HTML block (which may hold several comments, and text around them
/// that a page shows) or inline HTML. Inlined where events are read: every
/// event asks, and nearly none is HTML.
#[inline]
pub(crate) fn push_comments(body: &str, event: &Event<'_>, range: &Range<usize>, out: &mut Vec<Range<usize>>) {
    let inside_block = match event {
        Event::Start(Tag::HtmlBlock) => true,
        Event::InlineHtml(_) => false,
        _ => return,
    };
    push_comments_in(body, range, inside_block, out);
}

/// The comments in `range`, HTML that is a block or inline.
fn push_comments_in(body: &str, range: &Range<usize>, inside_block: bool, out: &mut Vec<Range<usize>>) {
    let mut at = range.start;
    while let Some(open) = opener().find(&body.as_bytes()[at..range.end]) {
        let start = at + open;
        let after = start + 4;
        let end = match &body.as_bytes()[after..range.end] {
            // `<!-->` and `<!--->` are whole comments (CommonMark 0.31).
            [b'>', ..] => after + 1,
            [b'-', b'>', ..] => after + 2,
            rest => match memchr::memmem::find(rest, b"-->") {
                Some(close) => after + close + 3,
                // A block never closed runs to the end of the document
                // (or of its container): all of it is the comment.
                None if inside_block => range.end,
                None => break,
            },
        };
        out.push(start..end);
        at = end;
    }
}

/// `body` with the bytes of its comments turned into spaces (line breaks
/// kept), so that what is read from it keeps its offsets and line numbers.
pub(crate) fn blanked<'a>(body: &'a str, ranges: &[Range<usize>]) -> Cow<'a, str> {
    if ranges.is_empty() {
        return Cow::Borrowed(body);
    }
    let mut bytes = body.as_bytes().to_vec();
    for r in ranges {
        for b in bytes.get_mut(r.clone()).unwrap_or_default() {
            if !matches!(*b, b'\n' | b'\r') {
                *b = b' ';
            }
        }
    }
    // Whole characters were replaced by ASCII spaces: still UTF-8.
    Cow::Owned(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// `body` without its comments, for a help page: a line that held only
/// comments (and blanks) is left out whole, and so is a blank line that
/// would then follow another.
pub(crate) fn removed<'a>(body: &'a str, ranges: &[Range<usize>]) -> Cow<'a, str> {
    if ranges.is_empty() {
        return Cow::Borrowed(body);
    }
    // The text with each comment cut out, and which of its lines lost one.
    let mut text = String::with_capacity(body.len());
    let mut cut_lines = Vec::with_capacity(ranges.len());
    let mut lines = 0;
    let mut from = 0;
    for r in ranges {
        // In order and apart, as a parse yields them; anything else is
        // skipped rather than sliced.
        let Some(kept) = body.get(from..r.start).filter(|_| r.end <= body.len()) else { continue };
        text.push_str(kept);
        // The line of the new text the comment was cut from (the lines it
        // spanned are gone with it). Counted piece by piece: a file of
        // many comments costs no more than one of few.
        lines += memchr::memchr_iter(b'\n', kept.as_bytes()).count();
        cut_lines.push(lines);
        from = r.end;
    }
    text.push_str(&body[from..]);
    let mut out = String::with_capacity(text.len());
    let mut previous_blank = false;
    let mut previous_cut = false;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let blank = line.trim().is_empty();
        let cut = cut_lines.binary_search(&i).is_ok();
        let after_cut = std::mem::replace(&mut previous_cut, cut);
        // A line that held only a comment, or a blank line after one that
        // would follow another blank line.
        if blank && (cut || (previous_blank && after_cut)) {
            continue;
        }
        previous_blank = blank;
        if cut {
            // What stood before a comment at the end of the line.
            let content = line.trim_end_matches(['\n', '\r']);
            out.push_str(content.trim_end_matches([' ', '\t']));
            out.push_str(&line[content.len()..]);
        } else {
            out.push_str(line);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(body: &str) -> Vec<&str> {
        comments(body).into_iter().map(|r| &body[r]).collect()
    }

    #[test]
    fn finds_comments_as_commonmark_does() {
        assert_eq!(spans("a\n<!-- one -->\nb <!-- two --> c\n"), ["<!-- one -->", "<!-- two -->"]);
        // A block across lines, and text after its end on the last line.
        assert_eq!(spans("<!--\n--since  Newer\n--> tail\n"), ["<!--\n--since  Newer\n-->"]);
        // Several in one block; the short forms.
        assert_eq!(spans("<!-- a --> x <!-- b -->\n"), ["<!-- a -->", "<!-- b -->"]);
        assert_eq!(spans("<!-->\n\n<!--->\n"), ["<!-->", "<!--->"]);
        // Never closed: the block runs to the end.
        assert_eq!(spans("a\n\n<!-- open\nb\n"), ["<!-- open\nb\n"]);
        // In code, a comment is code.
        assert!(spans("`<!-- x -->`\n\n```\n<!-- y -->\n```\n\n    <!-- z -->\n").is_empty());
        assert!(spans("no comments here\n").is_empty());
    }

    #[test]
    fn blanking_keeps_offsets_and_lines() {
        let body = "--a  A\n<!--\n--b  B é\n-->\n--c  C <!-- note -->\n";
        let b = blanked(body, &comments(body));
        assert_eq!(b.len(), body.len());
        assert_eq!(b.lines().count(), body.lines().count());
        assert!(!b.contains("--b") && !b.contains("note"));
        assert!(b.contains("--a  A") && b.contains("--c  C"));
        assert!(matches!(blanked("plain\n", &[]), Cow::Borrowed(_)));
    }

    #[test]
    fn help_pages_leave_comments_out() {
        let body =
            "## Flags\n\n--a  A\n<!-- --b  B -->\n--c  C <!-- later: fuzzy -->\n\n<!-- TODO -->\n\n## Examples\n";
        assert_eq!(removed(body, &comments(body)), "## Flags\n\n--a  A\n--c  C\n\n## Examples\n");
        assert!(matches!(removed("plain\n", &[]), Cow::Borrowed(_)));
        // Ranges out of order or past the end are skipped, not sliced.
        assert_eq!(removed("ab <!-- c -->", &[3..13, 0..2, 5..99]), "ab");
    }
}
