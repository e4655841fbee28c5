//! Differential test: `args::parse` against a plain reference written from
//! the documented rules (`docs/skill-format.md`, the module docs of
//! `skills_core::args`), on random token sequences.
//!
//! The parser is tuned for speed (values are taken as ranges of the token
//! slice, exact spellings are tried before loose ones, an inline `=` is only
//! searched for when the name is not a flag's exact name); the reference does
//! each step the obvious way. Both must agree on every slot (where its values
//! came from, and what they are) and on every error, in order.
//!
//! `ARGS_REF_CASES` (default 100000) and `ARGS_REF_SEED` override the size
//! and the seed.

use skills_core::args::{self, ArgErrorKind, MAX_ERRORS, Source};
use skills_core::date::Date;
use skills_core::spec::{FlagSpec, StrList, ValueType};
use skills_core::suggest;

mod support;
use support::Rng;

fn spec(
    name: &'static str,
    value_type: ValueType,
    list: bool,
    required: bool,
    values: StrList<'static>,
    default: Option<StrList<'static>>,
) -> FlagSpec<'static> {
    FlagSpec { name, value_type, list, required, values, default, short: None }
}

fn specs() -> Vec<FlagSpec<'static>> {
    use ValueType::*;
    vec![
        spec("to", String, true, true, StrList::EMPTY, None),
        spec("subject", String, false, false, StrList::EMPTY, None),
        spec("limit", Integer, false, false, StrList::EMPTY, Some(StrList::Slice(&["20"]))),
        spec("due-before", Date, false, false, StrList::EMPTY, None),
        spec("due_after", Date, true, false, StrList::EMPTY, None),
        spec("overdue", Boolean, false, false, StrList::EMPTY, None),
        spec("status", Enum, true, false, StrList::Slice(&["todo", "in_progress", "done"]), Some(StrList::One("todo"))),
        spec("sort", Enum, false, true, StrList::Lines("due_date\npriority"), None),
        spec("ids", Integer, true, false, StrList::EMPTY, None),
        spec("a", String, false, false, StrList::EMPTY, None),
        spec("ratio", Number, true, false, StrList::EMPTY, None),
    ]
}

/// The specs and ten more flags: more than the parser's one-copy set-up
/// of absent slots covers (16).
fn many_specs() -> Vec<FlagSpec<'static>> {
    const EXTRA: [&str; 10] = ["e0", "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9"];
    let mut all = specs();
    all.extend(EXTRA.iter().map(|&n| spec(n, ValueType::String, false, false, StrList::EMPTY, None)));
    all
}

// ---- the reference ---------------------------------------------------------

#[derive(Clone, Copy)]
enum Current {
    None,
    Values(usize),
    Inline(usize),
    Skip,
}

fn looks_like_flag(tok: &str) -> bool {
    let b = tok.as_bytes();
    b.len() >= 2 && b[0] == b'-' && !(b[1].is_ascii_digit() || (b[1] == b'.' && b.len() > 2))
}

fn same_name(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.to_ascii_lowercase().replace('_', "-");
    norm(a) == norm(b)
}

type Outcome = (Vec<(Source, Vec<String>)>, Vec<String>, usize);

/// `TooManyValues` for `values` (leaked: the reference keeps its values in
/// vectors, the error borrows them).
fn too_many<'a>(spec: &FlagSpec<'a>, values: &[&'a str]) -> ArgErrorKind<'a> {
    ArgErrorKind::TooManyValues {
        flag: spec.name,
        count: values.len(),
        values: StrList::Slice(Box::leak(values.to_vec().into_boxed_slice())),
        value_type: spec.value_type,
    }
}

/// A number flag's value: what `f64` parses, below 1e308, in digits,
/// signs, a point and an exponent only (no `inf` or `NaN`).
fn number(v: &str) -> bool {
    v.bytes().all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b)) && v.parse::<f64>().is_ok_and(|x| x.abs() < 1e308)
}

