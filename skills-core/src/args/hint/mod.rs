//! The hint of an argument error: the one change that fixes the command,
//! written with the command's own values. Each [`ArgErrorKind`] has its
//! message beside it (`args::error`) and its hint here, so a new kind is
//! added in this crate alone; the router adds nothing but the skill the
//! hint may name.

use super::{ArgErrorKind, ArgErrors};
use crate::spec::{FlagSpec, ValueType};
use crate::tokenize::write_double_quoted_inner;
use core::fmt::{self, Write};

// Values written another way than their flag takes them.
mod values;

use values::*;
#[doc(hidden)] // for the runtime's date hints
pub use values::{WEEKDAYS, relative_date};

/// The flags of the skill whose arguments failed, as a hint reads them.
pub trait FlagSpecs<'a> {
    /// How many flags the skill has.
    fn count(&self) -> usize;
    /// The `i`th flag's schema.
    fn spec(&self, i: usize) -> Option<FlagSpec<'a>>;
}

impl<'a> FlagSpecs<'a> for &[FlagSpec<'a>] {
    fn count(&self) -> usize {
        self.len()
    }

    fn spec(&self, i: usize) -> Option<FlagSpec<'a>> {
        self.get(i).copied()
    }
}

impl<'a, const N: usize> FlagSpecs<'a> for [FlagSpec<'a>; N] {
    fn count(&self) -> usize {
        N
    }

    fn spec(&self, i: usize) -> Option<FlagSpec<'a>> {
        self.get(i).copied()
    }
}

/// The skill whose arguments failed: what a hint may name.
#[derive(Clone, Copy)]
pub struct Skill<'a, 'f> {
    /// `domain.action`.
    pub name: &'a str,
    /// Its first usage line, or empty.
    pub usage: &'a str,
    /// Its flags.
    pub flags: &'f dyn FlagSpecs<'a>,
}

impl fmt::Debug for Skill<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Skill").field("name", &self.name).field("flags", &self.flags.count()).finish_non_exhaustive()
    }
}

impl<'a> Skill<'a, '_> {
    /// The flags' names, in order.
    fn names(&self) -> impl Iterator<Item = &'a str> + '_ {
        (0..self.flags.count()).filter_map(|i| self.flags.spec(i)).map(|s| s.name)
    }
}

/// A shell operator among the problems (`&&`, `|`, `;`, `>`): the model
/// chained or redirected commands, which a command line here cannot do.
fn shell_operator<'e>(errors: &'e ArgErrors<'_>) -> Option<&'e str> {
    let op = |v: &str| matches!(v, "&&" | "||" | "|" | ";" | "&" | ">" | ">>" | "<" | "2>&1");
    let trailing = |v: &str| v.len() > 1 && v.ends_with(';');
    errors.iter().find_map(|e| match *e {
        ArgErrorKind::UnexpectedValue { value } if op(value) => Some(value),
        ArgErrorKind::AfterInlineValue { strays, .. } if strays.iter().any(op) => strays.iter().find(|v| op(v)),
        ArgErrorKind::TooManyValues { values, .. } => {
            values.iter().find(|v| op(v)).or_else(|| values.iter().any(trailing).then_some(";"))
        }
        ArgErrorKind::UnknownFlag { given, .. } if trailing(given) => Some(";"),
        ArgErrorKind::BadInteger { value, .. }
        | ArgErrorKind::BadNumber { value, .. }
        | ArgErrorKind::BadDate { value, .. }
        | ArgErrorKind::BadBoolean { value, .. }
        | ArgErrorKind::NotInEnum { value, .. }
            if trailing(value) =>
        {
            Some(";")
        }
        _ => None,
    })
}

/// A space a command cannot split on, or an invisible character, in
/// `word`: a no-break space (U+00A0) or another Unicode space, a
/// zero-width space or joiner, a byte-order mark. Models and the text they
/// copy sometimes put them where a plain space belongs, and in an error
/// message they look like a space or like nothing.
#[doc(hidden)] // for the runtime's other hints
pub fn odd_space(word: &str) -> Option<char> {
    word.chars().find(|c| {
        matches!(
            c,
            '\u{00A0}' | '\u{1680}' | '\u{2000}'
                ..='\u{200D}'
                    | '\u{2028}'
                    | '\u{2029}'
                    | '\u{202F}'
                    | '\u{205F}'
                    | '\u{2060}'
                    | '\u{3000}'
                    | '\u{FEFF}'
        )
    })
}

