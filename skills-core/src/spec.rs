//! Flag schemas: what a skill's `## Flags` section declares, in a form the
//! argument parser reads at run time and generated code writes as `static`s.

use core::fmt;

/// Most flags one skill may declare. The parser keeps one slot per flag on the
/// stack, so the bound keeps heap-free builds heap-free; the checker reports a
/// skill that exceeds it.
pub const MAX_FLAGS: usize = 64;

/// The type of one flag value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValueType {
    /// Any text.
    String,
    /// A signed 64-bit integer (`-5`, `20`).
    Integer,
    /// A decimal number, read as an `f64` (`0.5`, `-2`, `1.5e3`); see
    /// [`crate::args::is_number`].
    Number,
    /// A calendar date written `YYYY-MM-DD`.
    Date,
    /// Presence means true; takes no value (or an explicit `true`/`false`).
    Boolean,
    /// One of the values listed in the flag's `One of:` / `One or more of:`.
    Enum,
}

impl ValueType {
    /// The name used in docs, diagnostics and `skills list`.
    pub const fn name(self) -> &'static str {
        match self {
            ValueType::String => "string",
            ValueType::Integer => "integer",
            ValueType::Number => "number",
            ValueType::Date => "date",
            ValueType::Boolean => "boolean",
            ValueType::Enum => "enum",
        }
    }
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A list of strings, either a slice (generated code, command tokens) or one
/// string with a value per line (borrowed from a parsed skill file at run
/// time, so that a loaded skill can lend its schema without allocating).
#[derive(Clone, Copy)]
pub enum StrList<'a> {
    /// The values themselves.
    Slice(&'a [&'a str]),
    /// Values separated by `\n`; the empty string is the empty list.
    Lines(&'a str),
    /// Exactly one value (the `value` of `--flag=value`).
    One(&'a str),
}

impl<'a> StrList<'a> {
    /// The empty list.
    pub const EMPTY: StrList<'static> = StrList::Slice(&[]);

    /// Number of values.
    #[inline]
    pub fn len(&self) -> usize {
        match self {
            StrList::Slice(s) => s.len(),
            StrList::Lines("") => 0,
            StrList::Lines(s) => s.bytes().filter(|&b| b == b'\n').count() + 1,
            StrList::One(_) => 1,
        }
    }

    /// Whether there are no values.
    #[inline]
    pub fn is_empty(&self) -> bool {
        match self {
            StrList::Slice(s) => s.is_empty(),
            StrList::Lines(s) => s.is_empty(),
            StrList::One(_) => false,
        }
    }

    /// The first value.
    #[inline]
    pub fn first(&self) -> Option<&'a str> {
        match *self {
            StrList::Slice(s) => s.first().copied(),
            StrList::Lines("") => None,
            StrList::Lines(s) => s.split('\n').next(),
            StrList::One(s) => Some(s),
        }
    }

    /// The values in order.
    #[inline]
    pub fn iter(&self) -> StrListIter<'a> {
        match *self {
            StrList::Slice(s) => StrListIter::Slice(s.iter()),
            StrList::Lines("") => StrListIter::Slice([].iter()),
            StrList::Lines(s) => StrListIter::Lines(s.split('\n')),
            StrList::One(s) => StrListIter::One(Some(s)),
        }
    }

    /// The value spelled like `value` (ASCII case ignored, `-` and `_`
    /// alike, as in flag names), as written in the list.
    pub fn find(&self, value: &str) -> Option<&'a str> {
        match *self {
            // Models almost always write a value as documented: an exact
            // pass first, then the case-insensitive one.
            StrList::Slice(values) => (values.iter().copied())
                .find(|v| crate::same_bytes(v.as_bytes(), value.as_bytes()))
                .or_else(|| find_loosely(values.iter().copied(), value)),
            StrList::Lines(lines) => line_equal_to(lines, value).or_else(|| find_loosely(self.iter(), value)),
            StrList::One(one) if crate::same_bytes(one.as_bytes(), value.as_bytes()) => Some(one),
            StrList::One(_) => find_loosely(self.iter(), value),
        }
    }
}

