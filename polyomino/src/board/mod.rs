//! Rectangular boards with blocked cells ([`Board`]), cell sets as bitboards ([`Bitboard`]) and
//! the placements of shapes that fit ([`Placement`]).
//!
//! # Example
//!
//! ```
//! use polyomino::{Board, Equivalence, Polyomino};
//! let board = Board::parse("
//!     ....
//!     .#..
//!     ....
//! ")?;
//! let l = Polyomino::parse("#.\n##")?;
//! // Each of the six 2×2 windows holds the four orientations of the L tromino, except that
//! // the four windows around the blocked cell hold only the one that misses it: 2·4 + 4·1.
//! let all = board.placements_of(&[l], Equivalence::Free);
//! assert_eq!(all.len(), 12);
//! assert!(all.iter().all(|p| p.mask().is_subset(board.usable())));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bitboard;
mod placement;

pub use bitboard::Bitboard;
pub use placement::Placement;

use core::fmt;

use crate::ascii;
use crate::{BoardError, Cell, CellSet, Equivalence, Transform};

/// A rectangular board of `height × width` cells (rows grow downward), some of which may be
/// blocked.
///
/// ```
/// use polyomino::{Board, Cell};
/// let board = Board::parse("
///     ..#
///     ...
/// ")?;
/// assert_eq!((board.height(), board.width()), (2, 3));
/// assert!(!board.is_usable(Cell::new(0, 2)));
/// assert_eq!(board.to_string(), "..#\n...");
/// # Ok::<(), polyomino::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    height: u32,
    width: u32,
    usable: Bitboard,
}

impl Board {
    /// Largest supported width (one bitboard word per row).
    pub const MAX_WIDTH: u32 = Bitboard::WIDTH;
    /// Largest supported height.
    pub const MAX_HEIGHT: u32 = 4096;

    /// An empty board with every cell usable.
    ///
    /// ```
    /// use polyomino::{Board, BoardError};
    /// let chessboard = Board::new(8, 8)?;
    /// assert_eq!(chessboard.usable().count(), 64);
    /// assert!(matches!(Board::new(8, 65), Err(BoardError::BadSize { .. })));
    /// assert!(Board::new(0, 8).is_err());
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    ///
    /// # Errors
    /// [`BoardError::BadSize`] when a side is 0 or too large.
    pub fn new(height: u32, width: u32) -> Result<Board, BoardError> {
        if height == 0 || width == 0 || height > Board::MAX_HEIGHT || width > Board::MAX_WIDTH {
            return Err(BoardError::BadSize {
                height,
                width,
                max_height: Board::MAX_HEIGHT,
                max_width: Board::MAX_WIDTH,
            });
        }
        let word = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let words = vec![word; height as usize];
        let usable = Bitboard::from_rows(0, &words).expect("height is within MAX_ROWS");
        Ok(Board {
            height,
            width,
            usable,
        })
    }

    /// A board with the given cells blocked.
    ///
    /// ```
    /// use polyomino::{Board, BoardError, Cell};
    /// // The 8 × 8 board without its four centre squares, which the 12 pentominoes tile.
    /// let centre = [Cell::new(3, 3), Cell::new(3, 4), Cell::new(4, 3), Cell::new(4, 4)];
    /// let board = Board::with_blocked(8, 8, centre)?;
    /// assert_eq!(board.usable().count(), 12 * 5);
    /// assert_eq!(Board::with_blocked(2, 2, [Cell::new(2, 0)]),
    ///            Err(BoardError::OutsideBoard(Cell::new(2, 0))));
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    ///
    /// # Errors
    /// [`BoardError::BadSize`], or [`BoardError::OutsideBoard`] for a blocked cell off the
    /// board.
    pub fn with_blocked<I: IntoIterator<Item = Cell>>(
        height: u32,
        width: u32,
        blocked: I,
    ) -> Result<Board, BoardError> {
        let mut b = Board::new(height, width)?;
        for c in blocked {
            if !b.contains(c) {
                return Err(BoardError::OutsideBoard(c));
            }
            b.usable.remove(c);
        }
        Ok(b)
    }

