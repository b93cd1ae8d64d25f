//! The playout policy: play the game out to the end, cheaply but not blindly.
//!
//! **Move lists are kept incrementally** (as Pentobi does). At the start of a search every
//! colour's legal moves are generated once ([`RootLists`]); each simulation copies them and
//! keeps them exact along its moves, through the tree's descent ([`Playout::play`]) and the
//! playout. At a colour's turn its list is filtered (a move stays legal while its piece is
//! unused and none of its cells became forbidden: five mask reads) and the moves through
//! the *new* attach points of the colour's own last move are added. A corner neighbour of
//! the last move that already touched an older piece of the colour is not new (its moves are
//! in the list). A free move through the `k`-th new point is added unless it also covers an
//! older attach point (then it was legal before, and is in the list) or one of the first
//! `k − 1` new points (then it was added already): one byte per cell marks those points for
//! the duration of the update. Legal sets only shrink apart from the new attach points, so
//! the list is exactly the legal moves (a unit test holds it to full generation at every ply
//! of random games).
//!
//! A list entry holds the move's cells, id, piece and size (14 bytes), so that the filter
//! reads the list in order instead of looking each move up in the table.
//!
//! At every ply the colour to move then chooses:
//!
//! 1. **Local replies.** The *local points* are the live attach points created by the last
//!    moves of the other players' colours (up to three plies back): the cells where the
//!    opponent means to grow next. If some legal moves cover local points, the choice is
//!    restricted to those covering the most of them (Pentobi's playout rule): blocking an
//!    opponent's fresh corner is usually right and is cheap to find.
//! 2. **Large pieces first.** Among the remaining candidates, `sample` are drawn at random and
//!    the one with the largest piece is played (with `sample = 1`, uniform choice).
//!
//! Cost per ply: one pass over the colour's list (the filter and the local-point count
//! together, five cell reads each) plus the moves through the new attach points (for each
//! unused piece, the table's list of its moves through the point that avoid the point's
//! forbidden edge neighbours; in the opening, about as many candidates as the list holds).
//! The search's expansions read the colour's list the same way instead of generating.

use crate::blokus::table::{MoveTable, corner_offsets};
use crate::blokus::{Colour, Move, Position};
use crate::game::Rng;

use super::prior::piece_size;

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
    /// The move's cells (padded indices), the last one repeated up to five.
    cells: [u16; 5],
    /// The move id.
    id: u16,
    /// The piece index.
    piece: u8,
    /// The piece's number of squares.
    size: u8,
}

impl Entry {
    #[inline]
    fn of(table: &MoveTable, id: usize) -> Entry {
        let piece = table.piece_of(id);
        Entry {
            cells: *table.cells_of(id),
            id: id as u16,
            piece: piece as u8,
            size: piece_size(piece) as u8,
        }
    }
}

/// Scratch space of the playouts (reused across simulations).
#[derive(Clone, Debug, Default)]
pub(super) struct Playout {
    /// Each colour's legal moves as of its last turn in this playout.
    lists: [Vec<Entry>; 4],
    /// The move colour `c` played since its list was made.
    played: [Option<usize>; 4],
    /// Colours with no legal move left.
    done: [bool; 4],
    candidates: Vec<Entry>,
    /// `mark[q] == stamp` for the local points of the current ply.
    mark: Vec<u32>,
    stamp: u32,
    /// Per padded cell, while a list is extended: 1 on the colour's older attach points,
    /// `k + 2` on the `k`-th new attach point of its last move, else 0.
    rank: Vec<u8>,
    /// The new attach points being processed.
    points: Vec<usize>,
}

/// Whether none of the cells is forbidden to the colour of `bit` (the five entries of a
/// move's cells repeat its last cell, so all five are read without a branch on the size).
#[inline]
fn free(forbidden: &[u8], cells: &[u16; 5], bit: u8) -> bool {
    let f = |k: usize| forbidden[usize::from(cells[k])];
    (f(0) | f(1) | f(2) | f(3) | f(4)) & bit == 0
}

/// Collects the moves that cover the most marked local points (at least one).
struct Local<'a> {
    mark: &'a [u32],
    stamp: u32,
    most: usize,
    candidates: &'a mut Vec<Entry>,
}

