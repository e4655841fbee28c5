//! Typed values from validated [`Slot`]s: what a handler parameter of a given
//! Rust type receives.
//!
//! The argument parser has already checked every value against the flag's
//! markdown type, so conversions fail only when the handler asks for a
//! narrower Rust type than the markdown promises (an `u8` for an integer flag
//! given `300`).

// The small conversions below are `#[inline]` so that generated `from_args`
// (in the application's crate) inlines them, which makes a typed parse
// faster on a host. Not on bare-metal targets (`target_os = "none"`),
// where the same inlining into every handler's glue costs firmware flash:
// there size comes first.

use crate::args::Slot;
use crate::date::Date;
use crate::spec::{StrList, StrListIter};
use core::fmt;
use core::marker::PhantomData;

/// A value that did not fit the handler's parameter type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvertError<'a> {
    /// The value.
    pub value: &'a str,
    /// What the parameter type needs (`an integer from 0 to 255`).
    pub expected: &'static str,
}

impl fmt::Display for ConvertError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not {}", self.value, self.expected)
    }
}

/// A type that one flag value converts to.
pub trait FromValue<'a>: Sized {
    /// Whether every validated value converts (`&str`, and the markdown's
    /// own types), so a list need not be checked value by value.
    const INFALLIBLE: bool = false;

    /// Converts one (already validated) value.
    fn from_value(value: &'a str) -> Result<Self, ConvertError<'a>>;
}

/// A type a whole flag converts to: a handler parameter type.
pub trait FromFlag<'a>: Sized {
    /// Converts a flag's slot.
    fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>>;
}

#[cfg_attr(not(target_os = "none"), inline)]
fn single<'a, T: FromValue<'a>>(slot: &Slot<'a>) -> Result<T, ConvertError<'a>> {
    match slot.values.first() {
        Some(v) => T::from_value(v),
        None => Err(ConvertError { value: "", expected: "a value (the flag is missing)" }),
    }
}

impl<'a> FromValue<'a> for &'a str {
    const INFALLIBLE: bool = true;

    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_value(value: &'a str) -> Result<Self, ConvertError<'a>> {
        Ok(value)
    }
}

impl<'a> FromValue<'a> for Date {
    // The parser validated every date value.
    const INFALLIBLE: bool = true;

    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_value(value: &'a str) -> Result<Self, ConvertError<'a>> {
        Date::parse(value).map_err(|_| ConvertError { value, expected: "a date written YYYY-MM-DD" })
    }
}

impl<'a> FromValue<'a> for bool {
    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_value(value: &'a str) -> Result<Self, ConvertError<'a>> {
        if value.eq_ignore_ascii_case("true") {
            Ok(true)
        } else if value.eq_ignore_ascii_case("false") {
            Ok(false)
        } else {
            Err(ConvertError { value, expected: "true or false" })
        }
    }
}

macro_rules! floats {
    ($($t:ty => $expected:literal),* $(,)?) => {$(
        impl<'a> FromValue<'a> for $t {
            /// A value of a `number` flag ([`crate::args::is_number`]); an
            /// `f32` also refuses one beyond its range.
            fn from_value(value: &'a str) -> Result<Self, ConvertError<'a>> {
                crate::args::is_number(value)
                    .then(|| value.parse::<$t>().ok())
                    .flatten()
                    .filter(|v| v.is_finite())
                    .ok_or(ConvertError { value, expected: $expected })
            }
        }
        impl<'a> FromFlag<'a> for $t {
            fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
                single(slot)
            }
        }
    )*};
}

floats! {
    f64 => "a number",
    f32 => "a number within f32's range (about 3.4e38)",
}

macro_rules! integers {
    ($($t:ty => $expected:literal),* $(,)?) => {$(
        impl<'a> FromValue<'a> for $t {
            #[cfg_attr(not(target_os = "none"), inline)]
            fn from_value(value: &'a str) -> Result<Self, ConvertError<'a>> {
                crate::args::parse_integer(value)
                    .and_then(|v| <$t>::try_from(v).ok())
                    .ok_or(ConvertError { value, expected: $expected })
            }
        }
        impl<'a> FromFlag<'a> for $t {
            #[cfg_attr(not(target_os = "none"), inline)]
            fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
                single(slot)
            }
        }
    )*};
}

integers! {
    i8 => "an integer from -128 to 127",
    i16 => "an integer from -32768 to 32767",
    i32 => "an integer from -2147483648 to 2147483647",
    i64 => "a 64-bit integer",
    i128 => "an integer",
    isize => "an integer in the platform's range",
    u8 => "an integer from 0 to 255",
    u16 => "an integer from 0 to 65535",
    u32 => "an integer from 0 to 4294967295",
    u64 => "a non-negative integer",
    u128 => "a non-negative integer",
    usize => "a non-negative integer in the platform's range",
}

impl<'a> FromFlag<'a> for &'a str {
    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
        single(slot)
    }
}

impl<'a> FromFlag<'a> for Date {
    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
        single(slot)
    }
}

