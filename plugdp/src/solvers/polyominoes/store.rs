//! Storage for the transfer-matrix sweep: frontiers with truncated generating functions.
//!
//! A state is a packed frontier (a [`Word`]) with, for each size k ≤ n, the number of partial
//! polyominoes of k cells that reach it. Only the span of sizes that may be non-zero is kept:
//! a [`PolyList`] stores each state's coefficients back to back (on average 1.5 to 9 of them
//! at n = 28, against n + 1 for a dense row), and is read in order.
//!
//! A step reads every state of one [`PolyList`] in order and adds its successors into a
//! [`PolyCollector`], which sums equal frontiers. Summing needs a state's whole row at hand, so
//! it happens in a small dense scratch list (a row per state covering the sizes the step can
//! reach, about 10 of the n + 1 at the widths that cost most) whose rows are then packed into
//! the next list. The scratch must stay in the cache: adding into
//! random places of a big arena costs a cache miss or two each time. So, like the engine's
//! collector, this one partitions steps bigger than the L3 cache: successors are appended to one of up to 4096
//! streams chosen by hash bits (sequential writes), and each stream is then summed in a
//! scratch list small enough to stay in that cache and packed onto the next list. Small
//! steps go straight into the scratch list.

use std::fmt::Debug;

use super::frontier::Word;
use crate::PlugError;

/// A coefficient of the generating functions: a count with checked addition.
pub(super) trait Coef: Copy + Default + Eq + Debug + Send + Sync {
    /// One.
    const ONE: Self;
    /// `self + other`, or [`PlugError::Overflow`].
    fn plus(self, other: Self) -> Result<Self, PlugError>;
    /// `self + self`, or [`PlugError::Overflow`].
    fn double(self) -> Result<Self, PlugError> {
        self.plus(self)
    }
}

impl Coef for u64 {
    const ONE: u64 = 1;
    #[inline(always)]
    fn plus(self, other: u64) -> Result<u64, PlugError> {
        self.checked_add(other).ok_or(PlugError::Overflow)
    }
}

impl Coef for u128 {
    const ONE: u128 = 1;
    #[inline(always)]
    fn plus(self, other: u128) -> Result<u128, PlugError> {
        self.checked_add(other).ok_or(PlugError::Overflow)
    }
}

/// A count modulo the `I`-th of [`PRIMES`](crate::value::PRIMES) (below 2^62, so a sum of
/// two stays in 64 bits): the coefficients of a residue unit
/// ([`PolyominoUnit`](super::PolyominoUnit)), half the bytes of exact 128-bit counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Mod<const I: usize>(pub(super) u64);

impl<const I: usize> Coef for Mod<I> {
    const ONE: Self = Mod(1);
    #[inline(always)]
    fn plus(self, other: Self) -> Result<Self, PlugError> {
        let p = crate::value::PRIMES[I];
        let s = self.0 + other.0;
        Ok(Mod(if s >= p { s - p } else { s }))
    }
}

/// The states of one step, packed: each state's coefficients cover only its span of sizes.
#[derive(Debug)]
pub(super) struct PolyList<K, C> {
    /// The smallest and largest size any state holds.
    sizes: (usize, usize),
    keys: Vec<K>,
    /// Smallest size and number of coefficients of each state.
    spans: Vec<(u8, u8)>,
    coeffs: Vec<C>,
}

impl<K: Word, C: Coef> PolyList<K, C> {
    /// An empty list.
    pub(super) fn new() -> PolyList<K, C> {
        PolyList {
            sizes: (usize::MAX, 0),
            keys: Vec::new(),
            spans: Vec::new(),
            coeffs: Vec::new(),
        }
    }

    /// The list of the first step: the empty frontier, reached by one polyomino of 0 cells.
    pub(super) fn start() -> PolyList<K, C> {
        PolyList {
            sizes: (0, 0),
            keys: vec![K::ZERO],
            spans: vec![(0, 1)],
            coeffs: vec![C::ONE],
        }
    }

