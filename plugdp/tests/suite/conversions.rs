//! The blocked-cell board types of the family convert into each other without losing a cell.

use plugdp::Grid;
use plugdp::polyomino::{Board, Cell};
use proptest::prelude::*;

proptest! {
    #[test]
    fn boards_and_grids_round_trip(h in 1u32..12, w in 1u32..70, bits in prop::collection::vec(any::<bool>(), 12 * 70)) {
        let w = w.min(Board::MAX_WIDTH);
        let blocked = (0..h as i32)
            .flat_map(|r| (0..w as i32).map(move |c| Cell::new(r, c)))
            .filter(|c| bits[(c.row * 70 + c.col) as usize]);
        let board = Board::with_blocked(h, w, blocked).unwrap();
        let grid = Grid::from(&board);
        prop_assert_eq!((grid.rows(), grid.cols()), (h as usize, w as usize));
        for r in 0..h as usize {
            for c in 0..w as usize {
                prop_assert_eq!(grid.is_blocked(r, c), !board.is_usable(Cell::new(r as i32, c as i32)));
            }
        }
        prop_assert_eq!(Board::try_from(&grid), Ok(board));
    }
}

#[test]
fn grids_wider_than_a_board_are_refused() {
    let wide = Grid::new(2, 65).unwrap();
    assert!(Board::try_from(&wide).is_err());
    assert!(Grid::with_blocked(1 << 12, 1 << 13, vec![false; 1 << 25]).is_err());
}
