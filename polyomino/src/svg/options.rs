//! [`SvgOptions`]: one set of drawing options for every picture of the family.

use super::{DEFAULT_MAX_CELLS, Rgb};
use crate::SvgError;

/// How a picture is drawn: one options type for every picture of the family (shape sets,
/// boards, Blokus and paper.io positions, level plans), so that one value can be reused and
/// the setters are the same everywhere.
///
/// Build it from [`Default`] with the `with_…` setters; values out of range are clamped by the
/// setters (documented on each). Options a picture has no use for are ignored by it, and
/// options left unset take the picture's own default (each picture's documentation lists its
/// defaults; the module page has the table).
///
/// ```
/// use polyomino::svg::{Rgb, SvgOptions};
/// let opts = SvgOptions::default()
///     .with_cell_px(12)
///     .with_gap_px(6)
///     .with_columns(4)
///     .with_palette(vec![Rgb::hex(0x4e79a7), Rgb::hex(0xf28e2b)])
///     .with_grid(false)
///     .with_labels(true)
///     .with_title("My shapes");
/// assert_eq!(opts.cell_px_or(20), 12);
/// assert_eq!(SvgOptions::default().cell_px_or(20), 20); // unset: the picture's default
/// assert_eq!(opts.title(), Some("My shapes"));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SvgOptions {
    cell_px: Option<u32>,
    margin_px: u32,
    gap_px: u32,
    columns: Option<usize>,
    palette: Option<Vec<Rgb>>,
    background: Rgb,
    ink: Option<Rgb>,
    empty: Option<Rgb>,
    blocked: Option<Rgb>,
    grid: Option<bool>,
    labels: Option<bool>,
    marks: Option<bool>,
    title: Option<String>,
    max_cells: usize,
}

impl Default for SvgOptions {
    /// Every picture's own defaults, a 10-pixel margin, 20 pixels between panels, a white
    /// background, no title and at most [`DEFAULT_MAX_CELLS`] drawn cells.
    fn default() -> SvgOptions {
        SvgOptions {
            cell_px: None,
            margin_px: 10,
            gap_px: 20,
            columns: None,
            palette: None,
            background: Rgb::WHITE,
            ink: None,
            empty: None,
            blocked: None,
            grid: None,
            labels: None,
            marks: None,
            title: None,
            max_cells: DEFAULT_MAX_CELLS,
        }
    }
}

impl SvgOptions {
    /// The side of one cell in pixels, clamped to `1..=1000`.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().with_cell_px(0).cell_px_or(20), 1);
    /// ```
    #[must_use]
    pub fn with_cell_px(mut self, px: u32) -> SvgOptions {
        self.cell_px = Some(px.clamp(1, 1000));
        self
    }

    /// The blank border around the picture in pixels, at most 1000.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().with_margin_px(5000).margin_px(), 1000);
    /// ```
    #[must_use]
    pub fn with_margin_px(mut self, px: u32) -> SvgOptions {
        self.margin_px = px.min(1000);
        self
    }

    /// The space between the panels of a shape set in pixels, at most 1000.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().with_gap_px(4).gap_px(), 4);
    /// ```
    #[must_use]
    pub fn with_gap_px(mut self, px: u32) -> SvgOptions {
        self.gap_px = px.min(1000);
        self
    }

