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
//! 6. the examples, for a flag nothing says takes a value or not;
//! 7. the format's defaults: text, one value, optional.

use super::decl::{Decl, DefaultValue, Fact, Stated};
use super::describe;
use super::prose::{looks_plural, mentions_default, prose_enum, prose_repeat, prose_several, prose_type, strip_quotes};
use super::types::placeholder_type;
use super::{Flag, Origin, Source, Sources};
use crate::diagnostic::{Code, Sink};
use crate::examples::Example;
use crate::lex::{is_enum_value, placeholder_choices};
use crate::usage::UsageFlag;
use crate::words::find_ignore_ascii_case;
use skills_core::Date;
use skills_core::args::{is_number, parse_integer};
use skills_core::spec::ValueType::{self, Boolean, Enum, Integer, Number, String as Text};
use std::borrow::Cow;

/// What the section a flag is declared in says about all its flags.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Context<'e> {
    /// The section's flag lines show values as help output does.
    pub(crate) shows_values: bool,
    /// The skill has a Usage section that lists its flags.
    pub(crate) usage_lists_flags: bool,
    /// The skill's examples, which show whether a flag no statement types
    /// takes a value.
    pub(crate) examples: &'e [Example],
}

/// Resolves `decl` (with what Usage shows of it) into a flag; `None` when
/// an error leaves it out.
/// `scratch`: a buffer for the statements of a description, reused from
/// flag to flag.
pub(crate) fn resolve(
    decl: &mut Decl,
    usage: Option<&UsageFlag>,
    cx: Context,
    scratch: &mut Scratch,
    sink: &mut Sink<'_>,
) -> Option<Flag> {
    let Scratch { described: buffers, facts } = scratch;
    let enum_type = decl.facts.iter().any(|f| f.fact == Fact::EnumType);
    let text = std::mem::take(&mut decl.description);
    facts.clear();
    facts.append(&mut decl.facts);
    let described = describe::read(&text, enum_type, buffers);
    facts.extend(described.facts.drain(..).map(|(fact, implied, offset)| {
        let (line, column) = text.place(offset);
        Stated { fact, at: Source { implied, ..Source::at(line, column, Origin::Marker) } }
    }));
    let (decl, here) = (&*decl, Source::at(decl.line, decl.column, Origin::Marker));
    if decl.negated {
        facts.push(Stated { fact: Fact::Type(Boolean), at: here });
    }
    let placeholder = (decl.placeholder.as_ref().map(|p| (p.text.clone(), p.at)))
        .or_else(|| Some((usage?.placeholder.clone()?, usage_at(usage?))));
    let several = described.several;
    let mut r = Resolver { decl, usage, cx, facts, prose: described.prose, several, here, sink, ok: true, placeholder };
    if decl.negated {
        let name = &decl.name;
        r.warn(
            Code::NegatedForm,
            here,
            format!("`--{name}` is documented with its negated form, which declares the switch `--{name}`; commands cannot write `--no-{name}`"),
            format!("write `--{name}` (a switch is off when left out, or `--{name} false`), and say in its description what leaving it out means"),
        );
    }
    let (required, required_at) = r.required();
    let (value_type, type_at) = r.stated_type().unwrap_or_else(|| r.inferred_type(required));
    let (list, list_at) = r.list(value_type);
    let (values, values_at) = if value_type == Enum { r.values() } else { (Vec::new(), None) };
    let default = r.default(value_type, list, required, &values, type_at);
    r.prose_checks(value_type, list, default.is_some());
    r.usage_checks(value_type, (required, required_at));
    r.repetition(value_type, list);
    let (placeholder, default_at) = (r.placeholder.take(), default.as_ref().map(|d| d.1));
    if !r.ok {
        return None;
    }
    let sources = Sources {
        value_type: type_at,
        list: list_at,
        required: required_at,
        default: default_at,
        values: values_at,
        placeholder: placeholder.as_ref().map(|p| p.1),
    };
    // The values given as list items, then what the items say of them.
    let mut description = text.text;
    if !decl.items.is_empty() {
        let listed: Vec<&str> = decl.items.iter().map(|(v, _)| v.as_str()).collect();
        description.push_str(&format!(" {}.", listed.join(", ")));
        let notes: Vec<String> =
            decl.items.iter().filter(|(_, n)| !n.is_empty()).map(|(v, n)| format!("{v}: {n}")).collect();
        if !notes.is_empty() {
            description.push_str(&format!(" ({})", notes.join("; ")));
        }
    }
    let default = default.map(|d| d.0);
    Some(Flag {
        name: decl.name.clone(),
        short: decl.short,
        placeholder: placeholder.map(|p| p.0),
        description,
        value_type,
        list,
        required,
        values_lines: values.join("\n"),
        default_lines: default.as_ref().map(|d| d.join("\n")),
        values,
        default,
        line: decl.line,
        column: decl.column,
        sources,
    })
}

