//! Checks the polyomino counts against an OEIS file in the format of
//! `shared/data/plugdp/sequences.json`: a JSON object whose keys start with an A-number and
//! whose values map `n` (as a string) to the term (as a decimal string).
//!
//! ```text
//! cargo run --release -p polyomino --example conformance -- FILE [--max N]
//! ```
//!
//! A001168 (fixed), A000988 (one-sided) and A000105 (free) are checked for 1 ≤ n ≤ N (default
//! 16); their other terms and every other sequence are counted as skipped. Prints one line per
//! failure, then `P passed, F failed, S skipped`; exits with 1 on any failure, 2 on bad input.

use std::process::ExitCode;

use polyomino::enumerate;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut file = None;
    let mut max = 16usize;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--max" => {
                i += 1;
                match args.get(i).and_then(|s| s.parse().ok()) {
                    Some(m) if m <= enumerate::MAX_SIZE => max = m,
                    _ => return usage(),
                }
            }
            other if file.is_none() => file = Some(other.to_string()),
            _ => return usage(),
        }
        i += 1;
    }
    let Some(file) = file else { return usage() };
    let path = std::path::Path::new(&file);
    let path = if path.is_dir() {
        path.join("sequences.json")
    } else {
        path.to_path_buf()
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("conformance: cannot read {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let json: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("conformance: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let Some(sequences) = json.as_object() else {
        eprintln!(
            "conformance: {}: the top level is not an object",
            path.display()
        );
        return ExitCode::from(2);
    };

    let counts = match enumerate::counts_up_to_parallel(max.max(1), threads()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("conformance: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut passed, mut failed, mut skipped) = (0u64, 0u64, 0u64);
    for (key, terms) in sequences {
        let pick: Option<fn(&enumerate::Counts) -> u64> = match key.get(..7) {
            Some("A001168") => Some(|c| c.fixed),
            Some("A000988") => Some(|c| c.one_sided),
            Some("A000105") => Some(|c| c.free),
            _ => None,
        };
        let Some(terms) = terms.as_object() else {
            println!("{key}: not an object of terms");
            failed += 1;
            continue;
        };
        for (n, value) in terms {
            let n: Option<usize> = n.parse().ok();
            let value = value
                .as_str()
                .map(str::to_string)
                .or_else(|| value.as_u64().map(|v| v.to_string()));
            match (pick, n) {
                (Some(pick), Some(n)) if (1..=max).contains(&n) => {
                    let ours = pick(&counts[n - 1]).to_string();
                    if value.as_deref() == Some(ours.as_str()) {
                        passed += 1;
                    } else {
                        println!("{key} n={n}: expected {value:?}, computed {ours}");
                        failed += 1;
                    }
                }
                _ => skipped += 1,
            }
        }
    }
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: conformance FILE_OR_DIR [--max N]");
    ExitCode::from(2)
}

/// All available cores (the counts do not depend on the thread count).
fn threads() -> std::num::NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(std::num::NonZeroUsize::MIN)
}
