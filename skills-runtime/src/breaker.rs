//! Per-skill circuit breakers.
//!
//! ```text
//! Closed --(threshold consecutive failures)--> Open
//! Open   --(recovery time passes)------------> HalfOpen: one trial call
//! HalfOpen --(trial succeeds)----------------> Closed
//! HalfOpen --(trial fails)-------------------> Open (timer restarts)
//! ```
//!
//! A failure is the skill's fault: a handler error, a panic or a timeout.
//! Commands the model got wrong (unknown flag, bad value) never reach the
//! handler and do not count. State is readable and restorable
//! ([`Router::breakers`](crate::Router::breakers),
//! [`Router::restore_breakers`](crate::Router::restore_breakers)) so an application can
//! persist it across restarts; times are wall-clock for that reason.

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

/// When a breaker opens and how long it stays open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BreakerConfig {
    /// Consecutive failures that open the breaker (default 5).
    pub threshold: u32,
    /// How long it stays open before one trial call (default 60 s).
    pub recovery: Duration,
}

impl Default for BreakerConfig {
    fn default() -> Self {
        BreakerConfig { threshold: 5, recovery: Duration::from_secs(60) }
    }
}

/// The state of one skill's breaker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BreakerState {
    /// Calls pass; `failures` consecutive failures so far.
    Closed {
        /// Consecutive failures.
        failures: u32,
    },
    /// Calls are refused until `since + recovery`.
    Open {
        /// When it opened.
        since: SystemTime,
    },
    /// One trial call may pass.
    HalfOpen {
        /// Whether the trial call is under way.
        trial_running: bool,
    },
}

/// One skill's breaker state, to persist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakerSnapshot {
    /// The skill.
    pub skill: String,
    /// Its state.
    pub state: BreakerState,
}

/// A wall clock; tests pass their own.
pub type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// The breakers of a router, one per skill (by index).
pub(crate) struct Breakers {
    config: BreakerConfig,
    clock: Clock,
    states: Mutex<Vec<BreakerState>>,
}

/// Why a call may not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Open; seconds until the trial call.
    Open { retry_after: u64 },
    /// Half-open and the trial call is under way.
    TrialRunning,
}

impl Breakers {
    pub(crate) fn new(skills: usize, config: BreakerConfig, clock: Clock) -> Self {
        Breakers { config, clock, states: Mutex::new(vec![BreakerState::Closed { failures: 0 }; skills]) }
    }

    pub(crate) fn config(&self) -> BreakerConfig {
        self.config
    }

    /// Today's date in UTC by the clock (what a date written in words,
    /// such as `tomorrow`, is counted from in hints).
    pub(crate) fn today(&self) -> Option<skills_core::Date> {
        let secs = (self.clock)().duration_since(SystemTime::UNIX_EPOCH).ok()?.as_secs();
        skills_core::Date::from_days_since_epoch(i64::try_from(secs / 86_400).ok()?)
    }

    fn states(&self) -> std::sync::MutexGuard<'_, Vec<BreakerState>> {
        // A panic while holding this lock cannot leave a state half-written
        // (each update is one assignment), so a poisoned lock is still sound.
        self.states.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Asks to call skill `i`; on success the call must be reported with
    /// [`Breakers::record`] or [`Breakers::release`].
    pub(crate) fn admit(&self, i: usize) -> Result<(), Refusal> {
        let now = (self.clock)();
        let mut states = self.states();
        let Some(state) = states.get_mut(i) else { return Ok(()) };
        match *state {
            BreakerState::Closed { .. } => Ok(()),
            BreakerState::Open { since } => {
                let elapsed = now.duration_since(since).unwrap_or(Duration::ZERO);
                if elapsed >= self.config.recovery {
                    *state = BreakerState::HalfOpen { trial_running: true };
                    Ok(())
                } else {
                    Err(Refusal::Open { retry_after: (self.config.recovery - elapsed).as_secs().max(1) })
                }
            }
            BreakerState::HalfOpen { trial_running: true } => Err(Refusal::TrialRunning),
            BreakerState::HalfOpen { trial_running: false } => {
                *state = BreakerState::HalfOpen { trial_running: true };
                Ok(())
            }
        }
    }

