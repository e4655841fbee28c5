//! The run-time half of the skills framework: route the commands a model
//! writes to compiled handlers, answer help requests, and return results the
//! model can act on.
//!
//! # A skill, end to end
//!
//! A skill is a markdown file. `skills/demo/greet.md`:
//!
//! ```markdown
//! ---
//! name: demo.greet
//! description: Greet someone by name
//! handler: greet
//! ---
//!
//! # demo.greet
//!
//! ## Usage
//!
//! demo.greet --name <text>
//!
//! ## Flags
//!
//! --name   Who to greet (required)
//!
//! ## Examples
//!
//! demo.greet --name Ada
//! ```
//!
//! A build script compiles the tree (`skills-codegen`), and a handler names
//! its skill; `cargo build` fails, pointing at the handler and naming the
//! markdown's file and line, when the two disagree (a flag the function
//! does not take, a parameter the file does not document, a type that does
//! not match):
//!
//! ```ignore
//! // build.rs
//! fn main() {
//!     skills_codegen::build();
//! }
//!
//! // src/main.rs (with the `macros` feature)
//! skills_runtime::include_skills!();
//!
//! #[skills_runtime::skill("demo.greet")]
//! fn greet(name: &str) -> String {
//!     format!("hello, {name}")
//! }
//! ```
//!
//! The router then runs what a model writes: a command, a help request, or
//! a whole reply with its ```` ```cmd ```` blocks. Every input gets one
//! result, and a mistake gets an error the model can correct from:
//!
//! ```
//! # // What `include_skills!` generates for the file above, written out.
//! # skills_runtime::__doc_table!(TABLE);
//! use skills_runtime::turn::{Turn, TurnConfig};
//! use skills_runtime::{Kind, Router};
//!
//! let router = Router::new(&TABLE); // `skills::TABLE` in your crate
//! let out = router.execute(&mut (), "demo.greet --name Ada");
//! assert_eq!(out.to_model_text(), "[Command Result: demo.greet]\nhello, Ada");
//!
//! let help = router.execute(&mut (), "get_skill: demo.greet");
//! assert_eq!(help.kind, Kind::Help);
//! assert!(help.text.contains("--name   Who to greet (required)"));
//!
//! let wrong = router.execute(&mut (), "demo.greet --nmae Ada");
//! assert!(wrong.error.unwrap().message.starts_with("unknown flag `--nmae`; did you mean `--name`?"));
//!
//! let reply = "Greeting Bob.\n\n```cmd\ndemo.greet --name Bob\n```\n";
//! let report = Turn::new(reply, TurnConfig::default()).run(&router, &mut ());
//! assert_eq!(report.results[0].text, "hello, Bob");
//! ```
//!
//! # Where to read on
//!
//! - [`Router`]: one command line in, one result out; read-only access,
//!   circuit breakers (`breaker`), panic isolation, `async fn` handlers
//!   (feature `async`), and the heap-free dispatch path (`Router::dispatch`)
//!   that a `no_std` build without an allocator uses.
//! - `turn`: every command of a model reply, in order, with a per-turn
//!   limit and resumption; [`prompt`]: the system prompt's skill section.
//! - `json` (feature `json`): tool schemas (OpenAI, Anthropic) and tool
//!   calls, checked by the same parser as commands.
//! - `registry` (feature `dev`): the markdown read from disk and reloaded
//!   on save, over the compiled table; `workflow` (feature `workflow`):
//!   new skills written safely; `schedule` (feature `schedule`): skills
//!   that run on a `schedule:`.
//! - `joined` (feature `joined`): several crates' tables served as one.
//!
//! The repository's `docs/runtime.md` describes every result and error a
//! model can see; `docs/skill-format.md` the markdown.
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod buffer;
mod doc_table;
pub mod error;
mod kind;
#[cfg(feature = "std")]
mod loose;
pub mod route;
pub mod router;
pub mod table;
mod unhandled;

#[cfg(feature = "async")]
mod asynchronous;
#[cfg(feature = "std")]
pub mod breaker;
#[cfg(feature = "std")]
pub mod eligibility;
#[cfg(feature = "std")]
pub mod outcome;
#[cfg(feature = "schedule")]
pub mod schedule;
#[cfg(feature = "std")]
pub mod turn;

#[cfg(feature = "joined")]
pub mod joined;
#[cfg(feature = "json")]
pub mod json;
#[cfg(feature = "dev")]
pub mod registry;
#[cfg(feature = "json")]
mod tool_call;
#[cfg(feature = "workflow")]
pub mod workflow;
#[cfg(feature = "json")]
mod written_calls;

#[cfg(feature = "dev")]
pub use skills_catalog::dynamic;
pub use skills_catalog::{catalog, entry, help, index, prompt};

