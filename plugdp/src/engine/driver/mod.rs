//! The one sweep driver: a [`Transfer`] problem says what may happen in one cell; [`run`] and
//! [`run_witness`] sweep the board for it.
//!
//! A plug DP sweeps a `rows × cols` board cell by cell, row-major, and keeps for every partial
//! solution only its *frontier*: whatever the unprocessed cells need to know about the
//! processed ones (the plugs that cross the broken contour between them, the components those
//! plugs belong to, a few flags). Partial solutions that reach the same frontier are merged by
//! adding their values. The problem owns the frontier's encoding, a packed integer key; the
//! driver owns everything else:
//!
//! | part | what the driver does | cost |
//! |---|---|---|
//! | step | every frontier of the current table, expanded by [`Transfer::successors`] at the next cell, the successors summed into the next table | O(states × choices) per cell, one hash-table addition each |
//! | table | an open-addressing table while a step is small, hash partitions that stay in cache once it outgrows them | O(1) expected per addition |
//! | row end | [`Transfer::row_end`] on every frontier after a row's last cell | O(states) |
//! | threads | with [`Options::threads`](crate::Options) above 1, workers started once per sweep expand equal shares of each step into their own hash partitions and sum disjoint partitions (no contended lock) | about 1.8× on two cores for big steps |
//! | witness | [`run_witness`]: checkpoints every ⌈√T⌉ of the T cells, then a backward walk that recomputes one segment at a time | about two forward sweeps, O(√T) tables |
//! | budget | the memory and the deadline of [`Options`](crate::Options): every buffer asks before it grows, the clock is read every 4096 additions, and an estimate is checked after every cell | about 3 % |
//!
//! Every built-in edge problem ([`run_edges`](crate::run_edges): Hamiltonian cycles and paths,
//! cycle covers, domino tilings) is a [`Transfer`] on this driver; the examples
//! `numberlink` and `masyu` in the crate's repository write problems that are not built in,
//! through this public API alone.
//!
//! # The contract of a problem
//!
//! - Keys are frontiers in a canonical form: two partial solutions with the same future must
//!   produce the same key (for components, the *minimal representation*: labels renumbered in
//!   order of first appearance, see [`Contour`]), or the table cannot merge them (the answer
//!   stays right, only slower). Keys must not depend on anything but the partial solution.
//! - [`Transfer::successors`] emits, for one frontier at cell `(r, c)`, every frontier the cell
//!   can lead to, with the weight of that choice and its index (the witness reports the
//!   indices). Emitting the same key twice adds both weights.
//! - [`Transfer::row_end`] maps the frontier after a row's last cell to the frontier before the
//!   next row's first cell; it must be one-to-one on the frontiers it keeps (the driver does
//!   not re-merge after it). Returning `None` drops a frontier.
//! - [`Transfer::accept`] says which frontiers after the last row are complete solutions; the
//!   answer is the sum of their values (for an optimisation [`Value`], the best).
//!
//! ```
//! use plugdp::{engine::driver::{run, Transfer}, Options, PlugError};
//! // Subsets of a 3 × 3 board with no two cells side by side (independent sets of the grid
//! // graph; OEIS A006506: 1, 2, 7, 63, 1234, …). The frontier holds, per column, whether the
//! // last processed cell of that column is taken: one bit each.
//! struct Independent { rows: usize, cols: usize }
//! impl Transfer for Independent {
//!     type Key = u64;
//!     type Value = u64;
//!     fn size(&self) -> (usize, usize) { (self.rows, self.cols) }
//!     fn start(&self) -> u64 { 0 }
//!     fn successors<E>(&self, _r: usize, c: usize, key: u64, mut emit: E) -> Result<(), PlugError>
//!     where
//!         E: FnMut(u64, &u64, usize) -> Result<(), PlugError>,
//!     {
//!         let free = key & !(1 << c);
//!         emit(free, &1, 0)?; // the cell stays empty
//!         let left = c > 0 && key >> (c - 1) & 1 == 1;
//!         let up = key >> c & 1 == 1;
//!         if !left && !up {
//!             emit(free | 1 << c, &1, 1)?; // the cell is taken
//!         }
//!         Ok(())
//!     }
//!     fn accept(&self, _key: u64) -> bool { true }
//! }
//! let (count, _) = run(&Independent { rows: 3, cols: 3 }, &Options::default())?;
//! assert_eq!(count, 63);
//! let (count, _) = run(&Independent { rows: 4, cols: 4 }, &Options::default().with_threads(2))?;
//! assert_eq!(count, 1234);
//! # Ok::<(), PlugError>(())
//! ```

