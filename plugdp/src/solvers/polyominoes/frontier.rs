//! The occupancy frontier of the polyomino sweeps and its transitions.
//!
//! A frontier packs, for each of the w ≤ 15 columns, the label (4 bits) of the component of
//! the lowest processed cell of that column (0: empty), in minimal representation, plus two
//! flags: the left and the right border have been touched. Sweeping cell (r, c) replaces the
//! entry of column c by the new cell; its neighbours in the frontier are column c − 1 (left,
//! already in row r) and column c itself (above, row r − 1).
//!
//! The transitions work on the packed key with word-parallel (SWAR) nibble operations: finding
//! the columns that hold a label, or the labels above some value, takes a handful of
//! instructions for all columns at once, so no transition decodes the frontier or renumbers it
//! position by position. Minimal representation makes that possible: the labels left of column
//! c are exactly 1..=m for the largest of them, m; a new component there is m + 1 and the
//! labels after it move up by one; a merge of x < y renames y to x and moves the labels above
//! y down by one. Only when the last cell of a component's first appearance is emptied do the
//! labels need a general renumbering. The unit tests compare every transition with a plain
//! array implementation.

/// The left border has been touched.
pub(super) const LEFT_FLAG: u64 = 1 << 60;
/// The right border has been touched.
pub(super) const RIGHT_FLAG: u64 = 1 << 61;
/// The label bits (15 columns of 4 bits).
pub(super) const LABELS: u64 = (1 << 60) - 1;

/// `0x1` in each of the 15 label nibbles.
const ONES: u64 = 0x0111_1111_1111_1111;
/// `0x7` in each label nibble.
const SEVENS: u64 = 0x0777_7777_7777_7777;
/// `0x8` in each label nibble.
const EIGHTS: u64 = 0x0888_8888_8888_8888;

/// Decoded labels (positions `0..w`), with room for one more.
pub(super) type Labels = [u8; 17];

/// The labels of a packed frontier.
#[inline]
pub(super) fn decode(key: u64, w: usize) -> Labels {
    let mut at = [0u8; 17];
    for (j, slot) in at.iter_mut().enumerate().take(w) {
        *slot = (key >> (4 * j) & 0xF) as u8;
    }
    at
}

/// The bits of the first `j` label nibbles.
#[inline(always)]
fn below(j: usize) -> u64 {
    (1u64 << (4 * j)) - 1
}

/// The label at column `j`.
#[inline(always)]
fn nib(key: u64, j: usize) -> u64 {
    (key >> (4 * j)) & 0xF
}

/// Bit 3 of every label nibble that is zero in `t` (exact: no borrow between nibbles).
#[inline(always)]
fn zero_nibbles(t: u64) -> u64 {
    !(((t & SEVENS) + SEVENS) | t) & EIGHTS
}

/// Bit 3 of every label nibble of `key` equal to `label` (among the first `w`).
#[inline(always)]
fn equal(key: u64, label: u64, w: usize) -> u64 {
    zero_nibbles(key ^ (label * ONES)) & below(w)
}

/// Bit 3 of every non-zero label nibble (among the first `w`).
#[inline(always)]
fn occupied(key: u64, w: usize) -> u64 {
    !zero_nibbles(key) & EIGHTS & below(w)
}

/// `key` with every label nibble greater than `m` raised (`up`) or lowered by one, in the
/// columns of `mask` (whole nibbles).
#[inline(always)]
fn shift_above(key: u64, m: u64, mask: u64, up: bool) -> u64 {
    // Even and odd nibbles in separate bytes: `x + (0x80 − (m + 1))` has its top bit set
    // exactly when x > m (x ≤ 15, so nothing carries out of a byte).
    let low = 0x0F0F_0F0F_0F0F_0F0F;
    let bias = 0x8080_8080_8080_8080 - (m + 1) * 0x0101_0101_0101_0101;
    let above = |lane: u64| ((lane + bias) >> 7) & 0x0101_0101_0101_0101;
    let (even, odd) = (key & low, (key >> 4) & low);
    let delta = (above(even) | above(odd) << 4) & mask;
    if up { key + delta } else { key - delta }
}

/// The frontier after cell `c` stays empty.
pub(super) enum Emptied {
    /// The frontier afterwards (in minimal representation, flags kept).
    Kept(u64),
    /// The cell above was its component's last frontier cell: the component is finished.
    Ended {
        /// No other cell is on the frontier.
        alone: bool,
    },
}

/// Leaves cell `c` empty.
#[inline]
pub(super) fn leave_empty(key: u64, w: usize, c: usize) -> Emptied {
    let up = nib(key, c);
    if up == 0 {
        return Emptied::Kept(key);
    }
    let empty = key & !(0xF << (4 * c));
    let rest = equal(empty, up, w);
    if rest == 0 {
        return Emptied::Ended {
            alone: empty & below(w) == 0,
        };
    }
    if rest & below(c) != 0 {
        // The label still appears before column c: the order of first appearances holds.
        Emptied::Kept(empty)
    } else {
        Emptied::Kept(renumber(empty, w))
    }
}

