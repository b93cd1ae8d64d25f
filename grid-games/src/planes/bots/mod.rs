//! The shipped plane-bombing bots.

mod hunter;
mod random;

pub use hunter::{HitRule, HunterBot, HunterConfig, PriorCache};
pub use random::RandomBot;

use super::{Geometry, PlaneSpec, PlanesBot};
use crate::game::Rng;

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
/// use grid_games::planes::{named_bot, BOT_NAMES};
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
/// use grid_games::planes::{named_bot_with, play_test_point, Geometry, PriorCache, SUBTASKS};
/// let cache = PriorCache::new();
/// for seed in 0..2 {
///     let mut a = named_bot_with("hunter-fast", seed, &cache).unwrap();
///     let mut b = named_bot_with("random", seed, &cache).unwrap();
///     play_test_point(&Geometry::standard(), SUBTASKS[4], 1, a.as_mut(), b.as_mut());
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
