//! Checks the plug DP solvers against a folder of conformance data in the formats of
//! `shared/data/plugdp` (see `specs/plugdp.md`):
//!
//! * `formula1.jsonl`: `{id, rows, cols, grid, hamiltonian_cycles}` (grid rows of `.` and `*`);
//! * `cycle_covers.jsonl`: `{id, rows, cols, grid, cycle_covers}`;
//! * `rocket_mania.jsonl`: `{id, kind, board, all_matches_best, single_match_row,
//!   single_match_best}`: both variants are solved and each returned rotation is re-simulated
//!   (one check per record);
//! * `sequences.json`: `A003763` (Hamiltonian cycles of the 2n × 2n board) for n ≤ 8,
//!   `A004003` (domino tilings of the 2n × 2n board) for n ≤ 20, `A120443` (Hamiltonian paths
//!   of the n × n board) for n ≤ 10, `A001168` / `A000988` / `A000105` (fixed polyominoes by
//!   transfer matrix; one-sided and free by Burnside's lemma, the half-turn term by its own
//!   transfer matrix) for n ≤ 24 and `A002931` (self-avoiding polygons of perimeter 2n) for
//!   n ≤ 20 are checked; their other terms and the other sequences are counted as skipped.
//!
//! ```text
//! cargo run --release -p plugdp --example conformance -- DIR
//! ```
//!
//! Prints one line per failure, then `N passed, M failed, K skipped`; exits with 1 on any
//! failure and 2 when DIR cannot be read.

use std::path::Path;
use std::process::ExitCode;

use plugdp::{
    FuseBoard, Grid, cycle_covers, domino_tilings, hamiltonian_cycles, hamiltonian_cycles_parallel,
    hamiltonian_paths, launched_rockets, polyomino_counts_parallel, rocket_mania,
};
use serde_json::Value;

/// Largest n checked for A003763 (the 16 × 16 board takes about 10 s).
const A003763_MAX: u64 = 8;
/// Largest n checked for A001168, A000988 and A000105 (all sizes ≤ 24 take about 4 s).
const POLYOMINO_MAX: u64 = 24;
/// Largest n checked for A002931 (perimeters up to 40 take about 2 s).
const A002931_MAX: u64 = 20;
/// Largest n checked for A120443 (the 10 × 10 board takes under a second).
const A120443_MAX: u64 = 10;
/// Largest n checked for A004003 (Kasteleyn's determinant: the 40 × 40 board takes 0.6 s).
const A004003_MAX: u64 = 20;

#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
    skipped: u64,
}

impl Tally {
    fn check(
        &mut self,
        what: &str,
        expected: Option<&str>,
        got: Result<String, plugdp::PlugError>,
    ) {
        match (expected, got) {
            (Some(e), Ok(g)) if e == g => self.passed += 1,
            (e, g) => {
                println!("{what}: expected {e:?}, got {g:?}");
                self.failed += 1;
            }
        }
    }
}

