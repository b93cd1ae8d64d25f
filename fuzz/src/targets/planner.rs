//! The level-planner part of the `solvers` family: arbitrary small instances planned by both
//! planners, which must agree, and every plan checked against the rules it must keep.

use std::collections::HashSet;

use arbitrary::Unstructured;
use level_planner::svg::{SvgOptions, ToSvg};
use level_planner::{
    Instance, InstanceProblem, Params, PlanError, PlanOptions, Site, Tolerance, VirtualLevel, plan,
    plan_reference,
};
use polyomino::{Cell, CellSet};

use super::{coord, float};
use crate::ensure;
use crate::runner::{CaseResult, Target, Verdict, no_seeds};

/// The level-planner target.
/// Work units per planner call (about half a second).
const WORK_BUDGET: u64 = 200_000_000;

pub fn targets() -> Vec<Target> {
    vec![Target {
        name: "level-planner-plan",
        family: "solvers",
        about: "plan and plan_reference on arbitrary small instances: equal plans, valid placements",
        run: planner,
        max_len: 512,
        seeds: no_seeds,
    }]
}

fn footprint(u: &mut Unstructured<'_>) -> Option<CellSet> {
    let n = u.int_in_range(1..=5).unwrap_or(1);
    let mut at = Cell::ORIGIN;
    let mut cells = vec![at];
    for _ in 1..n {
        let [a, b, c, d] = at.edge_neighbours();
        at = *u.choose(&[a, b, c, d]).unwrap_or(&a);
        cells.push(at);
    }
    if u.ratio(1, 16).unwrap_or(false) {
        // A footprint far away from its other cells (a huge, sparse bounding box).
        cells.push(Cell::new(coord(u), coord(u)));
    }
    CellSet::from_cells(cells).ok()
}

fn planner(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let rows = u.int_in_range(1..=10).unwrap_or(1);
    let cols = u.int_in_range(1..=10).unwrap_or(1);
    let density = u.int_in_range(0u8..=3).unwrap_or(0);
    let usable: Vec<bool> = (0..rows * cols)
        .map(|_| u.int_in_range(0u8..=7).unwrap_or(0) >= density)
        .collect();
    let site = Site::new(rows, cols, usable.clone()).map_err(|e| format!("site: {e}"))?;
    let count = u.int_in_range(1..=5).unwrap_or(1);
    let mut levels = Vec::new();
    for _ in 0..count {
        let Some(shape) = footprint(&mut u) else {
            return Ok(Verdict::Rejected);
        };
        let dist = if u.ratio(3, 4).unwrap_or(true) {
            f64::from(u.int_in_range(0..=10).unwrap_or(0)) * 0.5
        } else {
            float(&mut u)
        };
        let bearing = if u.ratio(3, 4).unwrap_or(true) {
            f64::from(u.int_in_range(-8..=8).unwrap_or(0)) * 45.0
        } else {
            float(&mut u)
        };
        levels.push(VirtualLevel::new(dist, bearing, shape));
    }
    let spin = match u.int_in_range(0u8..=7).unwrap_or(0) {
        0 => float(&mut u),
        1 => *u
            .choose(&[0.01, 0.5, 7.0, 359.9, 360.0, 360.1, 0.0])
            .unwrap_or(&90.0),
        _ => *u
            .choose(&[90.0, 45.0, 30.0, 180.0, 120.0, 60.0])
            .unwrap_or(&90.0),
    };
    let tolerance = match u.int_in_range(0u8..=3).unwrap_or(0) {
        0 => Tolerance::Absolute {
            metres: if u.ratio(1, 2).unwrap_or(true) {
                f64::from(u.int_in_range(0..=6).unwrap_or(0)) * 0.25
            } else {
                float(&mut u)
            },
        },
        1 => Tolerance::Ratio {
            lo: float(&mut u),
            hi: float(&mut u),
        },
        _ => Tolerance::default(),
    };
    if spin.abs() < 1.0 && levels.len() > 2 {
        // Up to 36 000 spins per level are allowed and cost about 0.13 s per level each for
        // both planners (no budget): keep such cases to two levels so each stays well inside
        // the time limit.
        levels.truncate(2);
    }
    let params = Params {
        spin_step_deg: spin,
        tolerance,
    };
    let instance = match Instance::new(site, levels.clone(), params) {
        Ok(i) => i,
        Err(PlanError::InvalidInstance(problem)) => {
            if let InstanceProblem::NonFiniteLeg { level } = problem {
                let l = &levels[level - 1];
                ensure!(
                    !(l.dist_m.is_finite() && l.deflex_deg.is_finite()),
                    "level {level} refused as non-finite"
                );
            }
            return Ok(Verdict::Rejected);
        }
        Err(e) => return Err(format!("unexpected error {e:?}")),
    };
    // A budget well inside the harness's time limit. The planners count their work
    // differently (the reference charges its literal loops), so a run out of budget in either
    // one leaves nothing to compare.
    let budget = PlanOptions::default().with_max_work(WORK_BUDGET);
    let fast = plan(&instance, &budget);
    let reference = plan_reference(&instance, &budget);
    if [&fast, &reference]
        .iter()
        .any(|r| matches!(r, Err(PlanError::BudgetExceeded { .. })))
    {
        return Ok(Verdict::Rejected);
    }
    ensure!(
        fast == reference,
        "plan {fast:?}\nplan_reference {reference:?}"
    );
    let Ok(p) = fast else {
        return Ok(Verdict::Rejected);
    };
    ensure!(
        p.levels().len() == levels.len(),
        "{} levels placed of {}",
        p.levels().len(),
        levels.len()
    );
    let mut covered: HashSet<(usize, usize)> = HashSet::new();
    let mut previous: Option<HashSet<(usize, usize)>> = None;
    for (k, placed) in p.levels().iter().enumerate() {
        let cells: HashSet<(usize, usize)> = placed.cells.iter().copied().collect();
        ensure!(
            cells.len() == placed.cells.len(),
            "level {k} lists a cell twice"
        );
        ensure!(
            cells.len() >= levels[k].footprint.shape().size(),
            "level {k} covers {} cells with a footprint of {}",
            cells.len(),
            levels[k].footprint.shape().size()
        );
        for &(r, c) in &cells {
            ensure!(
                r < rows && c < cols && usable[r * cols + c],
                "level {k} stands on ({r}, {c}), which is not a usable site cell"
            );
        }
        ensure!(
            cells.contains(&(placed.row, placed.col)),
            "level {k}'s pivot ({}, {}) is not one of its cells",
            placed.row,
            placed.col
        );
        if let Some(prev) = &previous {
            ensure!(prev.is_disjoint(&cells), "levels {} and {k} overlap", k - 1);
        }
        covered.extend(cells.iter().copied());
        previous = Some(cells);
    }
    ensure!(
        p.covered() == covered.len(),
        "covered() is {}, the levels cover {}",
        p.covered(),
        covered.len()
    );
    ensure!(
        p.deviation_deg().is_finite() && p.deviation_deg() >= 0.0,
        "deviation {}",
        p.deviation_deg()
    );
    match p.to_svg(&SvgOptions::default()) {
        Ok(svg) => ensure!(svg.starts_with("<svg"), "not an SVG document"),
        Err(e) => return Err(format!("a small plan does not draw: {e}")),
    }
    Ok(Verdict::Accepted)
}
