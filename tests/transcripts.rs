//! The example transcripts, replayed: each `examples/transcripts/NAME.md`
//! with a `NAME.out` beside it must produce exactly that output (the model's
//! view of every result). After an intended change, regenerate with
//! `UPDATE_TRANSCRIPTS=1 cargo test --test transcripts` and read the diff.

use std::path::Path;
#[path = "support/mod.rs"]
mod support;
use support::copy_tree;

#[test]
fn transcripts_replay_to_their_recorded_output() {
    let dir = Path::new("examples/transcripts");
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    entries.sort();
    for md in entries.iter().filter(|p| p.extension().is_some_and(|e| e == "md")) {
        let expected_path = md.with_extension("out");
        let text = std::fs::read_to_string(md).unwrap();
        let scratch = tempfile::tempdir().unwrap();
        copy_tree(Path::new("skills"), scratch.path());
        let mut app = assistant::demo_app("2026-02-17".parse().unwrap(), Some(scratch.path().to_path_buf()));
        let out = assistant::transcript::play(&assistant::router(), &mut app, &text)
            .replace(&scratch.path().display().to_string(), "$SKILLS_ROOT");
        if std::env::var_os("UPDATE_TRANSCRIPTS").is_some() {
            std::fs::write(&expected_path, &out).unwrap();
        }
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("{} has no recorded output; run with UPDATE_TRANSCRIPTS=1", md.display()));
        assert_eq!(out, expected, "{} replays differently", md.display());
        checked += 1;
    }
    assert!(checked >= 3, "{checked}");
}

#[test]
fn the_sweep_transcript_pauses_at_the_limit_and_resumes_without_repeats() {
    let text = std::fs::read_to_string("examples/transcripts/02-task-sweep.md").unwrap();
    let mut app = assistant::demo_app("2026-02-17".parse().unwrap(), None);
    let out = assistant::transcript::play(&assistant::router(), &mut app, &text);
    assert_eq!(out.matches("[Turn paused]").count(), 1);
    assert_eq!(out.matches("[Command Result:").count(), 12, "each command ran once");
    // The deck was created once, despite the resume.
    assert_eq!(app.tasks.iter().filter(|t| t.title == "Prepare Q1 review deck").count(), 1);
}

/// A reply saved on its own, without `### user` / `### assistant`
/// headings, is replayed as one reply of the model.
#[test]
fn a_file_without_headings_is_one_reply() {
    let text = "Checking.\n\n```cmd\ntasks.search --status blocked\n```\n";
    let messages = assistant::transcript::parse(text);
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0].role, assistant::transcript::Role::Assistant);
    let mut app = assistant::demo_app("2026-02-17".parse().unwrap(), None);
    let out = assistant::transcript::play(&assistant::router(), &mut app, text);
    assert!(out.contains("=== assistant (line 1): 1 command(s)"), "{out}");
    assert!(out.contains("[Command Result: tasks.search]"), "{out}");
    assert!(assistant::transcript::parse("\n  \n").is_empty());
}
