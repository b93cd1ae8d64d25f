//! Hamiltonian cycles (Formula 1, Timus 1519), Hamiltonian paths and cycle covers (HDU 1693).
//!
//! Hamiltonian cycles meet in the middle over closed meanders, Hamiltonian paths over the
//! pairs of halves that form one path (stamp foldings; see the engine's `meander` module),
//! cycle covers over equal plug sets.

use super::{two_factor_bits, with_residues};
use crate::value::{BigCount, Value};

use crate::engine::edges::run_halves;
use crate::{EdgeRules, Grid, Options, PlugError, Sides, run_edges};

/// The board swept with its shorter side as the frontier (both counts are invariant under
/// transposition).
fn narrow(grid: &Grid) -> Grid {
    if grid.cols() > grid.rows() {
        grid.transposed()
    } else {
        grid.clone()
    }
}

/// The weighted count of the edge problem `rules` on the already narrowed board `g`, with big
/// steps on `options.threads` threads; single cycles and covers meet in the middle when they
/// can.
fn count_on<V: Value>(g: &Grid, rules: EdgeRules, options: &Options) -> Result<V, PlugError> {
    let choices = unit_choices::<V>(rules);
    // Half the sweep: the two halves meet at the middle row boundary.
    if let Some(v) = run_halves(g, rules, choices, options, V::clone)? {
        return Ok(v);
    }
    run_edges(g, rules, choices, options).map(|(v, _)| v)
}

/// Every free cell passes the curve through (two sides open) or, with path ends allowed, ends
/// it (one side), each with weight one.
pub(crate) fn unit_choices<V: Value>(
    rules: EdgeRules,
) -> impl Fn(usize, usize) -> Vec<(Sides, V)> + Copy {
    let ends = rules.ends > 0;
    move |_, _| {
        let singles = if ends { &Sides::SINGLES[..] } else { &[] };
        Sides::PAIRS
            .iter()
            .chain(singles)
            .map(|&s| (s, V::one()))
            .collect()
    }
}

/// Widest board (after narrowing) whose single cycles, paths and covers are first counted with
/// 64-bit half sweeps: the halves count about the square root of the total, so up to 14 columns they
/// fit in 64 bits far more often than not, and their tables are half the size.
const NARROW_HALVES_COLS: usize = 14;

/// The exact count of the edge problem `rules` on `grid`, by one ladder: the board narrowed
/// once; up to [`NARROW_HALVES_COLS`] wide, 64-bit half sweeps joined in 128 bits; then
/// 128-bit counts (the halves meeting in the middle when they can); only if those overflow,
/// counts modulo enough primes that their product exceeds `bound_bits` (a rigorous bound on the
/// answer), rebuilt by the Chinese remainder theorem.
fn exact(
    grid: &Grid,
    rules: EdgeRules,
    bound_bits: usize,
    options: &Options,
) -> Result<BigCount, PlugError> {
    let g = narrow(grid);
    if g.cols() <= NARROW_HALVES_COLS {
        let choices = unit_choices::<u64>(rules);
        match run_halves(&g, rules, choices, options, |&h: &u64| u128::from(h)) {
            Ok(Some(v)) => return Ok(big(v)),
            Ok(None) | Err(PlugError::Overflow) => {}
            Err(e) => return Err(e),
        }
    }
    match count_on::<u128>(&g, rules, options) {
        Err(PlugError::Overflow) => {}
        other => return other.map(big),
    }
    with_residues!(bound_bits, V => count_on::<V>(&g, rules, options))
}

