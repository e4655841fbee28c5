//! Replaying a conversation: the model's replies of a markdown transcript,
//! each run as a turn against the reference handlers.
//!
//! A transcript is markdown in which each message starts with a heading
//! line `### user` or `### assistant` (outside fenced code blocks); a file
//! without such headings is one model reply. User messages are shown as
//! context; every ```` ```cmd ```` command of an
//! assistant reply runs, in order, with the per-turn limit; when the limit
//! pauses a turn the player answers `continue` for the user, as an
//! orchestrator would.
//!
//! ```
//! use assistant::transcript::{self, Role};
//! let t = "### user\nAny blocked tasks?\n\n### assistant\n```cmd\ntasks.search --status blocked\n```\n";
//! let messages = transcript::parse(t);
//! assert_eq!(messages[1].role, Role::Assistant);
//! let out = transcript::play(&assistant::router(), &mut assistant::demo_app("2026-02-17".parse().unwrap(), None), t);
//! assert!(out.contains("[Command Result: tasks.search]\n1 task:"));
//! ```

use crate::App;
use skills_runtime::Router;
use skills_runtime::turn::{Turn, TurnConfig};
use std::fmt::Write as _;

/// Who wrote a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The user (context only).
    User,
    /// The model (its commands run).
    Assistant,
}

/// One message of a transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Who wrote it.
    pub role: Role,
    /// Its text, without the heading.
    pub text: String,
    /// 1-based line of its heading.
    pub line: usize,
}

/// Splits a transcript into messages. Text before the first heading is
/// ignored (a title, notes for the reader); a text without any heading is
/// one reply of the model, as a reply saved on its own is.
pub fn parse(markdown: &str) -> Vec<Message> {
    let mut messages: Vec<Message> = Vec::new();
    let mut fence: Option<(u8, usize)> = None;
    for (i, line) in markdown.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start_matches(' ');
        let run = |c: u8| trimmed.bytes().take_while(|&b| b == c).count();
        let (ch, len) = if run(b'`') >= 3 { (b'`', run(b'`')) } else { (b'~', run(b'~')) };
        match fence {
            Some((c, n)) if ch == c && len >= n && trimmed[len..].trim().is_empty() => fence = None,
            Some(_) => {}
            None if len >= 3 && line.len() - trimmed.len() <= 3 => fence = Some((ch, len)),
            None => {
                let heading = line.trim().to_ascii_lowercase();
                let role = match heading.as_str() {
                    "### user" => Some(Role::User),
                    "### assistant" => Some(Role::Assistant),
                    _ => None,
                };
                if let Some(role) = role {
                    messages.push(Message { role, text: String::new(), line: i + 1 });
                    continue;
                }
            }
        }
        if let Some(m) = messages.last_mut() {
            m.text.push_str(line);
        }
    }
    if messages.is_empty() && !markdown.trim().is_empty() {
        messages.push(Message { role: Role::Assistant, text: markdown.to_string(), line: 1 });
    }
    messages
}

/// Plays a transcript: user messages quoted, each reply's results as the
/// model would read them.
pub fn play(router: &Router<App>, app: &mut App, markdown: &str) -> String {
    let mut out = String::new();
    for m in parse(markdown) {
        match m.role {
            Role::User => {
                let _ = writeln!(out, "=== user (line {})", m.line);
                for l in m.text.trim().lines() {
                    let _ = writeln!(out, "> {l}");
                }
            }
            Role::Assistant => {
                let mut turn = Turn::new(&m.text, TurnConfig::default());
                let _ = writeln!(out, "=== assistant (line {}): {} command(s)", m.line, turn.commands().len());
                loop {
                    let report = turn.run(router, app);
                    if !report.results.is_empty() || report.paused {
                        let _ = writeln!(out, "{}", report.to_model_text());
                    }
                    if turn.is_finished() {
                        break;
                    }
                    let _ = writeln!(out, "=== user (the player)\n> continue");
                }
            }
        }
        out.push('\n');
    }
    out
}
