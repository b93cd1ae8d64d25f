//! Replays a Blokus legal-move corpus recorded from Pentobi (a 24-record sample ships in
//! `examples/data/`) and checks every record; the format is in `--help`.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_conformance            # the shipped sample
//! cargo run --release -p grid-games --example blokus_conformance -- FILE
//! cargo run --release -p grid-games --example blokus_conformance -- --help
//! ```

use family_support::cli;

use std::collections::{BTreeSet, HashMap};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use grid_games::blokus::{Move, MoveTable, Position, Variant};
use serde_json::Value;

/// The sample read without a FILE, relative to the crate.
const SAMPLE: &str = "examples/data/blokus_legal_sample.jsonl";

const AFTER_HELP: &str = "\
INPUT (JSON Lines), from FILE, or standard input for `-`:
  Every non-blank line is one JSON object, a record; blank lines are skipped. Fields:

  {\"type\": \"pos\", \"game\": \"duo-pentobi-L1-s1\", \"variant\": \"duo\", \"ply\": 17,
   \"to_move\": 1, \"moves\": [[0, \"e8,d9,e9,f9,e10\"], [1, \"pass\"], ...],
   \"n_legal\": 20, \"legal\": [\"a1,b1,a2\", ...]}
      one decision point. `variant` is `duo`, `classic`, `classic_2`, `junior` or `classic_3`
      (or a GTP game name). `moves` is everything played before it from the empty board, as
      [colour, move] pairs: colour indices are Duo and Junior 0 (starts at e10) and 1 (j5),
      the Classic variants 0..3 (a20, t20, t1, a1);
      a move is a placement string (the cells as column letter + row number, comma-separated,
      any order and case) or \"pass\" for a colour that has no legal placement. `to_move` is
      the colour whose legal placements `legal` lists (each placement once, any order) and
      `n_legal` counts; n_legal = 0 records a pass. `game` and `ply` only label messages.
      Checked: the replay is legal, our legal set for `to_move` equals `legal` exactly, the
      three counts agree, and (unless it is a pass) `to_move` is our colour to move.

  {\"type\": \"end\", \"game\": \"...\", \"variant\": \"duo\", \"moves\": [...],
   \"final_score\": \"B+12\"}
      a complete game (other fields such as policy, level, seed, plies are ignored). Checked:
      the replay is legal, the game is over after it, and `final_score` equals ours verbatim:
      Duo, Junior and classic_2 `B+n`, `W+n` or `0`; Classic and classic_3 the four colours'
      points each followed by a space, e.g. \"62 73 71 59 \".

  Records are independent: any subset of a corpus, in any order, is a valid input.
  Without FILE the sample shipped with the crate is read (grid-games/examples/data/
  blokus_legal_sample.jsonl, 24 records of five games).

OUTPUT:
  Standard output: one line per failing record (`line N: ...`, the first differences), then
  `N passed, M failed` (one check per record). A progress line (records done) is drawn on
  standard error for long files.

EXIT STATUS:
  0 when every record passes, 1 when one fails (including a line that is not JSON or lacks a
  field), 2 for bad arguments, a file that cannot be read, or input without any record.";

/// Replays a Blokus legal-move corpus and checks every legal-move set and final score.
#[derive(Parser)]
#[command(name = "blokus_conformance", after_help = AFTER_HELP)]
struct Args {
    /// Corpus file in JSON Lines (`-`: standard input) [default: the shipped sample,
    /// grid-games/examples/data/blokus_legal_sample.jsonl].
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "blokus_conformance";

fn main() -> ExitCode {
    let args = Args::parse();
    let (bytes, source) = match read_input(args.file) {
        Ok(x) => x,
        Err(e) => return cli::fail(PROG, e),
    };
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    let records = lines
        .iter()
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .count();
    if records == 0 {
        return cli::fail(
            PROG,
            format_args!("{source} holds no record (an empty corpus checks nothing)"),
        );
    }
    let progress = cli::Progress::start(PROG, args.progress, format!("0/{records} records"));
    let mut tables: HashMap<Variant, Arc<MoveTable>> = HashMap::new();
    let (mut passed, mut failed) = (0u64, 0u64);
    for (n, raw) in lines.iter().enumerate() {
        if raw.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let outcome = match std::str::from_utf8(raw) {
            Ok(line) => check(line, &mut tables),
            Err(_) => Err("not UTF-8".to_string()),
        };
        match outcome {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                println!("line {}: {why}", n + 1);
            }
        }
        progress.set(format!(
            "{}/{records} records, {failed} failed",
            passed + failed
        ));
    }
    drop(progress);
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
            "{name} is a folder: expected a JSON Lines corpus file (see --help)"
        ));
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {name}: {e}"))?;
    Ok((bytes, name))
}

