//! The greedy scorer of a student report on Classic Blokus, generalised to every
//! variant.
//!
//! Every legal move gets
//!
//! ```text
//! score = 8 · cells
//!       + 9 · (own live attach points after − before)
//!       + 1 · (opponents' live attach points before − after)
//!       + phase term
//! ```
//!
//! and the best one is played. The report's phase term, read as follows:
//! * **early** (the colour has not yet reached the middle of the board): progress toward the
//!   centre, `d_before − d_after`, where `d` is the Euclidean distance from the board centre to
//!   the colour's *nearest* cell (the report's `middle()`, whose comment says "the distance of
//!   our cell nearest to the centre").
//! * **late**: depth toward the far corners, `e_after − e_before`, where `e` is the Euclidean
//!   distance from the colour's starting cell to its *farthest* cell (the report's
//!   `extendplace()` keeps the maximum): the deeper the colour reaches into the rest of the
//!   board, the better.
//!
//! The report does not say when the early phase ends; we end it once the colour's nearest cell
//! is within `size / 5` of the centre (4 cells on Classic, 2.8 on Duo) or after its 8th piece.
//! "Opponents" are the colours of the other players (a Classic two-player partner colour is
//! not an opponent). Ties are broken at random with the bot's seed.

use crate::blokus::{BlokusError, Colour, Move, Position};
use crate::game::{Bot, Budget, Game, Rng};

/// The weights of the heuristic (the report's values by default).
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::{HeuristicBot, HeuristicWeights}};
/// use grid_games::game::{Bot, Budget};
/// let mut weights = HeuristicWeights::default();
/// assert_eq!((weights.cells, weights.own_attach, weights.opponent_attach, weights.phase), (8.0, 9.0, 1.0, 1.0));
/// weights.opponent_attach = 4.0; // a more aggressive blocker
/// let mut bot = HeuristicBot::with_config(1, weights);
/// assert!(bot.choose(&Position::new(Variant::Duo), Budget::default()).is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct HeuristicWeights {
    /// Per square of the placed piece.
    pub cells: f64,
    /// Per own attach point gained.
    pub own_attach: f64,
    /// Per opponent attach point removed.
    pub opponent_attach: f64,
    /// Per unit of the phase term.
    pub phase: f64,
}

impl Default for HeuristicWeights {
    fn default() -> HeuristicWeights {
        HeuristicWeights {
            cells: 8.0,
            own_attach: 9.0,
            opponent_attach: 1.0,
            phase: 1.0,
        }
    }
}

/// The report's greedy bot: scores every legal move and plays the best.
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::HeuristicBot};
/// use grid_games::game::{Bot, Budget};
/// let pos = Position::new(Variant::Duo);
/// let m = HeuristicBot::new(0).choose(&pos, Budget::default()).unwrap();
/// assert_eq!(pos.table().piece(m).unwrap().size(), 5); // the opening favours a big piece
/// ```
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    weights: HeuristicWeights,
    rng: Rng,
    moves: Vec<Move>,
}

