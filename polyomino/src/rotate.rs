//! Arbitrary-angle rotation of a shape onto the grid, with conservative rasterisation.
//!
//! Every cell is a unit square. Rotating a shape by an angle that is not a multiple of 90° moves
//! the squares off the grid; [`CellSet::rotate_about`] returns every grid cell that any rotated
//! square overlaps with an area greater than [`COVER_EPSILON`] (1e-9 cell²). The result is
//! *conservative*: the real rotated shape never pokes outside it, which is what a planner needs
//! to be sure that a rotated room or piece stays on the cells it tested.
//!
//! * Angles are in degrees, counter-clockwise on the printed grid (rows grow downward), the same
//!   sense as [`Transform::Rotate90`](crate::Transform::Rotate90).
//! * Angles within 1e-9° of a multiple of 90° are treated as that multiple and use exact
//!   integer arithmetic, so the result is exactly the transformed shape.
//! * Each square is handled separately: its rotated image (a convex quadrilateral) is clipped
//!   against each candidate cell of its bounding box (Sutherland–Hodgman) and the overlap area
//!   compared with the threshold. Cost: O(n) squares × at most 9 candidate cells × a constant.

use crate::{Cell, CellSet, RotateError, Transform};

/// Overlap area (in cell²) above which a rotated square covers a grid cell.
pub const COVER_EPSILON: f64 = 1e-9;

/// Tolerance (in degrees) within which an angle counts as a multiple of 90°.
pub const RIGHT_ANGLE_EPSILON: f64 = 1e-9;