impl<'a> Local<'a> {
    fn new(mark: &'a [u32], stamp: u32, candidates: &'a mut Vec<Entry>) -> Local<'a> {
        candidates.clear();
        Local {
            mark,
            stamp,
            most: 1,
            candidates,
        }
    }

    /// Counts the local points `e` covers and keeps it if no move seen covers more.
    #[inline]
    fn offer(&mut self, e: Entry) {
        let marked = |k: usize| usize::from(self.mark[usize::from(e.cells[k])] == self.stamp);
        // The five entries repeat the last cell: count it once.
        let n = marked(0) + marked(1) + marked(2) + marked(3) + marked(4)
            - (5 - usize::from(e.size)) * marked(4);
        if n > self.most {
            self.most = n;
            self.candidates.clear();
        }
        if n == self.most {
            self.candidates.push(e);
        }
    }
}

/// Advances a stamp, clearing its marks when it wraps.
fn next_stamp(stamp: &mut u32, marks: &mut [u32]) {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        marks.fill(0);
        *stamp = 1;
    }
}

impl Playout {
    /// Starts from the lists of the root position (`root`, made by [`RootLists::of`]);
    /// `pos` is that position (or its copy).
    pub(super) fn restart_from(&mut self, root: &RootLists, pos: &Position) {
        self.fit(pos);
        for (list, root) in self.lists.iter_mut().zip(&root.lists) {
            list.clear();
            list.extend_from_slice(root);
        }
        self.played = [None; 4];
        self.done = [false; 4];
    }

    /// Sizes the stamp arrays for the board of `pos`.
    fn fit(&mut self, pos: &Position) {
        let table = pos.table();
        let cells = table.stride() * table.stride();
        if self.mark.len() != cells {
            self.mark = vec![0; cells];
            self.rank = vec![0; cells];
            self.stamp = 0;
        }
    }

    /// Plays `colour`'s move `id` on `pos`, keeping the lists exact (the descent through the
    /// tree plays its moves this way, so that the playout and the expansions start from
    /// exact lists instead of generating them).
    pub(super) fn play(&mut self, pos: &mut Position, colour: Colour, id: usize) {
        self.update::<false>(pos, colour.index());
        pos.apply(colour, id);
        self.played[colour.index()] = Some(id);
    }

    /// The colour to move in `pos` and its legal moves (into `moves`), as
    /// `Position::to_move_with_moves` finds them but from the lists; `None` at the end of the
    /// game (and `moves` empty).
    pub(super) fn next_mover(&mut self, pos: &Position, moves: &mut Vec<Move>) -> Option<Colour> {
        moves.clear();
        let colours = pos.variant().colours();
        let nominal = pos.nominal_to_move().index();
        let c = (0..colours).map(|k| (nominal + k) % colours).find(|&c| {
            self.update::<false>(pos, c);
            !self.lists[c].is_empty()
        })?;
        let table = pos.table();
        moves.extend(self.lists[c].iter().map(|e| table.mv(usize::from(e.id))));
        Colour::new(c)
    }

    /// Plays `pos` to the end of the game, from the lists as
    /// [`restart_from`](Self::restart_from) and [`play`](Self::play) left them.
    pub(super) fn run(&mut self, pos: &mut Position, rng: &mut Rng, sample: usize, local: bool) {
        let sample = sample.max(1);
        let variant = pos.variant();
        let colours = variant.colours();
        loop {
            let nominal = pos.nominal_to_move().index();
            let mut mover = None;
            for c in (0..colours).map(|k| (nominal + k) % colours) {
                if self.done[c] {
                    continue;
                }
                let counted = local && self.mark_local_points(pos, c % variant.players());
                if counted {
                    self.update::<true>(pos, c);
                } else {
                    self.update::<false>(pos, c);
                }
                self.done[c] = self.lists[c].is_empty();
                if !self.done[c] {
                    mover = Some((c, counted && !self.candidates.is_empty()));
                    break;
                }
            }
            let Some((c, use_candidates)) = mover else {
                break;
            };
            let pool = if use_candidates {
                &self.candidates
            } else {
                &self.lists[c]
            };
            let mut best = pool[rng.index(pool.len())];
            for _ in 1..sample {
                let e = pool[rng.index(pool.len())];
                if e.size > best.size {
                    best = e;
                }
            }
            let id = usize::from(best.id);
            pos.apply(Colour::new(c).expect("valid colour"), id);
            self.played[c] = Some(id);
        }
    }

