//! A uniform read-only view of skills, whether compiled in ([`StaticCatalog`])
//! or read from disk in dev mode (`DynamicCatalog`), so routing and
//! progressive disclosure are written once.

use crate::entry::{DomainEntry, Eligibility, FlagDocs, SkillEntry};
use skills_core::spec::FlagSpec;

/// A list of strings from either kind of catalog.
#[derive(Clone, Copy, Debug)]
pub enum Strs<'a> {
    /// Compiled in.
    Static(&'a [&'a str]),
    /// Owned by a dev-mode snapshot.
    #[cfg(feature = "alloc")]
    Owned(&'a [alloc::string::String]),
}

impl<'a> Strs<'a> {
    /// The strings.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = &'a str> + 'a {
        let (s, o): (&'a [&'a str], &'a [_]) = match *self {
            Strs::Static(s) => (s, &[]),
            #[cfg(feature = "alloc")]
            Strs::Owned(o) => (&[], o),
        };
        s.iter().copied().chain(owned_iter(o))
    }

    /// Whether empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }
}

#[cfg(feature = "alloc")]
fn owned_iter(o: &[alloc::string::String]) -> impl Iterator<Item = &str> {
    o.iter().map(|s| s.as_str())
}

#[cfg(not(feature = "alloc"))]
fn owned_iter(_: &[()]) -> impl Iterator<Item = &str> {
    core::iter::empty()
}

/// The flags of a skill from either kind of catalog.
#[derive(Clone, Copy, Debug)]
pub enum Flags<'a> {
    /// Compiled in.
    Static {
        /// Schemas.
        specs: &'a [FlagSpec<'a>],
        /// Documentation, parallel to `specs`.
        docs: FlagDocs<'a>,
    },
    /// Parsed from disk (dev mode).
    #[cfg(feature = "parser")]
    Parsed(&'a [skills_parser::Flag]),
}

impl<'a> Flags<'a> {
    /// Number of flags.
    #[inline]
    pub fn len(&self) -> usize {
        match self {
            Flags::Static { specs, .. } => specs.len(),
            #[cfg(feature = "parser")]
            Flags::Parsed(f) => f.len(),
        }
    }

    /// Whether the skill takes no flags.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The schema of flag `i`.
    #[inline]
    pub fn spec(&self, i: usize) -> Option<FlagSpec<'a>> {
        match *self {
            Flags::Static { specs, .. } => specs.get(i).copied(),
            #[cfg(feature = "parser")]
            Flags::Parsed(f) => f.get(i).map(|f| f.spec()),
        }
    }

    /// Description of flag `i`.
    #[inline]
    pub fn description(&self, i: usize) -> &'a str {
        match *self {
            Flags::Static { docs, .. } => docs.get(i).map_or("", |d| d.description),
            #[cfg(feature = "parser")]
            Flags::Parsed(f) => f.get(i).map_or("", |f| f.description.as_str()),
        }
    }

    /// Placeholder of flag `i`, or empty.
    #[inline]
    pub fn placeholder(&self, i: usize) -> &'a str {
        match *self {
            Flags::Static { docs, .. } => docs.get(i).map_or("", |d| d.placeholder),
            #[cfg(feature = "parser")]
            Flags::Parsed(f) => f.get(i).and_then(|f| f.placeholder.as_deref()).unwrap_or(""),
        }
    }

    /// The schemas, borrowed when compiled in.
    #[cfg(feature = "alloc")]
    pub fn specs(&self) -> alloc::borrow::Cow<'a, [FlagSpec<'a>]> {
        match *self {
            Flags::Static { specs, .. } => alloc::borrow::Cow::Borrowed(specs),
            #[cfg(feature = "parser")]
            Flags::Parsed(f) => alloc::borrow::Cow::Owned(f.iter().map(|f| f.spec()).collect()),
        }
    }

    /// Calls `f` with the schemas, without allocating for compiled skills.
    pub fn with_specs<R>(&self, f: impl FnOnce(&[FlagSpec<'a>]) -> R) -> R {
        match *self {
            Flags::Static { specs, .. } => f(specs),
            #[cfg(feature = "parser")]
            Flags::Parsed(p) => {
                let v: alloc::vec::Vec<FlagSpec<'a>> = p.iter().map(|x| x.spec()).collect();
                f(&v)
            }
        }
    }

    /// Flag names, in order.
    #[inline]
    pub fn names(&self) -> impl Iterator<Item = &'a str> + 'a {
        let this = *self;
        (0..this.len()).filter_map(move |i| this.spec(i).map(|s| s.name))
    }
}

/// Where a skill may run, from either kind of catalog.
#[derive(Clone, Copy, Debug)]
pub struct EligibilityView<'a> {
    /// Operating systems.
    pub os: Strs<'a>,
    /// Required environment variables.
    pub env: Strs<'a>,
    /// Required programs.
    pub binaries: Strs<'a>,
}

