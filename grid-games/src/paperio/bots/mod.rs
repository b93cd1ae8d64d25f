//! paper.io bots: [`RandomWalker`] (seeded random turns), [`SafeWalker`] (random but never
//! suicidal, home once its trail is long), [`Raider`] (trail safety against the enemy's
//! Manhattan distance, sure cuts, loops sized to the risk) and [`Planner`] (the strongest:
//! exact distance fields, the loop with the most land per ply that the enemy cannot reach in
//! time, an escape check on every step; it wins about 92 % of games against the raider on
//! the course's board). All implement [`Bot`] for [`Position`].

mod field;
mod planner;
mod raider;
mod random;
mod safe;

pub use planner::{MAX_SIDE as PLANNER_MAX_SIDE, Planner, PlannerConfig};
pub use raider::{Raider, RaiderConfig};
pub use random::RandomWalker;
pub use safe::SafeWalker;

use super::Position;
use crate::game::Bot;

/// The names [`named_bot`] knows.
pub const BOT_NAMES: [&str; 4] = ["random", "safe", "raider", "planner"];

/// A bot by name (`random`, `safe`, `raider`, `planner`), seeded (the planner is
/// deterministic and ignores the seed); `None` for an unknown name.
///
/// ```
/// use grid_games::paperio::bots::named_bot;
/// assert_eq!(named_bot("raider", 1).unwrap().name(), "raider");
/// assert!(named_bot("genius", 1).is_none());
/// ```
pub fn named_bot(name: &str, seed: u64) -> Option<Box<dyn Bot<Position> + Send>> {
    match name {
        "random" => Some(Box::new(RandomWalker::new(seed))),
        "safe" => Some(Box::new(SafeWalker::new(seed))),
        "raider" => Some(Box::new(Raider::new(seed))),
        "planner" => Some(Box::new(Planner::new())),
        _ => None,
    }
}
