//! Measures the frontier states kept by each Rocket Mania pruning (`plugdp::Prunings`) on ten
//! board kinds (all `-`, all `L`, all `T`, all `+`, odd rows `L` and even rows empty, `L`/`T`
//! alternating, three random boards rich in `L`/`T`, one rich in `-`), for ZOJ 2126 (all
//! matches).
//!
//! ```text
//! cargo run --release -p plugdp --example rocket_prunings [-- --seed S]
//! cargo run --release -p plugdp --example rocket_prunings -- --help
//! ```

use family_support::cli;

use std::process::ExitCode;

use clap::Parser;
use plugdp::{FuseBoard, Prunings, rocket_mania_with};

const AFTER_HELP: &str = "\
INPUT:
  None: the ten 9 x 6 boards are built in (the random ones from --seed, by xorshift64).

OUTPUT (standard output):
  A table, one row per board: the board's name, the best launch count with every match lit
  (ZOJ 2126), then the total frontier states kept over the sweep with no pruning (`none`),
  with each of the four prunings alone (1: drop a state with no lit plug; 2: drop an unlit
  plug that no other plug is connected to; 3: dominance; 4: at a row end, an unlit plug
  connected to nothing below is dead) and with the three exact ones together (`2+3+4`).
  A `*` after a number marks an answer that differs from the unpruned one (only pruning 1 can
  do that). A progress line is drawn on standard error while it runs (10 to 20 s).

EXIT STATUS:
  0 with the table, 2 for a bad argument or if a solve fails.";

/// Frontier states kept by each of the four Rocket Mania prunings on ten board kinds.
#[derive(Parser)]
#[command(name = "rocket_prunings", after_help = AFTER_HELP)]
struct Args {
    /// Seed of the random boards (any 64-bit unsigned number).
    #[arg(long, value_name = "S", default_value_t = 2015)]
    seed: u64,
    /// When to draw the progress line on standard error.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = cli::ProgressMode::Auto)]
    progress: cli::ProgressMode,
}

const PROG: &str = "rocket_prunings";

fn main() -> ExitCode {
    let args = Args::parse();
    let mut state = args.seed | 1;
    let mut rand = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut random_board = |weights: [u64; 5]| -> Vec<String> {
        let total: u64 = weights.iter().sum();
        (0..9)
            .map(|_| {
                (0..6)
                    .map(|_| {
                        let mut x = rand(total);
                        let mut i = 0;
                        while x >= weights[i] {
                            x -= weights[i];
                            i += 1;
                        }
                        ['.', '-', 'L', 'T', '+'][i]
                    })
                    .collect()
            })
            .collect()
    };
    let uniform = |ch: char| vec![ch.to_string().repeat(6); 9];
    let boards: Vec<(&str, Vec<String>)> = vec![
        ("all -", uniform('-')),
        ("all L", uniform('L')),
        ("all T", uniform('T')),
        ("all +", uniform('+')),
        (
            "odd L / even empty",
            (0..9)
                .map(|r| if r % 2 == 0 { "LLLLLL" } else { "......" }.to_string())
                .collect(),
        ),
        (
            "L/T alternating",
            (0..9)
                .map(|r| if r % 2 == 0 { "LTLTLT" } else { "TLTLTL" }.to_string())
                .collect(),
        ),
        ("random L/T 1", random_board([1, 1, 4, 4, 1])),
        ("random L/T 2", random_board([1, 1, 4, 4, 1])),
        ("random L/T 3", random_board([1, 1, 4, 4, 1])),
        ("random rich in -", random_board([1, 6, 2, 2, 1])),
    ];
    let settings: [(&str, Prunings); 6] = [
        ("none", Prunings::default()),
        (
            "1 no-lit",
            Prunings {
                no_lit_plug: true,
                ..Prunings::default()
            },
        ),
        (
            "2 lone",
            Prunings {
                lone_unlit_plug: true,
                ..Prunings::default()
            },
        ),
        (
            "3 dominance",
            Prunings {
                dominance: true,
                ..Prunings::default()
            },
        ),
        (
            "4 row-end",
            Prunings {
                row_end: true,
                ..Prunings::default()
            },
        ),
        ("2+3+4", Prunings::EXACT),
    ];
    // The table is built first and printed at the end, so that the progress line on stderr
    // never interleaves with it on a terminal.
    let mut table = format!("{:<20} {:>4}", "board", "best");
    for (name, _) in &settings {
        table += &format!(" {name:>12}");
    }
    table.push('\n');
    let progress = cli::Progress::start(PROG, args.progress, "");
    for (k, (name, rows)) in boards.iter().enumerate() {
        progress.set(format!("board {}/{}: {name}", k + 1, boards.len()));
        let board = match FuseBoard::parse_rows(rows) {
            Ok(b) => b,
            Err(e) => return cli::fail(PROG, format_args!("board {name}: {e}")),
        };
        let base = match rocket_mania_with(
            &board,
            &[true; 9],
            Prunings::default(),
            &plugdp::Options::default(),
        ) {
            Ok((plan, _)) => plan,
            Err(e) => return cli::fail(PROG, format_args!("board {name}: {e}")),
        };
        table += &format!("{name:<20} {:>4}", base.launched);
        for (setting, p) in &settings {
            let (plan, stats) =
                match rocket_mania_with(&board, &[true; 9], *p, &plugdp::Options::default()) {
                    Ok(x) => x,
                    Err(e) => {
                        return cli::fail(
                            PROG,
                            format_args!("board {name}, pruning {setting}: {e}"),
                        );
                    }
                };
            let mark = if plan.launched == base.launched {
                ' '
            } else {
                '*'
            };
            table += &format!(" {:>11}{mark}", stats.total_states);
        }
        table.push('\n');
    }
    drop(progress);
    print!("{table}");
    ExitCode::SUCCESS
}