/// `lead` goes before `word`: a flag's dashes (its name is given without
/// them), or the flag a value was given to (`--limit `).
#[doc(hidden)] // for the runtime's other hints
pub fn write_odd_space_hint(lead: fmt::Arguments<'_>, word: &str, c: char, out: &mut dyn Write) -> fmt::Result {
    let what = if c.is_whitespace() { "a space that is not a plain one" } else { "an invisible character" };
    let plain = alloc_free::Replaced { word, c };
    write!(
        out,
        "`{lead}{word}` holds {what} (U+{:04X}): write a plain space between words and nothing inside them: {lead}{plain}",
        c as u32
    )
}

/// `word` with the odd character shown as a plain space (or removed),
/// written without allocating.
mod alloc_free {
    use core::fmt;
    pub(super) struct Replaced<'a> {
        pub(super) word: &'a str,
        pub(super) c: char,
    }
    impl fmt::Display for Replaced<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for ch in self.word.trim().chars() {
                if ch == self.c {
                    if self.c.is_whitespace() {
                        f.write_str(" ")?;
                    }
                } else {
                    write!(f, "{ch}")?;
                }
            }
            Ok(())
        }
    }
}

/// The one flag of `skill` that a value written without a flag fits, by
/// the most specific kind it fits: an enum that lists it, else a date, an
/// integer, a number, else text. `None` when no kind has exactly one such flag.
fn only_flag_for<'s>(skill: &Skill<'s, '_>, value: &str) -> Option<&'s str> {
    let fits = |kind: u8| {
        let mut found = (0..skill.flags.count()).filter_map(|i| skill.flags.spec(i)).filter(move |s| match kind {
            0 => s.value_type == ValueType::Enum && s.values.iter().any(|v| v.eq_ignore_ascii_case(value)),
            1 => s.value_type == ValueType::Date && value.parse::<crate::Date>().is_ok(),
            2 => s.value_type == ValueType::Integer && value.parse::<i64>().is_ok(),
            3 => s.value_type == ValueType::Number && crate::args::is_number(value),
            _ => s.value_type == ValueType::String,
        });
        match (found.next(), found.next()) {
            (Some(one), None) => Some(Some(one.name)),
            (Some(_), Some(_)) => Some(None),
            _ => None,
        }
    };
    // The first kind with any flag decides: one flag, or no answer.
    (0..5u8).find_map(fits).flatten()
}

/// An unknown short spelling (`given`, without its dash) read with its
/// letters apart, when its first letter is a flag's declared one.
enum Apart<'g> {
    /// `-v9`: the letter of a flag that takes a value, then the value.
    Value(char, &'g str),
    /// `-qv`: letters of switches only.
    Switches(&'g str),
}

fn short_letters_apart<'g>(skill: &Skill<'_, '_>, given: &'g str) -> Option<Apart<'g>> {
    // Declared letters are ASCII (`-n`), so bytes are compared; a byte of
    // another character matches none.
    let (&first, rest) = given.as_bytes().split_first()?;
    if rest.is_empty() {
        return None;
    }
    match short_type(skill, first)? {
        ValueType::Boolean if rest.iter().all(|&c| short_type(skill, c) == Some(ValueType::Boolean)) => {
            Some(Apart::Switches(given))
        }
        ValueType::Boolean => None,
        // A declared letter is ASCII: the value starts at byte 1.
        _ => Some(Apart::Value(char::from(first), given.get(1..)?)),
    }
}

/// The type of the flag whose declared short spelling is `letter`. One copy
/// in the firmware, not one per use.
#[inline(never)]
fn short_type(skill: &Skill<'_, '_>, letter: u8) -> Option<ValueType> {
    let letter = Some(char::from(letter));
    (0..skill.flags.count()).filter_map(|i| skill.flags.spec(i)).find(|s| s.short == letter).map(|s| s.value_type)
}

