//! [`Layouts`]: the opponent layouts consistent with everything observed, kept exactly or, when
//! there are too many, as a uniform sample; [`LayoutUniverse`]: the fixed, shareable index it
//! works over.
//!
//! A layout is three placements (indices into a [`PlacementTable`]). Planes whose kind masks are
//! equal are interchangeable to an observer (a move does not say which plane moved), so within
//! such a group the placements are kept sorted: each unordered layout is stored once.
//!
//! Which planes are destroyed is not stored per layout: a plane is destroyed exactly when its
//! head sits on a cell whose hit was answered `Head` (a destroyed plane never moves again, and no
//! other plane can cover its head), so one set of "dead head" cells serves every layout.
//!
//! ## Data structure
//!
//! The [`LayoutUniverse`] lists every layout allowed by the masks (or a uniform sample of `cap`
//! of them), sorted, and for every cell two bit-sets over that list: the layouts with nothing
//! at the cell and those with a head there. It is built once per (sheet, masks, cap) and shared
//! between games through an [`Arc`]. A [`Layouts`] is then
//!
//! * *indexed*: one bit per universe layout (L/64 words), while every consistent layout is in the
//!   universe. That is always the case for an exact universe (a legal move of a legal layout is
//!   a legal layout), and for a sampled one until the opponent's first move;
//! * *listed*: an explicit sorted list, after a move of a sampled set (the moved layouts are not
//!   in the sample) or a resample.
//!
//! The number of alive heads per cell (the head likelihood) is kept up to date on every
//! observation, so reading it is free.
//!
//! | operation | indexed (universe of U layouts, L alive) | listed (L layouts) |
//! |---|---|---|
//! | my hit at c answered a | U/64 word-wise ANDs, plus min(removed, kept) layouts to update the head counts | O(L) filter and recount |
//! | the opponent moved in direction d | O(L log U): each alive layout's ≤ 3 moved layouts are looked up in the universe (exact); a sampled universe turns listed (O(L log L) sort) | O(L log L): moved layouts, sorted and deduplicated |
//! | head likelihood ([`Layouts::head_counts`]) | O(1) (kept incrementally) | O(1) |
//! | [`Layouts::len`] | O(1) | O(1) |
//! | a new game ([`Layouts::from_universe`]) | O(U/64 + cells) | — |
//! | building the universe | O(U × cells per layout) once per (sheet, masks, cap) | — |

use std::sync::{Arc, OnceLock};

use polyomino::Cell;

use super::sampler::{Sampled, Space};
use super::{HitAnswer, PlacementTable, Step};
use crate::game::Rng;

/// One hypothesis about the opponent's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Layout {
    /// Placement index of each plane.
    pub planes: [u32; 3],
    /// Bit i set: plane i is destroyed.
    pub destroyed: u8,
}

/// The fixed list of layouts a [`Layouts`] indexes, with per-cell answer bit-sets. Build it once
/// per (sheet, masks, cap) and share it between games.
#[derive(Clone, Debug)]
pub struct LayoutUniverse {
    table: Arc<PlacementTable>,
    /// `allowed[i][p]`: placement p may be plane i.
    allowed: [Vec<bool>; 3],
    /// Planes with equal masks (sorted within a group).
    same: [[bool; 3]; 3],
    /// The layouts, canonical and sorted.
    layouts: Vec<[u32; 3]>,
    /// `first[p]..first[p + 1]`: the layouts whose plane 0 is placement p.
    first: Vec<u32>,
    /// `moves[step][3 * j + i]`: the universe index of layout j with plane i moved one step
    /// (`u32::MAX` if that move leaves the sheet or overlaps another plane); built on first use,
    /// exact universes only.
    moves: [OnceLock<Vec<u32>>; 4],
    exact: bool,
    cap: usize,
    words: usize,
    /// `empty[cell * words..][..words]`: layouts with nothing at the cell.
    empty: Vec<u64>,
    /// `head[cell * words..][..words]`: layouts with a head at the cell.
    head: Vec<u64>,
    /// Head cell (row-major index) of each placement.
    head_cell: Vec<u16>,
    /// Head cells of each universe layout's planes (saves two look-ups per layout).
    heads: Vec<[u16; 3]>,
    /// Heads per cell over the whole universe.
    counts: Vec<u32>,
    /// `cells[cells_start[p]..cells_start[p + 1]]`: the cells (row-major) of placement p.
    cells: Vec<u16>,
    cells_start: Vec<u32>,
}

/// Sorts the placements within groups of equal masks.
#[inline]
fn canonical(same: &[[bool; 3]; 3], mut l: [u32; 3]) -> [u32; 3] {
    for i in 1..3 {
        let mut j = i;
        while j > 0 && same[j - 1][j] && l[j - 1] > l[j] {
            l.swap(j - 1, j);
            j -= 1;
        }
    }
    l
}

impl LayoutUniverse {
    /// Most bytes one universe may take (its per-cell bit-sets, layouts and move maps, about
    /// `cells / 4 + 80` bytes per layout): the cap is lowered to fit, see
    /// [`LayoutUniverse::max_layouts`].
    pub const MAX_BYTES: usize = 256 << 20;

