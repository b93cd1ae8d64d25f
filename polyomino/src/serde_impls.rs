//! `serde` support (the `serde` feature): every value type serializes as plain data, and every
//! type with an invariant deserializes through its checked constructor, so a document cannot
//! build a value the API could not.
//!
//! | type | form |
//! |---|---|
//! | [`Cell`] | `{"row": r, "col": c}` |
//! | [`Transform`], [`Equivalence`] | the variant name (`"Rotate90"`, `"Free"`) |
//! | [`TransformSet`] | its 8-bit mask |
//! | [`CellSet`], [`Polyomino`] | its cells, `[{"row": 0, "col": 0}, ...]` (normalised on reading; a polyomino's must be connected) |
//! | [`Marked`] ([`MarkedPolyomino`], [`MarkedCellSet`]) | `{"shape": [...cells], "mark": {"row": r, "col": c}}` |
//! | [`Board`] | its drawing, `"..#\n..."` (as `Display` writes and `FromStr` reads it) |
//! | [`Counts`] (`u64` or `u128` counts) | `{"size": n, "fixed": f, "one_sided": o, "free": r}` |

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::enumerate::Counts;
use crate::{Board, Cell, CellSet, Marked, Polyomino, Shape, TransformSet};
#[cfg(doc)]
use crate::{MarkedCellSet, MarkedPolyomino};

#[derive(Serialize, Deserialize)]
#[serde(rename = "Cell")]
struct CellRepr {
    row: i32,
    col: i32,
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        CellRepr {
            row: self.row,
            col: self.col,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let r = CellRepr::deserialize(d)?;
        Ok(Cell::new(r.row, r.col))
    }
}

impl Serialize for CellSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.cells().serialize(s)
    }
}

impl<'de> Deserialize<'de> for CellSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CellSet, D::Error> {
        let cells = Vec::<Cell>::deserialize(d)?;
        CellSet::from_cells(cells).map_err(serde::de::Error::custom)
    }
}

impl Serialize for Polyomino {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_cell_set().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Polyomino {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Polyomino, D::Error> {
        Polyomino::try_from(CellSet::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Marked")]
struct MarkedRepr<T> {
    shape: T,
    mark: Cell,
}

impl<T: Shape + Serialize> Serialize for Marked<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MarkedRepr {
            shape: self.shape(),
            mark: self.mark(),
        }
        .serialize(s)
    }
}

impl<'de, T: Shape + Deserialize<'de>> Deserialize<'de> for Marked<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Marked<T>, D::Error> {
        let r = MarkedRepr::<T>::deserialize(d)?;
        Marked::new(r.shape, r.mark).map_err(serde::de::Error::custom)
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let text = String::deserialize(d)?;
        Board::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl Serialize for TransformSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.bits().serialize(s)
    }
}

impl<'de> Deserialize<'de> for TransformSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TransformSet, D::Error> {
        Ok(TransformSet::from_bits(u8::deserialize(d)?))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "Counts")]
struct CountsRepr<T> {
    size: usize,
    fixed: T,
    one_sided: T,
    free: T,
}

impl<T: Serialize + Copy> Serialize for Counts<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        CountsRepr {
            size: self.size,
            fixed: self.fixed,
            one_sided: self.one_sided,
            free: self.free,
        }
        .serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Counts<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Counts<T>, D::Error> {
        let r = CountsRepr::deserialize(d)?;
        Ok(Counts {
            size: r.size,
            fixed: r.fixed,
            one_sided: r.one_sided,
            free: r.free,
        })
    }
}
