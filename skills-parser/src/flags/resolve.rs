//! Resolution: the statements of one declaration, and what Usage shows,
//! become one [`Flag`], each property decided in one place and in the
//! order `docs/skill-format.md` documents:
//!
//! 1. what is stated: structured data and markers; two statements conflict
//!    only when both are stated and disagree;
//! 2. what a statement implies for another property (a type implies one
//!    value; `One of:` implies one value; a default implies the flag may be
//!    left out), which any statement of the property overrides;
//! 3. the group a flag is in (`### Required`);
//! 4. Usage;
//! 5. inference: the placeholder's name (`<n>`), the default's shape
//!    (`20`), the section's layout (no placeholder where others have one);
//! 6. the format's defaults: text, one value, optional. A flag of which
//!    nothing says whether it takes a value is warned about.

use super::decl::{Decl, DefaultValue, Fact, Stated};
use super::describe;
use super::lex::is_enum_value;
use super::prose::{looks_plural, mentions_default, prose_enum, prose_repeat, prose_type, strip_quotes};
use super::types::placeholder_type;
use super::{Flag, Origin, Source, Sources};
use crate::diagnostic::{Code, Sink};
use crate::usage::UsageFlag;
use crate::words::find_ignore_ascii_case;
use skills_core::Date;
use skills_core::args::{is_number, parse_integer};
use skills_core::spec::ValueType;

/// What the section a flag is declared in says about all its flags.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Context<'e> {
    /// The section's flag lines show values as help output does.
    pub(crate) shows_values: bool,
    /// The skill has a Usage section that lists its flags.
    pub(crate) usage_lists_flags: bool,
    /// The skill's examples, which show whether a flag no statement types
    /// takes a value.
    pub(crate) examples: &'e [crate::examples::Example],
}

/// Resolves `decl` (with what Usage shows of it) into a flag; `None` when
/// an error leaves it out.
pub(crate) fn resolve(decl: &Decl, usage: Option<&UsageFlag>, cx: Context, sink: &mut Sink<'_>) -> Option<Flag> {
    let enum_type = decl.facts.iter().any(|f| f.fact == Fact::EnumType);
    let described = describe::read(&decl.description, enum_type);
    let mut facts: Vec<Stated> = decl.facts.clone();
    facts.extend(described.facts.into_iter().map(|(fact, implied, offset)| {
        let (line, column) = decl.description.place(offset);
        Stated { fact, at: Source { implied, ..Source::at(line, column, Origin::Marker) } }
    }));
    let here = Source::at(decl.line, decl.column, Origin::Marker);
    if decl.negated {
        facts.push(Stated { fact: Fact::Type(ValueType::Boolean), at: here });
    }
    let mut r = Resolver { name: &decl.name, sink, ok: true, counted: decl.counted };
    if decl.negated {
        r.negated(here);
    }
    let prose = described.prose;
    let stated_type = r.stated_type(&facts);
    let required = r.required(&facts, decl.group, usage);
    let defaults: Vec<&Stated> = facts.iter().filter(|f| matches!(f.fact, Fact::Default(_))).collect();
    let (value_type, type_at) = match stated_type {
        Some(t) => t,
        None => r.inferred_type(decl, usage, cx, &defaults, required.0, &prose),
    };
    let list = r.list(&facts, decl, usage, value_type);
    let values = if value_type == ValueType::Enum { r.values(&facts, decl) } else { (Vec::new(), None) };
    let default = r.default(&defaults, decl, value_type, list.0, required.0, &values.0, type_at);
    let placeholder = decl.placeholder.as_ref().map(|p| (p.text.clone(), p.at)).or_else(|| {
        let u = usage?;
        Some((u.placeholder.clone()?, Source::at(u.line, u.column, Origin::Usage)))
    });
    r.prose(decl, &prose, value_type, list.0, placeholder.as_ref().map(|p| p.0.as_str()), default.is_some(), &facts);
    r.usage_agreement(
        here,
        usage,
        cx.usage_lists_flags,
        required,
        value_type,
        decl.placeholder.is_some(),
        placeholder.as_ref().map(|p| p.0.as_str()),
    );
    r.repetition(here, &prose, usage, value_type, list.0, placeholder.as_ref().map(|p| p.0.as_str()));
    if !r.ok {
        return None;
    }
    let mut description = decl.description.text.clone();
    if !decl.items.is_empty() {
        // The values given as list items, then what the items say of them.
        let values: Vec<&str> = decl.items.iter().map(|(v, _)| v.as_str()).collect();
        description.push_str(&format!(" {}.", values.join(", ")));
        let notes: Vec<String> =
            decl.items.iter().filter(|(_, n)| !n.is_empty()).map(|(v, n)| format!("{v}: {n}")).collect();
        if !notes.is_empty() {
            description.push_str(&format!(" ({})", notes.join("; ")));
        }
    }
    let sources = Sources {
        name: Source::at(decl.line, decl.column, Origin::Marker),
        value_type: type_at,
        list: list.1,
        required: required.1,
        default: default.as_ref().map(|d| d.1),
        values: values.1,
        short: decl.short.map(|_| Source::at(decl.line, decl.column, Origin::Marker)),
        placeholder: placeholder.as_ref().map(|p| p.1),
    };
    Some(Flag::new(
        decl,
        description,
        placeholder.map(|p| p.0),
        (value_type, list.0, required.0),
        values.0,
        default.map(|d| d.0),
        sources,
    ))
}

