//! The three rule variants, their colours and their starting cells.

use super::{BlokusError, Point};
use crate::game::Player;

/// A Blokus rule variant.
///
/// ```
/// use grid_games::blokus::{Point, Variant};
/// let duo = Variant::Duo;
/// assert_eq!((duo.size(), duo.colours(), duo.players()), (14, 2, 2));
/// let starts: Vec<Point> = duo.all_colours().map(|c| duo.start(c).unwrap()).collect();
/// assert_eq!(starts, [Point::parse("e10", 14)?, Point::parse("j5", 14)?]);
/// assert_eq!((Variant::Classic.size(), Variant::Classic.colours()), (20, 4));
/// # Ok::<(), grid_games::blokus::BlokusError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Blokus Duo: 14×14, two colours, two players, starts e10 and j5.
    Duo,
    /// Classic: 20×20, four colours, four players, starts in the corners a20, t20, t1, a1.
    Classic,
    /// Classic two-player: the Classic board and colours; player 0 plays colours 0 and 2,
    /// player 1 plays colours 1 and 3.
    Classic2,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 3] = [Variant::Duo, Variant::Classic, Variant::Classic2];

    /// Side length of the square board.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::Duo.size(), 14);
    /// assert_eq!(Variant::Classic2.size(), 20);
    /// ```
    pub const fn size(self) -> u8 {
        match self {
            Variant::Duo => 14,
            Variant::Classic | Variant::Classic2 => 20,
        }
    }

    /// Number of colours (each owns the 21 pieces).
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::Classic2.colours(), 4);
    /// ```
    pub const fn colours(self) -> usize {
        match self {
            Variant::Duo => 2,
            Variant::Classic | Variant::Classic2 => 4,
        }
    }

    /// Number of players.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::Classic.players(), 4);
    /// assert_eq!(Variant::Classic2.players(), 2);
    /// ```
    pub const fn players(self) -> usize {
        match self {
            Variant::Duo | Variant::Classic2 => 2,
            Variant::Classic => 4,
        }
    }

    /// Colour `index` of this variant (`0..colours()`), or `None`.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert!(Variant::Duo.colour(1).is_some());
    /// assert!(Variant::Duo.colour(2).is_none());
    /// ```
    pub const fn colour(self, index: usize) -> Option<Colour> {
        if index < self.colours() {
            Some(Colour(index as u8))
        } else {
            None
        }
    }

    /// The player who plays `colour`, or `None` for a colour the variant does not have.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// use grid_games::game::Player;
    /// let c2 = Variant::Classic2.colour(2).unwrap();
    /// assert_eq!(Variant::Classic2.player_of(c2), Some(Player::FIRST)); // colours 0 and 2
    /// assert_eq!(Variant::Classic.player_of(c2), Some(Player::THIRD));
    /// assert_eq!(Variant::Duo.player_of(c2), None);
    /// ```
    pub const fn player_of(self, colour: Colour) -> Option<Player> {
        if colour.index() < self.colours() {
            Player::new(self.player_index(colour))
        } else {
            None
        }
    }

    /// `player_of` for a colour known to belong to the variant.
    pub(crate) const fn player_index(self, colour: Colour) -> usize {
        colour.index() % self.players()
    }

    /// The starting cell of `colour` (its first piece must cover it), or `None` for a colour
    /// the variant does not have.
    ///
    /// ```
    /// use grid_games::blokus::{Point, Variant};
    /// let white = Variant::Duo.colour(1).unwrap();
    /// assert_eq!(Variant::Duo.start(white), Some(Point::new(9, 4))); // j5
    /// let red = Variant::Classic.colour(2).unwrap();
    /// assert_eq!(Variant::Classic.start(red).unwrap().to_string(), "t1");
    /// ```
    pub const fn start(self, colour: Colour) -> Option<Point> {
        if colour.index() < self.colours() {
            Some(self.start_of(colour))
        } else {
            None
        }
    }

    /// `start` for a colour known to belong to the variant.
    pub(crate) const fn start_of(self, colour: Colour) -> Point {
        match (self, colour.0) {
            (Variant::Duo, 0) => Point::new(4, 9),
            (Variant::Duo, _) => Point::new(9, 4),
            (_, 0) => Point::new(0, 19),
            (_, 1) => Point::new(19, 19),
            (_, 2) => Point::new(19, 0),
            (_, _) => Point::new(0, 0),
        }
    }

    /// Pentobi's variant id: `duo`, `classic`, `classic_2`.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
    /// assert_eq!(ids, ["duo", "classic", "classic_2"]);
    /// ```
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Duo => "duo",
            Variant::Classic => "classic",
            Variant::Classic2 => "classic_2",
        }
    }

    /// The game name of GTP `set_game` and SGF `GM`: `Blokus Duo`, `Blokus`,
    /// `Blokus Two-Player`.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::Duo.game_name(), "Blokus Duo");
    /// assert_eq!(Variant::parse(Variant::Classic2.game_name()), Ok(Variant::Classic2));
    /// ```
    pub const fn game_name(self) -> &'static str {
        match self {
            Variant::Duo => "Blokus Duo",
            Variant::Classic => "Blokus",
            Variant::Classic2 => "Blokus Two-Player",
        }
    }

    /// Reads a Pentobi id or a GTP game name (case-insensitive).
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::parse("Blokus Duo"), Ok(Variant::Duo));
    /// assert_eq!(Variant::parse("classic_2"), Ok(Variant::Classic2));
    /// assert!(Variant::parse("trigon").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Variant, BlokusError> {
        let t = text.trim();
        Variant::ALL
            .into_iter()
            .find(|v| t.eq_ignore_ascii_case(v.id()) || t.eq_ignore_ascii_case(v.game_name()))
            .ok_or_else(|| BlokusError::UnknownVariant(t.to_string()))
    }

    /// The colours in turn order.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// let indices: Vec<usize> = Variant::Classic.all_colours().map(|c| c.index()).collect();
    /// assert_eq!(indices, [0, 1, 2, 3]);
    /// ```
    pub fn all_colours(self) -> impl Iterator<Item = Colour> {
        (0..self.colours() as u8).map(Colour)
    }

    /// Reads a GTP colour name: Duo `b`/`black`/`blue` and `w`/`white`/`green`; Classic
    /// `1`..`4` (also `blue`, `yellow`, `red`, `green`).
    ///
    /// ```
    /// use grid_games::blokus::{BlokusError, Variant};
    /// assert_eq!(Variant::Duo.parse_colour("w")?.index(), 1);
    /// assert_eq!(Variant::Classic.parse_colour("3")?.index(), 2);
    /// assert!(matches!(Variant::Duo.parse_colour("3"), Err(BlokusError::UnknownColour(_))));
    /// # Ok::<(), BlokusError>(())
    /// ```
    pub fn parse_colour(self, text: &str) -> Result<Colour, BlokusError> {
        let t = text.trim().to_ascii_lowercase();
        let index = match (self, t.as_str()) {
            (Variant::Duo, "b" | "black" | "blue") => 0,
            (Variant::Duo, "w" | "white" | "green") => 1,
            (Variant::Duo, _) => usize::MAX,
            (_, "1" | "blue") => 0,
            (_, "2" | "yellow") => 1,
            (_, "3" | "red") => 2,
            (_, "4" | "green") => 3,
            _ => usize::MAX,
        };
        self.colour(index).ok_or(BlokusError::UnknownColour(t))
    }

    /// The GTP name of `colour`: `b`/`w` in Duo, `1`..`4` otherwise; `None` for a colour the
    /// variant does not have.
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Variant};
    /// let c1 = Colour::new(1).unwrap();
    /// assert_eq!(Variant::Duo.colour_name(c1), Some("w"));
    /// assert_eq!(Variant::Classic.colour_name(c1), Some("2"));
    /// assert_eq!(Variant::Duo.colour_name(Colour::new(3).unwrap()), None);
    /// ```
    pub fn colour_name(self, colour: Colour) -> Option<&'static str> {
        let names: &[&str] = match self {
            Variant::Duo => &["b", "w"],
            Variant::Classic | Variant::Classic2 => &["1", "2", "3", "4"],
        };
        names.get(colour.index()).copied()
    }
}

