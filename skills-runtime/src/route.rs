//! One routing step: tokens in, what to do out. Shared by the [`Router`]
//! (which then runs handlers) and the `skills` CLI (which prints the parsed
//! flags), so both read a command the same way.
//!
//! [`Router`]: crate::Router

use crate::catalog::{Catalog, SkillView, lookup_any_case};
use crate::error::Failure;
use crate::help::{self, HelpQuery, HelpTarget};
use skills_core::args::{self, Args};

/// What a command asks for.
// Argument errors live inline: the heap-free path cannot box them.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Step<'a> {
    /// Help text (`get_skill ...`, `... --help`).
    Help(HelpTarget<'a>),
    /// Run skill `index`; its validated flags are in the caller's `Args`.
    Invoke {
        /// Index in the catalog.
        index: usize,
        /// The skill.
        skill: SkillView<'a>,
    },
    /// The command is wrong; nothing runs.
    Fail(Failure<'a>),
}

/// Routes an already tokenized command; a skill's validated flags are
/// written to `args` (which is large, so it is filled in place, not moved).
///
/// `visible` hides skills (failed eligibility is checked by the caller,
/// which reports it as [`Failure::NotAvailable`]).
#[allow(clippy::result_large_err)]
pub fn step<'a>(
    catalog: &'a dyn Catalog,
    tokens: &'a [&'a str],
    visible: &dyn Fn(&SkillView<'_>) -> bool,
    args: &mut Args<'a>,
) -> Step<'a> {
    let Some((&name, rest)) = tokens.split_first() else {
        return Step::Fail(Failure::Empty);
    };
    match help::parse_query(tokens) {
        Some(Ok(query)) => return help_step(catalog, query, name, visible),
        Some(Err(syntax)) => {
            // `get_skill: email send`: the skill's name written with a space.
            let skill = crate::catalog::find_domain_any_case(catalog, syntax.name)
                .and_then(|domain| crate::catalog::spaced_skill(catalog, domain.name, syntax.extra));
            return Step::Fail(Failure::HelpSyntax { extra: syntax.extra, skill });
        }
        None => {}
    }
    let Some(index) = lookup_any_case(catalog, name) else {
        // `help`, `help email.send`, `man email.send`: the help request in
        // words, when no skill or alias is named so.
        if (name.eq_ignore_ascii_case("help") && rest.len() <= 1)
            || (name.eq_ignore_ascii_case("man") && rest.len() == 1)
        {
            let query = rest.first().map_or(HelpQuery::Domains, |&n| HelpQuery::Name(n));
            return help_step(catalog, query, name, visible);
        }
        if let Some(query) = help::dotted_help(name, rest) {
            return help_step(catalog, query, name, visible);
        }
        // `get-skill email`, `getSkill: email`, `get_skills`: `get_skill`
        // spelt another way, which can mean nothing else.
        if spells_get_skill(name) {
            let rest = match rest {
                [":", more @ ..] => more,
                _ => rest,
            };
            match rest {
                [] => return help_step(catalog, HelpQuery::Domains, name, visible),
                [n] if !n.trim_start_matches(':').is_empty() => {
                    return help_step(catalog, HelpQuery::Name(n.trim_start_matches(':')), name, visible);
                }
                _ => {}
            }
        }
        return Step::Fail(unknown_skill(catalog, tokens, visible));
    };
    let Some(skill) = catalog.skill_at(index) else {
        return Step::Fail(Failure::UnknownSkill { name, suggestions: ([""; 3], 0) });
    };
    match skill.flags.with_specs(|specs| args::parse_into(specs, rest, args)) {
        Ok(()) => Step::Invoke { index, skill },
        // `email.send --to a --help`: a help request among other flags (the
        // skill declares no `--help` or `-h`), which wins, as in clap. Read
        // from the errors, so that commands without it pay nothing.
        Err(errors) if errors.iter().any(asks_for_help) => help_step(catalog, HelpQuery::Name(name), name, visible),
        Err(errors) => Step::Fail(Failure::Args { skill, errors }),
    }
}

