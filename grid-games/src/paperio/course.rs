//! The course engine's conventions, converted in one place: player ids, column-major grids
//! with `None` for empty cells, the frame dictionaries its AIs receive.
//!
//! The course's Python engine (`match_core.py`, SESSDSA 2018) hands each AI a `stat` dict
//! whose `now` and `log` entries are *frames*. A [`Frame`] is that dict as
//! a Rust value, field for field, so that with the `serde` feature a frame serialized by
//! Python's `json.dumps` deserializes directly:
//!
//! | course | this crate |
//! |---|---|
//! | player ids `1`, `2` in cells and `players[i].id` | [`Side::First`], [`Side::Second`] ([`player_id`], [`side_of_id`]) |
//! | `fields[x][y]`, `bands[x][y]`: `W` columns of `H` entries, `None` / `1` / `2` | row-major `Vec<Option<Side>>` (index `y · W + x`) |
//! | `players[i]`: `{id, x, y, direction}`, directions 0 E, 1 S, 2 W, 3 N | [`Head`] with a [`Direction`] |
//! | `turnleft`: moves left of (player 1, player 2) | [`Snapshot::moves_left`] |
//! | `band_route` (public log only) | [`Snapshot::routes`] |
//! | the board size `stat['size'] = (W, H)`, `max_turn` (the first frame's `turnleft`) | [`Config`] |
//!
//! A frame does not say the game is over, and the players' frames carry no `band_route`, so
//! [`Frame::to_snapshot`] gives a running game's snapshot whose trail order
//! [`Position::from_snapshot`] recovers.
//!
//! ```
//! use grid_games::paperio::course::Frame;
//! use grid_games::paperio::{Config, Position, Turn};
//! use grid_games::game::Rng;
//! let mut game = Position::random(Config::default(), &mut Rng::seed_from(9))?;
//! for turn in [Turn::Straight, Turn::Left, Turn::Straight, Turn::Straight, Turn::Right] {
//!     game.play(turn)?;
//! }
//! // The frame the course engine would show after these plies ...
//! let frame = Frame::from_position(&game, [29.5, 29.25]);
//! assert_eq!(frame.fields.len(), 102); // W columns
//! assert_eq!(frame.fields[0].len(), 101); // of H cells
//! assert_eq!(frame.turnleft, [1997, 1998]);
//! // ... read back as a position to think about.
//! let seen = Position::from_frame(&frame, 2000)?;
//! assert_eq!(seen, game);
//! # Ok::<(), grid_games::paperio::PaperioError>(())
//! ```

use thiserror::Error;

use super::{Config, Direction, Head, PaperioError, Position, Snapshot};
use crate::game::Side;

/// The course's id of a side: 1 for [`Side::First`], 2 for [`Side::Second`].
///
/// ```
/// use grid_games::game::Side;
/// use grid_games::paperio::course::player_id;
/// assert_eq!(player_id(Side::Second), 2);
/// ```
pub const fn player_id(side: Side) -> u8 {
    match side {
        Side::First => 1,
        Side::Second => 2,
    }
}

/// The side of a course id (1 or 2), `None` for anything else.
///
/// ```
/// use grid_games::game::Side;
/// use grid_games::paperio::course::side_of_id;
/// assert_eq!(side_of_id(1), Some(Side::First));
/// assert_eq!(side_of_id(0), None);
/// ```
pub const fn side_of_id(id: u8) -> Option<Side> {
    match id {
        1 => Some(Side::First),
        2 => Some(Side::Second),
        _ => None,
    }
}

/// One entry of a frame's `players` list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FramePlayer {
    /// The course id, 1 or 2.
    pub id: u8,
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// 0 East, 1 South, 2 West, 3 North.
    pub direction: u8,
}

/// A frame of the course engine (its §10.3), field for field. The `me` and `enemy` entries of
/// a player's frame are references into `players` and are not kept (with serde they are
/// ignored when read).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Frame {
    /// Territory owners, `fields[x][y]`: `W` columns of `H` entries, `None`, `1` or `2`.
    pub fields: Vec<Vec<Option<u8>>>,
    /// Trail owners, in the same shape.
    pub bands: Vec<Vec<Option<u8>>>,
    /// Both heads, player 1 first.
    pub players: Vec<FramePlayer>,
    /// Moves left of player 1 and player 2.
    pub turnleft: [u32; 2],
    /// Thinking time left of each, in seconds.
    pub timeleft: [f64; 2],
    /// Each player's trail directions, as the public log records them (absent from the
    /// players' own frames).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub band_route: Option<[Vec<u8>; 2]>,
}

