//! SVG pictures: a polyomino set laid out in a grid of panels ([`render_set`]), and the small
//! building blocks the family's other renderers share ([`Rgb`], [`Canvas`], [`SvgError`]).
//!
//! Every renderer returns the document as a `String`; nothing here performs IO. Text (titles,
//! labels, class names) is XML-escaped, and numbers are written with Rust's locale-independent
//! formatting (at most two decimals).
//!
//! # Cost
//! Output is O(cells): each cell is one `<rect>` and contributes at most four outline segments;
//! a shape's bounding box is never drawn cell by cell, so a sparse shape with a huge bounding box
//! costs only its cells. Sets with more cells than [`SvgOptions::with_max_cells`] (default
//! [`DEFAULT_MAX_CELLS`]) are refused with [`SvgError::TooManyCells`] instead of building a
//! string of hundreds of megabytes.
//!
//! ```
//! use polyomino::{enumerate, svg::{render_set, SvgOptions}};
//! let pentominoes: Vec<_> = enumerate::free(5)?.collect();
//! let svg = render_set(&pentominoes, &SvgOptions::default().with_title("The 12 pentominoes"))?;
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"cell\"").count(), 60);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::{Cell, CellSet, SvgError};

/// The default limit on drawn cells: 250 000 cells make a document of roughly 20 MB.
pub const DEFAULT_MAX_CELLS: usize = 250_000;

/// An sRGB colour, written `#rrggbb`.
///
/// ```
/// use polyomino::svg::Rgb;
/// let c: Rgb = "#1F77b4".parse()?;
/// assert_eq!(c, Rgb::new(0x1f, 0x77, 0xb4));
/// assert_eq!(c, Rgb::hex(0x1f77b4));
/// assert_eq!(c.to_string(), "#1f77b4");
/// assert_eq!("#abc".parse::<Rgb>()?, Rgb::hex(0xaabbcc));
/// assert!("red".parse::<Rgb>().is_err());
/// # Ok::<(), polyomino::SvgError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
}

impl Rgb {
    /// Black.
    pub const BLACK: Rgb = Rgb::hex(0x000000);
    /// White.
    pub const WHITE: Rgb = Rgb::hex(0xffffff);

    /// The colour with these channels.
    ///
    /// ```
    /// use polyomino::svg::Rgb;
    /// assert_eq!(Rgb::new(255, 0, 0).to_string(), "#ff0000");
    /// ```
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }

    /// The colour `0xRRGGBB` (bits above the low 24 are ignored).
    ///
    /// ```
    /// use polyomino::svg::Rgb;
    /// assert_eq!(Rgb::hex(0x00ff00), Rgb::new(0, 255, 0));
    /// ```
    pub const fn hex(rgb: u32) -> Rgb {
        Rgb::new((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8)
    }

    /// This colour mixed with `other`: `t = 0` keeps it, `t = 1` gives `other` (clamped).
    ///
    /// ```
    /// use polyomino::svg::Rgb;
    /// assert_eq!(Rgb::BLACK.mix(Rgb::WHITE, 0.5), Rgb::hex(0x808080));
    /// ```
    #[must_use]
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let ch = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb::new(
            ch(self.r, other.r),
            ch(self.g, other.g),
            ch(self.b, other.b),
        )
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

impl FromStr for Rgb {
    type Err = SvgError;

    /// Reads `#rrggbb` or `#rgb` (hex digits in either case).
    fn from_str(s: &str) -> Result<Rgb, SvgError> {
        let bad = || SvgError::BadColour(s.to_string());
        let digits = s.strip_prefix('#').ok_or_else(bad)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let v = u32::from_str_radix(digits, 16).map_err(|_| bad())?;
        match digits.len() {
            6 => Ok(Rgb::hex(v)),
            3 => {
                let ch = |k: u32| ((v >> (4 * k)) & 0xf) as u8 * 17;
                Ok(Rgb::new(ch(2), ch(1), ch(0)))
            }
            _ => Err(bad()),
        }
    }
}

/// Writes `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, and characters XML 1.0
/// forbids (most control characters) dropped; safe in text content and in quoted attributes.
///
/// ```
/// use polyomino::svg::escape;
/// assert_eq!(escape("a < b & \"c\""), "a &lt; b &amp; &quot;c&quot;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A number as SVG writes it: at most two decimals, no exponent, no locale; NaN and infinities
/// become 0.
struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = if self.0.is_finite() { self.0 } else { 0.0 };
        let v = (v * 100.0).round() / 100.0;
        if v == v.trunc() && v.abs() < 1e15 {
            write!(f, "{}", v as i64)
        } else {
            let s = format!("{v:.2}");
            f.write_str(s.trim_end_matches('0').trim_end_matches('.'))
        }
    }
}

