//! Fits the search's move priors to its own searches in self-play games, and prints the
//! weights as Rust source (the command that made `PriorWeights::DUO` and
//! `PriorWeights::CLASSIC`).
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_fit_priors -- --games 20
//! cargo run --release -p grid-games --example blokus_fit_priors -- --help
//! ```

use family_support::cli;

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Parser;
use grid_games::blokus::bots::{PriorSample, PriorWeights, SearchBot, SearchConfig};
use grid_games::blokus::{Piece, Position, Variant};
use grid_games::game::{Bot, Budget};

const AFTER_HELP: &str = "\
WHAT IT DOES:
  Plays --games self-play games of --variant by the `search` bot (the default SearchConfig,
  one thread, game g seeded from --seed and g, the priors of --self-play-priors) at
  --iterations simulations a move. At every move it records the features of each candidate
  move of the colour to move (PriorWeights::move_features: the piece, its size, the
  opponents' attach points it covers and the cells next to them, the attach points it gains
  and spoils, its corner neighbours by class, the cells it spoils, the dead cells along its
  edges, the local points it covers, the opponents' cells it touches, the distance from the
  centre in the opening) and the visits the search gave each (SearchBot::root_visits),
  raised to --power and normalised: the target. Every fifth game (game numbers 4, 9, 14,
  ...) is held out. Then it fits a log-linear model of the targets (PriorWeights::fit:
  softmax regression, --rounds rounds of gradient descent) to the other games' positions.

  PriorWeights::DUO came from `--games 350 --iterations 3000` (--power 4, seed 1; 10 639
  positions), when the self-play searches used the Duo weights fitted before them with
  `--iterations 1000`; PriorWeights::CLASSIC from `--variant classic_2 --games 350
  --iterations 1000 --self-play-priors duo` with those same earlier Duo weights (23 467
  positions, 11 minutes on two cores). A fit with the weights it produced in the self-play
  searches gives the next iterate, not the same numbers.

OUTPUT:
  Standard output: the number of positions fitted and held out; the held-out cross-entropy
  (nats per position, lower is better) of the fitted weights, of PriorWeights::DUO, of
  PriorWeights::CLASSIC and of the uniform model; then the fitted weights as a PriorWeights
  literal (sharpness 1).
  Standard error: a progress line (games done).

EXIT STATUS:
  0 after the fit, 2 for bad arguments (--games outside 1..=100000, --iterations outside
  1..=10000000, --power outside 0..=16, --rounds outside 1..=100000, an unknown variant,
  --threads outside 1..=1024) or when no game gave a position to fit.";

/// Fits the search's move priors to its own searches in self-play games.
#[derive(Parser)]
#[command(name = "blokus_fit_priors", after_help = AFTER_HELP)]
struct Args {
    /// Self-play games, 1..=100000.
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Simulations per move, 1..=10000000.
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    iterations: u64,
    /// The power the visit counts are raised to before they are normalised into the target
    /// (1: the visit shares; larger: sharper, towards the search's choice), 0..=16.
    #[arg(long, value_name = "P", default_value_t = 4.0, value_parser = parse_power)]
    power: f64,
    /// Rounds of gradient descent, 1..=100000.
    #[arg(long, value_name = "N", default_value_t = 400,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    rounds: u32,
    /// The variant: duo, classic, classic_2, junior or classic_3.
    #[arg(long, value_name = "VARIANT", default_value = "duo", value_parser = parse_variant)]
    variant: Variant,
    /// The priors of the self-play searches: the variant's own (PriorWeights::for_variant),
    /// or those fitted for Duo or Classic.
    #[arg(long, value_enum, value_name = "WEIGHTS", default_value_t = SelfPlayPriors::Variant)]
    self_play_priors: SelfPlayPriors,
    /// Seed of the series.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: every available core).
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "blokus_fit_priors";

fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::parse(s).map_err(|_| format!("unknown variant `{s}`"))
}

fn parse_power(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|p| (0.0..=16.0).contains(p))
        .ok_or_else(|| format!("`{s}` is not a number in 0..=16"))
}

/// The priors the self-play searches use (`--self-play-priors`).
#[derive(Clone, Copy, clap::ValueEnum)]
enum SelfPlayPriors {
    /// The variant's own weights (PriorWeights::for_variant).
    Variant,
    /// PriorWeights::DUO.
    Duo,
    /// PriorWeights::CLASSIC.
    Classic,
}

