//! Polyominoes as cell sets: the eight symmetries of the square, canonical forms, enumeration of
//! fixed / one-sided / free polyominoes, arbitrary-angle rotation onto the grid, and placement
//! bitboards on rectangular boards.
//!
//! # Three small examples
//!
//! Parse and print a shape, turn it, and compare shapes through their canonical forms:
//!
//! ```
//! use polyomino::{Equivalence, Polyomino, Transform};
//! let f: Polyomino = ".##\n##.\n.#.".parse()?;
//! assert_eq!(f.size(), 5);
//! assert_eq!(f.transform(Transform::Rotate90).to_string(), "#..\n###\n.#.");
//! // The F pentomino has no symmetry, so it has 8 orientations:
//! assert_eq!(f.symmetry_group().len(), 1);
//! assert_eq!(f.orientations(Equivalence::Free).len(), 8);
//! // Its mirror image is the same free pentomino but another one-sided one:
//! let mirrored = f.transform(Transform::MirrorLeftRight);
//! assert_eq!(mirrored.canonical(Equivalence::Free), f.canonical(Equivalence::Free));
//! assert_ne!(mirrored.canonical(Equivalence::OneSided), f.canonical(Equivalence::OneSided));
//! # Ok::<(), polyomino::ShapeError>(())
//! ```
//!
//! Enumerate and count polyominoes:
//!
//! ```
//! use polyomino::{enumerate, Equivalence};
//! assert_eq!(enumerate::free(4)?.count(), 5); // the five tetrominoes
//! assert_eq!(enumerate::free(5)?.count(), 12); // the twelve pentominoes
//! // Counting is much faster than listing (Burnside's lemma over the fixed count):
//! assert_eq!(enumerate::count(10, Equivalence::Free)?, 4655);
//! let counts = enumerate::counts_up_to(6, &enumerate::Options::default())?;
//! assert_eq!(counts.iter().map(|c| c.one_sided).collect::<Vec<_>>(), [1, 1, 2, 7, 18, 60]);
//! # Ok::<(), polyomino::EnumerateError>(())
//! ```
//!
//! Place pieces on a board with blocked cells; every placement carries a bitboard mask, so a
//! fit test is one bitboard intersection over the piece's rows:
//!
//! ```
//! use polyomino::{Bitboard, Board, Cell, Equivalence, Polyomino};
//! let board = Board::parse("
//!     .....
//!     .....
//!     ..#..
//!     .....
//!     .....
//! ")?;
//! let f = Polyomino::parse(".##\n##.\n.#.")?;
//! let placements = board.placements_of(&[f], Equivalence::Free);
//! // Of 8 orientations × 9 positions, 32 avoid the blocked centre:
//! assert_eq!(placements.len(), 32);
//! assert!(placements.iter().all(|p| !p.mask().contains(Cell::new(2, 2))));
//! // Put the first placement down; 14 placements do not overlap it:
//! let occupied: Bitboard = placements[0].mask().clone();
//! assert_eq!(placements.iter().filter(|p| p.fits(&occupied)).count(), 14);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! To look at shapes, [`svg::ToSvg::to_svg`] draws a set of them as an SVG string (see
//! [`svg`] below).
//!
//! # The pieces
//!
//! * [`Cell`]: a grid square `(row, col)`, rows growing downward.
//! * [`CellSet`]: a non-empty cell set up to translation, connected or not, with ASCII parsing
//!   and printing, size, bounding box, 4-connectivity and holes.
//! * [`Polyomino`]: a 4-connected [`CellSet`], connected by construction (other cell sets are
//!   refused with [`ShapeError::Disconnected`]); it dereferences to its `CellSet`, so every
//!   `CellSet` method works on it.
//!
//!   ```
//!   use polyomino::{CellSet, Polyomino, ShapeError};
//!   assert_eq!("##.\n..#".parse::<Polyomino>(), Err(ShapeError::Disconnected));
//!   let pair: CellSet = "##.\n..#".parse()?;
//!   assert_eq!((pair.size(), pair.is_connected()), (3, false));
//!   let l: Polyomino = "#.\n##".parse()?;
//!   assert_eq!(l.size(), 3); // a CellSet method
//!   # Ok::<(), ShapeError>(())
//!   ```
//! * [`Transform`] (the eight symmetries of the square), [`TransformSet`] (symmetry groups) and
//!   [`Equivalence`] (fixed, one-sided, free); every shape has
//!   [`orientations`](Polyomino::orientations), a [`symmetry_group`](Polyomino::symmetry_group)
//!   and a [`canonical`](Polyomino::canonical) form.
//! * [`MarkedPolyomino`] and [`MarkedCellSet`] (both [`Marked`]): a shape with one
//!   distinguished cell (a plane's head, a footprint's pivot) that follows every transform.
//! * [`CellSet::rotate_about`] and [`Marked::rotate`]: rotation by any angle with
//!   conservative rasterisation, exact at multiples of 90°.
//! * [`Board`], [`Bitboard`], [`Placement`]: rectangular boards up to 64 columns wide with
//!   blocked cells, cell sets as one word per row, and every placement of a piece set.
//! * [`enumerate`]: Redelmeier's algorithm and Burnside's lemma for OEIS A001168, A000988 and
//!   A000105.
//! * [`svg`]: pictures. [`to_svg`](svg::ToSvg::to_svg) draws a set of shapes (or a board) as an SVG string, one panel
//!   per shape, in O(cells):
//!
//!   ```
//!   use polyomino::{enumerate, svg::{SvgOptions, ToSvg}};
//!   let hexominoes: Vec<_> = enumerate::free(6)?.collect();
//!   let svg = hexominoes.to_svg(&SvgOptions::default().with_columns(7))?;
//!   assert_eq!(svg.matches("class=\"cell\"").count(), 35 * 6);
//!   # Ok::<(), Box<dyn std::error::Error>>(())
//!   ```
//!
//! # Conventions
//!
//! Coordinates are `(row, col)` with rows growing downward; positive angles and
//! [`Transform::Rotate90`] turn counter-clockwise as seen on the printed grid. Nothing in this
//! crate performs IO, prints, keeps global state or panics on bad input: fallible operations
//! return [`ShapeError`], [`RotateError`], [`BoardError`], [`EnumerateError`] or [`SvgError`].
//!
//! # Features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `serde` | off | `Serialize`/`Deserialize` for [`Cell`], [`Polyomino`], [`MarkedPolyomino`], [`Transform`], [`TransformSet`], [`Equivalence`], [`Board`] and [`enumerate::Counts`], as plain data (a board as its `.`/`#` drawing); values that break an invariant are refused on reading |
#![forbid(unsafe_code)]

// The README's code blocks run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod ascii;
mod board;
mod cell;
mod cell_set;
pub mod enumerate;
mod error;
mod marked;
mod rotate;
#[cfg(feature = "serde")]
mod serde_impls;
mod shape;
pub mod svg;
mod symmetry;
pub mod text;
mod transform;

pub use board::{Bitboard, Board, Placement};
pub use cell::Cell;
pub use cell_set::CellSet;
pub use error::{BoardError, EnumerateError, ParseError, RotateError, ShapeError, SvgError};
pub use marked::{Marked, MarkedCellSet, MarkedPolyomino, Shape};
pub use rotate::{COVER_EPSILON, RIGHT_ANGLE_EPSILON};
pub use shape::Polyomino;
pub use transform::{Equivalence, Transform, TransformSet};