/// Why a [`Frame`] does not have the course's shape (inside [`PaperioError::BadFrame`]).
///
/// ```
/// use grid_games::paperio::course::{Frame, FrameError};
/// use grid_games::paperio::PaperioError;
/// let empty = Frame { fields: vec![], bands: vec![], players: vec![], turnleft: [5, 5], timeleft: [30.0, 30.0], band_route: None };
/// assert_eq!(empty.to_snapshot(5), Err(PaperioError::BadFrame(FrameError::EmptyBoard)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FrameError {
    /// `fields` has no column or its first column no cell.
    #[error("the board has no cells")]
    EmptyBoard,
    /// A column of `layer` does not have the first column's length, or `bands` has another
    /// number of columns.
    #[error("column {column} of {layer} has another length")]
    Ragged {
        /// `"fields"` or `"bands"`.
        layer: &'static str,
        /// The column index (`x`), or the number of columns when that is what differs.
        column: usize,
    },
    /// A cell holds something other than `None`, `1` or `2`.
    #[error("cell ({x}, {y}) of {layer} holds {id}")]
    BadOwner {
        /// `"fields"` or `"bands"`.
        layer: &'static str,
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The value found.
        id: u8,
    },
    /// `players` does not list ids 1 and 2, in that order.
    #[error("players must be ids 1 and 2 in order")]
    Players,
    /// A direction or route entry outside `0..4`.
    #[error("direction {0} is not 0-3")]
    BadDirection(u8),
}