/// The samples of one self-play game.
fn play(args: &Args, game: u64) -> Vec<PriorSample> {
    let mut config = SearchConfig::default();
    config.prior = match args.self_play_priors {
        SelfPlayPriors::Variant => None,
        SelfPlayPriors::Duo => Some(PriorWeights::DUO),
        SelfPlayPriors::Classic => Some(PriorWeights::CLASSIC),
    };
    let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(game);
    let mut bot = SearchBot::with_config(seed, config);
    let mut pos = Position::new(args.variant);
    let mut samples = Vec::new();
    while pos.colour_to_move().is_some() {
        let moves = PriorWeights::move_features(&pos);
        let Some(chosen) = bot.choose(&pos, Budget::iterations(args.iterations)) else {
            break;
        };
        let visits: std::collections::HashMap<usize, u32> = bot
            .root_visits()
            .into_iter()
            .map(|(m, n)| (m.id(), n))
            .collect();
        if moves.len() > 1 {
            let weights = moves
                .iter()
                .map(|(m, _)| {
                    let n = f64::from(visits.get(&m.id()).copied().unwrap_or(0));
                    n.powf(args.power) as f32
                })
                .collect();
            let features = moves.iter().map(|(_, f)| *f).collect();
            samples.extend(PriorSample::new(features, weights));
        }
        if pos.play(chosen).is_err() {
            break;
        }
    }
    samples
}

/// The weights as a `PriorWeights` literal.
fn literal(w: &PriorWeights) -> String {
    let names: Vec<&str> = Piece::all().map(|p| p.name()).collect();
    let pieces: Vec<String> = w.piece.iter().map(|x| format!("{x:.2}")).collect();
    format!(
        "PriorWeights {{\n    size: {:.2},\n    blocking: {:.2},\n    attach_gained: {:.2},\n    \
         attach_spoiled: {:.2},\n    cell_spoiled: {:.2},\n    local: {:.2},\n    \
         opponent_contact: {:.2},\n    centre_distance: {:.2},\n    \
         near_blocking: {:.2},\n    corner_open: [{:.2}, {:.2}, {:.2}, {:.2}, {:.2}],\n    \
         corner_own: {:.2},\n    corner_blocked: {:.2},\n    edge_dead: {:.2},\n    // {}.\n    piece: [{}],\n    \
         sharpness: 1.0,\n}}",
        w.size,
        w.blocking,
        w.attach_gained,
        w.attach_spoiled,
        w.cell_spoiled,
        w.local,
        w.opponent_contact,
        w.centre_distance,
        w.near_blocking,
        w.corner_open[0],
        w.corner_open[1],
        w.corner_open[2],
        w.corner_open[3],
        w.corner_open[4],
        w.corner_own,
        w.corner_blocked,
        w.edge_dead,
        names.join(", "),
        pieces.join(", "),
    )
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads = cli::threads(PROG, args.threads).get();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<(u64, Vec<PriorSample>)>> = Mutex::new(Vec::new());
    let progress = cli::Progress::start(PROG, args.progress, "self-play");
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed) as u64;
                    if g >= args.games {
                        break;
                    }
                    let samples = play(&args, g);
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((g, samples));
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress.set(format!("games {n}/{}", args.games));
                }
            });
        }
    });
    drop(progress);
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(g, _)| *g);
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for (g, samples) in results {
        if g % 5 == 4 {
            held.extend(samples);
        } else {
            fit.extend(samples);
        }
    }
    if fit.is_empty() {
        return cli::fail(PROG, "no position to fit (every game too short)");
    }
    let fitted = PriorWeights::fit(&fit, args.rounds);
    let uniform = PriorWeights::from_vector(&[0.0; PriorWeights::FEATURES]);
    println!(
        "{} positions fitted, {} held out ({} games at {} simulations a move, power {})",
        fit.len(),
        held.len(),
        args.games,
        args.iterations,
        args.power
    );
    let check = if held.is_empty() { &fit } else { &held };
    let which = if held.is_empty() {
        "fitted positions (nothing held out)"
    } else {
        "held-out positions"
    };
    println!(
        "cross-entropy on the {which}: fitted {:.3}, PriorWeights::DUO {:.3}, \
         PriorWeights::CLASSIC {:.3}, uniform {:.3} nats",
        fitted.cross_entropy(check),
        PriorWeights::DUO.cross_entropy(check),
        PriorWeights::CLASSIC.cross_entropy(check),
        uniform.cross_entropy(check)
    );
    println!("{}", literal(&fitted));
    ExitCode::SUCCESS
}
