//! The fixed-polyomino sweep of one width (Jensen's transfer matrix).

use super::frontier::{Emptied, cells_needed, decode, fill, leave_empty, pack};
use super::store::{PolyCollector, PolyList};
use crate::PlugError;

/// Adds to `counts[k]` the fixed polyominoes of k ≤ n cells whose bounding box is w wide and at
/// least w tall (twice when taller: their transposes are not swept).
pub(super) fn sweep_width(w: usize, n: usize, counts: &mut [u64]) -> Result<(), PlugError> {
    let stride = n + 1;
    let mut collector = PolyCollector::new(stride);
    let mut one = vec![0u64; stride];
    one[0] = 1;
    collector.begin(1);
    collector.add(0, &one, 0, 0, 0)?;
    let mut cur = PolyList::new(stride);
    collector.finish(&mut cur)?;
    let mut next = PolyList::new(stride);
    // A polyomino of width w has height at most n − w + 1; its completion shows one row later.
    for r in 0..=(n + 1 - w) {
        for c in 0..w {
            collector.begin(2 * cur.len());
            // Rows after this one that must still hold a cell (the box is at least w tall).
            let rows_left = (w - 1).saturating_sub(r);
            for i in 0..cur.len() {
                let (key, lo, hi, poly) = cur.state(i);
                let (at, tl, tr) = decode(key, w);

                // The cell stays empty.
                match leave_empty(&at, w, c) {
                    Emptied::Ended { alone } => {
                        // The component above has left the frontier: the polyomino is complete
                        // if nothing else is on the frontier, disconnected otherwise.
                        if alone && tl && tr && r >= w {
                            // Complete: rows 0..r, width w; boxes taller than wide count
                            // twice.
                            let weight = if r > w { 2 } else { 1 };
                            for k in lo..=hi {
                                counts[k] = counts[k]
                                    .checked_add(weight * poly[k])
                                    .ok_or(PlugError::Overflow)?;
                            }
                        }
                    }
                    // (The first row must hold a cell.)
                    Emptied::Kept(empty)
                        if !(r == 0 && c + 1 == w && empty[..w].iter().all(|&l| l == 0)) =>
                    {
                        let limit = n.saturating_sub(cells_needed(&empty, w, tl, tr, rows_left));
                        if lo <= limit {
                            collector.add(pack(&empty, w, tl, tr)?, poly, lo, hi.min(limit), 0)?;
                        }
                    }
                    Emptied::Kept(_) => {}
                }

                // The cell is occupied.
                let full = fill(&at, w, c);
                let (tl2, tr2) = (tl || c == 0, tr || c + 1 == w);
                let need = cells_needed(&full, w, tl2, tr2, rows_left);
                // Sizes k with k + 1 + need <= n survive.
                if need < n && lo < n - need {
                    let top = hi.min(n - need - 1);
                    collector.add(pack(&full, w, tl2, tr2)?, poly, lo, top, 1)?;
                }
            }
            collector.finish(&mut next)?;
            std::mem::swap(&mut cur, &mut next);
        }
    }
    Ok(())
}
