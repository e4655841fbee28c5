//! The entry point: one command line in, one result out.
//!
//! ```
//! # skills_runtime::__doc_table!(TABLE);
//! use skills_runtime::{Kind, Router};
//!
//! let router = Router::new(&TABLE);
//! // Help, a template's body, a handler's reply or an error: always a result.
//! let help = router.execute(&mut (), "get_skill");
//! assert_eq!(help.kind, Kind::Help);
//! let hello = router.execute(&mut (), "demo.greet --name Ada");
//! assert_eq!(hello.to_model_text(), "[Command Result: demo.greet]\nhello, Ada");
//! let wrong = router.execute(&mut (), "demo.greet --nmae Ada");
//! assert_eq!(wrong.error.unwrap().message, "unknown flag `--nmae`; did you mean `--name`?\nmissing required flag: `--name`");
//! ```

// Failures are plain data on the stack: the heap-free dispatch path cannot
// box them, so routing results are large by design.
#![allow(clippy::result_large_err, clippy::large_enum_variant)]

use crate::catalog::{Catalog, SkillView};
use crate::error::{Failure, Reason};
use crate::help;
use crate::route::{Step, step};
use crate::table::{CallError, Handler, Table};
use core::fmt::{self, Write};
use skills_core::args::Args;
use skills_core::tokenize;

/// Most tokens a command may have on the heap-free path.
pub const MAX_TOKENS: usize = 128;

/// The tokens of one command on the owned paths ([`Router::execute`]):
/// borrowed from `line` into `buf`, with nothing allocated, when none needs
/// unescaping and they fit in [`MAX_TOKENS`]; else split into `owned`, with
/// `refs` viewing them.
#[cfg(feature = "std")]
fn split_line<'l: 's, 's>(
    line: &'l str,
    buf: &'s mut tokenize::TokenBuf<'l, MAX_TOKENS>,
    owned: &'s mut std::vec::Vec<std::borrow::Cow<'l, str>>,
    refs: &'s mut std::vec::Vec<&'s str>,
) -> Result<&'s [&'s str], tokenize::TokenizeError> {
    // No scratch buffer: a line to unescape (or with too many tokens) fails
    // here and is split by `split`, which reports every error.
    if let Ok(n) = tokenize::split_str_into(line, &mut [], buf) {
        return Ok(&buf[..n]);
    }
    *owned = tokenize::split(line)?;
    let owned: &'s std::vec::Vec<std::borrow::Cow<'l, str>> = owned;
    refs.extend(owned.iter().map(|t| t.as_ref()));
    Ok(refs)
}

use crate::route::shell_syntax;

pub use crate::kind::Kind;

/// Which skills a caller may run directly.
///
/// The design lets an orchestrator call read-only skills (`*.search`,
/// `*.get`, `*.list`, `*.read`, or any skill with `read_only: true`) itself,
/// while skills that change state go through confirmation or a sub-agent.
/// With [`Access::ReadOnly`] such a skill is not run and its result is a
/// `needs_confirmation` error; help and templates are always allowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Access {
    /// Every skill runs.
    #[default]
    All,
    /// Only read-only skills run.
    ReadOnly,
}

/// What [`Router::dispatch`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dispatched {
    /// The kind of result.
    pub kind: Kind,
    /// For errors, the stable error kind (`unknown_flag`, ...).
    pub error: Option<&'static str>,
    /// Index of the skill in the table, when the command named one.
    pub skill: Option<usize>,
}

/// How a router runs handlers.
#[cfg(feature = "std")]
#[derive(Clone)]
pub struct RouterConfig {
    /// Longest an async handler may run (default 30 s).
    pub timeout: std::time::Duration,
    /// When per-skill circuit breakers open.
    pub breaker: crate::breaker::BreakerConfig,
    /// The wall clock the breakers read, and the day a date written in
    /// words (`--due tomorrow`) is counted from in its hint, in UTC (tests
    /// pass their own).
    pub clock: crate::breaker::Clock,
}

#[cfg(feature = "std")]
impl Default for RouterConfig {
    fn default() -> Self {
        RouterConfig {
            timeout: std::time::Duration::from_secs(30),
            breaker: crate::breaker::BreakerConfig::default(),
            clock: std::sync::Arc::new(std::time::SystemTime::now),
        }
    }
}

