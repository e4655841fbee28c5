//! The owned path (`std`): one command line to an [`Outcome`](crate::outcome::Outcome),
//! against the live dev-mode snapshot when there is one, JSON tool calls
//! written on the line included.

use super::*;

/// A dev-mode snapshot held for the length of one command.
#[cfg(feature = "dev")]
pub(crate) type Live = std::sync::Arc<crate::registry::Snapshot>;
/// Without dev mode there is nothing live to hold.
#[cfg(all(feature = "std", not(feature = "dev")))]
pub(crate) type Live = core::convert::Infallible;

#[cfg(feature = "std")]
impl<C: 'static> Router<C> {
    /// The live snapshot to route one command against, in dev mode.
    pub(crate) fn live(&self) -> Option<Live> {
        #[cfg(feature = "dev")]
        {
            self.registry.as_ref().map(crate::registry::Registry::snapshot)
        }
        #[cfg(not(feature = "dev"))]
        {
            None
        }
    }

    /// The view a command routes against: the live snapshot, else the table.
    pub(crate) fn view<'a>(&'a self, live: &'a Option<Live>) -> View<'a> {
        match live {
            #[cfg(feature = "dev")]
            Some(snap) => View { catalog: &snap.catalog, unavailable: &snap.unavailable, compiled: false },
            #[cfg(not(feature = "dev"))]
            Some(never) => match *never {},
            None => self.static_view(),
        }
    }

    /// A line that does not tokenize: a line of prose in a command block
    /// (`Then I'll check your email.`, whose apostrophe opens a quote) is
    /// said to be one; anything else gets the tokenizer's error.
    #[cold]
    fn tokenize_failure<'l>(&self, line: &'l str, e: tokenize::TokenizeError) -> Failure<'l> {
        let mut words = line.split_ascii_whitespace();
        let word = words.next().unwrap_or("");
        let prose = crate::route::is_prose(word)
            && words.next().is_some()
            && !line.contains(" --")
            && !self.with_catalog(|catalog, _| crate::route::names_command(catalog, word));
        if prose {
            return Failure::Prose { word };
        }
        if e.kind != (tokenize::TokenizeErrorKind::UnterminatedQuote { quote: '\'' }) {
            return Failure::Tokenize(e);
        }
        let b = line.as_bytes();
        let between_letters = |i: usize| {
            i > 0
                && b.get(i - 1).is_some_and(u8::is_ascii_alphanumeric)
                && b.get(i + 1).is_some_and(u8::is_ascii_alphanumeric)
        };
        // The value: from after the last flag before the quote left open
        // (or from the word it is in).
        let before = &line[..e.offset];
        let (flag, value_start) = match before.match_indices(" --").last() {
            Some((i, _)) => {
                let flag_end = line[i + 1..].find([' ', '\t', '=']).map_or(line.len(), |k| i + 1 + k);
                (Some(&line[i + 1..flag_end]), flag_end + 1)
            }
            None => (None, before.rfind([' ', '\t']).map_or(0, |i| i + 1)),
        };
        // `--content it's sunny`: a `'` between letters, never closed; the
        // value runs to the end of the line.
        if between_letters(e.offset) {
            let value = line.get(value_start..).unwrap_or("").trim();
            return Failure::Apostrophe { error: e, flag, value };
        }
        // `--title 'Don't forget'`: a single-quoted value whose apostrophe
        // ends the quote, so that its closing `'` opens one never closed.
        if flag.is_some()
            && b.get(value_start) == Some(&b'\'')
            && (value_start + 1..e.offset).any(between_letters)
            && let Some(value) = line.get(value_start + 1..e.offset)
        {
            return Failure::Apostrophe { error: e, flag, value };
        }
        Failure::Tokenize(e)
    }

    /// Runs one command and returns its result.
    pub fn execute(&self, ctx: &mut C, line: &str) -> crate::outcome::Outcome {
        self.execute_with(ctx, line, Access::All)
    }

    /// Runs one command if `access` allows it (see [`Access`]).
    pub fn execute_with(&self, ctx: &mut C, line: &str, access: Access) -> crate::outcome::Outcome {
        use crate::outcome::Outcome;
        if let Some(f) = shell_syntax(line.as_bytes()) {
            return Outcome::failure(line, None, &f);
        }
        let (mut buf, mut owned, mut refs) = (tokenize::TokenBuf::new(), std::vec::Vec::new(), std::vec::Vec::new());
        let tokens = match split_line(line, &mut buf, &mut owned, &mut refs) {
            Ok(t) => t,
            Err(e) => return Outcome::failure(line, None, &self.tokenize_failure(line, e)),
        };
        let live = self.live();
        let view = self.view(&live);
        let mut text = std::string::String::new();
        let mut args = Args::new();
        let result = match self.prepare(view, tokens, access, &mut args, &mut text) {
            Prepared::Done(r) => r,
            Prepared::Call { index, compiled, skill, handler } => {
                self.call_sync(ctx, index, compiled, &skill, &args, handler, &mut text)
            }
        };
        self.outcome(view, line, result, text)
    }

    /// Runs one command, awaiting an `async fn` handler for at most the
    /// configured timeout (30 s by default). A panic inside one is reported
    /// like a sync handler's; sync handlers run as in [`Router::execute`].
    #[cfg(feature = "async")]
    pub async fn execute_async(&self, ctx: &mut C, line: &str) -> crate::outcome::Outcome {
        self.execute_async_with(ctx, line, Access::All).await
    }

    /// [`Router::execute_async`] if `access` allows it.
    #[cfg(feature = "async")]
    pub async fn execute_async_with(&self, ctx: &mut C, line: &str, access: Access) -> crate::outcome::Outcome {
        use crate::outcome::Outcome;
        if let Some(f) = shell_syntax(line.as_bytes()) {
            return Outcome::failure(line, None, &f);
        }
        let (mut buf, mut owned, mut refs) = (tokenize::TokenBuf::new(), std::vec::Vec::new(), std::vec::Vec::new());
        let tokens = match split_line(line, &mut buf, &mut owned, &mut refs) {
            Ok(t) => t,
            Err(e) => return Outcome::failure(line, None, &self.tokenize_failure(line, e)),
        };
        let live = self.live();
        let view = self.view(&live);
        let mut text = std::string::String::new();
        let mut args = Args::new();
        let result = match self.prepare(view, tokens, access, &mut args, &mut text) {
            Prepared::Done(r) => r,
            Prepared::Call { index, compiled, skill, handler } => {
                self.call_async(ctx, index, compiled, &skill, &args, handler, &mut text).await
            }
        };
        self.outcome(view, line, result, text)
    }

    #[cfg(feature = "async")]
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn call_async<'a>(
        &'a self,
        ctx: &mut C,
        index: usize,
        compiled: usize,
        skill: &SkillView<'a>,
        args: &Args<'a>,
        handler: Handler<C>,
        text: &mut std::string::String,
    ) -> Result<Dispatched, Failed<'a>> {
        let Handler::Async(f) = handler else {
            return self.call_sync(ctx, index, compiled, skill, args, handler, text);
        };
        // The future borrows the arguments only for its own lifetime; copy
        // them so it can be polled across awaits.
        let args = args.clone();
        let result = crate::asynchronous::run(f(ctx, &args), self.timeout).await.map(|reply| text.push_str(&reply));
        self.record(compiled, &result);
        match result {
            Ok(()) => Ok(Dispatched { kind: Kind::Reply, error: None, skill: Some(index) }),
            Err(e) => Err((call_failure(skill.name, detach(e)), Some(index))),
        }
    }

    pub(crate) fn outcome(
        &self,
        view: View<'_>,
        line: &str,
        result: Result<Dispatched, Failed<'_>>,
        mut text: std::string::String,
    ) -> crate::outcome::Outcome {
        use crate::outcome::Outcome;
        let name = |i: Option<usize>| i.and_then(|i| view.catalog.skill_at(i)).map(|s| s.name);
        match result {
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
            Err((f, i)) => {
                let mut outcome = Outcome::failure(line, name(i), &f);
                // `--due tomorrow`: the day it stands for, by the clock.
                if let (Failure::Args { errors, .. }, Some(error)) = (&f, outcome.error.as_mut())
                    && let Some(&skills_core::args::ArgErrorKind::BadDate { flag, value, .. }) = errors.first()
                    && let Some(today) = self.breakers.today()
                    && let Some(day) = crate::error::relative_date(value, today)
                {
                    let weekday = |d: skills_core::Date| crate::error::WEEKDAYS[usize::from(d.weekday())];
                    let fix = match errors.style() {
                        skills_core::args::Style::Json => std::format!("send it as \"{flag}\": \"{day}\""),
                        _ => std::format!("write --{flag} {day}"),
                    };
                    error.hint = std::format!(
                        "`{value}` is {} {day} (today is {} {today}, UTC): {fix}",
                        weekday(day),
                        weekday(today)
                    );
                }
                // `tasks.search {"overdue": true}`: the arguments as JSON
                // after the name; the hint is the command they stand for.
                #[cfg(feature = "json")]
                if let (Failure::Args { skill, errors }, Some(error)) = (&f, outcome.error.as_mut())
                    && matches!(errors.first(), Some(skills_core::args::ArgErrorKind::UnexpectedValue { .. }))
                    && let Some(command) = crate::written_calls::json_arguments_command(view.catalog, skill.name, line)
                {
                    error.hint = std::format!("a command takes flags, not JSON: write {command}");
                }
                // `tasks.search(status="todo")` (feature `foreign-calls`),
                // `{"name": "tasks_search", ...}`: a Python call or a JSON
                // tool call; the hint is the command it stands for.
                #[cfg(feature = "json")]
                if let (Failure::UnknownSkill { .. }, Some(error)) = (&f, outcome.error.as_mut())
                    && let Some((calls, what)) = crate::written_calls::line_as_python_calls(line)
                        .map(|c| (c, "a command is not a function call"))
                        .or_else(|| {
                            crate::written_calls::line_as_json_calls(line)
                                .map(|c| (c, "a ```cmd block holds command lines, not JSON"))
                        })
                    && let Some(commands) = calls
                        .iter()
                        .map(|c| crate::tool_call::command_for(view.catalog, c))
                        .collect::<Option<std::vec::Vec<_>>>()
                {
                    error.hint = match &commands[..] {
                        [one] => std::format!("{what}: write {one}"),
                        many => std::format!("{what}: write each on a line of its own:\n{}", many.join("\n")),
                    };
                }
                outcome
            }
        }
    }
}

/// An async handler's error outlives the arguments copied for it only as
/// owned data: a conversion error's borrowed value is re-borrowed from the
/// caller's `'a` by reporting the flag without the value's lifetime.
#[cfg(feature = "async")]
pub(super) fn detach<'a>(e: CallError<'_>) -> CallError<'a> {
    match e {
        CallError::Skill(s) => CallError::Skill(s),
        CallError::Convert { flag, error } => {
            CallError::Skill(crate::SkillError::new(format!("`--{flag}`: {error}")).with_kind("invalid_value"))
        }
    }
}
