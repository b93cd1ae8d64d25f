//! Counting the fixed polyominoes that a symmetry maps onto themselves, for Burnside's lemma.
//!
//! The number of free (one-sided) polyominoes of size n is the average, over the 8 (4)
//! symmetries g, of `F(g)`: the number of fixed polyominoes P with g(P) a translate of P.
//! `F(identity)` is the fixed count. For the other symmetries a symmetric P has a unique centre
//! (the centre of its bounding box), so `F(g)` sums, over the finitely many centre types modulo
//! translation, the number of P symmetric about one pinned centre. Those are enumerated on the
//! *orbit graph*: a node is an orbit of cells under the symmetry about that centre, two orbits
//! are adjacent when some of their cells are, and a node weighs its orbit's size. Folding a
//! connected P onto its orbits gives a connected node set of total weight n, so Redelmeier's
//! algorithm over weighted nodes finds every candidate once; the rotations then check that the
//! union of the chosen orbits is really connected.
//!
//! * Reflections (mirror left–right about a column of cells or about a grid line; transpose):
//!   a connected symmetric P crosses or touches its axis, so the root is the axis orbit with the
//!   smallest coordinate along the axis, which also removes the translation along the axis.
//!   Folding across the axis keeps paths inside the kept half, and a connected half that touches
//!   the axis unfolds to a connected P, so no check is needed.
//! * Rotations (half turn about a cell centre, an edge midpoint or a vertex; quarter turn about
//!   a cell centre or a vertex): the centre is pinned, every cell of P lies within L1 distance
//!   (n − 1)/2 of it (a path from a cell to its half-turn image has at least twice that many
//!   steps), and each node set is counted from its smallest node.
//!
//! Costs: the orbit sets have about half (reflections, half turns) or a quarter (quarter turns)
//! of n nodes. For reflections the root is pinned, so the search is about as large as the fixed
//! polyominoes of size n/2 (milliseconds at n = 20). For rotations every orbit of the disc is
//! tried as a root and most connected orbit sets do not unfold into a connected polyomino, so
//! the half turn dominates: about 5× per two sizes, 0.8 s at n = 18 and 4.4 s at n = 20, still
//! about 1 % of the fixed count it accompanies in Burnside's lemma. The unit tests compare
//! every `F(g)` with a brute-force count over all fixed polyominoes.

use std::collections::HashMap;

use smallvec::SmallVec;

use super::budget::{Meter, Stop};
use crate::{Cell, Transform};

type Orbit = SmallVec<[Cell; 4]>;

/// `F(t)` for size `n ≥ 1`: the number of fixed n-ominoes that `t` maps onto a translate of
/// themselves. `F(identity)` is not computed here. Every node of the orbit searches ticks
/// `meter`, and a connectivity check of k cells charges k more.
pub(crate) fn count_invariant(n: usize, t: Transform, meter: &mut Meter<'_>) -> Result<u64, Stop> {
    let m = n as i32;
    Ok(match t {
        Transform::Identity => unreachable!("the identity's count is the fixed count"),
        Transform::Rotate90 | Transform::Rotate270 => {
            let about_cell = |x: Cell| Cell::new(-x.col, x.row);
            let about_vertex = |x: Cell| Cell::new(1 - x.col, x.row);
            rotation_count(n, (0, 0), about_cell, meter)?
                + rotation_count(n, (1, 1), about_vertex, meter)?
        }
        Transform::Rotate180 => {
            let mut total = 0;
            for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let g = move |x: Cell| Cell::new(a - x.row, b - x.col);
                total += rotation_count(n, (a, b), g, meter)?;
            }
            total
        }
        Transform::MirrorLeftRight | Transform::MirrorUpDown => {
            let mut total = 0;
            for a in [0, -1] {
                // Columns a − c and c mirror each other; the axis orbits are those of column 0.
                let region =
                    (-m..=m).flat_map(move |r| ((a - m)..=m).map(move |c| Cell::new(r, c)));
                let g = OrbitGraph::build(
                    region,
                    |x| Cell::new(x.row, a - x.col),
                    |x| (x.col == 0 || x.col == a) && x.row < 0,
                );
                total += Search::new(&g, n, false, meter).count_from_root(Cell::ORIGIN, None)?;
            }
            total
        }
        Transform::Transpose | Transform::AntiTranspose => {
            let region = (-m..=m).flat_map(move |r| (-m..=m).map(move |c| Cell::new(r, c)));
            let g = OrbitGraph::build(
                region,
                |x| Cell::new(x.col, x.row),
                |x| x.row == x.col && x.row < 0,
            );
            Search::new(&g, n, false, meter).count_from_root(Cell::ORIGIN, None)?
        }
    })
}

