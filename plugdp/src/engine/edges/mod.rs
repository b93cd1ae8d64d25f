//! The edge-plug sweep: cells choose which of their four sides are open.

mod frontier;
mod halves;
mod key;
mod problem;
mod prune;
mod sweep;
mod transitions;

use super::driver::{Driver, KeepAll};
use super::state::MAX_POSITIONS;
use crate::{Grid, PlugError, Value};
use sweep::{Options, PrunerHooks, Sweep};

pub use super::driver::Stats;

pub use frontier::Frontier;
pub(crate) use halves::run_halves;
pub use problem::EdgeProblem;
pub use prune::{NoPruning, Pruner};
pub(crate) use transitions::step;

/// A set of open sides of a cell: the bits 1 (left), 2 (up), 4 (right) and 8 (down).
///
/// An open side is an edge of the configuration between the cell and its neighbour: a path or
/// cycle passing through a cell opens two sides ([`Sides::PAIRS`]), a domino's cell opens the
/// one side towards its partner ([`Sides::SINGLES`]), an unused cell none.
///
/// ```
/// use plugdp::Sides;
/// let horizontal = Sides::LEFT.with(Sides::RIGHT);
/// assert_eq!(horizontal, Sides(5));
/// assert!(horizontal.has(Sides::LEFT) && !horizontal.has(Sides::UP));
/// // C(4, 2) = 6 ways to pass through a cell, 4 ways to leave it by one side.
/// assert_eq!((Sides::PAIRS.len(), Sides::SINGLES.len()), (6, 4));
/// assert!(Sides::PAIRS.iter().all(|s| s.degree() == 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sides(pub u8);

impl Sides {
    /// Open to the left.
    pub const LEFT: Sides = Sides(1);
    /// Open upward.
    pub const UP: Sides = Sides(2);
    /// Open to the right.
    pub const RIGHT: Sides = Sides(4);
    /// Open downward.
    pub const DOWN: Sides = Sides(8);
    /// No side open.
    pub const NONE: Sides = Sides(0);

    /// Union.
    ///
    /// ```
    /// use plugdp::Sides;
    /// let corner = Sides::UP.with(Sides::RIGHT);
    /// assert_eq!(corner, Sides(2 | 4));
    /// assert_eq!(corner.with(Sides::NONE), corner);
    /// ```
    pub const fn with(self, other: Sides) -> Sides {
        Sides(self.0 | other.0)
    }

    /// Whether all of `other` is open.
    ///
    /// ```
    /// use plugdp::Sides;
    /// let vertical = Sides::UP.with(Sides::DOWN);
    /// assert!(vertical.has(Sides::UP) && vertical.has(vertical) && vertical.has(Sides::NONE));
    /// assert!(!vertical.has(Sides::UP.with(Sides::LEFT)));
    /// ```
    pub const fn has(self, other: Sides) -> bool {
        self.0 & other.0 == other.0
    }

    /// Number of open sides.
    ///
    /// ```
    /// use plugdp::Sides;
    /// assert_eq!(Sides::NONE.degree(), 0);
    /// assert_eq!(Sides::LEFT.with(Sides::DOWN).degree(), 2);
    /// assert_eq!(Sides(15).degree(), 4);
    /// ```
    pub const fn degree(self) -> u32 {
        self.0.count_ones()
    }

    /// The six ways to open exactly two sides (a path or cycle passing through).
    pub const PAIRS: [Sides; 6] = [Sides(3), Sides(5), Sides(9), Sides(6), Sides(10), Sides(12)];

    /// The four single sides.
    pub const SINGLES: [Sides; 4] = [Sides(1), Sides(2), Sides(4), Sides(8)];
}