fn reference<'a>(specs: &[FlagSpec<'a>], tokens: &'a [&'a str]) -> Outcome {
    let mut errors: Vec<ArgErrorKind<'a>> = Vec::new();
    let mut given: Vec<Option<Vec<&'a str>>> = vec![None; specs.len()];
    // Whether a flag's value was given after `=`.
    let mut inline_given = vec![false; specs.len()];
    let mut current = Current::None;
    for (k, &tok) in tokens.iter().enumerate() {
        // A typographic dash before a flag's name: reported, then the flag.
        let typographic = tok.trim_start_matches(['—', '–', '−', '-']);
        let lookalike = !looks_like_flag(tok)
            && typographic.len() != tok.len()
            && typographic.starts_with(|c: char| c.is_ascii_alphabetic())
            && specs.iter().any(|s| same_name(s.name, typographic.split('=').next().unwrap()));
        if lookalike {
            let flag = specs.iter().find(|s| same_name(s.name, typographic.split('=').next().unwrap())).unwrap();
            errors.push(ArgErrorKind::DashLookalike { written: tok, flag: flag.name });
        }
        if tok == "--" {
            errors.push(ArgErrorKind::DoubleDash);
            current = Current::Skip;
        } else if looks_like_flag(tok) || lookalike {
            let body = if lookalike { typographic } else { tok.trim_start_matches('-') };
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (body, None),
            };
            // A token that holds a plain space or tab before any `=` names
            // no flag; after a flag taking values, unless its first word
            // is a flag, it is one of them.
            let spaced_value = |tok: &str| {
                let name = tok.split('=').next().unwrap();
                let first = name.split([' ', '\t']).next().unwrap();
                let short_letter = first.starts_with('-')
                    && !first.starts_with("--")
                    && specs.iter().any(|s| s.short.is_some() && first[1..].starts_with(s.short.unwrap()));
                first.len() < name.len()
                    && !short_letter
                    && (!looks_like_flag(first)
                        || !specs.iter().any(|s| same_name(s.name, first.trim_start_matches('-'))))
            };
            match specs.iter().position(|s| same_name(s.name, name)) {
                None if !lookalike && matches!(current, Current::Values(_)) && spaced_value(tok) => {
                    if let Current::Values(i) = current {
                        given[i].as_mut().unwrap().push(tok);
                    }
                }
                None => {
                    let short = !tok.starts_with("--");
                    let suggestion = if short && name.len() == 1 {
                        let starting: Vec<_> =
                            specs.iter().filter(|s| s.name[..1].eq_ignore_ascii_case(name)).collect();
                        if starting.len() == 1 { Some(starting[0].name) } else { None }
                    } else {
                        suggest::closest(name, specs.iter().map(|s| s.name))
                    };
                    // `---x`: given with the dashes past two.
                    let lead = tok.len() - tok.trim_start_matches('-').len();
                    let given = if lead > 2 && !lookalike { &tok[2..lead + name.len()] } else { name };
                    errors.push(ArgErrorKind::UnknownFlag { given, suggestion, short });
                    current = Current::Skip;
                }
                Some(i) if given[i].is_some() => {
                    // With the values it had and those given again.
                    let leak = |v: Vec<&'a str>| StrList::Slice(Box::leak(v.into_boxed_slice()));
                    let again: Vec<&'a str> = match inline {
                        Some(v) => vec![v],
                        None => tokens[k + 1..].iter().copied().take_while(|t| !looks_like_flag(t)).collect(),
                    };
                    errors.push(ArgErrorKind::Repeated {
                        flag: specs[i].name,
                        list: specs[i].list,
                        first: leak(given[i].clone().unwrap()),
                        again: leak(again),
                    });
                    current = Current::Skip;
                }
                Some(i) => {
                    given[i] = Some(inline.into_iter().collect());
                    inline_given[i] = inline.is_some();
                    current = if inline.is_some() { Current::Inline(i) } else { Current::Values(i) };
                }
            }
        } else {
            match current {
                Current::Values(i) => given[i].as_mut().unwrap().push(tok),
                Current::Inline(i) => {
                    // Every value up to a flag or a typographic dash.
                    let strays: Vec<&str> = tokens[k..]
                        .iter()
                        .copied()
                        .take_while(|t| !looks_like_flag(t) && !t.starts_with(['—', '–', '−']))
                        .collect();
                    errors.push(ArgErrorKind::AfterInlineValue {
                        flag: specs[i].name,
                        inline: given[i].as_ref().unwrap()[0],
                        strays: StrList::Slice(Box::leak(strays.into_boxed_slice())),
                    });
                    current = Current::Skip;
                }
                Current::Skip => {}
                Current::None => errors.push(ArgErrorKind::UnexpectedValue { value: tok }),
            }
        }
    }
    let mut slots = Vec::new();
    for (k_spec, (spec, given)) in specs.iter().zip(given).enumerate() {
        let Some(values) = given else {
            match spec.default {
                Some(d) => slots.push((Source::Default, d.iter().map(String::from).collect())),
                None => {
                    if spec.required {
                        errors.push(ArgErrorKind::MissingRequired { flag: spec.name });
                    }
                    slots.push((Source::Absent, Vec::new()));
                }
            }
            continue;
        };
        let n = values.len();
        if spec.value_type == ValueType::Boolean {
            if n > 1 {
                errors.push(too_many(spec, &values));
            } else if n == 1 && !["true", "false"].iter().any(|b| values[0].eq_ignore_ascii_case(b)) {
                errors.push(ArgErrorKind::BadBoolean { flag: spec.name, value: values[0] });
            }
        } else if n == 0 {
            errors.push(ArgErrorKind::MissingValue { flag: spec.name });
        } else {
            if !spec.list && n > 1 {
                // One error for the flag, none per value.
                errors.push(too_many(spec, &values));
                slots.push((Source::Given, values.iter().map(|v| v.to_string()).collect()));
                continue;
            }
            // `a, b` or `[a b]`: one error for the list, none per value;
            // for text and dates given one value, also values joined in it:
            // a token with a comma and no space (`a,b`), or an `=value`
            // with a comma.
            let bracketed = n > 1 && values[0].starts_with('[') && values[n - 1].ends_with(']');
            let comma = values[..n - 1].iter().find(|v| v.ends_with(','));
            let joinable = spec.list && matches!(spec.value_type, ValueType::String | ValueType::Date);
            let joined = values
                .iter()
                .find(|v| n == 1 && joinable && v.contains(',') && (inline_given[k_spec] || !v.contains(' ')));
            if let Some(&value) = if bracketed { Some(&values[0]) } else { comma.or(joined) } {
                errors.push(ArgErrorKind::ListPunctuation {
                    flag: spec.name,
                    value,
                    values: StrList::Slice(Box::leak(values.to_vec().into_boxed_slice())),
                });
                slots.push((Source::Given, values.iter().map(|v| v.to_string()).collect()));
                continue;
            }
            for &v in &values {
                match spec.value_type {
                    ValueType::Integer => {
                        // An optional sign and decimal digits, in range.
                        if v.parse::<i64>().is_err() {
                            errors.push(ArgErrorKind::BadInteger { flag: spec.name, value: v });
                        }
                    }
                    ValueType::Number => {
                        if !number(v) {
                            errors.push(ArgErrorKind::BadNumber { flag: spec.name, value: v });
                        }
                    }
                    ValueType::Date => {
                        if let Err(reason) = Date::parse(v) {
                            errors.push(ArgErrorKind::BadDate { flag: spec.name, value: v, reason });
                        }
                    }
                    ValueType::Enum => {
                        // Enum values match as flag names do.
                        if !spec.values.iter().any(|a| same_name(a, v)) {
                            errors.push(ArgErrorKind::NotInEnum {
                                flag: spec.name,
                                value: v,
                                allowed: spec.values,
                                suggestion: if number(v) { None } else { suggest::closest(v, spec.values.iter()) },
                            });
                        }
                    }
                    ValueType::String | ValueType::Boolean => {}
                }
            }
        }
        slots.push((Source::Given, values.iter().map(|v| v.to_string()).collect()));
    }
    if errors.is_empty() {
        return (slots, Vec::new(), 0);
    }
    let dropped = errors.len().saturating_sub(MAX_ERRORS);
    let shown = errors.iter().take(MAX_ERRORS).map(|e| format!("{e:?}")).collect();
    (Vec::new(), shown, dropped)
}