mod contour;
mod pool;
mod sequential;

use std::fmt::Debug;
use std::hash::Hash;

use crate::{PlugError, Value};

pub use contour::Contour;
pub(crate) use sequential::{Driver, Keep, KeepAll, Snapshot, sum};

/// A packed frontier: a small integer the driver hashes, sorts and copies.
///
/// Implemented for `u32`, `u64` and `u128`; the narrowest that holds the frontier is the
/// fastest (a 64-bit key hashes and moves faster than a 128-bit one).
///
/// ```
/// use plugdp::engine::driver::FrontierKey;
/// // Neighbouring keys land far apart in the tables (which read the top bits).
/// assert_ne!(1u64.mix() >> 48, 2u64.mix() >> 48);
/// assert_eq!(7u128.mix(), 7u128.mix());
/// ```
pub trait FrontierKey: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static {
    /// A well-mixed 64-bit hash of the key (the tables use its top bits).
    fn mix(self) -> u64;
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

impl FrontierKey for u32 {
    #[inline(always)]
    fn mix(self) -> u64 {
        u64::from(self).wrapping_mul(GOLDEN)
    }
}

impl FrontierKey for u64 {
    #[inline(always)]
    fn mix(self) -> u64 {
        (self ^ (self >> 31)).wrapping_mul(GOLDEN)
    }
}

impl FrontierKey for u128 {
    #[inline(always)]
    fn mix(self) -> u64 {
        let (lo, hi) = (self as u64, (self >> 64) as u64);
        (lo ^ (lo >> 31) ^ hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)).wrapping_mul(GOLDEN)
    }
}

/// A plug DP problem: its board size, its frontier encoding and what one cell may do. See the
/// [module documentation](self) for the contract and a two-dimensional example; [`run`] and
/// [`run_witness`] sweep it.
///
/// ```
/// # use plugdp::engine::driver::{run, Transfer};
/// # use plugdp::{Options, PlugError};
/// // Subsets of a 1 × n strip with no two neighbouring cells (Fibonacci numbers). The
/// // frontier is whether the last cell is taken.
/// struct Strip(usize);
/// impl Transfer for Strip {
///     type Key = u32;
///     type Value = u64;
///     fn size(&self) -> (usize, usize) { (1, self.0) }
///     fn start(&self) -> u32 { 0 }
///     fn successors<E>(&self, _r: usize, _c: usize, last: u32, mut emit: E) -> Result<(), PlugError>
///     where
///         E: FnMut(u32, &u64, usize) -> Result<(), PlugError>,
///     {
///         emit(0, &1, 0)?; // left empty
///         if last == 0 {
///             emit(1, &1, 1)?; // taken
///         }
///         Ok(())
///     }
///     fn accept(&self, _last: u32) -> bool { true }
/// }
/// assert_eq!(run(&Strip(10), &Options::default())?.0, 144);
/// # Ok::<(), PlugError>(())
/// ```
pub trait Transfer: Sync {
    /// The packed frontier.
    type Key: FrontierKey;
    /// What a configuration weighs: a count (`u64`, `u128`, [`Residues`](crate::Residues),
    /// …), an optimum ([`MaxPlus`](crate::MaxPlus), [`MinPlus`](crate::MinPlus)) or
    /// feasibility ([`Feasible`](crate::Feasible)).
    type Value: Value;

    /// The board's rows and columns; the sweep visits `(r, c)` for `r < rows`, `c < cols`.
    fn size(&self) -> (usize, usize);

