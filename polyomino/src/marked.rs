//! [`Marked`]: a shape with one distinguished cell that follows every transform, over
//! polyominoes ([`MarkedPolyomino`]) or arbitrary cell sets ([`MarkedCellSet`]).
//!
//! Plane shapes in the plane-bombing game mark their head (a [`MarkedPolyomino`]: a plane is
//! one piece), level footprints in the level planner mark their pivot (a [`MarkedCellSet`]: a
//! footprint may be any cell set). The mark is always one of the shape's cells, so canonical
//! forms and orientation lists of a marked shape distinguish orientations that the bare shape
//! would merge. Costs are those of the shape: O(n log n) to build, transform or compare.

use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

use crate::ascii;
use crate::{Cell, CellSet, Polyomino, RotateError, ShapeError, Transform};

/// The shape kinds a [`Marked`] shape can be built on: [`Polyomino`] (connected) and
/// [`CellSet`] (any cells). Sealed: the crate's two kinds are the only ones.
pub trait Shape:
    sealed::Sealed + Clone + Eq + Ord + Hash + fmt::Display + fmt::Debug + AsRef<CellSet>
{
}

impl Shape for CellSet {}
impl Shape for Polyomino {}

mod sealed {
    use crate::{Cell, CellSet, Polyomino, ShapeError, Transform};

    /// What [`Marked`](super::Marked) needs of its shape; not for use outside the crate.
    pub trait Sealed: Sized {
        /// The type's name in `Debug` output.
        const NAME: &'static str;
        /// The kind's invariant checked on a normalised cell set.
        fn from_set(set: CellSet) -> Result<Self, ShapeError>;
        /// The image under `t` and the corner subtracted to normalise it.
        fn transformed(&self, t: Transform) -> (Self, Cell);
    }

    impl Sealed for CellSet {
        const NAME: &'static str = "MarkedCellSet";
        fn from_set(set: CellSet) -> Result<CellSet, ShapeError> {
            Ok(set)
        }
        fn transformed(&self, t: Transform) -> (CellSet, Cell) {
            self.transform_with_corner(t)
        }
    }

    impl Sealed for Polyomino {
        const NAME: &'static str = "MarkedPolyomino";
        fn from_set(set: CellSet) -> Result<Polyomino, ShapeError> {
            Polyomino::try_from(set)
        }
        fn transformed(&self, t: Transform) -> (Polyomino, Cell) {
            self.transform_with_corner(t)
        }
    }
}

/// A [`Polyomino`] with one distinguished cell (a plane's head).
pub type MarkedPolyomino = Marked<Polyomino>;

/// A [`CellSet`] with one distinguished cell (a footprint's pivot).
pub type MarkedCellSet = Marked<CellSet>;

/// A shape ([`Polyomino`] or [`CellSet`]) with one distinguished cell (a head, a pivot); use it
/// through its aliases [`MarkedPolyomino`] and [`MarkedCellSet`].
///
/// In ASCII art the mark is drawn `@` by default and counts as a cell.
///
/// ```
/// use polyomino::{Cell, MarkedCellSet, MarkedPolyomino, ShapeError, Transform};
/// let plane = MarkedPolyomino::parse("..@..\n#####\n..#..\n.###.")?;
/// assert_eq!(plane.mark(), Cell::new(0, 2));
/// let turned = plane.transform(Transform::Rotate90);
/// assert_eq!(turned.to_string(), ".#..\n.#.#\n@###\n.#.#\n.#..");
/// // A marked polyomino is connected; a marked cell set need not be:
/// assert_eq!(MarkedPolyomino::parse("@.#"), Err(ShapeError::Disconnected));
/// assert_eq!(MarkedCellSet::parse("@.#")?.shape().size(), 2);
/// # Ok::<(), polyomino::ShapeError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Marked<S: Shape> {
    shape: S,
    mark: Cell,
}