#[cfg(feature = "std")]
impl fmt::Debug for RouterConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RouterConfig")
            .field("timeout", &self.timeout)
            .field("breaker", &self.breaker)
            .finish_non_exhaustive()
    }
}

/// Routes commands to the handlers of a compiled table.
///
/// `C` is the application context handlers receive (see
/// `include_skills!(context = ...)`). A router is `Sync`: share one across
/// threads, each with its own context.
pub struct Router<C: 'static> {
    table: &'static Table<C>,
    #[cfg(feature = "std")]
    unavailable: std::vec::Vec<Option<std::string::String>>,
    #[cfg(feature = "std")]
    breakers: crate::breaker::Breakers,
    #[cfg(feature = "std")]
    #[cfg_attr(not(feature = "async"), allow(dead_code))]
    timeout: std::time::Duration,
    #[cfg(feature = "dev")]
    registry: Option<crate::registry::Registry>,
}

impl<C> fmt::Debug for Router<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Router").field("skills", &self.table.catalog.skills.len()).finish_non_exhaustive()
    }
}

/// A routing failure and the skill it concerns.
pub(crate) type Failed<'a> = (Failure<'a>, Option<usize>);

/// What routing reads: the compiled table's catalog, or a dev-mode
/// snapshot, with which of its skills may run here.
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    pub(crate) catalog: &'a dyn Catalog,
    /// Reasons skills cannot run, by catalog index.
    #[cfg(feature = "std")]
    pub(crate) unavailable: &'a [Option<std::string::String>],
    /// Whether catalog indexes are the compiled table's own.
    pub(crate) compiled: bool,
}

impl<'a> View<'a> {
    pub(crate) fn unavailable(&self, index: usize) -> Option<&'a str> {
        #[cfg(feature = "std")]
        {
            self.unavailable.get(index).and_then(|r| r.as_deref())
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = index;
            None
        }
    }

    pub(crate) fn visible(self) -> impl Fn(&SkillView<'_>) -> bool + 'a {
        move |s: &SkillView<'_>| self.catalog.lookup(s.name).is_some_and(|i| self.unavailable(i).is_none())
    }
}

/// What a command needs after routing.
pub(crate) enum Prepared<'a, C: 'static> {
    /// Finished: help or a template written, or a failure.
    Done(Result<Dispatched, Failed<'a>>),
    /// A handler to run (admitted by its breaker) on the caller's `Args`.
    Call {
        /// Skill index in the view.
        index: usize,
        /// Its index in the compiled table.
        compiled: usize,
        /// The skill.
        skill: SkillView<'a>,
        /// The handler.
        handler: Handler<C>,
    },
}

impl<C: 'static> Router<C> {
    /// A router over a generated table. With `std`, eligibility conditions
    /// (`os`, `env`, `binaries`) are checked once, here.
    pub fn new(table: &'static Table<C>) -> Self {
        #[cfg(feature = "std")]
        {
            Router::with_config(table, RouterConfig::default())
        }
        #[cfg(not(feature = "std"))]
        {
            Router { table }
        }
    }

    /// A router with its timeout and circuit breakers configured.
    #[cfg(feature = "std")]
    pub fn with_config(table: &'static Table<C>, config: RouterConfig) -> Self {
        Router {
            table,
            unavailable: table.catalog.skills.iter().map(|s| crate::eligibility::check(&s.view())).collect(),
            breakers: crate::breaker::Breakers::new(table.catalog.skills.len(), config.breaker, config.clock),
            timeout: config.timeout,
            #[cfg(feature = "dev")]
            registry: None,
        }
    }

    /// A router that reads skills live from `registry` (dev mode) and runs
    /// the compiled handlers of `table` (see [`crate::registry`]).
    #[cfg(feature = "dev")]
    pub fn with_registry(table: &'static Table<C>, registry: crate::registry::Registry) -> Self {
        Router::with_registry_and_config(table, registry, RouterConfig::default())
    }

    /// [`Router::with_registry`] with its timeout and breakers configured.
    #[cfg(feature = "dev")]
    pub fn with_registry_and_config(
        table: &'static Table<C>,
        registry: crate::registry::Registry,
        config: RouterConfig,
    ) -> Self {
        let mut router = Router::with_config(table, config);
        router.registry = Some(registry);
        router
    }

