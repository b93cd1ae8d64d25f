//! Frontier storage: dense lists of (frontier, value) pairs, and the collector that sums the
//! successors of one sweep step into the next list.
//!
//! A sweep step reads every frontier of one list and adds its successors into the next; nothing
//! is ever looked up or removed one at a time. So a step's frontiers live densely in
//! [`Frontiers`] (iteration is a linear scan), and only the [`Collector`] hashes.
//!
//! The collector sums equal keys with [`Table`], an open-addressing map: entries dense in
//! insertion order, a power-of-two array of `u32` slots (entry index + 1; `0` empty) probed
//! linearly from a multiplicative hash, at most half full. While the next list is small the
//! collector adds straight into one table. When it would outgrow the cache (more than
//! [`Collector::DIRECT_LIMIT`] successors expected), every addition costs a cache miss or two,
//! so the collector first *partitions*: successors are appended, in a streaming way, to one of
//! up to 1024 buffers chosen by hash bits, and each buffer is then summed by a table small
//! enough to stay in cache. The result is the same set of sums, in a different order.
//!
//! Costs: one addition O(1) expected (partitioned: one sequential write, later one cached
//! table operation); a step O(successors); memory for the buffers O(successors).
//!
//! Budget: every buffer here grows only through a [`Ledger`], which refuses a growth that
//! would take the step past its share of the memory budget (counting the old buffer, held
//! while the new one fills); so a step that would outgrow the budget stops with
//! [`PlugError::BudgetExceeded`] at its first refused growth, not after the step. Additions
//! count down to a clock read every [`Ledger::TICKS`], so a step also stops soon after the
//! deadline.

use crate::PlugError;
use crate::budget::Ledger;

pub(crate) use crate::engine::driver::FrontierKey as TableKey;

/// A map from keys to values with dense storage; see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Table<K, V> {
    keys: Vec<K>,
    vals: Vec<V>,
    slots: Vec<u32>,
    shift: u32,
}

impl<K: TableKey, V> Default for Table<K, V> {
    fn default() -> Self {
        Table::new()
    }
}

impl<K: TableKey, V> Table<K, V> {
    const MIN_SLOTS_LOG: u32 = 4;
    /// The first capacity of the entries' buffers.
    const MIN_ENTRIES: usize = 8;

    /// An empty table.
    pub(crate) fn new() -> Self {
        Table {
            keys: Vec::new(),
            vals: Vec::new(),
            slots: vec![0; 1 << Self::MIN_SLOTS_LOG],
            shift: 64 - Self::MIN_SLOTS_LOG,
        }
    }

