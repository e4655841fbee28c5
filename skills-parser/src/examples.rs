//! The `## Examples` section: every line that is a command.
//!
//! A line is a command when its first word (after a list marker or a `$ `
//! prompt, or in a code span that starts the line and may be followed by
//! what the command does) is a skill name (`x.y`), an alias of this skill, or
//! `get_skill`. A command whose quotes are still open at the end of a line
//! continues on the next line. Commands under a label that marks them wrong
//! (`**Bad**:`, `❌ Wrong:`, `Don't:`) are counter-examples: shown on the
//! help page, not checked.

use crate::markdown::SourceLine;
use crate::usage::{command_text, looks_like_skill};
use skills_core::tokenize::{self, TokenizeErrorKind};

/// A command shown as an example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// 1-based line of its first line.
    pub line: usize,
    /// The command text.
    pub text: String,
}

const MAX_CONTINUATION: usize = 20;

/// The commands of an Examples section.
pub(crate) fn read(lines: &[SourceLine<'_>], aliases: &[String]) -> Vec<Example> {
    let mut out = Vec::new();
    // Whether the commands being read follow a label that marks them wrong.
    let mut counter = false;
    let mut i = 0;
    while i < lines.len() {
        let (text, _) = command_text(lines[i].text);
        let first = text.split_whitespace().next().unwrap_or("");
        let first = first.trim_end_matches(':');
        let is_command =
            looks_like_skill(first) || first == skills_core::names::GET_SKILL || aliases.iter().any(|a| a == first);
        if !is_command {
            // Any other text starts a new context: a label such as
            // `**Bad**:` or `❌ Wrong:` makes the commands under it
            // counter-examples, shown but not checked.
            if !text.trim().is_empty() {
                counter = marks_wrong(lines[i].text);
            }
            i += 1;
            continue;
        }
        let line = lines[i].line;
        let mut cmd = text.to_string();
        let mut j = i;
        while j + 1 < lines.len() && j - i < MAX_CONTINUATION && needs_more(&cmd) {
            j += 1;
            if cmd.ends_with('\\') {
                cmd.pop();
            } else {
                cmd.push('\n');
            }
            cmd.push_str(lines[j].text);
        }
        if !counter {
            out.push(Example { line, text: cmd });
        }
        i = j + 1;
    }
    out
}

/// Whether a line of prose labels what follows as wrong: it starts (after
/// list markers, emphasis and headings' `#`) with `Bad`, `Wrong`,
/// `Incorrect`, `Invalid`, `Don't`, `Do not`, `Avoid`, `Never`, `Not`, or
/// a cross mark (`❌`, `✗`, `✘`, `🚫`).
fn marks_wrong(line: &str) -> bool {
    let t = line.trim_start().trim_start_matches(['#', '-', '*', '+', '>', '_', ' ', '\t']).trim_start();
    if ['❌', '✗', '✘', '🚫', '⛔'].iter().any(|m| t.starts_with(*m)) {
        return true;
    }
    const WORDS: &[&str] =
        &["bad", "wrong", "incorrect", "invalid", "don't", "don’t", "dont", "do not", "avoid", "never", "not"];
    WORDS.iter().any(|w| crate::words::strip_word_ignore_ascii_case(t, w).is_some())
}

fn needs_more(cmd: &str) -> bool {
    match tokenize::split(cmd) {
        Err(e) => matches!(e.kind, TokenizeErrorKind::UnterminatedQuote { .. } | TokenizeErrorKind::TrailingBackslash),
        Ok(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example commands of a section whose lines are `src`, from line 1.
    fn texts(src: &[&str]) -> Vec<String> {
        let lines: Vec<_> = src.iter().enumerate().map(|(i, t)| SourceLine { line: i + 1, text: t }).collect();
        read(&lines, &[]).into_iter().map(|e| e.text).collect()
    }

    #[test]
    fn commands_under_a_wrong_label_are_counter_examples() {
        let src = [
            "✅ Right:",
            "email.send --to a@b.c",
            "",
            "**Bad** (no recipient):",
            "",
            "email.send --subject x",
            "email.send --body y",
            "",
            "Then send it properly:",
            "email.send --to c@d.e",
            "- Don't write this:",
            "    email.send -t a",
            "Not this either ❌",
            "email.send --oops",
            "Nothing is wrong here:",
            "email.send --to f@g.h",
        ];
        assert_eq!(texts(&src), ["email.send --to a@b.c", "email.send --to c@d.e", "email.send --to f@g.h"]);
        for label in ["Bad:", "*Wrong*", "Incorrect example", "Do not:", "❌ `email.send`", "### Avoid"] {
            assert!(marks_wrong(label), "{label}");
        }
        for label in ["Badges:", "Nothing", "Notes:", "Invalidate the cache:", "Example:", "✅ Right:"] {
            assert!(!marks_wrong(label), "{label}");
        }
    }

    #[test]
    fn finds_commands() {
        let src = [
            "Send one:",
            "",
            "- `email.send --to a@b.c --subject \"Hi\" --body x`",
            "$ email.send --to a@b.c --subject \"multi",
            "line\" --body y",
            "get_skill: email",
        ];
        let lines: Vec<_> = src.iter().enumerate().map(|(i, t)| SourceLine { line: i + 10, text: t }).collect();
        let ex = read(&lines, &[]);
        assert_eq!(ex.len(), 3);
        assert_eq!(ex[0].line, 12);
        assert_eq!(ex[0].text, "email.send --to a@b.c --subject \"Hi\" --body x");
        assert_eq!(ex[1].text, "email.send --to a@b.c --subject \"multi\nline\" --body y");
        assert_eq!(ex[2].line, 15);
    }

    /// A code span that starts the line is the command, also when what it
    /// does follows it.
    #[test]
    fn a_command_in_a_code_span_before_its_description() {
        let src = [
            "- `cal.today` — today's events",
            "- `cal.today --all`: including declined ones",
            "1. `cal.today --from \"a b\"` (quoted)",
            "`` `cal.today` `` is not read as one",
        ];
        assert_eq!(texts(&src), ["cal.today", "cal.today --all", "cal.today --from \"a b\""]);
    }
}
