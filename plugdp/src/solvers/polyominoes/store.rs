//! Storage for the transfer-matrix sweep: frontiers with truncated generating functions.
//!
//! A state is a packed frontier (`u64`) with, for each size k ≤ n, the number of partial
//! polyominoes of k cells that reach it. Coefficients live in one flat arena with a stride of
//! n + 1, next to the span of sizes that may be non-zero, so adding one polynomial into another
//! touches only that span.
//!
//! A step reads every state of one [`PolyList`] in order and adds its successors into a
//! [`PolyCollector`], which sums equal frontiers. The arena of a big step is far larger than the
//! cache (a polynomial is up to 31 words), and adding into random places of it costs a cache
//! miss or two each time. So, like the engine's collector, this one partitions big steps:
//! successors are appended to one of up to 4096 streams chosen by hash bits (sequential
//! writes), and each stream is then summed by a table small enough to stay in the L2 cache,
//! whose states are appended to the next list. Small steps go straight into the table.

use crate::PlugError;
use crate::engine::table::TableKey;

/// The states of one step, dense.
#[derive(Debug, Default)]
pub(super) struct PolyList {
    stride: usize,
    keys: Vec<u64>,
    spans: Vec<(u8, u8)>,
    coeffs: Vec<u64>,
}

impl PolyList {
    /// An empty list for sizes `0..stride`.
    pub(super) fn new(stride: usize) -> PolyList {
        PolyList {
            stride,
            ..PolyList::default()
        }
    }

    /// The list of the first step: the empty frontier, reached by one polyomino of 0 cells.
    pub(super) fn start(stride: usize) -> PolyList {
        let mut coeffs = vec![0; stride];
        coeffs[0] = 1;
        PolyList {
            stride,
            keys: vec![0],
            spans: vec![(0, 0)],
            coeffs,
        }
    }

    /// Number of states.
    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The bytes one state costs in a step: its key, span and coefficients, here and again in
    /// the collector's table and buffers.
    pub(super) fn state_bytes(&self) -> usize {
        3 * (10 + 8 * self.stride)
    }

    /// State `i`: its frontier, the span of sizes that may be non-zero, and its coefficients
    /// (indexed by size).
    #[inline]
    pub(super) fn state(&self, i: usize) -> (u64, usize, usize, &[u64]) {
        let (lo, hi) = self.spans[i];
        let poly = &self.coeffs[i * self.stride..(i + 1) * self.stride];
        (self.keys[i], usize::from(lo), usize::from(hi), poly)
    }

    fn clear(&mut self) {
        self.keys.clear();
        self.spans.clear();
        self.coeffs.clear();
    }
}

