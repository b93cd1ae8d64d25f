//! Benchmarks of the `plugdp` crate.
//!
//! * `formula1/free_12x12_halves/1` and `/2` (threads; the two halves meet in the middle)
//!   against `formula1/free_12x12_full_sweep` (the engine's whole-board sweep, one thread) and
//!   `formula1/free_12x12_naive` (a straightforward minimal-representation sweep written here:
//!   decode every frontier into an array, apply the cell, renumber, `hashbrown` map), and
//!   `formula1/free_10x10_exact`: Hamiltonian cycles (the anchor is a bracket-encoded C++
//!   solution at 0.024 s per process for 12 × 12).
//! * `formula1/free_14x14_threads/1` vs `/2`, and `formula1/free_16x16_threads/2` (128-bit
//!   keys; the anchor is a C++ plug DP at 14.4 s, the target 5 s).
//! * `hamiltonian_paths/halves/n` vs `hamiltonian_paths/full_sweep/n` (n = 10, 11; one
//!   thread): Hamiltonian paths of the free n × n board, the two halves meeting in the middle
//!   over pairs that form one path, against the engine's whole-board sweep.
//! * `fixed_polyominoes/transfer_matrix/n` vs `fixed_polyominoes/redelmeier/n`: the transfer
//!   matrix against the `polyomino` crate's Redelmeier counter, same sizes, same run.
//! * `fixed_polyominoes_large/transfer_matrix/n` (n = 20, 24): the transfer matrix where the
//!   search cannot follow; the anchors are Knuth's POLYNUM (4.66 s for all sizes up to 24 on
//!   the reference machine) and the previous transfer matrix (1.96 s), see docs/plugdp.md.
//! * `polyomino_counts/transfer_matrices/n` vs `polyomino_counts/search/n`: fixed, one-sided and
//!   free counts with the half-turn term by transfer matrix against the `polyomino` crate's
//!   searches (Redelmeier and orbit graphs).
//! * `rocket_mania/*`: ZOJ 2126 sample 3 with no pruning and with the exact prunings.
//! * `shards/driver` vs `shards/sharded/s` (s = 1, 4): the whole-board Hamiltonian cycle sweep
//!   of the free 12 × 12 board in residues modulo four primes, on the engine's driver (one
//!   thread) and as s shards run one after another in this thread (`engine::shard`, what each
//!   process of `family-cluster` runs, without the transport): the price of a sweep that can be
//!   split.

use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::Duration;

use hashbrown::HashMap;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use plugdp::{FuseBoard, Grid, Prunings};

fn formula1(c: &mut Criterion) {
    let mut g = c.benchmark_group("formula1");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let free12 = Grid::new(12, 12).unwrap();
    for threads in [1, 2] {
        let t = NonZeroUsize::new(threads).unwrap();
        g.bench_with_input(
            BenchmarkId::new("free_12x12_halves", threads),
            &t,
            |b, &t| {
                b.iter(|| {
                    u128::try_from(
                        &plugdp::hamiltonian_cycles(
                            black_box(&free12),
                            &plugdp::Options::default().with_threads(t.get()),
                        )
                        .unwrap(),
                    )
                    .unwrap()
                })
            },
        );
    }
    let pairs = |_, _| plugdp::Sides::PAIRS.iter().map(|&s| (s, 1u128));
    let full = |g: &Grid| {
        plugdp::run_edges(
            g,
            plugdp::EdgeRules::SINGLE_CYCLE,
            pairs,
            &plugdp::Options::default(),
        )
    };
    // Every method gives the published count (Timus 1519) before it is timed.
    assert_eq!(naive_cycles(12), 1_076_226_888_605_605_706);
    assert_eq!(full(&free12).unwrap().0, 1_076_226_888_605_605_706);
    assert_eq!(
        u128::try_from(&plugdp::hamiltonian_cycles(&free12, &plugdp::Options::default()).unwrap())
            .unwrap(),
        1_076_226_888_605_605_706
    );
    g.bench_function("free_12x12_full_sweep", |b| {
        b.iter(|| full(black_box(&free12)).unwrap())
    });
    g.bench_function("free_12x12_naive", |b| {
        b.iter(|| naive_cycles(black_box(12)))
    });
    let free14 = Grid::new(14, 14).unwrap();
    for threads in [1, 2] {
        let t = NonZeroUsize::new(threads).unwrap();
        g.bench_with_input(
            BenchmarkId::new("free_14x14_threads", threads),
            &t,
            |b, &t| {
                b.iter(|| {
                    u128::try_from(
                        &plugdp::hamiltonian_cycles(
                            black_box(&free14),
                            &plugdp::Options::default().with_threads(t.get()),
                        )
                        .unwrap(),
                    )
                    .unwrap()
                })
            },
        );
    }
    let free16 = Grid::new(16, 16).unwrap();
    let two = NonZeroUsize::new(2).unwrap();
    // OEIS A003763(8).
    assert_eq!(
        u128::try_from(
            &plugdp::hamiltonian_cycles(
                &free16,
                &plugdp::Options::default().with_threads(two.get())
            )
            .unwrap()
        )
        .unwrap(),
        65_882_516_522_625_836_326_159_786_165_530_572
    );
    g.bench_function(BenchmarkId::new("free_16x16_threads", 2), |b| {
        b.iter(|| {
            u128::try_from(
                &plugdp::hamiltonian_cycles(
                    black_box(&free16),
                    &plugdp::Options::default().with_threads(two.get()),
                )
                .unwrap(),
            )
            .unwrap()
        })
    });
    let free10 = Grid::new(10, 10).unwrap();
    g.bench_function("free_10x10_exact", |b| {
        b.iter(|| {
            plugdp::hamiltonian_cycles(black_box(&free10), &plugdp::Options::default()).unwrap()
        })
    });
    g.finish();
}

