//! The markers of a flag's description, read once into typed statements:
//! `(required)`, `(default: v)`, `(type: integer)`, `One of: a, b`,
//! `Required.` as a sentence, `space-separated`. What is left is prose,
//! which only the prose checks read.
//!
//! Markers are blanked out of the prose rather than cut, so an offset in
//! the prose is the same offset in the description, whose pieces know
//! their lines and columns.

use super::decl::{DefaultValue, Fact, Text};
use super::types::{self, TypeWord};
use crate::lex::is_enum_value;
use crate::words::{find_ignore_ascii_case, strip_prefix_ignore_ascii_case, strip_word_ignore_ascii_case};
use skills_core::args::is_number;
use skills_core::spec::ValueType;

/// A fact found at a byte offset of the description; `true` when implied.
pub(crate) type Found = (Fact, bool, usize);

/// The statements a description makes, and its prose.
#[derive(Debug)]
pub(crate) struct Described<'f> {
    /// The statements found (a buffer the caller reuses from flag to flag).
    pub(crate) facts: &'f mut Vec<Found>,
    /// The byte ranges of markers to blank out of the prose (a buffer too).
    blanks: &'f mut Vec<(usize, usize)>,
    /// The description with its markers blanked out (a buffer too).
    pub(crate) prose: &'f mut String,
    /// It says `multiple` or `several` somewhere (for the prose checks).
    pub(crate) several: bool,
}

/// Reads the markers of `text`. `enum_type`: another statement already
/// says the flag is an enum whose values the description quotes.
/// The statements go to `buffers`, which are emptied first.
pub(crate) fn read<'f>(text: &Text, enum_type: bool, buffers: &'f mut Buffers) -> Described<'f> {
    let d = &text.text;
    buffers.facts.clear();
    buffers.prose.clear();
    buffers.prose.push_str(d);
    let words = Words::of(d);
    let several = words.has(Words::SEVERAL);
    let mut out =
        Described { facts: &mut buffers.facts, blanks: &mut buffers.blanks, prose: &mut buffers.prose, several };
    groups(d, &mut out);
    sentence_markers(&mut out, words);
    if words.has(Words::ONE_OF | Words::COLON) {
        values_clause(&mut out, text);
    }
    let has_enum_type = enum_type || out.facts.iter().any(|f| f.0 == Fact::EnumType);
    if has_enum_type
        && !out.facts.iter().any(|f| matches!(f.0, Fact::Values(_)))
        && let Some((start, end, values)) = quoted_run(out.prose)
    {
        blank(out.prose, start, end);
        out.facts.push((Fact::Values(values), false, start));
    }
    for phrase in ["space-separated", "space separated"].into_iter().filter(|_| words.has(Words::SPACE)) {
        if let Some(i) = find_ignore_ascii_case(out.prose, phrase) {
            out.facts.push((Fact::List(true), false, i));
            break;
        }
    }
    out
}

/// What reading one description after another reuses.
#[derive(Default)]
pub(crate) struct Buffers {
    facts: Vec<Found>,
    blanks: Vec<(usize, usize)>,
    prose: String,
}

/// Which words the markers are made of a description holds, anywhere and
/// in any case, found in one pass: each search for a marker runs only
/// when its word is there (most descriptions hold none).
#[derive(Clone, Copy)]
pub(crate) struct Words(u8);

impl Words {
    const DEFAULT: u8 = 1;
    const REQUIRED: u8 = 2;
    const OPTIONAL: u8 = 4;
    /// `one ` (`One of:`, `one or more of`).
    const ONE_OF: u8 = 8;
    const SPACE: u8 = 16;
    /// A colon, which ends every values label (`Possible values:`).
    const COLON: u8 = 32;
    /// `multiple` or `several`.
    const SEVERAL: u8 = 64;

    fn of(s: &str) -> Words {
        let b = s.as_bytes();
        let mut w = 0;
        for (i, &c) in b.iter().enumerate() {
            let has = |word: &[u8]| b.get(i..i + word.len()).is_some_and(|r| r.eq_ignore_ascii_case(word));
            // (The first two letters pick the word to compare.)
            match (c | 0x20, b.get(i + 1).map_or(0, |n| n | 0x20)) {
                (b'd', b'e') if has(b"default") => w |= Self::DEFAULT,
                (b'r', b'e') if has(b"required") => w |= Self::REQUIRED,
                (b'm', b'a') if has(b"mandatory") => w |= Self::REQUIRED,
                (b'o', b'p') if has(b"optional") => w |= Self::OPTIONAL,
                (b'o', b'n') if has(b"one ") => w |= Self::ONE_OF,
                (b's', b'p') if has(b"space") => w |= Self::SPACE,
                (b's', b'e') if has(b"several") => w |= Self::SEVERAL,
                (b'm', b'u') if has(b"multiple") => w |= Self::SEVERAL,
                (b':', _) => w |= Self::COLON,
                _ => {}
            }
        }
        Words(w)
    }