    /// The live registry, in dev mode.
    #[cfg(feature = "dev")]
    pub fn registry(&self) -> Option<&crate::registry::Registry> {
        self.registry.as_ref()
    }

    /// Routing over the compiled table.
    pub(crate) fn static_view(&self) -> View<'_> {
        View {
            catalog: self.table.catalog,
            #[cfg(feature = "std")]
            unavailable: &self.unavailable,
            compiled: true,
        }
    }

    /// The compiled table.
    pub fn table(&self) -> &'static Table<C> {
        self.table
    }

    /// The table's catalog.
    pub fn catalog(&self) -> &'static dyn Catalog {
        self.table.catalog
    }

    /// The generated system-prompt skill section (see [`crate::prompt`]).
    pub fn summary(&self) -> &'static str {
        self.table.summary
    }

    /// Whether skill `index` may run here.
    pub fn is_available(&self, index: usize) -> bool {
        #[cfg(feature = "std")]
        {
            self.unavailable.get(index).is_some_and(Option::is_none)
        }
        #[cfg(not(feature = "std"))]
        {
            index < self.table.catalog.skills.len()
        }
    }

    /// Whether the skill named (or aliased) `name` only reads, so that an
    /// orchestrator may call it directly; `None` for an unknown name.
    pub fn is_read_only(&self, name: &str) -> Option<bool> {
        #[cfg(feature = "std")]
        {
            let live = self.live();
            let view = self.view(&live);
            view.catalog.lookup(name).and_then(|i| view.catalog.skill_at(i)).map(|s| s.read_only)
        }
        #[cfg(not(feature = "std"))]
        {
            let i = self.table.catalog.lookup(name)?;
            self.table.catalog.skills.get(i).map(|s| s.read_only)
        }
    }

    /// Runs one command without a heap: the command is unescaped in place
    /// in `line`, and the result (help, template body, reply or error) is
    /// written to `out`. Async handlers cannot run here; with `std`,
    /// `Router::execute` and `Router::execute_async` are the owned forms.
    pub fn dispatch(&self, ctx: &mut C, line: &mut [u8], out: &mut dyn Write) -> Dispatched {
        if let Some(f) = shell_syntax(line) {
            return write_failure(&f, None, out);
        }
        let mut tokens = tokenize::TokenBuf::<MAX_TOKENS>::new();
        let split = tokenize::split_in_place_into(line, &mut tokens);
        self.dispatch_tokens(ctx, split, &tokens, out)
    }

    /// [`Router::dispatch`] for a command held in a `&str` (a line of a
    /// model's reply, a constant): its tokens borrow `line`, so the usual
    /// command is not copied. A command with something to unescape (a
    /// backslash, single quotes, quotes inside a word) is copied into
    /// `scratch` first; a `scratch` shorter than such a command makes the
    /// result a `the command is too long` error. (`examples/device` shows
    /// both forms.)
    pub fn dispatch_str(&self, ctx: &mut C, line: &str, scratch: &mut [u8], out: &mut dyn Write) -> Dispatched {
        if let Some(f) = shell_syntax(line.as_bytes()) {
            return write_failure(&f, None, out);
        }
        let mut tokens = tokenize::TokenBuf::<MAX_TOKENS>::new();
        let split = tokenize::split_str_into(line, scratch, &mut tokens);
        self.dispatch_tokens(ctx, split, &tokens, out)
    }

    /// The rest of [`Router::dispatch`] once the line is split.
    fn dispatch_tokens(
        &self,
        ctx: &mut C,
        split: Result<usize, tokenize::TokenizeError>,
        tokens: &[&str],
        out: &mut dyn Write,
    ) -> Dispatched {
        let n = match split {
            Ok(n) => n,
            Err(e) => return write_failure(&Failure::Tokenize(e), None, out),
        };
        let view = self.static_view();
        let mut args = Args::new();
        let result = match self.prepare(view, &tokens[..n], Access::All, &mut args, out) {
            Prepared::Done(r) => r,
            Prepared::Call { index, compiled, skill, handler } => {
                self.call_sync(ctx, index, compiled, &skill, &args, handler, out)
            }
        };
        match result {
            Ok(d) => d,
            Err((f, skill)) => write_failure(&f, skill, out),
        }
    }

    /// Routes tokens: help and templates are written to `out`; failures and
    /// handlers to call are returned.
    pub(crate) fn prepare<'a>(
        &'a self,
        view: View<'a>,
        tokens: &'a [&'a str],
        access: Access,
        args: &mut Args<'a>,
        out: &mut dyn Write,
    ) -> Prepared<'a, C> {
        let visible = view.visible();
        match step(view.catalog, tokens, &visible, args) {
            Step::Help(target) => {
                let _ = help::write(view.catalog, target, &visible, out);
                Prepared::Done(Ok(Dispatched { kind: Kind::Help, error: None, skill: None }))
            }
            Step::Fail(f) => Prepared::Done(Err((f, None))),
            Step::Invoke { index, skill } => self.invoke(view, index, skill, args, access, out),
        }
    }

    /// The compiled skill that runs view skill `skill`, if any.
    fn compiled_index(&self, view: View<'_>, index: usize, skill: &SkillView<'_>) -> Option<usize> {
        if view.compiled {
            return Some(index);
        }
        let c = self.table.catalog.lookup(skill.name)?;
        self.table.catalog.skills.get(c).filter(|e| e.name == skill.name).map(|_| c)
    }

    /// What every path does once a skill and valid arguments are known:
    /// eligibility, access, then a template's body or the handler, if its
    /// breaker lets the call through.
    pub(crate) fn invoke<'a>(
        &'a self,
        view: View<'a>,
        index: usize,
        skill: SkillView<'a>,
        args: &Args<'a>,
        access: Access,
        out: &mut dyn Write,
    ) -> Prepared<'a, C> {
        if let Some(reason) = view.unavailable(index) {
            return Prepared::Done(Err((
                Failure::NotAvailable { skill: skill.name, reason: Reason::Other(reason) },
                Some(index),
            )));
        }
        if !skill.has_handler {
            if let Some((flag, fence)) = template::unwritable(&skill, args) {
                let failure = Failure::TemplateValue { skill: skill.name, flag, fence };
                return Prepared::Done(Err((failure, Some(index))));
            }
            let _ = write_template(&skill, args, out);
            return Prepared::Done(Ok(Dispatched { kind: Kind::Template, error: None, skill: Some(index) }));
        }
        let compiled = self.compiled_index(view, index, &skill);
        let handler = compiled.and_then(|c| self.table.handlers.get(c).copied().flatten());
        let (Some(compiled), Some(handler)) = (compiled, handler) else {
            // Dev mode: the markdown names a handler this build does not have.
            return Prepared::Done(Err((
                Failure::NotAvailable {
                    skill: skill.name,
                    reason: Reason::Other("its handler is not compiled into this build yet; rebuild to apply"),
                },
                Some(index),
            )));
        };
        if !view.compiled && self.table.catalog.skills.get(compiled).is_some_and(|e| e.shape != skill.shape) {
            // A live file whose flags the compiled handler does not take
            // (the registry serves the compiled shape; this guards routers
            // given another table's registry).
            return Prepared::Done(Err((
                Failure::NotAvailable {
                    skill: skill.name,
                    reason: Reason::Other("its flags changed since this build; rebuild to apply"),
                },
                Some(index),
            )));
        }
        if access == Access::ReadOnly && !skill.read_only {
            return Prepared::Done(Err((Failure::NeedsConfirmation { skill: skill.name }, Some(index))));
        }
        #[cfg(feature = "std")]
        if let Err(refusal) = self.breakers.admit(compiled) {
            let retry_after = match refusal {
                crate::breaker::Refusal::Open { retry_after } => Some(retry_after),
                crate::breaker::Refusal::TrialRunning => None,
            };
            let threshold = self.breakers.config().threshold;
            return Prepared::Done(Err((
                Failure::CircuitOpen { skill: skill.name, retry_after, threshold },
                Some(index),
            )));
        }
        Prepared::Call { index, compiled, skill, handler }
    }

    /// Reports a call's end to the breaker: only the skill's own failures
    /// count (a value that did not fit the handler's type, or an input
    /// error the handler returned, is the command's fault).
    #[cfg_attr(not(feature = "std"), allow(unused_variables))]
    pub(crate) fn record(&self, index: usize, result: &Result<(), CallError<'_>>) {
        #[cfg(feature = "std")]
        match result {
            Ok(()) => self.breakers.record(index, true),
            Err(CallError::Skill(e)) if !e.is_input() => self.breakers.record(index, false),
            Err(CallError::Skill(_) | CallError::Convert { .. }) => self.breakers.release(index),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call_sync<'a>(
        &'a self,
        ctx: &mut C,
        index: usize,
        compiled: usize,
        skill: &SkillView<'a>,
        args: &Args<'a>,
        handler: Handler<C>,
        out: &mut dyn Write,
    ) -> Result<Dispatched, Failed<'a>> {
        let result = match handler {
            Handler::Sync(f) => call_sync(f, ctx, args, out),
            #[cfg(feature = "std")]
            Handler::Async(_) => {
                self.breakers.release(compiled);
                return Err((
                    Failure::Handler(
                        crate::SkillError::new_static(
                            "this skill's handler is async and this application runs commands synchronously",
                        )
                        .with_static_hint("the application must run it with Router::execute_async (feature `async`)"),
                    ),
                    Some(index),
                ));
            }
        };
        self.record(compiled, &result);
        match result {
            Ok(()) => Ok(Dispatched { kind: Kind::Reply, error: None, skill: Some(index) }),
            Err(e) => Err((call_failure(skill.name, e), Some(index))),
        }
    }
}

