//! The sequential sweep: every cell's choices bucketed by the plugs they expect ([`Options`]),
//! and [`Sweep`], which rolls the table of frontiers cell by cell on the calling thread (with
//! pruning hooks, and the witness rebuilt backwards from checkpoints).

use super::key::Key;
use super::transitions::{Fast, fast_step, step, sum};
use super::{CLOSED, Cycles, EdgeRules, Frontier, Pruner, Sides, Stats};
use crate::budget::Meter;
use crate::engine::interned::Interned;
use crate::engine::state::Labels;
use crate::engine::table::{Collector, Frontiers};
use crate::{Grid, PlugError, Value};

/// The choices of every cell, bucketed by the plugs they expect from the left and from above.
pub(super) struct Options<V> {
    cells: Interned<[Vec<(Sides, V, usize)>; 4]>,
}

impl<V: Value> Options<V> {
    /// # Errors
    /// [`PlugError::BadSides`] for a choice with bits beyond the four sides.
    pub(super) fn new(
        grid: &Grid,
        choices: &mut impl FnMut(usize, usize) -> Vec<(Sides, V)>,
    ) -> Result<Options<V>, PlugError> {
        let mut cells = Interned::with_capacity(grid.rows() * grid.cols());
        for r in 0..grid.rows() {
            for c in 0..grid.cols() {
                let list = if grid.is_blocked(r, c) {
                    vec![(Sides::NONE, V::one())]
                } else {
                    choices(r, c)
                };
                let mut buckets: [Vec<(Sides, V, usize)>; 4] = Default::default();
                for (i, (sides, w)) in list.into_iter().enumerate() {
                    if sides.0 & !0xF != 0 {
                        return Err(PlugError::BadSides {
                            row: r,
                            col: c,
                            sides: sides.0,
                        });
                    }
                    let b = usize::from(sides.has(Sides::LEFT))
                        | usize::from(sides.has(Sides::UP)) << 1;
                    buckets[b].push((sides, w, i));
                }
                cells.push(buckets);
            }
        }
        Ok(Options { cells })
    }
}

pub(super) struct Sweep<'g, K, V> {
    pub(super) grid: &'g Grid,
    rules: EdgeRules,
    options: Options<V>,
    /// The budget checked after every step.
    meter: Meter,
    _key: core::marker::PhantomData<K>,
}

impl<'g, K: Key, V: Value> Sweep<'g, K, V> {
    pub(super) fn new(grid: &'g Grid, rules: EdgeRules, options: Options<V>, meter: Meter) -> Self {
        Sweep {
            grid,
            rules,
            options,
            meter,
            _key: core::marker::PhantomData,
        }
    }

    /// Checks the budget after a step that kept `states` frontiers.
    pub(super) fn check(&self, states: usize) -> Result<(), PlugError> {
        self.meter.check(states, Meter::edge_state_bytes::<K, V>())
    }

    fn positions(&self) -> usize {
        self.grid.cols() + 1
    }

    /// The accepting final key.
    pub(super) fn accepting(&self) -> K {
        let rules = self.rules;
        let want = if rules.connectivity && rules.ends > 0 {
            u128::from(CLOSED | rules.ends << 1) << 124
        } else if rules.connectivity && rules.cycles == Cycles::Single {
            u128::from(CLOSED) << 124
        } else {
            0
        };
        K::narrow(want)
    }

    fn view(&self, key: K) -> Frontier {
        let wide = key.widen();
        let l = Labels::decode(wide, self.positions());
        Frontier {
            labels: l.at,
            positions: self.positions(),
            flags: l.flags,
        }
    }

