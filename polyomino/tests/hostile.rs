//! Regression tests for hostile input: calls that used to panic get an answer or a typed error.

use polyomino::enumerate::Counts;
use polyomino::{Cell, Transform};
use proptest::prelude::*;

/// The image of `(r, c)` in exact (64-bit) arithmetic.
fn exact(t: Transform, r: i64, c: i64) -> (i64, i64) {
    let c = if t.is_reflection() { -c } else { c };
    match t.index() & 3 {
        0 => (r, c),
        1 => (-c, r),
        2 => (-r, -c),
        _ => (c, -r),
    }
}

fn extreme() -> impl Strategy<Value = i32> {
    prop_oneof![
        Just(i32::MIN),
        Just(i32::MIN + 1),
        Just(i32::MAX),
        Just(0),
        any::<i32>()
    ]
}

proptest! {
    /// `apply` never panics (it negated i32::MIN with overflow); `checked_apply` is the exact
    /// image whenever that fits in i32, and `None` otherwise; `apply` agrees with it then.
    #[test]
    fn transforms_are_total(r in extreme(), c in extreme(), k in 0u8..8, j in 0u8..8) {
        let t = Transform::from_index(k);
        let cell = Cell::new(r, c);
        let image = t.apply(cell);
        let (er, ec) = exact(t, i64::from(r), i64::from(c));
        let fits = i32::try_from(er).is_ok() && i32::try_from(ec).is_ok();
        prop_assert_eq!(t.checked_apply(cell), fits.then(|| Cell::new(er as i32, ec as i32)));
        if fits {
            prop_assert_eq!(image, Cell::new(er as i32, ec as i32));
        }
        // The group law holds on every cell, extremes included.
        let u = Transform::from_index(j);
        prop_assert_eq!(t.then(u).apply(cell), u.apply(image));
        prop_assert_eq!(t.inverse().apply(image), cell);
    }
}

#[test]
fn false_counts_are_refused_not_panicked_on() {
    // Counts::from_fixed used to panic ("Burnside sums of exact counts divide").
    assert!(Counts::from_fixed(5, 64).is_err());
    assert!(Counts::from_fixed(6, u64::MAX).is_err());
    assert_eq!(Counts::from_fixed(6, 216).map(|c| c.free), Ok(35));
}

#[test]
fn shapes_larger_than_the_board_have_no_placement() {
    use polyomino::{Board, Polyomino};
    let board = Board::new(8, 64).unwrap();
    // 65 columns wide: `1 << col` overflowed a row word.
    let wide = Polyomino::from_cells(
        [Cell::new(0, 0), Cell::new(0, 64)]
            .into_iter()
            .chain((1..64).map(|c| Cell::new(0, c))),
    )
    .unwrap();
    assert!(board.placements(&wide).is_empty());
    // Two cells 2·10⁹ rows apart (not connected, but a cell set all the same): the row masks
    // used to be allocated (16 GB) before the fit test.
    let tall = Polyomino::from_cells([Cell::new(0, 0), Cell::new(2_000_000_000, 0)]).unwrap();
    assert!(board.placements(&tall).is_empty());
    assert!(board.placement_offsets(&tall).is_empty());
}
