// Keywords and awkward values as names: `match.self`, `--type`, `--move`,
// values `2x`, `in-progress` and `in_progress`, `Self`, `v1.2`.
use skills_runtime::convert::FlagEnum;
use skills_runtime::skill;

skills_runtime::include_skills!(from = "../gen/awkward.rs");

use skills::r#match::self_::{FlagsValue, Type};

#[skill("match.self")]
fn self_(r#type: Type, flags: Vec<FlagsValue>, r#move: bool) -> String {
    format!("{type} {flags:?} {move}", type = r#type)
}

fn main() {
    let router = skills_runtime::Router::new(&skills::TABLE);
    assert_eq!(router.execute(&mut (), "match.self --type 2x --flags a b --move").text, "2x [A, B] true");
    assert_eq!(router.execute(&mut (), "fn --type in-progress").text, "in-progress [A] false");
    assert_eq!(router.execute(&mut (), "fn --type IN_PROGRESS").text, "in_progress [A] false");
    // `-` and `_` are alike only when no value matches in spelling.
    assert_eq!(router.execute(&mut (), "fn --type In-Progress").text, "in-progress [A] false");
    assert_eq!(router.execute(&mut (), "fn --type SELF").text, "Self [A] false");
    assert_eq!(Type::ALL.len(), 5);
    assert_eq!(Type::V1_2.to_string(), "v1.2");
    assert_eq!(Type::parse("self"), Some(Type::Self_));
}
