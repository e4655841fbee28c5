//! The compiled dispatch table: metadata, a perfect-hash index, and one
//! handler slot per skill, all `static`, built by `skills-codegen`.

use crate::catalog::StaticCatalog;
use core::fmt;
use skills_core::args::Args;
use skills_core::convert::{ConvertError, FromFlag};
use skills_core::spec::FlagSpec;

use crate::error::SkillError;

/// Why a compiled handler did not produce a reply.
#[derive(Debug)]
pub enum CallError<'a> {
    /// A validated value did not fit the handler's parameter type
    /// (`u8` given `300`).
    Convert {
        /// The flag.
        flag: &'static str,
        /// What went wrong.
        error: ConvertError<'a>,
    },
    /// The handler returned an error.
    Skill(SkillError),
}

impl From<SkillError> for CallError<'_> {
    fn from(e: SkillError) -> Self {
        CallError::Skill(e)
    }
}

/// A synchronous handler: validated arguments in, reply text out.
pub type SyncHandler<C> = for<'a> fn(&mut C, &Args<'a>, &mut dyn fmt::Write) -> Result<(), CallError<'a>>;

/// A boxed future, as async handlers return.
#[cfg(feature = "std")]
pub type BoxFuture<'a, T> = core::pin::Pin<alloc::boxed::Box<dyn core::future::Future<Output = T> + Send + 'a>>;

/// An asynchronous handler.
#[cfg(feature = "std")]
pub type AsyncHandler<C> =
    for<'a> fn(&'a mut C, &'a Args<'a>) -> BoxFuture<'a, Result<alloc::string::String, CallError<'a>>>;

/// A compiled handler, as `#[skill]` produces it.
pub enum Handler<C: 'static> {
    /// `fn`.
    Sync(SyncHandler<C>),
    /// `async fn`.
    #[cfg(feature = "std")]
    Async(AsyncHandler<C>),
}

impl<C> Clone for Handler<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Handler<C> {}

impl<C> fmt::Debug for Handler<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Handler::Sync(_) => f.write_str("Handler::Sync"),
            #[cfg(feature = "std")]
            Handler::Async(_) => f.write_str("Handler::Async"),
        }
    }
}

/// Everything generated for one skill tree, with handlers for context `C`.
pub struct Table<C: 'static> {
    /// Skills, domains and the name index.
    pub catalog: &'static StaticCatalog,
    /// One slot per skill (same order): `None` for template skills.
    pub handlers: &'static [Option<Handler<C>>],
    /// The system-prompt skill section (domains and a quick reference).
    pub summary: &'static str,
    /// The skill root this table was compiled from, as a path on the
    /// build machine (dev mode reads it live; static builds never touch it).
    pub root: &'static str,
}

impl<C> fmt::Debug for Table<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table").field("skills", &self.catalog.skills.len()).finish_non_exhaustive()
    }
}

/// Converts flag `index` of `args` for a handler parameter or struct field.
#[doc(hidden)]
#[inline]
pub fn field<'a, T: FromFlag<'a>>(args: &Args<'a>, index: usize, flag: &'static str) -> Result<T, CallError<'a>> {
    // A `match` rather than `map_err` and a closure: this is instantiated for
    // every parameter type of every handler, and combinators multiply the
    // code the compiler generates (see docs/PERFORMANCE.md).
    match T::from_flag(args.slot(index)) {
        Ok(v) => Ok(v),
        Err(error) => Err(CallError::Convert { flag, error }),
    }
}

