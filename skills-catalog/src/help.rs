//! Progressive disclosure: `get_skill` and `--help`.
//!
//! | Command | Returns |
//! |---|---|
//! | `get_skill` | every domain with its description, and how to drill down |
//! | `get_skill: email` (or `get_skill email`, `get_skill(email)`, `email --help`) | the domain's `SKILL.md` body |
//! | `get_skill: email.send` (or `email.send --help`, `-h`, `help`) | the skill's body |
//! | `get_skill: email.all` (or `email.*`) | every skill body of the domain, sorted by name |
//!
//! `get_skill` is matched ignoring case, its colon may stand on its own
//! (`get_skill : email`), a name in backticks is the name, and so is one
//! after a flag (`get_skill --name email`); `get_skill --help` is the domain
//! list.
//!
//! Aliases resolve to their skill. Text is written to any `core::fmt::Write`,
//! so disclosure works without a heap.

use crate::catalog::{
    Catalog, SkillView, closest_skills, domain_skills, domains, find_domain_any_case, lookup_any_case, skill_names,
    visible_at,
};
use core::fmt::{self, Write};
use skills_core::names::GET_SKILL;

/// What a help command asks for, before names are resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpQuery<'a> {
    /// `get_skill`: all domains.
    Domains,
    /// A domain, a skill, an alias or `domain.all`.
    Name(&'a str),
}

/// A help command that is malformed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpSyntax<'a> {
    /// The name asked for.
    pub name: &'a str,
    /// The first unexpected token.
    pub extra: &'a str,
}

impl fmt::Display for HelpSyntax<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "get_skill takes one name, but `{}` follows it", self.extra)
    }
}

/// Recognizes the help forms in a tokenized command. `None` when the command
/// is not a help request.
pub fn parse_query<'a>(tokens: &[&'a str]) -> Option<Result<HelpQuery<'a>, HelpSyntax<'a>>> {
    let (&first, rest) = tokens.split_first()?;
    // `get_skill` in any case (`GET_SKILL: EMAIL`), as skill names are.
    let tail =
        first.get(..GET_SKILL.len()).filter(|p| p.eq_ignore_ascii_case(GET_SKILL)).map(|_| &first[GET_SKILL.len()..]);
    let (name, after): (&str, &[&str]) = if let Some("" | ":") = tail {
        // `get_skill : email`: the colon as a word of its own.
        let rest = match rest {
            [":", more @ ..] => more,
            _ => rest,
        };
        match rest {
            // `get_skill --help`: help on help is the domain list.
            [] | ["--help" | "-h"] => return Some(Ok(HelpQuery::Domains)),
            // `get_skill --name email`, as if it took a flag.
            [flag, n] if flag.starts_with("--") => (n, &[]),
            [n, more @ ..] => (n, more),
        }
    } else if let Some(n) = tail.and_then(|t| t.strip_prefix(':')) {
        (n, rest)
    } else if let Some(n) = tail.and_then(|t| t.strip_prefix('(')).and_then(|n| n.strip_suffix(')')) {
        // `get_skill(email)`, as a model used to function calls writes it.
        if n.is_empty() && rest.is_empty() {
            return Some(Ok(HelpQuery::Domains));
        }
        (n, rest)
    } else if matches!(rest, ["--help" | "-h" | "help" | "-?" | "?"]) {
        // `email.send help`: no skill takes a bare word, so it can only
        // ask for the page (nor a flag `-?`).
        (first, &[])
    } else {
        return None;
    };
    // `get_skill --name=email`: the value of the flag.
    let name = match name.strip_prefix("--").and_then(|f| f.split_once('=')) {
        Some((_, value)) => value,
        None => name,
    };
    // `get_skill: `email.send``: the name in backticks, as prose shows it;
    // `get_skill: email, tasks`: the comma of a list.
    let name = name.trim_end_matches(',').trim_matches('`');
    match after {
        // `get_skill: email.send --help` asks twice for the same page.
        [] | ["--help" | "-h"] => Some(Ok(HelpQuery::Name(name))),
        [extra, ..] => Some(Err(HelpSyntax { name, extra })),
    }
}

