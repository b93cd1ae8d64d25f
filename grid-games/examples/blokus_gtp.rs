//! A GTP engine for Blokus on stdin/stdout (see `grid_games::blokus::gtp` for the commands), so
//! Pentobi's match runner (`twogtp`) or any GTP tool can play our bots.
//!
//! ```text
//! cargo run --release -p grid-games --example blokus_gtp -- --bot NAME [--ms MS | --iterations N] [--seed S]
//! ```
//!
//! Bots: `random`, `heuristic`, `mcts` (the default). `cputime` reports this process's CPU time
//! from `/proc/self/stat` where that exists, the bot's thinking time otherwise.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use grid_games::blokus::bots::{BOT_NAMES, named_bot};
use grid_games::blokus::gtp::GtpEngine;
use grid_games::game::Budget;

fn main() -> ExitCode {
    let mut bot_name = "mcts".to_string();
    let mut budget = Budget::default();
    let mut seed = 1;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next();
        let parsed = match (a.as_str(), value) {
            ("--bot", Some(v)) => {
                bot_name = v;
                Ok(())
            }
            ("--ms", Some(v)) => v
                .parse()
                .map(|ms| budget.time = Some(Duration::from_millis(ms))),
            ("--iterations", Some(v)) => v.parse().map(|n| budget.iterations = Some(n)),
            ("--seed", Some(v)) => v.parse().map(|s| seed = s),
            _ => {
                eprintln!("usage: blokus_gtp --bot NAME [--ms MS | --iterations N] [--seed S]");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = parsed {
            eprintln!("blokus_gtp: bad value for {a}: {e}");
            return ExitCode::from(2);
        }
    }
    let Some(bot) = named_bot(&bot_name, seed) else {
        eprintln!(
            "blokus_gtp: unknown bot {bot_name}; known: {}",
            BOT_NAMES.join(", ")
        );
        return ExitCode::from(2);
    };
    let mut engine = GtpEngine::new(bot, budget);
    if cpu_seconds().is_some() {
        engine = engine.with_cpu_clock(Box::new(|| cpu_seconds().unwrap_or(0.0)));
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Invalid UTF-8 becomes U+FFFD: the command is then unknown, answered with an error.
        let line = String::from_utf8_lossy(&raw);
        let Some(reply) = engine.respond(&line) else {
            continue;
        };
        if out
            .write_all(reply.text.as_bytes())
            .and_then(|_| out.flush())
            .is_err()
            || reply.quit
        {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// CPU seconds of this process from `/proc/self/stat` (Linux; user + system time at the usual
/// 100 ticks per second), or `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.get(stat.rfind(')')? + 2..)?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
