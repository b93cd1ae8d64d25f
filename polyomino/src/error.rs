//! Error types. Every fallible operation of the crate returns one of these; none panics on bad
//! input.

use thiserror::Error;

use crate::Cell;

/// Building or parsing a shape failed.
///
/// ```
/// use polyomino::{Polyomino, ShapeError};
/// let err = Polyomino::parse("#x").unwrap_err();
/// assert_eq!(err, ShapeError::UnexpectedChar { ch: 'x', line: 1, column: 2 });
/// assert_eq!(err.to_string(), "unexpected character 'x' at line 1, column 2 (1-based)");
/// assert_eq!(Polyomino::parse("..."), Err(ShapeError::Empty));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// The shape has no cell (a polyomino always has at least one).
    #[error("a shape needs at least one cell")]
    Empty,
    /// The cells do not form one 4-connected piece, which a
    /// [`Polyomino`](crate::Polyomino) must (a [`CellSet`](crate::CellSet) may be anything).
    #[error("the cells are not 4-connected (a polyomino is one piece of edge-adjacent cells)")]
    Disconnected,
    /// A character that is neither the filled, the empty nor the mark glyph.
    #[error("unexpected character {ch:?} at line {line}, column {column} (1-based)")]
    UnexpectedChar {
        /// The character found.
        ch: char,
        /// 1-based line number within the text.
        line: usize,
        /// 1-based character position within the line (after trimming).
        column: usize,
    },
    /// The cells span more rows or columns than the coordinate type can hold after
    /// normalisation.
    #[error("the cells span too large a range to normalise")]
    TooLarge,
    /// A marked shape's mark is not one of its cells.
    #[error("the mark {0} is not a cell of the shape")]
    MarkNotInShape(Cell),
    /// A marked shape was parsed without its mark glyph.
    #[error("no mark glyph {0:?} found")]
    NoMark(char),
    /// A marked shape was parsed with more than one mark glyph.
    #[error("more than one mark glyph {0:?} found")]
    SeveralMarks(char),
    /// The glyphs chosen for parsing or printing are not distinct or are whitespace.
    #[error("glyphs must be distinct and not whitespace")]
    BadGlyphs,
    /// A drawing asked for with a size limit
    /// ([`CellSet::try_to_ascii`](crate::CellSet::try_to_ascii)) would be larger.
    #[error("the drawing would have {chars} characters, more than the limit of {max}")]
    DrawingTooLarge {
        /// Characters the drawing needs, newlines included.
        chars: u64,
        /// The limit asked for.
        max: usize,
    },
    /// The holes asked for with a size limit
    /// ([`CellSet::try_holes`](crate::CellSet::try_holes)) have more cells.
    ///
    /// ```
    /// use polyomino::{CellSet, ShapeError};
    /// let ring = CellSet::parse("####\n#..#\n#..#\n####")?;
    /// assert_eq!(ring.try_holes(3), Err(ShapeError::HolesTooLarge { cells: 4, max: 3 }));
    /// # Ok::<(), ShapeError>(())
    /// ```
    #[error("the holes have {cells} cells, more than the limit of {max}")]
    HolesTooLarge {
        /// Cells in all the holes.
        cells: u64,
        /// The limit asked for.
        max: usize,
    },
    /// A shape written as a cell list (the form `Display` writes past
    /// [`CellSet::DISPLAY_MAX_CHARS`](crate::CellSet::DISPLAY_MAX_CHARS), such as
    /// `{(0, 0), (5, 0)}`) is malformed at this position: a character that does not fit, a
    /// number outside `i32`, or the end of the text.
    ///
    /// ```
    /// use polyomino::{CellSet, ShapeError};
    /// assert_eq!("{(0, 0), (5, x)}".parse::<CellSet>(),
    ///            Err(ShapeError::BadCellList { line: 1, column: 14 }));
    /// assert_eq!("{(0, 0)".parse::<CellSet>(), Err(ShapeError::BadCellList { line: 1, column: 8 }));
    /// ```
    #[error("malformed cell list at line {line}, column {column} (1-based)")]
    BadCellList {
        /// 1-based line of the offending character (or of the end of the text).
        line: usize,
        /// 1-based character position within that line (untrimmed).
        column: usize,
    },
}

/// Arbitrary-angle rotation failed.
///
/// ```
/// use polyomino::{Cell, Polyomino, RotateError};
/// let bar = Polyomino::parse("##")?;
/// assert!(matches!(bar.rotate_about(Cell::ORIGIN, f64::NAN), Err(RotateError::NonFiniteAngle(_))));
/// # Ok::<(), polyomino::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RotateError {
    /// The angle is NaN or infinite.
    #[error("rotation angle {0} is not finite")]
    NonFiniteAngle(f64),
    /// A rotated cell would fall outside the `i32` coordinate range.
    #[error("rotated cells fall outside the coordinate range")]
    OutOfRange,
}

