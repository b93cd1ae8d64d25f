//! Fixed polyominoes by a transfer matrix over bounding-box widths (Jensen's method, with a
//! cell-occupancy frontier in minimal representation).
//!
//! For each width W the strip of W columns is swept cell by cell, row by row. The frontier holds,
//! for each column, whether the lowest processed cell is occupied and, if so, the label of its
//! component (minimal representation), plus whether the left and right borders have been
//! touched; the number of cells is the index of the state's counts. Placing an empty cell under the last frontier cell of a
//! component either completes the polyomino (when nothing else is on the frontier: it is counted
//! with its height) or makes it disconnected (the state is dropped). Every polyomino is counted
//! once, in its own bounding box: the first row must be occupied and both side borders touched.
//!
//! By transposition only widths W ≤ H are swept: a box with H > W counts twice, H = W once, so
//! widths up to ⌈n/2⌉ suffice. A state keeps its counts by size (a truncated generating
//! function), and sizes that cannot finish within n cells are cut: the new cells must reach the
//! untouched borders, cover every gap between neighbouring components that no component spans,
//! join the components and give the box at least W rows ([`frontier`]'s `cells_needed`).
//! States keep only their span of sizes; steps whose states outgrow the L3 cache are summed
//! partition by partition ([`store`]).
//!
//! The symmetric polyominoes, which Burnside's lemma needs for the one-sided and free counts,
//! have their own sweeps: over top halves for the half turn ([`half_turn`]), over the halves
//! on one side of a mirror axis for the reflections ([`mirror`]).
//!
//! Measured on a 2-core machine, one core: all sizes ≤ 24 in 0.5 s (Knuth's POLYNUM: about
//! ten times longer), ≤ 30 in 8 s (POLYNUM: about 2.6 times longer), ≤ 32 in 34 s; each
//! further size costs about 1.8–2×. See docs/plugdp.md for the table.

mod fixed;
mod frontier;
mod half_turn;
mod mirror;
mod store;
mod units;

use polyomino::Transform;
use polyomino::enumerate::{BurnsideTerms, Counts, count_invariant_with};

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::budget::Meter;
use crate::{Options, PlugError};
use store::Coef;
pub use units::{MAX_UNIT_RESIDUES, MAX_UNIT_SIZE, PolyominoUnit, merge_units};

/// Largest size [`fixed_polyominoes`] takes. Widths above 15 (sizes above 30) use 128-bit
/// frontier keys, sizes above 33 (or any size whose partial counts overflow 64 bits) 128-bit
/// counts.
pub const MAX_POLYOMINO_SIZE: usize = 36;

/// Largest size [`polyomino_counts`] takes: [`MAX_POLYOMINO_SIZE`], since every term of
/// Burnside's lemma but the quarter turn's comes from a transfer matrix here.
pub const MAX_COUNTS_SIZE: usize = MAX_POLYOMINO_SIZE;

/// Numbers of fixed polyominoes of sizes `0..=n` (index `k` holds size `k`; index 0 holds 0,
/// and `n = 0` gives `[0]`) by transfer matrix, exact up to [`MAX_POLYOMINO_SIZE`] (the count
/// of size 36 is above `u64::MAX`, hence `u128`). With `options.threads` above 1 the widths
/// are shared among the threads (the costliest first, each to the next free thread; three or
/// four widths just below n/2 take most of the time, so two threads give about 1.6×).
///
/// Measured on a 2-core machine (one thread, whole process): all sizes up to 24 in 0.5 s, 28
/// in 2.9 s, 30 in about 8 s; see the crate's guide for the table against Knuth's POLYNUM.
/// The memory budget of `options` (2 GiB by default) is shared by the threads: size 36 needs
/// about 700 MB in all on two threads; size 40 passed the default budget after 19 minutes.
///
/// ```
/// use plugdp::{fixed_polyominoes, Options};
/// assert_eq!(fixed_polyominoes(8, &Options::default())?, vec![0, 1, 2, 6, 19, 63, 216, 760, 2725]);
/// let two = Options::default().with_threads(2);
/// assert_eq!(fixed_polyominoes(12, &two)?, fixed_polyominoes(12, &Options::default())?);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// [`PlugError::SizeTooLarge`] for `n` above [`MAX_POLYOMINO_SIZE`];
/// [`PlugError::BudgetExceeded`] past the budget of `options` (checked after every cell of
/// every width; widths swept at the same time share the memory budget equally).
pub fn fixed_polyominoes(n: usize, options: &Options) -> Result<Vec<u128>, PlugError> {
    check_size(n, MAX_POLYOMINO_SIZE)?;
    let wide = || by_width(n, options, fixed::sweep::<u128>);
    if n <= 33 {
        narrow_first(|| by_width(n, options, fixed::sweep::<u64>), wide)
    } else {
        wide()
    }
}