/// One flag being resolved: where its problems go, and whether one of them
/// leaves the flag out.
struct Resolver<'r, 's> {
    name: &'r str,
    sink: &'r mut Sink<'s>,
    ok: bool,
    /// Written as a switch given again and again (`--debug...`).
    counted: bool,
}

/// What a statement says about the type, in words for messages.
fn claim(fact: &Fact) -> Option<(ValueType, String)> {
    Some(match fact {
        Fact::Type(t) => (*t, format!("`{}`", t.name())),
        Fact::Format(f) => (ValueType::String, format!("`{f}` (text)")),
        Fact::EnumType => (ValueType::Enum, "`enum`".to_string()),
        Fact::Values(v) if v.is_empty() => (ValueType::Enum, "an enum".to_string()),
        Fact::Values(v) => (ValueType::Enum, format!("one of {}", v.join(", "))),
        _ => return None,
    })
}

impl Resolver<'_, '_> {
    /// A problem at `at` that leaves the flag out.
    fn error(&mut self, code: Code, at: Source, message: String, hint: impl Into<String>) {
        self.sink.push(code, at.line, at.column, message, hint);
        self.ok = false;
    }

    /// A problem at `at`; the flag is kept.
    fn warn(&mut self, code: Code, at: Source, message: String, hint: impl Into<String>) {
        self.sink.push(code, at.line, at.column, message, hint);
    }

    /// Two stated facts about one property that disagree.
    fn conflict(&mut self, what: &str, first: (&str, Source), second: (&str, Source)) {
        let name = self.name;
        let place = |s: Source| {
            if s.line == second.1.line { "on the same line".to_string() } else { format!("on line {}", s.line) }
        };
        self.error(
            Code::ConflictingMarkers,
            second.1,
            format!("`--{name}` {what} {} here but {} {}", second.0, first.0, place(first.1)),
            "keep the statement that is right and remove the other",
        );
    }

    fn negated(&mut self, at: Source) {
        let name = self.name;
        self.warn(
            Code::NegatedForm,
            at,
            format!("`--{name}` is documented with its negated form, which declares the switch `--{name}`; commands cannot write `--no-{name}`"),
            format!("write `--{name}` (a switch is off when left out, or `--{name} false`), and say in its description what leaving it out means"),
        );
    }

    /// The type the statements state, if any; an unknown type word is an
    /// error, a format of text a warning.
    fn stated_type(&mut self, facts: &[Stated]) -> Option<(ValueType, Source)> {
        let name = self.name;
        let mut claims: Vec<(ValueType, String, Source, &Fact)> = Vec::new();
        for f in facts {
            match &f.fact {
                Fact::UnknownType(bad) => {
                    const TYPES: [&str; 10] =
                        ["string", "integer", "number", "date", "boolean", "enum", "float", "text", "bool", "int"];
                    let (base, list) = super::types::parts(bad);
                    let hint = match skills_core::suggest::closest(base, TYPES.iter().copied()) {
                        Some(t) => format!("did you mean `(type: {t}{})`?", if list { " list" } else { "" }),
                        None => "use one of `(type: string)`, `(type: integer)`, `(type: number)`, `(type: date)`, `(type: boolean)`, optionally with `list` (`(type: integer list)`); enums use `One of: a, b`".to_string(),
                    };
                    self.error(Code::InvalidType, f.at, format!("`--{name}` has an unknown type `{bad}`"), hint);
                }
                Fact::Format(format) => {
                    self.warn(
                        Code::FormatType,
                        f.at,
                        format!("`--{name}` says its type is `{format}`, a format of text, so it is read as a string"),
                        format!("write `(type: string)` and describe the format (`{format}`) in words; a command's value is not checked against it"),
                    );
                }
                _ => {}
            }
            if let Some((t, words)) = claim(&f.fact) {
                claims.push((t, words, f.at, &f.fact));
            }
        }
        let first = claims.first()?;
        let is_enum = claims.iter().any(|c| c.0 == ValueType::Enum);
        // Values refine a text or number type: `type: string` with `enum:`,
        // `(type: integer)` with `One of: 1, 2, 3`.
        let values: Vec<&String> =
            claims.iter().filter_map(|c| if let Fact::Values(v) = c.3 { Some(v) } else { None }).flatten().collect();
        let fits = |t: ValueType| match t {
            ValueType::Enum | ValueType::String => true,
            ValueType::Integer => values.iter().all(|v| parse_integer(v).is_some()),
            ValueType::Number => values.iter().all(|v| is_number(v)),
            _ => false,
        };
        let result = if is_enum { ValueType::Enum } else { first.0 };
        let clash = claims.iter().find(|c| if is_enum { !fits(c.0) } else { c.0 != first.0 });
        if let Some(other) = clash {
            let against = claims.iter().find(|c| c.0 != other.0).unwrap_or(first);
            self.conflict("is", (&against.1, against.2), (&other.1, other.2));
        }
        let at = claims.iter().find(|c| c.0 == result).map_or(first.2, |c| c.2);
        Some((result, at))
    }

