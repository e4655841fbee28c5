//! Results of executed commands, for the model and for programs.

use crate::error::Failure;
use crate::kind::Kind;
use skills_core::args::Excerpt;
use std::fmt;
use std::string::String;

/// What went wrong, when a command failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorInfo {
    /// Stable kind (`unknown_flag`, `missing_required`, `handler_error`, ...).
    pub kind: &'static str,
    /// What was wrong, naming the closest valid choice.
    pub message: String,
    /// How to fix it.
    pub hint: String,
}

/// The result of one command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The command as given.
    pub command: String,
    /// The skill it ran, when it named one that exists.
    pub skill: Option<String>,
    /// Help, template, reply or error.
    pub kind: Kind,
    /// The help text, template body or reply; for errors, the message.
    pub text: String,
    /// Details, when `kind` is [`Kind::Error`].
    pub error: Option<ErrorInfo>,
}

/// The longest message or hint an error result carries, in bytes. Messages
/// quote what the model wrote by its start ([`Excerpt`]); a hint that
/// rewrites a runaway command is cut here, with the count left out.
pub(crate) const MAX_ERROR_TEXT: usize = 8 * 1024;

/// `text` cut to [`MAX_ERROR_TEXT`] bytes at a character boundary, saying
/// how much was left out.
fn bounded(mut text: String) -> String {
    let kept = Excerpt::start(&text, MAX_ERROR_TEXT).len();
    if kept < text.len() {
        let left_out = text.len() - kept;
        text.truncate(kept);
        text.push_str(&format!("… ({left_out} more bytes)"));
    }
    text
}

impl Outcome {
    pub(crate) fn failure(command: &str, skill: Option<&str>, f: &Failure<'_>) -> Outcome {
        let mut message = String::new();
        let mut hint = String::new();
        let _ = f.write_message(&mut message);
        let _ = f.write_hint(&mut hint);
        let (message, hint) = (bounded(message), bounded(hint));
        Outcome {
            command: command.to_string(),
            skill: skill.map(str::to_string),
            kind: Kind::Error,
            text: message.clone(),
            error: Some(ErrorInfo { kind: f.kind(), message, hint }),
        }
    }

    /// An error result built from its parts.
    pub(crate) fn error(
        command: &str,
        skill: Option<&str>,
        kind: &'static str,
        message: String,
        hint: &str,
    ) -> Outcome {
        let (message, hint) = (bounded(message), bounded(hint.to_string()));
        Outcome {
            command: command.to_string(),
            skill: skill.map(str::to_string),
            kind: Kind::Error,
            text: message.clone(),
            error: Some(ErrorInfo { kind, message, hint }),
        }
    }

    /// The same result for another command text.
    #[cfg(feature = "json")]
    pub(crate) fn for_command(mut self, command: &str) -> Outcome {
        self.command = command.to_string();
        self
    }

    /// Whether the command failed.
    pub fn is_error(&self) -> bool {
        self.kind == Kind::Error
    }

    /// The name in the result header: the skill, `get_skill` for browsing,
    /// or the command's first word.
    pub fn name(&self) -> &str {
        if let Some(s) = &self.skill {
            return s;
        }
        let first = self.command.split_whitespace().next().unwrap_or("command");
        let get_skill = skills_core::names::GET_SKILL;
        // In any case, as it is matched (`GET_SKILL: EMAIL`).
        match first.get(..get_skill.len()).zip(first.get(get_skill.len()..)) {
            Some((head, rest))
                if head.eq_ignore_ascii_case(get_skill) && (rest.is_empty() || rest.starts_with(':')) =>
            {
                get_skill
            }
            _ => first,
        }
    }

    /// The result as the model reads it:
    ///
    /// ```text
    /// [Command Result: email.send]
    /// Sent to bob@co.com (msg_1)
    /// ```
    ///
    /// Errors read `Error (kind): message` and `Hint: ...`. A first word
    /// that names no skill is quoted by its start beyond 200 bytes.
    pub fn to_model_text(&self) -> String {
        match &self.error {
            None => format!("[Command Result: {}]\n{}", Excerpt(self.name()), self.text.trim_end()),
            Some(e) => {
                let mut s = format!("[Command Result: {}]\nError ({}): {}", Excerpt(self.name()), e.kind, e.message);
                if !e.hint.is_empty() {
                    s.push_str("\nHint: ");
                    s.push_str(&e.hint);
                }
                s
            }
        }
    }

    /// The result as JSON, for programs.
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "command": self.command,
            "skill": self.skill,
            "kind": self.kind.as_str(),
            "text": self.text,
            "error": self.error.as_ref().map(|e| serde_json::json!({"kind": e.kind, "message": e.message, "hint": e.hint})),
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_model_text())
    }
}
