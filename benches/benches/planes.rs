//! Plane bombing: one hunter-vs-hunter game on subtask 1 (942 032 initial layouts) in the same
//! run for the default hunter (informed hits), the same hunter hitting the likeliest head
//! (`greedy`), and the seed's sorted-list hunter (`planes::reference`, `old`). Bots are reused
//! across iterations, as in a test point (the layout universe is built once).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use grid_games::game::Side;
use grid_games::planes::bots::{HitRule, HunterBot, HunterConfig};
use grid_games::planes::reference::ListHunterBot;
use grid_games::planes::{GameSettings, Geometry, PlanesBot, SUBTASKS, play_game};

fn game(c: &mut Criterion) {
    let geometry = Geometry::standard();
    let task = SUBTASKS[0];
    let mut group = c.benchmark_group("planes_hunter_vs_hunter_subtask1");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let mut run = |name: &str, a: &mut dyn PlanesBot, b: &mut dyn PlanesBot| {
        // Warm the priors outside the measurement.
        play_game(&geometry, &GameSettings::new(task), [&mut *a, &mut *b]);
        let mut first = Side::First;
        group.bench_function(name, |bench| {
            bench.iter(|| {
                first = first.other();
                let settings = GameSettings::new(task).with_first(first);
                black_box(play_game(&geometry, &settings, [&mut *a, &mut *b]))
            })
        });
    };
    run("new", &mut HunterBot::new(1), &mut HunterBot::new(2));
    let greedy = HunterConfig::default().with_rule(HitRule::LikeliestHead);
    run(
        "greedy",
        &mut HunterBot::with_config(1, greedy),
        &mut HunterBot::with_config(2, greedy),
    );
    run(
        "old",
        &mut ListHunterBot::new(1),
        &mut ListHunterBot::new(2),
    );
    group.finish();
}

criterion_group!(benches, game);
criterion_main!(benches);
