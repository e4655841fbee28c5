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
//! a `$ ` prompt before a command is removed.
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
//! ```` `` ```` and `~~` and counts newlines (SSE2 through `safe_arch` on
//! x86-64, the same bit masks bytewise elsewhere); only the rare chunk with
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
    Blocks { text: output, pos: 0, line: 1, done: false }
}

// A run of three fence characters always holds two equal ones at an even
// offset from wherever the scan started: of its first two positions one is
// even. So the scan compares 16-bit words against `aa` and `bb`, which finds
// each run (and a rare double backtick) with a handful of vector operations
// per 64 bytes and no per-byte work, and counts newlines on the way. (Any
// fixed grid of even offsets does: the last, short stretch is scanned as the
// input's last 64 bytes, its bytes already scanned cleared from the masks.)

/// What [`skip_chunks`] stopped at.
struct Stop {
    /// Start of the chunk holding candidates, or the end of the input.
    at: usize,
    /// Newlines skipped before the chunk's first byte not already scanned
    /// (the last chunk may start before where the scan resumed).
    newlines: usize,
    /// Bit `k`: the word at `at + k` (an even offset from the chunk's start)
    /// is two `a`s or two `b`s, and was not scanned before. Zero at the end
    /// of the input.
    pairs: u64,
    /// Bit `k`: the byte at `at + k` is a newline not scanned before.
    newline_mask: u64,
}

/// The 64-byte chunk that holds the bytes from `i`: `(chunk, base, skip)`,
/// where the chunk's byte `k` is the input's byte `base + k` and its first
/// `skip` bytes lie before `i` (the caller ignores them). Where fewer than 64
/// bytes remain, the chunk is the input's last 64 (so `base < i`), or, in an
/// input shorter than 64 bytes, those bytes zero-padded (a zero byte is
/// neither a fence character nor a newline).
#[inline(always)]
fn chunk_at<'s>(s: &'s [u8], i: usize, pad: &'s mut [u8; 64]) -> Option<(&'s [u8; 64], usize, usize)> {
    if let Some(chunk) = s.get(i..i + 64) {
        return Some((chunk.try_into().ok()?, i, 0));
    }
    if i >= s.len() {
        return None;
    }
    match s.len().checked_sub(64) {
        Some(base) => Some((s[base..].try_into().ok()?, base, i - base)),
        None => {
            pad[..s.len() - i].copy_from_slice(&s[i..]);
            Some((pad, i, 0))
        }
    }
}

/// Which pairs of a last chunk whose first `skip` bytes were scanned
/// before count. A run that starts at the first new byte, or one before it,
/// holds a pair at an even offset from the scan's start, which the chunk's
/// grid of even offsets (from the chunk's start) may miss by one. So when
/// `skip` is odd the pair on the last old byte and the first new one counts
/// too: it is where the grid finds such a run. (It is no run found before:
/// one would have been reported, or the scan restarted after it.)
#[inline(always)]
fn tail_pairs(skip: usize) -> u64 {
    u64::MAX << (skip & !1)
}

