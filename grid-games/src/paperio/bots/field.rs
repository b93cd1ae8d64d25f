//! Breadth-first distances on the board, shared by the walkers. A [`Bfs`] keeps its scratch
//! between calls (a visit stamp per cell), so a search costs only the cells it reaches.

use crate::game::Side;
use std::collections::VecDeque;

use crate::paperio::{Direction, Position, Turn};

/// Reusable breadth-first search over the board.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bfs {
    stamp: Vec<u32>,
    epoch: u32,
    queue: VecDeque<(i32, i32, u32)>,
}

impl Bfs {
    /// The number of steps from `from` to the nearest cell satisfying `goal`, moving through
    /// on-board cells for which `pass` holds (the goal cell itself need not pass), exploring at
    /// most `limit` steps. `from` itself counts (distance 0) if it satisfies `goal`.
    pub(crate) fn distance(
        &mut self,
        pos: &Position,
        from: (i32, i32),
        limit: u32,
        goal: impl Fn(i32, i32) -> bool,
        pass: impl Fn(i32, i32) -> bool,
    ) -> Option<u32> {
        let (w, h) = (pos.width() as i32, pos.height() as i32);
        if !pos.contains(from.0, from.1) {
            return None;
        }
        if goal(from.0, from.1) {
            return Some(0);
        }
        if self.stamp.len() != (w * h) as usize {
            self.stamp = vec![0; (w * h) as usize];
            self.epoch = 0;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        self.queue.clear();
        self.stamp[(from.1 * w + from.0) as usize] = self.epoch;
        self.queue.push_back((from.0, from.1, 0));
        while let Some((x, y, d)) = self.queue.pop_front() {
            if d >= limit {
                continue;
            }
            for dir in Direction::ALL {
                let (dx, dy) = dir.delta();
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w || ny >= h {
                    continue;
                }
                let i = (ny * w + nx) as usize;
                if self.stamp[i] == self.epoch {
                    continue;
                }
                self.stamp[i] = self.epoch;
                if goal(nx, ny) {
                    return Some(d + 1);
                }
                if pass(nx, ny) {
                    self.queue.push_back((nx, ny, d + 1));
                }
            }
        }
        None
    }

    /// Steps from `from` back onto `player`'s territory without crossing its own trail.
    pub(crate) fn home_distance(
        &mut self,
        pos: &Position,
        player: Side,
        from: (i32, i32),
    ) -> Option<u32> {
        self.distance(
            pos,
            from,
            u32::MAX,
            |x, y| pos.territory(x, y) == Some(player),
            |x, y| pos.trail(x, y) != Some(player),
        )
    }
}

/// Unreached, in a [`distance_field`].
pub(crate) const FAR: u32 = u32::MAX / 4;

/// Breadth-first distances on a `w × h` board from the cells `from` (indices `y · w + x`) into
/// `out` ([`FAR`] where unreached), moving through cells for which `pass` holds; a cell that
/// does not pass is reached but not left. O(W·H); `queue` is scratch.
pub(crate) fn distance_field(
    queue: &mut VecDeque<u32>,
    out: &mut Vec<u32>,
    (w, h): (i32, i32),
    from: impl Iterator<Item = u32>,
    pass: impl Fn(usize) -> bool,
) {
    out.clear();
    out.resize((w * h) as usize, FAR);
    queue.clear();
    for c in from {
        out[c as usize] = 0;
        queue.push_back(c);
    }
    while let Some(c) = queue.pop_front() {
        let d = out[c as usize];
        if d > 0 && !pass(c as usize) {
            continue;
        }
        let (x, y) = (c as i32 % w, c as i32 / w);
        // Written out like `Bfs::distance`'s loop rather than through a shared neighbour
        // iterator: this runs over the whole board up to four times a ply, and the iterator
        // measured slower (noisily) in planner games.
        for dir in Direction::ALL {
            let (dx, dy) = dir.delta();
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                continue;
            }
            let n = (ny * w + nx) as usize;
            if out[n] == FAR {
                out[n] = d + 1;
                queue.push_back(n as u32);
            }
        }
    }
}

/// The cell `player` reaches with `turn`.
pub(crate) fn next_cell(pos: &Position, player: Side, turn: Turn) -> (i32, i32) {
    let (x, y) = pos.head(player);
    let (dx, dy) = pos.direction(player).turned(turn).delta();
    (x + dx, y + dy)
}

/// Whether moving `player` by `turn` loses at once: off the board, into its own trail, or
/// into the enemy head standing on the enemy's land.
pub(crate) fn loses_at_once(pos: &Position, player: Side, turn: Turn) -> bool {
    let (x, y) = next_cell(pos, player, turn);
    if !pos.contains(x, y) || pos.trail(x, y) == Some(player) {
        return true;
    }
    pos.head(player.other()) == (x, y) && pos.territory(x, y) == Some(player.other())
}

/// Manhattan distance between two cells.
pub(crate) fn manhattan(a: (i32, i32), b: (i32, i32)) -> u32 {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}