/// The 64-bit counts (every sum is checked) widened, or the 128-bit ones when a 64-bit sum
/// overflowed.
fn narrow_first(
    narrow: impl FnOnce() -> Result<Vec<u64>, PlugError>,
    wide: impl FnOnce() -> Result<Vec<u128>, PlugError>,
) -> Result<Vec<u128>, PlugError> {
    match narrow() {
        Err(PlugError::Overflow) => wide(),
        other => other.map(|counts| counts.into_iter().map(u128::from).collect()),
    }
}

fn check_size(size: usize, max: usize) -> Result<(), PlugError> {
    if size > max {
        return Err(PlugError::SizeTooLarge { size, max });
    }
    Ok(())
}

/// Runs `sweep(w, n, counts)` for every width w = 1..=⌈n/2⌉ on `threads` threads and sums
/// the counts (index k: size k).
fn by_width<C: Coef>(
    n: usize,
    options: &Options,
    sweep: fn(usize, usize, &mut [C], Meter) -> Result<(), PlugError>,
) -> Result<Vec<C>, PlugError> {
    let widths = n.div_ceil(2);
    let threads = options.threads.get().min(widths.max(1));
    // Widths run at the same time share the memory budget.
    let meter = options.meter().shared(threads);
    // The costliest widths first, each to the next free thread. Measured at n = 30 (seconds
    // per width, widest first): 0.2, 2.0, 3.2, 1.6, 0.6, 0.2, …: the pruning makes the widest
    // boxes cheap, and the cost peaks about two columns below half the size.
    let peak = (n / 2).saturating_sub(2);
    let mut order: Vec<usize> = (1..=widths).collect();
    order.sort_by_key(|&w| (w.abs_diff(peak), std::cmp::Reverse(w)));
    let next = AtomicUsize::new(0);
    // Set by the first thread that fails, so that the others stop after their current width.
    let failed = AtomicBool::new(false);
    let run = || -> Result<Vec<C>, PlugError> {
        let mut counts = vec![C::default(); n + 1];
        while !failed.load(Ordering::Relaxed) {
            let Some(&w) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            if let Err(e) = sweep(w, n, &mut counts, meter) {
                failed.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(counts)
    };
    let parts: Vec<Result<Vec<C>, PlugError>> = if threads == 1 {
        vec![run()]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|_| scope.spawn(run)).collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        })
    };
    let mut total = vec![C::default(); n + 1];
    for part in parts {
        for (t, v) in total.iter_mut().zip(part?) {
            *t = t.plus(v)?;
        }
    }
    Ok(total)
}

