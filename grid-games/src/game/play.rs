//! The vocabulary every perfect-information, turn-based game of the crate speaks: a
//! [`Game`] state with legal actions and a typed error for illegal ones, a [`Bot`] that picks
//! an action within a [`Budget`], and the [`Outcome`] that scores a finished game.
//!
//! The shape follows `shakmaty`'s `Position`: the state knows whose turn it is, lists its legal
//! actions into a caller-owned buffer (so search loops allocate nothing), applies an action
//! with [`Game::play`] returning `Result`, and reports [`Game::outcome`] once nobody can act.
//! States are `Clone` and cheap to clone, which is what tree search needs.

use std::time::{Duration, Instant};

/// A turn-based game state with perfect information.
///
/// Players are numbered `0..players()`. A game where a player can be skipped (Blokus passes
/// implicitly) simply reports the next player who can act from [`to_move`](Game::to_move).
pub trait Game: Clone {
    /// One action (a move) of the game. Small and `Copy`.
    type Action: Copy + Eq + core::fmt::Debug;
    /// Why an action was refused.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Number of players.
    fn players(&self) -> usize;

    /// The player who acts next, or `None` once the game is over.
    fn to_move(&self) -> Option<usize>;

    /// Appends every legal action of the player to move to `out` (which is cleared first).
    /// Empty once the game is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Applies `action` for the player to move, or explains why it is illegal (the state is
    /// then unchanged).
    fn play(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    /// The current scores, one per player, higher is better. Defined at any time; final once
    /// [`to_move`](Game::to_move) is `None`.
    fn scores(&self) -> Vec<i64>;

    /// The outcome once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        match self.to_move() {
            None => Some(Outcome::from_scores(self.scores())),
            Some(_) => None,
        }
    }
}

/// How a finished game ended: the final scores and the verdict that ranks the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Final score of every player (higher is better).
    pub scores: Vec<i64>,
    /// Who won: by score, or by a rule that overrides scores.
    pub verdict: Verdict,
}

/// How an [`Outcome`] ranks the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// By score: higher beats lower, equal scores tie (Blokus).
    ByScore,
    /// A rule decided: this player won and every other player lost (a paper.io trail cut).
    Winner(usize),
    /// A rule decided a draw between all players.
    Draw,
    /// This player forfeited (illegal action, no action, time-out) and lost to everyone;
    /// the others rank by score among themselves.
    Forfeit(usize),
}

impl Outcome {
    /// An outcome ranked by these scores.
    pub fn from_scores(scores: Vec<i64>) -> Outcome {
        Outcome {
            scores,
            verdict: Verdict::ByScore,
        }
    }

    /// The winner: the unique player with the highest score (or the rule's winner), or `None`
    /// on a shared first place or a draw.
    pub fn winner(&self) -> Option<usize> {
        match self.verdict {
            Verdict::Winner(w) => Some(w),
            Verdict::Draw => None,
            Verdict::ByScore | Verdict::Forfeit(_) => {
                let forfeited = match self.verdict {
                    Verdict::Forfeit(f) => Some(f),
                    _ => None,
                };
                let alive = |i: usize| Some(i) != forfeited;
                let best = self
                    .scores
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| alive(i))
                    .map(|(_, &s)| s)
                    .max()?;
                let mut leaders =
                    (0..self.scores.len()).filter(|&i| alive(i) && self.scores[i] == best);
                let first = leaders.next()?;
                match leaders.next() {
                    None => Some(first),
                    Some(_) => None,
                }
            }
        }
    }

    /// The result for `player` in `[0, 1]`: the share of the other players it beat, counting a
    /// tie as half (1 = sole winner of a two-player game, 0.5 = draw, 0 = loss); `None` for a
    /// player the outcome does not have.
    pub fn result_for(&self, player: usize) -> Option<f64> {
        if player >= self.scores.len() {
            return None;
        }
        let others = self.scores.len() - 1;
        if others == 0 {
            return Some(1.0);
        }
        let beats = |a: usize, b: usize| -> f64 {
            match self.verdict {
                Verdict::Winner(w) => f64::from(u8::from(a == w)),
                Verdict::Draw => 0.5,
                Verdict::Forfeit(f) if a == f => 0.0,
                Verdict::Forfeit(f) if b == f => 1.0,
                _ => match self.scores[a].cmp(&self.scores[b]) {
                    core::cmp::Ordering::Greater => 1.0,
                    core::cmp::Ordering::Equal => 0.5,
                    core::cmp::Ordering::Less => 0.0,
                },
            }
        };
        let points: f64 = (0..self.scores.len())
            .filter(|&i| i != player)
            .map(|i| beats(player, i))
            .sum();
        Some(points / others as f64)
    }
}

