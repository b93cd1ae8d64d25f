//! The harness itself: it makes each case's input (seeded pseudo-random bytes or a mutation of an
//! earlier input), runs the case under [`catch_unwind`] with the default panic hook silenced,
//! times it, watches the process's memory, and reports failures with a reproducer.
//!
//! A case that returns but took longer than the per-case time limit is a *hang*; a case that
//! does not return within [`HARD_LIMIT_FACTOR`] times the limit is reported at once and its
//! worker thread is abandoned (the target stops there; the process exits non-zero at the end).
//! Memory: a watchdog samples `VmRSS` while a case runs and stops the process with the case's
//! reproducer when it passes the limit (a runaway allocation would otherwise abort the process
//! with no reproducer); after every batch the runner also reads the peak, `VmHWM`.

use std::cell::RefCell;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// What a case found when it returned normally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The input got past validation (it parsed, the board was built, …): worth mutating.
    Accepted,
    /// The input was refused with a typed error, as it should be.
    Rejected,
}

/// A case's result: `Err` carries the description of a property the target checks that failed.
pub type CaseResult = Result<Verdict, String>;

/// One fuzz target: a function of the input bytes that calls public API only.
#[derive(Clone, Copy)]
pub struct Target {
    /// Unique name, used by `--target`.
    pub name: &'static str,
    /// The family (`parsers`, `shapes`, `solvers`, `games`).
    pub family: &'static str,
    /// One line on what the target covers.
    pub about: &'static str,
    /// Runs one case.
    pub run: fn(&[u8]) -> CaseResult,
    /// Longest input generated.
    pub max_len: usize,
    /// Inputs run first and added to the mutation pool (for example sample files).
    pub seeds: fn() -> Vec<Vec<u8>>,
}

impl fmt::Debug for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Target")
            .field("name", &self.name)
            .field("family", &self.family)
            .finish_non_exhaustive()
    }
}

/// No seed inputs.
pub fn no_seeds() -> Vec<Vec<u8>> {
    Vec::new()
}

/// A case that does not return within this many per-case time limits is abandoned.
pub const HARD_LIMIT_FACTOR: u32 = 5;

/// How a run goes.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Wall-clock time per target.
    pub duration: Duration,
    /// Most cases per target (`None`: as many as fit in `duration`).
    pub max_cases: Option<u64>,
    /// Seed of the input generator.
    pub seed: u64,
    /// A case taking longer than this is a hang.
    pub time_limit: Duration,
    /// Peak resident memory (bytes) above which the run fails.
    pub memory_limit: u64,
    /// Cases between two `VmHWM` readings.
    pub batch: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            duration: Duration::from_secs(10),
            max_cases: None,
            seed: 1,
            time_limit: Duration::from_secs(2),
            memory_limit: 4 << 30,
            batch: 64,
        }
    }
}

/// Why a case failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The code under test panicked.
    Panic(String),
    /// A property the target checks did not hold.
    Check(String),
    /// The case took longer than the time limit (`finished`: it returned eventually).
    Hang {
        /// Time taken (or waited, if it never returned).
        elapsed: Duration,
        /// Whether the case returned.
        finished: bool,
    },
    /// The process's memory went over the limit (KiB).
    Memory {
        /// Memory read, in KiB.
        kib: u64,
        /// Which reading: `VmRSS` during the case or `VmHWM` after its batch.
        source: &'static str,
    },
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FailureKind::Panic(m) => write!(f, "panic: {m}"),
            FailureKind::Check(m) => write!(f, "check failed: {m}"),
            FailureKind::Hang { elapsed, finished } => write!(
                f,
                "hang: {:.3} s{}",
                elapsed.as_secs_f64(),
                if *finished {
                    ""
                } else {
                    " and still running (abandoned)"
                }
            ),
            FailureKind::Memory { kib, source } => {
                write!(f, "memory: {source} {} MiB over the limit", kib / 1024)
            }
        }
    }
}

/// A failed case and how to reproduce it.
#[derive(Clone, Debug)]
pub struct Failure {
    /// Target name.
    pub target: &'static str,
    /// Generator seed.
    pub seed: u64,
    /// 0-based case index.
    pub case: u64,
    /// The input.
    pub bytes: Vec<u8>,
    /// What went wrong.
    pub kind: FailureKind,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "FAILURE in {}: {}", self.target, self.kind)?;
        writeln!(
            f,
            "  seed {}, case {}, {} bytes: {}",
            self.seed,
            self.case,
            self.bytes.len(),
            hex(&self.bytes)
        )?;
        write!(
            f,
            "  reproduce: cargo run --release -p fuzz -- --target {} --replay {}",
            self.target,
            if self.bytes.is_empty() {
                "''".to_owned()
            } else {
                hex(&self.bytes)
            }
        )
    }
}

