//! The occupancy frontier of the polyomino sweeps and its transitions.
//!
//! A frontier packs, for each of the w ≤ 15 columns, the label (4 bits) of the component of
//! the lowest processed cell of that column (0: empty), in minimal representation, plus two
//! flags: the left and the right border have been touched. Sweeping cell (r, c) replaces the
//! entry of column c by the new cell; its neighbours in the frontier are column c − 1 (left,
//! already in row r) and column c itself (above, row r − 1).

use crate::PlugError;

/// The left border has been touched.
pub(super) const LEFT_FLAG: u64 = 1 << 60;
/// The right border has been touched.
pub(super) const RIGHT_FLAG: u64 = 1 << 61;

/// Decoded labels (positions `0..w`), with room for one more.
pub(super) type Labels = [u8; 17];

/// The labels and border flags of a packed frontier.
#[inline]
pub(super) fn decode(key: u64, w: usize) -> (Labels, bool, bool) {
    let mut at = [0u8; 17];
    for (j, slot) in at.iter_mut().enumerate().take(w) {
        *slot = (key >> (4 * j) & 0xF) as u8;
    }
    (at, key & LEFT_FLAG != 0, key & RIGHT_FLAG != 0)
}

/// The frontier after cell `c` stays empty.
pub(super) enum Emptied {
    /// The labels afterwards (not renumbered).
    Kept(Labels),
    /// The cell above was its component's last frontier cell: the component is finished.
    /// `alone` tells whether nothing else is on the frontier.
    Ended {
        /// No other cell is on the frontier.
        alone: bool,
    },
}

/// Leaves cell `c` empty.
#[inline]
pub(super) fn leave_empty(at: &Labels, w: usize, c: usize) -> Emptied {
    let up = at[c];
    let mut empty = *at;
    empty[c] = 0;
    if up != 0 && !empty[..w].contains(&up) {
        Emptied::Ended {
            alone: empty[..w].iter().all(|&l| l == 0),
        }
    } else {
        Emptied::Kept(empty)
    }
}

/// Occupies cell `c`: it joins the components left of it and above it, or starts a new one.
#[inline]
pub(super) fn fill(at: &Labels, w: usize, c: usize) -> Labels {
    let mut full = *at;
    let up = at[c];
    let left = if c > 0 { at[c - 1] } else { 0 };
    let label = match (left, up) {
        // A new component: any label not in use (renumbered by `pack`).
        (0, 0) => {
            let used = at.iter().take(w).fold(0u32, |u, &l| u | 1 << l);
            (!used & !1).trailing_zeros() as u8
        }
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
    full
}

/// Renumbers `at` in order of first appearance and packs it with the flags.
///
/// # Errors
/// [`PlugError::TooManyComponents`] past 15 labels (impossible for w ≤ 15).
pub(super) fn pack(at: &[u8; 17], w: usize, tl: bool, tr: bool) -> Result<u64, PlugError> {
    // Branch-free, in registers: nibble x of `map` holds the new name of label x (0: none
    // yet). Labels are at most 15, and so are names (at most w ≤ 15 plugs).
    let mut map = 0u64;
    let mut next = 0u64;
    let mut key = 0u64;
    for (j, &l) in at.iter().enumerate().take(w) {
        let shift = 4 * u32::from(l & 0xF);
        let named = (map >> shift) & 0xF;
        let fresh = u64::from(named == 0) & u64::from(l != 0);
        next += fresh;
        map |= (fresh * next) << shift;
        key |= (named | (fresh * next)) << (4 * j);
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

/// A lower bound on the cells still needed to finish: the new cells must reach the borders not
/// touched yet, join the k components on the frontier into one, and (for the box to be at
/// least as tall as wide) reach row w − 1.
///
/// - Columns: a new cell is needed in every column left of the leftmost frontier cell when the
///   left border is untouched (a path to column 0 crosses each of them), likewise on the right,
///   and in every empty frontier column that separates the components on its left from those
///   on its right (no component has plugs on both sides): every new cell adjacent to the
///   processed region touches a frontier cell, so a joining path of new cells crosses that
///   column below its frontier cell. These columns are distinct, so their count is a bound.
/// - Merges: a new cell touches at most two frontier cells, so joining k components takes at
///   least k − 1 cells.
/// - Rows: the cell at row `r` (being placed) and every row below it up to w − 1 need a cell.
///
/// The maximum of lower bounds is one.
pub(super) fn cells_needed(at: &[u8; 17], w: usize, tl: bool, tr: bool, rows_left: usize) -> usize {
    // Labels are at most 15.
    let mut last = [0u8; 16];
    let mut seen = 0u32;
    let (mut lo, mut hi) = (usize::MAX, 0);
    for (j, &l) in at.iter().enumerate().take(w) {
        if l != 0 {
            seen |= 1 << l;
            last[usize::from(l)] = j as u8;
            lo = lo.min(j);
            hi = j;
        }
    }
    if seen == 0 {
        return 0;
    }
    let labels = seen.count_ones() as usize;
    let mut columns = (if tl { 0 } else { lo }) + (if tr { 0 } else { w - 1 - hi });
    // Walk the frontier; `reach` is the furthest last plug of the components met so far. An
    // empty column j with reach < j separates the components before it from those after.
    let mut reach = 0usize;
    for (j, &l) in (lo..).zip(&at[lo..=hi]) {
        reach = reach.max(usize::from(last[usize::from(l)]));
        columns += usize::from(l == 0 && reach < j);
    }
    columns.max(labels - 1).max(rows_left)
}
