//! Joining two half-board sweeps of a single cycle at the middle line.
//!
//! Cut a board between rows `h − 1` and `h`. A single cycle through every free cell crosses the
//! cut at a set `S` of columns (an even number of them, at least two when both halves have free
//! cells), and each half of the cycle is a set of disjoint paths pairing up the crossings: a
//! *non-crossing perfect matching* of `S`, because the half is planar and the paths stay on
//! their side. The frontier of the top half's sweep after row `h − 1` is exactly such a matching
//! (in minimal representation), and the bottom half, swept upwards — the same sweep on the
//! vertically flipped board — ends on a matching of the same columns. The two halves form one
//! cycle exactly when the union of their matchings is one cycle: the pair is a *closed meander*
//! of order `|S| / 2`.
//!
//! So the number of single cycles is `Σ_S Σ_(P, Q) top(S, P) · bottom(S, Q)` over the meander
//! pairs `(P, Q)` of order `|S| / 2`. There are few of those: 1, 2, 8, 42, 262, 1828, 13820,
//! 110954 for orders 1 to 8 (OEIS A005315), against 1, 4, 25, 196, … pairs of matchings, so the
//! join costs `Σ_S M(|S| / 2)` multiply-adds — about 8·10⁶ on a 16-wide board, 5·10⁴ on a
//! 12-wide one — after a one-off enumeration of the `C(k)²` pairs of each order `k ≤ W / 2`
//! (`C` the Catalan numbers: 2·10⁶ pairs for `k = 8`). That enumeration is why the method stops
//! at [`MAX_COLS`] columns.
//!
//! A matching of `2k` points is stored as its Dyck word: bit `t` is set when the `t`-th crossing
//! (left to right) opens an arc, i.e. when its label appears for the first time. The frontiers of
//! each plug set take consecutive slots of one dense array, in increasing Dyck-word order.

use crate::{PlugError, Value};

/// The widest board (columns) the join supports.
pub(crate) const MAX_COLS: usize = 16;

/// The slots of the middle frontiers of a board `cols` wide, and the meander pairs of every
/// order up to `cols / 2`.
pub(crate) struct Meanders {
    cols: usize,
    /// For each plug set (bit j: column j), the first slot of its matchings; `u32::MAX` for a
    /// set of odd size or the empty set.
    offsets: Vec<u32>,
    /// For each order k, the Dyck words of length 2k in increasing order.
    words: Vec<Vec<u32>>,
    /// For each order k, the pairs (i, j) of indices into `words[k]` whose matchings form one
    /// cycle, sorted.
    pairs: Vec<Vec<(u16, u16)>>,
    /// Number of slots.
    len: usize,
}

impl Meanders {
    /// The layout for a board `cols` wide (`2 ≤ cols ≤ MAX_COLS`).
    pub(crate) fn new(cols: usize) -> Meanders {
        debug_assert!((1..=MAX_COLS).contains(&cols));
        let orders = cols / 2;
        let words: Vec<Vec<u32>> = (0..=orders).map(dyck_words).collect();
        let pairs = words
            .iter()
            .enumerate()
            .map(|(k, w)| meander_pairs(k, w))
            .collect();
        let mut offsets = vec![u32::MAX; 1 << cols];
        let mut len = 0usize;
        for (set, offset) in offsets.iter_mut().enumerate() {
            let plugs = set.count_ones() as usize;
            if plugs > 0 && plugs.is_multiple_of(2) {
                *offset = len as u32;
                len += words[plugs / 2].len();
            }
        }
        Meanders {
            cols,
            offsets,
            words,
            pairs,
            len,
        }
    }

