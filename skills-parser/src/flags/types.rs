//! Type words: what `integer`, `list[str]`, `Option<i64>`, `email` or
//! `enum[]` say about a flag's values, wherever a type is written (a
//! marker, a table's Type column, data's `type:`, a placeholder).

use crate::words::strip_prefix_ignore_ascii_case;
use skills_core::spec::ValueType;

/// What a type word names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TypeWord {
    /// One of the format's value types.
    Value(ValueType),
    /// `enum`: the values are listed elsewhere.
    Enum,
    /// A format of text (`email`, `url`, `object`): a string.
    Format(String),
    /// A word that names no type the format knows.
    Unknown(String),
}

/// The type `spec` names, and whether it is a list. `certain` says a type
/// is meant wherever the word stands (`(type: ...)`, a Type column, data's
/// `type:`): then the number words that are also prose count (`double`,
/// `decimal`, `numeric`), and other words are formats or unknown. A bare
/// word in parentheses is only a type when it is one of the format's
/// (`(float)` is, `(double)` and `(see below)` are not).
pub(crate) fn read(spec: &str, certain: bool) -> Option<(TypeWord, bool)> {
    let (base, list) = parts(spec);
    let prose_word = ["double", "decimal", "numeric"].iter().any(|w| base.eq_ignore_ascii_case(w));
    if let Some(t) = value_type(base).filter(|_| certain || !prose_word) {
        return Some((TypeWord::Value(t), list));
    }
    if base.eq_ignore_ascii_case("enum") {
        return Some((TypeWord::Enum, list));
    }
    if !certain {
        return None;
    }
    Some(match is_format(base) || is_format(base.strip_suffix(['s', 'S']).unwrap_or(base)) {
        true => (TypeWord::Format(spec.trim().to_string()), list),
        false => (TypeWord::Unknown(spec.trim().to_string()), list),
    })
}

/// A type's element type and whether it is a list: `list of dates`, `date
/// list`, `date[]`, `array of dates`, `date array`, the languages'
/// `list[str]`, `List<Integer>`, `Array<string>`, `Vec<String>` (plural `s`
/// dropped), `list` or `array` alone (strings), or one `date`. A type that
/// may be absent (`Optional[int]`, `Option<i64>`, `int | None`, `string?`)
/// is its type: a flag is optional unless it says it is required.
pub(crate) fn parts(spec: &str) -> (&str, bool) {
    let s = without_optional(spec);
    if s.eq_ignore_ascii_case("list") || s.eq_ignore_ascii_case("array") {
        return ("string", true);
    }
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
    // A plural (`strings`, `dates`), but not a word whose `s` is its own.
    match base.strip_suffix(['s', 'S']) {
        Some(b) if value_type(b).is_some() || b.eq_ignore_ascii_case("enum") => (b, list),
        _ => (base, list),
    }
}

/// `Optional[int]`, `Option<i64>`, `int | None`, `string | null`, `string?`:
/// the type without what says it may be absent.
fn without_optional(s: &str) -> &str {
    let s = s.trim();
    if let Some(inner) = s.strip_suffix('?') {
        return inner.trim();
    }
    if let Some(inner) = generic(s, &["optional", "option"]) {
        return inner;
    }
    if let Some((t, absent)) = s.rsplit_once('|')
        && ["none", "null", "undefined", "nil"].iter().any(|w| absent.trim().eq_ignore_ascii_case(w))
    {
        return t.trim();
    }
    s
}

/// `name[T]` or `name<T>` for one of `names` (any case): `T`.
fn generic<'a>(s: &'a str, names: &[&str]) -> Option<&'a str> {
    let open = match *s.as_bytes().last()? {
        b']' => '[',
        b'>' => '<',
        _ => return None,
    };
    let at = s.find(open)?;
    let inner = s[at + 1..s.len() - 1].trim();
    let head = s[..at].trim();
    (names.iter().any(|n| head.eq_ignore_ascii_case(n)) && !inner.is_empty()).then_some(inner)
}