    fn has(self, any: u8) -> bool {
        self.0 & any != 0
    }
}

/// Replaces `s[start..end]` with as many blanks as it has bytes, keeping
/// every offset (in place: the length does not change).
fn blank(s: &mut String, start: usize, end: usize) {
    const BLANKS: &str = "                                                                ";
    match BLANKS.get(..end - start) {
        Some(blanks) => s.replace_range(start..end, blanks),
        None => s.replace_range(start..end, &" ".repeat(end - start)),
    }
}

/// Top-level `( )` groups, and `[ ]` ones as docopt writes them (`[default:
/// 10]`, `[required]`; not a link's `[text](url)`), that hold markers.
fn groups(d: &str, out: &mut Described<'_>) {
    let (mut depth, mut group_start, mut bracket_start) = (0usize, 0usize, None);
    out.blanks.clear();
    for (i, c) in d.bytes().enumerate() {
        match c {
            b'[' if depth == 0 => bracket_start = Some(i),
            b']' if depth == 0 => {
                if let Some(start) = bracket_start.take()
                    && !d[i + 1..].starts_with('(')
                    && marker_group(&d[start + 1..i], start + 1, out.facts)
                {
                    out.blanks.push((start, i + 1));
                }
            }
            b'(' => {
                if depth == 0 {
                    group_start = i;
                }
                depth += 1;
            }
            b')' if depth > 0 => {
                depth -= 1;
                if depth == 0 && marker_group(&d[group_start + 1..i], group_start + 1, out.facts) {
                    out.blanks.push((group_start, i + 1));
                }
            }
            _ => {}
        }
    }
    for &(start, end) in out.blanks.iter() {
        blank(out.prose, start, end);
    }
}

/// Adds the markers of one group at `offset` to `facts`; false (and
/// nothing added) when it is prose. A
/// group may hold several markers separated by commas or semicolons, a
/// bare type word counting as its `(type: ...)`: `(string, required)`,
/// `(integer, default: 20)` (a default comes last: its value may hold
/// commas). A group that states its type first says what the flag is,
/// whatever follows (`(type: string, format: email)`): the markers after
/// it count, the rest is prose.
fn marker_group(inner: &str, offset: usize, facts: &mut Vec<Found>) -> bool {
    let (values_known, before) = (facts.iter().any(|f| matches!(f.0, Fact::Values(_))), facts.len());
    if split_markers(inner, offset, false, facts) {
        return true;
    }
    facts.truncate(before);
    if !values_known && values_group(inner, offset, facts) {
        return true;
    }
    let lead = inner.trim().trim_matches(['*', '_']).trim();
    if strip_prefix_ignore_ascii_case(lead, "type:").is_some() {
        split_markers(inner, offset, true, facts);
        return true;
    }
    // `(1-100, default 20)`: a default beside prose counts when its value
    // cannot be prose; the group stays prose.
    if find_ignore_ascii_case(inner, "default").is_some() {
        split_markers(inner, offset, true, facts);
        let mut found = facts.split_off(before);
        found.retain(|f| matches!(&f.0, Fact::Default(DefaultValue::Text(v)) if unmistakable(v)));
        facts.append(&mut found);
    }
    false
}

/// The markers of a group separated by commas or semicolons; false when a
/// part is not one, unless `lenient`, which skips such parts. A default's
/// value may hold commas (`default: a, b`), so it runs to a semicolon, as
/// Click separates its notes (`[default: 1; 1<=x<=10]`).
pub(crate) fn split_markers(inner: &str, offset: usize, lenient: bool, found: &mut Vec<Found>) -> bool {
    let mut rest = inner;
    loop {
        let default = strip_prefix_ignore_ascii_case(rest.trim_start(), "default:").is_some();
        let part_end = rest.bytes().position(|c| c == b';' || c == b',' && !default).unwrap_or(rest.len());
        let part = &rest[..part_end];
        let at = offset + (part.as_ptr() as usize - inner.as_ptr() as usize);
        let ok = !part.trim().is_empty() && one_marker(part, at, In::Group, found);
        if !ok && !lenient {
            return false;
        }
        if part_end == rest.len() {
            return true;
        }
        rest = &rest[part_end + 1..];
    }
}

/// Where a marker is written, which decides what it may be.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum In {
    /// A part of a group (`(integer, default: 20)`), a table cell, a
    /// docstring's type: any default value counts.
    Group,
    /// A sentence of its own (`Required.`, `Default: 20.`, `*integer*`): a
    /// default must be a value that cannot be prose, and a type counts
    /// unless the description already states one (`typed`).
    Sentence { typed: bool },
}

