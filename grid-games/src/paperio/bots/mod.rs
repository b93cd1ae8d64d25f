//! paper.io bots. The strongest is [`GuardBot`], the planner tuned to play under pressure:
//! it also walks over its land to cut enemy trails that pass near it (ambushes), and stays
//! on its land while an enemy is out near it.
//! [`PlannerBot`] is the planner it is built on: exact distance fields, the loop with the
//! most land per ply that the enemy cannot reach in time (from its head or from a launch point
//! on its land's border), an escape check on every step; it
//! wins about 97 % of games against the raider on the course's board. The others are
//! [`RaiderBot`] (trail safety against the enemy's Manhattan distance, sure cuts, loops sized
//! to the risk), [`SafeBot`] (random but never suicidal, home once its trail is long) and
//! [`RandomBot`] (seeded random turns). [`LookaheadBot`] chooses among planner tunings by
//! playing each forward against a model of the enemy within the game's clock (measured
//! weaker than the guard against the course's students). All implement [`Bot`] for
//! [`Position`].
//!
//! Every bot is built by `new(seed)` and, where it has a configuration, by
//! `with_config(seed, config)` (the planner is deterministic and ignores the seed); with the
//! `rand_core` feature, `from_rng(&mut rng)` seeds one from any `rand_core` generator. The
//! bots draw their choices from the crate's own [`Rng`](crate::game::Rng) whatever seeded
//! them, so a seed replays a game exactly on every platform. [`named_bot`] makes one by name.
//!
//! ```
//! use grid_games::game::{play_match, MatchRules, Rng};
//! use grid_games::paperio::{self, bots::{PlannerBot, RaiderBot}};
//! let game = paperio::Position::random(paperio::Config::new(40, 21, 200)?, &mut Rng::seed_from(4))?;
//! let (mut planner, mut raider) = (PlannerBot::new(1), RaiderBot::new(2));
//! let record = play_match(game, &mut [&mut planner, &mut raider], MatchRules::default())?;
//! println!("{}", record.last.end().expect("over")); // e.g. "trail: player 1 ran into player 2's trail; player 1 won"
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod decision;
mod field;
mod guard;
mod lookahead;
mod planner;
mod raider;
mod random;
mod safe;

pub use decision::Decision;
pub use guard::GuardBot;
pub use lookahead::{EnemyModel, LookaheadBot, LookaheadConfig, LookaheadStats};
pub use planner::{MAX_SIDE as PLANNER_MAX_SIDE, PlannerBot, PlannerConfig};
pub use raider::{RaiderBot, RaiderConfig};
pub use random::RandomBot;
pub use safe::SafeBot;

use super::Position;
use crate::game::Bot;

bot_from_rng!(
    "grid_games::paperio::bots",
    RandomBot,
    SafeBot,
    RaiderBot,
    PlannerBot,
    GuardBot,
    LookaheadBot
);

/// The names [`named_bot`] knows.
pub const BOT_NAMES: [&str; 6] = ["random", "safe", "raider", "planner", "guard", "lookahead"];

/// A bot by name (`random`, `safe`, `raider`, `planner`, `guard`, `lookahead`), seeded (the
/// planner, the guard and the lookahead are deterministic and ignore the seed); `None` for an
/// unknown name.
///
/// ```
/// use grid_games::paperio::bots::named_bot;
/// assert_eq!(named_bot("raider", 1).unwrap().name(), "raider");
/// assert!(named_bot("genius", 1).is_none());
/// ```
pub fn named_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Position> + Send>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "safe" => Some(Box::new(SafeBot::new(seed))),
        "raider" => Some(Box::new(RaiderBot::new(seed))),
        "planner" => Some(Box::new(PlannerBot::new(seed))),
        "guard" => Some(Box::new(GuardBot::new(seed))),
        "lookahead" => Some(Box::new(LookaheadBot::new(seed))),
        _ => None,
    }
}
