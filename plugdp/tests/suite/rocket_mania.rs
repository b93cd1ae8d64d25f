//! Rocket Mania against the contest samples and against brute force on small boards.

use plugdp::{FuseBoard, Prunings, launched_rockets, rocket_mania, rocket_mania_with};
use proptest::prelude::*;

fn board(rows: &[&str]) -> FuseBoard {
    FuseBoard::parse_rows(rows).unwrap()
}

fn single(rows: usize, x: usize) -> Vec<bool> {
    (0..rows).map(|r| r == x).collect()
}

#[test]
fn contest_samples() {
    let samples: [[&str; 9]; 4] = [
        ["LLLLLL"; 9],
        [
            "......", ".L----", "-+----", ".-....", ".T---L", ".L----", "......", "......",
            "......",
        ],
        [
            "-L-L-L", "-TL--T", "-L-T-L", "--+---", "---T--", "-TL---", "---LT-", "---T-T",
            "-TL-T-",
        ],
        ["TTTTTT"; 9],
    ];
    // ZOJ 2125 with X = 1, 3, 5, 1 answers 1 3 4 9; ZOJ 2126 answers 4 3 6 9.
    let single_x = [1, 3, 5, 1];
    let single_best = [1, 3, 4, 9];
    let all_best = [4, 3, 6, 9];
    for i in 0..4 {
        let b = board(&samples[i]);
        let one =
            rocket_mania(&b, &single(9, single_x[i] - 1), &plugdp::Options::default()).unwrap();
        assert_eq!(one.launched, single_best[i], "2125 sample {}", i + 1);
        let all = rocket_mania(&b, &[true; 9], &plugdp::Options::default()).unwrap();
        let (plain, _) = rocket_mania_with(
            &b,
            &[true; 9],
            Prunings::default(),
            &plugdp::Options::default(),
        )
        .unwrap();
        assert_eq!(plain.launched, all.launched);
        assert_eq!(all.launched, all_best[i], "2126 sample {}", i + 1);
        // The witness re-simulates to the same count.
        assert_eq!(
            launched_rockets(&b, &all.rotations, &[true; 9])
                .iter()
                .filter(|&&x| x)
                .count(),
            all_best[i]
        );
    }
}

/// The best over every rotation of every tile.
fn brute(b: &FuseBoard, lit: &[bool]) -> usize {
    let n = b.rows() * b.cols();
    let mut rot = vec![0u8; n];
    let mut best = 0;
    loop {
        best = best.max(
            launched_rockets(b, &rot, lit)
                .iter()
                .filter(|&&x| x)
                .count(),
        );
        let mut i = 0;
        while i < n && rot[i] == 3 {
            rot[i] = 0;
            i += 1;
        }
        if i == n {
            return best;
        }
        rot[i] += 1;
    }
}

fn small_board() -> impl Strategy<Value = (FuseBoard, Vec<bool>)> {
    (
        1usize..4,
        1usize..4,
        prop::collection::vec(0usize..5, 9),
        prop::collection::vec(any::<bool>(), 3),
    )
        .prop_map(|(r, c, tiles, lit)| {
            let rows: Vec<String> = (0..r)
                .map(|i| {
                    (0..c)
                        .map(|j| ['.', '-', 'L', 'T', '+'][tiles[i * 3 + j]])
                        .collect()
                })
                .collect();
            (FuseBoard::parse_rows(&rows).unwrap(), lit[..r].to_vec())
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn exact_prunings_keep_the_optimum((b, lit) in small_board()) {
        let (plain, _) = rocket_mania_with(&b, &lit, Prunings::default(), &plugdp::Options::default()).unwrap();
        for p in [
            Prunings { lone_unlit_plug: true, ..Prunings::default() },
            Prunings { dominance: true, ..Prunings::default() },
            Prunings { row_end: true, ..Prunings::default() },
            Prunings::EXACT,
        ] {
            let (pruned, _) = rocket_mania_with(&b, &lit, p, &plugdp::Options::default()).unwrap();
            prop_assert_eq!(pruned.launched, plain.launched, "{:?}", p);
        }
    }

    #[test]
    fn best_matches_brute_force((b, lit) in small_board()) {
        let plan = rocket_mania(&b, &lit, &plugdp::Options::default()).unwrap();
        prop_assert_eq!(plan.launched, brute(&b, &lit));
        prop_assert_eq!(launched_rockets(&b, &plan.rotations, &lit), plan.rockets);
    }
}
