//! Shell syntax that a command line cannot use.
//!
//! Commands are split with POSIX quoting ([`crate::tokenize`]), but nothing
//! is run by a shell: there is no input redirection and no command
//! substitution. A model that knows shells writes them anyway, most often
//! to pass a multi-line text:
//!
//! ```text
//! email.send --to bob@co.com --subject Notes --body <<EOF
//! First line.
//! Second line.
//! EOF
//! email.send --to bob@co.com --subject Notes --body "$(cat <<'EOF'
//! First line.
//! EOF
//! )"
//! ```
//!
//! Split as words, the first sends a body of `<<EOF` and runs the text's
//! lines as commands; the second sends the shell code itself. [`construct`]
//! finds such syntax where a shell would act on it (outside single quotes,
//! not escaped), so the command can be refused with a way to write it; the
//! command extractor reads a here-document's lines as part of its command
//! ([`heredoc_delimiter`]), so none of them runs on its own.

/// Shell syntax found in a command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construct {
    /// `<<EOF` (or `<<-EOF`, `<<'EOF'`): a here-document, text on the
    /// following lines fed to the program's input.
    HereDocument,
    /// `<<<word`: a here-string, a word fed to the program's input.
    HereString,
    /// `$(...)`: command substitution, another program's output in place.
    Substitution,
    /// `$'...'`: bash's ANSI-C quoting, whose `\n`, `\t` and `\'` bash
    /// turns into the characters. POSIX quoting (and Python's
    /// `shlex.split`) reads it as a `$` and single-quoted text, so the
    /// value would keep the `$` and the escapes as written. Models write it
    /// for a text with line breaks.
    AnsiC,
    /// A backslash outside quotes before a character no shell treats
    /// specially (`C:\Users`, `\d+`, `\n`): it only drops itself, so the
    /// value would silently lose it (`C:Users`). Models write it for
    /// Windows paths, regular expressions and escapes of other languages.
    Backslash,
    /// `&&`, `||`, `;` or `&` as a word of its own: another command joined
    /// to this one, as a shell would run it.
    Chain,
    /// `|` or `|&` as a word of its own: the result fed to another program.
    Pipe,
    /// `>`, `>>`, `<`, `2>&1`, `&>` as a word of its own: input or output
    /// redirected to a file.
    Redirect,
    /// `#` as a word of its own: a comment after the command, which a shell
    /// would drop (`tasks.search --status todo  # the open ones`). Read as
    /// words, it would reach the flag before it as values. (`#urgent`, a
    /// word that only starts with `#`, stays a value.)
    Comment,
}

/// A [`Construct`] and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found<'a> {
    /// Which construct.
    pub construct: Construct,
    /// As written: the operator and the word after it, on one line
    /// (`<<'EOF'`, `$(cat`).
    pub text: &'a str,
    /// Byte offset of the operator in the line.
    pub offset: usize,
}

/// The first here-document, here-string, command substitution or ANSI-C
/// quote in `line` where a shell would act on it: outside single quotes and
/// not after a backslash (`$(` counts inside double quotes, `<<` and `$'`
/// only outside quotes); the first backslash outside quotes that would only drop
/// itself ([`Construct::Backslash`]); or the first operator or `#` written
/// as a word of its own outside quotes ([`Construct::Chain`],
/// [`Construct::Pipe`], [`Construct::Redirect`], [`Construct::Comment`]).
/// `None` for the usual command, which holds none of `<>|&;#$\`: one pass
/// over its bytes finds that.
///
/// ```
/// use skills_core::shell::{Construct, construct};
/// let found = construct("email.send --body <<EOF\nHi\nEOF").unwrap();
/// assert_eq!((found.construct, found.text), (Construct::HereDocument, "<<EOF"));
/// assert_eq!(construct(r#"email.send --body "$(date)""#).unwrap().construct, Construct::Substitution);
/// // Quoted, they are text.
/// assert_eq!(construct(r#"email.send --subject "a << b" --body '$(x)'"#), None);
/// assert_eq!(construct("tasks.search --status todo | head -1").unwrap().construct, Construct::Pipe);
/// // Inside a word, or quoted, an operator is text.
/// assert_eq!(construct(r#"tasks.search --query R&D --sep "|""#), None);
/// ```
#[inline]
pub fn construct(line: &str) -> Option<Found<'_>> {
    // Most commands hold neither `<` nor `$`: only this runs for them.
    let first = first_candidate(line.as_bytes())?;
    let (construct, offset) = scan(line.as_bytes(), first)?;
    let rest = &line[offset..];
    let end = if construct == Construct::Backslash { 2 } else { word_end(rest.as_bytes()) };
    Some(Found { construct, text: &rest[..end], offset })
}

