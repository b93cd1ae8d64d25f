//! Enumerating and counting polyominoes of a given size.
//!
//! | function | what | how | cost |
//! |---|---|---|---|
//! | [`fixed`] | iterator over fixed n-ominoes | Redelmeier's algorithm | O(n log n) per item |
//! | [`one_sided`], [`free`] | iterators over class representatives | [`fixed`] keeping the canonical forms | ≈ 8 transforms per fixed item |
//! | [`count_fixed`], [`count_fixed_up_to`] | A001168 | Redelmeier, last level counted in O(1) | ≈ 8 ns per fixed polyomino of size n − 1, divided by the threads |
//! | [`count`], [`counts_up_to`] | A001168, A000988, A000105 | Burnside over the 8 symmetries | the fixed count plus a small symmetric count |
//! | [`count_invariant`] | fixed n-ominoes invariant under one symmetry | weighted Redelmeier on orbit graphs | milliseconds for reflections and quarter turns; half turns grow about 5× per two sizes (0.8 s at n = 18, 4.4 s at n = 20) |
//!
//! Sizes run from 1 to [`MAX_SIZE`]; everything up to size 16 takes well under a second on one
//! core, and each further size costs about four times the previous one. The counts fit in `u64`
//! up to `MAX_SIZE`.
//!
//! ```
//! use polyomino::{enumerate, Equivalence};
//! assert_eq!(enumerate::count(5, Equivalence::Free)?, 12);
//! assert_eq!(enumerate::count(5, Equivalence::OneSided)?, 18);
//! assert_eq!(enumerate::count(5, Equivalence::Fixed)?, 63);
//! let pentominoes: Vec<_> = enumerate::free(5)?.collect();
//! assert_eq!(pentominoes.len(), 12);
//! assert!(pentominoes.iter().all(|p| p.is_connected() && p.size() == 5));
//! # Ok::<(), polyomino::EnumerateError>(())
//! ```

mod lattice;
mod redelmeier;
mod symmetric;

pub use redelmeier::FixedPolyominoes;

use core::num::NonZeroUsize;

use crate::{EnumerateError, Equivalence, Polyomino, Transform};

/// Largest size accepted by the enumeration and counting functions (the fixed count of size
/// 32 still fits in `u64`; actually reaching it with this algorithm would take years).
pub const MAX_SIZE: usize = 32;

fn check(n: usize) -> Result<(), EnumerateError> {
    if (1..=MAX_SIZE).contains(&n) {
        Ok(())
    } else {
        Err(EnumerateError::BadSize {
            size: n,
            max: MAX_SIZE,
        })
    }
}

/// The fixed polyominoes of size `n` (distinct up to translation), each normalised.
///
/// ```
/// use polyomino::enumerate;
/// // The 19 fixed tetrominoes: the 5 free ones in all their distinct orientations.
/// let tetrominoes: Vec<_> = enumerate::fixed(4)?.collect();
/// assert_eq!(tetrominoes.len(), 19);
/// assert!(tetrominoes.iter().all(|p| p.size() == 4 && p.is_connected()));
/// assert!(enumerate::fixed(0).is_err());
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`.
pub fn fixed(n: usize) -> Result<FixedPolyominoes, EnumerateError> {
    check(n)?;
    Ok(FixedPolyominoes::new(n))
}

/// Iterator over one representative (the canonical form) of each class of polyominoes of one
/// size under an [`Equivalence`]. Created by [`one_sided`], [`free`] and [`classes`].
///
/// ```
/// use polyomino::{enumerate, Equivalence};
/// let mut trominoes = enumerate::free(3)?;
/// let first = trominoes.next().unwrap();
/// assert!(first.is_canonical(Equivalence::Free));
/// assert_eq!(1 + trominoes.count(), 2); // the straight and the bent tromino
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
pub struct Representatives {
    inner: FixedPolyominoes,
    eq: Equivalence,
}

impl Iterator for Representatives {
    type Item = Polyomino;
    fn next(&mut self) -> Option<Polyomino> {
        let eq = self.eq;
        self.inner.by_ref().find(|p| p.is_canonical(eq))
    }
}

/// The canonical forms of the polyominoes of size `n` under `eq`.
///
/// ```
/// use polyomino::{enumerate, Equivalence};
/// assert_eq!(enumerate::classes(4, Equivalence::Fixed)?.count(), 19);
/// assert_eq!(enumerate::classes(4, Equivalence::OneSided)?.count(), 7);
/// assert_eq!(enumerate::classes(4, Equivalence::Free)?.count(), 5);
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`.
pub fn classes(n: usize, eq: Equivalence) -> Result<Representatives, EnumerateError> {
    Ok(Representatives {
        inner: fixed(n)?,
        eq,
    })
}

/// The one-sided polyominoes of size `n` (distinct up to translation and rotation), as
/// canonical forms.
///
/// ```
/// use polyomino::{enumerate, Equivalence, Polyomino};
/// // The 7 one-sided tetrominoes (as in Tetris): S and Z, L and J count separately.
/// let one_sided: Vec<_> = enumerate::one_sided(4)?.collect();
/// assert_eq!(one_sided.len(), 7);
/// let s = Polyomino::parse(".##\n##.")?.canonical(Equivalence::OneSided);
/// let z = Polyomino::parse("##.\n.##")?.canonical(Equivalence::OneSided);
/// assert!(s != z && one_sided.contains(&s) && one_sided.contains(&z));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`.
pub fn one_sided(n: usize) -> Result<Representatives, EnumerateError> {
    classes(n, Equivalence::OneSided)
}

