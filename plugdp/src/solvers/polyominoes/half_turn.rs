//! Fixed polyominoes with half-turn symmetry, by a transfer matrix over their top halves.
//!
//! Burnside's lemma needs, for each symmetry g, the number of fixed polyominoes that g maps onto
//! a translate of themselves. For the half turn that count is the expensive one by search (the
//! folded orbit sets are mostly disconnected once unfolded), so it gets its own sweep here.
//!
//! A half-turn symmetric polyomino P with a W × H bounding box is determined by its top ⌊H/2⌋
//! rows (the top half T) and, when H is odd, its middle row M, which the half turn maps onto
//! itself reversed: cell (r, c) goes to (H − 1 − r, W − 1 − c). The sweep runs over T exactly as
//! the fixed sweep does, except that T may have several components: they may still join
//! through the bottom half, which is T turned. A component that leaves the frontier, however,
//! can never meet anything again, so such states die. After each row r, with h = r + 1 rows of
//! T done, every state is closed both ways:
//!
//! - H = 2h: the last row of T meets the first row of the bottom half, which is the last row of
//!   T reversed. Frontier column j touches the turned copy of column W − 1 − j, so the
//!   components of T and their turned copies are joined along those pairs; P is connected
//!   exactly when that small graph is.
//! - H = 2h + 1: every symmetric middle row M (2^⌈W/2⌉ of them) is tried; a middle cell in
//!   column j touches its neighbours in M, T's cell above and the turned copy's cell below.
//!
//! A box counts when both side borders are touched (by T, its copy, or M; the half turn swaps
//! the borders, so one of them suffices). As in the fixed sweep, only boxes at least as tall as
//! wide are swept, those taller than wide counting twice for their transposes (which are
//! half-turn symmetric too).
//!
//! Costs: T has at most n/2 cells, so the states are about those of the fixed sweep at n/2 but
//! with several components; each row end costs 2^⌈W/2⌉ small union-finds per state. Checked
//! against the orbit search of [`polyomino::enumerate::count_invariant`] in the tests.

use super::frontier::{Emptied, Labels, Word, decode, fill, leave_empty};
use super::store::{PolyCollector, PolyList};
use crate::PlugError;
use crate::budget::Meter;

/// [`sweep_width`] with the narrowest key that holds w columns.
pub(super) fn sweep(w: usize, n: usize, counts: &mut [u64], meter: Meter) -> Result<(), PlugError> {
    if w <= u64::COLUMNS {
        sweep_width::<u64>(w, n, counts, meter)
    } else {
        sweep_width::<u128>(w, n, counts, meter)
    }
}

