//! Regression tests for hostile input: instances that used to take gigabytes or minutes get an
//! answer or a typed error quickly.

use std::time::Instant;

use level_planner::{
    Instance, Params, PlanError, PlanOptions, Site, Tolerance, VirtualLevel, plan,
};

#[test]
fn leg_tables_are_bounded_by_the_site_not_the_tolerance() {
    // A 4096 × 1 site with a band of 10^9 m: every leg table held (2 · 4096 + 1)^2 offsets,
    // about 2.7 GB per leg, and three levels aborted on allocation.
    let rows = vec!["."; 4096];
    let site = Site::from_rows(&rows).unwrap();
    let levels = vec![
        VirtualLevel::from_rows(0.0, 0.0, &["#"]).unwrap(),
        VirtualLevel::from_rows(1.0, 0.0, &["#"]).unwrap(),
        VirtualLevel::from_rows(1.0, 0.0, &["#"]).unwrap(),
    ];
    let params = Params {
        spin_step_deg: 90.0,
        tolerance: Tolerance::Absolute { metres: 1e9 },
    };
    let instance = Instance::new(site, levels, params).unwrap();
    let started = Instant::now();
    let p = plan(&instance, &PlanOptions::default()).unwrap();
    assert_eq!(p.levels().len(), 3);
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}

#[test]
fn a_footprint_larger_than_the_site_is_refused_without_rasterising_every_spin() {
    // A 1 × 1 site, one 64 × 64 footprint, a spin step of 0.01°: 36 000 spins of 4096 cells
    // each were rasterised (109 s) before "no admissible placement".
    let site = Site::from_rows(&["."]).unwrap();
    let rows = vec!["#".repeat(64); 64];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &rows).unwrap()];
    let params = Params {
        spin_step_deg: 0.01,
        ..Params::default()
    };
    let instance = Instance::new(site, levels, params).unwrap();
    let started = Instant::now();
    assert_eq!(
        plan(&instance, &PlanOptions::default()),
        Err(PlanError::NoAdmissiblePlacement { level: 1 })
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}

/// The 4096 × 64 site with a 900 m leg (over 150 s before budgets).
fn long_hall() -> Instance {
    let row = ".".repeat(64);
    let rows = vec![row.as_str(); 4096];
    let site = Site::from_rows(&rows).unwrap();
    let levels = vec![
        VirtualLevel::from_rows(0.0, 0.0, &["##", "##"]).unwrap(),
        VirtualLevel::from_rows(900.0, 90.0, &["##", "##"]).unwrap(),
        VirtualLevel::from_rows(900.0, -90.0, &["##", "##"]).unwrap(),
    ];
    Instance::new(site, levels, Params::default()).unwrap()
}

/// About 20 s on an idle machine (40 s on a loaded one): the whole default budget is spent.
/// `a_small_work_budget_and_a_past_deadline_are_typed_errors` checks the same instance quickly;
/// `.ci/run` runs this one (`cargo test --release -p level-planner --test suite -- --ignored hostile::`).
#[test]
#[ignore = "spends the whole default budget (20 to 40 s)"]
fn a_long_leg_on_a_long_site_answers_or_runs_out_of_budget_quickly() {
    let instance = long_hall();
    let started = Instant::now();
    let result = plan(&instance, &PlanOptions::default());
    let elapsed = started.elapsed();
    assert!(elapsed.as_secs() < 60, "{elapsed:?}");
    match result {
        Ok(p) => assert_eq!(p.levels().len(), 3),
        Err(e) => assert!(matches!(e, PlanError::BudgetExceeded { .. }), "{e}"),
    }
}

#[test]
fn a_small_work_budget_and_a_past_deadline_are_typed_errors() {
    let instance = long_hall();
    let small = PlanOptions::default().with_max_work(1_000_000);
    match plan(&instance, &small) {
        Err(PlanError::BudgetExceeded {
            work,
            max_work: 1_000_000,
            timed_out: false,
        }) => assert!(work > 1_000_000),
        other => panic!("{other:?}"),
    }
    let past = PlanOptions::default().with_deadline(Instant::now());
    assert!(matches!(
        plan(&instance, &past),
        Err(PlanError::BudgetExceeded {
            timed_out: true,
            ..
        })
    ));
    assert!(matches!(
        level_planner::plan_reference(&instance, &small),
        Err(PlanError::BudgetExceeded { .. })
    ));
}

#[test]
fn a_ratio_band_below_zero_admits_no_leg_and_overflows_nothing() {
    // A ratio band of negative numbers is a finite interval, so it is valid, and admits no leg.
    // Its leg bound saturated to i64::MIN for a huge length: the reference planner panicked
    // with "attempt to negate with overflow" (geometry.rs, the leg table of the error
    // message), the fast one with "attempt to multiply with overflow" (its work estimate);
    // a moderate length gave a negative bound and the same overflow in the fast planner.
    use level_planner::plan_reference;
    let site = Site::from_rows(&["....", "...."]).unwrap();
    let cases = [
        (1e300, -2.0, -1.0),
        (10.0, -10.0, -5.0),
        (f64::MAX, -f64::MAX, -f64::MAX),
    ];
    for (v, lo, hi) in cases {
        let levels = vec![
            VirtualLevel::from_rows(0.0, 0.0, &["#"]).unwrap(),
            VirtualLevel::from_rows(v, 0.0, &["#"]).unwrap(),
        ];
        let params = Params {
            spin_step_deg: 90.0,
            tolerance: Tolerance::Ratio { lo, hi },
        };
        let instance = Instance::new(site.clone(), levels, params).unwrap();
        let options = PlanOptions::default();
        let expected = Err(PlanError::LegUnreachable { level: 2 });
        assert_eq!(
            plan_reference(&instance, &options),
            expected,
            "{v} [{lo}, {hi}]"
        );
        assert_eq!(plan(&instance, &options), expected, "{v} [{lo}, {hi}]");
    }
    // The same through an instance file.
    let text = r##"{"site": ["....", "...."],
        "levels": [{"dist_m": 0, "deflex_deg": 0, "shape": ["#"]},
                   {"dist_m": 1e300, "deflex_deg": 0, "shape": ["#"]}],
        "tolerance": {"ratio": [-2, -1]}}"##;
    let instance: Instance = serde_json::from_str(text).unwrap();
    assert_eq!(
        plan_reference(&instance, &PlanOptions::default()),
        Err(PlanError::LegUnreachable { level: 2 })
    );
}