/// How much thinking a bot may do for one action. A bot stops at whichever limit it reaches
/// first; with neither set it uses its own default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock limit for this action.
    pub time: Option<Duration>,
    /// Limit on search iterations (simulations, nodes: the bot documents its unit).
    pub iterations: Option<u64>,
}

impl Budget {
    /// A budget of `n` iterations.
    pub fn iterations(n: u64) -> Budget {
        Budget {
            time: None,
            iterations: Some(n),
        }
    }

    /// A budget of `time` of wall clock.
    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            iterations: None,
        }
    }

    /// A clock for this budget, started now.
    pub fn start(&self) -> BudgetClock {
        BudgetClock {
            start: Instant::now(),
            budget: *self,
            used: 0,
        }
    }
}

/// A running [`Budget`]: counts iterations and checks the deadline.
#[derive(Clone, Copy, Debug)]
pub struct BudgetClock {
    start: Instant,
    budget: Budget,
    used: u64,
}

impl BudgetClock {
    /// Records one iteration and says whether another may start. `default_iterations` applies
    /// when the budget sets no limit at all. Search loops call it after each iteration, so a
    /// budget of zero iterations still runs one.
    pub fn tick(&mut self, default_iterations: u64) -> bool {
        self.used += 1;
        let iterations = match (self.budget.iterations, self.budget.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => default_iterations,
        };
        if self.used >= iterations {
            return false;
        }
        match self.budget.time {
            // Reading the clock costs tens of nanoseconds; iterations cost microseconds.
            Some(limit) => self.start.elapsed() < limit,
            None => true,
        }
    }

    /// Iterations recorded so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// A player program: picks an action for the player to move.
///
/// Bots own their randomness (seed them at construction) so a match is replayable.
pub trait Bot<G: Game> {
    /// A short name for tables and logs.
    fn name(&self) -> String;

    /// The action to play in `game`, which is not over. Returning an illegal action (or `None`)
    /// forfeits the game in the [match runner](play_match).
    fn choose(&mut self, game: &G, budget: Budget) -> Option<G::Action>;
}

impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, game: &G, budget: Budget) -> Option<G::Action> {
        (**self).choose(game, budget)
    }
}

/// Settings of [`play_match`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchRules {
    /// The budget handed to every bot for every action.
    pub budget: Budget,
    /// A bot that thinks longer than this for one action forfeits (`None`: no limit).
    pub time_limit: Option<Duration>,
    /// Each player's thinking budget for the whole game, as in the paper.io course engine: a
    /// call that takes at least the remaining budget forfeits, otherwise it is deducted
    /// (`None`: no limit).
    pub game_time: Option<Duration>,
    /// Stop after this many actions in all and score the position as it stands (`None`: play
    /// to the end).
    pub max_actions: Option<usize>,
}

/// Why a match ended before the game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// The bot returned no action although the game was not over.
    NoAction,
    /// The bot returned an illegal action; the game's error, as text.
    Illegal(String),
    /// The bot overran [`MatchRules::time_limit`] or its [`MatchRules::game_time`]; the time
    /// the offending call took.
    Timeout(Duration),
}

/// Everything a match produced: the action list (replayable from the initial state), the final
/// state, and how it ended.
#[derive(Clone, Debug)]
pub struct MatchRecord<G: Game> {
    /// `(player, action)` in order of play.
    pub actions: Vec<(usize, G::Action)>,
    /// The state after the last action.
    pub last: G,
    /// The final scores and verdict ([`Verdict::Forfeit`] on a forfeit).
    pub outcome: Outcome,
    /// The player who forfeited, and why.
    pub forfeit: Option<(usize, Forfeit)>,
    /// Thinking time used by each player.
    pub think_time: Vec<Duration>,
    /// Thinking time of every action, parallel to `actions`.
    pub action_times: Vec<Duration>,
}

