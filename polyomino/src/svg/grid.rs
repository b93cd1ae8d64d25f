//! [`GridPicture`]: the layout every board picture of the family shares.

use super::{Canvas, Rgb, SvgOptions, outline};
use crate::Cell;

/// A rectangular board of `rows × cols` square cells on a [`Canvas`], with the options'
/// margin, background and title around it: the layout behind every board picture of the
/// family (polyomino boards, Blokus and paper.io positions, level plans), so that each of them
/// only says what goes in which cell.
///
/// Cells are addressed `(row, col)` with row 0 at the top, as [`Cell`]s; a picture whose
/// coordinates run otherwise (Blokus: `a1` at the bottom left) converts before calling. The
/// title is drawn centred above the board, and the picture is widened when the title is wider
/// than the board (about 0.55 em per character). Every method costs O(what it draws).
///
/// ```
/// use polyomino::Cell;
/// use polyomino::svg::{GridPicture, Rgb, SvgOptions};
/// let options = SvgOptions::default().with_title("two cells");
/// let mut picture = GridPicture::new(2, 3, 10, 0.0, Rgb::BLACK, &options);
/// picture.board(Rgb::WHITE, "board");
/// picture.cell(Cell::new(0, 0), Rgb::hex(0xff0000), "cell");
/// picture.cell(Cell::new(1, 2), Rgb::hex(0x0000ff), "cell");
/// picture.grid_lines(Rgb::hex(0xcccccc), 0.5);
/// let svg = picture.finish();
/// assert_eq!(svg.matches("class=\"cell\"").count(), 2);
/// assert!(svg.contains("<title>two cells</title>"));
/// ```
#[derive(Clone, Debug)]
pub struct GridPicture {
    canvas: Canvas,
    cell: f64,
    x0: f64,
    y0: f64,
    rows: usize,
    cols: usize,
}

impl GridPicture {
    /// Lays out the board with cells `cell_px` pixels wide and `gutter` pixels of room left of
    /// and below it (for coordinate labels; 0 for none), draws the background and, in `ink`,
    /// the title.
    ///
    /// ```
    /// use polyomino::svg::{GridPicture, Rgb, SvgOptions};
    /// let picture = GridPicture::new(4, 4, 10, 15.0, Rgb::BLACK, &SvgOptions::default());
    /// // The margin (10) and the gutter (15) left of the board:
    /// assert_eq!(picture.origin(), (25.0, 10.0));
    /// assert_eq!(picture.board_size(), (40.0, 40.0));
    /// ```
    pub fn new(
        rows: usize,
        cols: usize,
        cell_px: u32,
        gutter: f64,
        ink: Rgb,
        options: &SvgOptions,
    ) -> GridPicture {
        let cell = f64::from(cell_px.max(1));
        let gutter = if gutter.is_finite() {
            gutter.max(0.0)
        } else {
            0.0
        };
        let margin = f64::from(options.margin_px());
        let title_font = (cell * 0.7).clamp(12.0, 40.0);
        let title_h = if options.title().is_some() {
            title_font * 2.0
        } else {
            0.0
        };
        let content_w = gutter + cols as f64 * cell;
        let title_w = options
            .title()
            .map_or(0.0, |t| t.chars().count() as f64 * title_font * 0.55);
        let slack = (title_w - content_w).max(0.0) / 2.0;
        let (x0, y0) = (margin + slack + gutter, margin + title_h);
        let width = 2.0 * margin + 2.0 * slack + content_w;
        let height = y0 + rows as f64 * cell + gutter + margin;
        let mut canvas = Canvas::new(width, height, options.title());
        canvas.rect(0.0, 0.0, width, height, options.background(), "background");
        if let Some(t) = options.title() {
            canvas.text(width / 2.0, margin + title_h / 2.0, title_font, ink, t);
        }
        GridPicture {
            canvas,
            cell,
            x0,
            y0,
            rows,
            cols,
        }
    }

