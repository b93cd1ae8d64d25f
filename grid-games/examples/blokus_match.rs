//! Plays a series of Blokus games between two bots, seats alternated, and prints the table.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_match -- --games 20 mcts heuristic
//! cargo run --release -p grid-games --example blokus_match -- --help
//! ```

use family_support::cli;

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Parser;
use clap::builder::PossibleValuesParser;
use grid_games::blokus::bots::{BOT_NAMES, SearchBot, SearchConfig, named_bot};
use grid_games::blokus::{MoveTable, Position, Variant};
use grid_games::game::{
    Bot, Budget, ByPlayer, MatchRules, Outcome, Player, Tally, Verdict, play_match,
};

/// The longest series accepted (results are tallied as games finish, nothing is kept per game).
const MAX_GAMES: u64 = 1_000_000;
/// The largest per-move time budget accepted, in milliseconds (one hour).
const MAX_MS: u64 = 3_600_000;
/// The largest per-move iteration budget accepted.
const MAX_ITERATIONS: u64 = 1_000_000_000;

const AFTER_HELP: &str = "\
BOTS:
  random     uniform over the legal placements
  heuristic  greedy: cells placed, attach points gained and taken away (ties broken by seed)
  mcts       UCT search with playouts; its budget is set by --iterations or --ms
  search     tree search with move priors, RAVE and blocking playouts (the strongest);
             budget as for mcts
  BOT_A and BOT_B may be the same bot (each seat gets its own seed).

THE SERIES:
  In game g (0-based) bot A plays player 0, the first colour, when g is even and player 1
  otherwise. In `classic` (four players) bot A takes players 0 and 2 (or 1 and 3) and its
  score is their sum; in `classic_2` each bot plays two colours anyway. A game is won by the
  larger score (points: squares placed, +15 for placing all pieces, +5 more if the last one
  was the monomino; no bonus in `junior`), equal scores draw. A bot that returns no move, an
  illegal move or panics forfeits that game and loses it.

  In `classic_3` (three players; the fourth colour is played in turn) bot A takes player g mod 3 and
  bot B the two others, and each game counts as two results, A's points against each of B's
  two players (a forfeit by either side loses both): the counts below are of these results,
  twice the games, and equal bots score 50 %.

  Each bot thinks with --ms / --iterations unless its own --ms-a / --iterations-a (bot A)
  or --ms-b / --iterations-b (bot B) is given; a side's own limit replaces the shared ones
  (so `--iterations-b 10000 --ms-a 5` is 5 ms per move against 10 000 simulations).

  Every bot is seeded from --seed and the game number, so a series is replayable: with the
  default budgets or --iterations the results do not depend on --threads or the machine.
  With --ms they do (a time budget buys more search on a faster or less loaded machine, and
  parallel games compete for the cores). Games are handed to --threads workers as they
  finish; results are tallied as they come in (memory does not grow with --games).

