//! Command-line helpers shared by the family's examples: the `--threads` and `--progress`
//! options, `--time-limit` seconds, a progress line on standard error and uniform error
//! reporting.

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
/// a note on standard error. Zero and more than [`MAX_THREADS`] are refused by the option's
/// parser.
pub fn threads(prog: &str, requested: Option<u32>) -> NonZeroUsize {
    let available = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    match requested {
        None => available,
        Some(n) if n as usize > available.get() => {
            eprintln!(
                "{prog}: note: --threads {n} is more than the {available} available cores; using {available}"
            );
            available
        }
        Some(n) => NonZeroUsize::new(n as usize).unwrap_or(NonZeroUsize::MIN),
    }
}

/// The largest `--threads` accepted: more is taken for a typing error rather than clamped.
pub const MAX_THREADS: u32 = 1024;

/// Parses `--threads`: a whole number in `1..=MAX_THREADS` (values above the available cores
/// are then clamped by [`threads`]).
pub fn parse_threads(s: &str) -> Result<u32, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("at least one thread is needed".into()),
        Ok(n) if n > u64::from(MAX_THREADS) => Err(format!(
            "{n} threads is more than the limit of {MAX_THREADS} (requests above the available cores are clamped to them)"
        )),
        Ok(n) => Ok(u32::try_from(n).unwrap_or(MAX_THREADS)),
        Err(_) => Err(format!(
            "`{s}` is not a number of threads (a whole number, at least 1)"
        )),
    }
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

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Progress")
            .field("drawing", &self.handle.is_some())
            .finish()
    }
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