    /// The frontier before the first cell.
    fn start(&self) -> Self::Key;

    /// Emits every frontier that `key` leads to at cell `(r, c)`, as `emit(next, weight,
    /// choice)`: the weight multiplies the partial solution's value, and `choice` is what
    /// [`run_witness`] reports for this cell. Errors from `emit` (a value overflow,
    /// [`PlugError::TooManyStates`]) should be passed on with `?`; the driver reports them
    /// even if they are not.
    ///
    /// # Errors
    /// Whatever `emit` returns, or a problem's own error (for example
    /// [`PlugError::TooManyComponents`] when a frontier does not fit its key).
    fn successors<E>(&self, r: usize, c: usize, key: Self::Key, emit: E) -> Result<(), PlugError>
    where
        E: FnMut(Self::Key, &Self::Value, usize) -> Result<(), PlugError>;

    /// The frontier before row `r + 1`'s first cell, from the frontier after row `r`'s last
    /// one, or `None` to drop it; one-to-one on the kept frontiers. Default: unchanged.
    fn row_end(&self, _r: usize, key: Self::Key) -> Option<Self::Key> {
        Some(key)
    }

    /// Whether a frontier after the last row is a complete solution.
    fn accept(&self, key: Self::Key) -> bool;

    /// An upper bound on the successors one frontier has at cell `(r, c)`, used to size the
    /// tables (a wrong guess costs speed, not correctness). Default 4.
    fn max_successors(&self, _r: usize, _c: usize) -> usize {
        4
    }

    /// Whether [`prune_step`](Transfer::prune_step) is used. A problem that prunes whole steps
    /// is swept on the calling thread (`options.threads` is not used). Default false.
    fn prunes_steps(&self) -> bool {
        false
    }

    /// Drops frontiers after cell `(r, c)` (before the row end) by looking at the whole step,
    /// for prunings that compare frontiers with each other (dominance by the best one). Called
    /// only when [`prunes_steps`](Transfer::prunes_steps) says so; it must decide the same way
    /// on every run ([`run_witness`] sweeps some steps twice). Default: keeps everything.
    fn prune_step(
        &self,
        _r: usize,
        _c: usize,
        _step: &mut StepFrontiers<'_, Self::Key, Self::Value>,
    ) {
    }
}

/// One step's frontiers and their values, for [`Transfer::prune_step`].
///
/// ```
/// # use plugdp::engine::driver::{run_witness, StepFrontiers, Transfer};
/// # use plugdp::{MaxPlus, Options, PlugError};
/// // The heaviest set of cells of a 1 × n strip with no two neighbours; the frontier is
/// // whether the last cell is taken.
/// struct Weighted(Vec<i64>);
/// impl Transfer for Weighted {
///     type Key = u32;
///     type Value = MaxPlus;
///     fn size(&self) -> (usize, usize) { (1, self.0.len()) }
///     fn start(&self) -> u32 { 0 }
///     fn successors<E>(&self, _r: usize, c: usize, last: u32, mut emit: E) -> Result<(), PlugError>
///     where
///         E: FnMut(u32, &MaxPlus, usize) -> Result<(), PlugError>,
///     {
///         emit(0, &MaxPlus(Some(0)), 0)?;
///         if last == 0 {
///             emit(1, &MaxPlus(Some(self.0[c])), 1)?;
///         }
///         Ok(())
///     }
///     fn accept(&self, _last: u32) -> bool { true }
///     // An empty last cell worth at least as much as a taken one dominates it: drop the
///     // taken one (an exact pruning: whatever follows one, follows the other).
///     fn prunes_steps(&self) -> bool { true }
///     fn prune_step(&self, _r: usize, _c: usize, step: &mut StepFrontiers<'_, u32, MaxPlus>) {
///         assert!(!step.is_empty() && step.len() <= 2);
///         let empty = step.iter().find(|&(k, _)| k == 0).map(|(_, v)| v.0);
///         step.retain(|k, v| k == 0 || empty.is_none_or(|e| e < v.0));
///     }
/// }
/// let (best, picks) = run_witness(&Weighted(vec![3, 1, 4, 1, 5]), &Options::default())?;
/// assert_eq!(best, MaxPlus(Some(12)));
/// assert_eq!(picks, Some(vec![1, 0, 1, 0, 1]));
/// # Ok::<(), PlugError>(())
/// ```
#[derive(Debug)]
pub struct StepFrontiers<'a, K, V> {
    pub(crate) list: &'a mut crate::engine::table::Frontiers<K, V>,
}

