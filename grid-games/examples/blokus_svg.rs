//! Plays a Blokus Duo game between the heuristic bot and a random bot and draws the final
//! position as an SVG picture.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_svg                  # blokus-duo.svg
//! cargo run --release -p grid-games --example blokus_svg -- OUT.svg --seed 7
//! cargo run --release -p grid-games --example blokus_svg -- --help
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use family_support::cli;
use grid_games::blokus::bots::{HeuristicBot, RandomBot};
use grid_games::blokus::svg::{SvgOptions, ToSvg};
use grid_games::blokus::{Position, Variant};
use grid_games::game::{MatchRules, play_match};

const AFTER_HELP: &str = "\
THE GAME:
  Blokus Duo (14 x 14): the heuristic bot plays blue (first, starting at e10), a random bot
  seeded with --seed plays green. The same seed always gives the same game.

OUTPUT:
  An SVG picture of the final position (Pentobi's colours, piece outlines, coordinates,
  the last move marked, both points in the title) written to OUTPUT, replacing it; `-` writes
  it to standard output. Then one line, `wrote OUTPUT: final score S` (on standard error
  when the picture goes to standard output), where S is `B+n`, `W+n` or `0` (blue minus
  green).

EXIT STATUS:
  0 when the picture is written, 1 when OUTPUT cannot be written, 2 for bad arguments.";

/// Plays a Blokus Duo game (heuristic bot against a random bot) and draws the final position
/// as an SVG picture.
#[derive(Parser)]
#[command(name = "blokus_svg", after_help = AFTER_HELP)]
struct Args {
    /// Where to write the picture (`-`: standard output).
    #[arg(value_name = "OUTPUT", default_value = "blokus-duo.svg")]
    output: PathBuf,
    /// Seed of the random bot.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

const PROG: &str = "blokus_svg";

fn main() -> ExitCode {
    let args = Args::parse();
    let mut blue = HeuristicBot::new(0);
    let mut green = RandomBot::new(args.seed);
    let record = play_match(
        Position::new(Variant::Duo),
        &mut [&mut blue, &mut green],
        MatchRules::default(),
    );
    let pos = match record {
        Ok(record) => record.last,
        Err(e) => {
            eprintln!("{PROG}: error: {e}");
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
    let svg = match pos.to_svg(&SvgOptions::default().with_title(title)) {
        Ok(svg) => svg,
        Err(e) => return cli::fail(PROG, e),
    };
    let summary = format!("final score {}", pos.final_score());
    match cli::write_output(PROG, &args.output, &svg, &summary) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
