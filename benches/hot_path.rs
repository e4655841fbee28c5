//! The run-time hot path against what a Rust user would otherwise pick
//! (`cargo bench -p skills-benches --bench hot_path`; results and ratios in
//! docs/PERFORMANCE.md).
//!
//! - `parse/*`: typed parse of pre-split argv into a struct: the generated
//!   table (`args::parse` + `Flags::from_args`, borrowed) against clap derive
//!   (`try_parse_from`, and with the `Command` built once), lexopt, gumdrop
//!   and a hand-written parser into an owned struct.
//! - `hot/*`: model text to typed flags (fence scan, tokenize, look up,
//!   parse, validate): ours with borrowed output (in-place tokens) and
//!   owned output, the dev-mode registry, and `shlex::split` + clap derive.
//! - `tokenize/*`: ours (borrowing, and in place) against `shlex::split`.
//! - `lookup/*`: the generated name index against a foldhash `HashMap`, at
//!   10, 1,000 and 10,000 names, hits and misses.
//! - `extract/*`: the ```` ```cmd ```` extractor against `memchr::memmem`
//!   on 100 MB of model-like text.

use assistant::skills;
use clap::CommandFactory;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use skills_runtime::index::NameIndex;
use std::collections::HashMap;
use std::hint::black_box;
#[path = "subjects/mod.rs"]
mod subjects;
#[path = "../tests/support/mod.rs"]
mod support;
use subjects::*;
use support::copy_tree;

fn parse(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    g.bench_function("email.send/ours", |b| b.iter(|| ours_send(black_box(SEND_ARGV))));
    g.bench_function("email.send/clap_derive", |b| b.iter(|| clap_send(black_box(SEND_ARGV))));
    let mut cmd = ClapSend::command();
    g.bench_function("email.send/clap_prebuilt_command", |b| {
        b.iter(|| clap_send_prebuilt(&mut cmd, black_box(SEND_ARGV)))
    });
    g.bench_function("email.send/lexopt", |b| b.iter(|| lexopt_send(black_box(SEND_ARGV)).unwrap()));
    g.bench_function("email.send/gumdrop", |b| b.iter(|| gumdrop_send(black_box(GUM_ARGV))));
    g.bench_function("email.send/hand_written_owned", |b| b.iter(|| hand_send(black_box(SEND_ARGV)).unwrap()));
    g.bench_function("tasks.search/ours", |b| b.iter(|| ours_search(black_box(SEARCH_ARGV))));
    g.bench_function("tasks.search/clap_derive", |b| b.iter(|| clap_search(black_box(SEARCH_ARGV))));
    g.finish();
}

// ---- model text to typed flags -------------------------------------------

