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
    /// (default 10, as in the design). At least one always runs.
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

    /// For a reply with no ```` ```cmd ```` command at all: one error per
    /// ```` ```bash ```` (or unlabelled, `sh`, `shell`, `console`, `text`,
    /// ...) block holding a line that starts with a skill's name or
    /// `get_skill`. Such a block is shown to the user, not run; the model
    /// is told, with the block it meant. Reported once per turn.
    fn shown_not_run<C>(&mut self, router: &Router<C>) -> Vec<Outcome> {
        if self.looked_elsewhere || !self.planned.is_empty() {
            return Vec::new();
        }
        self.looked_elsewhere = true;
        // The reply's other blocks, read once with pulldown-cmark (after a
        // cheap test for a fence) for both checks that look at them.
        let blocks = if self.text.contains("```") || self.text.contains("~~~") {
            extract::other_blocks(&self.text)
        } else {
            Vec::new()
        };
        // Tool calls first: a line that is one (GLM's `<tool_call>name`) is
        // not reported again as a command written as text.
        #[cfg(feature = "json")]
        let (calls, call_lines) = self.shown_as_tool_calls(router, &blocks);
        #[cfg(not(feature = "json"))]
        let (calls, call_lines): (Vec<Outcome>, Vec<usize>) = (Vec::new(), Vec::new());
        let mut out = self.shown_in_blocks(router, &blocks);
        out.extend(self.shown_in_prose(router, &call_lines));
        out.extend(calls);
        // As many reports as commands run per call, then one for the rest:
        // a reply of thousands of shell blocks gets a bounded answer.
        let limit = self.limit();
        if out.len() > limit + 1 {
            let rest = out.split_off(limit);
            let message = std::format!(
                "{} more blocks or lines that hold commands were shown, not run: only ```cmd blocks run commands",
                rest.len()
            );
            let hint = "write the commands to run in a ```cmd block, one per line, as the hints above show";
            out.push(Outcome::error(&rest[0].command, None, "command_not_in_cmd_block", message, hint));
        }
        out
    }

    /// [`Turn::shown_not_run`] for tool calls written as text: as JSON in a
    /// ```` ```json ```` block, in tags (`<tool_call>{...}</tool_call>`),
    /// after a marker (`[TOOL_CALLS]`) or bare, a JSON object (or array of
    /// them) starting a line that reads as a call of a skill
    /// ([`crate::json::ToolCall`]); as the tags other tool-call formats use
    /// ([`tagged_calls`]) or their plain-text forms ([`named_calls`]); or
    /// as Python calls, on a line of text or in a block ([`python_calls`]).
    /// The hint is the command each stands for. A call of a skill that
    /// cannot be read (broken JSON, a Python variable) is reported with why
    /// and where, and one of a name close to a skill's with the skill meant
    /// ([`UnreadCall`], [`unknown_call`]).
    ///
    /// Also the lines the calls read start on, sorted.
    #[cfg(feature = "json")]
    fn shown_as_tool_calls<C>(&self, router: &Router<C>, blocks: &[extract::OtherBlock]) -> (Vec<Outcome>, Vec<usize>) {
        let (json, tags, python) = (self.text.contains('{'), self.text.contains('<'), self.text.contains('('));
        let named = ["to=functions.", "Action:", "[TOOL_CALLS]", "tool\u{2581}sep", "<|tool_call_begin|>"]
            .iter()
            .any(|m| self.text.contains(m));
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
            let mut read: Vec<(usize, crate::json::ToolCall, &str)> = Vec::new();
            // (where, command, how it was written)
            let mut commands: Vec<(usize, String, &str)> = Vec::new();
            let mut unread = Vec::new();
            let lines = Lines::new(&self.text);
            let mut skip_to = 0;
            let mut at = 0;
            for line in self.text.split_inclusive('\n').filter(|_| json) {
                let start = at;
                at += line.len();
                let rest = untagged_start(line);
                if start < skip_to || !rest.starts_with(['{', '[']) {
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
                    match crate::json::ToolCall::from_json(v) {
                        Ok(call) => read.push((from, call, "as JSON text")),
                        // `"arguments": "{\"to\": [\"a@b.co\"],}"`: a call
                        // of a skill whose arguments cannot be read.
                        Err(why) => unread.extend(crate::json::called_name(v).map(|name| UnreadCall {
                            name: String::from(name),
                            written: "as JSON text",
                            unreadable: "its arguments cannot be read",
                            why: std::format!("on line {}, {why}", lines.line_of(from)),
                        })),
                    }
                }
            }
            let mut found = Vec::new();
            if tags {
                found.extend(tagged_calls(&self.text, &lines).into_iter().map(|(at, f)| (at, f, "as tags in the text")));
            }
            if named {
                found.extend(named_calls(&self.text, &lines).into_iter().map(|(at, f)| (at, f, "in another tool-call format")));
            }
            for (at, found, written) in found {
                match found {
                    Ok(call) => read.push((at, call, written)),
                    Err(u) => unread.push(u),
                }
            }
            if python {
                let (calls, unread_python) = python_calls(&self.text, &lines, blocks);
                read.extend(calls.into_iter().map(|(at, call)| (at, call, "as a Python call")));
                unread.extend(unread_python);
            }
            let mut out: Vec<Outcome> = unread.iter().filter_map(|u| u.report(catalog, visible, &mut guesses)).collect();
            let mut call_lines: Vec<usize> = read.iter().map(|(at, ..)| lines.line_of(*at)).collect();
            call_lines.sort_unstable();
            for (at, call, written) in read {
                match crate::json::command_for(catalog, &call) {
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

/// Tool calls written in the tags of other tool-call formats, with where
/// each starts:
///
/// - `<function=tasks_search>{"overdue": true}</function>` (Llama 3.1's
///   format; the arguments are a JSON object, up to the closing tag);
/// - `<invoke name="tasks_search"><parameter name="overdue">true</parameter></invoke>`
///   (Anthropic's, also with a namespace prefix, `<x:invoke>`):
///   a parameter's text is read as JSON when it is JSON (`true`, `5`,
///   `["a", "b"]`), else as the string it is;
/// - `<function=tasks_search><parameter=overdue>true</parameter></function>`
///   (Qwen3-Coder's), read as Anthropic's parameters are;
/// - `<tool_call>tasks_search<arg_key>overdue</arg_key><arg_value>true
///   </arg_value></tool_call>` (GLM's), read the same way.
///
/// A `<function=>` whose arguments are a JSON object gone wrong is a call
/// that cannot be read ([`UnreadCall`]). Each tag is looked at once, so the
/// work grows with the text.
#[cfg(feature = "json")]
fn tagged_calls(text: &str, lines: &Lines) -> Vec<(usize, Found)> {
    use serde_json::Value;
    // The local name of the tag opening at `text[at..]` (after any
    // `prefix:`), and the rest of the text after that name.
    fn tag_at(text: &str, at: usize) -> Option<(&str, &str)> {
        let rest = &text[at + 1..];
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':')))?;
        let name = &rest[..end];
        Some((name.rsplit(':').next().unwrap_or(name), &rest[end..]))
    }
    // `name="x"` (or `'x'`) among a tag's attributes, up to its `>`.
    fn attribute<'t>(attrs: &'t str, key: &str) -> Option<&'t str> {
        let attrs = &attrs[..attrs.find('>')?];
        let mut from = 0;
        while let Some(i) = attrs[from..].find(key) {
            let after = attrs[from + i + key.len()..].trim_start();
            from += i + key.len();
            let Some(value) = after.strip_prefix('=').map(str::trim_start) else { continue };
            let quote = value.chars().next().filter(|c| matches!(c, '"' | '\''))?;
            return value[1..].split(quote).next();
        }
        None
    }
    let mut calls = Vec::new();
    let mut at = 0;
    // Where the next `</function>` and `</tool_call>` are (`Some(None)`:
    // there is none); each search moves forward only.
    let mut function_end: Option<Option<usize>> = None;
    let mut tool_call_end: Option<Option<usize>> = None;
    // Where the next `<tool_call` opens, the same way: a GLM call's body
    // ends there at the latest, so that text of many opening tags and one
    // closing tag is read in linear time.
    let mut tool_call_next: Option<Option<usize>> = None;
    while let Some(i) = text[at..].find('<') {
        let start = at + i;
        at = start + 1;
        let Some((tag, rest)) = tag_at(text, start) else { continue };
        let call = match tag {
            "function" if rest.starts_with('=') => {
                let Some(gt) = rest.find('>') else { continue };
                let name = rest[1..gt].trim().trim_matches(['"', '\'']);
                let args_start = text.len() - rest.len() + gt + 1;
                // The arguments run to `</function>`; the search for it
                // moves forward only, and the scan resumes after it.
                if function_end.is_none_or(|end| end.is_some_and(|e| e < args_start)) {
                    function_end = Some(text[args_start..].find("</function>").map(|e| args_start + e));
                }
                let Some(Some(end)) = function_end else { continue };
                at = end;
                let body = &text[args_start..end];
                match serde_json::from_str::<Value>(body) {
                    Ok(arguments @ Value::Object(_)) => Ok(crate::json::ToolCall { name: name.to_string(), arguments }),
                    // Qwen3-Coder's `<parameter=limit>5</parameter>` inside.
                    other => match parameter_tags(body) {
                        Some(arguments) => Ok(crate::json::ToolCall { name: name.to_string(), arguments }),
                        // An object that is not valid JSON.
                        None => match other {
                            // (serde_json counts from the body's start)
                            Err(e) if body.trim_start().starts_with('{') => Err(unread_json(
                                text,
                                lines,
                                args_start,
                                name,
                                "as tags in the text",
                                ARGUMENTS_NOT_JSON,
                                &e,
                            )),
                            _ => continue,
                        },
                    },
                }
            }
            // GLM's `<tool_call>tasks_search` then `<arg_key>limit</arg_key>
            // <arg_value>5</arg_value>` pairs, up to `</tool_call>` (the
            // JSON inside Hermes' `<tool_call>` is read with the other JSON).
            "tool_call" => {
                let Some(gt) = rest.find('>') else { continue };
                let body_start = text.len() - rest.len() + gt + 1;
                if tool_call_end.is_none_or(|end| end.is_some_and(|e| e < body_start)) {
                    tool_call_end = Some(text[body_start..].find("</tool_call>").map(|e| body_start + e));
                }
                let Some(Some(end)) = tool_call_end else { continue };
                if tool_call_next.is_none_or(|next| next.is_some_and(|n| n < body_start)) {
                    tool_call_next = Some(text[body_start..].find("<tool_call").map(|n| body_start + n));
                }
                if tool_call_next.is_some_and(|next| next.is_some_and(|n| n < end)) {
                    continue;
                }
                let body = text[body_start..end].trim_start();
                let name_end = body.find(|c: char| c.is_whitespace() || c == '<').unwrap_or(body.len());
                let name = &body[..name_end];
                if name.is_empty()
                    || !name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
                {
                    continue;
                }
                let Some(arguments) = arg_pairs(&body[name_end..]) else { continue };
                at = end;
                Ok(crate::json::ToolCall { name: name.to_string(), arguments })
            }
            "invoke" => {
                let Some(name) = attribute(rest, "name") else { continue };
                let body_start = text.len() - rest.len() + rest.find('>').map_or(0, |c| c + 1);
                // The call ends at the next `invoke` tag, opening or closing.
                let body_end = text[body_start..]
                    .match_indices('<')
                    .map(|(j, _)| body_start + j)
                    .find(|&j| tag_at(text, j).is_some_and(|(t, _)| t == "invoke") || closes(text, j, "invoke"))
                    .unwrap_or(text.len());
                let mut arguments = serde_json::Map::new();
                let body = &text[body_start..body_end];
                let mut p = 0;
                while let Some(j) = body[p..].find('<') {
                    let open = p + j;
                    p = open + 1;
                    let Some(("parameter", prest)) = tag_at(body, open) else { continue };
                    let Some(key) = attribute(prest, "name") else { continue };
                    let value_start = body.len() - prest.len() + prest.find('>').map_or(0, |c| c + 1);
                    let value_end = body[value_start..]
                        .match_indices("</")
                        .map(|(k, _)| value_start + k)
                        .find(|&k| closes(body, k, "parameter"))
                        .unwrap_or(body.len());
                    arguments.insert(key.to_string(), parameter_value(&body[value_start..value_end]));
                    p = value_end;
                }
                at = body_end;
                let arguments = if arguments.is_empty() { Value::Null } else { Value::Object(arguments) };
                Ok(crate::json::ToolCall { name: name.to_string(), arguments })
            }
            _ => continue,
        };
        calls.push((start, call));
    }
    calls
}