    /// Whether the flag must be given, and what decided it.
    fn required(&mut self, facts: &[Stated], group: Option<Source>, usage: Option<&UsageFlag>) -> (bool, Source) {
        let said: Vec<(bool, Source)> = facts
            .iter()
            .filter(|f| !f.implied())
            .filter_map(|f| if let Fact::Required(r) = f.fact { Some((r, f.at)) } else { None })
            .collect();
        if let Some(&(first, at)) = said.first() {
            if let Some(&(_, other)) = said.iter().find(|(r, _)| *r != first) {
                let word = |r: bool| if r { "`(required)`" } else { "`(optional)`" };
                self.conflict("is marked", (word(first), at), (word(!first), other));
            }
            return (first, at);
        }
        if let Some(f) = facts.iter().find(|f| matches!(f.fact, Fact::Required(_))) {
            return (f.fact == Fact::Required(true), f.at);
        }
        if let Some(at) = group {
            return (true, at);
        }
        if let Some(u) = usage {
            return (!u.optional, Source::at(u.line, u.column, Origin::Usage));
        }
        (false, Source::at(0, 0, Origin::Unstated))
    }

    /// The type of a flag no statement types: whether it takes a value (its
    /// placeholder, a default, Usage, the section's layout), then which
    /// (the placeholder's name, the default's shape, text).
    #[allow(clippy::too_many_arguments)]
    fn inferred_type(
        &mut self,
        decl: &Decl,
        usage: Option<&UsageFlag>,
        cx: Context,
        defaults: &[&Stated],
        required: bool,
        prose: &str,
    ) -> (ValueType, Source) {
        let name = self.name;
        let here = Source::at(decl.line, decl.column, Origin::Layout);
        let default_text = defaults.first().map(|d| default_words(&d.fact));
        let is_switch_default = |d: &str| d.eq_ignore_ascii_case("true") || d.eq_ignore_ascii_case("false");
        // Whether it takes a value, and what says so. In a section whose
        // lines show values as help output does, a line that shows none is
        // a switch whose default in words says what leaving it out means,
        // unless the default is a number or a date.
        let layout = decl.shows_no_value && cx.shows_values;
        // A default in quotes or backticks, a number or a date is a value.
        let valued_default = |f: &Fact| match f {
            Fact::Default(DefaultValue::Text(t)) => {
                describe::unmistakable(t.trim()) || split_values(t, true).iter().all(|v| Date::parse(v).is_ok())
            }
            _ => true,
        };
        let takes: (bool, Source) = match (defaults.first(), default_text.as_deref()) {
            _ if decl.placeholder.is_some() => (true, decl.placeholder.as_ref().map_or(here, |p| p.at)),
            (Some(d), Some(t)) if is_switch_default(t) => (false, Source { origin: Origin::DefaultValue, ..d.at }),
            (Some(d), Some(_)) if valued_default(&d.fact) => (true, Source { origin: Origin::DefaultValue, ..d.at }),
            _ if let Some(u) = usage => (u.placeholder.is_some(), Source::at(u.line, u.column, Origin::Usage)),
            // Help output always shows a value: a line without one is a
            // switch, unless it is required or its prose names values.
            _ if layout => (required || prose_enum(prose).is_some(), here),
            (Some(d), Some(_)) => (true, Source { origin: Origin::DefaultValue, ..d.at }),
            _ if let Some((value, line)) = example_value(name, cx.examples) => {
                let (what, fix) = if value {
                    (
                        "give it a value, so it is read as taking text",
                        format!("write a placeholder (`--{name} <value>`) or a type (`(type: string)`)"),
                    )
                } else {
                    ("give it none, so it is read as a switch", "write `(boolean)` to state it".to_string())
                };
                let at = Source::at(decl.line, decl.column, Origin::Example);
                self.warn(
                    Code::UntypedFlag,
                    at,
                    format!("nothing says whether `--{name}` takes a value; the examples {what}"),
                    fix,
                );
                (value, Source::at(line, 1, Origin::Example))
            }
            _ => {
                self.warn(
                    Code::UntypedFlag,
                    Source::at(decl.line, decl.column, Origin::Unstated),
                    format!("nothing says whether `--{name}` takes a value, so it is read as taking text"),
                    format!("write a placeholder (`--{name} <value>`) or a type (`(type: integer)`); for a switch, `(boolean)`"),
                );
                (true, Source::at(decl.line, decl.column, Origin::Unstated))
            }
        };
        if !takes.0 {
            return (ValueType::Boolean, takes.1);
        }
        // Which value: what the placeholder's name says, in the flag's own
        // line or in Usage; the default's shape; else text.
        if let Some(p) = &decl.placeholder {
            if let Some((t, _)) = placeholder_type(&p.text) {
                return (t, p.at);
            }
            if let Some((_, true)) = &p.choices {
                return (ValueType::Enum, p.at);
            }
        }
        if let Some(u) = usage
            && let Some(p) = &u.placeholder
            && let Some((t, _)) = placeholder_type(p)
        {
            return (t, Source::at(u.line, u.column, Origin::Placeholder));
        }
        if let Some(d) = defaults.first() {
            let parts = split_values(&default_words(&d.fact), true);
            if !parts.is_empty() && parts.iter().all(|v| parse_integer(v).is_some()) {
                return (ValueType::Integer, Source { origin: Origin::DefaultValue, ..d.at });
            }
        }
        (ValueType::String, Source { origin: Origin::Unstated, implied: true, ..takes.1 })
    }

