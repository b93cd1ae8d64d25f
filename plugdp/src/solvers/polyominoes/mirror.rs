//! Fixed polyominoes with a mirror symmetry, by transfer matrices over their halves.
//!
//! Burnside's lemma needs, for the left–right mirror and for the transpose, the number of fixed
//! polyominoes P that the reflection maps onto a translate of themselves. Such a P is
//! symmetric about an axis through the centre of its bounding box, and folding P across that
//! axis keeps adjacent cells adjacent (or makes them one). So P is connected exactly when its
//! closed half H (the cells on one side of the axis, with those on it) is connected and, when
//! the axis runs through cells, touches it. Counting P is counting such halves, each cell
//! weighing 2 (it stands for itself and its mirror image) and each cell on the axis 1:
//!
//! - **Mirror about a grid line** (even box width): H is any fixed polyomino of n/2 cells set
//!   against the axis, so this term is the fixed count of n/2; no sweep is needed.
//! - **Mirror about a column of cells** (odd box width): H is a fixed polyomino whose leftmost
//!   column is the axis, of weight 2·|H| − (cells in that column). [`axis_sweep`] runs the
//!   fixed sweep over boxes of every height (no transposition here), a cell of column 0
//!   weighing 1 and the others 2.
//! - **Transpose** (the main diagonal of a square box): H is the part on or above the
//!   diagonal, `col ≥ row`; it holds a cell of the top row (the box's top and left sides are
//!   the transposes of each other), a diagonal cell, and its rightmost column is the box's. A
//!   box of side s has rows `0..s`; [`axis_sweep`] (`DIAGONAL`) sweeps it with the cells left of the
//!   diagonal forced empty, a diagonal cell weighing 1 and setting the frontier's "left" flag,
//!   the others weighing 2.
//!
//! Both sweeps keep the fixed sweep's frontier and store, without the minimum height of its
//! transposition. Their pruning bounds the weight still to come from the fixed sweep's
//! analysis of the columns new cells must cover and the components they must join: a needed
//! column costs 2 unless it can still hold an axis cell (column 0; a diagonal column right of
//! the current row), and joining k components costs at least k − 1.
//!
//! Costs: H weighs n, so it holds between n/2 and n cells but spans at most ⌈n/2⌉ columns; the
//! states are about those of the fixed sweep at size n/2 to 2n/3. Measured on one core:
//! see the crate's guide. Checked against the orbit searches of
//! [`polyomino::enumerate::count_invariant`] in the tests.

use super::frontier::{Emptied, Word, columns_needed, fill, leave_empty};
use super::store::{PolyCollector, PolyList};
use crate::PlugError;
use crate::budget::Meter;

/// Which half is swept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    /// The axis is column 0 of the box.
    Column,
    /// The axis is the main diagonal of a square box.
    Diagonal,
}

/// Adds to `counts[k]` the fixed polyominoes of size k ≤ n that a reflection maps onto
/// themselves: with `DIAGONAL` false, those symmetric about the middle column of their box
/// whose half right of and on that column is w columns wide; with `DIAGONAL`, those in a w × w
/// box that the transpose maps onto themselves. The narrowest key that holds w columns is
/// used.
pub(super) fn axis_sweep<const DIAGONAL: bool>(
    w: usize,
    n: usize,
    counts: &mut [u64],
    meter: Meter,
) -> Result<(), PlugError> {
    let axis = if DIAGONAL {
        Axis::Diagonal
    } else {
        Axis::Column
    };
    if w <= u64::COLUMNS {
        sweep_width::<u64>(axis, w, n, counts, meter)
    } else {
        sweep_width::<u128>(axis, w, n, counts, meter)
    }
}

