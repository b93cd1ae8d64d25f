//! Command-line helpers shared by this crate's examples: the `--threads` and `--progress`
//! options, a progress line on standard error and uniform error reporting.
//!
//! (The same file is copied into the examples of `polyomino`, `plugdp` and `level-planner`:
//! examples of different crates cannot share a module.)

#![allow(dead_code)]

use std::io::{IsTerminal, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Exit status for bad input or a failure to read it (clap's usage errors use the same).
pub const EXIT_USAGE: u8 = 2;

/// Prints `PROG: error: MESSAGE` on standard error and returns exit status 2.
pub fn fail(prog: &str, message: impl std::fmt::Display) -> ExitCode {
    eprintln!("{prog}: error: {message}");
    ExitCode::from(EXIT_USAGE)
}

/// When to draw the progress line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ProgressMode {
    /// Only when standard error is a terminal.
    #[default]
    Auto,
    /// Always (a `\r`-rewritten line on standard error).
    Always,
    /// Never.
    Never,
}

/// The worker threads for `--threads`: all available cores by default; a request above the
/// available cores is clamped to them (more threads than cores only adds synchronisation), with
/// a note on standard error. Zero is refused by the option's parser.
pub fn threads(prog: &str, requested: Option<u64>) -> NonZeroUsize {
    let available = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    match requested {
        None => available,
        Some(n) if n > available.get() as u64 => {
            eprintln!(
                "{prog}: note: --threads {n} is more than the {available} available cores; using {available}"
            );
            available
        }
        Some(n) => NonZeroUsize::new(n as usize).unwrap_or(NonZeroUsize::MIN),
    }
}

/// Parses `--threads`: a whole number of at least 1 (large values are clamped by [`threads`]).
pub fn parse_threads(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("at least one thread is needed".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{s}` is not a number of threads (a whole number, at least 1)"
        )),
    }
}

/// The budget flags of the plug DP examples: `--max-memory` and `--time-limit`.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct BudgetArgs {
    /// Most memory the frontier tables may take, in MiB (default: the library's 2048). Past it
    /// the program stops with an error instead of running on.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_memory: Option<u64>,
    /// Give up after this many seconds (default: no limit).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

impl BudgetArgs {
    /// `options` with these limits.
    pub fn apply(&self, mut options: plugdp::Options) -> plugdp::Options {
        if let Some(mib) = self.max_memory {
            let bytes = usize::try_from(mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
            options = options.with_max_bytes(bytes);
        }
        if let Some(limit) = self.time_limit {
            options = options.with_time_limit(limit);
        }
        options
    }
}

/// Parses a number of seconds (a non-negative decimal).
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    s.parse::<f64>()
        .ok()
        .and_then(|x| Duration::try_from_secs_f64(x).ok())
        .ok_or_else(|| format!("`{s}` is not a number of seconds (a non-negative number)"))
}

struct State {
    message: String,
    done: bool,
}

/// A progress line on standard error, rewritten with `\r` four times a second by a helper
/// thread: `PROG: MESSAGE [12 s]`. Nothing is drawn during the first half second (quick runs stay
/// silent) nor when the mode says not to; the line is erased when the value is dropped. Standard
/// output is never touched.
pub struct Progress {
    shared: Arc<(Mutex<State>, Condvar)>,
    handle: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts the line with a first message.
    pub fn start(prog: &str, mode: ProgressMode, message: impl Into<String>) -> Progress {
        let shared = Arc::new((
            Mutex::new(State {
                message: message.into(),
                done: false,
            }),
            Condvar::new(),
        ));
        let draw = match mode {
            ProgressMode::Auto => std::io::stderr().is_terminal(),
            ProgressMode::Always => true,
            ProgressMode::Never => false,
        };
        let handle = if draw {
            let shared = Arc::clone(&shared);
            let prog = prog.to_string();
            std::thread::Builder::new()
                .name("progress".into())
                .spawn(move || ticker(&prog, &shared))
                .ok()
        } else {
            None
        };
        Progress { shared, handle }
    }

    /// Replaces the message (drawn at the next tick).
    pub fn set(&self, message: impl Into<String>) {
        if let Ok(mut state) = self.shared.0.lock() {
            state.message = message.into();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Ok(mut state) = self.shared.0.lock() {
            state.done = true;
        }
        self.shared.1.notify_all();
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

fn ticker(prog: &str, shared: &(Mutex<State>, Condvar)) {
    let start = Instant::now();
    let mut drawn = 0usize;
    let mut wait = Duration::from_millis(500);
    let Ok(mut state) = shared.0.lock() else {
        return;
    };
    loop {
        state = match shared.1.wait_timeout(state, wait) {
            Ok((s, _)) => s,
            Err(_) => return,
        };
        if state.done {
            break;
        }
        wait = Duration::from_millis(250);
        let line = format!(
            "{prog}: {} [{} s]",
            state.message,
            start.elapsed().as_secs()
        );
        let width = line.chars().count();
        let pad = drawn.saturating_sub(width);
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r{line}{:pad$}", "");
        let _ = err.flush();
        drawn = width;
    }
    if drawn > 0 {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r{:drawn$}\r", "");
        let _ = err.flush();
    }
}
