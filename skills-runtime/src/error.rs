//! Errors as results the model can correct from.
//!
//! Every failure of a command becomes a [`Failure`]: a stable kind, a
//! message that names what was wrong and the closest valid choice, and a
//! hint. Nothing here allocates, so the heap-free dispatch path reports the
//! same errors as std applications.

use crate::catalog::SkillView;
use core::fmt::{self, Write};
use skills_core::args::{ArgErrorKind, ArgErrors, Excerpt};
use skills_core::convert::ConvertError;
use skills_core::spec::{StrList, ValueType};
use skills_core::tokenize::TokenizeError;

/// An error a handler returns.
///
/// ```
/// use skills_runtime::SkillError;
/// let e = SkillError::new("no task `task_9`").with_hint("tasks.search lists task IDs");
/// assert_eq!(e.message(), "no task `task_9`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkillError {
    message: Text,
    hint: Option<Text>,
    kind: Option<&'static str>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Text {
    Static(&'static str),
    #[cfg(feature = "alloc")]
    Owned(alloc::string::String),
}

impl Text {
    fn as_str(&self) -> &str {
        match self {
            Text::Static(s) => s,
            #[cfg(feature = "alloc")]
            Text::Owned(s) => s,
        }
    }
}

impl SkillError {
    /// An error with a fixed message (no allocation).
    pub const fn new_static(message: &'static str) -> Self {
        SkillError { message: Text::Static(message), hint: None, kind: None }
    }

    /// An error with a message.
    #[cfg(feature = "alloc")]
    pub fn new(message: impl Into<alloc::string::String>) -> Self {
        SkillError { message: Text::Owned(message.into()), hint: None, kind: None }
    }

    /// Adds how to fix it.
    #[cfg(feature = "alloc")]
    pub fn with_hint(mut self, hint: impl Into<alloc::string::String>) -> Self {
        self.hint = Some(Text::Owned(hint.into()));
        self
    }

    /// Adds a fixed hint (no allocation).
    pub fn with_static_hint(mut self, hint: &'static str) -> Self {
        self.hint = Some(Text::Static(hint));
        self
    }

    /// The stable kind reported for it (`handler_error` unless the runtime
    /// set another, such as `handler_panic` or `timeout`).
    pub fn kind(&self) -> &'static str {
        self.kind.unwrap_or("handler_error")
    }

    #[cfg(feature = "std")]
    pub(crate) fn with_kind(mut self, kind: &'static str) -> Self {
        self.kind = Some(kind);
        self
    }

    /// The message.
    pub fn message(&self) -> &str {
        self.message.as_str()
    }

    /// The hint, if any.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_ref().map(Text::as_str)
    }
}

impl fmt::Display for SkillError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl From<&'static str> for SkillError {
    fn from(s: &'static str) -> Self {
        SkillError::new_static(s)
    }
}

#[cfg(feature = "alloc")]
impl From<alloc::string::String> for SkillError {
    fn from(s: alloc::string::String) -> Self {
        SkillError::new(s)
    }
}

impl From<fmt::Error> for SkillError {
    fn from(_: fmt::Error) -> Self {
        SkillError::new_static("the reply did not fit the output buffer")
    }
}

#[cfg(feature = "std")]
impl From<std::io::Error> for SkillError {
    fn from(e: std::io::Error) -> Self {
        SkillError::new(e.to_string())
    }
}

/// The error a panicking handler becomes.
#[cfg(feature = "std")]
pub(crate) fn panic_error(payload: &(dyn core::any::Any + Send)) -> SkillError {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<alloc::string::String>().cloned())
        .unwrap_or_else(|| "no message".to_string());
    SkillError::new(format!("the handler panicked ({what}); it may or may not have taken effect"))
        .with_hint("this is a bug in the skill's handler, not in the command; check the state before retrying")
        .with_kind("handler_panic")
}