/// An open-addressing index that sums successors by frontier into the states of a
/// [`PolyList`] from position `base` on (states before `base` belong to earlier partitions).
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

    /// Adds `values[i]` to the coefficient of size `lo + i` of `key` in `list`.
    #[inline]
    fn add(
        &mut self,
        list: &mut PolyList,
        base: usize,
        key: u64,
        lo: usize,
        values: &[u64],
    ) -> Result<(), PlugError> {
        let hi = lo + values.len() - 1;
        let mask = self.slots.len() - 1;
        let mut s = (key.mix() >> self.shift) as usize;
        let stride = list.stride;
        let index = loop {
            let e = self.slots[s] as usize;
            if e == 0 {
                let index = list.keys.len();
                list.keys.push(key);
                list.spans.push((lo as u8, hi as u8));
                let at = list.coeffs.len();
                list.coeffs.resize(at + stride, 0);
                list.coeffs[at + lo..=at + hi].copy_from_slice(values);
                self.slots[s] =
                    u32::try_from(index - base + 1).map_err(|_| PlugError::TooManyStates)?;
                if 2 * (list.keys.len() - base) > self.slots.len() {
                    self.grow(&list.keys[base..]);
                }
                return Ok(());
            }
            if list.keys[base + e - 1] == key {
                let span = &mut list.spans[base + e - 1];
                span.0 = span.0.min(lo as u8);
                span.1 = span.1.max(hi as u8);
                break base + e - 1;
            }
            s = (s + 1) & mask;
        };
        let dst = &mut list.coeffs[index * stride + lo..=index * stride + hi];
        for (d, &v) in dst.iter_mut().zip(values) {
            *d = d.checked_add(v).ok_or(PlugError::Overflow)?;
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, keys: &[u64]) {
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

/// Sums a step's successors into the next [`PolyList`]; see the module docs.
#[derive(Debug)]
pub(super) struct PolyCollector {
    table: PolyTable,
    /// The sums while no partitioning is in use.
    direct: PolyList,
    /// Streams of records `key, lo | len << 8, coefficients…`.
    parts: Vec<Vec<u64>>,
    /// log2 of the number of streams in use (0: straight into the table).
    bits: u32,
}

impl PolyCollector {
    /// Bytes of arena a partition's table aims at (about half an L2 cache).
    const PART_BYTES: usize = 256 << 10;

    pub(super) fn new(stride: usize) -> PolyCollector {
        PolyCollector {
            table: PolyTable::new(),
            direct: PolyList::new(stride),
            parts: Vec::new(),
            bits: 0,
        }
    }

    /// Starts a step that will add at most about `expected` successors.
    pub(super) fn begin(&mut self, expected: usize) {
        let per_part = (Self::PART_BYTES / (8 * self.direct.stride + 16)).max(1);
        let parts = expected.div_ceil(per_part);
        self.bits = if parts <= 1 {
            0
        } else {
            parts.next_power_of_two().trailing_zeros().min(12)
        };
        if self.bits > 0 && self.parts.len() < 1 << self.bits {
            self.parts.resize_with(1 << self.bits, Vec::new);
        }
        if self.bits == 0 {
            self.direct.clear();
            self.table.reset(expected.min(1 << 16));
        }
    }

    /// Adds `poly[k]` for k in `lo..=hi` to the coefficient of size k + `shift` of `key`.
    #[inline]
    pub(super) fn add(
        &mut self,
        key: u64,
        poly: &[u64],
        lo: usize,
        hi: usize,
        shift: usize,
    ) -> Result<(), PlugError> {
        let values = &poly[lo..=hi];
        if self.bits == 0 {
            return self.table.add(&mut self.direct, 0, key, lo + shift, values);
        }
        let p = (key.mix() >> 32) as usize & ((1 << self.bits) - 1);
        let part = &mut self.parts[p];
        part.push(key);
        part.push((lo + shift) as u64 | (values.len() as u64) << 8);
        // (A loop, not `extend_from_slice`: the slices are short and a memmove call costs more.)
        for &v in values {
            part.push(v);
        }
        Ok(())
    }

    /// Ends the step: `out` (cleared first) receives every frontier once with its sums.
    pub(super) fn finish(&mut self, out: &mut PolyList) -> Result<(), PlugError> {
        out.clear();
        if self.bits == 0 {
            std::mem::swap(out, &mut self.direct);
            return Ok(());
        }
        // Each partition is summed straight into `out`, after the earlier partitions' states.
        for part in &mut self.parts[..1usize << self.bits] {
            let base = out.len();
            self.table.reset(part.len() / 4);
            let mut at = 0;
            while at < part.len() {
                let key = part[at];
                let (lo, len) = ((part[at + 1] & 0xFF) as usize, (part[at + 1] >> 8) as usize);
                self.table
                    .add(out, base, key, lo, &part[at + 2..at + 2 + len])?;
                at += 2 + len;
            }
            part.clear();
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
        /// Straight or partitioned, the sums per frontier and size equal a plain map's.
        #[test]
        fn collector_sums_like_a_map(
            adds in proptest::collection::vec((0u64..400, 0usize..8, 0usize..4, 1u64..5), 0..2000),
            partitioned in any::<bool>(),
        ) {
            let stride = 12;
            let mut collector = PolyCollector::new(stride);
            collector.begin(if partitioned { 1 << 20 } else { 1 });
            let mut model: HashMap<(u64, usize), u64> = HashMap::new();
            for &(key, lo, len, value) in &adds {
                let poly: Vec<u64> = (0..stride as u64).map(|k| value * (k + 1)).collect();
                let hi = lo + len;
                collector.add(key, &poly, lo, hi, 1).unwrap();
                for (k, &v) in (lo..).zip(&poly[lo..=hi]) {
                    *model.entry((key, k + 1)).or_insert(0) += v;
                }
            }
            let mut out = PolyList::new(stride);
            collector.finish(&mut out).unwrap();
            let mut seen: HashMap<(u64, usize), u64> = HashMap::new();
            let keys: std::collections::HashSet<u64> = adds.iter().map(|a| a.0).collect();
            prop_assert_eq!(out.len(), keys.len());
            for i in 0..out.len() {
                let (key, lo, hi, poly) = out.state(i);
                for (k, &v) in poly.iter().enumerate() {
                    if v != 0 {
                        prop_assert!(lo <= k && k <= hi);
                        seen.insert((key, k), v);
                    }
                }
            }
            prop_assert_eq!(seen, model);
        }
    }
}
