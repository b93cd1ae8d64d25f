//! The `shapes` family: polyomino constructors, symmetries, holes, rotation, boards, bitboards,
//! enumeration and pictures, on arbitrary cells (anywhere in `i32`) and sizes. Results are
//! checked against small independent computations written here.

use std::collections::{BTreeSet, HashSet, VecDeque};

use arbitrary::Unstructured;
use polyomino::enumerate::{self, Options};
use polyomino::svg::{Rgb, SvgOptions, ToSvg};
use polyomino::{
    Bitboard, Board, BoardError, Cell, CellSet, Equivalence, MarkedCellSet, MarkedPolyomino,
    Polyomino, RotateError, ShapeError, SvgError, Transform,
};

use super::{coord, float};
use crate::ensure;
use crate::runner::{CaseResult, Target, Verdict, no_seeds};

/// The family's targets.
pub fn targets() -> Vec<Target> {
    let t = |name, about, run, max_len| Target {
        name,
        family: "shapes",
        about,
        run,
        max_len,
        seeds: no_seeds,
    };
    vec![
        t(
            "polyomino-shape",
            "from_cells anywhere in i32, connectivity, holes, the eight transforms, canonical forms, marks",
            shape,
            512,
        ),
        t(
            "polyomino-rotate",
            "rotate_about by arbitrary angles (NaN, huge, tiny) about arbitrary pivots",
            rotate,
            256,
        ),
        t(
            "polyomino-board",
            "Board and Bitboard with arbitrary sizes, blocked cells and set operations; placements",
            board,
            512,
        ),
        t(
            "polyomino-enumerate",
            "enumeration and counts of small sizes against OEIS, and sizes out of range",
            enumeration,
            32,
        ),
        t(
            "polyomino-svg",
            "ToSvg for shape sets with arbitrary shapes and options",
            picture,
            256,
        ),
    ]
}

/// Up to `max` cells: a random walk (connected, often with holes) or scattered coordinates.
fn cells(u: &mut Unstructured<'_>, max: usize) -> Vec<Cell> {
    let n = u.int_in_range(0..=max).unwrap_or(0);
    if u.ratio(2, 3).unwrap_or(true) {
        let mut at = Cell::new(coord(u), coord(u));
        let mut out = vec![at];
        for _ in 1..n {
            let [a, b, c, d] = at.edge_neighbours();
            let next = *u.choose(&[a, b, c, d]).unwrap_or(&a);
            // Walks that would leave i32 stay where they are.
            if next.checked_sub(at).is_some() && at.manhattan(next) == 1 {
                at = next;
            }
            out.push(at);
        }
        out
    } else {
        (0..n).map(|_| Cell::new(coord(u), coord(u))).collect()
    }
}

fn span(cells: &[Cell]) -> (i64, i64) {
    let rows = cells.iter().map(|c| i64::from(c.row));
    let cols = cells.iter().map(|c| i64::from(c.col));
    let (r0, r1) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
    let (c0, c1) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
    (r1 - r0, c1 - c0)
}

/// 4-connected components of a cell set, by breadth-first search over a hash set.
pub(crate) fn components(cells: &[Cell]) -> usize {
    let set: HashSet<Cell> = cells.iter().copied().collect();
    let mut seen: HashSet<Cell> = HashSet::new();
    let mut count = 0;
    for &start in &set {
        if !seen.insert(start) {
            continue;
        }
        count += 1;
        let mut queue = VecDeque::from([start]);
        while let Some(c) = queue.pop_front() {
            for nb in c.edge_neighbours() {
                if set.contains(&nb) && seen.insert(nb) {
                    queue.push_back(nb);
                }
            }
        }
    }
    count
}

/// Holes of a normalised shape with a small bounding box: empty cells of the box that a flood
/// from outside the box does not reach.
fn holes_by_flood(p: &CellSet) -> Vec<Cell> {
    let (h, w) = (p.height(), p.width());
    let inside = |c: Cell| c.row >= -1 && c.col >= -1 && c.row <= h && c.col <= w;
    let mut seen: HashSet<Cell> = HashSet::from([Cell::new(-1, -1)]);
    let mut queue = VecDeque::from([Cell::new(-1, -1)]);
    while let Some(c) = queue.pop_front() {
        for nb in c.edge_neighbours() {
            if inside(nb) && !p.contains(nb) && seen.insert(nb) {
                queue.push_back(nb);
            }
        }
    }
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let cell = Cell::new(r, c);
            if !p.contains(cell) && !seen.contains(&cell) {
                out.push(cell);
            }
        }
    }
    out
}

