//! `assistant`: the reference application on the command line.
//!
//! ```text
//! assistant exec [--json] 'COMMAND LINE'     route one command; exit 1 on an error result
//! assistant call [--json] 'TOOL CALL JSON'   run one JSON tool call the same way
//! assistant run  [--json] FILE|-             run every ```cmd command of a model reply
//! assistant schema --format openai|anthropic every skill as a tool, one JSON document
//! assistant prompt [--full]                  the system-prompt skill section and its size
//! assistant repl                             one command per line from stdin (hot reload in dev mode)
//! assistant schedule [--list] [--from T --until T] [--tz ZONE]   run scheduled skills
//! ```
//!
//! State (mailbox, tasks, calendar, memories) lives in memory for one
//! invocation and starts from a small demo set dated `--today`.
//!
//! Debug builds run in dev mode: the skill markdown is read live from disk
//! (the bundled tree where it was compiled, plus `SKILLS_ROOTS`), with
//! compiled handlers. `--static` uses only what was compiled; `--dev` turns
//! dev mode on in a release build.

use assistant::App;
use assistant::handlers::workflow::{AUTHOR, OPEN_DOMAINS};
use clap::{Parser, Subcommand, ValueEnum};
use skills_runtime::json::{ToolCall, ToolFormat};
use skills_runtime::turn::{Turn, TurnConfig};
use skills_runtime::{Access, Date, Outcome};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

/// `println!` for results: what could take a terminal over (ESC, BEL, a
/// bidirectional override, in a model's values or a skill's text) is
/// escaped, and a closed pipe (`assistant run reply.md | head`) ends the
/// program quietly instead of panicking, as `skills` does.
macro_rules! say {
    ($($arg:tt)*) => {
        write_out(&skills_core::terminal::escape(&format!($($arg)*), skills_core::terminal::Lines::Keep))
    };
}

/// `eprintln!` for notes, escaped as [`say!`] escapes.
macro_rules! note {
    ($($arg:tt)*) => {
        eprintln!("{}", skills_core::terminal::escape(&format!($($arg)*), skills_core::terminal::Lines::Keep))
    };
}

