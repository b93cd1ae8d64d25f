//! [`Polyomino`]: a 4-connected [`CellSet`], connected by construction.
//!
//! A polyomino is a [`CellSet`] whose cells form one piece of edge-adjacent squares. Every
//! constructor checks that (an O(n log n) flood over the sorted cells) and refuses other cell
//! sets with [`ShapeError::Disconnected`]; transforms keep it, so the symmetry methods return
//! polyominoes again. Everything that does not need connectivity (size, bounding box, holes,
//! drawing, arbitrary-angle rotation) lives on [`CellSet`], which a `Polyomino` dereferences
//! to: `poly.size()` and `poly.holes()` just work, and a `&Polyomino` is accepted wherever a
//! `&CellSet` is.
//!
//! | operation | cost (n cells) |
//! |---|---|
//! | [`from_cells`](Polyomino::from_cells), [`parse`](Polyomino::parse), `Polyomino::try_from(cell_set)` | O(n log n) (normalising and the connectivity check) |
//! | [`transform`](Polyomino::transform), [`canonical`](Polyomino::canonical) | O(n log n) (no check: transforms keep connectivity) |
//! | [`as_cell_set`](Polyomino::as_cell_set), `CellSet::from(poly)`, dereferencing | O(1) |

use core::fmt;
use core::ops::Deref;
use core::str::FromStr;

use crate::{Cell, CellSet, ShapeError, Transform};

/// A polyomino: a finite, non-empty, 4-connected set of grid cells, normalised so that its
/// bounding box starts at the origin.
///
/// Connected by construction: every constructor refuses cells that do not form one piece of
/// edge-adjacent squares with [`ShapeError::Disconnected`]. Use [`CellSet`] for arbitrary
/// cell sets; a `Polyomino` dereferences to its `CellSet`, so all of `CellSet`'s methods
/// (size, bounding box, holes, drawing, rotation) work on it directly.
///
/// ```
/// use polyomino::{Cell, CellSet, Polyomino, ShapeError};
/// let t: Polyomino = "###\n.#.".parse()?;
/// assert_eq!(t.size(), 4);
/// assert_eq!((t.height(), t.width()), (2, 3));
/// assert!(t.contains(Cell::new(1, 1)));
/// assert_eq!(t.to_string(), "###\n.#.");
/// // Translation does not matter:
/// let moved = Polyomino::from_cells(t.cells().iter().map(|&c| c + Cell::new(7, -3)))?;
/// assert_eq!(moved, t);
/// // Cells that do not form one piece are not a polyomino (corners do not connect):
/// assert_eq!("##.\n..#".parse::<Polyomino>(), Err(ShapeError::Disconnected));
/// let pair: CellSet = "##.\n..#".parse()?; // but they are a cell set
/// assert_eq!(pair.size(), 3);
/// # Ok::<(), polyomino::ShapeError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Polyomino(CellSet);

impl Polyomino {
    /// The polyomino with the given cells (any coordinates; duplicates are merged), translated
    /// so that its bounding box starts at the origin.
    ///
    /// ```
    /// use polyomino::{Cell, Polyomino, ShapeError};
    /// let p = Polyomino::from_cells([Cell::new(10, 10), Cell::new(10, 11), Cell::new(10, 10)])?;
    /// assert_eq!(p.cells(), [Cell::new(0, 0), Cell::new(0, 1)]); // translated, deduplicated
    /// assert_eq!(Polyomino::from_cells([]), Err(ShapeError::Empty));
    /// assert_eq!(
    ///     Polyomino::from_cells([Cell::new(0, 0), Cell::new(1, 1)]),
    ///     Err(ShapeError::Disconnected)
    /// );
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::Empty`] for no cell, [`ShapeError::TooLarge`] when the cells span
    /// `i32::MAX` or more rows or columns, [`ShapeError::Disconnected`] when they are not one
    /// 4-connected piece.
    pub fn from_cells<I: IntoIterator<Item = Cell>>(cells: I) -> Result<Polyomino, ShapeError> {
        Polyomino::try_from(CellSet::from_cells(cells)?)
    }

    /// Reads ASCII art with `#` for a cell and `.` for no cell (see [`Polyomino::parse_with`]),
    /// or a cell list `{(row, col), ...}` (see [`CellSet::parse`]).
    ///
    /// ```
    /// use polyomino::Polyomino;
    /// // Lines are trimmed and blank lines around the drawing ignored:
    /// let s = Polyomino::parse("\n    .##\n    ##.\n\n")?;
    /// assert_eq!(s.to_string(), ".##\n##.");
    /// assert_eq!(s, ".##\n##.".parse()?); // `FromStr` does the same
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`CellSet::parse`], and [`ShapeError::Disconnected`].
    pub fn parse(text: &str) -> Result<Polyomino, ShapeError> {
        Polyomino::try_from(CellSet::parse(text)?)
    }

    /// Reads ASCII art with the given glyphs, as [`CellSet::parse_with`] does, and checks that
    /// the cells are connected.
    ///
    /// ```
    /// use polyomino::{Polyomino, ShapeError};
    /// let l = Polyomino::parse_with("o-\no-\noo", 'o', '-')?;
    /// assert_eq!(l, Polyomino::parse("#.\n#.\n##")?);
    /// assert_eq!(Polyomino::parse_with("o-o", 'o', '-'), Err(ShapeError::Disconnected));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`CellSet::parse_with`], and [`ShapeError::Disconnected`].
    pub fn parse_with(text: &str, filled: char, empty: char) -> Result<Polyomino, ShapeError> {
        Polyomino::try_from(CellSet::parse_with(text, filled, empty)?)
    }

    /// A cell set known to be connected (the enumerations build only connected ones).
    pub(crate) fn from_connected(set: CellSet) -> Polyomino {
        debug_assert!(set.is_connected());
        Polyomino(set)
    }

    /// The polyomino as a plain cell set (free: a reference to the same cells).
    ///
    /// ```
    /// use polyomino::{CellSet, Polyomino};
    /// let l = Polyomino::parse("#.\n##")?;
    /// let set: &CellSet = l.as_cell_set();
    /// assert_eq!(set.size(), 3);
    /// assert_eq!(set, &CellSet::parse("#.\n##")?);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub fn as_cell_set(&self) -> &CellSet {
        &self.0
    }

    /// The polyomino as an owned cell set (also `CellSet::from(poly)`).
    ///
    /// ```
    /// use polyomino::{CellSet, Polyomino};
    /// let set: CellSet = Polyomino::parse("##")?.into_cell_set();
    /// assert_eq!(set.to_string(), "##");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub fn into_cell_set(self) -> CellSet {
        self.0
    }

    /// The polyomino after `t` (about the origin), normalised again; still a polyomino.
    ///
    /// ```
    /// use polyomino::{Polyomino, Transform};
    /// let l = Polyomino::parse("#.\n#.\n##")?;
    /// assert_eq!(l.transform(Transform::Rotate90).to_string(), "..#\n###");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[must_use]
    pub fn transform(&self, t: Transform) -> Polyomino {
        Polyomino(self.0.transform(t))
    }

    /// `transform`, also returning the corner subtracted after applying `t` to each cell.
    pub(crate) fn transform_with_corner(&self, t: Transform) -> (Polyomino, Cell) {
        let (set, corner) = self.0.transform_with_corner(t);
        (Polyomino(set), corner)
    }
}

