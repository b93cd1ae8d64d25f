use crate::game::{Bot, Budget, Rng};
use crate::paperio::{Position, Turn};

/// Turns at random: straight with probability 1/2, left and right 1/4 each (seeded).
///
/// ```
/// use grid_games::paperio::{Config, Position, bots::RandomBot};
/// use grid_games::game::{Bot, Budget, Rng};
/// let game = Position::random(Config::default(), &mut Rng::seed_from(3))?;
/// assert!(RandomBot::new(1).choose(&game, Budget::default()).is_some());
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A random walker with its own seed.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Position, bots::RandomBot};
    /// use grid_games::game::{Bot, Budget, Rng};
    /// let game = Position::random(Config::default(), &mut Rng::seed_from(3))?;
    /// let a = RandomBot::new(9).choose(&game, Budget::default());
    /// assert_eq!(a, RandomBot::new(9).choose(&game, Budget::default()));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::seed_from(seed),
        }
    }
}

impl Bot<Position> for RandomBot {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, _game: &Position, _budget: Budget) -> Option<Turn> {
        Some(match self.rng.below(4) {
            0 => Turn::Left,
            1 => Turn::Right,
            _ => Turn::Straight,
        })
    }
}
