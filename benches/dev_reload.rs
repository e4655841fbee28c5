//! Dev mode: how long a saved markdown edit takes to be visible to the next
//! routed command, through the real file watcher (`cargo bench -p skills-benches --bench
//! dev_reload`).
//!
//! A scratch copy of the bundled tree is registered and watched; each round
//! rewrites one line of `email/send.md` with a new marker, then routes
//! `get_skill: email.send` every 0.5 ms until the marker shows. Also timed,
//! synchronously: loading (a new registry, nothing cached) the bundled tree,
//! a generated tree of `DEV_RELOAD_SKILLS` skills (default 1,000, 100 per
//! domain) and the same skills in one domain; reloading the generated tree
//! after one file is edited and when nothing changed
//! (`DEV_RELOAD_TREE_ROUNDS` times each, default 10); `get_skill`, a
//! domain's and a skill's help over the generated tree. Alternately with the
//! generated tree's loads, on the same files: the reference, reading
//! every file and running pulldown-cmark over it on one thread, so the
//! load's cost is also given as a ratio to it, which the host's speed
//! moves less than either time (a busy second core still slows the load,
//! which uses both cores, and not the reference).
//!
//! This is an event-to-visibility latency, which criterion's sampling model
//! does not fit; the harness reports median, 90th percentile and worst case
//! of `DEV_RELOAD_ROUNDS` rounds (default 100).

use assistant::{App, skills};
use skills_runtime::Router;
use skills_runtime::registry::Registry;
use std::path::Path;
use std::time::{Duration, Instant};
#[path = "../tests/support/mod.rs"]
mod support;
use support::{copy_tree, generated_tree, generated_tree_by};

fn stats(name: &str, mut xs: Vec<Duration>) {
    xs.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let median = xs[xs.len() / 2];
    let p90 = xs[(xs.len() * 9 / 10).min(xs.len() - 1)];
    let max = xs[xs.len() - 1];
    println!(
        "{name:<44} n={:<4} median {:>8.2} ms   p90 {:>8.2} ms   max {:>8.2} ms",
        xs.len(),
        ms(median),
        ms(p90),
        ms(max)
    );
}

fn env_usize(var: &str, default: usize) -> usize {
    std::env::var(var).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// How long each of `rounds` synchronous reloads took.
fn reloads(registry: &Registry, rounds: usize) -> Vec<Duration> {
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            registry.reload();
            t.elapsed()
        })
        .collect()
}

/// How long building a new registry over `root` took, `rounds` times:
/// every file read and parsed, nothing cached.
fn cold_loads(root: &Path, rounds: usize) -> Vec<Duration> {
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            let registry = Registry::builder(&skills::TABLE).root("project", root).build();
            let elapsed = t.elapsed();
            drop(registry);
            elapsed
        })
        .collect()
}

/// Reads every markdown file of the tree at `root` (`<domain>/<file>.md`)
/// and runs pulldown-cmark over it, as the skill parser does, on one
/// thread: the reference the dev-mode load's goal is set against.
fn read_and_markdown(root: &Path) -> usize {
    let mut events = 0;
    for domain in std::fs::read_dir(root).unwrap() {
        for file in std::fs::read_dir(domain.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                let text = std::fs::read_to_string(&path).unwrap();
                events +=
                    pulldown_cmark::Parser::new_ext(&text, pulldown_cmark::Options::empty()).into_offset_iter().count();
            }
        }
    }
    events
}

/// [`cold_loads`] and [`read_and_markdown`] over `root`, alternately,
/// `rounds` times each.
fn loads_and_reference(root: &Path, rounds: usize) -> (Vec<Duration>, Vec<Duration>) {
    (0..rounds)
        .map(|_| {
            let load = cold_loads(root, 1)[0];
            let t = Instant::now();
            assert!(std::hint::black_box(read_and_markdown(root)) > 0);
            (load, t.elapsed())
        })
        .unzip()
}

fn median(xs: &[Duration]) -> Duration {
    let mut xs = xs.to_vec();
    xs.sort();
    xs[xs.len() / 2]
}

/// How long a reload took after one file of the registry was rewritten
/// (a new line at the end of its body), `rounds` times.
fn edited_reloads(registry: &Registry, file: &Path, rounds: usize) -> Vec<Duration> {
    let original = std::fs::read_to_string(file).unwrap();
    (0..rounds)
        .map(|round| {
            std::fs::write(file, format!("{original}\nEdited ({round}).\n")).unwrap();
            let t = Instant::now();
            registry.reload();
            t.elapsed()
        })
        .collect()
}

