//! Dev mode: skills read live from disk, in several roots, reloaded when a
//! file changes, without losing the compiled handlers.
//!
//! ```no_run
//! # skills_runtime::__doc_table!(TABLE);
//! use skills_runtime::registry::Registry;
//! use skills_runtime::Router;
//!
//! let registry = Registry::builder(&TABLE)
//!     .root("project", "skills")                  // highest precedence first
//!     .root("user", "/home/me/.config/assistant/skills")
//!     .on_event(|e| eprintln!("skills: {e}"))
//!     .build();
//! let _watch = registry.watch().expect("watch the roots"); // dropping it stops watching
//! let router = Router::with_registry(&TABLE, registry);
//! // Every command now sees the latest saved markdown.
//! ```
//!
//! # What a reload does
//!
//! - Every root is loaded with the one skill parser. Readers never block and
//!   never see a half-applied reload: each reload builds a whole new
//!   [`Snapshot`] and swaps it in atomically (`arc-swap`).
//! - A file that no longer loads (a definition error) keeps its last good
//!   version live; its diagnostics (`file:line`) go to the event callback.
//!   A deleted file disappears; a new file appears.
//! - Higher roots shadow lower ones by skill name (and by domain index).
//! - Compiled skills: prose (description, usage, behavior, examples, help)
//!   is served live. A flag shape that no longer matches the compiled handler
//!   cannot reach it: the compiled skill keeps being served and
//!   `flags of email.send changed in skills/email/send.md:LINE; rebuild to
//!   apply` is reported once per change. A compiled skill whose root is not
//!   among the roots stays available as compiled (root `compiled`).
//! - Skills without a compiled handler (templates, new workflows) are fully
//!   live, flags validated from the markdown.

use crate::catalog::Catalog;
use crate::dynamic::DynamicCatalog;
use crate::entry::SkillEntry;
use crate::table::Table;
use arc_swap::ArcSwap;
use foldhash::HashMap;
use skills_parser::{Diagnostic, LoadCache, LoadOptions, Skill, Tree};
use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The environment variable listing skill roots, highest precedence first,
/// separated like `PATH` (`:` on Unix, `;` on Windows). Each entry is
/// `label=path` or a bare path (labelled by its position: `root1`, ...).
pub const ROOTS_ENV: &str = "SKILLS_ROOTS";

/// How long file events are collected before one reload (the edit-to-visible
/// delay is this plus one reload).
pub const DEBOUNCE: Duration = Duration::from_millis(40);

/// A skill root: a directory of domain folders, with a label listings show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Root {
    /// `project`, `user`, `system`, `imported`, ...
    pub label: String,
    /// The directory.
    pub path: PathBuf,
}

impl Root {
    /// The conventional roots of an application named `app`, highest
    /// precedence first (as Aircher orders them, plus Hermes's imported
    /// packs last, so that skills from elsewhere never replace vetted ones):
    ///
    /// | Label | Path |
    /// |---|---|
    /// | `project` | `./skills` |
    /// | `user` | `$XDG_CONFIG_HOME/<app>/skills` (else `~/.config/<app>/skills`) |
    /// | `system` | `/usr/share/<app>/skills` |
    /// | `imported` | `$XDG_DATA_HOME/<app>/skills/imported` (else `~/.local/share/<app>/skills/imported`) |
    pub fn standard(app: &str) -> Vec<Root> {
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let xdg = |var: &str, fallback: &str| {
            std::env::var_os(var).map(PathBuf::from).or_else(|| home.as_ref().map(|h| h.join(fallback)))
        };
        let mut roots = vec![Root { label: "project".into(), path: PathBuf::from("skills") }];
        if let Some(config) = xdg("XDG_CONFIG_HOME", ".config") {
            roots.push(Root { label: "user".into(), path: config.join(app).join("skills") });
        }
        roots.push(Root { label: "system".into(), path: PathBuf::from("/usr/share").join(app).join("skills") });
        if let Some(data) = xdg("XDG_DATA_HOME", ".local/share") {
            roots.push(Root { label: "imported".into(), path: data.join(app).join("skills").join("imported") });
        }
        roots
    }