/// Whether `error` is `--help` or `-h` read as a flag the skill lacks.
fn asks_for_help(error: &args::ArgErrorKind<'_>) -> bool {
    match *error {
        args::ArgErrorKind::UnknownFlag { given, short: false, .. } => given.eq_ignore_ascii_case("help"),
        args::ArgErrorKind::UnknownFlag { given, short: true, .. } => given == "h",
        _ => false,
    }
}

/// The help page `query` asks for, or the closest names when it names
/// nothing (`first` is the command's first word, named when the query is
/// the domain list).
fn help_step<'a>(
    catalog: &'a dyn Catalog,
    query: HelpQuery<'a>,
    first: &'a str,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
) -> Step<'a> {
    match help::resolve(catalog, query, visible) {
        Ok(target) => Step::Help(target),
        Err(suggestions) => {
            let asked = match query {
                HelpQuery::Name(n) => n,
                HelpQuery::Domains => first,
            };
            Step::Fail(Failure::UnknownHelp { name: asked, suggestions })
        }
    }
}

/// Shell syntax in `line` that a command cannot use (`--body <<EOF`,
/// `"$(cat notes)"`, a backslash outside quotes that would be dropped), as
/// the failure that refuses it, before anything is split or run; see
/// `skills_core::shell`. The router checks every command with it first; a
/// caller of [`step`] does the same to refuse what the router refuses.
///
/// ```
/// use skills_runtime::route::shell_syntax;
/// assert_eq!(shell_syntax(br"memory.save --content C:\Users").unwrap().kind(), "unquoted_backslash");
/// assert!(shell_syntax(b"memory.save --content 'C:\\Users'").is_none());
/// ```
pub fn shell_syntax(line: &[u8]) -> Option<Failure<'_>> {
    let found = skills_core::shell::construct_in(line)?;
    // The flag whose value it was meant to be: the last one before it
    // (`--body <<EOF`, `--subject "Q1 $(date)"`).
    let flag = line[..found.offset]
        .split(u8::is_ascii_whitespace)
        .rev()
        .find(|w| w.len() > 2 && w.starts_with(b"--"))
        .and_then(|w| core::str::from_utf8(w).ok());
    Some(Failure::ShellSyntax { found, flag, command: line })
}

/// Why the first token names no skill: something written before the
/// command (`1. tasks.search`, `` `tasks.search ...` ``), a line of prose,
/// or a misspelt name (with the closest ones).
#[cold]
fn unknown_skill<'a>(
    catalog: &'a dyn Catalog,
    tokens: &'a [&'a str],
    visible: &dyn Fn(&SkillView<'_>) -> bool,
) -> Failure<'a> {
    let name = tokens[0];
    let names_command = |t: &str| names_command(catalog, t);
    if let Some(inner) = name.strip_prefix('`') {
        let inner = inner.trim_end_matches('`');
        if names_command(inner) {
            return Failure::Misplaced { prefix: "`", skill: inner.trim_end_matches(':') };
        }
    }
    if let Some(&next) = tokens.get(1)
        && is_line_prefix(name)
        && names_command(next.trim_start_matches('`'))
    {
        return Failure::Misplaced { prefix: name, skill: next.trim_matches('`').trim_end_matches(':') };
    }
    // `email`, `email.all`, `email.*`: help asked for without `get_skill`.
    let (base, all) = match name.strip_suffix(".all").or_else(|| name.strip_suffix(".*")) {
        Some(base) => (base, true),
        None => (name, false),
    };
    if let Some(domain) = crate::catalog::find_domain_any_case(catalog, base) {
        // `email send --to ...`: the skill's name written with a space.
        let skill = match tokens.get(1) {
            Some(&action) if !all => crate::catalog::spaced_skill(catalog, domain.name, action),
            _ => None,
        };
        return Failure::DomainAsCommand { name, domain: domain.name, all, skill };
    }
    let mut suggestions = unknown_skill_suggestions(catalog, name, visible);
    if suggestions.1 == 0 && tokens.len() > 1 && is_prose(name) && !tokens[1..].iter().any(|t| t.starts_with("--")) {
        return Failure::Prose { word: name };
    }
    // A line that starts with no word at all (`1 task:`, `> found 2`,
    // `- task_2 ...`): output a model wrote after its command, or prose.
    if suggestions.1 == 0 && !crate::error::has_letters(name) {
        return Failure::Prose { word: name };
    }
    // Not close in spelling: the same action in other words, or without
    // its domain (`tasks.find`, `send`).
    if suggestions.1 == 0 {
        suggestions = help::by_action(catalog, name, visible);
    }
    Failure::UnknownSkill { name, suggestions }
}

