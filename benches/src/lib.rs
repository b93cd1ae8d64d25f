//! Shared inputs and reference implementations for the criterion benchmarks of the polyomino
//! crate family. Nothing here is published; the benchmarks themselves are in `benches/`.

use std::collections::HashSet;

use bitvec::prelude::*;
use level_planner::{Instance, Params, Site, Tolerance, VirtualLevel};
use polyomino::{Cell, Equivalence, Polyomino};

/// The 21 Blokus pieces (sizes 1 to 5: 1 + 1 + 2 + 5 + 12).
pub fn blokus_pieces() -> Vec<Polyomino> {
    const ART: [&str; 21] = [
        "#",
        "##",
        "###",
        "##\n#.",
        "####",
        "###\n#..",
        "###\n.#.",
        "##\n##",
        "##.\n.##",
        "#####",
        "####\n#...",
        "###.\n..##",
        "###\n##.",
        "###\n#.#",
        "####\n.#..",
        "###\n.#.\n.#.",
        "###\n#..\n#..",
        "##.\n.##\n..#",
        "#..\n###\n..#",
        "#..\n###\n.#.",
        ".#.\n###\n.#.",
    ];
    ART.iter()
        .map(|a| Polyomino::parse(a).expect("valid piece art"))
        .collect()
}

/// The textbook way to count fixed polyominoes: grow every polyomino of size k by one cell in
/// every possible way and deduplicate the normalised results in a hash set.
pub fn count_fixed_naive(n: usize) -> Vec<u64> {
    let mut level: HashSet<Polyomino> = HashSet::from([Polyomino::parse("#").expect("monomino")]);
    let mut counts = vec![0, 1];
    for _ in 2..=n {
        let mut next = HashSet::with_capacity(level.len() * 4);
        for p in &level {
            for &c in p.cells() {
                for nb in c.edge_neighbours() {
                    if !p.contains(nb) {
                        let cells = p.cells().iter().copied().chain([nb]);
                        next.insert(Polyomino::from_cells(cells).expect("non-empty"));
                    }
                }
            }
        }
        counts.push(next.len() as u64);
        level = next;
    }
    counts
}

/// Placements of a piece set on an empty `h × w` board with bits packed row-major in one
/// `BitVec` (h·w bits): the `bitvec` alternative to `polyomino::Bitboard`'s word-per-row layout.
pub fn placements_bitvec(h: usize, w: usize, pieces: &[Polyomino]) -> Vec<BitVec<u64, Lsb0>> {
    let usable: BitVec<u64, Lsb0> = BitVec::repeat(true, h * w);
    let mut out = Vec::new();
    for piece in pieces {
        for (_, shape) in piece.orientations(Equivalence::Free) {
            let (sh, sw) = (shape.height() as usize, shape.width() as usize);
            if sh > h || sw > w {
                continue;
            }
            for r in 0..=h - sh {
                for c in 0..=w - sw {
                    let mut mask: BitVec<u64, Lsb0> = BitVec::repeat(false, h * w);
                    for cell in shape.cells() {
                        mask.set((r + cell.row as usize) * w + c + cell.col as usize, true);
                    }
                    let fits = mask
                        .as_raw_slice()
                        .iter()
                        .zip(usable.as_raw_slice())
                        .all(|(m, u)| m & !u == 0);
                    if fits {
                        out.push(mask);
                    }
                }
            }
        }
    }
    out
}

/// Placements with cells in hash sets: the naive reference.
pub fn placements_naive(h: i32, w: i32, pieces: &[Polyomino]) -> Vec<HashSet<Cell>> {
    let usable: HashSet<Cell> = (0..h)
        .flat_map(|r| (0..w).map(move |c| Cell::new(r, c)))
        .collect();
    let mut out = Vec::new();
    for piece in pieces {
        for (_, shape) in piece.orientations(Equivalence::Free) {
            for r in 0..h {
                for c in 0..w {
                    let cells: HashSet<Cell> =
                        shape.cells().iter().map(|&x| x + Cell::new(r, c)).collect();
                    if cells.iter().all(|x| usable.contains(x)) {
                        out.push(cells);
                    }
                }
            }
        }
    }
    out
}

