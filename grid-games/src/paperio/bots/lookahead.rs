//! The lookahead: a choice among planner tunings made by playing each forward against a
//! model of the enemy, with the time the game gives.
//!
//! The planner's tunings trade land for safety in fixed ways (a loop starts when the enemy
//! cannot reach it before a share of its length; see [`PlannerConfig`]), and which trade pays
//! depends on the position and on the enemy. The lookahead keeps several tunings, its
//! *policies*, and asks each for its move at every ply it is at home. When they disagree, it
//! plays each policy forward on a copy of the game (a *rollout*) for
//! [`horizon`](LookaheadConfig::horizon) of its own moves, and on until its trail is closed,
//! with the enemy played by a [`EnemyModel`], and follows the policy whose rollout ended with
//! the best land difference (a game won or lost in the rollout counts as the whole board).
//! The choice holds until the next loop is closed, or for
//! [`recheck`](LookaheadConfig::recheck) moves at home if no loop starts; out on a loop only
//! the chosen policy decides. This is policy switching: a one-ply search over plan choices
//! whose rollout policy is the planner itself.
//!
//! # Time
//! The planner and the enemy model are deterministic, so one rollout per policy says all a
//! rollout can. Each decision may spend [`time_share`](LookaheadConfig::time_share) % of the
//! game's time left divided by the decisions still expected (one per
//! [`spacing`](LookaheadConfig::spacing) moves left); rollouts go round the policies, the
//! first (the default) first, and stop at that deadline, and the choice is among the policies
//! played out. Without a time limit (a budget with neither a move time nor a game time) every
//! policy is played out. With the course's 30 s a game and 2 000 moves, a decision gets about
//! 0.14 s at the start.
//!
//! # Costs
//! At home every policy computes its move (each costs what a [`PlannerBot`] move costs, about
//! 0.45 ms on the course's board); a decision costs one rollout per policy, each about
//! `2 · (horizon + the loop's rest)` planner-sized moves (with the [`EnemyModel::Raider`],
//! half that).
//!
//! # What it was worth
//! Less than the guard alone, so far. In the course's engine against three of its hardest
//! students (120 games, seats alternated), with the guard as the model it scored 54.2 % and
//! with the chaser 56.7 %, where the guard alone scored 69.2 % on the same games: the
//! rollouts favoured the bolder policy, which the model let pass and the students cut (21 of
//! 55 losses by our trail cut). A search is only as good as its model of the enemy, and our
//! bots are not a model of the students. The crate's guide (`docs/grid-games.md`) has the
//! table.

use super::field::{distance_field, loses_at_once, next_cell};
use super::{GuardBot, PlannerBot, PlannerConfig, RaiderBot};
use crate::game::{Bot, Budget, Side};
use crate::paperio::{Position, Turn};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Who plays the enemy in the lookahead's rollouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum EnemyModel {
    /// The [`GuardBot`] (cuts, ambushes, careful loops).
    Guard,
    /// The [`RaiderBot`] (bolder loops sized by the distance between the heads; about a
    /// thirtieth of the guard's cost a move), seeded by the ply the rollout starts at.
    Raider,
    /// A chaser: while the lookahead is out with a trail, the enemy walks the shortest way to
    /// that trail (the worst case the planner's rules guard against); otherwise it plays as
    /// the guard.
    Chaser,
}

/// The [`EnemyModel::Chaser`].
#[derive(Clone, Debug, Default)]
struct Chaser {
    guard: Option<GuardBot>,
    queue: VecDeque<u32>,
    field: Vec<u32>,
}

impl Bot<Position> for Chaser {
    fn name(&self) -> String {
        "chaser".to_string()
    }

    fn choose(&mut self, game: &Position, budget: Budget) -> Option<Turn> {
        let me = game.to_move()?;
        let prey = me.other();
        if game.trail_cells(prey).len() > 0 {
            let (w, h) = (game.width() as i32, game.height() as i32);
            let trail: Vec<Option<Side>> = game.trail_grid().collect();
            distance_field(
                &mut self.queue,
                &mut self.field,
                (w, h),
                game.trail_cells(prey).map(|(x, y)| (y * w + x) as u32),
                |c| trail[c] != Some(me),
            );
            let step = Turn::ALL
                .into_iter()
                .filter(|&t| !loses_at_once(game, me, t))
                .min_by_key(|&t| {
                    let (x, y) = next_cell(game, me, t);
                    self.field[(y * w + x) as usize]
                });
            if step.is_some() {
                return step;
            }
        }
        self.guard
            .get_or_insert_with(|| GuardBot::new(0))
            .choose(game, budget)
    }
}

