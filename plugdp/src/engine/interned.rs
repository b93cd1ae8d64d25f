//! [`Interned`]: one value per cell, equal values stored once.
//!
//! Most problems give almost every cell the same choices (free cells one list, blocked cells
//! another), so a board of millions of cells keeps a handful of lists and a `u32` per cell
//! instead of a list per cell. A new value is compared with the last [`Interned::RECENT`]
//! distinct values only, so building costs O(cells × RECENT) comparisons at worst and a board
//! whose cells all differ stores every value, as a plain vector would.

/// One value per cell, equal neighbours stored once; see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Interned<T> {
    kinds: Vec<T>,
    at: Vec<u32>,
}

impl<T: PartialEq> Interned<T> {
    /// How many of the latest distinct values a new value is compared with.
    pub(crate) const RECENT: usize = 8;

    /// An empty sequence with room for `cells` values.
    pub(crate) fn with_capacity(cells: usize) -> Interned<T> {
        Interned {
            kinds: Vec::new(),
            at: Vec::with_capacity(cells),
        }
    }

    /// Appends the value of the next cell.
    pub(crate) fn push(&mut self, value: T) {
        let start = self.kinds.len().saturating_sub(Self::RECENT);
        let found = (start..self.kinds.len())
            .rev()
            .find(|&k| self.kinds[k] == value);
        let k = found.unwrap_or_else(|| {
            self.kinds.push(value);
            self.kinds.len() - 1
        });
        // Grids hold at most 2^24 cells, so an index always fits.
        self.at.push(k as u32);
    }
}

impl<T> Interned<T> {
    /// The value of cell `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> &T {
        &self.kinds[self.at[i] as usize]
    }

    /// Number of distinct values stored.
    #[cfg(test)]
    pub(crate) fn distinct(&self) -> usize {
        self.kinds.len()
    }
}

impl<T: PartialEq> FromIterator<T> for Interned<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Interned<T> {
        let iter = iter.into_iter();
        let mut out = Interned::with_capacity(iter.size_hint().0);
        for value in iter {
            out.push(value);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Interned;

    #[test]
    fn equal_values_are_stored_once_and_every_cell_reads_its_own() {
        let values = [1, 1, 2, 1, 3, 3, 2, 1];
        let interned: Interned<i32> = values.iter().copied().collect();
        assert_eq!(interned.distinct(), 3);
        for (i, v) in values.iter().enumerate() {
            assert_eq!(interned.get(i), v);
        }
        // Values that all differ are all stored; an old value past RECENT is stored again.
        let many: Interned<usize> = (0..20).chain([0]).collect();
        assert_eq!(many.distinct(), 21);
        assert_eq!(*many.get(20), 0);
    }
}
