//! The playout policy: play the game out to the end, cheaply but not blindly.
//!
//! **Move lists are kept incrementally** (as Pentobi does): each colour's list is generated in
//! full once per playout; at its next turn the old list is filtered (a move stays legal while
//! its piece is unused and none of its cells became forbidden: five mask reads) and the moves
//! through the new attach points of the colour's own last move are added. A new attach point
//! that already touched an older piece of the colour at a corner is skipped (its moves are in
//! the old list), and a marker array keeps the list free of duplicates. Legal sets only
//! shrink apart from those new attach points, so the list is exactly the legal moves.
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
//! Cost per ply: one pass over the colour's list (the filter and the local-point count, five
//! cell reads per move) plus the new moves at the new attach points.

use crate::blokus::table::corner_offsets;
use crate::blokus::{Colour, Move, Position};
use crate::game::Rng;

use super::prior::piece_size;

/// Scratch space of the playouts (reused across simulations).
#[derive(Clone, Debug, Default)]
pub(super) struct Playout {
    /// Each colour's legal moves as of its last turn in this playout.
    lists: [Vec<Move>; 4],
    /// Whether `lists[c]` was generated in this playout.
    fresh: [bool; 4],
    /// The move colour `c` played since its list was made.
    played: [Option<usize>; 4],
    /// Colours with no legal move left.
    done: [bool; 4],
    candidates: Vec<Move>,
    /// `mark[q] == stamp` for the local points of the current ply.
    mark: Vec<u32>,
    stamp: u32,
    /// `seen[id] == seen_stamp` for the moves already in the list being rebuilt.
    seen: Vec<u32>,
    seen_stamp: u32,
}

/// Whether none of the cells is forbidden to the colour of `bit` (the five entries of a
/// move's cells repeat its last cell, so all five are read without a branch on the size).
#[inline]
fn free(forbidden: &[u8], cells: &[u16; 5], bit: u8) -> bool {
    let f = |k: usize| forbidden[usize::from(cells[k])];
    (f(0) | f(1) | f(2) | f(3) | f(4)) & bit == 0
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
    /// Plays `pos` to the end of the game.
    pub(super) fn run(&mut self, pos: &mut Position, rng: &mut Rng, sample: usize, local: bool) {
        let sample = sample.max(1);
        let table = std::sync::Arc::clone(pos.table());
        let variant = pos.variant();
        let cells = table.stride() * table.stride();
        if self.mark.len() != cells || self.seen.len() != table.len() {
            self.mark = vec![0; cells];
            self.seen = vec![0; table.len()];
            (self.stamp, self.seen_stamp) = (0, 0);
        }
        self.fresh = [false; 4];
        self.played = [None; 4];
        self.done = [false; 4];
        let colours = variant.colours();
        loop {
            let nominal = pos.nominal_to_move().index();
            let Some(c) = (0..colours).map(|k| (nominal + k) % colours).find(|&c| {
                if self.done[c] {
                    return false;
                }
                self.update(pos, c);
                self.done[c] = self.lists[c].is_empty();
                !self.done[c]
            }) else {
                break;
            };
            let mut use_candidates = false;
            if local && self.mark_local_points(pos, c % variant.players()) {
                let mut most = 1;
                self.candidates.clear();
                let (mark, stamp) = (&self.mark, self.stamp);
                for &m in &self.lists[c] {
                    let id = m.id();
                    // The five entries repeat the last cell: count it once.
                    let cells = table.cells_of(id);
                    let marked = |k: usize| usize::from(mark[usize::from(cells[k])] == stamp);
                    let n = marked(0) + marked(1) + marked(2) + marked(3) + marked(4)
                        - (5 - piece_size(table.piece_of(id))) * marked(4);
                    if n > most {
                        most = n;
                        self.candidates.clear();
                    }
                    if n == most {
                        self.candidates.push(m);
                    }
                }
                use_candidates = !self.candidates.is_empty();
            }
            let pool = if use_candidates {
                &self.candidates
            } else {
                &self.lists[c]
            };
            let mut best = pool[rng.index(pool.len())];
            let mut best_size = piece_size(table.piece_of(best.id()));
            for _ in 1..sample {
                let m = pool[rng.index(pool.len())];
                let size = piece_size(table.piece_of(m.id()));
                if size > best_size {
                    (best, best_size) = (m, size);
                }
            }
            pos.apply(Colour::new(c).expect("valid colour"), best.id());
            self.played[c] = Some(best.id());
        }
    }

    /// Brings colour `c`'s list up to date: generated in full the first time, else filtered
    /// and extended at the new attach points of its last move.
    fn update(&mut self, pos: &Position, c: usize) {
        let colour = Colour::new(c).expect("valid colour");
        if !self.fresh[c] {
            pos.legal_moves_of(colour, &mut self.lists[c]);
            self.fresh[c] = true;
            self.played[c] = None;
            return;
        }
        let Some(last) = self.played[c].take() else {
            // Only other colours moved: some moves may have become forbidden.
            let bit = colour.bit();
            let table = pos.table();
            let forbidden = pos.forbidden_masks();
            self.lists[c].retain(|m| free(forbidden, table.cells_of(m.id()), bit));
            return;
        };
        let table = pos.table();
        let bit = colour.bit();
        let last_piece = table.piece_of(last);
        next_stamp(&mut self.seen_stamp, &mut self.seen);
        let (seen, stamp) = (&mut self.seen, self.seen_stamp);
        let list = &mut self.lists[c];
        let forbidden = pos.forbidden_masks();
        list.retain(|m| {
            let id = m.id();
            let keep = table.piece_of(id) != last_piece && free(forbidden, table.cells_of(id), bit);
            if keep {
                seen[id] = stamp;
            }
            keep
        });
        let unused = pos.unused_pieces(c);
        let last_cells = &table.cells_of(last)[..piece_size(last_piece)];
        let corners = corner_offsets(table.stride());
        for &p in table.diag_of(last) {
            let p = usize::from(p);
            if pos.forbidden_at(p) & bit != 0 {
                continue;
            }
            // An attach point of an older piece too: its moves are in the list already.
            let older = corners.iter().any(|&d| {
                let q = (p as isize + d) as usize;
                pos.owner_at(q) == Some(c) && !last_cells.contains(&(q as u16))
            });
            if older {
                continue;
            }
            let status = pos.status(p, bit);
            let mut pieces = unused;
            while pieces != 0 {
                let k = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                for &id in table.through(p, status, k) {
                    let id = usize::from(id);
                    if seen[id] != stamp && free(forbidden, table.cells_of(id), bit) {
                        seen[id] = stamp;
                        list.push(table.mv(id));
                    }
                }
            }
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

    #[test]
    fn playouts_end_the_game_in_every_variant() {
        let mut rng = Rng::seed_from(3);
        let mut playout = Playout::default();
        for variant in [Variant::Duo, Variant::Classic, Variant::Classic2] {
            for local in [false, true] {
                let mut pos = Position::new(variant);
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
                let table = std::sync::Arc::clone(pos.table());
                p.seen = vec![0; table.len()];
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
                        p.update(&pos, c);
                        pos.legal_moves_of(Colour::new(c).unwrap(), &mut full);
                        let mut a: Vec<usize> = p.lists[c].iter().map(|m| m.id()).collect();
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
                    let id = p.lists[c][rng.index(p.lists[c].len())].id();
                    pos.apply(Colour::new(c).unwrap(), id);
                    p.played[c] = Some(id);
                }
                assert!(pos.is_over());
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
            Playout::default().run(&mut after, &mut rng, 1, true);
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
