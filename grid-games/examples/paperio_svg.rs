//! Plays some plies of paper.io between the raider and the safe walker and draws the board as
//! an SVG picture.
//!
//! ```text
//! cargo run --release -p grid-games --example paperio_svg [-- OUTPUT.svg [PLIES [SEED]]]
//! ```
//!
//! Writes `paperio.svg` in the current directory unless a path is given (default 1500 plies,
//! fewer if the game ends first), and prints where it wrote and the territories.

use std::process::ExitCode;

use grid_games::game::{MatchRules, Rng, play_match};
use grid_games::paperio::bots::{Raider, SafeWalker};
use grid_games::paperio::svg::{SvgOptions, render};
use grid_games::paperio::{Config, Position};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "paperio.svg".to_string());
    let numbers: Result<Vec<u64>, _> = args.map(|a| a.parse::<u64>()).collect();
    let (plies, seed) = match numbers.as_deref() {
        Ok([]) => (1500, 1),
        Ok([p]) => (*p, 1),
        Ok([p, s]) => (*p, *s),
        _ => {
            eprintln!("usage: paperio_svg [OUTPUT.svg [PLIES [SEED]]]");
            return ExitCode::from(2);
        }
    };
    let game = match Position::random(Config::default(), &mut Rng::seed_from(seed)) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("paperio_svg: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut a, mut b) = (Raider::new(seed), SafeWalker::new(seed + 1));
    let rules =
        MatchRules::default().with_max_actions(usize::try_from(plies).unwrap_or(usize::MAX));
    let pos = match play_match(game, &mut [&mut a, &mut b], rules) {
        Ok(record) => record.last,
        Err(e) => {
            eprintln!("paperio_svg: {e}");
            return ExitCode::FAILURE;
        }
    };
    let [t0, t1] = pos.territory_counts();
    let ending = pos.end().map_or("", |e| e.name());
    let title = format!(
        "paper.io after {} plies: raider (blue) {t0} – safe walker (orange) {t1} {ending}",
        pos.plies()
    );
    let svg = match render(&pos, &SvgOptions::default().with_title(title.trim_end())) {
        Ok(svg) => svg,
        Err(e) => {
            eprintln!("paperio_svg: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(&path, svg) {
        eprintln!("paperio_svg: cannot write {path}: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "wrote {path}: {} plies, territories {t0} and {t1}",
        pos.plies()
    );
    ExitCode::SUCCESS
}
