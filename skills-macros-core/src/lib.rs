//! The logic behind `#[skill]`, as plain functions over token streams so
//! it is tested without a compiler in the loop (`skills-macros` is the thin
//! proc-macro shell, as `sqlx-macros` is over `sqlx-macros-core`).
//!
//! An implementation detail of `#[skill]` (re-exported by `skills-runtime`
//! with its `macros` feature): its API is not stable and may change in any
//! release.
//!
//! # How `#[skill("email.send")]` learns about `email.send`
//!
//! The build script generates, next to the skill types, a `macro_rules!`
//! named `__skill` per domain holding each skill's [`Shape`](shape::Shape)
//! (its flags, types, file and lines). `#[skill]` expands to a call of that
//! macro, which calls back into [`skill_handler`] with the shape. So the
//! handler is checked against exactly the markdown the build compiled, with
//! no file read by the macro and nothing for incremental builds to miss.
#![warn(missing_docs)]

mod func;
mod handler;
pub use skills_catalog::shape;
mod ty;

use func::HandlerFn;
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::quote;
use syn::parse::{ParseStream, Parser};
use syn::{LitStr, Token};

/// The default path of the generated module (`include_skills!()` at the
/// crate root).
const DEFAULT_MODULE: &str = "crate::skills";

/// `#[skill("email.send")]` or `#[skill("email.send", module = crate::path)]`.
struct Attr {
    name: LitStr,
    module: TokenStream,
}

fn parse_attr(input: ParseStream<'_>) -> syn::Result<Attr> {
    if input.is_empty() {
        return Err(input.error("name the skill: `#[skill(\"email.send\")]`"));
    }
    let name: LitStr = input.parse()?;
    let mut module: TokenStream = DEFAULT_MODULE.parse().unwrap_or_default();
    if input.peek(Token![,]) {
        input.parse::<Token![,]>()?;
        if !input.is_empty() {
            let key: syn::Ident = input.parse()?;
            if key != "module" {
                return Err(syn::Error::new(
                    key.span(),
                    format!("unknown `#[skill]` option `{key}`; the only option is `module = path::to::skills`"),
                ));
            }
            input.parse::<Token![=]>()?;
            let path: syn::Path = input.parse()?;
            module = quote!(#path);
            if input.peek(Token![,]) {
                input.parse::<Token![,]>()?;
            }
        }
    }
    if !input.is_empty() {
        return Err(input.error("unexpected tokens after the skill name"));
    }
    Ok(Attr { name, module })
}

/// `#[skill(...)]` on `item`: validates the name and calls the generated
/// per-domain macro, which calls [`skill_handler`] back with the shape.
pub fn skill_attribute(attr: TokenStream, item: TokenStream) -> TokenStream {
    let attr = match parse_attr.parse2(attr) {
        Ok(a) => a,
        Err(e) => return with_item(e, item),
    };
    // The item is forwarded unparsed: the callback parses it once, with the
    // shape in hand (parsing costs real time in large crates, where
    // proc-macros run unoptimized). A cheap look for `fn` gives the early
    // error for other items.
    if !item.clone().into_iter().any(|t| matches!(&t, TokenTree::Ident(i) if i == "fn")) {
        let message = "`#[skill]` goes on a function: `#[skill(\"email.send\")] fn send(...)`";
        return with_item(syn::Error::new(Span::call_site(), message), item);
    }
    let func = item;
    let name = attr.name.value();
    let (domain, action) = match skills_core::names::parse_skill_name(&name) {
        Ok(parts) => parts,
        Err(e) => {
            return with_item(syn::Error::new(attr.name.span(), format!("`{name}` is not a skill name: {e}")), func);
        }
    };
    let span = attr.name.span();
    let domain = LitStr::new(domain, span);
    let action = LitStr::new(action, span);
    let name_lit = &attr.name;
    let module = &attr.module;
    quote! {
        #module::__skill! { (#module) (#domain #action) (#name_lit) #func }
    }
}

fn with_item(e: syn::Error, item: TokenStream) -> TokenStream {
    let e = e.to_compile_error();
    quote! { #e #item }
}

/// A string literal's value; cheap for the plain and raw literals generated
/// code writes, and exact (through syn) for anything with escapes.
fn literal_value(lit: LitStr) -> String {
    let text = lit.token().to_string();
    if let Some(inner) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'))
        && !inner.contains('\\')
    {
        return inner.to_string();
    }
    if let Some(raw) = text.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let body = &raw[hashes..raw.len() - hashes];
        if let Some(inner) = body.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
            return inner.to_string();
        }
    }
    lit.value()
}

/// A parenthesized group's tokens.
fn group(input: ParseStream<'_>) -> syn::Result<TokenStream> {
    match input.parse::<TokenTree>()? {
        TokenTree::Group(g) => Ok(g.stream()),
        other => Err(syn::Error::new(other.span(), "expected a group")),
    }
}

