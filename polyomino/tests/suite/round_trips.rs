//! Text and serde round trips: every type whose text is a format reads back what it writes
//! (`FromStr` after `Display`), and with the `serde` feature every value survives JSON, while
//! documents that break an invariant are refused.

use polyomino::{Board, Cell, CellSet, MarkedCellSet, MarkedPolyomino, Polyomino, Transform};
use proptest::prelude::*;

/// Any cell set in a 6 × 6 box, connected or not.
fn shape() -> impl Strategy<Value = CellSet> {
    prop::collection::vec((0i32..6, 0i32..6), 1..12).prop_map(|cells| {
        CellSet::from_cells(cells.into_iter().map(|(r, c)| Cell::new(r, c))).unwrap()
    })
}

/// A polyomino grown from one cell by random edge steps (always connected).
fn polyomino() -> impl Strategy<Value = Polyomino> {
    prop::collection::vec((0usize..64, 0usize..4), 0..11).prop_map(|steps| {
        let mut cells = vec![Cell::ORIGIN];
        for (pick, dir) in steps {
            let next = cells[pick % cells.len()].edge_neighbours()[dir];
            if !cells.contains(&next) {
                cells.push(next);
            }
        }
        Polyomino::from_cells(cells).unwrap()
    })
}

fn board() -> impl Strategy<Value = Board> {
    (1u32..9, 1u32..9, prop::collection::vec(any::<bool>(), 64)).prop_map(|(h, w, bits)| {
        let blocked = (0..h as i32)
            .flat_map(|r| (0..w as i32).map(move |c| Cell::new(r, c)))
            .filter(|c| bits[(c.row * 8 + c.col) as usize]);
        Board::with_blocked(h, w, blocked).unwrap()
    })
}

proptest! {
    #[test]
    fn cells_read_back(row in any::<i32>(), col in any::<i32>()) {
        let c = Cell::new(row, col);
        prop_assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
    }

    #[test]
    fn shapes_read_back(s in shape(), p in polyomino()) {
        prop_assert_eq!(s.to_string().parse::<CellSet>(), Ok(s));
        prop_assert_eq!(p.to_string().parse::<Polyomino>(), Ok(p));
    }

    #[test]
    fn boards_read_back(b in board()) {
        prop_assert_eq!(b.to_string().parse::<Board>(), Ok(b));
    }

    #[test]
    fn marked_shapes_read_back(s in shape(), p in polyomino(), k in any::<prop::sample::Index>()) {
        let mark = p.cells()[k.index(p.size())];
        let m = MarkedPolyomino::new(p, mark).unwrap();
        prop_assert_eq!(m.to_string().parse::<MarkedPolyomino>(), Ok(m));
        let mark = s.cells()[k.index(s.size())];
        let m = MarkedCellSet::new(s, mark).unwrap();
        prop_assert_eq!(m.to_string().parse::<MarkedCellSet>(), Ok(m));
    }
}

/// A few cells anywhere in a span of 2·10⁹: almost always too large to draw, so `Display`
/// writes their cell list.
fn sparse() -> impl Strategy<Value = CellSet> {
    prop::collection::vec(
        (
            -1_000_000_000i32..1_000_000_000,
            -1_000_000_000i32..1_000_000_000,
        ),
        1..6,
    )
    .prop_map(|cells| CellSet::from_cells(cells.into_iter().map(|(r, c)| Cell::new(r, c))).unwrap())
}

proptest! {
    #[test]
    fn sparse_shapes_read_back_from_their_cell_lists(s in sparse(), k in any::<prop::sample::Index>()) {
        let text = s.to_string();
        // At most the drawing limit, or 26 characters per cell ("(2000000000, 2000000000), "),
        // one more for a mark.
        let bound = |extra| CellSet::DISPLAY_MAX_CHARS.max(26 * s.size() + extra);
        prop_assert!(text.len() <= bound(0));
        prop_assert_eq!(text.parse::<CellSet>(), Ok(s.clone()));
        let mark = s.cells()[k.index(s.size())];
        let m = MarkedCellSet::new(s.clone(), mark).unwrap();
        prop_assert!(m.to_string().len() <= bound(1));
        prop_assert_eq!(m.to_string().parse::<MarkedCellSet>(), Ok(m));
    }
}

