//! The precomputed move table of a variant: every placement of every piece, and, for every
//! cell, the placements through it filtered by which of the cell's four edge neighbours are
//! forbidden.
//!
//! Cells are stored in a grid padded by one border cell on each side (`stride = size + 2`), so
//! neighbour lookups never leave the array; border cells are forbidden to every colour.
//!
//! Move generation walks a colour's attach points. At an attach point `p`, a legal move must
//! avoid every forbidden edge neighbour of `p`, so the table keeps, per cell, per *status*
//! (the 4-bit set of forbidden edge neighbours) and per piece, only the placements through `p`
//! that avoid that set (Pentobi's "adjacent status" lists). That removes most illegal
//! candidates before a single cell of theirs is read. The lists total at most 16 times the
//! number of (cell, placement) incidences; in practice 0.36 M entries on Duo and 0.79 M on
//! Classic, built in about 20 ms (Duo) and 40 ms (Classic). Build one table per variant and
//! share it (`Position::with_table`).

use hashbrown::HashMap;

use super::{BlokusError, Piece, Point, Variant, notation::write_points};
use polyomino::{Board, Equivalence};

/// A placement of one piece on the board of one variant: an index into that variant's
/// [`MoveTable`]. Moves of different variants never compare equal, and a position refuses a
/// move of another variant.
///
/// ```
/// use grid_games::blokus::{Position, Variant};
/// let duo = Position::new(Variant::Duo);
/// let classic = Position::new(Variant::Classic);
/// let m = duo.parse_move("e10")?;
/// assert_eq!(m.variant(), Variant::Duo);
/// assert!(m.id() < duo.table().len());
/// // A move of one variant is refused by a position of another.
/// assert!(classic.notation(m).is_err());
/// # Ok::<(), grid_games::blokus::BlokusError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    pub(crate) variant: Variant,
    pub(crate) id: u16,
}

impl Move {
    /// Its index in its variant's move table.
    ///
    /// ```
    /// use grid_games::blokus::{MoveTable, Variant};
    /// let table = MoveTable::new(Variant::Duo);
    /// let ids: Vec<usize> = table.moves().take(3).map(|m| m.id()).collect();
    /// assert_eq!(ids, [0, 1, 2]);
    /// ```
    pub fn id(self) -> usize {
        usize::from(self.id)
    }

    /// Its variant.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant};
    /// let pos = Position::new(Variant::Classic2);
    /// assert_eq!(pos.legal_moves()[0].variant(), Variant::Classic2);
    /// ```
    pub fn variant(self) -> Variant {
        self.variant
    }
}

/// All placements of a variant, with the lookup structures move generation needs. Built once
/// and shared (`Arc`) by every position of the variant.
///
/// ```
/// use std::sync::Arc;
/// use grid_games::blokus::{MoveTable, Piece, Position, Variant};
/// let table = Arc::new(MoveTable::new(Variant::Duo));
/// assert_eq!(table.len(), 13_729);
/// // Placements of the monomino: one per cell.
/// let monominoes = table.moves().filter(|&m| table.piece(m) == Ok(Piece::MONOMINO)).count();
/// assert_eq!(monominoes, 14 * 14);
/// let pos = Position::with_table(table);
/// assert_eq!(pos.legal_moves().len(), 414);
/// ```
#[derive(Debug)]
pub struct MoveTable {
    variant: Variant,
    size: u8,
    stride: usize,
    /// Padded cell indices of each move, repeated up to 5 entries.
    cells: Vec<[u16; 5]>,
    piece: Vec<u8>,
    /// Edge neighbours (on the board, outside the move) of each move: `adj[adj_start[m]..]`.
    adj_start: Vec<u32>,
    adj: Vec<u16>,
    /// Corner neighbours that are not edge neighbours: the move's new attach points.
    diag_start: Vec<u32>,
    diag: Vec<u16>,
    /// `lists[index[k]..index[k + 1]]` for `k = (cell · 16 + status) · 21 + piece`.
    index: Vec<u32>,
    lists: Vec<u16>,
    by_cells: HashMap<u64, u16>,
}

/// Offsets of the four edge neighbours in the padded grid, in status-bit order.
pub(crate) fn edge_offsets(stride: usize) -> [isize; 4] {
    let s = stride as isize;
    [s, 1, -s, -1]
}

/// Offsets of the four corner neighbours in the padded grid.
pub(crate) fn corner_offsets(stride: usize) -> [isize; 4] {
    let s = stride as isize;
    [s + 1, s - 1, -s + 1, -s - 1]
}

