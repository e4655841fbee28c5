//! `#[skill("domain.action")]`: a handler checked at compile time against
//! its skill's markdown. See `skills-runtime` for the whole picture; the
//! logic lives in `skills-macros-core`.

use proc_macro::TokenStream;

/// Marks the function that runs the skill `domain.action`.
///
/// Its parameters are the skill's flags, by name (`--due-before` is
/// `due_before`), optionally preceded by the application context
/// (`&mut Ctx` or `&Ctx`). The build fails, pointing at the parameter and the
/// markdown line, when a flag is missing, unknown, or of another type.
///
/// ```ignore
/// #[skill("email.send")]
/// fn send(to: Vec<String>, subject: String, body: String, cc: Option<Vec<String>>,
///         bcc: Option<Vec<String>>, attachments: Option<Vec<String>>) -> Result<String, SkillError> {
///     Ok(format!("sent to {}", to.join(", ")))
/// }
/// ```
#[proc_macro_attribute]
pub fn skill(attr: TokenStream, item: TokenStream) -> TokenStream {
    skills_macros_core::skill_attribute(attr.into(), item.into()).into()
}

#[doc(hidden)]
#[proc_macro]
pub fn __skill_handler(input: TokenStream) -> TokenStream {
    skills_macros_core::skill_handler(input.into()).into()
}