/// Tuning of [`LookaheadBot`].
///
/// ```
/// use grid_games::paperio::bots::{EnemyModel, LookaheadConfig, PlannerConfig};
/// let config = LookaheadConfig::default();
/// assert_eq!(config.policies[0], PlannerConfig::guard(), "the guard first");
/// assert!(config.policies.len() > 1);
/// assert_eq!(config.model, EnemyModel::Guard);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[non_exhaustive]
pub struct LookaheadConfig {
    /// The planner tunings chosen among; the first is the default, played out first and
    /// followed when no rollout finishes. An empty list counts as the guard's alone.
    pub policies: Vec<PlannerConfig>,
    /// The enemy in the rollouts.
    pub model: EnemyModel,
    /// Own moves a rollout plays (then on until its trail is closed, at most as many again).
    pub horizon: u32,
    /// Percentage of the game's time left that the decisions may spend, shared among the
    /// decisions still expected.
    pub time_share: u32,
    /// Moves per decision expected, for sharing the time out.
    pub spacing: u32,
    /// Moves at home after which a choice is made again when no loop was started.
    pub recheck: u32,
}

impl Default for LookaheadConfig {
    fn default() -> LookaheadConfig {
        let guard = PlannerConfig::guard();
        LookaheadConfig {
            policies: vec![
                guard,
                PlannerConfig {
                    start_share: 50,
                    ..guard
                },
                PlannerConfig {
                    start_share: 100,
                    ..guard
                },
            ],
            model: EnemyModel::Guard,
            horizon: 100,
            time_share: 30,
            spacing: 30,
            recheck: 20,
        }
    }
}

/// The lookahead paper.io bot (see the module text above): planner tunings chosen by
/// rollouts against a model of the enemy, within the game's time.
///
/// ```
/// use grid_games::paperio::{Config, Position, bots::{LookaheadBot, RaiderBot}};
/// use grid_games::game::{play_match, MatchRules, Rng};
/// let game = Position::random(Config::new(40, 21, 150)?, &mut Rng::seed_from(5))?;
/// let (mut lookahead, mut raider) = (LookaheadBot::new(1), RaiderBot::new(2));
/// let record = play_match(game, &mut [&mut lookahead, &mut raider], MatchRules::default())?;
/// assert!(record.forfeit.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct LookaheadBot {
    config: LookaheadConfig,
    policies: Vec<PlannerBot>,
    /// The policy followed.
    active: usize,
    /// Moves at home since the last choice, and whether the choice is still in force.
    since: u32,
    chosen: bool,
    /// Decisions made and rollouts played (for the tests and the docs).
    stats: LookaheadStats,
}

/// What a [`LookaheadBot`] has done so far.
///
/// ```
/// use grid_games::paperio::bots::LookaheadBot;
/// assert_eq!(LookaheadBot::new(1).stats().decisions, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct LookaheadStats {
    /// Choices made by rollouts (the policies disagreed).
    pub decisions: u64,
    /// Rollouts played.
    pub rollouts: u64,
    /// Choices that went to a policy other than the first.
    pub switches: u64,
}

impl LookaheadBot {
    /// Default tuning ([`LookaheadConfig::default`]). Deterministic when given no time limit;
    /// the seed is ignored.
    ///
    /// ```
    /// use grid_games::paperio::bots::LookaheadBot;
    /// assert!(LookaheadBot::new(1).config().horizon > 0);
    /// ```
    pub fn new(seed: u64) -> LookaheadBot {
        LookaheadBot::with_config(seed, LookaheadConfig::default())
    }

    /// Custom tuning (the seed is ignored).
    ///
    /// ```
    /// use grid_games::paperio::bots::{LookaheadBot, LookaheadConfig, PlannerConfig};
    /// let mut config = LookaheadConfig::default();
    /// config.policies = vec![PlannerConfig::guard()]; // one policy: plays as the guard
    /// assert_eq!(LookaheadBot::with_config(1, config).config().policies.len(), 1);
    /// ```
    pub fn with_config(seed: u64, config: LookaheadConfig) -> LookaheadBot {
        let tunings = if config.policies.is_empty() {
            vec![PlannerConfig::guard()]
        } else {
            config.policies.clone()
        };
        LookaheadBot {
            policies: tunings
                .into_iter()
                .map(|c| PlannerBot::with_config(seed, c))
                .collect(),
            config,
            active: 0,
            since: 0,
            chosen: false,
            stats: LookaheadStats::default(),
        }
    }