/// One marker at `offset`; false (and nothing added) when `part` is not one.
pub(crate) fn one_marker(part: &str, offset: usize, within: In, found: &mut Vec<Found>) -> bool {
    // Emphasis, and a code span around the whole marker, are not part of
    // it: `(**required**)`, `` (`string`) ``; nor, in a sentence, a
    // separator after a group (`(string): Required.`) or its period.
    let mut t = part.trim().trim_matches(['*', '_']).trim();
    let sentence = matches!(within, In::Sentence { .. });
    if sentence {
        t = t.trim_start_matches([':', '-', '–', '—']).trim();
        t = t.trim_matches(['*', '_']).trim_end_matches(['.', '!']).trim_matches(['*', '_']);
    }
    let t = match t.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
        Some(code) if !code.contains('`') => code.trim(),
        _ => t,
    };
    let at = offset + part.find(|c: char| !c.is_whitespace()).unwrap_or(0);
    let is = |word: &str| t.eq_ignore_ascii_case(word);
    let typed = within == In::Sentence { typed: true };
    // (`**Default:** 20` in a sentence.)
    let unstarred = if sentence && t.contains('*') { std::borrow::Cow::Owned(t.replace('*', "")) } else { t.into() };
    // `optional string`, as tool READMEs write a parameter's group.
    let typed_required = || {
        ["required ", "optional "].iter().find_map(|w| {
            let (word, list) = types::read(strip_prefix_ignore_ascii_case(t, w)?.trim_start(), false)?;
            Some((w.starts_with('r'), word, list))
        })
    };
    if let Some(required) = requiredness(t) {
        found.push((Fact::Required(required), false, at));
    } else if let Some((required, word, list)) = (!typed).then(typed_required).flatten() {
        found.push((Fact::Required(required), false, at));
        type_facts(word, list, at, found);
    } else if (is("boolean flag") || is("boolean")) && !typed {
        found.push((Fact::Type(ValueType::Boolean), false, at));
    } else if ["yyyy-mm-dd", "iso 8601 date", "iso-8601 date", "iso date"].iter().any(|d| is(d)) && !typed {
        found.push((Fact::Type(ValueType::Date), false, at));
    } else if let Some(v) = strip_prefix_ignore_ascii_case(&unstarred, "default:").map(str::trim) {
        if sentence && !(unmistakable(v) || is_enum_value(v) && !v.contains(' ')) {
            return false;
        }
        default(v, at, found);
    } else if let Some(v) = default_in_words(&unstarred) {
        default(v, at, found);
    } else if within == In::Group
        && t.bytes().all(|b| b"0123456789.+-x<=> ".contains(&b))
        && t.contains('x')
        && t.contains(['<', '>'])
    {
        // Click's bounds (`1<=x<=10`, `x>=0`): they state no property, and
        // the description keeps them for the help page.
    } else if let Some(values) = (within == In::Group && t.contains('|')).then(|| quoted_union(t)).flatten() {
        found.push((Fact::Values(values), false, at));
    } else if let Some(v) = strip_prefix_ignore_ascii_case(t, "type:").filter(|_| !typed) {
        // `type: number, required`: more markers after the type, which
        // the group reads one by one.
        let Some((word, list)) = types::read(v.trim().trim_matches('`'), true).filter(|_| !v.contains(',')) else {
            return false;
        };
        type_facts(word, list, at, found);
    } else if let Some((word, list)) = types::read(t, false).filter(|_| !typed) {
        type_facts(word, list, at, found);
    } else {
        return false;
    }
    true
}

/// Whether a `Required` cell, a data entry's `required:` or a marker's
/// `required: true` says yes or no; an `Optional` cell's yes is a no.
pub(crate) fn yes_no(cell: &str) -> Option<bool> {
    match cell.to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" | "required" | "x" | "✓" | "✔" | "✅" => Some(true),
        "no" | "n" | "false" | "optional" | "✗" | "✘" | "❌" => Some(false),
        _ => None,
    }
}

/// Whether a marker says the flag is required or optional: `required`,
/// `mandatory`, `optional`, `not required`, `required: true`,
/// `required=False` (as Python writes it).
fn requiredness(t: &str) -> Option<bool> {
    if !matches!(t.as_bytes().first()? | 0x20, b'r' | b'm' | b'o' | b'n') {
        return None;
    }
    let is = |words: &[&str]| words.iter().any(|w| t.eq_ignore_ascii_case(w));
    if is(&["required", "mandatory"]) {
        return Some(true);
    }
    if is(&["optional", "not required", "not mandatory"]) {
        return Some(false);
    }
    let value = ["required:", "required=", "mandatory:"].iter().find_map(|p| strip_prefix_ignore_ascii_case(t, p))?;
    yes_no(value.trim()).filter(|_| !value.trim().eq_ignore_ascii_case("optional"))
}

