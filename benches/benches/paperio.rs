//! Benchmarks of the paper.io engine: whole games on the default 102 × 101 board, counted in
//! plies per second (the course's Python engine plays about 840 with trivial bots), with the
//! random walker (short games, the anchor) and with safe walkers (long games full of
//! captures); one decision of each strong bot; and the interop conversions, against the
//! detour they replace (replaying the game from its first frame).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grid_games::game::{Bot, Budget, Rng};
use grid_games::paperio::bots::{
    GuardBot, PlannerBot, PlannerConfig, RaiderBot, RandomBot, SafeBot,
};
use grid_games::paperio::course::Frame;
use grid_games::paperio::{Config, Position, Turn};

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
        [Box::new(RandomBot::new(s)), Box::new(RandomBot::new(s + 1))]
    };
    let safe = |s: u64| -> [Box<dyn Bot<Position>>; 2] {
        [Box::new(SafeBot::new(s)), Box::new(SafeBot::new(s + 1))]
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

/// A game between the planner and the raider, every position kept, with the turns played.
fn recorded_game(seed: u64, plies: usize) -> (Vec<Position>, Vec<Turn>) {
    let mut g = Position::random(Config::default(), &mut Rng::seed_from(seed)).expect("default");
    let mut bots: [Box<dyn Bot<Position>>; 2] =
        [Box::new(PlannerBot::new(0)), Box::new(RaiderBot::new(seed))];
    let (mut positions, mut turns) = (vec![g.clone()], Vec::new());
    while let Some(p) = g.to_move() {
        if turns.len() == plies {
            break;
        }
        let t = bots[p.index()]
            .choose(&g, Budget::default())
            .expect("a turn");
        g.play(t).expect("game not over");
        positions.push(g.clone());
        turns.push(t);
    }
    (positions, turns)
}

fn decisions(c: &mut Criterion) {
    // Positions a third, half and two thirds into a game, each bot deciding for the player
    // to move.
    let (positions, _) = recorded_game(3, 3000);
    let sample: Vec<&Position> = [1000, 1500, 2000, 2500]
        .iter()
        .filter_map(|&k| positions.get(k))
        .collect();
    let mut g = c.benchmark_group("paperio_decision");
    g.throughput(Throughput::Elements(sample.len() as u64));
    g.bench_function("raider", |b| {
        let mut bot = RaiderBot::new(1);
        b.iter(|| {
            for p in &sample {
                black_box(bot.choose(p, Budget::default()));
            }
        })
    });
    g.bench_function("planner", |b| {
        let mut bot = PlannerBot::new(0);
        b.iter(|| {
            for p in &sample {
                black_box(bot.choose(p, Budget::default()));
            }
        })
    });
    g.bench_function("guard", |b| {
        let mut bot = GuardBot::new(0);
        b.iter(|| {
            for p in &sample {
                black_box(bot.choose(p, Budget::default()));
            }
        })
    });
    // The planner as it was before launch points (loops may cross its land, none from
    // elsewhere), to show what the launch search costs.
    g.bench_function("planner_without_launch_points", |b| {
        let mut config = PlannerConfig::default();
        config.leave_land = false;
        config.launch_travel = 0;
        let mut bot = PlannerBot::with_config(0, config);
        b.iter(|| {
            for p in &sample {
                black_box(bot.choose(p, Budget::default()));
            }
        })
    });
    // The race weight adds a distance field and a prefix-sum table.
    g.bench_function("guard_race_weight_100", |b| {
        let mut config = PlannerConfig::guard();
        config.race_weight = 100;
        let mut bot = PlannerBot::with_config(0, config);
        b.iter(|| {
            for p in &sample {
                black_box(bot.choose(p, Budget::default()));
            }
        })
    });
    g.finish();
    // Positions where the player to move is out with a trail. A fresh bot has no plan there,
    // so it gives the loop up: the way home by the shortest way (the guard) against the
    // closing search of `bend` 30, which scores up to 93 closings by a flood fill each.
    let out: Vec<Position> = positions
        .iter()
        .filter(|p| p.to_move().is_some_and(|me| p.trail_cells(me).len() >= 6))
        .step_by(25)
        .take(8)
        .cloned()
        .collect();
    let mut g = c.benchmark_group("paperio_give_up");
    g.throughput(Throughput::Elements(out.len() as u64));
    for (name, bend) in [("guard_way_home", 0), ("guard_bend_30", 30)] {
        g.bench_function(name, |b| {
            let mut config = PlannerConfig::guard();
            config.bend = bend;
            b.iter(|| {
                for p in &out {
                    let mut bot = PlannerBot::with_config(0, config);
                    black_box(bot.choose(p, Budget::default()));
                }
            })
        });
    }
    g.finish();
    // Positions where the guard looks for an ambush (the player to move at home, the enemy
    // out with a trail): the planner and the guard side by side.
    let home_enemy_out: Vec<&Position> = positions
        .iter()
        .skip(1000)
        .filter(|p| {
            p.to_move().is_some_and(|me| {
                p.trail_cells(me).len() == 0 && p.trail_cells(me.other()).len() > 0
            })
        })
        .step_by(50)
        .take(4)
        .collect();
    let mut g = c.benchmark_group("paperio_decision_enemy_out");
    g.throughput(Throughput::Elements(home_enemy_out.len() as u64));
    g.bench_function("planner", |b| {
        let mut bot = PlannerBot::new(0);
        b.iter(|| {
            for p in &home_enemy_out {
                black_box(bot.choose(p, Budget::default()));
            }
        })
    });
    g.bench_function("guard", |b| {
        let mut bot = GuardBot::new(0);
        b.iter(|| {
            for p in &home_enemy_out {
                black_box(bot.choose(p, Budget::default()));
            }
        })
    });
    g.finish();
}

fn interop(c: &mut Criterion) {
    let (positions, turns) = recorded_game(5, 1500);
    let pos = positions.last().expect("a position");
    let frame = Frame::from_position(pos, [30.0, 30.0]);
    let mut board_only = frame.clone();
    board_only.band_route = None;
    let mut g = c.benchmark_group("paperio_interop_ply_1500");
    g.bench_function("snapshot", |b| b.iter(|| black_box(pos.snapshot())));
    g.bench_function("frame_from_position", |b| {
        b.iter(|| black_box(Frame::from_position(pos, [30.0, 30.0])))
    });
    g.bench_function("position_from_public_frame", |b| {
        b.iter(|| black_box(Position::from_frame(&frame, 2000).expect("a position")))
    });
    g.bench_function("position_from_player_frame_trail_searched", |b| {
        b.iter(|| black_box(Position::from_frame(&board_only, 2000).expect("a position")))
    });
    // The detour: rebuild the game from its first position and replay every ply.
    g.bench_function("reference_replay_from_the_first_frame", |b| {
        b.iter(|| {
            let mut g = positions[0].clone();
            for &t in &turns {
                g.play(t).expect("recorded");
            }
            black_box(g)
        })
    });
    g.finish();
}

criterion_group!(benches, games, decisions, interop);
criterion_main!(benches);
