//! Hamiltonian cycles (Formula 1, Timus 1519), Hamiltonian paths and cycle covers (HDU 1693).
//!
//! Hamiltonian cycles meet in the middle (see the engine's `meander` module); paths and covers
//! sweep the whole board.

use super::{two_factor_bits, with_residues};
use crate::value::{BigCount, Value};
use std::num::NonZeroUsize;

use crate::engine::edges::run_cycle_halves;
use crate::{EdgeRules, Grid, PlugError, Sides, run_edges, run_edges_parallel};

/// The board swept with its shorter side as the frontier (both counts are invariant under
/// transposition).
fn narrow(grid: &Grid) -> Grid {
    if grid.cols() > grid.rows() {
        grid.transposed()
    } else {
        grid.clone()
    }
}

fn count<V: Value>(grid: &Grid, rules: EdgeRules) -> Result<V, PlugError> {
    count_on(grid, rules, NonZeroUsize::MIN)
}

/// [`count`] with big steps on `threads` threads.
fn count_on<V: Value>(
    grid: &Grid,
    rules: EdgeRules,
    threads: NonZeroUsize,
) -> Result<V, PlugError> {
    let g = narrow(grid);
    let ends = rules.ends > 0;
    let choices = |_, _| {
        let singles = if ends { &Sides::SINGLES[..] } else { &[] };
        Sides::PAIRS
            .iter()
            .chain(singles)
            .map(|&s| (s, V::one()))
            .collect()
    };
    if rules == EdgeRules::SINGLE_CYCLE {
        // Half the sweep: the two halves meet at the middle row boundary.
        if let Some(v) = run_cycle_halves(&g, choices, threads, V::clone)? {
            return Ok(v);
        }
    }
    if threads.get() == 1 {
        run_edges(&g, rules, choices).map(|(v, _)| v)
    } else {
        run_edges_parallel(&g, rules, choices, threads).map(|(v, _)| v)
    }
}

/// Number of Hamiltonian cycles of the free cells (undirected closed tours through every free
/// cell once, moving between edge-adjacent free cells), exactly.
///
/// This is the answer of Timus 1519 "Formula 1" (read its board with [`Grid::parse_rows`],
/// which shows the input format).
///
/// ```
/// use plugdp::{hamiltonian_cycles, Grid};
/// let g = Grid::parse_rows(&["**..", "....", "....", "...."], '.', '*')?;
/// assert_eq!(hamiltonian_cycles(&g)?.to_string(), "2");
/// assert_eq!(hamiltonian_cycles(&Grid::new(4, 4)?)?.to_string(), "6");
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// Counts in 128 bits first and, only if that overflows, modulo enough primes that their product
/// exceeds a rigorous bound on the answer (the square of Brégman's bound on perfect matchings).
///
/// Boards at most 16 columns wide (after turning the shorter side into the frontier) are not
/// swept whole: the top half and the bottom half (swept upwards) meet at the middle row, where
/// their frontiers — non-crossing matchings of the columns a cycle crosses — are joined over
/// the pairs that form one cycle (closed meanders). A board that is its own mirror image needs
/// one half sweep; the free 12 × 12 board takes about 22 ms instead of 55 ms.
///
/// # Errors
/// As [`run_edges`]; [`PlugError::ExactTooLarge`] when the bound passes 16 primes (about 990
/// bits).
pub fn hamiltonian_cycles(grid: &Grid) -> Result<BigCount, PlugError> {
    hamiltonian_cycles_parallel(grid, NonZeroUsize::MIN)
}

/// [`hamiltonian_cycles`] with each sweep's steps split among `threads` threads (see
/// [`run_edges_parallel`]), and the two halves of an asymmetric board swept at the same time:
/// the free 16 × 16 board takes 2.2–2.9 s on two threads instead of about 4.6 s on one.
///
/// ```
/// use std::num::NonZeroUsize;
/// use plugdp::{hamiltonian_cycles_parallel, Grid};
/// let two = NonZeroUsize::new(2).unwrap();
/// // OEIS A003763(3): the 6 × 6 board.
/// assert_eq!(hamiltonian_cycles_parallel(&Grid::new(6, 6)?, two)?.to_string(), "1072");
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`hamiltonian_cycles`].
pub fn hamiltonian_cycles_parallel(
    grid: &Grid,
    threads: NonZeroUsize,
) -> Result<BigCount, PlugError> {
    if grid.free_cells() == 0 {
        return Ok(BigCount::from_u64(0));
    }
    let rules = EdgeRules::SINGLE_CYCLE;
    // 128 bits first: without overflow that answer is exact.
    match cycles_u128(grid, threads) {
        Err(PlugError::Overflow) => {}
        other => return other.map(big),
    }
    with_residues!(two_factor_bits(grid), V => count_on::<V>(grid, rules, threads))
}

/// A `u128` as a [`BigCount`].
pub(crate) fn big(v: u128) -> BigCount {
    let (hi, lo) = ((v >> 64) as u64, v as u64);
    let mut b = BigCount::from_u64(hi);
    b.mul_small(1 << 32);
    b.mul_small(1 << 32);
    b.add_small(lo);
    b
}

