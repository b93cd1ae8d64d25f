//! The player-facing API, mirroring the three calls of the original contest's programs: set up before a game, act on my
//! turn, hear the opponent's action. A bot receives only what a contestant would: its own
//! setup, the answers to its own hits, the opponent's hit cells and move directions. It never
//! sees the other sheet.

use polyomino::Cell;

use super::{Geometry, HitAnswer, PlaneSpec, Step};

/// The result of the previous game of a test point, as the original contest's `last` argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LastResult {
    /// This is the first game (`last = 2`).
    FirstGame,
    /// I won the previous game (`last = 1`).
    Won,
    /// I lost the previous game (`last = 0`).
    Lost,
}

/// What a bot learns before a game (the original contest's `Init` arguments).
#[derive(Clone, Copy, Debug)]
pub struct Setup<'g> {
    /// Previous game's result.
    pub last: LastResult,
    /// Subtask id.
    pub subtask: u8,
    /// Allowed kinds per plane.
    pub masks: [u8; 3],
    /// Whether I move first.
    pub first: bool,
    /// Sheet size and plane types.
    pub geometry: &'g Geometry,
}

/// One turn's action: exactly one hit or one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Ask what is at this cell of the opponent's sheet.
    Hit(Cell),
    /// Move my plane `plane` one step.
    Move {
        /// Plane index `0..3`.
        plane: usize,
        /// Direction.
        step: Step,
    },
}

/// `hit (row, col)` or `move plane i direction` (planes numbered 0 to 2, as
/// [`Action::Move`] numbers them).
///
/// ```
/// use grid_games::planes::{Action, Step};
/// use grid_games::polyomino::Cell;
/// assert_eq!(Action::Hit(Cell::new(3, 4)).to_string(), "hit (3, 4)");
/// assert_eq!(Action::Move { plane: 2, step: Step::Down }.to_string(), "move plane 2 down");
/// ```
impl core::fmt::Display for Action {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Action::Hit(cell) => write!(f, "hit {cell}"),
            Action::Move { plane, step } => write!(f, "move plane {plane} {step}"),
        }
    }
}

/// `hit (row, col)` or `moved direction`.
///
/// ```
/// use grid_games::planes::{Seen, Step};
/// assert_eq!(Seen::Moved(Step::Left).to_string(), "moved left");
/// ```
impl core::fmt::Display for Seen {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Seen::Hit(cell) => write!(f, "hit {cell}"),
            Seen::Moved(step) => write!(f, "moved {step}"),
        }
    }
}

/// The opponent's action as I am allowed to see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seen {
    /// The opponent hit this cell of my sheet.
    Hit(Cell),
    /// The opponent moved one of its planes in this direction (which one is hidden).
    Moved(Step),
}

/// A plane-bombing bot: the three calls of the original contest's programs. The referee
/// ([`play_game`](super::play_game)) calls [`setup`](PlanesBot::setup) before each game; on
/// each of the bot's turns it first tells the bot what happened since its last turn (the
/// [`answer`](PlanesBot::answer) to its own last hit, then what it may [`seen`](PlanesBot::seen)
/// of the opponent's action) and then asks it to [`act`](PlanesBot::act). Nothing is told
/// after the last action of a game; the next game starts with `setup`.
///
/// The game itself is a [`Position`](super::Position) played by
/// [`play_match`](crate::game::play_match); [`Contestant`](super::Contestant) makes a
/// `PlanesBot` a [`game::Bot`](crate::game::Bot) that sees only what a contestant may.
///
/// ```
/// use grid_games::planes::{bots::RandomBot, Action, LastResult, Geometry, PlanesBot, Setup, SUBTASKS};
/// let geometry = Geometry::standard();
/// let mut bot = RandomBot::new(1);
/// let setup = Setup { last: LastResult::FirstGame, subtask: 1, masks: SUBTASKS[0].masks, first: true, geometry: &geometry };
/// let planes = bot.setup(&setup);
/// assert_eq!(planes.len(), 3);
/// assert!(matches!(bot.act(), Action::Hit(_) | Action::Move { .. }));
/// ```
pub trait PlanesBot: Send {
    /// A short name for tables.
    fn name(&self) -> String;

    /// Draws the three planes for a new game (the original contest's three `Draw` calls).
    fn setup(&mut self, setup: &Setup<'_>) -> [PlaneSpec; 3];

    /// Chooses this turn's action.
    fn act(&mut self) -> Action;

    /// The answer to the bot's last hit.
    fn answer(&mut self, cell: Cell, answer: HitAnswer);

    /// The opponent's action, as far as the bot may see it.
    fn seen(&mut self, action: Seen);
}

impl<B: PlanesBot + ?Sized> PlanesBot for &mut B {
    fn name(&self) -> String {
        (**self).name()
    }
    fn setup(&mut self, setup: &Setup<'_>) -> [PlaneSpec; 3] {
        (**self).setup(setup)
    }
    fn act(&mut self) -> Action {
        (**self).act()
    }
    fn answer(&mut self, cell: Cell, answer: HitAnswer) {
        (**self).answer(cell, answer)
    }
    fn seen(&mut self, action: Seen) {
        (**self).seen(action)
    }
}

impl<B: PlanesBot + ?Sized> PlanesBot for Box<B> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn setup(&mut self, setup: &Setup<'_>) -> [PlaneSpec; 3] {
        (**self).setup(setup)
    }
    fn act(&mut self) -> Action {
        (**self).act()
    }
    fn answer(&mut self, cell: Cell, answer: HitAnswer) {
        (**self).answer(cell, answer)
    }
    fn seen(&mut self, action: Seen) {
        (**self).seen(action)
    }
}
