//! `email.*`: send, draft, search and read, on the in-memory mailbox.

use crate::skills::email::draft::Tone;
use crate::state::{App, Email};
use skills_runtime::{Date, SkillError, skill};

/// Every address in `--flag` is one; else the error, which says that
/// `nothing` happened (`nothing was sent`).
pub(crate) fn check_addresses(flag: &str, addresses: &[String], nothing: &str) -> Result<(), SkillError> {
    match addresses.iter().find(|a| !is_address(a)) {
        Some(bad) => Err(SkillError::input(format!("`{bad}` in --{flag} is not an email address; {nothing}"))
            .with_hint("addresses look like name@host; separate several with spaces")),
        None => Ok(()),
    }
}

/// `name@host`, without spaces or the punctuation that separates or wraps
/// addresses in prose (`a@b.com,`, `<a@b.com>`): those are slips to report,
/// not addresses to send to.
fn is_address(a: &str) -> bool {
    let mut parts = a.split('@');
    let plain = !a.chars().any(|c| c.is_whitespace() || ",;<>()[]\"'".contains(c));
    plain
        && matches!((parts.next(), parts.next(), parts.next()),
            (Some(user), Some(host), None) if !user.is_empty() && !host.is_empty() && !host.ends_with('.'))
}

#[skill("email.send")]
fn send(
    app: &mut App,
    to: Vec<String>,
    subject: String,
    body: String,
    cc: Option<Vec<String>>,
    bcc: Option<Vec<String>>,
    attachments: Option<Vec<String>>,
) -> Result<String, SkillError> {
    let cc = cc.unwrap_or_default();
    let bcc = bcc.unwrap_or_default();
    check_addresses("to", &to, "nothing was sent")?;
    check_addresses("cc", &cc, "nothing was sent")?;
    check_addresses("bcc", &bcc, "nothing was sent")?;
    let id = app.next_id("msg");
    let recipients = to.join(", ");
    app.mailbox.push(Email {
        id: id.clone(),
        from: app.me.clone(),
        to,
        cc,
        bcc,
        subject,
        body,
        date: app.today,
        labels: vec!["sent".to_string()],
        read: true,
        attachments: attachments.unwrap_or_default(),
    });
    Ok(format!("Sent to {recipients}. Message ID: {id}"))
}

#[skill("email.draft")]
fn draft(to: &str, subject: &str, body: &str, tone: Tone) -> Result<String, SkillError> {
    if !is_address(to) {
        return Err(
            SkillError::input(format!("`{to}` is not an email address")).with_hint("addresses look like name@host")
        );
    }
    Ok(format!(
        "Draft (not sent), tone: {tone}\nTo: {to}\nSubject: {subject}\n\n{body}\n\nTo send it: email.send --to {to} --subject {subject:?} --body {body:?}"
    ))
}

/// One line of a search result.
fn summary(e: &Email) -> String {
    let unread = if e.read { "" } else { " (unread)" };
    format!("{}  {}  {}  {}{unread}", e.id, e.date, e.from, e.subject)
}

#[skill("email.search")]
#[allow(clippy::too_many_arguments)]
fn search(
    app: &App,
    query: Option<&str>,
    from: Option<&str>,
    to: Option<&str>,
    after: Option<Date>,
    before: Option<Date>,
    label: Option<&str>,
    unread: bool,
    limit: i64,
) -> Result<String, SkillError> {
    if limit < 1 {
        return Err(SkillError::input(format!("--limit must be at least 1, not {limit}")));
    }
    let query = query.map(str::to_lowercase);
    let mut hits: Vec<&Email> = app
        .mailbox
        .iter()
        .filter(|e| {
            query.as_ref().is_none_or(|q| e.subject.to_lowercase().contains(q) || e.body.to_lowercase().contains(q))
        })
        .filter(|e| from.is_none_or(|f| e.from.eq_ignore_ascii_case(f)))
        .filter(|e| to.is_none_or(|t| e.to.iter().chain(&e.cc).any(|a| a.eq_ignore_ascii_case(t))))
        .filter(|e| after.is_none_or(|d| e.date >= d))
        .filter(|e| before.is_none_or(|d| e.date < d))
        .filter(|e| label.is_none_or(|l| e.labels.iter().any(|x| x.eq_ignore_ascii_case(l))))
        .filter(|e| !unread || !e.read)
        .collect();
    hits.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| b.id.cmp(&a.id)));
    let total = hits.len();
    hits.truncate(limit as usize);
    if hits.is_empty() {
        return Ok("No emails match.".to_string());
    }
    let mut out = format!("{total} email{} found", if total == 1 { "" } else { "s" });
    if total > hits.len() {
        out.push_str(&format!(" (showing {})", hits.len()));
    }
    out.push(':');
    for e in hits {
        out.push_str("\n- ");
        out.push_str(&summary(e));
    }
    Ok(out)
}

#[skill("email.read")]
fn read(app: &mut App, id: &str) -> Result<String, SkillError> {
    let Some(e) = app.mailbox.iter_mut().find(|e| e.id == id) else {
        return Err(SkillError::input(format!("there is no email `{id}`")).with_hint("email.search lists message IDs"));
    };
    e.read = true;
    let mut out = format!("From: {}\nTo: {}\n", e.from, e.to.join(", "));
    if !e.cc.is_empty() {
        out.push_str(&format!("Cc: {}\n", e.cc.join(", ")));
    }
    out.push_str(&format!("Date: {}\nSubject: {}\nLabels: {}\n", e.date, e.subject, e.labels.join(", ")));
    if !e.attachments.is_empty() {
        out.push_str(&format!("Attachments: {}\n", e.attachments.join(", ")));
    }
    out.push('\n');
    out.push_str(&e.body);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::is_address;

    #[test]
    fn addresses_with_separating_punctuation_are_refused() {
        for good in ["bob@co.com", "a.b+tag@mail.example.org", "root@localhost"] {
            assert!(is_address(good), "{good}");
        }
        for bad in
            ["bob@co.com,", "<bob@co.com>", "bob@co.com.", "bob co@x.y", "@co.com", "bob@", "a@b@c", "\"bob\"@co.com"]
        {
            assert!(!is_address(bad), "{bad}");
        }
    }
}
