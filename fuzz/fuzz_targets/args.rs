//! Any tokens against a skill's flags: parsing never panics, every error
//! renders, and a success gives every required flag a value and every
//! number flag values that read as finite `f64`s.
#![no_main]
use libfuzzer_sys::fuzz_target;
use skills_core::args::{Args, parse_into};
use skills_core::spec::{FlagSpec, StrList, ValueType};

static SPECS: [FlagSpec<'static>; 7] = [
    FlagSpec {
        name: "to",
        value_type: ValueType::String,
        list: true,
        required: true,
        values: StrList::EMPTY,
        default: None,
        short: Some('t'),
    },
    FlagSpec {
        name: "limit",
        value_type: ValueType::Integer,
        list: false,
        required: false,
        values: StrList::EMPTY,
        default: Some(StrList::Slice(&["20"])),
        short: None,
    },
    FlagSpec {
        name: "due-before",
        value_type: ValueType::Date,
        list: false,
        required: false,
        values: StrList::EMPTY,
        default: None,
        short: None,
    },
    FlagSpec {
        name: "overdue",
        value_type: ValueType::Boolean,
        list: false,
        required: false,
        values: StrList::EMPTY,
        default: None,
        short: Some('o'),
    },
    FlagSpec {
        name: "status",
        value_type: ValueType::Enum,
        list: true,
        required: false,
        values: StrList::Slice(&["todo", "done"]),
        default: Some(StrList::Slice(&["todo"])),
        short: None,
    },
    FlagSpec {
        name: "sort",
        value_type: ValueType::Enum,
        list: false,
        required: false,
        values: StrList::Lines("due_date\npriority"),
        default: None,
        short: None,
    },
    FlagSpec {
        name: "ratio",
        value_type: ValueType::Number,
        list: true,
        required: false,
        values: StrList::EMPTY,
        default: None,
        short: None,
    },
];

fuzz_target!(|text: &str| {
    let tokens: Vec<&str> = text.split('\u{1f}').collect();
    let mut args = Args::new();
    match parse_into(&SPECS, &tokens, &mut args) {
        Ok(()) => {
            assert!(args.slot(0).values.len() >= 1);
            for v in args.slot(6).values.iter() {
                assert!(v.parse::<f64>().is_ok_and(f64::is_finite), "{v:?}");
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