/// Why a command did not run (or ran and failed).
// `Args` carries every argument problem inline: the heap-free path cannot box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Failure<'a> {
    /// The command could not be split into tokens.
    Tokenize(TokenizeError),
    /// The command line is empty.
    Empty,
    /// No skill has that name or alias.
    UnknownSkill {
        /// As written.
        name: &'a str,
        /// Up to three close names.
        suggestions: ([&'a str; 3], usize),
    },
    /// `get_skill` with an unknown name.
    UnknownHelp {
        /// As written.
        name: &'a str,
        /// Up to three close names.
        suggestions: ([&'a str; 3], usize),
    },
    /// A command with something before its skill name: a list marker
    /// (`1.`, `-`), a quote marker (`>`), a label (`Command:`), or
    /// backticks around it (`prefix` is then `` ` ``).
    Misplaced {
        /// What precedes the skill name.
        prefix: &'a str,
        /// The skill name (or `get_skill`) it precedes.
        skill: &'a str,
    },
    /// A domain's name, or `domain.all`, written as a command without
    /// `get_skill` (`email`, `email.all`, `email.*`).
    DomainAsCommand {
        /// As written.
        name: &'a str,
        /// The domain.
        domain: &'a str,
        /// Every skill of it was asked for (`.all`, `.*`).
        all: bool,
        /// The skill the next word names in it (`email send` for
        /// `email.send`): the name written with a space.
        skill: Option<&'a str>,
    },
    /// Shell syntax a command cannot use: a here-document (`--body <<EOF`),
    /// a here-string or command substitution (`"$(cat notes.txt)"`); see
    /// `skills_core::shell`. Nothing ran.
    ShellSyntax {
        /// What was found, and where.
        found: skills_core::shell::Found<'a>,
        /// The flag it stands after (`--body`), whose value it was meant to be.
        flag: Option<&'a str>,
        /// The whole command, here-document lines included.
        command: &'a [u8],
    },
    /// An apostrophe inside a word (`--content it's sunny`) opened a quote
    /// that is never closed.
    Apostrophe {
        /// What the tokenizer said.
        error: TokenizeError,
        /// The flag before it, if any.
        flag: Option<&'a str>,
        /// The text from after that flag to the end of the line: the value.
        value: &'a str,
    },
    /// A line of prose in a command block (`Then I'll check your email.`).
    Prose {
        /// Its first word.
        word: &'a str,
    },
    /// `get_skill` with more than one name.
    HelpSyntax {
        /// The extra token.
        extra: &'a str,
        /// The skill the name and the extra token make with a dot between
        /// them (`get_skill: email send`), if they make one.
        skill: Option<&'a str>,
    },
    /// The flags do not fit the skill.
    Args {
        /// The skill.
        skill: SkillView<'a>,
        /// Every problem.
        errors: ArgErrors<'a>,
    },
    /// The skill's eligibility conditions fail here.
    NotAvailable {
        /// The skill.
        skill: &'a str,
        /// The condition that fails (`environment variable OPENAI_API_KEY is not set`).
        reason: Reason<'a>,
    },
    /// A value fit the markdown but not the handler's parameter type.
    Convert {
        /// The skill.
        skill: &'a str,
        /// The flag.
        flag: &'a str,
        /// What went wrong.
        error: ConvertError<'a>,
    },
    /// The skill's circuit breaker is open after repeated failures.
    CircuitOpen {
        /// The skill.
        skill: &'a str,
        /// Seconds until a trial call is let through; `None` while the
        /// trial call is running.
        retry_after: Option<u64>,
        /// Consecutive failures that opened it.
        threshold: u32,
    },
    /// The skill changes state and the caller only allows read-only skills
    /// (see [`Access`](crate::router::Access)).
    NeedsConfirmation {
        /// The skill.
        skill: &'a str,
    },
    /// The handler returned an error.
    Handler(SkillError),
}

/// An eligibility condition that does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason<'a> {
    /// Runs only on these operating systems.
    Os {
        /// This system.
        current: &'a str,
    },
    /// A required environment variable is unset.
    Env(&'a str),
    /// A required program is not on `PATH`.
    Binary(&'a str),
    /// Said in words.
    Other(&'a str),
}

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Os { current } => write!(f, "it does not run on {current}"),
            Reason::Env(v) => write!(f, "environment variable {v} is not set"),
            Reason::Binary(b) => write!(f, "program `{b}` is not installed"),
            Reason::Other(s) => f.write_str(s),
        }
    }
}

impl Failure<'_> {
    /// Stable machine-readable kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Tokenize(_) | Failure::Apostrophe { .. } => "tokenize",
            Failure::Empty => "empty_command",
            Failure::UnknownSkill { .. }
            | Failure::UnknownHelp { .. }
            | Failure::Misplaced { .. }
            | Failure::DomainAsCommand { .. } => "unknown_skill",
            Failure::Prose { .. } => "not_a_command",
            Failure::ShellSyntax { found, .. } if found.construct == skills_core::shell::Construct::Backslash => {
                "unquoted_backslash"
            }
            Failure::ShellSyntax { .. } => "unsupported_syntax",
            Failure::HelpSyntax { .. } => "unexpected_value",
            Failure::Args { errors, .. } => errors.first().map_or("invalid_arguments", ArgErrorKind::code),
            Failure::NotAvailable { .. } => "not_available",
            Failure::Convert { .. } => "invalid_value",
            Failure::CircuitOpen { .. } => "circuit_open",
            Failure::NeedsConfirmation { .. } => "needs_confirmation",
            Failure::Handler(e) => e.kind(),
        }
    }

    /// The message.
    pub fn write_message(&self, out: &mut dyn Write) -> fmt::Result {
        match self {
            Failure::Tokenize(e) | Failure::Apostrophe { error: e, .. } => write!(out, "{e}"),
            Failure::Empty => out.write_str("empty command"),
            Failure::UnknownSkill { name, suggestions } => {
                write!(out, "unknown skill `{}`", Excerpt(name))?;
                crate::help::write_suggestions(out, &suggestions.0[..suggestions.1])
            }
            Failure::UnknownHelp { name, suggestions } => {
                write!(out, "unknown skill or domain `{}`", Excerpt(name))?;
                crate::help::write_suggestions(out, &suggestions.0[..suggestions.1])
            }
            Failure::Misplaced { prefix: "`", .. } => {
                out.write_str("the command is wrapped in backticks: in a ```cmd block a command is written bare")
            }
            Failure::Misplaced { prefix, skill } => {
                write!(out, "`{}` before `{skill}` is not part of a command", Excerpt(prefix))
            }
            Failure::DomainAsCommand { name, skill: Some(skill), .. } => {
                write!(out, "`{name}` is a domain, not a skill: the skill's name is written with a dot, `{skill}`")
            }
            Failure::DomainAsCommand { name, domain, .. } => {
                write!(
                    out,
                    "`{}` is not a skill: `{domain}` is a domain, whose skills `get_skill` shows",
                    Excerpt(name)
                )
            }
            Failure::ShellSyntax { found, command, .. } => {
                use skills_core::shell::Construct;
                let (what, cannot) = match found.construct {
                    Construct::HereDocument => ("a shell here-document", "read"),
                    Construct::HereString => ("a shell here-string", "read"),
                    Construct::Substitution => ("shell command substitution", "run"),
                    Construct::AnsiC => ("bash's ANSI-C quoting", "read (it would keep the `$` and the escapes)"),
                    Construct::Backslash => {
                        write!(
                            out,
                            "`{}` outside quotes is read as `{}`: a backslash there is dropped",
                            found.text,
                            &found.text[1..]
                        )?;
                        if let Some((_, word)) = backslash_word(command, found.offset) {
                            write!(out, ", so `{}` would lose its backslashes", Excerpt(word))?;
                        }
                        return out.write_str("; nothing ran");
                    }
                    Construct::Chain | Construct::Pipe | Construct::Redirect | Construct::Comment => {
                        let what = match found.construct {
                            Construct::Chain => "joins another command to this one, as a shell would",
                            Construct::Pipe => "sends the result to another program, as a shell would",
                            Construct::Redirect => "redirects to or from a file, as a shell would",
                            _ => "is a comment, but `#` does not start one inside a command",
                        };
                        let quoted = match found.construct {
                            Construct::Chain => found.text.as_bytes(),
                            _ => operator_to_line_end(command, found.offset),
                        };
                        write!(out, "`{}` {what}", Excerpt(core::str::from_utf8(quoted).unwrap_or(found.text)))?;
                        if found.construct != Construct::Comment {
                            out.write_str(", which a command here cannot do")?;
                        }
                        return out.write_str("; nothing ran");
                    }
                };
                // `$'a b'` whole when short (its word ends at the blank).
                let whole = match found.construct {
                    Construct::AnsiC => {
                        ansi_c_body(command, found.offset).filter(|b| b.len() <= 60 && !b.contains('\n'))
                    }
                    _ => None,
                };
                match whole {
                    Some(body) => write!(out, "`$'{body}'`")?,
                    None => write!(out, "`{}`", Excerpt(found.text))?,
                }
                write!(out, " is {what}, which a command here cannot {cannot}; nothing ran")?;
                if found.construct == Construct::HereDocument {
                    out.write_str(", its lines included")?;
                }
                Ok(())
            }
            Failure::Prose { word } => {
                // `1 task:`, `- task_2`: no word at all, as a result reads.
                let reads = if crate::route::has_letters(word) { "prose" } else { "output" };
                write!(
                    out,
                    "`{}` is not a skill: this line reads as {reads}, and a ```cmd block holds only commands",
                    Excerpt(word)
                )
            }
            Failure::HelpSyntax { extra, .. } => {
                write!(out, "get_skill takes one name, but `{}` follows it", Excerpt(extra))
            }
            Failure::Args { errors, .. } => write!(out, "{errors}"),
            Failure::NotAvailable { skill, reason } => {
                write!(out, "`{skill}` is not available here: {reason}")
            }
            Failure::Convert { skill, flag, error } => {
                write!(out, "`--{flag}` of `{skill}`: {error}")
            }
            Failure::CircuitOpen { skill, retry_after, threshold } => {
                write!(out, "`{skill}` is paused after {threshold} failures in a row")?;
                match retry_after {
                    Some(s) => write!(out, "; it will accept one trial call in {s} s"),
                    None => out.write_str("; a trial call is running now"),
                }
            }
            Failure::NeedsConfirmation { skill } => {
                write!(out, "`{skill}` changes state, so it was not run: only read-only skills run directly here")
            }
            Failure::Handler(e) => out.write_str(e.message()),
        }
    }

    /// How to fix it.
    pub fn write_hint(&self, out: &mut dyn Write) -> fmt::Result {
        match self {
            Failure::Tokenize(e) => out.write_str(e.hint()),
            Failure::Apostrophe { flag, value, .. } => {
                out.write_str("an apostrophe inside a word opens a quote in a command: put the value in double quotes:")?;
                if let Some(flag) = flag {
                    write!(out, " {flag}")?;
                }
                out.write_str(" \"")?;
                write_double_quoted_inner(out, value)?;
                out.write_str("\"")
            }
            Failure::Empty => out.write_str("write a skill name, or `get_skill` to list skills"),
            Failure::UnknownSkill { name, .. } | Failure::UnknownHelp { name, .. }
                if let Some(c) = odd_space(name) =>
            {
                write_odd_space_hint(format_args!(""), name, c, out)
            }
            // A JSON tool call, or a line of one, written as a command.
            Failure::UnknownSkill { name, .. } if name.starts_with(['{', '[', '"', '}']) => out.write_str(
                "a ```cmd block holds command lines, not JSON: write the skill name, then its flags (`domain.action --flag value`)",
            ),
            // `tasks.search(status="todo")`: a function call, as in Python.
            Failure::UnknownSkill { name, .. }
                if let Some((head, _)) = name.split_once('(')
                    && !head.is_empty() =>
            {
                write!(
                    out,
                    "a command is not a function call: write `{head} --flag value`, each argument as a flag (`{head} --help` shows them)"
                )
            }
            // `tasks_search` (the tool name), `/tasks.search`, `tasks:search`,
            // `TasksSearch`: a suggested skill's name spelt another way.
            Failure::UnknownSkill { name, suggestions: (names, n) }
                if let Some(skill) = only_spelling(name, &names[..(*n).min(names.len())]) =>
            {
                write!(out, "the skill is `{skill}`: start the command with `{skill}`, written so, followed by the same flags")
            }
            // `get_skill: nope.*` (a domain that does not exist), `get_skill: *`,
            // `get_skill: all`.
            Failure::UnknownHelp { name, .. } if name.ends_with('*') || name.eq_ignore_ascii_case("all") => out
                .write_str("`get_skill: <domain>.all` shows every skill of a domain; `get_skill` lists the domains"),
            Failure::UnknownSkill { .. } | Failure::UnknownHelp { .. } => {
                out.write_str("`get_skill` lists every domain; `get_skill: <domain>` lists its skills")
            }
            Failure::Misplaced { skill, .. } => {
                write!(out, "start the line with the skill name, one command per line: `{skill} ...`")
            }
            Failure::Prose { .. } => out.write_str(
                "write explanations outside the ```cmd block, before or after it, and no results: each command's result comes back to you after it runs",
            ),
            Failure::ShellSyntax { found, command, flag } if found.construct == skills_core::shell::Construct::Backslash => {
                out.write_str("put the value in single quotes to keep its backslashes:")?;
                match backslash_word(command, found.offset) {
                    Some((start, word)) => {
                        // The last flag before it, when it is the word right
                        // before this one.
                        let flag = flag.filter(|f| command[..start].trim_ascii_end().ends_with(f.as_bytes()));
                        // `--path=C:\x` keeps its flag outside the quotes.
                        let eq = word.bytes().position(|c| c == b'=').filter(|_| word.starts_with("--"));
                        let (eq_flag, value) = match eq {
                            Some(i) => (Some(&word[..i]), &word[i + 1..]),
                            None => (None, word),
                        };
                        match (eq_flag, flag) {
                            (Some(f), _) => write!(out, " {f}=")?,
                            (None, Some(f)) => write!(out, " {f} ")?,
                            (None, None) => out.write_str(" ")?,
                        }
                        out.write_str("'")?;
                        write_single_quoted_inner(out, value)?;
                        out.write_str("'")
                    }
                    None => out.write_str(" --flag 'C:\\Users\\notes.txt'"),
                }
            }
            Failure::ShellSyntax { found, command, .. }
                if found.construct == skills_core::shell::Construct::HereDocument
                    && let Some(doc) = core::str::from_utf8(command)
                        .ok()
                        .and_then(|c| skills_core::shell::here_document(c, found.offset))
                    && doc.before.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
                    // A second construct after it: no single rewrite.
                    && !doc.after.as_bytes().windows(2).any(|w| w == b"<<" || w == b"$(") =>
            {
                write_here_document_fix(out, &doc)
            }
            Failure::ShellSyntax { found, command, flag }
                if matches!(
                    found.construct,
                    skills_core::shell::Construct::Chain
                        | skills_core::shell::Construct::Pipe
                        | skills_core::shell::Construct::Redirect
                        | skills_core::shell::Construct::Comment
                ) && let Ok(command) = core::str::from_utf8(command) =>
            {
                write_operator_fix(out, command, found, *flag)
            }
            // `--body $'Hi\nBo'`: the same text in double quotes, with the
            // line break itself.
            Failure::ShellSyntax { found, command, flag }
                if found.construct == skills_core::shell::Construct::AnsiC
                    && let Some(body) = ansi_c_body(command, found.offset) =>
            {
                write!(
                    out,
                    "write the text in double quotes, with its line breaks and tabs as they are: {} \"",
                    flag.unwrap_or("--flag")
                )?;
                write_ansi_c_decoded(out, body)?;
                out.write_str("\"")
            }
            Failure::ShellSyntax { found, flag, .. } => {
                let flag = flag.unwrap_or("--flag");
                match found.construct {
                    skills_core::shell::Construct::Substitution => write!(
                        out,
                        "write the text itself as the value, in double quotes: {flag} \"...\"; to pass `$(` as text, put it in single quotes"
                    ),
                    _ => write!(
                        out,
                        "give the text as the flag's value, in double quotes, which may span lines: {flag} \"First line.\nSecond line.\""
                    ),
                }
            }
            Failure::DomainAsCommand { skill: Some(skill), .. } => {
                write!(out, "write `{skill}` (one word, with the dot) followed by the same flags")
            }
            Failure::DomainAsCommand { domain, all: false, .. } => {
                write!(out, "write `get_skill: {domain}` for its skills, or `get_skill: {domain}.all` for all their pages")
            }
            Failure::DomainAsCommand { domain, all: true, .. } => write!(out, "write `get_skill: {domain}.all`"),

            // `get_skill: email tasks`: each name on a line of its own.
            Failure::HelpSyntax { skill: Some(skill), .. } => {
                write!(out, "write the skill's name with its dot: `get_skill: {skill}`")
            }
            Failure::HelpSyntax { extra, .. } if !extra.starts_with('-') => {
                write!(out, "ask for one name per command, each on a line of its own, such as `get_skill: {}`", extra.trim_end_matches(','))
            }
            Failure::HelpSyntax { .. } => out.write_str("write `get_skill: <domain>` or `get_skill: <domain>.<action>`, one name"),
            Failure::Args { skill, errors } => write_args_hint(skill, errors, out),
            Failure::NotAvailable { .. } => {
                out.write_str("use another skill; `get_skill` lists what is available here")
            }
            Failure::Convert { skill, .. } => write!(out, "`{skill} --help` shows the flags"),
            Failure::CircuitOpen { .. } => {
                out.write_str("do not retry it now; continue without it or tell the user it is failing")
            }
            Failure::NeedsConfirmation { .. } => {
                out.write_str("ask the user to confirm it, or delegate it to an agent that may change state")
            }
            Failure::Handler(e) => match e.hint() {
                Some(h) => out.write_str(h),
                // The model should know that rewriting the flags will not help.
                None => out.write_str(
                    "the command was valid but the skill failed; fix what the message names, or tell the user",
                ),
            },
        }
    }

    /// Whether the command never reached a handler because the model wrote
    /// it wrong (as opposed to a refusal or the handler's own failure).
    pub fn is_input_error(&self) -> bool {
        !matches!(
            self,
            Failure::Handler(_)
                | Failure::CircuitOpen { .. }
                | Failure::NeedsConfirmation { .. }
                | Failure::NotAvailable { .. }
        )
    }
}

