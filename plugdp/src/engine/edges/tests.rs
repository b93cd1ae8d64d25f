//! Unit tests of the edge sweep: the fast transitions against the reference one, the threaded
//! sweep and the halves against the sequential sweep, and the errors they report.

use super::halves::{Halves, mirrored};
use super::key::Key;
use super::transitions::{Fast, fast_step};
use super::*;
use crate::budget::Meter;
use crate::engine::interned::Interned;
use crate::engine::state::Labels;
use crate::value::ModP;
use proptest::prelude::*;

type P = ModP<1_000_000_007>;

/// A threaded sweep with `threads` as a number and no budget.
fn with_sweep_test(
    grid: &Grid,
    rules: EdgeRules,
    mut choices: impl FnMut(usize, usize) -> Vec<(Sides, P)>,
    threads: usize,
) -> Result<(P, Stats), PlugError> {
    let mut run = || -> Result<(P, Stats), PlugError> {
        with_sweep!(grid, rules, choices, Meter::UNLIMITED, |sweep| sweep
            .run_parallel(threads))
    };
    run()
}

fn wide128(h: &u64) -> u128 {
    u128::from(*h)
}

#[test]
fn halves_refuse_what_they_cannot_join() {
    let grid = Grid::new(4, 4).unwrap();
    let one = &crate::Options::default();
    // A path end could close a cycle inside one half.
    let ends = |_, _| vec![(Sides::PAIRS[0], 1u64), (Sides::LEFT, 1)];
    assert_eq!(
        run_halves(&grid, EdgeRules::SINGLE_CYCLE, ends, one, wide128),
        Ok(None)
    );
    // Too wide for the meander tables; a single row has no middle.
    let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
    let wide = Grid::new(17, 17).unwrap();
    assert_eq!(
        run_halves(&wide, EdgeRules::SINGLE_CYCLE, pairs, one, wide128),
        Ok(None)
    );
    let row = Grid::new(1, 4).unwrap();
    assert_eq!(
        run_halves(&row, EdgeRules::SINGLE_CYCLE, pairs, one, wide128),
        Ok(None)
    );
    // Paths may end in a cell (one side open), but not skip one; covers have no meander
    // limit on the width.
    let through_or_end = |_, _| {
        Sides::PAIRS
            .iter()
            .chain(&Sides::SINGLES)
            .map(|&s| (s, 1u64))
    };
    assert_eq!(
        run_halves(&grid, EdgeRules::SINGLE_PATH, through_or_end, one, wide128),
        Ok(Some(276))
    );
    let skip = |_, _| [(Sides::NONE, 1u64), (Sides::PAIRS[1], 1)];
    assert_eq!(
        run_halves(&grid, EdgeRules::SINGLE_PATH, skip, one, wide128),
        Ok(None)
    );
    let strip = Grid::new(2, 17).unwrap();
    assert!(
        run_halves(&strip, EdgeRules::PRESENCE, pairs, one, wide128).is_ok_and(|v| v.is_some())
    );
    // Bad sides are still an error, and overflow is reported.
    let bad = |_, _| vec![(Sides(0x13), 1u64)];
    assert!(matches!(
        run_halves(&grid, EdgeRules::SINGLE_CYCLE, bad, one, wide128),
        Err(PlugError::BadSides { .. })
    ));
    let heavy = |_, _| Sides::PAIRS.iter().map(|&s| (s, u64::MAX / 3));
    assert_eq!(
        run_halves(
            &Grid::new(4, 6).unwrap(),
            EdgeRules::SINGLE_CYCLE,
            heavy,
            one,
            wide128
        ),
        Err(PlugError::Overflow)
    );
}

