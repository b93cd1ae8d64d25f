//! Board size and move limit, directions, turns, starting heads, and the errors of the game.

use thiserror::Error;

use crate::game::Rng;

/// Board size and move limit. The default is the contest's 102 × 101 board with 2000
/// moves per player.
///
/// ```
/// use grid_games::paperio::Config;
/// let contest = Config::default();
/// assert_eq!((contest.width, contest.height, contest.max_turn), (102, 101, 2000));
/// let quick = Config::new(30, 15, 200)?;
/// assert!(quick.validate().is_ok());
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Config {
    /// Board width `W = 2k`: even, 2 to [`MAX_SIDE`] (random starts need at least 14; the
    /// course's board is 102).
    pub width: u32,
    /// Board height `H`: 1 to [`MAX_SIDE`] (random starts need at least 7; the course's board is
    /// 101).
    pub height: u32,
    /// Moves allowed to each player; the game lasts at most `2 · max_turn` plies.
    pub max_turn: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            width: 102,
            height: 101,
            max_turn: 2000,
        }
    }
}

/// Largest board side accepted (cells are indexed with `u32`, floods use `i32`).
pub const MAX_SIDE: u32 = 4096;

/// Largest `max_turn` accepted (2³⁰): a game's ply count, at most `2 · max_turn`, then fits a
/// `u32` with room to spare.
pub const MAX_TURN: u32 = 1 << 30;

impl Config {
    /// A board of `width × height` cells with `max_turn` moves per player, checked by
    /// [`Config::validate`].
    ///
    /// ```
    /// use grid_games::paperio::Config;
    /// let c = Config::new(40, 21, 300)?;
    /// assert_eq!((c.width, c.height, c.max_turn), (40, 21, 300));
    /// assert!(Config::new(17, 21, 300).is_err()); // the width must be even
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn new(width: u32, height: u32, max_turn: u32) -> Result<Config, PaperioError> {
        let config = Config {
            width,
            height,
            max_turn,
        };
        config.validate()?;
        Ok(config)
    }

    /// This configuration with a `width × height` board (not checked until used).
    ///
    /// ```
    /// use grid_games::paperio::Config;
    /// let c = Config::default().with_size(50, 25);
    /// assert_eq!((c.width, c.height), (50, 25));
    /// assert!(c.validate().is_ok());
    /// ```
    pub fn with_size(mut self, width: u32, height: u32) -> Config {
        self.width = width;
        self.height = height;
        self
    }

    /// This configuration with `max_turn` moves per player (not checked until used).
    ///
    /// ```
    /// use grid_games::paperio::{Config, PaperioError};
    /// assert_eq!(Config::default().with_max_turn(0).validate(), Err(PaperioError::NoTurns));
    /// ```
    pub fn with_max_turn(mut self, max_turn: u32) -> Config {
        self.max_turn = max_turn;
        self
    }

    /// Checks the size as the course engine builds boards: `width = 2k` even and in
    /// `2..=4096`, `height` in `1..=4096`, and `max_turn` in `1..=`[`MAX_TURN`]. The engine itself checks
    /// nothing; explicit starts ([`Position::new`](super::Position::new)) work on any such
    /// board, clipped or overlapping squares included. The engine's random placement needs
    /// more room: see [`Config::random_starts`].
    ///
    /// ```
    /// use grid_games::paperio::{Config, PaperioError};
    /// assert!(Config::default().validate().is_ok());
    /// assert!(Config::default().with_size(8, 5).validate().is_ok()); // k = 4, h = 5
    /// assert_eq!(Config::default().with_size(19, 20).validate(), Err(PaperioError::BadSize { width: 19, height: 20 }));
    /// ```
    pub fn validate(&self) -> Result<(), PaperioError> {
        let ok_w = self.width.is_multiple_of(2) && (2..=MAX_SIDE).contains(&self.width);
        let ok_h = (1..=MAX_SIDE).contains(&self.height);
        if !ok_w || !ok_h {
            return Err(PaperioError::BadSize {
                width: self.width,
                height: self.height,
            });
        }
        if self.max_turn == 0 {
            return Err(PaperioError::NoTurns);
        }
        if self.max_turn > MAX_TURN {
            return Err(PaperioError::TooManyTurns(self.max_turn));
        }
        Ok(())
    }