    /// Reports how an admitted call ended.
    pub(crate) fn record(&self, i: usize, success: bool) {
        let now = (self.clock)();
        let threshold = self.config.threshold.max(1);
        let mut states = self.states();
        let Some(state) = states.get_mut(i) else { return };
        *state = match (*state, success) {
            (_, true) => BreakerState::Closed { failures: 0 },
            (BreakerState::Closed { failures }, false) if failures + 1 < threshold => {
                BreakerState::Closed { failures: failures + 1 }
            }
            (_, false) => BreakerState::Open { since: now },
        };
    }

    /// An admitted call that never reached the handler (the command was
    /// wrong): a half-open breaker keeps its trial.
    pub(crate) fn release(&self, i: usize) {
        let mut states = self.states();
        if let Some(state @ BreakerState::HalfOpen { trial_running: true }) = states.get_mut(i) {
            *state = BreakerState::HalfOpen { trial_running: false };
        }
    }

    pub(crate) fn state(&self, i: usize) -> Option<BreakerState> {
        self.states().get(i).copied()
    }

    pub(crate) fn snapshot(&self, names: impl Iterator<Item = String>) -> Vec<BreakerSnapshot> {
        let states = self.states();
        names
            .zip(states.iter())
            .filter(|(_, s)| **s != BreakerState::Closed { failures: 0 })
            .map(|(skill, &state)| BreakerSnapshot { skill, state })
            .collect()
    }

    pub(crate) fn restore(&self, i: usize, state: BreakerState) {
        if let Some(s) = self.states().get_mut(i) {
            // A trial that was running when the state was saved did not finish.
            *s = match state {
                BreakerState::HalfOpen { .. } => BreakerState::HalfOpen { trial_running: false },
                other => other,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    fn clock() -> (Clock, Arc<AtomicU64>) {
        let t = Arc::new(AtomicU64::new(1_000));
        let c = t.clone();
        (Arc::new(move || SystemTime::UNIX_EPOCH + Duration::from_secs(c.load(Ordering::SeqCst))), t)
    }

    #[test]
    fn transitions() {
        let (clock, t) = clock();
        let b = Breakers::new(1, BreakerConfig { threshold: 3, recovery: Duration::from_secs(60) }, clock);
        for _ in 0..2 {
            b.admit(0).unwrap();
            b.record(0, false);
        }
        assert_eq!(b.state(0), Some(BreakerState::Closed { failures: 2 }));
        b.admit(0).unwrap();
        b.record(0, false);
        assert!(matches!(b.state(0), Some(BreakerState::Open { .. })));
        assert_eq!(b.admit(0), Err(Refusal::Open { retry_after: 60 }));
        t.fetch_add(59, Ordering::SeqCst);
        assert_eq!(b.admit(0), Err(Refusal::Open { retry_after: 1 }));
        t.fetch_add(1, Ordering::SeqCst);
        b.admit(0).unwrap();
        assert_eq!(b.state(0), Some(BreakerState::HalfOpen { trial_running: true }));
        assert_eq!(b.admit(0), Err(Refusal::TrialRunning), "one trial call only");
        b.record(0, false);
        assert!(matches!(b.state(0), Some(BreakerState::Open { .. })), "a failed trial reopens");
        t.fetch_add(60, Ordering::SeqCst);
        b.admit(0).unwrap();
        b.release(0);
        assert_eq!(
            b.state(0),
            Some(BreakerState::HalfOpen { trial_running: false }),
            "a wrong command keeps the trial"
        );
        b.admit(0).unwrap();
        b.record(0, true);
        assert_eq!(b.state(0), Some(BreakerState::Closed { failures: 0 }));
    }
}
