//! Plays a series of paper.io games between two bots, first move alternated, and prints the
//! table.
//!
//! ```text
//! cargo run --release -p grid-games --example paperio_match -- raider safe --games 200
//! cargo run --release -p grid-games --example paperio_match -- --help
//! ```

use family_support::cli;

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use clap::builder::PossibleValuesParser;
use grid_games::game::{Bot, Forfeit, MatchRules, Player, Rng, Side, Tally, play_match};
use grid_games::paperio::bots::{BOT_NAMES, named_bot};
use grid_games::paperio::{Config, End, ForfeitKind, Position};

/// The longest series accepted (results are tallied as games finish, nothing is kept per game).
const MAX_GAMES: u64 = 1_000_000;
/// The largest `--max-turn` accepted (the course plays 2000).
const MAX_TURN: u32 = 1_000_000;

const AFTER_HELP: &str = "\
BOTS:
  random  straight on with probability 1/2, each turn 1/4
  safe    a walker that avoids the border, its own trail and hopeless cells, and goes home by
          a shortest path once its trail is 6 to 16 cells long
  raider  simulates its three moves, cuts enemy trails when sure, goes home when threatened,
          otherwise draws rectangles sized by the distance to the enemy
  planner exact distance fields; the loop with the most land per ply that the enemy cannot
          reach in time, from its head or a launch point on its land's border
  guard   the planner that also ambushes enemy trails from its land (the strongest)
  lookahead  chooses among guard tunings by rollouts against a model of the enemy, within
          the 30 s of the game
  BOT_A and BOT_B may be the same bot (each seat gets its own seed).

