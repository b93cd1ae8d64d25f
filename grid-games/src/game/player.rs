//! Who is who: [`Player`] (a seat of any game, in turn order), [`Side`] (a seat of a two-player
//! game) and [`ByPlayer`] (one value per seat).
//!
//! Seats are types, not bare indices, so a bad seat cannot be written: a [`Player`] is one of
//! at most [`Player::MAX`] seats, and a two-player game's API takes a [`Side`], which has only
//! two values. Converting between them is explicit ([`Side::from_player`] may fail, every
//! `Side` is a `Player`).
//!
//! | operation | cost |
//! |---|---|
//! | `Player::new`, `Side::from_player`, `index`, `other` | O(1) |
//! | `ByPlayer` index by `Player` or `Side` | O(1), panics like a slice on a seat it lacks |
//! | `ByPlayer::get` | O(1), `None` on a seat it lacks |

use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat at the table, in turn order: [`Player::FIRST`] acts first. A game has at most
/// [`Player::MAX`] seats, so no `Player` value can name a fifth one.
///
/// ```
/// use grid_games::game::Player;
/// let p = Player::new(1).unwrap();
/// assert_eq!(p, Player::SECOND);
/// assert_eq!(p.index(), 1);
/// assert_eq!(Player::new(4), None);
/// assert_eq!(Player::all(3).collect::<Vec<_>>(), [Player::FIRST, Player::SECOND, Player::THIRD]);
/// assert_eq!(p.to_string(), "player 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Player(u8);

impl Player {
    /// The most seats any game of the crate has (Blokus Classic).
    pub const MAX: usize = 4;
    /// The seat that acts first.
    pub const FIRST: Player = Player(0);
    /// The second seat.
    pub const SECOND: Player = Player(1);
    /// The third seat.
    pub const THIRD: Player = Player(2);
    /// The fourth seat.
    pub const FOURTH: Player = Player(3);

    /// The seat with this 0-based index, or `None` past [`Player::MAX`].
    ///
    /// ```
    /// use grid_games::game::Player;
    /// assert_eq!(Player::new(2), Some(Player::THIRD));
    /// assert_eq!(Player::new(Player::MAX), None);
    /// ```
    pub const fn new(index: usize) -> Option<Player> {
        if index < Player::MAX {
            Some(Player(index as u8))
        } else {
            None
        }
    }

    /// The 0-based index of the seat.
    ///
    /// ```
    /// use grid_games::game::Player;
    /// assert_eq!(Player::FOURTH.index(), 3);
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The first `players` seats in turn order (at most [`Player::MAX`]).
    ///
    /// ```
    /// use grid_games::game::Player;
    /// let seats: Vec<usize> = Player::all(4).map(Player::index).collect();
    /// assert_eq!(seats, [0, 1, 2, 3]);
    /// assert_eq!(Player::all(9).len(), Player::MAX);
    /// ```
    pub fn all(players: usize) -> impl ExactSizeIterator<Item = Player> + Clone {
        (0..players.min(Player::MAX) as u8).map(Player)
    }

    /// The seat after this one in a game of `players` seats (wrapping to the first).
    ///
    /// ```
    /// use grid_games::game::Player;
    /// assert_eq!(Player::SECOND.next(2), Player::FIRST);
    /// assert_eq!(Player::SECOND.next(4), Player::THIRD);
    /// ```
    pub fn next(self, players: usize) -> Player {
        let n = players.clamp(1, Player::MAX);
        Player(((self.index() + 1) % n) as u8)
    }
}