/// From `i`, skips the 64-byte chunks of `s` that hold no candidate pair
/// (see [`Stop`]), counting their newlines.
///
/// SSE2 is part of every x86-64 processor, so this needs no run-time
/// detection; elsewhere (the firmware's Cortex-M, for one) the same answer
/// is computed bytewise.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn skip_chunks(s: &[u8], mut i: usize, a: u8, b: u8) -> Stop {
    use safe_arch::*;
    let nl = set_splat_i8_m128i(b'\n' as i8);
    let aa = set_splat_i16_m128i(i16::from_ne_bytes([a, a]));
    let bb = set_splat_i16_m128i(i16::from_ne_bytes([b, b]));
    let mut newlines = 0;
    // Newlines per byte lane (a compare yields -1, so subtract it): at most
    // four per chunk, so the lanes are summed every 63 chunks and at the end.
    let sum = |lanes: m128i| -> usize {
        let [lo, hi]: [u64; 2] = sum_of_u8_abs_diff_m128i(lanes, zeroed_m128i()).into();
        (lo + hi) as usize
    };
    // Compares one chunk: per 16 bytes, the pair and the newline lanes.
    let compare = |chunk: &[u8; 64]| -> ([m128i; 4], [m128i; 4]) {
        let mut pairs = [zeroed_m128i(); 4];
        let mut lines = [zeroed_m128i(); 4];
        for (k, piece) in chunk.as_chunks::<16>().0.iter().enumerate() {
            let v = load_unaligned_m128i(piece);
            lines[k] = cmp_eq_mask_i8_m128i(v, nl);
            pairs[k] = bitor_m128i(cmp_eq_mask_i16_m128i(v, aa), cmp_eq_mask_i16_m128i(v, bb));
        }
        (pairs, lines)
    };
    let bits = |v: [m128i; 4]| -> u64 {
        let mut mask = 0u64;
        for (k, v) in v.into_iter().enumerate() {
            mask |= u64::from(move_mask_i8_m128i(v) as u16) << (16 * k);
        }
        mask
    };
    // Whole chunks in batches of at most 63 (what the byte lanes hold), so
    // the loop over a batch tests nothing but its end.
    loop {
        let whole = s.get(i..).map_or(0, |rest| rest.len() / 64);
        if whole == 0 {
            break;
        }
        let batch = whole.min(63);
        let (chunks, _) = s[i..i + 64 * batch].as_chunks::<64>();
        let mut lanes = zeroed_m128i();
        for (k, chunk) in chunks.iter().enumerate() {
            let (pairs, lines) = compare(chunk);
            let any = bitor_m128i(bitor_m128i(pairs[0], pairs[1]), bitor_m128i(pairs[2], pairs[3]));
            if move_mask_i8_m128i(any) != 0 {
                return Stop {
                    at: i + 64 * k,
                    newlines: newlines + sum(lanes),
                    pairs: bits(pairs) & 0x5555_5555_5555_5555,
                    newline_mask: bits(lines),
                };
            }
            for line in lines {
                lanes = sub_i8_m128i(lanes, line);
            }
        }
        newlines += sum(lanes);
        i += 64 * batch;
    }
    let mut pad = [0u8; 64];
    let Some((chunk, base, skip)) = chunk_at(s, i, &mut pad) else {
        return Stop { at: s.len(), newlines, pairs: 0, newline_mask: 0 };
    };
    // The short stretch at the end: masks of the chunk holding it, less the
    // bytes already scanned (see `tail_pairs` for the pairs).
    let (pairs, lines) = compare(chunk);
    let pairs = bits(pairs) & 0x5555_5555_5555_5555 & tail_pairs(skip);
    let newline_mask = bits(lines) & (u64::MAX << skip);
    if pairs != 0 {
        return Stop { at: base, newlines, pairs, newline_mask };
    }
    Stop { at: s.len(), newlines: newlines + newline_mask.count_ones() as usize, pairs: 0, newline_mask: 0 }
}

/// Portable form of [`skip_chunks`].
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
fn skip_chunks(s: &[u8], i: usize, a: u8, b: u8) -> Stop {
    skip_chunks_bytewise(s, i, a, b)
}