    /// Whether the flag takes several values, and what decided it.
    fn list(
        &mut self,
        facts: &[Stated],
        decl: &Decl,
        usage: Option<&UsageFlag>,
        value_type: ValueType,
    ) -> (bool, Source) {
        let name = self.name;
        let lists = |implied: bool| {
            facts.iter().filter(move |f| f.implied() == implied).filter_map(|f| match f.fact {
                Fact::List(l) => Some((l, f.at)),
                _ => None,
            })
        };
        // `...` after the placeholder (or a list type name, `strings`), in
        // the flag's line or in Usage.
        let repeated = match &decl.placeholder {
            Some(p) if p.repeated || placeholder_type(&p.text).is_some_and(|t| t.1) => Some(p.at),
            _ => usage
                .filter(|u| u.repeated && decl.placeholder.as_ref().is_none_or(|p| !p.repeated))
                .map(|u| Source::at(u.line, u.column, Origin::Usage)),
        };
        let said: Vec<(bool, Source)> = lists(false).collect();
        let decided = if let Some(&(first, at)) = said.first() {
            if let Some(&(_, other)) = said.iter().find(|(l, _)| *l != first) {
                let word = |l: bool| if l { "takes several values" } else { "takes one value" };
                self.conflict("says it", (word(first), at), (word(!first), other));
            }
            (first, at)
        } else if let Some((l, at)) = lists(true).next() {
            if let (false, Some(rep)) = (l, repeated) {
                let fix = if facts.iter().any(|f| matches!(f.fact, Fact::Values(_))) {
                    "write `One or more of:` to accept several values, or remove the `...`".to_string()
                } else if value_type == ValueType::Boolean {
                    "a boolean flag takes no value: remove the placeholder and the `...`".to_string()
                } else {
                    format!(
                        "write `(type: {} list)` to accept several values (`--{name} a b`), or remove the `...`",
                        value_type.name()
                    )
                };
                self.warn(
                    Code::UsageMismatch,
                    rep,
                    format!("`--{name}` is shown with `...` (several values) but its description declares one value"),
                    fix,
                );
            }
            (l, at)
        } else if let Some(at) = repeated.filter(|_| value_type != ValueType::Boolean) {
            (true, at)
        } else if value_type == ValueType::Boolean {
            (false, Source::at(decl.line, decl.column, Origin::Unstated))
        } else {
            (false, Source::at(0, 0, Origin::Unstated))
        };
        if decided.0 && value_type == ValueType::Boolean {
            self.error(
                Code::ConflictingMarkers,
                decided.1,
                format!("`--{name}` is a boolean flag but also takes several values"),
                "a boolean flag takes no value; remove `space-separated` (or the list type) or the boolean marker",
            );
        }
        decided
    }

