//! A plug DP (broken-profile, transfer-matrix) engine whose frontier states keep connectivity in
//! minimal representation (最小表示法), with ready solvers.
//!
//! A problem is a closure listing what may happen in one cell; the engine sweeps the grid cell
//! by cell, keeping for each partial solution only its frontier (the plugs crossing the broken
//! contour, with their components in minimal representation) in rolling tables, and folds the
//! values in the semiring you choose: checked `u64` / `u128` counts, counts modulo primes
//! ([`value::ModP`], [`value::Residues`]), exact [`value::BigCount`]s, or optimisation values
//! ([`MaxPlus`], [`MinPlus`], [`Feasible`]) with a witness ([`run_edges_witness`]).
//!
//! Counting, with a ready solver:
//!
//! ```
//! use plugdp::{cycle_covers, domino_tilings, hamiltonian_cycles, Grid};
//! let free = Grid::new(4, 4)?;
//! assert_eq!(hamiltonian_cycles(&free)?.to_string(), "6");
//! assert_eq!(domino_tilings(&free)?.to_string(), "36");
//! let hdu = Grid::parse_rows(&["....", "...."], '.', '*')?;
//! assert_eq!(cycle_covers(&hdu)?.to_string(), "2");
//! # Ok::<(), plugdp::PlugError>(())
//! ```
//!
//! A problem of your own: count the ways to cover a board with disjoint loops where no loop may
//! turn in a marked cell, by listing each cell's admissible sides ([`run_edges`]):
//!
//! ```
//! use plugdp::{run_edges, EdgeRules, Grid, Sides};
//! let grid = Grid::new(4, 4)?;
//! let straight_only = |r: usize, c: usize| r == 1 && c == 1;
//! let choices = |r: usize, c: usize| {
//!     Sides::PAIRS
//!         .iter()
//!         .filter(|&&s| !straight_only(r, c) || s == Sides(5) || s == Sides(10))
//!         .map(|&s| (s, 1u64))
//!         .collect()
//! };
//! let (covers, stats) = run_edges(&grid, EdgeRules::PRESENCE, choices)?;
//! let (all, _) = run_edges(&grid, EdgeRules::PRESENCE, |_, _| {
//!     Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect()
//! })?;
//! assert!(covers < all && stats.peak > 0);
//! # Ok::<(), plugdp::PlugError>(())
//! ```
//!
//! Polyomino counts by transfer matrix (OEIS A001168, A000988, A000105):
//!
//! ```
//! use plugdp::polyomino_counts;
//! let c = polyomino_counts(10)?;
//! assert_eq!(c[9], (10, 36446, 9189, 4655)); // size, fixed, one-sided, free
//! # Ok::<(), plugdp::PlugError>(())
//! ```
//!
//! # Design and costs
//!
//! * Frontiers pack 4 bits per contour position (W + 1 positions for W columns) and a few flags
//!   into a `u64` (W ≤ 14) or a `u128` (W ≤ 30); wider boards are refused with
//!   [`PlugError::TooWide`], more than 15 components with [`PlugError::TooManyComponents`].
//!   Solvers turn the board so that its shorter side is swept.
//! * One step costs O(frontiers × choices): the common transitions (a plug passing through, a
//!   new component, a merge, a cycle closing) are computed on the packed key with word-parallel
//!   operations; the rest through a decoded reference transition.
//! * A step's successors are summed in a cache-sized open-addressing table, or, for big steps,
//!   first partitioned by hash so that every table stays in cache; with `threads` > 1
//!   ([`run_edges_parallel`] and the `_parallel` solvers) workers started once per sweep split
//!   every step, with no contended lock.
//! * Hamiltonian cycles sweep only half the board: the top half and the bottom half meet at the
//!   middle row, joined by plug set over the closed meanders (pairs of non-crossing matchings
//!   that form one cycle); a mirror-symmetric board needs one half sweep.
//! * Measured (2-core machine): the free 12 × 12 Formula 1 board in 22 ms on one thread and
//!   15–21 ms on two, 16 × 16 in 2.2–2.9 s on two; all fixed polyominoes up to 24 cells in
//!   1.9 s on one thread. The guide's `plugdp` chapter has the tables.
#![forbid(unsafe_code)]

pub mod engine;
mod error;
mod grid;
mod solvers;
pub mod value;

pub use engine::{
    CellRules, Cycles, EdgeRules, Frontier, NoPruning, Pruner, Sides, Stats, run_cells, run_edges,
    run_edges_parallel, run_edges_with, run_edges_witness,
};
/// The `polyomino` crate this one builds on (polyomino counts), re-exported so its types need
/// no dependency of their own.
pub use polyomino;

pub use error::PlugError;
pub use grid::Grid;
pub use solvers::{
    FuseBoard, MAX_POLYGON_HALF_PERIMETER, MAX_POLYOMINO_SIZE, Prunings, RocketPlan, RocketStats,
    Tile, cycle_covers, domino_tilings, fixed_polyominoes, fixed_polyominoes_parallel,
    hamiltonian_cycles, hamiltonian_cycles_parallel, hamiltonian_cycles_u128,
    hamiltonian_cycles_u128_parallel, hamiltonian_paths, launched_rockets, polyomino_counts,
    polyomino_counts_parallel, rocket_mania, rocket_mania_with, self_avoiding_polygons,
};
pub use value::{BigCount, Feasible, MaxPlus, MinPlus, ModP, Residues, Value};
