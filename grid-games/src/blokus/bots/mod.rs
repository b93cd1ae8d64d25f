//! Blokus bots: [`RandomBot`] (uniform over legal moves), [`HeuristicBot`] (the greedy scorer
//! of a student report on Classic Blokus), [`MctsBot`] (UCT with a size-biased playout policy)
//! and [`SearchBot`] (tree search with move priors, all-moves-as-first values and blocking
//! playouts; the strongest). All implement the crate's [`Bot`] trait for [`Position`].

mod heuristic;
mod mcts;
mod random;
mod reward;
mod search;

pub use heuristic::{HeuristicBot, HeuristicWeights};
pub use mcts::{MctsBot, MctsConfig, SearchStats};
pub use random::RandomBot;
pub use search::{PlayoutWeights, PriorWeights, SearchBot, SearchConfig};

use super::{Colour, Position};
use crate::game::Bot;

/// The names [`named_bot`] knows.
pub const BOT_NAMES: [&str; 4] = ["random", "heuristic", "mcts", "search"];

/// A bot by name (`random`, `heuristic`, `mcts`, `search`), seeded with `seed`; `None` for an
/// unknown name.
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
        "search" => Some(Box::new(SearchBot::new(seed))),
        _ => None,
    }
}

/// The most placements the player to move can still make: the pieces left of all its colours
/// (two colours in Classic for two players); 1 when the game is over. Searches divide a
/// per-game budget by it ([`Budget::for_move`](crate::game::Budget::for_move)).
fn moves_left(game: &Position) -> u32 {
    let variant = game.variant();
    game.colour_to_move().map_or(1, |c| {
        (0..variant.colours())
            .filter_map(Colour::new)
            .filter(|&o| variant.player_of(o) == variant.player_of(c))
            .map(|o| game.pieces_left(o).count() as u32)
            .sum()
    })
}