fn key(mut cells: [u16; 5], len: usize) -> u64 {
    cells[..len].sort_unstable();
    cells[..len]
        .iter()
        .fold(u64::from(len as u8), |k, &c| (k << 10) | u64::from(c))
}

impl MoveTable {
    /// Builds the table of `variant`.
    ///
    /// ```
    /// use grid_games::blokus::{MoveTable, Variant};
    /// assert_eq!(MoveTable::new(Variant::Classic).len(), 30_433);
    /// ```
    pub fn new(variant: Variant) -> MoveTable {
        let size = variant.size();
        let stride = usize::from(size) + 2;
        let padded = stride * stride;
        let board = Board::new(u32::from(size), u32::from(size)).expect("board size is small");
        let mut cells = Vec::new();
        let mut piece = Vec::new();
        for p in variant.pieces() {
            for (_, oriented) in p.shape().orientations(Equivalence::Free) {
                for offset in board.placement_offsets(&oriented) {
                    let mut m = [0u16; 5];
                    let shape = oriented.cells();
                    for j in 0..5 {
                        let c = shape[j.min(shape.len() - 1)] + offset;
                        // polyomino rows grow downward; our rows grow upward.
                        let point = Point::new(c.col as u8, size - 1 - c.row as u8);
                        m[j] = Self::padded_of(stride, point) as u16;
                    }
                    cells.push(m);
                    piece.push(p.index() as u8);
                }
            }
        }
        let n = cells.len();
        let on_board = |q: usize| {
            let (r, c) = (q / stride, q % stride);
            (1..=usize::from(size)).contains(&r) && (1..=usize::from(size)).contains(&c)
        };
        let (mut adj_start, mut adj, mut diag_start, mut diag) = (vec![0], vec![], vec![0], vec![]);
        let mut by_cells = HashMap::with_capacity(n);
        for (id, m) in cells.iter().enumerate() {
            let len = Piece::new(usize::from(piece[id])).map_or(0, Piece::size);
            let inside = |q: usize| m[..len].iter().any(|&c| usize::from(c) == q);
            let mut edges: Vec<u16> = Vec::new();
            for &c in &m[..len] {
                for d in edge_offsets(stride) {
                    let q = (c as isize + d) as usize;
                    if on_board(q) && !inside(q) && !edges.contains(&(q as u16)) {
                        edges.push(q as u16);
                    }
                }
            }
            let mut corners: Vec<u16> = Vec::new();
            for &c in &m[..len] {
                for d in corner_offsets(stride) {
                    let q = (c as isize + d) as usize;
                    if on_board(q)
                        && !inside(q)
                        && !edges.contains(&(q as u16))
                        && !corners.contains(&(q as u16))
                    {
                        corners.push(q as u16);
                    }
                }
            }
            adj.extend_from_slice(&edges);
            adj_start.push(adj.len() as u32);
            diag.extend_from_slice(&corners);
            diag_start.push(diag.len() as u32);
            by_cells.insert(key(*m, len), id as u16);
        }
        // Moves through each cell, grouped by piece (moves are already ordered by piece).
        let mut through: Vec<Vec<u16>> = vec![Vec::new(); padded];
        for (id, m) in cells.iter().enumerate() {
            let len = Piece::new(usize::from(piece[id])).map_or(0, Piece::size);
            for &c in &m[..len] {
                through[usize::from(c)].push(id as u16);
            }
        }
        let mut index = Vec::with_capacity(padded * 16 * Piece::COUNT + 1);
        let mut lists = Vec::new();
        index.push(0);
        for (p, moves) in through.iter().enumerate() {
            for status in 0..16u8 {
                let blocked: Vec<u16> = edge_offsets(stride)
                    .iter()
                    .enumerate()
                    .filter(|&(bit, _)| status >> bit & 1 == 1)
                    .map(|(_, &d)| (p as isize + d).max(0) as u16)
                    .collect();
                let mut k = 0;
                for pc in 0..Piece::COUNT {
                    while k < moves.len() && usize::from(piece[usize::from(moves[k])]) == pc {
                        let m = &cells[usize::from(moves[k])];
                        if !m.iter().any(|c| blocked.contains(c)) {
                            lists.push(moves[k]);
                        }
                        k += 1;
                    }
                    index.push(lists.len() as u32);
                }
            }
        }
        MoveTable {
            variant,
            size,
            stride,
            cells,
            piece,
            adj_start,
            adj,
            diag_start,
            diag,
            index,
            lists,
            by_cells,
        }
    }

