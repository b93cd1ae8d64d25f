//! Enumerating and counting polyominoes of a given size.
//!
//! | function | what | how | cost |
//! |---|---|---|---|
//! | [`fixed`] | iterator over fixed n-ominoes | Redelmeier's algorithm | O(n log n) per item |
//! | [`one_sided`], [`free`] | iterators over class representatives | [`fixed`] keeping the canonical forms | ≈ 8 transforms per fixed item |
//! | [`count_fixed`], [`count_fixed_up_to`] | A001168 | Redelmeier, last level counted in O(1) | ≈ 8 ns per fixed polyomino of size n − 1, divided by the threads |
//! | [`count`], [`counts_up_to`] | A001168, A000988, A000105 | Burnside over the 8 symmetries | the fixed count plus a small symmetric count |
//! | [`count_invariant`], [`count_invariant_with`] | fixed n-ominoes invariant under one symmetry (sizes up to [`MAX_SYMMETRIC_SIZE`]) | weighted Redelmeier on orbit graphs | milliseconds for reflections and quarter turns at n = 20, seconds at n = 32 (the quarter turn: 1.9 s at n = 36); half turns grow about 5× per two sizes (0.8 s at n = 18, 4.4 s at n = 20) |
//! | [`Counts::from_terms`] | A001168, A000988, A000105 from Burnside's terms ([`BurnsideTerms`]) computed elsewhere | two sums and two divisions, checked | O(1) |
//!
//! Sizes run from 1 to [`MAX_SIZE`]; everything up to size 16 takes well under a second on one
//! core, and each further size costs about four times the previous one. The counts fit in `u64`
//! up to `MAX_SIZE`.
//!
//! # Budgets
//!
//! Counting sizes near [`MAX_SIZE`] would take years, so every counting function runs under a
//! budget: at most [`Options::max_nodes`] search nodes (default
//! [`Options::DEFAULT_MAX_NODES`], under a minute of counting on one core) and, if set,
//! a [`deadline`](Options::deadline). A count that needs more stops with
//! [`EnumerateError::BudgetExceeded`]. The functions without an `&Options` argument ([`count`],
//! [`count_fixed`], [`count_invariant`], [`Counts::from_fixed`],
//! [`Counts::from_fixed_and_half_turn`]) use `Options::default()`; raise the budget through
//! [`count_fixed_up_to`] or [`counts_up_to`].
//!
//! ```
//! use std::time::Duration;
//! use polyomino::{enumerate::{self, Options}, EnumerateError};
//! let tight = Options::default().with_max_nodes(1_000);
//! assert!(matches!(enumerate::count_fixed_up_to(12, &tight),
//!                  Err(EnumerateError::BudgetExceeded { max_nodes: 1_000, .. })));
//! let quick = Options::default().with_time_limit(Duration::from_secs(60));
//! assert_eq!(enumerate::count_fixed_up_to(8, &quick)?[8], 2725);
//! # Ok::<(), EnumerateError>(())
//! ```
//!
//! The iterators ([`fixed`], [`one_sided`], [`free`], [`classes`]) need no budget: they hold
//! O(n²) cells of search state at any size, produce one shape at a time, and the caller decides
//! how many to take (listing every shape of a size materialises nothing the caller does not
//! collect).
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

mod budget;
mod lattice;
mod redelmeier;
mod symmetric;

pub use redelmeier::FixedPolyominoes;

use core::num::NonZeroUsize;
use std::time::{Duration, Instant};

use budget::Budget;

use crate::{EnumerateError, Equivalence, Polyomino, Transform};

/// Largest size accepted by the enumeration and counting functions (the fixed count of size
/// 32 still fits in `u64`; actually reaching it with this algorithm would take years, so the
/// counting functions stop at their budget, see [`Options`]).
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
#[derive(Debug)]
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

