//! The strong walker: safety first, then a cut of the enemy trail when it is sure, then land
//! in rectangular loops sized to the risk.
//!
//! Every ply it simulates each of its three moves on a copy of the position (exact rules,
//! captures included) and drops the ones that lose at once; a move that wins at once (cutting
//! the trail, a side hit, killing the enemy head on own land) is played. For each remaining
//! move it measures, after the move:
//!
//! * `home`: own distance back to its land (breadth-first, not crossing its own trail);
//! * `threat`: the enemy head's Manhattan distance to the nearest cell of its trail (a lower
//!   bound on the enemy's real distance). The enemy moves next, so the trail is safe only while
//!   `threat > home + margin`;
//! * whether its head stands off its land next to the enemy head (a side hit or head-on
//!   collision next ply);
//! * `cut`: its distance to the nearest enemy trail cell. The enemy, moving first, needs
//!   `enemy_home` plies to save its trail, so a cut is sure when `cut < enemy_home`.
//!
//! Decision, in order: a sure cut (shortest `cut`); when out with a trail and any danger (or
//! its loop is done), the shortest way home, preferring the larger capture; otherwise the loop
//! plan. Leaving its land it plans a rectangle: `L` cells out, a turn, `L` across, a turn, then
//! home, with `L = clamp(distance to the enemy head / 3, 3, max_loop)`: far from the enemy it
//! draws big loops, close to it small ones. Inside its land it walks toward the nearest border
//! of its land.

use super::field::{Bfs, loses_at_once, manhattan};
use crate::game::{Bot, Budget, Rng, Side};
use crate::paperio::{Position, Turn};

/// Tuning of [`RaiderBot`].
///
/// ```
/// use grid_games::paperio::bots::{RaiderBot, RaiderConfig};
/// let mut config = RaiderConfig::default();
/// assert_eq!((config.max_loop, config.margin), (14, 2));
/// config.max_loop = 8; // smaller, safer loops
/// let _bot = RaiderBot::with_config(1, config);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct RaiderConfig {
    /// Largest loop side (values below 3 count as 3, the smallest loop planned).
    pub max_loop: u32,
    /// Extra plies of safety demanded between the enemy and the trail.
    pub margin: u32,
}

impl Default for RaiderConfig {
    fn default() -> RaiderConfig {
        RaiderConfig {
            max_loop: 14,
            margin: 2,
        }
    }
}

/// The strong paper.io bot (see the module text above for its rules).
///
/// ```
/// use grid_games::paperio::{Config, Position, bots::{RaiderBot, RandomBot}};
/// use grid_games::game::{play_match, MatchRules, Player, Rng};
/// let game = Position::random(Config::default(), &mut Rng::seed_from(5))?;
/// let (mut strong, mut weak) = (RaiderBot::new(1), RandomBot::new(2));
/// let record = play_match(game, &mut [&mut strong, &mut weak], MatchRules::default())?;
/// assert_eq!(record.outcome.winner(), Some(Player::FIRST));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct RaiderBot {
    config: RaiderConfig,
    rng: Rng,
    bfs: Bfs,
    leg: u8,
    side: u32,
    turn: Turn,
}

struct Candidate {
    turn: Turn,
    home: u32,
    danger: bool,
    gain: i64,
    cut: Option<u32>,
    land_dist: u32,
}

impl RaiderBot {
    /// Default tuning, seeded (the seed breaks ties).
    ///
    /// ```
    /// use grid_games::paperio::{Config, Position, Turn, bots::RaiderBot};
    /// use grid_games::game::{Bot, Budget, Rng};
    /// let game = Position::random(Config::default(), &mut Rng::seed_from(4))?;
    /// let turn = RaiderBot::new(1).choose(&game, Budget::default());
    /// assert!(matches!(turn, Some(Turn::Left | Turn::Right | Turn::Straight)));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn new(seed: u64) -> RaiderBot {
        RaiderBot::with_config(seed, RaiderConfig::default())
    }

    /// Custom tuning, seeded (the seed breaks ties).
    ///
    /// ```
    /// use grid_games::paperio::{Config, Position, bots::{RaiderBot, RaiderConfig, SafeBot}};
    /// use grid_games::game::{play_match, MatchRules, Rng};
    /// let mut config = RaiderConfig::default();
    /// config.margin = 4;
    /// let game = Position::random(Config::new(40, 21, 200)?, &mut Rng::seed_from(6))?;
    /// let (mut raider, mut safe) = (RaiderBot::with_config(1, config), SafeBot::new(2));
    /// let record = play_match(game, &mut [&mut raider, &mut safe], MatchRules::default())?;
    /// assert!(record.forfeit.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_config(seed: u64, config: RaiderConfig) -> RaiderBot {
        RaiderBot {
            config,
            rng: Rng::seed_from(seed),
            bfs: Bfs::default(),
            leg: 0,
            side: 3,
            turn: Turn::Right,
        }
    }

    fn evaluate(
        &mut self,
        game: &Position,
        me: Side,
        turn: Turn,
        enemy_home: Option<u32>,
    ) -> Option<Candidate> {
        let enemy = me.other();
        let mut sim = game.clone();
        if let (Ok(()), Some(end)) = (sim.play(turn), sim.end()) {
            return match end.winner() {
                Some(w) if w == me => Some(Candidate {
                    turn,
                    home: 0,
                    danger: false,
                    gain: i64::MAX,
                    cut: Some(0),
                    land_dist: 0,
                }),
                _ => None,
            };
        }
        let head = sim.head(me);
        let home = self.bfs.home_distance(&sim, me, head)?;
        let threat = sim
            .trail_cells(me)
            .map(|c| manhattan(c, sim.head(enemy)))
            .min()
            .unwrap_or(u32::MAX);
        let exposed =
            sim.territory(head.0, head.1) != Some(me) && manhattan(head, sim.head(enemy)) <= 1;
        let danger = exposed || threat <= home.saturating_add(self.config.margin);
        let gain = i64::from(sim.territory_counts()[me.index()])
            - i64::from(game.territory_counts()[me.index()]);
        let cut = match enemy_home {
            Some(limit) if limit > 0 && game.trail_cells(enemy).len() > 0 => self.bfs.distance(
                &sim,
                head,
                limit,
                |x, y| sim.trail(x, y) == Some(enemy),
                |x, y| sim.trail(x, y) != Some(me),
            ),
            _ => None,
        };
        let land_dist = if sim.territory(head.0, head.1) == Some(me) {
            self.bfs
                .distance(
                    &sim,
                    head,
                    400,
                    |x, y| sim.territory(x, y) != Some(me),
                    |_, _| true,
                )
                .unwrap_or(400)
        } else {
            0
        };
        Some(Candidate {
            turn,
            home,
            danger,
            gain,
            cut,
            land_dist,
        })
    }
}