/// What one target's run did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Target name.
    pub target: &'static str,
    /// Cases run.
    pub cases: u64,
    /// Cases whose input was accepted.
    pub accepted: u64,
    /// Every failure (also printed as found).
    pub failures: Vec<Failure>,
    /// Slowest case's time and index.
    pub slowest: (Duration, u64),
    /// Slowest case's input.
    pub slowest_input: Vec<u8>,
    /// Whether a case was abandoned (its thread still runs).
    pub abandoned: bool,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<24} {:>9} cases ({:>3}% accepted) {:>3} failures   slowest {:>9.3} ms (case {})",
            self.target,
            self.cases,
            (self.accepted * 100).checked_div(self.cases).unwrap_or(0),
            self.failures.len(),
            self.slowest.0.as_secs_f64() * 1e3,
            self.slowest.1
        )
    }
}

/// Bytes as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex back to bytes (`''` or empty text: no byte).
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    let t = text.trim().trim_matches('\'');
    if !t.len().is_multiple_of(2) {
        return None;
    }
    (0..t.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(t.get(i..i + 2)?, 16).ok())
        .collect()
}

/// SplitMix64: small, fast, and good enough to drive a fuzzer.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// A stable 64-bit hash of a name (FNV-1a), so each target gets its own stream.
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Values that often sit on edges of ranges.
const INTERESTING: [u64; 12] = [
    0,
    1,
    2,
    0x7f,
    0x80,
    0xff,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    u64::MAX,
];

/// Makes inputs: seeds first, then fresh random byte strings of varying lengths and
/// mutations of earlier accepted inputs.
#[derive(Debug)]
pub struct Generator {
    rng: SplitMix,
    max_len: usize,
    seeds: Vec<Vec<u8>>,
    pool: Vec<Vec<u8>>,
}

impl Generator {
    /// Most inputs kept for mutation.
    const POOL: usize = 512;

    /// A generator for `target` with `seed`.
    pub fn new(target: &Target, seed: u64) -> Generator {
        let seeds = (target.seeds)();
        Generator {
            rng: SplitMix::new(seed ^ name_hash(target.name)),
            max_len: target.max_len.max(1),
            pool: seeds.clone(),
            seeds,
        }
    }

    /// The input of case `case`.
    pub fn input(&mut self, case: u64) -> Vec<u8> {
        if let Some(s) = usize::try_from(case).ok().and_then(|i| self.seeds.get(i)) {
            return s.clone();
        }
        if !self.pool.is_empty() && self.rng.below(2) == 0 {
            let i = self.rng.below(self.pool.len());
            let mut bytes = self.pool[i].clone();
            for _ in 0..=self.rng.below(4) {
                self.mutate(&mut bytes);
            }
            bytes.truncate(self.max_len);
            return bytes;
        }
        let cap = match self.rng.below(8) {
            0..=2 => 16,
            3..=5 => 64,
            6 => 256,
            _ => self.max_len,
        }
        .min(self.max_len);
        let len = self.rng.below(cap + 1);
        let style = self.rng.below(4);
        (0..len)
            .map(|_| {
                let r = self.rng.next_u64() as u8;
                match style {
                    0 => r % 8,
                    1 => r | 0x80,
                    _ => r,
                }
            })
            .collect()
    }

    /// Remembers an input worth mutating later.
    pub fn keep(&mut self, bytes: &[u8]) {
        if self.pool.len() < Generator::POOL {
            self.pool.push(bytes.to_vec());
        } else {
            let i = self.rng.below(self.pool.len());
            self.pool[i] = bytes.to_vec();
        }
    }

