//! Peak resident memory of the `assistant` binary (`cargo bench -p skills-benches --bench
//! memory`): with only the compiled table, and in dev mode over generated
//! trees of 1,000 and 10,000 skills (`MEMORY_SKILLS` changes the list).
//!
//! Each case runs the release binary once as a child process and reads its
//! peak resident set size from `getrusage(RUSAGE_CHILDREN)`, through
//! Python's `resource` module (std Rust does not expose it), so the figure
//! is the whole process: code, the table, and everything loaded.

use std::path::Path;
use std::process::Command;
use std::time::Instant;
#[path = "../tests/support/mod.rs"]
mod support;
use support::generated_tree;

/// The release `assistant` binary beside this benchmark's (built first by
/// `cargo build --release --bin assistant` when missing).
fn assistant_bin() -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("the benchmark's own path");
    let bin = exe.parent().and_then(Path::parent).expect("target/<profile>/deps").join("assistant");
    if !bin.exists() {
        let status = Command::new(env!("CARGO"))
            .args(["build", "--release", "--bin", "assistant", "--manifest-path"])
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the assistant failed");
    }
    bin
}

/// Peak RSS in KiB of one run of the assistant.
fn peak_kib(args: &[&str], roots: Option<&Path>) -> (u64, f64) {
    const PY: &str = "import resource, subprocess, sys\n\
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n\
print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)";
    let mut cmd = Command::new("python3");
    cmd.arg("-c").arg(PY).arg(assistant_bin()).args(args);
    match roots {
        Some(r) => cmd.env("SKILLS_ROOTS", format!("project={}", r.display())),
        None => cmd.env_remove("SKILLS_ROOTS"),
    };
    let started = Instant::now();
    let out = cmd.output().expect("python3 runs the measurement");
    let elapsed = started.elapsed().as_secs_f64() * 1e3;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut parts = text.split_whitespace();
    let code: i32 = parts.next().and_then(|c| c.parse().ok()).unwrap_or(-1);
    assert_eq!(code, 0, "assistant {args:?} failed");
    (parts.next().and_then(|k| k.parse().ok()).unwrap_or(0), elapsed)
}

fn main() {
    let sizes: Vec<usize> = std::env::var("MEMORY_SKILLS")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1_000, 10_000]);
    let (kib, ms) = peak_kib(&["--static", "exec", "get_skill"], None);
    println!(
        "{:<52} peak RSS {:>8.1} MiB   wall {:>7.1} ms",
        "assistant --static exec get_skill (compiled table)",
        kib as f64 / 1024.0,
        ms
    );
    for n in sizes {
        let dir = tempfile::tempdir().unwrap();
        generated_tree(dir.path(), "d", n);
        let (kib, ms) = peak_kib(&["--dev", "exec", "get_skill"], Some(dir.path()));
        println!(
            "{:<52} peak RSS {:>8.1} MiB   wall {:>7.1} ms",
            format!("assistant --dev exec get_skill ({n} skills on disk)"),
            kib as f64 / 1024.0,
            ms
        );
    }
}
