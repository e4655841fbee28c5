//! The table-driven argument parser: command tokens + a skill's
//! [`FlagSpec`]s in, validated [`Args`] (one slot per flag) or every problem
//! found out.
//!
//! One parser serves every skill: generated code contributes only the static
//! specs and a little glue, which keeps builds of large skill trees fast and
//! lets the checker, the runtime and the JSON tool-call path agree exactly.
//!
//! Rules (documented for models in `docs/skill-format.md`):
//! - `--flag value`, and `--flag=value` for exactly one value;
//! - flag names match ignoring ASCII case, with `-` and `_` alike;
//! - a list flag takes every value up to the next flag; others take one;
//! - a boolean flag takes no value, or exactly `true` / `false`;
//! - a token starting with `-` and a digit is a value (`--limit -5`);
//! - a flag may be given once.

use crate::date::Date;
use crate::spec::{FlagSpec, MAX_FLAGS, StrList, ValueType};
use crate::suggest;
use core::fmt;

/// How a flag's slot got its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Not given and no default: an optional flag left out.
    Absent,
    /// Written in the command.
    Given,
    /// Not given; the markdown's `(default: ...)` applies.
    Default,
}

/// The values of one flag after parsing.
#[derive(Clone, Copy, Debug)]
pub struct Slot<'a> {
    /// The values (empty for an absent flag or a bare boolean).
    pub values: StrList<'a>,
    /// Where they came from.
    pub source: Source,
}

impl Slot<'_> {
    const ABSENT: Slot<'static> = Slot { values: StrList::EMPTY, source: Source::Absent };

    /// Whether the flag has a value for the handler (given or defaulted).
    #[inline]
    pub fn is_present(&self) -> bool {
        self.source != Source::Absent
    }
}

/// A command's flags, validated against a skill's specs: slot `i` belongs to
/// spec `i`.
#[derive(Clone, Debug)]
pub struct Args<'a> {
    // Room for the most flags a skill may have, on the stack; only the
    // skill's own slots are ever written (an initialised array of 64 slots
    // cost a 2 KB copy per command).
    slots: arrayvec::ArrayVec<Slot<'a>, MAX_FLAGS>,
}

impl Default for Args<'_> {
    fn default() -> Self {
        Args::new()
    }
}

impl<'a> Args<'a> {
    /// Empty arguments, to parse into ([`parse_into`]). `Args` is large
    /// (one slot per possible flag, on the stack); filling one in place
    /// rather than returning it by value keeps the hot path free of copies.
    pub fn new() -> Self {
        Args { slots: arrayvec::ArrayVec::new() }
    }

    /// The slot of flag `index` (in the order of the skill's specs).
    ///
    /// An index past the skill's flags reads as an absent flag.
    #[inline]
    pub fn slot(&self, index: usize) -> &Slot<'a> {
        self.slots.get(index).unwrap_or(&Slot::ABSENT)
    }

    /// All slots, in spec order.
    pub fn slots(&self) -> &[Slot<'a>] {
        &self.slots
    }
}

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

