//! Self-avoiding polygons on the square lattice, counted by perimeter (OEIS A002931), with the
//! edge-plug engine's transition on a lattice of vertices.
//!
//! As for polyominoes ([`fixed_polyominoes`](crate::fixed_polyominoes)), each polygon is counted
//! once in its bounding box: for each width W (vertex columns) the strip is swept vertex by
//! vertex; a vertex is unused or has two of its four edges (a cycle passes through); the frontier
//! keeps the plugs in minimal representation and whether the left and right columns have been
//! used. The first row must be used; the polygon is complete when its cycle closes (with no
//! other plug open), and is counted with its height, twice when taller than wide (boxes wider
//! than tall are counted by the transposed sweep). Values are counts by number of edges: power
//! series in x truncated where a partial polygon can no longer close within the perimeter. Each
//! width is a [`Transfer`] on the crate's driver.

use crate::engine::driver::{Transfer, run};
use crate::engine::edges::{CLOSED, step};
use crate::engine::nibbles::shift_row;
use crate::engine::state::Labels;
use crate::{EdgeRules, Options, PlugError, Sides, Value};

/// Largest half-perimeter supported.
pub const MAX_POLYGON_HALF_PERIMETER: usize = 24;

const PERIM: usize = 2 * MAX_POLYGON_HALF_PERIMETER + 1;
const LEFT_FLAG: u128 = 1 << 120;
const RIGHT_FLAG: u128 = 1 << 121;
/// The key every finished polygon moves to (it then rides along to the end of the sweep).
const DONE: u128 = 1 << 122;

/// Numbers of self-avoiding polygons (up to translation) of perimeter `2k` for `k = 0..=n`
/// (OEIS A002931; index 0 and 1 hold 0).
///
/// ```
/// use plugdp::{self_avoiding_polygons, Options};
/// assert_eq!(self_avoiding_polygons(6, &Options::default())?, vec![0, 0, 1, 2, 7, 28, 124]);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// [`PlugError::SizeTooLarge`] for `n` above [`MAX_POLYGON_HALF_PERIMETER`];
/// [`PlugError::BudgetExceeded`] past the budget of `options` (which holds within every vertex
/// of every width; `options.threads` splits each width's big steps).
pub fn self_avoiding_polygons(n: usize, options: &Options) -> Result<Vec<u64>, PlugError> {
    if n > MAX_POLYGON_HALF_PERIMETER {
        return Err(PlugError::SizeTooLarge {
            size: n,
            max: MAX_POLYGON_HALF_PERIMETER,
        });
    }
    let mut by_edges = [0u64; PERIM];
    let max_edges = 2 * n;
    // A W × H box (vertices) needs at least 2(W − 1) + 2(H − 1) edges; W ≤ H by symmetry.
    for w in 2..=(n + 2) / 2 {
        let strip = Strip {
            w,
            max_edges,
            options: std::iter::once(Sides::NONE).chain(Sides::PAIRS).collect(),
        };
        let (series, _) = run(&strip, options)?;
        for (total, v) in by_edges.iter_mut().zip(series.coeffs) {
            *total = total.checked_add(v).ok_or(PlugError::Overflow)?;
        }
    }
    Ok((0..=n).map(|k| by_edges[2 * k]).collect())
}

/// A count by number of edges: a power series in x. A product drops the terms above the
/// smaller `cap` of its factors and has no cap itself: a transition's weight carries the
/// largest perimeter the partial polygon can still afford, counts carry `PERIM − 1`.
#[derive(Clone, Debug, PartialEq)]
struct Edges {
    coeffs: [u64; PERIM],
    cap: usize,
}

impl Edges {
    /// `factor · x^degree`, truncated at `cap`.
    fn monomial(factor: u64, degree: usize, cap: usize) -> Edges {
        let mut coeffs = [0; PERIM];
        coeffs[degree] = factor;
        Edges { coeffs, cap }
    }
}

