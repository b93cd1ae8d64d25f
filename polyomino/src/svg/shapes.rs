//! Pictures of this crate's values: shape sets (one panel per shape) and boards.

use super::{Canvas, GridPicture, Rgb, SvgOptions, ToSvg, outline};
use crate::{Board, Cell, CellSet, SvgError};

/// The default palette of shape sets: twelve light, distinct colours.
pub const DEFAULT_PALETTE: [Rgb; 12] = [
    Rgb::hex(0x8dd3c7),
    Rgb::hex(0xffffb3),
    Rgb::hex(0xbebada),
    Rgb::hex(0xfb8072),
    Rgb::hex(0x80b1d3),
    Rgb::hex(0xfdb462),
    Rgb::hex(0xb3de69),
    Rgb::hex(0xfccde5),
    Rgb::hex(0xd9d9d9),
    Rgb::hex(0xbc80bd),
    Rgb::hex(0xccebc5),
    Rgb::hex(0xffed6f),
];

/// The ink of shape sets and boards.
const INK: Rgb = Rgb::hex(0x333333);

impl<S: AsRef<CellSet>> ToSvg for [S] {
    /// Draws the shapes in a grid of equal panels (the largest height × the largest width among
    /// them), row by row, each shape centred in its panel and filled with the next palette
    /// colour, with a dark outline and (optionally) thin lines between its cells. Every cell is
    /// one `<rect class="cell">`. Defaults: 20-pixel cells, [`DEFAULT_PALETTE`], grid lines on,
    /// labels (each panel's index) off, a square layout of panels.
    ///
    /// Cost: O(total cells) time and output; bounding boxes are never scanned. An empty slice
    /// gives an empty (margin-only) picture.
    ///
    /// # Errors
    /// [`SvgError::TooManyCells`] when the shapes have more cells in total than the options'
    /// limit; [`SvgError::EmptyPalette`] for an empty palette.
    ///
    /// ```
    /// use polyomino::{CellSet, Polyomino, svg::{SvgOptions, ToSvg}};
    /// let shapes = [Polyomino::parse("##\n#.")?, Polyomino::parse("###")?];
    /// let svg = shapes.to_svg(&SvgOptions::default().with_labels(true))?;
    /// assert_eq!(svg.matches("<rect class=\"cell\"").count(), 6);
    /// assert!(svg.contains(">1</text>"));
    /// // Far-apart cells cost only their cells, not their 10⁹-wide bounding box:
    /// let sparse = CellSet::from_cells([(0, 0).into(), (0, 1_000_000_000).into()])?;
    /// assert!(sparse.to_svg(&SvgOptions::default())?.len() < 2000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, options: &SvgOptions) -> Result<String, SvgError> {
        let shapes: Vec<&CellSet> = self.iter().map(AsRef::as_ref).collect();
        render_panels(&shapes, options)
    }
}

impl ToSvg for CellSet {
    /// One shape in one panel, drawn as a set of one (see the slice's `ToSvg`); a
    /// [`Polyomino`](crate::Polyomino) draws the same through its `CellSet`.
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{SvgOptions, ToSvg}};
    /// let svg = Polyomino::parse("#.\n##")?.to_svg(&SvgOptions::default())?;
    /// assert_eq!(svg.matches("class=\"cell\"").count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As the slice's `ToSvg`.
    fn to_svg(&self, options: &SvgOptions) -> Result<String, SvgError> {
        render_panels(&[self], options)
    }
}

impl ToSvg for Board {
    /// The board: free cells light (`<rect class="board">` behind them), blocked cells dark
    /// (`<rect class="blocked">`), grid lines. Defaults: 20-pixel cells, free `#fafafa`, blocked
    /// `#555555`, grid lines on. O(cells) time, O(blocked cells) output.
    ///
    /// ```
    /// use polyomino::{Board, svg::{SvgOptions, ToSvg}};
    /// let board: Board = "...\n.#.\n...".parse()?;
    /// let svg = board.to_svg(&SvgOptions::default())?;
    /// assert_eq!(svg.matches("class=\"blocked\"").count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SvgError::TooManyCells`] when the board has more blocked cells than the options' limit.
    fn to_svg(&self, options: &SvgOptions) -> Result<String, SvgError> {
        let blocked = self.blocked();
        options.check_cells(blocked.count() as usize)?;
        let (rows, cols) = (self.height() as usize, self.width() as usize);
        let mut picture = GridPicture::new(rows, cols, options.cell_px_or(20), 0.0, INK, options);
        picture.board(options.empty_or(Rgb::hex(0xfafafa)), "board");
        let fill = options.blocked_or(Rgb::hex(0x555555));
        for c in blocked.iter() {
            picture.cell(c, fill, "blocked");
        }
        if options.grid_or(true) {
            let width = (picture.cell_px() / 24.0).max(0.5);
            picture.grid_lines(Rgb::hex(0xcccccc), width);
        }
        Ok(picture.finish())
    }
}

