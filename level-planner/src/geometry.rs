//! Geometry shared by both planners: spins, rasterised footprints, leg lengths, bearings,
//! deviations and the tie-tolerant comparisons. Both planners call exactly these functions, so
//! their floating-point values agree bit for bit.

use polyomino::MarkedCellSet;

use crate::instance::{CELL_METRES, Tolerance};

/// Two deviations within this many degrees are equal (ties go to scan order, not to rounding
/// noise).
pub const TIE_EPSILON_DEG: f64 = 1e-9;

/// Allowance at the edges of the distance bands.
pub const BAND_EPSILON: f64 = 1e-9;

/// `a == b` or within [`TIE_EPSILON_DEG`] (so ∞ equals ∞).
#[inline]
pub(crate) fn eq(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= TIE_EPSILON_DEG
}

/// `a < b` and not [`eq`].
#[inline]
pub(crate) fn lt(a: f64, b: f64) -> bool {
    a < b && !eq(a, b)
}

/// The spins γ = k·s for k = 0, 1, … while k·s < 360 − 1e-9 (by multiplication).
pub(crate) fn spins(step: f64) -> Vec<f64> {
    (0u32..)
        .map(|k| f64::from(k) * step)
        .take_while(|&g| g < 360.0 - 1e-9)
        .collect()
}

/// The footprint spun by `angle_deg` about its pivot and rasterised conservatively, as
/// `(row, col)` offsets from the pivot, row-major. Footprints are validated by
/// [`Instance::new`](crate::Instance::new) to be small enough for any spin.
pub(crate) fn spun(footprint: &MarkedCellSet, angle_deg: f64) -> Vec<(i64, i64)> {
    let pivot = footprint.mark();
    footprint
        .shape()
        .rotate_about(pivot, angle_deg)
        .expect("validated footprints stay in the coordinate range")
        .into_iter()
        .map(|c| {
            (
                i64::from(c.row) - i64::from(pivot.row),
                i64::from(c.col) - i64::from(pivot.col),
            )
        })
        .collect()
}

