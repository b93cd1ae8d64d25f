//! [`Site`]: the physical floor, with its text form and its conversions to and from
//! [`polyomino::Board`].

use core::fmt;
use core::str::FromStr;

use polyomino::Cell;

use crate::{InstanceProblem, PlanError};

/// The physical floor: `rows × cols` cells of 0.5 m, each usable or not.
///
/// Unusable cells are pillars, walls or anything outside an irregular outline; no level may
/// cover them.
///
/// # Text
///
/// A site reads from and prints as text in the convention of the whole crate family (the same
/// as `polyomino::Board` and `plugdp::Grid`): `.` a usable cell, `#` an unusable one, one line
/// per row. [`FromStr`] trims each line of surrounding whitespace and ignores blank lines before
/// the first and after the last row, so indented multi-line string literals work; all rows
/// must have the same length (a blank line between rows is a row of no cells).
/// [`Display`](fmt::Display) writes the rows joined by `\n`, with no trailing newline, and
/// `FromStr` reads back exactly what it writes. Errors name the 1-based line and column
/// ([`InstanceProblem::SiteCharacter`], [`InstanceProblem::RaggedSite`]). [`Site::from_rows`]
/// reads the same rows given one string each, as the JSON instance format holds them.
///
/// ```
/// use level_planner::{InstanceProblem, PlanError, Site};
/// // A 2 m × 3 m hall (4 × 6 cells) with a pillar in the middle.
/// let site: Site = "
///     ......
///     ..##..
///     ......
///     ......
/// ".parse()?;
/// assert_eq!((site.rows(), site.cols()), (4, 6));
/// assert_eq!(site.usable_count(), 22);
/// assert!(!site.is_usable(1, 2));
/// assert_eq!(site.to_string(), "......\n..##..\n......\n......");
/// assert_eq!(site.to_string().parse::<Site>()?, site);
/// assert_eq!(site, Site::from_rows(&["......", "..##..", "......", "......"])?);
/// let err = "...\n.x.".parse::<Site>().unwrap_err();
/// assert_eq!(err, PlanError::InvalidInstance(InstanceProblem::SiteCharacter { ch: 'x', line: 2, column: 2 }));
/// assert_eq!(err.to_string(), "invalid instance: unexpected character 'x' in the site at line 2, column 2");
/// # Ok::<(), PlanError>(())
/// ```
///
/// # Other board types
///
/// [`polyomino::Board`] converts both ways (`Site::from(&board)`, `Board::try_from(&site)`),
/// and so does `plugdp::Grid`; the application crates do not depend on each other, so a site
/// becomes a grid through a board (or through the text, which all three read and write alike):
///
/// ```
/// use level_planner::Site;
/// use level_planner::polyomino::Board;
/// let site: Site = "#..\n...".parse()?;
/// let board = Board::try_from(&site)?; // then `plugdp::Grid::from(&board)`
/// assert_eq!(board.to_string(), site.to_string());
/// assert_eq!(Site::from(&board), site);
/// // The text reads as any of them: `site.to_string().parse::<plugdp::Grid>()`.
/// assert_eq!(site.to_string().parse::<Board>()?, board);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    rows: usize,
    cols: usize,
    usable: Vec<bool>,
}

impl Site {
    /// Largest supported number of columns (one 64-bit word per row in the fast planner).
    pub const MAX_COLS: usize = 64;
    /// Largest supported number of rows.
    pub const MAX_ROWS: usize = 4096;

