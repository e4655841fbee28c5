fn main() {
    // `notes` is compiled by the other part: this part's examples may call
    // its skills (`deploy.plan`'s last example does).
    skills_codegen::Builder::new().other_domains(["notes"]).generate();
}
