//! The referee: the drawing phase, then the game on the shared match runner.
//!
//! Bots are not trusted: a bot that panics (even with a payload whose `Drop` panics) loses the
//! game by [`GameEnd::Crashed`], one that overruns [`GameSettings::call_time`] (measured by the
//! referee) by [`GameEnd::Timeout`], and an illegal drawing or action loses by
//! [`GameEnd::Illegal`]. A game lasts at most `2 · MAX_OPERATIONS` turns.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{
    Action, Contestant, Geometry, HitAnswer, LastResult, PlanesBot, PlanesError, Position, Setup,
    Sheet, Subtask,
};
use crate::game::{Forfeit, Game, MatchRules, Outcome, Side, Verdict, guard, play_match};

/// Operations each player may make in one game.
pub const MAX_OPERATIONS: usize = 500;

/// How a game ended.
///
/// ```
/// use grid_games::game::Side;
/// use grid_games::planes::{bots::RandomBot, play_game, GameEnd, GameSettings, Geometry, SUBTASKS};
/// let geometry = Geometry::standard();
/// let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
/// let record = play_game(&geometry, &GameSettings::new(SUBTASKS[4]), [&mut a, &mut b]);
/// match record.end {
///     GameEnd::AllDestroyed => assert!(record.drawn[record.winner.other().index()].is_some()),
///     GameEnd::Exhausted => assert_eq!(record.winner, Side::Second), // the second player wins
///     other => panic!("random bots play legally: {other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GameEnd {
    /// The winner destroyed all three enemy planes.
    AllDestroyed,
    /// Both players used their 500 operations; the second player wins.
    Exhausted,
    /// The loser's bot panicked (a crash loses, as in the contest).
    Crashed {
        /// The crashing player.
        player: Side,
    },
    /// The loser's bot took longer than [`GameSettings::call_time`] over its drawing or one
    /// turn.
    Timeout {
        /// The slow player.
        player: Side,
        /// How long the offending call took, as the referee measured it.
        spent: Duration,
    },
    /// The loser made an illegal drawing or action.
    Illegal {
        /// The offending player.
        player: Side,
        /// What was wrong.
        error: PlanesError,
    },
}

/// One finished game.
///
/// ```
/// use grid_games::planes::{bots::{HunterBot, RandomBot}, play_game, Action, GameSettings, Geometry, SUBTASKS};
/// let geometry = Geometry::standard();
/// let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
/// let record = play_game(&geometry, &GameSettings::new(SUBTASKS[0]), [&mut hunter, &mut random]);
/// // Every hit got an answer; moves did not.
/// for (_, action, answer) in &record.actions {
///     assert_eq!(matches!(action, Action::Hit(_)), answer.is_some());
/// }
/// assert!(record.drawn.iter().all(Option::is_some));
/// assert_eq!(record.last.as_ref().map(|last| last.history().len()), Some(record.actions.len()));
/// println!("{record}"); // e.g. "1-0 (player 1 won by rule; 3 to 1): all three planes destroyed after 53 actions, player 1 moved first"
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The winner.
    pub winner: Side,
    /// Who moved first.
    pub first: Side,
    /// How it ended.
    pub end: GameEnd,
    /// Every action in order: `(player, action, answer to a hit)`.
    pub actions: Vec<(Side, Action, Option<HitAnswer>)>,
    /// The sheets as drawn.
    pub drawn: [Option<Sheet>; 2],
    /// The position after the last action (`None` when a drawing was refused or failed).
    pub last: Option<Position>,
}

