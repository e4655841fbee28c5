//! Helpers shared by the tests and benchmarks of several packages (each
//! includes this file with `#[path]`).
#![allow(dead_code)]

use std::path::Path;

/// Copies a directory tree (the bundled skills into a scratch root).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let dest = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &dest);
        } else {
            std::fs::copy(entry.path(), dest).unwrap();
        }
    }
}

/// Writes `n` generated template skills under `root`, 100 per domain
/// (`{prefix}0` ...), each with five flags (a required string, an enum list
/// with a default, a date, an integer with a default, a boolean), a body of
/// about 500 bytes and one example.
pub fn generated_tree(root: &Path, prefix: &str, n: usize) {
    generated_tree_by(root, prefix, n, 100);
}

/// [`generated_tree`] with `per_domain` skills in each domain.
pub fn generated_tree_by(root: &Path, prefix: &str, n: usize, per_domain: usize) {
    for d in 0..n.div_ceil(per_domain) {
        let domain = format!("{prefix}{d}");
        let dir = root.join(&domain);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("SKILL.md"),
            format!("---\ndomain: {domain}\ndescription: Domain {d}\n---\n\n# {domain}\n"),
        )
        .unwrap();
        for i in (d * per_domain)..((d + 1) * per_domain).min(n) {
            let name = format!("{domain}.act{i}");
            let text = format!(
                "---\nname: {name}\ndescription: Skill number {i}\n---\n\n# {name}\n\nFollow these steps for {{title}}: collect the open tasks, group them by status, and report the count per group.\n\n## Usage\n\n{name} --title <text> [--status <statuses>] [--due <date>] [--limit <n>] [--urgent]\n\n## Flags\n\n--title    Title (required)\n--status   One or more of: todo, doing, done (default: todo)\n--due      Due date (YYYY-MM-DD)\n--limit    Maximum (default: 20)\n--urgent   Only urgent ones (boolean flag)\n\n## Behavior\n\nDo the thing step by step and report what was done.\n\n## Examples\n\n{name} --title x --status done --limit 5\n"
            );
            std::fs::write(dir.join(format!("act{i}.md")), text).unwrap();
        }
    }
}
