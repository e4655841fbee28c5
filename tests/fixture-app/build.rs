fn main() {
    // `serde(true)`: the generated `Flags` structs and enums implement
    // `Serialize` (tests/runtime.rs checks what they write).
    skills_codegen::Builder::new().serde(true).generate();
}
