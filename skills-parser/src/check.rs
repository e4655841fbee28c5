//! Checks across files: aliases, tool names, examples, domain tables.

use crate::diagnostic::{Code, Diagnostic};
use crate::index::DomainIndex;
use crate::skill::Skill;
use foldhash::{HashMap, HashMapExt};
use skills_core::spec::ValueType;
use skills_core::{args, names, suggest, tokenize};
use std::cell::OnceCell;
use std::collections::HashSet;
use std::sync::Arc;

/// Reports aliases that repeat, or shadow a skill, a domain or `get_skill`,
/// and skills whose tool names collide. Returns the names of skills to
/// exclude (the later of each clashing pair, in name order).
pub fn names_and_aliases(skills: &[Arc<Skill>], domains: &[String], out: &mut Vec<Diagnostic>) -> Vec<String> {
    let mut excluded = Vec::new();
    let mut owners: HashMap<&str, &str> = HashMap::with_capacity(skills.len());
    for s in skills {
        owners.insert(&s.name, &s.name);
    }
    for s in skills {
        for a in &s.aliases {
            let clash = if let Some(owner) = owners.get(a.as_str()) {
                Some(format!(
                    "alias `{a}` of `{}` is already {}",
                    s.name,
                    if owner == a { "a skill name".to_string() } else { format!("an alias of `{owner}`") }
                ))
            } else if domains.iter().any(|d| d == a) {
                Some(format!(
                    "alias `{a}` of `{}` is also a domain name, which `{a} --help` would make ambiguous",
                    s.name
                ))
            } else {
                None
            };
            match clash {
                Some(message) => {
                    out.push(
                        Diagnostic::new(Code::DuplicateAlias, &s.path, s.lines.name, 0, message)
                            .hint("aliases must be unique across the tree; pick another"),
                    );
                    excluded.push(s.name.clone());
                }
                None => {
                    owners.insert(a, &s.name);
                }
            }
        }
    }
    // Two names give one tool name only when both hold an underscore
    // (`a_b.c` and `a.b_c`): the tool name of a name without one has a
    // single `_`, where the dot was, so it is its own.
    let mut tools: HashMap<String, &str> = HashMap::new();
    for s in skills.iter().filter(|s| s.name.contains('_')) {
        let tool = names::tool_name(&s.name);
        if let Some(other) = tools.get(&tool) {
            out.push(
                Diagnostic::new(
                    Code::ToolNameCollision,
                    &s.path,
                    s.lines.name,
                    0,
                    format!("`{}` and `{other}` both export as the tool `{tool}`", s.name),
                )
                .hint("rename one of them; tool names replace the dot with an underscore"),
            );
            excluded.push(s.name.clone());
        } else {
            tools.insert(tool, &s.name);
        }
    }
    excluded
}

/// The skills of a tree, found by name or alias.
pub(crate) struct Skills<'a> {
    all: &'a [Arc<Skill>],
    /// Domains other parts of a split tree compile (`LoadOptions`).
    other_domains: &'a [String],
    /// Built when an example first calls another skill.
    by_name: OnceCell<HashMap<&'a str, &'a Skill>>,
}

impl<'a> Skills<'a> {
    /// `all`: the tree's skills, whose names and aliases are unique (as
    /// [`names_and_aliases`] leaves them).
    pub(crate) fn new(all: &'a [Arc<Skill>]) -> Self {
        Skills { all, other_domains: &[], by_name: OnceCell::new() }
    }

    /// These skills, and the domains of other parts, whose skills examples
    /// may call unchecked.
    pub(crate) fn with_other_domains(self, other_domains: &'a [String]) -> Self {
        Skills { other_domains, ..self }
    }

    /// Whether `name` is a skill of a domain another part compiles.
    fn in_other_part(&self, name: &str) -> bool {
        name.split_once('.').is_some_and(|(domain, _)| self.other_domains.iter().any(|d| d == domain))
    }

    fn find(&self, name: &str) -> Option<&'a Skill> {
        let by_name = self.by_name.get_or_init(|| {
            let mut map = HashMap::with_capacity(self.all.len());
            for s in self.all {
                for n in std::iter::once(&s.name).chain(&s.aliases) {
                    map.entry(n.as_str()).or_insert(&**s);
                }
            }
            map
        });
        by_name.get(name).copied()
    }
}

/// Checks every example of `skill` against the flags of the skill it calls.
pub fn examples(skill: &Skill, all: &[Arc<Skill>], out: &mut Vec<Diagnostic>) {
    let skills = Skills::new(all);
    for ex in &skill.examples {
        check_example(skill, ex, Some(&skills), out);
    }
}

