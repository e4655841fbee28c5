//! The markers of a flag's description: `(required)`, `(default: v)`,
//! types, `One of:` values, and the prose that only looks like them.

use crate::words::{
    ends_with_ignore_ascii_case, find_ignore_ascii_case, strip_prefix_ignore_ascii_case, strip_word_ignore_ascii_case,
};
use skills_core::args::is_number;
use skills_core::spec::ValueType;

/// Markers found in one description.
#[derive(Clone, Debug, Default)]
pub(super) struct Markers {
    pub(super) required: bool,
    pub(super) optional: bool,
    pub(super) defaults: Vec<String>,
    pub(super) boolean: bool,
    pub(super) explicit: Option<(ValueType, bool)>,
    pub(super) bad_type: Option<String>,
    /// `(type: email)`: a format of text given as the type (a string).
    pub(super) format_type: Option<String>,
    pub(super) date: bool,
    pub(super) one_of: Option<(Vec<String>, bool)>,
    /// `(type: enum)`, `(enum)`, a table's `enum` type: the values are the
    /// ones the description quotes; whether it takes several.
    pub(super) enum_type: Option<bool>,
    /// The values came after a label that does not say how many a command
    /// gives (`Possible values:`): the placeholder's `...` decides.
    pub(super) one_of_open: bool,
    pub(super) space_separated: bool,
    /// The description with marker groups and the `One of:` clause removed,
    /// for prose checks.
    pub(super) prose: String,
}

/// A sentence that is a type alone, emphasis or backticks aside
/// (`*integer*`, `` `date` ``, `string list`). It is short and starts as
/// a type word does, which is tested first: most sentences are prose.
pub(super) fn type_sentence(sentence: &str) -> Option<(ValueType, bool)> {
    let t = sentence.trim_matches(|c| matches!(c, '*' | '_' | '`'));
    let first = t.as_bytes().first()?.to_ascii_lowercase();
    if t.len() > "list of booleans".len() || !b"stidblnf".contains(&first) {
        return None;
    }
    bare_type(t)
}

/// A type word that stands alone (a bare `(float)` group, a sentence that
/// is only `*number*`): [`parse_type`], less the number words that are also
/// prose (`double`, `decimal`, `numeric`: "line spacing (double)"), which
/// make a number only where a type is certain to be meant (`(type:
/// double)`, a table's Type column, frontmatter `type:`).
pub(super) fn bare_type(t: &str) -> Option<(ValueType, bool)> {
    let (base, list) = type_parts(t);
    if ["double", "decimal", "numeric"].iter().any(|w| base.eq_ignore_ascii_case(w)) {
        return None;
    }
    type_of(base).map(|t| (t, list))
}

/// A type's element type and whether it is a list, as [`list_form`] reads
/// it; `list` and `array` alone are lists of strings.
fn type_parts(spec: &str) -> (&str, bool) {
    let s = optional_form(spec);
    if s.eq_ignore_ascii_case("list") || s.eq_ignore_ascii_case("array") { ("string", true) } else { list_form(s) }
}

pub(crate) fn parse_type(spec: &str) -> Option<(ValueType, bool)> {
    let (base, list) = type_parts(spec);
    type_of(base).map(|t| (t, list))
}

/// The type a type word (`string`, `int`, `f64`, `bool`, ...) names.
fn type_of(base: &str) -> Option<ValueType> {
    // Besides the format's words: JSON Schema's, and those of the
    // languages skill authors write handlers in (`i64`, `f64`, `long`); a
    // switch in a table is often typed `flag`.
    let words: [(&[&str], ValueType); 5] = [
        (&["string", "text", "str", "&str"], ValueType::String),
        (
            &["integer", "int", "long", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "usize", "isize"],
            ValueType::Integer,
        ),
        (&["number", "float", "double", "decimal", "numeric", "real", "f32", "f64"], ValueType::Number),
        (&["date"], ValueType::Date),
        (&["boolean", "bool", "flag", "switch"], ValueType::Boolean),
    ];
    Some(words.iter().find(|(w, _)| w.iter().any(|w| base.eq_ignore_ascii_case(w)))?.1)
}

/// Formats of text that authors give as a type (`email`, `url`, `uuid`,
/// `datetime`): a string, and whether a list of them (`list of urls`).
/// They are read as strings with a `format-type` warning rather than
/// refused: what they say about the value is a description, which no
/// check of a command enforces.
pub(super) fn text_format(spec: &str) -> Option<bool> {
    const FORMATS: &[&str] = &[
        "email",
        "e-mail",
        "url",
        "uri",
        "link",
        "path",
        "file",
        "filename",
        "filepath",
        "dir",
        "directory",
        "uuid",
        "id",
        "time",
        "datetime",
        "date-time",
        "timestamp",
        "duration",
        "json",
        "regex",
        "hostname",
        "ip",
        "phone",
        "markdown",
        "char",
        "name",
    ];
    let (base, list) = list_form(spec.trim());
    FORMATS.iter().any(|f| base.eq_ignore_ascii_case(f)).then_some(list)
}

