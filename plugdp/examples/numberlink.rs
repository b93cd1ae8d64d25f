//! Numberlink through the public driver API: join each pair of equal numbers by a path, the
//! paths disjoint, optionally covering every cell. Prints the number of solutions.
//!
//! ```text
//! cargo run --release -p plugdp --example numberlink            # the built-in puzzle
//! cargo run --release -p plugdp --example numberlink -- --cover # every cell on a path
//! ```
//!
//! The frontier is a [`Contour`]: a plug's label is its path (minimal representation) and its
//! tag the path's number once one of its ends has reached a clue (0 before). A clue cell ends
//! exactly one path; any other cell is passed through (two sides) or, unless every cell must be
//! covered, left empty. Joining two plugs of the same path would close a loop and is refused;
//! joining paths of different numbers is refused; the last plug of a path may only vanish at a
//! clue of its number.

use plugdp::engine::driver::{Contour, Transfer, run};
use plugdp::{Options, PlugError};

/// A Numberlink board: `clues[r * cols + c]` is 0 for an empty cell, k for the number k
/// (1..=15, each appearing exactly twice).
struct Numberlink {
    rows: usize,
    cols: usize,
    clues: Vec<u8>,
    /// Every cell must lie on a path.
    cover: bool,
}

impl Transfer for Numberlink {
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
        let clue = self.clues[r * self.cols + c];
        // The sides the cell may open towards unprocessed cells.
        let (can_right, can_down) = (c + 1 < self.cols, r + 1 < self.rows);
        let mut next = f;
        next.set(c, 0, 0);
        next.set(c + 1, 0, 0);
        let mut out = |g: Contour, choice: usize| -> Result<(), PlugError> {
            emit(g.pack().ok_or(PlugError::TooManyComponents)?, &1, choice)
        };
        match (left.0 != 0, up.0 != 0) {
            // Two paths arrive: join them (not at a clue, never one path with itself).
            (true, true) if clue == 0 && left.0 != up.0 => {
                if left.1 != 0 && up.1 != 0 && left.1 != up.1 {
                    return Ok(());
                }
                let number = left.1.max(up.1);
                next.relabel(up.0, left.0);
                if next.count(left.0) == 0 && (left.1 == 0 || up.1 == 0) {
                    return Ok(()); // a finished path must have a clue at both ends
                }
                out(paint(next, left.0, number), 0)?;
            }
            (true, true) => {}
            // One path arrives: it ends at a matching clue or goes on right or down.
            (true, false) | (false, true) => {
                let (label, number) = if left.0 != 0 { left } else { up };
                if clue != 0 {
                    if number == 0 || number == clue {
                        let ended = paint(next, label, clue);
                        // A path still unnumbered has its other end open.
                        out(ended, 1)?;
                    }
                    return Ok(());
                }
                for (open, at, choice) in [(can_right, c + 1, 2), (can_down, c, 3)] {
                    if open {
                        let mut g = next;
                        g.set(at, label, number);
                        out(g, choice)?;
                    }
                }
            }
            (false, false) if clue != 0 => {
                // A path starts at the clue, right or down.
                for (open, at, choice) in [(can_right, c + 1, 4), (can_down, c, 5)] {
                    if open {
                        let mut g = next;
                        g.set(at, f.fresh(), clue);
                        out(g, choice)?;
                    }
                }
            }
            (false, false) => {
                if !self.cover {
                    out(next, 6)?; // the cell stays empty
                }
                if can_right && can_down {
                    // A new unnumbered path turns here: both plugs of one fresh label.
                    let mut g = next;
                    let label = f.fresh();
                    g.set(c, label, 0);
                    g.set(c + 1, label, 0);
                    out(g, 7)?;
                }
            }
        }
        Ok(())
    }

    fn row_end(&self, _r: usize, key: u128) -> Option<u128> {
        Contour::unpack(key, self.cols + 1).shift()?.pack()
    }

    fn accept(&self, key: u128) -> bool {
        Contour::unpack(key, self.cols + 1).no_plugs()
    }

    fn max_successors(&self, _r: usize, _c: usize) -> usize {
        2
    }
}

/// `f` with every plug of path `label` numbered `number`.
fn paint(mut f: Contour, label: u8, number: u8) -> Contour {
    for j in 0..f.len() {
        if f.label(j) == label {
            f.set(j, label, number);
        }
    }
    f
}

/// The built-in puzzle.
const BOARD: [&str; 5] = ["1....", "2....", "3...1", ".....", "...32"];