fn sweep_width<K: Word>(
    axis: Axis,
    w: usize,
    n: usize,
    counts: &mut [u64],
    meter: Meter,
) -> Result<(), PlugError> {
    // H spans w columns with a cell on the axis: it weighs at least 2w − 1.
    if 2 * w > n + 1 {
        return Ok(());
    }
    // A column half of weight n is at most n tall, a diagonal half at most w; the completion
    // shows one row later.
    let rows = match axis {
        Axis::Column => n + 1,
        Axis::Diagonal => w + 1,
    };
    let mut collector = PolyCollector::<K, u64>::new();
    let mut cur = PolyList::<K, u64>::start();
    let mut next = PolyList::new();
    for r in 0..rows {
        if cur.len() == 0 {
            break;
        }
        for c in 0..w {
            let (lo, hi) = cur.sizes();
            collector.begin(2 * cur.len(), (lo, hi + 2));
            // The weight of a cell here, or none when it must stay empty.
            let weight = match axis {
                Axis::Column => Some(if c == 0 { 1 } else { 2 }),
                Axis::Diagonal if c < r => None,
                Axis::Diagonal => Some(if c == r { 1 } else { 2 }),
            };
            for (key, lo, poly) in cur.iter() {
                let hi = lo + poly.len() - 1;
                match leave_empty(key, w, c) {
                    Emptied::Ended { alone } => {
                        let both = key & K::LEFT_FLAG != K::ZERO && key & K::RIGHT_FLAG != K::ZERO;
                        if alone && both {
                            for (count, &v) in counts[lo..=hi].iter_mut().zip(poly) {
                                *count = count.checked_add(v).ok_or(PlugError::Overflow)?;
                            }
                        }
                    }
                    // (The first row must hold a cell.)
                    Emptied::Kept(empty)
                        if !(r == 0 && c + 1 == w && empty & K::LABELS == K::ZERO) =>
                    {
                        let limit = n.saturating_sub(needed(axis, empty, w, c, r));
                        if lo <= limit {
                            collector.add(empty, lo, &poly[..=hi.min(limit) - lo])?;
                        }
                    }
                    Emptied::Kept(_) => {}
                }
                let Some(weight) = weight else { continue };
                let mut full = fill(key, w, c);
                if axis == Axis::Diagonal && c == r {
                    // The diagonal is touched.
                    full |= K::LEFT_FLAG;
                }
                // Sizes k with k + weight + need ≤ n survive.
                let reach = weight + needed(axis, full, w, c, r);
                if reach <= n && lo + reach <= n {
                    let top = hi.min(n - reach);
                    collector.add(full, lo + weight, &poly[..=top - lo])?;
                }
            }
            collector.finish(&mut next)?;
            std::mem::swap(&mut cur, &mut next);
            meter.check(cur.len(), cur.state_bytes())?;
        }
    }
    Ok(())
}

/// A lower bound on the weight still to come, from the columns the new cells must cover and
/// the components they must join ([`columns_needed`]): a new cell weighs 2 unless it is on the
/// axis. On the column axis that is one column, so every other needed column costs 2. The
/// diagonal half need not reach column 0 (the flag stands for the diagonal there), and a needed
/// column right of the current row may still get its cell on the diagonal, so only the needed
/// columns left of it cost 2 for sure.
fn needed<K: Word>(axis: Axis, key: K, w: usize, c: usize, r: usize) -> usize {
    let (need, labels) = match axis {
        Axis::Column => columns_needed(key, w, c),
        Axis::Diagonal => columns_needed(key | K::LEFT_FLAG, w, c),
    };
    let columns = need.count_ones() as usize;
    // Needed columns that may still hold a new axis cell.
    let on_axis = match axis {
        Axis::Column => usize::from(need & K::small(8) != K::ZERO),
        // Diagonal cells to come: (r, r) if c < r, then (r', r') for r' > r.
        Axis::Diagonal => {
            let first = if c < r { r } else { r + 1 };
            let from = if first >= w {
                K::ZERO
            } else {
                !((K::ONE << (4 * first)) - K::ONE)
            };
            (need & from).count_ones() as usize
        }
    };
    (2 * columns - on_axis).max(labels.saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyomino::{Transform, enumerate};

    fn swept(
        n: usize,
        sweep: fn(usize, usize, &mut [u64], Meter) -> Result<(), PlugError>,
    ) -> Vec<u64> {
        let mut counts = vec![0u64; n + 1];
        for w in 1..=n.div_ceil(2) {
            sweep(w, n, &mut counts, Meter::UNLIMITED).unwrap();
        }
        counts
    }

    /// Against the orbit searches of the `polyomino` crate (an independent method, itself
    /// checked against brute force there); the grid-line mirror term is the fixed count of n/2.
    #[test]
    fn matches_the_orbit_search() {
        let n = 16;
        let column = swept(n, axis_sweep::<false>);
        let diagonal = swept(n, axis_sweep::<true>);
        for k in 1..=n {
            let line = if k % 2 == 0 {
                enumerate::count_fixed(k / 2).unwrap()
            } else {
                0
            };
            let mirror = enumerate::count_invariant(k, Transform::MirrorLeftRight).unwrap();
            assert_eq!(column[k] + line, mirror, "mirror, size {k}");
            let transpose = enumerate::count_invariant(k, Transform::Transpose).unwrap();
            assert_eq!(diagonal[k], transpose, "transpose, size {k}");
        }
    }

    #[test]
    fn small_halves_by_hand() {
        // Size 4: the vertical I and the two T's pointing up and down (the horizontal I and the
        // O have their axis on a grid line); the transpose maps only the O onto itself.
        assert_eq!(swept(4, axis_sweep::<false>)[4], 3);
        assert_eq!(swept(4, axis_sweep::<true>)[4], 1);
        // Size 3: both straight ones have their axis through cells; the transpose keeps the
        // two corners whose missing cell is on the diagonal, (1, 1) or (0, 0).
        assert_eq!(swept(3, axis_sweep::<false>)[3], 2);
        assert_eq!(swept(3, axis_sweep::<true>)[3], 2);
    }
}
