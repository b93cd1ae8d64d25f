//! Everything that can go wrong when reading or playing Blokus moves.

use thiserror::Error;

/// A refused Blokus input: bad notation or an illegal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BlokusError {
    /// Not a variant id or GTP game name.
    #[error("unknown variant {0:?} (expected duo, classic, classic_2 or a GTP game name)")]
    UnknownVariant(String),
    /// Not a colour name of this variant.
    #[error("unknown colour {0:?}")]
    UnknownColour(String),
    /// A cell is not a letter followed by a row number.
    #[error("malformed cell {0:?} (expected a column letter and a row number, like e10)")]
    BadPoint(String),
    /// A cell lies outside the board.
    #[error("cell {0:?} is off the board")]
    OffBoard(String),
    /// A move names the same cell twice.
    #[error("move {0:?} names a cell twice")]
    RepeatedCell(String),
    /// No piece has this name.
    #[error("no piece is called {0:?}")]
    UnknownPiece(String),
    /// The cells do not form one of the 21 pieces.
    #[error("cells {0:?} do not form a piece")]
    NotAPiece(String),
    /// `pass` is not a move: a colour without a legal move is skipped.
    #[error("pass is not a move (a colour without a legal move is skipped)")]
    PassNotSupported,
    /// The move belongs to another variant's table.
    #[error("the move belongs to another variant")]
    WrongVariant,
    /// Nobody can move any more.
    #[error("the game is over")]
    GameOver,
    /// The colour has already placed this piece.
    #[error("piece {0} is already used")]
    PieceUsed(&'static str),
    /// A cell is occupied.
    #[error("cell {0} is occupied")]
    Occupied(String),
    /// A cell shares an edge with the same colour.
    #[error("cell {0} touches the same colour along an edge")]
    TouchesOwnEdge(String),
    /// A first piece must cover the colour's starting cell.
    #[error("the first piece must cover the starting cell {0}")]
    MissesStart(String),
    /// A later piece must touch the same colour at a corner.
    #[error("the piece does not touch its own colour at a corner")]
    NoCornerContact,
    /// There is no move to undo.
    #[error("no move to undo")]
    NothingToUndo,
}
