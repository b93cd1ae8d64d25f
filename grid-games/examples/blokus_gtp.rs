//! A GTP engine for Blokus on stdin/stdout (see `grid_games::blokus::gtp` for the commands), so
//! Pentobi's match runner (`twogtp`) or any GTP tool can play our bots.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_gtp -- --ms 500
//! cargo run --release -p grid-games --example blokus_gtp -- --help
//! ```

use family_support::cli;

#[path = "support/search_settings.rs"]
mod search_settings;

use std::io::{BufRead, Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use clap::builder::PossibleValuesParser;
use grid_games::blokus::bots::{BOT_NAMES, SearchBot, SearchConfig, named_bot};
use grid_games::blokus::gtp::GtpEngine;
use grid_games::blokus::{Position, Variant};
use grid_games::game::Bot;
use grid_games::game::Budget;

/// The largest per-move time budget accepted, in milliseconds (one hour).
const MAX_MS: u64 = 3_600_000;
/// The largest per-move iteration budget accepted.
const MAX_ITERATIONS: u64 = 1_000_000_000;
/// Longer command lines are answered with an error and skipped (a whole Classic game's
/// moves fit in a few kilobytes).
const MAX_LINE: u64 = 1 << 20;

const AFTER_HELP: &str = "\
PROTOCOL (GTP version 2 on standard input and output):
  Each input line is one command, optionally preceded by a numeric id: `[ID] COMMAND ARGS`.
  Text after `#` is a comment, blank lines are ignored. Each answer is `=ID RESULT` or
  `?ID ERROR` followed by a blank line. Standard output carries nothing but answers; notes go
  to standard error.

COMMANDS:
  protocol_version       2
  name, version          `grid-games BOT` and the crate version
  known_command CMD      true or false
  list_commands          the commands below, one per line
  set_game NAME          `Blokus Duo` (14 x 14, the default), `Blokus` (Classic, four
                         colours 1..4), `Blokus Two-Player` (Classic board, two players of
                         two colours), `Blokus Junior` (14 x 14, 12 shapes in two copies
                         each, no bonus) or `Blokus Three-Player` (Classic board, three
                         players, the fourth colour played in turn); also the ids `duo`,
                         `classic`, `classic_2`, `junior`, `classic_3` and the short ids `d`,
                         `c`, `c2`, `j`, `c3`. Clears the board.
  boardsize N            accepted only for the current variant's size (14 or 20)
  clear_board            the empty board of the current variant
  play COLOUR MOVE       plays MOVE for COLOUR. Colours: Duo and Junior `b` (black/blue,
                         starts at e10) and `w` (white/green, starts at j5); the Classic
                         variants `1`..`4` (blue, yellow, red, green). MOVE is a placement, its cells as column letter + row
                         number separated by commas, e.g. `e8,d9,e9,f9,e10` (a1 is the lower
                         left corner). Turn order is not enforced; `pass` is refused.
  genmove COLOUR         the bot's move for COLOUR, played; `pass` when COLOUR has no move
  reg_genmove COLOUR     the same, without playing it
  undo                   takes back the last move
  cputime                CPU seconds of this process (Linux /proc/self/stat; elsewhere the
                         bot's thinking time)
  showboard              the board as text
  time_settings M B S    a clock per player: M seconds of main time, then byo-yomi periods
                         of B seconds for S moves (B > 0 with S = 0: no limit). Each genmove
                         is charged to the mover's clock; in main time the search spends more
                         in the opening and middle game than at the end
  time_left COLOUR T S   the clock of COLOUR's player: T seconds left, for S moves of a
                         byo-yomi period (S = 0: main time)
  final_score            Duo, Junior and Two-Player `B+n`, `W+n` or `0`; Classic and
                         Three-Player the four colours' points, each followed by a space
  quit                   answers, then ends the session

BOTS (--bot):
  random     uniform over the legal placements
  heuristic  greedy: cells placed, attach points gained and taken away
  mcts       UCT search with playouts, its budget set by --iterations / --ms
  search     tree search with move priors, RAVE and blocking playouts (the default and the
             strongest), its budget set by --iterations / --ms

EXIT STATUS:
  0 after `quit` or at the end of standard input, 1 when standard input cannot be read or
  standard output is closed, 2 for bad arguments (an unknown bot or --game, --ms outside 1..=3600000,
  --iterations outside 1..=1000000000, --game-seconds outside 0.001..=10000000, a --seed that
  is not a whole number, a --set with an unknown key or a value out of range).";

/// A Go Text Protocol engine for Blokus on standard input and output.
#[derive(Parser)]
#[command(name = "blokus_gtp", after_help = AFTER_HELP)]
struct Args {
    /// The bot that answers genmove.
    #[arg(long, value_name = "NAME", default_value = "search",
          value_parser = PossibleValuesParser::new(BOT_NAMES))]
    bot: String,
    /// The variant the session starts with, as Pentobi's `--game` takes it: an id (`duo`,
    /// `classic`, `classic_2`, `junior`, `classic_3`), a short id (`d`, `c`, `c2`, `j`, `c3`)
    /// or a GTP game name; `set_game` changes it.
    #[arg(long, short = 'g', value_name = "VARIANT", default_value = "duo",
          value_parser = parse_variant)]
    game: Variant,
    /// Time budget per genmove in milliseconds, 1..=3600000 (default: the bot's own budget).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
    ms: Option<u64>,
    /// Iteration budget per genmove (MCTS simulations), 1..=1000000000 (default: the bot's
    /// own). With --ms as well, whichever runs out first ends the search.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_ITERATIONS))]
    iterations: Option<u64>,
    /// Thinking time per player per game, in seconds (a sudden-death clock, as
    /// `time_settings S 0 0`; each clear_board restarts it, the clock commands change it). The
    /// bot spreads it over the game, more in the opening and middle game; --ms and
    /// --iterations still cap each move.
    #[arg(long, value_name = "S", value_parser = cli::parse_game_seconds)]
    game_seconds: Option<f64>,
    /// Seed of the bot (the same seed, budget and commands give the same answers, unless
    /// --ms limits the search).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Threads sharing the `search` bot's tree, 1..=64 (other bots ignore it). More threads
    /// run more simulations in the same --ms; with more than one, answers under an
    /// --iterations budget may vary from run to run.
    #[arg(long, value_name = "T", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=SearchConfig::MAX_THREADS as u64))]
    threads: u64,
    /// A setting of the `search` bot, KEY=VALUE (repeatable): exploration, prior_visits,
    /// rave, margin_weight, front_load (numbers), early_stop, reuse_tree, local_replies (0 or
    /// 1). See `SearchConfig` for what each does.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = search_settings::parse)]
    set: Vec<(String, f64)>,
}