    /// Brings colour `c`'s list up to date: filtered, and extended at the new attach points
    /// of its last move. With `COUNT`, the same pass
    /// puts into `candidates` the moves that cover the most local points (as marked by
    /// [`mark_local_points`](Self::mark_local_points); none if no move covers one).
    fn update<const COUNT: bool>(&mut self, pos: &Position, c: usize) {
        let colour = Colour::new(c).expect("valid colour");
        let table = pos.table();
        let bit = colour.bit();
        let forbidden = pos.forbidden_masks();
        let mut local = Local::new(&self.mark, self.stamp, &mut self.candidates);
        let list = &mut self.lists[c];
        let last = self.played[c].take();
        // The piece just played (none: only other colours moved since, and some moves may
        // have become forbidden).
        let last_piece = last.map_or(u8::MAX, |id| table.piece_of(id) as u8);
        list.retain(|&e| {
            let keep = e.piece != last_piece && free(forbidden, &e.cells, bit);
            if COUNT && keep {
                local.offer(e);
            }
            keep
        });
        let Some(last) = last else {
            return;
        };
        // The new attach points: corner neighbours of the last move that are free and touch
        // no older piece of the colour at a corner (those are attach points already, and
        // their moves are in the list).
        let last_cells = &table.cells_of(last)[..piece_size(table.piece_of(last))];
        let corners = corner_offsets(table.stride());
        let points = &mut self.points;
        points.clear();
        for &p in table.diag_of(last) {
            let p = usize::from(p);
            let older = || {
                corners.iter().any(|&d| {
                    let q = (p as isize + d) as usize;
                    pos.owner_at(q) == Some(c) && !last_cells.contains(&(q as u16))
                })
            };
            if pos.forbidden_at(p) & bit == 0 && !older() {
                points.push(p);
            }
        }
        // `rank[q]`: 1 on the older attach points, k + 2 on the k-th new point, else 0.
        // A free move through the k-th new point is new unless it also covers an older
        // attach point (it was legal before) or one of the first k − 1 new points (added
        // already): unless some cell has `rank − 1 ≤ k` (wrapping, so 0 never counts).
        let rank = &mut self.rank;
        for &q in pos.attach_points(c) {
            rank[usize::from(q)] = 1;
        }
        for (k, &p) in points.iter().enumerate() {
            rank[p] = (k + 2).min(usize::from(u8::MAX)) as u8;
        }
        let unused = pos.unused_pieces(c);
        for (k, &p) in points.iter().enumerate() {
            let status = pos.status(p, bit);
            let mut pieces = unused;
            while pieces != 0 {
                let piece = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                for &id in table.through(p, status, piece) {
                    let id = usize::from(id);
                    let cells = table.cells_of(id);
                    if !free(forbidden, cells, bit) {
                        continue;
                    }
                    let r = |j: usize| rank[usize::from(cells[j])].wrapping_sub(1);
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
        for &q in pos.attach_points(c) {
            rank[usize::from(q)] = 0;
        }
    }

    /// Marks the local points for a colour of player `me`; whether there are any.
    fn mark_local_points(&mut self, pos: &Position, me: usize) -> bool {
        next_stamp(&mut self.stamp, &mut self.mark);
        let variant = pos.variant();
        let table = pos.table();
        let plies = pos.history().len();
        let mut any = false;
        for k in (plies.saturating_sub(3)..plies).rev() {
            let (c, id) = pos.played(k);
            if c % variant.players() == me {
                continue;
            }
            for &q in table.diag_of(id) {
                let q = usize::from(q);
                if pos.forbidden_at(q) & (1 << c) == 0 {
                    self.mark[q] = self.stamp;
                    any = true;
                }
            }
        }
        any
    }
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
        for variant in [Variant::Duo, Variant::Classic, Variant::Classic2] {
            for local in [false, true] {
                let mut pos = Position::new(variant);
                restart(&mut playout, &pos);
                playout.run(&mut pos, &mut rng, 3, local);
                assert!(pos.is_over());
                assert!(pos.history().len() > 2 * variant.colours());
            }
        }
    }

    /// The incremental lists equal the position's full generation at every ply of random
    /// games, for every colour, in every variant.
    #[test]
    fn incremental_lists_equal_full_generation() {
        for (v, variant) in [Variant::Duo, Variant::Classic, Variant::Classic2]
            .into_iter()
            .enumerate()
        {
            for seed in 0..6u64 {
                let mut rng = Rng::seed_from(seed + 100 * v as u64);
                let mut pos = Position::new(variant);
                let mut p = Playout::default();
                restart(&mut p, &pos);
                let mut full = Vec::new();
                loop {
                    let nominal = pos.nominal_to_move().index();
                    let colours = variant.colours();
                    let mut mover = None;
                    for k in 0..colours {
                        let c = (nominal + k) % colours;
                        if p.done[c] {
                            continue;
                        }
                        p.update::<false>(&pos, c);
                        pos.legal_moves_of(Colour::new(c).unwrap(), &mut full);
                        let mut a: Vec<usize> =
                            p.lists[c].iter().map(|e| usize::from(e.id)).collect();
                        let mut b: Vec<usize> = full.iter().map(|m| m.id()).collect();
                        let n = a.len();
                        a.sort_unstable();
                        a.dedup();
                        assert_eq!(a.len(), n, "duplicates in the list");
                        b.sort_unstable();
                        assert_eq!(a, b, "{variant} seed {seed} ply {}", pos.history().len());
                        p.done[c] = a.is_empty();
                        if !p.done[c] {
                            mover = Some(c);
                            break;
                        }
                    }
                    let Some(c) = mover else { break };
                    assert_eq!(pos.colour_to_move().map(Colour::index), Some(c));
                    let id = usize::from(p.lists[c][rng.index(p.lists[c].len())].id);
                    pos.apply(Colour::new(c).unwrap(), id);
                    p.played[c] = Some(id);
                }
                assert!(pos.is_over());
            }
        }
    }

    /// Lists copied from a root position and kept up to date by `play` give, at every
    /// position below it, the colour to move and its moves as full generation does.
    #[test]
    fn lists_from_the_root_follow_the_descent() {
        for (v, variant) in [Variant::Duo, Variant::Classic, Variant::Classic2]
            .into_iter()
            .enumerate()
        {
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
                    p.play(&mut pos, colour, ours[rng.index(ours.len())].id());
                }
                let moves = root.legal_moves();
                root.play(moves[rng.index(moves.len())]).unwrap();
            }
        }
    }

