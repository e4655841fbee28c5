//! What a router tells its application of its state: the skills as of
//! now, the system-prompt section, and the circuit breakers (`std`).

use super::*;

impl<C: 'static> Router<C> {
    /// Calls `f` with the skills as of now (in dev mode the live snapshot,
    /// else the compiled catalog) and which of them may run here.
    pub fn with_catalog<R>(&self, f: impl FnOnce(&dyn Catalog, &dyn Fn(&SkillView<'_>) -> bool) -> R) -> R {
        let live = self.live();
        let view = self.view(&live);
        f(view.catalog, &view.visible())
    }

    /// The system-prompt skill section as of now: in dev mode built from
    /// the live skills, otherwise the compiled [`Router::summary`].
    pub fn prompt_section(&self) -> std::string::String {
        let live = self.live();
        match &live {
            Some(_) => {
                let view = self.view(&live);
                crate::prompt::summary(view.catalog, &view.visible())
            }
            None => self.table.summary.to_string(),
        }
    }

    /// The circuit breaker of every skill that is not closed and clean, to
    /// persist (see [`Router::restore_breakers`]).
    pub fn breakers(&self) -> std::vec::Vec<crate::breaker::BreakerSnapshot> {
        self.breakers.snapshot(self.table.catalog.skills.iter().map(|s| s.name.to_string()))
    }

    /// The breaker state of one skill; `None` for an unknown name.
    pub fn breaker(&self, name: &str) -> Option<crate::breaker::BreakerState> {
        self.table.catalog.lookup(name).and_then(|i| self.breakers.state(i))
    }

    /// Restores persisted breaker states; snapshots of skills this table
    /// does not have are ignored.
    pub fn restore_breakers(&self, snapshots: &[crate::breaker::BreakerSnapshot]) {
        for s in snapshots {
            if let Some(i) = self.table.catalog.lookup(&s.skill) {
                self.breakers.restore(i, s.state);
            }
        }
    }
}