const PROG: &str = "blokus_gtp";

fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::parse(s).map_err(|_| {
        format!(
            "unknown variant `{s}` (known: duo, classic, classic_2, junior, classic_3, their short ids d, c, c2, j, c3, or a GTP game name)"
        )
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut budget = Budget::default();
    budget.time = args.ms.map(Duration::from_millis);
    budget.iterations = args.iterations;
    let bot: Box<dyn Bot<Position> + Send> = if args.bot == "search" {
        let mut config = SearchConfig::default();
        config.threads = args.threads as usize;
        search_settings::apply(&mut config, &args.set);
        Box::new(SearchBot::with_config(args.seed, config))
    } else {
        let Some(bot) = named_bot(&args.bot, args.seed) else {
            return cli::fail(PROG, format_args!("unknown bot {}", args.bot));
        };
        bot
    };
    let mut engine = GtpEngine::new(bot, budget);
    if args.game != Variant::Duo {
        engine = engine.with_position(Position::new(args.game));
    }
    if let Some(seconds) = args.game_seconds {
        let answer = engine.respond(&format!("time_settings {seconds} 0 0"));
        debug_assert!(answer.is_some_and(|a| a.text.starts_with('=')));
    }
    if cpu_seconds().is_some() {
        engine = engine.with_cpu_clock(Box::new(|| cpu_seconds().unwrap_or(0.0)));
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match (&mut input).take(MAX_LINE).read_until(b'\n', &mut raw) {
            Ok(0) => return ExitCode::SUCCESS,
            Ok(_) => {}
            Err(e) => {
                eprintln!("{PROG}: error: cannot read standard input: {e}");
                return ExitCode::FAILURE;
            }
        }
        let reply = if raw.len() as u64 == MAX_LINE && raw.last() != Some(&b'\n') {
            // Skip the rest of the overlong line, then answer it with an error.
            if let Err(e) = cli::skip_line(&mut input) {
                eprintln!("{PROG}: error: cannot read standard input: {e}");
                return ExitCode::FAILURE;
            }
            eprintln!("{PROG}: note: skipped a command line longer than {MAX_LINE} bytes");
            Some(("? command line too long\n\n".to_string(), false))
        } else {
            // Invalid UTF-8 becomes U+FFFD: the command is then unknown, answered with an
            // error.
            engine
                .respond(&String::from_utf8_lossy(&raw))
                .map(|r| (r.text, r.quit))
        };
        let Some((text, quit)) = reply else {
            continue;
        };
        if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
            eprintln!("{PROG}: error: cannot write standard output: {e}");
            return ExitCode::FAILURE;
        }
        if quit {
            return ExitCode::SUCCESS;
        }
    }
}

/// CPU seconds of this process from `/proc/self/stat` (Linux; user + system time at the usual
/// 100 ticks per second), or `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.get(stat.rfind(')')? + 2..)?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