impl<S: Shape> Marked<S> {
    /// The shape with `mark` (in the shape's normalised frame) distinguished.
    ///
    /// ```
    /// use polyomino::{Cell, MarkedPolyomino, Polyomino, ShapeError};
    /// let bar = Polyomino::parse("###")?;
    /// assert_eq!(MarkedPolyomino::new(bar.clone(), Cell::new(0, 2))?.to_string(), "##@");
    /// assert_eq!(MarkedPolyomino::new(bar, Cell::new(1, 0)),
    ///            Err(ShapeError::MarkNotInShape(Cell::new(1, 0))));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::MarkNotInShape`] if `mark` is not a cell of `shape`.
    pub fn new(shape: S, mark: Cell) -> Result<Marked<S>, ShapeError> {
        if shape.as_ref().contains(mark) {
            Ok(Marked { shape, mark })
        } else {
            Err(ShapeError::MarkNotInShape(mark))
        }
    }

    /// Builds from cells in any frame; `mark` is given in the same frame.
    ///
    /// ```
    /// use polyomino::{Cell, MarkedPolyomino};
    /// // Cells anywhere on the grid; the mark moves with them into the normalised frame.
    /// let m = MarkedPolyomino::from_cells([Cell::new(5, 5), Cell::new(5, 6)], Cell::new(5, 6))?;
    /// assert_eq!(m.mark(), Cell::new(0, 1));
    /// assert_eq!(m.to_string(), "#@");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`CellSet::from_cells`], [`ShapeError::Disconnected`] for a [`MarkedPolyomino`]
    /// whose cells are not one piece, and [`ShapeError::MarkNotInShape`].
    pub fn from_cells<I: IntoIterator<Item = Cell>>(
        cells: I,
        mark: Cell,
    ) -> Result<Marked<S>, ShapeError> {
        let (set, corner) = CellSet::normalise(cells.into_iter().collect())?;
        let mark = offset(mark, corner).ok_or(ShapeError::MarkNotInShape(mark))?;
        Marked::new(S::from_set(set)?, mark)
    }

    /// Reads ASCII art with `#` for a cell, `.` for no cell and `@` for the marked cell, or the
    /// cell list `Display` writes for shapes too large to draw (see
    /// [`CellSet::DISPLAY_MAX_CHARS`]), with `@` before the marked cell:
    /// `{@(0, 0), (5, 0)}`.
    ///
    /// ```
    /// use polyomino::{Cell, MarkedCellSet, MarkedPolyomino, ShapeError};
    /// let t = MarkedPolyomino::parse("#@#\n.#.")?;
    /// assert_eq!((t.mark(), t.shape().size()), (Cell::new(0, 1), 4));
    /// assert_eq!(MarkedPolyomino::parse("###"), Err(ShapeError::NoMark('@')));
    /// assert_eq!(MarkedPolyomino::parse("@#@"), Err(ShapeError::SeveralMarks('@')));
    /// assert_eq!(MarkedPolyomino::parse("{(1, 1), @(1, 2), (1, 3), (2, 2)}")?, t);
    /// let far = MarkedCellSet::parse("{@(0, 0), (3000000, 0)}")?;
    /// assert_eq!((far.mark(), far.shape().height()), (Cell::new(0, 0), 3_000_001));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Marked::parse_with`] for a drawing; as [`CellSet::parse`] for a cell list, plus
    /// [`ShapeError::NoMark`] and [`ShapeError::SeveralMarks`].
    pub fn parse(text: &str) -> Result<Marked<S>, ShapeError> {
        if ascii::is_list(text) {
            let cells = ascii::read_list(text, true)?;
            let mut marks = cells.iter().filter(|(_, marked)| *marked).map(|(c, _)| *c);
            let m = marks.next().ok_or(ShapeError::NoMark('@'))?;
            if marks.next().is_some() {
                return Err(ShapeError::SeveralMarks('@'));
            }
            return Marked::from_cells(cells.into_iter().map(|(c, _)| c), m);
        }
        Marked::parse_with(text, '#', '.', '@')
    }