    /// Whether the engine's random placement always puts both heads on the board, on
    /// different cells: `k = width / 2 ≥ 7` and `height ≥ 7`.
    ///
    /// ```
    /// use grid_games::paperio::Config;
    /// assert!(Config::default().fits_random_starts());
    /// assert!(Config::default().with_size(14, 7).fits_random_starts());
    /// assert!(!Config::default().with_size(12, 30).fits_random_starts());
    /// ```
    pub fn fits_random_starts(&self) -> bool {
        self.width >= 14 && self.height >= 7
    }

    /// The engine's random placement (in the draw order of the reference engine:
    /// `x1, y1, x2, y2`, then `d1`, `d2`): player `i` at
    /// `x = k·i + ⌊k/2⌋ + U(−3..3)`, `y = ⌊h/2⌋ + U(−3..3)`, direction uniform.
    ///
    /// The heads always land on the board, on different cells, when `k ≥ 7` and `h ≥ 7`
    /// ([`Config::fits_random_starts`]); on smaller boards the engine would index off the
    /// board, so they are refused ([`PaperioError::TooSmallForRandomStarts`]), as is a
    /// configuration [`validate`](Config::validate) refuses (its error). With `k ≥ 9` and
    /// `h ≥ 9` the two 3 × 3 squares are whole and disjoint; below that they may be clipped or
    /// overlap, as in the engine. Nothing is drawn from `rng` when the configuration is
    /// refused.
    ///
    /// ```
    /// use grid_games::paperio::{Config, PaperioError};
    /// use grid_games::game::Rng;
    /// let c = Config::default();
    /// let [a, b] = c.random_starts(&mut Rng::seed_from(8))?;
    /// // Player 0 starts in the west half, player 1 in the east half, near the middle row.
    /// assert!((22..=28).contains(&a.x) && (73..=79).contains(&b.x));
    /// assert!((47..=53).contains(&a.y) && (47..=53).contains(&b.y));
    /// let small = Config::default().with_size(12, 30);
    /// assert!(matches!(
    ///     small.random_starts(&mut Rng::seed_from(8)),
    ///     Err(PaperioError::TooSmallForRandomStarts { .. })
    /// ));
    /// # Ok::<(), PaperioError>(())
    /// ```
    pub fn random_starts(&self, rng: &mut Rng) -> Result<[Start; 2], PaperioError> {
        self.validate()?;
        if !self.fits_random_starts() {
            return Err(PaperioError::TooSmallForRandomStarts {
                width: self.width,
                height: self.height,
            });
        }
        let k = self.width as i32 / 2;
        let h = self.height as i32;
        let mut offset = || rng.below(7) as i32 - 3;
        let (x1, y1, x2, y2) = (offset(), offset(), offset(), offset());
        let d1 = Direction::from_index(rng.below(4) as u8);
        let d2 = Direction::from_index(rng.below(4) as u8);
        Ok([
            Start {
                x: k / 2 + x1,
                y: h / 2 + y1,
                direction: d1,
            },
            Start {
                x: k + k / 2 + x2,
                y: h / 2 + y2,
                direction: d2,
            },
        ])
    }
}

/// A heading. `y` grows southward (row 0 is the north edge), as in the reference engine.
///
/// ```
/// use grid_games::paperio::{Direction, Turn};
/// let d = Direction::East;
/// assert_eq!(d.turned(Turn::Left), Direction::North);
/// assert_eq!(Direction::North.delta(), (0, -1)); // y grows southward
/// assert_eq!(d.index(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// `+x`, index 0.
    East,
    /// `+y`, index 1.
    South,
    /// `−x`, index 2.
    West,
    /// `−y`, index 3.
    North,
}

impl Direction {
    /// All four, in index order.
    pub const ALL: [Direction; 4] = [
        Direction::East,
        Direction::South,
        Direction::West,
        Direction::North,
    ];

    /// Direction by the engine's index `0..4` (taken modulo 4).
    ///
    /// ```
    /// use grid_games::paperio::Direction;
    /// assert_eq!(Direction::from_index(2), Direction::West);
    /// assert_eq!(Direction::from_index(5), Direction::South); // modulo 4
    /// ```
    pub const fn from_index(i: u8) -> Direction {
        Self::ALL[(i % 4) as usize]
    }

