//! One skill file: `skills/<domain>/<action>.md`.

use crate::comments;
use crate::diagnostic::{Code, Diagnostic, Sink};
use crate::examples::{self, Example};
use crate::flags::{self, Flag};
use crate::keys;
use crate::markdown;
use crate::usage::{self, Usage};
use crate::yaml::{self};
use std::path::{Path, PathBuf};

/// Where a skill may run (`eligibility:` in the frontmatter).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Eligibility {
    /// Operating systems (Rust `target_os` names; `darwin` and `win32`
    /// accepted). Empty: any.
    pub os: Vec<String>,
    /// Environment variables that must be set.
    pub env: Vec<String>,
    /// Programs that must be on `PATH`.
    pub binaries: Vec<String>,
}

impl Eligibility {
    /// Whether there are no conditions.
    pub fn is_empty(&self) -> bool {
        self.os.is_empty() && self.env.is_empty() && self.binaries.is_empty()
    }

    /// Whether the `os` condition admits `target_os` (an empty list admits all).
    pub fn admits_os(&self, target_os: &str) -> bool {
        self.os.is_empty() || self.os.iter().any(|o| keys::canonical_os(o) == target_os)
    }
}

/// Lines of frontmatter keys, for messages that point at them (0: absent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyLines {
    /// `name:`
    pub name: usize,
    /// `handler:`
    pub handler: usize,
    /// `schedule:`
    pub schedule: usize,
    /// `read_only:`
    pub read_only: usize,
    /// `eligibility:`
    pub eligibility: usize,
    /// The `## Flags` heading.
    pub flags_section: usize,
}

/// A parsed skill.
#[derive(Clone, Debug, PartialEq)]
pub struct Skill {
    /// `domain.action`.
    pub name: String,
    /// The domain (from the directory).
    pub domain: String,
    /// The action (from the file name).
    pub action: String,
    /// One-line summary.
    pub description: String,
    /// `handler:`: present when a compiled handler is required.
    pub handler: Option<String>,
    /// Five-field cron expression.
    pub schedule: Option<String>,
    /// Search tags.
    pub tags: Vec<String>,
    /// Who wrote it.
    pub author: Option<String>,
    /// When (`YYYY-MM-DD`).
    pub created: Option<String>,
    /// Short command names.
    pub aliases: Vec<String>,
    /// Where it may run.
    pub eligibility: Eligibility,
    /// Whether it only reads (from `read_only:` or the action's verb).
    pub read_only: bool,
    /// Frontmatter keys the format does not define, kept in order.
    pub extra: Vec<(String, serde_json::Value)>,
    /// The markdown body: the help page served to models.
    pub body: String,
    /// What `## Usage` shows.
    pub usage: Usage,
    /// The flags, in the order of `## Flags`.
    pub flags: Vec<Flag>,
    /// The commands of `## Examples`.
    pub examples: Vec<Example>,
    /// The file (root joined with the relative path).
    pub path: PathBuf,
    /// Lines of frontmatter keys and sections.
    pub lines: KeyLines,
}

impl Skill {
    /// The flag named `name` (dashes and underscores alike).
    pub fn flag(&self, name: &str) -> Option<&Flag> {
        self.flags.iter().find(|f| skills_core::args::same_flag_name(&f.name, name))
    }