impl fmt::Debug for StrList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for StrList<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

/// The line of `lines` equal to `value` (an enum flag's values as a skill
/// loaded at run time lends them): a plain byte scan, as they are a few
/// short lines, for which `str::split`'s searcher and `memchr` cost more
/// than the comparisons.
#[inline]
fn line_equal_to<'a>(lines: &'a str, value: &str) -> Option<&'a str> {
    let (bytes, want) = (lines.as_bytes(), value.as_bytes());
    let mut start = 0;
    loop {
        let end = start + want.len();
        if bytes.get(start..end) == Some(want) && (end == bytes.len() || bytes[end] == b'\n') {
            return lines.get(start..end);
        }
        start += bytes[start..].iter().position(|&b| b == b'\n')? + 1;
    }
}

/// The value of `values` that [`position_loosely`] finds.
#[cold]
fn find_loosely<'a>(values: impl Iterator<Item = &'a str> + Clone, value: &str) -> Option<&'a str> {
    values.clone().nth(position_loosely(values, value)?)
}

/// Where `value` is among `values` when not spelled exactly: ignoring case,
/// else with `-` and `_` alike too, as flag names are matched (case first,
/// so that `IN_PROGRESS` is `in_progress` where a list also holds
/// `in-progress`). The one rule for enum values, shared by
/// [`StrList::find`] and [`crate::convert::FlagEnum::parse`].
#[cold]
#[inline(never)]
pub(crate) fn position_loosely<'a>(mut values: impl Iterator<Item = &'a str> + Clone, value: &str) -> Option<usize> {
    values
        .clone()
        .position(|v| v.eq_ignore_ascii_case(value))
        .or_else(|| values.position(|v| crate::names::same_flag_name(v, value)))
}

/// Iterator over a [`StrList`].
#[derive(Clone, Debug)]
pub enum StrListIter<'a> {
    #[doc(hidden)]
    Slice(core::slice::Iter<'a, &'a str>),
    #[doc(hidden)]
    Lines(core::str::Split<'a, char>),
    #[doc(hidden)]
    One(Option<&'a str>),
}

impl<'a> Iterator for StrListIter<'a> {
    type Item = &'a str;
    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        match self {
            StrListIter::Slice(it) => it.next().copied(),
            StrListIter::Lines(it) => it.next(),
            StrListIter::One(v) => v.take(),
        }
    }
}

/// One flag of a skill, as the argument parser needs it.
#[derive(Clone, Copy, Debug)]
pub struct FlagSpec<'a> {
    /// Name without the leading dashes (`due-before`): lowercase ASCII
    /// letters, digits, `-` and `_`, as the `## Flags` grammar allows (never
    /// an `=`, which separates an inline value).
    pub name: &'a str,
    /// Type of each value.
    pub value_type: ValueType,
    /// Whether the flag takes several values (`space-separated`, `One or more of:`).
    pub list: bool,
    /// Whether the flag must be given (`(required)`).
    pub required: bool,
    /// Allowed values of an enum flag, as written in the markdown.
    pub values: StrList<'a>,
    /// Values used when the flag is absent (`(default: ...)`).
    pub default: Option<StrList<'a>>,
    /// A one-letter spelling declared beside the name (`-n, --name`):
    /// `-n Acme` means `--name Acme`. Letters are case-sensitive.
    pub short: Option<char>,
}

impl FlagSpec<'_> {
    /// Whether an absent flag still has a value for the handler: required,
    /// defaulted, or boolean (absent means false).
    pub fn always_present(&self) -> bool {
        self.required || self.default.is_some() || self.value_type == ValueType::Boolean
    }

    /// A short form of the expected value for error hints (`YYYY-MM-DD`,
    /// `an integer`, `one of: a, b`).
    pub fn expected(&self) -> Expected<'_> {
        Expected(self)
    }
}

