//! Move priors: a cheap static score of every legal move, turned into the value a new tree
//! node starts from, and the opening rule that leaves small pieces for later.
//!
//! The score of a move `m` of colour `c` (after Pentobi's move features; the weights are
//! [`PriorWeights`], defaults in brackets):
//!
//! ```text
//! h(m) = size · [1]
//!      + blocking [5] · (cells of m on a live attach point of an opponent)
//!      + attach_gained [1] · (corner neighbours of m that become new live attach points of c)
//!      − attach_spoiled [1] · (live attach points of c that m makes unusable, edge-adjacent)
//!      − cell_spoiled [0.2] · (empty cells that m makes forbidden to c, edge-adjacent)
//! ```
//!
//! The prior value is `0.1 + 0.9 · exp(−sharpness · (h_max − h))` (sharpness 0.3): the best
//! move by `h` starts at 1, a move three points worse at about 0.46. Cost: O(moves · 20) cell
//! reads per expansion.

use crate::blokus::{Colour, Move, Piece, Position};

/// The weights of the static move score behind [`SearchBot`](super::SearchBot)'s priors
/// (module docs of `search::prior`: size, blocking, attach points gained and spoiled).
///
/// ```
/// use grid_games::blokus::bots::{PriorWeights, SearchConfig};
/// let mut config = SearchConfig::default();
/// assert_eq!(config.prior, PriorWeights::default());
/// config.prior.blocking = 8.0; // a more aggressive blocker
/// assert_eq!(config.prior.size, 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct PriorWeights {
    /// Per square of the piece.
    pub size: f32,
    /// Per cell covering a live attach point of an opponent.
    pub blocking: f32,
    /// Per new live attach point of the mover.
    pub attach_gained: f32,
    /// Per live attach point of the mover that the move spoils (touches along an edge).
    pub attach_spoiled: f32,
    /// Per empty cell the move makes forbidden to the mover.
    pub cell_spoiled: f32,
    /// How fast the prior value falls with the score's distance from the best move.
    pub sharpness: f32,
}

impl Default for PriorWeights {
    fn default() -> PriorWeights {
        PriorWeights {
            size: 1.0,
            blocking: 5.0,
            attach_gained: 1.0,
            attach_spoiled: 1.0,
            cell_spoiled: 0.2,
            sharpness: 0.3,
        }
    }
}

/// The smallest piece size worth considering at this point of the game, or 0: in the first
/// plies of every colour only five-square pieces, then four-square ones (Pentobi's rule).
pub(super) fn min_piece_size(pos: &Position) -> usize {
    let plies = pos.history().len();
    let per_round = pos.variant().colours();
    if plies < 2 * per_round {
        5
    } else if plies < 3 * per_round {
        4
    } else {
        0
    }
}

/// For each move of `colour` in `moves`, its prior value in `(0, 1]`, written to `out`
/// (same order); moves smaller than [`min_piece_size`] get `None` when at least one move is
/// large enough.
pub(super) fn priors(
    pos: &Position,
    colour: Colour,
    moves: &[Move],
    w: &PriorWeights,
    out: &mut Vec<Option<f32>>,
) {
    let table = pos.table();
    let variant = pos.variant();
    let me = variant.player_index(colour);
    let opponents: u8 = (0..variant.colours())
        .filter(|&o| o % variant.players() != me)
        .fold(0, |m, o| m | 1 << o);
    let min_size = min_piece_size(pos);
    let large_enough = moves
        .iter()
        .any(|m| piece_size(table.piece_of(m.id())) >= min_size);
    out.clear();
    let mut best = f32::NEG_INFINITY;
    for m in moves {
        let size = piece_size(table.piece_of(m.id()));
        if large_enough && size < min_size {
            out.push(None);
            continue;
        }
        let h = score(pos, colour, opponents, w, m.id());
        best = best.max(h);
        out.push(Some(h));
    }
    for v in out.iter_mut().flatten() {
        *v = 0.1 + 0.9 * (-w.sharpness * (best - *v)).exp();
    }
}

