//! Where planes go: directions, steps, plane placements and the table of every placement on a
//! sheet, with its bitboard mask and the cell roles.

use std::fmt;

use polyomino::{Bitboard, Cell, Transform};

use super::{Catalogue, PlanesError};

/// One of the four moves of a plane: up, right, down, left (the original contest's 0..3).
///
/// ```
/// use grid_games::planes::Step;
/// use grid_games::polyomino::Cell;
/// assert_eq!(Step::Up.delta(), Cell::new(-1, 0));
/// assert_eq!(Step::from_index(1), Some(Step::Right));
/// ```
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
    /// All four, in the original contest's order.
    pub const ALL: [Step; 4] = [Step::Up, Step::Right, Step::Down, Step::Left];

    /// The step with the original contest's number (`0..4`).
    ///
    /// ```
    /// use grid_games::planes::Step;
    /// assert_eq!(Step::from_index(3), Some(Step::Left));
    /// assert_eq!(Step::from_index(4), None);
    /// ```
    pub fn from_index(i: u8) -> Option<Step> {
        Step::ALL.get(usize::from(i)).copied()
    }

    /// The displacement.
    ///
    /// ```
    /// use grid_games::planes::Step;
    /// use grid_games::polyomino::Cell;
    /// assert_eq!(Step::Right.delta(), Cell::new(0, 1));
    /// assert_eq!(Step::Down.delta(), Cell::new(1, 0));
    /// ```
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
/// cell (0-based; the original contest's 1-based `(x, y)` is `(row + 1, col + 1)`).
///
/// ```
/// use grid_games::planes::{Geometry, PlaneSpec};
/// use grid_games::polyomino::Cell;
/// // A classic plane turned a quarter clockwise: nose pointing right, head at row 4, column 9.
/// let spec = PlaneSpec { kind: 0, direction: 1, head: Cell::new(4, 9) };
/// let cells = Geometry::standard().cells(spec).unwrap();
/// assert_eq!((cells[0], cells.len()), (Cell::new(4, 9), 10));
/// assert!(cells.iter().all(|c| c.col <= 9)); // the body trails to the left of the nose
/// ```
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
    /// The same plane moved one step. Total: a head at the edge of the `i32` range wraps
    /// around to the other end (no sheet reaches that far, so the moved plane is simply off
    /// every sheet); [`checked_stepped`](Self::checked_stepped) says `None` there instead.
    ///
    /// ```
    /// use grid_games::planes::{PlaneSpec, Step};
    /// use grid_games::polyomino::Cell;
    /// let spec = PlaneSpec { kind: 0, direction: 0, head: Cell::new(3, 3) };
    /// assert_eq!(spec.stepped(Step::Left).head, Cell::new(3, 2));
    /// let edge = PlaneSpec { head: Cell::new(i32::MIN, 0), ..spec };
    /// assert_eq!(edge.stepped(Step::Up).head, Cell::new(i32::MAX, 0)); // wraps, no panic
    /// ```
    pub fn stepped(self, step: Step) -> PlaneSpec {
        let d = step.delta();
        PlaneSpec {
            head: Cell::new(
                self.head.row.wrapping_add(d.row),
                self.head.col.wrapping_add(d.col),
            ),
            ..self
        }
    }

    /// The same plane moved one step, or `None` if the head would leave the `i32` range.
    ///
    /// ```
    /// use grid_games::planes::{PlaneSpec, Step};
    /// use grid_games::polyomino::Cell;
    /// let spec = PlaneSpec { kind: 0, direction: 0, head: Cell::new(3, i32::MAX) };
    /// assert_eq!(spec.checked_stepped(Step::Left).map(|s| s.head), Some(Cell::new(3, i32::MAX - 1)));
    /// assert_eq!(spec.checked_stepped(Step::Right), None);
    /// ```
    pub fn checked_stepped(self, step: Step) -> Option<PlaneSpec> {
        Some(PlaneSpec {
            head: self.head.checked_add(step.delta())?,
            ..self
        })
    }
}

