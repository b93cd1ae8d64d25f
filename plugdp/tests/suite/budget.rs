//! Budgets: every solver and engine entry point stops with `PlugError::BudgetExceeded` when
//! its memory budget or deadline runs out, instead of running on (the hostile-input findings:
//! Formula 1 on 30 × 30 aborted after 28 s at 8.5 GB, 20 × 20 grew past 3 GB, Rocket Mania on its
//! largest board ran past 60 s at 2.6 GB, a 1 × 3 000 000 board took 25 s and 2 GB to answer 0).

use std::time::{Duration, Instant};

use plugdp::engine::driver::{Transfer, run, run_witness};
use plugdp::{
    CellRules, EdgeRules, FuseBoard, Grid, Limit, MaxPlus, MinPlus, NoPruning, Options, PlugError,
    Prunings, Sides, cycle_covers, domino_tilings, fixed_polyominoes, hamiltonian_cycles,
    hamiltonian_paths, polyomino_counts, rocket_mania, rocket_mania_with, run_cells, run_edges,
    run_edges_with, run_edges_witness, self_avoiding_polygons,
};

/// Every entry point on an input big enough to need more than a few steps, under `options`.
fn every_solver(options: &Options) -> Vec<(&'static str, Result<(), PlugError>)> {
    // Sizes an ordinary user asks for, well inside the default budget and quick in the suite.
    let g10 = Grid::new(10, 10).unwrap();
    let holed = Grid::with_blocked(10, 10, (0..100).map(|i| i == 13).collect()).unwrap();
    let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
    let cheap = |_, _| Sides::PAIRS.iter().map(|&s| (s, MinPlus(Some(1))));
    let rules = CellRules {
        connected: true,
        allow_empty: false,
    };
    let tees = FuseBoard::parse_rows(&["TTTTTT"; 6]).unwrap();
    vec![
        (
            "hamiltonian_cycles",
            hamiltonian_cycles(&g10, options).map(drop),
        ),
        (
            "hamiltonian_paths",
            hamiltonian_paths(&g10, options).map(drop),
        ),
        ("cycle_covers", cycle_covers(&g10, options).map(drop)),
        ("domino_tilings", domino_tilings(&holed, options).map(drop)),
        (
            "fixed_polyominoes",
            fixed_polyominoes(14, options).map(drop),
        ),
        ("polyomino_counts", polyomino_counts(14, options).map(drop)),
        (
            "self_avoiding_polygons",
            self_avoiding_polygons(16, options).map(drop),
        ),
        (
            "rocket_mania",
            rocket_mania(&tees, &[true; 6], options).map(drop),
        ),
        (
            "rocket_mania_with",
            rocket_mania_with(&tees, &[true; 6], Prunings::default(), options).map(drop),
        ),
        (
            "run_edges",
            run_edges(&g10, EdgeRules::SINGLE_CYCLE, pairs, options).map(drop),
        ),
        (
            "run_edges_with",
            run_edges_with(
                &g10,
                EdgeRules::SINGLE_CYCLE,
                pairs,
                &mut NoPruning,
                options,
            )
            .map(drop),
        ),
        (
            "run_edges_witness",
            run_edges_witness(&g10, EdgeRules::PRESENCE, cheap, options).map(drop),
        ),
        (
            "run_cells",
            run_cells(&g10, rules, |_, _| (Some(1u128), Some(1u128)), options).map(drop),
        ),
    ]
}

#[test]
fn every_solver_stops_at_its_memory_budget() {
    for threads in [1, 2] {
        let tight = Options::default()
            .with_max_bytes(4096)
            .with_threads(threads);
        for (name, result) in every_solver(&tight) {
            match result {
                Err(PlugError::BudgetExceeded {
                    limit: Limit::Memory { max_bytes: 4096 },
                    states,
                    bytes,
                }) => assert!(
                    bytes > 4096 && states > 0,
                    "{name}: {states} states, {bytes} B"
                ),
                other => panic!("{name} on {threads} thread(s): {other:?}"),
            }
        }
    }
}

#[test]
fn every_solver_stops_at_its_deadline() {
    for threads in [1, 3] {
        let past = Options::default()
            .with_deadline(Instant::now())
            .with_threads(threads);
        for (name, result) in every_solver(&past) {
            assert!(
                matches!(
                    result,
                    Err(PlugError::BudgetExceeded {
                        limit: Limit::Deadline,
                        ..
                    })
                ),
                "{name} on {threads} thread(s): {result:?}"
            );
        }
    }
}

