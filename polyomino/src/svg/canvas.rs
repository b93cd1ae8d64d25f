//! [`Canvas`]: the minimal SVG writer every picture of the family is drawn with, and the
//! helpers around it ([`escape`], [`outline`]).

use core::fmt::{self, Write as _};

use super::Rgb;
use crate::Cell;

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
    fn escape_drops_control_characters() {
        assert_eq!(escape("a\u{1}b'"), "ab&apos;");
    }
}
