//! The workflow builder behind `workflow.build`: writes a new template
//! skill (a workflow) into a skill root, safely.
//!
//! - The name and domain must match `^[a-z][a-z0-9_]*$` and not be `all`,
//!   `help`, `get_skill`, a name Windows reserves for a device (`con`,
//!   `aux`, `com1`, ...) or, for the name, `skill` (`skill.md` is
//!   `SKILL.md` where file names ignore case). Nothing built from them can
//!   leave the root: `..`, `/`, absolute paths and NUL all break the rule.
//! - The tree as it will be is checked before anything is written: no
//!   skill or alias has the name, no skill exports the same tool name
//!   (`a_b.c` and `a.b_c` are both the tool `a_b_c`), no alias is the
//!   domain; and the domain is one the builder may write: listed in
//!   [`Request::open_domains`], new, or holding only workflows this author
//!   built. The tree is what the assistant serves (the catalogs given)
//!   and what the root holds on disk.
//! - The markdown is generated, then checked with the skill parser before
//!   it is written: a file this writes always loads.
//! - Every write goes through directory handles (`cap-std`) that never
//!   leave the root, whatever symlinks appear meanwhile; a domain directory
//!   that is a symlink is refused.
//! - Builds in one root take turns (a lock on the root directory, or on a
//!   lock file, `.workflow.lock`, where directories cannot be locked, held
//!   while the tree is checked and the files written), so two never check
//!   the same tree and both write, and no index update loses another's row.
//! - Files are written atomically: a temporary file in the same directory,
//!   `fsync`, published by a hard link (which never replaces a file that
//!   appeared meanwhile) or a rename, then `fsync` of the directory. A
//!   writer killed midway leaves a dot file (`.name.md.tmp-…`), which no
//!   loader reads and the next build or [`tidy`] removes.
//! - The domain's `SKILL.md` table of skills is regenerated from the files
//!   on disk on every build and by [`tidy`]: it is derived, so a crash
//!   between a workflow and its index leaves it behind only until then.

use crate::catalog::Catalog;
use cap_std::ambient_authority;
use cap_std::fs::{Dir, OpenOptions};
use skills_core::{Date, names};
use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// What to build.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The action name (`weekly_report`).
    pub name: &'a str,
    /// The domain folder (`workflows`).
    pub domain: &'a str,
    /// One line: what the workflow does.
    pub description: &'a str,
    /// Instructions for the model, or `None` for a generic line.
    pub steps: Option<&'a str>,
    /// Five-field cron expression.
    pub schedule: Option<&'a str>,
    /// Who creates it (`assistant`).
    pub author: &'a str,
    /// Creation date.
    pub created: Date,
    /// Domains that exist and that workflows may be added to (`workflows`).
    /// A new domain, or one whose every skill this author built, is open
    /// without being listed; any other (the application's own skills) is
    /// curated and out of reach.
    pub open_domains: &'a [&'a str],
}

/// A workflow that was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    /// `workflows.weekly_report`.
    pub name: String,
    /// The file written.
    pub path: PathBuf,
    /// When it can be called.
    pub availability: &'static str,
}

