// `--factor` is a number; the handler takes an integer.
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/number.rs");

#[skill("calc.scale")]
fn scale(factor: i64, offsets: Option<Vec<f64>>) -> String {
    format!("{factor} {offsets:?}")
}

fn main() {}
