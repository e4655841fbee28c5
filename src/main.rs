//! `assistant`: the reference application on the command line.
//!
//! ```text
//! assistant exec [--json] 'COMMAND LINE'     route one command; exit 1 on an error result
//! assistant call [--json] 'TOOL CALL JSON'   run one JSON tool call the same way
//! assistant run  [--json] FILE|-             run every ```cmd command of a model reply
//! assistant schema --format openai|anthropic every skill as a tool, one JSON document
//! assistant prompt [--full]                  the system-prompt skill section and its size
//! ```
//!
//! State (mailbox, tasks, calendar, memories) lives in memory for one
//! invocation and starts from a small demo set dated `--today`.

use assistant::{App, router};
use clap::{Parser, Subcommand, ValueEnum};
use skills_runtime::json::{ToolCall, ToolFormat};
use skills_runtime::turn::{Turn, TurnConfig};
use skills_runtime::{Access, Date, Outcome};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

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
    /// Print every skill as a tool, in one format, as a JSON array.
    Schema {
        /// The tool format.
        #[arg(long, value_enum)]
        format: Format,
    },
    /// Print the system-prompt skill section and its token estimate.
    Prompt {
        /// The whole system prompt of the design (rules and the section).
        #[arg(long)]
        full: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let router = router();
    let today = cli.today.unwrap_or_else(App::today_utc);
    let mut app = assistant::demo_app(today, cli.skills_root.clone());
    let access = if cli.read_only { Access::ReadOnly } else { Access::All };
    match cli.command {
        Command::Exec { json, line } => print_outcome(&router.execute_with(&mut app, &line, access), json),
        Command::Call { json, call } => {
            let outcome = match serde_json::from_str(&call)
                .map_err(|e| format!("the call is not valid JSON: {e}"))
                .and_then(|v| ToolCall::from_json(&v))
            {
                Ok(call) => router.call_tool_with(&mut app, &call, access),
                Err(message) => {
                    eprintln!("assistant: {message}");
                    return ExitCode::from(2);
                }
            };
            print_outcome(&outcome, json)
        }
        Command::Run { json, max_commands, keep_going, file } => {
            let reply = match read_input(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("assistant: cannot read {}: {e}", file.display());
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
                        println!("\n> continue\n");
                    }
                    println!("{}", report.to_model_text());
                    reports.push(serde_json::Value::Null);
                }
                if !keep_going || turn.is_finished() {
                    break;
                }
            }
            if json {
                println!("{}", serde_json::to_string_pretty(&reports).unwrap_or_default());
            }
            if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
        }
        Command::Schema { format } => {
            let format = match format {
                Format::Openai => ToolFormat::OpenAi,
                Format::Anthropic => ToolFormat::Anthropic,
            };
            println!("{}", serde_json::to_string_pretty(&router.tool_schemas(format)).unwrap_or_default());
            ExitCode::SUCCESS
        }
        Command::Prompt { full } => {
            let text = if full {
                skills_runtime::prompt::system_prompt(router.summary())
            } else {
                router.summary().to_string()
            };
            println!("{}", text.trim_end());
            println!("\n~{} tokens (estimated as characters / 4)", skills_runtime::prompt::estimate_tokens(&text));
            ExitCode::SUCCESS
        }
    }
}

fn print_outcome(outcome: &Outcome, json: bool) -> ExitCode {
    if json {
        println!("{}", serde_json::to_string_pretty(&outcome.to_json()).unwrap_or_default());
    } else {
        println!("{}", outcome.to_model_text());
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
