//! The playout policy: play the game out to the end, cheaply but not blindly.
//!
//! **Move lists are kept incrementally** (as Pentobi does). At the start of a search every
//! colour's legal moves are generated once ([`RootLists`]); each simulation copies them and
//! brings a colour's list up to date only when it is read: at an expansion of the tree
//! ([`Playout::next_mover`]) and at the colour's turns in the playout. The descent through
//! the tree only plays its moves on the position. An update catches up with every move
//! since the colour's last one: the list is filtered (a move stays legal while its piece is
//! unused and none of its cells became forbidden: five reads of one byte per cell, the
//! *features* below) and the moves through the *new* attach points are added, the points
//! that the colour's moves since its last update appended to its attach point list
//! (`Position::attach_points` only grows along a simulation) and that are still free. A free
//! move through the `k`-th new point is added unless it also covers an older attach point
//! (then it was legal at the last update, and is in the list) or one of the first `k − 1`
//! new points (then it was added already): one byte per cell marks those points for the
//! duration of the update. Legal sets only shrink apart from the new attach points, so the
//! list is exactly the legal moves (a unit test holds it to full generation at every ply of
//! random games, and when updates are skipped for several plies).
//!
//! **Features** (Pentobi's playout features): during an update each cell holds one byte, 16
//! if the cell is forbidden to the colour, plus its local value (below) when the update
//! counts local points. A move's five bytes add up to 16 or more exactly when it is no
//! longer legal, and otherwise to its local count, so the filter and the local count read
//! each cell once.
//!
//! A list entry holds the move's cells (padded to five with a spare cell whose feature is
//! always 0), id and piece (13 bytes, 14 with padding), so that the filter reads the list in order
//! instead of looking each move up in the table.
//!
//! At every ply the colour to move then chooses (Pentobi's playout policy):
//!
//! 1. **Local replies.** The *local points* are the attach points of the other players'
//!    moves among the last three plies that are still open to them, and the cells next to
//!    those along an edge (also when open to them): the cells where the opponent means to
//!    grow next, and the ones that cramp that growth. A local point counts twice when it is
//!    also an attach point of the colour to move. If some legal moves cover local points,
//!    the choice is restricted to those with the largest count: blocking an opponent's
//!    fresh corner is usually right and is cheap to find. (Pentobi weighs the count by a
//!    factor of 10⁶ per point, up to a cap; a strict maximum is the same choice whenever
//!    the count is below the cap.)
//! 2. **Weighted by piece.** Among the remaining candidates a move is drawn with probability
//!    proportional to its piece's weight, `size_factor^squares · attach_factor^(corners − 1)`
//!    ([`PlayoutWeights`]; `corners` is the number of attach points the piece's shape offers):
//!    large pieces, and in Duo pieces with many corners, early.
//! 3. **Small pieces wait.** In the first rounds only moves of some pieces are considered,
//!    local replies included, when the colour has any (Pentobi's schedule). Duo: five
//!    squares in the first two rounds, four in the third, three in the fourth and fifth. The
//!    Classic board: `V5` and `Z5` in the first round, the pentominoes but `F`, `P`, `T5`,
//!    `U` and `X` in the second, all but `P` and `U` in the third, then four squares up to
//!    the fifth round and three up to the seventh.
//!
//! Cost per ply: the local values (the corner neighbours of the last three moves and their
//! edge neighbours, a few dozen cells); the features (one pass over the board's cells); one
//! pass over the colour's list (the filter and the local count together, five cell reads
//! each); the moves through the new attach points
//! (for each unused piece, the table's list of its moves through the point that avoid the
//! point's forbidden edge neighbours; in the opening, about as many candidates as the list
//! holds); in the first rounds a scan for a large enough move; and one pass over the
//! candidates to draw by weight. The search's expansions read the colour's list the same
//! way instead of generating.

use crate::blokus::table::{MoveTable, edge_offsets};
use crate::blokus::{Colour, Move, Piece, Position, Variant};
use crate::game::Rng;

use super::prior::piece_size;

/// How strongly the playouts prefer large pieces and pieces with many corners: a move of a
/// piece with `s` squares whose shape offers `a` attach points is drawn with weight
/// `size_factor^s · attach_factor^(a − 1)` among the candidates of its ply (Pentobi's gamma
/// values, with its tuning as the defaults).
///
/// ```
/// use grid_games::blokus::{Variant, bots::{PlayoutWeights, SearchConfig}};
/// assert_eq!(PlayoutWeights::for_variant(Variant::Duo), PlayoutWeights::DUO);
/// let mut config = SearchConfig::default();
/// assert_eq!(config.playout_weights, None); // the variant's own weights
/// // Every candidate equally likely (local replies and the size schedule still apply):
/// config.playout_weights = Some(PlayoutWeights::new(1.0, 1.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct PlayoutWeights {
    /// Factor per square of the piece (1: size does not matter).
    pub size_factor: f32,
    /// Factor per attach point of the piece's shape beyond the first (1: corners do not
    /// matter).
    pub attach_factor: f32,
}

impl PlayoutWeights {
    /// Pentobi's weights on the Duo board: 3 per square, 1.8 per corner.
    ///
    /// ```
    /// use grid_games::blokus::bots::PlayoutWeights;
    /// assert_eq!(PlayoutWeights::DUO.size_factor, 3.0);
    /// ```
    pub const DUO: PlayoutWeights = PlayoutWeights::new(3.0, 1.8);