impl<'a> FromFlag<'a> for bool {
    /// Present without a value, or with `true`, is true; absent or `false` is false.
    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
        if !slot.is_present() {
            return Ok(false);
        }
        match slot.values.first() {
            None => Ok(true),
            Some(v) => bool::from_value(v),
        }
    }
}

impl<'a, T: FromFlag<'a>> FromFlag<'a> for Option<T> {
    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
        if slot.is_present() { T::from_flag(slot).map(Some) } else { Ok(None) }
    }
}

impl<'a> FromFlag<'a> for StrList<'a> {
    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
        Ok(slot.values)
    }
}

/// The values of a list flag, borrowed from the command: no allocation.
///
/// Iterating converts each value to `T` (`&str` by default). Values were
/// validated before the handler runs, so iteration yields every value.
pub struct List<'a, T = &'a str> {
    values: StrList<'a>,
    _t: PhantomData<fn() -> T>,
}

impl<'a, T> Clone for List<'a, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<'a, T> Copy for List<'a, T> {}

impl<'a, T: FromValue<'a>> List<'a, T> {
    /// Wraps already validated values.
    pub fn new(values: StrList<'a>) -> Self {
        List { values, _t: PhantomData }
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The values as written.
    pub fn raw(&self) -> StrList<'a> {
        self.values
    }

    /// The converted values.
    pub fn iter(&self) -> ListIter<'a, T> {
        ListIter { inner: self.values.iter(), _t: PhantomData }
    }

    /// The converted values in a `Vec`.
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> alloc::vec::Vec<T> {
        self.iter().collect()
    }
}

impl<'a, T: FromValue<'a> + fmt::Debug> fmt::Debug for List<'a, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A list serializes as a sequence of its converted values, with its
/// length given up front (formats such as bincode need it).
#[cfg(feature = "serde")]
impl<'a, T: FromValue<'a> + serde::Serialize> serde::Serialize for List<'a, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq as _;
        // Counted as iterated: a value that does not convert is skipped.
        let mut seq = serializer.serialize_seq(Some(self.iter().count()))?;
        for v in self.iter() {
            seq.serialize_element(&v)?;
        }
        seq.end()
    }
}

impl<'a, T: FromValue<'a>> IntoIterator for List<'a, T> {
    type Item = T;
    type IntoIter = ListIter<'a, T>;
    fn into_iter(self) -> ListIter<'a, T> {
        self.iter()
    }
}

/// Iterator over a [`List`].
pub struct ListIter<'a, T> {
    inner: StrListIter<'a>,
    _t: PhantomData<fn() -> T>,
}

impl<'a, T> fmt::Debug for ListIter<'a, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ListIter").finish_non_exhaustive()
    }
}

impl<'a, T: FromValue<'a>> Iterator for ListIter<'a, T> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        // Validated values convert; a value that somehow does not is skipped
        // rather than panicking on the dispatch path.
        loop {
            let v = self.inner.next()?;
            if let Ok(t) = T::from_value(v) {
                return Some(t);
            }
        }
    }
}

impl<'a, T: FromValue<'a>> FromFlag<'a> for List<'a, T> {
    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
        // Reject up front what the iterator would have to skip (nothing, for
        // types every validated value converts to).
        if !T::INFALLIBLE {
            // Parsed commands hold a slice: walk it directly rather than
            // through the general iterator (which can also split lines).
            match slot.values {
                StrList::Slice(values) => {
                    for v in values {
                        T::from_value(v)?;
                    }
                }
                values => {
                    for v in values.iter() {
                        T::from_value(v)?;
                    }
                }
            }
        }
        Ok(List::new(slot.values))
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    impl<'a> FromValue<'a> for String {
        #[cfg_attr(not(target_os = "none"), inline)]
        fn from_value(value: &'a str) -> Result<Self, ConvertError<'a>> {
            Ok(value.to_string())
        }
    }

    impl<'a> FromFlag<'a> for String {
        #[cfg_attr(not(target_os = "none"), inline)]
        fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
            single(slot)
        }
    }

    impl<'a, T: FromValue<'a>> FromFlag<'a> for Vec<T> {
        #[cfg_attr(not(target_os = "none"), inline)]
        fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
            // A plain loop rather than `collect::<Result<_, _>>()`: this is
            // instantiated once per generated enum type, and the iterator
            // adapters cost measurable build time in trees of 1,000 skills.
            let mut out = Vec::with_capacity(slot.values.len());
            // Parsed commands hold a slice: walked directly, rather than
            // through the general iterator (which can also split lines),
            // for less work per value.
            match slot.values {
                StrList::Slice(values) => {
                    for v in values {
                        out.push(T::from_value(v)?);
                    }
                }
                values => {
                    for v in values.iter() {
                        out.push(T::from_value(v)?);
                    }
                }
            }
            Ok(out)
        }
    }
}

