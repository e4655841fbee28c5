//! The bundled tree, as a device without an OS gets it: skills whose
//! `eligibility.os` excludes `none` (workflow.build) are left out, and tool
//! schemas are not embedded (no JSON on the device).
fn main() {
    skills_codegen::Builder::new().root("../../skills").target_os("none").json_schemas(false).generate();
}
