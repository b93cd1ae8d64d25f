//! [`Placement`]: one way to put a piece on a board.

use crate::{Bitboard, Cell, Transform};

/// A piece put on a board: which piece, in which orientation, where, and the cells it covers.
///
/// The oriented shape is `piece.transform(transform)` (normalised), and its cell `(0, 0)`-based
/// frame is moved by `offset`; `mask` holds the covered cells. Testing a placement against the
/// occupied cells is one [`Bitboard::is_disjoint`] over the piece's rows.
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
    #[inline]
    pub fn piece(&self) -> usize {
        self.piece
    }

    /// The transform applied to the piece (the first one, in index order, giving this
    /// orientation).
    #[inline]
    pub fn transform(&self) -> Transform {
        self.transform
    }

    /// Where the oriented shape's bounding-box corner lands on the board.
    #[inline]
    pub fn offset(&self) -> Cell {
        self.offset
    }

    /// The covered cells.
    #[inline]
    pub fn mask(&self) -> &Bitboard {
        &self.mask
    }

    /// Whether the placement avoids every cell of `occupied`. O(rows of the piece).
    #[inline]
    pub fn fits(&self, occupied: &Bitboard) -> bool {
        self.mask.is_disjoint(occupied)
    }
}