/// Looks up `given` among the specs (ASCII case ignored, `-` and `_` alike).
#[inline(always)]
pub fn find_flag(specs: &[FlagSpec<'_>], given: &str) -> Option<usize> {
    // The exact spelling (what models write) over all flags first, so that
    // flags of the same length are not compared loosely on the way. Lengths
    // are compared before any byte is loaded, so most candidates cost one
    // comparison.
    match find_flag_exactly(specs, given) {
        Some(i) => Some(i),
        None => find_flag_loosely(specs, given),
    }
}

/// The flag spelled exactly `given`.
#[inline(always)]
fn find_flag_exactly(specs: &[FlagSpec<'_>], given: &str) -> Option<usize> {
    specs.iter().position(|s| crate::same_bytes(s.name.as_bytes(), given.as_bytes()))
}

#[cold]
fn find_flag_loosely(specs: &[FlagSpec<'_>], given: &str) -> Option<usize> {
    specs.iter().position(|s| same_flag_name(s.name, given))
}

/// A JSON argument named in camelCase (`dueBefore`), as JavaScript APIs
/// name keys: the one flag whose words, joined, are its letters
/// (`due-before`). Only a key with a capital and no separator is read so,
/// and only when exactly one flag matches.
#[cold]
fn find_camel_case(specs: &[FlagSpec<'_>], given: &str) -> Option<usize> {
    let b = given.as_bytes();
    if !b.iter().any(u8::is_ascii_uppercase) || b.iter().any(|&c| c == b'-' || c == b'_') {
        return None;
    }
    let joined = |name: &str| {
        let mut letters = name.bytes().filter(|&c| c != b'-' && c != b'_');
        b.iter().all(|g| letters.next().is_some_and(|c| c.eq_ignore_ascii_case(g))) && letters.next().is_none()
    };
    let mut matching = specs.iter().enumerate().filter(|(_, s)| joined(s.name)).map(|(i, _)| i);
    match (matching.next(), matching.next()) {
        (Some(i), None) => Some(i),
        _ => None,
    }
}

/// `name=value` where `name` could be a flag's name (`to=bob@co.com`): a
/// flag written as a keyword argument, as the error for a stray value
/// reads it (and the runtime's hint, which also checks the name).
///
/// ```
/// use skills_core::args::keyword_argument;
/// assert_eq!(keyword_argument("to=bob@co.com"), Some(("to", "bob@co.com")));
/// assert_eq!(keyword_argument("2+2=4"), None);
/// ```
pub fn keyword_argument(value: &str) -> Option<(&str, &str)> {
    let (name, v) = value.split_once('=')?;
    let b = name.as_bytes();
    let is_name = b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_');
    (is_name && !v.is_empty() && !v.contains('"')).then_some((name, v))
}

/// Whether two flag names are the same flag.
#[inline]
pub fn same_flag_name(a: &str, b: &str) -> bool {
    // Models almost always write the name as documented: compare bytes
    // first, and only then ignoring case with `-` and `_` alike.
    a.len() == b.len() && (crate::same_bytes(a.as_bytes(), b.as_bytes()) || same_flag_name_loosely(a, b))
}

#[cold]
fn same_flag_name_loosely(a: &str, b: &str) -> bool {
    a.bytes().zip(b.bytes()).all(|(x, y)| {
        let n = |c: u8| {
            if c == b'_' { b'-' } else { c.to_ascii_lowercase() }
        };
        n(x) == n(y)
    })
}

fn looks_like_flag(token: &str) -> bool {
    let b = token.as_bytes();
    b.len() >= 2 && b[0] == b'-' && !(b[1].is_ascii_digit() || (b[1] == b'.' && b.len() > 2))
}

/// Parses the tokens that follow the skill name against the skill's flags.
///
/// ```
/// use skills_core::args::parse;
/// use skills_core::spec::{FlagSpec, StrList, ValueType};
/// let specs = [
///     FlagSpec { name: "to", value_type: ValueType::String, list: true, required: true,
///                values: StrList::EMPTY, default: None, short: None },
///     FlagSpec { name: "limit", value_type: ValueType::Integer, list: false, required: false,
///                values: StrList::EMPTY, default: Some(StrList::Slice(&["20"])), short: None },
/// ];
/// let args = parse(&specs, &["--to", "a@b.com", "c@d.com"]).unwrap();
/// assert_eq!(args.slot(0).values.len(), 2);
/// assert_eq!(args.slot(1).values.first(), Some("20"));
/// let errs = parse(&specs, &["--limt", "5"]).unwrap_err();
/// assert_eq!(errs.len(), 2); // unknown flag (did you mean --limit?) and missing --to
/// ```
// Both results are plain data on the stack by design: the dispatch path must
// not allocate, so neither side can be boxed.
#[allow(clippy::result_large_err)]
pub fn parse<'a>(specs: &[FlagSpec<'a>], tokens: &'a [&'a str]) -> Result<Args<'a>, ArgErrors<'a>> {
    let mut args = Args::new();
    parse_into(specs, tokens, &mut args)?;
    Ok(args)
}

/// [`parse`] into `args`, which is overwritten: the form the router uses,
/// so that the (large) arguments are never moved.
#[allow(clippy::result_large_err)]
pub fn parse_into<'a>(specs: &[FlagSpec<'a>], tokens: &'a [&'a str], args: &mut Args<'a>) -> Result<(), ArgErrors<'a>> {
    let mut errors = Errors::new(Style::Command);
    if specs.len() > MAX_FLAGS {
        errors.push(ArgErrorKind::TooManyFlags);
        return errors.into_result();
    }
    // Slots are filled as flags are met: a given flag's slot is the range of
    // tokens after it (values follow their flag contiguously), so nothing is
    // copied and no second table is needed.
    args.slots.clear();
    // Absent slots in one copy for skills of up to 16 flags (nearly all):
    // cheaper than a push per flag, each checking the capacity, and a small
    // constant in flash. Pushing cannot fail: at most `MAX_FLAGS` specs,
    // checked above.
    const ABSENT: [Slot<'static>; 16] = [Slot::ABSENT; 16];
    match ABSENT.get(..specs.len()) {
        Some(absent) => {
            let _ = args.slots.try_extend_from_slice(absent);
        }
        None => {
            for _ in specs {
                let _ = args.slots.try_push(Slot::ABSENT);
            }
        }
    }
    // What the values being read belong to. A given flag's slot is written
    // when the flag is met (so a repeat is seen) and its values once, when
    // the next flag or the end arrives: a value costs no slot update.
    let mut current = Current::None;
    for (i, &tok) in tokens.iter().enumerate() {
        if !looks_like_flag(tok) {
            // `—to` naming a flag: reported, then read as that flag. One
            // byte compare on the way (every dash lookalike starts with
            // 0xE2 or 0xEF in UTF-8; a test for the two cost the hot
            // path's `email.send` 17 instructions); the rest is out of line.
            if tok.as_bytes().first().is_some_and(|&b| b >= 0xE2)
                && let Some(next) = dash_flag(specs, tokens, i, current, args, &mut errors)
            {
                current = next;
                continue;
            }
            match current {
                Current::Taking { .. } | Current::Skipping => {}
                Current::Inline { idx } => {
                    errors.push(after_inline(&specs[idx], args.slots[idx].values, tokens, i));
                    current = Current::Skipping;
                }
                Current::None => errors.push(ArgErrorKind::UnexpectedValue { value: tok }),
            }
            continue;
        }
        close(current, tokens, i, args);
        if tok == "--" {
            errors.push(ArgErrorKind::DoubleDash);
            current = Current::Skipping;
            continue;
        }
        let (name, inline, found) = flag_parts(tok, specs);
        current = meet_flag(specs, tokens, i, (name, inline, found), args, &mut errors);
    }
    if let Current::Taking { idx, start } = current {
        args.slots[idx].values = StrList::Slice(&tokens[start..]);
    }
    // Given flags keep their slot (only their values are checked); the
    // others get their default.
    for (slot, spec) in args.slots.iter_mut().zip(specs) {
        if slot.source == Source::Given {
            check_given(spec, slot.values, &mut errors);
        } else {
            *slot = absent(spec, &mut errors);
        }
    }
    errors.into_result()
}

/// Ends the values of the flag being read, if any, before token `i`.
#[inline(always)]
fn close<'a>(current: Current, tokens: &'a [&'a str], i: usize, args: &mut Args<'a>) {
    if let Current::Taking { idx, start } = current {
        args.slots[idx].values = StrList::Slice(&tokens[start..i]);
    }
}

/// A flag token met at `tokens[i]`, named `name` (with `=value` `inline`):
/// what the values after it belong to. (Inlined on hosts; on bare metal
/// its two copies would cost flash.)
#[cfg_attr(not(target_os = "none"), inline(always))]
fn meet_flag<'a>(
    specs: &[FlagSpec<'a>],
    tokens: &'a [&'a str],
    i: usize,
    (name, inline, found): (&'a str, Option<&'a str>, Option<usize>),
    args: &mut Args<'a>,
    errors: &mut Errors<'a>,
) -> Current {
    match found {
        None => {
            errors.push(unknown_flag(tokens[i], name, specs));
            Current::Skipping
        }
        Some(idx) if args.slots[idx].source != Source::Absent => {
            errors.push(repeated(&specs[idx], args.slots[idx].values, tokens, i, inline));
            Current::Skipping
        }
        Some(idx) => match inline {
            Some(v) => {
                args.slots[idx] = Slot { values: StrList::One(v), source: Source::Given };
                Current::Inline { idx }
            }
            None => {
                args.slots[idx].source = Source::Given;
                Current::Taking { idx, start: i + 1 }
            }
        },
    }
}

