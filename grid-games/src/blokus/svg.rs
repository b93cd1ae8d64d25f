//! SVG pictures of a Blokus [`Position`]: [`render`].
//!
//! The board is drawn top row first, as [`Position::render`] prints it (`a1` at the bottom
//! left), with Pentobi's colours: Blue, Yellow, Red, Green for the four colours of Classic,
//! Blue and Green for the two of Duo. Occupied cells are `<rect class="cell colourK">` (`K`
//! the [`Colour`] index), piece borders are dark outlines, empty starting cells carry a dot in
//! their colour, and the last move's cells can be marked with white dots. Nothing here performs
//! IO; the output is O(board cells) (at most 400 cells).
//!
//! ```
//! use grid_games::blokus::{Position, Variant, svg::{render, SvgOptions}};
//! let mut pos = Position::new(Variant::Duo);
//! pos.play(pos.parse_move("e8,d9,e9,f9,e10")?)?;
//! let svg = render(&pos, &SvgOptions::default().with_title("Duo after one move"));
//! assert_eq!(svg.matches("class=\"cell colour0\"").count(), 5);
//! assert!(svg.contains("<title>Duo after one move</title>"));
//! # Ok::<(), grid_games::blokus::BlokusError>(())
//! ```

use polyomino::Cell;
use polyomino::svg::{Canvas, Rgb, outline};

use super::{Colour, Point, Position, Variant};

/// Pentobi's Blue.
pub const BLUE: Rgb = Rgb::hex(0x2a6fdb);
/// Pentobi's Yellow.
pub const YELLOW: Rgb = Rgb::hex(0xf2c21b);
/// Pentobi's Red.
pub const RED: Rgb = Rgb::hex(0xd9342b);
/// Pentobi's Green.
pub const GREEN: Rgb = Rgb::hex(0x2e9e44);

/// How [`render`] draws: cell size, margin, colours, grid lines, coordinates, starting points,
/// the last move and a title. Build it from [`Default`] with the `with_…` setters; sizes are
/// clamped by the setters.
///
/// ```
/// use grid_games::blokus::svg::SvgOptions;
/// use polyomino::svg::Rgb;
/// let opts = SvgOptions::default()
///     .with_cell_px(16)
///     .with_colours([Rgb::hex(0x0000ff), Rgb::hex(0xffff00), Rgb::hex(0xff0000), Rgb::hex(0x00ff00)])
///     .with_coordinates(false)
///     .with_last_move(false)
///     .with_title("Classic");
/// # let _ = opts;
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SvgOptions {
    cell_px: u32,
    margin_px: u32,
    colours: [Rgb; 4],
    empty: Rgb,
    background: Rgb,
    grid: bool,
    coordinates: bool,
    starts: bool,
    last_move: bool,
    title: Option<String>,
}

impl Default for SvgOptions {
    /// 24-pixel cells, a 10-pixel margin, [`BLUE`], [`YELLOW`], [`RED`], [`GREEN`] on a light
    /// grey board, grid lines, coordinates, starting points and the last move shown, no title.
    fn default() -> SvgOptions {
        SvgOptions {
            cell_px: 24,
            margin_px: 10,
            colours: [BLUE, YELLOW, RED, GREEN],
            empty: Rgb::hex(0xeeeeee),
            background: Rgb::WHITE,
            grid: true,
            coordinates: true,
            starts: true,
            last_move: true,
            title: None,
        }
    }
}

impl SvgOptions {
    /// Side of one cell in pixels, clamped to `1..=1000`.
    #[must_use]
    pub fn with_cell_px(mut self, px: u32) -> SvgOptions {
        self.cell_px = px.clamp(1, 1000);
        self
    }

    /// Space around the drawing in pixels, clamped to `0..=1000`.
    #[must_use]
    pub fn with_margin_px(mut self, px: u32) -> SvgOptions {
        self.margin_px = px.min(1000);
        self
    }

    /// The four colours in Pentobi's order Blue, Yellow, Red, Green. Classic colours 0–3 use
    /// them in turn; Duo's colour 0 uses the first (Blue) and its colour 1 the last (Green).
    #[must_use]
    pub fn with_colours(mut self, colours: [Rgb; 4]) -> SvgOptions {
        self.colours = colours;
        self
    }

    /// Colour of empty cells.
    #[must_use]
    pub fn with_empty(mut self, colour: Rgb) -> SvgOptions {
        self.empty = colour;
        self
    }

    /// Colour around the board.
    #[must_use]
    pub fn with_background(mut self, colour: Rgb) -> SvgOptions {
        self.background = colour;
        self
    }

    /// Whether to draw grid lines between cells.
    #[must_use]
    pub fn with_grid(mut self, grid: bool) -> SvgOptions {
        self.grid = grid;
        self
    }

    /// Whether to write column letters and row numbers around the board.
    #[must_use]
    pub fn with_coordinates(mut self, coordinates: bool) -> SvgOptions {
        self.coordinates = coordinates;
        self
    }

    /// Whether to mark the empty starting cells with a dot of their colour.
    #[must_use]
    pub fn with_starts(mut self, starts: bool) -> SvgOptions {
        self.starts = starts;
        self
    }

    /// Whether to mark the cells of the last move with white dots.
    #[must_use]
    pub fn with_last_move(mut self, last_move: bool) -> SvgOptions {
        self.last_move = last_move;
        self
    }

    /// A title, shown above the board and as the document's `<title>` (escaped).
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> SvgOptions {
        self.title = Some(title.into());
        self
    }

