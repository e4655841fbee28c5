fn main() {
    skills_codegen::build();
}
