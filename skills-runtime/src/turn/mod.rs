//! Running a model's reply: every command of its ```` ```cmd ```` blocks, in
//! order, one result each, within a per-turn limit.
//!
//! ```
//! # skills_runtime::__doc_table!(TABLE);
//! use skills_runtime::turn::{Turn, TurnConfig};
//! use skills_runtime::Router;
//!
//! let router = Router::new(&TABLE);
//! let reply = "Greeting both.\n\n```cmd\ndemo.greet --name Ada\ndemo.greet --name Bob\n```\n";
//! let mut turn = Turn::new(reply, TurnConfig { max_commands: 1, ..TurnConfig::default() });
//! let first = turn.run(&router, &mut ());
//! assert_eq!(first.results.len(), 1);
//! assert!(first.paused, "the limit stops the turn");
//! assert!(first.to_model_text().contains("Ran 1 of 2 commands"));
//! // The model (or the application) asks to continue: nothing runs twice.
//! let rest = turn.run(&router, &mut ());
//! assert_eq!(rest.results[0].text, "hello, Bob");
//! assert!(turn.is_finished());
//! ```
//!
//! A turn is plain data ([`Turn::commands`], [`Turn::next_index`],
//! [`Turn::from_parts`]), so an application can persist a paused turn and
//! resume it in a later request.

use crate::outcome::Outcome;
use crate::router::{Access, Router};
use skills_core::args::Excerpt;
use skills_core::extract::{self, ExtractDiagnostic, ExtractDiagnosticKind};
use std::fmt::Write as _;
use std::string::String;
use std::vec::Vec;

/// Limits and permissions of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnConfig {
    /// Most commands run before the turn pauses and asks to continue
    /// (default 10). At least one always runs.
    pub max_commands: usize,
    /// Which skills may run (default: all).
    pub access: Access,
}

impl Default for TurnConfig {
    fn default() -> Self {
        TurnConfig { max_commands: 10, access: Access::All }
    }
}

/// One entry of a turn: a command to run, or a fence problem to report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Planned {
    /// A command line from a closed ```` ```cmd ```` block.
    Command {
        /// The command.
        text: String,
        /// 1-based line in the reply.
        line: usize,
    },
    /// A ```` ```cmd ```` fence problem (a block never closed, a fence
    /// indented into a code block): the commands it holds did not run, and
    /// the model is told so.
    Problem(ExtractDiagnostic),
}

/// The commands of one model reply and how far they have run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    planned: Vec<Planned>,
    next: usize,
    text: String,
    config: TurnConfig,
    /// Whether a reply without commands was checked for commands written
    /// in other code blocks (reported once).
    looked_elsewhere: bool,
}

/// What one call of [`Turn::run`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnReport {
    /// One result per command run (and per unclosed block), in order.
    pub results: Vec<Outcome>,
    /// Whether commands remain because the limit was reached.
    pub paused: bool,
    /// Commands run so far in this turn, this call included.
    pub done: usize,
    /// Commands in the turn.
    pub total: usize,
    /// The limit per call.
    pub limit: usize,
    /// The commands not yet run, when paused. All of them; the model's
    /// text ([`TurnReport::to_model_text`]) lists the next `limit`.
    pub remaining: Vec<String>,
}

impl Turn {
    /// Extracts the commands of a model reply.
    pub fn new(reply: &str, config: TurnConfig) -> Turn {
        // One extraction for the commands, the problems and the text. The
        // commands and the problems each come in the reply's order, and a
        // problem's line (its fence) is never a command's: merged by line,
        // they are in the order written.
        let ex = extract::extract(reply);
        let mut planned = Vec::with_capacity(ex.commands.len() + ex.diagnostics.len());
        let mut problems = ex.diagnostics.into_iter().peekable();
        for c in ex.commands {
            while let Some(d) = problems.next_if(|d| d.line < c.line) {
                planned.push(Planned::Problem(d));
            }
            planned.push(Planned::Command { text: c.text.into_owned(), line: c.line });
        }
        planned.extend(problems.map(Planned::Problem));
        Turn { planned, next: 0, text: ex.text, config, looked_elsewhere: false }
    }

