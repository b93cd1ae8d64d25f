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
    /// A `\r`-rewritten line when standard error is a terminal; otherwise (a log, a pipe) a
    /// plain line every ten seconds, so that a long run is never silent.
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

/// Writes a picture (or any document) to `output`, replacing it, or to standard output for
/// `-`; then prints `wrote OUTPUT: SUMMARY` (on standard error when the document went to
/// standard output, so that it stays clean). A failure is reported as `PROG: error: …` and
/// returned as exit status 1.
pub fn write_output(
    prog: &str,
    output: &std::path::Path,
    document: &str,
    summary: &str,
) -> Result<(), ExitCode> {
    if output.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        if let Err(e) = out.write_all(document.as_bytes()).and_then(|_| out.flush()) {
            eprintln!("{prog}: error: cannot write standard output: {e}");
            return Err(ExitCode::FAILURE);
        }
        eprintln!("wrote the picture to standard output: {summary}");
    } else {
        if let Err(e) = std::fs::write(output, document) {
            eprintln!("{prog}: error: cannot write {}: {e}", output.display());
            return Err(ExitCode::FAILURE);
        }
        println!("wrote {}: {summary}", output.display());
    }
    Ok(())
}

/// Parses a per-game thinking time for `--game-seconds`: seconds in `0.001..=10000000`.
pub fn parse_game_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.001..=1e7).contains(&v) => Ok(v),
        _ => Err(format!(
            "`{s}` is not a number of seconds in 0.001..=10000000"
        )),
    }
}

/// Parses a number of seconds for `--time-limit`: a non-negative decimal.
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

/// A progress line on standard error, `PROG: MESSAGE [12 s]`, drawn by a helper thread: on a
/// terminal rewritten with `\r` four times a second from the first half second on (quick runs
/// stay silent) and erased when the value is dropped; elsewhere (a log, a pipe) printed as a
/// new line every ten seconds. [`ProgressMode::Never`] draws nothing. Standard output is never
/// touched.
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
        let style = match mode {
            ProgressMode::Auto if std::io::stderr().is_terminal() => Some(Style::Rewrite),
            ProgressMode::Auto => Some(Style::Lines),
            ProgressMode::Always => Some(Style::Rewrite),
            ProgressMode::Never => None,
        };
        let handle = style.and_then(|style| {
            let shared = Arc::clone(&shared);
            let prog = prog.to_string();
            std::thread::Builder::new()
                .name("progress".into())
                .spawn(move || ticker(&prog, &shared, style))
                .ok()
        });
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

/// How the progress line is drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// One line rewritten with `\r` four times a second.
    Rewrite,
    /// A new line every ten seconds (for logs and pipes).
    Lines,
}

fn ticker(prog: &str, shared: &(Mutex<State>, Condvar), style: Style) {
    let start = Instant::now();
    let mut drawn = 0usize;
    let (first, every) = match style {
        Style::Rewrite => (Duration::from_millis(500), Duration::from_millis(250)),
        Style::Lines => (Duration::from_secs(10), Duration::from_secs(10)),
    };
    let mut wait = first;
    let Ok(mut state) = shared.0.lock() else {
        return;
    };
    loop {
        // Wait for the next tick unless the line was already dropped (a quick run can drop it
        // before this thread first takes the lock, and the notification is then gone).
        let deadline = Instant::now() + wait;
        while !state.done {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            state = match shared.1.wait_timeout(state, left) {
                Ok((s, _)) => s,
                Err(_) => return,
            };
        }
        if state.done {
            break;
        }
        wait = every;
        let line = format!(
            "{prog}: {} [{} s]",
            state.message,
            start.elapsed().as_secs()
        );
        if style == Style::Lines {
            eprintln!("{line}");
            continue;
        }
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

#[cfg(test)]
mod tests {
    //! Absurd thread counts are usage errors (exit 2 through clap), not a spawn failure
    //! (`--threads 100000`) or a capacity overflow (`--threads 18446744073709551615`).
    use super::*;

    #[test]
    fn thread_counts_past_the_limit_are_refused() {
        for absurd in [
            "100000",
            "1025",
            "4294967296",
            "18446744073709551615",
            "18446744073709551616",
        ] {
            assert!(parse_threads(absurd).is_err(), "{absurd}");
        }
        let message = parse_threads("100000").unwrap_err();
        assert!(message.contains("limit of 1024"), "{message}");
        assert!(parse_threads("0").is_err());
        assert!(parse_threads("-1").is_err());
        assert_eq!(parse_threads("1"), Ok(1));
        assert_eq!(parse_threads("1024"), Ok(MAX_THREADS));
        // Without a request, the available cores.
        let available = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(threads("test", None).get(), available);
        assert_eq!(threads("test", Some(1)).get(), 1);
    }

    #[test]
    fn seconds_are_non_negative_numbers() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        for bad in ["-1", "x", "", "NaN", "inf"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}

#[cfg(test)]
mod progress_tests {
    use super::*;

    /// A line dropped at once ends at once: the helper thread does not sleep out its first
    /// tick (ten seconds when standard error is not a terminal) after a missed notification.
    #[test]
    fn a_quick_run_is_not_held_up() {
        let started = Instant::now();
        for _ in 0..20 {
            drop(Progress::start("test", ProgressMode::Auto, "quick"));
        }
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
    }
}

/// Reads up to and including the next newline (or to the end of the input), keeping nothing:
/// the rest of a line too long to read whole.
pub fn skip_line(input: &mut impl std::io::BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}
