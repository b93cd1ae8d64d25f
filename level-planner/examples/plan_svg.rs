//! Builds an instance in code (a 16 × 20 floor with pillars and a wall, seven levels), plans it
//! and draws the plan as an SVG picture.
//!
//! ```text
//! cargo run --release -p level-planner --example plan_svg                  # level-plan.svg
//! cargo run --release -p level-planner --example plan_svg -- OUT.svg
//! cargo run --release -p level-planner --example plan_svg -- --help
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use family_support::cli;
use level_planner::svg::{SvgOptions, ToSvg};
use level_planner::{Instance, Params, PlanError, PlanOptions, Site, VirtualLevel, plan};

fn instance() -> Result<Instance, PlanError> {
    let site = Site::from_rows(&[
        "....................",
        "....................",
        "...##..........##...",
        "...##..........##...",
        "....................",
        "..........#.........",
        "..........#.........",
        "..........#.........",
        "..........#.........",
        "..........#.........",
        "....................",
        "...##..........##...",
        "...##..........##...",
        "....................",
        "....................",
        "....................",
    ])?;
    let levels = vec![
        VirtualLevel::from_rows(0.0, 0.0, &["##", "##"])?,
        VirtualLevel::from_rows(2.5, 0.0, &["###", "#.."])?,
        VirtualLevel::from_rows(2.0, 90.0, &[".#.", "###", ".#."])?,
        VirtualLevel::from_rows(2.5, 90.0, &["####"])?,
        VirtualLevel::from_rows(2.0, 90.0, &["##.", ".##", "..#"])?,
        VirtualLevel::from_rows(3.0, 45.0, &["#.#", "###"])?,
        VirtualLevel::from_rows(2.0, 270.0, &["###", "###"])?,
    ];
    let params = Params {
        spin_step_deg: 15.0,
        ..Params::default()
    };
    Instance::new(site, levels, params)
}

const AFTER_HELP: &str = "\
THE INSTANCE:
  A 16 x 20 floor of 0.5 m cells with four pillars and a wall, and seven virtual levels (spin
  step 15 degrees), built in the example's code.

OUTPUT:
  The plan as text on standard output (each level's cells as a letter), then an SVG picture of
  it written to OUTPUT, replacing it; `-` writes the picture to standard output instead. Then
  one line, `wrote OUTPUT: ...` (on standard error when the picture goes to standard output).

EXIT STATUS:
  0 when the picture is written, 1 when there is no plan or OUTPUT cannot be written, 2 for
  bad arguments.";

/// Plans a fixed instance (a floor with pillars and a wall, seven levels) and draws the plan as
/// an SVG picture.
#[derive(Parser)]
#[command(name = "plan_svg", after_help = AFTER_HELP)]
struct Args {
    /// Where to write the picture (`-`: standard output).
    #[arg(value_name = "OUTPUT", default_value = "level-plan.svg")]
    output: PathBuf,
}

const PROG: &str = "plan_svg";

fn main() -> ExitCode {
    let args = Args::parse();
    let p = match instance().and_then(|i| plan(&i, &PlanOptions::default())) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{PROG}: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if args.output.as_os_str() != "-" {
        println!("{p}\n");
    }
    let title = format!(
        "{} levels, {} cells covered, total deviation {:.1}°",
        p.levels().len(),
        p.covered(),
        p.deviation_deg()
    );
    let svg = match p.to_svg(&SvgOptions::default().with_title(title.as_str())) {
        Ok(svg) => svg,
        Err(e) => {
            eprintln!("{PROG}: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match cli::write_output(PROG, &args.output, &svg, &title) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
