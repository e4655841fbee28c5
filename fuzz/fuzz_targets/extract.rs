//! Any text: extraction never panics, block ranges lie inside the input,
//! line numbers are right, and splitting every block into commands
//! succeeds. (Agreement with CommonMark is checked on generated documents
//! by the stable test `skills-core/tests/extract_commonmark.rs`.)
#![no_main]
use libfuzzer_sys::fuzz_target;
use skills_core::extract::{Found, blocks, extract};

fuzz_target!(|text: &str| {
    for f in blocks(text) {
        if let Found::Block(b) = f {
            assert!(b.start <= b.end && b.end <= text.len());
            // The line number the chunked scan counted is the line of the fence.
            assert_eq!(b.line, 1 + text[..b.start].matches('\n').count());
            for c in b.commands() {
                let _ = c.text();
            }
        }
    }
    let ex = extract(text);
    assert!(ex.text.len() <= text.len() + 1);
    // Also when the reply is read again as CommonMark (a fence indented
    // as in a list item): every command and problem names a line of it.
    let lines = text.matches('\n').count() + 1;
    assert!(ex.commands.iter().all(|c| (1..=lines).contains(&c.line)));
    assert!(ex.diagnostics.iter().all(|d| (1..=lines).contains(&d.line)));
});