    /// A turn restored from persisted parts; `next` is clamped to the end.
    pub fn from_parts(planned: Vec<Planned>, next: usize, config: TurnConfig) -> Turn {
        let next = next.min(planned.len());
        Turn { planned, next, text: String::new(), config, looked_elsewhere: true }
    }

    /// Everything the reply asked for, in order.
    pub fn commands(&self) -> &[Planned] {
        &self.planned
    }

    /// How many entries have run (the index of the next one).
    pub fn next_index(&self) -> usize {
        self.next
    }

    /// The reply's conversational text (outside the command blocks).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether every command has run.
    pub fn is_finished(&self) -> bool {
        self.next >= self.planned.len()
    }

    fn command_count(&self) -> usize {
        self.planned.iter().filter(|p| matches!(p, Planned::Command { .. })).count()
    }

    fn commands_before(&self, end: usize) -> usize {
        self.planned[..end].iter().filter(|p| matches!(p, Planned::Command { .. })).count()
    }

    /// Runs the next commands, up to the limit: the first call runs the
    /// reply, later calls resume where the previous one paused.
    pub fn run<C>(&mut self, router: &Router<C>, ctx: &mut C) -> TurnReport {
        let mut results = self.shown_not_run(router);
        let mut problems = Problems::new(self.limit());
        let mut ran = 0;
        while let Some(step) = self.advance(ran) {
            match step {
                Next::Report(outcome) => problems.report(&mut results, outcome),
                Next::Run(command) => {
                    results.push(router.execute_with(ctx, &command, self.config.access));
                    ran += 1;
                }
            }
        }
        problems.finish(&mut results);
        self.report(results)
    }

    /// [`Turn::run`], awaiting async handlers.
    #[cfg(feature = "async")]
    pub async fn run_async<C>(&mut self, router: &Router<C>, ctx: &mut C) -> TurnReport {
        let mut results = self.shown_not_run(router);
        let mut problems = Problems::new(self.limit());
        let mut ran = 0;
        while let Some(step) = self.advance(ran) {
            match step {
                Next::Report(outcome) => problems.report(&mut results, outcome),
                Next::Run(command) => {
                    results.push(router.execute_async_with(ctx, &command, self.config.access).await);
                    ran += 1;
                }
            }
        }
        problems.finish(&mut results);
        self.report(results)
    }

    /// For a reply with commands, its tool calls written outside code
    /// blocks ([`Turn::tool_calls_beside_commands`]). For a reply with no
    /// ```` ```cmd ```` command at all: one error per
    /// ```` ```bash ```` (or unlabelled, `sh`, `shell`, `console`, `text`,
    /// ...) block holding a line that starts with a skill's name or
    /// `get_skill`. Such a block is shown to the user, not run; the model
    /// is told, with the block it meant. Reported once per turn.
    fn shown_not_run<C>(&mut self, router: &Router<C>) -> Vec<Outcome> {
        if self.looked_elsewhere {
            return Vec::new();
        }
        self.looked_elsewhere = true;
        // The reply's other blocks, read once with pulldown-cmark (after a
        // cheap test for a fence) for the checks that look at them.
        let blocks = || {
            if self.text.contains("```") || self.text.contains("~~~") {
                extract::other_blocks(&self.text)
            } else {
                Vec::new()
            }
        };
        if !self.planned.is_empty() {
            // Beside commands that run, a block of another language or a
            // command in the text is as likely an example as an attempt;
            // a tool call written outside code blocks (in tags, after a
            // special token, a JSON object starting a line) is a call that
            // did not run, unless the reply also ran that skill as a
            // command (perhaps the same call, written twice).
            #[cfg(feature = "json")]
            return self.tool_calls_beside_commands(router, blocks);
            #[cfg(not(feature = "json"))]
            return Vec::new();
        }
        let blocks = blocks();
        // Tool calls first: a line that is one (GLM's `<tool_call>name`) is
        // not reported again as a command written as text.
        #[cfg(feature = "json")]
        let (calls, call_lines) = self.shown_as_tool_calls(router, &blocks, None);
        #[cfg(not(feature = "json"))]
        let (calls, call_lines): (Vec<Outcome>, Vec<usize>) = (Vec::new(), Vec::new());
        let mut out = self.shown_in_blocks(router, &blocks);
        out.extend(self.shown_in_prose(router, &call_lines));
        out.extend(calls);
        self.bounded(out, "blocks or lines that hold commands were shown, not run")
    }

