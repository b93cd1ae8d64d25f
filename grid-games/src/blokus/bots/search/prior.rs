//! Move priors: a cheap static score of every legal move, turned into the value a new tree
//! node starts from, and the opening rule that leaves small pieces for later.
//!
//! The score of a move `m` of colour `c` is a weighted sum of features (after Pentobi's move
//! features; the weights are [`PriorWeights`]):
//!
//! ```text
//! h(m) = piece[shape of m] + size · (squares of m)
//!      + blocking · (cells of m on a live attach point of an opponent)
//!      + attach_gained · (corner neighbours of m that become new live attach points of c)
//!      − attach_spoiled · (live attach points of c that m makes unusable, edge-adjacent)
//!      − cell_spoiled · (other empty cells that m makes forbidden to c, edge-adjacent)
//!      + local · (cells of m on fresh attach points of the opponents' last three moves)
//!      + opponent_contact · (edge neighbours of m held by an opponent)
//!      − centre_distance · (rows or columns from the centre to m's nearest cell,
//!                           while c has placed fewer than three pieces)
//!      + near_blocking · (other cells of m on an edge neighbour of such an attach point)
//!      + corner_open[k] · (corner neighbours of m open to c with k edge neighbours open to c)
//!      + corner_own · (corner neighbours of m held by c)
//!      + corner_blocked · (corner neighbours of m forbidden to c, not held by it)
//!      + edge_dead · (empty edge neighbours of m already forbidden to c)
//! ```
//!
//! The last five terms are the rest of Pentobi's move features: a cell next to an
//! opponent's open corner blocks it as well (the opponent's piece would have to cover it),
//! and a corner is worth more the more room it leaves to grow from (`corner_open` by the
//! count of open edge neighbours, 0 to 4). Added to the first eight they lowered the
//! held-out cross-entropy from 3.689 to 3.572 nats and raised the score against Pentobi
//! level 5 at its own simulation counts from 35.4 % to 42.6 % (400 games each).
//!
//! The prior value is `0.1 + 0.9 · exp(−sharpness · (h_max − h))`: the best move by `h`
//! starts at 1. The default weights of Duo ([`PriorWeights::DUO`]) are a log-linear model
//! (sharpness 1) fitted by softmax regression to the bot's own searches: the root visit
//! counts, raised to the fourth power and normalised, of 3 000-simulation searches over 350
//! self-play Duo games (10 639 positions; 80 % to fit, 20 % held out; [`PriorWeights::fit`]
//! and the `blokus_fit_priors` example regenerate them: `--games 350 --iterations 3000`,
//! with the self-play searches using the weights fitted the same way to 1 000-simulation
//! searches before them). Against Pentobi level 5 they scored 3 to 4 points more than
//! those (the crate's guide has the measurements).
//! They say what a Blokus player would: keep the attach points you have (−1.3 per one
//! spoiled), place the big and awkward shapes early (V5, Z5, I5, L5, T5 before P, F, Y), take
//! the centre in the opening, answer the opponent's fresh corners and block the cells next
//! to them too, and prefer corners with room to grow. The first fitted weights (the first
//! eight features) scored 62 % against the hand-set ones ([`PriorWeights::HAND_SET`]) at
//! 100 simulations a move (400 Duo games, ± 4.7 %).
//!
//! The Classic board has weights of its own ([`PriorWeights::CLASSIC`], fitted the same way
//! to 350 self-play games of Classic two-player; [`PriorWeights::for_variant`] picks a
//! variant's weights, and a search uses them unless
//! [`SearchConfig::prior`](super::SearchConfig::prior) is set). Against Pentobi level 5 at
//! equal CPU they scored 45.7 % against 43.0 % for the Duo weights (600 Classic two-player
//! games each): a lean, not a proof.
//!
//! Cost: the per-cell values a cell, a corner neighbour and an edge neighbour of a move add
//! are computed once per expansion (O(board)) into arrays that a searcher keeps from one
//! expansion to the next ([`PriorScratch`]: no allocation, and reads that need no bounds
//! check); a move then costs about 25 table reads (O(moves · 25) per expansion).

use super::playout::{ALL_PIECES, CELLS, at_least, opening_pieces, playout_pieces};
use crate::blokus::table::edge_offsets;
use crate::blokus::{Colour, Move, MoveTable, Piece, Position, Variant};

/// The weights of the static move score behind [`SearchBot`](super::SearchBot)'s priors
/// (module docs of `search::prior`: piece and size, blocking, attach points gained and spoiled,
/// local replies, contact with the opponents, the distance from the centre in the opening).
///
/// ```
/// use grid_games::blokus::bots::{PriorWeights, SearchConfig};
/// use grid_games::blokus::Variant;
/// let mut config = SearchConfig::default();
/// assert_eq!(config.prior, None); // the weights fitted for the variant
/// let mut aggressive = PriorWeights::for_variant(Variant::Duo);
/// aggressive.blocking *= 2.0; // a more aggressive blocker
/// config.prior = Some(aggressive);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
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
    /// Per cell on a fresh attach point of the opponents' last moves (the last three plies):
    /// the local replies the playouts prefer.
    pub local: f32,
    /// Per edge neighbour of the move that an opponent's piece occupies.
    pub opponent_contact: f32,
    /// While the mover has placed fewer than three pieces, per row or column between the
    /// move's nearest cell and the centre of the board (subtracted).
    pub centre_distance: f32,
    /// Per cell of the move on an edge neighbour of an opponent's live attach point (a cell
    /// open to that opponent), when the cell is not such an attach point itself.
    pub near_blocking: f32,
    /// Per corner neighbour of the move that is open to the mover, by how many of its four
    /// edge neighbours are open to the mover (index 0 to 4): the room a new corner leaves.
    pub corner_open: [f32; 5],
    /// Per corner neighbour of the move held by the mover (the move's connections).
    pub corner_own: f32,
    /// Per corner neighbour of the move that is forbidden to the mover and not held by it.
    pub corner_blocked: f32,
    /// Per empty edge neighbour of the move that is already forbidden to the mover.
    pub edge_dead: f32,
    /// A bonus per piece, by [`Piece`] index: some shapes are worth placing early.
    pub piece: [f32; Piece::COUNT],
    /// How fast the prior value falls with the score's distance from the best move.
    pub sharpness: f32,
}