/// What the referee needs to know about one game besides the bots: the subtask (which kinds
/// each plane may use), who moves first, what each bot is told about its previous game, and how
/// long a bot may think.
///
/// ```
/// use std::time::Duration;
/// use grid_games::game::Side;
/// use grid_games::planes::{GameSettings, LastResult, SUBTASKS};
/// let settings = GameSettings::new(SUBTASKS[1])
///     .with_first(Side::Second)
///     .with_last([LastResult::Won, LastResult::Lost])
///     .with_call_time(Duration::from_secs(2));
/// assert_eq!(settings.first, Side::Second);
/// assert_eq!(settings.call_time, Some(Duration::from_secs(2)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct GameSettings {
    /// The subtask: its id and kind masks.
    pub subtask: Subtask,
    /// Who moves first.
    pub first: Side,
    /// What each side is told about its previous game.
    pub last: [LastResult; 2],
    /// Longest a bot may take over its drawing (`setup`) or over one turn (hearing the answer
    /// to its last hit and the opponent's action, then `act`), measured by the referee: a
    /// slower one loses the game by [`GameEnd::Timeout`] (`None`, the default: no limit). The
    /// referee cannot interrupt a call, only rule on it once it returns.
    pub call_time: Option<Duration>,
}

impl GameSettings {
    /// A first game of `subtask`, [`Side::First`] moving first.
    ///
    /// ```
    /// use grid_games::game::Side;
    /// use grid_games::planes::{GameSettings, LastResult, SUBTASKS};
    /// let settings = GameSettings::new(SUBTASKS[0]);
    /// assert_eq!(settings.first, Side::First);
    /// assert_eq!(settings.last, [LastResult::FirstGame; 2]);
    /// ```
    pub fn new(subtask: Subtask) -> GameSettings {
        GameSettings {
            subtask,
            first: Side::First,
            last: [LastResult::FirstGame; 2],
            call_time: None,
        }
    }

    /// These settings with `first` moving first.
    ///
    /// ```
    /// use grid_games::game::Side;
    /// use grid_games::planes::{bots::RandomBot, play_game, GameSettings, Geometry, SUBTASKS};
    /// let geometry = Geometry::standard();
    /// let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
    /// let settings = GameSettings::new(SUBTASKS[4]).with_first(Side::Second);
    /// let record = play_game(&geometry, &settings, [&mut a, &mut b]);
    /// assert_eq!(record.actions[0].0, Side::Second);
    /// ```
    pub fn with_first(mut self, first: Side) -> GameSettings {
        self.first = first;
        self
    }

    /// These settings with what each side is told about its previous game.
    ///
    /// ```
    /// use grid_games::planes::{GameSettings, LastResult, SUBTASKS};
    /// let settings = GameSettings::new(SUBTASKS[0]).with_last([LastResult::Lost, LastResult::Won]);
    /// assert_eq!(settings.last[0], LastResult::Lost);
    /// ```
    pub fn with_last(mut self, last: [LastResult; 2]) -> GameSettings {
        self.last = last;
        self
    }

    /// These settings with a time limit on every bot call.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::planes::{bots::RandomBot, play_game, GameEnd, GameSettings, Geometry, SUBTASKS};
    /// let geometry = Geometry::standard();
    /// let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
    /// let settings = GameSettings::new(SUBTASKS[4]).with_call_time(Duration::from_secs(10));
    /// let record = play_game(&geometry, &settings, [&mut a, &mut b]);
    /// assert!(!matches!(record.end, GameEnd::Timeout { .. })); // random bots answer in microseconds
    /// ```
    pub fn with_call_time(mut self, limit: Duration) -> GameSettings {
        self.call_time = Some(limit);
        self
    }
}

/// Runs a bot's drawing for `player` under the referee's rules: a panic is a crash, a call
/// slower than `limit` a timeout.
fn call<T>(limit: Option<Duration>, player: Side, f: impl FnOnce() -> T) -> Result<T, GameEnd> {
    let start = Instant::now();
    let out = guard(f);
    let spent = start.elapsed();
    match out {
        Err(_) => Err(GameEnd::Crashed { player }),
        Ok(_) if limit.is_some_and(|limit| spent > limit) => {
            Err(GameEnd::Timeout { player, spent })
        }
        Ok(value) => Ok(value),
    }
}

