//! [`MarkedPolyomino`]: a shape with one distinguished cell that follows every transform.
//!
//! Plane shapes in the plane-bombing game mark their head, level footprints in the level
//! planner mark their pivot. The mark is always one of the shape's cells, so canonical forms and
//! orientation lists of a marked shape distinguish orientations that the bare shape would merge.

use core::fmt;
use core::str::FromStr;

use crate::ascii;
use crate::{Cell, Polyomino, RotateError, ShapeError, Transform};

/// A [`Polyomino`] with one distinguished cell (a head, a pivot).
///
/// In ASCII art the mark is drawn `@` by default and counts as a cell.
///
/// ```
/// use polyomino::{Cell, MarkedPolyomino, Transform};
/// let plane = MarkedPolyomino::parse("..@..\n#####\n..#..\n.###.")?;
/// assert_eq!(plane.mark(), Cell::new(0, 2));
/// let turned = plane.transform(Transform::Rotate90);
/// assert_eq!(turned.to_string(), ".#..\n.#.#\n@###\n.#.#\n.#..");
/// # Ok::<(), polyomino::ShapeError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MarkedPolyomino {
    shape: Polyomino,
    mark: Cell,
}

impl MarkedPolyomino {
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
    pub fn new(shape: Polyomino, mark: Cell) -> Result<MarkedPolyomino, ShapeError> {
        if shape.contains(mark) {
            Ok(MarkedPolyomino { shape, mark })
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
    /// As [`Polyomino::from_cells`], and [`ShapeError::MarkNotInShape`].
    pub fn from_cells<I: IntoIterator<Item = Cell>>(
        cells: I,
        mark: Cell,
    ) -> Result<MarkedPolyomino, ShapeError> {
        let (shape, corner) = Polyomino::normalise(cells.into_iter().collect())?;
        let mark = offset(mark, corner).ok_or(ShapeError::MarkNotInShape(mark))?;
        MarkedPolyomino::new(shape, mark)
    }

    /// Reads ASCII art with `#` for a cell, `.` for no cell and `@` for the marked cell.
    ///
    /// ```
    /// use polyomino::{Cell, MarkedPolyomino, ShapeError};
    /// let t = MarkedPolyomino::parse("#@#\n.#.")?;
    /// assert_eq!((t.mark(), t.shape().size()), (Cell::new(0, 1), 4));
    /// assert_eq!(MarkedPolyomino::parse("###"), Err(ShapeError::NoMark('@')));
    /// assert_eq!(MarkedPolyomino::parse("@#@"), Err(ShapeError::SeveralMarks('@')));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`MarkedPolyomino::parse_with`].
    pub fn parse(text: &str) -> Result<MarkedPolyomino, ShapeError> {
        MarkedPolyomino::parse_with(text, '#', '.', '@')
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
    /// As [`Polyomino::parse_with`], plus [`ShapeError::NoMark`] and
    /// [`ShapeError::SeveralMarks`].
    pub fn parse_with(
        text: &str,
        filled: char,
        empty: char,
        mark: char,
    ) -> Result<MarkedPolyomino, ShapeError> {
        ascii::check_glyphs(&[filled, empty, mark])?;
        let cells = ascii::read_cells(text, empty, &[filled, mark])?;
        let mut marks = cells.iter().filter(|(_, ch)| *ch == mark).map(|(c, _)| *c);
        let m = marks.next().ok_or(ShapeError::NoMark(mark))?;
        if marks.next().is_some() {
            return Err(ShapeError::SeveralMarks(mark));
        }
        MarkedPolyomino::from_cells(cells.into_iter().map(|(c, _)| c), m)
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
    pub fn shape(&self) -> &Polyomino {
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
    pub fn into_parts(self) -> (Polyomino, Cell) {
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
    pub fn transform(&self, t: Transform) -> MarkedPolyomino {
        let (shape, corner) = self.shape.transform_with_corner(t);
        let mark = offset(t.apply(self.mark), corner).expect("the mark is a cell of the shape");
        MarkedPolyomino { shape, mark }
    }

    /// Rotates every cell's square about the centre of the marked cell by `degrees`
    /// (counter-clockwise on the printed grid) and rasterises conservatively; see
    /// [`Polyomino::rotate_about`]. The mark stays on the pivot cell, which is always covered.
    ///
    /// ```
    /// use polyomino::{MarkedPolyomino, Transform};
    /// let bar = MarkedPolyomino::parse("#@##")?;
    /// assert_eq!(bar.rotate(90.0)?, bar.transform(Transform::Rotate90));
    /// // At 127° the bar covers ten cells (a value from an independent implementation).
    /// assert_eq!(MarkedPolyomino::parse("##@#")?.rotate(127.0)?.shape().size(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Polyomino::rotate_about`].
    pub fn rotate(&self, degrees: f64) -> Result<MarkedPolyomino, RotateError> {
        let cells = self.shape.rotate_about(self.mark, degrees)?;
        MarkedPolyomino::from_cells(cells, self.mark).map_err(|_| RotateError::OutOfRange)
    }

    /// Draws the shape with `filled`, `empty` and `mark` glyphs (rows joined by `\n`): its
    /// whole bounding box, (width + 1) × height − 1 characters however few cells it has (as
    /// `Display` does with `#`, `.` and `@`); [`try_to_ascii`](MarkedPolyomino::try_to_ascii)
    /// refuses large drawings.
    ///
    /// ```
    /// use polyomino::MarkedPolyomino;
    /// let m = MarkedPolyomino::parse("@#\n.#")?;
    /// assert_eq!(m.to_ascii('X', '-', 'O'), "OX\n-X");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    pub fn to_ascii(&self, filled: char, empty: char, mark: char) -> String {
        ascii::draw(self.shape.height(), self.shape.width(), |c| {
            if c == self.mark {
                mark
            } else if self.shape.contains(c) {
                filled
            } else {
                empty
            }
        })
    }

    /// [`to_ascii`](MarkedPolyomino::to_ascii) when the drawing has at most `max_chars`
    /// characters ((width + 1) × height − 1, newlines included), checked before anything is
    /// drawn.
    ///
    /// ```
    /// use polyomino::{Cell, MarkedPolyomino, Polyomino, ShapeError};
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
        ascii::check_size(self.shape.height(), self.shape.width(), max_chars)?;
        Ok(self.to_ascii(filled, empty, mark))
    }
}

/// `cell − corner` when it fits in `i32`.
fn offset(cell: Cell, corner: Cell) -> Option<Cell> {
    let r = i32::try_from(i64::from(cell.row) - i64::from(corner.row)).ok()?;
    let c = i32::try_from(i64::from(cell.col) - i64::from(corner.col)).ok()?;
    Some(Cell::new(r, c))
}

impl FromStr for MarkedPolyomino {
    type Err = ShapeError;
    fn from_str(s: &str) -> Result<MarkedPolyomino, ShapeError> {
        MarkedPolyomino::parse(s)
    }
}

impl fmt::Display for MarkedPolyomino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_ascii('#', '.', '@'))
    }
}

impl fmt::Debug for MarkedPolyomino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let area = i64::from(self.shape.height()) * i64::from(self.shape.width());
        if area <= 4096 {
            let art = self.to_ascii('#', '.', '@').replace('\n', "/");
            write!(f, "MarkedPolyomino({art:?})")
        } else {
            f.debug_struct("MarkedPolyomino")
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
