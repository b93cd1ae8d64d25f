//! [`Frontier`], the read-only view of one frontier that pruners see.

use super::CLOSED;
use crate::engine::state::MAX_POSITIONS;

/// A read-only view of one frontier, for [`Pruner`](super::Pruner)s.
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
/// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
/// let (n, _) = run_edges_with(&Grid::new(4, 4)?, EdgeRules::SINGLE_CYCLE, pairs, &mut Check, &plugdp::Options::default())?;
/// assert_eq!(n, 6);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Frontier {
    pub(super) labels: [u8; MAX_POSITIONS + 1],
    pub(super) positions: usize,
    pub(super) flags: u8,
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
    /// let singles = |_, _| Sides::SINGLES.iter().map(|&s| (s, 1u64));
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
    /// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
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
    /// See [`Pruner`](super::Pruner) for an example: a single cycle always leaves an even number
    /// of plugs.
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
    /// let singles = |_, _| Sides::SINGLES.iter().map(|&s| (s, 1u64));
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
    /// With [`EdgeRules::SINGLE_CYCLE`](super::EdgeRules::SINGLE_CYCLE) a cycle may close early
    /// (round the first rows of a board, say); such a frontier dies at the next free cell, which
    /// may open nothing. After the last cell only the closed, empty contour remains.
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
    /// let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
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
