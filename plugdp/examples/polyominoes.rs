//! Counts the fixed polyominoes of every size 1..=N by transfer matrix (Jensen's method), the
//! bounding-box widths shared among the machine's threads, and prints `n fixed` per size
//! (with `--classes`, `n fixed one_sided free`).
//!
//! ```text
//! cargo run --release -p plugdp --example polyominoes -- 20
//! cargo run --release -p plugdp --example polyominoes -- 20 --classes
//! cargo run --release -p plugdp --example polyominoes -- --help
//! ```

#[path = "support/budget.rs"]
mod budget;
use family_support::cli;

use std::process::ExitCode;

use clap::Parser;

const AFTER_HELP: &str = "\
OUTPUT (standard output):
  One line per size n = 1..=N, two decimal numbers separated by a single space:
      n fixed
  the number of fixed polyominoes (distinct up to translation) with n cells, OEIS A001168;
  for example `4 19`. With --classes, four numbers per line:
      n fixed one_sided free
  adding the one-sided (up to rotation, A000988) and free (up to rotation and reflection,
  A000105) counts, for example `4 19 7 5`. Nothing else is written to standard output.

COST:
  On one core all sizes up to 24 take about 0.5 s, up to 28 about 3 s, up to 30 about 8 s; on
  two cores up to 32 about 20 s and up to 36 (the largest accepted) about two minutes and 700 MB.
  Sizes above 33 count in 128 bits (the count of size 36 is above 2^64). --classes adds the
  symmetric transfer matrices of Burnside's lemma: on two cores up to 32 about 35 s in all,
  up to 36 about four minutes. A progress line (elapsed time) is drawn on standard error while
  it runs.

EXIT STATUS:
  0 with the table, 2 for a bad argument (clap's usage errors included).";

/// Counts the fixed polyominoes of sizes 1..=N (OEIS A001168) by transfer matrix.
#[derive(Parser)]
#[command(name = "polyominoes", after_help = AFTER_HELP)]
struct Args {
    /// Largest size to count, 1..=36.
    #[arg(value_name = "N", value_parser = parse_size)]
    n: usize,
    /// Worker threads (default: every available core; the counts do not depend on it). Requests
    /// above the available cores are clamped to them.
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// Print the one-sided and free counts too (Burnside's lemma over symmetric transfer
    /// matrices).
    #[arg(long)]
    classes: bool,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
    #[command(flatten)]
    budget: budget::BudgetArgs,
}

fn parse_size(s: &str) -> Result<usize, String> {
    let max = plugdp::MAX_POLYOMINO_SIZE;
    let n: usize = s
        .parse()
        .map_err(|_| format!("`{s}` is not a size (a whole number 1..={max})"))?;
    match n {
        0 => Err("sizes start at 1".into()),
        n if n > max => Err(format!("sizes above {max} are not supported")),
        n => Ok(n),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads = cli::threads("polyominoes", args.threads);
    let progress = cli::Progress::start(
        "polyominoes",
        args.progress,
        format!(
            "counting {} polyominoes up to size {} on {threads} thread(s)",
            if args.classes {
                "fixed, one-sided and free"
            } else {
                "fixed"
            },
            args.n
        ),
    );
    let options = args
        .budget
        .apply(plugdp::Options::default().with_threads(threads.get()));
    let lines = if args.classes {
        plugdp::polyomino_counts(args.n, &options).map(|counts| {
            counts
                .iter()
                .map(|c| format!("{} {} {} {}", c.size, c.fixed, c.one_sided, c.free))
                .collect::<Vec<_>>()
        })
    } else {
        plugdp::fixed_polyominoes(args.n, &options).map(|counts| {
            counts
                .iter()
                .enumerate()
                .skip(1)
                .map(|(k, c)| format!("{k} {c}"))
                .collect()
        })
    };
    drop(progress);
    match lines {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => cli::fail("polyominoes", e),
    }
}