pub use error::{Failure, SkillError};
#[cfg(feature = "joined")]
pub use joined::{JoinError, Joined};
#[cfg(feature = "std")]
pub use outcome::{ErrorInfo, Outcome};
pub use router::{Access, Dispatched, Kind, Router};
pub use skills_core::Date;
pub use skills_core::convert::List;
pub use skills_core::{args, convert, extract, names, spec, tokenize};
pub use table::Table;
/// Python call syntax, as some models write a tool call in text (feature
/// `foreign-calls`): read only to tell the model the command it meant.
#[cfg(feature = "foreign-calls")]
pub use written_calls::python as pycall;

#[cfg(feature = "macros")]
pub use skills_macros::skill;

/// Brings the code generated by `skills-codegen` into this crate as
/// `pub mod skills`.
///
/// ```ignore
/// skills_runtime::include_skills!();                    // handlers take no context
/// skills_runtime::include_skills!(context = AppState);  // handlers may take `&mut AppState`
/// ```
///
/// `from = "path"` includes another generated file than
/// `$OUT_DIR/skills.rs` (tests use it).
#[macro_export]
macro_rules! include_skills {
    () => {
        $crate::include_skills!(context = ());
    };
    (context = $ctx:ty) => {
        $crate::include_skills!(context = $ctx, from = concat!(env!("OUT_DIR"), "/skills.rs"));
    };
    (from = $file:expr) => {
        $crate::include_skills!(context = (), from = $file);
    };
    (context = $ctx:ty, from = $file:expr) => {
        #[doc(hidden)]
        pub type __SkillsContext = $ctx;
        /// The skills compiled from the markdown tree (generated by
        /// `skills-codegen`; open `$OUT_DIR/skills.rs` to read it).
        // `private_interfaces`: the context may be a private type (`struct
        // App`), which the module's public items then name.
        #[allow(
            clippy::all,
            clippy::pedantic,
            missing_docs,
            non_camel_case_types,
            dead_code,
            unused_imports,
            private_interfaces,
            private_bounds
        )]
        pub mod skills {
            /// The context handlers receive.
            pub type Context = super::__SkillsContext;
            include!($file);
        }
        // Every skill whose markdown declares `handler:` with no `#[skill]`
        // function: one error, here, naming each file and the function to
        // write (see `skills_codegen`).
        const _: () = {
            const CONTEXT: &str = stringify!($ctx);
            const N: usize = skills::__UNHANDLED_BYTES
                + skills::__UNHANDLED.len() * ($crate::__private::CONTEXT_WORDS + CONTEXT.len());
            const REPORT: ([u8; N], usize) = $crate::__private::unhandled_report::<N>(&skills::__UNHANDLED, CONTEXT);
            if REPORT.1 > 0 {
                panic!("{}", $crate::__private::unhandled_text(&REPORT.0, REPORT.1))
            }
        };
    };
}

/// Implemented when a router of this build can run `async fn` handlers
/// (feature `async`): `#[skill]` on an `async fn` requires it, so that
/// without the feature the handler is a compile error at `async`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "an `async fn` handler needs the `async` feature of skills-runtime, whose `Router::execute_async` runs it",
    label = "no router of this build can run this handler",
    note = "add `\"async\"` to the features of the skills-runtime dependency, or make the handler a plain `fn`"
)]
pub trait AsyncHandlers {}

#[cfg(feature = "async")]
impl AsyncHandlers for () {}

/// What generated code and `#[skill]` expansions use. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::catalog::StaticCatalog;
    pub use crate::entry::{DomainEntry, Eligibility, FlagDoc, FlagDocs, SkillEntry};
    pub use crate::error::SkillError;
    pub use crate::index::NameIndex;
    #[cfg(feature = "std")]
    pub use crate::table::{AsyncHandler, BoxFuture, reply_result_string, reply_value_string};
    pub use crate::table::{
        CallError, DebugFields, FROM_FLAGS_RUN, FromFlags, Handler, SyncHandler, Table, debug_fields,
        enum_values_match, field, fields, reply_result, reply_value, variant_name,
    };
    /// Requires [`AsyncHandlers`](crate::AsyncHandlers): `#[skill]` on an
    /// `async fn` calls it.
    pub const fn async_handlers<T: crate::AsyncHandlers>() {}
    pub use crate::unhandled::{CONTEXT_WORDS, report as unhandled_report, text as unhandled_text};
    pub use skills_core::Date;
    pub use skills_core::args::Args;
    pub use skills_core::convert::{ConvertError, FlagEnum, FromFlag, List};
    pub use skills_core::spec::{
        FlagSpec, StrList, ValueType, packed, packed_flag, packed_flag_default, packed_flag_values,
    };
    /// The empty list of names, as generated `static`s write it: a path to
    /// one constant costs `rustc` a third of what `&[]` does in each.
    pub const NO_STRS: &[&str] = &[];
    #[cfg(feature = "serde")]
    pub use crate::table::{SerializeFields, serialize_fields};
    /// The `serde` that generated `Serialize` impls name
    /// (`skills_codegen::Builder::serde`).
    #[cfg(feature = "serde")]
    pub use serde;
    #[cfg(feature = "macros")]
    pub use skills_macros::__skill_handler as skill_handler;
    #[cfg(feature = "std")]
    pub use std::boxed::Box;
}
