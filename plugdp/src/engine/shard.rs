//! A sweep split into shards, for running one plug DP on many processes or machines.
//!
//! A step of a sweep (one cell) reads every frontier of the current table and sums their
//! successors into the next one. Nothing in a step couples two frontiers but the summing of
//! equal successors, so the tables can be split by key: shard `s` of `n` owns the frontiers
//! whose key hashes to `s` ([`shard_of`], a fixed hash, the same in every process and on
//! every machine). A [`ShardSweep`] holds one shard's frontiers; each step it
//!
//! 1. expands its own frontiers at the next cell ([`ShardSweep::expand`]), handing every
//!    successor, with the shard that owns it, to a closure that sends it there (the closure
//!    is the transport: a channel, a socket, a dataflow's exchange, or a plain vector);
//! 2. sums the successors it receives from every shard, its own included, into its next table
//!    ([`ShardSweep::absorb`]);
//! 3. once every shard has expanded all its frontiers and every successor has arrived (a
//!    barrier the transport provides), makes the next table current ([`ShardSweep::advance`]).
//!
//! After the last cell each shard's [`total`](ShardSweep::total) is the sum of its accepted
//! frontiers, and the answer is the sum of the shards' totals, whatever the number of shards.
//! The row end ([`Transfer::row_end`]) is applied to a row's last successors before they are
//! sent (it is one-to-one, so applying it before the sum is the same as after).
//!
//! This module does no input or output and starts no thread: the crate family's
//! `family-cluster` runs it on timely dataflow across processes, and [`run_sharded`] runs it in
//! one thread (the reference the tests hold the shards against).
//!
//! Costs: one step of one shard is O(its frontiers × choices) successor computations, and
//! O(successors it receives) hash-table additions; its memory is its current frontiers (a
//! dense vector) plus the next table (a `hashbrown` map), about `1/n` of the whole sweep's.
//! [`expand`](ShardSweep::expand) takes a limit, so a transport can interleave sending and
//! receiving and keep its buffers small. The driver of [`run`](super::driver::run) is faster
//! on one machine (its tables are tuned for the cache); shards pay a hash map and the
//! transport for being able to spread the frontiers over many memories.
//!
//! ```
//! use plugdp::engine::shard::{run_sharded, ShardSweep};
//! use plugdp::{hamiltonian_cycles, EdgeProblem, EdgeRules, Grid, Options, Sides};
//! let grid = Grid::new(6, 6)?;
//! let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
//! let problem = EdgeProblem::new(&grid, EdgeRules::SINGLE_CYCLE, pairs)?;
//! // Three shards, run one after another in this thread: OEIS A003763(3) = 1072.
//! assert_eq!(run_sharded(&problem, 3)?, 1072);
//!
//! // The same by hand, with a vector of mailboxes as the transport.
//! let shards = 2;
//! let mut sweeps: Vec<ShardSweep<'_, _>> =
//!     (0..shards).map(|s| ShardSweep::new(&problem, s, shards)).collect::<Result<_, _>>()?;
//! while !sweeps[0].is_finished() {
//!     let mut mail = vec![Vec::new(); shards];
//!     for sweep in &mut sweeps {
//!         sweep.expand(usize::MAX, |to, key, value| mail[to].push((key, value)))?;
//!     }
//!     for (sweep, inbox) in sweeps.iter_mut().zip(mail) {
//!         for (key, value) in inbox {
//!             sweep.absorb(key, value)?;
//!         }
//!         sweep.advance()?;
//!     }
//! }
//! let total: u64 = sweeps.iter().map(|s| s.total()).sum::<Result<_, _>>()?;
//! assert_eq!(total, 1072);
//! # Ok::<(), plugdp::PlugError>(())
//! ```

use super::driver::sum;
use super::driver::{FrontierKey, Transfer};
use super::table::{Collector, Frontiers};
use crate::budget::Ledger;
use crate::{Options, PlugError, Value};

