use skills_parser::{LoadOptions, load};
use std::path::Path;

#[test]
fn print_seed() {
    let tree = load(
        Path::new(
            std::env::var("SEED_ROOT")
                .as_deref()
                .unwrap_or("../tests/fixtures/seed"),
        ),
        &LoadOptions::default(),
    );
    for d in &tree.diagnostics {
        print!("{}", d.render());
    }
    for s in &tree.skills {
        println!("{}:", s.name);
        for f in &s.flags {
            println!("  --{} : {}", f.name, f.type_summary());
        }
    }
}