/// A parameter tag's text as its value: JSON when it is JSON (`true`, `5`,
/// `["a", "b"]`), else the string it is, without the blanks around it.
#[cfg(feature = "json")]
fn parameter_value(text: &str) -> serde_json::Value {
    let raw = text.trim();
    serde_json::from_str(raw).unwrap_or_else(|_| serde_json::Value::String(raw.to_string()))
}

/// The arguments of GLM's `<tool_call>name` written as `<arg_key>key</arg_key>
/// <arg_value>value</arg_value>` pairs, each value read as JSON when it is
/// JSON, else as the string it is; `None` when `body` holds anything else
/// than such pairs and blanks.
#[cfg(feature = "json")]
fn arg_pairs(body: &str) -> Option<serde_json::Value> {
    let mut arguments = serde_json::Map::new();
    let mut rest = body.trim_start();
    while !rest.is_empty() {
        let (key, after) = rest.strip_prefix("<arg_key>")?.split_once("</arg_key>")?;
        let (value, after) = after.trim_start().strip_prefix("<arg_value>")?.split_once("</arg_value>")?;
        arguments.insert(key.trim().to_string(), parameter_value(value));
        rest = after.trim_start();
    }
    Some(if arguments.is_empty() { serde_json::Value::Null } else { serde_json::Value::Object(arguments) })
}