impl Frame {
    /// The board size `(W, H)`, as `stat['size']`; `(0, 0)` for an empty frame.
    ///
    /// ```
    /// use grid_games::paperio::course::Frame;
    /// use grid_games::paperio::{Config, Position};
    /// use grid_games::game::Rng;
    /// let game = Position::random(Config::default(), &mut Rng::seed_from(1))?;
    /// assert_eq!(Frame::from_position(&game, [30.0, 30.0]).size(), (102, 101));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn size(&self) -> (usize, usize) {
        (self.fields.len(), self.fields.first().map_or(0, Vec::len))
    }

    /// The frame the course engine shows for `snapshot`, with these time budgets left. The
    /// `band_route` is the snapshot's routes, when it has them. O(W·H).
    ///
    /// ```
    /// use grid_games::paperio::course::Frame;
    /// use grid_games::paperio::{Config, Position};
    /// use grid_games::game::Rng;
    /// let game = Position::random(Config::default(), &mut Rng::seed_from(4))?;
    /// let frame = Frame::from_snapshot(&game.snapshot(), [30.0, 30.0]);
    /// let (x, y) = (frame.players[0].x as usize, frame.players[0].y as usize);
    /// assert_eq!(frame.fields[x][y], Some(1)); // player 1 stands on its land
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn from_snapshot(snapshot: &Snapshot, timeleft: [f64; 2]) -> Frame {
        let (w, h) = (
            snapshot.config.width as usize,
            snapshot.config.height as usize,
        );
        let columns = |grid: &[Option<Side>]| -> Vec<Vec<Option<u8>>> {
            (0..w)
                .map(|x| {
                    (0..h)
                        .map(|y| grid.get(y * w + x).copied().flatten().map(player_id))
                        .collect()
                })
                .collect()
        };
        Frame {
            fields: columns(&snapshot.territory),
            bands: columns(&snapshot.trail),
            players: Side::ALL
                .into_iter()
                .zip(&snapshot.heads)
                .map(|(side, head)| FramePlayer {
                    id: player_id(side),
                    x: head.x,
                    y: head.y,
                    direction: head.direction.index(),
                })
                .collect(),
            turnleft: snapshot.moves_left,
            timeleft,
            band_route: snapshot.routes.as_ref().map(|routes| {
                routes
                    .each_ref()
                    .map(|r| r.iter().map(|d| d.index()).collect())
            }),
        }
    }

    /// The frame the course engine shows for `position`: [`Frame::from_snapshot`] of its
    /// snapshot.
    ///
    /// ```
    /// use grid_games::paperio::course::Frame;
    /// use grid_games::paperio::{Config, Position};
    /// use grid_games::game::Rng;
    /// let game = Position::random(Config::default(), &mut Rng::seed_from(4))?;
    /// assert_eq!(Frame::from_position(&game, [30.0, 30.0]).turnleft, [2000, 2000]);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn from_position(position: &Position, timeleft: [f64; 2]) -> Frame {
        Frame::from_snapshot(&position.snapshot(), timeleft)
    }

    /// This frame as a running game's [`Snapshot`], for a game of `max_turn` moves per player
    /// (the course's first frame shows it as `turnleft`). The routes are the `band_route`
    /// when the frame has one. O(W·H).
    ///
    /// ```
    /// use grid_games::paperio::course::Frame;
    /// use grid_games::paperio::{Config, Position, Turn};
    /// use grid_games::game::Rng;
    /// let mut game = Position::random(Config::default().with_max_turn(300), &mut Rng::seed_from(5))?;
    /// game.play(Turn::Right)?;
    /// let frame = Frame::from_position(&game, [30.0, 30.0]);
    /// let snapshot = frame.to_snapshot(300)?;
    /// assert_eq!(snapshot.moves_left, [299, 300]);
    /// assert_eq!(Frame::from_snapshot(&snapshot, frame.timeleft), frame); // and back
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    ///
    /// # Errors
    /// [`PaperioError::BadFrame`] for a frame without the course's shape,
    /// [`PaperioError::BadSize`] for a board the engine cannot build, and
    /// [`PaperioError::NoTurns`] / [`PaperioError::TooManyTurns`] for `max_turn`.
    pub fn to_snapshot(&self, max_turn: u32) -> Result<Snapshot, PaperioError> {
        let (w, h) = self.size();
        if w == 0 || h == 0 {
            return Err(FrameError::EmptyBoard.into());
        }
        let size = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let config = Config {
            width: size(w),
            height: size(h),
            max_turn,
        };
        config.validate()?;
        let rows = |layer: &'static str, grid: &[Vec<Option<u8>>]| {
            if grid.len() != w {
                return Err(FrameError::Ragged {
                    layer,
                    column: grid.len(),
                });
            }
            let mut out = vec![None; w * h];
            for (x, column) in grid.iter().enumerate() {
                if column.len() != h {
                    return Err(FrameError::Ragged { layer, column: x });
                }
                for (y, &cell) in column.iter().enumerate() {
                    out[y * w + x] = match cell {
                        None => None,
                        Some(id) => {
                            Some(side_of_id(id).ok_or(FrameError::BadOwner { layer, x, y, id })?)
                        }
                    };
                }
            }
            Ok(out)
        };
        let territory = rows("fields", &self.fields)?;
        let trail = rows("bands", &self.bands)?;
        let direction = |d: u8| {
            (d < 4)
                .then(|| Direction::from_index(d))
                .ok_or(FrameError::BadDirection(d))
        };
        let [first, second] = self.players.as_slice() else {
            return Err(FrameError::Players.into());
        };
        if (first.id, second.id) != (1, 2) {
            return Err(FrameError::Players.into());
        }
        let head = |p: &FramePlayer| -> Result<Head, FrameError> {
            Ok(Head {
                x: p.x,
                y: p.y,
                direction: direction(p.direction)?,
            })
        };
        let mut snapshot = Snapshot::new(
            config,
            territory,
            trail,
            [head(first)?, head(second)?],
            self.turnleft,
        );
        if let Some([a, b]) = &self.band_route {
            let route = |r: &[u8]| {
                r.iter()
                    .map(|&d| direction(d))
                    .collect::<Result<Vec<_>, _>>()
            };
            snapshot.routes = Some([route(a)?, route(b)?]);
        }
        Ok(snapshot)
    }
}

impl Position {
    /// The position a course frame shows, in one step: the frame read as a [`Snapshot`]
    /// ([`Frame::to_snapshot`]) and the snapshot checked into a position
    /// ([`Position::from_snapshot`]). `max_turn` is the game's number of moves per player,
    /// which a frame does not carry (the course's default is 2 000). A frame with
    /// `band_route` (the public log's) gives the exact position; a player's frame (without
    /// it) one with the same board and trail cells, trail orders recovered by search.
    ///
    /// ```
    /// use grid_games::paperio::course::Frame;
    /// use grid_games::paperio::{Config, Position, Turn};
    /// use grid_games::game::Rng;
    /// let mut game = Position::random(Config::default(), &mut Rng::seed_from(3))?;
    /// game.play(Turn::Left)?;
    /// let frame = Frame::from_position(&game, [30.0, 30.0]);
    /// assert_eq!(Position::from_frame(&frame, 2000)?, game);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    ///
    /// # Errors
    /// Those of [`Frame::to_snapshot`] (a frame without the course's shape, a board or a
    /// `max_turn` the engine refuses) and of [`Position::from_snapshot`] (a board that breaks
    /// the rules).
    pub fn from_frame(frame: &Frame, max_turn: u32) -> Result<Position, PaperioError> {
        Position::from_snapshot(&frame.to_snapshot(max_turn)?)
    }
}