fn write_out(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// JSON for results, its strings escaped as [`say!`] escapes text.
fn say_json(json: &str) {
    write_out(&skills_core::terminal::escape_json(json));
}

#[derive(Parser, Debug)]
#[command(name = "assistant", version, about = "The reference assistant: bundled skills and in-memory handlers")]
struct Cli {
    /// The demo state's today (YYYY-MM-DD); default: today in UTC.
    #[arg(long, global = true)]
    today: Option<Date>,
    /// Where `workflow.build` writes new workflows (default: $SKILLS_ROOT;
    /// without either it refuses).
    #[arg(long, global = true, env = "SKILLS_ROOT")]
    skills_root: Option<PathBuf>,
    /// Run only read-only skills; others answer `needs_confirmation`.
    #[arg(long, global = true)]
    read_only: bool,
    /// Use only the compiled skills (no markdown read from disk).
    #[arg(long = "static", global = true, conflicts_with = "dev")]
    static_only: bool,
    /// Read skills live from disk even in a release build.
    #[arg(long, global = true)]
    dev: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    Openai,
    Anthropic,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Route one command line and print its result as the model sees it.
    Exec {
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
        /// The command, as one argument: 'email.send --to bob@co.com --subject "Q1" --body "Hi"'.
        line: String,
    },
    /// Run one JSON tool call: {"skill": "email.send", "arguments": {...}} or a tool API's call object.
    Call {
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
        /// The call as JSON.
        call: String,
    },
    /// Execute every ```cmd command of a model reply, in order.
    Run {
        /// Print the results as JSON.
        #[arg(long)]
        json: bool,
        /// Most commands per turn before it pauses.
        #[arg(long, default_value_t = 10)]
        max_commands: usize,
        /// When the limit pauses the turn, continue (as a model replying
        /// `continue` would) until every command has run.
        #[arg(long = "continue")]
        keep_going: bool,
        /// The reply: a file, or `-` for standard input.
        file: PathBuf,
    },
    /// Replay model transcripts through the bundled skills and print every
    /// result as the model reads it (default: every `examples/transcripts/*.md`).
    Replay {
        /// Transcript files (`### user` and `### assistant` messages; a file
        /// without them is one model reply).
        files: Vec<PathBuf>,
    },
    /// Print every skill as a tool, in one format, as a JSON array.
    Schema {
        /// The tool format.
        #[arg(long, value_enum)]
        format: Format,
    },
    /// Print the system-prompt skill section and its token estimate.
    Prompt {
        /// The whole system prompt (the rules and the skill section).
        #[arg(long)]
        full: bool,
    },
    /// Read command lines from stdin, one result each; a line ending in `\` continues on the next (in dev mode, saved
    /// markdown edits show from the next command).
    Repl,
    /// Run scheduled skills: the due ones now and as they come due, or
    /// every run in a window (`--from`/`--until`) at once.
    Schedule {
        /// Print each scheduled skill's next run and exit.
        #[arg(long)]
        list: bool,
        /// Start of a window to run at once (RFC 3339, such as 2026-02-16T00:00:00Z; without an offset,
        /// such as 2026-02-16T09:00 or 2026-02-16, a time in the --tz zone).
        #[arg(long, requires = "until")]
        from: Option<String>,
        /// End of the window (inclusive).
        #[arg(long, requires = "from")]
        until: Option<String>,
        /// Time zone cron fields are read in (IANA name); default: the system's.
        #[arg(long)]
        tz: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let today = cli.today.unwrap_or_else(App::today_utc);
    let dev = dev_mode(&cli);
    let mut app = assistant::demo_app(today, cli.skills_root.clone());
    let router = build_router(dev, &mut app, router_config(cli.today));
    if let Some(root) = app.skills_root.as_ref().filter(|r| r.is_dir()) {
        // Repair what a `workflow.build` killed midway left behind.
        match skills_runtime::workflow::tidy(root, OPEN_DOMAINS, AUTHOR) {
            Ok(changed) if !changed.is_empty() => {
                note!("assistant: regenerated the index of {}", changed.join(", "));
            }
            Ok(_) => {}
            Err(e) => note!("assistant: cannot tidy {}: {e}", root.display()),
        }
    }
    let access = if cli.read_only { Access::ReadOnly } else { Access::All };
    match cli.command {
        Command::Exec { json, line } => print_outcome(&router.execute_with(&mut app, &line, access), json),
        Command::Call { json, call } => {
            let outcome = match ToolCall::parse(&call) {
                Ok(call) => router.call_tool_with(&mut app, &call, access),
                Err(message) => {
                    note!("assistant: {message}");
                    return ExitCode::from(2);
                }
            };
            print_outcome(&outcome, json)
        }
        Command::Run { json, max_commands, keep_going, file } => {
            let reply = match read_input(&file) {
                Ok(t) => t,
                Err(e) => {
                    note!("assistant: cannot read {}: {e}", file.display());
                    return ExitCode::from(2);
                }
            };
            let mut turn = Turn::new(&reply, TurnConfig { max_commands, access });
            let mut failed = false;
            let mut reports = Vec::new();
            loop {
                let report = turn.run(&router, &mut app);
                failed |= report.has_errors();
                if json {
                    reports.push(report.to_json());
                } else {
                    if !reports.is_empty() {
                        say!("\n> continue\n");
                    }
                    say!("{}", report.to_model_text());
                    reports.push(serde_json::Value::Null);
                }
                if !keep_going || turn.is_finished() {
                    break;
                }
            }
            if json {
                say_json(&serde_json::to_string_pretty(&reports).unwrap_or_default());
            }
            if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
        }
        Command::Replay { files } => replay(files),
        Command::Schema { format } => {
            let format = match format {
                Format::Openai => ToolFormat::OpenAi,
                Format::Anthropic => ToolFormat::Anthropic,
            };
            say_json(&serde_json::to_string_pretty(&router.tool_schemas(format)).unwrap_or_default());
            ExitCode::SUCCESS
        }
        Command::Prompt { full } => {
            let section = router.prompt_section();
            let text = if full { skills_runtime::prompt::system_prompt(&section) } else { section };
            say!("{}", text.trim_end());
            say!("\n~{} tokens (estimated as characters / 4)", skills_runtime::prompt::estimate_tokens(&text));
            ExitCode::SUCCESS
        }
        Command::Repl => repl(&router, &mut app, access, dev),
        Command::Schedule { list, from, until, tz } => schedule(&router, &mut app, list, from, until, tz),
    }
}

/// Whether this run reads skills live from disk.
fn dev_mode(cli: &Cli) -> bool {
    cfg!(feature = "dev") && !cli.static_only && (cli.dev || cfg!(debug_assertions))
}

/// The router's configuration: with `--today`, a clock moved by whole days
/// so that it reads that day (dates in words such as `tomorrow` are told
/// the day they stand for from it), still running.
fn router_config(today: Option<Date>) -> skills_runtime::router::RouterConfig {
    let mut config = skills_runtime::router::RouterConfig::default();
    if let Some(today) = today {
        let shift = today.days_since_epoch() - App::today_utc().days_since_epoch();
        let by = std::time::Duration::from_secs(shift.unsigned_abs().saturating_mul(86_400));
        config.clock = std::sync::Arc::new(move || {
            let now = std::time::SystemTime::now();
            (if shift < 0 { now.checked_sub(by) } else { now.checked_add(by) }).unwrap_or(now)
        });
    }
    config
}

/// The router: over a live registry in dev mode, else the compiled table.
#[cfg_attr(not(feature = "dev"), allow(unused_variables))]
fn build_router(dev: bool, app: &mut App, config: skills_runtime::router::RouterConfig) -> skills_runtime::Router<App> {
    #[cfg(feature = "dev")]
    if dev {
        use skills_runtime::registry::Event;
        let registry = assistant::dev_registry(|e| {
            if !matches!(e, Event::Reloaded { .. }) {
                note!("assistant: {e}");
            }
        });
        if app.skills_root.is_none() {
            // Workflows go into the bundled tree, where the next build finds them.
            app.skills_root = Some(PathBuf::from(assistant::skills::TABLE.root));
        }
        app.registry = Some(registry.clone());
        return skills_runtime::Router::with_registry_and_config(&assistant::skills::TABLE, registry, config);
    }
    skills_runtime::Router::with_config(&assistant::skills::TABLE, config)
}

/// Replays `files` (default: the bundled transcripts) on the compiled
/// skills, the demo state dated 2026-02-17 so the output is reproducible;
/// `workflow.build` writes into a scratch copy of the bundled tree.
fn replay(mut files: Vec<PathBuf>) -> ExitCode {
    let bundled = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if files.is_empty() {
        let dir = bundled.join("examples/transcripts");
        files = std::fs::read_dir(&dir)
            .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "md")).collect())
            .unwrap_or_default();
        files.sort();
    }
    let router = assistant::router();
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => {
                note!("assistant: cannot read {}: {e}", file.display());
                return ExitCode::FAILURE;
            }
        };
        let scratch = std::env::temp_dir().join(format!("assistant-replay-{}", std::process::id()));
        if let Err(e) = copy_tree(&bundled.join("skills"), &scratch) {
            note!("assistant: cannot prepare {}: {e}", scratch.display());
            return ExitCode::FAILURE;
        }
        let mut app = assistant::demo_app(Date::new(2026, 2, 17).unwrap_or(Date::MIN), Some(scratch.clone()));
        say!("##### {}\n", file.display());
        say!("{}", assistant::transcript::play(&router, &mut app, &text).trim_end());
        say!("");
        let _ = std::fs::remove_dir_all(&scratch);
    }
    ExitCode::SUCCESS
}