/// The arguments of `<function=name>` written as `<parameter=key>value
/// </parameter>` tags (Qwen3-Coder's format), each value read as JSON when
/// it is JSON, else as the string it is; `None` when `body` holds anything
/// else than such tags and blanks. No tags at all is a call without
/// arguments.
#[cfg(feature = "json")]
fn parameter_tags(body: &str) -> Option<serde_json::Value> {
    use serde_json::Value;
    let mut arguments = serde_json::Map::new();
    let mut rest = body.trim_start();
    while !rest.is_empty() {
        let after = rest.strip_prefix("<parameter=")?;
        let gt = after.find('>')?;
        let key = after[..gt].trim().trim_matches(['"', '\'']);
        let value_and_rest = &after[gt + 1..];
        let close = value_and_rest.find("</parameter>")?;
        arguments.insert(key.to_string(), parameter_value(&value_and_rest[..close]));
        rest = value_and_rest[close + "</parameter>".len()..].trim_start();
    }
    Some(if arguments.is_empty() { Value::Null } else { Value::Object(arguments) })
}

/// Tool calls written in the plain-text forms of other formats, with where
/// each starts:
///
/// - gpt-oss's harmony messages, `to=functions.tasks_search` then the JSON
///   arguments (after `<|constrain|>json<|message|>`, or once the special
///   tokens are dropped, after ` json`), the recipient in the channel
///   (`<|channel|>commentary to=functions.tasks_search ...`) or before it
///   (`<|start|>assistant to=functions.tasks_search<|channel|>commentary
///   json<|message|>{...}`);
/// - Mistral's `[TOOL_CALLS]tasks_search[ARGS]{"limit": 5}`;
/// - Kimi K2's `<|tool_call_begin|>functions.tasks_search:0
///   <|tool_call_argument_begin|>{"limit": 5}<|tool_call_end|>`;
/// - DeepSeek's `<｜tool▁call▁begin｜>tasks_search<｜tool▁sep｜>{"limit": 5}`,
///   or with `function` before the separator and the name and a
///   ```` ```json ```` block after it;
/// - ReAct's two lines, `Action: tasks_search` then `Action Input: {"limit": 5}`
///   (or nothing after `Action Input:`, or a text, which only `get_skill`
///   takes: `Action Input: email`).
#[cfg(feature = "json")]
fn named_calls(text: &str, line_index: &Lines) -> Vec<(usize, Found)> {
    use serde_json::Value;
    fn name_at(s: &str) -> Option<(&str, usize)> {
        let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))).unwrap_or(s.len());
        (!s[..end].is_empty()).then(|| (s[..end].trim_end_matches('.'), end))
    }
    // The JSON object starting at the first `{` of `s` (and where it
    // starts), when only the rest of a message header comes before it: its
    // channel when the recipient came first (`<|channel|>commentary`), its
    // content type (`<|constrain|>json`, or ` json` once the special tokens
    // are dropped) and `<|message|>`. Within 64 bytes, so that a text of
    // many `to=functions.` without one is read in one pass.
    let object_in = |s: &str| {
        let open = s.as_bytes().iter().take(64).position(|&b| b == b'{')?;
        let before = s[..open].replace("<|channel|>", " ").replace("<|constrain|>", " ").replace("<|message|>", " ");
        let header_word =
            |w: &str| ["json", "commentary", "analysis", "final"].iter().any(|h| h.eq_ignore_ascii_case(w));
        if !before.split_whitespace().all(header_word) {
            return None;
        }
        let value = serde_json::Deserializer::from_str(&s[open..]).into_iter::<Value>().next()?;
        Some((open, value.map(|v| v.is_object().then_some(v))))
    };
    let mut calls = Vec::new();
    for (start, _) in text.match_indices("to=functions.") {
        let rest = &text[start + "to=functions.".len()..];
        let Some((name, end)) = name_at(rest) else { continue };
        match object_in(&rest[end..]) {
            Some((_, Ok(Some(arguments)))) => {
                calls.push((start, Ok(crate::json::ToolCall { name: name.to_string(), arguments })));
            }
            Some((open, Err(e))) => {
                let from = text.len() - rest.len() + end + open;
                let u =
                    unread_json(text, line_index, from, name, "in another tool-call format", ARGUMENTS_NOT_JSON, &e);
                calls.push((start, Err(u)));
            }
            _ => {}
        }
    }
    // Mistral's `[TOOL_CALLS]tasks_search[ARGS]{"limit": 5}`, with a
    // `[CALL_ID]` and its id before `[ARGS]` in some of its versions (the
    // JSON form, `[TOOL_CALLS] [{...}]`, is read with the other JSON).
    for (start, _) in text.match_indices("[TOOL_CALLS]") {
        let rest = text[start + "[TOOL_CALLS]".len()..].trim_start();
        let Some((name, end)) = name_at(rest) else { continue };
        let mut after = &rest[end..];
        if let Some(id) = after.strip_prefix("[CALL_ID]") {
            after = id.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'));
        }
        let Some(args) = after.strip_prefix("[ARGS]") else { continue };
        calls.extend(json_arguments_call(text, line_index, start, name, text.len() - args.len()));
    }
    // DeepSeek's `<｜tool▁call▁begin｜>tasks_search<｜tool▁sep｜>{"limit": 5}`
    // (V3.1), or `<｜tool▁call▁begin｜>function<｜tool▁sep｜>tasks_search` and
    // the arguments in a ```` ```json ```` block on the next lines (V3, R1).
    // The separator token is matched whole, in place (its bars are
    // fullwidth, or plain as some renderings write them), so that text
    // holding its name thousands of times is read in one pass.
    for (at, _) in text.match_indices("tool\u{2581}sep") {
        let Some(open) = ["<\u{ff5c}", "<|"].iter().find_map(|o| text[..at].ends_with(o).then(|| at - o.len())) else {
            continue;
        };
        let Some(after) = ["\u{ff5c}>", "|>"].iter().find_map(|c| text[at + "tool\u{2581}sep".len()..].strip_prefix(c))
        else {
            continue;
        };
        // Back to the end of the token before (`<｜tool▁call▁begin｜>`).
        let before = &text[..open];
        let kind = before[before.rfind('>').map_or(0, |i| i + 1)..].trim();
        let (name, args) = if kind == "function" {
            let after = after.trim_start();
            let Some((name, end)) = name_at(after) else { continue };
            let args = after[end..].trim_start();
            let args = args.strip_prefix("```json").or_else(|| args.strip_prefix("```")).unwrap_or(args);
            (name, args)
        } else {
            match name_at(kind) {
                Some((name, end)) if end == kind.len() => (name, after),
                _ => continue,
            }
        };
        calls.extend(json_arguments_call(text, line_index, open, name, text.len() - args.len()));
    }
    // Kimi K2's `<|tool_call_begin|>functions.tasks_search:0
    // <|tool_call_argument_begin|>{"limit": 5}<|tool_call_end|>`.
    for (start, _) in text.match_indices("<|tool_call_begin|>") {
        let rest = text[start + "<|tool_call_begin|>".len()..].trim_start();
        let rest = rest.strip_prefix("functions.").unwrap_or(rest);
        let Some((name, end)) = name_at(rest) else { continue };
        let mut after = &rest[end..];
        if let Some(index) = after.strip_prefix(':') {
            after = index.trim_start_matches(|c: char| c.is_ascii_digit());
        }
        let Some(args) = after.trim_start().strip_prefix("<|tool_call_argument_begin|>") else { continue };
        calls.extend(json_arguments_call(text, line_index, start, name, text.len() - args.len()));
    }
    let mut lines = text.split_inclusive('\n').scan(0, |at, l| {
        let start = *at;
        *at += l.len();
        Some((start, l))
    });
    while let Some((start, line)) = lines.next() {
        let Some(rest) = line.trim_start().strip_prefix("Action:") else { continue };
        let Some((name, end)) = name_at(rest.trim_start()) else { continue };
        if !rest.trim_start()[end..].trim().is_empty() {
            continue;
        }
        let Some((input_start, input_line)) = lines.by_ref().find(|(_, l)| !l.trim().is_empty()) else { break };
        let Some(input) = input_line.trim_start().strip_prefix("Action Input:").map(str::trim) else { continue };
        // JSON arguments; text that is no JSON is one text argument
        // (`Action Input: email`, for `get_skill`).
        let arguments = if input.is_empty() {
            Value::Null
        } else {
            match serde_json::from_str::<Value>(input) {
                Ok(v @ Value::Object(_)) => v,
                Err(_) if !input.starts_with(['{', '[']) => Value::String(input.to_string()),
                Err(e) if input.starts_with('{') => {
                    let from = input_start + input_line.find('{').unwrap_or(0);
                    let u = unread_json(
                        text,
                        line_index,
                        from,
                        name,
                        "in another tool-call format",
                        ARGUMENTS_NOT_JSON,
                        &e,
                    );
                    calls.push((start, Err(u)));
                    continue;
                }
                _ => continue,
            }
        };
        calls.push((start, Ok(crate::json::ToolCall { name: name.to_string(), arguments })));
    }
    calls
}