/// The error for flag `spec` met again at `tokens[i]`, with the values it
/// had and the ones it is given again (its `=value`, or the tokens up to
/// the next flag), so that the hint can show them after one flag.
#[cold]
fn repeated<'a>(
    spec: &FlagSpec<'a>,
    first: StrList<'a>,
    tokens: &'a [&'a str],
    i: usize,
    inline: Option<&'a str>,
) -> ArgErrorKind<'a> {
    let again = match inline {
        Some(v) => StrList::One(v),
        None => {
            let rest = tokens.get(i + 1..).unwrap_or(&[]);
            StrList::Slice(&rest[..rest.iter().position(|t| looks_like_flag(t)).unwrap_or(rest.len())])
        }
    };
    ArgErrorKind::Repeated { flag: spec.name, list: spec.list, first, again }
}

/// The error for `tok`, a flag named `name` that no spec has. Out of
/// line: inlined into the argument loop, it cost the usual command 33
/// instructions (callgrind).
#[cold]
#[inline(never)]
fn unknown_flag<'a>(tok: &'a str, name: &'a str, specs: &[FlagSpec<'a>]) -> ArgErrorKind<'a> {
    let short = tok.as_bytes().get(1) != Some(&b'-');
    // `---x` is given as written: the dashes past two are kept.
    let lead = tok.bytes().take_while(|&c| c == b'-').count();
    let given = match tok.get(2..lead + name.len()) {
        Some(g) if lead > 2 && tok[lead..].starts_with(name) => g,
        _ => name,
    };
    ArgErrorKind::UnknownFlag { given, suggestion: suggest_flag(name, short, specs), short }
}

/// `tokens[i]` written with typographic dashes before a flag's name (see
/// [`dash_lookalike`]): reported, then met as that flag. `None` when it
/// names no flag (it is a value).
#[cold]
fn dash_flag<'a>(
    specs: &[FlagSpec<'a>],
    tokens: &'a [&'a str],
    i: usize,
    current: Current,
    args: &mut Args<'a>,
    errors: &mut Errors<'a>,
) -> Option<Current> {
    let tok = tokens[i];
    let (body, flag) = dash_lookalike(tok, specs)?;
    close(current, tokens, i, args);
    errors.push(ArgErrorKind::DashLookalike { written: tok, flag: specs[flag].name });
    Some(meet_flag(specs, tokens, i, flag_parts_slowly(body, specs), args, errors))
}

/// What the values being read belong to (see [`parse_into`]).
#[derive(Clone, Copy)]
enum Current {
    /// No flag yet: a value is stray.
    None,
    /// Flag `idx`, whose values start at token `start`.
    Taking { idx: usize, start: usize },
    /// Flag `idx` given as `--flag=value`: a further value is stray.
    Inline { idx: usize },
    /// After an unknown, repeated or `--` token: its values are not
    /// reported again.
    Skipping,
}

