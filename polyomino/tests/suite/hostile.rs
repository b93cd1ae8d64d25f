//! Regression tests for hostile input: calls that used to panic get an answer or a typed error.

use polyomino::enumerate::Counts;
use polyomino::{Cell, EnumerateError, Transform};
use proptest::prelude::*;

/// The image of `(r, c)` in exact (64-bit) arithmetic.
fn exact(t: Transform, r: i64, c: i64) -> (i64, i64) {
    let c = if t.is_reflection() { -c } else { c };
    match t.index() & 3 {
        0 => (r, c),
        1 => (-c, r),
        2 => (-r, -c),
        _ => (c, -r),
    }
}

fn extreme() -> impl Strategy<Value = i32> {
    prop_oneof![
        Just(i32::MIN),
        Just(i32::MIN + 1),
        Just(i32::MAX),
        Just(0),
        any::<i32>()
    ]
}

proptest! {
    /// `apply` never panics (it negated i32::MIN with overflow); `checked_apply` is the exact
    /// image whenever that fits in i32, and `None` otherwise; `apply` agrees with it then.
    #[test]
    fn transforms_are_total(r in extreme(), c in extreme(), k in 0u8..8, j in 0u8..8) {
        let t = Transform::from_index(k);
        let cell = Cell::new(r, c);
        let image = t.apply(cell);
        let (er, ec) = exact(t, i64::from(r), i64::from(c));
        let fits = i32::try_from(er).is_ok() && i32::try_from(ec).is_ok();
        prop_assert_eq!(t.checked_apply(cell), fits.then(|| Cell::new(er as i32, ec as i32)));
        if fits {
            prop_assert_eq!(image, Cell::new(er as i32, ec as i32));
        }
        // The group law holds on every cell, extremes included.
        let u = Transform::from_index(j);
        prop_assert_eq!(t.then(u).apply(cell), u.apply(image));
        prop_assert_eq!(t.inverse().apply(image), cell);
    }
}

#[test]
fn false_counts_are_refused_not_panicked_on() {
    // Counts::from_fixed used to panic ("Burnside sums of exact counts divide").
    assert_eq!(
        Counts::from_fixed(5, 64),
        Err(EnumerateError::NotDivisible { size: 5 })
    );
    // Burnside's sums overflow: refused the same way.
    assert_eq!(
        Counts::from_fixed(6, u64::MAX),
        Err(EnumerateError::NotDivisible { size: 6 })
    );
    assert_eq!(
        Counts::from_fixed_and_half_turn(6, 217, 10),
        Err(EnumerateError::NotDivisible { size: 6 })
    );
    assert_eq!(Counts::from_fixed(6, 216).map(|c| c.free), Ok(35));
}

#[test]
fn shapes_larger_than_the_board_have_no_placement() {
    use polyomino::{Board, CellSet, Polyomino};
    let board = Board::new(8, 64).unwrap();
    // 65 columns wide: `1 << col` overflowed a row word.
    let wide = Polyomino::from_cells(
        [Cell::new(0, 0), Cell::new(0, 64)]
            .into_iter()
            .chain((1..64).map(|c| Cell::new(0, c))),
    )
    .unwrap();
    assert!(board.placements(&wide).is_empty());
    // Two cells 2·10⁹ rows apart (not connected, but a cell set all the same): the row masks
    // used to be allocated (16 GB) before the fit test.
    let tall = CellSet::from_cells([Cell::new(0, 0), Cell::new(2_000_000_000, 0)]).unwrap();
    assert!(board.placements(&tall).is_empty());
    assert!(board.placement_offsets(&tall).is_empty());
}

mod budgets {
    use std::time::{Duration, Instant};

    use polyomino::EnumerateError;
    use polyomino::enumerate::{self, Options};

    // OEIS A001168 for n = 1..=14 (outside truth, not this crate's output).
    const FIXED: [u64; 14] = [
        1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861, 1903890, 7204874,
    ];