    /// As many reports as commands run per call, then one for the rest
    /// (`what` happened to them): a reply of thousands of shell blocks or
    /// calls gets a bounded answer.
    fn bounded(&self, mut out: Vec<Outcome>, what: &str) -> Vec<Outcome> {
        let limit = self.limit();
        if out.len() > limit + 1 {
            let rest = out.split_off(limit);
            let message = std::format!("{} more {what}: only ```cmd blocks run commands", rest.len());
            let hint = "write the commands to run in a ```cmd block, one per line, as the hints above show";
            out.push(Outcome::error(&rest[0].command, None, "command_not_in_cmd_block", message, hint));
        }
        out
    }

    /// Whether the text holds a marker of one of the plain-text call
    /// formats [`named_calls`] reads.
    #[cfg(feature = "json")]
    fn names_a_call_format(&self) -> bool {
        ["to=functions.", "Action:", "[TOOL_CALLS]", "tool\u{2581}sep", "<|tool_call_begin|>"]
            .iter()
            .any(|m| self.text.contains(m))
    }

    /// Whether the text may hold a tool call that
    /// [`Turn::shown_as_tool_calls`] reads beside commands (its own first
    /// test, without Python calls): JSON, a tag, or a format's marker.
    #[cfg(feature = "json")]
    fn may_hold_tool_calls(&self) -> bool {
        self.text.contains('{') || self.text.contains('<') || self.names_a_call_format()
    }

    /// [`Turn::shown_not_run`] for a reply with commands: its tool calls
    /// written outside code blocks, less those of a skill a command of the
    /// reply runs (a model that wrote a call both ways), bounded as there.
    #[cfg(feature = "json")]
    fn tool_calls_beside_commands<C>(
        &self,
        router: &Router<C>,
        blocks: impl FnOnce() -> Vec<extract::OtherBlock>,
    ) -> Vec<Outcome> {
        // Most replies with commands hold no sign of a call: then neither
        // their other blocks are read nor the skills their commands call.
        if !self.may_hold_tool_calls() {
            return Vec::new();
        }
        let ran: Vec<String> = self
            .planned
            .iter()
            .filter_map(|p| match p {
                Planned::Command { text, .. } => Some(called_skill(text)),
                Planned::Problem(_) => None,
            })
            .collect();
        let (out, _) = self.shown_as_tool_calls(router, &blocks(), Some(&ran));
        self.bounded(out, "tool calls were written as text and not run")
    }