impl<K: FrontierKey, V> StepFrontiers<'_, K, V> {
    /// The frontiers with their values, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (K, &V)> {
        self.list.iter().map(|(&k, v)| (k, v))
    }

    /// Number of frontiers.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the step has no frontier.
    pub fn is_empty(&self) -> bool {
        self.list.len() == 0
    }

    /// Keeps the frontiers `keep` answers true for.
    pub fn retain(&mut self, mut keep: impl FnMut(K, &V) -> bool) {
        self.list.retain(|&k, v| keep(k, v));
    }
}

/// Sweeps `problem` and returns the sum of the values of its accepted frontiers (for an
/// optimisation value, the best), with the number of frontiers after each cell.
///
/// With `options.threads` above 1 each step's frontiers are expanded and summed by worker
/// threads started once per sweep (a board narrower than 10 columns with more than 4096 cells
/// is swept on one thread: its steps are too small to share). The answer never depends on the
/// threads. The budget of `options` holds within every cell: the tables stop growing at
/// `max_bytes` (each worker of the pool within its equal share) and the clock is read every
/// 4096 additions.
///
/// # Errors
/// [`PlugError::Overflow`] if a value overflows, [`PlugError::TooManyStates`] if a step's table
/// cannot grow, [`PlugError::BudgetExceeded`] past the budget of `options`,
/// [`PlugError::TooManyCells`] if the rows and columns of [`Transfer::size`] multiply past
/// `usize::MAX`, and whatever the problem's [`Transfer::successors`] returns.
///
/// ```
/// # use plugdp::engine::driver::{run, Transfer};
/// # use plugdp::{Options, PlugError};
/// // Subsets of a 1 × n strip with no two neighbouring cells (Fibonacci numbers). The
/// // frontier is whether the last cell is taken.
/// struct Strip(usize);
/// impl Transfer for Strip {
///     type Key = u32;
///     type Value = u64;
///     fn size(&self) -> (usize, usize) { (1, self.0) }
///     fn start(&self) -> u32 { 0 }
///     fn successors<E>(&self, _r: usize, _c: usize, last: u32, mut emit: E) -> Result<(), PlugError>
///     where
///         E: FnMut(u32, &u64, usize) -> Result<(), PlugError>,
///     {
///         emit(0, &1, 0)?; // left empty
///         if last == 0 {
///             emit(1, &1, 1)?; // taken
///         }
///         Ok(())
///     }
///     fn accept(&self, _last: u32) -> bool { true }
/// }
/// let (count, stats) = run(&Strip(10), &Options::default().with_threads(2))?;
/// assert_eq!(count, 144);
/// assert_eq!((stats.states_per_step.len(), stats.peak), (10, 2));
/// # Ok::<(), PlugError>(())
/// ```
pub fn run<T: Transfer>(
    problem: &T,
    options: &crate::Options,
) -> Result<(T::Value, Stats), PlugError> {
    let driver = Driver::new(problem, options.meter());
    driver.run_parallel(options.threads.get())
}