    /// Roots from a [`ROOTS_ENV`]-style list.
    ///
    /// ```
    /// use skills_runtime::registry::Root;
    /// let roots = Root::parse_list("project=skills:/opt/shared/skills");
    /// assert_eq!(roots[0].label, "project");
    /// assert_eq!(roots[1].label, "root2");
    /// # #[cfg(unix)]
    /// assert_eq!(roots[1].path, std::path::Path::new("/opt/shared/skills"));
    /// ```
    pub fn parse_list(list: &str) -> Vec<Root> {
        std::env::split_paths(list)
            .filter(|p| !p.as_os_str().is_empty())
            .enumerate()
            .map(|(i, p)| {
                let text = p.to_string_lossy();
                match text.split_once('=') {
                    Some((label, path)) if skills_core::names::is_identifier(label) && !path.is_empty() => {
                        Root { label: label.to_string(), path: PathBuf::from(path) }
                    }
                    _ => Root { label: format!("root{}", i + 1), path: p },
                }
            })
            .collect()
    }
}

/// Something the registry wants its owner to know.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A reload finished and its snapshot is live.
    Reloaded {
        /// The snapshot's generation (1 for the first load).
        generation: u64,
        /// Skills now routable.
        skills: usize,
    },
    /// A problem in a skill file (new since the previous reload).
    Diagnostic(Diagnostic),
    /// A file that no longer loads; its last good version stays live.
    KeptLastGood {
        /// The skill.
        skill: String,
        /// The file.
        file: String,
    },
    /// A compiled skill's flags changed on disk; the compiled shape is kept.
    ShapeChanged {
        /// The skill.
        skill: String,
        /// `skills/email/send.md:18`.
        location: String,
    },
    /// A compiled skill's `read_only`, `eligibility` or `handler` changed on
    /// disk: what decides whether it may run is part of the compiled shape,
    /// so the compiled skill is kept until the next build.
    GuardChanged {
        /// The skill.
        skill: String,
        /// The key (`read_only`, `eligibility`, `handler`).
        key: &'static str,
        /// `skills/tasks/delete.md:6`.
        location: String,
    },
    /// A watched root directory was replaced (renamed away and another put
    /// in its place) or created: the new one is watched and loaded.
    RootReplaced {
        /// The root's label.
        root: String,
        /// Its path.
        path: String,
    },
    /// The file watcher failed.
    WatchError(String),
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Reloaded { generation, skills } => write!(f, "reloaded (generation {generation}): {skills} skills"),
            Event::Diagnostic(d) => write!(f, "{d}"),
            Event::KeptLastGood { skill, file } => {
                write!(f, "{file} no longer loads; keeping the last good version of `{skill}` live until it is fixed")
            }
            Event::ShapeChanged { skill, location } => {
                write!(f, "flags of {skill} changed in {location}; rebuild to apply")
            }
            Event::GuardChanged { skill, key, location } => {
                write!(f, "`{key}` of {skill} changed in {location}; the compiled value holds until the next build")
            }
            Event::RootReplaced { root, path } => {
                write!(f, "the {root} root ({path}) was replaced; watching and loading the new one")
            }
            Event::WatchError(e) => write!(f, "watching the skill roots failed: {e}"),
        }
    }
}

type Listener = Box<dyn Fn(&Event) + Send + Sync>;

/// One consistent view of every root, as of one reload.
#[derive(Debug)]
pub struct Snapshot {
    pub(crate) catalog: DynamicCatalog,
    pub(crate) unavailable: Vec<Option<String>>,
    generation: u64,
    diagnostics: Vec<Diagnostic>,
    shadowed: Vec<Shadowed>,
}

/// A skill hidden by one of the same name in a higher root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shadowed {
    /// The skill name.
    pub skill: String,
    /// The root that supplies it.
    pub winner: String,
    /// The root whose copy is hidden.
    pub hidden: String,
}

impl Snapshot {
    /// The skills and domains.
    pub fn catalog(&self) -> &DynamicCatalog {
        &self.catalog
    }

    /// 1 for the first load, then one more per reload.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Every problem found by the reload that made this snapshot.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Skills hidden by higher roots.
    pub fn shadowed(&self) -> &[Shadowed] {
        &self.shadowed
    }

    /// Why skill `index` cannot run here, if it cannot.
    pub fn unavailable(&self, index: usize) -> Option<&str> {
        self.unavailable.get(index).and_then(|r| r.as_deref())
    }

    /// Every skill with the root it came from (`(name, root)`), sorted.
    pub fn listing(&self) -> Vec<(&str, &str)> {
        crate::catalog::skills(&self.catalog).map(|s| (s.name, s.root)).collect()
    }
}

/// Builds a [`Registry`].
pub struct RegistryBuilder {
    roots: Vec<Root>,
    compiled: Vec<CompiledTree>,
    listener: Option<Listener>,
    options: LoadOptions,
    settle: Duration,
}

