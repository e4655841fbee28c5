//! Diagnostics: every problem the parser and checker report, with a stable
//! code, the place, and a hint that says how to fix it.

use std::fmt;
use std::path::{Path, PathBuf};

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Fails `skills check` and the build.
    Error,
    /// Reported; never fails anything.
    Warning,
}

impl Severity {
    /// `error` or `warning`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// Which part of a skill an error is about, which decides whether the skill
/// still loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// The skill's definition (file, frontmatter, name, flags): the file is
    /// excluded from the loaded tree.
    Definition,
    /// Only its documentation (usage, examples): the skill still loads.
    Documentation,
    /// Not an error.
    Advice,
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, $severity:ident, $class:ident; )*) => {
        /// The stable code of a diagnostic. Each is documented with an example
        /// in `docs/skill-format.md` and tested in `tests/diagnostics.rs`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $( $(#[$doc])* $variant, )*
        }

        impl Code {
            /// Every code, in declaration order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The code as shown (`name-mismatch`).
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// The severity of diagnostics with this code.
            pub fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)* }
            }

            /// Whether an error excludes the file.
            pub fn class(self) -> Class {
                match self { $(Code::$variant => Class::$class,)* }
            }
        }
    };
}

codes! {
    /// The file is not UTF-8.
    InvalidUtf8 = "invalid-utf8", Error, Definition;
    /// The file is empty.
    EmptyFile = "empty-file", Error, Definition;
    /// The file is larger than the size limit.
    FileTooLarge = "file-too-large", Error, Definition;
    /// The file could not be read.
    Unreadable = "unreadable-file", Error, Definition;
    /// A symlink points outside the skill root.
    SymlinkEscape = "symlink-escape", Error, Definition;
    /// A file name that cannot be an action (`Send.md`, `my-skill.md`).
    InvalidFileName = "invalid-file-name", Error, Definition;
    /// A domain directory whose name cannot be a domain.
    InvalidDomainDir = "invalid-domain-dir", Error, Definition;
    /// The file does not start with a `---` frontmatter block.
    MissingFrontmatter = "missing-frontmatter", Error, Definition;
    /// The frontmatter's closing `---` is missing.
    UnclosedFrontmatter = "unclosed-frontmatter", Error, Definition;
    /// The frontmatter is not valid YAML.
    InvalidYaml = "invalid-yaml", Error, Definition;
    /// The frontmatter is YAML but not a mapping of keys.
    FrontmatterNotMapping = "frontmatter-not-mapping", Error, Definition;
    /// No `name`.
    MissingName = "missing-name", Error, Definition;
    /// `name` is not `domain.action` or uses a reserved action.
    InvalidName = "invalid-name", Error, Definition;
    /// `name` disagrees with the file's path.
    NameMismatch = "name-mismatch", Error, Definition;
    /// No `description`, or an empty one.
    MissingDescription = "missing-description", Error, Definition;
    /// A known key with a value of the wrong type.
    InvalidField = "invalid-field", Error, Definition;
    /// `schedule` is not a valid cron expression.
    InvalidSchedule = "invalid-schedule", Error, Definition;
    /// An alias that is not a valid command name.
    InvalidAlias = "invalid-alias", Error, Definition;
    /// An alias used twice, or equal to a skill or domain name.
    DuplicateAlias = "duplicate-alias", Error, Definition;
    /// Two skills map to the same tool name (`a_b.c` and `a.b_c`).
    ToolNameCollision = "tool-name-collision", Error, Definition;
    /// `eligibility` is malformed.
    InvalidEligibility = "invalid-eligibility", Error, Definition;
    /// A flag declared twice.
    DuplicateFlag = "duplicate-flag", Error, Definition;
    /// A flag line with no description.
    FlagNoDescription = "flag-no-description", Error, Definition;
    /// A flag name that is not `--[a-z][a-z0-9_-]*`.
    InvalidFlagName = "invalid-flag-name", Error, Definition;
    /// Markers that contradict each other (`(boolean flag)` and `One of:`).
    ConflictingMarkers = "conflicting-markers", Error, Definition;
    /// A default that does not fit the flag.
    InvalidDefault = "invalid-default", Error, Definition;
    /// An enum value that is not a plain word.
    InvalidEnumValue = "invalid-enum-value", Error, Definition;
    /// An unknown `(type: ...)`.
    InvalidType = "invalid-type", Error, Definition;
    /// More flags than the runtime supports.
    TooManyFlags = "too-many-flags", Error, Definition;
    /// A `SKILL.md` index with a missing or wrong `domain` or `description`.
    InvalidIndex = "invalid-index", Error, Definition;
    /// More skills than the tree may hold (`LoadOptions::max_skills`: a
    /// compiled table numbers at most 65,536).
    TooManySkills = "too-many-skills", Error, Definition;
    /// An example that does not parse against the skill's flags.
    ExampleInvalid = "example-invalid", Error, Documentation;
    /// An example that calls a skill that does not exist.
    ExampleUnknownSkill = "example-unknown-skill", Error, Documentation;
    /// A usage line for another skill name.
    UsageWrongName = "usage-wrong-name", Error, Documentation;
    /// A frontmatter key the format does not define (kept).
    UnknownKey = "unknown-key", Warning, Advice;
    /// `name` is the path's skill name written another way: the action
    /// alone (`send`, as other skill formats name a skill), or the tool
    /// name (`email_send`); read as the path's name.
    NameSpelling = "name-spelling", Warning, Advice;
    /// `(type: email)`, `(type: url)`: a format of text as the type, read
    /// as a string.
    FormatType = "format-type", Warning, Advice;
    /// `**Flags:**`, `Flags:` or `OPTIONS` alone in a paragraph, read as the
    /// `## Flags` section.
    BoldHeading = "bold-heading", Warning, Advice;
    /// A domain index (`SKILL.md`) without frontmatter: its first paragraph
    /// is read as the description.
    IndexWithoutFrontmatter = "index-without-frontmatter", Warning, Advice;
    /// A flag shown in Usage but missing from Flags.
    UsageFlagUndocumented = "usage-flag-undocumented", Warning, Advice;
    /// A flag in Flags missing from Usage.
    FlagNotInUsage = "flag-not-in-usage", Warning, Advice;
    /// Usage shows a value without a flag (`notes.add <text>`).
    PositionalArgument = "positional-argument", Warning, Advice;
    /// A template's `{name}` close to a flag's name but not one (`{tpoic}`).
    UnknownPlaceholder = "unknown-placeholder", Warning, Advice;
    /// Usage and Flags disagree on whether a flag is required or takes a value.
    UsageMismatch = "usage-mismatch", Warning, Advice;
    /// Prose that lists values without `One of:` (the flag stays a string).
    ProseEnum = "prose-enum", Warning, Advice;
    /// Prose or a placeholder that suggests several values on a single-valued flag.
    ProseList = "prose-list", Warning, Advice;
    /// Prose that names a type (`an integer`, `YYYY-MM-DD`) for a flag that
    /// no marker types (it stays a string).
    ProseType = "prose-type", Warning, Advice;
    /// Usage shows a flag given more than once (`[--tag <t>]...`), or its
    /// description says to repeat it: a command gives a flag once.
    RepeatedFlag = "repeated-flag", Warning, Advice;
    /// Prose that mentions a default without `(default: ...)`.
    ProseDefault = "prose-default", Warning, Advice;
    /// A switch written `--[no-]name`: read as `--name`; the `--no-` form
    /// does not exist.
    NegatedForm = "negated-form", Warning, Advice;
    /// A line in `## Flags` that mentions a flag but is not a flag line.
    UnrecognizedFlagLine = "unrecognized-flag-line", Warning, Advice;
    /// A `## Flags` section with text, none of which reads as a flag, in a
    /// skill that declares no flag anywhere else.
    NoFlagsRead = "no-flags-read", Warning, Advice;
    /// Nothing says whether a flag takes a value (no placeholder, type,
    /// default, or Usage entry): it is read as taking text.
    UntypedFlag = "untyped-flag", Warning, Advice;
    /// A flag neither marked required nor optional beside one marked
    /// `(optional)`, as tool READMEs mark the optional ones: it is read as
    /// optional.
    UnmarkedFlag = "unmarked-flag", Warning, Advice;
    /// No `## Usage` section.
    MissingUsage = "missing-usage", Warning, Advice;
    /// No `## Examples` section, or one without commands.
    MissingExamples = "missing-examples", Warning, Advice;
    /// A domain directory without `SKILL.md`.
    MissingIndex = "missing-index", Warning, Advice;
    /// A markdown file outside `<domain>/<action>.md`, ignored.
    StrayFile = "stray-file", Warning, Advice;
    /// The `# title` differs from the skill's name.
    TitleMismatch = "title-mismatch", Warning, Advice;
    /// An `eligibility.os` value that is not a known operating system.
    UnknownOs = "unknown-os", Warning, Advice;
    /// `created` is not a `YYYY-MM-DD` date.
    InvalidCreated = "invalid-created", Warning, Advice;
    /// The `SKILL.md` skill table lists a skill that does not exist or misses one.
    IndexTableStale = "index-table-stale", Warning, Advice;
}

