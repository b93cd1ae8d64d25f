//! Fixed polyominoes by a transfer matrix over bounding-box widths (Jensen's method, with a
//! cell-occupancy frontier in minimal representation).
//!
//! For each width W the strip of W columns is swept cell by cell, row by row. The frontier holds,
//! for each column, whether the lowest processed cell is occupied and, if so, the label of its
//! component (minimal representation), plus the number of cells so far and whether the left and
//! right borders have been touched. Placing an empty cell under the last frontier cell of a
//! component either completes the polyomino (when nothing else is on the frontier: it is counted
//! with its height) or makes it disconnected (the state is dropped). Every polyomino is counted
//! once, in its own bounding box: the first row must be occupied and both side borders touched.
//!
//! By transposition only widths W ≤ H are swept: a box with H > W counts twice, H = W once, so
//! widths up to ⌈n/2⌉ suffice. States that cannot reach both borders, or join their components,
//! within n cells are cut.

use hashbrown::HashMap;

use crate::PlugError;

/// Largest size supported (counts of one size fit in `u64` up to here, and sizes fit the key).
pub const MAX_POLYOMINO_SIZE: usize = 30;

/// Numbers of fixed polyominoes of sizes `0..=n` (index 0 holds 0) by transfer matrix.
///
/// ```
/// use plugdp::fixed_polyominoes;
/// assert_eq!(fixed_polyominoes(8)?, vec![0, 1, 2, 6, 19, 63, 216, 760, 2725]);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// [`PlugError::BadGrid`] for `n` above [`MAX_POLYOMINO_SIZE`].
pub fn fixed_polyominoes(n: usize) -> Result<Vec<u64>, PlugError> {
    if n > MAX_POLYOMINO_SIZE {
        return Err(PlugError::BadGrid(format!(
            "polyomino size {n} is above {MAX_POLYOMINO_SIZE}"
        )));
    }
    let mut counts = vec![0u64; n + 1];
    for w in 1..=n.div_ceil(2) {
        sweep_width(w, n, &mut counts)?;
    }
    Ok(counts)
}

const LEFT_FLAG: u128 = 1 << 72;
const RIGHT_FLAG: u128 = 1 << 73;

/// Counts by size: `p[k]` partial polyominoes with k cells (a truncated generating function, so
/// one frontier is one state whatever its sizes).
type Poly = [u64; MAX_POLYOMINO_SIZE + 1];

fn sweep_width(w: usize, n: usize, counts: &mut [u64]) -> Result<(), PlugError> {
    let mut cur: HashMap<u128, Poly> = HashMap::new();
    let mut start = [0u64; MAX_POLYOMINO_SIZE + 1];
    start[0] = 1;
    cur.insert(0, start);
    let mut next: HashMap<u128, Poly> = HashMap::new();
    // A polyomino of width w has height at most n − w + 1; its completion shows one row later.
    for r in 0..=(n + 1 - w) {
        for c in 0..w {
            next.clear();
            for (&key, poly) in &cur {
                let mut at = [0u8; 17];
                for (j, slot) in at.iter_mut().enumerate().take(w) {
                    *slot = (key >> (4 * j) & 0xF) as u8;
                }
                let (tl, tr) = (key & LEFT_FLAG != 0, key & RIGHT_FLAG != 0);
                let up = at[c];
                let left = if c > 0 { at[c - 1] } else { 0 };

                // The cell stays empty.
                let mut empty = at;
                empty[c] = 0;
                let occupied_left = (0..w).any(|j| empty[j] != 0);
                if up != 0 && !(0..w).any(|j| empty[j] == up) {
                    // The component above has left the frontier.
                    if !occupied_left && tl && tr && r >= w {
                        // Complete: rows 0..r, width w; boxes taller than wide count twice.
                        let weight = if r > w { 2 } else { 1 };
                        for (k, &v) in poly.iter().enumerate().take(n + 1) {
                            counts[k] = counts[k]
                                .checked_add(weight * v)
                                .ok_or(PlugError::Overflow)?;
                        }
                    }
                } else if !(r == 0 && c + 1 == w && poly[0] != 0 && !occupied_left) {
                    // (The first row must hold a cell.)
                    let need = borders_needed(&empty, w, tl, tr);
                    add(
                        &mut next,
                        pack(&empty, w, tl, tr)?,
                        poly,
                        0,
                        n.saturating_sub(need),
                    )?;
                }

                // The cell is occupied.
                let mut full = at;
                let label = match (left, up) {
                    (0, 0) => 16,
                    (a, 0) | (0, a) => a,
                    (a, b) => {
                        for l in full.iter_mut().take(w) {
                            if *l == b {
                                *l = a;
                            }
                        }
                        a
                    }
                };
                full[c] = label;
                let (tl2, tr2) = (tl || c == 0, tr || c + 1 == w);
                let need = borders_needed(&full, w, tl2, tr2);
                if need < n {
                    add(&mut next, pack(&full, w, tl2, tr2)?, poly, 1, n - need)?;
                }
            }
            std::mem::swap(&mut cur, &mut next);
        }
    }
    Ok(())
}

