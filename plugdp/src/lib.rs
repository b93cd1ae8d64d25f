//! A plug DP (broken-profile, transfer-matrix) engine whose frontier states keep connectivity in
//! minimal representation (最小表示法), with ready solvers.
//!
//! *Work in progress*: the engine sweeps edge-plug frontiers (cells choose which sides are
//! open) and cell-occupancy frontiers (cells are in or out) with exact, 64/128-bit, modular,
//! optimisation or boolean values; the shipped solvers are Hamiltonian cycles
//! (Formula 1), Hamiltonian paths, cycle covers, domino tilings, Rocket Mania (best launch
//! count with the rotations), fixed polyominoes by transfer matrix (with one-sided and free
//! counts by Burnside) and self-avoiding polygons by perimeter; pruning hooks ([`run_edges_with`]) and witnesses for optimisation values
//! ([`run_edges_witness`] with [`MaxPlus`], [`MinPlus`], [`Feasible`]), and the cell-occupancy
//! sweep ([`run_cells`]). The speed work of the issue (Formula 1 anchors, polyomino counts to
//! n = 30) is not done yet.
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
//! A problem of your own is a closure listing, per cell, the sides it may open and their
//! weights ([`run_edges`]).
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