impl CellSet {
    /// Rotates every cell's square about the centre of `pivot` by `degrees` (counter-clockwise
    /// on the printed grid) and returns the conservatively rasterised cells, sorted row-major,
    /// in the same frame as the shape (the pivot stays where it is; it need not be a cell of the
    /// shape).
    ///
    /// ```
    /// use polyomino::{Cell, CellSet, Transform};
    /// let bar = CellSet::parse("####")?;
    /// let pivot = Cell::new(0, 2);
    /// // Multiples of 90° are exact:
    /// let quarter = bar.rotate_about(pivot, 90.0)?;
    /// assert_eq!(quarter, vec![Cell::new(-1, 2), Cell::new(0, 2), Cell::new(1, 2), Cell::new(2, 2)]);
    /// assert_eq!(CellSet::from_cells(quarter)?, bar.transform(Transform::Rotate90));
    /// // Other angles cover more cells than the shape has:
    /// assert!(bar.rotate_about(pivot, 30.0)?.len() > 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RotateError::NonFiniteAngle`] for NaN or infinite angles, [`RotateError::OutOfRange`]
    /// when a covered cell falls outside the `i32` coordinate range.
    pub fn rotate_about(&self, pivot: Cell, degrees: f64) -> Result<Vec<Cell>, RotateError> {
        if !degrees.is_finite() {
            return Err(RotateError::NonFiniteAngle(degrees));
        }
        // Reduce first: `rem_euclid` is exact, and huge angles would otherwise lose their
        // fractional part (every double above 2^53 is an integer, but not a multiple of 90).
        let degrees = degrees.rem_euclid(360.0);
        let quarters = (degrees / 90.0).round();
        let mut out = if (degrees - quarters * 90.0).abs() <= RIGHT_ANGLE_EPSILON {
            let t = Transform::rotation(quarters as i32);
            self.rotate_exact(pivot, t)?
        } else {
            let (sin, cos) = degrees.to_radians().sin_cos();
            self.rotate_general(pivot, sin, cos)?
        };
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    fn rotate_exact(&self, pivot: Cell, t: Transform) -> Result<Vec<Cell>, RotateError> {
        // In i64: offsets from a far pivot need not fit in i32 even when the result does.
        let (pr, pc) = (i64::from(pivot.row), i64::from(pivot.col));
        self.cells()
            .iter()
            .map(|&c| {
                let (dr, dc) = (i64::from(c.row) - pr, i64::from(c.col) - pc);
                let (r, c) = match t {
                    Transform::Identity => (dr, dc),
                    Transform::Rotate90 => (-dc, dr),
                    Transform::Rotate180 => (-dr, -dc),
                    _ => (dc, -dr),
                };
                let row = i32::try_from(pr + r).map_err(|_| RotateError::OutOfRange)?;
                let col = i32::try_from(pc + c).map_err(|_| RotateError::OutOfRange)?;
                Ok(Cell::new(row, col))
            })
            .collect()
    }

    fn rotate_general(&self, pivot: Cell, sin: f64, cos: f64) -> Result<Vec<Cell>, RotateError> {
        let rot = |dr: f64, dc: f64| (dr * cos - dc * sin, dc * cos + dr * sin);
        // Corners of the unit square in cyclic order, rotated once.
        let corners = [(-0.5, -0.5), (-0.5, 0.5), (0.5, 0.5), (0.5, -0.5)].map(|(r, c)| rot(r, c));
        let mut out = Vec::with_capacity(self.size() * 3);
        for &cell in self.cells() {
            let dr = f64::from(cell.row) - f64::from(pivot.row);
            let dc = f64::from(cell.col) - f64::from(pivot.col);
            let (cr, cc) = rot(dr, dc);
            let quad = corners.map(|(r, c)| (cr + r, cc + c));
            // The rotated square fits in a box of half-side √2/2 < 1 around its centre, so the
            // candidate cells are those within one of the centre's nearest cell.
            let (kr, kc) = (cr.round(), cc.round());
            for rr in -1..=1 {
                for cc_off in -1..=1 {
                    let (gr, gc) = (kr + f64::from(rr), kc + f64::from(cc_off));
                    let local = quad.map(|(r, c)| (r - gr, c - gc));
                    if clipped_area(&local) > COVER_EPSILON {
                        let row = to_coord(f64::from(pivot.row) + gr)?;
                        let col = to_coord(f64::from(pivot.col) + gc)?;
                        out.push(Cell::new(row, col));
                    }
                }
            }
        }
        Ok(out)
    }
}

fn to_coord(x: f64) -> Result<i32, RotateError> {
    if x >= f64::from(i32::MIN) && x <= f64::from(i32::MAX) {
        Ok(x as i32)
    } else {
        Err(RotateError::OutOfRange)
    }
}

/// Area of the convex quadrilateral `quad` inside the square `[-0.5, 0.5]²`.
fn clipped_area(quad: &[(f64, f64); 4]) -> f64 {
    let mut poly = [(0.0, 0.0); 12];
    let mut len = 4;
    poly[..4].copy_from_slice(quad);
    // Keep the side where sign·coordinate ≤ 0.5, for each axis and sign.
    for (axis, sign) in [(0, 1.0), (0, -1.0), (1, 1.0), (1, -1.0)] {
        let inside = |p: (f64, f64)| {
            let v = if axis == 0 { p.0 } else { p.1 };
            0.5 - sign * v
        };
        let mut next = [(0.0, 0.0); 12];
        let mut n = 0;
        for i in 0..len {
            let a = poly[i];
            let b = poly[(i + 1) % len];
            let (da, db) = (inside(a), inside(b));
            if da >= 0.0 {
                next[n] = a;
                n += 1;
            }
            if (da >= 0.0) != (db >= 0.0) {
                let t = da / (da - db);
                next[n] = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
                n += 1;
            }
        }
        poly = next;
        len = n;
        if len < 3 {
            return 0.0;
        }
    }
    let mut twice = 0.0;
    for i in 0..len {
        let (a, b) = (poly[i], poly[(i + 1) % len]);
        twice += a.0 * b.1 - b.0 * a.1;
    }
    twice.abs() / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_a_unit_square_against_itself_and_neighbours() {
        let sq = [(-0.5, -0.5), (-0.5, 0.5), (0.5, 0.5), (0.5, -0.5)];
        assert!((clipped_area(&sq) - 1.0).abs() < 1e-12);
        let shifted = sq.map(|(r, c)| (r + 1.0, c));
        assert_eq!(clipped_area(&shifted), 0.0);
        let half = sq.map(|(r, c)| (r + 0.5, c));
        assert!((clipped_area(&half) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn a_single_cell_at_45_degrees_covers_its_cross() {
        // The diamond of half-diagonal √2/2 ≈ 0.707 reaches 0.207 into each edge neighbour and
        // only touches no diagonal neighbour.
        let one = CellSet::parse("#").unwrap();
        let got = one.rotate_about(Cell::ORIGIN, 45.0).unwrap();
        let mut want = vec![Cell::ORIGIN];
        want.extend(Cell::ORIGIN.edge_neighbours());
        want.sort_unstable();
        assert_eq!(got, want);
    }

    #[test]
    fn one_degree_single_cell_covers_nine_minus_corners() {
        // A known value: one cell spun by 1° covers 5 cells.
        let one = CellSet::parse("#").unwrap();
        assert_eq!(one.rotate_about(Cell::ORIGIN, 1.0).unwrap().len(), 5);
    }

    #[test]
    fn recorded_vector_from_the_level_planner_trace() {
        // `####` with pivot (0, 2) spun by 127°: cells relative to the pivot, as recorded by the
        // independent implementation (the level planner's conformance data, instance d07).
        let bar = CellSet::parse("####").unwrap();
        let pivot = Cell::new(0, 2);
        let got: Vec<(i32, i32)> = bar
            .rotate_about(pivot, 127.0)
            .unwrap()
            .into_iter()
            .map(|c| (c.row - pivot.row, c.col - pivot.col))
            .collect();
        let want = [
            (-1, -1),
            (-1, 0),
            (0, -1),
            (0, 0),
            (0, 1),
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 1),
            (2, 2),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn bad_angles_are_errors() {
        let one = CellSet::parse("#").unwrap();
        assert!(matches!(
            one.rotate_about(Cell::ORIGIN, f64::NAN),
            Err(RotateError::NonFiniteAngle(_))
        ));
        assert_eq!(
            one.rotate_about(Cell::new(i32::MIN, 0), 180.0),
            Err(RotateError::OutOfRange)
        );
        // A far pivot is fine when the result fits.
        assert_eq!(
            one.rotate_about(Cell::new(i32::MIN, 0), 360.0),
            Ok(vec![Cell::ORIGIN])
        );
    }

    #[test]
    fn huge_angles_are_reduced_exactly() {
        // 1e20 ≡ 280 (mod 360) and 2^60 ≡ 136 (mod 360), as exact integers.
        let bar = CellSet::parse("####").unwrap();
        let p = Cell::new(0, 1);
        assert_eq!(bar.rotate_about(p, 1e20), bar.rotate_about(p, 280.0));
        assert_eq!(
            bar.rotate_about(p, 2f64.powi(60)),
            bar.rotate_about(p, 136.0)
        );
        assert_eq!(bar.rotate_about(p, -90.0), bar.rotate_about(p, 270.0));
    }
}
