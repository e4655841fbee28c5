//! Domain index files: `skills/<domain>/SKILL.md`.

use crate::comments;
use crate::diagnostic::{Code, Sink};
use crate::keys;
use crate::skill::{Document, Parsed, frontmatter_entries, text_value, tidy_body, unknown_key};
use std::path::{Path, PathBuf};

/// A domain's `SKILL.md`: its description and help page.
#[derive(Clone, Debug, PartialEq)]
pub struct DomainIndex {
    /// The domain (from the directory).
    pub domain: String,
    /// One-line summary, shown by `get_skill`.
    pub description: String,
    /// The markdown body, returned by `get_skill: <domain>`.
    pub body: String,
    /// The file.
    pub path: PathBuf,
    /// Skill names listed in the body's tables, or as the first word of
    /// its list items (for the staleness check), with their lines.
    pub listed: Vec<(String, usize)>,
    /// The first name listed is a list item (`- email.send: ...`), not a
    /// table row: the fix for a skill left out is written as one.
    pub listed_as_items: bool,
    /// Keys the format does not define.
    pub extra: Vec<(String, serde_json::Value)>,
}

/// Parses `file`, the index of directory `domain`.
pub fn parse_index(file: &Path, domain: &str, text: &str) -> Parsed<DomainIndex> {
    let mut sink = Sink::new(file);
    let index = parse_inner(domain, text, &mut sink);
    if sink.has_definition_error() {
        Parsed { item: None, partial: index, diagnostics: sink.out }
    } else {
        Parsed { item: index, partial: None, diagnostics: sink.out }
    }
}

fn parse_inner(domain: &str, text: &str, sink: &mut Sink<'_>) -> Option<DomainIndex> {
    if let Some(index) = without_frontmatter(domain, text, sink) {
        return Some(index);
    }
    let Document { entries, body, body_line } = frontmatter_entries(text, sink, ("domain", domain))?;
    let mut description = None;
    let mut extra = Vec::new();
    for (key, node) in &entries {
        let key = crate::skill::key_spelling(key, node, keys::INDEX_KEYS, &entries, sink);
        match key {
            // `name:` is how other skill formats (Agent Skills) title a
            // `SKILL.md`; here it can only be the domain.
            keys::DOMAIN | keys::NAME => {
                // The domain written in capitals (`name: CRM` for `crm/`), or
                // with `-` for `_` (`name: pdf-processing` for
                // `pdf_processing/`, as Agent Skills names a folder), is the
                // same one: flag names are matched so too.
                if let Some(d) = text_value(node, key, sink)
                    && !skills_core::args::same_flag_name(&d, domain)
                {
                    sink.push(
                        Code::InvalidIndex,
                        node.line,
                        node.column,
                        format!("`{key}: {d}` does not match the directory `{domain}`"),
                        format!("write `{key}: {domain}`; the domain comes from the directory"),
                    );
                }
            }
            keys::DESCRIPTION => description = text_value(node, key, sink),
            other => {
                unknown_key(other, node, keys::INDEX_KEYS, sink);
                extra.push((other.to_string(), node.to_json()));
            }
        }
    }
    let description = match description {
        Some(d) if !d.is_empty() => d,
        _ => {
            sink.push(
                Code::InvalidIndex,
                1,
                1,
                "the domain index has no `description`",
                "add `description: <one-line summary of the domain>`; `get_skill` lists it",
            );
            String::new()
        }
    };
    let found = comments::comments(&body);
    let (listed, listed_as_items) = listed_skills(&comments::blanked(&body, &found), body_line, domain);
    let body = comments::removed(&body, &found);
    Some(DomainIndex {
        domain: domain.to_string(),
        description,
        body: tidy_body(&body),
        path: sink.file.to_path_buf(),
        listed,
        listed_as_items,
        extra,
    })
}

/// A `SKILL.md` written as plain markdown (`# CRM` and a paragraph): the
/// domain comes from its directory and the description from its first
/// paragraph, so nothing is lost; a warning says to add the frontmatter.
/// `None` when the file has a frontmatter block (or no paragraph to take
/// the description from, which the usual path reports).
fn without_frontmatter(domain: &str, text: &str, sink: &mut Sink<'_>) -> Option<DomainIndex> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.lines().find(|l| !l.trim().is_empty())?.trim_end() == "---" {
        return None;
    }
    let found = comments::comments(text);
    let read = comments::blanked(text, &found);
    let description = first_paragraph(&read)?;
    sink.push(
        Code::IndexWithoutFrontmatter,
        1,
        1,
        "the domain index has no `---` frontmatter block; its first paragraph is taken as the description",
        format!("add these lines at the top: `---`, `domain: {domain}`, `description: <one line>`, `---`"),
    );
    let (listed, listed_as_items) = listed_skills(&read, 1, domain);
    let body = comments::removed(text, &found);
    Some(DomainIndex {
        domain: domain.to_string(),
        description,
        body: tidy_body(&body),
        path: sink.file.to_path_buf(),
        listed,
        listed_as_items,
        extra: Vec::new(),
    })
}

/// The first paragraph of prose (not a heading, list, table, quote, code
/// or HTML), as one line.
fn first_paragraph(text: &str) -> Option<String> {
    let mut lines = text.lines().map(str::trim).skip_while(|l| l.is_empty() || l.starts_with('#'));
    let first = lines.next().filter(|l| !l.starts_with(['|', '-', '*', '>', '`', '~', '<', '+', '=']))?;
    let mut out = first.to_string();
    for l in lines.take_while(|l| !l.is_empty() && !l.starts_with(['#', '|', '`', '~'])) {
        out.push(' ');
        out.push_str(l);
    }
    Some(out)
}

/// Skill names in the first cell of table rows (`| email.send | ... |`) or
/// first in list items (`- email.send: ...`, `` * `email.send` — ... ``,
/// `1. [email.send](send.md)`), and whether the first is a list item.
fn listed_skills(body: &str, first_line: usize, domain: &str) -> (Vec<(String, usize)>, bool) {
    let mut out = Vec::new();
    let mut first_is_item = false;
    for (i, line) in body.lines().enumerate() {
        let t = line.trim();
        let (cell, item) = match t.strip_prefix('|') {
            Some(rest) => (rest.split('|').next().unwrap_or("").trim(), false),
            None => match crate::lex::strip_list_marker(t) {
                rest if rest.len() < t.len() => (rest.split([' ', '\t', '(']).next().unwrap_or(""), true),
                _ => continue,
            },
        };
        // `` `email.send` ``, `**email.send**`, `[email.send](send.md)`,
        // `email.send:`.
        let cell = cell.split(']').next().unwrap_or(cell);
        let cell = cell.trim_matches(['`', '*', '_', '[']).trim_end_matches([':', ',', ';', '.']);
        let cell = cell.trim_matches(['`', '*', '_']);
        if let Some((d, _)) = cell.split_once('.')
            && d == domain
            && skills_core::names::parse_skill_name(cell).is_ok()
        {
            first_is_item |= out.is_empty() && item;
            out.push((cell.to_string(), first_line + i));
        }
    }
    (out, first_is_item)
}
