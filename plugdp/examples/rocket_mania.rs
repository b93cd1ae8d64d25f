//! Rocket Mania, ZOJ 2125 and ZOJ 2126 input on standard input, one answer per test case.
//!
//! ```text
//! cargo run --release -p plugdp --example rocket_mania < FILE            # ZOJ 2125
//! cargo run --release -p plugdp --example rocket_mania -- --plus < FILE  # ZOJ 2126
//! ```
//!
//! ZOJ 2125: each case is X (1..9, the only match that may be lit) followed by 9 lines of 6 tiles.
//! ZOJ 2126: each case is 9 lines of 6 tiles (cases separated by blank lines); every match burns.
//! Add `--show` to print the rotations (quarter turns clockwise per tile) to stderr.

use std::io::Read;
use std::process::ExitCode;

use plugdp::{FuseBoard, rocket_mania};

const ROWS: usize = 9;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plus = args.iter().any(|a| a == "--plus");
    let show = args.iter().any(|a| a == "--show");
    let mut input = String::new();
    if std::io::stdin().read_to_string(&mut input).is_err() {
        eprintln!("rocket_mania: cannot read standard input");
        return ExitCode::from(2);
    }
    let mut words = input.split_whitespace().peekable();
    while words.peek().is_some() {
        let lit: Vec<bool> = if plus {
            vec![true; ROWS]
        } else {
            match words.next().and_then(|w| w.parse::<usize>().ok()) {
                Some(x) if (1..=ROWS).contains(&x) => (0..ROWS).map(|r| r + 1 == x).collect(),
                _ => {
                    eprintln!("rocket_mania: expected a match row 1..=9");
                    return ExitCode::from(2);
                }
            }
        };
        let rows: Vec<&str> = words.by_ref().take(ROWS).collect();
        let board = match FuseBoard::parse_rows(&rows) {
            Ok(b) if b.rows() == ROWS => b,
            Ok(_) => {
                eprintln!("rocket_mania: a case needs 9 rows");
                return ExitCode::from(2);
            }
            Err(e) => {
                eprintln!("rocket_mania: {e}");
                return ExitCode::from(2);
            }
        };
        match rocket_mania(&board, &lit) {
            Ok(plan) => {
                println!("{}", plan.launched);
                if show {
                    for r in 0..board.rows() {
                        let row: String = (0..board.cols())
                            .map(|c| char::from(b'0' + plan.rotations[r * board.cols() + c]))
                            .collect();
                        eprintln!("{row}");
                    }
                }
            }
            Err(e) => {
                eprintln!("rocket_mania: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}
