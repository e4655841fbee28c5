//! Scanners over the text of one line: list markers, flag names, short
//! spellings, placeholders and repetition marks. Pure functions with no
//! state, shared by the `## Flags` reader and the `## Usage` reader, and
//! kept apart from both: the Flags reader reads Usage, so the Usage reader
//! must not depend on it.

/// Strips a list marker (`- `, `* `, `+ `, `1. `, `1) `).
pub(crate) fn strip_list_marker(s: &str) -> &str {
    let t = s.trim_start();
    for m in ["- ", "* ", "+ "] {
        if let Some(rest) = t.strip_prefix(m) {
            return rest.trim_start();
        }
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if (1..=9).contains(&digits) {
        let rest = &t[digits..];
        if let Some(r) = rest.strip_prefix(". ").or_else(|| rest.strip_prefix(") ")) {
            return r.trim_start();
        }
    }
    t
}

/// Whether `name` is a valid flag name: `[a-z][a-z0-9_-]*`.
pub(crate) fn is_flag_name(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_lowercase()
        && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-' || *c == b'_')
}

/// The length of a name as other conventions write one (`dryRun`,
/// `max.results`, `Limit`) at the start of `s`: letters, digits, `-`, `_`
/// and `.` between them.
pub(crate) fn name_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut n = b.iter().take_while(|&&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_' || c == b'.').count();
    while n > 0 && matches!(b[n - 1], b'.' | b'-') {
        n -= 1;
    }
    n
}

/// The valid flag name `name` was meant to be: lower case, a `-` where a
/// word of camelCase starts (`dueDate` is `due-date`) and for every run of
/// other ASCII characters (`max.results` is `max-results`), from its first
/// letter on. `None` when that leaves no name, or `name` has a character
/// beyond ASCII (which no rewriting makes one the author would choose).
pub(crate) fn valid_flag_form(name: &str) -> Option<String> {
    if !name.is_ascii() {
        return None;
    }
    let b = name.trim_start_matches(|c: char| !c.is_ascii_alphabetic()).as_bytes();
    let mut out = String::with_capacity(b.len() + 4);
    for (i, &c) in b.iter().enumerate() {
        if c.is_ascii_uppercase() && i > 0 && (b[i - 1].is_ascii_lowercase() || b[i - 1].is_ascii_digit()) {
            out.push('-');
        }
        if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' {
            out.push(char::from(c.to_ascii_lowercase()));
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    is_flag_name(out).then(|| out.to_string())
}

/// Whether `s` mentions a flag: `--` followed by a lowercase letter.
pub(crate) fn mentions_flag(s: &str) -> bool {
    s.match_indices("--").any(|(i, _)| s[i + 2..].chars().next().is_some_and(|c| c.is_ascii_lowercase()))
}

/// A thematic break (`---`, `***`, `___`, spaces allowed between), which
/// separates parts of a section and declares nothing.
pub(crate) fn is_thematic_break(s: &str) -> bool {
    let t = s.trim();
    let Some(c) = t.bytes().next().filter(|c| matches!(c, b'-' | b'*' | b'_')) else {
        return false;
    };
    t.bytes().filter(|&b| b == c).count() >= 3 && t.bytes().all(|b| b == c || b == b' ' || b == b'\t')
}

/// The length of a short spelling at the start of `s` (`-p` or `` `-p` ``)
/// followed by a comma, a space or the end; 0 when there is none.
#[inline]
pub(crate) fn short_spelling_len(s: &str) -> usize {
    let b = s.as_bytes();
    let tick = usize::from(b.first() == Some(&b'`'));
    let is_short = b.get(tick) == Some(&b'-') && b.get(tick + 1).is_some_and(u8::is_ascii_alphabetic);
    let end = tick + 2 + tick;
    let closed = tick == 0 || b.get(tick + 2) == Some(&b'`');
    let boundary = b.get(end).is_none_or(|c| matches!(c, b',' | b' ' | b'\t' | b'|' | b'/'));
    if is_short && closed && boundary { end } else { 0 }
}

/// The letter of a short spelling `short_spelling_len` found at the start
/// of `s`.
pub(crate) fn short_letter(s: &str) -> Option<char> {
    s.trim_start_matches('`').strip_prefix('-')?.chars().next()
}

/// A line that starts with a short spelling before the flag (`-n, --name`,
/// `` `-n`, `--name` ``, `-n | --name`): its letter, and the line from the
/// flag on; any other line as it is.
pub(crate) fn split_short_spelling(s: &str) -> (Option<char>, &str) {
    let n = short_spelling_len(s);
    if n == 0 {
        return (None, s);
    }
    let mut rest = s[n..].trim_start_matches([',', '|', '/', ' ', '\t']);
    // `-o FILE, --output FILE`: the short spelling's own placeholder.
    if let Some((word, after)) = rest.split_once(',')
        && !word.contains([' ', '\t'])
        && (word.starts_with('<') || word.bytes().all(|b| b.is_ascii_uppercase() || b == b'_' || b == b'-'))
    {
        rest = after.trim_start();
    }
    if rest.starts_with("--") || rest.starts_with("`--") || rest.starts_with("**") {
        (short_letter(&s[..n]), rest)
    } else {
        (None, s)
    }
}

/// `s` without a leading repetition mark (`...` or `…`, as in `<tag>...`
/// and docopt's `<tag> ...`; or the placeholder again, `[<tag>...]`), and
/// whether it had one.
pub(crate) fn strip_repeat(s: &str) -> (&str, bool) {
    let t = s.trim_start_matches([' ', '\t']);
    if let Some(rest) = t.strip_prefix("...").or_else(|| t.strip_prefix('…')) {
        return (rest, true);
    }
    if let Some(group) = t.strip_prefix('[')
        && let Some(end) = group.find(']')
        && strip_repeat_end(&group[..end]).1
    {
        return (&group[end + 1..], true);
    }
    (s, false)
}

/// `s` without a trailing repetition mark, and whether it had one.
pub(crate) fn strip_repeat_end(s: &str) -> (&str, bool) {
    let t = s.trim_end_matches([' ', '\t']);
    match t.strip_suffix("...").or_else(|| t.strip_suffix('…')) {
        Some(rest) => (rest.trim_end_matches([' ', '\t']), true),
        None => (s, false),
    }
}

/// A placeholder without angle brackets, and whether a repetition mark
/// followed it or sat inside the brackets (`<tag>...`, `<tag...>`).
pub(crate) fn placeholder_text(p: &str) -> (&str, bool) {
    let (p, after) = strip_repeat_end(p);
    match p.strip_prefix('<').and_then(|p| p.strip_suffix('>')) {
        Some(inner) => {
            let (inner, inside) = strip_repeat_end(inner);
            (inner, after || inside)
        }
        None => (p, after),
    }
}

/// A bracketed placeholder at the start of `s`: `<text>`, or argparse's
/// choices `{en,fr,de}` (kept whole); its text and what follows.
pub(crate) fn strip_placeholder(s: &str) -> Option<(&str, &str)> {
    if s.starts_with('{') {
        let end = s.find('}')? + 1;
        return placeholder_choices(&s[..end]).map(|_| (&s[..end], &s[end..]));
    }
    let s = s.strip_prefix('<')?;
    let end = s.find('>')?;
    Some((&s[..end], &s[end + 1..]))
}

/// The choices a placeholder lists, and whether the form is one that only
/// ever lists choices: argparse's `{en,fr,de}` and Click's `[asc|desc]`
/// (certain), or `asc|desc`, `<asc|desc>`, docopt's `(asc|desc)` (which
/// may as well describe the value: `<file|url>`). Two or more enum values,
/// or `None`.
pub(crate) fn placeholder_choices(p: &str) -> Option<(Vec<String>, bool)> {
    if !p.contains('|') && !p.starts_with('{') {
        return None;
    }
    let (inner, separator, certain) = match p.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
        Some(inner) => (inner, if inner.contains('|') { '|' } else { ',' }, true),
        None => match p.strip_prefix('[').and_then(|p| p.strip_suffix(']')) {
            Some(inner) => (inner, '|', true),
            None => (p.strip_prefix('(').and_then(|p| p.strip_suffix(')')).unwrap_or(p), '|', false),
        },
    };
    let values: Vec<String> =
        inner.split(separator).map(|v| v.trim().trim_matches(['"', '\'', '`']).to_string()).collect();
    (values.len() >= 2 && values.iter().all(|v| is_enum_value(v))).then_some((values, certain))
}

/// Whether `v` is a valid enum value: a word of letters, digits and
/// `_ . : / + -`, starting with a letter or digit.
pub(crate) fn is_enum_value(v: &str) -> bool {
    let b = v.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphanumeric()
        && b.iter().all(|c| c.is_ascii_alphanumeric() || b"_.:/+-".contains(c))
}

/// A placeholder written in capitals, as man pages and Click do (`--since
/// DATE  Only rows after it`), or as Go's pflag prints a type or value
/// name (`--limit int   Max results`, `--filter filter   Filter output`,
/// `--v Level   Log level`, one blank after the flag: `single`): the word, then a
/// separator or at least two spaces, so that a description starting with
/// an acronym (`--id  ID of the task`) is not taken for one. The
/// placeholder, the text after it, and whether it is repeated (`TAG [TAG
/// ...]`).
pub(crate) fn word_placeholder(after: &str, single: bool) -> Option<(&str, &str, bool)> {
    let end = after.find([' ', '\t', ':']).unwrap_or(after.len());
    let (word, mut rest) = after.split_at(end);
    // `FLOAT RANGE`, `INTEGER RANGE`: Click's bounded numbers, the type
    // the first word (the bounds are in the description, `[0<=x<=1]`).
    if let Some(r) = rest.strip_prefix(" RANGE").filter(|r| r.is_empty() || r.starts_with([' ', '\t'])) {
        rest = r;
    }
    // `TAG [TAG ...]`: argparse's one or more values (`nargs='+'`).
    let mut repeated = false;
    if let Some(r) = (rest.strip_prefix(" [").and_then(|r| r.strip_prefix(word)))
        .and_then(|r| r.strip_prefix(" ...]").or_else(|| r.strip_prefix("...]")).or_else(|| r.strip_prefix(" …]")))
    {
        rest = r;
        repeated = true;
    }
    let capital = |w: &str| capitals(strip_repeat_end(w).0);
    let capitals = capital(word);
    // `X Y`: argparse's fixed number of values (`nargs=2`), several.
    while capitals && let Some(next) = rest.strip_prefix(' ').filter(|r| !r.starts_with(' ')) {
        let end = next.find([' ', '\t']).unwrap_or(next.len());
        if !capital(&next[..end]) {
            break;
        }
        (rest, repeated) = (&next[end..], true);
    }
    let separated = rest.starts_with("  ")
        || rest.starts_with('\t')
        || [":", "—", "–", "- ", "|"].iter().any(|sep| rest.trim_start().starts_with(sep));
    let typed = pflag_type(word).is_some() && (rest.is_empty() || separated);
    // (pflag prints a custom type's own name: `--v Level`.)
    let word_like = word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-');
    let named = single && word_like && (rest.starts_with("  ") || rest.starts_with('\t'));
    ((capitals && separated) || typed || named).then(|| (word, rest.trim_start(), repeated))
}

/// Whether `w` is a placeholder in capitals (`FILE`, `TAG_2`), as man
/// pages write one.
pub(crate) fn capitals(w: &str) -> bool {
    let b = w.as_bytes();
    b.first().is_some_and(u8::is_ascii_uppercase)
        && b.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_' || *c == b'-')
}

/// A value written after `=` that is a literal rather than a placeholder,
/// as kubectl's help gives a flag's default (`--watch=false:`,
/// `--output='':`, `--chunk-size=500:`, `--labels=[]:`): the value, unquoted.
pub(crate) fn literal_value(v: &str) -> Option<&str> {
    let v = v.trim();
    for q in ['\'', '"'] {
        if let Some(inner) = v.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return Some(inner);
        }
    }
    let literal = v == "[]"
        || v.eq_ignore_ascii_case("true")
        || v.eq_ignore_ascii_case("false")
        || skills_core::args::is_number(v);
    literal.then_some(v)
}

