//! Loading a whole skill tree safely.
//!
//! The loader never panics and never reads outside the root: symlinks are
//! followed only when they resolve inside it, files are read up to a size
//! limit, and every problem becomes a diagnostic. A file with a definition
//! error is left out; everything else loads.

use crate::check;
use crate::diagnostic::{self, Code, Diagnostic};
use crate::index::DomainIndex;
use crate::keys;
use crate::skill::Skill;
use foldhash::{HashMap, HashMapExt};
use skills_core::names;
use std::collections::HashSet;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Largest skill file read (256 KiB): far beyond any real help page, small
/// enough that a stray binary or log cannot stall the loader.
pub const MAX_FILE_SIZE: u64 = 256 * 1024;

/// How to load a tree.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// Files larger than this are reported and skipped.
    pub max_file_size: u64,
    /// Leave out skills whose `eligibility.os` excludes this `target_os`
    /// (used by builds for another target, such as firmware).
    pub target_os: Option<String>,
    /// Domains that other parts of a tree split across crates compile
    /// (`skills_runtime::Joined`): an example may call their skills
    /// (`notes.add ...` in a part without `notes`), unchecked here, since
    /// this tree does not know their flags; the part that has them checks
    /// its own examples.
    pub other_domains: Vec<String>,
    /// Most skills the tree may hold; more is a `too-many-skills` error.
    /// No limit by default (dev mode numbers skills with a `usize`); a
    /// compiled table numbers them with a `u16`, so `skills_codegen` and
    /// `skills check` set [`MAX_COMPILED_SKILLS`].
    pub max_skills: usize,
    /// Files whose bytes changed since the load that filled the cache and
    /// that were modified less than this long ago are taken as still being
    /// written: each gives what it gave at that load (a new file is left
    /// out) and is listed in [`Tree::unsettled`], to be read by a later
    /// load. `None` (the default) reads every file as it is. Dev mode's
    /// watcher sets it, so that a file caught in the middle of a save is
    /// not served half-written.
    pub settle: Option<std::time::Duration>,
}

/// Most skills one compiled table holds (its index numbers them with a
/// `u16`); a larger tree is split into crates joined at start-up.
pub const MAX_COMPILED_SKILLS: usize = 1 << 16;

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            max_file_size: MAX_FILE_SIZE,
            target_os: None,
            other_domains: Vec::new(),
            max_skills: usize::MAX,
            settle: None,
        }
    }
}

/// A domain: its directory, index and skills.
#[derive(Clone, Debug, PartialEq)]
pub struct Domain {
    /// The directory name.
    pub name: String,
    /// From `SKILL.md` (empty when there is none).
    pub description: String,
    /// The index page (empty when there is none).
    pub body: String,
    /// The `SKILL.md` file, if any.
    pub index_path: Option<PathBuf>,
}

/// A loaded skill tree.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// The root, as given.
    pub root: PathBuf,
    /// Skills that loaded, sorted by name. Shared: a [`LoadCache`] hands the
    /// same skill to every load that finds its file unchanged.
    pub skills: Vec<Arc<Skill>>,
    /// Domains, sorted by name.
    pub domains: Vec<Domain>,
    /// Every problem found, sorted by file and line.
    pub diagnostics: Vec<Diagnostic>,
    /// Skills left out for the target's OS (`LoadOptions::target_os`).
    pub excluded_for_target: Vec<String>,
    /// Every markdown file read, for build scripts to track.
    pub files: Vec<PathBuf>,
    /// Files that changed too recently to be read ([`LoadOptions::settle`]):
    /// each gave what it gave at the cache's last load, or nothing if new.
    pub unsettled: Vec<PathBuf>,
}

impl Tree {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// The skill named `name` (not aliases).
    pub fn skill(&self, name: &str) -> Option<&Skill> {
        self.skills.binary_search_by(|s| s.name.as_str().cmp(name)).ok().map(|i| &*self.skills[i])
    }

    /// The domain named `name`.
    pub fn domain(&self, name: &str) -> Option<&Domain> {
        self.domains.iter().find(|d| d.name == name)
    }