/// Polyominoes of size `n` invariant under the rotation `g` about the centre `(a/2, b/2)`.
fn rotation_count(
    n: usize,
    (a, b): (i32, i32),
    g: impl Fn(Cell) -> Cell,
    meter: &mut Meter<'_>,
) -> Result<u64, Stop> {
    let m = n as i32;
    let region = (-m..=m)
        .flat_map(move |r| (-m..=m).map(move |c| Cell::new(r, c)))
        .filter(|x| (2 * x.row - a).abs() + (2 * x.col - b).abs() < m);
    let graph = OrbitGraph::build(region, g, |_| false);
    let mut search = Search::new(&graph, n, true, meter);
    let mut total = 0;
    for root in 0..graph.len() {
        total += search.count_from_node(root, Some(root))?;
    }
    Ok(total)
}

/// Orbits of cells under a symmetry, with adjacency and weights.
struct OrbitGraph {
    orbits: Vec<Orbit>,
    adj: Vec<SmallVec<[usize; 8]>>,
    node_of: HashMap<Cell, usize>,
}

impl OrbitGraph {
    /// Builds the graph of the orbits (under the symmetry `g`) of the cells of `region`
    /// (which must be closed under `g`), leaving out orbits with a cell in `exclude`. Nodes are
    /// numbered in order of their first cell in `region`.
    fn build(
        region: impl Iterator<Item = Cell>,
        g: impl Fn(Cell) -> Cell,
        exclude: impl Fn(Cell) -> bool,
    ) -> OrbitGraph {
        let mut orbits = Vec::new();
        let mut node_of = HashMap::new();
        for x in region {
            if node_of.contains_key(&x) {
                continue;
            }
            let mut orbit = Orbit::new();
            let mut y = x;
            loop {
                orbit.push(y);
                y = g(y);
                if y == x {
                    break;
                }
            }
            if orbit.iter().any(|&c| exclude(c)) {
                continue;
            }
            for &c in &orbit {
                node_of.insert(c, orbits.len());
            }
            orbits.push(orbit);
        }
        let adj = orbits
            .iter()
            .enumerate()
            .map(|(i, orbit)| {
                let mut nb: SmallVec<[usize; 8]> = SmallVec::new();
                for &c in orbit {
                    for y in c.edge_neighbours() {
                        if let Some(&j) = node_of.get(&y)
                            && j != i
                            && !nb.contains(&j)
                        {
                            nb.push(j);
                        }
                    }
                }
                nb
            })
            .collect();
        OrbitGraph {
            orbits,
            adj,
            node_of,
        }
    }

    fn len(&self) -> usize {
        self.orbits.len()
    }
}

/// Weighted Redelmeier search over an orbit graph. Untried sets live in one pool, one segment
/// per depth, as in the fixed-polyomino counter.
struct Search<'g, 'm, 'b> {
    graph: &'g OrbitGraph,
    meter: &'m mut Meter<'b>,
    n: usize,
    check_connected: bool,
    reached: Vec<bool>,
    chosen: Vec<usize>,
    pool: Vec<usize>,
    count: u64,
}