    /// With local replies on, a colour that can cover a fresh attach point of the opponent
    /// does so. Local points computed here through the public API only: empty corner
    /// neighbours of the opponent's moves among the last three plies that do not touch that
    /// opponent along an edge.
    #[test]
    fn local_replies_block_the_last_moves() {
        use crate::blokus::Point;
        let mut rng = Rng::seed_from(5);
        let mut blocked = 0;
        for seed in 0..30u64 {
            let mut pos = Position::new(Variant::Duo);
            let mut r = Rng::seed_from(seed);
            for _ in 0..6 {
                let moves = pos.legal_moves();
                pos.play(moves[r.index(moves.len())]).unwrap();
            }
            let colour = pos.colour_to_move().unwrap();
            let size = i16::from(pos.variant().size());
            let cells = |m: Move| pos.table().points(m).unwrap();
            let at = |col: i16, row: i16| {
                ((0..size).contains(&col) && (0..size).contains(&row))
                    .then(|| Point::new(col as u8, row as u8))
            };
            let history: Vec<_> = pos.history().collect();
            let mut local = Vec::new();
            for &(c, m) in history.iter().rev().take(3).filter(|(c, _)| *c != colour) {
                for p in cells(m) {
                    for (dc, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let Some(q) = at(i16::from(p.col) + dc, i16::from(p.row) + dr) else {
                            continue;
                        };
                        let touches = [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&(ec, er)| {
                            at(i16::from(q.col) + ec, i16::from(q.row) + er)
                                .is_some_and(|n| pos.owner(n) == Some(c))
                        });
                        if pos.owner(q).is_none() && !touches {
                            local.push(q);
                        }
                    }
                }
            }
            let can_block = pos
                .legal_moves()
                .iter()
                .any(|&m| cells(m).iter().any(|p| local.contains(p)));
            let mut after = pos.clone();
            let mut playout = Playout::default();
            restart(&mut playout, &after);
            playout.run(&mut after, &mut rng, 1, true);
            let (c, played) = after.history().nth(history.len()).unwrap();
            assert_eq!(c, colour);
            if can_block {
                blocked += 1;
                assert!(
                    cells(played).iter().any(|p| local.contains(p)),
                    "seed {seed}: {played:?} blocks nothing"
                );
            }
        }
        assert!(blocked >= 10, "only {blocked} positions could block");
    }
}
