//! Plans one instance file and prints the plan as JSON (the spec's format).
//!
//! ```text
//! cargo run --release -p level-planner --example plan -- INSTANCE.json [--reference] [--draw]
//! ```
//!
//! `--reference` uses the literal planner instead of the fast one; `--draw` also prints the site
//! with the levels drawn (and the plan's metrics) to stderr. Exit status: 0 with a plan or a
//! planning error printed as `{"error": ...}`, 2 when the file cannot be read.

#[path = "support/json.rs"]
mod json;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reference = args.iter().any(|a| a == "--reference");
    let draw = args.iter().any(|a| a == "--draw");
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let [file] = files.as_slice() else {
        eprintln!("usage: plan INSTANCE.json [--reference] [--draw]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("plan: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let result = json::parse_instance(&text).and_then(|inst| {
        if reference {
            level_planner::plan_reference(&inst)
        } else {
            level_planner::plan(&inst)
        }
    });
    println!("{}", json::plan_json(&result));
    if draw && let Ok(p) = &result {
        eprintln!("{}", p.render());
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