    /// Reads ASCII art with the given glyphs; exactly one `mark` glyph must appear.
    ///
    /// ```
    /// use polyomino::{Cell, MarkedPolyomino};
    /// let m = MarkedPolyomino::parse_with("xHx\n-x-", 'x', '-', 'H')?;
    /// assert_eq!(m.mark(), Cell::new(0, 1));
    /// assert_eq!(m, MarkedPolyomino::parse("#@#\n.#.")?);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`CellSet::parse_with`], plus [`ShapeError::NoMark`], [`ShapeError::SeveralMarks`]
    /// and, for a [`MarkedPolyomino`], [`ShapeError::Disconnected`].
    pub fn parse_with(
        text: &str,
        filled: char,
        empty: char,
        mark: char,
    ) -> Result<Marked<S>, ShapeError> {
        ascii::check_glyphs(&[filled, empty, mark])?;
        let cells = ascii::read_cells(text, empty, &[filled, mark])?;
        let mut marks = cells.iter().filter(|(_, ch)| *ch == mark).map(|(c, _)| *c);
        let m = marks.next().ok_or(ShapeError::NoMark(mark))?;
        if marks.next().is_some() {
            return Err(ShapeError::SeveralMarks(mark));
        }
        Marked::from_cells(cells.into_iter().map(|(c, _)| c), m)
    }

