//! The edge-plug sweep: cells choose which of their four sides are open.

use super::interned::Interned;
use super::state::{Labels, MAX_LABEL, MAX_POSITIONS};
use super::table::{Collector, Frontiers, TableKey};
use crate::budget::Meter;
use crate::{Grid, PlugError, Value};

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
///     let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
///     Ok(run_edges(&grid, rules, pairs, &plugdp::Options::default())?.0)
/// };
/// assert_eq!(count(Cycles::Any)?, 2);
/// assert_eq!(count(Cycles::Single)?, 1);
/// assert_eq!(count(Cycles::Forbidden)?, 0); // every line through every cell must close
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
///     Sides::PAIRS.iter().chain(&Sides::SINGLES).map(|&s| (s, 1u64)).collect()
/// };
/// let (paths, _) = run_edges(&grid, EdgeRules::SINGLE_PATH, through_or_end, &plugdp::Options::default())?;
/// assert_eq!(paths, 20); // OEIS A120443: 1, 4, 20, 276, …
/// // Domino tilings: every cell opens the one side towards its partner.
/// let partner = |_, _| Sides::SINGLES.iter().map(|&s| (s, 1u64)).collect();
/// let (tilings, _) = run_edges(&Grid::new(4, 4)?, EdgeRules::PRESENCE, partner, &plugdp::Options::default())?;
/// assert_eq!(tilings, 36); // OEIS A004003: 1, 2, 36, 6728, …
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// What the sweep saw.
///
/// ```
/// use plugdp::{run_edges, EdgeRules, Grid, Sides};
/// let grid = Grid::new(4, 4)?;
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
/// let (cycles, stats) = run_edges(&grid, EdgeRules::SINGLE_CYCLE, pairs, &plugdp::Options::default())?;
/// assert_eq!(cycles, 6); // OEIS A003763
/// assert_eq!(stats.states_per_step.len(), 16); // one entry per cell
/// assert_eq!(stats.peak, *stats.states_per_step.iter().max().unwrap());
/// assert_eq!(stats.pruned_after_cell + stats.pruned_after_row, 0); // no pruner
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Number of distinct frontiers after each cell, row-major.
    pub states_per_step: Vec<usize>,
    /// The largest of them.
    pub peak: usize,
    /// Frontiers dropped by [`Pruner::keep_after_cell`].
    pub pruned_after_cell: usize,
    /// Frontiers dropped by [`Pruner::keep_after_row`].
    pub pruned_after_row: usize,
}

pub(crate) const CLOSED: u8 = 1;

/// Checks the width, collects the choices and runs `$body` with `$sweep` bound to a sweep over
/// 64-bit keys when the frontier fits (they hash and move faster) or 128-bit keys otherwise.
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
            let $sweep = Sweep::<u64, _>::new($grid, $rules, options, $meter);
            $body
        } else {
            let $sweep = Sweep::<u128, _>::new($grid, $rules, options, $meter);
            $body
        }
    }};
}

/// Sweeps `grid`; `choices(r, c)` lists the sides a free cell may open with their weights
/// (blocked cells open nothing). A cell's left and top openings must match the arriving plugs
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
/// than they save. The answer never depends on the threads. The budget is checked after every
/// step (see [`Options`](crate::Options)).
///
/// ```
/// use plugdp::{run_edges, EdgeRules, Grid, Options, Sides};
/// // Hamiltonian cycles of the free 4 × 4 board (OEIS A003763: 1, 6, 1072, …).
/// let grid = Grid::new(4, 4)?;
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
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
///         .collect()
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
pub fn run_edges<V: Value>(
    grid: &Grid,
    rules: EdgeRules,
    mut choices: impl FnMut(usize, usize) -> Vec<(Sides, V)>,
    options: &crate::Options,
) -> Result<(V, Stats), PlugError> {
    let (meter, threads) = (options.meter(), options.threads.get());
    if threads > 1 {
        with_sweep!(grid, rules, choices, meter, |sweep| sweep
            .run_parallel(threads))
    } else {
        with_sweep!(grid, rules, choices, meter, |sweep| sweep
            .run(&mut NoPruning))
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
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
/// let (all, _) = plugdp::run_edges(&grid, EdgeRules::SINGLE_CYCLE, pairs, &plugdp::Options::default())?;
/// let (few, stats) = run_edges_with(&grid, EdgeRules::SINGLE_CYCLE, pairs, &mut AtMostTwo, &plugdp::Options::default())?;
/// assert_eq!(all, 6);
/// assert!(few < all && stats.pruned_after_cell > 0);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`run_edges`].
pub fn run_edges_with<V: Value>(
    grid: &Grid,
    rules: EdgeRules,
    mut choices: impl FnMut(usize, usize) -> Vec<(Sides, V)>,
    pruner: &mut dyn Pruner,
    options: &crate::Options,
) -> Result<(V, Stats), PlugError> {
    with_sweep!(grid, rules, choices, options.meter(), |sweep| sweep
        .run(pruner))
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
/// memory budget is checked against each step's table, and the checkpoints keep up to ⌈√T⌉
/// such tables besides.
///
/// ```
/// use plugdp::{run_edges_witness, EdgeRules, Grid, MinPlus, Sides};
/// // The cheapest cycle cover of a 2×4 board when vertical edges cost 1 per cell and horizontal
/// // ones 0: one big loop (4 vertical half-edges) beats two 2×2 loops (8).
/// let grid = Grid::new(2, 4)?;
/// let cost = |s: Sides| (s.has(Sides::UP) as i64) + (s.has(Sides::DOWN) as i64);
/// let choices = |_, _| Sides::PAIRS.iter().map(|&s| (s, MinPlus(Some(cost(s))))).collect();
/// let (best, witness) = run_edges_witness(&grid, EdgeRules::PRESENCE, choices, &plugdp::Options::default())?;
/// assert_eq!(best, MinPlus(Some(4)));
/// assert_eq!(witness.map(|w| w.len()), Some(8));
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`run_edges`], and [`PlugError::NoWitness`] for a counting value (whose total is a sum, so
/// no single configuration carries it).
pub fn run_edges_witness<V: Value>(
    grid: &Grid,
    rules: EdgeRules,
    mut choices: impl FnMut(usize, usize) -> Vec<(Sides, V)>,
    options: &crate::Options,
) -> Result<(V, Option<Vec<usize>>), PlugError> {
    with_sweep!(grid, rules, choices, options.meter(), |sweep| sweep
        .witness())
}

/// [`run_edges`] with [`EdgeRules::SINGLE_CYCLE`], by meeting in the middle: the top half of
/// the board and the bottom half (swept upwards, as the top of the vertically flipped board)
/// are swept to the middle row boundary and joined there by their plug sets and matchings (see
/// [`meander`](super::meander)). When the bottom half is the top half's mirror image (an even
/// number of rows, each cell blocked like its mirror cell and offering its mirror cell's choices
/// with up and down exchanged) one sweep serves both halves; otherwise, with more than one
/// thread, the two halves run at the same time, each on half of the threads.
///
/// The halves are swept with values of type `H` and joined in `V` (`widen` converts): half
/// counts are about the square root of the total, so a 64-bit half sweep with a 128-bit join
/// keeps the sweep's tables small; an overflow in either is [`PlugError::Overflow`], as usual.
///
/// `Ok(None)` when the method does not apply and the caller should sweep the whole board: fewer
/// than two rows, more than [`meander::MAX_COLS`](super::meander::MAX_COLS) columns, a half
/// without free cells, or a choice of a free cell that does not open exactly two sides (then a
/// cycle could close inside one half).
///
/// # Errors
/// As [`run_edges`].
pub(crate) fn run_cycle_halves<H: Value, V: Value>(
    grid: &Grid,
    mut choices: impl FnMut(usize, usize) -> Vec<(Sides, H)>,
    options: &crate::Options,
    widen: impl Fn(&H) -> V,
) -> Result<Option<V>, PlugError> {
    let (rows, cols) = (grid.rows(), grid.cols());
    if rows < 2 || cols > super::meander::MAX_COLS {
        return Ok(None);
    }
    let top_rows = rows / 2;
    let has_free = |rs: core::ops::Range<usize>| {
        rs.into_iter()
            .any(|r| (0..cols).any(|c| !grid.is_blocked(r, c)))
    };
    if !has_free(0..top_rows) || !has_free(top_rows..rows) {
        return Ok(None);
    }
    let mut lists: Interned<Vec<(Sides, H)>> = Interned::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let list = if grid.is_blocked(r, c) {
                Vec::new()
            } else {
                choices(r, c)
            };
            for (sides, _) in &list {
                if sides.0 & !0xF != 0 {
                    return Err(PlugError::BadSides {
                        row: r,
                        col: c,
                        sides: sides.0,
                    });
                }
                if sides.degree() != 2 {
                    return Ok(None);
                }
            }
            lists.push(list);
        }
    }
    let flipped = Grid::with_blocked(
        rows,
        cols,
        (0..rows * cols)
            .map(|i| grid.is_blocked(rows - 1 - i / cols, i % cols))
            .collect(),
    )?;
    let halves = Halves {
        grid,
        flipped: &flipped,
        lists: &lists,
        top_rows,
        meter: options.meter(),
    };
    let threads = options.threads.get();
    let value = if 4 * (cols + 1) <= 60 {
        halves.run::<u64, V>(threads, widen)?
    } else {
        halves.run::<u128, V>(threads, widen)?
    };
    Ok(Some(value))
}

/// Boards narrower than this and with more than [`MAX_UNPOOLED_CELLS`] cells are swept on one
/// thread even when more are asked for (see `sweep_rows`).
const MIN_POOLED_COLS: usize = 10;
/// See [`MIN_POOLED_COLS`].
const MAX_UNPOOLED_CELLS: usize = 4096;

/// Up and down exchanged.
fn mirrored(sides: Sides) -> Sides {
    Sides(sides.0 & 0b0101 | (sides.0 & 0b0010) << 2 | (sides.0 & 0b1000) >> 2)
}

/// Whether two lists hold the same (sides, weight) pairs, in any order.
fn same_choices<V: PartialEq>(a: &[(Sides, V)], b: &[(Sides, V)]) -> bool {
    let mut used = vec![false; b.len()];
    a.len() == b.len()
        && a.iter().all(|x| {
            let found = (0..b.len()).find(|&j| !used[j] && b[j] == *x);
            found.map(|j| used[j] = true).is_some()
        })
}

/// The two halves of a board for [`run_cycle_halves`].
struct Halves<'a, H> {
    grid: &'a Grid,
    flipped: &'a Grid,
    /// Every cell's choices, row-major (blocked cells: none).
    lists: &'a Interned<Vec<(Sides, H)>>,
    top_rows: usize,
    /// The budget of each half sweep.
    meter: Meter,
}