impl fmt::Display for Player {
    /// `player 1` for the first seat (seats are counted from 1 in text).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}

impl From<Player> for u8 {
    fn from(p: Player) -> u8 {
        p.0
    }
}

impl From<Player> for usize {
    fn from(p: Player) -> usize {
        p.index()
    }
}

/// A seat index that is not a seat: at least [`Player::MAX`], or beyond a two-player game.
///
/// ```
/// use grid_games::game::{BadSeat, Player};
/// let err = Player::try_from(7u8).unwrap_err();
/// assert_eq!(err, BadSeat { index: 7, seats: Player::MAX });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no seat {index} (this game has {seats} seats)")]
pub struct BadSeat {
    /// The index asked for.
    pub index: usize,
    /// How many seats there are.
    pub seats: usize,
}

impl TryFrom<u8> for Player {
    type Error = BadSeat;
    fn try_from(index: u8) -> Result<Player, BadSeat> {
        Player::new(usize::from(index)).ok_or(BadSeat {
            index: usize::from(index),
            seats: Player::MAX,
        })
    }
}

impl TryFrom<usize> for Player {
    type Error = BadSeat;
    fn try_from(index: usize) -> Result<Player, BadSeat> {
        Player::new(index).ok_or(BadSeat {
            index,
            seats: Player::MAX,
        })
    }
}

/// A seat of a two-player game: the only two values a two-player API can be asked about.
///
/// ```
/// use grid_games::game::{Player, Side};
/// assert_eq!(Side::First.other(), Side::Second);
/// assert_eq!(Player::from(Side::Second), Player::SECOND);
/// assert_eq!(Side::from_player(Player::THIRD), None);
/// assert_eq!(Side::ALL.map(Side::index), [0, 1]);
/// ```
///
/// Two-player APIs take a `Side`, so a third seat cannot be asked about: paper.io's
/// per-player accessors and the plane-bombing game's first mover take one,
///
/// ```
/// use grid_games::game::{Rng, Side};
/// use grid_games::paperio::{Config, Position};
/// use grid_games::planes::{GameSettings, SUBTASKS};
/// let game = Position::random(Config::default(), &mut Rng::seed_from(1))?;
/// let _ = (game.head(Side::Second), game.moves_left(Side::Second));
/// let settings = GameSettings::new(SUBTASKS[0]).with_first(Side::Second);
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
///
/// and a seat number in their place does not compile:
///
/// ```compile_fail
/// use grid_games::game::Rng;
/// use grid_games::paperio::{Config, Position};
/// let game = Position::random(Config::default(), &mut Rng::seed_from(1))?;
/// let _ = game.head(2);
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
///
/// ```compile_fail
/// use grid_games::planes::{GameSettings, SUBTASKS};
/// let settings = GameSettings::new(SUBTASKS[0]).with_first(2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The seat that acts first (player 0).
    First,
    /// The seat that acts second (player 1).
    Second,
}

impl Side {
    /// Both sides in turn order.
    pub const ALL: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
    ///
    /// ```
    /// use grid_games::game::Side;
    /// assert_eq!(Side::First.other(), Side::Second);
    /// assert_eq!(Side::Second.other().other(), Side::Second);
    /// ```
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for [`Side::First`], 1 for [`Side::Second`].
    ///
    /// ```
    /// use grid_games::game::Side;
    /// assert_eq!(Side::Second.index(), 1);
    /// ```
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// The side with this index, or `None` for an index other than 0 and 1.
    ///
    /// ```
    /// use grid_games::game::Side;
    /// assert_eq!(Side::new(0), Some(Side::First));
    /// assert_eq!(Side::new(2), None);
    /// ```
    pub const fn new(index: usize) -> Option<Side> {
        match index {
            0 => Some(Side::First),
            1 => Some(Side::Second),
            _ => None,
        }
    }

    /// The side of a seat, or `None` for a third or fourth seat.
    ///
    /// ```
    /// use grid_games::game::{Player, Side};
    /// assert_eq!(Side::from_player(Player::SECOND), Some(Side::Second));
    /// assert_eq!(Side::from_player(Player::FOURTH), None);
    /// ```
    pub const fn from_player(player: Player) -> Option<Side> {
        Side::new(player.index())
    }
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        Player(side.index() as u8)
    }
}

impl TryFrom<Player> for Side {
    type Error = BadSeat;
    fn try_from(player: Player) -> Result<Side, BadSeat> {
        Side::from_player(player).ok_or(BadSeat {
            index: player.index(),
            seats: 2,
        })
    }
}