#[test]
fn mirror_images_share_one_sweep() {
    let pairs: Vec<(Sides, u64)> = Sides::PAIRS.iter().map(|&s| (s, 1)).collect();
    let symmetric = |grid: &Grid, lists: &[Vec<(Sides, u64)>]| {
        let lists: &Interned<_> = &lists.iter().cloned().collect();
        let (rows, cols) = (grid.rows(), grid.cols());
        let blocked = (0..rows * cols).map(|i| grid.is_blocked(rows - 1 - i / cols, i % cols));
        let flipped = Grid::with_blocked(rows, cols, blocked.collect()).unwrap();
        let halves = Halves {
            grid,
            flipped: &flipped,
            lists,
            top_rows: rows - rows / 2,
            rules: EdgeRules::SINGLE_CYCLE,
            meter: Meter::UNLIMITED,
        };
        halves.symmetric()
    };
    let free = Grid::new(4, 3).unwrap();
    assert!(symmetric(&free, &vec![pairs.clone(); 12]));
    // Odd rows: the middle row belongs to the top half and need not mirror itself.
    let mut middle = vec![pairs.clone(); 9];
    middle[4][0].1 = 2;
    assert!(symmetric(&Grid::new(3, 3).unwrap(), &middle));
    middle[8][0].1 = 2;
    assert!(!symmetric(&Grid::new(3, 3).unwrap(), &middle));
    // A block without its mirror, or weights that are not mirrored: two sweeps.
    let mut cells = vec![false; 12];
    cells[1] = true;
    let one_block = Grid::with_blocked(4, 3, cells).unwrap();
    assert!(!symmetric(&one_block, &vec![pairs.clone(); 12]));
    let mut lists = vec![pairs.clone(); 12];
    lists[0][0].1 = 2; // Left + up at the top left weighs 2, left + down below does not.
    assert!(!symmetric(&free, &lists));
    lists[9][2].1 = 2; // Now its mirror image (left + down at the bottom left) does too.
    assert!(symmetric(&free, &lists));
}

#[test]
fn pooled_workers_report_errors() {
    // Every worker stops after the failing step: an overflow is an error, not a hang. The
    // workers race (one may fail a step before another has looked back at the last one),
    // so try many times.
    let grid = Grid::new(6, 6).unwrap();
    let heavy = |_, _| Sides::PAIRS.iter().map(|&s| (s, u64::MAX / 3));
    for threads in (0..100).map(|i| 2 + i % 3) {
        let options = crate::Options::default().with_threads(threads);
        assert_eq!(
            run_edges(&grid, EdgeRules::SINGLE_CYCLE, heavy, &options),
            Err(PlugError::Overflow)
        );
    }
}

#[test]
fn stray_side_bits_are_refused() {
    let grid = Grid::new(2, 2).unwrap();
    let bad = |_, _| vec![(Sides(0x13), 1u64)];
    assert_eq!(
        run_edges(
            &grid,
            EdgeRules::SINGLE_CYCLE,
            bad,
            &crate::Options::default()
        ),
        Err(PlugError::BadSides {
            row: 0,
            col: 0,
            sides: 0x13
        })
    );
}