/// Whether `word` (`tasks.search`, `TASKS.SEARCH`, an alias, `get_skill`,
/// `get_skill:`) starts a command of `catalog`.
pub(crate) fn names_command(catalog: &dyn Catalog, word: &str) -> bool {
    let word = word.split(':').next().unwrap_or(word);
    word.eq_ignore_ascii_case(skills_core::names::GET_SKILL) || lookup_any_case(catalog, word).is_some()
}

/// What models write before a command on its line: a list marker (`-`,
/// `*`, `+`, `•`, `1.`, `2)`), a quote marker (`>`), a shell prompt (`$`,
/// `%`), a label (`Command:`, `assistant:`), or a verb (`run`, `exec`,
/// `call`, `sudo`).
fn is_line_prefix(word: &str) -> bool {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    matches!(word, "-" | "*" | "+" | "•" | ">" | ">>" | "$" | "%")
        || (digits > 0 && matches!(&word[digits..], "." | ")" | ":"))
        // `run tasks.search ...`: a verb a model puts before a command.
        || ["run", "exec", "execute", "call", "invoke", "sudo"].iter().any(|v| word.eq_ignore_ascii_case(v))
        || word
            .strip_suffix(':')
            .is_some_and(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_'))
}

/// A word that starts a sentence rather than a command: letters (and
/// apostrophes), possibly with closing punctuation. Bytewise, with any
/// non-ASCII character taken for a letter: Unicode's letter tables would
/// cost 2 KB of flash on the firmware for a heuristic.
pub(crate) fn is_prose(word: &str) -> bool {
    let b = word.as_bytes();
    let end = b.len() - b.iter().rev().take_while(|&&c| matches!(c, b',' | b'.' | b':' | b';' | b'!' | b'?')).count();
    end > 0 && b[..end].iter().all(|&c| c.is_ascii_alphabetic() || c == b'\'' || c >= 0x80)
}

/// Whether `word` is `get_skill` written with another separator or none,
/// in any case, with an `s` or a colon after it (`get-skill`, `getSkill:`,
/// `GET_SKILLS`), but not `get_skill` itself (which [`help::parse_query`]
/// reads).
pub(crate) fn spells_get_skill(word: &str) -> bool {
    let word = word.strip_suffix(':').unwrap_or(word);
    let word = word.strip_suffix(['s', 'S']).unwrap_or(word);
    let mut letters = word.bytes().filter(|&b| !matches!(b, b'-' | b'_' | b'.' | b' '));
    b"getskill".iter().all(|&c| letters.next().is_some_and(|b| b.eq_ignore_ascii_case(&c)))
        && letters.next().is_none()
        && word.len() <= b"get_skill".len() + 1
}

/// Close skill names for an unknown one; `get_skill` for a model that asks
/// for help by another name (`help`, `get_skills`).
#[cold]
fn unknown_skill_suggestions<'c>(
    catalog: &'c dyn Catalog,
    name: &str,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
) -> help::Suggestions<'c> {
    if ["help", "skills", "list_skills", "get_skills", "get_help"].iter().any(|h| name.eq_ignore_ascii_case(h)) {
        return (["get_skill", "", ""], 1);
    }
    // `get_skill` is a name too, for `get-skill`, `getskill:`, `GetSkil`.
    let name = name.trim_end_matches(':');
    crate::catalog::closest_skills::<3>(catalog, name, [], [skills_core::names::GET_SKILL], visible)
}
