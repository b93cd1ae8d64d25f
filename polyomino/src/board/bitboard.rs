//! [`Bitboard`]: a set of cells stored as one 64-bit word per row.
//!
//! # Layout and costs
//!
//! Bit `c` of word `r` is the cell `(r, c)`. A bitboard covers the half-strip of rows
//! `0..`[`Bitboard::MAX_ROWS`] and columns `0..64`, independent of any board size, so two
//! bitboards can always be combined; [`Board`](crate::Board) clips to its own shape.
//!
//! Only the rows between the first and the last non-empty row are stored (a *row window*,
//! inline up to six rows). A placement mask of a pentomino is therefore at most five words
//! wherever it sits, and every binary operation walks only the rows where both windows
//! overlap (for intersections and tests) or either window lies (for unions):
//!
//! | operation | cost |
//! |---|---|
//! | [`is_disjoint`](Bitboard::is_disjoint), `&` | O(overlapping rows) |
//! | [`is_subset`](Bitboard::is_subset) | O(rows of `self`) |
//! | `\|`, `-`, `^`, [`shift`](Bitboard::shift), dilations | O(rows of the result) |
//! | [`count`](Bitboard::count) | O(rows), one `popcnt` per word |
//! | [`contains`](Bitboard::contains), [`insert`](Bitboard::insert) | O(1) (insert may grow the window) |
//!
//! The window is kept trimmed (no empty first or last row), so equal sets have equal
//! representations and the derived `Eq`/`Hash` are set equality.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Sub, SubAssign};

use smallvec::SmallVec;

use crate::{BoardError, Cell};

/// A set of cells in rows `0..MAX_ROWS`, columns `0..64`, one `u64` per row.
///
/// ```
/// use polyomino::{Bitboard, Cell};
/// let mut a = Bitboard::new();
/// a.insert(Cell::new(3, 4))?;
/// let ring = a.edge_dilation();
/// assert_eq!(ring.count(), 5);
/// assert!(ring.contains(Cell::new(2, 4)));
/// let corners = a.corner_dilation() - &a;
/// assert_eq!(corners.iter().collect::<Vec<_>>(),
///            vec![Cell::new(2, 3), Cell::new(2, 5), Cell::new(4, 3), Cell::new(4, 5)]);
/// assert!(corners.is_disjoint(&ring.clone().difference(&a)));
/// # Ok::<(), polyomino::BoardError>(())
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Bitboard {
    /// Row index of `rows[0]`; 0 when empty.
    first: u32,
    /// Words of rows `first..first + rows.len()`, trimmed of empty ends.
    rows: SmallVec<[u64; 6]>,
}

impl Bitboard {
    /// Number of columns a bitboard can hold.
    pub const WIDTH: u32 = 64;
    /// Number of rows a bitboard can hold.
    pub const MAX_ROWS: u32 = 1 << 16;

    /// The empty set.
    ///
    /// ```
    /// use polyomino::Bitboard;
    /// let b = Bitboard::new();
    /// assert!(b.is_empty());
    /// assert_eq!(b.count(), 0);
    /// assert_eq!(b, Bitboard::default());
    /// ```
    #[inline]
    pub fn new() -> Bitboard {
        Bitboard::default()
    }

    /// The set with the given row words: bit `c` of `words[i]` is cell `(first + i, c)`.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// // Bit c of each word is column c: 0b101 holds columns 0 and 2.
    /// let b = Bitboard::from_rows(3, &[0b101, 0b010])?;
    /// assert_eq!(b.iter().collect::<Vec<_>>(), [Cell::new(3, 0), Cell::new(3, 2), Cell::new(4, 1)]);
    /// assert!(Bitboard::from_rows(Bitboard::MAX_ROWS, &[1]).is_err());
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    ///
    /// # Errors
    /// [`BoardError::OutsideBitboard`] if the rows pass [`Bitboard::MAX_ROWS`].
    pub fn from_rows(first: u32, words: &[u64]) -> Result<Bitboard, BoardError> {
        let end = u64::from(first) + words.len() as u64;
        if let Some(last) = words.iter().rposition(|&w| w != 0)
            && u64::from(first) + last as u64 >= u64::from(Bitboard::MAX_ROWS)
        {
            let row = i32::try_from(u64::from(first) + last as u64).unwrap_or(i32::MAX);
            return Err(BoardError::OutsideBitboard(Cell::new(row, 0)));
        }
        // Only empty rows lie past MAX_ROWS now; drop them before computing the window.
        let keep = words.len()
            - (end.saturating_sub(u64::from(Bitboard::MAX_ROWS)) as usize).min(words.len());
        let mut b = Bitboard {
            first: first.min(Bitboard::MAX_ROWS),
            rows: words[..keep].iter().copied().collect(),
        };
        b.trim();
        Ok(b)
    }

