//! Regression tests for hostile input: instances that used to take gigabytes or minutes get an
//! answer or a typed error quickly.

use std::time::Instant;

use level_planner::{Instance, Params, Site, Tolerance, VirtualLevel, plan};

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
    let p = plan(&instance).unwrap();
    assert_eq!(p.levels().len(), 3);
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}
