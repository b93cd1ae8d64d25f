//! Where planes go: directions, steps, plane placements and the table of every placement on a
//! sheet, with its bitboard mask and the cell roles.

use polyomino::{Bitboard, Cell, Transform};

use super::{Catalogue, PlanesError};

/// One of the four moves of a plane: up, right, down, left (the seed's 0..3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Step {
    /// Row − 1.
    Up = 0,
    /// Column + 1.
    Right = 1,
    /// Row + 1.
    Down = 2,
    /// Column − 1.
    Left = 3,
}

impl Step {
    /// All four, in the seed's order.
    pub const ALL: [Step; 4] = [Step::Up, Step::Right, Step::Down, Step::Left];

    /// The step with the seed's number (`0..4`).
    pub fn from_index(i: u8) -> Option<Step> {
        Step::ALL.get(usize::from(i)).copied()
    }

    /// The displacement.
    pub fn delta(self) -> Cell {
        match self {
            Step::Up => Cell::new(-1, 0),
            Step::Right => Cell::new(0, 1),
            Step::Down => Cell::new(1, 0),
            Step::Left => Cell::new(0, -1),
        }
    }
}

/// A plane as drawn: kind, direction (quarter turns clockwise from nose up, `0..4`) and head
/// cell (0-based; the seed's `(x, y)` is `(row + 1, col + 1)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlaneSpec {
    /// Index into the catalogue.
    pub kind: usize,
    /// Quarter turns clockwise, `0..4`.
    pub direction: u8,
    /// The head cell.
    pub head: Cell,
}

impl PlaneSpec {
    /// The same plane moved one step.
    pub fn stepped(self, step: Step) -> PlaneSpec {
        PlaneSpec {
            head: self.head + step.delta(),
            ..self
        }
    }
}

/// The sheet size and the catalogue, with every oriented shape precomputed.
#[derive(Clone, Debug)]
pub struct Geometry {
    size: usize,
    catalogue: Catalogue,
    /// `offsets[kind][direction]`: cells relative to the head, head first.
    offsets: Vec<[Vec<Cell>; 4]>,
}

impl Geometry {
    /// Largest sheet side (one bitboard word per row).
    pub const MAX_SIZE: usize = 64;

    /// A `size × size` sheet with the given plane types.
    ///
    /// # Errors
    /// [`PlanesError::BadSheet`] for a size of 0 or above [`Geometry::MAX_SIZE`].
    pub fn new(size: usize, catalogue: Catalogue) -> Result<Geometry, PlanesError> {
        if size == 0 || size > Geometry::MAX_SIZE {
            return Err(PlanesError::BadSheet(size));
        }
        let offsets = catalogue
            .types()
            .iter()
            .map(|t| {
                std::array::from_fn(|d| {
                    // Clockwise on the printed sheet is a negative (counter-clockwise) turn.
                    let m = t.shape().transform(Transform::rotation(-(d as i32)));
                    let head = m.mark();
                    let mut cells: Vec<Cell> = vec![Cell::ORIGIN];
                    cells.extend(
                        m.shape()
                            .cells()
                            .iter()
                            .filter(|&&c| c != head)
                            .map(|&c| c - head),
                    );
                    cells
                })
            })
            .collect();
        Ok(Geometry {
            size,
            catalogue,
            offsets,
        })
    }

    /// The seed's 12×12 sheet with the standard catalogue.
    pub fn standard() -> Geometry {
        Geometry::new(12, Catalogue::standard()).expect("12 is a valid size")
    }