    /// [`Turn::shown_not_run`] for tool calls written as text: as JSON in a
    /// ```` ```json ```` block, in tags (`<tool_call>{...}</tool_call>`),
    /// after a marker (`[TOOL_CALLS]`) or bare, a JSON object (or array of
    /// them) starting a line that reads as a call of a skill
    /// ([`crate::tool_call::ToolCall`]); and, with feature
    /// `foreign-calls`, as the tags other tool-call formats use
    /// (`tagged_calls`) or their plain-text forms (`named_calls`), or as
    /// Python calls, on a line of text or in a block (`python_calls`).
    /// The hint is the command each stands for. A call of a skill that
    /// cannot be read (broken JSON, a Python variable) is reported with why
    /// and where, and one of a name close to a skill's with the skill meant
    /// ([`UnreadCall`], [`unknown_call`]).
    ///
    /// Also the lines the calls read start on, sorted.
    ///
    /// `beside`: the reply has commands, whose [`called_skill`]s these
    /// are; only calls outside code blocks, in tags, in another format's
    /// markers or as JSON starting a line of text, are read (not Python
    /// calls), and a call of one of those skills is left out.
    #[cfg(feature = "json")]
    fn shown_as_tool_calls<C>(
        &self,
        router: &Router<C>,
        blocks: &[extract::OtherBlock],
        beside: Option<&[String]>,
    ) -> (Vec<Outcome>, Vec<usize>) {
        let json = self.text.contains('{');
        // Other models' formats are read with the feature that reads them.
        let foreign = cfg!(feature = "foreign-calls");
        let tags = foreign && self.text.contains('<');
        let python = foreign && beside.is_none() && self.text.contains('(');
        let named = foreign && self.names_a_call_format();
        if !json && !tags && !python && !named {
            return (Vec::new(), Vec::new());
        }
        // Names no skill has are compared with every skill's for the first
        // few calls only: thousands of them against a large tree would cost
        // their product (the rest are reported only when their name is a
        // skill's).
        let mut guesses = self.limit() + 1;
        router.with_catalog(|catalog, visible| {
            // Calls read: (where, call, how it was written).
            let mut read: Vec<(usize, crate::tool_call::ToolCall, &str)> = Vec::new();
            // (where, command, how it was written)
            let mut commands: Vec<(usize, String, &str)> = Vec::new();
            let mut unread = Vec::new();
            let lines = Lines::new(&self.text);
            // Beside commands, the lines of code blocks are examples: the
            // (first, last) line of each, fences included, in order (blocks
            // are found in the order written and do not overlap), searched
            // by halves: thousands of calls against thousands of blocks
            // would cost their product.
            let spans: Vec<(usize, usize)> = match beside {
                Some(_) => blocks.iter().map(|b| (b.line, b.line + b.text.split_inclusive('\n').count() + 1)).collect(),
                None => Vec::new(),
            };
            let in_block = |line: usize| {
                let after = spans.partition_point(|&(first, _)| first <= line);
                after > 0 && spans[after - 1].1 >= line
            };
            let mut skip_to = 0;
            let mut at = 0;
            for line in self.text.split_inclusive('\n').filter(|_| json) {
                let start = at;
                at += line.len();
                let rest = untagged_start(line);
                if start < skip_to || !rest.starts_with(['{', '[']) || in_block(lines.line_of(start)) {
                    continue;
                }
                let from = start + (line.len() - rest.len());
                let mut values = serde_json::Deserializer::from_str(&self.text[from..]).into_iter::<serde_json::Value>();
                let value = match values.next() {
                    Some(Ok(value)) => value,
                    // Not JSON: a call of a skill all the same when it
                    // names one, told why it did not run.
                    Some(Err(e)) => {
                        // Its lines are not read again, when it is known
                        // where it ends (a line of text that starts with
                        // `[` and never closes hides nothing after it).
                        let (name, end) = json_call_name(&self.text[from..]);
                        skip_to = end.map_or(skip_to, |end| from + end);
                        unread.extend(
                            name.map(|name| unread_json(&self.text, &lines, from, name, "as JSON text", "it is not valid JSON", &e)),
                        );
                        continue;
                    }
                    None => continue,
                };
                skip_to = from + values.byte_offset();
                let calls = match value {
                    serde_json::Value::Array(items) => items,
                    // A message printed whole: `{"tool_calls": [...]}`.
                    serde_json::Value::Object(mut message)
                        if message.get("tool_calls").is_some_and(serde_json::Value::is_array) =>
                    {
                        match message.remove("tool_calls") {
                            Some(serde_json::Value::Array(items)) => items,
                            _ => continue,
                        }
                    }
                    one => std::vec![one],
                };
                for v in &calls {
                    match crate::tool_call::ToolCall::from_json(v) {
                        Ok(call) => read.push((from, call, "as JSON text")),
                        // `"arguments": "{\"to\": [\"a@b.co\"],}"`: a call
                        // of a skill whose arguments cannot be read.
                        Err(why) => unread.extend(crate::tool_call::called_name(v).map(|name| UnreadCall {
                            name: String::from(name),
                            written: "as JSON text",
                            unreadable: "its arguments cannot be read",
                            why: std::format!("on line {}, {why}", lines.line_of(from)),
                        })),
                    }
                }
            }
            #[cfg(feature = "foreign-calls")]
            let found = {
                let mut found = Vec::new();
                if tags {
                    found.extend(tagged_calls(&self.text, &lines).into_iter().map(|(at, f)| (at, f, "as tags in the text")));
                }
                if named {
                    found.extend(
                        named_calls(&self.text, &lines).into_iter().map(|(at, f)| (at, f, "in another tool-call format")),
                    );
                }
                found
            };
            #[cfg(not(feature = "foreign-calls"))]
            let found: Vec<(usize, Found, &str)> = Vec::new();
            for (at, found, written) in found {
                if in_block(lines.line_of(at)) {
                    continue;
                }
                match found {
                    Ok(call) => read.push((at, call, written)),
                    Err(u) => unread.push(u),
                }
            }
            #[cfg(feature = "foreign-calls")]
            if python {
                let (calls, unread_python) = python_calls(&self.text, &lines, blocks);
                read.extend(calls.into_iter().map(|(at, call)| (at, call, "as a Python call")));
                unread.extend(unread_python);
            }
            let mut out: Vec<Outcome> = unread.iter().filter_map(|u| u.report(catalog, visible, &mut guesses)).collect();
            let mut call_lines: Vec<usize> = read.iter().map(|(at, ..)| lines.line_of(*at)).collect();
            call_lines.sort_unstable();
            for (at, call, written) in read {
                match crate::tool_call::command_for(catalog, &call) {
                    // The reply ran it as a command too.
                    Some(command) if beside.is_some_and(|ran| ran.contains(&called_skill(&command))) => {}
                    Some(command) => commands.push((at, command, written)),
                    None => out.extend(unknown_call(catalog, visible, &call, written, &mut guesses)),
                }
            }
            commands.sort_by_key(|c| c.0);
            if let Some((_, first, written)) = commands.first() {
                // `get_skill: email` is a call of `get_skill`.
                let skill = first.split(' ').next().unwrap_or(first).trim_end_matches(':');
                let more = and_more(commands.len(), "call");
                let message = std::format!(
                    "a tool call of `{skill}`{more} is written {written}, so it was shown, not run: only ```cmd blocks run commands"
                );
                let lines: Vec<&str> = commands.iter().map(|c| c.1.as_str()).collect();
                let hint = std::format!("to run it, write it as a command in a ```cmd block{}", cmd_block(&lines));
                out.insert(0, Outcome::error(skill, None, "command_not_in_cmd_block", message, &hint));
            }
            (out, call_lines)
        })
    }

