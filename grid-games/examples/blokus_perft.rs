//! Counts the legal placement sequences of a given length from the empty Blokus board (perft).
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_perft -- duo 3
//! cargo run --release -p grid-games --example blokus_perft -- --help
//! ```

use family_support::cli;

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::Parser;
use grid_games::blokus::{Position, Variant, perft};

/// The deepest search accepted. Counts stay far below `u64::MAX` up to here, but the time
/// grows about 200 to 700 times per level: Duo depth 3 takes about half a second, Duo depth 4
/// several minutes, Classic depth 5 about 20 s; depth 6 means hours to days.
const MAX_DEPTH: u32 = 6;

const AFTER_HELP: &str = "\
ARGUMENTS:
  VARIANT  `duo` (14 x 14, 2 colours), `classic` (20 x 20, 4 players of one colour each),
           `classic_2` (20 x 20, 2 players of 2 colours each), `junior` (14 x 14, 2
           colours, 12 shapes in two copies each) or `classic_3` (20 x 20, 3 players and a
           fourth colour played in turn; Classic's move rules, so Classic's counts); the GTP
           game names (`Blokus Duo`, `Blokus`, `Blokus Two-Player`, `Blokus Junior`,
           `Blokus Three-Player`) and short ids work too (case is ignored).
  DEPTH    the number of placements, 0 to 6. Sequences follow the turn order from the empty
           board; a colour without a legal placement is skipped as in play, and sequences cut
           short by the end of the game are not counted. Depth 0 counts 1.

KNOWN VALUES (for checking):
  duo:     depth 1 = 414, depth 2 = 171 396, depth 3 = 89 204 762 (about 0.5 s)
  classic: depth 1 = 58, depth 2 = 3 364, depth 3 = 195 112, depth 4 = 11 316 496,
           depth 5 = 1 898 244 648 (about 20 s of CPU time); classic_2 and classic_3 the same
  junior:  depth 1 = 189, depth 2 = 35 721, depth 3 = 8 665 264 (about 0.05 s)
  Each level multiplies the time by about 200 to 700: Duo depth 4 runs for minutes, depth 6
  of any variant for hours or days. The first placements are shared out among --threads
  workers; the count does not depend on it.

OUTPUT:
  Standard output: the count, one decimal number. Standard error: the variant, depth and time
  taken, and while it runs a progress line (first placements done) after half a second.

EXIT STATUS:
  0 with the count, 2 for bad arguments (an unknown variant, a depth that is not a whole number
  in 0..=6, --threads outside 1..=1024).";

/// Counts the legal Blokus placement sequences of DEPTH placements from the empty board.
#[derive(Parser)]
#[command(name = "blokus_perft", after_help = AFTER_HELP)]
struct Args {
    /// The variant: duo, classic, classic_2, junior or classic_3.
    #[arg(value_name = "VARIANT", value_parser = parse_variant)]
    variant: Variant,
    /// Number of placements, 0..=6.
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// Worker threads (default: every available core; the count does not depend on it).
    /// At most 1024; requests above the available cores are clamped to them.
    #[arg(long, value_name = "T", value_parser = cli::parse_threads)]
    threads: Option<u32>,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "blokus_perft";

fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::parse(s).map_err(|_| {
        format!(
            "unknown variant `{s}` (known: duo, classic, classic_2, junior, classic_3, or a GTP game name)"
        )
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    let threads = cli::threads(PROG, args.threads);
    let start = Instant::now();
    let mut pos = Position::new(args.variant);
    let n = if args.depth <= 1 {
        perft(&mut pos, args.depth)
    } else {
        // Split at the first placement: each worker takes the next unclaimed one.
        let colour = pos
            .colour_to_move()
            .expect("the empty board has a colour to move");
        let mut roots = Vec::new();
        pos.legal_moves_of(colour, &mut roots);
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let total = Mutex::new(0u64);
        let progress = cli::Progress::start(PROG, args.progress, "starting");
        std::thread::scope(|s| {
            for _ in 0..threads.get().min(roots.len()) {
                let (roots, next, done, total, progress) =
                    (&roots, &next, &done, &total, &progress);
                let mut pos = pos.clone();
                s.spawn(move || {
                    let mut sum = 0u64;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&m) = roots.get(i) else { break };
                        pos.play_as(colour, m)
                            .expect("a generated placement is legal");
                        sum += perft(&mut pos, args.depth - 1);
                        pos.undo().expect("a placement was just made");
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        progress.set(format!("first placements {d}/{}", roots.len()));
                    }
                    if let Ok(mut t) = total.lock() {
                        *t += sum;
                    }
                });
            }
        });
        drop(progress);
        total.into_inner().unwrap_or_else(|e| e.into_inner())
    };
    println!("{n}");
    eprintln!(
        "{PROG}: {} depth {}: {:.3} s",
        args.variant,
        args.depth,
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
