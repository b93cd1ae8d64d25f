//! Reading and writing shapes and boards as ASCII art.
//!
//! A text is read line by line. Each line is trimmed of surrounding whitespace (so indented
//! literals work), blank lines before the first and after the last non-blank line are ignored,
//! and a blank line in between is a row with no cell. Every other character must be one of the
//! glyphs the caller allows; rows may have different lengths (missing cells are empty).

use crate::{Cell, ShapeError};

/// Checks that glyphs are pairwise distinct and not whitespace.
pub(crate) fn check_glyphs(glyphs: &[char]) -> Result<(), ShapeError> {
    for (i, &g) in glyphs.iter().enumerate() {
        if g.is_whitespace() || glyphs[..i].contains(&g) {
            return Err(ShapeError::BadGlyphs);
        }
    }
    Ok(())
}

/// The rows of `text`, as every board reader of the family splits them ([`crate::text::rows`]).
pub(crate) fn rows(text: &str) -> Vec<(usize, &str)> {
    crate::text::rows(text).collect()
}

/// Reads `text` and returns every cell whose glyph is in `keep`, with that glyph. Characters
/// equal to `empty` are skipped; anything else is an error.
pub(crate) fn read_cells(
    text: &str,
    empty: char,
    keep: &[char],
) -> Result<Vec<(Cell, char)>, ShapeError> {
    let mut out = Vec::new();
    for (r, (line_no, row)) in rows(text).into_iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == empty {
                continue;
            }
            if !keep.contains(&ch) {
                return Err(ShapeError::UnexpectedChar {
                    ch,
                    line: line_no,
                    column: c + 1,
                });
            }
            let cell = Cell::new(
                i32::try_from(r).map_err(|_| ShapeError::TooLarge)?,
                i32::try_from(c).map_err(|_| ShapeError::TooLarge)?,
            );
            out.push((cell, ch));
        }
    }
    Ok(out)
}

/// Checks that a drawing of `height × width` cells, (width + 1) × height − 1 characters, has at
/// most `max` characters.
pub(crate) fn check_size(height: i32, width: i32, max: usize) -> Result<(), ShapeError> {
    let (h, w) = (
        u64::try_from(height).unwrap_or(0),
        u64::try_from(width).unwrap_or(0),
    );
    // Heights and widths are at most i32::MAX, so the product fits in u64.
    let chars = ((w + 1) * h).saturating_sub(1);
    if chars > max as u64 {
        Err(ShapeError::DrawingTooLarge { chars, max })
    } else {
        Ok(())
    }
}

/// Draws `height × width` cells, asking `glyph` for each one; rows are joined with `\n` and
/// there is no trailing newline.
pub(crate) fn draw(height: i32, width: i32, mut glyph: impl FnMut(Cell) -> char) -> String {
    let cells = (i64::from(width.max(0)) + 1) * i64::from(height.max(0));
    let mut s = String::with_capacity(usize::try_from(cells).unwrap_or(0).min(1 << 20));
    for r in 0..height {
        if r > 0 {
            s.push('\n');
        }
        for c in 0..width {
            s.push(glyph(Cell::new(r, c)));
        }
    }
    s
}
