//! Sweeps and units on worker threads of this process.

use family_cluster::{BoardCount, BoardSweep, Cluster, ClusterError, SweepSettings, count_units};
use plugdp::{
    Grid, Limit, Options, PlugError, PolyominoUnit, cycle_covers, hamiltonian_cycles,
    hamiltonian_paths, merge_units,
};
use proptest::prelude::*;

/// Runs the sweep of `count` on `grid` over `workers` threads.
fn sharded(
    grid: &Grid,
    count: BoardCount,
    workers: usize,
    chunk: usize,
) -> Result<String, ClusterError> {
    let job = BoardSweep::new(grid, count)?;
    let guards = timely::execute(Cluster::single(workers)?.config(), move |worker| {
        let settings = SweepSettings {
            chunk,
            ..SweepSettings::default()
        };
        job.run(worker, &settings, |_| {})
    })
    .map_err(ClusterError::Setup)?;
    let results: Vec<_> = guards.join().into_iter().map(Result::unwrap).collect();
    let mut answers = Vec::new();
    for result in results {
        answers.extend(result?);
    }
    assert_eq!(answers.len(), 1, "exactly the first worker answers");
    Ok(answers[0].to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Hamiltonian cycles, Hamiltonian paths and cycle covers on random boards: 1 to 3
    /// workers, small and large chunks, equal to the library's own solvers.
    #[test]
    fn workers_equal_the_library(
        (rows, cols) in (2usize..=5, 2usize..=5),
        blocked in proptest::collection::vec(proptest::bool::weighted(0.1), 25),
        workers in 1usize..=3,
        chunk in prop_oneof![Just(1usize), Just(7), Just(1 << 16)],
    ) {
        let grid = Grid::with_blocked(rows, cols, blocked[..rows * cols].to_vec()).unwrap();
        let options = Options::default();
        let cycles = hamiltonian_cycles(&grid, &options).unwrap().to_string();
        prop_assert_eq!(sharded(&grid, BoardCount::HamiltonianCycles, workers, chunk).unwrap(), cycles);
        let paths = hamiltonian_paths(&grid, &options).unwrap().to_string();
        prop_assert_eq!(sharded(&grid, BoardCount::HamiltonianPaths, workers, chunk).unwrap(), paths);
        let covers = cycle_covers(&grid, &options).unwrap().to_string();
        prop_assert_eq!(sharded(&grid, BoardCount::CycleCovers, workers, chunk).unwrap(), covers);
    }
}

#[test]
fn a_sweep_past_its_memory_limit_stops_with_the_budget_error() {
    let job = BoardSweep::new(&Grid::new(10, 10).unwrap(), BoardCount::HamiltonianCycles).unwrap();
    let guards = timely::execute(Cluster::single(2).unwrap().config(), move |worker| {
        let settings = SweepSettings::default().with_max_bytes(1 << 14);
        // A worker that fails must stop its peers: here both fail the same way, at the same
        // step's growth, since both shards grow alike.
        job.run(worker, &settings, |_| {})
    })
    .unwrap();
    for result in guards.join() {
        assert!(matches!(
            result.unwrap(),
            Err(ClusterError::Plug(PlugError::BudgetExceeded {
                limit: Limit::Memory { .. },
                ..
            }))
        ));
    }
}

#[test]
fn board_sweeps_turn_the_board_and_bound_the_count() {
    // The shorter side is swept.
    let job = BoardSweep::new(&Grid::new(3, 8).unwrap(), BoardCount::HamiltonianPaths).unwrap();
    assert_eq!((job.grid().rows(), job.grid().cols()), (8, 3));
    assert_eq!(job.count(), BoardCount::HamiltonianPaths);
    assert_eq!(
        sharded(
            &Grid::new(3, 8).unwrap(),
            BoardCount::HamiltonianPaths,
            2,
            7
        )
        .unwrap(),
        hamiltonian_paths(&Grid::new(3, 8).unwrap(), &Options::default())
            .unwrap()
            .to_string()
    );
    // Cycles bounded by their covers take fewer primes than covers bounded in general.
    let grid = Grid::new(12, 12).unwrap();
    let cycles = BoardSweep::new(&grid, BoardCount::HamiltonianCycles).unwrap();
    let covers = BoardSweep::new(&grid, BoardCount::CycleCovers).unwrap();
    assert!(cycles.residues() < covers.residues());
    assert!([2, 4, 8, 16].contains(&cycles.residues()));
    // Both sides wider than the frontier takes.
    assert!(matches!(
        BoardSweep::new(&Grid::new(70, 70).unwrap(), BoardCount::HamiltonianCycles),
        Err(ClusterError::Plug(PlugError::TooWide { .. }))
    ));
}

#[test]
fn a_path_through_one_cell_or_none() {
    for (blocked, expected) in [(vec![false, true], "1"), (vec![true, true], "0")] {
        let grid = Grid::with_blocked(1, 2, blocked).unwrap();
        let expected_paths = hamiltonian_paths(&grid, &Options::default())
            .unwrap()
            .to_string();
        assert_eq!(expected_paths, expected);
        for workers in 1..=3 {
            assert_eq!(
                sharded(&grid, BoardCount::HamiltonianPaths, workers, 1).unwrap(),
                expected
            );
        }
    }
}

#[test]
fn units_on_three_workers_equal_the_whole_count() {
    for residues in [0, 2] {
        let guards = timely::execute(Cluster::single(3).unwrap().config(), move |worker| {
            let units = PolyominoUnit::all(16, residues).unwrap();
            let mut counted = Vec::new();
            let result = count_units(
                worker,
                &units,
                &Options::default(),
                |_| None,
                |u, _| counted.push(*u),
            );
            (result, counted)
        })
        .unwrap();
        let mut outcomes: Vec<_> = guards.join().into_iter().map(Result::unwrap).collect();
        let units = PolyominoUnit::all(16, residues).unwrap();
        // Dealt back and forth (workers 0, 1, 2, 2, 1, 0, 0, …), each unit counted once.
        for (w, (_, counted)) in outcomes.iter().enumerate() {
            let expected: Vec<_> = (0..units.len())
                .filter(|k| [0, 1, 2, 2, 1, 0][k % 6] == w)
                .map(|k| units[k])
                .collect();
            assert_eq!(counted, &expected);
        }
        let first = outcomes
            .remove(0)
            .0
            .unwrap()
            .expect("the first worker gathers");
        assert!(outcomes.iter().all(|(r, _)| matches!(r, Ok(None))));
        let expected = plugdp::fixed_polyominoes(16, &Options::default()).unwrap();
        assert_eq!(merge_units(16, residues, &first).unwrap(), expected);
        // In the order of the units.
        let order: Vec<PolyominoUnit> = first.iter().map(|(u, _)| *u).collect();
        assert_eq!(order, units);
    }
}

#[test]
fn known_units_are_not_counted_again() {
    let options = Options::default();
    let units = PolyominoUnit::all(14, 0).unwrap();
    let earlier = units[0].count(&options).unwrap();
    let guards = timely::execute(Cluster::single(2).unwrap().config(), move |worker| {
        let units = PolyominoUnit::all(14, 0).unwrap();
        let first = units[0];
        let known_counts = earlier.clone();
        let mut counted = Vec::new();
        let result = count_units(
            worker,
            &units,
            &Options::default(),
            |u| (*u == first).then(|| known_counts.clone()),
            |u, _| counted.push(*u),
        );
        (result, counted)
    })
    .unwrap();
    let outcomes: Vec<_> = guards.join().into_iter().map(Result::unwrap).collect();
    let counted: Vec<PolyominoUnit> = outcomes.iter().flat_map(|(_, c)| c.clone()).collect();
    assert_eq!(counted.len(), units.len() - 1);
    assert!(!counted.contains(&units[0]));
    let results = outcomes[0].0.clone().unwrap().unwrap();
    assert_eq!(merge_units(14, 0, &results).unwrap()[14], 7_204_874); // OEIS A001168(14)
}

/// This thread's CPU time in clock ticks (user + system), from `/proc/thread-self/stat`.
#[cfg(target_os = "linux")]
fn thread_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
    // The fields after the command name's closing parenthesis: state is the first,
    // utime the twelfth and stime the thirteenth.
    let after = &stat[stat.rfind(')').unwrap() + 1..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn a_worker_waiting_in_gather_sleeps() {
    use std::time::{Duration, Instant};
    let guards = timely::execute(Cluster::single(2).unwrap().config(), |worker| {
        if worker.index() == 0 {
            // The first worker is still busy; the second one waits for it.
            std::thread::sleep(Duration::from_millis(1000));
            family_cluster::gather(worker, vec![0u8]);
            None
        } else {
            let (ticks, start) = (thread_ticks(), Instant::now());
            family_cluster::gather(worker, vec![1u8]);
            Some((thread_ticks() - ticks, start.elapsed()))
        }
    })
    .unwrap();
    let (ticks, waited) = guards
        .join()
        .into_iter()
        .map(Result::unwrap)
        .nth(1)
        .unwrap()
        .unwrap();
    assert!(waited >= Duration::from_millis(900), "{waited:?}");
    // Spinning takes the whole second (about 100 ticks on an idle core); parked, about none.
    assert!(ticks < 15, "{ticks} ticks of CPU in {waited:?} of waiting");
}
