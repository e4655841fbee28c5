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
    let (line, col) = (raw.line, raw.column);
    let mut r = Resolver { name: &raw.name, line, col, sink, ok: true };
    r.marker_conflicts(&m);
    let explicit_type = r.explicit_type(&m, raw.negated);

    // Moved out, as the description is below.
    let flag_line_placeholder = raw.placeholder.is_some();
    let placeholder = raw.placeholder.take().or_else(|| usage.and_then(|u| u.placeholder.clone()));
    let default_raw: Option<&str> = m.defaults.first().map(|d| strip_quotes(d));
    // A switch written with its negated form names its default by either
    // (`[default: no-pager]`, as Click prints it): on or off.
    let default_raw = match default_raw {
        Some(d) if raw.negated && d.eq_ignore_ascii_case(&raw.name) => Some("true"),
        Some(d) if raw.negated && d.strip_prefix("no-").is_some_and(|n| n.eq_ignore_ascii_case(&raw.name)) => {
            Some("false")
        }
        d => d,
    };
    // `(default: "")`, a table cell `""`: the empty string, written so.
    let quoted_empty = m.defaults.first().is_some_and(|d| {
        let d = d.trim();
        d.len() >= 2 && strip_quotes(d).is_empty()
    });
    let value_type = explicit_type.unwrap_or_else(|| {
        // Among lines with placeholders, a line without one is a switch,
        // unless the flag is required (a required switch means nothing) or
        // its prose names values (`` `json` or `text` ``): then it takes one.
        let bare_switch = || bare_is_switch && !m.required && prose_enum(&m.prose).is_none();
        let switch = (usage.is_some_and(|u| u.placeholder.is_none()) || usage.is_none() && bare_switch())
            && !flag_line_placeholder;
        inferred_type(placeholder.as_deref(), default_raw, switch)
    });
    // `<tag>...` in the Flags line or in Usage: several values, unless a
    // marker declares one value, which wins (explicit over inferred).
    let repeated_at =
        if raw.repeated { Some((line, col)) } else { usage.filter(|u| u.repeated).map(|u| (u.line, u.column)) };
    let list = r.list(&m, value_type, repeated_at);
    // The markers' values move into the flag (nothing reads them after).
    let values = m.one_of.take().map(|(vals, _)| r.enum_values(vals)).unwrap_or_default();
    let default = default_raw.and_then(|d| r.checked_default(d, quoted_empty, value_type, list, m.required, &values));
    r.prose(&m, value_type, list, placeholder.as_deref(), default_raw.is_some());
    r.usage_agreement(usage, in_usage_section, m.required, value_type, flag_line_placeholder, placeholder.as_deref());
    r.repetition(&m, usage, value_type, list, placeholder.as_deref());

    if !r.ok {
        return None;
    }
    let values_lines = values.join("\n");
    let default_lines = default.as_ref().map(|d: &Vec<String>| d.join("\n"));
    Some(Flag {
        name: raw.name.clone(),
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

/// The type of a flag no marker types, from its placeholder (`<n>`,
/// `<date>`), its default, or its being shown as a switch (`switch`: Usage
/// writes it without a value, or other lines of the section write one where
/// its line has none).
fn inferred_type(placeholder: Option<&str>, default_raw: Option<&str>, switch: bool) -> ValueType {
    // A placeholder that names its type, in any case (`<N>`, `<Date>`).
    let placeholder_is =
        |kinds: &[&str]| placeholder.is_some_and(|p| kinds.iter().any(|k| p.trim().eq_ignore_ascii_case(k)));
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
    } else if switch
        // `(default: false)` is what an absent switch means anyway.
        && default_raw.is_none_or(|d| d.eq_ignore_ascii_case("false"))
    {
        ValueType::Boolean
    } else {
        ValueType::String
    }
}

/// One flag being resolved: where its problems are reported, and whether
/// one of them is an error that leaves the flag out.
struct Resolver<'r, 's> {
    name: &'r str,
    line: usize,
    col: usize,
    sink: &'r mut Sink<'s>,
    ok: bool,
}

impl Resolver<'_, '_> {
    /// Reports a problem at the flag's line that leaves the flag out.
    fn error(&mut self, code: Code, message: String, hint: impl Into<String>) {
        self.sink.push(code, self.line, self.col, message, hint);
        self.ok = false;
    }

    /// Reports a problem at the flag's line; the flag is kept.
    fn warn(&mut self, code: Code, message: String, hint: impl Into<String>) {
        self.sink.push(code, self.line, self.col, message, hint);
    }

    /// An unknown or format type, and markers that contradict each other
    /// (two defaults, required and optional).
    fn marker_conflicts(&mut self, m: &Markers) {
        let name = self.name;
        if let Some(bad) = &m.bad_type {
            let types = ["string", "integer", "number", "date", "boolean", "enum", "float", "text", "bool", "int"];
            let (base, list) = list_form(bad);
            let hint = match skills_core::suggest::closest(base, types.iter().copied()) {
                Some(t) => format!("did you mean `(type: {t}{})`?", if list { " list" } else { "" }),
                None => "use one of `(type: string)`, `(type: integer)`, `(type: number)`, `(type: date)`, `(type: boolean)`, optionally with `list` (`(type: integer list)`); enums use `One of: a, b`".to_string(),
            };
            self.error(Code::InvalidType, format!("`--{name}` has an unknown type `(type: {bad})`"), hint);
        }
        if let Some(format) = &m.format_type {
            self.warn(
                Code::FormatType,
                format!("`--{name}` says `(type: {format})`, a format of text, so it is read as a string"),
                format!("write `(type: string)` and describe the format (`{format}`) in words; a command's value is not checked against it"),
            );
        }
        if m.defaults.len() > 1 {
            self.error(
                Code::ConflictingMarkers,
                format!("`--{name}` has {} `(default: ...)` markers", m.defaults.len()),
                "keep one `(default: ...)`",
            );
        }
        if m.required && m.optional {
            self.error(
                Code::ConflictingMarkers,
                format!("`--{name}` is marked both `(required)` and `(optional)`"),
                "keep one of them",
            );
        }
    }

    /// The type the markers state (`(type: ...)`, `(boolean flag)`,
    /// `--[no-]`, `One of:`, `(YYYY-MM-DD)`), which must agree.
    fn explicit_type(&mut self, m: &Markers, negated: bool) -> Option<ValueType> {
        let name = self.name;
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
        if negated {
            declared.push(("--[no-]", ValueType::Boolean));
            self.warn(
                Code::NegatedForm,
                format!("`--{name}` is documented with its negated form, which declares the switch `--{name}`; commands cannot write `--no-{name}`"),
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
            self.error(
                Code::ConflictingMarkers,
                format!("`--{name}` says both `{first_marker}` and `{other_marker}`"),
                "keep the marker that states the flag's type and remove the other",
            );
        }
        declared.first().map(|(_, t)| *t)
    }

    /// Whether the flag takes several values, from its markers or a `...`
    /// after its placeholder (`repeated_at`, where that is written), which
    /// a marker stating one value overrides, with a warning.
    fn list(&mut self, m: &Markers, value_type: ValueType, repeated_at: Option<(usize, usize)>) -> bool {
        let name = self.name;
        let multi_enum = m.one_of.as_ref().is_some_and(|(_, multi)| *multi);
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
            self.sink.push(
                Code::UsageMismatch,
                at_line,
                at_col,
                format!("`--{name}` is shown with `...` (several values) but its description declares one value"),
                fix,
            );
        }
        if list && value_type == ValueType::Boolean {
            self.error(
                Code::ConflictingMarkers,
                format!("`--{name}` is a boolean flag but also takes several values"),
                "a boolean flag takes no value; remove `space-separated` or the boolean marker",
            );
        }
        if m.one_of.as_ref().is_some_and(|(_, multi)| !multi) && !m.one_of_open && m.space_separated {
            self.error(
                Code::ConflictingMarkers,
                format!("`--{name}` says `One of:` (one value) and `space-separated` (several)"),
                "write `One or more of:` for an enum that takes several values",
            );
        }
        list
    }

    /// The enum's values as listed, each a valid word and listed once.
    fn enum_values(&mut self, listed: Vec<String>) -> Vec<String> {
        let name = self.name;
        if listed.is_empty() {
            self.error(
                Code::InvalidEnumValue,
                format!("`--{name}` is an enum without values"),
                "list the values: `One of: a, b, c` (or, after `(type: enum)`, each in backticks: `a`, `b` or `c`)",
            );
        }
        let mut values: Vec<String> = Vec::with_capacity(listed.len());
        for v in listed {
            if !is_enum_value(&v) {
                self.error(
                    Code::InvalidEnumValue,
                    format!("`{v}` is not a valid value of `--{name}`"),
                    "enum values are single words of letters, digits and `_ . : / + -`; end the list with `.` or `(` before more prose",
                );
            } else if values.iter().any(|x| x.eq_ignore_ascii_case(&v)) {
                self.error(
                    Code::InvalidEnumValue,
                    format!("`{v}` is listed twice in `--{name}`"),
                    "list each value once",
                );
            } else {
                values.push(v);
            }
        }
        values
    }

    /// The default `d` (as written, quotes removed; `quoted_empty` when it
    /// was `""`), checked against the flag's type and values; `None` for a
    /// switch's `false` and for a default with a problem.
    fn checked_default(
        &mut self,
        d: &str,
        quoted_empty: bool,
        value_type: ValueType,
        list: bool,
        required: bool,
        values: &[String],
    ) -> Option<Vec<String>> {
        let name = self.name;
        let parts = split_default(d, list);
        // Whether the default itself is good decides whether it is kept;
        // `ok` is cleared for these checks and the flag's earlier verdict
        // restored after them.
        let ok_before = self.ok;
        self.ok = true;
        if required {
            self.error(
                Code::InvalidDefault,
                format!("`--{name}` is `(required)` and has a default, which would never be used"),
                "remove `(required)` or the default",
            );
        }
        let empty_string = parts.is_empty() && quoted_empty && value_type == ValueType::String && !list;
        if parts.is_empty() && !empty_string {
            self.error(
                Code::InvalidDefault,
                format!("`--{name}` has an empty default"),
                if list {
                    "a list's default lists its values (`(default: a, b)`); without the marker, an absent list is empty"
                } else if value_type == ValueType::String {
                    "write the empty string quoted, `(default: \"\")`, or remove the marker"
                } else {
                    "write the value, or remove the marker: an optional flag without a default is absent when not given"
                },
            );
        }
        if !list && parts.len() > 1 && value_type != ValueType::String {
            self.error(
                Code::InvalidDefault,
                format!("`--{name}` takes one value but its default lists {}: `{d}`", parts.len()),
                "give one default value, or make the flag a list (`space-separated` / `One or more of:`)",
            );
        }
        for v in &parts {
            self.default_value(v, value_type, values);
        }
        let good = self.ok;
        self.ok &= ok_before;
        if !good || value_type == ValueType::Boolean {
            return None;
        }
        // Enum defaults are stored as written in the value list.
        let parts = if empty_string { vec![String::new()] } else { parts };
        Some(
            parts
                .into_iter()
                .map(|v| match values.iter().find(|x| x.eq_ignore_ascii_case(&v)) {
                    Some(listed) if *listed != v => listed.clone(),
                    _ => v,
                })
                .collect(),
        )
    }

    /// One value of a default, checked against the flag's type.
    fn default_value(&mut self, v: &str, value_type: ValueType, values: &[String]) {
        let name = self.name;
        match value_type {
            ValueType::Integer if parse_integer(v).is_none() => self.error(
                Code::InvalidDefault,
                format!("default `{v}` of `--{name}` is not an integer"),
                "write an integer such as `(default: 20)`",
            ),
            ValueType::Number if !skills_core::args::is_number(v) => self.error(
                Code::InvalidDefault,
                format!("default `{v}` of `--{name}` is not a number"),
                "write a number such as `(default: 0.5)`",
            ),
            ValueType::Date => {
                if let Err(e) = Date::parse(v) {
                    self.error(Code::InvalidDefault, format!("default `{v}` of `--{name}` is not a date: {e}"), "write `(default: 2026-01-31)`, or leave the flag optional and describe the fallback in `## Behavior`");
                }
            }
            ValueType::Enum if !values.iter().any(|x| x.eq_ignore_ascii_case(v)) && !values.is_empty() => self.error(
                Code::InvalidDefault,
                format!("default `{v}` of `--{name}` is not one of its values ({})", values.join(", ")),
                format!("use one of: {}", values.join(", ")),
            ),
            ValueType::Boolean if v.eq_ignore_ascii_case("true") => self.error(
                Code::InvalidDefault,
                format!("boolean `--{name}` defaults to true, so it could never be turned off"),
                format!("rename the flag to its opposite (`--no-{name}`) and let it default to false"),
            ),
            ValueType::Boolean if !v.eq_ignore_ascii_case("false") => self.error(
                Code::InvalidDefault,
                format!("boolean `--{name}` has default `{v}`"),
                "a boolean flag is false when absent; remove the default",
            ),
            _ => {}
        }
    }

    /// Prose that looks like markers it is not: values listed without
    /// `One of:`, a list described as comma-separated or with a plural
    /// placeholder, a default in words.
    fn prose(&mut self, m: &Markers, value_type: ValueType, list: bool, placeholder: Option<&str>, has_default: bool) {
        let name = self.name;
        let explicit_string = m.explicit.is_some_and(|(t, _)| t == ValueType::String);
        // Choices in the placeholder (`<asc|desc>`, `{en,fr,de}`, as docopt and
        // argparse write them) are prose to this format, which states an enum
        // with `One of:`: the same warning as a label's values.
        let listed = || prose_enum(&m.prose).or_else(|| placeholder.and_then(placeholder_choices));
        if value_type == ValueType::String
            && !explicit_string
            && let Some(vals) = listed()
        {
            self.warn(
                Code::ProseEnum,
                format!("`--{name}` lists values ({}) but without `One of:` it accepts any text", vals.join(", ")),
                format!(
                    "write `One of: {}` to make it an enum, or add `(type: string)` to keep it free text",
                    vals.join(", ")
                ),
            );
        }
        let comma_separated = find_ignore_ascii_case(&m.prose, "comma-separated").is_some()
            || find_ignore_ascii_case(&m.prose, "comma separated").is_some();
        if list
            && comma_separated
            && find_ignore_ascii_case(&m.prose, "not comma").is_none()
            && find_ignore_ascii_case(&m.prose, "space-separated").is_none()
            && find_ignore_ascii_case(&m.prose, "space separated").is_none()
        {
            // The help page would tell the model to write `a,b`, which the
            // command then refuses (a list's values are separate words).
            self.warn(
                Code::ProseList,
                format!(
                    "`--{name}` is described as comma-separated, but commands separate a list's values with spaces"
                ),
                format!(
                    "write `space-separated` instead: a command writes `--{name} a b`, and `--{name} a,b` is an error"
                ),
            );
        }
        if !list && !explicit_string && m.explicit.is_none() {
            if comma_separated {
                self.warn(
                    Code::ProseList,
                    format!("`--{name}` is described as comma-separated but takes one value"),
                    format!("commands separate values with spaces: write `space-separated` (then `--{name} a b`), or add `(type: string)` to keep one value"),
                );
            } else if let Some(p) = placeholder
                && p.len() > 3
                && looks_plural(p)
                && value_type == ValueType::String
            {
                self.warn(
                    Code::ProseList,
                    format!("`--{name}` has the plural placeholder `<{p}>` but takes one value"),
                    format!("add `space-separated` to its description to accept several values (`--{name} a b`), or add `(type: string)` to keep one"),
                );
            }
        }
        if value_type == ValueType::String
            && m.explicit.is_none()
            && m.format_type.is_none()
            && let Some((named, words)) = prose_type(&m.prose)
        {
            // A model reading "an integer" writes one, but the command
            // accepts any text, and the handler gets a string.
            let (what, marker, example) = match named {
                ValueType::Integer => ("an integer", "integer", "20"),
                ValueType::Number => ("a decimal number", "number", "0.5"),
                _ => ("a date", "date", "2026-01-31"),
            };
            let marker = if list { format!("(type: {marker} list)") } else { format!("(type: {marker})") };
            self.warn(
                Code::ProseType,
                format!("`--{name}` is described as {what} (`{words}`) but no marker types it, so it accepts any text"),
                format!(
                    "add `{marker}` so that commands are checked (`--{name} {example}`), or `(type: string)` to keep free text"
                ),
            );
        }
        if !has_default && mentions_default(&m.prose) {
            self.warn(
                Code::ProseDefault,
                format!("`--{name}` mentions a default in prose, which the runtime cannot apply"),
                "state it as a marker: `(default: value)`",
            );
        }
    }

    /// Usage showing the flag given more than once, or its description
    /// telling the model to repeat it: the command it leads to is refused
    /// (`repeated_flag`), since a flag is given once, with its values after
    /// it. One warning, at Usage when it shows the repeat.
    fn repetition(
        &mut self,
        m: &Markers,
        usage: Option<&UsageFlag>,
        value_type: ValueType,
        list: bool,
        placeholder: Option<&str>,
    ) {
        let name = self.name;
        let p = placeholder.unwrap_or("value");
        let refused =
            || format!("a command gives a flag once, with all its values after it: a second `--{name}` is an error");
        if let Some(u) = usage.filter(|u| u.flag_repeated) {
            let hint = if value_type == ValueType::Boolean {
                format!("show it once, `[--{name}]`: a switch is on when given")
            } else if list {
                format!("show its value repeated instead, `[--{name} <{p}>...]`: a command writes `--{name} a b`")
            } else {
                format!(
                    "show it once, `[--{name} <{p}>]`; to take several values, add `space-separated` to its description and show `[--{name} <{p}>...]`"
                )
            };
            self.sink.push(
                Code::RepeatedFlag,
                u.line,
                u.column,
                format!("Usage shows `--{name}` given more than once, but {}", refused()),
                hint,
            );
            return;
        }
        let Some(words) = prose_repeat(&m.prose) else { return };
        let hint = if value_type == ValueType::Boolean {
            format!("remove `{words}`: a switch is given once")
        } else if list {
            format!("write `space-separated` instead of `{words}`: a command writes `--{name} a b`")
        } else {
            format!(
                "to take several values, write `space-separated` instead of `{words}` (a command then writes `--{name} a b`); else remove it"
            )
        };
        self.warn(
            Code::RepeatedFlag,
            format!("`--{name}` is described as given more than once (`{words}`), but {}", refused()),
            hint,
        );
    }

    /// Whether Usage shows the flag as Flags declares it: optional in
    /// brackets, a value after it unless it is a switch; and that it shows
    /// it at all when the skill has a Usage section.
    fn usage_agreement(
        &mut self,
        usage: Option<&UsageFlag>,
        in_usage_section: bool,
        required: bool,
        value_type: ValueType,
        flag_line_placeholder: bool,
        placeholder: Option<&str>,
    ) {
        let name = self.name;
        let Some(u) = usage else {
            if in_usage_section {
                let value = if value_type == ValueType::Boolean {
                    String::new()
                } else {
                    format!(" <{}>", placeholder.unwrap_or("value"))
                };
                // Usage brackets what is optional: a required flag goes bare.
                let hint = if required {
                    format!("add `--{name}{value}` to the usage line")
                } else {
                    format!("add `[--{name}{value}]` to the usage line")
                };
                self.warn(
                    Code::FlagNotInUsage,
                    format!("`--{name}` is documented in Flags but not shown in Usage"),
                    hint,
                );
            }
            return;
        };
        let mut at_usage = |code, message: String, hint: String| self.sink.push(code, u.line, u.column, message, hint);
        if required && u.optional {
            at_usage(
                Code::UsageMismatch,
                format!("Usage shows `--{name}` in brackets (optional) but Flags marks it `(required)`"),
                format!("remove the brackets around `--{name}` in Usage, or the `(required)` marker"),
            );
        } else if !required && !u.optional {
            at_usage(
                Code::UsageMismatch,
                format!("Usage shows `--{name}` as required (no brackets) but Flags does not mark it `(required)`"),
                format!("add `(required)` to `--{name}` in Flags, or put it in brackets in Usage"),
            );
        }
        if value_type == ValueType::Boolean && u.placeholder.is_some() {
            at_usage(
                Code::UsageMismatch,
                format!("Usage shows a value for `--{name}` but Flags makes it a boolean"),
                format!("remove the placeholder after `--{name}` in Usage"),
            );
        } else if value_type != ValueType::Boolean && u.placeholder.is_none() && !flag_line_placeholder {
            at_usage(
                Code::UsageMismatch,
                format!("Usage shows `--{name}` without a value but Flags makes it {}", value_type.name()),
                format!("write a placeholder after it in Usage: `--{name} <value>`"),
            );
        }
    }
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
