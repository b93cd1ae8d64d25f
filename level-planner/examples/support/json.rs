//! Reading instances and writing plans in the JSON formats of the crate documentation, shared by
//! the `plan` and `planner_conformance` examples, through the crate's `serde` feature (which
//! the examples always build with).
//!
//! Instance: `{"site": ["....#...", ...], "levels": [{"dist_m": 3.0, "deflex_deg": 90.0,
//! "shape": ["##", "#."]}, ...], "spin_step_deg": 1.0, "tolerance": {"ratio": [0.86, 1.26]}}`
//! (`tolerance` may be `{"abs_m": 0.5}`; `spin_step_deg` and `tolerance` default to 90 and the
//! ratio band). Plan: `{"levels": [{"row": i, "col": j, "spin_deg": a}, ...], "covered": n,
//! "deviation_deg": d}` (numbers rounded to 9 decimal places) or `{"error": "..."}`.

use level_planner::{Instance, InstanceProblem, Plan, PlanError};
use serde_json::{Value, json};

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