    /// Every successor of `key` at cell `(r, c)`: (new key, weight, choice index).
    fn successors(
        &self,
        key: K,
        r: usize,
        c: usize,
        mut f: impl FnMut(K, &V, usize) -> Result<(), PlugError>,
    ) -> Result<(), PlugError> {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let positions = self.positions();
        let wide = key.widen();
        let left = (wide >> (4 * c)) & 0xF != 0;
        let up = (wide >> (4 * (c + 1))) & 0xF != 0;
        let bucket =
            &self.options.cells.get(r * cols + c)[usize::from(left) | usize::from(up) << 1];
        if bucket.is_empty() {
            return Ok(());
        }
        let mut labels: Option<Labels> = None;
        for (sides, weight, index) in bucket {
            match fast_step(key, *sides, r, c, rows, cols, self.rules) {
                Fast::Done(new) => f(new, weight, *index)?,
                Fast::Dead => {}
                Fast::TooMany => return Err(PlugError::TooManyComponents),
                Fast::General => {
                    let l = *labels.get_or_insert_with(|| Labels::decode(wide, positions));
                    if let Some(new) = step(l, *sides, r, c, rows, cols, self.rules) {
                        let new_key =
                            K::narrow(new.encode(positions).ok_or(PlugError::TooManyComponents)?);
                        f(new_key, weight, *index)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// An upper bound on the successors of `states` frontiers at cell `i`: the largest number
    /// of choices any of them can meet.
    pub(super) fn expected(&self, states: usize, i: usize) -> usize {
        let most = self
            .options
            .cells
            .get(i)
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0);
        states.saturating_mul(most)
    }

    /// The frontier after the end of a row: the down-plugs move one position right.
    pub(super) fn shifted(&self, key: K) -> K {
        let label_mask: u128 = (1u128 << (4 * self.positions())) - 1;
        let wide = key.widen();
        K::narrow(((wide & label_mask) << 4) | (wide >> 124 << 124))
    }

    /// The table after cell `i` (row-major), the row-end shift included, from the table before.
    fn advance(&self, cur: &Frontiers<K, V>, i: usize) -> Result<Frontiers<K, V>, PlugError> {
        let cols = self.grid.cols();
        let (r, c) = (i / cols, i % cols);
        let mut collector: Collector<K, V> = Collector::default();
        collector.begin(self.expected(cur.len(), i));
        for (&key, value) in cur.iter() {
            self.successors(key, r, c, |new_key, weight, _| {
                let k = if c + 1 == cols {
                    self.shifted(new_key)
                } else {
                    new_key
                };
                let add = value.checked_mul(weight).ok_or(PlugError::Overflow)?;
                collector.add(k, add, sum)
            })?;
        }
        let mut next = Frontiers::default();
        collector.finish(&mut next, sum)?;
        self.check(next.len())?;
        Ok(next)
    }

    pub(super) fn witness(&self) -> Result<(V, Option<Vec<usize>>), PlugError> {
        let cols = self.grid.cols();
        let steps = self.grid.rows() * cols;
        let stride = (steps as f64).sqrt().ceil().max(1.0) as usize;
        // Checkpoints: the table before cell i for every multiple i of the stride.
        let mut checkpoints: Vec<Frontiers<K, V>> = Vec::new();
        let mut cur = Frontiers::single(K::narrow(0), V::one());
        for i in 0..steps {
            if i % stride == 0 {
                checkpoints.push(cur.clone());
            }
            cur = self.advance(&cur, i)?;
        }
        let target = self.accepting();
        let Some(best) = cur.get(target).cloned() else {
            return Ok((V::zero(), None));
        };
        if best.is_zero() {
            return Ok((best, None));
        }
        let mut picks = vec![0usize; steps];
        let (mut key, mut value) = (target, best.clone());
        let mut segment: Vec<Frontiers<K, V>> = Vec::new();
        let mut segment_start = usize::MAX;
        for i in (0..steps).rev() {
            let start = i / stride * stride;
            if start != segment_start {
                // Recompute the tables before cells start..start + stride.
                segment.clear();
                segment.push(checkpoints[i / stride].clone());
                for j in start..(start + stride).min(steps) - 1 {
                    let t = self.advance(segment.last().expect("seeded"), j)?;
                    segment.push(t);
                }
                segment_start = start;
            }
            let before = &segment[i - start];
            let (r, c) = (i / cols, i % cols);
            let mut order: Vec<usize> = (0..before.len()).collect();
            order.sort_unstable_by_key(|&e| before.keys()[e].widen());
            let mut found: Option<(K, V, usize)> = None;
            for e in order {
                let (prev, prev_value) = (before.keys()[e], &before.values()[e]);
                self.successors(prev, r, c, |new_key, weight, index| {
                    let k = if c + 1 == cols {
                        self.shifted(new_key)
                    } else {
                        new_key
                    };
                    if found.is_none() && k == key {
                        let v = prev_value.checked_mul(weight).ok_or(PlugError::Overflow)?;
                        if v == value {
                            found = Some((prev, prev_value.clone(), index));
                        }
                    }
                    Ok(())
                })?;
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
        Ok((best, Some(picks)))
    }

    /// Adds the successors of `list[range]` at cell `(r, c)` to `collector`.
    pub(super) fn expand(
        &self,
        list: &Frontiers<K, V>,
        range: core::ops::Range<usize>,
        r: usize,
        c: usize,
        collector: &mut Collector<K, V>,
    ) -> Result<(), PlugError> {
        let one = V::one();
        let (keys, values) = (&list.keys()[range.clone()], &list.values()[range]);
        for (&key, value) in keys.iter().zip(values) {
            self.successors(key, r, c, |new_key, weight, _| {
                let add = if *weight == one {
                    value.clone()
                } else {
                    value.checked_mul(weight).ok_or(PlugError::Overflow)?
                };
                collector.add(new_key, add, sum)
            })?;
        }
        Ok(())
    }

    pub(super) fn run(&self, pruner: &mut dyn Pruner) -> Result<(V, Stats), PlugError> {
        let (last, stats) = self.sweep_sequential(self.grid.rows(), pruner)?;
        let value = last.get(self.accepting()).cloned();
        Ok((value.unwrap_or_else(V::zero), stats))
    }

    /// The frontiers after the first `rows` rows (shifted for the next row), on this thread,
    /// with `pruner` consulted after every cell and row.
    pub(super) fn sweep_sequential(
        &self,
        rows: usize,
        pruner: &mut dyn Pruner,
    ) -> Result<(Frontiers<K, V>, Stats), PlugError> {
        let cols = self.grid.cols();
        let mut cur = Frontiers::single(K::narrow(0), V::one());
        let mut next = Frontiers::default();
        let mut collector: Collector<K, V> = Collector::default();
        let mut stats = Stats::default();
        let active = pruner.is_active();
        for r in 0..rows {
            for c in 0..cols {
                collector.begin(self.expected(cur.len(), r * cols + c));
                self.expand(&cur, 0..cur.len(), r, c, &mut collector)?;
                collector.finish(&mut next, sum)?;
                if active {
                    let before = next.len();
                    next.retain(|&k, _| pruner.keep_after_cell(r, c, &self.view(k)));
                    stats.pruned_after_cell += before - next.len();
                }
                std::mem::swap(&mut cur, &mut next);
                stats.states_per_step.push(cur.len());
                stats.peak = stats.peak.max(cur.len());
                self.check(cur.len())?;
            }
            // The shift is one-to-one: the keys stay distinct.
            for key in cur.keys_mut() {
                *key = self.shifted(*key);
            }
            if active {
                let before = cur.len();
                cur.retain(|&k, _| pruner.keep_after_row(r, &self.view(k)));
                stats.pruned_after_row += before - cur.len();
            }
        }
        Ok((cur, stats))
    }
}
