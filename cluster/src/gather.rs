//! [`gather`]: every worker's items collected at the first worker; the collective steps'
//! shared waiting.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use timely::dataflow::InputHandleVec;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::Input;
use timely::dataflow::operators::generic::operator::Operator;
use timely::worker::Worker;

/// Sends `items` from this worker to the first worker (worker 0 of process 0), which returns
/// every worker's items, in worker order; the others return `None`. Every worker of the run
/// must call it, the same number of times and in the same order (it is a collective step).
/// A worker that arrives first sleeps until the others have sent theirs (timely's
/// `step_or_park`), leaving its core to the workers still busy.
///
/// ```
/// use family_cluster::{gather, Cluster};
/// let guards = timely::execute(Cluster::single(3)?.config(), |worker| {
///     gather(worker, vec![worker.index() * 10])
/// })
/// .map_err(family_cluster::ClusterError::Setup)?;
/// let results: Vec<Option<Vec<usize>>> = guards.join().into_iter().map(Result::unwrap).collect();
/// assert_eq!(results[0], Some(vec![0, 10, 20]));
/// assert_eq!((results[1].clone(), results[2].clone()), (None, None));
/// # Ok::<(), family_cluster::ClusterError>(())
/// ```
pub fn gather<D>(worker: &mut Worker, items: Vec<D>) -> Option<Vec<D>>
where
    D: timely::ExchangeData + Clone,
{
    let first = worker.index() == 0;
    let received = deliver(worker, items.into_iter().map(|d| (0, d)).collect());
    first.then(|| received.into_iter().map(|(_, d)| d).collect())
}

/// Sends `items` from the first worker to every worker, which all return them (the other
/// workers' `items` are ignored). Every worker of the run must call it, as [`gather`].
pub(crate) fn broadcast<D>(worker: &mut Worker, items: Vec<D>) -> Vec<D>
where
    D: timely::ExchangeData + Clone,
{
    let sends = if worker.index() == 0 {
        let peers = worker.peers();
        items
            .iter()
            .flat_map(|d| (0..peers).map(move |to| (to, d.clone())))
            .collect()
    } else {
        Vec::new()
    };
    deliver(worker, sends).into_iter().map(|(_, d)| d).collect()
}

/// Sends each `(to, item)` to worker `to` and returns what this worker received, with the
/// sending worker's index, in sender order (each sender's items in the order sent). A
/// collective step: complete when every worker's input has closed.
fn deliver<D>(worker: &mut Worker, items: Vec<(usize, D)>) -> Vec<(usize, D)>
where
    D: timely::ExchangeData + Clone,
{
    let index = worker.index();
    let received: Rc<RefCell<Vec<(usize, D)>>> = Rc::new(RefCell::new(Vec::new()));
    let done = Rc::new(RefCell::new(false));
    let mut input: InputHandleVec<u64, (usize, usize, D)> = InputHandleVec::new();
    {
        let (received, done) = (Rc::clone(&received), Rc::clone(&done));
        worker.dataflow::<u64, _, _>(|scope| {
            scope.input_from(&mut input).sink(
                Exchange::new(|(to, _, _): &(usize, usize, D)| *to as u64),
                "deliver",
                move |(input, frontier)| {
                    input.for_each(|_, data| {
                        received
                            .borrow_mut()
                            .extend(data.drain(..).map(|(_, from, d)| (from, d)));
                    });
                    if frontier.is_empty() {
                        *done.borrow_mut() = true;
                    }
                },
            );
        });
    }
    for (to, item) in items {
        input.send((to, index, item));
    }
    drop(input);
    while !*done.borrow() {
        wait(worker);
    }
    let mut all = std::mem::take(&mut *received.borrow_mut());
    // Stable: each sender's items keep their order.
    all.sort_by_key(|(from, _)| *from);
    all
}

/// The longest a waiting worker sleeps before it looks again on its own.
const PARK: Duration = Duration::from_millis(20);

/// One step of a worker that has nothing to do until others send it something: timely runs
/// what is ready and, if nothing was, parks the thread until data or progress arrives (or
/// [`PARK`] passes). A plain `step()` here would spin, and a worker that finished early would
/// take a core from the ones still working (polyominoes up to size 40 on four processes
/// sharing two cores took 2 445 CPU-seconds that way, 1 461 parked, 1 585 on one process).
pub(crate) fn wait(worker: &mut Worker) {
    worker.step_or_park(Some(PARK));
}