    /// The usage line hints and listings show: the first one written; or,
    /// when that only says `[options]` ([`Usage::any_flags`]) or there is
    /// none, one generated from the flags (`crm.find --name <text> [--limit
    /// <n>]`); empty for a skill with neither.
    pub fn usage_line(&self) -> std::borrow::Cow<'_, str> {
        match self.usage.lines.first() {
            Some(line) if !self.usage.any_flags || self.flags.is_empty() => line.as_str().into(),
            None if self.flags.is_empty() => "".into(),
            _ => synopsis(&self.name, &self.flags).into(),
        }
    }

    /// The values its own examples give each flag, as the parser reads
    /// them: (flag index, example line, value). Examples that do not parse
    /// are reported elsewhere and give none. The `#[skill]` check compares
    /// them with the handler's parameter types (`--id 5000000000` does not
    /// fit a `u32`).
    pub fn given_values(&self) -> Vec<(usize, usize, String)> {
        let specs: Vec<_> = self.flags.iter().map(Flag::spec).collect();
        let mut out = Vec::new();
        for ex in &self.examples {
            let Ok(tokens) = skills_core::tokenize::split(&ex.text) else { continue };
            let tokens: Vec<&str> = tokens.iter().map(|t| t.as_ref()).collect();
            let Some((&first, rest)) = tokens.split_first() else { continue };
            if first != self.name && !self.aliases.iter().any(|a| a == first) {
                continue;
            }
            let Ok(args) = skills_core::args::parse(&specs, rest) else { continue };
            for i in 0..self.flags.len() {
                let slot = args.slot(i);
                if slot.source == skills_core::args::Source::Given {
                    out.extend(slot.values.iter().map(|v| (i, ex.line, v.to_string())));
                }
            }
        }
        out
    }

    /// Whether dispatching it runs a compiled handler (rather than returning
    /// its body for the model to follow).
    pub fn has_handler(&self) -> bool {
        self.handler.is_some()
    }

    /// A fingerprint of everything about the flags that compiled code
    /// depends on: names, types, list-ness, required, enum values, defaults.
    /// Prose changes leave it unchanged. Stable across runs and platforms
    /// (FNV-1a's constants over a canonical encoding, eight bytes a step).
    /// An edit that keeps a string's length and falls within one of its
    /// aligned eight-byte words always changes it; any other change does,
    /// barring a 64-bit collision.
    pub fn shape_fingerprint(&self) -> u64 {
        let mut h = Fingerprint::new();
        for f in &self.flags {
            h.str(&f.name);
            h.str(f.value_type.name());
            h.byte(u8::from(f.list));
            h.byte(u8::from(f.required));
            for v in &f.values {
                h.str(v);
            }
            h.byte(0xFE);
            match &f.default {
                Some(d) => {
                    for v in d {
                        h.str(v);
                    }
                }
                None => h.byte(0xFD),
            }
            h.byte(0xFF);
        }
        h.0
    }
}

/// FNV-1a's 64-bit offset and prime, fed a little-endian word at a time:
/// a string is its 8-byte words (the last zero-padded) and then its length,
/// so no two sequences of strings encode alike. Each step is a bijection of
/// the state for a given word, so encodings of the same length that differ
/// in one word always differ in the result. (Byte by byte, the dependent
/// multiply per byte made it costly on dev mode's serial path.)
struct Fingerprint(u64);
impl Fingerprint {
    fn new() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
    fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x100_0000_01b3);
    }
    fn byte(&mut self, b: u8) {
        self.word(u64::from(b));
    }
    fn str(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let (words, tail) = bytes.as_chunks::<8>();
        for w in words {
            self.word(u64::from_le_bytes(*w));
        }
        // The last bytes, zero-padded: the string's last eight shifted down
        // when it has eight (a copy into a padded array compiles to a
        // `memcpy` call of unknown length), else one by one.
        let last = match (tail.len(), bytes.last_chunk::<8>()) {
            (0, _) => 0,
            (n, Some(end)) => u64::from_le_bytes(*end) >> (64 - 8 * n),
            (_, None) => tail.iter().rev().fold(0, |w, &b| w << 8 | u64::from(b)),
        };
        self.word(last);
        self.word(s.len() as u64);
    }
}

/// The result of parsing one file: the skill unless a definition error
/// excludes it, and every diagnostic.
#[derive(Debug)]
pub struct Parsed<T> {
    /// The parsed item, `None` when excluded.
    pub item: Option<T>,
    /// What was parsed of an excluded item, for checks that still make sense
    /// (its examples, when its flags parsed), so one run reports everything.
    pub partial: Option<T>,
    /// Everything found, errors and warnings.
    pub diagnostics: Vec<Diagnostic>,
}

// Frontmatter in general (shared with domain indexes), then a skill's keys.
mod frontmatter;
mod skill_keys;

pub(crate) use frontmatter::*;
use skill_keys::*;

