//! [`Placement`]: one way to put a piece on a board.

use crate::{Bitboard, Cell, Transform};

/// A piece put on a board: which piece, in which orientation, where, and the cells it covers.
///
/// The oriented shape is `piece.transform(transform)` (normalised), and its cell `(0, 0)`-based
/// frame is moved by `offset`; `mask` holds the covered cells. Testing a placement against the
/// occupied cells is one [`Bitboard::is_disjoint`] over the piece's rows.
///
/// ```
/// use polyomino::{Board, Cell, Equivalence, Polyomino, Transform};
/// let board = Board::new(4, 4)?;
/// let l = Polyomino::parse("#.\n##")?;
/// let all = board.placements_of(&[l.clone()], Equivalence::Free);
/// let p = &all[0];
/// assert_eq!((p.piece(), p.transform(), p.offset()), (0, Transform::Identity, Cell::new(0, 0)));
/// assert_eq!(p.mask().iter().collect::<Vec<_>>(), [Cell::new(0, 0), Cell::new(1, 0), Cell::new(1, 1)]);
/// // 4 orientations × 9 positions of their 2 × 2 boxes:
/// assert_eq!(all.len(), 36);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    piece: usize,
    transform: Transform,
    offset: Cell,
    mask: Bitboard,
}

impl Placement {
    pub(crate) fn new(
        piece: usize,
        transform: Transform,
        offset: Cell,
        mask: Bitboard,
    ) -> Placement {
        Placement {
            piece,
            transform,
            offset,
            mask,
        }
    }

    /// Index of the piece in the slice given to [`Board::placements_of`](crate::Board::placements_of).
    ///
    /// ```
    /// use polyomino::{Board, Equivalence, Polyomino};
    /// let board = Board::new(2, 2)?;
    /// let pieces = [Polyomino::parse("##")?, Polyomino::parse("#.\n##")?];
    /// let all = board.placements_of(&pieces, Equivalence::Free);
    /// // Dominoes: 2 horizontal + 2 vertical; L trominoes: 4 orientations with 1 position each.
    /// assert_eq!(all.iter().filter(|p| p.piece() == 0).count(), 4);
    /// assert_eq!(all.iter().filter(|p| p.piece() == 1).count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn piece(&self) -> usize {
        self.piece
    }

    /// The transform applied to the piece (the first one, in index order, giving this
    /// orientation).
    ///
    /// ```
    /// use polyomino::{Board, Equivalence, Polyomino, Transform};
    /// let board = Board::new(1, 3)?;
    /// let vertical = Polyomino::parse("#\n#")?;
    /// let all = board.placements_of(&[vertical], Equivalence::Free);
    /// // Only a quarter turn makes it fit a 1 × 3 board:
    /// assert_eq!(all.len(), 2);
    /// assert!(all.iter().all(|p| p.transform() == Transform::Rotate90));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn transform(&self) -> Transform {
        self.transform
    }

    /// Where the oriented shape's bounding-box corner lands on the board.
    ///
    /// ```
    /// use polyomino::{Board, Cell, Polyomino};
    /// let board = Board::parse("#..\n...")?;
    /// let domino = Polyomino::parse("##")?;
    /// let offsets: Vec<Cell> = board.placements(&domino).iter().map(|p| p.offset()).collect();
    /// assert_eq!(offsets, [Cell::new(0, 1), Cell::new(1, 0), Cell::new(1, 1)]);
    /// assert_eq!(offsets, board.placement_offsets(&domino));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn offset(&self) -> Cell {
        self.offset
    }

    /// The covered cells.
    ///
    /// ```
    /// use polyomino::{Board, Cell, Polyomino};
    /// let board = Board::new(3, 3)?;
    /// let l = Polyomino::parse("#.\n##")?;
    /// let p = &board.placements(&l)[3];
    /// assert_eq!(p.offset(), Cell::new(1, 1));
    /// assert_eq!(p.mask().iter().collect::<Vec<_>>(), [Cell::new(1, 1), Cell::new(2, 1), Cell::new(2, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn mask(&self) -> &Bitboard {
        &self.mask
    }

    /// Whether the placement avoids every cell of `occupied`. O(rows of the piece).
    ///
    /// ```
    /// use polyomino::{Bitboard, Board, Equivalence, Polyomino};
    /// let board = Board::new(2, 3)?;
    /// let all = board.placements_of(&[Polyomino::parse("##")?], Equivalence::Free);
    /// assert_eq!(all.len(), 4 + 3);
    /// // Put the first domino down (top left, horizontal), then keep the placements still open:
    /// let mut occupied = Bitboard::new();
    /// occupied |= all[0].mask();
    /// let open: Vec<_> = all.iter().filter(|p| p.fits(&occupied)).collect();
    /// assert_eq!(open.len(), 3); // two in the bottom row, one upright in the last column
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn fits(&self, occupied: &Bitboard) -> bool {
        self.mask.is_disjoint(occupied)
    }
}
