//! Self-avoiding polygons against an independent brute force: closed self-avoiding walks from
//! the origin, each polygon of perimeter p being walked from each of its p vertices in two
//! directions.

use std::collections::HashSet;

use plugdp::self_avoiding_polygons;

fn closed_walks(len: usize) -> u64 {
    fn go(pos: (i32, i32), left: usize, seen: &mut HashSet<(i32, i32)>, count: &mut u64) {
        for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let next = (pos.0 + dr, pos.1 + dc);
            if left == 1 {
                if next == (0, 0) {
                    *count += 1;
                }
                continue;
            }
            // Prune walks that cannot come back in time.
            if (next.0.abs() + next.1.abs()) as usize > left - 1 || !seen.insert(next) {
                continue;
            }
            go(next, left - 1, seen, count);
            seen.remove(&next);
        }
    }
    let mut seen = HashSet::from([(0, 0)]);
    let mut count = 0;
    go((0, 0), len, &mut seen, &mut count);
    count
}

#[test]
fn transfer_matrix_equals_brute_force() {
    let tm = self_avoiding_polygons(7, &plugdp::Options::default()).unwrap();
    for (n, &count) in tm.iter().enumerate().skip(2) {
        let p = 2 * n;
        assert_eq!(count, closed_walks(p) / (2 * p as u64), "perimeter {p}");
    }
}

#[test]
fn oeis_a002931() {
    let v = self_avoiding_polygons(12, &plugdp::Options::default()).unwrap();
    assert_eq!(v[8..].to_vec(), vec![2938, 15268, 81826, 449572, 2521270]);
    assert!(
        self_avoiding_polygons(
            plugdp::MAX_POLYGON_HALF_PERIMETER + 1,
            &plugdp::Options::default()
        )
        .is_err()
    );
}
