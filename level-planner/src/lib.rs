//! Lays out a sequence of virtual levels (the rooms of a walk-through experience) on a physical
//! floor grid: the DP + greedy planner of the seed's four algorithms (whole-scene planning,
//! MakeShape, MakeMap, MakePos), with the holes of its pseudo-code closed as documented in
//! `docs/level-planner.md`.
//!
//! Two planners return the identical plan:
//! * [`plan`]: fast (rasterise each spin once, bit-parallel fit tests, conflict tables for
//!   overlaps, only the leg offsets inside the distance band, a shared search over the 2^T bit
//!   patterns that merges equal choices and cuts hopeless branches);
//! * [`plan_reference`]: the algorithms as literally as the pseudo-code states them, kept for
//!   reading, testing and benchmarking.
//!
//! # Example
//!
//! ```
//! use level_planner::{plan, plan_reference, Instance, Params, Site, VirtualLevel};
//! let site = Site::from_rows(&["........", "........", "........", "........",
//!                              "........", "........", "........", "........"])?;
//! let levels = vec![
//!     VirtualLevel::from_rows(0.0, 0.0, &["##", "##"])?,
//!     VirtualLevel::from_rows(2.0, 0.0, &["###"])?,   // 2 m to the right ("east")
//!     VirtualLevel::from_rows(2.0, 90.0, &["#"])?,    // then 2 m up ("north")
//! ];
//! let instance = Instance::new(site, levels, Params::default())?;
//! let p = plan(&instance)?;
//! assert_eq!(p, plan_reference(&instance)?);
//! assert_eq!(p.levels().len(), 3);
//! assert_eq!(p.legs_outside_tolerance(), 0);
//! assert!(p.covered() <= 4 + 3 + 1);
//! println!("{}", p.render());
//! # Ok::<(), level_planner::PlanError>(())
//! ```
//!
//! # Pictures
//!
//! [`svg::render`] draws a plan as an SVG string: the site with its unusable cells, each
//! level's footprint in its own colour with its index at the pivot, and the path of legs.
//!
//! ```
//! # use level_planner::{plan, Instance, Params, Site, VirtualLevel};
//! # let site = Site::from_rows(&["....", "....", "...."])?;
//! # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?];
//! # let p = plan(&Instance::new(site, levels, Params::default())?)?;
//! use level_planner::svg::{render, SvgOptions};
//! let svg = render(&p, &SvgOptions::default().with_title("my plan"))?;
//! assert!(svg.starts_with("<svg") && svg.contains("<title>my plan</title>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Conventions
//!
//! Site cells are 0.5 m squares addressed `(row, col)`, rows growing downward. Bearings and
//! spins are degrees counter-clockwise from the direction of increasing column, so "up" on the
//! printed site is +90°. Nothing here performs IO or panics on bad input: instances are
//! validated into [`PlanError`]s.
#![forbid(unsafe_code)]

mod error;
mod fast;
mod geometry;
mod instance;
mod plan;
mod reference;
pub mod svg;

/// The `polyomino` crate this one builds on (footprints are polyomino cell sets), re-exported
/// so its types need no dependency of their own.
pub use polyomino;

pub use error::PlanError;
pub use fast::{MAX_LEVELS, plan};
pub use geometry::{BAND_EPSILON, TIE_EPSILON_DEG};
pub use instance::{
    CELL_METRES, Instance, MAX_FOOTPRINT_CELLS, MAX_FOOTPRINT_SIDE, MAX_SPINS, Params, Site,
    Tolerance, VirtualLevel,
};
pub use plan::{PlacedLevel, Plan};
pub use reference::{REFERENCE_MAX_LEVELS, plan_reference};

/// The error for "every plan failed, first at the 0-based level `k`" (rule 12), shared by both
/// planners: when that level's leg admits no grid offset at all within the site, the clearer
/// [`PlanError::LegUnreachable`] names it; otherwise [`PlanError::NoAdmissiblePlacement`].
fn failure(instance: &Instance, k: usize) -> PlanError {
    let limit = instance.site().rows().max(instance.site().cols()) as i64;
    let level = &instance.levels()[k];
    if k > 0 && geometry::leg_offsets(level.dist_m, instance.params().tolerance, limit).is_empty() {
        PlanError::LegUnreachable { level: k + 1 }
    } else {
        PlanError::NoAdmissiblePlacement { level: k + 1 }
    }
}
