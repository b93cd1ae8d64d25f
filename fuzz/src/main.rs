//! A fuzz harness for the workspace that builds on stable Rust: each target turns seeded
//! pseudo-random (and mutated) byte strings into calls of the crates' public API through the
//! `arbitrary` crate; every case runs under `catch_unwind` with a clock, and the process's
//! memory is watched. See `fuzz/README.md`.
//!
//! ```text
//! cargo run --release -p fuzz -- [--family NAME|all] [--seconds N] [--seed S] [--cases N] [--list]
//! cargo run --release -p fuzz -- --target NAME --replay HEX
//! ```
#![forbid(unsafe_code)]

mod runner;
mod targets;

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use runner::{FailureKind, Settings, Target, Verdict};

/// Command line.
#[derive(Debug, Parser)]
#[command(
    name = "fuzz",
    about = "Fuzz the workspace's public API with seeded random and mutated inputs"
)]
struct Cli {
    /// Family to run: parsers, shapes, solvers, games, or all.
    #[arg(long, default_value = "all")]
    family: String,
    /// Run only this target (see --list).
    #[arg(long)]
    target: Option<String>,
    /// Seconds per target.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Seed of the input generator (the same seed gives the same inputs).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Most cases per target (the time per target still bounds the run, at four times --seconds).
    #[arg(long)]
    cases: Option<u64>,
    /// A case slower than this many seconds is a hang.
    #[arg(long, default_value_t = 2.0)]
    time_limit: f64,
    /// Peak resident memory, in MiB, above which the run fails.
    #[arg(long, default_value_t = 4096)]
    memory_mib: u64,
    /// Run one input (hex, as printed with a failure) through --target and report.
    #[arg(long, requires = "target")]
    replay: Option<String>,
    /// List the families, targets and known findings, and exit.
    #[arg(long)]
    list: bool,
    /// Also print how to replay each target's slowest case.
    #[arg(long)]
    slowest: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let all = targets::all();
    if cli.list {
        for family in targets::FAMILIES {
            println!("{family}");
            for t in all.iter().filter(|t| t.family == family) {
                println!("  {:<22} {}", t.name, t.about);
            }
        }
        println!("known findings (steered around so that a run can pass):");
        if targets::KNOWN_FINDINGS.is_empty() {
            println!("  none");
        }
        for (target, what) in targets::KNOWN_FINDINGS {
            println!("  {target}: {what}");
        }
        return ExitCode::SUCCESS;
    }
    let chosen: Vec<Target> = all
        .iter()
        .copied()
        .filter(|t| cli.family == "all" || t.family == cli.family)
        .filter(|t| cli.target.as_deref().is_none_or(|name| t.name == name))
        .collect();
    if chosen.is_empty() {
        eprintln!(
            "fuzz: no target matches --family {} {}; see --list",
            cli.family,
            cli.target
                .as_deref()
                .map(|t| format!("--target {t}"))
                .unwrap_or_default()
        );
        return ExitCode::from(2);
    }
    let seconds = |s: f64, what: &str| -> Option<Duration> {
        let d = Duration::try_from_secs_f64(s).ok().filter(|d| !d.is_zero());
        if d.is_none() {
            eprintln!("fuzz: --{what} must be a positive number of seconds, not {s}");
        }
        d
    };
    let (Some(duration), Some(time_limit)) = (
        seconds(cli.seconds, "seconds"),
        seconds(cli.time_limit, "time-limit"),
    ) else {
        return ExitCode::from(2);
    };
    runner::silence_panics();
    if let Some(hex) = &cli.replay {
        return replay(&chosen[0], hex, time_limit);
    }
    let settings = Settings {
        duration,
        max_cases: cli.cases,
        seed: cli.seed,
        time_limit,
        memory_limit: cli.memory_mib.saturating_mul(1 << 20),
        ..Settings::default()
    };
    println!(
        "fuzz: {} targets, {} s each, seed {}, case limit {} s, memory limit {} MiB",
        chosen.len(),
        cli.seconds,
        cli.seed,
        cli.time_limit,
        cli.memory_mib
    );
    let mut failed = 0usize;
    let mut abandoned = false;
    let mut reports = Vec::new();
    for target in &chosen {
        let mut printed = 0;
        let report = runner::run_target(target, &settings, &mut |f| {
            printed += 1;
            if printed <= 3 {
                println!("{f}");
            } else if printed == 4 {
                println!(
                    "(further failures of {} are counted, not printed)",
                    f.target
                );
            }
        });
        println!("{}/{report}", target.family);
        if cli.slowest {
            println!(
                "  slowest: --target {} --replay {}",
                target.name,
                runner::hex(&report.slowest_input)
            );
        }
        failed += usize::from(!report.failures.is_empty());
        abandoned |= report.abandoned;
        reports.push(report);
    }
    let cases: u64 = reports.iter().map(|r| r.cases).sum();
    let peak = runner::proc_status_kib("VmHWM").unwrap_or(0) / 1024;
    println!(
        "fuzz: {cases} cases, {} targets passed, {failed} failed, peak memory {peak} MiB",
        reports.len() - failed
    );
    if failed > 0 || abandoned {
        // An abandoned case may still be running: exit without waiting for it.
        std::process::exit(1);
    }
    ExitCode::SUCCESS
}

fn replay(target: &Target, hex: &str, time_limit: Duration) -> ExitCode {
    let Some(bytes) = runner::unhex(hex) else {
        eprintln!("fuzz: --replay takes hex digits, as printed with a failure");
        return ExitCode::from(2);
    };
    let start = std::time::Instant::now();
    let result = runner::run_case(target, &bytes);
    let elapsed = start.elapsed();
    let verdict = result.as_ref().ok().and_then(|r| r.as_ref().ok()).copied();
    let kind = match result {
        Ok(Ok(_)) => None,
        Ok(Err(m)) => Some(FailureKind::Check(m)),
        Err(m) => Some(FailureKind::Panic(m)),
    };
    let kind = kind.or_else(|| {
        (elapsed > time_limit).then_some(FailureKind::Hang {
            elapsed,
            finished: true,
        })
    });
    match kind {
        None => {
            println!(
                "{}: {:?} in {:.3} ms: no failure",
                target.name,
                verdict.unwrap_or(Verdict::Rejected),
                elapsed.as_secs_f64() * 1e3
            );
            ExitCode::SUCCESS
        }
        Some(kind) => {
            println!("{}: {kind}", target.name);
            ExitCode::FAILURE
        }
    }
}