/// [`run`] for an optimisation value, also returning a witness: for every cell (row-major) the
/// choice index one optimal configuration emitted there, or `None` when there is no
/// configuration. Ties are broken the same way on every run (predecessors are tried in key
/// order). The sweep runs on the calling thread (`options.threads` is not used). On boards of
/// up to 64 cells it keeps every step's table; on bigger ones the tables at every ⌈√T⌉-th of
/// the T cells, recomputing one segment at a time on the way back (about two forward sweeps of
/// time). The memory budget counts everything it keeps: each step's tables, the checkpoints,
/// the tables of the segment being walked back and the witness itself.
///
/// # Errors
/// As [`run`], and [`PlugError::NoWitness`] when no single configuration carries the total: a
/// counting value's total is a sum (a witness returned for a count is just one of the
/// configurations).
///
/// ```
/// # use plugdp::engine::driver::{run_witness, StepFrontiers, Transfer};
/// # use plugdp::{MaxPlus, Options, PlugError};
/// // The heaviest set of cells of a 1 × n strip with no two neighbours; the frontier is
/// // whether the last cell is taken.
/// struct Weighted(Vec<i64>);
/// impl Transfer for Weighted {
///     type Key = u32;
///     type Value = MaxPlus;
///     fn size(&self) -> (usize, usize) { (1, self.0.len()) }
///     fn start(&self) -> u32 { 0 }
///     fn successors<E>(&self, _r: usize, c: usize, last: u32, mut emit: E) -> Result<(), PlugError>
///     where
///         E: FnMut(u32, &MaxPlus, usize) -> Result<(), PlugError>,
///     {
///         emit(0, &MaxPlus(Some(0)), 0)?;
///         if last == 0 {
///             emit(1, &MaxPlus(Some(self.0[c])), 1)?;
///         }
///         Ok(())
///     }
///     fn accept(&self, _last: u32) -> bool { true }
/// }
/// let (best, picks) = run_witness(&Weighted(vec![3, 1, 4, 1, 5]), &Options::default())?;
/// assert_eq!(best, MaxPlus(Some(12))); // 3 + 4 + 5
/// assert_eq!(picks, Some(vec![1, 0, 1, 0, 1]));
/// # Ok::<(), PlugError>(())
/// ```
pub fn run_witness<T: Transfer>(
    problem: &T,
    options: &crate::Options,
) -> Result<(T::Value, Option<Vec<usize>>), PlugError> {
    Driver::new(problem, options.meter()).witness()
}

/// What a sweep saw.
///
/// ```
/// use plugdp::{run_edges, EdgeRules, Grid, Sides};
/// let grid = Grid::new(4, 4)?;
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
/// let (cycles, stats) = run_edges(&grid, EdgeRules::SINGLE_CYCLE, pairs, &plugdp::Options::default())?;
/// assert_eq!(cycles, 6); // OEIS A003763
/// assert_eq!(stats.states_per_step.len(), 16); // one entry per cell
/// assert_eq!(stats.peak, *stats.states_per_step.iter().max().unwrap());
/// assert_eq!(stats.pruned_after_cell + stats.pruned_after_row, 0); // no pruner
/// // Display: a one-line summary.
/// assert_eq!(stats.to_string(), format!("16 steps, at most {} frontiers, 0 pruned", stats.peak));
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Number of distinct frontiers after each cell, row-major.
    pub states_per_step: Vec<usize>,
    /// The largest of them.
    pub peak: usize,
    /// Frontiers dropped by [`Pruner::keep_after_cell`](crate::Pruner::keep_after_cell).
    pub pruned_after_cell: usize,
    /// Frontiers dropped by [`Pruner::keep_after_row`](crate::Pruner::keep_after_row).
    pub pruned_after_row: usize,
}