/// The error for values from token `i` on, after `--flag=value` (whose
/// value `given` holds): every value up to the next flag, or a typographic
/// dash that may start one, so that the fix writes them all. Out of line:
/// rare, and the parse loop is copied where it is inlined.
#[cold]
#[inline(never)]
fn after_inline<'a>(spec: &FlagSpec<'a>, given: StrList<'a>, tokens: &'a [&'a str], i: usize) -> ArgErrorKind<'a> {
    let end = tokens[i..]
        .iter()
        .position(|t| looks_like_flag(t) || dash_lookalike_len(t.as_bytes()).is_some())
        .map_or(tokens.len(), |k| i + k);
    ArgErrorKind::AfterInlineValue {
        flag: spec.name,
        inline: given.first().unwrap_or(""),
        strays: StrList::Slice(&tokens[i..end]),
    }
}

/// A flag token's name (without dashes), its `=value` if any, and the
/// flag it names.
#[inline(always)]
fn flag_parts<'a>(tok: &'a str, specs: &[FlagSpec<'_>]) -> (&'a str, Option<&'a str>, Option<usize>) {
    // The leading dashes, bytewise (a `char` pattern decodes UTF-8); `--`
    // and a name (the usual case) without a loop.
    let b = tok.as_bytes();
    let dashes =
        if b.len() > 2 && b[1] == b'-' && b[2] != b'-' { 2 } else { b.iter().take_while(|&&c| c == b'-').count() };
    let body = &tok[dashes..];
    // A flag name has no `=`: a body that is a flag's name exactly (what
    // models write) needs no search for one.
    if let Some(i) = find_flag_exactly(specs, body) {
        return (body, None, Some(i));
    }
    flag_parts_slowly(body, specs)
}

/// The length of the dash lookalike `b` starts with. Bytewise, as
/// everything on the dispatch path: the hyphens, dashes and bar U+2010 to
/// U+2015 (autocorrect's `–` and `—` among them: E2 80 90 to E2 80 95), the
/// minus sign U+2212 (E2 88 92), and the full-width and small hyphen-minus
/// of East Asian input (U+FF0D, EF BC 8D; U+FE63, EF B9 A3).
#[inline]
fn dash_lookalike_len(b: &[u8]) -> Option<usize> {
    matches!(
        b,
        [0xE2, 0x80, 0x90..=0x95, ..] | [0xE2, 0x88, 0x92, ..] | [0xEF, 0xBC, 0x8D, ..] | [0xEF, 0xB9, 0xA3, ..]
    )
    .then_some(3)
}

/// A token written with typographic dashes (em dash, en dash, minus sign,
/// possibly mixed with hyphens) before a flag's name: the token without
/// them and the flag's index.
#[cold]
fn dash_lookalike<'a>(tok: &'a str, specs: &[FlagSpec<'_>]) -> Option<(&'a str, usize)> {
    let mut b = tok.as_bytes();
    loop {
        b = match b {
            [b'-', rest @ ..] => rest,
            _ => match dash_lookalike_len(b) {
                Some(n) => &b[n..],
                None => break,
            },
        };
    }
    let body = &tok[tok.len() - b.len()..];
    if body.len() == tok.len() || !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let (_, _, found) = flag_parts_slowly(body, specs);
    Some((body, found?))
}

/// Whether list values were written with commas or brackets: a value
/// before the last that ends with a comma (`a, b`), or a first value that
/// opens a bracket the last one closes (`[a b]`). Returns that value.
#[inline]
fn punctuated(values: StrList<'_>) -> Option<&str> {
    // Given values are a slice of the command's tokens (or of a JSON
    // array's values), or one `=value`.
    let StrList::Slice(v) = values else { return None };
    let (last, init) = v.split_last()?;
    let first = *v.first()?;
    if first.starts_with('[') && last.ends_with(']') {
        return Some(first);
    }
    init.iter().copied().find(|x| x.ends_with(','))
}

/// For a list of text or dates given one value, whether that value joins
/// several with commas (`--tags urgent,q1`, `--to=a@b.co,c@d.co`, or a
/// JSON string `"a@b.co, c@d.co"` where an array belongs). A command's
/// token with a comma and a space (`--names "Smith, John"`) and a JSON
/// array's item are one value as written: quoted or sent as an item, they
/// were meant whole. Several values (`--to a@b.co c@d.co`) show that the
/// list was written with spaces; only commas at their ends are looked at
/// ([`punctuated`]). Inlined off bare metal (out of line, the hot path's
/// `email.send` took 2,342 instructions against 2,278); on bare metal one
/// copy saves flash.
#[cfg_attr(not(target_os = "none"), inline(always))]
#[cfg_attr(target_os = "none", inline(never))]
fn joined<'v>(spec: &FlagSpec<'_>, values: StrList<'v>, style: Style) -> Option<&'v str> {
    if !spec.list || !matches!(spec.value_type, ValueType::String | ValueType::Date) {
        return None;
    }
    let (v, whole) = match values {
        // One `=value`, or a JSON string.
        StrList::One(v) => (v, true),
        // The command's one token (a JSON array's item is one as sent).
        StrList::Slice([v]) if style == Style::Command => (*v, false),
        _ => return None,
    };
    (has_comma(v.as_bytes()) && (whole || !v.as_bytes().contains(&b' '))).then_some(v)
}

/// Whether `x` holds a comma. Values are short: a word of eight bytes per
/// step, the last one overlapping the one before, and two overlapping
/// halves for four to seven bytes (a loop over the bytes cost about seven
/// instructions per byte, a `memchr` call more than that on such values).
#[inline(always)]
fn has_comma(x: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // A zero byte in `w ^ commas` is a comma; the test has false flags only
    // above a true one, so any flag means a comma.
    let found = |w: u64| {
        let v = w ^ (LO * u64::from(b','));
        v.wrapping_sub(LO) & !v & HI != 0
    };
    let n = x.len();
    if let (Some(first), Some(last)) = (x.first_chunk::<4>(), x.last_chunk::<4>())
        && n < 8
    {
        return found(u64::from(u32::from_le_bytes(*first)) | u64::from(u32::from_le_bytes(*last)) << 32);
    }
    let Some(last) = x.last_chunk::<8>() else { return x.contains(&b',') };
    x.as_chunks::<8>().0.iter().any(|w| found(u64::from_le_bytes(*w))) || found(u64::from_le_bytes(*last))
}

/// The flag to suggest for an unknown one: for a one-letter short flag
/// (`-p`), the only flag that starts with that letter; otherwise the closest.
#[cold]
fn suggest_flag<'s>(given: &str, short: bool, specs: &[FlagSpec<'s>]) -> Option<&'s str> {
    if short && given.len() == 1 {
        let letter = given.as_bytes()[0].to_ascii_lowercase();
        let mut starting =
            specs.iter().filter(|s| s.name.as_bytes().first().map(u8::to_ascii_lowercase) == Some(letter));
        return match (starting.next(), starting.next()) {
            (Some(only), None) => Some(only.name),
            _ => None,
        };
    }
    // `--limit:5`: a value after a colon, as some option syntaxes write it.
    if let Some(colon) = given.bytes().position(|b| b == b':')
        && let Some(i) = find_flag(specs, &given[..colon])
    {
        return Some(specs[i].name);
    }
    // `--no-overdue`: the negated form of an optional flag, which is off or
    // absent when left out.
    if let Some(flag) = negated(given)
        && let Some(i) = find_flag(specs, flag)
        && !specs[i].required
    {
        return Some(specs[i].name);
    }
    suggest::closest(given, specs.iter().map(|s| s.name))
}

/// The flag `--no-name` (or `--no_name`) negates: `name`.
fn negated(given: &str) -> Option<&str> {
    match given.as_bytes() {
        [n, o, b'-' | b'_', _, ..] if n.eq_ignore_ascii_case(&b'n') && o.eq_ignore_ascii_case(&b'o') => given.get(3..),
        _ => None,
    }
}

#[cold]
fn flag_parts_slowly<'a>(body: &'a str, specs: &[FlagSpec<'_>]) -> (&'a str, Option<&'a str>, Option<usize>) {
    let (name, inline) = match body.bytes().position(|c| c == b'=') {
        Some(eq) => (&body[..eq], Some(&body[eq + 1..])),
        None => (body, None),
    };
    let found = find_flag(specs, name).or_else(|| {
        // A one-letter spelling a flag declares (`-n` for `--name`).
        let mut letters = name.chars();
        match (letters.next(), letters.next()) {
            (Some(c), None) => specs.iter().position(|s| s.short == Some(c)),
            _ => None,
        }
    });
    (name, inline, found)
}

/// Problems found so far; the list (several hundred bytes) is only built
/// when there is a first problem, so a valid command never touches it.
struct Errors<'a> {
    style: Style,
    list: Option<ArgErrors<'a>>,
}

impl<'a> Errors<'a> {
    const fn new(style: Style) -> Self {
        Errors { style, list: None }
    }

    #[cold]
    fn first(e: ArgErrorKind<'a>, style: Style) -> ArgErrors<'a> {
        let mut list = ArgErrors::new();
        list.style = style;
        list.push(e);
        list
    }

    fn push(&mut self, e: ArgErrorKind<'a>) {
        match &mut self.list {
            None => self.list = Some(Errors::first(e, self.style)),
            Some(list) => list.push(e),
        }
    }

    #[allow(clippy::result_large_err)]
    fn into_result(self) -> Result<(), ArgErrors<'a>> {
        match self.list {
            None => Ok(()),
            Some(list) => Err(list),
        }
    }
}

