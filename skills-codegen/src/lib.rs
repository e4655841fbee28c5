//! Build-script code generation for skill trees.
//!
//! ```no_run
//! // build.rs
//! fn main() {
//!     skills_codegen::build();
//! }
//! ```
//!
//! reads `skills/` (next to `Cargo.toml`), checks it with the one skill
//! parser, and writes `$OUT_DIR/skills.rs`: for each skill a typed flag
//! struct and its enums (one type for all flags that list the same values,
//! defined in the first skill that has them and re-exported in the others),
//! static metadata and flag schemas, the prompt
//! summary, (on request) tool schemas, a perfect-hash index of names and aliases, and the
//! table of `#[skill]` handlers. Bring it in with
//! `skills_runtime::include_skills!()`.
//!
//! Errors of the checker fail the build (as `cargo::error` lines with
//! `file:line:column`); its warnings become `cargo::warning` lines. The
//! build script runs again when anything under the skill root changes, and
//! only then.
#![warn(missing_docs)]
// The crate docs show a whole `build.rs`, `fn main` included.
#![allow(clippy::needless_doctest_main)]

mod emit;
mod idents;

use skills_parser::diagnostic::display_path;
use skills_parser::{Diagnostic, LoadOptions, Tree};
use std::path::{Path, PathBuf};

/// Configures code generation.
#[derive(Clone, Debug)]
pub struct Builder {
    root: PathBuf,
    out_file: String,
    json_schemas: bool,
    serde: bool,
    target_os: Option<String>,
    base_dir: Option<PathBuf>,
    other_domains: Vec<String>,
}

impl Default for Builder {
    fn default() -> Self {
        Builder::new()
    }
}

/// The generated code and what the checker said.
#[derive(Debug)]
pub struct Generated {
    /// Rust source for `include_skills!`.
    pub code: String,
    /// Warnings (no errors: those fail generation).
    pub warnings: Vec<Diagnostic>,
    /// The tree that was compiled.
    pub tree: Tree,
}

/// Generation failed: the checker found errors.
#[derive(Debug)]
pub struct Failed {
    /// Every diagnostic, errors and warnings.
    pub diagnostics: Vec<Diagnostic>,
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for d in self.diagnostics.iter().filter(|d| d.is_error()) {
            write!(f, "{}", d.render())?;
        }
        Ok(())
    }
}

impl std::error::Error for Failed {}

impl Builder {
    /// Reads `skills/` relative to the crate being built.
    pub fn new() -> Self {
        Builder {
            root: PathBuf::from("skills"),
            out_file: "skills.rs".into(),
            json_schemas: false,
            serde: false,
            target_os: None,
            base_dir: None,
            other_domains: Vec::new(),
        }
    }

    /// The skill root, relative to the crate's `Cargo.toml` (or absolute).
    pub fn root(mut self, root: impl Into<PathBuf>) -> Self {
        self.root = root.into();
        self
    }

    /// The file written in `OUT_DIR` (default `skills.rs`).
    pub fn out_file(mut self, name: impl Into<String>) -> Self {
        self.out_file = name.into();
        self
    }

    /// Whether to embed each skill's OpenAI and Anthropic tool schemas as
    /// JSON text (`SkillEntry::openai_tool`, `anthropic_tool`). Off by
    /// default: `Router::tool_schemas` (feature `json`) builds them from the
    /// compiled catalog at run time, identical to what would be embedded,
    /// so embedding only serves a program that wants the JSON text without
    /// the `json` feature. It costs 2.7 KB of text per skill in the binary
    /// and half of a debug build script's run (serde_json unoptimized).
    pub fn json_schemas(mut self, yes: bool) -> Self {
        self.json_schemas = yes;
        self
    }

    /// Whether each skill's `Flags` struct and flag enums implement
    /// `serde::Serialize` (through `skills_runtime::__private::serde`; turn
    /// on the runtime's `serde` feature). Keys are the flags' names as
    /// written (`due-before`), enums serialize as their values (`"done"`),
    /// lists as sequences, dates as `"YYYY-MM-DD"`, absent optional flags as
    /// `null`. Off by default: the impls cost every build `rustc` time per
    /// skill (written out, not derived, which would cost more).
    ///
    /// ```no_run
    /// // build.rs
    /// skills_codegen::Builder::new().serde(true).generate();
    /// ```
    pub fn serde(mut self, yes: bool) -> Self {
        self.serde = yes;
        self
    }

    /// Leave out skills whose `eligibility.os` excludes this `target_os`.
    /// Build scripts default to the target being compiled for.
    pub fn target_os(mut self, os: impl Into<String>) -> Self {
        self.target_os = Some(os.into());
        self
    }

