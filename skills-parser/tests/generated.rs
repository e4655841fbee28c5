//! Property test of the skill-file parser on generated files, the stable
//! counterpart of the `skill_file` fuzz target (`cargo +nightly fuzz run
//! skill_file`): files are assembled from the pieces authors write (every
//! flag style the format reads, markers, quoted values, defaults, prose in
//! several scripts), then some are damaged byte by byte. For each one:
//!
//! - the parser returns (no panic) and every diagnostic points inside the file;
//! - every flag it accepts is usable: enum values are single words, a default
//!   is a value of the flag's type (one of its values, for an enum), a
//!   boolean has no default other than `false`;
//! - parsing is deterministic.
//!
//! A failure prints the seed and the file; `GENERATED_SKILLS` sets how many
//! files are tried (default 3,000).

#[path = "../../skills-core/tests/support/mod.rs"]
mod support;

use skills_core::Date;
use skills_core::args::{is_number, parse_integer};
use skills_core::spec::ValueType;
use skills_parser::parse_skill;
use std::path::Path;
use support::Rng;

/// Words of prose, in several scripts, with the punctuation around them.
const PROSE: &[&str] = &[
    "The title",
    "How many",
    "Sort order",
    "Recipients, space-separated",
    "Café au lait",
    "日本語のテキスト",
    "emoji 🎉 allowed",
    "l’été",
    "Ünïcödé —",
    "e.g. `today` or `2026-03-01`",
    "such as `work` or `home`",
    "a `code` span",
    "see --other",
    "comma-separated",
    "required for sending",
    "the default colour",
    "\"quoted\"",
    "`",
    "\"",
    "*",
    "<!-- a note for authors -->",
];

/// Markers and the ways API references state them.
const MARKERS: &[&str] = &[
    "(required)",
    "(optional)",
    ", required",
    "; required.",
    " — optional",
    "Required.",
    "**Required.**",
    "(default: 5)",
    "(default: low)",
    "(default: a, b)",
    "(default: )",
    ", default `2`",
    "; defaults to \"asc\".",
    "default `green`",
    "Defaults to `normal`.",
    "(type: integer)",
    "(type: date list)",
    "(type: enum)",
    "(type: enum list)",
    "(enum)",
    "(type: integer[])",
    "(type: float)",
    "(number, default: 0.5)",
    "(type: number list)",
    "(default: 1e3)",
    "(float)",
    "(double)",
    "(boolean flag)",
    "(YYYY-MM-DD)",
    "(string, required)",
    "(integer, optional, default: 20)",
    "[default: 10]",
    "[required]",
    "[see](x)",
    "One of: low, normal, high",
    "One or more of: a, b, c",
    "One of `x`, `y`.",
    "one of `md` or `txt`",
    "`red`, `green` or `blue`",
    "`short` | `long`",
    "`a` \\| `b`",
    "Choices: fast, slow",
    "Possible values:",
    "[possible values: fast, slow]",
    "(one of: a, b)",
    "One of:",
    "Allowed values: `x` | `y`.",
    "Severity: minor | major",
    "*integer*",
    "`date`",
    "space-separated",
];

const PLACEHOLDERS: &[&str] = &[
    "",
    " <text>",
    " <n>",
    " <float>",
    " <date>",
    " <tags>...",
    " <asc|desc>",
    " {en,fr}",
    " VALUE",
    " <é>",
    " <",
    " a|b",
    " (x|y)",
];

const NAMES: &[&str] =
    &["to", "limit", "due-before", "status", "tags", "color", "on", "x_y", "Bad", "é", "", "[no-]quiet"];

fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len())]
}

/// A description of up to four pieces of prose and markers.
fn description(rng: &mut Rng) -> String {
    let mut d = String::new();
    for _ in 0..=rng.below(4) {
        let piece = if rng.below(2) == 0 { pick(rng, PROSE) } else { pick(rng, MARKERS) };
        if !d.is_empty() {
            d.push_str([" ", ". ", ": ", ", ", ""][rng.below(5)]);
        }
        d.push_str(piece);
    }
    d
}

/// A `## Flags` section in one of the styles the format reads.
fn flags_section(rng: &mut Rng, names: &[&str]) -> String {
    let style = rng.below(7);
    let mut s = String::new();
    // Now and then a flag commented out, as authors do.
    if rng.below(5) == 0 {
        s.push_str("<!--\n--gone <v>  Not built yet\n-->\n");
    }
    if style == 2 {
        s.push_str("| Flag | Type | Required | Default | Description |\n|---|---|---|---|---|\n");
    }
    for name in names {
        let placeholder = pick(rng, PLACEHOLDERS);
        let d = description(rng);
        match style {
            0 => s.push_str(&format!("--{name}{placeholder}  {d}\n")),
            1 => s.push_str(&format!("- `--{name}{placeholder}` — {d}\n")),
            2 => {
                let ty =
                    ["string", "integer", "enum", "date[]", "bool", "", "uuid", "number", "decimal[]"][rng.below(9)];
                let req = ["yes", "", "no"][rng.below(3)];
                let def = ["", "`5`", "none", "low", "0.25"][rng.below(5)];
                s.push_str(&format!("| `--{name}` | {ty} | {req} | {def} | {d} |\n"));
            }
            3 => s.push_str(&format!("`--{name}`{placeholder} {}\n: {d}\n\n", pick(rng, MARKERS))),
            4 => s.push_str(&format!("### `--{name}{placeholder}`\n\n{d}\n\n")),
            5 => {
                // Values as list items under the description, with notes.
                s.push_str(&format!("- `--{name}{placeholder}`: {d}\n"));
                for _ in 0..rng.below(4) {
                    let item = [
                        "`json`: for programs",
                        "\"csv\" - spreadsheets",
                        "text",
                        "`a` (default)",
                        "prose here",
                        "é — ü",
                        "- nested",
                    ][rng.below(7)];
                    s.push_str(&format!("  - {item}\n"));
                }
            }
            _ => s.push_str(&format!("--{name}{placeholder}\n        {d}\n")),
        }
    }
    s
}

