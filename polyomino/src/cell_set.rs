//! The [`CellSet`] value type: a finite, non-empty set of cells up to translation, connected or
//! not. A [`Polyomino`](crate::Polyomino) is a `CellSet` that is 4-connected.
//!
//! # Representation and costs
//!
//! A cell set stores its cells sorted row-major in a small inline vector (no heap allocation
//! up to eight cells), normalised so that its smallest row and smallest column are both 0. Two
//! polyominoes are therefore equal exactly when they are translates of each other, and the
//! derived `Ord` (lexicographic on the sorted cells) is the order canonical forms minimise.
//!
//! | operation | cost (n cells) |
//! |---|---|
//! | [`from_cells`](CellSet::from_cells), [`transform`](CellSet::transform) | O(n log n) |
//! | [`contains`](CellSet::contains) | O(log n) |
//! | [`is_connected`](CellSet::is_connected) | O(n log n) |
//! | [`hole_count`](CellSet::hole_count) | O(n log n) |
//! | [`holes`](CellSet::holes) | O(n + H) for H hole cells (the answer), up to about n²/16: [`try_holes`](CellSet::try_holes) refuses large ones in O(n) |
//! | `Display` | O(h · w · log n) for a bounding box of h × w up to [`DISPLAY_MAX_CHARS`](CellSet::DISPLAY_MAX_CHARS) characters, else O(n) (a cell list) |
//! | [`to_ascii`](CellSet::to_ascii) | O(h · w · log n) whatever the size: [`try_to_ascii`](CellSet::try_to_ascii) refuses large ones |
//!
//! A `CellSet` need not be 4-connected, so it can describe any cell set, such as a
//! conservatively rasterised footprint or a room made of separate parts;
//! [`is_connected`](CellSet::is_connected) says whether it is a polyomino, and
//! `Polyomino::try_from(cell_set)` turns it into one when it is.

use core::fmt;
use core::str::FromStr;

use smallvec::SmallVec;

use crate::ascii;
use crate::{Cell, ShapeError, Transform};

/// Inline storage for the cells of a shape.
pub(crate) type Cells = SmallVec<[Cell; 8]>;

/// A finite, non-empty set of grid cells, normalised so that its bounding box starts at the
/// origin; connected or not (a [`Polyomino`](crate::Polyomino) is the connected kind, and
/// dereferences to its `CellSet`, so every method here works on polyominoes too).
///
/// ```
/// use polyomino::{Cell, CellSet, Polyomino};
/// // Two dominoes that do not touch: a cell set, not a polyomino.
/// let pair: CellSet = "##.\n..#\n..#".parse()?;
/// assert_eq!(pair.size(), 4);
/// assert!(!pair.is_connected());
/// assert!(Polyomino::try_from(pair).is_err());
/// let t: CellSet = "###\n.#.".parse()?;
/// assert_eq!(t.size(), 4);
/// assert_eq!((t.height(), t.width()), (2, 3));
/// assert!(t.contains(Cell::new(1, 1)));
/// assert!(t.is_connected());
/// assert_eq!(t.to_string(), "###\n.#.");
/// // Translation does not matter:
/// let moved = CellSet::from_cells(t.cells().iter().map(|&c| c + Cell::new(7, -3)))?;
/// assert_eq!(moved, t);
/// # Ok::<(), polyomino::ShapeError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet {
    cells: Cells,
}

impl CellSet {
    /// The largest drawing `Display` writes: 2²⁰ characters, newlines included ((width + 1) ×
    /// height − 1; a 1000 × 1000 bounding box is 1 001 999). A shape whose drawing would be
    /// larger displays as its cell list, `{(0, 0), (2000000000, 0)}`, in O(cells), which
    /// [`parse`](CellSet::parse) and `FromStr` read back too. Formatting a shape therefore
    /// writes at most this many characters or 26 per cell (normalised coordinates have no sign
    /// and at most 10 digits; a mark adds one), however sparse the shape
    /// (two cells 2·10⁹ rows apart drew 4 GB of text).
    ///
    /// ```
    /// use polyomino::{Cell, CellSet};
    /// let sparse = CellSet::from_cells([Cell::new(0, 0), Cell::new(2_000_000_000, 0)])?;
    /// assert_eq!(sparse.to_string(), "{(0, 0), (2000000000, 0)}");
    /// assert_eq!(sparse.to_string().parse::<CellSet>()?, sparse);
    /// // The limit is on the drawing: 61 681 rows of 16 columns are exactly 2²⁰ characters.
    /// let tall = CellSet::from_cells([Cell::new(0, 0), Cell::new(61_680, 15)])?;
    /// assert_eq!(tall.to_string().len(), CellSet::DISPLAY_MAX_CHARS);
    /// let taller = CellSet::from_cells([Cell::new(0, 0), Cell::new(61_681, 15)])?;
    /// assert_eq!(taller.to_string(), "{(0, 0), (61681, 15)}");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    pub const DISPLAY_MAX_CHARS: usize = 1 << 20;

