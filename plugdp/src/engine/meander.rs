//! Joining two half-board sweeps of a single cycle or a single path at the middle line.
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
//! A single path ([`Curve::Path`]) is cut the same way, but a crossing may now belong to a
//! piece that ends inside the half: a *single* (a component with one plug on the frontier,
//! whose other end is one of the path's two ends). A half is then a non-crossing matching of
//! `S` in which some points are singles (anywhere, inside arcs too), and the two halves hold
//! two singles between them: two and none, none and two, or one each (an odd `|S|`). The union
//! of the two halves has `|S|` points and `|S| − 1` arcs, so it is one path exactly when the walk
//! from one single, alternating the halves' arcs, reaches the other single after visiting every
//! point. The words with singles are many more than the matchings (`C(|S|, 2)·C(|S|/2 − 1)` with
//! two singles: 51 480 for 16 points), so the one-off enumeration of the pairs is larger too:
//! about 10⁷ pairs tested for 14 columns, 2·10⁸ for 16. The pairs that form one path are a
//! small share of them.
//!
//! A half's frontier is stored as its *word*: bit `t` is set when the `t`-th crossing (left to
//! right) opens an arc, i.e. when its label appears for the first time and appears twice, and bit
//! `32 + t` when the crossing is a single. For a matching without singles the word is the Dyck
//! word of the matching. The frontiers of each plug set take consecutive slots of one dense
//! array, in increasing word order.

use crate::engine::edges::CLOSED;
use crate::{PlugError, Value};

/// The widest board (columns) the join supports.
pub(crate) const MAX_COLS: usize = 16;

/// What the two halves must form together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Curve {
    /// One cycle: both halves are perfect matchings of the crossings.
    Cycle,
    /// One path: the halves hold two singles between them.
    Path,
}

/// The slots of the middle frontiers of a board `cols` wide; the pairs of words that form one
/// curve are listed by [`join`](Meanders::join) for the sizes it meets.
pub(crate) struct Meanders {
    curve: Curve,
    cols: usize,
    /// For each plug set (bit j: column j), the first slot of its words; `u32::MAX` for a set
    /// no curve crosses by (the empty set; for cycles, a set of odd size).
    offsets: Vec<u32>,
    /// For each size m, the words of m crossings a half may leave, in increasing order.
    words: Vec<Vec<u64>>,
    /// Number of slots.
    len: usize,
}

/// A crossing that is a single in [`Partners`].
const SINGLE: u8 = u8::MAX;

/// The partner of every point of a word (`SINGLE` for a single).
type Partners = [u8; MAX_COLS];

impl Meanders {
    /// The layout for `curve` on a board `cols` wide (`1 ≤ cols ≤ MAX_COLS`).
    pub(crate) fn new(curve: Curve, cols: usize) -> Meanders {
        debug_assert!((1..=MAX_COLS).contains(&cols));
        let words: Vec<Vec<u64>> = (0..=cols)
            .map(|m| {
                let mut out = Vec::new();
                for &singles in singles_of(curve, m) {
                    words_into(m, singles, &mut out);
                }
                out.sort_unstable();
                out
            })
            .collect();
        let mut offsets = vec![u32::MAX; 1 << cols];
        let mut len = 0usize;
        for (set, offset) in offsets.iter_mut().enumerate() {
            let plugs = set.count_ones() as usize;
            if plugs > 0 && !words[plugs].is_empty() {
                *offset = len as u32;
                len += words[plugs].len();
            }
        }
        Meanders {
            curve,
            cols,
            offsets,
            words,
            len,
        }
    }

