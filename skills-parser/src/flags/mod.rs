//! The `## Flags` grammar.
//!
//! ```text
//! flag-line   = [indent] [list-marker] [emphasis] head [placeholder] [separator] description
//! list-marker = "-" | "*" | "+" | digits ("." | ")")          followed by a space
//! head        = "--" name  |  "`--" name [" " placeholder | "=" placeholder] "`"
//! name        = [a-z] [a-z0-9_-]*
//! placeholder = value [repeat]
//! value       = "<" text ">"              (also "=<text>" right after the name,
//!                                          or CAPITALS then a separator or two spaces)
//! repeat      = "..." | "…" | " [" value "...]"   several values (also "<text...>")
//! separator   = ":" | "-" | "–" | "—"       surrounded by spaces
//! ```
//!
//! A section that never writes `--name` may name its flags bare, as API
//! references do: `` - `title` (string): ... ``, `- **title**: ...`,
//! `- title (string): ...`, or `title` in a table's `Name` column.
//!
//! A markdown table is read row by row as flag lines (see `flag_table`).
//! A line whose first word (after the list marker) is not `--name` is prose,
//! or continues the description of the flag above when it is indented more
//! or is a definition line (`: text`); while the flag has no description,
//! blank lines may come before that line (man pages).
//! Fence delimiter lines are skipped; lines inside fences are read like any
//! other. The description carries markers, matched ignoring case:
//!
//! | marker | meaning |
//! |---|---|
//! | `(required)` | must be given |
//! | `(default: v)` / `(default: a, b)` | value(s) when absent |
//! | `(boolean flag)` / `(boolean)` | no value; presence means true |
//! | `(type: integer)`, `(type: number)`, `(type: date)`, `(type: string)`, `(type: boolean)`, `(type: integer list)`, ... | explicit type |
//! | `(YYYY-MM-DD)` | a date |
//! | `One of: a, b, c` | single-valued enum |
//! | `One or more of: a, b` | multi-valued enum |
//! | `space-separated` | several values |
//!
//! One group may hold several markers and bare type words, comma-separated:
//! `(string, required)`, `(integer, default: 20)`. `Required.` or
//! `Optional.` written as a sentence of its own (emphasis allowed, as in
//! `Required. The title.` or `The title. **Required.**`) is that marker too.
//! A default in words (`(default 5)`, `Defaults to `asc`.`) counts when its
//! value cannot be prose: an integer, or one value in backticks or quotes.
//!
//! Without an explicit type marker a flag is an integer when its placeholder
//! is `<n>`-like or its default is an integer, a date when its placeholder is
//! `<date>`, a boolean when Usage shows it without a placeholder (or does not
//! show it, and its line has no placeholder where other lines have one), and
//! a string otherwise. Prose that only looks like an enum, a list or a default
//! leaves the flag a string and produces a warning with the exact fix.

use skills_core::spec::{FlagSpec, StrList, ValueType};

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
}

/// A flag line before markers are resolved.
#[derive(Clone, Debug)]
pub(crate) struct RawFlag {
    pub(crate) name: String,
    /// The one-letter spelling beside the name (`-n, --name`).
    pub(crate) short: Option<char>,
    pub(crate) placeholder: Option<String>,
    /// The placeholder is followed by `...`: several values.
    pub(crate) repeated: bool,
    pub(crate) description: String,
    pub(crate) line: usize,
    pub(crate) column: usize,
    /// Column where the line's content starts, for continuation lines.
    indent: usize,
    /// Under a `### Required` subheading.
    in_required_group: bool,
    /// Written `--[no-]name`, as GNU and Click document a switch with its
    /// negation: a switch, whose `--no-` form commands cannot write.
    negated: bool,
    /// Values given as list items under `One of:` so far (`` - `json`:
    /// machine-readable ``): each value and what its item said after it.
    value_items: Vec<(String, String)>,
}

// The grammar above, in the order a flag is read: its line, or its entry
// when declared as data; the markers of its description; the flag they
// resolve to, with the checks across a skill's flags.
mod data;
mod line;
mod markers;
mod resolve;