/// Builds [`Args`] from values assigned by name (the JSON tool-call path):
/// `assigned[i]` holds flag `i`'s values, `None` when it was not given.
/// Validation is the same as for a command line.
#[allow(clippy::result_large_err)]
pub fn from_assigned<'a>(specs: &[FlagSpec<'a>], assigned: &[Option<StrList<'a>>]) -> Result<Args<'a>, ArgErrors<'a>> {
    let mut errors = Errors::new(Style::Command);
    if specs.len() > MAX_FLAGS {
        errors.push(ArgErrorKind::TooManyFlags);
        return errors.into_result().map(|()| Args::new());
    }
    let mut args = Args::new();
    for (idx, spec) in specs.iter().enumerate() {
        let values = assigned.get(idx).copied().flatten();
        // Cannot overflow: at most `MAX_FLAGS` specs, checked above.
        let _ = args.slots.try_push(settle(spec, values, &mut errors));
    }
    errors.into_result().map(|()| args)
}

/// One argument of a JSON tool call, after its JSON value was read.
#[derive(Clone, Copy, Debug)]
pub enum Given<'a> {
    /// Its values (a string, a number or a boolean as text; an array).
    Values(StrList<'a>),
    /// `null`: the argument is absent (strict tool schemas send `null` for
    /// optional arguments left out).
    Null,
    /// A JSON value no flag can take (an object, a nested array).
    Unsupported {
        /// What was given, in words (`an object`).
        got: &'static str,
    },
}

/// Builds [`Args`] from arguments given by name (the JSON tool-call path).
///
/// Names match as on the command line (ASCII case ignored, `-` and `_`
/// alike, and a key may keep the command line's `--`: `--limit`), and a
/// camelCase key (`dueBefore`) names the one flag whose words it joins
/// (`due-before`); an unknown name is reported with the
/// closest real one, never dropped; a name given twice is reported. Values
/// are validated exactly as on the command line, so both paths give the
/// same typed values or the same errors; only the wording differs
/// (`` argument `limit` `` instead of `` `--limit` ``).
///
/// ```
/// use skills_core::args::{from_named, Given};
/// use skills_core::spec::{FlagSpec, StrList, ValueType};
/// let specs = [FlagSpec { name: "limit", value_type: ValueType::Integer, list: false, required: false,
///                         values: StrList::EMPTY, default: Some(StrList::Slice(&["20"])), short: None }];
/// let args = from_named(&specs, &[("limit", Given::Values(StrList::One("5")))]).unwrap();
/// assert_eq!(args.slot(0).values.first(), Some("5"));
/// let e = from_named(&specs, &[("limt", Given::Values(StrList::One("5")))]).unwrap_err();
/// assert_eq!(e.to_string(), "unknown argument `limt`; did you mean `limit`?");
/// ```
#[allow(clippy::result_large_err)]
pub fn from_named<'a>(specs: &[FlagSpec<'a>], named: &[(&'a str, Given<'a>)]) -> Result<Args<'a>, ArgErrors<'a>> {
    let mut args = Args::new();
    from_named_into(specs, named, &mut args)?;
    Ok(args)
}

/// [`from_named`] into `args`, which is overwritten.
#[allow(clippy::result_large_err)]
pub fn from_named_into<'a>(
    specs: &[FlagSpec<'a>],
    named: &[(&'a str, Given<'a>)],
    args: &mut Args<'a>,
) -> Result<(), ArgErrors<'a>> {
    let mut errors = Errors::new(Style::Json);
    if specs.len() > MAX_FLAGS {
        errors.push(ArgErrorKind::TooManyFlags);
        return errors.into_result();
    }
    let mut assigned: [Option<StrList<'a>>; MAX_FLAGS] = [None; MAX_FLAGS];
    let mut seen = [false; MAX_FLAGS];
    for &(name, given) in named {
        // `--limit` as a key: the flag written as on the command line.
        let bare = name.strip_prefix("--").unwrap_or(name);
        let Some(idx) = find_flag(specs, bare).or_else(|| find_camel_case(specs, bare)) else {
            errors.push(ArgErrorKind::UnknownFlag {
                given: name,
                suggestion: suggest_flag(name, false, specs),
                short: false,
            });
            continue;
        };
        if seen[idx] {
            errors.push(ArgErrorKind::Repeated {
                flag: specs[idx].name,
                list: specs[idx].list,
                first: StrList::EMPTY,
                again: StrList::EMPTY,
            });
            continue;
        }
        seen[idx] = true;
        match given {
            Given::Values(v) => assigned[idx] = Some(v),
            Given::Null => {}
            Given::Unsupported { got } => {
                let spec = &specs[idx];
                errors.push(ArgErrorKind::WrongType {
                    flag: spec.name,
                    value_type: spec.value_type,
                    list: spec.list,
                    got,
                });
            }
        }
    }
    args.slots.clear();
    for (idx, spec) in specs.iter().enumerate() {
        // Cannot overflow: at most `MAX_FLAGS` specs, checked above.
        let _ = args.slots.try_push(settle(spec, assigned[idx], &mut errors));
    }
    errors.into_result()
}

/// Checks one flag's values against its spec and applies its default.
#[inline(always)]
fn settle<'a>(spec: &FlagSpec<'a>, values: Option<StrList<'a>>, errors: &mut Errors<'a>) -> Slot<'a> {
    match values {
        Some(values) => {
            check_given(spec, values, errors);
            Slot { values, source: Source::Given }
        }
        None => absent(spec, errors),
    }
}

/// The slot of a flag not given: its default, or absent (an error if the
/// flag is required).
#[inline(always)]
fn absent<'a>(spec: &FlagSpec<'a>, errors: &mut Errors<'a>) -> Slot<'a> {
    match spec.default {
        Some(d) => Slot { values: d, source: Source::Default },
        None => {
            if spec.required {
                errors.push(ArgErrorKind::MissingRequired { flag: spec.name });
            }
            Slot::ABSENT
        }
    }
}