/// The shard, among `shards`, that owns `key`: a fixed hash of the key (the same in every
/// process, on every machine, in every version of this crate's 0.1 series), scaled onto
/// `0..shards`. `shards` must be positive.
///
/// The hash is the key's mix ([`FrontierKey::mix`]) mixed once more (the finaliser of
/// SplitMix64): the engine's tables pick their slots and partitions from bits of the mix
/// itself, and a shard chosen by those same bits would leave most of each shard's slots
/// unused (measured: four shards in one thread 13 times slower than one).
///
/// ```
/// use plugdp::engine::shard::shard_of;
/// assert_eq!(shard_of(12345u128, 1), 0);
/// let owners: Vec<usize> = (0u64..1000).map(|k| shard_of(k, 4)).collect();
/// assert!(owners.iter().all(|&s| s < 4));
/// // Spread: every shard owns some of the keys.
/// assert!((0..4).all(|s| owners.contains(&s)));
/// ```
pub fn shard_of<K: FrontierKey>(key: K, shards: usize) -> usize {
    let mut h = key.mix();
    h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^= h >> 31;
    // Multiply-high: the top bits of the remixed key pick the shard.
    ((u128::from(h) * shards as u128) >> 64) as usize
}

/// One shard of a sweep of a [`Transfer`] problem; see the [module documentation](self).
///
/// A shard starts before the first cell, holding the start frontier if it owns it. Every step
/// is [`expand`](ShardSweep::expand) (until it returns `true`), [`absorb`](ShardSweep::absorb)
/// for every successor sent to this shard by any shard, then [`advance`](ShardSweep::advance)
/// once every shard has expanded and every successor has arrived.
#[derive(Debug)]
pub struct ShardSweep<'p, T: Transfer> {
    problem: &'p T,
    shard: usize,
    shards: usize,
    cols: usize,
    cells: usize,
    /// Steps (cells) completed.
    done: usize,
    /// This shard's frontiers after `done` cells.
    current: Frontiers<T::Key, T::Value>,
    /// How many of `current` this step has expanded.
    read: usize,
    /// The successors received in this step, summed (the engine's collector: hash partitions
    /// that stay in cache once a step outgrows it, each buffer grown through the budget).
    next: Collector<T::Key, T::Value>,
}

impl<'p, T: Transfer> ShardSweep<'p, T> {
    /// Shard `shard` of `shards` of a sweep of `problem`, before its first cell.
    ///
    /// # Errors
    /// [`PlugError::BadShard`] unless `shard < shards`; [`PlugError::StepPruning`] for a
    /// problem that prunes whole steps ([`Transfer::prunes_steps`]: no shard sees a whole
    /// step); [`PlugError::TooManyCells`] if the board's rows and columns multiply past
    /// `usize::MAX`.
    ///
    /// ```
    /// use plugdp::engine::shard::ShardSweep;
    /// use plugdp::{EdgeProblem, EdgeRules, Grid, PlugError, Sides};
    /// let grid = Grid::new(2, 2)?;
    /// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
    /// let problem = EdgeProblem::new(&grid, EdgeRules::SINGLE_CYCLE, pairs)?;
    /// let sweep = ShardSweep::new(&problem, 0, 1)?;
    /// assert_eq!((sweep.cells(), sweep.done(), sweep.states()), (4, 0, 1));
    /// assert!(matches!(
    ///     ShardSweep::new(&problem, 2, 2),
    ///     Err(PlugError::BadShard { shard: 2, shards: 2 })
    /// ));
    /// # Ok::<(), PlugError>(())
    /// ```
    pub fn new(problem: &'p T, shard: usize, shards: usize) -> Result<Self, PlugError> {
        ShardSweep::with_options(
            problem,
            shard,
            shards,
            &Options::default().with_max_bytes(usize::MAX),
        )
    }