#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[inline(always)]
fn skip_chunks_bytewise(s: &[u8], mut i: usize, a: u8, b: u8) -> Stop {
    let mut newlines = 0;
    let mut pad = [0u8; 64];
    while let Some((chunk, base, skip)) = chunk_at(s, i, &mut pad) {
        i = base;
        let mut pairs = 0u64;
        let mut newline_mask = 0u64;
        for (k, pair) in chunk.as_chunks::<2>().0.iter().enumerate() {
            pairs |= u64::from(pair[0] == pair[1] && (pair[0] == a || pair[0] == b)) << (2 * k);
            newline_mask |= (u64::from(pair[0] == b'\n') | u64::from(pair[1] == b'\n') << 1) << (2 * k);
        }
        // The last chunk may overlap bytes already scanned (`skip < 64`).
        pairs &= tail_pairs(skip);
        newline_mask &= u64::MAX << skip;
        if pairs != 0 {
            return Stop { at: i, newlines, pairs, newline_mask };
        }
        newlines += newline_mask.count_ones() as usize;
        i += 64;
    }
    Stop { at: s.len(), newlines, pairs: 0, newline_mask: 0 }
}

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
                    self.line = line + (stop.newline_mask & ((1 << k) - 1)).count_ones() as usize;
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
                None if only.is_none() => tab_indented_fence(s, run),
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

/// One command inside a block, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandSpan<'a> {
    /// The command's lines, trimmed, indentation and continuations included.
    pub raw: &'a str,
    /// 1-based line of its first line in the whole output.
    pub line: usize,
    /// Whether `raw` holds a backslash-newline continuation to remove.
    pub continued: bool,
    /// Indentation to remove from each of its lines after the first.
    pub indent: usize,
}

impl<'a> CmdBlock<'a> {
    /// The commands of this block.
    pub fn commands(&self) -> BlockCommands<'a> {
        BlockCommands { body: self.body, pos: 0, line: self.line + 1, indent: self.indent }
    }
}

/// Iterator over the commands of a block; see [`CmdBlock::commands`].
#[derive(Clone, Debug)]
pub struct BlockCommands<'a> {
    body: &'a str,
    pos: usize,
    line: usize,
    indent: usize,
}

impl<'a> Iterator for BlockCommands<'a> {
    type Item = CommandSpan<'a>;

