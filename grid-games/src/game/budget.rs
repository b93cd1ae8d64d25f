//! [`Budget`]: how much thinking a bot may do for one action, and [`BudgetClock`], the running
//! count a search loop ticks.

use std::time::{Duration, Instant};

/// How much thinking a bot may do for one action. A bot stops at whichever limit it reaches
/// first; with neither set it uses its own default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Budget {
    /// Wall-clock limit for this action.
    pub time: Option<Duration>,
    /// Limit on search iterations (simulations, nodes: the bot documents its unit).
    pub iterations: Option<u64>,
}

impl Budget {
    /// A budget of `n` iterations.
    pub fn iterations(n: u64) -> Budget {
        Budget {
            time: None,
            iterations: Some(n),
        }
    }

    /// A budget of `time` of wall clock.
    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            iterations: None,
        }
    }

    /// A clock for this budget, started now.
    pub fn start(&self) -> BudgetClock {
        BudgetClock {
            start: Instant::now(),
            budget: *self,
            used: 0,
        }
    }
}

/// A running [`Budget`]: counts iterations and checks the deadline.
#[derive(Clone, Copy, Debug)]
pub struct BudgetClock {
    start: Instant,
    budget: Budget,
    used: u64,
}

impl BudgetClock {
    /// Records one iteration and says whether another may start. `default_iterations` applies
    /// when the budget sets no limit at all. Search loops call it after each iteration, so a
    /// budget of zero iterations still runs one.
    pub fn tick(&mut self, default_iterations: u64) -> bool {
        self.used += 1;
        let iterations = match (self.budget.iterations, self.budget.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => default_iterations,
        };
        if self.used >= iterations {
            return false;
        }
        match self.budget.time {
            // Reading the clock costs tens of nanoseconds; iterations cost microseconds.
            Some(limit) => self.start.elapsed() < limit,
            None => true,
        }
    }

    /// Iterations recorded so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_counts_iterations() {
        let mut clock = Budget::iterations(3).start();
        assert!(clock.tick(100));
        assert!(clock.tick(100));
        assert!(!clock.tick(100));
        let mut unlimited = Budget::default().start();
        assert!((0..9).all(|_| unlimited.tick(10)));
        assert!(!unlimited.tick(10));
    }
}