    /// Domains that other crates of the same application compile, when a
    /// tree is split into parts joined at start-up (`skills_runtime::Joined`):
    /// an example here may call their skills (`notes.add ...` in a part
    /// without `notes`), which this build cannot check, since it does not
    /// read their files (reading them would rebuild this part whenever
    /// another changes). Without this, such an example is an
    /// `example-unknown-skill` error. Each part checks its own examples.
    ///
    /// ```no_run
    /// // build.rs of the `ops` part
    /// skills_codegen::Builder::new().other_domains(["notes"]).generate();
    /// ```
    pub fn other_domains<S: Into<String>>(mut self, domains: impl IntoIterator<Item = S>) -> Self {
        self.other_domains.extend(domains.into_iter().map(Into::into));
        self
    }

    /// The directory relative paths are resolved against and shown from
    /// (default: `CARGO_MANIFEST_DIR`, else the current directory).
    pub fn base_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.base_dir = Some(dir.into());
        self
    }

    fn base(&self) -> PathBuf {
        self.base_dir
            .clone()
            .or_else(|| std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("."))
    }

    fn abs_root(&self) -> PathBuf {
        self.base().join(&self.root)
    }

    /// Checks the tree and renders the code, without touching the build.
    pub fn render(&self) -> Result<Generated, Failed> {
        let base = self.base();
        let root = self.abs_root();
        let target_os = self.target_os.clone().or_else(|| std::env::var("CARGO_CFG_TARGET_OS").ok());
        let opts = LoadOptions {
            target_os,
            other_domains: self.other_domains.clone(),
            max_skills: skills_parser::MAX_COMPILED_SKILLS,
            ..LoadOptions::default()
        };
        let mut tree = skills_parser::load(&root, &opts);
        let show = |p: &Path| -> String { display_path(p.strip_prefix(&base).unwrap_or(p)) };
        for d in &mut tree.diagnostics {
            d.file = PathBuf::from(show(&d.file));
        }
        if tree.has_errors() {
            return Err(Failed { diagnostics: tree.diagnostics });
        }
        // Where the tree lives on disk, for dev mode: relative roots resolve
        // against the including crate's directory when it compiles, so the
        // generated text names no machine's paths.
        let root_expr = if self.root.is_absolute() {
            format!("{:?}", root.display().to_string())
        } else {
            format!("::core::concat!(::core::env!(\"CARGO_MANIFEST_DIR\"), \"/\", {:?})", display_path(&self.root))
        };
        let opts = emit::Options {
            display: &show,
            root: show(&root),
            root_expr,
            json_schemas: self.json_schemas,
            serde: self.serde,
        };
        let code = emit::generate(&tree, &opts);
        let warnings = std::mem::take(&mut tree.diagnostics);
        Ok(Generated { code, warnings, tree })
    }

    /// For build scripts: generates `$OUT_DIR/<out_file>`, reports the
    /// checker's warnings and errors to Cargo, and asks Cargo to run again
    /// when the skill tree changes.
    ///
    /// On errors the build fails with one `file:line:column` message per
    /// problem.
    pub fn generate(self) {
        let root = self.abs_root();
        // A directory makes Cargo scan the whole tree for changes: added,
        // edited, renamed and deleted files all re-run this script; nothing
        // else does (see README, "Tracking changes").
        println!("cargo::rerun-if-changed={}", root.display());
        println!("cargo::rerun-if-env-changed=SKILLS_CODEGEN_TARGET_OS");
        let builder = match std::env::var("SKILLS_CODEGEN_TARGET_OS") {
            Ok(os) => self.target_os(os),
            Err(_) => self,
        };
        match builder.render() {
            Ok(g) => {
                for w in &g.warnings {
                    println!("cargo::warning={}", one_line(w));
                }
                let out_dir = std::env::var_os("OUT_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
                let path = out_dir.join(&builder.out_file);
                // Unchanged output keeps its timestamp, so nothing downstream rebuilds.
                if std::fs::read_to_string(&path).ok().as_deref() != Some(g.code.as_str())
                    && let Err(e) = std::fs::write(&path, &g.code)
                {
                    println!("cargo::error=cannot write {}: {e}", path.display());
                }
            }
            Err(f) => {
                for d in &f.diagnostics {
                    let kind = if d.is_error() { "error" } else { "warning" };
                    println!("cargo::{kind}={}", one_line(d));
                }
            }
        }
    }
}

/// `skills/email/send.md:17:1: error[flag-no-description]: ... (help: ...)`
fn one_line(d: &Diagnostic) -> String {
    let mut s = format!("{}: {}[{}]: {}", d.location(), d.severity.as_str(), d.code, d.message.replace('\n', " "));
    if let Some(h) = &d.hint {
        s.push_str(&format!(" (help: {})", h.replace('\n', " ")));
    }
    s
}

/// `build.rs` in one line: generate from `skills/`.
pub fn build() {
    Builder::new().generate();
}
