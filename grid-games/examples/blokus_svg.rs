//! Plays a Blokus Duo game between the heuristic bot and a random bot and draws the final
//! position as an SVG picture.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_svg [-- OUTPUT.svg [SEED]]
//! ```
//!
//! Writes `blokus-duo.svg` in the current directory unless a path is given, and prints where it
//! wrote and the score.

use std::process::ExitCode;

use grid_games::blokus::bots::{HeuristicBot, RandomBot};
use grid_games::blokus::svg::{SvgOptions, render};
use grid_games::blokus::{Position, Variant};
use grid_games::game::{MatchRules, play_match};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "blokus-duo.svg".to_string());
    let seed = match args.next().map(|s| s.parse::<u64>()) {
        None => 1,
        Some(Ok(s)) => s,
        Some(Err(_)) => {
            eprintln!("usage: blokus_svg [OUTPUT.svg [SEED]]");
            return ExitCode::from(2);
        }
    };
    let mut blue = HeuristicBot::new();
    let mut green = RandomBot::new(seed);
    let record = play_match(
        Position::new(Variant::Duo),
        &mut [&mut blue, &mut green],
        MatchRules::default(),
    );
    let pos = match record {
        Ok(record) => record.last,
        Err(e) => {
            eprintln!("blokus_svg: {e}");
            return ExitCode::FAILURE;
        }
    };
    let points = pos.points();
    let title = format!(
        "Blokus Duo: heuristic (blue) {} – random (green) {}, {} moves",
        points[0],
        points[1],
        pos.history().len()
    );
    let svg = render(&pos, &SvgOptions::default().with_title(title));
    if let Err(e) = std::fs::write(&path, svg) {
        eprintln!("blokus_svg: cannot write {path}: {e}");
        return ExitCode::FAILURE;
    }
    println!("wrote {path}: final score {}", pos.final_score());
    ExitCode::SUCCESS
}