    /// [`ShardSweep::new`] within the budget of `options` (its threads are not used): this
    /// shard's tables (the current frontiers and the successors being summed) grow only
    /// within [`Options::max_bytes`], and the clock is read every few thousand additions, as
    /// in every sweep of the crate; past either, a call returns
    /// [`PlugError::BudgetExceeded`]. [`ShardSweep::new`] sets no budget.
    ///
    /// ```
    /// use plugdp::engine::shard::ShardSweep;
    /// use plugdp::{EdgeProblem, EdgeRules, Grid, Limit, Options, PlugError, Sides};
    /// let grid = Grid::new(12, 12)?;
    /// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u128));
    /// let problem = EdgeProblem::new(&grid, EdgeRules::SINGLE_CYCLE, pairs)?;
    /// let small = Options::default().with_max_bytes(1 << 16);
    /// let mut sweep = ShardSweep::with_options(&problem, 0, 1, &small)?;
    /// let outcome = (|| -> Result<(), PlugError> {
    ///     while !sweep.is_finished() {
    ///         let mut sent = Vec::new();
    ///         sweep.expand(usize::MAX, |_, k, v| sent.push((k, v)))?;
    ///         for (k, v) in sent {
    ///             sweep.absorb(k, v)?;
    ///         }
    ///         sweep.advance()?;
    ///     }
    ///     Ok(())
    /// })();
    /// assert!(matches!(outcome, Err(PlugError::BudgetExceeded { limit: Limit::Memory { .. }, .. })));
    /// # Ok::<(), PlugError>(())
    /// ```
    ///
    /// # Errors
    /// As [`ShardSweep::new`], and [`PlugError::BudgetExceeded`] if even the first table does
    /// not fit.
    pub fn with_options(
        problem: &'p T,
        shard: usize,
        shards: usize,
        options: &Options,
    ) -> Result<Self, PlugError> {
        if shard >= shards {
            return Err(PlugError::BadShard { shard, shards });
        }
        if problem.prunes_steps() {
            return Err(PlugError::StepPruning);
        }
        let (rows, cols) = problem.size();
        let cells = rows
            .checked_mul(cols)
            .ok_or(PlugError::TooManyCells { rows, cols })?;
        let start = problem.start();
        let current = if shard_of(start, shards) == shard {
            Frontiers::single(start, T::Value::one())
        } else {
            Frontiers::default()
        };
        let mut sweep = ShardSweep {
            problem,
            shard,
            shards,
            cols,
            cells,
            done: 0,
            current,
            read: 0,
            next: Collector::new(Ledger::new(options.meter(), 1)),
        };
        sweep.begin_step()?;
        Ok(sweep)
    }

    /// Readies the collector for the successors of the next step.
    fn begin_step(&mut self) -> Result<(), PlugError> {
        if self.is_finished() {
            return Ok(());
        }
        let (r, c) = (self.done / self.cols, self.done % self.cols);
        // About as many successors arrive as this shard sends: its frontiers times the cell's
        // choices (an estimate; it only sizes the partitions).
        let expected = self
            .current
            .len()
            .saturating_mul(self.problem.max_successors(r, c));
        self.next
            .begin(self.current.len(), expected, self.current.bytes())
    }

    /// This shard's index.
    pub fn shard(&self) -> usize {
        self.shard
    }

    /// The number of shards.
    pub fn shards(&self) -> usize {
        self.shards
    }

    /// The number of steps of the whole sweep (the board's cells).
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// Steps completed ([`advance`](ShardSweep::advance) calls).
    pub fn done(&self) -> usize {
        self.done
    }

    /// Whether every step is done: [`total`](ShardSweep::total) is ready.
    pub fn is_finished(&self) -> bool {
        self.done == self.cells
    }

    /// This shard's frontiers after the steps done.
    pub fn states(&self) -> usize {
        self.current.len()
    }

    /// The bytes this shard's tables hold now (their capacities): the current frontiers and
    /// the buffers summing the next ones. Values that own heap memory
    /// ([`BigCount`](crate::BigCount)) are counted by their inline size only.
    pub fn bytes(&self) -> usize {
        self.current.bytes() + self.next.bytes()
    }

