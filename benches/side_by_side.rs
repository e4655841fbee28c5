//! The speed goals of docs/PERFORMANCE.md as ratios measured side by side
//! (`cargo bench -p skills-benches --bench side_by_side`; results in docs/PERFORMANCE.md,
//! "Side by side").
//!
//! `hot_path` (criterion) times each function for seconds before the next,
//! so on a shared machine a change of load between two functions moves
//! their ratio: the same build gave `hot/ours_owned` 14.6x and 20.1x
//! `shlex::split` + clap in two runs a minute apart. Here every subject
//! runs in short batches (about 2 ms), in turn, round after round, so the
//! two sides of a ratio are timed within milliseconds of each other; each
//! round gives one ratio per goal, and the table reports their median and
//! quartiles. The subjects are the functions `hot_path` times
//! (`benches/subjects`), so the two agree on what is measured.
//!
//! `SIDE_BY_SIDE_ROUNDS` (default 300) and `SIDE_BY_SIDE_BATCH_MS`
//! (default 2) change the run; `SIDE_BY_SIDE_EXTRACT=0` leaves out the
//! extractor (100 MB of text, about 10 ms a round).
//!
//! For instruction counts, which repeat exactly where times do not,
//! `SIDE_BY_SIDE_ONLY=hot/ours_owned SIDE_BY_SIDE_CALLS=100000` runs one
//! subject that many times, untimed, under `valgrind --tool=callgrind`;
//! two counts' difference divided by the difference in calls is the cost
//! of one call:
//!
//! ```sh
//! cargo bench -p skills-benches --bench side_by_side --no-run
//! for n in 100000 200000; do SIDE_BY_SIDE_EXTRACT=0 SIDE_BY_SIDE_ONLY=hot/ours_borrowed SIDE_BY_SIDE_CALLS=$n \
//!     valgrind --tool=callgrind --callgrind-out-file=cg.$n target/release/deps/side_by_side-* 2>&1 | grep refs; done
//! ```

use clap::CommandFactory;
use std::hint::black_box;
use std::time::{Duration, Instant};
#[path = "subjects/mod.rs"]
mod subjects;
use subjects::*;

/// One way of doing one job, timed in batches.
struct Subject<'a> {
    name: &'static str,
    run: Box<dyn FnMut() + 'a>,
    /// Calls per batch.
    batch: u64,
    /// Nanoseconds per call, one entry per round.
    times: Vec<f64>,
}

impl<'a> Subject<'a> {
    fn new(name: &'static str, run: impl FnMut() + 'a) -> Self {
        Subject { name, run: Box::new(run), batch: 1, times: Vec::new() }
    }

    /// Sets the batch so that one takes about `target`.
    fn calibrate(&mut self, target: Duration) {
        // Warm up, then double until a batch takes a tenth of the target.
        (self.run)();
        let mut n = 1u64;
        loop {
            let t = self.time(n);
            if t >= target / 10 || n >= 1 << 30 {
                let per = t.as_secs_f64() / n as f64;
                self.batch = ((target.as_secs_f64() / per.max(1e-12)) as u64).max(1);
                return;
            }
            n *= 2;
        }
    }

    fn time(&mut self, n: u64) -> Duration {
        let start = Instant::now();
        for _ in 0..n {
            (self.run)();
        }
        start.elapsed()
    }

    fn round(&mut self) {
        let t = self.time(self.batch);
        self.times.push(t.as_nanos() as f64 / self.batch as f64);
    }
}

/// A goal: `theirs` takes at least `at_least` times as long as `ours`.
struct Goal {
    what: &'static str,
    ours: &'static str,
    theirs: &'static str,
    at_least: f64,
}