/// The statements of a type word at `at`.
pub(crate) fn type_facts(word: TypeWord, list: bool, at: usize, found: &mut Vec<Found>) {
    let fact = match word {
        TypeWord::Value(t) => Fact::Type(t),
        TypeWord::Enum => Fact::EnumType,
        TypeWord::Format(f) => Fact::Format(f),
        TypeWord::Unknown(u) => Fact::UnknownType(u),
    };
    let unknown = matches!(fact, Fact::UnknownType(_));
    found.push((fact, false, at));
    if !unknown {
        found.push((Fact::List(list), !list, at));
    }
}

/// A default's statement.
/// `None`, `null` and `nil` (Python's and JSON's nothing, as Typer prints
/// `[default: None]`) state no default.
pub(crate) fn default(v: &str, at: usize, found: &mut Vec<Found>) {
    // (Click's `[default: (dynamic)]` is computed when the command runs.)
    if ["none", "null", "nil"].iter().any(|w| v.eq_ignore_ascii_case(w)) || v.starts_with('(') && v.ends_with(')') {
        return;
    }
    // `[]`, as Docker's and kubectl's references give a list's default:
    // several values, none when left out.
    if v == "[]" || v == "`[]`" {
        found.push((Fact::List(true), false, at));
        return;
    }
    found.push((Fact::Default(default_value(v)), false, at));
}

/// A default as a marker or a cell writes it: a value, or several words
/// without quotes, which may as well say what leaving the flag out does
/// (`current directory`).
fn default_value(v: &str) -> DefaultValue {
    match v.split(',').any(|i| !unmistakable(i.trim()) && i.trim().contains(' ')) {
        true => DefaultValue::Words(v.to_string()),
        false => DefaultValue::Text(v.to_string()),
    }
}

/// A group that is a values clause and nothing else: `(one of: a, b)`,
/// `(One or more of: a, b)`, or a label's, as clap's help writes it
/// (`[possible values: json, text]`).
fn values_group(inner: &str, offset: usize, found: &mut Vec<Found>) -> bool {
    let t = inner.trim();
    // (`(one of a, b)` without the colon: the group holds nothing else.)
    let labels = [("one or more of:", Some(true)), ("one of:", Some(false)), ("one of ", Some(false))];
    let lead = (labels.into_iter())
        .find_map(|(label, several)| {
            Some((label.len(), several)).filter(|_| strip_prefix_ignore_ascii_case(t, label).is_some())
        })
        .or_else(|| values_label(t).filter(|l| l.0 == 0).map(|(_, len)| (len, None)));
    let Some((len, several)) = lead else { return false };
    let values = enum_values(&t[len..]);
    if values.len() < 1 + usize::from(len == "one of ".len()) || !values.iter().all(|v| is_enum_value(v)) {
        return false;
    }
    values_facts(values, several, offset + (t.as_ptr() as usize - inner.as_ptr() as usize), found);
    true
}

/// The statements of a values clause: its values, and how many a command
/// gives when the clause says (`One of:` implies one).
fn values_facts(values: Vec<String>, several: Option<bool>, at: usize, found: &mut Vec<Found>) {
    found.push((Fact::Values(values), false, at));
    match several {
        Some(true) => found.push((Fact::List(true), false, at)),
        Some(false) => found.push((Fact::List(false), true, at)),
        None => {}
    }
}

/// The values clause of the prose: `One or more of:`, `One of:`, `One of`
/// with quoted values, or a label (`Possible values:`); blanked from the
/// prose.
fn values_clause(out: &mut Described<'_>, text: &Text) {
    let prose = &out.prose;
    let clause = find_ignore_ascii_case(prose, "one or more of:")
        .map(|i| (i, "one or more of:".len(), Some(true)))
        .or_else(|| find_ignore_ascii_case(prose, "one of:").map(|i| (i, "one of:".len(), Some(false))))
        .or_else(|| quoted_one_of(prose).map(|(i, len, several)| (i, len, Some(several))))
        .or_else(|| values_label(prose).map(|(i, len)| (i, len, None)));
    let Some((i, len, several)) = clause else { return };
    if out.facts.iter().any(|f| matches!(f.0, Fact::Values(_))) {
        return;
    }
    let rest = &prose[i + len..];
    // A label that ends its line: the values follow as list items, which
    // the section reader gives.
    if text.ends_piece(i + len) {
        values_facts(Vec::new(), several, i, out.facts);
        blank(out.prose, i, i + len);
        return;
    }
    // `One of: [json, text]`, the values as a JSON or YAML list writes
    // them: the list's inside, up to its `]`.
    let list = rest.trim_start().strip_prefix('[').and_then(|r| Some((r, r.find(']')?)));
    // `One of: (json, yaml)`, as kubectl writes them.
    let list = list.or_else(|| rest.trim_start().strip_prefix('(').and_then(|r| Some((r, r.find(')')?))));
    let (values, end) = match list {
        Some((inner, close)) => (enum_values(&inner[..close]), rest.len() - inner.len() + close + 1),
        None => {
            // `json (for programs), text`: a note after a value, in
            // parentheses, when the list goes on after it.
            let mut end = clause_end(rest);
            while let Some(close) = rest[end..].strip_prefix('(').and_then(|r| r.find(')')).map(|c| end + c + 2)
                && rest[close..].trim_start().starts_with(',')
            {
                end = close + clause_end(&rest[close..]);
            }
            let clause = &rest[..end];
            let values = match clause.contains('(') {
                true => enum_values(
                    &clause.split(',').map(|v| v.split_once('(').map_or(v, |(v, _)| v)).collect::<Vec<_>>().join(","),
                ),
                false => enum_values(clause),
            };
            (values, end)
        }
    };
    values_facts(values, several, i, out.facts);
    blank(out.prose, i, i + len + end);
}