/// Plays one game between `bots[0]` ([`Side::First`]) and `bots[1]` ([`Side::Second`]).
///
/// The drawing phase calls each bot's [`setup`](PlanesBot::setup) ([`Side::First`]'s first)
/// and checks the drawings; the game is then a [`Position`] played by
/// [`play_match`](crate::game::play_match) with each bot behind a [`Contestant`] (which tells
/// it only what a contestant may know), and the match's forfeits become [`GameEnd`]s.
///
/// ```
/// use grid_games::game::Side;
/// use grid_games::planes::{bots::{HunterBot, RandomBot}, play_game, GameSettings, Geometry, SUBTASKS};
/// let geometry = Geometry::standard();
/// let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
/// let settings = GameSettings::new(SUBTASKS[0]).with_first(Side::Second);
/// let record = play_game(&geometry, &settings, [&mut hunter, &mut random]);
/// assert_eq!(record.first, Side::Second);
/// assert!(record.actions.len() <= 1000);
/// ```
pub fn play_game(
    geometry: &Geometry,
    settings: &GameSettings,
    mut bots: [&mut dyn PlanesBot; 2],
) -> GameRecord {
    let GameSettings {
        subtask,
        first,
        last,
        call_time,
    } = *settings;
    let masks = subtask.masks;
    let mut record = GameRecord {
        winner: first.other(),
        first,
        end: GameEnd::Exhausted,
        actions: Vec::new(),
        drawn: [None, None],
        last: None,
    };
    let mut sheets: Vec<Sheet> = Vec::with_capacity(2);
    for p in Side::ALL {
        let setup = Setup {
            last: last[p.index()],
            subtask: subtask.id,
            masks,
            first: p == first,
            geometry,
        };
        let specs = match call(call_time, p, || bots[p.index()].setup(&setup)) {
            Ok(specs) => specs,
            Err(end) => return lost(record, end),
        };
        match Sheet::draw(geometry, masks, specs) {
            Ok(s) => sheets.push(s),
            Err(error) => return illegal(record, p, error),
        }
    }
    let [first_sheet, second_sheet]: [Sheet; 2] = sheets.try_into().expect("one sheet per side");
    record.drawn = [Some(first_sheet.clone()), Some(second_sheet.clone())];
    let start = Position::start(
        Arc::new(geometry.clone()),
        [first_sheet, second_sheet],
        first,
    );
    let [a, b] = bots;
    let mut contestants = [Contestant::new(a), Contestant::new(b)];
    let mut rules = MatchRules::default();
    if let Some(limit) = call_time {
        rules = rules.with_time_limit(limit);
    }
    let [ca, cb] = &mut contestants;
    let played = play_match(start, &mut [ca, cb], rules).expect("two bots for a two-player game");
    record.actions = played.last.history().to_vec();
    match played.forfeit {
        None => {
            record.end = played.last.end().unwrap_or(GameEnd::Exhausted);
            record.winner = played.last.winner().unwrap_or(first.other());
        }
        Some((player, forfeit)) => {
            let side = Side::from_player(player).unwrap_or(Side::First);
            record.winner = side.other();
            record.end = match forfeit {
                Forfeit::Timeout(spent) => GameEnd::Timeout {
                    player: side,
                    spent,
                },
                Forfeit::Illegal(_) => {
                    // The match keeps the error as text; replaying the refused action on the
                    // position it was refused in gives it back typed.
                    let action = contestants[side.index()].last_action();
                    let error = action
                        .and_then(|a| played.last.clone().play(a).err())
                        .unwrap_or(PlanesError::GameOver);
                    GameEnd::Illegal {
                        player: side,
                        error,
                    }
                }
                // A contestant always answers, so the only other forfeit is a crash.
                _ => GameEnd::Crashed { player: side },
            };
        }
    }
    record.last = Some(played.last);
    record
}

/// The record of a game that `end` (a crash or a timeout) decided against its player.
fn lost(mut record: GameRecord, end: GameEnd) -> GameRecord {
    if let GameEnd::Crashed { player } | GameEnd::Timeout { player, .. } = end {
        record.winner = player.other();
    }
    record.end = end;
    record
}

fn illegal(mut record: GameRecord, player: Side, error: PlanesError) -> GameRecord {
    record.winner = player.other();
    record.end = GameEnd::Illegal { player, error };
    record
}

