//! The occupancy frontier of the polyomino sweeps and its transitions.
//!
//! A frontier packs, for each of the w columns, the label (4 bits) of the component of the
//! lowest processed cell of that column (0: empty), in minimal representation, plus two flags:
//! the left and the right border have been touched. The key is a [`Word`]: a `u64` for widths
//! up to 15 (sizes up to 30), a `u128` for widths up to 29 (30 columns fit, but at 30 a
//! frontier can hold 16 components, one more than a nibble names; the sweeps stop at 18). Sweeping cell (r, c) replaces the
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
//! array implementation, for both key widths.

use std::ops::{Mul, Sub};

use crate::engine::nibbles::{Nibbles, lanes_above, renumber};

/// A packed frontier: label nibbles in the low [`Word::COLUMNS`] nibbles, the two border flags
/// above them. The integer kit and the lane-parallel helpers are the crate's
/// ([`nibbles`](crate::engine::nibbles)), shared with the edge sweeps' keys.
pub(super) trait Word: Nibbles + Sub<Output = Self> + Mul<Output = Self> {
    /// Label columns the word holds.
    const COLUMNS: usize;
    /// The left border has been touched.
    const LEFT_FLAG: Self;
    /// The right border has been touched.
    const RIGHT_FLAG: Self;
    /// The label bits.
    const LABELS: Self;
    /// `0x1` in each label nibble.
    const ONES: Self;
    /// `0x7` in each label nibble.
    const SEVENS: Self;
    /// `0x8` in each label nibble.
    const EIGHTS: Self;
}

macro_rules! word {
    ($t:ty, $columns:expr) => {
        impl Word for $t {
            const COLUMNS: usize = $columns;
            const LEFT_FLAG: $t = 1 << (4 * $columns);
            const RIGHT_FLAG: $t = 1 << (4 * $columns + 1);
            const LABELS: $t = (1 << (4 * $columns)) - 1;
            const ONES: $t = <$t>::MAX / 15 & ((1 << (4 * $columns)) - 1);
            const SEVENS: $t = 7 * (<$t>::MAX / 15 & ((1 << (4 * $columns)) - 1));
            const EIGHTS: $t = 8 * (<$t>::MAX / 15 & ((1 << (4 * $columns)) - 1));
        }
    };
}

word!(u64, 15);
word!(u128, 30);

/// Decoded labels (positions `0..w`), with room for one more.
pub(super) type Labels = [u8; 32];

/// The labels of a packed frontier.
#[inline]
pub(super) fn decode<K: Word>(key: K, w: usize) -> Labels {
    let mut at = [0u8; 32];
    for (j, slot) in at.iter_mut().enumerate().take(w) {
        *slot = nib(key, j) as u8;
    }
    at
}

/// The bits of the first `j` label nibbles.
#[inline(always)]
fn below<K: Word>(j: usize) -> K {
    (K::ONE << (4 * j)) - K::ONE
}

/// The label at column `j`.
#[inline(always)]
fn nib<K: Word>(key: K, j: usize) -> u64 {
    u64::from(crate::engine::nibbles::nib(key, j))
}

/// Bit 3 of every label nibble that is zero in `t` (exact: no borrow between nibbles).
#[inline(always)]
fn zero_nibbles<K: Word>(t: K) -> K {
    !(((t & K::SEVENS) + K::SEVENS) | t) & K::EIGHTS
}

/// Bit 3 of every label nibble of `key` equal to `label` (among the first `w`).
#[inline(always)]
fn equal<K: Word>(key: K, label: u64, w: usize) -> K {
    zero_nibbles(key ^ (K::small(label) * K::ONES)) & below(w)
}

/// Bit 3 of every non-zero label nibble (among the first `w`).
#[inline(always)]
fn occupied<K: Word>(key: K, w: usize) -> K {
    !zero_nibbles(key) & K::EIGHTS & below(w)
}

/// `key` with every label nibble greater than `m` raised (`up`) or lowered by one, in the
/// columns of `mask` (whole nibbles).
#[inline(always)]
fn shift_above<K: Word>(key: K, m: u64, mask: K, up: bool) -> K {
    lanes_above(key, m as u8, mask, up)
}