impl<H: Value> Halves<'_, H> {
    /// The choices of cell `(r, c)` of the flipped board.
    fn flipped_choices(&self, r: usize, c: usize) -> Vec<(Sides, H)> {
        let cols = self.grid.cols();
        self.lists
            .get((self.grid.rows() - 1 - r) * cols + c)
            .iter()
            .map(|(s, w)| (mirrored(*s), w.clone()))
            .collect()
    }

    fn symmetric(&self) -> bool {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        rows.is_multiple_of(2)
            && (0..rows).all(|r| {
                (0..cols).all(|c| {
                    self.grid.is_blocked(r, c) == self.flipped.is_blocked(r, c)
                        && same_choices(self.lists.get(r * cols + c), &self.flipped_choices(r, c))
                })
            })
    }

    /// The halves swept with keys `K`, joined in `V`.
    fn run<K: Key + Send + Sync, V: Value>(
        &self,
        threads: usize,
        widen: impl Fn(&H) -> V,
    ) -> Result<V, PlugError> {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let top_options =
            Options::new(self.grid, &mut |r, c| self.lists.get(r * cols + c).clone())?;
        let top = Sweep::<K, H>::new(self.grid, EdgeRules::SINGLE_CYCLE, top_options, self.meter);
        let meanders = super::meander::Meanders::new(cols);
        let slots = |(fronts, _): (Vec<Frontiers<K, H>>, Stats)| -> Vec<V> {
            let mut out = vec![V::zero(); meanders.len()];
            for list in &fronts {
                for (key, value) in list.iter() {
                    if let Some(slot) = meanders.slot(key.widen()) {
                        // Distinct keys in minimal representation are distinct matchings:
                        // every slot is written once.
                        debug_assert!(out[slot].is_zero(), "slot {slot} written twice");
                        out[slot] = widen(value);
                    }
                }
            }
            out
        };
        if self.symmetric() {
            let half = slots(top.sweep_rows(self.top_rows, threads)?);
            return meanders.join(&half, &half);
        }
        let bottom_options = Options::new(self.flipped, &mut |r, c| self.flipped_choices(r, c))?;
        let bottom = Sweep::<K, H>::new(
            self.flipped,
            EdgeRules::SINGLE_CYCLE,
            bottom_options,
            self.meter,
        );
        let bottom_rows = rows - self.top_rows;
        let (up, down) = if threads == 1 {
            (
                slots(top.sweep_rows(self.top_rows, 1)?),
                slots(bottom.sweep_rows(bottom_rows, 1)?),
            )
        } else {
            let (mine, theirs) = (threads / 2, threads - threads / 2);
            std::thread::scope(|scope| -> Result<_, PlugError> {
                let spawned = std::thread::Builder::new()
                    .spawn_scoped(scope, || bottom.sweep_rows(bottom_rows, theirs));
                let up = top.sweep_rows(self.top_rows, mine);
                let down = match spawned.map(|handle| handle.join()) {
                    Ok(Ok(outcome)) => outcome,
                    Ok(Err(panic)) => std::panic::resume_unwind(panic),
                    // No thread to be had: sweep the bottom half here.
                    Err(_) => bottom.sweep_rows(bottom_rows, theirs),
                };
                Ok((slots(up?), slots(down?)))
            })?
        };
        meanders.join(&up, &down)
    }
}

/// The choices of every cell, bucketed by the plugs they expect from the left and from above.
struct Options<V> {
    cells: Interned<[Vec<(Sides, V, usize)>; 4]>,
}