/// The call of `name` written at `start`, whose JSON arguments start at
/// byte `from` of `text` (after blanks): read, or not valid JSON; `None`
/// when no object starts there.
#[cfg(feature = "json")]
fn json_arguments_call(text: &str, lines: &Lines, start: usize, name: &str, from: usize) -> Option<(usize, Found)> {
    let rest = &text[from..];
    let args = rest.trim_start();
    if !args.starts_with('{') {
        return None;
    }
    let at = from + (rest.len() - args.len());
    let found = match serde_json::Deserializer::from_str(args).into_iter::<serde_json::Value>().next()? {
        Ok(arguments @ serde_json::Value::Object(_)) => Ok(crate::json::ToolCall { name: name.to_string(), arguments }),
        Ok(_) => return None,
        Err(e) => Err(unread_json(text, lines, at, name, "in another tool-call format", ARGUMENTS_NOT_JSON, &e)),
    };
    Some((start, found))
}

/// Tool calls written as Python calls ([`crate::pycall::calls`]), with
/// where each starts: a top-level line of text that is one (Llama 3.2's
/// `[tasks_search(limit=5)]`), or one of `blocks` (the reply's other
/// blocks) that is, in a language that may hold commands
/// ([`may_hold_commands`]: Gemini's ```` ```tool_code ````, none, ...). In a
/// Python block, such a line is code, unless it calls through Gemini's
/// `default_api.`; a block inside a quote is an example.
///
/// Then the calls such a block starts but that cannot be read
/// (`default_api.email_send(to=recipients)`): the model meant them to run,
/// and hears why they did not.
#[cfg(feature = "json")]
fn python_calls(
    text: &str,
    lines: &Lines,
    blocks: &[extract::OtherBlock],
) -> (Vec<(usize, crate::json::ToolCall)>, Vec<UnreadCall>) {
    let at = |line: usize| lines.start_of(line);
    let (mut out, mut unread) = (Vec::new(), Vec::new());
    for block in blocks.iter().filter(|b| !b.quoted) {
        let meant_to_run = may_hold_commands(&block.language);
        if !meant_to_run && !block.text.contains("default_api.") {
            continue;
        }
        // The block as calls (their arguments may span lines), else each
        // line that is one.
        let whole = match crate::pycall::read(&block.text) {
            Ok(calls) => {
                out.extend(calls.into_iter().map(|c| (at(block.line), c)));
                continue;
            }
            Err(whole) => whole,
        };
        for (i, line) in block.text.lines().enumerate() {
            let calls = crate::pycall::calls(line).unwrap_or_default();
            out.extend(calls.into_iter().map(|c| (at(block.line + 1 + i), c)));
        }
        if let Some(u) = whole.filter(|u| meant_to_run || u.written.starts_with("default_api.")) {
            // At the end of the block, on its last line.
            let rest = &block.text[u.at..];
            let stop = if rest.trim().is_empty() { block.text.trim_end().len() } else { u.at };
            let line = block.line + 1 + block.text[..stop].matches('\n').count();
            unread.push(UnreadCall {
                written: "as a Python call",
                unreadable: "its arguments cannot be read as Python literals",
                why: std::format!("{} on line {line}, {}", u.why, place(rest, "at the end of the block")),
                name: u.written,
            });
        }
    }
    // Cheap test first, on raw lines (a prose line fails at its first
    // word; a line that starts a call may go on over the next): the lines
    // are then confirmed to be prose with pulldown-cmark. A paragraph is
    // read whole first, for a call across lines (Llama's `[tasks_search(`,
    // its arguments, `)]`), then line by line.
    // Also after a special token (Llama's `<|python_tag|>`).
    let untagged = |l| untagged(untagged_start(l));
    if text.lines().any(|l| !matches!(crate::pycall::read(untagged(l)), Err(None))) {
        let loose = extract::loose_lines(text);
        let mut first = 0;
        while first < loose.len() {
            // A paragraph's lines are numbered one after another.
            let mut end = first + 1;
            while end < loose.len() && loose[end].0 == loose[end - 1].0 + 1 {
                end += 1;
            }
            let paragraph = &loose[first..end];
            first = end;
            if paragraph.len() > 1 {
                // As written: a string across lines keeps their indentation.
                let whole = &text[at(paragraph[0].0)..at(paragraph[paragraph.len() - 1].0 + 1)];
                if let Some(calls) = crate::pycall::calls(untagged(whole)) {
                    out.extend(calls.into_iter().map(|c| (at(paragraph[0].0), c)));
                    continue;
                }
            }
            for &(line, text) in paragraph {
                let calls = crate::pycall::calls(untagged(text)).unwrap_or_default();
                out.extend(calls.into_iter().map(|c| (at(line), c)));
            }
        }
    }
    (out, unread)
}