    /// Number of states.
    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The smallest and largest size any state holds (`(usize::MAX, 0)` when empty).
    pub(super) fn sizes(&self) -> (usize, usize) {
        self.sizes
    }

    /// The bytes one state costs in a step, on average: its key, span and coefficients, here
    /// and again in the collector's buffers.
    pub(super) fn state_bytes(&self) -> usize {
        let per_state = self.coeffs.len().div_ceil(self.keys.len().max(1));
        2 * (std::mem::size_of::<K>() + 2 + std::mem::size_of::<C>() * (per_state + 2))
    }

    /// The states in order: frontier, smallest size `lo`, and the coefficients of sizes
    /// `lo, lo + 1, …` (never empty).
    pub(super) fn iter(&self) -> impl Iterator<Item = (K, usize, &[C])> + '_ {
        let mut at = 0;
        self.keys
            .iter()
            .zip(&self.spans)
            .map(move |(&key, &(lo, len))| {
                let values = &self.coeffs[at..at + usize::from(len)];
                at += usize::from(len);
                (key, usize::from(lo), values)
            })
    }

    fn clear(&mut self) {
        self.sizes = (usize::MAX, 0);
        self.keys.clear();
        self.spans.clear();
        self.coeffs.clear();
    }
}

/// The scratch list where successors are summed: dense rows of `stride` coefficients for the
/// sizes `base..base + stride`, with the span of sizes each row holds.
#[derive(Debug)]
struct Dense<K, C> {
    base: usize,
    stride: usize,
    keys: Vec<K>,
    spans: Vec<(u8, u8)>,
    coeffs: Vec<C>,
}

impl<K: Word, C: Coef> Dense<K, C> {
    /// Packs the rows onto `out` and forgets them (the rows' memory is kept: a row's
    /// coefficients outside its span are stale, and zeroed when the span grows).
    fn flush(&mut self, out: &mut PolyList<K, C>) {
        out.keys.extend_from_slice(&self.keys);
        for (i, &(lo, hi)) in self.spans.iter().enumerate() {
            let (row, base) = (i * self.stride, self.base);
            out.sizes = (out.sizes.0.min(lo.into()), out.sizes.1.max(hi.into()));
            out.spans.push((lo, hi - lo + 1));
            // (A loop, not `extend_from_slice`: the rows are short and a memmove call costs
            // more.)
            for &v in &self.coeffs[row + usize::from(lo) - base..=row + usize::from(hi) - base] {
                out.coeffs.push(v);
            }
        }
        self.keys.clear();
        self.spans.clear();
    }
}

/// An open-addressing index that sums successors by frontier into the rows of a [`Dense`].
#[derive(Debug)]
struct PolyTable {
    slots: Vec<u32>,
    shift: u32,
}

impl PolyTable {
    fn new() -> PolyTable {
        PolyTable {
            slots: vec![0; 16],
            shift: 60,
        }
    }

    /// Forgets every entry; room for `n` without growing.
    fn reset(&mut self, n: usize) {
        let want = (2 * n).next_power_of_two().max(16);
        if want > self.slots.len() {
            self.slots = vec![0; want];
            self.shift = 64 - want.trailing_zeros();
        } else {
            self.slots.fill(0);
        }
    }