/// A minimal SVG document builder: the shared writer behind the family's renderers. Coordinates
/// are user units (pixels), `(0, 0)` at the top left; every string argument is escaped.
///
/// ```
/// use polyomino::svg::{Canvas, Rgb};
/// let mut c = Canvas::new(40.0, 20.0, Some("two <cells>"));
/// c.rect(0.0, 0.0, 20.0, 20.0, Rgb::hex(0xff0000), "cell");
/// c.rect(20.0, 0.0, 20.0, 20.0, Rgb::hex(0x0000ff), "cell");
/// c.segments(&[(20.0, 0.0, 20.0, 20.0)], Rgb::BLACK, 1.0, "grid");
/// c.text(20.0, 10.0, 8.0, Rgb::WHITE, "A & B");
/// let svg = c.finish();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\""));
/// assert!(svg.contains("<title>two &lt;cells&gt;</title>"));
/// assert!(svg.contains(">A &amp; B</text>"));
/// assert!(svg.ends_with("</svg>\n"));
/// ```
#[derive(Clone, Debug)]
pub struct Canvas {
    out: String,
}

impl Canvas {
    /// Starts a document `width × height` pixels (negative or non-finite sizes become 0), with
    /// an optional `<title>`.
    ///
    /// ```
    /// use polyomino::svg::Canvas;
    /// let svg = Canvas::new(10.0, 5.5, None).finish();
    /// assert!(svg.contains("viewBox=\"0 0 10 5.5\""));
    /// ```
    pub fn new(width: f64, height: f64, title: Option<&str>) -> Canvas {
        let clean = |v: f64| if v.is_finite() && v > 0.0 { v } else { 0.0 };
        let (w, h) = (Num(clean(width)), Num(clean(height)));
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n"
        );
        if let Some(t) = title {
            let _ = writeln!(out, "<title>{}</title>", escape(t));
        }
        Canvas { out }
    }

    /// A filled rectangle with a `class` attribute (omitted when empty).
    ///
    /// ```
    /// use polyomino::svg::{Canvas, Rgb};
    /// let mut c = Canvas::new(10.0, 10.0, None);
    /// c.rect(1.0, 2.0, 3.0, 4.0, Rgb::BLACK, "cell");
    /// assert!(c.finish().contains("<rect class=\"cell\" x=\"1\" y=\"2\" width=\"3\" height=\"4\" fill=\"#000000\"/>"));
    /// ```
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: Rgb, class: &str) {
        let _ = writeln!(
            self.out,
            "<rect{} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>",
            Class(class),
            Num(x),
            Num(y),
            Num(w.max(0.0)),
            Num(h.max(0.0))
        );
    }

    /// A filled rectangle with a stroked border, for frames and backgrounds.
    ///
    /// ```
    /// use polyomino::svg::{Canvas, Rgb};
    /// let mut c = Canvas::new(10.0, 10.0, None);
    /// c.framed_rect(0.0, 0.0, 10.0, 10.0, Rgb::WHITE, Rgb::BLACK, 0.5, "board");
    /// assert!(c.finish().contains("stroke-width=\"0.5\""));
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn framed_rect(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: Rgb,
        stroke: Rgb,
        stroke_width: f64,
        class: &str,
    ) {
        let _ = writeln!(
            self.out,
            "<rect{} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
            Class(class),
            Num(x),
            Num(y),
            Num(w.max(0.0)),
            Num(h.max(0.0)),
            Num(stroke_width)
        );
    }

    /// Line segments `(x1, y1, x2, y2)` stroked as one `<path>` (nothing for no segment).
    ///
    /// ```
    /// use polyomino::svg::{Canvas, Rgb};
    /// let mut c = Canvas::new(10.0, 10.0, None);
    /// c.segments(&[(0.0, 0.0, 10.0, 0.0), (0.0, 5.0, 10.0, 5.0)], Rgb::BLACK, 1.0, "grid");
    /// assert!(c.finish().contains("d=\"M0 0H10M0 5H10\""));
    /// ```
    pub fn segments(
        &mut self,
        segs: &[(f64, f64, f64, f64)],
        stroke: Rgb,
        width: f64,
        class: &str,
    ) {
        if segs.is_empty() {
            return;
        }
        let mut d = String::with_capacity(segs.len() * 12);
        for &(x1, y1, x2, y2) in segs {
            let _ = write!(d, "M{} {}", Num(x1), Num(y1));
            if y1 == y2 {
                let _ = write!(d, "H{}", Num(x2));
            } else if x1 == x2 {
                let _ = write!(d, "V{}", Num(y2));
            } else {
                let _ = write!(d, "L{} {}", Num(x2), Num(y2));
            }
        }
        let _ = writeln!(
            self.out,
            "<path{} d=\"{d}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{}\" stroke-linecap=\"square\"/>",
            Class(class),
            Num(width)
        );
    }

    /// An open polyline through `points`, with round joins (nothing for fewer than two points).
    ///
    /// ```
    /// use polyomino::svg::{Canvas, Rgb};
    /// let mut c = Canvas::new(10.0, 10.0, None);
    /// c.polyline(&[(0.0, 0.0), (5.0, 5.0), (10.0, 0.0)], Rgb::BLACK, 2.0, "path");
    /// assert!(c.finish().contains("points=\"0,0 5,5 10,0\""));
    /// ```
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: Rgb, width: f64, class: &str) {
        if points.len() < 2 {
            return;
        }
        let _ = writeln!(
            self.out,
            "<polyline{} points=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
            Class(class),
            Points(points),
            Num(width)
        );
    }

    /// A filled polygon (nothing for fewer than three points).
    ///
    /// ```
    /// use polyomino::svg::{Canvas, Rgb};
    /// let mut c = Canvas::new(10.0, 10.0, None);
    /// c.polygon(&[(0.0, 0.0), (10.0, 0.0), (5.0, 8.0)], Rgb::BLACK, "arrow");
    /// assert!(c.finish().contains("<polygon class=\"arrow\" points=\"0,0 10,0 5,8\""));
    /// ```
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: Rgb, class: &str) {
        if points.len() < 3 {
            return;
        }
        let _ = writeln!(
            self.out,
            "<polygon{} points=\"{}\" fill=\"{fill}\"/>",
            Class(class),
            Points(points)
        );
    }

    /// A filled circle, optionally with a border `(colour, width)`.
    ///
    /// ```
    /// use polyomino::svg::{Canvas, Rgb};
    /// let mut c = Canvas::new(10.0, 10.0, None);
    /// c.circle(5.0, 5.0, 2.5, Rgb::WHITE, Some((Rgb::BLACK, 1.0)), "head");
    /// assert!(c.finish().contains("<circle class=\"head\" cx=\"5\" cy=\"5\" r=\"2.5\""));
    /// ```
    pub fn circle(
        &mut self,
        cx: f64,
        cy: f64,
        r: f64,
        fill: Rgb,
        stroke: Option<(Rgb, f64)>,
        class: &str,
    ) {
        let _ = write!(
            self.out,
            "<circle{} cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\"",
            Class(class),
            Num(cx),
            Num(cy),
            Num(r.max(0.0))
        );
        if let Some((colour, width)) = stroke {
            let _ = write!(
                self.out,
                " stroke=\"{colour}\" stroke-width=\"{}\"",
                Num(width)
            );
        }
        self.out.push_str("/>\n");
    }

    /// Text centred on `(x, y)` horizontally and vertically, `size` pixels high.
    ///
    /// ```
    /// use polyomino::svg::{Canvas, Rgb};
    /// let mut c = Canvas::new(10.0, 10.0, None);
    /// c.text(5.0, 5.0, 8.0, Rgb::BLACK, "<3");
    /// assert!(c.finish().contains(">&lt;3</text>"));
    /// ```
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: Rgb, text: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{fill}\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            Num(x),
            Num(y),
            Num(size.max(0.0)),
            escape(text)
        );
    }

    /// Closes the document and returns it.
    ///
    /// ```
    /// use polyomino::svg::Canvas;
    /// assert!(Canvas::new(1.0, 1.0, None).finish().ends_with("</svg>\n"));
    /// ```
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// ` class="…"`, or nothing for an empty class.
struct Class<'a>(&'a str);

