//! The bundled tree, as a device without an OS gets it: skills whose
//! `eligibility.os` excludes `none` (workflow.build) are left out, and tool
//! schemas are not embedded (no JSON on the device).
//!
//! `SKILLS_DEVICE_ROOT` builds over another tree instead (it must still
//! hold the bundled skills with handlers; benches/firmware_size.rs adds
//! generated templates to measure how the image grows per skill).
fn main() {
    println!("cargo::rerun-if-env-changed=SKILLS_DEVICE_ROOT");
    let root = std::env::var("SKILLS_DEVICE_ROOT").unwrap_or_else(|_| "../../skills".to_string());
    skills_codegen::Builder::new().root(root).target_os("none").json_schemas(false).generate();
}