    /// The engine's index: 0 East, 1 South, 2 West, 3 North.
    ///
    /// ```
    /// use grid_games::paperio::Direction;
    /// let indices: Vec<u8> = Direction::ALL.iter().map(|d| d.index()).collect();
    /// assert_eq!(indices, [0, 1, 2, 3]);
    /// ```
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The step `(dx, dy)`.
    ///
    /// ```
    /// use grid_games::paperio::Direction;
    /// assert_eq!(Direction::East.delta(), (1, 0));
    /// assert_eq!(Direction::South.delta(), (0, 1));
    /// ```
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::East => (1, 0),
            Direction::South => (0, 1),
            Direction::West => (-1, 0),
            Direction::North => (0, -1),
        }
    }

    /// The heading after `turn`: left is `d + 3`, right is `d + 1` (mod 4).
    ///
    /// ```
    /// use grid_games::paperio::{Direction, Turn};
    /// assert_eq!(Direction::North.turned(Turn::Right), Direction::East);
    /// assert_eq!(Direction::North.turned(Turn::Straight), Direction::North);
    /// ```
    pub const fn turned(self, turn: Turn) -> Direction {
        match turn {
            Turn::Left => Direction::from_index(self.index() + 3),
            Turn::Right => Direction::from_index(self.index() + 1),
            Turn::Straight => self,
        }
    }

    /// Whether the two headings are at right angles.
    ///
    /// ```
    /// use grid_games::paperio::Direction;
    /// assert!(Direction::East.is_perpendicular(Direction::North));
    /// assert!(!Direction::East.is_perpendicular(Direction::West));
    /// ```
    pub const fn is_perpendicular(self, other: Direction) -> bool {
        self.index() % 2 != other.index() % 2
    }
}

/// A player's action: turn left, turn right, or keep going. The head always advances one cell.
///
/// ```
/// use grid_games::paperio::{Direction, Turn};
/// // Four right turns bring a head back to its heading.
/// let mut d = Direction::West;
/// for _ in 0..4 {
///     d = d.turned(Turn::Right);
/// }
/// assert_eq!(d, Direction::West);
/// assert_eq!(Turn::ALL.len(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Turn {
    /// Turn left, then advance.
    Left,
    /// Turn right, then advance.
    Right,
    /// Advance straight on.
    Straight,
}

impl Turn {
    /// All three actions.
    pub const ALL: [Turn; 3] = [Turn::Straight, Turn::Left, Turn::Right];

    /// The engine's reading of a returned value: a string whose first character,
    /// upper-cased, is `L` turns left, `R` turns right, anything else goes straight.
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// assert_eq!(Turn::from_engine("left"), Turn::Left);
    /// assert_eq!(Turn::from_engine("r"), Turn::Right);
    /// assert_eq!(Turn::from_engine("?"), Turn::Straight); // anything else goes straight
    /// assert_eq!(Turn::from_engine(""), Turn::Straight);
    /// ```
    pub fn from_engine(text: &str) -> Turn {
        match text.chars().next().map(|c| c.to_ascii_uppercase()) {
            Some('L') => Turn::Left,
            Some('R') => Turn::Right,
            _ => Turn::Straight,
        }
    }

    /// The trace letter: `l`, `r` or `n`.
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// let letters: String = Turn::ALL.iter().map(|t| t.letter()).collect();
    /// assert_eq!(letters.len(), 3);
    /// assert_eq!(Turn::Straight.letter(), 'n');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Turn::Left => 'l',
            Turn::Right => 'r',
            Turn::Straight => 'n',
        }
    }
}

impl core::fmt::Display for Turn {
    /// The reference engine's letter: `l`, `r` or `n` (no turn), which [`str::parse`] reads back.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Turn::Left => "l",
            Turn::Right => "r",
            Turn::Straight => "n",
        })
    }
}

impl core::str::FromStr for Turn {
    type Err = PaperioError;

    /// `l`, `r` or `n` as the reference engine's AIs answer (case-insensitive; anything else is
    /// [`PaperioError::BadTurn`]).
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// assert_eq!("L".parse::<Turn>(), Ok(Turn::Left));
    /// for t in Turn::ALL {
    ///     assert_eq!(t.to_string().parse::<Turn>(), Ok(t));
    /// }
    /// assert!("x".parse::<Turn>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Turn, PaperioError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "l" => Ok(Turn::Left),
            "r" => Ok(Turn::Right),
            "n" => Ok(Turn::Straight),
            _ => Err(PaperioError::BadTurn(text.to_owned())),
        }
    }
}