/// What closing a cycle (joining two plugs of the same component) means.
///
/// With every cell passing a line through ([`Sides::PAIRS`]), a 2 × 4 board has two covers by
/// loops (one loop round the board, or two 2 × 2 loops), of which one is a single cycle:
///
/// ```
/// use plugdp::{run_edges, Cycles, EdgeRules, Grid, Sides};
/// let grid = Grid::new(2, 4)?;
/// let count = |cycles| -> Result<u64, plugdp::PlugError> {
///     let rules = EdgeRules { connectivity: true, cycles, ends: 0 };
///     let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
///     Ok(run_edges(&grid, rules, pairs, &plugdp::Options::default())?.0)
/// };
/// assert_eq!(count(Cycles::Any)?, 2);
/// assert_eq!(count(Cycles::Single)?, 1);
/// assert_eq!(count(Cycles::Forbidden)?, 0); // every line through every cell must close
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cycles {
    /// Never allowed.
    Forbidden,
    /// Exactly one cycle, and nothing after it: closing requires that no other plug is open,
    /// sets the "closed" flag, and the final frontier must carry it.
    Single,
    /// Any number of cycles (the component simply ends).
    Any,
}

/// How plugs behave.
///
/// The three constants cover the usual problems; the fields can be combined freely.
///
/// ```
/// use plugdp::{run_edges, EdgeRules, Grid, Sides};
/// let grid = Grid::new(3, 3)?;
/// // Hamiltonian paths: every cell passes the path through or ends it.
/// let through_or_end = |_, _| {
///     Sides::PAIRS.iter().chain(&Sides::SINGLES).map(|&s| (s, 1u64))
/// };
/// let (paths, _) = run_edges(&grid, EdgeRules::SINGLE_PATH, through_or_end, &plugdp::Options::default())?;
/// assert_eq!(paths, 20); // OEIS A120443: 1, 4, 20, 276, …
/// // Domino tilings: every cell opens the one side towards its partner.
/// let partner = |_, _| Sides::SINGLES.iter().map(|&s| (s, 1u64));
/// let (tilings, _) = run_edges(&Grid::new(4, 4)?, EdgeRules::PRESENCE, partner, &plugdp::Options::default())?;
/// assert_eq!(tilings, 36); // OEIS A004003: 1, 2, 36, 6728, …
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EdgeRules {
    /// Track components (false: plugs are presence bits only, as for domino tilings and cycle
    /// covers, which need no connectivity).
    pub connectivity: bool,
    /// What closing a cycle means (only with connectivity).
    pub cycles: Cycles,
    /// How many path ends (cells opening exactly one side) are allowed, 0 to 3; with
    /// connectivity and a positive value the configuration must be one path: when a
    /// component's last plug ends, nothing else may be open or opened afterwards, and the final
    /// frontier must have used exactly this many ends.
    pub ends: u8,
}

impl EdgeRules {
    /// One cycle through every free cell (Hamiltonian cycles).
    pub const SINGLE_CYCLE: EdgeRules = EdgeRules {
        connectivity: true,
        cycles: Cycles::Single,
        ends: 0,
    };
    /// One path through every free cell (Hamiltonian paths: two ends).
    pub const SINGLE_PATH: EdgeRules = EdgeRules {
        connectivity: true,
        cycles: Cycles::Forbidden,
        ends: 2,
    };
    /// Plug presence only, any number of cycles (cycle covers, domino tilings).
    pub const PRESENCE: EdgeRules = EdgeRules {
        connectivity: false,
        cycles: Cycles::Any,
        ends: 0,
    };
}

pub(crate) const CLOSED: u8 = 1;

/// Checks the width, collects the choices and runs `$body` with `$sweep` bound to the driver
/// of the edge problem over 64-bit keys when the frontier fits (they hash and move faster) or
/// 128-bit keys otherwise.
macro_rules! with_sweep {
    ($grid:expr, $rules:expr, $choices:expr, $meter:expr, |$sweep:ident| $body:expr) => {{
        let positions = $grid.cols() + 1;
        if positions > MAX_POSITIONS {
            return Err(PlugError::TooWide {
                cols: $grid.cols(),
                max: MAX_POSITIONS - 1,
            });
        }
        let options = Options::new($grid, &mut $choices)?;
        if 4 * positions <= 60 {
            let problem = Sweep::<u64, _>::new($grid, $rules, options);
            let $sweep = Driver::new(&problem, $meter);
            $body
        } else {
            let problem = Sweep::<u128, _>::new($grid, $rules, options);
            let $sweep = Driver::new(&problem, $meter);
            $body
        }
    }};
}

