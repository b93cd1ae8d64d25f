//! The solvers against brute force on small random boards.

use plugdp::{Grid, Options, cycle_covers, domino_tilings, hamiltonian_cycles, hamiltonian_paths};
use proptest::prelude::*;

/// What the brute force counts.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// Every free cell has exactly this degree.
    Regular(usize),
    /// One cycle through every free cell.
    Cycle,
    /// One path through every free cell.
    Path,
}

/// Counts the edge sets of the free cells with the given shape.
fn brute(grid: &Grid, shape: Shape) -> u64 {
    let (degree, single_cycle) = match shape {
        Shape::Regular(d) => (d, false),
        Shape::Cycle | Shape::Path => (2, true),
    };
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if grid.is_blocked(r, c) {
                continue;
            }
            if c + 1 < cols && !grid.is_blocked(r, c + 1) {
                edges.push((r * cols + c, r * cols + c + 1));
            }
            if r + 1 < rows && !grid.is_blocked(r + 1, c) {
                edges.push((r * cols + c, (r + 1) * cols + c));
            }
        }
    }
    let free: Vec<usize> = (0..rows * cols)
        .filter(|&i| !grid.is_blocked(i / cols, i % cols))
        .collect();
    if free.is_empty() {
        return u64::from(!single_cycle);
    }
    if shape == Shape::Path && free.len() == 1 {
        return 1;
    }
    let mut search = Search {
        path: shape == Shape::Path,
        deg: vec![0; rows * cols],
        chosen: Vec::new(),
        edges,
        free,
        degree,
        single: single_cycle,
        count: 0,
    };
    search.go(0);
    search.count
}

/// Backtracking over the edges: each is taken or not, keeping every degree ≤ the target.
struct Search {
    path: bool,
    edges: Vec<(usize, usize)>,
    deg: Vec<usize>,
    chosen: Vec<(usize, usize)>,
    free: Vec<usize>,
    degree: usize,
    single: bool,
    count: u64,
}

impl Search {
    fn go(&mut self, i: usize) {
        if i == self.edges.len() {
            let degrees_ok = if self.path {
                self.free.iter().all(|&v| self.deg[v] >= 1)
                    && self.free.iter().filter(|&&v| self.deg[v] == 1).count() == 2
            } else {
                self.free.iter().all(|&v| self.deg[v] == self.degree)
            };
            if degrees_ok && (!self.single || self.connected()) {
                self.count += 1;
            }
            return;
        }
        self.go(i + 1);
        let (a, b) = self.edges[i];
        if self.deg[a] < self.degree && self.deg[b] < self.degree {
            self.deg[a] += 1;
            self.deg[b] += 1;
            self.chosen.push((a, b));
            self.go(i + 1);
            self.chosen.pop();
            self.deg[a] -= 1;
            self.deg[b] -= 1;
        }
    }

    fn connected(&self) -> bool {
        let mut seen = vec![self.free[0]];
        let mut i = 0;
        while i < seen.len() {
            let v = seen[i];
            i += 1;
            for &(a, b) in &self.chosen {
                let w = if a == v {
                    b
                } else if b == v {
                    a
                } else {
                    continue;
                };
                if !seen.contains(&w) {
                    seen.push(w);
                }
            }
        }
        seen.len() == self.free.len()
    }
}

