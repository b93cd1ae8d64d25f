//! Builds an instance in code (a 16 × 20 floor with pillars and a wall, seven levels), plans it
//! and draws the plan as an SVG picture.
//!
//! ```text
//! cargo run --release -p level-planner --example plan_svg [-- OUTPUT.svg]
//! ```
//!
//! Writes `level-plan.svg` in the current directory unless a path is given, prints the plan as
//! ASCII and where it wrote.

use std::process::ExitCode;

use level_planner::svg::{SvgOptions, render};
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

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "level-plan.svg".to_string());
    let p = match instance().and_then(|i| plan(&i, &PlanOptions::default())) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("plan_svg: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{}\n", p.render());
    let title = format!(
        "{} levels, {} cells covered, total deviation {:.1}°",
        p.levels().len(),
        p.covered(),
        p.deviation_deg()
    );
    let svg = match render(&p, &SvgOptions::default().with_title(title)) {
        Ok(svg) => svg,
        Err(e) => {
            eprintln!("plan_svg: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(&path, svg) {
        eprintln!("plan_svg: cannot write {path}: {e}");
        return ExitCode::FAILURE;
    }
    println!("wrote {path}");
    ExitCode::SUCCESS
}
