//! Algorithm 2 with each spin rasterised once and fits found a board row at a time.
//!
//! Spins whose footprint cannot fit the site are recognised without rasterising them (which
//! costs about a microsecond per footprint cell at an angle that is not a multiple of 90°):
//! * a footprint with more cells than the site has usable cells fits nowhere at any spin (a
//!   spun footprint covers at least its own area);
//! * a spun footprint's rasterisation holds, for each cell, the grid cell under the cell's
//!   rotated centre, so its height is at least the spread of the rotated centres along the
//!   rows (and likewise for its width); the spread is read off the convex hull of the centres,
//!   computed once per level.
//!
//! Both tests only skip spins whose fit count is 0, which never win the choice of spin (the
//! first spin with the largest count wins, and spin 0 is always rasterised), so the result is
//! unchanged.

use polyomino::{Board, Cell, CellSet, MarkedCellSet, RIGHT_ANGLE_EPSILON};

use crate::PlanError;
use crate::geometry::{extent, spins, spun};
use crate::instance::Instance;
use crate::options::{Meter, units};
use crate::reference::Shaped;

/// Work units per footprint cell rasterised at an angle that is not a multiple of 90° (the
/// rotated square is clipped against nine cells: about a microsecond).
const RASTER_UNITS: u64 = 256;
/// Work units per footprint cell rasterised at a multiple of 90° (exact integer arithmetic,
/// then a sort).
const EXACT_UNITS: u64 = 8;

/// Where `shape` (offsets from the pivot) fits on `board`: the pivot cells, row-major.
fn fit_pivots(board: &Board, shape: &[(i64, i64)]) -> Vec<(usize, usize)> {
    let cells = shape.iter().map(|&(r, c)| Cell::new(r as i32, c as i32));
    let poly = CellSet::from_cells(cells).expect("a spun footprint is never empty");
    // The pivot sits at minus the smallest offsets inside the normalised shape.
    let (min_r, min_c) = (extent(shape, 0).0, extent(shape, 1).0);
    board
        .placement_offsets(&poly)
        .iter()
        .map(|o| {
            (
                (i64::from(o.row) - min_r) as usize,
                (i64::from(o.col) - min_c) as usize,
            )
        })
        .collect()
}

/// The work of [`fit_pivots`]: one word operation per board row and shape cell, for the rows
/// where the shape's bounding box fits.
fn fit_units(shape: &[(i64, i64)], rows: usize, cols: usize) -> u64 {
    let span = |axis| {
        let (lo, hi) = extent(shape, axis);
        (hi - lo + 1) as usize
    };
    let (h, w) = (span(0), span(1));
    if h > rows || w > cols {
        return units(shape.len(), 1);
    }
    units(rows - h + 1, shape.len()).saturating_add(units(shape.len(), 2))
}

/// Whether `angle_deg` is treated as a multiple of 90° by the rasterisation.
fn right_angle(angle_deg: f64) -> bool {
    let d = angle_deg.rem_euclid(360.0);
    (d - (d / 90.0).round() * 90.0).abs() <= RIGHT_ANGLE_EPSILON
}

/// The convex hull of a footprint's cell centres, as offsets from the pivot.
struct CentreHull {
    points: Vec<(f64, f64)>,
}