    /// This shard's frontiers and their values after the steps done, in no particular order.
    pub fn frontiers(&self) -> impl Iterator<Item = (T::Key, &T::Value)> {
        self.current.iter().map(|(k, v)| (*k, v))
    }

    /// Expands up to `limit` more of this shard's frontiers at the next cell, calling
    /// `send(shard, key, value)` for each successor with the shard that owns it (a row's last
    /// cell's successors after [`Transfer::row_end`]; dropped ones are not sent). Returns
    /// whether all of this step's frontiers are now expanded. After the last step it sends
    /// nothing and returns `true`.
    ///
    /// # Errors
    /// [`PlugError::Overflow`] if a value times a weight overflows, and whatever the problem's
    /// [`Transfer::successors`] returns.
    pub fn expand(
        &mut self,
        limit: usize,
        mut send: impl FnMut(usize, T::Key, T::Value),
    ) -> Result<bool, PlugError> {
        if self.is_finished() {
            return Ok(true);
        }
        let (r, c) = (self.done / self.cols, self.done % self.cols);
        let row_end = c + 1 == self.cols;
        let end = self.read.saturating_add(limit).min(self.current.len());
        let (problem, shards) = (self.problem, self.shards);
        let one = T::Value::one();
        let (keys, values) = (self.current.keys(), self.current.values());
        for (key, value) in keys[self.read..end].iter().zip(&values[self.read..end]) {
            problem.successors(r, c, *key, |next, weight, _| {
                // Unit weights (every count of a plain problem) need no product.
                let product = if *weight == one {
                    value.clone()
                } else {
                    value.checked_mul(weight).ok_or(PlugError::Overflow)?
                };
                let next = if row_end {
                    match problem.row_end(r, next) {
                        Some(k) => k,
                        None => return Ok(()),
                    }
                } else {
                    next
                };
                send(shard_of(next, shards), next, product);
                Ok(())
            })?;
        }
        self.read = end;
        Ok(end == self.current.len())
    }

    /// Adds a successor sent to this shard (by any shard) into the next table.
    ///
    /// # Errors
    /// [`PlugError::Overflow`] if the sum overflows; [`PlugError::BadShard`] (naming the
    /// owner) for a key this shard does not own: the transport delivered it to the wrong
    /// shard; [`PlugError::BudgetExceeded`] past the budget of
    /// [`with_options`](ShardSweep::with_options).
    pub fn absorb(&mut self, key: T::Key, value: T::Value) -> Result<(), PlugError> {
        let owner = shard_of(key, self.shards);
        if owner != self.shard {
            return Err(PlugError::BadShard {
                shard: owner,
                shards: self.shards,
            });
        }
        self.next.add(key, value, sum)
    }

    /// Ends the step: the successors received become this shard's frontiers. Call it once
    /// every shard has expanded all its frontiers and every successor has been absorbed.
    ///
    /// # Errors
    /// [`PlugError::Unfinished`] if this shard has not expanded all its frontiers, or every
    /// step is already done; [`PlugError::BudgetExceeded`] past the budget.
    pub fn advance(&mut self) -> Result<(), PlugError> {
        if self.is_finished() || self.read < self.current.len() {
            return Err(PlugError::Unfinished {
                done: self.done,
                cells: self.cells,
            });
        }
        let mut next = Frontiers::default();
        self.next.finish(&mut next, sum)?;
        self.current = next;
        self.read = 0;
        self.done += 1;
        self.begin_step()
    }

    /// The sum of this shard's accepted frontiers (for an optimisation value, the best); the
    /// answer is the sum of every shard's total.
    ///
    /// # Errors
    /// [`PlugError::Unfinished`] before the last step; [`PlugError::Overflow`] if the sum
    /// overflows.
    pub fn total(&self) -> Result<T::Value, PlugError> {
        if !self.is_finished() {
            return Err(PlugError::Unfinished {
                done: self.done,
                cells: self.cells,
            });
        }
        self.current
            .iter()
            .filter(|(k, _)| self.problem.accept(**k))
            .try_fold(T::Value::zero(), |sum, (_, v)| {
                sum.checked_add(v).ok_or(PlugError::Overflow)
            })
    }
}

