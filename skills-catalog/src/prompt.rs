//! The skill section of a system prompt: the domain map and a quick
//! reference of commands, as an orchestrator's prompt shows them.
//!
//! The same function runs at build time (the compiled `summary`) and in dev
//! mode, so both read the same.

use crate::catalog::{Catalog, SkillView, skills};
use core::fmt::{self, Write};

/// Most quick-reference lines. Trees with more skills list only skills
/// tagged `common` (every skill otherwise).
pub const QUICK_REFERENCE_MAX: usize = 24;

/// The tag that puts a skill in the quick reference of a large tree.
pub const COMMON_TAG: &str = "common";

/// Writes the domain list, the drill-down lines and the quick reference.
pub fn write_summary(
    catalog: &dyn Catalog,
    visible: &dyn Fn(&SkillView<'_>) -> bool,
    out: &mut dyn Write,
) -> fmt::Result {
    crate::help::write(catalog, crate::help::HelpTarget::Domains, visible, out)?;
    let shown: usize = skills(catalog).filter(|s| visible(s)).count();
    out.write_str("\nQuick reference:\n")?;
    let mut written = 0;
    for s in skills(catalog).filter(|s| visible(s)) {
        if shown > QUICK_REFERENCE_MAX && !s.tags.iter().any(|t| t == COMMON_TAG) {
            continue;
        }
        write_quick_line(&s, out)?;
        written += 1;
    }
    if written < shown {
        writeln!(out, "  ({} more: get_skill: <domain> lists them)", shown - written)?;
    }
    Ok(())
}

/// `  email.send --to <addresses> --subject <text> --body <text> [...]`
fn write_quick_line(s: &SkillView<'_>, out: &mut dyn Write) -> fmt::Result {
    write!(out, "  {}", s.name)?;
    let mut optional = false;
    for i in 0..s.flags.len() {
        let Some(spec) = s.flags.spec(i) else { continue };
        if !spec.required {
            optional = true;
            continue;
        }
        let p = s.flags.placeholder(i);
        let p = if p.is_empty() { "value" } else { p };
        write!(out, " --{} <{}>", spec.name, p)?;
    }
    if optional {
        out.write_str(" [...]")?;
    }
    out.write_char('\n')
}

/// A token count estimate: characters / 4, rounded up (the rule of thumb
/// OpenAI publishes for English text; real tokenizers differ).
pub fn estimate_tokens(text: &str) -> usize {
    text.chars().count().div_ceil(4)
}

/// The summary as a `String`.
#[cfg(feature = "alloc")]
pub fn summary(catalog: &dyn Catalog, visible: &dyn Fn(&SkillView<'_>) -> bool) -> alloc::string::String {
    let mut s = alloc::string::String::new();
    let _ = write_summary(catalog, visible, &mut s);
    s
}

/// A CLI-first system prompt (how to write commands, how to
/// browse skills, the rules), with the skill section `summary` at its end.
/// Applications append their own user, task and memory context.
#[cfg(feature = "alloc")]
pub fn system_prompt(summary: &str) -> alloc::string::String {
    let mut s = alloc::string::String::from(RULES);
    s.push('\n');
    s.push_str(summary.trim_end());
    s.push('\n');
    s
}

/// The instructions that open `system_prompt` (with `alloc`).
pub const RULES: &str = "You are an AI assistant. You help users by executing skills.

To perform actions, output commands inside ```cmd code blocks:

```cmd
email.send --to bob@co.com --subject \"Hello\" --body \"Hi Bob!\"
```

To explore available skills:
```cmd
get_skill
```

To see skills in a specific domain:
```cmd
get_skill: email
```

To see details about a specific skill:
```cmd
get_skill: email.send
```

To load all skills in a domain at once:
```cmd
get_skill: email.all
```

Rules:
- Each command goes on its own line inside a ```cmd block
- Arguments with spaces must be quoted: --subject \"Q1 Report\"
- Flags with multiple values are space-separated: --to alice@co.com bob@co.com
- Boolean flags are true by presence: --overdue
- Line breaks in a value are typed inside its quotes (\\n stays a backslash and an n)
- You can output multiple commands to accomplish multi-step tasks
- Text outside ```cmd blocks is your response to the user
";