/// Checks the values given for a flag against its spec.
#[inline(always)]
fn check_given<'a>(spec: &FlagSpec<'a>, values: StrList<'a>, errors: &mut Errors<'a>) {
    let n = values.len();
    if spec.value_type == ValueType::Boolean {
        if n > 1 {
            errors.push(ArgErrorKind::TooManyValues { flag: spec.name, count: n, values, value_type: spec.value_type });
        } else if let Some(v) = values.first()
            && !(v.eq_ignore_ascii_case("true") || v.eq_ignore_ascii_case("false"))
        {
            errors.push(ArgErrorKind::BadBoolean { flag: spec.name, value: v });
        }
        return;
    }
    if n == 0 {
        errors.push(ArgErrorKind::MissingValue { flag: spec.name });
        return;
    }
    if !spec.list && n > 1 {
        // One problem, not one per value: the extra values were never meant
        // as values of their own (an unquoted phrase, a trailing comment).
        errors.push(ArgErrorKind::TooManyValues { flag: spec.name, count: n, values, value_type: spec.value_type });
    } else if let Some(value) = if n > 1 { punctuated(values) } else { joined(spec, values, errors.style) } {
        // One problem for the list, not one per value it spoils.
        errors.push(ArgErrorKind::ListPunctuation { flag: spec.name, value, values });
    } else if spec.value_type != ValueType::String {
        // (Any text is a string: nothing to check per value.)
        match values {
            StrList::Slice(values) => {
                for v in values {
                    check_value(spec, v, errors);
                }
            }
            values => {
                for v in values.iter() {
                    check_value(spec, v, errors);
                }
            }
        }
    }
}

// Inlined on hosts (a call per value otherwise); on bare metal, where it
// would be copied into both loops of `check_given`, flash wins.
#[cfg_attr(not(target_os = "none"), inline(always))]
fn check_value<'a>(spec: &FlagSpec<'a>, v: &'a str, errors: &mut Errors<'a>) {
    match spec.value_type {
        ValueType::String | ValueType::Boolean => {}
        ValueType::Integer => {
            if parse_integer(v).is_none() {
                errors.push(ArgErrorKind::BadInteger { flag: spec.name, value: v });
            }
        }
        ValueType::Number => {
            if !is_number(v) {
                errors.push(ArgErrorKind::BadNumber { flag: spec.name, value: v });
            }
        }
        ValueType::Date => {
            if let Err(reason) = Date::parse(v) {
                errors.push(ArgErrorKind::BadDate { flag: spec.name, value: v, reason });
            }
        }
        ValueType::Enum => {
            if spec.values.find(v).is_none() {
                errors.push(ArgErrorKind::NotInEnum {
                    flag: spec.name,
                    value: v,
                    allowed: spec.values,
                    // A number is no misspelling of another (`4` for `1`).
                    suggestion: if is_number(v) { None } else { suggest::closest(v, spec.values.iter()) },
                });
            }
        }
    }
}

/// Parses an integer value: optional sign, decimal digits, 64-bit range.
pub fn parse_integer(v: &str) -> Option<i64> {
    let b = v.as_bytes();
    let (negative, digits) = match b.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, b),
    };
    if digits.is_empty() {
        return None;
    }
    // Accumulated negated, so that `i64::MIN` fits.
    let mut n: i64 = 0;
    for &c in digits {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n = n.checked_mul(10)?.checked_sub(i64::from(d))?;
    }
    if negative { Some(n) } else { n.checked_neg() }
}

/// Whether `v` is a value of a `number` flag: an optional sign, decimal
/// digits with at most one decimal point (`2`, `0.5`, `.5`, `5.`) and an
/// optional exponent (`1.5e3`, `2E-4`), below 1e308 in magnitude, so that it
/// reads as a finite `f64` (`str::parse::<f64>` then gives its value). Not
/// numbers here: `inf`, `NaN`, hexadecimal, digit separators (`1,000`,
/// `1_000`), units (`5ms`, `50%`).
///
/// The check reads the characters only (no floating-point parsing, which
/// would cost a firmware build several kilobytes of flash).
///
/// ```
/// use skills_core::args::is_number;
/// for ok in ["2", "-0.5", ".5", "5.", "+1.5e3", "2E-4", "1e307", "0.000"] {
///     assert!(is_number(ok), "{ok}");
/// }
/// for bad in ["", ".", "-", "1e", "e5", "1.2.3", "1,5", "1_000", "inf", "NaN", "0x10", "5ms", "1e308", " 1"] {
///     assert!(!is_number(bad), "{bad}");
/// }
/// ```
pub fn is_number(v: &str) -> bool {
    fn digits(b: &[u8]) -> (&[u8], &[u8]) {
        b.split_at(b.iter().take_while(|c| c.is_ascii_digit()).count())
    }
    let b = v.as_bytes();
    let b = match b.split_first() {
        Some((b'+' | b'-', rest)) => rest,
        _ => b,
    };
    let (int, rest) = digits(b);
    let (frac, rest) = match rest.split_first() {
        Some((b'.', after)) => digits(after),
        _ => (&[][..], rest),
    };
    if int.is_empty() && frac.is_empty() {
        return false;
    }
    let exp: i64 = match rest.split_first() {
        None => 0,
        Some((b'e' | b'E', after)) => {
            let (negative, after) = match after.split_first() {
                Some((b'-', d)) => (true, d),
                Some((b'+', d)) => (false, d),
                _ => (false, after),
            };
            let (e, tail) = digits(after);
            if e.is_empty() || !tail.is_empty() {
                return false;
            }
            let e = e.iter().fold(0i64, |n, &d| n.saturating_mul(10).saturating_add(i64::from(d - b'0')));
            if negative { -e } else { e }
        }
        Some(_) => return false,
    };
    // The power of ten of the first significant digit: below 308, the value
    // is below 1e308 (and zero is zero however it is written).
    let lead = match int.iter().position(|&c| c != b'0') {
        Some(i) => (int.len() - 1 - i) as i64,
        None => match frac.iter().position(|&c| c != b'0') {
            Some(j) => -(j as i64) - 1,
            None => return true,
        },
    };
    lead.saturating_add(exp) < 308
}

/// The quote a value needs in a message's example command (`"` around one
/// with a blank or an apostrophe), as the runtime's hints quote it.
fn quote_for(value: &str) -> &'static str {
    if value.bytes().any(|b| matches!(b, b' ' | b'\t' | b'\'')) { "\"" } else { "" }
}

impl fmt::Display for ArgErrorKind<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_styled(f, Style::Command)
    }
}

