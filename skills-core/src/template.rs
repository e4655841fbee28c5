//! The `{name}` placeholders of a template skill's body: a `{` to the next
//! `}`, as the router fills them and the checker reads them.

/// Each `{...}` of `body`, in order: the byte offset of its `{` and the text
/// between the braces. A `{` with no `}` after it ends the placeholders.
///
/// ```
/// use skills_core::template::placeholders;
/// let found: Vec<_> = placeholders("Plan {city} for {days} days, {\"a\": 1}").collect();
/// assert_eq!(found, [(5, "city"), (16, "days"), (29, "\"a\": 1")]);
/// ```
pub fn placeholders(body: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut done = 0;
    core::iter::from_fn(move || {
        let open = done + body.get(done..)?.find('{')?;
        let len = body[open + 1..].find('}')?;
        done = open + 1 + len + 1;
        Some((open, &body[open + 1..open + 1 + len]))
    })
}