    /// Pentobi's weights on the Classic board: 5 per square, corners do not matter.
    ///
    /// ```
    /// use grid_games::blokus::bots::PlayoutWeights;
    /// assert_eq!(PlayoutWeights::CLASSIC.attach_factor, 1.0);
    /// ```
    pub const CLASSIC: PlayoutWeights = PlayoutWeights::new(5.0, 1.0);

    /// Weights from the two factors. The playouts clamp each factor to `[0.1, 10]` (so that
    /// no weight overflows or vanishes) and count one that is not a number as 1.
    ///
    /// ```
    /// use grid_games::blokus::bots::PlayoutWeights;
    /// let w = PlayoutWeights::new(2.0, 1.0);
    /// assert_eq!((w.size_factor, w.attach_factor), (2.0, 1.0));
    /// ```
    pub const fn new(size_factor: f32, attach_factor: f32) -> PlayoutWeights {
        PlayoutWeights {
            size_factor,
            attach_factor,
        }
    }

    /// The weights tuned for `variant`'s board ([`DUO`](Self::DUO) on the 14 × 14 board,
    /// [`CLASSIC`](Self::CLASSIC) on the 20 × 20 one).
    ///
    /// ```
    /// use grid_games::blokus::{Variant, bots::PlayoutWeights};
    /// assert_eq!(PlayoutWeights::for_variant(Variant::Classic2), PlayoutWeights::CLASSIC);
    /// ```
    pub fn for_variant(variant: Variant) -> PlayoutWeights {
        match variant {
            Variant::Duo | Variant::Junior => PlayoutWeights::DUO,
            _ => PlayoutWeights::CLASSIC,
        }
    }

    /// The weight of each piece (by index), every one positive and finite: a factor is
    /// clamped to `[0.1, 10]`, and one that is not a number counts as 1.
    fn per_piece(self) -> [f32; Piece::COUNT] {
        let factor = |f: f32| if f.is_nan() { 1.0 } else { f.clamp(0.1, 10.0) };
        let (size, attach) = (factor(self.size_factor), factor(self.attach_factor));
        let mut out = [0.0; Piece::COUNT];
        for piece in Piece::all() {
            let corners = corner_count(piece) as i32;
            out[piece.index()] = size.powi(piece.size() as i32) * attach.powi(corners - 1);
        }
        out
    }
}

/// The attach points a piece's shape offers: cells that touch it at a corner and not along an
/// edge.
fn corner_count(piece: Piece) -> usize {
    use polyomino::Cell;
    let shape = piece.shape();
    let touches_edge = |c: Cell| c.edge_neighbours().iter().any(|&n| shape.contains(n));
    let mut corners: Vec<Cell> = shape
        .cells()
        .iter()
        .flat_map(|c| c.corner_neighbours())
        .filter(|&c| !shape.contains(c) && !touches_edge(c))
        .collect();
    corners.sort_unstable();
    corners.dedup();
    corners.len()
}

/// What the playouts of a search take from its configuration.
#[derive(Clone, Copy, Debug)]
pub(super) struct Policy {
    /// Whether local replies come first.
    local: bool,
    /// The variant `opening` was made for.
    variant: Variant,
    /// The weights `weights` was computed from.
    made_from: PlayoutWeights,
    /// The weight of each piece (by index).
    weights: [f32; Piece::COUNT],
    /// The pieces of the opening rounds ([`opening_pieces`]).
    opening: [(usize, u32); 5],
}

impl Policy {
    /// The policy for `variant` with `weights` (`None`: the variant's) and local replies
    /// on or off.
    pub(super) fn new(variant: Variant, weights: Option<PlayoutWeights>, local: bool) -> Policy {
        let weights = weights.unwrap_or(PlayoutWeights::for_variant(variant));
        Policy {
            local,
            variant,
            made_from: weights,
            weights: weights.per_piece(),
            opening: opening_pieces(variant),
        }
    }

    /// Makes this the policy [`new`](Self::new) would make, computing the piece weights
    /// (which read every piece's shape) only when they change: once per game, not per
    /// search.
    pub(super) fn refit(&mut self, variant: Variant, weights: Option<PlayoutWeights>, local: bool) {
        let weights = weights.unwrap_or(PlayoutWeights::for_variant(variant));
        self.local = local;
        if weights != self.made_from || variant != self.variant {
            *self = Policy::new(variant, Some(weights), local);
        }
    }
}

/// Every piece (a set of pieces is a bit per piece index).
pub(super) const ALL_PIECES: u32 = (1 << Piece::COUNT) - 1;

/// The pieces of at least `min` squares.
pub(super) fn at_least(min: usize) -> u32 {
    Piece::all()
        .filter(|p| p.size() >= min)
        .fold(0, |set, p| set | 1 << p.index())
}

/// The pieces named.
fn named(names: &[&str]) -> u32 {
    Piece::all()
        .filter(|p| names.contains(&p.name()))
        .fold(0, |set, p| set | 1 << p.index())
}