/// `email.help`, `email.send.help` (any case): the help request of what
/// comes before `.help`, a reserved action. Looked at only once the name
/// is no skill.
#[doc(hidden)]
pub fn dotted_help<'a>(name: &'a str, rest: &[&str]) -> Option<HelpQuery<'a>> {
    let at = name.len().checked_sub(".help".len()).filter(|&at| at > 0 && rest.is_empty())?;
    name.get(at..).filter(|s| s.eq_ignore_ascii_case(".help")).map(|_| HelpQuery::Name(&name[..at]))
}

/// What a help query resolved to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpTarget<'a> {
    /// The domain list.
    Domains,
    /// A domain's index.
    Domain(&'a str),
    /// One skill.
    Skill(&'a str),
    /// Every skill of a domain.
    DomainAll(&'a str),
}

/// Writes "; did you mean `a` or `b`?" when there are suggestions.
#[doc(hidden)]
pub fn write_suggestions(f: &mut dyn Write, names: &[&str]) -> fmt::Result {
    for (i, n) in names.iter().enumerate() {
        let sep = match i {
            0 => "; did you mean ",
            _ if i + 1 == names.len() => " or ",
            _ => ", ",
        };
        write!(f, "{sep}`{n}`")?;
    }
    if !names.is_empty() {
        f.write_char('?')?;
    }
    Ok(())
}

/// Close domain and skill names for `given`, visible ones only; when none
/// is close in spelling, the skills [`by_action`] finds.
#[doc(hidden)]
pub fn closest_names<'c>(
    catalog: &'c dyn Catalog,
    given: &str,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
) -> ([&'c str; 3], usize) {
    if let Some(name) = by_path(catalog, given, visible) {
        return ([name, "", ""], 1);
    }
    // Domains first: ties keep them before skills.
    let close = closest_skills::<3>(catalog, given, domains(catalog).map(|d| d.name), [], visible);
    if close.1 > 0 { close } else { by_action(catalog, given, visible) }
}

/// The skill or domain a file path names (`email/send.md`,
/// `skills/email/send.md`, `email\\send`, `email/SKILL.md`), as a model that
/// has seen the tree, or another format that reads skills as files, asks
/// for one.
#[cold]
#[inline(never)]
fn by_path<'c>(catalog: &'c dyn Catalog, given: &str, visible: &dyn Fn(&SkillView<'_>) -> bool) -> Option<&'c str> {
    // Bytewise (the separators and `.md` are ASCII): `str`'s pattern
    // searchers would cost the firmware more flash than this whole hint.
    let b = given.as_bytes();
    let sep = |c: &u8| *c == b'/' || *c == b'\\';
    let md = b.len() >= 3 && b[b.len() - 3..].eq_ignore_ascii_case(b".md");
    let mut end = if md { b.len() - 3 } else { b.len() };
    // The last two parts, skipping empty ones and `.`.
    let mut part = || loop {
        let start = b[..end].iter().rposition(sep).map_or(0, |i| i + 1);
        let p = given.get(start..end)?;
        let more = start > 0;
        end = start.saturating_sub(1);
        if !p.is_empty() && p != "." {
            return Some(p);
        }
        if !more {
            return None;
        }
    };
    if !b.iter().any(sep) {
        return None;
    }
    let last = part()?;
    let domain = find_domain_any_case(catalog, part()?)?;
    if last.eq_ignore_ascii_case("SKILL") || last.eq_ignore_ascii_case("index") {
        return Some(domain.name);
    }
    // `domain.action`, looked up as written (any case), as a skill's name
    // written with a space is.
    let name = crate::catalog::spaced_skill(catalog, domain.name, last)?;
    let skill = catalog.skill_at(catalog.lookup(name)?)?;
    visible(&skill).then_some(skill.name)
}

/// Verbs that name the same action, as skills and models word them: one
/// group per string (one string each rather than a slice of words, which
/// the firmware would hold as a table of pointers).
const SAME_ACTIONS: &[&str] = &[
    "search find query lookup look_up filter list locate",
    "get show view read fetch open display describe info details",
    "create add new make insert",
    "delete remove archive destroy rm del trash drop",
    "update edit modify change set patch",
    "send mail post submit",
    "save store remember record keep",
    "list all index browse",
];

/// Skills a name the catalog does not know may mean by its action, for
/// what spelling cannot find: `tasks.find` gives `tasks.search` (the same
/// action in another word, in the domain written), and `send` alone gives
/// `email.send` (the action written without its domain).
#[cold]
#[doc(hidden)]
pub fn by_action<'c>(
    catalog: &'c dyn Catalog,
    given: &str,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
) -> ([&'c str; 3], usize) {
    let mut found: ([&'c str; 3], usize) = ([""; 3], 0);
    let mut push = |name: &'c str| {
        if found.1 < 3 && !found.0[..found.1].contains(&name) {
            found.0[found.1] = name;
            found.1 += 1;
        }
    };
    let given = given.trim_end_matches(':');
    match given.split_once('.') {
        Some((domain, action)) => {
            let same = |a: &str| {
                SAME_ACTIONS
                    .iter()
                    .any(|g| g.split(' ').any(|w| w.eq_ignore_ascii_case(action)) && g.split(' ').any(|w| w == a))
            };
            // The skills of the domain written (any case), read as one run.
            for d in domains(catalog).filter(|d| d.name.eq_ignore_ascii_case(domain)) {
                for s in domain_skills(catalog, d.name).filter(|s| visible(s)) {
                    if s.name.split_once('.').is_some_and(|(_, a)| same(a)) {
                        push(s.name);
                    }
                }
            }
        }
        None => {
            // Every skill's name is read; only one that matches is looked at.
            let mut by_name = false;
            for (name, i) in skill_names(catalog) {
                if name.split_once('.').is_some_and(|(_, a)| a.eq_ignore_ascii_case(given))
                    && visible_at(catalog, i, visible)
                {
                    push(name);
                    by_name = true;
                }
            }
            // The action before the domain, as function-calling tools are
            // named (`send_email`, `search-tasks`, `create_task`): every
            // `_` or `-` may end the action; the domain may differ by a
            // plural `s`.
            if !by_name {
                for (name, i) in skill_names(catalog) {
                    let Some((domain, action)) = name.split_once('.') else { continue };
                    if action_then_domain(given, action, domain) && visible_at(catalog, i, visible) {
                        push(name);
                    }
                }
            }
        }
    }
    found
}

/// Whether `given` is `action`, a `_` or `-`, then `domain` (any case, `-`
/// and `_` alike, the domain with or without a plural `s`).
fn action_then_domain(given: &str, action: &str, domain: &str) -> bool {
    let same = |a: &str, b: &str| skills_core::args::same_flag_name(a, b);
    given.len() > action.len()
        && given.is_char_boundary(action.len())
        && same(&given[..action.len()], action)
        && matches!(given.as_bytes()[action.len()], b'_' | b'-')
        && {
            let noun = &given[action.len() + 1..];
            same(noun, domain)
                || noun.strip_suffix(['s', 'S']).is_some_and(|n| same(n, domain))
                || domain.strip_suffix('s').is_some_and(|d| same(noun, d))
        }
}

/// Close names for an unknown help name.
pub type Suggestions<'c> = ([&'c str; 3], usize);

/// Resolves a query against the catalog; hidden skills are unknown. An
/// unknown name gives the closest names.
pub fn resolve<'c>(
    catalog: &'c dyn Catalog,
    query: HelpQuery<'_>,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
) -> Result<HelpTarget<'c>, Suggestions<'c>> {
    let name = match query {
        HelpQuery::Domains => return Ok(HelpTarget::Domains),
        HelpQuery::Name(n) => n,
    };
    // `email.all`, and `email.*` as a model writes it in glob style.
    let all = name
        .len()
        .checked_sub(4)
        .filter(|&at| name.is_char_boundary(at) && name[at..].eq_ignore_ascii_case(".all"))
        .or_else(|| name.strip_suffix(".*").map(str::len));
    if let Some(domain) = all.map(|at| &name[..at])
        && let Some(d) = find_domain_any_case(catalog, domain)
    {
        return Ok(HelpTarget::DomainAll(d.name));
    }
    if let Some(i) = lookup_any_case(catalog, name)
        && let Some(s) = catalog.skill_at(i)
        && visible(&s)
    {
        return Ok(HelpTarget::Skill(s.name));
    }
    if let Some(d) = find_domain_any_case(catalog, name) {
        return Ok(HelpTarget::Domain(d.name));
    }
    Err(closest_names(catalog, name, visible))
}

/// Writes the help text of a resolved target.
pub fn write(
    catalog: &dyn Catalog,
    target: HelpTarget<'_>,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
    out: &mut dyn Write,
) -> fmt::Result {
    match target {
        HelpTarget::Domains => write_domains(catalog, visible, out),
        HelpTarget::Domain(name) => {
            let Some(d) = catalog.find_domain(name) else {
                return Ok(());
            };
            let any_shown = domain_skills(catalog, name).any(|s| visible(&s));
            if d.body.trim().is_empty() {
                write!(out, "# {name}\n\n")?;
                if !d.description.is_empty() {
                    write!(out, "{}\n\n", d.description)?;
                }
                if !any_shown {
                    return write!(out, "The domain `{name}` has no skills available here.");
                }
                write_skill_table(catalog, name, visible, out)
            } else {
                write_index_body(catalog, d.body, visible, out)?;
                // An index that names none of its skills (a title, a
                // paragraph) still lists them: the model needs the names.
                // (A plain window compare: `str::contains` brings its
                // two-way searcher, 1.3 KB of firmware flash.)
                let names = |s: &SkillView<'_>| {
                    !s.name.is_empty() && d.body.as_bytes().windows(s.name.len()).any(|w| w == s.name.as_bytes())
                };
                // (None shown here: the body alone, without an empty table.)
                if !any_shown || domain_skills(catalog, name).any(|s| visible(&s) && names(&s)) {
                    return Ok(());
                }
                write!(out, "{}## Available Skills\n\n", if d.body.ends_with('\n') { "\n" } else { "\n\n" })?;
                write_skill_table(catalog, name, visible, out)
            }
        }
        HelpTarget::Skill(name) => match catalog.lookup(name).and_then(|i| catalog.skill_at(i)) {
            Some(s) => out.write_str(s.body),
            None => Ok(()),
        },
        HelpTarget::DomainAll(name) => {
            let mut first = true;
            for s in domain_skills(catalog, name).filter(|s| visible(s)) {
                if !first {
                    out.write_str("\n\n---\n\n")?;
                }
                first = false;
                let title_present = s.body.trim_start().strip_prefix("# ").is_some_and(|r| r.starts_with(s.name));
                if !title_present {
                    write!(out, "# {}\n\n", s.name)?;
                }
                out.write_str(s.body)?;
            }
            if first {
                write!(out, "The domain `{name}` has no skills available here.")?;
            }
            Ok(())
        }
    }
}

