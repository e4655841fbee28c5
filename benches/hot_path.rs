//! The run-time hot path against what a Rust user would otherwise pick
//! (`cargo bench --bench hot_path`; results and ratios in
//! docs/PERFORMANCE.md).
//!
//! - `parse/*`: typed parse of pre-split argv into a struct: the generated
//!   table (`args::parse` + `Flags::from_args`, borrowed) against clap derive
//!   (`try_parse_from`, and with the `Command` built once), lexopt, gumdrop
//!   and a hand-written parser into an owned struct.
//! - `hot/*`: model text to typed flags (fence scan, tokenize, look up,
//!   parse, validate): ours with borrowed output (in-place tokens) and
//!   owned output, the dev-mode registry, and `shlex::split` + clap derive.
//! - `tokenize/*`: ours (borrowing, and in place) against `shlex::split`.
//! - `lookup/*`: the generated name index against a foldhash `HashMap`, at
//!   10, 1,000 and 10,000 names, hits and misses.
//! - `extract/*`: the ```` ```cmd ```` extractor against `memchr::memmem`
//!   on 100 MB of model-like text.

use assistant::skills;
use clap::{CommandFactory, FromArgMatches, Parser, ValueEnum};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use skills_runtime::args;
use skills_runtime::index::NameIndex;
use std::collections::HashMap;
use std::hint::black_box;
#[path = "../tests/support/mod.rs"]
mod support;
use support::copy_tree;

const SEND_LINE: &str =
    r#"email.send --to a@b.com c@d.com --subject "Q1 Report" --body "Here is the report." --cc e@f.com"#;
const SEND_ARGV: &[&str] =
    &["--to", "a@b.com", "c@d.com", "--subject", "Q1 Report", "--body", "Here is the report.", "--cc", "e@f.com"];