    /// The polyomino with the given cells (any coordinates; duplicates are merged), translated
    /// so that its bounding box starts at the origin.
    ///
    /// ```
    /// use polyomino::{Cell, CellSet, ShapeError};
    /// let p = CellSet::from_cells([Cell::new(10, 10), Cell::new(10, 11), Cell::new(10, 10)])?;
    /// assert_eq!(p.cells(), [Cell::new(0, 0), Cell::new(0, 1)]); // translated, deduplicated
    /// assert_eq!(CellSet::from_cells([]), Err(ShapeError::Empty));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::Empty`] for no cell, [`ShapeError::TooLarge`] when the cells span
    /// `i32::MAX` or more rows or columns.
    pub fn from_cells<I: IntoIterator<Item = Cell>>(cells: I) -> Result<CellSet, ShapeError> {
        let cells: Cells = cells.into_iter().collect();
        Ok(CellSet::normalise(cells)?.0)
    }

    /// Sorts, deduplicates and translates `cells`; returns the shape and the corner
    /// `(min_row, min_col)` that was subtracted from every cell.
    pub(crate) fn normalise(mut cells: Cells) -> Result<(CellSet, Cell), ShapeError> {
        let (min_r, max_r, min_c, max_c) = bounds(&cells).ok_or(ShapeError::Empty)?;
        // Spans stay below i32::MAX so that heights, widths and transformed coordinates fit.
        if i64::from(max_r) - i64::from(min_r) >= i64::from(i32::MAX)
            || i64::from(max_c) - i64::from(min_c) >= i64::from(i32::MAX)
        {
            return Err(ShapeError::TooLarge);
        }
        for c in &mut cells {
            // The span fits in i32, so each difference does too.
            c.row = (i64::from(c.row) - i64::from(min_r)) as i32;
            c.col = (i64::from(c.col) - i64::from(min_c)) as i32;
        }
        cells.sort_unstable();
        cells.dedup();
        Ok((CellSet { cells }, Cell::new(min_r, min_c)))
    }

    /// Reads ASCII art with `#` for a cell and `.` for no cell (see [`CellSet::parse_with`]),
    /// or the cell list `Display` writes for shapes too large to draw
    /// ([`DISPLAY_MAX_CHARS`](CellSet::DISPLAY_MAX_CHARS)): `{` first (after whitespace), then
    /// cells `(row, col)` separated by commas, then `}`, whitespace allowed between the parts;
    /// any coordinates, duplicates merged, as [`from_cells`](CellSet::from_cells) takes them.
    ///
    /// ```
    /// use polyomino::CellSet;
    /// // Lines are trimmed and blank lines around the drawing ignored:
    /// let s = CellSet::parse("\n    .##\n    ##.\n\n")?;
    /// assert_eq!(s.to_string(), ".##\n##.");
    /// assert_eq!(s, ".##\n##.".parse()?); // `FromStr` does the same
    /// // The same cells as a list, in any frame:
    /// assert_eq!(CellSet::parse("{(5, 6), (5, 7), (6, 5), (6, 6)}")?, s);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// As [`CellSet::parse_with`] for a drawing; for a cell list,
    /// [`ShapeError::BadCellList`] at the first character that does not fit,
    /// [`ShapeError::Empty`] for `{}` and [`ShapeError::TooLarge`] as
    /// [`from_cells`](CellSet::from_cells).
    pub fn parse(text: &str) -> Result<CellSet, ShapeError> {
        if ascii::is_list(text) {
            let cells = ascii::read_list(text, false)?;
            return CellSet::from_cells(cells.into_iter().map(|(c, _)| c));
        }
        CellSet::parse_with(text, '#', '.')
    }

