//! Draws the 35 free hexominoes as an SVG picture.
//!
//! ```text
//! cargo run --release -p polyomino --example svg_set                  # hexominoes.svg
//! cargo run --release -p polyomino --example svg_set -- OUT.svg
//! cargo run --release -p polyomino --example svg_set -- --help
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use family_support::cli;
use polyomino::enumerate;
use polyomino::svg::{SvgOptions, ToSvg};

const AFTER_HELP: &str = "\
OUTPUT:
  An SVG picture of the 35 free hexominoes, seven to a row, each labelled with its index,
  written to OUTPUT, replacing it; `-` writes it to standard output. Then one line,
  `wrote OUTPUT: 35 free hexominoes` (on standard error when the picture goes to standard
  output).

EXIT STATUS:
  0 when the picture is written, 1 when OUTPUT cannot be written, 2 for bad arguments.";

/// Draws the 35 free hexominoes as an SVG picture.
#[derive(Parser)]
#[command(name = "svg_set", after_help = AFTER_HELP)]
struct Args {
    /// Where to write the picture (`-`: standard output).
    #[arg(value_name = "OUTPUT", default_value = "hexominoes.svg")]
    output: PathBuf,
}

const PROG: &str = "svg_set";

fn main() -> ExitCode {
    let args = Args::parse();
    let hexominoes: Vec<_> = match enumerate::free(6) {
        Ok(it) => it.collect(),
        Err(e) => return cli::fail(PROG, e),
    };
    let options = SvgOptions::default()
        .with_columns(7)
        .with_labels(true)
        .with_title(format!("The {} free hexominoes", hexominoes.len()));
    let svg = match hexominoes.to_svg(&options) {
        Ok(svg) => svg,
        Err(e) => return cli::fail(PROG, e),
    };
    let summary = format!("{} free hexominoes", hexominoes.len());
    match cli::write_output(PROG, &args.output, &svg, &summary) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
