//! Finds the commands a model wrote in ```` ```cmd ```` fenced blocks.
//!
//! Fences follow CommonMark (§4.5): a line indented by at most three spaces
//! that starts with three or more backticks or tildes opens a block; the
//! first word of the info string is the language, and only `cmd` blocks hold
//! commands (the name matched ignoring ASCII case, as renderers do). The block ends at a line of at least as many of the same
//! character (indented at most three spaces, nothing but spaces after). Every
//! fence is tracked, so a ```` ```cmd ```` inside another fenced block (an
//! example shown to the user) is not a command, and an unclosed block of
//! another language hides everything after it, as in any CommonMark renderer.
//!
//! Inside a block, a command ends at a newline that is outside quotes and
//! not escaped, so a quoted value may span lines; a backslash before the
//! newline continues the command on the next line (the pair is removed, as in
//! a POSIX shell). Blank lines and lines starting with `#` are skipped, and
//! a `$ ` prompt before a command is removed. A reply written with CRLF line
//! endings reads as one with LF: a quoted value that spans lines gets `\n`
//! between them, not `\r\n` (CommonMark's line endings), and `\` before
//! CRLF continues the line.
//!
//! A block that is never closed (truncated model output) yields a diagnostic
//! and none of its commands: a half-written command must never run.
//!
//! The scan reads fences at the top level. A fence in a list item indented
//! four spaces or more looks like indented code to it; `items` and
//! `extract` (with `std`) then read the reply again with pulldown-cmark,
//! which knows list items, so that every ```` ```cmd ```` block a renderer
//! shows runs.
//!
//! Every fence holds a run of three fence characters, and every such run
//! holds two equal fence characters at an even offset from where the scan
//! began. So one pass, 64 bytes at a time, compares 16-bit words against
//! ```` `` ```` and `~~` and counts newlines (on x86-64 with AVX2 where the
//! processor has it, SSE2 otherwise; the same bit masks bytewise
//! elsewhere); only the rare chunk with
//! such a pair is looked at more closely, and a fence line is read once. No
//! `memchr` function offers a search and a line count in one pass, and two
//! passes cost twice the memory traffic (docs/PERFORMANCE.md).

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String, vec::Vec};
use core::fmt;

/// A fenced block whose language is `cmd`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CmdBlock<'a> {
    /// Byte range of the whole block in the output, fences included (up to
    /// the end of the closing fence's line).
    pub start: usize,
    /// End of the block.
    pub end: usize,
    /// The lines between the fences, as written (indentation included).
    pub body: &'a str,
    /// 1-based line of the opening fence.
    pub line: usize,
    /// Spaces before the opening fence; removed from each body line.
    pub indent: usize,
    /// Whether a closing fence was found.
    pub closed: bool,
}

/// Something a model should fix in how it wrote its commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtractDiagnosticKind {
    /// A ```` ```cmd ```` block that is never closed; its commands did not run.
    Unterminated,
    /// A ```` ```cmd ```` fence indented four or more spaces: CommonMark reads
    /// it as indented code, so its commands did not run.
    IndentedFence,
}

/// A problem found while extracting, with its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtractDiagnostic {
    /// What.
    pub kind: ExtractDiagnosticKind,
    /// 1-based line of the fence.
    pub line: usize,
}

impl ExtractDiagnostic {
    /// Stable name.
    pub fn code(&self) -> &'static str {
        match self.kind {
            ExtractDiagnosticKind::Unterminated => "unterminated_cmd_block",
            ExtractDiagnosticKind::IndentedFence => "indented_cmd_fence",
        }
    }

    /// Whether commands were dropped because of it.
    pub fn is_error(&self) -> bool {
        true
    }
}

impl fmt::Display for ExtractDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ExtractDiagnosticKind::Unterminated => write!(
                f,
                "the ```cmd block opened on line {} is never closed, so none of its commands ran; close it with ``` on its own line",
                self.line
            ),
            ExtractDiagnosticKind::IndentedFence => write!(
                f,
                "the ```cmd fence on line {} is indented four or more spaces (or a tab), which makes it indented code, so its commands did not run; indent fences at most three spaces",
                self.line
            ),
        }
    }
}

/// An opening or closing fence line.
#[derive(Clone, Copy, Debug)]
struct Fence {
    /// Offset of the first byte of the line.
    line_start: usize,
    /// Offset just past the line's newline (or the end of input).
    line_end: usize,
    /// Spaces before the fence characters.
    indent: usize,
    /// `` ` `` or `~`.
    ch: u8,
    /// Number of fence characters.
    len: usize,
    /// The info string, trimmed.
    info: (usize, usize),
}

/// Offset just past the newline that ends the line holding `pos` (or the
/// end of input).
fn line_end_after(s: &[u8], pos: usize) -> usize {
    match memchr::memchr(b'\n', &s[pos..]) {
        Some(i) => pos + i + 1,
        None => s.len(),
    }
}