/// Writes a `SKILL.md` body without the table rows of skills hidden here
/// (a row whose first cell names a skill that is not visible), so that a
/// skill whose eligibility fails leaves every listing.
fn write_index_body(
    catalog: &dyn Catalog,
    body: &str,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
    out: &mut dyn Write,
) -> fmt::Result {
    for line in body.split_inclusive('\n') {
        let hidden = line
            .trim_start()
            .strip_prefix('|')
            .and_then(|rest| rest.split('|').next())
            .map(|cell| cell.trim().trim_matches('`'))
            .and_then(|name| catalog.lookup(name).and_then(|i| catalog.skill_at(i)).filter(|s| s.name == name))
            .is_some_and(|s| !visible(&s));
        if !hidden {
            out.write_str(line)?;
        }
    }
    Ok(())
}

/// The `get_skill` listing.
fn write_domains(catalog: &dyn Catalog, visible: &dyn Fn(&SkillView<'_>) -> bool, out: &mut dyn Write) -> fmt::Result {
    // A domain shows when one of its skills does; one without any skill, an
    // index with a body of its own (a guide, as an Agent Skills folder is),
    // shows too: `get_skill: <domain>` gives that body.
    let shown = |d: &crate::catalog::DomainView<'_>| {
        let mut any = false;
        for s in domain_skills(catalog, d.name) {
            if visible(&s) {
                return true;
            }
            any = true;
        }
        !any && !d.body.trim().is_empty()
    };
    let width = domains(catalog).filter(|d| shown(d)).map(|d| d.name.len()).max().unwrap_or(0).max(12);
    out.write_str("Available skill domains:\n\n")?;
    for d in domains(catalog).filter(|d| shown(d)) {
        writeln!(out, "  {:<width$} {}", d.name, d.description.trim())?;
    }
    out.write_str(USAGE_LINES)
}