    /// Removes every entry, keeping the allocations.
    fn clear(&mut self) {
        self.keys.clear();
        self.vals.clear();
        self.slots.fill(0);
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline(always)]
    fn find(&self, key: K) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut s = (key.mix() >> self.shift) as usize;
        loop {
            let e = self.slots[s];
            if e == 0 {
                return (s, false);
            }
            if self.keys[e as usize - 1] == key {
                return (s, true);
            }
            s = (s + 1) & mask;
        }
    }

    /// The value of `key`.
    #[cfg(test)]
    pub(crate) fn get(&self, key: K) -> Option<&V> {
        match self.find(key) {
            (s, true) => Some(&self.vals[self.slots[s] as usize - 1]),
            _ => None,
        }
    }

    /// The value of `key`, inserting `make()` first if it is absent.
    #[cfg(test)]
    pub(crate) fn entry(&mut self, key: K, make: impl FnOnce() -> V) -> &mut V {
        let (s, found) = self.find(key);
        let index = if found {
            self.slots[s] as usize - 1
        } else {
            let index = self.keys.len();
            self.keys.push(key);
            self.vals.push(make());
            self.slots[s] = u32::try_from(index + 1).expect("fewer than 2^32 frontiers");
            if 2 * self.keys.len() > self.slots.len() {
                self.grow(&mut Ledger::unlimited()).expect("no limit");
            }
            index
        };
        &mut self.vals[index]
    }

    /// Number of entries.
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The bytes of its buffers (capacities).
    pub(crate) fn bytes(&self) -> usize {
        self.keys.capacity() * std::mem::size_of::<K>()
            + self.vals.capacity() * std::mem::size_of::<V>()
            + self.slots.capacity() * std::mem::size_of::<u32>()
    }

    /// Inserts `key` with `value`, or combines it with the present value; a new entry that
    /// needs bigger buffers asks `ledger` first.
    #[inline(always)]
    pub(crate) fn add<E: From<PlugError>>(
        &mut self,
        key: K,
        value: V,
        combine: impl FnOnce(&mut V, V) -> Result<(), E>,
        ledger: &mut Ledger,
    ) -> Result<(), E> {
        let (s, found) = self.find(key);
        if found {
            let index = self.slots[s] as usize - 1;
            combine(&mut self.vals[index], value)
        } else {
            let index = self.keys.len();
            let slot = u32::try_from(index + 1).map_err(|_| PlugError::TooManyStates)?;
            if index >= self.keys.capacity().min(self.vals.capacity()) {
                self.make_room(ledger)?;
            }
            self.slots[s] = slot;
            self.keys.push(key);
            self.vals.push(value);
            if 2 * self.keys.len() > self.slots.len() {
                self.grow(ledger)?;
            }
            Ok(())
        }
    }

    /// Doubles the entries' buffers (at least [`MIN_ENTRIES`](Self::MIN_ENTRIES)), asking
    /// `ledger`.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, ledger: &mut Ledger) -> Result<(), PlugError> {
        let len = self.keys.len();
        let cap = len.saturating_mul(2).max(Self::MIN_ENTRIES);
        ledger.reserve(&mut self.keys, cap, len)?;
        ledger.reserve(&mut self.vals, cap, len)
    }

    /// Moves every entry to the end of `out` and clears the table (allocations kept); a bigger
    /// `out` asks `ledger` first.
    pub(crate) fn drain_into(
        &mut self,
        out: &mut Frontiers<K, V>,
        ledger: &mut Ledger,
    ) -> Result<(), PlugError> {
        if out.keys.is_empty()
            && self.keys.capacity() >= out.keys.capacity()
            && self.vals.capacity() >= out.vals.capacity()
        {
            // Swap the buffers instead of copying: the table keeps `out`'s old allocations
            // (the bytes held do not change).
            std::mem::swap(&mut self.keys, &mut out.keys);
            std::mem::swap(&mut self.vals, &mut out.vals);
        } else {
            let need = out.keys.len().saturating_add(self.keys.len());
            if need > out.keys.capacity() || need > out.vals.capacity() {
                let cap = need.max(out.keys.capacity().saturating_mul(2));
                ledger.reserve(&mut out.keys, cap, need)?;
                ledger.reserve(&mut out.vals, cap, need)?;
            }
            out.keys.append(&mut self.keys);
            out.vals.append(&mut self.vals);
        }
        self.clear();
        Ok(())
    }

    /// Makes room for `n` entries without growing the slots, asking `ledger`.
    fn reserve(&mut self, n: usize, ledger: &mut Ledger) -> Result<(), PlugError> {
        while 2 * n > self.slots.len() {
            self.grow(ledger)?;
        }
        Ok(())
    }

    /// Doubles the slots and reinserts every entry, asking `ledger` first.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, ledger: &mut Ledger) -> Result<(), PlugError> {
        let len = self.slots.len() * 2;
        let size = std::mem::size_of::<u32>();
        ledger.grow(self.slots.capacity() * size, len * size, self.keys.len())?;
        self.slots = vec![0; len];
        self.shift -= 1;
        let mask = len - 1;
        for (i, &k) in self.keys.iter().enumerate() {
            let mut s = (k.mix() >> self.shift) as usize;
            while self.slots[s] != 0 {
                s = (s + 1) & mask;
            }
            self.slots[s] = i as u32 + 1;
        }
        Ok(())
    }
}

/// One sweep step's frontiers and their values, dense; see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Frontiers<K, V> {
    keys: Vec<K>,
    vals: Vec<V>,
}

impl<K: TableKey, V> Default for Frontiers<K, V> {
    fn default() -> Self {
        Frontiers {
            keys: Vec::new(),
            vals: Vec::new(),
        }
    }
}

impl<K: TableKey, V> Frontiers<K, V> {
    /// The list holding one frontier.
    pub(crate) fn single(key: K, value: V) -> Self {
        Frontiers {
            keys: vec![key],
            vals: vec![value],
        }
    }