OUTPUT:
  Standard output, at the end:
    A vs B on VARIANT: N games, W wins, D draws, L losses for A: score S % (95 % interval
      LO-HI %), mean score difference +M.MM
    one line per bot: moves played, mean and largest thinking time per move in ms
  and, if any game ended by a forfeit, a line saying how many and by whom. The score is
  (wins + draws / 2) / games; the interval is the normal approximation over the per-game
  results (shown from two games on). The mean score difference is A's score minus B's.
  Standard error: a progress line (games done / total, A's running score) after half a
  second.

EXIT STATUS:
  0 after the series, 2 for bad arguments (an unknown bot or variant, --games outside
  1..=1000000, --ms outside 1..=3600000, --iterations outside 1..=1000000000, --threads
  outside 1..=1024).";

/// Plays a series of Blokus games between two bots, seats alternated, and prints the score
/// with a 95 % interval.
#[derive(Parser)]
#[command(name = "blokus_match", after_help = AFTER_HELP)]
struct Args {
    /// Bot A (the one the results are reported for).
    #[arg(value_name = "BOT_A", value_parser = PossibleValuesParser::new(BOT_NAMES))]
    bot_a: String,
    /// Bot B.
    #[arg(value_name = "BOT_B", value_parser = PossibleValuesParser::new(BOT_NAMES))]
    bot_b: String,
    /// The variant: duo, classic (four players), classic_2, junior or classic_3 (three
    /// players), or a GTP game name.
    #[arg(long, value_name = "VARIANT", default_value = "duo", value_parser = parse_variant)]
    variant: Variant,
    /// Number of games, 1..=1000000.
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// Time budget per move in milliseconds, 1..=3600000 (default: each bot's own budget).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
    ms: Option<u64>,
    /// Iteration budget per move (MCTS simulations), 1..=1000000000 (default: each bot's
    /// own). With --ms as well, whichever runs out first ends the search.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_ITERATIONS))]
    iterations: Option<u64>,
    /// Bot A's own time budget per move in milliseconds (replaces --ms for bot A).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
    ms_a: Option<u64>,
    /// Bot A's own iteration budget per move (replaces --iterations for bot A).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_ITERATIONS))]
    iterations_a: Option<u64>,
    /// Bot B's own time budget per move in milliseconds (replaces --ms for bot B).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
    ms_b: Option<u64>,
    /// Bot B's own iteration budget per move (replaces --iterations for bot B).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_ITERATIONS))]
    iterations_b: Option<u64>,
    /// Seed of the series (every bot of every game is seeded from it and the game number).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: every available core; the results do not depend on it
    /// unless --ms is given). At most 1024; requests above the available cores are clamped to
    /// them.
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// Threads sharing the tree of each `search` bot, 1..=64 (give --threads 1 with it, so
    /// that parallel games do not take the cores the searches count on).
    #[arg(long, value_name = "T", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=SearchConfig::MAX_THREADS as u64))]
    search_threads: u64,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "blokus_match";

fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::parse(s).map_err(|_| {
        format!(
            "unknown variant `{s}` (known: duo, classic, classic_2, junior, classic_3, or a GTP game name)"
        )
    })
}

/// The series so far, seen from bot A (side 0); side 1 is bot B.
#[derive(Default)]
struct Summary {
    tally: Tally,
    moves: [u64; 2],
    time: [Duration; 2],
    max: [Duration; 2],
}

/// A bot that thinks with its own budget whatever the match gives it.
struct OwnBudget {
    bot: Box<dyn Bot<Position> + Send>,
    budget: Budget,
}

impl Bot<Position> for OwnBudget {
    fn name(&self) -> String {
        self.bot.name()
    }
    fn choose(&mut self, game: &Position, _: Budget) -> Option<grid_games::blokus::Move> {
        self.bot.choose(game, self.budget)
    }
}

/// The budget of each side: the shared one, with a side's own --ms-X / --iterations-X in
/// place of the shared limit they name.
fn budgets(args: &Args) -> [Budget; 2] {
    let side = |ms: Option<u64>, iterations: Option<u64>| {
        let mut b = Budget::default();
        b.time = ms.or(args.ms).map(Duration::from_millis);
        b.iterations = iterations.or(args.iterations);
        if ms.is_some() && iterations.is_none() {
            b.iterations = None;
        }
        if iterations.is_some() && ms.is_none() {
            b.time = None;
        }
        b
    };
    [
        side(args.ms_a, args.iterations_a),
        side(args.ms_b, args.iterations_b),
    ]
}

/// Plays game `g` and adds it to `summary`.
fn play_one(args: &Args, budget: [Budget; 2], table: &Arc<MoveTable>, g: u64) -> Summary {
    let players = args.variant.players();
    let three = players == 3;
    let seat_of_a = (g % if three { 3 } else { 2 }) as usize;
    // The side (0 = A, 1 = B) of each player.
    let side = |p: Player| {
        if three {
            usize::from(p.index() != seat_of_a)
        } else {
            (p.index() + seat_of_a) % 2
        }
    };
    let names = [&args.bot_a, &args.bot_b];
    let mut bots: Vec<Box<dyn Bot<Position> + Send>> = Player::all(players)
        .map(|p| {
            let seed = args
                .seed
                .wrapping_mul(1_000_003)
                .wrapping_add(g.wrapping_mul(players as u64))
                .wrapping_add(p.index() as u64);
            let bot: Box<dyn Bot<Position> + Send> = if names[side(p)] == "search" {
                let mut config = SearchConfig::default();
                config.threads = args.search_threads as usize;
                Box::new(SearchBot::with_config(seed, config))
            } else {
                named_bot(names[side(p)], seed).expect("bot names are checked by the parser")
            };
            Box::new(OwnBudget {
                bot,
                budget: budget[side(p)],
            }) as Box<dyn Bot<Position> + Send>
        })
        .collect();
    let mut seats: Vec<&mut dyn Bot<Position>> = bots
        .iter_mut()
        .map(|b| &mut **b as &mut dyn Bot<Position>)
        .collect();
    let rules = MatchRules::default();
    let record = play_match(Position::with_table(Arc::clone(table)), &mut seats, rules)
        .expect("one bot per player");
    // The game as two-sided outcomes: A's players against B's (with three players, A's
    // player against each of B's).
    let scores = &record.outcome.scores;
    let pairs: Vec<[i64; 2]> = if three {
        let a = scores[Player::new(seat_of_a).expect("a seat")];
        scores
            .iter()
            .filter(|&(p, _)| side(p) == 1)
            .map(|(_, &b)| [a, b])
            .collect()
    } else {
        let mut points = [0i64; 2];
        for (p, &s) in scores.iter() {
            points[side(p)] += s;
        }
        vec![points]
    };
    let mut summary = Summary::default();
    for points in pairs {
        let mut team = Outcome::from_scores(ByPlayer::from(points));
        if let Some((p, _)) = &record.forfeit {
            team.verdict = Verdict::Forfeit(if side(*p) == 0 {
                Player::FIRST
            } else {
                Player::SECOND
            });
        }
        summary.tally.add(&team, Player::FIRST);
    }
    for (p, t) in record.think_time.iter() {
        summary.time[side(p)] += *t;
    }
    for (&(p, _), &t) in record.actions.iter().zip(&record.action_times) {
        summary.moves[side(p)] += 1;
        summary.max[side(p)] = summary.max[side(p)].max(t);
    }
    summary
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads = cli::threads(PROG, args.threads);
    let budget = budgets(&args);
    let table = Arc::new(MoveTable::new(args.variant));
    let total = Mutex::new(Summary::default());
    let next = AtomicU64::new(0);
    let progress = cli::Progress::start(PROG, args.progress, format!("0/{} games", args.games));
    let workers = u64::try_from(threads.get()).unwrap_or(1).min(args.games);
    std::thread::scope(|s| {
        for _ in 0..workers {
            let (args, table, total, next, progress) = (&args, &table, &total, &next, &progress);
            s.spawn(move || {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= args.games {
                        break;
                    }
                    let one = play_one(args, budget, table, g);
                    let Ok(mut t) = total.lock() else { break };
                    t.tally.merge(&one.tally);
                    for side in 0..2 {
                        t.moves[side] += one.moves[side];
                        t.time[side] += one.time[side];
                        t.max[side] = t.max[side].max(one.max[side]);
                    }
                    progress.set(format!(
                        "{}/{} games, {} {:.1} %",
                        t.tally.games(),
                        args.games,
                        args.bot_a,
                        100.0 * t.tally.score()
                    ));
                }
            });
        }
    });
    drop(progress);
    let t = total.into_inner().unwrap_or_else(|e| e.into_inner());
    let tally = &t.tally;
    let interval = match tally.interval95() {
        Some((lo, hi)) => format!("95 % interval {:.1}-{:.1} %", 100.0 * lo, 100.0 * hi),
        None => "no interval from one game".to_string(),
    };
    let results = if args.variant.players() == 3 {
        format!("{} games, {} results", args.games, tally.games())
    } else if tally.games() == 1 {
        "1 game".to_string()
    } else {
        format!("{} games", tally.games())
    };
    println!(
        "{} vs {} on {}: {results}, {} wins, {} draws, {} losses for {}: score {:.1} % ({interval}), mean score difference {:+.2}",
        args.bot_a,
        args.bot_b,
        args.variant,
        tally.wins,
        tally.draws,
        tally.losses,
        args.bot_a,
        100.0 * tally.score(),
        tally.mean_margin().unwrap_or(0.0)
    );
    let forfeits = tally.forfeits_lost + tally.forfeits_won;
    if forfeits > 0 {
        println!(
            "{forfeits} games ended by a forfeit (no move, an illegal move or a panic), scored as losses: {} by {}, {} by {}",
            tally.forfeits_lost, args.bot_a, tally.forfeits_won, args.bot_b
        );
    }
    for (side, name) in [&args.bot_a, &args.bot_b].into_iter().enumerate() {
        let label = if args.bot_a == args.bot_b {
            format!("{name} ({})", ["A", "B"][side])
        } else {
            name.clone()
        };
        println!(
            "{label}: {} moves, {:.1} ms per move on average, {:.1} ms at most",
            t.moves[side],
            1e3 * t.time[side].as_secs_f64() / t.moves[side].max(1) as f64,
            1e3 * t.max[side].as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
