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
//! Measured on a 2-core machine: all sizes ≤ 24 in 3.4 s (Knuth's POLYNUM: 3.49 s),
//! ≤ 26 in 12 s; each further size costs about 1.9×.

mod fixed;
mod frontier;
mod half_turn;
mod store;

use std::num::NonZeroUsize;

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
    fixed_polyominoes_parallel(n, NonZeroUsize::MIN)
}

/// [`fixed_polyominoes`] with the widths shared among `threads` threads (the widest first, each
/// to the least loaded thread; a width costs about 2.6 times the one before). The widest width
/// takes about half the time, so two threads give about 1.7×.
///
/// ```
/// use std::num::NonZeroUsize;
/// use plugdp::{fixed_polyominoes, fixed_polyominoes_parallel};
/// let two = NonZeroUsize::new(2).unwrap();
/// assert_eq!(fixed_polyominoes_parallel(12, two)?, fixed_polyominoes(12)?);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`fixed_polyominoes`].
pub fn fixed_polyominoes_parallel(n: usize, threads: NonZeroUsize) -> Result<Vec<u64>, PlugError> {
    check_size(n)?;
    by_width(n, threads, fixed::sweep_width)
}

fn check_size(n: usize) -> Result<(), PlugError> {
    if n > MAX_POLYOMINO_SIZE {
        return Err(PlugError::BadGrid(format!(
            "polyomino size {n} is above {MAX_POLYOMINO_SIZE}"
        )));
    }
    Ok(())
}

/// Runs `sweep(w, n, counts)` for every width w = 1..=⌈n/2⌉ on `threads` threads and sums
/// the counts (index k: size k).
fn by_width(
    n: usize,
    threads: NonZeroUsize,
    sweep: fn(usize, usize, &mut [u64]) -> Result<(), PlugError>,
) -> Result<Vec<u64>, PlugError> {
    let widths = n.div_ceil(2);
    let threads = threads.get().min(widths.max(1));
    // Widest first, each to the least loaded thread (estimated cost 2.6^w).
    let mut load = vec![0f64; threads];
    let mut plan: Vec<Vec<usize>> = vec![Vec::new(); threads];
    for w in (1..=widths).rev() {
        let t = (0..threads)
            .min_by(|&a, &b| load[a].total_cmp(&load[b]))
            .unwrap_or(0);
        load[t] += 2.6f64.powi(w as i32);
        plan[t].push(w);
    }
    let run = |ws: &[usize]| -> Result<Vec<u64>, PlugError> {
        let mut counts = vec![0u64; n + 1];
        for &w in ws {
            sweep(w, n, &mut counts)?;
        }
        Ok(counts)
    };
    let parts: Vec<Result<Vec<u64>, PlugError>> = if threads == 1 {
        vec![run(&plan[0])]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = plan.iter().map(|ws| scope.spawn(|| run(ws))).collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        })
    };
    let mut total = vec![0u64; n + 1];
    for part in parts {
        for (t, v) in total.iter_mut().zip(part?) {
            *t = t.checked_add(v).ok_or(PlugError::Overflow)?;
        }
    }
    Ok(total)
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
    polyomino_counts_parallel(n, NonZeroUsize::MIN)
}

/// [`polyomino_counts`] with both transfer matrices' widths shared among `threads` threads
/// (see [`fixed_polyominoes_parallel`]).
///
/// ```
/// use std::num::NonZeroUsize;
/// use plugdp::polyomino_counts_parallel;
/// let c = polyomino_counts_parallel(7, NonZeroUsize::new(2).unwrap())?;
/// let fixed: Vec<u64> = c.iter().map(|t| t.1).collect();
/// let one_sided: Vec<u64> = c.iter().map(|t| t.2).collect();
/// let free: Vec<u64> = c.iter().map(|t| t.3).collect();
/// assert_eq!(fixed, [1, 2, 6, 19, 63, 216, 760]); // OEIS A001168
/// assert_eq!(one_sided, [1, 1, 2, 7, 18, 60, 196]); // OEIS A000988
/// assert_eq!(free, [1, 1, 2, 5, 12, 35, 108]); // OEIS A000105
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// As [`fixed_polyominoes`].
pub fn polyomino_counts_parallel(
    n: usize,
    threads: NonZeroUsize,
) -> Result<Vec<(usize, u64, u64, u64)>, PlugError> {
    let fixed = fixed_polyominoes_parallel(n, threads)?;
    let mut half_turn = by_width(n, threads, half_turn::sweep_width)?;
    if n >= 1 {
        // The monomino: a 1 × 1 box is only a middle row, which the sweeps do not see.
        half_turn[1] += 1;
    }
    (1..=n)
        .map(|k| {
            let c =
                polyomino::enumerate::Counts::from_fixed_and_half_turn(k, fixed[k], half_turn[k])
                    .map_err(|e| PlugError::BadGrid(e.to_string()))?;
            Ok((k, c.fixed, c.one_sided, c.free))
        })
        .collect()
}
