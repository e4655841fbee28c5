//! Any skill file or domain index: the parser never panics and every
//! diagnostic points inside the file.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|text: &str| {
    let parsed = skills_parser::parse_skill(Path::new("fuzz/act.md"), "fuzz", "act", text);
    // CommonMark (and YAML) line endings: `\n`, `\r\n` and a lone `\r`.
    let lines = text.replace("\r\n", "\n").replace('\r', "\n").matches('\n').count() + 1;
    for d in &parsed.diagnostics {
        assert!(d.line <= lines, "{d}");
        let _ = d.to_string();
    }
    if let Some(skill) = parsed.item {
        for f in &skill.flags {
            let _ = f.spec();
        }
    }
    // The same text as a domain index (`SKILL.md`), with or without
    // frontmatter.
    let index = skills_parser::parse_index(Path::new("fuzz/SKILL.md"), "fuzz", text);
    for d in &index.diagnostics {
        assert!(d.line <= lines, "{d}");
        let _ = d.to_string();
    }
});
