//! The five rule variants of the square board, their colours, pieces and starting cells.

use super::{BlokusError, Piece, Point};
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
/// // Junior: the Duo board, 12 shapes with two copies of each.
/// assert_eq!((Variant::Junior.size(), Variant::Junior.pieces().count()), (14, 12));
/// // Three-player Classic: four colours, the fourth played in turn.
/// assert_eq!((Variant::Classic3.colours(), Variant::Classic3.players()), (4, 3));
/// # Ok::<(), grid_games::blokus::BlokusError>(())
/// ```
///
/// The enum is `#[non_exhaustive]`: Pentobi plays more variants (Trigon, Nexos, ...) that may
/// join it, so a `match` on it outside this crate needs a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Variant {
    /// Blokus Duo: 14×14, two colours, two players, starts e10 and j5.
    Duo,
    /// Classic: 20×20, four colours, four players, starts in the corners a20, t20, t1, a1.
    Classic,
    /// Classic two-player: the Classic board and colours; player 0 plays colours 0 and 2,
    /// player 1 plays colours 1 and 3.
    Classic2,
    /// Blokus Junior: the Duo board and starting points, two colours and two players, but
    /// its own piece set: 12 shapes (L5, P, I5, the five tetrominoes, both trominoes, the
    /// domino and the monomino) with two copies of each, and no bonus points.
    Junior,
    /// Classic three-player: the Classic board, pieces and colours for three players. Players
    /// 0, 1 and 2 play colours 0, 1 and 2; colour 3 is played in turn: its `k`-th piece
    /// (from 0) is placed by player `k mod 3`
    /// ([`Position::player_of`](super::Position::player_of)). Colour 3's points count for no
    /// one.
    Classic3,
}