/// How generated code writes a [`FlagSpec`]: one `const fn` call per flag,
/// with as few arguments as the flag needs: [`packed_flag`] (name and
/// kind), [`packed_flag_default`] (and a default), [`packed_flag_values`]
/// (and an enum's values).
///
/// A struct literal with enum and `Option` fields and `&[..]` slices costs
/// `rustc` several times as much to check and evaluate in a `static` as
/// such a call does, and each argument adds to a call's cost; a tree of
/// 1,000 skills has 10,000 of them.
#[doc(hidden)]
pub mod packed {
    /// The flag takes several values.
    pub const LIST: u32 = 1 << 3;
    /// The flag must be given.
    pub const REQUIRED: u32 = 1 << 4;
    /// The flag has a default (the `default` argument).
    pub const DEFAULT: u32 = 1 << 5;
    /// The default is one value (which may hold a newline or be empty),
    /// not lines.
    pub const DEFAULT_ONE: u32 = 1 << 6;
    /// Bits from this one up hold the short letter (`char as u32`), zero for
    /// none.
    pub const SHORT_SHIFT: u32 = 8;

    /// The low three bits: the value type.
    pub const fn type_code(t: super::ValueType) -> u32 {
        match t {
            super::ValueType::String => 0,
            super::ValueType::Integer => 1,
            super::ValueType::Number => 2,
            super::ValueType::Date => 3,
            super::ValueType::Boolean => 4,
            super::ValueType::Enum => 5,
        }
    }

    /// The short letter's bits of `kind` (none for `None`).
    pub const fn short(c: Option<char>) -> u32 {
        match c {
            Some(c) => (c as u32) << SHORT_SHIFT,
            None => 0,
        }
    }
}

/// A [`FlagSpec`] without values or default from its packed form: `kind`
/// is the type code ORed with the [`packed`] bits and the short letter.
#[doc(hidden)]
pub const fn packed_flag(name: &str, kind: u32) -> FlagSpec<'_> {
    packed_flag_values(name, kind, &[], "")
}

/// A [`FlagSpec`] with a default (see [`packed_flag_values`]).
#[doc(hidden)]
pub const fn packed_flag_default<'a>(name: &'a str, kind: u32, default: &'a str) -> FlagSpec<'a> {
    packed_flag_values(name, kind, &[], default)
}

/// A [`FlagSpec`] from its packed form (see [`packed`]): `kind` is the
/// type code ORed with the `packed` bits and the short letter, a
/// many-valued `default` one value per line. `values` stays a slice: the
/// typed parse looks every enum value up in it.
#[doc(hidden)]
pub const fn packed_flag_values<'a>(name: &'a str, kind: u32, values: &'a [&'a str], default: &'a str) -> FlagSpec<'a> {
    FlagSpec {
        name,
        value_type: match kind & 7 {
            0 => ValueType::String,
            1 => ValueType::Integer,
            2 => ValueType::Number,
            3 => ValueType::Date,
            4 => ValueType::Boolean,
            _ => ValueType::Enum,
        },
        list: kind & packed::LIST != 0,
        required: kind & packed::REQUIRED != 0,
        values: StrList::Slice(values),
        default: if kind & packed::DEFAULT == 0 {
            None
        } else if kind & packed::DEFAULT_ONE != 0 {
            Some(StrList::One(default))
        } else {
            Some(StrList::Lines(default))
        },
        short: match char::from_u32(kind >> packed::SHORT_SHIFT) {
            Some('\0') | None => None,
            short => short,
        },
    }
}

/// Display adapter describing what values a flag accepts.
#[derive(Debug)]
pub struct Expected<'s>(&'s FlagSpec<'s>);

