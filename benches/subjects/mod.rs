//! What `hot_path` and `side_by_side` measure, written once: the
//! commands, the structs other parsers fill, and one function per way of
//! reading a command, so that both benchmarks time the same code.
#![allow(dead_code)]

use assistant::skills;
use clap::{FromArgMatches, Parser, ValueEnum};
use skills_runtime::args;

pub const SEND_LINE: &str =
    r#"email.send --to a@b.com c@d.com --subject "Q1 Report" --body "Here is the report." --cc e@f.com"#;
/// A short command, as most are: shorter than the tokenizer's 64-byte chunk.
pub const SHORT_LINE: &str = "tasks.search --overdue --sort priority";
/// A reply that is nothing but a command, shorter than the extractor's
/// 64-byte chunk.
pub const SHORT_REPLY: &str = "```cmd\ntasks.search --overdue --sort priority\n```";
pub const SEND_ARGV: &[&str] =
    &["--to", "a@b.com", "c@d.com", "--subject", "Q1 Report", "--body", "Here is the report.", "--cc", "e@f.com"];
pub const SEARCH_ARGV: &[&str] = &[
    "--status",
    "todo",
    "blocked",
    "--priority",
    "high",
    "critical",
    "--due-before",
    "2026-03-01",
    "--limit",
    "5",
    "--overdue",
    "--tags",
    "Q1",
    "backend",
];

// ---- the structs other parsers fill --------------------------------------

#[derive(Parser, Debug)]
#[command(name = "email.send")]
pub struct ClapSend {
    #[arg(long, num_args = 1.., required = true)]
    pub to: Vec<String>,
    #[arg(long)]
    pub subject: String,
    #[arg(long)]
    pub body: String,
    #[arg(long, num_args = 1..)]
    pub cc: Option<Vec<String>>,
    #[arg(long, num_args = 1..)]
    pub bcc: Option<Vec<String>>,
    #[arg(long, num_args = 1..)]
    pub attachments: Option<Vec<String>>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum Status {
    Todo,
    InProgress,
    Blocked,
    Done,
    Cancelled,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Priority {
    Critical,
    High,
    Medium,
    Low,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum Sort {
    DueDate,
    Priority,
    CreatedAt,
    UpdatedAt,
}

pub fn parse_date(s: &str) -> Result<skills_runtime::Date, String> {
    s.parse().map_err(|e| format!("{e}"))
}

#[derive(Parser, Debug)]
#[command(name = "tasks.search")]
pub struct ClapSearch {
    #[arg(long)]
    pub query: Option<String>,
    #[arg(long, num_args = 1.., value_enum, default_values_t = [Status::Todo, Status::InProgress, Status::Blocked])]
    pub status: Vec<Status>,
    #[arg(long)]
    pub assignee: Option<String>,
    #[arg(long, num_args = 1.., value_enum)]
    pub priority: Option<Vec<Priority>>,
    #[arg(long, num_args = 1..)]
    pub tags: Option<Vec<String>>,
    #[arg(long, value_parser = parse_date)]
    pub due_before: Option<skills_runtime::Date>,
    #[arg(long, value_parser = parse_date)]
    pub due_after: Option<skills_runtime::Date>,
    #[arg(long)]
    pub overdue: bool,
    #[arg(long, value_enum, default_value_t = Sort::DueDate)]
    pub sort: Sort,
    #[arg(long, default_value_t = 20)]
    pub limit: i64,
}

#[derive(gumdrop::Options, Debug, Default)]
pub struct GumdropSend {
    #[options(no_short)]
    pub to: Vec<String>,
    #[options(no_short)]
    pub subject: Option<String>,
    #[options(no_short)]
    pub body: Option<String>,
    #[options(no_short)]
    pub cc: Vec<String>,
    #[options(no_short)]
    pub bcc: Vec<String>,
    #[options(no_short)]
    pub attachments: Vec<String>,
}

/// An owned result, as lexopt and hand-written parsers fill it.
#[derive(Debug, Default)]
pub struct OwnedSend {
    pub to: Vec<String>,
    pub subject: String,
    pub body: String,
    pub cc: Vec<String>,
    pub bcc: Vec<String>,
    pub attachments: Vec<String>,
}

pub fn lexopt_send(argv: &[&str]) -> Result<OwnedSend, lexopt::Error> {
    use lexopt::prelude::*;
    let mut out = OwnedSend::default();
    let mut p = lexopt::Parser::from_args(argv.iter().copied());
    while let Some(arg) = p.next()? {
        let list = match arg {
            Long("to") => &mut out.to,
            Long("cc") => &mut out.cc,
            Long("bcc") => &mut out.bcc,
            Long("attachments") => &mut out.attachments,
            Long("subject") => {
                out.subject = p.value()?.string()?;
                continue;
            }
            Long("body") => {
                out.body = p.value()?.string()?;
                continue;
            }
            _ => return Err(arg.unexpected()),
        };
        for v in p.values()? {
            list.push(v.string()?);
        }
    }
    if out.to.is_empty() || out.subject.is_empty() {
        return Err("missing".into());
    }
    Ok(out)
}

pub fn hand_send(argv: &[&str]) -> Result<OwnedSend, &'static str> {
    let mut out = OwnedSend::default();
    let mut i = 0;
    while i < argv.len() {
        let flag = argv[i].strip_prefix("--").ok_or("value before flag")?;
        i += 1;
        let start = i;
        while i < argv.len() && !argv[i].starts_with("--") {
            i += 1;
        }
        let values = &argv[start..i];
        let one = || values.first().map(|v| v.to_string()).ok_or("missing value");
        match flag {
            "to" => out.to = values.iter().map(|v| v.to_string()).collect(),
            "cc" => out.cc = values.iter().map(|v| v.to_string()).collect(),
            "bcc" => out.bcc = values.iter().map(|v| v.to_string()).collect(),
            "attachments" => out.attachments = values.iter().map(|v| v.to_string()).collect(),
            "subject" => out.subject = one()?,
            "body" => out.body = one()?,
            _ => return Err("unknown flag"),
        }
    }
    Ok(out)
}

/// As the router does it: validated into arguments on the stack, then
/// read into the generated typed struct (borrowing from the command).
pub fn ours_send(argv: &'static [&'static str]) -> usize {
    let mut a = args::Args::new();
    args::parse_into(&skills::email::send::FLAGS, argv, &mut a).expect("valid");
    skills::email::send::Flags::from_args(&a).expect("typed").to.len()
}

pub fn ours_search(argv: &'static [&'static str]) -> i64 {
    let mut a = args::Args::new();
    args::parse_into(&skills::tasks::search::FLAGS, argv, &mut a).expect("valid");
    skills::tasks::search::Flags::from_args(&a).expect("typed").limit
}

