//! The padded square lattice that Redelmeier's algorithm walks.
//!
//! Cells are numbered `(y + 1) · w + (x + n)` for rows `y ∈ −1..=n` and columns
//! `x ∈ −n..=n` (`w = 2n + 1`), so the four neighbours of a cell are at `±1` and `±w`. The
//! root is `(0, 0)`; a polyomino is counted from its first cell in row-major order, so every cell
//! of row −1 and the cells of row 0 left of the root are forbidden from the start. No cell more
//! than n − 1 steps from the root is ever placed, so the padding column at `x = ±n` absorbs the
//! neighbours of the outermost cells and no index wraps into another row.

use crate::Cell;

pub(crate) struct Lattice {
    n: usize,
    w: usize,
}

impl Lattice {
    pub(crate) fn new(n: usize) -> Lattice {
        Lattice { n, w: 2 * n + 1 }
    }

    /// Number of cells in the padded lattice.
    pub(crate) fn len(&self) -> usize {
        (self.n + 2) * self.w
    }

    /// Row stride.
    pub(crate) fn stride(&self) -> usize {
        self.w
    }

    /// Index of the root cell `(0, 0)`.
    pub(crate) fn root(&self) -> usize {
        self.w + self.n
    }

    /// The initial "reached" marks: the forbidden half-plane and the root itself.
    pub(crate) fn initial_marks(&self) -> Vec<bool> {
        let mut reached = vec![false; self.len()];
        reached[..=self.root()].fill(true);
        reached
    }

    /// The cell (row grows downward from the root's row) of an index.
    pub(crate) fn cell(&self, index: usize) -> Cell {
        let y = (index / self.w) as i32 - 1;
        let x = (index % self.w) as i32 - self.n as i32;
        Cell::new(y, x)
    }
}