    /// Adds `values[i]` to the coefficient of size `lo + i` of `key` in `dense`.
    #[inline]
    fn add<K: Word, C: Coef>(
        &mut self,
        dense: &mut Dense<K, C>,
        key: K,
        lo: usize,
        values: &[C],
    ) -> Result<(), PlugError> {
        let hi = lo + values.len() - 1;
        let mask = self.slots.len() - 1;
        let mut s = (key.mix() >> self.shift) as usize;
        let stride = dense.stride;
        // Coefficient k of row i sits at i·stride + k − base (`lo ≥ base`, `hi < base + stride`).
        let base = dense.base;
        let index = loop {
            let e = self.slots[s] as usize;
            if e == 0 {
                let index = dense.keys.len();
                dense.keys.push(key);
                dense.spans.push((lo as u8, hi as u8));
                let row = index * stride;
                if dense.coeffs.len() < row + stride {
                    dense.coeffs.resize(row + stride, C::default());
                }
                for (d, &v) in dense.coeffs[row + lo - base..=row + hi - base]
                    .iter_mut()
                    .zip(values)
                {
                    *d = v;
                }
                self.slots[s] = u32::try_from(index + 1).map_err(|_| PlugError::TooManyStates)?;
                if 2 * dense.keys.len() > self.slots.len() {
                    self.grow(&dense.keys);
                }
                return Ok(());
            }
            if dense.keys[e - 1] == key {
                let row = (e - 1) * stride;
                let span = &mut dense.spans[e - 1];
                let (old_lo, old_hi) = (usize::from(span.0), usize::from(span.1));
                // Sizes entering the span hold stale values: zero them first.
                for d in &mut dense.coeffs[row + lo.min(old_lo) - base..row + old_lo - base] {
                    *d = C::default();
                }
                for d in &mut dense.coeffs[row + old_hi + 1 - base..row + hi.max(old_hi) + 1 - base]
                {
                    *d = C::default();
                }
                span.0 = span.0.min(lo as u8);
                span.1 = span.1.max(hi as u8);
                break e - 1;
            }
            s = (s + 1) & mask;
        };
        let row = index * stride;
        let dst = &mut dense.coeffs[row + lo - base..=row + hi - base];
        for (d, &v) in dst.iter_mut().zip(values) {
            *d = d.plus(v)?;
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn grow<K: Word>(&mut self, keys: &[K]) {
        let len = self.slots.len() * 2;
        self.slots = vec![0; len];
        self.shift -= 1;
        for (i, &k) in keys.iter().enumerate() {
            let mut s = (k.mix() >> self.shift) as usize;
            while self.slots[s] != 0 {
                s = (s + 1) & (len - 1);
            }
            self.slots[s] = i as u32 + 1;
        }
    }
}

/// One stream of a partitioned step: keys, `lo | len << 8` and the coefficients.
#[derive(Debug)]
struct Stream<K, C> {
    keys: Vec<K>,
    heads: Vec<u16>,
    values: Vec<C>,
}

/// Sums a step's successors into the next [`PolyList`]; see the module docs.
#[derive(Debug)]
pub(super) struct PolyCollector<K, C> {
    table: PolyTable,
    dense: Dense<K, C>,
    parts: Vec<Stream<K, C>>,
    /// log2 of the number of streams in use (0: straight into the table).
    bits: u32,
}

impl<K: Word, C: Coef> PolyCollector<K, C> {
    /// Bytes of scratch rows a partition aims at. Measured at n = 28 on a machine with a 512 KiB
    /// L2 and a 32 MiB L3 cache: partitions of 1 MiB took 3.0 s, of 8 MiB 3.0 s, unpartitioned
    /// steps (all under 32 MiB there) 2.6 s. Steps beyond the L3 cache (from n = 34 on) are
    /// partitioned on the engine's evidence that random adds into a large arena cost a cache
    /// miss each; that was not re-measured here.
    const PART_BYTES: usize = 32 << 20;

    /// A collector.
    pub(super) fn new() -> PolyCollector<K, C> {
        PolyCollector {
            table: PolyTable::new(),
            dense: Dense {
                base: 0,
                stride: 1,
                keys: Vec::new(),
                spans: Vec::new(),
                coeffs: Vec::new(),
            },
            parts: Vec::new(),
            bits: 0,
        }
    }

    /// Starts a step that will add at most about `expected` successors, of sizes `lo..=hi`.
    pub(super) fn begin(&mut self, expected: usize, (lo, hi): (usize, usize)) {
        self.dense.base = lo.min(hi);
        self.dense.stride = hi + 1 - self.dense.base;
        let row = std::mem::size_of::<C>() * self.dense.stride + std::mem::size_of::<K>() + 8;
        let per_part = (Self::PART_BYTES / row).max(1);
        let parts = expected.div_ceil(per_part);
        self.bits = if parts <= 1 {
            0
        } else {
            parts.next_power_of_two().trailing_zeros().min(12)
        };
        if self.bits > 0 && self.parts.len() < 1 << self.bits {
            self.parts.resize_with(1 << self.bits, || Stream {
                keys: Vec::new(),
                heads: Vec::new(),
                values: Vec::new(),
            });
        }
        if self.bits == 0 {
            self.table.reset(expected.min(1 << 16));
        }
    }

    /// Adds `values[i]` to the coefficient of size `lo + i` of `key`.
    #[inline]
    pub(super) fn add(&mut self, key: K, lo: usize, values: &[C]) -> Result<(), PlugError> {
        if self.bits == 0 {
            return self.table.add(&mut self.dense, key, lo, values);
        }
        let p = (key.mix() >> 32) as usize & ((1 << self.bits) - 1);
        let part = &mut self.parts[p];
        part.keys.push(key);
        part.heads.push(lo as u16 | (values.len() as u16) << 8);
        // (A loop, not `extend_from_slice`: the slices are short and a memmove call costs more.)
        for &v in values {
            part.values.push(v);
        }
        Ok(())
    }

    /// Ends the step: `out` (cleared first) receives every frontier once with its sums.
    pub(super) fn finish(&mut self, out: &mut PolyList<K, C>) -> Result<(), PlugError> {
        out.clear();
        if self.bits == 0 {
            self.dense.flush(out);
            return Ok(());
        }
        for part in &mut self.parts[..1usize << self.bits] {
            self.table.reset(part.keys.len());
            let mut at = 0;
            for (&key, &head) in part.keys.iter().zip(&part.heads) {
                let (lo, len) = (usize::from(head & 0xFF), usize::from(head >> 8));
                self.table
                    .add(&mut self.dense, key, lo, &part.values[at..at + len])?;
                at += len;
            }
            self.dense.flush(out);
            part.keys.clear();
            part.heads.clear();
            part.values.clear();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    proptest! {
        /// Straight or partitioned, the sums per frontier and size equal a plain map's, and
        /// each state keeps exactly the span of sizes it was given.
        #[test]
        fn collector_sums_like_a_map(
            adds in proptest::collection::vec((0u64..400, 0usize..8, 0usize..4, 1u64..5), 0..2000),
            partitioned in any::<bool>(),
        ) {
            // Sizes 1..=11 (lo + 1 + len ≤ 7 + 1 + 3).
            let mut collector = PolyCollector::<u64, u64>::new();
            // A first step fills the scratch rows with values the second must not see.
            collector.begin(1 << (if partitioned { 20 } else { 0 }), (0, 20));
            for key in 0..400u64 {
                collector.add(key, 0, &[99; 21]).unwrap();
            }
            collector.finish(&mut PolyList::new()).unwrap();
            collector.begin(if partitioned { 1 << 20 } else { 1 }, (1, 11));
            let mut model: HashMap<(u64, usize), u64> = HashMap::new();
            let mut spans: HashMap<u64, (usize, usize)> = HashMap::new();
            for &(key, lo, len, value) in &adds {
                let values: Vec<u64> = (0..=len as u64).map(|k| value * (k + 1)).collect();
                collector.add(key, lo + 1, &values).unwrap();
                for (k, &v) in (lo + 1..).zip(&values) {
                    *model.entry((key, k)).or_insert(0) += v;
                }
                let span = spans.entry(key).or_insert((lo + 1, lo + 1 + len));
                *span = (span.0.min(lo + 1), span.1.max(lo + 1 + len));
            }
            let mut out = PolyList::new();
            collector.finish(&mut out).unwrap();
            prop_assert_eq!(out.len(), spans.len());
            let mut seen: HashMap<(u64, usize), u64> = HashMap::new();
            for (key, lo, values) in out.iter() {
                prop_assert_eq!((lo, lo + values.len() - 1), spans[&key]);
                for (k, &v) in (lo..).zip(values) {
                    if v != 0 {
                        seen.insert((key, k), v);
                    }
                }
            }
            prop_assert_eq!(seen, model);
        }
    }
}