fn skill_file(rng: &mut Rng) -> String {
    let count = 1 + rng.below(4);
    let names: Vec<&str> = (0..count).map(|_| pick(rng, NAMES)).collect();
    let usage: String = names.iter().map(|n| format!(" [--{n} <v>]")).collect();
    let example: String = names
        .iter()
        .map(|n| format!(" --{n} {}", ["1", "low", "a b", "\"x y\"", "2026-03-01"][rng.below(5)]))
        .collect();
    let front = match rng.below(5) {
        0 => "name: d.a\ndescription: Does a\n".to_string(),
        1 => "name: d.a\ndescription: \"Does: a\"\ntags: [x, y]\n".to_string(),
        2 => "name: d.a\ndescription: Does a\nparameters:\n  - name: mode\n    type: enum\n    enum: [fast, slow]\n    default: fast\n".to_string(),
        3 => "name: d.a\ndescription: Does a\nparameters:\n  type: object\n  properties:\n    y: {type: [number, \"null\"]}\n    on: {anyOf: [{const: a}, {const: b}]}\n    n: {type: array, items: {enum: [x, z]}}\n".to_string(),
        _ => format!("name: d.a\ndescription: {}\n", pick(rng, PROSE)),
    };
    // Sections as headings, setext headings or bold labels.
    let heading = |rng: &mut Rng, name: &str| match rng.below(4) {
        0 => format!("**{name}:**"),
        1 => format!("{name}\n{}", "-".repeat(name.len())),
        2 => format!("### {name}"),
        _ => format!("## {name}"),
    };
    let (u, f, e) = (heading(rng, "Usage"), heading(rng, "Flags"), heading(rng, "Examples"));
    format!(
        "---\n{front}---\n\n# d.a\n\n{u}\n\nd.a{usage}\n\n{f}\n\n{}\n{e}\n\nd.a{example}\n",
        flags_section(rng, &names)
    )
}

/// `text` with a few bytes replaced by pieces that break structure, kept
/// valid UTF-8 (the parser takes `&str`).
fn damaged(rng: &mut Rng, text: &str) -> String {
    let mut s = text.to_string();
    for _ in 0..=rng.below(3) {
        let mut at = rng.below(s.len() + 1);
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        let piece =
            ["", "\n", "`", "(", ")", "\"", "|", "é", "---\n", "\r", ":", "--", "\u{a0}", "<!--", "-->"][rng.below(15)];
        let cut = (at + rng.below(4)).min(s.len());
        let mut end = cut;
        while !s.is_char_boundary(end) {
            end += 1;
        }
        s.replace_range(at..end, piece);
    }
    s
}

fn check(seed: u64, text: &str) {
    let parse = || parse_skill(Path::new("d/a.md"), "d", "a", text);
    let parsed = parse();
    let lines = text.replace("\r\n", "\n").replace('\r', "\n").matches('\n').count() + 1;
    for d in &parsed.diagnostics {
        assert!(d.line <= lines, "seed {seed}: {d}\n{text}");
    }
    if let Some(skill) = &parsed.item {
        for f in &skill.flags {
            let _ = f.spec();
            for v in &f.values {
                assert!(
                    !v.is_empty() && !v.contains(char::is_whitespace),
                    "seed {seed}: --{} value {v:?}\n{text}",
                    f.name
                );
            }
            assert_eq!(f.value_type == ValueType::Enum, !f.values.is_empty(), "seed {seed}: --{}\n{text}", f.name);
            for d in f.default.iter().flatten() {
                let ok = match f.value_type {
                    ValueType::Integer => parse_integer(d).is_some(),
                    ValueType::Number => is_number(d),
                    ValueType::Date => d.parse::<Date>().is_ok(),
                    ValueType::Enum => f.values.iter().any(|v| v.eq_ignore_ascii_case(d)),
                    ValueType::Boolean => d.eq_ignore_ascii_case("false"),
                    ValueType::String => true,
                };
                assert!(ok, "seed {seed}: --{} ({:?}) has the default {d:?}\n{text}", f.name, f.value_type);
            }
        }
    }
    let again = parse();
    assert_eq!(format!("{:?}", parsed.item), format!("{:?}", again.item), "seed {seed}: not deterministic");
}

#[test]
fn generated_skill_files_parse_into_usable_flags_or_say_why_not() {
    let n: u64 = std::env::var("GENERATED_SKILLS").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000);
    let (mut accepted, mut flags) = (0, 0);
    for seed in 1..=n {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let text = skill_file(&mut rng);
        check(seed, &text);
        let parsed = parse_skill(Path::new("d/a.md"), "d", "a", &text);
        // A flag commented out is never read, nor is the comment's end.
        assert!(
            !parsed.diagnostics.iter().any(|d| d.message.contains("--gone") || d.message.contains("`-->`")),
            "seed {seed}: {:#?}\n{text}",
            parsed.diagnostics
        );
        if let Some(s) = parsed.item {
            accepted += 1;
            flags += s.flags.len();
            assert!(!s.flags.iter().any(|f| f.name == "gone"), "seed {seed}\n{text}");
        }
        check(seed, &damaged(&mut rng, &text));
    }
    // The generator must reach the flag grammar, not only its errors.
    assert!(accepted * 8 > n as usize, "only {accepted} of {n} generated files were accepted");
    assert!(flags > accepted, "{flags} flags in {accepted} files");
}