    /// Most overlap checks the exact enumeration makes (a second or so; the standard subtasks
    /// need at most 3.3 million); past them the universe settles for a uniform sample, as it
    /// does past the cap.
    pub const MAX_CHECKS: u64 = 1 << 28;

    /// The largest cap a universe takes on a `size × size` sheet: what fits in
    /// [`LayoutUniverse::MAX_BYTES`] (2.3 million layouts on the standard 12 × 12 sheet,
    /// about 240 000 on the largest, 64 × 64).
    ///
    /// ```
    /// use grid_games::planes::{Geometry, LayoutUniverse};
    /// assert!(LayoutUniverse::max_layouts(12) > 2_000_000);
    /// assert!(LayoutUniverse::max_layouts(Geometry::MAX_SIZE) < 250_000);
    /// ```
    pub fn max_layouts(size: usize) -> usize {
        let cells = size.saturating_mul(size);
        LayoutUniverse::MAX_BYTES / cells.div_ceil(4).saturating_add(80)
    }

    /// Every layout allowed by `masks` (over the kinds of `table`), or a uniform random sample
    /// of `cap` of them when there are more (drawn with `rng`). The same layouts as the
    /// reference list implementation would keep.
    ///
    /// The cap is clamped to `1..=`[`LayoutUniverse::max_layouts`] (memory), and the exact
    /// enumeration also settles for a sample past [`LayoutUniverse::MAX_CHECKS`] overlap checks
    /// (time); [`is_exact`](Self::is_exact) tells which. Masks that allow no placement for some
    /// plane give an empty, exact universe at once.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grid_games::game::Rng;
    /// use grid_games::planes::{Catalogue, Geometry, LayoutUniverse, PlacementTable};
    /// let geometry = Geometry::new(8, Catalogue::standard())?;
    /// let table = Arc::new(PlacementTable::new(&geometry, 0b1));
    /// let mut rng = Rng::seed_from(1);
    /// // Three classic planes on an 8 × 8 sheet: fewer layouts than the cap, so every one.
    /// let all = LayoutUniverse::new(Arc::clone(&table), [0b1; 3], 1_000_000, &mut rng);
    /// let (_, _, triples) = table.count_layouts()?;
    /// assert!(all.is_exact() && all.len() as u64 == triples);
    /// // A plane of no kind at all: nothing to enumerate.
    /// let none = LayoutUniverse::new(Arc::clone(&table), [0b1, 0b1, 0], 1_000_000, &mut rng);
    /// assert!(none.is_empty() && none.is_exact());
    /// // A cap of usize::MAX is clamped to what fits in memory.
    /// let huge = LayoutUniverse::new(table, [0b1; 3], usize::MAX, &mut rng);
    /// assert_eq!(huge.cap(), LayoutUniverse::max_layouts(8));
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn new(
        table: Arc<PlacementTable>,
        masks: [u8; 3],
        cap: usize,
        rng: &mut Rng,
    ) -> LayoutUniverse {
        LayoutUniverse::with_sample(table, masks, cap, cap, rng)
    }

    /// Like [`new`](Self::new), but when there are more than `cap` layouts the sample kept
    /// has `sample` of them (clamped like the cap); [`cap`](Self::cap) then reports the sample
    /// size. A sample much smaller than the exact cap keeps every layout where they fit and
    /// makes each observation cheaper where they do not (estimates from 10⁵ layouts are within
    /// about ±0.1 % per cell).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grid_games::game::Rng;
    /// use grid_games::planes::{Geometry, LayoutUniverse, PlacementTable};
    /// let geometry = Geometry::standard();
    /// let table = Arc::new(PlacementTable::new(&geometry, 0b100000)); // drones: 7.4 million layouts
    /// let mut rng = Rng::seed_from(1);
    /// let u = LayoutUniverse::with_sample(table, [0b100000; 3], 1_000_000, 20_000, &mut rng);
    /// assert!(!u.is_exact() && u.len() <= 20_000 && u.cap() == 20_000);
    /// ```
    pub fn with_sample(
        table: Arc<PlacementTable>,
        masks: [u8; 3],
        cap: usize,
        sample_size: usize,
        rng: &mut Rng,
    ) -> LayoutUniverse {
        let allowed: [Vec<bool>; 3] = std::array::from_fn(|i| {
            table
                .specs()
                .iter()
                .map(|s| s.kind < 8 && masks[i] >> s.kind & 1 == 1)
                .collect()
        });
        let same = std::array::from_fn(|i| std::array::from_fn(|j| masks[i] == masks[j]));
        let size = table.size();
        let head_cell = table
            .specs()
            .iter()
            .map(|s| (s.head.row as usize * size + s.head.col as usize) as u16)
            .collect();
        let mut u = LayoutUniverse {
            table,
            allowed,
            same,
            layouts: Vec::new(),
            first: Vec::new(),
            moves: Default::default(),
            exact: true,
            cap: cap.clamp(1, LayoutUniverse::max_layouts(size).max(1)),
            words: 0,
            empty: Vec::new(),
            head: Vec::new(),
            head_cell,
            heads: Vec::new(),
            counts: Vec::new(),
            cells: Vec::new(),
            cells_start: Vec::new(),
        };
        match u.enumerate_all() {
            Some(items) => u.layouts = items,
            None => {
                u.cap = sample_size.clamp(1, LayoutUniverse::max_layouts(size).max(1));
                let (mut items, _) = sample(&u, u.cap, 0, rng, &[]);
                items.sort_unstable();
                items.dedup();
                u.layouts = items;
                u.exact = false;
            }
        }
        u.index();
        u
    }