    /// The enum's values: every statement of them agrees, each is a valid
    /// word listed once.
    fn values(&mut self, facts: &[Stated], decl: &Decl) -> (Vec<String>, Option<Source>) {
        let name = self.name;
        let mut stated = facts.iter().filter_map(|f| match &f.fact {
            Fact::Values(v) if !v.is_empty() => Some((v, f.at)),
            _ => None,
        });
        let chosen = match stated.next() {
            Some((first, at)) => {
                let same = |a: &Vec<String>, b: &Vec<String>| {
                    a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| x.eq_ignore_ascii_case(y)))
                };
                if let Some((other, other_at)) = stated.find(|(v, _)| !same(first, v)) {
                    let (a, b) = (format!("one of {}", first.join(", ")), format!("one of {}", other.join(", ")));
                    self.conflict("is", (&a, at), (&b, other_at));
                }
                Some((first.clone(), at))
            }
            None => decl.placeholder.as_ref().and_then(|p| Some((p.choices.as_ref()?.0.clone(), p.at))),
        };
        let Some((listed, at)) = chosen else {
            let at = facts
                .iter()
                .find(|f| matches!(f.fact, Fact::Values(_) | Fact::EnumType))
                .map_or(Source::at(decl.line, decl.column, Origin::Marker), |f| f.at);
            self.error(
                Code::InvalidEnumValue,
                at,
                format!("`--{name}` is an enum without values"),
                "list the values: `One of: a, b, c` (or, after `(type: enum)`, each in backticks: `a`, `b` or `c`)",
            );
            return (Vec::new(), None);
        };
        let mut values: Vec<String> = Vec::with_capacity(listed.len());
        for v in listed {
            if !is_enum_value(&v) {
                self.error(
                    Code::InvalidEnumValue,
                    at,
                    format!("`{v}` is not a valid value of `--{name}`"),
                    "enum values are single words of letters, digits and `_ . : / + -`; end the list with `.` or `(` before more prose",
                );
            } else if values.iter().any(|x| x.eq_ignore_ascii_case(&v)) {
                self.error(
                    Code::InvalidEnumValue,
                    at,
                    format!("`{v}` is listed twice in `--{name}`"),
                    "list each value once",
                );
            } else {
                values.push(v);
            }
        }
        (values, Some(at))
    }

    /// The default: every statement of it agrees, and its values fit the
    /// flag. A switch's `false` is no default.
    #[allow(clippy::too_many_arguments)]
    fn default(
        &mut self,
        defaults: &[&Stated],
        decl: &Decl,
        value_type: ValueType,
        list: bool,
        required: bool,
        values: &[String],
        type_at: Source,
    ) -> Option<(Vec<String>, Source)> {
        let name = self.name;
        let first = defaults.first()?;
        let read = |f: &Fact| match f {
            Fact::Default(DefaultValue::Values(v)) if list => v.clone(),
            Fact::Default(DefaultValue::Values(v)) => vec![v.join(", ")],
            Fact::Default(DefaultValue::Text(t)) => split_values(t, list),
            _ => Vec::new(),
        };
        let parts = read(&first.fact);
        for other in &defaults[1..] {
            let theirs = read(&other.fact);
            let same = parts.len() == theirs.len() && parts.iter().zip(&theirs).all(|(a, b)| a.eq_ignore_ascii_case(b));
            if !same {
                let (a, b) = (format!("`{}`", parts.join(", ")), format!("`{}`", theirs.join(", ")));
                self.conflict("defaults to", (&a, first.at), (&b, other.at));
            }
        }
        let at = first.at;
        if value_type == ValueType::Boolean {
            // A switch named by its negated form (`[default: no-color]`).
            let d = parts.first().map(String::as_str).unwrap_or("");
            let d = if decl.negated && d.eq_ignore_ascii_case(name) {
                "true"
            } else if decl.negated && d.strip_prefix("no-").is_some_and(|n| n.eq_ignore_ascii_case(name)) {
                "false"
            } else {
                d
            };
            return match d.to_ascii_lowercase().as_str() {
                "false" => None,
                "true" => Some((vec!["true".to_string()], at)),
                _ if !matches!(type_at.origin, Origin::Marker | Origin::Data) => {
                    let why = match type_at.origin {
                        Origin::Usage => "Usage shows it without a value",
                        _ => "its line shows no value where the others show one",
                    };
                    self.warn(
                        Code::ProseDefault,
                        at,
                        format!("`--{name}` is a switch ({why}), so its default `{d}` says what leaving it out means; it is not applied"),
                        format!("write `(boolean)` and say in words what leaving it out does; if it takes a value, write it: `--{name} <value>`"),
                    );
                    None
                }
                _ => {
                    self.error(
                        Code::InvalidDefault,
                        at,
                        format!("boolean `--{name}` has default `{d}`"),
                        "a boolean flag is false when absent, or `true` with `(default: true)`; remove the default",
                    );
                    None
                }
            };
        }
        let ok_before = std::mem::replace(&mut self.ok, true);
        if required {
            self.error(
                Code::InvalidDefault,
                at,
                format!("`--{name}` is `(required)` and has a default, which would never be used"),
                "remove `(required)` or the default",
            );
        }
        // `(default: "")`: the empty string, written so.
        let quoted_empty = match &first.fact {
            Fact::Default(DefaultValue::Text(t)) => t.trim().len() >= 2 && strip_quotes(t).is_empty(),
            Fact::Default(DefaultValue::Values(v)) => v.len() == 1 && v[0].is_empty(),
            _ => false,
        };
        let empty_string = quoted_empty && value_type == ValueType::String && !list;
        if parts.iter().all(String::is_empty) && !empty_string {
            self.error(
                Code::InvalidDefault,
                at,
                format!("`--{name}` has an empty default"),
                if list {
                    "a list's default lists its values (`(default: a, b)`); without the marker, an absent list is empty"
                } else if value_type == ValueType::String {
                    "write the empty string quoted, `(default: \"\")`, or remove the marker"
                } else {
                    "write the value, or remove the marker: an optional flag without a default is absent when not given"
                },
            );
        } else if parts.len() > 1 && !list {
            self.error(
                Code::InvalidDefault,
                at,
                format!("`--{name}` takes one value but its default lists {}", parts.len()),
                "give one default value, or make the flag a list (`space-separated` / `One or more of:`)",
            );
        }
        for v in parts.iter().filter(|v| !v.is_empty()) {
            self.default_value(v, value_type, values, at);
        }
        let good = self.ok;
        self.ok &= ok_before;
        if !good {
            return None;
        }
        // Enum defaults are stored as the value list writes them.
        let parts = parts
            .into_iter()
            .map(|v| match values.iter().find(|x| x.eq_ignore_ascii_case(&v)) {
                Some(listed) => listed.clone(),
                None => v,
            })
            .collect();
        Some((parts, at))
    }

    /// One value of a default, checked against the flag's type.
    fn default_value(&mut self, v: &str, value_type: ValueType, values: &[String], at: Source) {
        let name = self.name;
        match value_type {
            ValueType::Integer if parse_integer(v).is_none() => self.error(
                Code::InvalidDefault,
                at,
                format!("default `{v}` of `--{name}` is not an integer"),
                "write an integer such as `(default: 20)`",
            ),
            ValueType::Number if !is_number(v) => self.error(
                Code::InvalidDefault,
                at,
                format!("default `{v}` of `--{name}` is not a number"),
                "write a number such as `(default: 0.5)`",
            ),
            ValueType::Date => {
                if let Err(e) = Date::parse(v) {
                    self.error(Code::InvalidDefault, at, format!("default `{v}` of `--{name}` is not a date: {e}"), "write `(default: 2026-01-31)`, or leave the flag optional and describe the fallback in `## Behavior`");
                }
            }
            ValueType::Enum if !values.is_empty() && !values.iter().any(|x| x.eq_ignore_ascii_case(v)) => self.error(
                Code::InvalidDefault,
                at,
                format!("default `{v}` of `--{name}` is not one of its values ({})", values.join(", ")),
                format!("use one of: {}", values.join(", ")),
            ),
            _ => {}
        }
    }

    /// Prose that looks like a statement it is not: values listed without
    /// `One of:`, a list described as comma-separated or with a plural
    /// placeholder, a type or a default named in words.
    #[allow(clippy::too_many_arguments)]
    fn prose(
        &mut self,
        decl: &Decl,
        prose: &str,
        value_type: ValueType,
        list: bool,
        placeholder: Option<&str>,
        has_default: bool,
        facts: &[Stated],
    ) {
        let name = self.name;
        let here = Source::at(decl.line, decl.column, Origin::Marker);
        let typed = facts.iter().any(|f| matches!(f.fact, Fact::Type(_) | Fact::Format(_)));
        let explicit_string = facts.iter().any(|f| f.fact == Fact::Type(ValueType::String));
        let choices = || placeholder.and_then(super::lex::placeholder_choices).map(|c| c.0);
        if value_type == ValueType::String
            && !explicit_string
            && let Some(vals) = prose_enum(prose).or_else(choices)
        {
            self.warn(
                Code::ProseEnum,
                here,
                format!("`--{name}` lists values ({}) but without `One of:` it accepts any text", vals.join(", ")),
                format!(
                    "write `One of: {}` to make it an enum, or add `(type: string)` to keep it free text",
                    vals.join(", ")
                ),
            );
        }
        let has = |w: &str| find_ignore_ascii_case(prose, w).is_some();
        let comma_separated = has("comma-separated") || has("comma separated");
        if list && comma_separated && !has("not comma") && !has("space-separated") && !has("space separated") {
            self.warn(
                Code::ProseList,
                here,
                format!(
                    "`--{name}` is described as comma-separated, but commands separate a list's values with spaces"
                ),
                format!(
                    "write `space-separated` instead: a command writes `--{name} a b`, and `--{name} a,b` is an error"
                ),
            );
        }
        if !list && !typed {
            if comma_separated {
                self.warn(
                    Code::ProseList,
                    here,
                    format!("`--{name}` is described as comma-separated but takes one value"),
                    format!("commands separate values with spaces: write `space-separated` (then `--{name} a b`), or add `(type: string)` to keep one value"),
                );
            } else if let Some(p) = placeholder
                && looks_plural(p)
                && value_type == ValueType::String
            {
                self.warn(
                    Code::ProseList,
                    here,
                    format!("`--{name}` has the plural placeholder `<{p}>` but takes one value"),
                    format!("add `space-separated` to its description to accept several values (`--{name} a b`), or add `(type: string)` to keep one"),
                );
            }
        }
        if value_type == ValueType::String
            && !typed
            && let Some((named, words)) = prose_type(prose)
        {
            let (what, marker, example) = match named {
                ValueType::Integer => ("an integer", "integer", "20"),
                ValueType::Number => ("a decimal number", "number", "0.5"),
                _ => ("a date", "date", "2026-01-31"),
            };
            let marker = if list { format!("(type: {marker} list)") } else { format!("(type: {marker})") };
            self.warn(
                Code::ProseType,
                here,
                format!("`--{name}` is described as {what} (`{words}`) but no marker types it, so it accepts any text"),
                format!("add `{marker}` so that commands are checked (`--{name} {example}`), or `(type: string)` to keep free text"),
            );
        }
        // (A switch's prose about its default says what leaving it out does.)
        if !has_default && value_type != ValueType::Boolean && mentions_default(prose) {
            self.warn(
                Code::ProseDefault,
                here,
                format!("`--{name}` mentions a default in prose, which the runtime cannot apply"),
                "state it as a marker: `(default: value)`",
            );
        }
    }

    /// Usage showing the flag given more than once, or its description
    /// telling the model to repeat it: a command gives a flag once, with
    /// its values after it. One warning, at Usage when it shows the repeat.
    fn repetition(
        &mut self,
        here: Source,
        prose: &str,
        usage: Option<&UsageFlag>,
        value_type: ValueType,
        list: bool,
        placeholder: Option<&str>,
    ) {
        let name = self.name;
        let p = placeholder.unwrap_or("value");
        let refused =
            format!("a command gives a flag once, with all its values after it: a second `--{name}` is an error");
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
                format!("Usage shows `--{name}` given more than once, but {refused}"),
                hint,
            );
            return;
        }
        if here.line > 0 && value_type == ValueType::Boolean && self.counted {
            self.warn(
                Code::RepeatedFlag,
                here,
                format!("`--{name}...` is a switch given again and again, but {refused}"),
                format!("write `--{name}` once; for a level, make it take a number: `--{name} <n>  (type: integer)`"),
            );
            return;
        }
        let Some(words) = prose_repeat(prose) else { return };
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
            here,
            format!("`--{name}` is described as given more than once (`{words}`), but {refused}"),
            hint,
        );
    }

    /// Whether Usage shows the flag as the statements declare it: optional
    /// in brackets, a value after it unless it is a switch; and that it
    /// shows it at all when the skill's Usage lists flags.
    #[allow(clippy::too_many_arguments)]
    fn usage_agreement(
        &mut self,
        here: Source,
        usage: Option<&UsageFlag>,
        usage_lists_flags: bool,
        required: (bool, Source),
        value_type: ValueType,
        line_placeholder: bool,
        placeholder: Option<&str>,
    ) {
        let name = self.name;
        let Some(u) = usage else {
            if usage_lists_flags {
                let value = if value_type == ValueType::Boolean {
                    String::new()
                } else {
                    format!(" <{}>", placeholder.unwrap_or("value"))
                };
                let hint = if required.0 {
                    format!("add `--{name}{value}` to the usage line")
                } else {
                    format!("add `[--{name}{value}]` to the usage line")
                };
                self.warn(
                    Code::FlagNotInUsage,
                    here,
                    format!("`--{name}` is documented in Flags but not shown in Usage"),
                    hint,
                );
            }
            return;
        };
        let at = Source::at(u.line, u.column, Origin::Usage);
        if required.1.origin != Origin::Usage {
            if required.0 && u.optional {
                self.warn(
                    Code::UsageMismatch,
                    at,
                    format!("Usage shows `--{name}` in brackets (optional) but Flags marks it `(required)`"),
                    format!("remove the brackets around `--{name}` in Usage, or the `(required)` marker"),
                );
            } else if !required.0 && !u.optional {
                self.warn(
                    Code::UsageMismatch,
                    at,
                    format!("Usage shows `--{name}` as required (no brackets) but Flags makes it optional"),
                    format!("add `(required)` to `--{name}` in Flags (and remove its default), or put it in brackets in Usage"),
                );
            }
        }
        if value_type == ValueType::Boolean && u.placeholder.is_some() {
            self.warn(
                Code::UsageMismatch,
                at,
                format!("Usage shows a value for `--{name}` but Flags makes it a boolean"),
                format!("remove the placeholder after `--{name}` in Usage"),
            );
        } else if value_type != ValueType::Boolean && u.placeholder.is_none() && !line_placeholder {
            self.warn(
                Code::UsageMismatch,
                at,
                format!("Usage shows `--{name}` without a value but Flags makes it {}", value_type.name()),
                format!("write a placeholder after it in Usage: `--{name} <value>`"),
            );
        }
    }
}