/// One compiled tree under a registry: a crate's table, or one part of a
/// `Joined` (feature `joined`) table.
struct CompiledTree {
    skills: &'static [&'static SkillEntry],
    /// The compiled domains' indexes: the base for a domain whose
    /// `SKILL.md` no root read, when the tree's root is not one of them.
    domains: &'static [crate::entry::DomainEntry],
    /// Where the tree is on disk.
    root: PathBuf,
}

impl CompiledTree {
    fn of<C>(table: &'static Table<C>) -> Self {
        CompiledTree { skills: table.catalog.skills, domains: table.catalog.domains, root: PathBuf::from(table.root) }
    }
}

/// The compiled skills a [`Registry`] serves as its base: one crate's
/// [`Table`], or a `Joined` (feature `joined`) table's parts, each
/// with the root its build read.
pub struct Compiled {
    trees: Vec<CompiledTree>,
}

impl fmt::Debug for Compiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.trees.iter().map(|t| &t.root)).finish()
    }
}

impl<C> From<&'static Table<C>> for Compiled {
    fn from(table: &'static Table<C>) -> Self {
        Compiled { trees: vec![CompiledTree::of(table)] }
    }
}

#[cfg(feature = "joined")]
impl<C> From<&'static crate::joined::Joined<C>> for Compiled {
    fn from(joined: &'static crate::joined::Joined<C>) -> Self {
        Compiled { trees: joined.parts().iter().map(|&t| CompiledTree::of(t)).collect() }
    }
}

impl fmt::Debug for RegistryBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RegistryBuilder").field("roots", &self.roots).finish_non_exhaustive()
    }
}

impl RegistryBuilder {
    /// Adds a root below the ones added before.
    pub fn root(mut self, label: impl Into<String>, path: impl Into<PathBuf>) -> Self {
        self.roots.push(Root { label: label.into(), path: path.into() });
        self
    }

    /// Adds several roots, in order.
    pub fn roots(mut self, roots: impl IntoIterator<Item = Root>) -> Self {
        self.roots.extend(roots);
        self
    }

    /// Adds the roots listed in [`ROOTS_ENV`], if it is set.
    pub fn roots_from_env(self) -> Self {
        match std::env::var(ROOTS_ENV) {
            Ok(list) => self.roots(Root::parse_list(&list)),
            Err(_) => self,
        }
    }

    /// Where the compiled tree lives on disk, when it is not where the build
    /// found it (`Table::root`): a compiled skill whose file is gone from
    /// there has been deleted. For a joined table, this is the first
    /// part's root (see [`RegistryBuilder::compiled_roots`]).
    pub fn compiled_root(self, path: impl Into<PathBuf>) -> Self {
        self.compiled_roots([path])
    }

    /// [`RegistryBuilder::compiled_root`] for each part of a joined table,
    /// in the order the parts were joined; parts without a path here keep
    /// the root their build read (and paths past the last part have no
    /// part to apply to).
    pub fn compiled_roots<P: Into<PathBuf>>(mut self, paths: impl IntoIterator<Item = P>) -> Self {
        for (tree, path) in self.compiled.iter_mut().zip(paths) {
            tree.root = path.into();
        }
        self
    }

    /// How long changed files must stay as they are before a watching
    /// registry reads them ([`SETTLE`] unless set). Raise it for tools that
    /// save in slow pieces, such as a network drive or a generator that
    /// writes a file section by section: a save whose pauses stay under
    /// [`DEBOUNCE`] plus this is not served half-written by the reload its
    /// change starts (a reload another file's change starts reads every
    /// file as it is at that moment).
    pub fn settle(mut self, settle: Duration) -> Self {
        self.settle = settle;
        self
    }

    /// Where events go (diagnostics, kept versions, shape changes, reloads).
    pub fn on_event(mut self, f: impl Fn(&Event) + Send + Sync + 'static) -> Self {
        self.listener = Some(Box::new(f));
        self
    }

    /// Loads every root and returns the registry.
    pub fn build(self) -> Registry {
        let inner = Arc::new(Inner {
            roots: self.roots,
            compiled: self.compiled,
            listener: self.listener,
            options: self.options,
            settle: self.settle,
            current: ArcSwap::from_pointee(Snapshot {
                catalog: DynamicCatalog::default(),
                unavailable: Vec::new(),
                generation: 0,
                diagnostics: Vec::new(),
                shadowed: Vec::new(),
            }),
            state: Mutex::new(ReloadState::default()),
        });
        let registry = Registry { inner };
        registry.reload();
        registry
    }
}