/// What resolving one flag after another reuses: buffers that keep their
/// room from flag to flag.
#[derive(Default)]
pub(crate) struct Scratch {
    described: describe::Buffers,
    /// The statements about the flag being resolved.
    facts: Vec<Stated>,
}

/// The values, in ASCII lowercase, as a set.
fn lowercase(values: &[String]) -> foldhash::HashSet<String> {
    values.iter().map(|v| v.to_ascii_lowercase()).collect()
}

/// Where Usage shows a flag.
fn usage_at(u: &UsageFlag) -> Source {
    Source::at(u.line, u.column, Origin::Usage)
}

/// One flag being resolved: its declaration and what else speaks of it,
/// where its problems go, and whether one of them leaves the flag out.
struct Resolver<'r, 's> {
    decl: &'r Decl,
    usage: Option<&'r UsageFlag>,
    cx: Context<'r>,
    facts: &'r [Stated],
    /// The description with its markers blanked out.
    prose: &'r str,
    /// The description says `multiple` or `several`.
    several: bool,
    here: Source,
    sink: &'r mut Sink<'s>,
    ok: bool,
    /// The placeholder, from the flag's line or else from Usage.
    placeholder: Option<(String, Source)>,
}

/// What a statement says about the type.
fn claim(fact: &Fact) -> Option<(ValueType, &Fact)> {
    Some(match fact {
        Fact::Type(t) => (*t, fact),
        Fact::Format(_) => (Text, fact),
        Fact::EnumType | Fact::Values(_) => (Enum, fact),
        _ => return None,
    })
}

/// A statement about the type, in words for a message.
fn claimed(fact: &Fact) -> String {
    match fact {
        Fact::Type(t) => format!("`{}`", t.name()),
        Fact::Format(f) => format!("`{f}` (text)"),
        Fact::Values(v) if !v.is_empty() => format!("one of {}", v.join(", ")),
        Fact::Values(_) => "an enum".to_string(),
        _ => "`enum`".to_string(),
    }
}