// ---- model text ---------------------------------------------------------------

pub fn reply_text() -> String {
    format!("Sending the report now.\n\n```cmd\n{SEND_LINE}\n```\n\nDone.")
}

/// The ```cmd line of a reply.
pub fn first_command(reply: &str) -> &str {
    use skills_runtime::extract::{Found, blocks};
    for f in blocks(reply) {
        if let Found::Block(b) = f {
            return b.body.trim_end_matches('\n');
        }
    }
    ""
}

/// gumdrop takes one value per option: the same call as [`SEND_ARGV`],
/// with `--to` repeated for each recipient.
pub const GUM_ARGV: &[&str] = &[
    "--to",
    "a@b.com",
    "--to",
    "c@d.com",
    "--subject",
    "Q1 Report",
    "--body",
    "Here is the report.",
    "--cc",
    "e@f.com",
];

pub fn clap_send(argv: &[&str]) -> ClapSend {
    ClapSend::try_parse_from(std::iter::once("email.send").chain(argv.iter().copied())).unwrap()
}

/// clap with the `Command` built once (`ClapSend::command()`).
pub fn clap_send_prebuilt(cmd: &mut clap::Command, argv: &[&str]) -> ClapSend {
    let m = cmd.try_get_matches_from_mut(std::iter::once("email.send").chain(argv.iter().copied())).unwrap();
    ClapSend::from_arg_matches(&m).unwrap()
}

pub fn gumdrop_send(argv: &[&str]) -> GumdropSend {
    <GumdropSend as gumdrop::Options>::parse_args_default(argv).unwrap()
}

pub fn clap_search(argv: &[&str]) -> ClapSearch {
    ClapSearch::try_parse_from(std::iter::once("tasks.search").chain(argv.iter().copied())).unwrap()
}

/// Model text to typed flags, borrowed: the fence scan, the tokenizer
/// (tokens unescaped into a scratch buffer when they need it, borrowed from
/// the reply otherwise), the name lookup, the parse and validation, and the
/// generated struct.
pub fn hot_borrowed(reply: &str) -> usize {
    let mut scratch = [0u8; 256];
    let mut tokens = skills_runtime::tokenize::TokenBuf::<64>::new();
    let cmd = first_command(reply);
    let n = skills_runtime::tokenize::split_str_into(cmd, &mut scratch, &mut tokens).unwrap();
    let i = skills::CATALOG.index.unwrap().get(tokens[0]).unwrap();
    let entry = skills::SKILLS[usize::from(i)];
    let mut a = args::Args::new();
    args::parse_into(entry.flags, &tokens[1..n], &mut a).unwrap();
    skills::email::send::Flags::from_args(&a).unwrap().to.len()
}

