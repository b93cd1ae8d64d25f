//! The plug DP engine.
//!
//! The grid is swept cell by cell, row-major. For each partial solution only its *frontier* is
//! kept: the plugs crossing the broken contour between processed and unprocessed cells (for cell
//! `(r, c)`: positions `0..c` are the down-plugs of row r, position c the plug entering from the
//! left, position c + 1 the plug entering from above, the rest the down-plugs of row r − 1), with
//! their components in minimal representation ([`state`]), and a few flag bits. Two hash tables
//! (`hashbrown`) roll from cell to cell, summing the values of partial solutions that reach the
//! same frontier.
//!
//! The problem describes only what may happen in one cell: a list of [`Sides`] it may open, with
//! a weight each ([`run_edges`]). The engine checks that the cell's left and top openings match
//! the plugs that arrive, merges components, detects a closing cycle and applies the
//! [`EdgeRules`].
//!
//! Costs: O(cells × states × choices × W) for contour width W; the states are the distinct
//! frontiers, reported per step in [`Stats`].

pub mod driver;
pub mod shard;
pub mod state;

mod cells;
pub(crate) mod edges;
mod interned;
pub(crate) mod meander;
pub(crate) mod nibbles;
pub(crate) mod table;

pub use cells::{CellRules, run_cells};
pub use edges::{
    Cycles, EdgeProblem, EdgeRules, Frontier, NoPruning, Pruner, Sides, Stats, run_edges,
    run_edges_with, run_edges_witness,
};
