//! Reading boards drawn as text, one character per cell, shared by [`Grid`](crate::Grid) and
//! [`FuseBoard`](crate::FuseBoard).
//!
//! The convention is the family's (that of `polyomino::Board`): one line per row, each line
//! trimmed of surrounding whitespace, blank lines before the first and after the last row
//! ignored, every row as long as the first; a blank line between rows is a row of no cells (a
//! ragged row). Lines and columns in errors are 1-based, columns counted in characters of the
//! trimmed line.

use crate::PlugError;

/// The rows of `text`, split as every board reader of the family splits them
/// ([`polyomino::text::rows`]).
pub(crate) use polyomino::text::rows;

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