impl HeuristicBot {
    /// The report's weights, ties broken with `seed`.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::HeuristicBot};
    /// use grid_games::game::{Bot, Budget};
    /// let mut bot = HeuristicBot::new(3);
    /// assert_eq!(bot.name(), "heuristic");
    /// let pos = Position::new(Variant::Duo);
    /// let m = bot.choose(&pos, Budget::default());
    /// assert_eq!(m, HeuristicBot::new(3).choose(&pos, Budget::default())); // same seed, same move
    /// ```
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot::with_config(seed, HeuristicWeights::default())
    }

    /// Custom weights, ties broken with `seed`.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::{HeuristicBot, HeuristicWeights}};
    /// use grid_games::game::{Bot, Budget};
    /// // Only the size of the piece counts: the bot opens with a pentomino.
    /// let mut weights = HeuristicWeights::default();
    /// (weights.own_attach, weights.opponent_attach, weights.phase) = (0.0, 0.0, 0.0);
    /// let pos = Position::new(Variant::Duo);
    /// let m = HeuristicBot::with_config(0, weights).choose(&pos, Budget::default()).unwrap();
    /// assert_eq!(pos.table().piece(m)?.size(), 5);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn with_config(seed: u64, weights: HeuristicWeights) -> HeuristicBot {
        HeuristicBot {
            weights,
            rng: Rng::seed_from(seed),
            moves: Vec::new(),
        }
    }

    /// The score of every move in `moves` for `colour` in `pos`. Errors: a move that `colour`
    /// may not play there (the reason [`Position::check`] gives), an unknown colour.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::HeuristicBot};
    /// let pos = Position::new(Variant::Duo);
    /// let blue = Variant::Duo.parse_colour("b")?;
    /// let moves = [pos.parse_move("e10")?, pos.parse_move("e8,d9,e9,f9,e10")?];
    /// let scores = HeuristicBot::new(0).scores(&pos, blue, &moves)?;
    /// assert!(scores[1] > scores[0]); // the X beats the monomino
    /// // A move that is not legal there is refused.
    /// assert!(HeuristicBot::new(0).scores(&pos, blue, &[pos.parse_move("a1")?]).is_err());
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn scores(
        &self,
        pos: &Position,
        colour: Colour,
        moves: &[Move],
    ) -> Result<Vec<f64>, BlokusError> {
        for &m in moves {
            pos.check(colour, m)?;
        }
        let mut work = pos.clone();
        Ok(self.scores_of_legal(&mut work, colour, moves))
    }

    /// [`scores`](HeuristicBot::scores) for moves known to be legal; `pos` is restored.
    fn scores_of_legal(&self, pos: &mut Position, colour: Colour, moves: &[Move]) -> Vec<f64> {
        let v = pos.variant();
        let size = f64::from(v.size());
        let centre = (size - 1.0) / 2.0;
        let start = v.start_of(colour);
        let allies = pos.allies(colour.index());
        let opponents: Vec<usize> = v
            .all_colours()
            .map(Colour::index)
            .filter(|&c| allies >> c & 1 == 0)
            .collect();
        let dist = |col: u8, row: u8, x: f64, y: f64| {
            ((f64::from(col) - x).powi(2) + (f64::from(row) - y).powi(2)).sqrt()
        };
        let own_cells: Vec<(u8, u8)> = pos
            .history()
            .filter(|&(c, _)| c == colour)
            .flat_map(|(_, m)| pos.table().points_at(m.id()))
            .map(|p| (p.col, p.row))
            .collect();
        let near_centre = own_cells
            .iter()
            .map(|&(c, r)| dist(c, r, centre, centre))
            .fold(f64::INFINITY, f64::min);
        let reach = own_cells
            .iter()
            .map(|&(c, r)| dist(c, r, f64::from(start.col), f64::from(start.row)))
            .fold(0.0, f64::max);
        let early =
            own_cells.is_empty() || (near_centre > size / 5.0 && pos.pieces_placed(colour) < 8);
        let own_before = pos.live_attach_points(colour.index()) as f64;
        let opp_before: usize = opponents.iter().map(|&o| pos.live_attach_points(o)).sum();
        let w = self.weights;
        moves
            .iter()
            .map(|&m| {
                let points = pos.table().points_at(m.id());
                pos.apply(colour, m.id());
                let own_after = pos.live_attach_points(colour.index()) as f64;
                let opp_after: usize = opponents.iter().map(|&o| pos.live_attach_points(o)).sum();
                pos.undo().expect("just played");
                let phase = if early {
                    let after = points
                        .iter()
                        .map(|p| dist(p.col, p.row, centre, centre))
                        .fold(near_centre, f64::min);
                    if near_centre.is_finite() {
                        near_centre - after
                    } else {
                        0.0
                    }
                } else {
                    let after = points
                        .iter()
                        .map(|p| dist(p.col, p.row, f64::from(start.col), f64::from(start.row)))
                        .fold(reach, f64::max);
                    after - reach
                };
                w.cells * points.len() as f64
                    + w.own_attach * (own_after - own_before)
                    + w.opponent_attach * (opp_before as f64 - opp_after as f64)
                    + w.phase * phase
            })
            .collect()
    }
}

impl Bot<Position> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".to_string()
    }

    fn choose(&mut self, game: &Position, _budget: Budget) -> Option<Move> {
        let mut pos = game.clone();
        let colour = pos.colour_to_move()?;
        game.legal_actions(&mut self.moves);
        let scores = self.scores_of_legal(&mut pos, colour, &self.moves);
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let ties: Vec<Move> = self
            .moves
            .iter()
            .zip(&scores)
            .filter(|&(_, &s)| s >= best - 1e-9)
            .map(|(&m, _)| m)
            .collect();
        self.rng.choose(&ties).copied()
    }
}