fn check(line: &str, tables: &mut HashMap<Variant, Arc<MoveTable>>) -> Result<(), String> {
    let record: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let field = |k: &str| record.get(k).ok_or_else(|| format!("missing field {k:?}"));
    let kind = field("type")?.as_str().ok_or("type is not a string")?;
    let variant = Variant::parse(
        field("variant")?
            .as_str()
            .ok_or("variant is not a string")?,
    )
    .map_err(|e| e.to_string())?;
    let game = record
        .get("game")
        .and_then(Value::as_str)
        .unwrap_or("?")
        .to_string();
    let table = tables
        .entry(variant)
        .or_insert_with(|| Arc::new(MoveTable::new(variant)));
    let mut pos = Position::with_table(Arc::clone(table));
    let moves = field("moves")?.as_array().ok_or("moves is not a list")?;
    replay(&mut pos, moves).map_err(|e| format!("{game}: {e}"))?;
    match kind {
        "pos" => {
            let ply = record.get("ply").and_then(Value::as_u64).unwrap_or(0);
            let colour = field("to_move")?
                .as_u64()
                .and_then(|c| variant.all_colours().nth(c as usize))
                .ok_or("bad to_move")?;
            let mut ours = Vec::new();
            pos.legal_moves_of(colour, &mut ours);
            let ours: BTreeSet<String> = ours
                .iter()
                .map(|&m| pos.notation(m))
                .collect::<Result<_, _>>()
                .map_err(|e| e.to_string())?;
            let listed = field("legal")?.as_array().ok_or("legal is not a list")?;
            let theirs: BTreeSet<String> = listed
                .iter()
                .map(|m| {
                    m.as_str()
                        .map(canonical)
                        .ok_or("a legal entry is not a string")
                })
                .collect::<Result<_, _>>()?;
            let n_legal = field("n_legal")?.as_u64().ok_or("bad n_legal")? as usize;
            let mut problems = Vec::new();
            if theirs.len() != listed.len() {
                problems.push(format!(
                    "legal lists {} entries but only {} distinct placements",
                    listed.len(),
                    theirs.len()
                ));
            }
            if ours != theirs {
                let missing: Vec<&String> = theirs.difference(&ours).take(5).collect();
                let extra: Vec<&String> = ours.difference(&theirs).take(5).collect();
                problems.push(format!(
                    "legal sets differ ({} ours, {} theirs); missing {missing:?}, extra {extra:?}",
                    ours.len(),
                    theirs.len()
                ));
            }
            if n_legal != listed.len() || n_legal != ours.len() {
                problems.push(format!(
                    "n_legal {n_legal}, listed {}, ours {}",
                    listed.len(),
                    ours.len()
                ));
            }
            let to_move = pos.colour_to_move();
            if n_legal > 0 && to_move != Some(colour) {
                problems.push(format!(
                    "colour to move: ours {to_move:?}, theirs {colour:?}"
                ));
            }
            if problems.is_empty() {
                Ok(())
            } else {
                Err(format!("{game} ply {ply}: {}", problems.join("; ")))
            }
        }
        "end" => {
            let expected = field("final_score")?
                .as_str()
                .ok_or("final_score is not a string")?;
            let ours = pos.final_score();
            if !pos.is_over() {
                Err(format!("{game}: the game is not over after its moves"))
            } else if ours != expected {
                Err(format!(
                    "{game}: final score {ours:?}, expected {expected:?}"
                ))
            } else {
                Ok(())
            }
        }
        other => Err(format!("unknown record type {other:?}")),
    }
}

/// Plays a recorded `[colour, move]` list; a pass must come from a colour without a move.
fn replay(pos: &mut Position, moves: &[Value]) -> Result<(), String> {
    let variant = pos.variant();
    for (i, entry) in moves.iter().enumerate() {
        let pair = entry
            .as_array()
            .filter(|p| p.len() == 2)
            .ok_or("bad move entry")?;
        let colour = pair[0]
            .as_u64()
            .and_then(|c| variant.all_colours().nth(c as usize))
            .ok_or("bad colour")?;
        let text = pair[1].as_str().ok_or("move is not a string")?;
        if text == "pass" {
            if pos.has_legal_move(colour) {
                return Err(format!(
                    "move {i}: colour {} passes but has a legal move",
                    colour.index()
                ));
            }
            continue;
        }
        let m: Move = pos.parse_move(text).map_err(|e| format!("move {i}: {e}"))?;
        pos.play_as(colour, m)
            .map_err(|e| format!("move {i} ({text}): {e}"))?;
    }
    Ok(())
}

/// A placement string in canonical order, whatever order the file uses.
fn canonical(text: &str) -> String {
    let mut cells: Vec<(u32, String)> = text
        .split(',')
        .map(str::trim)
        .map(|c| {
            let row: u32 = c.get(1..).and_then(|r| r.parse().ok()).unwrap_or(0);
            (row, c.to_ascii_lowercase())
        })
        .collect();
    cells.sort_by_key(|(row, c)| (*row, c.bytes().next().unwrap_or(0)));
    cells
        .into_iter()
        .map(|(_, c)| c)
        .collect::<Vec<_>>()
        .join(",")
}
