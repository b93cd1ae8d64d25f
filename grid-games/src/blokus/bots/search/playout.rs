//! The playout policy: play the game out to the end, cheaply but not blindly.
//!
//! At every ply the colour to move generates its legal moves (the position's generator, a few
//! nanoseconds per candidate) and then:
//!
//! 1. **Local replies.** The *local points* are the live attach points created by the last
//!    moves of the other players' colours (up to three plies back): the cells where the
//!    opponent means to grow next. If some legal moves cover local points, the choice is
//!    restricted to those covering the most of them (Pentobi's playout rule): blocking an
//!    opponent's fresh corner is usually right and is cheap to find.
//! 2. **Large pieces first.** Among the remaining candidates, `sample` are drawn at random and
//!    the one with the largest piece is played (with `sample = 1`, uniform choice).
//!
//! Cost per ply: the move generation plus one pass over the moves (five cell reads each) when
//! there are local points.

use crate::blokus::{Move, Position};
use crate::game::Rng;

use super::prior::piece_size;

/// Scratch space of the playouts (reused across simulations).
#[derive(Clone, Debug, Default)]
pub(super) struct Playout {
    moves: Vec<Move>,
    candidates: Vec<Move>,
    /// `mark[q] == stamp` for the local points of the current ply.
    mark: Vec<u32>,
    stamp: u32,
}

impl Playout {
    /// Plays `pos` to the end of the game.
    pub(super) fn run(&mut self, pos: &mut Position, rng: &mut Rng, sample: usize, local: bool) {
        let sample = sample.max(1);
        let table = std::sync::Arc::clone(pos.table());
        let variant = pos.variant();
        if self.mark.len() != table.stride() * table.stride() {
            self.mark = vec![0; table.stride() * table.stride()];
            self.stamp = 0;
        }
        while let Some(colour) = pos.to_move_with_moves(&mut self.moves) {
            let mut use_candidates = false;
            if local && self.mark_local_points(pos, variant.player_index(colour)) {
                let mut most = 1;
                self.candidates.clear();
                for &m in &self.moves {
                    let id = m.id();
                    let size = piece_size(table.piece_of(id));
                    let n = table.cells_of(id)[..size]
                        .iter()
                        .filter(|&&q| self.mark[usize::from(q)] == self.stamp)
                        .count();
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
                &self.moves
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
            pos.apply(colour, best.id());
        }
    }

    /// Marks the local points for a colour of player `me`; whether there are any.
    fn mark_local_points(&mut self, pos: &Position, me: usize) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
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
