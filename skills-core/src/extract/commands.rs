//! The commands inside one ```cmd block: where each ends, and its text
//! with continuations joined.

use super::*;
#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String};

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
                            } else if s.get(p + 1) == Some(&b'\r') && s.get(p + 2) == Some(&b'\n') {
                                continued = true;
                                self.line += 1;
                                p += 1;
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
    /// The command text: continuations removed, the block's indentation
    /// taken off continuation lines, and CRLF line endings (a reply written
    /// with them) read as LF, as CommonMark reads a code block's lines, so
    /// that a quoted value spanning lines holds no carriage return. Borrowed
    /// when nothing needs removing.
    #[cfg(feature = "alloc")]
    pub fn text(&self) -> Cow<'a, str> {
        let multiline = self.raw.contains('\n');
        if !self.continued && (!multiline || (self.indent == 0 && !self.raw.contains("\r\n"))) {
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
            if c == b'\r' && b.get(i + 1) == Some(&b'\n') {
                i += 1;
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
pub(super) fn utf8_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        // Continuation bytes never start a character in valid UTF-8.
        _ => 1,
    }
}
