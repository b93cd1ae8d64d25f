//! The budget of one counting call: a node limit and an optional deadline, shared by every
//! thread of the call.
//!
//! Searches tick a [`Meter`] once per node. The meter batches its ticks and, every
//! [`BATCH`] nodes, adds them to the shared total, compares it with the limit and reads the
//! clock, so the check costs next to nothing per node. Once one thread finds the budget spent,
//! every other thread stops at its next batch.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::Instant;

use super::Options;
use crate::EnumerateError;

/// Nodes a meter counts between two looks at the shared total and the clock (about 0.1 ms of
/// the fixed-polyomino search).
const BATCH: u64 = 1 << 14;

/// Why a search stopped early; the error itself is built by [`Budget::error`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stop;

const RUNNING: u8 = 0;
const OVER_NODES: u8 = 1;
const OVER_TIME: u8 = 2;

/// The budget of one call.
pub(crate) struct Budget {
    max_nodes: u64,
    deadline: Option<Instant>,
    used: AtomicU64,
    state: AtomicU8,
}

impl Budget {
    /// The budget of `options`; fails at once when the deadline has already passed.
    pub(crate) fn new(options: &Options) -> Result<Budget, EnumerateError> {
        let budget = Budget {
            max_nodes: options.max_nodes,
            deadline: options.deadline,
            used: AtomicU64::new(0),
            state: AtomicU8::new(RUNNING),
        };
        if budget.deadline.is_some_and(|d| Instant::now() >= d) {
            budget.state.store(OVER_TIME, Ordering::Relaxed);
            return Err(budget.error());
        }
        Ok(budget)
    }

    /// A meter for one thread.
    pub(crate) fn meter(&self) -> Meter<'_> {
        Meter {
            budget: self,
            pending: 0,
        }
    }

    /// The error for a search stopped by this budget.
    pub(crate) fn error(&self) -> EnumerateError {
        EnumerateError::BudgetExceeded {
            nodes: self.used.load(Ordering::Relaxed),
            max_nodes: self.max_nodes,
            timed_out: self.state.load(Ordering::Relaxed) == OVER_TIME,
        }
    }
}

/// One thread's view of a [`Budget`].
pub(crate) struct Meter<'b> {
    budget: &'b Budget,
    pending: u64,
}

impl Meter<'_> {
    /// Counts one node.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), Stop> {
        self.charge(1)
    }

    /// Counts `nodes` nodes (work worth that many).
    #[inline]
    pub(crate) fn charge(&mut self, nodes: u64) -> Result<(), Stop> {
        self.pending += nodes;
        if self.pending >= BATCH {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Adds the pending nodes to the shared total and checks the limit, the deadline and the
    /// other threads. Searches call it once more when they finish, so that a search needing
    /// more than the limit fails however its nodes were batched.
    #[cold]
    pub(crate) fn flush(&mut self) -> Result<(), Stop> {
        let b = self.budget;
        let pending = std::mem::take(&mut self.pending);
        let used = b
            .used
            .fetch_add(pending, Ordering::Relaxed)
            .saturating_add(pending);
        if b.state.load(Ordering::Relaxed) != RUNNING {
            return Err(Stop);
        }
        if used > b.max_nodes {
            b.state.store(OVER_NODES, Ordering::Relaxed);
            return Err(Stop);
        }
        if b.deadline.is_some_and(|d| Instant::now() >= d) {
            b.state.store(OVER_TIME, Ordering::Relaxed);
            return Err(Stop);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::Transform;
    use crate::enumerate::symmetric;

    #[test]
    fn symmetric_counts_stop_at_the_deadline() {
        // The half-turn count of size 24 takes minutes.
        let options = Options::default().with_time_limit(Duration::from_millis(50));
        let budget = Budget::new(&options).unwrap();
        let started = Instant::now();
        let r = symmetric::count_invariant(24, Transform::Rotate180, &mut budget.meter());
        assert!(r.is_err());
        assert!(started.elapsed() < Duration::from_secs(2));
        assert!(matches!(
            budget.error(),
            EnumerateError::BudgetExceeded {
                timed_out: true,
                ..
            }
        ));
    }

    #[test]
    fn symmetric_counts_stop_at_the_node_limit() {
        let budget = Budget::new(&Options::default().with_max_nodes(100_000)).unwrap();
        let started = Instant::now();
        for t in [
            Transform::Rotate90,
            Transform::MirrorLeftRight,
            Transform::Transpose,
        ] {
            assert!(symmetric::count_invariant(32, t, &mut budget.meter()).is_err());
        }
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