fn rules_strategy() -> impl Strategy<Value = EdgeRules> {
    prop_oneof![
        Just(EdgeRules::SINGLE_CYCLE),
        Just(EdgeRules::PRESENCE),
        Just(EdgeRules {
            connectivity: true,
            cycles: Cycles::Any,
            ends: 0
        }),
        Just(EdgeRules {
            connectivity: true,
            cycles: Cycles::Forbidden,
            ends: 0
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    /// The packed fast path agrees with the decoded reference transition on every state
    /// and choice it claims (random frontiers, any sides, any cell, both key widths).
    #[test]
    fn fast_step_agrees_with_step(
        raw in proptest::collection::vec(0u8..16, 17),
        closed in proptest::bool::weighted(0.1),
        outs in 0u8..4,
        spread in 1u8..16,
        r in 0usize..4,
        cols in 2usize..17,
        c_pick in 0usize..16,
        rows in 1usize..5,
        rules in rules_strategy(),
    ) {
        let (r, c) = (r.min(rows - 1), c_pick % cols);
        let positions = cols + 1;
        let mut l = Labels { at: [0; MAX_POSITIONS + 1], flags: u8::from(closed) };
        for (j, &x) in raw.iter().enumerate().take(positions) {
            // Sparse plugs, few components; presence rules use 0/1 only.
            l.at[j] = if x < 6 { 0 } else if rules.connectivity { 1 + x % spread } else { 1 };
        }
        let Some(wide) = l.encode(positions) else { return Ok(()); };
        let l = Labels::decode(wide, positions);
        // Only choices that match the arriving plugs reach the transition.
        let sides = u8::from(l.at[c] != 0) | u8::from(l.at[c + 1] != 0) << 1 | outs << 2;
        let reference = step(l, Sides(sides), r, c, rows, cols, rules)
            .map(|n| n.encode(positions));
        let check = |fast: Fast<u128>| -> Result<(), TestCaseError> {
            match fast {
                Fast::Done(k) => prop_assert_eq!(reference, Some(Some(k))),
                Fast::Dead => prop_assert_eq!(reference, None),
                Fast::TooMany => prop_assert_eq!(reference, Some(None)),
                Fast::General => {}
            }
            Ok(())
        };
        check(fast_step(wide, Sides(sides), r, c, rows, cols, rules))?;
        if positions <= 15 {
            let narrow = <u64 as Key>::narrow(wide);
            let fast = match fast_step(narrow, Sides(sides), r, c, rows, cols, rules) {
                Fast::Done(k) => Fast::Done(k.widen()),
                Fast::Dead => Fast::Dead,
                Fast::TooMany => Fast::TooMany,
                Fast::General => Fast::General,
            };
            check(fast)?;
        }
    }

    /// Many labels: new components past label 15 are refused the same way.
    #[test]
    fn fast_step_label_overflow(extra in 0usize..3) {
        let cols = 16;
        let positions = cols + 1;
        let mut l = Labels { at: [0; MAX_POSITIONS + 1], flags: 0 };
        // Labels 1..=15 then the new component in the middle.
        for j in 0..positions {
            l.at[j] = if j < 2 + extra { 0 } else { (j - 1 - extra).min(15) as u8 };
        }
        let wide = l.encode(positions).unwrap_or(0);
        let l = Labels::decode(wide, positions);
        let sides = Sides::RIGHT.with(Sides::DOWN);
        let reference = step(l, sides, 0, 0, 4, cols, EdgeRules::SINGLE_CYCLE)
            .map(|n| n.encode(positions));
        match fast_step(wide, sides, 0, 0, 4, cols, EdgeRules::SINGLE_CYCLE) {
            Fast::Done(k) => prop_assert_eq!(reference, Some(Some(k))),
            Fast::TooMany => prop_assert_eq!(reference, Some(None)),
            _ => prop_assert!(false),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    /// The threaded sweep (big steps partitioned and summed by two or three threads) gives
    /// the single-threaded sweep's answer and state counts, on narrow and wide keys.
    #[test]
    fn parallel_sweep_equals_sequential(
        blocked in proptest::collection::vec(0usize..90, 0..4),
        threads in 2usize..4,
        wide in any::<bool>(),
        rules in prop_oneof![
            Just(EdgeRules::PRESENCE),
            Just(EdgeRules::SINGLE_CYCLE),
            Just(EdgeRules::SINGLE_PATH),
            Just(EdgeRules { connectivity: true, cycles: Cycles::Any, ends: 0 }),
        ],
    ) {
        // Any openings on a 3 × 7 (64-bit keys) or 2 × 15 (128-bit keys) board; every step
        // is split among the workers.
        let (rows, cols) = if wide { (2, 15) } else { (3, 7) };
        let mut cells = vec![false; rows * cols];
        for b in blocked {
            cells[b % (rows * cols)] = true;
        }
        let grid = Grid::with_blocked(rows, cols, cells).unwrap();
        // Weights vary with the cell and the choice (counted modulo a prime).
        // Any sides on the narrow board; on the wide one at most two (else 2^15 frontiers
        // make the debug-mode test slow).
        let choices = |r: usize, c: usize| -> Vec<(Sides, P)> {
            (0u8..16)
                .filter(|&s| !wide || s.count_ones() <= 2)
                .map(|s| (Sides(s), ModP(u64::from(s) + (r * 31 + c) as u64 % 7 + 1)))
                .collect()
        };
        let sequential = run_edges(&grid, rules, choices, &crate::Options::default());
        let mut choices = choices;
        let threaded = with_sweep_test(&grid, rules, &mut choices, threads);
        let ((a, sa), (b, sb)) = match (sequential, threaded) {
            (Ok(x), Ok(y)) => (x, y),
            (x, y) => {
                // The same error either way.
                prop_assert_eq!(x.err(), y.err());
                return Ok(());
            }
        };
        prop_assert_eq!(a, b);
        prop_assert_eq!(sa.states_per_step, sb.states_per_step);
    }

    #[test]
    fn halves_equal_the_full_sweep(
        rows in 2usize..7,
        cols in 1usize..7,
        wide in proptest::bool::weighted(0.25),
        blocked in proptest::collection::vec(0usize..200, 0..4),
        mirror in any::<bool>(),
        threads in 1usize..4,
    ) {
        // 128-bit keys on 15 or 16 columns, on two rows, in a quarter of the cases: a wide case
        // takes up to 3 s in the test profile, and a third row made the paths' join alone take
        // 5 s (the narrow boards split three rows unevenly).
        let (rows, cols) = if wide { (2, 15 + cols % 2) } else { (rows, cols) };
        let mut cells = vec![false; rows * cols];
        for b in blocked {
            let (r, c) = (b / cols % rows, b % cols);
            cells[r * cols + c] = true;
            if mirror {
                cells[(rows - 1 - r) * cols + c] = true;
            }
        }
        let grid = Grid::with_blocked(rows, cols, cells).unwrap();
        // Weights vary with the cell and the choice; with `mirror`, a cell and its mirror
        // cell weigh mirrored choices alike, so that one sweep serves both halves.
        let weight = |r: usize, c: usize, s: Sides| {
            let (r, s) = if mirror && 2 * r >= rows { (rows - 1 - r, mirrored(s)) } else { (r, s) };
            ModP(u64::from(s.0) * 7 + (r * 31 + c) as u64 % 11 + 1)
        };
        let choices =
            |r: usize, c: usize| -> Vec<(Sides, P)> { Sides::PAIRS.iter().map(|&s| (s, weight(r, c, s))).collect() };
        let (full, _) = run_edges(&grid, EdgeRules::SINGLE_CYCLE, choices, &crate::Options::default()).unwrap();
        let threads = &crate::Options::default().with_threads(threads);
        let halves = run_halves(&grid, EdgeRules::SINGLE_CYCLE, choices, threads, P::clone).unwrap();
        let free = |rs: core::ops::Range<usize>| {
            rs.into_iter().any(|r| (0..cols).any(|c| !grid.is_blocked(r, c)))
        };
        // Cycle covers join by equal plug sets.
        let (covers, _) = run_edges(&grid, EdgeRules::PRESENCE, choices, &crate::Options::default()).unwrap();
        let cover_halves = run_halves(&grid, EdgeRules::PRESENCE, choices, threads, P::clone).unwrap();
        // Paths: every cell passes the path through or ends it; the halves join over pairs
        // with two singles between them.
        let ends = |r: usize, c: usize| -> Vec<(Sides, P)> {
            Sides::PAIRS.iter().chain(&Sides::SINGLES).map(|&s| (s, weight(r, c, s))).collect()
        };
        let (paths, _) = run_edges(&grid, EdgeRules::SINGLE_PATH, ends, &crate::Options::default()).unwrap();
        let path_halves = run_halves(&grid, EdgeRules::SINGLE_PATH, ends, threads, P::clone).unwrap();
        let top_rows = rows - rows / 2;
        if free(0..top_rows) && free(top_rows..rows) {
            prop_assert_eq!(halves, Some(full));
            prop_assert_eq!(cover_halves, Some(covers));
            prop_assert_eq!(path_halves, Some(paths));
        } else {
            prop_assert_eq!(halves, None);
            prop_assert_eq!(cover_halves, None);
            prop_assert_eq!(path_halves, None);
        }
        // Counting in 64 bits and joining in 128 agrees with a 128-bit full sweep.
        let ones = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
        let ones128 = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u128));
        let (count, _) = run_edges(&grid, EdgeRules::SINGLE_CYCLE, ones128, &crate::Options::default()).unwrap();
        if let Some(joined) = run_halves(&grid, EdgeRules::SINGLE_CYCLE, ones, threads, |&h: &u64| u128::from(h)).unwrap() {
            prop_assert_eq!(joined, count);
        }
    }
}