#[test]
fn cell_lists_read_any_frame_and_refuse_junk_with_its_position() {
    use polyomino::ShapeError;
    let l = CellSet::parse("#.\n##").unwrap();
    // Whitespace and newlines anywhere between the parts, any frame, duplicates merged.
    assert_eq!(
        CellSet::parse("  {\n (-5, 7),\n(-4,7) , ( -4 , 8 ), (-5, 7)\n}\n").unwrap(),
        l
    );
    assert_eq!(
        "{(0, 0), (0, 2)}".parse::<Polyomino>(),
        Err(ShapeError::Disconnected)
    );
    assert_eq!(
        MarkedPolyomino::parse("{(0, 0), (1, 0), (1, 1)}"),
        Err(ShapeError::NoMark('@'))
    );
    assert_eq!(
        MarkedPolyomino::parse("{@(0, 0), @(1, 0)}"),
        Err(ShapeError::SeveralMarks('@'))
    );
    assert_eq!(CellSet::parse("{}"), Err(ShapeError::Empty));
    assert_eq!(
        CellSet::parse("{(-2147483648, 0), (2147483647, 0)}"),
        Err(ShapeError::TooLarge)
    );
    let bad = |line, column| Err(ShapeError::BadCellList { line, column });
    for (text, line, column) in [
        ("{", 1, 2),
        ("{(0, 0)", 1, 8),
        ("{(0, 0),}", 1, 9),
        ("{(0, 0) (1, 0)}", 1, 9),
        ("{(0, 0)} #", 1, 10),
        ("{(0, 0),\n  (1, x)}", 2, 7),
        ("{@(0, 0)}", 1, 2), // no mark in a plain cell set
        ("{(2147483648, 0)}", 1, 3),
        ("{(0, -2147483649)}", 1, 6),
        ("{(0, --1)}", 1, 7),
        ("{(0 0)}", 1, 5),
        ("{(0, 0), (1, \u{0662})}", 1, 14), // digits are ASCII
    ] {
        assert_eq!(CellSet::parse(text), bad(line, column), "{text:?}");
    }
    assert_eq!(
        CellSet::parse("{(-2147483648, 0)}").unwrap().cells(),
        [Cell::new(0, 0)]
    );
    // A drawing with other glyphs never reads a list.
    assert!(CellSet::parse_with("{(0, 0)}", '#', '.').is_err());
}

#[test]
fn transforms_read_back_and_junk_is_refused() {
    for t in Transform::ALL {
        assert_eq!(t.to_string().parse::<Transform>(), Ok(t));
    }
    assert!("rotate 45".parse::<Transform>().is_err());
    for junk in [
        "",
        "(1 2)",
        "(1, 2",
        "(a, 2)",
        "(1, 2, 3)",
        "(99999999999, 0)",
    ] {
        assert!(junk.parse::<Cell>().is_err(), "{junk:?}");
    }
}

#[cfg(feature = "serde")]
mod serde_forms {
    use super::*;
    use polyomino::enumerate::{self, Counts};
    use polyomino::{Equivalence, TransformSet};

    fn round_trip<T>(value: &T) -> T
    where
        T: serde::Serialize + serde::de::DeserializeOwned,
    {
        serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
    }

    proptest! {
        #[test]
        fn values_survive_json(s in shape(), p in polyomino(), b in board(), row in any::<i32>(), col in any::<i32>()) {
            prop_assert_eq!(round_trip(&s), s.clone());
            prop_assert_eq!(round_trip(&p), p.clone());
            let m = MarkedCellSet::new(s.clone(), s.cells()[0]).unwrap();
            prop_assert_eq!(round_trip(&m), m);
            prop_assert_eq!(round_trip(&b), b);
            let c = Cell::new(row, col);
            prop_assert_eq!(round_trip(&c), c);
            let m = MarkedPolyomino::new(p.clone(), p.cells()[0]).unwrap();
            prop_assert_eq!(round_trip(&m), m);
        }
    }

    #[test]
    fn forms_are_plain_data_and_invariants_hold() {
        assert_eq!(
            serde_json::to_string(&Cell::new(1, -2)).unwrap(),
            r#"{"row":1,"col":-2}"#
        );
        assert_eq!(
            serde_json::to_string(&Transform::Rotate90).unwrap(),
            r#""Rotate90""#
        );
        assert_eq!(round_trip(&Equivalence::Free), Equivalence::Free);
        assert_eq!(round_trip(&TransformSet::ALL), TransformSet::ALL);
        let counts: Vec<Counts> =
            enumerate::counts_up_to(6, &polyomino::enumerate::Options::default()).unwrap();
        assert_eq!(round_trip(&counts), counts);
        // 128-bit counts (sizes past 32, from other counters) carry every digit.
        let big = Counts::<u128> {
            size: 36,
            fixed: 71242712815411950635,
            one_sided: 17810678207278478530,
            free: 8905339105809603405,
        };
        assert_eq!(round_trip(&big), big);
        // Cells are normalised on reading, like Polyomino::from_cells.
        let shifted: Polyomino =
            serde_json::from_str(r#"[{"row":5,"col":5},{"row":5,"col":6}]"#).unwrap();
        assert_eq!(shifted, "##".parse().unwrap());
        // Documents that break an invariant are refused.
        assert!(serde_json::from_str::<Polyomino>("[]").is_err());
        let apart = r#"[{"row":0,"col":0},{"row":0,"col":2}]"#;
        assert!(serde_json::from_str::<Polyomino>(apart).is_err());
        assert_eq!(serde_json::from_str::<CellSet>(apart).unwrap().size(), 2);
        let bad_mark = r#"{"shape":[{"row":0,"col":0}],"mark":{"row":3,"col":3}}"#;
        assert!(serde_json::from_str::<MarkedPolyomino>(bad_mark).is_err());
        assert!(serde_json::from_str::<Board>(r#""..\n.""#).is_err());
    }
}
