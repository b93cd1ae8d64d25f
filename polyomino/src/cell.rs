//! The [`Cell`] vocabulary type: one square of the grid.

use core::fmt;
use core::ops::{Add, Neg, Sub};

/// One square of the grid, addressed by `(row, col)`.
///
/// Rows grow downward and columns grow to the right, as on a printed page. A `Cell` doubles as a
/// displacement vector (`Cell + Cell`, `Cell - Cell`), which is how shapes are translated.
///
/// Cells order row-major: first by `row`, then by `col`.
///
/// The operators `+`, `-` and unary `-` behave like `i32` arithmetic (they overflow only at the
/// extremes of the coordinate range, panicking in debug builds); use
/// [`checked_add`](Cell::checked_add) / [`checked_sub`](Cell::checked_sub) for coordinates that
/// may be that far out.
///
/// ```
/// use polyomino::Cell;
/// let c = Cell::new(2, 3);
/// assert_eq!(c + Cell::new(1, -1), Cell::new(3, 2));
/// assert_eq!(c.edge_neighbours()[0], Cell::new(1, 3)); // up
/// assert!(Cell::new(0, 9) < Cell::new(1, 0)); // row-major order
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row index; grows downward.
    pub row: i32,
    /// Column index; grows to the right.
    pub col: i32,
}

impl Cell {
    /// The cell `(0, 0)`.
    pub const ORIGIN: Cell = Cell { row: 0, col: 0 };

    /// The cell at `(row, col)`.
    ///
    /// ```
    /// use polyomino::Cell;
    /// let c = Cell::new(2, -1);
    /// assert_eq!((c.row, c.col), (2, -1));
    /// assert_eq!(c, Cell::from((2, -1)));
    /// ```
    #[inline]
    pub const fn new(row: i32, col: i32) -> Cell {
        Cell { row, col }
    }

    /// The four cells sharing an edge with this one: up, left, right, down.
    ///
    /// ```
    /// use polyomino::Cell;
    /// let c = Cell::new(5, 5);
    /// assert_eq!(c.edge_neighbours(),
    ///            [Cell::new(4, 5), Cell::new(5, 4), Cell::new(5, 6), Cell::new(6, 5)]);
    /// assert!(c.edge_neighbours().iter().all(|&n| n.manhattan(c) == 1));
    /// ```
    #[inline]
    pub const fn edge_neighbours(self) -> [Cell; 4] {
        let Cell { row, col } = self;
        [
            Cell::new(row - 1, col),
            Cell::new(row, col - 1),
            Cell::new(row, col + 1),
            Cell::new(row + 1, col),
        ]
    }

    /// The four cells sharing only a corner with this one: up-left, up-right, down-left,
    /// down-right.
    ///
    /// ```
    /// use polyomino::Cell;
    /// let c = Cell::new(5, 5);
    /// assert_eq!(c.corner_neighbours(),
    ///            [Cell::new(4, 4), Cell::new(4, 6), Cell::new(6, 4), Cell::new(6, 6)]);
    /// assert!(c.corner_neighbours().iter().all(|&n| n.manhattan(c) == 2));
    /// ```
    #[inline]
    pub const fn corner_neighbours(self) -> [Cell; 4] {
        let Cell { row, col } = self;
        [
            Cell::new(row - 1, col - 1),
            Cell::new(row - 1, col + 1),
            Cell::new(row + 1, col - 1),
            Cell::new(row + 1, col + 1),
        ]
    }

    /// Manhattan (L1) distance to `other` (exact for any two cells).
    ///
    /// ```
    /// use polyomino::Cell;
    /// assert_eq!(Cell::new(0, 0).manhattan(Cell::new(3, -4)), 7);
    /// // Exact even across the whole coordinate range:
    /// assert_eq!(Cell::new(i32::MIN, 0).manhattan(Cell::new(i32::MAX, 0)), u64::from(u32::MAX));
    /// ```
    #[inline]
    pub const fn manhattan(self, other: Cell) -> u64 {
        self.row.abs_diff(other.row) as u64 + self.col.abs_diff(other.col) as u64
    }

    /// `self + other`, or `None` if a coordinate overflows `i32`.
    ///
    /// ```
    /// use polyomino::Cell;
    /// assert_eq!(Cell::new(1, 2).checked_add(Cell::new(3, 4)), Some(Cell::new(4, 6)));
    /// assert_eq!(Cell::new(i32::MAX, 0).checked_add(Cell::new(1, 0)), None);
    /// ```
    #[inline]
    pub const fn checked_add(self, other: Cell) -> Option<Cell> {
        match (
            self.row.checked_add(other.row),
            self.col.checked_add(other.col),
        ) {
            (Some(row), Some(col)) => Some(Cell { row, col }),
            _ => None,
        }
    }

    /// `self − other`, or `None` if a coordinate overflows `i32`.
    ///
    /// ```
    /// use polyomino::Cell;
    /// assert_eq!(Cell::new(1, 2).checked_sub(Cell::new(3, 4)), Some(Cell::new(-2, -2)));
    /// assert_eq!(Cell::new(0, i32::MIN).checked_sub(Cell::new(0, 1)), None);
    /// ```
    #[inline]
    pub const fn checked_sub(self, other: Cell) -> Option<Cell> {
        match (
            self.row.checked_sub(other.row),
            self.col.checked_sub(other.col),
        ) {
            (Some(row), Some(col)) => Some(Cell { row, col }),
            _ => None,
        }
    }
}

impl From<(i32, i32)> for Cell {
    #[inline]
    fn from((row, col): (i32, i32)) -> Cell {
        Cell::new(row, col)
    }
}

impl Add for Cell {
    type Output = Cell;
    #[inline]
    fn add(self, rhs: Cell) -> Cell {
        Cell::new(self.row + rhs.row, self.col + rhs.col)
    }
}

impl Sub for Cell {
    type Output = Cell;
    #[inline]
    fn sub(self, rhs: Cell) -> Cell {
        Cell::new(self.row - rhs.row, self.col - rhs.col)
    }
}

impl Neg for Cell {
    type Output = Cell;
    #[inline]
    fn neg(self) -> Cell {
        Cell::new(-self.row, -self.col)
    }
}

impl fmt::Display for Cell {
    /// `(row, col)`, which [`str::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

impl std::str::FromStr for Cell {
    type Err = crate::ParseError;

    /// Reads `(row, col)` as [`Display`](fmt::Display) writes it (spaces around the numbers
    /// are allowed).
    ///
    /// ```
    /// use polyomino::Cell;
    /// let c: Cell = "(3, -4)".parse()?;
    /// assert_eq!(c, Cell::new(3, -4));
    /// assert_eq!(c.to_string().parse::<Cell>()?, c);
    /// assert!("3, 4".parse::<Cell>().is_err());
    /// # Ok::<(), polyomino::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Cell, crate::ParseError> {
        let bad = || crate::ParseError::Cell(text.to_owned());
        let inner = text
            .trim()
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .ok_or_else(bad)?;
        let (row, col) = inner.split_once(',').ok_or_else(bad)?;
        let row = row.trim().parse().map_err(|_| bad())?;
        let col = col.trim().parse().map_err(|_| bad())?;
        Ok(Cell::new(row, col))
    }
}
