//! The cell-occupancy sweep against brute force over every subset of small boards.

use plugdp::{CellRules, Grid, run_cells};
use proptest::prelude::*;

fn brute(grid: &Grid, connected: bool, allow_empty: bool) -> u64 {
    let (rows, cols) = (grid.rows(), grid.cols());
    let free: Vec<usize> = (0..rows * cols)
        .filter(|&i| !grid.is_blocked(i / cols, i % cols))
        .collect();
    let mut count = 0;
    for mask in 0u32..(1 << free.len()) {
        let cells: Vec<usize> = (0..free.len())
            .filter(|&k| mask >> k & 1 == 1)
            .map(|k| free[k])
            .collect();
        if cells.is_empty() {
            count += u64::from(allow_empty);
            continue;
        }
        if connected {
            let mut seen = vec![cells[0]];
            let mut i = 0;
            while i < seen.len() {
                let v = seen[i];
                i += 1;
                for &u in &cells {
                    let adjacent =
                        (u / cols == v / cols && u.abs_diff(v) == 1) || u.abs_diff(v) == cols;
                    if adjacent && !seen.contains(&u) {
                        seen.push(u);
                    }
                }
            }
            if seen.len() != cells.len() {
                continue;
            }
        }
        count += 1;
    }
    count
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn subsets_match_brute_force(r in 1usize..5, c in 1usize..5, noise in prop::collection::vec(0u8..5, 16),
                                 connected in any::<bool>(), allow_empty in any::<bool>()) {
        let blocked = (0..r * c).map(|i| noise[i] == 0).collect();
        let grid = Grid::with_blocked(r, c, blocked).unwrap();
        let rules = CellRules { connected, allow_empty };
        let got: u64 = run_cells(&grid, rules, |_, _| (Some(1), Some(1)), &plugdp::Options::default()).unwrap();
        prop_assert_eq!(got, brute(&grid, connected, allow_empty));
    }
}
