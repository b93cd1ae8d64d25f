//! Self-avoiding polygons on the square lattice, counted by perimeter (OEIS A002931), with the
//! edge-plug engine's transition on a lattice of vertices.
//!
//! As for polyominoes ([`fixed_polyominoes`](crate::fixed_polyominoes)), each polygon is counted
//! once in its bounding box: for each width W (vertex columns) the strip is swept vertex by
//! vertex; a vertex is unused or has two of its four edges (a cycle passes through); the frontier
//! keeps the plugs in minimal representation and whether the left and right columns have been
//! used. The first row must be used; the polygon is complete when its cycle closes (with no
//! other plug open), and is counted with its height, twice when taller than wide (boxes wider
//! than tall are counted by the transposed sweep). Values are counts by number of edges.

use hashbrown::HashMap;

use crate::budget::Meter;
use crate::engine::edges::{CLOSED, step};
use crate::engine::state::Labels;
use crate::{EdgeRules, Options, PlugError, Sides};

/// Largest half-perimeter supported.
pub const MAX_POLYGON_HALF_PERIMETER: usize = 24;

const PERIM: usize = 2 * MAX_POLYGON_HALF_PERIMETER + 1;
type Poly = [u64; PERIM];
const LEFT_FLAG: u128 = 1 << 120;
const RIGHT_FLAG: u128 = 1 << 121;

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
/// [`PlugError::BudgetExceeded`] past the budget of `options` (checked after every vertex;
/// `options.threads` is not used).
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
        sweep(w, max_edges, &mut by_edges, options.meter())?;
    }
    Ok((0..=n).map(|k| by_edges[2 * k]).collect())
}

fn sweep(w: usize, max_edges: usize, out: &mut Poly, meter: Meter) -> Result<(), PlugError> {
    let positions = w + 1;
    let rules = EdgeRules::SINGLE_CYCLE;
    let mut cur: HashMap<u128, Poly> = HashMap::new();
    let mut start = [0u64; PERIM];
    start[0] = 1;
    cur.insert(0, start);
    let mut next: HashMap<u128, Poly> = HashMap::new();
    let options: Vec<Sides> = std::iter::once(Sides::NONE).chain(Sides::PAIRS).collect();
    let max_rows = max_edges / 2 + 2 - w;
    for r in 0..max_rows {
        for c in 0..w {
            next.clear();
            for (&key, poly) in &cur {
                let labels = Labels::decode(key & ((1u128 << 120) - 1), positions);
                let (tl, tr) = (key & LEFT_FLAG != 0, key & RIGHT_FLAG != 0);
                for &sides in &options {
                    // The sweep has no bottom row: `rows` is never reached.
                    let Some(new) = step(labels, sides, r, c, usize::MAX, w, rules) else {
                        continue;
                    };
                    let used = sides.0 != 0;
                    let (tl2, tr2) = (tl || (used && c == 0), tr || (used && c + 1 == w));
                    if new.flags & CLOSED != 0 {
                        // The polygon closed: rows 0..=r, so height r + 1 vertices.
                        let h = r + 1;
                        if tl2 && tr2 && h >= w {
                            let weight = if h > w { 2 } else { 1 };
                            for k in 0..max_edges {
                                out[k + 1] = out[k + 1]
                                    .checked_add(weight * poly[k])
                                    .ok_or(PlugError::Overflow)?;
                            }
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
                    let slot = next.entry(new_key).or_insert([0; PERIM]);
                    for k in 0..=(max_edges - added - need) {
                        slot[k + added] = slot[k + added]
                            .checked_add(poly[k])
                            .ok_or(PlugError::Overflow)?;
                    }
                }
            }
            // The first row must hold part of the polygon.
            if r == 0 && c + 1 == w {
                next.remove(&0);
            }
            std::mem::swap(&mut cur, &mut next);
            meter.check(cur.len(), Meter::map_state_bytes::<u128, Poly>())?;
        }
        // End of row: shift the down-plugs (position w is always empty).
        next.clear();
        for (&key, poly) in &cur {
            let flags = key & (LEFT_FLAG | RIGHT_FLAG);
            let labels = key & ((1u128 << (4 * positions)) - 1);
            next.insert((labels << 4) | flags, *poly);
        }
        std::mem::swap(&mut cur, &mut next);
    }
    Ok(())
}
