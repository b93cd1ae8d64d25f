//! Reading instances and writing plans in the JSON formats of the crate documentation, shared by
//! the `plan` and `planner_conformance` examples.
//!
//! Instance: `{"site": ["....#...", ...], "levels": [{"dist_m": 3.0, "deflex_deg": 90.0,
//! "shape": ["##", "#."]}, ...], "spin_step_deg": 1.0, "tolerance": {"ratio": [0.86, 1.26]}}`
//! (`tolerance` may be `{"abs_m": 0.5}`; `spin_step_deg` and `tolerance` default to 90 and the
//! ratio band). Plan: `{"levels": [{"row": i, "col": j, "spin_deg": a}, ...], "covered": n,
//! "deviation_deg": d}` or `{"error": "..."}`.

use level_planner::{
    Instance, InstanceProblem, Params, Plan, PlanError, Site, Tolerance, VirtualLevel,
};
use serde_json::{Value, json};

fn invalid(msg: impl Into<String>) -> PlanError {
    PlanError::InvalidInstance(InstanceProblem::Format(msg.into()))
}

fn strings(v: &Value, what: &str) -> Result<Vec<String>, PlanError> {
    v.as_array()
        .ok_or_else(|| invalid(format!("{what} is not an array")))?
        .iter()
        .map(|s| {
            s.as_str()
                .map(str::to_string)
                .ok_or_else(|| invalid(format!("{what} has a non-string row")))
        })
        .collect()
}

fn number(v: &Value, what: &str) -> Result<f64, PlanError> {
    v.as_f64()
        .ok_or_else(|| invalid(format!("{what} is not a number")))
}

/// Parses an instance; every malformed field is a [`PlanError::InvalidInstance`].
pub fn parse_instance(text: &str) -> Result<Instance, PlanError> {
    let v: Value = serde_json::from_str(text).map_err(|e| invalid(format!("JSON: {e}")))?;
    let site = Site::from_rows(&strings(&v["site"], "site")?)?;
    let levels = v["levels"]
        .as_array()
        .ok_or_else(|| invalid("levels is not an array"))?
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let what = |f: &str| format!("level {} {f}", k + 1);
            VirtualLevel::from_rows(
                number(&l["dist_m"], &what("dist_m"))?,
                number(&l["deflex_deg"], &what("deflex_deg"))?,
                &strings(&l["shape"], &what("shape"))?,
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut params = Params::default();
    if !v["spin_step_deg"].is_null() {
        params.spin_step_deg = number(&v["spin_step_deg"], "spin_step_deg")?;
    }
    let tol = &v["tolerance"];
    if !tol.is_null() {
        params.tolerance = if let Some(band) = tol.get("ratio") {
            let band = band
                .as_array()
                .filter(|b| b.len() == 2)
                .ok_or_else(|| invalid("tolerance.ratio is not a pair"))?;
            Tolerance::Ratio {
                lo: number(&band[0], "tolerance.ratio[0]")?,
                hi: number(&band[1], "tolerance.ratio[1]")?,
            }
        } else if let Some(m) = tol.get("abs_m") {
            Tolerance::Absolute {
                metres: number(m, "tolerance.abs_m")?,
            }
        } else {
            return Err(invalid("tolerance has neither ratio nor abs_m"));
        };
    }
    Instance::new(site, levels, params)
}

/// The plan (or error) as a JSON value.
pub fn plan_json(result: &Result<Plan, PlanError>) -> Value {
    match result {
        Ok(p) => json!({
            "levels": p.levels().iter().map(|l| json!({"row": l.row, "col": l.col, "spin_deg": l.spin_deg})).collect::<Vec<_>>(),
            "covered": p.covered(),
            "deviation_deg": p.deviation_deg(),
        }),
        Err(e) => json!({ "error": e.to_string() }),
    }
}
