//! Conflict tables: the pivot offsets at which two consecutive levels overlap.

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
    /// |dc| < cols), which bounds the table by the site.
    pub(crate) fn new(a: &[(i64, i64)], b: &[(i64, i64)], rows: i64, cols: i64) -> Conflicts {
        let diffs: Vec<(i64, i64)> = a
            .iter()
            .flat_map(|&(ar, ac)| b.iter().map(move |&(br, bc)| (ar - br, ac - bc)))
            .filter(|&(dr, dc)| dr.abs() < rows && dc.abs() < cols)
            .collect();
        let min_r = diffs.iter().map(|d| d.0).min().unwrap_or(0);
        let max_r = diffs.iter().map(|d| d.0).max().unwrap_or(-1);
        let min_c = diffs.iter().map(|d| d.1).min().unwrap_or(0);
        let max_c = diffs.iter().map(|d| d.1).max().unwrap_or(-1);
        let (rows, cols) = (max_r - min_r + 1, max_c - min_c + 1);
        let mut table = vec![false; (rows.max(0) * cols.max(0)) as usize];
        let mut count = 0;
        for (r, c) in diffs {
            let i = ((r - min_r) * cols + (c - min_c)) as usize;
            if !table[i] {
                table[i] = true;
                count += 1;
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