/// Where each line of a reply starts, to tell the line of a byte (and the
/// byte a line starts at) without counting from the start each time: a
/// reply of thousands of unreadable calls is reported in linear time.
#[cfg(feature = "json")]
struct Lines {
    starts: Vec<usize>,
    len: usize,
}

#[cfg(feature = "json")]
impl Lines {
    fn new(text: &str) -> Lines {
        let starts = core::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        Lines { starts, len: text.len() }
    }

    /// The 1-based line of byte `at`.
    fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at)
    }

    /// The byte 1-based `line` starts at (the text's end past its last).
    fn start_of(&self, line: usize) -> usize {
        self.starts.get(line.saturating_sub(1)).copied().unwrap_or(self.len)
    }
}

/// A tool call found in text: read, or naming a tool but unreadable.
#[cfg(feature = "json")]
type Found = Result<crate::json::ToolCall, UnreadCall>;

/// A tool call written as text that cannot be read: a Python call in a
/// block (`default_api.email_send(to=recipients)`, found by
/// [`python_calls`]) or JSON that is not valid (`{"name": "email_send",
/// "arguments": {"to": ["a@b.co"],}}`, found by [`json_call_name`]). The
/// model meant it to run, and hears why it did not.
#[cfg(feature = "json")]
struct UnreadCall {
    /// The tool it calls, as written (`default_api.email_send`).
    name: String,
    /// How it is written, as the message says it (`as a Python call`).
    written: &'static str,
    /// What cannot be read (`its arguments cannot be read as Python
    /// literals`).
    unreadable: &'static str,
    /// Why, where: `a variable or an expression on line 3, at
    /// `recipients)``.
    why: String,
}

