//! A paper.io AI for the course's own Python engine (`match_core.py`, SESSDSA 2018): reads one
//! JSON line per turn and answers `l`, `r` or `n`. The Python side is the adapter
//! `examples/paperio_course/rust_ai.py`, which the course engine loads as an AI file and which
//! starts this program once per game.
//!
//! ```text
//! cargo build --release -p grid-games --example paperio_course_ai
//! target/release/examples/paperio_course_ai [--bot guard] [--seed 1] < turns.jsonl
//! ```

use family_support::cli;
#[path = "support/course_ai.rs"]
mod course_ai;

use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

use clap::Parser;
use clap::builder::PossibleValuesParser;
use grid_games::paperio::Turn;
use grid_games::paperio::bots::{BOT_NAMES, PlannerConfig};

const AFTER_HELP: &str = "\
PROTOCOL (one JSON object per line on standard input, one answer line on standard output):
  {\"size\": [W, H], \"max_turn\": M, \"me\": 1 | 2, \"log\": [frame, ...]}
  or {\"size\": [W, H], \"max_turn\": M, \"now\": frame}

  A frame is the course engine's frame dict (its stat['log'] entries): fields and bands
  (W columns of H cells: null, 1 or 2), players ([{id, x, y, direction}, ...], player 1
  first; directions 0 east, 1 south, 2 west, 3 north, y grows southward), turnleft and
  timeleft (pairs), optionally band_route, me and enemy. `log` holds the frames new since
  the previous line. A frame without fields and bands is a light frame: the program
  advances its own copy of the game by the ply it shows (the player whose turnleft dropped,
  turning to its new heading) and checks that the head lands where the frame says; so after
  a game's first full frame the adapter sends only heads and counters. `now` is one full
  frame. `me` (the course id to answer for) may be left out when the last frame has the
  course's `me` entry; `max_turn` defaults to 2000, the course's. A frame with more moves
  left than the previous one starts a new game with a fresh bot. The bot's time for a move
  is its share of the player's `timeleft` (the course charges 30 s per game).

  Answer: `l`, `r` or `n`. A line the program cannot use is answered `n resync` (the engine
  reads it as straight on) with a message on standard error; the program then forgets the
  game, and the adapter sends a whole frame next turn. End of input ends the program.

  A line longer than --max-line-mib (64 MiB by default) is not read whole: the program reads
  that much, skips the rest, and answers `n resync`. Reading a line takes about eight times
  its size in memory at most, so the default bounds a turn to about half a GiB; a full frame
  of the course's 102 x 101 board is about 100 KB, and the default fits full frames of boards
  up to about 2 500 x 2 500 (the largest board, 4 096 x 4 096, needs --max-line-mib 256).

TRACE (--trace-dir):
  One line per move answered, eight fields separated by spaces: the game's number in this
  run (from 1), the bot's moves left, the rule that chose the move (PlannerBot::last_decision:
  win, cornered, cut, ambush, on_plan, closing, home, to_launch, launch, loop, shadow, wait,
  fallback), the cells of its own trail and of the enemy's, the Manhattan distance between
  the heads, its land and the enemy's land; all as of the position the move was chosen in.
  examples/paperio_course/decisions.py sums such files up.

EXIT STATUS:
  0 at the end of input, 2 for bad arguments (also a --trace-dir whose file cannot be
  created, or --trace-dir with a bot other than the guard or the planner).";

/// A paper.io bot of this crate as an AI of the course's Python engine.
#[derive(Parser)]
#[command(name = "paperio_course_ai", after_help = AFTER_HELP)]
struct Args {
    /// The bot that plays (the guard is the strongest).
    #[arg(long, value_name = "BOT", default_value = "guard",
          value_parser = PossibleValuesParser::new(BOT_NAMES))]
    bot: String,
    /// Seed of the bot (each further game in one run adds one).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The longest input line read, in MiB (1..=4096); a longer line is skipped and answered
    /// `n resync`.
    #[arg(long, value_name = "MIB", default_value_t = 64,
          value_parser = clap::value_parser!(u64).range(1..=4096))]
    max_line_mib: u64,
    /// One setting of the planner's tuning (`PlannerConfig`), KEY=VALUE: max_side, margin,
    /// start_share, escape_margin, launch_travel, launch_shift, cut_slack, ambush,
    /// behind_window, behind_share, bite_depth, bite_slack, race_weight, bend, desperate (numbers) or check_path,
    /// leave_land, chase_path, shadow (true/false);
    /// repeatable, only with --bot guard or planner (each starts from its own defaults).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    settings: Vec<String>,
    /// Write a trace of the bot's moves into DIR (only with --bot guard or planner): a file
    /// `paperio-trace-PID.txt` per run, one line per move (see TRACE below).
    #[arg(long, value_name = "DIR")]
    trace_dir: Option<std::path::PathBuf>,
}