impl core::fmt::Display for Direction {
    /// `east`, `south`, `west` or `north`, which [`str::parse`] reads back.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Direction::East => "east",
            Direction::South => "south",
            Direction::West => "west",
            Direction::North => "north",
        })
    }
}

impl core::str::FromStr for Direction {
    type Err = PaperioError;

    /// A direction's name (case-insensitive) or the engine's index `0`–`3`.
    ///
    /// ```
    /// use grid_games::paperio::Direction;
    /// assert_eq!("3".parse::<Direction>(), Ok(Direction::North));
    /// for d in Direction::ALL {
    ///     assert_eq!(d.to_string().parse::<Direction>(), Ok(d));
    /// }
    /// ```
    fn from_str(text: &str) -> Result<Direction, PaperioError> {
        let t = text.trim().to_ascii_lowercase();
        Direction::ALL
            .into_iter()
            .find(|d| d.to_string() == t || d.index().to_string() == t)
            .ok_or_else(|| PaperioError::BadDirection(text.to_owned()))
    }
}

/// Where a player starts: its head (which also centres its 3 × 3 territory) and heading.
///
/// ```
/// use grid_games::paperio::{Config, Direction, Position, Start};
/// use grid_games::game::Side;
/// let starts = [
///     Start { x: 10, y: 10, direction: Direction::North },
///     Start { x: 30, y: 10, direction: Direction::South },
/// ];
/// let game = Position::new(Config::new(40, 21, 100)?, starts)?;
/// assert_eq!(game.head(Side::Second), (30, 10));
/// assert_eq!(game.direction(Side::First), Direction::North);
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Start {
    /// Column, 0 = west edge.
    pub x: i32,
    /// Row, 0 = north edge.
    pub y: i32,
    /// Initial heading.
    pub direction: Direction,
}

/// A refused paper.io input.
///
/// ```
/// use grid_games::paperio::{Config, Direction, PaperioError, Position, Start};
/// let off = Start { x: 99, y: 5, direction: Direction::East };
/// let ok = Start { x: 5, y: 5, direction: Direction::East };
/// let err = Position::new(Config::new(40, 21, 100)?, [ok, off]).unwrap_err();
/// assert!(matches!(err, PaperioError::BadStart { x: 99, y: 5, .. }));
/// assert!(matches!("up".parse::<Direction>(), Err(PaperioError::BadDirection(_))));
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PaperioError {
    /// The board is empty, too large, or of odd width.
    #[error("board {width}x{height} is not allowed (width even in 2..=4096, height in 1..=4096)")]
    BadSize {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// The engine's random placement could put a head off this board (it needs
    /// `width ≥ 14` and `height ≥ 7`); give explicit starts instead.
    #[error(
        "board {width}x{height} is too small for the random placement (width >= 14 and height >= 7)"
    )]
    TooSmallForRandomStarts {
        /// Board width.
        width: u32,
        /// Board height.
        height: u32,
    },
    /// A [`Snapshot`](super::Snapshot) that no game can reach.
    #[error("bad snapshot: {0}")]
    BadSnapshot(#[from] super::SnapshotError),
    /// A course-engine frame that does not have the course's shape.
    #[error("bad course frame: {0}")]
    BadFrame(#[from] super::course::FrameError),
    /// `max_turn` is zero.
    #[error("max_turn must be at least 1")]
    NoTurns,
    /// `max_turn` is above [`MAX_TURN`].
    #[error("max_turn {0} is above the limit of 2^30")]
    TooManyTurns(u32),
    /// A starting head is off the board, or both heads are on the same cell.
    #[error("bad start for player {player}: ({x}, {y})")]
    BadStart {
        /// The player.
        player: crate::game::Side,
        /// Head column.
        x: i32,
        /// Head row.
        y: i32,
    },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Text that is not a turn (`l`, `r`, `n`).
    #[error("{0:?} is not a turn (l, r or n)")]
    BadTurn(String),
    /// Text that is not a direction.
    #[error("{0:?} is not a direction (east, south, west, north or 0-3)")]
    BadDirection(String),
}
