//! The vocabulary every perfect-information, turn-based game of the crate speaks: a
//! [`Game`] state with legal actions and a typed error for illegal ones, a [`Bot`] that picks
//! an action within a [`Budget`], and the referee [`play_match`] that runs one game and
//! records it.
//!
//! The shape follows `shakmaty`'s `Position`: the state knows whose turn it is, lists its legal
//! actions into a caller-owned buffer (so search loops allocate nothing), applies an action
//! with [`Game::play`] returning `Result`, and reports [`Game::outcome`] once nobody can act.
//! States are `Clone` and cheap to clone, which is what tree search needs.
//!
//! The referee does not trust bots: a bot that panics (even with a payload whose own `Drop`
//! panics), returns no action, returns an illegal action or overruns its time loses the game
//! by [`Verdict::Forfeit`]; its time is measured by the referee, not reported by the bot.

use std::time::{Duration, Instant};

use super::{Budget, ByPlayer, Outcome, Player, Verdict};

/// A turn-based game state with perfect information.
///
/// A game has `players()` seats, numbered [`Player::FIRST`] onwards (at most
/// [`Player::MAX`]). A game where a player can be skipped (Blokus passes implicitly) simply
/// reports the next player who can act from [`to_move`](Game::to_move).
///
/// A game of your own plugs into [`play_match`] and the bots' search: here, a race to 10 where
/// each player adds 1 or 2 in turn and whoever reaches 10 wins.
///
/// ```
/// use grid_games::game::{play_match, Bot, Budget, ByPlayer, Game, MatchRules, Player};
/// #[derive(Clone, Debug)]
/// struct Race { total: u8, turn: Player, winner: Option<Player> }
/// impl Game for Race {
///     type Action = u8;
///     type Error = std::fmt::Error;
///     fn players(&self) -> usize { 2 }
///     fn to_move(&self) -> Option<Player> { self.winner.is_none().then_some(self.turn) }
///     fn legal_actions(&self, out: &mut Vec<u8>) {
///         out.clear();
///         if self.winner.is_none() { out.extend([1, 2]); }
///     }
///     fn play(&mut self, step: u8) -> Result<(), std::fmt::Error> {
///         if self.winner.is_some() || !(1..=2).contains(&step) { return Err(std::fmt::Error); }
///         self.total += step;
///         if self.total >= 10 { self.winner = Some(self.turn); }
///         self.turn = self.turn.next(2);
///         Ok(())
///     }
///     fn scores(&self) -> ByPlayer<i64> {
///         ByPlayer::from_fn(2, |p| i64::from(self.winner == Some(p)))
///     }
/// }
/// /// Always adds 1.
/// struct Slow;
/// impl Bot<Race> for Slow {
///     fn name(&self) -> String { "slow".into() }
///     fn choose(&mut self, _: &Race, _: Budget) -> Option<u8> { Some(1) }
/// }
/// let race = Race { total: 0, turn: Player::FIRST, winner: None };
/// let record = play_match(race, &mut [&mut Slow, &mut Slow], MatchRules::default())?;
/// assert_eq!(record.actions.len(), 10);
/// assert_eq!(record.outcome.winner(), Some(Player::SECOND)); // the 10th step is the second's
/// # Ok::<(), grid_games::game::MatchError>(())
/// ```
pub trait Game: Clone {
    /// One action (a move) of the game. Small and `Copy`.
    type Action: Copy + Eq + core::fmt::Debug;
    /// Why an action was refused.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Number of players (1 to [`Player::MAX`]).
    fn players(&self) -> usize;

    /// The player who acts next, or `None` once the game is over.
    fn to_move(&self) -> Option<Player>;

    /// Appends every legal action of the player to move to `out` (which is cleared first).
    /// Empty once the game is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Applies `action` for the player to move, or explains why it is illegal (the state is
    /// then unchanged).
    fn play(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    /// The current scores, one per player, higher is better. Defined at any time; final once
    /// [`to_move`](Game::to_move) is `None`.
    fn scores(&self) -> ByPlayer<i64>;

    /// The outcome once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        match self.to_move() {
            None => Some(Outcome::from_scores(self.scores())),
            Some(_) => None,
        }
    }
}

