//! Blokus bots. The strongest is [`SearchBot`]: Monte Carlo tree search after Pentobi's
//! methods (move priors, all-moves-as-first values, piece-weighted playouts, tree reuse,
//! threads sharing one tree). The others are [`MctsBot`] (plain UCT with a size-biased playout
//! policy), [`HeuristicBot`] (the greedy scorer of a student report on Classic Blokus) and
//! [`RandomBot`] (uniform over legal moves). All implement the crate's [`Bot`] trait for
//! [`Position`].
//!
//! Every bot is built by `new(seed)` and, where it has a configuration, by
//! `with_config(seed, config)`; with the `rand_core` feature, `from_rng(&mut rng)` seeds one
//! from any `rand_core` generator. The bots draw their choices from the crate's own
//! [`Rng`](crate::game::Rng) whatever seeded them, so a seed and an iteration budget replay a
//! game exactly on every platform. [`named_bot`] makes one by name.
//!
//! ```
//! use grid_games::blokus::{self, bots::{MctsBot, SearchBot}};
//! use grid_games::game::{play_match, Budget, MatchRules};
//! let (mut search, mut mcts) = (SearchBot::new(1), MctsBot::new(2));
//! let rules = MatchRules::default().with_budget(Budget::iterations(30)).with_max_actions(8);
//! let record = play_match(blokus::Position::new(blokus::Variant::Duo), &mut [&mut search, &mut mcts], rules)?;
//! assert_eq!(record.actions.len(), 8);
//! # Ok::<(), grid_games::game::MatchError>(())
//! ```

mod heuristic;
mod mcts;
mod random;
mod reward;
mod search;

pub use heuristic::{HeuristicBot, HeuristicWeights};
pub use mcts::{MctsBot, MctsConfig, SearchStats};
pub use random::RandomBot;
pub use search::{PlayoutWeights, PriorSample, PriorWeights, SearchBot, SearchConfig};

use super::{Colour, Position};
use crate::game::Bot;

bot_from_rng!(
    "grid_games::blokus::bots",
    RandomBot,
    HeuristicBot,
    MctsBot,
    SearchBot
);

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
        "heuristic" => Some(Box::new(HeuristicBot::new(seed))),
        "mcts" => Some(Box::new(MctsBot::new(seed))),
        "search" => Some(Box::new(SearchBot::new(seed))),
        _ => None,
    }
}

/// The most placements the player to move can still make: the copies left of all the
/// colours it plays for (two colours in Classic for two players; colour 3 too when it is
/// its turn to play it in three-player Classic); 1 when the game is over. Searches divide a
/// per-game budget by it ([`Budget::for_move`](crate::game::Budget::for_move)).
pub(crate) fn moves_left(game: &Position) -> u32 {
    game.colour_to_move().map_or(1, |c| {
        let allies = game.allies(c.index());
        (0..game.variant().colours())
            .filter(|&o| allies >> o & 1 == 1)
            .filter_map(Colour::new)
            .flat_map(|o| {
                game.pieces_left(o)
                    .map(move |p| game.copies_left(o, p) as u32)
            })
            .sum::<u32>()
            .max(1)
    })
}
