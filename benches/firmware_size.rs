//! Flash and RAM of the firmware image (`cargo bench -p skills-benches --bench
//! firmware_size`): `examples/firmware` built for thumbv7em-none-eabihf
//! over the bundled tree plus N generated template skills (N from
//! `FIRMWARE_EXTRA_SKILLS`, default `0,100,400`), measured with `size`.
//! Each template has five flags (an enum list with a default, a date, an
//! integer with a default, a boolean, a required string) and a body of
//! about 500 bytes. Needs the target installed; says so and exits if not.

use std::path::Path;
use std::process::Command;
#[path = "../tests/support/mod.rs"]
mod support;
use support::{copy_tree, generated_tree};

fn main() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
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
        generated_tree(tree.path(), "gen", n);
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