    fn next(&mut self) -> Option<CommandSpan<'a>> {
        let s = self.body.as_bytes();
        loop {
            // Skip blank lines and comment lines.
            let mut p = self.pos;
            while p < s.len() && matches!(s[p], b' ' | b'\t' | b'\r') {
                p += 1;
            }
            if p >= s.len() {
                return None;
            }
            if s[p] == b'\n' || s[p] == b'#' {
                let end = line_end_after(s, p);
                self.pos = end;
                self.line += 1;
                continue;
            }
            // A shell prompt (`$ tasks.search ...`), as models copy it from
            // terminal sessions: no skill name starts with `$`.
            if s[p] == b'$' && matches!(s.get(p + 1), Some(b' ' | b'\t')) {
                p += 1;
                while p < s.len() && matches!(s[p], b' ' | b'\t') {
                    p += 1;
                }
                if p >= s.len() {
                    return None;
                }
                if matches!(s[p], b'\n' | b'\r') {
                    // A prompt alone on its line.
                    self.pos = line_end_after(s, p);
                    self.line += 1;
                    continue;
                }
            }
            let start = p;
            let first_line = self.line;
            let mut continued = false;
            #[derive(PartialEq)]
            enum Q {
                None,
                Single,
                Double,
            }
            let mut q = Q::None;
            // Where the open quote opened.
            let mut quote_at = start;
            // Delimiters of here-documents opened on the current line
            // (`--body <<EOF`): their lines belong to this command, which
            // the router refuses (`crate::shell`), so that none of them
            // runs as a command of its own.
            let body: &'a str = self.body;
            let mut heredocs: [&'a str; 4] = [""; 4];
            let mut open_heredocs = 0;
            while p < s.len() {
                let c = s[p];
                match q {
                    Q::None => match c {
                        b'\n' if open_heredocs == 0 => break,
                        b'\n' => {
                            let mut at = p + 1;
                            let mut end = p;
                            for delimiter in &heredocs[..open_heredocs] {
                                while at < s.len() {
                                    end = memchr::memchr(b'\n', &s[at..]).map_or(s.len(), |k| at + k);
                                    self.line += 1;
                                    let done = crate::shell::ends_heredoc(&body[at..end], delimiter);
                                    at = end + 1;
                                    if done {
                                        break;
                                    }
                                }
                            }
                            p = end;
                            break;
                        }
                        b'<' if s.get(p + 1) == Some(&b'<') => {
                            if let Some((delimiter, _)) = crate::shell::heredoc_delimiter(&body[p..])
                                && open_heredocs < heredocs.len()
                            {
                                heredocs[open_heredocs] = delimiter;
                                open_heredocs += 1;
                            }
                            // Past `<<` (or `<<<`): neither `<` opens another.
                            while s.get(p + 1) == Some(&b'<') {
                                p += 1;
                            }
                        }
                        b'\'' => {
                            q = Q::Single;
                            quote_at = p;
                        }
                        b'"' => {
                            q = Q::Double;
                            quote_at = p;
                        }
                        b'\\' => {
                            if s.get(p + 1) == Some(&b'\n') {
                                continued = true;
                                self.line += 1;
                            } else if s.get(p + 1) == Some(&b'\r') && s.get(p + 2) == Some(&b'\n') {
                                continued = true;
                                self.line += 1;
                                p += 1;
                            }
                            p += 1;
                        }
                        _ => {}
                    },
                    Q::Single => {
                        if c == b'\'' {
                            q = Q::None;
                        } else if c == b'\n' {
                            self.line += 1;
                        }
                    }
                    Q::Double => match c {
                        b'"' => q = Q::None,
                        b'\\' => {
                            if s.get(p + 1) == Some(&b'\n') {
                                continued = true;
                                self.line += 1;
                            }
                            p += 1;
                        }
                        b'\n' => self.line += 1,
                        _ => {}
                    },
                }
                p += 1;
            }
            let mut p = p.min(s.len());
            if q != Q::None {
                // A quote the block never closes (`--content it's sunny`)
                // ends with the line it opened on: the lines after it are
                // commands of their own, reported or run as such, not the
                // rest of one that cannot tokenize.
                p = memchr::memchr(b'\n', &s[quote_at..]).map_or(s.len(), |k| quote_at + k);
                self.line = first_line + s[start..p].iter().filter(|&&b| b == b'\n').count();
                continued = s[start..p].windows(2).any(|w| w == b"\\\n");
            }
            self.pos = if p < s.len() { p + 1 } else { p };
            self.line += 1;
            let raw = self.body[start..p].trim_end_matches([' ', '\t', '\r']);
            return Some(CommandSpan { raw, line: first_line, continued, indent: self.indent });
        }
    }
}

impl<'a> CommandSpan<'a> {
    /// The command text: continuations removed and the block's indentation
    /// taken off continuation lines. Borrowed when nothing needs removing.
    #[cfg(feature = "alloc")]
    pub fn text(&self) -> Cow<'a, str> {
        let multiline = self.raw.contains('\n');
        if !self.continued && (self.indent == 0 || !multiline) {
            return Cow::Borrowed(self.raw);
        }
        let mut out = String::with_capacity(self.raw.len());
        let b = self.raw.as_bytes();
        let mut i = 0;
        let mut single = false;
        let mut double = false;
        let mut at_line_start = false;
        while i < b.len() {
            if at_line_start {
                at_line_start = false;
                let mut k = 0;
                while k < self.indent && i < b.len() && b[i] == b' ' {
                    i += 1;
                    k += 1;
                }
                continue;
            }
            let c = b[i];
            if !single && c == b'\\' {
                let nl = if b.get(i + 1) == Some(&b'\n') {
                    Some(2)
                } else if b.get(i + 1) == Some(&b'\r') && b.get(i + 2) == Some(&b'\n') {
                    Some(3)
                } else {
                    None
                };
                if let Some(n) = nl {
                    i += n;
                    at_line_start = true;
                    continue;
                }
                // Keep the escape and the escaped byte together.
                let ch_len = utf8_len(b.get(i + 1).copied().unwrap_or(0));
                let end = (i + 1 + ch_len).min(b.len());
                out.push_str(&self.raw[i..end]);
                i = end;
                continue;
            }
            if c == b'\'' && !double {
                single = !single;
            } else if c == b'"' && !single {
                double = !double;
            }
            let ch_len = utf8_len(c);
            let end = (i + ch_len).min(b.len());
            out.push_str(&self.raw[i..end]);
            i = end;
            if c == b'\n' {
                at_line_start = true;
            }
        }
        Cow::Owned(out)
    }
}

