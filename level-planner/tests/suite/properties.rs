//! Property tests: the fast planner equals the reference planner on random small instances, and
//! every plan is feasible.

use std::collections::BTreeSet;

use level_planner::{
    Instance, Params, PlanError, PlanOptions, Site, Tolerance, VirtualLevel, plan, plan_reference,
};
use polyomino::{Cell, CellSet, Transform};
use proptest::prelude::*;

/// A small connected footprint grown by a random walk.
fn footprint() -> impl Strategy<Value = CellSet> {
    prop::collection::vec((0usize..16, 0usize..4), 0..4).prop_map(|steps| {
        let mut cells = vec![Cell::ORIGIN];
        for (pick, dir) in steps {
            let next = cells[pick % cells.len()].edge_neighbours()[dir];
            if !cells.contains(&next) {
                cells.push(next);
            }
        }
        CellSet::from_cells(cells).unwrap()
    })
}

fn tolerance() -> impl Strategy<Value = Tolerance> {
    prop_oneof![
        Just(Tolerance::Ratio { lo: 0.86, hi: 1.26 }),
        Just(Tolerance::Ratio { lo: 0.7, hi: 1.4 }),
        (0.2f64..0.8).prop_map(|metres| Tolerance::Absolute { metres }),
    ]
}

fn instance() -> impl Strategy<Value = Instance> {
    (
        5usize..9,
        5usize..9,
        prop::collection::vec(any::<u8>(), 81),
        prop::collection::vec((0.5f64..3.0, -180.0f64..540.0, footprint()), 1..6),
        prop_oneof![Just(90.0), Just(45.0), Just(30.0), Just(120.0), Just(360.0)],
        tolerance(),
    )
        .prop_map(|(rows, cols, noise, levels, spin_step_deg, tolerance)| {
            let usable = (0..rows * cols)
                .map(|i| noise[i % noise.len()] % 7 != 0)
                .collect();
            let site = Site::new(rows, cols, usable).unwrap();
            let levels = levels
                .into_iter()
                .map(|(d, b, shape)| VirtualLevel::new(d, b, shape))
                .collect();
            let params = Params {
                spin_step_deg,
                tolerance,
            };
            Instance::new(site, levels, params).unwrap()
        })
}