/// If a fence run starts at `pos`, the fence it forms (any indentation
/// reported; the caller decides what indentation means).
///
/// One forward pass over the rest of the line finds its end, the info
/// string (trimmed of spaces and tabs, and at the end of a carriage return)
/// and any backtick in it; fence lines are short, so this beats separate
/// searches.
#[inline(always)]
fn fence_at(s: &[u8], pos: usize) -> Option<Fence> {
    // The run must start the line after spaces only (so it is not the tail
    // of a longer run either); tabs are [`tab_indented_fence`]'s.
    let indent = s[..pos].iter().rev().take_while(|&&c| c == b' ').count();
    let line_start = pos - indent;
    if line_start > 0 && s[line_start - 1] != b'\n' {
        return None;
    }
    fence_after_indent(s, pos, line_start, indent)
}

/// [`fence_at`] once the line's start and the indentation are known.
#[inline(always)]
fn fence_after_indent(s: &[u8], pos: usize, line_start: usize, indent: usize) -> Option<Fence> {
    let ch = s[pos];
    let len = s[pos..].iter().take_while(|&&c| c == ch).count();
    if len < 3 {
        return None;
    }
    let run_end = pos + len;
    // The usual opener, read at once: the info string `cmd`, then the line's end.
    if s.get(run_end..run_end + 4) == Some(b"cmd\n") {
        return Some(Fence { line_start, line_end: run_end + 4, indent, ch, len, info: (run_end, run_end + 3) });
    }
    let mut info_start = usize::MAX;
    let mut content_end = run_end;
    let mut backtick = false;
    let mut i = run_end;
    let line_end = loop {
        let Some(&c) = s.get(i) else { break s.len() };
        match c {
            b'\n' => break i + 1,
            b' ' | b'\t' => {}
            // Trimmed at the end only, like the spaces after it.
            b'\r' => info_start = info_start.min(i),
            _ => {
                info_start = info_start.min(i);
                content_end = i + 1;
                backtick |= c == b'`';
            }
        }
        i += 1;
    };
    // A backtick fence's info string may not contain a backtick (it would be
    // an inline code span instead).
    if ch == b'`' && backtick {
        return None;
    }
    Some(Fence { line_start, line_end, indent, ch, len, info: (info_start.min(content_end), content_end) })
}

/// [`fence_at`] for a run with tabs among the blanks before it (`None`
/// without one). A tab goes to the next multiple of four columns
/// (CommonMark), so such a fence is indented code, which the caller
/// reports. Out of line: the common, space-indented case pays nothing.
#[cold]
#[inline(never)]
fn tab_indented_fence(s: &[u8], pos: usize) -> Option<Fence> {
    let spaces = s[..pos].iter().rev().take_while(|&&c| c == b' ').count();
    if pos == spaces || s[pos - spaces - 1] != b'\t' {
        return None;
    }
    let blanks = s[..pos].iter().rev().take_while(|&&c| c == b' ' || c == b'\t').count();
    let line_start = pos - blanks;
    if line_start > 0 && s[line_start - 1] != b'\n' {
        return None;
    }
    let indent = s[line_start..pos].iter().fold(0, |col, &c| if c == b'\t' { col + 4 - col % 4 } else { col + 1 });
    fence_after_indent(s, pos, line_start, indent)
}

/// The indentation of a fence on a list item's line, as
/// [`list_item_fence`] returns it (its content column is found again
/// where it is read, off the common path).
const LIST_ITEM: usize = usize::MAX;

/// The fence at `run` when it stands on a list item's line
/// ([`list_item_start`]), marked with the indentation [`LIST_ITEM`].
#[cold]
#[inline(never)]
fn list_item_fence(s: &[u8], run: usize) -> Option<Fence> {
    let line_start = list_item_start(s, run)?;
    fence_after_indent(s, run, line_start, LIST_ITEM)
}

/// If the run at `run` follows the start of a list item on its line (or of
/// items nested on one line, `1. - `), the line's start: up to three spaces,
/// a bullet (`-`, `+`, `*`) or an ordinal (one to nine digits, then `.` or
/// `)`), then one to four spaces (CommonMark 5.2; five would make the rest
/// indented code). Out of line: only runs that are not fences get here.
fn list_item_start(s: &[u8], run: usize) -> Option<usize> {
    // The line's start, looked for at most 64 bytes back: no list prefix
    // a model writes is longer, and looking further would make a line of
    // many runs cost its length squared.
    let from = run.saturating_sub(64);
    let line_start = match memchr::memrchr(b'\n', &s[from..run]) {
        Some(i) => from + i + 1,
        None if from == 0 => 0,
        None => return None,
    };
    let p = &s[line_start..run];
    let mut i = p.iter().take(4).take_while(|&&c| c == b' ').count();
    if i > 3 {
        return None;
    }
    loop {
        match p.get(i) {
            Some(b'-' | b'+' | b'*') => i += 1,
            Some(c) if c.is_ascii_digit() => {
                let digits = p[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                if digits > 9 || !matches!(p.get(i + digits), Some(b'.' | b')')) {
                    return None;
                }
                i += digits + 1;
            }
            _ => return None,
        }
        let spaces = p[i..].iter().take_while(|&&c| c == b' ').count();
        if spaces == 0 || spaces > 4 {
            return None;
        }
        i += spaces;
        if i == p.len() {
            return Some(line_start);
        }
    }
}

fn is_cmd_info(s: &[u8], f: &Fence) -> bool {
    let info = &s[f.info.0..f.info.1];
    let word_end = info.iter().position(|b| matches!(b, b' ' | b'\t')).unwrap_or(info.len());
    // Markdown renderers match a language name ignoring case, and so do
    // models: ```` ```CMD ```` is a command block too.
    // Setting bit 5 lowers an ASCII capital and changes no other byte into
    // one of these three letters.
    matches!(&info[..word_end], [c, m, d] if c | 0x20 == b'c' && m | 0x20 == b'm' && d | 0x20 == b'd')
}

/// Iterator over the ```` ```cmd ```` blocks of a model's output, in order.
///
/// Yields blocks whether or not they are closed (see [`CmdBlock::closed`]),
/// and fence problems as diagnostics.
pub struct Blocks<'a> {
    text: &'a str,
    /// Where the scan resumes; every newline before it has been counted.
    pos: usize,
    /// The 1-based line of the byte at `pos`.
    line: usize,
    done: bool,
    /// Some opening fence so far stood on a list item's line.
    saw_list_item: bool,
}

