//! The workflow builder behind `workflow.build`: writes a new template
//! skill (a workflow) into a skill root, safely.
//!
//! - The name and domain must match `^[a-z][a-z0-9_]*$` and not be `all`,
//!   `help` or `get_skill`, so nothing built from them can leave the root
//!   (`..`, `/`, absolute paths and NUL are all refused by that rule); a
//!   domain directory that is a symlink is refused too.
//! - A name any skill already has (in any root) is refused.
//! - The markdown is generated, then checked with the skill parser before
//!   it is written: a file this writes always loads.
//! - Files are written atomically: a temporary file in the same directory,
//!   `fsync`, `rename`, then `fsync` of the directory. An interrupted write
//!   leaves either the old state or the new file, never a partial one.
//! - The domain's `SKILL.md` table of skills is regenerated from the files
//!   on disk.

use skills_core::{Date, names};
use std::fmt;
use std::fs;
use std::io::{self, Write};
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
    },
    /// A skill of that name exists.
    Conflict {
        /// The full name.
        name: String,
    },
    /// The domain directory is a symlink or resolves outside the root.
    Escape {
        /// The path refused.
        path: PathBuf,
    },
    /// The description is empty or spans lines.
    Description,
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
            BuildError::Reserved { what, value } => write!(f, "the workflow {what} `{value}` is reserved"),
            BuildError::NameTooLong { name } => write!(
                f,
                "the workflow's name `{name}` is {} characters, more than the {} a skill's name may have",
                name.len(),
                names::MAX_NAME_LEN
            ),
            BuildError::Conflict { name } => write!(f, "a skill named `{name}` already exists"),
            BuildError::Escape { path } => {
                write!(
                    f,
                    "refusing to write through `{}`: it is a symlink or lies outside the skill root",
                    path.display()
                )
            }
            BuildError::Description => f.write_str("the description must be one non-empty line"),
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
    /// How to fix it.
    pub fn hint(&self) -> alloc::borrow::Cow<'static, str> {
        if let BuildError::Schedule { cron: Some(cron), .. } = self {
            return format!("write it as cron: --schedule \"{cron}\"").into();
        }
        match self {
            BuildError::InvalidName { what, value } => {
                return match names::identifier_spelling(value) {
                    Some(word) => format!("write `--{what} {word}`").into(),
                    None if *what == "domain" => "for example `--domain finance`".into(),
                    None => "for example `--name weekly_report`".into(),
                };
            }
            BuildError::NameTooLong { .. } => "give a shorter --name (or --domain)",
            BuildError::Reserved { .. } => {
                "`all`, `help` and `get_skill` are used by get_skill routing; pick another name"
            }
            BuildError::Conflict { .. } => "choose a different --name (or --domain)",
            BuildError::Escape { .. } => "workflows are written only into real directories inside the skill root",
            BuildError::Description => "give --description as one short line",
            BuildError::Schedule { .. } => "use five fields, such as \"0 9 * * 1\" for Mondays at 09:00",
            BuildError::Steps => {
                "write the steps as plain lines or a numbered list, and close every ``` block they open"
            }
            BuildError::TooLarge { .. } => {
                "give the steps as short instructions; long material belongs in files the steps name"
            }
            BuildError::Generated { .. } => "report this as a bug",
            BuildError::Io { .. } => "check that the skill root is writable",
        }
        .into()
    }
}

fn check_word(what: &'static str, value: &str) -> Result<(), BuildError> {
    if !names::is_identifier(value) {
        return Err(BuildError::InvalidName { what, value: value.to_string() });
    }
    if names::RESERVED_ACTIONS.contains(&value) || value == names::GET_SKILL {
        return Err(BuildError::Reserved { what, value: value.to_string() });
    }
    Ok(())
}

/// A YAML double-quoted scalar (a JSON string is one).
fn yaml_string(s: &str) -> String {
    serde_json_string(s)
}

