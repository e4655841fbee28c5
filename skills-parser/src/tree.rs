//! Loading a whole skill tree safely.
//!
//! The loader never panics and never reads outside the root: symlinks are
//! followed only when they resolve inside it, files are read up to a size
//! limit, and every problem becomes a diagnostic. A file with a definition
//! error is left out; everything else loads.

use crate::check;
use crate::diagnostic::{self, Code, Diagnostic};
use crate::index::{DomainIndex, parse_index};
use crate::keys;
use crate::skill::{Skill, parse_skill};
use foldhash::{HashMap, HashMapExt};
use skills_core::names;
use std::collections::{HashSet, VecDeque};
use std::ffi::OsString;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

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
}

/// Most skills one compiled table holds (its index numbers them with a
/// `u16`); a larger tree is split into crates joined at start-up.
pub const MAX_COMPILED_SKILLS: usize = 1 << 16;

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions { max_file_size: MAX_FILE_SIZE, target_os: None, other_domains: Vec::new(), max_skills: usize::MAX }
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
    let mut domain_dirs = Vec::new();

    let mut domain_entries = Vec::new();
    for entry in sorted_entries(root, &canonical_root, &mut diags) {
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
                        .filter(|t| t.parent() == Some(canonical_root.as_path()))
                        .and_then(|t| t.file_name()?.to_str())
                        .filter(|name| names::is_identifier(name));
                    if *target == canonical_root || other_domain.is_some() {
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
                domain_dirs.push(entry.name.clone());
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
    // Results come in file order and are sorted below.
    let (parts, files) = load_domains(&domain_entries, &canonical_root, opts, cache);
    let mut examples = Vec::new();
    for mut part in parts {
        tree.files.append(&mut part.files);
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

    for d in &domain_dirs {
        let index = indexes.iter().find(|i| &i.domain == d);
        let has_skills = by_domain.contains_key(d.as_str());
        // An index that exists but did not load has its own error already.
        let index_file_read = || {
            tree.files.iter().any(|f| {
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
        tree.domains.push(Domain {
            name: d.clone(),
            description: index.map(|i| i.description.clone()).unwrap_or_default(),
            body: index.map(|i| i.body.clone()).unwrap_or_default(),
            index_path: index.map(|i| i.path.clone()),
        });
    }

    if let Some(os) = &opts.target_os {
        let (keep, drop): (Vec<_>, Vec<_>) = skills.into_iter().partition(|s| s.eligibility.admits_os(os));
        tree.excluded_for_target = drop.into_iter().map(|s| s.name.clone()).collect();
        skills = keep;
        let kept: std::collections::HashSet<&str> = skills.iter().map(|s| s.domain.as_str()).collect();
        tree.domains.retain(|d| kept.contains(d.name.as_str()) || d.index_path.is_some());
    }
    tree.skills = skills;
    diagnostic::sort(&mut diags);
    tree.diagnostics = diags;
    tree
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Dir,
    File,
}

struct Entry {
    name: String,
    path: PathBuf,
    kind: Kind,
    /// Where it leads, when it is a symlink (resolved inside the root).
    linked: Option<PathBuf>,
}

impl Entry {
    /// Whether [`nested_skills`] looks into it: a directory of its own (not
    /// a symlink to one; see there), not hidden.
    fn is_walked_for_strays(&self) -> bool {
        self.kind == Kind::Dir && self.linked.is_none() && !self.name.starts_with('.')
    }
}

/// The entries of `dir`, sorted by name; symlinks are resolved and kept only
/// when they stay inside `canonical_root`.
fn sorted_entries(dir: &Path, canonical_root: &Path, diags: &mut Vec<Diagnostic>) -> Vec<Entry> {
    let rd = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            diags.push(Diagnostic::new(Code::Unreadable, dir, 0, 0, format!("cannot list the directory: {e}")));
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for entry in rd.flatten() {
        let path = entry.path();
        let Some(name) = entry.file_name().to_str().map(str::to_string) else {
            diags.push(
                Diagnostic::new(Code::InvalidFileName, &path, 0, 0, "the file name is not UTF-8").hint("rename it"),
            );
            continue;
        };
        // The directory listing gives the type without another lookup on
        // most file systems.
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        // A FIFO, socket or device named `x.md` is no file to read: opening a
        // FIFO would wait for a writer forever.
        let special = |diags: &mut Vec<Diagnostic>| {
            if !name.ends_with(".md") {
                return;
            }
            diags.push(
                Diagnostic::new(Code::Unreadable, &path, 0, 0, "not a regular file (a FIFO, socket or device)")
                    .hint("skill files are regular markdown files; remove it from the tree"),
            );
        };
        let mut linked = None;
        let kind = if file_type.is_symlink() {
            match fs::canonicalize(&path) {
                Ok(target) if target.starts_with(canonical_root) => match fs::metadata(&target) {
                    Ok(m) if m.is_dir() => {
                        linked = Some(target);
                        Kind::Dir
                    }
                    Ok(m) if m.is_file() => {
                        linked = Some(target);
                        Kind::File
                    }
                    Ok(_) => {
                        special(diags);
                        continue;
                    }
                    Err(_) => continue,
                },
                Ok(target) => {
                    diags.push(
                        Diagnostic::new(
                            Code::SymlinkEscape,
                            &path,
                            0,
                            0,
                            format!("symlink points outside the skill root (to {})", diagnostic::display_path(&target)),
                        )
                        .hint("copy the file into the tree instead of linking to it"),
                    );
                    continue;
                }
                Err(e) => {
                    diags.push(Diagnostic::new(Code::Unreadable, &path, 0, 0, format!("broken symlink: {e}")));
                    continue;
                }
            }
        } else if file_type.is_dir() {
            Kind::Dir
        } else if file_type.is_file() {
            Kind::File
        } else {
            special(diags);
            continue;
        };
        out.push(Entry { name, path, kind, linked });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// How deep [`nested_skills`] looks below a domain.
const NESTED_DEPTH: usize = 4;

/// Warns about the skill files in `dir`, a subdirectory of `domain` at
/// `depth` (`relative` from the domain): markdown that starts with a
/// frontmatter, which a reader of the tree would take for a skill, is not
/// one, since skills are `<domain>/<action>.md`. Other files (a resource's
/// `references/guide.md`, scripts, assets) are left alone, as are symlinks
/// out of the root, which are not followed. Nor are symlinked directories
/// inside it: their files are where the link points, read or reported
/// there, and a link to the root or a domain (`drafts -> ..`) would report
/// every skill of the tree as a stray copy of itself.
fn nested_skills(dir: &Path, domain: &str, relative: &str, root: &Path, depth: usize, diags: &mut Vec<Diagnostic>) {
    for entry in sorted_entries(dir, root, &mut Vec::new()) {
        let name = format!("{relative}/{}", entry.name);
        match entry.kind {
            Kind::File if entry.name.ends_with(".md") && starts_with_frontmatter(&entry.path) => {
                let stem = entry.name.trim_end_matches(".md");
                let hint = if names::is_identifier(stem) {
                    format!(
                        "skills are <domain>/<action>.md: move it to `{domain}/{stem}.md`, or to a domain of its own"
                    )
                } else {
                    "skills are <domain>/<action>.md, directly in their domain's directory".to_string()
                };
                diags.push(
                    Diagnostic::new(
                        Code::StrayFile,
                        &entry.path,
                        0,
                        0,
                        format!("`{domain}/{name}` is in a subdirectory of the domain, so it is not read as a skill"),
                    )
                    .hint(hint),
                );
            }
            Kind::Dir if depth < NESTED_DEPTH && entry.is_walked_for_strays() => {
                nested_skills(&entry.path, domain, &name, root, depth + 1, diags);
            }
            _ => {}
        }
    }
}

/// Whether the file at `path` starts with `---` (after a byte-order mark).
fn starts_with_frontmatter(path: &Path) -> bool {
    let mut head = [0u8; 6];
    let n = fs::File::open(path).and_then(|mut f| f.read(&mut head)).unwrap_or(0);
    let head = &head[..n];
    head.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(head).starts_with(b"---")
}

/// What loading some domains produced.
#[derive(Default)]
struct Loaded {
    /// Every markdown file listed.
    files: Vec<PathBuf>,
    /// Problems listing, reading or parsing them.
    diags: Vec<Diagnostic>,
    /// What the files read gave, in their order (the thread that read them
    /// collects it, so the calling thread only joins the lists).
    skills: Vec<Arc<Skill>>,
    partial: Vec<Arc<Skill>>,
    failed: Vec<String>,
    indexes: Vec<DomainIndex>,
    /// Skills (or partial skills, `true`) whose examples have problems of
    /// their own or call other skills, with those results.
    examples: Vec<(Arc<Skill>, bool, check::OwnExamples)>,
}

/// Trees with fewer files than this load on the calling thread.
const PARALLEL_FROM_FILES: usize = 200;

/// Files a loading thread takes at a time.
const FILES_PER_TAKE: usize = 8;

/// One markdown file of a domain.
struct Job<'a> {
    domain: &'a str,
    entry: Entry,
}

/// Files listed and not yet taken, in runs of up to [`FILES_PER_TAKE`],
/// each with the place of its first file in the listing.
struct Queue<'a> {
    state: Mutex<QueueState<'a>>,
    more: Condvar,
}

struct QueueState<'a> {
    runs: VecDeque<(usize, Vec<Job<'a>>)>,
    /// Every domain is listed: no more runs will come.
    closed: bool,
}

impl<'a> Queue<'a> {
    fn new() -> Self {
        Queue { state: Mutex::new(QueueState { runs: VecDeque::new(), closed: false }), more: Condvar::new() }
    }

    /// The state; no code panics while holding it, so a poisoned lock
    /// still holds consistent runs.
    fn state(&self) -> MutexGuard<'_, QueueState<'a>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `jobs`, the first of which is file `start` of the listing.
    fn push(&self, mut start: usize, jobs: Vec<Job<'a>>) {
        let mut runs = Vec::with_capacity(jobs.len().div_ceil(FILES_PER_TAKE));
        let mut jobs = jobs.into_iter().peekable();
        while jobs.peek().is_some() {
            let run: Vec<Job<'a>> = jobs.by_ref().take(FILES_PER_TAKE).collect();
            let len = run.len();
            runs.push((start, run));
            start += len;
        }
        self.state().runs.extend(runs);
        self.more.notify_all();
    }

    fn close(&self) {
        self.state().closed = true;
        self.more.notify_all();
    }

    /// The next run, waiting for the listing when none is queued; `None`
    /// once every run is taken.
    fn take(&self) -> Option<(usize, Vec<Job<'a>>)> {
        let mut state = self.state();
        loop {
            if let Some(run) = state.runs.pop_front() {
                return Some(run);
            }
            if state.closed {
                return None;
            }
            state = self.more.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// Closes a queue when dropped, so that loading threads waiting on it
/// finish even if the listing unwinds.
struct CloseOnDrop<'q, 'a>(&'q Queue<'a>);

impl Drop for CloseOnDrop<'_, '_> {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// Lists every domain's files and reads and parses them. Large trees spread
/// over the available cores (scoped threads, no pool): once the listing
/// has found enough files for that to pay, loading threads start on them
/// while the calling thread lists the remaining domains, and then loads
/// files too. Threads take a few files at a time, so one large domain
/// spreads as well as many small ones, and each run keeps its place in the
/// listing, so the result does not depend on timing.
///
/// Gives what was loaded, in the listing's order, and each thread's files
/// for the next load's cache.
fn load_domains(
    domains: &[Entry],
    canonical_root: &Path,
    opts: &LoadOptions,
    cache: &LoadCache,
) -> (Vec<Loaded>, Vec<FileCache>) {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let queue = Queue::new();
    // Each thread's share of the files the last load read: its map of the
    // cache starts that large (a reload reads about as many).
    let share = cache.files.iter().map(HashMap::len).sum::<usize>().div_ceil(threads);
    let work = |queue: &Queue<'_>| {
        let mut parts = Vec::new();
        let mut reader = Reader { scratch: Vec::new(), files: HashMap::with_capacity(share) };
        while let Some((start, run)) = queue.take() {
            let mut part = Loaded::default();
            for job in run {
                load_file(job, opts, cache, &mut reader, &mut part);
            }
            parts.push((start, part));
        }
        (parts, reader.files)
    };
    let mut listed = Loaded::default();
    let (mut parts, files): (Vec<(usize, Loaded)>, Vec<FileCache>) = std::thread::scope(|scope| {
        let closer = CloseOnDrop(&queue);
        let mut handles = Vec::new();
        // Files listed and not yet queued (all of them until threads start).
        let mut pending = Vec::new();
        let mut queued = 0;
        for d in domains {
            for entry in sorted_entries(&d.path, canonical_root, &mut listed.diags) {
                if entry.kind == Kind::File && entry.name.ends_with(".md") {
                    pending.push(Job { domain: &d.name, entry });
                } else if entry.is_walked_for_strays() {
                    nested_skills(&entry.path, &d.name, &entry.name, canonical_root, 1, &mut listed.diags);
                }
            }
            if handles.is_empty() && threads > 1 && queued + pending.len() >= PARALLEL_FROM_FILES {
                handles = (1..threads).map(|_| scope.spawn(|| work(&queue))).collect();
            }
            if !handles.is_empty() && !pending.is_empty() {
                let jobs = std::mem::take(&mut pending);
                let count = jobs.len();
                queue.push(queued, jobs);
                queued += count;
            }
        }
        drop(closer);
        if handles.is_empty() {
            // A small tree: read here, in order.
            let mut reader = Reader { scratch: Vec::new(), files: HashMap::with_capacity(share * threads) };
            for job in pending {
                load_file(job, opts, cache, &mut reader, &mut listed);
            }
            return (Vec::new(), vec![reader.files]);
        }
        let (mut parts, files) = work(&queue);
        let mut all_files = vec![files];
        for h in handles {
            let (more, files) = h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            parts.extend(more);
            all_files.push(files);
        }
        (parts, all_files)
    });
    parts.sort_unstable_by_key(|(start, _)| *start);
    (std::iter::once(listed).chain(parts.into_iter().map(|(_, part)| part)).collect(), files)
}

/// Reads and parses one file (or takes what it gave from the cache), into
/// `out` and `reader`'s files.
fn load_file(job: Job<'_>, opts: &LoadOptions, cache: &LoadCache, reader: &mut Reader, out: &mut Loaded) {
    let (domain, entry) = (job.domain, job.entry);
    let Some(stem) = entry.name.strip_suffix(".md") else {
        return;
    };
    out.files.push(entry.path.clone());
    let text = match read_text_with(&entry.path, opts.max_file_size, &mut reader.scratch) {
        Ok(t) => t,
        Err(d) => {
            out.diags.push(d);
            return;
        }
    };
    let result = match cache.get(&entry.path) {
        Some((before, result)) if *before == text => result.clone(),
        _ => parse_file(&entry.path, &entry.name, domain, stem, &text),
    };
    out.skills.extend(result.skill.clone());
    out.partial.extend(result.partial.clone());
    out.failed.extend(result.failed.clone());
    out.indexes.extend(result.index.clone());
    out.diags.extend(result.diags.iter().cloned());
    let own = &result.examples;
    if let Some(s) = result.skill.as_ref().or(result.partial.as_ref())
        && !(own.diags.is_empty() && own.others.is_empty())
    {
        out.examples.push((s.clone(), result.skill.is_none(), own.clone()));
    }
    reader.files.insert(entry.path.into_os_string(), (text, result));
}

/// What a thread of a load keeps from file to file: a reading buffer, and
/// the files it read, for the next load's cache.
struct Reader {
    scratch: Vec<u8>,
    files: FileCache,
}

/// What one file gives, from its text alone (and its place: `name` is the
/// file name, `stem` without `.md`).
fn parse_file(path: &Path, name: &str, domain: &str, stem: &str, text: &str) -> FileResult {
    let mut result = FileResult {
        skill: None,
        partial: None,
        failed: None,
        index: None,
        diags: Vec::new(),
        examples: check::OwnExamples::default(),
    };
    if name == keys::INDEX_FILE {
        let parsed = parse_index(path, domain, text);
        result.diags = parsed.diagnostics;
        result.index = parsed.item;
        return result;
    }
    // `README.md`, a note for people beside the skills: not read, and no
    // reason to fail a build.
    if stem.eq_ignore_ascii_case("readme") {
        result.diags.push(
            Diagnostic::new(Code::StrayFile, path, 0, 0, format!("`{name}` is not a skill and is ignored")).hint(
                "skills are <action>.md in lowercase; what `get_skill: <domain>` shows goes in the domain's SKILL.md",
            ),
        );
        return result;
    }
    if !names::is_identifier(stem) {
        result.diags.push(
            Diagnostic::new(Code::InvalidFileName, path, 0, 0, format!("`{name}` cannot name a skill")).hint(
                // `email/email.send.md`: the skill's whole name as the file's.
                match stem.strip_prefix(domain).and_then(|r| r.strip_prefix('.')).filter(|a| names::is_identifier(a)) {
                    Some(action) => format!(
                        "rename the file to `{action}.md`: the directory gives the domain, the file the action (`{domain}.{action}`)"
                    ),
                    None => match identifier_spelling(stem) {
                    Some(good) => format!("rename the file to `{good}.md`: actions match ^[a-z][a-z0-9_]*$"),
                    None => "skill files are named <action>.md with ^[a-z][a-z0-9_]*$ (for example `send.md`, `daily_digest.md`); the index is SKILL.md".into(),
                    },
                },
            ),
        );
        return result;
    }
    let parsed = parse_skill(path, domain, stem, text);
    if !parsed.diagnostics.iter().any(|d| d.is_error() && d.code.is_flag_error()) {
        result.partial = parsed.partial.map(Arc::new);
    }
    result.diags = parsed.diagnostics;
    result.failed = parsed.item.is_none().then(|| format!("{domain}.{stem}"));
    result.skill = parsed.item.map(Arc::new);
    if let Some(s) = result.skill.as_ref().or(result.partial.as_ref()) {
        result.examples = check::own_examples(s);
    }
    result
}

/// Reads a file as UTF-8, within the size limit.
pub fn read_text(path: &Path, limit: u64) -> Result<String, Diagnostic> {
    read_text_with(path, limit, &mut Vec::new())
}

/// [`read_text`] through `scratch`, a buffer kept from file to file: the
/// read needs no size from the file system (one system call fewer per
/// file), and the text is copied out at its size.
fn read_text_with(path: &Path, limit: u64, scratch: &mut Vec<u8>) -> Result<String, Diagnostic> {
    /// What a buffer starts with: more than a skill file usually holds.
    const START: usize = 16 * 1024;
    let file = fs::File::open(path).map_err(|e| unreadable(path, &e))?;
    scratch.clear();
    scratch.reserve(START);
    file.take(limit + 1).read_to_end(scratch).map_err(|e| unreadable(path, &e))?;
    if scratch.len() as u64 > limit {
        return Err(Diagnostic::new(
            Code::FileTooLarge,
            path,
            0,
            0,
            format!("the file is larger than {} KiB", limit / 1024),
        )
        .hint("skill files are help pages; move long material elsewhere"));
    }
    match std::str::from_utf8(scratch) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) => Err(invalid_utf8(path, scratch, e)),
    }
}

fn unreadable(path: &Path, e: &std::io::Error) -> Diagnostic {
    Diagnostic::new(Code::Unreadable, path, 0, 0, format!("cannot read the file: {e}"))
}

/// The error for `bytes` that are not UTF-8, at the first byte that is not.
fn invalid_utf8(path: &Path, bytes: &[u8], e: std::str::Utf8Error) -> Diagnostic {
    let valid = e.valid_up_to();
    let line = bytes[..valid].iter().filter(|&&b| b == b'\n').count() + 1;
    let col = bytes[..valid].iter().rev().take_while(|&&b| b != b'\n').count() + 1;
    Diagnostic::new(Code::InvalidUtf8, path, line, col, "the file is not valid UTF-8").hint("save the file as UTF-8")
}

/// The name a file or directory most likely meant, as an identifier:
/// `add-note` and `Add Note` give `add_note`. `None` when that is not an
/// identifier either (`2fa`, `ünï`), or is a reserved name.
fn identifier_spelling(name: &str) -> Option<String> {
    let good: String =
        name.chars().map(|c| if c == '-' || c == ' ' || c == '.' { '_' } else { c.to_ascii_lowercase() }).collect();
    (good != name && names::parse_skill_name(&format!("d.{good}")).is_ok()).then_some(good)
}