fn shape(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let input = cells(&mut u, 40);
    let made = CellSet::from_cells(input.iter().copied());
    let (rows, cols) = span(&input);
    let p = match made {
        Err(ShapeError::Empty) => {
            ensure!(input.is_empty(), "Empty for {} cells", input.len());
            return Ok(Verdict::Rejected);
        }
        Err(ShapeError::TooLarge) => {
            ensure!(
                rows >= i64::from(i32::MAX) || cols >= i64::from(i32::MAX),
                "TooLarge for spans {rows} x {cols}"
            );
            return Ok(Verdict::Rejected);
        }
        Err(e) => return Err(format!("unexpected error {e:?}")),
        Ok(p) => p,
    };
    ensure!(
        rows < i64::from(i32::MAX) && cols < i64::from(i32::MAX),
        "spans {rows} x {cols} accepted"
    );
    let distinct: BTreeSet<Cell> = input.iter().copied().collect();
    ensure!(
        p.size() == distinct.len(),
        "{} cells from {} distinct",
        p.size(),
        distinct.len()
    );
    ensure!(
        i64::from(p.height()) == rows + 1 && i64::from(p.width()) == cols + 1,
        "{}x{} for spans {rows} x {cols}",
        p.height(),
        p.width()
    );
    ensure!(
        p.cells().windows(2).all(|w| w[0] < w[1]),
        "cells are not sorted"
    );
    ensure!(
        p.is_connected() == (components(p.cells()) == 1),
        "is_connected is {} for {} components",
        p.is_connected(),
        components(p.cells())
    );
    // A polyomino is exactly a connected cell set, whichever constructor builds it.
    let poly = Polyomino::from_cells(input.iter().copied());
    ensure!(
        poly.is_ok() == (components(p.cells()) == 1),
        "Polyomino::from_cells is {poly:?} for {} components",
        components(p.cells())
    );
    match &poly {
        Ok(q) => ensure!(q.as_cell_set() == &p, "the polyomino's cells differ"),
        Err(e) => ensure!(*e == ShapeError::Disconnected, "unexpected error {e:?}"),
    }
    ensure!(
        Polyomino::try_from(p.clone()).ok() == poly.ok(),
        "TryFrom<CellSet> and from_cells disagree"
    );
    if i64::from(p.height()) * i64::from(p.width()) <= 4096 {
        let holes = p.holes();
        let expected = holes_by_flood(&p);
        ensure!(
            holes == expected,
            "holes {holes:?}, flood fill finds {expected:?} in {p:?}"
        );
        ensure!(
            CellSet::parse(&p.to_string()).as_ref() == Ok(&p),
            "the drawing does not read back"
        );
    }
    for t in Transform::ALL {
        let q = p.transform(t);
        ensure!(q.size() == p.size(), "{t} changes the size");
        ensure!(
            q.transform(t.inverse()) == p,
            "{t} then its inverse is not the identity"
        );
        for v in [Transform::Rotate90, Transform::MirrorUpDown] {
            ensure!(
                q.transform(v) == p.transform(t.then(v)),
                "{t} then {v} differs from the composite"
            );
        }
    }
    for eq in [Equivalence::Fixed, Equivalence::OneSided, Equivalence::Free] {
        let canonical = p.canonical(eq);
        ensure!(
            canonical.is_canonical(eq),
            "canonical({eq:?}) is not canonical"
        );
        let group = eq.transforms();
        let orientations = p.orientations(eq);
        let stabiliser = group
            .iter()
            .filter(|&t| p.symmetry_group().contains(t))
            .count();
        ensure!(
            orientations.len() * stabiliser == group.len(),
            "{} orientations × {stabiliser} symmetries != {} transforms ({eq:?})",
            orientations.len(),
            group.len()
        );
        for (t, o) in &orientations {
            ensure!(
                *o == p.transform(*t),
                "orientation {t} is not the transform"
            );
            ensure!(
                o.canonical(eq) == canonical,
                "orientations disagree on the canonical form"
            );
        }
    }
    // Marks: any cell of the shape, and cells outside it.
    let mark = if u.ratio(3, 4).unwrap_or(true) && !p.cells().is_empty() {
        p.cells()[u.choose_index(p.size()).unwrap_or(0)]
    } else {
        Cell::new(coord(&mut u), coord(&mut u))
    };
    if let Ok(poly) = Polyomino::try_from(p.clone()) {
        let marked = MarkedPolyomino::new(poly, mark);
        ensure!(
            marked.is_ok() == p.contains(mark),
            "a marked polyomino is {marked:?} for mark {mark}"
        );
    }
    match MarkedCellSet::new(p.clone(), mark) {
        Ok(m) => {
            ensure!(p.contains(mark), "mark {mark} off the shape accepted");
            for t in Transform::ALL {
                let moved = m.transform(t);
                ensure!(
                    moved.shape() == &p.transform(t),
                    "the marked shape turns differently"
                );
                ensure!(
                    moved.shape().contains(moved.mark()),
                    "{t} moves the mark off the shape"
                );
            }
            let c = m.canonical(Equivalence::Free);
            ensure!(c.shape().contains(c.mark()), "canonical mark off the shape");
        }
        Err(ShapeError::MarkNotInShape(_)) => {
            ensure!(!p.contains(mark), "mark {mark} on the shape refused");
        }
        Err(e) => return Err(format!("unexpected error {e:?}")),
    }
    Ok(Verdict::Accepted)
}

