//! Peak resident memory of the `assistant` binary (`cargo bench --bench
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

fn generated_tree(root: &Path, n: usize) {
    for d in 0..n.div_ceil(100) {
        let domain = format!("d{d}");
        let dir = root.join(&domain);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("SKILL.md"),
            format!("---\ndomain: {domain}\ndescription: Domain {d}\n---\n\n# {domain}\n"),
        )
        .unwrap();
        for i in (d * 100)..((d + 1) * 100).min(n) {
            let name = format!("{domain}.act{i}");
            let text = format!(
                "---\nname: {name}\ndescription: Skill number {i}\n---\n\n# {name}\n\nDoes thing {i}.\n\n## Usage\n\n{name} --title <text> [--status <statuses>] [--due <date>] [--limit <n>] [--urgent]\n\n## Flags\n\n--title    Title (required)\n--status   One or more of: todo, doing, done (default: todo)\n--due      Due date (YYYY-MM-DD)\n--limit    Maximum (default: 20)\n--urgent   Only urgent ones (boolean flag)\n\n## Behavior\n\nDo the thing.\n\n## Examples\n\n{name} --title x --status done --limit 5\n"
            );
            std::fs::write(dir.join(format!("act{i}.md")), text).unwrap();
        }
    }
}

/// Peak RSS in KiB of one run of the assistant.
fn peak_kib(args: &[&str], roots: Option<&Path>) -> (u64, f64) {
    const PY: &str = "import resource, subprocess, sys\n\
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n\
print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)";
    let mut cmd = Command::new("python3");
    cmd.arg("-c").arg(PY).arg(env!("CARGO_BIN_EXE_assistant")).args(args);
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
        generated_tree(dir.path(), n);
        let (kib, ms) = peak_kib(&["--dev", "exec", "get_skill"], Some(dir.path()));
        println!(
            "{:<52} peak RSS {:>8.1} MiB   wall {:>7.1} ms",
            format!("assistant --dev exec get_skill ({n} skills on disk)"),
            kib as f64 / 1024.0,
            ms
        );
    }
}