    /// Number of slots (one per plug set and matching of it).
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The slot of a frontier after a row (`wide`: the engine-wide packed layout, labels of
    /// columns `0..cols` at positions `1..=cols`); `None` when it carries a flag (a closed
    /// cycle) or no plug, which no meander completes.
    pub(crate) fn slot(&self, wide: u128) -> Option<usize> {
        if wide >> 124 != 0 {
            return None;
        }
        let (mut set, mut word, mut seen, mut t) = (0usize, 0u32, 0u16, 0usize);
        for j in 0..self.cols {
            let label = (wide >> (4 * (j + 1))) as usize & 0xF;
            if label != 0 {
                set |= 1 << j;
                if seen & (1 << label) == 0 {
                    seen |= 1 << label;
                    word |= 1 << t;
                }
                t += 1;
            }
        }
        let offset = *self.offsets.get(set)?;
        if offset == u32::MAX {
            return None;
        }
        // Planar halves give non-crossing matchings, whose Dyck words are all listed.
        let index = self.words[t / 2].binary_search(&word).ok()?;
        Some(offset as usize + index)
    }

    /// `Σ top[P] · bottom[Q]` over the meander pairs of every plug set (`top`, `bottom`: values
    /// by slot).
    ///
    /// # Errors
    /// [`PlugError::Overflow`] if the value overflows.
    pub(crate) fn join<V: Value>(&self, top: &[V], bottom: &[V]) -> Result<V, PlugError> {
        let mut total = V::zero();
        for (set, &offset) in self.offsets.iter().enumerate() {
            if offset == u32::MAX {
                continue;
            }
            let offset = offset as usize;
            let k = set.count_ones() as usize / 2;
            let (top, bottom) = (&top[offset..], &bottom[offset..]);
            for &(i, j) in &self.pairs[k] {
                let (a, b) = (&top[usize::from(i)], &bottom[usize::from(j)]);
                if a.is_zero() || b.is_zero() {
                    continue;
                }
                let product = a.checked_mul(b).ok_or(PlugError::Overflow)?;
                total = total.checked_add(&product).ok_or(PlugError::Overflow)?;
            }
        }
        Ok(total)
    }
}

/// The Dyck words of length `2k` (bit t set: step t opens), in increasing order.
fn dyck_words(k: usize) -> Vec<u32> {
    fn grow(k: usize, t: usize, open: usize, depth: usize, word: u32, out: &mut Vec<u32>) {
        if t == 2 * k {
            out.push(word);
            return;
        }
        if depth > 0 {
            grow(k, t + 1, open, depth - 1, word, out);
        }
        if open < k {
            grow(k, t + 1, open + 1, depth + 1, word | 1 << t, out);
        }
    }
    let mut out = Vec::new();
    grow(k, 0, 0, 0, 0, &mut out);
    // Bits are filled from the lowest, so the generation order is not the numeric one.
    out.sort_unstable();
    out
}

/// The partner of every point of the matching with Dyck word `word` of length `2k`.
fn partners(word: u32, k: usize) -> [u8; 2 * MAX_COLS] {
    let mut out = [0u8; 2 * MAX_COLS];
    let mut stack = [0u8; 2 * MAX_COLS];
    let mut depth = 0;
    for t in 0..2 * k {
        if word & (1 << t) != 0 {
            stack[depth] = t as u8;
            depth += 1;
        } else {
            depth -= 1;
            let opener = stack[depth];
            out[usize::from(opener)] = t as u8;
            out[t] = opener;
        }
    }
    out
}

/// The pairs (i, j) of matchings `words[i]`, `words[j]` of order `k` whose union is one cycle.
fn meander_pairs(k: usize, words: &[u32]) -> Vec<(u16, u16)> {
    if k == 0 {
        return Vec::new();
    }
    let matchings: Vec<[u8; 2 * MAX_COLS]> = words.iter().map(|&w| partners(w, k)).collect();
    let mut out = Vec::new();
    for (i, p) in matchings.iter().enumerate() {
        for (j, q) in matchings.iter().enumerate() {
            // Walk the union from point 0, alternating the two matchings: one cycle visits
            // all k arcs of each before coming back.
            let (mut at, mut arcs) = (0u8, 0usize);
            loop {
                at = q[usize::from(p[usize::from(at)])];
                arcs += 1;
                if at == 0 {
                    break;
                }
            }
            if arcs == k {
                out.push((i as u16, j as u16));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalan_and_meander_numbers() {
        // OEIS A000108 and A005315 (closed meanders with 2k crossings).
        let catalan = [1, 1, 2, 5, 14, 42, 132, 429, 1430];
        let meanders = [0, 1, 2, 8, 42, 262, 1828, 13820, 110954];
        for k in 0..=8 {
            let words = dyck_words(k);
            assert_eq!(words.len(), catalan[k], "k = {k}");
            assert!(words.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(meander_pairs(k, &words).len(), meanders[k], "k = {k}");
        }
    }

    #[test]
    fn slots_are_distinct_and_cover_every_matching() {
        // Motzkin-like count: Σ over even nonempty sets of C(|S| / 2) slots, all reachable.
        let m = Meanders::new(6);
        let expected: usize = [(2, 1), (4, 2), (6, 5)]
            .iter()
            .map(|&(size, catalan)| binomial(6, size) * catalan)
            .sum();
        assert_eq!(m.len(), expected);
        let mut hit = vec![false; m.len()];
        // Every labelling of 6 columns in minimal representation with each label twice and
        // no crossing arc.
        for code in 0..7u32.pow(6) {
            let mut labels = [0u8; 6];
            let mut x = code;
            for l in &mut labels {
                *l = (x % 7) as u8;
                x /= 7;
            }
            if code == 0 || !is_non_crossing_pairing(&labels) {
                continue;
            }
            let wide = labels
                .iter()
                .enumerate()
                .fold(0u128, |w, (j, &l)| w | u128::from(l) << (4 * (j + 1)));
            let slot = m.slot(wide).expect("a pairing has a slot");
            assert!(!hit[slot], "slot {slot} taken twice");
            hit[slot] = true;
        }
        assert!(hit.iter().all(|&h| h));
        assert_eq!(m.slot(0), None);
        assert_eq!(m.slot(1u128 << 124 | 0x110), None);
    }

    fn binomial(n: usize, k: usize) -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    /// Labels in minimal representation, each used exactly twice, arcs nested or disjoint.
    fn is_non_crossing_pairing(labels: &[u8]) -> bool {
        let mut next = 1u8;
        let mut stack: Vec<u8> = Vec::new();
        let mut count = [0u8; 8];
        for &l in labels {
            if l == 0 {
                continue;
            }
            count[usize::from(l)] += 1;
            match count[usize::from(l)] {
                1 if l == next => {
                    next += 1;
                    stack.push(l);
                }
                2 if stack.last() == Some(&l) => {
                    stack.pop();
                }
                _ => return false,
            }
        }
        stack.is_empty()
    }
}