    /// Every canonical layout, sorted; `None` if there are more than the cap or enumerating
    /// them takes more than [`LayoutUniverse::MAX_CHECKS`] overlap checks.
    fn enumerate_all(&self) -> Option<Vec<[u32; 3]>> {
        // The placements each plane may take, ascending: a plane of no kind at all ends the
        // enumeration at once (the loops below used to walk every pair looking for a third).
        let lists: [Vec<usize>; 3] = std::array::from_fn(|i| {
            (0..self.table.len())
                .filter(|&p| self.allowed[i][p])
                .collect()
        });
        if lists.iter().any(Vec::is_empty) {
            return Some(Vec::new());
        }
        // The placements of `list` after `p` (all of them unless the planes are interchangeable).
        let after = |list: &'_ [usize], same: bool, p: usize| -> std::ops::Range<usize> {
            if same {
                list.partition_point(|&q| q <= p)..list.len()
            } else {
                0..list.len()
            }
        };
        let mut items = Vec::new();
        let mut checks = 0u64;
        let disjoint = |p: usize, q: usize| !self.table.overlap_at(p, q);
        for &p0 in &lists[0] {
            let seconds = &lists[1][after(&lists[1], self.same[0][1], p0)];
            checks += seconds.len() as u64;
            for &p1 in seconds {
                if p1 == p0 || !disjoint(p0, p1) {
                    continue;
                }
                let thirds = &lists[2][after(&lists[2], self.same[1][2], p1)];
                checks += thirds.len() as u64;
                for &p2 in thirds {
                    if p2 != p0 && p2 != p1 && disjoint(p0, p2) && disjoint(p1, p2) {
                        items.push(canonical(&self.same, [p0 as u32, p1 as u32, p2 as u32]));
                        if items.len() > self.cap {
                            return None;
                        }
                    }
                }
                if checks > LayoutUniverse::MAX_CHECKS {
                    return None;
                }
            }
        }
        items.sort_unstable();
        items.dedup();
        Some(items)
    }

    /// Builds the lookup offsets, the per-cell bit-sets and the head counts.
    fn index(&mut self) {
        let n = self.table.len();
        let size = self.table.size();
        let cells = size * size;
        let len = self.layouts.len();
        let words = len.div_ceil(64);
        self.words = words;
        self.first = vec![0; n + 1];
        for l in &self.layouts {
            self.first[l[0] as usize + 1] += 1;
        }
        for p in 0..n {
            self.first[p + 1] += self.first[p];
        }
        self.empty = vec![u64::MAX; cells * words];
        self.head = vec![0; cells * words];
        self.counts = vec![0; cells];
        self.heads = self
            .layouts
            .iter()
            .map(|l| l.map(|p| self.head_cell[p as usize]))
            .collect();
        // Cells of each placement as row-major indices.
        self.cells_start = vec![0];
        self.cells = Vec::new();
        for p in 0..n {
            self.cells.extend(
                self.table
                    .mask_at(p)
                    .iter()
                    .map(|c| (c.row as usize * size + c.col as usize) as u16),
            );
            self.cells_start.push(self.cells.len() as u32);
        }
        for (i, l) in self.layouts.iter().enumerate() {
            let (w, bit) = (i / 64, 1u64 << (i % 64));
            for &p in l {
                let (from, to) = (
                    self.cells_start[p as usize],
                    self.cells_start[p as usize + 1],
                );
                for &c in &self.cells[from as usize..to as usize] {
                    self.empty[usize::from(c) * words + w] &= !bit;
                }
                let h = usize::from(self.head_cell[p as usize]);
                self.head[h * words + w] |= bit;
                self.counts[h] += 1;
            }
        }
    }

    /// The cells (row-major) placement `p` covers.
    fn cells_of(&self, p: usize) -> &[u16] {
        &self.cells[self.cells_start[p] as usize..self.cells_start[p + 1] as usize]
    }

    /// The role (0 empty, 1 body, 2 head) of cell `c` (row-major) in every placement.
    fn roles_at(&self, c: usize) -> Vec<u8> {
        let size = self.table.size();
        let cell = Cell::new((c / size) as i32, (c % size) as i32);
        (0..self.table.len())
            .map(|p| self.table.role_at(p, cell) as u8)
            .collect()
    }

    /// Number of layouts in the universe.
    pub fn len(&self) -> usize {
        self.layouts.len()
    }

    /// Whether the universe has no layout (the masks allow no drawing).
    pub fn is_empty(&self) -> bool {
        self.layouts.is_empty()
    }

    /// Whether the universe holds every allowed layout (not a sample).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The cap in force: the one asked for, clamped to `1..=`[`LayoutUniverse::max_layouts`].
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// The placement table.
    pub fn table(&self) -> &PlacementTable {
        &self.table
    }

    /// A uniformly random legal drawing for the masks: a uniformly random universe layout (the
    /// universe is every legal layout or a uniform sample of them); `None` if there is none.
    pub fn random_drawing(&self, rng: &mut Rng) -> Option<[super::PlaneSpec; 3]> {
        let l = *rng.choose(&self.layouts)?;
        Some(l.map(|p| self.table.spec_at(p as usize)))
    }

    /// Index of a canonical layout in the universe.
    fn find(&self, l: &[u32; 3]) -> Option<usize> {
        let p = l[0] as usize;
        let (&lo, &hi) = (self.first.get(p)?, self.first.get(p + 1)?);
        let (lo, hi) = (lo as usize, hi as usize);
        self.layouts[lo..hi]
            .binary_search_by(|m| (m[1], m[2]).cmp(&(l[1], l[2])))
            .ok()
            .map(|i| lo + i)
    }

    /// The move map of `step` (see `moves`), built on first use.
    fn move_map(&self, step: Step) -> &[u32] {
        self.moves[step as usize].get_or_init(|| {
            let table = &self.table;
            let mut map = vec![u32::MAX; 3 * self.layouts.len()];
            for (j, l) in self.layouts.iter().enumerate() {
                for i in 0..3 {
                    let Some(q) = table.moved(l[i] as usize, step) else {
                        continue;
                    };
                    if (0..3).all(|k| k == i || !table.overlap_at(q, l[k] as usize)) {
                        let mut m = *l;
                        m[i] = q as u32;
                        if let Some(t) = self.find(&canonical(&self.same, m)) {
                            map[3 * j + i] = t as u32;
                        }
                    }
                }
            }
            map
        })
    }
}