fn main() {
    let rounds = env_usize("DEV_RELOAD_ROUNDS", 100);
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("skills");
    copy_tree(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("skills").as_path(), &root);
    let registry = Registry::builder(&skills::TABLE).root("project", &root).compiled_root(&root).build();
    let router = Router::with_registry(&skills::TABLE, registry.clone());
    let mut app = App::demo("2026-02-17".parse().unwrap());

    // Synchronous loads and reloads.
    stats("load, bundled tree (16 skills)", cold_loads(&root, rounds));
    stats("reload, bundled tree, nothing changed", reloads(&registry, rounds));

    let n = env_usize("DEV_RELOAD_SKILLS", 1000);
    let big_rounds = env_usize("DEV_RELOAD_TREE_ROUNDS", 10);
    let big = tempfile::tempdir().unwrap();
    generated_tree(big.path(), "d", n);
    let (loads, reference) = loads_and_reference(big.path(), big_rounds);
    let ratio = median(&loads).as_secs_f64() / median(&reference).as_secs_f64();
    stats(&format!("load, generated tree ({n} skills)"), loads);
    stats("reference: read + pulldown-cmark, one thread", reference);
    // The goal, 15 ms where the reference took 11 ms, is a ratio of 1.36.
    println!("load / reference (medians, alternating): {ratio:.2}");
    // The same files in one domain: loading must spread them over the
    // cores as well as it spreads ten domains.
    let one = tempfile::tempdir().unwrap();
    generated_tree_by(one.path(), "d", n, n);
    stats(&format!("load, one domain of {n} skills"), cold_loads(one.path(), big_rounds));
    let big_registry = Registry::builder(&skills::TABLE).root("project", big.path()).build();
    let edited = big.path().join("d0/act0.md");
    stats(&format!("reload, {n} skills, one file edited"), edited_reloads(&big_registry, &edited, big_rounds));
    stats(&format!("reload, {n} skills, nothing changed"), reloads(&big_registry, big_rounds));
    // Help over the large tree, through the router as a model reaches it:
    // the domain list reads each domain's run of skills (binary search), so
    // it costs about what one skill's help does, not domains × skills.
    let big_router = Router::with_registry(&skills::TABLE, big_registry.clone());
    let mut help = |line: &str| {
        (0..rounds)
            .map(|_| {
                let t = Instant::now();
                let out = big_router.execute(&mut app, line);
                assert_eq!(out.kind, skills_runtime::Kind::Help, "{line}: {}", out.text);
                t.elapsed()
            })
            .collect::<Vec<_>>()
    };
    let (list, domain, one) = (help("get_skill"), help("get_skill: d0"), help("d0.act0 --help"));
    let us = |xs: &[Duration]| median(xs).as_secs_f64() * 1e6;
    println!(
        "help over {n} skills (medians of {rounds}): get_skill {:.1} µs, get_skill: d0 {:.1} µs, d0.act0 --help {:.1} µs; get_skill / get_skill: d0 {:.1}",
        us(&list),
        us(&domain),
        us(&one),
        us(&list) / us(&domain)
    );

    // Edit-to-visible through the watcher.
    let _watch = registry.watch().unwrap();
    let file = root.join("email/send.md");
    let original = std::fs::read_to_string(&file).unwrap();
    let line = original.lines().find(|l| l.starts_with("Send ")).expect("a prose line").to_string();
    let mut latencies = Vec::new();
    let mut missed = 0;
    for round in 0..rounds {
        let marker = format!("Send it (revision {round}).");
        std::fs::write(&file, original.replace(&line, &marker)).unwrap();
        let t = Instant::now();
        loop {
            if router.execute(&mut app, "get_skill: email.send").text.contains(&marker) {
                latencies.push(t.elapsed());
                break;
            }
            if t.elapsed() > Duration::from_secs(5) {
                missed += 1;
                break;
            }
            std::thread::sleep(Duration::from_micros(500));
        }
        // Let the debouncer settle so rounds do not merge.
        std::thread::sleep(Duration::from_millis(60));
    }
    stats("saved edit -> visible to the next command", latencies);
    println!("rounds never seen within 5 s: {missed}");
}
