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
/// left (the binary reads its directory of finished units there). The units left are dealt
/// in the order given, in rounds of one per worker, every other round in reverse (workers 0,
/// 1, 2, 2, 1, 0, 0, 1, … of three): list the costliest first, as [`PolyominoUnit::all`]
/// does, and every worker starts with one of them, and the one dealt the costliest of a round
/// is dealt the cheapest of the next. A resumed run deals what is left rather than what each
/// worker had. The deal is fixed before any unit is counted (no worker waits on another to
/// ask for work), so a unit that costs far more than its neighbours in the list can still
/// leave one worker running alone at the end.
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
    let here = pending
        .iter()
        .enumerate()
        .filter(|&(k, _)| dealt_to(k, peers) == index);
    for (_, &i) in here {
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

/// The worker that counts the `k`-th unit left: dealt in rounds of one unit per worker, every
/// other round in reverse (0, 1, 2, 2, 1, 0, 0, 1, …), so that a worker dealt one of the
/// costliest units of a round is dealt one of the cheapest of the next. With units in falling
/// cost that balances the shares far better than a plain round robin, in which the first
/// worker gets the costliest unit of every round.
fn dealt_to(k: usize, workers: usize) -> usize {
    let (round, seat) = (k / workers, k % workers);
    if round % 2 == 0 {
        seat
    } else {
        workers - 1 - seat
    }
}

#[cfg(test)]
mod tests {
    use super::dealt_to;

    #[test]
    fn units_are_dealt_back_and_forth() {
        let order: Vec<usize> = (0..9).map(|k| dealt_to(k, 3)).collect();
        assert_eq!(order, [0, 1, 2, 2, 1, 0, 0, 1, 2]);
        assert!((0..5).all(|k| dealt_to(k, 1) == 0));
        // Every worker gets its share: a quarter each of 4 rounds of 4.
        for w in 0..4 {
            assert_eq!((0..16).filter(|&k| dealt_to(k, 4) == w).count(), 4);
        }
    }
}