/// The smallest and largest row (`axis` 0) or column (`axis` 1) of `cells`; `(i64::MAX,
/// i64::MIN)` when there are none.
pub(crate) fn extent(cells: &[(i64, i64)], axis: usize) -> (i64, i64) {
    cells
        .iter()
        .map(|&(r, c)| if axis == 0 { r } else { c })
        .fold((i64::MAX, i64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
}

/// Leg length in metres for a pivot offset of `(di, dj)` cells.
#[inline]
pub(crate) fn leg_length_m(di: i64, dj: i64) -> f64 {
    CELL_METRES * ((di * di + dj * dj) as f64).sqrt()
}

/// Whether an offset of `(di, dj)` cells is an admissible leg for the virtual length `v` metres.
#[inline]
pub(crate) fn leg_ok(di: i64, dj: i64, v: f64, tol: Tolerance) -> bool {
    let d = leg_length_m(di, dj);
    match tol {
        Tolerance::Ratio { lo, hi } => {
            if v <= 0.0 {
                return false;
            }
            let r = d / v;
            lo - BAND_EPSILON <= r && r <= hi + BAND_EPSILON
        }
        Tolerance::Absolute { metres } => (d - v).abs() <= metres + BAND_EPSILON,
    }
}

/// Bearing of the offset `(di, dj)` in degrees, counter-clockwise from increasing column with
/// rows growing downward ("up" is +90°). Total: no integer is negated, so `i64::MIN` is
/// fine too.
#[inline]
pub(crate) fn bearing_deg(di: i64, dj: i64) -> f64 {
    // `0.0 − x`, not `−x`: a row offset of 0 must give +0.0, so that due west is +180° as the
    // bearing convention says (atan2(−0.0, −1) would be −180°). For every other offset this is
    // the negation of the converted integer, which equals the conversion of the negated integer
    // (rounding to nearest is symmetric), without negating an integer that may be `i64::MIN`.
    (0.0 - di as f64).atan2(dj as f64).to_degrees()
}

/// `|bearing(di, dj) − deflex|` wrapped into [0°, 180°].
#[inline]
pub(crate) fn deviation_deg(di: i64, dj: i64, deflex: f64) -> f64 {
    let x = (bearing_deg(di, dj) - deflex).rem_euclid(360.0);
    if x > 180.0 { 360.0 - x } else { x }
}

/// The largest offset (in cells, per axis) a leg of `v` metres can have under `tol`: in
/// `0..=limit` (computed in floating point first, so huge lengths cannot overflow, and never
/// negative: a ratio band below zero, such as `[-2, -1]`, admits no leg, and with a huge `v`
/// its bound used to saturate to `i64::MIN`, whose negation in [`leg_offsets`] and doubling in
/// the fast planner overflowed).
pub(crate) fn max_leg_cells(v: f64, tol: Tolerance, limit: i64) -> i64 {
    let metres = match tol {
        Tolerance::Ratio { hi, .. } => (hi + BAND_EPSILON) * v.max(0.0),
        Tolerance::Absolute { metres } => v.max(0.0) + metres + BAND_EPSILON,
    };
    let cells = (metres / CELL_METRES).ceil() + 1.0;
    let limit = limit.max(0);
    if cells.is_nan() || cells <= 0.0 {
        0
    } else if cells < limit as f64 {
        cells as i64
    } else {
        limit
    }
}

/// All admissible leg offsets for the virtual length `v`, at most `rows` cells per axis in rows
/// and `cols` in columns (two pivots of a site differ by less than its extent, so the table is
/// bounded by the site, not by the tolerance: a 4096 × 1 site with a huge band used to build
/// 67 million offsets per leg), in row-major order of the offset.
pub(crate) fn leg_offsets(v: f64, tol: Tolerance, rows: i64, cols: i64) -> Vec<(i64, i64)> {
    let (rr, rc) = (max_leg_cells(v, tol, rows), max_leg_cells(v, tol, cols));
    let mut out = Vec::new();
    for di in -rr..=rr {
        for dj in -rc..=rc {
            if leg_ok(di, dj, v, tol) {
                out.push((di, dj));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearings_follow_the_screen_convention() {
        assert_eq!(bearing_deg(0, 1), 0.0);
        assert_eq!(bearing_deg(-1, 0), 90.0);
        assert_eq!(bearing_deg(0, -1), 180.0);
        assert_eq!(bearing_deg(1, 0), -90.0);
        assert_eq!(deviation_deg(1, 0, 270.0), 0.0);
        assert!((deviation_deg(0, 1, 350.0) - 10.0).abs() < 1e-12);
        assert!((deviation_deg(0, 1, 190.0) - 170.0).abs() < 1e-12);
    }

    #[test]
    fn spins_stop_below_a_full_turn() {
        assert_eq!(spins(90.0), vec![0.0, 90.0, 180.0, 270.0]);
        assert_eq!(spins(360.0), vec![0.0]);
        assert_eq!(spins(1.0).len(), 360);
        assert_eq!(spins(0.7).len(), 515);
    }

    #[test]
    fn ties_tolerate_noise_and_infinity() {
        assert!(eq(f64::INFINITY, f64::INFINITY));
        assert!(!lt(f64::INFINITY, f64::INFINITY));
        assert!(eq(1.0, 1.0 + 5e-10));
        assert!(!lt(1.0, 1.0 + 5e-10));
        assert!(lt(1.0, 1.0 + 2e-9));
    }

    #[test]
    fn leg_bands() {
        let ratio = Tolerance::Ratio { lo: 0.86, hi: 1.26 };
        // 4 cells = 2 m; accepted for 2 m, 1.6 m (ratio 1.25), not for 1.5 m (1.33).
        assert!(leg_ok(4, 0, 2.0, ratio));
        assert!(leg_ok(0, 4, 1.6, ratio));
        assert!(!leg_ok(0, 4, 1.5, ratio));
        assert!(!leg_ok(0, 0, 0.0, ratio));
        let abs = Tolerance::Absolute { metres: 0.25 };
        assert!(leg_ok(3, 4, 2.25, abs));
        assert!(leg_ok(3, 4, 2.75, abs));
        assert!(!leg_ok(3, 4, 2.8, abs));
        // Huge lengths and bands are capped by the site, never overflow.
        assert_eq!(max_leg_cells(1e300, ratio, 7), 7);
        assert_eq!(
            max_leg_cells(1.0, Tolerance::Absolute { metres: f64::MAX }, 9),
            9
        );
        // A band below zero admits nothing: its bound is 0, never negative (it was i64::MIN
        // for a huge length, and its negation overflowed).
        let negative = Tolerance::Ratio { lo: -2.0, hi: -1.0 };
        assert_eq!(max_leg_cells(1e300, negative, 7), 0);
        assert_eq!(max_leg_cells(10.0, negative, 7), 0);
        assert!(leg_offsets(1e300, negative, 7, 7).is_empty());
        // Bearings are total: no integer negation.
        assert_eq!(bearing_deg(i64::MIN, 0), 90.0);
        assert_eq!(bearing_deg(0, -1), 180.0);
        let offsets = leg_offsets(2.0, ratio, 100, 100);
        assert!(offsets.iter().all(|&(a, b)| leg_ok(a, b, 2.0, ratio)));
        assert!(offsets.windows(2).all(|w| w[0] < w[1]));
    }
}