impl Deref for Polyomino {
    type Target = CellSet;

    /// Every polyomino is a cell set: `CellSet`'s methods work on it directly.
    #[inline]
    fn deref(&self) -> &CellSet {
        &self.0
    }
}

impl AsRef<CellSet> for Polyomino {
    #[inline]
    fn as_ref(&self) -> &CellSet {
        &self.0
    }
}

impl AsRef<CellSet> for CellSet {
    #[inline]
    fn as_ref(&self) -> &CellSet {
        self
    }
}

impl From<Polyomino> for CellSet {
    /// Forgets that the cells are connected.
    ///
    /// ```
    /// use polyomino::{CellSet, Polyomino};
    /// let set = CellSet::from(Polyomino::parse("#\n#")?);
    /// assert_eq!(set.size(), 2);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    fn from(p: Polyomino) -> CellSet {
        p.0
    }
}

impl TryFrom<CellSet> for Polyomino {
    type Error = ShapeError;

    /// The cell set as a polyomino when its cells are 4-connected.
    ///
    /// ```
    /// use polyomino::{CellSet, Polyomino, ShapeError};
    /// let l = Polyomino::try_from(CellSet::parse("#.\n##")?)?;
    /// assert_eq!(l.size(), 3);
    /// assert_eq!(Polyomino::try_from(CellSet::parse("#.\n.#")?), Err(ShapeError::Disconnected));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    fn try_from(set: CellSet) -> Result<Polyomino, ShapeError> {
        if set.is_connected() {
            Ok(Polyomino(set))
        } else {
            Err(ShapeError::Disconnected)
        }
    }
}

impl FromStr for Polyomino {
    type Err = ShapeError;
    fn from_str(s: &str) -> Result<Polyomino, ShapeError> {
        Polyomino::parse(s)
    }
}

impl fmt::Display for Polyomino {
    /// As the [`CellSet`]'s `Display`: the drawing of [`CellSet::to_ascii`] with `#` and `.`
    /// up to [`CellSet::DISPLAY_MAX_CHARS`] characters, else the cell list; `FromStr` reads
    /// both.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Polyomino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.debug_as("Polyomino", f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connectivity_is_checked_by_every_constructor() {
        assert_eq!(Polyomino::parse("#.\n.#"), Err(ShapeError::Disconnected));
        assert_eq!(
            Polyomino::parse_with("x-x", 'x', '-'),
            Err(ShapeError::Disconnected)
        );
        assert_eq!(
            Polyomino::from_cells([Cell::new(0, 0), Cell::new(0, 2)]),
            Err(ShapeError::Disconnected)
        );
        assert_eq!(Polyomino::parse(""), Err(ShapeError::Empty));
        let ring = Polyomino::parse("###\n#.#\n###").unwrap();
        assert_eq!(ring.hole_count(), 1);
        assert_eq!(format!("{ring:?}"), "Polyomino(\"###/#.#/###\")");
    }

    #[test]
    fn transforms_stay_polyominoes() {
        let f = Polyomino::parse(".##\n##.\n.#.").unwrap();
        for t in Transform::ALL {
            let image = f.transform(t);
            assert!(image.is_connected());
            assert_eq!(image.as_cell_set(), &f.as_cell_set().transform(t));
        }
    }
}
