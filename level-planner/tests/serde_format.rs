//! The `serde` feature reads the instance files the examples read (the sample instances, whose
//! expected plans come from an independent implementation) and writes instances and plans in
//! the documented format.
#![cfg(feature = "serde")]

use std::path::Path;

use level_planner::polyomino::{Cell, MarkedCellSet};
use level_planner::{Instance, Params, PlanOptions, Site, VirtualLevel, plan};
use serde_json::Value;

fn samples() -> Vec<(String, String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/data");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the sample folder") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".json") && !name.ends_with(".plan.json") {
            let expected = path.with_extension("plan.json");
            let text = std::fs::read_to_string(&path).unwrap();
            let plan: Value =
                serde_json::from_str(&std::fs::read_to_string(expected).unwrap()).unwrap();
            out.push((name, text, plan));
        }
    }
    assert!(out.len() >= 3, "the shipped samples");
    out
}

#[test]
fn sample_instances_plan_as_expected() {
    for (name, text, expected) in samples() {
        let instance: Instance =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = plan(&instance, &PlanOptions::default());
        if expected.get("error").is_some() {
            assert!(got.is_err(), "{name}: expected no plan");
            continue;
        }
        let got = serde_json::to_value(got.unwrap()).unwrap();
        assert_eq!(got["covered"], expected["covered"], "{name}");
        let close = |a: &Value, b: &Value| (a.as_f64().unwrap() - b.as_f64().unwrap()).abs() < 1e-6;
        assert!(
            close(&got["deviation_deg"], &expected["deviation_deg"]),
            "{name}"
        );
        let (g, e) = (
            got["levels"].as_array().unwrap(),
            expected["levels"].as_array().unwrap(),
        );
        assert_eq!(g.len(), e.len(), "{name}");
        for (a, b) in g.iter().zip(e) {
            assert_eq!((&a["row"], &a["col"]), (&b["row"], &b["col"]), "{name}");
            assert!(close(&a["spin_deg"], &b["spin_deg"]), "{name}");
        }
        // Writing and reading again gives the same instance.
        let again: Instance =
            serde_json::from_str(&serde_json::to_string(&instance).unwrap()).unwrap();
        assert_eq!(again, instance, "{name}");
    }
}

#[test]
fn pivots_and_defaults_survive_and_bad_documents_are_refused() {
    let site = Site::from_rows(&["....", "....", "...."]).unwrap();
    let level = VirtualLevel::from_rows(0.0, 0.0, &["##", "#."]).unwrap();
    let moved = MarkedCellSet::new(level.footprint.shape().clone(), Cell::new(1, 0)).unwrap();
    let odd = VirtualLevel {
        footprint: moved,
        ..level.clone()
    };
    let instance = Instance::new(site, vec![level, odd], Params::default()).unwrap();
    let text = serde_json::to_string(&instance).unwrap();
    assert_eq!(text.matches("\"pivot\"").count(), 1, "{text}");
    assert_eq!(serde_json::from_str::<Instance>(&text).unwrap(), instance);
    // Defaults: no spin step and no tolerance.
    let minimal =
        r##"{"site": ["..."], "levels": [{"dist_m": 0, "deflex_deg": 0, "shape": ["#"]}]}"##;
    let read: Instance = serde_json::from_str(minimal).unwrap();
    assert_eq!(*read.params(), Params::default());
    for bad in [
        r##"{"site": [], "levels": [{"dist_m": 0, "deflex_deg": 0, "shape": ["#"]}]}"##,
        r##"{"site": ["..."], "levels": []}"##,
        r##"{"site": ["..x"], "levels": [{"dist_m": 0, "deflex_deg": 0, "shape": ["#"]}]}"##,
        r##"{"site": ["..."], "levels": [{"dist_m": 0, "deflex_deg": 0, "shape": ["#"], "pivot": [5, 5]}]}"##,
        r##"{"site": ["..."], "levels": [{"dist_m": 0, "deflex_deg": 0, "shape": ["#"]}], "tolerance": {"ratio": [2, 1]}}"##,
        r##"{"site": ["..."], "levels": [{"dist_m": 0, "deflex_deg": 0, "shape": ["#"]}], "tolerance": {"both": 1}}"##,
        r##"{"site": ["..."], "levels": [{"dist_m": 0, "deflex_deg": 0, "shape": ["#"]}], "spin_step_deg": 0}"##,
    ] {
        assert!(serde_json::from_str::<Instance>(bad).is_err(), "{bad}");
    }
}