#[cfg(feature = "json")]
impl UnreadCall {
    /// The report, for a call of a skill (or of a name close to one's):
    /// shown, not run, why, and the skill's usage; `None` for a call of
    /// something else.
    fn report(
        &self,
        catalog: &dyn crate::catalog::Catalog,
        visible: &dyn Fn(&crate::catalog::SkillView<'_>) -> bool,
        guesses: &mut usize,
    ) -> Option<Outcome> {
        let name = crate::pycall::tool_name(&self.name);
        let (called, (skill, usage)) = match crate::json::tool_usage(catalog, name) {
            Some(found) => (std::format!("`{}`", found.0), found),
            None => {
                let skill = guess(catalog, name, visible, guesses)?;
                let called = std::format!("`{name}` (no skill is named so: did you mean `{skill}`?)");
                (called, crate::json::tool_usage(catalog, skill)?)
            }
        };
        let message = std::format!(
            "a tool call of {called} is written {}, so it was shown, not run: only ```cmd blocks run commands; and {}: {}",
            self.written,
            self.unreadable,
            self.why
        );
        let hint = std::format!("write it as a command in a ```cmd block, with each value written out: {usage}");
        Some(Outcome::error(skill, None, "command_not_in_cmd_block", message, &hint))
    }
}

/// The report for a call read from text of a tool no skill is named, when
/// one is close in spelling (`email_sned`: `email.send`): shown, not run,
/// the skill meant, and its usage. `None` when no skill is close: the call
/// is for something else.
#[cfg(feature = "json")]
fn unknown_call(
    catalog: &dyn crate::catalog::Catalog,
    visible: &dyn Fn(&crate::catalog::SkillView<'_>) -> bool,
    call: &crate::json::ToolCall,
    written: &str,
    guesses: &mut usize,
) -> Option<Outcome> {
    if crate::json::tool_usage(catalog, &call.name).is_some() {
        return None;
    }
    let skill = guess(catalog, &call.name, visible, guesses)?;
    let (_, usage) = crate::json::tool_usage(catalog, skill)?;
    let message = std::format!(
        "a tool call of `{}` is written {written}, so it was shown, not run: only ```cmd blocks run commands; and no skill is named so: did you mean `{skill}`?",
        call.name
    );
    let hint = std::format!("write it as a command in a ```cmd block, with each value written out: {usage}");
    Some(Outcome::error(&call.name, None, "command_not_in_cmd_block", message, &hint))
}

/// The skill a name no skill has is close to, while `guesses` last (one is
/// spent on each name).
#[cfg(feature = "json")]
fn guess<'c>(
    catalog: &'c dyn crate::catalog::Catalog,
    name: &str,
    visible: &dyn Fn(&crate::catalog::SkillView<'_>) -> bool,
    guesses: &mut usize,
) -> Option<&'c str> {
    *guesses = guesses.checked_sub(1)?;
    crate::json::closest_skill(catalog, name, visible)
}

/// Where reading stopped, as a report says it: `at `rest of the line``
/// (its first 200 bytes, then `…`), `at the end of the line`, or `end` when
/// nothing but blanks follows. Only the start of `rest` is read: a reply of
/// thousands of calls on one line costs no more per call.
#[cfg(feature = "json")]
fn place(rest: &str, end: &str) -> String {
    let window = Excerpt::start(rest, Excerpt::MAX + 1);
    let line = window.split(['\n', '\r']).next().unwrap_or("").trim_end();
    if window.trim().is_empty() && rest.trim().is_empty() {
        String::from(end)
    } else if line.is_empty() {
        String::from("at the end of the line")
    } else if line.len() > Excerpt::MAX {
        std::format!("at `{}…`", Excerpt::start(line, Excerpt::MAX))
    } else {
        std::format!("at `{line}`")
    }
}

/// The tool a JSON tool call that is not valid JSON names, and where the
/// object ends (`text` starts with its `{` or `[`): the first key of
/// [`crate::json::NAME_KEYS`] (`"name"`, ...) with a string value. The end is
/// where its brackets close, strings skipped; `None` when they never do
/// (the name is then looked for up to the next line that starts with `{`
/// or `[`).
#[cfg(feature = "json")]
fn json_call_name(text: &str) -> (Option<&str>, Option<usize>) {
    let b = text.as_bytes();
    let (mut depth, mut i, mut end) = (0usize, 0, None);
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' | b'[' => {
                // Deeper than serde_json reads (its recursion limit): text
                // that only opens brackets, not JSON. So a reply of many
                // lines that open and never close is read in linear time.
                depth += 1;
                if depth > 128 {
                    break;
                }
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    end = Some(i + 1);
                    break;
                }
            }
            _ => {}
        }
        i += 1;
    }
    // Never closed: up to the next line that starts a value of its own.
    let cut_short =
        || text.match_indices('\n').map(|(i, _)| i + 1).find(|&i| text[i..].trim_start().starts_with(['{', '[']));
    let object = &text[..end.or_else(cut_short).unwrap_or(text.len())];
    let name = crate::json::NAME_KEYS
        .iter()
        .filter_map(|key| {
            let key = &std::format!("\"{key}\"");
            let (at, _) = object.match_indices(key.as_str()).find(|(at, _)| {
                let rest = object[at + key.len()..].trim_start();
                rest.strip_prefix(':').is_some_and(|r| r.trim_start().starts_with('"'))
            })?;
            let rest = object[at + key.len()..].trim_start()[1..].trim_start();
            let value = &rest[1..];
            Some((at, &value[..value.find('"')?]))
        })
        .min_by_key(|(at, _)| *at)
        .map(|(_, name)| name);
    (name, end)
}

