//! Rocket Mania: ZOJ 2125 (one match lit) and ZOJ 2126 "Rocket Mania Plus" (every match lit),
//! one answer per test case.
//!
//! ```text
//! cargo run --release -p plugdp --example rocket_mania < plugdp/examples/data/zoj2125-sample.txt
//! cargo run --release -p plugdp --example rocket_mania -- --plus plugdp/examples/data/zoj2126-sample.txt
//! cargo run --release -p plugdp --example rocket_mania -- --help
//! ```

#[path = "support/budget.rs"]
mod budget;
use family_support::cli;

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use plugdp::{FuseBoard, rocket_mania};

const ROWS: usize = 9;
const COLS: usize = 6;

const AFTER_HELP: &str = "\
THE PUZZLE:
  A board of 9 rows x 6 columns of fuse tiles; a match sits left of each row and a rocket right
  of each row. Every tile may be turned by 0, 90, 180 or 270 degrees. Fire passes between
  edge-adjacent tiles whose facing sides are both open, from a row's match into the row's first
  tile when it is open on its left, and from the row's last tile into the rocket when it is
  open on its right. The answer is the largest number of rockets that can launch.

TILES:
  `.` none, `-` straight (two opposite openings), `L` corner (two adjacent openings),
  `T` three openings, `+` four openings.

INPUT, from FILE or standard input; words are separated by any whitespace (normally one board
row per line, blank lines are ignored), cases follow each other until the end of the input:
  ZOJ 2125 (default): each case is X, the only match that may be lit (1..=9, counted from the
      top), followed by 9 rows of 6 tiles.
  ZOJ 2126 (--plus): each case is 9 rows of 6 tiles (in the original, followed by a blank
      line); every match may be lit.
  Example of one ZOJ 2125 case (answer 1):
      1
      LLLLLL
      LLLLLL
      ... (9 rows in all)

OUTPUT:
  Standard output: one line per case, the largest number of rockets launched. With --show, the
  rotations that achieve it go to standard error after each answer: 9 lines of 6 digits, the
  quarter turns clockwise applied to each tile.

SAMPLES (shipped with the crate):
  plugdp/examples/data/zoj2125-sample.txt   (answers 1 3 4 9)
  plugdp/examples/data/zoj2126-sample.txt   (with --plus; answers 4 3 6 9)

EXIT STATUS:
  0 when every case was answered, 2 for bad arguments, unreadable, empty or malformed input
  (the answers before the malformed case are printed).";

/// Rocket Mania (ZOJ 2125, or ZOJ 2126 with --plus): the most rockets the tiles' rotations can
/// launch, one answer per test case.
#[derive(Parser)]
#[command(name = "rocket_mania", after_help = AFTER_HELP)]
struct Args {
    /// Input file [default: standard input; `-` also reads it].
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// ZOJ 2126 "Rocket Mania Plus": every match is lit and no case starts with X.
    #[arg(long)]
    plus: bool,
    /// Also print the rotations of each answer (quarter turns clockwise per tile) to stderr.
    #[arg(long)]
    show: bool,
    #[command(flatten)]
    budget: budget::BudgetArgs,
}

const PROG: &str = "rocket_mania";

fn main() -> ExitCode {
    let args = Args::parse();
    let mut input = String::new();
    let source = match &args.file {
        Some(p) if p.as_os_str() != "-" => match std::fs::read_to_string(p) {
            Ok(t) => {
                input = t;
                p.display().to_string()
            }
            Err(e) => return cli::fail(PROG, format_args!("cannot read {}: {e}", p.display())),
        },
        _ => {
            if let Err(e) = std::io::stdin().read_to_string(&mut input) {
                return cli::fail(PROG, format_args!("cannot read standard input: {e}"));
            }
            "standard input".to_string()
        }
    };
    let format = if args.plus {
        "9 rows of 6 tiles per case (ZOJ 2126)"
    } else {
        "X (1..=9) then 9 rows of 6 tiles per case (ZOJ 2125; --plus for ZOJ 2126)"
    };
    let mut words = input.split_whitespace().peekable();
    if words.peek().is_none() {
        return cli::fail(
            PROG,
            format_args!("{source}: empty input: expected {format} (see --help)"),
        );
    }
    let mut case = 0;
    while words.peek().is_some() {
        case += 1;
        let lit: Vec<bool> = if args.plus {
            vec![true; ROWS]
        } else {
            let word = words.next().unwrap_or_default();
            match word.parse::<usize>() {
                Ok(x) if (1..=ROWS).contains(&x) => (0..ROWS).map(|r| r + 1 == x).collect(),
                _ => {
                    return cli::fail(
                        PROG,
                        format_args!(
                            "{source}, case {case}: expected the match row X (1..=9), found `{word}`{}",
                            if args.plus {
                                ""
                            } else {
                                " (is this ZOJ 2126 input? use --plus)"
                            }
                        ),
                    );
                }
            }
        };
        let rows: Vec<&str> = words.by_ref().take(ROWS).collect();
        if rows.len() < ROWS {
            return cli::fail(
                PROG,
                format_args!(
                    "{source}, case {case}: the input ends after {} of the 9 rows",
                    rows.len()
                ),
            );
        }
        if let Some((i, r)) = rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.chars().count() != COLS)
        {
            return cli::fail(
                PROG,
                format_args!(
                    "{source}, case {case}: row {} is `{r}`, expected 6 tiles{}",
                    i + 1,
                    if args.plus && r.len() == 1 && r.parse::<u8>().is_ok() {
                        " (is this ZOJ 2125 input? drop --plus)"
                    } else {
                        ""
                    }
                ),
            );
        }
        let options = args.budget.apply(plugdp::Options::default());
        let result =
            FuseBoard::parse_rows(&rows).and_then(|b| Ok((rocket_mania(&b, &lit, &options)?, b)));
        match result {
            Ok((plan, board)) => {
                println!("{}", plan.launched);
                if args.show {
                    for r in 0..board.rows() {
                        let row: String = (0..board.cols())
                            .map(|c| char::from(b'0' + plan.rotations[r * board.cols() + c]))
                            .collect();
                        eprintln!("{row}");
                    }
                }
            }
            Err(e) => return cli::fail(PROG, format_args!("{source}, case {case}: {e}")),
        }
    }
    ExitCode::SUCCESS
}