    /// Skills of a domain, by name.
    pub fn skills_in<'a>(&'a self, domain: &'a str) -> impl Iterator<Item = &'a Skill> + 'a {
        self.skills.iter().map(|s| &**s).filter(move |s| s.domain == domain)
    }
}

/// What loading one file gave, kept by a [`LoadCache`].
#[derive(Clone)]
struct FileResult {
    skill: Option<Arc<Skill>>,
    partial: Option<Arc<Skill>>,
    /// The skill this file names, when its errors leave it out.
    failed: Option<String>,
    index: Option<DomainIndex>,
    diags: Vec<Diagnostic>,
    /// The skill's (or partial skill's) examples checked on their own.
    examples: check::OwnExamples,
}

/// The files of the last load of a root, by path, with what each gave.
///
/// [`load_cached`] parses again only the files whose bytes changed since the
/// load that filled the cache; the others give the same skills (shared, not
/// copied) and diagnostics. The tree-wide checks (names, aliases, examples
/// that call other skills, indexes) run over the whole tree each time, so
/// the result is exactly what [`load`] would give. Dev mode keeps one per
/// root, so a saved edit in a large tree costs one file's parse.
///
/// A cache belongs to one root and one set of [`LoadOptions`]: use a new
/// one when either changes.
#[derive(Default)]
pub struct LoadCache {
    // One map per thread of the load that filled it (each thread fills its
    // own, so the calling thread does not hash every path again), keyed by
    // the path's bytes: every path comes from the same walk, and `Path`'s
    // component-wise hashing and equality cost more than the rest of an
    // unchanged file's reuse.
    files: Vec<FileCache>,
}

/// Files read by one thread of a load: path, text, and what it gave.
type FileCache = HashMap<OsString, (String, FileResult)>;

impl std::fmt::Debug for LoadCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadCache").field("files", &self.files.iter().map(HashMap::len).sum::<usize>()).finish()
    }
}

impl LoadCache {
    /// An empty cache.
    pub fn new() -> Self {
        LoadCache::default()
    }

    /// The file at `path` as last read, and what it gave.
    fn get(&self, path: &Path) -> Option<&(String, FileResult)> {
        self.files.iter().find_map(|m| m.get(path.as_os_str()))
    }
}

/// Loads the tree under `root`.
///
/// ```
/// let tree = skills_parser::load(std::path::Path::new("../skills"), &Default::default());
/// assert!(!tree.has_errors(), "{:#?}", tree.diagnostics);
/// assert!(tree.skill("email.send").is_some());
/// ```
pub fn load(root: &Path, opts: &LoadOptions) -> Tree {
    load_cached(root, opts, &mut LoadCache::new())
}

