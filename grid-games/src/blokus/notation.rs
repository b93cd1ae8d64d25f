//! Board points and the cell-list move notation (`e8,d9,e9,f9,e10`, `a1` bottom-left).

use super::BlokusError;

/// A cell of the board: `col` 0 = column `a` (left), `row` 0 = row `1` (bottom).
///
/// ```
/// use grid_games::blokus::Point;
/// let e10 = Point::new(4, 9);
/// assert_eq!((e10.col, e10.row), (4, 9));
/// assert_eq!(e10.to_string(), "e10");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Column, `0` = `a`.
    pub col: u8,
    /// Row from the bottom, `0` = row `1`.
    pub row: u8,
}

impl Point {
    /// The point at column `col`, row `row` (both from 0, row 0 at the bottom).
    ///
    /// ```
    /// use grid_games::blokus::Point;
    /// assert_eq!(Point::new(0, 0).to_string(), "a1"); // bottom left
    /// assert_eq!(Point::new(19, 19).to_string(), "t20");
    /// ```
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// Reads `e10`-style text (column letter, then row number from 1; case-insensitive) for a
    /// board of side `size`.
    ///
    /// ```
    /// use grid_games::blokus::Point;
    /// assert_eq!(Point::parse("e10", 14), Ok(Point::new(4, 9)));
    /// assert_eq!(Point::parse("A1", 14), Ok(Point::new(0, 0)));
    /// assert!(Point::parse("o1", 14).is_err()); // beyond column n
    /// ```
    pub fn parse(text: &str, size: u8) -> Result<Point, BlokusError> {
        let bad = || BlokusError::BadPoint(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let row: u32 = digits.parse().map_err(|_| bad())?;
        let col = u32::from(letter) - u32::from('a');
        if col >= u32::from(size) || row == 0 || row > u32::from(size) {
            return Err(BlokusError::OffBoard(text.to_string()));
        }
        Ok(Point::new(col as u8, (row - 1) as u8))
    }
}

/// Columns `a` to `z` print as letters; a point beyond column `z` (no variant has one) prints
/// its column number in brackets, `[30]1`, rather than a wrong letter.
impl core::fmt::Display for Point {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let row = u32::from(self.row) + 1;
        match self.col {
            col @ 0..=25 => write!(f, "{}{row}", char::from(b'a' + col)),
            col => write!(f, "[{col}]{row}"),
        }
    }
}

/// Writes points in canonical order (by row, then column) as `e8,d9,e9`.
pub(crate) fn write_points(points: &mut [Point], out: &mut String) {
    points.sort_by_key(|p| (p.row, p.col));
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&p.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_round_trip() {
        for col in 0..20 {
            for row in 0..20 {
                let p = Point::new(col, row);
                assert_eq!(Point::parse(&p.to_string(), 20), Ok(p));
            }
        }
        assert_eq!(Point::new(30, 0).to_string(), "[30]1");
        assert_eq!(Point::new(255, 255).to_string(), "[255]256");
        for bad in [
            "", "e", "10", "e0", "e01", "e21", "u1", "e1x", "é1", "e+1", "e001",
        ] {
            assert!(Point::parse(bad, 20).is_err(), "{bad}");
        }
    }
}