    /// A site from its usable flags, row-major.
    ///
    /// ```
    /// use level_planner::{PlanError, Site};
    /// // An L-shaped floor: the top-right 2 × 2 corner is missing.
    /// let usable = (0..4 * 4).map(|i| !(i / 4 < 2 && i % 4 >= 2)).collect();
    /// let site = Site::new(4, 4, usable)?;
    /// assert_eq!(site, Site::from_rows(&["..##", "..##", "....", "...."])?);
    /// assert!(matches!(Site::new(2, 2, vec![true; 3]), Err(PlanError::InvalidInstance(_))));
    /// assert_eq!(Site::new(1, 65, vec![true; 65]), Err(PlanError::SiteTooWide { cols: 65, max: 64 }));
    /// # Ok::<(), PlanError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlanError::InvalidInstance`] for an empty site, more than [`Site::MAX_ROWS`] rows or a
    /// flag count other than `rows · cols`; [`PlanError::SiteTooWide`] past [`Site::MAX_COLS`]
    /// columns.
    pub fn new(rows: usize, cols: usize, usable: Vec<bool>) -> Result<Site, PlanError> {
        if rows == 0 || cols == 0 {
            return Err(PlanError::InvalidInstance(InstanceProblem::EmptySite));
        }
        if cols > Site::MAX_COLS {
            return Err(PlanError::SiteTooWide {
                cols,
                max: Site::MAX_COLS,
            });
        }
        if rows > Site::MAX_ROWS {
            return Err(PlanError::InvalidInstance(InstanceProblem::SiteTooTall {
                rows,
                max: Site::MAX_ROWS,
            }));
        }
        if rows.checked_mul(cols) != Some(usable.len()) {
            return Err(PlanError::InvalidInstance(InstanceProblem::FlagCount {
                flags: usable.len(),
                rows,
                cols,
            }));
        }
        Ok(Site { rows, cols, usable })
    }

    /// Reads a site drawn as text, `.` usable and `#` unusable (the same as
    /// `text.parse::<Site>()`, named like `polyomino::Board::parse`; see
    /// [the type's documentation](Site#text)).
    ///
    /// ```
    /// use level_planner::Site;
    /// let site = Site::parse("
    ///     ....
    ///     .#..
    /// ")?;
    /// assert_eq!(site.usable_count(), 7);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    ///
    /// # Errors
    /// As [`FromStr`].
    pub fn parse(text: &str) -> Result<Site, PlanError> {
        text.parse()
    }