/// The frontier after cell `c` stays empty.
pub(super) enum Emptied<K> {
    /// The frontier afterwards (in minimal representation, flags kept).
    Kept(K),
    /// The cell above was its component's last frontier cell: the component is finished.
    Ended {
        /// No other cell is on the frontier.
        alone: bool,
    },
}

/// Leaves cell `c` empty.
#[inline]
pub(super) fn leave_empty<K: Word>(key: K, w: usize, c: usize) -> Emptied<K> {
    let up = nib(key, c);
    if up == 0 {
        return Emptied::Kept(key);
    }
    let empty = key & !(K::small(0xF) << (4 * c));
    let rest = equal(empty, up, w);
    if rest == K::ZERO {
        return Emptied::Ended {
            alone: empty & below(w) == K::ZERO,
        };
    }
    if rest & below(c) != K::ZERO {
        // The label still appears before column c: the order of first appearances holds.
        Emptied::Kept(empty)
    } else {
        Emptied::Kept(renumber(empty, w))
    }
}

/// Occupies cell `c`: it joins the components left of it and above it, or starts a new one.
/// The border flags are updated.
#[inline]
pub(super) fn fill<K: Word>(key: K, w: usize, c: usize) -> K {
    let up = nib(key, c);
    let left = if c > 0 { nib(key, c - 1) } else { 0 };
    let mut full = match (left, up) {
        (0, 0) => {
            // A new component: one more than the largest label before column c; the labels
            // after it that are above that move up.
            let m = (0..c).map(|j| nib(key, j)).max().unwrap_or(0);
            let after = below::<K>(w) & !below::<K>(c + 1);
            shift_above(key, m, after, true) | K::small(m + 1) << (4 * c)
        }
        (a, 0) => key | K::small(a) << (4 * c),
        (0, _) => key,
        (a, b) if a == b => key,
        (a, b) => {
            // x appears first: y's columns take x, labels above y move down.
            let (x, y) = (a.min(b), a.max(b));
            let lanes = (equal(key, y, w) >> 3) * K::small(0xF);
            let merged = key ^ (lanes & (K::small(x ^ y) * K::ONES));
            shift_above(merged, y, below(w), false)
        }
    };
    if c == 0 {
        full |= K::LEFT_FLAG;
    }
    if c + 1 == w {
        full |= K::RIGHT_FLAG;
    }
    full
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
pub(super) fn cells_needed<K: Word>(key: K, w: usize, c: usize, rows_left: usize) -> usize {
    let (need, labels) = columns_needed(key, w, c);
    if labels == 0 {
        return 0;
    }
    let base = (need.count_ones() as usize).max(labels - 1);
    if rows_left == 0 {
        base
    } else {
        base.max(1) + rows_left - 1
    }
}

/// The columns that new cells must cover (bit 3 of each column's nibble), as
/// [`cells_needed`] explains, and the number of components on the frontier.
#[inline]
pub(super) fn columns_needed<K: Word>(key: K, w: usize, c: usize) -> (K, usize) {
    // Column sets are bit 3 of each label nibble here; `x << 1` − `y` keeps the bits from y's
    // to x's, both included.
    let occ = occupied(key, w);
    if occ == K::ZERO {
        return (K::ZERO, 0);
    }
    let top = K::ONE << (K::BITS - 1 - occ.leading_zeros()) as usize;
    let low = occ & occ.wrapping_neg();
    // The gaps right of the columns first..last − 1 of a component are spanned.
    let mut spanned = K::ZERO;
    let mut labels = 0;
    let mut seen = K::ZERO;
    while seen != occ {
        labels += 1;
        let mine = equal(key, labels, w);
        seen |= mine;
        let last = K::ONE << (K::BITS - 1 - mine.leading_zeros()) as usize;
        spanned |= last - (mine & mine.wrapping_neg());
    }
    // A piece of new cells touches frontier column c from column c + 1 (the kink).
    let kink = if c + 1 < w {
        K::ONE << (4 * c + 3)
    } else {
        K::ZERO
    };
    let start = |bit: K| if bit == kink { bit << 4 } else { bit };
    let mut need = K::ZERO;
    if key & K::LEFT_FLAG == K::ZERO {
        need |= (low << 1) - K::ONE;
    }
    if key & K::RIGHT_FLAG == K::ZERO {
        need |= below::<K>(w) & !(start(top) - K::ONE);
    }
    // Neighbouring frontier cells o < o' across an unspanned gap.
    let mut gaps = occ & !spanned & !top;
    while gaps != K::ZERO {
        let gap = gaps & gaps.wrapping_neg();
        gaps = gaps & (gaps - K::ONE);
        let rest = occ & !((gap << 1) - K::ONE);
        let next = rest & rest.wrapping_neg();
        need |= (next << 1) - start(gap);
    }
    (need & K::EIGHTS, labels as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain array model of the transitions (relabel, then renumber everything).
    fn model_pack<K: Word>(at: &Labels, w: usize, flags: K) -> K {
        let mut names = [0u8; 32];
        let mut next = 0u8;
        let mut key = flags;
        for (j, &l) in at.iter().enumerate().take(w) {
            if l != 0 {
                if names[usize::from(l)] == 0 {
                    next += 1;
                    names[usize::from(l)] = next;
                }
                key |= K::small(u64::from(names[usize::from(l)])) << (4 * j);
            }
        }
        key
    }

    fn model_empty<K: Word>(key: K, w: usize, c: usize) -> Result<K, bool> {
        let mut at = decode(key, w);
        let up = at[c];
        at[c] = 0;
        if up != 0 && !at[..w].contains(&up) {
            return Err(at[..w].iter().all(|&l| l == 0));
        }
        Ok(model_pack(&at, w, key & !K::LABELS))
    }

    fn model_fill<K: Word>(key: K, w: usize, c: usize) -> K {
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
        let mut flags = key & !K::LABELS;
        if c == 0 {
            flags |= K::LEFT_FLAG;
        }
        if c + 1 == w {
            flags |= K::RIGHT_FLAG;
        }
        model_pack(&at, w, flags)
    }

    /// The bound of `cells_needed`, column by column: the union of the intervals some piece of
    /// new cells must cover, or the merges, plus the rows.
    fn model_needed<K: Word>(key: K, w: usize, c: usize, rows_left: usize) -> usize {
        let at = decode(key, w);
        let cols: Vec<usize> = (0..w).filter(|&j| at[j] != 0).collect();
        let (Some(&lo), Some(&hi)) = (cols.first(), cols.last()) else {
            return 0;
        };
        let start = |o: usize| if o == c && c + 1 < w { o + 1 } else { o };
        let mut need = [false; 32];
        let mut cover = |a: usize, b: usize| need[a..=b].iter_mut().for_each(|x| *x = true);
        if key & K::LEFT_FLAG == K::ZERO {
            cover(0, lo);
        }
        if key & K::RIGHT_FLAG == K::ZERO {
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

    /// A frontier of up to `K::COLUMNS` columns in minimal representation, with any flags.
    fn frontier<K: Word>() -> impl Strategy<Value = (K, usize)> {
        let columns = K::COLUMNS;
        (
            1usize..=columns,
            proptest::collection::vec(0u8..12, columns),
            0u64..4,
        )
            .prop_map(|(w, raw, flags)| {
                let mut labels = [0u8; 32];
                for (l, &x) in labels.iter_mut().zip(&raw[..w]) {
                    *l = x.saturating_sub(1);
                }
                (
                    model_pack(&labels, w, K::small(flags) << (4 * K::COLUMNS)),
                    w,
                )
            })
    }

    fn check<K: Word>(key: K, w: usize, c: usize, rows: usize) -> Result<(), TestCaseError> {
        let c = c % w;
        let ours = match leave_empty(key, w, c) {
            Emptied::Kept(k) => Ok(k),
            Emptied::Ended { alone } => Err(alone),
        };
        prop_assert_eq!(ours, model_empty(key, w, c));
        prop_assert_eq!(fill(key, w, c), model_fill(key, w, c));
        prop_assert_eq!(cells_needed(key, w, c, rows), model_needed(key, w, c, rows));
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn transitions_match_the_array_model((key, w) in frontier::<u64>(), c in 0usize..15, rows in 0usize..4) {
            check(key, w, c, rows)?;
        }

        #[test]
        fn wide_transitions_match_the_array_model((key, w) in frontier::<u128>(), c in 0usize..30, rows in 0usize..4) {
            check(key, w, c, rows)?;
        }
    }
}
