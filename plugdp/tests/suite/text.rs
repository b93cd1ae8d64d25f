//! Boards as text: `Grid` and `FuseBoard` read what they write, agree with a naive reader of the
//! convention and with `polyomino::Board` (an independent reader of the same convention), and
//! name the line and column of what they refuse.

use plugdp::polyomino::{Board, BoardError};
use plugdp::{FuseBoard, Grid, PlugError};
use proptest::prelude::*;

/// A grid of the given size from row-major blocked flags.
fn grid(rows: usize, cols: usize, blocked: &[bool]) -> Grid {
    Grid::with_blocked(rows, cols, blocked[..rows * cols].to_vec()).unwrap()
}

/// The plain reader of the convention (in `family-support`): `(rows, cols, blocked)`.
fn naive(text: &str) -> Option<(usize, usize, Vec<bool>)> {
    family_support::board_text::naive_board(text)
}

/// Random board texts (in `family-support`).
fn texts() -> impl Strategy<Value = String> {
    family_support::board_text::texts()
}

proptest! {
    #[test]
    fn grids_read_what_they_write(rows in 1usize..9, cols in 1usize..70, blocked in prop::collection::vec(any::<bool>(), 9 * 70)) {
        let g = grid(rows, cols, &blocked);
        let text = g.to_string();
        prop_assert_eq!(text.lines().count(), rows);
        prop_assert!(!text.ends_with('\n'));
        prop_assert_eq!(text.parse::<Grid>(), Ok(g.clone()));
        // Indented, with blank lines around: the same grid.
        let indented: String = text.lines().map(|l| format!("    {l}  \n")).collect();
        prop_assert_eq!(format!("\n\n{indented}\n   ").parse::<Grid>(), Ok(g));
    }

    #[test]
    fn grids_read_texts_as_a_naive_reader_does(text in texts()) {
        let got = text.parse::<Grid>();
        match naive(&text) {
            Some((rows, cols, flags)) => prop_assert_eq!(got, Ok(grid(rows, cols, &flags))),
            None => prop_assert!(got.is_err(), "{:?} read as {:?}", text, got),
        }
    }

    #[test]
    fn grids_read_texts_as_boards_do(text in texts()) {
        let (grid, board) = (text.parse::<Grid>(), text.parse::<Board>());
        match (&grid, &board) {
            (Ok(g), Ok(b)) => prop_assert_eq!(g, &Grid::from(b)),
            (Err(PlugError::UnexpectedChar { ch, line, column }),
             Err(BoardError::UnexpectedChar { ch: ch2, line: line2, column: column2 })) => {
                prop_assert_eq!((ch, line, column), (ch2, line2, column2));
            }
            (Err(PlugError::RaggedRow { line, len, expected }),
             Err(BoardError::RaggedRow { line: line2, len: len2, expected: expected2 })) => {
                prop_assert_eq!((line, len, expected), (line2, len2, expected2));
            }
            // No row at all: an empty grid, a board of size 0.
            (Err(PlugError::EmptyGrid), Err(BoardError::BadSize { height: 0, .. })) => {}
            _ => prop_assert!(false, "{:?}: grid {:?}, board {:?}", text, grid, board),
        }
    }

    #[test]
    fn fuse_boards_read_what_they_write(rows in 1usize..=FuseBoard::MAX_ROWS, cols in 1usize..=FuseBoard::MAX_COLS, tiles in prop::collection::vec(prop::sample::select(vec!['.', '-', 'L', 'T', '+']), 15 * 13)) {
        let lines: Vec<String> = (0..rows).map(|r| tiles[r * cols..(r + 1) * cols].iter().collect()).collect();
        let board = FuseBoard::parse_rows(&lines).unwrap();
        prop_assert_eq!(board.to_string(), lines.join("\n"));
        prop_assert_eq!(board.to_string().parse::<FuseBoard>(), Ok(board.clone()));
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                prop_assert_eq!(board.tile(r, c).map(|t| t.to_char()), Some(ch));
            }
        }
    }
}

#[test]
fn errors_name_the_line_and_the_column_of_the_trimmed_line() {
    let text = "\n    ....\n    .#x.\n";
    assert_eq!(
        text.parse::<Grid>(),
        Err(PlugError::UnexpectedChar {
            ch: 'x',
            line: 3,
            column: 3
        })
    );
    assert_eq!(
        "..\n...".parse::<Grid>(),
        Err(PlugError::RaggedRow {
            line: 2,
            len: 3,
            expected: 2
        })
    );
    // A blank line between rows is a row without cells.
    assert_eq!(
        "..\n  \n..".parse::<Grid>(),
        Err(PlugError::RaggedRow {
            line: 2,
            len: 0,
            expected: 2
        })
    );
    for empty in ["", "\n", "  \n\t\n"] {
        assert_eq!(
            empty.parse::<Grid>(),
            Err(PlugError::EmptyGrid),
            "{empty:?}"
        );
    }
    // Rows given one by one: row i is line i + 1; they are not trimmed.
    assert_eq!(
        Grid::parse_rows(&["**", " *"], '.', '*'),
        Err(PlugError::UnexpectedChar {
            ch: ' ',
            line: 2,
            column: 1
        })
    );
    assert_eq!(
        FuseBoard::parse_rows(&["--", "-+", "L"]),
        Err(PlugError::RaggedRow {
            line: 3,
            len: 1,
            expected: 2
        })
    );
    assert_eq!(
        "--\n-?".parse::<FuseBoard>(),
        Err(PlugError::UnexpectedChar {
            ch: '?',
            line: 2,
            column: 2
        })
    );
    assert!(matches!(
        FuseBoard::parse_rows(&["-".repeat(14)]),
        Err(PlugError::FuseBoardTooLarge {
            rows: 1,
            cols: 14,
            ..
        })
    ));
    assert!(matches!(
        vec!["--"; 16].join("\n").parse::<FuseBoard>(),
        Err(PlugError::FuseBoardTooLarge {
            rows: 16,
            cols: 2,
            ..
        })
    ));
}

#[test]
fn oversized_texts_are_refused_before_they_are_read() {
    // One row past the cell limit: refused when the 4097th row is reached.
    let row = ".".repeat(4096);
    let text = vec![row.as_str(); 4097].join("\n");
    assert_eq!(
        text.parse::<Grid>(),
        Err(PlugError::GridTooLarge {
            rows: 4097,
            cols: 4096,
            max_cells: Grid::MAX_CELLS
        })
    );
    let at_limit: Grid = vec![row.as_str(); 4096].join("\n").parse().unwrap();
    assert_eq!(at_limit.rows() * at_limit.cols(), Grid::MAX_CELLS);
    // A first row past the limit is refused before the next line, even a bad one, is read.
    let wide = format!("{}\nxyz", ".".repeat(Grid::MAX_CELLS + 1));
    assert!(matches!(
        wide.parse::<Grid>(),
        Err(PlugError::GridTooLarge { rows: 1, .. })
    ));
}

#[test]
fn error_messages_are_readable() {
    let err = "..\n.x".parse::<Grid>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unexpected character 'x' at line 2, column 2 (1-based)"
    );
    let err = "..\n.".parse::<Grid>().unwrap_err();
    assert_eq!(err.to_string(), "line 2 has 1 cells, expected 2");
    let err = Grid::new(1 << 13, 1 << 12).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a 8192x4096 grid has more than 16777216 cells"
    );
}
