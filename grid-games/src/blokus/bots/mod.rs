//! Blokus bots: [`RandomBot`] (uniform over legal moves), [`HeuristicBot`] (the greedy scorer
//! of a student report on Classic Blokus) and [`MctsBot`] (UCT with a size-biased playout policy). All implement the
//! crate's [`Bot`] trait for [`Position`].

mod heuristic;
mod mcts;
mod random;

pub use heuristic::{HeuristicBot, HeuristicWeights};
pub use mcts::{MctsBot, MctsConfig, SearchStats};
pub use random::RandomBot;

use super::Position;
use crate::game::Bot;

/// The names [`named_bot`] knows.
pub const BOT_NAMES: [&str; 3] = ["random", "heuristic", "mcts"];

/// A bot by name (`random`, `heuristic`, `mcts`), seeded with `seed`; `None` for an unknown
/// name.
///
/// ```
/// use grid_games::blokus::bots::named_bot;
/// assert_eq!(named_bot("mcts", 1).unwrap().name(), "mcts");
/// assert!(named_bot("alphazero", 1).is_none());
/// ```
pub fn named_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Position> + Send>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "heuristic" => Some(Box::new(HeuristicBot::with_seed(seed))),
        "mcts" => Some(Box::new(MctsBot::new(seed))),
        _ => None,
    }
}
