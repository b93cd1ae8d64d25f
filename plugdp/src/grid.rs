//! [`Grid`]: a rectangular board with blocked cells.

use core::fmt;
use core::str::FromStr;

use crate::PlugError;

/// A `rows × cols` board; some cells may be blocked (never entered, never covered).
///
/// Rows and columns are numbered from 0, row 0 at the top; every solver and the engine read a
/// board through this type.
///
/// # Text
///
/// A grid reads from and prints as text in the convention of the whole crate family (the same
/// as `polyomino::Board` and `level_planner::Site`): `.` a free cell, `#` a blocked one, one
/// line per row. [`FromStr`] trims each line of surrounding whitespace and ignores blank lines
/// before the first and after the last row, so indented multi-line string literals work; all
/// rows must have the same length. [`Display`](fmt::Display) writes the rows joined by `\n`,
/// with no trailing newline, and `FromStr` reads back exactly what it writes. Errors name the
/// 1-based line and column ([`PlugError::UnexpectedChar`], [`PlugError::RaggedRow`]). Inputs
/// drawn with other characters go through [`Grid::parse_rows`].
///
/// ```
/// use plugdp::{hamiltonian_cycles, Grid, Options, PlugError};
/// // The sample board of Timus 1519 "Formula 1" given a half turn: two corner cells blocked.
/// let board: Grid = "
///     ....
///     ....
///     ....
///     ..##
/// ".parse()?;
/// assert_eq!((board.rows(), board.cols(), board.free_cells()), (4, 4, 14));
/// assert!(board.is_blocked(3, 2) && !board.is_blocked(3, 1));
/// assert_eq!(hamiltonian_cycles(&board, &Options::default())?.to_string(), "2"); // the problem's answer
/// assert_eq!(board.to_string(), "....\n....\n....\n..##");
/// assert_eq!(board.to_string().parse::<Grid>()?, board);
/// assert_eq!("..\n.x".parse::<Grid>(), Err(PlugError::UnexpectedChar { ch: 'x', line: 2, column: 2 }));
/// assert_eq!("..\n.".parse::<Grid>(), Err(PlugError::RaggedRow { line: 2, len: 1, expected: 2 }));
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Other board types
///
/// [`polyomino::Board`] converts both ways (`Grid::from(&board)`,
/// `Board::try_from(&grid)`), and so does `level_planner::Site`; the application crates do not
/// depend on each other, so a grid becomes a site through a board (or through the text, which
/// all three read and write alike):
///
/// ```
/// use plugdp::Grid;
/// use plugdp::polyomino::Board;
/// let grid: Grid = "#..\n...".parse()?;
/// let board = Board::try_from(&grid)?; // then `level_planner::Site::from(&board)`
/// assert_eq!(board.to_string(), grid.to_string());
/// assert_eq!(Grid::from(&board), grid);
/// // The text reads as any of them: `grid.to_string().parse::<level_planner::Site>()`.
/// assert_eq!(grid.to_string().parse::<Board>()?, board);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
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
    /// [`PlugError::EmptyGrid`] for a zero side, [`PlugError::GridTooLarge`] past
    /// [`Grid::MAX_CELLS`] cells.
    pub fn new(rows: usize, cols: usize) -> Result<Grid, PlugError> {
        if rows == 0 || cols == 0 {
            return Err(PlugError::EmptyGrid);
        }
        Grid::check_size(rows, cols)?;
        Grid::with_blocked(rows, cols, vec![false; rows * cols])
    }

    /// [`PlugError::GridTooLarge`] past [`Grid::MAX_CELLS`] cells.
    fn check_size(rows: usize, cols: usize) -> Result<(), PlugError> {
        if rows
            .checked_mul(cols)
            .is_none_or(|cells| cells > Grid::MAX_CELLS)
        {
            return Err(PlugError::GridTooLarge {
                rows,
                cols,
                max_cells: Grid::MAX_CELLS,
            });
        }
        Ok(())
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
    /// // 8 flags for 9 cells:
    /// assert_eq!(Grid::with_blocked(3, 3, vec![false; 8]),
    ///            Err(plugdp::PlugError::FlagCount { flags: 8, rows: 3, cols: 3 }));
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlugError::EmptyGrid`] for a zero side, [`PlugError::GridTooLarge`] past
    /// [`Grid::MAX_CELLS`] cells, [`PlugError::FlagCount`] for a flag count other than
    /// `rows · cols`.
    pub fn with_blocked(rows: usize, cols: usize, blocked: Vec<bool>) -> Result<Grid, PlugError> {
        if rows == 0 || cols == 0 {
            return Err(PlugError::EmptyGrid);
        }
        Grid::check_size(rows, cols)?;
        if rows * cols != blocked.len() {
            return Err(PlugError::FlagCount {
                flags: blocked.len(),
                rows,
                cols,
            });
        }
        Ok(Grid {
            rows,
            cols,
            blocked,
        })
    }

    /// Reads a grid drawn as text, `.` free and `#` blocked (the same as
    /// `text.parse::<Grid>()`, named like `polyomino::Board::parse`; see
    /// [the type's documentation](Grid#text)).
    ///
    /// ```
    /// use plugdp::{Grid, PlugError};
    /// let g = Grid::parse("
    ///     ..#
    ///     ...
    /// ")?;
    /// assert_eq!((g.rows(), g.cols(), g.free_cells()), (2, 3, 5));
    /// assert_eq!(Grid::parse("..\n."), Err(PlugError::RaggedRow { line: 2, len: 1, expected: 2 }));
    /// # Ok::<(), PlugError>(())
    /// ```
    ///
    /// # Errors
    /// As [`FromStr`].
    pub fn parse(text: &str) -> Result<Grid, PlugError> {
        text.parse()
    }

    /// Reads rows of `free` and `blocked` characters given one string per row, for inputs drawn
    /// with other characters than [`FromStr`](core::str::FromStr)'s `.` and `#` (for example `.`
    /// and `*` in Formula 1). Rows are taken as they are (not trimmed); all must have the same
    /// number of characters. Errors name the 1-based row as `line` (row `i` of the slice is line
    /// `i + 1`) and the 1-based `column`.
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
    /// // The same board in the family's `.` / `#` text:
    /// assert_eq!(board.to_string(), "##..\n....\n....\n....");
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    ///
    /// Other characters and ragged rows are errors:
    ///
    /// ```
    /// use plugdp::{Grid, PlugError};
    /// assert_eq!(Grid::parse_rows(&["..", ".#"], '.', '*'),
    ///            Err(PlugError::UnexpectedChar { ch: '#', line: 2, column: 2 }));
    /// assert_eq!(Grid::parse_rows(&["..", "."], '.', '*'),
    ///            Err(PlugError::RaggedRow { line: 2, len: 1, expected: 2 }));
    /// assert_eq!(Grid::parse_rows::<&str>(&[], '.', '*'), Err(PlugError::EmptyGrid));
    /// ```
    ///
    /// # Errors
    /// [`PlugError::UnexpectedChar`] for other characters, [`PlugError::RaggedRow`] for a row
    /// of another length than the first, [`PlugError::GridTooLarge`] for more than
    /// [`Grid::MAX_CELLS`] cells (refused from the first row's length and the number of rows,
    /// before any other row is read), [`PlugError::EmptyGrid`] for no row or an empty first
    /// row.
    pub fn parse_rows<S: AsRef<str>>(
        rows: &[S],
        free: char,
        blocked: char,
    ) -> Result<Grid, PlugError> {
        let numbered = rows.iter().enumerate().map(|(i, r)| (i + 1, r.as_ref()));
        let glyph = |ch: char| {
            if ch == free {
                Some(false)
            } else if ch == blocked {
                Some(true)
            } else {
                None
            }
        };
        let (rows, cols, flags) =
            crate::text::read_cells(numbered, Some(rows.len()), glyph, Grid::check_size)?;
        Grid::with_blocked(rows, cols, flags)
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

    /// Number of rows ([`rows`](Grid::rows)): every board type of the family answers both
    /// `rows()`/`cols()` and `height()`/`width()`.
    ///
    /// ```
    /// let board: plugdp::Grid = "...\n.#.".parse()?;
    /// assert_eq!((board.height(), board.width()), (board.rows(), board.cols()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn height(&self) -> usize {
        self.rows
    }

    /// Number of columns ([`cols`](Grid::cols)).
    ///
    /// ```
    /// let board: plugdp::Grid = "...\n.#.".parse()?;
    /// assert_eq!(board.width(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn width(&self) -> usize {
        self.cols
    }

    /// Whether `(r, c)` is blocked; cells off the board count as blocked.
    ///
    /// ```
    /// let g: plugdp::Grid = "#.\n..".parse()?;
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
    /// let g: plugdp::Grid = "##..\n....\n....\n....".parse()?;
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
    /// assert_eq!("#...\n....\n....\n....".parse::<Grid>()?.free_edges(), 22);
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
    /// let g: plugdp::Grid = "#..\n...".parse()?;
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