/// Number of fixed polyominoes of size `n` (OEIS A001168), within the default budget
/// (`Options::default()`).
///
/// ```
/// use polyomino::enumerate;
/// assert_eq!(enumerate::count_fixed(6)?, 216);
/// assert_eq!(enumerate::count_fixed(10)?, 36_446);
/// // Size 31 would take years: the default budget stops it within a minute.
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`; [`EnumerateError::BudgetExceeded`]
/// when the count needs more than [`Options::DEFAULT_MAX_NODES`] nodes (sizes above 19; use
/// [`count_fixed_up_to`] with a larger [`Options::max_nodes`]).
pub fn count_fixed(n: usize) -> Result<u64, EnumerateError> {
    check(n)?;
    Ok(count_fixed_up_to(n, &Options::default())?[n])
}

/// How a search runs and how much it may spend. Build with `Options::default()` and the
/// `with_…` setters (the struct may gain fields).
///
/// ```
/// use std::time::{Duration, Instant};
/// use polyomino::enumerate::{self, Options};
/// let two = Options::default().with_threads(2);
/// assert_eq!(two.threads.get(), 2);
/// assert_eq!(Options::default().with_threads(0).threads.get(), 1);
/// assert_eq!(Options::default().with_threads(usize::MAX).threads.get(), Options::MAX_THREADS);
/// assert_eq!(enumerate::count_fixed_up_to(9, &two)?, enumerate::count_fixed_up_to(9, &Options::default())?);
/// // Budgets: a node limit (on by default) and a deadline (off by default).
/// assert_eq!(Options::default().max_nodes, Options::DEFAULT_MAX_NODES);
/// assert_eq!(Options::default().deadline, None);
/// let patient = Options::default().with_max_nodes(u64::MAX).with_time_limit(Duration::from_secs(3600));
/// assert!(patient.deadline.is_some_and(|d| d > Instant::now()));
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// Threads the search runs on (the calling thread waits); results never depend on it.
    /// Default 1.
    pub threads: NonZeroUsize,
    /// Most search nodes one call may visit, over all its threads; default
    /// [`Options::DEFAULT_MAX_NODES`]. A node is one polyomino placed by the fixed-polyomino
    /// search (the fixed count of size n places each fixed polyomino of size below n once, so
    /// whether a count fits does not depend on `threads`), one node of the orbit searches of
    /// the symmetric counts, or, for the half turn and quarter turn, a connectivity check of k
    /// cells counted as 8k nodes (so that a node costs about the same everywhere: 5 to 10 ns). A call that needs more returns
    /// [`EnumerateError::BudgetExceeded`].
    pub max_nodes: u64,
    /// When to give up; default `None` (no deadline). Checked every 16 384 nodes (about 0.1 ms
    /// of counting); a deadline that has already passed fails at once. A call past it returns
    /// [`EnumerateError::BudgetExceeded`] with `timed_out` set.
    pub deadline: Option<Instant>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: NonZeroUsize::MIN,
            max_nodes: Options::DEFAULT_MAX_NODES,
            deadline: None,
        }
    }
}

impl Options {
    /// Most threads a search starts.
    pub const MAX_THREADS: usize = 256;

    /// The default [`max_nodes`](Options::max_nodes): 3·10⁹ nodes, 15 to 40 seconds of
    /// counting on one core. It covers the fixed count up to size 19 (which places about
    /// 2.1·10⁹ polyominoes; size 20 needs 8·10⁹), the half-turn count up to size 21, and the
    /// reflection and quarter-turn counts up to [`MAX_SIZE`].
    pub const DEFAULT_MAX_NODES: u64 = 3_000_000_000;

    /// These options with `threads` threads, clamped to `1..=MAX_THREADS`.
    pub fn with_threads(mut self, threads: usize) -> Options {
        self.threads =
            NonZeroUsize::new(threads.clamp(1, Options::MAX_THREADS)).unwrap_or(NonZeroUsize::MIN);
        self
    }

    /// These options with at most `max_nodes` search nodes per call (`u64::MAX`: no limit).
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Options {
        self.max_nodes = max_nodes;
        self
    }