/// A player program: picks an action for the player to move.
///
/// # The contract
/// * **Whole state, every call.** [`choose`](Bot::choose) receives the whole game state; a bot
///   needs no notice of the moves in between, which it can read off the state.
/// * **What a bot keeps between calls** is its own business (a random generator, a plan, a
///   search tree to reuse), but it must check that what it kept still fits the state it is
///   given, and start afresh when it does not. So **a bot may be reused across games and
///   seats**, and the bots of this crate are: each documents what it keeps.
/// * **Randomness**: bots own their random generators, seeded at construction, so that a match
///   with iteration budgets is replayable. The crate's bots are all built by `new(seed)` (and
///   `with_config(seed, config)`, and `from_rng(&mut rng)` with the `rand_core` feature) and
///   draw from the crate's portable [`Rng`](super::Rng), whatever generator gave the seed.
/// * **Budgets**: a bot stops thinking at the [`Budget`] it is given: a per-action limit, and,
///   when the match charges a per-game budget (the paper.io course's 30 s a game), the time
///   left of it ([`Budget::game_time_left`], of which [`Budget::for_move`] takes a share). The
///   referee measures the time itself; a bot that overruns forfeits.
/// * **Failure**: returning `None` or an illegal action, or panicking, forfeits the game in
///   [`play_match`]; it never brings the referee down.
///
/// A bot that always plays the first legal move:
///
/// ```
/// use grid_games::blokus::{Move, Position, Variant};
/// use grid_games::game::{play_match, Bot, Budget, Game, MatchRules};
/// struct FirstMove;
/// impl Bot<Position> for FirstMove {
///     fn name(&self) -> String { "first".into() }
///     fn choose(&mut self, pos: &Position, _budget: Budget) -> Option<Move> {
///         let mut moves = Vec::new();
///         pos.legal_actions(&mut moves);
///         moves.first().copied()
///     }
/// }
/// let rules = MatchRules::default().with_max_actions(6);
/// let record = play_match(Position::new(Variant::Duo), &mut [&mut FirstMove, &mut FirstMove], rules)?;
/// assert_eq!(record.actions.len(), 6);
/// assert!(record.forfeit.is_none());
/// # Ok::<(), grid_games::game::MatchError>(())
/// ```
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

/// Settings of [`play_match`]. Build with `MatchRules::default()` and the `with_…` setters
/// (the struct may gain fields).
///
/// ```
/// use std::time::Duration;
/// use grid_games::game::{Budget, MatchRules};
/// let rules = MatchRules::default()
///     .with_budget(Budget::iterations(200))
///     .with_time_limit(Duration::from_secs(5));
/// assert_eq!(rules.budget.iterations, Some(200));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MatchRules {
    /// The budget handed to every bot for every action.
    pub budget: Budget,
    /// A bot that thinks longer than this for one action forfeits (`None`: no limit).
    pub time_limit: Option<Duration>,
    /// Each player's thinking budget for the whole game, as in the paper.io contest engine: a
    /// call that takes at least the remaining budget forfeits, otherwise it is deducted
    /// (`None`: no limit).
    pub game_time: Option<Duration>,
    /// Stop after this many actions in all and score the position as it stands (`None`: play
    /// to the end).
    pub max_actions: Option<usize>,
}

impl MatchRules {
    /// These rules with this per-action budget.
    ///
    /// ```
    /// use grid_games::game::{Budget, MatchRules};
    /// let rules = MatchRules::default().with_budget(Budget::iterations(50));
    /// assert_eq!(rules.budget, Budget::iterations(50));
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> MatchRules {
        self.budget = budget;
        self
    }

    /// These rules with a per-action time limit.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::game::MatchRules;
    /// let rules = MatchRules::default().with_time_limit(Duration::from_secs(1));
    /// assert_eq!(rules.time_limit, Some(Duration::from_secs(1)));
    /// ```
    pub fn with_time_limit(mut self, limit: Duration) -> MatchRules {
        self.time_limit = Some(limit);
        self
    }

    /// These rules with a per-game thinking budget for each player.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::game::MatchRules;
    /// let rules = MatchRules::default().with_game_time(Duration::from_secs(90));
    /// assert_eq!(rules.game_time, Some(Duration::from_secs(90)));
    /// ```
    pub fn with_game_time(mut self, total: Duration) -> MatchRules {
        self.game_time = Some(total);
        self
    }

