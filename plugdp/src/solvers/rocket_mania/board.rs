//! The Rocket Mania board: [`Tile`]s and the [`FuseBoard`], read from and written as text.

use core::fmt;
use core::str::FromStr;

use crate::PlugError;

/// One tile kind, by its drawing in the problem: `.` none, `-` straight, `L` corner, `T` three
/// openings, `+` four openings.
///
/// ```
/// use plugdp::Tile;
/// let tiles: Vec<Tile> = ".-LT+".chars().filter_map(Tile::from_char).collect();
/// assert_eq!(tiles, [Tile::Empty, Tile::Straight, Tile::Corner, Tile::Tee, Tile::Cross]);
/// // Openings per kind: 0, 2, 2, 3 and 4 sides.
/// let sides: Vec<u32> = tiles.iter().map(|t| t.openings(0).count_ones()).collect();
/// assert_eq!(sides, [0, 2, 2, 3, 4]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// No fuse.
    Empty,
    /// Two opposite openings (left and right unrotated).
    Straight,
    /// Two adjacent openings (up and right unrotated).
    Corner,
    /// Three openings (left, right and down unrotated).
    Tee,
    /// Four openings.
    Cross,
}

pub(super) const LEFT: u8 = 1;
pub(super) const UP: u8 = 2;
pub(super) const RIGHT: u8 = 4;
pub(super) const DOWN: u8 = 8;

impl Tile {
    /// The tile drawn as `ch` (`None` for any other character).
    ///
    /// ```
    /// use plugdp::Tile;
    /// assert_eq!(Tile::from_char('L'), Some(Tile::Corner));
    /// assert_eq!(Tile::from_char('+'), Some(Tile::Cross));
    /// assert_eq!(Tile::from_char('x'), None);
    /// ```
    ///
    /// [`Tile::to_char`] and [`Display`](fmt::Display) give the character back.
    pub fn from_char(ch: char) -> Option<Tile> {
        Some(match ch {
            '.' => Tile::Empty,
            '-' => Tile::Straight,
            'L' => Tile::Corner,
            'T' => Tile::Tee,
            '+' => Tile::Cross,
            _ => return None,
        })
    }

    /// The tile's character: `.`, `-`, `L`, `T` or `+` (also its [`Display`](fmt::Display)).
    ///
    /// ```
    /// use plugdp::Tile;
    /// assert_eq!(Tile::Corner.to_char(), 'L');
    /// assert_eq!(Tile::Tee.to_string(), "T");
    /// assert_eq!(Tile::from_char(Tile::Cross.to_char()), Some(Tile::Cross));
    /// ```
    pub fn to_char(self) -> char {
        match self {
            Tile::Empty => '.',
            Tile::Straight => '-',
            Tile::Corner => 'L',
            Tile::Tee => 'T',
            Tile::Cross => '+',
        }
    }

    /// Openings (bits: 1 left, 2 up, 4 right, 8 down, as in [`Sides`](crate::Sides)) after
    /// `quarter_turns` clockwise turns (taken modulo 4).
    ///
    /// ```
    /// use plugdp::Tile;
    /// let (left, up, right, down) = (1, 2, 4, 8);
    /// // A corner opens up and right; a quarter turn clockwise makes it right and down.
    /// assert_eq!(Tile::Corner.openings(0), up | right);
    /// assert_eq!(Tile::Corner.openings(1), right | down);
    /// assert_eq!(Tile::Corner.openings(5), Tile::Corner.openings(1));
    /// // A straight tile has two positions, a cross one.
    /// assert_eq!(Tile::Straight.openings(1), up | down);
    /// assert_eq!(Tile::Straight.openings(2), left | right);
    /// assert_eq!(Tile::Cross.openings(3), 15);
    /// ```
    pub fn openings(self, quarter_turns: u8) -> u8 {
        let base = match self {
            Tile::Empty => 0,
            Tile::Straight => LEFT | RIGHT,
            Tile::Corner => UP | RIGHT,
            Tile::Tee => LEFT | RIGHT | DOWN,
            Tile::Cross => LEFT | UP | RIGHT | DOWN,
        };
        let mut s = base;
        for _ in 0..quarter_turns % 4 {
            // Clockwise: left → up → right → down → left.
            s = ((s << 1) | (s >> 3)) & 0xF;
        }
        s
    }

    /// The distinct rotations (0..4 quarter turns) giving distinct openings.
    pub(super) fn rotations(self) -> Vec<u8> {
        let mut seen = Vec::new();
        let mut out = Vec::new();
        for k in 0..4 {
            let o = self.openings(k);
            if !seen.contains(&o) {
                seen.push(o);
                out.push(k);
            }
        }
        out
    }
}

