//! `serde` support for Blokus (the `serde` feature).
//!
//! | type | form |
//! |---|---|
//! | [`Variant`] | its Pentobi id: `"duo"`, `"classic"`, `"classic_2"` |
//! | [`Colour`] | its index, `0..4` (checked against the variant when used) |
//! | [`Piece`] | its name, `"V5"` |
//! | [`Point`] | `{"col": c, "row": r}` |
//! | [`Move`] | `{"variant": "duo", "id": n}` (the id indexes the variant's move table; a move that is not in it is refused when played) |
//! | [`Position`] | `{"variant": "duo", "history": [{"colour": 0, "move": "e8,d9,e9,f9,e10"}, ...], "to_move": 1}` |
//!
//! A position is written as its history in move notation and read back by replaying it, so
//! every rule is checked on reading: a document with an illegal move is refused with the
//! rule's error.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Colour, Piece, Position, Variant};

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let text = String::deserialize(d)?;
        Variant::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Colour, D::Error> {
        let index = u8::deserialize(d)?;
        Colour::new(usize::from(index))
            .ok_or_else(|| serde::de::Error::custom(format!("no colour {index}")))
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct Placed {
    colour: Colour,
    #[serde(rename = "move")]
    notation: String,
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Position")]
struct PositionRepr {
    variant: Variant,
    history: Vec<Placed>,
    to_move: Colour,
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let history = self
            .history()
            .map(|(colour, m)| {
                self.notation(m)
                    .map(|notation| Placed { colour, notation })
                    .map_err(serde::ser::Error::custom)
            })
            .collect::<Result<Vec<_>, S::Error>>()?;
        PositionRepr {
            variant: self.variant(),
            history,
            to_move: self.nominal_to_move(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        use serde::de::Error;
        let repr = PositionRepr::deserialize(d)?;
        let mut pos = Position::new(repr.variant);
        for (i, placed) in repr.history.iter().enumerate() {
            let m = pos
                .parse_move(&placed.notation)
                .map_err(|e| D::Error::custom(format!("move {}: {e}", i + 1)))?;
            pos.play_as(placed.colour, m)
                .map_err(|e| D::Error::custom(format!("move {}: {e}", i + 1)))?;
        }
        pos.set_nominal_to_move(repr.to_move)
            .map_err(D::Error::custom)?;
        Ok(pos)
    }
}