/// Whether `b` starts with a typographic quote (U+2018 to U+201F: ‘ ’ ‚ ‛ “ ” „ ‟).
fn curly_at_start(b: &[u8]) -> bool {
    matches!(b, [0xE2, 0x80, 0x98..=0x9F, ..])
}

/// Whether `b` ends with one.
fn curly_at_end(b: &[u8]) -> bool {
    matches!(b, [.., 0xE2, 0x80, 0x98..=0x9F])
}

/// Writes `v` as the inside of a double-quoted command-line value: `"` and
/// `\` escaped with a backslash, as the tokenizer reads them back.
pub(crate) fn write_double_quoted_inner(out: &mut dyn Write, mut v: &str) -> fmt::Result {
    while let Some(k) = v.bytes().position(|c| c == b'"' || c == b'\\') {
        out.write_str(&v[..k])?;
        out.write_char('\\')?;
        out.write_str(&v[k..=k])?;
        v = &v[k + 1..];
    }
    out.write_str(v)
}

/// The text between the quotes of the `$'...'` at `offset` in `command`,
/// as written; `None` when it is not closed or not UTF-8.
fn ansi_c_body(command: &[u8], offset: usize) -> Option<&str> {
    let body = command.get(offset + 2..)?;
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'\\' => i += 2,
            b'\'' => return core::str::from_utf8(&body[..i]).ok(),
            _ => i += 1,
        }
    }
    None
}

/// `body` of a `$'...'` with bash's escapes turned into the characters
/// they stand for, written for double quotes (`"` and `\` escaped). An
/// escape bash does not define, or a code that is no character, is kept
/// as written.
fn write_ansi_c_decoded(out: &mut dyn Write, body: &str) -> fmt::Result {
    let mut chars = body.chars().peekable();
    let put = |out: &mut dyn Write, c: char| match c {
        '"' | '\\' => write!(out, "\\{c}"),
        c => out.write_char(c),
    };
    while let Some(c) = chars.next() {
        if c != '\\' {
            put(out, c)?;
            continue;
        }
        let Some(e) = chars.next() else { return out.write_str("\\\\") };
        let (radix, most) = match e {
            'n' => (0, '\n' as u32),
            't' => (0, '\t' as u32),
            'r' => (0, '\r' as u32),
            '\\' | '\'' | '"' | '?' => (0, e as u32),
            'x' => (16, 2),
            'u' => (16, 4),
            'U' => (16, 8),
            '0'..='7' => (8, 2),
            _ => {
                out.write_char('\\')?;
                put(out, e)?;
                continue;
            }
        };
        if radix == 0 {
            put(out, char::from_u32(most).unwrap_or(e))?;
            continue;
        }
        // Up to `most` more digits (an octal escape's first is `e`).
        let mut code = if radix == 8 { e.to_digit(8).unwrap_or(0) } else { 0 };
        let mut digits = u32::from(radix == 8);
        while digits < most + u32::from(radix == 8)
            && let Some(d) = chars.peek().and_then(|d| d.to_digit(radix))
        {
            code = code.saturating_mul(radix).saturating_add(d);
            digits += 1;
            chars.next();
        }
        match char::from_u32(code) {
            Some(c) if digits > 0 => put(out, c)?,
            _ => {
                out.write_char('\\')?;
                put(out, e)?;
            }
        }
    }
    Ok(())
}

