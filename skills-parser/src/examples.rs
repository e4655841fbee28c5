//! The `## Examples` section: every line that is a command.
//!
//! A line is a command when its first word (after a list marker, backticks
//! or a `$ ` prompt) is a skill name (`x.y`), an alias of this skill, or
//! `get_skill`. A command whose quotes are still open at the end of a line
//! continues on the next line.

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
    let mut i = 0;
    while i < lines.len() {
        let (text, _) = command_text(lines[i].text);
        let first = text.split_whitespace().next().unwrap_or("");
        let first = first.trim_end_matches(':');
        let is_command =
            looks_like_skill(first) || first == skills_core::names::GET_SKILL || aliases.iter().any(|a| a == first);
        if !is_command {
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
        out.push(Example { line, text: cmd });
        i = j + 1;
    }
    out
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
}
