//! Test points: series of games with the first move alternated, as the original contest
//! scored them.

use std::fmt;
use std::time::Duration;

use super::{GameEnd, GameSettings, Geometry, LastResult, PlanesBot, SUBTASKS, Subtask, play_game};
use crate::game::{Player, Side, Tally};

/// What [`play_test_point`] plays: the subtask, the number of games and the referee's time
/// limit. Build with `TestPointOptions::default()` (subtask 1, 20 games, no time limit: a test
/// point of the original contest) and the `with_…` setters.
///
/// ```
/// use std::time::Duration;
/// use grid_games::planes::{TestPointOptions, SUBTASKS};
/// let options = TestPointOptions::default()
///     .with_subtask(SUBTASKS[2])
///     .with_games(4)
///     .with_call_time(Duration::from_secs(1));
/// assert_eq!((options.subtask.id, options.games), (3, 4));
/// assert_eq!(TestPointOptions::default().games, 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct TestPointOptions {
    /// The subtask: which kinds each plane may use (default: subtask 1, classic planes).
    pub subtask: Subtask,
    /// Games to play (default 20); bot A moves first in the even-numbered ones (counting from
    /// 0), so each moves first half the time.
    pub games: usize,
    /// The referee's limit on a bot's drawing or turn ([`GameSettings::call_time`]; default
    /// `None`: no limit).
    pub call_time: Option<Duration>,
}

impl Default for TestPointOptions {
    fn default() -> TestPointOptions {
        TestPointOptions {
            subtask: SUBTASKS[0],
            games: 20,
            call_time: None,
        }
    }
}

impl TestPointOptions {
    /// These options on `subtask`.
    ///
    /// ```
    /// use grid_games::planes::{TestPointOptions, SUBTASKS};
    /// assert_eq!(TestPointOptions::default().with_subtask(SUBTASKS[4]).subtask.id, 5);
    /// ```
    pub fn with_subtask(mut self, subtask: Subtask) -> TestPointOptions {
        self.subtask = subtask;
        self
    }

    /// These options with `games` games.
    ///
    /// ```
    /// use grid_games::planes::TestPointOptions;
    /// assert_eq!(TestPointOptions::default().with_games(6).games, 6);
    /// ```
    pub fn with_games(mut self, games: usize) -> TestPointOptions {
        self.games = games;
        self
    }

    /// These options with a limit on each bot's drawing and turn.
    ///
    /// ```
    /// use std::time::Duration;
    /// use grid_games::planes::TestPointOptions;
    /// let options = TestPointOptions::default().with_call_time(Duration::from_millis(500));
    /// assert_eq!(options.call_time, Some(Duration::from_millis(500)));
    /// ```
    pub fn with_call_time(mut self, limit: Duration) -> TestPointOptions {
        self.call_time = Some(limit);
        self
    }
}

/// The result of a test point, from bot A's point of view: the crate-wide [`Tally`] (wins,
/// losses, forfeits, the score share with its 95 % interval, the mean margin in planes
/// destroyed) and what is particular to the plane-bombing game.
///
/// ```
/// use grid_games::planes::{bots::RandomBot, play_test_point, Geometry, TestPointOptions, SUBTASKS};
/// let geometry = Geometry::standard();
/// let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
/// let options = TestPointOptions::default().with_subtask(SUBTASKS[4]).with_games(6);
/// let point = play_test_point(&geometry, &options, &mut a, &mut b);
/// assert_eq!(point.games(), 6);
/// assert_eq!(point.tally.draws, 0); // the game has no draws
/// assert_eq!(point.all_destroyed + point.exhausted, 6); // random bots never play illegally
/// assert_eq!((point.tally.forfeits_lost, point.tally.forfeits_won), (0, 0));
/// println!("{point}"); // e.g. "6 games: +2 =0 -4, score 33.3 % (...); 1 won moving first; ..."
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct TestPoint {
    /// A's results: `wins` and `losses` (no game is drawn), `forfeits_lost` (A crashed, timed
    /// out or played illegally), `forfeits_won` (B did), the margins in enemy planes
    /// destroyed, and the score share with its interval.
    pub tally: Tally,
    /// Games A won moving first.
    pub wins_moving_first: usize,
    /// Games decided by destroying all three planes.
    pub all_destroyed: usize,
    /// Games decided by both players using all their operations.
    pub exhausted: usize,
}