/// Blanks the sentences of the prose that are a marker alone, as API
/// references write them instead of a group: `Required. The title.`, `The
/// title. **Required.**`, `Default: 20.`, a type word alone (a definition
/// list's term line: `` `--limit` *integer* ``), and a marker last in a
/// sentence after a comma, semicolon or dash (`The text, required.`,
/// `Level, default `2``).
fn sentence_markers(out: &mut Described<'_>, words: Words) {
    let prose = &out.prose;
    let says = |bit, word| words.has(bit) && find_ignore_ascii_case(prose, word).is_some();
    // (A type word alone is short: `*list of booleans*.`)
    let first_is_type = || {
        let first = sentences(prose).next().map_or("", |(s, _)| s.trim().trim_end_matches('.'));
        first.len() <= 24 && types::read(first.trim_matches(['*', '_', '`']), false).is_some()
    };
    if !(says(Words::DEFAULT, "default")
        || says(Words::REQUIRED, "required")
        || says(Words::REQUIRED, "mandatory")
        || says(Words::OPTIONAL, "optional")
        || first_is_type())
    {
        return;
    }
    let is_type = |f: &Found| matches!(f.0, Fact::Type(_) | Fact::EnumType);
    let mut typed = out.facts.iter().any(is_type);
    out.blanks.clear();
    for (sentence, start) in sentences(prose) {
        let mut kept = sentence;
        while let Some(rest) = marker_tail(kept, start, out.facts) {
            out.blanks.push((start + rest.len(), start + kept.trim_end().len()));
            kept = rest;
        }
        let before = out.facts.len();
        if one_marker(kept, start, In::Sentence { typed }, out.facts) {
            typed |= out.facts[before..].iter().any(is_type);
            out.blanks.push((start, start + kept.len()));
        }
    }
    for &(s, e) in out.blanks.iter() {
        blank(out.prose, s, e);
    }
}

/// The sentences of `prose` with their offsets, each with the blank after
/// it: a sentence ends at `. `, also when emphasis closes after its period
/// (`**Required.** The name.`).
pub(crate) fn sentences(prose: &str) -> impl Iterator<Item = (&str, usize)> {
    let b = prose.as_bytes();
    let mut start = 0;
    core::iter::from_fn(move || {
        if start >= b.len() {
            return None;
        }
        let mut i = start;
        while let Some(dot) = memchr::memchr(b'.', &b[i..]).map(|d| i + d) {
            let after = dot + 1 + b[dot + 1..].iter().take_while(|&&c| c == b'*' || c == b'_').count();
            if b.get(after) == Some(&b' ') {
                let s = start;
                start = after + 1;
                return Some((&prose[s..after + 1], s));
            }
            i = dot + 1;
        }
        let s = start;
        start = b.len();
        Some((&prose[s..], s))
    })
}

/// A requiredness or a default that ends a sentence after a comma, a
/// semicolon or a dash after a blank (`The text, required.`, `Level,
/// default `2``, `Sort order; defaults to "asc".`, `How many, by default
/// 20`, as NumPy's docstrings write it), its statements added to `found`:
/// the sentence before its separator.
fn marker_tail<'s>(sentence: &'s str, offset: usize, found: &mut Vec<Found>) -> Option<&'s str> {
    for (i, c) in sentence.char_indices().rev() {
        if !(matches!(c, ',' | ';') || matches!(c, '-' | '–' | '—') && sentence[..i].ends_with(' ')) {
            continue;
        }
        let rest = sentence[..i].trim_end_matches(['*', '_', ' ']);
        if rest.trim().is_empty() {
            return None;
        }
        let tail = sentence[i + c.len_utf8()..].trim_start_matches(['*', '_', ' ']);
        let tail = strip_word_ignore_ascii_case(tail, "by").map_or(tail, str::trim_start);
        let before = found.len();
        if one_marker(tail, offset + sentence.len() - tail.len(), In::Sentence { typed: true }, found)
            && found[before..].iter().all(|f| matches!(f.0, Fact::Required(_) | Fact::Default(_)))
        {
            return Some(rest);
        }
        found.truncate(before);
    }
    None
}