const SEARCH_ARGV: &[&str] = &[
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
struct ClapSend {
    #[arg(long, num_args = 1.., required = true)]
    to: Vec<String>,
    #[arg(long)]
    subject: String,
    #[arg(long)]
    body: String,
    #[arg(long, num_args = 1..)]
    cc: Option<Vec<String>>,
    #[arg(long, num_args = 1..)]
    bcc: Option<Vec<String>>,
    #[arg(long, num_args = 1..)]
    attachments: Option<Vec<String>>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
#[value(rename_all = "snake_case")]
enum Status {
    Todo,
    InProgress,
    Blocked,
    Done,
    Cancelled,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Priority {
    Critical,
    High,
    Medium,
    Low,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
#[value(rename_all = "snake_case")]
enum Sort {
    DueDate,
    Priority,
    CreatedAt,
    UpdatedAt,
}

fn parse_date(s: &str) -> Result<skills_runtime::Date, String> {
    s.parse().map_err(|e| format!("{e}"))
}

#[derive(Parser, Debug)]
#[command(name = "tasks.search")]
struct ClapSearch {
    #[arg(long)]
    query: Option<String>,
    #[arg(long, num_args = 1.., value_enum, default_values_t = [Status::Todo, Status::InProgress, Status::Blocked])]
    status: Vec<Status>,
    #[arg(long)]
    assignee: Option<String>,
    #[arg(long, num_args = 1.., value_enum)]
    priority: Option<Vec<Priority>>,
    #[arg(long, num_args = 1..)]
    tags: Option<Vec<String>>,
    #[arg(long, value_parser = parse_date)]
    due_before: Option<skills_runtime::Date>,
    #[arg(long, value_parser = parse_date)]
    due_after: Option<skills_runtime::Date>,
    #[arg(long)]
    overdue: bool,
    #[arg(long, value_enum, default_value_t = Sort::DueDate)]
    sort: Sort,
    #[arg(long, default_value_t = 20)]
    limit: i64,
}

#[derive(gumdrop::Options, Debug, Default)]
struct GumdropSend {
    #[options(no_short)]
    to: Vec<String>,
    #[options(no_short)]
    subject: Option<String>,
    #[options(no_short)]
    body: Option<String>,
    #[options(no_short)]
    cc: Vec<String>,
    #[options(no_short)]
    bcc: Vec<String>,
    #[options(no_short)]
    attachments: Vec<String>,
}

/// An owned result, as lexopt and hand-written parsers fill it.
#[derive(Debug, Default)]
struct OwnedSend {
    to: Vec<String>,
    subject: String,
    body: String,
    cc: Vec<String>,
    bcc: Vec<String>,
    attachments: Vec<String>,
}

fn lexopt_send(argv: &[&str]) -> Result<OwnedSend, lexopt::Error> {
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

fn hand_send(argv: &[&str]) -> Result<OwnedSend, &'static str> {
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
fn ours_send(argv: &'static [&'static str]) -> usize {
    let mut a = args::Args::new();
    args::parse_into(&skills::email::send::FLAGS, argv, &mut a).expect("valid");
    skills::email::send::Flags::from_args(&a).expect("typed").to.len()
}

fn ours_search(argv: &'static [&'static str]) -> i64 {
    let mut a = args::Args::new();
    args::parse_into(&skills::tasks::search::FLAGS, argv, &mut a).expect("valid");
    skills::tasks::search::Flags::from_args(&a).expect("typed").limit
}

fn parse(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    g.bench_function("email.send/ours", |b| b.iter(|| ours_send(black_box(SEND_ARGV))));
    g.bench_function("email.send/clap_derive", |b| {
        b.iter(|| {
            ClapSend::try_parse_from(std::iter::once("email.send").chain(black_box(SEND_ARGV).iter().copied())).unwrap()
        })
    });
    let mut cmd = ClapSend::command();
    g.bench_function("email.send/clap_prebuilt_command", |b| {
        b.iter(|| {
            let m = cmd
                .try_get_matches_from_mut(std::iter::once("email.send").chain(black_box(SEND_ARGV).iter().copied()))
                .unwrap();
            ClapSend::from_arg_matches(&m).unwrap()
        })
    });
    g.bench_function("email.send/lexopt", |b| b.iter(|| lexopt_send(black_box(SEND_ARGV)).unwrap()));
    // gumdrop takes one value per option: the same call, with `--to`
    // repeated for each recipient.
    let gum_argv: &[&str] = &[
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
    g.bench_function("email.send/gumdrop", |b| {
        b.iter(|| <GumdropSend as gumdrop::Options>::parse_args_default(black_box(gum_argv)).unwrap())
    });
    g.bench_function("email.send/hand_written_owned", |b| b.iter(|| hand_send(black_box(SEND_ARGV)).unwrap()));
    g.bench_function("tasks.search/ours", |b| b.iter(|| ours_search(black_box(SEARCH_ARGV))));
    g.bench_function("tasks.search/clap_derive", |b| {
        b.iter(|| {
            ClapSearch::try_parse_from(std::iter::once("tasks.search").chain(black_box(SEARCH_ARGV).iter().copied()))
                .unwrap()
        })
    });
    g.finish();
}

// ---- model text to typed flags -------------------------------------------

fn reply_text() -> String {
    format!("Sending the report now.\n\n```cmd\n{SEND_LINE}\n```\n\nDone.")
}

/// The ```cmd line of a reply.
fn first_command(reply: &str) -> &str {
    use skills_runtime::extract::{Found, blocks};
    for f in blocks(reply) {
        if let Found::Block(b) = f {
            return b.body.trim_end_matches('\n');
        }
    }
    ""
}

fn hot(c: &mut Criterion) {
    let reply = reply_text();
    let mut g = c.benchmark_group("hot");
    g.bench_function("ours_borrowed", |b| {
        b.iter(|| {
            let mut scratch = [0u8; 256];
            let mut tokens = skills_runtime::tokenize::TokenBuf::<64>::new();
            let cmd = first_command(black_box(&reply));
            let n = skills_runtime::tokenize::split_str_into(cmd, &mut scratch, &mut tokens).unwrap();
            let i = skills::CATALOG.index.unwrap().get(tokens[0]).unwrap();
            let entry = skills::SKILLS[usize::from(i)];
            let mut a = args::Args::new();
            args::parse_into(entry.flags, &tokens[1..n], &mut a).unwrap();
            skills::email::send::Flags::from_args(&a).unwrap().to.len()
        })
    });
    g.bench_function("ours_owned", |b| {
        b.iter(|| {
            let cmd = first_command(black_box(&reply));
            // Tokens as `Router::execute` takes them: borrowed from the
            // reply (nothing here to unescape, so no scratch buffer and no
            // fallback to `tokenize::split`).
            let mut tokens = skills_runtime::tokenize::TokenBuf::<128>::new();
            let n = skills_runtime::tokenize::split_str_into(cmd, &mut [], &mut tokens).unwrap();
            let refs = &tokens[..n];
            let i = skills::CATALOG.index.unwrap().get(refs[0]).unwrap();
            let entry = skills::SKILLS[usize::from(i)];
            let mut a = args::Args::new();
            args::parse_into(entry.flags, &refs[1..], &mut a).unwrap();
            let f = skills::email::send::Flags::from_args(&a).unwrap();
            // Owned, as clap's output is: every field `ClapSend` has.
            let owned = |l: skills_runtime::List<'_, &str>| l.iter().map(str::to_string).collect::<Vec<String>>();
            (
                owned(f.to),
                f.subject.to_string(),
                f.body.to_string(),
                f.cc.map(owned),
                f.bcc.map(owned),
                f.attachments.map(owned),
            )
        })
    });
    // The dev-mode path: the same command through a live registry's
    // snapshot (routing and validation, reply text owned).
    let dir = tempfile::tempdir().unwrap();
    copy_tree(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/skills")), dir.path());
    let registry = skills_runtime::registry::Registry::builder(&skills::TABLE).root("project", dir.path()).build();
    let dev = skills_runtime::Router::with_registry(&skills::TABLE, registry);
    let fixed = skills_runtime::Router::new(&skills::TABLE);
    let mut app = assistant::App::demo("2026-02-17".parse().unwrap());
    let help = "email.send --help";
    g.bench_function("router_static_help", |b| b.iter(|| fixed.execute(&mut app, black_box(help)).text.len()));
    g.bench_function("router_dev_mode_help", |b| b.iter(|| dev.execute(&mut app, black_box(help)).text.len()));
    // The hot path's command through both routers, tokenized, looked up,
    // parsed and validated; read-only access stops it before the handler
    // (which would send a mail per iteration) with `needs_confirmation`.
    let read_only = skills_runtime::Access::ReadOnly;
    g.bench_function("router_static_send", |b| {
        b.iter(|| fixed.execute_with(&mut app, black_box(SEND_LINE), read_only).text.len())
    });
    g.bench_function("router_dev_mode_send", |b| {
        b.iter(|| dev.execute_with(&mut app, black_box(SEND_LINE), read_only).text.len())
    });
    g.bench_function("shlex_clap_derive", |b| {
        b.iter(|| {
            let cmd = first_command(black_box(&reply));
            let argv = shlex::split(cmd).unwrap();
            ClapSend::try_parse_from(argv).unwrap()
        })
    });
    g.finish();
}

// ---- tokenizer -------------------------------------------------------------

fn tokenize(c: &mut Criterion) {
    let mut g = c.benchmark_group("tokenize");
    g.bench_function("ours_split", |b| b.iter(|| skills_runtime::tokenize::split(black_box(SEND_LINE)).unwrap().len()));
    g.bench_function("ours_in_place", |b| {
        b.iter(|| {
            let mut line = [0u8; 256];
            let mut tokens = skills_runtime::tokenize::TokenBuf::<64>::new();
            line[..SEND_LINE.len()].copy_from_slice(black_box(SEND_LINE).as_bytes());
            skills_runtime::tokenize::split_in_place_into(&mut line[..SEND_LINE.len()], &mut tokens).unwrap()
        })
    });
    g.bench_function("ours_str", |b| {
        b.iter(|| {
            let mut tokens = skills_runtime::tokenize::TokenBuf::<64>::new();
            skills_runtime::tokenize::split_str_into(black_box(SEND_LINE), &mut [], &mut tokens).unwrap()
        })
    });
    g.bench_function("shlex_split", |b| b.iter(|| shlex::split(black_box(SEND_LINE)).unwrap().len()));
    g.finish();
}

// ---- lookup ----------------------------------------------------------------

fn index_of(keys: &[&'static str]) -> NameIndex {
    let state = phf_generator::ptrhash::generate_hash_with_hash_fn(keys, |k: &&str, seed: &u64| {
        skills_runtime::index::hash(k, *seed)
    });
    let entries: Vec<(&'static str, u16)> = state.map.iter().map(|&i| (keys[i], i as u16)).collect();
    let filter = skills_runtime::index::filter(keys, state.seed);
    NameIndex::new(state.seed, Vec::leak(state.pilots), Vec::leak(state.remap), Vec::leak(entries), filter.leak())
}

fn lookup(c: &mut Criterion) {
    let mut g = c.benchmark_group("lookup");
    for n in [10usize, 1_000, 10_000] {
        let keys: Vec<&'static str> = (0..n).map(|i| &*String::leak(format!("domain{}.action_{i}", i / 100))).collect();
        let misses: Vec<String> = (0..n).map(|i| format!("domain{}.acton_{i}", i / 100)).collect();
        let same_length: Vec<String> = (0..n).map(|i| format!("domain{}.actiom_{i}", i / 100)).collect();
        let index = index_of(&keys);
        let map: HashMap<&str, u16, foldhash::fast::RandomState> =
            keys.iter().enumerate().map(|(i, k)| (*k, i as u16)).collect();
        let hits: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
        // Hits, misses one letter off (dropped), and misses of a length the
        // index has (one letter changed), which its length bits cannot turn
        // away; the same names, in the same order, for both maps.
        for (kind, names) in [("hit", &hits), ("miss", &misses), ("miss_same_length", &same_length)] {
            let mut at = 0usize;
            g.bench_with_input(BenchmarkId::new(format!("index_{kind}"), n), &n, |b, _| {
                b.iter(|| {
                    at = (at + 1) % n;
                    index.get(black_box(names[at].as_str()))
                })
            });
            g.bench_with_input(BenchmarkId::new(format!("hashmap_{kind}"), n), &n, |b, _| {
                b.iter(|| {
                    at = (at + 1) % n;
                    map.get(black_box(names[at].as_str())).copied()
                })
            });
        }
    }
    g.finish();
}

// ---- extractor ---------------------------------------------------------------

/// About 100 MB of model replies: paragraphs of prose with inline code,
/// one ```cmd block per reply (one to three commands), and every fourth
/// reply also a ```json or ```python example, as assistants write them.
fn model_text() -> String {
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

fn extract(c: &mut Criterion) {
    let text = model_text();
    let mut g = c.benchmark_group("extract");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(10);
    g.bench_function("ours_blocks", |b| {
        b.iter(|| {
            skills_runtime::extract::blocks(black_box(&text))
                .filter(|f| matches!(f, skills_runtime::extract::Found::Block(_)))
                .count()
        })
    });
    let finder = memchr::memmem::Finder::new("```cmd");
    g.bench_function("memmem_opener", |b| b.iter(|| finder.find_iter(black_box(text.as_bytes())).count()));
    g.bench_function("memchr_newline", |b| b.iter(|| memchr::memchr_iter(b'\n', black_box(text.as_bytes())).count()));
    g.finish();
}

criterion_group!(benches, parse, hot, tokenize, lookup, extract);
criterion_main!(benches);