    /// A site drawn with `.` for usable and `#` for unusable cells, one string per row (the
    /// form of the JSON instance format). Rows are taken as they are (not trimmed); row `i` is
    /// line `i + 1` in errors. The same drawing as one text is read by [`FromStr`].
    ///
    /// ```
    /// use level_planner::{InstanceProblem, PlanError, Site};
    /// let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// assert!(site.is_usable(0, 0) && !site.is_usable(1, 1));
    /// // Rows given as `String`s work too:
    /// let rows: Vec<String> = vec!["..".into(), "..".into()];
    /// assert_eq!(Site::from_rows(&rows)?.usable_count(), 4);
    /// let invalid = |p| Err(PlanError::InvalidInstance(p));
    /// assert_eq!(Site::from_rows(&["...", ".."]),
    ///            invalid(InstanceProblem::RaggedSite { line: 2, len: 2, expected: 3 }));
    /// assert_eq!(Site::from_rows(&["..x"]),
    ///            invalid(InstanceProblem::SiteCharacter { ch: 'x', line: 1, column: 3 }));
    /// # Ok::<(), PlanError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlanError::InvalidInstance`] with [`InstanceProblem::SiteCharacter`] for other
    /// characters, [`InstanceProblem::RaggedSite`] for a row of another length than the first,
    /// [`InstanceProblem::EmptySite`] for no row or empty rows, [`InstanceProblem::SiteTooTall`]
    /// past [`Site::MAX_ROWS`] rows (before any row past the first is read);
    /// [`PlanError::SiteTooWide`] past [`Site::MAX_COLS`] columns.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Site, PlanError> {
        if rows.len() > Site::MAX_ROWS {
            return Err(PlanError::InvalidInstance(InstanceProblem::SiteTooTall {
                rows: rows.len(),
                max: Site::MAX_ROWS,
            }));
        }
        let mut reader = SiteReader::default();
        for (i, row) in rows.iter().enumerate() {
            reader.push_row(i + 1, row.as_ref())?;
        }
        reader.finish()
    }

    /// Number of rows.
    ///
    /// ```
    /// use level_planner::Site;
    /// let site = Site::from_rows(&["........"; 3])?;
    /// assert_eq!(site.rows(), 3);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    ///
    /// ```
    /// use level_planner::Site;
    /// let site = Site::from_rows(&["........"; 3])?;
    /// assert_eq!(site.cols(), 8); // 4 m at 0.5 m per cell
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of rows ([`rows`](Site::rows)): every board type of the family answers both
    /// `rows()`/`cols()` and `height()`/`width()`.
    ///
    /// ```
    /// let board: level_planner::Site = "...\n.#.".parse()?;
    /// assert_eq!((board.height(), board.width()), (board.rows(), board.cols()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn height(&self) -> usize {
        self.rows
    }

    /// Number of columns ([`cols`](Site::cols)).
    ///
    /// ```
    /// let board: level_planner::Site = "...\n.#.".parse()?;
    /// assert_eq!(board.width(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn width(&self) -> usize {
        self.cols
    }

    /// Whether `(row, col)` is inside the site and usable (any coordinates are accepted).
    ///
    /// ```
    /// use level_planner::Site;
    /// let site = Site::from_rows(&[".#", ".."])?;
    /// assert!(site.is_usable(0, 0));
    /// assert!(!site.is_usable(0, 1)); // unusable
    /// assert!(!site.is_usable(-1, 0) && !site.is_usable(0, 2)); // outside
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    #[inline]
    pub fn is_usable(&self, row: i64, col: i64) -> bool {
        row >= 0
            && col >= 0
            && (row as usize) < self.rows
            && (col as usize) < self.cols
            && self.usable[row as usize * self.cols + col as usize]
    }

    /// Number of usable cells (the denominator of [`Plan::coverage_share`](crate::Plan::coverage_share)).
    ///
    /// ```
    /// use level_planner::Site;
    /// let site = Site::from_rows(&["#..#", "...."])?;
    /// assert_eq!(site.usable_count(), 6);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn usable_count(&self) -> usize {
        self.usable.iter().filter(|&&u| u).count()
    }
}

/// Reads a site row by row, refusing each row as soon as it is wrong (shared by
/// [`Site::from_rows`], [`FromStr`] and the JSON reader).
#[derive(Default)]
pub(crate) struct SiteReader {
    rows: usize,
    cols: usize,
    usable: Vec<bool>,
}

impl SiteReader {
    /// Adds the row drawn on the 1-based `line`.
    pub(crate) fn push_row(&mut self, line: usize, row: &str) -> Result<(), PlanError> {
        let invalid = |p| Err(PlanError::InvalidInstance(p));
        let len = row.chars().count();
        if self.rows == 0 {
            if len > Site::MAX_COLS {
                return Err(PlanError::SiteTooWide {
                    cols: len,
                    max: Site::MAX_COLS,
                });
            }
            self.cols = len;
        } else if len != self.cols {
            return invalid(InstanceProblem::RaggedSite {
                line,
                len,
                expected: self.cols,
            });
        }
        if self.rows == Site::MAX_ROWS {
            return invalid(InstanceProblem::SiteTooTall {
                rows: self.rows + 1,
                max: Site::MAX_ROWS,
            });
        }
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => self.usable.push(true),
                '#' => self.usable.push(false),
                _ => {
                    return invalid(InstanceProblem::SiteCharacter {
                        ch,
                        line,
                        column: c + 1,
                    });
                }
            }
        }
        self.rows += 1;
        Ok(())
    }

    /// The site read; [`InstanceProblem::EmptySite`] without a cell.
    pub(crate) fn finish(self) -> Result<Site, PlanError> {
        Site::new(self.rows, self.cols, self.usable)
    }
}