/// The word of `command` holding the backslash at `offset`, when it has no
/// quotes (whose reading a rewrite would change): where it starts, and the
/// text between the blanks around it.
fn backslash_word(command: &[u8], offset: usize) -> Option<(usize, &str)> {
    let blank = |c: &u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    let start = command[..offset].iter().rposition(blank).map_or(0, |i| i + 1);
    let end = command[offset..].iter().position(blank).map_or(command.len(), |i| offset + i);
    let word = &command[start..end];
    if word.iter().any(|&c| c == b'\'' || c == b'"') {
        return None;
    }
    Some((start, core::str::from_utf8(word).ok()?))
}

/// The rest of `command`'s line from `offset`, trimmed (`| head -1`).
fn operator_to_line_end(command: &[u8], offset: usize) -> &[u8] {
    let rest = &command[offset.min(command.len())..];
    rest[..rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len())].trim_ascii_end()
}

/// The hint for an operator or comment ([`skills_core::shell::Construct::Chain`]
/// and the rest) at `found`: the command or commands to write instead.
#[cold]
fn write_operator_fix(
    out: &mut dyn Write,
    command: &str,
    found: &skills_core::shell::Found<'_>,
    flag: Option<&str>,
) -> fmt::Result {
    use skills_core::shell::{Construct, construct};
    let before = command[..found.offset].trim_ascii_end();
    let after = operator_to_line_end(command.as_bytes(), found.offset);
    match found.construct {
        // Each command joined to the next on a line of its own.
        Construct::Chain => {
            out.write_str("write each command on a line of its own; they run in order, and each result comes back to you:\n```cmd\n")?;
            out.write_str(before)?;
            let mut rest = &command[found.offset + found.text.len()..];
            while let Some(next) = construct(rest).filter(|f| f.construct == Construct::Chain) {
                write!(out, "\n{}", rest[..next.offset].trim_ascii())?;
                rest = &rest[next.offset + next.text.len()..];
            }
            write!(out, "\n{}\n```", rest.trim_ascii())
        }
        // `--body < draft.txt`: the file's text was meant as the value.
        Construct::Redirect if found.text == "<" => write!(
            out,
            "give the text itself as the value, in double quotes, which may span lines: {} \"...\"",
            flag.unwrap_or("--flag")
        ),
        Construct::Comment => write!(
            out,
            "put the comment on a line of its own before the command, or leave it out:\n```cmd\n{}\n{before}\n```",
            core::str::from_utf8(after).unwrap_or("#")
        ),
        _ => write!(out, "write the command alone; its whole result comes back to you: {before}"),
    }
}

/// The command a here-document was meant to be: its text as the flag's
/// value, quoted so that it reads back exactly (in double quotes, or in
/// single quotes when it holds `$(`, which double quotes would not keep as
/// text), then the rest of the operator's line.
#[cold]
fn write_here_document_fix(out: &mut dyn Write, doc: &skills_core::shell::HereDocument<'_>) -> fmt::Result {
    let single = doc.text.as_bytes().windows(2).any(|w| w == b"$(");
    out.write_str(if single {
        "give the text as the flag's value, in single quotes (it holds `$(`), which may span lines:\n"
    } else {
        "give the text as the flag's value, in double quotes, which may span lines:\n"
    })?;
    out.write_str(doc.before)?;
    out.write_str(if single { " '" } else { " \"" })?;
    for (k, line) in doc.text.split('\n').enumerate() {
        if k > 0 {
            out.write_char('\n')?;
        }
        let tabs = if doc.strip_tabs { line.bytes().take_while(|&b| b == b'\t').count() } else { 0 };
        let line = &line[tabs..];
        if single { write_single_quoted_inner(out, line)? } else { write_double_quoted_inner(out, line)? }
    }
    out.write_str(if single { "'" } else { "\"" })?;
    if !doc.after.is_empty() {
        out.write_str(" ")?;
        out.write_str(doc.after)?;
    }
    Ok(())
}

/// Writes `v` as the inside of a single-quoted word, each `'` as `'\''`
/// (close, escaped quote, reopen).
pub(crate) fn write_single_quoted_inner(out: &mut dyn Write, v: &str) -> fmt::Result {
    for (k, part) in v.split('\'').enumerate() {
        if k > 0 {
            out.write_str("'\\''")?;
        }
        out.write_str(part)?;
    }
    Ok(())
}

/// The fix for a single-valued flag given several values, written with the
/// command's own values: quoting for text (and straight quotes for
/// typographic ones), one value otherwise, and a word on `#`, which models
/// take for a comment.
fn too_many_values_hint(flag: &str, values: StrList<'_>, value_type: ValueType, out: &mut dyn Write) -> fmt::Result {
    several_values_hint(flag, None, values, value_type, out)
}

/// [`too_many_values_hint`] for the values `head` (when given) then `rest`:
/// `--subject=Quarterly report` gave `Quarterly` after `=`, then `report`.
fn several_values_hint(
    flag: &str,
    head: Option<&str>,
    rest: StrList<'_>,
    value_type: ValueType,
    out: &mut dyn Write,
) -> fmt::Result {
    let values = || head.into_iter().chain(rest.iter());
    let count = usize::from(head.is_some()) + rest.len();
    if values().any(|v| v.starts_with('#')) {
        return out.write_str(
            "`#` does not start a comment inside a command: put a comment on a line of its own, or quote text that holds a `#`",
        );
    }
    // `--limit 5 // newest first`: a comment as other languages write it.
    if values().any(|v| v == "//") {
        return out.write_str(
            "`//` does not start a comment in a command: put a comment on a line of its own, starting with `#`, or quote text that holds `//`",
        );
    }
    let first = values().next().unwrap_or("");
    match value_type {
        ValueType::Boolean => write!(out, "`--{flag}` takes no value: write `--{flag}` alone, or `--{flag} false`"),
        // `--due next friday`: not a date to keep, so no value of it.
        ValueType::Date if first.parse::<skills_core::Date>().is_err() => {
            write!(out, "`--{flag}` takes one date, written YYYY-MM-DD, such as `--{flag} 2026-03-01`")
        }
        ValueType::Integer if first.parse::<i64>().is_err() => {
            write!(out, "`--{flag}` takes one whole number, such as `--{flag} 20`")
        }
        ValueType::Number if !skills_core::args::is_number(first) => {
            write!(out, "`--{flag}` takes one number, such as `--{flag} 0.5`")
        }
        ValueType::String => {
            if values().any(|v| curly_at_start(v.as_bytes()) || curly_at_end(v.as_bytes())) {
                out.write_str("typographic quotes (“ ” ‘ ’) are not quotes in a command; use straight double quotes")?;
            } else {
                out.write_str("quote a value that contains spaces")?;
            }
            write!(out, ": --{flag} \"")?;
            // The values as one, without typographic quotes, escaped for
            // double quotes, and cut short: the hint shows the form. (Byte
            // loops rather than `char` ones: this also runs on firmware.)
            let mut room: usize = 48;
            for (i, v) in values().enumerate() {
                let b = v.as_bytes();
                let from = if curly_at_start(b) { 3 } else { 0 };
                let to = if curly_at_end(&b[from..]) { b.len() - 3 } else { b.len() };
                let mut v = v.get(from..to).unwrap_or(v);
                if i > 0 {
                    out.write_char(' ')?;
                }
                let cut = v.len() > room;
                if cut {
                    let mut end = room;
                    while !v.is_char_boundary(end) {
                        end -= 1;
                    }
                    v = &v[..end];
                }
                room = room.saturating_sub(v.len() + 1);
                write_double_quoted_inner(out, v)?;
                if cut || room == 0 && i + 1 < count {
                    out.write_str("...")?;
                    break;
                }
            }
            out.write_str("\"")
        }
        _ => write!(out, "give `--{flag}` one value, such as `--{flag} {first}`"),
    }
}

/// `--to a@b.com, c@d.com` or `--to [a, b]`: the same values, as a list
/// is written.
fn list_punctuation_hint(flag: &str, values: StrList<'_>, json: bool, out: &mut dyn Write) -> fmt::Result {
    if json {
        write!(out, "send several values as an array: \"{flag}\": [")?;
    } else {
        write!(out, "separate values with spaces, without commas or brackets: --{flag}")?;
    }
    // Each value split at its commas (`urgent,q1`), without the brackets
    // and blanks around the parts.
    let mut clean = values.iter().flat_map(|v| v.split(',')).map(|p| {
        let p = p.trim_ascii();
        let b = p.as_bytes();
        let start = usize::from(b.first() == Some(&b'['));
        let end = b.len() - usize::from(b.len() > start && b[b.len() - 1] == b']');
        &p[start..end]
    });
    write_list(out, &mut clean, json)
}