impl<V: Value> Options<V> {
    /// # Errors
    /// [`PlugError::BadSides`] for a choice with bits beyond the four sides.
    fn new(
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

/// Hooks consulted by [`run_edges_with`]; both keep everything by default.
///
/// A pruner sees every [`Frontier`] and may drop it (a bound, a constraint the cell choices
/// cannot express), or just watch. Here one checks that a single cycle always crosses the
/// contour between processed and unprocessed cells an even number of times:
///
/// ```
/// use plugdp::{run_edges_with, EdgeRules, Frontier, Grid, Pruner, Sides};
/// struct EvenCrossings {
///     seen: usize,
/// }
/// impl Pruner for EvenCrossings {
///     fn keep_after_cell(&mut self, _r: usize, _c: usize, f: &Frontier) -> bool {
///         assert_eq!(f.plugs() % 2, 0);
///         self.seen += 1;
///         true // keep everything
///     }
/// }
/// let grid = Grid::new(4, 4)?;
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
/// let mut watch = EvenCrossings { seen: 0 };
/// let (cycles, stats) = run_edges_with(&grid, EdgeRules::SINGLE_CYCLE, pairs, &mut watch, &plugdp::Options::default())?;
/// assert_eq!(cycles, 6); // unchanged: nothing was dropped
/// assert!(watch.seen > 0 && stats.pruned_after_cell == 0);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
pub trait Pruner {
    /// Whether the hooks may drop anything at all; a pruner that answers `false` is never
    /// consulted, which saves a pass over every table (the default answers `true`).
    fn is_active(&self) -> bool {
        true
    }
    /// Whether to keep `frontier` after cell `(r, c)`.
    fn keep_after_cell(&mut self, r: usize, c: usize, frontier: &Frontier) -> bool {
        let _ = (r, c, frontier);
        true
    }
    /// Whether to keep `frontier` after row `r` (positions already shifted for the next row).
    fn keep_after_row(&mut self, r: usize, frontier: &Frontier) -> bool {
        let _ = (r, frontier);
        true
    }
}

/// The pruner that keeps everything ([`run_edges`] is [`run_edges_with`] and `NoPruning`).
///
/// ```
/// use plugdp::{run_edges_with, EdgeRules, Grid, NoPruning, Sides};
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
/// let (n, _) = run_edges_with(&Grid::new(6, 6)?, EdgeRules::SINGLE_CYCLE, pairs, &mut NoPruning, &plugdp::Options::default())?;
/// assert_eq!(n, 1072); // OEIS A003763(3)
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPruning;

impl Pruner for NoPruning {
    fn is_active(&self) -> bool {
        false
    }
}

/// A read-only view of one frontier, for [`Pruner`]s.
///
/// The contour between processed and unprocessed cells has `cols + 1` positions; each holds
/// no plug (label 0) or a plug whose label names its component, in minimal representation
/// (labels numbered 1, 2, … in order of first appearance from position 0).
///
/// ```
/// use plugdp::{run_edges_with, EdgeRules, Frontier, Grid, Pruner, Sides};
/// struct Check;
/// impl Pruner for Check {
///     fn keep_after_cell(&mut self, _r: usize, _c: usize, f: &Frontier) -> bool {
///         assert_eq!(f.positions(), 5); // 4 columns
///         let labels: Vec<u8> = (0..f.positions()).map(|j| f.label(j)).collect();
///         // Minimal representation: the first plug met has label 1.
///         if let Some(&first) = labels.iter().find(|&&l| l != 0) {
///             assert_eq!(first, 1);
///         }
///         // Before the cycle closes, each component is a path with two ends on the contour.
///         if !f.closed() {
///             for l in 1..=labels.iter().copied().max().unwrap_or(0) {
///                 assert_eq!(labels.iter().filter(|&&x| x == l).count(), 2);
///             }
///         } else {
///             assert_eq!(f.plugs(), 0); // a single cycle closes only when nothing else is open
///         }
///         true
///     }
/// }
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
/// let (n, _) = run_edges_with(&Grid::new(4, 4)?, EdgeRules::SINGLE_CYCLE, pairs, &mut Check, &plugdp::Options::default())?;
/// assert_eq!(n, 6);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Frontier {
    labels: [u8; MAX_POSITIONS + 1],
    positions: usize,
    flags: u8,
}

impl Frontier {
    /// Number of contour positions (columns + 1).
    ///
    /// ```
    /// use plugdp::{run_edges_with, EdgeRules, Frontier, Grid, Pruner, Sides};
    /// struct Width(usize);
    /// impl Pruner for Width {
    ///     fn keep_after_row(&mut self, _r: usize, f: &Frontier) -> bool {
    ///         self.0 = f.positions();
    ///         true
    ///     }
    /// }
    /// let mut w = Width(0);
    /// let singles = |_, _| Sides::SINGLES.iter().map(|&s| (s, 1u64)).collect();
    /// let (tilings, _) = run_edges_with(&Grid::new(3, 6)?, EdgeRules::PRESENCE, singles, &mut w, &plugdp::Options::default())?;
    /// assert_eq!((w.0, tilings), (7, 41)); // 3 × 6 has 41 domino tilings (OEIS A001835)
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The component label at position `j` (0: no plug), in minimal representation; positions
    /// past the contour read 0.
    ///
    /// ```
    /// use plugdp::{run_edges_with, EdgeRules, Frontier, Grid, Pruner, Sides};
    /// // The only Hamiltonian cycle of a 2 × 3 board is its border: after the first row, the
    /// // row is one path whose two ends go down in the outer columns.
    /// struct FirstRow(Vec<Vec<u8>>);
    /// impl Pruner for FirstRow {
    ///     fn keep_after_row(&mut self, r: usize, f: &Frontier) -> bool {
    ///         if r == 0 {
    ///             self.0.push((0..f.positions()).map(|j| f.label(j)).collect());
    ///         }
    ///         true
    ///     }
    /// }
    /// let mut rows = FirstRow(Vec::new());
    /// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
    /// let (n, _) = run_edges_with(&Grid::new(2, 3)?, EdgeRules::SINGLE_CYCLE, pairs, &mut rows, &plugdp::Options::default())?;
    /// assert_eq!(n, 1); // the 2 × 3 board's border
    /// assert_eq!(rows.0.len(), 1);
    /// let plugs: Vec<u8> = rows.0[0].iter().copied().filter(|&l| l != 0).collect();
    /// assert_eq!(plugs, [1, 1]); // two ends of one component
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn label(&self, j: usize) -> u8 {
        self.labels.get(j).copied().unwrap_or(0)
    }

    /// Number of plugs (positions with a nonzero label).
    ///
    /// See [`Pruner`] for an example: a single cycle always leaves an even number of plugs.
    ///
    /// ```
    /// use plugdp::{run_edges_with, EdgeRules, Frontier, Grid, Pruner, Sides};
    /// // Domino tilings: a plug is a vertical domino sticking out of the finished rows.
    /// struct MostPlugs(usize);
    /// impl Pruner for MostPlugs {
    ///     fn keep_after_row(&mut self, _r: usize, f: &Frontier) -> bool {
    ///         self.0 = self.0.max(f.plugs());
    ///         true
    ///     }
    /// }
    /// let mut most = MostPlugs(0);
    /// let singles = |_, _| Sides::SINGLES.iter().map(|&s| (s, 1u64)).collect();
    /// let (n, _) = run_edges_with(&Grid::new(2, 4)?, EdgeRules::PRESENCE, singles, &mut most, &plugdp::Options::default())?;
    /// assert_eq!(n, 5); // Fibonacci
    /// assert_eq!(most.0, 4); // all four dominoes vertical
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn plugs(&self) -> usize {
        self.labels[..self.positions]
            .iter()
            .filter(|&&l| l != 0)
            .count()
    }

    /// Whether a cycle has closed or a path has been completed.
    ///
    /// With [`EdgeRules::SINGLE_CYCLE`] a cycle may close early (round the first rows of a
    /// board, say); such a frontier dies at the next free cell, which may open nothing. After
    /// the last cell only the closed, empty contour remains.
    ///
    /// ```
    /// use plugdp::{run_edges_with, EdgeRules, Frontier, Grid, Pruner, Sides};
    /// struct Closed(Vec<(usize, usize)>);
    /// impl Pruner for Closed {
    ///     fn keep_after_cell(&mut self, r: usize, c: usize, f: &Frontier) -> bool {
    ///         if f.closed() {
    ///             self.0.push((r, c));
    ///         }
    ///         true
    ///     }
    /// }
    /// let mut closed = Closed(Vec::new());
    /// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
    /// let grid = Grid::new(4, 4)?;
    /// let (n, _) = run_edges_with(&grid, EdgeRules::SINGLE_CYCLE, pairs, &mut closed, &plugdp::Options::default())?;
    /// assert_eq!(n, 6);
    /// assert_eq!(closed.0.iter().filter(|&&cell| cell == (3, 3)).count(), 1);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn closed(&self) -> bool {
        self.flags & CLOSED != 0
    }
}

