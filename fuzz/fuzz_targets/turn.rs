//! Any model reply, run as a turn through the reference application's
//! router and handlers until it finishes: no panic, a bounded number of
//! results per call (at most the limit of commands run, and one more than
//! the limit each of fence problems and of commands shown but not run), and
//! every error's message and hint within 8 KiB (plus the count of what was
//! left out). A slow input (something quadratic) shows as a timeout.
#![no_main]
use libfuzzer_sys::fuzz_target;
use skills_runtime::turn::{Turn, TurnConfig};
use std::sync::LazyLock;

static ROUTER: LazyLock<skills_runtime::Router<assistant::App>> = LazyLock::new(assistant::router);

fuzz_target!(|reply: &str| {
    let mut app = assistant::demo_app("2026-02-17".parse().unwrap(), None);
    let config = TurnConfig::default();
    let limit = config.max_commands;
    let mut turn = Turn::new(reply, config);
    loop {
        let report = turn.run(&ROUTER, &mut app);
        assert!(report.results.len() <= 3 * limit + 2, "{} results", report.results.len());
        for e in report.results.iter().filter_map(|r| r.error.as_ref()) {
            assert!(e.message.len() <= 8 * 1024 + 32, "message of {} bytes", e.message.len());
            assert!(e.hint.len() <= 8 * 1024 + 32, "hint of {} bytes", e.hint.len());
        }
        if !report.paused {
            break;
        }
    }
});
