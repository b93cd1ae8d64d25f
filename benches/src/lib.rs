//! Shared inputs and reference implementations for the criterion benchmarks of the polyomino
//! crate family. Nothing here is published; the benchmarks themselves are in `benches/`.

use std::collections::HashSet;

use bitvec::prelude::*;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_methods_agree_with_the_crate() {
        assert_eq!(
            count_fixed_naive(8),
            polyomino::enumerate::count_fixed_up_to(8).unwrap()
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