/// Parses the skill file `file` for skill `domain.action`.
pub fn parse_skill(file: &Path, domain: &str, action: &str, text: &str) -> Parsed<Skill> {
    let mut sink = Sink::new(file);
    let skill = parse_inner(domain, action, text, &mut sink);
    // A problem about something missing points where it would go, which
    // can be just past the last line; editors need a line that exists
    // (found by `cargo fuzz run skill_file` on "---\n---").
    // Lines end at `\n`, `\r\n` or a lone `\r`, as in CommonMark and YAML.
    // Counted only when there is something to clamp.
    if !sink.out.is_empty() {
        let last = text
            .bytes()
            .enumerate()
            .filter(|&(i, b)| b == b'\n' || (b == b'\r' && text.as_bytes().get(i + 1) != Some(&b'\n')))
            .count()
            + 1;
        for d in &mut sink.out {
            if d.line > last {
                d.line = last;
            }
        }
    }
    if sink.has_definition_error() {
        Parsed { item: None, partial: skill, diagnostics: sink.out }
    } else {
        Parsed { item: skill, partial: None, diagnostics: sink.out }
    }
}

fn parse_inner(domain: &str, action: &str, text: &str, sink: &mut Sink<'_>) -> Option<Skill> {
    let expected = format!("{domain}.{action}");
    let Document { entries, body, body_line } = frontmatter_entries(text, sink, ("name", &expected))?;
    let mut frontmatter = read_keys(&entries, sink);
    let name = checked_name(frontmatter.name, frontmatter.lines.name, domain, action, &expected, sink);
    let description =
        checked_description(frontmatter.description, frontmatter.description_line, frontmatter.lines.name, sink);

    // Body. Sections are read with their HTML comments blanked (notes for
    // authors, never shown on a page): same offsets and lines as `body`.
    let (sections, comment_ranges) = markdown::sections_and_comments(&body);
    let read = comments::blanked(&body, &comment_ranges);
    check_title_and_labels(&sections, &body, body_line, &expected, &frontmatter.aliases, sink);
    let usage_section = markdown::find(&sections, keys::SECTION_USAGE);
    // Flags declared as data in `## Flags`: a ```yaml or ```json block with
    // the shapes the frontmatter's `parameters` takes, read as those are.
    if frontmatter.flags.is_empty()
        && let Some(s) = markdown::find(&sections, keys::SECTION_FLAGS)
        && let Some((text, line)) = markdown::data_block(&read, s.content.clone(), body_line)
        && let Ok(node) = yaml::parse(&text, line)
        && flags::data::declares_flags(&node)
    {
        frontmatter.flags = flags::data::read(keys::FLAGS, &node, sink);
    }
    let from_front = !frontmatter.flags.is_empty();
    // `Usage: d.a --flag <value>` on a line of its own, as CLI help writes
    // it, when there is no Usage section: the label a Usage section's lines
    // may carry (`Usage:`, `Synopsis:`), then the skill's name.
    let usage_line = || {
        markdown::lines(&read, 0..body.len(), body_line).into_iter().find_map(|l| {
            let text = l.text.trim_start();
            let (command, _) = usage::without_label(text, 0);
            let first = command.split_whitespace().next()?;
            let label = text.split(':').next().unwrap_or("").trim();
            (command.len() < text.len() && (first == expected || frontmatter.aliases.iter().any(|a| a == first)))
                .then_some((l, label, command))
        })
    };
    let labelled = if usage_section.is_none() { usage_line() } else { None };
    let mut usage = match (usage_section, labelled) {
        (Some(s), _) => {
            usage::read(&markdown::lines(&read, s.content.clone(), body_line), &expected, &frontmatter.aliases, sink)
        }
        (None, Some((l, label, command))) => {
            sink.push(
                Code::BoldHeading,
                l.line,
                1,
                format!("the line `{label}: ...` is read as the section `## Usage`"),
                format!("write it under a heading: `## Usage`, then `{command}`"),
            );
            usage::read(&[l], &expected, &frontmatter.aliases, sink)
        }
        // Written from the frontmatter's flags below.
        (None, None) if from_front => Usage::default(),
        (None, None) => {
            sink.push(
                Code::MissingUsage,
                body_line,
                0,
                "the skill has no `## Usage` section",
                format!("add `## Usage` with a line such as `{expected} --flag <value>`"),
            );
            Usage::default()
        }
    };
    // Read before the flags: what examples give a flag no statement types
    // says whether it takes a value.
    let examples = match markdown::find(&sections, keys::SECTION_EXAMPLES) {
        Some(s) => examples::read(&markdown::lines(&read, s.content.clone(), body_line), &frontmatter.aliases),
        None => Vec::new(),
    };
    let mut flag_list = Vec::new();
    // Every declaration, including those that failed to resolve (already
    // reported), so Usage is not also told they are undocumented.
    let mut declared: Vec<flags::decl::Decl> = Vec::new();
    let flags_section = markdown::find(&sections, keys::SECTION_FLAGS);
    // `## Required flags`, `## Optional flags`: groups of flags as
    // sections of their own, beside `## Flags` or instead of it.
    // (`### Required` inside `## Flags` is read with it.)
    let inside_flags = |s: &markdown::Section| flags_section.is_some_and(|f| f.content.contains(&s.heading_start));
    let group_sections: Vec<&markdown::Section> = sections
        .iter()
        .filter(|s| s.level >= 2 && !s.pseudo && !inside_flags(s) && crate::lex::group_label(&s.title).is_some())
        .collect();
    if flags_section.is_some() || !group_sections.is_empty() || from_front {
        // Flags from the frontmatter first, then the section's: a flag
        // declared in both is a duplicate, reported as such.
        let front = frontmatter.flags.len();
        let mut decls = frontmatter.flags;
        let mut shows_values = false;
        if let Some(s) = flags_section.or(group_sections.first().copied()) {
            frontmatter.lines.flags_section = body_line + markdown::newlines(&body.as_bytes()[..s.heading_start]);
        }
        if let Some(s) = flags_section {
            let lines = markdown::lines(&read, s.content.clone(), body_line);
            let read_here = flags::section::read(&lines, sink);
            if read_here.decls.is_empty() && decls.is_empty() && group_sections.is_empty() {
                no_flags_read(s, frontmatter.lines.flags_section, &lines, sink);
            }
            shows_values |= read_here.shows_values;
            decls.extend(read_here.decls);
        }
        if !group_sections.is_empty() {
            // Each group's heading is read as a group's subheading is.
            let mut all = Vec::new();
            for s in &group_sections {
                all.extend(markdown::lines(&read, s.heading_start..s.content.end, body_line));
            }
            let read_here = flags::section::read(&all, sink);
            shows_values |= read_here.shows_values;
            decls.extend(read_here.decls);
        }
        // `crm.find [options]` stands for every flag: none is missing.
        let usage_lists_flags = usage_section.is_some() && !usage.lines.is_empty() && !usage.any_flags;
        let shorts: Vec<(char, &str)> = decls.iter().filter_map(|d| Some((d.short?, d.name.as_str()))).collect();
        usage.resolve_shorts(&shorts);
        flag_list.reserve(decls.len());
        let mut scratch = flags::resolve::Scratch::default();
        for (i, d) in decls.iter_mut().enumerate() {
            let u = usage.flags.iter().find(|u| skills_core::args::same_flag_name(&u.name, &d.name));
            // The frontmatter's flags state their types; only the section's
            // lines are read by their layout.
            let cx = flags::resolve::Context {
                shows_values: shows_values && i >= front,
                usage_lists_flags,
                examples: &examples,
            };
            if let Some(f) = flags::resolve::resolve(d, u, cx, &mut scratch, sink) {
                flag_list.push(f);
            }
        }
        flags::resolve::check_set(&decls, flag_list.len(), sink);
        flags::resolve::check_unmarked(&flag_list, sink);
        declared = decls;
    }
    // Without flags to declare letters, short spellings in Usage name none.
    usage.resolve_shorts(&[]);
    let mut placeholders: Vec<&str> = Vec::with_capacity(flag_list.len() + usage.flags.len());
    placeholders.extend(
        flag_list
            .iter()
            .filter_map(|f| f.placeholder.as_deref())
            .chain(usage.flags.iter().filter_map(|u| u.placeholder.as_deref())),
    );
    usage::check_positionals(&usage, &placeholders, sink);
    undocumented_usage_flags(&usage, &declared, &mut flag_list, sink);
    if examples.is_empty() {
        sink.push(
            Code::MissingExamples,
            body_line,
            0,
            "the skill has no example commands",
            format!("add `## Examples` with lines such as `{expected} ...`; each is checked against the flags"),
        );
    }

    if frontmatter.handler.as_deref().is_none_or(str::is_empty) {
        check_placeholders(&read, body_line, &flag_list, sink);
    }

    // Flags declared in the frontmatter are shown on the help page as if
    // written in it: a `## Usage` line and a `## Flags` section, appended
    // where the body has none (after every offset into `body` was used).
    // Before `## Examples` when there is one, else at the end.
    let examples_at =
        if from_front { markdown::find(&sections, keys::SECTION_EXAMPLES).map(|s| s.heading_start) } else { None };
    // Read first: the sections borrow the body (their titles), which moves.
    let (has_usage_section, has_flags_section) = (usage_section.is_some(), flags_section.is_some());
    let body = if from_front {
        with_declared_flags(
            body,
            examples_at,
            (has_usage_section, has_flags_section),
            &expected,
            &flag_list,
            &mut usage,
        )
    } else {
        body
    };
    let read_only = frontmatter.read_only.unwrap_or_else(|| {
        keys::READ_ONLY_VERBS.iter().any(|v| action.strip_prefix(v).is_some_and(|r| r.is_empty() || r.starts_with('_')))
    });
    Some(Skill {
        name: name.unwrap_or(expected),
        domain: domain.to_string(),
        action: action.to_string(),
        description,
        handler: frontmatter.handler.filter(|h| !h.is_empty()),
        schedule: frontmatter.schedule,
        tags: frontmatter.tags,
        author: frontmatter.author,
        created: frontmatter.created,
        aliases: frontmatter.aliases,
        eligibility: frontmatter.eligibility,
        read_only,
        extra: frontmatter.extra,
        // (Flags the frontmatter declares may have been written into the
        // page since the comments were found: found again, rarely.)
        body: match (comment_ranges.is_empty(), from_front) {
            (true, _) => tidy_body(&body),
            (false, false) => tidy_body(&comments::removed(&body, &comment_ranges)),
            (false, true) => tidy_body(&comments::removed(&body, &comments::comments(&body))),
        },
        usage,
        flags: flag_list,
        examples,
        path: sink.file.to_path_buf(),
        lines: frontmatter.lines,
    })
}

