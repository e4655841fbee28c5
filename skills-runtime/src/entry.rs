//! What generated code describes: skills and domains as `static` data.
//!
//! Build scripts (`skills-codegen`) write one [`SkillEntry`] per skill and
//! one [`DomainEntry`] per domain; nothing is parsed at run time.

use skills_core::spec::FlagSpec;

/// Documentation of one flag (the part the argument parser does not need).
#[derive(Clone, Copy, Debug)]
pub struct FlagDoc {
    /// Placeholder from Usage or Flags (`addresses`), or empty.
    pub placeholder: &'static str,
    /// Description as written, markers included.
    pub description: &'static str,
    /// 1-based line of the flag in its markdown file.
    pub line: u32,
}

/// Where a skill may run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Eligibility<'a> {
    /// Operating systems (`target_os` names); empty: any.
    pub os: &'a [&'a str],
    /// Environment variables that must be set.
    pub env: &'a [&'a str],
    /// Programs that must be on `PATH`.
    pub binaries: &'a [&'a str],
}

/// A skill, compiled in.
#[derive(Debug)]
pub struct SkillEntry {
    /// `domain.action`.
    pub name: &'static str,
    /// The domain.
    pub domain: &'static str,
    /// One-line summary.
    pub description: &'static str,
    /// The first usage line, or empty.
    pub usage: &'static str,
    /// The markdown body: help text, or the template a model follows.
    pub body: &'static str,
    /// Flag schemas, in the markdown's order.
    pub flags: &'static [FlagSpec<'static>],
    /// Flag documentation, parallel to `flags`.
    pub flag_docs: &'static [FlagDoc],
    /// Short command names.
    pub aliases: &'static [&'static str],
    /// Search tags.
    pub tags: &'static [&'static str],
    /// Cron schedule.
    pub schedule: Option<&'static str>,
    /// Only reads (safe for an orchestrator to call directly).
    pub read_only: bool,
    /// Where it may run.
    pub eligibility: Eligibility<'static>,
    /// The markdown file, relative to the crate that compiled it.
    pub source: &'static str,
    /// Fingerprint of the flag shape (see `skills_parser::Skill::shape_fingerprint`).
    pub shape: u64,
    /// Whether a compiled handler runs it (else its body is returned).
    pub has_handler: bool,
    /// The skill as an OpenAI function tool (strict mode), as JSON; empty
    /// unless the build embedded schemas (`skills_codegen::Builder::json_schemas`).
    /// `Router::tool_schemas` (feature `json`) builds them without it.
    pub openai_tool: &'static str,
    /// The skill as an Anthropic tool, as JSON; empty unless embedded.
    pub anthropic_tool: &'static str,
}

/// A domain, compiled in.
#[derive(Debug)]
pub struct DomainEntry {
    /// The domain name.
    pub name: &'static str,
    /// One-line summary from `SKILL.md`.
    pub description: &'static str,
    /// The `SKILL.md` body.
    pub body: &'static str,
    /// The `SKILL.md` file, or empty.
    pub source: &'static str,
}
