//! The firmware example on an emulated Cortex-M4 (QEMU `mps2-an386`): the
//! bundled skills, compiled in without a heap, answer a fixed batch of
//! commands exactly as recorded in `examples/firmware/expected-output.txt`.
//!
//! Runs when `qemu-system-arm` is on PATH and the `thumbv7em-none-eabihf`
//! target is installed (`.ci/run` installs both); otherwise it says why it
//! skipped. After an intended change: `UPDATE_FIRMWARE_OUTPUT=1`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TARGET: &str = "thumbv7em-none-eabihf";

fn target_installed() -> bool {
    let Ok(out) = Command::new("rustc").args(["--print", "target-libdir", "--target", TARGET]).output() else {
        return false;
    };
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    out.status.success() && std::fs::read_dir(&dir).is_ok_and(|mut d| d.next().is_some())
}

fn qemu() -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join("qemu-system-arm")).find(|p| p.is_file())
}

#[test]
fn the_firmware_answers_its_batch_on_an_emulated_cortex_m() {
    let (Some(qemu), true) = (qemu(), target_installed()) else {
        eprintln!("skipped: needs qemu-system-arm on PATH and `rustup target add {TARGET}`");
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("examples/firmware");
    let target_dir = root.join("target/firmware");
    let build = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", &target_dir)
        .env_remove("RUSTFLAGS")
        .status()
        .unwrap();
    assert!(build.success(), "the firmware did not build");
    let elf = target_dir.join(TARGET).join("release/skills-firmware");
    let mut child = Command::new(qemu)
        .args(["-machine", "mps2-an386", "-nographic", "-semihosting-config", "enable=on,target=native", "-kernel"])
        .arg(&elf)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("the firmware did not exit within 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "qemu: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let expected_path = dir.join("expected-output.txt");
    if std::env::var_os("UPDATE_FIRMWARE_OUTPUT").is_some() {
        std::fs::write(&expected_path, &text).unwrap();
    }
    let expected = std::fs::read_to_string(expected_path).unwrap();
    assert_eq!(text, expected);
    assert!(text.contains("19 commands, 8 errors"));
}
