//! Plays a series of Blokus games between two bots, seats alternated, and prints the table.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_match -- --games 20 mcts heuristic
//! cargo run --release -p grid-games --example blokus_match -- --help
//! ```

use family_support::cli;

#[path = "support/gtp_client.rs"]
mod gtp_client;
use gtp_client::GtpBot;

#[path = "support/search_settings.rs"]
mod search_settings;

#[path = "support/grown_iterations.rs"]
mod grown_iterations;
use grown_iterations::grown_iterations;

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
  --engine-b CMD replaces BOT_B with an outside GTP engine started by CMD (a program and its
  arguments, split at white space), one process per game: Pentobi's
  `pentobi-gtp --level 5 --nobook --noresign --threads 1 --quiet`, or `blokus_gtp` itself.
  It thinks with its own settings; its CPU time per move comes from its `cputime` answers.
  Pin both sides to one core (`taskset -c 1 blokus_match ... --threads 1`) to compare CPU.

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
  --game-seconds (or --game-seconds-a / --game-seconds-b for one side) gives each player a
  thinking budget for the whole game, which the bot spreads over its moves (a per-move
  limit still caps each move); a bot that spends it all keeps getting a last share of
  nothing, one simulation, rather than forfeiting.
  --set-a KEY=VALUE and --set-b KEY=VALUE change one `SearchConfig` setting of bot A's or
  bot B's `search` bot (the keys of `blokus_gtp --set`), so that two tunings can be played
  against each other or against an outside engine.
  --grow-iterations makes the iteration budget of this program's bots grow over the game as
  Pentobi's levels grow theirs: a colour that has placed k pieces gets
  ceil(N * 0.7 * e^(0.1 k)) simulations for its move (0.6 times that for its first piece),
  N being the side's --iterations. Pentobi's levels 4 to 9 count their simulations so, N
  being 213, 861, 7280, ... for Duo, so `--iterations-a 861 --grow-iterations` against
  `pentobi-gtp --level 5` gives both sides the same simulations a move (Pentobi's count
  includes the visits it reuses from its last search, ours does not). An outside engine
  keeps its own settings.

  Every bot is seeded from --seed and the game number, so a series is replayable: with the
  default budgets or --iterations the results do not depend on --threads or the machine.
  With --ms they do (a time budget buys more search on a faster or less loaded machine, and
  parallel games compete for the cores). Games are handed to --threads workers as they
  finish; results are tallied as they come in (memory does not grow with --games).

OUTPUT:
  Standard output, at the end:
    A vs B on VARIANT: N games, W wins, D draws, L losses for A: score S % (95 % interval
      LO-HI %), mean score difference +M.MM
    A as the first mover: its score in the games it opened, and as the second mover
      (two-player variants and four-player Classic)
    one line per bot: moves played, mean and largest thinking time per move in ms (for an
      outside engine, its CPU time per move from `cputime`)
  and, if any game ended by a forfeit, a line saying how many and by whom. The score is
  (wins + draws / 2) / games; the interval is the normal approximation over the per-game
  results (shown from two games on). The mean score difference is A's score minus B's.
  Standard error: a progress line (games done / total, A's running score) after half a
  second.

EXIT STATUS:
  0 after the series, 1 when the outside engine cannot be started, 2 for bad arguments (an
  unknown bot or variant, --games outside 1..=1000000, --ms outside 1..=3600000,
  --iterations outside 1..=1000000000, --game-seconds outside 0.001..=10000000, --threads
  outside 1..=1024).";

/// Plays a series of Blokus games between two bots, seats alternated, and prints the score
/// with a 95 % interval.
#[derive(Parser)]
#[command(name = "blokus_match", after_help = AFTER_HELP)]
struct Args {
    /// Bot A (the one the results are reported for).
    #[arg(value_name = "BOT_A", value_parser = PossibleValuesParser::new(BOT_NAMES))]
    bot_a: String,
    /// Bot B (not with --engine-b).
    #[arg(value_name = "BOT_B", value_parser = PossibleValuesParser::new(BOT_NAMES),
          required_unless_present = "engine_b", conflicts_with = "engine_b")]
    bot_b: Option<String>,
    /// An outside GTP engine as bot B: the command that starts it.
    #[arg(long, value_name = "CMD")]
    engine_b: Option<String>,
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
    /// Thinking time per player per game, in seconds, for both bots (spread over the moves
    /// by the bot).
    #[arg(long, value_name = "S", value_parser = cli::parse_game_seconds)]
    game_seconds: Option<f64>,
    /// Bot A's own thinking time per game, in seconds.
    #[arg(long, value_name = "S", value_parser = cli::parse_game_seconds)]
    game_seconds_a: Option<f64>,
    /// Bot B's own thinking time per game, in seconds.
    #[arg(long, value_name = "S", value_parser = cli::parse_game_seconds)]
    game_seconds_b: Option<f64>,
    /// A setting of bot A when it is `search`, KEY=VALUE (repeatable): exploration,
    /// prior_visits, rave, margin_weight, front_load (numbers), early_stop, reuse_tree,
    /// local_replies (0 or 1), as `blokus_gtp --set`.
    #[arg(long = "set-a", value_name = "KEY=VALUE", value_parser = search_settings::parse)]
    set_a: Vec<(String, f64)>,
    /// A setting of bot B when it is `search` (as --set-a).
    #[arg(long = "set-b", value_name = "KEY=VALUE", value_parser = search_settings::parse)]
    set_b: Vec<(String, f64)>,
    /// Let the iteration budget of this program's bots grow over the game as Pentobi's
    /// levels do (see below).
    #[arg(long)]
    grow_iterations: bool,
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
    /// A's results in the games it opened (0) and in the others (1).
    seat: [Tally; 2],
    moves: [u64; 2],
    time: [Duration; 2],
    max: [Duration; 2],
    /// The first failure of an outside engine.
    engine_error: Option<String>,
}