impl fmt::Display for Class<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            Ok(())
        } else {
            write!(f, " class=\"{}\"", escape(self.0))
        }
    }
}

/// `x,y x,y …`.
struct Points<'a>(&'a [(f64, f64)]);

impl fmt::Display for Points<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(x, y)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{},{}", Num(x), Num(y))?;
        }
        Ok(())
    }
}

/// The outline of a cell set: the unit edges between a member cell and a non-member, as pixel
/// segments for cells `size` pixels wide whose cell `(0, 0)` has its corner at `(x0, y0)`.
/// `member` decides membership (it is asked about the four neighbours of every cell). O(cells).
///
/// ```
/// use polyomino::{Cell, svg::outline};
/// let cells = [Cell::new(0, 0), Cell::new(0, 1)];
/// let segs = outline(&cells, |c| cells.contains(&c), 10.0, 0.0, 0.0);
/// assert_eq!(segs.len(), 6); // a domino has six unit edges on its boundary
/// ```
pub fn outline(
    cells: &[Cell],
    member: impl Fn(Cell) -> bool,
    size: f64,
    x0: f64,
    y0: f64,
) -> Vec<(f64, f64, f64, f64)> {
    let mut segs = Vec::new();
    for &c in cells {
        let x = x0 + f64::from(c.col) * size;
        let y = y0 + f64::from(c.row) * size;
        let [up, left, right, down] = c.edge_neighbours();
        if !member(up) {
            segs.push((x, y, x + size, y));
        }
        if !member(left) {
            segs.push((x, y, x, y + size));
        }
        if !member(right) {
            segs.push((x + size, y, x + size, y + size));
        }
        if !member(down) {
            segs.push((x, y + size, x + size, y + size));
        }
    }
    segs
}