#[test]
fn the_default_budget_lets_ordinary_problems_through() {
    for (name, result) in every_solver(&Options::default()) {
        assert!(result.is_ok(), "{name}: {result:?}");
    }
    // And a raised budget changes nothing in the answer (OEIS A003763: 467 260 456 608
    // Hamiltonian cycles on the 10 × 10 board).
    let roomy = Options::default().with_max_bytes(usize::MAX);
    let board = Grid::new(10, 10).unwrap();
    assert_eq!(
        hamiltonian_cycles(&board, &roomy).unwrap().to_string(),
        "467260456608"
    );
}

#[test]
fn the_widest_formula1_board_stops_at_the_budget_not_at_the_allocator() {
    // 30 × 30 aborted on allocation after 28 s at 8.5 GB (and 20 × 20 grew past 3 GB); with
    // 64 MiB they must stop early and report what they reached, on one thread and on the pool.
    for (side, threads) in [(30, 1), (30, 2), (20, 1), (20, 2)] {
        let board = Grid::new(side, side).unwrap();
        let options = Options::default()
            .with_max_bytes(64 << 20)
            .with_threads(threads);
        let start = Instant::now();
        let result = hamiltonian_cycles(&board, &options);
        match result {
            Err(PlugError::BudgetExceeded {
                limit: Limit::Memory { .. },
                states,
                bytes,
            }) => assert!(states > 100_000 && bytes > 64 << 20),
            other => panic!("{side} x {side}, {threads} thread(s): {other:?}"),
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            start.elapsed()
        );
    }
}

#[test]
fn a_pool_that_runs_out_of_budget_stops_every_worker() {
    // The workers check the same frontier total, so they all stop at the same step; repeated
    // because the workers race.
    let board = Grid::new(10, 10).unwrap();
    let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u128));
    for i in 0..40 {
        let options = Options::default()
            .with_max_bytes(1 << 16)
            .with_threads(2 + i % 3);
        let result = run_edges(&board, EdgeRules::SINGLE_CYCLE, pairs, &options);
        assert!(
            matches!(result, Err(PlugError::BudgetExceeded { .. })),
            "{result:?}"
        );
    }
}

#[test]
fn long_narrow_boards_cost_little_per_cell() {
    // The Timus-style input "1 3000000" with one row of 3 000 000 free cells (turned to
    // 3 000 000 × 1 for the sweep) took 25 s and 2 GB to answer 0: every cell kept its own
    // choice lists, and two threads synchronised twice per step (55 s). Equal choice lists are
    // now stored once and a narrow board runs on one thread.
    let row = ".".repeat(3_000_000);
    let strip = Grid::parse_rows(&[row.as_str()], '.', '*').unwrap();
    assert_eq!((strip.rows(), strip.cols()), (1, 3_000_000));
    let start = Instant::now();
    assert!(
        hamiltonian_cycles(&strip, &Options::default())
            .unwrap()
            .is_zero()
    );
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
    // Two threads on a third of it (the pool swept the whole strip in 55 s).
    let third = Grid::new(1, 1_000_000).unwrap();
    let two = Options::default().with_threads(2);
    let start = Instant::now();
    assert!(hamiltonian_cycles(&third, &two).unwrap().is_zero());
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    // A 2 × n strip has exactly one Hamiltonian cycle (its boundary).
    let ladder = Grid::new(300_000, 2).unwrap();
    assert_eq!(hamiltonian_cycles(&ladder, &two).unwrap().to_string(), "1");
}