/// Sweeps `grid`; `choices(r, c)` lists the sides a free cell may open with their weights
/// (blocked cells open nothing), as any `IntoIterator`: a `Vec`, an array, or an iterator such
/// as `Sides::PAIRS.iter().map(|&s| (s, 1u64))` (it is read once per cell, before the sweep). A cell's left and top openings must match the arriving plugs
/// exactly; openings across the board's border are not allowed. Returns the total weight of the
/// complete configurations (no plug left open; with [`Cycles::Single`], exactly one cycle; with
/// `ends`, exactly one path with that many ends).
///
/// The total is the sum, over the complete configurations, of the product of the weights of
/// the choices their cells make, in the [`Value`] type `V` (`u64`, `u128`, a modular count, an
/// optimisation value, …). Blocked cells count as choosing [`Sides::NONE`] with weight one.
///
/// `options` sets the threads and the budget. With more than one thread the workers start once
/// per sweep; in every step each of them expands an equal share of the frontiers into its own
/// partition buffers (by hash), and after a barrier worker t sums partitions t, t + `threads`,
/// … of all buffers: no contended lock, and no frontier is summed by two workers (the 16 × 16
/// Hamiltonian cycle sweep runs about 1.8 times as fast on two threads as on one, on a 2-core
/// machine). A board narrower than 10 columns with more than 4096 cells is swept on one thread
/// whatever the request: its frontiers are few, and the two barriers per step would cost more
/// than they save. The answer never depends on the threads. The budget holds within every step
/// (see [`Options`](crate::Options)).
///
/// ```
/// use plugdp::{run_edges, EdgeRules, Grid, Options, Sides};
/// // Hamiltonian cycles of the free 4 × 4 board (OEIS A003763: 1, 6, 1072, …).
/// let grid = Grid::new(4, 4)?;
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
/// let options = Options::default();
/// assert_eq!(run_edges(&grid, EdgeRules::SINGLE_CYCLE, pairs, &options)?.0, 6);
/// // The same on two threads (OEIS A003763(4): 4 638 576 on the 8 × 8 board).
/// let two = Options::default().with_threads(2);
/// assert_eq!(run_edges(&Grid::new(8, 8)?, EdgeRules::SINGLE_CYCLE, pairs, &two)?.0, 4_638_576);
///
/// // Weights: tilings of a 2 × n strip by dominoes where each vertical domino weighs 2 sum to
/// // the Pell numbers 1, 2, 5, 12, 29, … (a(n) = 2 a(n − 1) + a(n − 2)). The weight goes on
/// // the domino's top cell (the one opening downward).
/// let weighted = |_, _| {
///     Sides::SINGLES
///         .iter()
///         .map(|&s| (s, if s == Sides::DOWN { 2u64 } else { 1 }))
/// };
/// let (pell, _) = run_edges(&Grid::new(2, 4)?, EdgeRules::PRESENCE, weighted, &options)?;
/// assert_eq!(pell, 29);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// [`PlugError::TooWide`] past 30 columns, [`PlugError::BadSides`] for a choice with bits beyond
/// the four sides, [`PlugError::TooManyComponents`] if a frontier needs more than 15 labels,
/// [`PlugError::Overflow`] if a value overflows, [`PlugError::BudgetExceeded`] when the budget of
/// `options` runs out.
pub fn run_edges<V: Value, I: IntoIterator<Item = (Sides, V)>>(
    grid: &Grid,
    rules: EdgeRules,
    mut choices: impl FnMut(usize, usize) -> I,
    options: &crate::Options,
) -> Result<(V, Stats), PlugError> {
    let (meter, threads) = (options.meter(), options.threads.get());
    if threads > 1 {
        with_sweep!(grid, rules, choices, meter, |sweep| sweep
            .run_parallel(threads))
    } else {
        with_sweep!(grid, rules, choices, meter, |sweep| sweep.run(&mut KeepAll))
    }
}

