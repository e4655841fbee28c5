//! Frontmatter keys, section names and marker words: every name the format
//! defines, in one place.

/// `name: domain.action` (skills).
pub const NAME: &str = "name";
/// `description:` (skills and domain indexes).
pub const DESCRIPTION: &str = "description";
/// `handler:`: the skill needs a compiled `#[skill]` handler.
pub const HANDLER: &str = "handler";
/// `schedule:`: five-field cron expression.
pub const SCHEDULE: &str = "schedule";
/// `tags:`.
pub const TAGS: &str = "tags";
/// `author:`.
pub const AUTHOR: &str = "author";
/// `created:` (`YYYY-MM-DD`).
pub const CREATED: &str = "created";
/// `aliases:`: short command names.
pub const ALIASES: &str = "aliases";
/// `eligibility:` with `os`, `env`, `binaries`.
pub const ELIGIBILITY: &str = "eligibility";
/// `read_only:`: overrides the read-only guess from the action name.
pub const READ_ONLY: &str = "read_only";
/// `parameters:`: flags declared in the frontmatter, as other skill formats
/// and tool definitions write them.
pub const PARAMETERS: &str = "parameters";
/// `flags:`, another spelling of `parameters:`.
pub const FLAGS: &str = "flags";
/// `domain:` (domain indexes).
pub const DOMAIN: &str = "domain";

/// Keys of `eligibility`.
pub const ELIGIBILITY_OS: &str = "os";
/// Required environment variables.
pub const ELIGIBILITY_ENV: &str = "env";
/// Required programs on `PATH`.
pub const ELIGIBILITY_BINARIES: &str = "binaries";

/// Every key a skill file may have.
pub const SKILL_KEYS: &[&str] =
    &[NAME, DESCRIPTION, HANDLER, SCHEDULE, TAGS, AUTHOR, CREATED, ALIASES, ELIGIBILITY, READ_ONLY, PARAMETERS, FLAGS];
/// Every key a `SKILL.md` may have (`name` is another spelling of `domain`).
pub const INDEX_KEYS: &[&str] = &[DOMAIN, NAME, DESCRIPTION];
/// Keys other skill formats define (the Agent Skills standard's
/// `license`, `compatibility`, `metadata` and `allowed-tools`, and a
/// `version`): kept for applications, without an `unknown-key` warning,
/// since a file written for those formats means them.
pub const OTHER_FORMAT_KEYS: &[&str] = &["license", "compatibility", "metadata", "allowed-tools", "version"];

/// The domain index file of each domain directory.
pub const INDEX_FILE: &str = "SKILL.md";

/// Section headings (matched ignoring case).
pub const SECTION_USAGE: &[&str] = &["usage", "synopsis"];
/// The flags section, by the names man pages and API references give it.
pub const SECTION_FLAGS: &[&str] = &["flags", "options", "arguments", "parameters", "params", "args", "inputs"];
/// The behavior section (either spelling).
pub const SECTION_BEHAVIOR: &[&str] = &["behavior", "behaviour"];
/// The examples section.
pub const SECTION_EXAMPLES: &[&str] = &["examples", "example"];

/// Actions that make a skill read-only unless `read_only:` says otherwise
/// (`tasks.search`, `email.read`, `calendar.list_week`).
pub const READ_ONLY_VERBS: &[&str] =
    &["search", "get", "list", "read", "find", "show", "view", "query", "lookup", "count", "status"];

/// Placeholders that make a flag an integer (`<n>`).
pub const INTEGER_PLACEHOLDERS: &[&str] = &[
    "n", "num", "number", "count", "int", "integer", "cols", "columns", "lines", "rows", "depth", "port", "seconds",
    "secs", "jobs", "threads", "retries",
];
/// Placeholders that make a flag a number (`<number>` stays an integer,
/// as man pages write a count).
pub const NUMBER_PLACEHOLDERS: &[&str] = &["float", "decimal"];
/// Placeholders that make a flag a date (`%Y-%m-%d` as Click prints it).
pub const DATE_PLACEHOLDERS: &[&str] = &["date", "yyyy-mm-dd", "%y-%m-%d"];

/// Operating systems `eligibility.os` knows (Rust `target_os` names), with
/// the aliases other skill formats use.
pub const KNOWN_OS: &[&str] = &[
    "linux",
    "macos",
    "windows",
    "freebsd",
    "netbsd",
    "openbsd",
    "dragonfly",
    "android",
    "ios",
    "illumos",
    "solaris",
    "none",
    "darwin",
    "win32",
];

/// The canonical `target_os` of an `eligibility.os` value.
pub fn canonical_os(os: &str) -> &str {
    match os {
        "darwin" | "osx" | "mac" => "macos",
        "win32" | "win" => "windows",
        other => other,
    }
}