impl FromStr for Grid {
    type Err = PlugError;

    /// Reads `.` (free) and `#` (blocked) cells, one line per row, as [`Display`](fmt::Display)
    /// writes them; lines are trimmed and blank lines before the first and after the last row
    /// are ignored (see [the type's documentation](Grid#text)).
    ///
    /// ```
    /// use plugdp::{domino_tilings, Grid, Options, PlugError};
    /// // A 3 × 3 ring: two domino tilings.
    /// let ring: Grid = "...\n.#.\n...".parse()?;
    /// assert_eq!(domino_tilings(&ring, &Options::default())?.to_string(), "2");
    /// assert_eq!("".parse::<Grid>(), Err(PlugError::EmptyGrid));
    /// // A blank line between rows is a row of no cells:
    /// assert_eq!("..\n\n..".parse::<Grid>(), Err(PlugError::RaggedRow { line: 2, len: 0, expected: 2 }));
    /// # Ok::<(), PlugError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlugError::UnexpectedChar`], [`PlugError::RaggedRow`], [`PlugError::EmptyGrid`] for
    /// a text without a row, [`PlugError::GridTooLarge`] as soon as the rows read pass
    /// [`Grid::MAX_CELLS`] cells (the rest of the text is not read).
    fn from_str(text: &str) -> Result<Grid, PlugError> {
        let glyph = |ch: char| match ch {
            '.' => Some(false),
            '#' => Some(true),
            _ => None,
        };
        let (rows, cols, flags) =
            crate::text::read_cells(crate::text::rows(text), None, glyph, Grid::check_size)?;
        Grid::with_blocked(rows, cols, flags)
    }
}

impl fmt::Display for Grid {
    /// Draws `.` for a free and `#` for a blocked cell, rows joined by `\n`, no trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::text::draw(f, self.rows, self.cols, |r, c| {
            if self.is_blocked(r, c) { '#' } else { '.' }
        })
    }
}

impl From<&polyomino::Board> for Grid {
    /// The board's blocked cells as a grid (every board fits: at most 64 × 4096 cells). The
    /// way from a `level_planner::Site` to a grid: `Grid::from(&Board::try_from(&site)?)`.
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
    /// 64 or taller than 4096 cells. The way from a grid to a `level_planner::Site`:
    /// `Site::from(&Board::try_from(&grid)?)`.
    ///
    /// ```
    /// use plugdp::Grid;
    /// use plugdp::polyomino::{Board, BoardError};
    /// let grid: Grid = "#.\n..".parse()?;
    /// assert_eq!(Board::try_from(&grid)?.blocked().count(), 1);
    /// assert!(matches!(Board::try_from(&Grid::new(1, 65)?), Err(BoardError::BadSize { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