/// Why a workflow was not built. Nothing was written.
#[derive(Debug)]
pub enum BuildError {
    /// The name or domain breaks the naming rule.
    InvalidName {
        /// `name` or `domain`.
        what: &'static str,
        /// As given.
        value: String,
    },
    /// `domain.name` is longer than a skill's name may be.
    NameTooLong {
        /// `domain.name`.
        name: String,
    },
    /// The name or domain is reserved.
    Reserved {
        /// `name` or `domain`.
        what: &'static str,
        /// As given.
        value: String,
        /// What reserves it.
        why: &'static str,
    },
    /// The name is a skill's or an alias's, or would clash with one.
    Conflict {
        /// The full name.
        name: String,
        /// What it clashes with (``a skill's name``, ``the alias of
        /// `tasks.create` ``, ...).
        with: String,
    },
    /// The domain holds skills the builder did not write.
    Curated {
        /// The domain.
        domain: String,
        /// The domains it may write into.
        open: Vec<String>,
    },
    /// The domain directory is a symlink or resolves outside the root.
    Escape {
        /// The path refused.
        path: PathBuf,
    },
    /// The description is empty, spans lines or holds control characters.
    Description,
    /// The steps hold control characters other than tabs and line breaks.
    StepsText,
    /// The schedule is not five-field cron.
    Schedule {
        /// Why.
        reason: String,
        /// The cron expression the schedule's words mean, when they are a
        /// common form (`every weekday at 9am`).
        cron: Option<String>,
    },
    /// The steps would change the workflow's sections: a setext heading or
    /// a flag list the escaping missed, or a code block left open that
    /// swallows the sections after it.
    Steps,
    /// The file would be larger than a skill file may be.
    TooLarge {
        /// Its size, in bytes.
        size: usize,
    },
    /// The generated file would not check cleanly (a bug; reported, not written).
    Generated {
        /// The checker's messages.
        problems: Vec<String>,
    },
    /// The file system refused.
    Io {
        /// The path involved.
        path: PathBuf,
        /// The error.
        error: io::Error,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::InvalidName { what, value } => write!(
                f,
                "the workflow {what} `{}` is not valid: use lowercase letters, digits and underscores, starting with a letter",
                value.escape_debug()
            ),
            BuildError::Reserved { what, value, why } => write!(f, "the workflow {what} `{value}` is reserved: {why}"),
            BuildError::NameTooLong { name } => write!(
                f,
                "the workflow's name `{name}` is {} characters, more than the {} a skill's name may have",
                name.len(),
                names::MAX_NAME_LEN
            ),
            BuildError::Conflict { name, with } => write!(f, "the workflow `{name}` would clash with {with}"),
            BuildError::Curated { domain, .. } => {
                write!(f, "the domain `{domain}` holds the application's own skills, which workflows may not join")
            }
            BuildError::Escape { path } => {
                write!(
                    f,
                    "refusing to write through `{}`: it is a symlink or lies outside the skill root",
                    path.display()
                )
            }
            BuildError::Description => {
                f.write_str("the description must be one non-empty line of text, without control characters")
            }
            BuildError::StepsText => {
                f.write_str("the steps hold control characters; only text, tabs and line breaks may be written")
            }
            BuildError::Schedule { reason, .. } => write!(f, "the schedule is not a valid cron expression: {reason}"),
            BuildError::Steps => f.write_str(
                "the steps would change the workflow's sections (a heading, a list of flags, or a code block left open)",
            ),
            BuildError::TooLarge { size } => write!(
                f,
                "the workflow would be {size} bytes, more than the {} a skill file may hold",
                skills_parser::tree::MAX_FILE_SIZE
            ),
            BuildError::Generated { problems } => {
                write!(f, "the generated workflow did not check: {}", problems.join("; "))
            }
            BuildError::Io { path, error } => write!(f, "cannot write {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for BuildError {}

impl BuildError {
    /// Whether the request is at fault (a name, a domain, a description the
    /// caller can change), not the file system or the builder.
    pub fn is_input(&self) -> bool {
        !matches!(self, BuildError::Io { .. } | BuildError::Generated { .. })
    }

    /// How to fix it.
    pub fn hint(&self) -> alloc::borrow::Cow<'static, str> {
        match self {
            BuildError::Schedule { cron: Some(cron), .. } => format!("write it as cron: --schedule \"{cron}\"").into(),
            BuildError::InvalidName { what, value } => match names::identifier_spelling(value) {
                Some(word) => format!("write `--{what} {word}`").into(),
                None if *what == "domain" => "for example `--domain finance`".into(),
                None => "for example `--name weekly_report`".into(),
            },
            BuildError::Curated { open, .. } => match open.first() {
                Some(d) => format!("write it into `--domain {d}`, or a new domain").into(),
                None => "write it into a new domain".into(),
            },
            BuildError::NameTooLong { .. } => "give a shorter --name (or --domain)".into(),
            BuildError::Reserved { what, .. } => format!("pick another --{what}").into(),
            BuildError::Conflict { .. } => "choose a different --name (or --domain)".into(),
            BuildError::Escape { .. } => {
                "workflows are written only into real directories inside the skill root".into()
            }
            BuildError::Description => "give --description as one short line of text".into(),
            BuildError::StepsText => "write the steps as plain lines of text".into(),
            BuildError::Schedule { .. } => "use five fields, such as \"0 9 * * 1\" for Mondays at 09:00".into(),
            BuildError::Steps => {
                "write the steps as plain lines or a numbered list, and close every ``` block they open".into()
            }
            BuildError::TooLarge { .. } => {
                "give the steps as short instructions; long material belongs in files the steps name".into()
            }
            BuildError::Generated { .. } => "report this as a bug".into(),
            BuildError::Io { .. } => "check that the skill root is writable".into(),
        }
    }
}

/// Names Windows gives devices, in any case and with any extension: a
/// file or directory so named cannot be created there.
const WINDOWS_DEVICES: [&str; 4] = ["con", "prn", "aux", "nul"];

/// Why `value` (a name or domain) is reserved, if it is.
fn reserved(what: &'static str, value: &str) -> Option<&'static str> {
    let b = value.as_bytes();
    let numbered = b.len() == 4 && (b.starts_with(b"com") || b.starts_with(b"lpt")) && matches!(b[3], b'1'..=b'9');
    if names::RESERVED_ACTIONS.contains(&value) || value == names::GET_SKILL {
        Some("`all`, `help` and `get_skill` are used by get_skill routing")
    } else if WINDOWS_DEVICES.contains(&value) || numbered {
        Some("Windows gives the name to a device, so no file or folder can have it there")
    } else if what == "name" && value == "skill" {
        Some("`skill.md` is the domain's `SKILL.md` where file names ignore case")
    } else {
        None
    }
}

fn check_word(what: &'static str, value: &str) -> Result<(), BuildError> {
    if !names::is_identifier(value) {
        return Err(BuildError::InvalidName { what, value: value.to_string() });
    }
    match reserved(what, value) {
        Some(why) => Err(BuildError::Reserved { what, value: value.to_string(), why }),
        None => Ok(()),
    }
}

/// A YAML double-quoted scalar (a JSON string is one).
fn yaml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Lines that would start a heading inside `## Behavior` are escaped, so
/// steps cannot add or end sections: an ATX heading (`## Flags`) and a
/// setext underline (`Flags` over `-----` or `=====`) both become text.
/// (What escaping cannot settle, such as a code block left open, the
/// parse of the result catches: [`BuildError::Steps`].)
fn behavior_text(steps: &str) -> String {
    let underline = |t: &str| {
        let t = t.trim_end();
        !t.is_empty() && (t.bytes().all(|b| b == b'-') || t.bytes().all(|b| b == b'='))
    };
    steps
        .lines()
        .map(|l| {
            let t = l.trim_start();
            if t.starts_with('#') || underline(t) { format!("\\{t}") } else { l.to_string() }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The markdown of a workflow.
pub fn render(req: &Request<'_>) -> String {
    let full = format!("{}.{}", req.domain, req.name);
    let mut s = format!("---\nname: {full}\ndescription: {}\n", yaml_string(req.description.trim()));
    if let Some(c) = req.schedule {
        s.push_str(&format!("schedule: {}\n", yaml_string(c.trim())));
    }
    s.push_str(&format!("author: {}\ncreated: {}\n---\n\n", yaml_string(req.author), req.created));
    s.push_str(&format!("# {full}\n\n{}\n\n## Usage\n\n{full}\n\n## Behavior\n\n", req.description.trim()));
    match req.steps.map(str::trim).filter(|t| !t.is_empty()) {
        Some(steps) => s.push_str(&behavior_text(steps)),
        None => s.push_str("Carry out the workflow described above, step by step, with the skills it needs."),
    }
    s.push_str(&format!("\n\n## Examples\n\n{full}\n"));
    s
}

/// Builds a workflow in `root`. `served` are the catalogs the assistant
/// serves (the compiled table, dev mode's registry), whose names the new
/// workflow must not clash with, besides those of the files under `root`.
pub fn build(root: &Path, req: &Request<'_>, served: &[&dyn Catalog]) -> Result<Created, BuildError> {
    build_with(root, req, served, &|_| Ok(()))
}

/// [`build`] with a hook that runs after each temporary file is written and
/// synced, before it is published (tests use it to simulate an
/// interruption, or a directory swapped for a symlink meanwhile).
#[doc(hidden)]
pub fn build_with(
    root: &Path,
    req: &Request<'_>,
    served: &[&dyn Catalog],
    before_publish: &dyn Fn(&Path) -> io::Result<()>,
) -> Result<Created, BuildError> {
    check_word("name", req.name)?;
    check_word("domain", req.domain)?;
    let full = format!("{}.{}", req.domain, req.name);
    if names::parse_skill_name(&full).is_err() {
        // Both words follow the rule (checked above), so only the length is left.
        return Err(BuildError::NameTooLong { name: full });
    }
    let description = req.description.trim();
    if description.is_empty() || description.chars().any(char::is_control) {
        return Err(BuildError::Description);
    }
    if req.steps.is_some_and(|s| s.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))) {
        return Err(BuildError::StepsText);
    }
    if let Some(c) = req.schedule {
        skills_parser::skill::validate_cron(c)
            .map_err(|reason| BuildError::Schedule { reason, cron: skills_core::cron::from_words(c) })?;
    }
    let text = render(req);
    if text.len() as u64 > skills_parser::tree::MAX_FILE_SIZE {
        return Err(BuildError::TooLarge { size: text.len() });
    }
    let file_name = format!("{}.md", req.name);
    let path = root.join(req.domain).join(&file_name);
    let parsed = skills_parser::parse_skill(&path, req.domain, req.name, &text);
    let problems: Vec<String> = parsed.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.message.clone()).collect();
    // A workflow takes no flags and has one example, itself: anything else
    // came from the steps.
    if let Some(skill) = &parsed.item
        && (!skill.flags.is_empty() || skill.examples.iter().map(|e| e.text.as_str()).ne([full.as_str()]))
    {
        return Err(BuildError::Steps);
    }
    if parsed.item.is_none() || !problems.is_empty() {
        return Err(BuildError::Generated { problems });
    }

    let io_at = |path: &Path| {
        let path = path.to_path_buf();
        move |error| BuildError::Io { path, error }
    };
    let root_dir = Dir::open_ambient_dir(root, ambient_authority()).map_err(io_at(root))?;
    // Held until this returns: one build per root at a time.
    let _turn = lock(&root_dir).map_err(io_at(&root.join(LOCK)))?;
    // Checked before anything, even the domain's directory, is created.
    let tree = skills_parser::tree::load(root, &skills_parser::tree::LoadOptions::default());
    Known::of(served, &tree).admit(req, &full)?;
    let dir_path = root.join(req.domain);
    let (dir, created) = open_domain(&root_dir, req.domain, &dir_path)?;
    remove_debris(&dir);
    let undo_dir = || {
        if created {
            let _ = root_dir.remove_dir(req.domain);
        }
    };
    match publish_new(&dir, &file_name, text.as_bytes(), before_publish) {
        Ok(()) => {}
        // A file nothing loads (it does not parse) but that is there.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            return Err(BuildError::Conflict {
                name: full,
                with: format!("the file {} already there", path.display()),
            });
        }
        Err(e) => {
            undo_dir();
            return Err(BuildError::Io { path, error: e });
        }
    }
    if let Err(e) =
        domain_skills(&dir, req.domain).and_then(|skills| write_index(&dir, req.domain, &skills, before_publish))
    {
        // All or nothing: a workflow missing from its index is undone.
        let _ = dir.remove_file(&file_name);
        undo_dir();
        return Err(BuildError::Io { path: dir_path.join("SKILL.md"), error: e });
    }
    Ok(Created {
        name: full,
        path,
        availability: "In dev mode it can be called right away; static builds include it after their next build.",
    })
}

