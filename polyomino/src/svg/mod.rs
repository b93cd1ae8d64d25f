//! SVG pictures, the same way for every value of the family: anything drawable implements
//! [`ToSvg`], and every picture takes one options type, [`SvgOptions`].
//!
//! ```
//! use polyomino::{enumerate, svg::{SvgOptions, ToSvg}};
//! let pentominoes: Vec<_> = enumerate::free(5)?.collect();
//! let svg = pentominoes.to_svg(&SvgOptions::default().with_title("The 12 pentominoes"))?;
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"cell\"").count(), 60);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What draws
//!
//! | value | picture | crate |
//! |---|---|---|
//! | a slice of [`CellSet`](crate::CellSet)s or [`Polyomino`](crate::Polyomino)s, one `CellSet` or `Polyomino` | one panel per shape | `polyomino` |
//! | [`Board`](crate::Board) | free and blocked cells | `polyomino` |
//! | Blokus and paper.io positions | the board, pieces or territories and trails | `grid-games` |
//! | a level plan | the site, footprints, walking path | `level-planner` |
//!
//! # Options and defaults
//!
//! [`SvgOptions`] holds every setting a picture of the family can have; a picture ignores the
//! ones it has no use for, and an option left unset takes the picture's own default, written
//! on each `to_svg`. For this crate's pictures:
//!
//! | option | shape sets | boards |
//! |---|---|---|
//! | cell size | 20 px | 20 px |
//! | palette | [`DEFAULT_PALETTE`] | – |
//! | ink (outlines, text) | `#333333` | `#333333` |
//! | empty / blocked cells | – | `#fafafa` / `#555555` |
//! | grid lines | on (between a shape's cells) | on |
//! | labels | off (panel indices) | – |
//!
//! Margin (10 px), gap between panels (20 px), background (white), title (none) and the cell
//! limit ([`DEFAULT_MAX_CELLS`]) have one default for every picture.
//!
//! # Building blocks
//!
//! The family's pictures are drawn with the same pieces, public so that a picture of your own
//! looks like them: [`Canvas`] (a minimal SVG writer: rectangles, segments, polylines,
//! polygons, circles, text), [`GridPicture`] (a board of square cells with margin, title and
//! grid lines on a canvas), [`outline`] (the border of a cell set) and [`Rgb`]. Text (titles,
//! labels, class names) is XML-escaped ([`escape`]), and numbers are written with Rust's
//! locale-independent formatting (at most two decimals). Nothing here performs IO: every
//! picture is returned as a `String`.
//!
//! # Cost
//! Output is O(drawn cells): each cell is one `<rect>` and contributes at most four outline
//! segments; a shape's bounding box is never drawn cell by cell, so a sparse shape with a huge
//! bounding box costs only its cells. Pictures with more cells than
//! [`SvgOptions::with_max_cells`] (default [`DEFAULT_MAX_CELLS`]) are refused with
//! [`SvgError::TooManyCells`] instead of building a string of
//! hundreds of megabytes.

mod canvas;
mod colour;
mod grid;
mod options;
mod shapes;

pub use canvas::{Canvas, escape, outline};
pub use colour::Rgb;
pub use grid::GridPicture;
pub use options::SvgOptions;
pub use shapes::DEFAULT_PALETTE;

pub use crate::SvgError;

/// The default limit on drawn cells: 250 000 cells make a document of roughly 20 MB.
pub const DEFAULT_MAX_CELLS: usize = 250_000;

/// A value that draws itself as an SVG document (a `String`; no IO).
///
/// Implemented in this crate by shape sets (slices, so `Vec`s and arrays too), single shapes
/// and boards, and by the other crates of the family for their positions and plans, all with
/// the same [`SvgOptions`].
///
/// ```
/// use polyomino::{Board, Polyomino, svg::{SvgOptions, ToSvg}};
/// let options = SvgOptions::default().with_cell_px(10);
/// let l = Polyomino::parse("#.\n##")?;
/// assert!(l.to_svg(&options)?.contains("class=\"cell\""));
/// assert!(vec![l.clone(), l].to_svg(&options)?.contains("class=\"outline\""));
/// assert!(Board::new(3, 3)?.to_svg(&options)?.contains("class=\"board\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ToSvg {
    /// The picture as an SVG document.
    ///
    /// # Errors
    /// [`SvgError::TooManyCells`] when the picture would draw more cells than
    /// [`SvgOptions::max_cells`]; [`SvgError::EmptyPalette`] when it needs a palette and the
    /// options give an empty one.
    fn to_svg(&self, options: &SvgOptions) -> Result<String, SvgError>;
}