pub(crate) use data::*;
pub(crate) use line::*;
pub(crate) use markers::*;
pub(crate) use resolve::*;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_shapes() {
        let p = |s: &str| parse_line(s).unwrap().map(|l| (l.name, l.placeholder, l.description));
        assert_eq!(
            p("--to            Recipients (required)"),
            Some(("to".into(), None, "Recipients (required)".into()))
        );
        assert_eq!(
            p("--include-weather Include weather"),
            Some(("include-weather".into(), None, "Include weather".into()))
        );
        assert_eq!(
            p("- `--to` <addresses>: Recipients"),
            Some(("to".into(), Some("addresses".into()), "Recipients".into()))
        );
        assert_eq!(p("* `--limit <n>` — Max results"), Some(("limit".into(), Some("n".into()), "Max results".into())));
        assert_eq!(p("1. **`--tone`** - Tone"), Some(("tone".into(), None, "Tone".into())));
        assert_eq!(p("--due=<date>  Due"), Some(("due".into(), Some("date".into()), "Due".into())));
        assert_eq!(p("Flags are optional."), None);
        assert!(parse_line("--Bad  x").is_err());
        // Bold without backticks; a placeholder in capitals, as man pages
        // write it, but not an acronym that starts the description.
        assert_eq!(p("- **--query** (string): Q"), Some(("query".into(), None, "(string): Q".into())));
        assert_eq!(
            p("--since DATE  Only rows after it"),
            Some(("since".into(), Some("DATE".into()), "Only rows after it".into()))
        );
        assert_eq!(p("--id NAME: The id"), Some(("id".into(), Some("NAME".into()), "The id".into())));
        assert_eq!(p("--id  ID of the task"), Some(("id".into(), None, "ID of the task".into())));
        assert_eq!(p("--id ID of the task"), Some(("id".into(), None, "ID of the task".into())));
        // Short spellings before or after the flag are not part of it.
        assert_eq!(p("--pinned, -p   Pin it"), Some(("pinned".into(), None, "Pin it".into())));
        assert_eq!(p("- `--limit`, `-l` <n>: How many"), Some(("limit".into(), Some("n".into()), "How many".into())));
        assert_eq!(p("-n, --name <x>  The name"), Some(("name".into(), Some("x".into()), "The name".into())));
        assert_eq!(p("`-n`, `--name`: The name"), Some(("name".into(), None, "The name".into())));
        assert_eq!(p("`-q, --query <text>`  Search"), Some(("query".into(), Some("text".into()), "Search".into())));
        assert_eq!(parse_line("`-q, --query <text>`").unwrap().unwrap().short, Some('q'));
        assert_eq!(p("-n  Not a flag line"), None);
        assert_eq!(parse_line("-n, --name x").unwrap().unwrap().column, 5);
    }

    #[test]
    fn grouped_and_bare_type_markers() {
        let m = markers("The query (string, required)");
        assert_eq!((m.explicit, m.required, m.prose.trim()), (Some((ValueType::String, false)), true, "The query"));
        let m = markers("Max (integer, optional, default: 20)");
        assert_eq!(
            (m.explicit, m.optional, m.defaults.as_slice()),
            (Some((ValueType::Integer, false)), true, &["20".to_string()][..])
        );
        let m = markers("Ids (integer list, default: 1, 2)");
        assert_eq!((m.explicit, m.defaults.as_slice()), (Some((ValueType::Integer, true)), &["1, 2".to_string()][..]));
        let m = markers("When (date)");
        assert_eq!(m.explicit, Some((ValueType::Date, false)));
        // Prose in parentheses stays prose, whole.
        let m = markers("Who (for example, bob)");
        assert_eq!((m.explicit, m.prose.as_str()), (None, "Who (for example, bob)"));
        let m = markers("Which (string, maybe)");
        assert_eq!((m.explicit, m.prose.as_str()), (None, "Which (string, maybe)"));
    }

    /// A plural placeholder, in any case, is told apart from a unit and
    /// from words ending in `ss`, `us`, `is`, `os`.
    #[test]
    fn plural_placeholders() {
        for p in ["tags", "TAGS", "Addresses", "max_files", "the labels"] {
            assert!(looks_plural(p), "{p}");
        }
        for p in ["tag", "SECONDS", "max_bytes", "Days", "status", "STATUS", "axis", "kudos", "address", "ids", "é", ""]
        {
            assert!(!looks_plural(p), "{p}");
        }
    }

    #[test]
    fn marker_scan() {
        let m = markers(
            "Filter by status. One or more of: todo, in_progress, blocked, done, cancelled (default: todo, in_progress, blocked)",
        );
        assert_eq!(
            m.one_of,
            Some((
                vec!["todo".into(), "in_progress".into(), "blocked".into(), "done".into(), "cancelled".into()],
                true
            ))
        );
        assert_eq!(m.defaults, ["todo, in_progress, blocked"]);
        let m = markers("Sort by: due_date, priority, created_at, updated_at (default: due_date)");
        assert!(m.one_of.is_none());
        assert_eq!(prose_enum(&m.prose).unwrap(), ["due_date", "priority", "created_at", "updated_at"]);
        assert!(prose_enum("Action name for the new skill, e.g. \"weekly_report\" ").is_none());
        assert_eq!(prose_enum("Writing tone: formal, casual, friendly ").unwrap().len(), 3);
        let m = markers("Tone. One of: `formal`, `casual`, or `friendly`.");
        assert_eq!(m.one_of.unwrap().0, ["formal", "casual", "friendly"]);
        // Without the colon, values in backticks or quotes are the enum.
        let m = markers("Priority. One of `low`, `normal`, `high`. Defaults to `normal`.");
        assert_eq!(m.one_of.unwrap(), (vec!["low".into(), "normal".into(), "high".into()], false));
        assert_eq!(m.defaults, ["`normal`"]);
        let m = markers("Either \"asc\" or \"desc\"; one of \"asc\" or \"desc\"");
        assert_eq!(m.one_of.unwrap().0, ["asc", "desc"]);
        let m = markers("Labels. One or more of `bug`, `docs` and `chore`");
        assert_eq!(m.one_of.unwrap(), (vec!["bug".into(), "docs".into(), "chore".into()], true));
        // Prose, or values not quoted: no enum.
        for prose in
            ["Send to one of the recipients, `bob` or `carl`", "One of low, normal, high", "Someone of `x`, `y`"]
        {
            assert!(markers(prose).one_of.is_none(), "{prose}");
        }
        assert_eq!(prose_enum("One of low, normal, high").unwrap(), ["low", "normal", "high"]);
        assert!(prose_enum("Send to one of the recipients, bob or carl").is_none());
        assert_eq!(enum_values("`a` or `b`"), ["a", "b"]);
        assert_eq!(enum_values("a, b and c"), ["a", "b", "c"]);
        assert_eq!(enum_values("minor | moderate \\| severe"), ["minor", "moderate", "severe"]);
        assert_eq!(prose_enum("Minimum severity: minor | moderate | severe").unwrap(), ["minor", "moderate", "severe"]);
        assert_eq!(markers("One of: json | text").one_of.unwrap().0, ["json", "text"]);
        // `, required` last in the description.
        for d in ["When (YYYY-MM-DD), required", "The text; **required**.", "The text — required"] {
            let m = markers(d);
            assert!(m.required, "{d}");
            assert!(!m.prose.to_ascii_lowercase().contains("required"), "{d}: {}", m.prose);
        }
        assert!(markers("The text, optional").optional);
        for d in ["Only when required", "Not required", "The text, if required"] {
            assert!(!markers(d).required, "{d}");
        }
        assert!(mentions_default("Defaults to today"));
        assert!(!mentions_default("Action name for the new skill"));
        assert_eq!(parse_type("integer list"), Some((ValueType::Integer, true)));
        assert_eq!(parse_type("list of dates"), Some((ValueType::Date, true)));
        assert_eq!(parse_type("integer[]"), Some((ValueType::Integer, true)));
        assert_eq!(parse_type("float"), Some((ValueType::Number, false)));
        assert_eq!(parse_type("list of numbers"), Some((ValueType::Number, true)));
        assert_eq!(parse_type("double[]"), Some((ValueType::Number, true)));
        assert_eq!(parse_type("uuid"), None);
        // The languages' and JSON Schema's spellings of a list, and of a
        // type that may be absent.
        for (t, want) in [
            ("list[str]", (ValueType::String, true)),
            ("List[int]", (ValueType::Integer, true)),
            ("Array<number>", (ValueType::Number, true)),
            ("Vec<String>", (ValueType::String, true)),
            ("vec<i64>", (ValueType::Integer, true)),
            ("array of dates", (ValueType::Date, true)),
            ("date array", (ValueType::Date, true)),
            ("array", (ValueType::String, true)),
            ("Optional[int]", (ValueType::Integer, false)),
            ("Option<bool>", (ValueType::Boolean, false)),
            ("Optional[List[str]]", (ValueType::String, true)),
            ("int | None", (ValueType::Integer, false)),
            ("string | null", (ValueType::String, false)),
            ("date?", (ValueType::Date, false)),
        ] {
            assert_eq!(parse_type(t), Some(want), "{t}");
        }
        for t in ["list[list[str]]", "Dict[str, int]", "map<string, string>", "list[]", "Optional[]", "str | int"] {
            assert_eq!(parse_type(t), None, "{t}");
        }
        assert_eq!(markers("Tags (list[str])").explicit, Some((ValueType::String, true)));
        // Markers separated by semicolons, as by commas.
        let m = markers("Maximum (optional; default: 20)");
        assert!(m.optional);
        assert_eq!(m.defaults, ["20"]);
        assert_eq!(markers("Kind (string; required)").explicit, Some((ValueType::String, false)));
        assert!(markers("Kind (string; required)").required);
        assert!(!markers("Kind (see below; required)").required);
        assert_eq!(markers("Tags (array of strings, required)").explicit, Some((ValueType::String, true)));
        // `double`, `decimal`, `numeric` alone in parentheses are prose.
        assert_eq!(markers("Line spacing (double)").explicit, None);
        assert_eq!(markers("Ratio (float)").explicit, Some((ValueType::Number, false)));
        assert_eq!(markers("Ratio (type: decimal)").explicit, Some((ValueType::Number, false)));
    }

    #[test]
    fn an_enum_type_takes_the_values_the_description_quotes() {
        let m = markers("Colour (type: enum): `red`, `green` or `blue`");
        assert_eq!(m.one_of, Some((vec!["red".into(), "green".into(), "blue".into()], false)));
        assert_eq!(m.prose.trim(), "Colour :");
        let m = markers("(enum) \"fast\" | \"slow\"");
        assert_eq!(m.one_of.unwrap().0, ["fast", "slow"]);
        // In a table cell the bar is escaped.
        assert_eq!(markers("(type: enum) `a` \\| `b`").one_of.unwrap().0, ["a", "b"]);
        let m = markers("Labels (type: enum list): `bug`, `docs` and `chore`");
        assert_eq!(m.one_of, Some((vec!["bug".into(), "docs".into(), "chore".into()], true)));
        // `One of:` is still read first; the type adds that it takes several.
        let m = markers("Labels (type: list of enums). One of: bug, docs");
        assert_eq!(m.one_of, Some((vec!["bug".into(), "docs".into()], true)));
        // Without quoted values: an enum without values, which is reported.
        assert_eq!(markers("Colour (type: enum), see the palette").one_of, Some((vec![], false)));
        assert_eq!(enum_type_word("enum[]"), Some(true));
        assert_eq!(enum_type_word("enumeration"), None);
        // A single quoted value, or quoted values not separated, is no run.
        assert!(quoted_run("Use `red`.").is_none());
        assert!(quoted_run("`a` `b`").is_none());
        assert_eq!(quoted_run("x `a` or `b c` or `d`, `e`").map(|r| r.2), Some(vec!["d".into(), "e".into()]));
    }

    #[test]
    fn a_default_last_in_a_sentence_is_its_marker() {
        for (d, v) in [
            ("Level, default `2`", "`2`"),
            ("Sort order; defaults to \"asc\".", "\"asc\""),
            ("How many — default 20", "20"),
            ("Colour; **default** `green`", "`green`"),
            // The empty string, written so.
            ("Body, default \"\"", "\"\""),
        ] {
            let m = markers(d);
            assert_eq!(m.defaults, [v], "{d}");
            assert!(!mentions_default(&m.prose), "{d}: {}", m.prose);
        }
        // Prose, or a value that could be prose: no marker.
        for d in ["Start, defaults to today", "The default colour", "Level default `2`"] {
            assert!(markers(d).defaults.is_empty(), "{d}");
        }
    }

    #[test]
    fn quoted_values_without_one_of_are_reported_unless_they_are_examples() {
        assert_eq!(prose_enum("Output format: `short` | `long`").unwrap(), ["short", "long"]);
        assert_eq!(prose_enum("Size, `small`, `medium` or `large`").unwrap(), ["small", "medium", "large"]);
        // Text before the values that is not ASCII, at any length.
        for n in 0..50 {
            let prose = format!("é{}: `a` or `b`", "x".repeat(n));
            assert_eq!(prose_enum(&prose).unwrap(), ["a", "b"], "{prose}");
        }
        for prose in ["When, e.g. `today` or `2026-03-01`", "A tag such as `work` or `home`", "Name, `bob`"] {
            assert!(prose_enum(prose).is_none(), "{prose}");
        }
    }
}