impl GameEnd {
    /// The side a crash, a timeout or an illegal drawing or action was ruled against; `None`
    /// for the ends of the rules.
    ///
    /// ```
    /// use grid_games::game::Side;
    /// use grid_games::planes::GameEnd;
    /// assert_eq!(GameEnd::Crashed { player: Side::Second }.faulty(), Some(Side::Second));
    /// assert_eq!(GameEnd::AllDestroyed.faulty(), None);
    /// ```
    pub fn faulty(&self) -> Option<Side> {
        match self {
            GameEnd::AllDestroyed | GameEnd::Exhausted => None,
            GameEnd::Crashed { player }
            | GameEnd::Timeout { player, .. }
            | GameEnd::Illegal { player, .. } => Some(*player),
        }
    }
}

impl fmt::Display for GameEnd {
    /// `all three planes destroyed`, `both sides used their 500 operations`, `player 2
    /// crashed`, `player 1 overran the call time (2.5 s)`, `player 1 played illegally: hit at
    /// (12, 0) is outside the sheet`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::game::Side;
    /// use grid_games::planes::GameEnd;
    /// assert_eq!(GameEnd::Exhausted.to_string(), "both sides used their 500 operations");
    /// let slow = GameEnd::Timeout { player: Side::First, spent: Duration::from_millis(2500) };
    /// assert_eq!(slow.to_string(), "player 1 overran the call time (2.5s)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::AllDestroyed => f.write_str("all three planes destroyed"),
            GameEnd::Exhausted => {
                write!(f, "both sides used their {MAX_OPERATIONS} operations")
            }
            GameEnd::Crashed { player } => write!(f, "{player} crashed"),
            GameEnd::Timeout { player, spent } => {
                write!(f, "{player} overran the call time ({spent:?})")
            }
            GameEnd::Illegal { player, error } => write!(f, "{player} played illegally: {error}"),
        }
    }
}

impl GameRecord {
    /// The game as a crate-wide [`Outcome`]: the enemy planes each side destroyed as scores,
    /// and [`Verdict::Winner`] naming the winner, or [`Verdict::Forfeit`] the side a crash,
    /// timeout or illegal drawing or action was ruled against.
    ///
    /// ```
    /// use grid_games::game::{Player, Verdict};
    /// use grid_games::planes::{bots::{HunterBot, RandomBot}, play_game, GameEnd, GameSettings, Geometry, SUBTASKS};
    /// let geometry = Geometry::standard();
    /// let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
    /// let record = play_game(&geometry, &GameSettings::new(SUBTASKS[4]), [&mut hunter, &mut random]);
    /// let outcome = record.outcome();
    /// assert_eq!(outcome.winner(), Some(record.winner.into()));
    /// if record.end == GameEnd::AllDestroyed {
    ///     assert_eq!(outcome.scores[Player::from(record.winner)], 3);
    /// }
    /// ```
    pub fn outcome(&self) -> Outcome {
        let scores = match &self.last {
            Some(last) => last.scores(),
            None => [0, 0].into(),
        };
        let verdict = match self.end.faulty() {
            Some(side) => Verdict::Forfeit(side.into()),
            None => Verdict::Winner(self.winner.into()),
        };
        Outcome { scores, verdict }
    }
}

impl fmt::Display for GameRecord {
    /// `outcome ": " end " after " n " actions, " player " moved first"`: the
    /// [`Outcome`](GameRecord::outcome), how the game ended ([`GameEnd`]), its length and who
    /// moved first, as in `1-0 (player 1 won by rule; 3 to 1): all three planes destroyed after
    /// 57 actions, player 2 moved first`.
    ///
    /// ```
    /// use grid_games::planes::{bots::RandomBot, play_game, GameSettings, Geometry, SUBTASKS};
    /// let geometry = Geometry::standard();
    /// let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
    /// let record = play_game(&geometry, &GameSettings::new(SUBTASKS[4]), [&mut a, &mut b]);
    /// let text = record.to_string();
    /// assert!(text.contains(&format!(": {} after {} actions, player 1 moved first", record.end, record.actions.len())));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} after {} actions, {} moved first",
            self.outcome(),
            self.end,
            self.actions.len(),
            self.first
        )
    }
}
