//! The fixed-polyomino sweep of one width (Jensen's transfer matrix).

use super::frontier::{Emptied, Word, cells_needed, fill, leave_empty};
use super::store::{Coef, PolyCollector, PolyList};
use crate::PlugError;
use crate::budget::Meter;

/// [`sweep_width`] with the narrowest key that holds w columns.
pub(super) fn sweep<C: Coef>(
    w: usize,
    n: usize,
    counts: &mut [C],
    meter: Meter,
) -> Result<(), PlugError> {
    if w <= u64::COLUMNS {
        sweep_width::<u64, C>(w, n, counts, meter)
    } else {
        sweep_width::<u128, C>(w, n, counts, meter)
    }
}

/// Adds to `counts[k]` the fixed polyominoes of k ≤ n cells whose bounding box is w wide and at
/// least w tall (twice when taller: their transposes are not swept).
pub(super) fn sweep_width<K: Word, C: Coef>(
    w: usize,
    n: usize,
    counts: &mut [C],
    meter: Meter,
) -> Result<(), PlugError> {
    let mut collector = PolyCollector::new();
    let mut cur = PolyList::<K, C>::start();
    let mut next = PolyList::new();
    // A polyomino of width w has height at most n − w + 1; its completion shows one row later.
    for r in 0..=(n + 1 - w) {
        for c in 0..w {
            let (lo, hi) = cur.sizes();
            collector.begin(2 * cur.len(), (lo, hi + 1));
            // Rows after this one that must still hold a cell (the box is at least w tall).
            let rows_left = (w - 1).saturating_sub(r);
            for (key, lo, poly) in cur.iter() {
                let hi = lo + poly.len() - 1;
                let both = key & K::LEFT_FLAG != K::ZERO && key & K::RIGHT_FLAG != K::ZERO;

                // The cell stays empty.
                match leave_empty(key, w, c) {
                    Emptied::Ended { alone } => {
                        // The component above has left the frontier: the polyomino is complete
                        // if nothing else is on the frontier, disconnected otherwise.
                        if alone && both && r >= w {
                            // Complete: rows 0..r, width w; boxes taller than wide count
                            // twice.
                            for (count, &v) in counts[lo..=hi].iter_mut().zip(poly) {
                                let v = if r > w { v.double()? } else { v };
                                *count = count.plus(v)?;
                            }
                        }
                    }
                    // (The first row must hold a cell.)
                    Emptied::Kept(empty)
                        if !(r == 0 && c + 1 == w && empty & K::LABELS == K::ZERO) =>
                    {
                        let limit = n.saturating_sub(cells_needed(empty, w, c, rows_left));
                        if lo <= limit {
                            collector.add(empty, lo, &poly[..=hi.min(limit) - lo])?;
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
                    collector.add(full, lo + 1, &poly[..=top - lo])?;
                }
            }
            collector.finish(&mut next)?;
            std::mem::swap(&mut cur, &mut next);
            meter.check(cur.len(), cur.state_bytes())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 128-bit keys (widths above 15) and 128-bit counts give what the 64-bit ones give,
    /// width by width.
    #[test]
    fn key_and_count_widths_agree() {
        let n = 15;
        for w in 1..=8 {
            let mut narrow = vec![0u64; n + 1];
            sweep_width::<u64, u64>(w, n, &mut narrow, Meter::UNLIMITED).unwrap();
            let mut wide_keys = vec![0u64; n + 1];
            sweep_width::<u128, u64>(w, n, &mut wide_keys, Meter::UNLIMITED).unwrap();
            let mut wide_counts = vec![0u128; n + 1];
            sweep_width::<u64, u128>(w, n, &mut wide_counts, Meter::UNLIMITED).unwrap();
            assert_eq!(narrow, wide_keys, "w = {w}");
            let narrowed: Vec<u64> = wide_counts.iter().map(|&c| c as u64).collect();
            assert_eq!(narrow, narrowed, "w = {w}");
        }
    }
}