/// Writes the non-empty `values` as a command line lists them (` a "b c"`,
/// quoted where a value has a space or a quote) or as the rest of a JSON
/// array (`"a", "b c"]`). One body behind `dyn`: this also runs on firmware.
fn write_list(out: &mut dyn Write, values: &mut dyn Iterator<Item = &str>, json: bool) -> fmt::Result {
    let mut first = true;
    for v in values.filter(|v| !v.is_empty()) {
        let quote = json || v.bytes().any(|c| matches!(c, b' ' | b'\t' | b'\'' | b'"'));
        out.write_str(match (json, first) {
            (true, true) => "",
            (true, false) => ", ",
            (false, _) => " ",
        })?;
        if quote {
            out.write_char('"')?;
            write_double_quoted_inner(out, v)?;
            out.write_char('"')?;
        } else {
            out.write_str(v)?;
        }
        first = false;
    }
    if json { out.write_char(']') } else { Ok(()) }
}

/// Writes each value after a space.
fn write_words(out: &mut dyn Write, values: StrList<'_>) -> fmt::Result {
    values.iter().try_for_each(|v| write!(out, " {v}"))
}

/// The number `value` clearly means though it is not written as one:
/// with punctuation after it (`0.5,`), digit separators (`1,000`,
/// `1_000.5`), or a decimal comma (`0,5`, `12,75`; a comma followed by
/// three digits is a separator). Kept in a buffer on the stack: this also
/// runs on firmware.
struct ClearNumber {
    buf: [u8; 40],
    len: usize,
}

impl ClearNumber {
    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

impl fmt::Display for ClearNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The whole number `value` clearly is, though an integer flag refused it:
/// punctuation after it (`5,`), a zero fraction (`2.0`), digit separators
/// (`1,000`, `1_000`), blanks around it (`" 5"`), an exponent (`1e3`,
/// `2.5E2`), full-width digits (`５`).
fn whole_number(value: &str) -> Option<i64> {
    use skills_core::args::parse_integer;
    let trimmed = value.trim().trim_end_matches([',', ';', '.']);
    if let Some(n) = parse_integer(trimmed) {
        return Some(n);
    }
    // `５０`: full-width digits, as some keyboards and models write them.
    if !trimmed.is_empty() && trimmed.len() <= 3 * 18 && trimmed.chars().all(|c| ('\u{ff10}'..='\u{ff19}').contains(&c))
    {
        let mut ascii = [0u8; 18];
        for (slot, c) in ascii.iter_mut().zip(trimmed.chars()) {
            *slot = b'0' + (u32::from(c) - 0xff10) as u8;
        }
        return parse_integer(core::str::from_utf8(&ascii[..trimmed.chars().count()]).ok()?);
    }
    if let Some((mantissa, exponent)) = trimmed.split_once(['e', 'E']) {
        return scientific(mantissa, exponent);
    }
    let cleared = clear_number(value);
    let text = cleared.as_ref().map_or(trimmed, ClearNumber::as_str);
    let (int, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.bytes().all(|b| b == b'0') { parse_integer(int) } else { None }
}

/// `mantissa` times ten to `exponent` (`1e3`, `2.5e2`), when it is a whole
/// number that fits.
fn scientific(mantissa: &str, exponent: &str) -> Option<i64> {
    use skills_core::args::parse_integer;
    let exponent = u32::try_from(parse_integer(exponent)?).ok().filter(|&e| e <= 18)?;
    let (int, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let fraction = fraction.trim_end_matches('0');
    // The fraction's digits move left of the point; the rest must be zeros.
    let shift = u32::try_from(fraction.len()).ok().filter(|&f| f <= exponent)?;
    if !fraction.bytes().all(|b| b.is_ascii_digit()) || int.is_empty() {
        return None;
    }
    let digits = parse_integer(int)?.checked_mul(10i64.pow(shift))?;
    let fraction_value = if fraction.is_empty() { 0 } else { parse_integer(fraction)? };
    let digits = if digits < 0 || int.starts_with('-') {
        digits.checked_sub(fraction_value)?
    } else {
        digits.checked_add(fraction_value)?
    };
    digits.checked_mul(10i64.checked_pow(exponent - shift)?)
}

fn clear_number(value: &str) -> Option<ClearNumber> {
    use skills_core::args::is_number;
    let v = value.trim_end_matches([',', ';', '.', ':']);
    let b = v.as_bytes();
    let digits = b.strip_prefix(b"-").or_else(|| b.strip_prefix(b"+")).unwrap_or(b);
    let commas = digits.iter().filter(|&&c| c == b',').count();
    let int_part = digits.split(|&c| c == b'.').next().unwrap_or(digits);
    // `1,000`, `12,345,678.9`: groups of three after the first, every comma
    // before the point (`1.000,5` is a decimal comma after separators,
    // which is no guess to make).
    let thousands = commas > 0 && int_part.iter().filter(|&&c| c == b',').count() == commas && {
        let mut groups = int_part.split(|&c| c == b',');
        let first = groups.next().unwrap_or(&[]);
        (1..=3).contains(&first.len()) && groups.all(|g| g.len() == 3)
    };
    let decimal_comma = commas == 1 && !thousands && !digits.contains(&b'.');
    let mut out = ClearNumber { buf: [0; 40], len: 0 };
    for &c in b {
        let c = match c {
            b',' if decimal_comma => b'.',
            b',' if thousands => continue,
            // `1_000`: between digits only (is_number refuses the rest).
            b'_' => continue,
            c => c,
        };
        *out.buf.get_mut(out.len)? = c;
        out.len += 1;
    }
    let text = out.as_str();
    (text != value && is_number(text) && !b.starts_with(b"_") && !b.ends_with(b"_")).then_some(out)
}

/// Whether `a` and `b` are the same words, ignoring case and which of a
/// space, `_` or `-` separates them (`in progress`, `In-Progress` and
/// `in_progress`).
fn same_words(a: &str, b: &str) -> bool {
    let sep = |c: u8| matches!(c, b' ' | b'_' | b'-');
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x.eq_ignore_ascii_case(&y) || (sep(x) && sep(y)))
}

/// The hint for a value that is clear but written another way: the value
/// as the command writes it, or as the JSON argument (`quoted` for text).
fn write_as(out: &mut dyn Write, json: bool, flag: &str, value: &dyn fmt::Display, quoted: bool) -> fmt::Result {
    match (json, quoted) {
        (true, true) => write!(out, "send it as \"{flag}\": \"{value}\""),
        (true, false) => write!(out, "send it as \"{flag}\": {value}"),
        (false, _) => write!(out, "write it as --{flag} {value}"),
    }
}

/// The date `value` clearly means, if it exists, though it is not written
/// YYYY-MM-DD: year first with other separators or without zero padding
/// (`2026/3/1`, `2026.03.01`, `2026-3-1`), with a time or punctuation after
/// it (`2026-01-05T10:00`, `2026-01-05 10:00`, `2026-01-05,`), with the
/// month's name (`Nov 30, 2026`, `30 November 2026`, `2026 Nov 30`), or
/// day and month in either order when they cannot be mixed up: the day is
/// over 12 or equals the month (`30/11/2026`, `11/30/2026`, `30.11.2026`).
/// `03/04/2026` is ambiguous and a date without its year is incomplete:
/// they get no guess.
fn clear_date(value: &str) -> Option<skills_core::Date> {
    // `2026-01-05T10:00`, `2026-01-05,`: a time or punctuation after it.
    let value = match value.split_once(['T', 't']) {
        Some((date, _)) if date.len() >= 8 && date.bytes().all(|b| b.is_ascii_digit() || b"-/.".contains(&b)) => date,
        _ => value,
    };
    let value = value.trim_end_matches([',', ';', '.']);
    let mut parts = value.split([' ', ',', '-', '/', '.']).filter(|p| !p.is_empty() && !p.contains(':'));
    let (a, b, c) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let number = |p: &str| digits(p, 1, 2);
    let (y, m, d) = if let Some(y) = digits(a, 4, 4) {
        // `2026/3/1`, `2026.03.01`, `2026 Mar 1`.
        (y, number(b).or_else(|| month_named(b))?, number(c)?)
    } else if let Some(y) = digits(c, 4, 4) {
        match (month_named(a), month_named(b)) {
            // `Nov 30, 2026`, `30 November 2026`.
            (Some(m), _) => (y, m, day_number(b)?),
            (_, Some(m)) => (y, m, day_number(a)?),
            // `30/11/2026` and `11/30/2026` are clear; `03/04/2026` is not.
            _ => {
                let (first, second) = (number(a)?, number(b)?);
                match (first > 12, second > 12) {
                    (true, false) => (y, second, first),
                    (false, true) => (y, first, second),
                    _ if first == second => (y, first, first),
                    _ => return None,
                }
            }
        }
    } else {
        return None;
    };
    skills_core::Date::new(y, u8::try_from(m).ok()?, u8::try_from(d).ok()?).ok()
}

/// The one of `names` that `name` spells another way: the same letters
/// and digits in any case, with other separators or none (`tasks_search`,
/// `/tasks.search`, `tasks::search`, `TasksSearch` for `tasks.search`).
fn only_spelling<'s>(name: &str, names: &[&'s str]) -> Option<&'s str> {
    fn letters(s: &str) -> impl Iterator<Item = u8> + '_ {
        s.bytes()
            .filter(|b| !matches!(b, b'.' | b'_' | b'-' | b'/' | b':' | b'!' | b'@'))
            .map(|b| b.to_ascii_lowercase())
    }
    let mut same = names.iter().filter(|s| letters(s).eq(letters(name)));
    let first = same.next()?;
    same.next().is_none().then_some(*first)
}