/// `enum`, `enum list`, `list of enums`, `enum[]`: a type that says the
/// flag is an enum, and whether it takes several values.
pub(crate) fn enum_type_word(spec: &str) -> Option<bool> {
    let (base, list) = list_form(spec.trim());
    base.eq_ignore_ascii_case("enum").then_some(list)
}

/// A type as its element type and whether it is a list: `list of dates`,
/// `date list`, `date[]`, `array of dates`, `date array`, and the
/// languages' spellings, `list[str]`, `List<Integer>`, `Array<string>`,
/// `Vec<String>` (plural `s` dropped), or one `date`. A type that may be
/// absent (`Optional[int]`, `Option<i64>`, `int | None`, `string?`) is its
/// type: a flag is optional unless it says it is required.
pub(crate) fn list_form(s: &str) -> (&str, bool) {
    let s = optional_form(s);
    let ends_with_word =
        |w: &str| s.len().checked_sub(w.len()).filter(|&i| s.is_char_boundary(i) && s[i..].eq_ignore_ascii_case(w));
    let (base, list) = if let Some(b) =
        strip_prefix_ignore_ascii_case(s, "list of ").or_else(|| strip_prefix_ignore_ascii_case(s, "array of "))
    {
        (b.trim(), true)
    } else if let Some(b) = s.strip_suffix("[]") {
        (b.trim(), true)
    } else if let Some(b) = ends_with_word(" list").or_else(|| ends_with_word(" array")) {
        (s[..b].trim(), true)
    } else if let Some(b) = generic(s, &["list", "array", "vec", "set", "sequence"]) {
        (b, true)
    } else {
        (s, false)
    };
    (base.trim_end_matches(['s', 'S']), list)
}

/// `Optional[int]`, `Option<i64>`, `int | None`, `string | null`, `string?`:
/// the type without what says it may be absent; any other `s` as it is.
/// (Bytewise tests first: every type word and many sentences come here.)
fn optional_form(s: &str) -> &str {
    let s = s.trim();
    let b = s.as_bytes();
    match b.last() {
        Some(b'?') => return s[..s.len() - 1].trim(),
        Some(b']' | b'>') => {
            if let Some(inner) = generic(s, &["optional", "option"]) {
                return inner;
            }
        }
        _ => {}
    }
    if let Some(bar) = memchr::memrchr(b'|', b) {
        let absent = s[bar + 1..].trim();
        if ["none", "null", "undefined", "nil"].iter().any(|w| absent.eq_ignore_ascii_case(w)) {
            return s[..bar].trim();
        }
    }
    s
}

/// `name[T]` or `name<T>` for one of `names` (any case): `T`.
fn generic<'a>(s: &'a str, names: &[&str]) -> Option<&'a str> {
    let close = *s.as_bytes().last()?;
    let open = match close {
        b']' => b'[',
        b'>' => b'<',
        _ => return None,
    };
    let at = memchr::memchr(open, s.as_bytes())?;
    let inner = s[at + 1..s.len() - 1].trim();
    let head = s[..at].trim();
    (names.iter().any(|n| head.eq_ignore_ascii_case(n)) && !inner.is_empty()).then_some(inner)
}

