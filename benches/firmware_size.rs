//! Flash and RAM of the firmware image (`cargo bench --bench
//! firmware_size`): `examples/firmware` built for thumbv7em-none-eabihf
//! over the bundled tree plus N generated template skills (N from
//! `FIRMWARE_EXTRA_SKILLS`, default `0,100,400`), measured with `size`.
//! Each template has five flags (an enum list with a default, a date, an
//! integer with a default, a boolean, a required string) and a body of
//! about 500 bytes. Needs the target installed; says so and exits if not.

use std::path::Path;
use std::process::Command;

fn copy_tree(from: &Path, to: &Path) {
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

fn add_templates(root: &Path, n: usize) {
    for d in 0..n.div_ceil(100) {
        let domain = format!("gen{d}");
        let dir = root.join(&domain);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("SKILL.md"),
            format!("---\ndomain: {domain}\ndescription: Generated {d}\n---\n\n# {domain}\n"),
        )
        .unwrap();
        for i in (d * 100)..((d + 1) * 100).min(n) {
            let name = format!("{domain}.act{i}");
            std::fs::write(
                dir.join(format!("act{i}.md")),
                format!("---\nname: {name}\ndescription: Generated skill {i}\n---\n\n# {name}\n\nFollow these steps for item {{title}}: collect the open tasks, group them by status, and report the count per group.\n\n## Usage\n\n{name} --title <text> [--status <statuses>] [--due <date>] [--limit <n>] [--urgent]\n\n## Flags\n\n--title    Title (required)\n--status   One or more of: todo, doing, done (default: todo)\n--due      Due date (YYYY-MM-DD)\n--limit    Maximum (default: 20)\n--urgent   Only urgent ones (boolean flag)\n\n## Behavior\n\nDo the thing step by step and report what was done.\n\n## Examples\n\n{name} --title x --status done --limit 5\n"),
            )
            .unwrap();
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let libdir = Command::new("rustc").args(["--print", "target-libdir", "--target", "thumbv7em-none-eabihf"]).output();
    let installed = libdir.is_ok_and(|o| {
        std::fs::read_dir(String::from_utf8_lossy(&o.stdout).trim()).is_ok_and(|mut d| d.next().is_some())
    });
    if !installed {
        println!("skipped: rustup target add thumbv7em-none-eabihf");
        return;
    }
    let counts: Vec<usize> = std::env::var("FIRMWARE_EXTRA_SKILLS")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![0, 100, 400]);
    let target_dir = root.join("target/firmware-size");
    let mut rows = Vec::new();
    for n in counts {
        let tree = tempfile::tempdir().unwrap();
        copy_tree(&root.join("skills"), tree.path());
        add_templates(tree.path(), n);
        let ok = Command::new(env!("CARGO"))
            .args(["build", "--release", "--quiet"])
            .current_dir(root.join("examples/firmware"))
            .env("CARGO_TARGET_DIR", &target_dir)
            .env("SKILLS_DEVICE_ROOT", tree.path())
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "the firmware did not build with {n} extra skills");
        let elf = target_dir.join("thumbv7em-none-eabihf/release/skills-firmware");
        let out = Command::new("size").arg("-A").arg(&elf).output().expect("binutils `size`");
        let text = String::from_utf8_lossy(&out.stdout);
        let section = |name: &str| -> u64 {
            text.lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
                .unwrap_or(0)
        };
        let flash = section(".vector_table") + section(".text") + section(".rodata") + section(".data");
        let ram = section(".data") + section(".bss");
        println!(
            "extra skills {n:>4}: flash {flash:>8} bytes (.text {:>7}, .rodata {:>7}), static RAM {ram} bytes",
            section(".text"),
            section(".rodata")
        );
        rows.push((n, flash));
    }
    if let (Some(first), Some(last)) = (rows.first(), rows.last())
        && last.0 > first.0
    {
        println!("flash per extra template skill: {:.0} bytes", (last.1 - first.1) as f64 / (last.0 - first.0) as f64);
    }
}
