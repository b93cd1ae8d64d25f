//! [`PolyominoUnit`]: the fixed-polyomino counts split into independent pieces, one per
//! bounding-box width and residue, for running them on many processes or machines (Jensen's
//! split; Knuth's POLYNUM splits the same way) and merging the results exactly.

use super::fixed;
use super::store::{Coef, Mod};
use super::{check_size, narrow_first};
use crate::value::{PRIMES, garner};
use crate::{Options, PlugError};

/// Largest size a [`PolyominoUnit`] takes: a unit of size n sweeps a box up to ⌈n/2⌉ columns
/// wide, and the widest frontier key holds 30 (what a size costs is another matter: about
/// twice the previous size's time and memory, see [`fixed_polyominoes`](crate::fixed_polyominoes)).
pub const MAX_UNIT_SIZE: usize = 60;

/// Most residues a unit split takes.
pub const MAX_UNIT_RESIDUES: usize = 4;

/// One independent piece of the fixed-polyomino counts of sizes up to `size`: the polyominoes
/// whose bounding box is `width` columns wide and at least as tall (counted twice when taller,
/// for their transposes), counted exactly or modulo the `residue`-th of
/// [`PRIMES`](crate::value::PRIMES).
///
/// [`PolyominoUnit::all`] lists the units of one size, [`PolyominoUnit::count`] runs one (they
/// share nothing, so any process may run any unit, in any order, and a finished unit's result
/// can be kept and never run again), and [`merge_units`] adds the widths and rebuilds the
/// exact counts from the residues (Chinese remainder theorem). Counting modulo 62-bit primes
/// stores 8 bytes per coefficient instead of the 16 of an exact count above 2^64 (sizes above
/// 33), at the price of one sweep per residue.
///
/// ```
/// use plugdp::{fixed_polyominoes, merge_units, Options, PolyominoUnit};
/// let options = Options::default();
/// // Exact units: one per width.
/// let units = PolyominoUnit::all(12, 0)?;
/// assert_eq!(units.len(), 6);
/// let results = units
///     .iter()
///     .map(|u| Ok((*u, u.count(&options)?)))
///     .collect::<Result<Vec<_>, plugdp::PlugError>>()?;
/// assert_eq!(merge_units(12, 0, &results)?, fixed_polyominoes(12, &options)?);
/// // Residue units: one per width and prime, merged by the Chinese remainder theorem.
/// let units = PolyominoUnit::all(12, 2)?;
/// assert_eq!(units.len(), 12);
/// let results = units
///     .iter()
///     .map(|u| Ok((*u, u.count(&options)?)))
///     .collect::<Result<Vec<_>, plugdp::PlugError>>()?;
/// assert_eq!(merge_units(12, 2, &results)?[12], 505_861); // OEIS A001168(12)
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PolyominoUnit {
    /// The largest size counted.
    pub size: usize,
    /// The bounding box's width, `1..=⌈size/2⌉`.
    pub width: usize,
    /// `None` for exact counts, `Some(i)` for counts modulo
    /// [`PRIMES`](crate::value::PRIMES)`[i]`, `i <` [`MAX_UNIT_RESIDUES`].
    pub residue: Option<usize>,
}

impl PolyominoUnit {
    /// Every unit of the counts up to `size`: each width, exact (`residues` = 0) or once per
    /// residue `0..residues`, the costliest first (the cost peaks at about 0.43 × size and
    /// falls faster above it than below; the widest boxes are cheap).
    ///
    /// # Errors
    /// [`PlugError::SizeTooLarge`] above [`MAX_UNIT_SIZE`];
    /// [`PlugError::ExactTooLarge`] for more than [`MAX_UNIT_RESIDUES`] residues, or too few
    /// for the counts: their primes' product must exceed (27/4)^size, Klarner's bound on the
    /// number of fixed polyominoes of a size.
    ///
    /// ```
    /// use plugdp::{PlugError, PolyominoUnit};
    /// let units = PolyominoUnit::all(30, 0)?;
    /// assert_eq!(units.len(), 15);
    /// assert_eq!(units[0].width, 13); // the costliest first
    /// // Size 40 counts pass 2^64: one 62-bit prime is not enough, two are.
    /// assert!(matches!(PolyominoUnit::all(40, 1), Err(PlugError::ExactTooLarge { .. })));
    /// assert_eq!(PolyominoUnit::all(40, 2)?.len(), 40);
    /// # Ok::<(), PlugError>(())
    /// ```
    pub fn all(size: usize, residues: usize) -> Result<Vec<PolyominoUnit>, PlugError> {
        check_size(size, MAX_UNIT_SIZE)?;
        check_residues(size, residues)?;
        // The costliest width is about 0.43 × size (measured: 12 of 28, 13 of 30, 14 of 32,
        // 15 of 34, 17 of 40), and the cost falls faster above it than below (at 40, widths
        // 17, 18, 16, 15, 19, 14 took 512, 416, 343, 170, 74, 47 s). This order, dealt back and
        // forth (family-cluster's count_units), gives two workers shares within 5 % of even
        // by the measured unit times of sizes 28 to 40.
        let peak = (43 * size + 50) / 100;
        let rank = |w: usize| {
            if w <= peak {
                2 * (peak - w)
            } else {
                3 * (w - peak) - 2
            }
        };
        let mut widths: Vec<usize> = (1..=size.div_ceil(2)).collect();
        widths.sort_by_key(|&w| (rank(w), w));
        let residue_list: Vec<Option<usize>> = if residues == 0 {
            vec![None]
        } else {
            (0..residues).map(Some).collect()
        };
        Ok(widths
            .into_iter()
            .flat_map(|width| {
                residue_list.iter().map(move |&residue| PolyominoUnit {
                    size,
                    width,
                    residue,
                })
            })
            .collect())
    }

