//! Sites and placement boards convert into each other without losing a cell.

use level_planner::Site;
use level_planner::polyomino::{Board, Cell};
use proptest::prelude::*;

proptest! {
    #[test]
    fn boards_and_sites_round_trip(h in 1u32..12, w in 1u32..=64, bits in prop::collection::vec(any::<bool>(), 12 * 64)) {
        let blocked = (0..h as i32)
            .flat_map(|r| (0..w as i32).map(move |c| Cell::new(r, c)))
            .filter(|c| bits[(c.row * 64 + c.col) as usize]);
        let board = Board::with_blocked(h, w, blocked).unwrap();
        let site = Site::from(&board);
        prop_assert_eq!((site.rows(), site.cols()), (h as usize, w as usize));
        for r in 0..h as i64 {
            for c in 0..w as i64 {
                prop_assert_eq!(site.is_usable(r, c), board.is_usable(Cell::new(r as i32, c as i32)));
            }
        }
        prop_assert_eq!(Board::try_from(&site), Ok(board));
    }
}