/// Up to `count` uniformly random canonical layouts consistent with `facts`, or all of them
/// when there are at most `exact_limit` (see [`super::sampler`]); the flag says which.
fn sample(
    u: &LayoutUniverse,
    count: usize,
    exact_limit: u64,
    rng: &mut Rng,
    facts: &[(Cell, HitAnswer)],
) -> (Vec<[u32; 3]>, bool) {
    let space = Space {
        table: &u.table,
        allowed: &u.allowed,
    };
    let Sampled { layouts, exact } = space.sample(facts, count, exact_limit, rng);
    let items = layouts.into_iter().map(|l| canonical(&u.same, l)).collect();
    (items, exact)
}

/// Sorts layouts in their natural (lexicographic) order: an LSD radix sort of the layouts packed
/// into one integer of `3 b` bits, b the bits of a placement index below `placements` (3 passes
/// of 11 bits on the standard sheet, against about 17 comparisons per layout for a comparison
/// sort of 90 000 layouts).
fn sort_layouts(items: &mut [[u32; 3]], placements: usize) {
    const DIGIT: u32 = 11;
    if items.len() < 256 {
        items.sort_unstable();
        return;
    }
    let b = usize::BITS - placements.max(2).saturating_sub(1).leading_zeros();
    let pack = |l: &[u32; 3]| u64::from(l[0]) << (2 * b) | u64::from(l[1]) << b | u64::from(l[2]);
    let mut keys: Vec<u64> = items.iter().map(pack).collect();
    let mut spare = vec![0u64; keys.len()];
    let mut shift = 0;
    while shift < 3 * b {
        let mut starts = [0usize; 1 << DIGIT];
        for &k in &keys {
            starts[(k >> shift) as usize & ((1 << DIGIT) - 1)] += 1;
        }
        let mut sum = 0;
        for s in starts.iter_mut() {
            (sum, *s) = (sum + *s, sum);
        }
        for &k in &keys {
            let d = (k >> shift) as usize & ((1 << DIGIT) - 1);
            spare[starts[d]] = k;
            starts[d] += 1;
        }
        std::mem::swap(&mut keys, &mut spare);
        shift += DIGIT;
    }
    let mask = (1u64 << b) - 1;
    for (l, k) in items.iter_mut().zip(keys) {
        *l = [
            (k >> (2 * b)) as u32,
            (k >> b & mask) as u32,
            (k & mask) as u32,
        ];
    }
}