/// [`load`], reusing what `cache` holds for files that have not changed,
/// and leaving in it what this load found.
///
/// ```
/// use skills_parser::{LoadCache, LoadOptions, load, load_cached};
/// let root = std::path::Path::new("../skills");
/// let mut cache = LoadCache::new();
/// let first = load_cached(root, &LoadOptions::default(), &mut cache);
/// let again = load_cached(root, &LoadOptions::default(), &mut cache);
/// // The same skills, shared rather than parsed again.
/// assert!(std::sync::Arc::ptr_eq(&first.skills[0], &again.skills[0]));
/// assert_eq!(again.skills, load(root, &LoadOptions::default()).skills);
/// ```
pub fn load_cached(root: &Path, opts: &LoadOptions, cache: &mut LoadCache) -> Tree {
    let mut tree = Tree { root: root.to_path_buf(), ..Tree::default() };
    let mut diags = Vec::new();
    let canonical_root = match fs::canonicalize(root) {
        Ok(r) => r,
        Err(e) => {
            diags.push(
                Diagnostic::new(Code::Unreadable, root, 0, 0, format!("cannot read the skill root: {e}"))
                    .hint("pass the directory that holds the domain folders (`--root skills`)"),
            );
            tree.diagnostics = diags;
            return tree;
        }
    };
    let mut skills = Vec::new();
    // Skills left out by definition errors whose flags parsed: their
    // examples are still checked, so one run reports every problem.
    let mut partial = Vec::new();
    let mut failed_files = Vec::new();
    let mut indexes: Vec<DomainIndex> = Vec::new();
    let domain_entries = domain_entries(root, &canonical_root, &mut diags);
    let domain_dirs: Vec<String> = domain_entries.iter().map(|e| e.name.clone()).collect();
    // Results come in file order and are sorted below.
    let (parts, files) = load_domains(&domain_entries, &canonical_root, opts, cache);
    let mut examples = Vec::new();
    for mut part in parts {
        tree.files.append(&mut part.files);
        tree.unsettled.append(&mut part.unsettled);
        diags.append(&mut part.diags);
        skills.append(&mut part.skills);
        partial.append(&mut part.partial);
        failed_files.append(&mut part.failed);
        indexes.append(&mut part.indexes);
        examples.append(&mut part.examples);
    }
    // Files gone since the last load are forgotten.
    cache.files = files;

    skills.sort_by(|a: &Arc<Skill>, b: &Arc<Skill>| a.name.cmp(&b.name));
    let excluded = check::names_and_aliases(&skills, &domain_dirs, &mut diags);
    skills.retain(|s| !excluded.contains(&s.name));
    if skills.len() > opts.max_skills {
        diags.push(
            Diagnostic::new(
                Code::TooManySkills,
                root,
                0,
                0,
                format!("the tree has {} skills; one compiled table holds at most {}", skills.len(), opts.max_skills),
            )
            .hint(
                "split the tree into crates, each with its own build script over some of the domains, and join \
                 their tables at start-up (`skills_runtime::Joined`)",
            ),
        );
    }

    // Examples that call their own skill were checked with the file (and
    // are cached with it); those that call another are checked here. A
    // skill left out by the checks above has its examples unchecked.
    let by_name = check::Skills::new(&skills).with_other_domains(&opts.other_domains);
    for (s, is_partial, own) in &examples {
        if !is_partial && excluded.contains(&s.name) {
            continue;
        }
        diags.extend(own.diags.iter().cloned());
        check::examples_calling_others(s, &own.others, &by_name, &mut diags);
    }
    // Skills by domain, once (a pass over every skill per domain made a
    // tree of 100 domains and 10,000 skills spend most of a reload here).
    let mut by_domain: HashMap<&str, Vec<&Skill>> = HashMap::new();
    for s in &skills {
        by_domain.entry(s.domain.as_str()).or_default().push(s);
    }
    let failed: HashSet<&str> = failed_files.iter().chain(&excluded).map(String::as_str).collect();
    for idx in &indexes {
        let in_domain = by_domain.get(idx.domain.as_str()).map_or(&[][..], Vec::as_slice);
        check::index_table(idx, in_domain, &failed, &mut diags);
    }

    tree.domains = domains(root, &domain_dirs, &indexes, &by_domain, &tree.files, &mut diags);

    if let Some(os) = &opts.target_os {
        let (keep, drop): (Vec<_>, Vec<_>) = skills.into_iter().partition(|s| s.eligibility.admits_os(os));
        skills = keep;
        let kept: std::collections::HashSet<&str> = skills.iter().map(|s| s.domain.as_str()).collect();
        let emptied: std::collections::HashSet<&str> =
            drop.iter().map(|s| s.domain.as_str()).filter(|d| !kept.contains(d)).collect();
        // A domain all of whose skills are left out goes too; one that never
        // had any (an index alone, a guide) stays.
        tree.domains.retain(|d| {
            kept.contains(d.name.as_str()) || (d.index_path.is_some() && !emptied.contains(d.name.as_str()))
        });
        tree.excluded_for_target = drop.into_iter().map(|s| s.name.clone()).collect();
    }
    tree.skills = skills;
    diagnostic::sort(&mut diags);
    tree.diagnostics = diags;
    tree
}