#[test]
fn the_reader_refuses_the_level_after_the_limit_before_reading_it() {
    use level_planner::MAX_LEVELS;
    // 10 000 levels, one per line (level k on line k + 3); those past the limit have a bad
    // footprint, which the reader would report if it read them. The reader read every level
    // (10⁶ of them: 1.15 GB of text, 15 s) and `Instance::new` accepted them all; only the
    // planner refused more than 63.
    let good = r##"{"dist_m": 1, "deflex_deg": 0, "shape": ["#"]}"##;
    let bad = r##"{"dist_m": 1, "deflex_deg": 0, "shape": ["#?"]}"##;
    let mut text = String::from("{\"site\": [\"....\"],\n\"levels\": [\n");
    for k in 0..10_000 {
        text.push_str(if k < MAX_LEVELS { good } else { bad });
        text.push_str(if k + 1 < 10_000 { ",\n" } else { "\n" });
    }
    text.push_str("]}");
    let started = Instant::now();
    let err = serde_json::from_str::<Instance>(&text).unwrap_err();
    let elapsed = started.elapsed();
    assert_eq!(
        err.to_string(),
        "levels[63]: more than 63 levels, at most 63 are supported at line 66 column 0"
    );
    assert_eq!(err.line(), MAX_LEVELS + 3);
    assert!(elapsed.as_millis() < 500, "{elapsed:?}");
    // Exactly the limit is read; built in code, one level more is the same typed error.
    let cut = text
        .find(",\n{\"dist_m\": 1, \"deflex_deg\": 0, \"shape\": [\"#?\"]}")
        .unwrap();
    let limit: Instance = serde_json::from_str(&format!("{}]}}", &text[..cut])).unwrap();
    assert_eq!(limit.levels().len(), MAX_LEVELS);
    let mut levels = limit.levels().to_vec();
    levels.push(levels[0].clone());
    assert_eq!(
        Instance::new(limit.site().clone(), levels, Params::default()),
        Err(PlanError::TooManyLevels {
            levels: MAX_LEVELS + 1,
            max: MAX_LEVELS
        })
    );
}

#[test]
fn the_reader_refuses_an_oversized_footprint_at_the_row_that_passes_the_limit() {
    use level_planner::{MAX_FOOTPRINT_CELLS, MAX_FOOTPRINT_SIDE};
    let document = |rows: &[String]| {
        let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
        format!(
            "{{\"site\": [\"....\"],\n\"levels\": [{{\"dist_m\": 0, \"deflex_deg\": 0, \"shape\": [\n{}\n]}}]}}",
            rows.join(",\n")
        )
    };
    // Row 1 passes the cell limit; row 2 has a bad character the reader would reach if it read
    // on. Every row was kept, and the cells counted at the end of the level: a 63 MB
    // footprint of `#` took 1.1 s and 1.1 GB before it was refused.
    let rows = vec![
        "#".repeat(MAX_FOOTPRINT_CELLS - 1),
        "##".into(),
        "#x".into(),
    ];
    let err = serde_json::from_str::<Instance>(&document(&rows)).unwrap_err();
    let message = "level 1 has a footprint above 8192 cells on a side or 4096 cells";
    assert_eq!(
        err.to_string(),
        format!("levels[0].shape[1]: {message} at line 4 column 4")
    );
    // The side: a cell in row 0 and one in row 8192 span 8193 rows.
    let mut rows = vec![String::new(); MAX_FOOTPRINT_SIDE as usize + 1];
    rows[0] = "#".into();
    rows[MAX_FOOTPRINT_SIDE as usize] = "#".into();
    rows.push("x".into());
    let err = serde_json::from_str::<Instance>(&document(&rows)).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("levels[0].shape[8192]: {message} at line 8195")),
        "{err}"
    );
    // Exactly at the limits is a footprint; empty rows around it cost nothing.
    let mut rows = vec![String::new(); MAX_FOOTPRINT_SIDE as usize + 5];
    rows[2] = format!("{}#", ".".repeat(MAX_FOOTPRINT_SIDE as usize - 1));
    rows[MAX_FOOTPRINT_SIDE as usize + 1] = "#".repeat(MAX_FOOTPRINT_CELLS - 1);
    let instance: Instance = serde_json::from_str(&document(&rows)).unwrap();
    let shape = instance.levels()[0].footprint.shape();
    assert_eq!(
        (shape.size(), shape.height(), shape.width()),
        (MAX_FOOTPRINT_CELLS, MAX_FOOTPRINT_SIDE, MAX_FOOTPRINT_SIDE)
    );
}
