//! Perft: the number of legal placement sequences of a given length, the move generator's
//! standard self-check (as in chess engines).

use super::Position;

/// The number of sequences of `depth` placements playable from `pos`, each made by the colour
/// to move at that point (a colour without a legal move is skipped, as in play). Sequences
/// cut short by the end of the game are not counted. The position is restored on return.
///
/// The last level is counted without playing its moves ("bulk counting").
///
/// ```
/// use grid_games::blokus::{perft, Position, Variant};
/// let mut pos = Position::new(Variant::Classic);
/// assert_eq!(perft(&mut pos, 2), 3_364);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some(colour) = pos.colour_to_move() else {
        return 0;
    };
    if depth == 1 {
        return pos.count_legal_moves(colour) as u64;
    }
    let mut moves = Vec::new();
    pos.legal_moves_of(colour, &mut moves);
    let mut total = 0;
    for m in moves {
        pos.apply(colour, m.id());
        total += perft(pos, depth - 1);
        pos.undo().expect("a move was just played");
    }
    total
}
