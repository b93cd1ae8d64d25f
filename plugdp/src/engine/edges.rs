//! The edge-plug sweep: cells choose which of their four sides are open.

use std::num::NonZeroUsize;

use super::state::{Labels, MAX_LABEL, MAX_POSITIONS};
use super::table::{Collector, Frontiers, TableKey};
use crate::{Grid, PlugError, Value};

/// A set of open sides of a cell.
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
    pub const fn with(self, other: Sides) -> Sides {
        Sides(self.0 | other.0)
    }

    /// Whether all of `other` is open.
    pub const fn has(self, other: Sides) -> bool {
        self.0 & other.0 == other.0
    }

    /// Number of open sides.
    pub const fn degree(self) -> u32 {
        self.0.count_ones()
    }

    /// The six ways to open exactly two sides (a path or cycle passing through).
    pub const PAIRS: [Sides; 6] = [Sides(3), Sides(5), Sides(9), Sides(6), Sides(10), Sides(12)];

    /// The four single sides.
    pub const SINGLES: [Sides; 4] = [Sides(1), Sides(2), Sides(4), Sides(8)];
}

/// What closing a cycle (joining two plugs of the same component) means.
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

/// Sweeps `grid`; `choices(r, c)` lists the sides a free cell may open with their weights
/// (blocked cells open nothing). A cell's left and top openings must match the arriving plugs
/// exactly; openings across the board's border are not allowed. Returns the total weight of the
/// complete configurations (no plug left open; with [`Cycles::Single`], exactly one cycle; with
/// `ends`, exactly one path with that many ends).
///
/// # Errors
/// [`PlugError::TooWide`] past 30 columns, [`PlugError::BadSides`] for a choice with bits beyond
/// the four sides, [`PlugError::TooManyComponents`] if a frontier needs more than 15 labels,
/// [`PlugError::Overflow`] if a value overflows.
pub fn run_edges<V: Value>(
    grid: &Grid,
    rules: EdgeRules,
    choices: impl FnMut(usize, usize) -> Vec<(Sides, V)>,
) -> Result<(V, Stats), PlugError> {
    run_edges_with(grid, rules, choices, &mut NoPruning)
}

/// Checks the width, collects the choices and runs `$body` with `$sweep` bound to a sweep over
/// 64-bit keys when the frontier fits (they hash and move faster) or 128-bit keys otherwise.
macro_rules! with_sweep {
    ($grid:expr, $rules:expr, $choices:expr, |$sweep:ident| $body:expr) => {{
        let positions = $grid.cols() + 1;
        if positions > MAX_POSITIONS {
            return Err(PlugError::TooWide {
                cols: $grid.cols(),
                max: MAX_POSITIONS - 1,
            });
        }
        let options = Options::new($grid, &mut $choices)?;
        if 4 * positions <= 60 {
            let $sweep = Sweep::<u64, _>::new($grid, $rules, options);
            $body
        } else {
            let $sweep = Sweep::<u128, _>::new($grid, $rules, options);
            $body
        }
    }};
}

/// [`run_edges`] with pruning hooks: `pruner` sees every frontier after each cell and after
/// each row and may drop it; [`Stats`] counts what each hook dropped.
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
/// let (all, _) = plugdp::run_edges(&grid, EdgeRules::SINGLE_CYCLE, pairs)?;
/// let (few, stats) = run_edges_with(&grid, EdgeRules::SINGLE_CYCLE, pairs, &mut AtMostTwo)?;
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
) -> Result<(V, Stats), PlugError> {
    with_sweep!(grid, rules, choices, |sweep| sweep.run(pruner))
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
/// way on every run).
///
/// ```
/// use plugdp::{run_edges_witness, EdgeRules, Grid, MinPlus, Sides};
/// // The cheapest cycle cover of a 2×4 board when vertical edges cost 1 per cell and horizontal
/// // ones 0: one big loop (4 vertical half-edges) beats two 2×2 loops (8).
/// let grid = Grid::new(2, 4)?;
/// let cost = |s: Sides| (s.has(Sides::UP) as i64) + (s.has(Sides::DOWN) as i64);
/// let choices = |_, _| Sides::PAIRS.iter().map(|&s| (s, MinPlus(Some(cost(s))))).collect();
/// let (best, witness) = run_edges_witness(&grid, EdgeRules::PRESENCE, choices)?;
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
) -> Result<(V, Option<Vec<usize>>), PlugError> {
    with_sweep!(grid, rules, choices, |sweep| sweep.witness())
}