/// The default polyomino palette: twelve light, distinct colours.
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

/// How [`render_set`] draws: sizes in pixels, colours, grid lines, labels, a title and the cell
/// limit. Build it from [`Default`] with the `with_…` setters; out-of-range values are clamped
/// by the setters (documented on each).
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
/// # let _ = opts;
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SvgOptions {
    cell_px: u32,
    margin_px: u32,
    gap_px: u32,
    columns: Option<usize>,
    palette: Vec<Rgb>,
    background: Rgb,
    outline: Rgb,
    grid: bool,
    labels: bool,
    title: Option<String>,
    max_cells: usize,
}

impl Default for SvgOptions {
    /// 20-pixel cells, a 10-pixel margin, 20-pixel gaps between panels, about as many columns
    /// as rows, [`DEFAULT_PALETTE`] on white, dark outlines, grid lines, no labels, no title,
    /// at most [`DEFAULT_MAX_CELLS`] cells.
    fn default() -> SvgOptions {
        SvgOptions {
            cell_px: 20,
            margin_px: 10,
            gap_px: 20,
            columns: None,
            palette: DEFAULT_PALETTE.to_vec(),
            background: Rgb::WHITE,
            outline: Rgb::hex(0x333333),
            grid: true,
            labels: false,
            title: None,
            max_cells: DEFAULT_MAX_CELLS,
        }
    }
}

impl SvgOptions {
    /// Side of one cell in pixels, clamped to `1..=1000`.
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// let o = SvgOptions::default().with_cell_px(10).with_margin_px(0).with_gap_px(0);
    /// let svg = render_set(&shapes, &o)?;
    /// assert!(svg.contains("width=\"40\" height=\"10\"")); // two 2 × 1 panels of 10 px cells
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_cell_px(mut self, px: u32) -> SvgOptions {
        self.cell_px = px.clamp(1, 1000);
        self
    }