/// The sheet size and the catalogue, with every oriented shape precomputed.
///
/// ```
/// use grid_games::planes::{Catalogue, Geometry};
/// let standard = Geometry::standard();
/// assert_eq!((standard.size(), standard.catalogue().len()), (12, 6));
/// let small = Geometry::new(8, Catalogue::standard())?;
/// assert!(small.placements(0b1).len() < standard.placements(0b1).len());
/// # Ok::<(), grid_games::planes::PlanesError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Geometry {
    size: usize,
    catalogue: Catalogue,
    /// `offsets[kind][direction]`: cells relative to the head, head first.
    offsets: Vec<[Vec<Cell>; 4]>,
    /// `extents[kind][direction]`: the bounding box of those offsets, `[row_min, row_max,
    /// col_min, col_max]`, in 64 bits (a shape's extent is at most its size).
    extents: Vec<[[i64; 4]; 4]>,
}

/// Two geometries are equal when their sizes and catalogues are (the rest is derived from
/// them).
///
/// ```
/// use grid_games::planes::{Catalogue, Geometry};
/// assert_eq!(Geometry::standard(), Geometry::new(12, Catalogue::standard())?);
/// assert_ne!(Geometry::standard(), Geometry::new(10, Catalogue::standard())?);
/// # Ok::<(), grid_games::planes::PlanesError>(())
/// ```
impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        self.size == other.size && self.catalogue == other.catalogue
    }
}

impl Eq for Geometry {}

impl Geometry {
    /// Largest sheet side (one bitboard word per row).
    pub const MAX_SIZE: usize = 64;

    /// A `size × size` sheet with the given plane types.
    ///
    /// # Errors
    /// [`PlanesError::BadSheet`] for a size of 0 or above [`Geometry::MAX_SIZE`].
    ///
    /// ```
    /// use grid_games::planes::{Catalogue, Geometry, PlanesError};
    /// assert_eq!(Geometry::new(16, Catalogue::standard())?.size(), 16);
    /// assert!(matches!(Geometry::new(0, Catalogue::standard()), Err(PlanesError::BadSheet(0))));
    /// assert!(Geometry::new(Geometry::MAX_SIZE + 1, Catalogue::standard()).is_err());
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn new(size: usize, catalogue: Catalogue) -> Result<Geometry, PlanesError> {
        if size == 0 || size > Geometry::MAX_SIZE {
            return Err(PlanesError::BadSheet(size));
        }
        let offsets: Vec<[Vec<Cell>; 4]> = catalogue
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
        let extents = offsets
            .iter()
            .map(|dirs| {
                dirs.each_ref().map(|cells| {
                    cells.iter().fold([0i64; 4], |[r0, r1, c0, c1], c| {
                        let (r, c) = (i64::from(c.row), i64::from(c.col));
                        [r0.min(r), r1.max(r), c0.min(c), c1.max(c)]
                    })
                })
            })
            .collect();
        Ok(Geometry {
            size,
            catalogue,
            offsets,
            extents,
        })
    }

    /// The original contest's 12×12 sheet with the standard catalogue.
    ///
    /// ```
    /// use grid_games::planes::Geometry;
    /// let g = Geometry::standard();
    /// assert_eq!(g.size(), 12);
    /// assert_eq!(g.catalogue().types()[0].name(), "classic");
    /// ```
    pub fn standard() -> Geometry {
        Geometry::new(12, Catalogue::standard()).expect("12 is a valid size")
    }

    /// Side of the sheet.
    ///
    /// ```
    /// use grid_games::planes::Geometry;
    /// assert_eq!(Geometry::standard().size(), 12);
    /// ```
    pub fn size(&self) -> usize {
        self.size
    }