    /// The set of the given cells.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let b = Bitboard::from_cells([Cell::new(0, 0), Cell::new(1, 63), Cell::new(0, 0)])?;
    /// assert_eq!(b.count(), 2);
    /// assert!(Bitboard::from_cells([Cell::new(0, 64)]).is_err()); // columns are 0..64
    /// assert!(Bitboard::from_cells([Cell::new(-1, 0)]).is_err()); // rows start at 0
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    ///
    /// # Errors
    /// [`BoardError::OutsideBitboard`] for a cell outside rows `0..MAX_ROWS`, columns `0..64`.
    pub fn from_cells<I: IntoIterator<Item = Cell>>(cells: I) -> Result<Bitboard, BoardError> {
        let mut b = Bitboard::new();
        for c in cells {
            b.insert(c)?;
        }
        Ok(b)
    }

    /// One past the last stored row.
    #[inline]
    fn end(&self) -> u32 {
        self.first + self.rows.len() as u32
    }

    /// Drops empty rows at both ends of the window.
    fn trim(&mut self) {
        let lead = self.rows.iter().take_while(|&&w| w == 0).count();
        if lead == self.rows.len() {
            self.rows.clear();
            self.first = 0;
            return;
        }
        if lead > 0 {
            self.rows.drain(..lead);
            self.first += lead as u32;
        }
        while self.rows.last() == Some(&0) {
            self.rows.pop();
        }
    }

    /// Whether `cell` can be stored in a bitboard at all.
    #[inline]
    fn in_range(cell: Cell) -> bool {
        cell.row >= 0 && (cell.row as u32) < Bitboard::MAX_ROWS && (0..64).contains(&cell.col)
    }

