//! The extractor against a CommonMark implementation (pulldown-cmark):
//! over generated documents of prose, blank lines, fences of both kinds and
//! several lengths, info strings, indentation from 0 to 5 spaces, and
//! unclosed blocks, the ```` ```cmd ```` blocks we find are exactly the
//! fenced code blocks whose language is `cmd` (ignoring case), with the same content.
//! Documents are generated at the top level (no lists or block quotes,
//! which the extractor does not enter).
//!
//! `EXTRACT_DIFF_CASES` and `EXTRACT_DIFF_SEED` change the run.

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use skills_core::extract::{Found, blocks};

mod support;
use support::Rng;

const PROSE: &[&str] = &[
    "Checking your tasks now.",
    "Use `tasks.search` with ``--overdue``.",
    "Here is an example: ```cmd inline``` is not a fence.",
    "tasks.search --overdue",
    "email.send --to bob@co.com --subject \"Q1\" --body \"Hi\"",
    "# A heading",
    "---",
    "text with ~~~ tildes",
    "",
    "",
];

fn fence(rng: &mut Rng) -> String {
    let ch = if rng.below(4) == 0 { '~' } else { '`' };
    let len = 3 + rng.below(3);
    let indent = [0, 0, 0, 1, 2, 3, 4, 5][rng.below(8)];
    let info =
        ["cmd", "cmd", "cmd", "json", "", "cmd extra words", " cmd", "cmdx", "CMD", "cmd`x", "Cmd"][rng.below(11)];
    format!("{}{}{}", " ".repeat(indent), ch.to_string().repeat(len), info)
}

fn generate(rng: &mut Rng) -> String {
    let mut lines = Vec::new();
    for _ in 0..rng.below(16) {
        let line = match rng.below(10) {
            0..=3 => fence(rng),
            4 => format!("  {}", PROSE[rng.below(PROSE.len())]),
            _ => PROSE[rng.below(PROSE.len())].to_string(),
        };
        lines.push(line);
    }
    let mut s = lines.join("\n");
    if rng.below(2) == 0 {
        s.push('\n');
    }
    s
}

/// The content of every fenced block whose language is `cmd`, as
/// CommonMark reads it.
fn commonmark_cmd_blocks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let lang = info.split_whitespace().next().unwrap_or("");
                current = lang.eq_ignore_ascii_case("cmd").then(String::new);
            }
            Event::Text(t) => {
                if let Some(c) = current.as_mut() {
                    c.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some(c) = current.take() {
                    out.push(c);
                }
            }
            _ => {}
        }
    }
    out
}

/// Our blocks' content, with the fence's indentation removed from each line
/// as CommonMark does (at most that many spaces).
fn our_cmd_blocks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for f in blocks(text) {
        if let Found::Diagnostic(d) = f {
            let line = text.split('\n').nth(d.line - 1).expect("a diagnostic names a line of the text");
            assert!(line.trim_start().starts_with(['`', '~']), "diagnostic line {} is not a fence in {text:?}", d.line);
        }
        if let Found::Block(b) = f {
            assert_eq!(
                b.line,
                1 + text[..b.start].matches('\n').count(),
                "line of the block at {} in {text:?}",
                b.start
            );
            let mut content = String::new();
            for line in b.body.split_inclusive('\n') {
                let spaces = line.bytes().take(b.indent).take_while(|&c| c == b' ').count();
                content.push_str(&line[spaces..]);
            }
            // An unclosed block (whose commands never run) may end in a
            // whitespace-only line without a newline, which pulldown-cmark
            // leaves out; compare without it.
            if !b.closed && !content.ends_with('\n') {
                let last = content.rfind('\n').map_or(0, |i| i + 1);
                if content[last..].trim().is_empty() {
                    content.truncate(last);
                }
            }
            out.push(content);
        }
    }
    out
}

/// Long documents (several generated ones joined, tens of kilobytes) take
/// the `memmem` path of the extractor and cross its search windows.
#[test]
fn long_documents_agree_with_commonmark_too() {
    let cases: usize =
        std::env::var("EXTRACT_DIFF_CASES").ok().and_then(|v| v.parse().ok()).map_or(200, |n: usize| n / 250);
    let mut rng = Rng(0x10_0D0C | 1);
    for _ in 0..cases {
        let mut text = String::new();
        let target = 4096 + rng.below(100_000);
        while text.len() < target {
            text.push_str(&generate(&mut rng));
            // Close whatever is open now and then, so later blocks are seen.
            if rng.below(3) == 0 {
                text.push_str("\n~~~~~~\n``````\n~~~~~~\n\n");
            } else {
                text.push('\n');
            }
        }
        let want = commonmark_cmd_blocks(&text);
        let got = our_cmd_blocks(&text);
        assert!(
            got == want,
            "long document of {} bytes: {} blocks by CommonMark, {} by us",
            text.len(),
            want.len(),
            got.len()
        );
    }
}

#[test]
fn cmd_blocks_are_commonmark_fenced_code_blocks_of_language_cmd() {
    let cases: usize = std::env::var("EXTRACT_DIFF_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(50_000);
    let seed: u64 = std::env::var("EXTRACT_DIFF_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0xC0FF_EE11);
    let mut rng = Rng(seed | 1);
    let mut mismatches = Vec::new();
    let mut with_blocks = 0;
    for _ in 0..cases {
        let text = generate(&mut rng);
        let want = commonmark_cmd_blocks(&text);
        let got = our_cmd_blocks(&text);
        with_blocks += usize::from(!want.is_empty());
        if got != want {
            mismatches.push(format!("input {text:?}\n  commonmark: {want:?}\n  ours:       {got:?}"));
        }
    }
    assert!(with_blocks > cases / 10, "the generator should produce cmd blocks ({with_blocks})");
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(4)].join("\n")
    );
}