    /// Number of frontiers.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The bytes of its buffers (capacities; a copy made by `clone` takes
    /// [`copy_bytes`](Self::copy_bytes)).
    pub(crate) fn bytes(&self) -> usize {
        self.keys.capacity() * std::mem::size_of::<K>()
            + self.vals.capacity() * std::mem::size_of::<V>()
    }

    /// The bytes of a copy made by `clone` (exactly as long as the list).
    pub(crate) fn copy_bytes(&self) -> usize {
        self.keys.len() * (std::mem::size_of::<K>() + std::mem::size_of::<V>())
    }

    /// The frontiers.
    #[inline]
    pub(crate) fn keys(&self) -> &[K] {
        &self.keys
    }

    /// The values, in the order of [`keys`](Self::keys).
    #[inline]
    pub(crate) fn values(&self) -> &[V] {
        &self.vals
    }

    /// The pairs.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.keys.iter().zip(&self.vals)
    }

    /// Keeps the pairs for which `keep` answers true, in order.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&K, &V) -> bool) {
        let mut w = 0;
        for i in 0..self.keys.len() {
            if keep(&self.keys[i], &self.vals[i]) {
                self.keys.swap(w, i);
                self.vals.swap(w, i);
                w += 1;
            }
        }
        self.keys.truncate(w);
        self.vals.truncate(w);
    }

    /// Replaces every key by `f(key)`, removing the pairs it answers `None` for (in order;
    /// the caller keeps the new keys distinct).
    pub(crate) fn map_keys(&mut self, mut f: impl FnMut(K) -> Option<K>) {
        let mut w = 0;
        for i in 0..self.keys.len() {
            if let Some(k) = f(self.keys[i]) {
                self.keys[w] = k;
                self.vals.swap(w, i);
                w += 1;
            }
        }
        self.keys.truncate(w);
        self.vals.truncate(w);
    }

    /// Removes every pair, keeping the allocations.
    pub(crate) fn clear(&mut self) {
        self.keys.clear();
        self.vals.clear();
    }
}

/// Sums a step's successors into the next [`Frontiers`]; see the module docs.
#[derive(Debug)]
pub(crate) struct Collector<K, V> {
    table: Table<K, V>,
    parts: Vec<Vec<(K, V)>>,
    /// log2 of the number of partitions in use (0: straight into `table`).
    bits: u32,
    /// The bytes held against the budget, and the countdown to the next clock read.
    ledger: Ledger,
}

#[cfg(test)]
impl<K: TableKey, V> Default for Collector<K, V> {
    fn default() -> Self {
        Collector::new(Ledger::unlimited())
    }
}

impl<K: TableKey, V> Collector<K, V> {
    /// Up to this many expected successors, additions go straight into one table.
    pub(crate) const DIRECT_LIMIT: usize = 1 << 16;
    /// Entries per partition aimed at (a table of this size stays in the L2 cache).
    const PART_SIZE: usize = 1 << 13;
    /// The first capacity of a partition buffer.
    const MIN_PART: usize = 16;

    /// An empty collector whose buffers grow through `ledger`.
    pub(crate) fn new(ledger: Ledger) -> Self {
        Collector {
            table: Table::new(),
            parts: Vec::new(),
            bits: 0,
            ledger,
        }
    }

    /// The ledger (for the buffers the driver keeps besides the collector's).
    pub(crate) fn ledger(&mut self) -> &mut Ledger {
        &mut self.ledger
    }

    /// The bytes of the collector's own buffers (its table, and the partition buffers it
    /// holds now).
    pub(crate) fn bytes(&self) -> usize {
        self.table.bytes()
            + self.parts.capacity() * std::mem::size_of::<Vec<(K, V)>>()
            + self
                .parts
                .iter()
                .map(|p| p.capacity() * std::mem::size_of::<(K, V)>())
                .sum::<usize>()
    }

    /// Successors held now: the table's entries and the buffered ones (for error reports).
    fn reached(&self) -> usize {
        self.table.len() + self.parts.iter().map(Vec::len).sum::<usize>()
    }