/// A bot that thinks with its own budget whatever the match gives it, and keeps its own
/// game clock when the budget has one; with `grow`, its iteration budget grows over the game
/// ([`grown_iterations`]).
struct OwnBudget {
    bot: Box<dyn Bot<Position> + Send>,
    budget: Budget,
    grow: bool,
}

impl Bot<Position> for OwnBudget {
    fn name(&self) -> String {
        self.bot.name()
    }
    fn choose(&mut self, game: &Position, _: Budget) -> Option<grid_games::blokus::Move> {
        let started = std::time::Instant::now();
        let mut budget = self.budget;
        if let (true, Some(n), Some(c)) = (self.grow, budget.iterations, game.colour_to_move()) {
            budget.iterations = Some(grown_iterations(n, game.pieces_placed(c)));
        }
        let choice = self.bot.choose(game, budget);
        if let Some(left) = self.budget.game_time_left.as_mut() {
            *left = left.saturating_sub(started.elapsed());
        }
        choice
    }
}

/// The budget of each side: the shared one, with a side's own --ms-X / --iterations-X in
/// place of the shared limit they name.
fn budgets(args: &Args) -> [Budget; 2] {
    let side = |ms: Option<u64>, iterations: Option<u64>, game: Option<f64>| {
        let mut b = Budget::default();
        if let Some(seconds) = game.or(args.game_seconds) {
            b = b.with_game_time_left(Duration::from_secs_f64(seconds));
        }
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
        side(args.ms_a, args.iterations_a, args.game_seconds_a),
        side(args.ms_b, args.iterations_b, args.game_seconds_b),
    ]
}

/// The name of bot B: its own, or the outside engine's.
fn name_b(args: &Args) -> &str {
    args.bot_b.as_deref().unwrap_or("engine")
}

