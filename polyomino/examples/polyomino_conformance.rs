//! Checks the polyomino counts of [`polyomino::enumerate`] against a file of OEIS terms in the
//! format of the project's `sequences.json` (a small sample ships in `examples/data/`).
//!
//! ```text
//! cargo run --release -p polyomino --example polyomino_conformance                  # the shipped sample
//! cargo run --release -p polyomino --example polyomino_conformance -- FILE_OR_DIR [--max N]
//! cargo run --release -p polyomino --example polyomino_conformance -- --help
//! ```

use family_support::cli;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use polyomino::enumerate;

/// Largest `--max` (the same enumeration as the `count` example: each size costs about 4.1 times
/// the previous one; all sizes up to 22 take about half an hour).
const MAX_MAX: usize = 22;

const AFTER_HELP: &str = "\
INPUT FILE (sequences.json):
  One JSON object. Each key names an OEIS sequence and starts with its A-number (for example
  \"A001168_fixed_polyominoes\"); each value is an object mapping the index n, written as a
  decimal string, to the term, written as a decimal string (a JSON integer is accepted too):

      {\"A001168_fixed_polyominoes\": {\"1\": \"1\", \"2\": \"2\", \"3\": \"6\", \"4\": \"19\"},
       \"A000105_free_polyominoes\": {\"0\": \"1\", \"1\": \"1\", \"2\": \"1\", \"3\": \"2\"}}

  Checked: A001168 (fixed), A000988 (one-sided) and A000105 (free) for 1 <= n <= --max. Every
  other term (n = 0, n above --max, other sequences, non-numeric indices) is counted as skipped.
  When FILE_OR_DIR is a folder, its `sequences.json` is read.

DATA:
  Without an argument the small sample shipped with the crate is read:
      polyomino/examples/data/sequences.json
  Any file in the same format can be given instead, for example one holding more OEIS
  terms (check large ones with a higher --max).

OUTPUT:
  Standard output: one line per failed term (`KEY n=N: expected \"...\", computed ...`), then
  `P passed, F failed, S skipped`. A progress line (elapsed time) is drawn on standard error
  while the counts are computed.

EXIT STATUS:
  0 when every checked term matches, 1 when one does not, 2 for bad arguments, an unreadable
  or malformed file, or a file in which no term could be checked.";

/// Checks the fixed, one-sided and free polyomino counts against a file of OEIS terms.
#[derive(Parser)]
#[command(name = "polyomino_conformance", after_help = AFTER_HELP)]
struct Args {
    /// A `sequences.json` file, or a folder holding one [default: the shipped sample,
    /// polyomino/examples/data/sequences.json].
    #[arg(value_name = "FILE_OR_DIR")]
    path: Option<PathBuf>,
    /// Check the terms with 1 <= n <= N (at most 22).
    #[arg(long, value_name = "N", default_value_t = 16,
          value_parser = clap::value_parser!(u32).range(1..=MAX_MAX as i64))]
    max: u32,
    /// Worker threads (default: every available core; the counts do not depend on it). Requests
    /// above the available cores are clamped to them.
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "polyomino_conformance";

fn main() -> ExitCode {
    let args = Args::parse();
    let max = args.max as usize;
    let path = args.path.unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/data/sequences.json")
    });
    let path = if path.is_dir() {
        path.join("sequences.json")
    } else {
        path
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => return cli::fail(PROG, format_args!("cannot read {}: {e}", path.display())),
    };
    if text.trim().is_empty() {
        return cli::fail(
            PROG,
            format_args!(
                "{} is empty: expected a JSON object of OEIS sequences (see --help)",
                path.display()
            ),
        );
    }
    let json: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return cli::fail(PROG, format_args!("{}: bad JSON: {e}", path.display())),
    };
    let Some(sequences) = json.as_object() else {
        return cli::fail(
            PROG,
            format_args!(
                "{}: the top level is not a JSON object of sequences",
                path.display()
            ),
        );
    };

    let threads = cli::threads(PROG, args.threads);
    let progress = cli::Progress::start(
        PROG,
        args.progress,
        format!("counting polyominoes up to size {max} on {threads} thread(s)"),
    );
    let counts = enumerate::counts_up_to(
        max,
        &enumerate::Options::default().with_threads(threads.get()),
    );
    drop(progress);
    let counts = match counts {
        Ok(c) => c,
        Err(e) => return cli::fail(PROG, e),
    };
    let (mut passed, mut failed, mut skipped) = (0u64, 0u64, 0u64);
    for (key, terms) in sequences {
        let pick: Option<fn(&enumerate::Counts) -> u64> = match key.get(..7) {
            Some("A001168") => Some(|c| c.fixed),
            Some("A000988") => Some(|c| c.one_sided),
            Some("A000105") => Some(|c| c.free),
            _ => None,
        };
        let Some(terms) = terms.as_object() else {
            println!("{key}: not an object of terms");
            failed += 1;
            continue;
        };
        for (n, value) in terms {
            let n: Option<usize> = n.parse().ok();
            let value = value
                .as_str()
                .map(str::to_string)
                .or_else(|| value.as_u64().map(|v| v.to_string()));
            match (pick, n) {
                (Some(pick), Some(n)) if (1..=max).contains(&n) => {
                    let ours = pick(&counts[n - 1]).to_string();
                    if value.as_deref() == Some(ours.as_str()) {
                        passed += 1;
                    } else {
                        println!("{key} n={n}: expected {value:?}, computed {ours}");
                        failed += 1;
                    }
                }
                _ => skipped += 1,
            }
        }
    }
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    if failed > 0 {
        ExitCode::from(1)
    } else if passed == 0 {
        cli::fail(
            PROG,
            format_args!(
                "{}: no term of A001168, A000988 or A000105 with 1 <= n <= {max}: nothing was checked",
                path.display()
            ),
        )
    } else {
        ExitCode::SUCCESS
    }
}
