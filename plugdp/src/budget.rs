//! Budgets: how much memory and time a DP may take before it gives up with
//! [`PlugError::BudgetExceeded`].
//!
//! A plug DP's frontier can grow exponentially with the board's width, and one step (one cell)
//! of a problem written on the driver can make any number of frontiers, so every sweep measures
//! itself against the budget of its [`Options`](crate::Options) within every step:
//!
//! * [`Ledger`]: every buffer of the driver (frontier lists, summing tables, hash partitions, a
//!   witness's checkpoints, the record of states per step) asks before it grows, and a growth
//!   that would take the bytes held past `max_bytes` is refused (a pooled sweep gives each
//!   worker an equal share); the same ledger reads the clock every [`Ledger::TICKS`] additions.
//! * [`Meter`]: after every step, an estimate from the number of states and the sizes of a key
//!   and a value (plus the tables a witness keeps), and a clock read.
//!
//! Costs: a comparison per addition, a clock read per 4096, a sum over the buffers per step
//! (about 3 % of a step's instructions on a Formula 1 sweep); nothing else per state.

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
    /// Bytes the caller holds besides the sweep (the first half's tables while the second half
    /// of a board is swept), added to every measure.
    pub(crate) reserved: usize,
}

impl Meter {
    /// No limit at all (for internal sweeps whose size is bounded by construction).
    #[cfg(test)]
    pub(crate) const UNLIMITED: Meter = Meter {
        max_bytes: usize::MAX,
        deadline: None,
        ways: 1,
        reserved: 0,
    };

    /// This budget shared by `ways` sweeps running at the same time.
    pub(crate) fn shared(self, ways: usize) -> Meter {
        Meter {
            ways: ways.max(1),
            ..self
        }
    }