/// Reports a `# title` other than the skill's name (or an alias), and each
/// section written as a label (`**Flags:**`, `OPTIONS`) rather than a heading.
fn check_title_and_labels(
    sections: &[markdown::Section],
    body: &str,
    body_line: usize,
    expected: &str,
    aliases: &[String],
    sink: &mut Sink<'_>,
) {
    if let Some(title) = sections.iter().find(|s| s.level == 1)
        && title.title != expected
        && !aliases.iter().any(|a| *a == title.title)
    {
        let line = body_line + body[..title.heading_start].matches('\n').count();
        sink.push(
            Code::TitleMismatch,
            line,
            1,
            format!("the title `# {}` differs from the skill name `{expected}`", title.title),
            format!("write `# {expected}`"),
        );
    }
    // Sections written as labels (`**Flags:**`, `OPTIONS`) are read, and
    // named.
    let labels = if sections.iter().any(|s| s.pseudo) {
        &[keys::SECTION_USAGE, keys::SECTION_FLAGS, keys::SECTION_EXAMPLES][..]
    } else {
        &[]
    };
    for &names in labels {
        if let Some(s) = markdown::find(sections, names).filter(|s| s.pseudo) {
            let line = body_line + body[..s.heading_start].matches('\n').count();
            let name = s.title.trim_end_matches([':', ' ']);
            // `OPTIONS`, as man pages write it, is the heading `## Options`.
            let heading = if name.bytes().any(|b| b.is_ascii_lowercase()) {
                name.to_string()
            } else {
                let lower = name.to_ascii_lowercase();
                let mut chars = lower.chars();
                chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect()
            };
            sink.push(
                Code::BoldHeading,
                line,
                1,
                format!("the label `{name}` is read as the section `## {heading}`"),
                format!("write it as a heading, `## {heading}`, so that markdown tools see the section too"),
            );
        }
    }
}