/// [`run_edges`] on several threads (no pruning hooks). Steps with few frontiers run on one
/// thread; a big step splits its frontiers among the threads, each of which appends their
/// successors to its own partition buffers, and then sums every `threads`-th partition of all
/// buffers: no locks, and no frontier is summed by two threads. With two threads the 16 × 16
/// Hamiltonian cycle sweep runs about 1.7 times as fast as on one (see the guide); one thread
/// is the same sweep as [`run_edges`].
///
/// ```
/// use std::num::NonZeroUsize;
/// use plugdp::{run_edges, run_edges_parallel, EdgeRules, Grid, Sides};
/// let grid = Grid::new(8, 8)?;
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
/// let two = NonZeroUsize::new(2).unwrap();
/// let (a, _) = run_edges(&grid, EdgeRules::SINGLE_CYCLE, pairs)?;
/// let (b, _) = run_edges_parallel(&grid, EdgeRules::SINGLE_CYCLE, pairs, two)?;
/// assert_eq!((a, b), (4_638_576, 4_638_576)); // OEIS A003763(4)
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`run_edges`].
pub fn run_edges_parallel<V: Value>(
    grid: &Grid,
    rules: EdgeRules,
    mut choices: impl FnMut(usize, usize) -> Vec<(Sides, V)>,
    threads: NonZeroUsize,
) -> Result<(V, Stats), PlugError> {
    let limit = Collector::<u64, V>::DIRECT_LIMIT;
    with_sweep!(grid, rules, choices, |sweep| sweep
        .run_parallel(threads.get(), limit))
}

/// The choices of every cell, bucketed by the plugs they expect from the left and from above.
struct Options<V> {
    cells: Vec<[Vec<(Sides, V, usize)>; 4]>,
}