const GOALS: &[Goal] = &[
    Goal {
        what: "typed parse of email.send argv vs clap derive",
        ours: "parse/ours",
        theirs: "parse/clap_derive",
        at_least: 40.0,
    },
    Goal {
        what: "... vs clap with a prebuilt Command",
        ours: "parse/ours",
        theirs: "parse/clap_prebuilt",
        at_least: 5.0,
    },
    Goal { what: "... vs gumdrop", ours: "parse/ours", theirs: "parse/gumdrop", at_least: 1.0 },
    Goal {
        what: "typed parse of tasks.search argv vs clap derive",
        ours: "search/ours",
        theirs: "search/clap_derive",
        at_least: 60.0,
    },
    Goal {
        what: "model text to typed flags, borrowed, vs shlex + clap",
        ours: "hot/ours_borrowed",
        theirs: "hot/shlex_clap",
        at_least: 30.0,
    },
    Goal {
        what: "model text to typed flags, owned, vs shlex + clap",
        ours: "hot/ours_owned",
        theirs: "hot/shlex_clap",
        at_least: 20.0,
    },
    Goal { what: "tokenizer vs shlex::split", ours: "tokenize/ours", theirs: "tokenize/shlex", at_least: 3.0 },
    Goal {
        what: "... on a line shorter than 64 bytes",
        ours: "tokenize/ours_short",
        theirs: "tokenize/shlex_short",
        at_least: 3.0,
    },
    Goal {
        what: "extractor throughput vs a memchr newline count",
        ours: "extract/ours",
        theirs: "extract/memchr",
        at_least: 0.6,
    },
];

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The value at quantile `q` of sorted `v`.
fn quantile(v: &[f64], q: f64) -> f64 {
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

fn main() {
    // `cargo bench` passes `--bench`; a filter is not supported.
    let rounds: usize = env_or("SIDE_BY_SIDE_ROUNDS", 300).max(1);
    let batch = Duration::from_secs_f64(env_or("SIDE_BY_SIDE_BATCH_MS", 2.0) / 1000.0);
    let with_extract = env_or("SIDE_BY_SIDE_EXTRACT", 1) != 0;

    let reply = reply_text();
    let text = if with_extract { model_text() } else { String::new() };
    let text_bytes = text.as_bytes();
    let mut cmd = ClapSend::command();
    let mut subjects = vec![
        Subject::new("parse/ours", || {
            black_box(ours_send(black_box(SEND_ARGV)));
        }),
        Subject::new("parse/clap_derive", || {
            black_box(clap_send(black_box(SEND_ARGV)));
        }),
        Subject::new("parse/clap_prebuilt", move || {
            black_box(clap_send_prebuilt(&mut cmd, black_box(SEND_ARGV)));
        }),
        Subject::new("parse/gumdrop", || {
            black_box(gumdrop_send(black_box(GUM_ARGV)));
        }),
        Subject::new("search/ours", || {
            black_box(ours_search(black_box(SEARCH_ARGV)));
        }),
        Subject::new("search/clap_derive", || {
            black_box(clap_search(black_box(SEARCH_ARGV)));
        }),
        Subject::new("hot/ours_borrowed", || {
            black_box(hot_borrowed(black_box(&reply)));
        }),
        Subject::new("hot/ours_owned", || {
            black_box(hot_owned(black_box(&reply)));
        }),
        Subject::new("hot/shlex_clap", || {
            black_box(hot_clap(black_box(&reply)));
        }),
        Subject::new("tokenize/ours", || {
            let mut tokens = skills_runtime::tokenize::TokenBuf::<64>::new();
            black_box(skills_runtime::tokenize::split_str_into(black_box(SEND_LINE), &mut [], &mut tokens).unwrap());
        }),
        Subject::new("tokenize/shlex", || {
            black_box(shlex::split(black_box(SEND_LINE)).unwrap());
        }),
        Subject::new("extract/short_reply", || {
            black_box(first_command(black_box(SHORT_REPLY)));
        }),
        Subject::new("tokenize/ours_short", || {
            let mut tokens = skills_runtime::tokenize::TokenBuf::<64>::new();
            black_box(skills_runtime::tokenize::split_str_into(black_box(SHORT_LINE), &mut [], &mut tokens).unwrap());
        }),
        Subject::new("tokenize/shlex_short", || {
            black_box(shlex::split(black_box(SHORT_LINE)).unwrap());
        }),
    ];
    if with_extract {
        subjects.push(Subject::new("extract/ours", || {
            let blocks = skills_runtime::extract::blocks(black_box(&text))
                .filter(|f| matches!(f, skills_runtime::extract::Found::Block(_)))
                .count();
            black_box(blocks);
        }));
        subjects.push(Subject::new("extract/memchr", || {
            black_box(memchr::memchr_iter(b'\n', black_box(text_bytes)).count());
        }));
    }

    if let Ok(only) = std::env::var("SIDE_BY_SIDE_ONLY") {
        let calls: u64 = env_or("SIDE_BY_SIDE_CALLS", 100_000);
        let Some(s) = subjects.iter_mut().find(|s| s.name == only) else {
            let names: Vec<_> = subjects.iter().map(|s| s.name).collect();
            panic!("no subject {only:?}; the subjects are {names:?}");
        };
        for _ in 0..calls {
            (s.run)();
        }
        return;
    }
    for s in &mut subjects {
        s.calibrate(batch);
    }
    let started = Instant::now();
    for r in 0..rounds {
        // A different order each round, so that no subject always runs
        // after the same one (whose cache and branch history it inherits).
        let n = subjects.len();
        for k in 0..n {
            subjects[(k + r) % n].round();
        }
    }
    let elapsed = started.elapsed();

    println!(
        "{rounds} rounds of {:.1} ms batches, every subject once a round, in {:.1} s\n",
        batch.as_secs_f64() * 1000.0,
        elapsed.as_secs_f64()
    );
    println!("{:<22} {:>12} {:>26}", "subject", "median", "quartiles");
    for s in &subjects {
        let t = sorted(s.times.clone());
        println!(
            "{:<22} {:>12} {:>26}",
            s.name,
            show_ns(quantile(&t, 0.5)),
            format!("{} – {}", show_ns(quantile(&t, 0.25)), show_ns(quantile(&t, 0.75)))
        );
    }
    println!("\n{:<52} {:>8} {:>16} {:>7}  status", "goal (theirs / ours, per round)", "median", "quartiles", "goal");
    let find = |name: &str| subjects.iter().find(|s| s.name == name);
    for g in GOALS {
        let (Some(ours), Some(theirs)) = (find(g.ours), find(g.theirs)) else { continue };
        let ratios = sorted(theirs.times.iter().zip(&ours.times).map(|(t, o)| t / o).collect());
        let (q1, med, q3) = (quantile(&ratios, 0.25), quantile(&ratios, 0.5), quantile(&ratios, 0.75));
        let status = if q1 >= g.at_least {
            "met"
        } else if med >= g.at_least {
            "met (lower quartile below)"
        } else if q3 >= g.at_least {
            "missed (upper quartile above)"
        } else {
            "missed"
        };
        println!("{:<52} {:>7.2}x {:>16} {:>6}x  {status}", g.what, med, format!("{q1:.2}–{q3:.2}x"), g.at_least);
    }
}

fn show_ns(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}