impl PriorWeights {
    /// The first hand-set weights (size 1, blocking 5, attach points gained 1 and spoiled 1,
    /// cells spoiled 0.2, sharpness 0.3, the other terms off), kept for comparison.
    ///
    /// ```
    /// use grid_games::blokus::bots::PriorWeights;
    /// let w = PriorWeights::HAND_SET;
    /// assert_eq!((w.size, w.blocking, w.local), (1.0, 5.0, 0.0));
    /// ```
    pub const HAND_SET: PriorWeights = PriorWeights {
        size: 1.0,
        blocking: 5.0,
        attach_gained: 1.0,
        attach_spoiled: 1.0,
        cell_spoiled: 0.2,
        local: 0.0,
        opponent_contact: 0.0,
        centre_distance: 0.0,
        near_blocking: 0.0,
        corner_open: [0.0; 5],
        corner_own: 0.0,
        corner_blocked: 0.0,
        edge_dead: 0.0,
        piece: [0.0; Piece::COUNT],
        sharpness: 0.3,
    };

    /// The weights fitted to the bot's own searches in Duo (module docs of `search::prior`),
    /// the default for Duo and Junior and of [`PriorWeights::default`].
    ///
    /// ```
    /// use grid_games::blokus::{Piece, Variant, bots::PriorWeights};
    /// let w = PriorWeights::DUO;
    /// assert_eq!(w, PriorWeights::for_variant(Variant::Duo));
    /// // Spoiling an own attach point costs more than a square of the piece gains.
    /// assert!(w.attach_spoiled > w.size);
    /// // The long I5 is worth placing before the P pentomino.
    /// let bonus = |name: &str| w.piece[name.parse::<Piece>().unwrap().index()];
    /// assert!(bonus("I5") > bonus("P"));
    /// ```
    pub const DUO: PriorWeights = PriorWeights {
        size: 0.66,
        blocking: 0.68,
        attach_gained: 0.39,
        attach_spoiled: 1.31,
        cell_spoiled: 0.58,
        local: 0.49,
        opponent_contact: 0.23,
        centre_distance: 0.58,
        near_blocking: 1.08,
        corner_open: [-0.25, -0.30, 0.11, 0.11, 0.25],
        corner_own: -0.04,
        corner_blocked: -0.28,
        edge_dead: 0.29,
        // V5, L5, Z5, N, W, X, F, I5, T5, Y, P, U, L4, I4, T4, Z4, O, V3, I3, 2, 1.
        piece: [
            0.95, 0.70, 0.83, 0.57, 0.39, 0.77, -0.39, 0.83, 0.59, -0.06, -0.80, 0.12, -0.81,
            -0.43, -0.62, -0.57, -0.78, -1.03, -0.89, -0.25, 0.64,
        ],
        sharpness: 1.0,
    };

    /// The weights fitted to the bot's own searches in Classic two-player (the same method
    /// as [`PriorWeights::DUO`] on the Classic board), the default for Classic, Classic
    /// two-player and Classic three-player: held out, 3.475 nats against 3.516 for the Duo
    /// weights fitted to 1 000-simulation searches. The board is larger and a colour's pieces
    /// meet the opponents later, so blocking counts for less (0.37 against 0.68 in Duo) and
    /// the long I5 for more.
    ///
    /// ```
    /// use grid_games::blokus::{Piece, Variant, bots::PriorWeights};
    /// let w = PriorWeights::CLASSIC;
    /// assert_eq!(w, PriorWeights::for_variant(Variant::Classic2));
    /// assert!(w.blocking < PriorWeights::DUO.blocking);
    /// ```
    pub const CLASSIC: PriorWeights = PriorWeights {
        size: 0.72,
        blocking: 0.37,
        attach_gained: 0.46,
        attach_spoiled: 1.10,
        cell_spoiled: 0.52,
        local: 0.47,
        opponent_contact: 0.05,
        centre_distance: 0.67,
        near_blocking: 0.61,
        corner_open: [-0.28, -0.16, 0.02, 0.08, 0.24],
        corner_own: 0.18,
        corner_blocked: -0.15,
        edge_dead: 0.08,
        // V5, L5, Z5, N, W, X, F, I5, T5, Y, P, U, L4, I4, T4, Z4, O, V3, I3, 2, 1.
        piece: [
            0.76, 0.65, 0.69, 0.25, 0.43, 0.42, -0.62, 1.61, 0.46, -0.04, -0.70, 0.11, -0.72, 0.02,
            -0.68, -0.64, -0.24, -1.01, -0.55, -0.34, 0.26,
        ],
        sharpness: 1.0,
    };