impl<'r> Resolver<'r, '_> {
    /// A problem at `at` that leaves the flag out.
    fn error(&mut self, code: Code, at: Source, message: String, hint: impl Into<String>) {
        self.sink.push(code, at.line, at.column, message, hint);
        self.ok = false;
    }

    /// A problem at `at`; the flag is kept.
    fn warn(&mut self, code: Code, at: Source, message: String, hint: impl Into<String>) {
        self.sink.push(code, at.line, at.column, message, hint);
    }

    /// What the statements (`implied` or not) say of the property `pick`
    /// reads, in order.
    fn said<T, P: Fn(&'r Fact) -> Option<T>>(
        &self,
        implied: bool,
        pick: P,
    ) -> impl Iterator<Item = (T, Source)> + use<'r, T, P> {
        let facts: &'r [Stated] = self.facts;
        facts.iter().filter(move |f| f.implied() == implied).filter_map(move |f| Some((pick(&f.fact)?, f.at)))
    }

    /// The first of `said`, reporting the first statement that disagrees
    /// with it (`words` says a value in a message).
    fn agreed<T>(
        &mut self,
        what: &str,
        said: impl IntoIterator<Item = (T, Source)>,
        same: impl Fn(&T, &T) -> bool,
        words: impl Fn(&T) -> String,
    ) -> Option<(T, Source)> {
        let mut said = said.into_iter();
        let (first, at) = said.next()?;
        if let Some((other, other_at)) = said.find(|(v, _)| !same(v, &first)) {
            let (name, place) = (
                &self.decl.name,
                if at.line == other_at.line { "on the same line".to_string() } else { format!("on line {}", at.line) },
            );
            self.error(
                Code::ConflictingMarkers,
                other_at,
                format!("`--{name}` {what} {} here but {} {place}", words(&other), words(&first)),
                "keep the statement that is right and remove the other",
            );
        }
        Some((first, at))
    }

    /// The type the statements state, if any; an unknown type word is an
    /// error, a format of text a warning.
    fn stated_type(&mut self) -> Option<(ValueType, Source)> {
        let decl = self.decl;
        let name = decl.name.as_str();
        for f in self.facts {
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
                Fact::Format(format) => self.warn(
                    Code::FormatType,
                    f.at,
                    format!("`--{name}` says its type is `{format}`, a format of text, so it is read as a string"),
                    format!("write `(type: string)` and describe the format (`{format}`) in words; a command's value is not checked against it"),
                ),
                _ => {}
            }
        }
        // One statement of the type (the usual case) is the type.
        let mut said = self.said(false, claim);
        let first = said.next()?;
        if said.next().is_none() {
            return Some((first.0.0, first.1));
        }
        // Values refine a text or number type: `type: string` with `enum:`,
        // `(type: integer)` with `One of: 1, 2, 3`.
        let mut claims: Vec<_> = self.said(false, claim).collect();
        claims.sort_by_key(|c| c.0.0 != Enum);
        let values: Vec<&String> = (self.said(false, |f| if let Fact::Values(v) = f { Some(v) } else { None }))
            .flat_map(|(v, _)| v.iter())
            .collect();
        let fits = |a: &(ValueType, &Fact), b: &(ValueType, &Fact)| match (a.0, b.0) {
            (Enum | Text, Enum) | (Enum, Text) => true,
            (Integer, Enum) | (Enum, Integer) => values.iter().all(|v| parse_integer(v).is_some()),
            (Number, Enum) | (Enum, Number) => values.iter().all(|v| is_number(v)),
            (x, y) => x == y,
        };
        let ((t, _), at) = self.agreed("is", claims, fits, |c| claimed(c.1))?;
        Some((t, at))
    }

    /// Whether the flag must be given, and what decided it.
    fn required(&mut self) -> (bool, Source) {
        let pick = |f: &Fact| if let Fact::Required(r) = f { Some(*r) } else { None };
        let word = |r: &bool| if *r { "`(required)`" } else { "`(optional)`" }.to_string();
        if let Some(stated) = self.agreed("is marked", self.said(false, pick), bool::eq, word) {
            return stated;
        }
        // A default implies that the flag may be left out.
        let implied = self.facts.iter().find_map(|f| match f.fact {
            Fact::Required(r) if f.implied() => Some((r, f.at)),
            Fact::Default(_) if !f.implied() => Some((false, Source { implied: true, ..f.at })),
            _ => None,
        });
        if let Some(implied) = implied {
            return implied;
        }
        match (self.decl.group, self.usage) {
            (Some(at), _) => (true, at),
            (None, Some(u)) => (!u.optional, usage_at(u)),
            (None, None) => (false, Source::at(0, 0, Origin::Unstated)),
        }
    }

    /// The type of a flag no statement types: whether it takes a value (its
    /// placeholder, a default, Usage, the section's layout, the examples),
    /// then which (the placeholder's name, the default's shape, text).
    fn inferred_type(&mut self, required: bool) -> (ValueType, Source) {
        let decl = self.decl;
        let name = decl.name.as_str();
        let facts: &'r [Stated] = self.facts;
        let default = facts.iter().find(|f| matches!(f.fact, Fact::Default(_)));
        let words = default.as_ref().map(|d| default_words(&d.fact));
        let switch_words =
            words.as_deref().is_some_and(|d| d.eq_ignore_ascii_case("true") || d.eq_ignore_ascii_case("false"));
        // A default in quotes or backticks, a number or a date is a value;
        // one in words beside a line that shows no value, where the others
        // show one, says what leaving a switch out means.
        let valued = default.as_ref().is_some_and(|d| match &d.fact {
            Fact::Default(DefaultValue::Text(t)) => {
                describe::unmistakable(t.trim()) || split_values(t, true).iter().all(|v| Date::parse(v).is_ok())
            }
            Fact::Default(DefaultValue::Words(_)) => false,
            _ => true,
        });
        let layout = decl.shows_no_value && self.cx.shows_values;
        let by_default = default.as_ref().map(|d| Source { origin: Origin::DefaultValue, ..d.at });
        // A list stated (`space-separated`, a `[]` default) takes values.
        let listed = facts.iter().find(|f| f.fact == Fact::List(true) && !f.implied());
        let takes: (bool, Source) = match (by_default, self.usage) {
            _ if decl.placeholder.is_some() => (true, decl.placeholder.as_ref().map_or(self.here, |p| p.at)),
            _ if let Some(l) = listed => (true, l.at),
            (Some(at), _) if switch_words => (false, at),
            (Some(at), _) if valued => (true, at),
            (_, Some(u)) => (u.placeholder.is_some(), usage_at(u)),
            // Help output always shows a value: a line without one is a
            // switch, unless it is required or its prose names values.
            _ if layout => {
                (required || prose_enum(self.prose).is_some(), Source { origin: Origin::Layout, ..self.here })
            }
            (Some(at), _) => (true, at),
            _ => {
                let example = example_value(name, decl.short, self.cx.examples);
                let at = Source::at(
                    decl.line,
                    decl.column,
                    if example.is_some() { Origin::Example } else { Origin::Unstated },
                );
                let (message, hint) = match example {
                    Some((true, _)) => (
                        "the examples give it a value, so it is read as taking text",
                        format!("write a placeholder (`--{name} <value>`) or a type (`(type: string)`)"),
                    ),
                    Some((false, _)) => (
                        "the examples give it none, so it is read as a switch",
                        "write `(boolean)` to state it".to_string(),
                    ),
                    None => (
                        "so it is read as taking text",
                        format!(
                            "write a placeholder (`--{name} <value>`) or a type (`(type: integer)`); for a switch, `(boolean)`"
                        ),
                    ),
                };
                let joint = if example.is_some() { ";" } else { "," };
                self.warn(
                    Code::UntypedFlag,
                    at,
                    format!("nothing says whether `--{name}` takes a value{joint} {message}"),
                    hint,
                );
                match example {
                    Some((value, line)) => (value, Source::at(line, 1, Origin::Example)),
                    None => (true, at),
                }
            }
        };
        if !takes.0 {
            return (Boolean, takes.1);
        }
        // Which value: the placeholder's name, on the flag's own line or in
        // Usage; the default's shape; else text. A name that counts (`N`)
        // with a decimal default (`1.0`) is a number.
        let shape = || {
            let parts = split_values(words.as_deref()?, true);
            let all = |f: fn(&str) -> bool| !parts.is_empty() && parts.iter().all(|v| f(v));
            let at = by_default?;
            (all(|v| parse_integer(v).is_some()).then_some((Integer, at)))
                .or_else(|| all(is_number).then_some((Number, at)))
        };
        let decimal = words.as_deref().is_some_and(|w| w.contains('.'));
        let named = |t, at| match (t == Integer && decimal).then(shape).flatten() {
            Some((Number, by)) => (Number, by),
            _ => (t, at),
        };
        if let Some(p) = &decl.placeholder {
            match (placeholder_type(&p.text), &p.choices) {
                (Some((t, _)), _) => return named(t, p.at),
                (None, Some((_, true))) => return (Enum, p.at),
                _ => {}
            }
        }
        if let Some(u) = self.usage
            && let Some((t, _)) = u.placeholder.as_deref().and_then(placeholder_type)
        {
            return named(t, Source { origin: Origin::Placeholder, ..usage_at(u) });
        }
        match shape() {
            Some((Integer, at)) => (Integer, at),
            _ => (Text, Source { origin: Origin::Unstated, implied: true, ..takes.1 }),
        }
    }

    /// Whether the flag takes several values, and what decided it.
    fn list(&mut self, value_type: ValueType) -> (bool, Source) {
        let decl = self.decl;
        let name = decl.name.as_str();
        let pick = |f: &Fact| if let Fact::List(l) = f { Some(*l) } else { None };
        // `...` after the placeholder (or a list type name, `strings`), in
        // the flag's line or in Usage.
        let repeated = match &decl.placeholder {
            Some(p) if p.repeated || placeholder_type(&p.text).is_some_and(|t| t.1) => Some(p.at),
            _ => {
                self.usage.filter(|u| u.repeated && decl.placeholder.as_ref().is_none_or(|p| !p.repeated)).map(usage_at)
            }
        };
        let word = |l: &bool| if *l { "takes several values" } else { "takes one value" }.to_string();
        let decided = match self.agreed("says it", self.said(false, pick), bool::eq, word) {
            Some(stated) => stated,
            None => match (self.said(true, pick).next(), repeated) {
                (Some((false, at)), Some(rep)) => {
                    let fix = if self.facts.iter().any(|f| matches!(f.fact, Fact::Values(_))) {
                        "write `One or more of:` to accept several values, or remove the `...`".to_string()
                    } else if value_type == Boolean {
                        "a boolean flag takes no value: remove the placeholder and the `...`".to_string()
                    } else {
                        format!(
                            "write `(type: {} list)` to accept several values (`--{name} a b`), or remove the `...`",
                            value_type.name()
                        )
                    };
                    let message = format!(
                        "`--{name}` is shown with `...` (several values) but its description declares one value"
                    );
                    self.warn(Code::UsageMismatch, rep, message, fix);
                    (false, at)
                }
                (Some(implied), _) => implied,
                (None, Some(at)) if value_type != Boolean => (true, at),
                _ => (false, Source::at(0, 0, Origin::Unstated)),
            },
        };
        if decided.0 && value_type == Boolean {
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
    fn values(&mut self) -> (Vec<String>, Option<Source>) {
        let decl = self.decl;
        let name = decl.name.as_str();
        let said = self.said(false, |f| match f {
            Fact::Values(v) if !v.is_empty() => Some(v),
            _ => None,
        });
        // The same values in any order and case.
        let same = |a: &&Vec<String>, b: &&Vec<String>| a.len() == b.len() && lowercase(a) == lowercase(b);
        let decl = self.decl;
        let chosen = (self.agreed("is", said, same, |v| format!("one of {}", v.join(", "))))
            .or_else(|| decl.placeholder.as_ref().and_then(|p| Some((&p.choices.as_ref()?.0, p.at))));
        let Some((listed, at)) = chosen else {
            let at = (self.facts.iter().find(|f| matches!(f.fact, Fact::Values(_) | Fact::EnumType)))
                .map_or(self.here, |f| f.at);
            self.error(
                Code::InvalidEnumValue,
                at,
                format!("`--{name}` is an enum without values"),
                "list the values: `One of: a, b, c` (or, after `(type: enum)`, each in backticks: `a`, `b` or `c`)",
            );
            return (Vec::new(), None);
        };
        let mut values: Vec<String> = Vec::with_capacity(listed.len());
        let mut seen = foldhash::HashSet::default();
        for v in listed.iter().cloned() {
            if !is_enum_value(&v) {
                self.error(
                    Code::InvalidEnumValue,
                    at,
                    format!("`{v}` is not a valid value of `--{name}`"),
                    "enum values are single words of letters, digits and `_ . : / + -`; end the list with `.` or `(` before more prose",
                );
            } else if match values.len() {
                // (Short lists, the usual, without the set's allocations.)
                0..32 => values.iter().any(|x| x.eq_ignore_ascii_case(&v)),
                _ => {
                    if seen.is_empty() {
                        seen.extend(values.iter().map(|x| x.to_ascii_lowercase()));
                    }
                    !seen.insert(v.to_ascii_lowercase())
                }
            } {
                let message = format!("`{v}` is listed twice in `--{name}`");
                self.error(Code::InvalidEnumValue, at, message, "list each value once");
            } else {
                values.push(v);
            }
        }
        (values, Some(at))
    }

    /// The default: every statement of it agrees, and its values fit the
    /// flag. A switch's `false` is no default.
    fn default(
        &mut self,
        value_type: ValueType,
        list: bool,
        required: bool,
        values: &[String],
        type_at: Source,
    ) -> Option<(Vec<String>, Source)> {
        let decl = self.decl;
        let name = decl.name.as_str();
        let said = self.said(false, |f| match f {
            Fact::Default(DefaultValue::Values(v)) if list => Some(v.clone()),
            Fact::Default(DefaultValue::Values(v)) => Some(vec![v.join(", ")]),
            Fact::Default(DefaultValue::Text(t) | DefaultValue::Words(t)) => Some(split_values(t, list)),
            _ => None,
        });
        let same = |a: &Vec<String>, b: &Vec<String>| {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.eq_ignore_ascii_case(y))
        };
        let (parts, at) = self.agreed("defaults to", said, same, |v| format!("`{}`", v.join(", ")))?;
        // Several words without quotes may say what leaving the flag out
        // does (`current directory`) rather than give its value: applied as
        // written (a template fills it in), and said so.
        let mut words = self.said(false, |f| matches!(f, Fact::Default(DefaultValue::Words(_))).then_some(()));
        if value_type != Boolean
            && let Some((_, at)) = words.next()
        {
            let w = parts.join(", ");
            self.warn(
                Code::ProseDefault,
                at,
                format!("the default of `--{name}` is several words without quotes: a command that leaves it out gets the text `{w}`"),
                format!("quote it to state that it is the value, `(default: \"{w}\")`; if it says what leaving `--{name}` out does, say so without `default:`"),
            );
        }
        if value_type == Boolean {
            // A switch named by its negated form (`[default: no-color]`).
            let d = parts.first().map_or("", String::as_str);
            let d = match d.strip_prefix("no-") {
                _ if decl.negated && d.eq_ignore_ascii_case(name) => "true",
                Some(n) if decl.negated && n.eq_ignore_ascii_case(name) => "false",
                _ => d,
            };
            match d.to_ascii_lowercase().as_str() {
                "false" => {}
                "true" => return Some((vec!["true".to_string()], at)),
                _ if !matches!(type_at.origin, Origin::Marker | Origin::Data) => {
                    let why = if type_at.origin == Origin::Usage {
                        "Usage shows it without a value"
                    } else {
                        "its line shows no value where the others show one"
                    };
                    self.warn(
                        Code::ProseDefault,
                        at,
                        format!("`--{name}` is a switch ({why}), so its default `{d}` says what leaving it out means; it is not applied"),
                        format!("write `(boolean)` and say in words what leaving it out does; if it takes a value, write it: `--{name} <value>`"),
                    );
                }
                _ => self.error(
                    Code::InvalidDefault,
                    at,
                    format!("boolean `--{name}` has default `{d}`"),
                    "a boolean flag is false when absent, or `true` with `(default: true)`; remove the default",
                ),
            }
            return None;
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
        let quoted_empty = self.facts.iter().any(|f| match &f.fact {
            Fact::Default(DefaultValue::Text(t)) => t.trim().len() >= 2 && strip_quotes(t).is_empty(),
            Fact::Default(DefaultValue::Values(v)) => v.len() == 1 && v[0].is_empty(),
            _ => false,
        });
        if parts.iter().all(String::is_empty) && !(quoted_empty && value_type == Text && !list) {
            let hint = match (list, value_type) {
                (true, _) => {
                    "a list's default lists its values (`(default: a, b)`); without the marker, an absent list is empty"
                }
                (false, Text) => "write the empty string quoted, `(default: \"\")`, or remove the marker",
                _ => {
                    "write the value, or remove the marker: an optional flag without a default is absent when not given"
                }
            };
            self.error(Code::InvalidDefault, at, format!("`--{name}` has an empty default"), hint);
        } else if parts.len() > 1 && !list {
            self.error(
                Code::InvalidDefault,
                at,
                format!("`--{name}` takes one value but its default lists {}", parts.len()),
                "give one default value, or make the flag a list (`space-separated` / `One or more of:`)",
            );
        }
        for v in parts.iter().filter(|v| !v.is_empty()) {
            let (what, example) = match value_type {
                Integer if parse_integer(v).is_none() => ("an integer".to_string(), "write an integer such as `(default: 20)`".to_string()),
                Number if !is_number(v) => ("a number".to_string(), "write a number such as `(default: 0.5)`".to_string()),
                ValueType::Date => match Date::parse(v) {
                    Err(e) => (format!("a date: {e}"), "write `(default: 2026-01-31)`, or leave the flag optional and describe the fallback in `## Behavior`".to_string()),
                    Ok(_) => continue,
                },
                Enum if !values.is_empty() && !values.iter().any(|x| x.eq_ignore_ascii_case(v)) => {
                    (format!("one of its values ({})", values.join(", ")), format!("use one of: {}", values.join(", ")))
                }
                _ => continue,
            };
            // A type only the placeholder's name gave may be what is wrong.
            let example = match (&self.placeholder, type_at.origin) {
                (Some((p, _)), Origin::Placeholder) if matches!(value_type, Integer | Number) => {
                    format!(
                        "the placeholder `<{p}>` makes it {what}: {example}, or write `(type: string)` if it takes words such as `{v}`"
                    )
                }
                _ => example,
            };
            self.error(Code::InvalidDefault, at, format!("default `{v}` of `--{name}` is not {what}"), example);
        }
        let good = self.ok;
        self.ok = ok_before && good;
        // Enum defaults are stored as the value list writes them.
        let spelled = |v: String| values.iter().find(|x| x.eq_ignore_ascii_case(&v)).cloned().unwrap_or(v);
        good.then(|| (parts.into_iter().map(spelled).collect(), at))
    }

    /// Prose that looks like a statement it is not: values listed without
    /// `One of:`, a list described as comma-separated or with a plural
    /// placeholder, a type or a default named in words.
    fn prose_checks(&mut self, value_type: ValueType, list: bool, has_default: bool) {
        let (decl, here, prose) = (self.decl, self.here, self.prose);
        let name = decl.name.as_str();
        let taken = self.placeholder.take();
        let placeholder = taken.as_ref().map(|p| p.0.as_str());
        let typed = self.facts.iter().any(|f| matches!(f.fact, Fact::Type(_) | Fact::Format(_)));
        let explicit_string = self.facts.iter().any(|f| f.fact == Fact::Type(Text));
        let choices = || placeholder.and_then(placeholder_choices).map(|c| c.0);
        if value_type == Text
            && !explicit_string
            && let Some(vals) = prose_enum(prose).or_else(choices)
        {
            let vals = vals.join(", ");
            self.warn(
                Code::ProseEnum,
                here,
                format!("`--{name}` lists values ({vals}) but without `One of:` it accepts any text"),
                format!("write `One of: {vals}` to make it an enum, or add `(type: string)` to keep it free text"),
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
        if !list && !typed && comma_separated {
            self.warn(
                Code::ProseList,
                here,
                format!("`--{name}` is described as comma-separated but takes one value"),
                format!("commands separate values with spaces: write `space-separated` (then `--{name} a b`), or add `(type: string)` to keep one value"),
            );
        } else if !list
            && value_type != Boolean
            && self.several
            && let Some(words) = prose_several(prose)
        {
            self.warn(
                Code::ProseList,
                here,
                format!(
                    "`--{name}` is described as taking several values (`{words}`), but nothing states it: it takes one"
                ),
                format!(
                    "add `space-separated` to its description to accept several (`--{name} a b`), or remove `{words}`"
                ),
            );
        } else if !list
            && !typed
            && value_type == Text
            && let Some(p) = placeholder.filter(|p| looks_plural(p))
        {
            self.warn(
                Code::ProseList,
                here,
                format!("`--{name}` has the plural placeholder `<{p}>` but takes one value"),
                format!("add `space-separated` to its description to accept several values (`--{name} a b`), or add `(type: string)` to keep one"),
            );
        }
        if value_type == Text
            && !typed
            && let Some((named, words)) = prose_type(prose)
        {
            let (what, marker, example) = match named {
                Integer => ("an integer", "integer", "20"),
                Number => ("a decimal number", "number", "0.5"),
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
        if !has_default && value_type != Boolean && mentions_default(prose) {
            let message = format!("`--{name}` mentions a default in prose, which the runtime cannot apply");
            let hint = "state it as a marker, `(default: value)`, with a value of several words in quotes (`(default: \"two words\")`); a default described in words belongs in `## Behavior`";
            self.warn(Code::ProseDefault, here, message, hint);
        }
        self.placeholder = taken;
    }

    /// Usage showing the flag given more than once, its description telling
    /// the model to repeat it, or a switch shown counted (`--debug...`): a
    /// command gives a flag once, with its values after it. One warning.
    fn repetition(&mut self, value_type: ValueType, list: bool) {
        let decl = self.decl;
        let name = decl.name.as_str();
        let repeated = self.usage.is_some_and(|u| u.flag_repeated);
        if !(repeated || decl.counted && value_type == Boolean) && prose_repeat(self.prose).is_none() {
            return;
        }
        let p = self.placeholder.as_ref().map_or("value", |p| p.0.as_str()).to_string();
        let refused =
            format!("a command gives a flag once, with all its values after it: a second `--{name}` is an error");
        let (at, message, hint) = if let Some(u) = self.usage.filter(|u| u.flag_repeated) {
            let hint = match (value_type, list) {
                (Boolean, _) => format!("show it once, `[--{name}]`: a switch is on when given"),
                (_, true) => {
                    format!("show its value repeated instead, `[--{name} <{p}>...]`: a command writes `--{name} a b`")
                }
                _ => format!(
                    "show it once, `[--{name} <{p}>]`; to take several values, add `space-separated` to its description and show `[--{name} <{p}>...]`"
                ),
            };
            (usage_at(u), format!("Usage shows `--{name}` given more than once, but {refused}"), hint)
        } else if self.decl.counted && value_type == Boolean {
            let hint =
                format!("write `--{name}` once; for a level, make it take a number: `--{name} <n>  (type: integer)`");
            (self.here, format!("`--{name}...` is a switch given again and again, but {refused}"), hint)
        } else if let Some(words) = prose_repeat(self.prose) {
            let hint = match (value_type, list) {
                (Boolean, _) => format!("remove `{words}`: a switch is given once"),
                (_, true) => format!("write `space-separated` instead of `{words}`: a command writes `--{name} a b`"),
                _ => format!(
                    "to take several values, write `space-separated` instead of `{words}` (a command then writes `--{name} a b`); else remove it"
                ),
            };
            (self.here, format!("`--{name}` is described as given more than once (`{words}`), but {refused}"), hint)
        } else {
            return;
        };
        self.warn(Code::RepeatedFlag, at, message, hint);
    }

    /// Whether Usage shows the flag as the statements declare it: optional
    /// in brackets, a value after it unless it is a switch; and that it
    /// shows it at all when the skill's Usage lists flags.
    fn usage_checks(&mut self, value_type: ValueType, required: (bool, Source)) {
        let decl = self.decl;
        let name = decl.name.as_str();
        let Some(u) = self.usage else {
            if self.cx.usage_lists_flags {
                let value = match (value_type, &self.placeholder) {
                    (Boolean, _) => String::new(),
                    (_, p) => format!(" <{}>", p.as_ref().map_or("value", |p| p.0.as_str())),
                };
                let hint = if required.0 {
                    format!("add `--{name}{value}` to the usage line")
                } else {
                    format!("add `[--{name}{value}]` to the usage line")
                };
                let message = format!("`--{name}` is documented in Flags but not shown in Usage");
                self.warn(Code::FlagNotInUsage, self.here, message, hint);
            }
            return;
        };
        let at = usage_at(u);
        let mismatch = match (required.0, u.optional) {
            _ if required.1.origin == Origin::Usage => None,
            (true, true) => Some((
                format!("Usage shows `--{name}` in brackets (optional) but Flags marks it `(required)`"),
                format!("remove the brackets around `--{name}` in Usage, or the `(required)` marker"),
            )),
            (false, false) => Some((
                format!("Usage shows `--{name}` as required (no brackets) but Flags makes it optional"),
                format!(
                    "add `(required)` to `--{name}` in Flags (and remove its default), or put it in brackets in Usage"
                ),
            )),
            _ => None,
        };
        let value = match (value_type, &u.placeholder) {
            (Boolean, Some(_)) => Some((
                format!("Usage shows a value for `--{name}` but Flags makes it a boolean"),
                format!("remove the placeholder after `--{name}` in Usage"),
            )),
            (t, None) if t != Boolean && self.decl.placeholder.is_none() => Some((
                format!("Usage shows `--{name}` without a value but Flags makes it {}", t.name()),
                format!("write a placeholder after it in Usage: `--{name} <value>`"),
            )),
            _ => None,
        };
        for (message, hint) in mismatch.into_iter().chain(value) {
            self.warn(Code::UsageMismatch, at, message, hint);
        }
    }
}

/// Whether the examples give `--name` a value (`--name x`, `--name=x`) or
/// none (`--name` last, or before another flag), and the line of the
/// first that does; `None` when no example gives it. One with a value
/// anywhere says it takes one.
fn example_value(name: &str, short: Option<char>, examples: &[Example]) -> Option<(bool, usize)> {
    let mut found: Option<(bool, usize)> = None;
    // `-q` for a flag that declares the letter.
    let short = |t: &str| t.strip_prefix('-').and_then(|r| r.strip_prefix(short?)).is_some_and(str::is_empty);
    for e in examples {
        let Ok(tokens) = skills_core::tokenize::split(&e.text) else { continue };
        for (i, t) in tokens.iter().enumerate() {
            let Some((flag, inline)) = (t.strip_prefix("--"))
                .map(|f| f.split_once('=').map_or((f, false), |(f, _)| (f, true)))
                .or_else(|| short(t).then_some((name, false)))
            else {
                continue;
            };
            if skills_core::args::same_flag_name(flag, name) {
                let next_is_flag = tokens.get(i + 1).is_none_or(|n| {
                    n.strip_prefix('-').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_alphabetic() || c == '-'))
                });
                let value = inline || !next_is_flag;
                found = Some(found.map_or((value, e.line), |(v, line)| (v || value, line)));
            }
        }
    }
    found
}

/// A default's text as written, for its shape: its values joined.
fn default_words(f: &Fact) -> Cow<'_, str> {
    match f {
        Fact::Default(DefaultValue::Text(t)) => Cow::Borrowed(strip_quotes(t)),
        Fact::Default(DefaultValue::Values(v)) => Cow::Owned(v.join(", ")),
        Fact::Default(DefaultValue::Words(w)) => Cow::Borrowed(w),
        _ => Cow::Borrowed(""),
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
    let (mut out, mut current, mut quote) = (Vec::new(), String::new(), None);
    for c in t.chars() {
        match (quote, c) {
            (None, '"' | '\'' | '`') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ',') => {
                out.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    out.push(current);
    out.iter().map(|v| strip_quotes(v).to_string()).filter(|v| !v.is_empty()).collect()
}

/// Warns about each flag nothing says is required or optional when another
/// is marked optional (`` - `sha` (optional string) `` beside `` - `owner`
/// (string) ``): whoever marks the optional ones may mean the rest to be
/// required, but nothing states it, so they are read as optional.
pub(crate) fn check_unmarked(flags: &[Flag], sink: &mut Sink<'_>) {
    let marked = |f: &&Flag| {
        !f.required && matches!(f.sources.required.origin, Origin::Marker | Origin::Data) && !f.sources.required.implied
    };
    let Some(optional) = flags.iter().find(marked) else { return };
    for f in flags.iter().filter(|f| f.sources.required.origin == Origin::Unstated && f.value_type != Boolean) {
        let (name, other, line) = (&f.name, &optional.name, optional.sources.required.line);
        sink.push(
            Code::UnmarkedFlag,
            f.line,
            f.column,
            format!("`--{name}` is marked neither required nor optional, unlike `--{other}` (line {line}): it is read as optional"),
            format!("write `(required)` if a command must give `--{name}`, or `(optional)` to state that it may leave it out"),
        );
    }
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
        let clash = (decls[..i].iter().find(|p| p.short == Some(c))).or_else(|| {
            decls
                .iter()
                .enumerate()
                .find(|&(j, p)| j != i && p.name.len() == 1 && p.name.starts_with(c))
                .map(|(_, p)| p)
        });
        if let Some(other) = clash {
            sink.push(
                Code::DuplicateFlag,
                f.line,
                f.column,
                format!(
                    "`-{c}` of `--{}` is also `--{}` (line {}), so it names no one flag",
                    f.name, other.name, other.line
                ),
                "give one of them another letter, or remove the short spelling",
            );
        }
    }
    if flags > skills_core::spec::MAX_FLAGS {
        let max = skills_core::spec::MAX_FLAGS;
        let message = format!("the skill declares {flags} flags; at most {max} are supported");
        sink.push(
            Code::TooManyFlags,
            decls.first().map_or(0, |f| f.line),
            0,
            message,
            "split the skill into several skills",
        );
    }
}