    fn mutate(&mut self, bytes: &mut Vec<u8>) {
        let len = bytes.len();
        match self.rng.below(9) {
            0 if len > 0 => {
                let i = self.rng.below(len);
                bytes[i] ^= 1 << self.rng.below(8);
            }
            1 if len > 0 => {
                let i = self.rng.below(len);
                bytes[i] = self.rng.next_u64() as u8;
            }
            2 => {
                let i = self.rng.below(len + 1);
                let n = 1 + self.rng.below(8);
                let fresh: Vec<u8> = (0..n).map(|_| self.rng.next_u64() as u8).collect();
                bytes.splice(i..i, fresh);
            }
            3 if len > 0 => {
                let i = self.rng.below(len);
                let n = 1 + self.rng.below((len - i).min(16));
                bytes.drain(i..i + n);
            }
            4 if len > 0 => {
                let i = self.rng.below(len);
                let n = 1 + self.rng.below((len - i).min(32));
                let chunk = bytes[i..i + n].to_vec();
                let at = self.rng.below(len + 1);
                bytes.splice(at..at, chunk);
            }
            5 if !self.pool.is_empty() => {
                let other = &self.pool[self.rng.below(self.pool.len())];
                let cut = self.rng.below(len + 1);
                let from = self.rng.below(other.len() + 1);
                bytes.truncate(cut);
                bytes.extend_from_slice(&other[from..]);
            }
            6 if len > 0 => {
                let width = [1, 2, 4, 8][self.rng.below(4)].min(len);
                let i = self.rng.below(len - width + 1);
                let v = INTERESTING[self.rng.below(INTERESTING.len())].to_le_bytes();
                bytes[i..i + width].copy_from_slice(&v[..width]);
            }
            7 if len > 0 => bytes.truncate(self.rng.below(len)),
            _ => {
                let i = self.rng.below(len + 1);
                bytes.insert(i, self.rng.next_u64() as u8);
            }
        }
    }
}

/// Whether a `VmHWM` over the limit was reported already (the peak never goes down).
static PEAK_REPORTED: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// The message and place of the last panic on this thread (the hook stores it).
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Replaces the default panic hook (which prints) by one that only records the message and
/// location for the runner.
pub fn silence_panics() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(a non-text payload)".to_owned());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_default();
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{message}{place}")));
    }));
}

/// Runs one case: its result, or the panic message.
pub fn run_case(target: &Target, bytes: &[u8]) -> Result<CaseResult, String> {
    LAST_PANIC.with(|p| p.borrow_mut().take());
    match catch_unwind(AssertUnwindSafe(|| (target.run)(bytes))) {
        Ok(result) => Ok(result),
        Err(payload) => {
            let recorded = LAST_PANIC.with(|p| p.borrow_mut().take());
            let message = recorded.unwrap_or_else(|| {
                payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "(a non-text payload)".to_owned())
            });
            // The payload's own destructor could panic too: keep it from unwinding further.
            if let Err(second) = catch_unwind(AssertUnwindSafe(move || drop(payload))) {
                std::mem::forget(second);
            }
            Err(message)
        }
    }
}

/// A field of `/proc/self/status` in KiB (`None` off Linux).
pub fn proc_status_kib(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find_map(|line| {
        let rest = line.strip_prefix(field)?.strip_prefix(':')?;
        rest.trim().trim_end_matches("kB").trim().parse().ok()
    })
}

/// The case a worker is running, for the watchdog.
#[derive(Debug)]
struct Current {
    case: u64,
    bytes: Vec<u8>,
    started: Instant,
}

#[derive(Debug, Default)]
struct Shared {
    current: Option<Current>,
    report: Report,
    done: bool,
}

fn lock(shared: &Mutex<Shared>) -> std::sync::MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `target` under `settings`; `found` sees each failure as soon as it is found.
///
/// Cases run on a worker thread while this thread watches the clock and the memory.
pub fn run_target(target: &Target, settings: &Settings, found: &mut dyn FnMut(&Failure)) -> Report {
    let shared = Arc::new(Mutex::new(Shared {
        report: Report {
            target: target.name,
            ..Report::default()
        },
        ..Shared::default()
    }));
    let (tx, rx) = std::sync::mpsc::channel::<Failure>();
    let worker = {
        let shared = Arc::clone(&shared);
        let target = *target;
        let settings = *settings;
        std::thread::Builder::new()
            .name(format!("fuzz {}", target.name))
            .stack_size(64 << 20)
            .spawn(move || worker(&target, &settings, &shared, &tx))
    };
    let Ok(worker) = worker else {
        let mut report = lock(&shared).report.clone();
        let failure = Failure {
            target: target.name,
            seed: settings.seed,
            case: 0,
            bytes: Vec::new(),
            kind: FailureKind::Panic("could not start a worker thread".into()),
        };
        found(&failure);
        report.failures.push(failure);
        return report;
    };
    let hard_limit = settings.time_limit * HARD_LIMIT_FACTOR;
    let memory_kib = settings.memory_limit / 1024;
    loop {
        std::thread::sleep(Duration::from_millis(10));
        while let Ok(f) = rx.try_recv() {
            found(&f);
        }
        let mut s = lock(&shared);
        if s.done {
            drop(s);
            let _ = worker.join();
            while let Ok(f) = rx.try_recv() {
                found(&f);
            }
            return lock(&shared).report.clone();
        }
        let Some(cur) = &s.current else { continue };
        let elapsed = cur.started.elapsed();
        let rss = proc_status_kib("VmRSS").unwrap_or(0);
        let kind = if elapsed > hard_limit {
            FailureKind::Hang {
                elapsed,
                finished: false,
            }
        } else if rss > memory_kib {
            FailureKind::Memory {
                kib: rss,
                source: "VmRSS",
            }
        } else {
            continue;
        };
        let failure = Failure {
            target: target.name,
            seed: settings.seed,
            case: cur.case,
            bytes: cur.bytes.clone(),
            kind,
        };
        found(&failure);
        if matches!(failure.kind, FailureKind::Memory { .. }) {
            // The allocation cannot be stopped; the process would abort without a reproducer.
            eprintln!("fuzz: stopping: memory over the limit");
            std::process::exit(2);
        }
        s.report.failures.push(failure);
        s.report.abandoned = true;
        // The worker stops at its next case; this one may never return, so do not wait.
        s.done = true;
        return s.report.clone();
    }
}

