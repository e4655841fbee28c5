//! Markers and Usage resolved into a [`Flag`], and the checks across
//! a skill's flags.

use super::*;
use crate::diagnostic::{Code, Sink};
use crate::keys;
use crate::usage::UsageFlag;
use crate::words::find_ignore_ascii_case;
use skills_core::Date;
use skills_core::args::parse_integer;
use skills_core::spec::ValueType;

/// Resolves the markers of `raw` (with what Usage says about it) into a flag.
///
/// `bare_is_switch`: other flag lines of the section write a placeholder, so
/// a line without one (`--archived  Include archived ones`) is a switch, as
/// in a man page.
pub(crate) fn resolve(
    raw: &mut RawFlag,
    usage: Option<&UsageFlag>,
    in_usage_section: bool,
    bare_is_switch: bool,
    sink: &mut Sink<'_>,
) -> Option<Flag> {
    let mut m = markers(&raw.description);
    let name = &raw.name;
    let (line, col) = (raw.line, raw.column);
    let mut ok = true;

    if let Some(bad) = &m.bad_type {
        let types = ["string", "integer", "number", "date", "boolean", "enum", "float", "text", "bool", "int"];
        let (base, list) = list_form(bad);
        let hint = match skills_core::suggest::closest(base, types.iter().copied()) {
            Some(t) => format!("did you mean `(type: {t}{})`?", if list { " list" } else { "" }),
            None => "use one of `(type: string)`, `(type: integer)`, `(type: number)`, `(type: date)`, `(type: boolean)`, optionally with `list` (`(type: integer list)`); enums use `One of: a, b`".to_string(),
        };
        sink.push(Code::InvalidType, line, col, format!("`--{name}` has an unknown type `(type: {bad})`"), hint);
        ok = false;
    }
    if let Some(format) = &m.format_type {
        sink.push(
            Code::FormatType,
            line,
            col,
            format!("`--{name}` says `(type: {format})`, a format of text, so it is read as a string"),
            format!("write `(type: string)` and describe the format (`{format}`) in words; a command's value is not checked against it"),
        );
    }
    if m.defaults.len() > 1 {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` has {} `(default: ...)` markers", m.defaults.len()),
            "keep one `(default: ...)`",
        );
        ok = false;
    }
    if m.required && m.optional {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` is marked both `(required)` and `(optional)`"),
            "keep one of them",
        );
        ok = false;
    }

    // Explicit type sources, which must agree.
    let mut declared: Vec<(&str, ValueType)> = Vec::new();
    // `(type: integer)` with `One of: 1, 2, 3`: values of that type, listed;
    // the list makes the enum and the two agree.
    let numbers_listed = match (m.explicit, &m.one_of) {
        (Some((ValueType::Integer, _)), Some((values, _))) => values.iter().all(|v| parse_integer(v).is_some()),
        (Some((ValueType::Number, _)), Some((values, _))) => values.iter().all(|v| skills_core::args::is_number(v)),
        _ => false,
    };
    if let Some((t, _)) = m.explicit.filter(|_| !numbers_listed) {
        declared.push(("(type: ...)", t));
    }
    if m.boolean {
        declared.push(("(boolean flag)", ValueType::Boolean));
    }
    if raw.negated {
        declared.push(("--[no-]", ValueType::Boolean));
        sink.push(
            Code::NegatedForm,
            line,
            col,
            format!("`--[no-]{name}` declares the switch `--{name}`; commands cannot write `--no-{name}`"),
            format!(
                "write `--{name}` (a switch is off when left out), and say in its description what leaving it out means"
            ),
        );
    }
    if m.one_of.is_some() {
        declared.push(("One of:", ValueType::Enum));
    }
    if m.date {
        declared.push(("(YYYY-MM-DD)", ValueType::Date));
    }
    if let Some(&(first_marker, first)) = declared.first()
        && let Some(&(other_marker, _)) = declared.iter().find(|(_, t)| *t != first)
    {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` says both `{first_marker}` and `{other_marker}`"),
            "keep the marker that states the flag's type and remove the other",
        );
        ok = false;
    }

    // Moved out, as the description is below.
    let flag_line_placeholder = raw.placeholder.is_some();
    let placeholder = raw.placeholder.take().or_else(|| usage.and_then(|u| u.placeholder.clone()));
    // A placeholder that names its type, in any case (`<N>`, `<Date>`).
    let placeholder_is =
        |kinds: &[&str]| placeholder.as_deref().is_some_and(|p| kinds.iter().any(|k| p.trim().eq_ignore_ascii_case(k)));
    let default_raw: Option<&str> = m.defaults.first().map(|d| strip_quotes(d));
    // `(default: "")`, a table cell `""`: the empty string, written so.
    let quoted_empty = m.defaults.first().is_some_and(|d| {
        let d = d.trim();
        d.len() >= 2 && strip_quotes(d).is_empty()
    });

    let explicit_type = declared.first().map(|(_, t)| *t);
    let value_type = match explicit_type {
        Some(t) => t,
        None => {
            if placeholder_is(keys::INTEGER_PLACEHOLDERS) {
                ValueType::Integer
            } else if placeholder_is(keys::NUMBER_PLACEHOLDERS) {
                ValueType::Number
            } else if placeholder_is(keys::DATE_PLACEHOLDERS) {
                ValueType::Date
            } else if default_raw.is_some_and(|d| {
                let parts = split_default(d, true);
                !parts.is_empty() && parts.iter().all(|v| parse_integer(v).is_some())
            }) {
                ValueType::Integer
            } else if (usage.is_some_and(|u| u.placeholder.is_none()) || usage.is_none() && bare_is_switch)
                && !flag_line_placeholder
                // `(default: false)` is what an absent switch means anyway.
                && default_raw.is_none_or(|d| d.eq_ignore_ascii_case("false"))
            {
                ValueType::Boolean
            } else {
                ValueType::String
            }
        }
    };

    let multi_enum = m.one_of.as_ref().is_some_and(|(_, multi)| *multi);
    // `<tag>...` in the Flags line or in Usage: several values, unless a
    // marker declares one value, which wins (explicit over inferred).
    let repeated_at =
        if raw.repeated { Some((line, col)) } else { usage.filter(|u| u.repeated).map(|u| (u.line, u.column)) };
    let declared_single = m.explicit.is_some_and(|(_, l)| !l)
        || m.one_of.as_ref().is_some_and(|(_, multi)| !multi) && !m.one_of_open
        || value_type == ValueType::Boolean;
    let list = m.explicit.is_some_and(|(_, l)| l)
        || m.space_separated
        || multi_enum
        || (repeated_at.is_some() && !declared_single);
    if let Some((at_line, at_col)) = repeated_at
        && !list
    {
        let fix = if m.one_of.is_some() {
            "write `One or more of:` to accept several values, or remove the `...`".to_string()
        } else if value_type == ValueType::Boolean {
            "a boolean flag takes no value: remove the placeholder and the `...`".to_string()
        } else {
            format!(
                "write `(type: {} list)` to accept several values (`--{name} a b`), or remove the `...`",
                value_type.name()
            )
        };
        sink.push(
            Code::UsageMismatch,
            at_line,
            at_col,
            format!("`--{name}` is shown with `...` (several values) but its description declares one value"),
            fix,
        );
    }
    if list && value_type == ValueType::Boolean {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` is a boolean flag but also takes several values"),
            "a boolean flag takes no value; remove `space-separated` or the boolean marker",
        );
        ok = false;
    }
    if m.one_of.as_ref().is_some_and(|(_, multi)| !multi) && !m.one_of_open && m.space_separated {
        sink.push(
            Code::ConflictingMarkers,
            line,
            col,
            format!("`--{name}` says `One of:` (one value) and `space-separated` (several)"),
            "write `One or more of:` for an enum that takes several values",
        );
        ok = false;
    }

    // Enum values.
    let mut values = Vec::new();
    // The markers' values move into the flag (nothing reads them after).
    if let Some((vals, _)) = m.one_of.take() {
        if vals.is_empty() {
            sink.push(
                Code::InvalidEnumValue,
                line,
                col,
                format!("`--{name}` is an enum without values"),
                "list the values: `One of: a, b, c` (or, after `(type: enum)`, each in backticks: `a`, `b` or `c`)",
            );
            ok = false;
        }
        for v in vals {
            if !is_enum_value(&v) {
                sink.push(
                    Code::InvalidEnumValue,
                    line,
                    col,
                    format!("`{v}` is not a valid value of `--{name}`"),
                    "enum values are single words of letters, digits and `_ . : / + -`; end the list with `.` or `(` before more prose",
                );
                ok = false;
            } else if values.iter().any(|x: &String| x.eq_ignore_ascii_case(&v)) {
                sink.push(
                    Code::InvalidEnumValue,
                    line,
                    col,
                    format!("`{v}` is listed twice in `--{name}`"),
                    "list each value once",
                );
                ok = false;
            } else {
                values.push(v);
            }
        }
    }

    // Default.
    let mut default = None;
    if let Some(d) = default_raw {
        let parts = split_default(d, list);
        let mut good = true;
        if m.required {
            sink.push(
                Code::InvalidDefault,
                line,
                col,
                format!("`--{name}` is `(required)` and has a default, which would never be used"),
                "remove `(required)` or the default",
            );
            good = false;
        }
        let empty_string = parts.is_empty() && quoted_empty && value_type == ValueType::String && !list;
        if parts.is_empty() && !empty_string {
            sink.push(
                Code::InvalidDefault,
                line,
                col,
                format!("`--{name}` has an empty default"),
                if list {
                    "a list's default lists its values (`(default: a, b)`); without the marker, an absent list is empty"
                } else if value_type == ValueType::String {
                    "write the empty string quoted, `(default: \"\")`, or remove the marker"
                } else {
                    "write the value, or remove the marker: an optional flag without a default is absent when not given"
                },
            );
            good = false;
        }
        if !list && parts.len() > 1 && value_type != ValueType::String {
            sink.push(
                Code::InvalidDefault,
                line,
                col,
                format!("`--{name}` takes one value but its default lists {}: `{d}`", parts.len()),
                "give one default value, or make the flag a list (`space-separated` / `One or more of:`)",
            );
            good = false;
        }
        for v in &parts {
            match value_type {
                ValueType::Integer if parse_integer(v).is_none() => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("default `{v}` of `--{name}` is not an integer"),
                        "write an integer such as `(default: 20)`",
                    );
                    good = false;
                }
                ValueType::Number if !skills_core::args::is_number(v) => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("default `{v}` of `--{name}` is not a number"),
                        "write a number such as `(default: 0.5)`",
                    );
                    good = false;
                }
                ValueType::Date => {
                    if let Err(e) = Date::parse(v) {
                        sink.push(Code::InvalidDefault, line, col, format!("default `{v}` of `--{name}` is not a date: {e}"), "write `(default: 2026-01-31)`, or leave the flag optional and describe the fallback in `## Behavior`");
                        good = false;
                    }
                }
                ValueType::Enum if !values.iter().any(|x| x.eq_ignore_ascii_case(v)) && !values.is_empty() => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("default `{v}` of `--{name}` is not one of its values ({})", values.join(", ")),
                        format!("use one of: {}", values.join(", ")),
                    );
                    good = false;
                }
                ValueType::Boolean if v.eq_ignore_ascii_case("true") => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("boolean `--{name}` defaults to true, so it could never be turned off"),
                        "rename the flag to its opposite (`--no-x`) and let it default to false",
                    );
                    good = false;
                }
                ValueType::Boolean if !v.eq_ignore_ascii_case("false") => {
                    sink.push(
                        Code::InvalidDefault,
                        line,
                        col,
                        format!("boolean `--{name}` has default `{v}`"),
                        "a boolean flag is false when absent; remove the default",
                    );
                    good = false;
                }
                _ => {}
            }
        }
        if good && value_type != ValueType::Boolean {
            // Enum defaults are stored as written in the value list.
            let parts = if empty_string { vec![String::new()] } else { parts };
            let parts = parts
                .into_iter()
                .map(|v| match values.iter().find(|x| x.eq_ignore_ascii_case(&v)) {
                    Some(listed) if *listed != v => listed.clone(),
                    _ => v,
                })
                .collect();
            default = Some(parts);
        }
        ok &= good;
    }

    // Prose that looks like markers it is not.
    let explicit_string = m.explicit.is_some_and(|(t, _)| t == ValueType::String);
    // Choices in the placeholder (`<asc|desc>`, `{en,fr,de}`, as docopt and
    // argparse write them) are prose to this format, which states an enum
    // with `One of:`: the same warning as a label's values.
    let listed = || prose_enum(&m.prose).or_else(|| placeholder.as_deref().and_then(placeholder_choices));
    if value_type == ValueType::String
        && !explicit_string
        && let Some(vals) = listed()
    {
        sink.push(
            Code::ProseEnum,
            line,
            col,
            format!("`--{name}` lists values ({}) but without `One of:` it accepts any text", vals.join(", ")),
            format!(
                "write `One of: {}` to make it an enum, or add `(type: string)` to keep it free text",
                vals.join(", ")
            ),
        );
    }
    if !list && !explicit_string && m.explicit.is_none() {
        if find_ignore_ascii_case(&m.prose, "comma-separated").is_some()
            || find_ignore_ascii_case(&m.prose, "comma separated").is_some()
        {
            sink.push(
                Code::ProseList,
                line,
                col,
                format!("`--{name}` is described as comma-separated but takes one value"),
                format!("commands separate values with spaces: write `space-separated` (then `--{name} a b`), or add `(type: string)` to keep one value"),
            );
        } else if let Some(p) = placeholder.as_deref()
            && p.len() > 3
            && looks_plural(p)
            && value_type == ValueType::String
        {
            sink.push(
                Code::ProseList,
                line,
                col,
                format!("`--{name}` has the plural placeholder `<{p}>` but takes one value"),
                format!("add `space-separated` to its description to accept several values (`--{name} a b`), or add `(type: string)` to keep one"),
            );
        }
    }
    if default_raw.is_none() && mentions_default(&m.prose) {
        sink.push(
            Code::ProseDefault,
            line,
            col,
            format!("`--{name}` mentions a default in prose, which the runtime cannot apply"),
            "state it as a marker: `(default: value)`",
        );
    }

    // Usage agreement.
    if let Some(u) = usage {
        if m.required && u.optional {
            sink.push(
                Code::UsageMismatch,
                u.line,
                u.column,
                format!("Usage shows `--{name}` in brackets (optional) but Flags marks it `(required)`"),
                format!("remove the brackets around `--{name}` in Usage, or the `(required)` marker"),
            );
        } else if !m.required && !u.optional {
            sink.push(
                Code::UsageMismatch,
                u.line,
                u.column,
                format!("Usage shows `--{name}` as required (no brackets) but Flags does not mark it `(required)`"),
                format!("add `(required)` to `--{name}` in Flags, or put it in brackets in Usage"),
            );
        }
        if value_type == ValueType::Boolean && u.placeholder.is_some() {
            sink.push(
                Code::UsageMismatch,
                u.line,
                u.column,
                format!("Usage shows a value for `--{name}` but Flags makes it a boolean"),
                format!("remove the placeholder after `--{name}` in Usage"),
            );
        } else if value_type != ValueType::Boolean && u.placeholder.is_none() && !flag_line_placeholder {
            sink.push(
                Code::UsageMismatch,
                u.line,
                u.column,
                format!("Usage shows `--{name}` without a value but Flags makes it {}", value_type.name()),
                format!("write a placeholder after it in Usage: `--{name} <value>`"),
            );
        }
    } else if in_usage_section {
        sink.push(
            Code::FlagNotInUsage,
            line,
            col,
            format!("`--{name}` is documented in Flags but not shown in Usage"),
            {
                let value = if value_type == ValueType::Boolean {
                    String::new()
                } else {
                    format!(" <{}>", placeholder.as_deref().unwrap_or("value"))
                };
                // Usage brackets what is optional: a required flag goes bare.
                if m.required {
                    format!("add `--{name}{value}` to the usage line")
                } else {
                    format!("add `[--{name}{value}]` to the usage line")
                }
            },
        );
    }

    if !ok {
        return None;
    }
    let values_lines = values.join("\n");
    let default_lines = default.as_ref().map(|d: &Vec<String>| d.join("\n"));
    Some(Flag {
        name: name.clone(),
        short: raw.short,
        placeholder,
        // Moved: what reads the raw flags after this needs their names.
        description: std::mem::take(&mut raw.description),
        value_type,
        list,
        required: m.required,
        values,
        default,
        line,
        column: col,
        values_lines,
        default_lines,
    })
}

