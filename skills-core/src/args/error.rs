//! What is wrong with a command's arguments, and the messages that say it:
//! each problem names the flag, the value and the closest valid choice.

use super::*;
use crate::spec::{MAX_FLAGS, StrList, ValueType};
use core::fmt;

/// What is wrong with one part of a command.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ArgErrorKind<'a> {
    /// `--name` is not a flag of the skill.
    UnknownFlag {
        /// As written, without dashes.
        given: &'a str,
        /// The closest real flag, if one is close.
        suggestion: Option<&'a str>,
        /// Written with one dash (`-p`). For one letter that no flag
        /// declares as its short spelling, `suggestion` is the only flag
        /// starting with it.
        short: bool,
    },
    /// A value before the first flag.
    UnexpectedValue {
        /// The value.
        value: &'a str,
    },
    /// Values after `--flag=value`, which takes only the value after `=`
    /// (`--subject=Quarterly report`, `--status=todo done`).
    AfterInlineValue {
        /// Flag name.
        flag: &'a str,
        /// The value after `=`.
        inline: &'a str,
        /// The values that follow it, up to the next flag.
        strays: StrList<'a>,
    },
    /// A bare `--`.
    DoubleDash,
    /// A flag written with a typographic dash (`—to`, `–to`: what
    /// autocorrect makes of `--`). It is read as the flag it names, and
    /// reported so that the model writes hyphens.
    DashLookalike {
        /// The token as written.
        written: &'a str,
        /// The flag it names.
        flag: &'a str,
    },
    /// A list written with commas or brackets (`--to a@b.com, c@d.com`,
    /// `--to [a, b]`): values are separated by spaces.
    ListPunctuation {
        /// Flag name.
        flag: &'a str,
        /// The first value with a comma or bracket.
        value: &'a str,
        /// The values, as given.
        values: StrList<'a>,
    },
    /// A non-boolean flag with no value.
    MissingValue {
        /// Flag name.
        flag: &'a str,
    },
    /// A single-valued flag with several values.
    TooManyValues {
        /// Flag name.
        flag: &'a str,
        /// How many were given.
        count: usize,
        /// The values, as given.
        values: StrList<'a>,
        /// The flag's type: quoting is the fix for a string, one value for
        /// anything else.
        value_type: ValueType,
    },
    /// The flag appears twice.
    Repeated {
        /// Flag name.
        flag: &'a str,
        /// It takes several values (which follow it once).
        list: bool,
        /// The values given the first time.
        first: StrList<'a>,
        /// The values given again (up to the next flag).
        again: StrList<'a>,
    },
    /// Not an integer (or out of the 64-bit range).
    BadInteger {
        /// Flag name.
        flag: &'a str,
        /// The value given.
        value: &'a str,
    },
    /// Not a decimal number (see [`is_number`]).
    BadNumber {
        /// Flag name.
        flag: &'a str,
        /// The value given.
        value: &'a str,
    },
    /// Not a `YYYY-MM-DD` date, or no such day.
    BadDate {
        /// Flag name.
        flag: &'a str,
        /// The value given.
        value: &'a str,
        /// Why.
        reason: crate::date::DateError,
    },
    /// A boolean given a value other than `true`/`false`.
    BadBoolean {
        /// Flag name.
        flag: &'a str,
        /// The value given.
        value: &'a str,
    },
    /// Not one of the enum's values.
    NotInEnum {
        /// Flag name.
        flag: &'a str,
        /// The value given.
        value: &'a str,
        /// The allowed values.
        allowed: StrList<'a>,
        /// The closest allowed value, if one is close.
        suggestion: Option<&'a str>,
    },
    /// A required flag is missing.
    MissingRequired {
        /// Flag name.
        flag: &'a str,
    },
    /// The skill declares more flags than [`MAX_FLAGS`].
    TooManyFlags,
    /// A JSON argument of a type no flag takes (an object, a nested array).
    WrongType {
        /// Flag name.
        flag: &'a str,
        /// The flag's value type.
        value_type: ValueType,
        /// Whether the flag takes a list.
        list: bool,
        /// What was given, in words.
        got: &'static str,
    },
}

