// `mail.send` has `handler:` in its frontmatter but no `#[skill]` function.
skills_runtime::include_skills!(from = "../gen/single.rs");

fn main() {}
