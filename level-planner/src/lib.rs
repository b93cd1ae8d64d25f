//! Lays out a sequence of virtual levels (the rooms of a walk-through experience, for example in
//! location-based VR) on a physical floor grid of 0.5 m cells, so that walking from one level to
//! the next in the real hall matches the distance and direction of the virtual walk as closely
//! as possible while the levels cover as much floor as possible.
//!
//! # Plan an instance built in code
//!
//! A [`Site`] is the floor, drawn as text (`.` a usable 0.5 m cell, `#` an unusable one, such
//! as the pillar below; see [Boards as text](#boards-as-text)); each [`VirtualLevel`] gives the
//! walking distance and bearing from the previous level and its footprint; [`Params`] holds the
//! spin step and the distance tolerance.
//!
//! ```
//! use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
//! let site: Site = "
//!     ..........
//!     ..........
//!     ....##....
//!     ..........
//!     ..........
//! ".parse()?;
//! let levels = vec![
//!     VirtualLevel::from_rows(0.0, 0.0, &["###", "###"])?, // the entrance hall
//!     VirtualLevel::from_rows(2.0, 0.0, &["##", "##"])?,   // 2 m further east
//!     VirtualLevel::from_rows(1.5, -90.0, &["####"])?,     // then 1.5 m south
//! ];
//! let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
//! // Each level's pivot cell (row, col), rows growing downward:
//! let pivots: Vec<_> = p.levels().iter().map(|l| (l.row, l.col)).collect();
//! assert_eq!(pivots, [(1, 1), (1, 5), (4, 5)]);
//! # Ok::<(), level_planner::PlanError>(())
//! ```
//!
//! # Draw the plan
//!
//! [`Plan::render`] (also the plan's [`Display`](core::fmt::Display)) draws the site with each
//! level's cells as a letter; [`to_svg`](svg::ToSvg::to_svg) returns an SVG picture (site,
//! blocked cells, footprints, numbered pivots and the walking path) as a string, without IO,
//! with the options every picture of the family takes ([`svg::SvgOptions`]).
//!
//! ```
//! # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
//! # let site = Site::from_rows(&["..........", "..........", "....##....", "..........", ".........."])?;
//! # let levels = vec![
//! #     VirtualLevel::from_rows(0.0, 0.0, &["###", "###"])?,
//! #     VirtualLevel::from_rows(2.0, 0.0, &["##", "##"])?,
//! #     VirtualLevel::from_rows(1.5, -90.0, &["####"])?,
//! # ];
//! # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
//! // `p` is the plan of the example above.
//! assert_eq!(p.to_string(), "\
//! AAA.BB....
//! AAA.BB....
//! ....##....
//! ..........
//! ...CCCC...");
//! use level_planner::svg::{SvgOptions, ToSvg};
//! let svg = p.to_svg(&SvgOptions::default().with_title("three levels"))?;
//! assert!(svg.starts_with("<svg") && svg.contains("<title>three levels</title>"));
//! assert_eq!(svg.matches("class=\"cell level2\"").count(), 4); // level C's four cells
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Read the metrics
//!
//! A [`Plan`] reports the covered cells, the total and worst deviation of the real legs'
//! bearings from the virtual ones, and each leg's real length.
//!
//! ```
//! use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
//! let site = Site::from_rows(&["......"; 6])?;
//! let levels = vec![
//!     VirtualLevel::from_rows(0.0, 0.0, &["#"])?,
//!     VirtualLevel::from_rows(1.0, 45.0, &["#"])?, // 1 m to the north-east
//! ];
//! let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
//! // No grid offset is exactly 1 m at 45°: the best leg is 1 cell up and 2 across
//! // (√5 / 2 ≈ 1.118 m, a bearing of 26.57°), 18.43° off.
//! let leg = &p.levels()[1];
//! assert!((leg.leg_length_m.unwrap() - 5f64.sqrt() / 2.0).abs() < 1e-12);
//! assert!((p.deviation_deg() - 18.435).abs() < 1e-3);
//! assert_eq!(p.worst_leg_deviation_deg(), p.deviation_deg());
//! assert_eq!((p.covered(), p.legs_outside_tolerance()), (2, 0));
//! assert!((p.coverage_share() - 2.0 / 36.0).abs() < 1e-12);
//! # Ok::<(), level_planner::PlanError>(())
//! ```
//!
//! # How a plan is chosen
//!
//! The planner is a dynamic programme plus a family of greedy runs, in four steps:
//!
//! 1. **Shapes.** Levels are taken in walking order. Each level tries the spins 0, s, 2s, … below
//!    360° ([`Params::spin_step_deg`]) on top of the spins already chosen for earlier levels,
//!    and keeps the first spin at which its footprint fits at the most site cells. (A spin turns
//!    the rest of the virtual world with it, so later bearings are measured in the turned frame:
//!    [`PlacedLevel::adjusted_bearing_deg`].) One forward pass then drops each position of a
//!    level from which no position of the next level avoids overlapping it.
//! 2. **Map.** Backwards from the last level, the least total bearing deviation from each
//!    position of a level to the end of the walk, over next positions that do not overlap it and
//!    whose leg length is within the [`Tolerance`].
//! 3. **Positions.** Levels are placed greedily, one after another, scanning candidate pivots
//!    row-major. A level must fit on usable cells, must not overlap the level just before it
//!    (levels further apart may reuse floor: the walker has left them) and must be a leg of
//!    admissible length away from it. Each level either prefers the most newly covered cells,
//!    then the least deviation (so far + this leg + the map), or the other way round; one bit
//!    per level chooses.
//! 4. **Whole plan.** Every one of the 2^T bit patterns is run; the plan covering the most
//!    cells wins, then the least total deviation, then the first pattern found.
//!
//! Deviations within 1e-9° ([`TIE_EPSILON_DEG`]) count as equal, so ties are broken by scan
//! order and not by rounding noise; distance bands have a 1e-9 allowance at their edges
//! ([`BAND_EPSILON`]). When every pattern fails, the error names the first level that could
//! not be placed ([`PlanError`]).
//!
//! Two planners return the identical plan:
//! * [`plan`]: fast (rasterise each spin once, bit-parallel fit tests, conflict tables for
//!   overlaps, only the leg offsets inside the distance band, a shared search over the 2^T bit
//!   patterns that merges equal choices and cuts hopeless branches); up to [`MAX_LEVELS`]
//!   levels;
//! * [`plan_reference`]: the four steps as literally as stated above, kept for reading, testing
//!   and benchmarking; up to [`REFERENCE_MAX_LEVELS`] levels, and seconds from about 12.
//!
//! # Boards as text
//!
//! A [`Site`] reads from text with [`FromStr`](core::str::FromStr) and prints with
//! [`Display`](core::fmt::Display), in the convention of the whole crate family
//! (`polyomino::Board` and `plugdp::Grid` read and write the same text): `.` a usable cell, `#`
//! an unusable one, one line per row, each line trimmed of surrounding whitespace, blank lines
//! before the first and after the last row ignored (so an indented multi-line string literal
//! works), all rows of the same length. `Display` joins the rows with `\n`, without a trailing
//! newline, and `FromStr` reads back exactly what `Display` writes. Errors name the 1-based
//! line and column ([`InstanceProblem::SiteCharacter`], [`InstanceProblem::RaggedSite`]).
//! [`Site::from_rows`] reads the same rows given one string each, as instance files hold them.
//! A site converts to and from a [`polyomino::Board`], and through a board to a
//! `plugdp::Grid`.
//!
//! ```
//! use level_planner::{InstanceProblem, PlanError, Site};
//! let hall: Site = "
//!     ......
//!     ..##..
//!     ......
//! ".parse()?;
//! assert_eq!(hall.usable_count(), 16);
//! assert_eq!(hall.to_string(), "......\n..##..\n......");
//! assert_eq!(hall.to_string().parse::<Site>()?, hall);
//! assert_eq!(Site::from_rows(&["......", "..##..", "......"])?, hall);
//! assert_eq!("...\n.x.".parse::<Site>(),
//!            Err(PlanError::InvalidInstance(InstanceProblem::SiteCharacter { ch: 'x', line: 2, column: 2 })));
//! # Ok::<(), PlanError>(())
//! ```
//!
//! # Conventions
//!
//! Site cells are 0.5 m squares ([`CELL_METRES`]) addressed `(row, col)`, rows growing
//! downward. Bearings and spins are degrees counter-clockwise from the direction of increasing
//! column, so "up" on the printed site is +90° and "down" is −90° (or 270°). Distances and
//! bearings are measured between the centres of pivot cells. A footprint spun by a multiple of
//! 90° is exactly the rotated polyomino; at other angles it covers every cell its rotated
//! squares overlap (a conservative rasterisation, so the real room never pokes outside the
//! cells tested; see [`polyomino::CellSet::rotate_about`]). Nothing here performs IO or
//! panics on bad input: instances are validated into [`PlanError`]s.
//!
//! # Instance files (JSON)
//!
//! The crate itself reads no files, but its command-line examples (`plan`, which plans one
//! instance and prints the plan, and `planner_conformance`, which checks a folder of instances
//! against expected plans) read instances in this JSON format, and the repository's sample data
//! uses it:
//!
//! ```json
//! {
//!   "site": ["........", "...##...", "........", "........"],
//!   "levels": [
//!     {"dist_m": 0.0, "deflex_deg": 0.0, "shape": [".#.", "###", ".#."]},
//!     {"dist_m": 1.5, "deflex_deg": 90.0, "shape": ["##", "#."]}
//!   ],
//!   "spin_step_deg": 90.0,
//!   "tolerance": {"ratio": [0.86, 1.26]}
//! }
//! ```
//!
//! | field | required | meaning, units and constraints | API |
//! |---|---|---|---|
//! | `site` | yes | the floor, one string per row of 0.5 m cells: `.` usable, `#` unusable; at least one row, all rows of the same length, at most 64 columns and 4096 rows | [`Site::from_rows`] |
//! | `levels` | yes | the virtual levels in walking order, at least one and at most [`MAX_LEVELS`] (63; the reader refuses the 64th where it starts, without reading it or the rest) | [`Instance::new`] |
//! | `levels[k].dist_m` | yes | walking distance from the previous level in the virtual world, metres, finite (ignored for the first level) | [`VirtualLevel::dist_m`] |
//! | `levels[k].deflex_deg` | yes | bearing of the leg from the previous level, degrees counter-clockwise from the direction of increasing column (up is +90), finite (ignored for the first level) | [`VirtualLevel::deflex_deg`] |
//! | `levels[k].shape` | yes | the footprint, one string per row of 0.5 m cells: `#` a cell, `.` none; at least one cell, at most 4096 cells and 8192 cells on a side. Its pivot is the cell at row ⌊h/2⌋, column ⌊w/2⌋ of its bounding box, or its first cell in row-major order when that one is empty | [`VirtualLevel::from_rows`] |
//! | `spin_step_deg` | no, default 90 | the spin step s in degrees, 0.01 ≤ s ≤ 360: spins 0, s, 2s, … below 360 are tried | [`Params::spin_step_deg`] |
//! | `tolerance` | no, default `{"ratio": [0.86, 1.26]}` | `{"ratio": [lo, hi]}`: a real leg of d metres is accepted for a virtual one of v metres when lo ≤ d / v ≤ hi (finite, lo ≤ hi; v ≤ 0, or a band below 0, admits nothing); or `{"abs_m": a}`: when \|d − v\| ≤ a (a finite, ≥ 0) | [`Tolerance`] |
//!
//! Other fields are ignored. Numbers are JSON numbers; a missing, mistyped or out-of-range
//! field makes the instance invalid ([`PlanError::InvalidInstance`]). The document above is
//! this instance:
//!
//! ```
//! use level_planner::{plan, Instance, Params, PlanOptions, Site, Tolerance, VirtualLevel};
//! let site = Site::from_rows(&["........", "...##...", "........", "........"])?;
//! let levels = vec![
//!     VirtualLevel::from_rows(0.0, 0.0, &[".#.", "###", ".#."])?,
//!     VirtualLevel::from_rows(1.5, 90.0, &["##", "#."])?,
//! ];
//! let params = Params { spin_step_deg: 90.0, tolerance: Tolerance::Ratio { lo: 0.86, hi: 1.26 } };
//! assert_eq!(params, Params::default());
//! let p = plan(&Instance::new(site, levels, params)?, &PlanOptions::default())?;
//! assert_eq!(p.levels().len(), 2);
//! # Ok::<(), level_planner::PlanError>(())
//! ```
//!
//! With the `serde` feature, `serde_json::from_str::<Instance>` reads such a document. It checks
//! each value where it is read, so an error names the value's path (`site[2]`,
//! `levels[1].shape[0]`, `tolerance`; arrays counted from 0) and, when the reader tracks
//! positions (`from_str`, `from_slice`, `from_reader`; not `from_value`), the line and column
//! where the value ends:
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use level_planner::{plan, Instance, PlanOptions};
//! let text = r####"{
//!   "site": ["........", "...##...", "........", "........"],
//!   "levels": [
//!     {"dist_m": 0.0, "deflex_deg": 0.0, "shape": [".#.", "###", ".#."]},
//!     {"dist_m": 1.5, "deflex_deg": 90.0, "shape": ["##", "#."]}
//!   ]
//! }"####;
//! let instance: Instance = serde_json::from_str(text).unwrap();
//! assert_eq!(plan(&instance, &PlanOptions::default()).unwrap().levels().len(), 2);
//! let bad = text.replace("...##...", "...#x...");
//! let err = serde_json::from_str::<Instance>(&bad).unwrap_err();
//! assert_eq!(err.to_string(), "site[1]: unexpected character 'x' (column 5 of the row) at line 2 column 33");
//! assert_eq!((err.line(), err.column()), (2, 33)); // the closing quote of that row
//! # }
//! ```
//!
//! A note for instances written into Rust source, as above: a raw string `r#"…"#` ends at the
//! first `"#`, which every site or footprint row starting with `#` contains (`"#.."`), and the
//! compiler then reports a confusing syntax error (in Rust 2024 "reserved multi-hash token" or
//! "unprefixed guarded string literals are reserved"). Give the raw string one `#` more than
//! the longest run of `#` right after a `"` in the document: `r##"…"##` when rows start with
//! one `#`, and `r####"…"####` for the document above, whose footprint row `"###"` starts with
//! three.
//!
//! The `plan` example prints a plan as one line of JSON,
//! `{"levels": [{"row": i, "col": j, "spin_deg": a}, ...], "covered": n, "deviation_deg": d}`:
//! per level the 0-based row and column of its pivot cell and its spin in degrees
//! ([`PlacedLevel::row`], [`PlacedLevel::col`], [`PlacedLevel::spin_deg`]), then
//! [`Plan::covered`] and [`Plan::deviation_deg`]; or `{"error": "..."}` with the
//! [`PlanError`]'s message when there is no plan. Its numbers are rounded to 9 decimal places
//! and printed in their shortest form, so a total deviation summed as 36.799999999999955
//! prints as 36.8 (the `serde` feature's [`Plan`] output is the same).
//!
//! # Features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `serde` | off | [`Instance`] reads and writes the JSON instance format above (each value checked where it is read, with the checks of [`Instance::new`]; errors name the value's path, and its line and column with `serde_json::from_str`; an optional `"pivot": [row, col]` per level), and [`Plan`] writes the plan format (numbers rounded to 9 decimal places), so `serde_json::from_str::<Instance>(text)` reads the examples' files. The crate's own tests and examples always build with it |
#![forbid(unsafe_code)]