impl ArgErrorKind<'_> {
    /// Stable machine-readable name, used in JSON results.
    pub fn code(&self) -> &'static str {
        match self {
            ArgErrorKind::UnknownFlag { .. } => "unknown_flag",
            ArgErrorKind::UnexpectedValue { .. } => "unexpected_value",
            ArgErrorKind::AfterInlineValue { .. } => "unexpected_value",
            ArgErrorKind::DoubleDash => "unexpected_value",
            ArgErrorKind::DashLookalike { .. } => "unknown_flag",
            ArgErrorKind::ListPunctuation { .. } => "list_punctuation",
            ArgErrorKind::MissingValue { .. } => "missing_value",
            ArgErrorKind::TooManyValues { .. } => "too_many_values",
            ArgErrorKind::Repeated { .. } => "repeated_flag",
            ArgErrorKind::BadInteger { .. } => "invalid_integer",
            ArgErrorKind::BadNumber { .. } => "invalid_number",
            ArgErrorKind::BadDate { .. } => "invalid_date",
            ArgErrorKind::BadBoolean { .. } => "invalid_boolean",
            ArgErrorKind::NotInEnum { .. } => "invalid_enum",
            ArgErrorKind::MissingRequired { .. } => "missing_required",
            ArgErrorKind::TooManyFlags => "too_many_flags",
            ArgErrorKind::WrongType { .. } => "invalid_type",
        }
    }
}

/// Most problems reported for one command; later ones are counted only.
pub const MAX_ERRORS: usize = 8;

/// Every problem found in one command (up to [`MAX_ERRORS`]).
#[derive(Clone, Copy, Debug)]
pub struct ArgErrors<'a> {
    errors: [Option<ArgErrorKind<'a>>; MAX_ERRORS],
    len: usize,
    dropped: usize,
    style: Style,
}

/// How errors name flags: as a command line writes them (`--limit`) or as
/// a JSON tool call does (`limit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// `` `--limit` ``.
    #[default]
    Command,
    /// `` argument `limit` ``.
    Json,
}

impl<'a> ArgErrors<'a> {
    fn new() -> Self {
        ArgErrors { errors: [None; MAX_ERRORS], len: 0, dropped: 0, style: Style::Command }
    }

    fn push(&mut self, e: ArgErrorKind<'a>) {
        if self.len < MAX_ERRORS {
            self.errors[self.len] = Some(e);
            self.len += 1;
        } else {
            self.dropped += 1;
        }
    }

    /// The problems: those about the command's shape (unknown flags, stray
    /// values) in command order, then those about each flag's values in the
    /// skill's flag order.
    pub fn iter(&self) -> impl Iterator<Item = &ArgErrorKind<'a>> {
        self.errors[..self.len].iter().flatten()
    }

    /// Number of problems kept.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Never true for a returned error; present for API symmetry.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Problems found beyond [`MAX_ERRORS`].
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// How the errors name flags.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The first problem.
    pub fn first(&self) -> Option<&ArgErrorKind<'a>> {
        self.iter().next()
    }

    /// Names of every missing required flag, in spec order.
    pub fn missing_required(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.iter().filter_map(|e| match e {
            ArgErrorKind::MissingRequired { flag } => Some(*flag),
            _ => None,
        })
    }
}

/// Problems found so far; the list (several hundred bytes) is only built
/// when there is a first problem, so a valid command never touches it.
pub(super) struct Errors<'a> {
    pub(super) style: Style,
    list: Option<ArgErrors<'a>>,
}

impl<'a> Errors<'a> {
    pub(super) const fn new(style: Style) -> Self {
        Errors { style, list: None }
    }

    #[cold]
    fn first(e: ArgErrorKind<'a>, style: Style) -> ArgErrors<'a> {
        let mut list = ArgErrors::new();
        list.style = style;
        list.push(e);
        list
    }

    pub(super) fn push(&mut self, e: ArgErrorKind<'a>) {
        match &mut self.list {
            None => self.list = Some(Errors::first(e, self.style)),
            Some(list) => list.push(e),
        }
    }

    #[allow(clippy::result_large_err)]
    pub(super) fn into_result(self) -> Result<(), ArgErrors<'a>> {
        match self.list {
            None => Ok(()),
            Some(list) => Err(list),
        }
    }
}

/// The quote a value needs in a message's example command (`"` around one
/// with a blank or an apostrophe), as the runtime's hints quote it.
pub(super) fn quote_for(value: &str) -> &'static str {
    if value.bytes().any(|b| matches!(b, b' ' | b'\t' | b'\'')) { "\"" } else { "" }
}

impl fmt::Display for ArgErrorKind<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_styled(f, Style::Command)
    }
}

/// Writes a flag as the caller wrote it: `` `--limit` `` or `` argument `limit` ``.
pub(super) struct Named<'n>(&'n str, Style);

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Style::Command => write!(f, "`--{}`", self.0),
            Style::Json => write!(f, "argument `{}`", self.0),
        }
    }
}

/// A value as a message quotes it: in backticks, or `an empty value`
/// (`--limit=`, `--limit ""`), which backticks would show as nothing.
pub(super) struct Quoted<'v>(&'v str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() { f.write_str("an empty value") } else { write!(f, "`{}`", Excerpt(self.0)) }
    }
}

