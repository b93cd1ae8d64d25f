//! [`play_league`]: the plane-bombing league's subtasks shared among the workers of a run.

use grid_games::game::Standings;
use grid_games::planes::{League, Subtask};
use timely::worker::Worker;

use crate::{ClusterError, gather};

/// Plays the tournaments of `league` with its subtasks shared among the workers (the
/// costliest first, [`League::costliest_first`], subtask `i` of that order on worker
/// `i mod workers`) and returns every subtask's standings on the first worker (`None` on the
/// others). Each subtask's tournament depends only on the league's seed and the subtask, so
/// the standings, and the [`LeagueTable`](grid_games::planes::LeagueTable) printed from them,
/// are the same as on one thread. Every worker must call it with the same league.
/// `on_subtask` is called on the worker that played a subtask, when it is done.
///
/// ```
/// use family_cluster::{play_league, Cluster};
/// use grid_games::game::Tournament;
/// use grid_games::planes::{League, LeagueTable};
/// let league = League::shipped(Tournament::default().with_rounds(1), 2, 3);
/// let shared = league.clone();
/// let guards = timely::execute(Cluster::single(2)?.config(), move |worker| {
///     play_league(worker, &shared, |_| {})
/// })
/// .map_err(family_cluster::ClusterError::Setup)?;
/// let results = guards.join().into_iter().next().unwrap().unwrap()?.unwrap();
/// assert_eq!(results.len(), 5);
/// let table = LeagueTable::new(&league, results).to_string();
/// assert!(table.contains("total (out of 100)"));
/// # Ok::<(), family_cluster::ClusterError>(())
/// ```
///
/// # Errors
/// [`ClusterError::League`] for the league's errors (an unknown bot, bad tournament
/// settings). As with [`sweep`](crate::sweep), a worker that fails must end its process to
/// stop its peers.
pub fn play_league(
    worker: &mut Worker,
    league: &League,
    mut on_subtask: impl FnMut(&Subtask),
) -> Result<Option<Vec<(Subtask, Standings)>>, ClusterError> {
    let (index, peers) = (worker.index(), worker.peers());
    let mut mine = Vec::new();
    for task in League::costliest_first()
        .into_iter()
        .skip(index)
        .step_by(peers)
    {
        let standings = league.run_subtask(task, || {})?;
        on_subtask(&task);
        mine.push((task, standings));
    }
    Ok(gather(worker, mine))
}