/// Reports each flag Usage shows that `## Flags` does not declare, and
/// reads one with a valid name from Usage alone, as the help page a model
/// reads shows it.
fn undocumented_usage_flags(
    usage: &Usage,
    declared: &[flags::decl::Decl],
    flag_list: &mut Vec<Flag>,
    sink: &mut Sink<'_>,
) {
    for u in &usage.flags {
        // `[--help]` is the router's help request, documented or not.
        let is_declared = |name: &str| declared.iter().any(|d| skills_core::args::same_flag_name(&d.name, name));
        if u.name != "help" && !is_declared(&u.name) {
            // The help page a model reads shows the flag, so a command may
            // use it: declared as Usage writes it (a value or a switch,
            // several values after `...`, required without brackets). Not
            // `--no-color` beside a declared `--color`: that is the
            // switch's negation, which the `negated-form` warning covers.
            let from_usage = crate::lex::is_flag_name(&u.name)
                && !u.name.strip_prefix("no-").is_some_and(is_declared)
                && !flag_list.iter().any(|f: &flags::Flag| skills_core::args::same_flag_name(&f.name, &u.name));
            sink.push(
                Code::UsageFlagUndocumented,
                u.line,
                u.column,
                format!(
                    "Usage shows `--{}` but `## Flags` does not document it{}",
                    u.name,
                    if from_usage { "; it is read from Usage alone" } else { "" }
                ),
                format!("add a line `--{}  <description>` to `## Flags`, or remove it from Usage", u.name),
            );
            let mut decl = flags::decl::Decl::new(u.name.clone(), u.line, u.column);
            let cx = flags::resolve::Context { examples: &[], ..Default::default() };
            if from_usage
                && let Some(f) =
                    flags::resolve::resolve(&mut decl, Some(u), cx, &mut flags::resolve::Scratch::default(), sink)
            {
                flag_list.push(f);
            }
        }
    }
}

