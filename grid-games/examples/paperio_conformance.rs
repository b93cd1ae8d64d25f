//! Replays paper.io traces (the format of `../shared/data/paperio/traces.jsonl`, described in
//! its README) and compares each with the recording.
//!
//! ```text
//! cargo run --release -p grid-games --example paperio_conformance -- FILE
//! ```
//!
//! Each trace is replayed from `width`, `height`, `max_turn`, `init` and `moves` alone. Checked:
//! the result (winner, code, extra), the ply count, every entry of `ply_counts` (territory and
//! trail cells of both players after each ply), the final territory and trail grids and the
//! final heads. Forfeit traces (codes −1, −2) replay `plies` plies and compare the board only.
//! Prints the first divergence of each failing trace, then `N passed, M failed` (one check per
//! trace); exits with 1 on any failure, 2 when FILE cannot be read.

use std::process::ExitCode;
use std::time::Instant;

use grid_games::game::Side;
use grid_games::paperio::{Config, Direction, End, Position, Start, Turn};
use serde_json::Value;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: paperio_conformance FILE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("paperio_conformance: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let (mut passed, mut failed, mut plies) = (0, 0, 0u64);
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match check(line) {
            Ok(p) => {
                passed += 1;
                plies += p;
            }
            Err(why) => {
                failed += 1;
                println!("line {}: {why}", n + 1);
            }
        }
    }
    eprintln!(
        "replayed {plies} plies in {:.3} s",
        start.elapsed().as_secs_f64()
    );
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
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
        starts.push(Start {
            x: get("x")? as i32,
            y: get("y")? as i32,
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
    let mut ply = 0u64;
    while game.end().is_none() && (!forfeit || ply < plies) {
        let mover = (ply % 2) as usize;
        let Some(&turn) = moves[mover].get((ply / 2) as usize) else {
            return Err(err(format!(
                "moves run out at ply {} before the game ends",
                ply + 1
            )));
        };
        game.play(turn).map_err(|e| err(e.to_string()))?;
        ply += 1;
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