    /// Space around the drawing in pixels, clamped to `0..=1000`.
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// let o = SvgOptions::default().with_cell_px(10).with_gap_px(0).with_margin_px(5);
    /// assert!(render_set(&shapes, &o)?.contains("width=\"50\" height=\"20\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_margin_px(mut self, px: u32) -> SvgOptions {
        self.margin_px = px.min(1000);
        self
    }

    /// Space between panels in pixels, clamped to `0..=1000`.
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// let o = SvgOptions::default().with_cell_px(10).with_margin_px(0).with_gap_px(5);
    /// assert!(render_set(&shapes, &o)?.contains("width=\"45\"")); // 20 + 5 + 20
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_gap_px(mut self, px: u32) -> SvgOptions {
        self.gap_px = px.min(1000);
        self
    }

    /// Panels per row (at least 1); by default about as many columns as rows.
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// // One column: the panels are stacked.
    /// let o = SvgOptions::default().with_cell_px(10).with_margin_px(0).with_gap_px(0).with_columns(1);
    /// assert!(render_set(&shapes, &o)?.contains("width=\"20\" height=\"20\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_columns(mut self, columns: usize) -> SvgOptions {
        self.columns = Some(columns.max(1));
        self
    }

    /// Fill colours, used in turn for the shapes; an empty palette is refused by the renderer
    /// ([`SvgError::EmptyPalette`]).
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// use polyomino::svg::Rgb;
    /// let o = SvgOptions::default().with_palette(vec![Rgb::hex(0xff0000), Rgb::hex(0x0000ff)]);
    /// let svg = render_set(&shapes, &o)?;
    /// assert_eq!(svg.matches("fill=\"#ff0000\"").count(), 2); // the first shape's two cells
    /// assert_eq!(svg.matches("fill=\"#0000ff\"").count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_palette(mut self, palette: Vec<Rgb>) -> SvgOptions {
        self.palette = palette;
        self
    }

    /// Background colour.
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// use polyomino::svg::Rgb;
    /// let svg = render_set(&shapes, &SvgOptions::default().with_background(Rgb::BLACK))?;
    /// assert!(svg.contains("<rect class=\"background\" x=\"0\" y=\"0\"") && svg.contains("fill=\"#000000\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_background(mut self, colour: Rgb) -> SvgOptions {
        self.background = colour;
        self
    }

    /// Colour of the shape outlines (grid lines use a lighter mix of it).
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// use polyomino::svg::Rgb;
    /// let svg = render_set(&shapes, &SvgOptions::default().with_outline(Rgb::hex(0x123456)))?;
    /// assert!(svg.contains("class=\"outline\"") && svg.contains("stroke=\"#123456\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_outline(mut self, colour: Rgb) -> SvgOptions {
        self.outline = colour;
        self
    }

    /// Whether to draw thin lines between the cells of a shape.
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// assert!(render_set(&shapes, &SvgOptions::default())?.contains("class=\"grid\""));
    /// assert!(!render_set(&shapes, &SvgOptions::default().with_grid(false))?.contains("class=\"grid\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_grid(mut self, grid: bool) -> SvgOptions {
        self.grid = grid;
        self
    }

    /// Whether to write each shape's index in the slice under its panel.
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// let svg = render_set(&shapes, &SvgOptions::default().with_labels(true))?;
    /// assert!(svg.contains(">0</text>") && svg.contains(">1</text>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_labels(mut self, labels: bool) -> SvgOptions {
        self.labels = labels;
        self
    }

    /// A title, shown above the drawing and as the document's `<title>` (escaped).
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// let svg = render_set(&shapes, &SvgOptions::default().with_title("Dominoes & co"))?;
    /// assert!(svg.contains("<title>Dominoes &amp; co</title>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> SvgOptions {
        self.title = Some(title.into());
        self
    }

    /// The most cells the renderer draws before refusing with [`SvgError::TooManyCells`].
    ///
    /// ```
    /// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
    /// let shapes = [Polyomino::parse("##")?, Polyomino::parse("##")?];
    /// use polyomino::SvgError;
    /// let err = render_set(&shapes, &SvgOptions::default().with_max_cells(3)).unwrap_err();
    /// assert_eq!(err, SvgError::TooManyCells { cells: 4, max: 3 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_max_cells(mut self, max: usize) -> SvgOptions {
        self.max_cells = max;
        self
    }
}