    /// Reads ASCII art with the given glyphs. Each line is trimmed; blank lines before and after
    /// the drawing are ignored; shorter rows are padded with empty cells. (Only
    /// [`parse`](CellSet::parse) also reads cell lists.)
    ///
    /// ```
    /// use polyomino::{CellSet, ShapeError};
    /// let l = CellSet::parse_with("o-\no-\noo", 'o', '-')?;
    /// assert_eq!(l, CellSet::parse("#.\n#.\n##")?);
    /// assert_eq!(CellSet::parse_with("oo", 'o', 'o'), Err(ShapeError::BadGlyphs));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::UnexpectedChar`] for any other character, [`ShapeError::Empty`] for a
    /// drawing without cells, [`ShapeError::BadGlyphs`] if the glyphs are equal or whitespace.
    pub fn parse_with(text: &str, filled: char, empty: char) -> Result<CellSet, ShapeError> {
        ascii::check_glyphs(&[filled, empty])?;
        let cells = ascii::read_cells(text, empty, &[filled])?;
        CellSet::from_cells(cells.into_iter().map(|(c, _)| c))
    }

    /// Draws the shape's bounding box with the given glyphs, rows joined by `\n`, no trailing
    /// newline. The text has (width + 1) × height − 1 characters, whatever you ask for: a
    /// sparse shape with a huge bounding box makes a huge string (two cells 10⁹ rows apart
    /// draw two gigabytes of text). [`try_to_ascii`](CellSet::try_to_ascii) refuses drawings
    /// above a size of your choice instead; `Display` draws with `#` and `.` up to
    /// [`DISPLAY_MAX_CHARS`](CellSet::DISPLAY_MAX_CHARS) and writes the cell list beyond, and
    /// `Debug` lists the cells past 4096 cells of bounding box.
    ///
    /// ```
    /// use polyomino::CellSet;
    /// let t = CellSet::parse("###\n.#.")?;
    /// assert_eq!(t.to_ascii('█', ' '), "███\n █ ");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    pub fn to_ascii(&self, filled: char, empty: char) -> String {
        ascii::draw(self.height(), self.width(), |c| {
            if self.contains(c) { filled } else { empty }
        })
    }

    /// [`to_ascii`](CellSet::to_ascii) when the drawing has at most `max_chars` characters
    /// ((width + 1) × height − 1, newlines included), checked before anything is drawn.
    ///
    /// ```
    /// use polyomino::{Cell, CellSet, ShapeError};
    /// let t = CellSet::parse("###\n.#.")?;
    /// assert_eq!(t.try_to_ascii('#', '.', 100)?, t.to_string());
    /// // Two cells a billion rows apart would draw about 2·10⁹ characters:
    /// let sparse = CellSet::from_cells([Cell::new(0, 0), Cell::new(1_000_000_000, 0)])?;
    /// assert_eq!(
    ///     sparse.try_to_ascii('#', '.', 1 << 20),
    ///     Err(ShapeError::DrawingTooLarge { chars: 2_000_000_001, max: 1 << 20 })
    /// );
    /// # Ok::<(), ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::DrawingTooLarge`] when the drawing has more than `max_chars` characters.
    pub fn try_to_ascii(
        &self,
        filled: char,
        empty: char,
        max_chars: usize,
    ) -> Result<String, ShapeError> {
        ascii::check_size(self.height(), self.width(), max_chars)?;
        Ok(self.to_ascii(filled, empty))
    }

    /// The cells, sorted row-major; the smallest row and the smallest column are 0.
    ///
    /// ```
    /// use polyomino::{Cell, CellSet};
    /// let s = CellSet::parse(".#\n##")?;
    /// assert_eq!(s.cells(), [Cell::new(0, 1), Cell::new(1, 0), Cell::new(1, 1)]);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells (at least 1).
    ///
    /// ```
    /// use polyomino::CellSet;
    /// assert_eq!(CellSet::parse("#.#\n###")?.size(), 5);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// Number of rows of the bounding box.
    ///
    /// ```
    /// use polyomino::CellSet;
    /// let l = CellSet::parse("#.\n#.\n##")?;
    /// assert_eq!((l.height(), l.width()), (3, 2));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub fn height(&self) -> i32 {
        // Sorted row-major: the last cell has the largest row.
        self.cells[self.cells.len() - 1].row + 1
    }

    /// Number of columns of the bounding box.
    ///
    /// ```
    /// use polyomino::{CellSet, Transform};
    /// let l = CellSet::parse("#.\n#.\n##")?;
    /// assert_eq!(l.width(), 2);
    /// assert_eq!(l.transform(Transform::Rotate90).width(), 3); // a quarter turn swaps the sides
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub fn width(&self) -> i32 {
        self.cells.iter().map(|c| c.col).max().unwrap_or(0) + 1
    }

    /// Whether `cell` (in the normalised frame) belongs to the shape.
    ///
    /// ```
    /// use polyomino::{Cell, CellSet};
    /// let l = CellSet::parse("#.\n##")?;
    /// assert!(l.contains(Cell::new(1, 1)));
    /// assert!(!l.contains(Cell::new(0, 1)));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        self.cells.binary_search(&cell).is_ok()
    }

    /// Whether the cells form one 4-connected piece (edge-adjacent steps).
    ///
    /// ```
    /// use polyomino::CellSet;
    /// assert!(CellSet::parse("##\n.#")?.is_connected());
    /// assert!(!CellSet::parse("#.\n.#")?.is_connected()); // corners do not connect
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    pub fn is_connected(&self) -> bool {
        let n = self.cells.len();
        let mut seen = vec![false; n];
        let mut stack = vec![0usize];
        seen[0] = true;
        let mut reached = 1;
        while let Some(i) = stack.pop() {
            for nb in self.cells[i].edge_neighbours() {
                if let Ok(j) = self.cells.binary_search(&nb)
                    && !seen[j]
                {
                    seen[j] = true;
                    reached += 1;
                    stack.push(j);
                }
            }
        }
        reached == n
    }

    /// The empty cells enclosed by the shape: those from which no path of edge-adjacent empty
    /// cells leads outside the bounding box. Sorted row-major.
    ///
    /// The famous heptomino with a hole (a 3×3 ring missing one corner) has one:
    /// ```
    /// use polyomino::{Cell, CellSet};
    /// let p = CellSet::parse("###\n#.#\n##.")?;
    /// assert_eq!(p.holes(), vec![Cell::new(1, 1)]);
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    ///
    /// # Cost
    /// O(n log n) to find the holes as runs of empty cells between the cells of each row (runs
    /// of consecutive rows that share a column are joined; those that reach the edge of the
    /// bounding box, or a row without cells, are outside), then one step per hole cell: no
    /// memory per cell of the bounding box, so a ring of side 4000 answers its 16 million hole
    /// cells in about 0.2 s (a flood fill took 113 s and 718 MB). The answer itself can be
    /// quadratic in n, though: a square ring of n cells encloses about n²/16 cells (a ring of
    /// 4·10⁵ cells, 10¹⁰ of them, 80 GB as a `Vec<Cell>`). For shapes you do not trust, call
    /// [`try_holes`](CellSet::try_holes) with a limit, or [`hole_count`](CellSet::hole_count)
    /// to know only whether there are holes, or how many.
    pub fn holes(&self) -> Vec<Cell> {
        let runs = self.hole_runs();
        let mut out = Vec::new();
        // Exactly the answer's size when the allocator grants it (no doubling on the way).
        let _ = out.try_reserve_exact(usize::try_from(run_cells(&runs)).unwrap_or(usize::MAX));
        for &(row, first, last) in &runs {
            out.extend((first..=last).map(|col| Cell::new(row, col)));
        }
        out
    }

    /// [`holes`](CellSet::holes) when they have at most `max_cells` cells, counted in O(n log n)
    /// before any is listed: the time and memory of a call are O(n + `max_cells`).
    ///
    /// ```
    /// use polyomino::{Cell, CellSet, ShapeError};
    /// // A square ring of side 100 001 (4·10⁵ cells) encloses 10¹⁰ cells:
    /// let s = 100_001;
    /// let ring = CellSet::from_cells((0..s).flat_map(|i| {
    ///     [Cell::new(0, i), Cell::new(s - 1, i), Cell::new(i, 0), Cell::new(i, s - 1)]
    /// }))?;
    /// assert_eq!(
    ///     ring.try_holes(1 << 20),
    ///     Err(ShapeError::HolesTooLarge { cells: 99_999 * 99_999, max: 1 << 20 })
    /// );
    /// let small = CellSet::parse("###\n#.#\n###")?;
    /// assert_eq!(small.try_holes(1)?, vec![Cell::new(1, 1)]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::HolesTooLarge`] when the holes have more than `max_cells` cells.
    pub fn try_holes(&self, max_cells: usize) -> Result<Vec<Cell>, ShapeError> {
        let runs = self.hole_runs();
        let cells = run_cells(&runs);
        if cells > max_cells as u64 {
            return Err(ShapeError::HolesTooLarge {
                cells,
                max: max_cells,
            });
        }
        let mut out = Vec::with_capacity(cells as usize);
        for &(row, first, last) in &runs {
            out.extend((first..=last).map(|col| Cell::new(row, col)));
        }
        Ok(out)
    }

    /// The holes as runs `(row, first col, last col)` of empty cells, row-major.
    ///
    /// Each row with cells splits into runs of empty cells between (and before and after) its
    /// cells. A run on the first or last row, touching the first or last column, or next to a
    /// row without cells (all of it outside) is outside; runs of consecutive rows that share a
    /// column are one region (union–find), which is outside when one of its runs is. The
    /// other runs are the holes. At most 2n runs, each looked at a bounded number of times.
    fn hole_runs(&self) -> Vec<(i32, i32, i32)> {
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let cells = &self.cells;
        let last_col = self.width() - 1;
        // Each row with cells: (row, its runs as a range of `runs`).
        let mut rows: Vec<(i32, usize, usize)> = Vec::new();
        let mut runs: Vec<(i32, i32, i32)> = Vec::new();
        let mut i = 0;
        while i < cells.len() {
            let row = cells[i].row;
            let start = runs.len();
            // The column after the previous cell; normalised columns are below i32::MAX.
            let mut next = 0;
            while i < cells.len() && cells[i].row == row {
                let col = cells[i].col;
                if col > next {
                    runs.push((row, next, col - 1));
                }
                next = col + 1;
                i += 1;
            }
            if next <= last_col {
                runs.push((row, next, last_col));
            }
            rows.push((row, start, runs.len()));
        }
        // A row next to a row without cells is open there; the first row (0) and the last
        // (height − 1) are on the edge.
        let open_below = |k: usize| k + 1 == rows.len() || rows[k + 1].0 != rows[k].0 + 1;
        let open_above = |k: usize| k == 0 || open_below(k - 1);
        let mut outside = vec![false; runs.len()];
        for (k, &(_, start, end)) in rows.iter().enumerate() {
            let open = open_above(k) || open_below(k);
            for g in start..end {
                let (_, first, last) = runs[g];
                outside[g] = open || first == 0 || last == last_col;
            }
        }
        // Join the runs of each row and the next that share a column (both lists are sorted
        // and disjoint: one merge pass).
        let mut parent: Vec<usize> = (0..runs.len()).collect();
        for k in 0..rows.len() {
            if open_below(k) {
                continue;
            }
            let (_, mut a, end) = rows[k];
            let (_, mut b, below_end) = rows[k + 1];
            while a < end && b < below_end {
                let ((_, a_first, a_last), (_, b_first, b_last)) = (runs[a], runs[b]);
                if a_first <= b_last && b_first <= a_last {
                    let (x, y) = (root(&mut parent, a), root(&mut parent, b));
                    parent[x] = y;
                }
                if a_last < b_last {
                    a += 1;
                } else {
                    b += 1;
                }
            }
        }
        // A region is outside when one of its runs is.
        for g in 0..runs.len() {
            if outside[g] {
                let r = root(&mut parent, g);
                outside[r] = true;
            }
        }
        (0..runs.len())
            .filter(|&g| !outside[root(&mut parent, g)])
            .map(|g| runs[g])
            .collect()
    }

    /// Number of holes: the regions of edge-adjacent empty cells from which no path leads
    /// outside the bounding box ([`holes`](CellSet::holes) lists their cells, this counts the
    /// regions). O(n log n) time and O(n) memory, however large the holes are.
    ///
    /// ```
    /// use polyomino::{Cell, CellSet};
    /// let ring = CellSet::parse("###\n#.#\n###")?;
    /// assert_eq!(ring.hole_count(), 1);
    /// // Two holes; empty cells that meet only at a corner are separate holes:
    /// let two = CellSet::parse("####\n#.##\n##.#\n####")?;
    /// assert_eq!((two.hole_count(), two.holes().len()), (2, 2));
    /// // A square ring of 4·10⁵ cells, whose hole has 10¹⁰ cells:
    /// let s = 100_001;
    /// let ring = CellSet::from_cells((0..s).flat_map(|i| {
    ///     [Cell::new(0, i), Cell::new(s - 1, i), Cell::new(i, 0), Cell::new(i, s - 1)]
    /// }))?;
    /// assert_eq!((ring.size(), ring.hole_count()), (400_000, 1));
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    pub fn hole_count(&self) -> usize {
        // The union X of the closed unit squares has Euler characteristic
        // χ = V − E + F (its distinct corners, edges and cells) = b0 − b1, where b0 counts the
        // connected pieces of X (squares meeting at a corner are connected) and b1 the bounded
        // regions of the plane outside X. Empty cells sharing an edge are connected outside X,
        // empty cells meeting only at a corner whose two other cells are filled are not, so b1
        // is exactly the number of holes.
        let key = |r: i32, c: i32| (u64::from(r as u32) << 32) | u64::from(c as u32);
        // Normalised coordinates are in 0..i32::MAX, so `+ 1` cannot overflow.
        let mut corners = Vec::with_capacity(4 * self.cells.len());
        let mut across = Vec::with_capacity(2 * self.cells.len());
        let mut down = Vec::with_capacity(2 * self.cells.len());
        for c in &self.cells {
            let (r, k) = (c.row, c.col);
            corners.extend([key(r, k), key(r, k + 1), key(r + 1, k), key(r + 1, k + 1)]);
            across.extend([key(r, k), key(r + 1, k)]);
            down.extend([key(r, k), key(r, k + 1)]);
        }
        let distinct = |mut v: Vec<u64>| {
            v.sort_unstable();
            v.dedup();
            v.len() as i64
        };
        let euler = distinct(corners) - distinct(across) - distinct(down) + self.cells.len() as i64;
        let pieces = self.corner_connected_pieces() as i64;
        // b1 = b0 − χ ≥ 0.
        (pieces - euler) as usize
    }

    /// Number of pieces of the shape when cells meeting at a corner count as connected
    /// (union–find over the sorted cells, O(n log n)).
    fn corner_connected_pieces(&self) -> usize {
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let n = self.cells.len();
        let mut parent: Vec<usize> = (0..n).collect();
        let mut pieces = n;
        for (i, c) in self.cells.iter().enumerate() {
            // The later neighbours in row-major order: right, and the three below.
            let later = [(0, 1), (1, -1), (1, 0), (1, 1)];
            for (dr, dc) in later {
                let (Some(r), Some(k)) = (c.row.checked_add(dr), c.col.checked_add(dc)) else {
                    continue;
                };
                if let Ok(j) = self.cells.binary_search(&Cell::new(r, k)) {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    if a != b {
                        parent[a] = b;
                        pieces -= 1;
                    }
                }
            }
        }
        pieces
    }

    /// The shape after `t` (about the origin), normalised again.
    ///
    /// ```
    /// use polyomino::{CellSet, Transform};
    /// let l = CellSet::parse("#.\n#.\n##")?;
    /// assert_eq!(l.transform(Transform::Rotate90).to_string(), "..#\n###");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    #[must_use]
    pub fn transform(&self, t: Transform) -> CellSet {
        self.transform_with_corner(t).0
    }

    /// `transform`, also returning the corner subtracted after applying `t` to each cell.
    pub(crate) fn transform_with_corner(&self, t: Transform) -> (CellSet, Cell) {
        let cells: Cells = self.cells.iter().map(|&c| t.apply(c)).collect();
        // Coordinates of a normalised shape are in 0..=i32::MAX, so their images fit too and the
        // span is unchanged.
        CellSet::normalise(cells).expect("a transformed shape is non-empty and keeps its span")
    }
}