/// One skill, borrowed from a catalog.
#[derive(Clone, Copy, Debug)]
pub struct SkillView<'a> {
    /// `domain.action`.
    pub name: &'a str,
    /// The domain.
    pub domain: &'a str,
    /// One-line summary.
    pub description: &'a str,
    /// The first usage line, or empty.
    pub usage: &'a str,
    /// The markdown body.
    pub body: &'a str,
    /// The flags.
    pub flags: Flags<'a>,
    /// Short command names.
    pub aliases: Strs<'a>,
    /// Search tags.
    pub tags: Strs<'a>,
    /// Cron schedule.
    pub schedule: Option<&'a str>,
    /// Only reads.
    pub read_only: bool,
    /// A compiled handler runs it; otherwise its body is returned.
    pub has_handler: bool,
    /// Where it may run.
    pub eligibility: EligibilityView<'a>,
    /// The markdown file.
    pub source: &'a str,
    /// The root it came from (dev mode), or empty when compiled in.
    pub root: &'a str,
    /// Flag shape fingerprint.
    pub shape: u64,
}

/// One domain, borrowed from a catalog.
#[derive(Clone, Copy, Debug)]
pub struct DomainView<'a> {
    /// The name.
    pub name: &'a str,
    /// One-line summary.
    pub description: &'a str,
    /// The `SKILL.md` body (empty without one).
    pub body: &'a str,
    /// The `SKILL.md` file, or empty.
    pub source: &'a str,
}

/// Read access to a set of skills and domains.
///
/// Skills are indexed `0..skill_count()` in name order, domains likewise,
/// and a skill's name is its domain, a dot and its action (as the skill
/// format defines it), so the skills of a domain are one run of the name
/// order ([`domain_skills`]).
pub trait Catalog {
    /// Number of skills.
    fn skill_count(&self) -> usize;
    /// Skill `index`.
    fn skill_at(&self, index: usize) -> Option<SkillView<'_>>;
    /// The name of skill `index`: what "did you mean" compares with every
    /// skill, without building each one's view.
    fn skill_name(&self, index: usize) -> Option<&str> {
        self.skill_at(index).map(|s| s.name)
    }
    /// The index of the skill named or aliased `name`.
    fn lookup(&self, name: &str) -> Option<usize>;
    /// Number of domains.
    fn domain_count(&self) -> usize;
    /// Domain `index`.
    fn domain_at(&self, index: usize) -> Option<DomainView<'_>>;

    /// The domain named `name`.
    fn find_domain(&self, name: &str) -> Option<DomainView<'_>> {
        (0..self.domain_count()).filter_map(|i| self.domain_at(i)).find(|d| d.name == name)
    }
}

/// [`Catalog::lookup`], then, on a miss, the name in lowercase: names are
/// lowercase by the format, and models sometimes capitalize them
/// (`Email.Send`). Flags and enum values are matched ignoring case too.
#[inline]
pub fn lookup_any_case(catalog: &dyn Catalog, name: &str) -> Option<usize> {
    catalog.lookup(name).or_else(|| lookup_lowercase(catalog, name))
}

/// The skill `domain.action` (any case), for a command that wrote its name
/// with a space (`email send`).
pub fn spaced_skill<'a>(catalog: &'a dyn Catalog, domain: &str, action: &str) -> Option<&'a str> {
    let mut buf = [0u8; 128];
    let name = buf.get_mut(..domain.len() + 1 + action.len())?;
    name[..domain.len()].copy_from_slice(domain.as_bytes());
    name[domain.len()] = b'.';
    name[domain.len() + 1..].copy_from_slice(action.as_bytes());
    let index = lookup_any_case(catalog, core::str::from_utf8(name).ok()?)?;
    catalog.skill_at(index).map(|s| s.name)
}

#[cold]
fn lookup_lowercase(catalog: &dyn Catalog, name: &str) -> Option<usize> {
    if !name.bytes().any(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let mut buf = [0u8; 128];
    let lower = buf.get_mut(..name.len())?;
    lower.copy_from_slice(name.as_bytes());
    lower.make_ascii_lowercase();
    catalog.lookup(core::str::from_utf8(lower).ok()?)
}

/// [`Catalog::find_domain`], ignoring ASCII case on a miss.
pub fn find_domain_any_case<'c>(catalog: &'c dyn Catalog, name: &str) -> Option<DomainView<'c>> {
    catalog.find_domain(name).or_else(|| domains(catalog).find(|d| d.name.eq_ignore_ascii_case(name)))
}