/// A lower bound on the cells still needed: to reach the borders not touched yet (a new cell
/// extends the occupied column range by at most one, and the cells left and right of the range
/// are different cells) and to join the k components on the frontier into one (a new cell
/// merges at most the two components it touches on the left and above, so k − 1 cells at
/// least). Both are lower bounds, so their maximum is.
fn borders_needed(at: &[u8; 17], w: usize, tl: bool, tr: bool) -> usize {
    let occupied: Vec<usize> = (0..w).filter(|&j| at[j] != 0).collect();
    let (Some(&lo), Some(&hi)) = (occupied.first(), occupied.last()) else {
        return 0;
    };
    let borders = (if tl { 0 } else { lo }) + (if tr { 0 } else { w - 1 - hi });
    let mut labels: Vec<u8> = occupied.iter().map(|&j| at[j]).collect();
    labels.sort_unstable();
    labels.dedup();
    borders.max(labels.len() - 1)
}

fn pack(at: &[u8; 17], w: usize, tl: bool, tr: bool) -> Result<u128, PlugError> {
    let mut map = [0u8; 32];
    let mut next = 0u8;
    let mut key = 0u128;
    for (j, &l) in at.iter().enumerate().take(w) {
        if l == 0 {
            continue;
        }
        let m = &mut map[l as usize];
        if *m == 0 {
            next += 1;
            *m = next;
        }
        key |= u128::from(*m) << (4 * j);
    }
    if next > 15 {
        return Err(PlugError::TooManyComponents);
    }
    if tl {
        key |= LEFT_FLAG;
    }
    if tr {
        key |= RIGHT_FLAG;
    }
    Ok(key)
}

/// Adds `poly` shifted by `shift` cells into the state `key`, keeping only sizes up to `limit`
/// (larger ones cannot finish within n cells). Nothing is stored when nothing is left.
fn add(
    map: &mut HashMap<u128, Poly>,
    key: u128,
    poly: &Poly,
    shift: usize,
    limit: usize,
) -> Result<(), PlugError> {
    if !poly
        .iter()
        .take(limit.saturating_sub(shift) + 1)
        .any(|&v| v != 0)
        || shift > limit
    {
        return Ok(());
    }
    let slot = map.entry(key).or_insert([0; MAX_POLYOMINO_SIZE + 1]);
    for k in shift..=limit {
        let v = poly[k - shift];
        if v != 0 {
            slot[k] = slot[k].checked_add(v).ok_or(PlugError::Overflow)?;
        }
    }
    Ok(())
}

/// Fixed, one-sided and free polyomino counts of sizes `1..=n`: the fixed ones by transfer
/// matrix, the others by Burnside's lemma with the symmetric counts of
/// [`polyomino::enumerate::count_invariant`] (fast for reflections and quarter turns; the half
/// turn dominates past n = 18).
///
/// ```
/// use plugdp::polyomino_counts;
/// let c = polyomino_counts(6)?;
/// assert_eq!(c[4], (5, 63, 18, 12)); // size 5: 63 fixed, 18 one-sided, 12 free
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`fixed_polyominoes`].
pub fn polyomino_counts(n: usize) -> Result<Vec<(usize, u64, u64, u64)>, PlugError> {
    let fixed = fixed_polyominoes(n)?;
    (1..=n)
        .map(|k| {
            let c = polyomino::enumerate::Counts::from_fixed(k, fixed[k])
                .map_err(|e| PlugError::BadGrid(e.to_string()))?;
            Ok((k, c.fixed, c.one_sided, c.free))
        })
        .collect()
}
