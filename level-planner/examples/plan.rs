//! Plans one instance file and prints the plan as JSON (the formats are described in the
//! crate documentation, section "Instance files (JSON)", and in `--help`).
//!
//! ```text
//! cargo run --release -p level-planner --example plan -- level-planner/examples/data/d02_blank8_T2_plus_ties.json
//! cargo run --release -p level-planner --example plan -- INSTANCE.json [--reference] [--draw]
//! cargo run --release -p level-planner --example plan -- --help
//! ```

#[path = "support/json.rs"]
mod json;

use family_support::cli;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use level_planner::PlanError;

const AFTER_HELP: &str = "\
INSTANCE (a JSON object), from FILE or standard input:
  {\"site\": [\"........\", \"...##...\", ...],
   \"levels\": [{\"dist_m\": 1.0, \"deflex_deg\": 0.0, \"shape\": [\".#.\", \"###\", \".#.\"]}, ...],
   \"spin_step_deg\": 90.0,
   \"tolerance\": {\"ratio\": [0.86, 1.26]}}

  site           required; the physical floor, one string per row of 0.5 m cells, all rows of
                 the same length (at most 64 columns): `.` usable, `#` unusable.
  levels         required, at least one; the virtual levels in visiting order:
    dist_m       walking distance in metres from the previous level (ignored for the first);
    deflex_deg   bearing of the leg from the previous level, in degrees counter-clockwise from
                 the direction of increasing column (rows grow downward, so up is +90);
    shape        the level's footprint, rows of 0.5 m cells: `#` a cell of the level, `.` none.
                 Its pivot is the cell at row h/2, column w/2 (rounded down) of its bounding
                 box, or its first cell in row-major order when that one is empty.
  spin_step_deg  optional, default 90; the spins tried are 0, s, 2s, ... below 360, 0.01 <= s <= 360.
  tolerance      optional, default {\"ratio\": [0.86, 1.26]}: a real leg of d metres is accepted
                 for a virtual one of v metres when lo <= d / v <= hi; or {\"abs_m\": a}: when
                 |d - v| <= a.
  Other fields are ignored. The crate documentation (section \"Instance files (JSON)\") lists
  the fields, and describes how the planner chooses a plan.

OUTPUT:
  Standard output: one line of JSON, the plan
      {\"levels\": [{\"row\": i, \"col\": j, \"spin_deg\": a}, ...], \"covered\": n, \"deviation_deg\": d}
  (0-based row and column of each level's pivot cell, its spin in degrees, the cells covered
  by all levels and the total deviation of the legs' bearings; numbers rounded to 9 decimal
  places, so 36.799999999999955 prints as 36.8), or, when there is no plan,
  {\"error\": \"...\"} (the message is repeated on standard error; for an invalid instance
  it names the offending value's path, such as levels[1].shape[0], and its line and column
  in the file). With --draw, the site with
  the levels drawn and the plan's metrics go to standard error. A progress line (elapsed time)
  is drawn on standard error while the planner runs (only long runs: the reference planner
  on many levels).

SAMPLES (shipped with the crate, each with its expected NAME.plan.json):
  level-planner/examples/data/d02_blank8_T2_plus_ties.json
  level-planner/examples/data/d07_diag14_T3_s1.json
  level-planner/examples/data/d10_err_far.json          (no plan: exit status 1)

EXIT STATUS:
  0 with a plan; 1 when the instance is valid but admits no plan (no admissible placement
  for some level); 2 for bad arguments, an unreadable or empty file, one of more than
  --max-bytes (64 MiB by default; refused from its size, or after reading that many bytes
  of standard input), or an invalid instance (malformed JSON, a missing or mistyped field,
  too many levels or columns: reading stops at the 64th level; as the plan
  format says, {\"error\": \"invalid instance: ...\"} is printed on standard output too);
  3 when the planner ran out of its budget (--max-work, --time-limit).";

/// Plans one level-planner instance (a JSON file) and prints the plan as JSON.
#[derive(Parser)]
#[command(name = "plan", after_help = AFTER_HELP)]
struct Args {
    /// The instance, a JSON file [default: standard input; `-` also reads it].
    #[arg(value_name = "INSTANCE.json")]
    file: Option<PathBuf>,
    /// Use the literal reference planner (at most 24 levels; seconds from about 12, twice as long
    /// per extra level) instead of the
    /// fast one; both return the identical plan.
    #[arg(long)]
    reference: bool,
    /// Also draw the site with the levels, and the plan's metrics, on standard error.
    #[arg(long)]
    draw: bool,
    /// Most work units the planner may spend (about 1 to 3 ns each) before giving up with
    /// exit status 3 [default: the library's, 10^10].
    #[arg(long, value_name = "UNITS")]
    max_work: Option<u64>,
    /// Give up (exit status 3) after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = cli::parse_seconds)]
    time_limit: Option<std::time::Duration>,
    /// Refuse an instance of more bytes than this (exit status 2), without reading past it.
    #[arg(long, value_name = "BYTES", default_value_t = json::MAX_INSTANCE_BYTES)]
    max_bytes: u64,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "plan";

fn main() -> ExitCode {
    let args = Args::parse();
    let (text, source) = match &args.file {
        Some(p) if p.as_os_str() != "-" => match json::read_file_capped(p, args.max_bytes) {
            Ok(t) => (t, p.display().to_string()),
            Err(e) => return cli::fail(PROG, format_args!("cannot read {}: {e}", p.display())),
        },
        _ => match json::read_capped(std::io::stdin().lock(), args.max_bytes) {
            Ok(t) => (t, "standard input".to_string()),
            Err(e) => return cli::fail(PROG, format_args!("cannot read standard input: {e}")),
        },
    };
    if text.trim().is_empty() {
        return cli::fail(
            PROG,
            format_args!("{source} is empty: expected an instance JSON object (see --help)"),
        );
    }
    let instance = match json::parse_instance(&text) {
        Ok(i) => i,
        Err(e) => {
            println!("{}", json::plan_json(&Err(e.clone())));
            return cli::fail(PROG, format_args!("{source}: {e}"));
        }
    };
    let progress = cli::Progress::start(
        PROG,
        args.progress,
        format!(
            "planning {} levels with the {} planner",
            instance.levels().len(),
            if args.reference { "reference" } else { "fast" }
        ),
    );
    let mut options = level_planner::PlanOptions::default();
    if let Some(units) = args.max_work {
        options = options.with_max_work(units);
    }
    if let Some(limit) = args.time_limit {
        options = options.with_time_limit(limit);
    }
    let result = if args.reference {
        level_planner::plan_reference(&instance, &options)
    } else {
        level_planner::plan(&instance, &options)
    };
    drop(progress);
    println!("{}", json::plan_json(&result));
    match &result {
        Ok(p) => {
            if args.draw {
                eprintln!("{p}");
                eprintln!(
                    "covered {} cells ({:.1} % of the usable site), total deviation {:.3}°, worst leg {:.3}°, {} legs outside tolerance",
                    p.covered(),
                    100.0 * p.coverage_share(),
                    p.deviation_deg(),
                    p.worst_leg_deviation_deg(),
                    p.legs_outside_tolerance()
                );
            }
            ExitCode::SUCCESS
        }
        Err(e @ (PlanError::LegUnreachable { .. } | PlanError::NoAdmissiblePlacement { .. })) => {
            eprintln!("{PROG}: {source}: no plan: {e}");
            ExitCode::from(1)
        }
        Err(e @ PlanError::BudgetExceeded { .. }) => {
            eprintln!("{PROG}: {source}: gave up: {e} (see --max-work and --time-limit)");
            ExitCode::from(3)
        }
        Err(e) => cli::fail(PROG, format_args!("{source}: {e}")),
    }
}
