//! Counts the fixed, one-sided and free polyominoes of every size 1..=N by Redelmeier's
//! enumeration (OEIS A001168, A000988, A000105) and prints one line `n fixed one_sided free`
//! per size.
//!
//! ```text
//! cargo run --release -p polyomino --example count -- 16
//! cargo run --release -p polyomino --example count -- --help
//! ```

#[path = "support/cli.rs"]
mod cli;

use std::process::ExitCode;

use clap::Parser;

/// Largest size this example accepts: the enumeration visits every fixed polyomino, about 4.1
/// times more for each extra cell (all sizes up to 16 take 0.4 s on one core, up to 20 about two
/// minutes, up to 22 about half an hour).
const COUNT_MAX: usize = 22;

const AFTER_HELP: &str = "\
OUTPUT (standard output):
  One line per size n = 1..=N, four decimal numbers separated by single spaces:
      n fixed one_sided free
  for example `4 19 7 5`. Nothing else is written to standard output.

COST:
  Redelmeier's enumeration visits every fixed polyomino once: all sizes up to 16 take about
  0.4 s on one core, each further size about 4.1 times longer (20: about two minutes, 22: about
  half an hour). Sizes above 22 are refused; the transfer-matrix count of the plugdp crate
  (`cargo run --release -p plugdp --example polyominoes -- N`) reaches N = 30 in about a minute.
  A progress line (elapsed time) is drawn on standard error while it runs.

EXIT STATUS:
  0 with the table, 2 for a bad argument (clap's usage errors included).";

/// Counts the fixed, one-sided and free polyominoes of sizes 1..=N (OEIS A001168, A000988,
/// A000105) by Redelmeier's enumeration.
#[derive(Parser)]
#[command(name = "count", after_help = AFTER_HELP)]
struct Args {
    /// Largest size to count, 1..=22.
    #[arg(value_name = "N", value_parser = parse_size)]
    n: usize,
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
        .map_err(|_| format!("`{s}` is not a size (a whole number 1..={COUNT_MAX})"))?;
    match n {
        0 => Err("sizes start at 1".into()),
        n if n > COUNT_MAX => Err(format!(
            "sizes above {COUNT_MAX} would take hours with this enumeration; the plugdp example \
             `polyominoes` counts fixed polyominoes up to 30 by transfer matrix"
        )),
        n => Ok(n),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads = cli::threads("count", args.threads);
    let progress = cli::Progress::start(
        "count",
        args.progress,
        format!(
            "counting polyominoes up to size {} on {threads} thread(s)",
            args.n
        ),
    );
    let options = polyomino::enumerate::Options::default().with_threads(threads.get());
    let result = polyomino::enumerate::counts_up_to(args.n, &options);
    drop(progress);
    match result {
        Ok(rows) => {
            for c in rows {
                println!("{} {} {} {}", c.size, c.fixed, c.one_sided, c.free);
            }
            ExitCode::SUCCESS
        }
        Err(e) => cli::fail("count", e),
    }
}
