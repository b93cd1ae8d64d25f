//! [`Grid`]: a rectangular board with blocked cells.

use crate::PlugError;

/// A `rows × cols` board; some cells may be blocked (never entered, never covered).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: usize,
    cols: usize,
    blocked: Vec<bool>,
}

impl Grid {
    /// A board with every cell free.
    ///
    /// # Errors
    /// [`PlugError::EmptyGrid`] for a zero side, [`PlugError::BadGrid`] past [`Grid::MAX_CELLS`]
    /// cells.
    pub fn new(rows: usize, cols: usize) -> Result<Grid, PlugError> {
        let cells = rows
            .checked_mul(cols)
            .filter(|&n| n <= Grid::MAX_CELLS)
            .ok_or_else(|| PlugError::BadGrid(format!("{rows}x{cols} is too large")))?;
        Grid::with_blocked(rows, cols, vec![false; cells])
    }

    /// Largest number of cells of a board.
    pub const MAX_CELLS: usize = 1 << 24;

    /// A board from row-major blocked flags.
    ///
    /// # Errors
    /// [`PlugError::EmptyGrid`] for a zero side, [`PlugError::BadGrid`] for a wrong flag count.
    pub fn with_blocked(rows: usize, cols: usize, blocked: Vec<bool>) -> Result<Grid, PlugError> {
        if rows == 0 || cols == 0 {
            return Err(PlugError::EmptyGrid);
        }
        if rows.checked_mul(cols) != Some(blocked.len()) {
            return Err(PlugError::BadGrid(format!(
                "{} flags for {rows}x{cols} cells",
                blocked.len()
            )));
        }
        Ok(Grid {
            rows,
            cols,
            blocked,
        })
    }

    /// Reads rows of `free` and `blocked` characters (for example `.` and `*` in Formula 1).
    ///
    /// # Errors
    /// [`PlugError::BadGrid`] for other characters or ragged rows, [`PlugError::EmptyGrid`].
    pub fn parse_rows<S: AsRef<str>>(
        rows: &[S],
        free: char,
        blocked: char,
    ) -> Result<Grid, PlugError> {
        let cols = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let mut flags = Vec::with_capacity(rows.len() * cols);
        for (i, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.chars().count() != cols {
                return Err(PlugError::BadGrid(format!(
                    "row {i} has {} cells, expected {cols}",
                    row.chars().count()
                )));
            }
            for ch in row.chars() {
                if ch == free {
                    flags.push(false);
                } else if ch == blocked {
                    flags.push(true);
                } else {
                    return Err(PlugError::BadGrid(format!(
                        "row {i} has the character {ch:?}"
                    )));
                }
            }
        }
        Grid::with_blocked(rows.len(), cols, flags)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `(r, c)` is blocked; cells off the board count as blocked.
    pub fn is_blocked(&self, r: usize, c: usize) -> bool {
        r >= self.rows || c >= self.cols || self.blocked[r * self.cols + c]
    }

    /// Number of free cells.
    pub fn free_cells(&self) -> usize {
        self.blocked.iter().filter(|&&b| !b).count()
    }

    /// Number of edges between edge-adjacent free cells.
    pub fn free_edges(&self) -> usize {
        let mut e = 0;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.is_blocked(r, c) {
                    continue;
                }
                if c + 1 < self.cols && !self.is_blocked(r, c + 1) {
                    e += 1;
                }
                if r + 1 < self.rows && !self.is_blocked(r + 1, c) {
                    e += 1;
                }
            }
        }
        e
    }

    /// The transposed board (rows become columns).
    pub fn transposed(&self) -> Grid {
        let mut blocked = vec![false; self.rows * self.cols];
        for r in 0..self.rows {
            for c in 0..self.cols {
                blocked[c * self.rows + r] = self.is_blocked(r, c);
            }
        }
        Grid {
            rows: self.cols,
            cols: self.rows,
            blocked,
        }
    }
}
