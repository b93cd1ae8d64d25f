//! Uniform random layouts consistent with a list of hit answers: the hunter's way to refill a
//! sampled layout set (and to draw a sampled universe).
//!
//! A layout is an *ordered* triple of placements, plane i taken from the placements its mask
//! allows, pairwise disjoint. It is consistent with a fact `(cell, answer)` when the role of the
//! cell in the layout (the role in the one placement covering it, or empty) is the answer.
//!
//! Two methods, chosen per call:
//!
//! * **Rejection** (no fact asks for a cell to be covered): draw each plane uniformly from the
//!   placements that contradict no fact on their own, keep the triple if it is disjoint. Every
//!   consistent layout is proposed with the same probability, so the kept ones are uniform; the
//!   acceptance rate is the chance that three such placements are disjoint (most of the time).
//! * **Cover tree** (some facts are `Body` or `Head`). Rejection would almost never propose a
//!   triple covering every such cell, so the sampler counts instead. Walk the tree that takes
//!   the first required cell not yet covered and branches on the plane and the placement that
//!   cover it (each consistent layout has exactly one path: its planes are disjoint, so one plane
//!   covers each cell). At a leaf every required cell is covered and the free planes may take
//!   any compatible placement disjoint from the rest; their number of completions is counted by
//!   popcounts over the placement overlap matrix (one free plane: one popcount; two: one
//!   popcount per placement of the first). A leaf drawn in proportion to its completions, then
//!   a completion drawn uniformly within it, is a uniform consistent layout. When there are few
//!   consistent layouts in all, the sampler lists them all instead ([`Sampled::exact`]).
//!
//! | step | cost (n placements, w = n / 64 words, R required cells) |
//! |---|---|
//! | compatible placements | O(3 n · facts) |
//! | cover tree | at most (3 c)(2 c)(c) nodes for c placements covering a cell, depth ≤ min(3, R) |
//! | counting a leaf | O(w) with one free plane, O(n w) with two |
//! | one sample | O(log leaves) plus O(w) per distinct leaf drawn |
//!
//! The tree gives up past [`MAX_LEAVES`] leaves or [`MAX_WORK`] units of work (facts this loose
//! are rare: the required cells would have to be far apart and many, or the sheet huge) and
//! the sampler falls back to rejection.

use polyomino::Cell;

use super::{HitAnswer, PlacementTable};
use crate::game::Rng;

/// Most leaves the cover tree may have before the sampler settles for rejection.
pub(crate) const MAX_LEAVES: usize = 1 << 16;

/// Most work (32 units per tree node visited, one per bit-set word read while counting) the
/// cover tree may spend before the sampler settles for rejection: under a tenth of a second. The standard
/// sheet stays far below it; huge sheets with many placements per cell and scattered required
/// cells would otherwise take seconds.
pub(crate) const MAX_WORK: u64 = 1 << 26;

/// What a call produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sampled {
    /// Ordered layouts (plane i's placement at index i), possibly repeated when drawn.
    pub layouts: Vec<[u32; 3]>,
    /// Every consistent layout is in `layouts` (each once): the set is exact, not a sample.
    pub exact: bool,
}

/// The layouts the sampler draws from: a placement table and which placements each plane may
/// take.
pub(crate) struct Space<'a> {
    pub table: &'a PlacementTable,
    pub allowed: &'a [Vec<bool>; 3],
}

/// One leaf of the cover tree: the planes fixed so far and how many completions it has.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    fixed: [Option<u32>; 3],
    weight: u64,
}

/// A bit-set over placements.
type Bits = Vec<u64>;

fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut b = word;
        std::iter::from_fn(move || {
            (b != 0).then(|| {
                let i = w * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                i
            })
        })
    })
}

fn popcount(bits: &[u64]) -> u64 {
    bits.iter().map(|w| u64::from(w.count_ones())).sum()
}

/// The role of `cell` in layout `l`: its role in the placement covering it, or empty.
fn role_in(table: &PlacementTable, l: &[u32; 3], cell: Cell) -> HitAnswer {
    l.iter()
        .map(|&p| table.role_at(p as usize, cell))
        .find(|&r| r != HitAnswer::Empty)
        .unwrap_or(HitAnswer::Empty)
}