/// The pieces a playout considers in each round of the game's opening, as (first round
/// past the entry, pieces): Pentobi's schedule. Duo and Junior: pieces of five squares in
/// rounds 1–2, four in round 3, three in rounds 4–5. The Classic board: in round 1 only `V5`
/// and `Z5` (the pieces that reach furthest from the corner), in round 2 the pentominoes but
/// `F`, `P`, `T5`, `U` and `X`, in round 3 all but `P` and `U`, then four squares up to
/// round 5 and three up to round 7.
/// (Duo's three steps are padded to five by repeating the last; the first step whose round
/// is not past applies, so the repeats never do.)
pub(super) fn opening_pieces(variant: Variant) -> [(usize, u32); 5] {
    match variant {
        Variant::Duo | Variant::Junior => {
            let three = (5, at_least(3));
            [(2, at_least(5)), (3, at_least(4)), three, three, three]
        }
        _ => [
            (1, named(&["V5", "Z5"])),
            (2, at_least(5) & !named(&["F", "P", "T5", "U", "X"])),
            (3, at_least(5) & !named(&["P", "U"])),
            (5, at_least(4)),
            (7, at_least(3)),
        ],
    }
}

/// The pieces a playout considers at this point of the game (when the colour has a move of
/// one of them; else all): [`ALL_PIECES`] after the opening.
pub(super) fn playout_pieces(schedule: &[(usize, u32)], colours: usize, plies: usize) -> u32 {
    let rounds = plies / colours;
    schedule
        .iter()
        .find(|&&(until, _)| rounds < until)
        .map_or(ALL_PIECES, |&(_, set)| set)
}

/// Each colour's legal moves in the root position of a search: generated once per search,
/// copied into the playout scratch at the start of every simulation.
#[derive(Clone, Debug, Default)]
pub(super) struct RootLists {
    lists: [Vec<Entry>; 4],
    moves: Vec<Move>,
}

impl RootLists {
    /// Makes the lists of `pos`.
    pub(super) fn of(&mut self, pos: &Position) {
        let table = pos.table();
        for (c, list) in self.lists.iter_mut().enumerate() {
            list.clear();
            if c < pos.variant().colours() {
                pos.legal_moves_of(Colour::new(c).expect("valid colour"), &mut self.moves);
                list.extend(self.moves.iter().map(|m| Entry::of(table, m.id())));
            }
        }
    }
}

/// A move in a list, with what the filter and the choice read (so that a pass over a list
/// reads it in order instead of looking each move up in the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// The move's cells (padded indices), padded to five with [`SPARE`].
    cells: [u16; 5],
    /// The move id.
    id: u16,
    /// The piece index.
    piece: u8,
}

impl Entry {
    #[inline]
    fn of(table: &MoveTable, id: usize) -> Entry {
        let piece = table.piece_of(id);
        let size = piece_size(piece);
        let mut cells = *table.cells_of(id);
        cells[size..].fill(SPARE);
        Entry {
            cells,
            id: id as u16,
            piece: piece as u8,
        }
    }
}

/// Scratch space of the playouts (reused across simulations).
#[derive(Clone, Debug)]
pub(super) struct Playout {
    /// Each colour's legal moves as of its last turn in this playout.
    lists: [Vec<Entry>; 4],
    /// The length of colour `c`'s attach point list (`Position::attach_points`, which only
    /// grows along a simulation) when its list was last brought up to date: the points past
    /// it are the new ones.
    since: [usize; 4],
    /// Colours with no legal move left.
    done: [bool; 4],
    candidates: Vec<Entry>,
    /// Per padded cell, its local value for the current ply (0: not a local point).
    local: Box<CellArray>,
    /// The cells with a local value.
    local_points: Vec<usize>,
    /// The running sums of the candidates' weights, for the draw.
    cumulative: Vec<f32>,
    /// Per padded cell, while a list is extended: 1 on the colour's older attach points,
    /// `k + 2` on the `k`-th new attach point of its last move, else 0.
    rank: Box<CellArray>,
    /// Per padded cell, during an update of colour `c`'s list: [`FORBIDDEN`] if the cell is
    /// forbidden to `c`, plus its local value when the update counts local points (see
    /// [`features`]).
    features: Box<CellArray>,
    /// The new attach points being processed.
    points: Vec<usize>,
}

/// Cells of the largest padded board (Classic: 22 × 22 = 484), rounded up to a power of two:
/// per-cell arrays of this size are indexed with `q & (CELLS − 1)`, which the compiler knows
/// to be in bounds, so the hot loops read them without a bounds check per cell.
pub(super) const CELLS: usize = 512;

/// A per-cell array of the playouts (see [`CELLS`]).
type CellArray = [u8; CELLS];

/// A cell past every board whose feature is always 0: list entries of pieces smaller than
/// five squares fill their remaining cells with it, so that the five features of an entry
/// add up to its cells' sum without a branch on the size.
const SPARE: u16 = (CELLS - 1) as u16;

/// The feature of a cell forbidden to the colour whose list is updated. A move's five
/// features add up to at most `5 · (FORBIDDEN + 2)` (a local value is 1 or 2), so the sum
/// fits a byte, it is `FORBIDDEN` or more exactly when some cell is forbidden, and below
/// that it is the move's local count.
const FORBIDDEN: u8 = 0x10;

/// The cell at padded index `q` of a [`CellArray`].
#[inline(always)]
fn at(array: &CellArray, q: u16) -> u8 {
    array[usize::from(q) & (CELLS - 1)]
}

/// The sum of the features of five cells (one read per cell: the forbidden status and the
/// local value together, as Pentobi's playout features): `FORBIDDEN` or more when one of
/// them is forbidden, else their local count (see [`FORBIDDEN`]).
#[inline(always)]
fn sum(features: &CellArray, cells: &[u16; 5]) -> u8 {
    let f = |k: usize| at(features, cells[k]);
    f(0) + f(1) + f(2) + f(3) + f(4)
}

