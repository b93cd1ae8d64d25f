//! Runs the polyomino family's big counts on many processes or machines, on
//! [timely dataflow](https://docs.rs/timely).
//!
//! Two kinds of job outgrow one machine: a plug DP sweep whose frontier no longer fits one
//! memory (the Hamiltonian cycles of the 20 × 20 grid hold about 12 GB of frontiers), and a
//! job made of many independent pieces (the fixed polyominoes of one size are a sum over
//! bounding-box widths and, counted modulo primes, residues; a league plays one tournament per
//! subtask). This crate runs both on timely
//! dataflow: the same binary on every process, each given the list of all processes'
//! addresses and its own index ([`Cluster`]); the processes connect over TCP and every worker
//! thread of every process is one shard of the job.
//!
//! * [`sweep`]: one sweep of any [`Transfer`](plugdp::engine::driver::Transfer) problem, its
//!   frontiers split by key over the workers ([`plugdp::engine::shard`]); after every cell
//!   each successor goes to the worker that owns it. Memory per worker is about `1/shards` of
//!   the single-process sweep's, plus the successors in flight.
//! * [`BoardSweep`]: the exact count of a board's Hamiltonian cycles, Hamiltonian paths or
//!   cycle covers ([`BoardCount`]) as one such sweep, with everything the workers must agree
//!   on (the board's orientation, how many primes the values are counted modulo) decided
//!   once, before the run.
//! * [`count_units`]: independent units ([`plugdp::PolyominoUnit`]) shared among the workers,
//!   their results gathered and merged exactly on the first worker.
//! * [`play_league`]: the plane-bombing league ([`grid_games::planes::League`]), its five
//!   subtasks' tournaments shared among the workers, with the same tables as on one thread.
//! * [`gather`]: every worker's items collected at the first worker.
//!
//! The answer never depends on the number of processes or workers. A process that dies stops
//! the run: its peers lose their connections to it and end with an error (the binary says
//! which and exits with status 3), never with a wrong answer.
//!
//! Sweep the 6 × 6 board's Hamiltonian cycles on two worker threads of this process:
//!
//! ```
//! use family_cluster::{sweep, Cluster, SweepSettings};
//! use plugdp::{EdgeProblem, EdgeRules, Grid, Sides};
//! let guards = timely::execute(Cluster::single(2)?.config(), |worker| {
//!     let grid = Grid::new(6, 6).unwrap();
//!     let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
//!     let problem = EdgeProblem::new(&grid, EdgeRules::SINGLE_CYCLE, pairs).unwrap();
//!     sweep(worker, &problem, &SweepSettings::default(), |_| {})
//! })
//! .map_err(family_cluster::ClusterError::Setup)?;
//! let first = guards.join().into_iter().next().unwrap().unwrap();
//! assert_eq!(first, Ok(Some(1072))); // OEIS A003763(3)
//! # Ok::<(), family_cluster::ClusterError>(())
//! ```
//!
//! Count the fixed polyominoes up to size 14 as width units shared by three workers:
//!
//! ```
//! use family_cluster::{count_units, Cluster};
//! use plugdp::{merge_units, Options, PolyominoUnit};
//! let guards = timely::execute(Cluster::single(3)?.config(), |worker| {
//!     let units = PolyominoUnit::all(14, 0).unwrap();
//!     count_units(worker, &units, &Options::default(), |_| None, |_, _| {})
//! })
//! .map_err(family_cluster::ClusterError::Setup)?;
//! let results = guards.join().into_iter().next().unwrap().unwrap()?.unwrap();
//! assert_eq!(merge_units(14, 0, &results)?[14], 7_204_874); // OEIS A001168(14)
//! # Ok::<(), family_cluster::ClusterError>(())
//! ```
//!
//! The binary, `family-cluster`, runs these jobs from the command line on one machine or
//! many; the crate family's `docs/cluster.md` shows how to start it by hand, with ssh, or as a
//! Slurm job.

#![forbid(unsafe_code)]

// The README's code blocks run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod board;
mod cluster;
mod gather;
mod league;
mod sweep;
mod units;

pub use board::{BoardCount, BoardSweep};
pub use cluster::Cluster;
pub use gather::gather;
pub use league::play_league;
pub use sweep::{Progress, SweepSettings, sweep};
pub use units::{UnitResults, count_units};

use plugdp::PlugError;

/// Why a cluster run failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ClusterError {
    /// The processes could not be set up: a bad host list or process index, or timely's own
    /// start-up error (an address that does not resolve, a port in use).
    #[error("cluster set-up: {0}")]
    Setup(String),
    /// The DP's own error.
    #[error(transparent)]
    Plug(#[from] PlugError),
    /// The plane-bombing league's own error.
    #[error(transparent)]
    League(#[from] grid_games::planes::LeagueError),
}
