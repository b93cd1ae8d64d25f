//! Conflict tables: the pivot offsets at which two consecutive levels overlap.

use crate::geometry::extent;

/// The offsets `q − p` for which shape `a` at `p` and shape `b` at `q` share a cell, as a dense
/// table over their bounding range.
pub(crate) struct Conflicts {
    min_r: i64,
    min_c: i64,
    rows: i64,
    cols: i64,
    table: Vec<bool>,
    count: usize,
}

impl Conflicts {
    /// Conflicts between `a` (at p) and `b` (at q): q − p = x − y for cells x ∈ a, y ∈ b. Only
    /// offsets that two pivots of a `rows × cols` site can have are kept (|dr| < rows,
    /// |dc| < cols), which bounds the table by the site. Costs |a| · |b| steps and no memory
    /// beyond the table.
    pub(crate) fn new(a: &[(i64, i64)], b: &[(i64, i64)], rows: i64, cols: i64) -> Conflicts {
        let (ar, ac) = (extent(a, 0), extent(a, 1));
        let (br, bc) = (extent(b, 0), extent(b, 1));
        // The differences span [a_lo − b_hi, a_hi − b_lo], cut to what a site allows.
        let min_r = (ar.0 - br.1).max(1 - rows);
        let max_r = (ar.1 - br.0).min(rows - 1);
        let min_c = (ac.0 - bc.1).max(1 - cols);
        let max_c = (ac.1 - bc.0).min(cols - 1);
        let (rows, cols) = ((max_r - min_r + 1).max(0), (max_c - min_c + 1).max(0));
        let mut table = vec![false; (rows * cols) as usize];
        let mut count = 0;
        if rows > 0 && cols > 0 {
            for &(ar, ac) in a {
                for &(br, bc) in b {
                    let (r, c) = (ar - br - min_r, ac - bc - min_c);
                    if r < 0 || c < 0 || r >= rows || c >= cols {
                        continue;
                    }
                    let i = (r * cols + c) as usize;
                    if !table[i] {
                        table[i] = true;
                        count += 1;
                    }
                }
            }
        }
        Conflicts {
            min_r,
            min_c,
            rows,
            cols,
            table,
            count,
        }
    }

    /// Whether the offset `(dr, dc)` makes the shapes overlap.
    #[inline]
    pub(crate) fn hits(&self, dr: i64, dc: i64) -> bool {
        let (r, c) = (dr - self.min_r, dc - self.min_c);
        r >= 0
            && c >= 0
            && r < self.rows
            && c < self.cols
            && self.table[(r * self.cols + c) as usize]
    }

    /// Number of conflicting offsets.
    pub(crate) fn len(&self) -> usize {
        self.count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_match_a_direct_overlap_test() {
        let a = [(0, 0), (0, 1), (1, 0)];
        let b = [(-1, 0), (0, 0), (0, 1), (2, 2)];
        let t = Conflicts::new(&a, &b, 100, 100);
        for dr in -5..=5 {
            for dc in -5..=5 {
                let direct = a
                    .iter()
                    .any(|&(ar, ac)| b.iter().any(|&(br, bc)| ar == dr + br && ac == dc + bc));
                assert_eq!(t.hits(dr, dc), direct, "offset ({dr}, {dc})");
            }
        }
    }
}