/// Instances built for ties: blank or lightly blocked small sites, right-angle bearings, lengths
/// on the lattice, so that many greedy runs and whole plans compare equal.
fn tie_heavy() -> impl Strategy<Value = Instance> {
    (
        4usize..8,
        4usize..8,
        prop::collection::vec(any::<u8>(), 64),
        prop::collection::vec((0usize..4, 0usize..4, footprint()), 2..7),
    )
        .prop_map(|(rows, cols, noise, levels)| {
            let usable = (0..rows * cols).map(|i| noise[i] % 11 != 0).collect();
            let site = Site::new(rows, cols, usable).unwrap();
            let levels = levels
                .into_iter()
                .map(|(d, b, shape)| {
                    VirtualLevel::new([0.5, 1.0, 1.5, 2.0][d], 90.0 * b as f64, shape)
                })
                .collect();
            let params = Params {
                spin_step_deg: 90.0,
                tolerance: Tolerance::Ratio { lo: 0.86, hi: 1.26 },
            };
            Instance::new(site, levels, params).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn fast_equals_reference(inst in instance()) {
        prop_assert_eq!(plan(&inst, &PlanOptions::default()), plan_reference(&inst, &PlanOptions::default()));
    }

    #[test]
    fn fast_equals_reference_with_many_ties(inst in tie_heavy()) {
        prop_assert_eq!(plan(&inst, &PlanOptions::default()), plan_reference(&inst, &PlanOptions::default()));
    }

    #[test]
    fn plans_are_feasible(inst in instance()) {
        let Ok(p) = plan(&inst, &PlanOptions::default()) else { return Ok(()) };
        let site = inst.site();
        let mut union = BTreeSet::new();
        for (k, level) in p.levels().iter().enumerate() {
            prop_assert!(level.cells.contains(&(level.row, level.col)), "pivot covered");
            for &(r, c) in &level.cells {
                prop_assert!(site.is_usable(r as i64, c as i64), "level {} on an unusable cell", k + 1);
                union.insert((r, c));
            }
            if k > 0 {
                let prev = &p.levels()[k - 1];
                let shared = level.cells.iter().filter(|c| prev.cells.contains(c)).count();
                prop_assert_eq!(shared, 0, "levels {} and {} overlap", k, k + 1);
                let (di, dj) = (level.row as f64 - prev.row as f64, level.col as f64 - prev.col as f64);
                let d = 0.5 * (di * di + dj * dj).sqrt();
                let v = inst.levels()[k].dist_m;
                let ok = match inst.params().tolerance {
                    Tolerance::Ratio { lo, hi } => d / v >= lo - 1e-9 && d / v <= hi + 1e-9,
                    Tolerance::Absolute { metres } => (d - v).abs() <= metres + 1e-9,
                };
                prop_assert!(ok, "leg {} out of tolerance", k + 1);
            }
        }
        prop_assert_eq!(p.covered(), union.len());
        prop_assert_eq!(p.legs_outside_tolerance(), 0);
        let total: f64 = p.levels().iter().filter_map(|l| l.leg_deviation_deg).sum();
        prop_assert!((total - p.deviation_deg()).abs() < 1e-9);
    }

    #[test]
    fn right_angle_spins_are_exact(shape in footprint(), k in 0i32..8) {
        let level = VirtualLevel::new(1.0, 0.0, shape);
        let fp = &level.footprint;
        let pivot = fp.mark();
        let spun: BTreeSet<Cell> = fp.shape().rotate_about(pivot, 90.0 * f64::from(k)).unwrap().into_iter().collect();
        let t = Transform::rotation(k);
        let exact: BTreeSet<Cell> = fp.shape().cells().iter().map(|&c| pivot + t.apply(c - pivot)).collect();
        prop_assert_eq!(&spun, &exact);
        prop_assert_eq!(spun.len(), fp.shape().size());
    }
}

#[test]
fn invalid_inputs_are_typed_errors() {
    let site = Site::from_rows(&["...", "..."]).unwrap();
    let one = VirtualLevel::from_rows(1.0, 0.0, &["#"]).unwrap();
    assert!(matches!(
        Instance::new(site.clone(), vec![], Params::default()),
        Err(PlanError::InvalidInstance(_))
    ));
    for step in [0.0, -1.0, 360.5, f64::NAN] {
        let params = Params {
            spin_step_deg: step,
            ..Params::default()
        };
        assert!(
            Instance::new(site.clone(), vec![one.clone()], params).is_err(),
            "step {step}"
        );
    }
    let nan = VirtualLevel::from_rows(f64::NAN, 0.0, &["#"]).unwrap();
    assert!(Instance::new(site.clone(), vec![one.clone(), nan], Params::default()).is_err());
    assert!(VirtualLevel::from_rows(1.0, 0.0, &["..", ".."]).is_err());
    assert!(VirtualLevel::from_rows(1.0, 0.0, &["#x"]).is_err());
    assert!(Site::from_rows(&["..", "."]).is_err());
    assert!(Site::from_rows::<&str>(&[]).is_err());
    assert!(matches!(
        Site::new(1, 65, vec![true; 65]),
        Err(PlanError::SiteTooWide { .. })
    ));
    let ragged_tol = Params {
        tolerance: Tolerance::Ratio { lo: 2.0, hi: 1.0 },
        ..Params::default()
    };
    assert!(Instance::new(site, vec![one], ragged_tol).is_err());
}

#[test]
fn unreachable_legs_and_unplaceable_levels_are_named() {
    let site = Site::from_rows(&["....", "....", "....", "...."]).unwrap();
    let a = VirtualLevel::from_rows(0.0, 0.0, &["#"]).unwrap();
    let far = VirtualLevel::from_rows(20.0, 0.0, &["#"]).unwrap();
    let inst = Instance::new(site.clone(), vec![a.clone(), far], Params::default()).unwrap();
    assert_eq!(
        plan(&inst, &PlanOptions::default()),
        Err(PlanError::LegUnreachable { level: 2 })
    );
    assert_eq!(
        plan_reference(&inst, &PlanOptions::default()),
        Err(PlanError::LegUnreachable { level: 2 })
    );
    let huge = VirtualLevel::from_rows(1.0, 0.0, &["#####"]).unwrap();
    let inst = Instance::new(
        site.clone(),
        vec![a.clone(), huge.clone()],
        Params::default(),
    )
    .unwrap();
    // The bar fits nowhere, so the refinement clears level 1 too: level 1 fails first.
    assert_eq!(
        plan(&inst, &PlanOptions::default()),
        Err(PlanError::NoAdmissiblePlacement { level: 1 })
    );
    assert_eq!(
        plan_reference(&inst, &PlanOptions::default()),
        plan(&inst, &PlanOptions::default())
    );
    // Rule 12 names the smallest failing level even when a later leg is unreachable.
    let far = VirtualLevel::from_rows(100.0, 0.0, &["#"]).unwrap();
    let inst = Instance::new(site, vec![huge, far], Params::default()).unwrap();
    assert_eq!(
        plan(&inst, &PlanOptions::default()),
        Err(PlanError::NoAdmissiblePlacement { level: 1 })
    );
    assert_eq!(
        plan_reference(&inst, &PlanOptions::default()),
        plan(&inst, &PlanOptions::default())
    );
}

#[test]
fn extreme_values_are_errors_or_plans_never_panics() {
    let site = Site::from_rows(&["....", "....", "....", "...."]).unwrap();
    let one = |d: f64| VirtualLevel::from_rows(d, 0.0, &["#"]).unwrap();
    // A huge absolute band: every offset is admissible; both planners agree.
    let params = Params {
        tolerance: Tolerance::Absolute { metres: f64::MAX },
        ..Params::default()
    };
    let inst = Instance::new(site.clone(), vec![one(0.0), one(1.0)], params).unwrap();
    assert!(plan(&inst, &PlanOptions::default()).is_ok());
    assert_eq!(
        plan(&inst, &PlanOptions::default()),
        plan_reference(&inst, &PlanOptions::default())
    );
    // A huge distance: unreachable, named.
    let inst = Instance::new(site.clone(), vec![one(0.0), one(1e300)], Params::default()).unwrap();
    assert_eq!(
        plan(&inst, &PlanOptions::default()),
        Err(PlanError::LegUnreachable { level: 2 })
    );
    // Tiny spin steps, oversized sites and footprints are typed errors.
    let tiny = Params {
        spin_step_deg: 1e-9,
        ..Params::default()
    };
    assert!(Instance::new(site.clone(), vec![one(0.0)], tiny).is_err());
    assert!(Site::new(4097, 1, vec![true; 4097]).is_err());
    let far = CellSet::from_cells([Cell::new(0, 0), Cell::new(9000, 0)]).unwrap();
    let wide = VirtualLevel::new(1.0, 0.0, far);
    assert!(Instance::new(site, vec![wide], Params::default()).is_err());
}