/// A Rocket Mania board: rows of tiles, a match left of each row, a rocket right of each row.
///
/// # The puzzle (ZOJ 2125 "Rocket Mania", ZOJ 2126 "Rocket Mania Plus")
///
/// A board of 9 rows × 6 columns of fuse tiles ([`Tile`]: `.` none, `-` straight, `L` corner,
/// `T` three openings, `+` four openings). Every tile may be turned by 0, 90, 180 or 270
/// degrees. Fire passes between edge-adjacent tiles whose facing sides are both open, from a
/// row's match into the row's first tile when that tile is open on its left, and from a row's
/// last tile into the row's rocket when that tile is open on its right. The answer is the
/// largest number of rockets that can launch ([`rocket_mania`](crate::rocket_mania)). This type takes any board up
/// to [`FuseBoard::MAX_ROWS`] × [`FuseBoard::MAX_COLS`].
///
/// # Input formats
///
/// Both problems give several cases, one after the other until the end of the input, as
/// whitespace-separated words (normally one board row per line):
///
/// * ZOJ 2125: each case is a number X, the only match that is lit (1 to 9, counted from the
///   top), followed by 9 rows of 6 tile characters.
/// * ZOJ 2126: each case is 9 rows of 6 tile characters (cases separated by a blank line);
///   every match is lit.
///
/// The output is one line per case: the largest number of rockets launched. Each row word goes
/// to [`FuseBoard::parse_rows`]; X becomes the `lit` flags of [`rocket_mania`](crate::rocket_mania):
///
/// ```
/// use plugdp::{rocket_mania, FuseBoard};
/// let input = "3\n......\n.L----\n-+----\n.-....\n.T---L\n.L----\n......\n......\n......\n";
/// let mut words = input.split_whitespace();
/// let x: usize = words.next().unwrap().parse().unwrap();
/// let rows: Vec<&str> = words.by_ref().take(9).collect();
/// let board = FuseBoard::parse_rows(&rows)?;
/// let lit: Vec<bool> = (1..=9).map(|r| r == x).collect();
/// // From match 3, row 3 burns straight through; its cross feeds the corner above (turned
/// // down and right: row 2's rocket) and the straight below, turned upright, which feeds the
/// // tee of row 5 and then the corner of row 6 (row 6's rocket). Row 5 ends in a corner,
/// // which cannot pass fire on to the right, and rows 1, 4, 7, 8, 9 have no way through.
/// let plan = rocket_mania(&board, &lit, &plugdp::Options::default())?;
/// assert_eq!(plan.launched, 3);
/// assert_eq!(plan.rockets, [false, true, true, false, false, true, false, false, false]);
/// // ZOJ 2126 lights every match: still 3, as no other row can reach its rocket.
/// assert_eq!(rocket_mania(&board, &[true; 9], &plugdp::Options::default())?.launched, 3);
/// assert!(words.next().is_none()); // the end of the input
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Text
///
/// A board reads from and prints as its tile characters, one line per row, in the
/// convention of the crate family: [`FromStr`] trims each line and ignores blank lines before
/// the first and after the last row (so indented string literals work), all rows must have the
/// same length, and [`Display`](fmt::Display) writes the rows joined by `\n` with no trailing
/// newline, which `FromStr` reads back. Errors name the 1-based line and column.
///
/// ```
/// use plugdp::{FuseBoard, PlugError, Tile};
/// let board: FuseBoard = "
///     -L+
///     T.-
/// ".parse()?;
/// assert_eq!(board.tile(1, 0), Some(Tile::Tee));
/// assert_eq!(board.to_string(), "-L+\nT.-");
/// assert_eq!(board.to_string().parse::<FuseBoard>()?, board);
/// assert_eq!("--\n-x".parse::<FuseBoard>(),
///            Err(PlugError::UnexpectedChar { ch: 'x', line: 2, column: 2 }));
/// # Ok::<(), PlugError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FuseBoard {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) tiles: Vec<Tile>,
}

impl FuseBoard {
    /// Largest number of columns (the state keeps 9 bits per contour position in 128 bits).
    pub const MAX_COLS: usize = 13;
    /// Largest number of rows (pending rockets per component are kept in 4 bits).
    pub const MAX_ROWS: usize = 15;

    /// Reads a board drawn as text, one line of tile characters per row (the same as
    /// `text.parse::<FuseBoard>()`; see [the type's documentation](FuseBoard#text)).
    ///
    /// ```
    /// use plugdp::{FuseBoard, Tile};
    /// let board = FuseBoard::parse("
    ///     -L
    ///     T+
    /// ")?;
    /// assert_eq!(board.tile(1, 1), Some(Tile::Cross));
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    ///
    /// # Errors
    /// As [`FromStr`].
    pub fn parse(text: &str) -> Result<FuseBoard, PlugError> {
        text.parse()
    }