/// A default stated in words: `default 5`, `default=5`, `default is
/// `asc``, `defaults to "none"`, when its value is [`unmistakable`].
fn default_in_words(t: &str) -> Option<&str> {
    let v = ["defaults to ", "default is ", "default = ", "default=", "default "]
        .iter()
        .find_map(|p| strip_prefix_ignore_ascii_case(t, p))?
        .trim();
    unmistakable(v).then_some(v)
}

/// A value that cannot be prose: a number (`20`, `0.5`), or one value in
/// backticks or quotes (`defaults to today` stays prose).
pub(crate) fn unmistakable(v: &str) -> bool {
    let quoted = |q: char| v.len() >= 2 && v.starts_with(q) && v.ends_with(q) && !v[1..v.len() - 1].contains(q);
    is_number(v) || quoted('`') || quoted('"') || quoted('\'')
}

/// The first run of two or more values in backticks or double quotes,
/// separated by commas, `|`, `/`, `or` or `and` (`` `red`, `green` or
/// `blue` ``): where it starts and ends, and the values.
pub(crate) fn quoted_run(prose: &str) -> Option<(usize, usize, Vec<String>)> {
    let b = prose.as_bytes();
    let mut from = 0;
    while let Some(rel) = memchr::memchr2(b'`', b'"', &b[from..]) {
        let start = from + rel;
        let (mut at, mut end, mut values) = (start, start, Vec::new());
        while let Some(close) = memchr::memchr(b[at], &b[at + 1..]).map(|k| at + 1 + k) {
            let v = &prose[at + 1..close];
            if !is_enum_value(v) {
                break;
            }
            values.push(v.to_string());
            end = close + 1;
            let rest = prose[end..].trim_start();
            let after = rest.strip_prefix("\\|").or_else(|| rest.strip_prefix([',', '|', '/'])).unwrap_or(rest);
            let after = after.trim_start();
            let after = strip_word_ignore_ascii_case(after, "or")
                .or_else(|| strip_word_ignore_ascii_case(after, "and"))
                .unwrap_or(after)
                .trim_start();
            if after.len() == rest.len() || !after.starts_with(['`', '"']) {
                break;
            }
            at = prose.len() - after.len();
        }
        if values.len() >= 2 {
            return Some((start, end, values));
        }
        from = end.max(start + 1);
    }
    None
}

/// A union of two or more quoted literals, as TypeScript writes a type
/// (`"text" | "binary"`, in a table `"a" \| "b"`): the values.
pub(crate) fn quoted_union(t: &str) -> Option<Vec<String>> {
    let literal = |p: &str| {
        let p = p.trim().trim_end_matches('\\').trim();
        let quoted = ['"', '\'', '`'].iter().find_map(|&q| p.strip_prefix(q)?.strip_suffix(q))?;
        // `` `"relevance"` ``: a literal in a code span.
        Some(super::prose::strip_quotes(quoted).to_string())
    };
    let values: Option<Vec<String>> = t.split('|').map(literal).collect();
    values.filter(|v| v.len() > 1)
}

/// The values of a list of values: split at commas, at bars (`a | b`, in a
/// table cell `a \| b`) and at the `or`/`and` before the last one, quotes
/// and backticks removed.
pub(crate) fn enum_values(text: &str) -> Vec<String> {
    enum_items(text).map(|v| v.trim_matches(['`', '"', '\'']).to_string()).filter(|v| !v.is_empty()).collect()
}

/// The items of a list of values as written (quotes kept).
fn enum_items(text: &str) -> impl Iterator<Item = &str> {
    text.split([',', '|']).flat_map(split_or_and).map(|v| {
        let v = v.trim().trim_end_matches('\\').trim_end();
        v.strip_prefix("or ").or_else(|| v.strip_prefix("and ")).unwrap_or(v).trim()
    })
}