    /// The shape without its mark.
    ///
    /// ```
    /// use polyomino::{MarkedPolyomino, Polyomino};
    /// let m = MarkedPolyomino::parse("#@\n.#")?;
    /// assert_eq!(m.shape(), &Polyomino::parse("##\n.#")?);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The marked cell, in the shape's normalised frame.
    ///
    /// ```
    /// use polyomino::{Cell, MarkedPolyomino, Transform};
    /// let m = MarkedPolyomino::parse("@##")?;
    /// assert_eq!(m.mark(), Cell::new(0, 0));
    /// assert_eq!(m.transform(Transform::Rotate180).mark(), Cell::new(0, 2));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub fn mark(&self) -> Cell {
        self.mark
    }

    /// Splits into shape and mark.
    ///
    /// ```
    /// use polyomino::{Cell, MarkedPolyomino};
    /// let (shape, mark) = MarkedPolyomino::parse("#@")?.into_parts();
    /// assert_eq!((shape.size(), mark), (2, Cell::new(0, 1)));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    pub fn into_parts(self) -> (S, Cell) {
        (self.shape, self.mark)
    }

    /// The marked shape after `t`; the mark moves with its cell.
    ///
    /// ```
    /// use polyomino::{MarkedPolyomino, Transform};
    /// let m = MarkedPolyomino::parse("@#\n.#")?;
    /// assert_eq!(m.transform(Transform::Rotate180).to_string(), "#.\n#@");
    /// assert_eq!(m.transform(Transform::MirrorLeftRight).to_string(), "#@\n#.");
    /// // Every transform is undone by its inverse:
    /// for t in Transform::ALL {
    ///     assert_eq!(m.transform(t).transform(t.inverse()), m);
    /// }
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[must_use]
    pub fn transform(&self, t: Transform) -> Marked<S> {
        let (shape, corner) = self.shape.transformed(t);
        let mark = offset(t.apply(self.mark), corner).expect("the mark is a cell of the shape");
        Marked { shape, mark }
    }

    /// Rotates every cell's square about the centre of the marked cell by `degrees`
    /// (counter-clockwise on the printed grid) and rasterises conservatively; see
    /// [`CellSet::rotate_about`]. The mark stays on the pivot cell, which is always covered.
    /// The result is a [`MarkedCellSet`] whatever the shape was: rasterisation makes no promise
    /// about connectivity.
    ///
    /// ```
    /// use polyomino::{MarkedCellSet, MarkedPolyomino, Transform};
    /// let bar = MarkedPolyomino::parse("#@##")?;
    /// assert_eq!(bar.rotate(90.0)?, MarkedCellSet::from(bar.transform(Transform::Rotate90)));
    /// // At 127° the bar covers ten cells (a value from an independent implementation).
    /// assert_eq!(MarkedCellSet::parse("##@#")?.rotate(127.0)?.shape().size(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`CellSet::rotate_about`].
    pub fn rotate(&self, degrees: f64) -> Result<MarkedCellSet, RotateError> {
        let cells = self.shape.as_ref().rotate_about(self.mark, degrees)?;
        Marked::from_cells(cells, self.mark).map_err(|_| RotateError::OutOfRange)
    }

    /// Draws the shape with `filled`, `empty` and `mark` glyphs (rows joined by `\n`): its
    /// whole bounding box, (width + 1) × height − 1 characters however few cells it has;
    /// [`try_to_ascii`](Marked::try_to_ascii) refuses large drawings. `Display` draws with
    /// `#`, `.` and `@` up to [`CellSet::DISPLAY_MAX_CHARS`] characters and writes the cell
    /// list beyond.
    ///
    /// ```
    /// use polyomino::MarkedPolyomino;
    /// let m = MarkedPolyomino::parse("@#\n.#")?;
    /// assert_eq!(m.to_ascii('X', '-', 'O'), "OX\n-X");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    pub fn to_ascii(&self, filled: char, empty: char, mark: char) -> String {
        let set = self.shape.as_ref();
        ascii::draw(set.height(), set.width(), |c| {
            if c == self.mark {
                mark
            } else if set.contains(c) {
                filled
            } else {
                empty
            }
        })
    }

    /// [`to_ascii`](Marked::to_ascii) when the drawing has at most `max_chars`
    /// characters ((width + 1) × height − 1, newlines included), checked before anything is
    /// drawn.
    ///
    /// ```
    /// use polyomino::{MarkedPolyomino, ShapeError};
    /// let m = MarkedPolyomino::parse("@#\n.#")?;
    /// assert_eq!(m.try_to_ascii('#', '.', '@', 5)?, "@#\n.#");
    /// assert_eq!(m.try_to_ascii('#', '.', '@', 4), Err(ShapeError::DrawingTooLarge { chars: 5, max: 4 }));
    /// # Ok::<(), ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::DrawingTooLarge`] when the drawing has more than `max_chars` characters.
    pub fn try_to_ascii(
        &self,
        filled: char,
        empty: char,
        mark: char,
        max_chars: usize,
    ) -> Result<String, ShapeError> {
        let set = self.shape.as_ref();
        ascii::check_size(set.height(), set.width(), max_chars)?;
        Ok(self.to_ascii(filled, empty, mark))
    }
}

impl From<MarkedPolyomino> for MarkedCellSet {
    /// Forgets that the cells are connected.
    ///
    /// ```
    /// use polyomino::{MarkedCellSet, MarkedPolyomino};
    /// let m = MarkedCellSet::from(MarkedPolyomino::parse("#@")?);
    /// assert_eq!(m.to_string(), "#@");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    fn from(m: MarkedPolyomino) -> MarkedCellSet {
        Marked {
            shape: m.shape.into_cell_set(),
            mark: m.mark,
        }
    }
}

impl TryFrom<MarkedCellSet> for MarkedPolyomino {
    type Error = ShapeError;

    /// The marked cell set as a marked polyomino when its cells are connected.
    ///
    /// ```
    /// use polyomino::{MarkedCellSet, MarkedPolyomino, ShapeError};
    /// assert!(MarkedPolyomino::try_from(MarkedCellSet::parse("#@")?).is_ok());
    /// assert_eq!(MarkedPolyomino::try_from(MarkedCellSet::parse("#.@")?), Err(ShapeError::Disconnected));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    fn try_from(m: MarkedCellSet) -> Result<MarkedPolyomino, ShapeError> {
        Ok(Marked {
            shape: Polyomino::try_from(m.shape)?,
            mark: m.mark,
        })
    }
}