/// Calls a sync handler; with `std`, a panic becomes an error naming the
/// skill and the process keeps serving.
fn call_sync<'a, C>(
    f: crate::table::SyncHandler<C>,
    ctx: &mut C,
    args: &Args<'a>,
    out: &mut dyn Write,
) -> Result<(), CallError<'a>> {
    #[cfg(feature = "std")]
    {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(ctx, args, out)))
            .unwrap_or_else(|_| Err(CallError::Skill(crate::error::panic_error())))
    }
    #[cfg(not(feature = "std"))]
    {
        f(ctx, args, out)
    }
}

/// A handler's error as a failure.
pub(crate) fn call_failure<'a>(skill: &'a str, e: CallError<'a>) -> Failure<'a> {
    match e {
        CallError::Convert { flag, error } => Failure::Convert { skill, flag, error },
        CallError::Skill(e) => Failure::Handler(e),
    }
}

fn write_failure(f: &Failure<'_>, skill: Option<usize>, out: &mut dyn Write) -> Dispatched {
    let _ = f.write_message(out);
    let mut hint = HintProbe(false);
    let _ = f.write_hint(&mut hint);
    if hint.0 {
        let _ = out.write_str("\nhint: ");
        let _ = f.write_hint(out);
    }
    Dispatched { kind: Kind::Error, error: Some(f.kind()), skill }
}