    /// These options with a deadline.
    pub fn with_deadline(mut self, deadline: Instant) -> Options {
        self.deadline = Some(deadline);
        self
    }

    /// These options with a deadline `limit` from now (a limit too far away for
    /// [`Instant`] to represent means no deadline).
    pub fn with_time_limit(mut self, limit: Duration) -> Options {
        self.deadline = Instant::now().checked_add(limit);
        self
    }
}

/// The fixed counts `0..=n` (`n ≥ 1`) under `budget`.
fn fixed_counts(n: usize, options: &Options, budget: &Budget) -> Result<Vec<u64>, EnumerateError> {
    match options.threads.get() {
        1 => redelmeier::count_up_to(n, budget),
        threads => redelmeier::count_up_to_parallel(n, threads, budget),
    }
    .map_err(|_| budget.error())
}

/// `F(t)` for `t` other than the identity, under `budget`.
fn invariant(n: usize, t: Transform, budget: &Budget) -> Result<u64, EnumerateError> {
    let mut meter = budget.meter();
    symmetric::count_invariant(n, t, &mut meter)
        .and_then(|count| meter.flush().map(|()| count))
        .map_err(|_| budget.error())
}

/// Numbers of fixed polyominoes of every size `0..=n` from one search: index `k` holds the
/// count of size `k` (index 0 holds 0: sizes start at 1, and `n = 0` gives `[0]`). The result
/// does not depend on the number of threads. The search places every fixed polyomino of size
/// below `n` once, and each is one node of the budget.
///
/// ```
/// use polyomino::enumerate::{self, Options};
/// assert_eq!(enumerate::count_fixed_up_to(6, &Options::default())?, [0, 1, 2, 6, 19, 63, 216]);
/// assert_eq!(enumerate::count_fixed_up_to(0, &Options::default())?, [0]);
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] for `n` above [`MAX_SIZE`]; [`EnumerateError::BudgetExceeded`]
/// when the search needs more than `options.max_nodes` nodes or runs past `options.deadline`.
pub fn count_fixed_up_to(n: usize, options: &Options) -> Result<Vec<u64>, EnumerateError> {
    if n > MAX_SIZE {
        check(n)?;
    }
    let budget = Budget::new(options)?;
    if n == 0 {
        return Ok(vec![0]);
    }
    fixed_counts(n, options, &budget)
}

/// Number of fixed polyominoes of size `n` that `t` maps onto a translate of themselves (for
/// the identity, all of them), within the default budget (`Options::default()`).
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
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`; [`EnumerateError::BudgetExceeded`]
/// when the count needs more than [`Options::DEFAULT_MAX_NODES`] nodes (the half turn above
/// size 21, the identity above size 19).
pub fn count_invariant(n: usize, t: Transform) -> Result<u64, EnumerateError> {
    check(n)?;
    if t == Transform::Identity {
        count_fixed(n)
    } else {
        invariant(n, t, &Budget::new(&Options::default())?)
    }
}

/// Largest size [`count_invariant_with`] takes for a symmetry other than the identity: the
/// symmetric counts grow about as the fixed counts of half the size, so they fit in `u64` far
/// beyond [`MAX_SIZE`]; what they cost is bounded by the budget.
pub const MAX_SYMMETRIC_SIZE: usize = 48;

/// [`count_invariant`] under `options`' budget, for sizes up to [`MAX_SYMMETRIC_SIZE`] when
/// `t` is not the identity (the orbit searches run on the calling thread; the identity's count
/// is [`count_fixed_up_to`]'s, on `options.threads`). The quarter turn stays cheap there (about
/// 2 s at size 36); the reflections grow about 2× per size and the half turn about 2.3×.
///
/// ```
/// use polyomino::{enumerate::{self, Options}, Transform};
/// // The square tetromino and the X pentomino.
/// assert_eq!(enumerate::count_invariant_with(4, Transform::Rotate90, &Options::default())?, 1);
/// assert_eq!(enumerate::count_invariant_with(5, Transform::Rotate90, &Options::default())?, 1);
/// // Past MAX_SIZE: a quarter turn about a cell keeps sizes 4k + 1, about a vertex sizes 4k.
/// assert_eq!(enumerate::count_invariant_with(34, Transform::Rotate90, &Options::default())?, 0);
/// assert!(enumerate::count_invariant_with(40, Transform::Identity, &Options::default()).is_err());
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
///
/// # Errors
/// [`EnumerateError::BadSize`] for `n = 0`, for the identity above [`MAX_SIZE`] and for other
/// symmetries above [`MAX_SYMMETRIC_SIZE`]; [`EnumerateError::BudgetExceeded`] when the count
/// needs more than `options.max_nodes` nodes or runs past `options.deadline`.
pub fn count_invariant_with(
    n: usize,
    t: Transform,
    options: &Options,
) -> Result<u64, EnumerateError> {
    if t == Transform::Identity {
        check(n)?;
        return Ok(count_fixed_up_to(n, options)?[n]);
    }
    if !(1..=MAX_SYMMETRIC_SIZE).contains(&n) {
        return Err(EnumerateError::BadSize {
            size: n,
            max: MAX_SYMMETRIC_SIZE,
        });
    }
    invariant(n, t, &Budget::new(options)?)
}

