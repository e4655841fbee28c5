//! Skill, domain and tool names.
//!
//! A skill is named `domain.action`; both parts match `^[a-z][a-z0-9_]*$`,
//! and the actions `all` and `help` are reserved for `get_skill` routing.
//!
//! Tool-calling APIs allow only `[A-Za-z0-9_-]` in tool names, so a skill is
//! exported as a tool by replacing its dot with an underscore
//! (`email.send` <-> `email_send`). Because names may contain underscores the
//! reverse mapping is a lookup among the tree's skills, and the checker
//! rejects a tree where two skills map to one tool name (`a_b.c` and
//! `a.b_c`), which keeps the mapping reversible.

use core::fmt;

/// Actions that `get_skill` routing reserves (`get_skill: email.all`).
pub const RESERVED_ACTIONS: [&str; 2] = ["all", "help"];

/// Longest skill name; tool-calling APIs cap tool names at 64 characters.
pub const MAX_NAME_LEN: usize = 64;

/// The skill a command line may call to browse skills.
pub const GET_SKILL: &str = "get_skill";

/// Whether `s` matches `^[a-z][a-z0-9_]*$`.
pub const fn is_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return false;
    }
    let mut i = 1;
    while i < b.len() {
        let c = b[i];
        if !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_') {
            return false;
        }
        i += 1;
    }
    true
}

/// Why a skill name is not valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Not `domain.action` with exactly one dot.
    Shape,
    /// The domain part is not `^[a-z][a-z0-9_]*$`.
    Domain,
    /// The action part is not `^[a-z][a-z0-9_]*$`.
    Action,
    /// The action is `all` or `help`.
    Reserved,
    /// Longer than [`MAX_NAME_LEN`].
    TooLong,
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NameError::Shape => "a skill name is `domain.action` with exactly one dot",
            NameError::Domain => "the domain must start with a lowercase letter and contain only a-z, 0-9 and _",
            NameError::Action => "the action must start with a lowercase letter and contain only a-z, 0-9 and _",
            NameError::Reserved => "the actions `all` and `help` are reserved for get_skill",
            NameError::TooLong => "a skill name is at most 64 characters (the tool-name limit)",
        })
    }
}

/// Splits and checks a skill name.
///
/// ```
/// use skills_core::names::{parse_skill_name, NameError};
/// assert_eq!(parse_skill_name("email.send"), Ok(("email", "send")));
/// assert_eq!(parse_skill_name("email.all"), Err(NameError::Reserved));
/// assert_eq!(parse_skill_name("Email.send"), Err(NameError::Domain));
/// ```
pub fn parse_skill_name(name: &str) -> Result<(&str, &str), NameError> {
    let (domain, action) = name.split_once('.').ok_or(NameError::Shape)?;
    if action.contains('.') {
        return Err(NameError::Shape);
    }
    if !is_identifier(domain) {
        return Err(NameError::Domain);
    }
    if !is_identifier(action) {
        return Err(NameError::Action);
    }
    if RESERVED_ACTIONS.contains(&action) {
        return Err(NameError::Reserved);
    }
    if name.len() > MAX_NAME_LEN {
        return Err(NameError::TooLong);
    }
    Ok((domain, action))
}

/// The identifier a name written another way most likely meant, for a
/// hint: lower case, one `_` for each run of spaces and punctuation
/// (`Weekly Report` and `client-onboard.v2` give `weekly_report` and
/// `client_onboard_v2`), from its first letter or digit on (`../notes`
/// gives `notes`). `None` when that is no identifier (a digit first, as in
/// `2fa`; a letter outside ASCII, which has no one spelling), when it is
/// `value` itself, or when it is reserved (`all`, `help`, `get_skill`).
///
/// ```
/// use skills_core::names::identifier_spelling;
/// assert_eq!(identifier_spelling("Add Note").as_deref(), Some("add_note"));
/// assert_eq!(identifier_spelling("daily-digest").as_deref(), Some("daily_digest"));
/// assert_eq!(identifier_spelling("2fa"), None);
/// assert_eq!(identifier_spelling("Help"), None);
/// ```
#[cfg(feature = "alloc")]
pub fn identifier_spelling(value: &str) -> Option<alloc::string::String> {
    let mut word = alloc::string::String::with_capacity(value.len());
    for c in value.chars().skip_while(|c| !c.is_alphanumeric()) {
        if c.is_ascii_alphanumeric() {
            word.push(c.to_ascii_lowercase());
        } else if c.is_alphanumeric() {
            return None;
        } else if !word.ends_with('_') {
            word.push('_');
        }
    }
    let word = word.trim_end_matches('_');
    let reserved = RESERVED_ACTIONS.contains(&word) || word == GET_SKILL;
    (is_identifier(word) && word != value && !reserved).then(|| word.into())
}