/// Draws `shapes` in a grid of equal panels (the largest height × the largest width among them),
/// row by row, each shape centred in its panel and filled with the next palette colour, with a
/// dark outline and (optionally) thin lines between its cells. Every cell is one
/// `<rect class="cell">`.
///
/// Cost: O(total cells) time and output; bounding boxes are never scanned. An empty slice gives
/// an empty (margin-only) picture.
///
/// # Errors
/// [`SvgError::TooManyCells`] when the shapes have more cells in total than the options'
/// limit; [`SvgError::EmptyPalette`] for an empty palette.
///
/// ```
/// use polyomino::{Polyomino, svg::{render_set, SvgOptions}};
/// let shapes = [Polyomino::parse("##\n#.")?, Polyomino::parse("###")?];
/// let svg = render_set(&shapes, &SvgOptions::default().with_labels(true))?;
/// assert_eq!(svg.matches("<rect class=\"cell\"").count(), 6);
/// assert!(svg.contains(">1</text>"));
/// // Far-apart cells cost only their cells, not their 10⁹-wide bounding box:
/// let sparse = polyomino::CellSet::from_cells([(0, 0).into(), (0, 1_000_000_000).into()])?;
/// assert!(render_set(&[sparse], &SvgOptions::default())?.len() < 2000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render_set<S: AsRef<CellSet>>(
    shapes: &[S],
    options: &SvgOptions,
) -> Result<String, SvgError> {
    let shapes: Vec<&CellSet> = shapes.iter().map(AsRef::as_ref).collect();
    let total: usize = shapes.iter().map(|s| s.size()).sum();
    if total > options.max_cells {
        return Err(SvgError::TooManyCells {
            cells: total,
            max: options.max_cells,
        });
    }
    if options.palette.is_empty() {
        return Err(SvgError::EmptyPalette);
    }
    let cell = f64::from(options.cell_px);
    let margin = f64::from(options.margin_px);
    let gap = f64::from(options.gap_px);
    let n = shapes.len();
    let panel_h = shapes.iter().map(|s| s.height()).max().unwrap_or(0);
    let panel_w = shapes.iter().map(|s| s.width()).max().unwrap_or(0);
    let columns = match options.columns {
        Some(c) => c.min(n.max(1)),
        None => (1..=n.max(1)).find(|c| c * c >= n).unwrap_or(1),
    };
    let rows = n.div_ceil(columns);
    let font = (cell * 0.8).max(10.0);
    let label_h = if options.labels { font * 2.0 } else { 0.0 };
    let title_h = if options.title.is_some() {
        font * 2.0
    } else {
        0.0
    };
    let pw = f64::from(panel_w) * cell;
    let ph = f64::from(panel_h) * cell;
    let gaps = |k: usize| k.saturating_sub(1) as f64 * gap;
    let width = 2.0 * margin + columns as f64 * pw + gaps(columns);
    let height = 2.0 * margin + title_h + rows as f64 * (ph + label_h) + gaps(rows);
    let mut canvas = Canvas::new(width, height, options.title.as_deref());
    canvas.rect(0.0, 0.0, width, height, options.background, "background");
    if let Some(t) = &options.title {
        canvas.text(width / 2.0, margin + font, font * 1.2, options.outline, t);
    }
    let grid_colour = options.outline.mix(Rgb::WHITE, 0.55);
    for (i, shape) in shapes.iter().enumerate() {
        let (r, c) = (i / columns, i % columns);
        let px = margin + c as f64 * (pw + gap);
        let py = margin + title_h + r as f64 * (ph + label_h + gap);
        // Centre the shape in its panel.
        let x0 = px + f64::from(panel_w - shape.width()) * cell / 2.0;
        let y0 = py + f64::from(panel_h - shape.height()) * cell / 2.0;
        let fill = options.palette[i % options.palette.len()];
        for cell_at in shape.cells() {
            let x = x0 + f64::from(cell_at.col) * cell;
            let y = y0 + f64::from(cell_at.row) * cell;
            canvas.rect(x, y, cell, cell, fill, "cell");
        }
        if options.grid {
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
        canvas.segments(&border, options.outline, (cell / 10.0).max(1.0), "outline");
        if options.labels {
            canvas.text(
                px + pw / 2.0,
                py + ph + label_h * 0.6,
                font,
                options.outline,
                &i.to_string(),
            );
        }
    }
    Ok(canvas.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_plain() {
        assert_eq!(Num(3.0).to_string(), "3");
        assert_eq!(Num(-2.5).to_string(), "-2.5");
        assert_eq!(Num(0.125).to_string(), "0.13");
        assert_eq!(Num(1.0 / 3.0).to_string(), "0.33");
        assert_eq!(Num(f64::NAN).to_string(), "0");
        assert_eq!(Num(2.56e11).to_string(), "256000000000");
        assert!(!Num(1e300).to_string().contains('e'));
    }

    #[test]
    fn colours_parse_strictly() {
        for bad in [
            "", "#", "#12", "#12345", "#1234567", "#ggg", "123456", "#+12345",
        ] {
            assert!(bad.parse::<Rgb>().is_err(), "{bad}");
        }
        assert_eq!("#000".parse::<Rgb>(), Ok(Rgb::BLACK));
    }

    #[test]
    fn escape_drops_control_characters() {
        assert_eq!(escape("a\u{1}b'"), "ab&apos;");
    }
}