impl<V: Value> Options<V> {
    /// # Errors
    /// [`PlugError::BadSides`] for a choice with bits beyond the four sides.
    fn new(
        grid: &Grid,
        choices: &mut impl FnMut(usize, usize) -> Vec<(Sides, V)>,
    ) -> Result<Options<V>, PlugError> {
        let mut cells = Vec::with_capacity(grid.rows() * grid.cols());
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

/// The pruner that keeps everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPruning;

impl Pruner for NoPruning {
    fn is_active(&self) -> bool {
        false
    }
}

/// A read-only view of one frontier, for [`Pruner`]s.
#[derive(Clone, Copy, Debug)]
pub struct Frontier {
    labels: [u8; MAX_POSITIONS + 1],
    positions: usize,
    flags: u8,
}

impl Frontier {
    /// Number of contour positions (columns + 1).
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The component label at position `j` (0: no plug), in minimal representation.
    pub fn label(&self, j: usize) -> u8 {
        self.labels.get(j).copied().unwrap_or(0)
    }

    /// Number of plugs.
    pub fn plugs(&self) -> usize {
        self.labels[..self.positions]
            .iter()
            .filter(|&&l| l != 0)
            .count()
    }

    /// Whether a cycle has closed or a path has been completed.
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
    _key: core::marker::PhantomData<K>,
}

impl<'g, K: Key, V: Value> Sweep<'g, K, V> {
    fn new(grid: &'g Grid, rules: EdgeRules, options: Options<V>) -> Self {
        Sweep {
            grid,
            rules,
            options,
            _key: core::marker::PhantomData,
        }
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
        let bucket = &self.options.cells[r * cols + c][usize::from(left) | usize::from(up) << 1];
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
        let most = self.options.cells[i]
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
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
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
        Ok((
            cur.get(self.accepting()).cloned().unwrap_or_else(V::zero),
            stats,
        ))
    }
}

impl<K: Key + Send + Sync, V: Value> Sweep<'_, K, V> {
    /// [`run`](Self::run) without pruning, big steps on `threads` threads (see
    /// [`run_edges_parallel`]).
    /// Steps expecting at most `direct_limit` successors run on one thread, unpartitioned.
    fn run_parallel(&self, threads: usize, direct_limit: usize) -> Result<(V, Stats), PlugError> {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let fresh =
            || -> Vec<Frontiers<K, V>> { (0..threads).map(|_| Frontiers::default()).collect() };
        let mut lists = fresh();
        lists[0] = Frontiers::single(K::narrow(0), V::one());
        let mut outs = fresh();
        let mut collectors: Vec<Collector<K, V>> =
            (0..threads).map(|_| Collector::default()).collect();
        let mut stats = Stats::default();
        for r in 0..rows {
            for c in 0..cols {
                let total: usize = lists.iter().map(Frontiers::len).sum();
                let expected = self.expected(total, r * cols + c);
                let bits = if expected <= direct_limit {
                    0
                } else {
                    Collector::<K, V>::partition_bits(expected).max(1)
                };
                for out in &mut outs {
                    out.clear();
                }
                if threads == 1 || bits == 0 {
                    let collector = &mut collectors[0];
                    collector.begin_partitioned(bits);
                    for list in &lists {
                        self.expand(list, 0..list.len(), r, c, collector)?;
                    }
                    collector.finish(&mut outs[0], sum)?;
                } else {
                    // Phase 1: each thread expands an equal share of all frontiers.
                    let shares = shares(&lists, threads);
                    std::thread::scope(|scope| -> Result<(), PlugError> {
                        let lists = &lists;
                        let handles: Vec<_> = collectors
                            .iter_mut()
                            .zip(shares)
                            .map(|(collector, share)| {
                                scope.spawn(move || -> Result<(), PlugError> {
                                    collector.begin_partitioned(bits);
                                    for (l, range) in share {
                                        self.expand(&lists[l], range, r, c, collector)?;
                                    }
                                    Ok(())
                                })
                            })
                            .collect();
                        join_all(handles)
                    })?;
                    // Phase 2: thread t sums partitions t, t + threads, … of every buffer.
                    let parts: Vec<_> = collectors.iter_mut().map(Collector::take_parts).collect();
                    std::thread::scope(|scope| -> Result<(), PlugError> {
                        let parts = &parts;
                        let handles: Vec<_> = collectors
                            .iter_mut()
                            .zip(outs.iter_mut())
                            .enumerate()
                            .map(|(t, (collector, out))| {
                                scope.spawn(move || collector.gather(parts, t, threads, out, sum))
                            })
                            .collect();
                        join_all(handles)
                    })?;
                    for (collector, part) in collectors.iter_mut().zip(parts) {
                        collector.restore_parts(part);
                    }
                }
                std::mem::swap(&mut lists, &mut outs);
                let total: usize = lists.iter().map(Frontiers::len).sum();
                stats.states_per_step.push(total);
                stats.peak = stats.peak.max(total);
            }
            for list in &mut lists {
                for key in list.keys_mut() {
                    *key = self.shifted(*key);
                }
            }
        }
        let accepting = self.accepting();
        let value = lists.iter().find_map(|l| l.get(accepting).cloned());
        Ok((value.unwrap_or_else(V::zero), stats))
    }
}

/// Splits the frontiers of `lists` into `threads` shares of (nearly) equal size: for each
/// thread, (list, index range) pieces.
fn shares<K: TableKey, V>(
    lists: &[Frontiers<K, V>],
    threads: usize,
) -> Vec<Vec<(usize, core::ops::Range<usize>)>> {
    let total: usize = lists.iter().map(Frontiers::len).sum();
    let mut out = vec![Vec::new(); threads];
    let (mut l, mut at) = (0, 0);
    for (t, share) in out.iter_mut().enumerate() {
        let mut want = total * (t + 1) / threads - total * t / threads;
        while want > 0 {
            let take = want.min(lists[l].len() - at);
            if take > 0 {
                share.push((l, at..at + take));
            }
            want -= take;
            at += take;
            if at == lists[l].len() {
                l += 1;
                at = 0;
            }
        }
    }
    out
}

/// Joins scoped threads, returning the first error (a panic is passed on).
fn join_all(
    handles: Vec<std::thread::ScopedJoinHandle<'_, Result<(), PlugError>>>,
) -> Result<(), PlugError> {
    let mut result = Ok(());
    for handle in handles {
        let outcome = match handle.join() {
            Ok(outcome) => outcome,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        if result.is_ok() {
            result = outcome;
        }
    }
    result
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

    /// [`run_edges_parallel`] with a tiny threshold, so that small boards run threaded.
    fn with_sweep_test(
        grid: &Grid,
        rules: EdgeRules,
        mut choices: impl FnMut(usize, usize) -> Vec<(Sides, P)>,
        threads: usize,
    ) -> Result<(P, Stats), PlugError> {
        let mut run = || -> Result<(P, Stats), PlugError> {
            with_sweep!(grid, rules, choices, |sweep| sweep
                .run_parallel(threads, 64))
        };
        run()
    }

    #[test]
    fn stray_side_bits_are_refused() {
        let grid = Grid::new(2, 2).unwrap();
        let bad = |_, _| vec![(Sides(0x13), 1u64)];
        assert_eq!(
            run_edges(&grid, EdgeRules::SINGLE_CYCLE, bad),
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
            // Any openings on a 3 × 7 (64-bit keys) or 2 × 15 (128-bit keys) board, with every
            // step of more than 64 successors partitioned.
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
            let sequential = run_edges(&grid, rules, choices);
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
            // The step after the peak expected more than 64 successors (up to 4 per frontier),
            // so it was partitioned and threaded.
            prop_assert!(sa.peak * 4 > 64);
        }
    }
}