    /// The weights fitted for `variant`: [`PriorWeights::DUO`] for Duo and Junior (the
    /// 14×14 board), [`PriorWeights::CLASSIC`] for the variants on the Classic board. A
    /// [`SearchBot`](super::SearchBot) uses them unless
    /// [`SearchConfig::prior`](super::SearchConfig::prior) names others.
    ///
    /// ```
    /// use grid_games::blokus::{Variant, bots::PriorWeights};
    /// assert_eq!(PriorWeights::for_variant(Variant::Junior), PriorWeights::DUO);
    /// assert_eq!(PriorWeights::for_variant(Variant::Classic), PriorWeights::CLASSIC);
    /// ```
    pub fn for_variant(variant: Variant) -> PriorWeights {
        match variant {
            Variant::Duo | Variant::Junior => PriorWeights::DUO,
            Variant::Classic | Variant::Classic2 | Variant::Classic3 => PriorWeights::CLASSIC,
        }
    }

    /// The number of move features ([`PriorWeights::move_features`]): a one-hot of the 21
    /// pieces, then the size, the cells on opponents' live attach points, the attach points
    /// gained, the own attach points spoiled, the other cells spoiled, the cells on local
    /// points, the opponents' cells touched along an edge, while the mover has placed
    /// fewer than three pieces the distance of its nearest cell from the centre, the cells
    /// next to opponents' live attach points, the open corner neighbours by their open edge
    /// neighbours (five counts), the corner neighbours held by the mover, those forbidden to
    /// it, and the empty edge neighbours already forbidden to it.
    pub const FEATURES: usize = FEATURES;

    /// The weights as one vector over the [`move_features`](PriorWeights::move_features):
    /// the score of a move is the dot product (the spoiling and distance weights negated,
    /// as they are subtracted). [`sharpness`](PriorWeights::sharpness) is not part of it.
    ///
    /// ```
    /// use grid_games::blokus::bots::PriorWeights;
    /// let v = PriorWeights::DUO.to_vector();
    /// assert_eq!(v.len(), PriorWeights::FEATURES);
    /// assert_eq!(PriorWeights::from_vector(&v), PriorWeights::DUO);
    /// ```
    pub fn to_vector(&self) -> [f32; FEATURES] {
        let mut v = [0.0; FEATURES];
        v[..Piece::COUNT].copy_from_slice(&self.piece);
        v[SIZE] = self.size;
        v[BLOCKING] = self.blocking;
        v[GAINED] = self.attach_gained;
        v[ATTACH_SPOILED] = -self.attach_spoiled;
        v[CELL_SPOILED] = -self.cell_spoiled;
        v[LOCAL] = self.local;
        v[CONTACT] = self.opponent_contact;
        v[CENTRE] = -self.centre_distance;
        v[NEAR] = self.near_blocking;
        v[OPEN..OPEN + 5].copy_from_slice(&self.corner_open);
        v[CORNER_OWN] = self.corner_own;
        v[CORNER_BLOCKED] = self.corner_blocked;
        v[EDGE_DEAD] = self.edge_dead;
        v
    }

    /// The weights of a score vector over the [`move_features`](PriorWeights::move_features)
    /// (the inverse of [`to_vector`](PriorWeights::to_vector)), with sharpness 1: the
    /// priors then follow the log-linear model `exp(v · f)` the vector defines.
    pub fn from_vector(v: &[f32; FEATURES]) -> PriorWeights {
        let mut piece = [0.0; Piece::COUNT];
        piece.copy_from_slice(&v[..Piece::COUNT]);
        PriorWeights {
            size: v[SIZE],
            blocking: v[BLOCKING],
            attach_gained: v[GAINED],
            attach_spoiled: -v[ATTACH_SPOILED],
            cell_spoiled: -v[CELL_SPOILED],
            local: v[LOCAL],
            opponent_contact: v[CONTACT],
            centre_distance: -v[CENTRE],
            near_blocking: v[NEAR],
            corner_open: [v[OPEN], v[OPEN + 1], v[OPEN + 2], v[OPEN + 3], v[OPEN + 4]],
            corner_own: v[CORNER_OWN],
            corner_blocked: v[CORNER_BLOCKED],
            edge_dead: v[EDGE_DEAD],
            piece,
            sharpness: 1.0,
        }
    }

    /// The features of every move the search tree would consider for the colour to move in
    /// `pos` (its legal moves, less the small pieces the opening leaves out; none at the end
    /// of the game), in the order of [`Position::legal_moves`]. The score behind the priors
    /// is the dot product of a move's features with [`to_vector`](PriorWeights::to_vector).
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::PriorWeights};
    /// let pos = Position::new(Variant::Duo);
    /// let moves = PriorWeights::move_features(&pos);
    /// // The first round of Duo considers only the pentominoes.
    /// assert!(moves.iter().all(|(m, _)| pos.table().piece(*m).unwrap().size() == 5));
    /// assert!(moves.iter().all(|(_, f)| f.len() == PriorWeights::FEATURES));
    /// ```
    ///
    /// Cost: one legal-move generation and O(25) table reads per move.
    pub fn move_features(pos: &Position) -> Vec<(Move, [f32; FEATURES])> {
        let Some(colour) = pos.colour_to_move() else {
            return Vec::new();
        };
        let moves = pos.legal_moves();
        let pieces = considered_pieces(pos, &moves);
        let table = pos.table();
        let features = Features::new(pos, colour);
        moves
            .iter()
            .filter(|m| pieces >> table.piece_of(m.id()) & 1 == 1)
            .map(|m| (*m, features.of(m.id())))
            .collect()
    }
}

