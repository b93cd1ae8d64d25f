//! [`Budget`]: how much thinking a bot may do for one action, and [`BudgetClock`], the running
//! count a search loop ticks.

use std::time::{Duration, Instant};

/// How much thinking a bot may do for one action. A bot stops at whichever limit it reaches
/// first; with none set it uses its own default.
///
/// Two kinds of clock exist in the games this crate plays. Most matches give a limit per
/// action ([`time`](Budget::time), [`iterations`](Budget::iterations)). The paper.io course
/// engine instead charges each player a budget for the whole game (30 s for up to 2 000
/// moves): the referee then also reports what is left of it in
/// [`game_time_left`](Budget::game_time_left), and a bot that knows how many moves it still has
/// spends a share of it ([`Budget::for_move`]).
///
/// ```
/// use std::time::Duration;
/// use grid_games::game::Budget;
/// let fixed = Budget::iterations(500); // reproducible: the same search every time
/// let timed = Budget::time(Duration::from_millis(100));
/// assert_eq!(fixed.iterations, Some(500));
/// assert_eq!(timed.time, Some(Duration::from_millis(100)));
/// assert_eq!(Budget::default().time, None); // the bot's own default
/// // 20 s left for 1 000 moves: about 18 ms for this one (a tenth is kept in reserve).
/// let game = Budget::default().with_game_time_left(Duration::from_secs(20));
/// assert_eq!(game.for_move(1000).time, Some(Duration::from_millis(18)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Budget {
    /// Wall-clock limit for this action.
    pub time: Option<Duration>,
    /// Limit on search iterations (simulations, nodes: the bot documents its unit).
    pub iterations: Option<u64>,
    /// The player's thinking time left for the rest of the game, when the match charges a
    /// per-game budget ([`MatchRules::game_time`](super::MatchRules::game_time)); a call that
    /// takes all of it forfeits.
    #[cfg_attr(feature = "serde", serde(default))]
    pub game_time_left: Option<Duration>,
}

impl Budget {
    /// A budget of `n` iterations.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::MctsBot};
    /// use grid_games::game::{Bot, Budget};
    /// let mut bot = MctsBot::new(1);
    /// bot.choose(&Position::new(Variant::Duo), Budget::iterations(50));
    /// assert_eq!(bot.last_search().simulations, 50);
    /// ```
    pub fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            ..Budget::default()
        }
    }

    /// A budget of `time` of wall clock.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::game::Budget;
    /// let budget = Budget::time(Duration::from_millis(20));
    /// assert_eq!((budget.time, budget.iterations), (Some(Duration::from_millis(20)), None));
    /// ```
    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..Budget::default()
        }
    }

    /// This budget with `left` of per-game thinking time remaining.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::game::Budget;
    /// let budget = Budget::iterations(100).with_game_time_left(Duration::from_secs(3));
    /// assert_eq!(budget.game_time_left, Some(Duration::from_secs(3)));
    /// assert_eq!(budget.iterations, Some(100));
    /// ```
    pub fn with_game_time_left(mut self, left: Duration) -> Budget {
        self.game_time_left = Some(left);
        self
    }

    /// The budget for one move of a bot with `moves_left` moves to make (this one included):
    /// its [`time`](Budget::time) becomes the smaller of the per-action limit and an even
    /// share of nine tenths of [`game_time_left`](Budget::game_time_left) (the tenth kept
    /// for the referee's own overhead and for slow calls). Without a game budget it is
    /// unchanged.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::game::Budget;
    /// let per_game = Budget::default().with_game_time_left(Duration::from_secs(30));
    /// assert_eq!(per_game.for_move(2000).time, Some(Duration::from_micros(13_500)));
    /// // A tighter per-action limit wins.
    /// let both = Budget::time(Duration::from_millis(5)).with_game_time_left(Duration::from_secs(30));
    /// assert_eq!(both.for_move(10).time, Some(Duration::from_millis(5)));
    /// assert_eq!(Budget::iterations(7).for_move(10), Budget::iterations(7));
    /// ```
    pub fn for_move(mut self, moves_left: u32) -> Budget {
        if let Some(left) = self.game_time_left {
            let share = left.mul_f64(0.9) / moves_left.max(1);
            self.time = Some(self.time.map_or(share, |t| t.min(share)));
        }
        self
    }

    /// The budget for one move that may spend `share` of what is left of the game: its
    /// [`time`](Budget::time) becomes the smaller of the per-action limit and `share` of nine
    /// tenths of [`game_time_left`](Budget::game_time_left). A bot that spends more where a
    /// position needs it (the opening and middle game of Blokus, say) passes its own
    /// schedule's share; [`for_move`](Budget::for_move) is the even share. `share` is
    /// clamped to `[0, 1]` (not a number counts as 0, which leaves the bot a single
    /// iteration). Without a game budget it is unchanged.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::game::Budget;
    /// let per_game = Budget::default().with_game_time_left(Duration::from_secs(10));
    /// assert_eq!(per_game.for_share(0.25).time, Some(Duration::from_millis(2250)));
    /// assert_eq!(per_game.for_share(7.0).time, Some(Duration::from_secs(9))); // clamped
    /// assert_eq!(per_game.for_share(f64::NAN).time, Some(Duration::ZERO));
    /// assert_eq!(Budget::iterations(7).for_share(0.5), Budget::iterations(7));
    /// ```
    pub fn for_share(mut self, share: f64) -> Budget {
        if let Some(left) = self.game_time_left {
            let share = if share.is_nan() {
                0.0
            } else {
                share.clamp(0.0, 1.0)
            };
            let time = left.mul_f64(0.9 * share);
            self.time = Some(self.time.map_or(time, |t| t.min(time)));
        }
        self
    }

    /// A clock for this budget, started now.
    ///
    /// ```
    /// use grid_games::game::Budget;
    /// // The loop of a search: run iterations until the budget says stop.
    /// let mut clock = Budget::iterations(3).start();
    /// let mut iterations = 1;
    /// while clock.tick(1_000) {
    ///     iterations += 1;
    /// }
    /// assert_eq!((iterations, clock.used()), (3, 3));
    /// ```
    pub fn start(&self) -> BudgetClock {
        BudgetClock {
            start: Instant::now(),
            budget: *self,
            used: 0,
        }
    }
}

/// A running [`Budget`]: counts iterations and checks the deadline.
///
/// ```
/// use std::time::Duration;
/// use grid_games::game::Budget;
/// let mut clock = Budget::time(Duration::from_secs(60)).start();
/// assert!(clock.tick(10)); // far from the deadline; no iteration limit applies
/// assert_eq!(clock.used(), 1);
/// assert!(clock.elapsed() < Duration::from_secs(60));
/// ```
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
    ///
    /// ```
    /// use grid_games::game::Budget;
    /// // No limit set: the default of the caller (here 2 iterations) applies.
    /// let mut clock = Budget::default().start();
    /// assert!(clock.tick(2));
    /// assert!(!clock.tick(2));
    /// ```
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
    ///
    /// ```
    /// use grid_games::game::Budget;
    /// let mut clock = Budget::iterations(10).start();
    /// clock.tick(0);
    /// clock.tick(0);
    /// assert_eq!(clock.used(), 2);
    /// ```
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Time since the clock started.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::game::Budget;
    /// let clock = Budget::default().start();
    /// assert!(clock.elapsed() < Duration::from_secs(5));
    /// ```
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