    /// The display colour of `colour` in `variant`.
    fn colour_of(&self, variant: Variant, colour: Colour) -> Rgb {
        match variant {
            Variant::Duo => self.colours[if colour.index() == 0 { 0 } else { 3 }],
            Variant::Classic | Variant::Classic2 => self.colours[colour.index() % 4],
        }
    }
}

/// Draws `pos` as an SVG document (see the [module documentation](self) for what is drawn and
/// the element classes). Cost: O(board cells), at most 400 cells, so it cannot fail.
///
/// ```
/// use grid_games::blokus::{Position, Variant, svg::{render, SvgOptions}};
/// let pos = Position::new(Variant::Classic);
/// let svg = render(&pos, &SvgOptions::default().with_cell_px(10).with_margin_px(0)
///     .with_coordinates(false));
/// assert!(svg.contains("width=\"200\" height=\"200\""));
/// assert_eq!(svg.matches("class=\"start\"").count(), 4); // the four empty corners
/// ```
pub fn render(pos: &Position, options: &SvgOptions) -> String {
    let variant = pos.variant();
    let size = variant.size();
    let n = f64::from(size);
    let cell = f64::from(options.cell_px);
    let margin = f64::from(options.margin_px);
    let font = (cell * 0.55).max(8.0);
    let coord = if options.coordinates { font * 1.6 } else { 0.0 };
    let title_h = if options.title.is_some() {
        font * 2.4
    } else {
        0.0
    };
    let title_font = font * 1.3;
    // Widen the picture for a long title (about 0.55 em per character) and centre the board.
    let content_w = coord + n * cell;
    let title_w = options
        .title
        .as_deref()
        .map_or(0.0, |t| t.chars().count() as f64 * title_font * 0.55);
    let slack = (title_w - content_w).max(0.0) / 2.0;
    let (x0, y0) = (margin + slack + coord, margin + title_h);
    let width = 2.0 * margin + 2.0 * slack + content_w;
    let height = y0 + n * cell + coord + margin;
    let ink = Rgb::hex(0x222222);
    let mut canvas = Canvas::new(width, height, options.title.as_deref());
    canvas.rect(0.0, 0.0, width, height, options.background, "background");
    if let Some(t) = &options.title {
        canvas.text(width / 2.0, margin + title_h / 2.0, title_font, ink, t);
    }
    canvas.rect(x0, y0, n * cell, n * cell, options.empty, "board");
    // Cells as (row from the top, col), so that `outline` works in picture coordinates.
    let at = |c: Cell| -> Option<Colour> {
        if c.row < 0 || c.col < 0 || c.row >= i32::from(size) || c.col >= i32::from(size) {
            return None;
        }
        pos.owner(Point::new(c.col as u8, (i32::from(size) - 1 - c.row) as u8))
    };
    let mut by_colour: [Vec<Cell>; 4] = Default::default();
    for row in 0..i32::from(size) {
        for col in 0..i32::from(size) {
            if let Some(c) = at(Cell::new(row, col)) {
                by_colour[c.index()].push(Cell::new(row, col));
            }
        }
    }
    for colour in variant.all_colours() {
        let fill = options.colour_of(variant, colour);
        let class = format!("cell colour{}", colour.index());
        for c in &by_colour[colour.index()] {
            let (x, y) = (x0 + f64::from(c.col) * cell, y0 + f64::from(c.row) * cell);
            canvas.rect(x, y, cell, cell, fill, &class);
        }
    }
    if options.grid {
        let lines: Vec<_> = (0..=size)
            .flat_map(|k| {
                let t = f64::from(k) * cell;
                [
                    (x0 + t, y0, x0 + t, y0 + n * cell),
                    (x0, y0 + t, x0 + n * cell, y0 + t),
                ]
            })
            .collect();
        canvas.segments(&lines, Rgb::hex(0xbbbbbb), (cell / 24.0).max(0.5), "grid");
    }
    // Piece borders: same-colour pieces never share an edge, so the edges between cells of
    // different owners are exactly the piece outlines.
    let mut borders = Vec::new();
    for colour in variant.all_colours() {
        let cells = &by_colour[colour.index()];
        borders.extend(outline(cells, |c| at(c) == Some(colour), cell, x0, y0));
    }
    canvas.segments(&borders, ink, (cell / 12.0).max(1.0), "outline");
    if options.starts {
        for colour in variant.all_colours() {
            if let Some(p) = variant.start(colour)
                && pos.owner(p).is_none()
            {
                let (cx, cy) = centre(p, size, cell, x0, y0);
                let fill = options.colour_of(variant, colour);
                canvas.circle(cx, cy, cell * 0.28, fill, Some((ink, 1.0)), "start");
            }
        }
    }
    if options.last_move
        && let Some((_, m)) = pos.history().last()
        && let Ok(points) = pos.table().points(m)
    {
        for p in points {
            let (cx, cy) = centre(p, size, cell, x0, y0);
            canvas.circle(cx, cy, cell * 0.17, Rgb::WHITE, Some((ink, 1.0)), "last");
        }
    }
    if options.coordinates {
        for k in 0..size {
            let t = f64::from(k) * cell + cell / 2.0;
            let letter = char::from(b'a' + k).to_string();
            canvas.text(x0 + t, y0 + n * cell + coord / 2.0, font, ink, &letter);
            let number = (u32::from(size) - u32::from(k)).to_string();
            canvas.text(x0 - coord / 2.0, y0 + t, font, ink, &number);
        }
    }
    canvas.finish()
}

/// Pixel centre of board point `p`.
fn centre(p: Point, size: u8, cell: f64, x0: f64, y0: f64) -> (f64, f64) {
    let row = f64::from(size - 1 - p.row);
    (
        x0 + (f64::from(p.col) + 0.5) * cell,
        y0 + (row + 0.5) * cell,
    )
}