/// Sets `out` for an update of the list of the colour of `bit`: [`FORBIDDEN`] on the cells
/// forbidden to it (by the position's `masks`, and past the board), 0 elsewhere and on
/// [`SPARE`]; then the `local` values at the `points` (none when the update does not count).
#[inline]
fn features(masks: &[u8], bit: u8, local: &CellArray, points: &[usize], out: &mut CellArray) {
    let n = masks.len().min(CELLS - 1);
    for (o, &m) in out[..n].iter_mut().zip(&masks[..n]) {
        *o = if m & bit != 0 { FORBIDDEN } else { 0 };
    }
    out[n..].fill(FORBIDDEN);
    out[usize::from(SPARE)] = 0;
    for &q in points {
        out[q & (CELLS - 1)] += local[q & (CELLS - 1)];
    }
}

/// Collects the moves of the `allowed` pieces with the largest local value (at least 1).
struct Local<'a> {
    features: &'a CellArray,
    allowed: u32,
    most: usize,
    candidates: &'a mut Vec<Entry>,
}

impl<'a> Local<'a> {
    fn new(features: &'a CellArray, allowed: u32, candidates: &'a mut Vec<Entry>) -> Local<'a> {
        candidates.clear();
        Local {
            features,
            allowed,
            most: 1,
            candidates,
        }
    }

    /// Adds up the local values of `e`'s cells (a legal move: none is forbidden) and keeps
    /// it if no move seen has more (and its piece is allowed).
    #[inline]
    fn offer(&mut self, e: Entry) {
        self.offer_counted(e, sum(self.features, &e.cells));
    }

    /// [`offer`](Self::offer) with the local count `n` of `e` known.
    #[inline]
    fn offer_counted(&mut self, e: Entry, n: u8) {
        if self.allowed >> e.piece & 1 == 0 {
            return;
        }
        let n = usize::from(n);
        if n > self.most {
            self.most = n;
            self.candidates.clear();
        }
        if n == self.most {
            self.candidates.push(e);
        }
    }
}

impl Default for Playout {
    fn default() -> Playout {
        Playout {
            lists: Default::default(),
            since: [0; 4],
            done: [false; 4],
            candidates: Vec::new(),
            local: Box::new([0; CELLS]),
            local_points: Vec::new(),
            cumulative: Vec::new(),
            rank: Box::new([0; CELLS]),
            features: Box::new([FORBIDDEN; CELLS]),
            points: Vec::new(),
        }
    }
}

impl Playout {
    /// Starts from the lists of the root position (`root`, made by [`RootLists::of`]);
    /// `pos` is that position (or its copy).
    pub(super) fn restart_from(&mut self, root: &RootLists, pos: &Position) {
        // The per-cell arrays hold every board; local values left from another position are
        // cleared where the next ones are set.
        debug_assert!(pos.table().stride().pow(2) < CELLS);
        for (list, root) in self.lists.iter_mut().zip(&root.lists) {
            list.clear();
            list.extend_from_slice(root);
        }
        let colours = pos.variant().colours();
        self.since = [0, 1, 2, 3].map(|c| {
            if c < colours {
                pos.attach_points(c).len()
            } else {
                0
            }
        });
        self.done = [false; 4];
    }

    /// The colour to move in `pos` and its legal moves (into `moves`), as
    /// `Position::to_move_with_moves` finds them but from the lists; `None` at the end of the
    /// game (and `moves` empty).
    pub(super) fn next_mover(&mut self, pos: &Position, moves: &mut Vec<Move>) -> Option<Colour> {
        moves.clear();
        let colours = pos.variant().colours();
        let nominal = pos.nominal_to_move().index();
        let c = (0..colours).map(|k| (nominal + k) % colours).find(|&c| {
            self.update::<false>(pos, c, ALL_PIECES);
            !self.lists[c].is_empty()
        })?;
        let table = pos.table();
        moves.extend(self.lists[c].iter().map(|e| table.mv(usize::from(e.id))));
        Colour::new(c)
    }

    /// Plays `pos` to the end of the game, from the lists as
    /// [`restart_from`](Self::restart_from) left them and the moves played on `pos` since.
    pub(super) fn run(&mut self, pos: &mut Position, rng: &mut Rng, policy: &Policy) {
        let variant = pos.variant();
        let colours = variant.colours();
        loop {
            let nominal = pos.nominal_to_move().index();
            let schedule = playout_pieces(&policy.opening, colours, pos.history().len());
            let mut mover = None;
            for c in (0..colours).map(|k| (nominal + k) % colours) {
                if self.done[c] {
                    continue;
                }
                let counted = policy.local && self.value_local_points(pos, c);
                if counted {
                    self.update::<true>(pos, c, schedule);
                } else {
                    self.update::<false>(pos, c, ALL_PIECES);
                }
                self.done[c] = self.lists[c].is_empty();
                if self.done[c] {
                    continue;
                }
                // The pieces of the schedule come first only while the colour has a move of
                // one of them.
                let list = &self.lists[c];
                let restricted = schedule != ALL_PIECES;
                let allowed = if restricted && list.iter().any(|e| schedule >> e.piece & 1 == 1) {
                    schedule
                } else {
                    ALL_PIECES
                };
                if counted && restricted && allowed == ALL_PIECES {
                    // The local candidates were sorted out among the scheduled pieces only:
                    // the colour has none, so all its moves count.
                    let mut local = Local::new(&self.features, ALL_PIECES, &mut self.candidates);
                    for &e in list {
                        local.offer(e);
                    }
                }
                mover = Some((c, counted && !self.candidates.is_empty(), allowed));
                break;
            }
            let Some((c, use_candidates, allowed)) = mover else {
                break;
            };
            let pool = if use_candidates {
                &self.candidates
            } else {
                &self.lists[c]
            };
            let e = draw(pool, allowed, &policy.weights, &mut self.cumulative, rng);
            let id = usize::from(e.id);
            pos.apply(Colour::new(c).expect("valid colour"), id);
        }
    }

