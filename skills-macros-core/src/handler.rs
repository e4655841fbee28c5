//! Checks a `#[skill]` function against its skill's shape, and writes the
//! glue that lets the dispatch table call it.
//!
//! Every disagreement is reported, each at the span of the code that is
//! wrong, and the function is always emitted so one mistake gives one error.

use crate::func::HandlerFn;
use crate::shape::{FlagShape, Shape, raw_ident};
use crate::ty::{self, Elem};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{FnArg, LitStr, Pat, ReturnType, Type};

/// How the reply is taken from the function's return value.
enum Reply {
    Unit,
    Result,
    Value,
}

fn reply_kind(output: &ReturnType) -> Reply {
    match output {
        ReturnType::Default => Reply::Unit,
        ReturnType::Type(_, ty) => match &**ty {
            Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Result") => Reply::Result,
            Type::Tuple(t) if t.elems.is_empty() => Reply::Unit,
            _ => Reply::Value,
        },
    }
}

/// A parameter bound to a flag.
struct Bound {
    flag: usize,
    span: Span,
    /// The parameter's type with named lifetimes (other than `'static`)
    /// rewritten to `'_`, for use inside the glue.
    ty: TokenStream,
}

/// `&'a str` -> `&'_ str`: the glue names each conversion's type (inferring
/// it costs measurable build time over many handlers) but cannot name the
/// handler's own lifetime parameters.
fn erase_lifetimes(tokens: TokenStream) -> TokenStream {
    use proc_macro2::{Group, Ident, Punct, Spacing, TokenTree};
    let mut out = Vec::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(t) = iter.next() {
        match t {
            TokenTree::Punct(p) if p.as_char() == '\'' && p.spacing() == Spacing::Joint => match iter.peek() {
                Some(TokenTree::Ident(i)) if i != "static" => {
                    let span = i.span();
                    iter.next();
                    out.push(TokenTree::Punct(p));
                    out.push(TokenTree::Ident(Ident::new("_", span)));
                }
                _ => out.push(TokenTree::Punct(Punct::new('\'', Spacing::Joint))),
            },
            TokenTree::Group(g) => {
                let mut ng = Group::new(g.delimiter(), erase_lifetimes(g.stream()));
                ng.set_span(g.span());
                out.push(TokenTree::Group(ng));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// The context parameter.
struct Context {
    mutable: bool,
    span: Span,
}

/// Everything learned from the signature.
struct Checked {
    context: Option<Context>,
    /// Parameter `i` (after the context) takes flag `bound[i].flag`.
    bound: Vec<Bound>,
    /// Compile-time checks of enum values for named enum types.
    enum_checks: Vec<TokenStream>,
}

fn err(errors: &mut Option<syn::Error>, span: Span, message: String) {
    let e = syn::Error::new(span, message);
    match errors {
        Some(all) => all.combine(e),
        None => *errors = Some(e),
    }
}

/// An error spanning all of `tokens` (a whole type such as `&str`, not
/// its first token).
fn err_on(errors: &mut Option<syn::Error>, tokens: &Type, message: String) {
    let e = syn::Error::new_spanned(tokens, message);
    match errors {
        Some(all) => all.combine(e),
        None => *errors = Some(e),
    }
}

fn flag_list(shape: &Shape) -> String {
    if shape.flags.is_empty() {
        return "it takes no flags".to_string();
    }
    let names: Vec<String> = shape.flags.iter().map(|f| format!("--{}", f.name)).collect();
    format!("its flags are {}", names.join(", "))
}

fn check(shape: &Shape, module: &TokenStream, func: &HandlerFn, errors: &mut Option<syn::Error>) -> Checked {
    let fname = &func.sig.ident;
    let module_text = format!("{}::{}", module.to_string().replace(' ', ""), shape.module);
    let mut checked = Checked { context: None, bound: Vec::new(), enum_checks: Vec::new() };
    if !func.sig.generics.params.iter().all(|p| matches!(p, syn::GenericParam::Lifetime(_))) {
        err(
            errors,
            func.sig.generics.span(),
            format!("`#[skill]` function `{fname}` cannot be generic: the dispatch table calls one concrete function"),
        );
    }
    if let Some(c) = &func.sig.constness {
        err(errors, c.span, "a `#[skill]` function cannot be `const`".to_string());
    }
    let mut taken = vec![false; shape.flags.len()];
    // Parameters that name no flag: their name, and their type.
    let mut unknown: Vec<(syn::Ident, String, Type)> = Vec::new();
    for (i, arg) in func.sig.inputs.iter().enumerate() {
        let pt = match arg {
            FnArg::Receiver(r) => {
                err(
                    errors,
                    r.span(),
                    "`#[skill]` goes on a free function, not a method: the dispatch table calls it without a receiver"
                        .to_string(),
                );
                continue;
            }
            FnArg::Typed(pt) => pt,
        };
        if i == 0 && ty::is_context(&pt.ty) {
            let mutable = matches!(&*pt.ty, Type::Reference(r) if r.mutability.is_some());
            checked.context = Some(Context { mutable, span: pt.ty.span() });
            continue;
        }
        let ident = match &*pt.pat {
            Pat::Ident(p) if p.subpat.is_none() => p.ident.clone(),
            other => {
                err(
                    errors,
                    other.span(),
                    format!(
                        "each flag parameter of `{fname}` needs a plain name, such as `to: Vec<String>`, matching a flag of `{}`",
                        shape.name
                    ),
                );
                continue;
            }
        };
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name);
        let Some(idx) = shape.flags.iter().position(|f| f.field == name) else {
            unknown.push((ident.clone(), name.to_string(), (*pt.ty).clone()));
            continue;
        };
        taken[idx] = true;
        let flag = &shape.flags[idx];
        check_type(shape, flag, name, &pt.ty, &module_text, errors, &mut checked.enum_checks);
        let ty = &pt.ty;
        checked.bound.push(Bound { flag: idx, span: pt.ty.span(), ty: erase_lifetimes(quote!(#ty)) });
    }
    // A parameter that is no flag beside a flag that is no parameter: one
    // was most likely renamed, when they are the only two left or their
    // names are close. One error says so.
    let mut left: Vec<usize> = (0..shape.flags.len()).filter(|&i| !taken[i]).collect();
    for (ident, name, ty) in &unknown {
        let paired = if unknown.len() == 1 && left.len() == 1 {
            Some(0)
        } else {
            let fields = left.iter().map(|&i| shape.flags[i].field.as_str());
            skills_core::suggest::closest(name, fields)
                .and_then(|c| left.iter().position(|&i| shape.flags[i].field == c))
        };
        if let Some(k) = paired {
            let flag = &shape.flags[left.remove(k)];
            let mut scratch = None;
            check_type(shape, flag, &flag.field, ty, &module_text, &mut scratch, &mut Vec::new());
            let help = match scratch {
                None => format!("rename the parameter `{name}` to `{}`", raw_ident(&flag.field)),
                Some(_) => format!("write `{}: {}`", raw_ident(&flag.field), flag.rust_type(&module_text)),
            };
            let message = format!(
                "flag `--{}` was renamed `--{}` in {}:{}?\nhelp: {help}",
                name.replace('_', "-"),
                flag.name,
                shape.file,
                flag.line
            );
            err(errors, ident.span(), message);
            continue;
        }
        let closest = skills_core::suggest::closest(name, shape.flags.iter().map(|f| f.field.as_str()));
        let hint = match closest {
            Some(c) => format!(
                "did you mean `{c}` (the flag `--{}`)?",
                shape.flags.iter().find(|f| f.field == c).map_or(c, |f| f.name.as_str())
            ),
            None => format!("{}; remove the parameter or document the flag in {}", flag_list(shape), shape.file),
        };
        let context_note = if ty::is_context(ty) { " (only the first parameter may be the context)" } else { "" };
        err(
            errors,
            ident.span(),
            format!(
                "parameter `{name}` of `{fname}` is not a flag of `{}` documented in {}{context_note}\nhelp: {hint}",
                shape.name, shape.file
            ),
        );
    }
    for flag in left.iter().map(|&i| &shape.flags[i]) {
        err(
            errors,
            fname.span(),
            format!(
                "flag `--{}` documented in {}:{} is not a parameter of `{fname}`\nhelp: add the parameter `{}: {}`",
                flag.name,
                shape.file,
                flag.line,
                raw_ident(&flag.field),
                flag.rust_type(&module_text)
            ),
        );
    }
    checked
}

fn check_type(
    shape: &Shape,
    flag: &FlagShape,
    param: &str,
    ty: &Type,
    module: &str,
    errors: &mut Option<syn::Error>,
    enum_checks: &mut Vec<TokenStream>,
) {
    // Messages are built only when something is wrong; each names the line
    // that decided the property in question.
    let at = || format!("`--{}` of `{}`", flag.name, shape.name);
    let why = |d: &crate::shape::Decided| d.said(&shape.file);
    let want = || flag.rust_type(module);
    let shown = || ty::written(ty);
    let fix = || format!("\nhelp: write `{}: {}`", raw_ident(param), want());
    let Some(p) = ty::classify(ty) else {
        let m = format!(
            "{} is {}, {}, but `{param}` is `{}`, which a flag cannot convert to{}",
            at(),
            ty::describe(flag),
            why(&flag.type_at),
            shown(),
            fix()
        );
        err_on(errors, ty, m);
        return;
    };
    if flag.value_type == "boolean" {
        if p.optional || p.list || !matches!(p.elem, Elem::Bool) {
            let m = format!(
                "{} is a boolean flag, {}, but `{param}` is `{}`\nhelp: write `{}: bool`",
                at(),
                why(&flag.type_at),
                shown(),
                raw_ident(param)
            );
            err_on(errors, ty, m);
        }
        return;
    }
    // The fix keeps the parameter's own type: `&str` that must be optional
    // is `Option<&str>`, not the canonical `Option<String>`.
    let own = |t: String| format!("\nhelp: write `{}: {t}`", raw_ident(param));
    if flag.always_present() && p.optional {
        let why_word = if flag.required { "required" } else { "defaulted" };
        err_on(
            errors,
            ty,
            format!(
                "{} is {why_word}, {}, so it always has a value, but `{param}` is an `Option`{}",
                at(),
                why(&flag.required_at),
                ty::option_inner(ty).map_or_else(fix, &own)
            ),
        );
        return;
    }
    if !flag.always_present() && !p.optional {
        let m = format!(
            "{} is optional with no default, {}, so `{param}` must be an `Option`{}",
            at(),
            why(&flag.required_at),
            own(format!("Option<{}>", shown()))
        );
        err_on(errors, ty, m);
        return;
    }
    if flag.list != p.list {
        let (f, q) = if flag.list { ("takes several values", "one value") } else { ("takes one value", "a list") };
        let m =
            format!("{} {f}, {}, but `{param}` is `{}`, which holds {q}{}", at(), why(&flag.list_at), shown(), fix());
        err_on(errors, ty, m);
        return;
    }
    let kind = p.elem.kind();
    if kind != flag.value_type && !(flag.value_type == "enum" && matches!(p.elem, Elem::Named(_))) {
        let extra = if flag.value_type == "enum" {
            " (take the generated enum so a value added to the markdown cannot go unhandled)"
        } else {
            ""
        };
        let m = format!(
            "{} is {}, {}, but `{param}` is `{}`{extra}{}",
            at(),
            ty::describe(flag),
            why(&flag.type_at),
            shown(),
            fix()
        );
        err_on(errors, ty, m);
        return;
    }
    // Examples are checked against the markdown when the tree loads; here,
    // also against what the parameter's type holds.
    for (line, v) in &flag.examples {
        if let Some((false, range)) = ty::holds(ty, v) {
            let m = format!(
                "the example at {}:{line} gives `--{} {v}`, which `{param}: {}` cannot hold (it holds {range})\nhelp: write `{}: {}`, or change the example",
                shape.file,
                flag.name,
                shown(),
                raw_ident(param),
                ty::widened(ty, v)
            );
            err_on(errors, ty, m);
            return;
        }
    }
    if let Elem::Named(enum_ty) = &p.elem {
        let values = &flag.values;
        let message = format!(
            "the values of {} ({}:{}: {}) differ from the variants of `{}`; use the generated `{}` or make its variants match",
            at(),
            shape.file,
            flag.line,
            values.join(", "),
            quote!(#enum_ty).to_string().replace(' ', ""),
            want()
        );
        enum_checks.push(quote_spanned! {ty.span()=>
            const _: () = if !::skills_runtime::__private::enum_values_match(
                <#enum_ty as ::skills_runtime::__private::FlagEnum>::VALUES,
                &[#(#values),*],
            ) {
                ::core::panic!("{}", #message)
            };
        });
    }
}

/// Expands a handler whose skill was found.
pub(crate) fn expand(shape: &Shape, module: &TokenStream, name: &LitStr, func: HandlerFn) -> TokenStream {
    let mut errors = None;
    if !shape.has_handler {
        err(
            &mut errors,
            name.span(),
            format!(
                "`{}` is a template skill: {} has no `handler:` in its frontmatter, so calling it returns its body instead of running a function\nhelp: add `handler: {}` to the frontmatter of {}, or remove `#[skill]`",
                shape.name, shape.file, func.sig.ident, shape.file
            ),
        );
        let compile_errors = errors.map(|e| e.to_compile_error());
        return quote! { #compile_errors #func };
    }
    let checked = check(shape, module, &func, &mut errors);
    let trait_ident = format_ident!("{}", shape.handler_trait, span = name.span());
    if let Some(e) = errors {
        // Keep the function and satisfy the table so that this error is the
        // only one.
        let compile_errors = e.to_compile_error();
        let stub = stub_impl(module, &trait_ident, name.span());
        return quote! { #compile_errors #func #stub };
    }
    let fname = &func.sig.ident;
    let is_async = func.sig.asyncness.is_some();
    let binds: Vec<_> = (0..checked.bound.len()).map(|i| format_ident!("__p{}", i)).collect();
    // Glue locals keep call-site hygiene; only the conversion path carries
    // the parameter's span, so a type that cannot take the flag is reported
    // at the parameter.
    let conversions = checked.bound.iter().zip(&binds).map(|(b, bind)| {
        let index = b.flag;
        let flag = &shape.flags[b.flag].name;
        let ty = &b.ty;
        let field = quote_spanned!(b.span=> __field::<#ty>);
        // `match` instead of `?`: one less generic instantiation per
        // parameter type (`Try::branch`), which adds up over large trees.
        quote! {
            let #bind = match #field(__args, #index, #flag) {
                __Ok(v) => v,
                __Err(e) => return __Err(e),
            };
        }
    });
    let ctx_arg = checked.context.as_ref().map(|c| {
        if c.mutable {
            quote!(__ctx,)
        } else {
            let reborrow = quote_spanned!(c.span=> &*);
            quote!(#reborrow __ctx,)
        }
    });
    let call = quote! { #fname(#ctx_arg #(#binds),*) };
    let enum_checks = &checked.enum_checks;
    let rt = quote!(::skills_runtime::__private);
    // One-segment names inside the glue: long paths cost measurable type
    // checking time over a thousand handlers (docs/PERFORMANCE.md).
    let short_names = quote! {
        #[allow(unused_imports)]
        use ::skills_runtime::__private::field as __field;
        #[allow(unused_imports)]
        use ::core::result::Result::{Err as __Err, Ok as __Ok};
    };
    let body = if is_async {
        let reply = match reply_kind(&func.sig.output) {
            Reply::Unit => quote! { #call.await; ::core::result::Result::Ok(::std::string::String::new()) },
            Reply::Result => quote! { #rt::reply_result_string(#call.await) },
            Reply::Value => quote! { #rt::reply_value_string(#call.await) },
        };
        // Without the runtime's `async` feature (and so
        // `Router::execute_async`) no router could run the handler: a
        // compile error at `async`.
        let runnable = quote_spanned! {func.sig.asyncness.map_or(name.span(), |a| a.span)=>
            const _: () = ::skills_runtime::__private::async_handlers::<()>();
        };
        quote! {
            #runnable
            fn __skill_call<'__a>(
                __ctx: &'__a mut #module::Context,
                __args: &'__a #rt::Args<'__a>,
            ) -> #rt::BoxFuture<'__a, ::core::result::Result<::std::string::String, #rt::CallError<'__a>>> {
                #short_names
                #rt::Box::pin(async move {
                    #(#conversions)*
                    #reply
                })
            }
            #rt::Handler::Async(__skill_call)
        }
    } else {
        let reply = match reply_kind(&func.sig.output) {
            Reply::Unit => quote! { #call; ::core::result::Result::Ok(()) },
            Reply::Result => quote! { #rt::reply_result(#call, __out) },
            Reply::Value => quote! { #rt::reply_value(#call, __out) },
        };
        quote! {
            fn __skill_call<'__a>(
                __ctx: &mut #module::Context,
                __args: &#rt::Args<'__a>,
                __out: &mut dyn ::core::fmt::Write,
            ) -> ::core::result::Result<(), #rt::CallError<'__a>> {
                #short_names
                #(#conversions)*
                #reply
            }
            #rt::Handler::Sync(__skill_call)
        }
    };
    let impl_block = quote_spanned! {name.span()=>
        #[doc(hidden)]
        #[automatically_derived]
        #[allow(private_interfaces, private_bounds)]
        impl #module::__handlers::#trait_ident for #module::__Skills {
            const HANDLER: #rt::Handler<#module::Context> = { #body };
        }
    };
    quote! {
        #func
        #impl_block
        #(#enum_checks)*
    }
}

fn stub_impl(module: &TokenStream, trait_ident: &syn::Ident, span: Span) -> TokenStream {
    let rt = quote!(::skills_runtime::__private);
    quote_spanned! {span=>
        #[doc(hidden)]
        #[allow(private_interfaces, private_bounds)]
        impl #module::__handlers::#trait_ident for #module::__Skills {
            const HANDLER: #rt::Handler<#module::Context> = {
                fn __skill_stub<'__a>(
                    _: &mut #module::Context,
                    _: &#rt::Args<'__a>,
                    _: &mut dyn ::core::fmt::Write,
                ) -> ::core::result::Result<(), #rt::CallError<'__a>> {
                    ::core::result::Result::Err(#rt::CallError::Skill(#rt::SkillError::new_static("handler did not compile")))
                }
                #rt::Handler::Sync(__skill_stub)
            };
        }
    }
}