    /// The tuning.
    ///
    /// ```
    /// use grid_games::paperio::bots::{LookaheadBot, LookaheadConfig};
    /// assert_eq!(LookaheadBot::new(1).config(), &LookaheadConfig::default());
    /// ```
    pub fn config(&self) -> &LookaheadConfig {
        &self.config
    }

    /// Decisions and rollouts so far.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Position, bots::{LookaheadBot, RaiderBot}};
    /// use grid_games::game::{play_match, MatchRules, Rng};
    /// let game = Position::random(Config::new(40, 21, 150)?, &mut Rng::seed_from(2))?;
    /// let (mut lookahead, mut raider) = (LookaheadBot::new(1), RaiderBot::new(5));
    /// play_match(game, &mut [&mut lookahead, &mut raider], MatchRules::default())?;
    /// let stats = lookahead.stats();
    /// assert!(stats.rollouts >= stats.decisions && stats.switches <= stats.decisions);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stats(&self) -> LookaheadStats {
        self.stats
    }

    /// The time one decision may spend, if limited.
    fn allowance(&self, game: &Position, me: Side, budget: Budget) -> Option<Duration> {
        let spacing = self.config.spacing.max(1);
        let decisions = (game.moves_left(me) / spacing).max(1);
        let from_game = budget.game_time_left.map(|left| {
            left.mul_f64(f64::from(self.config.time_share.min(100)) / 100.0) / decisions
        });
        match (from_game, budget.time) {
            (Some(g), _) => Some(g),
            // Only a move time: spend it (less a tenth for the move itself).
            (None, Some(t)) => Some(t.mul_f64(0.9)),
            (None, None) => None,
        }
    }

    /// Plays `policy` (already asked for `first`) forward from `game` and scores the land
    /// difference for `me` at the end; `None` if the deadline passed first.
    fn rollout(
        &self,
        game: &Position,
        me: Side,
        mut policy: PlannerBot,
        first: Turn,
        deadline: Option<Instant>,
    ) -> Option<i64> {
        let mut sim = game.clone();
        let area = i64::from(game.width()) * i64::from(game.height());
        let mut enemy: Box<dyn Bot<Position>> = match self.config.model {
            EnemyModel::Guard => Box::new(GuardBot::new(0)),
            EnemyModel::Raider => Box::new(RaiderBot::new(u64::from(game.plies()))),
            EnemyModel::Chaser => Box::new(Chaser::default()),
        };
        if sim.play(first).is_err() {
            return Some(-2 * area);
        }
        let horizon = self.config.horizon;
        let mut mine = 1u32;
        let budget = Budget::default();
        while sim.end().is_none() {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            let Some(side) = sim.to_move() else { break };
            if side == me {
                let out = sim.trail_cells(me).len() > 0;
                if mine >= horizon.saturating_mul(2) || (mine >= horizon && !out) {
                    break;
                }
                mine += 1;
                let Some(turn) = policy.choose(&sim, budget) else {
                    break;
                };
                if sim.play(turn).is_err() {
                    return Some(-2 * area);
                }
            } else {
                let Some(turn) = enemy.choose(&sim, budget) else {
                    break;
                };
                if sim.play(turn).is_err() {
                    break;
                }
            }
        }
        if let Some(end) = sim.end() {
            match end.winner() {
                Some(w) if w == me => return Some(area),
                Some(_) => return Some(-area),
                None => {}
            }
        }
        let counts = sim.territory_counts();
        Some(i64::from(counts[me.index()]) - i64::from(counts[me.other().index()]))
    }
}

impl Bot<Position> for LookaheadBot {
    fn name(&self) -> String {
        "lookahead".to_string()
    }