/// `cell − corner` when it fits in `i32`.
fn offset(cell: Cell, corner: Cell) -> Option<Cell> {
    let r = i32::try_from(i64::from(cell.row) - i64::from(corner.row)).ok()?;
    let c = i32::try_from(i64::from(cell.col) - i64::from(corner.col)).ok()?;
    Some(Cell::new(r, c))
}

impl<S: Shape> FromStr for Marked<S> {
    type Err = ShapeError;
    fn from_str(s: &str) -> Result<Marked<S>, ShapeError> {
        Marked::parse(s)
    }
}

impl<S: Shape> fmt::Display for Marked<S> {
    /// The drawing of [`to_ascii`](Marked::to_ascii) with `#`, `.` and `@` when it has at most
    /// [`CellSet::DISPLAY_MAX_CHARS`] characters, else the cell list with `@` before the
    /// marked cell, `{@(0, 0), (2000000000, 0)}` (O(cells), whatever the bounding box);
    /// [`parse`](Marked::parse) and `FromStr` read both back.
    ///
    /// ```
    /// use polyomino::{Cell, MarkedCellSet};
    /// let m = MarkedCellSet::from_cells([Cell::new(0, 0), Cell::new(2_000_000_000, 0)], Cell::new(2_000_000_000, 0))?;
    /// assert_eq!(m.to_string(), "{(0, 0), @(2000000000, 0)}");
    /// assert_eq!(m.to_string().parse::<MarkedCellSet>()?, m);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set = self.shape.as_ref();
        if set.drawing_fits() {
            f.write_str(&self.to_ascii('#', '.', '@'))
        } else {
            ascii::write_list(f, set.cells(), Some(self.mark))
        }
    }
}

impl<S: Shape> fmt::Debug for Marked<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set = self.shape.as_ref();
        let area = i64::from(set.height()) * i64::from(set.width());
        if area <= crate::cell_set::DEBUG_DRAW_LIMIT {
            let art = self.to_ascii('#', '.', '@').replace('\n', "/");
            write!(f, "{}({art:?})", S::NAME)
        } else {
            f.debug_struct(S::NAME)
                .field("shape", &self.shape)
                .field("mark", &self.mark)
                .finish()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors() {
        assert_eq!(MarkedPolyomino::parse("###"), Err(ShapeError::NoMark('@')));
        assert_eq!(
            MarkedPolyomino::parse("@#@"),
            Err(ShapeError::SeveralMarks('@'))
        );
        let bar = Polyomino::parse("###").unwrap();
        assert_eq!(
            MarkedPolyomino::new(bar, Cell::new(1, 0)),
            Err(ShapeError::MarkNotInShape(Cell::new(1, 0)))
        );
    }

    #[test]
    fn cell_sets_may_be_disconnected() {
        let m = MarkedCellSet::parse("@.#").unwrap();
        assert_eq!(m.shape().size(), 2);
        assert_eq!(format!("{m:?}"), "MarkedCellSet(\"@.#\")");
        assert_eq!(
            MarkedPolyomino::from_cells([Cell::new(0, 0), Cell::new(2, 0)], Cell::new(0, 0)),
            Err(ShapeError::Disconnected)
        );
        assert_eq!(MarkedPolyomino::try_from(m), Err(ShapeError::Disconnected));
    }

    #[test]
    fn mark_follows_transforms() {
        let m = MarkedPolyomino::parse("@#\n.#\n.#").unwrap();
        assert_eq!(m.transform(Transform::Rotate180).to_string(), "#.\n#.\n#@");
        assert_eq!(
            m.transform(Transform::MirrorLeftRight).to_string(),
            "#@\n#.\n#."
        );
        for t in Transform::ALL {
            assert_eq!(m.transform(t).transform(t.inverse()), m);
        }
    }
}