/// The help page of a skill whose flags the frontmatter declares: its body
/// with a `## Usage` line and a `## Flags` section written in where it has
/// none, before `## Examples` (at `examples_at`) or at the end.
fn with_declared_flags(
    body: String,
    examples_at: Option<usize>,
    (has_usage_section, has_flags_section): (bool, bool),
    expected: &str,
    flag_list: &[Flag],
    usage: &mut Usage,
) -> String {
    let mut added = String::new();
    if !has_usage_section {
        usage.lines.push(synopsis(expected, flag_list));
        added.push_str(&format!("## Usage\n\n{}\n\n", usage.lines[0]));
    }
    if !has_flags_section {
        let width = flag_list.iter().map(|f| f.name.len()).max().unwrap_or(0) + 4;
        added.push_str("## Flags\n\n");
        for f in flag_list {
            let text =
                if f.description.is_empty() { f.markers() } else { format!("{} {}", f.description, f.markers()) };
            added.push_str(&format!("{:<width$}{text}\n", format!("--{}", f.name)));
        }
        added.push('\n');
    }
    match examples_at {
        Some(at) => format!("{}{added}{}", &body[..at], &body[at..]),
        None => format!("{}\n\n{}", body.trim_end(), added.trim_end()),
    }
}

/// A template's `{name}` placeholders that look like a misspelt flag: the
/// router fills a flag's `{name}` and leaves others as written, so
/// `{tpoic}` beside `--topic` reaches the model as is. A name close to no
/// flag is a slot the model fills itself (`{today}`, `{compiled_digest}`
/// in a daily digest workflow) and is not reported; nor is text that is
/// not a name (`{"day": 1}` in a JSON sample). Read as the router reads
/// them: a `{` to the next `}`.
fn check_placeholders(body: &str, body_line: usize, flags: &[Flag], sink: &mut Sink<'_>) {
    // Lines counted from the last placeholder reported, not from the start.
    let (mut at, mut line) = (0, body_line);
    for (range, name) in skills_core::template::placeholders(body) {
        let open = range.start;
        let identifier = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'));
        if !identifier || flags.iter().any(|f| skills_core::args::same_flag_name(&f.name, name)) {
            continue;
        }
        let Some(flag) = skills_core::suggest::closest(name, flags.iter().map(|f| f.name.as_str())) else {
            continue;
        };
        line += body[at..open].matches('\n').count();
        at = open;
        let column = open - body[..open].rfind('\n').map_or(0, |i| i + 1) + 1;
        sink.push(
            Code::UnknownPlaceholder,
            line,
            column,
            format!("`{}` names no flag, so the model reads it as written", &body[range.clone()]),
            format!(
                "did you mean `{}`? A flag's name in braces is filled with its value",
                body[range.clone()].replacen(name, flag, 1)
            ),
        );
    }
}

/// The body without leading and trailing blank lines.
///
/// Line endings are served as `\n`: a file saved with `\r\n` (or a lone
/// `\r`, a line ending to CommonMark too) gives the same page as one saved
/// with `\n`, rather than a page whose written lines end in `\r\n` and
/// whose generated ones (a domain's listing, frontmatter flags) do not.
pub(crate) fn tidy_body(body: &str) -> String {
    let t = body.trim_matches(['\n', '\r']);
    let t = t.trim_end();
    if t.contains('\r') { t.replace("\r\n", "\n").replace('\r', "\n") } else { t.to_string() }
}