/// Iterates the skills of a catalog.
pub fn skills(c: &dyn Catalog) -> impl Iterator<Item = SkillView<'_>> {
    (0..c.skill_count()).filter_map(move |i| c.skill_at(i))
}

/// The skills of `domain`, in name order: the run of names that start
/// with `domain.`, found by binary search, so listing every domain's
/// skills reads each skill once rather than once per domain.
pub fn domain_skills<'c>(c: &'c dyn Catalog, domain: &'c str) -> impl Iterator<Item = SkillView<'c>> + 'c {
    (domain_start(c, domain)..c.skill_count())
        .map_while(move |i| c.skill_at(i).filter(|s| in_domain(s.name, domain)))
        .filter(move |s| s.domain == domain)
}

/// The first skill whose name is not below `domain.`, by binary search
/// over the names alone.
fn domain_start(c: &dyn Catalog, domain: &str) -> usize {
    let (mut lo, mut hi) = (0, c.skill_count());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match c.skill_name(mid) {
            Some(name) if before_domain(name, domain) => lo = mid + 1,
            _ => hi = mid,
        }
    }
    lo
}

/// Whether `name` sorts before every name that starts with `domain.`.
fn before_domain(name: &str, domain: &str) -> bool {
    let key = domain.bytes().chain(core::iter::once(b'.'));
    for (a, b) in name.bytes().map(Some).chain(core::iter::repeat(None)).zip(key) {
        match a {
            Some(a) if a == b => continue,
            Some(a) => return a < b,
            None => return true,
        }
    }
    false
}

/// Whether `name` starts with `domain.`.
fn in_domain(name: &str, domain: &str) -> bool {
    name.strip_prefix(domain).is_some_and(|rest| rest.starts_with('.'))
}

/// The names in `before`, of every skill `visible` accepts, and in
/// `after` that are close in spelling to `given` (closest first, ties in
/// that order, at most `N`). Each name is compared first, and only a close
/// one is looked up to ask `visible`, so a misspelt name costs one
/// comparison per skill, whatever the tree's size.
pub fn closest_skills<'c, const N: usize>(
    c: &'c dyn Catalog,
    given: &str,
    before: impl IntoIterator<Item = &'c str>,
    after: impl IntoIterator<Item = &'c str>,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
) -> ([&'c str; N], usize) {
    let names = skill_names(c).map(|(n, i)| (n, Some(i)));
    let other = |n| (n, None);
    let candidates = before.into_iter().map(other).chain(names).chain(after.into_iter().map(other));
    skills_core::suggest::closest_n_by::<_, _, N>(given, candidates, |&(_, index)| {
        index.is_none_or(|i| visible_at(c, i, visible))
    })
}

/// Every skill's name with its index, read without building views: what
/// a search compares with every skill before looking at the few it keeps.
#[doc(hidden)]
pub fn skill_names(c: &dyn Catalog) -> impl Iterator<Item = (&str, usize)> {
    (0..c.skill_count()).filter_map(move |i| c.skill_name(i).map(|n| (n, i)))
}

/// Whether skill `index` exists and `visible` accepts it.
#[doc(hidden)]
pub fn visible_at(c: &dyn Catalog, index: usize, visible: &dyn Fn(&SkillView<'_>) -> bool) -> bool {
    c.skill_at(index).is_some_and(|s| visible(&s))
}

/// Iterates the domains of a catalog.
pub fn domains(c: &dyn Catalog) -> impl Iterator<Item = DomainView<'_>> {
    (0..c.domain_count()).filter_map(move |i| c.domain_at(i))
}

/// Skills and domains compiled in by `skills-codegen`.
#[derive(Debug)]
pub struct StaticCatalog {
    /// Skills, sorted by name.
    pub skills: &'static [&'static SkillEntry],
    /// Domains, sorted by name.
    pub domains: &'static [DomainEntry],
    /// Skill names and aliases to indexes into `skills`: a perfect hash
    /// generated at build time (see [`crate::index`]). `None` for small
    /// hand-written tables, which are searched instead (names by binary
    /// search, then aliases).
    pub index: Option<&'static crate::index::NameIndex>,
}