    /// [`Turn::shown_not_run`] for code blocks of another language.
    fn shown_in_blocks<C>(&self, router: &Router<C>, blocks: &[extract::OtherBlock]) -> Vec<Outcome> {
        if blocks.is_empty() {
            return Vec::new();
        }
        router.with_catalog(|catalog, _| {
            let names_skill =
                |command: &str| crate::route::names_command(catalog, command.split_whitespace().next().unwrap_or(""));
            blocks
                .iter()
                // A quoted block of another language is an example; a
                // quoted ```cmd block (`> ```cmd`) was meant to run.
                .filter(
                    |b| if b.quoted { b.language.eq_ignore_ascii_case("cmd") } else { may_hold_commands(&b.language) },
                )
                .filter_map(|b| {
                    let lines: Vec<&str> =
                        b.commands.iter().map(|c| c.text.as_ref()).filter(|c| names_skill(c)).collect();
                    let first = *lines.first()?;
                    let fence = std::format!("```{}", b.language);
                    let (why, how) = if b.quoted {
                        (
                            ", but it is inside a quote (`>`), so it was shown, not run",
                            "write the block without `>` before its lines",
                        )
                    } else {
                        (", which was shown, not run: only ```cmd blocks run commands", "write it in a ```cmd block")
                    };
                    // Quoted by its start when long: the hint holds it whole,
                    // ready to run (up to 7 KiB), so it is not sent back twice.
                    let message = std::format!("the {fence} block on line {} holds `{}`{why}", b.line, Excerpt(first));
                    let hint = std::format!("to run it, {how}{}", cmd_block(&lines));
                    Some(Outcome::error(&fence, None, "command_not_in_cmd_block", message, &hint))
                })
                .collect()
        })
    }