/// Whether a group's title (`### Required flags`) makes its flags required.
pub(crate) fn requires(title: &str) -> bool {
    let title = title.to_ascii_lowercase();
    (title.contains("required") || title.contains("mandatory"))
        && !title.contains("optional")
        && !title.contains("not required")
}

/// A line of its own that labels a group of flags, as a subheading would
/// (`**Required flags:**`, `_Optional_`, `Required arguments:`,
/// `OPTIONAL`): whether its flags are required. Only these words may make
/// up a label, so a sentence or a flag's `Required: yes` is none.
pub(crate) fn group_label(text: &str) -> Option<bool> {
    const GROUP: [&str; 3] = ["required", "mandatory", "optional"];
    const NOUN: [&str; 10] =
        ["flags", "flag", "options", "arguments", "args", "parameters", "params", "inputs", "fields", "settings"];
    let t = text.trim();
    let lead = t.bytes().find(|&b| b != b'*' && b != b'_');
    if t.len() > 40 || !lead.is_some_and(|b| b"rRoOmM".contains(&b)) {
        return None;
    }
    let t = t.trim_matches(['*', '_']).trim_end().trim_end_matches(':').trim_end().trim_matches(['*', '_']);
    let t = t.trim_end_matches(':').trim();
    let mut words = t.split_ascii_whitespace();
    let first = words.next()?;
    let group = GROUP.iter().any(|g| first.eq_ignore_ascii_case(g));
    let rest_ok = words.all(|w| NOUN.iter().any(|n| w.eq_ignore_ascii_case(n)));
    (group && rest_ok).then(|| requires(t))
}

