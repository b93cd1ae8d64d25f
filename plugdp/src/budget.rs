//! Budgets: how much memory and time a DP may take before it gives up with
//! [`PlugError::BudgetExceeded`].
//!
//! A plug DP's frontier can grow exponentially with the board's width, so every sweep measures
//! itself after each step against the budget of its [`Options`](crate::Options): the memory its
//! frontier tables take (estimated from the number of states and the size of a key and a value)
//! and, optionally, a deadline. The check costs one comparison and one clock read per step (a
//! step is one cell), nothing per state.

use std::time::Instant;

use crate::PlugError;

/// Which budget of [`Options`](crate::Options) ran out.
///
/// ```
/// use plugdp::{hamiltonian_cycles, Grid, Limit, Options, PlugError};
/// let tight = Options::default().with_max_bytes(1 << 16);
/// match hamiltonian_cycles(&Grid::new(12, 12)?, &tight) {
///     Err(PlugError::BudgetExceeded { limit: Limit::Memory { max_bytes }, states, bytes }) => {
///         assert_eq!(max_bytes, 1 << 16);
///         assert!(bytes > max_bytes && states > 0);
///     }
///     other => panic!("expected the memory budget to run out, got {other:?}"),
/// }
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// The frontier tables would take more than `max_bytes` ([`Options::max_bytes`](crate::Options::max_bytes)).
    Memory {
        /// The budget.
        max_bytes: usize,
    },
    /// The deadline ([`Options::deadline`](crate::Options::deadline)) passed.
    Deadline,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Memory { max_bytes } => write!(f, "memory budget of {max_bytes} bytes"),
            Limit::Deadline => f.write_str("deadline"),
        }
    }
}

/// The budget a sweep checks after every step (a copy of the options' limits).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Meter {
    pub(crate) max_bytes: usize,
    pub(crate) deadline: Option<Instant>,
    /// How many sweeps of about the same size run at the same time under this budget (each
    /// step's estimate is multiplied by it).
    pub(crate) ways: usize,
}

impl Meter {
    /// No limit at all (for internal sweeps whose size is bounded by construction).
    #[cfg(test)]
    pub(crate) const UNLIMITED: Meter = Meter {
        max_bytes: usize::MAX,
        deadline: None,
        ways: 1,
    };

    /// This budget shared by `ways` sweeps running at the same time.
    pub(crate) fn shared(self, ways: usize) -> Meter {
        Meter {
            ways: ways.max(1),
            ..self
        }
    }

    /// Checks a step that keeps `states` frontiers of `bytes_per_state` bytes each.
    ///
    /// # Errors
    /// [`PlugError::BudgetExceeded`] when the estimate passes the memory budget or the deadline
    /// has passed.
    #[inline]
    pub(crate) fn check(&self, states: usize, bytes_per_state: usize) -> Result<(), PlugError> {
        let bytes = states
            .saturating_mul(bytes_per_state)
            .saturating_mul(self.ways);
        if bytes > self.max_bytes {
            return Err(PlugError::BudgetExceeded {
                limit: Limit::Memory {
                    max_bytes: self.max_bytes,
                },
                states,
                bytes,
            });
        }
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Err(PlugError::BudgetExceeded {
                limit: Limit::Deadline,
                states,
                bytes,
            });
        }
        Ok(())
    }

    /// The bytes one frontier of key `K` and value `V` costs in a step of the edge engine: the
    /// dense list it lives in, the summing table's entry and slots, and its share of the
    /// successors buffered before summing (about two per frontier).
    pub(crate) fn edge_state_bytes<K, V>() -> usize {
        let pair = std::mem::size_of::<K>() + std::mem::size_of::<V>();
        4 * pair + 8
    }
}