    /// These rules with a cap on the number of actions.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::RandomBot};
    /// use grid_games::game::{play_match, MatchRules};
    /// // Stop after four placements and score the board as it stands.
    /// let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
    /// let rules = MatchRules::default().with_max_actions(4);
    /// let record = play_match(Position::new(Variant::Duo), &mut [&mut a, &mut b], rules)?;
    /// assert_eq!(record.actions.len(), 4);
    /// assert!(!record.last.is_over());
    /// # Ok::<(), grid_games::game::MatchError>(())
    /// ```
    pub fn with_max_actions(mut self, actions: usize) -> MatchRules {
        self.max_actions = Some(actions);
        self
    }
}

/// Why a match ended before the game did.
///
/// ```
/// use grid_games::blokus::{Move, Position, Variant, bots::RandomBot};
/// use grid_games::game::{play_match, Bot, Budget, Forfeit, MatchRules, Player, Verdict};
/// /// Gives up at once.
/// struct Resigner;
/// impl Bot<Position> for Resigner {
///     fn name(&self) -> String { "resigner".into() }
///     fn choose(&mut self, _: &Position, _: Budget) -> Option<Move> { None }
/// }
/// let mut other = RandomBot::new(1);
/// let record = play_match(Position::new(Variant::Duo), &mut [&mut Resigner, &mut other], MatchRules::default())?;
/// assert_eq!(record.forfeit, Some((Player::FIRST, Forfeit::NoAction)));
/// assert_eq!(record.outcome.verdict, Verdict::Forfeit(Player::FIRST));
/// assert_eq!(record.outcome.winner(), Some(Player::SECOND));
/// # Ok::<(), grid_games::game::MatchError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Forfeit {
    /// The bot returned no action although the game was not over.
    NoAction,
    /// The bot returned an illegal action; the game's error, as text.
    Illegal(String),
    /// The bot overran [`MatchRules::time_limit`] or its [`MatchRules::game_time`]; the time
    /// the offending call took.
    Timeout(Duration),
    /// The bot panicked; the panic message when it was a string.
    Crashed(Option<String>),
}

impl core::fmt::Display for Forfeit {
    /// `returned no action`, `played an illegal action: …`, `overran its time (1.250 s)`,
    /// `crashed` or `crashed: …` (the panic message).
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::game::Forfeit;
    /// assert_eq!(Forfeit::Timeout(Duration::from_millis(1250)).to_string(), "overran its time (1.250 s)");
    /// assert_eq!(Forfeit::Crashed(Some("boom".into())).to_string(), "crashed: boom");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Forfeit::NoAction => f.write_str("returned no action"),
            Forfeit::Illegal(e) => write!(f, "played an illegal action: {e}"),
            Forfeit::Timeout(spent) => write!(f, "overran its time ({})", Seconds(*spent)),
            Forfeit::Crashed(None) => f.write_str("crashed"),
            Forfeit::Crashed(Some(message)) => write!(f, "crashed: {message}"),
        }
    }
}

/// A duration printed as seconds with three decimals: `1.250 s`.
pub(crate) struct Seconds(pub(crate) Duration);

impl core::fmt::Display for Seconds {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:.3} s", self.0.as_secs_f64())
    }
}

/// Why [`play_match`] could not start.
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::RandomBot};
/// use grid_games::game::{play_match, MatchError, MatchRules};
/// let mut lonely = RandomBot::new(1);
/// let err = play_match(Position::new(Variant::Duo), &mut [&mut lonely], MatchRules::default()).unwrap_err();
/// assert_eq!(err, MatchError::WrongBotCount { bots: 1, players: 2 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError {
    /// The number of bots differs from the game's number of players.
    #[error("{bots} bots for a game of {players} players")]
    WrongBotCount {
        /// Bots given.
        bots: usize,
        /// Players of the game.
        players: usize,
    },
}