/// [`construct`] for a command held as bytes ([`crate::tokenize::split_in_place`]'s
/// input); `text` is the operator alone when the word after it is not UTF-8.
#[inline]
pub fn construct_in(line: &[u8]) -> Option<Found<'_>> {
    let first = first_candidate(line)?;
    let (construct, offset) = scan(line, first)?;
    let rest = &line[offset..];
    let end = if construct == Construct::Backslash { 2 } else { word_end(rest) };
    let operator = match construct {
        Construct::HereDocument => "<<",
        Construct::HereString => "<<<",
        Construct::Substitution => "$(",
        Construct::AnsiC => "$'",
        Construct::Backslash => "\\",
        // ASCII words: never taken.
        Construct::Chain | Construct::Pipe | Construct::Redirect | Construct::Comment => "",
    };
    let text = core::str::from_utf8(&rest[..end]).unwrap_or(operator);
    Some(Found { construct, text, offset })
}

/// A blank between words, line breaks included.
fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

/// Whether a shell could act on byte `c` ([`construct`]'s candidates).
#[inline(always)]
fn is_candidate(c: u8) -> bool {
    matches!(c, b'<' | b'>' | b'$' | b'\\' | b'|' | b'&' | b';' | b'#')
}

/// The first of `<>|&;#$\`. Every routed command passes here, so on
/// x86-64 it compares 16 bytes at a time with SSE2 (part of every x86-64
/// processor), which costs less than `memchr2` passes for the same bytes. Two
/// masked compares take four characters and two: `x & 0x9d == 0x1c` holds
/// for `<>\|` (and `^~` and two control characters, which [`scan`] passes
/// over), `x & 0xfd == 0x24` for `$&`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn first_candidate(b: &[u8]) -> Option<usize> {
    use safe_arch::*;
    let (mask4, four) = (set_splat_i8_m128i(0x9d_u8 as i8), set_splat_i8_m128i(0x1c));
    let (mask2, two) = (set_splat_i8_m128i(0xfd_u8 as i8), set_splat_i8_m128i(0x24));
    let (hash, semicolon) = (set_splat_i8_m128i(b'#' as i8), set_splat_i8_m128i(b';' as i8));
    let hits = |piece: &[u8; 16]| {
        let v = load_unaligned_m128i(piece);
        let redirect_or_backslash = cmp_eq_mask_i8_m128i(bitand_m128i(v, mask4), four);
        let dollar_or_ampersand = cmp_eq_mask_i8_m128i(bitand_m128i(v, mask2), two);
        let hash_or_semicolon = bitor_m128i(cmp_eq_mask_i8_m128i(v, hash), cmp_eq_mask_i8_m128i(v, semicolon));
        move_mask_i8_m128i(bitor_m128i(bitor_m128i(redirect_or_backslash, dollar_or_ampersand), hash_or_semicolon))
    };
    // 32 bytes per test, then 16.
    let (pairs, _) = b.as_chunks::<32>();
    let mut k = 0;
    for pair in pairs {
        let (lo, hi) = pair.split_at(16);
        let m = hits(lo.try_into().unwrap_or(&[0; 16])) | hits(hi.try_into().unwrap_or(&[0; 16])) << 16;
        if m != 0 {
            return Some(k + m.trailing_zeros() as usize);
        }
        k += 32;
    }
    let (chunks, tail) = b[k..].as_chunks::<16>();
    for piece in chunks {
        let m = hits(piece);
        if m != 0 {
            return Some(k + m.trailing_zeros() as usize);
        }
        k += 16;
    }
    if tail.is_empty() {
        return None;
    }
    if let Some(last) = b.len().checked_sub(16).and_then(|start| b.get(start..)) {
        // The last 16 bytes, overlapping the chunks already read.
        let m = hits(last.try_into().unwrap_or(&[0; 16]));
        return (m != 0).then(|| b.len() - 16 + m.trailing_zeros() as usize);
    }
    tail.iter().position(|&c| is_candidate(c))
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
fn first_candidate(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| is_candidate(c))
}

/// Where the operator's word ends: at a blank or a double quote (the one
/// closing `"$(date)"`). A quoted delimiter keeps its quotes (`<<'EOF'`).
fn word_end(rest: &[u8]) -> usize {
    rest.iter().position(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'"')).unwrap_or(rest.len())
}

