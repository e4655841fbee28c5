//! Rust names for skill, flag and value names.

/// Keywords of every edition, strict and reserved.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl", "in",
    "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super",
    "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "abstract", "become", "box",
    "do", "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// Keywords that cannot be raw identifiers.
const NOT_RAW: &[&str] = &["self", "Self", "super", "crate", "_"];

/// A lowercase name as a Rust identifier (`type` -> `r#type`, `self` -> `self_`).
pub(crate) fn ident(name: &str) -> String {
    if NOT_RAW.contains(&name) {
        format!("{name}_")
    } else if KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_string()
    }
}

/// The name `#[skill]` compares parameters with (`r#type` compares as `type`).
pub(crate) fn field_key(name: &str) -> String {
    let id = ident(&name.replace('-', "_"));
    id.strip_prefix("r#").map(str::to_string).unwrap_or(id)
}

/// `in_progress` -> `InProgress`, `due-before` -> `DueBefore`, `v1.2` -> `V1_2`,
/// `2fa` -> `V2fa`.
pub(crate) fn camel(name: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    let mut prev_digit = false;
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_digit() && prev_digit && upper {
                // Keep `1.2` readable as `1_2`.
                out.push('_');
            }
            if upper {
                out.extend(c.to_uppercase());
            } else {
                out.push(c);
            }
            upper = false;
            prev_digit = c.is_ascii_digit();
        } else {
            upper = true;
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'V');
    }
    if KEYWORDS.contains(&out.as_str()) {
        out.push('_');
    }
    out
}

/// Makes `names` unique by suffixing repeats with `_2`, `_3`, ... (a set of
/// the names given so far: a tree's 10,000 handler traits made a list's
/// search quadratic).
pub(crate) fn unique(names: Vec<String>) -> Vec<String> {
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::with_capacity(names.len());
    names
        .into_iter()
        .map(|n| {
            let mut candidate = n.clone();
            let mut k = 2;
            while seen.contains(&candidate) {
                candidate = format!("{n}_{k}");
                k += 1;
            }
            seen.insert(candidate.clone());
            candidate
        })
        .collect()
}

/// A Rust string literal for `s`: raw and multi-line when that reads better.
pub(crate) fn lit(s: &str) -> String {
    if !s.contains('\n') && !s.contains('"') && !s.contains('\\') {
        return format!("{s:?}");
    }
    if s.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return format!("{s:?}");
    }
    let mut hashes = 1;
    while s.contains(&format!("\"{}", "#".repeat(hashes))) {
        hashes += 1;
    }
    let h = "#".repeat(hashes);
    format!("r{h}\"{s}\"{h}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(ident("type"), "r#type");
        assert_eq!(ident("self"), "self_");
        assert_eq!(ident("send"), "send");
        assert_eq!(field_key("due-before"), "due_before");
        assert_eq!(field_key("type"), "type");
        assert_eq!(camel("in_progress"), "InProgress");
        assert_eq!(camel("due-before"), "DueBefore");
        assert_eq!(camel("v1.2"), "V1_2");
        assert_eq!(camel("2fa"), "V2fa");
        assert_eq!(camel("self"), "Self_");
        assert_eq!(unique(vec!["A".into(), "A".into(), "B".into()]), ["A", "A_2", "B"]);
        assert_eq!(lit("a\"b"), "r#\"a\"b\"#");
        assert_eq!(lit("x\"#y"), "r##\"x\"#y\"##");
        assert_eq!(lit("plain"), "\"plain\"");
    }
}