    fn timed_out(r: Result<Vec<u64>, EnumerateError>) -> bool {
        matches!(
            r,
            Err(EnumerateError::BudgetExceeded {
                timed_out: true,
                ..
            })
        )
    }

    #[test]
    fn a_passed_deadline_fails_at_once() {
        // count_fixed_up_to(20, …) takes about a minute; size 31 would take years, with no way
        // to stop it.
        for threads in [1, 2] {
            for n in [20, 31] {
                let options = Options::default()
                    .with_threads(threads)
                    .with_deadline(Instant::now());
                let started = Instant::now();
                assert!(timed_out(enumerate::count_fixed_up_to(n, &options)));
                assert!(timed_out(
                    enumerate::counts_up_to(n, &options).map(|_| vec![])
                ));
                assert!(
                    started.elapsed() < Duration::from_secs(2),
                    "{threads} threads, n = {n}"
                );
            }
        }
    }

    #[test]
    fn a_short_time_limit_stops_the_search_quickly() {
        for threads in [1, 2] {
            let options = Options::default()
                .with_threads(threads)
                .with_max_nodes(u64::MAX)
                .with_time_limit(Duration::from_millis(50));
            let started = Instant::now();
            let r = enumerate::count_fixed_up_to(20, &options);
            let elapsed = started.elapsed();
            assert!(timed_out(r.clone()), "{threads} threads: {r:?}");
            assert!(
                elapsed < Duration::from_secs(2),
                "{threads} threads: {elapsed:?}"
            );
            if let Err(EnumerateError::BudgetExceeded { nodes, .. }) = r {
                // It did count for a while before stopping.
                assert!(nodes > 0, "{threads} threads");
            }
        }
    }

    #[test]
    fn the_node_limit_stops_size_31_quickly() {
        for threads in [1, 2] {
            let options = Options::default()
                .with_threads(threads)
                .with_max_nodes(1_000_000);
            let started = Instant::now();
            let r = enumerate::count_fixed_up_to(31, &options);
            assert!(
                matches!(
                    r,
                    Err(EnumerateError::BudgetExceeded { nodes, max_nodes: 1_000_000, timed_out: false })
                        if nodes > 1_000_000
                ),
                "{threads} threads: {r:?}"
            );
            assert!(started.elapsed() < Duration::from_secs(2));
        }
    }

    #[test]
    fn the_node_limit_is_exact_and_does_not_depend_on_threads() {
        // The fixed count of size 12 places each fixed polyomino of size 1..=11 once.
        let needed: u64 = FIXED[..11].iter().sum();
        for threads in [1, 2, 3] {
            let exact = Options::default()
                .with_threads(threads)
                .with_max_nodes(needed);
            assert_eq!(
                enumerate::count_fixed_up_to(12, &exact).unwrap()[12],
                FIXED[11]
            );
            let short = exact.with_max_nodes(needed - 1);
            assert!(
                matches!(
                    enumerate::count_fixed_up_to(12, &short),
                    Err(EnumerateError::BudgetExceeded {
                        timed_out: false,
                        ..
                    })
                ),
                "{threads} threads"
            );
            // Burnside's symmetric counts come out of the same budget.
            assert!(matches!(
                enumerate::counts_up_to(12, &exact),
                Err(EnumerateError::BudgetExceeded { .. })
            ));
        }
    }

    #[test]
    fn a_generous_budget_gives_the_same_counts() {
        for threads in [1, 2] {
            let options = Options::default()
                .with_threads(threads)
                .with_time_limit(Duration::from_secs(3600));
            let mut expected = vec![0];
            expected.extend(FIXED);
            assert_eq!(
                enumerate::count_fixed_up_to(14, &options).unwrap(),
                expected
            );
            let counts = enumerate::counts_up_to(14, &options).unwrap();
            let fixed: Vec<u64> = counts.iter().map(|c| c.fixed).collect();
            assert_eq!(fixed, FIXED);
            assert_eq!(counts[13].free, 901_971); // OEIS A000105
        }
        // A limit too far away to represent is no deadline.
        assert_eq!(
            Options::default().with_time_limit(Duration::MAX).deadline,
            None
        );
    }

