//! Replays paper.io traces (the format of `../shared/data/paperio/traces.jsonl`; a 3-trace
//! sample ships in `examples/data/`) and compares each with the recording; the format is in
//! `--help`.
//!
//! ```text
//! cargo run --release -p grid-games --example paperio_conformance            # the shipped sample
//! cargo run --release -p grid-games --example paperio_conformance -- FILE
//! cargo run --release -p grid-games --example paperio_conformance -- --help
//! ```

use family_support::cli;
#[path = "support/paperio_interop.rs"]
mod interop;

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use grid_games::game::Side;
use grid_games::paperio::{Config, Direction, End, Position, Start, Turn};
use serde_json::Value;

/// The sample read without a FILE, relative to the crate.
const SAMPLE: &str = "examples/data/paperio_traces_sample.jsonl";

const AFTER_HELP: &str = "\
INPUT (JSON Lines), from FILE, or standard input for `-`:
  Every non-blank line is one JSON object, a trace of one game; blank lines are skipped.
  Player 0 moves first (cell id 1), player 1 second (cell id 2); directions are 0 East (+x),
  1 South (+y), 2 West (-x), 3 North (-y); (0, 0) is the north-west corner. Fields read
  (others, such as scenario, seed, ai, features, end_kind, are ignored):

  id              integer, labels messages (-1 when missing)
  width, height   the board (width even, 2..=4096; height 1..=4096)
  max_turn        moves allowed per player
  init            [{\"x\", \"y\", \"direction\"}, {...}]: the heads of player 0 and 1 at the start,
                  each with its 3 x 3 square of land clipped to the board (player 1's square
                  overwrites an overlap)
  moves           [\"lnr...\", \"nnl...\"]: each player's moves in order, one character each:
                  `l` turn left, `r` turn right, anything else (`n`) straight on; ply j is
                  made by player j % 2 with its move j / 2
  plies           the number of plies applied
  result          {\"winner\": 0 | 1 | null, \"code\": C, \"extra\": ...}: codes 0 border,
                  1 trail hit (extra: the mover's index), 2 side hit, 3 head-on (extra:
                  [score0, score1]), 4 heads meet on owned land (extra: true if the mover
                  won), -1 AI error, -2 AI time-out, -3 tick limit (extra: [score0, score1])
  ply_counts      [[terr0, terr1, trail0, trail1], ...]: whole-board territory and trail cell
                  counts after each ply, one entry per ply
  final           {\"fields\": [height strings of width characters], \"bands\": [...],
                  \"players\": [{\"x\", \"y\", \"direction\"}, {...}]}: the final territory and
                  trail owners (`.` none, `1` player 0, `2` player 1; fields[y][x] is cell
                  (x, y)) and the final heads; optionally \"band_route\": [[d, ...], [...]],
                  each player's trail-direction list (directions as above), including the
                  entries the engine adds on the deciding ply

  Each trace is replayed from width, height, max_turn, init and moves alone. Checked: the
  counts after every ply, the ply count, the final territory and trail grids, the final
  band_route when present, the result (winner, code, extra) and the final heads. Every
  position (the start and after each ply) must also survive the interop conversions: to a
  Snapshot and back, to the course's frame and back, the public log's frame (with
  band_route) back to an equal position, and a player's frame (without it) to the same board;
  and at a third and two thirds of the game, the position read from a player's frame must
  play the rest of the trace exactly as the game does. For codes -1 and -2 (a forfeit, no rule to test)
  `plies` plies are replayed and only the counts and the final grids are compared.

  Without FILE the sample shipped with the crate is read (grid-games/examples/data/
  paperio_traces_sample.jsonl: three short games, a trail cut with captures, a tick-limit
  game and a time-out). The project's full trace corpus lives outside the repository, in
  ../shared/data/paperio/traces.jsonl (its README describes every field).

OUTPUT:
  Standard output: one line per failing trace (`line N: trace ID: ...`, the first
  divergence), then `N passed, M failed` (one check per trace). Standard error: the plies
  replayed and the time taken, and a progress line (traces done) for long files.

EXIT STATUS:
  0 when every trace passes, 1 when one fails (including a line that is not JSON or lacks a
  field), 2 for bad arguments, a file that cannot be read, or input without any trace.";

/// Replays paper.io game traces and compares every ply with the recording.
#[derive(Parser)]
#[command(name = "paperio_conformance", after_help = AFTER_HELP)]
struct Args {
    /// Trace file in JSON Lines (`-`: standard input) [default: the shipped sample,
    /// grid-games/examples/data/paperio_traces_sample.jsonl].
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "paperio_conformance";

fn main() -> ExitCode {
    let args = Args::parse();
    let (bytes, source) = match read_input(args.file) {
        Ok(x) => x,
        Err(e) => return cli::fail(PROG, e),
    };
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let traces = lines
        .iter()
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .count();
    if traces == 0 {
        return cli::fail(
            PROG,
            format_args!("{source} holds no trace (an empty corpus checks nothing)"),
        );
    }
    let progress = cli::Progress::start(PROG, args.progress, format!("0/{traces} traces"));
    let start = Instant::now();
    let (mut passed, mut failed, mut plies) = (0u64, 0u64, 0u64);
    for (n, raw) in lines.iter().enumerate() {
        if raw.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let outcome = match std::str::from_utf8(raw) {
            Ok(line) => check(line),
            Err(_) => Err("not UTF-8".to_string()),
        };
        match outcome {
            Ok(p) => {
                passed += 1;
                plies += p;
            }
            Err(why) => {
                failed += 1;
                println!("line {}: {why}", n + 1);
            }
        }
        progress.set(format!(
            "{}/{traces} traces, {failed} failed",
            passed + failed
        ));
    }
    drop(progress);
    eprintln!(
        "{PROG}: replayed {plies} plies in {:.3} s",
        start.elapsed().as_secs_f64()
    );
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The bytes of FILE (`-`: standard input; none: the shipped sample) and a name for messages.
fn read_input(file: Option<PathBuf>) -> Result<(Vec<u8>, String), String> {
    let path = file.unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(SAMPLE));
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return Ok((bytes, "standard input".into()));
    }
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(format!(
            "{name} is a folder: expected a JSON Lines trace file (see --help)"
        ));
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {name}: {e}"))?;
    Ok((bytes, name))
}

fn int(v: &Value, what: &str) -> Result<i64, String> {
    v.as_i64()
        .ok_or_else(|| format!("{what} is not an integer"))
}

/// Replays one trace; the number of plies on success.
fn check(line: &str) -> Result<u64, String> {
    let t: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let field = |k: &str| t.get(k).ok_or_else(|| format!("missing field {k:?}"));
    let id = t.get("id").and_then(Value::as_i64).unwrap_or(-1);
    let err = |m: String| format!("trace {id}: {m}");
    let dim = |k: &str| -> Result<u32, String> {
        u32::try_from(int(field(k)?, k)?).map_err(|_| format!("{k} out of range"))
    };
    let config = Config::default()
        .with_size(dim("width")?, dim("height")?)
        .with_max_turn(dim("max_turn")?);
    let init = field("init")?
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or("init is not a pair")?;
    let mut starts = Vec::new();
    for s in init {
        let get = |k: &str| {
            s.get(k)
                .ok_or(format!("init lacks {k}"))
                .and_then(|v| int(v, k))
        };
        let direction = get("direction")?;
        if !(0..4).contains(&direction) {
            return Err(err(format!("bad direction {direction}")));
        }
        let coordinate = |k: &str| -> Result<i32, String> {
            i32::try_from(get(k)?).map_err(|_| err(format!("init {k} out of range")))
        };
        starts.push(Start {
            x: coordinate("x")?,
            y: coordinate("y")?,
            direction: Direction::from_index(direction as u8),
        });
    }
    let mut game = Position::new(config, [starts[0], starts[1]]).map_err(|e| err(e.to_string()))?;
    let moves: Vec<Vec<Turn>> = field("moves")?
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or("moves is not a pair")?
        .iter()
        .map(|m| {
            m.as_str()
                .unwrap_or("")
                .chars()
                .map(|c| Turn::from_engine(&c.to_string()))
                .collect()
        })
        .collect();
    let plies = int(field("plies")?, "plies")? as u64;
    let result = field("result")?;
    let code = int(result.get("code").ok_or("result lacks code")?, "code")?;
    let counts = field("ply_counts")?
        .as_array()
        .ok_or("ply_counts is not a list")?;
    let forfeit = code == -1 || code == -2;
    let max_turn = config.max_turn;
    let interop = |game: &Position, ply: u64| {
        interop::round_trips(game, max_turn).map_err(|e| err(format!("interop at ply {ply}: {e}")))
    };
    interop(&game, 0)?;
    let mut ply = 0u64;
    while game.end().is_none() && (!forfeit || ply < plies) {
        if plies > 2 && [plies / 3, 2 * plies / 3].contains(&ply) {
            let rest =
                (ply..plies).map_while(|j| moves[(j % 2) as usize].get((j / 2) as usize).copied());
            interop::plays_on_alike(&game, max_turn, rest)
                .map_err(|e| err(format!("interop from ply {ply}: {e}")))?;
        }
        let mover = (ply % 2) as usize;
        let Some(&turn) = moves[mover].get((ply / 2) as usize) else {
            return Err(err(format!(
                "moves run out at ply {} before the game ends",
                ply + 1
            )));
        };
        game.play(turn).map_err(|e| err(e.to_string()))?;
        ply += 1;
        interop(&game, ply)?;
        let ours = [game.territory_counts(), game.trail_counts()].concat();
        let theirs: Option<Vec<i64>> = counts
            .get(ply as usize - 1)
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_i64).collect());
        match theirs {
            Some(th) if th.iter().copied().eq(ours.iter().map(|&x| i64::from(x))) => {}
            th => {
                return Err(err(format!(
                    "ply {ply}: counts [terr0, terr1, trail0, trail1] ours {ours:?}, theirs {th:?}"
                )));
            }
        }
    }
    if ply != plies {
        return Err(err(format!("game lasted {ply} plies, trace {plies}")));
    }
    let fin = field("final")?;
    compare_grid(&game, fin.get("fields"), |g, x, y| {
        g.territory(x, y).map(Side::index)
    })
    .map_err(|e| err(format!("territory {e}")))?;
    compare_grid(&game, fin.get("bands"), |g, x, y| {
        g.trail(x, y).map(Side::index)
    })
    .map_err(|e| err(format!("trail {e}")))?;
    if let Some(routes) = fin.get("band_route") {
        compare_routes(&game, routes).map_err(|e| err(format!("band_route {e}")))?;
    }
    if forfeit {
        return Ok(ply);
    }
    let end = game
        .end()
        .ok_or_else(|| err("the game did not end".into()))?;
    let winner = result.get("winner").and_then(Value::as_i64);
    if end.code() as i64 != code || end.winner().map(|w| w.index() as i64) != winner {
        return Err(err(format!(
            "result ours (winner {:?}, code {}), theirs (winner {winner:?}, code {code})",
            end.winner(),
            end.code()
        )));
    }
    let extra = result.get("extra").cloned().unwrap_or(Value::Null);
    let ours_extra = match end {
        End::TrailHit { mover, .. } => Value::from(mover.index() as i64),
        End::HeadOn { scores } | End::TickLimit { scores } => {
            Value::from(vec![i64::from(scores[0]), i64::from(scores[1])])
        }
        End::HeadsOnLand { mover_won, .. } => Value::from(*mover_won),
        _ => Value::Null,
    };
    if ours_extra != extra {
        return Err(err(format!("extra ours {ours_extra}, theirs {extra}")));
    }
    let heads = fin
        .get("players")
        .and_then(Value::as_array)
        .ok_or("final lacks players")?;
    for (p, h) in Side::ALL.into_iter().zip(heads) {
        let get = |k: &str| h.get(k).and_then(Value::as_i64);
        let ours = game.head(p);
        let dir = game.direction(p).index() as i64;
        if get("x") != Some(i64::from(ours.0))
            || get("y") != Some(i64::from(ours.1))
            || get("direction") != Some(dir)
        {
            return Err(err(format!(
                "head {}: ours ({}, {}) dir {dir}, theirs {h}",
                p.index(),
                ours.0,
                ours.1
            )));
        }
    }
    Ok(ply)
}

/// Compares the engine's final `band_route` (two lists of directions 0..3) with
/// [`Position::route`], entry for entry.
fn compare_routes(game: &Position, routes: &Value) -> Result<(), String> {
    let routes = routes
        .as_array()
        .filter(|r| r.len() == 2)
        .ok_or("is not a pair of lists")?;
    for (p, route) in Side::ALL.into_iter().zip(routes) {
        let theirs: Vec<i64> = route
            .as_array()
            .ok_or("entry is not a list")?
            .iter()
            .map(|d| d.as_i64().ok_or("direction is not an integer"))
            .collect::<Result<_, _>>()?;
        let ours: Vec<i64> = game.route(p).iter().map(|d| d.index() as i64).collect();
        if ours != theirs {
            return Err(format!(
                "of player {}: ours {} entries, theirs {} (first difference at entry {})",
                p.index(),
                ours.len(),
                theirs.len(),
                ours.iter().zip(&theirs).take_while(|(a, b)| a == b).count()
            ));
        }
    }
    Ok(())
}

/// Compares a final grid (`height` strings of `width` characters, `.`/`1`/`2`) with ours.
fn compare_grid(
    game: &Position,
    rows: Option<&Value>,
    owner: impl Fn(&Position, i32, i32) -> Option<usize>,
) -> Result<(), String> {
    let rows = rows.and_then(Value::as_array).ok_or("grid missing")?;
    if rows.len() != game.height() as usize {
        return Err(format!(
            "grid has {} rows, board {}",
            rows.len(),
            game.height()
        ));
    }
    for (y, row) in rows.iter().enumerate() {
        let row = row.as_str().ok_or("grid row is not a string")?;
        if row.len() != game.width() as usize {
            return Err(format!("row {y} has {} cells", row.len()));
        }
        for (x, ch) in row.chars().enumerate() {
            let theirs = match ch {
                '1' => Some(0),
                '2' => Some(1),
                _ => None,
            };
            let ours = owner(game, x as i32, y as i32);
            if ours != theirs {
                return Err(format!(
                    "differs first at ({x}, {y}): ours {ours:?}, theirs {ch:?}"
                ));
            }
        }
    }
    Ok(())
}
