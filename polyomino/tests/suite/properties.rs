//! Property tests: group laws, canonical forms, placements against a naive enumeration,
//! arbitrary-angle rotation against the exact transforms, bitboards against a set model.

use std::collections::{BTreeSet, HashSet};

use polyomino::{
    Bitboard, Board, Cell, CellSet, Equivalence, MarkedCellSet, MarkedPolyomino, Polyomino,
    ShapeError, Transform, TransformSet,
};
use proptest::prelude::*;

fn transform() -> impl Strategy<Value = Transform> {
    (0u8..8).prop_map(Transform::from_index)
}

/// A connected polyomino grown by a random walk of additions.
fn connected_shape(max: usize) -> impl Strategy<Value = Polyomino> {
    prop::collection::vec((0usize..64, 0usize..4), 0..max).prop_map(|steps| {
        let mut cells = vec![Cell::ORIGIN];
        for (pick, dir) in steps {
            let from = cells[pick % cells.len()];
            let next = from.edge_neighbours()[dir];
            if !cells.contains(&next) {
                cells.push(next);
            }
        }
        Polyomino::from_cells(cells).unwrap()
    })
}

/// Any non-empty cell set inside a 5×5 box (possibly disconnected).
fn any_shape() -> impl Strategy<Value = CellSet> {
    prop::collection::vec((0i32..5, 0i32..5), 1..12)
        .prop_map(|v| CellSet::from_cells(v.into_iter().map(Cell::from)).unwrap())
}

