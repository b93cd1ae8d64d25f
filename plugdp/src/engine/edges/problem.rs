//! [`EdgeProblem`]: the edge problem of [`run_edges`](super::run_edges) as a public
//! [`Transfer`], for the sweeps that take any problem ([`run`](crate::engine::driver::run),
//! the shards of [`engine::shard`](crate::engine::shard)).

use super::sweep::{Options, Sweep};
use super::{EdgeRules, Sides};
use crate::engine::driver::Transfer;
use crate::engine::state::MAX_POSITIONS;
use crate::{Grid, PlugError, Value};

/// The edge problem of [`run_edges`](super::run_edges) (every free cell opens one of its
/// listed [`Sides`], with a weight; the [`EdgeRules`] say what the open edges must form) as a
/// [`Transfer`], with 128-bit frontier keys (any board up to 30 columns).
///
/// [`run_edges`](super::run_edges) picks 64-bit keys for narrow boards and is the faster way to
/// sweep on one machine; this type exists for the sweeps that take any problem, above all the
/// shards of [`engine::shard`](crate::engine::shard), whose frontiers travel between processes.
///
/// ```
/// use plugdp::engine::driver::run;
/// use plugdp::{EdgeProblem, EdgeRules, Grid, Options, Residues, Sides, Value};
/// let grid = Grid::new(8, 8)?;
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, Residues::<2>::one()));
/// let problem = EdgeProblem::new(&grid, EdgeRules::SINGLE_CYCLE, pairs)?;
/// let (count, _) = run(&problem, &Options::default())?;
/// assert_eq!(count.to_big().to_string(), "4638576"); // OEIS A003763(4)
/// # Ok::<(), plugdp::PlugError>(())
/// ```
pub struct EdgeProblem<'g, V> {
    sweep: Sweep<'g, u128, V>,
    rules: EdgeRules,
}

impl<V> core::fmt::Debug for EdgeProblem<'_, V> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("EdgeProblem")
            .field("rows", &self.sweep.grid.rows())
            .field("cols", &self.sweep.grid.cols())
            .field("rules", &self.rules)
            .finish_non_exhaustive()
    }
}

impl<'g, V: Value> EdgeProblem<'g, V> {
    /// The problem on `grid` (its blocked cells open nothing) with `choices(r, c)` for every
    /// free cell, read once here, as for [`run_edges`](super::run_edges).
    ///
    /// # Errors
    /// [`PlugError::TooWide`] past 30 columns; [`PlugError::BadSides`] for a choice with bits
    /// beyond the four sides.
    ///
    /// ```
    /// use plugdp::{EdgeProblem, EdgeRules, Grid, PlugError, Sides};
    /// let wide = Grid::new(2, 31)?;
    /// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
    /// assert!(matches!(
    ///     EdgeProblem::new(&wide, EdgeRules::SINGLE_CYCLE, pairs),
    ///     Err(PlugError::TooWide { cols: 31, max: 30 })
    /// ));
    /// # Ok::<(), PlugError>(())
    /// ```
    pub fn new<I: IntoIterator<Item = (Sides, V)>>(
        grid: &'g Grid,
        rules: EdgeRules,
        mut choices: impl FnMut(usize, usize) -> I,
    ) -> Result<Self, PlugError> {
        if grid.cols() + 1 > MAX_POSITIONS {
            return Err(PlugError::TooWide {
                cols: grid.cols(),
                max: MAX_POSITIONS - 1,
            });
        }
        let options = Options::new(grid, &mut choices)?;
        Ok(EdgeProblem {
            sweep: Sweep::new(grid, rules, options),
            rules,
        })
    }

    /// The problem of [`hamiltonian_cycles`](crate::hamiltonian_cycles),
    /// [`hamiltonian_paths`](crate::hamiltonian_paths) and
    /// [`cycle_covers`](crate::cycle_covers) (with [`EdgeRules::SINGLE_CYCLE`],
    /// [`EdgeRules::SINGLE_PATH`] and [`EdgeRules::PRESENCE`]): every free cell passes the
    /// curve through (two sides open) or, when `rules` allows path ends, ends it (one side),
    /// each with weight one. The same choices those solvers sweep.
    ///
    /// ```
    /// use plugdp::engine::driver::run;
    /// use plugdp::{EdgeProblem, EdgeRules, Grid, Options};
    /// let grid = Grid::new(4, 4)?;
    /// let paths = EdgeProblem::<u64>::unit(&grid, EdgeRules::SINGLE_PATH)?;
    /// assert_eq!(run(&paths, &Options::default())?.0, 276); // OEIS A120443(4)
    /// let cycles = EdgeProblem::<u64>::unit(&grid, EdgeRules::SINGLE_CYCLE)?;
    /// assert_eq!(run(&cycles, &Options::default())?.0, 6); // OEIS A003763(2)
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    ///
    /// # Errors
    /// As [`EdgeProblem::new`].
    pub fn unit(grid: &'g Grid, rules: EdgeRules) -> Result<Self, PlugError> {
        EdgeProblem::new(grid, rules, crate::solvers::unit_choices::<V>(rules))
    }
}

impl<V: Value> Transfer for EdgeProblem<'_, V> {
    type Key = u128;
    type Value = V;

    fn size(&self) -> (usize, usize) {
        self.sweep.size()
    }

    fn start(&self) -> u128 {
        self.sweep.start()
    }

    #[inline]
    fn successors<E>(&self, r: usize, c: usize, key: u128, emit: E) -> Result<(), PlugError>
    where
        E: FnMut(u128, &V, usize) -> Result<(), PlugError>,
    {
        self.sweep.successors(r, c, key, emit)
    }

    fn row_end(&self, r: usize, key: u128) -> Option<u128> {
        self.sweep.row_end(r, key)
    }

    fn accept(&self, key: u128) -> bool {
        self.sweep.accept(key)
    }

    fn max_successors(&self, r: usize, c: usize) -> usize {
        self.sweep.max_successors(r, c)
    }
}
