//! Replays a Blokus legal-move corpus (the format of `../shared/data/blokus/legal_corpus.jsonl`,
//! described in its README) and checks every record:
//!
//! * `pos`: after replaying `moves` (`[colour, move]` pairs, `"pass"` for a skipped colour)
//!   from the empty board, the legal placements of `to_move` must equal `legal` exactly, their
//!   number must be `n_legal`, and `to_move` must be our colour to move (or, for a pass, a
//!   colour we also find blocked);
//! * `end`: replaying the complete `moves` must end the game and `final_score` must equal ours
//!   verbatim.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_conformance -- FILE
//! ```
//!
//! Prints the first differences of each failing record, then `N passed, M failed` (one check
//! per record); exits with 1 on any failure, 2 when FILE cannot be read.

use std::collections::{BTreeSet, HashMap};
use std::process::ExitCode;
use std::sync::Arc;

use grid_games::blokus::{Move, MoveTable, Position, Variant};
use serde_json::Value;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: blokus_conformance FILE");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("blokus_conformance: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut tables: HashMap<Variant, Arc<MoveTable>> = HashMap::new();
    let (mut passed, mut failed) = (0, 0);
    for (n, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let Ok(line) = std::str::from_utf8(raw) else {
            failed += 1;
            println!("line {}: not UTF-8", n + 1);
            continue;
        };
        if line.trim().is_empty() {
            continue;
        }
        match check(line, &mut tables) {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                println!("line {}: {why}", n + 1);
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
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
