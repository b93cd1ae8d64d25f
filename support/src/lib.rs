//! Support shared by the examples and tests of the polyomino crate family (not published):
//!
//! * [`cli`]: what every command-line example does the same way: `--threads` and `--progress`,
//!   a progress line on standard error, `--time-limit` seconds and uniform error reporting.
//! * [`svg_check`]: a well-formedness checker and element counts for the SVG pictures' tests.
//! * [`board_text`]: a plain second reader of the family's board text and a strategy of texts,
//!   for the text tests of the board types.
//!
//! Each library crate lists this one as a dev-dependency (a path without a version, so that
//! `cargo publish` leaves it out of the published crates).

pub mod board_text;
pub mod cli;
pub mod svg_check;
