//! [`Grid`]: a rectangular board with blocked cells.

use crate::PlugError;

/// A `rows × cols` board; some cells may be blocked (never entered, never covered).
///
/// Rows and columns are numbered from 0, row 0 at the top; every solver and the engine read a
/// board through this type.
///
/// ```
/// use plugdp::{hamiltonian_cycles, Grid, Options};
/// // The sample board of Timus 1519 "Formula 1": the two top-left cells are blocked.
/// let board = Grid::parse_rows(&["**..", "....", "....", "...."], '.', '*')?;
/// assert_eq!((board.rows(), board.cols(), board.free_cells()), (4, 4, 14));
/// assert!(board.is_blocked(0, 1) && !board.is_blocked(0, 2));
/// assert_eq!(hamiltonian_cycles(&board, &Options::default())?.to_string(), "2"); // the problem's answer
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: usize,
    cols: usize,
    blocked: Vec<bool>,
}

impl Grid {
    /// A board with every cell free.
    ///
    /// ```
    /// use plugdp::{domino_tilings, Grid, PlugError};
    /// // Domino tilings of a 2 × n strip are the Fibonacci numbers.
    /// let mut fib = (1u64, 2u64);
    /// for n in 2..=20 {
    ///     let strip = Grid::new(2, n)?;
    ///     assert_eq!(domino_tilings(&strip, &plugdp::Options::default())?.to_string(), fib.1.to_string());
    ///     fib = (fib.1, fib.0 + fib.1);
    /// }
    /// assert_eq!(Grid::new(0, 3), Err(PlugError::EmptyGrid));
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
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

    /// A board from row-major blocked flags (`true`: blocked).
    ///
    /// ```
    /// use plugdp::{domino_tilings, hamiltonian_cycles, Grid, Options};
    /// // A 3 × 3 board without its centre is a ring of 8 cells: one Hamiltonian cycle (the
    /// // ring itself) and two domino tilings (every other edge of the ring).
    /// let mut blocked = vec![false; 9];
    /// blocked[4] = true;
    /// let ring = Grid::with_blocked(3, 3, blocked)?;
    /// assert!(ring.is_blocked(1, 1));
    /// assert_eq!(hamiltonian_cycles(&ring, &Options::default())?.to_string(), "1");
    /// assert_eq!(domino_tilings(&ring, &plugdp::Options::default())?.to_string(), "2");
    /// assert!(Grid::with_blocked(3, 3, vec![false; 8]).is_err()); // 8 flags for 9 cells
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlugError::EmptyGrid`] for a zero side, [`PlugError::BadGrid`] past
    /// [`Grid::MAX_CELLS`] cells or for a wrong flag count.
    pub fn with_blocked(rows: usize, cols: usize, blocked: Vec<bool>) -> Result<Grid, PlugError> {
        if rows == 0 || cols == 0 {
            return Err(PlugError::EmptyGrid);
        }
        if rows
            .checked_mul(cols)
            .is_none_or(|cells| cells > Grid::MAX_CELLS)
        {
            return Err(PlugError::BadGrid(format!("{rows}x{cols} is too large")));
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
    /// All rows must have the same number of characters.
    ///
    /// # Reading a Timus 1519 "Formula 1" input
    ///
    /// The problem's input is two numbers `N M` (rows and columns, 2 ≤ N, M ≤ 12 in the
    /// original), then N lines of M characters: `.` a free cell, `*` a blocked one. The answer
    /// is the number of Hamiltonian cycles of the free cells ([`hamiltonian_cycles`]). Words are
    /// separated by whitespace, so the input splits into the two numbers and the rows:
    ///
    /// [`hamiltonian_cycles`]: crate::hamiltonian_cycles
    ///
    /// ```
    /// use plugdp::{hamiltonian_cycles, Grid, Options};
    /// let input = "4 4\n**..\n....\n....\n....\n"; // the problem's sample
    /// let mut words = input.split_whitespace();
    /// let n: usize = words.next().unwrap().parse().unwrap();
    /// let m: usize = words.next().unwrap().parse().unwrap();
    /// let rows: Vec<&str> = words.take(n).collect();
    /// let board = Grid::parse_rows(&rows, '.', '*')?;
    /// assert_eq!((board.rows(), board.cols()), (n, m));
    /// assert_eq!(hamiltonian_cycles(&board, &Options::default())?.to_string(), "2"); // the sample's answer
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    ///
    /// Other characters and ragged rows are errors:
    ///
    /// ```
    /// use plugdp::{Grid, PlugError};
    /// assert!(matches!(Grid::parse_rows(&["..", ".#"], '.', '*'), Err(PlugError::BadGrid(_))));
    /// assert!(matches!(Grid::parse_rows(&["..", "."], '.', '*'), Err(PlugError::BadGrid(_))));
    /// assert_eq!(Grid::parse_rows::<&str>(&[], '.', '*'), Err(PlugError::EmptyGrid));
    /// ```
    ///
    /// # Errors
    /// [`PlugError::BadGrid`] for other characters, ragged rows or more than
    /// [`Grid::MAX_CELLS`] cells (refused before any row past the first is read),
    /// [`PlugError::EmptyGrid`].
    pub fn parse_rows<S: AsRef<str>>(
        rows: &[S],
        free: char,
        blocked: char,
    ) -> Result<Grid, PlugError> {
        let cols = rows.first().map_or(0, |r| r.as_ref().chars().count());
        // The size is known from the first row: refuse it before allocating or reading the rest.
        let cells = rows
            .len()
            .checked_mul(cols)
            .filter(|&n| n <= Grid::MAX_CELLS)
            .ok_or_else(|| PlugError::BadGrid(format!("{}x{cols} is too large", rows.len())))?;
        let mut flags = Vec::with_capacity(cells);
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
    ///
    /// ```
    /// let g = plugdp::Grid::new(3, 5)?;
    /// assert_eq!(g.rows(), 3);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    ///
    /// ```
    /// let g = plugdp::Grid::new(3, 5)?;
    /// assert_eq!(g.cols(), 5);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `(r, c)` is blocked; cells off the board count as blocked.
    ///
    /// ```
    /// let g = plugdp::Grid::parse_rows(&["*.", ".."], '.', '*')?;
    /// assert!(g.is_blocked(0, 0) && !g.is_blocked(1, 1));
    /// assert!(g.is_blocked(2, 0) && g.is_blocked(0, 7)); // off the board
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn is_blocked(&self, r: usize, c: usize) -> bool {
        r >= self.rows || c >= self.cols || self.blocked[r * self.cols + c]
    }

    /// Number of free cells.
    ///
    /// ```
    /// let g = plugdp::Grid::parse_rows(&["**..", "....", "....", "...."], '.', '*')?;
    /// assert_eq!(g.free_cells(), 14);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn free_cells(&self) -> usize {
        self.blocked.iter().filter(|&&b| !b).count()
    }

