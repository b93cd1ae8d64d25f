//! The `serde` feature reads the instance files the examples read (the sample instances, whose
//! expected plans come from an independent implementation), writes instances and plans in the
//! documented format, reads back what it writes, and refuses bad documents with the path, line
//! and column of the offending value.
#![cfg(feature = "serde")]

use std::path::Path;

use level_planner::polyomino::{Cell, CellSet, MarkedCellSet};
use level_planner::{Instance, Params, PlanOptions, Site, Tolerance, VirtualLevel, plan};
use proptest::prelude::*;
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
    // Other fields are ignored.
    let extra = r##"{"site": ["..."], "note": [1, {"x": null}], "levels": [{"dist_m": 0, "deflex_deg": 0, "shape": ["#"], "name": "hall"}]}"##;
    assert_eq!(serde_json::from_str::<Instance>(extra).unwrap(), read);
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

/// Numbers that print and read back exactly (a few significant digits).
fn nice() -> impl Strategy<Value = f64> {
    (-4000i32..4000).prop_map(|k| f64::from(k) / 8.0)
}

fn level() -> impl Strategy<Value = VirtualLevel> {
    (
        nice(),
        nice(),
        1i32..4,
        1i32..4,
        prop::collection::vec(any::<bool>(), 9),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(dist, deflex, h, w, bits, pivot)| {
            let mut cells: Vec<Cell> = (0..h)
                .flat_map(|r| (0..w).map(move |c| Cell::new(r, c)))
                .filter(|c| bits[(c.row * 3 + c.col) as usize])
                .collect();
            if cells.is_empty() {
                cells.push(Cell::new(0, 0));
            }
            let shape = CellSet::from_cells(cells).unwrap();
            let mark = shape.cells()[pivot.index(shape.size())];
            let level = VirtualLevel::new(dist, deflex, shape.clone());
            VirtualLevel {
                footprint: MarkedCellSet::new(shape, mark).unwrap(),
                ..level
            }
        })
}

fn instance() -> impl Strategy<Value = Instance> {
    let site = (
        1usize..6,
        1usize..10,
        prop::collection::vec(any::<bool>(), 60),
    )
        .prop_map(|(r, c, bits)| Site::new(r, c, bits[..r * c].to_vec()).unwrap());
    let step = prop::sample::select(vec![90.0, 45.0, 15.0, 1.0, 0.5, 360.0]);
    let tolerance = prop_oneof![
        (0u32..100, 0u32..100).prop_map(|(a, b)| Tolerance::Ratio {
            lo: f64::from(a) / 100.0,
            hi: f64::from(a + b) / 100.0
        }),
        (0u32..400).prop_map(|a| Tolerance::Absolute {
            metres: f64::from(a) / 100.0
        }),
    ];
    (site, prop::collection::vec(level(), 1..5), step, tolerance).prop_map(
        |(site, levels, spin_step_deg, tolerance)| {
            let params = Params {
                spin_step_deg,
                tolerance,
            };
            Instance::new(site, levels, params).unwrap()
        },
    )
}

proptest! {
    #[test]
    fn instances_read_back_what_they_write(instance in instance()) {
        let text = serde_json::to_string_pretty(&instance).unwrap();
        prop_assert_eq!(serde_json::from_str::<Instance>(&text).unwrap(), instance.clone());
        let value = serde_json::to_value(&instance).unwrap();
        prop_assert_eq!(serde_json::from_value::<Instance>(value.clone()).unwrap(), instance.clone());
        // The site is written as its text, one string per row.
        let rows: Vec<String> = serde_json::from_value(value["site"].clone()).unwrap();
        prop_assert_eq!(rows.join("\n"), instance.site().to_string());
    }
}

/// The 1-based line and column of the last character of the first `marker` in `text` (found by
/// a plain search, independently of the reader).
fn end_of(text: &str, marker: &str) -> (usize, usize) {
    let end = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} in {text}"))
        + marker.len();
    let line = text[..end].matches('\n').count() + 1;
    let line_start = text[..end].rfind('\n').map_or(0, |i| i + 1);
    (line, end - line_start)
}

/// Reads a bad document: the error's message contains `path` and its position is the end of
/// `marker`.
fn refused_at(text: &str, marker: &str, path: &str) {
    let err = serde_json::from_str::<Instance>(text).unwrap_err();
    assert_eq!(
        (err.line(), err.column()),
        end_of(text, marker),
        "{err}\n{text}"
    );
    assert!(err.to_string().contains(path), "{err} should name {path}");
    // Without positions (a `Value` read first), the path still says where.
    let value: Value = serde_json::from_str(text).unwrap();
    let err = serde_json::from_value::<Instance>(value).unwrap_err();
    assert_eq!((err.line(), err.column()), (0, 0));
    assert!(err.to_string().contains(path), "{err} should name {path}");
}

