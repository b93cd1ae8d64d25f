//! The guard: the planner that also ambushes enemy trails from its land (see
//! [`PlannerConfig::guard`]), measured against the course's students.
//!
//! It plays exactly as a [`PlannerBot`] with the guard's tuning; it is a type of its own so
//! that it has its own name in matches, tournaments and the course AI (`guard`), and its own
//! defaults, which may move again as further ideas are measured.

use super::{PlannerBot, PlannerConfig};
use crate::game::{Bot, Budget};
use crate::paperio::{Position, Turn};

/// The planner tuned to play under pressure (see [`PlannerConfig::guard`]): at home while the
/// enemy is out, it walks over its land to an enemy trail cell it can reach within the
/// enemy's way home plus 40 plies and cuts it; with no loop to start it waits on its land as
/// near the enemy's trail as it can; behind on land in its last 600 moves it takes loops at
/// 40 % of the worst case instead of 75 %. The strongest paper.io bot of the crate against
/// the course's students. Deterministic, like the planner.
///
/// ```
/// use grid_games::paperio::{Config, Position, bots::{GuardBot, PlannerBot}};
/// use grid_games::game::{play_match, MatchRules, Rng};
/// let game = Position::random(Config::default(), &mut Rng::seed_from(5))?;
/// let (mut guard, mut planner) = (GuardBot::new(1), PlannerBot::new(2));
/// let record = play_match(game, &mut [&mut guard, &mut planner], MatchRules::default())?;
/// assert!(record.forfeit.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GuardBot {
    planner: PlannerBot,
}

impl GuardBot {
    /// The guard's tuning ([`PlannerConfig::guard`]). The seed is ignored, as the planner
    /// ignores it.
    ///
    /// ```
    /// use grid_games::paperio::bots::{GuardBot, PlannerConfig};
    /// assert_eq!(GuardBot::new(1).config(), PlannerConfig::guard());
    /// ```
    pub fn new(seed: u64) -> GuardBot {
        GuardBot::with_config(seed, PlannerConfig::guard())
    }

    /// Any tuning, under the guard's name.
    ///
    /// ```
    /// use grid_games::paperio::bots::{GuardBot, PlannerConfig};
    /// let mut config = PlannerConfig::guard();
    /// config.ambush = 0; // no ambushes
    /// assert_eq!(GuardBot::with_config(1, config).config().ambush, 0);
    /// ```
    pub fn with_config(seed: u64, config: PlannerConfig) -> GuardBot {
        GuardBot {
            planner: PlannerBot::with_config(seed, config),
        }
    }

    /// The tuning.
    ///
    /// ```
    /// use grid_games::paperio::bots::GuardBot;
    /// assert!(GuardBot::new(1).config().ambush > 0);
    /// ```
    pub fn config(&self) -> PlannerConfig {
        self.planner.config()
    }

    /// The rule that chose the last move ([`PlannerBot::last_decision`]).
    ///
    /// ```
    /// use grid_games::paperio::bots::GuardBot;
    /// assert_eq!(GuardBot::new(1).last_decision(), None); // no move yet
    /// ```
    pub fn last_decision(&self) -> Option<super::Decision> {
        self.planner.last_decision()
    }
}

impl Bot<Position> for GuardBot {
    fn name(&self) -> String {
        "guard".to_string()
    }

    fn choose(&mut self, game: &Position, budget: Budget) -> Option<Turn> {
        self.planner.choose(game, budget)
    }
}