/// A uniformly random choice of `k` of the `len` set bits of `alive` (k < len), as their
/// positions: Floyd's algorithm picks `k` distinct ranks into a bit-set, then one pass over the
/// words finds the chosen ranks among each word's bits (O(words + k), not O(len)).
fn choose_alive(alive: &[u64], len: usize, k: usize, rng: &mut Rng) -> Vec<usize> {
    let mut ranks = vec![0u64; len.div_ceil(64)];
    let test = |r: &[u64], i: usize| r[i / 64] >> (i % 64) & 1 == 1;
    for j in len - k..len {
        let t = rng.index(j + 1);
        let pick = if test(&ranks, t) { j } else { t };
        ranks[pick / 64] |= 1 << (pick % 64);
    }
    let mut out = Vec::with_capacity(k);
    let mut rank = 0usize;
    for (w, &word) in alive.iter().enumerate() {
        let c = word.count_ones() as usize;
        if c == 0 {
            continue;
        }
        // The chosen ranks in rank..rank + c: at most 64 bits across two words of `ranks`.
        let (lo, off) = (rank / 64, rank % 64);
        let mut window = ranks[lo] >> off;
        if off > 0 && lo + 1 < ranks.len() {
            window |= ranks[lo + 1] << (64 - off);
        }
        if c < 64 {
            window &= (1u64 << c) - 1;
        }
        // The t-th set bit of the word for each chosen t, in order.
        let mut bits = word;
        let mut t = 0;
        while window != 0 {
            let want = window.trailing_zeros() as usize;
            window &= window - 1;
            while t < want {
                bits &= bits - 1;
                t += 1;
            }
            out.push(w * 64 + bits.trailing_zeros() as usize);
        }
        rank += c;
    }
    out
}

/// Moves a uniformly random choice of `k` of the items to the front, in random order (the first
/// `k` steps of a Fisher–Yates shuffle: O(k) instead of O(len)).
fn choose_prefix<T>(items: &mut [T], k: usize, rng: &mut Rng) {
    let n = items.len();
    for i in 0..k.min(n) {
        let j = i + rng.index(n - i);
        items.swap(i, j);
    }
}

/// Most layouts a sampled set moves or resamples (a uniform sub-sample of this size estimates
/// each cell's head probability to within about ±0.3 %).
pub const LISTED_BUDGET: usize = 30_000;

/// Whether indexed sets recount by popcounts (measured slower: 17 MB of head masks per recount).
const POPCOUNT_RECOUNT: bool = false;

#[derive(Clone, Debug)]
enum State {
    /// One bit per universe layout.
    Indexed(Vec<u64>),
    /// Explicit canonical layouts, sorted.
    Listed(Vec<[u32; 3]>),
}

/// The consistent layouts (see the module docs for the representation and costs).
#[derive(Clone, Debug)]
pub struct Layouts {
    universe: Arc<LayoutUniverse>,
    state: State,
    len: usize,
    /// Alive heads per cell (row-major).
    counts: Vec<u32>,
    /// Cells whose hit was answered `Head`: the heads of destroyed planes.
    dead: Vec<bool>,
    exact: bool,
}

impl Layouts {
    /// Every layout allowed by `masks` (over the kinds of `table`), or a uniform random sample
    /// of `cap` of them when there are more. Builds a fresh universe: to play many games, build
    /// one [`LayoutUniverse`] and use [`Layouts::from_universe`].
    pub fn new(table: Arc<PlacementTable>, masks: [u8; 3], cap: usize, rng: &mut Rng) -> Layouts {
        Layouts::from_universe(Arc::new(LayoutUniverse::new(table, masks, cap, rng)))
    }

    /// Every layout of the universe, nothing observed yet.
    pub fn from_universe(universe: Arc<LayoutUniverse>) -> Layouts {
        let mut alive = vec![u64::MAX; universe.words];
        let len = universe.len();
        if !len.is_multiple_of(64)
            && let Some(last) = alive.last_mut()
        {
            *last = (1u64 << (len % 64)) - 1;
        }
        Layouts {
            counts: universe.counts.clone(),
            dead: vec![false; universe.counts.len()],
            exact: universe.exact,
            state: State::Indexed(alive),
            len,
            universe,
        }
    }

    /// Whether the set is exact (not a sample).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Number of layouts kept.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no layout is left.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The placement table.
    pub fn table(&self) -> &PlacementTable {
        &self.universe.table
    }

    /// The universe this set indexes.
    pub fn universe(&self) -> &Arc<LayoutUniverse> {
        &self.universe
    }

    /// The layouts kept, sorted, with their destroyed flags (O(L); for tests and tools).
    pub fn layouts(&self) -> Vec<Layout> {
        let mut out = Vec::with_capacity(self.len);
        self.for_each(|l| out.push(self.with_flags(l)));
        out
    }

    fn with_flags(&self, l: [u32; 3]) -> Layout {
        let destroyed = (0..3)
            .filter(|&i| self.dead[usize::from(self.universe.head_cell[l[i] as usize])])
            .fold(0u8, |acc, i| acc | 1 << i);
        Layout {
            planes: l,
            destroyed,
        }
    }