    /// Side of the sheet.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The plane types.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// Whether `cell` is on the sheet.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.row >= 0
            && cell.col >= 0
            && (cell.row as usize) < self.size
            && (cell.col as usize) < self.size
    }

    /// The cells of a plane, head first, or `None` if the kind or direction is unknown or a cell
    /// would leave the coordinate range.
    pub fn cells(&self, spec: PlaneSpec) -> Option<Vec<Cell>> {
        let offsets = self
            .offsets
            .get(spec.kind)?
            .get(usize::from(spec.direction))?;
        offsets.iter().map(|&o| spec.head.checked_add(o)).collect()
    }

    /// The mask of a plane that lies inside the sheet.
    ///
    /// # Errors
    /// [`PlanesError::UnknownKind`], [`PlanesError::BadDirection`] or
    /// [`PlanesError::OutsideSheet`].
    pub fn mask(&self, spec: PlaneSpec) -> Result<Bitboard, PlanesError> {
        if spec.kind >= self.catalogue.len() {
            return Err(PlanesError::UnknownKind(spec.kind));
        }
        if spec.direction >= 4 {
            return Err(PlanesError::BadDirection(spec.direction));
        }
        let cells = self.cells(spec).ok_or(PlanesError::OutsideSheet(spec))?;
        if !cells.iter().all(|&c| self.contains(c)) {
            return Err(PlanesError::OutsideSheet(spec));
        }
        Ok(Bitboard::from_cells(cells).expect("cells on a sheet of at most 64 columns"))
    }

    /// Every placement inside the sheet of every kind in `kinds` (a bit mask), ordered by kind,
    /// direction, then head row-major.
    pub fn placements(&self, kinds: u8) -> Vec<PlaneSpec> {
        let mut out = Vec::new();
        for kind in 0..self.catalogue.len() {
            if kinds >> kind & 1 == 0 {
                continue;
            }
            for direction in 0..4 {
                for r in 0..self.size as i32 {
                    for c in 0..self.size as i32 {
                        let spec = PlaneSpec {
                            kind,
                            direction,
                            head: Cell::new(r, c),
                        };
                        if self.mask(spec).is_ok() {
                            out.push(spec);
                        }
                    }
                }
            }
        }
        out
    }
}

/// The answer to a hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HitAnswer {
    /// 0: no plane there.
    Empty = 0,
    /// 1: a plane's body.
    Body = 1,
    /// 2: a plane's head (the plane is destroyed).
    Head = 2,
}

/// Every placement of some kinds on a sheet, with masks, cell roles and one-step moves: the
/// working table of layout enumeration and of the hunter bot.
#[derive(Clone, Debug)]
pub struct PlacementTable {
    size: usize,
    specs: Vec<PlaneSpec>,
    masks: Vec<Bitboard>,
    /// `roles[p * cells + cell]`: 0 empty, 1 body, 2 head.
    roles: Vec<u8>,
    /// `moved[p][step]`: the placement after one step, if it stays on the sheet.
    moved: Vec<[Option<u32>; 4]>,
    index: std::collections::HashMap<PlaneSpec, u32>,
    /// `conflicts[p * words + q / 64]` bit `q % 64`: placements p and q share a cell (built
    /// when the matrix is at most [`PlacementTable::MAX_MATRIX`] placements wide).
    conflicts: Vec<u64>,
    words: usize,
}

impl PlacementTable {
    /// The table of every placement of the kinds in `kinds`.
    pub fn new(geometry: &Geometry, kinds: u8) -> PlacementTable {
        let specs = geometry.placements(kinds);
        let size = geometry.size();
        let cells = size * size;
        let masks: Vec<Bitboard> = specs
            .iter()
            .map(|&s| geometry.mask(s).expect("listed placements fit"))
            .collect();
        let mut roles = vec![0u8; specs.len() * cells];
        for (p, &s) in specs.iter().enumerate() {
            for (i, c) in geometry
                .cells(s)
                .expect("known kind")
                .into_iter()
                .enumerate()
            {
                roles[p * cells + c.row as usize * size + c.col as usize] =
                    if i == 0 { 2 } else { 1 };
            }
        }
        let index: std::collections::HashMap<PlaneSpec, u32> = specs
            .iter()
            .enumerate()
            .map(|(i, &s)| (s, i as u32))
            .collect();
        let moved = specs
            .iter()
            .map(|&s| Step::ALL.map(|st| index.get(&s.stepped(st)).copied()))
            .collect();
        let n = specs.len();
        let (conflicts, words) = if n <= PlacementTable::MAX_MATRIX {
            let words = n.div_ceil(64);
            let mut conflicts = vec![0u64; n * words];
            for p in 0..n {
                for q in 0..n {
                    if !masks[p].is_disjoint(&masks[q]) {
                        conflicts[p * words + q / 64] |= 1 << (q % 64);
                    }
                }
            }
            (conflicts, words)
        } else {
            (Vec::new(), 0)
        };
        PlacementTable {
            size,
            specs,
            masks,
            roles,
            moved,
            index,
            conflicts,
            words,
        }
    }