/// The free polyominoes of size `n` (distinct up to translation, rotation and reflection), as
/// canonical forms.
///
/// ```
/// use polyomino::{enumerate, Equivalence, Polyomino};
/// // The 5 free tetrominoes: I, O, T, S and L.
/// let free: Vec<_> = enumerate::free(4)?.collect();
/// assert_eq!(free.len(), 5);
/// for art in ["####", "##\n##", "###\n.#.", ".##\n##.", "#.\n#.\n##"] {
///     assert!(free.contains(&Polyomino::parse(art)?.canonical(Equivalence::Free)));
/// }
/// // The 12 free pentominoes.
/// assert_eq!(enumerate::free(5)?.count(), 12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`.
pub fn free(n: usize) -> Result<Representatives, EnumerateError> {
    classes(n, Equivalence::Free)
}

/// Number of fixed polyominoes of size `n` (OEIS A001168).
///
/// ```
/// use polyomino::enumerate;
/// assert_eq!(enumerate::count_fixed(6)?, 216);
/// assert_eq!(enumerate::count_fixed(10)?, 36_446);
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`.
pub fn count_fixed(n: usize) -> Result<u64, EnumerateError> {
    check(n)?;
    Ok(count_fixed_up_to(n, &Options::default())?[n])
}

/// How a search runs. Build with `Options::default()` and the `with_…` setters (the struct
/// may gain fields, such as budgets).
///
/// ```
/// use polyomino::enumerate::{self, Options};
/// let two = Options::default().with_threads(2);
/// assert_eq!(two.threads.get(), 2);
/// assert_eq!(Options::default().with_threads(0).threads.get(), 1);
/// assert_eq!(Options::default().with_threads(usize::MAX).threads.get(), Options::MAX_THREADS);
/// assert_eq!(enumerate::count_fixed_up_to(9, &two)?, enumerate::count_fixed_up_to(9, &Options::default())?);
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// Threads the search runs on (the calling thread waits); results never depend on it.
    /// Default 1.
    pub threads: NonZeroUsize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: NonZeroUsize::MIN,
        }
    }
}

impl Options {
    /// Most threads a search starts.
    pub const MAX_THREADS: usize = 256;

    /// These options with `threads` threads, clamped to `1..=MAX_THREADS`.
    pub fn with_threads(mut self, threads: usize) -> Options {
        self.threads =
            NonZeroUsize::new(threads.clamp(1, Options::MAX_THREADS)).unwrap_or(NonZeroUsize::MIN);
        self
    }
}

/// Numbers of fixed polyominoes of every size `0..=n` from one search: index `k` holds the
/// count of size `k` (index 0 holds 0: sizes start at 1, and `n = 0` gives `[0]`). The result
/// does not depend on the number of threads.
///
/// ```
/// use polyomino::enumerate::{self, Options};
/// assert_eq!(enumerate::count_fixed_up_to(6, &Options::default())?, [0, 1, 2, 6, 19, 63, 216]);
/// assert_eq!(enumerate::count_fixed_up_to(0, &Options::default())?, [0]);
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] for `n` above [`MAX_SIZE`].
pub fn count_fixed_up_to(n: usize, options: &Options) -> Result<Vec<u64>, EnumerateError> {
    if n == 0 {
        return Ok(vec![0]);
    }
    check(n)?;
    Ok(match options.threads.get() {
        1 => redelmeier::count_up_to(n),
        threads => redelmeier::count_up_to_parallel(n, threads),
    })
}

/// Number of fixed polyominoes of size `n` that `t` maps onto a translate of themselves (for
/// the identity, all of them).
///
/// ```
/// use polyomino::{enumerate, Transform};
/// // Of the 19 fixed tetrominoes, the square, the two straight ones and the four S/Z
/// // orientations have a half-turn symmetry.
/// assert_eq!(enumerate::count_invariant(4, Transform::Rotate180)?, 7);
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`.
pub fn count_invariant(n: usize, t: Transform) -> Result<u64, EnumerateError> {
    check(n)?;
    if t == Transform::Identity {
        count_fixed(n)
    } else {
        Ok(symmetric::count_invariant(n, t))
    }
}

/// The three counts of one size.
///
/// ```
/// use polyomino::enumerate::{self, Counts};
/// let tetrominoes = enumerate::counts_up_to(4, &enumerate::Options::default())?[3];
/// assert_eq!(tetrominoes, Counts { size: 4, fixed: 19, one_sided: 7, free: 5 });
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts {
    /// The size.
    pub size: usize,
    /// Fixed polyominoes (A001168).
    pub fixed: u64,
    /// One-sided polyominoes (A000988).
    pub one_sided: u64,
    /// Free polyominoes (A000105).
    pub free: u64,
}