    /// The side of a cell in pixels.
    ///
    /// ```
    /// use polyomino::svg::{GridPicture, Rgb, SvgOptions};
    /// assert_eq!(GridPicture::new(1, 1, 7, 0.0, Rgb::BLACK, &SvgOptions::default()).cell_px(), 7.0);
    /// ```
    pub fn cell_px(&self) -> f64 {
        self.cell
    }

    /// The board's top left corner in pixels.
    ///
    /// ```
    /// use polyomino::svg::{GridPicture, Rgb, SvgOptions};
    /// let picture = GridPicture::new(1, 1, 7, 0.0, Rgb::BLACK, &SvgOptions::default().with_margin_px(3));
    /// assert_eq!(picture.origin(), (3.0, 3.0));
    /// ```
    pub fn origin(&self) -> (f64, f64) {
        (self.x0, self.y0)
    }

    /// The board's width and height in pixels.
    ///
    /// ```
    /// use polyomino::svg::{GridPicture, Rgb, SvgOptions};
    /// let picture = GridPicture::new(2, 5, 10, 0.0, Rgb::BLACK, &SvgOptions::default());
    /// assert_eq!(picture.board_size(), (50.0, 20.0));
    /// ```
    pub fn board_size(&self) -> (f64, f64) {
        (self.cols as f64 * self.cell, self.rows as f64 * self.cell)
    }

    /// The top left corner of a cell in pixels.
    ///
    /// ```
    /// use polyomino::{Cell, svg::{GridPicture, Rgb, SvgOptions}};
    /// let picture = GridPicture::new(3, 3, 10, 0.0, Rgb::BLACK, &SvgOptions::default());
    /// assert_eq!(picture.corner(Cell::new(1, 2)), (30.0, 20.0));
    /// ```
    pub fn corner(&self, cell: Cell) -> (f64, f64) {
        (
            self.x0 + f64::from(cell.col) * self.cell,
            self.y0 + f64::from(cell.row) * self.cell,
        )
    }

