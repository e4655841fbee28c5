//! Skills read from disk at run time: the catalog of dev mode and of the
//! `skills` CLI.

use crate::catalog::{Catalog, DomainView, EligibilityView, Flags, SkillView, Strs};
use crate::entry::SkillEntry;
use foldhash::{HashMap, HashMapExt};
use skills_parser::diagnostic::display_path;
use skills_parser::{Domain, Skill, Tree};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// One skill of a dynamic catalog.
#[derive(Clone, Debug)]
#[doc(hidden)]
pub enum DynSkill {
    /// Parsed from a file; shared, so a reload that finds the file
    /// unchanged reuses it whole.
    Parsed(Arc<ParsedSkill>),
    /// Served as compiled: dev mode does this when the file's flag shape no
    /// longer matches the compiled handler, or when the compiled skill's
    /// root is not among the roots read.
    Compiled { entry: &'static SkillEntry, root: String },
}

/// A parsed skill with what the catalog derives from it, once, when first
/// asked: a load builds thousands of these on one thread, from skills the
/// loading threads have just parsed, and reading each skill's flags again
/// there (for the shape) cost that thread more than the rest of its work on
/// the skill, in cache misses. Most are never viewed before a reload, and
/// one that finds the file unchanged keeps the same entry.
#[derive(Debug)]
#[doc(hidden)]
pub struct ParsedSkill {
    #[doc(hidden)]
    pub skill: Arc<Skill>,
    #[doc(hidden)]
    pub root: String,
    usage: OnceLock<String>,
    source: OnceLock<String>,
    shape: OnceLock<u64>,
}

impl ParsedSkill {
    /// The usage line ([`Skill::usage_line`]).
    #[doc(hidden)]
    pub fn usage(&self) -> &str {
        self.usage.get_or_init(|| self.skill.usage_line().into_owned())
    }

    /// The file, as shown.
    #[doc(hidden)]
    pub fn source(&self) -> &str {
        self.source.get_or_init(|| display_path(&self.skill.path))
    }

    /// The flags' shape ([`Skill::shape_fingerprint`]).
    #[doc(hidden)]
    pub fn shape(&self) -> u64 {
        *self.shape.get_or_init(|| self.skill.shape_fingerprint())
    }
}

impl DynSkill {
    /// A parsed skill from root `root`.
    #[doc(hidden)]
    pub fn parsed(s: &Skill, root: &str) -> DynSkill {
        DynSkill::shared(Arc::new(s.clone()), root)
    }

    /// A parsed skill shared with the registry's other records of it (a
    /// dev-mode snapshot and the last good versions hold one copy).
    #[doc(hidden)]
    pub fn shared(s: Arc<Skill>, root: &str) -> DynSkill {
        DynSkill::Parsed(Arc::new(ParsedSkill {
            skill: s,
            root: root.to_string(),
            usage: OnceLock::new(),
            source: OnceLock::new(),
            shape: OnceLock::new(),
        }))
    }

    /// [`DynSkill::shared`], reusing `before` (the entry of the same name in
    /// the previous catalog) when it holds this very skill from this root.
    #[doc(hidden)]
    pub fn shared_or_reused(s: Arc<Skill>, root: &str, before: Option<&DynSkill>) -> DynSkill {
        match before {
            Some(DynSkill::Parsed(p)) if Arc::ptr_eq(&p.skill, &s) && p.root == root => DynSkill::Parsed(p.clone()),
            _ => DynSkill::shared(s, root),
        }
    }

    #[doc(hidden)]
    pub fn name(&self) -> &str {
        match self {
            DynSkill::Parsed(p) => &p.skill.name,
            DynSkill::Compiled { entry, .. } => entry.name,
        }
    }

    /// Where it may run (what a view would give, without building one).
    #[doc(hidden)]
    pub fn eligibility(&self) -> EligibilityView<'_> {
        match self {
            DynSkill::Parsed(p) => {
                let e = &p.skill.eligibility;
                EligibilityView { os: Strs::Owned(&e.os), env: Strs::Owned(&e.env), binaries: Strs::Owned(&e.binaries) }
            }
            DynSkill::Compiled { entry, .. } => entry.view().eligibility,
        }
    }

    fn aliases(&self) -> Vec<&str> {
        match self {
            DynSkill::Parsed(p) => p.skill.aliases.iter().map(String::as_str).collect(),
            DynSkill::Compiled { entry, .. } => entry.aliases.to_vec(),
        }
    }
}

