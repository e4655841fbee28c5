//! One routing step: tokens in, what to do out. Shared by the [`Router`]
//! (which then runs handlers) and the `skills` CLI (which prints the parsed
//! flags), so both read a command the same way.
//!
//! [`Router`]: crate::Router

use crate::catalog::{Catalog, SkillView, lookup_any_case, skills};
use crate::error::Failure;
use crate::help::{self, HelpQuery, HelpTarget};
use skills_core::args::{self, Args};
use skills_core::suggest;

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
        Some(Ok(query)) => {
            return match help::resolve(catalog, query, visible) {
                Ok(target) => Step::Help(target),
                Err(suggestions) => {
                    let asked = match query {
                        HelpQuery::Name(n) => n,
                        HelpQuery::Domains => name,
                    };
                    Step::Fail(Failure::UnknownHelp { name: asked, suggestions })
                }
            };
        }
        Some(Err(syntax)) => {
            return Step::Fail(Failure::HelpSyntax { extra: syntax.extra });
        }
        None => {}
    }
    let Some(index) = lookup_any_case(catalog, name) else {
        return Step::Fail(Failure::UnknownSkill {
            name,
            suggestions: unknown_skill_suggestions(catalog, name, visible),
        });
    };
    let Some(skill) = catalog.skill_at(index) else {
        return Step::Fail(Failure::UnknownSkill { name, suggestions: ([""; 3], 0) });
    };
    match skill.flags.with_specs(|specs| args::parse_into(specs, rest, args)) {
        Ok(()) => Step::Invoke { index, skill },
        Err(errors) => Step::Fail(Failure::Args { skill, errors }),
    }
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
    let names = skills(catalog).filter(|s| visible(s)).flat_map(|s| core::iter::once(s.name));
    suggest::closest_n::<_, 3>(name, names)
}