fn serde_json_string(s: &str) -> String {
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

/// Builds a workflow in `root`. `exists` says whether a skill name is taken
/// in any root.
pub fn build(root: &Path, req: &Request<'_>, exists: &dyn Fn(&str) -> bool) -> Result<Created, BuildError> {
    build_with(root, req, exists, &|_| Ok(()))
}

/// [`build`] with a hook that runs after each temporary file is written and
/// synced, before it is renamed into place (tests use it to simulate an
/// interruption).
#[doc(hidden)]
pub fn build_with(
    root: &Path,
    req: &Request<'_>,
    exists: &dyn Fn(&str) -> bool,
    before_rename: &dyn Fn(&Path) -> io::Result<()>,
) -> Result<Created, BuildError> {
    check_word("name", req.name)?;
    check_word("domain", req.domain)?;
    let full = format!("{}.{}", req.domain, req.name);
    if names::parse_skill_name(&full).is_err() {
        // Both words follow the rule (checked above), so only the length is left.
        return Err(BuildError::NameTooLong { name: full });
    }
    if req.description.trim().is_empty() || req.description.contains(['\n', '\r']) {
        return Err(BuildError::Description);
    }
    if let Some(c) = req.schedule {
        skills_parser::skill::validate_cron(c)
            .map_err(|reason| BuildError::Schedule { reason, cron: skills_core::cron::from_words(c) })?;
    }
    if exists(&full) {
        return Err(BuildError::Conflict { name: full });
    }
    let io_err = |path: &Path| {
        let path = path.to_path_buf();
        move |error| BuildError::Io { path, error }
    };
    let canonical_root = fs::canonicalize(root).map_err(io_err(root))?;
    let dir = canonical_root.join(req.domain);
    match fs::symlink_metadata(&dir) {
        Ok(m) if m.file_type().is_symlink() => return Err(BuildError::Escape { path: dir }),
        Ok(m) if !m.is_dir() => return Err(BuildError::Io { path: dir, error: io::Error::other("not a directory") }),
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir(&dir).map_err(io_err(&dir))?,
        Err(e) => return Err(BuildError::Io { path: dir, error: e }),
    }
    if !fs::canonicalize(&dir).map_err(io_err(&dir))?.starts_with(&canonical_root) {
        return Err(BuildError::Escape { path: dir });
    }
    let path = dir.join(format!("{}.md", req.name));
    if fs::symlink_metadata(&path).is_ok() {
        return Err(BuildError::Conflict { name: full });
    }
    let text = render(req);
    if text.len() as u64 > skills_parser::tree::MAX_FILE_SIZE {
        return Err(BuildError::TooLarge { size: text.len() });
    }
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
    match write_new_with(&path, text.as_bytes(), before_rename) {
        Ok(()) => {}
        // Another writer created it since the check above.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(BuildError::Conflict { name: full }),
        Err(e) => return Err(BuildError::Io { path, error: e }),
    }
    if let Err(e) = update_index(&dir, req.domain, before_rename) {
        // All or nothing: a workflow missing from its index is undone.
        let _ = fs::remove_file(&path);
        return Err(BuildError::Io { path: dir.join("SKILL.md"), error: e });
    }
    Ok(Created {
        name: full,
        path,
        availability: "In dev mode it can be called right away; static builds include it after their next build.",
    })
}

/// Writes `bytes` to `path` atomically: temp file, fsync, rename, fsync dir.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, bytes, &|_| Ok(()))
}

/// Creates `path` with `bytes` atomically, failing with `AlreadyExists`
/// rather than replacing a file that appeared meanwhile: the synced
/// temporary file is published with a hard link (which never overwrites),
/// or a rename after a last check where links are unsupported.
fn write_new_with(path: &Path, bytes: &[u8], before_rename: &dyn Fn(&Path) -> io::Result<()>) -> io::Result<()> {
    let publish = |tmp: &Path, path: &Path| -> io::Result<()> {
        match fs::hard_link(tmp, path) {
            Ok(()) => fs::remove_file(tmp),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
            Err(_) if fs::symlink_metadata(path).is_ok() => Err(io::ErrorKind::AlreadyExists.into()),
            Err(_) => fs::rename(tmp, path),
        }
    };
    write_via_temp(path, bytes, before_rename, &publish)
}

/// [`write_atomic`] with a hook before the rename; if the hook fails, the
/// temporary file is removed and the target is untouched.
#[doc(hidden)]
pub fn write_atomic_with(path: &Path, bytes: &[u8], before_rename: &dyn Fn(&Path) -> io::Result<()>) -> io::Result<()> {
    write_via_temp(path, bytes, before_rename, &|tmp, path| fs::rename(tmp, path))
}

/// Writes a synced temporary file beside `path`, then `publish`es it.
fn write_via_temp(
    path: &Path,
    bytes: &[u8],
    before_rename: &dyn Fn(&Path) -> io::Result<()>,
    publish: &dyn Fn(&Path, &Path) -> io::Result<()>,
) -> io::Result<()> {
    let dir = path.parent().ok_or_else(|| io::Error::other("no parent directory"))?;
    let file_name = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| io::Error::other("bad file name"))?;
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // A dot file without `.md`: skill loaders ignore it if one is ever left behind.
    let tmp = dir.join(format!(".{file_name}.tmp-{}-{n}", std::process::id()));
    let result = (|| {
        let mut f = fs::OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        before_rename(&tmp)?;
        publish(&tmp, path)?;
        // Make the rename itself durable.
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Regenerates the table of skills in `dir/SKILL.md` from the files on disk.
fn update_index(dir: &Path, domain: &str, before_rename: &dyn Fn(&Path) -> io::Result<()>) -> io::Result<()> {
    let mut rows = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(dir)?.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let Some(stem) = p.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".md")) else { continue };
        if stem == "SKILL" || !names::is_identifier(stem) || fs::symlink_metadata(&p).is_ok_and(|m| !m.is_file()) {
            continue;
        }
        let Ok(text) = skills_parser::tree::read_text(&p, skills_parser::tree::MAX_FILE_SIZE) else { continue };
        if let Some(s) = skills_parser::parse_skill(&p, domain, stem, &text).item {
            rows.push(format!("| {} | {} |", s.name, s.description.replace('|', "\\|")));
        }
    }
    let table = format!("| Skill | Description |\n|-------|-------------|\n{}\n", rows.join("\n"));
    let index = dir.join("SKILL.md");
    let text = match fs::symlink_metadata(&index) {
        Ok(m) if m.file_type().is_symlink() || !m.is_file() => return Ok(()),
        Ok(_) => replace_table(&fs::read_to_string(&index)?, &table),
        Err(_) => format!(
            "---\ndomain: {domain}\ndescription: Workflows built with workflow.build\n---\n\n# {domain}\n\nWorkflows compose other skills. Calling one returns its instructions; follow them step by step.\n\n## Available Skills\n\n{table}"
        ),
    };
    write_atomic_with(&index, text.as_bytes(), before_rename)
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
        };
        // Refused before anything is read or written.
        let e = build(Path::new("/nonexistent"), &req, &|_| false).unwrap_err();
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