/// Converts a run of consecutive flags for a generated `from_args`: a
/// tuple of field types reads flags `first`, `first + 1`, ... of `args`,
/// naming each by its spec in `specs` when it does not convert.
///
/// One call per skill (per twelve flags) instead of one per field: type and
/// borrow checking of a thousand generated `from_args` bodies was the
/// largest single cost of building large trees (docs/PERFORMANCE.md).
#[doc(hidden)]
pub trait FromFlags<'a>: Sized {
    /// Reads the tuple.
    fn from_flags(args: &Args<'a>, specs: &'static [FlagSpec<'static>], first: usize) -> Result<Self, CallError<'a>>;
}

/// `FromFlags` and `DebugFields` for one tuple size.
macro_rules! flag_tuple {
    ($($t:ident $i:tt),+) => {
        impl<'a, $($t: FromFlag<'a>),+> FromFlags<'a> for ($($t,)+) {
            #[inline]
            fn from_flags(args: &Args<'a>, specs: &'static [FlagSpec<'static>], first: usize) -> Result<Self, CallError<'a>> {
                // The flag's name is looked up only when a value does not
                // convert: read eagerly, it cost the hot path an indexed
                // load per field.
                Ok(($(
                    match $t::from_flag(args.slot(first + $i)) {
                        Ok(v) => v,
                        Err(error) => return Err(CallError::Convert { flag: spec_name(specs, first + $i), error }),
                    },
                )+))
            }
        }

        impl<$($t: fmt::Debug),+> DebugFields for ($($t,)+) {
            fn debug_fields(&self, names: &str, out: &mut fmt::DebugStruct<'_, '_>) {
                let mut names = names.split(' ');
                $( out.field(names.next().unwrap_or("?"), &self.$i); )+
            }
        }

        #[cfg(feature = "serde")]
        impl<$($t: serde::Serialize),+> SerializeFields for ($($t,)+) {
            fn serialize_fields<S: serde::ser::SerializeStruct>(&self, names: &'static str, out: &mut S) -> Result<(), S::Error> {
                let mut names = names.split(' ');
                $( out.serialize_field(names.next().unwrap_or("?"), &self.$i)?; )+
                Ok(())
            }
        }
    };
}

/// A tuple of a generated `Flags` struct's fields, copied, that its
/// `Serialize` (`skills_codegen::Builder::serde`) writes under the flags'
/// names: one generic call per run of twelve fields instead of serde's
/// derive, whose expansion cost `rustc` three times as much per skill
/// (docs/PERFORMANCE.md).
#[cfg(feature = "serde")]
#[doc(hidden)]
pub trait SerializeFields {
    /// Serializes each field, named by the space-separated `names`, into `out`.
    fn serialize_fields<S: serde::ser::SerializeStruct>(
        &self,
        names: &'static str,
        out: &mut S,
    ) -> Result<(), S::Error>;
}

/// Serializes the fields of `values` into `out` (see [`SerializeFields`]).
#[cfg(feature = "serde")]
#[doc(hidden)]
pub fn serialize_fields<S: serde::ser::SerializeStruct, T: SerializeFields>(
    out: &mut S,
    names: &'static str,
    values: T,
) -> Result<(), S::Error> {
    values.serialize_fields(names, out)
}

/// A tuple of a generated `Flags` struct's fields, copied, that
/// its `Debug` writes as `Flags { title: .., body: .. }`.
///
/// One generic call per run of twelve fields, with the names as one string,
/// instead of `#[derive(Debug)]`, whose expansion coerces every field to
/// `&dyn Debug` and costs `rustc` more in large trees.
#[doc(hidden)]
pub trait DebugFields {
    /// Adds each field, named by the space-separated `names`, to `out`.
    fn debug_fields(&self, names: &str, out: &mut fmt::DebugStruct<'_, '_>);
}

/// Adds the fields of `values` to `out` (see [`DebugFields`]).
#[doc(hidden)]
pub fn debug_fields<T: DebugFields>(out: &mut fmt::DebugStruct<'_, '_>, names: &str, values: T) {
    values.debug_fields(names, out);
}

/// Variant `i` of a generated enum, whose `Debug` writes its variants'
/// names as one space-separated string: one literal per enum instead of an
/// array of them costs `rustc` about a fifth less per impl
/// (docs/PERFORMANCE.md).
#[doc(hidden)]
pub fn variant_name(names: &'static str, i: usize) -> &'static str {
    names.split(' ').nth(i).unwrap_or("?")
}

flag_tuple!(A 0);
flag_tuple!(A 0, B 1);
flag_tuple!(A 0, B 1, C 2);
flag_tuple!(A 0, B 1, C 2, D 3);
flag_tuple!(A 0, B 1, C 2, D 3, E 4);
flag_tuple!(A 0, B 1, C 2, D 3, E 4, F 5);
flag_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
flag_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
flag_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
flag_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
flag_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
flag_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);

#[doc(hidden)]
pub use skills_catalog::entry::FROM_FLAGS_RUN;

#[cold]
fn spec_name(specs: &'static [FlagSpec<'static>], index: usize) -> &'static str {
    specs.get(index).map_or("", |s| s.name)
}

/// Converts flags `first..` of `args` into the tuple `T` (see [`FromFlags`]).
#[doc(hidden)]
#[inline]
pub fn fields<'a, T: FromFlags<'a>>(
    args: &Args<'a>,
    specs: &'static [FlagSpec<'static>],
    first: usize,
) -> Result<T, CallError<'a>> {
    T::from_flags(args, specs, first)
}

/// Writes a handler's `Result` reply.
#[doc(hidden)]
#[inline]
pub fn reply_result<'a, T: fmt::Display, E: Into<SkillError>>(
    r: Result<T, E>,
    out: &mut dyn fmt::Write,
) -> Result<(), CallError<'a>> {
    match r {
        Ok(v) => write!(out, "{v}").map_err(|e| CallError::Skill(e.into())),
        Err(e) => Err(CallError::Skill(e.into())),
    }
}

/// Writes a handler's plain reply.
#[doc(hidden)]
#[inline]
pub fn reply_value<'a, T: fmt::Display>(v: T, out: &mut dyn fmt::Write) -> Result<(), CallError<'a>> {
    write!(out, "{v}").map_err(|e| CallError::Skill(e.into()))
}

/// An async handler's `Result` reply as text.
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn reply_result_string<'a, T: fmt::Display, E: Into<SkillError>>(
    r: Result<T, E>,
) -> Result<alloc::string::String, CallError<'a>> {
    use alloc::string::ToString;
    r.map(|v| v.to_string()).map_err(|e| CallError::Skill(e.into()))
}

/// An async handler's plain reply as text.
#[cfg(feature = "std")]
#[doc(hidden)]
pub fn reply_value_string<'a, T: fmt::Display>(v: T) -> Result<alloc::string::String, CallError<'a>> {
    use alloc::string::ToString;
    Ok(v.to_string())
}

/// Whether an enum's values are the markdown's (any order, ASCII case
/// ignored); evaluated at compile time by `#[skill]` glue.
#[doc(hidden)]
pub const fn enum_values_match(actual: &[&str], markdown: &[&str]) -> bool {
    let mut ok = actual.len() == markdown.len();
    let mut i = 0;
    while ok && i < markdown.len() {
        let mut found = false;
        let mut j = 0;
        while j < actual.len() {
            if eq_ignore_ascii_case(actual[j].as_bytes(), markdown[i].as_bytes()) {
                found = true;
            }
            j += 1;
        }
        ok = found;
        i += 1;
    }
    ok
}

const fn eq_ignore_ascii_case(a: &[u8], b: &[u8]) -> bool {
    a.eq_ignore_ascii_case(b)
}