    fn choose(&mut self, game: &Position, budget: Budget) -> Option<Turn> {
        let me = game.to_move()?;
        let start = Instant::now();
        let out = game.trail_cells(me).len() > 0;
        if out {
            // A loop was started: the choice holds until it closes.
            self.chosen = false;
            self.since = 0;
            return self.policies[self.active].choose(game, budget);
        }
        if self.chosen {
            self.since += 1;
            if self.since > self.config.recheck {
                self.chosen = false;
            }
        }
        // Every policy's move at home (each keeps its own plan up to date).
        let moves: Vec<Option<Turn>> = self
            .policies
            .iter_mut()
            .map(|p| p.choose(game, budget))
            .collect();
        if self.chosen || moves.iter().all(|m| *m == moves[self.active]) {
            return moves[self.active];
        }
        let deadline = self.allowance(game, me, budget).map(|a| start + a);
        let mut best: Option<(i64, usize)> = None;
        for (i, turn) in moves.iter().enumerate() {
            let Some(turn) = *turn else { continue };
            // Each policy is played out, also those agreeing on this move (they may differ
            // later).
            let Some(score) = self.rollout(game, me, self.policies[i].clone(), turn, deadline)
            else {
                break;
            };
            self.stats.rollouts += 1;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, i));
            }
        }
        self.stats.decisions += 1;
        let chosen = best.map_or(0, |(_, i)| i);
        if chosen != 0 {
            self.stats.switches += 1;
        }
        self.active = chosen;
        self.chosen = true;
        self.since = 0;
        moves[chosen].or(moves[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rng;
    use crate::paperio::Config;

    /// With one policy the lookahead plays exactly as that planner.
    #[test]
    fn one_policy_plays_as_its_planner() {
        let config = LookaheadConfig {
            policies: vec![PlannerConfig::guard()],
            ..LookaheadConfig::default()
        };
        let mut game =
            Position::random(Config::new(40, 21, 120).unwrap(), &mut Rng::seed_from(7)).unwrap();
        let mut lookahead = LookaheadBot::with_config(1, config);
        let mut guard = GuardBot::new(1);
        let mut raider = RaiderBot::new(3);
        while let Some(me) = game.to_move() {
            let turn = if me == Side::First {
                let a = lookahead.choose(&game, Budget::default());
                assert_eq!(
                    a,
                    guard.choose(&game, Budget::default()),
                    "ply {}",
                    game.plies()
                );
                a
            } else {
                raider.choose(&game, Budget::default())
            };
            game.play(turn.unwrap()).unwrap();
        }
        assert_eq!(lookahead.stats().decisions, 0);
    }

    /// Without a time limit every policy is played out at each decision, and the choice is
    /// the policy whose rollout scored best: checked by playing the rollouts again by hand.
    #[test]
    fn decisions_follow_the_best_rollout() {
        let mut game =
            Position::random(Config::new(40, 21, 160).unwrap(), &mut Rng::seed_from(2)).unwrap();
        let mut bot = LookaheadBot::new(1);
        let mut raider = RaiderBot::new(5);
        let mut checked = 0;
        while let Some(me) = game.to_move() {
            let turn = if me == Side::First {
                let before = bot.clone();
                let decisions = bot.stats().decisions;
                let turn = bot.choose(&game, Budget::default());
                if bot.stats().decisions > decisions {
                    // Redo the decision from the state before.
                    let mut copy = before;
                    let moves: Vec<Option<Turn>> = copy
                        .policies
                        .iter_mut()
                        .map(|p| p.choose(&game, Budget::default()))
                        .collect();
                    let scores: Vec<i64> = (0..moves.len())
                        .map(|i| {
                            let policy = copy.policies[i].clone();
                            copy.rollout(&game, me, policy, moves[i].unwrap(), None)
                                .unwrap()
                        })
                        .collect();
                    let best = scores.iter().copied().max().unwrap();
                    let first = scores.iter().position(|&s| s == best).unwrap();
                    assert_eq!(bot.active, first, "scores {scores:?}");
                    assert_eq!(turn, moves[first]);
                    checked += 1;
                }
                turn
            } else {
                raider.choose(&game, Budget::default())
            };
            game.play(turn.unwrap()).unwrap();
        }
        assert!(checked > 0, "no decision was made");
        assert_eq!(bot.stats().rollouts, bot.stats().decisions * 3);
    }

    /// A short game budget is kept: rollouts stop at each decision's share of it, and the
    /// whole game's thinking fits in it.
    #[test]
    fn a_short_game_budget_is_honoured() {
        let mut game =
            Position::random(Config::new(40, 21, 150).unwrap(), &mut Rng::seed_from(4)).unwrap();
        let mut bot = LookaheadBot::new(1);
        let mut raider = RaiderBot::new(2);
        let mut left = Duration::from_secs(2);
        while let Some(me) = game.to_move() {
            let turn = if me == Side::First {
                let budget = Budget::default()
                    .with_game_time_left(left)
                    .for_move(game.moves_left(me));
                let start = Instant::now();
                let turn = bot.choose(&game, budget);
                left = left.saturating_sub(start.elapsed());
                turn
            } else {
                raider.choose(&game, Budget::default())
            };
            game.play(turn.unwrap()).unwrap();
        }
        assert!(left > Duration::ZERO, "the game's time ran out");
    }
}