    /// Calls `f` on every layout kept, in sorted order.
    fn for_each(&self, mut f: impl FnMut([u32; 3])) {
        match &self.state {
            State::Indexed(alive) => {
                for (w, &word) in alive.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let i = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        f(self.universe.layouts[i]);
                    }
                }
            }
            State::Listed(items) => items.iter().for_each(|&l| f(l)),
        }
    }

    /// Whether the set holds the layout of `sheet` (its planes and destroyed flags).
    pub fn contains_sheet(&self, sheet: &super::Sheet) -> bool {
        let u = &self.universe;
        let mut planes = [0u32; 3];
        for (i, &spec) in sheet.specs().iter().enumerate() {
            match u.table.index_of(spec) {
                Some(p) if u.allowed[i][p] => planes[i] = p as u32,
                _ => return false,
            }
        }
        let d = sheet.destroyed();
        let flags_agree =
            (0..3).all(|i| d[i] == self.dead[usize::from(u.head_cell[planes[i] as usize])]);
        let l = canonical(&u.same, planes);
        flags_agree
            && match &self.state {
                State::Indexed(alive) => u
                    .find(&l)
                    .is_some_and(|i| alive[i / 64] >> (i % 64) & 1 == 1),
                State::Listed(items) => items.binary_search(&l).is_ok(),
            }
    }

    /// Adds (`sign` = 1) or removes (`sign` = -1) the alive heads of `l` to the counts.
    #[inline]
    fn count(counts: &mut [u32], dead: &[bool], head_cell: &[u16], l: &[u32; 3], add: bool) {
        for &p in l {
            let h = usize::from(head_cell[p as usize]);
            if !dead[h] {
                if add {
                    counts[h] += 1;
                } else {
                    counts[h] -= 1;
                }
            }
        }
    }

    /// Recomputes the head counts from scratch: for an indexed set, one popcount of
    /// `alive & head[c]` per live cell over the non-zero words of `alive` (a layout whose head
    /// sits on a dead cell has that plane destroyed, so dead cells count 0).
    fn recount(&mut self) {
        if let (true, State::Indexed(alive)) = (POPCOUNT_RECOUNT, &self.state) {
            let u = &*self.universe;
            let nz: Vec<usize> = (0..alive.len()).filter(|&i| alive[i] != 0).collect();
            self.len = nz.iter().map(|&i| alive[i].count_ones() as usize).sum();
            for (c, count) in self.counts.iter_mut().enumerate() {
                *count = if self.dead[c] {
                    0
                } else {
                    let hd = &u.head[c * u.words..][..u.words];
                    nz.iter().map(|&i| (alive[i] & hd[i]).count_ones()).sum()
                };
            }
            return;
        }
        if let State::Indexed(alive) = &self.state {
            let u = &*self.universe;
            let mut counts = vec![0u32; self.counts.len()];
            let mut len = 0;
            let any_dead = self.dead.iter().any(|&d| d);
            for (w, &word) in alive.iter().enumerate() {
                let mut bits = word;
                len += word.count_ones() as usize;
                while bits != 0 {
                    let j = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for h in u.heads[j] {
                        let h = usize::from(h);
                        if !any_dead || !self.dead[h] {
                            counts[h] += 1;
                        }
                    }
                }
            }
            self.counts = counts;
            self.len = len;
            return;
        }
        self.recount_each();
    }

    /// Recomputes the head counts layout by layout.
    fn recount_each(&mut self) {
        let mut counts = vec![0u32; self.counts.len()];
        let (dead, head_cell) = (&self.dead, &self.universe.head_cell);
        let mut len = 0;
        self.for_each(|l| {
            Layouts::count(&mut counts, dead, head_cell, &l, true);
            len += 1;
        });
        self.counts = counts;
        self.len = len;
    }

    /// Keeps the layouts that answer `answer` at `cell`; a head answer destroys that plane. A
    /// cell off the sheet holds nothing.
    pub fn observe_hit(&mut self, cell: Cell, answer: HitAnswer) {
        let size = self.universe.table.size();
        let inside = cell.row >= 0
            && cell.col >= 0
            && (cell.row as usize) < size
            && (cell.col as usize) < size;
        if !inside {
            if answer != HitAnswer::Empty {
                self.state = State::Listed(Vec::new());
                self.recount();
            }
            return;
        }
        let c = cell.row as usize * size + cell.col as usize;
        let universe = Arc::clone(&self.universe);
        let u = &*universe;
        match &mut self.state {
            State::Indexed(alive) => {
                let w = u.words;
                let (em, hd) = (&u.empty[c * w..][..w], &u.head[c * w..][..w]);
                let keep = |i: usize| match answer {
                    HitAnswer::Empty => em[i],
                    HitAnswer::Head => hd[i],
                    HitAnswer::Body => !em[i] & !hd[i],
                };
                let mut removed = 0usize;
                for (i, &a) in alive.iter().enumerate() {
                    removed += (a & !keep(i)).count_ones() as usize;
                }
                // Update the counts from the removed layouts or recount the kept ones,
                // whichever is fewer.
                if removed * 2 <= self.len {
                    // Subtract the removed layouts' heads (counted with the old dead cells).
                    for (i, a) in alive.iter_mut().enumerate() {
                        let k = *a & keep(i);
                        let mut gone = *a & !k;
                        *a = k;
                        while gone != 0 {
                            let j = i * 64 + gone.trailing_zeros() as usize;
                            gone &= gone - 1;
                            for h in u.heads[j] {
                                let h = usize::from(h);
                                if !self.dead[h] {
                                    self.counts[h] -= 1;
                                }
                            }
                        }
                    }
                    self.len -= removed;
                    if answer == HitAnswer::Head {
                        // Every kept layout has its head here, now destroyed.
                        self.dead[c] = true;
                        self.counts[c] = 0;
                    }
                    return;
                }
                for (i, a) in alive.iter_mut().enumerate() {
                    *a &= keep(i);
                }
            }
            State::Listed(items) => {
                // One role table for the cell, then three look-ups per layout; the head counts
                // lose the removed layouts' heads.
                let roles = u.roles_at(c);
                let (counts, dead) = (&mut self.counts, &self.dead);
                items.retain(|l| {
                    let role = roles[l[0] as usize] | roles[l[1] as usize] | roles[l[2] as usize];
                    let keep = role == answer as u8;
                    if !keep {
                        Layouts::count(counts, dead, &u.head_cell, l, false);
                    }
                    keep
                });
                self.len = items.len();
                if answer == HitAnswer::Head {
                    self.dead[c] = true;
                    self.counts[c] = 0;
                }
                return;
            }
        }
        if answer == HitAnswer::Head {
            self.dead[c] = true;
        }
        self.recount();
    }

    /// The opponent moved one alive plane one `step`: each layout becomes every layout a legal
    /// such move gives (layouts where none is legal are dropped). Past the cap, a uniform sample
    /// is kept (drawn with `rng`).
    pub fn observe_move(&mut self, step: Step, rng: &mut Rng) {
        let universe = Arc::clone(&self.universe);
        let u = &*universe;
        let table = &u.table;
        let dead = &self.dead;
        let moves = |l: [u32; 3], f: &mut dyn FnMut([u32; 3])| {
            for i in 0..3 {
                let p = l[i] as usize;
                if dead[usize::from(u.head_cell[p])] {
                    continue;
                }
                let Some(q) = table.moved(p, step) else {
                    continue;
                };
                if (0..3).all(|j| j == i || !table.overlap_at(q, l[j] as usize)) {
                    let mut m = l;
                    m[i] = q as u32;
                    f(canonical(&u.same, m));
                }
            }
        };
        if let (true, State::Indexed(alive)) = (u.exact, &self.state) {
            // A legal move of a legal layout is a legal layout: stay in the universe, each
            // alive plane's move a look-up in the step's index map.
            // The head counts are built along: a target is counted when its bit is first set.
            let map = u.move_map(step);
            let any_dead = dead.iter().any(|&d| d);
            let mut next = vec![0u64; u.words];
            let mut counts = vec![0u32; self.counts.len()];
            let mut len = 0;
            for (w, &word) in alive.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let j = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for i in 0..3 {
                        let t = map[3 * j + i];
                        if t == u32::MAX || (any_dead && dead[usize::from(u.heads[j][i])]) {
                            continue;
                        }
                        let (tw, tb) = (t as usize / 64, 1u64 << (t % 64));
                        if next[tw] & tb == 0 {
                            next[tw] |= tb;
                            len += 1;
                            for h in u.heads[t as usize] {
                                let h = usize::from(h);
                                if !any_dead || !dead[h] {
                                    counts[h] += 1;
                                }
                            }
                        }
                    }
                }
            }
            self.state = State::Indexed(next);
            self.counts = counts;
            self.len = len;
            return;
        } else {
            // A sampled set: keep a uniform sub-sample of at most LISTED_BUDGET layouts before
            // moving (the moved set is a sample anyway; this bounds the listed set's size).
            let from = match &self.state {
                State::Indexed(alive) if self.len > LISTED_BUDGET => {
                    self.exact = false;
                    let chosen = choose_alive(alive, self.len, LISTED_BUDGET, rng);
                    chosen.into_iter().map(|i| u.layouts[i]).collect()
                }
                _ => {
                    let mut from = Vec::with_capacity(self.len);
                    self.for_each(|l| from.push(l));
                    if from.len() > LISTED_BUDGET {
                        choose_prefix(&mut from, LISTED_BUDGET, rng);
                        from.truncate(LISTED_BUDGET);
                        self.exact = false;
                    }
                    from
                }
            };
            let mut next = Vec::with_capacity(from.len() * 3);
            for l in from {
                moves(l, &mut |m| next.push(m));
            }
            sort_layouts(&mut next, table.len());
            next.dedup();
            if next.len() > u.cap {
                choose_prefix(&mut next, u.cap, rng);
                next.truncate(u.cap);
                sort_layouts(&mut next, table.len());
                self.exact = false;
            }
            self.state = State::Listed(next);
        }
        self.recount();
    }

    /// Replaces the set by a fresh uniform sample of layouts consistent with `facts` (hits
    /// whose answers still hold); used when a sampled set has run dry.
    pub fn resample(&mut self, facts: &[(Cell, HitAnswer)], rng: &mut Rng) {
        let size = self.universe.table.size();
        let budget = self.universe.cap.min(LISTED_BUDGET);
        let (mut items, _) = sample(&self.universe, budget, budget as u64, rng, facts);
        sort_layouts(&mut items, self.universe.table.len());
        items.dedup();
        for &(c, a) in facts {
            if a == HitAnswer::Head
                && c.row >= 0
                && c.col >= 0
                && (c.row as usize) < size
                && (c.col as usize) < size
            {
                self.dead[c.row as usize * size + c.col as usize] = true;
            }
        }
        self.state = State::Listed(items);
        self.exact = false;
        self.recount();
    }

    /// For each cell (row-major), the number of layouts with an alive plane's head there.
    pub fn head_counts(&self) -> &[u32] {
        &self.counts
    }

    /// For each cell (row-major), how many of a uniform sample of `k` kept layouts (all of them,
    /// each once, when there are no more than `k`; else drawn without replacement, or
    /// independently from a set much larger than `k`) cover it with any plane, destroyed or
    /// not; and the size of that sample. With the head counts it estimates the chance of each answer at
    /// each cell. O(k × cells per layout), plus O(U / 64) to draw from an indexed set.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grid_games::game::Rng;
    /// use grid_games::planes::{Catalogue, Geometry, Layouts, PlacementTable};
    /// let geometry = Geometry::new(8, Catalogue::standard())?;
    /// let table = Arc::new(PlacementTable::new(&geometry, 0b100000)); // drones, 5 cells each
    /// let mut rng = Rng::seed_from(1);
    /// let layouts = Layouts::new(table, [0b100000; 3], 1_000_000, &mut rng);
    /// let (cover, sampled) = layouts.cover_counts(500, &mut rng);
    /// assert_eq!(sampled, 500);
    /// // Three planes of 5 cells each cover 15 cells of every layout.
    /// assert_eq!(cover.iter().sum::<u32>(), 15 * 500);
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn cover_counts(&self, k: usize, rng: &mut Rng) -> (Vec<u32>, usize) {
        let u = &*self.universe;
        let mut cover = vec![0u32; self.counts.len()];
        let mut add = |l: [u32; 3]| {
            for p in l {
                for &c in u.cells_of(p as usize) {
                    cover[usize::from(c)] += 1;
                }
            }
        };
        if self.len <= k {
            self.for_each(&mut add);
            return (cover, self.len);
        }
        match &self.state {
            // Most of the universe alive (the opening): draw universe indices and keep the
            // alive ones (independent uniform draws, at most 8 tries per layout on average),
            // which skips the pass over every word.
            State::Indexed(alive) if self.len.saturating_mul(8) >= u.len() => {
                let mut taken = 0;
                while taken < k {
                    let i = rng.index(u.len());
                    if alive[i / 64] >> (i % 64) & 1 == 1 {
                        add(u.layouts[i]);
                        taken += 1;
                    }
                }
            }
            State::Indexed(alive) => {
                for i in choose_alive(alive, self.len, k, rng) {
                    add(u.layouts[i]);
                }
            }
            // A list not much longer than the sample: without replacement (independent draws
            // would repeat many layouts).
            State::Listed(items) if items.len() <= 8 * k => {
                let mut picks: Vec<u32> = (0..items.len() as u32).collect();
                choose_prefix(&mut picks, k, rng);
                for &i in &picks[..k] {
                    add(items[i as usize]);
                }
            }
            // A long list: independent uniform draws (few repeats, and no index list of up
            // to 90 000 layouts to build every turn).
            State::Listed(items) => {
                for _ in 0..k {
                    add(items[rng.index(items.len())]);
                }
            }
        }
        (cover, k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radix_sort_equals_a_comparison_sort() {
        let mut rng = Rng::seed_from(3);
        for (len, placements) in [(10, 5), (300, 288), (5_000, 2_000), (20_000, 131_072)] {
            let mut items: Vec<[u32; 3]> = (0..len)
                .map(|_| std::array::from_fn(|_| rng.index(placements) as u32))
                .collect();
            let mut want = items.clone();
            want.sort_unstable();
            sort_layouts(&mut items, placements);
            assert_eq!(items, want);
        }
    }

    #[test]
    fn choose_alive_picks_distinct_alive_bits_uniformly() {
        let mut rng = Rng::seed_from(5);
        // Alive: every third bit of 3 000, plus a full word.
        let mut alive = vec![0u64; 48];
        for i in (0..3_000).step_by(3) {
            alive[i / 64] |= 1 << (i % 64);
        }
        alive[47] = u64::MAX;
        let len: usize = alive.iter().map(|w| w.count_ones() as usize).sum();
        let mut hits = vec![0u32; 48 * 64];
        let rounds = 400;
        for _ in 0..rounds {
            let chosen = choose_alive(&alive, len, 100, &mut rng);
            assert_eq!(chosen.len(), 100);
            let mut sorted = chosen.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), 100, "distinct");
            for &i in &chosen {
                assert!(alive[i / 64] >> (i % 64) & 1 == 1, "alive");
                hits[i] += 1;
            }
        }
        // Each alive bit is chosen with probability 100 / len: 400 rounds give a mean of
        // 400 * 100 / 1064 = 37.6, standard deviation about 5.8.
        let mean = f64::from(rounds) * 100.0 / len as f64;
        for (i, &h) in hits.iter().enumerate() {
            if alive[i / 64] >> (i % 64) & 1 == 1 {
                assert!(
                    (f64::from(h) - mean).abs() < 6.0 * mean.sqrt(),
                    "bit {i}: {h}"
                );
            } else {
                assert_eq!(h, 0);
            }
        }
    }
}