impl Space<'_> {
    /// Up to `count` uniformly random layouts consistent with `facts`, or every consistent
    /// layout when there are at most `exact_limit` of them and the cover tree applies.
    /// Rejection gives up after `2 count + 10 000` misses, so a nearly impossible fact list
    /// returns fewer layouts (possibly none).
    pub(crate) fn sample(
        &self,
        facts: &[(Cell, HitAnswer)],
        count: usize,
        exact_limit: u64,
        rng: &mut Rng,
    ) -> Sampled {
        let table = self.table;
        let lists = self.compatible(facts);
        let none = Sampled {
            layouts: Vec::new(),
            exact: true,
        };
        if lists.iter().any(Vec::is_empty) {
            return none;
        }
        let mut required: Vec<Cell> = Vec::new();
        for &(c, a) in facts {
            if a != HitAnswer::Empty && !required.contains(&c) {
                required.push(c);
            }
        }
        if !required.is_empty() && table.overlap_row(0).is_some() {
            let tree = CoverTree::new(self, &lists, &required);
            if let Some(tree) = tree {
                return tree.draw(count, exact_limit, rng);
            }
        }
        Sampled {
            layouts: self.reject(&lists, facts, count, rng),
            exact: false,
        }
    }

    /// The placements each plane may take that contradict no fact on their own (every fact
    /// cell they cover has the fact's answer as its role there), ascending.
    fn compatible(&self, facts: &[(Cell, HitAnswer)]) -> [Vec<u32>; 3] {
        let table = self.table;
        let fitting: Vec<bool> = (0..table.len())
            .map(|p| {
                facts.iter().all(|&(c, a)| {
                    let r = table.role_at(p, c);
                    r == HitAnswer::Empty || r == a
                })
            })
            .collect();
        std::array::from_fn(|i| {
            (0..table.len())
                .filter(|&p| self.allowed[i][p] && fitting[p])
                .map(|p| p as u32)
                .collect()
        })
    }

    /// Rejection sampling from the per-plane lists (see the module docs).
    fn reject(
        &self,
        lists: &[Vec<u32>; 3],
        facts: &[(Cell, HitAnswer)],
        count: usize,
        rng: &mut Rng,
    ) -> Vec<[u32; 3]> {
        let table = self.table;
        let mut out = Vec::with_capacity(count.min(1 << 16));
        let mut misses = 0usize;
        let most_misses = count.saturating_mul(2).saturating_add(10_000);
        while out.len() < count && misses < most_misses {
            let l: [u32; 3] = std::array::from_fn(|i| lists[i][rng.index(lists[i].len())]);
            let [a, b, c] = l.map(|p| p as usize);
            let ok = a != b
                && a != c
                && b != c
                && !table.overlap_at(a, b)
                && !table.overlap_at(a, c)
                && !table.overlap_at(b, c);
            if ok
                && facts
                    .iter()
                    .all(|&(cell, ans)| role_in(table, &l, cell) == ans)
            {
                out.push(l);
            } else {
                misses += 1;
            }
        }
        out
    }
}

/// The cover tree of one call (see the module docs).
struct CoverTree<'a> {
    table: &'a PlacementTable,
    /// Compatible placements per plane, as bit-sets.
    compatible: [Bits; 3],
    /// Per required cell and plane, the compatible placements covering it.
    cover: Vec<[Vec<u32>; 3]>,
    required: &'a [Cell],
    leaves: Vec<Leaf>,
    /// Work spent so far (see [`MAX_WORK`]).
    work: u64,
}

