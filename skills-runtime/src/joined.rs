//! Several crates' tables served as one, so that a large skill tree can be
//! split into crates that rebuild on their own.
//!
//! `rustc` compiles a crate as a whole: after one markdown edit, the crate
//! that includes the generated code is parsed, resolved and hashed again,
//! whatever changed, in time that grows with the tree (docs/PERFORMANCE.md,
//! "Build cost"). A large tree builds
//! faster as several crates ("parts"), each with its own build script and
//! `include_skills!` over a subtree, and each holding the handlers of its
//! own skills; the application joins their tables at start-up and routes
//! over the result as over one table. An edit then rebuilds one part and
//! relinks the application.
//!
//! ```
//! # skills_runtime::__doc_table!(NOTES);
//! # skills_runtime::__doc_table!(OPS, "ops");
//! use skills_runtime::{Joined, Router};
//! use std::sync::LazyLock;
//!
//! // `NOTES` and `OPS` stand for `notes::skills::TABLE` and
//! // `ops::skills::TABLE`, two crates' generated tables with one context.
//! static SKILLS: LazyLock<Joined<()>> =
//!     LazyLock::new(|| Joined::new(&[&NOTES, &OPS]).unwrap_or_else(|e| panic!("{e}")));
//!
//! let router = Router::new(SKILLS.table());
//! assert_eq!(router.execute(&mut (), "demo.greet --name Ada").to_model_text(), "[Command Result: demo.greet]\nhello, Ada");
//! assert_eq!(router.execute(&mut (), "ops.greet --name Bo").to_model_text(), "[Command Result: ops.greet]\nhello, Bo");
//! ```
//!
//! The joined table is an ordinary [`Table`]: its skills sorted by name
//! across the parts, a perfect-hash index of every name and alias built
//! with the same construction the build script uses (so a lookup costs
//! what it costs in one crate's table), the handlers in the same order,
//! and the system-prompt summary of all of it. Skill and domain names must
//! be unique across the parts: [`Joined::new`] refuses a name two parts
//! define, naming both files. In dev mode, `Registry::builder` takes a
//! `&'static Joined` and serves each part's skills from that part's root.

use crate::catalog::StaticCatalog;
use crate::entry::{DomainEntry, SkillEntry};
use crate::index::NameIndex;
use crate::table::{Handler, Table};
use core::fmt;
use std::collections::HashMap;
use std::string::String;
use std::sync::OnceLock;
use std::vec::Vec;

/// The tables of several crates, joined into one (see the [module
/// docs](self)).
///
/// Keep it in a `static` (a `LazyLock`): [`Joined::table`] lends a
/// `&'static Table` built from it, as [`crate::Router::new`] takes.
pub struct Joined<C: 'static> {
    parts: Vec<&'static Table<C>>,
    /// Every part's skills, sorted by name.
    skills: Vec<&'static SkillEntry>,
    /// Their handlers, in the same order.
    handlers: Vec<Option<Handler<C>>>,
    /// Every part's domains, sorted by name.
    domains: Vec<DomainEntry>,
    seed: u64,
    pilots: Vec<u8>,
    remap: Vec<u32>,
    entries: Vec<(&'static str, u16)>,
    filter: Vec<u64>,
    // Built on first use from the fields above, which they borrow for
    // `'static` once `self` is.
    summary: OnceLock<String>,
    index: OnceLock<NameIndex>,
    catalog: OnceLock<StaticCatalog>,
    table: OnceLock<Table<C>>,
}

impl<C> fmt::Debug for Joined<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Joined")
            .field("parts", &self.parts.len())
            .field("skills", &self.skills.len())
            .field("domains", &self.domains.len())
            .finish_non_exhaustive()
    }
}

/// Why tables could not be joined.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JoinError {
    /// Two parts answer to the same name: a skill's name or alias in one is
    /// a skill's name or alias in another.
    SameName {
        /// The name.
        name: &'static str,
        /// The parts (from 0, as given) that have it.
        parts: (usize, usize),
        /// The file of the skill that has it in the first.
        first: &'static str,
        /// The file of the other.
        second: &'static str,
    },
    /// Two parts have a domain of the same name.
    SameDomain {
        /// The domain.
        name: &'static str,
        /// The parts (from 0, as given) that have it.
        parts: (usize, usize),
        /// Its `SKILL.md` in the first (empty without one).
        first: &'static str,
        /// Its `SKILL.md` in the other.
        second: &'static str,
    },
    /// One table is given twice.
    Repeated {
        /// The later place it is given at (from 0).
        part: usize,
        /// The earlier.
        first: usize,
    },
    /// More skills than an index numbers (65,536).
    TooManySkills {
        /// How many the parts have.
        count: usize,
    },
}

