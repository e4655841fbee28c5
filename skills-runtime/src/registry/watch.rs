//! Watching the roots: a reload after files change, once what was saved has
//! settled, and a new watch for a root directory that was replaced.

use super::{DEBOUNCE, Event, Registry, is_relevant};
use notify_debouncer_mini::notify::{RecommendedWatcher, RecursiveMode, Watcher};
use notify_debouncer_mini::{DebounceEventResult, Debouncer};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant, SystemTime};

/// How long changed files must stay as they are before a reload reads
/// them. An editor that saves in place (truncate, then write) leaves the
/// file half-written for a moment; a file is read once two looks this far
/// apart find it the same, so a save with pauses of up to [`DEBOUNCE`]
/// plus this is not served half-written by the reload its change starts.
/// The default of
/// [`RegistryBuilder::settle`](super::RegistryBuilder::settle).
pub const SETTLE: Duration = Duration::from_millis(60);

/// The longest a reload waits for files to settle: a file written without
/// end (a log in a root) is read as it is after this.
const MAX_SETTLE: Duration = Duration::from_secs(2);

/// Keeps a [`Registry`] watching its roots; drop it to stop.
pub struct Watch {
    _state: Arc<Mutex<State>>,
}

impl fmt::Debug for Watch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Watch")
    }
}

/// The watcher, and what each root was when it was watched.
struct State {
    debouncer: Option<Debouncer<RecommendedWatcher>>,
    roots: Vec<Watched>,
}

/// A root as watched: the directory's identity, or, when it does not
/// exist, the parent watched for its creation.
#[derive(Default)]
struct Watched {
    id: Option<Identity>,
    parent: Option<PathBuf>,
}

/// Which directory a path is: on Unix its device and inode, so that one
/// put in the place of another is told apart; elsewhere, that it exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Identity(u64, u64);

fn identity(path: &Path) -> Option<Identity> {
    let meta = std::fs::metadata(path).ok().filter(|m| m.is_dir())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(Identity(meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some(Identity(0, 0))
    }
}

/// What a look at a changed file finds: its length and modification time.
fn look(path: &Path) -> Option<(u64, Option<SystemTime>)> {
    std::fs::metadata(path).ok().map(|m| (m.len(), m.modified().ok()))
}

impl Registry {
    /// Watches every root and reloads after changes: once events stop for
    /// [`DEBOUNCE`] and the changed files stay as they are for the settle
    /// time ([`SETTLE`] unless [`RegistryBuilder::settle`](super::RegistryBuilder::settle) set another).
    /// A root directory replaced by another (renamed away, then created or
    /// renamed into place) is watched again and reported
    /// ([`Event::RootReplaced`]); a root that does not exist yet is
    /// noticed when it is created, through its parent. Watching stops when
    /// the returned guard is dropped.
    pub fn watch(&self) -> Result<Watch, notify_debouncer_mini::notify::Error> {
        let state = Arc::new(Mutex::new(State { debouncer: None, roots: Vec::new() }));
        let weak: Weak<Mutex<State>> = Arc::downgrade(&state);
        let registry = self.clone();
        let debouncer = notify_debouncer_mini::new_debouncer(DEBOUNCE, move |res: DebounceEventResult| match res {
            Ok(events) => {
                let changed: Vec<PathBuf> = events.into_iter().map(|e| e.path).filter(|p| is_relevant(p)).collect();
                let replaced = weak.upgrade().is_some_and(|s| registry.rewatch(&s));
                if !changed.is_empty() || replaced {
                    settle(&changed, registry.inner.settle);
                    registry.reload_settled();
                }
            }
            Err(e) => registry.emit(&Event::WatchError(e.to_string())),
        })?;
        {
            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
            s.debouncer = Some(debouncer);
            let roots: Vec<Watched> = self.inner.roots.iter().map(|_| Watched::default()).collect();
            s.roots = roots;
            for (i, root) in self.inner.roots.iter().enumerate() {
                let State { debouncer, roots } = &mut *s;
                let Some(watcher) = debouncer.as_mut().map(Debouncer::watcher) else { break };
                roots[i] = watch_root(watcher, &root.path)?;
            }
        }
        Ok(Watch { _state: state })
    }

    /// Reloads, leaving each file that changed within the settle time as it
    /// was: another file than those whose change started the reload may be
    /// in the middle of a save. Reloads again after each settle time while
    /// one was left, for [`MAX_SETTLE`] at most; then reads them as they are.
    fn reload_settled(&self) {
        let (pause, start) = (self.inner.settle, Instant::now());
        while self.load(Some(pause)).1 {
            if start.elapsed() >= MAX_SETTLE.max(pause) {
                self.reload();
                return;
            }
            std::thread::sleep(pause);
        }
    }

    /// Watches again each root whose directory is not the one watched (it
    /// was replaced, created, or removed); `true` when one was.
    fn rewatch(&self, state: &Mutex<State>) -> bool {
        let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
        let State { debouncer, roots } = &mut *s;
        let Some(watcher) = debouncer.as_mut().map(Debouncer::watcher) else { return false };
        let mut any = false;
        for (root, watched) in self.inner.roots.iter().zip(roots.iter_mut()) {
            let now = identity(&root.path);
            if now == watched.id {
                continue;
            }
            any = true;
            let _ = watcher.unwatch(&root.path);
            if let Some(parent) = watched.parent.take() {
                let _ = watcher.unwatch(&parent);
            }
            match watch_root(watcher, &root.path) {
                Ok(w) => {
                    if w.id.is_some() {
                        self.emit(&Event::RootReplaced {
                            root: root.label.clone(),
                            path: root.path.display().to_string(),
                        });
                    }
                    *watched = w;
                }
                Err(e) => {
                    self.emit(&Event::WatchError(format!("{}: {e}", root.path.display())));
                    *watched = Watched::default();
                }
            }
        }
        any
    }
}

/// Watches `root` (recursively) when it exists, else its parent (not
/// recursively), which tells when it is created.
fn watch_root(watcher: &mut dyn Watcher, root: &Path) -> notify_debouncer_mini::notify::Result<Watched> {
    if let Some(id) = identity(root) {
        watcher.watch(root, RecursiveMode::Recursive)?;
        return Ok(Watched { id: Some(id), parent: None });
    }
    let parent = root.parent().filter(|p| p.is_dir()).map(Path::to_path_buf);
    if let Some(p) = &parent {
        watcher.watch(p, RecursiveMode::NonRecursive)?;
    }
    Ok(Watched { id: None, parent })
}

/// Waits until two looks `pause` apart find every changed file the same,
/// for [`MAX_SETTLE`] (or one pause, when longer) at most.
fn settle(changed: &[PathBuf], pause: Duration) {
    if changed.is_empty() {
        return;
    }
    let start = Instant::now();
    let mut before: Vec<_> = changed.iter().map(|p| look(p)).collect();
    while start.elapsed() < MAX_SETTLE.max(pause) {
        std::thread::sleep(pause);
        let now: Vec<_> = changed.iter().map(|p| look(p)).collect();
        if now == before {
            return;
        }
        before = now;
    }
}