    /// This unit's counts of sizes `0..=size` (index k: size k), exact or modulo its prime.
    /// On the calling thread; the budget of `options` holds after every cell.
    ///
    /// # Errors
    /// [`PlugError::SizeTooLarge`] above [`MAX_UNIT_SIZE`]; [`PlugError::BadUnit`] for a
    /// width outside `1..=⌈size/2⌉` or a residue index of [`MAX_UNIT_RESIDUES`] or more;
    /// [`PlugError::BudgetExceeded`] past the budget; [`PlugError::Overflow`] if an exact count
    /// passes 128 bits.
    ///
    /// ```
    /// use plugdp::{Options, PlugError, PolyominoUnit};
    /// // Width 1: the straight polyominoes, each size once (its 1-wide box is taller than
    /// // wide from size 2 on, so it counts twice: once more for its transpose).
    /// let unit = PolyominoUnit { size: 4, width: 1, residue: None };
    /// assert_eq!(unit.count(&Options::default())?, [0, 1, 2, 2, 2]);
    /// let bad = PolyominoUnit { size: 4, width: 3, residue: None };
    /// assert!(matches!(bad.count(&Options::default()), Err(PlugError::BadUnit { .. })));
    /// # Ok::<(), PlugError>(())
    /// ```
    pub fn count(&self, options: &Options) -> Result<Vec<u128>, PlugError> {
        let n = self.size;
        check_size(n, MAX_UNIT_SIZE)?;
        let bad = PlugError::BadUnit {
            size: n,
            width: self.width,
            residue: self.residue,
        };
        if self.width == 0 || self.width > n.div_ceil(2) {
            return Err(bad);
        }
        let meter = options.meter();
        let w = self.width;
        fn run<C: Coef>(
            w: usize,
            n: usize,
            meter: crate::budget::Meter,
        ) -> Result<Vec<C>, PlugError> {
            let mut counts = vec![C::default(); n + 1];
            fixed::sweep(w, n, &mut counts, meter)?;
            Ok(counts)
        }
        fn widen<const I: usize>(counts: Vec<Mod<I>>) -> Vec<u128> {
            counts.into_iter().map(|c| u128::from(c.0)).collect()
        }
        match self.residue {
            None if n <= 33 => {
                narrow_first(|| run::<u64>(w, n, meter), || run::<u128>(w, n, meter))
            }
            None => run::<u128>(w, n, meter),
            Some(0) => run::<Mod<0>>(w, n, meter).map(widen),
            Some(1) => run::<Mod<1>>(w, n, meter).map(widen),
            Some(2) => run::<Mod<2>>(w, n, meter).map(widen),
            Some(3) => run::<Mod<3>>(w, n, meter).map(widen),
            Some(_) => Err(bad),
        }
    }
}

/// Bits of Klarner's bound (27/4)^size on the fixed polyominoes of a size, rounded up.
fn klarner_bits(size: usize) -> usize {
    // log2(27/4) = 2.7548…
    (size as f64 * 2.755).ceil() as usize + 1
}

fn check_residues(size: usize, residues: usize) -> Result<(), PlugError> {
    let bits = klarner_bits(size);
    if residues > MAX_UNIT_RESIDUES || (residues > 0 && 61 * residues <= bits) {
        return Err(PlugError::ExactTooLarge { bits });
    }
    Ok(())
}

