//! [`BoardSweep`]: the exact count of a board's Hamiltonian cycles, Hamiltonian paths or cycle
//! covers, one sharded [`sweep`](crate::sweep) with the number of residues chosen for the board.

use plugdp::{BigCount, EdgeProblem, EdgeRules, Grid, Options, Residues, cycle_bound_bits};
use timely::worker::Worker;

use crate::{ClusterError, Progress, SweepSettings, sweep};

/// What a [`BoardSweep`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BoardCount {
    /// Hamiltonian cycles: one cycle through every free cell (OEIS A003763 on the free
    /// 2n × 2n boards), as [`plugdp::hamiltonian_cycles`] counts them.
    HamiltonianCycles,
    /// Hamiltonian paths: one undirected path through every free cell (OEIS A120443 on the
    /// free n × n boards), as [`plugdp::hamiltonian_paths`] counts them; a board with a single
    /// free cell has one, of length 0.
    HamiltonianPaths,
    /// Cycle covers: every free cell on exactly one of a set of disjoint cycles, as
    /// [`plugdp::cycle_covers`] counts them.
    CycleCovers,
}

/// A board to count on the workers of a run, with everything the workers must agree on
/// decided once, before the run: the board is turned so that its shorter side is swept, and
/// the values are residues modulo enough 62-bit primes for the count's bound
/// ([`BoardSweep::residues`]), rebuilt exactly on the first worker by the Chinese remainder
/// theorem.
///
/// The bound for Hamiltonian cycles is the exact number of cycle covers (every Hamiltonian
/// cycle is one), counted by a sweep without connectivity when the job is made: 222 bits on
/// the 20 × 20 board against 440 for the general bound ([`cycle_bound_bits`]), so four residues
/// instead of eight and half the bytes of every frontier's values, for about 9 s of one core
/// (54 s on 22 × 22). Paths are bounded by the number of edge sets, covers by
/// [`cycle_bound_bits`].
///
/// The job is cheap to clone and can be moved into every worker's closure:
///
/// ```
/// use family_cluster::{BoardCount, BoardSweep, Cluster, SweepSettings};
/// use plugdp::Grid;
/// let job = BoardSweep::new(&Grid::new(6, 6)?, BoardCount::HamiltonianCycles)?;
/// let guards = timely::execute(Cluster::single(2)?.config(), move |worker| {
///     job.run(worker, &SweepSettings::default(), |_| {})
/// })
/// .map_err(family_cluster::ClusterError::Setup)?;
/// let results: Vec<_> = guards.join().into_iter().map(Result::unwrap).collect();
/// assert_eq!(results[0].as_ref().unwrap().as_ref().unwrap().to_string(), "1072"); // A003763(3)
/// assert_eq!(results[1], Ok(None));
/// # Ok::<(), family_cluster::ClusterError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSweep {
    grid: Grid,
    count: BoardCount,
    residues: usize,
}

impl BoardSweep {
    /// The job of counting `count` on `grid`. For Hamiltonian cycles this counts the board's
    /// cycle covers first, on this thread, for the bound (see the type's documentation); if
    /// that sweep does not fit its default budget ([`Options::default`]), the general bound
    /// is used.
    ///
    /// # Errors
    /// [`ClusterError::Plug`] with [`PlugError::ExactTooLarge`](plugdp::PlugError::ExactTooLarge)
    /// if the count's bound is past 16 primes (about 990 bits: larger than any board the
    /// sweep could finish), or with [`PlugError::TooWide`](plugdp::PlugError::TooWide) if
    /// both sides of the board are wider than the engine's frontier takes.
    pub fn new(grid: &Grid, count: BoardCount) -> Result<BoardSweep, ClusterError> {
        let grid = if grid.cols() > grid.rows() {
            grid.transposed()
        } else {
            grid.clone()
        };
        // Checks the board as the workers will, before any process starts.
        EdgeProblem::<Residues<2>>::unit(&grid, rules(count))?;
        let bits = match count {
            BoardCount::HamiltonianCycles => cycle_bits(&grid),
            BoardCount::CycleCovers => cycle_bound_bits(&grid),
            // A path is a set of edges: at most 2^edges of them.
            BoardCount::HamiltonianPaths => grid.free_edges(),
        };
        // Two residues at least: one fewer instance of the whole sweep to compile, for a
        // cost only on boards small enough not to matter.
        let residues = plugdp::value::residues_for_bits(bits)?.max(2);
        Ok(BoardSweep {
            grid,
            count,
            residues,
        })
    }

    /// The board as swept (its shorter side across).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// What is counted.
    pub fn count(&self) -> BoardCount {
        self.count
    }

    /// The number of 62-bit primes the values are counted modulo: 2, 4, 8 or 16. Every
    /// frontier holds `8 × residues` bytes of values.
    pub fn residues(&self) -> usize {
        self.residues
    }

    /// Runs the sweep on this worker; every worker of the run must call it with the same job.
    /// Returns the exact count on the first worker, `None` on the others. `progress` is called
    /// on every worker after every cell, as by [`sweep`].
    ///
    /// # Errors
    /// As [`sweep`]'s: a worker that fails must end its process to stop its peers.
    pub fn run(
        &self,
        worker: &mut Worker,
        settings: &SweepSettings,
        mut progress: impl FnMut(Progress),
    ) -> Result<Option<BigCount>, ClusterError> {
        self.run_dyn(worker, settings, &mut progress)
    }

    /// The one instance of every sweep this job can run, whatever the caller's closure.
    fn run_dyn(
        &self,
        worker: &mut Worker,
        settings: &SweepSettings,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Option<BigCount>, ClusterError> {
        if self.count == BoardCount::HamiltonianPaths && self.grid.free_cells() <= 1 {
            // No edge to sweep: one path of length 0 through a single cell, none through
            // none (as plugdp::hamiltonian_paths counts them).
            let first = worker.index() == 0;
            return Ok(first.then(|| BigCount::from(self.grid.free_cells() as u64)));
        }
        match self.residues {
            2 => self.run_in::<2>(worker, settings, progress),
            4 => self.run_in::<4>(worker, settings, progress),
            8 => self.run_in::<8>(worker, settings, progress),
            _ => self.run_in::<16>(worker, settings, progress),
        }
    }

    fn run_in<const K: usize>(
        &self,
        worker: &mut Worker,
        settings: &SweepSettings,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Option<BigCount>, ClusterError> {
        let problem = EdgeProblem::<Residues<K>>::unit(&self.grid, rules(self.count))?;
        let total = sweep(worker, &problem, settings, progress)?;
        Ok(total.map(|r| r.to_big()))
    }
}

fn rules(count: BoardCount) -> EdgeRules {
    match count {
        BoardCount::HamiltonianCycles => EdgeRules::SINGLE_CYCLE,
        BoardCount::HamiltonianPaths => EdgeRules::SINGLE_PATH,
        BoardCount::CycleCovers => EdgeRules::PRESENCE,
    }
}

/// A bound, in bits, on the Hamiltonian cycles of `grid`: the exact number of its cycle
/// covers when that sweep fits its default budget, else the general bound.
fn cycle_bits(grid: &Grid) -> usize {
    let general = cycle_bound_bits(grid);
    match plugdp::cycle_covers(grid, &Options::default()) {
        // log2 in f64 is within one part in 2^52 of the truth: two more bits are safe.
        Ok(covers) if !covers.is_zero() => {
            (covers.to_f64().log2().ceil() as usize + 2).min(general)
        }
        Ok(_) => 1,
        Err(_) => general,
    }
}