/// Sweeps `problem` as `shards` shards in this thread, exchanging successors through vectors,
/// and returns the sum of the shards' totals: the same answer as
/// [`run`](super::driver::run) for any number of shards (the reference for a transport
/// between processes).
///
/// ```
/// use plugdp::engine::shard::run_sharded;
/// use plugdp::{EdgeProblem, EdgeRules, Grid, Sides};
/// // Domino tilings of the 4 × 4 board (OEIS A004003: 36), on 1 to 4 shards.
/// let grid = Grid::new(4, 4)?;
/// let singles = |_, _| Sides::SINGLES.iter().map(|&s| (s, 1u64));
/// let problem = EdgeProblem::new(&grid, EdgeRules::PRESENCE, singles)?;
/// for shards in 1..=4 {
///     assert_eq!(run_sharded(&problem, shards)?, 36);
/// }
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`ShardSweep::new`], [`ShardSweep::expand`] and [`ShardSweep::absorb`].
pub fn run_sharded<T: Transfer>(problem: &T, shards: usize) -> Result<T::Value, PlugError> {
    if shards == 0 {
        return Err(PlugError::BadShard { shard: 0, shards });
    }
    let mut sweeps = (0..shards)
        .map(|s| ShardSweep::new(problem, s, shards))
        .collect::<Result<Vec<_>, _>>()?;
    while !sweeps[0].is_finished() {
        let mut mail: Vec<Vec<(T::Key, T::Value)>> = (0..shards).map(|_| Vec::new()).collect();
        for sweep in &mut sweeps {
            sweep.expand(usize::MAX, |to, key, value| mail[to].push((key, value)))?;
        }
        for (sweep, inbox) in sweeps.iter_mut().zip(mail) {
            for (key, value) in inbox {
                sweep.absorb(key, value)?;
            }
            sweep.advance()?;
        }
    }
    sweeps.iter().try_fold(T::Value::zero(), |sum, sweep| {
        sum.checked_add(&sweep.total()?).ok_or(PlugError::Overflow)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::driver::run;
    use crate::{EdgeProblem, EdgeRules, Grid, MaxPlus, Options, Sides};
    use proptest::prelude::*;

    fn grid_from(rows: usize, cols: usize, blocked: &[bool]) -> Grid {
        Grid::with_blocked(rows, cols, blocked[..rows * cols].to_vec()).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Sharded sweeps of cycles, paths and covers on random boards equal the driver's,
        /// for 1 to 5 shards.
        #[test]
        fn shards_equal_the_driver(
            (rows, cols) in (1usize..=5, 1usize..=5),
            blocked in proptest::collection::vec(proptest::bool::weighted(0.15), 25),
            shards in 1usize..=5,
            which in 0usize..3,
        ) {
            let grid = grid_from(rows, cols, &blocked);
            let rules = [EdgeRules::SINGLE_CYCLE, EdgeRules::SINGLE_PATH, EdgeRules::PRESENCE][which];
            let ends = rules.ends > 0;
            let choices = move |_, _| {
                let singles = if ends { &Sides::SINGLES[..] } else { &[] };
                Sides::PAIRS.iter().chain(singles).map(|&s| (s, 1u128)).collect::<Vec<_>>()
            };
            let problem = EdgeProblem::new(&grid, rules, choices).unwrap();
            let (expected, _) = run(&problem, &Options::default()).unwrap();
            prop_assert_eq!(run_sharded(&problem, shards).unwrap(), expected);
            let (whole, _) = crate::run_edges(&grid, rules, choices, &Options::default()).unwrap();
            prop_assert_eq!(expected, whole);
        }

        /// An optimisation value: the shards' totals combine by the value's own sum (the best).
        #[test]
        fn shards_keep_the_best(
            (rows, cols) in (1usize..=4, 1usize..=4),
            costs in proptest::collection::vec(0i64..5, 16),
            shards in 1usize..=4,
        ) {
            let grid = Grid::new(rows, cols).unwrap();
            let choices = |r: usize, c: usize| {
                let w = costs[r * cols + c];
                std::iter::once((Sides::NONE, MaxPlus(Some(0))))
                    .chain(Sides::SINGLES.iter().map(move |&s| (s, MaxPlus(Some(w)))))
                    .collect::<Vec<_>>()
            };
            let problem = EdgeProblem::new(&grid, EdgeRules::PRESENCE, choices).unwrap();
            let (expected, _) = run(&problem, &Options::default()).unwrap();
            prop_assert_eq!(run_sharded(&problem, shards).unwrap(), expected);
        }
    }

    #[test]
    fn misuse_is_an_error_value() {
        let grid = Grid::new(2, 2).unwrap();
        let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
        let problem = EdgeProblem::new(&grid, EdgeRules::SINGLE_CYCLE, pairs).unwrap();
        assert_eq!(
            run_sharded(&problem, 0),
            Err(PlugError::BadShard {
                shard: 0,
                shards: 0
            })
        );
        let mut sweep = ShardSweep::new(&problem, 0, 1).unwrap();
        assert!(matches!(sweep.total(), Err(PlugError::Unfinished { .. })));
        // Advancing before expanding the start frontier.
        assert_eq!(
            sweep.advance(),
            Err(PlugError::Unfinished { done: 0, cells: 4 })
        );
        // A key the shard does not own.
        let mut two = ShardSweep::new(&problem, 0, 2).unwrap();
        let foreign = (0u128..).find(|&k| shard_of(k, 2) == 1).unwrap();
        assert_eq!(
            two.absorb(foreign, 1),
            Err(PlugError::BadShard {
                shard: 1,
                shards: 2
            })
        );
        // Overflow of a sum.
        let own = (0u128..).find(|&k| shard_of(k, 2) == 0).unwrap();
        two.absorb(own, u64::MAX).unwrap();
        assert_eq!(two.absorb(own, 1), Err(PlugError::Overflow));
    }

    /// The keys one shard owns spread over the top bits of the mix (which the engine's tables
    /// probe from) as evenly as all keys do: a shard chosen from those bits left most of each
    /// shard's table slots empty and made four shards 13 times slower than one.
    #[test]
    fn a_shard_keeps_the_table_bits_spread() {
        for shards in [2usize, 4, 7] {
            let mut buckets = [0usize; 16];
            let mut owned = 0;
            for k in 0u128..40_000 {
                if shard_of(k, shards) == 0 {
                    buckets[(k.mix() >> 60) as usize] += 1;
                    owned += 1;
                }
            }
            let fair = owned / 16;
            assert!(
                buckets
                    .iter()
                    .all(|&b| b > fair * 3 / 4 && b < fair * 5 / 4),
                "{shards} shards: {buckets:?}"
            );
        }
    }

    #[test]
    fn limited_expansion_sends_everything_once() {
        let grid = Grid::new(4, 4).unwrap();
        let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
        let problem = EdgeProblem::new(&grid, EdgeRules::SINGLE_CYCLE, pairs).unwrap();
        let mut sweep = ShardSweep::new(&problem, 0, 1).unwrap();
        while !sweep.is_finished() {
            let mut sent = Vec::new();
            // One frontier at a time.
            while !sweep.expand(1, |_, k, v| sent.push((k, v))).unwrap() {}
            for (k, v) in sent {
                sweep.absorb(k, v).unwrap();
            }
            sweep.advance().unwrap();
        }
        assert_eq!(sweep.total(), Ok(6));
        assert!(
            sweep
                .expand(1, |_, _, _| panic!("nothing after the end"))
                .unwrap()
        );
        assert!(sweep.bytes() > 0);
    }
}
