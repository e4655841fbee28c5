//! The part of the skills framework that runs everywhere: in build scripts,
//! in the `skills` CLI, in std applications and on microcontrollers without a
//! heap.
//!
//! - [`tokenize`]: POSIX shell-style splitting of one command line, exactly
//!   as Python's `shlex.split` with line continuations removed, borrowing or
//!   unescaping in place;
//! - [`shell`]: shell syntax a command cannot use (here-documents, command
//!   substitution), found where a shell would act on it;
//! - [`extract`]: the commands a model wrote in ```` ```cmd ```` blocks;
//! - [`spec`]: flag schemas ([`FlagSpec`]) as the markdown declares them;
//! - [`args`]: the one table-driven parser from tokens to validated
//!   [`Args`], with every problem reported at once;
//! - [`convert`]: typed handler parameters from validated flags;
//! - [`Date`], [`suggest`] ("did you mean") and [`names`] (tool-name mapping).
//!
//! Nothing here parses markdown or YAML; that is `skills-parser`, used at
//! build time and in dev mode.
//!
//! ```
//! use skills_core::{args, spec::{FlagSpec, StrList, ValueType}, tokenize};
//!
//! static FLAGS: [FlagSpec<'static>; 2] = [
//!     FlagSpec { name: "to", value_type: ValueType::String, list: true, required: true,
//!                values: StrList::EMPTY, default: None, short: None },
//!     FlagSpec { name: "subject", value_type: ValueType::String, list: false, required: true,
//!                values: StrList::EMPTY, default: None, short: None },
//! ];
//!
//! let mut line = *br#"email.send --to a@b.com c@d.com --subject "Q1 Report""#;
//! let mut tokens = [""; 16];
//! let n = tokenize::split_in_place(&mut line, &mut tokens).unwrap();
//! let (name, rest) = tokens[..n].split_first().unwrap();
//! assert_eq!(*name, "email.send");
//! let parsed = args::parse(&FLAGS, rest).unwrap();
//! assert_eq!(parsed.slot(0).values.len(), 2);
//! assert_eq!(parsed.slot(1).values.first(), Some("Q1 Report"));
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

// Unit tests build with the standard library whatever the features, so that
// `cargo test --no-default-features` runs the heap-free build's tests too.
#[cfg(test)]
#[macro_use]
extern crate std;

pub mod args;
pub mod convert;
#[cfg(feature = "cron")]
pub mod cron;
pub mod date;
pub mod extract;
pub mod names;
pub mod shell;
pub mod spec;
pub mod suggest;
pub mod template;
#[cfg(feature = "alloc")]
pub mod terminal;
pub mod tokenize;

pub use args::{ArgErrors, Args, Slot};
pub use date::Date;
pub use spec::{FlagSpec, StrList, ValueType};

/// `a == b` for the short strings flag names, skill names and enum values
/// are, without a `memcmp` call (which costs more than the comparison):
/// lengths first, then one or two overlapping loads of each. (Public for
/// the runtime's name index, not part of the API.)
#[doc(hidden)]
#[inline]
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        0 => true,
        // Bytes 0, n/2 and n-1 cover every byte of a string this short.
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => a.first_chunk::<4>() == b.first_chunk::<4>() && a.last_chunk::<4>() == b.last_chunk::<4>(),
        8..=16 => a.first_chunk::<8>() == b.first_chunk::<8>() && a.last_chunk::<8>() == b.last_chunk::<8>(),
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use std::prelude::v1::*;
    #[test]
    fn same_bytes_is_equality() {
        let words: Vec<String> = (0..20)
            .flat_map(|n| {
                let base: String = "abcdefghijklmnopqrst"[..n].to_string();
                // The same length with one byte changed at each place.
                let mut v = vec![base.clone()];
                for i in 0..n {
                    let mut b = base.clone().into_bytes();
                    b[i] = b'Z';
                    v.push(String::from_utf8(b).unwrap());
                }
                v
            })
            .collect();
        for a in &words {
            for b in &words {
                assert_eq!(super::same_bytes(a.as_bytes(), b.as_bytes()), a == b, "{a:?} {b:?}");
            }
        }
    }
}