fn main() -> ExitCode {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: conformance DIR");
        return ExitCode::from(2);
    };
    let dir = Path::new(&dir);
    if !dir.is_dir() {
        eprintln!("conformance: {} is not a folder", dir.display());
        return ExitCode::from(2);
    }
    let mut t = Tally::default();
    for (file, field, solve) in [
        (
            "formula1.jsonl",
            "hamiltonian_cycles",
            hamiltonian_cycles as fn(&Grid) -> _,
        ),
        ("cycle_covers.jsonl", "cycle_covers", cycle_covers),
    ] {
        for (i, record) in records(&dir.join(file)).into_iter().enumerate() {
            let id = record["id"]
                .as_str()
                .map_or(format!("{file}:{}", i + 1), str::to_string);
            let rows: Vec<String> = record["grid"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|r| r.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            let expected = record[field].as_str();
            let got = Grid::parse_rows(&rows, '.', '*')
                .and_then(|g| solve(&g))
                .map(|v| v.to_string());
            t.check(&id, expected, got);
        }
    }
    for (i, record) in records(&dir.join("rocket_mania.jsonl"))
        .into_iter()
        .enumerate()
    {
        let id = record["id"]
            .as_str()
            .map_or(format!("rocket_mania.jsonl:{}", i + 1), str::to_string);
        t.check(&id, Some("ok"), rocket_record(&record));
    }
    let threads = std::thread::available_parallelism().unwrap_or(std::num::NonZeroUsize::MIN);
    let polys = polyomino_counts_parallel(POLYOMINO_MAX as usize, threads).ok();
    let polygons = plugdp::self_avoiding_polygons(A002931_MAX as usize).ok();
    if let Ok(text) = std::fs::read_to_string(dir.join("sequences.json")) {
        match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(seqs)) => {
                for (key, terms) in seqs {
                    let Some(terms) = terms.as_object() else {
                        continue;
                    };
                    for (n, value) in terms {
                        let n: u64 = n.parse().unwrap_or(0);
                        let what = format!("{key} n={n}");
                        let side = 2 * n as usize;
                        if key.starts_with("A003763") && (1..=A003763_MAX).contains(&n) {
                            let got = Grid::new(side, side)
                                .and_then(|g| hamiltonian_cycles_parallel(&g, threads))
                                .map(|v| v.to_string());
                            t.check(&what, value.as_str(), got);
                        } else if key.starts_with("A001168") && (1..=POLYOMINO_MAX).contains(&n) {
                            let got = polys.as_ref().map(|p| p[n as usize - 1].1.to_string());
                            t.check(
                                &what,
                                value.as_str(),
                                got.ok_or(plugdp::PlugError::Overflow),
                            );
                        } else if key.starts_with("A000988") && (1..=POLYOMINO_MAX).contains(&n) {
                            let got = polys.as_ref().map(|p| p[n as usize - 1].2.to_string());
                            t.check(
                                &what,
                                value.as_str(),
                                got.ok_or(plugdp::PlugError::Overflow),
                            );
                        } else if key.starts_with("A000105") && (1..=POLYOMINO_MAX).contains(&n) {
                            let got = polys.as_ref().map(|p| p[n as usize - 1].3.to_string());
                            t.check(
                                &what,
                                value.as_str(),
                                got.ok_or(plugdp::PlugError::Overflow),
                            );
                        } else if key.starts_with("A002931") && (1..=A002931_MAX).contains(&n) {
                            let got = polygons.as_ref().map(|p| p[n as usize].to_string());
                            t.check(
                                &what,
                                value.as_str(),
                                got.ok_or(plugdp::PlugError::Overflow),
                            );
                        } else if key.starts_with("A120443") && (1..=A120443_MAX).contains(&n) {
                            let got = Grid::new(n as usize, n as usize)
                                .and_then(|g| hamiltonian_paths(&g))
                                .map(|v| v.to_string());
                            t.check(&what, value.as_str(), got);
                        } else if key.starts_with("A004003") && (1..=A004003_MAX).contains(&n) {
                            let got = Grid::new(side, side)
                                .and_then(|g| domino_tilings(&g))
                                .map(|v| v.to_string());
                            t.check(&what, value.as_str(), got);
                        } else {
                            t.skipped += 1;
                        }
                    }
                }
            }
            _ => {
                println!("sequences.json: not a JSON object");
                t.failed += 1;
            }
        }
    }
    println!(
        "{} passed, {} failed, {} skipped",
        t.passed, t.failed, t.skipped
    );
    if t.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Solves one Rocket Mania record both ways and re-simulates both plans: `Ok("ok")` when
/// everything matches, otherwise a description of the first difference.
fn rocket_record(record: &Value) -> Result<String, plugdp::PlugError> {
    let rows: Vec<&str> = record["board"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let board = FuseBoard::parse_rows(&rows)?;
    let n = board.rows();
    let mut problems = Vec::new();
    let mut check =
        |what: &str, lit: Vec<bool>, expected: Option<u64>| -> Result<(), plugdp::PlugError> {
            let plan = rocket_mania(&board, &lit)?;
            let replay = launched_rockets(&board, &plan.rotations, &lit)
                .iter()
                .filter(|&&x| x)
                .count();
            if Some(plan.launched as u64) != expected || replay != plan.launched {
                problems.push(format!(
                    "{what}: best {} (re-simulated {replay}), expected {expected:?}",
                    plan.launched
                ));
            }
            Ok(())
        };
    check(
        "all matches",
        vec![true; n],
        record["all_matches_best"].as_u64(),
    )?;
    let row = record["single_match_row"].as_u64().unwrap_or(0) as usize;
    check(
        &format!("match {row}"),
        (0..n).map(|r| r + 1 == row).collect(),
        record["single_match_best"].as_u64(),
    )?;
    Ok(if problems.is_empty() {
        "ok".into()
    } else {
        problems.join("; ")
    })
}

/// The JSON records of a `.jsonl` file (none if it is missing; a malformed line is reported as
/// a record without fields, which then fails).
fn records(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .map(|text| {
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
                .collect()
        })
        .unwrap_or_default()
}
