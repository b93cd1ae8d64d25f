//! Checks the sharded sweep and the polyomino units, run through timely dataflow on several
//! worker threads, against the OEIS terms of a `sequences.json` file (the format of the
//! plug DP's conformance data; by default the sample in `plugdp/examples/data`).
//!
//! ```text
//! cargo run --release -p family-cluster --example cluster_conformance
//! cargo run --release -p family-cluster --example cluster_conformance -- ../shared/data/plugdp/sequences.json --workers 3
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use family_cluster::{BoardCount, BoardSweep, Cluster, ClusterError, SweepSettings, count_units};
use plugdp::{Grid, Options, PolyominoUnit};
use serde_json::Value as Json;

/// Largest n checked for A003763 (Hamiltonian cycles of the 2n × 2n board: 14 × 14).
const CYCLES_MAX: u64 = 7;
/// Largest n checked for A120443 (Hamiltonian paths of the n × n board).
const PATHS_MAX: u64 = 8;
/// Largest n checked for A001168 (fixed polyominoes).
const FIXED_MAX: u64 = 24;

#[derive(Parser, Debug)]
#[command(
    about = "Checks family-cluster's sharded sweep and polyomino units (on worker threads, through timely dataflow) against OEIS terms",
    long_about = "Checks family-cluster's sharded sweep and polyomino units, run through timely dataflow on worker threads, against the OEIS terms of a sequences.json file: a JSON object whose keys start with an OEIS A-number (A003763_..., A120443_..., A001168_...) and whose values map each index n (a decimal string) to the term (a decimal string). Checked: A003763 (Hamiltonian cycles of the 2n x 2n board) for n <= 7, A120443 (Hamiltonian paths of the n x n board) for n <= 8, A001168 (fixed polyominoes) for n <= 24; other terms and sequences are counted as skipped. Exits 1 if a term differs."
)]
struct Args {
    /// The sequences file (default: the plug DP's sample, plugdp/examples/data/sequences.json).
    path: Option<PathBuf>,
    /// Worker threads, each a shard.
    #[arg(long, default_value_t = 2)]
    workers: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let path = args.path.unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../plugdp/examples/data/sequences.json")
    });
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cluster_conformance: cannot read {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let sequences: serde_json::Map<String, Json> = match serde_json::from_str(&text) {
        Ok(Json::Object(m)) => m,
        Ok(_) => {
            eprintln!(
                "cluster_conformance: {} is not a JSON object",
                path.display()
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("cluster_conformance: {}: bad JSON: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let workers = args.workers.max(1);
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    let mut fixed: Option<Result<Vec<u128>, ClusterError>> = None;
    for (key, terms) in &sequences {
        let Json::Object(terms) = terms else {
            println!("{key}: not an object of terms");
            failed += 1;
            continue;
        };
        for (n, expected) in terms {
            let n: u64 = n.parse().unwrap_or(0);
            let expected = expected.as_str().unwrap_or("");
            let got = if key.starts_with("A003763") && (1..=CYCLES_MAX).contains(&n) {
                let side = 2 * n as usize;
                count(side, side, BoardCount::HamiltonianCycles, workers)
            } else if key.starts_with("A120443") && (1..=PATHS_MAX).contains(&n) {
                count(
                    n as usize,
                    n as usize,
                    BoardCount::HamiltonianPaths,
                    workers,
                )
            } else if key.starts_with("A001168") && (1..=FIXED_MAX).contains(&n) {
                fixed
                    .get_or_insert_with(|| polyominoes(FIXED_MAX as usize, workers))
                    .clone()
                    .map(|counts| counts[n as usize].to_string())
            } else {
                skipped += 1;
                continue;
            };
            match got {
                Ok(got) if got == expected => passed += 1,
                Ok(got) => {
                    println!("{key} n={n}: expected {expected}, got {got}");
                    failed += 1;
                }
                Err(e) => {
                    println!("{key} n={n}: {e}");
                    failed += 1;
                }
            }
        }
    }
    println!(
        "cluster_conformance: {passed} passed, {failed} failed, {skipped} skipped ({workers} workers)"
    );
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Hamiltonian cycles or paths of the free rows × cols board, sharded over `workers` threads.
fn count(
    rows: usize,
    cols: usize,
    count: BoardCount,
    workers: usize,
) -> Result<String, ClusterError> {
    let job = BoardSweep::new(&Grid::new(rows, cols)?, count)?;
    let guards = timely::execute(Cluster::single(workers)?.config(), move |worker| {
        job.run(worker, &SweepSettings::default(), |_| {})
    })
    .map_err(ClusterError::Setup)?;
    let mut answer = None;
    for result in guards.join() {
        let result = result.map_err(ClusterError::Setup)??;
        answer = answer.or(result);
    }
    Ok(answer.map(|c| c.to_string()).unwrap_or_default())
}

/// Fixed polyominoes of sizes 0..=n as exact width units over `workers` threads.
fn polyominoes(n: usize, workers: usize) -> Result<Vec<u128>, ClusterError> {
    let guards = timely::execute(Cluster::single(workers)?.config(), move |worker| {
        let units = PolyominoUnit::all(n, 0)?;
        count_units(worker, &units, &Options::default(), |_| None, |_, _| {})
    })
    .map_err(ClusterError::Setup)?;
    let mut results = None;
    for result in guards.join() {
        let result = result.map_err(ClusterError::Setup)??;
        results = results.or(result);
    }
    let results = results.unwrap_or_default();
    Ok(plugdp::merge_units(n, 0, &results)?)
}
