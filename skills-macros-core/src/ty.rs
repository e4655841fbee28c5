//! What a handler parameter's type says about the flag it takes.

use crate::shape::FlagShape;
use syn::{GenericArgument, PathArguments, Type};

/// The value type of one element.
#[derive(Clone)]
pub(crate) enum Elem {
    /// `String`, `&str`.
    Str,
    /// Any integer type.
    Int,
    /// `f64`, `f32`.
    Num,
    /// `Date`.
    Date,
    /// `bool`.
    Bool,
    /// Another named type: an enum (generated, or the user's own).
    Named(Box<Type>),
}

impl Elem {
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Elem::Str => "string",
            Elem::Int => "integer",
            Elem::Num => "number",
            Elem::Date => "date",
            Elem::Bool => "boolean",
            Elem::Named(_) => "enum",
        }
    }
}

/// The shape a parameter type gives a flag.
#[derive(Clone)]
pub(crate) struct ParamType {
    pub(crate) optional: bool,
    pub(crate) list: bool,
    pub(crate) elem: Elem,
}

const INTEGERS: &[&str] = &["i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize"];

fn last_segment(ty: &Type) -> Option<&syn::PathSegment> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last(),
        Type::Group(g) => last_segment(&g.elem),
        Type::Paren(p) => last_segment(&p.elem),
        _ => None,
    }
}