    /// The word of row `r` (0 outside the window).
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let b = Bitboard::from_cells([Cell::new(2, 0), Cell::new(2, 3)])?;
    /// assert_eq!(b.row(2), 0b1001);
    /// assert_eq!(b.row(7), 0);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn row(&self, r: u32) -> u64 {
        r.checked_sub(self.first)
            .and_then(|i| self.rows.get(i as usize))
            .copied()
            .unwrap_or(0)
    }

    /// The stored rows as `(row, word)`, from the first to the last non-empty row (inner rows
    /// may be 0).
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let b = Bitboard::from_cells([Cell::new(1, 0), Cell::new(3, 1)])?;
    /// assert_eq!(b.rows().collect::<Vec<_>>(), [(1, 0b01), (2, 0), (3, 0b10)]);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    pub fn rows(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        (self.first..).zip(self.rows.iter().copied())
    }

    /// The row window `first..end` (empty range for the empty set).
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let b = Bitboard::from_cells([Cell::new(1, 0), Cell::new(3, 1)])?;
    /// assert_eq!(b.row_range(), 1..4);
    /// assert!(Bitboard::new().row_range().is_empty());
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn row_range(&self) -> core::ops::Range<u32> {
        self.first..self.end()
    }

    /// Whether `cell` is in the set (cells outside the representable range never are).
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let b = Bitboard::from_cells([Cell::new(1, 2)])?;
    /// assert!(b.contains(Cell::new(1, 2)));
    /// assert!(!b.contains(Cell::new(2, 1)));
    /// assert!(!b.contains(Cell::new(-1, 2))); // never stored, so never contained
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        Bitboard::in_range(cell) && self.row(cell.row as u32) >> cell.col & 1 == 1
    }

    /// Adds `cell`; returns whether it was new.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let mut b = Bitboard::new();
    /// assert!(b.insert(Cell::new(4, 5))?);
    /// assert!(!b.insert(Cell::new(4, 5))?); // already there
    /// assert!(b.insert(Cell::new(0, 64)).is_err());
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    ///
    /// # Errors
    /// [`BoardError::OutsideBitboard`] for a cell outside rows `0..MAX_ROWS`, columns `0..64`.
    pub fn insert(&mut self, cell: Cell) -> Result<bool, BoardError> {
        if !Bitboard::in_range(cell) {
            return Err(BoardError::OutsideBitboard(cell));
        }
        let r = cell.row as u32;
        if self.rows.is_empty() {
            self.first = r;
            self.rows.push(0);
        } else if r < self.first {
            let grow = (self.first - r) as usize;
            self.rows.insert_many(0, core::iter::repeat_n(0, grow));
            self.first = r;
        } else if r >= self.end() {
            let grow = (r - self.end() + 1) as usize;
            self.rows.extend(core::iter::repeat_n(0, grow));
        }
        let w = &mut self.rows[(r - self.first) as usize];
        let bit = 1u64 << cell.col;
        let new = *w & bit == 0;
        *w |= bit;
        Ok(new)
    }

    /// Removes `cell`; returns whether it was present.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let mut b = Bitboard::from_cells([Cell::new(0, 0), Cell::new(5, 5)])?;
    /// assert!(b.remove(Cell::new(5, 5)));
    /// assert!(!b.remove(Cell::new(5, 5)));
    /// assert_eq!(b, Bitboard::from_cells([Cell::new(0, 0)])?); // equal sets compare equal
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    pub fn remove(&mut self, cell: Cell) -> bool {
        if !self.contains(cell) {
            return false;
        }
        self.rows[(cell.row as u32 - self.first) as usize] &= !(1u64 << cell.col);
        self.trim();
        true
    }

    /// Number of cells.
    ///
    /// ```
    /// use polyomino::Board;
    /// let board = Board::parse("....\n.#..\n....")?;
    /// assert_eq!(board.usable().count(), 11);
    /// assert_eq!(board.blocked().count(), 1);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn count(&self) -> u32 {
        self.rows.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let mut b = Bitboard::from_cells([Cell::new(2, 2)])?;
    /// assert!(!b.is_empty());
    /// b.remove(Cell::new(2, 2));
    /// assert!(b.is_empty());
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The cells, row-major.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let b = Bitboard::from_cells([Cell::new(1, 5), Cell::new(0, 9), Cell::new(1, 0)])?;
    /// // Row-major order, whatever the insertion order:
    /// assert_eq!(b.iter().collect::<Vec<_>>(), [Cell::new(0, 9), Cell::new(1, 0), Cell::new(1, 5)]);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.rows().flat_map(|(r, mut w)| {
            core::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let c = w.trailing_zeros();
                w &= w - 1;
                Some(Cell::new(r as i32, c as i32))
            })
        })
    }

    /// Whether the two sets share no cell. O(overlapping rows).
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let top = Bitboard::from_rows(0, &[0b11])?;
    /// let below = Bitboard::from_rows(1, &[0b11])?;
    /// assert!(top.is_disjoint(&below));
    /// assert!(!top.edge_dilation().is_disjoint(&below)); // they share an edge
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn is_disjoint(&self, other: &Bitboard) -> bool {
        let (a, b) = self.overlap(other);
        a.iter().zip(b).all(|(x, y)| x & y == 0)
    }

    /// The words of both sets over the rows where their windows overlap (equal lengths).
    #[inline]
    fn overlap<'a>(&'a self, other: &'a Bitboard) -> (&'a [u64], &'a [u64]) {
        let lo = self.first.max(other.first);
        let hi = self.end().min(other.end());
        if lo >= hi {
            return (&[], &[]);
        }
        let a = &self.rows[(lo - self.first) as usize..(hi - self.first) as usize];
        let b = &other.rows[(lo - other.first) as usize..(hi - other.first) as usize];
        (a, b)
    }

    /// Whether every cell of `self` is in `other`. O(rows of `self`).
    ///
    /// ```
    /// use polyomino::{Bitboard, Board, Cell};
    /// let board = Board::parse("...\n.#.")?;
    /// let piece = Bitboard::from_cells([Cell::new(0, 0), Cell::new(0, 1)])?;
    /// assert!(piece.is_subset(board.usable()));
    /// let over = Bitboard::from_cells([Cell::new(0, 1), Cell::new(1, 1)])?;
    /// assert!(!over.is_subset(board.usable())); // (1, 1) is blocked
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[inline]
    pub fn is_subset(&self, other: &Bitboard) -> bool {
        self.rows().all(|(r, w)| w & !other.row(r) == 0)
    }

    /// Builds the set of rows `lo..hi` with `f(r)` as the word of row `r`.
    fn build(lo: u32, hi: u32, f: impl Fn(u32) -> u64) -> Bitboard {
        let mut b = Bitboard {
            first: lo,
            rows: (lo..hi.max(lo)).map(f).collect(),
        };
        b.trim();
        b
    }

    /// The window covering both operands.
    fn hull(&self, other: &Bitboard) -> (u32, u32) {
        match (self.is_empty(), other.is_empty()) {
            (true, _) => (other.first, other.end()),
            (_, true) => (self.first, self.end()),
            _ => (self.first.min(other.first), self.end().max(other.end())),
        }
    }

    /// Cells in either set.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let a = Bitboard::from_cells([Cell::new(0, 0)])?;
    /// let b = Bitboard::from_cells([Cell::new(9, 9)])?;
    /// let both = a.union(&b);
    /// assert_eq!(both.count(), 2);
    /// assert_eq!(both, &a | &b); // the operator form
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[must_use]
    pub fn union(&self, other: &Bitboard) -> Bitboard {
        let (lo, hi) = self.hull(other);
        Bitboard::build(lo, hi, |r| self.row(r) | other.row(r))
    }

    /// Cells in both sets.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let row0 = Bitboard::from_rows(0, &[0b1111])?;
    /// let col1 = Bitboard::from_cells((0..4).map(|r| Cell::new(r, 1)))?;
    /// assert_eq!(row0.intersection(&col1).iter().collect::<Vec<_>>(), [Cell::new(0, 1)]);
    /// assert_eq!(row0.intersection(&col1), &row0 & &col1);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[must_use]
    pub fn intersection(&self, other: &Bitboard) -> Bitboard {
        let lo = self.first.max(other.first);
        let hi = self.end().min(other.end());
        Bitboard::build(lo, hi, |r| self.row(r) & other.row(r))
    }

    /// Cells of `self` not in `other`.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let square = Bitboard::from_rows(0, &[0b11, 0b11])?;
    /// let corner = Bitboard::from_cells([Cell::new(0, 0)])?;
    /// let l_tromino = square.difference(&corner);
    /// assert_eq!(l_tromino.count(), 3);
    /// assert_eq!(l_tromino, square - &corner);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[must_use]
    pub fn difference(&self, other: &Bitboard) -> Bitboard {
        Bitboard::build(self.first, self.end(), |r| self.row(r) & !other.row(r))
    }

    /// Cells in exactly one of the sets.
    ///
    /// ```
    /// use polyomino::Bitboard;
    /// let a = Bitboard::from_rows(0, &[0b0110])?;
    /// let b = Bitboard::from_rows(0, &[0b0011])?;
    /// assert_eq!(a.symmetric_difference(&b), Bitboard::from_rows(0, &[0b0101])?);
    /// assert_eq!(&a ^ &b, a.symmetric_difference(&b));
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[must_use]
    pub fn symmetric_difference(&self, other: &Bitboard) -> Bitboard {
        let (lo, hi) = self.hull(other);
        Bitboard::build(lo, hi, |r| self.row(r) ^ other.row(r))
    }

    /// Every cell moved by `d_rows` rows and `d_cols` columns. Cells that leave the
    /// representable half-strip (negative rows, rows past `MAX_ROWS`, columns outside `0..64`)
    /// are dropped, as with a chess bitboard shift.
    ///
    /// ```
    /// use polyomino::{Bitboard, Cell};
    /// let b = Bitboard::from_cells([Cell::new(0, 0), Cell::new(2, 63)])?;
    /// // One row down, one column right: (2, 63) falls off the right edge.
    /// assert_eq!(b.shift(1, 1), Bitboard::from_cells([Cell::new(1, 1)])?);
    /// assert_eq!(b.shift(-1, 0), Bitboard::from_cells([Cell::new(1, 63)])?);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[must_use]
    pub fn shift(&self, d_rows: i32, d_cols: i32) -> Bitboard {
        let shift_word = |w: u64| -> u64 {
            match d_cols {
                0 => w,
                d if d >= 64 || d <= -64 => 0,
                d if d > 0 => w << d,
                d => w >> -d,
            }
        };
        if self.is_empty() {
            return Bitboard::new();
        }
        let lo = i64::from(self.first) + i64::from(d_rows);
        let hi = i64::from(self.end()) + i64::from(d_rows);
        let lo_c = lo.clamp(0, i64::from(Bitboard::MAX_ROWS)) as u32;
        let hi_c = hi.clamp(0, i64::from(Bitboard::MAX_ROWS)) as u32;
        Bitboard::build(lo_c, hi_c, |r| {
            let src = i64::from(r) - i64::from(d_rows);
            shift_word(self.row(src as u32))
        })
    }

    /// The set together with every cell sharing an edge with it (von Neumann dilation).
    ///
    /// ```
    /// use polyomino::{Bitboard, Board, Cell};
    /// let board = Board::new(3, 3)?;
    /// let corner = Bitboard::from_cells([Cell::new(0, 0)])?;
    /// // The corner cell and its two neighbours on the board:
    /// assert_eq!(board.clip(&corner.edge_dilation()).count(), 3);
    /// // The flood fill of all usable cells reachable from the corner, one dilation per step:
    /// let mut reached = corner;
    /// loop {
    ///     let next = board.clip(&reached.edge_dilation());
    ///     if next == reached { break; }
    ///     reached = next;
    /// }
    /// assert_eq!(reached, *board.usable());
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[must_use]
    pub fn edge_dilation(&self) -> Bitboard {
        if self.is_empty() {
            return Bitboard::new();
        }
        let lo = self.first.saturating_sub(1);
        let hi = (self.end() + 1).min(Bitboard::MAX_ROWS);
        Bitboard::build(lo, hi, |r| {
            let w = self.row(r);
            let up = if r > 0 { self.row(r - 1) } else { 0 };
            w | w << 1 | w >> 1 | up | self.row(r + 1)
        })
    }

    /// The set together with the four diagonal neighbours of each of its cells. Edge
    /// neighbours are not added: take the union with [`edge_dilation`](Bitboard::edge_dilation)
    /// for the full 8-neighbourhood.
    ///
    /// Blokus attach points are `own.corner_dilation() − own.edge_dilation()`, clipped to the
    /// board and to free cells.
    ///
    /// ```
    /// use polyomino::{Bitboard, Board, Cell};
    /// let board = Board::new(5, 5)?;
    /// let own = Bitboard::from_cells([Cell::new(0, 0), Cell::new(0, 1)])?; // a domino in the corner
    /// let attach = board.clip(&(own.corner_dilation() - &own.edge_dilation()));
    /// assert_eq!(attach.iter().collect::<Vec<_>>(), [Cell::new(1, 2)]);
    /// # Ok::<(), polyomino::BoardError>(())
    /// ```
    #[must_use]
    pub fn corner_dilation(&self) -> Bitboard {
        if self.is_empty() {
            return Bitboard::new();
        }
        let lo = self.first.saturating_sub(1);
        let hi = (self.end() + 1).min(Bitboard::MAX_ROWS);
        Bitboard::build(lo, hi, |r| {
            let up = if r > 0 { self.row(r - 1) } else { 0 };
            let v = up | self.row(r + 1);
            self.row(r) | v << 1 | v >> 1
        })
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Cell> for Bitboard {
    /// Collects cells; cells outside the representable range are **skipped**. Use
    /// [`Bitboard::from_cells`] to have them reported as an error instead.
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Bitboard {
        let mut b = Bitboard::new();
        for c in iter {
            let _ = b.insert(c);
        }
        b
    }
}

macro_rules! binop {
    ($tr:ident, $m:ident, $f:ident, $atr:ident, $am:ident) => {
        impl $tr<&Bitboard> for &Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $m(self, rhs: &Bitboard) -> Bitboard {
                self.$f(rhs)
            }
        }
        impl $tr<&Bitboard> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $m(self, rhs: &Bitboard) -> Bitboard {
                self.$f(rhs)
            }
        }
        impl $atr<&Bitboard> for Bitboard {
            #[inline]
            fn $am(&mut self, rhs: &Bitboard) {
                *self = self.$f(rhs);
            }
        }
    };
}

