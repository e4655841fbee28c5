//! Loading the domains' files: on the calling thread for a small tree, on
//! several threads taking files from one queue for a large one, each file
//! parsed from its text alone so the result is the same either way.

use super::*;
use crate::check;
use crate::diagnostic::{Code, Diagnostic};
use crate::index::{DomainIndex, parse_index};
use crate::keys;
use crate::skill::{Skill, parse_skill};
use foldhash::{HashMap, HashMapExt};
use skills_core::names;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// What loading some domains produced.
#[derive(Default)]
pub(super) struct Loaded {
    /// Every markdown file listed.
    pub(super) files: Vec<PathBuf>,
    /// Problems listing, reading or parsing them.
    pub(super) diags: Vec<Diagnostic>,
    /// Files changed too recently to be read (`LoadOptions::settle`).
    pub(super) unsettled: Vec<PathBuf>,
    /// What the files read gave, in their order (the thread that read them
    /// collects it, so the calling thread only joins the lists).
    pub(super) skills: Vec<Arc<Skill>>,
    pub(super) partial: Vec<Arc<Skill>>,
    pub(super) failed: Vec<String>,
    pub(super) indexes: Vec<DomainIndex>,
    /// Skills (or partial skills, `true`) whose examples have problems of
    /// their own or call other skills, with those results.
    pub(super) examples: Vec<(Arc<Skill>, bool, check::OwnExamples)>,
}

/// Trees with fewer files than this load on the calling thread.
pub(super) const PARALLEL_FROM_FILES: usize = 200;

/// Files a loading thread takes at a time.
pub(super) const FILES_PER_TAKE: usize = 8;

/// One markdown file of a domain.
pub(super) struct Job<'a> {
    pub(super) domain: &'a str,
    pub(super) entry: Entry,
}

/// Files listed and not yet taken, in runs of up to [`FILES_PER_TAKE`],
/// each with the place of its first file in the listing.
pub(super) struct Queue<'a> {
    pub(super) state: Mutex<QueueState<'a>>,
    pub(super) more: Condvar,
}

pub(super) struct QueueState<'a> {
    pub(super) runs: VecDeque<(usize, Vec<Job<'a>>)>,
    /// Every domain is listed: no more runs will come.
    pub(super) closed: bool,
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
pub(super) struct CloseOnDrop<'q, 'a>(&'q Queue<'a>);

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
pub(super) fn load_domains(
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
pub(super) fn load_file(job: Job<'_>, opts: &LoadOptions, cache: &LoadCache, reader: &mut Reader, out: &mut Loaded) {
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
    let cached = cache.get(&entry.path);
    let (text, result) = match cached {
        Some((before, result)) if *before == text => (text, result.clone()),
        _ if opts.settle.is_some_and(|settle| changed_within(&entry.path, settle)) => {
            // Maybe still being written: what it was, until it settles.
            out.unsettled.push(entry.path.clone());
            let Some((before, result)) = cached else { return };
            (before.clone(), result.clone())
        }
        _ => {
            let result = parse_file(&entry.path, &entry.name, domain, stem, &text);
            (text, result)
        }
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

/// Whether the file at `path` was modified less than `settle` ago (or has
/// a modification time in the future, which a clock may give).
fn changed_within(path: &Path, settle: std::time::Duration) -> bool {
    let modified = std::fs::metadata(path).and_then(|m| m.modified());
    modified.is_ok_and(|t| t.elapsed().map_or(true, |age| age < settle))
}

/// What a thread of a load keeps from file to file: a reading buffer, and
/// the files it read, for the next load's cache.
pub(super) struct Reader {
    pub(super) scratch: Vec<u8>,
    pub(super) files: FileCache,
}

/// What one file gives, from its text alone (and its place: `name` is the
/// file name, `stem` without `.md`).
pub(super) fn parse_file(path: &Path, name: &str, domain: &str, stem: &str, text: &str) -> FileResult {
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
    // `FORMS.md`, `REFERENCE.md`: a document beside the skills, named in
    // capitals as README and LICENSE are (an Agent Skills folder keeps its
    // reference files so, linked from its SKILL.md), with no frontmatter
    // to make it a skill: not read.
    if is_document_name(stem)
        && matches!(crate::source::split_frontmatter(text), Err(crate::source::SplitError::Missing))
        && !text.trim_start().starts_with("+++")
    {
        result.diags.push(
            Diagnostic::new(
                Code::StrayFile,
                path,
                0,
                0,
                format!("`{name}` is not a skill (a document named in capitals, without frontmatter) and is ignored"),
            )
            .hint(format!(
                "a skill is <action>.md in lowercase, with frontmatter; a document kept in a subdirectory (`{domain}/reference/{name}`) is not reported"
            )),
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

/// Whether a file's name (without `.md`) is written in capitals, as
/// documents beside code are (`FORMS`, `API_REFERENCE`, `CHANGELOG`):
/// ASCII capitals at least, no lowercase letter.
fn is_document_name(stem: &str) -> bool {
    stem.bytes().any(|b| b.is_ascii_uppercase())
        && stem.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || matches!(b, b'_' | b'-' | b'.' | b' '))
}
