//! The one parser of skill markdown files.
//!
//! An implementation detail of `skills-codegen`, the `skills` command and
//! `skills-runtime`'s dev mode: its API is not stable and may change in any
//! release. Use those to read skills.
//!
//! Build scripts (through `skills-codegen`), the `skills` CLI and the
//! runtime's dev mode all read skills through this crate, so a file means the
//! same thing everywhere. It reads a tree (`skills/<domain>/<action>.md` plus
//! `skills/<domain>/SKILL.md` indexes), parses each file's YAML frontmatter
//! and man-page body, derives each flag's type from the `## Flags` grammar,
//! checks everything against everything else, and reports every problem as
//! a [`Diagnostic`] with a stable [`Code`], a place and a fix.
//!
//! The format is specified in `docs/skill-format.md`.
//!
//! ```
//! use skills_parser::parse_skill;
//! use skills_core::ValueType;
//!
//! let text = include_str!("../../skills/tasks/search.md");
//! let parsed = parse_skill("skills/tasks/search.md".as_ref(), "tasks", "search", text);
//! let skill = parsed.item.unwrap();
//! let status = skill.flag("status").unwrap();
//! assert_eq!(status.value_type, ValueType::Enum);
//! assert!(status.list);
//! assert_eq!(status.default.as_deref().unwrap(), ["todo", "in_progress", "blocked"]);
//! assert_eq!(skill.flag("overdue").unwrap().value_type, ValueType::Boolean);
//! assert_eq!(skill.flag("limit").unwrap().value_type, ValueType::Integer);
//! assert_eq!(skill.flag("due-before").unwrap().value_type, ValueType::Date);
//! assert!(parsed.diagnostics.iter().all(|d| !d.is_error()));
//! ```
#![warn(missing_docs)]

pub mod check;
mod comments;
pub mod diagnostic;
pub mod examples;
pub mod flags;
pub mod index;
pub mod keys;
// Scanners over one line, shared by the Flags and Usage readers.
mod lex;
mod markdown;
pub mod skill;
mod source;
pub mod tree;
pub mod usage;
mod words;
pub mod yaml;

/// For the fuzz targets: whether each line reading, where it reads, gives
/// what the parser behind it gives. Not part of the API.
#[doc(hidden)]
pub mod __fuzz {
    /// The sections of a skill body, read by lines and by pulldown-cmark.
    pub fn sections_agree(body: &str) -> bool {
        crate::markdown::readings_agree(body)
    }

    /// A frontmatter, read by lines, from the YAML parser's events and by
    /// serde-saphyr.
    pub fn frontmatter_agrees(src: &str) -> bool {
        crate::yaml::readings_agree(src)
    }
}

pub use diagnostic::{Class, Code, Diagnostic, Severity};
pub use flags::{Flag, Origin, Source, Sources};
pub use index::{DomainIndex, parse_index};
pub use skill::{Eligibility, Parsed, Skill, parse_skill};
pub use tree::{Domain, LoadCache, LoadOptions, MAX_COMPILED_SKILLS, Tree, load, load_cached};
