//! Timus 1519 "Formula 1": reads `N M` and N rows of `.` (free) and `*` (blocked) from standard
//! input and prints the number of Hamiltonian cycles.
//!
//! ```text
//! cargo run --release -p plugdp --example formula1 < FILE
//! ```

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = String::new();
    if std::io::stdin().read_to_string(&mut input).is_err() {
        eprintln!("formula1: cannot read standard input");
        return ExitCode::from(2);
    }
    let mut words = input.split_whitespace();
    let dims: Option<(usize, usize)> =
        (|| Some((words.next()?.parse().ok()?, words.next()?.parse().ok()?)))();
    let Some((n, m)) = dims else {
        eprintln!("formula1: expected N M");
        return ExitCode::from(2);
    };
    let rows: Vec<&str> = words.take(n).collect();
    let grid = match plugdp::Grid::parse_rows(&rows, '.', '*') {
        Ok(g) if g.rows() == n && g.cols() == m => g,
        Ok(_) => {
            eprintln!("formula1: the board is not {n}x{m}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("formula1: {e}");
            return ExitCode::from(2);
        }
    };
    // 128 bits first (fast); the exact count if it overflows. Big boards use every thread.
    let threads = std::thread::available_parallelism().unwrap_or(std::num::NonZeroUsize::MIN);
    let answer = match plugdp::hamiltonian_cycles_u128_parallel(&grid, threads) {
        Ok(v) => v.to_string(),
        Err(plugdp::PlugError::Overflow) => {
            match plugdp::hamiltonian_cycles_parallel(&grid, threads) {
                Ok(v) => v.to_string(),
                Err(e) => {
                    eprintln!("formula1: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        Err(e) => {
            eprintln!("formula1: {e}");
            return ExitCode::from(2);
        }
    };
    println!("{answer}");
    ExitCode::SUCCESS
}