/// Adds to `counts[k]` the half-turn symmetric polyominoes of k ≤ n cells whose box is w wide
/// and H ≥ max(w, 2) tall (twice when H > w). The 1 × 1 box, the monomino, is left to the
/// caller.
pub(super) fn sweep_width<K: Word>(
    w: usize,
    n: usize,
    counts: &mut [u64],
    meter: Meter,
) -> Result<(), PlugError> {
    // A box of w columns and H rows holds at least w + H − 1 cells.
    let Some(max_height) = (n + 1).checked_sub(w) else {
        return Ok(());
    };
    let half = n / 2;
    let patterns = middle_rows(w);
    let mut collector = PolyCollector::<K, u64>::new();
    let mut cur = PolyList::start();
    let mut next = PolyList::new();
    for r in 0..max_height / 2 {
        // Every row of T holds a cell, and T needs ⌈(w − 1)/2⌉ rows for H ≥ w.
        let rows_after = (w - 1).div_ceil(2).saturating_sub(r + 1);
        let limit = half.saturating_sub(rows_after);
        for c in 0..w {
            let (lo, hi) = cur.sizes();
            collector.begin(2 * cur.len(), (lo, hi + 1));
            for (key, lo, poly) in cur.iter() {
                let hi = lo + poly.len() - 1;
                if let Emptied::Kept(empty) = leave_empty(key, w, c) {
                    // (The first row must hold a cell.)
                    let nothing = empty & K::LABELS == K::ZERO;
                    if !(r == 0 && c + 1 == w && nothing) && lo <= limit {
                        collector.add(empty, lo, &poly[..=hi.min(limit) - lo])?;
                    }
                }
                if lo < limit {
                    collector.add(fill(key, w, c), lo + 1, &poly[..=hi.min(limit - 1) - lo])?;
                }
            }
            collector.finish(&mut next)?;
            std::mem::swap(&mut cur, &mut next);
            meter.check(cur.len(), cur.state_bytes())?;
        }
        let h = r + 1;
        for (height, middle) in [(2 * h, false), (2 * h + 1, true)] {
            if height < w || height > max_height {
                continue;
            }
            let weight: u64 = if height > w { 2 } else { 1 };
            for (key, lo, poly) in cur.iter() {
                let at = decode(key, w);
                let (tl, tr) = (
                    key & K::LEFT_FLAG != K::ZERO,
                    key & K::RIGHT_FLAG != K::ZERO,
                );
                let mut add = |extra: usize| -> Result<(), PlugError> {
                    for (k, &v) in (lo..).zip(poly) {
                        let size = 2 * k + extra;
                        if size <= n && v != 0 {
                            counts[size] = weight
                                .checked_mul(v)
                                .and_then(|v| counts[size].checked_add(v))
                                .ok_or(PlugError::Overflow)?;
                        }
                    }
                    Ok(())
                };
                if !middle {
                    if (tl || tr) && joined(&at, w, 0) {
                        add(0)?;
                    }
                } else {
                    for &m in &patterns {
                        if (tl || tr || m & 1 != 0) && joined(&at, w, m) {
                            add(m.count_ones() as usize)?;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// The middle rows a half turn maps onto themselves: column sets closed under c ↦ w − 1 − c,
/// non-empty.
fn middle_rows(w: usize) -> Vec<u32> {
    let half = w.div_ceil(2);
    (1u32..1 << half)
        .map(|s| {
            (0..w)
                .filter(|&c| s >> c.min(w - 1 - c) & 1 != 0)
                .fold(0, |m, c| m | 1 << c)
        })
        .collect()
}

/// Whether T (frontier `at`), its turned copy and the middle row `middle` (a column bit set; 0
/// for none, when the halves meet directly) form one connected piece. T's components all reach
/// the frontier (the sweep drops the others).
fn joined(at: &Labels, w: usize, middle: u32) -> bool {
    let labels = usize::from(at[..w].iter().copied().max().unwrap_or(0));
    // Nodes: T's components 0..labels, their copies labels..2·labels, middle cells after.
    let mut parent = [0u8; 64];
    for (i, p) in parent.iter_mut().enumerate() {
        *p = i as u8;
    }
    fn find(parent: &mut [u8; 64], mut x: usize) -> usize {
        while usize::from(parent[x]) != x {
            parent[x] = parent[usize::from(parent[x])];
            x = usize::from(parent[x]);
        }
        x
    }
    let mut union = |a: usize, b: usize| {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra] = rb as u8;
    };
    let top = |j: usize| usize::from(at[j]) - 1;
    let copy = |j: usize| labels + usize::from(at[w - 1 - j]) - 1;
    for j in 0..w {
        let below = at[w - 1 - j] != 0;
        if middle == 0 {
            if at[j] != 0 && below {
                union(top(j), copy(j));
            }
        } else if middle >> j & 1 != 0 {
            let x = 2 * labels + j;
            if at[j] != 0 {
                union(x, top(j));
            }
            if below {
                union(x, copy(j));
            }
            if middle >> (j + 1) & 1 != 0 {
                union(x, x + 1);
            }
        }
    }
    let root = if labels > 0 {
        find(&mut parent, 0)
    } else {
        find(&mut parent, 2 * labels + middle.trailing_zeros() as usize)
    };
    (0..2 * labels).all(|x| find(&mut parent, x) == root)
        && (0..w)
            .filter(|&j| middle >> j & 1 != 0)
            .all(|j| find(&mut parent, 2 * labels + j) == root)
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyomino::{Transform, enumerate};

    /// Against the orbit search of the `polyomino` crate (an independent method, itself checked
    /// against brute force there).
    #[test]
    fn matches_the_orbit_search() {
        let n = 14;
        let mut ours = vec![0u64; n + 1];
        ours[1] = 1;
        for w in 1..=n.div_ceil(2) {
            sweep_width::<u64>(w, n, &mut ours, Meter::UNLIMITED).unwrap();
        }
        for (k, &count) in ours.iter().enumerate().skip(1) {
            let theirs = enumerate::count_invariant(k, Transform::Rotate180).unwrap();
            assert_eq!(count, theirs, "size {k}");
        }
    }

    #[test]
    fn middle_rows_are_symmetric() {
        assert_eq!(middle_rows(1), vec![1]);
        assert_eq!(middle_rows(3), vec![0b101, 0b010, 0b111]);
        assert_eq!(middle_rows(4), vec![0b1001, 0b0110, 0b1111]);
    }
}