    /// Widest table with a precomputed overlap matrix (n² bits: 8 MiB at this width).
    pub const MAX_MATRIX: usize = 8192;

    /// Number of placements.
    pub fn len(&self) -> usize {
        self.specs.len()
    }

    /// Side of the sheet.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether there is no placement.
    pub fn is_empty(&self) -> bool {
        self.specs.is_empty()
    }

    /// The index of a placement, if it is in the table.
    pub fn index_of(&self, spec: PlaneSpec) -> Option<usize> {
        self.index.get(&spec).map(|&i| i as usize)
    }

    /// The placement with index `p`.
    pub fn spec(&self, p: usize) -> PlaneSpec {
        self.specs[p]
    }

    /// All placements.
    pub fn specs(&self) -> &[PlaneSpec] {
        &self.specs
    }

    /// The mask of placement `p`.
    pub fn mask(&self, p: usize) -> &Bitboard {
        &self.masks[p]
    }

    /// What placement `p` has at `cell` (`Empty` off the plane).
    #[inline]
    pub fn role(&self, p: usize, cell: Cell) -> HitAnswer {
        let i = p * self.size * self.size + cell.row as usize * self.size + cell.col as usize;
        match self.roles[i] {
            0 => HitAnswer::Empty,
            1 => HitAnswer::Body,
            _ => HitAnswer::Head,
        }
    }

    /// Placement `p` moved one step, if it stays on the sheet.
    #[inline]
    pub fn moved(&self, p: usize, step: Step) -> Option<usize> {
        self.moved[p][step as usize].map(|q| q as usize)
    }

    /// Whether two placements share a cell.
    #[inline]
    pub fn overlap(&self, p: usize, q: usize) -> bool {
        if self.words > 0 {
            return self.conflicts[p * self.words + q / 64] >> (q % 64) & 1 == 1;
        }
        !self.masks[p].is_disjoint(&self.masks[q])
    }

    /// Numbers of single placements, unordered non-overlapping pairs and unordered
    /// non-overlapping triples (the spec's test vectors count them for kind 0).
    pub fn count_layouts(&self) -> (u64, u64, u64) {
        let n = self.len();
        let words = n.div_ceil(64);
        // later[p]: placements q > p that do not overlap p, as a bitset.
        let mut later = vec![0u64; n * words];
        for p in 0..n {
            for q in p + 1..n {
                if !self.overlap(p, q) {
                    later[p * words + q / 64] |= 1 << (q % 64);
                }
            }
        }
        let mut pairs = 0u64;
        let mut triples = 0u64;
        for p in 0..n {
            let lp = &later[p * words..(p + 1) * words];
            pairs += lp.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
            for q in p + 1..n {
                if lp[q / 64] >> (q % 64) & 1 == 1 {
                    let lq = &later[q * words..(q + 1) * words];
                    triples += lp
                        .iter()
                        .zip(lq)
                        .map(|(a, b)| u64::from((a & b).count_ones()))
                        .sum::<u64>();
                }
            }
        }
        (n as u64, pairs, triples)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_test_vectors_for_the_classic_plane() {
        let g12 = Geometry::standard();
        assert_eq!(
            PlacementTable::new(&g12, 1).count_layouts(),
            (288, 26_244, 942_032)
        );
        let g10 = Geometry::new(10, Catalogue::standard()).unwrap();
        assert_eq!(
            PlacementTable::new(&g10, 1).count_layouts(),
            (168, 6_436, 66_816)
        );
    }

    #[test]
    fn directions_turn_clockwise() {
        let g = Geometry::standard();
        let head = Cell::new(5, 5);
        // Direction 1 = nose right: the wings lie one column left of the head.
        let cells = g
            .cells(PlaneSpec {
                kind: 0,
                direction: 1,
                head,
            })
            .unwrap();
        assert!(cells.contains(&Cell::new(3, 4)) && cells.contains(&Cell::new(7, 4)));
        let down = g
            .cells(PlaneSpec {
                kind: 0,
                direction: 2,
                head,
            })
            .unwrap();
        assert!(down.contains(&Cell::new(4, 3)) && down.contains(&Cell::new(4, 7)));
    }
}