/// Repairs what a builder killed midway may have left in `root`: in each
/// domain the builder may write (listed in `open_domains`, or holding only
/// workflows `author` built) that holds a temporary file or whose index
/// lists other skills than its files, removes stale temporary files and
/// regenerates the `SKILL.md` table from the files. Returns the domains
/// whose index changed. Call it at start-up, before serving the root: a
/// domain whose files and index agree costs a listing and one read of its
/// index (nothing is parsed).
pub fn tidy(root: &Path, open_domains: &[&str], author: &str) -> io::Result<Vec<String>> {
    let root_dir = Dir::open_ambient_dir(root, ambient_authority())?;
    let _turn = lock(&root_dir)?;
    let mut changed = Vec::new();
    for entry in root_dir.entries()?.flatten() {
        let name = entry.file_name();
        let Some(domain) = name.to_str().filter(|d| names::is_identifier(d)) else { continue };
        // `file_type` does not follow a symlink: a linked folder is left alone.
        if !entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let Ok(dir) = root_dir.open_dir(domain) else { continue };
        if !needs_tidy(&dir, domain) {
            continue;
        }
        let skills = domain_skills(&dir, domain)?;
        let built = !skills.is_empty() && skills.iter().all(|s| s.author.as_deref() == Some(author));
        if !(open_domains.contains(&domain) || built) {
            continue;
        }
        remove_debris(&dir);
        if write_index(&dir, domain, &skills, &|_| Ok(()))? {
            changed.push(domain.to_string());
        }
    }
    Ok(changed)
}