/// The examples of one skill checked with nothing but the skill: the
/// problems of those that call it (or fail before naming a skill), and which
/// call another name, to be checked once the tree is known
/// ([`examples_calling_others`]). A file's parse computes this, so the load
/// cache keeps it with the file and the loading threads share the work.
#[derive(Clone, Debug, Default)]
pub(crate) struct OwnExamples {
    pub(crate) diags: Vec<Diagnostic>,
    /// Indices into the skill's examples.
    pub(crate) others: Vec<usize>,
}

/// [`OwnExamples`] of `skill`.
pub(crate) fn own_examples(skill: &Skill) -> OwnExamples {
    let mut own = OwnExamples::default();
    for (i, ex) in skill.examples.iter().enumerate() {
        if !check_example(skill, ex, None, &mut own.diags) {
            own.others.push(i);
        }
    }
    own
}

/// Checks the examples of `skill` numbered in `which` (see [`OwnExamples`])
/// against the tree's skills.
pub(crate) fn examples_calling_others(skill: &Skill, which: &[usize], skills: &Skills<'_>, out: &mut Vec<Diagnostic>) {
    for ex in which.iter().filter_map(|&i| skill.examples.get(i)) {
        check_example(skill, ex, Some(skills), out);
    }
}

/// Checks one example of `skill`. With no `skills`, an example that calls
/// another name is left unchecked and `false` returned.
fn check_example(
    skill: &Skill,
    ex: &crate::examples::Example,
    skills: Option<&Skills<'_>>,
    out: &mut Vec<Diagnostic>,
) -> bool {
    // What the router refuses before splitting a command.
    if let Some(found) = skills_core::shell::construct(&ex.text) {
        use skills_core::shell::Construct;
        let (message, hint) = match found.construct {
            Construct::Backslash => (
                format!(
                    "example has `{}` outside quotes, which reads as `{}` (a backslash there is dropped), so the router refuses it",
                    found.text,
                    &found.text[1..]
                ),
                "put the value in single quotes to keep its backslashes (`--path 'C:\\Users'`)",
            ),
            Construct::HereDocument | Construct::HereString => (
                format!("example uses `{}`, shell input redirection, which the router refuses", found.text),
                "give the text as the flag's value, in double quotes, which may span lines",
            ),
            Construct::Substitution => (
                format!("example uses `{}`, shell command substitution, which the router refuses", found.text),
                "write the value itself; to pass `$(` as text, put it in single quotes",
            ),
            Construct::AnsiC => (
                format!(
                    "example uses `{}`, bash's ANSI-C quoting, which the router refuses: POSIX quoting would keep the `$` and the escapes as written",
                    found.text
                ),
                "write the value in double quotes with the characters themselves: a line break inside the quotes, not `\\n`",
            ),
            Construct::Chain | Construct::Pipe | Construct::Redirect => (
                format!(
                    "example uses `{}`, which joins, pipes or redirects commands in a shell; the router refuses it",
                    found.text
                ),
                "write one command per example line, with no pipes or redirections; quote an operator meant as text (`--sep '|'`)",
            ),
            Construct::Comment => (
                "example has a comment after the command (`#` as a word), which the router refuses".to_string(),
                "put the comment on a line of its own, or quote a `#` meant as text",
            ),
        };
        out.push(Diagnostic::new(Code::ExampleInvalid, &skill.path, ex.line, found.offset + 1, message).hint(hint));
        return true;
    }
    let tokens = match tokenize::split(&ex.text) {
        Ok(t) => t,
        Err(e) => {
            out.push(
                Diagnostic::new(
                    Code::ExampleInvalid,
                    &skill.path,
                    ex.line,
                    e.column,
                    format!("example does not tokenize: {e}"),
                )
                .hint(e.hint()),
            );
            return true;
        }
    };
    let tokens: Vec<&str> = tokens.iter().map(|t| t.as_ref()).collect();
    let Some((&first, rest)) = tokens.split_first() else {
        return true;
    };
    if first == names::GET_SKILL || first == "get_skill:" {
        return true;
    }
    let own = first == skill.name || skill.aliases.iter().any(|a| a == first);
    let target = match skills {
        _ if own => Some(skill),
        Some(skills) => skills.find(first),
        None => return false,
    };
    let Some(target) = target else {
        if skills.is_some_and(|s| s.in_other_part(first)) {
            return true;
        }
        let all = skills.map_or(&[][..], |s| s.all);
        let hint = match suggest::closest(first, all.iter().map(|s| s.name.as_str())) {
            Some(c) => format!("did you mean `{c}`?"),
            None => "examples may only call skills of the tree".to_string(),
        };
        out.push(
            Diagnostic::new(
                Code::ExampleUnknownSkill,
                &skill.path,
                ex.line,
                1,
                format!("example calls `{first}`, which is not a skill"),
            )
            .hint(hint),
        );
        return true;
    };
    if rest.first().is_some_and(|t| *t == "--help") && rest.len() == 1 {
        return true;
    }
    let specs: Vec<_> = target.flags.iter().map(|f| f.spec()).collect();
    if let Err(errors) = args::parse(&specs, rest) {
        // `--pinned` written alone in an example, for a flag Usage does
        // not show (so its type was not inferred): it is a boolean the
        // Flags line does not say is one.
        let no_value = errors.iter().find_map(|e| match *e {
            args::ArgErrorKind::MissingValue { flag } => target
                .flags
                .iter()
                .find(|f| f.name == flag && f.placeholder.is_none() && f.value_type == ValueType::String),
            _ => None,
        });
        // `notes.add --title x   #note`: the shell habit; in a
        // command `#` is text, and models copy examples as written.
        let comment = errors.iter().any(|e| match *e {
            args::ArgErrorKind::TooManyValues { values, .. } => values.iter().any(|v| v.starts_with('#')),
            args::ArgErrorKind::UnexpectedValue { value, .. } => value.starts_with('#'),
            _ => false,
        });
        let repeated = repeated_hint(&errors);
        let hint = match no_value {
            _ if comment => "`#` does not start a comment in a command, and models copy examples as written: put the comment on a line of its own above the example".to_string(),
            Some(f) => format!(
                "if `--{}` takes no value, mark it `(boolean flag)` in `## Flags` (or show it without a value in Usage); else give it a value in the example",
                f.name
            ),
            None => repeated
                .unwrap_or_else(|| "fix the example or the flag it uses: examples must run as written".to_string()),
        };
        out.push(
            Diagnostic::new(
                Code::ExampleInvalid,
                &skill.path,
                ex.line,
                1,
                format!(
                    "example does not parse against the flags of `{}`: {}",
                    target.name,
                    one_line(&errors.to_string())
                ),
            )
            .hint(hint),
        );
    }
    true
}