/// Checks a `schedule:` value: five-field cron or an `@` nickname (the
/// rule is `skills_core::cron::parse`, which the scheduler uses too).
///
/// Answers are remembered (the last 256 expressions): croner fills a table
/// of every year from 0 to 9999 for each expression it parses, as much
/// work as parsing a whole skill file, and trees repeat their schedules
/// (`0 8 * * 1-5`, `@daily`).
pub fn validate_cron(s: &str) -> Result<(), String> {
    use std::sync::{Mutex, PoisonError};
    const REMEMBERED: usize = 256;
    static KNOWN: Mutex<Vec<(String, Result<(), String>)>> = Mutex::new(Vec::new());
    if let Some((_, answer)) = KNOWN.lock().unwrap_or_else(PoisonError::into_inner).iter().find(|(k, _)| k == s) {
        return answer.clone();
    }
    let answer = skills_core::cron::parse(s).map(|_| ());
    let mut known = KNOWN.lock().unwrap_or_else(PoisonError::into_inner);
    // Another thread of a parallel load may have parsed it meanwhile.
    if !known.iter().any(|(k, _)| k == s) {
        if known.len() == REMEMBERED {
            let _evicted = known.remove(0);
        }
        known.push((s.to_string(), answer.clone()));
    }
    answer
}

/// The usage line of skill `name` with `flags`, as the format writes it:
/// required flags bare, optional ones in brackets, `...` after a list.
fn synopsis(name: &str, flags: &[Flag]) -> String {
    let mut line = name.to_string();
    for f in flags {
        let value = match f.value_type {
            skills_core::spec::ValueType::Boolean => String::new(),
            _ => format!(" <{}>{}", f.placeholder.as_deref().unwrap_or(&f.name), if f.list { "..." } else { "" }),
        };
        let flag = format!("--{}{value}", f.name);
        line.push(' ');
        line.push_str(&if f.required { flag } else { format!("[{flag}]") });
    }
    line
}

