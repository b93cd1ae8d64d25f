//! Reading boards drawn as text, one character per cell, shared by [`Grid`](crate::Grid) and
//! [`FuseBoard`](crate::FuseBoard).
//!
//! The convention is the family's (that of `polyomino::Board`): one line per row, each line
//! trimmed of surrounding whitespace, blank lines before the first and after the last row
//! ignored, every row as long as the first; a blank line between rows is a row of no cells (a
//! ragged row). Lines and columns in errors are 1-based, columns counted in characters of the
//! trimmed line.

use crate::PlugError;

/// The rows of `text` with their 1-based line numbers: lines trimmed, the blank lines before the
/// first and after the last non-blank line left out (a blank line between rows is yielded, as
/// an empty row).
pub(crate) fn rows(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let mut started = false;
    // Blank lines seen after a row: (first line number, count), yielded only if a row follows.
    let mut pending: (usize, usize) = (0, 0);
    let mut queued: Option<(usize, &str)> = None;
    std::iter::from_fn(move || {
        loop {
            if pending.1 > 0 {
                let line = pending.0;
                pending = (pending.0 + 1, pending.1 - 1);
                return Some((line, ""));
            }
            if let Some(row) = queued.take() {
                return Some(row);
            }
            let (line, l) = lines.next()?;
            if l.is_empty() {
                if started {
                    // Count the blank run; it is yielded only when a row follows it.
                    let mut run = (line, 1);
                    loop {
                        match lines.next() {
                            None => return None,
                            Some((_, "")) => run.1 += 1,
                            Some(row) => {
                                pending = run;
                                queued = Some(row);
                                break;
                            }
                        }
                    }
                }
                continue;
            }
            started = true;
            return Some((line, l));
        }
    })
}

/// Reads the cells of `rows` (each with its 1-based line number) through `glyph`, which maps a
/// character to a cell or refuses it. `check(rows, cols)` is called with the known row count
/// before the first row is read when `known_rows` is given, and with the rows read so far after
/// each row, so that oversized inputs are refused before they are read in full. Returns
/// `(rows, cols, cells)` in row-major order; `PlugError::EmptyGrid` when there is no cell.
pub(crate) fn read_cells<'a, T>(
    rows: impl IntoIterator<Item = (usize, &'a str)>,
    known_rows: Option<usize>,
    mut glyph: impl FnMut(char) -> Option<T>,
    check: impl Fn(usize, usize) -> Result<(), PlugError>,
) -> Result<(usize, usize, Vec<T>), PlugError> {
    let mut cells = Vec::new();
    let (mut count, mut cols) = (0usize, 0usize);
    for (line, row) in rows {
        let len = row.chars().count();
        if count == 0 {
            cols = len;
            if cols == 0 {
                return Err(PlugError::EmptyGrid);
            }
            if let Some(n) = known_rows {
                check(n, cols)?;
            }
        } else if len != cols {
            return Err(PlugError::RaggedRow {
                line,
                len,
                expected: cols,
            });
        }
        count += 1;
        check(count, cols)?;
        for (c, ch) in row.chars().enumerate() {
            match glyph(ch) {
                Some(cell) => cells.push(cell),
                None => {
                    return Err(PlugError::UnexpectedChar {
                        ch,
                        line,
                        column: c + 1,
                    });
                }
            }
        }
    }
    if count == 0 {
        return Err(PlugError::EmptyGrid);
    }
    Ok((count, cols, cells))
}

/// Draws `rows × cols` cells, one character each; rows are joined by `\n`, with no trailing
/// newline.
pub(crate) fn draw(
    f: &mut core::fmt::Formatter<'_>,
    rows: usize,
    cols: usize,
    mut glyph: impl FnMut(usize, usize) -> char,
) -> core::fmt::Result {
    use core::fmt::Write;
    for r in 0..rows {
        if r > 0 {
            f.write_char('\n')?;
        }
        for c in 0..cols {
            f.write_char(glyph(r, c))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outer_blank_lines_go_inner_ones_stay() {
        let got: Vec<_> = rows("\n  \n  ..\n\n \n #.  \n\n").collect();
        assert_eq!(got, [(3, ".."), (4, ""), (5, ""), (6, "#.")]);
        assert_eq!(rows("").count(), 0);
        assert_eq!(rows(" \n\t\n").count(), 0);
        assert_eq!(rows("a\r\nb").collect::<Vec<_>>(), [(1, "a"), (2, "b")]);
    }
}
