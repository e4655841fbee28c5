//! Values checked against their flags' specs (types, enums, lists,
//! required flags, defaults), and arguments given by name rather than as
//! a command line (tool calls, JSON).

use super::*;
use crate::date::Date;
use crate::spec::{FlagSpec, MAX_FLAGS, StrList, ValueType};
use crate::suggest;

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
pub(super) fn settle<'a>(spec: &FlagSpec<'a>, values: Option<StrList<'a>>, errors: &mut Errors<'a>) -> Slot<'a> {
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
pub(super) fn absent<'a>(spec: &FlagSpec<'a>, errors: &mut Errors<'a>) -> Slot<'a> {
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
pub(super) fn check_given<'a>(spec: &FlagSpec<'a>, values: StrList<'a>, errors: &mut Errors<'a>) {
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
pub(super) fn check_value<'a>(spec: &FlagSpec<'a>, v: &'a str, errors: &mut Errors<'a>) {
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
                errors.push(not_in_enum(spec, v));
            }
        }
    }
}

/// A value outside an enum, with the closest allowed one. Out of line: the
/// search for a suggestion inlined into the argument loop cost every valid
/// command time.
#[cold]
#[inline(never)]
fn not_in_enum<'a>(spec: &FlagSpec<'a>, v: &'a str) -> ArgErrorKind<'a> {
    ArgErrorKind::NotInEnum {
        flag: spec.name,
        value: v,
        allowed: spec.values,
        // A number is no misspelling of another (`4` for `1`).
        suggestion: if is_number(v) { None } else { suggest::closest(v, spec.values.iter()) },
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