fn copy_tree(from: &std::path::Path, to: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let dest = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &dest)?;
        } else {
            std::fs::copy(entry.path(), dest)?;
        }
    }
    Ok(())
}

fn repl(router: &skills_runtime::Router<App>, app: &mut App, access: Access, dev: bool) -> ExitCode {
    use std::io::BufRead;
    #[cfg(feature = "dev")]
    let _watch = match router.registry().filter(|_| dev).map(|r| r.watch()) {
        Some(Err(e)) => {
            note!("assistant: cannot watch the skill roots ({e}); edits show after a restart");
            None
        }
        Some(Ok(w)) => Some(w),
        None => None,
    };
    #[cfg(not(feature = "dev"))]
    let _ = dev;
    // Lines as bytes: one that is not UTF-8 gets an error result, and the
    // next line is read as usual. A line that ends in a backslash continues
    // on the next, as in a shell (the tokenizer removes the continuation).
    let mut lines = std::io::stdin().lock().split(b'\n');
    let mut command: Vec<u8> = Vec::new();
    let mut continued = skills_runtime::tokenize::Continued::default();
    loop {
        let line = match lines.next() {
            Some(Ok(line)) => line,
            // At the end, a command still waiting for its next line runs
            // as it is.
            _ if command.is_empty() => break,
            _ => Vec::new(),
        };
        let line = line.strip_suffix(b"\r").unwrap_or(&line);
        command.extend_from_slice(line);
        if std::str::from_utf8(line).is_ok_and(|l| continued.line(l)) {
            command.push(b'\n');
            continue;
        }
        let outcome = match std::str::from_utf8(&command) {
            Ok(line) if line.trim().is_empty() => {
                command.clear();
                continue;
            }
            Ok(line) => router.execute_with(app, line, access),
            Err(e) => not_utf8(&command, e.valid_up_to()),
        };
        command.clear();
        continued.reset();
        if !emit(&format!("{}\n", outcome.to_model_text())) {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// The result for a command line whose bytes are not UTF-8 from `at` on,
/// as the router words a tokenizer error; nothing runs.
fn not_utf8(line: &[u8], at: usize) -> Outcome {
    use skills_runtime::ErrorInfo;
    use skills_runtime::tokenize::{TokenizeError, TokenizeErrorKind};
    let valid = std::str::from_utf8(&line[..at]).unwrap_or("");
    let error = TokenizeError { kind: TokenizeErrorKind::InvalidUtf8, offset: at, column: valid.chars().count() + 1 };
    let message = error.to_string();
    Outcome {
        command: valid.to_string(),
        skill: None,
        kind: skills_runtime::Kind::Error,
        text: message.clone(),
        error: Some(ErrorInfo { kind: "tokenize", message, hint: error.hint().to_string() }),
    }
}

/// Prints a line; false once stdout is gone (a closed pipe), so streaming
/// commands stop instead of panicking.
fn emit(text: &str) -> bool {
    use std::io::Write;
    writeln!(std::io::stdout().lock(), "{text}").is_ok()
}

fn schedule(
    router: &skills_runtime::Router<App>,
    app: &mut App,
    list: bool,
    from: Option<String>,
    until: Option<String>,
    tz: Option<String>,
) -> ExitCode {
    use skills_runtime::schedule::jiff::{Timestamp, tz::TimeZone};
    use skills_runtime::schedule::{Scheduler, system_zone};
    let zone = match tz.as_deref().map(TimeZone::get) {
        None => system_zone(),
        Some(Ok(z)) => z,
        Some(Err(e)) => {
            note!("assistant: unknown time zone: {e}");
            return ExitCode::from(2);
        }
    };
    // Scheduled skills as of now (dev mode: as the markdown on disk says).
    let current = |zone: &TimeZone| router.with_catalog(|catalog, _| Scheduler::new(catalog, zone.clone()));
    let (scheduler, errors) = current(&zone);
    for e in &errors {
        note!("assistant: `{}` has a schedule that does not parse ({}): {}", e.skill, e.expression, e.message);
    }
    // An RFC 3339 time, or a date and time (or a date) without an offset,
    // read in the zone the schedules are read in.
    let parse = |s: &str| -> Result<Timestamp, String> {
        if let Ok(t) = s.parse::<Timestamp>() {
            return Ok(t);
        }
        let zone_name = zone.iana_name().unwrap_or("the system's");
        match s.parse::<skills_runtime::schedule::jiff::civil::DateTime>() {
            Ok(civil) => zone
                .to_ambiguous_timestamp(civil)
                .compatible()
                .map_err(|e| format!("`{s}` is no time in the time zone {zone_name}: {e}")),
            Err(_) => Err(format!(
                "`{s}` is not a time: write it as RFC 3339 (2026-02-16T09:00:00Z), or as a date and time without an offset (2026-02-16T09:00, or 2026-02-16 for midnight), read in the time zone {zone_name}"
            )),
        }
    };
    if list {
        for fire in scheduler.next_after(Timestamp::now()) {
            let job = scheduler.jobs().iter().find(|j| j.skill == fire.skill).map_or("", |j| j.expression.as_str());
            say!("{}  {}  ({job})", fire.at, fire.skill);
        }
        return ExitCode::SUCCESS;
    }
    if let (Some(from), Some(until)) = (from, until) {
        let (from, until) = match (parse(&from), parse(&until)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                note!("assistant: {e}");
                return ExitCode::from(2);
            }
        };
        if until < from {
            note!("assistant: the window ends ({until}) before it starts ({from}); give --until after --from");
            return ExitCode::from(2);
        }
        let mut failed = false;
        let runs = assistant::scheduler::run_due(router, app, &scheduler, from, until);
        let last = runs.last().map(|(fire, _)| fire.at.timestamp());
        let capped = runs.len() == assistant::scheduler::MAX_RUNS_PER_WINDOW
            && last.is_some_and(|last| !scheduler.fires_between(last, until, 1).is_empty());
        for (fire, outcome) in runs {
            failed |= outcome.is_error();
            say!("[{}] {}\n", fire.at, outcome.to_model_text());
        }
        if let (true, Some(last)) = (capped, last) {
            // Said, not dropped silently: the rest of the window is one
            // command away.
            note!(
                "assistant: stopped after {} runs, the most one window runs; the rest of it: --from {} --until {until}",
                assistant::scheduler::MAX_RUNS_PER_WINDOW,
                last
            );
        }
        return if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS };
    }
    if scheduler.jobs().is_empty() {
        note!("assistant: no skill has a schedule");
        return ExitCode::SUCCESS;
    }
    // The loop: sleep until the next run, run everything due, repeat. A
    // failing skill is printed and the loop goes on.
    let mut last = Timestamp::now();
    loop {
        let (scheduler, _) = current(&zone);
        let Some(next) = scheduler.next_after(last).into_iter().next() else { return ExitCode::SUCCESS };
        let wait = next.at.timestamp().duration_since(Timestamp::now());
        if let Ok(wait) = std::time::Duration::try_from(wait) {
            std::thread::sleep(wait);
        }
        let now = Timestamp::now().max(next.at.timestamp());
        for (fire, outcome) in assistant::scheduler::run_due(router, app, &scheduler, last, now) {
            if !emit(&format!("[{}] {}\n", fire.at, outcome.to_model_text())) {
                return ExitCode::SUCCESS;
            }
        }
        last = now;
    }
}

fn print_outcome(outcome: &Outcome, json: bool) -> ExitCode {
    if json {
        say_json(&serde_json::to_string_pretty(&outcome.to_json()).unwrap_or_default());
    } else {
        say!("{}", outcome.to_model_text());
    }
    if outcome.is_error() { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

fn read_input(path: &std::path::Path) -> std::io::Result<String> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        Ok(s)
    } else {
        std::fs::read_to_string(path)
    }
}