impl CentreHull {
    fn new(footprint: &MarkedCellSet) -> CentreHull {
        let pivot = footprint.mark();
        let mut pts: Vec<(i64, i64)> = footprint
            .shape()
            .cells()
            .iter()
            .map(|c| {
                (
                    i64::from(c.row) - i64::from(pivot.row),
                    i64::from(c.col) - i64::from(pivot.col),
                )
            })
            .collect();
        pts.sort_unstable();
        pts.dedup();
        // Andrew's monotone chain (collinear points dropped): the lower chain left to right,
        // then the upper one right to left, each without its last point.
        let cross = |o: (i64, i64), a: (i64, i64), b: (i64, i64)| {
            (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
        };
        let mut hull: Vec<(i64, i64)> = Vec::with_capacity(2 * pts.len());
        let mut chain = |points: &mut dyn Iterator<Item = &(i64, i64)>| {
            let start = hull.len();
            for &p in points {
                while hull.len() >= start + 2
                    && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0
                {
                    hull.pop();
                }
                hull.push(p);
            }
            hull.pop();
        };
        chain(&mut pts.iter());
        chain(&mut pts.iter().rev());
        if hull.is_empty() {
            hull.push(pts[0]);
        }
        CentreHull {
            points: hull
                .into_iter()
                .map(|(r, c)| (r as f64, c as f64))
                .collect(),
        }
    }

    fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether the footprint spun by `angle_deg` may fit a `rows × cols` site: false when the
    /// rotated centres spread over more than `rows` rows or `cols` columns (with a margin far
    /// above rounding errors), so that the rasterisation is taller or wider than the site.
    fn may_fit(&self, angle_deg: f64, rows: usize, cols: usize) -> bool {
        // The same rotation as `CellSet::rotate_about`.
        let (sin, cos) = angle_deg.rem_euclid(360.0).to_radians().sin_cos();
        let (mut r_lo, mut r_hi, mut c_lo, mut c_hi) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for &(dr, dc) in &self.points {
            let (r, c) = (dr * cos - dc * sin, dc * cos + dr * sin);
            (r_lo, r_hi) = (r_lo.min(r), r_hi.max(r));
            (c_lo, c_hi) = (c_lo.min(c), c_hi.max(c));
        }
        const MARGIN: f64 = 1e-6;
        r_hi - r_lo - MARGIN <= rows as f64 && c_hi - c_lo - MARGIN <= cols as f64
    }
}

/// The spin chosen so far for one level.
struct Spin {
    gamma: f64,
    shape: Vec<(i64, i64)>,
    pivots: Vec<(usize, usize)>,
}

pub(crate) fn make_shape(instance: &Instance, meter: &mut Meter) -> Result<Shaped, PlanError> {
    let site = instance.site();
    let (n, m) = (site.rows(), site.cols());
    meter.charge(units(n, m))?;
    let blocked = (0..n)
        .flat_map(|r| (0..m).map(move |c| (r, c)))
        .filter(|&(r, c)| !site.is_usable(r as i64, c as i64))
        .map(|(r, c)| Cell::new(r as i32, c as i32));
    let board = Board::with_blocked(n as u32, m as u32, blocked).expect("sites are validated");
    let usable = site.usable_count();
    let gammas = spins(instance.params().spin_step_deg);
    let t = instance.levels().len();
    let mut out = Shaped {
        shapes: Vec::with_capacity(t),
        spin_out: Vec::with_capacity(t),
        adjusted: Vec::with_capacity(t),
        flags: Vec::with_capacity(t),
    };
    let mut alpha = 0.0;
    for level in instance.levels() {
        out.adjusted.push(level.deflex_deg + alpha);
        let cells = level.footprint.shape().size();
        meter.charge(units(cells, 16))?;
        let hull = CentreHull::new(&level.footprint);
        // More footprint cells than usable site cells: no spin fits anywhere.
        let hopeless = cells > usable;
        let mut best: Option<Spin> = None;
        for &gamma in &gammas {
            let angle = alpha + gamma;
            if best.is_some() {
                meter.charge(units(hull.len(), 1))?;
                if hopeless || !hull.may_fit(angle, n, m) {
                    // This spin's count is 0: it cannot replace the spin kept.
                    continue;
                }
            }
            let per_cell = if right_angle(angle) {
                EXACT_UNITS
            } else {
                RASTER_UNITS
            };
            meter.charge(units(cells, 1).saturating_mul(per_cell))?;
            let shape = spun(&level.footprint, angle);
            let pivots = if hopeless {
                Vec::new()
            } else {
                meter.charge(fit_units(&shape, n, m))?;
                fit_pivots(&board, &shape)
            };
            if best.as_ref().is_none_or(|b| pivots.len() > b.pivots.len()) {
                best = Some(Spin {
                    gamma,
                    shape,
                    pivots,
                });
            }
        }
        // The first spin with the largest count wins; when every count is 0 that is γ = 0 with
        // nothing flagged, as in the reference.
        let Spin {
            gamma: beta,
            shape,
            pivots,
        } = best.expect("there is always the spin 0");
        let mut flags = vec![false; n * m];
        for (r, c) in pivots {
            flags[r * m + c] = true;
        }
        out.shapes.push(shape);
        out.flags.push(flags);
        out.spin_out.push((alpha + beta).rem_euclid(360.0));
        alpha += beta;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hull test never skips a spin whose rasterisation fits: checked against the
    /// rasterisation itself on small footprints and sites, at many angles.
    #[test]
    fn the_hull_test_is_conservative() {
        let shapes = [
            "####",
            "##\n##",
            "#..\n###",
            ".#.\n###\n.#.",
            "#....\n.#...\n..###",
        ];
        for art in shapes {
            let shape = CellSet::parse(art).unwrap();
            let footprint = MarkedCellSet::new(shape.clone(), shape.cells()[0]).unwrap();
            let hull = CentreHull::new(&footprint);
            for k in 0..720 {
                let angle = f64::from(k) * 0.5 + 0.123 * f64::from(k % 3);
                let raster = spun(&footprint, angle);
                let poly =
                    CellSet::from_cells(raster.iter().map(|&(r, c)| Cell::new(r as i32, c as i32)))
                        .unwrap();
                let (h, w) = (poly.height() as usize, poly.width() as usize);
                for rows in 1..8 {
                    for cols in 1..8 {
                        if h <= rows && w <= cols {
                            assert!(
                                hull.may_fit(angle, rows, cols),
                                "{art:?} at {angle}° ({h} × {w}) on {rows} × {cols}"
                            );
                        }
                    }
                }
            }
        }
    }
}