#[test]
fn errors_point_at_the_offending_value() {
    let level = r##"{"dist_m": 0, "deflex_deg": 0, "shape": ["#"]}"##;
    // A bad character in the third site row: just after that row's string.
    let text = format!(
        "{{\n  \"site\": [\n    \"....\",\n    \"....\",\n    \"..x.\",\n    \"....\"\n  ],\n  \"levels\": [{level}]\n}}"
    );
    refused_at(&text, "\"..x.\"", "site[2]");
    let err = serde_json::from_str::<Instance>(&text)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "site[2]: unexpected character 'x' (column 3 of the row) at line 5 column 10"
    );
    // A ragged row.
    let text = format!("{{\"site\": [\"....\",\n \"...\"], \"levels\": [{level}]}}");
    refused_at(&text, "\"...\"", "site[1]");
    // No row: at the end of the list.
    let text = format!("{{\"site\": [\n], \"levels\": [{level}]}}");
    refused_at(&text, "[\n]", "site");
    // A footprint row.
    // (The document holds `"##`, so the raw string needs three hashes.)
    let text = r###"{"site": ["...."], "levels": [
  {"dist_m": 0, "deflex_deg": 0, "shape": ["#"]},
  {"dist_m": 1, "deflex_deg": 0, "shape": ["##", "#o"]}
]}"###;
    refused_at(text, r##""#o""##, "levels[1].shape[1]");
    // A footprint without a cell: at the end of its level object.
    let text = r##"{"site": ["...."], "levels": [
  {"dist_m": 0, "deflex_deg": 0, "shape": ["..", ".."]}
]}"##;
    refused_at(text, r#"".."]}"#, "levels[0].shape");
    // A pivot off the footprint: at the end of its level object.
    let text = r##"{"site": ["...."], "levels": [
  {"dist_m": 0, "deflex_deg": 0, "pivot": [0, 1], "shape": ["#."]}
]}"##;
    refused_at(text, r##""#."]}"##, "levels[0].pivot");
    // A mistyped number: just after the value.
    let text = r##"{"site": ["...."], "levels": [
  {"dist_m": "far", "deflex_deg": 0, "shape": ["#"]}
]}"##;
    refused_at(text, r#""far""#, "levels[0].dist_m");
    // A missing field: at the end of its object.
    let text = r##"{"site": ["...."], "levels": [
  {"dist_m": 1, "shape": ["#"]}
]}"##;
    refused_at(text, r##"["#"]}"##, "levels[0]: missing field `deflex_deg`");
    // No level: at the end of the list.
    let text = "{\"site\": [\"....\"],\n \"levels\": []\n}";
    refused_at(text, "[]", "levels");
    // A spin step out of range: just after the number.
    let text =
        format!("{{\"site\": [\"....\"], \"levels\": [{level}],\n \"spin_step_deg\": 0.001}}");
    refused_at(&text, "0.001", "spin_step_deg");
    // An inverted ratio band: at the end of the tolerance object.
    let text = format!(
        "{{\"site\": [\"....\"], \"levels\": [{level}],\n \"tolerance\": {{\"ratio\": [2, 1]}}}}"
    );
    refused_at(&text, "[2, 1]}", "tolerance");
    // A ratio band of three numbers.
    let text = format!(
        "{{\"site\": [\"....\"], \"levels\": [{level}],\n \"tolerance\": {{\"ratio\": [1, 2, 3]}}}}"
    );
    refused_at(&text, "[1, 2, 3]", "tolerance.ratio");
    // An unknown tolerance.
    let text = format!(
        "{{\"site\": [\"....\"], \"levels\": [{level}],\n \"tolerance\": {{\"both\": 1}}}}"
    );
    refused_at(&text, "\"both\"", "tolerance");
}

#[test]
fn plans_print_rounded_numbers() {
    // The shipped sample whose total deviation sums to 36.799999999999955 in floating point.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/data/d07_diag14_T3_s1.json");
    let instance: Instance = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let p = plan(&instance, &PlanOptions::default()).unwrap();
    let text = serde_json::to_string(&p).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    // Nine decimals by Rust's own decimal formatting: the number printed reads as that decimal,
    // in at most nine decimal places.
    let printed_as_nine = |printed: &Value, x: f64| {
        let nine: f64 = format!("{x:.9}").parse().unwrap();
        let text = printed.to_string();
        let decimals = text.split_once('.').map_or(0, |(_, d)| d.len());
        printed.as_f64() == Some(nine) && decimals <= 9
    };
    assert_eq!(value["deviation_deg"].to_string(), "36.8");
    assert!(printed_as_nine(&value["deviation_deg"], p.deviation_deg()));
    assert!((value["deviation_deg"].as_f64().unwrap() - p.deviation_deg()).abs() < 1e-9);
    for (l, v) in p.levels().iter().zip(value["levels"].as_array().unwrap()) {
        assert!(printed_as_nine(&v["spin_deg"], l.spin_deg), "{text}");
    }
}