    /// The centre of a cell in pixels.
    ///
    /// ```
    /// use polyomino::{Cell, svg::{GridPicture, Rgb, SvgOptions}};
    /// let picture = GridPicture::new(3, 3, 10, 0.0, Rgb::BLACK, &SvgOptions::default());
    /// assert_eq!(picture.centre(Cell::new(0, 0)), (15.0, 15.0));
    /// ```
    pub fn centre(&self, cell: Cell) -> (f64, f64) {
        let (x, y) = self.corner(cell);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// Fills the whole board (the colour of free cells), as `<rect class="…">`.
    ///
    /// ```
    /// use polyomino::svg::{GridPicture, Rgb, SvgOptions};
    /// let mut picture = GridPicture::new(2, 2, 10, 0.0, Rgb::BLACK, &SvgOptions::default());
    /// picture.board(Rgb::WHITE, "board");
    /// assert!(picture.finish().contains("<rect class=\"board\" x=\"10\" y=\"10\" width=\"20\" height=\"20\""));
    /// ```
    pub fn board(&mut self, fill: Rgb, class: &str) {
        let (w, h) = self.board_size();
        self.canvas.rect(self.x0, self.y0, w, h, fill, class);
    }

    /// Fills the whole board and frames it with a 1-pixel `stroke`.
    ///
    /// ```
    /// use polyomino::svg::{GridPicture, Rgb, SvgOptions};
    /// let mut picture = GridPicture::new(2, 2, 10, 0.0, Rgb::BLACK, &SvgOptions::default());
    /// picture.framed_board(Rgb::WHITE, Rgb::BLACK, "board");
    /// assert!(picture.finish().contains("stroke=\"#000000\""));
    /// ```
    pub fn framed_board(&mut self, fill: Rgb, stroke: Rgb, class: &str) {
        let (w, h) = self.board_size();
        self.canvas
            .framed_rect(self.x0, self.y0, w, h, fill, stroke, 1.0, class);
    }

    /// Fills one cell, as `<rect class="…">`.
    ///
    /// ```
    /// use polyomino::{Cell, svg::{GridPicture, Rgb, SvgOptions}};
    /// let mut picture = GridPicture::new(2, 2, 10, 0.0, Rgb::BLACK, &SvgOptions::default());
    /// picture.cell(Cell::new(1, 1), Rgb::BLACK, "cell p0");
    /// assert!(picture.finish().contains("<rect class=\"cell p0\" x=\"20\" y=\"20\""));
    /// ```
    pub fn cell(&mut self, cell: Cell, fill: Rgb, class: &str) {
        let (x, y) = self.corner(cell);
        self.canvas.rect(x, y, self.cell, self.cell, fill, class);
    }

    /// Thin lines between all cells and around the board, as one `<path class="grid">` of
    /// `rows + cols + 2` segments.
    ///
    /// ```
    /// use polyomino::svg::{GridPicture, Rgb, SvgOptions};
    /// let mut picture = GridPicture::new(2, 3, 10, 0.0, Rgb::BLACK, &SvgOptions::default());
    /// picture.grid_lines(Rgb::hex(0xcccccc), 0.5);
    /// let svg = picture.finish();
    /// assert_eq!(svg.matches('M').count(), 2 + 3 + 2);
    /// ```
    pub fn grid_lines(&mut self, colour: Rgb, width: f64) {
        let (w, h) = self.board_size();
        let (x0, y0, cell) = (self.x0, self.y0, self.cell);
        let mut lines = Vec::with_capacity(self.rows + self.cols + 2);
        lines.extend((0..=self.cols).map(|c| {
            let t = x0 + c as f64 * cell;
            (t, y0, t, y0 + h)
        }));
        lines.extend((0..=self.rows).map(|r| {
            let t = y0 + r as f64 * cell;
            (x0, t, x0 + w, t)
        }));
        self.canvas.segments(&lines, colour, width, "grid");
    }

    /// The outline of a set of cells (the edges between a member and a non-member, see
    /// [`outline`]), as one `<path class="…">`.
    ///
    /// ```
    /// use polyomino::{Cell, svg::{GridPicture, Rgb, SvgOptions}};
    /// let domino = [Cell::new(0, 0), Cell::new(0, 1)];
    /// let mut picture = GridPicture::new(1, 2, 10, 0.0, Rgb::BLACK, &SvgOptions::default());
    /// picture.outline(&domino, |c| domino.contains(&c), Rgb::BLACK, 1.0, "outline");
    /// assert_eq!(picture.finish().matches('M').count(), 6);
    /// ```
    pub fn outline(
        &mut self,
        cells: &[Cell],
        member: impl Fn(Cell) -> bool,
        colour: Rgb,
        width: f64,
        class: &str,
    ) {
        let segs = outline(cells, member, self.cell, self.x0, self.y0);
        self.canvas.segments(&segs, colour, width, class);
    }

    /// The canvas, for drawing what the layout has no method for (dots, paths, labels).
    ///
    /// ```
    /// use polyomino::{Cell, svg::{GridPicture, Rgb, SvgOptions}};
    /// let mut picture = GridPicture::new(1, 1, 10, 0.0, Rgb::BLACK, &SvgOptions::default());
    /// let (x, y) = picture.centre(Cell::new(0, 0));
    /// picture.canvas().circle(x, y, 3.0, Rgb::BLACK, None, "dot");
    /// assert!(picture.finish().contains("class=\"dot\""));
    /// ```
    pub fn canvas(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    /// The finished document.
    ///
    /// ```
    /// use polyomino::svg::{GridPicture, Rgb, SvgOptions};
    /// let svg = GridPicture::new(1, 1, 10, 0.0, Rgb::BLACK, &SvgOptions::default()).finish();
    /// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    /// ```
    pub fn finish(self) -> String {
        self.canvas.finish()
    }
}
