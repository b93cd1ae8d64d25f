//! Fixed polyominoes by a transfer matrix over bounding-box widths (Jensen's method, with a
//! cell-occupancy frontier in minimal representation).
//!
//! For each width W the strip of W columns is swept cell by cell, row by row. The frontier holds,
//! for each column, whether the lowest processed cell is occupied and, if so, the label of its
//! component (minimal representation), plus the number of cells so far and whether the left and
//! right borders have been touched. Placing an empty cell under the last frontier cell of a
//! component either completes the polyomino (when nothing else is on the frontier: it is counted
//! with its height) or makes it disconnected (the state is dropped). Every polyomino is counted
//! once, in its own bounding box: the first row must be occupied and both side borders touched.
//!
//! By transposition only widths W ≤ H are swept: a box with H > W counts twice, H = W once, so
//! widths up to ⌈n/2⌉ suffice. A state keeps its counts by size (a truncated generating
//! function), and sizes that cannot finish within n cells are cut: the new cells must reach the
//! untouched borders, cross every empty column that separates components, join the components
//! and give the box at least W rows ([`frontier`]'s `cells_needed`). Steps whose states outgrow
//! the cache are summed partition by partition ([`store`]).
//!
//! The half-turn symmetric polyominoes, which Burnside's lemma needs for the one-sided and free
//! counts, have their own sweep over top halves ([`half_turn`]).
//!
//! Measured on the 2-core reference machine: all sizes ≤ 24 in 3.4 s (Knuth's POLYNUM: 3.49 s),
//! ≤ 26 in 12 s; each further size costs about 1.9×.

mod fixed;
mod frontier;
mod half_turn;
mod store;

use crate::PlugError;

/// Largest size supported (counts of one size fit in `u64` up to here, and sizes fit the key).
pub const MAX_POLYOMINO_SIZE: usize = 30;

/// Numbers of fixed polyominoes of sizes `0..=n` (index 0 holds 0) by transfer matrix.
///
/// ```
/// use plugdp::fixed_polyominoes;
/// assert_eq!(fixed_polyominoes(8)?, vec![0, 1, 2, 6, 19, 63, 216, 760, 2725]);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// [`PlugError::BadGrid`] for `n` above [`MAX_POLYOMINO_SIZE`].
pub fn fixed_polyominoes(n: usize) -> Result<Vec<u64>, PlugError> {
    if n > MAX_POLYOMINO_SIZE {
        return Err(PlugError::BadGrid(format!(
            "polyomino size {n} is above {MAX_POLYOMINO_SIZE}"
        )));
    }
    let mut counts = vec![0u64; n + 1];
    for w in 1..=n.div_ceil(2) {
        fixed::sweep_width(w, n, &mut counts)?;
    }
    Ok(counts)
}

/// Fixed, one-sided and free polyomino counts of sizes `1..=n`: the fixed ones by transfer
/// matrix, the others by Burnside's lemma. Its half-turn term (the polyominoes a half turn maps
/// onto themselves) comes from a second transfer matrix over the top halves of such
/// polyominoes; the quarter-turn and reflection terms, which a search finds in milliseconds,
/// from [`polyomino::enumerate::Counts::from_fixed_and_half_turn`]. All sizes up to 24 take
/// about 4 s.
///
/// ```
/// use plugdp::polyomino_counts;
/// let c = polyomino_counts(6)?;
/// assert_eq!(c[4], (5, 63, 18, 12)); // size 5: 63 fixed, 18 one-sided, 12 free
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`fixed_polyominoes`].
pub fn polyomino_counts(n: usize) -> Result<Vec<(usize, u64, u64, u64)>, PlugError> {
    let fixed = fixed_polyominoes(n)?;
    let half_turn = half_turn::half_turn_counts(n)?;
    (1..=n)
        .map(|k| {
            let c =
                polyomino::enumerate::Counts::from_fixed_and_half_turn(k, fixed[k], half_turn[k])
                    .map_err(|e| PlugError::BadGrid(e.to_string()))?;
            Ok((k, c.fixed, c.one_sided, c.free))
        })
        .collect()
}