/// Go's pflag type names as `--help` prints them after a flag (`--limit
/// int`, `--tags strings`): a closed set, so the word says the type for
/// certain. `duration`, `ip` and the maps are text.
pub(crate) fn pflag_type(word: &str) -> Option<(skills_core::spec::ValueType, bool)> {
    use skills_core::spec::ValueType::{Integer, Number, String};
    Some(match word {
        "string" | "duration" | "ip" | "ipNet" | "ipMask" | "bytesHex" | "bytesBase64" | "stringToString"
        | "stringToInt" | "stringToInt64" => (String, false),
        "int" | "int8" | "int16" | "int32" | "int64" | "uint" | "uint8" | "uint16" | "uint32" | "uint64" | "count" => {
            (Integer, false)
        }
        "float" | "float32" | "float64" => (Number, false),
        "strings" | "stringArray" | "stringSlice" | "durations" | "ipSlice" => (String, true),
        "ints" | "uints" | "intSlice" | "int32Slice" | "int64Slice" | "uintSlice" => (Integer, true),
        "float32Slice" | "float64Slice" => (Number, true),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_breaks() {
        assert!(is_flag_name("due-before") && is_flag_name("a_b1") && !is_flag_name("dueDate") && !is_flag_name(""));
        assert_eq!(valid_flag_form("dueDate").as_deref(), Some("due-date"));
        assert_eq!(valid_flag_form("max.results").as_deref(), Some("max-results"));
        assert_eq!(valid_flag_form("Limit").as_deref(), Some("limit"));
        assert_eq!(name_len("perPage: x"), 7);
        assert_eq!(name_len("a.b. c"), 3);
        for rule in ["---", "***", "- - -", "___"] {
            assert!(is_thematic_break(rule), "{rule}");
        }
        for not in ["--- a.py", "--", "-- x", "**a**"] {
            assert!(!is_thematic_break(not), "{not}");
        }
    }

    #[test]
    fn placeholders() {
        assert_eq!(placeholder_choices("{en,fr}"), Some((vec!["en".into(), "fr".into()], true)));
        assert_eq!(placeholder_choices("[a|b]"), Some((vec!["a".into(), "b".into()], true)));
        assert_eq!(placeholder_choices("asc|desc"), Some((vec!["asc".into(), "desc".into()], false)));
        assert_eq!(placeholder_choices("file"), None);
        assert_eq!(word_placeholder("DATE  Only rows", false), Some(("DATE", "Only rows", false)));
        assert_eq!(word_placeholder("ID of the task", true), None);
        assert_eq!(word_placeholder("int   Max results", false), Some(("int", "Max results", false)));
        assert_eq!(word_placeholder("strings   Tags", false), Some(("strings", "Tags", false)));
        assert_eq!(word_placeholder("string values to use", true), None);
        assert_eq!(word_placeholder("TAG [TAG ...]  Tags", false), Some(("TAG", "Tags", true)));
        assert_eq!(word_placeholder("filter   Filter output", true), Some(("filter", "Filter output", false)));
        assert_eq!(word_placeholder("filter   Filter output", false), None);
        assert_eq!(literal_value("false"), Some("false"));
        assert_eq!(literal_value("''"), Some(""));
        assert_eq!(literal_value("500"), Some("500"));
        assert_eq!(literal_value("FILE"), None);
    }
}
