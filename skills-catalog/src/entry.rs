//! What generated code describes: skills and domains as `static` data.
//!
//! Build scripts (`skills-codegen`) write one [`SkillEntry`] per skill and
//! one [`DomainEntry`] per domain; nothing is parsed at run time.

use skills_core::spec::FlagSpec;

/// Documentation of one flag (the part the argument parser does not need).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagDoc<'a> {
    /// Placeholder from Usage or Flags (`addresses`), or empty.
    pub placeholder: &'a str,
    /// Description as written, markers included.
    pub description: &'a str,
    /// 1-based line of the flag in its markdown file.
    pub line: u32,
}

/// The documentation of a skill's flags, in the markdown's order, packed by
/// the build into one string.
///
/// Each flag is a head line of three decimal numbers (its line, the
/// placeholder's length and the description's length, in bytes) followed by
/// the placeholder and the description, so any text round-trips. One string
/// literal per skill replaces a `FlagDoc` literal per flag in a `static`,
/// which cost `rustc` far more to check in large trees; reading it is a
/// walk over at most a few dozen flags, on the help and schema paths only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlagDocs<'a>(&'a str);

impl<'a> FlagDocs<'a> {
    /// Docs packed by `FlagDocs::pack` (with `alloc`). Text in another form reads as
    /// fewer flags (up to the first malformed one), never as a panic.
    pub const fn from_packed(packed: &'a str) -> Self {
        FlagDocs(packed)
    }

    /// The packed text.
    pub const fn as_packed(&self) -> &'a str {
        self.0
    }

    /// Packs `docs` in order.
    #[cfg(feature = "alloc")]
    pub fn pack<'d>(docs: impl IntoIterator<Item = FlagDoc<'d>>) -> alloc::string::String {
        use core::fmt::Write as _;
        let mut out = alloc::string::String::new();
        for d in docs {
            // Writing to a `String` cannot fail.
            let _ = writeln!(out, "{} {} {}", d.line, d.placeholder.len(), d.description.len());
            out.push_str(d.placeholder);
            out.push_str(d.description);
        }
        out
    }

    /// The docs of flag `i`.
    pub fn get(&self, i: usize) -> Option<FlagDoc<'a>> {
        self.iter().nth(i)
    }

    /// The docs of every flag, in order.
    pub fn iter(&self) -> impl Iterator<Item = FlagDoc<'a>> + 'a {
        let mut rest = self.0;
        core::iter::from_fn(move || {
            let (doc, next) = next_doc(rest)?;
            rest = next;
            Some(doc)
        })
    }
}

/// The first flag's docs in `packed`, and the text after them.
fn next_doc(packed: &str) -> Option<(FlagDoc<'_>, &str)> {
    let (head, rest) = packed.split_once('\n')?;
    let mut numbers = head.splitn(3, ' ').map(|n| n.parse::<u32>().ok());
    let (line, placeholder, description) = (numbers.next()??, numbers.next()??, numbers.next()??);
    let (placeholder, description) = (placeholder as usize, description as usize);
    let end = placeholder.checked_add(description)?;
    let doc = FlagDoc { placeholder: rest.get(..placeholder)?, description: rest.get(placeholder..end)?, line };
    Some((doc, rest.get(end..)?))
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
    /// Flag documentation, parallel to `flags`, packed (see [`FlagDocs`]).
    pub flag_docs: &'static str,
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
#[derive(Clone, Copy, Debug)]
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

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::{FlagDoc, FlagDocs};

    /// Any text, newlines, digits and spaces included, reads back as packed;
    /// text that is not in the packed form reads as the flags before the
    /// first malformed one.
    #[test]
    fn packed_flag_docs_read_back_as_written() {
        let docs = [
            FlagDoc { placeholder: "addresses", description: "Recipients, space-separated (required)", line: 14 },
            FlagDoc { placeholder: "", description: "", line: 0 },
            FlagDoc {
                placeholder: "n m\n", description: "12 3\n4 5 6\nDefault: 20 — «quoted» ✓", line: u32::MAX
            },
        ];
        let packed = FlagDocs::pack(docs);
        let read = FlagDocs::from_packed(&packed);
        assert_eq!(read.iter().collect::<Vec<_>>(), docs);
        assert_eq!(read.get(2), Some(docs[2]));
        assert_eq!(read.get(3), None);
        assert_eq!(FlagDocs::default().get(0), None);
        for cut in 0..packed.len() {
            if let Some(prefix) = packed.get(..cut) {
                let n = FlagDocs::from_packed(prefix).iter().count();
                assert!(n < docs.len() && FlagDocs::from_packed(prefix).iter().eq(docs[..n].iter().copied()), "{cut}");
            }
        }
        for bad in ["14 4\ntext", "x 1 1\nab", "1 99999999999 1\nab", "1 4294967295 4294967295\n", "\n"] {
            assert_eq!(FlagDocs::from_packed(bad).get(0), None, "{bad:?}");
        }
    }
}

/// The most fields one `FromFlags` tuple of the runtime reads (it
/// implements the trait for tuples up to this long); generated code splits
/// longer flag lists into runs of this many.
#[doc(hidden)]
pub const FROM_FLAGS_RUN: usize = 12;
