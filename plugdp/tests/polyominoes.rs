//! The transfer-matrix polyomino counts against Redelmeier's enumeration (the `polyomino`
//! crate: an independent method) and OEIS.

use plugdp::{Options, fixed_polyominoes, polyomino_counts};

#[test]
fn transfer_matrix_equals_redelmeier() {
    // Each n separately: the transfer matrix's cut depends on n.
    for n in 1..=16 {
        let tm = fixed_polyominoes(n, &Options::default()).unwrap();
        let redelmeier =
            polyomino::enumerate::count_fixed_up_to(n, &polyomino::enumerate::Options::default())
                .unwrap();
        assert_eq!(tm, redelmeier, "n = {n}");
    }
}

#[test]
fn one_sided_and_free_match_oeis() {
    // A000988 and A000105 for n = 1..=12.
    let one_sided = [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189, 33896, 126759];
    let free = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600];
    for c in polyomino_counts(12, &Options::default()).unwrap() {
        let k = c.size;
        assert_eq!(
            (c.one_sided, c.free),
            (one_sided[k - 1], free[k - 1]),
            "n = {k}"
        );
    }
}

#[test]
fn sizes_are_checked() {
    assert!(fixed_polyominoes(plugdp::MAX_POLYOMINO_SIZE + 1, &Options::default()).is_err());
    assert!(polyomino_counts(0, &Options::default()).unwrap().is_empty());
    assert_eq!(fixed_polyominoes(0, &Options::default()).unwrap(), vec![0]);
    assert_eq!(
        fixed_polyominoes(1, &Options::default()).unwrap(),
        vec![0, 1]
    );
}

/// All three counts against the `polyomino` crate (Redelmeier's search for the fixed ones, its
/// orbit searches for every symmetric term): independent of both transfer matrices.
#[test]
fn counts_equal_the_search() {
    let ours = polyomino_counts(15, &Options::default()).unwrap();
    let theirs =
        polyomino::enumerate::counts_up_to(15, &polyomino::enumerate::Options::default()).unwrap();
    assert_eq!(ours, theirs);
}

/// The threaded forms share the widths among threads and must give the same counts.
#[test]
fn threads_change_nothing() {
    use std::num::NonZeroUsize;
    for threads in [2, 3] {
        let t = NonZeroUsize::new(threads).unwrap();
        assert_eq!(
            fixed_polyominoes(16, &Options::default().with_threads(t.get())).unwrap(),
            fixed_polyominoes(16, &Options::default()).unwrap()
        );
        assert_eq!(
            polyomino_counts(15, &Options::default().with_threads(t.get())).unwrap(),
            polyomino_counts(15, &Options::default()).unwrap()
        );
    }
}