/// Plays `game` to the end with `bots[p]` acting for player `p`, and records it.
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::RandomBot};
/// use grid_games::game::{play_match, Game, MatchRules};
/// let mut a = RandomBot::new(1);
/// let mut b = RandomBot::new(2);
/// let record = play_match(Position::new(Variant::Duo), &mut [&mut a, &mut b], MatchRules::default());
/// assert!(record.forfeit.is_none());
/// assert_eq!(record.outcome.scores, record.last.scores());
/// ```
///
/// # Panics
/// If `bots.len()` differs from the game's number of players.
pub fn play_match<G: Game>(
    mut game: G,
    bots: &mut [&mut dyn Bot<G>],
    rules: MatchRules,
) -> MatchRecord<G> {
    assert_eq!(bots.len(), game.players(), "one bot per player");
    let mut actions = Vec::new();
    let mut think_time = vec![Duration::ZERO; bots.len()];
    let mut action_times = Vec::new();
    let mut remaining = vec![rules.game_time; bots.len()];
    let mut forfeit = None;
    while let Some(player) = game.to_move() {
        if rules.max_actions.is_some_and(|m| actions.len() >= m) {
            break;
        }
        let start = Instant::now();
        let choice = bots[player].choose(&game, rules.budget);
        let spent = start.elapsed();
        think_time[player] += spent;
        let over_game_budget = remaining[player].is_some_and(|left| spent >= left);
        if over_game_budget || rules.time_limit.is_some_and(|limit| spent > limit) {
            forfeit = Some((player, Forfeit::Timeout(spent)));
            break;
        }
        if let Some(left) = &mut remaining[player] {
            *left -= spent;
        }
        let Some(action) = choice else {
            forfeit = Some((player, Forfeit::NoAction));
            break;
        };
        if let Err(e) = game.play(action) {
            forfeit = Some((player, Forfeit::Illegal(e.to_string())));
            break;
        }
        actions.push((player, action));
        action_times.push(spent);
    }
    let outcome = match (&forfeit, game.outcome()) {
        (Some((p, _)), _) => Outcome {
            scores: game.scores(),
            verdict: Verdict::Forfeit(*p),
        },
        (None, Some(o)) => o,
        (None, None) => Outcome::from_scores(game.scores()),
    };
    MatchRecord {
        actions,
        last: game,
        outcome,
        forfeit,
        think_time,
        action_times,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_ranks() {
        let o = Outcome::from_scores(vec![5, 3]);
        assert_eq!(o.winner(), Some(0));
        assert_eq!(o.result_for(0), Some(1.0));
        assert_eq!(o.result_for(1), Some(0.0));
        assert_eq!(o.result_for(2), None);
        let tie = Outcome::from_scores(vec![4, 4, 1, 0]);
        assert_eq!(tie.winner(), None);
        assert!((tie.result_for(0).unwrap() - 2.5 / 3.0).abs() < 1e-12);
        let ruled = Outcome {
            scores: vec![5, 9],
            verdict: Verdict::Winner(0),
        };
        assert_eq!(
            (ruled.winner(), ruled.result_for(0), ruled.result_for(1)),
            (Some(0), Some(1.0), Some(0.0))
        );
        let forfeit = Outcome {
            scores: vec![9, 1, 3],
            verdict: Verdict::Forfeit(0),
        };
        assert_eq!(forfeit.winner(), Some(2));
        assert_eq!(forfeit.result_for(0), Some(0.0));
        assert_eq!(forfeit.result_for(2), Some(1.0));
    }

    #[test]
    fn clock_counts_iterations() {
        let mut clock = Budget::iterations(3).start();
        assert!(clock.tick(100));
        assert!(clock.tick(100));
        assert!(!clock.tick(100));
        let mut unlimited = Budget::default().start();
        assert!((0..9).all(|_| unlimited.tick(10)));
        assert!(!unlimited.tick(10));
    }
}
