//! The referee: holds both sheets, runs a game turn by turn, and plays test points.
//!
//! Bots are not trusted: a bot that panics (even with a payload whose `Drop` panics) loses the
//! game by [`GameEnd::Crashed`], one that overruns [`GameSettings::call_time`] (measured by the
//! referee around every call) by [`GameEnd::Timeout`], and an illegal drawing or action loses by
//! [`GameEnd::Illegal`]. A game lasts at most `2 · MAX_OPERATIONS` turns.

use std::time::{Duration, Instant};

use super::{
    Action, Geometry, HitAnswer, LastResult, PlanesBot, PlanesError, Seen, Setup, Sheet, Subtask,
};
use crate::game::{Side, guard};

/// Operations each player may make in one game.
pub const MAX_OPERATIONS: usize = 500;

/// How a game ended.
///
/// ```
/// use grid_games::game::Side;
/// use grid_games::planes::{play_game, GameEnd, GameSettings, Geometry, RandomBot, SUBTASKS};
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
    /// The loser's bot took longer than [`GameSettings::call_time`] over one call.
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
/// use grid_games::planes::{play_game, Action, GameSettings, Geometry, HunterBot, RandomBot, SUBTASKS};
/// let geometry = Geometry::standard();
/// let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
/// let record = play_game(&geometry, &GameSettings::new(SUBTASKS[0]), [&mut hunter, &mut random]);
/// // Every hit got an answer; moves did not.
/// for (_, action, answer) in &record.actions {
///     assert_eq!(matches!(action, Action::Hit(_)), answer.is_some());
/// }
/// assert!(record.drawn.iter().all(Option::is_some));
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
    /// Longest a bot may take over one call (`setup`, `act`, `answer` or `seen`), measured by
    /// the referee: a slower call loses the game by [`GameEnd::Timeout`] (`None`, the default:
    /// no limit). The referee cannot interrupt a call, only rule on it once it returns.
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
    /// use grid_games::planes::{play_game, GameSettings, Geometry, RandomBot, SUBTASKS};
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
    /// use grid_games::planes::{play_game, GameEnd, GameSettings, Geometry, RandomBot, SUBTASKS};
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

/// Runs one bot call for `player` under the referee's rules: a panic is a crash, a call slower
/// than `limit` a timeout.
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
/// ```
/// use grid_games::game::Side;
/// use grid_games::planes::{play_game, GameSettings, Geometry, HunterBot, RandomBot, SUBTASKS};
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
    bots: [&mut dyn PlanesBot; 2],
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
    record.drawn = [Some(sheets[0].clone()), Some(sheets[1].clone())];
    let mut ops = [0usize; 2];
    let mut turn = first;
    while ops[turn.index()] < MAX_OPERATIONS {
        let p = turn;
        let (me, other) = (p.index(), p.other().index());
        let action = match call(call_time, p, || bots[me].act()) {
            Ok(action) => action,
            Err(end) => return lost(record, end),
        };
        ops[me] += 1;
        match action {
            Action::Hit(cell) => match sheets[other].hit(geometry, cell) {
                Ok(answer) => {
                    record.actions.push((p, action, Some(answer)));
                    if let Err(end) = call(call_time, p, || bots[me].answer(cell, answer)) {
                        return lost(record, end);
                    }
                    let seen = || bots[other].seen(Seen::Hit(cell));
                    if let Err(end) = call(call_time, p.other(), seen) {
                        return lost(record, end);
                    }
                    if sheets[other].all_destroyed() {
                        record.winner = p;
                        record.end = GameEnd::AllDestroyed;
                        return record;
                    }
                }
                Err(error) => return illegal(record, p, error),
            },
            Action::Move { plane, step } => match sheets[me].move_plane(geometry, plane, step) {
                Ok(()) => {
                    record.actions.push((p, action, None));
                    let seen = || bots[other].seen(Seen::Moved(step));
                    if let Err(end) = call(call_time, p.other(), seen) {
                        return lost(record, end);
                    }
                }
                Err(error) => return illegal(record, p, error),
            },
        }
        turn = p.other();
    }
    // Both players used all their operations: the second player wins.
    record.winner = first.other();
    record.end = GameEnd::Exhausted;
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

