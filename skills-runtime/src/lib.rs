//! The run-time half of the skills framework.
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod catalog;
pub mod entry;
pub mod error;
pub mod help;
pub mod route;

#[cfg(feature = "dev")]
pub mod dynamic;
#[cfg(feature = "json")]
pub mod json;

pub use error::{Failure, SkillError};
pub use skills_core as core_types;