/// The three counts of one size, as `u64` (enough for every size up to [`MAX_SIZE`], which is
/// all this crate counts) or, as `Counts<u128>`, for the larger sizes other counters reach
/// (the fixed count of size 36 is above `u64::MAX`); [`Counts::from_terms`] builds them from
/// Burnside's terms however those were computed.
///
/// ```
/// use polyomino::enumerate::{self, Counts};
/// let tetrominoes = enumerate::counts_up_to(4, &enumerate::Options::default())?[3];
/// assert_eq!(tetrominoes, Counts { size: 4, fixed: 19, one_sided: 7, free: 5 });
/// assert_eq!(Counts::<u128>::from(tetrominoes).free, 5u128);
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts<T = u64> {
    /// The size.
    pub size: usize,
    /// Fixed polyominoes (A001168).
    pub fixed: T,
    /// One-sided polyominoes (A000988).
    pub one_sided: T,
    /// Free polyominoes (A000105).
    pub free: T,
}

impl From<Counts<u64>> for Counts<u128> {
    fn from(c: Counts<u64>) -> Counts<u128> {
        Counts {
            size: c.size,
            fixed: c.fixed.into(),
            one_sided: c.one_sided.into(),
            free: c.free.into(),
        }
    }
}

/// For one size, how many fixed polyominoes each symmetry maps onto a translate of themselves:
/// the terms `F(g)` of Burnside's lemma. Conjugate symmetries fix equally many (the two quarter
/// turns, the two axis mirrors, the two diagonal mirrors), so five numbers stand for all
/// eight, and
///
/// - one-sided = (F(identity) + 2·F(quarter turn) + F(half turn)) / 4,
/// - free = (F(identity) + 2·F(quarter turn) + F(half turn) + 2·F(mirror) + 2·F(transpose)) / 8.
///
/// [`count_invariant_with`] computes every term but the first by search; counters that reach
/// further (the `plugdp` crate's transfer matrices) compute them their own way and hand them to
/// [`Counts::from_terms`].
///
/// ```
/// use polyomino::enumerate::{BurnsideTerms, Counts};
/// // The 19 fixed tetrominoes: the square is kept by a quarter turn; the square, both
/// // straight ones and the four S and Z orientations by a half turn; the square, both straight
/// // ones and two T's by the left-right mirror; only the square by the transpose.
/// let terms = BurnsideTerms { fixed: 19, quarter_turn: 1, half_turn: 7, mirror: 5, transpose: 1 };
/// let c = Counts::from_terms(4, &terms)?;
/// assert_eq!((c.fixed, c.one_sided, c.free), (19, 7, 5));
/// # Ok::<(), polyomino::EnumerateError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BurnsideTerms {
    /// All fixed polyominoes (the identity keeps every one).
    pub fixed: u128,
    /// Those a quarter turn maps onto a translate of themselves.
    pub quarter_turn: u128,
    /// Those a half turn maps onto a translate of themselves.
    pub half_turn: u128,
    /// Those the left–right mirror maps onto a translate of themselves.
    pub mirror: u128,
    /// Those the transpose (the mirror in the main diagonal) maps onto a translate of
    /// themselves.
    pub transpose: u128,
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
    /// // A count that cannot be right is refused, not trusted.
    /// assert!(Counts::from_fixed(5, 64).is_err());
    /// # Ok::<(), polyomino::EnumerateError>(())
    /// ```
    ///
    /// # Errors
    /// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`;
    /// [`EnumerateError::NotDivisible`] when the count cannot be right (Burnside's sums are not
    /// multiples of 4 and 8, or overflow); [`EnumerateError::BudgetExceeded`] when the
    /// symmetric counts need more than the default budget (`Options::default()`: the half turn
    /// above size 21).
    pub fn from_fixed(n: usize, fixed: u64) -> Result<Counts, EnumerateError> {
        check(n)?;
        let budget = Budget::new(&Options::default())?;
        let half_turn = invariant(n, Transform::Rotate180, &budget)?;
        Counts::assemble(n, fixed, half_turn, &budget)?
            .ok_or(EnumerateError::NotDivisible { size: n })
    }

    /// [`from_fixed`](Self::from_fixed) when the half-turn count `F(Rotate180)` is known too
    /// (for instance from a transfer matrix): the half turn is by far the slowest symmetric
    /// count here (seconds at n = 20, minutes at n = 24), the others take milliseconds at
    /// n = 20 and seconds at [`MAX_SIZE`]. When every term is known, use
    /// [`Counts::from_terms`].
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
    /// multiples of 4 and 8); [`EnumerateError::BudgetExceeded`] when the reflection and
    /// quarter-turn counts need more than the default budget (`Options::default()`; they take
    /// seconds even at [`MAX_SIZE`], well within it).
    pub fn from_fixed_and_half_turn(
        n: usize,
        fixed: u64,
        half_turn: u64,
    ) -> Result<Counts, EnumerateError> {
        check(n)?;
        let budget = Budget::new(&Options::default())?;
        Counts::assemble(n, fixed, half_turn, &budget)?
            .ok_or(EnumerateError::NotDivisible { size: n })
    }

    /// The counts from an exact fixed count (the crate's own search), so Burnside's sums
    /// divide.
    fn burnside(n: usize, fixed: u64, budget: &Budget) -> Result<Counts, EnumerateError> {
        let half_turn = invariant(n, Transform::Rotate180, budget)?;
        Ok(Counts::assemble(n, fixed, half_turn, budget)?
            .expect("Burnside sums of exact counts divide"))
    }

    /// The counts from `F(identity)` and `F(r180)`, the other terms by search, or `None` when
    /// Burnside's sums do not divide.
    fn assemble(
        n: usize,
        fixed: u64,
        r180: u64,
        budget: &Budget,
    ) -> Result<Option<Counts>, EnumerateError> {
        let terms = BurnsideTerms {
            fixed: fixed.into(),
            quarter_turn: invariant(n, Transform::Rotate90, budget)?.into(),
            half_turn: r180.into(),
            mirror: invariant(n, Transform::MirrorLeftRight, budget)?.into(),
            transpose: invariant(n, Transform::Transpose, budget)?.into(),
        };
        Ok(Counts::from_terms(n, &terms).ok().map(|c| Counts {
            // One-sided and free counts are at most the fixed count, which is a `u64`.
            size: n,
            fixed,
            one_sided: c.one_sided as u64,
            free: c.free as u64,
        }))
    }
}