/// What a handler taking owned parameters receives: `email.send`'s flags
/// as `clap`'s output holds them (every field `ClapSend` has).
pub type OwnedSendParams = (Vec<String>, String, String, Option<Vec<String>>, Option<Vec<String>>, Option<Vec<String>>);

/// Model text to owned values: [`hot_borrowed`]'s path, with each flag
/// converted as the glue `#[skill]` writes for a handler whose parameters
/// are `Vec<String>`, `String` and `Option<Vec<String>>` does it
/// (`FromFlag` per parameter).
pub fn hot_owned(reply: &str) -> OwnedSendParams {
    use skills_runtime::convert::FromFlag;
    let cmd = first_command(reply);
    // Tokens as `Router::execute` takes them: borrowed from the reply
    // (nothing here to unescape, so no scratch buffer).
    let mut tokens = skills_runtime::tokenize::TokenBuf::<128>::new();
    let n = skills_runtime::tokenize::split_str_into(cmd, &mut [], &mut tokens).unwrap();
    let refs = &tokens[..n];
    let i = skills::CATALOG.index.unwrap().get(refs[0]).unwrap();
    let entry = skills::SKILLS[usize::from(i)];
    let mut a = args::Args::new();
    args::parse_into(entry.flags, &refs[1..], &mut a).unwrap();
    (
        Vec::from_flag(a.slot(0)).unwrap(),
        String::from_flag(a.slot(1)).unwrap(),
        String::from_flag(a.slot(2)).unwrap(),
        Option::from_flag(a.slot(3)).unwrap(),
        Option::from_flag(a.slot(4)).unwrap(),
        Option::from_flag(a.slot(5)).unwrap(),
    )
}

/// The same reply through `shlex::split` and clap derive.
pub fn hot_clap(reply: &str) -> ClapSend {
    let argv = shlex::split(first_command(reply)).unwrap();
    ClapSend::try_parse_from(argv).unwrap()
}

// ---- extractor ---------------------------------------------------------------

/// About 100 MB of model replies: paragraphs of prose with inline code,
/// one ```cmd block per reply (one to three commands), and every fourth
/// reply also a ```json or ```python example, as assistants write them.
pub fn model_text() -> String {
    const PROSE: &[&str] = &[
        "I'll look at your overdue tasks first, then send Bob the summary you asked for.",
        "The `tasks.search` skill filters by status, assignee and due date; `--overdue` keeps only the late ones.",
        "Here is what I found in your inbox from this week, grouped by sender and sorted by date.",
        "Two of the tasks are blocked on the API review, so I left their status unchanged.",
        "If you want this every morning, I can turn it into a workflow with `workflow.build` and a schedule.",
        "The calendar shows three meetings tomorrow; the 1:1 with Bob overlaps the design review at 10:00.",
        "Let me know if the subject line should mention the quarter, or if \"Weekly report\" is enough.",
        "I saved your preference for short emails, so future drafts will stay under five sentences.",
    ];
    const COMMANDS: &[&str] = &[
        "tasks.search --overdue --sort priority",
        "email.send --to bob@co.com --subject \"Overdue tasks\" --body \"Three tasks are overdue.\"",
        "calendar.list --date 2026-02-18",
        "memory.save --content \"Prefers short emails\" --category preference",
        "email.search --from alice@co.com --after 2026-02-01 --limit 5",
    ];
    const EXAMPLES: &[&str] = &[
        "```json\n{\"id\": \"task_1\", \"title\": \"Review PR\", \"status\": \"todo\"}\n```\n\n",
        "```python\nfor task in tasks:\n    print(task[\"title\"])\n```\n\n",
    ];
    let target = 100 * 1024 * 1024;
    let mut s = String::with_capacity(target + 4096);
    let mut i = 0usize;
    while s.len() < target {
        for p in 0..(2 + i % 4) {
            for k in 0..(2 + (i + p) % 3) {
                s.push_str(PROSE[(i * 7 + p * 3 + k) % PROSE.len()]);
                s.push(' ');
            }
            s.push_str("\n\n");
        }
        if i.is_multiple_of(4) {
            s.push_str(EXAMPLES[(i / 4) % EXAMPLES.len()]);
        }
        s.push_str("```cmd\n");
        for c in 0..(1 + i % 3) {
            s.push_str(COMMANDS[(i + c) % COMMANDS.len()]);
            s.push('\n');
        }
        s.push_str("```\n\n");
        s.push_str(PROSE[i % PROSE.len()]);
        s.push_str("\n\n");
        i += 1;
    }
    s
}
