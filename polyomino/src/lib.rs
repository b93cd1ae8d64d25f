//! Polyominoes as cell sets: the eight symmetries of the square, canonical forms, enumeration of
//! fixed / one-sided / free polyominoes, arbitrary-angle rotation onto the grid, and placement
//! bitboards on rectangular boards.
//!
//! # Three small examples
//!
//! Parse a pentomino and list its orientations:
//!
//! ```
//! use polyomino::{Equivalence, Polyomino};
//! let f: Polyomino = ".##\n##.\n.#.".parse()?;
//! assert_eq!(f.to_string(), ".##\n##.\n.#.");
//! assert_eq!(f.size(), 5);
//! let orientations = f.orientations(Equivalence::Free);
//! assert_eq!(orientations.len(), 8); // the F pentomino has no symmetry
//! assert_eq!(orientations[1].1.to_string(), "#..\n###\n.#.");
//! # Ok::<(), polyomino::ShapeError>(())
//! ```
//!
//! Place it on a board with a blocked cell:
//!
//! ```
//! use polyomino::{Board, Cell, Equivalence, Polyomino};
//! let f = Polyomino::parse(".##\n##.\n.#.")?;
//! let board = Board::with_blocked(5, 5, [Cell::new(2, 2)])?;
//! let placements = board.placements_of(&[f], Equivalence::Free);
//! assert!(placements.iter().all(|p| !p.mask().contains(Cell::new(2, 2))));
//! // Fit tests are one bitboard intersection over the piece's rows:
//! let first = &placements[0];
//! assert!(first.fits(&board.blocked()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Count the free pentominoes:
//!
//! ```
//! use polyomino::{enumerate, Equivalence};
//! assert_eq!(enumerate::count(5, Equivalence::Free)?, 12);
//! assert_eq!(enumerate::free(5)?.count(), 12);
//! # Ok::<(), polyomino::EnumerateError>(())
//! ```
//!
//! # The pieces
//!
//! * [`Cell`]: a grid square `(row, col)`, rows growing downward.
//! * [`Polyomino`]: a non-empty cell set up to translation, with ASCII parsing and printing,
//!   size, bounding box, 4-connectivity and holes.
//! * [`Transform`] (the eight symmetries of the square), [`TransformSet`] (symmetry groups) and
//!   [`Equivalence`] (fixed, one-sided, free); every shape has
//!   [`orientations`](Polyomino::orientations), a [`symmetry_group`](Polyomino::symmetry_group)
//!   and a [`canonical`](Polyomino::canonical) form.
//! * [`MarkedPolyomino`]: a shape with one distinguished cell (a plane's head, a pivot) that
//!   follows every transform.
//! * [`Polyomino::rotate_about`] and [`MarkedPolyomino::rotate`]: rotation by any angle with
//!   conservative rasterisation, exact at multiples of 90°.
//! * [`Board`], [`Bitboard`], [`Placement`]: rectangular boards up to 64 columns wide with
//!   blocked cells, cell sets as one word per row, and every placement of a piece set.
//! * [`enumerate`]: Redelmeier's algorithm and Burnside's lemma for OEIS A001168, A000988 and
//!   A000105.
//! * [`svg`]: pictures. [`svg::render_set`] draws a set of shapes as an SVG string, one panel
//!   per shape, in O(cells):
//!
//!   ```
//!   use polyomino::{enumerate, svg::{render_set, SvgOptions}};
//!   let hexominoes: Vec<_> = enumerate::free(6)?.collect();
//!   let svg = render_set(&hexominoes, &SvgOptions::default().with_columns(7))?;
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
#![forbid(unsafe_code)]

mod ascii;
mod board;
mod cell;
pub mod enumerate;
mod error;
mod marked;
mod rotate;
#[cfg(feature = "serde")]
mod serde_impls;
mod shape;
pub mod svg;
mod symmetry;
mod transform;

pub use board::{Bitboard, Board, Placement};
pub use cell::Cell;
pub use error::{BoardError, EnumerateError, ParseError, RotateError, ShapeError, SvgError};
pub use marked::MarkedPolyomino;
pub use rotate::{COVER_EPSILON, RIGHT_ANGLE_EPSILON};
pub use shape::Polyomino;
pub use transform::{Equivalence, Transform, TransformSet};