    /// Brings colour `c`'s list up to date: filtered, and extended at the new attach points
    /// of its last move. With `COUNT`, the same pass
    /// puts into `candidates` the moves of the `allowed` pieces with the largest
    /// local value (as [`value_local_points`](Self::value_local_points) set it; none if no
    /// such move covers a local point).
    fn update<const COUNT: bool>(&mut self, pos: &Position, c: usize, allowed: u32) {
        let colour = Colour::new(c).expect("valid colour");
        let table = pos.table();
        let bit = colour.bit();
        let points: &[usize] = if COUNT { &self.local_points } else { &[] };
        features(
            pos.forbidden_masks(),
            bit,
            &self.local,
            points,
            &mut self.features,
        );
        let features = &*self.features;
        let mut local = Local::new(features, allowed, &mut self.candidates);
        let list = &mut self.lists[c];
        // A move stays while its piece is unused (the colour's moves since the last update
        // may have used the last copy) and none of its cells became forbidden.
        let unused = pos.unused_pieces(c);
        list.retain(|&e| {
            let n = sum(features, &e.cells);
            let keep = unused >> e.piece & 1 == 1 && n < FORBIDDEN;
            if COUNT && keep {
                local.offer_counted(e, n);
            }
            keep
        });
        // The new attach points: those the colour's moves since the last update added to its
        // list, still free. The older ones were attach points at the last update, and their
        // moves are in the list.
        let all = pos.attach_points(c);
        let since = std::mem::replace(&mut self.since[c], all.len());
        let (older, fresh) = all.split_at(since.min(all.len()));
        let points = &mut self.points;
        points.clear();
        points.extend(
            fresh
                .iter()
                .map(|&p| usize::from(p))
                .filter(|&p| pos.forbidden_at(p) & bit == 0),
        );
        if points.is_empty() {
            return;
        }
        // `rank[q]`: 1 on the older attach points, k + 2 on the k-th new point, else 0.
        // A free move through the k-th new point is new unless it also covers an older
        // attach point (it was legal before) or one of the first k − 1 new points (added
        // already): unless some cell has `rank − 1 ≤ k` (wrapping, so 0 never counts).
        let rank = &mut *self.rank;
        for &q in older {
            rank[usize::from(q)] = 1;
        }
        for (k, &p) in points.iter().enumerate() {
            rank[p] = (k + 2).min(usize::from(u8::MAX)) as u8;
        }
        for (k, &p) in points.iter().enumerate() {
            let status = pos.status(p, bit);
            let mut pieces = unused;
            while pieces != 0 {
                let piece = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                for &id in table.through(p, status, piece) {
                    let id = usize::from(id);
                    let cells = table.cells_of(id);
                    if sum(features, cells) >= FORBIDDEN {
                        continue;
                    }
                    let r = |j: usize| at(rank, cells[j]).wrapping_sub(1);
                    let known = r(0).min(r(1)).min(r(2)).min(r(3)).min(r(4)) <= k as u8;
                    if !known {
                        let e = Entry::of(table, id);
                        list.push(e);
                        if COUNT {
                            local.offer(e);
                        }
                    }
                }
            }
        }
        for &q in all {
            rank[usize::from(q)] = 0;
        }
    }

    /// Sets the local values for colour `me` to move (see the module docs): 1 on the open
    /// attach points of the other players' moves among the last three plies and on their
    /// open edge neighbours, 2 where such a point is also an attach point of `me`. Whether
    /// there are any.
    fn value_local_points(&mut self, pos: &Position, me: usize) -> bool {
        for &q in &self.local_points {
            self.local[q] = 0;
        }
        self.local_points.clear();
        let allies = pos.allies(me);
        let table = pos.table();
        let edges = edge_offsets(table.stride());
        let plies = pos.history().len();
        for k in (plies.saturating_sub(3)..plies).rev() {
            let (c, id) = pos.played(k);
            if allies >> c & 1 == 1 {
                continue;
            }
            let open = |q: usize| pos.forbidden_at(q) & (1 << c) == 0;
            for &q in table.diag_of(id) {
                let q = usize::from(q);
                if !open(q) {
                    continue;
                }
                // The border around the board is forbidden to every colour, so the edge
                // neighbours of a cell on the board are valid indices.
                let around = edges.map(|d| q.wrapping_add_signed(d));
                for p in std::iter::once(q).chain(around) {
                    if open(p) && self.local[p] == 0 {
                        self.local[p] = 1 + u8::from(pos.attach_at(p) & (1 << me) != 0);
                        self.local_points.push(p);
                    }
                }
            }
        }
        !self.local_points.is_empty()
    }
}

