//! The CommonMark reading of a reply, for fences the top-level scan cannot
//! place (see [`items`](super::items)).

use super::{Command, CommandSpan, ExtractDiagnostic, ExtractDiagnosticKind, Item, Scan};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

struct Open {
    start: usize,
    line: usize,
    content: String,
}

/// Every fenced code block, in order, with the first word of its info
/// string, its source range and whether it is inside a block quote.
fn fenced(output: &str, mut each: impl FnMut(&str, Open, core::ops::Range<usize>, bool)) {
    let mut lines = Lines::default();
    let mut quotes = 0usize;
    let mut open: Option<(String, Open, bool)> = None;
    for (event, range) in Parser::new(output).into_offset_iter() {
        match event {
            Event::Start(Tag::BlockQuote(_)) => quotes += 1,
            Event::End(TagEnd::BlockQuote(_)) => quotes = quotes.saturating_sub(1),
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let language = info.split_whitespace().next().unwrap_or("");
                let line = lines.of(output, range.start);
                open = Some((language.into(), Open { start: range.start, line, content: String::new() }, quotes > 0));
            }
            Event::Text(t) => {
                if let Some((_, o, _)) = &mut open {
                    o.content.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((language, o, quoted)) = open.take() {
                    each(&language, o, range, quoted);
                }
            }
            _ => {}
        }
    }
}

pub(super) fn scan<'a>(output: &'a str, fast: &[Item<'a>]) -> Scan<'a> {
    let mut scan = Scan { items: Vec::new(), blocks: Vec::new() };
    let mut block_lines = Vec::new();
    fenced(output, |language, o, range, quoted| {
        if quoted || !language.eq_ignore_ascii_case("cmd") {
            return;
        }
        block_lines.push(o.line);
        if !closed(&output[range.clone()], &o.content) {
            let kind = ExtractDiagnosticKind::Unterminated;
            scan.items.push(Item::Problem(ExtractDiagnostic { kind, line: o.line }));
            return;
        }
        scan.blocks.push(line_start(output, o.start)..line_end(output, range.end));
        scan.items.extend(block_commands(&o, range.end).into_iter().map(Item::Command));
    });
    // A fence indented as code outside any list item stays a problem
    // to report, in its place.
    for item in fast {
        if let Item::Problem(d) = item
            && d.kind == ExtractDiagnosticKind::IndentedFence
            && !block_lines.contains(&d.line)
        {
            let at = scan.items.iter().position(|i| item_line(i) > d.line).unwrap_or(scan.items.len());
            scan.items.insert(at, item.clone());
        }
    }
    scan
}

pub(super) fn other_blocks(output: &str) -> Vec<super::OtherBlock> {
    let mut out = Vec::new();
    fenced(output, |language, o, range, quoted| {
        let cmd = language.eq_ignore_ascii_case("cmd");
        if (!cmd || quoted) && closed(&output[range.clone()], &o.content) {
            let commands = block_commands(&o, range.end);
            out.push(super::OtherBlock { language: language.into(), line: o.line, commands, text: o.content, quoted });
        }
    });
    out
}

pub(super) fn loose_lines(output: &str) -> Vec<(usize, &str)> {
    let mut lines = Lines::default();
    let mut out = Vec::new();
    // Containers and code blocks entered; only depth 0 counts.
    let mut depth = 0usize;
    for (event, range) in Parser::new(output).into_offset_iter() {
        match event {
            // An HTML comment is hidden when rendered: what the model put
            // there, it put away.
            Event::Start(Tag::HtmlBlock) if output[range.clone()].trim_start().starts_with("<!--") => depth += 1,
            Event::Start(Tag::Paragraph | Tag::HtmlBlock) if depth == 0 => {
                for (line, text) in (lines.of(output, range.start)..).zip(output[range].lines()) {
                    let text = text.trim();
                    if !text.is_empty() {
                        out.push((line, text));
                    }
                }
                depth += 1;
            }
            Event::Start(_) => depth += 1,
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    out
}

/// The commands of a closed block pulldown-cmark read, whose content
/// has the containers' indentation removed.
fn block_commands(o: &Open, end: usize) -> Vec<Command<'static>> {
    let body = super::CmdBlock { start: o.start, end, body: &o.content, line: o.line, indent: 0, closed: true };
    body.commands()
        .map(|c: CommandSpan<'_>| Command { text: Cow::Owned(c.text().into_owned()), line: c.line })
        .collect()
}

fn item_line(item: &Item<'_>) -> usize {
    match item {
        Item::Command(c) => c.line,
        Item::Problem(d) => d.line,
    }
}

/// Line numbers of bytes asked for in increasing order, each counted
/// from the one before: a reply of thousands of blocks or paragraphs is
/// read in linear time (counting from the start for each grew with their
/// square).
#[derive(Default)]
struct Lines {
    at: usize,
    newlines: usize,
}

impl Lines {
    /// 1-based line of byte `at` of `s`.
    fn of(&mut self, s: &str, at: usize) -> usize {
        if at < self.at {
            return line_of(s, at);
        }
        self.newlines += memchr::memchr_iter(b'\n', &s.as_bytes()[self.at..at]).count();
        self.at = at;
        self.newlines + 1
    }
}

/// 1-based line of byte `at`.
fn line_of(s: &str, at: usize) -> usize {
    memchr::memchr_iter(b'\n', &s.as_bytes()[..at]).count() + 1
}

fn line_start(s: &str, at: usize) -> usize {
    memchr::memrchr(b'\n', &s.as_bytes()[..at]).map_or(0, |i| i + 1)
}

fn line_end(s: &str, at: usize) -> usize {
    memchr::memchr(b'\n', &s.as_bytes()[at..]).map_or(s.len(), |i| at + i + 1)
}

/// Whether a fenced block pulldown-cmark read, from the source of its range
/// (opening fence to its end) and its content, was closed by a fence. The
/// range of a closed block ends at the end of its closing fence, whose line
/// is the only one not in the content; an unclosed block's range ends
/// after its last content line. Container prefixes (a list item's
/// indentation, `>`) are not in the content, so this holds inside them,
/// where a line that only looks like a fence (one indented four spaces
/// past the item's) is content.
fn closed(source: &str, content: &str) -> bool {
    let newlines = |s: &str| memchr::memchr_iter(b'\n', s.as_bytes()).count();
    !source.ends_with('\n')
        && (content.is_empty() || content.ends_with('\n'))
        && newlines(source) == newlines(content) + 1
}
