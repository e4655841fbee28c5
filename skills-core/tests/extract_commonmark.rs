//! The extractor against a CommonMark implementation (pulldown-cmark):
//! over generated documents of prose, blank lines, fences of both kinds and
//! several lengths, info strings, indentation from 0 to 5 spaces, and
//! unclosed blocks, the ```` ```cmd ```` blocks we find are exactly the
//! fenced code blocks whose language is `cmd` (ignoring case), with the same content.
//! Documents are generated at the top level; fenced blocks inside list
//! items, which the extractor's fast scan does not enter and `items` reads
//! again with pulldown-cmark, have tests of their own at the end.
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

/// The commands `items` finds in `doc`, in order (its problems left out).
#[cfg(feature = "std")]
fn run_by_items(doc: &str) -> Vec<String> {
    use skills_core::extract::{Item, items};
    items(doc)
        .into_iter()
        .filter_map(|i| match i {
            Item::Command(c) => Some(c.text.into_owned()),
            Item::Problem(_) => None,
        })
        .collect()
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

/// The heap-free scan runs a block whose fence stands on a list item's own
/// line (`- ```cmd`, `1. ```cmd`, nested `1. - ```cmd`), with the item's
/// content column as its indentation; five spaces after the marker make
/// indented code, and a bullet that is not followed by a space is no item.
#[test]
fn the_heap_free_scan_reads_a_fence_on_a_list_items_line() {
    let bodies = |doc: &str| -> Vec<(String, usize, bool)> {
        blocks(doc)
            .filter_map(|f| match f {
                Found::Block(b) => Some((b.body.to_string(), b.indent, b.closed)),
                Found::Diagnostic(_) => None,
            })
            .collect()
    };
    assert_eq!(bodies("Steps:\n\n- ```cmd\n  get_skill\n  ```\n"), [("  get_skill\n".into(), 2, true)]);
    assert_eq!(
        bodies("1. ```cmd\n   a\n   ```\n10. ```cmd\n    b\n    ```\n"),
        [("   a\n".into(), 3, true), ("    b\n".into(), 4, true)]
    );
    assert_eq!(bodies("1. - ```cmd\n     a\n     ```\n"), [("     a\n".into(), 5, true)]);
    assert!(bodies("-     ```cmd\n      a\n      ```\n").is_empty());
    assert!(bodies("-```cmd\na\n```\n").is_empty());
    assert!(bodies("Use ```cmd``` inline.\n").is_empty());
    // Another language's block in an item ends at its own closing fence,
    // which no longer opens a block that swallows the ```cmd block after it.
    assert_eq!(bodies("- ```bash\n  ls\n  ```\n\n```cmd\nget_skill\n```\n"), [("get_skill\n".into(), 0, true)]);
    // One whose item ends before a closing fence (a line less indented than
    // the item's text) is read past, as before: the block after it runs.
    assert_eq!(bodies("- ```\n  ls\nSome text.\n```cmd\nget_skill\n```\n"), [("get_skill\n".into(), 0, true)]);
    assert_eq!(bodies("- ```cmd\n  a\nb\n```\n"), []);
}

/// Fenced blocks inside list items, at every indentation a model uses: as
/// CommonMark reads them (a fence up to three spaces past the item's
/// content is a fenced block; four is indented code after a blank line),
/// with `items` and `extract` agreeing with pulldown-cmark on every block.
#[cfg(feature = "std")]
#[test]
fn fences_in_list_items_run_as_commonmark_reads_them() {
    use skills_core::extract::extract;
    let mut rng = Rng(0x1157_1735 | 1);
    for case in 0..4_000 {
        let mut doc = String::new();
        let mut want = Vec::new();
        if rng.below(2) == 0 {
            doc.push_str("Here is the plan:\n\n");
        }
        for item in 0..1 + rng.below(4) {
            let marker = ["- ", "* ", "+ ", "1. ", "2) ", "10. ", "-   "][rng.below(7)];
            doc.push_str(marker);
            let fence = ["```", "~~~", "````"][rng.below(3)];
            let command = format!("tasks.get --id t{case}_{item}");
            if rng.below(3) == 0 {
                // The fence on the marker's line: the item's content column
                // is the fence's, and the block's lines are indented to it.
                let indent = " ".repeat(marker.len());
                doc.push_str(&format!("{fence}cmd\n{indent}{command}\n{indent}{fence}\n\n"));
                want.push(command);
                continue;
            }
            doc.push_str("Step\n");
            let blank = rng.below(2) == 0;
            if blank {
                doc.push('\n');
            }
            // Four past the content is indented code, after a blank line only
            // (it cannot interrupt a paragraph).
            let relative = if blank { rng.below(5) } else { rng.below(4) };
            let indent = " ".repeat(marker.len() + relative);
            doc.push_str(&format!("{indent}{fence}cmd\n{indent}{command}\n{indent}{fence}\n\n"));
            if relative < 4 {
                want.push(command);
            }
        }
        let by_commonmark: Vec<String> = commonmark_cmd_blocks(&doc).iter().map(|b| b.trim_end().to_string()).collect();
        assert_eq!(by_commonmark, want, "the generator's expectation in {doc:?}");
        let got: Vec<String> = run_by_items(&doc);
        assert_eq!(got, want, "{doc:?}");
        let ex = extract(&doc);
        assert_eq!(ex.commands.iter().map(|c| c.text.as_ref()).collect::<Vec<_>>(), want, "{doc:?}");
        // Every command's line is the line it is written on.
        for c in &ex.commands {
            assert!(doc.lines().nth(c.line - 1).unwrap().trim() == c.text, "line {} in {doc:?}", c.line);
        }
        // Blocks that ran leave the text; indented code stays in it.
        for item in 0..8 {
            let command = format!("tasks.get --id t{case}_{item}");
            let in_text = ex.text.lines().any(|l| l.trim() == command);
            let in_doc = doc.lines().any(|l| l.trim() == command);
            let ran = want.contains(&command);
            assert_eq!(in_text, in_doc && !ran, "{command:?} in the text {:?}", ex.text);
        }
    }
}

/// The cases a reader checks by eye: a block quote's block does not run, an
/// unclosed block in a list item is reported, and a top-level fence indented
/// as code stays a problem even when a list item's fence sends the reply to
/// the CommonMark reading.
#[cfg(feature = "std")]
#[test]
fn list_items_quotes_and_indented_code_together() {
    use skills_core::extract::{ExtractDiagnosticKind, extract};
    let doc = "Example:\n\n    ```cmd\n    ops.a\n    ```\n\n- Run:\n\n    ```cmd\n    ops.b\n    ```\n\n> ```cmd\n> ops.c\n> ```\n\n- Later:\n\n    ```cmd\n    ops.d\n\nend\n";
    let ex = extract(doc);
    let commands: Vec<(&str, usize)> = ex.commands.iter().map(|c| (c.text.as_ref(), c.line)).collect();
    assert_eq!(commands, [("ops.b", 10)]);
    let problems: Vec<(ExtractDiagnosticKind, usize)> = ex.diagnostics.iter().map(|d| (d.kind, d.line)).collect();
    assert_eq!(problems, [(ExtractDiagnosticKind::IndentedFence, 3), (ExtractDiagnosticKind::Unterminated, 19)]);
    // The run block is gone from the text; the others stay.
    assert!(!ex.text.contains("ops.b") && ex.text.contains("ops.a") && ex.text.contains("ops.c"), "{}", ex.text);
}

/// A reply written with CRLF line endings gives the same commands, with the
/// same lines, as the same reply with LF: over generated documents whose
/// command blocks hold quoted values spanning lines (in both quotes),
/// continuations outside and inside double quotes, comments, prompts and
/// here-documents.
#[cfg(feature = "std")]
#[test]
fn crlf_replies_give_the_commands_of_lf_ones() {
    use skills_core::extract::{Item, items};
    const BODY: &[&str] = &[
        "email.send --to a@b.c --body \"line one",
        "line two\" --subject 'x",
        "y'",
        "tasks.search \\",
        "  --overdue --query \"a \\",
        "b\"",
        "# a comment",
        "$ tasks.search --limit 1",
        "email.send --body <<EOF",
        "EOF",
        "",
        "memory.save --content it's sunny",
    ];
    let mut rng = Rng(0x00CA_1F1F | 1);
    let mut with_commands = 0;
    for _ in 0..5_000 {
        let mut lines = Vec::new();
        for _ in 0..rng.below(20) {
            lines.push(match rng.below(10) {
                0..=1 => fence(&mut rng),
                2..=7 => BODY[rng.below(BODY.len())].to_string(),
                _ => PROSE[rng.below(PROSE.len())].to_string(),
            });
        }
        let lf = lines.join("\n");
        let crlf = lf.replace('\n', "\r\n");
        let read = |text: &str| -> Vec<(String, usize)> {
            items(text)
                .into_iter()
                .map(|item| match item {
                    Item::Command(c) => (c.text.into_owned(), c.line),
                    Item::Problem(p) => (format!("{:?}", p.kind), p.line),
                })
                .collect()
        };
        let want = read(&lf);
        with_commands += usize::from(!want.is_empty());
        assert_eq!(read(&crlf), want, "{lf:?}");
    }
    assert!(with_commands > 1_000, "the generator should produce commands ({with_commands})");
}

/// Replies with HTML blocks (comments, `<div>`, `<details>`, `<pre>`,
/// processing instructions, declarations, CDATA, autolinks and inline
/// tags at a line's start) among the prose and fences: the commands
/// `items` runs are those of the closed fenced blocks of language `cmd`
/// that pulldown-cmark finds, so a fence inside an HTML block runs nothing.
#[cfg(feature = "std")]
#[test]
fn fences_inside_html_blocks_do_not_run() {
    use skills_core::extract::CmdBlock;
    const HTML: &[&str] = &[
        "<!--",
        "<!-- a note -->",
        "-->",
        "<div>",
        "</div>",
        "<details>",
        "<summary>Steps</summary>",
        "</details>",
        "<pre>",
        "</pre>",
        "<?php",
        "?>",
        "<!DOCTYPE html>",
        "<![CDATA[",
        "]]>",
        "<https://example.com>",
        "<b>Note:</b> checking.",
        "   <div>",
        "    <div>",
        "<cmd>",
        "</cmd>",
        "< not a tag",
    ];
    /// Whether the source of a top-level fenced block ends with its
    /// closing fence: at most three spaces, a run of the opening's
    /// character at least as long, nothing else.
    fn closed(source: &str) -> bool {
        let source = source.trim_end_matches('\n');
        let Some(nl) = source.rfind('\n') else { return false };
        let open = source.trim_start();
        let ch = open.as_bytes()[0];
        let open_len = open.bytes().take_while(|&c| c == ch).count();
        let line = &source[nl + 1..];
        let last = line.trim_start_matches(' ');
        let run = last.bytes().take_while(|&c| c == ch).count();
        line.len() - last.len() <= 3 && run >= open_len && last[run..].trim().is_empty()
    }
    // Two fifths of `EXTRACT_DIFF_CASES`: 20,000 by default.
    let cases: usize =
        std::env::var("EXTRACT_DIFF_CASES").ok().and_then(|v| v.parse().ok()).map_or(20_000, |n: usize| n * 2 / 5);
    let mut rng = Rng(0x0B10_C4ED | 1);
    let (mut with_commands, mut html_hid) = (0, 0);
    for _ in 0..cases {
        let mut lines = Vec::new();
        for _ in 0..rng.below(16) {
            lines.push(match rng.below(10) {
                0..=1 => fence(&mut rng),
                // Closing fences.
                2 => ["```", "~~~", "````"][rng.below(3)].to_string(),
                3..=5 => HTML[rng.below(HTML.len())].to_string(),
                6 => "tasks.search --overdue".to_string(),
                // A whole block, closed.
                7 => format!("{}cmd\ntasks.get --id t{}\n```", ["```", "   ```"][rng.below(2)], rng.below(9)),
                _ => PROSE[rng.below(PROSE.len())].to_string(),
            });
        }
        let doc = lines.join("\n") + "\n";
        let mut want = Vec::new();
        let mut open: Option<(usize, String)> = None;
        for (event, range) in Parser::new(&doc).into_offset_iter() {
            match event {
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                    let cmd = info.split_whitespace().next().is_some_and(|l| l.eq_ignore_ascii_case("cmd"));
                    open = cmd.then(|| (range.start, String::new()));
                }
                Event::Text(t) => {
                    if let Some((_, content)) = open.as_mut() {
                        content.push_str(&t);
                    }
                }
                Event::End(TagEnd::CodeBlock) => {
                    if let Some((start, content)) = open.take()
                        && closed(&doc[start..range.end])
                    {
                        let block =
                            CmdBlock { start, end: range.end, body: &content, line: 1, indent: 0, closed: true };
                        want.extend(block.commands().map(|c| c.text().into_owned()));
                    }
                }
                _ => {}
            }
        }
        let got: Vec<String> = run_by_items(&doc);
        assert_eq!(got, want, "{doc:?}");
        with_commands += usize::from(!want.is_empty());
        let top_level = our_cmd_blocks(&doc).len();
        html_hid += usize::from(top_level > commonmark_cmd_blocks(&doc).len());
    }
    eprintln!("{with_commands} replies with commands, {html_hid} with a fence an HTML block hides");
    assert!(with_commands > cases / 10, "the generator should produce commands ({with_commands})");
    assert!(html_hid > cases / 40, "the generator should hide fences in HTML blocks ({html_hid})");
}

