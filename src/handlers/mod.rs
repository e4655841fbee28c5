//! The reference handlers, one `#[skill]` function per skill with
//! `handler:` in its frontmatter.

mod calendar;
mod email;
mod memory;
mod tasks;
pub mod workflow;
