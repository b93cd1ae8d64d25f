//! Masyu through the public driver API: one loop through cell centres that visits every circle;
//! it goes straight through a white circle and turns in at least one of the cells before and
//! after it, and it turns at a black circle and goes straight through both cells beside it.
//! Prints the number of loops.
//!
//! ```text
//! cargo run --release -p plugdp --example masyu
//! ```
//!
//! The frontier is a [`Contour`]: a plug's label is its piece of the loop (minimal
//! representation) and its tag what the cell it leaves did and asks: `STRAIGHT` (that cell
//! went straight), `GO_STRAIGHT` (it is black: the next cell must go straight) or `TURN` (it is
//! white and the cell before it went straight: the next cell must turn). Flag 1 says the loop
//! has closed; nothing may be drawn after that.

use plugdp::engine::driver::{Contour, Transfer, run};
use plugdp::{Options, PlugError};

const STRAIGHT: u8 = 1;
const GO_STRAIGHT: u8 = 2;
const TURN: u8 = 4;
const CLOSED: u8 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Circle {
    None,
    White,
    Black,
}

struct Masyu {
    rows: usize,
    cols: usize,
    circles: Vec<Circle>,
}

impl Transfer for Masyu {
    type Key = u128;
    type Value = u64;

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn start(&self) -> u128 {
        0
    }

