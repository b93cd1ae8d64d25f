//! [`Options`]: how a solver runs.

use std::num::NonZeroUsize;

/// How a solver runs. Build with `Options::default()` and the `with_…` setters (the struct may
/// gain fields, such as budgets).
///
/// ```
/// use plugdp::{hamiltonian_cycles, Grid, Options};
/// let board = Grid::new(6, 6)?;
/// let two = Options::default().with_threads(2);
/// assert_eq!(two.threads.get(), 2);
/// // The answer never depends on the thread count (OEIS A003763: 1072 cycles on 6 × 6).
/// assert_eq!(hamiltonian_cycles(&board, &two)?, hamiltonian_cycles(&board, &Options::default())?);
/// assert_eq!(u64::try_from(&hamiltonian_cycles(&board, &two)?)?, 1072);
/// assert_eq!(Options::default().with_threads(usize::MAX).threads.get(), Options::MAX_THREADS);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// Threads a sweep runs on (the calling thread waits); results never depend on it.
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
    /// Most threads a sweep starts.
    pub const MAX_THREADS: usize = 256;

    /// These options with `threads` threads, clamped to `1..=MAX_THREADS`.
    pub fn with_threads(mut self, threads: usize) -> Options {
        self.threads =
            NonZeroUsize::new(threads.clamp(1, Options::MAX_THREADS)).unwrap_or(NonZeroUsize::MIN);
        self
    }
}