THE SERIES:
  Game g (0-based) starts from the engine's random placement drawn from (--seed, g): heads
  near the centres of the two halves, random directions, a 3 x 3 square of land each. Bot A
  moves first when g is even. Each player has the course's 30 s of thinking time per game
  (a call that takes at least what is left forfeits). A game ends by the rules (border,
  trail hit, head collision) or after --max-turn moves per player, when the larger
  territory wins; a draw is possible.

  Board: --width must be even and in 14..=4096, --height in 7..=4096 (the smallest board on
  which the course's random placement keeps both heads on the board), --max-turn in
  1..=1000000 (default: the course's 102 x 101 board and 2000 moves each).

  Every game is seeded from --seed and the game number, so a series is replayable: the
  results do not depend on --threads (unless a bot runs out of its 30 s, which depends on the
  machine). Games are handed to --threads workers as they finish; results are tallied as they
  come in (memory does not grow with --games).

OUTPUT:
  Standard output: with --draw, every final board as its game finishes, in game order:
    game G: ENDING (code C), winner player 0 | player 1 | none (draw)
    then the board, one line per row (row 0 north): `1`/`2` land, `a`/`b` trails, `A`/`B`
    heads of player 0 / player 1, `.` empty; a blank line after each board
  then the summary:
    A vs B on WxH: N games, W wins, D draws, L losses for A: score S % (95 % interval
      LO-HI %), mean territory difference +M.M
    endings: NAME COUNT, ... (most frequent first)
    mean territory of A and of B, plies per game, plies per second (wall clock)
  and, if any game ended by a forfeit, how many and by whom. The score is
  (wins + draws / 2) / games; the interval is the normal approximation over the per-game
  results (shown from two games on).
  Standard error: a progress line (games done / total, A's running score) after half a
  second.

EXIT STATUS:
  0 after the series, 2 for bad arguments (an unknown bot, --games outside 1..=1000000, a
  board size or --max-turn out of range, --threads outside 1..=1024).";

/// Plays a series of paper.io games between two bots, first move alternated, and prints the
/// score with a 95 % interval.
#[derive(Parser)]
#[command(name = "paperio_match", after_help = AFTER_HELP)]
struct Args {
    /// Bot A (the one the results are reported for).
    #[arg(value_name = "BOT_A", value_parser = PossibleValuesParser::new(BOT_NAMES))]
    bot_a: String,
    /// Bot B.
    #[arg(value_name = "BOT_B", value_parser = PossibleValuesParser::new(BOT_NAMES))]
    bot_b: String,
    /// Number of games, 1..=1000000.
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// Board width: even, 14..=4096.
    #[arg(long, value_name = "W", default_value_t = Config::default().width)]
    width: u32,
    /// Board height: 7..=4096.
    #[arg(long, value_name = "H", default_value_t = Config::default().height)]
    height: u32,
    /// Moves per player, 1..=1000000.
    #[arg(long, value_name = "T", default_value_t = Config::default().max_turn,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TURN)))]
    max_turn: u32,
    /// Seed of the series (every game's placement and bots are drawn from it and the game
    /// number).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: every available core; the results do not depend on
    /// it). At most 1024; requests above the available cores are clamped to them.
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
    /// Also print every final board (see OUTPUT).
    #[arg(long)]
    draw: bool,
}

const PROG: &str = "paperio_match";

/// One finished game, seen from bot A.
struct GameResult {
    tally: Tally,
    end: End,
    /// Territory of bot A and bot B.
    land: [u32; 2],
    plies: u32,
    /// The final board, with `--draw`.
    board: Option<String>,
}

fn play_one(args: &Args, config: Config, g: u64) -> GameResult {
    let mut rng = Rng::seed_from(args.seed).fork(g);
    let game = Position::random(config, &mut rng).expect("the size fits the random placement");
    let seat_a = if g.is_multiple_of(2) {
        Side::First
    } else {
        Side::Second
    };
    let mut bots: Vec<Box<dyn Bot<Position> + Send>> = Side::ALL
        .into_iter()
        .map(|side| {
            let name = if side == seat_a {
                &args.bot_a
            } else {
                &args.bot_b
            };
            named_bot(name, rng.next_u64()).expect("bot names are checked by the parser")
        })
        .collect();
    let mut seats: Vec<&mut dyn Bot<Position>> = bots
        .iter_mut()
        .map(|b| &mut **b as &mut dyn Bot<Position>)
        .collect();
    let rules = MatchRules::default().with_game_time(Duration::from_secs(30));
    let record = play_match(game, &mut seats, rules).expect("two bots");
    let last = record.last;
    let end = match (&record.forfeit, last.end()) {
        (Some((p, why)), _) => End::Forfeit {
            player: Side::try_from(*p).expect("a two-player game"),
            kind: match why {
                Forfeit::Timeout(_) => ForfeitKind::Timeout,
                other => ForfeitKind::Error(format!("{other:?}")),
            },
        },
        (None, Some(e)) => e.clone(),
        (None, None) => unreachable!("play_match plays to the end"),
    };
    let mut tally = Tally::default();
    tally.add(&record.outcome, Player::from(seat_a));
    let land = last.territory_counts();
    GameResult {
        tally,
        end,
        land: [land[seat_a.index()], land[seat_a.other().index()]],
        plies: last.plies(),
        board: args.draw.then(|| last.render()),
    }
}

/// The series so far.
#[derive(Default)]
struct Summary {
    tally: Tally,
    endings: HashMap<&'static str, u64>,
    land: [u64; 2],
    plies: u64,
    /// With `--draw`: boards finished out of order, waiting for their turn to be printed.
    waiting: BTreeMap<u64, String>,
    next_to_print: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let config = match Config::new(args.width, args.height, args.max_turn) {
        Ok(config) if config.fits_random_starts() => config,
        Ok(_) => {
            return cli::fail(
                PROG,
                "--width/--height: the random placement needs width >= 14 and height >= 7",
            );
        }
        Err(e) => return cli::fail(PROG, format_args!("--width/--height/--max-turn: {e}")),
    };
    let threads = cli::threads(PROG, args.threads);
    let start = Instant::now();
    let total = Mutex::new(Summary::default());
    let next = AtomicU64::new(0);
    let progress = cli::Progress::start(PROG, args.progress, format!("0/{} games", args.games));
    let workers = u64::try_from(threads.get()).unwrap_or(1).min(args.games);
    std::thread::scope(|s| {
        for _ in 0..workers {
            let (args, total, next, progress) = (&args, &total, &next, &progress);
            s.spawn(move || {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= args.games {
                        break;
                    }
                    let r = play_one(args, config, g);
                    let Ok(mut t) = total.lock() else { break };
                    t.tally.merge(&r.tally);
                    *t.endings.entry(r.end.name()).or_default() += 1;
                    t.land[0] += u64::from(r.land[0]);
                    t.land[1] += u64::from(r.land[1]);
                    t.plies += u64::from(r.plies);
                    if let Some(board) = r.board {
                        let text = format!(
                            "game {g}: {} (code {}), winner {}\n{}\n",
                            r.end.name(),
                            r.end.code(),
                            r.end
                                .winner()
                                .map_or("none (draw)".to_string(), |w| format!(
                                    "player {}",
                                    w.index()
                                )),
                            board.trim_end()
                        );
                        t.waiting.insert(g, text);
                        let mut out = std::io::stdout().lock();
                        loop {
                            let n = t.next_to_print;
                            let Some(text) = t.waiting.remove(&n) else {
                                break;
                            };
                            // A closed standard output only loses the boards.
                            let _ = writeln!(out, "{text}");
                            t.next_to_print += 1;
                        }
                        let _ = out.flush();
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
    let seconds = start.elapsed().as_secs_f64();
    let t = total.into_inner().unwrap_or_else(|e| e.into_inner());
    let tally = &t.tally;
    let n = tally.games().max(1) as f64;
    let interval = match tally.interval95() {
        Some((lo, hi)) => format!("95 % interval {:.1}-{:.1} %", 100.0 * lo, 100.0 * hi),
        None => "no interval from one game".to_string(),
    };
    println!(
        "{} vs {} on {}x{}: {} {}, {} wins, {} draws, {} losses for {}: score {:.1} % ({interval}), mean territory difference {:+.1}",
        args.bot_a,
        args.bot_b,
        config.width,
        config.height,
        tally.games(),
        if tally.games() == 1 { "game" } else { "games" },
        tally.wins,
        tally.draws,
        tally.losses,
        args.bot_a,
        100.0 * tally.score(),
        tally.mean_margin().unwrap_or(0.0)
    );
    let mut endings: Vec<(&str, u64)> = t.endings.into_iter().collect();
    endings.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let endings: Vec<String> = endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("endings: {}", endings.join(", "));
    let forfeits = tally.forfeits_lost + tally.forfeits_won;
    if forfeits > 0 {
        println!(
            "{forfeits} games ended by a forfeit (time-out, error or panic), scored as losses: {} by {}, {} by {}",
            tally.forfeits_lost, args.bot_a, tally.forfeits_won, args.bot_b
        );
    }
    println!(
        "mean territory {:.1} ({}) vs {:.1} ({}); {:.1} plies per game; {:.0} plies per second",
        t.land[0] as f64 / n,
        args.bot_a,
        t.land[1] as f64 / n,
        args.bot_b,
        t.plies as f64 / n,
        t.plies as f64 / seconds.max(1e-9)
    );
    ExitCode::SUCCESS
}
