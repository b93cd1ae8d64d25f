//! The family's board text, line by line: [`rows`] splits a drawing into its rows the way every
//! board type of the family reads it (`polyomino::Board`, `plugdp::Grid` and `FuseBoard`,
//! `level_planner::Site`), so that one text means one board everywhere.
//!
//! The convention: one line per row; each line trimmed of surrounding whitespace (so indented
//! string literals work); blank lines before the first and after the last row ignored; a blank
//! line between rows is a row of no cells (which a reader then refuses as a ragged row). Line
//! numbers are 1-based, as in every error that names a line. What the characters of a row mean
//! (`.` free, `#` blocked for boards) is up to the reader.

/// The rows of `text` with their 1-based line numbers: each line trimmed, the blank lines before
/// the first and after the last non-blank line left out, a blank line between rows yielded as an
/// empty row. Lazy: a reader can refuse an oversized drawing before reading the rest, and a
/// run of blank lines is only looked at once a row follows it. O(length of the text).
///
/// ```
/// use polyomino::text::rows;
/// let drawing = "
///     ..#
///     ...
/// ";
/// assert_eq!(rows(drawing).collect::<Vec<_>>(), [(2, "..#"), (3, "...")]);
/// // A blank line between rows is an empty row; blank lines around the drawing are not rows.
/// assert_eq!(rows("\n.#\n\n#.\n\n").collect::<Vec<_>>(), [(2, ".#"), (3, ""), (4, "#.")]);
/// assert_eq!(rows(" \n\n").count(), 0);
/// ```
pub fn rows(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let mut started = false;
    // Blank lines seen after a row and followed by one: (next line number, how many are left).
    let mut blanks = (0, 0);
    let mut queued: Option<(usize, &str)> = None;
    std::iter::from_fn(move || {
        if blanks.1 > 0 {
            let line = blanks.0;
            blanks = (line + 1, blanks.1 - 1);
            return Some((line, ""));
        }
        if let Some(row) = queued.take() {
            return Some(row);
        }
        loop {
            let (line, row) = lines.next()?;
            if !row.is_empty() {
                started = true;
                return Some((line, row));
            }
            if !started {
                continue;
            }
            // A run of blank lines after a row: rows only if a row follows.
            let mut count = 1;
            loop {
                match lines.next() {
                    None => return None,
                    Some((_, "")) => count += 1,
                    Some(next) => {
                        blanks = (line + 1, count - 1);
                        queued = Some(next);
                        return Some((line, ""));
                    }
                }
            }
        }
    })
}