binop!(BitOr, bitor, union, BitOrAssign, bitor_assign);
binop!(BitAnd, bitand, intersection, BitAndAssign, bitand_assign);
binop!(Sub, sub, difference, SubAssign, sub_assign);

binop!(
    BitXor,
    bitxor,
    symmetric_difference,
    BitXorAssign,
    bitxor_assign
);

#[cfg(test)]
mod tests {
    use super::*;

    fn bb(cells: &[(i32, i32)]) -> Bitboard {
        Bitboard::from_cells(cells.iter().map(|&(r, c)| Cell::new(r, c))).unwrap()
    }

    #[test]
    fn window_is_trimmed_so_equality_is_set_equality() {
        let mut a = bb(&[(5, 1), (9, 2)]);
        assert_eq!(a.row_range(), 5..10);
        assert!(a.remove(Cell::new(9, 2)));
        assert_eq!(a.row_range(), 5..6);
        assert_eq!(a, bb(&[(5, 1)]));
        assert!(a.remove(Cell::new(5, 1)));
        assert_eq!(a, Bitboard::new());
    }

    #[test]
    fn from_rows_checks_the_range() {
        assert!(Bitboard::from_rows(u32::MAX, &[1]).is_err());
        assert_eq!(Bitboard::from_rows(u32::MAX, &[0, 0]), Ok(Bitboard::new()));
        let b = Bitboard::from_rows(Bitboard::MAX_ROWS - 1, &[4, 0, 0]).unwrap();
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![Cell::new(65535, 2)]);
        assert_eq!(
            Bitboard::from_rows(3, &[0, 5, 0]).unwrap().row_range(),
            4..5
        );
    }

    #[test]
    fn out_of_range_cells_are_errors() {
        let mut a = Bitboard::new();
        assert!(a.insert(Cell::new(-1, 0)).is_err());
        assert!(a.insert(Cell::new(0, 64)).is_err());
        assert!(a.insert(Cell::new(0, 63)).unwrap());
        assert!(!a.insert(Cell::new(0, 63)).unwrap());
        assert!(!a.contains(Cell::new(0, 64)));
    }

    #[test]
    fn shifts_drop_cells_that_leave_the_strip() {
        let a = bb(&[(0, 0), (1, 63), (2, 5)]);
        assert_eq!(a.shift(1, 1), bb(&[(1, 1), (3, 6)]));
        assert_eq!(a.shift(-1, -1), bb(&[(0, 62), (1, 4)]));
        assert_eq!(a.shift(0, 64), Bitboard::new());
    }

    #[test]
    fn dilations_at_the_edges() {
        let a = bb(&[(0, 0)]);
        assert_eq!(a.edge_dilation(), bb(&[(0, 0), (0, 1), (1, 0)]));
        assert_eq!(a.corner_dilation(), bb(&[(0, 0), (1, 1)]));
        let b = bb(&[(0, 63)]);
        assert_eq!(b.edge_dilation(), bb(&[(0, 63), (0, 62), (1, 63)]));
    }
}
