//! The driver on the calling thread: [`Driver`] rolls the table of frontiers cell by cell (with
//! the crate's pruning hooks), sums the accepted frontiers, and rebuilds a witness backwards
//! from checkpoints.

use super::{Stats, StepFrontiers, Transfer};
use crate::budget::{Ledger, Meter};
use crate::engine::table::{Collector, Frontiers};
use crate::{PlugError, Value};

/// The best value, the choice of every cell when some configuration reaches it, and the
/// forward sweep's frontier counts.
pub(crate) type Witnessed<V> = (V, Option<Vec<usize>>, Stats);

/// Boards of at most this many cells keep every step's table for the witness walk.
const SMALL_BOARD_CELLS: usize = 64;

/// One step's frontiers of problem `T`.
/// The frontiers after the first `after_rows` rows of a longer sweep (one list per thread),
/// kept on the way.
pub(crate) struct Snapshot<T: Transfer> {
    /// After how many rows.
    pub(crate) after_rows: usize,
    /// The frontiers then (empty until the sweep passes that row).
    pub(crate) lists: Vec<Step<T>>,
}

pub(crate) type Step<T> = Frontiers<<T as Transfer>::Key, <T as Transfer>::Value>;

/// The bytes of a sweep's record of states per step (a `usize` per step taken so far).
pub(crate) fn stats_bytes(stats: &Stats) -> usize {
    stats.states_per_step.capacity() * std::mem::size_of::<usize>()
}

/// Records a step that kept `states` frontiers in `stats`; the record's growth asks `ledger`.
///
/// # Errors
/// [`PlugError::BudgetExceeded`] when the record cannot grow within the budget.
pub(crate) fn record(
    stats: &mut Stats,
    states: usize,
    ledger: &mut Ledger,
) -> Result<(), PlugError> {
    let record = &mut stats.states_per_step;
    if record.len() == record.capacity() {
        let cap = record.len().saturating_mul(2).max(64);
        ledger.reserve(record, cap, states)?;
    }
    record.push(states);
    stats.peak = stats.peak.max(states);
    Ok(())
}

/// Appends a copy of `table` to `list`, asking `ledger` for the copy (and for the list's
/// growth) first; returns the bytes they added.
///
/// # Errors
/// [`PlugError::BudgetExceeded`] when they do not fit within the budget.
fn keep_copy<K: crate::engine::driver::FrontierKey, V: Clone>(
    list: &mut Vec<Frontiers<K, V>>,
    table: &Frontiers<K, V>,
    ledger: &mut Ledger,
) -> Result<usize, PlugError> {
    let size = std::mem::size_of::<Frontiers<K, V>>();
    let before = list.capacity() * size;
    if list.len() == list.capacity() {
        ledger.reserve(list, list.len().saturating_mul(2).max(4), table.len())?;
    }
    let bytes = table.copy_bytes();
    ledger.grow(0, bytes, table.len())?;
    list.push(table.clone());
    Ok(list.capacity() * size - before + bytes)
}

/// Adds `add` to `slot`, or [`PlugError::Overflow`].
#[inline(always)]
pub(crate) fn sum<V: Value>(slot: &mut V, add: V) -> Result<(), PlugError> {
    *slot = slot.checked_add(&add).ok_or(PlugError::Overflow)?;
    Ok(())
}

/// Hooks that may drop frontiers after each cell and after each row (the edge problems'
/// [`Pruner`](crate::Pruner)); they see the frontiers in order, so a sweep with active hooks
/// runs on the calling thread.
pub(crate) trait Keep<K> {
    /// Whether the hooks drop anything (false: they are not called).
    fn active(&self) -> bool;
    /// Whether to keep `key` after cell `(r, c)`.
    fn after_cell(&mut self, r: usize, c: usize, key: K) -> bool;
    /// Whether to keep `key` after row `r` (after the row end).
    fn after_row(&mut self, r: usize, key: K) -> bool;
}

/// No hooks.
pub(crate) struct KeepAll;

impl<K> Keep<K> for KeepAll {
    fn active(&self) -> bool {
        false
    }
    fn after_cell(&mut self, _r: usize, _c: usize, _key: K) -> bool {
        true
    }
    fn after_row(&mut self, _r: usize, _key: K) -> bool {
        true
    }
}

/// A problem with its budget: the one sweep loop of the crate.
pub(crate) struct Driver<'p, T> {
    pub(crate) problem: &'p T,
    /// The budget, held within every step (through the collectors' ledgers) and checked
    /// after it.
    meter: Meter,
}