fn hot(c: &mut Criterion) {
    let reply = reply_text();
    let mut g = c.benchmark_group("hot");
    g.bench_function("ours_borrowed", |b| b.iter(|| hot_borrowed(black_box(&reply))));
    g.bench_function("ours_owned", |b| b.iter(|| hot_owned(black_box(&reply))));
    // The dev-mode path: the same command through a live registry's
    // snapshot (routing and validation, reply text owned).
    let dir = tempfile::tempdir().unwrap();
    copy_tree(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../skills")), dir.path());
    let registry = skills_runtime::registry::Registry::builder(&skills::TABLE).root("project", dir.path()).build();
    let dev = skills_runtime::Router::with_registry(&skills::TABLE, registry);
    let fixed = skills_runtime::Router::new(&skills::TABLE);
    let mut app = assistant::App::demo("2026-02-17".parse().unwrap());
    let help = "email.send --help";
    g.bench_function("router_static_help", |b| b.iter(|| fixed.execute(&mut app, black_box(help)).text.len()));
    g.bench_function("router_dev_mode_help", |b| b.iter(|| dev.execute(&mut app, black_box(help)).text.len()));
    // The hot path's command through both routers, tokenized, looked up,
    // parsed and validated; read-only access stops it before the handler
    // (which would send a mail per iteration) with `needs_confirmation`.
    let read_only = skills_runtime::Access::ReadOnly;
    g.bench_function("router_static_send", |b| {
        b.iter(|| fixed.execute_with(&mut app, black_box(SEND_LINE), read_only).text.len())
    });
    g.bench_function("router_dev_mode_send", |b| {
        b.iter(|| dev.execute_with(&mut app, black_box(SEND_LINE), read_only).text.len())
    });
    g.bench_function("shlex_clap_derive", |b| b.iter(|| hot_clap(black_box(&reply))));
    g.finish();
}

// ---- tokenizer -------------------------------------------------------------

fn tokenize(c: &mut Criterion) {
    let mut g = c.benchmark_group("tokenize");
    g.bench_function("ours_split", |b| b.iter(|| skills_runtime::tokenize::split(black_box(SEND_LINE)).unwrap().len()));
    g.bench_function("ours_in_place", |b| {
        b.iter(|| {
            let mut line = [0u8; 256];
            let mut tokens = skills_runtime::tokenize::TokenBuf::<64>::new();
            line[..SEND_LINE.len()].copy_from_slice(black_box(SEND_LINE).as_bytes());
            skills_runtime::tokenize::split_in_place_into(&mut line[..SEND_LINE.len()], &mut tokens).unwrap()
        })
    });
    g.bench_function("ours_str", |b| {
        b.iter(|| {
            let mut tokens = skills_runtime::tokenize::TokenBuf::<64>::new();
            skills_runtime::tokenize::split_str_into(black_box(SEND_LINE), &mut [], &mut tokens).unwrap()
        })
    });
    g.bench_function("shlex_split", |b| b.iter(|| shlex::split(black_box(SEND_LINE)).unwrap().len()));
    g.finish();
}

// ---- lookup ----------------------------------------------------------------

fn index_of(keys: &[&'static str]) -> NameIndex {
    let state = phf_generator::ptrhash::generate_hash_with_hash_fn(keys, |k: &&str, seed: &u64| {
        skills_runtime::index::hash(k, *seed)
    });
    let entries: Vec<(&'static str, u16)> = state.map.iter().map(|&i| (keys[i], i as u16)).collect();
    let filter = skills_runtime::index::filter(keys, state.seed);
    NameIndex::new(state.seed, Vec::leak(state.pilots), Vec::leak(state.remap), Vec::leak(entries), filter.leak())
}

fn lookup(c: &mut Criterion) {
    let mut g = c.benchmark_group("lookup");
    for n in [10usize, 1_000, 10_000] {
        let keys: Vec<&'static str> = (0..n).map(|i| &*String::leak(format!("domain{}.action_{i}", i / 100))).collect();
        let misses: Vec<String> = (0..n).map(|i| format!("domain{}.acton_{i}", i / 100)).collect();
        let same_length: Vec<String> = (0..n).map(|i| format!("domain{}.actiom_{i}", i / 100)).collect();
        let index = index_of(&keys);
        let map: HashMap<&str, u16, foldhash::fast::RandomState> =
            keys.iter().enumerate().map(|(i, k)| (*k, i as u16)).collect();
        let hits: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
        // Hits, misses one letter off (dropped), and misses of a length the
        // index has (one letter changed), which its length bits cannot turn
        // away; the same names, in the same order, for both maps.
        for (kind, names) in [("hit", &hits), ("miss", &misses), ("miss_same_length", &same_length)] {
            let mut at = 0usize;
            g.bench_with_input(BenchmarkId::new(format!("index_{kind}"), n), &n, |b, _| {
                b.iter(|| {
                    at = (at + 1) % n;
                    index.get(black_box(names[at].as_str()))
                })
            });
            g.bench_with_input(BenchmarkId::new(format!("hashmap_{kind}"), n), &n, |b, _| {
                b.iter(|| {
                    at = (at + 1) % n;
                    map.get(black_box(names[at].as_str())).copied()
                })
            });
        }
    }
    g.finish();
}

// ---- extractor ---------------------------------------------------------------

fn extract(c: &mut Criterion) {
    let text = model_text();
    let mut g = c.benchmark_group("extract");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(10);
    g.bench_function("ours_blocks", |b| {
        b.iter(|| {
            skills_runtime::extract::blocks(black_box(&text))
                .filter(|f| matches!(f, skills_runtime::extract::Found::Block(_)))
                .count()
        })
    });
    let finder = memchr::memmem::Finder::new("```cmd");
    g.bench_function("memmem_opener", |b| b.iter(|| finder.find_iter(black_box(text.as_bytes())).count()));
    g.bench_function("memchr_newline", |b| b.iter(|| memchr::memchr_iter(b'\n', black_box(text.as_bytes())).count()));
    g.finish();

    // What `Turn` reads a reply with (`extract::extract`: commands and the
    // text around them): a short reply, and the same reply after a
    // `<thinking>` block, a line that may open an HTML block, which sends
    // it to pulldown-cmark for a second reading.
    let reply = reply_text();
    let with_tag = format!("<thinking>\nThe user wants the report sent.\n</thinking>\n\n{reply}");
    let mut g = c.benchmark_group("turn_extract");
    g.bench_function("reply", |b| b.iter(|| skills_runtime::extract::extract(black_box(&reply)).commands.len()));
    g.bench_function("reply_after_a_tag", |b| {
        b.iter(|| skills_runtime::extract::extract(black_box(&with_tag)).commands.len())
    });
    g.finish();
}

criterion_group!(benches, parse, hot, tokenize, lookup, extract);
criterion_main!(benches);
