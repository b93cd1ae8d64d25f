use crate::blokus::{Move, Position};
use crate::game::{Bot, Budget, Game, Rng};

/// Plays a uniformly random legal move (seeded, so replayable).
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::RandomBot};
/// use grid_games::game::{Bot, Budget};
/// let pos = Position::new(Variant::Classic);
/// let m = RandomBot::new(3).choose(&pos, Budget::default()).unwrap();
/// assert!(pos.legal_moves().contains(&m));
/// ```
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
    moves: Vec<Move>,
}

impl RandomBot {
    /// A random bot with its own seed.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::RandomBot};
    /// use grid_games::game::{Bot, Budget};
    /// // The same seed plays the same moves.
    /// let pos = Position::new(Variant::Duo);
    /// let a = RandomBot::new(5).choose(&pos, Budget::default());
    /// let b = RandomBot::new(5).choose(&pos, Budget::default());
    /// assert_eq!(a, b);
    /// ```
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::seed_from(seed),
            moves: Vec::new(),
        }
    }
}

impl Bot<Position> for RandomBot {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, game: &Position, _budget: Budget) -> Option<Move> {
        game.legal_actions(&mut self.moves);
        self.rng.choose(&self.moves).copied()
    }
}