/// Whether `dir` holds a temporary file, or a skill file its index does not
/// list, or its index lists a skill that has no file: a cheap look (the
/// index's rows read as text) before anything is parsed. A file that does
/// not parse is never listed, so its domain is read again at each start-up.
fn needs_tidy(dir: &Dir, domain: &str) -> bool {
    let Ok((stems, debris)) = listing(dir) else { return false };
    if debris {
        return true;
    }
    let index = read_limited(dir, "SKILL.md").unwrap_or_default();
    let row = format!("| {domain}.");
    let listed = index.lines().filter(|l| l.trim_start().starts_with(&row)).count();
    listed != stems.len() || stems.iter().any(|s| !index.contains(&format!("{row}{s} |")))
}

/// The skill files of `dir`, by stem in name order (regular files, not
/// links, named `<identifier>.md`, other than `SKILL.md`), and whether it
/// holds a temporary file a writer left.
fn listing(dir: &Dir) -> io::Result<(Vec<String>, bool)> {
    let (mut stems, mut debris) = (Vec::new(), false);
    for entry in dir.entries()?.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let file = entry.file_type().is_ok_and(|t| t.is_file());
        debris |= file && is_debris(name);
        if let Some(stem) = name.strip_suffix(".md").filter(|s| *s != "SKILL" && names::is_identifier(s))
            && file
        {
            stems.push(stem.to_string());
        }
    }
    stems.sort();
    Ok((stems, debris))
}