impl<'p, T: Transfer> Driver<'p, T> {
    pub(crate) fn new(problem: &'p T, meter: Meter) -> Self {
        Driver { problem, meter }
    }

    /// The board's columns.
    pub(crate) fn cols(&self) -> usize {
        self.problem.size().1
    }

    /// The board's rows, columns and cells.
    ///
    /// # Errors
    /// [`PlugError::TooManyCells`] when the cells do not fit a `usize`.
    pub(crate) fn size(&self) -> Result<(usize, usize, usize), PlugError> {
        let (rows, cols) = self.problem.size();
        let cells = rows
            .checked_mul(cols)
            .ok_or(PlugError::TooManyCells { rows, cols })?;
        Ok((rows, cols, cells))
    }

    /// A collector for one of `workers` workers sharing this sweep's budget.
    pub(crate) fn collector(&self, workers: usize) -> Collector<T::Key, T::Value> {
        Collector::new(Ledger::new(self.meter, workers))
    }

    /// Checks the budget after a step that kept `states` frontiers.
    pub(crate) fn check(&self, states: usize) -> Result<(), PlugError> {
        self.check_kept(states, 0)
    }

    /// Checks the budget after a step that kept `states` frontiers while the sweep keeps
    /// `kept` bytes of other tables (a witness's checkpoints).
    fn check_kept(&self, states: usize, kept: usize) -> Result<(), PlugError> {
        self.meter
            .check_kept(states, Meter::edge_state_bytes::<T::Key, T::Value>(), kept)
    }

    /// An upper bound on the successors of `states` frontiers at cell `(r, c)`.
    pub(crate) fn expected(&self, states: usize, r: usize, c: usize) -> usize {
        states.saturating_mul(self.problem.max_successors(r, c))
    }