/// Whether the examples give `--name` a value (`--name x`, `--name=x`) or
/// none (`--name` last, or before another flag), and the line of the
/// first that does; `None` when no example gives it. One with a value
/// anywhere says it takes one.
fn example_value(name: &str, examples: &[crate::examples::Example]) -> Option<(bool, usize)> {
    let mut found: Option<(bool, usize)> = None;
    for e in examples {
        let Ok(tokens) = skills_core::tokenize::split(&e.text) else { continue };
        for (i, t) in tokens.iter().enumerate() {
            let Some(flag) = t.strip_prefix("--") else { continue };
            let (flag, inline) = match flag.split_once('=') {
                Some((f, _)) => (f, true),
                None => (flag, false),
            };
            if !skills_core::args::same_flag_name(flag, name) {
                continue;
            }
            let next_is_flag = tokens.get(i + 1).is_none_or(|n| {
                n.strip_prefix('-').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_alphabetic() || c == '-'))
            });
            let value = inline || !next_is_flag;
            match &mut found {
                Some((v, _)) => *v |= value,
                None => found = Some((value, e.line)),
            }
        }
    }
    found
}

/// A default's text as written, for its shape: its values joined.
fn default_words(f: &Fact) -> String {
    match f {
        Fact::Default(DefaultValue::Text(t)) => strip_quotes(t).to_string(),
        Fact::Default(DefaultValue::Values(v)) => v.join(", "),
        _ => String::new(),
    }
}