/// `--tag home --tag list` in an example: the flag written once with all
/// its values, as a command must give it (repeats are refused so that a
/// borrowed list stays one run of the input).
fn repeated_hint(errors: &args::ArgErrors<'_>) -> Option<String> {
    let flag = errors.iter().find_map(|e| match *e {
        args::ArgErrorKind::Repeated { flag, list: true, .. } => Some(flag),
        _ => None,
    })?;
    let mut values = Vec::new();
    for e in errors.iter() {
        if let args::ArgErrorKind::Repeated { flag: f, list: true, first, again } = *e
            && f == flag
        {
            if values.is_empty() {
                values.extend(first.iter());
            }
            values.extend(again.iter());
        }
    }
    let mut hint = format!("a flag is given once and models copy examples as written: write `--{flag}");
    for v in values {
        hint.push(' ');
        let _ = tokenize::write_word(&mut hint, v);
    }
    hint.push('`');
    Some(hint)
}

fn one_line(s: &str) -> String {
    s.replace('\n', "; ")
}

/// Compares a domain index's skill table with the domain's skills.
/// `failed`: skills whose files have errors, which are left out of the tree
/// but are not missing: their own errors say why.
pub fn index_table(index: &DomainIndex, skills: &[&Skill], failed: &HashSet<&str>, out: &mut Vec<Diagnostic>) {
    if index.listed.is_empty() {
        return;
    }
    let (what, entry) = if index.listed_as_items { ("index", "item") } else { ("table", "row") };
    for (name, line) in &index.listed {
        if !skills.iter().any(|s| &s.name == name) && !failed.contains(name.as_str()) {
            out.push(
                Diagnostic::new(
                    Code::IndexTableStale,
                    &index.path,
                    *line,
                    0,
                    format!("the {what} lists `{name}`, which is not a skill of `{}`", index.domain),
                )
                .hint(format!("remove the {entry} or add the skill")),
            );
        }
    }
    for s in skills {
        if !index.listed.iter().any(|(n, _)| n == &s.name) {
            let hint = if index.listed_as_items {
                format!("add an item `- {}: {}`", s.name, s.description)
            } else {
                format!("add a row `| {} | {} |`", s.name, s.description)
            };
            out.push(
                Diagnostic::new(
                    Code::IndexTableStale,
                    &index.path,
                    index.listed[0].1,
                    0,
                    format!("the {what} does not list `{}`", s.name),
                )
                .hint(hint),
            );
        }
    }
}
