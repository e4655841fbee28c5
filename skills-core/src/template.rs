//! The placeholders of a template skill's body: `{name}`, or `{{name}}` as
//! Mustache and Jinja write them, as the router fills them and the checker
//! reads them.

use core::ops::Range;

/// Each placeholder of `body`, in order: the byte range it covers, braces
/// included, and the text between the braces. `{{name}}` (also
/// `{{ name }}`) is one placeholder named `name`; otherwise a `{` runs to
/// the next `}`. A `{` with no `}` after it ends the placeholders.
///
/// ```
/// use skills_core::template::placeholders;
/// let found: Vec<_> = placeholders("Plan {city} for {{ days }} days, {\"a\": 1}").collect();
/// assert_eq!(found, [(5..11, "city"), (16..26, "days"), (33..41, "\"a\": 1")]);
/// ```
pub fn placeholders(body: &str) -> impl Iterator<Item = (Range<usize>, &str)> {
    let mut done = 0;
    core::iter::from_fn(move || {
        let open = done + body.get(done..)?.find('{')?;
        let rest = &body[open + 1..];
        if let Some(inner) = rest.strip_prefix('{')
            && let Some(len) = inner.find("}}")
            && !inner[..len].contains('{')
        {
            done = open + 2 + len + 2;
            return Some((open..done, inner[..len].trim()));
        }
        let len = rest.find('}')?;
        done = open + 1 + len + 1;
        Some((open..done, &rest[..len]))
    })
}
