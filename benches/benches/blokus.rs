//! Benchmarks of the Blokus engine: move generation over the reference engine's measurement
//! positions (`../shared/data/blokus/positions_{duo,classic}.txt`), against the naive method
//! (test every placement of the table) in the same run; perft Duo depth 3 and Classic depth 4;
//! and the simulations per second of the two tree searches (`SearchBot` against `MctsBot`).

use std::hint::black_box;
use std::time::Duration;

use benches::blokus_positions;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grid_games::blokus::{Move, Position, Variant, perft};

fn movegen(c: &mut Criterion) {
    for (file, variant) in [("duo", Variant::Duo), ("classic", Variant::Classic)] {
        let (positions, source) = blokus_positions(file, variant, 40);
        let listed: usize = positions.iter().map(|(p, c)| p.count_legal_moves(*c)).sum();
        eprintln!(
            "{file}: {} positions from {source}, {listed} moves per pass",
            positions.len()
        );
        let mut g = c.benchmark_group(format!("blokus_movegen_{file}"));
        g.throughput(Throughput::Elements(listed as u64));
        g.measurement_time(Duration::from_secs(5));
        let mut buf: Vec<Move> = Vec::new();
        g.bench_function("attach_points", |b| {
            b.iter(|| {
                let mut n = 0;
                for (pos, colour) in &positions {
                    pos.legal_moves_of(*colour, &mut buf);
                    n += buf.len();
                }
                black_box(n)
            })
        });
        g.sample_size(10);
        g.bench_function("naive_all_placements", |b| {
            b.iter(|| {
                let mut n = 0;
                for (pos, colour) in &positions {
                    n += pos
                        .table()
                        .moves()
                        .filter(|&m| pos.check(*colour, m).is_ok())
                        .count();
                }
                black_box(n)
            })
        });
        g.finish();
    }
}

fn perfts(c: &mut Criterion) {
    let mut g = c.benchmark_group("blokus_perft");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let mut duo = Position::new(Variant::Duo);
    g.bench_function("duo_depth_3", |b| b.iter(|| perft(black_box(&mut duo), 3)));
    let mut classic = Position::new(Variant::Classic);
    g.bench_function("classic_depth_4", |b| {
        b.iter(|| perft(black_box(&mut classic), 4))
    });
    g.finish();
}

/// A position after `rounds` rounds of the seeded heuristic bot (fewer if the game ends).
fn after_rounds(variant: Variant, rounds: usize) -> Position {
    use grid_games::blokus::bots::HeuristicBot;
    use grid_games::game::{Bot, Budget};
    let mut pos = Position::new(variant);
    let mut bot = HeuristicBot::new(1);
    for _ in 0..rounds * variant.colours() {
        match bot.choose(&pos, Budget::default()) {
            Some(m) => pos.play(m).expect("the bot plays legal moves"),
            None => break,
        }
    }
    pos
}

/// Simulations per second of the two tree searches, 500 simulations from the opening, the
/// middle game (8 rounds on Duo, 6 on Classic) and the end (14 and 12 rounds); `SearchBot`
/// also with two threads sharing its tree.
fn searches(c: &mut Criterion) {
    use grid_games::blokus::bots::{MctsBot, SearchBot, SearchConfig};
    use grid_games::game::{Bot, Budget};
    let mut g = c.benchmark_group("blokus_search_500_simulations");
    g.sample_size(10).throughput(Throughput::Elements(500));
    for (variant, middle, end) in [(Variant::Duo, 8, 14), (Variant::Classic, 6, 12)] {
        for (phase, rounds) in [("opening", 0), ("middle", middle), ("end", end)] {
            let pos = after_rounds(variant, rounds);
            // A fresh tree every time: with tree reuse each call would start from the last
            // call's tree and copy it, and the bench would time the copying.
            let mut fresh = SearchConfig::default();
            fresh.reuse_tree = false;
            let mut search = SearchBot::with_config(1, fresh);
            g.bench_function(format!("{variant}_{phase}/search"), |b| {
                b.iter(|| search.choose(black_box(&pos), Budget::iterations(500)))
            });
            let mut config = fresh;
            config.threads = 2;
            let mut shared = SearchBot::with_config(1, config);
            g.bench_function(format!("{variant}_{phase}/search_2_threads"), |b| {
                b.iter(|| shared.choose(black_box(&pos), Budget::iterations(500)))
            });
            let mut mcts = MctsBot::new(1);
            g.bench_function(format!("{variant}_{phase}/mcts"), |b| {
                b.iter(|| mcts.choose(black_box(&pos), Budget::iterations(500)))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, movegen, perfts, searches);
criterion_main!(benches);