/// Cells in the runs `(row, first col, last col)`.
fn run_cells(runs: &[(i32, i32, i32)]) -> u64 {
    runs.iter()
        .map(|&(_, first, last)| u64::from(last.abs_diff(first)) + 1)
        .sum()
}

/// `(min_row, max_row, min_col, max_col)`, or `None` for no cell.
fn bounds(cells: &[Cell]) -> Option<(i32, i32, i32, i32)> {
    let first = cells.first()?;
    Some(cells.iter().fold(
        (first.row, first.row, first.col, first.col),
        |(a, b, c, d), x| (a.min(x.row), b.max(x.row), c.min(x.col), d.max(x.col)),
    ))
}

impl FromStr for CellSet {
    type Err = ShapeError;
    fn from_str(s: &str) -> Result<CellSet, ShapeError> {
        CellSet::parse(s)
    }
}

impl fmt::Display for CellSet {
    /// The drawing of [`to_ascii`](CellSet::to_ascii) with `#` and `.` when it has at most
    /// [`DISPLAY_MAX_CHARS`](CellSet::DISPLAY_MAX_CHARS) characters, else the cell list
    /// `{(r, c), ...}` (O(cells), whatever the bounding box); [`parse`](CellSet::parse) and
    /// `FromStr` read both back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.drawing_fits() {
            f.write_str(&self.to_ascii('#', '.'))
        } else {
            ascii::write_list(f, &self.cells, None)
        }
    }
}