impl fmt::Display for Side {
    /// `player 1` or `player 2`, as [`Player`] prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Player::from(*self).fmt(f)
    }
}

/// One value per seat of a game, indexed by [`Player`] or [`Side`].
///
/// ```
/// use grid_games::game::{ByPlayer, Player, Side};
/// let mut scores = ByPlayer::from(vec![10, 7]);
/// scores[Side::Second] += 5;
/// assert_eq!(scores[Player::SECOND], 12);
/// assert_eq!(scores.get(Player::THIRD), None);
/// let best = scores.iter().max_by_key(|&(_, s)| *s).map(|(p, _)| p);
/// assert_eq!(best, Some(Player::SECOND));
/// ```
///
/// With the `serde` feature it is written as a list of at most [`Player::MAX`] values; a longer
/// list is refused when read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct ByPlayer<T>(Vec<T>);

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for ByPlayer<T> {
    /// A list of at most [`Player::MAX`] values (a longer one would name seats no [`Player`]
    /// can, so it is refused rather than cut).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ByPlayer<T>, D::Error> {
        let values = Vec::<T>::deserialize(d)?;
        if values.len() > Player::MAX {
            return Err(serde::de::Error::custom(BadSeat {
                index: values.len() - 1,
                seats: Player::MAX,
            }));
        }
        Ok(ByPlayer(values))
    }
}

impl<T> ByPlayer<T> {
    /// One value per seat, from `f(seat)` for each of the first `players` seats (at most
    /// [`Player::MAX`]).
    ///
    /// ```
    /// use grid_games::game::{ByPlayer, Player};
    /// let names = ByPlayer::from_fn(3, |p| format!("bot {}", p.index()));
    /// assert_eq!(names[Player::THIRD], "bot 2");
    /// ```
    pub fn from_fn(players: usize, f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer(Player::all(players).map(f).collect())
    }

    /// The same value for each of the first `players` seats (at most [`Player::MAX`]).
    ///
    /// ```
    /// use grid_games::game::{ByPlayer, Player};
    /// let mut wins = ByPlayer::filled(2, 0u32);
    /// wins[Player::SECOND] += 1;
    /// assert_eq!(wins.values(), [0, 1]);
    /// ```
    pub fn filled(players: usize, value: T) -> ByPlayer<T>
    where
        T: Clone,
    {
        ByPlayer(vec![value; players.min(Player::MAX)])
    }

    /// Number of seats.
    ///
    /// ```
    /// use grid_games::game::ByPlayer;
    /// assert_eq!(ByPlayer::from([1, 2, 3]).len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no seats.
    ///
    /// ```
    /// use grid_games::game::ByPlayer;
    /// assert!(ByPlayer::<i64>::default().is_empty());
    /// assert!(!ByPlayer::from([0]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of `player`, or `None` if the game has no such seat.
    ///
    /// ```
    /// use grid_games::game::{ByPlayer, Player, Side};
    /// let scores = ByPlayer::from([12, 30]);
    /// assert_eq!(scores.get(Side::Second), Some(&30));
    /// assert_eq!(scores.get(Player::FOURTH), None);
    /// ```
    pub fn get(&self, player: impl Into<Player>) -> Option<&T> {
        self.0.get(player.into().index())
    }

    /// The value of `player` to change, or `None` if the game has no such seat.
    ///
    /// ```
    /// use grid_games::game::{ByPlayer, Side};
    /// let mut scores = ByPlayer::from([12, 30]);
    /// if let Some(s) = scores.get_mut(Side::First) {
    ///     *s += 5;
    /// }
    /// assert_eq!(scores.values(), [17, 30]);
    /// ```
    pub fn get_mut(&mut self, player: impl Into<Player>) -> Option<&mut T> {
        self.0.get_mut(player.into().index())
    }