    /// The plane types.
    ///
    /// ```
    /// use grid_games::planes::Geometry;
    /// let sizes: Vec<usize> = Geometry::standard().catalogue().types().iter().map(|t| t.size()).collect();
    /// assert_eq!(sizes, [10, 8, 9, 11, 9, 5]);
    /// ```
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// Whether `cell` is on the sheet.
    ///
    /// ```
    /// use grid_games::planes::Geometry;
    /// use grid_games::polyomino::Cell;
    /// let g = Geometry::standard();
    /// assert!(g.contains(Cell::new(11, 11)));
    /// assert!(!g.contains(Cell::new(12, 0)) && !g.contains(Cell::new(0, -1)));
    /// ```
    pub fn contains(&self, cell: Cell) -> bool {
        cell.row >= 0
            && cell.col >= 0
            && (cell.row as usize) < self.size
            && (cell.col as usize) < self.size
    }

    /// The cells of a plane, head first, or `None` if the kind or direction is unknown or a cell
    /// would leave the coordinate range.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlaneSpec};
    /// use grid_games::polyomino::Cell;
    /// let g = Geometry::standard();
    /// let cells = g.cells(PlaneSpec { kind: 5, direction: 0, head: Cell::new(0, 1) }).unwrap();
    /// // The drone, nose up: head, a row of three, one tail cell.
    /// assert_eq!(cells[0], Cell::new(0, 1));
    /// assert_eq!(cells.len(), 5);
    /// assert!(cells.contains(&Cell::new(2, 1)));
    /// assert!(g.cells(PlaneSpec { kind: 9, direction: 0, head: Cell::new(0, 1) }).is_none());
    /// ```
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
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlaneSpec, PlanesError};
    /// use grid_games::polyomino::Cell;
    /// let g = Geometry::standard();
    /// assert!(g.mask(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }).is_ok());
    /// let off = PlaneSpec { kind: 0, direction: 2, head: Cell::new(0, 2) }; // nose down at the top
    /// assert!(matches!(g.mask(off), Err(PlanesError::OutsideSheet(_))));
    /// ```
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
    ///
    /// ```
    /// use grid_games::planes::Geometry;
    /// let g = Geometry::standard();
    /// // The classic plane is 5 × 4: 8 × 9 heads nose up or down, 9 × 8 nose left or right.
    /// assert_eq!(g.placements(0b1).len(), 4 * 72);
    /// // The drone is 3 × 3: 10 × 10 heads in each of its four directions.
    /// assert_eq!(g.placements(0b100000).len(), 4 * 100);
    /// ```
    pub fn placements(&self, kinds: u8) -> Vec<PlaneSpec> {
        let mut out = Vec::new();
        let size = self.size as i64;
        for (kind, extents) in self.extents.iter().enumerate() {
            if kinds >> kind & 1 == 0 {
                continue;
            }
            for (direction, &[r0, r1, c0, c1]) in (0u8..).zip(extents) {
                // The heads that keep the bounding box, hence every cell, on the sheet (none
                // for a shape larger than the sheet; no cell is looked at).
                let (rows, cols) = (-r0..size - r1, -c0..size - c1);
                for r in rows {
                    for c in cols.clone() {
                        out.push(PlaneSpec {
                            kind,
                            direction,
                            // Both lie in 0..size (at most 64).
                            head: Cell::new(r as i32, c as i32),
                        });
                    }
                }
            }
        }
        out
    }
}