/// [`run_edges`] with pruning hooks: `pruner` sees every frontier after each cell and after
/// each row and may drop it; [`Stats`] counts what each hook dropped. The hooks see the
/// frontiers in order, so the sweep runs on the calling thread: `options.threads` is not used,
/// the budget is.
///
/// ```
/// use plugdp::{run_edges_with, EdgeRules, Frontier, Grid, Pruner, Sides};
/// // Count Hamiltonian cycles, but refuse frontiers with more than 2 plugs.
/// struct AtMostTwo;
/// impl Pruner for AtMostTwo {
///     fn keep_after_cell(&mut self, _r: usize, _c: usize, f: &Frontier) -> bool {
///         f.plugs() <= 2
///     }
/// }
/// let grid = Grid::new(4, 4)?;
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
/// let (all, _) = plugdp::run_edges(&grid, EdgeRules::SINGLE_CYCLE, pairs, &plugdp::Options::default())?;
/// let (few, stats) = run_edges_with(&grid, EdgeRules::SINGLE_CYCLE, pairs, &mut AtMostTwo, &plugdp::Options::default())?;
/// assert_eq!(all, 6);
/// assert!(few < all && stats.pruned_after_cell > 0);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`run_edges`].
pub fn run_edges_with<V: Value, I: IntoIterator<Item = (Sides, V)>>(
    grid: &Grid,
    rules: EdgeRules,
    mut choices: impl FnMut(usize, usize) -> I,
    pruner: &mut dyn Pruner,
    options: &crate::Options,
) -> Result<(V, Stats), PlugError> {
    with_sweep!(grid, rules, choices, options.meter(), |sweep| sweep.run(
        &mut PrunerHooks {
            sweep: sweep.problem,
            pruner
        }
    ))
}

/// [`run_edges`] for an optimisation value ([`MaxPlus`](crate::MaxPlus),
/// [`MinPlus`](crate::MinPlus), [`Feasible`](crate::Feasible)), also returning a witness: for
/// every cell (row-major) the index, in that cell's `choices` list, of the choice one optimal
/// configuration makes (blocked cells: 0). `None` when there is no configuration.
///
/// The witness is rebuilt backwards without keeping every step's table: the forward sweep keeps
/// only the tables at every ⌈√T⌉-th of the T cells, and each segment is recomputed once from its
/// checkpoint when the backward walk reaches it, so memory is O(√T) tables and time about two
/// forward sweeps. At each step the walk picks, among the predecessors in key order, the first
/// whose value times the choice's weight equals the current value (so ties are broken the same
/// way on every run). The sweep runs on the calling thread (`options.threads` is not used); the
/// memory budget counts the checkpoints (up to ⌈√T⌉ tables besides each step's) and the
/// recomputed segment as well as each step's tables.
///
/// ```
/// use plugdp::{run_edges_witness, EdgeRules, Grid, MinPlus, Sides};
/// // The cheapest cycle cover of a 2×4 board when vertical edges cost 1 per cell and horizontal
/// // ones 0: one big loop (4 vertical half-edges) beats two 2×2 loops (8).
/// let grid = Grid::new(2, 4)?;
/// let cost = |s: Sides| (s.has(Sides::UP) as i64) + (s.has(Sides::DOWN) as i64);
/// let choices = |_, _| Sides::PAIRS.iter().map(|&s| (s, MinPlus(Some(cost(s)))));
/// let (best, witness) = run_edges_witness(&grid, EdgeRules::PRESENCE, choices, &plugdp::Options::default())?;
/// assert_eq!(best, MinPlus(Some(4)));
/// assert_eq!(witness.map(|w| w.len()), Some(8));
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`run_edges`], and [`PlugError::NoWitness`] for a counting value (whose total is a sum, so
/// no single configuration carries it).
pub fn run_edges_witness<V: Value, I: IntoIterator<Item = (Sides, V)>>(
    grid: &Grid,
    rules: EdgeRules,
    mut choices: impl FnMut(usize, usize) -> I,
    options: &crate::Options,
) -> Result<(V, Option<Vec<usize>>), PlugError> {
    with_sweep!(grid, rules, choices, options.meter(), |sweep| sweep
        .witness())
}

#[cfg(test)]
mod tests;