/// Bounding boxes up to this many cells are drawn by `Debug`; larger ones list their cells.
pub(crate) const DEBUG_DRAW_LIMIT: i64 = 4096;

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.debug_as("CellSet", f)
    }
}

impl CellSet {
    /// Whether `Display` draws the shape (its drawing has at most `DISPLAY_MAX_CHARS`
    /// characters) rather than listing its cells.
    pub(crate) fn drawing_fits(&self) -> bool {
        ascii::drawing_chars(self.height(), self.width()) <= CellSet::DISPLAY_MAX_CHARS as u64
    }

    /// `Debug` under the type name `name`: the drawing with rows joined by `/` when the
    /// bounding box has at most `DEBUG_DRAW_LIMIT` cells, else the cell list.
    pub(crate) fn debug_as(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if i64::from(self.height()) * i64::from(self.width()) <= DEBUG_DRAW_LIMIT {
            let art = self.to_ascii('#', '.').replace('\n', "/");
            write!(f, "{name}({art:?})")
        } else {
            f.debug_tuple(name).field(&self.cells).finish()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_are_typed() {
        assert_eq!(CellSet::parse(""), Err(ShapeError::Empty));
        assert_eq!(CellSet::parse("...\n..."), Err(ShapeError::Empty));
        assert_eq!(
            CellSet::parse("#.\n#x"),
            Err(ShapeError::UnexpectedChar {
                ch: 'x',
                line: 2,
                column: 2
            })
        );
        assert_eq!(
            CellSet::parse_with("#", '#', '#'),
            Err(ShapeError::BadGlyphs)
        );
    }

    #[test]
    fn indented_text_and_ragged_rows() {
        let p = CellSet::parse(
            "
            #
            ###
            ",
        )
        .unwrap();
        assert_eq!(p.to_string(), "#..\n###");
    }

    #[test]
    fn spans_beyond_i32_are_rejected() {
        let far = [Cell::new(i32::MIN, 0), Cell::new(i32::MAX, 0)];
        assert_eq!(CellSet::from_cells(far), Err(ShapeError::TooLarge));
        let edge = [Cell::new(0, 0), Cell::new(0, i32::MAX)];
        assert_eq!(CellSet::from_cells(edge), Err(ShapeError::TooLarge));
        let wide = CellSet::from_cells([Cell::new(0, 0), Cell::new(0, i32::MAX - 1)]).unwrap();
        assert_eq!(wide.width(), i32::MAX);
        assert_eq!(wide.transform(Transform::Rotate90).height(), i32::MAX);
    }

    #[test]
    fn connectivity_and_holes() {
        let ring = CellSet::parse("###\n#.#\n###").unwrap();
        assert!(ring.is_connected());
        assert_eq!(ring.holes(), vec![Cell::new(1, 1)]);
        let diag = CellSet::parse("#.\n.#").unwrap();
        assert!(!diag.is_connected());
        assert!(diag.holes().is_empty());
        // A 5×5 ring with a 3×3 hole.
        let big = CellSet::parse("#####\n#...#\n#...#\n#...#\n#####").unwrap();
        assert_eq!(big.holes().len(), 9);
        // A C shape has no hole.
        let c = CellSet::parse("###\n#..\n###").unwrap();
        assert!(c.holes().is_empty());
    }
}