impl fmt::Debug for Blocks<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Blocks").field("pos", &self.pos).field("line", &self.line).finish_non_exhaustive()
    }
}

/// One thing found by [`Blocks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found<'a> {
    /// A ```` ```cmd ```` block.
    Block(CmdBlock<'a>),
    /// A fence problem.
    Diagnostic(ExtractDiagnostic),
}

/// The ```` ```cmd ```` blocks of `output`, without allocating.
pub fn blocks(output: &str) -> Blocks<'_> {
    Blocks { text: output, pos: 0, line: 1, done: false, saw_list_item: false }
}

// Fence candidates found 64 bytes at a time; the commands of one block;
// the CommonMark reading for fences inside list items and HTML blocks.
mod commands;
#[cfg(feature = "std")]
mod commonmark;
mod scan;

pub use commands::{BlockCommands, CommandSpan};
use scan::*;

impl<'a> Blocks<'a> {
    /// Start of the next run of three fence characters (`only`, or either)
    /// at or after `self.pos`; `self.pos` and `self.line` move to it.
    #[inline(always)]
    fn next_run(&mut self, only: Option<u8>) -> Option<usize> {
        let s = self.text.as_bytes();
        let (a, b) = match only {
            Some(c) => (c, c),
            None => (b'`', b'~'),
        };
        let mut i = self.pos;
        let mut line = self.line;
        loop {
            let stop = skip_chunks(s, i, a, b);
            i = stop.at;
            line += stop.newlines;
            let mut pairs = stop.pairs;
            if pairs == 0 {
                break;
            }
            while pairs != 0 {
                let w = i + pairs.trailing_zeros() as usize;
                // The first pair of a run lies on its first or second byte
                // (and never before the scan's start, which follows a
                // newline or ends a run), so the run starts here or one
                // before; it counts if three long.
                let c = s[w];
                let start = if w > self.pos && s[w - 1] == c { w - 1 } else { w };
                if start < w || s.get(w + 2) == Some(&c) {
                    let k = start.saturating_sub(i);
                    self.pos = start;
                    self.line = line + few_ones(stop.newline_mask & ((1 << k) - 1));
                    return Some(start);
                }
                pairs &= pairs - 1;
            }
            line += stop.newline_mask.count_ones() as usize;
            i += 64;
        }
        self.pos = s.len();
        self.line = line;
        None
    }

    /// The next line from `self.pos` that is a fence (of character `only`,
    /// or either), with its line number; `self.pos` moves past that line.
    #[inline(always)]
    fn next_fence(&mut self, only: Option<u8>) -> Option<(Fence, usize)> {
        let s = self.text.as_bytes();
        loop {
            let run = self.next_run(only)?;
            // Only spaces lie between the line's start and the run, so the
            // run's line is the fence's.
            let line = self.line;
            // Tabs before a run are rare: looked at only when spaces alone
            // do not make a fence, and only for an opening fence (a closing
            // one indented a tab's four columns does not close).
            let found = match fence_at(s, run) {
                // An opening fence on a list item's own line (`- ```cmd`,
                // `1. ```cmd`) is a fenced block in that item, indented to
                // its text: returned marked, so that `next` finds it on its
                // path for fences indented four spaces or more, and the
                // common path has no test of its own for it.
                None if only.is_none() => tab_indented_fence(s, run).or_else(|| list_item_fence(s, run)),
                found => found,
            };
            match found {
                Some(f) => {
                    self.pos = f.line_end;
                    if s[f.line_end - 1] == b'\n' {
                        self.line += 1;
                    }
                    return Some((f, line));
                }
                None => {
                    // Not a fence: resume after the whole run (no newline in it).
                    let mut end = run + 3;
                    while end < s.len() && s[end] == s[run] {
                        end += 1;
                    }
                    self.pos = end;
                }
            }
        }
    }