fn worker(
    target: &Target,
    settings: &Settings,
    shared: &Mutex<Shared>,
    tx: &std::sync::mpsc::Sender<Failure>,
) {
    let mut generator = Generator::new(target, settings.seed);
    let start = Instant::now();
    let memory_kib = settings.memory_limit / 1024;
    let mut case = 0u64;
    loop {
        if settings.max_cases.is_some_and(|m| case >= m)
            || (settings.max_cases.is_none() && start.elapsed() >= settings.duration)
            || (settings.max_cases.is_some() && start.elapsed() >= settings.duration * 4)
        {
            break;
        }
        let bytes = generator.input(case);
        {
            let mut s = lock(shared);
            if s.done {
                // The watchdog gave up on this worker.
                return;
            }
            s.current = Some(Current {
                case,
                bytes: bytes.clone(),
                started: Instant::now(),
            });
        }
        let t0 = Instant::now();
        let result = run_case(target, &bytes);
        let elapsed = t0.elapsed();
        let mut failures = Vec::new();
        let accepted = matches!(result, Ok(Ok(Verdict::Accepted)));
        match result {
            Ok(Ok(_)) => {}
            Ok(Err(message)) => failures.push(FailureKind::Check(message)),
            Err(message) => failures.push(FailureKind::Panic(message)),
        }
        if elapsed > settings.time_limit {
            failures.push(FailureKind::Hang {
                elapsed,
                finished: true,
            });
        }
        if case % settings.batch.max(1) == settings.batch.max(1) - 1 {
            let hwm = proc_status_kib("VmHWM").unwrap_or(0);
            // The peak never falls again, so it is reported once per process.
            if hwm > memory_kib && !PEAK_REPORTED.swap(true, Ordering::Relaxed) {
                failures.push(FailureKind::Memory {
                    kib: hwm,
                    source: "VmHWM",
                });
            }
        }
        if accepted || generator.rng.below(16) == 0 {
            generator.keep(&bytes);
        }
        let mut s = lock(shared);
        if s.done {
            return;
        }
        s.current = None;
        s.report.cases += 1;
        s.report.accepted += u64::from(accepted);
        if elapsed > s.report.slowest.0 {
            s.report.slowest = (elapsed, case);
            s.report.slowest_input.clone_from(&bytes);
        }
        for kind in failures {
            let failure = Failure {
                target: target.name,
                seed: settings.seed,
                case,
                bytes: bytes.clone(),
                kind,
            };
            let _ = tx.send(failure.clone());
            s.report.failures.push(failure);
        }
        drop(s);
        case += 1;
    }
    lock(shared).done = true;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(name: &'static str, run: fn(&[u8]) -> CaseResult) -> Target {
        Target {
            name,
            family: "test",
            about: "a test target",
            run,
            max_len: 64,
            seeds: no_seeds,
        }
    }

    fn settings(cases: u64) -> Settings {
        Settings {
            duration: Duration::from_secs(20),
            max_cases: Some(cases),
            time_limit: Duration::from_millis(200),
            ..Settings::default()
        }
    }

    fn panics_on_long_inputs(bytes: &[u8]) -> CaseResult {
        if bytes.len() > 10 {
            let v: Vec<u8> = Vec::new();
            // An index out of bounds, as a library bug would.
            return Ok(if v[bytes.len()] == 0 {
                Verdict::Accepted
            } else {
                Verdict::Rejected
            });
        }
        Ok(Verdict::Rejected)
    }

    #[test]
    fn a_panicking_case_is_caught_and_reported_with_its_input() {
        silence_panics();
        let t = target("panicky", panics_on_long_inputs);
        let mut seen = Vec::new();
        let report = run_target(&t, &settings(300), &mut |f| seen.push(f.clone()));
        assert_eq!(report.cases, 300, "the run goes on after a panic");
        assert!(!report.failures.is_empty());
        assert_eq!(seen.len(), report.failures.len());
        for f in &report.failures {
            assert!(f.bytes.len() > 10, "only long inputs panic: {f}");
            match &f.kind {
                FailureKind::Panic(m) => assert!(m.contains("index out of bounds"), "{m}"),
                other => panic!("expected a panic, got {other}"),
            }
            // The reproducer replays to the same panic.
            let again = unhex(&hex(&f.bytes)).expect("hex round trip");
            assert!(run_case(&t, &again).is_err());
        }
    }

    fn slow_on_a_zero_first_byte(bytes: &[u8]) -> CaseResult {
        if bytes.first() == Some(&0) {
            std::thread::sleep(Duration::from_millis(400));
        }
        Ok(Verdict::Accepted)
    }

    #[test]
    fn a_case_over_the_time_limit_is_a_hang() {
        let t = target("sleepy", slow_on_a_zero_first_byte);
        let report = run_target(&t, &settings(200), &mut |_| {});
        assert!(!report.abandoned);
        let hangs: Vec<&Failure> = report
            .failures
            .iter()
            .filter(|f| matches!(f.kind, FailureKind::Hang { finished: true, .. }))
            .collect();
        assert!(!hangs.is_empty(), "{report}");
        assert!(hangs.iter().all(|f| f.bytes.first() == Some(&0)));
        assert!(report.slowest.0 >= Duration::from_millis(400));
    }

    fn never_returns_on_seven(bytes: &[u8]) -> CaseResult {
        if bytes.first() == Some(&7) {
            std::thread::sleep(Duration::from_secs(3600));
        }
        Ok(Verdict::Rejected)
    }

    #[test]
    fn a_case_that_never_returns_is_abandoned_in_bounded_time() {
        let t = target("stuck", never_returns_on_seven);
        let started = Instant::now();
        let report = run_target(&t, &settings(100_000), &mut |_| {});
        assert!(started.elapsed() < Duration::from_secs(15));
        assert!(report.abandoned);
        let last = report.failures.last().expect("a failure");
        assert_eq!(last.bytes.first(), Some(&7));
        assert!(matches!(
            last.kind,
            FailureKind::Hang {
                finished: false,
                ..
            }
        ));
    }

    fn checks_a_property(bytes: &[u8]) -> CaseResult {
        if bytes.len() == 3 {
            return Err(format!("three bytes: {}", hex(bytes)));
        }
        Ok(Verdict::Accepted)
    }

    #[test]
    fn a_failed_check_is_reported() {
        let t = target("picky", checks_a_property);
        let report = run_target(&t, &settings(2000), &mut |_| {});
        assert!(
            report
                .failures
                .iter()
                .all(|f| f.bytes.len() == 3 && matches!(f.kind, FailureKind::Check(_)))
        );
        assert!(!report.failures.is_empty());
    }

    #[test]
    fn inputs_depend_only_on_the_seed() {
        let t = target("any", checks_a_property);
        let a: Vec<Vec<u8>> = {
            let mut g = Generator::new(&t, 5);
            (0..50).map(|i| g.input(i)).collect()
        };
        let mut g = Generator::new(&t, 5);
        let b: Vec<Vec<u8>> = (0..50).map(|i| g.input(i)).collect();
        assert_eq!(a, b);
        assert!(a.iter().all(|x| x.len() <= 64));
        assert!(a.iter().map(Vec::len).max() > Some(16), "lengths vary");
    }

    #[test]
    fn hex_round_trips() {
        let bytes = vec![0u8, 1, 0xab, 0xff];
        assert_eq!(hex(&bytes), "0001abff");
        assert_eq!(unhex("0001abff"), Some(bytes));
        assert_eq!(unhex("''"), Some(Vec::new()));
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
    }
}