/// The static score `h` of move `id` for `colour` (module docs); `opponents` has bit `o` set
/// for every colour of another player.
fn score(pos: &Position, colour: Colour, opponents: u8, w: &PriorWeights, id: usize) -> f32 {
    let table = pos.table();
    let bit = colour.bit();
    let size = piece_size(table.piece_of(id));
    let mut h = w.size * size as f32;
    for &q in &table.cells_of(id)[..size] {
        let q = usize::from(q);
        if pos.attach_at(q) & !pos.forbidden_at(q) & opponents != 0 {
            h += w.blocking;
        }
    }
    for &q in table.diag_of(id) {
        let q = usize::from(q);
        if (pos.forbidden_at(q) | pos.attach_at(q)) & bit == 0 {
            h += w.attach_gained;
        }
    }
    for &q in table.adj_of(id) {
        let q = usize::from(q);
        if pos.forbidden_at(q) & bit == 0 {
            h -= if pos.attach_at(q) & bit != 0 {
                w.attach_spoiled
            } else {
                w.cell_spoiled
            };
        }
    }
    h
}

/// The number of squares of piece index `k`.
#[inline]
pub(super) fn piece_size(k: usize) -> usize {
    Piece::new(k).map_or(0, Piece::size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::Variant;

    #[test]
    fn the_opening_keeps_only_pentominoes_and_the_best_move_scores_one() {
        let pos = Position::new(Variant::Duo);
        let colour = pos.colour_to_move().unwrap();
        let moves = pos.legal_moves();
        let mut out = Vec::new();
        priors(&pos, colour, &moves, &PriorWeights::default(), &mut out);
        assert_eq!(out.len(), moves.len());
        for (m, p) in moves.iter().zip(&out) {
            let size = piece_size(pos.table().piece_of(m.id()));
            assert_eq!(p.is_some(), size == 5, "{m:?}");
        }
        let best = out.iter().flatten().fold(0f32, |a, &b| a.max(b));
        assert!((best - 1.0).abs() < 1e-6);
        assert!(out.iter().flatten().all(|&v| v > 0.1 && v <= 1.0));
    }

    #[test]
    fn scores_derived_by_hand() {
        // Blue's monomino on e10, White's on j5.
        let mut pos = Position::new(Variant::Duo);
        pos.play(pos.parse_move("e10").unwrap()).unwrap();
        pos.play(pos.parse_move("j5").unwrap()).unwrap();
        let blue = pos.colour_to_move().unwrap();
        let white_bit = 0b10;
        // The domino f9-f8: 2 squares; new attach points g10, e7, g7 (+3; e10 is occupied);
        // newly forbidden g9, e8, g8, f7 (-0.8; e9 and f10 already touch e10).
        let id = pos.parse_move("f9,f8").unwrap().id();
        assert!((score(&pos, blue, white_bit, &PriorWeights::default(), id) - 4.2).abs() < 1e-5);
        // The monomino d11: 1 square; new attach points c12, e12, c10 (+3); newly forbidden
        // c11, d12 (-0.4); e11 and d10 touch e10 already.
        let id = pos.parse_move("d11").unwrap().id();
        assert!((score(&pos, blue, white_bit, &PriorWeights::default(), id) - 3.6).abs() < 1e-5);
        // White after Blue's f9-f8. The monomino k6: new attach points l5, j7, l7 (+3; j5 is
        // occupied), newly forbidden l6, k7 (-0.4). The monomino g7 (checked as a score, not
        // played) covers Blue's live attach point g7 (+5), gains f6, h6, h8 (+3; f8 is
        // Blue's) and forbids f7, h7, g6, g8 (-0.8).
        let white = pos.variant().parse_colour("w").unwrap();
        pos.play(pos.parse_move("f9,f8").unwrap()).unwrap();
        let blue_bit = 0b01;
        let k6 = pos.parse_move("k6").unwrap().id();
        let g7 = pos.parse_move("g7").unwrap().id();
        assert!((score(&pos, white, blue_bit, &PriorWeights::default(), k6) - 3.6).abs() < 1e-5);
        assert!((score(&pos, white, blue_bit, &PriorWeights::default(), g7) - 8.2).abs() < 1e-5);
    }
}