impl core::fmt::Display for Variant {
    /// The Pentobi id (`duo`, `classic`, `classic_2`), which [`str::parse`] reads back.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.id())
    }
}

impl core::str::FromStr for Variant {
    type Err = BlokusError;

    /// [`Variant::parse`]: a Pentobi id or a GTP game name.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// for v in Variant::ALL {
    ///     assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
    /// }
    /// ```
    fn from_str(text: &str) -> Result<Variant, BlokusError> {
        Variant::parse(text)
    }
}

/// One of the (up to four) colours, in turn order: colour 0 moves first. Duo has colours 0 and 1
/// only: [`Variant::colour`] gives the colours of a variant, and every method that takes a
/// colour refuses (or ignores, for queries) one the variant does not have.
///
/// ```
/// use grid_games::blokus::{Colour, Variant};
/// let blue = Colour::new(0).unwrap();
/// assert_eq!(Variant::Duo.colour(0), Some(blue));
/// assert_eq!(Variant::Duo.colour_name(blue), Some("b"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colour(u8);

impl Colour {
    /// Colour `index` (`0..4`), or `None` beyond.
    ///
    /// ```
    /// use grid_games::blokus::Colour;
    /// assert_eq!(Colour::new(3).map(Colour::index), Some(3));
    /// assert_eq!(Colour::new(4), None);
    /// ```
    pub const fn new(index: usize) -> Option<Colour> {
        if index < 4 {
            Some(Colour(index as u8))
        } else {
            None
        }
    }

    /// Its index `0..4`.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::Duo.parse_colour("b")?.index(), 0);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its bit in a per-cell colour mask.
    pub(crate) const fn bit(self) -> u8 {
        1 << self.0
    }
}