    /// `(seat, value)` in turn order.
    ///
    /// ```
    /// use grid_games::game::{ByPlayer, Player};
    /// let scores = ByPlayer::from([4, 9]);
    /// let pairs: Vec<(Player, i32)> = scores.iter().map(|(p, &s)| (p, s)).collect();
    /// assert_eq!(pairs, [(Player::FIRST, 4), (Player::SECOND, 9)]);
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Player, &T)> + '_ {
        self.0.iter().enumerate().map(|(i, v)| (Player(i as u8), v))
    }

    /// The values in turn order.
    ///
    /// ```
    /// use grid_games::game::ByPlayer;
    /// assert_eq!(ByPlayer::from([4, 9]).values().iter().sum::<i32>(), 13);
    /// ```
    pub fn values(&self) -> &[T] {
        &self.0
    }

    /// The values as a vector, in turn order.
    ///
    /// ```
    /// use grid_games::game::ByPlayer;
    /// assert_eq!(ByPlayer::from(['x', 'o']).into_vec(), vec!['x', 'o']);
    /// ```
    pub fn into_vec(self) -> Vec<T> {
        self.0
    }

    /// The seats with the largest value: one seat for a sole leader, several on a tie.
    ///
    /// ```
    /// use grid_games::game::{ByPlayer, Player};
    /// assert_eq!(ByPlayer::from([5, 8, 8, 1]).leaders(), [Player::SECOND, Player::THIRD]);
    /// ```
    pub fn leaders(&self) -> Vec<Player>
    where
        T: Ord,
    {
        match self.0.iter().max() {
            None => Vec::new(),
            Some(best) => self
                .iter()
                .filter(|&(_, v)| v == best)
                .map(|(p, _)| p)
                .collect(),
        }
    }
}

impl<T> From<Vec<T>> for ByPlayer<T> {
    /// The values of seats `0..len`; values past [`Player::MAX`] are dropped.
    fn from(mut values: Vec<T>) -> ByPlayer<T> {
        values.truncate(Player::MAX);
        ByPlayer(values)
    }
}

impl<T, const N: usize> From<[T; N]> for ByPlayer<T> {
    /// The values of seats `0..N`; values past [`Player::MAX`] are dropped.
    fn from(values: [T; N]) -> ByPlayer<T> {
        ByPlayer::from(Vec::from(values))
    }
}

impl<T> FromIterator<T> for ByPlayer<T> {
    /// The values of seats in turn order; values past [`Player::MAX`] are dropped.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> ByPlayer<T> {
        ByPlayer(iter.into_iter().take(Player::MAX).collect())
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    /// # Panics
    /// If the game has no such seat (use [`ByPlayer::get`] to ask).
    fn index(&self, player: Player) -> &T {
        &self.0[player.index()]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, player: Player) -> &mut T {
        &mut self.0[player.index()]
    }
}

impl<T> Index<Side> for ByPlayer<T> {
    type Output = T;
    /// # Panics
    /// If the value has fewer than two seats (use [`ByPlayer::get`] to ask).
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for ByPlayer<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_round_trip() {
        for i in 0..Player::MAX {
            let p = Player::new(i).unwrap();
            assert_eq!(p.index(), i);
            assert_eq!(Player::try_from(i), Ok(p));
            assert_eq!(Player::try_from(i as u8), Ok(p));
            assert_eq!(Side::from_player(p).map(Player::from), (i < 2).then_some(p));
        }
        assert!(Player::try_from(Player::MAX).is_err());
        assert!(Player::try_from(usize::MAX).is_err());
        assert_eq!(
            Side::try_from(Player::FOURTH),
            Err(BadSeat { index: 3, seats: 2 })
        );
        assert_eq!(Player::all(usize::MAX).count(), Player::MAX);
        assert_eq!(Player::FOURTH.next(usize::MAX), Player::FIRST);
        assert_eq!(Player::FIRST.next(0), Player::FIRST);
    }

    #[test]
    fn by_player_is_bounded() {
        let many: ByPlayer<u32> = (0..100).collect();
        assert_eq!(many.len(), Player::MAX);
        assert_eq!(ByPlayer::filled(9, 0u8).len(), Player::MAX);
        let tie = ByPlayer::from([3, 5, 5]);
        assert_eq!(tie.leaders(), [Player::SECOND, Player::THIRD]);
        assert_eq!(tie.get(Player::FOURTH), None);
    }
}