impl Counts {
    /// The three counts of size `n` from its fixed count (however it was obtained), with the
    /// one-sided and free counts by Burnside's lemma over [`count_invariant`]'s symmetric
    /// counts.
    ///
    /// ```
    /// use polyomino::enumerate::Counts;
    /// let c = Counts::from_fixed(5, 63)?;
    /// assert_eq!((c.one_sided, c.free), (18, 12));
    /// # Ok::<(), polyomino::EnumerateError>(())
    /// ```
    ///
    /// # Errors
    /// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`.
    pub fn from_fixed(n: usize, fixed: u64) -> Result<Counts, EnumerateError> {
        check(n)?;
        Ok(Counts::burnside(n, fixed))
    }

    /// [`from_fixed`](Self::from_fixed) when the half-turn count `F(Rotate180)` is known too
    /// (for instance from a transfer matrix, as the `plugdp` crate computes it): the half turn
    /// is by far the slowest symmetric count here (seconds at n = 20, minutes at n = 24), the
    /// others take milliseconds.
    ///
    /// ```
    /// use polyomino::{enumerate::{self, Counts}, Transform};
    /// let half = enumerate::count_invariant(6, Transform::Rotate180)?;
    /// let c = Counts::from_fixed_and_half_turn(6, 216, half)?;
    /// assert_eq!((c.one_sided, c.free), (60, 35));
    /// # Ok::<(), polyomino::EnumerateError>(())
    /// ```
    ///
    /// # Errors
    /// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`;
    /// [`EnumerateError::NotDivisible`] when the counts cannot be right (Burnside's sums are not
    /// multiples of 4 and 8).
    pub fn from_fixed_and_half_turn(
        n: usize,
        fixed: u64,
        half_turn: u64,
    ) -> Result<Counts, EnumerateError> {
        check(n)?;
        Counts::assemble(n, fixed, half_turn).ok_or(EnumerateError::NotDivisible { size: n })
    }

    fn burnside(n: usize, fixed: u64) -> Counts {
        let half_turn = symmetric::count_invariant(n, Transform::Rotate180);
        Counts::assemble(n, fixed, half_turn).expect("Burnside sums of exact counts divide")
    }

    fn assemble(n: usize, fixed: u64, r180: u64) -> Option<Counts> {
        let f = |t| symmetric::count_invariant(n, t);
        let r90 = f(Transform::Rotate90);
        let (mirror, diagonal) = (f(Transform::MirrorLeftRight), f(Transform::Transpose));
        // Burnside: conjugate symmetries (the two quarter turns, the two axis mirrors, the two
        // diagonal mirrors) fix equally many polyominoes.
        let rotations = fixed.checked_add(2 * r90)?.checked_add(r180)?;
        let all = rotations.checked_add(2 * mirror + 2 * diagonal)?;
        if !(rotations.is_multiple_of(4) && all.is_multiple_of(8)) {
            return None;
        }
        Some(Counts {
            size: n,
            fixed,
            one_sided: rotations / 4,
            free: all / 8,
        })
    }
}

/// Number of polyominoes of size `n` under `eq`.
///
/// ```
/// use polyomino::{enumerate, Equivalence};
/// assert_eq!(enumerate::count(5, Equivalence::Free)?, 12);
/// assert_eq!(enumerate::count(7, Equivalence::Free)?, 108);
/// assert_eq!(enumerate::count(7, Equivalence::OneSided)?, 196);
/// assert_eq!(enumerate::count(7, Equivalence::Fixed)?, 760);
/// assert!(enumerate::count(33, Equivalence::Free).is_err()); // past MAX_SIZE
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`.
pub fn count(n: usize, eq: Equivalence) -> Result<u64, EnumerateError> {
    let fixed = count_fixed(n)?;
    let c = Counts::burnside(n, fixed);
    Ok(match eq {
        Equivalence::Fixed => c.fixed,
        Equivalence::OneSided => c.one_sided,
        Equivalence::Free => c.free,
    })
}

/// The counts of every size `1..=n` (element `k` is size `k + 1`, and says so in
/// [`Counts::size`]; `n = 0` gives none), from one fixed-polyomino search on
/// `options.threads` threads.
///
/// ```
/// use polyomino::enumerate::{self, Options};
/// let c = enumerate::counts_up_to(6, &Options::default())?;
/// assert_eq!(c[4].size, 5);
/// assert_eq!(c.iter().map(|c| c.free).collect::<Vec<_>>(), [1, 1, 2, 5, 12, 35]);
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] for `n` above [`MAX_SIZE`].
pub fn counts_up_to(n: usize, options: &Options) -> Result<Vec<Counts>, EnumerateError> {
    let fixed = count_fixed_up_to(n, options)?;
    Ok((1..=n).map(|k| Counts::burnside(k, fixed[k])).collect())
}