/// Everything a match produced: the action list (replayable from the initial state), the final
/// state, and how it ended.
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::RandomBot};
/// use grid_games::game::{play_match, Game, MatchRules};
/// let (mut a, mut b) = (RandomBot::new(3), RandomBot::new(4));
/// let rules = MatchRules::default().with_max_actions(10);
/// let record = play_match(Position::new(Variant::Duo), &mut [&mut a, &mut b], rules)?;
/// // The action list replays the game from the initial position.
/// let mut replay = Position::new(Variant::Duo);
/// for &(_, m) in &record.actions {
///     replay.play(m)?;
/// }
/// assert_eq!(replay.final_score(), record.last.final_score());
/// assert_eq!(record.action_times.len(), record.actions.len());
/// // A one-line summary: the outcome, the actions, any forfeit, the thinking times.
/// println!("{record}"); // e.g. "0-1 (3 to 8) after 10 actions; thinking time 0.001 s, 0.001 s"
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `Display` writes `outcome " after " n " actions" ["; " player " " forfeit] "; thinking time
/// " seconds *(", " seconds)`: the [`Outcome`], the number of actions played, the
/// [`Forfeit`] if a player forfeited, and each player's thinking time in seat order (seconds
/// with three decimals).
#[derive(Clone, Debug)]
pub struct MatchRecord<G: Game> {
    /// `(player, action)` in order of play.
    pub actions: Vec<(Player, G::Action)>,
    /// The state after the last action.
    pub last: G,
    /// The final scores and verdict ([`Verdict::Forfeit`] on a forfeit).
    pub outcome: Outcome,
    /// The player who forfeited, and why.
    pub forfeit: Option<(Player, Forfeit)>,
    /// Thinking time used by each player.
    pub think_time: ByPlayer<Duration>,
    /// Thinking time of every action, parallel to `actions`.
    pub action_times: Vec<Duration>,
}

impl<G: Game> core::fmt::Display for MatchRecord<G> {
    /// See [`MatchRecord`].
    ///
    /// ```
    /// use grid_games::blokus::{Move, Position, Variant};
    /// use grid_games::game::{play_match, Bot, Budget, MatchRules};
    /// struct Resigner;
    /// impl Bot<Position> for Resigner {
    ///     fn name(&self) -> String { "resigner".into() }
    ///     fn choose(&mut self, _: &Position, _: Budget) -> Option<Move> { None }
    /// }
    /// let record = play_match(Position::new(Variant::Duo), &mut [&mut Resigner, &mut Resigner], MatchRules::default())?;
    /// let text = record.to_string();
    /// assert!(text.starts_with("0-1 (player 1 forfeited; 0 to 0) after 0 actions; player 1 returned no action; thinking time 0.0"));
    /// # Ok::<(), grid_games::game::MatchError>(())
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} after {} actions", self.outcome, self.actions.len())?;
        if let Some((player, forfeit)) = &self.forfeit {
            write!(f, "; {player} {forfeit}")?;
        }
        f.write_str("; thinking time ")?;
        for (i, (_, &time)) in self.think_time.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", Seconds(time))?;
        }
        Ok(())
    }
}

/// Runs a bot call, turning a panic into `Err(message)`. A payload whose own `Drop` panics is
/// leaked rather than dropped, so nothing escapes.
pub(crate) fn guard<T>(f: impl FnOnce() -> T) -> Result<T, Option<String>> {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => Ok(v),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned());
            // Dropping the payload runs its destructor, which may itself panic.
            if let Err(second) = catch_unwind(AssertUnwindSafe(move || drop(payload))) {
                // Its payload could panic on drop as well: leak it.
                std::mem::forget(second);
            }
            Err(message)
        }
    }
}