fn angle(u: &mut Unstructured<'_>) -> f64 {
    if u.ratio(1, 3).unwrap_or(false) {
        f64::from(u.int_in_range(-8..=8).unwrap_or(0)) * 90.0
            + 360.0 * f64::from(u.int_in_range(-3..=3).unwrap_or(0)) * 1e6
    } else {
        float(u)
    }
}

fn rotate(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let input = cells(&mut u, 12);
    let Ok(p) = CellSet::from_cells(input) else {
        return Ok(Verdict::Rejected);
    };
    let pivot = Cell::new(coord(&mut u), coord(&mut u));
    let degrees = angle(&mut u);
    let result = p.rotate_about(pivot, degrees);
    let rotated = match result {
        Err(RotateError::NonFiniteAngle(_)) => {
            ensure!(!degrees.is_finite(), "{degrees} refused as not finite");
            return Ok(Verdict::Rejected);
        }
        Err(RotateError::OutOfRange) => return Ok(Verdict::Rejected),
        Ok(r) => r,
    };
    ensure!(degrees.is_finite(), "{degrees} accepted");
    ensure!(
        rotated.windows(2).all(|w| w[0] < w[1]),
        "the cells are not sorted and distinct"
    );
    // The rotated squares have total area = size and disjoint interiors, so they touch at
    // least `size` cells.
    ensure!(
        rotated.len() >= p.size(),
        "{} cells cover a rotated shape of {} about {pivot} by {degrees}",
        rotated.len(),
        p.size()
    );
    // `%` and `rem_euclid` are exact on floats, so this tests for an exact multiple of 90°.
    if degrees % 90.0 == 0.0 {
        let quarter = (degrees.rem_euclid(360.0) / 90.0) as i32;
        let expected = p.transform(Transform::rotation(quarter));
        let got = CellSet::from_cells(rotated.iter().copied())
            .map_err(|e| format!("a quarter-turn result is not a shape: {e}"))?;
        ensure!(
            got == expected,
            "{degrees}° about {pivot} is not Rotate{}",
            quarter * 90
        );
        ensure!(rotated.len() == p.size(), "a quarter turn changed the size");
    }
    Ok(Verdict::Accepted)
}