    /// The fence that closes `open`, after the lines already read.
    fn closing(&mut self, open: &Fence) -> Option<Fence> {
        while let Some((f, _)) = self.next_fence(Some(open.ch)) {
            if f.indent <= 3 && f.len >= open.len && f.info.0 == f.info.1 {
                return Some(f);
            }
        }
        None
    }
}

impl<'a> Iterator for Blocks<'a> {
    type Item = Found<'a>;

    fn next(&mut self) -> Option<Found<'a>> {
        if self.done {
            return None;
        }
        let s = self.text.as_bytes();
        loop {
            let Some((open, line)) = self.next_fence(None) else {
                self.done = true;
                return None;
            };
            if open.indent > 3 {
                if open.indent == LIST_ITEM {
                    match self.list_item_block(open, line) {
                        Some(found) => return Some(found),
                        None => continue,
                    }
                }
                // Indented code, not a fence; say so only for `cmd`, where a
                // model expected its commands to run.
                if is_cmd_info(s, &open) {
                    return Some(Found::Diagnostic(ExtractDiagnostic {
                        kind: ExtractDiagnosticKind::IndentedFence,
                        line,
                    }));
                }
                continue;
            }
            let body_start = open.line_end;
            let close = self.closing(&open);
            let (body_end, end, closed) = match close {
                Some(c) => (c.line_start, c.line_end, true),
                None => (s.len(), s.len(), false),
            };
            if !is_cmd_info(s, &open) {
                if !closed {
                    // CommonMark: an unclosed fence runs to the end.
                    self.done = true;
                    return None;
                }
                continue;
            }
            if !closed {
                self.done = true;
            }
            return Some(Found::Block(CmdBlock {
                start: open.line_start,
                end,
                body: &self.text[body_start..body_end],
                line,
                indent: open.indent,
                closed,
            }));
        }
    }
}

impl<'a> Blocks<'a> {
    /// [`Iterator::next`] for a fence on a list item's line. Such a block
    /// is one this scan can place only when it closes inside the item: the
    /// lines after the fence are read up to the first that is not blank
    /// and is indented less than the item's text (which ends the item), and
    /// a closing fence among them is at most three spaces past that text.
    /// Otherwise the item ends the block where this scan cannot follow, so
    /// the fence is read past, as any line that is not a fence (`None`, and
    /// the scan goes on). Only the item's lines are read, so a reply of
    /// many such fences is read in linear time.
    #[cold]
    #[inline(never)]
    fn list_item_block(&mut self, open: Fence, line: usize) -> Option<Found<'a>> {
        self.saw_list_item = true;
        let s = self.text.as_bytes();
        // The item's text starts at the fence: the first fence character
        // on the line, as the list markers before it hold none.
        let column = s[open.line_start..].iter().position(|&c| c == open.ch).unwrap_or(0);
        let open = Fence { indent: column, ..open };
        let mut at = open.line_end;
        let close = loop {
            if at >= s.len() {
                break None;
            }
            let end = line_end_after(s, at);
            let spaces = s[at..end].iter().take_while(|&&c| c == b' ').count();
            let rest = &s[at + spaces..end];
            if rest.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n')) {
                at = end;
                continue;
            }
            if spaces < column {
                break None;
            }
            if spaces <= column + 3
                && rest[0] == open.ch
                && let Some(f) = fence_after_indent(s, at + spaces, at, spaces)
                && f.len >= open.len
                && f.info.0 == f.info.1
            {
                break Some(f);
            }
            at = end;
        };
        let Some(close) = close else {
            self.pos = open.line_end;
            self.line = line + 1;
            return None;
        };
        self.pos = close.line_end;
        self.line = line + memchr::memchr_iter(b'\n', &s[open.line_start..close.line_end]).count();
        is_cmd_info(s, &open).then(|| {
            Found::Block(CmdBlock {
                start: open.line_start,
                end: close.line_end,
                body: &self.text[open.line_end..close.line_start],
                line,
                indent: open.indent,
                closed: true,
            })
        })
    }
}

/// A command extracted from model output.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command<'a> {
    /// The command line, ready for the tokenizer.
    pub text: Cow<'a, str>,
    /// 1-based line in the output where it starts.
    pub line: usize,
}

/// Everything [`extract`] found.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extraction<'a> {
    /// Commands of closed ```` ```cmd ```` blocks, in order.
    pub commands: Vec<Command<'a>>,
    /// The output without its ```` ```cmd ```` blocks (the conversational
    /// text), trimmed. An unclosed block stays in the text.
    pub text: String,
    /// Fence problems.
    pub diagnostics: Vec<ExtractDiagnostic>,
}

/// What a reply asks for, in order: [`items`].
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// A command of a closed ```` ```cmd ```` block.
    Command(Command<'a>),
    /// A fence problem, where it happened: those commands did not run.
    Problem(ExtractDiagnostic),
}

/// The items of a reply and the byte ranges of its closed command blocks.
#[cfg(feature = "alloc")]
struct Scan<'a> {
    items: Vec<Item<'a>>,
    blocks: Vec<core::ops::Range<usize>>,
}