/// `v` split at each ` or ` and ` and `.
fn split_or_and(v: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(v);
    core::iter::from_fn(move || {
        let s = rest?;
        let b = s.as_bytes();
        let cut = memchr::memchr_iter(b' ', b).find_map(|i| {
            let after = &b[i + 1..];
            [&b"or "[..], b"and "].into_iter().find(|w| after.starts_with(w)).map(|w| (i, i + 1 + w.len()))
        });
        match cut {
            Some((end, next)) => {
                rest = Some(&s[next..]);
                Some(&s[..end])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

/// `One of `a`, `b`` without the colon: the values must be quoted, so that
/// `one of the recipients` is prose. Where the clause starts, its length
/// and whether it is `one or more of`.
fn quoted_one_of(prose: &str) -> Option<(usize, usize, bool)> {
    one_of_clauses(prose).find(|&(i, len, _)| {
        let rest = &prose[i + len..];
        let clause = &rest[..clause_end(rest)];
        let quoted = |v: &str| v.len() >= 2 && ['`', '"', '\''].iter().any(|&q| v.starts_with(q) && v.ends_with(q));
        let (mut items, mut all_quoted) = (0, true);
        for v in enum_items(clause) {
            items += 1;
            all_quoted &= quoted(v);
        }
        items >= 2 && all_quoted
    })
}

/// Each `one of ` and `one or more of ` (any case) that starts a word:
/// where, its length and whether it is `one or more of`.
pub(crate) fn one_of_clauses(prose: &str) -> impl Iterator<Item = (usize, usize, bool)> + '_ {
    let b = prose.as_bytes();
    memchr::memchr2_iter(b'o', b'O', b).filter_map(move |i| {
        if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] >= 0x80) {
            return None;
        }
        let after = |w: &str| b.get(i..i + w.len()).is_some_and(|s| s.eq_ignore_ascii_case(w.as_bytes()));
        if after("one or more of ") {
            Some((i, "one or more of ".len(), true))
        } else if after("one of ") {
            Some((i, "one of ".len(), false))
        } else {
            None
        }
    })
}

/// A label that states the allowed values, first in its sentence:
/// `Possible values:`, `Allowed values:`, `Valid values:`, `Accepted
/// values:`, `Supported values:`, `Choices:`: where it starts, its length.
pub(crate) fn values_label(prose: &str) -> Option<(usize, usize)> {
    const LABELS: [&str; 6] =
        ["possible values:", "allowed values:", "valid values:", "accepted values:", "supported values:", "choices:"];
    let b = prose.as_bytes();
    memchr::memchr_iter(b':', b).find_map(|colon| {
        let end = colon + 1;
        let label =
            LABELS.iter().find(|l| end >= l.len() && b[end - l.len()..end].eq_ignore_ascii_case(l.as_bytes()))?;
        let i = end - label.len();
        let before = prose[..i].trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_'));
        (before.is_empty() || before.ends_with(['.', ';', ':', '(', '!', '?'])).then_some((i, label.len()))
    })
}

/// Where a clause that runs to the end of a sentence stops: at its end, a
/// `;`, a group, or the end of the group it is in.
pub(crate) fn clause_end(s: &str) -> usize {
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if matches!(c, b'(' | b')' | b']' | b';') {
            return i;
        }
        if c == b'.' && (i + 1 == b.len() || b[i + 1] == b' ') {
            return i;
        }
    }
    s.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(d: &str) -> Vec<Fact> {
        let mut text = Text::default();
        text.push(d, 1, 1, false);
        let mut buffers = Buffers::default();
        read(&text, false, &mut buffers).facts.drain(..).filter(|f| !f.1).map(|f| f.0).collect()
    }

    fn prose(d: &str) -> String {
        let mut text = Text::default();
        text.push(d, 1, 1, false);
        let mut buffers = Buffers::default();
        read(&text, false, &mut buffers).prose.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    fn text(v: &str) -> Fact {
        Fact::Default(DefaultValue::Text(v.into()))
    }

    #[test]
    fn groups_hold_markers() {
        use ValueType::*;
        assert_eq!(facts("The query (string, required)"), [Fact::Type(String), Fact::Required(true)]);
        assert_eq!(prose("The query (string, required)"), "The query");
        assert_eq!(
            facts("Max (integer, optional, default: 20)"),
            [Fact::Type(Integer), Fact::Required(false), text("20")]
        );
        assert_eq!(facts("Ids (integer list, default: 1, 2)"), [Fact::Type(Integer), Fact::List(true), text("1, 2")]);
        assert_eq!(facts("When (date)"), [Fact::Type(Date)]);
        assert_eq!(facts("Who (for example, bob)"), []);
        assert_eq!(facts("Which (string, maybe)"), []);
        assert_eq!(facts("Maximum (optional; default: 20)"), [Fact::Required(false), text("20")]);
        assert_eq!(facts("Kind (see below; required)"), []);
        let words = |w: &str| Fact::Default(DefaultValue::Words(w.into()));
        assert_eq!(facts("Where (default: current directory)"), [words("current directory")]);
        assert_eq!(facts("Where [default: (dynamic)]"), []);
        assert_eq!(facts("Greeting (default: \"Hello there\")"), [text("\"Hello there\"")]);
        assert_eq!(facts("Tags (default: a, b)"), [text("a, b")]);
        assert_eq!(facts("Tags (default: [])"), [Fact::List(true)]);
        for (d, required) in [
            ("Who (mandatory)", true),
            ("Who. Mandatory.", true),
            ("Who (required: true)", true),
            ("Who (required=False)", false),
            ("Who (not required)", false),
            ("Who. Not required.", false),
        ] {
            assert_eq!(facts(d), [Fact::Required(required)], "{d}");
        }
        let values = |v: &[&str]| Fact::Values(v.iter().map(|v| v.to_string()).collect());
        assert_eq!(
            facts("Mode (\"text\" | \"binary\", required)"),
            [values(&["text", "binary"]), Fact::Required(true)]
        );
        assert_eq!(facts("SHA (optional string)"), [Fact::Required(false), Fact::Type(String)]);
        assert_eq!(facts("Ids (required integer list)"), [Fact::Required(true), Fact::Type(Integer), Fact::List(true)]);
        assert_eq!(facts("Kind (optional reading)"), []);
        assert_eq!(facts("Since (ISO 8601 date)"), [Fact::Type(Date)]);
        assert_eq!(facts("Level (one of 1, 2, 3)"), [values(&["1", "2", "3"])]);
        assert_eq!(facts("Who (one of the recipients)"), []);
        assert_eq!(facts("Form. One of: json (machine), text (human)"), [values(&["json", "text"])]);
        assert_eq!(facts("Form. One of: json, text (default: text)"), [text("text"), values(&["json", "text"])]);
        assert_eq!(facts("Max (1-100, default 20)"), [text("20")]);
        assert_eq!(prose("Max (1-100, default 20)"), "Max (1-100, default 20)");
        assert_eq!(facts("Page (default 1, max 50)"), [text("1")]);
        assert_eq!(facts("Kind (see below, default depends on the kind)"), []);
        assert_eq!(facts("Line spacing (double)"), []);
        assert_eq!(facts("Speed [default: 10]."), [text("10")]);
        assert_eq!(facts("A [link](url) here"), []);
        assert_eq!(facts("Greeting (default: \"Hello, world\")"), [text("\"Hello, world\"")]);
        assert_eq!(facts("[default: None] [required]"), [Fact::Required(true)]);
        assert_eq!(facts("(type: string, format: email, required)"), [Fact::Type(String), Fact::Required(true)]);
        assert_eq!(facts("(type: strng)"), [Fact::UnknownType("strng".into())]);
    }

    #[test]
    fn sentences_and_clauses() {
        for d in
            ["When (YYYY-MM-DD), required", "The text; **required**.", "The text — required", "Required. The text."]
        {
            assert!(facts(d).contains(&Fact::Required(true)), "{d}");
            assert!(!prose(d).to_ascii_lowercase().contains("required"), "{d}: {}", prose(d));
        }
        for d in ["Only when required", "Not required", "The text, if required", "A field that is non-required"] {
            assert!(!facts(d).contains(&Fact::Required(true)), "{d}");
        }
        assert_eq!(facts("Level, default `2`"), [text("`2`")]);
        assert_eq!(facts("Sort order; defaults to \"asc\"."), [text("\"asc\"")]);
        assert_eq!(facts("Start, defaults to today"), []);
        assert_eq!(facts("Count. Default: 20."), [text("20")]);
        let values = |v: &[&str]| Fact::Values(v.iter().map(|s| s.to_string()).collect());
        assert_eq!(
            facts("Filter. One or more of: todo, done (default: todo)"),
            [text("todo"), values(&["todo", "done"]), Fact::List(true)]
        );
        assert_eq!(
            facts("Tone. One of: `formal`, `casual`, or `friendly`."),
            [values(&["formal", "casual", "friendly"])]
        );
        assert_eq!(
            facts("Priority. One of `low`, `high`. Defaults to `low`."),
            [text("`low`"), values(&["low", "high"])]
        );
        assert_eq!(facts("Send to one of the recipients, `bob` or `carl`"), []);
        assert_eq!(facts("Format. [possible values: json, text]"), [values(&["json", "text"])]);
        assert_eq!(facts("Colour (type: enum): `red`, `green` or `blue`")[..1], [Fact::EnumType]);
        assert!(facts("Colour (type: enum): `red`, `green` or `blue`").contains(&values(&["red", "green", "blue"])));
        assert_eq!(facts("Ids, space-separated"), [Fact::List(true)]);
        assert_eq!(facts("One of: [json, text]"), [values(&["json", "text"])]);
    }

    #[test]
    fn places_are_kept() {
        let mut t = Text::default();
        t.push("The date.", 10, 5, false);
        t.push("(type: date)", 11, 3, true);
        let mut buffers = Buffers::default();
        let d = read(&t, false, &mut buffers);
        let (fact, _, at) = &d.facts[0];
        assert_eq!(fact, &Fact::Type(ValueType::Date));
        assert_eq!(t.place(*at), (11, 4));
    }
}
