//! A handler function read only as far as the check needs: attributes,
//! visibility and signature. The body stays an opaque token group, because
//! parsing every statement of every handler (twice, through the proc-macro
//! bridge) is most of what `#[skill]` would otherwise cost in large crates.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::{ToTokens, TokenStreamExt};
use syn::parse::{Parse, ParseStream};
use syn::{Attribute, Signature, Visibility};

/// `#[attrs] vis fn name(...) -> T { body }`.
pub(crate) struct HandlerFn {
    pub(crate) attrs: Vec<Attribute>,
    pub(crate) vis: Visibility,
    pub(crate) sig: Signature,
    pub(crate) body: proc_macro2::Group,
}

impl Parse for HandlerFn {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis: Visibility = input.parse()?;
        let sig: Signature = input.parse()?;
        let body = match input.parse::<TokenTree>()? {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => g,
            other => return Err(syn::Error::new(other.span(), "expected the function's body")),
        };
        if !input.is_empty() {
            return Err(input.error("unexpected tokens after the function"));
        }
        Ok(HandlerFn { attrs, vis, sig, body })
    }
}

impl ToTokens for HandlerFn {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.append_all(&self.attrs);
        self.vis.to_tokens(tokens);
        self.sig.to_tokens(tokens);
        tokens.append(TokenTree::Group(self.body.clone()));
    }
}
