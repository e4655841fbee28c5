//! Times `#[skill]`'s two stages on a handler with ten flags, in-process
//! (`cargo run --release --example expand_cost -p skills-macros-core`).
use proc_macro2::TokenStream;
use skills_macros_core::shape::{FlagShape, Shape};

fn main() {
    let flags: Vec<FlagShape> = (0..10)
        .map(|i| FlagShape {
            name: format!("flag{i}"),
            field: format!("flag{i}"),
            value_type: if i % 3 == 0 { "enum".into() } else { "string".into() },
            list: i % 2 == 0,
            required: i == 1,
            has_default: i % 3 == 0,
            line: 10 + i,
            values: if i % 3 == 0 { vec!["a".into(), "b".into()] } else { vec![] },
            enum_type: (i % 3 == 0).then(|| format!("E{i}")),
            ..Default::default()
        })
        .collect();
    let shape = Shape {
        name: "d.a".into(),
        file: "skills/d/a.md".into(),
        has_handler: true,
        handler_line: 4,
        handler_trait: "DAHandler".into(),
        module: "d::a".into(),
        flags: flags.clone(),
    };
    let params: Vec<String> = flags
        .iter()
        .map(|f| {
            let elem = if f.value_type == "enum" { format!("E{}", &f.name[4..]) } else { "String".into() };
            let t = if f.list { format!("Vec<{elem}>") } else { elem };
            let t = if f.always_present() { t } else { format!("Option<{t}>") };
            format!("{}: {t}", f.field)
        })
        .collect();
    let item = format!(
        "fn h({}) -> String {{ let x = 1; let y = vec![1, 2, 3]; format!(\"{{x}} {{y:?}}\") }}",
        params.join(", ")
    );
    let input: TokenStream = format!("shape {:?} (crate::skills) (\"d.a\") {item}", shape.to_line()).parse().unwrap();
    let attr_item: TokenStream = item.parse().unwrap();
    let n = 1000;
    let t = std::time::Instant::now();
    for _ in 0..n {
        let _ = skills_macros_core::skill_attribute(quote::quote!("d.a"), attr_item.clone());
    }
    let a = t.elapsed() / n;
    let t = std::time::Instant::now();
    for _ in 0..n {
        let _ = skills_macros_core::skill_handler(input.clone());
    }
    let b = t.elapsed() / n;
    println!("skill_attribute: {a:?} per handler, skill_handler: {b:?} per handler");
    parts(&shape);
}

#[allow(dead_code)]
fn parts(shape: &Shape) {
    let json = shape.to_line();
    let n = 1000;
    let t = std::time::Instant::now();
    for _ in 0..n {
        let _ = Shape::from_line(&json).unwrap();
    }
    println!("from_line: {:?}", t.elapsed() / n);
}