/// Number of Hamiltonian cycles in 128-bit arithmetic (faster than [`hamiltonian_cycles`]).
///
/// ```
/// use plugdp::{hamiltonian_cycles_u128, Grid};
/// // OEIS A003763: 1, 6, 1072, 4638576, … for the 2 × 2, 4 × 4, 6 × 6, 8 × 8 boards.
/// assert_eq!(hamiltonian_cycles_u128(&Grid::new(2, 2)?)?, 1);
/// assert_eq!(hamiltonian_cycles_u128(&Grid::new(6, 6)?)?, 1072);
/// // Odd number of cells: none (the grid graph is bipartite).
/// assert_eq!(hamiltonian_cycles_u128(&Grid::new(5, 5)?)?, 0);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`run_edges`], including [`PlugError::Overflow`].
pub fn hamiltonian_cycles_u128(grid: &Grid) -> Result<u128, PlugError> {
    hamiltonian_cycles_u128_parallel(grid, NonZeroUsize::MIN)
}

/// [`hamiltonian_cycles_u128`] with big steps on `threads` threads (see
/// [`run_edges_parallel`]).
///
/// ```
/// use std::num::NonZeroUsize;
/// use plugdp::{hamiltonian_cycles_u128_parallel, Grid};
/// let two = NonZeroUsize::new(2).unwrap();
/// // OEIS A003763(4): the 8 × 8 board.
/// assert_eq!(hamiltonian_cycles_u128_parallel(&Grid::new(8, 8)?, two)?, 4_638_576);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`hamiltonian_cycles_u128`].
pub fn hamiltonian_cycles_u128_parallel(
    grid: &Grid,
    threads: NonZeroUsize,
) -> Result<u128, PlugError> {
    if grid.free_cells() == 0 {
        return Ok(0);
    }
    cycles_u128(grid, threads)
}

/// Hamiltonian cycles in 128 bits. Boards at most 14 wide (after [`narrow`]) first meet in
/// the middle with 64-bit half sweeps (smaller tables; the halves count about the square root
/// of the total), and only if a half overflows 64 bits with 128-bit ones.
fn cycles_u128(grid: &Grid, threads: NonZeroUsize) -> Result<u128, PlugError> {
    let g = narrow(grid);
    if g.cols() <= 14 {
        let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
        match run_cycle_halves(&g, pairs, threads, |&h: &u64| u128::from(h)) {
            Ok(Some(v)) => return Ok(v),
            Ok(None) | Err(PlugError::Overflow) => {}
            Err(e) => return Err(e),
        }
    }
    count_on::<u128>(grid, EdgeRules::SINGLE_CYCLE, threads)
}

/// Number of ways to cover every free cell with disjoint closed loops (any number of them; an
/// empty board has one, the empty cover), exactly. No connectivity is tracked: a cell of degree
/// two everywhere is all a cover needs.
///
/// ```
/// use plugdp::{cycle_covers, Grid};
/// let g = Grid::parse_rows(&["...", ".*.", "...", "...", ".*.", "..."], '.', '*')?;
/// assert_eq!(cycle_covers(&g)?.to_string(), "3");
/// assert_eq!(cycle_covers(&Grid::new(2, 4)?)?.to_string(), "2");
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`hamiltonian_cycles`].
pub fn cycle_covers(grid: &Grid) -> Result<BigCount, PlugError> {
    match count::<u128>(grid, EdgeRules::PRESENCE) {
        Err(PlugError::Overflow) => {}
        other => return other.map(big),
    }
    with_residues!(two_factor_bits(grid), V => count::<V>(grid, EdgeRules::PRESENCE))
}

/// Number of Hamiltonian paths of the free cells (undirected: a path and its reverse count
/// once; a single free cell is one path of length 0), exactly.
///
/// ```
/// use plugdp::{hamiltonian_paths, Grid};
/// // OEIS A120443: 1, 4, 20, 276, …
/// assert_eq!(hamiltonian_paths(&Grid::new(2, 2)?)?.to_string(), "4");
/// assert_eq!(hamiltonian_paths(&Grid::new(3, 3)?)?.to_string(), "20");
/// assert_eq!(hamiltonian_paths(&Grid::new(4, 4)?)?.to_string(), "276");
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`hamiltonian_cycles`].
pub fn hamiltonian_paths(grid: &Grid) -> Result<BigCount, PlugError> {
    match grid.free_cells() {
        0 => return Ok(BigCount::from_u64(0)),
        1 => return Ok(BigCount::from_u64(1)),
        _ => {}
    }
    match count::<u128>(grid, EdgeRules::SINGLE_PATH) {
        Err(PlugError::Overflow) => {}
        other => return other.map(big),
    }
    // A Hamiltonian path plus one edge is not always a cycle, so bound by edge subsets.
    with_residues!(grid.free_edges(), V => count::<V>(grid, EdgeRules::SINGLE_PATH))
}