impl Default for PriorWeights {
    /// [`PriorWeights::DUO`] (a search's default is the variant's own weights,
    /// [`PriorWeights::for_variant`]).
    fn default() -> PriorWeights {
        PriorWeights::DUO
    }
}

/// The move features as a vector (the reference definition of the score, which the fast
/// [`Scorer`] is tested against, and the form the weights are fitted in): the piece
/// (one-hot), then the terms below.
mod index {
    use crate::blokus::Piece;
    pub(super) const FEATURES: usize = Piece::COUNT + 17;
    pub(super) const SIZE: usize = Piece::COUNT;
    pub(super) const BLOCKING: usize = SIZE + 1;
    pub(super) const GAINED: usize = SIZE + 2;
    pub(super) const ATTACH_SPOILED: usize = SIZE + 3;
    pub(super) const CELL_SPOILED: usize = SIZE + 4;
    pub(super) const LOCAL: usize = SIZE + 5;
    pub(super) const CONTACT: usize = SIZE + 6;
    pub(super) const CENTRE: usize = SIZE + 7;
    pub(super) const NEAR: usize = SIZE + 8;
    /// Five entries: the open corner neighbours by their count of open edge neighbours.
    pub(super) const OPEN: usize = SIZE + 9;
    pub(super) const CORNER_OWN: usize = SIZE + 14;
    pub(super) const CORNER_BLOCKED: usize = SIZE + 15;
    pub(super) const EDGE_DEAD: usize = SIZE + 16;
}
use index::*;

/// The pieces the tree considers as children in the opening (when the colour has a move of
/// one of them): in Duo and Junior the five-square pieces in the first two rounds and four
/// squares or more in the third; on the Classic board Pentobi's piece lists of the playouts'
/// first three rounds (`V5` and `Z5`, then the pentominoes but `F`, `P`, `T5`, `U`, `X`, then
/// but `P` and `U`); all pieces after.
pub(super) fn tree_pieces(pos: &Position) -> u32 {
    let round = pos.history().len() / pos.variant().colours();
    match (pos.variant(), round) {
        (Variant::Duo | Variant::Junior, 0 | 1) => at_least(5),
        (Variant::Duo | Variant::Junior, 2) => at_least(4),
        (Variant::Duo | Variant::Junior, _) => ALL_PIECES,
        (variant, 0..=2) => playout_pieces(&opening_pieces(variant), 1, round),
        _ => ALL_PIECES,
    }
}

/// The pieces whose moves among `moves` become children: [`tree_pieces`] when at least one
/// of `moves` is of such a piece, else every piece.
fn considered_pieces(pos: &Position, moves: &[Move]) -> u32 {
    let pieces = tree_pieces(pos);
    let table = pos.table();
    if moves
        .iter()
        .any(|m| pieces >> table.piece_of(m.id()) & 1 == 1)
    {
        pieces
    } else {
        ALL_PIECES
    }
}

/// The scratch space of [`priors`], kept by a searcher from one expansion to the next.
#[derive(Clone, Debug, Default)]
pub(super) struct PriorScratch {
    /// The fresh attach points of the opponents (see [`Features`]).
    local: Vec<bool>,
    scorer: Scorer,
}

/// For each move of `colour` in `moves`, its prior value in `(0, 1]`, written to `out`
/// (same order); moves of pieces outside [`tree_pieces`] get `None` when at least one move is
/// of such a piece.
pub(super) fn priors(
    pos: &Position,
    colour: Colour,
    moves: &[Move],
    w: &PriorWeights,
    out: &mut Vec<Option<f32>>,
    scratch: &mut PriorScratch,
) {
    let table = pos.table();
    let features = Features::new_in(pos, colour, std::mem::take(&mut scratch.local));
    let scorer = &mut scratch.scorer;
    scorer.prepare(&features, w);
    scratch.local = features.local;
    let pieces = considered_pieces(pos, moves);
    out.clear();
    let mut best = f32::NEG_INFINITY;
    for m in moves {
        if pieces >> table.piece_of(m.id()) & 1 == 0 {
            out.push(None);
            continue;
        }
        let h = scorer.score(table, m.id());
        best = best.max(h);
        out.push(Some(h));
    }
    for v in out.iter_mut().flatten() {
        *v = 0.1 + 0.9 * (-w.sharpness * (best - *v)).exp();
    }
}

/// A per-cell array of the scorer (indexed `q & (CELLS − 1)`, so without bounds checks).
type CellValues = Box<[f32; CELLS]>;

/// The score `w · features` of every move of one colour in one position, from per-cell
/// values computed once (Pentobi's point values): what a cell of the move, a corner neighbour
/// and an edge neighbour add. A move then costs about 25 table reads and no branch.
#[derive(Clone, Debug)]
struct Scorer {
    /// Per piece: its bonus plus the size term.
    piece: [f32; Piece::COUNT],
    /// Per padded cell: what covering it adds (blocking, near blocking, local).
    cell: CellValues,
    /// Per padded cell: what having it as a corner neighbour adds (an attach point gained,
    /// the corner's class).
    diag: CellValues,
    /// Per padded cell: what having it as an edge neighbour adds (spoiling, contact, a dead
    /// cell).
    adj: CellValues,
    /// Per padded cell: its distance from the centre (the move's nearest cell counts), for
    /// the variant `centre_of`.
    centre: CellValues,
    /// The variant whose distances `centre` holds.
    centre_of: Option<Variant>,
    /// Whether the distance counts (the opening).
    opening: bool,
    /// The weight of that distance (subtracted).
    centre_weight: f32,
}