/// One domain of a dynamic catalog.
#[derive(Clone, Debug, Default)]
#[doc(hidden)]
pub struct DynDomain {
    #[doc(hidden)]
    pub name: String,
    #[doc(hidden)]
    pub description: String,
    #[doc(hidden)]
    pub body: String,
    #[doc(hidden)]
    pub source: String,
}

impl DynDomain {
    /// A domain as compiled into the table.
    #[doc(hidden)]
    pub fn from_compiled(d: &crate::entry::DomainEntry) -> DynDomain {
        DynDomain {
            name: d.name.to_string(),
            description: d.description.to_string(),
            body: d.body.to_string(),
            source: d.source.to_string(),
        }
    }

    #[doc(hidden)]
    pub fn from_parsed(d: &Domain) -> DynDomain {
        DynDomain {
            name: d.name.clone(),
            description: d.description.clone(),
            body: d.body.clone(),
            source: d.index_path.as_deref().map(display_path).unwrap_or_default(),
        }
    }
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
        let mut skills: BTreeMap<String, DynSkill> = BTreeMap::new();
        let mut domains: BTreeMap<String, DynDomain> = BTreeMap::new();
        for (label, tree) in roots {
            for s in &tree.skills {
                skills.entry(s.name.clone()).or_insert_with(|| DynSkill::parsed(s, label));
            }
            for d in &tree.domains {
                merge_domain(&mut domains, DynDomain::from_parsed(d));
            }
        }
        Self::from_parts(skills, domains)
    }

    /// A catalog of exactly these skills and domains (sorted by name).
    #[doc(hidden)]
    pub fn from_parts(skills: BTreeMap<String, DynSkill>, domains: BTreeMap<String, DynDomain>) -> Self {
        let mut index = HashMap::with_capacity(skills.len());
        let skills: Vec<DynSkill> = skills
            .into_iter()
            .enumerate()
            .map(|(i, (name, s))| {
                // Keyed by name, so the key moves into the index.
                debug_assert_eq!(name, s.name());
                index.insert(name, i);
                s
            })
            .collect();
        for (i, s) in skills.iter().enumerate() {
            for a in s.aliases() {
                index.entry(a.to_string()).or_insert(i);
            }
        }
        DynamicCatalog { skills, domains: domains.into_values().collect(), index }
    }

    /// The entry at `index`.
    #[doc(hidden)]
    pub fn entry(&self, index: usize) -> Option<&DynSkill> {
        self.skills.get(index)
    }

    /// The parsed skill at `index` (`None` for compiled entries).
    pub fn parsed(&self, index: usize) -> Option<&Skill> {
        match self.skills.get(index)? {
            DynSkill::Parsed(p) => Some(&p.skill),
            DynSkill::Compiled { .. } => None,
        }
    }
}

/// Adds a domain unless a higher root already supplied its index; a domain
/// seen only without an index takes the first index found later.
#[doc(hidden)]
pub fn merge_domain(domains: &mut BTreeMap<String, DynDomain>, d: DynDomain) {
    let entry =
        domains.entry(d.name.clone()).or_insert_with(|| DynDomain { name: d.name.clone(), ..DynDomain::default() });
    if entry.source.is_empty() && !d.source.is_empty() {
        *entry = d;
    }
}

impl Catalog for DynamicCatalog {
    fn skill_count(&self) -> usize {
        self.skills.len()
    }

    fn skill_name(&self, index: usize) -> Option<&str> {
        match self.skills.get(index)? {
            DynSkill::Compiled { entry, .. } => Some(entry.name),
            DynSkill::Parsed(p) => Some(&p.skill.name),
        }
    }

    fn skill_at(&self, index: usize) -> Option<SkillView<'_>> {
        match self.skills.get(index)? {
            DynSkill::Compiled { entry, root } => {
                let mut view = entry.view();
                view.root = root;
                Some(view)
            }
            DynSkill::Parsed(p) => {
                let s = &p.skill;
                Some(SkillView {
                    name: &s.name,
                    domain: &s.domain,
                    description: &s.description,
                    usage: p.usage(),
                    body: &s.body,
                    flags: Flags::Parsed(&s.flags),
                    aliases: Strs::Owned(&s.aliases),
                    tags: Strs::Owned(&s.tags),
                    schedule: s.schedule.as_deref(),
                    read_only: s.read_only,
                    has_handler: s.has_handler(),
                    eligibility: self.skills[index].eligibility(),
                    source: p.source(),
                    root: &p.root,
                    shape: p.shape(),
                })
            }
        }
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