    /// Reads a board drawn with `.` for a usable and `#` for a blocked cell; lines are trimmed
    /// and every row must have the same length.
    ///
    /// ```
    /// use polyomino::{Board, BoardError};
    /// let board = Board::parse("
    ///     .....
    ///     .#.#.
    ///     .....
    /// ")?;
    /// assert_eq!(board.blocked().count(), 2);
    /// assert_eq!(Board::parse("..\n.x"),
    ///            Err(BoardError::UnexpectedChar { ch: 'x', line: 2, column: 2 }));
    /// assert!(matches!(Board::parse("..\n."), Err(BoardError::RaggedRow { .. })));
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    ///
    /// # Errors
    /// [`BoardError::UnexpectedChar`], [`BoardError::RaggedRow`] or [`BoardError::BadSize`].
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let rows = ascii::rows(text);
        let width = rows.first().map_or(0, |(_, r)| r.chars().count());
        let mut blocked = Vec::new();
        for (r, &(line, row)) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != width {
                return Err(BoardError::RaggedRow {
                    line,
                    len,
                    expected: width,
                });
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' => blocked.push(Cell::new(r as i32, c as i32)),
                    _ => {
                        return Err(BoardError::UnexpectedChar {
                            ch,
                            line,
                            column: c + 1,
                        });
                    }
                }
            }
        }
        let h = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let w = u32::try_from(width).unwrap_or(u32::MAX);
        Board::with_blocked(h, w, blocked)
    }

    /// Number of rows.
    ///
    /// ```
    /// use polyomino::Board;
    /// assert_eq!(Board::new(3, 7)?.height(), 3);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of columns.
    ///
    /// ```
    /// use polyomino::Board;
    /// assert_eq!(Board::new(3, 7)?.width(), 7);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows, as a `usize` ([`height`](Board::height)): every board type of the family
    /// answers both `rows()`/`cols()` and `height()`/`width()`.
    ///
    /// ```
    /// use polyomino::Board;
    /// let board: Board = "...\n...".parse()?;
    /// assert_eq!((board.rows(), board.cols()), (2, 3));
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn rows(&self) -> usize {
        self.height as usize
    }

    /// Number of columns, as a `usize` ([`width`](Board::width)).
    ///
    /// ```
    /// use polyomino::Board;
    /// assert_eq!(Board::new(3, 7)?.cols(), 7);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn cols(&self) -> usize {
        self.width as usize
    }

    /// Whether `cell` is on the board (blocked or not).
    ///
    /// ```
    /// use polyomino::{Board, Cell};
    /// let board = Board::parse("#.\n..")?;
    /// assert!(board.contains(Cell::new(0, 0))); // blocked, but on the board
    /// assert!(!board.contains(Cell::new(2, 0)));
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        cell.row >= 0
            && cell.col >= 0
            && (cell.row as u32) < self.height
            && (cell.col as u32) < self.width
    }

    /// Whether `cell` is on the board and not blocked.
    ///
    /// ```
    /// use polyomino::{Board, Cell};
    /// let board = Board::parse("#.\n..")?;
    /// assert!(!board.is_usable(Cell::new(0, 0)));
    /// assert!(board.is_usable(Cell::new(0, 1)));
    /// assert!(!board.is_usable(Cell::new(5, 5)));
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn is_usable(&self, cell: Cell) -> bool {
        self.usable.contains(cell)
    }

    /// The usable cells.
    ///
    /// ```
    /// use polyomino::{Board, Cell};
    /// let board = Board::parse("#.\n..")?;
    /// assert_eq!(board.usable().iter().collect::<Vec<_>>(),
    ///            [Cell::new(0, 1), Cell::new(1, 0), Cell::new(1, 1)]);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn usable(&self) -> &Bitboard {
        &self.usable
    }

    /// Every cell of the board, blocked or not.
    ///
    /// ```
    /// use polyomino::Board;
    /// let board = Board::parse("#.\n..")?;
    /// assert_eq!(board.all_cells().count(), 4);
    /// assert_eq!(board.all_cells(), board.usable() | &board.blocked());
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    pub fn all_cells(&self) -> Bitboard {
        Board::new(self.height, self.width)
            .expect("the size was valid when this board was built")
            .usable
    }

    /// The blocked cells.
    ///
    /// ```
    /// use polyomino::{Board, Cell};
    /// let board = Board::parse("#.\n.#")?;
    /// assert_eq!(board.blocked().iter().collect::<Vec<_>>(), [Cell::new(0, 0), Cell::new(1, 1)]);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    pub fn blocked(&self) -> Bitboard {
        self.all_cells().difference(&self.usable)
    }

    /// `set` restricted to the usable cells (use after shifts and dilations, which ignore the
    /// board's edges).
    ///
    /// ```
    /// use polyomino::Board;
    /// let board = Board::parse("#..\n...")?;
    /// let shifted = board.usable().shift(0, 1); // one column right, past the board's edge
    /// assert_eq!(shifted.count(), 5);
    /// assert_eq!(board.clip(&shifted).count(), 3);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[must_use]
    pub fn clip(&self, set: &Bitboard) -> Bitboard {
        set.intersection(&self.usable)
    }

    /// Every translation of `shape` (as given, not turned) whose cells are all usable, in
    /// row-major order of the offset. Each placement has piece index 0 and the identity
    /// transform. Cost: O(H · W · h) word operations for a shape of height h.
    ///
    /// ```
    /// use polyomino::{Board, Cell, Polyomino};
    /// let board = Board::new(3, 4)?;
    /// let bar = Polyomino::parse("###")?;
    /// let placements = board.placements(&bar);
    /// // Horizontal only, as given: 2 positions in each of the 3 rows.
    /// assert_eq!(placements.len(), 3 * 2);
    /// assert_eq!(placements[1].offset(), Cell::new(0, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn placements(&self, shape: &CellSet) -> Vec<Placement> {
        let mut out = Vec::new();
        self.push_placements(0, Transform::Identity, shape, &mut out);
        out
    }

    /// Every placement of every piece in every distinct orientation allowed by `eq`
    /// (orientations that coincide because of a piece's symmetry appear once), ordered by piece,
    /// then orientation (in [`Transform`] index order), then offset.
    ///
    /// ```
    /// use polyomino::{Board, Equivalence, Polyomino};
    /// let board = Board::new(3, 4)?;
    /// let bar = Polyomino::parse("###")?;
    /// // Turned too: 3 rows × 2 horizontal positions + 4 columns × 1 vertical position.
    /// assert_eq!(board.placements_of(&[bar.clone()], Equivalence::Free).len(), 6 + 4);
    /// assert_eq!(board.placements_of(&[bar], Equivalence::Fixed).len(), 6);
    /// // The 12 pentominoes on the 8 × 8 board with a 2 × 2 hole: 1568 placements.
    /// let pentominoes: Vec<_> = polyomino::enumerate::free(5)?.collect();
    /// let scott = Board::parse("
    ///     ........
    ///     ........
    ///     ........
    ///     ...##...
    ///     ...##...
    ///     ........
    ///     ........
    ///     ........
    /// ")?;
    /// assert_eq!(scott.placements_of(&pentominoes, Equivalence::Free).len(), 1568);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn placements_of<P: AsRef<CellSet>>(
        &self,
        pieces: &[P],
        eq: Equivalence,
    ) -> Vec<Placement> {
        let mut out = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            for (t, oriented) in piece.as_ref().orientations(eq) {
                self.push_placements(i, t, &oriented, &mut out);
            }
        }
        out
    }

    /// The offsets (where the shape's bounding-box corner `(0, 0)` lands) at which `shape`, as
    /// given, lies on usable cells only, in row-major order. No masks are built: each board row
    /// costs one word operation per cell of the shape, testing all columns at once.
    ///
    /// ```
    /// use polyomino::{Board, Cell, Polyomino};
    /// let board = Board::parse("...\n.#.\n...")?;
    /// let domino = Polyomino::parse("##")?;
    /// assert_eq!(board.placement_offsets(&domino),
    ///            vec![Cell::new(0, 0), Cell::new(0, 1), Cell::new(2, 0), Cell::new(2, 1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn placement_offsets(&self, shape: &CellSet) -> Vec<Cell> {
        let mut out = Vec::new();
        self.for_each_offset(shape, |r, c| out.push(Cell::new(r as i32, c as i32)));
        out
    }

    /// Calls `f(row, col)` for every fitting offset of `shape`, row-major.
    fn for_each_offset(&self, shape: &CellSet, mut f: impl FnMut(u32, u32)) {
        let (h, w) = (i64::from(shape.height()), i64::from(shape.width()));
        if h > i64::from(self.height) || w > i64::from(self.width) {
            return;
        }
        // Columns where the shape's corner may go without leaving the board.
        let span = (i64::from(self.width) - w + 1) as u32;
        let columns = if span == 64 {
            u64::MAX
        } else {
            (1u64 << span) - 1
        };
        for r in 0..=(i64::from(self.height) - h) as u32 {
            // Bit c survives when every cell (i, x) of the shape finds (r + i, c + x) usable.
            let mut ok = columns;
            for cell in shape.cells() {
                ok &= self.usable.row(r + cell.row as u32) >> cell.col;
                if ok == 0 {
                    break;
                }
            }
            while ok != 0 {
                let c = ok.trailing_zeros();
                ok &= ok - 1;
                f(r, c);
            }
        }
    }

    fn push_placements(
        &self,
        piece: usize,
        t: Transform,
        shape: &CellSet,
        out: &mut Vec<Placement>,
    ) {
        // A shape taller or wider than the board has no placement: check before building its
        // row masks (a shape 65 columns wide does not fit a row word, and a 2-cell shape 2·10⁹
        // rows tall would ask for 16 GB of them).
        if i64::from(shape.height()) > i64::from(self.height)
            || i64::from(shape.width()) > i64::from(self.width)
        {
            return;
        }
        let mut rows = vec![0u64; shape.height() as usize];
        for c in shape.cells() {
            rows[c.row as usize] |= 1u64 << c.col;
        }
        self.for_each_offset(shape, |r, c| {
            let words: Vec<u64> = rows.iter().map(|&m| m << c).collect();
            let mask = Bitboard::from_rows(r, &words).expect("rows are on the board");
            out.push(Placement::new(
                piece,
                t,
                Cell::new(r as i32, c as i32),
                mask,
            ));
        });
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// [`Board::parse`]: `.` usable, `#` blocked, as [`Display`](fmt::Display) writes it.
    ///
    /// ```
    /// use polyomino::Board;
    /// let b: Board = "..#\n...".parse()?;
    /// assert_eq!((b.height(), b.width()), (2, 3));
    /// assert_eq!(b.to_string().parse::<Board>()?, b);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    fn from_str(text: &str) -> Result<Board, BoardError> {
        Board::parse(text)
    }
}

