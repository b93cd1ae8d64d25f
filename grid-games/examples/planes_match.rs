//! Plays a plane-bombing test point between two shipped bots and prints the result.
//!
//! ```text
//! cargo run --release -p grid-games --example planes_match -- BOT_A BOT_B [--subtask ID] [--games N] [--seed S]
//! ```
//!
//! Bots: `random`, `hunter`, `hunter-fast`, `hunter-noevade`, `hunter-plain`. Defaults: subtask
//! 1, 20 games (A moves first in half of them), seed 1.

use std::process::ExitCode;
use std::time::Instant;

use grid_games::planes::{BOT_NAMES, Geometry, SUBTASKS, named_bot, play_test_point};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut names = Vec::new();
    let (mut subtask, mut games, mut seed) = (1u8, 20usize, 1u64);
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1);
        match args[i].as_str() {
            "--subtask" => subtask = value.and_then(|v| v.parse().ok()).unwrap_or(0),
            "--games" => games = value.and_then(|v| v.parse().ok()).unwrap_or(0),
            "--seed" => seed = value.and_then(|v| v.parse().ok()).unwrap_or(1),
            name => {
                names.push(name.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let Some(task) = SUBTASKS.iter().find(|t| t.id == subtask) else {
        eprintln!("unknown subtask {subtask} (1..=5)");
        return ExitCode::from(2);
    };
    let [a, b] = names.as_slice() else {
        eprintln!(
            "usage: planes_match BOT_A BOT_B [--subtask ID] [--games N] [--seed S]; bots: {BOT_NAMES:?}"
        );
        return ExitCode::from(2);
    };
    let (Some(mut bot_a), Some(mut bot_b)) =
        (named_bot(a, seed), named_bot(b, seed.wrapping_add(1)))
    else {
        eprintln!("unknown bot; known: {BOT_NAMES:?}");
        return ExitCode::from(2);
    };
    let geometry = Geometry::standard();
    let start = Instant::now();
    let point = play_test_point(&geometry, *task, games, bot_a.as_mut(), bot_b.as_mut());
    println!(
        "subtask {}: {} {} - {} {} ({} games, {:.1} s)",
        task.id,
        bot_a.name(),
        point.wins,
        point.losses(),
        bot_b.name(),
        games,
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