/// The construct in `b`, whose first candidate ([`is_candidate`]) is at
/// `first`.
#[inline(never)]
fn scan(b: &[u8], first: usize) -> Option<(Construct, usize)> {
    // Quote state from the start of the line: before the first candidate
    // only quotes and backslashes matter.
    let (mut single, mut double) = (false, false);
    let mut lead = None;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if i < first && c != b'\'' && c != b'"' && c != b'\\' {
            i += 1;
            continue;
        }
        match c {
            b'\\' if !single => {
                if !double && b.get(i + 1).is_some_and(|&n| n.is_ascii_graphic() && !SHELL_SPECIAL.contains(&n)) {
                    return Some((Construct::Backslash, i));
                }
                i += 2;
                continue;
            }
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'$' if !single && b.get(i + 1) == Some(&b'(') => return Some((Construct::Substitution, i)),
            // Inside double quotes, `$'` is text to bash too.
            b'$' if !single && !double && b.get(i + 1) == Some(&b'\'') => return Some((Construct::AnsiC, i)),
            b'<' if !single && !double && b.get(i + 1) == Some(&b'<') => {
                if b.get(i + 2) == Some(&b'<') {
                    return Some((Construct::HereString, i));
                }
                // `<<` with no word after it redirects nothing.
                if delimiter(&b[i..]).is_some() {
                    return Some((Construct::HereDocument, i));
                }
                i += 2;
                continue;
            }
            b'<' | b'>' | b'|' | b'&' | b';' | b'#' if !single && !double => {
                // Where the line's text starts, found once per line.
                let lead = *lead.get_or_insert_with(|| b.iter().position(|c| !is_blank(*c)).unwrap_or(b.len()));
                if let Some(found) = operator_word(b, i, lead) {
                    return Some(found);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The operator or comment that is the word holding `b[i]`, when that
/// word is one ([`Construct::Chain`] and the rest): `&&`, `|`, `>>`,
/// `2>&1`, `#`. An operator inside a longer word (`R&D`, `a>b`) is not one:
/// a shell would act on it, but a model means the text. `lead` is where
/// the line's text starts.
fn operator_word(b: &[u8], i: usize, lead: usize) -> Option<(Construct, usize)> {
    // `2>&1`: the word starts at the descriptor's digit.
    let start = if i > 0 && b[i - 1].is_ascii_digit() { i - 1 } else { i };
    // Inside a word, first on the line, or on a line that starts with `>`
    // or `|`: a quotation or a table row, which the router names as such.
    if start <= lead || !is_blank(b[start - 1]) || matches!(b.get(lead), Some(b'>' | b'|')) {
        return None;
    }
    let end = b[start..].iter().position(|&c| is_blank(c)).map_or(b.len(), |n| start + n);
    let word = &b[start..end];
    if word.iter().all(|&c| c == b'#') {
        return Some((Construct::Comment, start));
    }
    // An optional descriptor, operator characters, an optional target
    // descriptor (`>&2`, `>&-`).
    let body = word.strip_prefix(&[word[0]][..]).filter(|_| word[0].is_ascii_digit()).unwrap_or(word);
    let body = match body.last() {
        Some(c) if body.len() > 1 && (c.is_ascii_digit() || *c == b'-') => &body[..body.len() - 1],
        _ => body,
    };
    if body.is_empty() || !body.iter().all(|c| b"<>|&;".contains(c)) {
        return None;
    }
    let construct = if body.iter().any(|c| matches!(c, b'<' | b'>')) {
        Construct::Redirect
    } else if body == b"|" || body == b"|&" {
        Construct::Pipe
    } else {
        Construct::Chain
    };
    // A descriptor or a target goes only with a redirection (`2>`, `>&2`).
    (construct == Construct::Redirect || body.len() == word.len()).then_some((construct, start))
}

/// Characters a backslash outside quotes keeps from a shell's reading
/// (`\ `, `\"`, `\$`, `\*`, ...): before any other, it only drops itself.
const SHELL_SPECIAL: &[u8] = b"\\'\"$`<>|&;()#*?[]~{}!=";

/// The delimiter of the here-document that `text` starts with (`<<EOF`,
/// `<<-EOF`, `<< 'EOF'`, `<<"EOF"`): the word whose line ends it, with its
/// quotes removed, and whether leading tabs are stripped from its lines
/// (`<<-`). `None` when `text` is not `<<` and a word (`<<<`, `<<` alone).
///
/// ```
/// use skills_core::shell::heredoc_delimiter;
/// assert_eq!(heredoc_delimiter("<<'EOF'\nhello"), Some(("EOF", false)));
/// assert_eq!(heredoc_delimiter("<<-END ..."), Some(("END", true)));
/// assert_eq!(heredoc_delimiter("<<< word"), None);
/// ```
pub fn heredoc_delimiter(text: &str) -> Option<(&str, bool)> {
    let (word, strip_tabs) = delimiter(text.as_bytes())?;
    // `delimiter` cuts only at ASCII bytes, so the word is UTF-8.
    Some((core::str::from_utf8(word).ok()?, strip_tabs))
}

fn delimiter(text: &[u8]) -> Option<(&[u8], bool)> {
    delimiter_and_end(text).map(|(word, strip_tabs, _)| (word, strip_tabs))
}

/// [`delimiter`], and where the operator's text ends in `text` (after the
/// word and any closing quote).
fn delimiter_and_end(text: &[u8]) -> Option<(&[u8], bool, usize)> {
    let rest = text.strip_prefix(b"<<")?;
    if rest.first() == Some(&b'<') {
        return None;
    }
    let (rest, strip_tabs) = match rest.strip_prefix(b"-") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let start = rest.iter().position(|b| !matches!(b, b' ' | b'\t')).unwrap_or(rest.len());
    let rest = &rest[start..];
    let (word, used) = match rest.first()? {
        &q @ (b'\'' | b'"') => {
            let inner = &rest[1..];
            let len = inner.iter().position(|&b| b == q)?;
            (&inner[..len], len + 2)
        }
        _ => {
            let escaped = rest.first() == Some(&b'\\');
            let rest = &rest[usize::from(escaped)..];
            let end =
                rest.iter().position(|b| b.is_ascii_whitespace() || b"'\";&|<>()".contains(b)).unwrap_or(rest.len());
            (&rest[..end], end + usize::from(escaped))
        }
    };
    let end = text.len() - rest.len() + used;
    if word.is_empty() || word.contains(&b'\n') { None } else { Some((word, strip_tabs, end)) }
}

/// A command holding a here-document, in the parts that rewrite it with
/// the document's text as the flag's value ([`here_document`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HereDocument<'a> {
    /// The command before the operator, trimmed (`email.send --body`).
    pub before: &'a str,
    /// The document's lines, without the delimiter's line and the last
    /// newline.
    pub text: &'a str,
    /// `<<-`: leading tabs of each line are not part of the text.
    pub strip_tabs: bool,
    /// The rest of the operator's line, trimmed (`--to a@b.co` in
    /// `--body <<EOF --to a@b.co`).
    pub after: &'a str,
}

/// The parts of `command`, whose here-document operator is at `offset`
/// (see [`Found::offset`]), or `None` when it opens none there. A document
/// never ended runs to the end of the command.
///
/// ```
/// use skills_core::shell::{construct, here_document};
/// let command = "email.send --to a@b.co --body <<'EOF' --subject Hi\nLine one.\nLine two.\nEOF";
/// let doc = here_document(command, construct(command).unwrap().offset).unwrap();
/// assert_eq!(doc.before, "email.send --to a@b.co --body");
/// assert_eq!(doc.text, "Line one.\nLine two.");
/// assert_eq!(doc.after, "--subject Hi");
/// ```
pub fn here_document(command: &str, offset: usize) -> Option<HereDocument<'_>> {
    // Plain byte loops, not `str` patterns or `memchr`: this is an error
    // path, also the firmware's, where each inlined search costs flash.
    let operator = command.get(offset..)?;
    let b = operator.as_bytes();
    let (word, strip_tabs, operator_end) = delimiter_and_end(b)?;
    let line_end = b[operator_end..].iter().position(|&c| c == b'\n').map_or(b.len(), |i| operator_end + i);
    let body_start = (line_end + 1).min(b.len());
    // Up to the line holding the word alone (blanks around it allowed,
    // as [`ends_heredoc`] says), or the end.
    let mut end = b.len();
    let mut at = body_start;
    while at < b.len() {
        let next = b[at..].iter().position(|&c| c == b'\n').map_or(b.len(), |i| at + i);
        if b[at..next].trim_ascii() == word {
            end = at;
            break;
        }
        at = next + 1;
    }
    let mut text_end = end;
    for last in [b'\n', b'\r'] {
        if text_end > body_start && b[text_end - 1] == last {
            text_end -= 1;
        }
    }
    Some(HereDocument {
        before: command[..offset].trim_ascii_end(),
        text: operator.get(body_start..text_end)?,
        strip_tabs,
        after: operator.get(operator_end..line_end)?.trim_ascii(),
    })
}

/// Whether `line` (one line of a here-document, without its newline) ends
/// the here-document of `delimiter`: the word alone on the line. Leading
/// and trailing blanks are allowed, as models indent blocks and editors
/// leave them; a shell would only strip leading tabs after `<<-`.
pub fn ends_heredoc(line: &str, delimiter: &str) -> bool {
    line.trim_matches([' ', '\t', '\r']) == delimiter
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn here_documents_split_into_the_parts_that_rewrite_them() {
        fn parts(c: &str) -> Option<(&str, &str, bool, &str)> {
            let d = here_document(c, construct(c)?.offset)?;
            Some((d.before, d.text, d.strip_tabs, d.after))
        }
        assert_eq!(parts("a --b <<EOF\nx\ny\nEOF"), Some(("a --b", "x\ny", false, "")));
        assert_eq!(parts("a --b <<-\"END\" --c 1\n\tx\n  END  "), Some(("a --b", "\tx", true, "--c 1")));
        // Never ended: to the end; empty; CRLF lines.
        assert_eq!(parts("a --b << EOF\nx\n"), Some(("a --b", "x", false, "")));
        assert_eq!(parts("a --b <<EOF\nEOF"), Some(("a --b", "", false, "")));
        assert_eq!(parts("a --b <<EOF\r\nx\r\nEOF\r\n"), Some(("a --b", "x", false, "")));
        // A line holding the word among others does not end it.
        assert_eq!(parts("a --b <<EOF\nno EOF here\nEOF"), Some(("a --b", "no EOF here", false, "")));
        // A word that is also the operator's text, or escaped.
        assert_eq!(parts("a --b <<'<' x\ny\n<"), Some(("a --b", "y", false, "x")));
        assert_eq!(parts("a --b <<\\E\ny\nE"), Some(("a --b", "y", false, "")));
        assert_eq!(here_document("a --b", 2), None);
        assert_eq!(here_document("a --b", 99), None);
    }

    #[test]
    fn constructs_where_a_shell_acts_on_them() {
        let c = |s| construct(s).map(|f| (f.construct, f.text, f.offset));
        assert_eq!(c("a --b <<EOF"), Some((Construct::HereDocument, "<<EOF", 6)));
        assert_eq!(c("a --b << 'END'"), Some((Construct::HereDocument, "<<", 6)));
        assert_eq!(c("a --b <<-EOF"), Some((Construct::HereDocument, "<<-EOF", 6)));
        assert_eq!(c("a --b <<<word"), Some((Construct::HereString, "<<<word", 6)));
        assert_eq!(c("a --b \"$(cat f)\""), Some((Construct::Substitution, "$(cat", 7)));
        assert_eq!(c("a --b \"x $(date)\""), Some((Construct::Substitution, "$(date)", 9)));
        assert_eq!(c("a --b $(date)"), Some((Construct::Substitution, "$(date)", 6)));
        assert_eq!(c("a --b $'x\\ny'"), Some((Construct::AnsiC, "$'x\\ny'", 6)));
        // Quoted, or escaped, it is text.
        assert_eq!(c("a --b \"$'x'\" --c '$'"), None);
        assert_eq!(c("a --b \\$'x'"), None);
        // Quoted, escaped, or not an operator: text.
        assert_eq!(c("a --b '<<EOF' --c '$(x)'"), None);
        assert_eq!(c("a --b \"<<EOF\""), None);
        assert_eq!(c("a --b \\$(x) --c \\<<EOF"), None);
        assert_eq!(c("a --b \"it's \\\"$5\\\"\" --c <b> --d $HOME"), None);
        assert_eq!(c("a --b x<<"), None);
        assert_eq!(c("a --b 'it''s' $(x)"), Some((Construct::Substitution, "$(x)", 14)));
        assert_eq!(c(""), None);
        assert_eq!(c("$"), None);
        assert_eq!(c("<"), None);
        // A backslash outside quotes that only drops itself.
        assert_eq!(c("a --b C:\\Users\\bob"), Some((Construct::Backslash, "\\U", 8)));
        assert_eq!(c("a --b \\d+ --c $(x)"), Some((Construct::Backslash, "\\d", 6)));
        assert_eq!(c("a --b x\\.y"), Some((Construct::Backslash, "\\.", 7)));
        // Meaningful, quoted, or at the end: not reported.
        for line in
            ["a --b x\\ y", "a --b \\\"q\\\" \\$5 \\* \\\\ \\'", "a --b 'C:\\U'", "a --b \"C:\\U\"", "a \\", "a \\\nb"]
        {
            assert_eq!(c(line), None, "{line}");
        }
    }

    /// Operators and `#` as words of their own, outside quotes; inside a
    /// word or quoted, text.
    #[test]
    fn operators_and_comments_as_words() {
        let c = |s| construct(s).map(|f| (f.construct, f.text, f.offset));
        assert_eq!(c("a --b x && a --c y"), Some((Construct::Chain, "&&", 8)));
        assert_eq!(c("a --b x; a"), None);
        assert_eq!(c("a --b x ; a"), Some((Construct::Chain, ";", 8)));
        assert_eq!(c("a --b x || true"), Some((Construct::Chain, "||", 8)));
        assert_eq!(c("a --b x &"), Some((Construct::Chain, "&", 8)));
        assert_eq!(c("a --b x | head -1"), Some((Construct::Pipe, "|", 8)));
        assert_eq!(c("a --b x |& cat"), Some((Construct::Pipe, "|&", 8)));
        assert_eq!(c("a --b x > out.txt"), Some((Construct::Redirect, ">", 8)));
        assert_eq!(c("a --b x >> out.txt"), Some((Construct::Redirect, ">>", 8)));
        assert_eq!(c("a --b x 2>&1"), Some((Construct::Redirect, "2>&1", 8)));
        assert_eq!(c("a --b x 2> /dev/null"), Some((Construct::Redirect, "2>", 8)));
        assert_eq!(c("a --b x &> log"), Some((Construct::Redirect, "&>", 8)));
        assert_eq!(c("a --b < in.txt"), Some((Construct::Redirect, "<", 6)));
        assert_eq!(c("a --b x  # the open ones"), Some((Construct::Comment, "#", 9)));
        assert_eq!(c("a --b x\t#\n"), Some((Construct::Comment, "#", 8)));
        // The first one found wins.
        assert_eq!(c("a --b x # a | b"), Some((Construct::Comment, "#", 8)));
        for text in [
            "a --b R&D --c a>b --d x|y --e #urgent --f 5;",
            "a --b '&&' --c \"|\" --d ';' --e '#' --f \">\"",
            "a --b x2>y --c 1&&",
            "a --b <b> --c x",
            "> a --b x",
            "  | a | --b |",
            "# a --b x",
            "  a --b x2>y",
        ] {
            assert_eq!(c(text), None, "{text}");
        }
        assert_eq!(c("  a --b x | y"), Some((Construct::Pipe, "|", 10)));
        // Long lines of candidates inside words, after many blanks: read in
        // one pass (a search for the line's start per candidate took
        // quadratic time).
        let line = format!("{}a {}", " ".repeat(200_000), "&a ".repeat(200_000));
        assert_eq!(c(&line), None);
    }

    #[test]
    fn the_first_candidate_at_every_length_and_place() {
        let candidates = b"<>$\\|&;#";
        for len in 0..80 {
            let mut line = vec![b'a'; len];
            assert_eq!(first_candidate(&line), None);
            for at in (0..len).rev() {
                line[at] = candidates[at % candidates.len()];
                assert_eq!(first_candidate(&line), Some(at), "{len} {at}");
            }
        }
        // Every other byte is no candidate.
        for c in 0..=255u8 {
            if !is_candidate(c) && !matches!(c, 0x1c | 0x1e | b'^' | b'~') {
                let line = [c; 40];
                assert_eq!(first_candidate(&line), None, "{c:#x}");
            }
        }
    }

    #[test]
    fn heredoc_delimiters() {
        assert_eq!(heredoc_delimiter("<<EOF"), Some(("EOF", false)));
        assert_eq!(heredoc_delimiter("<<\"EOF\" rest"), Some(("EOF", false)));
        assert_eq!(heredoc_delimiter("<<\\EOF"), Some(("EOF", false)));
        assert_eq!(heredoc_delimiter("<<EOF)"), Some(("EOF", false)));
        assert_eq!(heredoc_delimiter("<<'EOF"), None);
        assert_eq!(heredoc_delimiter("<<"), None);
        assert_eq!(heredoc_delimiter("<< \n"), None);
        assert!(ends_heredoc("  EOF \r", "EOF"));
        assert!(!ends_heredoc("EOFX", "EOF"));
    }
}
