//! Replays model transcripts against the reference handlers and prints
//! every result as the model would read it.
//!
//! ```sh
//! cargo run --example transcript                       # every file in examples/transcripts/
//! cargo run --example transcript -- my-transcript.md   # one file
//! ```
//!
//! The demo state is dated 2026-02-17 so the output is reproducible;
//! `workflow.build` writes into a scratch copy of the bundled skills.

use std::path::{Path, PathBuf};

fn main() -> std::process::ExitCode {
    let mut files: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if files.is_empty() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/transcripts");
        files = std::fs::read_dir(&dir)
            .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "md")).collect())
            .unwrap_or_default();
        files.sort();
    }
    let router = assistant::router();
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("transcript: cannot read {}: {e}", file.display());
                return std::process::ExitCode::FAILURE;
            }
        };
        // `workflow.build` writes into a scratch copy of the bundled tree.
        let scratch = std::env::temp_dir().join(format!("assistant-transcript-{}", std::process::id()));
        if let Err(e) = copy_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("skills"), &scratch) {
            eprintln!("transcript: cannot prepare {}: {e}", scratch.display());
            return std::process::ExitCode::FAILURE;
        }
        let mut app = assistant::demo_app("2026-02-17".parse().expect("a valid date"), Some(scratch.clone()));
        println!("##### {}\n", file.display());
        print!("{}", assistant::transcript::play(&router, &mut app, &text));
        let _ = std::fs::remove_dir_all(&scratch);
    }
    std::process::ExitCode::SUCCESS
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let dest = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &dest)?;
        } else {
            std::fs::copy(entry.path(), dest)?;
        }
    }
    Ok(())
}
