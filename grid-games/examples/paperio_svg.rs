//! Plays some plies of paper.io between the raider and the safe walker and draws the board as
//! an SVG picture.
//!
//! ```text
//! cargo run --release -p grid-games --example paperio_svg                  # paperio.svg
//! cargo run --release -p grid-games --example paperio_svg -- OUT.svg --plies 400 --seed 7
//! cargo run --release -p grid-games --example paperio_svg -- --help
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use family_support::cli;
use grid_games::game::{MatchRules, Rng, play_match};
use grid_games::paperio::bots::{RaiderBot, SafeBot};
use grid_games::paperio::svg::{SvgOptions, ToSvg};
use grid_games::paperio::{Config, Position};

/// A game on the default board lasts at most 2 × 2000 plies.
const MAX_PLIES: u32 = 4000;

const AFTER_HELP: &str = "\
THE GAME:
  The course's 102 x 101 board with 2000 moves per player, the engine's random placement
  drawn from --seed; the raider (blue) moves first against the safe walker (orange), both
  seeded from --seed. Play stops after --plies plies (0..=4000; 4000 is the whole game) or
  when the game ends. The same seed and plies always give the same picture.

OUTPUT:
  An SVG picture of the board (territory in light colours, trails in strong ones, heads
  as dark dots, the territories and the ending in the title) written to OUTPUT, replacing
  it; `-` writes it to standard output. Then one line, `wrote OUTPUT: P plies, territories
  T0 and T1` (on standard error when the picture goes to standard output).

EXIT STATUS:
  0 when the picture is written, 1 when OUTPUT cannot be written, 2 for bad arguments.";

/// Plays paper.io (the raider against the safe walker) and draws the board as an SVG picture.
#[derive(Parser)]
#[command(name = "paperio_svg", after_help = AFTER_HELP)]
struct Args {
    /// Where to write the picture (`-`: standard output).
    #[arg(value_name = "OUTPUT", default_value = "paperio.svg")]
    output: PathBuf,
    /// Plies to play before drawing, 0..=4000 (fewer if the game ends first).
    #[arg(long, value_name = "N", default_value_t = 1500,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PLIES)))]
    plies: u32,
    /// Seed of the placement and the bots.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

const PROG: &str = "paperio_svg";

fn main() -> ExitCode {
    let args = Args::parse();
    let seed = args.seed;
    let game = match Position::random(Config::default(), &mut Rng::seed_from(seed)) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{PROG}: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut a, mut b) = (RaiderBot::new(seed), SafeBot::new(seed.wrapping_add(1)));
    let rules = MatchRules::default().with_max_actions(args.plies as usize);
    let pos = match play_match(game, &mut [&mut a, &mut b], rules) {
        Ok(record) => record.last,
        Err(e) => {
            eprintln!("{PROG}: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let [t0, t1] = pos.territory_counts();
    let ending = pos.end().map_or("", |e| e.name());
    let title = format!(
        "paper.io after {} plies: raider (blue) {t0} – safe walker (orange) {t1} {ending}",
        pos.plies()
    );
    let svg = match pos.to_svg(&SvgOptions::default().with_title(title.trim_end())) {
        Ok(svg) => svg,
        Err(e) => {
            eprintln!("{PROG}: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let summary = format!("{} plies, territories {t0} and {t1}", pos.plies());
    match cli::write_output(PROG, &args.output, &svg, &summary) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
