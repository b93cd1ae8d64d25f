//! Replays a folder of planner conformance data: for every `NAME.plan.json` in DIR, plans
//! `NAME.json` with both planners and compares each result with the expected plan (a small
//! sample ships in `examples/data/`; the formats are in `--help`).
//!
//! ```text
//! cargo run --release -p level-planner --example planner_conformance            # the sample
//! cargo run --release -p level-planner --example planner_conformance -- DIR
//! cargo run --release -p level-planner --example planner_conformance -- --help
//! ```

#[path = "support/json.rs"]
mod json;

use family_support::cli;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use serde_json::Value;

const AFTER_HELP: &str = "\
DATA FOLDER:
  Every file NAME.plan.json in DIR (not in its subfolders) is a check: the instance is
  NAME.json beside it. Both are JSON in the formats of the crate documentation
  (section \"Instance files (JSON)\"):

  NAME.json       the instance, as read by the `plan` example (see `plan --help`):
                  {\"site\": [\"....#...\", ...], \"levels\": [{\"dist_m\": 3.0, \"deflex_deg\": 90.0,
                   \"shape\": [\"##\", \"#.\"]}, ...], \"spin_step_deg\": 1.0,
                   \"tolerance\": {\"ratio\": [0.86, 1.26]} or {\"abs_m\": 0.5}}
  NAME.plan.json  the expected plan, {\"levels\": [{\"row\": i, \"col\": j, \"spin_deg\": a}, ...],
                   \"covered\": n, \"deviation_deg\": d}, or {\"error\": \"...\"} when no plan exists.

  Both planners (fast and reference) plan each instance; `row`, `col` and `covered` must match
  exactly, `spin_deg` and `deviation_deg` within 1e-6; for an expected error, only that an
  error is returned. Other files (traces, READMEs, subfolders) are ignored.

  Without DIR the small sample shipped with the crate is read: level-planner/examples/data/.
  Any folder of NAME.json / NAME.plan.json pairs in these formats can be given instead.

OUTPUT:
  Standard output: one line per failed instance (`NAME: ...`), then `N passed, M failed` (one
  check per instance). A progress line (the instance being planned) is drawn on standard
  error.

EXIT STATUS:
  0 when every instance passes, 1 when one fails, 2 for bad arguments, a folder that cannot
  be read or holds no NAME.plan.json.";

/// Replays a folder of level-planner conformance data (instances and expected plans) through
/// both planners.
#[derive(Parser)]
#[command(name = "planner_conformance", after_help = AFTER_HELP)]
struct Args {
    /// Folder of NAME.json / NAME.plan.json pairs [default: the shipped sample,
    /// level-planner/examples/data].
    #[arg(value_name = "DIR")]
    dir: Option<PathBuf>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "planner_conformance";

fn main() -> ExitCode {
    let args = Args::parse();
    let dir = args
        .dir
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/data"));
    let entries = match std::fs::read_dir(&dir) {
        Ok(e) => e,
        Err(e) => {
            return cli::fail(
                PROG,
                format_args!(
                    "cannot read the folder {}: {e} (expected a folder of NAME.json / NAME.plan.json pairs, see --help)",
                    dir.display()
                ),
            );
        }
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| !t.is_dir()))
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter_map(|n| n.strip_suffix(".plan.json").map(str::to_string))
        .collect();
    names.sort();
    if names.is_empty() {
        return cli::fail(
            PROG,
            format_args!(
                "{} holds no NAME.plan.json file: nothing to check (see --help)",
                dir.display()
            ),
        );
    }
    let progress = cli::Progress::start(PROG, args.progress, "starting");
    let (mut passed, mut failed) = (0, 0);
    for (k, name) in names.iter().enumerate() {
        progress.set(format!("{}/{}: {name}", k + 1, names.len()));
        match check(&dir, name) {
            Ok(()) => passed += 1,
            Err(msg) => {
                println!("{name}: {msg}");
                failed += 1;
            }
        }
    }
    drop(progress);
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn check(dir: &Path, name: &str) -> Result<(), String> {
    let read = |f: String| {
        json::read_file_capped(&dir.join(&f), json::MAX_INSTANCE_BYTES)
            .map_err(|e| format!("cannot read {f}: {e}"))
    };
    let expected: Value = serde_json::from_str(&read(format!("{name}.plan.json"))?)
        .map_err(|e| format!("expected plan: {e}"))?;
    let text = read(format!("{name}.json"))?;
    let instance = json::parse_instance(&text);
    type Planner = fn(
        &level_planner::Instance,
        &level_planner::PlanOptions,
    ) -> Result<level_planner::Plan, level_planner::PlanError>;
    let planners: [(&str, Planner); 2] = [
        ("fast", level_planner::plan),
        ("reference", level_planner::plan_reference),
    ];
    for (label, planner) in planners {
        // No budget: conformance is about the answer, whatever it costs.
        let options = level_planner::PlanOptions::default().with_max_work(u64::MAX);
        let got = json::plan_json(&instance.clone().and_then(|i| planner(&i, &options)));
        compare(&expected, &got).map_err(|m| format!("{label} planner: {m}"))?;
    }
    Ok(())
}

fn compare(expected: &Value, got: &Value) -> Result<(), String> {
    if expected.get("error").is_some() {
        return match got.get("error") {
            Some(_) => Ok(()),
            None => Err(format!("expected an error, got {got}")),
        };
    }
    if let Some(e) = got.get("error") {
        return Err(format!("expected a plan, got error {e}"));
    }
    let close = |a: &Value, b: &Value| match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => (x - y).abs() <= 1e-6,
        _ => false,
    };
    if expected["covered"] != got["covered"] {
        return Err(format!(
            "covered {} instead of {}",
            got["covered"], expected["covered"]
        ));
    }
    if !close(&expected["deviation_deg"], &got["deviation_deg"]) {
        return Err(format!(
            "deviation {} instead of {}",
            got["deviation_deg"], expected["deviation_deg"]
        ));
    }
    let (e, g) = (expected["levels"].as_array(), got["levels"].as_array());
    let (Some(e), Some(g)) = (e, g) else {
        return Err("levels missing".into());
    };
    if e.len() != g.len() {
        return Err(format!("{} levels instead of {}", g.len(), e.len()));
    }
    for (k, (a, b)) in e.iter().zip(g).enumerate() {
        if a["row"] != b["row"] || a["col"] != b["col"] || !close(&a["spin_deg"], &b["spin_deg"]) {
            return Err(format!("level {}: got {b}, expected {a}", k + 1));
        }
    }
    Ok(())
}