/// The answer to a hit.
///
/// ```
/// use grid_games::planes::HitAnswer;
/// // The numbers of the original contest's answers.
/// assert_eq!([HitAnswer::Empty as u8, HitAnswer::Body as u8, HitAnswer::Head as u8], [0, 1, 2]);
/// ```
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
///
/// ```
/// use grid_games::planes::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
/// use grid_games::polyomino::Cell;
/// let geometry = Geometry::standard();
/// let table = PlacementTable::new(&geometry, 0b1); // every classic plane (kind 0)
/// let p = table.index_of(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }).unwrap();
/// assert_eq!(table.len(), 288);
/// assert_eq!(table.role(p, Cell::new(0, 2)), Some(HitAnswer::Head));
/// assert_eq!(table.moved(p, Step::Up), None); // the nose is on the top row
/// let q = table.moved(p, Step::Down).unwrap();
/// assert_eq!(table.spec(q).unwrap().head, Cell::new(1, 2));
/// assert_eq!(table.overlap(p, q), Some(true));
/// ```
#[derive(Clone, Debug)]
pub struct PlacementTable {
    size: usize,
    specs: Vec<PlaneSpec>,
    masks: Vec<Bitboard>,
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
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlacementTable};
    /// let geometry = Geometry::standard();
    /// // Kinds 2 and 3 (bit mask 0b1100), as subtask 3 allows.
    /// let table = PlacementTable::new(&geometry, 0b1100);
    /// assert_eq!(table.len(), geometry.placements(0b1100).len());
    /// ```
    pub fn new(geometry: &Geometry, kinds: u8) -> PlacementTable {
        let specs = geometry.placements(kinds);
        let size = geometry.size();
        let masks: Vec<Bitboard> = specs
            .iter()
            .map(|&s| geometry.mask(s).expect("listed placements fit"))
            .collect();
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
            moved,
            index,
            conflicts,
            words,
        }
    }

    /// Widest table with a precomputed overlap matrix (n² bits: 8 MiB at this width).
    pub const MAX_MATRIX: usize = 8192;

    /// Number of placements.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlacementTable};
    /// assert_eq!(PlacementTable::new(&Geometry::standard(), 0b100000).len(), 400);
    /// ```
    pub fn len(&self) -> usize {
        self.specs.len()
    }

    /// Side of the sheet.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlacementTable};
    /// assert_eq!(PlacementTable::new(&Geometry::standard(), 0b1).size(), 12);
    /// ```
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether there is no placement.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, PlacementTable};
    /// assert!(PlacementTable::new(&Geometry::standard(), 0).is_empty()); // no kind allowed
    /// ```
    pub fn is_empty(&self) -> bool {
        self.specs.is_empty()
    }

    /// The index of a placement, if it is in the table.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// let table = PlacementTable::new(&geometry, 0b1); // every classic plane (kind 0)
    /// let p = table.index_of(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }).unwrap();
    /// assert_eq!(table.spec(p).unwrap().head, Cell::new(0, 2));
    /// assert_eq!(table.index_of(PlaneSpec { kind: 1, direction: 0, head: Cell::new(0, 2) }), None);
    /// ```
    pub fn index_of(&self, spec: PlaneSpec) -> Option<usize> {
        self.index.get(&spec).map(|&i| i as usize)
    }

    /// The placement with index `p`, or `None` past the table.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// let table = PlacementTable::new(&geometry, 0b1); // every classic plane (kind 0)
    /// let p = table.index_of(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }).unwrap();
    /// assert_eq!(table.spec(p), Some(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }));
    /// ```
    pub fn spec(&self, p: usize) -> Option<PlaneSpec> {
        self.specs.get(p).copied()
    }

    /// [`mask`](Self::mask) for an index known to be in range.
    pub(crate) fn mask_at(&self, p: usize) -> &Bitboard {
        &self.masks[p]
    }

    /// [`spec`](Self::spec) for an index known to be in range.
    pub(crate) fn spec_at(&self, p: usize) -> PlaneSpec {
        self.specs[p]
    }

    /// All placements.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// let table = PlacementTable::new(&geometry, 0b1); // every classic plane (kind 0)
    /// let p = table.index_of(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }).unwrap();
    /// assert!(table.specs().iter().all(|s| s.kind == 0));
    /// assert_eq!(Some(table.specs()[p]), table.spec(p));
    /// assert_eq!(table.spec(table.len()), None);
    /// ```
    pub fn specs(&self) -> &[PlaneSpec] {
        &self.specs
    }

    /// The mask of placement `p`, or `None` past the table.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// let table = PlacementTable::new(&geometry, 0b1); // every classic plane (kind 0)
    /// let p = table.index_of(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }).unwrap();
    /// assert_eq!(table.mask(p), Some(&geometry.mask(table.spec(p).unwrap()).unwrap()));
    /// ```
    pub fn mask(&self, p: usize) -> Option<&Bitboard> {
        self.masks.get(p)
    }

    /// What placement `p` has at `cell` (`Empty` off the plane or off the sheet), or `None` for
    /// a placement index past the table.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// let table = PlacementTable::new(&geometry, 0b1); // every classic plane (kind 0)
    /// let p = table.index_of(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }).unwrap();
    /// assert_eq!(table.role(p, Cell::new(3, 2)), Some(HitAnswer::Body)); // the middle of the tail
    /// assert_eq!(table.role(p, Cell::new(3, 0)), Some(HitAnswer::Empty));
    /// assert_eq!(table.role(p, Cell::new(-1, 99)), Some(HitAnswer::Empty)); // off the sheet
    /// assert_eq!(table.role(table.len(), Cell::new(0, 0)), None); // no such placement
    /// ```
    #[inline]
    pub fn role(&self, p: usize, cell: Cell) -> Option<HitAnswer> {
        if p >= self.specs.len() {
            return None;
        }
        let on_sheet = |x: i32| usize::try_from(x).is_ok_and(|x| x < self.size);
        if !(on_sheet(cell.row) && on_sheet(cell.col)) {
            return Some(HitAnswer::Empty);
        }
        Some(self.role_at(p, cell))
    }

    /// [`role`](Self::role) for a placement index in range (any cell).
    #[inline]
    pub(crate) fn role_at(&self, p: usize, cell: Cell) -> HitAnswer {
        if self.specs[p].head == cell {
            HitAnswer::Head
        } else if self.masks[p].contains(cell) {
            HitAnswer::Body
        } else {
            HitAnswer::Empty
        }
    }

    /// Placement `p` moved one step, if it stays on the sheet (`None` also for a placement
    /// index past the table).
    ///
    /// ```
    /// use grid_games::planes::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// let table = PlacementTable::new(&geometry, 0b1); // every classic plane (kind 0)
    /// let p = table.index_of(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }).unwrap();
    /// let right = table.moved(p, Step::Right).unwrap();
    /// assert_eq!(table.spec(right).unwrap().head, Cell::new(0, 3));
    /// assert_eq!(table.moved(p, Step::Left), None); // the left wing is already on column 0
    /// assert_eq!(table.moved(table.len(), Step::Up), None); // no such placement
    /// ```
    #[inline]
    pub fn moved(&self, p: usize, step: Step) -> Option<usize> {
        self.moved.get(p)?[step as usize].map(|q| q as usize)
    }

    /// Whether two placements share a cell, or `None` if an index is past the table.
    ///
    /// ```
    /// use grid_games::planes::{Geometry, HitAnswer, PlacementTable, PlaneSpec, Step};
    /// use grid_games::polyomino::Cell;
    /// let geometry = Geometry::standard();
    /// let table = PlacementTable::new(&geometry, 0b1); // every classic plane (kind 0)
    /// let p = table.index_of(PlaneSpec { kind: 0, direction: 0, head: Cell::new(0, 2) }).unwrap();
    /// let far = table.index_of(PlaneSpec { kind: 0, direction: 0, head: Cell::new(6, 6) }).unwrap();
    /// assert_eq!(table.overlap(p, far), Some(false));
    /// assert_eq!(table.overlap(p, p), Some(true));
    /// assert_eq!(table.overlap(p, table.len()), None); // no such placement
    /// ```
    pub fn overlap(&self, p: usize, q: usize) -> Option<bool> {
        let n = self.specs.len();
        (p < n && q < n).then(|| self.overlap_at(p, q))
    }

    /// The row of placement `p` in the overlap matrix (bit q of word q / 64: p and q share a
    /// cell; p overlaps itself), or `None` when the table is too wide to keep the matrix.
    #[inline]
    pub(crate) fn overlap_row(&self, p: usize) -> Option<&[u64]> {
        (self.words > 0).then(|| &self.conflicts[p * self.words..(p + 1) * self.words])
    }

    /// [`overlap`](Self::overlap) for placement indices in range.
    #[inline]
    pub(crate) fn overlap_at(&self, p: usize, q: usize) -> bool {
        if self.words > 0 {
            return self.conflicts[p * self.words + q / 64] >> (q % 64) & 1 == 1;
        }
        !self.masks[p].is_disjoint(&self.masks[q])
    }

    /// Most placements [`count_layouts`](Self::count_layouts) takes: its work grows as the
    /// cube of the placements (about n³ / 128 word operations, a fraction of a second at this
    /// width) and its memory as the square (n² bits, 2 MiB).
    pub const MAX_COUNTED: usize = 4096;

    /// Numbers of single placements, unordered non-overlapping pairs and unordered
    /// non-overlapping triples (the original contest's statement lists them for kind 0).
    ///
    /// # Errors
    /// [`PlanesError::BudgetExceeded`] for a table of more than
    /// [`MAX_COUNTED`](Self::MAX_COUNTED) placements.
    ///
    /// ```
    /// use grid_games::planes::{Catalogue, Geometry, PlacementTable, PlanesError};
    /// // Drones (kind 5) on a 4 × 4 sheet: 2 × 2 heads in each of 4 directions, and any two of
    /// // them overlap, so no pair fits.
    /// let small = Geometry::new(4, Catalogue::standard())?;
    /// assert_eq!(PlacementTable::new(&small, 0b100000).count_layouts()?, (16, 0, 0));
    /// // Every plane type on the largest sheet: too many placements to count triples.
    /// let large = Geometry::new(Geometry::MAX_SIZE, Catalogue::standard())?;
    /// let table = PlacementTable::new(&large, 0b111111);
    /// assert!(matches!(table.count_layouts(), Err(PlanesError::BudgetExceeded { .. })));
    /// # Ok::<(), PlanesError>(())
    /// ```
    pub fn count_layouts(&self) -> Result<(u64, u64, u64), PlanesError> {
        let n = self.len();
        if n > PlacementTable::MAX_COUNTED {
            return Err(PlanesError::BudgetExceeded {
                placements: n,
                limit: PlacementTable::MAX_COUNTED,
            });
        }
        let words = n.div_ceil(64);
        // later[p]: placements q > p that do not overlap p, as a bitset.
        let mut later = vec![0u64; n * words];
        for p in 0..n {
            for q in p + 1..n {
                if !self.overlap_at(p, q) {
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
        Ok((n as u64, pairs, triples))
    }
}

/// `up`, `right`, `down` or `left`.
///
/// ```
/// use grid_games::planes::Step;
/// assert_eq!(Step::Left.to_string(), "left");
/// ```
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::Up => "up",
            Step::Right => "right",
            Step::Down => "down",
            Step::Left => "left",
        })
    }
}

/// `empty`, `body` or `head`.
///
/// ```
/// use grid_games::planes::HitAnswer;
/// assert_eq!(HitAnswer::Head.to_string(), "head");
/// ```
impl fmt::Display for HitAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HitAnswer::Empty => "empty",
            HitAnswer::Body => "body",
            HitAnswer::Head => "head",
        })
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
            Ok((288, 26_244, 942_032))
        );
        let g10 = Geometry::new(10, Catalogue::standard()).unwrap();
        assert_eq!(
            PlacementTable::new(&g10, 1).count_layouts(),
            Ok((168, 6_436, 66_816))
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