    /// [`Turn::shown_not_run`] for commands written as prose: a top-level
    /// line that is a command alone (a skill's name, then nothing or a
    /// `--flag`; `get_skill` alone or with one word; `get_skill: ...`), bare
    /// or inside a tag such as `<cmd>...</cmd>` or written as a one-line
    /// block (```` ```cmd tasks.search``` ````). Other inline code and list
    /// items are mentions, not attempts, and are left alone.
    /// Lines in `call_lines` (sorted) are tool calls, reported as such.
    fn shown_in_prose<C>(&self, router: &Router<C>, call_lines: &[usize]) -> Vec<Outcome> {
        router.with_catalog(|catalog, _| {
            let command = |line| prose_command(catalog, line);
            // Cheap test first, on raw lines: the lines are then confirmed
            // to be prose with pulldown-cmark.
            if !self.text.lines().any(|l| command(l).is_some()) {
                return Vec::new();
            }
            let found: Vec<(usize, &str)> = extract::loose_lines(&self.text)
                .into_iter()
                .filter(|(n, _)| call_lines.binary_search(n).is_err())
                .filter_map(|(n, l)| Some((n, command(l)?)))
                .collect();
            let Some((line, first)) = found.first() else { return Vec::new() };
            let more = and_more(found.len(), "command");
            let message = std::format!(
                "`{}` on line {line}{more} is written as text, so it was shown, not run: only ```cmd blocks run commands",
                Excerpt(first)
            );
            let all: Vec<&str> = found.iter().map(|&(_, c)| c).collect();
            let hint = std::format!("to run it, write it in a ```cmd block{}", cmd_block(&all));
            std::vec![Outcome::error(first, None, "command_not_in_cmd_block", message, &hint)]
        })
    }

    /// Commands run per call (at least one).
    fn limit(&self) -> usize {
        self.config.max_commands.max(1)
    }

    /// The next entry to handle, with `ran` commands run so far in this
    /// call; `None` when the turn is finished or the limit is reached.
    fn advance(&mut self, ran: usize) -> Option<Next> {
        let step = match self.planned.get(self.next)? {
            Planned::Problem(d) => Next::Report(problem(d)),
            Planned::Command { text, .. } => {
                if ran == self.limit() {
                    return None;
                }
                Next::Run(text.clone())
            }
        };
        self.next += 1;
        Some(step)
    }

    fn report(&self, results: Vec<Outcome>) -> TurnReport {
        let remaining: Vec<String> = self.planned[self.next..]
            .iter()
            .filter_map(|p| match p {
                Planned::Command { text, .. } => Some(text.clone()),
                Planned::Problem(_) => None,
            })
            .collect();
        TurnReport {
            results,
            paused: !remaining.is_empty(),
            done: self.commands_before(self.next),
            total: self.command_count(),
            limit: self.limit(),
            remaining,
        }
    }
}

/// The command `line` is when it is one alone (see
/// [`Turn::shown_in_prose`]), without its tags.
fn prose_command<'l>(catalog: &dyn crate::catalog::Catalog, line: &'l str) -> Option<&'l str> {
    let line = untagged(line);
    let mut words = line.split_whitespace();
    let first = words.next()?;
    let second = words.next();
    let runs = crate::route::names_command(catalog, first)
        && match first {
            "get_skill:" => true,
            "get_skill" => words.next().is_none(),
            _ => second.is_none_or(|w| w.starts_with("--")),
        };
    runs.then_some(line)
}

/// The ```` ```cmd ```` block a hint shows for `lines`, after a colon: whole
/// lines, ready to run, up to 50 of them and 7 KiB in all (the hint, with
/// its words around the block, stays within the 8 KiB an error's hint may
/// hold), then how many were left out; empty when the first line alone is
/// longer (a runaway command is not sent back).
fn cmd_block(lines: &[&str]) -> String {
    const MAX_LINES: usize = 50;
    const MAX_BYTES: usize = crate::outcome::MAX_ERROR_TEXT - 1024;
    let mut bytes = 0;
    let shown = lines
        .iter()
        .take(MAX_LINES)
        .take_while(|l| {
            bytes += l.len() + 1;
            bytes <= MAX_BYTES
        })
        .count();
    if shown == 0 {
        return String::new();
    }
    let mut s = std::format!(":\n```cmd\n{}\n```", lines[..shown].join("\n"));
    if shown < lines.len() {
        let _ = write!(s, "\n(and {} more lines, left out here)", lines.len() - shown);
    }
    s
}

/// ` and 2 more commands` after the first of `n` things.
fn and_more(n: usize, noun: &str) -> String {
    match n {
        0 | 1 => String::new(),
        2 => std::format!(" and 1 more {noun}"),
        n => std::format!(" and {} more {noun}s", n - 1),
    }
}

