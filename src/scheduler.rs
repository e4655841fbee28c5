//! Running scheduled skills: what is due in a window, run in order, one
//! result each; a failing skill is reported and the rest still run.

use crate::App;
use skills_runtime::schedule::jiff::Timestamp;
use skills_runtime::schedule::{Fire, Scheduler};
use skills_runtime::{Outcome, Router};

/// Most runs handled in one window (a `* * * * *` schedule over a long
/// window would otherwise run unboundedly).
pub const MAX_RUNS_PER_WINDOW: usize = 1_000;

/// Runs every skill due in `(after, until]`, in time order. A scheduled
/// workflow (a template) yields the instructions a model would be given;
/// a skill that fails yields its error result, and the next one runs.
pub fn run_due(
    router: &Router<App>,
    app: &mut App,
    scheduler: &Scheduler,
    after: Timestamp,
    until: Timestamp,
) -> Vec<(Fire, Outcome)> {
    scheduler
        .fires_between(after, until, MAX_RUNS_PER_WINDOW)
        .into_iter()
        .map(|fire| {
            let outcome = router.execute(app, &fire.skill);
            (fire, outcome)
        })
        .collect()
}
