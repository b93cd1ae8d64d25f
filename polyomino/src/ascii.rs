//! Reading and writing shapes and boards as ASCII art.
//!
//! A text is read line by line. Each line is trimmed of surrounding whitespace (so indented
//! literals work), blank lines before the first and after the last non-blank line are ignored,
//! and a blank line in between is a row with no cell. Every other character must be one of the
//! glyphs the caller allows; rows may have different lengths (missing cells are empty).

use core::fmt;

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

/// Characters of a drawing of `height × width` cells: (width + 1) × height − 1.
pub(crate) fn drawing_chars(height: i32, width: i32) -> u64 {
    let (h, w) = (
        u64::try_from(height).unwrap_or(0),
        u64::try_from(width).unwrap_or(0),
    );
    // Heights and widths are at most i32::MAX, so the product fits in u64.
    ((w + 1) * h).saturating_sub(1)
}

/// Checks that a drawing of `height × width` cells, (width + 1) × height − 1 characters, has at
/// most `max` characters.
pub(crate) fn check_size(height: i32, width: i32, max: usize) -> Result<(), ShapeError> {
    let chars = drawing_chars(height, width);
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

/// Writes `cells` as the cell list `{(r, c), (r, c), ...}`, with `@` before `mark`: the form
/// `Display` takes for shapes too large to draw. O(cells), whatever the bounding box.
pub(crate) fn write_list(
    f: &mut fmt::Formatter<'_>,
    cells: &[Cell],
    mark: Option<Cell>,
) -> fmt::Result {
    f.write_str("{")?;
    for (i, &c) in cells.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        if Some(c) == mark {
            f.write_str("@")?;
        }
        write!(f, "{c}")?;
    }
    f.write_str("}")
}

/// Whether `text` is a cell list (its first non-whitespace character is `{`) rather than a
/// drawing.
pub(crate) fn is_list(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Reads the cell list [`write_list`] writes: `{`, cells `(row, col)` separated by commas, `}`,
/// whitespace (newlines too) anywhere between the parts; `@` before a cell marks it when
/// `marks` allows. Returns each cell with whether it is marked. O(length of the text).
pub(crate) fn read_list(text: &str, marks: bool) -> Result<Vec<(Cell, bool)>, ShapeError> {
    let mut at = Cursor {
        chars: text.chars().peekable(),
        line: 1,
        column: 1,
    };
    let mut out = Vec::new();
    at.expect('{')?;
    at.skip_whitespace();
    if at.peek() == Some('}') {
        at.bump();
    } else {
        loop {
            at.skip_whitespace();
            let marked = marks && at.peek() == Some('@');
            if marked {
                at.bump();
            }
            at.expect('(')?;
            let row = at.int()?;
            at.expect(',')?;
            let col = at.int()?;
            at.expect(')')?;
            out.push((Cell::new(row, col), marked));
            at.skip_whitespace();
            match at.peek() {
                Some(',') => at.bump(),
                Some('}') => {
                    at.bump();
                    break;
                }
                _ => return Err(at.error()),
            }
        }
    }
    at.skip_whitespace();
    match at.peek() {
        None => Ok(out),
        Some(_) => Err(at.error()),
    }
}

/// A position in a text being read, 1-based.
struct Cursor<'t> {
    chars: core::iter::Peekable<core::str::Chars<'t>>,
    line: usize,
    column: usize,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) {
        match self.chars.next() {
            Some('\n') => {
                self.line += 1;
                self.column = 1;
            }
            Some(_) => self.column += 1,
            None => {}
        }
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// The error at the current position.
    fn error(&self) -> ShapeError {
        ShapeError::BadCellList {
            line: self.line,
            column: self.column,
        }
    }

    /// Skips whitespace, then reads `ch`.
    fn expect(&mut self, ch: char) -> Result<(), ShapeError> {
        self.skip_whitespace();
        if self.peek() == Some(ch) {
            self.bump();
            Ok(())
        } else {
            Err(self.error())
        }
    }

    /// Skips whitespace, then reads an `i32` written in decimal with an optional `-` (an error
    /// at its first character when it is out of range).
    fn int(&mut self) -> Result<i32, ShapeError> {
        self.skip_whitespace();
        let start = self.error();
        let negative = self.peek() == Some('-');
        if negative {
            self.bump();
        }
        let mut value: i64 = 0;
        let mut digits = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            self.bump();
            digits += 1;
            value = value * 10 + i64::from(d);
            if value > 1 << 31 {
                return Err(start);
            }
        }
        if digits == 0 {
            return Err(self.error());
        }
        i32::try_from(if negative { -value } else { value }).map_err(|_| start)
    }
}
