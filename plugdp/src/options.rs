//! [`Options`]: how a solver runs, and how much it may spend.

use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use crate::budget::Meter;

/// How a solver runs and how much it may spend. Build with `Options::default()` and the
/// `with_…` setters (the struct may gain fields).
///
/// Every solver and every engine entry point takes `&Options`. The budget holds within every
/// step of a sweep (one cell), not only between them: the sweep's tables grow only while they
/// stay within [`max_bytes`](Self::max_bytes), and the clock is read every few thousand
/// additions; past either, the call returns
/// [`PlugError::BudgetExceeded`](crate::PlugError::BudgetExceeded) with what it had reached
/// instead of running on (see [Budgets](crate#budgets) for what is counted). The default memory
/// budget ([`Options::DEFAULT_MAX_BYTES`], 2 GiB) keeps a call within about 2 GB; raise it for
/// the biggest boards.
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
/// // A budget: a deadline already passed stops the sweep within its first step.
/// let late = Options::default().with_time_limit(std::time::Duration::ZERO);
/// assert!(matches!(
///     hamiltonian_cycles(&board, &late),
///     Err(plugdp::PlugError::BudgetExceeded { limit: plugdp::Limit::Deadline, .. })
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// Threads a sweep runs on (the calling thread waits); results never depend on it.
    /// Default 1.
    pub threads: NonZeroUsize,
    /// Most bytes a sweep's frontier tables may take: the lists, summing tables and buffers of
    /// the step under way and whatever the sweep keeps besides (a witness's checkpoints),
    /// counted by capacity whenever one would grow, and after every step an estimate from the
    /// number of states (a value type that allocates, such as [`BigCount`](crate::BigCount),
    /// counts only its inline size). Default [`Options::DEFAULT_MAX_BYTES`].
    pub max_bytes: usize,
    /// When to give up (read after every step and every 4096 additions within one). Default
    /// `None`: no time limit.
    pub deadline: Option<Instant>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: NonZeroUsize::MIN,
            max_bytes: Options::DEFAULT_MAX_BYTES,
            deadline: None,
        }
    }
}

impl Options {
    /// Most threads a sweep starts.
    pub const MAX_THREADS: usize = 256;

    /// The default memory budget: 2 GiB (1.8 GB of peak resident memory for the whole process
    /// when Rocket Mania's largest board runs into it).
    pub const DEFAULT_MAX_BYTES: usize = 1 << 31;

    /// These options with a memory budget of `bytes` for a sweep's frontier tables.
    ///
    /// ```
    /// use plugdp::{domino_tilings, Grid, Options, PlugError};
    /// // A board with a blocked cell goes through the plug DP: a 16-wide frontier has thousands
    /// // of profiles per step, more than 4 KiB hold.
    /// let holed = Grid::with_blocked(16, 16, (0..256).map(|i| i == 17).collect())?;
    /// let small = Options::default().with_max_bytes(4096);
    /// assert!(matches!(domino_tilings(&holed, &small), Err(PlugError::BudgetExceeded { .. })));
    /// assert!(domino_tilings(&holed, &Options::default())?.is_zero()); // 255 free cells
    /// # Ok::<(), PlugError>(())
    /// ```
    pub fn with_max_bytes(mut self, bytes: usize) -> Options {
        self.max_bytes = bytes;
        self
    }

    /// These options with a deadline.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use plugdp::{hamiltonian_cycles, Grid, Options};
    /// let soon = Options::default().with_deadline(Instant::now() + Duration::from_secs(60));
    /// assert_eq!(hamiltonian_cycles(&Grid::new(6, 6)?, &soon)?.to_string(), "1072");
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn with_deadline(mut self, deadline: Instant) -> Options {
        self.deadline = Some(deadline);
        self
    }

    /// These options with a deadline `limit` from now (a limit too far to represent means no
    /// deadline).
    ///
    /// ```
    /// use std::time::Duration;
    /// use plugdp::{hamiltonian_cycles, Grid, Options};
    /// let minute = Options::default().with_time_limit(Duration::from_secs(60));
    /// assert!(minute.deadline.is_some());
    /// assert_eq!(hamiltonian_cycles(&Grid::new(4, 4)?, &minute)?.to_string(), "6");
    /// assert!(Options::default().with_time_limit(Duration::MAX).deadline.is_none());
    /// # Ok::<(), plugdp::PlugError>(())
    /// ```
    pub fn with_time_limit(mut self, limit: Duration) -> Options {
        self.deadline = Instant::now().checked_add(limit);
        self
    }

    /// The budget as the sweeps check it.
    pub(crate) fn meter(&self) -> Meter {
        Meter {
            max_bytes: self.max_bytes,
            deadline: self.deadline,
            ways: 1,
            reserved: 0,
        }
    }

    /// These options with `threads` threads, clamped to `1..=MAX_THREADS`.
    pub fn with_threads(mut self, threads: usize) -> Options {
        self.threads =
            NonZeroUsize::new(threads.clamp(1, Options::MAX_THREADS)).unwrap_or(NonZeroUsize::MIN);
        self
    }
}