/// What a report says of a call whose arguments are JSON gone wrong.
#[cfg(feature = "json")]
const ARGUMENTS_NOT_JSON: &str = "its arguments are not valid JSON";

/// The [`UnreadCall`] of a tool call naming `name`, written as `written`,
/// whose JSON (the call, or its arguments: `unreadable` says which) starts
/// at byte `from` of `text` and is not valid.
#[cfg(feature = "json")]
fn unread_json(
    text: &str,
    lines: &Lines,
    from: usize,
    name: &str,
    written: &'static str,
    unreadable: &'static str,
    e: &serde_json::Error,
) -> UnreadCall {
    // serde_json counts lines from the object's start, and columns (1-based,
    // in bytes) on its first line from the object's first byte.
    let line_start = if e.line() <= 1 { from } else { lines.start_of(lines.line_of(from) + e.line() - 1) };
    let mut at = match e.classify() {
        serde_json::error::Category::Eof => text.len(),
        _ => (line_start + e.column().saturating_sub(1)).min(text.len()),
    };
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let line = lines.line_of(at);
    let why = e.to_string();
    let why = why.rsplit_once(" at line ").map_or(why.as_str(), |(why, _)| why);
    UnreadCall {
        name: String::from(name),
        written,
        unreadable,
        why: std::format!("{why} on line {line}, {}", place(&text[at..], "at the end of the reply")),
    }
}

/// Whether the tag at `text[at..]` closes `local` (`</invoke>`,
/// `</prefix:invoke>`).
#[cfg(feature = "json")]
fn closes(text: &str, at: usize, local: &str) -> bool {
    let Some(rest) = text[at..].strip_prefix("</") else { return false };
    let name = &rest[..rest.find('>').unwrap_or(rest.len())];
    name.trim_end().rsplit(':').next() == Some(local)
}

/// `line` without leading blanks and the tags or markers before its text:
/// `<tool_call>{"name": ...`, Mistral's `[TOOL_CALLS] [{...}]`, a special
/// token such as Llama's `<|python_tag|>`.
#[cfg(feature = "json")]
fn untagged_start(line: &str) -> &str {
    let mut line = line.trim_start();
    loop {
        let before = line.len();
        line = without_leading_tags(line);
        if let Some(rest) = line.strip_prefix("[TOOL_CALLS]") {
            line = rest.trim_start();
        }
        if let Some(rest) = line.strip_prefix("<|")
            && let Some((token, after)) = rest.split_once("|>")
            && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            line = after.trim_start();
        }
        if line.len() == before {
            return line;
        }
    }
}

/// Whether `t`, the text between `<` and `>`, is a tag (`cmd`, `/cmd`,
/// `command name="x"`, `tool_call`).
fn is_tag(t: &str) -> bool {
    let name = t.strip_prefix('/').unwrap_or(t);
    name.split_whitespace().next().is_some_and(|n| {
        n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b':'))
    })
}

/// `line` without the tags it starts with.
fn without_leading_tags(mut line: &str) -> &str {
    while let Some(rest) = line.strip_prefix('<')
        && let Some((t, after)) = rest.split_once('>')
        && is_tag(t)
    {
        line = after.trim_start();
    }
    line
}

/// `line` without the tags a model may wrap a command in (`<cmd>`,
/// `<command name="x">`, `</cmd>`), trimmed.
fn untagged(line: &str) -> &str {
    let mut line = line.trim();
    // A block written on one line (```` ```cmd tasks.search``` ````), which
    // CommonMark reads as inline code in a paragraph: an attempt, with the
    // block's language, not a mention, also after words on its line
    // (`Checking now: ```cmd tasks.search``` `).
    if let Some(command) = one_line_block(line) {
        line = command;
    }
    line = without_leading_tags(line);
    while let Some(before) = line.strip_suffix('>')
        && let Some((head, t)) = before.rsplit_once('<')
        && is_tag(t)
    {
        line = head.trim_end();
    }
    line
}

/// The command of the first one-line ```` ```cmd ...``` ```` in `line`.
fn one_line_block(line: &str) -> Option<&str> {
    let mut from = 0;
    while let Some(i) = line[from..].find("```").map(|i| from + i) {
        let rest = &line[i + 3..];
        if rest.get(..3).is_some_and(|l| l.eq_ignore_ascii_case("cmd"))
            && let Some(body) = rest[3..].strip_prefix([' ', '\t'])
            && let Some(end) = body.find("```")
        {
            return Some(body[..end].trim()).filter(|c| !c.is_empty());
        }
        from = i + 3;
    }
    None
}

/// Whether a block's language is one a model may write commands under by
/// mistake: any but the programming, data and markup languages in which a
/// line that starts with a skill's name is code, data or a quoted example
/// ([`NOT_COMMAND_LANGUAGES`]). So shells (`bash`, `ps1`), none, plain text,
/// `cmd` misspelt with punctuation (`{cmd}`, `cmd,`), shell sessions, and
/// words a model may invent (`skill`, `tool`) all count.
fn may_hold_commands(language: &str) -> bool {
    let bare = language.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    !NOT_COMMAND_LANGUAGES.iter().any(|l| l.eq_ignore_ascii_case(bare))
}

