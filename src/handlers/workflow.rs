//! `workflow.build`: writes a new workflow skill into the skill root.

use crate::state::App;
use skills_runtime::catalog::Catalog;
use skills_runtime::workflow::{self, Request};
use skills_runtime::{SkillError, skill};

/// Who the workflows this assistant builds say wrote them.
pub const AUTHOR: &str = "assistant";

/// The existing domains workflows may be added to; the application's own
/// (`tasks`, `email`, ...) are out of reach.
pub const OPEN_DOMAINS: &[&str] = &["workflows"];

#[skill("workflow.build")]
fn build(
    app: &mut App,
    name: &str,
    description: &str,
    domain: &str,
    steps: Option<&str>,
    schedule: Option<&str>,
) -> Result<String, SkillError> {
    let Some(root) = app.skills_root.clone() else {
        return Err(SkillError::new("this assistant has no writable skill root, so it cannot create workflows")
            .with_hint("start it with a skill root (SKILLS_ROOT) to enable workflow.build"));
    };
    let request = Request {
        name,
        domain,
        description,
        steps,
        schedule,
        author: AUTHOR,
        created: app.today,
        open_domains: OPEN_DOMAINS,
    };
    // The names to keep clear of: the compiled table's and, in dev mode,
    // every root's (the builder reads the files under `root` itself).
    #[cfg(feature = "dev")]
    let snapshot = app.registry.as_ref().map(|r| r.snapshot());
    let mut served: Vec<&dyn Catalog> = vec![&crate::skills::CATALOG];
    #[cfg(feature = "dev")]
    served.extend(snapshot.as_ref().map(|s| s.catalog() as &dyn Catalog));
    let created = workflow::build(&root, &request, &served).map_err(|e| {
        if e.is_input() { SkillError::input(e.to_string()) } else { SkillError::new(e.to_string()) }.with_hint(e.hint())
    })?;
    // Dev mode: routable from the next command, without waiting for the watcher.
    #[cfg(feature = "dev")]
    if let Some(r) = &app.registry {
        r.reload();
    }
    Ok(format!("Created workflow `{}` at {}. {}", created.name, created.path.display(), created.availability))
}
