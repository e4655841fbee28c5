//! Renders a tree and reports how long it took and how big the code is:
//! `cargo run --release --example render -p skills-codegen -- DIR`.
fn main() {
    let root = std::env::args().nth(1).unwrap_or_else(|| "skills".into());
    let t = std::time::Instant::now();
    let out = skills_codegen::Builder::new().base_dir(".").root(&root).render();
    let elapsed = t.elapsed();
    match out {
        Ok(g) => println!("{} skills: {:.3} s, {} bytes", g.tree.skills.len(), elapsed.as_secs_f64(), g.code.len()),
        Err(f) => println!("failed after {:.3} s:\n{f}", elapsed.as_secs_f64()),
    }
}
