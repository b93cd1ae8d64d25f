//! Reading instances and writing plans in the JSON formats of the crate documentation, shared by
//! the `plan` and `planner_conformance` examples, through the crate's `serde` feature (which
//! the examples always build with).
//!
//! Instance: `{"site": ["....#...", ...], "levels": [{"dist_m": 3.0, "deflex_deg": 90.0,
//! "shape": ["##", "#."]}, ...], "spin_step_deg": 1.0, "tolerance": {"ratio": [0.86, 1.26]}}`
//! (`tolerance` may be `{"abs_m": 0.5}`; `spin_step_deg` and `tolerance` default to 90 and the
//! ratio band). Plan: `{"levels": [{"row": i, "col": j, "spin_deg": a}, ...], "covered": n,
//! "deviation_deg": d}` (numbers rounded to 9 decimal places) or `{"error": "..."}`.

use std::io::Read;

use level_planner::{Instance, InstanceProblem, Plan, PlanError};
use serde_json::{Value, json};

/// The most bytes of an instance document read by default (64 MiB): a site of 4096 × 64
/// cells is 280 KB of JSON and 63 levels with 64 × 64 footprints under 300 KB, so a larger
/// document is almost always a mistake or hostile (a million levels is 1.15 GB, which used to
/// be read whole before the planner refused it). Footprints drawn 8192 cells wide need more:
/// the `plan` example's `--max-bytes` raises the cap.
pub const MAX_INSTANCE_BYTES: u64 = 64 << 20;

/// Reads `source` as UTF-8 text, at most `max_bytes` of it: one byte more is refused without
/// reading further (so a huge file or an endless pipe costs `max_bytes`, not its size). The
/// error is a message for the user.
pub fn read_capped(source: impl Read, max_bytes: u64) -> Result<String, String> {
    let mut bytes = Vec::new();
    source
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max_bytes {
        return Err(format!(
            "more than {max_bytes} bytes, the most an instance may have"
        ));
    }
    String::from_utf8(bytes).map_err(|e| format!("not UTF-8 text: {e}"))
}

/// Reads the file at `path` with [`read_capped`], refusing a larger regular file from its
/// size before reading anything.
pub fn read_file_capped(path: &std::path::Path, max_bytes: u64) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    if let Ok(meta) = file.metadata()
        && meta.is_file()
        && meta.len() > max_bytes
    {
        return Err(format!(
            "{} bytes, more than {max_bytes}, the most an instance may have",
            meta.len()
        ));
    }
    read_capped(file, max_bytes)
}

/// Parses an instance; a malformed document is a [`PlanError::InvalidInstance`] whose message
/// names the offending value's path and its line and column in `text`.
pub fn parse_instance(text: &str) -> Result<Instance, PlanError> {
    serde_json::from_str(text)
        .map_err(|e| PlanError::InvalidInstance(InstanceProblem::Format(e.to_string())))
}

/// The plan (or error) as a JSON value.
pub fn plan_json(result: &Result<Plan, PlanError>) -> Value {
    match result {
        Ok(p) => serde_json::to_value(p).expect("a plan is always valid JSON"),
        Err(e) => json!({ "error": e.to_string() }),
    }
}
