//! Skills read from disk at run time: the catalog of dev mode and of the
//! `skills` CLI.

use crate::catalog::{Catalog, DomainView, EligibilityView, Flags, SkillView, Strs};
use skills_parser::diagnostic::display_path;
use skills_parser::{Skill, Tree};
use std::collections::HashMap;

#[derive(Clone, Debug)]
struct DynSkill {
    skill: Skill,
    usage: String,
    source: String,
    root: String,
    shape: u64,
}

#[derive(Clone, Debug)]
struct DynDomain {
    name: String,
    description: String,
    body: String,
    source: String,
}

/// Skills and domains parsed from one or more skill roots.
#[derive(Clone, Debug, Default)]
pub struct DynamicCatalog {
    skills: Vec<DynSkill>,
    domains: Vec<DynDomain>,
    index: HashMap<String, usize>,
}

impl DynamicCatalog {
    /// The skills of `tree`, labelled as coming from root `label`.
    pub fn from_tree(tree: &Tree, label: &str) -> Self {
        Self::layered(&[(label, tree)])
    }

    /// Several roots, highest precedence first: a skill (or domain index) in
    /// an earlier root shadows the same name in later ones.
    pub fn layered(roots: &[(&str, &Tree)]) -> Self {
        let mut by_name: std::collections::BTreeMap<&str, DynSkill> = std::collections::BTreeMap::new();
        let mut domains: std::collections::BTreeMap<&str, DynDomain> = std::collections::BTreeMap::new();
        for (label, tree) in roots {
            for s in &tree.skills {
                by_name.entry(s.name.as_str()).or_insert_with(|| DynSkill {
                    usage: s.usage.lines.first().cloned().unwrap_or_default(),
                    source: display_path(&s.path),
                    root: label.to_string(),
                    shape: s.shape_fingerprint(),
                    skill: s.clone(),
                });
            }
            for d in &tree.domains {
                let entry = domains.entry(d.name.as_str()).or_insert_with(|| DynDomain {
                    name: d.name.clone(),
                    description: String::new(),
                    body: String::new(),
                    source: String::new(),
                });
                // The highest root with an index supplies it.
                if entry.source.is_empty()
                    && let Some(p) = &d.index_path
                {
                    entry.description = d.description.clone();
                    entry.body = d.body.clone();
                    entry.source = display_path(p);
                }
            }
        }
        let skills: Vec<DynSkill> = by_name.into_values().collect();
        let mut index = HashMap::new();
        for (i, s) in skills.iter().enumerate() {
            index.insert(s.skill.name.clone(), i);
        }
        for (i, s) in skills.iter().enumerate() {
            for a in &s.skill.aliases {
                index.entry(a.clone()).or_insert(i);
            }
        }
        DynamicCatalog { skills, domains: domains.into_values().collect(), index }
    }

    /// The parsed skill at `index`.
    pub fn parsed(&self, index: usize) -> Option<&Skill> {
        self.skills.get(index).map(|s| &s.skill)
    }
}

impl Catalog for DynamicCatalog {
    fn skill_count(&self) -> usize {
        self.skills.len()
    }

    fn skill_at(&self, index: usize) -> Option<SkillView<'_>> {
        let d = self.skills.get(index)?;
        let s = &d.skill;
        Some(SkillView {
            name: &s.name,
            domain: &s.domain,
            description: &s.description,
            usage: &d.usage,
            body: &s.body,
            flags: Flags::Parsed(&s.flags),
            aliases: Strs::Owned(&s.aliases),
            tags: Strs::Owned(&s.tags),
            schedule: s.schedule.as_deref(),
            read_only: s.read_only,
            has_handler: s.has_handler(),
            eligibility: EligibilityView {
                os: Strs::Owned(&s.eligibility.os),
                env: Strs::Owned(&s.eligibility.env),
                binaries: Strs::Owned(&s.eligibility.binaries),
            },
            source: &d.source,
            root: &d.root,
            shape: d.shape,
        })
    }

    fn lookup(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    fn domain_count(&self) -> usize {
        self.domains.len()
    }

    fn domain_at(&self, index: usize) -> Option<DomainView<'_>> {
        self.domains.get(index).map(|d| DomainView {
            name: &d.name,
            description: &d.description,
            body: &d.body,
            source: &d.source,
        })
    }
}
