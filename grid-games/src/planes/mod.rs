//! The plane-bombing game (炸飞机): rules, the referee, the player API, bots and test points.
//!
//! Each player draws three planes on a private `n × n` sheet (12 × 12 by default). Players
//! alternate; a turn is one *hit* (the answer is empty, body or head; a head destroys its
//! plane; the opponent learns the cell) or one *move* of an alive plane by one cell (inside the
//! sheet, over no other plane; the opponent learns only the direction). The first to destroy all
//! three enemy planes wins; after 500 operations each, the second player wins; an illegal
//! drawing or action loses the game. Plane types are data ([`Catalogue`]); the subtask table
//! ([`SUBTASKS`]) says which kinds each plane may use.
//!
//! * Rules: [`Geometry`] (sheet and oriented shapes), [`Sheet`] (one player's planes),
//!   [`referee`](play_game) (both sheets, the turn loop, test points).
//! * Player API: [`PlanesBot`] with [`Setup`], [`Action`], [`Seen`]: exactly the information a
//!   contestant's program gets, so a bot cannot read the hidden sheet.
//! * Bots: [`RandomBot`] (random legal play) and [`HunterBot`] (keeps the opponent layouts
//!   consistent with everything observed and hits where a head is likely and the answer
//!   uncertain, see [`HitRule`]).
//! * Layout enumeration: [`PlacementTable`] counts single placements, pairs and triples (the
//!   original contest's statement lists these counts), [`Layouts`] is the hunter's consistent set.
//!
//! Coordinates are 0-based `(row, col)` cells; the original contest's 1-based `(x, y)` is
//! `(row + 1, col + 1)`. Directions turn clockwise from nose up, as in the original contest.
//!
//! ```
//! use grid_games::planes::{play_test_point, Geometry, HunterBot, RandomBot, SUBTASKS};
//! let geometry = Geometry::standard();
//! let mut hunter = HunterBot::new(1);
//! let mut random = RandomBot::new(2);
//! let point = play_test_point(&geometry, SUBTASKS[0], 4, &mut hunter, &mut random);
//! assert!(point.wins <= 4);
//! ```

mod bots;
mod catalogue;
mod geometry;
mod layouts;
mod player;
mod referee;
#[doc(hidden)]
pub mod reference;
mod sampler;
mod sheet;

pub use bots::{
    BOT_NAMES, HitRule, HunterBot, HunterConfig, PriorCache, RandomBot, named_bot, named_bot_with,
};
pub use catalogue::{Catalogue, PlaneType, SUBTASKS, Subtask};
// `BadShape` is defined below.
pub use geometry::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
pub use layouts::{Layout, LayoutUniverse, Layouts};
pub use player::{Action, LastResult, PlanesBot, Seen, Setup};
pub use referee::{
    GameEnd, GameRecord, GameSettings, MAX_OPERATIONS, TestPoint, play_game, play_test_point,
};
pub use sheet::Sheet;

use polyomino::Cell;
use thiserror::Error;

/// What is wrong with a plane type's shape ([`PlanesError::BadPlaneType`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BadShape {
    /// The drawing does not parse as a shape with exactly one head.
    #[error("{0}")]
    Drawing(#[from] polyomino::ShapeError),
    /// The cells are not 4-connected.
    #[error("the shape is not 4-connected")]
    Disconnected,
}

/// A rule violation or bad game data.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlanesError {
    /// A plane type is not a 4-connected shape with one head.
    #[error("bad plane type {name}: {problem}")]
    BadPlaneType {
        /// The type's name.
        name: String,
        /// What is wrong with it.
        problem: BadShape,
    },
    /// A catalogue holds no plane type or more than 8 (masks are bytes).
    #[error("a catalogue holds 1 to 8 plane types, not {0}")]
    CatalogueSize(usize),
    /// The sheet size is not supported.
    #[error("sheet size {0} is not supported (1..=64)")]
    BadSheet(usize),
    /// The kind is not in the catalogue.
    #[error("unknown plane kind {0}")]
    UnknownKind(usize),
    /// The direction is not 0..4.
    #[error("direction {0} is not 0..4")]
    BadDirection(u8),
    /// A plane's kind is not allowed by its mask.
    #[error("plane {plane} may not be of kind {kind}")]
    KindNotAllowed {
        /// Plane index.
        plane: usize,
        /// Requested kind.
        kind: usize,
    },
    /// A plane leaves the sheet.
    #[error("plane {0:?} leaves the sheet")]
    OutsideSheet(PlaneSpec),
    /// Two planes overlap.
    #[error("plane {plane} overlaps plane {other}")]
    Overlap {
        /// The plane drawn or moved.
        plane: usize,
        /// The plane it overlaps.
        other: usize,
    },
    /// A hit outside the sheet.
    #[error("hit at {0} is outside the sheet")]
    HitOutside(Cell),
    /// A move of a plane index other than 0..3.
    #[error("there is no plane {0}")]
    NoSuchPlane(usize),
    /// A move of a destroyed plane.
    #[error("plane {0} is destroyed and cannot move")]
    PlaneDestroyed(usize),
    /// A computation would exceed its documented limit (see
    /// [`PlacementTable::count_layouts`]).
    #[error("{placements} placements is more than the limit of {limit}")]
    BudgetExceeded {
        /// Placements in the table.
        placements: usize,
        /// The most the computation takes.
        limit: usize,
    },
}