/// The three drill-down lines that end the `get_skill` listing.
pub const USAGE_LINES: &str = "\nUse: get_skill: <domain> for domain details\nUse: get_skill: <domain>.<command> for specific skill details\nUse: get_skill: <domain>.all to load all skills in a domain\n";

/// The table of a domain's skills shown here, for an index that has none.
fn write_skill_table(
    catalog: &dyn Catalog,
    domain: &str,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
    out: &mut dyn Write,
) -> fmt::Result {
    out.write_str("| Skill | Description |\n|-------|-------------|\n")?;
    for s in domain_skills(catalog, domain).filter(|s| visible(s)) {
        writeln!(out, "| {} | {} |", s.name, s.description)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_forms() {
        assert_eq!(parse_query(&["get_skill"]), Some(Ok(HelpQuery::Domains)));
        assert_eq!(parse_query(&["get_skill:", "email"]), Some(Ok(HelpQuery::Name("email"))));
        assert_eq!(parse_query(&["get_skill", "email.all"]), Some(Ok(HelpQuery::Name("email.all"))));
        assert_eq!(parse_query(&["email.send", "help"]), Some(Ok(HelpQuery::Name("email.send"))));
        assert_eq!(parse_query(&["email.send", "help", "me"]), None);
        assert_eq!(parse_query(&["Get_Skill"]), Some(Ok(HelpQuery::Domains)));
        assert_eq!(parse_query(&["get_skill", ":"]), Some(Ok(HelpQuery::Domains)));
        assert_eq!(parse_query(&["get_skill", ":", "email"]), Some(Ok(HelpQuery::Name("email"))));
        assert_eq!(parse_query(&["get_skills"]), None);
        assert_eq!(parse_query(&["get_skill", "--help"]), Some(Ok(HelpQuery::Domains)));
        assert_eq!(parse_query(&["get_skill", "--name", "email"]), Some(Ok(HelpQuery::Name("email"))));
        assert_eq!(parse_query(&["get_skill", "--name=email"]), Some(Ok(HelpQuery::Name("email"))));
        assert_eq!(
            parse_query(&["get_skill:", "email,", "tasks"]),
            Some(Err(HelpSyntax { name: "email", extra: "tasks" }))
        );
        assert_eq!(parse_query(&["get_skill:", "email,"]), Some(Ok(HelpQuery::Name("email"))));
        assert_eq!(parse_query(&["get_skill:", "`email.send`"]), Some(Ok(HelpQuery::Name("email.send"))));
        assert_eq!(parse_query(&["get_skill:email.send"]), Some(Ok(HelpQuery::Name("email.send"))));
        assert_eq!(parse_query(&["email.send", "--help"]), Some(Ok(HelpQuery::Name("email.send"))));
        assert_eq!(parse_query(&["email", "--help"]), Some(Ok(HelpQuery::Name("email"))));
        assert_eq!(dotted_help("email.help", &[]), Some(HelpQuery::Name("email")));
        assert_eq!(dotted_help("email.send.help", &[]), Some(HelpQuery::Name("email.send")));
        assert_eq!(parse_query(&["email.send", "-?"]), Some(Ok(HelpQuery::Name("email.send"))));
        assert_eq!(parse_query(&["email.send", "?"]), Some(Ok(HelpQuery::Name("email.send"))));
        assert_eq!(dotted_help("email.help", &["--to", "x"]), None);
        assert_eq!(dotted_help(".help", &[]), None);
        assert_eq!(dotted_help("EMAIL.HELP", &[]), Some(HelpQuery::Name("EMAIL")));
        assert_eq!(dotted_help("é.help", &[]), Some(HelpQuery::Name("é")));
        assert_eq!(dotted_help("éhelp", &[]), None);
        assert_eq!(parse_query(&["get_skill:", "a", "b"]), Some(Err(HelpSyntax { name: "a", extra: "b" })));
        assert_eq!(parse_query(&["get_skill:", "a", "--help"]), Some(Ok(HelpQuery::Name("a"))));
        assert_eq!(parse_query(&["get_skill(email.send)"]), Some(Ok(HelpQuery::Name("email.send"))));
        assert_eq!(parse_query(&["get_skill()"]), Some(Ok(HelpQuery::Domains)));
        assert_eq!(parse_query(&["get_skill:a", "-h"]), Some(Ok(HelpQuery::Name("a"))));
        assert_eq!(
            parse_query(&["get_skill:", "a", "--help", "b"]),
            Some(Err(HelpSyntax { name: "a", extra: "--help" }))
        );
        assert_eq!(parse_query(&["email.send", "--to", "x"]), None);
    }
}