#[test]
fn rocket_mania_on_its_largest_board_stops_at_the_budget() {
    // 9 × 13 of tees ran past 60 s and 2.6 GB. With 64 MiB it stops early (about a second)
    // with the typed error.
    let board = FuseBoard::parse_rows(&["TTTTTTTTTTTTT"; 9]).unwrap();
    let options = Options::default().with_max_bytes(64 << 20);
    let start = Instant::now();
    let result = rocket_mania(&board, &[true; 9], &options);
    match result {
        Err(PlugError::BudgetExceeded {
            limit: Limit::Memory { max_bytes },
            states,
            bytes,
        }) => assert!(
            max_bytes == 64 << 20 && bytes > max_bytes && states > 100_000,
            "{states} states, {bytes} B"
        ),
        other => panic!("{other:?}"),
    }
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn the_halves_of_an_asymmetric_board_share_the_memory_budget() {
    // Hamiltonian cycles meet in the middle. A board that is not its own mirror image sweeps
    // two halves: on two threads at the same time, and each had the whole budget (up to twice
    // it in all); on one thread one after the other, and the first half's last tables were kept,
    // uncounted, while the second ran.
    let fits = |board: &Grid, max: usize, threads: usize| {
        let options = Options::default().with_max_bytes(max).with_threads(threads);
        match hamiltonian_cycles(board, &options) {
            Ok(_) => true,
            Err(PlugError::BudgetExceeded { .. }) => false,
            Err(e) => panic!("{e}"),
        }
    };
    // The least budget of the free board's sweep (one half serves both: it is symmetric).
    let free = Grid::new(10, 10).unwrap();
    let (mut lo, mut hi) = (1usize << 10, 1usize << 28);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(&free, mid, 1) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let half = hi;
    // A blocked corner: the bottom half, swept upwards, is the free board's half, and the top
    // half a smaller sweep.
    let corner = Grid::with_blocked(10, 10, (0..100).map(|i| i == 0).collect()).unwrap();
    // Both halves count now: on one thread the free half's budget does not hold the corner
    // board (it needs about 1.15 times it), on two threads one and a half times it does not
    // either (about twice); both fitted in the free half's budget before.
    assert!(!fits(&corner, half, 1));
    assert!(!fits(&corner, half * 3 / 2, 2));
    for threads in [1, 2] {
        assert!(fits(&corner, half * 5 / 2, threads), "{threads}");
    }
}

/// The largest Rocket Mania board, all tees, with every match lit or only the first.
fn largest_rocket_boards() -> (FuseBoard, [Vec<bool>; 2]) {
    let board = FuseBoard::parse_rows(&["TTTTTTTTTTTTT"; 15]).unwrap();
    assert_eq!(
        (board.rows(), board.cols()),
        (FuseBoard::MAX_ROWS, FuseBoard::MAX_COLS)
    );
    let first = (0..15).map(|r| r == 0).collect();
    (board, [vec![true; 15], first])
}

/// Whether `result` is a deadline error.
fn is_deadline<T>(result: &Result<T, PlugError>) -> bool {
    matches!(
        result,
        Err(PlugError::BudgetExceeded {
            limit: Limit::Deadline,
            ..
        })
    )
}

#[test]
fn rocket_mania_on_its_largest_board_stops_at_its_deadline() {
    // 15 × 13 tees with a 5 s deadline stopped after 7.8 s: the deadline was read after each
    // tile only, and one tile of that board takes up to seconds (with 2 s, in a debug build:
    // 3.4 s). It is now read every few thousand additions within a tile too: 2.00 s.
    let (board, [_, first]) = largest_rocket_boards();
    let limit = Duration::from_secs(2);
    let started = Instant::now();
    let result = rocket_mania(&board, &first, &Options::default().with_time_limit(limit));
    let took = started.elapsed();
    assert!(is_deadline(&result), "{result:?}");
    assert!(took < limit * 6 / 5, "stopped after {took:?}");
}

/// The finding's own deadline, 5 s, in release mode: the call returns within 6 s (7.5 s was
/// asked for; measured 5.03 s).
#[test]
#[ignore = "10 s"]
fn rocket_mania_on_its_largest_board_stops_at_a_5_s_deadline() {
    let (board, lits) = largest_rocket_boards();
    let limit = Duration::from_secs(5);
    for lit in lits {
        let started = Instant::now();
        let result = rocket_mania(&board, &lit, &Options::default().with_time_limit(limit));
        let took = started.elapsed();
        assert!(is_deadline(&result), "{result:?}");
        assert!(took < limit * 6 / 5, "stopped after {took:?}");
    }
}

/// Rocket Mania's largest board under a 256 MiB budget, in a child process: its peak resident
/// memory stays under 320 MiB (the whole process). The default 2 GiB budget bounds it the
/// same way (measured by hand: 1.78 GB peak, stopped after 85 s with every match lit and 59 s
/// with the first), where the budget passed by half with the witness's checkpoints
/// uncounted (3.2 GB, 122 s).
#[test]
#[ignore = "spawns this test binary; about 20 s in release"]
fn rocket_mania_on_its_largest_board_peaks_within_its_budget() {
    let name = "budget::rocket_mania_on_its_largest_board_peaks_within_its_budget";
    let max = 256 << 20;
    if std::env::var_os("PLUGDP_PEAK_CHILD").is_none() {
        let peak = crate::hostile::peak_of_child(name);
        println!("peak resident memory of the child: {peak} KiB");
        assert!(
            peak < (max + (64 << 20)) as u64 >> 10,
            "peak resident memory {peak} KiB"
        );
        return;
    }
    let (board, lits) = largest_rocket_boards();
    for lit in lits {
        let options = Options::default().with_max_bytes(max);
        let result = rocket_mania(&board, &lit, &options);
        assert!(
            matches!(
                result,
                Err(PlugError::BudgetExceeded {
                    limit: Limit::Memory { .. },
                    ..
                })
            ),
            "{result:?}"
        );
    }
    println!("peak_kib={}", crate::hostile::own_peak_kib());
}

/// One row of `cols` cells whose first cell opens `states` frontiers (choice k: frontier k,
/// worth k) which every later cell keeps as they are.
struct Plateau {
    cols: usize,
    states: u64,
}

impl Transfer for Plateau {
    type Key = u64;
    type Value = MaxPlus;
    fn size(&self) -> (usize, usize) {
        (1, self.cols)
    }
    fn start(&self) -> u64 {
        0
    }
    fn successors<E>(&self, _r: usize, c: usize, key: u64, mut emit: E) -> Result<(), PlugError>
    where
        E: FnMut(u64, &MaxPlus, usize) -> Result<(), PlugError>,
    {
        if c > 0 {
            return emit(key, &MaxPlus(Some(0)), 0);
        }
        for k in 0..self.states {
            emit(k, &MaxPlus(Some(k as i64)), k as usize)?;
        }
        Ok(())
    }
    fn accept(&self, _key: u64) -> bool {
        true
    }
}

#[test]
fn witness_checkpoints_count_against_the_memory_budget() {
    // The finding: `run_witness` reached 1.25 GB against a 64 MiB budget: every step's table
    // was within it, but the ⌈√T⌉ checkpoints kept besides were not counted. Here 400 cells
    // keep 20 checkpoints of 4000 frontiers (96 KB each, 1.9 MB together) while each step's
    // tables take about 300 KB.
    let plateau = Plateau {
        cols: 400,
        states: 4000,
    };
    let max = 1 << 20;
    let options = Options::default().with_max_bytes(max);
    // Without a witness there are no checkpoints: the sweep fits.
    assert_eq!(run(&plateau, &options).unwrap().0, MaxPlus(Some(3999)));
    match run_witness(&plateau, &options) {
        Err(PlugError::BudgetExceeded {
            limit: Limit::Memory { max_bytes },
            states,
            bytes,
        }) => assert!(
            max_bytes == max && bytes > max && states == 4000,
            "{states} states, {bytes} B"
        ),
        other => panic!("expected the checkpoints to pass the budget, got {other:?}"),
    }
    // With room for them, the witness: frontier 3999 chosen at the first cell.
    let roomy = Options::default().with_max_bytes(8 << 20);
    let (best, picks) = run_witness(&plateau, &roomy).unwrap();
    assert_eq!(best, MaxPlus(Some(3999)));
    let picks = picks.unwrap();
    assert_eq!((picks.len(), picks[0]), (400, 3999));
    assert!(picks[1..].iter().all(|&p| p == 0));
}

/// The default budgets on the findings' own inputs, for timing by hand in release mode:
/// `cargo test --release -p plugdp --test suite -- --ignored --nocapture budget::`.
#[test]
#[ignore]
fn default_budget_on_the_findings() {
    let report = |name: &str, f: &dyn Fn() -> String| {
        let start = Instant::now();
        let outcome = f();
        println!(
            "{name}: {outcome} in {:.1} s",
            start.elapsed().as_secs_f64()
        );
    };
    let all = Options::default().with_threads(2);
    for side in [20, 30] {
        report(&format!("formula1 {side}x{side}"), &|| {
            format!(
                "{:?}",
                hamiltonian_cycles(&Grid::new(side, side).unwrap(), &all)
            )
        });
    }
    report("rocket mania 9x13 tees", &|| {
        let board = FuseBoard::parse_rows(&["TTTTTTTTTTTTT"; 9]).unwrap();
        format!(
            "{:?}",
            rocket_mania(&board, &[true; 9], &Options::default()).map(|p| p.launched)
        )
    });
}