    /// The number of panels per row of a shape set (at least 1; default: a square layout).
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().with_columns(0).columns(), Some(1));
    /// ```
    #[must_use]
    pub fn with_columns(mut self, columns: usize) -> SvgOptions {
        self.columns = Some(columns.max(1));
        self
    }

    /// The fill colours, used in turn: one per shape of a set, per level of a plan, per colour
    /// or player of a game (an empty palette is refused when drawing with
    /// [`SvgError::EmptyPalette`]).
    ///
    /// ```
    /// use polyomino::svg::{Rgb, SvgOptions};
    /// let opts = SvgOptions::default().with_palette(vec![Rgb::BLACK]);
    /// assert_eq!(opts.palette_or(&[Rgb::WHITE])?, &[Rgb::BLACK]);
    /// # Ok::<(), polyomino::SvgError>(())
    /// ```
    #[must_use]
    pub fn with_palette(mut self, palette: Vec<Rgb>) -> SvgOptions {
        self.palette = Some(palette);
        self
    }

    /// The colour behind everything.
    ///
    /// ```
    /// use polyomino::svg::{Rgb, SvgOptions};
    /// assert_eq!(SvgOptions::default().with_background(Rgb::BLACK).background(), Rgb::BLACK);
    /// ```
    #[must_use]
    pub fn with_background(mut self, colour: Rgb) -> SvgOptions {
        self.background = colour;
        self
    }

    /// The colour of outlines, labels and the title.
    ///
    /// ```
    /// use polyomino::svg::{Rgb, SvgOptions};
    /// assert_eq!(SvgOptions::default().with_ink(Rgb::BLACK).ink_or(Rgb::WHITE), Rgb::BLACK);
    /// ```
    #[must_use]
    pub fn with_ink(mut self, colour: Rgb) -> SvgOptions {
        self.ink = Some(colour);
        self
    }

    /// The colour of free (empty, usable) board cells.
    ///
    /// ```
    /// use polyomino::svg::{Rgb, SvgOptions};
    /// assert_eq!(SvgOptions::default().with_empty(Rgb::WHITE).empty_or(Rgb::BLACK), Rgb::WHITE);
    /// ```
    #[must_use]
    pub fn with_empty(mut self, colour: Rgb) -> SvgOptions {
        self.empty = Some(colour);
        self
    }

    /// The colour of blocked (unusable) board cells.
    ///
    /// ```
    /// use polyomino::svg::{Rgb, SvgOptions};
    /// assert_eq!(SvgOptions::default().with_blocked(Rgb::BLACK).blocked_or(Rgb::WHITE), Rgb::BLACK);
    /// ```
    #[must_use]
    pub fn with_blocked(mut self, colour: Rgb) -> SvgOptions {
        self.blocked = Some(colour);
        self
    }

    /// Whether thin lines are drawn between cells.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert!(!SvgOptions::default().with_grid(false).grid_or(true));
    /// ```
    #[must_use]
    pub fn with_grid(mut self, grid: bool) -> SvgOptions {
        self.grid = Some(grid);
        self
    }

    /// Whether text labels are drawn: shape indices in a set, coordinates around a Blokus
    /// board, level numbers on a plan.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert!(SvgOptions::default().with_labels(true).labels_or(false));
    /// ```
    #[must_use]
    pub fn with_labels(mut self, labels: bool) -> SvgOptions {
        self.labels = Some(labels);
        self
    }

    /// Whether a picture's hints are drawn: a Blokus position's free starting points and last
    /// move, a level plan's walking path.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert!(!SvgOptions::default().with_marks(false).marks_or(true));
    /// ```
    #[must_use]
    pub fn with_marks(mut self, marks: bool) -> SvgOptions {
        self.marks = Some(marks);
        self
    }

    /// A title drawn above the picture and written as its `<title>` (escaped).
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().with_title("a & b").title(), Some("a & b"));
    /// ```
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> SvgOptions {
        self.title = Some(title.into());
        self
    }

    /// The most cells a picture may draw; more is [`SvgError::TooManyCells`] (default
    /// [`DEFAULT_MAX_CELLS`]).
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert!(SvgOptions::default().with_max_cells(3).check_cells(4).is_err());
    /// ```
    #[must_use]
    pub fn with_max_cells(mut self, max: usize) -> SvgOptions {
        self.max_cells = max;
        self
    }

    /// The cell side in pixels, or the picture's `default`.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().cell_px_or(24), 24);
    /// ```
    pub fn cell_px_or(&self, default: u32) -> u32 {
        self.cell_px.unwrap_or(default)
    }

    /// The margin in pixels.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().margin_px(), 10);
    /// ```
    pub fn margin_px(&self) -> u32 {
        self.margin_px
    }

    /// The space between panels in pixels.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().gap_px(), 20);
    /// ```
    pub fn gap_px(&self) -> u32 {
        self.gap_px
    }

    /// The panels per row, if set.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().columns(), None);
    /// ```
    pub fn columns(&self) -> Option<usize> {
        self.columns
    }

    /// The palette, or the picture's `default`.
    ///
    /// ```
    /// use polyomino::{SvgError, svg::{Rgb, SvgOptions}};
    /// assert_eq!(SvgOptions::default().palette_or(&[Rgb::BLACK])?, &[Rgb::BLACK]);
    /// assert_eq!(SvgOptions::default().with_palette(vec![]).palette_or(&[Rgb::BLACK]), Err(SvgError::EmptyPalette));
    /// # Ok::<(), SvgError>(())
    /// ```
    ///
    /// # Errors
    /// [`SvgError::EmptyPalette`] when the chosen palette has no colour.
    pub fn palette_or<'a>(&'a self, default: &'a [Rgb]) -> Result<&'a [Rgb], SvgError> {
        let palette = self.palette.as_deref().unwrap_or(default);
        if palette.is_empty() {
            Err(SvgError::EmptyPalette)
        } else {
            Ok(palette)
        }
    }

    /// The background colour.
    ///
    /// ```
    /// use polyomino::svg::{Rgb, SvgOptions};
    /// assert_eq!(SvgOptions::default().background(), Rgb::WHITE);
    /// ```
    pub fn background(&self) -> Rgb {
        self.background
    }

    /// The ink colour, or the picture's `default`.
    ///
    /// ```
    /// use polyomino::svg::{Rgb, SvgOptions};
    /// assert_eq!(SvgOptions::default().ink_or(Rgb::BLACK), Rgb::BLACK);
    /// ```
    pub fn ink_or(&self, default: Rgb) -> Rgb {
        self.ink.unwrap_or(default)
    }

    /// The colour of free cells, or the picture's `default`.
    ///
    /// ```
    /// use polyomino::svg::{Rgb, SvgOptions};
    /// assert_eq!(SvgOptions::default().empty_or(Rgb::WHITE), Rgb::WHITE);
    /// ```
    pub fn empty_or(&self, default: Rgb) -> Rgb {
        self.empty.unwrap_or(default)
    }

    /// The colour of blocked cells, or the picture's `default`.
    ///
    /// ```
    /// use polyomino::svg::{Rgb, SvgOptions};
    /// assert_eq!(SvgOptions::default().blocked_or(Rgb::BLACK), Rgb::BLACK);
    /// ```
    pub fn blocked_or(&self, default: Rgb) -> Rgb {
        self.blocked.unwrap_or(default)
    }

    /// Whether to draw grid lines, or the picture's `default`.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert!(SvgOptions::default().grid_or(true));
    /// ```
    pub fn grid_or(&self, default: bool) -> bool {
        self.grid.unwrap_or(default)
    }

    /// Whether to draw labels, or the picture's `default`.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert!(!SvgOptions::default().labels_or(false));
    /// ```
    pub fn labels_or(&self, default: bool) -> bool {
        self.labels.unwrap_or(default)
    }

    /// Whether to draw the picture's hints, or its `default`.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert!(SvgOptions::default().marks_or(true));
    /// ```
    pub fn marks_or(&self, default: bool) -> bool {
        self.marks.unwrap_or(default)
    }

    /// The title, if any.
    ///
    /// ```
    /// use polyomino::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().title(), None);
    /// ```
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The most cells a picture may draw.
    ///
    /// ```
    /// use polyomino::svg::{SvgOptions, DEFAULT_MAX_CELLS};
    /// assert_eq!(SvgOptions::default().max_cells(), DEFAULT_MAX_CELLS);
    /// ```
    pub fn max_cells(&self) -> usize {
        self.max_cells
    }

    /// `Ok` when a picture of `cells` drawn cells is within [`max_cells`](SvgOptions::max_cells).
    ///
    /// ```
    /// use polyomino::{SvgError, svg::SvgOptions};
    /// let opts = SvgOptions::default().with_max_cells(10);
    /// assert_eq!(opts.check_cells(10), Ok(()));
    /// assert_eq!(opts.check_cells(11), Err(SvgError::TooManyCells { cells: 11, max: 10 }));
    /// ```
    ///
    /// # Errors
    /// [`SvgError::TooManyCells`] above the limit.
    pub fn check_cells(&self, cells: usize) -> Result<(), SvgError> {
        if cells > self.max_cells {
            Err(SvgError::TooManyCells {
                cells,
                max: self.max_cells,
            })
        } else {
            Ok(())
        }
    }
}