/// An enum whose variants are the values of an enum flag.
///
/// Generated for every `One of:` / `One or more of:` flag. Generated code
/// supplies only the constants and [`FlagEnum::index`]; parsing, printing and
/// the conversions to handler parameters are written once, here (which is
/// what keeps trees of thousands of enums quick to compile).
pub trait FlagEnum: Sized + Copy + 'static {
    /// The values as written in the markdown, in order.
    const VALUES: &'static [&'static str];
    /// Every variant, in the same order.
    const ALL: &'static [Self];
    /// "one of: a, b, c", for conversion errors.
    const EXPECTED: &'static str;

    /// The variant's position in [`FlagEnum::VALUES`].
    fn index(self) -> usize;

    /// The variant written `value` (ASCII case ignored, `-` and `_` alike).
    #[cfg_attr(not(target_os = "none"), inline)]
    fn parse(value: &str) -> Option<Self> {
        // Exact spelling first (what models write), then loosely
        // (`In-Progress` for `in_progress`).
        let i = match Self::VALUES.iter().position(|v| crate::same_bytes(v.as_bytes(), value.as_bytes())) {
            Some(i) => i,
            // One out-of-line function for every enum, not a copy per type.
            None => crate::spec::position_loosely(Self::VALUES.iter().copied(), value)?,
        };
        Self::ALL.get(i).copied()
    }

    /// The value as written in the markdown.
    fn as_str(self) -> &'static str {
        Self::VALUES.get(self.index()).copied().unwrap_or("")
    }
}

impl<'a, T: FlagEnum> FromValue<'a> for T {
    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_value(value: &'a str) -> Result<Self, ConvertError<'a>> {
        match T::parse(value) {
            Some(v) => Ok(v),
            None => Err(ConvertError { value, expected: T::EXPECTED }),
        }
    }
}

impl<'a, T: FlagEnum> FromFlag<'a> for T {
    #[cfg_attr(not(target_os = "none"), inline)]
    fn from_flag(slot: &Slot<'a>) -> Result<Self, ConvertError<'a>> {
        single(slot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::Source;
    use std::prelude::v1::*;

    /// Lists serialize as sequences of known length, dates as their text.
    #[cfg(feature = "serde")]
    #[test]
    fn lists_and_dates_serialize_as_written() {
        use serde_test::{Token, assert_ser_tokens};
        let list: List<'_> = List::new(StrList::Slice(&["a", "b c"]));
        assert_ser_tokens(&list, &[Token::Seq { len: Some(2) }, Token::Str("a"), Token::Str("b c"), Token::SeqEnd]);
        let numbers: List<'_, i64> = List::new(StrList::Lines("3\nx\n-4"));
        assert_ser_tokens(&numbers, &[Token::Seq { len: Some(2) }, Token::I64(3), Token::I64(-4), Token::SeqEnd]);
        let date: crate::Date = "2026-03-01".parse().unwrap();
        assert_ser_tokens(&date, &[Token::Str("2026-03-01")]);
    }

    fn given(values: StrList<'static>) -> Slot<'static> {
        Slot { values, source: Source::Given }
    }

    #[test]
    fn scalars() {
        let s = given(StrList::Slice(&["300"]));
        assert_eq!(i64::from_flag(&s), Ok(300));
        assert!(u8::from_flag(&s).is_err());
        assert_eq!(<Option<i32>>::from_flag(&s), Ok(Some(300)));
        let absent = Slot { values: StrList::EMPTY, source: Source::Absent };
        assert_eq!(<Option<i32>>::from_flag(&absent), Ok(None));
        assert_eq!(bool::from_flag(&absent), Ok(false));
        assert_eq!(bool::from_flag(&given(StrList::EMPTY)), Ok(true));
        assert_eq!(bool::from_flag(&given(StrList::One("false"))), Ok(false));
    }

    #[test]
    fn lists() {
        let s = given(StrList::Slice(&["1", "2", "3"]));
        let l: List<'_, i32> = List::from_flag(&s).unwrap();
        assert_eq!(l.iter().sum::<i32>(), 6);
        // A value the parameter type cannot hold fails the whole list.
        assert!(List::<'_, u8>::from_flag(&given(StrList::Slice(&["1", "300"]))).is_err());
        #[cfg(feature = "alloc")]
        {
            let v: Vec<String> = Vec::from_flag(&s).unwrap();
            assert_eq!(v, ["1", "2", "3"]);
        }
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Tone {
        Formal,
        Casual,
    }
    impl FlagEnum for Tone {
        const VALUES: &'static [&'static str] = &["formal", "casual"];
        const ALL: &'static [Self] = &[Tone::Formal, Tone::Casual];
        const EXPECTED: &'static str = "one of: formal, casual";
        fn index(self) -> usize {
            self as usize
        }
    }

    #[test]
    fn enums() {
        assert_eq!(Tone::from_flag(&given(StrList::One("Casual"))), Ok(Tone::Casual));
        assert_eq!(Tone::Casual.as_str(), "casual");
        let l: List<'_, Tone> = List::from_flag(&given(StrList::Slice(&["formal", "casual"]))).unwrap();
        assert!(l.iter().eq([Tone::Formal, Tone::Casual]));
        #[cfg(feature = "alloc")]
        {
            let v: Vec<Tone> = Vec::from_flag(&given(StrList::Slice(&["formal", "casual"]))).unwrap();
            assert_eq!(v, [Tone::Formal, Tone::Casual]);
        }
    }
}