impl Default for Scorer {
    fn default() -> Scorer {
        let zeros = || Box::new([0.0; CELLS]);
        Scorer {
            piece: [0.0; Piece::COUNT],
            cell: zeros(),
            diag: zeros(),
            adj: zeros(),
            centre: zeros(),
            centre_of: None,
            opening: false,
            centre_weight: 0.0,
        }
    }
}

impl Scorer {
    #[cfg(test)]
    fn new(f: &Features<'_>, w: &PriorWeights) -> Scorer {
        let mut scorer = Scorer::default();
        scorer.prepare(f, w);
        scorer
    }

    /// Sets the per-cell values for the moves `f` describes under the weights `w`.
    fn prepare(&mut self, f: &Features<'_>, w: &PriorWeights) {
        let pos = f.pos;
        let table = pos.table();
        let cells = (table.stride() * table.stride()).min(CELLS);
        let mut piece = w.piece;
        for (k, v) in piece.iter_mut().enumerate() {
            *v += w.size * piece_size(k) as f32;
        }
        self.piece = piece;
        let (cell, diag, adj) = (&mut *self.cell, &mut *self.diag, &mut *self.adj);
        cell[..cells].fill(0.0);
        diag[..cells].fill(0.0);
        adj[..cells].fill(0.0);
        let bit = f.bit;
        let edges = edge_offsets(table.stride());
        for q in 0..cells {
            let (forbidden, attach) = (pos.forbidden_at(q), pos.attach_at(q));
            let live = attach & !forbidden & f.opponents != 0;
            if live {
                cell[q] += w.blocking;
            }
            if f.local[q] {
                cell[q] += w.local;
            }
            if (forbidden | attach) & bit == 0 {
                diag[q] = w.attach_gained;
            }
            let owner = pos.owner_at(q);
            if forbidden & bit == 0 {
                // Open to the mover, so on the board: its edge neighbours are valid indices.
                let (open, near) = neighbours(pos, &edges, q, bit, f.opponents);
                diag[q] += w.corner_open[open];
                if near && !live {
                    cell[q] += w.near_blocking;
                }
                adj[q] -= if attach & bit != 0 {
                    w.attach_spoiled
                } else {
                    w.cell_spoiled
                };
            } else if owner.is_some_and(|o| 1 << o == bit) {
                diag[q] += w.corner_own;
            } else {
                diag[q] += w.corner_blocked;
                if owner.is_none() {
                    adj[q] += w.edge_dead;
                }
            }
            if owner.is_some_and(|o| f.opponents & (1 << o) != 0) {
                adj[q] += w.opponent_contact;
            }
        }
        self.opening = f.opening;
        self.centre_weight = w.centre_distance;
        if f.opening && self.centre_of != Some(pos.variant()) {
            // The distances depend on the board only: computed once per variant.
            let size = usize::from(pos.variant().size());
            self.centre[..cells].fill(f32::INFINITY);
            for row in 0..size {
                for col in 0..size {
                    let q = table.padded(crate::blokus::Point::new(col as u8, row as u8));
                    self.centre[q & (CELLS - 1)] = f.centre_of(col as u8, row as u8);
                }
            }
            self.centre_of = Some(pos.variant());
        }
    }

    /// The score of move `id` in `table` (the table of the position last prepared for).
    #[inline]
    fn score(&self, table: &MoveTable, id: usize) -> f32 {
        let k = table.piece_of(id);
        let cells = &table.cells_of(id)[..piece_size(k)];
        let at = |v: &[f32; CELLS], q: &u16| v[usize::from(*q) & (CELLS - 1)];
        let mut h = self.piece[k];
        h += cells.iter().map(|q| at(&self.cell, q)).sum::<f32>();
        h += table
            .diag_of(id)
            .iter()
            .map(|q| at(&self.diag, q))
            .sum::<f32>();
        h += table
            .adj_of(id)
            .iter()
            .map(|q| at(&self.adj, q))
            .sum::<f32>();
        if self.opening {
            let nearest = cells
                .iter()
                .map(|q| at(&self.centre, q))
                .fold(f32::INFINITY, f32::min);
            h -= self.centre_weight * nearest;
        }
        h
    }
}

/// What the features of the moves of one colour in one position read.
pub(super) struct Features<'a> {
    pos: &'a Position,
    /// The mover's colour bit.
    bit: u8,
    /// Bit `o` for every colour of another player.
    opponents: u8,
    /// The fresh attach points of the opponents' moves of the last three plies.
    local: Vec<bool>,
    /// Whether the mover has placed fewer than three pieces.
    opening: bool,
    /// Twice the centre's coordinate (the board's size minus one).
    centre2: i32,
}