impl fmt::Display for Board {
    /// Draws `.` for usable and `#` for blocked cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = ascii::draw(self.height as i32, self.width as i32, |c| {
            if self.is_usable(c) { '.' } else { '#' }
        });
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert!(Board::new(0, 5).is_err());
        assert!(Board::new(5, 65).is_err());
        assert!(Board::new(64, 64).is_ok());
        assert_eq!(
            Board::with_blocked(3, 3, [Cell::new(3, 0)]),
            Err(BoardError::OutsideBoard(Cell::new(3, 0)))
        );
        assert_eq!(
            Board::parse("..\n."),
            Err(BoardError::RaggedRow {
                line: 2,
                len: 1,
                expected: 2
            })
        );
        assert_eq!(
            Board::parse("..\n.x"),
            Err(BoardError::UnexpectedChar {
                ch: 'x',
                line: 2,
                column: 2
            })
        );
    }

    #[test]
    fn full_width_boards_work() {
        let b = Board::new(2, 64).unwrap();
        assert_eq!(b.usable().count(), 128);
        let bar = CellSet::parse("################").unwrap();
        assert_eq!(b.placements(&bar).len(), 2 * (64 - 16 + 1));
    }

    #[test]
    fn display_round_trips() {
        let text = "..#\n#..";
        assert_eq!(Board::parse(text).unwrap().to_string(), text);
    }
}
