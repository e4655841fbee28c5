//! The joined fixture application: the `notes` part and the `ops` part,
//! two crates with their own build scripts and handlers, served by one
//! router.

use skills_runtime::{Joined, Router};
use std::sync::LazyLock;

pub use skills_joined_notes::Log;

/// Both parts' tables, joined once.
pub static SKILLS: LazyLock<Joined<Log>> = LazyLock::new(|| {
    Joined::new(&[&skills_joined_notes::skills::TABLE, &skills_joined_ops::skills::TABLE])
        .unwrap_or_else(|e| panic!("{e}"))
});

/// A router over both parts.
pub fn router() -> Router<Log> {
    Router::new(SKILLS.table())
}