    fn padded_of(stride: usize, p: Point) -> usize {
        (usize::from(p.row) + 1) * stride + usize::from(p.col) + 1
    }

    /// The variant.
    ///
    /// ```
    /// use grid_games::blokus::{MoveTable, Variant};
    /// assert_eq!(MoveTable::new(Variant::Duo).variant(), Variant::Duo);
    /// ```
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Number of placements (13 729 on Duo, 30 433 on the Classic variants, 7 217 on
    /// Junior).
    ///
    /// ```
    /// use grid_games::blokus::{MoveTable, Variant};
    /// assert_eq!(MoveTable::new(Variant::Duo).len(), 13_729);
    /// ```
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: every variant has placements.
    ///
    /// ```
    /// use grid_games::blokus::{MoveTable, Variant};
    /// assert!(!MoveTable::new(Variant::Duo).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Every move of the table, in table order (by piece, orientation, offset).
    ///
    /// ```
    /// use grid_games::blokus::{MoveTable, Variant};
    /// let table = MoveTable::new(Variant::Duo);
    /// // The I5 fits 10 × 14 times lying and as many standing.
    /// let i5 = table.moves().filter(|&m| table.piece(m).map(|p| p.name()) == Ok("I5")).count();
    /// assert_eq!(i5, 2 * 10 * 14);
    /// ```
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        (0..self.cells.len() as u16).map(|id| Move {
            variant: self.variant,
            id,
        })
    }

    /// The piece a move places; [`BlokusError::WrongVariant`] for a move of another variant.
    ///
    /// ```
    /// use grid_games::blokus::{MoveTable, Variant};
    /// let table = MoveTable::new(Variant::Duo);
    /// let m = table.parse("a1,b1,c1")?;
    /// assert_eq!(table.piece(m)?.name(), "I3");
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn piece(&self, m: Move) -> Result<Piece, BlokusError> {
        self.own(m).map(|id| self.piece_at(id))
    }

    /// The cells a move covers; [`BlokusError::WrongVariant`] for a move of another variant.
    ///
    /// ```
    /// use grid_games::blokus::{MoveTable, Point, Variant};
    /// let table = MoveTable::new(Variant::Duo);
    /// let m = table.parse("b1,a1")?;
    /// assert_eq!(table.points(m)?, [Point::new(0, 0), Point::new(1, 0)]);
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    pub fn points(&self, m: Move) -> Result<Vec<Point>, BlokusError> {
        self.own(m).map(|id| self.points_at(id))
    }

    /// The table index of a move of this table's variant.
    fn own(&self, m: Move) -> Result<usize, BlokusError> {
        if m.variant == self.variant && m.id() < self.cells.len() {
            Ok(m.id())
        } else {
            Err(BlokusError::WrongVariant)
        }
    }

    pub(crate) fn piece_at(&self, id: usize) -> Piece {
        Piece::new(usize::from(self.piece[id])).expect("table pieces are valid")
    }

    pub(crate) fn points_at(&self, id: usize) -> Vec<Point> {
        let len = self.piece_at(id).size();
        self.cells[id][..len]
            .iter()
            .map(|&c| self.point_of(usize::from(c)))
            .collect()
    }

    /// The canonical notation of a move: its cells ordered by row, then column.
    ///
    /// ```
    /// use grid_games::blokus::{MoveTable, Variant};
    /// let table = MoveTable::new(Variant::Duo);
    /// let m = table.parse("E10,d9,e9,f9,e8")?;
    /// assert_eq!(table.notation(m)?, "e8,d9,e9,f9,e10");
    /// assert_eq!(table.piece(m)?.name(), "X");
    /// # Ok::<(), grid_games::blokus::BlokusError>(())
    /// ```
    ///
    /// [`BlokusError::WrongVariant`] for a move of another variant.
    pub fn notation(&self, m: Move) -> Result<String, BlokusError> {
        let mut points = self.points(m)?;
        let mut out = String::with_capacity(20);
        write_points(&mut points, &mut out);
        Ok(out)
    }

