//! Nested `cargo` builds of generated crates, for the build-cost benchmarks
//! (`build_cost`, `first_build`): where the workspace is, writing a crate's
//! files, and timing one `cargo` command.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The workspace root, which the generated crates depend on by path.
pub fn workspace() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Writes `text` to `path`, creating its folders.
pub fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Runs `cargo <args>` in `dir` with its own target directory (and without
/// the caller's `RUSTFLAGS`); the seconds it took. Panics with cargo's
/// output when it fails.
pub fn timed_cargo(dir: &Path, target: &Path, args: &[&str]) -> f64 {
    let t = Instant::now();
    let out = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let secs = t.elapsed().as_secs_f64();
    assert!(out.status.success(), "{} {args:?} failed:\n{}", dir.display(), String::from_utf8_lossy(&out.stderr));
    secs
}