/// Draws a move of `pool` of one of the `allowed` pieces, with probability in proportion to
/// its piece's weight (`cumulative` is scratch). `pool` must hold such a move.
fn draw(
    pool: &[Entry],
    allowed: u32,
    weights: &[f32; Piece::COUNT],
    cumulative: &mut Vec<f32>,
    rng: &mut Rng,
) -> Entry {
    cumulative.clear();
    let mut total = 0.0f32;
    // The last allowed move (the draw falls on it if rounding takes `r` up to `total`).
    let mut last = 0;
    for (k, e) in pool.iter().enumerate() {
        if allowed >> e.piece & 1 == 1 {
            total += weights[usize::from(e.piece)];
            last = k;
        }
        cumulative.push(total);
    }
    let r = rng.unit() as f32 * total;
    // The first move whose running sum passes `r`: a move not allowed adds nothing, so it
    // never is the first to pass it.
    let k = cumulative.partition_point(|&x| x <= r);
    pool[k.min(last)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::Variant;

    /// Starts `playout` from the full generation of every colour's moves in `pos`.
    fn restart(playout: &mut Playout, pos: &Position) {
        let mut root = RootLists::default();
        root.of(pos);
        playout.restart_from(&root, pos);
    }

    #[test]
    fn playouts_end_the_game_in_every_variant() {
        let mut rng = Rng::seed_from(3);
        let mut playout = Playout::default();
        for variant in Variant::ALL {
            for local in [false, true] {
                let mut pos = Position::new(variant);
                restart(&mut playout, &pos);
                playout.run(&mut pos, &mut rng, &Policy::new(variant, None, local));
                assert!(pos.is_over());
                assert!(pos.history().len() > 2 * variant.colours());
            }
        }
    }

    /// The incremental lists equal the position's full generation at every ply of random
    /// games, for every colour, in every variant; also when updates are skipped for several
    /// plies (the colour's list then catches up with several of its own moves at once).
    #[test]
    fn incremental_lists_equal_full_generation() {
        for (v, variant) in Variant::ALL.into_iter().enumerate() {
            let mut lazy_checks = 0;
            for seed in 0..12u64 {
                let mut rng = Rng::seed_from(seed + 100 * v as u64);
                // Seeds 0-5 update every colour on its turn, 6-11 at random plies only.
                let lazy = seed >= 6;
                let mut pos = Position::new(variant);
                let mut p = Playout::default();
                restart(&mut p, &pos);
                let mut full = Vec::new();
                while let Some(colour) = pos.colour_to_move() {
                    let c = colour.index();
                    if !lazy || rng.index(4) == 0 {
                        p.update::<false>(&pos, c, ALL_PIECES);
                        pos.legal_moves_of(colour, &mut full);
                        let mut a: Vec<usize> =
                            p.lists[c].iter().map(|e| usize::from(e.id)).collect();
                        let mut b: Vec<usize> = full.iter().map(|m| m.id()).collect();
                        let n = a.len();
                        a.sort_unstable();
                        a.dedup();
                        assert_eq!(a.len(), n, "duplicates in the list");
                        b.sort_unstable();
                        assert_eq!(a, b, "{variant} seed {seed} ply {}", pos.history().len());
                        lazy_checks += usize::from(lazy);
                    }
                    pos.legal_moves_of(colour, &mut full);
                    let id = full[rng.index(full.len())].id();
                    pos.apply(colour, id);
                }
            }
            assert!(lazy_checks >= 10, "{variant}: {lazy_checks} lazy checks");
        }
    }

    /// Lists copied from a root position and brought up to date when read give, at every
    /// position below it, the colour to move and its moves as full generation does.
    #[test]
    fn lists_from_the_root_follow_the_descent() {
        for (v, variant) in Variant::ALL.into_iter().enumerate() {
            let mut rng = Rng::seed_from(40 + v as u64);
            let mut root = Position::new(variant);
            let mut lists = RootLists::default();
            let mut p = Playout::default();
            let (mut ours, mut full) = (Vec::new(), Vec::new());
            while !root.is_over() {
                lists.of(&root);
                p.restart_from(&lists, &root);
                let mut pos = root.clone();
                loop {
                    let colour = p.next_mover(&pos, &mut ours);
                    assert_eq!(colour, pos.to_move_with_moves(&mut full));
                    let mut a: Vec<Move> = ours.clone();
                    a.sort_unstable_by_key(|m| m.id());
                    full.sort_unstable_by_key(|m| m.id());
                    assert_eq!(a, full, "{variant} ply {}", pos.history().len());
                    let Some(colour) = colour else { break };
                    if pos.history().len() > root.history().len() + 6 {
                        break;
                    }
                    pos.apply(colour, ours[rng.index(ours.len())].id());
                }
                let moves = root.legal_moves();
                root.play(moves[rng.index(moves.len())]).unwrap();
            }
        }
    }

    /// With local replies on, a colour whose moves can cover local points plays one with the
    /// largest local value, among its moves of the pieces the schedule allows (when it has
    /// such moves). Local values computed here through the public API only: the moves of the
    /// other player's colours among the last three plies; their corner neighbours that are
    /// empty and touch no piece of that colour along an edge (open to it), and the open edge
    /// neighbours of those; 2 where the cell also touches a piece of the colour to move at a
    /// corner, else 1. Duo and Classic two-player (where a player's other colour is no
    /// opponent).
    #[test]
    fn local_replies_cover_the_most_local_value() {
        use crate::blokus::Point;
        let mut rng = Rng::seed_from(5);
        for variant in [Variant::Duo, Variant::Classic2] {
            let mut covered = 0;
            for seed in 0..80u64 {
                let mut pos = Position::new(variant);
                let mut r = Rng::seed_from(seed);
                for _ in 0..6 + seed % 14 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[r.index(moves.len())]).unwrap();
                }
                let Some(colour) = pos.colour_to_move() else {
                    continue;
                };
                let player = |c: Colour| c.index() % variant.players();
                let size = i16::from(variant.size());
                let cells = |m: Move| pos.table().points(m).unwrap();
                let at = |col: i16, row: i16| {
                    ((0..size).contains(&col) && (0..size).contains(&row))
                        .then(|| Point::new(col as u8, row as u8))
                };
                let step = |p: Point, (dc, dr): (i16, i16)| {
                    at(i16::from(p.col) + dc, i16::from(p.row) + dr)
                };
                const EDGES: [(i16, i16); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
                const CORNERS: [(i16, i16); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                let touches = |q: Point, c: Colour, offsets: &[(i16, i16)]| {
                    offsets
                        .iter()
                        .any(|&d| step(q, d).is_some_and(|n| pos.owner(n) == Some(c)))
                };
                let open = |q: Point, c: Colour| pos.owner(q).is_none() && !touches(q, c, &EDGES);
                let history: Vec<_> = pos.history().collect();
                let mut value = std::collections::HashMap::new();
                let recent = history.iter().rev().take(3);
                for &(c, m) in recent.filter(|(c, _)| player(*c) != player(colour)) {
                    let own = cells(m);
                    for &p in &own {
                        for d in CORNERS {
                            let Some(q) = step(p, d) else { continue };
                            let attach = !own.contains(&q)
                                && !EDGES
                                    .iter()
                                    .any(|&e| step(q, e).is_some_and(|n| own.contains(&n)));
                            if !attach || !open(q, c) {
                                continue;
                            }
                            let around = EDGES.iter().filter_map(|&e| step(q, e));
                            for k in std::iter::once(q).chain(around).filter(|&k| open(k, c)) {
                                value.insert(k, 1 + u32::from(touches(k, colour, &CORNERS)));
                            }
                        }
                    }
                }
                let local = |m: Move| {
                    cells(m)
                        .iter()
                        .map(|p| value.get(p).copied().unwrap_or(0))
                        .sum::<u32>()
                };
                let piece = |m: Move| pos.table().piece(m).unwrap();
                // The schedule: Duo 5, 5, 4, 3, 3 squares in rounds 1–5; Classic V5 and Z5 in
                // round 1, the pentominoes but F, P, T5, U, X in round 2, but P and U in
                // round 3, then 4 squares in rounds 4–5 and 3 in 6–7.
                let round = history.len() / variant.colours() + 1;
                let scheduled = |m: Move| {
                    let (size, name) = (piece(m).size(), piece(m).name());
                    match (variant, round) {
                        (Variant::Duo, 1..=2) => size == 5,
                        (Variant::Duo, 3) => size >= 4,
                        (Variant::Duo, 4..=5) => size >= 3,
                        (Variant::Duo, _) => true,
                        (_, 1) => ["V5", "Z5"].contains(&name),
                        (_, 2) => size == 5 && !["F", "P", "T5", "U", "X"].contains(&name),
                        (_, 3) => size == 5 && !["P", "U"].contains(&name),
                        (_, 4..=5) => size >= 4,
                        (_, 6..=7) => size >= 3,
                        _ => true,
                    }
                };
                let legal = pos.legal_moves();
                let restricted = legal.iter().any(|&m| scheduled(m));
                let allowed = |m: Move| !restricted || scheduled(m);
                let most = legal
                    .iter()
                    .filter(|&&m| allowed(m))
                    .map(|&m| local(m))
                    .max()
                    .unwrap_or(0);
                let mut after = pos.clone();
                let mut playout = Playout::default();
                restart(&mut playout, &after);
                playout.run(&mut after, &mut rng, &Policy::new(variant, None, true));
                let (c, played) = after.history().nth(history.len()).unwrap();
                assert_eq!(c, colour);
                assert!(allowed(played), "{variant} seed {seed}: {played:?}");
                if most > 0 {
                    covered += 1;
                    assert_eq!(local(played), most, "{variant} seed {seed}: {played:?}");
                }
            }
            assert!(
                covered >= 20,
                "{variant}: only {covered} positions had local points"
            );
        }
    }

    /// The pieces of the playouts' opening schedule, ply by ply, as names: Duo by size, the
    /// Classic board with Pentobi's piece lists in the first three rounds.
    #[test]
    fn playout_piece_schedule() {
        let names = |set: u32| -> Vec<&str> {
            Piece::all()
                .filter(|p| set >> p.index() & 1 == 1)
                .map(Piece::name)
                .collect()
        };
        let smallest = |set: u32| {
            Piece::all()
                .filter(|p| set >> p.index() & 1 == 1)
                .map(Piece::size)
                .min()
        };
        let duo = opening_pieces(Variant::Duo);
        let sizes: Vec<usize> = (0..12)
            .map(|ply| smallest(playout_pieces(&duo, 2, ply)).unwrap())
            .collect();
        assert_eq!(sizes, [5, 5, 5, 5, 4, 4, 3, 3, 3, 3, 1, 1]);
        assert_eq!(playout_pieces(&duo, 2, 10), ALL_PIECES);
        for variant in [Variant::Classic, Variant::Classic2, Variant::Classic3] {
            let schedule = opening_pieces(variant);
            let at = |round: usize| playout_pieces(&schedule, 4, 4 * round);
            assert_eq!(names(at(0)), ["V5", "Z5"], "{variant}");
            assert_eq!(names(at(1)), ["V5", "L5", "Z5", "N", "W", "I5", "Y"]);
            assert_eq!(
                names(at(2)),
                ["V5", "L5", "Z5", "N", "W", "X", "F", "I5", "T5", "Y"]
            );
            assert_eq!(names(at(3)).len(), 12 + 5);
            assert_eq!(at(4), at(3));
            assert_eq!(names(at(5)).len(), 12 + 5 + 2);
            assert_eq!(at(6), at(5));
            assert_eq!(at(7), ALL_PIECES);
            // Within a round every ply has the same set.
            assert_eq!(playout_pieces(&schedule, 4, 3), at(0));
        }
    }

    /// The piece weights are Pentobi's formula, and the first playout move of Duo is always a
    /// five-square piece (the only size allowed in the first rounds).
    #[test]
    fn piece_weights_and_the_opening_sizes() {
        let pos = Position::new(Variant::Duo);
        let mut root = RootLists::default();
        root.of(&pos);
        let mut rng = Rng::seed_from(8);
        let mut p = Playout::default();
        let first_size = |p: &mut Playout, rng: &mut Rng, policy: &Policy| {
            let mut after = pos.clone();
            p.restart_from(&root, &after);
            p.run(&mut after, rng, policy);
            let (_, m) = after.history().next().unwrap();
            after.table().piece(m).unwrap().size()
        };
        let defaults = Policy::new(Variant::Duo, None, false);
        assert!((0..200).all(|_| first_size(&mut p, &mut rng, &defaults) == 5));
        let weights = PlayoutWeights::new(1.0, 1.0).per_piece();
        assert!(weights.iter().all(|&w| w == 1.0));
        let duo = PlayoutWeights::DUO.per_piece();
        let index = |name: &str| name.parse::<Piece>().unwrap().index();
        // Size 5 with 8 corners (X) against size 1 with 4 corners (the monomino).
        let close = |a: f32, b: f32| (a - b).abs() <= 1e-5 * b;
        assert!(close(duo[index("X")], 3f32.powi(5) * 1.8f32.powi(7)));
        assert!(close(duo[Piece::MONOMINO.index()], 3.0 * 1.8f32.powi(3)));
    }

    /// `refit` gives what `new` gives, whatever the policy it starts from.
    #[test]
    fn refit_equals_new() {
        let inputs = [
            (Variant::Duo, None, true),
            (Variant::Classic, None, false),
            (Variant::Classic2, Some(PlayoutWeights::new(2.0, 1.5)), true),
            (Variant::Duo, Some(PlayoutWeights::CLASSIC), false),
            (Variant::Duo, None, true),
        ];
        let mut policy = Policy::new(Variant::Classic, None, false);
        for (variant, weights, local) in inputs {
            policy.refit(variant, weights, local);
            let fresh = Policy::new(variant, weights, local);
            assert_eq!((policy.local, policy.weights), (fresh.local, fresh.weights));
        }
    }

    /// The attach points of each piece's shape, counted by hand for a few pieces.
    #[test]
    fn corner_counts_of_pieces() {
        for (name, corners) in [
            ("1", 4),
            ("2", 4),
            ("I5", 4),
            ("X", 8),
            ("O", 4),
            ("T4", 6),
            ("V3", 5),
        ] {
            let piece: Piece = name.parse().unwrap();
            assert_eq!(corner_count(piece), corners, "{name}");
        }
    }

    /// The draw from a pool follows the weights (chi-square-like check on a small pool) and
    /// never returns a move below the minimum size.
    #[test]
    fn draws_follow_the_weights() {
        let table = MoveTable::new(Variant::Duo);
        let pick = |name: &str| {
            let piece = name.parse::<Piece>().unwrap().index();
            let id = (0..table.len())
                .find(|&id| table.piece_of(id) == piece)
                .unwrap();
            Entry::of(&table, id)
        };
        let pool = [pick("1"), pick("I5"), pick("2")];
        let mut weights = [0.0f32; Piece::COUNT];
        for (e, w) in pool.iter().zip([1.0, 3.0, 6.0]) {
            weights[usize::from(e.piece)] = w;
        }
        let mut rng = Rng::seed_from(11);
        let mut scratch = Vec::new();
        let mut counts = [0u32; 3];
        for _ in 0..10_000 {
            let e = draw(&pool, ALL_PIECES, &weights, &mut scratch, &mut rng);
            counts[pool.iter().position(|&x| x == e).unwrap()] += 1;
        }
        for (n, expected) in counts.iter().zip([1_000.0, 3_000.0, 6_000.0]) {
            assert!(
                (f64::from(*n) - expected).abs() < 4.0 * expected.sqrt(),
                "{counts:?}"
            );
        }
        for _ in 0..1_000 {
            let large = at_least(5);
            assert_eq!(
                draw(&pool, large, &weights, &mut scratch, &mut rng),
                pool[1]
            );
        }
    }
}