    /// Slow (the default budget is tens of seconds of counting): run with `--ignored`.
    #[test]
    #[ignore]
    fn count_fixed_31_stops_at_the_default_budget() {
        let started = Instant::now();
        assert!(matches!(
            enumerate::count_fixed(31),
            Err(EnumerateError::BudgetExceeded { timed_out: false, max_nodes, .. })
                if max_nodes == Options::DEFAULT_MAX_NODES
        ));
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{:?}",
            started.elapsed()
        );
    }
}

mod big_shapes {
    use std::time::{Duration, Instant};

    use polyomino::{Cell, Polyomino, ShapeError};

    /// The border of an s × s square (4s − 4 cells), with one cell missing in the middle of
    /// its top row when `gap`.
    fn square_ring(s: i32, gap: bool) -> Polyomino {
        let cells = (0..s)
            .flat_map(|i| {
                [
                    Cell::new(0, i),
                    Cell::new(s - 1, i),
                    Cell::new(i, 0),
                    Cell::new(i, s - 1),
                ]
            })
            .filter(|c| !(gap && c.row == 0 && c.col == s / 2));
        Polyomino::from_cells(cells).unwrap()
    }

    #[test]
    fn a_thin_ring_counts_its_hole_quickly() {
        // holes() on this ring lists its 10^10 inside cells (80 GB; try_holes refuses them);
        // hole_count does not look inside.
        let ring = square_ring(100_001, false);
        assert_eq!(ring.size(), 400_000);
        let started = Instant::now();
        assert_eq!(ring.hole_count(), 1);
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_thin_open_ring_has_no_holes_quickly() {
        // With a gap, the inside is outside: holes() used to flood all 10^10 cells of it to
        // find that out; its runs of empty cells reach the edge through the gap.
        let c = square_ring(100_001, true);
        let started = Instant::now();
        assert_eq!(c.hole_count(), 0);
        assert!(c.holes().is_empty());
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
        // A small ring and the same with a gap, against their drawings (counted by hand).
        assert_eq!(square_ring(5, false).holes().len(), 9);
        assert!(square_ring(5, true).holes().is_empty());
    }

    #[test]
    fn a_ring_lists_its_four_million_hole_cells_quickly() {
        // A flood fill over hash sets: side 2000 took 7 s in the test profile (side 4000:
        // 113 s and 718 MB in release). The runs of empty cells between each row's cells
        // answer in O(n log n) plus one step per hole cell: 16 ms.
        let ring = square_ring(2000, false);
        let started = Instant::now();
        let holes = ring.holes();
        let elapsed = started.elapsed();
        assert_eq!(holes.len(), 1998 * 1998);
        assert_eq!(holes.first(), Some(&Cell::new(1, 1)));
        assert_eq!(holes.last(), Some(&Cell::new(1998, 1998)));
        assert!(holes.windows(2).all(|w| w[0] < w[1]), "sorted row-major");
        assert!(elapsed < Duration::from_secs(1), "{elapsed:?}");
        assert_eq!(ring.try_holes(1998 * 1998), Ok(holes));
        assert_eq!(
            ring.try_holes(1998 * 1998 - 1),
            Err(ShapeError::HolesTooLarge {
                cells: 1998 * 1998,
                max: 1998 * 1998 - 1
            })
        );
    }

    #[test]
    fn a_huge_ring_refuses_to_list_its_holes_quickly() {
        // 10^10 hole cells (80 GB as cells): counted from 4·10^5 runs, never listed.
        let ring = square_ring(100_001, false);
        let started = Instant::now();
        assert_eq!(
            ring.try_holes(1 << 24),
            Err(ShapeError::HolesTooLarge {
                cells: 99_999 * 99_999,
                max: 1 << 24
            })
        );
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
        // The open ring has no hole, whatever its inside.
        assert_eq!(square_ring(100_001, true).try_holes(0), Ok(vec![]));
    }

    /// Release build (CI: `cargo test --release -p polyomino --test suite -- --ignored
    /// hostile::`): 16 million hole cells, 128 MB of answer.
    #[test]
    #[ignore = "16 million hole cells: run in release with the other hostile tests"]
    fn a_ring_of_side_4000_lists_its_holes_in_a_few_seconds() {
        let ring = square_ring(4000, false);
        let started = Instant::now();
        let holes = ring.holes();
        let elapsed = started.elapsed();
        assert_eq!(holes.len(), 3998 * 3998);
        assert_eq!(holes[3998], Cell::new(2, 1));
        assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
    }

    #[test]
    fn displaying_a_sparse_shape_lists_its_cells() {
        use polyomino::{CellSet, MarkedCellSet};
        // Display drew the whole bounding box: 2·10^7 characters for these two cells, and
        // 4·10^9 (41 s, then an abort at 2.1 GB) for two cells 2·10^9 rows apart.
        let limit = CellSet::DISPLAY_MAX_CHARS;
        let tall = CellSet::from_cells([Cell::new(0, 0), Cell::new(10_000_000, 0)]).unwrap();
        assert_eq!(tall.to_string(), "{(0, 0), (10000000, 0)}");
        let started = Instant::now();
        for far in [2_000_000_000, i32::MAX - 1] {
            let pair = CellSet::from_cells([Cell::new(0, 0), Cell::new(far, 0)]).unwrap();
            let text = pair.to_string();
            assert_eq!(text, format!("{{(0, 0), ({far}, 0)}}"));
            assert_eq!(text.parse::<CellSet>(), Ok(pair.clone()));
            let wide = pair.transform(polyomino::Transform::Rotate90);
            assert_eq!(wide.to_string(), format!("{{(0, 0), (0, {far})}}"));
            let marked = MarkedCellSet::new(pair.clone(), Cell::new(far, 0)).unwrap();
            assert_eq!(marked.to_string(), format!("{{(0, 0), @({far}, 0)}}"));
            assert_eq!(marked.to_string().parse::<MarkedCellSet>(), Ok(marked));
            // format! with padding and Debug take the same bounded paths.
            assert!(format!("{pair:>10}").len() < 100);
            assert!(format!("{pair:?}").len() < 200);
        }
        assert!(started.elapsed() < Duration::from_secs(1));
        // A polyomino (connected) too large to draw: an L of 2099 cells in a 1000 × 1100 box,
        // 1 100 999 characters as a drawing.
        let l = Polyomino::from_cells(
            (0..1000)
                .map(|r| Cell::new(r, 0))
                .chain((1..1100).map(|c| Cell::new(999, c))),
        )
        .unwrap();
        let text = l.to_string();
        assert!(
            text.starts_with("{(0, 0), (1, 0), ") && text.len() < limit,
            "{}",
            text.len()
        );
        assert_eq!(text.parse::<Polyomino>(), Ok(l));
    }

    #[test]
    fn sparse_shapes_refuse_huge_drawings() {
        // Display of these two cells draws 2·10⁹ rows (4 GB of text).
        let sparse =
            polyomino::CellSet::from_cells([Cell::new(0, 0), Cell::new(2_000_000_000, 1)]).unwrap();
        let started = Instant::now();
        // (2 + 1) columns per row, 2·10⁹ + 1 rows, no newline after the last one.
        let chars = 3 * 2_000_000_001u64 - 1;
        assert_eq!(
            sparse.try_to_ascii('#', '.', 1 << 20),
            Err(ShapeError::DrawingTooLarge {
                chars,
                max: 1 << 20
            })
        );
        assert!(started.elapsed() < Duration::from_secs(1));
        // The limit is exact: the drawing's own length fits, one less does not.
        let t = Polyomino::parse("###\n.#.\n.#.").unwrap();
        let len = t.to_string().chars().count();
        assert_eq!(t.try_to_ascii('#', '.', len), Ok(t.to_string()));
        assert!(t.try_to_ascii('#', '.', len - 1).is_err());
    }
}