/// Fixed, one-sided and free polyomino counts of sizes `1..=n` (element `k` is size `k + 1`,
/// as [`Counts::size`] says; `n = 0` gives none), exact up to [`MAX_COUNTS_SIZE`]: the fixed
/// ones by transfer matrix, the others by Burnside's lemma ([`BurnsideTerms`]), whose terms
/// come from transfer matrices too:
///
/// - the half turn from a sweep over the top halves of such polyominoes,
/// - the left–right mirror from the fixed count of half the size (axis on a grid line) and a
///   sweep over the halves right of a middle column (axis through cells),
/// - the transpose from a sweep over the halves on and above the diagonal,
/// - the quarter turn, whose counts are tiny (16 739 at size 36), from the orbit search of
///   [`polyomino::enumerate::count_invariant_with`] (1.9 s at size 36).
///
/// The sweeps share their widths among `options.threads` threads (see [`fixed_polyominoes`]).
/// Measured on a 2-core machine: see the crate's guide.
///
/// ```
/// use plugdp::{polyomino_counts, Options};
/// let c = polyomino_counts(7, &Options::default().with_threads(2))?;
/// assert_eq!((c[4].size, c[4].fixed, c[4].one_sided, c[4].free), (5, 63, 18, 12));
/// let fixed: Vec<u128> = c.iter().map(|c| c.fixed).collect();
/// let one_sided: Vec<u128> = c.iter().map(|c| c.one_sided).collect();
/// let free: Vec<u128> = c.iter().map(|c| c.free).collect();
/// assert_eq!(fixed, [1, 2, 6, 19, 63, 216, 760]); // OEIS A001168
/// assert_eq!(one_sided, [1, 1, 2, 7, 18, 60, 196]); // OEIS A000988
/// assert_eq!(free, [1, 1, 2, 5, 12, 35, 108]); // OEIS A000105
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// [`PlugError::SizeTooLarge`] for `n` above [`MAX_COUNTS_SIZE`];
/// [`PlugError::BudgetExceeded`] as [`fixed_polyominoes`]; [`PlugError::Counts`] if the
/// quarter-turn search runs past the deadline of `options` or Burnside's sums do not divide
/// (which would be a bug).
pub fn polyomino_counts(n: usize, options: &Options) -> Result<Vec<Counts<u128>>, PlugError> {
    check_size(n, MAX_COUNTS_SIZE)?;
    Ok(burnside_terms(n, options)?
        .iter()
        .enumerate()
        .skip(1)
        .map(|(k, terms)| Counts::from_terms(k, terms))
        .collect::<Result<_, _>>()?)
}

/// Burnside's terms of every size `0..=n` (index 0 holds zeros).
fn burnside_terms(n: usize, options: &Options) -> Result<Vec<BurnsideTerms>, PlugError> {
    let fixed = fixed_polyominoes(n, options)?;
    let mut half_turn = by_width(n, options, half_turn::sweep)?;
    if n >= 1 {
        // The monomino: a 1 × 1 box is only a middle row, which the half-turn sweep does not
        // see.
        half_turn[1] += 1;
    }
    let column = by_width(n, options, mirror::axis_sweep::<false>)?;
    let diagonal = by_width(n, options, mirror::axis_sweep::<true>)?;
    let mut search = polyomino::enumerate::Options::default().with_max_nodes(u64::MAX);
    if let Some(deadline) = options.deadline {
        search = search.with_deadline(deadline);
    }
    (0..=n)
        .map(|k| {
            let quarter_turn = if k == 0 {
                0
            } else {
                count_invariant_with(k, Transform::Rotate90, &search)?
            };
            // Mirrored about a grid line, a polyomino is two copies of a half of k/2 cells.
            let line = if k % 2 == 0 { fixed[k / 2] } else { 0 };
            Ok(BurnsideTerms {
                fixed: fixed[k],
                quarter_turn: quarter_turn.into(),
                half_turn: half_turn[k].into(),
                mirror: line + u128::from(column[k]),
                transpose: diagonal[k].into(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overflow_falls_back_to_wide_counts() {
        let wide = || Ok(vec![0, u128::from(u64::MAX) + 1]);
        assert_eq!(
            narrow_first(|| Err(PlugError::Overflow), wide),
            Ok(vec![0, 1 << 64])
        );
        assert_eq!(narrow_first(|| Ok(vec![0, 7]), wide), Ok(vec![0, 7]));
        let budget = PlugError::TooManyStates;
        assert_eq!(narrow_first(|| Err(budget.clone()), wide), Err(budget));
    }
}