/// Plays `game` to the end with `bots[p]` acting for player `p`, and records it.
///
/// A bot that panics, returns nothing, returns an illegal action or overruns its time forfeits
/// ([`MatchRecord::forfeit`]); the referee itself never panics because of a bot.
///
/// ```
/// use grid_games::blokus::{Position, Variant, bots::RandomBot};
/// use grid_games::game::{play_match, Game, MatchRules};
/// let mut a = RandomBot::new(1);
/// let mut b = RandomBot::new(2);
/// let record = play_match(Position::new(Variant::Duo), &mut [&mut a, &mut b], MatchRules::default())?;
/// assert!(record.forfeit.is_none());
/// assert_eq!(record.outcome.scores, record.last.scores());
/// # Ok::<(), grid_games::game::MatchError>(())
/// ```
///
/// # Errors
/// [`MatchError::WrongBotCount`] if `bots.len()` differs from the game's number of players.
pub fn play_match<G: Game>(
    mut game: G,
    bots: &mut [&mut dyn Bot<G>],
    rules: MatchRules,
) -> Result<MatchRecord<G>, MatchError> {
    if bots.len() != game.players() || bots.len() > Player::MAX {
        return Err(MatchError::WrongBotCount {
            bots: bots.len(),
            players: game.players(),
        });
    }
    let mut actions = Vec::new();
    let mut think_time = ByPlayer::filled(bots.len(), Duration::ZERO);
    let mut action_times = Vec::new();
    let mut remaining = ByPlayer::filled(bots.len(), rules.game_time);
    let mut forfeit = None;
    while let Some(player) = game.to_move() {
        if rules.max_actions.is_some_and(|m| actions.len() >= m) {
            break;
        }
        let Some(bot) = bots.get_mut(player.index()) else {
            // A game that names a seat it does not have: score it as it stands.
            break;
        };
        let start = Instant::now();
        let budget = match remaining[player] {
            Some(left) => rules.budget.with_game_time_left(left),
            None => rules.budget,
        };
        let choice = guard(|| bot.choose(&game, budget));
        let spent = start.elapsed();
        think_time[player] += spent;
        let choice = match choice {
            Ok(choice) => choice,
            Err(message) => {
                forfeit = Some((player, Forfeit::Crashed(message)));
                break;
            }
        };
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
    Ok(MatchRecord {
        actions,
        last: game,
        outcome,
        forfeit,
        think_time,
        action_times,
    })
}

/// The summary of a series of games from one entrant's point of view: wins, draws, losses,
/// the point margins and how games were lost to forfeits, with the score share and its 95 %
/// interval. The counts and the margin sum saturate rather than overflow.
///
/// ```
/// use grid_games::game::{Outcome, Player, Tally};
/// let mut t = Tally::default();
/// t.add(&Outcome::from_scores([10, 4]), Player::FIRST);
/// t.add(&Outcome::from_scores([3, 3]), Player::FIRST);
/// t.add(&Outcome::from_scores([2, 9]), Player::FIRST);
/// assert_eq!((t.wins, t.draws, t.losses), (1, 1, 1));
/// assert_eq!(t.score(), 0.5);
/// assert_eq!(t.mean_margin(), Some((6.0 + 0.0 - 7.0) / 3.0));
/// let (low, high) = t.interval95().unwrap();
/// assert!(low < 0.5 && 0.5 < high);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn (or shared first places).
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Games this entrant lost by forfeit (counted in `losses` too).
    pub forfeits_lost: u64,
    /// Games the opponent lost by forfeit (counted in `wins` too).
    pub forfeits_won: u64,
    /// Sum of the point margins ([`Outcome::margin_for`]) over the games.
    pub margin_sum: i128,
    /// Sum of the squared results (1, 0.25 or 0 per game), for the interval.
    result_squares: f64,
}

impl Tally {
    /// Adds one finished game, seen from `me`; a game without `me` is ignored.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player, Tally};
    /// let mut t = Tally::default();
    /// t.add(&Outcome::from_scores([10, 4]), Player::SECOND); // seen from the second seat: a loss
    /// assert_eq!((t.wins, t.losses, t.margin_sum), (0, 1, -6));
    /// ```
    pub fn add(&mut self, outcome: &Outcome, me: Player) {
        let Some(result) = outcome.result_for(me) else {
            return;
        };
        // Counts saturate: the fields are public (and may be read from a document), so they
        // can start anywhere.
        let bump = |n: &mut u64| *n = n.saturating_add(1);
        if result > 0.5 {
            bump(&mut self.wins);
        } else if result < 0.5 {
            bump(&mut self.losses);
        } else {
            bump(&mut self.draws);
        }
        match outcome.verdict {
            Verdict::Forfeit(p) if p == me => bump(&mut self.forfeits_lost),
            Verdict::Forfeit(_) => bump(&mut self.forfeits_won),
            _ => {}
        }
        let margin = i128::from(outcome.margin_for(me).unwrap_or(0));
        self.margin_sum = self.margin_sum.saturating_add(margin);
        self.result_squares += result * result;
    }

