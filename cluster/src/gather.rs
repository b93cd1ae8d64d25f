//! [`gather`]: every worker's items collected at the first worker.

use std::cell::RefCell;
use std::rc::Rc;

use timely::dataflow::InputHandleVec;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::Input;
use timely::dataflow::operators::generic::operator::Operator;
use timely::worker::Worker;

/// Sends `items` from this worker to the first worker (worker 0 of process 0), which returns
/// every worker's items, in worker order; the others return `None`. Every worker of the run
/// must call it, the same number of times and in the same order (it is a collective step).
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
    let index = worker.index();
    let received: Rc<RefCell<Vec<(usize, D)>>> = Rc::new(RefCell::new(Vec::new()));
    let done = Rc::new(RefCell::new(false));
    let mut input: InputHandleVec<u64, (usize, D)> = InputHandleVec::new();
    {
        let (received, done) = (Rc::clone(&received), Rc::clone(&done));
        worker.dataflow::<u64, _, _>(|scope| {
            scope.input_from(&mut input).sink(
                Exchange::new(|_: &(usize, D)| 0u64),
                "gather",
                move |(input, frontier)| {
                    input.for_each(|_, data| received.borrow_mut().append(data));
                    if frontier.is_empty() {
                        *done.borrow_mut() = true;
                    }
                },
            );
        });
    }
    for item in items {
        input.send((index, item));
    }
    drop(input);
    while !*done.borrow() {
        worker.step();
    }
    if index != 0 {
        return None;
    }
    let mut all = std::mem::take(&mut *received.borrow_mut());
    // Stable: each worker's items keep their order.
    all.sort_by_key(|(w, _)| *w);
    Some(all.into_iter().map(|(_, d)| d).collect())
}
