//! Timus 1519 "Formula 1": counts the Hamiltonian cycles of a board with blocked cells.
//!
//! ```text
//! cargo run --release -p plugdp --example formula1 < plugdp/examples/data/timus1519-sample.txt
//! cargo run --release -p plugdp --example formula1 -- FILE
//! cargo run --release -p plugdp --example formula1 -- --help
//! ```

#[path = "support/budget.rs"]
mod budget;
use family_support::cli;

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// A board whose shorter side exceeds this gets a note that it may take very long.
const SLOW_SIDE: usize = 16;
/// The widest frontier the state encoding takes (the library refuses wider boards with
/// `PlugError::TooWide`; no note for those).
const MAX_SIDE: usize = 30;

const AFTER_HELP: &str = "\
INPUT (Timus 1519), from FILE or standard input:
  The first two whitespace-separated words are N and M (rows and columns), then come N words
  of exactly M characters each, one board row per word: `.` is a free cell, `*` a blocked one.
  Words are separated by any whitespace (normally one row per line). Nothing may follow the
  last row. Example (answer 2):

      4 4
      **..
      ....
      ....
      ....

  The classic bounds are 2 <= N, M <= 12. Larger boards work too: the count is exact (128-bit,
  then arbitrary precision), the board is turned so that its shorter side is swept, and a
  shorter side above 30 is refused. The free 16 x 16 board takes about 3 s; the cost grows
  about fivefold per extra column of the shorter side.

OUTPUT:
  Standard output: one line, the number of Hamiltonian cycles (closed tours visiting every free
  cell once, moving between edge-adjacent free cells; direction and start do not matter), in
  decimal. 0 when there is none (also for a board without free cells). A progress line (elapsed
  time) is drawn on standard error while it runs.

SAMPLES (shipped with the crate):
  plugdp/examples/data/timus1519-sample.txt   (answer 2)
  plugdp/examples/data/timus1519-12x12.txt    (answer 1076226888605605706)

EXIT STATUS:
  0 with the count, 2 for bad arguments, unreadable, empty or malformed input.";

/// Timus 1519 "Formula 1": counts the Hamiltonian cycles of a board of free and blocked cells.
#[derive(Parser)]
#[command(name = "formula1", after_help = AFTER_HELP)]
struct Args {
    /// Input file in the Timus 1519 format [default: standard input; `-` also reads it].
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// Worker threads (default: every available core; the answer does not depend on it).
    /// Requests above the available cores are clamped to them.
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
    #[command(flatten)]
    budget: budget::BudgetArgs,
}

const PROG: &str = "formula1";

fn main() -> ExitCode {
    let args = Args::parse();
    let (input, source) = match read_input(args.file.as_ref()) {
        Ok(x) => x,
        Err(e) => return cli::fail(PROG, e),
    };
    let grid = match parse(&input) {
        Ok(g) => g,
        Err(e) => return cli::fail(PROG, format_args!("{source}: {e}")),
    };
    let threads = cli::threads(PROG, args.threads);
    let side = grid.rows().min(grid.cols());
    if side > SLOW_SIDE && side <= MAX_SIDE {
        eprintln!(
            "{PROG}: note: the board's shorter side is {side}; above {SLOW_SIDE} the count may take minutes to hours and much memory"
        );
    }
    let progress = cli::Progress::start(
        PROG,
        args.progress,
        format!(
            "counting the Hamiltonian cycles of the {}x{} board on {threads} thread(s)",
            grid.rows(),
            grid.cols()
        ),
    );
    // Exact: 128 bits first, residues only if that overflows.
    let options = args
        .budget
        .apply(plugdp::Options::default().with_threads(threads.get()));
    let answer = plugdp::hamiltonian_cycles(&grid, &options).map(|v| v.to_string());
    drop(progress);
    match answer {
        Ok(v) => {
            println!("{v}");
            ExitCode::SUCCESS
        }
        Err(e) => cli::fail(PROG, e),
    }
}

/// The whole input and a name for it in messages.
fn read_input(file: Option<&PathBuf>) -> Result<(String, String), String> {
    match file {
        Some(p) if p.as_os_str() != "-" => std::fs::read_to_string(p)
            .map(|t| (t, p.display().to_string()))
            .map_err(|e| format!("cannot read {}: {e}", p.display())),
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            Ok((text, "standard input".into()))
        }
    }
}

fn parse(input: &str) -> Result<plugdp::Grid, String> {
    let mut words = input.split_whitespace();
    let Some(first) = words.next() else {
        return Err("empty input: expected `N M` and N rows of `.` and `*` (see --help)".into());
    };
    let number = |w: Option<&str>, what: &str| -> Result<usize, String> {
        let w = w.ok_or_else(|| format!("the input ends before {what}"))?;
        match w.parse::<usize>() {
            Ok(v) if v > 0 => Ok(v),
            _ => Err(format!(
                "{what} must be a positive whole number, found `{w}`"
            )),
        }
    };
    let n = number(Some(first), "N (the number of rows)")?;
    let m = number(words.next(), "M (the number of columns)")?;
    let mut rows = Vec::new();
    for i in 0..n {
        let Some(row) = words.next() else {
            return Err(format!("expected {n} rows, the input ends after {i}"));
        };
        let len = row.chars().count();
        if len != m {
            return Err(format!("row {} has {len} cells, expected M = {m}", i + 1));
        }
        if let Some(c) = row.chars().find(|&c| c != '.' && c != '*') {
            return Err(format!(
                "row {} has the character {c:?}: only `.` (free) and `*` (blocked)",
                i + 1
            ));
        }
        rows.push(row);
    }
    if let Some(extra) = words.next() {
        return Err(format!(
            "unexpected `{extra}` after the {n} rows (one board per input)"
        ));
    }
    plugdp::Grid::parse_rows(&rows, '.', '*').map_err(|e| e.to_string())
}