impl fmt::Display for JoinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let or_unnamed = |s: &'static str| if s.is_empty() { "(no SKILL.md)" } else { s };
        match *self {
            JoinError::Repeated { part, first } => {
                write!(f, "part {part} is the same table as part {first}: list each table once")
            }
            JoinError::SameName { name, parts: (a, b), first, second } => write!(
                f,
                "`{name}` names a skill in part {a} ({first}) and in part {b} ({second}): a name or alias \
                 must be unique across the joined tables; rename one, or keep the skill in one tree"
            ),
            JoinError::SameDomain { name, parts: (a, b), first, second } => write!(
                f,
                "domain `{name}` is in part {a} ({}) and in part {b} ({}): keep each domain's skills in one \
                 tree (one crate), or give one of them another name",
                or_unnamed(first),
                or_unnamed(second)
            ),
            JoinError::TooManySkills { count } => write!(
                f,
                "the joined tables have {count} skills; an index numbers at most 65,536: serve the rest \
                 from another router"
            ),
        }
    }
}

impl std::error::Error for JoinError {}

impl<C: 'static> Joined<C> {
    /// Joins `parts`: every skill and domain of each, its handlers with
    /// it. Fails when two parts share a name (skill, alias or domain).
    pub fn new(parts: &[&'static Table<C>]) -> Result<Self, JoinError> {
        let mut skills: Vec<(&'static SkillEntry, Option<Handler<C>>)> = Vec::new();
        let mut domains: Vec<DomainEntry> = Vec::new();
        // Every name and alias, and every domain, with the part and file
        // that gave it first.
        let mut names: HashMap<&'static str, (usize, &'static str)> = HashMap::new();
        let mut domain_files: HashMap<&'static str, (usize, &'static str)> = HashMap::new();
        for (i, part) in parts.iter().enumerate() {
            if let Some(first) = parts[..i].iter().position(|p| core::ptr::eq(*p, *part)) {
                return Err(JoinError::Repeated { part: i, first });
            }
            for d in part.catalog.domains {
                if let Some(&(at, first)) = domain_files.get(d.name) {
                    return Err(JoinError::SameDomain { name: d.name, parts: (at, i), first, second: d.source });
                }
                domain_files.insert(d.name, (i, d.source));
                domains.push(*d);
            }
            for (k, &entry) in part.catalog.skills.iter().enumerate() {
                for name in core::iter::once(entry.name).chain(entry.aliases.iter().copied()) {
                    if let Some(&(at, first)) = names.get(name) {
                        return Err(JoinError::SameName { name, parts: (at, i), first, second: entry.source });
                    }
                    names.insert(name, (i, entry.source));
                }
                skills.push((entry, part.handlers.get(k).copied().flatten()));
            }
        }
        if skills.len() > usize::from(u16::MAX) + 1 {
            return Err(JoinError::TooManySkills { count: skills.len() });
        }
        skills.sort_unstable_by_key(|(e, _)| e.name);
        domains.sort_unstable_by_key(|d| d.name);
        let (skills, handlers): (Vec<_>, Vec<_>) = skills.into_iter().unzip();

        // The index, as `skills-codegen` builds it (phf's PtrHash solver,
        // the runtime's hash, a deterministic seed).
        let keys: Vec<(&'static str, u16)> = skills
            .iter()
            .enumerate()
            .flat_map(|(i, e)| core::iter::once(e.name).chain(e.aliases.iter().copied()).map(move |n| (n, i as u16)))
            .collect();
        let key_names: Vec<&str> = keys.iter().map(|(k, _)| *k).collect();
        let state = phf_generator::ptrhash::generate_hash_with_hash_fn(&key_names, |k: &&str, seed: &u64| {
            crate::index::hash(k, *seed)
        });
        let entries = state.map.iter().map(|&slot| keys[slot]).collect();
        let filter = crate::index::filter(&key_names, state.seed);

        Ok(Joined {
            parts: parts.to_vec(),
            skills,
            handlers,
            domains,
            seed: state.seed,
            pilots: state.pilots,
            remap: state.remap,
            entries,
            filter,
            summary: OnceLock::new(),
            index: OnceLock::new(),
            catalog: OnceLock::new(),
            table: OnceLock::new(),
        })
    }

    /// The joined table, for [`crate::Router::new`] and the rest of the API
    /// that takes one crate's table. Its `root` is empty: the parts' roots
    /// differ, so a dev-mode registry is built from the `Joined` itself
    /// (`Registry::builder(&*SKILLS)`), which knows each part's root; built
    /// from this table, it would serve every compiled skill as compiled and
    /// never see a part's file deleted.
    pub fn table(&'static self) -> &'static Table<C> {
        self.table.get_or_init(|| Table {
            catalog: self.catalog(),
            handlers: &self.handlers,
            // The system-prompt section of every part's skills, written as
            // the build script writes one table's.
            summary: self.summary.get_or_init(|| crate::prompt::summary(self.catalog(), &|_| true)),
            // The parts' roots differ; `parts` names them.
            root: "",
        })
    }

    /// The joined catalog.
    pub fn catalog(&'static self) -> &'static StaticCatalog {
        self.catalog.get_or_init(|| {
            let index = self
                .index
                .get_or_init(|| NameIndex::new(self.seed, &self.pilots, &self.remap, &self.entries, &self.filter));
            StaticCatalog { skills: &self.skills, domains: &self.domains, index: Some(index) }
        })
    }

    /// The tables joined, in the order given.
    pub fn parts(&self) -> &[&'static Table<C>] {
        &self.parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Kind, Router};

    crate::__doc_table!(DEMO);
    crate::__doc_table!(OPS, "ops");
    crate::__doc_table!(OPS_AGAIN, "ops", "again");
    crate::__doc_table!(CLASH, "tools", "hi");

    fn leak(joined: Joined<()>) -> &'static Joined<()> {
        Box::leak(Box::new(joined))
    }

    /// Parts given out of name order are sorted together, each skill
    /// keeping its handler (a template stays a template).
    #[test]
    fn skills_are_sorted_across_parts_with_their_handlers() {
        let joined = leak(Joined::new(&[&OPS, &DEMO]).unwrap());
        let table = joined.table();
        let names: Vec<&str> = table.catalog.skills.iter().map(|s| s.name).collect();
        assert_eq!(names, ["demo.greet", "demo.plan", "ops.greet", "ops.plan"]);
        let router = Router::new(table);
        for (line, kind) in [
            ("demo.greet --name a", Kind::Reply),
            ("demo.plan --topic a", Kind::Template),
            ("ops.greet --name a", Kind::Reply),
            ("ops.plan --topic a", Kind::Template),
            ("hi --name a", Kind::Reply),
            ("ops-hi --name a", Kind::Reply),
        ] {
            assert_eq!(router.execute(&mut (), line).kind, kind, "{line}");
        }
        assert!(router.summary().contains("ops.plan") && router.summary().contains("demo.greet"));
        assert_eq!(
            router.execute(&mut (), "ops.gret").error.unwrap().message,
            "unknown skill `ops.gret`; did you mean `ops.greet`?"
        );
    }

    /// A name or alias in two parts, and a domain in two parts, are
    /// refused, naming the files.
    #[test]
    fn a_name_in_two_parts_is_refused() {
        let alias = Joined::new(&[&DEMO, &CLASH]).unwrap_err();
        assert_eq!(
            alias,
            JoinError::SameName {
                name: "hi",
                parts: (0, 1),
                first: "skills/demo/greet.md",
                second: "skills/tools/greet.md"
            }
        );
        assert!(
            alias.to_string().starts_with(
                "`hi` names a skill in part 0 (skills/demo/greet.md) and in part 1 (skills/tools/greet.md)"
            ),
            "{alias}"
        );
        let domain = Joined::new(&[&OPS, &OPS_AGAIN]).unwrap_err();
        assert_eq!(
            domain,
            JoinError::SameDomain {
                name: "ops",
                parts: (0, 1),
                first: "skills/ops/SKILL.md",
                second: "skills/ops/SKILL.md"
            }
        );
        let twice = Joined::new(&[&DEMO, &OPS, &DEMO]).unwrap_err();
        assert_eq!(twice, JoinError::Repeated { part: 2, first: 0 });
        assert_eq!(twice.to_string(), "part 2 is the same table as part 0: list each table once");
    }

    /// More skills than an index numbers are refused before any index is
    /// built (generated entries number skills with a `u16`).
    #[test]
    fn more_skills_than_an_index_numbers_are_refused() {
        let proto = DEMO.catalog.skills[0];
        let entries: Vec<&'static SkillEntry> = (0..=usize::from(u16::MAX))
            .map(|i| {
                let name: &'static str = String::leak(std::format!("demo.s{i:05}"));
                &*Box::leak(Box::new(SkillEntry { name, aliases: &[], ..*proto }))
            })
            .collect();
        let catalog = Box::leak(Box::new(StaticCatalog { skills: entries.leak(), domains: &[], index: None }));
        let many: &'static Table<()> = Box::leak(Box::new(Table { catalog, handlers: &[], summary: "", root: "" }));
        let err = Joined::new(&[many, &OPS]).unwrap_err();
        assert_eq!(err, JoinError::TooManySkills { count: 65_538 });
        assert!(err.to_string().starts_with("the joined tables have 65538 skills"), "{err}");
    }
}
