//! [`count_units`]: independent polyomino units shared among the workers of a run.

use plugdp::{Options, PolyominoUnit};
use timely::worker::Worker;

use crate::gather::broadcast;
use crate::{ClusterError, gather};

/// Every unit with its counts, as [`merge_units`](plugdp::merge_units) takes them.
pub type UnitResults = Vec<(PolyominoUnit, Vec<u128>)>;

/// Counts `units` on the workers of the run and returns every unit's result, in the order of
/// `units`, on the first worker (`None` on the others). Every worker must call it with the same
/// units.
///
/// `known(unit)` may give a unit's result from an earlier run; it is asked on the first worker
/// only, before any unit is counted, and the first worker tells the others which units are
/// left (the binary reads its directory of finished units there). The units left are shared
/// round robin in the order given (list the costliest first, as [`PolyominoUnit::all`] does,
/// so that every worker starts with one of them): unit `i` of those left on worker
/// `i mod workers`, so a resumed run shares what is left rather than what each worker had.
/// `finished(unit, counts)` is called on the worker that counted a unit, as soon as it is
/// done (the binary writes it to the directory).
///
/// ```
/// use family_cluster::{count_units, Cluster};
/// use plugdp::{merge_units, Options, PolyominoUnit};
/// let guards = timely::execute(Cluster::single(2)?.config(), |worker| {
///     let units = PolyominoUnit::all(10, 2).unwrap();
///     count_units(worker, &units, &Options::default(), |_| None, |_, _| {})
/// })
/// .map_err(family_cluster::ClusterError::Setup)?;
/// let results = guards.join().into_iter().next().unwrap().unwrap()?.unwrap();
/// assert_eq!(merge_units(10, 2, &results)?[10], 36_446); // OEIS A001168(10)
/// # Ok::<(), family_cluster::ClusterError>(())
/// ```
///
/// # Errors
/// [`ClusterError::Plug`] for a unit's error (its budget, a malformed unit). As with
/// [`sweep`](crate::sweep), a worker that fails must end its process to stop its peers.
pub fn count_units(
    worker: &mut Worker,
    units: &[PolyominoUnit],
    options: &Options,
    mut known: impl FnMut(&PolyominoUnit) -> Option<Vec<u128>>,
    mut finished: impl FnMut(&PolyominoUnit, &[u128]),
) -> Result<Option<UnitResults>, ClusterError> {
    let (index, peers) = (worker.index(), worker.peers());
    let mut mine = Vec::new();
    let mut left = Vec::new();
    if index == 0 {
        for (i, unit) in units.iter().enumerate() {
            match known(unit) {
                Some(counts) => mine.push((i, *unit, counts)),
                None => left.push(i),
            }
        }
    }
    // Every worker shares the first worker's view of what is left.
    let pending = broadcast(worker, left);
    for &i in pending.iter().skip(index).step_by(peers) {
        let unit = units[i];
        let counts = unit.count(options)?;
        finished(&unit, &counts);
        mine.push((i, unit, counts));
    }
    Ok(gather(worker, mine).map(|mut all| {
        all.sort_by_key(|(i, _, _)| *i);
        all.into_iter().map(|(_, u, c)| (u, c)).collect()
    }))
}