    /// Adds every game of `other`.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player, Tally};
    /// let (mut first_half, mut second_half) = (Tally::default(), Tally::default());
    /// first_half.add(&Outcome::from_scores([5, 1]), Player::FIRST);
    /// second_half.add(&Outcome::from_scores([1, 5]), Player::FIRST);
    /// first_half.merge(&second_half);
    /// assert_eq!((first_half.wins, first_half.losses, first_half.games()), (1, 1, 2));
    /// ```
    pub fn merge(&mut self, other: &Tally) {
        self.wins = self.wins.saturating_add(other.wins);
        self.draws = self.draws.saturating_add(other.draws);
        self.losses = self.losses.saturating_add(other.losses);
        self.forfeits_lost = self.forfeits_lost.saturating_add(other.forfeits_lost);
        self.forfeits_won = self.forfeits_won.saturating_add(other.forfeits_won);
        self.margin_sum = self.margin_sum.saturating_add(other.margin_sum);
        self.result_squares += other.result_squares;
    }

    /// Games counted.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player, Tally};
    /// let mut t = Tally::default();
    /// assert_eq!(t.games(), 0);
    /// t.add(&Outcome::from_scores([2, 2]), Player::FIRST);
    /// assert_eq!(t.games(), 1);
    /// ```
    pub fn games(&self) -> u64 {
        self.wins
            .saturating_add(self.draws)
            .saturating_add(self.losses)
    }

    /// The score share: (wins + draws / 2) / games, 0 with no game.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player, Tally};
    /// let mut t = Tally::default();
    /// for scores in [[3, 1], [3, 1], [2, 2], [0, 1]] {
    ///     t.add(&Outcome::from_scores(scores), Player::FIRST);
    /// }
    /// assert_eq!(t.score(), (2.0 + 0.5) / 4.0);
    /// ```
    pub fn score(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.0;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / games as f64
    }

    /// The mean point margin, `None` with no game.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player, Tally};
    /// let mut t = Tally::default();
    /// assert_eq!(t.mean_margin(), None);
    /// t.add(&Outcome::from_scores([30, 20]), Player::FIRST);
    /// t.add(&Outcome::from_scores([20, 24]), Player::FIRST);
    /// assert_eq!(t.mean_margin(), Some(3.0));
    /// ```
    pub fn mean_margin(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.margin_sum as f64 / games as f64)
    }

    /// A 95 % confidence interval for the expected score share (normal approximation with the
    /// sample variance of the per-game results, clipped to `[0, 1]`); `None` with fewer than
    /// two games.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player, Tally};
    /// let mut t = Tally::default();
    /// for i in 0..100 {
    ///     let scores = if i % 4 == 0 { [0, 1] } else { [1, 0] }; // 75 wins in 100
    ///     t.add(&Outcome::from_scores(scores), Player::FIRST);
    /// }
    /// let (low, high) = t.interval95().unwrap();
    /// assert!(low > 0.65 && high < 0.85 && low < 0.75 && 0.75 < high);
    /// ```
    pub fn interval95(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        if n < 2.0 {
            return None;
        }
        let mean = self.score();
        let variance = ((self.result_squares - n * mean * mean) / (n - 1.0)).max(0.0);
        let half = 1.96 * (variance / n).sqrt();
        Some(((mean - half).max(0.0), (mean + half).min(1.0)))
    }
}

