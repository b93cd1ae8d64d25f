//! A Blokus position as one line of text: `Display` writes it, `FromStr` reads it back by
//! replaying it; `{:#}` prints the board picture instead.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use super::{BlokusError, Colour, Position, Variant};

/// Why a line is not a Blokus position ([`Position`]'s `FromStr`).
///
/// ```
/// use grid_games::blokus::{BlokusError, ParsePositionError, Position};
/// let err = "duo b:e8,d9,e9,f9,e10 w:e8".parse::<Position>().unwrap_err();
/// assert_eq!(err, ParsePositionError::BadMove {
///     number: 2,
///     field: "w:e8".into(),
///     error: BlokusError::Occupied("e8".into()),
/// });
/// assert_eq!(err.to_string(), "move 2 (\"w:e8\"): cell e8 is occupied");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The line has no field at all.
    #[error("empty line: expected a variant id (duo, classic or classic_2)")]
    Empty,
    /// The first field is not a variant id.
    #[error("unknown variant {0:?} (expected duo, classic or classic_2)")]
    UnknownVariant(String),
    /// A field is neither a placement `colour:cells` nor `to_move=colour`.
    #[error("field {0:?} is neither a placement (colour:cells) nor to_move=colour")]
    BadField(String),
    /// A placement (counted from 1) names a colour the variant does not have, is not a piece,
    /// or breaks a rule: the rule's error.
    #[error("move {number} ({field:?}): {error}")]
    BadMove {
        /// The placement's number, from 1.
        number: usize,
        /// The whole field, `colour:cells`.
        field: String,
        /// What is wrong with it.
        #[source]
        error: BlokusError,
    },
    /// The `to_move=` field names a colour the variant does not have.
    #[error("to_move field {field:?}: {error}")]
    BadTurn {
        /// The whole field.
        field: String,
        /// What is wrong with it.
        #[source]
        error: BlokusError,
    },
    /// A field follows the `to_move=` field, which must come last.
    #[error("field {0:?} after the to_move field, which must come last")]
    AfterTurn(String),
}

/// The colour whose name in `variant` is exactly `text` (`b`/`w` in Duo and Junior, `1` to `4`
/// with four colours), as [`Variant::colour_name`] writes it.
fn colour_named(variant: Variant, text: &str) -> Result<Colour, BlokusError> {
    variant
        .all_colours()
        .find(|&c| variant.colour_name(c) == Some(text))
        .ok_or_else(|| BlokusError::UnknownColour(text.to_string()))
}

impl Position {
    /// The colour that moves next in the fixed rotation when nobody has changed the turn: the
    /// one after the last mover (colour 0 on an empty board).
    fn rotation_to_move(&self) -> Colour {
        let colours = self.variant().colours();
        let next = self
            .history()
            .last()
            .map_or(0, |(c, _)| (c.index() + 1) % colours);
        Colour::new(next).expect("a colour of the variant")
    }
}

impl fmt::Display for Position {
    /// The position line (see [`Position`]); with `{:#}`, the board picture of
    /// [`render`](Position::render).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.render());
        }
        let variant = self.variant();
        f.write_str(variant.id())?;
        for (colour, m) in self.history() {
            let name = variant.colour_name(colour).ok_or(fmt::Error)?;
            let cells = self.notation(m).map_err(|_| fmt::Error)?;
            write!(f, " {name}:{cells}")?;
        }
        let nominal = self.nominal_to_move();
        if nominal != self.rotation_to_move() {
            let name = variant.colour_name(nominal).ok_or(fmt::Error)?;
            write!(f, " to_move={name}")?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position line (see [`Position`]) by replaying its placements from the empty
    /// board, so every rule is checked.
    fn from_str(line: &str) -> Result<Position, ParsePositionError> {
        let mut fields = line.split_ascii_whitespace();
        let id = fields.next().ok_or(ParsePositionError::Empty)?;
        let variant = Variant::ALL
            .into_iter()
            .find(|v| v.id() == id)
            .ok_or_else(|| ParsePositionError::UnknownVariant(id.to_string()))?;
        let mut pos = Position::new(variant);
        let mut number = 0;
        let mut turn_given = false;
        for field in fields {
            if turn_given {
                return Err(ParsePositionError::AfterTurn(field.to_string()));
            }
            if let Some(name) = field.strip_prefix("to_move=") {
                let bad_turn = |error| ParsePositionError::BadTurn {
                    field: field.to_string(),
                    error,
                };
                let colour = colour_named(variant, name).map_err(bad_turn)?;
                pos.set_nominal_to_move(colour).map_err(bad_turn)?;
                turn_given = true;
                continue;
            }
            let (name, cells) = field
                .split_once(':')
                .ok_or_else(|| ParsePositionError::BadField(field.to_string()))?;
            number += 1;
            let bad_move = |error| ParsePositionError::BadMove {
                number,
                field: field.to_string(),
                error,
            };
            let colour = colour_named(variant, name).map_err(bad_move)?;
            let m = pos.parse_move(cells).map_err(bad_move)?;
            pos.play_as(colour, m).map_err(bad_move)?;
        }
        Ok(pos)
    }
}

impl PartialEq for Position {
    /// Equal when the variant, the placements (colour and move, in order) and the nominal
    /// colour to move are: everything else of the state follows from them. (How
    /// [`undo`](Position::undo) restores a turn set by
    /// [`set_nominal_to_move`](Position::set_nominal_to_move) before an earlier move is not
    /// compared.)
    fn eq(&self, other: &Position) -> bool {
        self.variant() == other.variant()
            && self.nominal_to_move() == other.nominal_to_move()
            && self.history().eq(other.history())
    }
}

impl Eq for Position {}
