//! Benchmarks of the `polyomino` crate.
//!
//! * `fixed_count/redelmeier/n` vs `fixed_count/naive_hashset/n`: counting fixed polyominoes.
//!   The anchor is a C Redelmeier counting all sizes ≤ 16 in 2.29 s.
//! * `placements_blokus_20x20/*`: all placements of the 21 Blokus pieces on an empty 20×20
//!   board with `Board::placements_of`, with one packed `BitVec` per mask, and with hash sets.
//! * `fit_tests/*`: testing every placement against a half-filled board, word-per-row windows
//!   vs packed `BitVec`s.

use std::hint::black_box;
use std::time::Duration;

use benches::{blokus_pieces, count_fixed_naive, placements_bitvec, placements_naive};
use bitvec::prelude::*;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use polyomino::{Bitboard, Board, Cell, Equivalence, enumerate};

fn fixed_count(c: &mut Criterion) {
    let mut g = c.benchmark_group("fixed_count");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    for n in 10..=16 {
        g.bench_with_input(BenchmarkId::new("redelmeier", n), &n, |b, &n| {
            b.iter(|| {
                enumerate::count_fixed_up_to(
                    black_box(n),
                    &polyomino::enumerate::Options::default(),
                )
                .unwrap()
            })
        });
    }
    for n in 10..=11 {
        g.bench_with_input(BenchmarkId::new("naive_hashset", n), &n, |b, &n| {
            b.iter(|| count_fixed_naive(black_box(n)))
        });
    }
    g.bench_function("all_counts_16", |b| {
        b.iter(|| {
            enumerate::counts_up_to(black_box(16), &polyomino::enumerate::Options::default())
                .unwrap()
        })
    });
    g.finish();
}

fn placements(c: &mut Criterion) {
    let pieces = blokus_pieces();
    let board = Board::new(20, 20).unwrap();
    let mut g = c.benchmark_group("placements_blokus_20x20");
    g.bench_function("bitboard_rows", |b| {
        b.iter(|| board.placements_of(black_box(&pieces), Equivalence::Free))
    });
    g.bench_function("bitvec_packed", |b| {
        b.iter(|| placements_bitvec(20, 20, black_box(&pieces)))
    });
    g.sample_size(10);
    g.bench_function("naive_hashset", |b| {
        b.iter(|| placements_naive(20, 20, black_box(&pieces)))
    });
    g.finish();

    // Fit tests of every placement against a checkerboard-ish half-filled board.
    let occupied: Bitboard = (0..20)
        .flat_map(|r| (0..20).map(move |c| Cell::new(r, c)))
        .filter(|c| (c.row * 7 + c.col * 3) % 5 < 2 && c.row % 4 != 0)
        .collect();
    let ours = board.placements_of(&pieces, Equivalence::Free);
    let mut occ_bv: BitVec<u64, Lsb0> = BitVec::repeat(false, 400);
    for cell in occupied.iter() {
        occ_bv.set((cell.row * 20 + cell.col) as usize, true);
    }
    let packed = placements_bitvec(20, 20, &pieces);
    let mut g = c.benchmark_group("fit_tests");
    g.bench_function("bitboard_rows", |b| {
        b.iter(|| ours.iter().filter(|p| p.fits(black_box(&occupied))).count())
    });
    g.bench_function("bitvec_packed", |b| {
        b.iter(|| {
            packed
                .iter()
                .filter(|m| {
                    m.as_raw_slice()
                        .iter()
                        .zip(black_box(&occ_bv).as_raw_slice())
                        .all(|(a, o)| a & o == 0)
                })
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, fixed_count, placements);
criterion_main!(benches);