/// Pentobi's Junior piece set, in our piece numbering: L5, I5, P, L4, I4, T4, Z4, O, V3, I3,
/// the domino and the monomino.
const JUNIOR: u32 = 1 << 1 | 1 << 7 | 1 << 10 | 0b1_1111_1111 << 12;

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 5] = [
        Variant::Duo,
        Variant::Classic,
        Variant::Classic2,
        Variant::Junior,
        Variant::Classic3,
    ];

    /// Side length of the square board.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::Duo.size(), 14);
    /// assert_eq!(Variant::Classic2.size(), 20);
    /// ```
    pub const fn size(self) -> u8 {
        match self {
            Variant::Duo | Variant::Junior => 14,
            Variant::Classic | Variant::Classic2 | Variant::Classic3 => 20,
        }
    }

    /// Number of colours (each owns the variant's [pieces](Variant::pieces)).
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::Classic2.colours(), 4);
    /// assert_eq!(Variant::Junior.colours(), 2);
    /// ```
    pub const fn colours(self) -> usize {
        match self {
            Variant::Duo | Variant::Junior => 2,
            Variant::Classic | Variant::Classic2 | Variant::Classic3 => 4,
        }
    }

    /// The pieces each colour owns, in [`Piece`] order: all 21 except in Junior.
    ///
    /// ```
    /// use grid_games::blokus::{Piece, Variant};
    /// assert_eq!(Variant::Duo.pieces().count(), Piece::COUNT);
    /// let junior: Vec<&str> = Variant::Junior.pieces().map(Piece::name).collect();
    /// assert_eq!(junior, ["L5", "I5", "P", "L4", "I4", "T4", "Z4", "O", "V3", "I3", "2", "1"]);
    /// ```
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        let mask = self.piece_mask();
        Piece::all().filter(move |p| mask >> p.index() & 1 == 1)
    }

    /// The variant's pieces as a bit mask over piece indices.
    pub(crate) const fn piece_mask(self) -> u32 {
        match self {
            Variant::Junior => JUNIOR,
            _ => (1 << Piece::COUNT) - 1,
        }
    }

    /// How many copies of `piece` each colour owns: 1 for every piece of the 21 in the
    /// Classic and Duo variants, 2 for each of Junior's 12 shapes, 0 for a piece the variant
    /// does not use.
    ///
    /// ```
    /// use grid_games::blokus::{Piece, Variant};
    /// let x: Piece = "X".parse()?;
    /// assert_eq!((Variant::Duo.copies(x), Variant::Junior.copies(x)), (1, 0));
    /// assert_eq!(Variant::Junior.copies(Piece::MONOMINO), 2);
    /// let squares: usize = Variant::Junior.pieces().map(|p| p.size() * Variant::Junior.copies(p)).sum();
    /// assert_eq!(squares, 88);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub const fn copies(self, piece: Piece) -> usize {
        let owned = (self.piece_mask() >> piece.index() & 1) as usize;
        match self {
            Variant::Junior => 2 * owned,
            _ => owned,
        }
    }

    /// Whether placing every piece earns bonus points (+15, and +5 more when the last piece
    /// placed was the monomino): in every variant but Junior.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert!(Variant::Classic3.has_bonus());
    /// assert!(!Variant::Junior.has_bonus());
    /// ```
    pub const fn has_bonus(self) -> bool {
        !matches!(self, Variant::Junior)
    }

    /// Number of players.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::Classic.players(), 4);
    /// assert_eq!(Variant::Classic2.players(), 2);
    /// assert_eq!(Variant::Classic3.players(), 3);
    /// ```
    pub const fn players(self) -> usize {
        match self {
            Variant::Duo | Variant::Classic2 | Variant::Junior => 2,
            Variant::Classic3 => 3,
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

    /// The player who owns `colour`: who plays it and whose points it earns. `None` for a
    /// colour the variant does not have, and for colour 3 of [`Variant::Classic3`], which the
    /// players take turns to play and which earns points for no one
    /// ([`Position::player_of`](super::Position::player_of) says who places its next piece).
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// use grid_games::game::Player;
    /// let c2 = Variant::Classic2.colour(2).unwrap();
    /// assert_eq!(Variant::Classic2.player_of(c2), Some(Player::FIRST)); // colours 0 and 2
    /// assert_eq!(Variant::Classic.player_of(c2), Some(Player::THIRD));
    /// assert_eq!(Variant::Duo.player_of(c2), None);
    /// let c3 = Variant::Classic3.colour(3).unwrap();
    /// assert_eq!(Variant::Classic3.player_of(c3), None); // shared
    /// ```
    pub const fn player_of(self, colour: Colour) -> Option<Player> {
        match self.owner_index(colour.index()) {
            Some(p) => Player::new(p),
            None => None,
        }
    }

    /// The index of the player who owns colour index `c` (see [`player_of`](Variant::player_of)).
    pub(crate) const fn owner_index(self, c: usize) -> Option<usize> {
        if c >= self.colours() || matches!(self, Variant::Classic3) && c == 3 {
            None
        } else {
            Some(c % self.players())
        }
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
            (Variant::Duo | Variant::Junior, 0) => Point::new(4, 9),
            (Variant::Duo | Variant::Junior, _) => Point::new(9, 4),
            (_, 0) => Point::new(0, 19),
            (_, 1) => Point::new(19, 19),
            (_, 2) => Point::new(19, 0),
            (_, _) => Point::new(0, 0),
        }
    }

    /// Pentobi's variant id: `duo`, `classic`, `classic_2`, `junior`, `classic_3`.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
    /// assert_eq!(ids, ["duo", "classic", "classic_2", "junior", "classic_3"]);
    /// ```
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Duo => "duo",
            Variant::Classic => "classic",
            Variant::Classic2 => "classic_2",
            Variant::Junior => "junior",
            Variant::Classic3 => "classic_3",
        }
    }

    /// Pentobi's short variant id (its command line takes it too): `d`, `c`, `c2`, `j`, `c3`.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::parse(Variant::Junior.short_id()), Ok(Variant::Junior));
    /// ```
    pub const fn short_id(self) -> &'static str {
        match self {
            Variant::Duo => "d",
            Variant::Classic => "c",
            Variant::Classic2 => "c2",
            Variant::Junior => "j",
            Variant::Classic3 => "c3",
        }
    }

    /// The game name of GTP `set_game` and SGF `GM`: `Blokus Duo`, `Blokus`,
    /// `Blokus Two-Player`, `Blokus Junior`, `Blokus Three-Player`.
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::Duo.game_name(), "Blokus Duo");
    /// assert_eq!(Variant::parse(Variant::Classic2.game_name()), Ok(Variant::Classic2));
    /// assert_eq!(Variant::Classic3.game_name(), "Blokus Three-Player");
    /// ```
    pub const fn game_name(self) -> &'static str {
        match self {
            Variant::Duo => "Blokus Duo",
            Variant::Classic => "Blokus",
            Variant::Classic2 => "Blokus Two-Player",
            Variant::Junior => "Blokus Junior",
            Variant::Classic3 => "Blokus Three-Player",
        }
    }

    /// Reads a Pentobi id, short id or GTP game name (case-insensitive, surrounding
    /// whitespace ignored).
    ///
    /// ```
    /// use grid_games::blokus::Variant;
    /// assert_eq!(Variant::parse("Blokus Duo"), Ok(Variant::Duo));
    /// assert_eq!(Variant::parse("classic_2"), Ok(Variant::Classic2));
    /// assert_eq!(Variant::parse("blokus junior"), Ok(Variant::Junior));
    /// assert_eq!(Variant::parse("c3"), Ok(Variant::Classic3));
    /// assert!(Variant::parse("trigon").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Variant, BlokusError> {
        let t = text.trim();
        Variant::ALL
            .into_iter()
            .find(|v| {
                t.eq_ignore_ascii_case(v.id())
                    || t.eq_ignore_ascii_case(v.short_id())
                    || t.eq_ignore_ascii_case(v.game_name())
            })
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

    /// Reads a GTP colour name: in the two-colour variants (Duo, Junior) `b`/`black`/`blue`
    /// and `w`/`white`/`green`; with four colours `1`..`4` (also `blue`, `yellow`, `red`,
    /// `green`).
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
        let index = match (self.colours(), t.as_str()) {
            (2, "b" | "black" | "blue") => 0,
            (2, "w" | "white" | "green") => 1,
            (2, _) => usize::MAX,
            (_, "1" | "blue") => 0,
            (_, "2" | "yellow") => 1,
            (_, "3" | "red") => 2,
            (_, "4" | "green") => 3,
            _ => usize::MAX,
        };
        self.colour(index).ok_or(BlokusError::UnknownColour(t))
    }

    /// The GTP name of `colour`: `b`/`w` in Duo and Junior, `1`..`4` otherwise; `None` for a
    /// colour the variant does not have.
    ///
    /// ```
    /// use grid_games::blokus::{Colour, Variant};
    /// let c1 = Colour::new(1).unwrap();
    /// assert_eq!(Variant::Duo.colour_name(c1), Some("w"));
    /// assert_eq!(Variant::Classic.colour_name(c1), Some("2"));
    /// assert_eq!(Variant::Duo.colour_name(Colour::new(3).unwrap()), None);
    /// ```
    pub fn colour_name(self, colour: Colour) -> Option<&'static str> {
        let names: &[&str] = match self.colours() {
            2 => &["b", "w"],
            _ => &["1", "2", "3", "4"],
        };
        names.get(colour.index()).copied()
    }
}

impl core::fmt::Display for Variant {
    /// The Pentobi [id](Variant::id) (`duo`, `classic`, …), which [`str::parse`] reads back.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.id())
    }
}

impl core::str::FromStr for Variant {
    type Err = BlokusError;

    /// [`Variant::parse`]: a Pentobi id, short id or GTP game name.
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