#[cfg(feature = "alloc")]
fn utf8_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        // Continuation bytes never start a character in valid UTF-8.
        _ => 1,
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
/// The scan above reads fences at the top level. A ```` ```cmd ```` fence
/// indented four spaces or more is indented code there, but inside a list
/// item (`- Search:` then the fence under it) it is a fenced block; so with
/// `std`, a reply with such a fence is read again by pulldown-cmark, which
/// knows list items, and its answer is taken. A block inside a block quote
/// (`> ```cmd`) is quoted text, in either reading, and does not run.
#[cfg(feature = "alloc")]
pub fn items(output: &str) -> Vec<Item<'_>> {
    scan(output).items
}

#[cfg(feature = "alloc")]
fn scan(output: &str) -> Scan<'_> {
    let mut scan = Scan { items: Vec::new(), blocks: Vec::new() };
    let mut indented = false;
    for found in blocks(output) {
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
    if indented {
        return commonmark::scan(output, &scan.items);
    }
    let _ = indented;
    scan
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

/// The CommonMark reading of a reply, for fences the top-level scan cannot
/// place (see [`items`]).
#[cfg(feature = "std")]
mod commonmark {
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
                    open =
                        Some((language.into(), Open { start: range.start, line, content: String::new() }, quotes > 0));
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
            if !closed(&output[range.clone()]) {
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
            if (!cmd || quoted) && closed(&output[range.clone()]) {
                let commands = block_commands(&o, range.end);
                out.push(super::OtherBlock {
                    language: language.into(),
                    line: o.line,
                    commands,
                    text: o.content,
                    quoted,
                });
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
    /// read in linear time (counting from the start for each took 8.4 s for
    /// 20,000 blocks in a debug build, and grew with their square).
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

    /// Whether the source of a fenced block (from its opening fence to its
    /// end) ends with a closing fence: its last line, less container
    /// markers, a run of the opening character at least as long, alone.
    fn closed(source: &str) -> bool {
        let source = source.trim_end_matches(['\n', '\r']);
        let Some(nl) = source.rfind('\n') else {
            return false;
        };
        let open = source.as_bytes();
        let ch = open[0];
        let open_len = open.iter().take_while(|&&c| c == ch).count();
        let last = source[nl + 1..].trim_start_matches([' ', '\t', '>']);
        let run = last.bytes().take_while(|&c| c == ch).count();
        run >= open_len && last[run..].trim().is_empty()
    }
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
    /// pass: counted from the start of the reply for each, 20,000 blocks
    /// took 8.4 s in a debug build and grew with their square (the counts
    /// and lines are asserted; the time is measured, not asserted).
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
            for from in [0, 1, 63, 64, 130] {
                let from = from.min(text.len());
                for (a, b) in [(b'`', b'~'), (b'~', b'~')] {
                    assert_eq!(key(skip_chunks(&text, from, a, b)), key(skip_chunks_bytewise(&text, from, a, b)));
                }
            }
        }
        // More than 63 chunks of newlines before a candidate (the byte
        // lanes are summed on the way).
        let mut long = "\n".repeat(64 * 200);
        long.push_str("```");
        assert_eq!(key(skip_chunks(long.as_bytes(), 0, b'`', b'~')), (64 * 200 + 3 - 64, 64 * 200, 1 << 62, 0));
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
    }
}
