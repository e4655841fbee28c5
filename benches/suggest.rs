//! "Did you mean": the closest of 10,000 skill names to a misspelt one, as
//! the router answers an unknown command (`cargo bench -p skills-benches --bench suggest`).
//!
//! Side by side in one run: `skills_core::suggest::closest_n` (lengths,
//! then character counts, then a banded table that stops once every path
//! is over the limit) and the same search filling each name's whole
//! table, as `suggest` did before (kept here as the reference), over the
//! same names: a generated tree's, alike in shape (`dom57.act5077`), the
//! case that filters least, and names in the bundled skills' style
//! (`calendar.create`, ...). Also a tool name (`email3_sned_2`) among
//! skill names compared as tool names in place, against copying every
//! skill's tool name first.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// The whole table of the optimal-string-alignment distance, folding case
/// and `_` as `suggest` does.
fn full_distance(a: &str, b: &str) -> usize {
    let (a, b) = (&a.as_bytes()[..a.len().min(64)], &b.as_bytes()[..b.len().min(64)]);
    let norm = |c: u8| if c == b'_' { b'-' } else { c.to_ascii_lowercase() };
    let (mut prev2, mut prev, mut cur) = ([0usize; 65], [0usize; 65], [0usize; 65]);
    for (j, slot) in prev.iter_mut().enumerate().take(b.len() + 1) {
        *slot = j;
    }
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(norm(a[i - 1]) != norm(b[j - 1]));
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && norm(a[i - 1]) == norm(b[j - 2]) && norm(a[i - 2]) == norm(b[j - 1]) {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
        }
        prev2 = prev;
        prev = cur;
    }
    prev[b.len()]
}

/// `closest_n::<3>` with the whole table per name: the reference.
fn full_closest<'a>(given: &str, names: &'a [String]) -> usize {
    let mut found: Vec<(usize, &'a str)> = Vec::new();
    for c in names {
        let d = full_distance(given, c).max(given.len().abs_diff(c.len()));
        let limit = (given.len().max(c.len()) / 4).max(1);
        let prefix = given.len() >= 3
            && c.len() > given.len()
            && c.as_bytes()[..given.len()].eq_ignore_ascii_case(given.as_bytes());
        if d <= limit || prefix {
            found.push((full_distance(given, c), c));
        }
    }
    found.sort_by_key(|f| f.0);
    found.len().min(3)
}

fn trees() -> Vec<(&'static str, Vec<String>, [&'static str; 3])> {
    let generated: Vec<String> = (0..10_000).map(|i| format!("dom{}.act{i}", (i / 1000) * 10 + i % 10)).collect();
    let words = ["email", "calendar", "tasks", "notes", "files", "contacts", "weather", "news", "music", "photos"];
    let actions = ["send", "create", "search", "list", "delete", "update", "read", "archive", "share", "export"];
    let styled: Vec<String> =
        (0..10_000).map(|i| format!("{}{}.{}_{}", words[i % 10], i / 100, actions[(i / 10) % 10], i % 7)).collect();
    vec![
        ("generated", generated, ["dom57.actx", "nonsense.thing", "act5077"]),
        ("styled", styled, ["email3.sned_2", "calender12.create", "weather.forecast"]),
    ]
}

fn suggest(c: &mut Criterion) {
    let mut g = c.benchmark_group("suggest_10000");
    g.sample_size(20);
    for (tree, names, misspelt) in trees() {
        for given in misspelt {
            let new = skills_core::suggest::closest_n::<_, 3>(given, names.iter().map(String::as_str)).1;
            assert_eq!(new, full_closest(given, &names), "{given}");
            g.bench_with_input(BenchmarkId::new(format!("{tree}/suggest"), given), given, |b, given| {
                b.iter(|| skills_core::suggest::closest_n::<_, 3>(black_box(given), names.iter().map(String::as_str)).1)
            });
            g.bench_with_input(BenchmarkId::new(format!("{tree}/full_table"), given), given, |b, given| {
                b.iter(|| full_closest(black_box(given), &names))
            });
        }
    }
    // A tool name among skill names: compared as tool names in place,
    // against building every tool name first, as the JSON path did.
    let (_, names, _) = &trees()[1];
    for given in ["email3_sned_2", "weather_forecast"] {
        let skills = || names.iter().map(|n| (n.as_str(), ()));
        let new = skills_core::suggest::closest_tools_by::<_, _, 3>(given, skills(), |_| true);
        let tools: Vec<String> = names.iter().map(|n| n.replace('.', "_")).collect();
        let old = skills_core::suggest::closest_n::<_, 3>(given, tools.iter().map(String::as_str));
        assert_eq!(new.1, old.1, "{given}");
        g.bench_with_input(BenchmarkId::new("styled/tools_in_place", given), given, |b, given| {
            b.iter(|| skills_core::suggest::closest_tools_by::<_, _, 3>(black_box(given), skills(), |_| true).1)
        });
        g.bench_with_input(BenchmarkId::new("styled/tools_copied", given), given, |b, given| {
            b.iter(|| {
                let tools: Vec<String> = names.iter().map(|n| n.replace('.', "_")).collect();
                skills_core::suggest::closest_n::<_, 3>(black_box(given), tools.iter().map(String::as_str)).1
            })
        });
    }
    g.finish();
}

criterion_group!(benches, suggest);
criterion_main!(benches);
