//! Runs the seed's rating tournament over the shipped plane-bombing bots (with parameter
//! variants, so the field is not trivial) on all five subtasks, and prints a table per subtask
//! (bot, rating, tier, score) and the total score.
//!
//! ```text
//! cargo run --release -p grid-games --example planes_tournament -- [--rounds 30] [--seed S] [--games 20] [--threads N]
//! ```
//!
//! A pairing plays one test point (20 games, each bot first in half of them) with fresh bots
//! seeded from the tournament's stream; the result is the same for any thread count.

use grid_games::game::{Rng, Tournament, elo};
use grid_games::planes::{Geometry, SUBTASKS, named_bot, play_test_point};

/// The field: every shipped bot, the random one twice (two seeds behave alike but are separate
/// entrants).
const FIELD: [&str; 6] = [
    "random",
    "random",
    "hunter",
    "hunter-fast",
    "hunter-noevade",
    "hunter-plain",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let tournament = Tournament {
        rounds: get("--rounds", 30) as usize,
        threads: get("--threads", threads) as usize,
        ..Tournament::default()
    };
    let seed = get("--seed", 1);
    let games = get("--games", 20) as usize;
    let geometry = Geometry::standard();
    let mut totals = vec![0.0; FIELD.len()];
    for task in SUBTASKS {
        let standings = tournament.run(
            FIELD.len(),
            seed ^ u64::from(task.id) << 32,
            |a, b, rng: &mut Rng| {
                let mut bot_a = named_bot(FIELD[a], rng.next_u64()).expect("known bot");
                let mut bot_b = named_bot(FIELD[b], rng.next_u64()).expect("known bot");
                let point = play_test_point(&geometry, task, games, bot_a.as_mut(), bot_b.as_mut());
                point.score()
            },
        );
        let standings = match standings {
            Ok(s) => s,
            Err(e) => {
                eprintln!("planes_tournament: {e}");
                std::process::exit(2);
            }
        };
        let scored = elo::score_field(&standings.ratings, task.weight);
        let mut order: Vec<usize> = (0..FIELD.len()).collect();
        order.sort_by(|&x, &y| standings.ratings[y].total_cmp(&standings.ratings[x]));
        println!(
            "subtask {} (worth {}, {} rounds)",
            task.id, task.weight, tournament.rounds
        );
        println!(
            "  {:<3} {:<16} {:>8} {:>5} {:>7} {:>7}",
            "#", "bot", "rating", "tier", "score", "played"
        );
        for (rank, &i) in order.iter().enumerate() {
            println!(
                "  {:<3} {:<16} {:>8.1} {:>5} {:>7.2} {:>7}",
                rank + 1,
                FIELD[i],
                standings.ratings[i],
                scored[i].0.name,
                scored[i].1,
                standings.played[i]
            );
            totals[i] += scored[i].1;
        }
        println!();
    }
    println!(
        "total (out of {})",
        SUBTASKS.iter().map(|t| t.weight).sum::<f64>()
    );
    let mut order: Vec<usize> = (0..FIELD.len()).collect();
    order.sort_by(|&x, &y| totals[y].total_cmp(&totals[x]));
    for i in order {
        println!("  {:<16} {:>7.2}", FIELD[i], totals[i]);
    }
}