impl Bot<Position> for RaiderBot {
    fn name(&self) -> String {
        "raider".to_string()
    }

    fn choose(&mut self, game: &Position, _budget: Budget) -> Option<Turn> {
        let me = game.to_move()?;
        let enemy = me.other();
        let out = game.trail_cells(me).len() as u32;
        let (ex, ey) = game.head(enemy);
        let enemy_home = if game.trail_cells(enemy).len() > 0 {
            self.bfs.home_distance(game, enemy, (ex, ey))
        } else {
            None
        };
        let mut options: Vec<Candidate> = Vec::with_capacity(3);
        for turn in Turn::ALL {
            if loses_at_once(game, me, turn) {
                continue;
            }
            if let Some(o) = self.evaluate(game, me, turn, enemy_home) {
                if o.gain == i64::MAX {
                    return Some(turn);
                }
                options.push(o);
            }
        }
        if options.is_empty() {
            return Some(
                Turn::ALL
                    .into_iter()
                    .find(|&t| !loses_at_once(game, me, t))
                    .unwrap_or(Turn::Straight),
            );
        }
        // A sure cut of the enemy trail.
        if let Some(limit) = enemy_home
            && let Some(best) = options
                .iter()
                .filter(|o| !o.danger && o.cut.is_some_and(|c| c < limit))
                .min_by_key(|o| o.cut)
        {
            return Some(best.turn);
        }
        let go_home = |options: &[Candidate]| {
            options
                .iter()
                .min_by_key(|o| (o.home, -o.gain, u8::from(o.danger)))
                .map(|o| o.turn)
        };
        if out > 0
            && (self.leg >= 2
                || options.iter().any(|o| o.danger && o.turn == Turn::Straight)
                || options.iter().all(|o| o.danger))
        {
            return go_home(&options);
        }
        let safe: Vec<&Candidate> = options.iter().filter(|o| !o.danger).collect();
        if out == 0 {
            // At home: head for the nearest edge of the land and plan the next loop.
            let distance = manhattan(game.head(me), game.head(enemy));
            self.side = (distance / 3).clamp(3, self.config.max_loop.max(3));
            self.leg = 0;
            let pool: Vec<&Candidate> = if safe.is_empty() {
                options.iter().collect()
            } else {
                safe
            };
            let best = pool.iter().map(|o| o.land_dist).min().unwrap_or(0);
            let ties: Vec<&&Candidate> = pool.iter().filter(|o| o.land_dist == best).collect();
            let pick = ties
                .iter()
                .find(|o| o.turn == Turn::Straight)
                .copied()
                .or_else(|| self.rng.choose(&ties).copied())
                .map(|o| o.turn);
            self.turn = if self.rng.below(2) == 0 {
                Turn::Left
            } else {
                Turn::Right
            };
            return pick;
        }
        // Out on a loop: straight for a side, then turn, straight, turn, home.
        let wanted = if out >= self.side * (u32::from(self.leg) + 1) {
            self.leg += 1;
            if self.leg >= 2 {
                return go_home(&options);
            }
            self.turn
        } else {
            Turn::Straight
        };
        if let Some(o) = safe.iter().find(|o| o.turn == wanted) {
            return Some(o.turn);
        }
        // The planned move is blocked (an edge, a trail): turn the planned way if possible.
        safe.iter()
            .find(|o| o.turn == self.turn)
            .or_else(|| safe.first())
            .map(|o| o.turn)
            .or_else(|| go_home(&options))
    }
}