/// Writes the tool name of a skill (`email.send` -> `email_send`).
pub fn write_tool_name<W: fmt::Write>(skill: &str, out: &mut W) -> fmt::Result {
    let mut parts = skill.split('.');
    if let Some(first) = parts.next() {
        out.write_str(first)?;
    }
    for part in parts {
        out.write_char('_')?;
        out.write_str(part)?;
    }
    Ok(())
}

/// Displays the tool name of a skill without allocating.
#[derive(Clone, Copy, Debug)]
pub struct ToolName<'a>(pub &'a str);

impl fmt::Display for ToolName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tool_name(self.0, f)
    }
}

/// The tool name of a skill (`email.send` -> `email_send`).
#[cfg(feature = "alloc")]
pub fn tool_name(skill: &str) -> alloc::string::String {
    skill.replace('.', "_")
}

/// Whether `tool` is the tool name of `skill`, without allocating.
pub fn is_tool_name_of(tool: &str, skill: &str) -> bool {
    tool.len() == skill.len() && tool.bytes().zip(skill.bytes()).all(|(t, s)| t == s || (s == b'.' && t == b'_'))
}

/// Whether two flag names are the same flag.
#[inline]
pub fn same_flag_name(a: &str, b: &str) -> bool {
    // Models almost always write the name as documented: compare bytes
    // first, and only then ignoring case with `-` and `_` alike.
    a.len() == b.len() && (crate::same_bytes(a.as_bytes(), b.as_bytes()) || same_flag_name_loosely(a, b))
}

#[cold]
fn same_flag_name_loosely(a: &str, b: &str) -> bool {
    a.bytes().zip(b.bytes()).all(|(x, y)| {
        let n = |c: u8| {
            if c == b'_' { b'-' } else { c.to_ascii_lowercase() }
        };
        n(x) == n(y)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::v1::*;

    #[cfg(feature = "alloc")]
    #[test]
    fn tool_names() {
        let mut s = String::new();
        write_tool_name("workflows.daily_digest", &mut s).unwrap();
        assert_eq!(s, "workflows_daily_digest");
        assert_eq!(tool_name("email.send"), "email_send");
        assert!(is_tool_name_of("email_send", "email.send"));
        assert!(!is_tool_name_of("email.send", "email_send"));
    }

    /// The spelling a hint offers for a name written another way: one
    /// rule for file, directory and workflow names.
    #[cfg(feature = "alloc")]
    #[test]
    fn identifier_spellings() {
        let cases = [
            ("Weekly Report", Some("weekly_report")),
            ("client-onboard!", Some("client_onboard")),
            ("Send-It", Some("send_it")),
            ("daily.digest.v2", Some("daily_digest_v2")),
            ("../../etc/x", Some("etc_x")),
            ("_draft  notes_", Some("draft_notes")),
            ("Finance/Q1", Some("finance_q1")),
            // A digit first, a letter outside ASCII: no spelling to offer.
            ("2fa", None),
            ("ünï", None),
            ("caf\u{e9}", None),
            ("../", None),
            ("", None),
            // Reserved, or already an identifier.
            ("Help", None),
            ("get-skill", None),
            ("all", None),
            ("send", None),
        ];
        for (value, want) in cases {
            assert_eq!(identifier_spelling(value).as_deref(), want, "{value:?}");
        }
    }

    #[test]
    fn name_rules() {
        assert_eq!(parse_skill_name("a.b.c"), Err(NameError::Shape));
        assert_eq!(parse_skill_name("email"), Err(NameError::Shape));
        assert_eq!(parse_skill_name("email.Send"), Err(NameError::Action));
        assert_eq!(parse_skill_name("email.help"), Err(NameError::Reserved));
        assert_eq!(parse_skill_name("workflows.daily_digest"), Ok(("workflows", "daily_digest")));
        let long = format!("a.{}", "b".repeat(70));
        assert_eq!(parse_skill_name(&long), Err(NameError::TooLong));
    }
}