impl<'a> CoverTree<'a> {
    /// The tree with every leaf counted, or `None` past [`MAX_LEAVES`] leaves.
    fn new(
        space: &Space<'a>,
        lists: &[Vec<u32>; 3],
        required: &'a [Cell],
    ) -> Option<CoverTree<'a>> {
        let table = space.table;
        let words = table.len().div_ceil(64);
        let compatible = std::array::from_fn(|i| {
            let mut bits = vec![0u64; words];
            for &p in &lists[i] {
                bits[p as usize / 64] |= 1 << (p % 64);
            }
            bits
        });
        let cover = required
            .iter()
            .map(|&c| {
                std::array::from_fn(|i| {
                    lists[i]
                        .iter()
                        .copied()
                        .filter(|&p| table.mask_at(p as usize).contains(c))
                        .collect()
                })
            })
            .collect();
        let mut tree = CoverTree {
            table,
            compatible,
            cover,
            required,
            leaves: Vec::new(),
            work: 0,
        };
        tree.walk([None; 3])?;
        Some(tree)
    }

    fn row(&self, p: u32) -> &[u64] {
        self.table
            .overlap_row(p as usize)
            .expect("the cover tree is built only with an overlap matrix")
    }

    /// Adds the leaves below `fixed`; `None` once there are too many or the work runs out.
    fn walk(&mut self, fixed: [Option<u32>; 3]) -> Option<()> {
        // A node (a search for the first uncovered cell, overlap tests) costs about as much
        // as 32 words of popcounts.
        self.work += 32;
        if self.work > MAX_WORK {
            return None;
        }
        let uncovered = (0..self.required.len()).find(|&r| {
            let c = self.required[r];
            !fixed
                .iter()
                .flatten()
                .any(|&p| self.table.mask_at(p as usize).contains(c))
        });
        let Some(r) = uncovered else {
            let free = fixed.iter().filter(|p| p.is_none()).count() as u64;
            let words = self.compatible[0].len() as u64;
            // One popcount pass per free plane, and one per placement of the first when two
            // are free.
            self.work += match free {
                2 => words * (self.table.len() as u64 + 2),
                _ => words * free,
            };
            if self.work > MAX_WORK {
                return None;
            }
            let weight = self.completions(&fixed);
            if weight > 0 {
                if self.leaves.len() >= MAX_LEAVES {
                    return None;
                }
                self.leaves.push(Leaf { fixed, weight });
            }
            return Some(());
        };
        for i in 0..3 {
            if fixed[i].is_some() {
                continue;
            }
            for k in 0..self.cover[r][i].len() {
                let p = self.cover[r][i][k];
                let disjoint = fixed
                    .iter()
                    .flatten()
                    .all(|&q| !self.table.overlap_at(p as usize, q as usize));
                if disjoint {
                    let mut next = fixed;
                    next[i] = Some(p);
                    self.walk(next)?;
                }
            }
        }
        Some(())
    }

    /// The compatible placements of plane `k` disjoint from every fixed plane.
    fn free(&self, fixed: &[Option<u32>; 3], k: usize) -> Bits {
        let mut bits = self.compatible[k].clone();
        for &p in fixed.iter().flatten() {
            for (b, o) in bits.iter_mut().zip(self.row(p)) {
                *b &= !o;
            }
        }
        bits
    }

    /// `bits` without the placements that overlap placement `q`.
    fn beside(&self, bits: &[u64], q: usize) -> Bits {
        bits.iter()
            .zip(self.row(q as u32))
            .map(|(a, o)| a & !o)
            .collect()
    }

    /// For two free planes with free placements `fj` and `fk`: the placements of the first,
    /// and for each the number of placements of the second disjoint from it.
    fn pair_counts(&self, fj: &[u64], fk: &[u64]) -> (Vec<usize>, Vec<u64>) {
        let firsts: Vec<usize> = ones(fj).collect();
        let counts = firsts
            .iter()
            .map(|&q| {
                fk.iter()
                    .zip(self.row(q as u32))
                    .map(|(a, o)| u64::from((a & !o).count_ones()))
                    .sum()
            })
            .collect();
        (firsts, counts)
    }

    /// The planes a leaf leaves free.
    fn free_planes(fixed: &[Option<u32>; 3]) -> Vec<usize> {
        (0..3).filter(|&i| fixed[i].is_none()).collect()
    }

    /// The number of ways to complete `fixed` (the free planes, disjoint from everything).
    fn completions(&self, fixed: &[Option<u32>; 3]) -> u64 {
        match CoverTree::free_planes(fixed)[..] {
            [] => 1,
            [k] => popcount(&self.free(fixed, k)),
            [j, k] => {
                let (fj, fk) = (self.free(fixed, j), self.free(fixed, k));
                self.pair_counts(&fj, &fk).1.iter().sum()
            }
            _ => unreachable!("a leaf covers at least one required cell"),
        }
    }

    /// Every completion of a leaf, passed to `f`.
    fn for_each_completion(&self, leaf: &Leaf, f: &mut impl FnMut([u32; 3])) {
        let base = leaf.fixed.map(|p| p.unwrap_or(0));
        match CoverTree::free_planes(&leaf.fixed)[..] {
            [] => f(base),
            [k] => {
                for q in ones(&self.free(&leaf.fixed, k)) {
                    let mut l = base;
                    l[k] = q as u32;
                    f(l);
                }
            }
            [j, k] => {
                let (fj, fk) = (self.free(&leaf.fixed, j), self.free(&leaf.fixed, k));
                for q in ones(&fj) {
                    for s in ones(&self.beside(&fk, q)) {
                        let mut l = base;
                        l[j] = q as u32;
                        l[k] = s as u32;
                        f(l);
                    }
                }
            }
            _ => unreachable!("a leaf covers at least one required cell"),
        }
    }

    /// Every consistent layout when there are at most `exact_limit`, else `count` uniform draws.
    fn draw(self, count: usize, exact_limit: u64, rng: &mut Rng) -> Sampled {
        let total: u64 = self.leaves.iter().map(|l| l.weight).sum();
        if total <= exact_limit {
            let mut layouts = Vec::with_capacity(total as usize);
            for leaf in &self.leaves {
                self.for_each_completion(leaf, &mut |l| layouts.push(l));
            }
            return Sampled {
                layouts,
                exact: true,
            };
        }
        // Leaves drawn in proportion to their weights, then grouped so that each leaf's free
        // placements are computed once.
        let mut cumulative = Vec::with_capacity(self.leaves.len());
        let mut sum = 0u64;
        for leaf in &self.leaves {
            sum += leaf.weight;
            cumulative.push(sum);
        }
        let mut picks: Vec<usize> = (0..count)
            .map(|_| {
                let u = rng.below(total);
                cumulative.partition_point(|&c| c <= u)
            })
            .collect();
        picks.sort_unstable();
        let mut layouts = Vec::with_capacity(count);
        let mut start = 0;
        while start < picks.len() {
            let leaf = self.leaves[picks[start]];
            let end = start + picks[start..].partition_point(|&x| x == picks[start]);
            self.complete(&leaf, end - start, rng, &mut layouts);
            start = end;
        }
        Sampled {
            layouts,
            exact: false,
        }
    }

    /// `times` uniform completions of `leaf`, appended to `out`.
    fn complete(&self, leaf: &Leaf, times: usize, rng: &mut Rng, out: &mut Vec<[u32; 3]>) {
        let base = leaf.fixed.map(|p| p.unwrap_or(0));
        match CoverTree::free_planes(&leaf.fixed)[..] {
            [] => out.extend(std::iter::repeat_n(base, times)),
            [k] => {
                let choices: Vec<usize> = ones(&self.free(&leaf.fixed, k)).collect();
                for _ in 0..times {
                    let mut l = base;
                    l[k] = choices[rng.index(choices.len())] as u32;
                    out.push(l);
                }
            }
            [j, k] => {
                // The first free plane in proportion to the second's choices beside it, then
                // the second uniformly among them.
                let (fj, fk) = (self.free(&leaf.fixed, j), self.free(&leaf.fixed, k));
                let (firsts, counts) = self.pair_counts(&fj, &fk);
                let cumulative: Vec<u64> = counts
                    .iter()
                    .scan(0u64, |sum, &c| {
                        *sum += c;
                        Some(*sum)
                    })
                    .collect();
                let sum = cumulative.last().copied().unwrap_or(0);
                for _ in 0..times {
                    let u = rng.below(sum);
                    let q = firsts[cumulative.partition_point(|&c| c <= u)];
                    let seconds: Vec<usize> = ones(&self.beside(&fk, q)).collect();
                    let mut l = base;
                    l[j] = q as u32;
                    l[k] = seconds[rng.index(seconds.len())] as u32;
                    out.push(l);
                }
            }
            _ => unreachable!("a leaf covers at least one required cell"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::planes::{Catalogue, Geometry};

    /// Every ordered layout allowed by `allowed`, by brute force.
    fn brute(space: &Space<'_>) -> Vec<[u32; 3]> {
        let t = space.table;
        let n = t.len();
        let mut out = Vec::new();
        for a in (0..n).filter(|&p| space.allowed[0][p]) {
            for b in (0..n).filter(|&p| space.allowed[1][p] && !t.overlap_at(a, p)) {
                for c in (0..n)
                    .filter(|&p| space.allowed[2][p] && !t.overlap_at(a, p) && !t.overlap_at(b, p))
                {
                    out.push([a as u32, b as u32, c as u32]);
                }
            }
        }
        out
    }

    /// The layouts of `all` consistent with `facts` (in the order of `all`).
    fn consistent(
        space: &Space<'_>,
        all: &[[u32; 3]],
        facts: &[(Cell, HitAnswer)],
    ) -> Vec<[u32; 3]> {
        all.iter()
            .copied()
            .filter(|l| {
                facts
                    .iter()
                    .all(|&(cell, ans)| role_in(space.table, l, cell) == ans)
            })
            .collect()
    }

    /// A small sheet, its table and the allowed placements per plane.
    fn setting(size: usize, masks: [u8; 3]) -> (PlacementTable, [Vec<bool>; 3]) {
        let geometry = Geometry::new(size, Catalogue::standard()).unwrap();
        let table = PlacementTable::new(&geometry, masks[0] | masks[1] | masks[2]);
        let allowed = std::array::from_fn(|i| {
            table
                .specs()
                .iter()
                .map(|s| masks[i] >> s.kind & 1 == 1)
                .collect()
        });
        (table, allowed)
    }

    /// Facts true of a random layout among `all`: `hits` random cells and their answers.
    fn facts_of(
        space: &Space<'_>,
        all: &[[u32; 3]],
        hits: usize,
        rng: &mut Rng,
    ) -> Vec<(Cell, HitAnswer)> {
        let hidden = all[rng.index(all.len())];
        let size = space.table.size() as u64;
        (0..hits)
            .map(|_| {
                let c = Cell::new(rng.below(size) as i32, rng.below(size) as i32);
                (c, role_in(space.table, &hidden, c))
            })
            .collect()
    }

    #[test]
    fn listing_equals_brute_force() {
        // Drones on 8 x 8 (one mask) and subtask 4's mixed masks on 7 x 7.
        for (size, masks) in [(8, [0b100000u8; 3]), (7, [0b100011, 0b11100, 0b11100])] {
            let (table, allowed) = setting(size, masks);
            let space = Space {
                table: &table,
                allowed: &allowed,
            };
            let all = brute(&space);
            assert!(!all.is_empty());
            let mut rng = Rng::seed_from(size as u64);
            let mut tree_used = 0;
            for round in 0..40 {
                let facts = facts_of(&space, &all, 1 + round % 7, &mut rng);
                let mut want = consistent(&space, &all, &facts);
                want.sort_unstable();
                let got = space.sample(&facts, 10, u64::MAX, &mut rng);
                if got.exact {
                    tree_used += 1;
                    let mut have = got.layouts.clone();
                    have.sort_unstable();
                    assert_eq!(have, want, "facts {facts:?}");
                } else {
                    // No required cell: rejection, whose draws must all be consistent.
                    assert!(facts.iter().all(|&(_, a)| a == HitAnswer::Empty));
                    assert!(got.layouts.iter().all(|l| want.binary_search(l).is_ok()));
                }
            }
            assert!(
                tree_used >= 20,
                "the cover tree ran in {tree_used} of 40 rounds"
            );
        }
    }

    #[test]
    fn draws_are_uniform() {
        // Consistent sets of a few dozen to a few hundred layouts, drawn 200 times per layout:
        // Pearson's statistic must stay within 6 standard deviations of its mean.
        let (table, allowed) = setting(7, [0b100000; 3]);
        let space = Space {
            table: &table,
            allowed: &allowed,
        };
        let all = brute(&space);
        let mut rng = Rng::seed_from(7);
        let mut checked = 0;
        for attempt in 0.. {
            assert!(attempt < 2_000, "no fact list of the wanted size found");
            if checked == 6 {
                break;
            }
            let facts = facts_of(&space, &all, 3 + attempt % 5, &mut rng);
            let mut want = consistent(&space, &all, &facts);
            want.sort_unstable();
            if !(20..=400).contains(&want.len())
                || facts.iter().all(|&(_, a)| a == HitAnswer::Empty)
            {
                continue;
            }
            let draws = 200 * want.len();
            let got = space.sample(&facts, draws, 0, &mut rng);
            assert!(!got.exact);
            assert_eq!(got.layouts.len(), draws);
            let mut seen = vec![0u64; want.len()];
            for l in &got.layouts {
                seen[want.binary_search(l).expect("a consistent layout")] += 1;
            }
            let k = want.len() as f64;
            let chi2: f64 = seen
                .iter()
                .map(|&o| (o as f64 - 200.0).powi(2) / 200.0)
                .sum();
            let bound = (k - 1.0) + 6.0 * (2.0 * (k - 1.0)).sqrt();
            assert!(chi2 < bound, "chi2 {chi2} over {k} layouts");
            checked += 1;
        }
    }

    #[test]
    fn scattered_facts_on_a_large_sheet_stay_bounded() {
        // Every kind on a 40 x 40 sheet (over 8 000 placements: no overlap matrix, so no tree)
        // and on 20 x 20 (a matrix, so a cover tree): body answers far apart must come back
        // quickly, by the tree or by rejection.
        for size in [40, 20] {
            let (table, allowed) = setting(size, [0b111111; 3]);
            assert_eq!(table.overlap_row(0).is_some(), size == 20);
            let space = Space {
                table: &table,
                allowed: &allowed,
            };
            let s = size as i32;
            // Four body answers near the four corners: three planes cannot cover them all, so
            // every branch of the tree is a dead end (an unbounded walk visits tens of
            // millions of nodes).
            let facts = [
                (Cell::new(4, 4), HitAnswer::Body),
                (Cell::new(s - 5, s - 5), HitAnswer::Body),
                (Cell::new(4, s - 5), HitAnswer::Body),
                (Cell::new(s - 5, 4), HitAnswer::Body),
                (Cell::new(s / 2, s / 2), HitAnswer::Empty),
            ];
            let start = std::time::Instant::now();
            let got = space.sample(&facts, 100, 100, &mut Rng::seed_from(2));
            assert!(
                start.elapsed() < std::time::Duration::from_secs(5),
                "{size}"
            );
            assert!(got.layouts.is_empty(), "no layout covers all four corners");
            if size == 20 {
                // The tree gave up on its work budget (about 2 s of walking without it).
                let required: Vec<Cell> = facts[..4].iter().map(|f| f.0).collect();
                let lists = space.compatible(&facts);
                assert!(CoverTree::new(&space, &lists, &required).is_none());
            }
        }
    }

    #[test]
    fn impossible_facts_give_nothing() {
        let (table, allowed) = setting(8, [0b100000; 3]);
        let space = Space {
            table: &table,
            allowed: &allowed,
        };
        let c = Cell::new(3, 3);
        // A cell cannot be a head and empty at once.
        let facts = [(c, HitAnswer::Head), (c, HitAnswer::Empty)];
        let got = space.sample(&facts, 100, 1000, &mut Rng::seed_from(1));
        assert!(got.layouts.is_empty());
    }
}