fn board() -> impl Strategy<Value = Grid> {
    (1usize..5, 1usize..6, prop::collection::vec(0u8..10, 30)).prop_map(|(r, c, noise)| {
        let blocked = (0..r * c).map(|i| noise[i] == 0).collect();
        Grid::with_blocked(r, c, blocked).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn hamiltonian_cycles_match_brute_force(g in board()) {
        let expected = brute(&g, Shape::Cycle).to_string();
        prop_assert_eq!(hamiltonian_cycles(&g, &Options::default()).unwrap().to_string(), expected.clone());
        // Two threads: the halves at once, or the workers of one half.
        let two = std::num::NonZeroUsize::new(2).unwrap();
        prop_assert_eq!(hamiltonian_cycles(&g, &Options::default().with_threads(two.get())).unwrap().to_string(), expected);
    }

    #[test]
    fn cycle_covers_match_brute_force(g in board()) {
        prop_assert_eq!(cycle_covers(&g, &Options::default()).unwrap().to_string(), brute(&g, Shape::Regular(2)).to_string());
    }

    #[test]
    fn hamiltonian_paths_match_brute_force(g in board()) {
        prop_assert_eq!(hamiltonian_paths(&g, &Options::default()).unwrap().to_string(), brute(&g, Shape::Path).to_string());
    }

    #[test]
    fn domino_tilings_match_brute_force(g in board()) {
        prop_assert_eq!(domino_tilings(&g, &plugdp::Options::default()).unwrap().to_string(), brute(&g, Shape::Regular(1)).to_string());
    }
}

#[test]
fn published_values() {
    // Timus 1519 samples, HDU 1693 samples, OEIS A003763 and A004003.
    let f = |rows: &[&str]| Grid::parse_rows(rows, '.', '*').unwrap();
    assert_eq!(
        hamiltonian_cycles(&f(&["**..", "....", "....", "...."]), &Options::default())
            .unwrap()
            .to_string(),
        "2"
    );
    assert_eq!(
        hamiltonian_cycles(&Grid::new(6, 6).unwrap(), &Options::default())
            .unwrap()
            .to_string(),
        "1072"
    );
    assert_eq!(
        hamiltonian_cycles(&Grid::new(8, 8).unwrap(), &Options::default())
            .unwrap()
            .to_string(),
        "4638576"
    );
    assert_eq!(
        cycle_covers(
            &f(&["...", ".*.", "...", "...", ".*.", "..."]),
            &Options::default()
        )
        .unwrap()
        .to_string(),
        "3"
    );
    assert_eq!(
        domino_tilings(&Grid::new(6, 6).unwrap(), &plugdp::Options::default())
            .unwrap()
            .to_string(),
        "6728"
    );
    assert_eq!(
        domino_tilings(&Grid::new(10, 10).unwrap(), &plugdp::Options::default())
            .unwrap()
            .to_string(),
        "258584046368"
    );
    assert_eq!(
        hamiltonian_cycles(&Grid::new(3, 3).unwrap(), &Options::default())
            .unwrap()
            .to_string(),
        "0"
    );
}

#[test]
fn bad_inputs_are_errors() {
    use plugdp::{EdgeRules, PlugError, Sides, run_edges_witness};
    assert!(Grid::new(usize::MAX, 2).is_err());
    assert!(Grid::new(0, 2).is_err());
    let g = Grid::new(2, 2).unwrap();
    assert!(g.is_blocked(5, 5));
    // A counting value has no witness: a typed error, not a panic.
    let counting = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64));
    let r = run_edges_witness(
        &Grid::new(4, 4).unwrap(),
        EdgeRules::SINGLE_CYCLE,
        counting,
        &plugdp::Options::default(),
    );
    assert_eq!(r, Err(PlugError::NoWitness));
    // One-row and one-column boards have no cycle; an all-blocked board has no cycle and one
    // (empty) cover.
    assert_eq!(
        hamiltonian_cycles(&Grid::new(1, 9).unwrap(), &Options::default())
            .unwrap()
            .to_string(),
        "0"
    );
    assert_eq!(
        hamiltonian_paths(&Grid::new(1, 9).unwrap(), &Options::default())
            .unwrap()
            .to_string(),
        "1"
    );
    assert_eq!(
        hamiltonian_paths(&Grid::new(9, 1).unwrap(), &Options::default())
            .unwrap()
            .to_string(),
        "1"
    );
    let blocked = Grid::with_blocked(2, 2, vec![true; 4]).unwrap();
    assert_eq!(
        cycle_covers(&blocked, &Options::default())
            .unwrap()
            .to_string(),
        "1"
    );
    assert_eq!(
        hamiltonian_cycles(&blocked, &Options::default())
            .unwrap()
            .to_string(),
        "0"
    );
    assert_eq!(
        domino_tilings(&Grid::new(1, 9).unwrap(), &plugdp::Options::default())
            .unwrap()
            .to_string(),
        "0"
    );
    assert_eq!(
        domino_tilings(&Grid::new(1, 8).unwrap(), &plugdp::Options::default())
            .unwrap()
            .to_string(),
        "1"
    );
}

/// Full rectangles are counted by Kasteleyn's determinant; the same rectangle with an extra,
/// fully blocked row goes through the plug DP. The two methods must agree.
#[test]
fn kasteleyn_agrees_with_the_plug_dp_on_rectangles() {
    for rows in 1..=8 {
        for cols in 1..=9 {
            let full = Grid::new(rows, cols).unwrap();
            let mut flags = vec![false; rows * cols];
            flags.extend(std::iter::repeat_n(true, cols));
            let padded = Grid::with_blocked(rows + 1, cols, flags).unwrap();
            assert_eq!(
                domino_tilings(&full, &plugdp::Options::default())
                    .unwrap()
                    .to_string(),
                domino_tilings(&padded, &plugdp::Options::default())
                    .unwrap()
                    .to_string(),
                "{rows}x{cols}"
            );
        }
    }
}
