//! The plane-bombing bots. The strongest is [`HunterBot`]: it keeps the opponent layouts
//! consistent with everything it observed and hits where a head is likely and the answer
//! uncertain ([`HitRule`]). [`RandomBot`] plays random legal actions.
//!
//! Plane-bombing bots implement [`PlanesBot`] (the calls of the original contest's programs:
//! they never see the opponent's sheet); [`Contestant`](super::Contestant) makes one a
//! [`game::Bot`](crate::game::Bot) of the plane-bombing [`Position`](super::Position), and
//! [`play_game`](super::play_game) and [`play_test_point`](super::play_test_point) referee
//! them.
//!
//! Every bot is built by `new(seed)` (and the hunter by `with_config(seed, config)`), and, with
//! the `rand_core` feature, by `from_rng(&mut rng)` from any `rand_core` generator; bots keep
//! the crate's own portable [`Rng`] inside, so a seed replays a game on every platform.
//!
//! ```
//! use grid_games::planes::{bots::{HunterBot, RandomBot}, play_test_point, Geometry, TestPointOptions};
//! let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
//! let options = TestPointOptions::default().with_games(2);
//! let point = play_test_point(&Geometry::standard(), &options, &mut hunter, &mut random);
//! assert_eq!(point.games(), 2);
//! ```

mod hunter;
mod random;

pub use hunter::{HitRule, HunterBot, HunterConfig, PriorCache};
pub use random::RandomBot;

use super::{Geometry, PlaneSpec, PlanesBot};
use crate::game::Rng;

bot_from_rng!("grid_games::planes::bots", RandomBot, HunterBot);

/// The names [`named_bot`] knows: the random bot and the hunter with some parameter variants.
pub const BOT_NAMES: [&str; 7] = [
    "random",
    "hunter",
    "hunter-fast",
    "hunter-noevade",
    "hunter-plain",
    "hunter-greedy",
    "hunter-old",
];

/// A shipped bot by name (see [`BOT_NAMES`]), seeded:
///
/// * `random`: [`RandomBot`];
/// * `hunter`: [`HunterBot`] with the default configuration (exact layout sets up to 10⁶);
/// * `hunter-fast`: a sample of at most 10⁵ layouts;
/// * `hunter-noevade`: never moves its planes;
/// * `hunter-plain`: draws a plain random layout;
/// * `hunter-greedy`: hits the likeliest head ([`HitRule::LikeliestHead`], the rule before
///   [`HitRule::Informed`]);
/// * `hunter-old`: the first version of the hunter (sorted-list layout set, greedy head choice), kept as the
///   reference for head-to-head comparisons.
///
/// Each hunter gets a fresh [`PriorCache`]; [`named_bot_with`] puts them on a shared one.
///
/// ```
/// use grid_games::planes::bots::{named_bot, BOT_NAMES};
/// assert!(BOT_NAMES.iter().all(|name| named_bot(name, 1).is_some()));
/// assert!(named_bot("nobody", 1).is_none());
/// ```
pub fn named_bot(name: &str, seed: u64) -> Option<Box<dyn PlanesBot>> {
    named_bot_with(name, seed, &PriorCache::new())
}

/// [`named_bot`] with the hunters keeping their layout tables in `cache`: bots created afresh
/// for every game or pairing then build each table once.
///
/// ```
/// use grid_games::planes::{bots::{named_bot_with, PriorCache}, play_test_point, Geometry, TestPointOptions, SUBTASKS};
/// let cache = PriorCache::new();
/// let options = TestPointOptions::default().with_subtask(SUBTASKS[4]).with_games(1);
/// for seed in 0..2 {
///     let mut a = named_bot_with("hunter-fast", seed, &cache).unwrap();
///     let mut b = named_bot_with("random", seed, &cache).unwrap();
///     play_test_point(&Geometry::standard(), &options, a.as_mut(), b.as_mut());
/// }
/// assert_eq!(cache.len(), 1);
/// ```
pub fn named_bot_with(name: &str, seed: u64, cache: &PriorCache) -> Option<Box<dyn PlanesBot>> {
    let hunter = |config: HunterConfig| -> Box<dyn PlanesBot> {
        Box::new(HunterBot::with_config(seed, config).with_cache(cache.clone()))
    };
    let default = HunterConfig::default();
    Some(match name {
        "random" => Box::new(RandomBot::new(seed)),
        "hunter" => hunter(default),
        "hunter-fast" => hunter(HunterConfig {
            cap: 100_000,
            ..default
        }),
        "hunter-noevade" => hunter(HunterConfig {
            evade: false,
            ..default
        }),
        "hunter-plain" => hunter(HunterConfig {
            drawing_candidates: 1,
            ..default
        }),
        "hunter-greedy" => hunter(HunterConfig {
            rule: HitRule::LikeliestHead,
            ..default
        }),
        "hunter-old" => Box::new(super::reference::ListHunterBot::with_config(seed, default)),
        _ => return None,
    })
}

/// A drawing to hand in when no legal one exists (the referee will rule it illegal, which is the
/// honest outcome for masks that allow nothing).
pub(crate) fn hopeless_drawing() -> [PlaneSpec; 3] {
    [PlaneSpec {
        kind: 0,
        direction: 0,
        head: polyomino::Cell::ORIGIN,
    }; 3]
}

/// A uniformly random legal drawing for `masks` (rejection sampling over kinds, directions and
/// heads), or `None` if none was found after many tries.
pub(crate) fn random_drawing(
    geometry: &Geometry,
    masks: [u8; 3],
    rng: &mut Rng,
) -> Option<[PlaneSpec; 3]> {
    let choices: Vec<Vec<PlaneSpec>> = masks.iter().map(|&m| geometry.placements(m)).collect();
    if choices.iter().any(Vec::is_empty) {
        return None;
    }
    for _ in 0..100_000 {
        let specs: [PlaneSpec; 3] =
            std::array::from_fn(|i| choices[i][rng.index(choices[i].len())]);
        if super::Sheet::draw(geometry, masks, specs).is_ok() {
            return Some(specs);
        }
    }
    None
}