/// The fixed-polyomino counts of sizes `0..=size` (as
/// [`fixed_polyominoes`](crate::fixed_polyominoes) gives them) from the results of every unit
/// of [`PolyominoUnit::all`]`(size, residues)`, in any order: the widths added, the residues
/// joined by the Chinese remainder theorem.
///
/// ```
/// use plugdp::{merge_units, Options, PlugError, PolyominoUnit};
/// let units = PolyominoUnit::all(6, 0)?;
/// let mut results: Vec<_> = units
///     .iter()
///     .map(|u| Ok((*u, u.count(&Options::default())?)))
///     .collect::<Result<_, PlugError>>()?;
/// results.reverse(); // any order
/// assert_eq!(merge_units(6, 0, &results)?, [0, 1, 2, 6, 19, 63, 216]);
/// // A missing unit is an error, not a smaller count.
/// results.pop();
/// assert!(matches!(merge_units(6, 0, &results), Err(PlugError::BadUnit { .. })));
/// # Ok::<(), PlugError>(())
/// ```
///
/// # Errors
/// [`PlugError::BadUnit`] naming a unit that is missing, repeated, of another size or residue
/// split, or whose counts are not `size + 1` long (or, for a residue, not below its prime);
/// [`PlugError::ExactTooLarge`] as [`PolyominoUnit::all`]; [`PlugError::Overflow`] if a count
/// passes 128 bits.
pub fn merge_units(
    size: usize,
    residues: usize,
    results: &[(PolyominoUnit, Vec<u128>)],
) -> Result<Vec<u128>, PlugError> {
    let expected = PolyominoUnit::all(size, residues)?;
    let mut seen = vec![false; expected.len()];
    let lanes = residues.max(1);
    // sums[lane][k]: exact sums, or sums modulo the lane's prime.
    let mut sums = vec![vec![0u128; size + 1]; lanes];
    for (unit, counts) in results {
        let bad = PlugError::BadUnit {
            size: unit.size,
            width: unit.width,
            residue: unit.residue,
        };
        let Some(i) = expected.iter().position(|e| e == unit) else {
            return Err(bad);
        };
        if seen[i] || counts.len() != size + 1 {
            return Err(bad);
        }
        seen[i] = true;
        let lane = unit.residue.unwrap_or(0);
        for (sum, &c) in sums[lane].iter_mut().zip(counts) {
            *sum = match unit.residue {
                None => sum.checked_add(c).ok_or(PlugError::Overflow)?,
                Some(r) => {
                    let p = u128::from(PRIMES[r]);
                    if c >= p {
                        return Err(bad);
                    }
                    (*sum + c) % p
                }
            };
        }
    }
    if let Some(i) = seen.iter().position(|&s| !s) {
        let missing = expected[i];
        return Err(PlugError::BadUnit {
            size: missing.size,
            width: missing.width,
            residue: missing.residue,
        });
    }
    if residues == 0 {
        return Ok(sums.swap_remove(0));
    }
    (0..=size)
        .map(|k| {
            let lane: Vec<u64> = sums.iter().map(|s| s[k] as u64).collect();
            garner(&lane).to_u128().ok_or(PlugError::Overflow)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact and residue splits merge to the same counts as the whole sweep, for every size up
    /// to 20 (independent of the unit order).
    #[test]
    fn splits_merge_to_the_whole_counts() {
        let options = Options::default();
        for n in 0..=20 {
            let whole = crate::fixed_polyominoes(n, &options).unwrap();
            for residues in [0, 1, 3] {
                let mut results: Vec<_> = PolyominoUnit::all(n, residues)
                    .unwrap()
                    .into_iter()
                    .map(|u| (u, u.count(&options).unwrap()))
                    .collect();
                results.reverse();
                assert_eq!(
                    merge_units(n, residues, &results).unwrap(),
                    whole,
                    "n = {n}, residues = {residues}"
                );
            }
        }
    }

    #[test]
    fn wrong_results_are_refused() {
        let options = Options::default();
        let units = PolyominoUnit::all(8, 2).unwrap();
        let results: Vec<_> = units
            .iter()
            .map(|u| (*u, u.count(&options).unwrap()))
            .collect();
        let bad = |results: &[(PolyominoUnit, Vec<u128>)]| {
            matches!(merge_units(8, 2, results), Err(PlugError::BadUnit { .. }))
        };
        // Repeated.
        let mut twice = results.clone();
        twice.push(results[0].clone());
        assert!(bad(&twice));
        // Too short.
        let mut short = results.clone();
        short[1].1.pop();
        assert!(bad(&short));
        // A residue at or above its prime.
        let mut high = results.clone();
        let r = high[0].0.residue.unwrap();
        high[0].1[1] = u128::from(PRIMES[r]);
        assert!(bad(&high));
        // Another size's unit.
        let mut other = results.clone();
        other[0].0.size = 9;
        assert!(bad(&other));
        // Residue index past the supported ones.
        let unit = PolyominoUnit {
            size: 8,
            width: 2,
            residue: Some(4),
        };
        assert!(matches!(
            unit.count(&options),
            Err(PlugError::BadUnit { .. })
        ));
        assert!(matches!(
            PolyominoUnit::all(8, 5),
            Err(PlugError::ExactTooLarge { .. })
        ));
        assert!(matches!(
            PolyominoUnit::all(61, 0),
            Err(PlugError::SizeTooLarge { .. })
        ));
        assert_eq!(merge_units(8, 2, &results).unwrap()[8], 2725);
    }
}