fn board(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let size = |u: &mut Unstructured<'_>| -> u32 {
        match u.int_in_range(0u8..=4).unwrap_or(0) {
            0 => u.arbitrary().unwrap_or(0),
            1 => *u
                .choose(&[0, 1, 63, 64, 65, 4095, 4096, 4097, u32::MAX])
                .unwrap_or(&0),
            _ => u.int_in_range(0..=12).unwrap_or(0),
        }
    };
    let (h, w) = (size(&mut u), size(&mut u));
    let blocked: Vec<Cell> = (0..u.int_in_range(0..=20).unwrap_or(0))
        .map(|_| {
            if u.ratio(3, 4).unwrap_or(true) {
                let below = |u: &mut Unstructured<'_>, n: u32| {
                    let top = i32::try_from(n)
                        .unwrap_or(i32::MAX)
                        .saturating_sub(1)
                        .max(0);
                    u.int_in_range(0..=top).unwrap_or(0)
                };
                Cell::new(below(&mut u, h), below(&mut u, w))
            } else {
                Cell::new(coord(&mut u), coord(&mut u))
            }
        })
        .collect();
    let sized = (1..=Board::MAX_HEIGHT).contains(&h) && (1..=Board::MAX_WIDTH).contains(&w);
    let on_board = |c: &Cell| c.row >= 0 && c.col >= 0 && (c.row as u32) < h && (c.col as u32) < w;
    let b = match Board::with_blocked(h, w, blocked.iter().copied()) {
        Err(BoardError::BadSize { .. }) => {
            ensure!(!sized, "{h}x{w} refused");
            return Ok(Verdict::Rejected);
        }
        Err(BoardError::OutsideBoard(c)) => {
            ensure!(sized && !on_board(&c), "{c} refused on {h}x{w}");
            return Ok(Verdict::Rejected);
        }
        Err(e) => return Err(format!("unexpected error {e:?}")),
        Ok(b) => b,
    };
    ensure!(
        sized && blocked.iter().all(on_board),
        "{h}x{w} with {blocked:?} accepted"
    );
    let distinct: HashSet<Cell> = blocked.iter().copied().collect();
    ensure!(
        u64::from(b.usable().count()) + distinct.len() as u64 == u64::from(h) * u64::from(w),
        "usable count {} with {} blocked on {h}x{w}",
        b.usable().count(),
        distinct.len()
    );
    // A small shape: its fitting offsets by brute force.
    let piece = CellSet::from_cells(cells(&mut u, 6)).ok();
    if let Some(piece) = piece.filter(|_| h <= 64) {
        let mut expected = Vec::new();
        for r in 0..h as i32 {
            for c in 0..w as i32 {
                let corner = Cell::new(r, c);
                if piece
                    .cells()
                    .iter()
                    .all(|&x| x.checked_add(corner).is_some_and(|y| b.is_usable(y)))
                {
                    expected.push(corner);
                }
            }
        }
        let offsets = b.placement_offsets(&piece);
        ensure!(
            offsets == expected,
            "placement_offsets {offsets:?}, brute force {expected:?}"
        );
        let placements = b.placements(&piece);
        ensure!(
            placements.len() == expected.len(),
            "{} placements for {} offsets",
            placements.len(),
            expected.len()
        );
        for pl in &placements {
            ensure!(
                pl.mask().count() as usize == piece.size() && pl.mask().is_subset(b.usable()),
                "placement at {} does not lie on usable cells",
                pl.offset()
            );
            ensure!(
                pl.fits(&Bitboard::new()),
                "a placement does not fit an empty board"
            );
        }
        let all = b.placements_of(std::slice::from_ref(&piece), Equivalence::Free);
        let per_orientation: usize = piece
            .orientations(Equivalence::Free)
            .iter()
            .map(|(_, o)| b.placement_offsets(o).len())
            .sum();
        ensure!(
            all.len() == per_orientation,
            "placements_of {} != {per_orientation}",
            all.len()
        );
    }
    bitboards(&mut u)
}

