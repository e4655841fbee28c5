//! The entry point: one command line in, one result out.

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

/// What kind of result a command produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Help text (`get_skill`, `--help`).
    Help,
    /// A template skill's body, for the model to follow.
    Template,
    /// A handler's reply.
    Reply,
    /// An error result the model can correct from.
    Error,
}

impl Kind {
    /// `help`, `template`, `reply` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Help => "help",
            Kind::Template => "template",
            Kind::Reply => "reply",
            Kind::Error => "error",
        }
    }
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

/// Routes commands to the handlers of a compiled table.
///
/// `C` is the application context handlers receive (see
/// `include_skills!(context = ...)`).
pub struct Router<C: 'static> {
    table: &'static Table<C>,
    #[cfg(feature = "std")]
    unavailable: std::vec::Vec<Option<std::string::String>>,
}

impl<C> fmt::Debug for Router<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Router").field("table", &self.table).finish_non_exhaustive()
    }
}

impl<C: 'static> Router<C> {
    /// A router over a generated table. With `std`, eligibility conditions
    /// (`os`, `env`, `binaries`) are checked once, here.
    pub fn new(table: &'static Table<C>) -> Self {
        Router {
            table,
            #[cfg(feature = "std")]
            unavailable: table.catalog.skills.iter().map(|s| crate::eligibility::check(&s.view())).collect(),
        }
    }

    /// The table's catalog.
    pub fn catalog(&self) -> &'static dyn Catalog {
        self.table.catalog
    }

    /// The generated system-prompt skill section.
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

    fn visible(&self) -> impl Fn(&SkillView<'_>) -> bool + '_ {
        move |s: &SkillView<'_>| self.table.catalog.lookup(s.name).is_some_and(|i| self.is_available(i))
    }

    /// Runs one command without a heap: the command is unescaped in place
    /// in `line`, and the result (help, template body, reply or error) is
    /// written to `out`.
    pub fn dispatch(&self, ctx: &mut C, line: &mut [u8], out: &mut dyn Write) -> Dispatched {
        let mut tokens = [""; MAX_TOKENS];
        let n = match tokenize::split_in_place(line, &mut tokens) {
            Ok(n) => n,
            Err(e) => return write_failure(&Failure::Tokenize(e), None, out),
        };
        match self.run(ctx, &tokens[..n], out) {
            Ok(d) => d,
            Err((f, skill)) => write_failure(&f, skill, out),
        }
    }

    fn unavailable_reason(&self, index: usize) -> Option<Reason<'_>> {
        #[cfg(feature = "std")]
        {
            self.unavailable.get(index).and_then(|r| r.as_deref()).map(Reason::Other)
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = index;
            None
        }
    }

    /// Routes tokens and runs what they ask for; success text goes to `out`,
    /// failures are returned.
    // The failure is plain data on the stack: the heap-free path cannot box.
    #[allow(clippy::result_large_err)]
    pub(crate) fn run<'a>(
        &'a self,
        ctx: &mut C,
        tokens: &'a [&'a str],
        out: &mut dyn Write,
    ) -> Result<Dispatched, (Failure<'a>, Option<usize>)> {
        let visible = self.visible();
        let catalog: &'a dyn Catalog = self.table.catalog;
        match step(catalog, tokens, &visible) {
            Step::Help(target) => {
                let _ = help::write(catalog, target, &visible, out);
                Ok(Dispatched { kind: Kind::Help, error: None, skill: None })
            }
            Step::Fail(f) => Err((f, None)),
            Step::Invoke { index, skill, args } => {
                if let Some(reason) = self.unavailable_reason(index) {
                    return Err((Failure::NotAvailable { skill: skill.name, reason }, Some(index)));
                }
                match self.table.handlers.get(index).copied().flatten() {
                    None => {
                        let _ = write_template(&skill, &args, out);
                        Ok(Dispatched { kind: Kind::Template, error: None, skill: Some(index) })
                    }
                    Some(Handler::Sync(f)) => match call_sync(f, ctx, &args, out) {
                        Ok(()) => Ok(Dispatched { kind: Kind::Reply, error: None, skill: Some(index) }),
                        Err(e) => Err((call_failure(skill.name, e), Some(index))),
                    },
                    #[cfg(feature = "std")]
                    Some(Handler::Async(_)) => Err((
                        Failure::Handler(crate::SkillError::new_static(
                            "this skill's handler is async; run it with Router::execute_async",
                        )),
                        Some(index),
                    )),
                }
            }
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
            .unwrap_or_else(|panic| Err(CallError::Skill(crate::error::panic_error(&panic))))
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

/// Writes a template skill's body with `{flag}` placeholders filled from
/// the command (values of list flags joined by spaces); placeholders of
/// absent flags, and any other `{...}`, are left for the model.
pub fn write_template(skill: &SkillView<'_>, args: &Args<'_>, out: &mut dyn Write) -> fmt::Result {
    let body = skill.body;
    let mut rest = body;
    while let Some(open) = rest.find('{') {
        let Some(len) = rest[open + 1..].find('}') else { break };
        let name = &rest[open + 1..open + 1 + len];
        let flag = (0..skill.flags.len())
            .find(|&i| skill.flags.spec(i).is_some_and(|s| skills_core::args::same_flag_name(s.name, name)));
        match flag.map(|i| (i, args.slot(i))) {
            Some((_, slot)) if slot.is_present() && !slot.values.is_empty() => {
                out.write_str(&rest[..open])?;
                for (k, v) in slot.values.iter().enumerate() {
                    if k > 0 {
                        out.write_char(' ')?;
                    }
                    out.write_str(v)?;
                }
            }
            _ => out.write_str(&rest[..open + 1 + len + 1])?,
        }
        rest = &rest[open + 1 + len + 1..];
    }
    out.write_str(rest)
}

#[cfg(feature = "std")]
impl<C: 'static> Router<C> {
    /// Runs one command and returns its result.
    ///
    /// ```ignore
    /// let router = skills_runtime::Router::new(&skills::TABLE);
    /// let outcome = router.execute(&mut app, r#"email.send --to bob@co.com --subject "Q1" --body "Hi""#);
    /// println!("{outcome}"); // [Command Result: email.send] ...
    /// ```
    pub fn execute(&self, ctx: &mut C, line: &str) -> crate::outcome::Outcome {
        use crate::outcome::Outcome;
        let tokens = match tokenize::split(line) {
            Ok(t) => t,
            Err(e) => return Outcome::failure(line, None, &Failure::Tokenize(e)),
        };
        let tokens: std::vec::Vec<&str> = tokens.iter().map(|t| t.as_ref()).collect();
        let mut text = std::string::String::new();
        let name = |i: Option<usize>| i.and_then(|i| self.table.catalog.skills.get(i)).map(|s| s.name);
        match self.run(ctx, &tokens, &mut text) {
            Ok(d) => {
                if d.kind == Kind::Reply && text.is_empty() {
                    text.push_str("done");
                }
                Outcome {
                    command: line.to_string(),
                    skill: name(d.skill).map(str::to_string),
                    kind: d.kind,
                    text,
                    error: None,
                }
            }
            Err((f, i)) => Outcome::failure(line, name(i), &f),
        }
    }
}