impl Value for Edges {
    fn zero() -> Edges {
        Edges::monomial(0, 0, PERIM - 1)
    }
    fn one() -> Edges {
        Edges::monomial(1, 0, PERIM - 1)
    }
    fn checked_add(&self, other: &Edges) -> Option<Edges> {
        let mut coeffs = self.coeffs;
        for (a, b) in coeffs.iter_mut().zip(&other.coeffs) {
            *a = a.checked_add(*b)?;
        }
        Some(Edges {
            coeffs,
            cap: self.cap.max(other.cap),
        })
    }
    fn checked_mul(&self, other: &Edges) -> Option<Edges> {
        let cap = self.cap.min(other.cap);
        let mut coeffs = [0u64; PERIM];
        for (i, &a) in self.coeffs.iter().enumerate().take(cap + 1) {
            if a == 0 {
                continue;
            }
            for (j, &b) in other.coeffs.iter().enumerate().take(cap + 1 - i) {
                if b != 0 {
                    coeffs[i + j] = coeffs[i + j].checked_add(a.checked_mul(b)?)?;
                }
            }
        }
        Some(Edges {
            coeffs,
            cap: PERIM - 1,
        })
    }
    fn is_zero(&self) -> bool {
        self.coeffs.iter().all(|&c| c == 0)
    }
}

/// The polygons whose bounding box is `w` vertices wide, on the driver: a vertex is unused or
/// passes the cycle through two of its edges; the key holds the plugs in minimal representation
/// and whether the left and right columns have been used.
struct Strip {
    w: usize,
    max_edges: usize,
    options: Vec<Sides>,
}

impl Transfer for Strip {
    type Key = u128;
    type Value = Edges;

    fn size(&self) -> (usize, usize) {
        (self.max_edges / 2 + 2 - self.w, self.w)
    }

    fn start(&self) -> u128 {
        0
    }

    fn successors<E>(&self, r: usize, c: usize, key: u128, mut emit: E) -> Result<(), PlugError>
    where
        E: FnMut(u128, &Edges, usize) -> Result<(), PlugError>,
    {
        let (w, max_edges) = (self.w, self.max_edges);
        if key == DONE {
            return emit(DONE, &Edges::one(), 0);
        }
        let positions = w + 1;
        let labels = Labels::decode(key & ((1u128 << 120) - 1), positions);
        let (tl, tr) = (key & LEFT_FLAG != 0, key & RIGHT_FLAG != 0);
        for (index, &sides) in self.options.iter().enumerate() {
            // The sweep has no bottom row: `rows` is never reached.
            let Some(new) = step(labels, sides, r, c, usize::MAX, w, EdgeRules::SINGLE_CYCLE)
            else {
                continue;
            };
            let used = sides.0 != 0;
            let (tl2, tr2) = (tl || (used && c == 0), tr || (used && c + 1 == w));
            if new.flags & CLOSED != 0 {
                // The polygon closed: rows 0..=r, so height r + 1 vertices; boxes taller than
                // wide count twice (their transposes are not swept).
                let h = r + 1;
                if tl2 && tr2 && h >= w {
                    let factor = if h > w { 2 } else { 1 };
                    emit(DONE, &Edges::monomial(factor, 1, max_edges), index)?;
                }
                continue;
            }
            // Bound: every plug's column range must still reach the untouched borders.
            let cols: Vec<usize> = (0..positions)
                .filter(|&j| new.at[j] != 0)
                .map(|j| if j <= c { j.min(w - 1) } else { j - 1 })
                .collect();
            let need = match (cols.iter().min(), cols.iter().max()) {
                (Some(&lo), Some(&hi)) => {
                    (if tl2 { 0 } else { lo }) + (if tr2 { 0 } else { w - 1 - hi }) + 1
                }
                _ => 0,
            };
            let added = usize::from(used);
            if added + need > max_edges {
                continue;
            }
            let mut new_key = new.encode(positions).ok_or(PlugError::TooManyComponents)?;
            if tl2 {
                new_key |= LEFT_FLAG;
            }
            if tr2 {
                new_key |= RIGHT_FLAG;
            }
            emit(new_key, &Edges::monomial(1, added, max_edges - need), index)?;
        }
        Ok(())
    }

    /// The down-plugs move one position right (position w is always empty); the first row must
    /// hold part of the polygon.
    fn row_end(&self, r: usize, key: u128) -> Option<u128> {
        if key == DONE {
            return Some(DONE);
        }
        if r == 0 && key == 0 {
            return None;
        }
        Some(shift_row(key, self.w + 1))
    }

    fn accept(&self, key: u128) -> bool {
        key == DONE
    }

    fn max_successors(&self, _r: usize, _c: usize) -> usize {
        self.options.len()
    }
}