/// The root's directories that are domains, in order; every other entry
/// (a link back into the tree, a name that cannot be a domain's, a markdown
/// file at the root) is reported or skipped.
fn domain_entries(root: &Path, canonical_root: &Path, diags: &mut Vec<Diagnostic>) -> Vec<Entry> {
    let mut domain_entries = Vec::new();
    for entry in sorted_entries(root, canonical_root, diags) {
        match entry.kind {
            Kind::Dir => {
                if entry.name.starts_with('.') {
                    continue;
                }
                // A link to the root, or to a directory the root reads as a
                // domain in its own name: its files are read there, and
                // under the link's name every skill's name would mismatch.
                if let Some(target) = &entry.linked {
                    let other_domain = Some(target)
                        .filter(|t| t.parent() == Some(canonical_root))
                        .and_then(|t| t.file_name()?.to_str())
                        .filter(|name| names::is_identifier(name));
                    if *target == *canonical_root || other_domain.is_some() {
                        let what = match other_domain {
                            Some(name) => format!("the domain `{name}`"),
                            None => "the root of the tree".to_string(),
                        };
                        diags.push(
                            Diagnostic::new(
                                Code::InvalidDomainDir,
                                &entry.path,
                                0,
                                0,
                                format!("`{}` is a link to {what}, which is read in its own place", entry.name),
                            )
                            .hint("remove the link: a skill's domain is the directory its file is in, so no skill can be named for both"),
                        );
                        continue;
                    }
                }
                if !names::is_identifier(&entry.name) {
                    diags.push(
                        Diagnostic::new(
                            Code::InvalidDomainDir,
                            &entry.path,
                            0,
                            0,
                            format!("`{}` cannot be a domain name", entry.name),
                        )
                        .hint(match identifier_spelling(&entry.name) {
                            Some(good) => {
                                format!("rename the directory to `{good}`: domain names match ^[a-z][a-z0-9_]*$")
                            }
                            None => {
                                "domain directories are named like `email` or `daily_notes`: ^[a-z][a-z0-9_]*$".into()
                            }
                        }),
                    );
                    continue;
                }
                domain_entries.push(entry);
            }
            Kind::File => {
                if entry.name.ends_with(".md") {
                    diags.push(
                        Diagnostic::new(
                            Code::StrayFile,
                            &entry.path,
                            0,
                            0,
                            "markdown file at the root of the tree is ignored",
                        )
                        .hint("skills live in <domain>/<action>.md and domain indexes in <domain>/SKILL.md"),
                    );
                }
            }
        }
    }
    domain_entries
}

/// The tree's domains: each directory with an index or skills, with its
/// index's description and body; a directory with skills and no index is
/// reported.
fn domains(
    root: &Path,
    domain_dirs: &[String],
    indexes: &[DomainIndex],
    by_domain: &HashMap<&str, Vec<&Skill>>,
    files: &[PathBuf],
    diags: &mut Vec<Diagnostic>,
) -> Vec<Domain> {
    let mut domains = Vec::new();
    for d in domain_dirs {
        let index = indexes.iter().find(|i| &i.domain == d);
        let has_skills = by_domain.contains_key(d.as_str());
        // An index that exists but did not load has its own error already.
        let index_file_read = || {
            files.iter().any(|f| {
                f.file_name().is_some_and(|n| n == keys::INDEX_FILE)
                    && f.parent().and_then(Path::file_name).is_some_and(|p| p == d.as_str())
            })
        };
        if index.is_none() && has_skills && !index_file_read() {
            diags.push(
                Diagnostic::new(
                    Code::MissingIndex,
                    root.join(d),
                    0,
                    0,
                    format!("domain `{d}` has no {}", keys::INDEX_FILE),
                )
                .hint(format!(
                    "add {d}/{} with `domain: {d}` and a `description:`; `get_skill` lists it",
                    keys::INDEX_FILE
                )),
            );
        }
        if index.is_none() && !has_skills {
            continue;
        }
        domains.push(Domain {
            name: d.clone(),
            description: index.map(|i| i.description.clone()).unwrap_or_default(),
            body: index.map(|i| i.body.clone()).unwrap_or_default(),
            index_path: index.map(|i| i.path.clone()),
        });
    }
    domains
}

// Listing and reading files; loading them, in parallel for large trees.
mod files;
mod parallel;

pub use files::read_text;
use files::*;
use parallel::*;

/// The name a file or directory most likely meant, as an identifier
/// ([`names::identifier_spelling`]) that can name a skill's domain and
/// action.
fn identifier_spelling(name: &str) -> Option<String> {
    names::identifier_spelling(name).filter(|good| names::parse_skill_name(&format!("d.{good}")).is_ok())
}
