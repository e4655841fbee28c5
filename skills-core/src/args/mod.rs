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
//! - a token starting with `-` and a digit is a value (`--limit -5`), and
//!   so is one starting with `-` that holds a space or a tab before any
//!   `=` and whose first word is no flag (`--body "--- notes ---"`), among
//!   the values of the flag being read;
//! - a flag may be given once.

pub use crate::names::same_flag_name;
use crate::spec::{FlagSpec, MAX_FLAGS, StrList, ValueType};
use crate::suggest;

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

// A command's problems and their messages; values checked against
// their specs, also for arguments given by name.
mod error;
mod validate;

pub mod hint;

use error::*;
pub use error::{ArgErrorKind, ArgErrors, Excerpt, MAX_ERRORS, Style};
use validate::*;
pub use validate::{Given, from_assigned, from_named, from_named_into, is_number, parse_integer};

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

/// `tokens[i]` starts with a dash and names no flag (its name is `name`):
/// one of the values being read when it holds a space (`--body "---
/// notes ---"`, quoted as it must be; no flag name holds a space), else an
/// unknown flag. The flag whose values were being read is the one whose
/// slot `close` has just ended at `i` (found here, on this rare path,
/// rather than carried into it: keeping the loop's state alive across the
/// name lookup slowed every command).
#[cold]
#[inline(never)]
fn not_a_flag<'a>(
    specs: &[FlagSpec<'a>],
    tokens: &'a [&'a str],
    i: usize,
    name: &'a str,
    args: &Args<'a>,
    errors: &mut Errors<'a>,
) -> Current {
    if is_spaced_value(tokens[i], specs) {
        let end = tokens[..i].as_ptr_range().end;
        let taking = args.slots.iter().position(|slot| {
            slot.source == Source::Given
                && matches!(slot.values, StrList::Slice(v) if core::ptr::eq(v.as_ptr_range().end, end))
        });
        if let Some(idx) = taking
            && let StrList::Slice(v) = args.slots[idx].values
        {
            return Current::Taking { idx, start: i - v.len() };
        }
    }
    errors.push(unknown_flag(tokens[i], name, specs));
    Current::Skipping
}

/// Whether `token`, which starts with a dash and names no flag, is a value:
/// it holds a space or a tab before any `=`, which no flag does, and its
/// first word is no flag either (`"--limit 5"`, a flag quoted with its
/// value, stays an error that says so), nor a short flag's letter with a
/// value attached (`-n"two words"`, told to write it apart). Other spaces
/// (U+00A0 between a flag and its value) keep their own error.
#[cold]
fn is_spaced_value(token: &str, specs: &[FlagSpec<'_>]) -> bool {
    let name = token.split('=').next().unwrap_or(token);
    let Some(first) = name.split([' ', '\t']).next().filter(|first| first.len() < name.len()) else {
        return false;
    };
    if let [b'-', letter, ..] = *first.as_bytes()
        && letter != b'-'
        && specs.iter().any(|s| s.short == Some(char::from(letter)))
    {
        return false;
    }
    !looks_like_flag(first) || flag_parts(first, specs).2.is_none()
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
            // 0xE2 or 0xEF in UTF-8, and a test for the two costs every
            // command more); the rest is out of line.
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
        None => not_a_flag(specs, tokens, i, name, args, errors),
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
/// line: inlined into the argument loop, it slowed every command.
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
/// ([`punctuated`]). Inlined off bare metal, where the call costs more
/// than the copy; on bare metal one copy saves flash.
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
/// halves for four to seven bytes (cheaper on such short values than a
/// loop over the bytes or a `memchr` call).
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

    /// A token that starts with a dash and holds a plain space or tab (a
    /// quoted value) is the value of the flag being read, since no flag
    /// name holds one; a flag quoted with its value, a space of another
    /// kind, or a dash word without a space stay errors.
    #[test]
    fn a_dash_value_with_a_space_is_a_value() {
        let specs = search_specs();
        for value in ["--- draft ---", "-urgent or late", "--x\ty"] {
            let toks = ["--query", value, "--overdue"];
            let a = parse(&specs, &toks).unwrap();
            assert_eq!((a.slot(0).values.first(), a.slot(3).source), (Some(value), Source::Given), "{value}");
        }
        // Among a list's values too.
        let specs_list = [flag("tags", ValueType::String, true, false)];
        let toks = ["--tags", "a", "-- b c", "d"];
        let a = parse(&specs_list, &toks).unwrap();
        assert_eq!(a.slot(0).values.len(), 3);
        // A short flag's letter with its value attached stays an error.
        let short = [FlagSpec { short: Some('n'), ..flag("note", ValueType::String, false, false) }];
        let e = parse(&short, &["--note", "a", "-nb c"]).unwrap_err();
        assert_eq!(kinds(&e), ["unknown_flag"]);
        assert!(parse(&short, &["--note", "-xb c"]).is_ok());
        for toks in [
            &["--query", "x", "--limit 5"][..],
            &["--query", "--limit 5"],
            &["--query", "--limit\u{a0}5"],
            &["--query", "-urgent"],
            &["--query=a", "-- b c"],
            &["-- b c"],
        ] {
            let e = parse(&specs, toks).unwrap_err();
            assert!(!kinds(&e).is_empty(), "{toks:?}");
        }
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