/// The value type a word names: the format's words, JSON Schema's, and
/// those of the languages handlers and tools are written in.
fn value_type(base: &str) -> Option<ValueType> {
    const WORDS: [(&[&str], ValueType); 5] = [
        (&["string", "text", "str", "&str"], ValueType::String),
        (
            &["integer", "int", "long", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "usize", "isize"],
            ValueType::Integer,
        ),
        (&["number", "float", "double", "decimal", "numeric", "real", "f32", "f64"], ValueType::Number),
        (&["date"], ValueType::Date),
        (&["boolean", "bool", "flag", "switch"], ValueType::Boolean),
    ];
    Some(WORDS.iter().find(|(w, _)| w.iter().any(|w| base.eq_ignore_ascii_case(w)))?.1)
}

/// Formats of text authors give as a type (`email`, `url`, `uuid`,
/// `datetime`, a JSON `object`): read as strings, with a warning, since no
/// check of a command enforces what they say about the value.
fn is_format(base: &str) -> bool {
    const FORMATS: &str = "email e-mail url uri link path file filename filepath dir directory uuid id time datetime \
                           date-time timestamp duration json object dict map record regex hostname ip phone markdown char name";
    FORMATS.split_ascii_whitespace().any(|f| base.eq_ignore_ascii_case(f))
}

/// The type a placeholder's name states, as help output writes it: `<n>`,
/// `<date>`, `INTEGER`, `FLOAT`, `%Y-%m-%d`, or Go's pflag type names
/// (`int`, `strings`, `float64`), and whether it is a list. `None` for a
/// placeholder that only names the value (`<text>`, `<addresses>`).
pub(crate) fn placeholder_type(p: &str) -> Option<(ValueType, bool)> {
    if let Some(t) = crate::lex::pflag_type(p) {
        return Some(t);
    }
    let p = p.trim();
    let is = |words: &[&str]| words.iter().any(|k| p.eq_ignore_ascii_case(k));
    if is(crate::keys::INTEGER_PLACEHOLDERS) {
        Some((ValueType::Integer, false))
    } else if is(crate::keys::NUMBER_PLACEHOLDERS) {
        Some((ValueType::Number, false))
    } else if is(crate::keys::DATE_PLACEHOLDERS) {
        Some((ValueType::Date, false))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ValueType::*;

    #[test]
    fn type_words() {
        let value = |s: &str, certain| match read(s, certain) {
            Some((TypeWord::Value(t), list)) => Some((t, list)),
            _ => None,
        };
        for (t, want) in [
            ("integer list", (Integer, true)),
            ("list of dates", (Date, true)),
            ("integer[]", (Integer, true)),
            ("float", (Number, false)),
            ("list[str]", (String, true)),
            ("List[int]", (Integer, true)),
            ("Array<number>", (Number, true)),
            ("Vec<String>", (String, true)),
            ("array of dates", (Date, true)),
            ("date array", (Date, true)),
            ("array", (String, true)),
            ("Optional[int]", (Integer, false)),
            ("Option<bool>", (Boolean, false)),
            ("Optional[List[str]]", (String, true)),
            ("int | None", (Integer, false)),
            ("date?", (Date, false)),
            ("strings", (String, false)),
            ("integers", (Integer, false)),
        ] {
            assert_eq!(value(t, true), Some(want), "{t}");
        }
        assert_eq!(value("double", false), None);
        assert_eq!(value("double", true), Some((Number, false)));
        assert_eq!(read("enum[]", true), Some((TypeWord::Enum, true)));
        assert_eq!(read("email", true), Some((TypeWord::Format("email".into()), false)));
        assert_eq!(read("list of urls", true), Some((TypeWord::Format("list of urls".into()), true)));
        assert_eq!(read("strng", true), Some((TypeWord::Unknown("strng".into()), false)));
        assert_eq!(read("see below", false), None);
        for t in ["list[list[str]]", "Dict[str, int]", "str | int", "status"] {
            assert!(!matches!(read(t, true), Some((TypeWord::Value(_), _))), "{t}");
        }
        assert_eq!(placeholder_type("N"), Some((Integer, false)));
        assert_eq!(placeholder_type("float64"), Some((Number, false)));
        assert_eq!(placeholder_type("stringArray"), Some((String, true)));
        assert_eq!(placeholder_type("text"), None);
    }
}