// The README's code blocks run as doctests, so that they stay true (the guide chapters in the
// repository's docs/ are tested by the family-docs crate there).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod error;
mod fast;
mod geometry;
mod instance;
mod options;
mod plan;
mod reference;
#[cfg(feature = "serde")]
mod serde_impls;
mod site;
pub mod svg;

/// The `polyomino` crate this one builds on (footprints are polyomino cell sets), re-exported
/// so its types need no dependency of their own.
pub use polyomino;

pub use error::{InstanceProblem, PlanError};
pub use fast::{MAX_LEVELS, plan};
pub use geometry::{BAND_EPSILON, TIE_EPSILON_DEG};
pub use instance::{
    CELL_METRES, Instance, MAX_FOOTPRINT_CELLS, MAX_FOOTPRINT_SIDE, MAX_SPINS, Params, Tolerance,
    VirtualLevel,
};
pub use options::PlanOptions;
pub use plan::{PlacedLevel, Plan};
pub use reference::{REFERENCE_MAX_LEVELS, plan_reference};
pub use site::Site;

/// The error for "every plan failed, first at the 0-based level `k`", shared by both
/// planners: when that level's leg admits no grid offset at all within the site, the clearer
/// [`PlanError::LegUnreachable`] names it; otherwise [`PlanError::NoAdmissiblePlacement`].
fn failure(instance: &Instance, k: usize) -> PlanError {
    let (rows, cols) = (instance.site().rows() as i64, instance.site().cols() as i64);
    let level = &instance.levels()[k];
    let tol = instance.params().tolerance;
    if k > 0 && geometry::leg_offsets(level.dist_m, tol, rows - 1, cols - 1).is_empty() {
        PlanError::LegUnreachable { level: k + 1 }
    } else {
        PlanError::NoAdmissiblePlacement { level: k + 1 }
    }
}