impl TestPoint {
    /// Games played.
    ///
    /// ```
    /// use grid_games::planes::TestPoint;
    /// assert_eq!(TestPoint::default().games(), 0);
    /// ```
    pub fn games(&self) -> u64 {
        self.tally.games()
    }

    /// A's share of the games won, 0 with no game ([`Tally::score`]).
    ///
    /// ```
    /// use grid_games::planes::{bots::{HunterBot, RandomBot}, play_test_point, Geometry, TestPointOptions};
    /// let geometry = Geometry::standard();
    /// let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
    /// let point = play_test_point(&geometry, &TestPointOptions::default().with_games(4), &mut hunter, &mut random);
    /// assert_eq!(point.score(), point.tally.wins as f64 / 4.0);
    /// ```
    pub fn score(&self) -> f64 {
        self.tally.score()
    }
}

impl fmt::Display for TestPoint {
    /// The [`Tally`], then `; 7 won moving first; 18 ended by destruction, 2 by exhaustion`.
    ///
    /// ```
    /// use grid_games::game::{Outcome, Player, Tally};
    /// use grid_games::planes::TestPoint;
    /// let mut point = TestPoint::default();
    /// point.tally.add(&Outcome::from_scores([3, 1]), Player::FIRST);
    /// point.wins_moving_first = 1;
    /// point.all_destroyed = 1;
    /// assert_eq!(
    ///     point.to_string(),
    ///     "1 game: +1 =0 -0, score 100.0 %, mean margin +2.00; 1 won moving first; 1 ended by destruction, 0 by exhaustion"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}; {} won moving first; {} ended by destruction, {} by exhaustion",
            self.tally, self.wins_moving_first, self.all_destroyed, self.exhausted
        )
    }
}

/// Plays a test point (bot A moves first in the even-numbered games, so each moves first half
/// the time) and counts the results from A's side. Each bot is told the result of its
/// previous game.
///
/// ```
/// use grid_games::planes::{bots::{HunterBot, RandomBot}, play_test_point, Geometry, TestPointOptions, SUBTASKS};
/// let geometry = Geometry::standard();
/// let mut hunter = HunterBot::new(1);
/// let mut random = RandomBot::new(2);
/// let options = TestPointOptions::default().with_subtask(SUBTASKS[0]).with_games(4);
/// let point = play_test_point(&geometry, &options, &mut hunter, &mut random);
/// assert_eq!(point.games(), 4);
/// assert_eq!(point.tally.wins + point.tally.losses, 4);
/// ```
pub fn play_test_point(
    geometry: &Geometry,
    options: &TestPointOptions,
    a: &mut dyn PlanesBot,
    b: &mut dyn PlanesBot,
) -> TestPoint {
    let mut last = [LastResult::FirstGame; 2];
    let mut point = TestPoint::default();
    for g in 0..options.games {
        let first = if g % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut settings = GameSettings::new(options.subtask)
            .with_first(first)
            .with_last(last);
        settings.call_time = options.call_time;
        let record = play_game(geometry, &settings, [&mut *a, &mut *b]);
        point.tally.add(&record.outcome(), Player::FIRST);
        match record.end {
            GameEnd::AllDestroyed => point.all_destroyed += 1,
            GameEnd::Exhausted => point.exhausted += 1,
            _ => {}
        }
        if record.winner == Side::First {
            point.wins_moving_first += usize::from(first == Side::First);
            last = [LastResult::Won, LastResult::Lost];
        } else {
            last = [LastResult::Lost, LastResult::Won];
        }
    }
    point
}