/// The values of a default written as text: one value, its quotes or
/// backticks removed; or, for a list, values separated by commas, each
/// maybe quoted (a comma inside quotes is part of its value).
pub(crate) fn split_values(text: &str, list: bool) -> Vec<String> {
    let t = text.trim();
    if !list {
        return vec![strip_quotes(t).to_string()];
    }
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quote = None;
    for c in t.chars() {
        match (quote, c) {
            (None, '"' | '\'' | '`') => {
                quote = Some(c);
                current.push(c);
            }
            (Some(q), c) if c == q => {
                quote = None;
                current.push(c);
            }
            (None, ',') => out.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    out.push(current);
    out.iter().map(|v| strip_quotes(v).to_string()).filter(|v| !v.is_empty()).collect()
}

/// Checks flags against each other: duplicates, short spellings given to
/// two flags, the count.
pub(crate) fn check_set(decls: &[Decl], flags: usize, sink: &mut Sink<'_>) {
    for (i, f) in decls.iter().enumerate() {
        if let Some(prev) = decls[..i].iter().find(|p| skills_core::args::same_flag_name(&p.name, &f.name)) {
            let message = if prev.name == f.name {
                format!("flag `--{}` is declared twice (first on line {})", f.name, prev.line)
            } else {
                format!(
                    "flags `--{}` and `--{}` (line {}) are the same flag to the parser",
                    f.name, prev.name, prev.line
                )
            };
            sink.push(Code::DuplicateFlag, f.line, f.column, message, "remove one of the declarations");
        }
        let Some(c) = f.short else { continue };
        let clash = decls[..i].iter().find(|p| p.short == Some(c)).map(|p| (&p.name, p.line)).or_else(|| {
            decls
                .iter()
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
    if flags > skills_core::spec::MAX_FLAGS {
        let line = decls.first().map_or(0, |f| f.line);
        sink.push(
            Code::TooManyFlags,
            line,
            0,
            format!("the skill declares {flags} flags; at most {} are supported", skills_core::spec::MAX_FLAGS),
            "split the skill into several skills",
        );
    }
}