    /// This budget for a sweep run while the caller holds `bytes` besides.
    pub(crate) fn reserving(self, bytes: usize) -> Meter {
        Meter {
            reserved: self.reserved.saturating_add(bytes),
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
        self.check_kept(states, bytes_per_state, 0)
    }

    /// [`check`](Self::check) for a step that also keeps `kept` bytes of other tables (a
    /// witness's checkpoints), counted besides the estimate.
    #[inline]
    pub(crate) fn check_kept(
        &self,
        states: usize,
        bytes_per_state: usize,
        kept: usize,
    ) -> Result<(), PlugError> {
        let bytes = states
            .saturating_mul(bytes_per_state)
            .saturating_add(kept)
            .saturating_mul(self.ways);
        self.memory(states, bytes)?;
        self.deadline(states, bytes)
    }

    /// [`PlugError::BudgetExceeded`] when `bytes` (already multiplied by `ways`) and the bytes
    /// reserved pass the memory budget (reporting their sum).
    #[inline]
    fn memory(&self, states: usize, bytes: usize) -> Result<(), PlugError> {
        let bytes = bytes.saturating_add(self.reserved);
        if bytes > self.max_bytes {
            return Err(PlugError::BudgetExceeded {
                limit: Limit::Memory {
                    max_bytes: self.max_bytes,
                },
                states,
                bytes,
            });
        }
        Ok(())
    }

    /// [`PlugError::BudgetExceeded`] when the deadline has passed (reporting `states` and
    /// `bytes`).
    #[inline]
    pub(crate) fn deadline(&self, states: usize, bytes: usize) -> Result<(), PlugError> {
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

/// What one sweep (or one worker of a pooled sweep) holds in the driver's frontier lists,
/// summing tables and buffers, against its share of the memory budget; and a countdown to
/// the next clock read.
///
/// Every buffer of the driver asks [`grow`](Self::grow) (or [`reserve`](Self::reserve))
/// before it allocates: the request is refused when the bytes held now plus the new buffer
/// (the old one is still held while the new one fills) would pass the share. So the buffers
/// never hold more than the budget, at any moment of a step. The bytes are capacities (what
/// was allocated, not what is used), of the inline sizes of keys and values.
#[derive(Clone, Debug)]
pub(crate) struct Ledger {
    meter: Meter,
    /// Equal shares the budget is split into: the meter's `ways` times the workers of a pool
    /// (each worker keeps its own ledger for its own buffers).
    shares: usize,
    /// Bytes held now.
    held: usize,
    /// Frontiers of the step being read (reported when more than those summed so far).
    reading: usize,
    /// Additions left before the next clock read.
    ticks: u32,
}

impl Ledger {
    /// Additions between two clock reads (a clock read costs about as much as a few dozen
    /// additions; this keeps it under 1 % of a step and a step's overshoot past the deadline
    /// to a few microseconds of additions).
    pub(crate) const TICKS: u32 = 4096;

    /// The ledger of one of `workers` workers sharing `meter`'s budget, holding nothing yet.
    pub(crate) fn new(meter: Meter, workers: usize) -> Ledger {
        Ledger {
            meter,
            shares: meter.ways.max(1).saturating_mul(workers.max(1)),
            held: 0,
            reading: 0,
            ticks: Ledger::TICKS,
        }
    }

    /// No limit at all (for tests of the tables).
    #[cfg(test)]
    pub(crate) fn unlimited() -> Ledger {
        Ledger::new(Meter::UNLIMITED, 1)
    }

    /// Sets the bytes held now (measured from the buffers at the start of a step).
    pub(crate) fn set_held(&mut self, bytes: usize) {
        self.held = bytes;
    }

    /// Starts a step that reads `states` frontiers while `bytes` are held.
    pub(crate) fn start(&mut self, bytes: usize, states: usize) {
        self.held = bytes;
        self.reading = states;
    }

    /// Asks to replace a buffer of `old` bytes (0: none) by one of `new` bytes, while the step
    /// holds `states` frontiers (reported if refused, or the frontiers the step reads if more).
    /// Both buffers are held while the new one fills.
    ///
    /// # Errors
    /// [`PlugError::BudgetExceeded`] (memory) when the bytes held plus `new`, times the shares,
    /// pass the budget; nothing is counted then.
    #[cold]
    #[inline(never)]
    pub(crate) fn grow(&mut self, old: usize, new: usize, states: usize) -> Result<(), PlugError> {
        let peak = self.held.saturating_add(new);
        self.meter
            .memory(states.max(self.reading), peak.saturating_mul(self.shares))?;
        self.held = peak.saturating_sub(old);
        Ok(())
    }

    /// Grows `buf` to a capacity of at least `cap` elements (no change if it has it), asking
    /// [`grow`](Self::grow) first.
    ///
    /// # Errors
    /// As [`grow`](Self::grow); `buf` is unchanged then.
    #[cold]
    #[inline(never)]
    pub(crate) fn reserve<T>(
        &mut self,
        buf: &mut Vec<T>,
        cap: usize,
        states: usize,
    ) -> Result<(), PlugError> {
        if buf.capacity() >= cap {
            return Ok(());
        }
        let size = std::mem::size_of::<T>();
        let old = buf.capacity().saturating_mul(size);
        self.grow(old, cap.saturating_mul(size), states)?;
        buf.reserve_exact(cap - buf.len());
        // (The allocator may hand out more than asked: count what it gave.)
        self.held = self
            .held
            .saturating_add((buf.capacity() - cap).saturating_mul(size));
        Ok(())
    }

    /// Counts one addition; true every [`TICKS`](Self::TICKS) of them, when the caller should
    /// read the clock with [`clock`](Self::clock).
    #[inline(always)]
    pub(crate) fn tick(&mut self) -> bool {
        self.ticks -= 1;
        if self.ticks == 0 {
            self.ticks = Ledger::TICKS;
            true
        } else {
            false
        }
    }

    /// Checks the deadline while the step holds `states` frontiers (reported, or the frontiers
    /// the step reads if more).
    ///
    /// # Errors
    /// [`PlugError::BudgetExceeded`] (deadline) once the deadline has passed.
    #[cold]
    #[inline(never)]
    pub(crate) fn clock(&self, states: usize) -> Result<(), PlugError> {
        self.meter.deadline(
            states.max(self.reading),
            self.held.saturating_mul(self.shares),
        )
    }
}
