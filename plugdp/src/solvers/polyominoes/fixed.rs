//! The fixed-polyomino sweep of one width (Jensen's transfer matrix).

use super::frontier::{Emptied, LABELS, LEFT_FLAG, RIGHT_FLAG, cells_needed, fill, leave_empty};
use super::store::{PolyCollector, PolyList};
use crate::PlugError;
use crate::budget::Meter;

/// Adds to `counts[k]` the fixed polyominoes of k ≤ n cells whose bounding box is w wide and at
/// least w tall (twice when taller: their transposes are not swept).
pub(super) fn sweep_width(
    w: usize,
    n: usize,
    counts: &mut [u64],
    meter: Meter,
) -> Result<(), PlugError> {
    let stride = n + 1;
    let mut collector = PolyCollector::new(stride);
    let mut cur = PolyList::start(stride);
    let mut next = PolyList::new(stride);
    // A polyomino of width w has height at most n − w + 1; its completion shows one row later.
    for r in 0..=(n + 1 - w) {
        for c in 0..w {
            collector.begin(2 * cur.len());
            // Rows after this one that must still hold a cell (the box is at least w tall).
            let rows_left = (w - 1).saturating_sub(r);
            for i in 0..cur.len() {
                let (key, lo, hi, poly) = cur.state(i);
                let both = key & LEFT_FLAG != 0 && key & RIGHT_FLAG != 0;

                // The cell stays empty.
                match leave_empty(key, w, c) {
                    Emptied::Ended { alone } => {
                        // The component above has left the frontier: the polyomino is complete
                        // if nothing else is on the frontier, disconnected otherwise.
                        if alone && both && r >= w {
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
                    Emptied::Kept(empty) if !(r == 0 && c + 1 == w && empty & LABELS == 0) => {
                        let limit = n.saturating_sub(cells_needed(empty, w, c, rows_left));
                        if lo <= limit {
                            collector.add(empty, poly, lo, hi.min(limit), 0)?;
                        }
                    }
                    Emptied::Kept(_) => {}
                }

                // The cell is occupied.
                let full = fill(key, w, c);
                let need = cells_needed(full, w, c, rows_left);
                // Sizes k with k + 1 + need <= n survive.
                if need < n && lo < n - need {
                    let top = hi.min(n - need - 1);
                    collector.add(full, poly, lo, top, 1)?;
                }
            }
            collector.finish(&mut next)?;
            std::mem::swap(&mut cur, &mut next);
            meter.check(cur.len(), cur.state_bytes())?;
        }
    }
    Ok(())
}