    /// Reads a move in cell-list notation (any order, any case). Errors: a malformed or
    /// off-board cell, a repeated cell, or cells that are not one placement of a piece.
    ///
    /// ```
    /// use grid_games::blokus::{BlokusError, MoveTable, Variant};
    /// let table = MoveTable::new(Variant::Duo);
    /// let l4 = table.parse("J3,j4,i3,j5")?; // any order, any case
    /// assert_eq!(table.notation(l4)?, "i3,j3,j4,j5");
    /// assert!(matches!(table.parse("a1,c1"), Err(BlokusError::NotAPiece(_))));
    /// assert!(matches!(table.parse("a1,a1"), Err(BlokusError::RepeatedCell(_))));
    /// assert!(matches!(table.parse("z9"), Err(BlokusError::OffBoard(_))));
    /// # Ok::<(), BlokusError>(())
    /// ```
    pub fn parse(&self, text: &str) -> Result<Move, BlokusError> {
        let mut cells = [0u16; 5];
        let mut len = 0;
        for part in text.trim().split(',') {
            if len == 5 {
                return Err(BlokusError::NotAPiece(text.to_string()));
            }
            let p = Point::parse(part.trim(), self.size)?;
            let c = Self::padded_of(self.stride, p) as u16;
            if cells[..len].contains(&c) {
                return Err(BlokusError::RepeatedCell(text.to_string()));
            }
            cells[len] = c;
            len += 1;
        }
        self.by_cells
            .get(&key(cells, len))
            .map(|&id| Move {
                variant: self.variant,
                id,
            })
            .ok_or_else(|| BlokusError::NotAPiece(text.to_string()))
    }

    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    pub(crate) fn size(&self) -> u8 {
        self.size
    }

    pub(crate) fn padded(&self, p: Point) -> usize {
        Self::padded_of(self.stride, p)
    }

    pub(crate) fn point_of(&self, padded: usize) -> Point {
        Point::new(
            (padded % self.stride - 1) as u8,
            (padded / self.stride - 1) as u8,
        )
    }

    #[inline]
    pub(crate) fn cells_of(&self, id: usize) -> &[u16; 5] {
        &self.cells[id]
    }

    #[inline]
    pub(crate) fn piece_of(&self, id: usize) -> usize {
        usize::from(self.piece[id])
    }

    #[inline]
    pub(crate) fn adj_of(&self, id: usize) -> &[u16] {
        &self.adj[self.adj_start[id] as usize..self.adj_start[id + 1] as usize]
    }

    #[inline]
    pub(crate) fn diag_of(&self, id: usize) -> &[u16] {
        &self.diag[self.diag_start[id] as usize..self.diag_start[id + 1] as usize]
    }

    /// The moves of `piece` through padded cell `cell` that avoid the forbidden edge
    /// neighbours in `status`.
    #[inline]
    pub(crate) fn through(&self, cell: usize, status: usize, piece: usize) -> &[u16] {
        let k = (cell * 16 + status) * Piece::COUNT + piece;
        &self.lists[self.index[k] as usize..self.index[k + 1] as usize]
    }

    pub(crate) fn mv(&self, id: usize) -> Move {
        Move {
            variant: self.variant,
            id: id as u16,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_counts_match_the_spec() {
        assert_eq!(MoveTable::new(Variant::Duo).len(), 13_729);
        assert_eq!(MoveTable::new(Variant::Classic).len(), 30_433);
        // Junior: its 12 shapes' orientations times their offsets on 14 × 14, counted by
        // hand (L5 8 × 143, P 8 × 156, I5 2 × 140, O 169, T4 and Z4 4 × 156, L4 8 × 156,
        // I4 2 × 154, V3 4 × 169, I3 2 × 168, domino 2 × 182, monomino 196).
        assert_eq!(MoveTable::new(Variant::Junior).len(), 7_217);
    }

    #[test]
    fn every_move_round_trips_through_its_notation() {
        let table = MoveTable::new(Variant::Duo);
        for m in table.moves() {
            assert_eq!(table.parse(&table.notation(m).unwrap()), Ok(m));
        }
        let classic = MoveTable::new(Variant::Classic);
        for m in classic.moves().step_by(97) {
            assert_eq!(table.notation(m), Err(BlokusError::WrongVariant));
            assert_eq!(table.piece(m), Err(BlokusError::WrongVariant));
        }
    }

    #[test]
    fn bad_notation_is_refused() {
        let table = MoveTable::new(Variant::Duo);
        assert!(matches!(
            table.parse("a1,a3"),
            Err(BlokusError::NotAPiece(_))
        ));
        assert!(matches!(
            table.parse("a1,a1"),
            Err(BlokusError::RepeatedCell(_))
        ));
        assert!(matches!(
            table.parse("a1,z1"),
            Err(BlokusError::BadPoint(_) | BlokusError::OffBoard(_))
        ));
        assert!(matches!(
            table.parse("a1,a2,a3,a4,a5,a6"),
            Err(BlokusError::NotAPiece(_))
        ));
        assert!(table.parse("").is_err());
    }
}
