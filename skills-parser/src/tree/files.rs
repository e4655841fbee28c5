//! The file system as the loader sees it: directory listings sorted, links
//! followed only inside the root, files read as UTF-8 within the size limit.

use crate::diagnostic::{self, Code, Diagnostic};
use skills_core::names;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Dir,
    File,
}

pub(super) struct Entry {
    pub(super) name: String,
    pub(super) path: PathBuf,
    pub(super) kind: Kind,
    /// Where it leads, when it is a symlink (resolved inside the root).
    pub(super) linked: Option<PathBuf>,
}

impl Entry {
    /// Whether [`nested_skills`] looks into it: a directory of its own (not
    /// a symlink to one; see there), not hidden.
    pub(super) fn is_walked_for_strays(&self) -> bool {
        self.kind == Kind::Dir && self.linked.is_none() && !self.name.starts_with('.')
    }
}

/// The entries of `dir`, sorted by name; symlinks are resolved and kept only
/// when they stay inside `canonical_root`.
pub(super) fn sorted_entries(dir: &Path, canonical_root: &Path, diags: &mut Vec<Diagnostic>) -> Vec<Entry> {
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
pub(super) const NESTED_DEPTH: usize = 4;

/// Warns about the skill files in `dir`, a subdirectory of `domain` at
/// `depth` (`relative` from the domain): markdown that starts with a
/// frontmatter, which a reader of the tree would take for a skill, is not
/// one, since skills are `<domain>/<action>.md`. Other files (a resource's
/// `references/guide.md`, scripts, assets) are left alone, as are symlinks
/// out of the root, which are not followed. Nor are symlinked directories
/// inside it: their files are where the link points, read or reported
/// there, and a link to the root or a domain (`drafts -> ..`) would report
/// every skill of the tree as a stray copy of itself.
pub(super) fn nested_skills(
    dir: &Path,
    domain: &str,
    relative: &str,
    root: &Path,
    depth: usize,
    diags: &mut Vec<Diagnostic>,
) {
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
pub(super) fn starts_with_frontmatter(path: &Path) -> bool {
    let mut head = [0u8; 6];
    let n = fs::File::open(path).and_then(|mut f| f.read(&mut head)).unwrap_or(0);
    let head = &head[..n];
    head.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(head).starts_with(b"---")
}

/// Reads a file as UTF-8, within the size limit.
pub fn read_text(path: &Path, limit: u64) -> Result<String, Diagnostic> {
    read_text_with(path, limit, &mut Vec::new())
}

/// [`read_text`] through `scratch`, a buffer kept from file to file: the
/// read needs no size from the file system (one system call fewer per
/// file), and the text is copied out at its size.
pub(super) fn read_text_with(path: &Path, limit: u64, scratch: &mut Vec<u8>) -> Result<String, Diagnostic> {
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

pub(super) fn unreadable(path: &Path, e: &std::io::Error) -> Diagnostic {
    Diagnostic::new(Code::Unreadable, path, 0, 0, format!("cannot read the file: {e}"))
}

/// The error for `bytes` that are not UTF-8, at the first byte that is not.
pub(super) fn invalid_utf8(path: &Path, bytes: &[u8], e: std::str::Utf8Error) -> Diagnostic {
    let valid = e.valid_up_to();
    let line = bytes[..valid].iter().filter(|&&b| b == b'\n').count() + 1;
    let col = bytes[..valid].iter().rev().take_while(|&&b| b != b'\n').count() + 1;
    Diagnostic::new(Code::InvalidUtf8, path, line, col, "the file is not valid UTF-8").hint("save the file as UTF-8")
}