/// A small deterministic generator (xorshift64*), so benchmark inputs are the same everywhere.
#[derive(Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a fixed non-zero state).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A number in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A level-planner instance like the conformance timing instance: a 40×40 site (20 m × 20 m)
/// with 25 pillars of 2×2 cells, `levels` levels with free-polyomino footprints of 1 to 8
/// cells, legs of 1.5 to 3.5 m in random directions, spin step 15°, the default ratio band.
pub fn planner_instance(levels: usize, seed: u64) -> Instance {
    let mut rng = Rng::new(seed);
    let (rows, cols) = (40, 40);
    let mut usable = vec![true; rows * cols];
    for _ in 0..25 {
        let (r, c) = (
            rng.below(rows as u64 - 1) as usize,
            rng.below(cols as u64 - 1) as usize,
        );
        for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            usable[(r + dr) * cols + c + dc] = false;
        }
    }
    let site = Site::new(rows, cols, usable).expect("valid site");
    let pools: Vec<Vec<Polyomino>> = (1..=8)
        .map(|n| {
            polyomino::enumerate::free(n)
                .expect("small sizes")
                .collect()
        })
        .collect();
    let levels = (0..levels)
        .map(|_| {
            let pool = &pools[rng.below(8) as usize];
            let shape = pool[rng.below(pool.len() as u64) as usize].clone();
            VirtualLevel::new(rng.range(1.5, 3.5), rng.range(0.0, 360.0), shape)
        })
        .collect();
    let params = Params {
        spin_step_deg: 15.0,
        tolerance: Tolerance::default(),
    };
    Instance::new(site, levels, params).expect("valid instance")
}

/// The move-generation benchmark positions of one Blokus variant: every line of
/// `../shared/data/blokus/positions_<file>.txt` (`<variant> <colour> <c>:<move>;...`) replayed
/// into a position, with the colour to move. When the shared data is absent, `fallback` random
/// games (seeded) supply their positions instead; the second value says which source was used.
pub fn blokus_positions(
    file: &str,
    variant: grid_games::blokus::Variant,
    fallback: usize,
) -> (
    Vec<(grid_games::blokus::Position, grid_games::blokus::Colour)>,
    &'static str,
) {
    use grid_games::blokus::{MoveTable, Position};
    use grid_games::game::{Bot, Budget};
    use std::sync::Arc;
    let table = Arc::new(MoveTable::new(variant));
    let path = format!(
        "{}/../../shared/data/blokus/positions_{file}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    if let Ok(text) = std::fs::read_to_string(&path) {
        let mut out = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let mut parts = line.split_whitespace();
            let (Some(_), Some(colour)) = (parts.next(), parts.next()) else {
                continue;
            };
            let colour = variant.all_colours().nth(colour.parse().unwrap_or(99));
            let mut pos = Position::with_table(Arc::clone(&table));
            let mut ok = colour.is_some();
            for item in parts
                .next()
                .unwrap_or("")
                .split(';')
                .filter(|s| !s.is_empty())
            {
                let Some((c, m)) = item.split_once(':') else {
                    ok = false;
                    break;
                };
                let c = variant.all_colours().nth(c.parse().unwrap_or(99));
                let played = c
                    .zip(pos.parse_move(m).ok())
                    .map(|(c, m)| pos.play_as(c, m));
                ok &= matches!(played, Some(Ok(())));
            }
            if let (true, Some(c)) = (ok, colour) {
                out.push((pos, c));
            }
        }
        return (out, "shared positions file");
    }
    let mut out = Vec::new();
    for seed in 0..fallback as u64 {
        let mut bot = grid_games::blokus::bots::RandomBot::new(seed);
        let mut pos = Position::with_table(Arc::clone(&table));
        while let Some(c) = pos.colour_to_move() {
            out.push((pos.clone(), c));
            let m = bot.choose(&pos, Budget::default()).expect("a legal move");
            pos.play(m).expect("legal");
        }
    }
    (out, "random games (no shared data)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_methods_agree_with_the_crate() {
        assert_eq!(
            count_fixed_naive(8),
            polyomino::enumerate::count_fixed_up_to(8, &polyomino::enumerate::Options::default())
                .unwrap()
        );
        let pieces = blokus_pieces();
        let total: usize = pieces
            .iter()
            .map(|p| p.orientations(Equivalence::Free).len())
            .sum();
        assert_eq!(total, 91);
        let board = polyomino::Board::new(20, 20).unwrap();
        let ours = board.placements_of(&pieces, Equivalence::Free).len();
        assert_eq!(ours, placements_bitvec(20, 20, &pieces).len());
        assert_eq!(ours, placements_naive(20, 20, &pieces).len());
    }
}
