//! The binary as several local processes on the loopback address.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use plugdp::{
    Grid, Options, cycle_covers, fixed_polyominoes, hamiltonian_cycles, hamiltonian_paths,
};

const BINARY: &str = env!("CARGO_BIN_EXE_family-cluster");

/// A first port with `n` free ports from it. Tests run in parallel threads of this process:
/// each call starts its search at its own offset, so two tests never pick the same ports at
/// the same moment (and other processes' tests start elsewhere, by process id).
fn free_ports(n: usize) -> u16 {
    static CALLS: AtomicU32 = AtomicU32::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let start = 20_000 + (std::process::id() % 1000) * 40 + call * 8;
    (0u32..2000)
        .map(|i| (start + i * 97) % 40_000 + 20_000)
        .map(|base| base as u16)
        .find(|&base| (0..n as u16).all(|i| TcpListener::bind(("127.0.0.1", base + i)).is_ok()))
        .expect("free loopback ports")
}

fn start(n: usize, p: usize, base: u16, job: &[&str]) -> Child {
    Command::new(BINARY)
        .args([
            "-n",
            &n.to_string(),
            "-p",
            &p.to_string(),
            "--port",
            &base.to_string(),
            "--quiet",
        ])
        .args(job)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Starts `job` on `n` local processes.
fn start_on(n: usize, job: &[&str]) -> Vec<Child> {
    let base = free_ports(n);
    (0..n).map(|p| start(n, p, base, job)).collect()
}

/// Waits for the processes of a run; returns every process's output.
fn outputs(children: Vec<Child>) -> Vec<Output> {
    children
        .into_iter()
        .map(|c| c.wait_with_output().expect("the process ends"))
        .collect()
}

/// Runs `job` on `n` local processes; returns every process's output.
fn run_on(n: usize, job: &[&str]) -> Vec<Output> {
    outputs(start_on(n, job))
}

/// A process's standard output without timely's own connection messages (which it prints
/// there while the processes connect).
fn printed(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| {
            !l.starts_with("awaiting connections") && !l.contains("error connecting to worker")
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The answer printed by the first process (the others print none), checked for success.
fn answer(outputs: &[Output]) -> String {
    for (p, out) in outputs.iter().enumerate() {
        assert!(
            out.status.success(),
            "process {p}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        if p > 0 {
            assert!(printed(out).is_empty(), "only the first process answers");
        }
    }
    printed(&outputs[0])
}

/// The count on the answer's last line.
fn count(text: &str) -> String {
    text.trim()
        .lines()
        .last()
        .unwrap()
        .rsplit(": ")
        .next()
        .unwrap()
        .to_owned()
}

#[test]
fn two_and_three_processes_equal_the_library() {
    let options = Options::default();
    let board = Grid::new(6, 7).unwrap();
    let cycles = hamiltonian_cycles(&board, &options).unwrap().to_string();
    let paths = hamiltonian_paths(&Grid::new(4, 5).unwrap(), &options)
        .unwrap()
        .to_string();
    let covers = cycle_covers(&Grid::new(6, 6).unwrap(), &options)
        .unwrap()
        .to_string();
    let fixed = fixed_polyominoes(16, &options).unwrap();
    // All the runs at once: most of a small run's time is its processes finding each other.
    let jobs: [&[&str]; 5] = [
        &["sweep", "--size", "6x7"],
        &["sweep", "--kind", "paths", "--size", "4x5", "--chunk", "3"],
        &["sweep", "--kind", "covers", "--size", "6x6"],
        &["sweep", "--kind", "paths", "--size", "1x1"],
        &["polyominoes", "--size", "16", "--residues", "2"],
    ];
    let runs: Vec<(usize, Vec<Child>)> = [2, 3]
        .into_iter()
        .flat_map(|n| jobs.iter().map(move |job| (n, start_on(n, job))))
        .collect();
    let mut answers = runs.into_iter().map(|(n, run)| (n, answer(&outputs(run))));
    for n in [2, 3] {
        let mut next = || {
            let (m, text) = answers.next().unwrap();
            assert_eq!(m, n);
            text
        };
        let text = next();
        assert_eq!(
            text.trim(),
            format!("cycles of the 7 x 6 board: {cycles}"),
            "{n} processes"
        );
        assert_eq!(count(&next()), paths, "{n} processes");
        assert_eq!(count(&next()), covers, "{n} processes");
        assert_eq!(count(&next()), "1", "{n} processes");
        let text = next();
        let lines: Vec<&str> = text.trim().lines().collect();
        assert_eq!(lines.len(), 16);
        for (k, line) in lines.iter().enumerate() {
            assert_eq!(
                *line,
                format!("fixed polyominoes of size {}: {}", k + 1, fixed[k + 1])
            );
        }
    }
}

#[test]
fn a_killed_process_stops_its_peers_with_a_clear_error() {
    let base = free_ports(2);
    let job = ["sweep", "--size", "16x16", "--chunk", "1024"];
    let mut first = Command::new(BINARY)
        .args(["-n", "2", "-p", "0", "--port", &base.to_string()])
        .args(job)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut second = start(2, 1, base, &job);
    // Wait for the first progress line: the run is under way.
    let stderr = first.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let started = Instant::now();
    loop {
        let line = lines.next().expect("a progress line").unwrap();
        if line.contains("cell ") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "no progress");
    }
    second.kill().unwrap();
    second.wait().unwrap();
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = first.wait().unwrap();
    assert_eq!(status.code(), Some(3), "{rest:?}");
    assert!(
        rest.iter()
            .any(|l| l.contains("lost the connection to another process")),
        "{rest:?}"
    );
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut first.stdout.take().unwrap(), &mut stdout).unwrap();
    assert!(
        !stdout.contains("cycles of"),
        "no answer after a lost process: {stdout}"
    );
}

#[test]
fn a_resumed_run_counts_only_the_missing_units() {
    let dir = std::env::temp_dir().join(format!("family-cluster-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().unwrap().to_owned();
    let job = ["polyominoes", "--size", "14", "--resume", &dir_text];
    let first = answer(&run_on(2, &job));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 7, "one file per width");
    // Drop two finished units, as if the run had been stopped; spoil a third, which is then
    // counted again rather than trusted.
    std::fs::remove_file(&files[0]).unwrap();
    std::fs::remove_file(&files[1]).unwrap();
    std::fs::write(&files[2], "not json").unwrap();
    let base = free_ports(2);
    let children: Vec<Child> = (0..2)
        .map(|p| {
            Command::new(BINARY)
                .args(["-n", "2", "-p", &p.to_string(), "--port", &base.to_string()])
                .args(job)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outputs: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let second = answer(&outputs);
    assert_eq!(first, second);
    let log: String = outputs
        .iter()
        .map(|o| String::from_utf8_lossy(&o.stderr).into_owned())
        .collect();
    assert_eq!(log.matches("-exact done\n").count(), 3, "{log}");
    assert_eq!(log.matches(" already done\n").count(), 4, "{log}");
    assert_eq!(count(&second), "7204874"); // OEIS A001168(14)
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The league's tables on 2 and 3 processes equal the one-thread run of the same league.
/// About a minute in a test build: run in release by CI
/// (`cargo test --release -p family-cluster --test suite -- --ignored`).
#[test]
#[ignore]
fn the_league_on_processes_equals_one_thread() {
    use grid_games::game::Tournament;
    use grid_games::planes::{League, LeagueTable};
    let league = League::shipped(Tournament::default().with_rounds(2), 4, 5);
    let results = League::costliest_first()
        .into_iter()
        .map(|task| (task, league.run_subtask(task, || {}).unwrap()))
        .collect();
    let expected = LeagueTable::new(&league, results).to_string();
    for n in [2, 3] {
        let text = answer(&run_on(
            n,
            &["planes", "--rounds", "2", "--games", "4", "--seed", "5"],
        ));
        assert_eq!(text, expected, "{n} processes");
    }
}