    /// Number of slots (one per plug set and word of it).
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The slot of a frontier after a row (`wide`: the engine-wide packed layout, labels of
    /// columns `0..cols` at positions `1..=cols`, flags at bit 124); `None` when the curve has
    /// closed (its flag is set) or the frontier has no plug, which no pair completes, or it is
    /// not a word of the curve.
    pub(crate) fn slot(&self, wide: u128) -> Option<usize> {
        if (wide >> 124) as u8 & CLOSED != 0 {
            return None;
        }
        let label = |j: usize| (wide >> (4 * (j + 1))) as usize & 0xF;
        let mut count = [0u8; 16];
        for j in 0..self.cols {
            count[label(j)] += 1;
        }
        let (mut set, mut word, mut seen, mut t) = (0usize, 0u64, 0u16, 0usize);
        for j in 0..self.cols {
            let l = label(j);
            if l != 0 {
                set |= 1 << j;
                match count[l] {
                    1 => word |= 1 << (32 + t),
                    2 if seen & (1 << l) == 0 => {
                        seen |= 1 << l;
                        word |= 1 << t;
                    }
                    2 => {}
                    _ => return None,
                }
                t += 1;
            }
        }
        let offset = *self.offsets.get(set)?;
        if offset == u32::MAX {
            return None;
        }
        // Planar halves give non-crossing words, which are all listed.
        let index = self.words[t].binary_search(&word).ok()?;
        Some(offset as usize + index)
    }

    /// `Σ top[P] · bottom[Q]` over the pairs of every plug set (`top`, `bottom`: values by
    /// slot). The pairs of a size are listed only if some plug set of that size has a nonzero
    /// value on both sides, and each nonzero top value meets only its own partners: the cost
    /// follows the frontiers the halves actually reached.
    ///
    /// # Errors
    /// [`PlugError::Overflow`] if the value overflows.
    pub(crate) fn join<V: Value>(&self, top: &[V], bottom: &[V]) -> Result<V, PlugError> {
        let mut total = V::zero();
        let nonzero = |values: &[V]| values.iter().any(|v| !v.is_zero());
        for m in 1..=self.cols {
            let n = self.words[m].len();
            let sets: Vec<usize> = (0..self.offsets.len())
                .filter(|&set| set.count_ones() as usize == m && self.offsets[set] != u32::MAX)
                .map(|set| self.offsets[set] as usize)
                .filter(|&o| nonzero(&top[o..o + n]) && nonzero(&bottom[o..o + n]))
                .collect();
            if sets.is_empty() {
                continue;
            }
            let pairs = curve_pairs(self.curve, m, &self.words[m]);
            for offset in sets {
                let (top, bottom) = (&top[offset..offset + n], &bottom[offset..offset + n]);
                for (i, a) in top.iter().enumerate().filter(|(_, a)| !a.is_zero()) {
                    for &j in pairs.partners(i) {
                        let b = &bottom[j as usize];
                        if b.is_zero() {
                            continue;
                        }
                        let product = a.checked_mul(b).ok_or(PlugError::Overflow)?;
                        total = total.checked_add(&product).ok_or(PlugError::Overflow)?;
                    }
                }
            }
        }
        Ok(total)
    }
}

/// The pairs of words that form one curve, by their first word: the partners of word `i` are
/// `partners[starts[i]..starts[i + 1]]`, increasing.
struct Pairs {
    starts: Vec<u32>,
    partners: Vec<u32>,
}

impl Pairs {
    /// From a list of pairs (i, j) of indices below `n`, in any order.
    fn from_list(n: usize, list: &[(u32, u32)]) -> Pairs {
        let mut starts = vec![0u32; n + 1];
        for &(i, _) in list {
            starts[i as usize + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut partners = vec![0u32; list.len()];
        for &(i, j) in list {
            partners[fill[i as usize] as usize] = j;
            fill[i as usize] += 1;
        }
        for i in 0..n {
            partners[starts[i] as usize..starts[i + 1] as usize].sort_unstable();
        }
        Pairs { starts, partners }
    }

    /// The partners of word `i`.
    fn partners(&self, i: usize) -> &[u32] {
        &self.partners[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Number of pairs.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.partners.len()
    }
}

/// The numbers of singles a half of `curve` may leave on `m` crossings.
fn singles_of(curve: Curve, m: usize) -> &'static [usize] {
    match curve {
        Curve::Cycle if m.is_multiple_of(2) && m > 0 => &[0],
        Curve::Cycle => &[],
        // Two singles between the halves: one each for an odd m, two or none for an even one.
        Curve::Path if m == 0 => &[],
        Curve::Path if m.is_multiple_of(2) => &[0, 2],
        Curve::Path => &[1],
    }
}

/// Appends the words of `m` crossings with exactly `singles` singles (bit t: crossing t opens
/// an arc; bit 32 + t: it is a single) to `out`.
fn words_into(m: usize, singles: usize, out: &mut Vec<u64>) {
    fn grow(m: usize, t: usize, depth: usize, singles: usize, word: u64, out: &mut Vec<u64>) {
        let left = m - t;
        if left == 0 {
            out.push(word);
            return;
        }
        // Close an arc.
        if depth > 0 {
            grow(m, t + 1, depth - 1, singles, word, out);
        }
        // Open an arc (it must close in the crossings after this one).
        if depth + singles + 2 <= left {
            grow(m, t + 1, depth + 1, singles, word | 1 << t, out);
        }
        // A single.
        if singles > 0 {
            grow(m, t + 1, depth, singles - 1, word | 1 << (32 + t), out);
        }
    }
    if (m + singles).is_multiple_of(2) && singles <= m {
        grow(m, 0, 0, singles, 0, out);
    }
}

/// The partners of the points of `word` of `m` crossings.
fn partners(word: u64, m: usize) -> Partners {
    let mut out = [SINGLE; MAX_COLS];
    let mut stack = [0u8; MAX_COLS];
    let mut depth = 0;
    for t in 0..m {
        if word & (1 << (32 + t)) != 0 {
            continue;
        }
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

/// The pairs of words of `m` crossings (`words`: all of them, increasing) whose union is one
/// `curve`: every pair of a matching and a matching for cycles; for paths every pair with one
/// single each, and every pair with both singles in the first word, whose mirror images are the
/// pairs with both in the second.
fn curve_pairs(curve: Curve, m: usize, words: &[u64]) -> Pairs {
    let all: Vec<Partners> = words.iter().map(|&w| partners(w, m)).collect();
    // The indices of the words with 0, 1 and 2 singles.
    let mut by_singles: [Vec<u32>; 3] = Default::default();
    for (i, &w) in words.iter().enumerate() {
        if let Some(list) = by_singles.get_mut((w >> 32).count_ones() as usize) {
            list.push(i as u32);
        }
    }
    let mut out = Vec::new();
    let mut test = |sides: (&[u32], &[u32]), one: fn(&Partners, &Partners, usize) -> bool| {
        for &i in sides.0 {
            for &j in sides.1 {
                if one(&all[i as usize], &all[j as usize], m) {
                    out.push((i, j));
                }
            }
        }
    };
    match curve {
        Curve::Cycle => test((&by_singles[0], &by_singles[0]), one_cycle),
        Curve::Path => {
            test((&by_singles[1], &by_singles[1]), one_path);
            // Both singles on one side: the walk starts there, and the mirror pair (the
            // singles on the other side) is the same pair of matchings.
            test((&by_singles[2], &by_singles[0]), one_path);
            let mirrored: Vec<(u32, u32)> = out
                .iter()
                .filter(|&&(i, _)| (words[i as usize] >> 32).count_ones() == 2)
                .map(|&(i, j)| (j, i))
                .collect();
            out.extend(mirrored);
        }
    }
    Pairs::from_list(words.len(), &out)
}

/// Whether the perfect matchings `p` and `q` of `m` points form one cycle: the walk from
/// point 0, alternating them, visits all `m / 2` arcs of each before coming back.
fn one_cycle(p: &Partners, q: &Partners, m: usize) -> bool {
    if m == 0 {
        return false;
    }
    let (mut at, mut arcs) = (0u8, 0usize);
    loop {
        at = q[usize::from(p[usize::from(at)])];
        arcs += 1;
        if at == 0 {
            return 2 * arcs == m;
        }
    }
}

/// Whether `p` (with a single) and `q`, two singles between them, form one path: the walk from
/// `p`'s first single, alternating `q`'s arcs and `p`'s, visits all `m` points before it meets
/// the other single.
fn one_path(p: &Partners, q: &Partners, m: usize) -> bool {
    let Some(start) = p[..m].iter().position(|&x| x == SINGLE) else {
        return false;
    };
    let (mut at, mut visited, mut use_q) = (start, 1usize, true);
    loop {
        let next = if use_q { q[at] } else { p[at] };
        if next == SINGLE {
            return visited == m;
        }
        at = usize::from(next);
        visited += 1;
        use_q = !use_q;
    }
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
            let mut words = Vec::new();
            words_into(2 * k, 0, &mut words);
            words.sort_unstable();
            assert_eq!(words.len(), catalan[k], "k = {k}");
            assert!(words.windows(2).all(|w| w[0] < w[1]));
            let pairs = curve_pairs(Curve::Cycle, 2 * k, &words).len();
            assert_eq!(pairs, if k == 0 { 0 } else { meanders[k] }, "k = {k}");
        }
    }

    #[test]
    fn slots_are_distinct_and_cover_every_matching() {
        // Motzkin-like count: Σ over even nonempty sets of C(|S| / 2) slots, all reachable.
        let m = Meanders::new(Curve::Cycle, 6);
        let expected: usize = [(2, 1), (4, 2), (6, 5)]
            .iter()
            .map(|&(size, catalan)| binomial(6, size) * catalan)
            .sum();
        assert_eq!(m.len(), expected);
        let mut hit = vec![false; m.len()];
        // Every labelling of 6 columns in minimal representation with each label twice and
        // no crossing arc.
        for code in 1..7u32.pow(6) {
            let labels = labelling(code, 6, 7);
            if !is_non_crossing_pairing(&labels) {
                continue;
            }
            let slot = m.slot(wide(&labels)).expect("a pairing has a slot");
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

    #[test]
    fn path_pairs_are_stamp_foldings() {
        // OEIS A000136: a path crossing a line m times, up to the plane's deformations, is a
        // folding of a strip of m stamps.
        let foldings = [1, 2, 6, 16, 50, 144, 462, 1392, 4536, 14060, 46310, 146376];
        for (m, &expected) in (1..).zip(&foldings) {
            let mut words = Vec::new();
            for &singles in singles_of(Curve::Path, m) {
                words_into(m, singles, &mut words);
            }
            words.sort_unstable();
            let pairs = curve_pairs(Curve::Path, m, &words);
            assert_eq!(pairs.len(), expected, "m = {m}");
            if m <= 9 {
                let listed: Vec<(u32, u32)> = (0..words.len())
                    .flat_map(|i| pairs.partners(i).iter().map(move |&j| (i as u32, j)))
                    .collect();
                assert_eq!(listed, walk_pairs(m, &words), "m = {m}");
            }
        }
    }

    #[test]
    fn path_slots_are_distinct_and_cover_every_half() {
        // Every labelling of 5 columns in minimal representation with each label once or
        // twice, arcs not crossing, and at most two singles (one for an odd number of plugs).
        let m = Meanders::new(Curve::Path, 5);
        let mut hit = vec![false; m.len()];
        for code in 1..6u32.pow(5) {
            let labels = labelling(code, 5, 6);
            let Some(singles) = half_of_path(&labels) else {
                continue;
            };
            let plugs = labels.iter().filter(|&&l| l != 0).count();
            if singles > 2 || (plugs + singles) % 2 != 0 {
                assert_eq!(m.slot(wide(&labels)), None);
                continue;
            }
            let slot = m.slot(wide(&labels)).expect("a half of a path has a slot");
            assert!(!hit[slot], "slot {slot} taken twice");
            hit[slot] = true;
            // The path's ends used so far ride in the flags; a finished path has no slot.
            let flagged = wide(&labels) | (singles as u128) << 125;
            assert_eq!(m.slot(flagged), Some(slot));
            assert_eq!(m.slot(flagged | 1 << 124), None);
        }
        assert!(hit.iter().all(|&h| h));
    }

    /// The labels of `n` columns numbered `code` in base `base` (column 0 the lowest digit).
    fn labelling(code: u32, n: usize, base: u32) -> Vec<u8> {
        (0..n)
            .scan(code, |x, _| {
                let l = (*x % base) as u8;
                *x /= base;
                Some(l)
            })
            .collect()
    }

    fn wide(labels: &[u8]) -> u128 {
        labels
            .iter()
            .enumerate()
            .fold(0u128, |w, (j, &l)| w | u128::from(l) << (4 * (j + 1)))
    }

    /// The number of singles when `labels` are in minimal representation, each used once or
    /// twice, with no two arcs crossing; `None` otherwise.
    fn half_of_path(labels: &[u8]) -> Option<usize> {
        let count = |l: u8| labels.iter().filter(|&&x| x == l).count();
        let mut next = 1u8;
        let mut stack: Vec<u8> = Vec::new();
        let mut seen = [false; 8];
        let mut singles = 0;
        for &l in labels.iter().filter(|&&l| l != 0) {
            match (seen[usize::from(l)], count(l)) {
                (false, _) if l != next => return None,
                (false, 1) => {
                    seen[usize::from(l)] = true;
                    next += 1;
                    singles += 1;
                }
                (false, 2) => {
                    seen[usize::from(l)] = true;
                    next += 1;
                    stack.push(l);
                }
                (true, 2) if stack.last() == Some(&l) => {
                    stack.pop();
                }
                _ => return None,
            }
        }
        Some(singles)
    }

    /// The pairs (i, j) of words of `m` crossings (indices into `words`, sorted) whose union is
    /// one path, generated otherwise: by walking the path from its first end, one arc at a
    /// time, on alternate sides, each arc crossing no arc of its side.
    fn walk_pairs(m: usize, words: &[u64]) -> Vec<(u32, u32)> {
        /// The path so far: the crossings visited, each side's word, the arcs of each side (as
        /// (low, high) pairs) and the first crossing.
        struct Walk<'a> {
            m: usize,
            words: &'a [u64],
            visited: u32,
            side: [u64; 2],
            arcs: [[(u8, u8); MAX_COLS / 2]; 2],
            len: [usize; 2],
            first: usize,
            out: Vec<(u32, u32)>,
        }
        impl Walk<'_> {
            /// At crossing `at`, `count` crossings visited; the next arc goes on side `s`.
            fn go(&mut self, at: usize, s: usize, count: usize) {
                if count == self.m {
                    // `at` ends the path: a single on side s. With both singles on one side the
                    // path is met from either end: keep the walk from the smaller one.
                    if s == 0 && at < self.first {
                        return;
                    }
                    let mut side = self.side;
                    side[s] |= 1 << (32 + at);
                    let index = |w: u64| {
                        let i = self.words.binary_search(&w);
                        debug_assert!(i.is_ok(), "a walk builds a listed word");
                        i.unwrap_or(0) as u32
                    };
                    let (top, bottom) = (index(side[0]), index(side[1]));
                    self.out.push((top, bottom));
                    if s == 0 {
                        self.out.push((bottom, top));
                    }
                    return;
                }
                for next in 0..self.m {
                    if self.visited & (1 << next) != 0 {
                        continue;
                    }
                    let (lo, hi) = (at.min(next) as u8, at.max(next) as u8);
                    let inside = |x: u8| lo < x && x < hi;
                    let arcs = &self.arcs[s][..self.len[s]];
                    if arcs.iter().any(|&(c, d)| inside(c) != inside(d)) {
                        continue;
                    }
                    self.arcs[s][self.len[s]] = (lo, hi);
                    self.len[s] += 1;
                    self.side[s] |= 1 << lo;
                    self.visited |= 1 << next;
                    self.go(next, 1 - s, count + 1);
                    self.visited &= !(1 << next);
                    self.side[s] &= !(1 << lo);
                    self.len[s] -= 1;
                }
            }
        }
        let mut walk = Walk {
            m,
            words,
            visited: 0,
            side: [0; 2],
            arcs: [[(0, 0); MAX_COLS / 2]; 2],
            len: [0; 2],
            first: 0,
            out: Vec::new(),
        };
        for first in 0..m {
            // The path starts with a single on side 0 and its first arc on side 1.
            walk.first = first;
            walk.visited = 1 << first;
            walk.side = [1 << (32 + first), 0];
            walk.go(first, 1, 1);
        }
        let mut out = walk.out;
        out.sort_unstable();
        out
    }
}