    /// The sum of the values of the accepted frontiers among `lists`.
    pub(crate) fn accepted<'a>(
        &self,
        lists: impl IntoIterator<Item = &'a Step<T>>,
    ) -> Result<T::Value, PlugError>
    where
        T: 'a,
    {
        let mut total = T::Value::zero();
        for list in lists {
            for (&key, value) in list.iter() {
                if self.problem.accept(key) {
                    sum(&mut total, value.clone())?;
                }
            }
        }
        Ok(total)
    }

    /// The sweep on this thread with `keep`'s hooks, summed over the accepted frontiers.
    pub(crate) fn run(&self, keep: &mut dyn Keep<T::Key>) -> Result<(T::Value, Stats), PlugError> {
        let (rows, _, _) = self.size()?;
        let (last, stats) = self.sweep_sequential(rows, keep, None)?;
        Ok((self.accepted([&last])?, stats))
    }

    /// Adds the successors of `list[range]` at cell `(r, c)` to `collector`.
    pub(crate) fn expand(
        &self,
        list: &Step<T>,
        range: core::ops::Range<usize>,
        r: usize,
        c: usize,
        collector: &mut Collector<T::Key, T::Value>,
    ) -> Result<(), PlugError> {
        let one = T::Value::one();
        let (keys, values) = (&list.keys()[range.clone()], &list.values()[range]);
        // The first error `emit` returned, kept here too: a problem that drops it (instead of
        // passing it on with `?`) must not turn an overflow into a smaller count.
        let mut failure: Option<PlugError> = None;
        for (&key, value) in keys.iter().zip(values) {
            self.problem.successors(r, c, key, |new_key, weight, _| {
                let add = if *weight == one {
                    Ok(value.clone())
                } else {
                    value.checked_mul(weight).ok_or(PlugError::Overflow)
                };
                let added = add.and_then(|add| collector.add(new_key, add, sum));
                if let Err(e) = &added {
                    failure.get_or_insert_with(|| e.clone());
                }
                added
            })?;
            if let Some(e) = failure {
                return Err(e);
            }
        }
        Ok(())
    }

    /// Applies the row end of row `r` to every frontier of `list` (dropping those it refuses).
    pub(crate) fn end_row(&self, r: usize, list: &mut Step<T>) {
        list.map_keys(|k| self.problem.row_end(r, k));
    }

    /// The frontiers after the first `rows` rows (row ends applied), on this thread, with
    /// `keep` consulted after every cell and row; a copy of the frontiers after
    /// `snapshot.after_rows` rows goes into `snapshot`.
    pub(crate) fn sweep_sequential(
        &self,
        rows: usize,
        keep: &mut dyn Keep<T::Key>,
        mut snapshot: Option<&mut Snapshot<T>>,
    ) -> Result<(Step<T>, Stats), PlugError> {
        let (_, cols, _) = self.size()?;
        let mut cur = Frontiers::single(self.problem.start(), T::Value::one());
        let mut next = Frontiers::default();
        let mut collector = self.collector(1);
        let mut stats = Stats::default();
        // The bytes of the snapshot, once taken.
        let mut kept = 0usize;
        let active = keep.active();
        for r in 0..rows {
            for c in 0..cols {
                let outside = cur.bytes() + next.bytes() + stats_bytes(&stats) + kept;
                collector.begin(cur.len(), self.expected(cur.len(), r, c), outside)?;
                self.expand(&cur, 0..cur.len(), r, c, &mut collector)?;
                collector.finish(&mut next, sum)?;
                if self.problem.prunes_steps() {
                    self.problem
                        .prune_step(r, c, &mut StepFrontiers { list: &mut next });
                }
                if active {
                    let before = next.len();
                    next.retain(|&k, _| keep.after_cell(r, c, k));
                    stats.pruned_after_cell += before - next.len();
                }
                std::mem::swap(&mut cur, &mut next);
                if c + 1 == cols {
                    // (Counted after the row end, as the threaded sweep counts.)
                    self.end_row(r, &mut cur);
                }
                record(&mut stats, cur.len(), collector.ledger())?;
                self.check(cur.len())?;
            }
            if active {
                let before = cur.len();
                cur.retain(|&k, _| keep.after_row(r, k));
                stats.pruned_after_row += before - cur.len();
            }
            if let Some(snap) = snapshot.as_deref_mut().filter(|s| s.after_rows == r + 1) {
                let bytes = cur.copy_bytes();
                collector.ledger().grow(0, bytes, cur.len())?;
                snap.lists = vec![cur.clone()];
                kept += bytes;
            }
        }
        Ok((cur, stats))
    }

    /// The table after cell `i` (row-major), the row end included, from the table before,
    /// summed by `collector`, while the sweep keeps `tables` bytes of other tables (counted in
    /// the estimate checked after the step) and `other` bytes of anything else.
    fn advance(
        &self,
        cur: &Step<T>,
        i: usize,
        collector: &mut Collector<T::Key, T::Value>,
        tables: usize,
        other: usize,
    ) -> Result<Step<T>, PlugError> {
        let cols = self.cols();
        let (r, c) = (i / cols, i % cols);
        let outside = cur.bytes().saturating_add(tables).saturating_add(other);
        collector.begin(cur.len(), self.expected(cur.len(), r, c), outside)?;
        self.expand(cur, 0..cur.len(), r, c, collector)?;
        let mut next = Frontiers::default();
        collector.finish(&mut next, sum)?;
        if self.problem.prunes_steps() {
            self.problem
                .prune_step(r, c, &mut StepFrontiers { list: &mut next });
        }
        if c + 1 == cols {
            self.end_row(r, &mut next);
        }
        self.check_kept(next.len(), tables)?;
        Ok(next)
    }

    /// The best value and, when some configuration reaches it, the choice of every cell.
    pub(crate) fn witness(&self) -> Result<(T::Value, Option<Vec<usize>>), PlugError> {
        self.witness_with_stats()
            .map(|(value, picks, _)| (value, picks))
    }

    /// [`witness`](Self::witness) with the forward sweep's frontier counts.
    ///
    /// Everything it keeps counts against the budget: the checkpoints, the tables of the
    /// segment being walked back, the witness itself and the record of states per step.
    pub(crate) fn witness_with_stats(&self) -> Result<Witnessed<T::Value>, PlugError> {
        let (_, cols, steps) = self.size()?;
        // Small boards keep every table (nothing to recompute on the way back; their frontiers
        // are narrow); bigger ones a checkpoint every ⌈√T⌉ cells.
        let stride = if steps <= SMALL_BOARD_CELLS {
            1
        } else {
            (steps as f64).sqrt().ceil().max(1.0) as usize
        };
        let mut collector = self.collector(1);
        // Checkpoints: the table before cell i for every multiple i of the stride, and their
        // bytes (the list's own included).
        let mut checkpoints: Vec<Step<T>> = Vec::new();
        let mut kept = 0usize;
        let mut cur = Frontiers::single(self.problem.start(), T::Value::one());
        let mut stats = Stats::default();
        for i in 0..steps {
            if i % stride == 0 {
                let held = cur.bytes() + kept + stats_bytes(&stats) + collector.bytes();
                collector.ledger().set_held(held);
                kept += keep_copy(&mut checkpoints, &cur, collector.ledger())?;
            }
            cur = self.advance(&cur, i, &mut collector, kept, stats_bytes(&stats))?;
            let held = cur.bytes() + kept + stats_bytes(&stats) + collector.bytes();
            collector.ledger().set_held(held);
            record(&mut stats, cur.len(), collector.ledger())?;
        }
        let best = self.accepted([&cur])?;
        if best.is_zero() {
            return Ok((best, None, stats));
        }
        // The first accepted frontier in key order that carries the best value (a sum of
        // several frontiers: no single configuration carries it).
        let target = cur
            .iter()
            .filter(|&(&k, v)| *v == best && self.problem.accept(k))
            .map(|(&k, _)| k)
            .min()
            .ok_or(PlugError::NoWitness)?;
        drop(cur);
        // The witness (a choice per cell) and the list of a segment's tables.
        let held = kept + stats_bytes(&stats) + collector.bytes();
        collector.ledger().set_held(held);
        let mut picks: Vec<usize> = Vec::new();
        collector.ledger().reserve(&mut picks, steps, 0)?;
        picks.resize(steps, 0);
        let mut segment: Vec<Step<T>> = Vec::new();
        collector.ledger().reserve(&mut segment, stride, 0)?;
        let other = stats_bytes(&stats)
            + picks.capacity() * std::mem::size_of::<usize>()
            + segment.capacity() * std::mem::size_of::<Step<T>>();
        let (mut key, mut value) = (target, best.clone());
        // The bytes of the segment's tables.
        let mut segment_bytes = 0usize;
        let mut segment_start = usize::MAX;
        for i in (0..steps).rev() {
            let start = i / stride * stride;
            if start != segment_start {
                // Recompute the tables before cells start..start + stride.
                segment.clear();
                let held = kept + other + collector.bytes();
                collector.ledger().set_held(held);
                segment_bytes =
                    keep_copy(&mut segment, &checkpoints[i / stride], collector.ledger())?;
                for j in start..start.saturating_add(stride).min(steps) - 1 {
                    let last = segment.last().expect("seeded");
                    let besides = kept + segment_bytes - last.bytes();
                    let t = self.advance(last, j, &mut collector, besides, other)?;
                    segment_bytes += t.bytes();
                    segment.push(t);
                }
                segment_start = start;
            }
            let before = &segment[i - start];
            let (r, c) = (i / cols, i % cols);
            let held = kept + segment_bytes + other + collector.bytes();
            let ledger = collector.ledger();
            ledger.set_held(held);
            let mut order: Vec<usize> = Vec::new();
            ledger.reserve(&mut order, before.len(), before.len())?;
            order.extend(0..before.len());
            order.sort_unstable_by_key(|&e| before.keys()[e]);
            let mut found: Option<(T::Key, T::Value, usize)> = None;
            for e in order {
                if ledger.tick() {
                    ledger.clock(before.len())?;
                }
                let (prev, prev_value) = (before.keys()[e], &before.values()[e]);
                let mut failure: Option<PlugError> = None;
                self.problem
                    .successors(r, c, prev, |new_key, weight, index| {
                        let k = if c + 1 == cols {
                            self.problem.row_end(r, new_key)
                        } else {
                            Some(new_key)
                        };
                        if found.is_none() && k == Some(key) {
                            let Some(v) = prev_value.checked_mul(weight) else {
                                failure.get_or_insert(PlugError::Overflow);
                                return Err(PlugError::Overflow);
                            };
                            if v == value {
                                found = Some((prev, prev_value.clone(), index));
                            }
                        }
                        Ok(())
                    })?;
                if let Some(e) = failure {
                    return Err(e);
                }
                if found.is_some() {
                    break;
                }
            }
            // With max/min/boolean values some predecessor always carries the value; with a
            // counting value the total is a sum, and there may be none.
            let (prev, prev_value, index) = found.ok_or(PlugError::NoWitness)?;
            picks[i] = index;
            key = prev;
            value = prev_value;
        }
        Ok((best, Some(picks), stats))
    }
}