/// Occupies cell `c`: it joins the components left of it and above it, or starts a new one.
/// The border flags are updated.
#[inline]
pub(super) fn fill(key: u64, w: usize, c: usize) -> u64 {
    let up = nib(key, c);
    let left = if c > 0 { nib(key, c - 1) } else { 0 };
    let mut full = match (left, up) {
        (0, 0) => {
            // A new component: one more than the largest label before column c; the labels
            // after it that are above that move up.
            let m = (0..c).map(|j| nib(key, j)).max().unwrap_or(0);
            let after = below(w) & !below(c + 1);
            shift_above(key, m, after, true) | (m + 1) << (4 * c)
        }
        (a, 0) => key | a << (4 * c),
        (0, _) => key,
        (a, b) if a == b => key,
        (a, b) => {
            // x appears first: y's columns take x, labels above y move down.
            let (x, y) = (a.min(b), a.max(b));
            let lanes = (equal(key, y, w) >> 3) * 0xF;
            let merged = key ^ (lanes & ((x ^ y) * ONES));
            shift_above(merged, y, below(w), false)
        }
    };
    if c == 0 {
        full |= LEFT_FLAG;
    }
    if c + 1 == w {
        full |= RIGHT_FLAG;
    }
    full
}

/// Renumbers the labels in order of first appearance (flags kept).
fn renumber(key: u64, w: usize) -> u64 {
    // Branch-free, in registers: nibble x of `map` holds the new name of label x (0: none
    // yet). Labels and names are at most 15.
    let mut map = 0u64;
    let mut next = 0u64;
    let mut out = key & !below(w);
    for j in 0..w {
        let l = nib(key, j);
        let named = (map >> (4 * l)) & 0xF;
        let fresh = u64::from(named == 0) & u64::from(l != 0);
        next += fresh;
        map |= (fresh * next) << (4 * l);
        out |= (named | (fresh * next)) << (4 * j);
    }
    out
}