    fn successors<E>(&self, r: usize, c: usize, key: u128, mut emit: E) -> Result<(), PlugError>
    where
        E: FnMut(u128, &u64, usize) -> Result<(), PlugError>,
    {
        let f = Contour::unpack(key, self.cols + 1);
        let (left, up) = ((f.label(c), f.tag(c)), (f.label(c + 1), f.tag(c + 1)));
        let circle = self.circles[r * self.cols + c];
        let mut rest = f;
        rest.set(c, 0, 0);
        rest.set(c + 1, 0, 0);
        for (choice, (right, down)) in [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .enumerate()
        {
            if right && c + 1 == self.cols || down && r + 1 == self.rows {
                continue;
            }
            let ins = [left, up].into_iter().filter(|p| p.0 != 0);
            let degree = ins.clone().count() + usize::from(right) + usize::from(down);
            if degree == 0 {
                if circle == Circle::None {
                    emit(rest.pack().ok_or(PlugError::TooManyComponents)?, &1, choice)?;
                }
                continue;
            }
            if degree != 2 || f.flags() & CLOSED != 0 {
                continue;
            }
            let straight = (left.0 != 0 && right) || (up.0 != 0 && down);
            // What the cells before this one ask of it.
            if ins
                .clone()
                .any(|p| p.1 & GO_STRAIGHT != 0 && !straight || p.1 & TURN != 0 && straight)
            {
                continue;
            }
            // What this cell's circle asks, and what it asks of the cells after it.
            let mut ask = if straight { STRAIGHT } else { 0 };
            match circle {
                Circle::White if !straight => continue,
                // The cell before a white circle went straight: the one after must turn.
                Circle::White if ins.clone().all(|p| p.1 & STRAIGHT != 0) => ask |= TURN,
                Circle::Black if straight || ins.clone().any(|p| p.1 & STRAIGHT == 0) => continue,
                Circle::Black => ask |= GO_STRAIGHT,
                _ => {}
            }
            let mut g = rest;
            match (left.0, up.0) {
                (a, b) if a != 0 && b != 0 => {
                    if a == b {
                        // The loop closes: only if nothing else is open.
                        if !g.no_plugs() {
                            continue;
                        }
                        g.set_flags(CLOSED);
                    } else {
                        g.relabel(b, a);
                    }
                }
                (a, b) => {
                    let through = a.max(b);
                    let label = if through != 0 { through } else { f.fresh() };
                    if right {
                        g.set(c + 1, label, ask);
                    }
                    if down {
                        g.set(c, label, ask);
                    }
                }
            }
            emit(g.pack().ok_or(PlugError::TooManyComponents)?, &1, choice)?;
        }
        Ok(())
    }

    fn row_end(&self, _r: usize, key: u128) -> Option<u128> {
        Contour::unpack(key, self.cols + 1).shift()?.pack()
    }

    fn accept(&self, key: u128) -> bool {
        let f = Contour::unpack(key, self.cols + 1);
        f.flags() & CLOSED != 0 && f.no_plugs()
    }
}

/// The loops of `board` (rows of `.`, `o` for white and `x` for black).
fn solve(board: &[&str]) -> Result<u64, PlugError> {
    let circles = board
        .iter()
        .flat_map(|row| {
            row.bytes().map(|b| match b {
                b'o' => Circle::White,
                b'x' => Circle::Black,
                _ => Circle::None,
            })
        })
        .collect();
    let cols = board.first().map_or(0, |row| row.len());
    // A contour holds cols + 1 positions.
    if cols + 1 > Contour::MAX_POSITIONS {
        return Err(PlugError::TooWide {
            cols,
            max: Contour::MAX_POSITIONS - 1,
        });
    }
    let problem = Masyu {
        rows: board.len(),
        cols,
        circles,
    };
    Ok(run(&problem, &Options::default())?.0)
}

fn main() {
    // The ring round the board satisfies these circles; other loops may too.
    let board = ["x...o.", "......", "......", "......", "o.....", ".....x"];
    match solve(&board) {
        Ok(n) => println!("{n}"),
        Err(e) => {
            eprintln!("masyu: {e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Brute force: every set of grid edges that is one loop through every circle, with the
    /// circles' rules checked on the loop's cells.
    fn brute(rows: usize, cols: usize, circles: &[Circle]) -> u64 {
        let cells = rows * cols;
        let mut edges = Vec::new();
        for v in 0..cells {
            if v % cols + 1 < cols {
                edges.push((v, v + 1));
            }
            if v / cols + 1 < rows {
                edges.push((v, v + cols));
            }
        }
        let mut count = 0;
        for set in 1u32..1 << edges.len() {
            // For each cell, its open directions: 0 left, 1 up, 2 right, 3 down.
            let mut open = vec![[false; 4]; cells];
            for (i, &(a, b)) in edges.iter().enumerate() {
                if set >> i & 1 == 1 {
                    let horizontal = b == a + 1;
                    open[a][if horizontal { 2 } else { 3 }] = true;
                    open[b][if horizontal { 0 } else { 1 }] = true;
                }
            }
            let degree = |v: usize| open[v].iter().filter(|&&x| x).count();
            if (0..cells).any(|v| degree(v) != 0 && degree(v) != 2) {
                continue;
            }
            // One loop: walk it from any cell on it and see every cell of degree 2.
            let on: Vec<usize> = (0..cells).filter(|&v| degree(v) == 2).collect();
            let step = |v: usize, d: usize| match d {
                0 => v - 1,
                1 => v - cols,
                2 => v + 1,
                _ => v + cols,
            };
            let (mut v, mut from, mut seen) = (on[0], usize::MAX, 0);
            loop {
                let d = (0..4).find(|&d| open[v][d] && step(v, d) != from).unwrap();
                from = v;
                v = step(v, d);
                seen += 1;
                if v == on[0] {
                    break;
                }
                if seen > cells {
                    break;
                }
            }
            if seen != on.len() {
                continue;
            }
            let straight = |v: usize| open[v][0] && open[v][2] || open[v][1] && open[v][3];
            let open = &open;
            let neighbours = |v: usize| -> Vec<usize> {
                (0..4).filter(|&d| open[v][d]).map(|d| step(v, d)).collect()
            };
            let fine = (0..cells).all(|v| match circles[v] {
                Circle::None => true,
                Circle::White => {
                    degree(v) == 2 && straight(v) && neighbours(v).into_iter().any(|u| !straight(u))
                }
                Circle::Black => {
                    degree(v) == 2 && !straight(v) && neighbours(v).into_iter().all(straight)
                }
            });
            count += u64::from(fine);
        }
        count
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Against brute force on boards of up to 12 cells (17 edges).
        #[test]
        fn matches_brute_force(
            (rows, cols) in (2usize..=4, 2usize..=4).prop_filter("at most 12 cells", |(r, c)| r * c <= 12),
            kinds in proptest::collection::vec(0u8..8, 12),
        ) {
            let circles: Vec<Circle> = kinds[..rows * cols]
                .iter()
                .map(|&k| match k {
                    0 => Circle::White,
                    1 => Circle::Black,
                    _ => Circle::None,
                })
                .collect();
            let problem = Masyu { rows, cols, circles: circles.clone() };
            let (ours, _) = run(&problem, &Options::default()).unwrap();
            prop_assert_eq!(ours, brute(rows, cols, &circles));
            // The threaded sweep (each worker applies the row end to its share) agrees.
            let (two, _) = run(&problem, &Options::default().with_threads(2)).unwrap();
            prop_assert_eq!(two, ours);
        }
    }

    #[test]
    fn known_boards() {
        // No circles: every loop of the 3 × 3 board.
        assert_eq!(
            solve(&["...", "...", "..."]).unwrap(),
            brute(3, 3, &[Circle::None; 9])
        );
        // A black circle in a corner of a 3 × 3 board: the loop runs along both sides from it,
        // then closes round the far corner or through the centre.
        assert_eq!(solve(&["x..", "...", "..."]).unwrap(), 2);
        // A white circle in a corner cannot go straight.
        assert_eq!(solve(&["o..", "...", "..."]).unwrap(), 0);
        // A contour of 16 positions does not fit the key: refused, not a panic.
        assert_eq!(
            solve(&["x..............", "..............."]),
            Err(PlugError::TooWide { cols: 15, max: 14 })
        );
    }
}