    /// Starts a step that reads `reading` frontiers and will add about `expected` successors
    /// (an upper bound is fine), while `outside` bytes are held besides the collector's own
    /// buffers (the lists the step reads and writes, whatever the sweep keeps).
    ///
    /// # Errors
    /// As [`begin_partitioned`](Self::begin_partitioned).
    pub(crate) fn begin(
        &mut self,
        reading: usize,
        expected: usize,
        outside: usize,
    ) -> Result<(), PlugError> {
        self.begin_partitioned(reading, Self::partition_bits(expected), outside)
    }

    /// log2 of the number of partitions for about `expected` successors (0: none).
    pub(crate) fn partition_bits(expected: usize) -> u32 {
        if expected <= Self::DIRECT_LIMIT {
            0
        } else {
            (expected / Self::PART_SIZE)
                .next_power_of_two()
                .trailing_zeros()
                .clamp(1, 10)
        }
    }

    /// Starts a step that reads `reading` frontiers with 2^`bits` partitions (0: straight into
    /// the table), while `outside` bytes are held besides the collector's own buffers; the
    /// ledger restarts from their sum.
    ///
    /// # Errors
    /// [`PlugError::BudgetExceeded`] when the partition list cannot grow within the budget.
    pub(crate) fn begin_partitioned(
        &mut self,
        reading: usize,
        bits: u32,
        outside: usize,
    ) -> Result<(), PlugError> {
        self.bits = bits;
        let held = outside.saturating_add(self.bytes());
        self.ledger.start(held, reading);
        let n = 1usize << bits;
        if bits > 0 && self.parts.len() < n {
            self.ledger.reserve(&mut self.parts, n, 0)?;
            self.parts.resize_with(n, Vec::new);
        }
        Ok(())
    }

    /// The partition buffers, taken out for [`gather`](Self::gather) by several threads (the
    /// ledger still counts them: they come back with [`restore_parts`](Self::restore_parts)).
    pub(crate) fn take_parts(&mut self) -> Vec<Vec<(K, V)>> {
        std::mem::take(&mut self.parts)
    }

    /// Gives back buffers from [`take_parts`](Self::take_parts), emptied.
    pub(crate) fn restore_parts(&mut self, mut parts: Vec<Vec<(K, V)>>) {
        for part in &mut parts {
            part.clear();
        }
        self.parts = parts;
    }

    /// Sums partitions `first, first + step, …` of every buffer set in `sources` (all made with
    /// the same number of partitions) and appends the sums to `out`.
    ///
    /// # Errors
    /// `combine`'s errors, and [`PlugError::BudgetExceeded`] when the table or `out` cannot
    /// grow within the budget or the deadline passes.
    pub(crate) fn gather<E: From<PlugError>>(
        &mut self,
        sources: &[impl core::ops::Deref<Target = Vec<Vec<(K, V)>>>],
        first: usize,
        step: usize,
        out: &mut Frontiers<K, V>,
        mut combine: impl FnMut(&mut V, V) -> Result<(), E>,
    ) -> Result<(), E>
    where
        V: Clone,
    {
        let (table, ledger) = (&mut self.table, &mut self.ledger);
        let parts = sources.first().map_or(0, |s| s.len());
        for p in (first..parts).step_by(step) {
            let len: usize = sources.iter().map(|s| s[p].len()).sum();
            table.reserve(len.min(Self::PART_SIZE * 4), ledger)?;
            for source in sources {
                for (k, v) in &source[p] {
                    if ledger.tick() {
                        ledger.clock(out.len() + table.len())?;
                    }
                    table.add(*k, v.clone(), &mut combine, ledger)?;
                }
            }
            table.drain_into(out, ledger)?;
        }
        Ok(())
    }

    /// Adds `value` to `key`'s sum.
    ///
    /// # Errors
    /// `combine`'s errors, and [`PlugError::BudgetExceeded`] when a buffer cannot grow within
    /// the budget or the deadline has passed (read every [`Ledger::TICKS`] additions).
    #[inline(always)]
    pub(crate) fn add<E: From<PlugError>>(
        &mut self,
        key: K,
        value: V,
        combine: impl FnOnce(&mut V, V) -> Result<(), E>,
    ) -> Result<(), E> {
        if self.ledger.tick() {
            self.ledger.clock(self.reached())?;
        }
        if self.bits == 0 {
            self.table.add(key, value, combine, &mut self.ledger)
        } else {
            // Bits 32.. of the hash pick the partition; the tables probe from the top bits.
            let p = (key.mix() >> 32) as usize & ((1 << self.bits) - 1);
            let part = &mut self.parts[p];
            if part.len() < part.capacity() {
                part.push((key, value));
                Ok(())
            } else {
                Ok(self.push_growing(p, (key, value))?)
            }
        }
    }