impl core::fmt::Display for Stats {
    /// `"{steps} steps, at most {peak} frontiers, {pruned} pruned"`, where `pruned` counts the
    /// frontiers dropped after cells and after rows together.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} steps, at most {} frontiers, {} pruned",
            self.states_per_step.len(),
            self.peak,
            self.pruned_after_cell + self.pruned_after_row
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MaxPlus, Options};
    use proptest::prelude::*;

    /// The heaviest set of cells with no two side by side, cell weights row-major: the
    /// frontier holds whether the last processed cell of each column is taken.
    struct Heaviest {
        rows: usize,
        cols: usize,
        weights: Vec<i64>,
    }

    impl Transfer for Heaviest {
        type Key = u32;
        type Value = MaxPlus;
        fn size(&self) -> (usize, usize) {
            (self.rows, self.cols)
        }
        fn start(&self) -> u32 {
            0
        }
        fn successors<E>(&self, r: usize, c: usize, key: u32, mut emit: E) -> Result<(), PlugError>
        where
            E: FnMut(u32, &MaxPlus, usize) -> Result<(), PlugError>,
        {
            let free = key & !(1 << c);
            emit(free, &MaxPlus(Some(0)), 0)?;
            let taken_nearby = (c > 0 && key >> (c - 1) & 1 == 1) || key >> c & 1 == 1;
            if !taken_nearby {
                emit(
                    free | 1 << c,
                    &MaxPlus(Some(self.weights[r * self.cols + c])),
                    1,
                )?;
            }
            Ok(())
        }
        fn accept(&self, _key: u32) -> bool {
            true
        }
    }

    /// Brute force over every subset.
    fn heaviest(rows: usize, cols: usize, weights: &[i64]) -> i64 {
        let cells = rows * cols;
        (0u32..1 << cells)
            .filter(|set| {
                (0..cells).all(|v| {
                    set >> v & 1 == 0
                        || ((v % cols + 1 == cols || set >> (v + 1) & 1 == 0)
                            && (v + cols >= cells || set >> (v + cols) & 1 == 0))
                })
            })
            .map(|set| {
                (0..cells)
                    .filter(|&v| set >> v & 1 == 1)
                    .map(|v| weights[v])
                    .sum()
            })
            .max()
            .unwrap_or(0)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The optimum against brute force on one and two threads, and the witness is a
        /// configuration that reaches it.
        #[test]
        fn optimum_and_witness_match_brute_force(
            (rows, cols) in (1usize..=4, 1usize..=4),
            weights in proptest::collection::vec(-3i64..10, 16),
        ) {
            let problem = Heaviest { rows, cols, weights: weights[..rows * cols].to_vec() };
            let best = heaviest(rows, cols, &problem.weights);
            let (one, stats) = run(&problem, &Options::default()).unwrap();
            let (two, stats2) = run(&problem, &Options::default().with_threads(2)).unwrap();
            prop_assert_eq!(one, MaxPlus(Some(best)));
            prop_assert_eq!(two, MaxPlus(Some(best)));
            prop_assert_eq!(stats.states_per_step, stats2.states_per_step);
            let (value, picks) = run_witness(&problem, &Options::default()).unwrap();
            prop_assert_eq!(value, MaxPlus(Some(best)));
            let picks = picks.unwrap();
            let taken = |v: usize| picks[v] == 1;
            let cells = rows * cols;
            for v in 0..cells {
                if taken(v) {
                    prop_assert!(v % cols + 1 == cols || !taken(v + 1));
                    prop_assert!(v + cols >= cells || !taken(v + cols));
                }
            }
            let weight: i64 = (0..cells).filter(|&v| taken(v)).map(|v| problem.weights[v]).sum();
            prop_assert_eq!(weight, best);
        }
    }

    /// A problem that drops `emit`'s errors: the overflow is still reported, not a smaller
    /// count.
    #[test]
    fn dropped_emit_errors_are_still_reported() {
        struct Careless;
        impl Transfer for Careless {
            type Key = u64;
            type Value = u64;
            fn size(&self) -> (usize, usize) {
                (4, 4)
            }
            fn start(&self) -> u64 {
                0
            }
            fn successors<E>(
                &self,
                _r: usize,
                _c: usize,
                key: u64,
                mut emit: E,
            ) -> Result<(), PlugError>
            where
                E: FnMut(u64, &u64, usize) -> Result<(), PlugError>,
            {
                let _ = emit(key, &(1 << 40), 0);
                Ok(())
            }
            fn accept(&self, _key: u64) -> bool {
                true
            }
        }
        for threads in [1, 2] {
            let options = Options::default().with_threads(threads);
            assert_eq!(run(&Careless, &options), Err(PlugError::Overflow));
        }
        assert_eq!(
            run_witness(&Careless, &Options::default()).map(|(v, _)| v),
            Err(PlugError::Overflow)
        );
    }
}