impl<'a> Features<'a> {
    /// The context of the moves of `colour` in `pos`.
    pub(super) fn new(pos: &'a Position, colour: Colour) -> Features<'a> {
        Features::new_in(pos, colour, Vec::new())
    }

    /// [`new`](Self::new) with `local` (any contents) as the storage of the local points.
    pub(super) fn new_in(pos: &'a Position, colour: Colour, mut local: Vec<bool>) -> Features<'a> {
        let table = pos.table();
        let variant = pos.variant();
        let allies = pos.allies(colour.index());
        let opponents: u8 = (0..variant.colours())
            .filter(|&o| allies >> o & 1 == 0)
            .fold(0, |m, o| m | 1 << o);
        local.clear();
        local.resize(table.stride() * table.stride(), false);
        let plies = pos.history().len();
        for k in plies.saturating_sub(3)..plies {
            let (c, id) = pos.played(k);
            if opponents & (1 << c) == 0 {
                continue;
            }
            for &q in table.diag_of(id) {
                let q = usize::from(q);
                if pos.forbidden_at(q) & (1 << c) == 0 {
                    local[q] = true;
                }
            }
        }
        let placed = pos.pieces_placed(colour);
        Features {
            pos,
            bit: colour.bit(),
            opponents,
            local,
            opening: placed < 3,
            centre2: i32::from(variant.size()) - 1,
        }
    }

    /// The distance of cell (`col`, `row`) from the centre of the board, in rows or columns
    /// (the larger of the two; halves on boards of even size, whose centre lies between
    /// cells).
    fn centre_of(&self, col: u8, row: u8) -> f32 {
        let d = |x: u8| (2 * i32::from(x) - self.centre2).abs();
        d(col).max(d(row)) as f32 / 2.0
    }

    /// The features of move `id` (module docs): the piece one-hot, its size, the cells on
    /// opponents' attach points, the attach points gained, the own attach points and other
    /// cells spoiled, the cells on local points, the opponents' cells touched along an edge,
    /// in the opening the distance of the nearest cell from the centre, the cells next to
    /// opponents' attach points, the corner neighbours by class, and the dead edge
    /// neighbours.
    pub(super) fn of(&self, id: usize) -> [f32; FEATURES] {
        let pos = self.pos;
        let table = pos.table();
        let bit = self.bit;
        let piece = table.piece_of(id);
        let size = piece_size(piece);
        let mut f = [0.0; FEATURES];
        f[piece] = 1.0;
        f[SIZE] = size as f32;
        let mut nearest = f32::INFINITY;
        let edges = edge_offsets(table.stride());
        for &q in &table.cells_of(id)[..size] {
            let q = usize::from(q);
            if pos.attach_at(q) & !pos.forbidden_at(q) & self.opponents != 0 {
                f[BLOCKING] += 1.0;
            } else if neighbours(pos, &edges, q, bit, self.opponents).1 {
                // The move's cells are open to the mover, so on the board.
                f[NEAR] += 1.0;
            }
            if self.local[q] {
                f[LOCAL] += 1.0;
            }
            if self.opening {
                let p = table.point_of(q);
                nearest = nearest.min(self.centre_of(p.col, p.row));
            }
        }
        if self.opening {
            f[CENTRE] = nearest;
        }
        for &q in table.diag_of(id) {
            let q = usize::from(q);
            if (pos.forbidden_at(q) | pos.attach_at(q)) & bit == 0 {
                f[GAINED] += 1.0;
            }
            f[if pos.forbidden_at(q) & bit == 0 {
                OPEN + neighbours(pos, &edges, q, bit, self.opponents).0
            } else if pos.owner_at(q).is_some_and(|o| 1 << o == bit) {
                CORNER_OWN
            } else {
                CORNER_BLOCKED
            }] += 1.0;
        }
        for &q in table.adj_of(id) {
            let q = usize::from(q);
            if pos.forbidden_at(q) & bit == 0 {
                if pos.attach_at(q) & bit != 0 {
                    f[ATTACH_SPOILED] += 1.0;
                } else {
                    f[CELL_SPOILED] += 1.0;
                }
            }
            if pos
                .owner_at(q)
                .is_some_and(|o| self.opponents & (1 << o) != 0)
            {
                f[CONTACT] += 1.0;
            }
            if pos.forbidden_at(q) & bit != 0 && pos.owner_at(q).is_none() {
                f[EDGE_DEAD] += 1.0;
            }
        }
        f
    }
}

/// What the edge neighbours of padded cell `q` (on the board) say to a move of the colour
/// with bit `bit`: how many of them are open to that colour (0 to 4; the border around the
/// board is forbidden to every colour), and whether one of them is a live attach point of an
/// opponent (bits `opponents`) to whom `q` is open. `edges` are the board's
/// [`edge_offsets`].
#[inline(always)]
fn neighbours(
    pos: &Position,
    edges: &[isize; 4],
    q: usize,
    bit: u8,
    opponents: u8,
) -> (usize, bool) {
    let mut open = 0;
    let mut live = 0;
    for &d in edges {
        let p = q.wrapping_add_signed(d);
        let forbidden = pos.forbidden_at(p);
        open += usize::from(forbidden & bit == 0);
        live |= pos.attach_at(p) & !forbidden & opponents;
    }
    (open, live & !pos.forbidden_at(q) != 0)
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

    /// The priors of `moves` of `colour` under the default weights, from fresh scratch.
    fn default_priors(pos: &Position, colour: Colour, moves: &[Move]) -> Vec<Option<f32>> {
        let mut out = Vec::new();
        let mut scratch = PriorScratch::default();
        priors(
            pos,
            colour,
            moves,
            &PriorWeights::default(),
            &mut out,
            &mut scratch,
        );
        out
    }

    #[test]
    fn the_opening_keeps_only_pentominoes_and_the_best_move_scores_one() {
        let pos = Position::new(Variant::Duo);
        let colour = pos.colour_to_move().unwrap();
        let moves = pos.legal_moves();
        let out = default_priors(&pos, colour, &moves);
        assert_eq!(out.len(), moves.len());
        for (m, p) in moves.iter().zip(&out) {
            let size = piece_size(pos.table().piece_of(m.id()));
            assert_eq!(p.is_some(), size == 5, "{m:?}");
        }
        let best = out.iter().flatten().fold(0f32, |a, &b| a.max(b));
        assert!((best - 1.0).abs() < 1e-6);
        assert!(out.iter().flatten().all(|&v| v > 0.1 && v <= 1.0));
    }

    /// On the Classic board the tree's first round has only `V5` and `Z5`, the second the
    /// pentominoes but `F`, `P`, `T5`, `U`, `X`, the third all but `P` and `U` (whenever the
    /// colour has such a move), then every piece.
    #[test]
    fn the_classic_opening_keeps_pentobis_piece_lists() {
        let mut rng = crate::game::Rng::seed_from(4);
        for variant in [Variant::Classic, Variant::Classic2, Variant::Classic3] {
            let mut pos = Position::new(variant);
            for ply in 0..4 * variant.colours() {
                let Some(colour) = pos.colour_to_move() else {
                    break;
                };
                let moves = pos.legal_moves();
                let out = default_priors(&pos, colour, &moves);
                let round = ply / variant.colours();
                let expected = |name: &str, size: usize| match round {
                    0 => ["V5", "Z5"].contains(&name),
                    1 => size == 5 && !["F", "P", "T5", "U", "X"].contains(&name),
                    2 => size == 5 && !["P", "U"].contains(&name),
                    _ => true,
                };
                let piece = |m: &Move| pos.table().piece(*m).unwrap();
                let any = moves
                    .iter()
                    .any(|m| expected(piece(m).name(), piece(m).size()));
                for (m, p) in moves.iter().zip(&out) {
                    let want = !any || expected(piece(m).name(), piece(m).size());
                    assert_eq!(p.is_some(), want, "{variant} ply {ply}: {m:?}");
                }
                pos.play(moves[rng.index(moves.len())]).unwrap();
            }
        }
    }

    /// The score of move `id` of `colour` under the hand-set weights.
    fn score(pos: &Position, colour: Colour, id: usize) -> f32 {
        let f = Features::new(pos, colour).of(id);
        let w = PriorWeights::HAND_SET.to_vector();
        f.iter().zip(&w).map(|(a, b)| a * b).sum()
    }

    #[test]
    fn scores_derived_by_hand() {
        // Blue's monomino on e10, White's on j5.
        let mut pos = Position::new(Variant::Duo);
        pos.play(pos.parse_move("e10").unwrap()).unwrap();
        pos.play(pos.parse_move("j5").unwrap()).unwrap();
        let blue = pos.colour_to_move().unwrap();
        // The domino f9-f8: 2 squares; new attach points g10, e7, g7 (+3; e10 is occupied);
        // newly forbidden g9, e8, g8, f7 (-0.8; e9 and f10 already touch e10).
        let id = pos.parse_move("f9,f8").unwrap().id();
        assert!((score(&pos, blue, id) - 4.2).abs() < 1e-5);
        // The monomino d11: 1 square; new attach points c12, e12, c10 (+3); newly forbidden
        // c11, d12 (-0.4); e11 and d10 touch e10 already.
        let id = pos.parse_move("d11").unwrap().id();
        assert!((score(&pos, blue, id) - 3.6).abs() < 1e-5);
        // White after Blue's f9-f8. The monomino k6: new attach points l5, j7, l7 (+3; j5 is
        // occupied), newly forbidden l6, k7 (-0.4). The monomino g7 (checked as a score, not
        // played) covers Blue's live attach point g7 (+5), gains f6, h6, h8 (+3; f8 is
        // Blue's) and forbids f7, h7, g6, g8 (-0.8).
        let white = pos.variant().parse_colour("w").unwrap();
        pos.play(pos.parse_move("f9,f8").unwrap()).unwrap();
        let k6 = pos.parse_move("k6").unwrap().id();
        let g7 = pos.parse_move("g7").unwrap().id();
        assert!((score(&pos, white, k6) - 3.6).abs() < 1e-5);
        assert!((score(&pos, white, g7) - 8.2).abs() < 1e-5);
    }

    /// The per-cell scorer equals the weighted sum of the features, for every legal move of
    /// positions of random games, under random weights, in every variant.
    #[test]
    fn the_scorer_is_the_weighted_feature_sum() {
        let mut rng = crate::game::Rng::seed_from(11);
        for variant in Variant::ALL {
            let mut pos = Position::new(variant);
            let mut moves = Vec::new();
            while let Some(colour) = pos.to_move_with_moves(&mut moves) {
                let v: [f32; FEATURES] =
                    std::array::from_fn(|_| rng.index(2001) as f32 / 100.0 - 10.0);
                let w = PriorWeights::from_vector(&v);
                let features = Features::new(&pos, colour);
                let scorer = Scorer::new(&features, &w);
                let v = w.to_vector();
                for m in &moves {
                    let f = features.of(m.id());
                    let sum: f32 = f.iter().zip(&v).map(|(a, b)| a * b).sum();
                    let got = scorer.score(pos.table(), m.id());
                    assert!(
                        (sum - got).abs() < 1e-3 * (1.0 + sum.abs()),
                        "{variant} {m:?}: {sum} vs {got}"
                    );
                }
                pos.play(moves[rng.index(moves.len())]).unwrap();
            }
        }
    }

    #[test]
    fn corners_near_blocking_and_dead_edges_derived_by_hand() {
        // Blue's monomino on e10, White's on j5.
        let mut pos = Position::new(Variant::Duo);
        for m in ["e10", "j5"] {
            pos.play(pos.parse_move(m).unwrap()).unwrap();
        }
        let blue = pos.colour_to_move().unwrap();
        let f = Features::new(&pos, blue).of(pos.parse_move("f9,f8").unwrap().id());
        // The domino f9-f8: corner neighbours e10 (Blue's own), g10 (f10 touches e10: three
        // open edge neighbours), e7 and g7 (four each); e8, g8, e9, g9 touch the domino
        // along an edge and are no corners. Its empty edge neighbours e9 and f10 are
        // forbidden to Blue already (they touch e10). Nothing is next to White's corners.
        assert_eq!(f[OPEN..OPEN + 5], [0.0, 0.0, 0.0, 1.0, 2.0]);
        assert_eq!((f[CORNER_OWN], f[CORNER_BLOCKED]), (1.0, 0.0));
        assert_eq!((f[EDGE_DEAD], f[NEAR]), (2.0, 0.0));
        // White after Blue's f9-f8: Blue's live attach points are d9, d11, f11, g10, e7, g7.
        pos.play(pos.parse_move("f9,f8").unwrap()).unwrap();
        let white = pos.colour_to_move().unwrap();
        let f = Features::new(&pos, white).of(pos.parse_move("h7,i7,i6").unwrap().id());
        // The V3 h7-i7-i6 covers h7, an open edge neighbour of Blue's g7 (and no attach
        // point of Blue's). Its corners: j5 (White's own), g6 and j8 (four open edge
        // neighbours), g8 (f8 is Blue's: three) and h5 (i5 touches j5: three). Its empty
        // edge neighbours i5 and j6 touch j5.
        assert_eq!((f[NEAR], f[BLOCKING]), (1.0, 0.0));
        assert_eq!(f[OPEN..OPEN + 5], [0.0, 0.0, 0.0, 2.0, 2.0]);
        assert_eq!(
            (f[CORNER_OWN], f[CORNER_BLOCKED], f[EDGE_DEAD]),
            (1.0, 0.0, 2.0)
        );
        // The corner classes count every corner neighbour once, in every position of a
        // random game.
        let mut rng = crate::game::Rng::seed_from(3);
        let mut moves = Vec::new();
        while let Some(colour) = pos.to_move_with_moves(&mut moves) {
            let features = Features::new(&pos, colour);
            for m in &moves {
                let f = features.of(m.id());
                let corners = f[OPEN..=CORNER_BLOCKED].iter().sum::<f32>();
                assert_eq!(corners, pos.table().diag_of(m.id()).len() as f32, "{m:?}");
                assert!(
                    f[CORNER_OWN] >= 1.0,
                    "every move after the first touches its own"
                );
            }
            pos.play(moves[rng.index(moves.len())]).unwrap();
        }
    }

    #[test]
    fn local_contact_and_centre_derived_by_hand() {
        let mut pos = Position::new(Variant::Duo);
        for m in ["e10", "j5", "f9,f8"] {
            pos.play(pos.parse_move(m).unwrap()).unwrap();
        }
        let white = pos.colour_to_move().unwrap();
        let features = Features::new(&pos, white);
        let of = |m: &str| features.of(pos.parse_move(m).unwrap().id());
        // g7 is a fresh attach point of Blue's f9-f8 (local, and blocking) and touches no
        // Blue cell along an edge; f7 touches f8 along an edge but is no attach point.
        let (g7, f7) = (of("g7"), of("f7"));
        assert_eq!((g7[LOCAL], g7[BLOCKING], g7[CONTACT]), (1.0, 1.0, 0.0));
        assert_eq!((f7[LOCAL], f7[BLOCKING], f7[CONTACT]), (0.0, 0.0, 1.0));
        // White has placed one piece: the distance from the centre (6.5, 6.5 on the 14 × 14
        // board) counts. g7 is column 6 and row 6: half a row and column away; k6 is column 10,
        // row 5: 3.5 columns away.
        assert_eq!((g7[CENTRE], of("k6")[CENTRE]), (0.5, 3.5));
        // The piece one-hot and the size.
        let l5 = of("f7,g7,h7,i7,i8");
        let k = pos
            .table()
            .piece_of(pos.parse_move("f7,g7,h7,i7,i8").unwrap().id());
        assert_eq!(
            (l5[k], l5[..Piece::COUNT].iter().sum::<f32>(), l5[SIZE]),
            (1.0, 1.0, 5.0)
        );
        // After three pieces of its own the centre no longer counts.
        let mut rng = crate::game::Rng::seed_from(1);
        while Piece::COUNT as u32 - pos.unused_pieces(0).count_ones() < 3 {
            let moves = pos.legal_moves();
            pos.play(moves[rng.index(moves.len())]).unwrap();
        }
        let blue = Colour::new(0).unwrap();
        let features = Features::new(&pos, blue);
        let mut moves = Vec::new();
        pos.legal_moves_of(blue, &mut moves);
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|m| features.of(m.id())[CENTRE] == 0.0));
    }
}
