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
use grid_games::game::{Rng, Standings, Tournament, TournamentError, elo};
use grid_games::planes::bots::{PriorCache, named_bot_with};
use grid_games::planes::{Geometry, SUBTASKS, TestPointOptions, play_test_point};

/// The field: every shipped bot, the random one twice, as `(entrant, bot)`. The two random
/// entrants are the same program (each pairing seeds its bots afresh from the tournament's
/// stream, so no seed tells them apart) and are numbered `random#1`, `random#2`: they keep
/// the field even, so nobody sits a round out, and how far their ratings drift apart shows the
/// noise of the table between bots of equal strength.
const FIELD: [(&str, &str); 6] = [
    ("random#1", "random"),
    ("random#2", "random"),
    ("hunter", "hunter"),
    ("hunter-fast", "hunter-fast"),
    ("hunter-noevade", "hunter-noevade"),
    ("hunter-plain", "hunter-plain"),
];

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
    let games = args.games as usize;
    let entrant = |i: usize| FIELD[i].0;
    let bot = |i: usize| FIELD[i].1;
    let geometry = Geometry::standard();
    let start = Instant::now();
    // The five subtasks are independent tournaments (each with its own seed stream), so they
    // run side by side, the costliest first (longest-first keeps two cores busy to the end):
    // subtask 1, whose 942 032 layouts are tracked exactly, costs about twice any other. Each
    // plays its rounds in order. Results do not depend on the thread count.
    let order = [1, 2, 4, 3, 5].map(|id| SUBTASKS.iter().position(|t| t.id == id).unwrap());
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let total_pairings = SUBTASKS.len() * tournament.rounds * (FIELD.len() / 2);
    let results: Vec<Mutex<Option<Result<Standings, TournamentError>>>> =
        SUBTASKS.iter().map(|_| Mutex::new(None)).collect();
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
                while let Some(&t) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let task = SUBTASKS[t];
                    // One cache per subtask: the hunters of every pairing share its tables.
                    let cache = PriorCache::new();
                    let options = TestPointOptions::default()
                        .with_subtask(task)
                        .with_games(games);
                    let standings = tournament.run(
                        FIELD.len(),
                        args.seed ^ u64::from(task.id) << 32,
                        |a, b, rng: &mut Rng| {
                            let mut bot_a =
                                named_bot_with(bot(a), rng.next_u64(), &cache).expect("known bot");
                            let mut bot_b =
                                named_bot_with(bot(b), rng.next_u64(), &cache).expect("known bot");
                            let point = play_test_point(
                                &geometry,
                                &options,
                                bot_a.as_mut(),
                                bot_b.as_mut(),
                            );
                            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                            progress
                                .set(format!("{n} of at most {total_pairings} pairings played"));
                            point.score()
                        },
                    );
                    *results[t].lock().unwrap() = Some(standings);
                }
            });
        }
    });
    drop(progress);
    let mut totals = vec![0.0; FIELD.len()];
    for (task, result) in SUBTASKS.iter().zip(results) {
        let standings = match result.into_inner().unwrap().expect("every subtask ran") {
            Ok(s) => s,
            Err(e) => {
                eprintln!("planes_tournament: {e}");
                return ExitCode::from(2);
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
                entrant(i),
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
        println!("  {:<16} {:>7.2}", entrant(i), totals[i]);
    }
    if !args.quiet {
        eprintln!(
            "planes_tournament: {} rounds on {} threads in {:.1} s",
            tournament.rounds,
            threads,
            start.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
