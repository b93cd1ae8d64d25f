//! Benchmarks of the `plugdp` crate.
//!
//! * `formula1/free_12x12_u128` and `formula1/free_10x10_exact`: Hamiltonian cycles (the anchor is
//!   a bracket-encoded C++ solution at 0.024 s per process for 12 × 12).
//! * `fixed_polyominoes/transfer_matrix/n` vs `fixed_polyominoes/redelmeier/n`: the transfer
//!   matrix against the `polyomino` crate's Redelmeier counter, same sizes, same run.
//! * `rocket_mania/*`: ZOJ 2126 sample 3 with no pruning and with the exact prunings.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use plugdp::{FuseBoard, Grid, Prunings};

fn formula1(c: &mut Criterion) {
    let mut g = c.benchmark_group("formula1");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let free12 = Grid::new(12, 12).unwrap();
    g.bench_function("free_12x12_u128", |b| {
        b.iter(|| plugdp::hamiltonian_cycles_u128(black_box(&free12)).unwrap())
    });
    let free10 = Grid::new(10, 10).unwrap();
    g.bench_function("free_10x10_exact", |b| {
        b.iter(|| plugdp::hamiltonian_cycles(black_box(&free10)).unwrap())
    });
    g.finish();
}

fn polyominoes(c: &mut Criterion) {
    let mut g = c.benchmark_group("fixed_polyominoes");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    for n in [14, 16, 18] {
        g.bench_with_input(BenchmarkId::new("transfer_matrix", n), &n, |b, &n| {
            b.iter(|| plugdp::fixed_polyominoes(black_box(n)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("redelmeier", n), &n, |b, &n| {
            b.iter(|| polyomino::enumerate::count_fixed_up_to(black_box(n)).unwrap())
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
            plugdp::rocket_mania_with(black_box(&board), &[true; 9], Prunings::default()).unwrap()
        })
    });
    g.bench_function("sample3_exact_prunings", |b| {
        b.iter(|| {
            plugdp::rocket_mania_with(black_box(&board), &[true; 9], Prunings::EXACT).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, formula1, polyominoes, rocket_mania);
criterion_main!(benches);