/// Solutions of `board` (rows of `.` and digits 1–9).
fn solve(board: &[&str], cover: bool) -> Result<u64, PlugError> {
    let clues: Vec<u8> = board
        .iter()
        .flat_map(|row| row.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }))
        .collect();
    let cols = board.first().map_or(0, |row| row.len());
    // A contour holds cols + 1 positions.
    if cols + 1 > Contour::MAX_POSITIONS {
        return Err(PlugError::TooWide {
            cols,
            max: Contour::MAX_POSITIONS - 1,
        });
    }
    let problem = Numberlink {
        rows: board.len(),
        cols,
        clues,
        cover,
    };
    Ok(run(&problem, &Options::default())?.0)
}

fn main() {
    let cover = std::env::args().any(|a| a == "--cover");
    match solve(&BOARD, cover) {
        Ok(n) => println!("{n}"),
        Err(e) => {
            eprintln!("numberlink: {e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Brute force: every set of grid edges, kept when every clue has degree 1, every other
    /// cell degree 0 or 2 (2 when covering), and every component is a path between two equal
    /// clues.
    fn brute(rows: usize, cols: usize, clues: &[u8], cover: bool) -> u64 {
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let v = r * cols + c;
                if c + 1 < cols {
                    edges.push((v, v + 1));
                }
                if r + 1 < rows {
                    edges.push((v, v + cols));
                }
            }
        }
        let cells = rows * cols;
        let mut count = 0;
        for set in 0u32..1 << edges.len() {
            let mut degree = vec![0; cells];
            let mut parent: Vec<usize> = (0..cells).collect();
            fn find(p: &mut [usize], mut x: usize) -> usize {
                while p[x] != x {
                    x = p[x];
                }
                x
            }
            let mut cycle = false;
            for (i, &(a, b)) in edges.iter().enumerate() {
                if set >> i & 1 == 1 {
                    degree[a] += 1;
                    degree[b] += 1;
                    let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                    cycle |= ra == rb;
                    parent[ra] = rb;
                }
            }
            let degrees_ok = (0..cells).all(|v| match (clues[v], degree[v]) {
                (0, 0) => !cover,
                (0, 2) => true,
                (k, 1) => k != 0,
                _ => false,
            });
            if cycle || !degrees_ok {
                continue;
            }
            // Acyclic with these degrees: every component is a path; its clue ends must match.
            let mut end: Vec<Option<u8>> = vec![None; cells];
            let matched = (0..cells).filter(|&v| clues[v] != 0).all(|v| {
                let root = find(&mut parent, v);
                match end[root] {
                    None => {
                        end[root] = Some(clues[v]);
                        true
                    }
                    Some(k) => k == clues[v],
                }
            });
            count += u64::from(matched);
        }
        count
    }

    /// A board of `rows × cols` with `pairs` numbers at distinct cells from `spots`.
    fn board(rows: usize, cols: usize, pairs: usize, spots: &[usize]) -> Vec<u8> {
        let mut clues = vec![0u8; rows * cols];
        let mut placed = 0;
        for &s in spots {
            let at = s % (rows * cols);
            if clues[at] == 0 && placed < 2 * pairs {
                clues[at] = (placed / 2 + 1) as u8;
                placed += 1;
            }
        }
        clues
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Against brute force on boards up to 3 × 4 and 4 × 3 (17 edges), both rules.
        #[test]
        fn matches_brute_force(
            (rows, cols) in (1usize..=4, 1usize..=4).prop_filter("at most 12 cells", |(r, c)| r * c <= 12),
            pairs in 1usize..=3,
            spots in proptest::collection::vec(0usize..12, 12),
            cover in any::<bool>(),
        ) {
            let clues = board(rows, cols, pairs, &spots);
            let problem = Numberlink { rows, cols, clues: clues.clone(), cover };
            let (ours, _) = run(&problem, &Options::default()).unwrap();
            let theirs = brute(rows, cols, &clues, cover);
            prop_assert_eq!(ours, theirs);
            // The threaded sweep (each worker applies the row end to its share) agrees.
            let (two, _) = run(&problem, &Options::default().with_threads(2)).unwrap();
            prop_assert_eq!(two, ours);
        }
    }

    #[test]
    fn known_boards() {
        // Two straight paths, and no way to cover the middle column.
        assert_eq!(solve(&["1.1", "2.2"], false).unwrap(), 1);
        assert_eq!(solve(&["1.1", "2.2"], true).unwrap(), 1);
        // Crossing pairs on a 2 × 2 board: impossible.
        assert_eq!(solve(&["12", "21"], false).unwrap(), 0);
        // A contour of 16 positions does not fit the key: refused, not a panic.
        assert_eq!(
            solve(&["1.............1"], false),
            Err(PlugError::TooWide { cols: 15, max: 14 })
        );
        // A 5 × 5 board built from a covering solution (1 along the top and down the right to
        // row 2; 2 along row 1 and down to the corner; 3 snaking through rows 2 to 4).
        let (free, covered) = (solve(&BOARD, false).unwrap(), solve(&BOARD, true).unwrap());
        assert!(free >= covered && covered >= 1);
    }
}
