//! Prints `n fixed one_sided free` for n = 1..N (OEIS A001168, A000988, A000105).
//!
//! ```text
//! cargo run --release -p polyomino --example count -- 16
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    let arg = std::env::args().nth(1);
    let Some(n) = arg.as_deref().and_then(|a| a.parse::<usize>().ok()) else {
        eprintln!(
            "usage: count N   (1 <= N <= {})",
            polyomino::enumerate::MAX_SIZE
        );
        return ExitCode::from(2);
    };
    match polyomino::enumerate::counts_up_to_parallel(n, threads()) {
        Ok(rows) => {
            for c in rows {
                println!("{} {} {} {}", c.size, c.fixed, c.one_sided, c.free);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("count: {e}");
            ExitCode::from(2)
        }
    }
}

/// All available cores (the counts do not depend on the thread count).
fn threads() -> std::num::NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(std::num::NonZeroUsize::MIN)
}
