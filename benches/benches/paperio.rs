//! Benchmarks of the paper.io engine: whole games on the default 102 × 101 board, counted in
//! plies per second (the course's Python engine plays about 840 with trivial bots), with the
//! random walker (short games, the anchor) and with safe walkers (long games full of
//! captures).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grid_games::game::{Bot, Budget, Rng};
use grid_games::paperio::bots::{RandomWalker, SafeWalker};
use grid_games::paperio::{Config, Position};

/// Plays `games` games from seeded random placements; returns the plies played.
fn play(games: u64, make: &dyn Fn(u64) -> [Box<dyn Bot<Position>>; 2]) -> u64 {
    let mut plies = 0;
    for seed in 0..games {
        let mut g =
            Position::random(Config::default(), &mut Rng::seed_from(seed)).expect("default size");
        let mut bots = make(seed);
        while let Some(p) = g.to_move() {
            let t = bots[p.index()]
                .choose(&g, Budget::default())
                .expect("a turn");
            g.play(t).expect("game not over");
        }
        plies += u64::from(g.plies());
    }
    plies
}

fn games(c: &mut Criterion) {
    let random = |s: u64| -> [Box<dyn Bot<Position>>; 2] {
        [
            Box::new(RandomWalker::new(s)),
            Box::new(RandomWalker::new(s + 1)),
        ]
    };
    let safe = |s: u64| -> [Box<dyn Bot<Position>>; 2] {
        [
            Box::new(SafeWalker::new(s)),
            Box::new(SafeWalker::new(s + 1)),
        ]
    };
    let mut g = c.benchmark_group("paperio_default_board");
    g.sample_size(20);
    g.throughput(Throughput::Elements(play(200, &random)));
    g.bench_function("random_walkers_200_games", |b| {
        b.iter(|| black_box(play(200, &random)))
    });
    g.sample_size(10);
    g.throughput(Throughput::Elements(play(4, &safe)));
    g.bench_function("safe_walkers_4_games", |b| {
        b.iter(|| black_box(play(4, &safe)))
    });
    g.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
