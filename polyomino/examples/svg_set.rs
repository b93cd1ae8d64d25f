//! Draws the 35 free hexominoes as an SVG picture.
//!
//! ```text
//! cargo run --release -p polyomino --example svg_set [-- OUTPUT.svg]
//! ```
//!
//! Writes `hexominoes.svg` in the current directory unless a path is given, and prints where it
//! wrote.

use std::process::ExitCode;

use polyomino::enumerate;
use polyomino::svg::{SvgOptions, ToSvg};

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "hexominoes.svg".to_string());
    let hexominoes: Vec<_> = match enumerate::free(6) {
        Ok(it) => it.collect(),
        Err(e) => {
            eprintln!("svg_set: {e}");
            return ExitCode::FAILURE;
        }
    };
    let options = SvgOptions::default()
        .with_columns(7)
        .with_labels(true)
        .with_title(format!("The {} free hexominoes", hexominoes.len()));
    let svg = match hexominoes.to_svg(&options) {
        Ok(svg) => svg,
        Err(e) => {
            eprintln!("svg_set: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(&path, svg) {
        eprintln!("svg_set: cannot write {path}: {e}");
        return ExitCode::FAILURE;
    }
    println!("wrote {} free hexominoes to {path}", hexominoes.len());
    ExitCode::SUCCESS
}
