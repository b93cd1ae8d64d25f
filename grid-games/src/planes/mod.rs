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
//! | strongest bot | other bots |
//! |---|---|
//! | [`bots::HunterBot`]: keeps the opponent layouts consistent with everything observed and hits where a head is likely and the answer uncertain | [`bots::RandomBot`] |
//!
//! * Rules: [`Geometry`] (sheet and oriented shapes), [`Sheet`] (one player's planes),
//!   [`Position`] (both sheets after the drawings, the turn and the history: the game as a
//!   crate-wide [`Game`](crate::game::Game)).
//! * Referee: [`play_game`] (the drawing phase, then the game on the shared
//!   [`play_match`](crate::game::play_match)) and [`play_test_point`] (a series with the first
//!   move alternated, counted in a [`Tally`](crate::game::Tally)).
//! * Player API: [`PlanesBot`] with [`Setup`], [`Action`], [`Seen`]: exactly the information a
//!   contestant's program gets, so a bot cannot read the hidden sheet; [`Contestant`] makes one
//!   a [`game::Bot`](crate::game::Bot) of the [`Position`].
//! * Bots: [`bots`] ([`bots::HunterBot`], the strongest, and [`bots::RandomBot`]), by name
//!   with [`bots::named_bot`].
//! * Layout enumeration: [`PlacementTable`] counts single placements, pairs and triples (the
//!   original contest's statement lists these counts), [`Layouts`] is the hunter's consistent set.
//!
//! Coordinates are 0-based `(row, col)` cells; the original contest's 1-based `(x, y)` is
//! `(row + 1, col + 1)`. Directions turn clockwise from nose up, as in the original contest.
//!
//! ```
//! use grid_games::planes::{self, bots::{HunterBot, RandomBot}, Geometry, TestPointOptions};
//! let geometry = Geometry::standard();
//! let mut hunter = HunterBot::new(1);
//! let mut random = RandomBot::new(2);
//! let options = TestPointOptions::default().with_games(4); // subtask 1: classic planes
//! let point = planes::play_test_point(&geometry, &options, &mut hunter, &mut random);
//! assert!(point.tally.wins <= 4);
//! println!("{point}"); // e.g. "4 games: +4 =0 -0, score 100.0 %, ..."
//! ```

pub mod bots;
mod catalogue;
mod contestant;
mod geometry;
mod layouts;
mod league;
mod player;
mod position;
mod referee;
#[doc(hidden)]
pub mod reference;
mod sampler;
mod sheet;
mod test_point;

pub use catalogue::{Catalogue, PlaneType, SUBTASKS, Subtask};
pub use contestant::Contestant;
pub use geometry::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
pub use layouts::{Layout, LayoutUniverse, Layouts};
pub use league::{Entrant, League, LeagueError, LeagueTable};
pub use player::{Action, LastResult, PlanesBot, Seen, Setup};
pub use position::{Played, Position};
pub use referee::{GameEnd, GameRecord, GameSettings, MAX_OPERATIONS, play_game};
pub use sheet::Sheet;
pub use test_point::{TestPoint, TestPointOptions, play_test_point};

use polyomino::Cell;
use thiserror::Error;

/// A rule violation or bad game data.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlanesError {
    /// A plane type is not a 4-connected shape with one head.
    #[error("bad plane type {name}: {problem}")]
    BadPlaneType {
        /// The type's name.
        name: String,
        /// What is wrong with its drawing (no head, several heads, not one piece
        /// ([`ShapeError::Disconnected`](polyomino::ShapeError::Disconnected)), …).
        problem: polyomino::ShapeError,
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
    /// A plane of a sheet is not where the geometry puts it: the sheet was drawn on another
    /// geometry ([`Position::new`]).
    #[error("plane {0:?} was not drawn on this geometry")]
    NotOnGeometry(PlaneSpec),
    /// An action after the end of the game ([`Position`]).
    #[error("the game is over")]
    GameOver,
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