/// Building a [`Board`](crate::Board) failed.
///
/// ```
/// use polyomino::{Board, BoardError};
/// let err = Board::new(0, 3).unwrap_err();
/// assert_eq!(err, BoardError::BadSize { height: 0, width: 3, max_height: 4096, max_width: 64 });
/// assert_eq!(err.to_string(), "board size 0x3 is not supported (1..=4096 rows, 1..=64 columns)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BoardError {
    /// Width or height is zero, or the width exceeds [`Board::MAX_WIDTH`](crate::Board::MAX_WIDTH),
    /// or the height exceeds [`Board::MAX_HEIGHT`](crate::Board::MAX_HEIGHT).
    #[error(
        "board size {height}x{width} is not supported (1..={max_height} rows, 1..={max_width} columns)"
    )]
    BadSize {
        /// Requested rows.
        height: u32,
        /// Requested columns.
        width: u32,
        /// Largest supported height.
        max_height: u32,
        /// Largest supported width.
        max_width: u32,
    },
    /// A cell lies outside rows `0..Bitboard::MAX_ROWS`, columns `0..64`, the range a
    /// [`Bitboard`](crate::Bitboard) can hold.
    #[error("cell {0} cannot be stored in a bitboard (rows 0..65536, columns 0..64)")]
    OutsideBitboard(Cell),
    /// A blocked cell lies outside the board.
    #[error("cell {0} is outside the board")]
    OutsideBoard(Cell),
    /// A board text contains a character other than `.` and `#`.
    #[error("unexpected character {ch:?} at line {line}, column {column} (1-based)")]
    UnexpectedChar {
        /// The character found.
        ch: char,
        /// 1-based line number within the text.
        line: usize,
        /// 1-based character position within the (trimmed) line.
        column: usize,
    },
    /// A board row's length differs from the first row's.
    #[error("line {line} has {len} cells, expected {expected}")]
    RaggedRow {
        /// 1-based line number within the text.
        line: usize,
        /// Cells on that line.
        len: usize,
        /// Cells on the first row.
        expected: usize,
    },
}

/// Enumeration or counting was asked for an unsupported size.
///
/// ```
/// use polyomino::{enumerate, EnumerateError, Equivalence};
/// assert_eq!(enumerate::count(0, Equivalence::Free), Err(EnumerateError::BadSize { size: 0, max: 32 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EnumerateError {
    /// Sizes start at 1 and stop at the documented maximum.
    #[error("polyomino size {size} is outside the supported range 1..={max}")]
    BadSize {
        /// The requested size.
        size: usize,
        /// The largest supported size.
        max: usize,
    },
    /// Counts handed to [`Counts::from_fixed`](crate::enumerate::Counts::from_fixed) or
    /// [`Counts::from_fixed_and_half_turn`](crate::enumerate::Counts::from_fixed_and_half_turn)
    /// that cannot all be right: Burnside's sums do not divide.
    #[error("the counts of size {size} are inconsistent: Burnside's sums do not divide")]
    NotDivisible {
        /// The size.
        size: usize,
    },
    /// A count needed more than its budget (see [`Options`](crate::enumerate::Options)): more
    /// than `max_nodes` search nodes, or past the deadline.
    ///
    /// ```
    /// use polyomino::{enumerate::{self, Options}, EnumerateError};
    /// let err = enumerate::count_fixed_up_to(10, &Options::default().with_max_nodes(100)).unwrap_err();
    /// assert!(matches!(err, EnumerateError::BudgetExceeded { nodes, max_nodes: 100, timed_out: false } if nodes > 100));
    /// ```
    #[error(
        "the count ran out of its budget after {nodes} search nodes (limit {max_nodes}; deadline passed: {timed_out})"
    )]
    BudgetExceeded {
        /// Nodes visited when the search stopped (more than `max_nodes` unless the deadline
        /// stopped it).
        nodes: u64,
        /// The node limit in force.
        max_nodes: u64,
        /// Whether the deadline, not the node limit, stopped the search.
        timed_out: bool,
    },
}

/// An SVG picture could not be drawn (see [`svg`](crate::svg)); the family's other renderers
/// return it too.
///
/// ```
/// use polyomino::{Polyomino, SvgError, svg::{Rgb, SvgOptions, ToSvg}};
/// assert_eq!("red".parse::<Rgb>(), Err(SvgError::BadColour("red".into())));
/// let shapes = [Polyomino::parse("##")?];
/// let err = shapes.to_svg(&SvgOptions::default().with_palette(vec![])).unwrap_err();
/// assert_eq!(err, SvgError::EmptyPalette);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SvgError {
    /// The picture would draw more cells than the options allow (a guard against building a
    /// string of hundreds of megabytes by accident).
    #[error("the picture would draw {cells} cells, more than the limit of {max}")]
    TooManyCells {
        /// Cells the picture needs.
        cells: usize,
        /// The limit in force.
        max: usize,
    },
    /// A colour is not written `#rrggbb` or `#rgb`.
    #[error("{0:?} is not a colour of the form #rrggbb or #rgb")]
    BadColour(String),
    /// A palette option has no colour.
    #[error("the palette is empty")]
    EmptyPalette,
}

/// Text that is not a [`Cell`] or a [`Transform`](crate::Transform) as their `Display` writes
/// them; holds the text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Not `(row, col)` with two `i32`s.
    #[error("{0:?} is not a cell written as (row, col)")]
    Cell(String),
    /// Not one of the eight transform names (`identity`, `rotate 90`, `rotate 180`,
    /// `rotate 270`, `mirror left-right`, `transpose`, `mirror up-down`, `anti-transpose`).
    #[error("{0:?} is not the name of a symmetry of the square")]
    Transform(String),
}