use crate::loose::*;
#[cfg(feature = "foreign-calls")]
use crate::written_calls::foreign::*;
#[cfg(feature = "json")]
use crate::written_calls::*;

/// One step of a run.
enum Next {
    /// A result to report without running anything (a fence problem).
    Report(Outcome),
    /// A command to run.
    Run(String),
}

/// The fence problems met in one call: the first `limit` (as many as the
/// commands a call runs) reported in place, the others counted in one
/// result at the end, so a reply of thousands of broken fences gets a
/// bounded answer.
struct Problems {
    limit: usize,
    shown: usize,
    /// The first problem not shown, and how many were not.
    rest: Option<(Outcome, usize)>,
}

impl Problems {
    fn new(limit: usize) -> Problems {
        Problems { limit, shown: 0, rest: None }
    }

    fn report(&mut self, results: &mut Vec<Outcome>, outcome: Outcome) {
        if self.shown < self.limit {
            self.shown += 1;
            results.push(outcome);
        } else {
            self.rest.get_or_insert((outcome, 0)).1 += 1;
        }
    }

    fn finish(self, results: &mut Vec<Outcome>) {
        match self.rest {
            Some((only, 1)) => results.push(only),
            Some((first, n)) => {
                let kind = first.error.as_ref().map_or("unterminated_cmd_block", |e| e.kind);
                let message =
                    std::format!("{n} more ```cmd fences have problems like the ones above, the first: {}", first.text);
                let hint = first.error.as_ref().map_or("", |e| e.hint.as_str());
                results.push(Outcome::error("```cmd", None, kind, message, hint));
            }
            None => {}
        }
    }
}

fn problem(d: &ExtractDiagnostic) -> Outcome {
    let message = d.to_string();
    let hint = match d.kind {
        ExtractDiagnosticKind::Unterminated => "end the block with a line of three backticks: ```",
        ExtractDiagnosticKind::IndentedFence => "start the ```cmd fence at the beginning of the line",
    };
    Outcome::error("```cmd", None, d.code(), message, hint)
}

impl TurnReport {
    /// Whether any result is an error.
    pub fn has_errors(&self) -> bool {
        self.results.iter().any(Outcome::is_error)
    }

    /// The results as the model reads them, one `[Command Result: ...]`
    /// section each, then a progress report when the limit paused the turn:
    /// the next `limit` commands not yet run (each quoted whole up to 200
    /// bytes, else by its start) and how many more follow them.
    pub fn to_model_text(&self) -> String {
        let mut s = String::new();
        for (i, r) in self.results.iter().enumerate() {
            if i > 0 {
                s.push_str("\n\n");
            }
            s.push_str(&r.to_model_text());
        }
        if self.paused {
            if !s.is_empty() {
                s.push_str("\n\n");
            }
            let _ = write!(
                s,
                "[Turn paused]\nRan {} of {} commands: at most {} run per turn. Not yet run:",
                self.done, self.total, self.limit
            );
            // The next call's commands, each quoted as messages quote one:
            // a reply of thousands of commands, or of one long one, must
            // not come back whole.
            let listed = self.remaining.len().min(self.limit);
            for c in &self.remaining[..listed] {
                let _ = write!(s, "\n  {}", Excerpt(c));
            }
            if self.remaining.len() > listed {
                let _ = write!(s, "\n  … and {} more", self.remaining.len() - listed);
            }
            s.push_str("\nReply `continue` to run the remaining commands (completed ones are not repeated), or send new commands instead.");
        }
        s
    }

    /// The report as JSON, for programs.
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "results": self.results.iter().map(Outcome::to_json).collect::<Vec<_>>(),
            "paused": self.paused,
            "done": self.done,
            "total": self.total,
            "limit": self.limit,
            "remaining": self.remaining,
        })
    }
}

/// The skill a command calls, as written, in lower case (`get_skill`
/// without its colon). A tool call of a skill the reply also ran as a
/// command is not reported: it may be the same call written twice, and
/// telling the model to run it would run it again.
#[cfg(feature = "json")]
fn called_skill(command: &str) -> String {
    let name = command.split_whitespace().next().unwrap_or("");
    name.trim_end_matches(':').to_ascii_lowercase()
}