/// Text a model wrote, as a message quotes it: whole up to
/// [`Excerpt::MAX`] bytes, else its start and how much is left out, so
/// that a result never echoes a runaway value, flag or skill name whole.
///
/// ```
/// use skills_core::args::Excerpt;
/// assert_eq!(Excerpt("--subject").to_string(), "--subject");
/// let long = "x".repeat(1000);
/// assert_eq!(Excerpt(&long).to_string(), format!("{}… (800 more bytes)", &long[..200]));
/// // Cut at a character boundary: `é` is two bytes.
/// let accents = "é".repeat(150);
/// assert_eq!(Excerpt(&accents).to_string(), format!("{}… (100 more bytes)", "é".repeat(100)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Excerpt<'a>(pub &'a str);

impl Excerpt<'_> {
    /// The longest text quoted whole, in bytes.
    pub const MAX: usize = 200;

    /// The longest start of `text` of at most `max` bytes that ends on a
    /// character boundary (`text` itself when it is no longer).
    ///
    /// ```
    /// use skills_core::args::Excerpt;
    /// assert_eq!(Excerpt::start("héllo", 2), "h");
    /// assert_eq!(Excerpt::start("héllo", 3), "hé");
    /// ```
    pub fn start(text: &str, max: usize) -> &str {
        if text.len() <= max {
            return text;
        }
        let mut end = max;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        &text[..end]
    }
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = Self::start(self.0, Self::MAX);
        f.write_str(start)?;
        match self.0.len() - start.len() {
            0 => Ok(()),
            left_out => write!(f, "… ({left_out} more bytes)"),
        }
    }
}

/// What a flag takes, as JSON.
pub(super) fn json_expected(f: &mut dyn fmt::Write, value_type: ValueType, list: bool) -> fmt::Result {
    let one = match value_type {
        ValueType::String => "string",
        ValueType::Integer => "integer",
        ValueType::Number => "number",
        ValueType::Date => "date string (\"YYYY-MM-DD\")",
        ValueType::Boolean => return f.write_str("true or false"),
        ValueType::Enum => "string from its allowed values",
    };
    if list {
        write!(f, "an array of values, each a {one}")
    } else {
        let article = if one.starts_with('i') { "an" } else { "a" };
        write!(f, "{article} {one}")
    }
}