/// A skill's name in the list an unknown name is compared with, and its
/// handler trait when it has one (`"email.send" = EmailSendHandler`).
struct Known {
    name: LitStr,
    handler: Option<syn::Ident>,
}

impl syn::parse::Parse for Known {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let name = input.parse()?;
        let handler = if input.parse::<Option<Token![=]>>()?.is_some() { Some(input.parse()?) } else { None };
        Ok(Known { name, handler })
    }
}

/// The callback from the generated per-domain macro:
///
/// ```text
/// shape "<line>" (module path) ("email.send") fn ...
/// unknown "<root>" ["email.send" = EmailSendHandler, "email.draft", ...] (module path) ("email.sned") fn ...
/// ```
pub fn skill_handler(input: TokenStream) -> TokenStream {
    let parsed = (|input: ParseStream<'_>| -> syn::Result<TokenStream> {
        let kind: syn::Ident = input.parse()?;
        if kind == "shape" {
            let line = literal_value(input.parse()?);
            let module = group(input)?;
            let name: LitStr = syn::parse2(group(input)?)?;
            let func: HandlerFn = input.parse()?;
            let shape = match shape::Shape::from_line(&line) {
                Ok(s) => s,
                Err(e) => return Ok(with_item(syn::Error::new(name.span(), e), quote!(#func))),
            };
            Ok(handler::expand(&shape, &module, &name, func))
        } else {
            let root: LitStr = input.parse()?;
            let names_group = group(input)?;
            let names = syn::punctuated::Punctuated::<Known, Token![,]>::parse_terminated.parse2(names_group)?;
            let module = group(input)?;
            let name: LitStr = syn::parse2(group(input)?)?;
            let func: HandlerFn = input.parse()?;
            let given = name.value();
            let all: Vec<String> = names.iter().map(|k| k.name.value()).collect();
            let (close, n) = skills_core::suggest::closest_n::<_, 3>(&given, all.iter().map(String::as_str));
            // The closest skill's missing handler is this mistake: claim it,
            // so that this error is the only one.
            let claim = (close[..n].first())
                .and_then(|c| names.iter().find(|k| k.name.value() == *c)?.handler.as_ref())
                .map(|t| {
                    let claim = quote::format_ident!("{}Claim", t, span = name.span());
                    quote::quote_spanned! {name.span()=>
                        #[doc(hidden)]
                        impl #module::__handlers::#claim for #module::__Skills {}
                    }
                });
            let hint = if n == 0 {
                format!("`cargo run --bin skills -- list --root {}` lists the skills", root.value())
            } else {
                format!(
                    "did you mean {}?",
                    close[..n].iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(" or ")
                )
            };
            let file = given.replacen('.', "/", 1);
            Ok(with_item(
                syn::Error::new(
                    name.span(),
                    format!("there is no skill `{given}`: {}/{file}.md does not exist\nhelp: {hint}", root.value()),
                ),
                quote!(#func #claim),
            ))
        }
    })
    .parse2(input);
    parsed.unwrap_or_else(|e| e.to_compile_error())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape_line() -> String {
        shape::Shape {
            name: "email.send".into(),
            file: "skills/email/send.md".into(),
            has_handler: true,
            handler_line: 4,
            handler_trait: "EmailSendHandler".into(),
            module: "email::send".into(),
            flags: vec![
                shape::FlagShape {
                    name: "to".into(),
                    field: "to".into(),
                    value_type: "string".into(),
                    list: true,
                    required: true,
                    has_default: false,
                    line: 17,
                    values: vec![],
                    enum_type: None,
                    type_at: shape::Decided { line: 11, how: "unstated".into() },
                    list_at: shape::Decided { line: 17, how: "marker".into() },
                    required_at: shape::Decided { line: 17, how: "marker".into() },
                    examples: vec![],
                },
                shape::FlagShape {
                    name: "cc".into(),
                    field: "cc".into(),
                    value_type: "string".into(),
                    list: true,
                    required: false,
                    has_default: false,
                    line: 20,
                    values: vec![],
                    enum_type: None,
                    type_at: shape::Decided { line: 11, how: "unstated".into() },
                    list_at: shape::Decided { line: 20, how: "marker".into() },
                    required_at: shape::Decided { line: 11, how: "usage".into() },
                    examples: vec![],
                },
            ],
        }
        .to_line()
    }

    fn handler(func: &str) -> String {
        let line = shape_line();
        let input: TokenStream = format!("shape {line:?} (crate::skills) (\"email.send\") {func}").parse().unwrap();
        skill_handler(input).to_string()
    }

    #[test]
    fn attribute_calls_back_through_the_domain_macro() {
        let out = skill_attribute(
            quote!("email.send"),
            quote!(
                fn send() {}
            ),
        )
        .to_string();
        assert!(
            out.starts_with("crate :: skills :: __skill ! { (crate :: skills) (\"email\" \"send\") (\"email.send\")"),
            "{out}"
        );
        let out = skill_attribute(
            quote!("email.send", module = app::gen),
            quote!(
                fn send() {}
            ),
        )
        .to_string();
        assert!(out.starts_with("app :: gen :: __skill !"), "{out}");
        let out = skill_attribute(
            quote!("email.all"),
            quote!(
                fn send() {}
            ),
        )
        .to_string();
        assert!(out.contains("compile_error") && out.contains("reserved") && out.contains("fn send"), "{out}");
    }

    #[test]
    fn matching_handler_expands_to_glue() {
        let out =
            handler("fn send(to: Vec<String>, cc: Option<Vec<String>>) -> Result<String, SkillError> { todo!() }");
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("EmailSendHandler for crate :: skills :: __Skills"), "{out}");
        assert!(out.contains("__field :: < Vec < String > > (__args , 0usize , \"to\")"), "{out}");
        assert!(out.contains("reply_result"), "{out}");
    }

    #[test]
    fn every_disagreement_is_reported() {
        let out = handler("fn send(to: String, ccc: u8, extra: bool) {}");
        // Each names the line that decided what the parameter disagrees with.
        assert!(
            out.contains(
                "`--to` of `email.send` takes several values, as stated at skills/email/send.md:17, but `to` is `String`"
            ),
            "{out}"
        );
        // A parameter that is no flag beside a flag that is no parameter,
        // their names close: one error, the rename, in the parameter's type
        // when it fits and else the type to write.
        assert!(out.contains("flag `--ccc` was renamed `--cc` in skills/email/send.md:20?"), "{out}");
        assert!(out.contains("help: write `cc: Option<Vec<String>>`"), "{out}");
        assert!(!out.contains("is not a parameter of `send`"), "{out}");
        assert!(out.contains("parameter `extra` of `send` is not a flag of `email.send`"), "{out}");
        let out = handler("fn send(to: Vec<String>, pinned: Option<Vec<String>>) {}");
        assert!(
            out.contains(
                "flag `--pinned` was renamed `--cc` in skills/email/send.md:20?\\nhelp: rename the parameter `pinned` to `cc`"
            ),
            "{out}"
        );
        // The function and a stub are still emitted.
        assert!(out.contains("fn send"), "{out}");
        assert!(out.contains("__skill_stub"), "{out}");
    }

    #[test]
    fn named_lifetimes_are_erased_in_the_glue() {
        let out = handler("fn send<'a>(to: List<'a>, cc: Option<List<'a>>) -> &'static str { \"x\" }");
        assert!(out.contains("__field :: < List < '_ > >"), "{out}");
        assert!(!out.contains("__field :: < List < 'a > >"), "{out}");
    }

    #[test]
    fn optional_and_context() {
        let out = handler("fn send(app: &mut App, to: Vec<String>, cc: Vec<String>) {}");
        assert!(
            out.contains(
                "`--cc` of `email.send` is optional with no default, as Usage shows it at skills/email/send.md:11, so `cc` must be an `Option`\\nhelp: write `cc: Option<Vec<String>>`"
            ),
            "{out}"
        );
        // The fix keeps the parameter's own type.
        let out = handler("fn send(to: Vec<String>, cc: Vec<&str>) {}");
        assert!(out.contains("help: write `cc: Option<Vec<&str>>`"), "{out}");
        let out = handler("async fn send(app: &App, to: List<'_>, cc: Option<List<'_>>) -> String { todo!() }");
        assert!(!out.contains("compile_error"), "{out}");
        assert!(out.contains("Handler :: Async"), "{out}");
        assert!(out.contains("& * __ctx"), "{out}");
    }

    #[test]
    fn template_skills_take_no_handler() {
        let line = shape_line().replacen("|1|", "|0|", 1);
        let input: TokenStream =
            format!("shape {line:?} (crate::skills) (\"email.send\") fn send() {{}}").parse().unwrap();
        let out = skill_handler(input).to_string();
        assert!(out.contains("is a template skill") && out.contains("fn send"), "{out}");
    }

    #[test]
    fn unknown_skill_names_the_closest() {
        let input: TokenStream =
            "unknown \"skills\" [\"email.send\", \"email.read\"] (crate::skills) (\"email.sned\") fn f() {}"
                .parse()
                .unwrap();
        let out = skill_handler(input).to_string();
        assert!(out.contains("there is no skill `email.sned`: skills/email/sned.md does not exist"), "{out}");
        assert!(out.contains("did you mean `email.send`?"), "{out}");
        assert!(out.contains("fn f"), "{out}");
    }
}
