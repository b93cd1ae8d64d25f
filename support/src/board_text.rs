//! The family's board text for the text tests of the board types: a second, plain reader of the
//! convention and a strategy of texts that exercise it.

use proptest::prelude::*;

/// The convention read the plainest way: split into lines, trim, drop blank lines at both
/// ends, then every line is a row of `.` (free) and `#` (blocked); `None` for anything else
/// (no row, a ragged row, another character). Returns `(rows, cols, blocked)` with the blocked
/// flags row-major. Independent of the crates' readers, which stream and name the offending
/// line and column.
pub fn naive_board(text: &str) -> Option<(usize, usize, Vec<bool>)> {
    let lines: Vec<&str> = text.split('\n').map(str::trim).collect();
    let first = lines.iter().position(|l| !l.is_empty())?;
    let last = lines.iter().rposition(|l| !l.is_empty())?;
    let rows = &lines[first..=last];
    let cols = rows[0].len();
    let mut blocked = Vec::new();
    for row in rows {
        if row.len() != cols {
            return None;
        }
        for b in row.bytes() {
            blocked.push(match b {
                b'.' => false,
                b'#' => true,
                _ => return None,
            });
        }
    }
    Some((rows.len(), cols, blocked))
}

/// Random texts of `.` / `#` rows with indentation, blank lines around and sometimes between
/// them, ragged rows and stray characters (`x`, `*`).
pub fn texts() -> impl Strategy<Value = String> {
    let row = prop::collection::vec(
        prop_oneof![8 => Just('.'), 8 => Just('#'), 1 => Just('x'), 1 => Just('*')],
        0..7,
    )
    .prop_map(|cells| cells.into_iter().collect::<String>());
    let pad = prop_oneof![Just(""), Just(" "), Just("    "), Just("\t")];
    let line = (pad.clone(), row, pad).prop_map(|(a, r, b)| format!("{a}{r}{b}"));
    prop::collection::vec(line, 0..7).prop_map(|lines| lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_reader_reads_the_convention() {
        assert_eq!(
            naive_board("\n  .#\n  ..\n\n"),
            Some((2, 2, vec![false, true, false, false]))
        );
        assert_eq!(naive_board(".#\n."), None);
        assert_eq!(naive_board(".x"), None);
        assert_eq!(naive_board(" \n "), None);
    }
}