/// The commands and fence problems of a model's output, in the order
/// written.
///
/// The scan above reads fences at the top level (and on a list item's own
/// line, `- ```cmd`). A ```` ```cmd ```` fence
/// indented four spaces or more is indented code there, but inside a list
/// item (`- Search:` then the fence under it) it is a fenced block; so with
/// `std`, a reply with such a fence is read again by pulldown-cmark, which
/// knows list items, and its answer is taken. So is a reply with a line
/// that may open an HTML block (`<!--`, `<div>`): a fence inside one is
/// text, as a renderer shows it, and runs nothing. A block inside a block
/// quote (`> ```cmd`) is quoted text, in either reading, and does not run.
///
/// ````
/// use skills_core::extract::{Item, items};
/// let reply = "Not yet:\n\n<!--\n```cmd\nemail.send --to a@b.co\n```\n-->\n\n```cmd\nget_skill\n```\n";
/// let run: Vec<_> = items(reply).into_iter().filter_map(|i| match i {
///     Item::Command(c) => Some(c.text),
///     Item::Problem(_) => None,
/// }).collect();
/// assert_eq!(run, ["get_skill"]);
/// ````
#[cfg(feature = "alloc")]
pub fn items(output: &str) -> Vec<Item<'_>> {
    scan(output).items
}

#[cfg(feature = "alloc")]
fn scan(output: &str) -> Scan<'_> {
    let mut scan = Scan { items: Vec::new(), blocks: Vec::new() };
    let mut indented = false;
    let mut found_blocks = blocks(output);
    for found in &mut found_blocks {
        match found {
            Found::Diagnostic(d) => {
                indented |= d.kind == ExtractDiagnosticKind::IndentedFence;
                scan.items.push(Item::Problem(d));
            }
            Found::Block(b) if b.closed => {
                scan.blocks.push(b.start..b.end);
                scan.items.extend(b.commands().map(|c| Item::Command(Command { text: c.text(), line: c.line })));
            }
            Found::Block(b) => scan
                .items
                .push(Item::Problem(ExtractDiagnostic { kind: ExtractDiagnosticKind::Unterminated, line: b.line })),
        }
    }
    #[cfg(feature = "std")]
    // Not only when the scan found a block: an HTML block can also hide
    // the opening fence of another language's block that would otherwise
    // swallow a ```cmd block after it.
    if indented || found_blocks.saw_list_item || may_open_html_block(output) {
        return commonmark::scan(output, &scan.items);
    }
    let _ = (indented, found_blocks);
    scan
}

/// Whether a line of `output` could open an HTML block (CommonMark 4.6: `<`
/// after at most three spaces, then a letter, `/`, `!` or `?`). Inside an
/// HTML block a fence is text, not a fence: a block under `<!--` runs to
/// the `-->`, one under `<div>` with no blank line between them to the next
/// blank line, and a renderer shows the ```` ```cmd ```` in it as text. The
/// top-level scan does not follow HTML blocks, so such a reply is read
/// again with pulldown-cmark (a false alarm, as an autolink
/// `<https://...>` starting a line, only costs that reading).
///
/// Only the bytes just before each `<` are looked at, so the test is linear
/// in the reply's length however many `<` it holds.
#[cfg(feature = "std")]
fn may_open_html_block(output: &str) -> bool {
    let b = output.as_bytes();
    memchr::memchr_iter(b'<', b).any(|at| {
        let spaces = b[..at].iter().rev().take(4).take_while(|&&c| c == b' ').count();
        spaces <= 3
            && (at == spaces || b[at - spaces - 1] == b'\n')
            && b.get(at + 1).is_some_and(|&c| c.is_ascii_alphabetic() || matches!(c, b'/' | b'!' | b'?'))
    })
}

/// A closed fenced code block of another language than `cmd`, read the way
/// a ```` ```cmd ```` block would be; see [`other_blocks`].
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherBlock {
    /// The first word of the info string (`bash`), empty when there is none.
    pub language: String,
    /// 1-based line of the opening fence.
    pub line: usize,
    /// Its lines split into commands as in a ```` ```cmd ```` block
    /// (continuations joined, blank lines and `#` lines skipped).
    pub commands: Vec<Command<'static>>,
    /// Its content as CommonMark reads it (what a block quote's `>` or a
    /// list item's indentation adds is not in it), every line kept: the
    /// text a Python call in a ```` ```tool_code ```` block is read from.
    /// Its first line is the one after the opening fence.
    pub text: String,
    /// Inside a block quote (`> ```cmd`): quoted, so it did not run even
    /// when it is a ```` ```cmd ```` block.
    pub quoted: bool,
}