/// Weekday names, Monday first, as [`skills_core::Date::weekday`] counts.
#[cfg(feature = "std")]
pub(crate) const WEEKDAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// The day a date written in words stands for, counted from `today`:
/// `today`, `tomorrow`, `yesterday`, `the day after tomorrow`, a weekday
/// (`friday`, `fri`; `this`, `on`, `coming` before it: that day of this
/// week, or of next week once it has passed; `next friday`: the first
/// Friday after today), `in 3 days`, `2 weeks from now`, `3 days ago`.
/// `None` for anything else (`next week`, `end of month`: no one day).
#[cfg(feature = "std")]
pub(crate) fn relative_date(value: &str, today: skills_core::Date) -> Option<skills_core::Date> {
    let mut words = [""; 5];
    let mut n = 0;
    for w in value.split_ascii_whitespace() {
        *words.get_mut(n)? = w.trim_end_matches([',', '.']);
        n += 1;
    }
    let is = |w: &str, word: &str| w.eq_ignore_ascii_case(word);
    // `friday`, `fri`, `thurs`: the name or its start, three letters or more.
    let weekday = |w: &str| {
        WEEKDAYS.iter().position(|d| w.len() >= 3 && d.len() >= w.len() && d[..w.len()].eq_ignore_ascii_case(w))
    };
    let ahead_to = |target: usize, strictly: bool| {
        let now = usize::from(today.weekday());
        let days = (target + 7 - now) % 7;
        i64::try_from(if strictly && days == 0 { 7 } else { days }).ok()
    };
    let count = |w: &str| -> Option<i64> {
        let word = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
            .iter()
            .position(|x| is(w, x))
            .and_then(|i| i64::try_from(i + 1).ok());
        word.or_else(|| w.parse::<i64>().ok().filter(|n| (0..=3660).contains(n)))
    };
    let unit = |w: &str| {
        if is(w, "day") || is(w, "days") {
            Some(1)
        } else if is(w, "week") || is(w, "weeks") {
            Some(7)
        } else {
            None
        }
    };
    let days = match &words[..n] {
        [w] if is(w, "today") => 0,
        [w] if is(w, "tomorrow") => 1,
        [w] if is(w, "yesterday") => -1,
        [the, day, after, tomorrow]
            if is(the, "the") && is(day, "day") && is(after, "after") && is(tomorrow, "tomorrow") =>
        {
            2
        }
        [day, after, tomorrow] if is(day, "day") && is(after, "after") && is(tomorrow, "tomorrow") => 2,
        [w] => ahead_to(weekday(w)?, false)?,
        [this, w] if ["this", "on", "coming"].iter().any(|p| is(this, p)) => ahead_to(weekday(w)?, false)?,
        [next, w] if is(next, "next") => ahead_to(weekday(w)?, true)?,
        [inn, k, u] if is(inn, "in") => count(k)? * unit(u)?,
        [k, u, from, now] if is(from, "from") && is(now, "now") => count(k)? * unit(u)?,
        [k, u, ago] if is(ago, "ago") => -(count(k)? * unit(u)?),
        _ => return None,
    };
    today.add_days(days)
}

/// `p` as a number when it is `min` to `max` (at most 4) ASCII digits.
fn digits(p: &str, min: usize, max: usize) -> Option<u16> {
    if p.len() < min || p.len() > max {
        return None;
    }
    p.bytes().try_fold(0u16, |n, b| b.is_ascii_digit().then(|| n * 10 + u16::from(b - b'0')))
}

/// What a boolean written in other words means: `yes`, `y`, `on`, `1`,
/// `enabled` are true; `no`, `n`, `off`, `0`, `disabled` false (any case).
fn yes_or_no(value: &str) -> Option<bool> {
    let is = |words: &[&str]| words.iter().any(|w| value.eq_ignore_ascii_case(w));
    if is(&["yes", "y", "on", "1", "enabled", "enable"]) {
        Some(true)
    } else if is(&["no", "n", "off", "0", "disabled", "disable", "none"]) {
        Some(false)
    } else {
        None
    }
}

/// `30`, `30th`, `1st`: a day of the month written as a number.
fn day_number(p: &str) -> Option<u16> {
    let number = p.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &p.as_bytes()[number.len()..];
    let ordinal = suffix.is_empty() || [b"st", b"nd", b"rd", b"th"].iter().any(|s| suffix.eq_ignore_ascii_case(*s));
    digits(number, 1, 2).filter(|_| ordinal)
}

/// The month `p` names in English, in full or by its first three letters
/// (`Nov`, `november`, `Sept`), as its number.
fn month_named(p: &str) -> Option<u16> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let b = p.as_bytes();
    if b.len() < 3 {
        return None;
    }
    let i = MONTHS.iter().position(|m| {
        let m = m.as_bytes();
        b.len() <= m.len() && m[..b.len()].eq_ignore_ascii_case(b)
    })?;
    // A prefix longer than three letters must be the name's (`Sept`), and
    // three letters are every month's abbreviation.
    u16::try_from(i + 1).ok()
}

/// A shell operator among the problems (`&&`, `|`, `;`, `>`): the model
/// chained or redirected commands, which a command line here cannot do.
fn shell_operator<'e>(errors: &'e ArgErrors<'_>) -> Option<&'e str> {
    let op = |v: &str| matches!(v, "&&" | "||" | "|" | ";" | "&" | ">" | ">>" | "<" | "2>&1");
    let trailing = |v: &str| v.len() > 1 && v.ends_with(';');
    errors.iter().find_map(|e| match *e {
        ArgErrorKind::UnexpectedValue { value } if op(value) => Some(value),
        ArgErrorKind::AfterInlineValue { strays, .. } if strays.iter().any(op) => strays.iter().find(|v| op(v)),
        ArgErrorKind::TooManyValues { values, .. } => {
            values.iter().find(|v| op(v)).or_else(|| values.iter().any(trailing).then_some(";"))
        }
        ArgErrorKind::UnknownFlag { given, .. } if trailing(given) => Some(";"),
        ArgErrorKind::BadInteger { value, .. }
        | ArgErrorKind::BadNumber { value, .. }
        | ArgErrorKind::BadDate { value, .. }
        | ArgErrorKind::BadBoolean { value, .. }
        | ArgErrorKind::NotInEnum { value, .. }
            if trailing(value) =>
        {
            Some(";")
        }
        _ => None,
    })
}

/// A space a command cannot split on, or an invisible character, in
/// `word`: a no-break space (U+00A0) or another Unicode space, a
/// zero-width space or joiner, a byte-order mark. Models and the text they
/// copy sometimes put them where a plain space belongs, and in an error
/// message they look like a space or like nothing.
fn odd_space(word: &str) -> Option<char> {
    word.chars().find(|c| {
        matches!(
            c,
            '\u{00A0}' | '\u{1680}' | '\u{2000}'
                ..='\u{200D}'
                    | '\u{2028}'
                    | '\u{2029}'
                    | '\u{202F}'
                    | '\u{205F}'
                    | '\u{2060}'
                    | '\u{3000}'
                    | '\u{FEFF}'
        )
    })
}

