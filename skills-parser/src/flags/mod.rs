//! The flags of a skill, as its markdown declares them.
//!
//! Reading goes in three typed steps, each in its own module:
//!
//! 1. **Recognizers** read one line or block each, with no state, into a
//!    declaration (`decl`) of typed statements: a flag line's head
//!    (`head`: `--to <addresses>`, `-n, --name`, `` - `title` (string):
//!    ``), a table row (`table`), a data entry (`data`: frontmatter
//!    `parameters:`, a JSON Schema block), a flag's description (`describe`:
//!    `(required)`, `(default: 20)`, `One of: a, b`).
//! 2. The **section reader** (`section`) decides which lines belong to
//!    which flag: descriptions over several lines, property lines (`- Type:
//!    integer`), values as list items, groups (`### Required`).
//! 3. **Resolution** (`resolve`) turns a declaration's statements, with
//!    what Usage shows, into a [`Flag`], deciding each property in one
//!    documented order and recording where each came from ([`Sources`]).
//!
//! Prose that only looks like a statement is reported by `prose`; no
//! rule changes how other lines of a section are recognized.

pub(crate) mod data;
pub(crate) mod decl;
pub(crate) mod describe;
pub(crate) mod head;
pub(crate) mod prose;
pub(crate) mod resolve;
pub(crate) mod section;
pub(crate) mod table;
pub(crate) mod types;

use skills_core::spec::{FlagSpec, StrList, ValueType};

/// The kind of statement that decided a property, in the order resolution
/// weighs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Origin {
    /// Structured data: a frontmatter `parameters:` entry, a JSON Schema
    /// or YAML block, a table's column.
    Data,
    /// An explicit marker: `(required)`, `(type: integer)`, `One of:`,
    /// `Default: 20.`, `--to*`, `--[no-]color`, a `### Required` group.
    Marker,
    /// The Usage synopsis: brackets, a placeholder or none, `...`.
    Usage,
    /// A placeholder: its name (`<n>`, `<date>`, `INTEGER`), its form
    /// (`{a,b}`, `<tag>...`), or its presence (the flag takes a value).
    Placeholder,
    /// The default's shape (`(default: 20)` makes an integer).
    DefaultValue,
    /// The section's layout: a line that shows no value where the other
    /// lines show one, as help output writes a switch.
    Layout,
    /// The examples: whether they give the flag a value.
    Example,
    /// Nothing states it: the format's default (text, one value, optional).
    Unstated,
}

impl Origin {
    /// The origin's name in listings and JSON (`marker`, `default-value`).
    pub fn as_str(self) -> &'static str {
        self.names().0
    }

    /// What kind of statement it is, in words (`an explicit marker`).
    pub fn describe(self) -> &'static str {
        self.names().1
    }

    fn names(self) -> (&'static str, &'static str) {
        match self {
            Origin::Data => ("data", "structured data"),
            Origin::Marker => ("marker", "an explicit marker"),
            Origin::Usage => ("usage", "the Usage synopsis"),
            Origin::Placeholder => ("placeholder", "the placeholder"),
            Origin::DefaultValue => ("default-value", "the default's shape"),
            Origin::Layout => ("layout", "the section's layout"),
            Origin::Example => ("example", "the examples"),
            Origin::Unstated => ("unstated", "nothing stated (the format's default)"),
        }
    }
}

/// Where a statement about a flag was made: a 1-based line and column of
/// the skill file (0 when nothing states it), and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Source {
    /// 1-based line; 0 for a property nothing states.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The kind of statement.
    pub origin: Origin,
    /// The statement is about another property and implies this one (a
    /// type implies one value; a default implies the flag is optional;
    /// a value implies text when nothing names its type).
    pub implied: bool,
}

impl Source {
    /// A statement of kind `origin` at `line`:`column`.
    pub const fn at(line: usize, column: usize, origin: Origin) -> Source {
        Source { line, column, origin, implied: false }
    }
}

/// Where each property of a flag came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sources {
    /// What decided its type.
    pub value_type: Source,
    /// What decided whether it takes several values.
    pub list: Source,
    /// What decided whether it is required.
    pub required: Source,
    /// The default's statement.
    pub default: Option<Source>,
    /// The enum values' statement.
    pub values: Option<Source>,
    /// The placeholder's.
    pub placeholder: Option<Source>,
}

/// One flag of a skill, as its markdown declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// Name without dashes (`due-before`).
    pub name: String,
    /// The one-letter spelling declared beside the name (`-n, --name`).
    pub short: Option<char>,
    /// Value placeholder from the Flags line or Usage (`addresses`).
    pub placeholder: Option<String>,
    /// The description as written (markers included).
    pub description: String,
    /// Type of each value.
    pub value_type: ValueType,
    /// Several values.
    pub list: bool,
    /// Must be given.
    pub required: bool,
    /// Enum values, as written.
    pub values: Vec<String>,
    /// Default values.
    pub default: Option<Vec<String>>,
    /// 1-based line of the flag in its file.
    pub line: usize,
    /// 1-based column of the `--`.
    pub column: usize,
    /// Where each property came from.
    pub sources: Sources,
    values_lines: String,
    default_lines: Option<String>,
}

impl Flag {
    /// The schema the argument parser reads, borrowed from this flag.
    pub fn spec(&self) -> FlagSpec<'_> {
        FlagSpec {
            name: &self.name,
            value_type: self.value_type,
            list: self.list,
            required: self.required,
            values: StrList::Lines(&self.values_lines),
            // One value may be the empty string (`(default: "")`), which
            // `Lines` would read as no value at all.
            default: self.default_lines.as_deref().map(|d| if self.list { StrList::Lines(d) } else { StrList::One(d) }),
            short: self.short,
        }
    }

    /// The Rust field name of the flag (`due-before` -> `due_before`).
    pub fn field_name(&self) -> String {
        self.name.replace('-', "_")
    }

    /// A one-line summary of the derived type, as `skills list` shows it
    /// (`list of enum (todo, done), default: todo`).
    pub fn type_summary(&self) -> String {
        let mut s = String::new();
        if self.required {
            s.push_str("required ");
        }
        if self.list {
            s.push_str("list of ");
        }
        s.push_str(self.value_type.name());
        if self.value_type == ValueType::Enum {
            s.push_str(&format!(" ({})", self.values.join(", ")));
        }
        if let Some(d) = &self.default {
            s.push_str(", default: ");
            for (i, v) in d.iter().enumerate() {
                s.push_str(if i == 0 { "" } else { ", " });
                s.push_str(if v.is_empty() { "\"\"" } else { v });
            }
        }
        s
    }

    /// The markers that state this flag's reading, as a flag line would
    /// carry them (`(type: integer, default: 20)`, `(required) One of: a,
    /// b.`): the help page of a skill whose flags are declared as data
    /// shows them.
    pub fn markers(&self) -> String {
        let mut parts = Vec::new();
        if self.value_type != ValueType::Enum {
            let list = if self.list { " list" } else { "" };
            parts.push(format!("type: {}{list}", self.value_type.name()));
        }
        if self.required {
            parts.push("required".to_string());
        }
        if let Some(d) = &self.default {
            let quoted: Vec<String> = d
                .iter()
                .map(|v| if v.contains(',') || v.is_empty() { format!("\"{v}\"") } else { v.clone() })
                .collect();
            parts.push(format!("default: {}", quoted.join(", ")));
        }
        let mut out = format!("({})", parts.join(", "));
        if self.value_type == ValueType::Enum {
            let clause = if self.list { "One or more of" } else { "One of" };
            out.push_str(&format!(" {clause}: {}.", self.values.join(", ")));
        }
        out
    }
}