    /// Doubles partition buffer `p` (at least [`MIN_PART`](Self::MIN_PART)), asking the
    /// ledger, and appends `pair` to it.
    #[cold]
    #[inline(never)]
    fn push_growing(&mut self, p: usize, pair: (K, V)) -> Result<(), PlugError> {
        let reached = self.reached();
        let part = &mut self.parts[p];
        let cap = part.len().saturating_mul(2).max(Self::MIN_PART);
        self.ledger.reserve(part, cap, reached)?;
        part.push(pair);
        Ok(())
    }

    /// Ends the step: `out` (cleared first) receives every key once with its sum.
    ///
    /// # Errors
    /// `combine`'s errors, and [`PlugError::BudgetExceeded`] when the table or `out` cannot
    /// grow within the budget or the deadline passes.
    pub(crate) fn finish<E: From<PlugError>>(
        &mut self,
        out: &mut Frontiers<K, V>,
        mut combine: impl FnMut(&mut V, V) -> Result<(), E>,
    ) -> Result<(), E> {
        out.clear();
        let (table, ledger) = (&mut self.table, &mut self.ledger);
        if self.bits == 0 {
            table.drain_into(out, ledger)?;
            return Ok(());
        }
        for part in &mut self.parts[..1usize << self.bits] {
            table.reserve(part.len().min(Self::PART_SIZE * 4), ledger)?;
            for (k, v) in part.drain(..) {
                if ledger.tick() {
                    ledger.clock(out.len() + table.len())?;
                }
                table.add(k, v, &mut combine, ledger)?;
            }
            table.drain_into(out, ledger)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn plus(a: &mut u64, b: u64) -> Result<(), PlugError> {
        *a += b;
        Ok(())
    }

    proptest! {
        /// Against `std`'s map: the same sums per key, straight or partitioned, over several
        /// steps that reuse the collector.
        #[test]
        fn collector_sums_like_a_map(
            steps in proptest::collection::vec(
                (proptest::collection::vec((0u64..5000, 1u64..9), 0..3000), any::<bool>()),
                1..4,
            )
        ) {
            let mut collector: Collector<u64, u64> = Collector::default();
            let mut out = Frontiers::default();
            for (adds, partitioned) in steps {
                // Spread the keys so that some share their top hash bits.
                let expected = if partitioned { Collector::<u64, u64>::DIRECT_LIMIT * 8 } else { 1 };
                collector.begin(0, expected, 0).unwrap();
                let mut model: HashMap<u64, u64> = HashMap::new();
                for &(key, value) in &adds {
                    let key = key << 40 | key;
                    collector.add(key, value, plus).unwrap();
                    *model.entry(key).or_insert(0) += value;
                }
                collector.finish(&mut out, plus).unwrap();
                prop_assert_eq!(out.len(), model.len());
                let listed: HashMap<u64, u64> = out.iter().map(|(k, v)| (*k, *v)).collect();
                prop_assert_eq!(&listed, &model);
                let mut mapped = out.clone();
                out.retain(|k, _| k % 3 != 0);
                prop_assert_eq!(out.len(), model.keys().filter(|k| *k % 3 != 0).count());
                // map_keys: the kept pairs move with their values, in order.
                mapped.map_keys(|k| (k % 3 != 0).then_some(k ^ 1));
                let moved: Vec<(u64, u64)> = mapped.iter().map(|(k, v)| (*k ^ 1, *v)).collect();
                let kept: Vec<(u64, u64)> = out.iter().map(|(k, v)| (*k, *v)).collect();
                prop_assert_eq!(moved, kept);
            }
        }

        #[test]
        fn wide_keys(keys in proptest::collection::vec(any::<u128>(), 1..300)) {
            let mut table: Table<u128, usize> = Table::new();
            for &k in &keys {
                *table.entry(k, || 0) += 1;
            }
            for &k in &keys {
                let want = keys.iter().filter(|&&x| x == k).count();
                prop_assert_eq!(table.get(k), Some(&want));
            }
        }
    }
}
