//! Optimisation with witnesses against brute force: the cheapest cycle cover and the cheapest
//! Hamiltonian cycle of small random boards with random costs per cell and shape.

use plugdp::{EdgeRules, Grid, MinPlus, Sides, run_edges_witness};
use proptest::prelude::*;

/// Brute force: the cheapest edge set in which every free cell has degree 2 (and which is one
/// connected cycle, if asked), with a cell's cost given by its open sides.
fn brute(grid: &Grid, cost: &dyn Fn(usize, usize, Sides) -> i64, single: bool) -> Option<i64> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if grid.is_blocked(r, c) {
                continue;
            }
            if c + 1 < cols && !grid.is_blocked(r, c + 1) {
                edges.push((r, c, false));
            }
            if r + 1 < rows && !grid.is_blocked(r + 1, c) {
                edges.push((r, c, true));
            }
        }
    }
    let free: Vec<(usize, usize)> = (0..rows * cols)
        .map(|i| (i / cols, i % cols))
        .filter(|&(r, c)| !grid.is_blocked(r, c))
        .collect();
    let mut best: Option<i64> = None;
    for mask in 0u32..(1 << edges.len()) {
        let mut sides = vec![0u8; rows * cols];
        for (k, &(r, c, down)) in edges.iter().enumerate() {
            if mask >> k & 1 == 1 {
                if down {
                    sides[r * cols + c] |= Sides::DOWN.0;
                    sides[(r + 1) * cols + c] |= Sides::UP.0;
                } else {
                    sides[r * cols + c] |= Sides::RIGHT.0;
                    sides[r * cols + c + 1] |= Sides::LEFT.0;
                }
            }
        }
        if !free
            .iter()
            .all(|&(r, c)| sides[r * cols + c].count_ones() == 2)
        {
            continue;
        }
        if single && !connected(&free, &sides, cols) {
            continue;
        }
        let total: i64 = free
            .iter()
            .map(|&(r, c)| cost(r, c, Sides(sides[r * cols + c])))
            .sum();
        best = Some(best.map_or(total, |b| b.min(total)));
    }
    best
}

fn connected(free: &[(usize, usize)], sides: &[u8], cols: usize) -> bool {
    let mut seen = vec![free[0]];
    let mut i = 0;
    while i < seen.len() {
        let (r, c) = seen[i];
        i += 1;
        let s = sides[r * cols + c];
        let mut nb = Vec::new();
        if s & Sides::LEFT.0 != 0 {
            nb.push((r, c - 1));
        }
        if s & Sides::RIGHT.0 != 0 {
            nb.push((r, c + 1));
        }
        if s & Sides::UP.0 != 0 {
            nb.push((r - 1, c));
        }
        if s & Sides::DOWN.0 != 0 {
            nb.push((r + 1, c));
        }
        for x in nb {
            if !seen.contains(&x) {
                seen.push(x);
            }
        }
    }
    seen.len() == free.len()
}

fn case() -> impl Strategy<Value = (Grid, Vec<i64>, bool)> {
    (
        1usize..4,
        1usize..5,
        prop::collection::vec(0u8..6, 16),
        prop::collection::vec(-5i64..10, 96),
        any::<bool>(),
    )
        .prop_map(|(r, c, noise, costs, single)| {
            let blocked = (0..r * c).map(|i| noise[i] == 0).collect();
            (Grid::with_blocked(r, c, blocked).unwrap(), costs, single)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cheapest_configurations_and_their_witnesses((grid, costs, single) in case()) {
        let cols = grid.cols();
        let cost = |r: usize, c: usize, s: Sides| {
            let k = Sides::PAIRS.iter().position(|&p| p == s).unwrap_or(0);
            costs[(r * cols + c) * 6 + k]
        };
        let rules = if single { EdgeRules::SINGLE_CYCLE } else { EdgeRules::PRESENCE };
        let choices = |r, c| Sides::PAIRS.iter().map(|&s| (s, MinPlus(Some(cost(r, c, s))))).collect::<Vec<_>>();
        let (best, witness) = run_edges_witness(&grid, rules, choices, &plugdp::Options::default()).unwrap();
        let expected = if single && grid.free_cells() == 0 { None } else { brute(&grid, &cost, single) };
        prop_assert_eq!(best.0, expected);
        if let (Some(b), Some(w)) = (best.0, witness) {
            // The witness is a valid configuration of that cost.
            let mut total = 0;
            let mut sides = vec![0u8; grid.rows() * cols];
            for r in 0..grid.rows() {
                for c in 0..cols {
                    if !grid.is_blocked(r, c) {
                        let s = Sides::PAIRS[w[r * cols + c]];
                        sides[r * cols + c] = s.0;
                        total += cost(r, c, s);
                    }
                }
            }
            prop_assert_eq!(total, b);
            for r in 0..grid.rows() {
                for c in 0..cols {
                    let s = sides[r * cols + c];
                    let right = c + 1 < cols && sides[r * cols + c + 1] & Sides::LEFT.0 != 0;
                    let down = r + 1 < grid.rows() && sides[(r + 1) * cols + c] & Sides::UP.0 != 0;
                    prop_assert_eq!(s & Sides::RIGHT.0 != 0, right);
                    prop_assert_eq!(s & Sides::DOWN.0 != 0, down);
                }
            }
        }
    }
}