/// The type arguments of a path segment (`Vec<T>` -> `[T]`).
fn type_args(seg: &syn::PathSegment) -> Vec<&Type> {
    match &seg.arguments {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|g| match g {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn is_str_ref(ty: &Type) -> bool {
    match ty {
        Type::Reference(r) => r.mutability.is_none() && matches!(&*r.elem, Type::Path(p) if p.path.is_ident("str")),
        Type::Group(g) => is_str_ref(&g.elem),
        _ => false,
    }
}

fn elem(ty: &Type) -> Option<Elem> {
    if is_str_ref(ty) {
        return Some(Elem::Str);
    }
    let seg = last_segment(ty)?;
    let name = seg.ident.to_string();
    Some(match name.as_str() {
        "String" => Elem::Str,
        "Date" => Elem::Date,
        "bool" => Elem::Bool,
        n if INTEGERS.contains(&n) => Elem::Int,
        "f64" | "f32" => Elem::Num,
        "Option" | "Vec" | "List" | "StrList" => return None,
        _ => Elem::Named(Box::new(ty.clone())),
    })
}

/// The numbers the element type of a parameter holds (`Vec<u8>`: 0 to
/// 255), for integer types and `f32`: the bounds as text, and whether `v`
/// (a number an example gives) is within them. `None` for types that hold
/// every number the format does (`i64`, `f64`, wider).
pub(crate) fn holds(ty: &Type, v: &str) -> Option<(bool, String)> {
    let mut t = ty;
    while let Some(seg) = last_segment(t).filter(|s| matches!(s.ident.to_string().as_str(), "Option" | "Vec")) {
        t = type_args(seg).into_iter().next()?;
    }
    let name = last_segment(t)?.ident.to_string();
    let int = |lo: i128, hi: i128| {
        let fits = v.parse::<i128>().is_ok_and(|n| (lo..=hi).contains(&n));
        Some((fits, format!("{lo} to {hi}")))
    };
    match name.as_str() {
        "i8" => int(i8::MIN.into(), i8::MAX.into()),
        "i16" => int(i16::MIN.into(), i16::MAX.into()),
        "i32" => int(i32::MIN.into(), i32::MAX.into()),
        "u8" => int(0, u8::MAX.into()),
        "u16" => int(0, u16::MAX.into()),
        "u32" => int(0, u32::MAX.into()),
        "u64" | "u128" | "usize" => int(0, i128::MAX),
        "isize" => int(i64::MIN.into(), i64::MAX.into()),
        "f32" => {
            #[allow(clippy::cast_possible_truncation)]
            let fits = v.parse::<f64>().is_ok_and(|n| (n as f32).is_finite());
            Some((fits, "finite `f32` values".to_string()))
        }
        _ => None,
    }
}

/// The parameter's type, written with the element type widened to one
/// that holds `v` (`Option<u32>` to `Option<u64>`, `f32` to `f64`).
pub(crate) fn widened(ty: &Type, v: &str) -> String {
    let written = written(ty);
    let negative = v.starts_with('-');
    let wide = |t: &str| {
        if t.starts_with('u') && !negative {
            "u64"
        } else if t == "f32" {
            "f64"
        } else {
            "i64"
        }
    };
    for t in ["u8", "u16", "u32", "i8", "i16", "i32", "f32", "usize", "isize", "u64", "u128"] {
        let is_word = |i: usize| {
            let before = written[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
            let after = written[i + t.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric());
            before && after
        };
        if let Some(i) = written.match_indices(t).map(|(i, _)| i).find(|&i| is_word(i)) {
            return format!("{}{}{}", &written[..i], wide(t), &written[i + t.len()..]);
        }
    }
    written
}

/// The type inside an `Option<T>` parameter, as written (`&str`).
pub(crate) fn option_inner(ty: &Type) -> Option<String> {
    let seg = last_segment(ty).filter(|s| s.ident == "Option")?;
    let inner = type_args(seg).into_iter().next()?;
    Some(written(inner))
}

/// A type as a person writes it (`Vec<&'a str>`, not `Vec < & 'a str >`).
pub(crate) fn written(ty: &Type) -> String {
    quote::quote!(#ty)
        .to_string()
        .replace(" < ", "<")
        .replace(" > ", ">")
        .replace("< ", "<")
        .replace(" >", ">")
        .replace(" ,", ",")
        .replace("& ", "&")
        .replace(" :: ", "::")
        .replace("' ", "'")
}

/// Reads a parameter type; `None` for shapes a flag cannot take.
pub(crate) fn classify(ty: &Type) -> Option<ParamType> {
    if let Some(seg) = last_segment(ty) {
        match seg.ident.to_string().as_str() {
            "Option" => {
                let inner = classify(type_args(seg).first()?)?;
                if inner.optional {
                    return None;
                }
                return Some(ParamType { optional: true, ..inner });
            }
            "Vec" => return Some(ParamType { optional: false, list: true, elem: elem(type_args(seg).first()?)? }),
            "List" => {
                let e = match type_args(seg).first() {
                    Some(t) => elem(t)?,
                    None => Elem::Str,
                };
                return Some(ParamType { optional: false, list: true, elem: e });
            }
            "StrList" => return Some(ParamType { optional: false, list: true, elem: Elem::Str }),
            _ => {}
        }
    }
    Some(ParamType { optional: false, list: false, elem: elem(ty)? })
}

/// Whether a first parameter is the application context: a reference to
/// anything but `str` or a slice.
pub(crate) fn is_context(ty: &Type) -> bool {
    match ty {
        Type::Reference(r) => {
            !matches!(&*r.elem, Type::Slice(_)) && !matches!(&*r.elem, Type::Path(p) if p.path.is_ident("str"))
        }
        Type::Group(g) => is_context(&g.elem),
        _ => false,
    }
}

/// "a required list of strings", "an optional date", for messages.
pub(crate) fn describe(flag: &FlagShape) -> String {
    let kind = match flag.value_type.as_str() {
        "enum" => format!("enum ({})", flag.values.join(", ")),
        t => t.to_string(),
    };
    let what =
        if flag.list { format!("list of {kind}{}", if flag.value_type == "enum" { "" } else { "s" }) } else { kind };
    if flag.value_type == "boolean" {
        "a boolean (absent is false)".to_string()
    } else if flag.required {
        format!("a required {what}")
    } else if flag.has_default {
        format!("a defaulted {what}")
    } else {
        let article = if what.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
        format!("{article} optional {what}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Option<(bool, bool, &'static str)> {
        classify(&syn::parse_str::<Type>(s).unwrap()).map(|p| (p.optional, p.list, p.elem.kind()))
    }

    #[test]
    fn shapes() {
        assert_eq!(c("String"), Some((false, false, "string")));
        assert_eq!(c("&'a str"), Some((false, false, "string")));
        assert_eq!(c("Option<Vec<String>>"), Some((true, true, "string")));
        assert_eq!(c("Option<List<'_>>"), Some((true, true, "string")));
        assert_eq!(c("List<'a, i32>"), Some((false, true, "integer")));
        assert_eq!(c("Option<f64>"), Some((true, false, "number")));
        assert_eq!(c("Vec<f32>"), Some((false, true, "number")));
        assert_eq!(c("::std::option::Option<skills_runtime::Date>"), Some((true, false, "date")));
        assert_eq!(c("Vec<crate::skills::tasks::search::Status>"), Some((false, true, "enum")));
        assert_eq!(c("Option<Option<u8>>"), None);
        assert_eq!(c("Vec<Vec<u8>>"), None);
        assert!(c("(u8, u8)").is_none());
        assert!(is_context(&syn::parse_str("&mut AppState").unwrap()));
        assert!(!is_context(&syn::parse_str("&str").unwrap()));
    }
}