impl FromStr for Site {
    type Err = PlanError;

    /// Reads `.` (usable) and `#` (unusable) cells, one line per row, as
    /// [`Display`](fmt::Display) writes them; lines are trimmed and blank lines before the
    /// first and after the last row are ignored (see [the type's documentation](Site#text)).
    ///
    /// ```
    /// use level_planner::{InstanceProblem, PlanError, Site};
    /// let site: Site = "
    ///     ..........
    ///     ....##....
    /// ".parse()?;
    /// assert_eq!((site.rows(), site.cols(), site.usable_count()), (2, 10, 18));
    /// let invalid = |p| Err(PlanError::InvalidInstance(p));
    /// assert_eq!("".parse::<Site>(), invalid(InstanceProblem::EmptySite));
    /// // A blank line between rows is a row of no cells:
    /// assert_eq!("..\n\n..".parse::<Site>(),
    ///            invalid(InstanceProblem::RaggedSite { line: 2, len: 0, expected: 2 }));
    /// # Ok::<(), PlanError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Site::from_rows`], with the lines of the text; a text of too many rows or too wide
    /// a first row is refused before the rest is read.
    fn from_str(text: &str) -> Result<Site, PlanError> {
        let mut reader = SiteReader::default();
        // The family's split into rows (a blank line between rows is a row of no cells).
        for (line, row) in polyomino::text::rows(text) {
            reader.push_row(line, row)?;
        }
        reader.finish()
    }
}

impl fmt::Display for Site {
    /// Draws `.` for a usable and `#` for an unusable cell, rows joined by `\n`, no trailing
    /// newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for r in 0..self.rows {
            if r > 0 {
                f.write_char('\n')?;
            }
            for c in 0..self.cols {
                f.write_char(if self.usable[r * self.cols + c] {
                    '.'
                } else {
                    '#'
                })?;
            }
        }
        Ok(())
    }
}

impl From<&polyomino::Board> for Site {
    /// The board's usable cells as a site (every board fits: at most 64 × 4096 cells). The way
    /// from a `plugdp::Grid` to a site: `Site::from(&Board::try_from(&grid)?)`.
    ///
    /// ```
    /// use level_planner::Site;
    /// use level_planner::polyomino::Board;
    /// let board: Board = "..#\n...".parse()?;
    /// let site = Site::from(&board);
    /// assert!(!site.is_usable(0, 2) && site.is_usable(1, 2));
    /// assert_eq!(Board::try_from(&site)?, board);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from(board: &polyomino::Board) -> Site {
        let (rows, cols) = (board.height() as usize, board.width() as usize);
        let usable = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| board.is_usable(Cell::new(r as i32, c as i32)))
            .collect();
        Site { rows, cols, usable }
    }
}

impl TryFrom<&Site> for polyomino::Board {
    type Error = polyomino::BoardError;

    /// The site as a placement board (sites and boards share their size limits, so this only
    /// fails for sizes no [`Site`] has). The way from a site to a `plugdp::Grid`:
    /// `Grid::from(&Board::try_from(&site)?)`.
    ///
    /// ```
    /// use level_planner::Site;
    /// use level_planner::polyomino::Board;
    /// let site: Site = ".#\n..".parse()?;
    /// assert_eq!(Board::try_from(&site)?.to_string(), ".#\n..");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(site: &Site) -> Result<polyomino::Board, polyomino::BoardError> {
        let height = u32::try_from(site.rows).unwrap_or(u32::MAX);
        let width = u32::try_from(site.cols).unwrap_or(u32::MAX);
        let blocked = (0..site.rows)
            .flat_map(|r| (0..site.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| !site.usable[r * site.cols + c])
            .map(|(r, c)| Cell::new(r as i32, c as i32));
        polyomino::Board::with_blocked(height, width, blocked)
    }
}
