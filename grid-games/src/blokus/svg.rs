//! The SVG picture of a Blokus [`Position`]: `Position` implements
//! [`ToSvg`], with the family's one [`SvgOptions`].
//!
//! The board is drawn top row first, as the text picture (`format!("{position:#}")`) prints
//! it (`a1` at the bottom left), with Pentobi's colours: Blue, Yellow, Red, Green for the four
//! colours of Classic, Blue and Green for the two of Duo. Occupied cells are
//! `<rect class="cell colourK">` (`K` the [`Colour`] index), piece borders are dark outlines,
//! empty starting cells carry a dot in their colour, and the last move's cells white dots.
//! Nothing here performs IO; the output is O(board cells) (at most 400 cells).
//!
//! | option | default |
//! |---|---|
//! | cell size | 24 px |
//! | palette | [`DEFAULT_PALETTE`]: Blue, Yellow, Red, Green (Duo uses the first and the fourth) |
//! | ink (borders, text) | `#222222` |
//! | empty cells | `#eeeeee` |
//! | grid lines | on |
//! | labels | on: the coordinates `a`… along the bottom and `1`… up the left side |
//! | marks | on: free starting points and the last move |
//!
//! ```
//! use grid_games::blokus::{self, Variant, svg::{SvgOptions, ToSvg}};
//! let mut pos = blokus::Position::new(Variant::Duo);
//! pos.play(pos.parse_move("e8,d9,e9,f9,e10")?)?;
//! let svg = pos.to_svg(&SvgOptions::default().with_title("Duo after one move"))?;
//! assert_eq!(svg.matches("class=\"cell colour0\"").count(), 5);
//! assert!(svg.contains("<title>Duo after one move</title>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use polyomino::Cell;
pub use polyomino::SvgError;
use polyomino::svg::{GridPicture, Rgb};
pub use polyomino::svg::{SvgOptions, ToSvg};

use super::{Colour, Point, Position, Variant};

/// Pentobi's Blue.
pub const BLUE: Rgb = Rgb::hex(0x2a6fdb);
/// Pentobi's Yellow.
pub const YELLOW: Rgb = Rgb::hex(0xf2c21b);
/// Pentobi's Red.
pub const RED: Rgb = Rgb::hex(0xd9342b);
/// Pentobi's Green.
pub const GREEN: Rgb = Rgb::hex(0x2e9e44);

/// The default colours, in [`Colour`] order: Blue, Yellow, Red, Green.
pub const DEFAULT_PALETTE: [Rgb; 4] = [BLUE, YELLOW, RED, GREEN];

/// The fill of `colour`: Duo's two colours are Pentobi's Blue and Green, the first and the
/// fourth palette entries; Junior's are Green and Yellow (the fourth and the second, after
/// Pentobi's Green and Orange); the four-colour variants' are the palette in order (cycled
/// when shorter).
fn fill(palette: &[Rgb], variant: Variant, colour: Colour) -> Rgb {
    let k = match (variant, colour.index()) {
        (Variant::Duo, 1) | (Variant::Junior, 0) => 3,
        (Variant::Junior, _) => 1,
        (_, k) => k,
    };
    palette[k % palette.len()]
}

impl ToSvg for Position {
    /// The position as an SVG picture (see the [module](self) for what is drawn and the
    /// defaults).
    ///
    /// ```
    /// use grid_games::blokus::{self, Variant, svg::{SvgOptions, ToSvg}};
    /// let svg = blokus::Position::new(Variant::Classic).to_svg(&SvgOptions::default().with_labels(false))?;
    /// assert_eq!(svg.matches("class=\"start\"").count(), 4);
    /// assert!(!svg.contains("<text"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SvgError::EmptyPalette`] for an empty palette; never
    /// [`SvgError::TooManyCells`](polyomino::SvgError::TooManyCells) below 400 cells of limit.
    fn to_svg(&self, options: &SvgOptions) -> Result<String, SvgError> {
        let variant = self.variant();
        let size = variant.size();
        let n = i32::from(size);
        options.check_cells(usize::from(size) * usize::from(size))?;
        let palette = options.palette_or(&DEFAULT_PALETTE)?;
        let ink = options.ink_or(Rgb::hex(0x222222));
        let cell_px = options.cell_px_or(24);
        let cell = f64::from(cell_px);
        let font = (cell * 0.55).max(8.0);
        let labels = options.labels_or(true);
        let gutter = if labels { font * 1.6 } else { 0.0 };
        let size = usize::from(size);
        let mut picture = GridPicture::new(size, size, cell_px, gutter, ink, options);
        picture.board(options.empty_or(Rgb::hex(0xeeeeee)), "board");
        // Cells as (row from the top, col), the picture's coordinates.
        let at = |c: Cell| -> Option<Colour> {
            if c.row < 0 || c.col < 0 || c.row >= n || c.col >= n {
                return None;
            }
            self.owner(Point::new(c.col as u8, (n - 1 - c.row) as u8))
        };
        let mut by_colour: [Vec<Cell>; 4] = Default::default();
        for row in 0..n {
            for col in 0..n {
                if let Some(c) = at(Cell::new(row, col)) {
                    by_colour[c.index()].push(Cell::new(row, col));
                }
            }
        }
        for colour in variant.all_colours() {
            let class = format!("cell colour{}", colour.index());
            for &c in &by_colour[colour.index()] {
                picture.cell(c, fill(palette, variant, colour), &class);
            }
        }
        if options.grid_or(true) {
            picture.grid_lines(Rgb::hex(0xbbbbbb), (cell / 24.0).max(0.5));
        }
        // Piece borders: same-colour pieces never share an edge, so the edges between cells of
        // different owners are exactly the piece outlines.
        let width = (cell / 12.0).max(1.0);
        for colour in variant.all_colours() {
            let cells = &by_colour[colour.index()];
            picture.outline(cells, |c| at(c) == Some(colour), ink, width, "outline");
        }
        let point_cell = |p: Point| Cell::new(n - 1 - i32::from(p.row), i32::from(p.col));
        if options.marks_or(true) {
            for colour in variant.all_colours() {
                if let Some(p) = variant.start(colour)
                    && self.owner(p).is_none()
                {
                    let (cx, cy) = picture.centre(point_cell(p));
                    let dot = fill(palette, variant, colour);
                    picture
                        .canvas()
                        .circle(cx, cy, cell * 0.28, dot, Some((ink, 1.0)), "start");
                }
            }
            if let Some((_, m)) = self.history().last()
                && let Ok(points) = self.table().points(m)
            {
                for p in points {
                    let (cx, cy) = picture.centre(point_cell(p));
                    let canvas = picture.canvas();
                    canvas.circle(cx, cy, cell * 0.17, Rgb::WHITE, Some((ink, 1.0)), "last");
                }
            }
        }
        if labels {
            let (x0, y0) = picture.origin();
            let (_, board_h) = picture.board_size();
            for k in 0..n {
                let t = f64::from(k) * cell + cell / 2.0;
                let letter = char::from(b'a' + k as u8).to_string();
                let number = (n - k).to_string();
                let canvas = picture.canvas();
                canvas.text(x0 + t, y0 + board_h + gutter / 2.0, font, ink, &letter);
                canvas.text(x0 - gutter / 2.0, y0 + t, font, ink, &number);
            }
        }
        Ok(picture.finish())
    }
}
