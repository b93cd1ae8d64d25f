//! [`ListLayouts`]: the first version of the layout set, kept as the reference (a sorted list, O(L) per
//! observation). The fast set is [`crate::planes::Layouts`]; this one stays so that tests,
//! benchmarks and head-to-head examples can compare the two in one process.
//!
//! The opponent layouts consistent with everything observed, kept exactly or, when
//! there are too many, as a uniform sample.
//!
//! A layout is three placements (indices into a [`PlacementTable`]) and three destroyed flags.
//! Planes whose kind masks are equal are interchangeable to an observer (a move does not say
//! which plane moved), so within such a group the placements are kept sorted: each unordered
//! layout is stored once.
//!
//! | observation | update | cost |
//! |---|---|---|
//! | my hit at c answered a | keep layouts whose planes give a at c; a head marks that plane destroyed | O(L) |
//! | the opponent moved in direction d | replace each layout by every layout one alive plane's legal move in d gives | O(L) |
//! | head likelihood | count alive heads per cell | O(L) |
//!
//! where L is the number of layouts kept (at most the cap).

use std::sync::Arc;

use polyomino::Cell;

use crate::game::Rng;
use crate::planes::{HitAnswer, Layout, LayoutUniverse, PlacementTable, Step};

/// The layout packed into one integer (placements, then flags), for fast sorting.
#[inline]
fn key(l: &Layout) -> u64 {
    // Placement indices are below 2^20 (checked when the set is built).
    (u64::from(l.planes[0]) << 43)
        | (u64::from(l.planes[1]) << 23)
        | (u64::from(l.planes[2]) << 3)
        | u64::from(l.destroyed)
}

/// Sorts layouts and removes duplicates.
fn sort_dedup(items: &mut Vec<Layout>) {
    items.sort_unstable_by_key(key);
    items.dedup();
}

/// The consistent layouts.
#[derive(Clone, Debug)]
pub struct ListLayouts {
    table: Arc<PlacementTable>,
    /// `allowed[i][p]`: placement p may be plane i.
    allowed: [Vec<bool>; 3],
    /// Planes with equal masks (sorted within a group).
    same: [[bool; 3]; 3],
    items: Vec<Layout>,
    exact: bool,
    cap: usize,
}

impl ListLayouts {
    /// Every layout allowed by `masks` (over the kinds of `table`), or a uniform random sample
    /// of `cap` of them when there are more.
    pub fn new(
        table: Arc<PlacementTable>,
        masks: [u8; 3],
        cap: usize,
        rng: &mut Rng,
    ) -> ListLayouts {
        let allowed: [Vec<bool>; 3] = std::array::from_fn(|i| {
            table
                .specs()
                .iter()
                .map(|s| masks[i] >> s.kind & 1 == 1)
                .collect()
        });
        let same = std::array::from_fn(|i| std::array::from_fn(|j| masks[i] == masks[j]));
        let size = table.size();
        let mut l = ListLayouts {
            table,
            allowed,
            same,
            items: Vec::new(),
            exact: true,
            cap: cap.clamp(1, LayoutUniverse::max_layouts(size).max(1)),
        };
        if !l.enumerate_all() {
            l.items = l.sample(l.cap, rng, &[]);
            sort_dedup(&mut l.items);
            l.exact = false;
        }
        l
    }

    /// Whether the set is exact (not a sample).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Number of layouts kept.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether no layout is left.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The layouts kept.
    pub fn items(&self) -> &[Layout] {
        &self.items
    }

    /// The placement table.
    pub fn table(&self) -> &PlacementTable {
        &self.table
    }

    fn canonical(&self, mut l: Layout) -> Layout {
        // Sort the (placement, destroyed) pairs within groups of equal masks (a 3-element
        // insertion sort).
        for i in 1..3 {
            let mut j = i;
            while j > 0
                && self.same[j - 1][j]
                && (l.planes[j - 1], l.destroyed >> (j - 1) & 1)
                    > (l.planes[j], l.destroyed >> j & 1)
            {
                l.planes.swap(j - 1, j);
                let (a, b) = (l.destroyed >> (j - 1) & 1, l.destroyed >> j & 1);
                l.destroyed = (l.destroyed & !(0b11 << (j - 1))) | (a << j) | (b << (j - 1));
                j -= 1;
            }
        }
        l
    }