/// The result of a test point, from bot A's point of view.
///
/// ```
/// use grid_games::planes::{play_test_point, Geometry, RandomBot, SUBTASKS};
/// let geometry = Geometry::standard();
/// let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
/// let point = play_test_point(&geometry, SUBTASKS[4], 6, &mut a, &mut b);
/// assert_eq!(point.games, 6);
/// assert_eq!(point.all_destroyed + point.exhausted, 6); // random bots never play illegally
/// assert_eq!((point.faults, point.opponent_faults), (0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct TestPoint {
    /// Games played.
    pub games: usize,
    /// Games A won.
    pub wins: usize,
    /// Games A won moving first.
    pub wins_moving_first: usize,
    /// Games decided by destroying all three planes.
    pub all_destroyed: usize,
    /// Games decided by both players using all their operations.
    pub exhausted: usize,
    /// Games A lost by a crash, a timeout or an illegal drawing or action.
    pub faults: usize,
    /// Games B lost by a crash, a timeout or an illegal drawing or action.
    pub opponent_faults: usize,
}

impl TestPoint {
    /// Games A lost.
    ///
    /// ```
    /// use grid_games::planes::{play_test_point, Geometry, RandomBot, SUBTASKS};
    /// let geometry = Geometry::standard();
    /// let (mut a, mut b) = (RandomBot::new(3), RandomBot::new(4));
    /// let point = play_test_point(&geometry, SUBTASKS[4], 4, &mut a, &mut b);
    /// assert_eq!(point.losses(), 4 - point.wins);
    /// ```
    pub fn losses(&self) -> usize {
        self.games - self.wins
    }

    /// A's share of the games won, 0 with no game.
    ///
    /// ```
    /// use grid_games::planes::{play_test_point, Geometry, HunterBot, RandomBot, SUBTASKS};
    /// let geometry = Geometry::standard();
    /// let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
    /// let point = play_test_point(&geometry, SUBTASKS[0], 4, &mut hunter, &mut random);
    /// assert_eq!(point.score(), point.wins as f64 / 4.0);
    /// ```
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        self.wins as f64 / self.games as f64
    }
}

/// Plays a test point of `games` games of `subtask` (bot A moves first in the even-numbered
/// ones, so each moves first half the time) and counts the results from A's side. Each bot is
/// told the result of its previous game.
///
/// ```
/// use grid_games::planes::{play_test_point, Geometry, HunterBot, RandomBot, SUBTASKS};
/// let geometry = Geometry::standard();
/// let mut hunter = HunterBot::new(1);
/// let mut random = RandomBot::new(2);
/// let point = play_test_point(&geometry, SUBTASKS[0], 4, &mut hunter, &mut random);
/// assert_eq!(point.games, 4);
/// assert_eq!(point.wins + point.losses(), 4);
/// ```
pub fn play_test_point(
    geometry: &Geometry,
    subtask: Subtask,
    games: usize,
    a: &mut dyn PlanesBot,
    b: &mut dyn PlanesBot,
) -> TestPoint {
    let mut last = [LastResult::FirstGame; 2];
    let mut point = TestPoint {
        games,
        ..TestPoint::default()
    };
    for g in 0..games {
        let first = if g % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let settings = GameSettings::new(subtask).with_first(first).with_last(last);
        let record = play_game(geometry, &settings, [&mut *a, &mut *b]);
        let a_won = record.winner == Side::First;
        match record.end {
            GameEnd::AllDestroyed => point.all_destroyed += 1,
            GameEnd::Exhausted => point.exhausted += 1,
            GameEnd::Crashed { player }
            | GameEnd::Timeout { player, .. }
            | GameEnd::Illegal { player, .. } => {
                if player == Side::First {
                    point.faults += 1;
                } else {
                    point.opponent_faults += 1;
                }
            }
        }
        if a_won {
            point.wins += 1;
            point.wins_moving_first += usize::from(first == Side::First);
            last = [LastResult::Won, LastResult::Lost];
        } else {
            last = [LastResult::Lost, LastResult::Won];
        }
    }
    point
}