/// The values of a default: split on commas for lists (and for the type
/// guess); one value otherwise.
pub(super) fn split_default(d: &str, list: bool) -> Vec<String> {
    if list || d.contains(',') {
        d.split(',').map(|v| strip_quotes(v).to_string()).filter(|v| !v.is_empty()).collect()
    } else if d.is_empty() {
        Vec::new()
    } else {
        vec![d.to_string()]
    }
}

/// Checks flags against each other: duplicates, field-name clashes, count.
pub(crate) fn check_set(flags: &[Flag], raw: &[RawFlag], sink: &mut Sink<'_>) {
    for (i, f) in raw.iter().enumerate() {
        if let Some(prev) = raw[..i].iter().find(|p| skills_core::args::same_flag_name(&p.name, &f.name)) {
            let same = prev.name == f.name;
            sink.push(
                Code::DuplicateFlag,
                f.line,
                f.column,
                if same {
                    format!("flag `--{}` is declared twice (first on line {})", f.name, prev.line)
                } else {
                    format!(
                        "flags `--{}` and `--{}` (line {}) are the same flag to the parser",
                        f.name, prev.name, prev.line
                    )
                },
                "remove one of the declarations",
            );
        }
        let Some(c) = f.short else { continue };
        let clash = raw[..i].iter().find(|p| p.short == Some(c)).map(|p| (&p.name, p.line)).or_else(|| {
            raw.iter()
                .enumerate()
                .find(|&(j, p)| j != i && p.name.len() == 1 && p.name.starts_with(c))
                .map(|(_, p)| (&p.name, p.line))
        });
        if let Some((other, line)) = clash {
            sink.push(
                Code::DuplicateFlag,
                f.line,
                f.column,
                format!("`-{c}` of `--{}` is also `--{other}` (line {line}), so it names no one flag", f.name),
                "give one of them another letter, or remove the short spelling",
            );
        }
    }
    if flags.len() > skills_core::spec::MAX_FLAGS {
        let line = raw.first().map_or(0, |f| f.line);
        sink.push(
            Code::TooManyFlags,
            line,
            0,
            format!("the skill declares {} flags; at most {} are supported", flags.len(), skills_core::spec::MAX_FLAGS),
            "split the skill into several skills",
        );
    }
}