/// The closed fenced code blocks of a reply that did not run, as
/// CommonMark reads them (list items included): those outside block
/// quotes that are not ```` ```cmd ```` blocks, and the ```` ```cmd ````
/// blocks inside one ([`OtherBlock::quoted`]).
///
/// A model that writes a command in a ```` ```bash ```` block has it shown,
/// not run; an application can tell it so (`Turn` does, for replies
/// without commands). This reads the reply with pulldown-cmark, so it is
/// for that fallback, not for every reply.
///
/// ````
/// use skills_core::extract::other_blocks;
/// let blocks = other_blocks("Searching:\n\n```bash\ntasks.search --overdue\n```\n");
/// assert_eq!((blocks[0].language.as_str(), blocks[0].line), ("bash", 3));
/// assert_eq!(blocks[0].commands[0].text, "tasks.search --overdue");
/// assert_eq!(blocks[0].text, "tasks.search --overdue\n");
/// ````
#[cfg(feature = "std")]
pub fn other_blocks(output: &str) -> Vec<OtherBlock> {
    commonmark::other_blocks(output)
}

/// The lines of a reply's top-level paragraphs and HTML blocks, with their
/// 1-based line numbers: the prose around its code, as CommonMark reads it
/// (nothing inside a code block, list or block quote).
///
/// A model that writes a command bare on its own line, or inside a tag such
/// as `<cmd>...</cmd>`, has it shown, not run; `Turn` tells it so for
/// replies without commands, from these lines.
///
/// ````
/// use skills_core::extract::loose_lines;
/// let lines = loose_lines("Searching:\n\n<cmd>\ntasks.search --overdue\n</cmd>\n\n```cmd\nx\n```\n");
/// assert_eq!(lines, [(1, "Searching:"), (3, "<cmd>"), (4, "tasks.search --overdue"), (5, "</cmd>")]);
/// ````
#[cfg(feature = "std")]
pub fn loose_lines(output: &str) -> Vec<(usize, &str)> {
    commonmark::loose_lines(output)
}

/// Extracts the commands and the conversational text of a model's output.
///
/// ````
/// use skills_core::extract::extract;
/// let out = extract("Sending now.\n\n```cmd\nemail.send --to bob@co.com --subject \"Q1\" --body \"Hi\"\n```\n\nDone!");
/// assert_eq!(out.commands.len(), 1);
/// assert_eq!(out.commands[0].text, r#"email.send --to bob@co.com --subject "Q1" --body "Hi""#);
/// assert_eq!(out.text, "Sending now.\n\nDone!");
/// ````
#[cfg(feature = "alloc")]
pub fn extract(output: &str) -> Extraction<'_> {
    let scan = scan(output);
    let mut ex = Extraction::default();
    let mut text = String::with_capacity(output.len());
    let mut last = 0;
    for range in &scan.blocks {
        // Blocks come in order and never share a line; `max` keeps a slip
        // in that from ever panicking.
        text.push_str(output.get(last..range.start.max(last)).unwrap_or(""));
        last = range.end.max(last);
    }
    text.push_str(&output[last..]);
    for item in scan.items {
        match item {
            Item::Command(c) => ex.commands.push(c),
            Item::Problem(d) => ex.diagnostics.push(d),
        }
    }
    ex.text = tidy_text(&text);
    ex
}

