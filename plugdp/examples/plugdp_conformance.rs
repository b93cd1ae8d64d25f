//! Checks the plug DP solvers against a folder of conformance data (a small sample ships in
//! `examples/data/`; the formats are in `--help`).
//!
//! ```text
//! cargo run --release -p plugdp --example plugdp_conformance              # the shipped sample
//! cargo run --release -p plugdp --example plugdp_conformance -- DIR
//! cargo run --release -p plugdp --example plugdp_conformance -- --help
//! ```

use family_support::cli;

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use plugdp::polyomino::enumerate::Counts;
use plugdp::{
    FuseBoard, Grid, Options, cycle_covers, domino_tilings, hamiltonian_cycles, hamiltonian_paths,
    launched_rockets, polyomino_counts, rocket_mania,
};
use serde_json::Value;

/// Largest n checked for A003763 (the 16 × 16 board takes about 3 s on two cores, the 18 × 18
/// board about 5 minutes and 1.7 GB, under a memory budget of 8 GiB).
const A003763_MAX: u64 = 9;
/// Largest n checked for A001168, A000988 and A000105: every size the counters take (all three
/// counts of every size ≤ 32 take about 18 s on two cores from one call, ≤ 36 about 2.5
/// minutes; only the largest n present in the data is counted).
const POLYOMINO_MAX: u64 = plugdp::MAX_COUNTS_SIZE as u64;
/// Largest n checked for A002931 (perimeters up to 40 take about 2 s).
const A002931_MAX: u64 = 20;
/// Largest n checked for A120443 (on two cores, the halves meeting in the middle, the 12 × 12
/// board takes about 1.6 s, the 14 × 14 board 25 s and 280 MB, the 15 × 15 board under 3
/// minutes and 1.5 GB).
const A120443_MAX: u64 = 15;
/// Largest n checked for A004003 (Kasteleyn's determinant: the 40 × 40 board takes 0.6 s).
const A004003_MAX: u64 = 20;

