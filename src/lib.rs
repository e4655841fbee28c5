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
pub mod state;
pub mod transcript;

pub use state::App;

skills_runtime::include_skills!(context = App);

/// The demo state for day `today`, knowing every compiled skill name (so
/// `workflow.build` refuses conflicts), writing new workflows under
/// `skills_root` when given.
pub fn demo_app(today: skills_runtime::Date, skills_root: Option<std::path::PathBuf>) -> App {
    let mut app = App::demo(today);
    app.skills_root = skills_root;
    app.known_skills = skills::SKILLS.iter().map(|s| s.name.to_string()).collect();
    app
}

/// A router over the compiled bundled skills.
pub fn router() -> skills_runtime::Router<App> {
    skills_runtime::Router::new(&skills::TABLE)
}