fn ours<'a>(specs: &[FlagSpec<'a>], tokens: &'a [&'a str]) -> Outcome {
    match args::parse(specs, tokens) {
        Ok(a) => {
            let slots = a.slots().iter().map(|s| (s.source, s.values.iter().map(String::from).collect())).collect();
            (slots, Vec::new(), 0)
        }
        Err(e) => (Vec::new(), e.iter().map(|e| format!("{e:?}")).collect(), e.dropped()),
    }
}

// ---- the generator ---------------------------------------------------------

const FLAGS: &[&str] = &[
    "--to",
    "--subject",
    "--limit",
    "--ratio",
    "--ratio=1.5",
    "--due-before",
    "--due_before",
    "--DUE-AFTER",
    "--due-after",
    "--overdue",
    "--status",
    "--sort",
    "--ids",
    "--a",
    "-a",
    "---to",
    "-to",
    "--To",
    "--limt",
    "--colour",
    "--",
    "--=x",
    "--to=",
    "--to=a@b.com",
    "--limit=5",
    "--limit=x=y",
    "--overdue=true",
    "--overdue=maybe",
    "--status=done",
    "--sort=priority",
    "--sort=PRIORITY",
    "--a=b",
    "--e3",
    "--e9=x",
    "--é",
    "—to",
    "–limit=5",
    "—-status",
    "—nope",
    "−x",
    "--- draft ---",
    "-- b c",
    "-urgent or late",
    "--limit 5",
    "--to a@b.com",
    "-x\ty",
    "--no such=x y",
];

