//! Whether a skill's `eligibility` conditions hold on this machine.

use crate::catalog::{EligibilityView, SkillView};

/// The first condition that fails, as a reason for the model; `None` when
/// the skill may run.
pub fn check(skill: &SkillView<'_>) -> Option<String> {
    check_conditions(&skill.eligibility)
}

/// [`check`] of the conditions alone.
pub(crate) fn check_conditions(e: &EligibilityView<'_>) -> Option<String> {
    let os = std::env::consts::OS;
    if !e.os.is_empty() && !e.os.iter().any(|o| canonical_os(o) == os) {
        let list: Vec<&str> = e.os.iter().collect();
        return Some(format!("it runs only on {}, and this is {os}", list.join(", ")));
    }
    if let Some(v) = e.env.iter().find(|v| std::env::var_os(v).is_none_or(|x| x.is_empty())) {
        return Some(format!("environment variable {v} is not set"));
    }
    if let Some(b) = e.binaries.iter().find(|b| !on_path(b)) {
        return Some(format!("program `{b}` is not installed (not on PATH)"));
    }
    None
}

fn canonical_os(os: &str) -> &str {
    match os {
        "darwin" | "osx" | "mac" => "macos",
        "win32" | "win" => "windows",
        other => other,
    }
}

/// Whether an executable named `program` is on `PATH`. A path is never
/// one (and is not looked at): whether a skill is available must not tell
/// whoever reads it whether some file exists.
pub fn on_path(program: &str) -> bool {
    if program.is_empty() || program.contains(['/', '\\']) {
        return false;
    }
    let Some(path) = std::env::var_os("PATH") else { return false };
    std::env::split_paths(&path).any(|dir| {
        let candidate = dir.join(program);
        is_executable(&candidate) || (cfg!(windows) && is_executable(&candidate.with_extension("exe")))
    })
}

fn is_executable(p: &std::path::Path) -> bool {
    let Ok(meta) = std::fs::metadata(p) else { return false };
    if !meta.is_file() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path is never probed: an existing executable given by its path is
    /// "not installed" as much as a missing one, so the answer says nothing
    /// of the file system.
    #[cfg(unix)]
    #[test]
    fn paths_are_never_programs() {
        assert!(on_path("sh"));
        assert!(!on_path("/bin/sh"));
        assert!(!on_path("./sh"));
        assert!(!on_path(""));
        assert!(!on_path("no-such-program-here"));
    }
}