    /// Number of edges between edge-adjacent free cells.
    ///
    /// ```
    /// use plugdp::Grid;
    /// // An m × n grid graph has m(n − 1) + n(m − 1) edges: 24 for 4 × 4.
    /// assert_eq!(Grid::new(4, 4)?.free_edges(), 24);
    /// // Blocking a corner removes its two edges.
    /// assert_eq!(Grid::parse_rows(&["*...", "....", "....", "...."], '.', '*')?.free_edges(), 22);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
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
    ///
    /// ```
    /// let g = plugdp::Grid::parse_rows(&["*..", "..."], '.', '*')?;
    /// let t = g.transposed();
    /// assert_eq!((t.rows(), t.cols()), (3, 2));
    /// assert!(t.is_blocked(0, 0) && !t.is_blocked(2, 1));
    /// assert_eq!(t.transposed(), g);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
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

impl From<&polyomino::Board> for Grid {
    /// The board's blocked cells as a grid (every board fits: at most 64 × 4096 cells).
    ///
    /// ```
    /// use plugdp::{hamiltonian_cycles, Grid, Options};
    /// use plugdp::polyomino::Board;
    /// let board: Board = "##..\n....\n....\n....".parse()?;
    /// let grid = Grid::from(&board);
    /// assert!(grid.is_blocked(0, 0) && !grid.is_blocked(0, 2));
    /// assert_eq!(hamiltonian_cycles(&grid, &Options::default())?.to_string(), "2"); // Timus 1519 sample
    /// assert_eq!(polyomino::Board::try_from(&grid)?, board);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from(board: &polyomino::Board) -> Grid {
        let (rows, cols) = (board.height() as usize, board.width() as usize);
        let blocked = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| !board.is_usable(polyomino::Cell::new(r as i32, c as i32)))
            .collect();
        Grid {
            rows,
            cols,
            blocked,
        }
    }
}

impl TryFrom<&Grid> for polyomino::Board {
    type Error = polyomino::BoardError;

    /// The grid as a placement board; [`polyomino::BoardError::BadSize`] for a grid wider than
    /// 64 or taller than 4096 cells.
    fn try_from(grid: &Grid) -> Result<polyomino::Board, polyomino::BoardError> {
        let too_big = || polyomino::BoardError::BadSize {
            height: u32::try_from(grid.rows).unwrap_or(u32::MAX),
            width: u32::try_from(grid.cols).unwrap_or(u32::MAX),
            max_height: polyomino::Board::MAX_HEIGHT,
            max_width: polyomino::Board::MAX_WIDTH,
        };
        let height = u32::try_from(grid.rows).map_err(|_| too_big())?;
        let width = u32::try_from(grid.cols).map_err(|_| too_big())?;
        let blocked = (0..grid.rows)
            .flat_map(|r| (0..grid.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| grid.is_blocked(r, c))
            .map(|(r, c)| polyomino::Cell::new(r as i32, c as i32));
        polyomino::Board::with_blocked(height, width, blocked)
    }
}