impl Code {
    /// Whether the code is about a flag declaration (the flags of a skill
    /// with such an error are incomplete).
    pub fn is_flag_error(self) -> bool {
        matches!(
            self,
            Code::DuplicateFlag
                | Code::FlagNoDescription
                | Code::InvalidFlagName
                | Code::ConflictingMarkers
                | Code::InvalidDefault
                | Code::InvalidEnumValue
                | Code::InvalidType
                | Code::TooManyFlags
        )
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem, where it is, and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code.
    pub code: Code,
    /// Error or warning (from the code).
    pub severity: Severity,
    /// The file, as a path under the root the tree was loaded from.
    pub file: PathBuf,
    /// 1-based line (0 when the problem is about the whole file).
    pub line: usize,
    /// 1-based column (0 when unknown).
    pub column: usize,
    /// What is wrong, for the author.
    pub message: String,
    /// How to fix it.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with the code's severity.
    pub fn new(code: Code, file: impl Into<PathBuf>, line: usize, column: usize, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: code.severity(),
            file: file.into(),
            line,
            column,
            message: message.into(),
            hint: None,
        }
    }

    /// Adds the fix.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:column`, leaving out what is unknown.
    pub fn location(&self) -> String {
        let file = display_path(&self.file);
        match (self.line, self.column) {
            (0, _) => file,
            (l, 0) => format!("{file}:{l}"),
            (l, c) => format!("{file}:{l}:{c}"),
        }
    }