/// `lead` goes before `word`: a flag's dashes (its name is given without
/// them), or the flag a value was given to (`--limit `).
fn write_odd_space_hint(lead: fmt::Arguments<'_>, word: &str, c: char, out: &mut dyn Write) -> fmt::Result {
    let what = if c.is_whitespace() { "a space that is not a plain one" } else { "an invisible character" };
    let plain = alloc_free::Replaced { word, c };
    write!(
        out,
        "`{lead}{word}` holds {what} (U+{:04X}): write a plain space between words and nothing inside them: {lead}{plain}",
        c as u32
    )
}

/// `word` with the odd character shown as a plain space (or removed),
/// written without allocating.
mod alloc_free {
    use core::fmt;
    pub(super) struct Replaced<'a> {
        pub(super) word: &'a str,
        pub(super) c: char,
    }
    impl fmt::Display for Replaced<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for ch in self.word.trim().chars() {
                if ch == self.c {
                    if self.c.is_whitespace() {
                        f.write_str(" ")?;
                    }
                } else {
                    write!(f, "{ch}")?;
                }
            }
            Ok(())
        }
    }
}

/// The one flag of `skill` that a value written without a flag fits, by
/// the most specific kind it fits: an enum that lists it, else a date, an
/// integer, a number, else text. `None` when no kind has exactly one such flag.
fn only_flag_for<'s>(skill: &SkillView<'s>, value: &str) -> Option<&'s str> {
    let fits = |kind: u8| {
        let mut found = (0..skill.flags.len()).filter_map(|i| skill.flags.spec(i)).filter(move |s| match kind {
            0 => s.value_type == ValueType::Enum && s.values.iter().any(|v| v.eq_ignore_ascii_case(value)),
            1 => s.value_type == ValueType::Date && value.parse::<skills_core::Date>().is_ok(),
            2 => s.value_type == ValueType::Integer && value.parse::<i64>().is_ok(),
            3 => s.value_type == ValueType::Number && skills_core::args::is_number(value),
            _ => s.value_type == ValueType::String,
        });
        match (found.next(), found.next()) {
            (Some(one), None) => Some(Some(one.name)),
            (Some(_), Some(_)) => Some(None),
            _ => None,
        }
    };
    // The first kind with any flag decides: one flag, or no answer.
    (0..5u8).find_map(fits).flatten()
}

fn write_args_hint(skill: &SkillView<'_>, errors: &ArgErrors<'_>, out: &mut dyn Write) -> fmt::Result {
    let json = errors.style() == skills_core::args::Style::Json;
    if let Some((given, short, c)) = errors.iter().find_map(|e| match *e {
        ArgErrorKind::UnknownFlag { given, short, .. } => odd_space(given).map(|c| (given, short, c)),
        _ => None,
    }) {
        return write_odd_space_hint(format_args!("{}", if short { "-" } else { "--" }), given, c, out);
    }
    // `--limit 5\u{200B}`: a typed value refused for a character that
    // cannot be seen.
    if !json
        && let Some((flag, value, c)) = errors.iter().find_map(|e| match *e {
            ArgErrorKind::BadInteger { flag, value }
            | ArgErrorKind::BadNumber { flag, value }
            | ArgErrorKind::BadDate { flag, value, .. }
            | ArgErrorKind::BadBoolean { flag, value, .. }
            | ArgErrorKind::NotInEnum { flag, value, .. } => odd_space(value).map(|c| (flag, value, c)),
            _ => None,
        })
    {
        return write_odd_space_hint(format_args!("--{flag} "), value, c, out);
    }
    if !json && let Some(op) = shell_operator(errors) {
        return write!(
            out,
            "`{op}` does not chain or redirect commands here: write each command on a line of its own in the ```cmd block"
        );
    }
    if let Some(flag) = errors.iter().find_map(|e| match *e {
        ArgErrorKind::DashLookalike { flag, .. } => Some(flag),
        _ => None,
    }) {
        return write!(out, "type flags with two hyphens (autocorrect turns them into a dash): --{flag}");
    }
    // `email.send to=bob@co.com subject=Hi`: flags named without their
    // dashes, as keyword arguments.
    fn assignment<'v>(skill: &SkillView<'_>, value: &'v str) -> Option<(&'v str, &'v str)> {
        skills_core::args::keyword_argument(value)
            .filter(|(name, _)| skill.flags.names().any(|n| skills_core::args::same_flag_name(n, name)))
    }
    match errors.first() {
        Some(&ArgErrorKind::UnexpectedValue { value }) if !json && assignment(skill, value).is_some() => {
            out.write_str("write each flag with two dashes before its name:")?;
            for (name, v) in errors.iter().filter_map(|e| match *e {
                ArgErrorKind::UnexpectedValue { value } => assignment(skill, value),
                _ => None,
            }) {
                write!(out, " --{name}")?;
                write_list(out, &mut core::iter::once(v), false)?;
            }
            Ok(())
        }
        // `tasks.get task_1`: one value without a flag, and one required
        // flag missing, which it must be.
        Some(&ArgErrorKind::UnexpectedValue { value })
            if !json
                && errors.len() == 2
                && let Some(&ArgErrorKind::MissingRequired { flag }) = errors.iter().nth(1) =>
        {
            write!(out, "write the value after its flag: --{flag}")?;
            write_list(out, &mut core::iter::once(value), false)
        }
        // `email.search unread`: a flag's name without its dashes.
        Some(&ArgErrorKind::UnexpectedValue { value })
            if !json && let Some(flag) = skill.flags.names().find(|n| skills_core::args::same_flag_name(n, value)) =>
        {
            write!(out, "a flag's name starts with two dashes: --{flag}")
        }
        // `notes.add "buy milk" --pin`: one value without a flag, and one
        // flag only that such a value fits (the only enum listing it, date
        // flag, integer flag or text flag).
        Some(&ArgErrorKind::UnexpectedValue { value })
            if !json
                && errors.len() == 1
                && let Some(flag) = only_flag_for(skill, value) =>
        {
            write!(out, "write the value after its flag: --{flag}")?;
            write_list(out, &mut core::iter::once(value), false)
        }
        Some(&ArgErrorKind::ListPunctuation { flag, values, .. }) => list_punctuation_hint(flag, values, json, out),
        // `--status=todo done`, `--subject=Quarterly report`: the values
        // after `--flag=value`, as the flag takes them.
        Some(&ArgErrorKind::AfterInlineValue { flag, inline, strays }) => {
            let spec = (0..skill.flags.len()).filter_map(|i| skill.flags.spec(i)).find(|s| s.name == flag);
            match spec.map(|s| (s.list, s.value_type)) {
                Some((true, _)) => {
                    write!(out, "write the values after the flag, without `=`: --{flag}")?;
                    write_list(out, &mut core::iter::once(inline), false)?;
                    write_list(out, &mut strays.iter(), false)
                }
                // `--subject=Quarterly report`: the words as one value (as
                // for `--subject Quarterly report`).
                Some((false, value_type)) => {
                    let head = Some(inline).filter(|v| !v.is_empty());
                    several_values_hint(flag, head, strays, value_type, out)
                }
                None => write!(out, "give `--{flag}` one value, such as `--{flag} {inline}`"),
            }
        }
        // `--query -urgent`: a value that starts with a dash, taken for a
        // flag, and the flag before it left without a value.
        // `--limit:5`: the value after a colon.
        Some(&ArgErrorKind::UnknownFlag { given, suggestion: Some(flag), .. })
            if !json
                && let Some((_, value)) =
                    given.split_once(':').filter(|(name, _)| skills_core::args::same_flag_name(name, flag)) =>
        {
            if value.is_empty() {
                return write!(out, "write --{flag} without the colon");
            }
            write!(out, "write the value after a space: --{flag}")?;
            write_list(out, &mut core::iter::once(value), false)
        }
        // `--query -urgent`, `--body "--- draft ---"`: a value that starts
        // with a dash, read as a flag (a long one only when no flag name
        // could be written so).
        Some(&ArgErrorKind::UnknownFlag { given, short, suggestion: None })
            if (short || given.bytes().any(|c| !(c.is_ascii_alphanumeric() || c == b'-' || c == b'_')))
                && let Some(flag) = errors.iter().find_map(|e| match e {
                    ArgErrorKind::MissingValue { flag } => Some(*flag),
                    _ => None,
                }) =>
        {
            let dashes = if short { "-" } else { "--" };
            let quote = given.bytes().any(|c| matches!(c, b' ' | b'\t' | b'\'' | b'"'));
            write!(out, "a value that starts with a dash is written with `=`: --{flag}=")?;
            if quote {
                out.write_char('"')?;
                out.write_str(dashes)?;
                write_double_quoted_inner(out, given)?;
                out.write_char('"')
            } else {
                write!(out, "{dashes}{given}")
            }
        }
        Some(ArgErrorKind::UnknownFlag { .. }) => {
            if skill.flags.is_empty() {
                write!(out, "`{}` takes no {}", skill.name, if json { "arguments" } else { "flags" })
            } else if json {
                write!(out, "arguments of `{}`:", skill.name)?;
                for (i, n) in skill.flags.names().enumerate() {
                    write!(out, "{} {n}", if i == 0 { "" } else { "," })?;
                }
                Ok(())
            } else {
                write!(out, "flags of `{}`:", skill.name)?;
                for n in skill.flags.names() {
                    write!(out, " --{n}")?;
                }
                Ok(())
            }
        }
        // `--to a@b.co --to c@d.co`: one flag followed by all the values.
        Some(&ArgErrorKind::Repeated { flag, list: true, first, again }) if !json && !again.is_empty() => {
            write!(out, "list the values after one --{flag}: --{flag}")?;
            write_list(out, &mut first.iter().chain(again.iter()), false)
        }
        // `--limit 5,`, `--limit 2.0`, `--limit 1,000`: a whole number
        // written another way.
        Some(&ArgErrorKind::BadInteger { flag, value }) if let Some(n) = whole_number(value) => {
            write_as(out, json, flag, &n, false)
        }
        Some(ArgErrorKind::BadInteger { .. }) => out.write_str("write a whole number such as 20"),
        // `0,5`, `1,000`, `0.5,`: the number is clear, only its spelling is not.
        Some(&ArgErrorKind::BadNumber { flag, value }) if let Some(n) = clear_number(value) => {
            write_as(out, json, flag, &n, false)
        }
        Some(ArgErrorKind::BadNumber { .. }) => {
            out.write_str("write a decimal number such as 0.5, 2 or -1.25 (no units, no digit separators)")
        }
        // `2026/3/1`, `2026.03.01`: the date is clear, only its spelling
        // is not; say it the right way.
        Some(&ArgErrorKind::BadDate { flag, value, .. }) if let Some(date) = clear_date(value) => {
            write_as(out, json, flag, &date, true)
        }
        Some(ArgErrorKind::BadDate { .. }) => out.write_str("write the date as YYYY-MM-DD, such as 2026-03-01"),
        // `--overdue yes`, `"overdue": "no"`: a yes or no in other words.
        Some(&ArgErrorKind::BadBoolean { flag, value }) if let Some(on) = yes_or_no(value) => match (json, on) {
            (true, _) => write!(out, "send it as \"{flag}\": {on}"),
            (false, true) => write!(out, "write --{flag} alone"),
            (false, false) => write!(out, "leave --{flag} out"),
        },
        Some(ArgErrorKind::TooManyValues { .. }) if json => out.write_str("send a single value, not an array"),
        Some(&ArgErrorKind::TooManyValues { flag, values, value_type, .. }) => {
            too_many_values_hint(flag, values, value_type, out)
        }
        // `--status overdue` where `--overdue` is a switch of its own.
        Some(&ArgErrorKind::NotInEnum { flag, value, .. })
            if !json
                && let Some(switch) = (0..skill.flags.len()).filter_map(|i| skill.flags.spec(i)).find(|s| {
                    s.value_type == ValueType::Boolean && skills_core::args::same_flag_name(s.name, value)
                }) =>
        {
            write!(out, "`{value}` is a flag of its own: write --{} instead of --{flag} {value}", switch.name)
        }
        Some(&ArgErrorKind::NotInEnum { flag, value, allowed, .. })
            if value.contains([',', ' ', '\t'])
                && value.split([',', ' ', '\t']).filter(|v| !v.is_empty()).all(|v| allowed.find(v).is_some()) =>
        {
            // `--status blocked,done`, `--status "blocked done"`: the values
            // are right, the separator or the quoting is not.
            let list = (0..skill.flags.len()).filter_map(|i| skill.flags.spec(i)).any(|s| s.name == flag && s.list);
            let mut values = value.split([',', ' ', '\t']);
            if list && json {
                write!(out, "send several values as an array: \"{flag}\": [")?;
                write_list(out, &mut values, true)
            } else if list && value.contains(',') {
                write!(out, "separate values with spaces, not commas: --{flag}")?;
                write_list(out, &mut values, false)
            } else if list {
                write!(out, "give each value as a word of its own, not quoted together: --{flag}")?;
                write_list(out, &mut values, false)
            } else {
                write!(out, "`{}{flag}` takes one value: one of", if json { "" } else { "--" })?;
                write_words(out, allowed)
            }
        }
        // `--status "in progress"` for `in_progress`: the value with other
        // separators between its words.
        Some(&ArgErrorKind::NotInEnum { flag, value, allowed, .. })
            if let Some(v) = allowed.iter().find(|a| same_words(a, value)) =>
        {
            write_as(out, json, flag, &v, true)
        }
        Some(ArgErrorKind::NotInEnum { allowed, .. }) => {
            out.write_str("use one of:")?;
            write_words(out, *allowed)
        }
        _ if json => {
            write!(out, "the `{}` tool's schema lists its arguments", skills_core::names::ToolName(skill.name))
        }
        _ if !skill.usage.is_empty() => write!(out, "usage: {}", skill.usage),
        _ => write!(out, "`{} --help` shows the flags", skill.name),
    }
}