/// The schema of the skill's flag named `name` (as the parser names it).
fn spec_named<'s>(skill: &Skill<'s, '_>, name: &str) -> Option<FlagSpec<'s>> {
    (0..skill.flags.count()).filter_map(|i| skill.flags.spec(i)).find(|s| s.name == name)
}

/// The placeholder the usage line writes after `--flag` (`statuses` in
/// `[--status <statuses>]`, or `--status=<statuses>`). Read from the usage line rather than the
/// flag's docs, whose decoding the firmware does not otherwise link.
fn usage_placeholder<'u>(usage: &'u str, flag: &str) -> Option<&'u str> {
    let mut rest = usage;
    while let Some(at) = rest.bytes().position(|c| c == b'-') {
        // `at` is an ASCII `-`: the text after it starts on a boundary.
        let after = &rest[at + 1..];
        if let Some(p) = after
            .strip_prefix('-')
            .and_then(|r| r.strip_prefix(flag))
            .and_then(|r| r.strip_prefix(" <").or_else(|| r.strip_prefix("=<")))
        {
            return p.bytes().position(|c| c == b'>').map(|end| &p[..end]);
        }
        rest = after;
    }
    None
}

/// Writes the hint of `errors`, the argument errors of a command of
/// `skill`: the one change that fixes the command.
///
/// ```
/// use skills_core::args::{self, hint};
/// use skills_core::spec::{FlagSpec, StrList, ValueType};
/// let specs = [FlagSpec {
///     name: "limit",
///     value_type: ValueType::Integer,
///     list: false,
///     required: false,
///     values: StrList::EMPTY,
///     default: None,
///     short: None,
/// }];
/// let errors = args::parse(&specs, &["--limit", "1,000"]).unwrap_err();
/// let skill = hint::Skill { name: "tasks.search", usage: "tasks.search [--limit <n>]", flags: &specs };
/// let mut out = String::new();
/// hint::write(&skill, &errors, &mut out).unwrap();
/// assert_eq!(out, "write it as --limit 1000");
/// ```
pub fn write(skill: &Skill<'_, '_>, errors: &ArgErrors<'_>, out: &mut dyn Write) -> fmt::Result {
    let json = errors.style() == crate::args::Style::Json;
    if let Some((given, short, c)) = errors.iter().find_map(|e| match *e {
        ArgErrorKind::UnknownFlag { given, short, .. } => odd_space(given).map(|c| (given, short, c)),
        _ => None,
    }) {
        return write_odd_space_hint(format_args!("{}", if short { "-" } else { "--" }), given, c, out);
    }
    // `--limit 5\u{200B}`: a typed value refused for a character that
    // cannot be seen.
    if !json
        && let Some((flag, value, c)) = errors.iter().find_map(|e| match *e {
            ArgErrorKind::BadInteger { flag, value }
            | ArgErrorKind::BadNumber { flag, value }
            | ArgErrorKind::BadDate { flag, value, .. }
            | ArgErrorKind::BadBoolean { flag, value, .. }
            | ArgErrorKind::NotInEnum { flag, value, .. } => odd_space(value).map(|c| (flag, value, c)),
            _ => None,
        })
    {
        return write_odd_space_hint(format_args!("--{flag} "), value, c, out);
    }
    if !json && let Some(op) = shell_operator(errors) {
        return write!(
            out,
            "`{op}` does not chain or redirect commands here: write each command on a line of its own in the ```cmd block"
        );
    }
    if let Some(flag) = errors.iter().find_map(|e| match *e {
        ArgErrorKind::DashLookalike { flag, .. } => Some(flag),
        _ => None,
    }) {
        return write!(out, "type flags with two hyphens (autocorrect turns them into a dash): --{flag}");
    }
    // `email.send to=bob@co.com subject=Hi`: flags named without their
    // dashes, as keyword arguments.
    fn assignment<'v>(skill: &Skill<'_, '_>, value: &'v str) -> Option<(&'v str, &'v str)> {
        crate::args::keyword_argument(value)
            .filter(|(name, _)| skill.names().any(|n| crate::args::same_flag_name(n, name)))
    }
    match errors.first() {
        Some(&ArgErrorKind::UnexpectedValue { value }) if !json && assignment(skill, value).is_some() => {
            out.write_str("write each flag with two dashes before its name:")?;
            for (name, v) in errors.iter().filter_map(|e| match *e {
                ArgErrorKind::UnexpectedValue { value } => assignment(skill, value),
                _ => None,
            }) {
                write!(out, " --{name}")?;
                write_list(out, &mut core::iter::once(v), false)?;
            }
            Ok(())
        }
        // `tasks.get task_1`: one value without a flag, and one required
        // flag missing, which it must be.
        Some(&ArgErrorKind::UnexpectedValue { value })
            if !json
                && errors.len() == 2
                && let Some(&ArgErrorKind::MissingRequired { flag }) = errors.iter().nth(1) =>
        {
            write!(out, "write the value after its flag: --{flag}")?;
            write_list(out, &mut core::iter::once(value), false)
        }
        // `email.search unread`: a flag's name without its dashes.
        Some(&ArgErrorKind::UnexpectedValue { value })
            if !json && let Some(flag) = skill.names().find(|n| crate::args::same_flag_name(n, value)) =>
        {
            write!(out, "a flag's name starts with two dashes: --{flag}")
        }
        // `notes.add "buy milk" --pin`: one value without a flag, and one
        // flag only that such a value fits (the only enum listing it, date
        // flag, integer flag or text flag).
        Some(&ArgErrorKind::UnexpectedValue { value })
            if !json
                && errors.len() == 1
                && let Some(flag) = only_flag_for(skill, value) =>
        {
            write!(out, "write the value after its flag: --{flag}")?;
            write_list(out, &mut core::iter::once(value), false)
        }
        Some(&ArgErrorKind::ListPunctuation { flag, values, .. }) => list_punctuation_hint(flag, values, json, out),
        // `--status=todo done`, `--subject=Quarterly report`: the values
        // after `--flag=value`, as the flag takes them.
        Some(&ArgErrorKind::AfterInlineValue { flag, inline, strays }) => {
            match spec_named(skill, flag).map(|s| (s.list, s.value_type)) {
                Some((true, _)) => {
                    write!(out, "write the values after the flag, without `=`: --{flag}")?;
                    write_list(out, &mut core::iter::once(inline), false)?;
                    write_list(out, &mut strays.iter(), false)
                }
                // `--subject=Quarterly report`: the words as one value (as
                // for `--subject Quarterly report`).
                Some((false, value_type)) => {
                    let head = Some(inline).filter(|v| !v.is_empty());
                    several_values_hint(flag, head, strays, value_type, out)
                }
                None => write!(out, "give `--{flag}` one value, such as `--{flag} {inline}`"),
            }
        }
        // `--query -urgent`: a value that starts with a dash, taken for a
        // flag, and the flag before it left without a value.
        // `--limit:5`: the value after a colon.
        Some(&ArgErrorKind::UnknownFlag { given, suggestion: Some(flag), .. })
            if !json
                && let Some((_, value)) =
                    given.split_once(':').filter(|(name, _)| crate::args::same_flag_name(name, flag)) =>
        {
            if value.is_empty() {
                return write!(out, "write --{flag} without the colon");
            }
            write!(out, "write the value after a space: --{flag}")?;
            write_list(out, &mut core::iter::once(value), false)
        }
        // `--query -urgent`, `--body "--- draft ---"`: a value that starts
        // with a dash, read as a flag (a long one only when no flag name
        // could be written so).
        Some(&ArgErrorKind::UnknownFlag { given, short, suggestion: None })
            if (short || given.bytes().any(|c| !(c.is_ascii_alphanumeric() || c == b'-' || c == b'_')))
                && let Some(flag) = errors.iter().find_map(|e| match e {
                    ArgErrorKind::MissingValue { flag } => Some(*flag),
                    _ => None,
                }) =>
        {
            let dashes = if short { "-" } else { "--" };
            let quote = given.bytes().any(|c| matches!(c, b' ' | b'\t' | b'\'' | b'"'));
            write!(out, "a value that starts with a dash is written with `=`: --{flag}=")?;
            if quote {
                out.write_char('"')?;
                out.write_str(dashes)?;
                write_double_quoted_inner(out, given)?;
                out.write_char('"')
            } else {
                write!(out, "{dashes}{given}")
            }
        }
        // `-v9`, `-qv`: a value attached to a short spelling, or letters
        // combined, which a command here writes apart.
        Some(&ArgErrorKind::UnknownFlag { given, short: true, .. })
            if !json && let Some(apart) = short_letters_apart(skill, given) =>
        {
            match apart {
                Apart::Value(letter, value) => {
                    out.write_str("write the value after a space: -")?;
                    out.write_char(letter)?;
                    write_list(out, &mut core::iter::once(value), false)
                }
                Apart::Switches(letters) => {
                    out.write_str("write each letter as a flag of its own:")?;
                    letters.bytes().try_for_each(|c| {
                        out.write_str(" -")?;
                        out.write_char(char::from(c))
                    })
                }
            }
        }
        // `--status --limit 5`, `--attachments` last: a flag without its
        // value, whose placeholder says what goes there.
        Some(&ArgErrorKind::MissingValue { flag }) if !json && let Some(spec) = spec_named(skill, flag) => {
            let placeholder = usage_placeholder(skill.usage, flag).unwrap_or("value");
            let what = if spec.list { "one or more values" } else { "a value" };
            write!(out, "give --{flag} {what}: --{flag} <{placeholder}>")?;
            if !spec.required {
                out.write_str(", or leave it out")?;
            }
            Ok(())
        }
        Some(ArgErrorKind::UnknownFlag { .. }) => {
            if skill.flags.count() == 0 {
                write!(out, "`{}` takes no {}", skill.name, if json { "arguments" } else { "flags" })
            } else if json {
                write!(out, "arguments of `{}`:", skill.name)?;
                for (i, n) in skill.names().enumerate() {
                    write!(out, "{} {n}", if i == 0 { "" } else { "," })?;
                }
                Ok(())
            } else {
                write!(out, "flags of `{}`:", skill.name)?;
                for n in skill.names() {
                    write!(out, " --{n}")?;
                }
                Ok(())
            }
        }
        // `--to a@b.co --to c@d.co`: one flag followed by all the values.
        Some(&ArgErrorKind::Repeated { flag, list: true, first, again }) if !json && !again.is_empty() => {
            write!(out, "list the values after one --{flag}: --{flag}")?;
            write_list(out, &mut first.iter().chain(again.iter()), false)
        }
        // `--limit 5,`, `--limit 2.0`, `--limit 1,000`: a whole number
        // written another way.
        Some(&ArgErrorKind::BadInteger { flag, value }) if whole_number(value).is_some() => {
            whole_number(value).map_or(Ok(()), |n| write_as(out, json, flag, &n, false))
        }
        Some(ArgErrorKind::BadInteger { .. }) => out.write_str("write a whole number such as 20"),
        // `0,5`, `1,000`, `0.5,`: the number is clear, only its spelling is not.
        Some(&ArgErrorKind::BadNumber { flag, value }) if clear_number(value).is_some() => {
            clear_number(value).map_or(Ok(()), |n| write_as(out, json, flag, &n, false))
        }
        Some(ArgErrorKind::BadNumber { .. }) => {
            out.write_str("write a decimal number such as 0.5, 2 or -1.25 (no units, no digit separators)")
        }
        // `2026/3/1`, `2026.03.01`: the date is clear, only its spelling
        // is not; say it the right way.
        Some(&ArgErrorKind::BadDate { flag, value, .. }) if clear_date(value).is_some() => {
            clear_date(value).map_or(Ok(()), |date| write_as(out, json, flag, &date, true))
        }
        Some(ArgErrorKind::BadDate { .. }) => out.write_str("write the date as YYYY-MM-DD, such as 2026-03-01"),
        // `--overdue yes`, `"overdue": "no"`: a yes or no in other words.
        Some(&ArgErrorKind::BadBoolean { flag, value }) if yes_or_no(value).is_some() => {
            match (json, yes_or_no(value).unwrap_or_default()) {
                (true, on) => write!(out, "send it as \"{flag}\": {on}"),
                (false, true) => write!(out, "write --{flag} alone"),
                (false, false) => write!(out, "leave --{flag} out"),
            }
        }
        Some(ArgErrorKind::TooManyValues { .. }) if json => out.write_str("send a single value, not an array"),
        Some(&ArgErrorKind::TooManyValues { flag, values, value_type, .. }) => {
            too_many_values_hint(flag, values, value_type, out)
        }
        // `--status overdue` where `--overdue` is a switch of its own.
        Some(&ArgErrorKind::NotInEnum { flag, value, .. })
            if !json
                && let Some(switch) = (0..skill.flags.count())
                    .filter_map(|i| skill.flags.spec(i))
                    .find(|s| s.value_type == ValueType::Boolean && crate::args::same_flag_name(s.name, value)) =>
        {
            write!(out, "`{value}` is a flag of its own: write --{} instead of --{flag} {value}", switch.name)
        }
        Some(&ArgErrorKind::NotInEnum { flag, value, allowed, .. })
            if value.contains([',', ' ', '\t'])
                && value.split([',', ' ', '\t']).filter(|v| !v.is_empty()).all(|v| allowed.find(v).is_some()) =>
        {
            // `--status blocked,done`, `--status "blocked done"`: the values
            // are right, the separator or the quoting is not.
            let list = spec_named(skill, flag).is_some_and(|s| s.list);
            let mut values = value.split([',', ' ', '\t']);
            if list && json {
                write!(out, "send several values as an array: \"{flag}\": [")?;
                write_list(out, &mut values, true)
            } else if list && value.contains(',') {
                write!(out, "separate values with spaces, not commas: --{flag}")?;
                write_list(out, &mut values, false)
            } else if list {
                write!(out, "give each value as a word of its own, not quoted together: --{flag}")?;
                write_list(out, &mut values, false)
            } else {
                write!(out, "`{}{flag}` takes one value: one of", if json { "" } else { "--" })?;
                write_words(out, allowed)
            }
        }
        // `--status "in progress"` for `in_progress`: the value with other
        // separators between its words.
        Some(&ArgErrorKind::NotInEnum { flag, value, allowed, .. })
            if let Some(v) = allowed.iter().find(|a| same_words(a, value)) =>
        {
            write_as(out, json, flag, &v, true)
        }
        Some(ArgErrorKind::NotInEnum { allowed, .. }) => {
            out.write_str("use one of:")?;
            write_words(out, *allowed)
        }
        _ if json => {
            write!(out, "the `{}` tool's schema lists its arguments", crate::names::ToolName(skill.name))
        }
        _ if !skill.usage.is_empty() => write!(out, "usage: {}", skill.usage),
        _ => write!(out, "`{} --help` shows the flags", skill.name),
    }
}

#[cfg(test)]
mod tests {
    use super::usage_placeholder;

    /// The placeholder after the flag named, not after one whose name
    /// starts the same, and none for a switch or an unknown flag.
    #[test]
    fn the_usage_line_gives_the_placeholder_of_the_flag_named() {
        let usage = "x.y --topic <subject> [--to <addresses>] [--tone=<word>] [--quiet] [--t-shirt <size>]";
        assert_eq!(usage_placeholder(usage, "to"), Some("addresses"));
        assert_eq!(usage_placeholder(usage, "topic"), Some("subject"));
        assert_eq!(usage_placeholder(usage, "t-shirt"), Some("size"));
        assert_eq!(usage_placeholder(usage, "t"), None);
        assert_eq!(usage_placeholder(usage, "quiet"), None);
        assert_eq!(usage_placeholder(usage, "tone"), Some("word"));
        assert_eq!(usage_placeholder("é.a --x <ü>", "x"), Some("ü"));
    }
}