    /// Reads rows of tile characters (`.`, `-`, `L`, `T`, `+`), top row first, one string per
    /// row, taken as they are (not trimmed). The text form of the same rows, one per line, is
    /// read by [`FromStr`] (see [the type's documentation](FuseBoard#text)).
    ///
    /// ```
    /// use plugdp::{FuseBoard, PlugError, Tile};
    /// let board = FuseBoard::parse_rows(&["-L", "T+"])?;
    /// assert_eq!(board.tile(0, 1), Some(Tile::Corner));
    /// assert_eq!(board.tile(1, 0), Some(Tile::Tee));
    /// assert_eq!(FuseBoard::parse_rows(&["-x"]),
    ///            Err(PlugError::UnexpectedChar { ch: 'x', line: 1, column: 2 }));
    /// assert_eq!(FuseBoard::parse_rows(&["--", "-"]),
    ///            Err(PlugError::RaggedRow { line: 2, len: 1, expected: 2 }));
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlugError::UnexpectedChar`] for other characters (row `i` of the slice is line
    /// `i + 1`), [`PlugError::RaggedRow`] for a row of another length than the first,
    /// [`PlugError::FuseBoardTooLarge`] past [`FuseBoard::MAX_ROWS`] × [`FuseBoard::MAX_COLS`]
    /// (before any row past the first is read), [`PlugError::EmptyGrid`] for no row or an
    /// empty first row.
    pub fn parse_rows<S: AsRef<str>>(rows: &[S]) -> Result<FuseBoard, PlugError> {
        let numbered = rows.iter().enumerate().map(|(i, r)| (i + 1, r.as_ref()));
        FuseBoard::read(numbered, Some(rows.len()))
    }

    fn read<'a>(
        rows: impl IntoIterator<Item = (usize, &'a str)>,
        known_rows: Option<usize>,
    ) -> Result<FuseBoard, PlugError> {
        let check = |rows: usize, cols: usize| {
            if rows > FuseBoard::MAX_ROWS || cols > FuseBoard::MAX_COLS {
                Err(PlugError::FuseBoardTooLarge {
                    rows,
                    cols,
                    max_rows: FuseBoard::MAX_ROWS,
                    max_cols: FuseBoard::MAX_COLS,
                })
            } else {
                Ok(())
            }
        };
        let (rows, cols, tiles) =
            crate::text::read_cells(rows, known_rows, Tile::from_char, check)?;
        Ok(FuseBoard { rows, cols, tiles })
    }

    /// Number of rows.
    ///
    /// ```
    /// let board = plugdp::FuseBoard::parse_rows(&["------"; 9])?;
    /// assert_eq!(board.rows(), 9);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    ///
    /// ```
    /// let board = plugdp::FuseBoard::parse_rows(&["------"; 9])?;
    /// assert_eq!(board.cols(), 6);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of rows ([`rows`](FuseBoard::rows)): every board type of the family answers both
    /// `rows()`/`cols()` and `height()`/`width()`.
    ///
    /// ```
    /// let board = plugdp::FuseBoard::parse_rows(&["------"; 9])?;
    /// assert_eq!((board.height(), board.width()), (9, 6));
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn height(&self) -> usize {
        self.rows
    }

    /// Number of columns ([`cols`](FuseBoard::cols)).
    ///
    /// ```
    /// let board = plugdp::FuseBoard::parse_rows(&["------"; 9])?;
    /// assert_eq!(board.width(), board.cols());
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn width(&self) -> usize {
        self.cols
    }

    /// The tile at `(r, c)` (row 0 at the top, column 0 next to the matches), or `None` off
    /// the board.
    ///
    /// ```
    /// use plugdp::{FuseBoard, Tile};
    /// let board = FuseBoard::parse_rows(&[".-", "L+"])?;
    /// assert_eq!((board.tile(0, 0), board.tile(1, 1)), (Some(Tile::Empty), Some(Tile::Cross)));
    /// assert_eq!(board.tile(0, 2), None);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn tile(&self, r: usize, c: usize) -> Option<Tile> {
        if r < self.rows() && c < self.cols {
            Some(self.tile_at(r, c))
        } else {
            None
        }
    }

    /// [`tile`](Self::tile) on the board.
    pub(crate) fn tile_at(&self, r: usize, c: usize) -> Tile {
        self.tiles[r * self.cols + c]
    }
}

impl fmt::Display for Tile {
    /// The tile's character ([`Tile::to_char`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.to_char())
    }
}

impl FromStr for FuseBoard {
    type Err = PlugError;

    /// Reads tile characters, one line per row (see [the type's documentation](FuseBoard#text)).
    ///
    /// ```
    /// use plugdp::{rocket_mania, FuseBoard, Options};
    /// let board: FuseBoard = "------\n------".parse()?;
    /// assert_eq!(rocket_mania(&board, &[true, false], &Options::default())?.launched, 1);
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    ///
    /// # Errors
    /// As [`FuseBoard::parse_rows`]; a text without a row is [`PlugError::EmptyGrid`], and a
    /// text of too many rows is refused as soon as they pass [`FuseBoard::MAX_ROWS`].
    fn from_str(text: &str) -> Result<FuseBoard, PlugError> {
        FuseBoard::read(crate::text::rows(text), None)
    }
}

impl fmt::Display for FuseBoard {
    /// The tile characters, rows joined by `\n`, no trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::text::draw(f, self.rows, self.cols, |r, c| self.tile_at(r, c).to_char())
    }
}