fn hamiltonian_paths(c: &mut Criterion) {
    let mut g = c.benchmark_group("hamiltonian_paths");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let one = plugdp::Options::default();
    let through_or_end = |_, _| {
        plugdp::Sides::PAIRS
            .iter()
            .chain(&plugdp::Sides::SINGLES)
            .map(|&s| (s, 1u128))
    };
    let full = |g: &Grid| {
        plugdp::run_edges(g, plugdp::EdgeRules::SINGLE_PATH, through_or_end, &one)
            .unwrap()
            .0
    };
    let halves = |g: &Grid| u128::try_from(&plugdp::hamiltonian_paths(g, &one).unwrap()).unwrap();
    // OEIS A120443(10) and A120443(11), by both methods, before anything is timed.
    for (n, published) in [(10, 730_044_829_512_632u128), (11, 786_671_485_270_308_848)] {
        let board = Grid::new(n, n).unwrap();
        assert_eq!((full(&board), halves(&board)), (published, published));
        g.bench_with_input(BenchmarkId::new("halves", n), &board, |b, board| {
            b.iter(|| halves(black_box(board)))
        });
        g.bench_with_input(BenchmarkId::new("full_sweep", n), &board, |b, board| {
            b.iter(|| full(black_box(board)))
        });
    }
    g.finish();
}

/// Hamiltonian cycles of the free n × n board by the textbook minimal-representation sweep: every
/// frontier decoded into an array of labels, the cell applied, the labels renumbered by first
/// appearance and packed again, summed in a `hashbrown` map.
fn naive_cycles(n: usize) -> u128 {
    let pos = n + 1;
    let mut cur: HashMap<u64, u128> = HashMap::new();
    cur.insert(0, 1);
    let pack = |at: &[u8], closed: bool| -> u64 {
        let mut names = [0u8; 64];
        let mut next = 0;
        let mut key = u64::from(closed) << 63;
        for (j, &l) in at.iter().enumerate() {
            if l != 0 {
                if names[usize::from(l)] == 0 {
                    next += 1;
                    names[usize::from(l)] = next;
                }
                key |= u64::from(names[usize::from(l)]) << (4 * j);
            }
        }
        key
    };
    for r in 0..n {
        for c in 0..n {
            let mut next: HashMap<u64, u128> = HashMap::new();
            for (&key, &value) in &cur {
                if key >> 63 != 0 {
                    continue;
                }
                let mut at: Vec<u8> = (0..pos).map(|j| (key >> (4 * j) & 0xF) as u8).collect();
                let (left, up) = (at[c], at[c + 1]);
                let mut emit = |at: &[u8], closed: bool| {
                    *next.entry(pack(at, closed)).or_insert(0) += value;
                };
                match (left, up) {
                    (0, 0) => {
                        if r + 1 < n && c + 1 < n {
                            at[c] = 63;
                            at[c + 1] = 63;
                            emit(&at, false);
                        }
                    }
                    (x, 0) | (0, x) => {
                        if r + 1 < n {
                            at[c] = x;
                            at[c + 1] = 0;
                            emit(&at, false);
                        }
                        if c + 1 < n {
                            at[c] = 0;
                            at[c + 1] = x;
                            emit(&at, false);
                        }
                    }
                    (a, b) if a != b => {
                        at[c] = 0;
                        at[c + 1] = 0;
                        for l in at.iter_mut() {
                            if *l == b {
                                *l = a;
                            }
                        }
                        emit(&at, false);
                    }
                    _ => {
                        at[c] = 0;
                        at[c + 1] = 0;
                        if at.iter().all(|&l| l == 0) {
                            emit(&at, true);
                        }
                    }
                }
            }
            cur = next;
        }
        cur = cur
            .into_iter()
            .map(|(k, v)| ((k & !(1 << 63)) << 4 | (k & 1 << 63), v))
            .collect();
    }
    cur.get(&(1 << 63)).copied().unwrap_or(0)
}