/// Fence languages whose lines are something else than commands: a Python
/// or JSON block is code or data (a JSON tool call is read on its own), a
/// Markdown block an example.
const NOT_COMMAND_LANGUAGES: &[&str] = &[
    "python",
    "py",
    "python3",
    "ipython",
    "javascript",
    "js",
    "jsx",
    "typescript",
    "ts",
    "tsx",
    "node",
    "json",
    "jsonc",
    "json5",
    "jsonl",
    "ndjson",
    "yaml",
    "yml",
    "toml",
    "ini",
    "xml",
    "html",
    "css",
    "scss",
    "sql",
    "rust",
    "rs",
    "go",
    "golang",
    "java",
    "kotlin",
    "kt",
    "scala",
    "swift",
    "c",
    "h",
    "cpp",
    "cxx",
    "cc",
    "hpp",
    "csharp",
    "cs",
    "fsharp",
    "ruby",
    "rb",
    "php",
    "perl",
    "pl",
    "lua",
    "r",
    "dart",
    "elixir",
    "ex",
    "exs",
    "erlang",
    "haskell",
    "hs",
    "ocaml",
    "ml",
    "clojure",
    "clj",
    "lisp",
    "scheme",
    "julia",
    "jl",
    "zig",
    "nim",
    "graphql",
    "gql",
    "proto",
    "protobuf",
    "markdown",
    "md",
    "mdx",
    "rst",
    "latex",
    "tex",
    "diff",
    "patch",
    "csv",
    "tsv",
    "dockerfile",
    "makefile",
    "make",
    "cmake",
    "nix",
    "hcl",
    "terraform",
    "tf",
    "mermaid",
    "dot",
];

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

#[cfg(all(test, feature = "json"))]
mod tests {
    use super::{Lines, tagged_calls};
    use serde_json::json;

    fn calls(text: &str) -> Vec<(String, serde_json::Value)> {
        tagged_calls(text, &Lines::new(text))
            .into_iter()
            .filter_map(|(_, c)| c.ok().map(|c| (c.name, c.arguments)))
            .collect()
    }

    #[test]
    fn tags_of_other_tool_call_formats_read_as_calls() {
        // Namespaced tags, markup inside a value, a call without parameters.
        let text = "<x:invoke name='a_b'>\n  <x:parameter name=\"body\">\n It's <b>bold</b>\n</x:parameter>\n  <x:parameter name=\"n\">3</x:parameter>\n</x:invoke>\n<invoke name=\"c\"></invoke>";
        assert_eq!(
            calls(text),
            [("a_b".into(), json!({"body": "It's <b>bold</b>", "n": 3})), ("c".into(), serde_json::Value::Null)]
        );
        assert_eq!(
            calls("<function=d.e>{\"x\": [1, \"</p>\"]}</function>"),
            [("d.e".into(), json!({"x": [1, "</p>"]}))]
        );
        // Not calls: other tags, arguments that are no object, a function
        // tag never closed, an invoke without a name.
        for text in
            ["<b>bold</b> <tool>x</tool>", "<function=a>[1]</function>", "<function=a>{\"x\": 1}", "<invoke>x</invoke>"]
        {
            assert_eq!(calls(text), [], "{text}");
        }
    }

    /// Harmony and ReAct calls in long texts that hold many of their marks
    /// and few calls are read in one pass. The counts are what this
    /// asserts; the pass shows in its time: with a search of the rest of the
    /// text for `{` at each mark, this test took 1.90 s in a debug build,
    /// against 0.62 s (a time, so measured, not asserted), and ten times
    /// the marks would take a hundred times as long. The same holds of
    /// calls that cannot be read, whose line each report names ([`Lines`]).
    #[test]
    fn long_runs_of_other_formats_are_read() {
        use super::{Lines, named_calls};
        // (what is repeated, calls read, calls that cannot be read)
        for (unit, n, unread) in [
            ("to=functions.a ", 0, 0),
            ("to=functions.a json {\"x\": 1} ", 50_000, 0),
            ("to=functions.a json {\"x\": 1,} ", 0, 50_000),
            ("Action: a\n", 0, 0),
            ("Action: a\nAction Input: {}\n", 50_000, 0),
            ("Action: a\nAction Input: {\n", 0, 50_000),
        ] {
            let text = unit.repeat(50_000);
            let found = named_calls(&text, &Lines::new(&text));
            let read = found.iter().filter(|(_, c)| c.is_ok()).count();
            assert_eq!((read, found.len() - read), (n, unread), "{unit}");
        }
    }

    /// Any text of the pieces these formats are made of reads or is
    /// refused without a panic.
    #[test]
    fn any_text_of_call_pieces_is_safe() {
        use super::{Lines, named_calls, parameter_tags};
        const PIECES: [&str; 18] = [
            "to=functions.",
            "a",
            "<|message|>",
            "json",
            "{",
            "}",
            "\"",
            ":",
            "Action:",
            "Action Input:",
            "\n",
            "<parameter=",
            ">",
            "</parameter>",
            "<function=",
            "</function>",
            " ",
            "é",
        ];
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut below = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % n as u64).unwrap_or(0)
        };
        for _ in 0..50_000 {
            let text: String = (0..below(30)).map(|_| PIECES[below(PIECES.len())]).collect();
            let lines = Lines::new(&text);
            let _ = (named_calls(&text, &lines), parameter_tags(&text), tagged_calls(&text, &lines));
        }
    }

    /// A long reply of tags that never close is read, each `<invoke>`
    /// ending where the next begins. The counts are what this asserts; the
    /// single pass shows in its time: with a search of the rest of the text
    /// at every `<function=` tag, this test took 96 s in a debug build,
    /// against 0.4 s (a time, so measured, not asserted). The same holds of
    /// GLM's `<tool_call>` opened many times and closed once: read to the
    /// closing tag from each, 40,000 took 7.2 s in a release build; 0.01 s
    /// since each body ends where the next call opens.
    #[test]
    fn long_runs_of_unclosed_tags_are_read() {
        for unit in
            ["<function=a>{\"x\": \"", "<invoke name=\"a\"><parameter name=\"x\">", "<<<", "<tool_call>x<arg_key>"]
        {
            let text = unit.repeat(50_000) + "</function></tool_call>";
            // Each `<invoke>` ends where the next begins: 50,000 calls.
            assert_eq!(calls(&text).len(), if unit.starts_with("<invoke") { 50_000 } else { 0 }, "{unit}");
        }
    }
}
