//! The `serde` feature's conversions that a derive cannot write: a [`Grid`] travels as its
//! text and a [`BigCount`] as its decimal digits (both validated when read back), and
//! [`Residues`] as a tuple of its `K` integers.

use core::fmt;

use crate::value::CountError;
use crate::{BigCount, Grid, PlugError, Residues};

/// With the `serde` feature a grid travels as its text (see [Boards as text](crate#boards-as-text)).
impl TryFrom<String> for Grid {
    type Error = PlugError;
    fn try_from(text: String) -> Result<Grid, PlugError> {
        text.parse()
    }
}

/// With the `serde` feature a grid travels as its text.
impl From<Grid> for String {
    fn from(grid: Grid) -> String {
        grid.to_string()
    }
}

/// With the `serde` feature a count travels as its decimal digits.
impl TryFrom<String> for BigCount {
    type Error = CountError;
    fn try_from(digits: String) -> Result<BigCount, CountError> {
        digits.parse()
    }
}

/// With the `serde` feature a count travels as its decimal digits.
impl From<BigCount> for String {
    fn from(count: BigCount) -> String {
        count.to_string()
    }
}

/// With the `serde` feature residues travel as a tuple of `K` integers.
impl<const K: usize> serde::Serialize for Residues<K> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let mut tuple = serializer.serialize_tuple(K)?;
        for r in &self.0 {
            tuple.serialize_element(r)?;
        }
        tuple.end()
    }
}

/// With the `serde` feature residues travel as a tuple of `K` integers.
impl<'de, const K: usize> serde::Deserialize<'de> for Residues<K> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit<const K: usize>;
        impl<'de, const K: usize> serde::de::Visitor<'de> for Visit<K> {
            type Value = Residues<K>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{K} residues")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Residues<K>, A::Error> {
                let mut out = [0u64; K];
                for (i, slot) in out.iter_mut().enumerate() {
                    *slot = seq
                        .next_element()?
                        .ok_or_else(|| serde::de::Error::invalid_length(i, &self))?;
                }
                Ok(Residues(out))
            }
        }
        deserializer.deserialize_tuple(K, Visit::<K>)
    }
}