/// Writes a flag as the caller wrote it: `` `--limit` `` or `` argument `limit` ``.
struct Named<'n>(&'n str, Style);

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
struct Quoted<'v>(&'v str);

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
fn json_expected(f: &mut dyn fmt::Write, value_type: ValueType, list: bool) -> fmt::Result {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::v1::*;

    const fn flag(name: &'static str, t: ValueType, list: bool, required: bool) -> FlagSpec<'static> {
        FlagSpec { name, value_type: t, list, required, values: StrList::EMPTY, default: None, short: None }
    }

    #[test]
    fn json_keys_written_as_command_line_flags_name_the_flag() {
        let specs = [flag("due-before", ValueType::Date, false, false)];
        for key in ["--due-before", "--due_before", "--dueBefore"] {
            let args = from_named(&specs, &[(key, Given::Values(StrList::One("2026-03-01")))]).unwrap();
            assert_eq!(args.slot(0).values.first(), Some("2026-03-01"), "{key}");
        }
        let e = from_named(&specs, &[("---due-before", Given::Values(StrList::One("x")))]).unwrap_err();
        assert!(e.to_string().starts_with("unknown argument `---due-before`"), "{e}");
    }

    #[test]
    fn camel_case_json_keys_name_the_one_flag_whose_words_they_join() {
        let specs = [
            flag("due-before", ValueType::Date, false, false),
            flag("re-set", ValueType::Boolean, false, false),
            flag("reset", ValueType::Boolean, false, false),
        ];
        assert_eq!(find_camel_case(&specs, "dueBefore"), Some(0));
        assert_eq!(find_camel_case(&specs, "DueBefore"), Some(0));
        // Two flags join to the same letters: neither.
        assert_eq!(find_camel_case(&specs, "reSet"), None);
        // Not camelCase: no capital, or separators of its own.
        assert_eq!(find_camel_case(&specs, "duebefore"), None);
        assert_eq!(find_camel_case(&specs, "due_Before"), None);
        assert_eq!(find_camel_case(&specs, "dueBeforeX"), None);
    }

    fn search_specs() -> [FlagSpec<'static>; 6] {
        [
            flag("query", ValueType::String, false, false),
            FlagSpec {
                values: StrList::Slice(&["todo", "in_progress", "blocked", "done", "cancelled"]),
                default: Some(StrList::Slice(&["todo", "in_progress", "blocked"])),
                ..flag("status", ValueType::Enum, true, false)
            },
            flag("due-before", ValueType::Date, false, false),
            flag("overdue", ValueType::Boolean, false, false),
            FlagSpec { default: Some(StrList::Slice(&["20"])), ..flag("limit", ValueType::Integer, false, false) },
            flag("tags", ValueType::String, false, false),
        ]
    }

    fn kinds<'a>(e: &ArgErrors<'a>) -> Vec<&'static str> {
        e.iter().map(|k| k.code()).collect()
    }

    #[test]
    fn defaults_and_values() {
        let specs = search_specs();
        let toks = ["--query", "marketing report", "--due-before", "2026-03-01", "--overdue", "--limit", "-5"];
        let a = parse(&specs, &toks).unwrap();
        assert_eq!(a.slot(0).values.first(), Some("marketing report"));
        assert_eq!(a.slot(1).source, Source::Default);
        assert_eq!(a.slot(1).values.len(), 3);
        assert_eq!(a.slot(3).source, Source::Given);
        assert_eq!(a.slot(4).values.first(), Some("-5"));
        assert!(!a.slot(5).is_present());
    }

    #[test]
    fn seed_examples_fail_as_the_issue_says() {
        let specs = search_specs();
        let e = parse(&specs, &["--status", "overdue", "--assignee", "me"]).unwrap_err();
        assert_eq!(kinds(&e), ["unknown_flag", "invalid_enum"]);
        let e = parse(&specs, &["--tags", "Q1", "backend"]).unwrap_err();
        assert_eq!(kinds(&e), ["too_many_values"]);
    }

    #[test]
    fn integers_parse_as_i64_from_str_does() {
        let cases = [
            "0",
            "7",
            "-7",
            "+7",
            "-0",
            "007",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "",
            "-",
            "+",
            "--5",
            "+-5",
            "5-",
            "1_000",
            " 5",
            "5 ",
            "1e3",
            "0x10",
            "١",
            "99999999999999999999",
        ];
        for v in cases {
            // The former definition: a sign, digits, then `str::parse`.
            let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
            let plain = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            let want = if plain { v.parse::<i64>().ok() } else { None };
            assert_eq!(parse_integer(v), want, "{v:?}");
        }
    }

    #[test]
    fn every_error_kind() {
        let specs = search_specs();
        let e =
            parse(&specs, &["stray", "--overdue", "yes", "--limit", "x", "--due-before", "2026-02-30"]).unwrap_err();
        assert_eq!(kinds(&e), ["unexpected_value", "invalid_date", "invalid_boolean", "invalid_integer"]);
        let e = parse(&specs, &["--limit"]).unwrap_err();
        assert_eq!(kinds(&e), ["missing_value"]);
        let e = parse(&specs, &["--limit", "1", "--limit", "2"]).unwrap_err();
        assert_eq!(kinds(&e), ["repeated_flag"]);
        let e = parse(&specs, &["--", "x"]).unwrap_err();
        assert_eq!(kinds(&e), ["unexpected_value"]);
        let e = parse(&specs, &["--limit=5", "6"]).unwrap_err();
        assert_eq!(kinds(&e), ["unexpected_value"]);
        // A list written with commas: one problem, not one per value.
        let e = parse(&specs, &["--status", "todo,", "done"]).unwrap_err();
        assert_eq!(kinds(&e), ["list_punctuation"]);
        // `—limit` is read as `--limit` (its value is checked) and reported.
        let e = parse(&specs, &["—limit", "x"]).unwrap_err();
        assert_eq!(kinds(&e), ["unknown_flag", "invalid_integer"]);
        assert_eq!(e.first(), Some(&ArgErrorKind::DashLookalike { written: "—limit", flag: "limit" }));
        // A value that only starts with a dash character stays a value.
        assert!(parse(&specs, &["--query", "—", "--limit", "5"]).is_ok());
        // Every lookalike: hyphens U+2010 and U+2011, figure dash, en and em
        // dashes, the bar, the minus sign, full-width and small hyphen-minus;
        // alone, doubled or mixed with a hyphen.
        for written in [
            "\u{2010}\u{2010}limit",
            "\u{2011}\u{2011}limit",
            "\u{2012}limit",
            "\u{2013}limit",
            "\u{2014}-limit",
            "\u{2015}limit",
            "\u{2212}\u{2212}limit",
            "\u{FF0D}\u{FF0D}limit",
            "\u{FE63}limit",
        ] {
            let tokens = [written, "5"];
            let e = parse(&specs, &tokens).unwrap_err();
            assert_eq!(e.first(), Some(&ArgErrorKind::DashLookalike { written, flag: "limit" }), "{written}");
            assert_eq!(kinds(&e), ["unknown_flag"], "{written}");
        }
        // Values in other scripts, which take the same out-of-line test.
        assert!(parse(&specs, &["--query", "東京", "--limit", "5"]).is_ok());
        assert!(parse(&specs, &["--query", "\u{FF0D}", "--limit", "5"]).is_ok());
    }

    #[test]
    fn missing_required_all_at_once() {
        let specs = [flag("to", ValueType::String, true, true), flag("subject", ValueType::String, false, true)];
        let e = parse(&specs, &[]).unwrap_err();
        assert_eq!(e.missing_required().collect::<Vec<_>>(), ["to", "subject"]);
        assert_eq!(e.to_string(), "missing required flags: `--to`, `--subject`");
    }

    #[test]
    fn lenient_names_and_inline_values() {
        let specs = search_specs();
        let a = parse(&specs, &["--Due_Before=2026-01-31", "--STATUS", "DONE"]).unwrap();
        assert_eq!(a.slot(2).values.first(), Some("2026-01-31"));
        assert_eq!(a.slot(1).values.first(), Some("DONE"));
        // Enum values as flag names: case ignored, `-` and `_` alike.
        let a = parse(&specs, &["--status", "In-Progress", "done"]).unwrap();
        assert_eq!(
            a.slot(1).values.iter().filter_map(|v| specs[1].values.find(v)).collect::<Vec<_>>(),
            ["in_progress", "done"]
        );
        assert_eq!(kinds(&parse(&specs, &["--status", "in progress"]).unwrap_err()), ["invalid_enum"]);
        let e = parse(&specs, &["--stauts", "done"]).unwrap_err();
        assert_eq!(e.to_string(), "unknown flag `--stauts`; did you mean `--status`?");
        // No short flags: named as written, with the one flag of that letter.
        let e = parse(&specs, &["-o"]).unwrap_err();
        assert_eq!(e.to_string(), "unknown flag `-o`; did you mean `--overdue`?");
        let e = parse(&specs, &["-L", "5"]).unwrap_err();
        assert_eq!(e.to_string(), "unknown flag `-L`; did you mean `--limit`?");
        // The negated form of an optional flag (`--no-overdue`, as clap and
        // argparse write it) is told that leaving the flag out is the way.
        for given in ["--no-overdue", "--No_Overdue"] {
            let argv = [given];
            let e = parse(&specs, &argv).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("unknown flag `{given}`; there is no negated form: leave `--overdue` out")
            );
        }
        let required = [flag("to", ValueType::String, false, true)];
        assert_eq!(kinds(&parse(&required, &["--no-to"]).unwrap_err()), ["unknown_flag", "missing_required"]);
        assert!(!parse(&required, &["--no-to"]).unwrap_err().to_string().contains("negated"));
        // Two flags start with `t`: no guess; and `--d` is a long spelling.
        let two = [flag("to", ValueType::String, false, false), flag("title", ValueType::String, false, false)];
        assert_eq!(parse(&two, &["-t", "x"]).unwrap_err().to_string(), "unknown flag `-t`");
        assert_eq!(parse(&specs, &["--d"]).unwrap_err().to_string(), "unknown flag `--d`");
        // A value after `--flag=value` says what `=` means.
        assert_eq!(
            parse(&specs, &["--status=todo", "done"]).unwrap_err().to_string(),
            "unexpected value `done` after `--status=todo`: a flag written with `=` takes only the value after it"
        );
        // Every value up to the next flag, in one error.
        let e = parse(&specs, &["--status=todo", "done", "blocked", "--limit", "2"]).unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(
            e.to_string(),
            "unexpected values `done`, `blocked` after `--status=todo`: a flag written with `=` takes only the value after it"
        );
    }

    #[test]
    fn boolean_explicit_values() {
        let specs = search_specs();
        assert!(parse(&specs, &["--overdue", "false"]).is_ok());
        assert!(parse(&specs, &["--overdue=TRUE"]).is_ok());
    }

    /// A flag written as a keyword argument is told how to write it.
    #[test]
    fn keyword_arguments_are_told_the_flag_to_write() {
        let specs = search_specs();
        let e = parse(&specs, &["query=pump", "tags=a b"]).unwrap_err().to_string();
        assert!(e.contains("`query=pump` before any flag; a flag is written with two dashes: `--query pump`"), "{e}");
        assert!(e.contains("`--tags \"a b\"`"), "{e}");
        let e = parse(&specs, &["pump"]).unwrap_err().to_string();
        assert!(e.contains("values follow their flag, as in `--flag pump`"), "{e}");
    }

    /// A declared letter names its flag (`-q x`, `-q=x`, `-o`), case
    /// matters, and the long and short spellings together are a repeat.
    #[test]
    fn short_spellings() {
        let mut specs = search_specs();
        specs[0].short = Some('q');
        specs[3].short = Some('o');
        specs[4].short = Some('l');
        let args = parse(&specs, &["-q", "pump", "-o"]).unwrap();
        assert_eq!(args.slot(0).values.first(), Some("pump"));
        assert_eq!(args.slot(3).source, Source::Given);
        assert_eq!(parse(&specs, &["-q=pump"]).unwrap().slot(0).values.first(), Some("pump"));
        let errs = parse(&specs, &["-Q", "pump"]).unwrap_err();
        assert!(matches!(errs.iter().next(), Some(ArgErrorKind::UnknownFlag { given: "Q", .. })));
        let errs = parse(&specs, &["-q", "a", "--query", "b"]).unwrap_err();
        assert!(matches!(errs.iter().next(), Some(ArgErrorKind::Repeated { flag: "query", list: false, .. })));
        // A switch given twice is not told about values.
        let e = parse(&search_specs(), &["--overdue", "--overdue"]).unwrap_err();
        assert_eq!(e.to_string(), "`--overdue` is given more than once; give it once");
        let e = parse(&search_specs(), &["--limit", "5", "--limit", "6"]).unwrap_err();
        assert_eq!(e.to_string(), "`--limit` is given more than once; give it once, with one value");
        // A negative number is still a value.
        assert_eq!(parse(&specs, &["-l", "-5"]).unwrap().slot(4).values.first(), Some("-5"));
    }
}
