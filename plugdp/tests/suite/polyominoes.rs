//! The transfer-matrix polyomino counts against Redelmeier's enumeration (the `polyomino`
//! crate: an independent method) and OEIS.

use plugdp::{Options, fixed_polyominoes, polyomino_counts};

#[test]
fn transfer_matrix_equals_redelmeier() {
    // Each n separately: the transfer matrix's cut depends on n.
    for n in 1..=16 {
        let tm = fixed_polyominoes(n, &Options::default()).unwrap();
        let redelmeier: Vec<u128> =
            polyomino::enumerate::count_fixed_up_to(n, &polyomino::enumerate::Options::default())
                .unwrap()
                .into_iter()
                .map(u128::from)
                .collect();
        assert_eq!(tm, redelmeier, "n = {n}");
    }
}

/// A001168 as published (Jensen's counts, OEIS b-file), past what the search reaches.
const A001168: [u128; 36] = [
    1,
    2,
    6,
    19,
    63,
    216,
    760,
    2725,
    9910,
    36446,
    135268,
    505861,
    1903890,
    7204874,
    27394666,
    104592937,
    400795844,
    1540820542,
    5940738676,
    22964779660,
    88983512783,
    345532572678,
    1344372335524,
    5239988770268,
    20457802016011,
    79992676367108,
    313224032098244,
    1228088671826973,
    4820975409710116,
    18946775782611174,
    74541651404935148,
    293560133910477776,
    1157186142148293638,
    4565553929115769162,
    18027932215016128134,
    71242712815411950635,
];

#[test]
fn fixed_counts_match_oeis() {
    let counts = fixed_polyominoes(24, &Options::default().with_threads(2)).unwrap();
    assert_eq!(counts[1..], A001168[..24]);
}

/// Sizes 31 and 32 sweep widths of 16 columns with 128-bit keys (about a minute on one core).
#[test]
#[ignore = "about a minute: run with --release -- --ignored"]
fn wide_keys_match_oeis() {
    let counts = fixed_polyominoes(32, &Options::default().with_threads(2)).unwrap();
    assert_eq!(counts[1..], A001168[..32]);
}

/// A000988 and A000105 as published, n = 17..=22 (past the searches' reach in a test).
#[test]
fn one_sided_and_free_match_oeis_past_the_search() {
    let one_sided: [u128; 6] = [
        100203194,
        385221143,
        1485200848,
        5741256764,
        22245940545,
        86383382827,
    ];
    let free: [u128; 6] = [
        50107909,
        192622052,
        742624232,
        2870671950,
        11123060678,
        43191857688,
    ];
    let counts = polyomino_counts(22, &Options::default().with_threads(2)).unwrap();
    for (i, c) in counts[16..].iter().enumerate() {
        assert_eq!(c.size, 17 + i);
        assert_eq!(c.fixed, A001168[16 + i]);
        assert_eq!(
            (c.one_sided, c.free),
            (one_sided[i], free[i]),
            "n = {}",
            c.size
        );
    }
}

/// The largest sizes `polyomino_counts` takes, against the published free counts (A000105 at
/// 28 and 30 to 36, OEIS's bisections A210996 and A210997 listing the last ones) and one-sided
/// counts (A000988 at 28 to 30, as far as OEIS's data goes).
#[test]
#[ignore = "about 2.5 minutes on two cores: run with --release -- --ignored"]
fn counts_match_oeis_to_36() {
    let counts = polyomino_counts(36, &Options::default().with_threads(2)).unwrap();
    let free = |n: usize| counts[n - 1].free;
    let one_sided = |n: usize| counts[n - 1].one_sided;
    assert_eq!(
        [28, 30, 32, 33, 34, 35, 36].map(free),
        [
            153511100594603,
            2368347037571252,
            36695016991712879,
            144648268175306702,
            570694242129491412,
            2253491528465905342,
            8905339105809603405,
        ]
    );
    assert_eq!(
        [28, 29, 30].map(one_sided),
        [307022182222506, 1205243866707468, 4736694001644862]
    );
    assert_eq!(counts[35].fixed, A001168[35]);
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
    let max = plugdp::MAX_POLYOMINO_SIZE;
    assert_eq!(
        fixed_polyominoes(max + 1, &Options::default()),
        Err(plugdp::PlugError::SizeTooLarge { size: max + 1, max })
    );
    let max = plugdp::MAX_COUNTS_SIZE;
    assert_eq!(
        polyomino_counts(max + 1, &Options::default()),
        Err(plugdp::PlugError::SizeTooLarge { size: max + 1, max })
    );
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
    let theirs: Vec<polyomino::enumerate::Counts<u128>> =
        polyomino::enumerate::counts_up_to(15, &polyomino::enumerate::Options::default())
            .unwrap()
            .into_iter()
            .map(Into::into)
            .collect();
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