const AFTER_HELP: &str = "\
DATA FOLDER:
  DIR may hold any of these four files (a missing one is noted on standard error and skipped;
  at least one must be there). In the .jsonl files every non-blank line is one JSON object;
  boards are arrays of strings, one per row, all of the same length.

  formula1.jsonl      {\"id\": \"...\", \"rows\": R, \"cols\": C, \"grid\": [\"**..\", \"....\", ...],
                       \"hamiltonian_cycles\": \"2\"}
      `.` free, `*` blocked; the count of Hamiltonian cycles (Timus 1519), a decimal string.
  cycle_covers.jsonl  {\"id\", \"rows\", \"cols\", \"grid\", \"cycle_covers\": \"3\"}
      the same grids; the number of covers of the free cells by disjoint cycles (HDU 1693).
  rocket_mania.jsonl  {\"id\", \"kind\", \"board\": [9 rows of 6 tiles from `.-LT+`],
                       \"all_matches_best\": 4, \"single_match_row\": 1, \"single_match_best\": 1}
      both variants are solved (ZOJ 2126: every match lit; ZOJ 2125: only the match of the
      1-based row single_match_row) and each returned rotation is re-simulated: one check
      per record.
  sequences.json      {\"A003763_...\": {\"1\": \"1\", \"2\": \"6\", ...}, ...}
      one JSON object: keys start with an OEIS A-number, values map n (a decimal string) to
      the term (a decimal string). Checked: A003763 (Hamiltonian cycles of the 2n x 2n
      board) for n <= 9, A004003 (domino tilings of the 2n x 2n board) for n <= 20, A120443
      (Hamiltonian paths of the n x n board) for n <= 15, A001168 / A000988 / A000105 (fixed /
      one-sided / free polyominoes) for n <= 36, A002931 (self-avoiding polygons of perimeter
      2n) for n <= 20; other terms and sequences are counted as skipped.

  `id` names a record in the failure lines (the file and line number when it is missing).
  Without DIR the small sample shipped with the crate is read: plugdp/examples/data/. Any
  folder of files in these formats can be checked.

OUTPUT:
  Standard output: one line per failed check (`ID: expected ..., got ...`), then
  `N passed, M failed, K skipped`. A progress line (the file and record being checked) is
  drawn on standard error.

EXIT STATUS:
  0 when every check passes, 1 when one fails, 2 for bad arguments, a folder that cannot be
  read or holds none of the four files, or data in which nothing could be checked.";

/// Checks the plug DP solvers (Hamiltonian cycles and paths, cycle covers, domino tilings,
/// Rocket Mania, polyominoes, self-avoiding polygons) against a folder of conformance data.
#[derive(Parser)]
#[command(name = "plugdp_conformance", after_help = AFTER_HELP)]
struct Args {
    /// Folder of conformance data [default: the shipped sample, plugdp/examples/data].
    #[arg(value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Worker threads for the big counts (default: every available core; the results do not
    /// depend on it). Requests above the available cores are clamped to them.
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "plugdp_conformance";

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
    let args = Args::parse();
    let dir = args
        .dir
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/data"));
    if !dir.is_dir() {
        let what = if dir.exists() {
            "is not a folder"
        } else {
            "does not exist"
        };
        return cli::fail(
            PROG,
            format_args!(
                "{} {what}: expected a folder holding formula1.jsonl, cycle_covers.jsonl, rocket_mania.jsonl and/or sequences.json (see --help)",
                dir.display()
            ),
        );
    }
    let threads = cli::threads(PROG, args.threads);
    let progress = cli::Progress::start(PROG, args.progress, "starting");
    let mut t = Tally::default();
    let mut found = 0;
    for (file, field, solve) in [
        (
            "formula1.jsonl",
            "hamiltonian_cycles",
            hamiltonian_cycles as fn(&Grid, &Options) -> _,
        ),
        ("cycle_covers.jsonl", "cycle_covers", cycle_covers),
    ] {
        let records = match records(&dir.join(file)) {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(e) => return cli::fail(PROG, e),
        };
        found += 1;
        for (i, record) in records.iter().enumerate() {
            progress.set(format!("{file} {}/{}", i + 1, records.len()));
            let id = record_id(record, file, i);
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
                .and_then(|g| solve(&g, &Options::default().with_threads(threads.get())))
                .map(|v| v.to_string());
            t.check(&id, expected, got);
        }
    }
    let file = "rocket_mania.jsonl";
    match records(&dir.join(file)) {
        Ok(Some(records)) => {
            found += 1;
            for (i, record) in records.iter().enumerate() {
                progress.set(format!("{file} {}/{}", i + 1, records.len()));
                let id = record_id(record, file, i);
                t.check(&id, Some("ok"), rocket_record(record));
            }
        }
        Ok(None) => {}
        Err(e) => return cli::fail(PROG, e),
    }
    let path = dir.join("sequences.json");
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            found += 1;
            match serde_json::from_str::<Value>(&text) {
                Ok(Value::Object(seqs)) => check_sequences(&seqs, threads, &progress, &mut t),
                Ok(_) => {
                    println!("sequences.json: not a JSON object");
                    t.failed += 1;
                }
                Err(e) => {
                    println!("sequences.json: bad JSON: {e}");
                    t.failed += 1;
                }
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("{PROG}: note: {} not found: skipped", path.display());
        }
        Err(e) => {
            return cli::fail(PROG, format_args!("cannot read {}: {e}", path.display()));
        }
    }
    drop(progress);
    if found == 0 {
        return cli::fail(
            PROG,
            format_args!(
                "{} holds none of formula1.jsonl, cycle_covers.jsonl, rocket_mania.jsonl, sequences.json (see --help)",
                dir.display()
            ),
        );
    }
    println!(
        "{} passed, {} failed, {} skipped",
        t.passed, t.failed, t.skipped
    );
    if t.failed > 0 {
        ExitCode::from(1)
    } else if t.passed == 0 {
        cli::fail(
            PROG,
            format_args!("nothing was checked in {}", dir.display()),
        )
    } else {
        ExitCode::SUCCESS
    }
}

/// A record's `id`, or `FILE:LINE` (counting non-blank lines) when it has none.
fn record_id(record: &Value, file: &str, i: usize) -> String {
    record["id"]
        .as_str()
        .map_or(format!("{file}:{}", i + 1), str::to_string)
}

/// Checks the OEIS terms of `sequences.json`; the expensive tables are computed only when a
/// sequence needs them.
fn check_sequences(
    seqs: &serde_json::Map<String, Value>,
    threads: NonZeroUsize,
    progress: &cli::Progress,
    t: &mut Tally,
) {
    let options = Options::default().with_threads(threads.get());
    // The largest term each table needs (the tables cover every size up to it).
    let needed = |prefixes: &[&str], max: u64| {
        seqs.iter()
            .filter(|(k, _)| prefixes.iter().any(|p| k.starts_with(p)))
            .filter_map(|(_, terms)| terms.as_object())
            .flat_map(|terms| terms.keys().filter_map(|n| n.parse::<u64>().ok()))
            .filter(|n| (1..=max).contains(n))
            .max()
            .unwrap_or(1) as usize
    };
    let counts_max = needed(&["A001168", "A000988", "A000105"], POLYOMINO_MAX);
    let polygon_max = needed(&["A002931"], A002931_MAX);
    let mut polys = None;
    let mut polygons = None;
    for (key, terms) in seqs {
        let Some(terms) = terms.as_object() else {
            println!("sequences.json: {key} is not an object of terms");
            t.failed += 1;
            continue;
        };
        for (n, value) in terms {
            let n: u64 = n.parse().unwrap_or(0);
            let what = format!("{key} n={n}");
            progress.set(format!("sequences.json {what}"));
            let side = 2 * n as usize;
            let poly = |k: usize, polys: &mut Option<Result<Vec<_>, _>>| {
                polys
                    .get_or_insert_with(|| polyomino_counts(counts_max, &options))
                    .as_ref()
                    .map_err(Clone::clone)
                    .map(|p: &Vec<Counts<u128>>| {
                        let c = p[n as usize - 1];
                        [c.fixed, c.one_sided, c.free][k].to_string()
                    })
            };
            let got = if key.starts_with("A003763") && (1..=A003763_MAX).contains(&n) {
                Grid::new(side, side)
                    .and_then(|g| hamiltonian_cycles(&g, &options.with_max_bytes(8 << 30)))
                    .map(|v| v.to_string())
            } else if key.starts_with("A001168") && (1..=POLYOMINO_MAX).contains(&n) {
                poly(0, &mut polys)
            } else if key.starts_with("A000988") && (1..=POLYOMINO_MAX).contains(&n) {
                poly(1, &mut polys)
            } else if key.starts_with("A000105") && (1..=POLYOMINO_MAX).contains(&n) {
                poly(2, &mut polys)
            } else if key.starts_with("A002931") && (1..=A002931_MAX).contains(&n) {
                polygons
                    .get_or_insert_with(|| {
                        plugdp::self_avoiding_polygons(polygon_max, &plugdp::Options::default())
                    })
                    .as_ref()
                    .map_err(Clone::clone)
                    .map(|p| p[n as usize].to_string())
            } else if key.starts_with("A120443") && (1..=A120443_MAX).contains(&n) {
                Grid::new(n as usize, n as usize)
                    .and_then(|g| hamiltonian_paths(&g, &options.with_max_bytes(8 << 30)))
                    .map(|v| v.to_string())
            } else if key.starts_with("A004003") && (1..=A004003_MAX).contains(&n) {
                Grid::new(side, side)
                    .and_then(|g| domino_tilings(&g, &plugdp::Options::default()))
                    .map(|v| v.to_string())
            } else {
                t.skipped += 1;
                continue;
            };
            t.check(&what, value.as_str(), got);
        }
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
            let plan = rocket_mania(&board, &lit, &plugdp::Options::default())?;
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

/// The JSON records of a `.jsonl` file: `None` (with a note on standard error) when it does not
/// exist, an error when it cannot be read. A malformed line is kept as a record without fields,
/// which then fails its check.
fn records(path: &Path) -> Result<Option<Vec<Value>>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
                .collect(),
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("{PROG}: note: {} not found: skipped", path.display());
            Ok(None)
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}