fn render_panels(shapes: &[&CellSet], options: &SvgOptions) -> Result<String, SvgError> {
    let total: usize = shapes.iter().map(|s| s.size()).sum();
    options.check_cells(total)?;
    let palette = options.palette_or(&DEFAULT_PALETTE)?;
    let ink = options.ink_or(INK);
    let cell = f64::from(options.cell_px_or(20));
    let margin = f64::from(options.margin_px());
    let gap = f64::from(options.gap_px());
    let labels = options.labels_or(false);
    let n = shapes.len();
    let panel_h = shapes.iter().map(|s| s.height()).max().unwrap_or(0);
    let panel_w = shapes.iter().map(|s| s.width()).max().unwrap_or(0);
    let columns = match options.columns() {
        Some(c) => c.min(n.max(1)),
        None => (1..=n.max(1)).find(|c| c * c >= n).unwrap_or(1),
    };
    let rows = n.div_ceil(columns);
    let font = (cell * 0.8).max(10.0);
    let label_h = if labels { font * 2.0 } else { 0.0 };
    let title_h = if options.title().is_some() {
        font * 2.0
    } else {
        0.0
    };
    let pw = f64::from(panel_w) * cell;
    let ph = f64::from(panel_h) * cell;
    let gaps = |k: usize| k.saturating_sub(1) as f64 * gap;
    let width = 2.0 * margin + columns as f64 * pw + gaps(columns);
    let height = 2.0 * margin + title_h + rows as f64 * (ph + label_h) + gaps(rows);
    let mut canvas = Canvas::new(width, height, options.title());
    canvas.rect(0.0, 0.0, width, height, options.background(), "background");
    if let Some(t) = options.title() {
        canvas.text(width / 2.0, margin + font, font * 1.2, ink, t);
    }
    let grid_colour = ink.mix(Rgb::WHITE, 0.55);
    for (i, shape) in shapes.iter().enumerate() {
        let (r, c) = (i / columns, i % columns);
        let px = margin + c as f64 * (pw + gap);
        let py = margin + title_h + r as f64 * (ph + label_h + gap);
        // Centre the shape in its panel.
        let x0 = px + f64::from(panel_w - shape.width()) * cell / 2.0;
        let y0 = py + f64::from(panel_h - shape.height()) * cell / 2.0;
        let fill = palette[i % palette.len()];
        for cell_at in shape.cells() {
            let x = x0 + f64::from(cell_at.col) * cell;
            let y = y0 + f64::from(cell_at.row) * cell;
            canvas.rect(x, y, cell, cell, fill, "cell");
        }
        if options.grid_or(true) {
            let inner: Vec<_> = shape
                .cells()
                .iter()
                .flat_map(|&c| {
                    let x = x0 + f64::from(c.col) * cell;
                    let y = y0 + f64::from(c.row) * cell;
                    let right = shape.contains(c + Cell::new(0, 1));
                    let down = shape.contains(c + Cell::new(1, 0));
                    [
                        right.then_some((x + cell, y, x + cell, y + cell)),
                        down.then_some((x, y + cell, x + cell, y + cell)),
                    ]
                })
                .flatten()
                .collect();
            canvas.segments(&inner, grid_colour, (cell / 20.0).max(0.5), "grid");
        }
        let border = outline(shape.cells(), |c| shape.contains(c), cell, x0, y0);
        canvas.segments(&border, ink, (cell / 10.0).max(1.0), "outline");
        if labels {
            canvas.text(
                px + pw / 2.0,
                py + ph + label_h * 0.6,
                font,
                ink,
                &i.to_string(),
            );
        }
    }
    Ok(canvas.finish())
}