fn polyominoes(c: &mut Criterion) {
    let mut g = c.benchmark_group("fixed_polyominoes");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    for n in [14, 16, 18] {
        g.bench_with_input(BenchmarkId::new("transfer_matrix", n), &n, |b, &n| {
            b.iter(|| plugdp::fixed_polyominoes(black_box(n), &plugdp::Options::default()).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("redelmeier", n), &n, |b, &n| {
            b.iter(|| {
                polyomino::enumerate::count_fixed_up_to(
                    black_box(n),
                    &polyomino::enumerate::Options::default(),
                )
                .unwrap()
            })
        });
    }
    g.finish();
    // Sizes past the search: the anchors of the POLYNUM comparison in the plugdp guide.
    let mut g = c.benchmark_group("fixed_polyominoes_large");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    for n in [20, 24] {
        g.bench_with_input(BenchmarkId::new("transfer_matrix", n), &n, |b, &n| {
            b.iter(|| plugdp::fixed_polyominoes(black_box(n), &plugdp::Options::default()).unwrap())
        });
    }
    g.finish();
    let mut g = c.benchmark_group("polyomino_counts");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    for n in [14, 16] {
        g.bench_with_input(BenchmarkId::new("transfer_matrices", n), &n, |b, &n| {
            b.iter(|| plugdp::polyomino_counts(black_box(n), &plugdp::Options::default()).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("search", n), &n, |b, &n| {
            b.iter(|| {
                polyomino::enumerate::counts_up_to(
                    black_box(n),
                    &polyomino::enumerate::Options::default(),
                )
                .unwrap()
            })
        });
    }
    g.finish();
}

fn shards(c: &mut Criterion) {
    use plugdp::engine::driver::run;
    use plugdp::engine::shard::run_sharded;
    use plugdp::{EdgeProblem, EdgeRules, Residues, Sides, Value};
    let mut g = c.benchmark_group("shards");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let grid = Grid::new(12, 12).unwrap();
    let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, Residues::<4>::one()));
    let problem = EdgeProblem::new(&grid, EdgeRules::SINGLE_CYCLE, pairs).unwrap();
    let expected = run(&problem, &plugdp::Options::default()).unwrap().0;
    g.bench_function("driver", |b| {
        b.iter(|| {
            run(black_box(&problem), &plugdp::Options::default())
                .unwrap()
                .0
        })
    });
    for shards in [1, 4] {
        assert_eq!(run_sharded(&problem, shards).unwrap(), expected);
        g.bench_with_input(BenchmarkId::new("sharded", shards), &shards, |b, &s| {
            b.iter(|| run_sharded(black_box(&problem), s).unwrap())
        });
    }
    g.finish();
}

fn rocket_mania(c: &mut Criterion) {
    let board = FuseBoard::parse_rows(&[
        "-L-L-L", "-TL--T", "-L-T-L", "--+---", "---T--", "-TL---", "---LT-", "---T-T", "-TL-T-",
    ])
    .unwrap();
    let mut g = c.benchmark_group("rocket_mania");
    g.sample_size(10);
    g.bench_function("sample3_no_pruning", |b| {
        b.iter(|| {
            plugdp::rocket_mania_with(
                black_box(&board),
                &[true; 9],
                Prunings::default(),
                &plugdp::Options::default(),
            )
            .unwrap()
        })
    });
    g.bench_function("sample3_exact_prunings", |b| {
        b.iter(|| {
            plugdp::rocket_mania_with(
                black_box(&board),
                &[true; 9],
                Prunings::EXACT,
                &plugdp::Options::default(),
            )
            .unwrap()
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    formula1,
    hamiltonian_paths,
    polyominoes,
    rocket_mania,
    shards
);
criterion_main!(benches);
