//! The line readings of skill bodies and frontmatter: wherever one reads
//! its input, it reads what the parser behind it (pulldown-cmark, the YAML
//! parser) reads.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    assert!(skills_parser::__fuzz::sections_agree(text), "sections differ: {text:?}");
    assert!(skills_parser::__fuzz::frontmatter_agrees(text), "frontmatter differs: {text:?}");
});
