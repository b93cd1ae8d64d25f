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

/// The opponent's action as I am allowed to see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seen {
    /// The opponent hit this cell of my sheet.
    Hit(Cell),
    /// The opponent moved one of its planes in this direction (which one is hidden).
    Moved(Step),
}

/// A plane-bombing bot. The referee calls [`setup`](PlanesBot::setup) before each game,
/// [`act`](PlanesBot::act) on its turns (followed by [`answer`](PlanesBot::answer) after a
/// hit) and [`seen`](PlanesBot::seen) after each opponent action.
pub trait PlanesBot: Send {
    /// A short name for tables.
    fn name(&self) -> String;

    /// Draws the three planes for a new game (the original contest's three `Draw` calls).
    fn setup(&mut self, setup: &Setup<'_>) -> [PlaneSpec; 3];

    /// Chooses this turn's action.
    fn act(&mut self) -> Action;

    /// The answer to the hit just made.
    fn answer(&mut self, cell: Cell, answer: HitAnswer);

    /// The opponent's action.
    fn seen(&mut self, action: Seen);
}