/// Whether `cells` form one 4-connected piece: a breadth-first search over a `BTreeSet`,
/// independent of the crate's own check.
fn naive_connected(cells: &BTreeSet<Cell>) -> bool {
    let Some(&first) = cells.iter().next() else {
        return false;
    };
    let mut seen = BTreeSet::from([first]);
    let mut queue = std::collections::VecDeque::from([first]);
    while let Some(c) = queue.pop_front() {
        for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let n = Cell::new(c.row + dr, c.col + dc);
            if cells.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.len() == cells.len()
}

fn cell_set(p: &CellSet) -> BTreeSet<Cell> {
    p.cells().iter().copied().collect()
}

proptest! {
    #[test]
    fn polyominoes_are_exactly_the_connected_cell_sets(p in any_shape(), t in transform()) {
        let connected = naive_connected(&cell_set(&p));
        prop_assert_eq!(p.is_connected(), connected);
        let poly = Polyomino::try_from(p.clone());
        prop_assert_eq!(poly.is_ok(), connected);
        prop_assert_eq!(Polyomino::parse(&p.to_string()).is_ok(), connected);
        prop_assert_eq!(Polyomino::from_cells(p.cells().iter().copied()).is_ok(), connected);
        if let Ok(poly) = poly {
            // Transforms keep connectivity, and agree with the cell set's.
            prop_assert_eq!(poly.transform(t).into_cell_set(), p.transform(t));
            prop_assert_eq!(poly.canonical(Equivalence::Free).into_cell_set(), p.canonical(Equivalence::Free));
            prop_assert_eq!(CellSet::from(poly), p.clone());
        } else {
            prop_assert_eq!(poly, Err(ShapeError::Disconnected));
            let mark = p.cells()[0];
            prop_assert_eq!(MarkedPolyomino::from_cells(p.cells().iter().copied(), mark), Err(ShapeError::Disconnected));
            prop_assert!(MarkedCellSet::from_cells(p.cells().iter().copied(), mark).is_ok());
        }
    }

    #[test]
    fn composition_is_associative(a in transform(), b in transform(), c in transform()) {
        prop_assert_eq!(a.then(b).then(c), a.then(b.then(c)));
    }

    #[test]
    fn inverse_and_identity(a in transform()) {
        prop_assert_eq!(a.then(a.inverse()), Transform::Identity);
        prop_assert_eq!(a.inverse().then(a), Transform::Identity);
        prop_assert_eq!(a.then(Transform::Identity), a);
        prop_assert_eq!(Transform::Identity.then(a), a);
        if a.is_reflection() {
            prop_assert_eq!(a.then(a), Transform::Identity);
        }
    }

    #[test]
    fn four_quarter_turns_are_the_identity(p in any_shape()) {
        let r = Transform::Rotate90;
        prop_assert_eq!(r.then(r).then(r).then(r), Transform::Identity);
        prop_assert_eq!(p.transform(r).transform(r).transform(r).transform(r), p);
    }

    #[test]
    fn shape_transforms_compose_like_the_group(p in any_shape(), a in transform(), b in transform()) {
        prop_assert_eq!(p.transform(a).transform(b), p.transform(a.then(b)));
        prop_assert_eq!(p.transform(a).transform(a.inverse()), p.clone());
        prop_assert_eq!(p.transform(a).size(), p.size());
    }

    #[test]
    fn canonical_form_is_invariant(p in any_shape(), t in transform()) {
        let q = p.transform(t);
        prop_assert_eq!(q.canonical(Equivalence::Free), p.canonical(Equivalence::Free));
        if t.is_rotation() {
            prop_assert_eq!(q.canonical(Equivalence::OneSided), p.canonical(Equivalence::OneSided));
        }
        prop_assert_eq!(p.canonical(Equivalence::Fixed), p.clone());
        prop_assert!(p.canonical(Equivalence::Free).is_canonical(Equivalence::Free));
    }

    #[test]
    fn canonical_forms_separate_classes(p in any_shape(), q in any_shape()) {
        for eq in [Equivalence::Fixed, Equivalence::OneSided, Equivalence::Free] {
            let related = eq.transforms().iter().any(|t| p.transform(t) == q);
            prop_assert_eq!(related, p.canonical(eq) == q.canonical(eq), "{:?}", eq);
        }
    }

    #[test]
    fn orientations_and_symmetry_group(p in any_shape()) {
        let group = p.symmetry_group();
        prop_assert!(group.contains(Transform::Identity));
        prop_assert_eq!(8 % group.len(), 0);
        // The group is closed under composition.
        for a in group.iter() {
            for b in group.iter() {
                prop_assert!(group.contains(a.then(b)));
            }
        }
        let free = p.orientations(Equivalence::Free);
        prop_assert_eq!(free.len() * group.len(), 8);
        let distinct: HashSet<_> = free.iter().map(|(_, q)| q.clone()).collect();
        prop_assert_eq!(distinct.len(), free.len());
        for (t, q) in &free {
            prop_assert_eq!(&p.transform(*t), q);
        }
        let rotations = group.iter().filter(|t| t.is_rotation()).count();
        prop_assert_eq!(p.orientations(Equivalence::OneSided).len() * rotations, 4);
    }

    #[test]
    fn marks_follow_their_cell(p in connected_shape(10), pick in 0usize..64, t in transform()) {
        let mark = p.cells()[pick % p.size()];
        let m = MarkedPolyomino::new(p.clone(), mark).unwrap();
        let moved = m.transform(t);
        prop_assert_eq!(moved.shape(), &p.transform(t));
        // The mark lands where the cell's image lands after the same normalising shift.
        let images: Vec<Cell> = p.cells().iter().map(|&c| t.apply(c)).collect();
        let min_r = images.iter().map(|c| c.row).min().unwrap();
        let min_c = images.iter().map(|c| c.col).min().unwrap();
        let img = t.apply(mark);
        prop_assert_eq!(moved.mark(), Cell::new(img.row - min_r, img.col - min_c));
        prop_assert!(moved.shape().contains(moved.mark()));
    }

    #[test]
    fn rotation_by_right_angles_is_exact(p in any_shape(), k in -9i32..9, noise in -9e-10f64..9e-10,
                                          pr in -3i32..8, pc in -3i32..8) {
        let pivot = Cell::new(pr, pc);
        let got = p.rotate_about(pivot, 90.0 * f64::from(k) + noise).unwrap();
        let t = Transform::rotation(k);
        let mut want: Vec<Cell> = p.cells().iter().map(|&c| pivot + t.apply(c - pivot)).collect();
        want.sort_unstable();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn rasterisation_never_loses_area(p in connected_shape(12), deg in -720.0f64..720.0, pick in 0usize..64) {
        let pivot = p.cells()[pick % p.size()];
        let got = p.rotate_about(pivot, deg).unwrap();
        prop_assert!(got.len() >= p.size());
        prop_assert!(got.contains(&pivot));
        // Conservative: the rotated centre of every square is covered.
        let (s, c) = deg.to_radians().sin_cos();
        for cell in p.cells() {
            let (dr, dc) = (f64::from(cell.row - pivot.row), f64::from(cell.col - pivot.col));
            let (r, cc) = (dr * c - dc * s, dc * c + dr * s);
            let centre = Cell::new(pivot.row + r.round() as i32, pivot.col + cc.round() as i32);
            prop_assert!(got.contains(&centre), "centre of {} not covered", cell);
        }
        // Turning the whole picture by a quarter turn commutes with the rotation.
        let quarter = p.rotate_about(pivot, deg + 90.0).unwrap();
        let mut turned: Vec<Cell> = got
            .iter()
            .map(|&x| pivot + Transform::Rotate90.apply(x - pivot))
            .collect();
        turned.sort_unstable();
        prop_assert_eq!(quarter, turned);
    }

    #[test]
    fn placements_equal_a_naive_enumeration(
        h in 1u32..7, w in 1u32..7,
        blocked in prop::collection::vec((0i32..7, 0i32..7), 0..8),
        pieces in prop::collection::vec(connected_shape(5), 1..3),
        free in any::<bool>(),
    ) {
        let blocked: Vec<Cell> = blocked
            .into_iter()
            .map(Cell::from)
            .filter(|c| (c.row as u32) < h && (c.col as u32) < w)
            .collect();
        let board = Board::with_blocked(h, w, blocked.iter().copied()).unwrap();
        let eq = if free { Equivalence::Free } else { Equivalence::OneSided };
        let fast = board.placements_of(&pieces, eq);

        let usable: HashSet<Cell> = (0..h as i32)
            .flat_map(|r| (0..w as i32).map(move |c| Cell::new(r, c)))
            .filter(|c| !blocked.contains(c))
            .collect();
        let mut naive = BTreeSet::new();
        for (i, piece) in pieces.iter().enumerate() {
            let mut seen = HashSet::new();
            for t in eq.transforms().iter() {
                let img: BTreeSet<Cell> = piece.cells().iter().map(|&c| t.apply(c)).collect();
                let min_r = img.iter().map(|c| c.row).min().unwrap();
                let min_c = img.iter().map(|c| c.col).min().unwrap();
                let norm: BTreeSet<Cell> = img.iter().map(|c| Cell::new(c.row - min_r, c.col - min_c)).collect();
                if !seen.insert(norm.clone()) {
                    continue;
                }
                for dr in -8..8 {
                    for dc in -8..8 {
                        let cells: BTreeSet<Cell> = norm.iter().map(|&c| c + Cell::new(dr, dc)).collect();
                        if cells.iter().all(|c| usable.contains(c)) {
                            naive.insert((i, cells));
                        }
                    }
                }
            }
        }
        let got: BTreeSet<(usize, BTreeSet<Cell>)> =
            fast.iter().map(|p| (p.piece(), p.mask().iter().collect())).collect();
        prop_assert_eq!(got.len(), fast.len(), "duplicate placements");
        prop_assert_eq!(got, naive);
        for p in &fast {
            let oriented = pieces[p.piece()].transform(p.transform());
            let expect: BTreeSet<Cell> = oriented.cells().iter().map(|&c| c + p.offset()).collect();
            prop_assert_eq!(p.mask().iter().collect::<BTreeSet<_>>(), expect);
            prop_assert!(p.fits(&board.blocked()));
        }
    }

    #[test]
    fn bitboards_behave_like_sets(
        a in prop::collection::btree_set((0i32..20, 0i32..64), 0..40),
        b in prop::collection::btree_set((0i32..20, 0i32..64), 0..40),
        dr in -5i32..5, dc in -70i32..70,
    ) {
        let sa: BTreeSet<Cell> = a.into_iter().map(Cell::from).collect();
        let sb: BTreeSet<Cell> = b.into_iter().map(Cell::from).collect();
        let ba = Bitboard::from_cells(sa.iter().copied()).unwrap();
        let bb = Bitboard::from_cells(sb.iter().copied()).unwrap();
        let set = |x: &Bitboard| x.iter().collect::<BTreeSet<Cell>>();
        prop_assert_eq!(set(&ba), sa.clone());
        prop_assert_eq!(ba.count() as usize, sa.len());
        prop_assert_eq!(set(&(&ba | &bb)), sa.union(&sb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(set(&(&ba & &bb)), sa.intersection(&sb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(set(&(&ba - &bb)), sa.difference(&sb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(set(&(&ba ^ &bb)), sa.symmetric_difference(&sb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(ba.is_disjoint(&bb), sa.is_disjoint(&sb));
        prop_assert_eq!(ba.is_subset(&bb), sa.is_subset(&sb));
        prop_assert_eq!((&ba & &bb) == Bitboard::new(), sa.is_disjoint(&sb));
        let in_strip = |c: &Cell| c.row >= 0 && (0..64).contains(&c.col);
        let shifted: BTreeSet<Cell> = sa.iter().map(|&c| c + Cell::new(dr, dc)).filter(in_strip).collect();
        prop_assert_eq!(set(&ba.shift(dr, dc)), shifted);
        let edge: BTreeSet<Cell> = sa
            .iter()
            .flat_map(|&c| std::iter::once(c).chain(c.edge_neighbours()))
            .filter(in_strip)
            .collect();
        prop_assert_eq!(set(&ba.edge_dilation()), edge);
        let corner: BTreeSet<Cell> = sa
            .iter()
            .flat_map(|&c| std::iter::once(c).chain(c.corner_neighbours()))
            .filter(in_strip)
            .collect();
        prop_assert_eq!(set(&ba.corner_dilation()), corner);
    }

    #[test]
    fn ascii_round_trips(p in any_shape()) {
        prop_assert_eq!(CellSet::parse(&p.to_string()).unwrap(), p.clone());
        prop_assert_eq!(CellSet::parse_with(&p.to_ascii('X', '_'), 'X', '_').unwrap(), p.clone());
        if let Ok(poly) = Polyomino::try_from(p.clone()) {
            prop_assert_eq!(poly.to_string().parse::<Polyomino>().unwrap(), poly);
        }
    }

    #[test]
    fn transform_sets_collect(bits in any::<u8>()) {
        let s = TransformSet::from_bits(bits);
        prop_assert_eq!(s.iter().collect::<TransformSet>(), s);
        prop_assert_eq!(s.len(), s.iter().count());
    }

    #[test]
    fn holes_are_enclosed_empty_cells(p in prop_oneof![any_shape(), dense_shape(), sparse_rows()]) {
        let holes = p.holes();
        // try_holes lists the same cells up to its limit, and refuses one cell less.
        prop_assert_eq!(p.try_holes(holes.len()), Ok(holes.clone()));
        if !holes.is_empty() {
            prop_assert_eq!(
                p.try_holes(holes.len() - 1),
                Err(ShapeError::HolesTooLarge { cells: holes.len() as u64, max: holes.len() - 1 })
            );
        }
        let filled = cell_set(&p);
        // Naive: flood the padded bounding box from outside.
        let (h, w) = (p.height(), p.width());
        let mut outside = HashSet::new();
        let mut stack = vec![Cell::new(-1, -1)];
        outside.insert(Cell::new(-1, -1));
        while let Some(c) = stack.pop() {
            for nb in c.edge_neighbours() {
                let inside_pad = nb.row >= -1 && nb.col >= -1 && nb.row <= h && nb.col <= w;
                if inside_pad && !filled.contains(&nb) && outside.insert(nb) {
                    stack.push(nb);
                }
            }
        }
        let naive: Vec<Cell> = (0..h)
            .flat_map(|r| (0..w).map(move |c| Cell::new(r, c)))
            .filter(|c| !filled.contains(c) && !outside.contains(c))
            .collect();
        prop_assert_eq!(holes, naive);
    }

    /// `hole_count` (Euler characteristic) against the flood fill of `holes`: the number of
    /// edge-connected regions among the enclosed cells.
    #[test]
    fn hole_count_counts_the_regions_of_holes(p in prop_oneof![any_shape(), dense_shape(), sparse_rows()]) {
        let holes: BTreeSet<Cell> = p.holes().into_iter().collect();
        let mut seen = BTreeSet::new();
        let mut regions = 0;
        for &start in &holes {
            if !seen.insert(start) {
                continue;
            }
            regions += 1;
            let mut stack = vec![start];
            while let Some(c) = stack.pop() {
                for nb in c.edge_neighbours() {
                    if holes.contains(&nb) && seen.insert(nb) {
                        stack.push(nb);
                    }
                }
            }
        }
        prop_assert_eq!(p.hole_count(), regions);
    }
}

/// Frames and bars in a 12 × 12 box with some rows left empty: holes that span several rows,
/// regions that reach the edge through a row without cells, nested rings.
fn sparse_rows() -> impl Strategy<Value = CellSet> {
    prop::collection::vec(
        (0i32..12, 0i32..12, 1i32..12, 1i32..12, any::<bool>()),
        1..5,
    )
    .prop_map(|parts| {
        let cells = parts.into_iter().flat_map(|(r, c, h, w, frame)| {
            (r..(r + h).min(12)).flat_map(move |i| {
                (c..(c + w).min(12)).filter_map(move |j| {
                    let edge =
                        i == r || j == c || i == (r + h).min(12) - 1 || j == (c + w).min(12) - 1;
                    (edge || !frame).then_some(Cell::new(i, j))
                })
            })
        });
        CellSet::from_cells(cells).unwrap()
    })
}

/// Shapes filling most of a small box, so that many have holes (several, of every kind).
fn dense_shape() -> impl Strategy<Value = CellSet> {
    (
        2i32..9,
        2i32..9,
        prop::collection::vec(prop::bool::weighted(0.7), 64),
    )
        .prop_filter_map("at least one cell", |(h, w, bits)| {
            let cells = (0..h)
                .flat_map(|r| (0..w).map(move |c| Cell::new(r, c)))
                .filter(|c| bits[(c.row * 8 + c.col) as usize]);
            CellSet::from_cells(cells).ok()
        })
}
