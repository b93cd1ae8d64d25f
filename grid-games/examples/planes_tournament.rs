//! Runs the rating tournament (the crate's `game::Tournament`: Elo with a decaying K, A–E
//! tiers) over the shipped plane-bombing bots (with parameter variants, so the field is not
//! trivial) on all five subtasks, and prints a table per subtask (bot, rating, tier, score) and
//! the total score. A progress line goes to standard error.
//!
//! ```text
//! cargo run --release -p grid-games --example planes_tournament -- --rounds 30
//! cargo run --release -p grid-games --example planes_tournament -- --rounds 3 --games 4 --threads 1 --quiet
//! cargo run --release -p grid-games --example planes_tournament -- --help
//! ```
//!
//! A pairing plays one test point (20 games, each bot first in half of them) with fresh bots
//! seeded from the tournament's stream; the result is the same for any thread count.

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::Parser;
use family_support::cli;
use grid_games::game::{Standings, Tournament};
use grid_games::planes::{League, LeagueError, LeagueTable, SUBTASKS, Subtask};

/// The rating tournament over the shipped plane-bombing bots, on all five subtasks.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "The rating tournament (Elo with a decaying K, A-E tiers) over the shipped plane-bombing bots, on all five subtasks: a table per subtask (bot, rating, tier, score), then the totals. Results do not depend on the thread count."
)]
struct Args {
    /// Rounds per subtask (a course tournament plays about 30).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    rounds: u32,
    /// Tournament seed (each subtask derives its own stream from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games per pairing (a test point; each bot moves first in half of them).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Worker threads (default: the available cores); the five subtasks' tournaments run side by
    /// side on them. Results do not depend on it.
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
    /// Nothing on standard error: no progress line (as `--progress never`) and no timing line.
    #[arg(long)]
    quiet: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads = cli::threads("planes_tournament", args.threads).get();
    let tournament = Tournament::default().with_rounds(args.rounds as usize);
    let league = League::shipped(tournament, args.games as usize, args.seed);
    let start = Instant::now();
    // The five subtasks are independent tournaments (each with its own seed stream), so they
    // run side by side, the costliest first (longest-first keeps two cores busy to the end).
    // Each plays its rounds in order. Results do not depend on the thread count.
    let order = League::costliest_first();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let total_pairings = SUBTASKS.len() * league.tournament.rounds * (league.field.len() / 2);
    let results: Mutex<Vec<(Subtask, Result<Standings, LeagueError>)>> = Mutex::new(Vec::new());
    let workers = threads.min(SUBTASKS.len());
    let mode = if args.quiet {
        cli::ProgressMode::Never
    } else {
        args.progress
    };
    let progress = cli::Progress::start("planes_tournament", mode, "starting");
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(&task) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let standings = league.run_subtask(task, || {
                        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                        progress.set(format!("{n} of at most {total_pairings} pairings played"));
                    });
                    results.lock().unwrap().push((task, standings));
                }
            });
        }
    });
    drop(progress);
    let mut tables = Vec::new();
    for (task, result) in results.into_inner().unwrap() {
        match result {
            Ok(standings) => tables.push((task, standings)),
            Err(e) => {
                eprintln!("planes_tournament: {e}");
                return ExitCode::from(2);
            }
        }
    }
    print!("{}", LeagueTable::new(&league, tables));
    if !args.quiet {
        eprintln!(
            "planes_tournament: {} rounds on {} threads in {:.1} s",
            league.tournament.rounds,
            threads,
            start.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
