//! Plays a plane-bombing test point between two shipped bots and prints the result (A's wins,
//! losses, score and its 95 % interval, how the games ended) and the wall time per game.
//!
//! ```text
//! cargo run --release -p grid-games --example planes_match -- BOT_A BOT_B [--subtask 1] [--games 20] [--seed 1]
//! ```
//!
//! Bots: `random`, `hunter`, `hunter-fast`, `hunter-noevade`, `hunter-plain`, `hunter-old` (the
//! first hunter, for head-to-head comparisons).

use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use clap::builder::PossibleValuesParser;
use grid_games::planes::bots::{BOT_NAMES, named_bot};
use grid_games::planes::{Geometry, SUBTASKS, TestPointOptions, play_test_point};

/// Plays one plane-bombing test point between two shipped bots.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Plays one plane-bombing test point between two shipped bots and prints the score, the time per game and a 95 % interval for A's win rate."
)]
struct Args {
    /// First bot (moves first in the even-numbered games).
    #[arg(value_parser = PossibleValuesParser::new(BOT_NAMES))]
    bot_a: String,
    /// Second bot.
    #[arg(value_parser = PossibleValuesParser::new(BOT_NAMES))]
    bot_b: String,
    /// Subtask id (1..=5): which plane kinds each plane may use.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=5))]
    subtask: u8,
    /// Number of games (A moves first in half of them).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Seed of bot A (bot B gets seed + 1).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let Some(task) = SUBTASKS.iter().find(|t| t.id == args.subtask) else {
        eprintln!("planes_match: unknown subtask {}", args.subtask);
        return ExitCode::from(2);
    };
    let (Some(mut bot_a), Some(mut bot_b)) = (
        named_bot(&args.bot_a, args.seed),
        named_bot(&args.bot_b, args.seed.wrapping_add(1)),
    ) else {
        eprintln!("planes_match: unknown bot; known: {BOT_NAMES:?}");
        return ExitCode::from(2);
    };
    let games = args.games as usize;
    let geometry = Geometry::standard();
    let start = Instant::now();
    let options = TestPointOptions::default()
        .with_subtask(*task)
        .with_games(games);
    let point = play_test_point(&geometry, &options, bot_a.as_mut(), bot_b.as_mut());
    let secs = start.elapsed().as_secs_f64();
    println!(
        "subtask {}: {} against {}: {point} ({:.1} s, {:.1} ms per game)",
        task.id,
        bot_a.name(),
        bot_b.name(),
        secs,
        1000.0 * secs / games as f64,
    );
    ExitCode::SUCCESS
}