/// Plays game `g`; an outside engine that cannot be started is an error.
fn play_one(
    args: &Args,
    budget: [Budget; 2],
    table: &Arc<MoveTable>,
    g: u64,
) -> Result<Summary, String> {
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
    let names = [args.bot_a.as_str(), name_b(args)];
    let engine_seat = |p: Player| side(p) == 1 && args.engine_b.is_some();
    let mut engines = Vec::new();
    for p in Player::all(players).filter(|&p| engine_seat(p)) {
        let command = args.engine_b.as_deref().unwrap_or_default();
        engines.push(GtpBot::start(command).map_err(|e| format!("player {p}: {e}"))?);
    }
    let mut bots: Vec<Box<dyn Bot<Position> + Send>> = Player::all(players)
        .filter(|&p| !engine_seat(p))
        .map(|p| {
            let seed = args
                .seed
                .wrapping_mul(1_000_003)
                .wrapping_add(g.wrapping_mul(players as u64))
                .wrapping_add(p.index() as u64);
            let bot: Box<dyn Bot<Position> + Send> = if names[side(p)] == "search" {
                let mut config = SearchConfig::default();
                config.threads = args.search_threads as usize;
                let settings = if side(p) == 0 {
                    &args.set_a
                } else {
                    &args.set_b
                };
                search_settings::apply(&mut config, settings);
                Box::new(SearchBot::with_config(seed, config))
            } else {
                named_bot(names[side(p)], seed).expect("bot names are checked by the parser")
            };
            Box::new(OwnBudget {
                bot,
                budget: budget[side(p)],
                grow: args.grow_iterations,
            }) as Box<dyn Bot<Position> + Send>
        })
        .collect();
    let (mut own, mut outside) = (bots.iter_mut(), engines.iter_mut());
    let mut seats: Vec<&mut dyn Bot<Position>> = Player::all(players)
        .filter_map(|p| {
            if engine_seat(p) {
                outside.next().map(|b| b as &mut dyn Bot<Position>)
            } else {
                own.next().map(|b| &mut **b as &mut dyn Bot<Position>)
            }
        })
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
        if !three {
            summary.seat[seat_of_a].add(&team, Player::FIRST);
        }
    }
    for (p, t) in record.think_time.iter() {
        if !engine_seat(p) {
            summary.time[side(p)] += *t;
        }
    }
    for (&(p, _), &t) in record.actions.iter().zip(&record.action_times) {
        summary.moves[side(p)] += 1;
        if !engine_seat(p) {
            summary.max[side(p)] = summary.max[side(p)].max(t);
        }
    }
    // An outside engine's time is its CPU time per genmove, its largest move unknown.
    for engine in &engines {
        summary.time[1] += engine.cpu;
        if let Some(e) = &engine.error {
            summary.engine_error.get_or_insert_with(|| e.clone());
        }
    }
    Ok(summary)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads = cli::threads(PROG, args.threads);
    let budget = budgets(&args);
    let table = Arc::new(MoveTable::new(args.variant));
    // An outside engine is started once first, for its name and so that a bad command fails
    // before the series.
    let name_b = match &args.engine_b {
        Some(command) => match GtpBot::start(command) {
            Ok(engine) => format!("engine `{}`", engine.name()),
            Err(e) => {
                eprintln!("{PROG}: error: --engine-b: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => name_b(&args).to_string(),
    };
    let total = Mutex::new(Summary::default());
    // The first error that stopped the series (an engine that could not be started).
    let stopped: Mutex<Option<String>> = Mutex::new(None);
    let next = AtomicU64::new(0);
    let progress = cli::Progress::start(PROG, args.progress, format!("0/{} games", args.games));
    let workers = u64::try_from(threads.get()).unwrap_or(1).min(args.games);
    std::thread::scope(|s| {
        for _ in 0..workers {
            let (args, table, total, next, progress) = (&args, &table, &total, &next, &progress);
            let stopped = &stopped;
            s.spawn(move || {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= args.games {
                        break;
                    }
                    let one = match play_one(args, budget, table, g) {
                        Ok(one) => one,
                        Err(e) => {
                            if let Ok(mut stop) = stopped.lock() {
                                stop.get_or_insert(e);
                            }
                            next.store(args.games, Ordering::Relaxed);
                            break;
                        }
                    };
                    let Ok(mut t) = total.lock() else { break };
                    t.tally.merge(&one.tally);
                    if t.engine_error.is_none() {
                        t.engine_error = one.engine_error;
                    }
                    for side in 0..2 {
                        t.seat[side].merge(&one.seat[side]);
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
        name_b,
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
            tally.forfeits_lost, args.bot_a, tally.forfeits_won, name_b
        );
    }
    if args.variant.players() != 3 && tally.games() > 0 {
        let seat = |t: &Tally| {
            if t.games() == 0 {
                "no games".to_string()
            } else {
                format!(
                    "{:.1} % of {} games ({} wins, {} draws, {} losses)",
                    100.0 * t.score(),
                    t.games(),
                    t.wins,
                    t.draws,
                    t.losses
                )
            }
        };
        println!(
            "{} as the first mover: {}; as the second mover: {}",
            args.bot_a,
            seat(&t.seat[0]),
            seat(&t.seat[1])
        );
    }
    for (side, name) in [args.bot_a.as_str(), name_b.as_str()]
        .into_iter()
        .enumerate()
    {
        let label = if args.bot_a == name_b {
            format!("{name} ({})", ["A", "B"][side])
        } else {
            name.to_string()
        };
        let mean = 1e3 * t.time[side].as_secs_f64() / t.moves[side].max(1) as f64;
        if side == 1 && args.engine_b.is_some() {
            println!(
                "{label}: {} moves, {mean:.1} ms of CPU per move on average (its cputime)",
                t.moves[side]
            );
        } else {
            println!(
                "{label}: {} moves, {mean:.1} ms per move on average, {:.1} ms at most",
                t.moves[side],
                1e3 * t.max[side].as_secs_f64()
            );
        }
    }
    if let Some(e) = &t.engine_error {
        println!("the outside engine failed (its games were forfeited): {e}");
    }
    if let Some(e) = stopped.into_inner().unwrap_or_else(|e| e.into_inner()) {
        eprintln!("{PROG}: error: the series stopped: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