/// Live skills from disk, over a compiled table. Cheap to clone (shared).
#[derive(Clone)]
pub struct Registry {
    inner: Arc<Inner>,
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registry")
            .field("roots", &self.inner.roots)
            .field("generation", &self.snapshot().generation)
            .finish()
    }
}

struct Inner {
    roots: Vec<Root>,
    compiled: Vec<CompiledTree>,
    listener: Option<Listener>,
    options: LoadOptions,
    settle: Duration,
    current: ArcSwap<Snapshot>,
    state: Mutex<ReloadState>,
}

/// What reloads remember between runs.
#[derive(Default)]
struct ReloadState {
    /// Each root's files as last read and parsed.
    caches: Vec<LoadCache>,
    /// Each root's skills as last served (loaded, or kept from before):
    /// where a file that fails to load finds its last good version.
    last_good: Vec<Vec<Arc<Skill>>>,
    /// Shape fingerprints already reported as changed, by skill.
    reported_shapes: HashMap<String, u64>,
    /// Diagnostics reported by the previous reload.
    reported: BTreeSet<String>,
    generation: u64,
}

impl Registry {
    /// A registry over the compiled `table` (`&skills::TABLE`, or a
    /// `&'static` `Joined` (feature `joined`) table): its skills are
    /// the base that roots on disk update (see the module docs).
    pub fn builder(table: impl Into<Compiled>) -> RegistryBuilder {
        RegistryBuilder {
            roots: Vec::new(),
            compiled: table.into().trees,
            listener: None,
            options: LoadOptions::default(),
            settle: SETTLE,
        }
    }

    /// The current snapshot (lock-free; it stays valid while held).
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.inner.current.load_full()
    }

    /// The roots, highest precedence first.
    pub fn roots(&self) -> &[Root] {
        &self.inner.roots
    }

    /// Reloads every root now and returns the new generation. Concurrent
    /// reloads run one at a time; readers are never blocked.
    pub fn reload(&self) -> u64 {
        self.load(None).0
    }

    /// Reloads every root, leaving each file that changed within `settle`
    /// as it was ([`LoadOptions::settle`]); the new generation, and whether
    /// a file was left so.
    fn load(&self, settle: Option<Duration>) -> (u64, bool) {
        let inner = &self.inner;
        let settling;
        let options = match settle {
            Some(settle) => {
                settling = LoadOptions { settle: Some(settle), ..inner.options.clone() };
                &settling
            }
            None => &inner.options,
        };
        let mut state = inner.state.lock().unwrap_or_else(|e| e.into_inner());
        // A root that does not exist (yet) is empty, not an error: a user
        // root is optional until someone creates it.
        // Files whose bytes did not change since the last reload are not
        // parsed again (see `LoadCache`); a saved edit costs one file's parse.
        state.caches.resize_with(inner.roots.len(), LoadCache::new);
        let trees: Vec<Tree> = inner
            .roots
            .iter()
            .zip(&mut state.caches)
            .map(|(r, cache)| {
                if r.path.exists() {
                    skills_parser::load_cached(&r.path, options, cache)
                } else {
                    *cache = LoadCache::new();
                    Tree::default()
                }
            })
            .collect();
        let unsettled = trees.iter().any(|t| !t.unsettled.is_empty());
        let mut events = Vec::new();
        let snapshot = build_snapshot(inner, trees, &mut state, &mut events);
        let generation = snapshot.generation;
        let skills = snapshot.catalog.skill_count();
        inner.current.store(Arc::new(snapshot));
        drop(state);
        events.push(Event::Reloaded { generation, skills });
        if let Some(listener) = &inner.listener {
            for e in &events {
                listener(e);
            }
        }
        (generation, unsettled)
    }

    pub(crate) fn emit(&self, e: &Event) {
        if let Some(l) = &self.inner.listener {
            l(e);
        }
    }

    /// Whether any root or the compiled table has a skill named `name`.
    pub fn has_skill(&self, name: &str) -> bool {
        self.snapshot().catalog.lookup(name).is_some()
            || self.inner.compiled.iter().any(|t| t.skills.iter().any(|s| s.name == name))
    }
}

/// Markdown files and directories matter; editor swap files do not.
fn is_relevant(path: &Path) -> bool {
    match path.extension() {
        Some(ext) => ext == "md",
        // A directory (created, removed, renamed) changes what loads.
        None => !path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')),
    }
}

// Building a snapshot from the loaded trees.
mod snapshot;
// Watching the roots: reloads once saved files settle, and roots replaced.
mod watch;
pub use watch::{SETTLE, Watch};

use snapshot::*;