#[cfg(test)]
mod tests {
    use super::{clear_date, whole_number};

    /// Dates in words, counted from Tuesday 2026-11-24.
    #[cfg(feature = "std")]
    #[test]
    fn a_date_written_in_words() {
        use super::relative_date;
        let today = skills_core::Date::parse("2026-11-24").unwrap();
        for (given, day) in [
            ("today", "2026-11-24"),
            ("Tomorrow", "2026-11-25"),
            ("yesterday", "2026-11-23"),
            ("the day after tomorrow", "2026-11-26"),
            ("friday", "2026-11-27"),
            ("Fri", "2026-11-27"),
            ("thurs", "2026-11-26"),
            ("this Tuesday", "2026-11-24"),
            ("on monday", "2026-11-30"),
            ("next tuesday", "2026-12-01"),
            ("next friday", "2026-11-27"),
            ("in 3 days", "2026-11-27"),
            ("in two weeks", "2026-12-08"),
            ("10 days from now", "2026-12-04"),
            ("1 week ago", "2026-11-17"),
            ("tomorrow,", "2026-11-25"),
        ] {
            assert_eq!(relative_date(given, today).map(|d| d.to_string()).as_deref(), Some(day), "{given}");
        }
        for given in ["next week", "end of month", "fr", "in 3 months", "soon", "", "in 99999 days", "a b c d e f"] {
            assert_eq!(relative_date(given, today), None, "{given}");
        }
    }

    #[test]
    fn a_whole_number_written_another_way() {
        for (given, n) in [
            ("9e18", 9_000_000_000_000_000_000),
            ("-9.2e18", -9_200_000_000_000_000_000),
            ("1.50e2", 150),
            ("-1.5e1", -15),
            ("0e5", 0),
            ("\t7\n", 7),
            ("１２", 12),
            ("-12", -12),
        ] {
            assert_eq!(whole_number(given), Some(n), "{given}");
        }
        for given in ["1e19", "9.3e18", "1e-1", "1.5e0", "e5", "1e", "1ee2", "1.x e2", "１.５", "５a", "1e99999999999"]
        {
            assert_eq!(whole_number(given), None, "{given}");
        }
    }

    #[test]
    fn a_date_is_guessed_only_when_it_cannot_be_another_day() {
        let date = |s| clear_date(s).map(|d| d.to_string());
        for (given, meant) in [
            ("2026/3/1", "2026-03-01"),
            ("2026 Nov 30", "2026-11-30"),
            ("Sept 9, 2026", "2026-09-09"),
            ("may 5 2026", "2026-05-05"),
            ("5/5/2026", "2026-05-05"),
            ("31-12-2026", "2026-12-31"),
            ("12.31.2026.", "2026-12-31"),
            ("22nd June 2026", "2026-06-22"),
        ] {
            assert_eq!(date(given).as_deref(), Some(meant), "{given}");
        }
        for given in ["04/03/2026", "Nov 30", "Ma 5 2026", "Mon 30 2026", "30 Nov 26", "2026-02-29", "30 Novembre 2026"]
        {
            assert_eq!(date(given), None, "{given}");
        }
    }
}