/// Trims the text and collapses the blank lines left where blocks were.
#[cfg(feature = "alloc")]
fn tidy_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_run = 0;
    for line in text.trim().split('\n') {
        if line.trim().is_empty() {
            blank_run += 1;
            if blank_run > 1 {
                continue;
            }
        } else {
            blank_run = 0;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line.trim_end_matches('\r'));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::v1::*;

    #[cfg(feature = "alloc")]
    fn cmds(s: &str) -> Vec<String> {
        extract(s).commands.into_iter().map(|c| c.text.into_owned()).collect()
    }

    /// The line each command starts on.
    #[cfg(feature = "alloc")]
    fn lines(s: &str) -> Vec<usize> {
        extract(s).commands.iter().map(|c| c.line).collect()
    }

    /// Thousands of blocks and paragraphs get their line numbers in one
    /// pass (counted from the start of the reply for each, the time grew
    /// with their square); the counts and lines are asserted.
    #[cfg(feature = "std")]
    #[test]
    fn thousands_of_blocks_and_paragraphs_are_numbered_in_one_pass() {
        let reply = "Text.\n\n```bash\ntasks.search\n```\n\n".repeat(20_000);
        let blocks = other_blocks(&reply);
        assert_eq!(blocks.len(), 20_000);
        assert_eq!((blocks[0].line, blocks[19_999].line), (3, 3 + 6 * 19_999));
        let prose = loose_lines(&reply);
        assert_eq!((prose.len(), prose[19_999].0), (20_000, 1 + 6 * 19_999));
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn seed_example() {
        let s = "I'll search for your overdue tasks and send them to Bob.\n\n```cmd\ntasks.search --status overdue --assignee me\n```\n\nFound 3 overdue tasks. Sending the report now.\n\n```cmd\nemail.send --to bob@co.com --subject \"Overdue Tasks Report\" --body \"Here are the 3 overdue tasks: ...\"\n```\n\nDone! Report sent to Bob.\n";
        let ex = extract(s);
        assert_eq!(ex.commands.len(), 2);
        assert_eq!(ex.commands[0].line, 4);
        assert_eq!(ex.commands[1].line, 10);
        assert_eq!(
            ex.text,
            "I'll search for your overdue tasks and send them to Bob.\n\nFound 3 overdue tasks. Sending the report now.\n\nDone! Report sent to Bob."
        );
        assert!(ex.diagnostics.is_empty());
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn shell_prompts_are_removed() {
        let s = "```cmd\n$ tasks.search --limit 1\n  $\ttasks.get --id 'a $ b'\n$\n$tasks.x\n$ \n```\n";
        assert_eq!(cmds(s), ["tasks.search --limit 1", "tasks.get --id 'a $ b'", "$", "$tasks.x"]);
        let ex = extract("```cmd\n\n$ a\n```\n");
        assert_eq!(ex.commands[0].line, 3);
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn quoted_newlines_and_continuations() {
        let s = "```cmd\nemail.send --to a@b.c --body \"line one\nline two\"\ntasks.search \\\n  --overdue\n# a comment\n\n```\n";
        assert_eq!(cmds(s), ["email.send --to a@b.c --body \"line one\nline two\"", "tasks.search   --overdue"]);
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn a_quote_never_closed_ends_with_its_line() {
        // The apostrophe opens a quote the block never closes: the next
        // line is a command of its own, not part of this one.
        let s = "```cmd\nmemory.save --content it's sunny\ntasks.search \\\n  --limit 1\n```\n";
        assert_eq!(cmds(s), ["memory.save --content it's sunny", "tasks.search   --limit 1"]);
        assert_eq!(lines(s), [2, 3]);
        // Closed on a later line, a quote still spans lines.
        assert_eq!(cmds("```cmd\na --b \"x\ny\" --c\nd\n```\n"), ["a --b \"x\ny\" --c", "d"]);
        // Opened on a continuation line: the command ends with that line.
        assert_eq!(cmds("```cmd\na \\\n  --b \"x\nd\n```\n"), ["a   --b \"x", "d"]);
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn here_documents_belong_to_their_command() {
        // The text's lines are not commands; the next command is.
        let s = "```cmd\nemail.send --body <<EOF\ntasks.delete --id 3\n  EOF\ntasks.search\n```\n";
        assert_eq!(cmds(s), ["email.send --body <<EOF\ntasks.delete --id 3\n  EOF", "tasks.search"]);
        assert_eq!(lines(s), [2, 5]);
        // Quoted delimiters, `<<-`, two on one line, and one never closed.
        assert_eq!(cmds("```cmd\na <<'END' <<-X\n1\nEND\n2\n\tX\nb\n```\n"), ["a <<'END' <<-X\n1\nEND\n2\n\tX", "b"]);
        assert_eq!(cmds("```cmd\na <<EOF\n1\n2\n```\n"), ["a <<EOF\n1\n2"]);
        // Quoted, a here-string, or `<<` without a word: one line.
        assert_eq!(cmds("```cmd\na \"<<EOF\"\nb <<< x\nc <<\nd\n```\n"), ["a \"<<EOF\"", "b <<< x", "c <<", "d"]);
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn fence_rules() {
        // Tildes, longer fences, info string words, up to three spaces.
        assert_eq!(cmds("~~~~cmd extra\na\n~~~\n~~~~\n"), ["a", "~~~"]);
        assert_eq!(cmds("   ```cmd\n   a\n     b\n   ```\n"), ["a", "b"]);
        assert_eq!(cmds("```cmdx\na\n```\n"), Vec::<String>::new());
        assert_eq!(cmds("``` cmd\na\n```"), ["a"]);
        // The language ignoring case; other languages stay prose.
        assert_eq!(cmds("```CMD\na\n```\n```Cmd\nb\n```\n```sh\nc\n```\n"), ["a", "b"]);
        // Closing fence must be at least as long and carry no info.
        assert_eq!(cmds("````cmd\na\n```\nb\n````\n"), ["a", "```", "b"]);
        // Inline triple backticks are not fences.
        assert_eq!(cmds("use ```cmd``` blocks\n```cmd\nx\n```"), ["x"]);
    }

    // Elsewhere the scan is the bytewise one, and this would compare it with itself.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[test]
    fn vector_scan_matches_the_bytewise_one() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let key = |stop: Stop| (stop.at, stop.newlines, stop.pairs, stop.newline_mask);
        for len in 0..3_000 {
            let text: Vec<u8> = (0..len % 700)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    // Some texts with fence characters everywhere, some
                    // with rare ones, so that chunks are skipped too.
                    if len % 3 == 0 { b"`~\n a"[(x % 5) as usize] } else { b"`~\n axyzw"[(x % 9) as usize] }
                })
                .collect();
            for from in [0, 1, 2, 3, 15, 16, 17, 31, 33, 47, 63, 64, 130] {
                let from = from.min(text.len());
                for (a, b) in [(b'`', b'~'), (b'~', b'~')] {
                    let bytewise = key(skip_chunks_bytewise(&text, from, a, b));
                    // AVX2 where this processor has it, and SSE2 alone.
                    assert_eq!(key(skip_chunks(&text, from, a, b)), bytewise);
                    assert_eq!(key(skip_chunks_sse2(&text, from, a, b)), bytewise);
                }
            }
        }
        // More than 63 chunks of newlines before a candidate (the byte
        // lanes are summed on the way).
        let mut long = "\n".repeat(64 * 200);
        long.push_str("```");
        let expected = (64 * 200 + 3 - 64, 64 * 200, 1 << 62, 0);
        assert_eq!(key(skip_chunks(long.as_bytes(), 0, b'`', b'~')), expected);
        assert_eq!(key(skip_chunks_sse2(long.as_bytes(), 0, b'`', b'~')), expected);
    }

    /// The scan reads 64-byte chunks; fences and newlines at every
    /// offset relative to those chunks are found and counted.
    #[test]
    fn fences_at_every_chunk_offset() {
        for pad in 0..140 {
            for indent in 0..4 {
                let mut s = String::new();
                // Newlines and inline backticks at varying offsets before.
                for k in 0..pad {
                    s.push(match k % 7 {
                        3 => '\n',
                        5 => '`',
                        _ => 'x',
                    });
                }
                s.push('\n');
                let line = 2 + s.matches('\n').count() - 1;
                s.push_str(&" ".repeat(indent));
                s.push_str("```cmd\nrun --a 1\n``x``\n");
                s.push_str(&"y".repeat(pad % 67));
                s.push_str("\n```\nafter ~~~\n\n~~~cmd\nsecond\n~~~");
                let found: Vec<_> = blocks(&s).collect();
                let [Found::Block(a), Found::Block(b)] = found[..] else { std::panic!("pad {pad}: {found:?}") };
                assert_eq!(a.line, line, "pad {pad} indent {indent}");
                assert_eq!(a.body, format!("run --a 1\n``x``\n{}\n", "y".repeat(pad % 67)));
                assert_eq!(b.line, line + 7, "pad {pad} indent {indent}");
                assert_eq!((b.body, b.closed), ("second\n", true));
            }
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn nested_and_unclosed() {
        let s = "````markdown\n```cmd\nemail.send --to x\n```\n````\n```cmd\nreal\n```\n";
        assert_eq!(cmds(s), ["real"]);
        let ex = extract("text\n```cmd\nemail.send --to bob@co.com --subj");
        assert!(ex.commands.is_empty());
        assert_eq!(ex.diagnostics[0].kind, ExtractDiagnosticKind::Unterminated);
        assert_eq!(ex.diagnostics[0].line, 2);
        assert!(ex.text.contains("--subj"), "nothing is lost");
        // An unclosed fence of another language swallows the rest.
        assert!(cmds("```python\nx\n```cmd\nrun\n```").is_empty());
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn indented_fence_is_reported() {
        // Indented code at the top level: reported, not run.
        let ex = extract("Example:\n\n    ```cmd\n    tasks.search\n    ```\n");
        assert!(ex.commands.is_empty());
        assert_eq!(ex.diagnostics[0].kind, ExtractDiagnosticKind::IndentedFence);
        assert_eq!(ex.diagnostics[0].line, 3);
        // So is one indented with a tab, which is four columns.
        let ex = extract("Example:\n\n\t```cmd\n\ttasks.search\n\t```\n");
        assert!(ex.commands.is_empty());
        assert_eq!((ex.diagnostics[0].kind, ex.diagnostics[0].line), (ExtractDiagnosticKind::IndentedFence, 3));
        assert_eq!(cmds("  \t```cmd\nx\n```\n"), Vec::<String>::new(), "two spaces and a tab are four columns");
        // In a list item it is a fenced block (CommonMark), which the
        // heap-free scan cannot see: with `std` it runs.
        let ex = extract("1. step\n\n    ```cmd\n    tasks.search\n    ```\n");
        if cfg!(feature = "std") {
            assert_eq!((ex.commands[0].text.as_ref(), ex.commands[0].line), ("tasks.search", 4));
            assert!(ex.diagnostics.is_empty());
        } else {
            assert!(ex.commands.is_empty());
            assert_eq!(ex.diagnostics[0].kind, ExtractDiagnosticKind::IndentedFence);
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn crlf() {
        assert_eq!(cmds("```cmd\r\na --x\r\nb\r\n```\r\n"), ["a --x", "b"]);
        // A quoted value spanning lines gets LF line endings, in either
        // quote; continuations go, in double quotes too; a lone CR stays.
        let s = "```cmd\r\na --b \"x\r\ny\" --c 'p\r\nq'\r\nd \\\r\n  --e \"1 \\\r\n2\"\r\nf --g \"h\ri\"\r\n```\r\n";
        assert_eq!(cmds(s), ["a --b \"x\ny\" --c 'p\nq'", "d   --e \"1 2\"", "f --g \"h\ri\""]);
        assert_eq!(lines(s), [2, 5, 8]);
        // A continuation only inside double quotes.
        assert_eq!(cmds("```cmd\r\ng --h \"1 \\\r\n2\"\r\n```\r\n"), ["g --h \"1 2\""]);
        // Indented block: the indentation goes too.
        assert_eq!(cmds("  ```cmd\r\n  a --b \"x\r\n  y\"\r\n  ```\r\n"), ["a --b \"x\ny\""]);
    }
}