impl core::fmt::Display for Tally {
    /// `20 games: +12 =1 -7, score 62.5 % (95 % interval 41.2 % to 83.8 %), mean margin
    /// +3.25`, then `; forfeits: 1 lost, 2 won` when some game was forfeited. The interval is
    /// left out with fewer than two games, the margin with none.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player, Tally};
    /// let mut t = Tally::default();
    /// for scores in [[3, 1], [3, 1], [2, 2], [0, 1]] {
    ///     t.add(&Outcome::from_scores(scores), Player::FIRST);
    /// }
    /// assert_eq!(
    ///     t.to_string(),
    ///     "4 games: +2 =1 -1, score 62.5 % (95 % interval 15.6 % to 100.0 %), mean margin +0.75"
    /// );
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let games = self.games();
        let noun = if games == 1 { "game" } else { "games" };
        write!(
            f,
            "{games} {noun}: +{} ={} -{}, score {:.1} %",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score()
        )?;
        if let Some((low, high)) = self.interval95() {
            write!(
                f,
                " (95 % interval {:.1} % to {:.1} %)",
                100.0 * low,
                100.0 * high
            )?;
        }
        if let Some(margin) = self.mean_margin() {
            write!(f, ", mean margin {margin:+.2}")?;
        }
        if self.forfeits_lost > 0 || self.forfeits_won > 0 {
            write!(
                f,
                "; forfeits: {} lost, {} won",
                self.forfeits_lost, self.forfeits_won
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-player counting game: each action adds its value; over at 3 actions.
    #[derive(Clone, Debug)]
    struct Count(Vec<u8>);

    impl Game for Count {
        type Action = u8;
        type Error = std::fmt::Error;
        fn players(&self) -> usize {
            1
        }
        fn to_move(&self) -> Option<Player> {
            (self.0.len() < 3).then_some(Player::FIRST)
        }
        fn legal_actions(&self, out: &mut Vec<u8>) {
            out.clear();
            out.extend([1, 2]);
        }
        fn play(&mut self, action: u8) -> Result<(), std::fmt::Error> {
            if action == 0 || action > 2 {
                return Err(std::fmt::Error);
            }
            self.0.push(action);
            Ok(())
        }
        fn scores(&self) -> ByPlayer<i64> {
            ByPlayer::from([self.0.iter().map(|&a| i64::from(a)).sum()])
        }
    }

    struct Panicky;
    struct BadDrop;
    impl Drop for BadDrop {
        fn drop(&mut self) {
            panic!("drop panics too");
        }
    }
    impl Bot<Count> for Panicky {
        fn name(&self) -> String {
            "panicky".into()
        }
        fn choose(&mut self, _: &Count, _: Budget) -> Option<u8> {
            std::panic::panic_any(BadDrop)
        }
    }

    struct Fixed(u8);
    impl Bot<Count> for Fixed {
        fn name(&self) -> String {
            "fixed".into()
        }
        fn choose(&mut self, _: &Count, _: Budget) -> Option<u8> {
            Some(self.0)
        }
    }

    #[test]
    fn referee_survives_bad_bots() {
        let record =
            play_match(Count(vec![]), &mut [&mut Panicky], MatchRules::default()).expect("one bot");
        assert_eq!(
            record.forfeit,
            Some((Player::FIRST, Forfeit::Crashed(None)))
        );
        let record =
            play_match(Count(vec![]), &mut [&mut Fixed(7)], MatchRules::default()).unwrap();
        assert!(matches!(record.forfeit, Some((_, Forfeit::Illegal(_)))));
        let record =
            play_match(Count(vec![]), &mut [&mut Fixed(2)], MatchRules::default()).unwrap();
        assert_eq!(record.outcome.scores, ByPlayer::from([6]));
        assert_eq!(
            play_match(
                Count(vec![]),
                &mut [&mut Fixed(1), &mut Fixed(1)],
                MatchRules::default()
            )
            .err(),
            Some(MatchError::WrongBotCount {
                bots: 2,
                players: 1
            })
        );
        let capped = MatchRules::default().with_max_actions(1);
        let record = play_match(Count(vec![]), &mut [&mut Fixed(2)], capped).unwrap();
        assert_eq!(record.actions.len(), 1);
    }

    #[test]
    fn tally_counts() {
        let mut t = Tally::default();
        assert_eq!(
            (t.score(), t.mean_margin(), t.interval95()),
            (0.0, None, None)
        );
        let forfeit = Outcome {
            scores: ByPlayer::from([50, 1]),
            verdict: Verdict::Forfeit(Player::FIRST),
        };
        t.add(&forfeit, Player::FIRST);
        t.add(&forfeit, Player::SECOND);
        t.add(&forfeit, Player::THIRD);
        assert_eq!(
            (t.wins, t.losses, t.forfeits_lost, t.forfeits_won),
            (1, 1, 1, 1)
        );
        let mut u = t.clone();
        u.merge(&t);
        assert_eq!(u.games(), 4);
        assert_eq!(u.margin_sum, 0);
    }
}
