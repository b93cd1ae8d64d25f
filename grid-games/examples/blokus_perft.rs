//! Counts legal placement sequences from the empty board.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_perft -- VARIANT DEPTH
//! ```
//! VARIANT is `duo`, `classic` or `classic_2` (or a GTP game name); prints the count, and the
//! time on stderr.

use std::process::ExitCode;
use std::time::Instant;

use grid_games::blokus::{Position, Variant, perft};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [v, d] => Variant::parse(v).map_err(|e| e.to_string()).and_then(|v| {
            d.parse::<u32>()
                .map(|d| (v, d))
                .map_err(|e| format!("depth: {e}"))
        }),
        _ => Err("usage: blokus_perft VARIANT DEPTH".to_string()),
    };
    let (variant, depth) = match parsed {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut pos = Position::new(variant);
    let start = Instant::now();
    let n = perft(&mut pos, depth);
    println!("{n}");
    eprintln!(
        "{variant} depth {depth}: {:.3} s",
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