impl<'g, 'm, 'b> Search<'g, 'm, 'b> {
    fn new(
        graph: &'g OrbitGraph,
        n: usize,
        check_connected: bool,
        meter: &'m mut Meter<'b>,
    ) -> Search<'g, 'm, 'b> {
        Search {
            graph,
            meter,
            n,
            check_connected,
            reached: vec![false; graph.len()],
            chosen: Vec::new(),
            // Untried nodes are distinct, so a segment never holds more than the graph's nodes.
            pool: vec![0; graph.len() * (n + 1)],
            count: 0,
        }
    }

    fn count_from_root(&mut self, root: Cell, floor: Option<usize>) -> Result<u64, Stop> {
        let node = self.graph.node_of[&root];
        self.count_from_node(node, floor)
    }

    /// Node sets of weight n containing `root`; with `floor`, only nodes ≥ floor may be used.
    fn count_from_node(&mut self, root: usize, floor: Option<usize>) -> Result<u64, Stop> {
        self.reached.fill(false);
        if let Some(f) = floor {
            self.reached[..f].fill(true);
        }
        self.reached[root] = true;
        self.count = 0;
        self.pool[0] = root;
        self.grow(0, 1, 0)?;
        Ok(self.count)
    }

    fn grow(&mut self, depth: usize, mut len: usize, weight: usize) -> Result<(), Stop> {
        let cap = self.graph.len();
        let base = depth * cap;
        while len > 0 {
            len -= 1;
            self.meter.tick()?;
            let v = self.pool[base + len];
            let w = weight + self.graph.orbits[v].len();
            if w > self.n {
                continue;
            }
            self.chosen.push(v);
            if w == self.n {
                if !self.check_connected {
                    self.count += 1;
                } else {
                    self.meter.charge(8 * self.n as u64)?;
                    if self.chosen_connected() {
                        self.count += 1;
                    }
                }
            } else {
                let child = base + cap;
                self.pool.copy_within(base..base + len, child);
                let mut clen = len;
                for &u in &self.graph.adj[v] {
                    if !self.reached[u] {
                        self.reached[u] = true;
                        self.pool[child + clen] = u;
                        clen += 1;
                    }
                }
                let below = self.grow(depth + 1, clen, w);
                for i in len..clen {
                    let u = self.pool[child + i];
                    self.reached[u] = false;
                }
                below?;
            }
            self.chosen.pop();
        }
        Ok(())
    }

    /// Whether the union of the chosen orbits is 4-connected (sorted cells, binary search:
    /// O(k log k) for k cells).
    fn chosen_connected(&self) -> bool {
        let mut cells: Vec<Cell> = self
            .chosen
            .iter()
            .flat_map(|&v| self.graph.orbits[v].iter().copied())
            .collect();
        cells.sort_unstable();
        let mut seen = vec![false; cells.len()];
        let mut stack = vec![0];
        seen[0] = true;
        let mut reached = 1;
        while let Some(i) = stack.pop() {
            for y in cells[i].edge_neighbours() {
                if let Ok(j) = cells.binary_search(&y)
                    && !seen[j]
                {
                    seen[j] = true;
                    reached += 1;
                    stack.push(j);
                }
            }
        }
        reached == cells.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumerate::Options;
    use crate::enumerate::budget::Budget;
    use crate::enumerate::redelmeier::FixedPolyominoes;

    /// Brute force: count the fixed polyominoes whose symmetry group contains `t`.
    fn brute(n: usize, t: Transform) -> u64 {
        FixedPolyominoes::new(n)
            .filter(|p| p.symmetry_group().contains(t))
            .count() as u64
    }

    #[test]
    fn invariant_counts_match_brute_force() {
        let budget = Budget::new(&Options::default().with_max_nodes(u64::MAX)).unwrap();
        let mut meter = budget.meter();
        for n in 1..=10 {
            for t in &Transform::ALL[1..] {
                let fast = count_invariant(n, *t, &mut meter).unwrap();
                assert_eq!(fast, brute(n, *t), "n = {n}, {t}");
            }
        }
    }
}