/// What builds in one root take turns on: the root directory itself where
/// directories can be locked (no file is left in the root), else a lock
/// file in it.
#[cfg(unix)]
const LOCK: &str = ".";
#[cfg(not(unix))]
const LOCK: &str = ".workflow.lock";

/// Waits for the root's turn; it lasts until the returned handle drops.
fn lock(root: &Dir) -> io::Result<std::fs::File> {
    #[cfg(unix)]
    let file = root.open(LOCK)?.into_std();
    #[cfg(not(unix))]
    let file = root.open_with(LOCK, OpenOptions::new().write(true).create(true))?.into_std();
    file.lock()?;
    Ok(file)
}

/// The domain's directory, and whether this created it; refused if it is a
/// symlink or not a directory. The handle never leaves the root.
fn open_domain(root: &Dir, domain: &str, path: &Path) -> Result<(Dir, bool), BuildError> {
    let mut created = false;
    match root.symlink_metadata(domain) {
        Ok(m) if m.file_type().is_symlink() => return Err(BuildError::Escape { path: path.to_path_buf() }),
        Ok(m) if !m.is_dir() => {
            return Err(BuildError::Io { path: path.to_path_buf(), error: io::Error::other("not a directory") });
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => match root.create_dir(domain) {
            Ok(()) => created = true,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(BuildError::Io { path: path.to_path_buf(), error }),
        },
        Err(error) => return Err(BuildError::Io { path: path.to_path_buf(), error }),
    }
    // Swapped for a symlink since the check: `cap-std` resolves it inside
    // the root or refuses it, so a write can still never leave the root.
    let dir = root.open_dir(domain).map_err(|_| BuildError::Escape { path: path.to_path_buf() })?;
    Ok((dir, created))
}

/// Whether every skill of `domain` in `tree` is a workflow `author` built.
fn built_by(tree: &skills_parser::tree::Tree, domain: &str, author: &str) -> bool {
    let mut skills = tree.skills_in(domain).peekable();
    skills.peek().is_some() && skills.all(|s| s.author.as_deref() == Some(author))
}

/// The names of the tree as it will be: what the assistant serves and
/// what the root holds.
struct Known<'t> {
    /// Skill names and aliases, each with the skill it belongs to.
    names: Vec<(String, String)>,
    /// Domains that hold skills.
    domains: Vec<String>,
    tree: &'t skills_parser::tree::Tree,
}