/// Number of Hamiltonian cycles of the free cells (undirected closed tours through every free
/// cell once, moving between edge-adjacent free cells), exactly.
///
/// This is the answer of Timus 1519 "Formula 1" (read its board with [`Grid::parse_rows`],
/// which shows the input format).
///
/// ```
/// use plugdp::{hamiltonian_cycles, Grid, Options};
/// let g = Grid::parse_rows(&["**..", "....", "....", "...."], '.', '*')?;
/// let one = Options::default();
/// assert_eq!(hamiltonian_cycles(&g, &one)?.to_string(), "2");
/// // OEIS A003763: 1, 6, 1072, 4638576, … for the 2 × 2, 4 × 4, 6 × 6, 8 × 8 boards.
/// assert_eq!(hamiltonian_cycles(&Grid::new(4, 4)?, &one)?.to_string(), "6");
/// let eight = hamiltonian_cycles(&Grid::new(8, 8)?, &one.with_threads(2))?;
/// assert_eq!(u128::try_from(&eight)?, 4_638_576);
/// // Odd number of cells: none (the grid graph is bipartite).
/// assert!(hamiltonian_cycles(&Grid::new(5, 5)?, &one)?.is_zero());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Counts in 128 bits first and, only if that overflows, modulo enough primes that their product
/// exceeds a rigorous bound on the answer (the square of Brégman's bound on perfect matchings).
/// [`u128::try_from`] gives the count as an integer when it fits.
///
/// Boards at most 16 columns wide (after turning the shorter side into the frontier) are not
/// swept whole: the top half and the bottom half (swept upwards) meet at the middle row, where
/// their frontiers — non-crossing matchings of the columns a cycle crosses — are joined over
/// the pairs that form one cycle (closed meanders). A board that is its own mirror image needs
/// one half sweep; the free 12 × 12 board takes about 22 ms instead of 55 ms. With
/// `options.threads` above 1 each sweep's steps are split among the threads and the two halves
/// of an asymmetric board are swept at the same time: the free 16 × 16 board takes 2.2–2.9 s on
/// two threads instead of about 4.6 s on one.
///
/// # Errors
/// As [`run_edges`]; [`PlugError::ExactTooLarge`] when the bound passes 16 primes (about 990
/// bits).
pub fn hamiltonian_cycles(grid: &Grid, options: &Options) -> Result<BigCount, PlugError> {
    if grid.free_cells() == 0 {
        return Ok(BigCount::from_u64(0));
    }
    exact(
        grid,
        EdgeRules::SINGLE_CYCLE,
        two_factor_bits(grid),
        options,
    )
}

/// A `u128` as a [`BigCount`].
pub(crate) fn big(v: u128) -> BigCount {
    BigCount::from_u128(v)
}

/// Number of ways to cover every free cell with disjoint closed loops (any number of them; an
/// empty board has one, the empty cover), exactly. No connectivity is tracked: a cell of degree
/// two everywhere is all a cover needs. The two halves of the board are swept to the middle and
/// joined by equal plug sets (a cover of the board is a cover of each half crossing the middle
/// by the same edges): the free 20 × 20 board takes about 7.5 s on one thread instead of 20 s.
///
/// ```
/// use plugdp::{cycle_covers, Grid, Options};
/// let g = Grid::parse_rows(&["...", ".*.", "...", "...", ".*.", "..."], '.', '*')?;
/// assert_eq!(cycle_covers(&g, &Options::default())?.to_string(), "3");
/// assert_eq!(cycle_covers(&Grid::new(2, 4)?, &Options::default())?.to_string(), "2");
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`hamiltonian_cycles`].
pub fn cycle_covers(grid: &Grid, options: &Options) -> Result<BigCount, PlugError> {
    exact(grid, EdgeRules::PRESENCE, two_factor_bits(grid), options)
}

/// Number of Hamiltonian paths of the free cells (undirected: a path and its reverse count
/// once; a single free cell is one path of length 0), exactly.
///
/// ```
/// use plugdp::{hamiltonian_paths, Grid, Options};
/// // OEIS A120443: 1, 4, 20, 276, …
/// let one = Options::default();
/// assert_eq!(hamiltonian_paths(&Grid::new(2, 2)?, &one)?.to_string(), "4");
/// assert_eq!(hamiltonian_paths(&Grid::new(3, 3)?, &one)?.to_string(), "20");
/// assert_eq!(hamiltonian_paths(&Grid::new(4, 4)?, &one.with_threads(2))?.to_string(), "276");
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// Boards at most 16 columns wide (after turning the shorter side into the frontier) are not
/// swept whole: the top half (with the middle row of an odd number of rows) and the bottom
/// half (swept upwards) meet at the middle row boundary. There each half is a set of pieces
/// pairing up the columns the path crosses, some of them ending inside the half at one of the
/// path's two ends, and the count is joined over the pairs of halves whose union is one path
/// (for n crossings there are as many such pairs as foldings of a strip of n stamps, OEIS
/// A000136). A board that is its own mirror image needs one half sweep, for an odd number of
/// rows too (the bottom half is then the top half's first rows). On two threads the free
/// 12 × 12 board takes about 1.6 s instead of 5.3 s, 13 × 13 7.8 s instead of 21 s.
///
/// # Errors
/// As [`hamiltonian_cycles`].
pub fn hamiltonian_paths(grid: &Grid, options: &Options) -> Result<BigCount, PlugError> {
    match grid.free_cells() {
        0 => return Ok(BigCount::from_u64(0)),
        1 => return Ok(BigCount::from_u64(1)),
        _ => {}
    }
    // A Hamiltonian path plus one edge is not always a cycle, so bound by edge subsets.
    exact(grid, EdgeRules::SINGLE_PATH, grid.free_edges(), options)
}