/// Bitboard set algebra against hash sets.
fn bitboards(u: &mut Unstructured<'_>) -> CaseResult {
    let set = |u: &mut Unstructured<'_>| -> Vec<Cell> {
        (0..u.int_in_range(0..=24).unwrap_or(0))
            .map(|_| {
                if u.ratio(7, 8).unwrap_or(true) {
                    Cell::new(
                        u.int_in_range(0..=70).unwrap_or(0)
                            * if u.ratio(1, 8).unwrap_or(false) {
                                1000
                            } else {
                                1
                            },
                        u.int_in_range(-1..=64).unwrap_or(0),
                    )
                } else {
                    Cell::new(coord(u), coord(u))
                }
            })
            .collect()
    };
    let (a, b) = (set(u), set(u));
    let fits = |c: &Cell| c.row >= 0 && c.row < 65536 && c.col >= 0 && c.col < 64;
    let (Ok(x), Ok(y)) = (
        Bitboard::from_cells(a.clone()),
        Bitboard::from_cells(b.clone()),
    ) else {
        ensure!(
            !(a.iter().all(fits) && b.iter().all(fits)),
            "cells inside the bitboard refused"
        );
        return Ok(Verdict::Rejected);
    };
    ensure!(
        a.iter().all(fits) && b.iter().all(fits),
        "cells outside accepted"
    );
    let sa: BTreeSet<Cell> = a.into_iter().collect();
    let sb: BTreeSet<Cell> = b.into_iter().collect();
    let list = |bb: &Bitboard| bb.iter().collect::<BTreeSet<Cell>>();
    ensure!(
        list(&x) == sa && x.count() as usize == sa.len(),
        "from_cells lost cells"
    );
    ensure!(list(&x.union(&y)) == &sa | &sb, "union");
    ensure!(list(&x.intersection(&y)) == &sa & &sb, "intersection");
    ensure!(list(&x.difference(&y)) == &sa - &sb, "difference");
    ensure!(
        list(&x.symmetric_difference(&y)) == &sa ^ &sb,
        "symmetric difference"
    );
    ensure!(x.is_subset(&y) == sa.is_subset(&sb), "is_subset");
    ensure!(x.is_disjoint(&y) == sa.is_disjoint(&sb), "is_disjoint");
    ensure!(x.is_empty() == sa.is_empty(), "is_empty");
    let (dr, dc) = (
        if u.ratio(1, 4).unwrap_or(false) {
            coord(u)
        } else {
            u.int_in_range(-70..=70).unwrap_or(0)
        },
        if u.ratio(1, 4).unwrap_or(false) {
            coord(u)
        } else {
            u.int_in_range(-70..=70).unwrap_or(0)
        },
    );
    let shifted: BTreeSet<Cell> = sa
        .iter()
        .filter_map(|c| {
            let r = i64::from(c.row) + i64::from(dr);
            let k = i64::from(c.col) + i64::from(dc);
            ((0..65536).contains(&r) && (0..64).contains(&k)).then(|| Cell::new(r as i32, k as i32))
        })
        .collect();
    ensure!(list(&x.shift(dr, dc)) == shifted, "shift by ({dr}, {dc})");
    let dilate = |offsets: &[(i32, i32)]| -> BTreeSet<Cell> {
        sa.iter()
            .flat_map(|c| offsets.iter().map(move |&(r, k)| (c.row + r, c.col + k)))
            .filter(|&(r, k)| (0..65536).contains(&r) && (0..64).contains(&k))
            .map(|(r, k)| Cell::new(r, k))
            .collect()
    };
    ensure!(
        list(&x.edge_dilation()) == dilate(&[(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]),
        "edge dilation"
    );
    ensure!(
        list(&x.corner_dilation()) == dilate(&[(0, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]),
        "corner dilation"
    );
    Ok(Verdict::Accepted)
}

/// OEIS A001168, A000988, A000105 for sizes 1 to 10.
const FIXED: [u64; 10] = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446];
const ONE_SIDED: [u64; 10] = [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189];
const FREE: [u64; 10] = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655];

fn enumeration(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let n: usize = match u.int_in_range(0u8..=3).unwrap_or(0) {
        0 => *u
            .choose(&[0, enumerate::MAX_SIZE + 1, 1000, usize::MAX])
            .unwrap_or(&0),
        _ => u.int_in_range(1..=9).unwrap_or(1),
    };
    let threads = u.int_in_range(0..=3).unwrap_or(0);
    let options = Options::default().with_threads(threads);
    if n == 0 || n > enumerate::MAX_SIZE {
        ensure!(enumerate::fixed(n).is_err(), "fixed({n}) accepted");
        ensure!(enumerate::free(n).is_err(), "free({n}) accepted");
        ensure!(
            enumerate::count_fixed(n).is_err(),
            "count_fixed({n}) accepted"
        );
        ensure!(
            enumerate::count(n, Equivalence::Free).is_err(),
            "count({n}) accepted"
        );
        if n > 0 {
            ensure!(
                enumerate::counts_up_to(n, &options).is_err(),
                "counts_up_to({n}) accepted"
            );
        }
        return Ok(Verdict::Rejected);
    }
    let i = n - 1;
    let fixed: Vec<Polyomino> = enumerate::fixed(n).map_err(|e| e.to_string())?.collect();
    ensure!(
        fixed.len() as u64 == FIXED[i],
        "{} fixed {n}-ominoes",
        fixed.len()
    );
    let distinct: HashSet<&Polyomino> = fixed.iter().collect();
    ensure!(distinct.len() == fixed.len(), "repeated fixed polyominoes");
    ensure!(
        fixed.iter().all(|p| p.size() == n && p.is_connected()),
        "a listed shape is not a connected {n}-omino"
    );
    let free: Vec<Polyomino> = enumerate::free(n).map_err(|e| e.to_string())?.collect();
    ensure!(
        free.len() as u64 == FREE[i],
        "{} free {n}-ominoes",
        free.len()
    );
    ensure!(
        free.iter().all(|p| p.is_canonical(Equivalence::Free)),
        "a free representative is not canonical"
    );
    let one_sided = enumerate::one_sided(n).map_err(|e| e.to_string())?.count();
    ensure!(
        one_sided as u64 == ONE_SIDED[i],
        "{one_sided} one-sided {n}-ominoes"
    );
    for (eq, want) in [
        (Equivalence::Fixed, FIXED[i]),
        (Equivalence::OneSided, ONE_SIDED[i]),
        (Equivalence::Free, FREE[i]),
    ] {
        let got = enumerate::count(n, eq).map_err(|e| e.to_string())?;
        ensure!(got == want, "count({n}, {eq:?}) = {got}, OEIS {want}");
    }
    let up_to = enumerate::count_fixed_up_to(n, &options).map_err(|e| e.to_string())?;
    ensure!(
        up_to.len() == n + 1 && up_to[1..] == FIXED[..n],
        "count_fixed_up_to({n}) = {up_to:?}"
    );
    let counts = enumerate::counts_up_to(n, &options).map_err(|e| e.to_string())?;
    ensure!(
        counts.iter().map(|c| c.size).eq(1..=n),
        "counts_up_to({n}) has the sizes {:?}",
        counts.iter().map(|c| c.size).collect::<Vec<_>>()
    );
    for c in &counts {
        let k = c.size - 1;
        ensure!(
            c.fixed == FIXED[k] && c.one_sided == ONE_SIDED[k] && c.free == FREE[k],
            "counts_up_to({n}) gives {c:?}"
        );
    }
    let t = Transform::ALL[u.choose_index(8).unwrap_or(0)];
    let invariant = enumerate::count_invariant(n, t).map_err(|e| e.to_string())?;
    let by_hand = fixed.iter().filter(|p| p.transform(t) == **p).count() as u64;
    ensure!(
        invariant == by_hand,
        "count_invariant({n}, {t}) = {invariant}, {by_hand} by listing"
    );
    Ok(Verdict::Accepted)
}