impl ArgErrorKind<'_> {
    /// Writes the message naming flags in `style`.
    pub fn write_styled(&self, f: &mut dyn fmt::Write, style: Style) -> fmt::Result {
        let json = style == Style::Json;
        match *self {
            ArgErrorKind::UnknownFlag { given, suggestion, short } => {
                let (noun, written) = match (json, short) {
                    (true, _) => ("argument", ""),
                    (false, true) => ("flag", "-"),
                    (false, false) => ("flag", "--"),
                };
                write!(f, "unknown {noun} `{written}{}`", Excerpt(given))?;
                let dashes = if json { "" } else { "--" };
                match suggestion {
                    Some(s) if negated(given).is_some_and(|n| same_flag_name(n, s)) => {
                        f.write_str("; there is no negated form: leave `")?;
                        f.write_str(dashes)?;
                        f.write_str(s)?;
                        f.write_str("` out")
                    }
                    Some(s) => write!(f, "; did you mean `{dashes}{s}`?"),
                    None => Ok(()),
                }
            }
            ArgErrorKind::UnexpectedValue { value } => {
                write!(f, "unexpected value `{}` before any flag; ", Excerpt(value))?;
                match keyword_argument(value) {
                    // `to=bob@co.com`: a flag written as a keyword argument.
                    Some((name, v)) => {
                        let q = quote_for(v);
                        write!(f, "a flag is written with two dashes: `--{} {q}{}{q}`", Excerpt(name), Excerpt(v))
                    }
                    None => {
                        let q = quote_for(value);
                        write!(f, "values follow their flag, as in `--flag {q}{}{q}`", Excerpt(value))
                    }
                }
            }
            ArgErrorKind::AfterInlineValue { flag, inline, strays } => {
                f.write_str(if strays.len() > 1 { "unexpected values " } else { "unexpected value " })?;
                for (i, v) in strays.iter().enumerate() {
                    write!(f, "{}`{}`", if i > 0 { ", " } else { "" }, Excerpt(v))?;
                }
                write!(
                    f,
                    " after `--{flag}={}`: a flag written with `=` takes only the value after it",
                    Excerpt(inline)
                )
            }
            ArgErrorKind::DoubleDash => {
                f.write_str("unexpected `--`; to pass a value that starts with a dash write `--flag=value`")
            }
            ArgErrorKind::DashLookalike { written, flag } => {
                write!(f, "`{}` starts with a typographic dash, not two hyphens: write `--{flag}`", Excerpt(written))
            }
            ArgErrorKind::ListPunctuation { flag, value, .. } => {
                if json {
                    write!(
                        f,
                        "argument `{flag}` has a value with a comma or bracket, `{}`: send each value as an item of the array",
                        Excerpt(value)
                    )
                } else {
                    write!(
                        f,
                        "{} takes values separated by spaces, without commas or brackets, not `{}`",
                        Named(flag, style),
                        Excerpt(value)
                    )
                }
            }
            ArgErrorKind::MissingValue { flag } => write!(f, "{} needs a value", Named(flag, style)),
            ArgErrorKind::TooManyValues { flag, count, value_type, .. } => {
                write!(f, "{} takes one value but got {count}", Named(flag, style))?;
                if !json && value_type == ValueType::String {
                    f.write_str("; quote a value that contains spaces")?;
                }
                Ok(())
            }
            ArgErrorKind::Repeated { flag, list, first, again } => {
                write!(f, "{} is given more than once", Named(flag, style))?;
                match (json, list) {
                    (true, _) => Ok(()),
                    (false, true) => write!(f, "; give it once (list several values after one `--{flag}`)"),
                    // `--overdue --overdue`: a switch, given no values.
                    (false, false) if first.is_empty() && again.is_empty() => f.write_str("; give it once"),
                    (false, false) => f.write_str("; give it once, with one value"),
                }
            }
            ArgErrorKind::BadInteger { flag, value } => {
                let digits = value.strip_prefix(['-', '+']).unwrap_or(value);
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    // A whole number, only too long for 64 bits.
                    write!(
                        f,
                        "{} expects an integer from {} to {}, not {}",
                        Named(flag, style),
                        i64::MIN,
                        i64::MAX,
                        Quoted(value)
                    )
                } else {
                    write!(f, "{} expects an integer, not {}", Named(flag, style), Quoted(value))
                }
            }
            ArgErrorKind::BadNumber { flag, value } => {
                write!(f, "{} expects a number, not {}", Named(flag, style), Quoted(value))
            }
            ArgErrorKind::BadDate { flag, value, reason } => {
                write!(f, "{} expects a date written YYYY-MM-DD, not {}", Named(flag, style), Quoted(value))?;
                match reason {
                    // The message has said it.
                    crate::date::DateError::Format => Ok(()),
                    reason => write!(f, " ({reason})"),
                }
            }
            ArgErrorKind::BadBoolean { flag, value } => {
                if json {
                    write!(f, "argument `{flag}` is a boolean: send true or false, not {}", Quoted(value))
                } else {
                    write!(
                        f,
                        "`--{flag}` is a boolean flag: write `--{flag}` alone (or `true`/`false`), not {}",
                        Quoted(value)
                    )
                }
            }
            ArgErrorKind::NotInEnum { flag, value, allowed, suggestion } => {
                let value = Quoted(value);
                write!(f, "{value} is not a value of {}; allowed: ", Named(flag, style))?;
                for (i, v) in allowed.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(v)?;
                }
                if let Some(s) = suggestion {
                    write!(f, " (did you mean `{s}`?)")?;
                }
                Ok(())
            }
            ArgErrorKind::MissingRequired { flag } => {
                let noun = if json { "argument" } else { "flag" };
                let dashes = if json { "" } else { "--" };
                write!(f, "missing required {noun} `{dashes}{flag}`")
            }
            ArgErrorKind::TooManyFlags => {
                write!(f, "the skill declares more than {MAX_FLAGS} flags")
            }
            ArgErrorKind::WrongType { flag, value_type, list, got } => {
                write!(f, "{} expects ", Named(flag, style))?;
                json_expected(f, value_type, list)?;
                write!(f, ", not {got}")
            }
        }
    }
}

impl fmt::Display for ArgErrors<'_> {
    /// All problems on one line each; missing required flags are named
    /// together.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let json = self.style == Style::Json;
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            if !first {
                f.write_str("\n")?;
            }
            first = false;
            Ok(())
        };
        for e in self.iter() {
            if !matches!(e, ArgErrorKind::MissingRequired { .. }) {
                sep(f)?;
                e.write_styled(f, self.style)?;
            }
        }
        let mut missing = self.missing_required().peekable();
        if missing.peek().is_some() {
            sep(f)?;
            let count = self.missing_required().count();
            let noun = match (json, count) {
                (false, 1) => "missing required flag: ",
                (false, _) => "missing required flags: ",
                (true, 1) => "missing required argument: ",
                (true, _) => "missing required arguments: ",
            };
            f.write_str(noun)?;
            for (i, m) in missing.enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                if json {
                    write!(f, "`{m}`")?;
                } else {
                    write!(f, "`--{m}`")?;
                }
            }
        }
        if self.dropped > 0 {
            sep(f)?;
            write!(f, "({} more problems not shown)", self.dropped)?;
        }
        Ok(())
    }
}
