//! [`sweep`]: one plug DP sweep, its frontiers split into shards over every worker of the run,
//! exchanged by timely dataflow after every cell.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use plugdp::engine::driver::Transfer;
use plugdp::engine::shard::ShardSweep;
use plugdp::{PlugError, Value};
use timely::dataflow::InputHandleVec;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::Input;
use timely::dataflow::operators::generic::operator::Operator;
use timely::worker::Worker;

use crate::gather::wait;
use crate::{ClusterError, gather};

/// Successors received, with the step they belong to (a worker may be one step ahead).
type Inbox<K, V> = Rc<RefCell<Vec<(u64, K, V)>>>;

/// How a sharded sweep runs.
///
/// ```
/// use family_cluster::SweepSettings;
/// let settings = SweepSettings::default().with_max_bytes(4 << 30);
/// assert_eq!(settings.max_bytes, 4 << 30);
/// assert!(settings.chunk > 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SweepSettings {
    /// Frontiers a worker expands before it lets the dataflow move what it sent and absorbs
    /// what it received (so that successors in flight stay a small part of memory).
    pub chunk: usize,
    /// The most bytes one worker's tables may hold ([`ShardSweep::bytes`]): the budget of its
    /// shard ([`ShardSweep::with_options`]); past it the run stops with
    /// [`PlugError::BudgetExceeded`].
    pub max_bytes: usize,
}

impl Default for SweepSettings {
    /// Chunks of 65 536 frontiers, no memory limit.
    fn default() -> Self {
        SweepSettings {
            chunk: 1 << 16,
            max_bytes: usize::MAX,
        }
    }
}

impl SweepSettings {
    /// The same settings with a memory limit per worker.
    pub fn with_max_bytes(mut self, bytes: usize) -> SweepSettings {
        self.max_bytes = bytes;
        self
    }
}

/// What a worker reports after each cell of a sharded sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Cells done.
    pub done: usize,
    /// Cells of the sweep.
    pub cells: usize,
    /// This worker's frontiers after the cell.
    pub states: usize,
    /// Bytes this worker's tables held at their largest in the cell.
    pub bytes: usize,
    /// Successors this worker sent to other workers in the cell.
    pub sent_away: usize,
}

/// Sweeps `problem` with its frontiers split over every worker of the run: each worker owns
/// the frontiers whose key hashes to its index ([`plugdp::engine::shard`]), expands them at
/// every cell, and sends each successor to its owner through a timely exchange; a worker
/// starts the next cell once every successor of the cell has reached its owner (the
/// exchange's progress tracking is the barrier). A worker that finished its part of a cell
/// sleeps until the others have (timely's `step_or_park`), leaving its core to them. Every
/// worker of the run must call it with the same problem. `progress` is called on every worker
/// after every cell.
///
/// Returns the answer (the sum of every shard's accepted frontiers, equal to
/// [`plugdp::engine::driver::run`]'s) on the first worker, `None` on the others.
///
/// ```
/// use family_cluster::{sweep, Cluster, SweepSettings};
/// use plugdp::{EdgeProblem, EdgeRules, Grid, Sides};
/// let guards = timely::execute(Cluster::single(2)?.config(), |worker| {
///     let grid = Grid::new(6, 6).unwrap();
///     let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
///     let problem = EdgeProblem::new(&grid, EdgeRules::SINGLE_CYCLE, pairs).unwrap();
///     sweep(worker, &problem, &SweepSettings::default(), |_| {})
/// })
/// .map_err(family_cluster::ClusterError::Setup)?;
/// let results: Vec<_> = guards.join().into_iter().map(Result::unwrap).collect();
/// assert_eq!(results[0], Ok(Some(1072))); // OEIS A003763(3)
/// assert_eq!(results[1], Ok(None));
/// # Ok::<(), family_cluster::ClusterError>(())
/// ```
///
/// # Errors
/// [`ClusterError::Plug`] for the sweep's own errors ([`PlugError::Overflow`], a problem's
/// error, [`PlugError::BudgetExceeded`] past `settings.max_bytes`). A worker that fails stops the
/// run for every worker only by ending its process (the binary exits), since its peers wait
/// for its successors: a library caller that gets an error should do the same.
pub fn sweep<T>(
    worker: &mut Worker,
    problem: &T,
    settings: &SweepSettings,
    mut progress: impl FnMut(Progress),
) -> Result<Option<T::Value>, ClusterError>
where
    T: Transfer,
    T::Key: timely::ExchangeData,
    T::Value: timely::ExchangeData,
{
    let (index, peers) = (worker.index(), worker.peers());
    let options = plugdp::Options::default().with_max_bytes(settings.max_bytes);
    let mut shard = ShardSweep::with_options(problem, index, peers, &options)?;
    let inbox: Inbox<T::Key, T::Value> = Rc::new(RefCell::new(Vec::new()));
    // The first step whose successors may still be on their way here.
    let open = Rc::new(Cell::new(0u64));
    let mut input: InputHandleVec<u64, (usize, T::Key, T::Value)> = InputHandleVec::new();
    {
        let (inbox, open) = (Rc::clone(&inbox), Rc::clone(&open));
        worker.dataflow::<u64, _, _>(|scope| {
            scope.input_from(&mut input).sink(
                Exchange::new(|(to, _, _): &(usize, T::Key, T::Value)| *to as u64),
                "absorb",
                move |(input, frontier)| {
                    input.for_each(|cap, data| {
                        let step = cap.least().copied().unwrap_or(u64::MAX);
                        inbox
                            .borrow_mut()
                            .extend(data.drain(..).map(|(_, k, v)| (step, k, v)));
                    });
                    open.set(frontier.frontier().first().copied().unwrap_or(u64::MAX));
                },
            );
        });
    }
    // Absorbs this step's successors; a faster worker's next-step ones wait.
    let absorb = |shard: &mut ShardSweep<'_, T>| -> Result<(), PlugError> {
        let step = shard.done() as u64;
        let mut inbox = inbox.borrow_mut();
        let mut later = Vec::new();
        for (t, key, value) in inbox.drain(..) {
            if t == step {
                shard.absorb(key, value)?;
            } else {
                later.push((t, key, value));
            }
        }
        *inbox = later;
        Ok(())
    };
    let mut own = Vec::new();
    while !shard.is_finished() {
        let step = shard.done() as u64;
        let (mut bytes, mut sent_away) = (0, 0);
        loop {
            // This worker's own successors skip the dataflow.
            let finished = shard.expand(settings.chunk, |to, key, value| {
                if to == index {
                    own.push((key, value));
                } else {
                    sent_away += 1;
                    input.send((to, key, value));
                }
            })?;
            for (key, value) in own.drain(..) {
                shard.absorb(key, value)?;
            }
            // Flush this chunk, let the dataflow carry it and bring others' successors here.
            input.flush();
            worker.step();
            absorb(&mut shard)?;
            bytes = bytes.max(shard.bytes());
            if finished {
                break;
            }
        }
        input.advance_to(step + 1);
        while open.get() <= step {
            wait(worker);
            absorb(&mut shard)?;
            bytes = bytes.max(shard.bytes());
        }
        shard.advance()?;
        progress(Progress {
            done: shard.done(),
            cells: shard.cells(),
            states: shard.states(),
            bytes,
            sent_away,
        });
    }
    drop(input);
    let total = shard.total()?;
    let totals = gather(worker, vec![total]);
    Ok(match totals {
        Some(all) => Some(all.iter().try_fold(T::Value::zero(), |sum, v| {
            sum.checked_add(v).ok_or(PlugError::Overflow)
        })?),
        None => None,
    })
}