/// The planner's tuning: the defaults with each KEY=VALUE applied.
fn planner_config(bot: &str, settings: &[String]) -> Result<PlannerConfig, String> {
    let mut config = course_ai::planner_defaults(bot).unwrap_or_default();
    for setting in settings {
        let (key, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("--set {setting}: expected KEY=VALUE"))?;
        let number = || {
            value
                .parse::<u32>()
                .map_err(|e| format!("--set {setting}: {e}"))
        };
        let flag = || {
            value
                .parse::<bool>()
                .map_err(|e| format!("--set {setting}: {e}"))
        };
        match key {
            "max_side" => config.max_side = number()?,
            "margin" => config.margin = number()?,
            "start_share" => config.start_share = number()?,
            "escape_margin" => config.escape_margin = number()?,
            "launch_travel" => config.launch_travel = number()?,
            "launch_shift" => config.launch_shift = number()?,
            "cut_slack" => config.cut_slack = number()?,
            "ambush" => config.ambush = number()?,
            "behind_window" => config.behind_window = number()?,
            "behind_share" => config.behind_share = number()?,
            "bite_depth" => config.bite_depth = number()?,
            "bite_slack" => config.bite_slack = number()?,
            "race_weight" => config.race_weight = number()?,
            "bend" => config.bend = number()?,
            "desperate" => config.desperate = number()?,
            "check_path" => config.check_path = flag()?,
            "leave_land" => config.leave_land = flag()?,
            "chase_path" => config.chase_path = flag()?,
            "shadow" => config.shadow = flag()?,
            _ => return Err(format!("--set {setting}: unknown key {key}")),
        }
    }
    Ok(config)
}

const PROG: &str = "paperio_course_ai";

/// Appends the trace line of the move just chosen (see TRACE in the help).
fn trace_line(out: &mut impl Write, session: &course_ai::Session) -> std::io::Result<()> {
    let (Some(game), Some(rule)) = (session.position(), session.last_decision()) else {
        return Ok(());
    };
    let Some(me) = game.to_move() else {
        return Ok(());
    };
    let enemy = me.other();
    let ((x, y), (ex, ey)) = (game.head(me), game.head(enemy));
    let land = game.territory_counts();
    writeln!(
        out,
        "{} {} {rule} {} {} {} {} {}",
        session.games,
        game.moves_left(me),
        game.trail_cells(me).len(),
        game.trail_cells(enemy).len(),
        x.abs_diff(ex) + y.abs_diff(ey),
        land[me.index()],
        land[enemy.index()],
    )?;
    out.flush()
}

fn main() -> ExitCode {
    let args = Args::parse();
    let planner = match planner_config(&args.bot, &args.settings) {
        Ok(config) => (!args.settings.is_empty()).then_some(config),
        Err(e) => return cli::fail(PROG, e),
    };
    let mut session = match course_ai::Session::with_planner(&args.bot, args.seed, planner) {
        Ok(s) => s,
        Err(e) => return cli::fail(PROG, e),
    };
    let mut trace = match &args.trace_dir {
        None => None,
        Some(_) if args.bot != "guard" && args.bot != "planner" => {
            return cli::fail(PROG, "--trace-dir needs --bot guard or planner");
        }
        Some(dir) => {
            let path = dir.join(format!("paperio-trace-{}.txt", std::process::id()));
            match std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
            {
                Ok(file) => Some(std::io::BufWriter::new(file)),
                Err(e) => return cli::fail(PROG, format!("--trace-dir: {}: {e}", path.display())),
            }
        }
    };
    let limit = args.max_line_mib << 20;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match (&mut input).take(limit + 1).read_until(b'\n', &mut raw) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let answer = if raw.len() as u64 > limit && raw.last() != Some(&b'\n') {
            // Longer than the limit: skip the rest unread, forget the game.
            if cli::skip_line(&mut input).is_err() {
                break;
            }
            session.forget();
            eprintln!(
                "{PROG}: skipped a line longer than {} MiB (--max-line-mib); answering n and asking for a whole frame",
                args.max_line_mib
            );
            format!("{} resync", Turn::Straight)
        } else {
            let line = String::from_utf8_lossy(&raw);
            if line.trim().is_empty() {
                continue;
            }
            match session.turn(&line) {
                Ok(turn) => {
                    if let Some(out) = &mut trace
                        && let Err(e) = trace_line(out, &session)
                    {
                        eprintln!("{PROG}: the trace stopped: {e}");
                        trace = None;
                    }
                    turn.to_string()
                }
                Err(e) => {
                    eprintln!("{PROG}: {e}; answering n and asking for a whole frame");
                    format!("{} resync", Turn::Straight)
                }
            }
        };
        if writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .is_err()
        {
            break; // the adapter has gone
        }
    }
    ExitCode::SUCCESS
}
