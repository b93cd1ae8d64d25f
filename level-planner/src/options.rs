//! [`PlanOptions`]: the budget of a planner call, and the meter the planners charge it with.

use std::time::{Duration, Instant};

use crate::PlanError;

/// How a planner call runs: how much work it may do and until when. Build with
/// `PlanOptions::default()` and the `with_…` setters (the struct may gain fields).
///
/// Both planners count their work in *units* of roughly one elementary step each (a fit or
/// overlap test of one cell, one leg offset tried from one pivot, one cell of a rasterised
/// footprint weighted by the cost of the rasterisation; a unit takes 1 to 3 ns), and stop
/// with [`PlanError::BudgetExceeded`] once a call has spent more than
/// [`max_work`](PlanOptions::max_work) units or runs past its
/// [`deadline`](PlanOptions::deadline). The default budget keeps any call under about half a
/// minute; instances of the sizes in the crate documentation use a tiny fraction of it.
///
/// ```
/// use std::time::Duration;
/// use level_planner::{plan, Instance, Params, PlanError, PlanOptions, Site, VirtualLevel};
/// let site = Site::from_rows(&["........"; 8])?;
/// let levels = vec![
///     VirtualLevel::from_rows(0.0, 0.0, &["##", "##"])?,
///     VirtualLevel::from_rows(1.5, 90.0, &["##", "##"])?,
/// ];
/// let instance = Instance::new(site, levels, Params::default())?;
/// let options = PlanOptions::default().with_time_limit(Duration::from_secs(10));
/// assert_eq!(plan(&instance, &options)?.levels().len(), 2);
/// // A budget too small for the instance is a typed error, not a partial plan:
/// let tiny = PlanOptions::default().with_max_work(100);
/// assert!(matches!(
///     plan(&instance, &tiny),
///     Err(PlanError::BudgetExceeded { max_work: 100, timed_out: false, .. })
/// ));
/// # Ok::<(), PlanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PlanOptions {
    /// Most work units one call may spend; default [`PlanOptions::DEFAULT_MAX_WORK`]. Past
    /// it the call returns [`PlanError::BudgetExceeded`].
    pub max_work: u64,
    /// When to give up; default `None` (no deadline). Checked about every millisecond of
    /// work; a deadline that has already passed fails at once. Past it the call returns
    /// [`PlanError::BudgetExceeded`] with `timed_out` set.
    pub deadline: Option<Instant>,
}

impl PlanOptions {
    /// The default [`max_work`](PlanOptions::max_work): 10¹⁰ units, 10 to 30 seconds of
    /// planning on one core.
    pub const DEFAULT_MAX_WORK: u64 = 10_000_000_000;

    /// These options with at most `max_work` work units per call (`u64::MAX`: no limit).
    ///
    /// ```
    /// use level_planner::PlanOptions;
    /// assert_eq!(PlanOptions::default().max_work, PlanOptions::DEFAULT_MAX_WORK);
    /// assert_eq!(PlanOptions::default().with_max_work(5).max_work, 5);
    /// ```
    pub fn with_max_work(mut self, max_work: u64) -> PlanOptions {
        self.max_work = max_work;
        self
    }

    /// These options with a deadline.
    ///
    /// ```
    /// use std::time::Instant;
    /// use level_planner::PlanOptions;
    /// let now = Instant::now();
    /// assert_eq!(PlanOptions::default().with_deadline(now).deadline, Some(now));
    /// ```
    pub fn with_deadline(mut self, deadline: Instant) -> PlanOptions {
        self.deadline = Some(deadline);
        self
    }

    /// These options with a deadline `limit` from now (a limit too far away for [`Instant`]
    /// to represent means no deadline).
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use level_planner::PlanOptions;
    /// let soon = PlanOptions::default().with_time_limit(Duration::from_secs(5));
    /// assert!(soon.deadline.is_some_and(|d| d > Instant::now()));
    /// assert_eq!(PlanOptions::default().with_time_limit(Duration::MAX).deadline, None);
    /// ```
    pub fn with_time_limit(mut self, limit: Duration) -> PlanOptions {
        self.deadline = Instant::now().checked_add(limit);
        self
    }
}

impl Default for PlanOptions {
    /// [`PlanOptions::DEFAULT_MAX_WORK`] units and no deadline.
    fn default() -> PlanOptions {
        PlanOptions {
            max_work: PlanOptions::DEFAULT_MAX_WORK,
            deadline: None,
        }
    }
}

/// Work units between two looks at the clock (about a millisecond).
const CLOCK_EVERY: u64 = 1 << 20;

/// The work spent by one planner call, against its budget.
pub(crate) struct Meter {
    used: u64,
    max: u64,
    deadline: Option<Instant>,
    next_clock: u64,
}

impl Meter {
    /// A meter for `options`; fails at once when the deadline has already passed.
    pub(crate) fn new(options: &PlanOptions) -> Result<Meter, PlanError> {
        let meter = Meter {
            used: 0,
            max: options.max_work,
            deadline: options.deadline,
            next_clock: CLOCK_EVERY,
        };
        if meter.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(meter.exceeded(true));
        }
        Ok(meter)
    }

    /// Spends `units` of work: an error once more than the limit is spent or the deadline
    /// has passed.
    #[inline]
    pub(crate) fn charge(&mut self, units: u64) -> Result<(), PlanError> {
        self.used = self.used.saturating_add(units);
        if self.used > self.max {
            return Err(self.exceeded(false));
        }
        if self.used >= self.next_clock {
            self.look_at_clock()?;
        }
        Ok(())
    }

    #[cold]
    fn look_at_clock(&mut self) -> Result<(), PlanError> {
        self.next_clock = self.used.saturating_add(CLOCK_EVERY);
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(self.exceeded(true));
        }
        Ok(())
    }

    fn exceeded(&self, timed_out: bool) -> PlanError {
        PlanError::BudgetExceeded {
            work: self.used,
            max_work: self.max,
            timed_out,
        }
    }
}

/// `a · b` work units, saturating.
#[inline]
pub(crate) fn units(a: usize, b: usize) -> u64 {
    (a as u64).saturating_mul(b as u64)
}
