//! `workflow.build`: writes a new workflow skill into the skill root.

use crate::state::App;
use skills_runtime::workflow::{self, Request};
use skills_runtime::{SkillError, skill};

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
    let known = app.known_skills.clone();
    #[cfg(feature = "dev")]
    let registry = app.registry.clone();
    let exists = |n: &str| {
        #[cfg(feature = "dev")]
        if registry.as_ref().is_some_and(|r| r.has_skill(n)) {
            return true;
        }
        known.iter().any(|k| k == n)
    };
    let request = Request { name, domain, description, steps, schedule, author: "assistant", created: app.today };
    let created =
        workflow::build(&root, &request, &exists).map_err(|e| SkillError::new(e.to_string()).with_hint(e.hint()))?;
    app.known_skills.push(created.name.clone());
    // Dev mode: routable from the next command, without waiting for the watcher.
    #[cfg(feature = "dev")]
    if let Some(r) = &app.registry {
        r.reload();
    }
    Ok(format!("Created workflow `{}` at {}. {}", created.name, created.path.display(), created.availability))
}
