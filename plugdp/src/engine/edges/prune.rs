//! The pruning hooks of [`run_edges_with`](super::run_edges_with): the [`Pruner`] trait and
//! [`NoPruning`].

use super::Frontier;

/// Hooks consulted by [`run_edges_with`](super::run_edges_with); both keep everything by
/// default.
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
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
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

/// The pruner that keeps everything ([`run_edges`](super::run_edges) is
/// [`run_edges_with`](super::run_edges_with) and `NoPruning`).
///
/// ```
/// use plugdp::{run_edges_with, EdgeRules, Grid, NoPruning, Sides};
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
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
