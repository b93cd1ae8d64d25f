//! Replays a folder of planner conformance data: for every `NAME.plan.json` in DIR, plans
//! `NAME.json` with both planners and compares each result with the expected plan (`row`, `col`
//! and `covered` exactly, `spin_deg` and `deviation_deg` within 1e-6; for an expected error,
//! only that an error is returned).
//!
//! ```text
//! cargo run --release -p level-planner --example planner_conformance -- DIR
//! ```
//!
//! Prints one line per failure, then `N passed, M failed` (one check per instance, both
//! planners must agree with it); exits with 1 on any failure, 2 when DIR cannot be read.

#[path = "support/json.rs"]
mod json;

use std::path::Path;
use std::process::ExitCode;

use serde_json::Value;

fn main() -> ExitCode {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: planner_conformance DIR");
        return ExitCode::from(2);
    };
    let entries = match std::fs::read_dir(&dir) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("planner_conformance: cannot read {dir}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter_map(|n| n.strip_suffix(".plan.json").map(str::to_string))
        .collect();
    names.sort();
    let (mut passed, mut failed) = (0, 0);
    for name in names {
        match check(Path::new(&dir), &name) {
            Ok(()) => passed += 1,
            Err(msg) => {
                println!("{name}: {msg}");
                failed += 1;
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn check(dir: &Path, name: &str) -> Result<(), String> {
    let read = |f: String| {
        std::fs::read_to_string(dir.join(&f)).map_err(|e| format!("cannot read {f}: {e}"))
    };
    let expected: Value = serde_json::from_str(&read(format!("{name}.plan.json"))?)
        .map_err(|e| format!("expected plan: {e}"))?;
    let text = read(format!("{name}.json"))?;
    let instance = json::parse_instance(&text);
    for (label, planner) in [
        (
            "fast",
            level_planner::plan as fn(&level_planner::Instance) -> _,
        ),
        ("reference", level_planner::plan_reference),
    ] {
        let got = json::plan_json(&instance.clone().and_then(|i| planner(&i)));
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
