//! Leg tables: the admissible pivot offsets into a level, with their bearing deviations.

use crate::geometry::{deviation_deg, leg_offsets};
use crate::instance::Tolerance;

/// One admissible offset and its deviation from the level's adjusted bearing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Leg {
    pub(crate) dr: i64,
    pub(crate) dc: i64,
    pub(crate) deviation: f64,
}

/// The admissible offsets for a leg of `dist_m` metres compared with `bearing` degrees, within
/// `rows` cells in rows and `cols` in columns, row-major.
pub(crate) fn legs(dist_m: f64, bearing: f64, tol: Tolerance, rows: i64, cols: i64) -> Vec<Leg> {
    leg_offsets(dist_m, tol, rows, cols)
        .into_iter()
        .map(|(dr, dc)| Leg {
            dr,
            dc,
            deviation: deviation_deg(dr, dc, bearing),
        })
        .collect()
}