/// A packed frontier: labels in the low bits, flags in the top four bits.
///
/// The common transitions ([`fast_step`]) work on the key's own integer type, so that narrow
/// boards never pay for 128-bit shifts.
trait Key:
    TableKey
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitOr<Output = Self>
    + core::ops::BitXor<Output = Self>
    + core::ops::Not<Output = Self>
    + core::ops::Add<Output = Self>
    + core::ops::Shl<usize, Output = Self>
    + core::ops::Shr<usize, Output = Self>
    + From<u8>
{
    /// Where the flags start.
    const FLAG_SHIFT: usize;
    /// The key with its flags at bit 124 (the engine-wide layout of [`Labels`]).
    fn widen(self) -> u128;
    /// The inverse of [`widen`](Key::widen).
    fn narrow(wide: u128) -> Self;
    /// The low 8 bits.
    fn low_byte(self) -> u8;
    /// The bits of the first `positions` labels.
    fn label_mask(positions: usize) -> Self;
    /// `byte` in every byte.
    fn splat(byte: u8) -> Self;
    /// Whether the value is zero.
    fn is_zero(self) -> bool;
    /// Wrapping multiplication (used with masks whose products never carry).
    fn mul(self, other: Self) -> Self;
    /// Wrapping subtraction (used lane by lane where no lane borrows).
    fn sub(self, other: Self) -> Self;
    /// The low and high 64 bits (label loops run on words: no 128-bit variable shifts).
    fn words(self) -> [u64; 2];
    /// The inverse of [`words`](Key::words).
    fn from_words(words: [u64; 2]) -> Self;
}

/// The [`Key`] methods that are plain integer arithmetic, the same for both widths.
macro_rules! key_arithmetic {
    ($t:ty) => {
        #[inline(always)]
        fn low_byte(self) -> u8 {
            self as u8
        }
        #[inline(always)]
        fn label_mask(positions: usize) -> Self {
            (1 << (4 * positions)) - 1
        }
        #[inline(always)]
        fn splat(byte: u8) -> Self {
            <$t>::from_ne_bytes([byte; core::mem::size_of::<$t>()])
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            self == 0
        }
        #[inline(always)]
        fn mul(self, other: Self) -> Self {
            self.wrapping_mul(other)
        }
        #[inline(always)]
        fn sub(self, other: Self) -> Self {
            self.wrapping_sub(other)
        }
    };
}

impl Key for u64 {
    const FLAG_SHIFT: usize = 60;
    key_arithmetic!(u64);
    #[inline(always)]
    fn words(self) -> [u64; 2] {
        [self, 0]
    }
    #[inline(always)]
    fn from_words(words: [u64; 2]) -> Self {
        words[0]
    }

    #[inline]
    fn widen(self) -> u128 {
        // Move the flags to the engine-wide position (bit 124).
        let labels = u128::from(self & ((1 << 60) - 1));
        labels | u128::from(self >> 60) << 124
    }
    #[inline]
    fn narrow(wide: u128) -> Self {
        let labels = (wide & ((1 << 60) - 1)) as u64;
        labels | ((wide >> 124) as u64) << 60
    }
}

impl Key for u128 {
    const FLAG_SHIFT: usize = 124;
    key_arithmetic!(u128);
    #[inline(always)]
    fn words(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }
    #[inline(always)]
    fn from_words(words: [u64; 2]) -> Self {
        u128::from(words[0]) | u128::from(words[1]) << 64
    }

    #[inline]
    fn widen(self) -> u128 {
        self
    }
    #[inline]
    fn narrow(wide: u128) -> Self {
        wide
    }
}

struct Sweep<'g, K, V> {
    grid: &'g Grid,
    rules: EdgeRules,
    options: Options<V>,
    /// The budget checked after every step.
    meter: Meter,
    _key: core::marker::PhantomData<K>,
}

impl<'g, K: Key, V: Value> Sweep<'g, K, V> {
    fn new(grid: &'g Grid, rules: EdgeRules, options: Options<V>, meter: Meter) -> Self {
        Sweep {
            grid,
            rules,
            options,
            meter,
            _key: core::marker::PhantomData,
        }
    }

    /// Checks the budget after a step that kept `states` frontiers.
    fn check(&self, states: usize) -> Result<(), PlugError> {
        self.meter.check(states, Meter::edge_state_bytes::<K, V>())
    }

    fn positions(&self) -> usize {
        self.grid.cols() + 1
    }

