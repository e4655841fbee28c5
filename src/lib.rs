//! The reference assistant: the bundled `skills/` tree compiled in, with a
//! handler for every skill that declares `handler:`, acting on in-memory
//! state ([`App`]).
//!
//! ```
//! use assistant::{App, router};
//!
//! let router = router();
//! let mut app = App::demo("2026-02-17".parse().unwrap());
//! let out = router.execute(&mut app, r#"tasks.create --title "Ship v1" --priority high --due 2026-03-01"#);
//! assert_eq!(out.to_model_text(), "[Command Result: tasks.create]\nCreated task_5 [todo, high] Ship v1 (me, due 2026-03-01)");
//! ```

pub mod handlers;
pub mod scheduler;
pub mod state;
pub mod transcript;

pub use state::App;

skills_runtime::include_skills!(context = App);

/// The demo state for day `today`, writing new workflows under
/// `skills_root` when given.
pub fn demo_app(today: skills_runtime::Date, skills_root: Option<std::path::PathBuf>) -> App {
    let mut app = App::demo(today);
    app.skills_root = skills_root;
    app
}

/// The dev-mode registry: the bundled tree read live from where it was
/// compiled (`project`), under the roots of `SKILLS_ROOTS` when that is set,
/// else the standard user, system and imported roots; the compiled table is
/// the base. `on_event` hears reloads, diagnostics and shape changes.
#[cfg(feature = "dev")]
pub fn dev_registry(
    on_event: impl Fn(&skills_runtime::registry::Event) + Send + Sync + 'static,
) -> skills_runtime::registry::Registry {
    use skills_runtime::registry::{ROOTS_ENV, Registry, Root};
    let roots = match std::env::var(ROOTS_ENV) {
        Ok(list) => Root::parse_list(&list),
        Err(_) => {
            let mut roots = Root::standard("assistant");
            roots[0].path = std::path::PathBuf::from(skills::TABLE.root);
            roots
        }
    };
    Registry::builder(&skills::TABLE).roots(roots).on_event(on_event).build()
}

/// A router over the compiled bundled skills.
pub fn router() -> skills_runtime::Router<App> {
    skills_runtime::Router::new(&skills::TABLE)
}