const VALUES: &[&str] = &[
    "a@b.com",
    "x",
    "",
    "5",
    "-5",
    "+5",
    "+-5",
    "-",
    "-.5",
    "-.",
    "0.25",
    "5.",
    "1e3",
    "1E-3",
    "-2.5e+2",
    "1e308",
    "9e307",
    "1,5",
    "1.2.3",
    "e5",
    "inf",
    "NaN",
    "0",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "12a",
    "2026-03-01",
    "2026-02-30",
    "2026-13-01",
    "2026-3-1",
    "true",
    "FALSE",
    "yes",
    "todo",
    "Done",
    "in_progress",
    "in-progress",
    "tod",
    "due_date",
    "priority",
    "=",
    "é",
    "a=b",
    "a@b.com,",
    "todo,",
    "5,",
    "[x",
    "x]",
    "[x]",
    ",",
];

#[test]
fn parse_agrees_with_the_reference() {
    let cases: usize = std::env::var("ARGS_REF_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let seed: u64 = std::env::var("ARGS_REF_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5eed_a465);
    let (specs, many) = (specs(), many_specs());
    let mut rng = Rng(seed | 1);
    let mut mismatches = 0;
    for case in 0..cases {
        let len = rng.below(12);
        let tokens: Vec<&str> = (0..len)
            .map(|_| if rng.below(5) < 2 { FLAGS[rng.below(FLAGS.len())] } else { VALUES[rng.below(VALUES.len())] })
            .collect();
        // Some cases against fewer flags, so that `--to` is not always
        // known, and some against more.
        let specs = match case % 7 {
            0 => &specs[..rng.below(specs.len() + 1)],
            1 => &many[..],
            _ => &specs[..],
        };
        let (want, got) = (reference(specs, &tokens), ours(specs, &tokens));
        if want != got {
            mismatches += 1;
            if mismatches <= 5 {
                eprintln!("case {case}: {tokens:?}\n  reference: {want:?}\n  parse:     {got:?}");
            }
        }
    }
    assert_eq!(mismatches, 0, "{mismatches} of {cases} cases differ (seed {seed})");
}