impl SkillEntry {
    /// This entry as a catalog view.
    #[inline]
    pub fn view(&self) -> SkillView<'_> {
        let Eligibility { os, env, binaries } = self.eligibility;
        SkillView {
            name: self.name,
            domain: self.domain,
            description: self.description,
            usage: self.usage,
            body: self.body,
            flags: Flags::Static { specs: self.flags, docs: FlagDocs::from_packed(self.flag_docs) },
            aliases: Strs::Static(self.aliases),
            tags: Strs::Static(self.tags),
            schedule: self.schedule,
            read_only: self.read_only,
            has_handler: self.has_handler,
            eligibility: EligibilityView {
                os: Strs::Static(os),
                env: Strs::Static(env),
                binaries: Strs::Static(binaries),
            },
            source: self.source,
            root: "",
            shape: self.shape,
        }
    }
}

impl Catalog for StaticCatalog {
    #[inline]
    fn skill_count(&self) -> usize {
        self.skills.len()
    }
    #[inline]
    fn skill_at(&self, index: usize) -> Option<SkillView<'_>> {
        self.skills.get(index).map(|s| s.view())
    }
    #[inline]
    fn skill_name(&self, index: usize) -> Option<&str> {
        self.skills.get(index).map(|s| s.name)
    }
    #[inline]
    fn lookup(&self, name: &str) -> Option<usize> {
        match self.index {
            Some(index) => index.get(name).map(usize::from),
            None => self
                .skills
                .binary_search_by(|s| s.name.cmp(name))
                .ok()
                .or_else(|| self.skills.iter().position(|s| s.aliases.contains(&name))),
        }
    }
    #[inline]
    fn domain_count(&self) -> usize {
        self.domains.len()
    }
    #[inline]
    fn domain_at(&self, index: usize) -> Option<DomainView<'_>> {
        self.domains.get(index).map(|d| DomainView {
            name: d.name,
            description: d.description,
            body: d.body,
            source: d.source,
        })
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::entry::FlagDocs;
    use std::vec::Vec;

    /// Skills by name only, sorted as a catalog keeps them.
    struct Names(Vec<(&'static str, &'static str)>);

    impl Catalog for Names {
        fn skill_count(&self) -> usize {
            self.0.len()
        }
        fn skill_at(&self, index: usize) -> Option<SkillView<'_>> {
            let &(name, domain) = self.0.get(index)?;
            let none = Strs::Static(&[]);
            Some(SkillView {
                name,
                domain,
                description: "",
                usage: "",
                body: "",
                flags: Flags::Static { specs: &[], docs: FlagDocs::from_packed("") },
                aliases: none,
                tags: none,
                schedule: None,
                read_only: false,
                has_handler: false,
                eligibility: EligibilityView { os: none, env: none, binaries: none },
                source: "",
                root: "",
                shape: 0,
            })
        }
        fn lookup(&self, name: &str) -> Option<usize> {
            self.0.iter().position(|(n, _)| *n == name)
        }
        fn domain_count(&self) -> usize {
            0
        }
        fn domain_at(&self, _: usize) -> Option<DomainView<'_>> {
            None
        }
    }

    /// A domain's skills are found by binary search exactly as a scan of
    /// every skill finds them, whatever sorts around the domain's name
    /// (`a-b` and `a_b` sort before `a.`, `ab` and `a0` after it).
    #[test]
    fn a_domains_skills_are_the_ones_a_scan_finds() {
        let domains = ["a", "a-b", "a0", "a_b", "ab", "b", "ba", "z", "é"];
        let mut names: Vec<(&'static str, &'static str)> = Vec::new();
        for d in domains {
            for action in ["x", "list", "a-z", "zz"] {
                names.push((std::string::String::leak(std::format!("{d}.{action}")), d));
            }
        }
        names.sort();
        for keep in [names.len(), 9, 1, 0] {
            let catalog = Names(names.iter().copied().step_by((names.len() / keep.max(1)).max(1)).collect());
            for d in domains.iter().copied().chain(["", ".", "a.", "c", "zz", "a-"]) {
                let fast: Vec<&str> = domain_skills(&catalog, d).map(|s| s.name).collect();
                let scan: Vec<&str> = skills(&catalog).filter(|s| s.domain == d).map(|s| s.name).collect();
                assert_eq!(fast, scan, "domain {d:?} of {} skills", catalog.0.len());
            }
        }
    }
}

impl<'a> skills_core::args::hint::FlagSpecs<'a> for Flags<'a> {
    fn count(&self) -> usize {
        self.len()
    }

    fn spec(&self, i: usize) -> Option<FlagSpec<'a>> {
        Flags::spec(self, i)
    }
}
