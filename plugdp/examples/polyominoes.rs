//! Prints `n fixed` for n = 1..N, counted by the transfer matrix (Jensen's method), with the
//! widths shared among the machine's threads.
//!
//! ```text
//! cargo run --release -p plugdp --example polyominoes -- N
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(n) = std::env::args()
        .nth(1)
        .and_then(|a| a.parse::<usize>().ok())
    else {
        eprintln!(
            "usage: polyominoes N   (N <= {})",
            plugdp::MAX_POLYOMINO_SIZE
        );
        return ExitCode::from(2);
    };
    let threads = std::thread::available_parallelism().unwrap_or(std::num::NonZeroUsize::MIN);
    match plugdp::fixed_polyominoes_parallel(n, threads) {
        Ok(counts) => {
            for (k, c) in counts.iter().enumerate().skip(1) {
                println!("{k} {c}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("polyominoes: {e}");
            ExitCode::from(2)
        }
    }
}