impl<'t> Known<'t> {
    fn of(served: &[&dyn Catalog], tree: &'t skills_parser::tree::Tree) -> Self {
        let mut names = Vec::new();
        let mut domains = Vec::new();
        for c in served {
            for s in (0..c.skill_count()).filter_map(|i| c.skill_at(i)) {
                names.push((s.name.to_string(), s.name.to_string()));
                names.extend(s.aliases.iter().map(|a| (a.to_string(), s.name.to_string())));
                domains.push(s.domain.to_string());
            }
        }
        for s in &tree.skills {
            names.push((s.name.clone(), s.name.clone()));
            names.extend(s.aliases.iter().map(|a| (a.clone(), s.name.clone())));
            domains.push(s.domain.clone());
        }
        domains.sort();
        domains.dedup();
        Known { names, domains, tree }
    }

    /// Whether `full` fits in the tree, and its domain is one to write.
    fn admit(&self, req: &Request<'_>, full: &str) -> Result<(), BuildError> {
        let clash = |with: String| Err(BuildError::Conflict { name: full.to_string(), with });
        let tool = names::tool_name(full);
        for (name, owner) in &self.names {
            if name.eq_ignore_ascii_case(full) {
                return clash(if name == owner {
                    format!("the skill `{owner}`, which exists")
                } else {
                    format!("`{name}`, an alias of `{owner}`")
                });
            }
            if name == owner && names::tool_name(name) == tool {
                return clash(format!("`{owner}`: both are exported as the tool `{tool}`"));
            }
            if name != owner && name.eq_ignore_ascii_case(req.domain) {
                return clash(format!(
                    "`{name}`, an alias of `{owner}`: its domain `{}` would make `{name} --help` ambiguous",
                    req.domain
                ));
            }
        }
        let exists = self.domains.iter().any(|d| d == req.domain);
        if exists && !req.open_domains.contains(&req.domain) && !self.only_built_by(req) {
            return Err(BuildError::Curated {
                domain: req.domain.to_string(),
                open: req.open_domains.iter().map(|d| d.to_string()).collect(),
            });
        }
        Ok(())
    }

    /// Whether every skill of the request's domain, served or on disk, is
    /// a workflow the request's author built.
    fn only_built_by(&self, req: &Request<'_>) -> bool {
        let prefix = format!("{}.", req.domain);
        built_by(self.tree, req.domain, req.author)
            && (self.names.iter())
                .filter(|(name, owner)| name == owner && name.starts_with(&prefix))
                .all(|(name, _)| self.tree.skill(name).is_some())
    }
}

/// A dot file without `.md`, which skill loaders never read, named for the
/// file it will become: `.weekly_report.md.tmp-<pid>-<n>`.
fn temp_name(file_name: &str) -> String {
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!(".{file_name}.tmp-{}-{n}", std::process::id())
}

