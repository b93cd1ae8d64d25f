//! Counts the fixed, one-sided and free polyominoes of every size 1..=N by Redelmeier's
//! enumeration (OEIS A001168, A000988, A000105) and prints one line `n fixed one_sided free`
//! per size.
//!
//! ```text
//! cargo run --release -p polyomino --example count -- 16
//! cargo run --release -p polyomino --example count -- 20 --time-limit 60
//! cargo run --release -p polyomino --example count -- --help
//! ```

use family_support::cli;

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use polyomino::EnumerateError;
use polyomino::enumerate::{self, MAX_SIZE};

/// Largest size this example accepts without `--time-limit`: the enumeration visits every fixed
/// polyomino, about 4.1 times more for each extra cell (all sizes up to 16 take 0.4 s on one
/// core, up to 20 about two minutes, up to 22 about half an hour).
const COUNT_MAX: usize = 22;

const AFTER_HELP: &str = "\
OUTPUT (standard output):
  One line per size n = 1..=N, four decimal numbers separated by single spaces:
      n fixed one_sided free
  for example `4 19 7 5`. Nothing else is written to standard output.

COST:
  Redelmeier's enumeration visits every fixed polyomino once: all sizes up to 16 take about
  0.4 s on one core, each further size about 4.1 times longer (20: about two minutes, 22: about
  half an hour). Sizes above 22 (up to 32) would take days to years and are refused unless
  --time-limit bounds the run; the transfer-matrix count of the plugdp crate
  (`cargo run --release -p plugdp --example polyominoes -- N`) reaches N = 30 in seconds.
  A progress line (elapsed time) is drawn on standard error while it runs.

EXIT STATUS:
  0 with the table, 1 when --time-limit runs out (nothing is written to standard output, and a
  message on standard error says how far the count got), 2 for a bad argument (clap's usage
  errors included).";

/// Counts the fixed, one-sided and free polyominoes of sizes 1..=N (OEIS A001168, A000988,
/// A000105) by Redelmeier's enumeration.
#[derive(Parser)]
#[command(name = "count", after_help = AFTER_HELP)]
struct Args {
    /// Largest size to count, 1..=22 (up to 32 with --time-limit).
    #[arg(value_name = "N", value_parser = parse_size)]
    n: usize,
    /// Give up after this many seconds (a positive number; default: no limit).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Worker threads (default: every available core; the counts do not depend on it). Requests
    /// above the available cores are clamped to them.
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

fn parse_size(s: &str) -> Result<usize, String> {
    let n: usize = s
        .parse()
        .map_err(|_| format!("`{s}` is not a size (a whole number 1..={MAX_SIZE})"))?;
    match n {
        0 => Err("sizes start at 1".into()),
        n if n > MAX_SIZE => Err(format!("sizes above {MAX_SIZE} are not supported")),
        n => Ok(n),
    }
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    let bad = || format!("`{s}` is not a time limit (a positive number of seconds)");
    let secs: f64 = s.parse().map_err(|_| bad())?;
    if secs.is_nan() || secs <= 0.0 {
        return Err(bad());
    }
    // Limits too long for a Duration are no limit in practice.
    Ok(Duration::try_from_secs_f64(secs).unwrap_or(Duration::MAX))
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.n > COUNT_MAX && args.time_limit.is_none() {
        return cli::fail(
            "count",
            format_args!(
                "sizes above {COUNT_MAX} would take days with this enumeration; bound the run \
                 with --time-limit SECONDS, or use the plugdp example `polyominoes`, which \
                 counts fixed polyominoes up to 36 by transfer matrix"
            ),
        );
    }
    let threads = cli::threads("count", args.threads);
    let progress = cli::Progress::start(
        "count",
        args.progress,
        format!(
            "counting polyominoes up to size {} on {threads} thread(s)",
            args.n
        ),
    );
    // The size cap above bounds the work; the library's default node budget (about half a
    // minute) would stop sizes from 20 on.
    let mut options = enumerate::Options::default()
        .with_threads(threads.get())
        .with_max_nodes(u64::MAX);
    if let Some(limit) = args.time_limit {
        options = options.with_time_limit(limit);
    }
    let result = enumerate::counts_up_to(args.n, &options);
    drop(progress);
    match result {
        Ok(rows) => {
            for c in rows {
                println!("{} {} {} {}", c.size, c.fixed, c.one_sided, c.free);
            }
            ExitCode::SUCCESS
        }
        Err(EnumerateError::BudgetExceeded { nodes, .. }) => {
            let limit = args.time_limit.unwrap_or(Duration::MAX).as_secs_f64();
            eprintln!(
                "count: error: the time limit of {limit} s ran out after {nodes} search nodes \
                 before the counts up to size {} were complete; nothing was printed",
                args.n
            );
            ExitCode::FAILURE
        }
        Err(e) => cli::fail("count", e),
    }
}
