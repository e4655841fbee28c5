//! What the build script and the run time of the skills framework share,
//! as `phf_shared` is to `phf`: the compiled table's types ([`entry`]), the
//! views a catalog of skills gives ([`catalog`]), the perfect-hash name
//! index ([`index`]), and what is written from a catalog: help pages
//! ([`help`]), the system prompt's skill section ([`prompt`]) and tool
//! schemas (`schema`, feature `json`). With feature `parser`, a catalog
//! read from parsed markdown (`dynamic`); with `alloc`, the protocol by
//! which generated code tells `#[skill]` what a skill takes (`shape`).
//!
//! An implementation detail of `skills-runtime` and `skills-codegen`, which
//! re-export what users need: its API may change in any release.
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod catalog;
pub mod entry;
pub mod help;
pub mod index;
pub mod prompt;

#[cfg(feature = "parser")]
pub mod dynamic;
#[cfg(feature = "json")]
pub mod schema;
#[cfg(feature = "alloc")]
pub mod shape;
