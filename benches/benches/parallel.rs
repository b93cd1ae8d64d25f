//! rayon against the hand-written thread pools (docs/decisions.md, "rayon or the hand-written
//! pools"), same work units, same run, interleaved per size and thread count:
//!
//! * `redelmeier_n/…`: `polyomino::enumerate::count_fixed_up_to` (the static split of the
//!   Redelmeier search over scoped threads) against `__count_fixed_up_to_rayon` (each split-size
//!   subtree a rayon task), n = 16 and 17; `sequential` is the one-thread counter.
//! * `transfer_matrix_n/…`: `plugdp::fixed_polyominoes_parallel` (widths dealt to scoped
//!   threads, widest first to the least loaded) against `__fixed_polyominoes_rayon` (each width
//!   a rayon task), n = 20 and 22; `sequential` is `fixed_polyominoes`.
//!
//! `hand_written/t` and `rayon/t` use t threads; the rayon pools (built once, outside the timing)
//! have exactly t threads and run the count through `pool.install`. Every method's answer is
//! checked equal before anything is timed.

use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use polyomino::enumerate::{self, Options};
use rayon::{ThreadPool, ThreadPoolBuilder};

const THREADS: [usize; 2] = [1, 2];

fn pools() -> Vec<ThreadPool> {
    THREADS
        .iter()
        .map(|&t| ThreadPoolBuilder::new().num_threads(t).build().unwrap())
        .collect()
}

fn redelmeier(c: &mut Criterion) {
    let pools = pools();
    for n in [16, 17] {
        let one = Options::default();
        let expected = enumerate::count_fixed_up_to(n, &one).unwrap();
        for (&t, pool) in THREADS.iter().zip(&pools) {
            let opts = Options::default().with_threads(t);
            assert_eq!(enumerate::count_fixed_up_to(n, &opts).unwrap(), expected);
            let by_rayon = pool.install(|| enumerate::__count_fixed_up_to_rayon(n).unwrap());
            assert_eq!(by_rayon, expected);
        }
        let mut g = c.benchmark_group(format!("redelmeier_{n}"));
        g.sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(if n == 16 { 4 } else { 10 }));
        g.bench_function("sequential", |b| {
            b.iter(|| enumerate::count_fixed_up_to(black_box(n), &one).unwrap())
        });
        for (&t, pool) in THREADS.iter().zip(&pools) {
            let opts = Options::default().with_threads(t);
            g.bench_with_input(BenchmarkId::new("hand_written", t), &n, |b, &n| {
                b.iter(|| enumerate::count_fixed_up_to(black_box(n), &opts).unwrap())
            });
            g.bench_with_input(BenchmarkId::new("rayon", t), &n, |b, &n| {
                b.iter(|| pool.install(|| enumerate::__count_fixed_up_to_rayon(black_box(n))))
            });
        }
        g.finish();
    }
}

fn transfer_matrix(c: &mut Criterion) {
    let pools = pools();
    for n in [20, 22] {
        let expected = plugdp::fixed_polyominoes(n).unwrap();
        for (&t, pool) in THREADS.iter().zip(&pools) {
            let threads = NonZeroUsize::new(t).unwrap();
            assert_eq!(
                plugdp::fixed_polyominoes_parallel(n, threads).unwrap(),
                expected
            );
            let by_rayon = pool.install(|| plugdp::__fixed_polyominoes_rayon(n).unwrap());
            assert_eq!(by_rayon, expected);
        }
        let mut g = c.benchmark_group(format!("transfer_matrix_{n}"));
        g.sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(if n == 20 { 4 } else { 10 }));
        g.bench_function("sequential", |b| {
            b.iter(|| plugdp::fixed_polyominoes(black_box(n)).unwrap())
        });
        for (&t, pool) in THREADS.iter().zip(&pools) {
            let threads = NonZeroUsize::new(t).unwrap();
            g.bench_with_input(BenchmarkId::new("hand_written", t), &n, |b, &n| {
                b.iter(|| plugdp::fixed_polyominoes_parallel(black_box(n), threads).unwrap())
            });
            g.bench_with_input(BenchmarkId::new("rayon", t), &n, |b, &n| {
                b.iter(|| pool.install(|| plugdp::__fixed_polyominoes_rayon(black_box(n))))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, redelmeier, transfer_matrix);
criterion_main!(benches);