/// Removes the temporary files of writers that died midway. Called with
/// the root's lock held, when no live writer has one.
fn remove_debris(dir: &Dir) {
    let Ok(entries) = dir.entries() else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if is_debris(name) && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = dir.remove_file(name);
        }
    }
}

/// A temporary file [`temp_name`] names.
fn is_debris(name: &str) -> bool {
    name.starts_with('.') && name.contains(".md.tmp-")
}

/// Writes a synced temporary file in `dir`, then `publish`es it as
/// `file_name`; on failure the temporary file is removed.
fn via_temp(
    dir: &Dir,
    file_name: &str,
    bytes: &[u8],
    before_publish: &dyn Fn(&Path) -> io::Result<()>,
    publish: &dyn Fn(&str) -> io::Result<()>,
) -> io::Result<()> {
    let tmp = temp_name(file_name);
    let result = (|| {
        let mut f = dir.open_with(&tmp, OpenOptions::new().write(true).create_new(true))?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        before_publish(Path::new(&tmp))?;
        publish(&tmp)?;
        // Make the new name itself durable.
        if let Ok(d) = dir.try_clone() {
            let _ = d.into_std_file().sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = dir.remove_file(&tmp);
    }
    result
}

/// Creates `file_name` in `dir`, failing with `AlreadyExists` rather than
/// replacing a file: published with a hard link, which never overwrites,
/// or, where links are unsupported, a rename after a last check.
fn publish_new(
    dir: &Dir,
    file_name: &str,
    bytes: &[u8],
    before_publish: &dyn Fn(&Path) -> io::Result<()>,
) -> io::Result<()> {
    via_temp(dir, file_name, bytes, before_publish, &|tmp| match dir.hard_link(tmp, dir, file_name) {
        Ok(()) => dir.remove_file(tmp),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) if dir.symlink_metadata(file_name).is_ok() => Err(io::ErrorKind::AlreadyExists.into()),
        Err(_) => dir.rename(tmp, dir, file_name),
    })
}

/// The skills whose files are in `dir` (the domain's folder), in file
/// name order; files that do not parse are left out.
fn domain_skills(dir: &Dir, domain: &str) -> io::Result<Vec<skills_parser::Skill>> {
    let mut skills = Vec::new();
    for stem in listing(dir)?.0 {
        let file_name = format!("{stem}.md");
        let Ok(text) = read_limited(dir, &file_name) else { continue };
        let path = Path::new(domain).join(&file_name);
        skills.extend(skills_parser::parse_skill(&path, domain, &stem, &text).item);
    }
    Ok(skills)
}

/// Regenerates the table of `skills` in the domain's `SKILL.md` (one that
/// is not a regular file is left alone); whether it changed.
fn write_index(
    dir: &Dir,
    domain: &str,
    skills: &[skills_parser::Skill],
    before_publish: &dyn Fn(&Path) -> io::Result<()>,
) -> io::Result<bool> {
    let rows: Vec<String> =
        skills.iter().map(|s| format!("| {} | {} |", s.name, s.description.replace('|', "\\|"))).collect();
    let table = format!("| Skill | Description |\n|-------|-------------|\n{}\n", rows.join("\n"));
    let current = match dir.symlink_metadata("SKILL.md") {
        Ok(m) if m.file_type().is_symlink() || !m.is_file() => return Ok(false),
        Ok(_) => Some(read_limited(dir, "SKILL.md")?),
        Err(_) => None,
    };
    let text = match &current {
        Some(current) => replace_table(current, &table),
        None => format!(
            "---\ndomain: {domain}\ndescription: Workflows built with workflow.build\n---\n\n# {domain}\n\nWorkflows compose other skills. Calling one returns its instructions; follow them step by step.\n\n## Available Skills\n\n{table}"
        ),
    };
    if current.as_deref() == Some(text.as_str()) {
        return Ok(false);
    }
    via_temp(dir, "SKILL.md", text.as_bytes(), before_publish, &|tmp| dir.rename(tmp, dir, "SKILL.md"))?;
    Ok(true)
}

/// A file of `dir` as text, up to the size a skill file may have.
fn read_limited(dir: &Dir, file_name: &str) -> io::Result<String> {
    let limit = skills_parser::tree::MAX_FILE_SIZE;
    let mut text = String::new();
    dir.open(file_name)?.take(limit + 1).read_to_string(&mut text)?;
    if text.len() as u64 > limit {
        return Err(io::Error::other("larger than a skill file may be"));
    }
    Ok(text)
}

/// Replaces the first table whose header starts with `| Skill` (or appends
/// an `## Available Skills` section).
fn replace_table(text: &str, table: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| {
        let t = l.trim_start();
        t.starts_with('|') && t[1..].trim_start().to_ascii_lowercase().starts_with("skill")
    });
    match start {
        Some(s) => {
            let end = lines[s..].iter().position(|l| !l.trim_start().starts_with('|')).map_or(lines.len(), |e| s + e);
            let mut out = lines[..s].join("\n");
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(table);
            let rest = lines[end..].join("\n");
            if !rest.is_empty() {
                out.push_str(&rest);
                out.push('\n');
            }
            out
        }
        None => format!("{}\n\n## Available Skills\n\n{table}", text.trim_end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_replacement() {
        let t = "---\nd: x\n---\n\n# W\n\n| Skill | Description |\n|---|---|\n| w.a | A |\n\nNotes.\n";
        let out = replace_table(t, "| Skill | Description |\n|-------|-------------|\n| w.a | A |\n| w.b | B |\n");
        assert!(out.contains("| w.b | B |\n\nNotes."), "{out}");
        let out = replace_table("# W\n", "| Skill |\n");
        assert!(out.ends_with("## Available Skills\n\n| Skill |\n"), "{out}");
    }

    /// A name or domain that breaks the rule is told the one it meant,
    /// written by the rule, or an example when no letter is left.
    #[test]
    fn an_invalid_name_is_told_its_valid_form() {
        let hint = |what, value: &str| BuildError::InvalidName { what, value: value.to_string() }.hint().into_owned();
        assert_eq!(hint("name", "Weekly Report"), "write `--name weekly_report`");
        assert_eq!(hint("name", "client-onboard!"), "write `--name client_onboard`");
        assert_eq!(hint("name", "../../etc/x"), "write `--name etc_x`");
        assert_eq!(hint("domain", "Finance/Q1"), "write `--domain finance_q1`");
        assert_eq!(hint("name", "2024"), "for example `--name weekly_report`");
        assert_eq!(hint("domain", "../"), "for example `--domain finance`");
        let long = "x".repeat(70);
        let req = Request {
            name: &long,
            domain: "workflows",
            description: "d",
            steps: None,
            schedule: None,
            author: "assistant",
            created: Date::parse("2026-02-17").unwrap(),
            open_domains: &["workflows"],
        };
        // Refused before anything is read or written.
        let e = build(Path::new("/nonexistent"), &req, &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "the workflow's name `workflows.{long}` is 80 characters, more than the 64 a skill's name may have"
            )
        );
        assert_eq!(e.hint(), "give a shorter --name (or --domain)");
        // A form that would be reserved is no suggestion.
        assert_eq!(hint("name", "ALL"), "for example `--name weekly_report`");
    }

    #[test]
    fn rendered_steps_cannot_open_sections() {
        let req = Request {
            name: "w",
            domain: "workflows",
            description: "Does \"w\"",
            steps: Some("1. a\n## Flags\n--evil  x"),
            schedule: Some("0 9 * * 1"),
            author: "assistant",
            created: Date::parse("2026-02-17").unwrap(),
            open_domains: &[],
        };
        let text = render(&req);
        assert!(text.contains("\\## Flags"));
        let parsed = skills_parser::parse_skill(Path::new("w.md"), "workflows", "w", &text);
        let skill = parsed.item.unwrap();
        assert!(skill.flags.is_empty());
        assert_eq!(skill.description, "Does \"w\"");
        assert_eq!(skill.schedule.as_deref(), Some("0 9 * * 1"));
    }
}
