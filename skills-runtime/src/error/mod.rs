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
use skills_core::tokenize::TokenizeError;

/// The kind of an input error.
const INPUT: &str = "invalid_input";

/// An error a handler returns.
///
/// Two kinds, which the skill's circuit breaker tells apart: an **input
/// error** (`SkillError::input`) says the command's values were wrong
/// (no task `task_9`, an address that is none, `--limit 0`): the model is
/// told and can correct it, and it does not count against the skill. Any
/// other error (`SkillError::new`) is the skill's own failure (a
/// backend down, a file that cannot be written): it counts, and enough in
/// a row open the breaker.
///
/// ```
/// use skills_runtime::SkillError;
/// let e = SkillError::input("no task `task_9`").with_hint("tasks.search lists task IDs");
/// assert_eq!((e.message(), e.kind(), e.is_input()), ("no task `task_9`", "invalid_input", true));
/// let e = SkillError::new("the mail server did not answer");
/// assert_eq!((e.kind(), e.is_input()), ("handler_error", false));
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

    /// The skill's own failure, with a message.
    #[cfg(feature = "alloc")]
    pub fn new(message: impl Into<alloc::string::String>) -> Self {
        SkillError { message: Text::Owned(message.into()), hint: None, kind: None }
    }

    /// An input error: the command's values were wrong. Reported to the
    /// model as `invalid_input`; not counted by the circuit breaker.
    #[cfg(feature = "alloc")]
    pub fn input(message: impl Into<alloc::string::String>) -> Self {
        SkillError { message: Text::Owned(message.into()), hint: None, kind: Some(INPUT) }
    }

    /// An input error with a fixed message (no allocation).
    pub const fn input_static(message: &'static str) -> Self {
        SkillError { message: Text::Static(message), hint: None, kind: Some(INPUT) }
    }

    /// Whether the command's values were wrong (`SkillError::input`),
    /// rather than the skill failing.
    pub fn is_input(&self) -> bool {
        self.kind == Some(INPUT)
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

/// The error a panicking handler becomes. The panic's message is not in
/// it: it may hold anything the handler had (paths, values, secrets), so
/// it goes where the process's panic hook sends it (standard error by
/// default), for the operator, and the model is told only that a panic
/// happened.
#[cfg(feature = "std")]
pub(crate) fn panic_error() -> SkillError {
    SkillError::new_static("the handler panicked; it may or may not have taken effect")
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
    /// A template skill's value that cannot be written into its body: a
    /// line of it would close the ```cmd block its commands are copied
    /// into, or, in a list, it starts with `-` and would read as a flag.
    TemplateValue {
        /// The skill.
        skill: &'a str,
        /// The flag.
        flag: &'a str,
        /// Whether the value holds a fence line (else a dash-led list value).
        fence: bool,
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
            Failure::Convert { .. } | Failure::TemplateValue { .. } => "invalid_value",
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
                let reads = if has_letters(word) { "prose" } else { "output" };
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
            Failure::TemplateValue { skill, flag, fence: true } => write!(
                out,
                "`--{flag}` of `{skill}` holds a line that starts with ``` or ~~~, which would end the ```cmd block that the commands of `{skill}` are copied into, and run what follows"
            ),
            Failure::TemplateValue { skill, flag, fence: false } => write!(
                out,
                "`--{flag}` of `{skill}` holds a value that starts with `-`, which its commands would read as a flag"
            ),
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
                out.write_str("an apostrophe inside a word is a quote to a command: put the value in double quotes:")?;
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
            Failure::Args { skill, errors } => skills_core::args::hint::write(
                &skills_core::args::hint::Skill { name: skill.name, usage: skill.usage, flags: &skill.flags },
                errors,
                out,
            ),
            Failure::NotAvailable { .. } => {
                out.write_str("use another skill; `get_skill` lists what is available here")
            }
            Failure::Convert { skill, .. } => write!(out, "`{skill} --help` shows the flags"),
            Failure::TemplateValue { flag, fence: true, .. } => write!(
                out,
                "give `--{flag}` without that line: indent it, or put text before the backticks"
            ),
            Failure::TemplateValue { flag, fence: false, .. } => {
                write!(out, "give each value of `--{flag}` without a leading `-`")
            }
            Failure::CircuitOpen { .. } => {
                out.write_str("do not retry it now; continue without it or tell the user it is failing")
            }
            Failure::NeedsConfirmation { .. } => {
                out.write_str("ask the user to confirm it, or delegate it to an agent that may change state")
            }
            Failure::Handler(e) => match e.hint() {
                Some(h) => out.write_str(h),
                None if e.is_input() => out.write_str("fix the value the message names and run the command again"),
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

// How a hint rewrites a command with a quoting mistake.
mod quoting;

pub(crate) use quoting::write_single_quoted_inner;
use quoting::*;
#[cfg(feature = "std")]
pub(crate) use skills_core::args::hint::{WEEKDAYS, relative_date};
use skills_core::args::hint::{odd_space, write_odd_space_hint};
pub(crate) use skills_core::tokenize::write_double_quoted_inner;

/// Whether `word` holds a letter (any non-ASCII character taken for one,
/// as in the router's test for prose); a first word without one (`1`, `>`, `-`) starts
/// output a model wrote, not a command or a sentence.
pub(crate) fn has_letters(word: &str) -> bool {
    word.bytes().any(|b| b.is_ascii_alphabetic() || b >= 0x80)
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