/// Detects whether a hint writes anything.
struct HintProbe(bool);
impl Write for HintProbe {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 |= !s.is_empty();
        Ok(())
    }
}

// Filling a template's placeholders; the owned path and its results;
// what a router reports of its state.
#[cfg(feature = "std")]
mod execute;
#[cfg(feature = "std")]
mod state;
mod template;

pub use template::write_template;

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use std::borrow::Cow;
    use std::string::{String, ToString};
    use std::vec::Vec;

    fn split(line: &str) -> (Result<Vec<String>, tokenize::TokenizeError>, bool) {
        let (mut buf, mut owned, mut refs) = (tokenize::TokenBuf::new(), Vec::<Cow<'_, str>>::new(), Vec::new());
        let tokens =
            split_line(line, &mut buf, &mut owned, &mut refs).map(|t| t.iter().map(|t| t.to_string()).collect());
        (tokens, owned.is_empty())
    }

    /// The owned paths split the usual command without a vector, and
    /// anything else as `tokenize::split` does, with no token limit.
    #[test]
    fn owned_paths_split_as_tokenize_split_does() {
        let many = "x ".repeat(300);
        for line in [
            "",
            "email.send --to a@b.com --subject \"Q1 report\"",
            "notes.add --text it\\'s",
            "calendar.create --title 'Stand-up'",
            "say \"unterminated",
            "trailing \\",
            many.as_str(),
        ] {
            let want = tokenize::split(line).map(|t| t.into_iter().map(Cow::into_owned).collect::<Vec<_>>());
            let (got, borrowed) = split(line);
            assert_eq!(got, want, "{line:?}");
            if want.is_ok() {
                let simple = !line.contains(['\'', '\\']) && line.split(' ').count() <= 64;
                assert_eq!(borrowed, simple, "{line:?}");
            }
        }
    }
}