/// The cases by name: a commented-out block, a block right under `<div>`,
/// and the same after a blank line (which ends a `<div>` block, so it runs).
/// A commented-out command is not reported as one written as text.
#[cfg(feature = "std")]
#[test]
fn html_comments_and_divs_as_commonmark_reads_them() {
    use skills_core::extract::{ExtractDiagnosticKind, extract, loose_lines};
    let ran = |doc: &str| -> Vec<String> { extract(doc).commands.iter().map(|c| c.text.to_string()).collect() };
    assert!(ran("Not now:\n\n<!--\n```cmd\nemail.send --to a@b.c\n```\n-->\n").is_empty());
    assert!(ran("<div>\n```cmd\nget_skill\n```\n</div>\n").is_empty());
    assert_eq!(ran("<details>\n\n```cmd\nget_skill\n```\n\n</details>\n"), ["get_skill"]);
    assert_eq!(ran("<!-- a note -->\n\n```cmd\nget_skill\n```\n"), ["get_skill"]);
    assert_eq!(ran("<https://example.com>\n```cmd\nget_skill\n```\n"), ["get_skill"]);
    assert!(loose_lines("<!--\nemail.send --to a@b.c\n-->\n").is_empty());
    // In a list item, a line indented four spaces past the item's text is
    // content, not the closing fence: the block is never closed, and none
    // of it runs.
    // (A fence four spaces under `1.` sends the reply to pulldown-cmark.)
    let ex = extract("1. Step:\n\n    ```cmd\n    get_skill\n        ```\n");
    assert!(ex.commands.is_empty(), "{:?}", ex.commands);
    assert_eq!(
        ex.diagnostics.iter().map(|d| (d.kind, d.line)).collect::<Vec<_>>(),
        [(ExtractDiagnosticKind::Unterminated, 3)]
    );
    assert_eq!(loose_lines("<div>\nget_skill\n</div>\n"), [(1, "<div>"), (2, "get_skill"), (3, "</div>")]);
}