impl Counts<u128> {
    /// The three counts of size `n` from Burnside's terms, however they were computed (sizes
    /// past [`MAX_SIZE`] are welcome: nothing is searched here).
    ///
    /// ```
    /// use polyomino::{enumerate::{self, BurnsideTerms, Counts}, Transform};
    /// let term = |t| enumerate::count_invariant(6, t).map(u128::from);
    /// let terms = BurnsideTerms {
    ///     fixed: 216,
    ///     quarter_turn: term(Transform::Rotate90)?,
    ///     half_turn: term(Transform::Rotate180)?,
    ///     mirror: term(Transform::MirrorLeftRight)?,
    ///     transpose: term(Transform::Transpose)?,
    /// };
    /// let c = Counts::from_terms(6, &terms)?;
    /// assert_eq!((c.one_sided, c.free), (60, 35));
    /// // Terms that cannot all be right are refused, not trusted.
    /// let wrong = BurnsideTerms { fixed: 217, ..terms };
    /// assert!(Counts::from_terms(6, &wrong).is_err());
    /// # Ok::<(), polyomino::EnumerateError>(())
    /// ```
    ///
    /// # Errors
    /// [`EnumerateError::NotDivisible`] when the terms cannot all be right: Burnside's sums
    /// are not multiples of 4 and 8 or overflow, or a symmetric term exceeds the fixed count.
    pub fn from_terms(n: usize, terms: &BurnsideTerms) -> Result<Counts<u128>, EnumerateError> {
        let t = terms;
        let sums = || {
            let symmetric = [t.quarter_turn, t.half_turn, t.mirror, t.transpose];
            if symmetric.iter().any(|&f| f > t.fixed) {
                return None;
            }
            let rotations = t
                .fixed
                .checked_add(t.quarter_turn.checked_mul(2)?)?
                .checked_add(t.half_turn)?;
            let reflections = t.mirror.checked_add(t.transpose)?.checked_mul(2)?;
            Some((rotations, rotations.checked_add(reflections)?))
        };
        sums()
            .filter(|(rotations, all)| rotations.is_multiple_of(4) && all.is_multiple_of(8))
            .map(|(rotations, all)| Counts {
                size: n,
                fixed: t.fixed,
                one_sided: rotations / 4,
                free: all / 8,
            })
            .ok_or(EnumerateError::NotDivisible { size: n })
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
/// [`EnumerateError::BadSize`] unless `1 ≤ n ≤ MAX_SIZE`; [`EnumerateError::BudgetExceeded`]
/// when the fixed and symmetric counts together need more than
/// [`Options::DEFAULT_MAX_NODES`] nodes (sizes above 19; use [`counts_up_to`] with a larger
/// [`Options::max_nodes`]).
pub fn count(n: usize, eq: Equivalence) -> Result<u64, EnumerateError> {
    check(n)?;
    let options = Options::default();
    let budget = Budget::new(&options)?;
    let fixed = fixed_counts(n, &options, &budget)?[n];
    let c = Counts::burnside(n, fixed, &budget)?;
    Ok(match eq {
        Equivalence::Fixed => c.fixed,
        Equivalence::OneSided => c.one_sided,
        Equivalence::Free => c.free,
    })
}

/// The counts of every size `1..=n` (element `k` is size `k + 1`, and says so in
/// [`Counts::size`]; `n = 0` gives none), from one fixed-polyomino search on
/// `options.threads` threads and the symmetric counts of each size (on the calling thread),
/// all under one budget.
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
/// [`EnumerateError::BadSize`] for `n` above [`MAX_SIZE`]; [`EnumerateError::BudgetExceeded`]
/// when the searches together need more than `options.max_nodes` nodes or run past
/// `options.deadline`.
pub fn counts_up_to(n: usize, options: &Options) -> Result<Vec<Counts>, EnumerateError> {
    if n > MAX_SIZE {
        check(n)?;
    }
    let budget = Budget::new(options)?;
    if n == 0 {
        return Ok(Vec::new());
    }
    let fixed = fixed_counts(n, options, &budget)?;
    (1..=n)
        .map(|k| Counts::burnside(k, fixed[k], &budget))
        .collect()
}