    /// The diagnostic as rustc prints one:
    ///
    /// ```text
    /// error[name-mismatch]: `name: email.sned` does not match the file's path
    ///   --> skills/email/send.md:2:7
    ///    = help: write `name: email.send`
    /// ```
    ///
    /// What could take a terminal over (control characters, bidirectional
    /// overrides) is escaped, in the file name and the message (line breaks
    /// too: each is one line, which a file name or the text it quotes
    /// cannot break to forge another) and in the hint.
    pub fn render(&self) -> String {
        use skills_core::terminal::{Lines, escape};
        let mut s = format!(
            "{}[{}]: {}\n  --> {}\n",
            self.severity.as_str(),
            self.code,
            escape(&self.message, Lines::Escape),
            escape(&self.location(), Lines::Escape)
        );
        if let Some(h) = &self.hint {
            s.push_str(&format!("   = help: {}\n", escape(h, Lines::Keep)));
        }
        s
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

/// A path with `/` separators, as shown in diagnostics on every platform.
pub fn display_path(p: &Path) -> String {
    p.to_string_lossy().replace('\\', "/")
}

/// Collects diagnostics for one file.
#[derive(Debug)]
pub(crate) struct Sink<'a> {
    pub(crate) file: &'a Path,
    pub(crate) out: Vec<Diagnostic>,
}

impl<'a> Sink<'a> {
    pub(crate) fn new(file: &'a Path) -> Self {
        Sink { file, out: Vec::new() }
    }

    pub(crate) fn push(
        &mut self,
        code: Code,
        line: usize,
        column: usize,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        let hint = hint.into();
        let mut d = Diagnostic::new(code, self.file, line, column, message);
        if !hint.is_empty() {
            d.hint = Some(hint);
        }
        self.out.push(d);
    }

    /// Whether any error of the definition class was reported.
    pub(crate) fn has_definition_error(&self) -> bool {
        self.out.iter().any(|d| d.is_error() && d.code.class() == Class::Definition)
    }
}

/// Sorts diagnostics by file, line and column, keeping report order otherwise.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by(|a, b| (&a.file, a.line, a.column).cmp(&(&b.file, b.line, b.column)));
}