impl fmt::Display for Expected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spec = self.0;
        let several = if spec.list { "one or more values" } else { "a value" };
        match spec.value_type {
            ValueType::String => write!(f, "{several}"),
            ValueType::Integer => {
                if spec.list {
                    f.write_str("one or more integers")
                } else {
                    f.write_str("an integer such as 20 or -5")
                }
            }
            ValueType::Number => {
                if spec.list {
                    f.write_str("one or more numbers")
                } else {
                    f.write_str("a number such as 0.5 or -2")
                }
            }
            ValueType::Date => f.write_str("a date written YYYY-MM-DD, such as 2026-03-01"),
            ValueType::Boolean => f.write_str("no value (presence means true)"),
            ValueType::Enum => {
                f.write_str(if spec.list { "one or more of: " } else { "one of: " })?;
                for (i, v) in spec.values.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(v)?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::v1::*;

    #[test]
    fn str_list_forms_agree() {
        let a = StrList::Slice(&["todo", "done"]);
        let b = StrList::Lines("todo\ndone");
        assert_eq!(a, b);
        assert_eq!(b.len(), 2);
        assert_eq!(StrList::Lines("").len(), 0);
        assert!(StrList::Lines("").is_empty());
        assert_eq!(StrList::One("x").len(), 1);
        assert_eq!(b.find("DONE"), Some("done"));
    }

    /// `find` over lines matches whole lines only, exactly first, then as
    /// the slice form does; one value is compared the same way.
    #[test]
    fn finding_a_value_among_lines_matches_whole_lines() {
        let lines = StrList::Lines("todo_later\ntodo\nin-progress\n\nx");
        for (value, found) in [
            ("todo", Some("todo")),
            ("todo_later", Some("todo_later")),
            ("tod", None),
            ("todo_", None),
            ("", Some("")),
            ("x", Some("x")),
            ("IN_PROGRESS", Some("in-progress")),
            ("todo\ntodo", None),
        ] {
            assert_eq!(lines.find(value), found, "{value:?}");
            let slice: Vec<&str> = lines.iter().collect();
            assert_eq!(StrList::Slice(&slice).find(value), found, "{value:?} as a slice");
        }
        assert_eq!(StrList::Lines("a").find("ab"), None);
        assert_eq!(StrList::One("Due").find("due"), Some("Due"));
        assert_eq!(StrList::One("due").find("due"), Some("due"));
        assert_eq!(StrList::One("due").find("d"), None);
    }

    /// Every type and bit of the packed form, in each of its three calls,
    /// reads back as the literal it stands for.
    #[test]
    fn a_packed_flag_is_the_spec_it_packs() {
        let types = [
            ValueType::String,
            ValueType::Integer,
            ValueType::Number,
            ValueType::Date,
            ValueType::Boolean,
            ValueType::Enum,
        ];
        for t in types {
            for bits in 0..32u8 {
                let (list, required, has_default, one) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0);
                let short = [None, Some('d'), Some('é'), Some('\u{10FFFF}')][usize::from(bits >> 3) & 3];
                let mut kind = packed::type_code(t) | packed::short(short);
                kind |= if list { packed::LIST } else { 0 } | if required { packed::REQUIRED } else { 0 };
                kind |= if has_default { packed::DEFAULT } else { 0 } | if one { packed::DEFAULT_ONE } else { 0 };
                let full = packed_flag_values("due-before", kind, &["a", "b"], "x\ny");
                let with_default = packed_flag_default("due-before", kind, "x\ny");
                let bare = packed_flag("due-before", kind);
                for spec in [full, with_default, bare] {
                    assert_eq!(
                        (spec.name, spec.value_type, spec.list, spec.required),
                        ("due-before", t, list, required)
                    );
                    assert_eq!(spec.short, short);
                }
                assert_eq!(full.values, StrList::Slice(&["a", "b"]));
                assert!(with_default.values.is_empty() && bare.values.is_empty());
                let default = |spec: FlagSpec<'static>| spec.default.map(|d| d.iter().collect::<Vec<&str>>());
                let expected = match (has_default, one) {
                    (false, _) => None,
                    (true, true) => Some(vec!["x\ny"]),
                    (true, false) => Some(vec!["x", "y"]),
                };
                assert_eq!(default(full), expected);
                assert_eq!(default(with_default), expected);
            }
        }
    }
}