/// A lower bound on the cells still needed to finish, after cell `c` of the current row: the
/// new cells must reach the borders not touched yet, join the k components on the frontier
/// into one, and (for the box to be at least as tall as wide) reach `rows_left` more rows.
///
/// - Columns. A new cell touches the frontier only from below one of its cells, except the
///   next cell of the row, which also touches frontier column c on its left (the kink). So each
///   connected piece of new cells covers an interval of columns, and touches the frontier
///   columns of that interval (and column c when it covers c + 1). Some piece must cover
///   `[0, first]` when the left border is untouched (first: the leftmost frontier cell), some
///   `[last, w − 1]` when the right one is (or `[c + 1, w − 1]` when last = c), and
///   `[o, o']` for every pair of neighbouring frontier cells o < o' that no component spans
///   (nothing else can join the components left of the gap to those right of it; again
///   `[c + 1, o']` when o = c). A piece of s columns holds at least s cells, so the union of
///   these intervals is a bound.
/// - Merges: a piece of s columns touches at most s + 1 frontier cells, so joining k
///   components takes at least k − 1 cells.
/// - Rows: the piece reaching the last row spans at least `rows_left` rows, so it holds at
///   least `rows_left − 1` cells more than it has columns.
///
/// The columns and merges bounds count cells by column, so the larger of them plus the rows'
/// extra cells is a bound.
#[inline]
pub(super) fn cells_needed(key: u64, w: usize, c: usize, rows_left: usize) -> usize {
    // Column sets are bit 3 of each label nibble here; `x << 1` − `y` keeps the bits from y's
    // to x's, both included.
    let occ = occupied(key, w);
    if occ == 0 {
        return 0;
    }
    let top = 1u64 << (63 - occ.leading_zeros());
    let low = occ & occ.wrapping_neg();
    // The gaps right of the columns first..last − 1 of a component are spanned.
    let mut spanned = 0u64;
    let mut labels = 0;
    let mut seen = 0u64;
    while seen != occ {
        labels += 1;
        let mine = equal(key, labels, w);
        seen |= mine;
        let last = 1u64 << (63 - mine.leading_zeros());
        spanned |= last - (mine & mine.wrapping_neg());
    }
    // A piece of new cells touches frontier column c from column c + 1 (the kink).
    let kink = if c + 1 < w { 1u64 << (4 * c + 3) } else { 0 };
    let start = |bit: u64| if bit == kink { bit << 4 } else { bit };
    let mut need = 0u64;
    if key & LEFT_FLAG == 0 {
        need |= (low << 1) - 1;
    }
    if key & RIGHT_FLAG == 0 {
        need |= below(w) & !(start(top) - 1);
    }
    // Neighbouring frontier cells o < o' across an unspanned gap.
    let mut gaps = occ & !spanned & !top;
    while gaps != 0 {
        let gap = gaps & gaps.wrapping_neg();
        gaps &= gaps - 1;
        let rest = occ & !((gap << 1) - 1);
        let next = rest & rest.wrapping_neg();
        need |= (next << 1) - start(gap);
    }
    let need = need & EIGHTS;
    let base = (need.count_ones() as usize).max(labels as usize - 1);
    if rows_left == 0 {
        base
    } else {
        base.max(1) + rows_left - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain array model of the transitions (relabel, then renumber everything).
    fn model_pack(at: &Labels, w: usize, flags: u64) -> u64 {
        let mut names = [0u8; 32];
        let mut next = 0u8;
        let mut key = flags;
        for (j, &l) in at.iter().enumerate().take(w) {
            if l != 0 {
                if names[usize::from(l)] == 0 {
                    next += 1;
                    names[usize::from(l)] = next;
                }
                key |= u64::from(names[usize::from(l)]) << (4 * j);
            }
        }
        key
    }

    fn model_empty(key: u64, w: usize, c: usize) -> Result<u64, bool> {
        let mut at = decode(key, w);
        let up = at[c];
        at[c] = 0;
        if up != 0 && !at[..w].contains(&up) {
            return Err(at[..w].iter().all(|&l| l == 0));
        }
        Ok(model_pack(&at, w, key & !below(15)))
    }

    fn model_fill(key: u64, w: usize, c: usize) -> u64 {
        let mut at = decode(key, w);
        let up = at[c];
        let left = if c > 0 { at[c - 1] } else { 0 };
        let label = match (left, up) {
            (0, 0) => 31,
            (a, 0) | (0, a) => a,
            (a, b) => {
                for l in at.iter_mut().take(w) {
                    if *l == b {
                        *l = a;
                    }
                }
                a
            }
        };
        at[c] = label;
        let mut flags = key & !below(15);
        if c == 0 {
            flags |= LEFT_FLAG;
        }
        if c + 1 == w {
            flags |= RIGHT_FLAG;
        }
        model_pack(&at, w, flags)
    }

    /// The bound of `cells_needed`, column by column: the union of the intervals some piece of
    /// new cells must cover, or the merges, plus the rows.
    fn model_needed(key: u64, w: usize, c: usize, rows_left: usize) -> usize {
        let at = decode(key, w);
        let cols: Vec<usize> = (0..w).filter(|&j| at[j] != 0).collect();
        let (Some(&lo), Some(&hi)) = (cols.first(), cols.last()) else {
            return 0;
        };
        let start = |o: usize| if o == c && c + 1 < w { o + 1 } else { o };
        let mut need = [false; 16];
        let mut cover = |a: usize, b: usize| need[a..=b].iter_mut().for_each(|x| *x = true);
        if key & LEFT_FLAG == 0 {
            cover(0, lo);
        }
        if key & RIGHT_FLAG == 0 {
            cover(start(hi), w - 1);
        }
        for pair in cols.windows(2) {
            let (o, next) = (pair[0], pair[1]);
            let spanned = (1..16u8).any(|l| at[..=o].contains(&l) && at[next..w].contains(&l));
            if !spanned {
                cover(start(o), next);
            }
        }
        let mut labels: Vec<u8> = cols.iter().map(|&j| at[j]).collect();
        labels.sort_unstable();
        labels.dedup();
        let base = need.iter().filter(|&&x| x).count().max(labels.len() - 1);
        if rows_left == 0 {
            base
        } else {
            base.max(1) + rows_left - 1
        }
    }

    fn frontier() -> impl Strategy<Value = (u64, usize)> {
        (1usize..=15, proptest::collection::vec(0u8..12, 15), 0u64..4).prop_map(
            |(w, raw, flags)| {
                let at: Vec<u8> = raw.iter().map(|&x| x.saturating_sub(1)).collect();
                let mut labels = [0u8; 17];
                labels[..w].copy_from_slice(&at[..w]);
                (model_pack(&labels, w, flags << 60), w)
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn transitions_match_the_array_model((key, w) in frontier(), c in 0usize..15, rows in 0usize..4) {
            let c = c % w;
            let ours = match leave_empty(key, w, c) {
                Emptied::Kept(k) => Ok(k),
                Emptied::Ended { alone } => Err(alone),
            };
            prop_assert_eq!(ours, model_empty(key, w, c));
            prop_assert_eq!(fill(key, w, c), model_fill(key, w, c));
            prop_assert_eq!(cells_needed(key, w, c, rows), model_needed(key, w, c, rows));
        }
    }
}