/// Warns when the `## Flags` section `s` (its heading on `line`) has text
/// but none of it reads as a flag, and nothing else declares one: the
/// skill then takes no flags, which its author rarely means. Lines that
/// say so (`None.`, `This skill takes no flags.`), headings, and lines that
/// mention a `--flag` (reported as `unrecognized-flag-line`) do not count.
fn no_flags_read(s: &markdown::Section<'_>, line: usize, lines: &[markdown::SourceLine<'_>], sink: &mut Sink<'_>) {
    const NONE: [&str; 11] = [
        "none",
        "no flag",
        "no option",
        "no argument",
        "no parameter",
        "no input",
        "takes no",
        "n/a",
        "not applicable",
        "nothing",
        "without flags",
    ];
    let says_none = |t: &str| {
        let lower = t.to_ascii_lowercase();
        NONE.iter().any(|w| lower.contains(w))
    };
    let unread = lines
        .iter()
        .map(|l| l.text.trim())
        .filter(|t| {
            let bare = t.trim_matches(|c: char| !c.is_alphanumeric());
            let reported = flags::section::single_dash(crate::lex::strip_list_marker(t)).is_some();
            !bare.is_empty() && !t.starts_with('#') && !t.contains("--") && !says_none(t) && !reported
        })
        .count();
    if unread == 0 {
        return;
    }
    // As written: `### Options`, or a label (`Flags:`).
    let title = match s.pseudo {
        true => s.title.to_string(),
        false => format!("{} {}", "#".repeat(usize::from(s.level)), s.title),
    };
    let lines_word = if unread == 1 { "line" } else { "lines" };
    sink.push(
        Code::NoFlagsRead,
        line,
        0,
        format!("`{title}` has {unread} {lines_word} of text, but none reads as a flag, so the skill takes no flags"),
        "write each flag on a line of its own, such as `--limit <n>  Maximum results (default: 20)` (see the formats in docs/skill-format.md); if the skill takes no flags, say so: `None.`",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file saved with Windows line endings serves the page one saved
    /// with `\n` does, and reads the same flags.
    #[test]
    fn crlf_files_serve_the_same_page() {
        let lf = "---\nname: notes.add\ndescription: Add a note\n---\n\n# notes.add\n\n## Usage\n\nnotes.add --text <text> [--pin]\n\n## Flags\n\n--text   The note (required)\n--pin    Pin it\n\n## Examples\n\nnotes.add --text \"buy milk\" --pin\n";
        let crlf = lf.replace('\n', "\r\n");
        let path = Path::new("notes/add.md");
        let a = parse_skill(path, "notes", "add", lf).item.unwrap();
        let b = parse_skill(path, "notes", "add", &crlf).item.unwrap();
        assert!(!b.body.contains('\r'), "{:?}", b.body);
        assert_eq!(a.body, b.body);
        assert_eq!(a.flags, b.flags);
        assert_eq!(a.usage, b.usage);
        // A lone `\r` ends a line too.
        assert_eq!(tidy_body("a\rb\r\nc\n"), "a\nb\nc");
    }

    /// HTML comments are notes for authors: a flag, an example or a
    /// placeholder in one is not read, and the page is served without them.
    #[test]
    fn comments_are_neither_read_nor_served() {
        let text = "---\nname: notes.add\ndescription: Add a note\n---\n\n# notes.add\n\n<!-- Kept short for the model. -->\n\n## Usage\n\nnotes.add --text <text>\n\n## Flags\n\n--text   The note (required) <!-- {txet} later -->\n<!--\n--pin    Pin it\n-->\n\n## Examples\n\nnotes.add --text milk\n<!-- notes.add --pin -->\n";
        let parsed = parse_skill(Path::new("notes/add.md"), "notes", "add", text);
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let skill = parsed.item.unwrap();
        let flags: Vec<_> = skill.flags.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(flags, ["text"]);
        assert_eq!(skill.examples.len(), 1);
        assert_eq!(
            skill.body,
            "# notes.add\n\n## Usage\n\nnotes.add --text <text>\n\n## Flags\n\n--text   The note (required)\n\n## Examples\n\nnotes.add --text milk"
        );
        // Flags declared in the frontmatter are written into the page,
        // which is served without the comments too.
        let text = "---\nname: notes.add\ndescription: Add a note\nparameters:\n  - name: text\n    type: string\n    required: true\n---\n\n# notes.add\n\n<!-- Kept short. -->\nAdds a note.\n\n## Examples\n\nnotes.add --text milk\n";
        let skill = parse_skill(Path::new("notes/add.md"), "notes", "add", text).item.unwrap();
        assert!(!skill.body.contains("<!--") && skill.body.contains("Adds a note."), "{}", skill.body);
        assert!(skill.body.contains("## Flags") && skill.body.contains("notes.add --text <text>"), "{}", skill.body);
    }

    #[test]
    fn cron() {
        assert!(validate_cron("0 8 * * 1-5").is_ok());
        assert!(validate_cron("@daily").is_ok());
        assert!(validate_cron("0 8 * *").is_err());
        assert!(validate_cron("61 8 * * *").is_err());
        assert!(validate_cron("0 0 8 * * *").is_err());
    }

    /// Strings are told apart wherever their boundaries fall, including at
    /// the eight-byte words the fingerprint reads, and padding is not data.
    #[test]
    fn fingerprint_encodes_string_boundaries() {
        let of = |parts: &[&str]| {
            let mut h = Fingerprint::new();
            for p in parts {
                h.str(p);
            }
            h.0
        };
        let cases: &[&[&str]] = &[
            &["ab", "c"],
            &["a", "bc"],
            &["abc"],
            &["abcdefgh"],
            &["abcdefgh", ""],
            &["abcdefg", "h"],
            &["abcdefgh\0"],
            &["abcdefghi"],
            &[""],
            &["", ""],
            &[],
        ];
        let prints: Vec<u64> = cases.iter().map(|c| of(c)).collect();
        for (i, a) in prints.iter().enumerate() {
            for (j, b) in prints.iter().enumerate().skip(i + 1) {
                assert_ne!(a, b, "{:?} and {:?}", cases[i], cases[j]);
            }
        }
        // The same on every run and platform (words are read little-endian):
        // pinned, so that a change to the encoding is a decision.
        assert_eq!(of(&["tasks", "search"]), 0x6a8f_922e_e1f2_f7ef);
        // Longer than a word, with a partial last one (read shifted).
        assert_eq!(of(&["attachments", "priority_level"]), 0x84e7_2f45_489f_3fa0);
    }
}