fn picture(data: &[u8]) -> CaseResult {
    let mut u = Unstructured::new(data);
    let shapes: Vec<CellSet> = (0..u.int_in_range(0..=6).unwrap_or(0))
        .filter_map(|_| CellSet::from_cells(cells(&mut u, 10)).ok())
        .collect();
    let px = |u: &mut Unstructured<'_>| -> u32 {
        if u.ratio(1, 4).unwrap_or(false) {
            u.arbitrary().unwrap_or(0)
        } else {
            u.int_in_range(0..=40).unwrap_or(0)
        }
    };
    let mut options = SvgOptions::default()
        .with_cell_px(px(&mut u))
        .with_margin_px(px(&mut u))
        .with_gap_px(px(&mut u))
        .with_grid(u.arbitrary().unwrap_or(false))
        .with_labels(u.arbitrary().unwrap_or(false))
        .with_max_cells(u.int_in_range(0..=80).unwrap_or(0));
    if u.ratio(1, 2).unwrap_or(false) {
        options = options.with_columns(u.arbitrary().unwrap_or(0));
    }
    if u.ratio(1, 3).unwrap_or(false) {
        let title = super::text(
            &mut u,
            &["<", ">", "&", "\"", "'", "a", " ", "]]>", "\u{0}"],
            8,
        );
        options = options.with_title(title);
    }
    if u.ratio(1, 4).unwrap_or(false) {
        let palette: Vec<Rgb> = (0..u.int_in_range(0..=3).unwrap_or(0))
            .map(|_| Rgb::hex(u.arbitrary::<u32>().unwrap_or(0) & 0xff_ffff))
            .collect();
        options = options.with_palette(palette);
    }
    let colour = super::text(&mut u, &["#", "0", "f", "a", "g", "1", "#fff"], 7);
    if let Ok(rgb) = colour.parse::<Rgb>() {
        ensure!(
            rgb.to_string().parse::<Rgb>() == Ok(rgb),
            "colour {colour:?} does not round-trip"
        );
    }
    match shapes.to_svg(&options) {
        Ok(s) => {
            let total: usize = shapes.iter().map(CellSet::size).sum();
            ensure!(
                s.starts_with("<svg") && s.ends_with("</svg>\n"),
                "not an SVG document"
            );
            ensure!(
                s.matches("<rect class=\"cell\"").count() == total,
                "{} cells drawn of {total}",
                s.matches("<rect class=\"cell\"").count()
            );
            ensure!(!s.contains('\u{0}'), "a NUL in the picture");
            Ok(Verdict::Accepted)
        }
        Err(SvgError::TooManyCells { .. } | SvgError::EmptyPalette) => Ok(Verdict::Rejected),
        Err(e) => Err(format!("unexpected error {e:?}")),
    }
}