    fn disjoint(&self, p: usize, q: usize) -> bool {
        !self.table.overlap_at(p, q)
    }

    /// Fills `items` with every canonical layout; false (and empty) if there are more than the
    /// cap or enumerating them takes more than [`LayoutUniverse::MAX_CHECKS`] overlap checks.
    fn enumerate_all(&mut self) -> bool {
        // The placements each plane may take, ascending; a plane of no kind ends it at once.
        let lists: [Vec<usize>; 3] = std::array::from_fn(|i| {
            (0..self.table.len())
                .filter(|&p| self.allowed[i][p])
                .collect()
        });
        if lists.iter().any(Vec::is_empty) {
            self.items = Vec::new();
            return true;
        }
        let after = |list: &'_ [usize], same: bool, p: usize| -> std::ops::Range<usize> {
            if same {
                list.partition_point(|&q| q <= p)..list.len()
            } else {
                0..list.len()
            }
        };
        let mut items = Vec::new();
        let mut checks = 0u64;
        for &p0 in &lists[0] {
            let seconds = &lists[1][after(&lists[1], self.same[0][1], p0)];
            checks += seconds.len() as u64;
            for &p1 in seconds {
                if p1 == p0 || !self.disjoint(p0, p1) {
                    continue;
                }
                let thirds = &lists[2][after(&lists[2], self.same[1][2], p1)];
                checks += thirds.len() as u64;
                for &p2 in thirds {
                    if p2 != p0 && p2 != p1 && self.disjoint(p0, p2) && self.disjoint(p1, p2) {
                        let l = self.canonical(Layout {
                            planes: [p0 as u32, p1 as u32, p2 as u32],
                            destroyed: 0,
                        });
                        items.push(l);
                        if items.len() > self.cap {
                            return false;
                        }
                    }
                }
                if checks > LayoutUniverse::MAX_CHECKS {
                    return false;
                }
            }
        }
        sort_dedup(&mut items);
        self.items = items;
        true
    }

    /// Up to `count` uniformly random layouts consistent with `facts` (rejection sampling over
    /// placements that are each compatible with every fact; gives up after many misses). Heads
    /// named by the facts are marked destroyed.
    fn sample(&self, count: usize, rng: &mut Rng, facts: &[(Cell, HitAnswer)]) -> Vec<Layout> {
        // A single placement is compatible with a fact if it does not contradict it on its own:
        // empty cells stay empty, a body cell may belong to another plane, a head likewise.
        let compatible = |p: usize| {
            facts.iter().all(|&(c, a)| {
                let r = self.table.role_at(p, c);
                r == HitAnswer::Empty || r == a
            })
        };
        let choices: [Vec<usize>; 3] = std::array::from_fn(|i| {
            (0..self.table.len())
                .filter(|&p| self.allowed[i][p] && compatible(p))
                .collect()
        });
        if choices.iter().any(Vec::is_empty) {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(count.min(1 << 16));
        let mut misses = 0usize;
        let most_misses = count.saturating_mul(20).saturating_add(10_000);
        while out.len() < count && misses < most_misses {
            let p: [usize; 3] = std::array::from_fn(|i| choices[i][rng.index(choices[i].len())]);
            let ok = p[0] != p[1]
                && p[0] != p[2]
                && p[1] != p[2]
                && self.disjoint(p[0], p[1])
                && self.disjoint(p[0], p[2])
                && self.disjoint(p[1], p[2]);
            let mut l = Layout {
                planes: p.map(|x| x as u32),
                destroyed: 0,
            };
            if ok && facts.iter().all(|&(c, a)| self.at(&l, c).0 == a) {
                for &(c, a) in facts {
                    if a == HitAnswer::Head {
                        l.destroyed |= 1 << self.at(&l, c).1;
                    }
                }
                out.push(self.canonical(l));
            } else {
                misses += 1;
            }
        }
        out
    }

    /// Whether the set holds the layout of `sheet` (its planes and destroyed flags).
    pub fn contains_sheet(&self, sheet: &crate::planes::Sheet) -> bool {
        let mut planes = [0u32; 3];
        for (i, &spec) in sheet.specs().iter().enumerate() {
            match self.table.index_of(spec) {
                Some(p) => planes[i] = p as u32,
                None => return false,
            }
        }
        let d = sheet.destroyed();
        let destroyed = (0..3).filter(|&i| d[i]).fold(0u8, |acc, i| acc | 1 << i);
        let l = self.canonical(Layout { planes, destroyed });
        self.items.binary_search_by_key(&key(&l), key).is_ok()
    }

    /// What layout `l` shows at `cell`, and which plane.
    fn at(&self, l: &Layout, cell: Cell) -> (HitAnswer, usize) {
        for i in 0..3 {
            let a = self.table.role_at(l.planes[i] as usize, cell);
            if a != HitAnswer::Empty {
                return (a, i);
            }
        }
        (HitAnswer::Empty, 3)
    }

    /// Keeps the layouts that answer `answer` at `cell`; a head answer destroys that plane.
    pub fn observe_hit(&mut self, cell: Cell, answer: HitAnswer) {
        let mut items = std::mem::take(&mut self.items);
        items.retain_mut(|l| {
            let (a, i) = self.at(l, cell);
            if a != answer {
                return false;
            }
            if a == HitAnswer::Head {
                l.destroyed |= 1 << i;
            }
            true
        });
        if answer == HitAnswer::Head {
            for l in &mut items {
                *l = self.canonical(*l);
            }
            sort_dedup(&mut items);
        }
        self.items = items;
    }

    /// The opponent moved one alive plane one `step`: each layout becomes every layout a legal
    /// such move gives (layouts where none is legal are dropped). Past the cap, a uniform sample
    /// is kept.
    pub fn observe_move(&mut self, step: Step, rng: &mut Rng) {
        let mut next = Vec::with_capacity(self.items.len() * 2);
        for l in &self.items {
            for i in 0..3 {
                if l.destroyed >> i & 1 == 1 {
                    continue;
                }
                let Some(q) = self.table.moved(l.planes[i] as usize, step) else {
                    continue;
                };
                let others = (0..3).filter(|&j| j != i);
                if others
                    .clone()
                    .all(|j| self.disjoint(q, l.planes[j] as usize))
                {
                    let mut m = *l;
                    m.planes[i] = q as u32;
                    next.push(self.canonical(m));
                }
            }
        }
        sort_dedup(&mut next);
        if next.len() > self.cap {
            rng.shuffle(&mut next);
            next.truncate(self.cap);
            next.sort_unstable_by_key(key);
            self.exact = false;
        }
        self.items = next;
    }

    /// Replaces the set by a fresh uniform sample of layouts consistent with `facts` (hits
    /// whose answers still hold); used when a sampled set has run dry.
    pub fn resample(&mut self, facts: &[(Cell, HitAnswer)], rng: &mut Rng) {
        let mut items = self.sample(self.cap.min(50_000), rng, facts);
        sort_dedup(&mut items);
        self.items = items;
        self.exact = false;
    }

    /// For each cell (row-major), the number of layouts with an alive plane's head there.
    pub fn head_counts(&self) -> Vec<u32> {
        let size = self.table_size();
        let mut counts = vec![0u32; size * size];
        for l in &self.items {
            for i in 0..3 {
                if l.destroyed >> i & 1 == 0 {
                    let h = self.table.spec_at(l.planes[i] as usize).head;
                    counts[h.row as usize * size + h.col as usize] += 1;
                }
            }
        }
        counts
    }

    fn table_size(&self) -> usize {
        self.table.size()
    }
}