/// The first run of two or more values in backticks or double quotes,
/// separated by commas, `|`, `/`, `or` or `and` (`` `red`, `green` or
/// `blue` ``, `` `short` | `long` ``): where it starts and ends, and the
/// values.
pub(super) fn quoted_run(prose: &str) -> Option<(usize, usize, Vec<String>)> {
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
            // A separator, then the next quoted value.
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

/// Splits the values of a `One of:` clause.
pub(super) fn enum_values(text: &str) -> Vec<String> {
    enum_items(text).map(|v| v.trim_matches(['`', '"', '\'']).to_string()).filter(|v| !v.is_empty()).collect()
}

/// The items of a list of values as written (quotes kept), split at commas,
/// at bars (`a | b`, in a table cell `a \| b`) and at the `or`/`and` before
/// the last one (`a, b, or c`, `a or b`).
pub(super) fn enum_items(text: &str) -> impl Iterator<Item = &str> {
    text.split([',', '|']).flat_map(split_or_and).map(|v| {
        let v = v.trim().trim_end_matches('\\').trim_end();
        v.strip_prefix("or ").or_else(|| v.strip_prefix("and ")).unwrap_or(v).trim()
    })
}

/// `v` split at each ` or ` and ` and ` (bytewise: a `str` pattern builds a
/// substring searcher per call, and this runs for every enum clause).
pub(super) fn split_or_and(v: &str) -> impl Iterator<Item = &str> {
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

/// `One of `a`, `b`` without the colon, as API references often write it:
/// where the clause starts, its length and whether it is `one or more of`.
/// The values must be quoted (in backticks or quotes), so that prose such
/// as `one of the recipients` is not read as values.
pub(super) fn quoted_one_of(prose: &str) -> Option<(usize, usize, bool)> {
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
/// where, its length and whether it is `one or more of`. One pass.
pub(super) fn one_of_clauses(prose: &str) -> impl Iterator<Item = (usize, usize, bool)> + '_ {
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
/// values:`, `Supported values:`, `Choices:` (not `Default values:`, nor a
/// label in the middle of prose): where it starts and its length.
pub(super) fn values_label(prose: &str) -> Option<(usize, usize)> {
    const LABELS: [&str; 6] =
        ["possible values:", "allowed values:", "valid values:", "accepted values:", "supported values:", "choices:"];
    // Each label ends with its colon: look only before each colon.
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
/// `;`, a group (`(`), or the end of the group it is in (`)`, `]`; no
/// value holds one).
pub(super) fn clause_end(s: &str) -> usize {
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

pub(super) fn markers(description: &str) -> Markers {
    let mut m = Markers::default();
    // Never longer than the description: one allocation.
    let mut prose = String::with_capacity(description.len());
    // Top-level parenthesized groups, and bracketed ones as docopt writes
    // them (`[default: 10]`, `[required]`; not a link's `[text](url)`).
    let mut depth = 0usize;
    let mut group_start = 0usize;
    let mut bracket_start = None;
    let mut last = 0usize;
    // Bytes: the brackets are ASCII, so their places are char boundaries.
    for (i, c) in description.bytes().enumerate() {
        match c {
            b'[' if depth == 0 => bracket_start = Some(i),
            b']' if depth == 0
                && let Some(start) = bracket_start.take() =>
            {
                let inner = &description[start + 1..i];
                if start >= last && !description[i + 1..].starts_with('(') && marker_group(inner, &mut m) {
                    prose.push_str(&description[last..start]);
                    last = i + 1;
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
                if depth == 0 {
                    let inner = &description[group_start + 1..i];
                    if marker_group(inner, &mut m) {
                        prose.push_str(&description[last..group_start]);
                        last = i + 1;
                    }
                }
            }
            _ => {}
        }
    }
    prose.push_str(&description[last..]);
    let mut prose = sentence_markers(prose, &mut m);
    // `One or more of:` before `One of:`, which it contains.
    let clause = find_ignore_ascii_case(&prose, "one or more of:")
        .map(|i| (i, "one or more of:".len(), true))
        .or_else(|| find_ignore_ascii_case(&prose, "one of:").map(|i| (i, "one of:".len(), false)))
        .or_else(|| quoted_one_of(&prose))
        .or_else(|| {
            let (i, len) = values_label(&prose)?;
            m.one_of_open = true;
            Some((i, len, false))
        });
    if let Some((i, len, multi)) = clause {
        let rest = &prose[i + len..];
        // `One of: [json, text]`, the values as a JSON or YAML list writes
        // them: the list's inside, up to its `]`.
        let (values, end) = match rest.trim_start().strip_prefix('[').and_then(|r| Some((r, r.find(']')?))) {
            Some((inner, close)) => (&inner[..close], rest.len() - inner.len() + close + 1),
            None => {
                let end = clause_end(rest);
                (&rest[..end], end)
            }
        };
        m.one_of = Some((enum_values(values), multi));
        prose = format!("{}{}", &prose[..i], &rest[end..]);
    }
    // `(type: enum)` with the values quoted in the prose (`` `red`, `green`
    // or `blue` ``); without them, an enum without values (reported).
    if let Some(list) = m.enum_type {
        match &mut m.one_of {
            Some((_, multi)) => *multi |= list,
            None => {
                let values = quoted_run(&prose).map(|(start, end, values)| {
                    prose = format!("{}{}", &prose[..start], &prose[end..]);
                    values
                });
                m.one_of = Some((values.unwrap_or_default(), list));
            }
        }
    }
    m.space_separated = find_ignore_ascii_case(&prose, "space-separated").is_some()
        || find_ignore_ascii_case(&prose, "space separated").is_some();
    m.prose = prose;
    m
}

/// `prose` less the sentences that are a marker alone, which API references
/// write instead of a group: `Required. The title.`, `The title.
/// **Required.**`, `Optional.`
pub(super) fn sentence_markers(prose: String, m: &mut Markers) -> String {
    // A type word alone is the first sentence when it is one (a definition
    // list's term line: `` `--limit` *integer* `` then `: How many.`).
    let first_is_type = || {
        let lead = prose.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`'));
        if !lead.as_bytes().first().is_some_and(|c| b"stidblnfSTIDBLNF".contains(c)) {
            return false;
        }
        let b = prose.as_bytes();
        let end = memchr::memchr_iter(b'.', b).find(|&i| b.get(i + 1) == Some(&b' ')).unwrap_or(b.len());
        type_sentence(prose[..end].trim().trim_end_matches('.')).is_some()
    };
    let has_default = find_ignore_ascii_case(&prose, "default").is_some();
    if !has_default
        && find_ignore_ascii_case(&prose, "required").is_none()
        && find_ignore_ascii_case(&prose, "optional").is_none()
        && !first_is_type()
    {
        return prose;
    }
    let mut kept = String::new();
    for mut sentence in sentences(&prose) {
        // `The note text, required.`: the marker after a separator, last in
        // the sentence.
        if let Some((rest, word)) = trailing_marker(sentence) {
            match word {
                "required" => m.required = true,
                _ => m.optional = true,
            }
            sentence = rest;
        }
        // `Level, default `2`.`: a default after a separator, last.
        if has_default && let Some((rest, value)) = trailing_default(sentence) {
            m.defaults.push(value);
            sentence = rest;
        }
        // After a marker group, the separator may lead: `(string): Required.`
        let word = sentence.trim().trim_start_matches([':', '-', '–', '—']).trim();
        let word = word.trim_matches(['*', '_']).trim_end_matches(['.', '!']).trim_matches(['*', '_']);
        if word.eq_ignore_ascii_case("required") {
            m.required = true;
        } else if word.eq_ignore_ascii_case("optional") {
            m.optional = true;
        } else if let Some(t) = type_sentence(word).filter(|_| m.explicit.is_none()) {
            // `*integer*`, `` `string` ``: a type word alone, as a
            // definition list's term line gives it.
            m.explicit = Some(t);
        } else if let Some(v) = sentence_default(word) {
            // `Default: `10`.`, `**Default:** 1`, `Defaults to `asc`.`: a
            // sentence that is a default alone, with a value that cannot
            // be prose.
            m.defaults.push(v);
        } else {
            kept.push_str(sentence);
        }
    }
    kept
}

/// The sentences of `prose`, each with the blank after it: a sentence ends
/// at `. `, also when emphasis closes after its period (`**Required.** The
/// name.`).
pub(super) fn sentences(prose: &str) -> impl Iterator<Item = &str> {
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
                let sentence = &prose[start..after + 1];
                start = after + 1;
                return Some(sentence);
            }
            i = dot + 1;
        }
        let rest = &prose[start..];
        start = b.len();
        Some(rest)
    })
}

/// A sentence that ends with `, required` or `, optional` (or after `;`
/// or a dash): the sentence before it and the marker.
pub(super) fn trailing_marker(sentence: &str) -> Option<(&str, &'static str)> {
    let t = sentence.trim_end().trim_end_matches(['.', '*', '_']);
    ["required", "optional"].into_iter().find_map(|word| {
        let start = t.len().checked_sub(word.len())?;
        if !t.is_char_boundary(start) || !t[start..].eq_ignore_ascii_case(word) {
            return None;
        }
        let before = t[..start].trim_end_matches(['*', '_']).trim_end();
        let rest = before.strip_suffix([',', ';', '-', '–', '—'])?.trim_end();
        (!rest.is_empty()).then_some((rest, word))
    })
}

/// A sentence that ends with a default after a comma, semicolon or dash
/// (`Level, default `2``, `Sort order; defaults to "asc".`), its value
/// [`unmistakable`]: the sentence before it and the value.
pub(super) fn trailing_default(sentence: &str) -> Option<(&str, String)> {
    let t = sentence.trim_end().trim_end_matches(['.', '*', '_']);
    let b = t.as_bytes();
    let at = memchr::memrchr2_iter(b'd', b'D', b).find(|&i| {
        b[i..].len() >= "default".len()
            && b[i..i + "default".len()].eq_ignore_ascii_case(b"default")
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
    })?;
    let before = t[..at].trim_end_matches(['*', '_']).trim_end();
    let rest = before.strip_suffix([',', ';', '-', '–', '—'])?.trim_end();
    let value = sentence_default(&t[at..])?;
    (!rest.is_empty()).then_some((rest, value))
}

/// Applies one parenthesized group; false when it is prose. A group may
/// hold several markers separated by commas, and a bare type word counts as
/// its `(type: ...)`, as API references write them: `(string, required)`,
/// `(integer, default: 20)` (a default comes last: its value may hold
/// commas).
pub(super) fn marker_group(inner: &str, m: &mut Markers) -> bool {
    if one_marker(inner, m) || values_group(inner, m) {
        return true;
    }
    if inner.bytes().any(|c| c == b',' || c == b';') {
        let mut trial = m.clone();
        if split_markers(inner, &mut trial, false) {
            *m = trial;
            return true;
        }
    }
    // A group that states the type first says what the flag is, whatever
    // follows: `(type: string, format: email)`, `(type: integer, 1 to
    // 10)`. The markers after it count (`required`); the rest is prose. Its
    // first part is a `type:` marker, which [`one_marker`] always takes (a
    // type that is none of the format's, `(type: guid, v4)`, is reported).
    if strip_prefix_ignore_ascii_case(inner.trim().trim_matches(['*', '_']).trim(), "type:").is_some() {
        split_markers(inner, m, true);
        return true;
    }
    false
}

/// A group that is a values clause and nothing else: `(one of: a, b)`,
/// `(One or more of: a, b)`, and a label's, as clap's help writes it
/// (`[possible values: json, text]`). Each value must be one.
fn values_group(inner: &str, m: &mut Markers) -> bool {
    let t = inner.trim();
    let (rest, multi, open) = if let Some(r) = strip_prefix_ignore_ascii_case(t, "one or more of:") {
        (r, true, false)
    } else if let Some(r) = strip_prefix_ignore_ascii_case(t, "one of:") {
        (r, false, false)
    } else {
        match values_label(t) {
            Some((0, len)) => (&t[len..], false, true),
            _ => return false,
        }
    };
    let values = enum_values(rest);
    if m.one_of.is_some() || values.is_empty() || !values.iter().all(|v| is_enum_value(v)) {
        return false;
    }
    m.one_of = Some((values, multi));
    m.one_of_open = open;
    true
}

/// The markers of a group separated by commas or semicolons (`type:
/// number, required`, `optional; default: 20`); false when a part is not
/// one, unless `lenient`, which skips such parts.
pub(super) fn split_markers(inner: &str, m: &mut Markers, lenient: bool) -> bool {
    let mut rest = inner;
    loop {
        let part_end = if strip_prefix_ignore_ascii_case(rest.trim_start(), "default:").is_some() {
            rest.len()
        } else {
            rest.bytes().position(|c| c == b',' || c == b';').unwrap_or(rest.len())
        };
        let part = rest[..part_end].trim();
        if !lenient && (part.is_empty() || !one_marker(part, m)) {
            return false;
        }
        if lenient && !part.is_empty() {
            let mut trial = m.clone();
            if one_marker(part, &mut trial) {
                *m = trial;
            }
        }
        if part_end == rest.len() {
            return true;
        }
        rest = &rest[part_end + 1..];
    }
}

/// Applies one marker; false when `inner` is not one.
pub(super) fn one_marker(inner: &str, m: &mut Markers) -> bool {
    // `(**required**)`, `(*optional*)`, `` (`string`) ``: emphasis, and a
    // code span around the whole marker, are not part of it.
    let t = inner.trim().trim_matches(['*', '_']).trim();
    let t = match t.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
        Some(code) if !code.contains('`') => code.trim(),
        _ => t,
    };
    let is = |word: &str| t.eq_ignore_ascii_case(word);
    if is("required") {
        m.required = true;
    } else if is("optional") {
        m.optional = true;
    } else if is("boolean flag") || is("boolean") {
        m.boolean = true;
    } else if is("yyyy-mm-dd") {
        m.date = true;
    } else if let Some(v) = strip_prefix_ignore_ascii_case(t, "default:") {
        m.defaults.push(v.trim().to_string());
    } else if let Some(v) = default_in_words(t) {
        m.defaults.push(v.to_string());
    } else if let Some(v) = strip_prefix_ignore_ascii_case(t, "type:") {
        match (parse_type(v), enum_type_word(v)) {
            (Some(t), _) => m.explicit = Some(t),
            (None, Some(list)) => m.enum_type = Some(list),
            // `type: number, required`: more markers after the type, which
            // the group reads one by one ([`marker_group`]).
            (None, None) if v.contains(',') => return false,
            (None, None) => match text_format(v) {
                Some(list) => {
                    m.explicit = Some((ValueType::String, list));
                    m.format_type = Some(v.trim().to_string());
                }
                None => m.bad_type = Some(v.trim().to_string()),
            },
        }
    } else if let Some(list) = enum_type_word(t) {
        m.enum_type = Some(list);
    } else if let Some(t) = bare_type(t).filter(|_| m.explicit.is_none()) {
        // A bare type word: `(integer)`, `(string list)`.
        m.explicit = Some(t);
    } else {
        return false;
    }
    true
}

/// A default stated in words rather than as `default: v`: `default 5`,
/// `default=5`, `default is `asc``, `defaults to "none"`, when its value
/// is [`unmistakable`].
pub(super) fn default_in_words(t: &str) -> Option<&str> {
    let v = ["defaults to ", "default is ", "default = ", "default=", "default "]
        .iter()
        .find_map(|p| strip_prefix_ignore_ascii_case(t, p))?
        .trim();
    unmistakable(v).then_some(v)
}

/// A value that cannot be prose: a number (`20`, `0.5`), or one value in
/// backticks or quotes (`defaults to today` and `defaults to the sender`
/// stay prose, which the `prose-default` warning reports).
pub(super) fn unmistakable(v: &str) -> bool {
    let quoted = |q: char| v.len() >= 2 && v.starts_with(q) && v.ends_with(q) && !v[1..v.len() - 1].contains(q);
    is_number(v) || quoted('`') || quoted('"') || quoted('\'')
}

/// The value of a sentence that states a default and nothing else (its
/// emphasis left out): `Default: 1`, or [`default_in_words`].
pub(super) fn sentence_default(sentence: &str) -> Option<String> {
    let plain = sentence.replace('*', "");
    match strip_prefix_ignore_ascii_case(&plain, "default:") {
        Some(v) => Some(v.trim()).filter(|v| unmistakable(v)).map(str::to_string),
        None => default_in_words(&plain).map(str::to_string),
    }
}

pub(super) fn is_enum_value(v: &str) -> bool {
    let b = v.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphanumeric()
        && b.iter().all(|c| c.is_ascii_alphanumeric() || b"_.:/+-".contains(c))
}

/// `Label: a, b, c` in prose: the values, if it looks like an enum.
pub(super) fn prose_enum(prose: &str) -> Option<Vec<String>> {
    // `One of low, normal, high`: the clause without its colon.
    for (i, len, _) in one_of_clauses(prose) {
        let rest = &prose[i + len..];
        let values = enum_values(&rest[..clause_end(rest)]);
        if values.len() >= 2 && values.iter().all(|v| is_enum_value(v) && !v.contains(' ')) {
            return Some(values);
        }
    }
    // `` `short` | `long` ``, `` `small`, `medium` or `large` ``: quoted
    // values, unless they are examples (`e.g. `today` or `2026-03-01``).
    if let Some((start, _, values)) = quoted_run(prose) {
        let mut cut = start.saturating_sub(40);
        while !prose.is_char_boundary(cut) {
            cut += 1;
        }
        let window = &prose[cut..start];
        if !["e.g", "for example", "such as", "i.e", "like "]
            .iter()
            .any(|w| find_ignore_ascii_case(window, w).is_some())
        {
            return Some(values);
        }
    }
    let mut from = 0;
    while let Some(rel) = prose[from..].find(':') {
        let colon = from + rel;
        from = colon + 1;
        let label = prose[..colon].rsplit(['.', ';']).next().unwrap_or("").trim();
        if label.is_empty() || !label.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-') {
            continue;
        }
        let rest = &prose[colon + 1..];
        let values = enum_values(&rest[..clause_end(rest)]);
        if values.len() >= 2 && values.iter().all(|v| is_enum_value(v) && !v.contains(' ')) {
            return Some(values);
        }
    }
    None
}

/// `addresses`, `tags`, `file_ids`, but not `status`, `address`, `alias`,
/// nor a unit one amount is counted in (`SECONDS`, `max_bytes`, `days`).
pub(super) fn looks_plural(placeholder: &str) -> bool {
    const UNITS: &[&str] = &[
        "seconds",
        "secs",
        "minutes",
        "mins",
        "hours",
        "hrs",
        "days",
        "weeks",
        "months",
        "years",
        "millis",
        "milliseconds",
        "micros",
        "nanos",
        "bytes",
        "kbytes",
        "bits",
        "pixels",
        "degrees",
        "meters",
        "metres",
        "miles",
        "retries",
        "cents",
    ];
    // Compared ignoring case, without a lowercase copy (this runs for
    // every flag with a placeholder; the copy was most of its cost).
    let last = placeholder.rsplit(['_', '-', ' ']).next().unwrap_or(placeholder).as_bytes();
    let ends_with = |e: &str| last.len() >= e.len() && last[last.len() - e.len()..].eq_ignore_ascii_case(e.as_bytes());
    last.len() > 3
        && ends_with("s")
        && !["ss", "us", "is", "os"].iter().any(|e| ends_with(e))
        && !UNITS.iter().any(|u| last.eq_ignore_ascii_case(u.as_bytes()))
}

pub(super) fn mentions_default(prose: &str) -> bool {
    let mut from = 0;
    while let Some(rel) = find_ignore_ascii_case(&prose[from..], "default") {
        let i = from + rel;
        from = i + "default".len();
        let before = prose[..i].chars().next_back();
        let after = prose[from..].chars().next();
        if !before.is_some_and(|c| c.is_alphanumeric())
            && !after.is_some_and(|c| c.is_alphanumeric() && c != 's' && c != 'S')
        {
            return true;
        }
    }
    false
}

/// The type the prose of a flag that no marker types names, and the words
/// that name it (`An integer from 1 to 100`, `A decimal number such as 0.5`,
/// `a float`, `ISO 8601 date`, `Format: YYYY-MM-DD`). Only words that name
/// the type and nothing else count: `number` alone is as often an
/// identifier ("phone number"), `decimal` alone a separator, and a date
/// followed by a time
/// (`YYYY-MM-DDTHH:MM`, `YYYY-MM-DD HH:MM`, `ISO 8601 date-time`, `date and
/// time`) is text the date type would refuse.
pub(super) fn prose_type(prose: &str) -> Option<(ValueType, &'static str)> {
    use ValueType::{Date, Integer, Number};
    let joined = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let b = prose.as_bytes();
    // One pass, looking only at words that start as a name does (this runs
    // for every flag no marker types; a search per name cost 3% of a
    // tree's check).
    // The bytes a name starts with, in either case.
    const FIRST: [bool; 256] = {
        let mut t = [false; 256];
        let letters = b"iwdfy";
        let mut k = 0;
        while k < letters.len() {
            t[letters[k] as usize] = true;
            t[letters[k].to_ascii_uppercase() as usize] = true;
            k += 1;
        }
        t
    };
    for (i, &c) in b.iter().enumerate() {
        if !FIRST[usize::from(c)] {
            continue;
        }
        let names: &[(&str, ValueType)] = match c | 0x20 {
            b'i' => &[("integer", Integer), ("ISO 8601 date", Date), ("ISO-8601 date", Date), ("ISO date", Date)],
            b'w' => &[("whole number", Integer)],
            b'd' => &[("decimal number", Number), ("decimal value", Number)],
            b'f' => &[("floating-point", Number), ("floating point", Number), ("float", Number)],
            b'y' => &[("YYYY-MM-DD", Date)],
            _ => continue,
        };
        if i > 0 && (b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'-' | b'_' | 0x80..)) {
            continue;
        }
        for &(name, t) in names {
            // `i` is an ASCII letter's offset, so a char boundary.
            let Some(rest) = strip_prefix_ignore_ascii_case(&prose[i..], name) else { continue };
            // Whole words, a plural allowed (`integers`, `whole numbers`;
            // not `floats`, as often the verb).
            let plural = t != Date && name != "float";
            let after_word = if plural { rest.strip_prefix('s').unwrap_or(rest) } else { rest };
            if after_word.starts_with(joined) {
                continue;
            }
            if t == Date {
                let next = rest.trim_start_matches([' ', '`', '"', '\'', ')']);
                let time = ["hh", "time", "and time", "& time", "or date-time", "or datetime"];
                if time.iter().any(|w| strip_prefix_ignore_ascii_case(next, w).is_some()) {
                    continue;
                }
            }
            return Some((t, name));
        }
    }
    None
}

/// A value without its quotes: a code span's backticks, then a pair of
/// straight quotes inside it (`` `"asc"` ``, as a literal is written).
pub(super) fn strip_quotes(s: &str) -> &str {
    let s = s.trim();
    let s = s.strip_prefix('`').and_then(|r| r.strip_suffix('`')).unwrap_or(s);
    for q in ['"', '\''] {
        if let Some(inner) = s.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    s
}

/// The words of `prose` that tell a command to give the flag more than
/// once (`repeat for more`, `can be repeated`, `repeatable`, `may be given
/// multiple times`), which the runtime refuses (a flag is given once, with
/// its values after it); `None` when there are none. Words about the value
/// (`the event can be repeated daily`) do not count.
pub(super) fn prose_repeat(prose: &str) -> Option<&str> {
    let b = prose.as_bytes();
    // One pass over the bytes for the first letters of the phrases' words
    // (this runs for every flag: a substring search per phrase, or
    // `memchr3` for the blanks, cost more on these short texts).
    for (i, &c) in b.iter().enumerate() {
        if !matches!(c | 0x20, b'r' | b't' | b'o') || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] >= 0x80))
        {
            continue;
        }
        let found = match c | 0x20 {
            b'r' => repeat_at(prose, i),
            b't' => strip_word_ignore_ascii_case(&prose[i..], "times").and_then(|_| {
                let before = prose[..i].trim_end_matches(' ');
                ["multiple", "several", "many"]
                    .iter()
                    .find(|f| ends_with_ignore_ascii_case(before, f))
                    .and_then(|f| verb_before(prose, before.len() - f.len(), i + 5))
            }),
            b'o' => strip_word_ignore_ascii_case(&prose[i..], "once").and_then(|_| {
                let before = prose[..i].trim_end_matches(' ');
                ends_with_ignore_ascii_case(before, "more than")
                    .then(|| verb_before(prose, before.len() - 9, i + 4))
                    .flatten()
            }),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// [`prose_repeat`] at a word starting with `r` at `i`: `repeatable`,
/// `repeat for more`, `repeat the flag`, `can be repeated` ending a
/// clause.
fn repeat_at(prose: &str, i: usize) -> Option<&str> {
    let rest = strip_prefix_ignore_ascii_case(&prose[i..], "repeat")?;
    if strip_word_ignore_ascii_case(rest, "able").is_some() {
        return Some(&prose[i..i + 10]);
    }
    // `repeat for more`, `repeat the flag`, `repeat it`: an instruction.
    if let Some(after) = rest.strip_prefix(' ') {
        const OBJECTS: [&str; 12] = [
            "for more",
            "for each",
            "for several",
            "for multiple",
            "for additional",
            "for another",
            "the flag",
            "this flag",
            "the option",
            "this option",
            "it",
            "as needed",
        ];
        let object = OBJECTS.iter().find_map(|o| Some((o, strip_word_ignore_ascii_case(after, o)?)));
        // (`repeat it` of the flag only where the clause ends: not `repeat
        // it every day`.)
        if let Some((o, then)) = object
            && (*o != "it" || clause_ends(then))
        {
            return Some(&prose[i..i + 7 + o.len()]);
        }
    }
    // `can be repeated`, `may be repeated.`: of the flag, when the clause
    // ends there (not `the event can be repeated daily`).
    let after = strip_prefix_ignore_ascii_case(rest, "ed")?;
    let before = &prose[..i];
    (clause_ends(after)
        && (ends_with_ignore_ascii_case(before, "can be ") || ends_with_ignore_ascii_case(before, "may be ")))
    .then(|| &prose[i - 7..i + 8])
}

/// Whether a clause ends at the start of `rest`: the end, punctuation, or a
/// word that goes on about the flag (`... to add more`, `... for each`).
fn clause_ends(rest: &str) -> bool {
    let rest = rest.trim_start_matches(' ');
    rest.is_empty()
        || rest.starts_with(['.', ',', ';', ':', ')', '('])
        || ["to ", "for ", "as ", "if ", "when ", "and ", "or "]
            .iter()
            .any(|w| strip_prefix_ignore_ascii_case(rest, w).is_some())
}

/// The phrase from a verb that gives a flag (`given`, `use`, `pass`) before
/// `at` (optionally followed by `it` or `this flag`) to `end`, as in `may
/// be given multiple times` or `use this flag more than once`.
fn verb_before(prose: &str, at: usize, end: usize) -> Option<&str> {
    let b = prose.as_bytes();
    let word_start = |i: usize| i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] >= 0x80);
    let before = prose[..at].trim_end_matches(' ');
    let before = ["it", "this flag", "the flag", "this option", "the option"]
        .iter()
        .find(|w| ends_with_ignore_ascii_case(before, w) && word_start(before.len() - w.len()))
        .map_or(before, |w| before[..before.len() - w.len()].trim_end_matches(' '));
    const VERBS: [&str; 12] = [
        "given",
        "specified",
        "used",
        "passed",
        "supplied",
        "provided",
        "use",
        "pass",
        "give",
        "specify",
        "supply",
        "repeat",
    ];
    let verb = VERBS.iter().find(|v| ends_with_ignore_ascii_case(before, v) && word_start(before.len() - v.len()))?;
    Some(&prose[before.len() - verb.len()..end])
}
