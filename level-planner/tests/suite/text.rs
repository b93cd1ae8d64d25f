//! Sites as text: `Site` reads what it writes, agrees with a naive reader of the convention and
//! with `polyomino::Board` (an independent reader of the same convention), and names the line
//! and column of what it refuses.

use level_planner::polyomino::{Board, BoardError};
use level_planner::{InstanceProblem, PlanError, Site};
use proptest::prelude::*;

/// The plain reader of the convention (in `family-support`), as a site.
fn naive(text: &str) -> Option<Site> {
    let (rows, cols, blocked) = family_support::board_text::naive_board(text)?;
    Site::new(rows, cols, blocked.iter().map(|b| !b).collect()).ok()
}

/// Random board texts (in `family-support`).
fn texts() -> impl Strategy<Value = String> {
    family_support::board_text::texts()
}

proptest! {
    #[test]
    fn sites_read_what_they_write(rows in 1usize..9, cols in 1usize..=64, usable in prop::collection::vec(any::<bool>(), 9 * 64)) {
        let site = Site::new(rows, cols, usable[..rows * cols].to_vec()).unwrap();
        let text = site.to_string();
        prop_assert_eq!(text.lines().count(), rows);
        prop_assert!(!text.ends_with('\n'));
        prop_assert_eq!(text.parse::<Site>(), Ok(site.clone()));
        let lines: Vec<&str> = text.lines().collect();
        prop_assert_eq!(Site::from_rows(&lines), Ok(site.clone()));
        // Indented, with blank lines around: the same site.
        let indented: String = text.lines().map(|l| format!("    {l}  \n")).collect();
        prop_assert_eq!(format!("\n\n{indented}\n   ").parse::<Site>(), Ok(site));
    }

    #[test]
    fn sites_read_texts_as_a_naive_reader_does(text in texts()) {
        let got = text.parse::<Site>();
        match naive(&text) {
            Some(site) => prop_assert_eq!(got, Ok(site)),
            None => prop_assert!(got.is_err(), "{:?} read as {:?}", text, got),
        }
    }

    #[test]
    fn sites_read_texts_as_boards_do(text in texts()) {
        let (site, board) = (text.parse::<Site>(), text.parse::<Board>());
        let invalid = |p: &PlanError| match p {
            PlanError::InvalidInstance(p) => Some(p.clone()),
            _ => None,
        };
        match (&site, &board) {
            (Ok(s), Ok(b)) => prop_assert_eq!(s, &Site::from(b)),
            (Err(e), Err(BoardError::UnexpectedChar { ch, line, column })) => {
                prop_assert_eq!(invalid(e), Some(InstanceProblem::SiteCharacter { ch: *ch, line: *line, column: *column }));
            }
            (Err(e), Err(BoardError::RaggedRow { line, len, expected })) => {
                prop_assert_eq!(invalid(e), Some(InstanceProblem::RaggedSite { line: *line, len: *len, expected: *expected }));
            }
            // No row at all: an empty site, a board of size 0.
            (Err(e), Err(BoardError::BadSize { height: 0, .. })) => {
                prop_assert_eq!(invalid(e), Some(InstanceProblem::EmptySite));
            }
            _ => prop_assert!(false, "{:?}: site {:?}, board {:?}", text, site, board),
        }
    }
}

#[test]
fn errors_name_the_line_and_the_column() {
    let invalid = |p| Err(PlanError::InvalidInstance(p));
    assert_eq!(
        "\n    ....\n    .#x.\n".parse::<Site>(),
        invalid(InstanceProblem::SiteCharacter {
            ch: 'x',
            line: 3,
            column: 3
        })
    );
    assert_eq!(
        "..\n  \n..".parse::<Site>(),
        invalid(InstanceProblem::RaggedSite {
            line: 2,
            len: 0,
            expected: 2
        })
    );
    assert_eq!(
        Site::from_rows(&["...", "..", "..."]),
        invalid(InstanceProblem::RaggedSite {
            line: 2,
            len: 2,
            expected: 3
        })
    );
    assert_eq!(
        "..\n.x".parse::<Site>().unwrap_err().to_string(),
        "invalid instance: unexpected character 'x' in the site at line 2, column 2"
    );
    assert_eq!("  \n".parse::<Site>(), invalid(InstanceProblem::EmptySite));
}

#[test]
fn oversized_texts_are_refused_before_they_are_read() {
    // A first row of 65 cells is refused before the next line (a bad one) is read.
    let wide = format!("{}\nxyz", ".".repeat(65));
    assert_eq!(
        wide.parse::<Site>(),
        Err(PlanError::SiteTooWide { cols: 65, max: 64 })
    );
    let tall = vec!["."; Site::MAX_ROWS + 1].join("\n") + "\nx";
    assert_eq!(
        tall.parse::<Site>(),
        Err(PlanError::InvalidInstance(InstanceProblem::SiteTooTall {
            rows: Site::MAX_ROWS + 1,
            max: Site::MAX_ROWS
        }))
    );
    let rows = vec!["x"; Site::MAX_ROWS + 1];
    assert!(matches!(
        Site::from_rows(&rows),
        Err(PlanError::InvalidInstance(
            InstanceProblem::SiteTooTall { .. }
        ))
    ));
}