    /// The accepting final key.
    fn accepting(&self) -> K {
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
    fn expected(&self, states: usize, i: usize) -> usize {
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
    fn shifted(&self, key: K) -> K {
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

    fn witness(&self) -> Result<(V, Option<Vec<usize>>), PlugError> {
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
    fn expand(
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

    fn run(&self, pruner: &mut dyn Pruner) -> Result<(V, Stats), PlugError> {
        let (last, stats) = self.sweep_sequential(self.grid.rows(), pruner)?;
        let value = last.get(self.accepting()).cloned();
        Ok((value.unwrap_or_else(V::zero), stats))
    }

    /// The frontiers after the first `rows` rows (shifted for the next row), on this thread,
    /// with `pruner` consulted after every cell and row.
    fn sweep_sequential(
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

impl<K: Key + Send + Sync, V: Value> Sweep<'_, K, V> {
    /// [`run`](Self::run) without pruning, big steps on `threads` threads (see
    /// [`run_edges`] with more than one thread).
    fn run_parallel(&self, threads: usize) -> Result<(V, Stats), PlugError> {
        let (lists, stats) = self.sweep_rows(self.grid.rows(), threads)?;
        let accepting = self.accepting();
        let value = lists.iter().find_map(|l| l.get(accepting).cloned());
        Ok((value.unwrap_or_else(V::zero), stats))
    }

    /// The frontiers after the first `rows` rows (shifted for the next row), in one list per
    /// thread: [`sweep_sequential`](Self::sweep_sequential) on one thread,
    /// [`sweep_rows_pooled`](Self::sweep_rows_pooled) on more.
    fn sweep_rows(
        &self,
        rows: usize,
        threads: usize,
    ) -> Result<(Vec<Frontiers<K, V>>, Stats), PlugError> {
        // Per-thread tables are sized before any thread starts: a request past what can help
        // (or what the system can start) is clamped rather than allocated.
        let threads = threads.min(crate::Options::MAX_THREADS);
        // The pool costs two barriers (some microseconds) per step. A narrow board's frontiers
        // are few, so on a long narrow board that cost is all there is (a 3 000 000 × 1 board:
        // 55 s on two threads, 2.6 s on one); on a small board it is negligible either way.
        let narrow_and_long = self.grid.cols() < MIN_POOLED_COLS
            && self.grid.rows() * self.grid.cols() > MAX_UNPOOLED_CELLS;
        if threads > 1 && !narrow_and_long {
            return self.sweep_rows_pooled(rows, threads);
        }
        let (list, stats) = self.sweep_sequential(rows, &mut NoPruning)?;
        Ok((vec![list], stats))
    }

    /// [`sweep_rows`](Self::sweep_rows) on `threads` worker threads started once for the whole
    /// sweep. Every step has two phases separated by barriers: each worker expands an equal
    /// share of all frontiers into its own partition buffers (by hash bits), then worker t sums
    /// partitions t, t + threads, … of every worker's buffers into its own list. No locks are
    /// contended (each lock guards data one phase writes and the next reads), and no frontier is
    /// summed by two workers. An error or a panic in one worker stops all of them at the next
    /// barrier.
    fn sweep_rows_pooled(
        &self,
        rows: usize,
        threads: usize,
    ) -> Result<(Vec<Frontiers<K, V>>, Stats), PlugError> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::{Barrier, Condvar, Mutex, RwLock};
        type Parts<K, V> = Vec<Vec<(K, V)>>;
        let cols = self.grid.cols();
        let bank = || -> Vec<RwLock<Frontiers<K, V>>> {
            (0..threads)
                .map(|_| RwLock::new(Frontiers::default()))
                .collect()
        };
        // Step s reads bank s % 2 and writes bank (s + 1) % 2.
        let banks = [bank(), bank()];
        *write(&banks[0][0]) = Frontiers::single(K::narrow(0), V::one());
        let parts: Vec<RwLock<Parts<K, V>>> =
            (0..threads).map(|_| RwLock::new(Vec::new())).collect();
        let barrier = Barrier::new(threads);
        // The first step in which a worker failed (usize::MAX: none). Every worker decides to
        // stop after the closing barrier of step s by whether a failure happened in a step
        // <= s: those were all recorded before that barrier, so the workers agree (a failure
        // already recorded by a fast worker in step s + 1 must not stop a slow one early, or
        // the fast one would wait at a barrier forever).
        let failed_at = AtomicUsize::new(usize::MAX);
        let trouble: Mutex<Option<Trouble>> = Mutex::new(None);
        let fail = |t: Trouble, step: usize| {
            let mut slot = trouble
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // A panic outranks an error (it must not vanish behind, say, an overflow that a
            // caller answers by retrying wider).
            if slot.is_none()
                || matches!((&*slot, &t), (Some(Trouble::Error(_)), Trouble::Panic(_)))
            {
                *slot = Some(t);
            }
            failed_at.fetch_min(step, Ordering::AcqRel);
        };
        // Whether any worker failed so far (its work is then useless; skipping is safe).
        let failed = || failed_at.load(Ordering::Acquire) != usize::MAX;
        // At least one partition per worker.
        let min_bits = threads.next_power_of_two().trailing_zeros();
        let worker = |t: usize| -> Stats {
            let mut collector: Collector<K, V> = Collector::default();
            let mut stats = Stats::default();
            let mut step = 0usize;
            'sweep: for r in 0..rows {
                for c in 0..cols {
                    let (src, dst) = (&banks[step % 2], &banks[(step + 1) % 2]);
                    if !failed() {
                        let expand = || -> Result<(), PlugError> {
                            let lists: Vec<_> = src.iter().map(read).collect();
                            let lens: Vec<usize> = lists.iter().map(|l| l.len()).collect();
                            let total = lens.iter().sum();
                            // Every worker sees the same total: they fail at the same step
                            // (a deadline read at different moments is settled by failed_at).
                            self.check(total)?;
                            let bits = Collector::<K, V>::partition_bits(
                                self.expected(total, r * cols + c),
                            )
                            .max(min_bits);
                            let mut mine = write(&parts[t]);
                            collector.restore_parts(std::mem::take(&mut *mine));
                            collector.begin_partitioned(bits);
                            let outcome =
                                share(&lens, threads, t)
                                    .into_iter()
                                    .try_for_each(|(l, range)| {
                                        self.expand(&lists[l], range, r, c, &mut collector)
                                    });
                            *mine = collector.take_parts();
                            outcome
                        };
                        run_guarded(expand, |e| fail(e, step));
                    }
                    barrier.wait();
                    if !failed() {
                        let gather = || -> Result<(), PlugError> {
                            let all: Vec<_> = parts.iter().map(read).collect();
                            let mut out = write(&dst[t]);
                            out.clear();
                            collector.gather(&all, t, threads, &mut out, sum)?;
                            if c + 1 == cols {
                                for key in out.keys_mut() {
                                    *key = self.shifted(*key);
                                }
                            }
                            Ok(())
                        };
                        run_guarded(gather, |e| fail(e, step));
                    }
                    barrier.wait();
                    if failed_at.load(Ordering::Acquire) <= step {
                        break 'sweep;
                    }
                    if t == 0 {
                        let total = dst.iter().map(|l| read(l).len()).sum();
                        stats.states_per_step.push(total);
                        stats.peak = stats.peak.max(total);
                    }
                    step += 1;
                }
            }
            stats
        };
        // The workers wait at a gate until all of them have started: if the system refuses a
        // thread, the started ones leave (they never reach a barrier sized for all) and the
        // sweep runs on this thread instead.
        let gate: (Mutex<Option<bool>>, Condvar) = (Mutex::new(None), Condvar::new());
        let pass = || {
            let (open, signal) = &gate;
            let mut open = open
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            while open.is_none() {
                open = signal
                    .wait(open)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
            }
            *open == Some(true)
        };
        let stats = std::thread::scope(|scope| {
            let (worker, pass) = (&worker, &pass);
            let mut handles = Vec::with_capacity(threads - 1);
            for t in 1..threads {
                let spawned = std::thread::Builder::new()
                    .spawn_scoped(scope, move || pass().then(|| worker(t)));
                match spawned {
                    Ok(handle) => handles.push(handle),
                    Err(_) => break,
                }
            }
            let started = handles.len() + 1 == threads;
            *gate
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(started);
            gate.1.notify_all();
            let stats = started.then(|| worker(0));
            for handle in handles {
                // Workers catch their own panics; a panic here would be in the joining itself.
                if let Err(panic) = handle.join() {
                    std::panic::resume_unwind(panic);
                }
            }
            stats
        });
        let Some(stats) = stats else {
            return self.sweep_rows(rows, 1);
        };
        match trouble
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
        {
            Some(Trouble::Error(e)) => Err(e),
            Some(Trouble::Panic(p)) => std::panic::resume_unwind(p),
            None => {
                let [a, b] = banks;
                let last = if (rows * cols).is_multiple_of(2) {
                    a
                } else {
                    b
                };
                let lists = last
                    .into_iter()
                    .map(|l| {
                        l.into_inner()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                    })
                    .collect();
                Ok((lists, stats))
            }
        }
    }
}

/// What stopped a worker of [`Sweep::sweep_rows_pooled`].
enum Trouble {
    Error(PlugError),
    Panic(Box<dyn std::any::Any + Send>),
}

/// Runs `work`, reporting its error or panic to `fail` (so the other workers stop at the next
/// barrier instead of waiting for this one forever).
fn run_guarded(work: impl FnOnce() -> Result<(), PlugError>, fail: impl FnOnce(Trouble)) {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => fail(Trouble::Error(e)),
        Err(panic) => fail(Trouble::Panic(panic)),
    }
}

/// A read lock that ignores poisoning (workers never panic while holding one: panics are
/// caught inside the phase, and the data is only used if no worker failed).
fn read<T>(lock: &std::sync::RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A write lock that ignores poisoning (see [`read`]).
fn write<T>(lock: &std::sync::RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    lock.write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Worker `t`'s share of frontiers from lists of lengths `lens`, as (list, index range) pieces:
/// the `t`-th of `threads` nearly equal consecutive slices of their concatenation.
fn share(lens: &[usize], threads: usize, t: usize) -> Vec<(usize, core::ops::Range<usize>)> {
    let total: usize = lens.iter().sum();
    let (from, to) = (total * t / threads, total * (t + 1) / threads);
    let mut out = Vec::new();
    let mut start = 0;
    for (l, &len) in lens.iter().enumerate() {
        let (lo, hi) = (from.max(start), to.min(start + len));
        if lo < hi {
            out.push((l, lo - start..hi - start));
        }
        start += len;
    }
    out
}

/// What [`fast_step`] made of a transition.
enum Fast<K> {
    /// The successor, in minimal representation.
    Done(K),
    /// The choice does not fit the state.
    Dead,
    /// More components than labels.
    TooMany,
    /// Not a case the fast path knows: use [`step`].
    General,
}

/// The label (4 bits) at position `j` of a packed frontier.
#[inline(always)]
fn nib<K: Key>(key: K, j: usize) -> u8 {
    (key >> (4 * j)).low_byte() & 0xF
}

/// The common transitions computed on the packed frontier, without decoding it: presence
/// plugs; a plug passing through; a new component opening right and down (labels after it
/// move up by one); two components merging; a single cycle closing. Everything else (path
/// ends, branching cells, cycles closing under [`Cycles::Any`]) is left to [`step`].
#[inline(always)]
fn fast_step<K: Key>(
    wide: K,
    sides: Sides,
    r: usize,
    c: usize,
    rows: usize,
    cols: usize,
    rules: EdgeRules,
) -> Fast<K> {
    let (right, down) = (sides.has(Sides::RIGHT), sides.has(Sides::DOWN));
    if (right && c + 1 == cols) || (down && r + 1 == rows) {
        return Fast::Dead;
    }
    let closed = (wide >> K::FLAG_SHIFT).low_byte() & CLOSED != 0;
    if closed && sides.0 != 0 {
        return Fast::Dead;
    }
    let (a, b) = (nib(wide, c), nib(wide, c + 1));
    let cleared = wide & !(K::from(0xFF) << (4 * c));
    let zero = K::from(0);
    let out = |label: u8| {
        let label = K::from(label);
        (if down { label << (4 * c) } else { zero })
            | (if right { label << (4 * (c + 1)) } else { zero })
    };
    if !rules.connectivity {
        return Fast::Done(cleared | out(1));
    }
    if rules.ends > 0 {
        return Fast::General;
    }
    let positions = cols + 1;
    match (a, b, sides.degree()) {
        // Nothing in, nothing out: the frontier is unchanged.
        (0, 0, 0) => Fast::Done(wide),
        // A new component: its label is one more than the largest label before position c
        // (minimal representation numbers labels by first appearance), and every later label
        // above that moves up by one.
        (0, 0, 2) if right && down => {
            let words = wide.words();
            let m = (0..c)
                .map(|j| (words[j / 16] >> (4 * (j % 16))) as u8 & 0xF)
                .max()
                .unwrap_or(0);
            if m >= MAX_LABEL {
                return Fast::TooMany;
            }
            let after = K::label_mask(positions) & !K::label_mask(c + 2);
            // A label 15 that would move up: more than 15 components.
            let fifteen = {
                let t = (cleared ^ K::splat(0xFF)) & after;
                let seven = K::splat(0x77);
                !(((t & seven) + seven) | t) & K::splat(0x88) & after
            };
            if !fifteen.is_zero() {
                return Fast::TooMany;
            }
            Fast::Done(lanes_above(cleared, m, after, true) | out(m + 1))
        }
        // One plug in, one out: the plug moves between the adjacent positions c and c + 1 (the
        // other one is empty), so the order of first appearance is unchanged.
        (x, 0, 2) | (0, x, 2) if x != 0 => Fast::Done(cleared | out(x)),
        // Two plugs in, none out.
        (a, b, 2) if a != 0 && b != 0 => {
            if a != b {
                // Two components merge. Nibbles equal to a label: zero after xor with it
                // everywhere (exact zero test), widened to whole lanes.
                let labels = K::label_mask(positions);
                let lanes = |l: u8| {
                    let t = (cleared ^ K::splat(0x11).mul(K::from(l))) & labels;
                    let seven = K::splat(0x77);
                    let zero_bits = !(((t & seven) + seven) | t) & K::splat(0x88) & labels;
                    (zero_bits >> 3).mul(K::from(0xF))
                };
                let (lanes_a, lanes_b) = (lanes(a), lanes(b));
                let before = K::label_mask(c);
                let (x, y, lanes_y) = if a < b {
                    (a, b, lanes_b)
                } else {
                    (b, a, lanes_a)
                };
                let renamed = cleared ^ (lanes_y & K::splat(0x11).mul(K::from(x ^ y)));
                if !(lanes_a & before).is_zero() || !(lanes_b & before).is_zero() {
                    // One of them appears before column c, hence the smaller, x, does: the
                    // labels before c are 1..=m, and the other, if not among them, is m + 1,
                    // first seen at c or c + 1. Every first appearance but y's stays where it
                    // was, so y's plugs take x and the labels above y move down by one.
                    Fast::Done(lanes_above(renamed, y, labels, false))
                } else {
                    // Both first appear at c and c + 1: the merged component now first
                    // appears later, among others; renumber.
                    Fast::Done(renumber(renamed, positions))
                }
            } else {
                match rules.cycles {
                    Cycles::Forbidden => Fast::Dead,
                    Cycles::Any => Fast::General,
                    Cycles::Single => {
                        if cleared & K::label_mask(positions) != zero {
                            Fast::Dead
                        } else {
                            Fast::Done(cleared | K::from(CLOSED) << K::FLAG_SHIFT)
                        }
                    }
                }
            }
        }
        _ => Fast::General,
    }
}

/// `key` with every label above `m` in the lanes of `mask` raised (`up`) or lowered by one.
/// Lane-parallel: even and odd labels go to separate bytes, where `x + (0x80 − (m + 1))` has its
/// top bit set exactly when x > m (x ≤ 15: nothing carries out of a byte). Raising a 15 is the
/// caller's to refuse.
#[inline(always)]
fn lanes_above<K: Key>(key: K, m: u8, mask: K, up: bool) -> K {
    let (low, bytes) = (K::splat(0x0F), K::splat(0x01));
    let bias = K::splat(0x80 - (m + 1));
    let above = |lane: K| ((lane + bias) >> 7) & bytes;
    let delta = (above(key & low) | above((key >> 4) & low) << 4) & mask;
    // A lane above m holds at least 1, so lowering it never borrows from the next lane.
    if up { key + delta } else { key.sub(delta) }
}

/// Renumbers the labels of a packed frontier in order of first appearance (the flags stay).
#[inline(always)]
fn renumber<K: Key>(key: K, positions: usize) -> K {
    // Branch-free, in registers: nibble x of `map` is the new name of label x (0: none yet).
    let mut map = 0u64;
    let mut next = 0u64;
    let words = key.words();
    let mut out = [0u64; 2];
    for j in 0..positions {
        let (w, shift) = (j / 16, 4 * (j % 16));
        let x = (words[w] >> shift) & 0xF;
        let named = (map >> (4 * x)) & 0xF;
        let fresh = u64::from(named == 0) & u64::from(x != 0);
        next += fresh;
        let name = named | (fresh * next);
        map |= (fresh * next) << (4 * x);
        out[w] |= name << shift;
    }
    K::from_words(out) | (key & !K::label_mask(positions))
}

/// Adds `add` into `slot`, failing on overflow.
#[inline(always)]
fn sum<V: Value>(slot: &mut V, add: V) -> Result<(), PlugError> {
    *slot = slot.checked_add(&add).ok_or(PlugError::Overflow)?;
    Ok(())
}

/// One cell's transition, or `None` if the choice does not fit the state.
#[inline(always)]
pub(crate) fn step(
    mut l: Labels,
    sides: Sides,
    r: usize,
    c: usize,
    rows: usize,
    cols: usize,
    rules: EdgeRules,
) -> Option<Labels> {
    let (left, up) = (l.at[c], l.at[c + 1]);
    if sides.has(Sides::LEFT) != (left != 0) || sides.has(Sides::UP) != (up != 0) {
        return None;
    }
    let (right, down) = (sides.has(Sides::RIGHT), sides.has(Sides::DOWN));
    if (right && c + 1 == cols) || (down && r + 1 == rows) {
        return None;
    }
    if l.flags & CLOSED != 0 && sides.0 != 0 {
        return None;
    }
    let path = rules.connectivity && rules.ends > 0;
    if path && sides.degree() == 1 {
        let ends = (l.flags >> 1 & 3) + 1;
        if ends > rules.ends {
            return None;
        }
        l.flags = (l.flags & !6) | ends << 1;
    }
    l.at[c] = 0;
    l.at[c + 1] = 0;
    let out = if !rules.connectivity {
        1
    } else {
        match (left, up) {
            (0, 0) => 63, // a fresh component, renumbered by the encoder
            (a, 0) | (0, a) => a,
            (a, b) if a != b => {
                l.relabel(b, a, cols + 1);
                a
            }
            (a, _) => {
                // Both plugs belong to one component: a cycle closes.
                match rules.cycles {
                    Cycles::Forbidden => return None,
                    Cycles::Any => {}
                    Cycles::Single => {
                        if right || down || l.any_plug_except(cols + 1, [c, c + 1]) {
                            return None;
                        }
                        l.flags |= CLOSED;
                    }
                }
                a
            }
        }
    };
    if down {
        l.at[c] = out;
    }
    if right {
        l.at[c + 1] = out;
    }
    // A path whose last plug ended here is complete: it must be the only component, and
    // nothing may follow it.
    if path && (left != 0 || up != 0) && !right && !down && !(0..=cols).any(|j| l.at[j] == out) {
        if l.any_plug_except(cols + 1, [usize::MAX, usize::MAX]) {
            return None;
        }
        l.flags |= CLOSED;
    }
    Some(l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::ModP;
    use proptest::prelude::*;

    type P = ModP<1_000_000_007>;

    /// A threaded sweep with `threads` as a number and no budget.
    fn with_sweep_test(
        grid: &Grid,
        rules: EdgeRules,
        mut choices: impl FnMut(usize, usize) -> Vec<(Sides, P)>,
        threads: usize,
    ) -> Result<(P, Stats), PlugError> {
        let mut run = || -> Result<(P, Stats), PlugError> {
            with_sweep!(grid, rules, choices, Meter::UNLIMITED, |sweep| sweep
                .run_parallel(threads))
        };
        run()
    }

    fn wide128(h: &u64) -> u128 {
        u128::from(*h)
    }

    #[test]
    fn halves_refuse_what_they_cannot_join() {
        let grid = Grid::new(4, 4).unwrap();
        let one = &crate::Options::default();
        // A path end could close a cycle inside one half.
        let ends = |_, _| vec![(Sides::PAIRS[0], 1u64), (Sides::LEFT, 1)];
        assert_eq!(run_cycle_halves(&grid, ends, one, wide128), Ok(None));
        // Too wide for the meander tables; a single row has no middle.
        let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
        let wide = Grid::new(17, 17).unwrap();
        assert_eq!(run_cycle_halves(&wide, pairs, one, wide128), Ok(None));
        let row = Grid::new(1, 4).unwrap();
        assert_eq!(run_cycle_halves(&row, pairs, one, wide128), Ok(None));
        // Bad sides are still an error, and overflow is reported.
        let bad = |_, _| vec![(Sides(0x13), 1u64)];
        assert!(matches!(
            run_cycle_halves(&grid, bad, one, wide128),
            Err(PlugError::BadSides { .. })
        ));
        let heavy = |_, _| Sides::PAIRS.iter().map(|&s| (s, u64::MAX / 3)).collect();
        assert_eq!(
            run_cycle_halves(&Grid::new(4, 6).unwrap(), heavy, one, wide128),
            Err(PlugError::Overflow)
        );
    }

    #[test]
    fn mirror_images_share_one_sweep() {
        let pairs: Vec<(Sides, u64)> = Sides::PAIRS.iter().map(|&s| (s, 1)).collect();
        let symmetric = |grid: &Grid, lists: &[Vec<(Sides, u64)>]| {
            let lists: &Interned<_> = &lists.iter().cloned().collect();
            let (rows, cols) = (grid.rows(), grid.cols());
            let blocked = (0..rows * cols).map(|i| grid.is_blocked(rows - 1 - i / cols, i % cols));
            let flipped = Grid::with_blocked(rows, cols, blocked.collect()).unwrap();
            let halves = Halves {
                grid,
                flipped: &flipped,
                lists,
                top_rows: rows / 2,
                meter: Meter::UNLIMITED,
            };
            halves.symmetric()
        };
        let free = Grid::new(4, 3).unwrap();
        assert!(symmetric(&free, &vec![pairs.clone(); 12]));
        // Odd rows, a block without its mirror, or weights that are not mirrored: two sweeps.
        assert!(!symmetric(
            &Grid::new(3, 3).unwrap(),
            &vec![pairs.clone(); 9]
        ));
        let mut cells = vec![false; 12];
        cells[1] = true;
        let one_block = Grid::with_blocked(4, 3, cells).unwrap();
        assert!(!symmetric(&one_block, &vec![pairs.clone(); 12]));
        let mut lists = vec![pairs.clone(); 12];
        lists[0][0].1 = 2; // Left + up at the top left weighs 2, left + down below does not.
        assert!(!symmetric(&free, &lists));
        lists[9][2].1 = 2; // Now its mirror image (left + down at the bottom left) does too.
        assert!(symmetric(&free, &lists));
    }

    #[test]
    fn pooled_workers_report_errors() {
        // Every worker stops after the failing step: an overflow is an error, not a hang. The
        // workers race (one may fail a step before another has looked back at the last one),
        // so try many times.
        let grid = Grid::new(6, 6).unwrap();
        let heavy = |_, _| Sides::PAIRS.iter().map(|&s| (s, u64::MAX / 3)).collect();
        for threads in (0..100).map(|i| 2 + i % 3) {
            let options = crate::Options::default().with_threads(threads);
            assert_eq!(
                run_edges(&grid, EdgeRules::SINGLE_CYCLE, heavy, &options),
                Err(PlugError::Overflow)
            );
        }
    }

    #[test]
    fn stray_side_bits_are_refused() {
        let grid = Grid::new(2, 2).unwrap();
        let bad = |_, _| vec![(Sides(0x13), 1u64)];
        assert_eq!(
            run_edges(
                &grid,
                EdgeRules::SINGLE_CYCLE,
                bad,
                &crate::Options::default()
            ),
            Err(PlugError::BadSides {
                row: 0,
                col: 0,
                sides: 0x13
            })
        );
    }

    fn rules_strategy() -> impl Strategy<Value = EdgeRules> {
        prop_oneof![
            Just(EdgeRules::SINGLE_CYCLE),
            Just(EdgeRules::PRESENCE),
            Just(EdgeRules {
                connectivity: true,
                cycles: Cycles::Any,
                ends: 0
            }),
            Just(EdgeRules {
                connectivity: true,
                cycles: Cycles::Forbidden,
                ends: 0
            }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        /// The packed fast path agrees with the decoded reference transition on every state
        /// and choice it claims (random frontiers, any sides, any cell, both key widths).
        #[test]
        fn fast_step_agrees_with_step(
            raw in proptest::collection::vec(0u8..16, 17),
            closed in proptest::bool::weighted(0.1),
            outs in 0u8..4,
            spread in 1u8..16,
            r in 0usize..4,
            cols in 2usize..17,
            c_pick in 0usize..16,
            rows in 1usize..5,
            rules in rules_strategy(),
        ) {
            let (r, c) = (r.min(rows - 1), c_pick % cols);
            let positions = cols + 1;
            let mut l = Labels { at: [0; MAX_POSITIONS + 1], flags: u8::from(closed) };
            for (j, &x) in raw.iter().enumerate().take(positions) {
                // Sparse plugs, few components; presence rules use 0/1 only.
                l.at[j] = if x < 6 { 0 } else if rules.connectivity { 1 + x % spread } else { 1 };
            }
            let Some(wide) = l.encode(positions) else { return Ok(()); };
            let l = Labels::decode(wide, positions);
            // Only choices that match the arriving plugs reach the transition.
            let sides = u8::from(l.at[c] != 0) | u8::from(l.at[c + 1] != 0) << 1 | outs << 2;
            let reference = step(l, Sides(sides), r, c, rows, cols, rules)
                .map(|n| n.encode(positions));
            let check = |fast: Fast<u128>| -> Result<(), TestCaseError> {
                match fast {
                    Fast::Done(k) => prop_assert_eq!(reference, Some(Some(k))),
                    Fast::Dead => prop_assert_eq!(reference, None),
                    Fast::TooMany => prop_assert_eq!(reference, Some(None)),
                    Fast::General => {}
                }
                Ok(())
            };
            check(fast_step(wide, Sides(sides), r, c, rows, cols, rules))?;
            if positions <= 15 {
                let narrow = <u64 as Key>::narrow(wide);
                let fast = match fast_step(narrow, Sides(sides), r, c, rows, cols, rules) {
                    Fast::Done(k) => Fast::Done(k.widen()),
                    Fast::Dead => Fast::Dead,
                    Fast::TooMany => Fast::TooMany,
                    Fast::General => Fast::General,
                };
                check(fast)?;
            }
        }

        /// Many labels: new components past label 15 are refused the same way.
        #[test]
        fn fast_step_label_overflow(extra in 0usize..3) {
            let cols = 16;
            let positions = cols + 1;
            let mut l = Labels { at: [0; MAX_POSITIONS + 1], flags: 0 };
            // Labels 1..=15 then the new component in the middle.
            for j in 0..positions {
                l.at[j] = if j < 2 + extra { 0 } else { (j - 1 - extra).min(15) as u8 };
            }
            let wide = l.encode(positions).unwrap_or(0);
            let l = Labels::decode(wide, positions);
            let sides = Sides::RIGHT.with(Sides::DOWN);
            let reference = step(l, sides, 0, 0, 4, cols, EdgeRules::SINGLE_CYCLE)
                .map(|n| n.encode(positions));
            match fast_step(wide, sides, 0, 0, 4, cols, EdgeRules::SINGLE_CYCLE) {
                Fast::Done(k) => prop_assert_eq!(reference, Some(Some(k))),
                Fast::TooMany => prop_assert_eq!(reference, Some(None)),
                _ => prop_assert!(false),
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]
        /// The threaded sweep (big steps partitioned and summed by two or three threads) gives
        /// the single-threaded sweep's answer and state counts, on narrow and wide keys.
        #[test]
        fn parallel_sweep_equals_sequential(
            blocked in proptest::collection::vec(0usize..90, 0..4),
            threads in 2usize..4,
            wide in any::<bool>(),
            rules in prop_oneof![
                Just(EdgeRules::PRESENCE),
                Just(EdgeRules::SINGLE_CYCLE),
                Just(EdgeRules::SINGLE_PATH),
                Just(EdgeRules { connectivity: true, cycles: Cycles::Any, ends: 0 }),
            ],
        ) {
            // Any openings on a 3 × 7 (64-bit keys) or 2 × 15 (128-bit keys) board; every step
            // is split among the workers.
            let (rows, cols) = if wide { (2, 15) } else { (3, 7) };
            let mut cells = vec![false; rows * cols];
            for b in blocked {
                cells[b % (rows * cols)] = true;
            }
            let grid = Grid::with_blocked(rows, cols, cells).unwrap();
            // Weights vary with the cell and the choice (counted modulo a prime).
            // Any sides on the narrow board; on the wide one at most two (else 2^15 frontiers
            // make the debug-mode test slow).
            let choices = |r: usize, c: usize| -> Vec<(Sides, P)> {
                (0u8..16)
                    .filter(|&s| !wide || s.count_ones() <= 2)
                    .map(|s| (Sides(s), ModP(u64::from(s) + (r * 31 + c) as u64 % 7 + 1)))
                    .collect()
            };
            let sequential = run_edges(&grid, rules, choices, &crate::Options::default());
            let mut choices = choices;
            let threaded = with_sweep_test(&grid, rules, &mut choices, threads);
            let ((a, sa), (b, sb)) = match (sequential, threaded) {
                (Ok(x), Ok(y)) => (x, y),
                (x, y) => {
                    // The same error either way.
                    prop_assert_eq!(x.err(), y.err());
                    return Ok(());
                }
            };
            prop_assert_eq!(a, b);
            prop_assert_eq!(sa.states_per_step, sb.states_per_step);
        }

        #[test]
        fn halves_equal_the_full_sweep(
            rows in 2usize..7,
            cols in 1usize..7,
            wide in any::<bool>(),
            blocked in proptest::collection::vec(0usize..200, 0..4),
            mirror in any::<bool>(),
            threads in 1usize..4,
        ) {
            // 128-bit keys on 15 or 16 columns (2 or 3 rows keep the debug-mode test fast).
            let (rows, cols) = if wide { (2 + rows % 2, 15 + cols % 2) } else { (rows, cols) };
            let mut cells = vec![false; rows * cols];
            for b in blocked {
                let (r, c) = (b / cols % rows, b % cols);
                cells[r * cols + c] = true;
                if mirror {
                    cells[(rows - 1 - r) * cols + c] = true;
                }
            }
            let grid = Grid::with_blocked(rows, cols, cells).unwrap();
            // Weights vary with the cell and the choice; with `mirror`, a cell and its mirror
            // cell weigh mirrored choices alike, so that one sweep serves both halves.
            let weight = |r: usize, c: usize, s: Sides| {
                let (r, s) = if mirror && 2 * r >= rows { (rows - 1 - r, mirrored(s)) } else { (r, s) };
                ModP(u64::from(s.0) * 7 + (r * 31 + c) as u64 % 11 + 1)
            };
            let choices =
                |r: usize, c: usize| -> Vec<(Sides, P)> { Sides::PAIRS.iter().map(|&s| (s, weight(r, c, s))).collect() };
            let (full, _) = run_edges(&grid, EdgeRules::SINGLE_CYCLE, choices, &crate::Options::default()).unwrap();
            let threads = &crate::Options::default().with_threads(threads);
            let halves = run_cycle_halves(&grid, choices, threads, P::clone).unwrap();
            let free = |rs: core::ops::Range<usize>| {
                rs.into_iter().any(|r| (0..cols).any(|c| !grid.is_blocked(r, c)))
            };
            if free(0..rows / 2) && free(rows / 2..rows) {
                prop_assert_eq!(halves, Some(full));
            } else {
                prop_assert_eq!(halves, None);
            }
            // Counting in 64 bits and joining in 128 agrees with a 128-bit full sweep.
            let ones = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
            let ones128 = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u128)).collect();
            let (count, _) = run_edges(&grid, EdgeRules::SINGLE_CYCLE, ones128, &crate::Options::default()).unwrap();
            if let Some(joined) = run_cycle_halves(&grid, ones, threads, |&h: &u64| u128::from(h)).unwrap() {
                prop_assert_eq!(joined, count);
            }
        }
    }
}
