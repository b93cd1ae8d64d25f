//! `family-cluster`: the big counts of the polyomino family on one process or many.
//!
//! Every process of a run is started with the same command and its own `--process` index;
//! the processes find each other through `--hostfile` (one `host:port` per process) or, on
//! one machine, through loopback ports from `--port`. See `docs/cluster.md` in the repository.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use family_cluster::{
    BoardCount, BoardSweep, Cluster, ClusterError, Progress, SweepSettings, count_units,
    play_league,
};
use grid_games::game::Tournament;
use grid_games::planes::{League, LeagueTable};
use plugdp::{Grid, Options, PolyominoUnit};

#[derive(Parser, Debug)]
#[command(
    version,
    about = "The polyomino family's big counts on one process or many (timely dataflow)"
)]
struct Args {
    /// Processes in the run (ignored with --hostfile, whose lines name them).
    #[arg(short = 'n', long, default_value_t = 1, global = true)]
    processes: usize,
    /// This process's index, 0-based.
    #[arg(short = 'p', long, default_value_t = 0, global = true)]
    process: usize,
    /// A file with one `host:port` per process, in process order (`#` starts a comment).
    #[arg(long, global = true)]
    hostfile: Option<PathBuf>,
    /// Without --hostfile: the first loopback port (process i listens on port + i).
    #[arg(long, default_value_t = 2101, global = true)]
    port: u16,
    /// Worker threads per process; every worker is one shard.
    #[arg(short = 'w', long, default_value_t = 1, global = true)]
    workers: usize,
    /// No progress lines.
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    job: Job,
}

#[derive(Subcommand, Debug)]
enum Job {
    /// Exact count of Hamiltonian cycles, Hamiltonian paths or cycle covers of a board, one
    /// whole-board sweep with its frontiers split over every worker.
    Sweep {
        /// What to count.
        #[arg(long, value_enum, default_value_t = Kind::Cycles)]
        kind: Kind,
        /// A free board of ROWSxCOLS cells (for example 18x18).
        #[arg(long, conflicts_with = "board")]
        size: Option<String>,
        /// A board file: `.` free, `#` blocked, one line per row.
        #[arg(long)]
        board: Option<PathBuf>,
        /// Most megabytes (10^6 bytes) one worker's tables may hold.
        #[arg(long)]
        max_memory: Option<usize>,
        /// Frontiers a worker expands between exchanges.
        #[arg(long, default_value_t = 1 << 16)]
        chunk: usize,
    },
    /// Fixed polyominoes of every size up to N (OEIS A001168), as width × residue units shared
    /// among the workers.
    Polyominoes {
        /// The largest size.
        #[arg(long)]
        size: usize,
        /// Count modulo this many 62-bit primes (0: exact counts).
        #[arg(long, default_value_t = 0)]
        residues: usize,
        /// A directory of finished units: each unit's result is written there when it is
        /// done, and units found there are not counted again.
        #[arg(long)]
        resume: Option<PathBuf>,
    },
    /// The plane-bombing league over the shipped bots (the `planes_tournament` example of
    /// grid-games): its five subtasks' tournaments shared among the workers, printed as the
    /// same tables.
    Planes {
        /// Rounds per subtask.
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        rounds: u32,
        /// League seed (each subtask derives its own stream from it).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games per pairing.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Kind {
    /// Hamiltonian cycles (OEIS A003763 on square boards).
    Cycles,
    /// Hamiltonian paths (OEIS A120443 on square boards).
    Paths,
    /// Covers of every cell by disjoint cycles.
    Covers,
}

fn main() -> ExitCode {
    stop_cleanly_when_a_peer_is_lost();
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("family-cluster: {message}");
            ExitCode::from(2)
        }
    }
}

/// A process whose peer dies sees its connections fail inside timely's network threads,
/// which panic. Say so in one line and exit with status 3 instead of a cascade of panics.
fn stop_cleanly_when_a_peer_is_lost() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("timely communication error") || message.contains("poisoned") {
            eprintln!(
                "family-cluster: lost the connection to another process of the run ({message}); \
                 stopping without a result"
            );
            std::process::exit(3);
        }
        default(info);
    }));
}

fn run(args: &Args) -> Result<(), String> {
    let cluster = match &args.hostfile {
        Some(path) => {
            let hosts = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Cluster::from_hosts(&hosts, args.process, args.workers)
        }
        None => Cluster::local(args.processes, args.process, args.port, args.workers),
    }
    .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let answer = match &args.job {
        Job::Sweep {
            kind,
            size,
            board,
            max_memory,
            chunk,
        } => {
            let grid = read_board(size.as_deref(), board.as_deref())?;
            let mut settings = SweepSettings {
                chunk: (*chunk).max(1),
                ..SweepSettings::default()
            };
            if let Some(mb) = max_memory {
                settings = settings.with_max_bytes(mb.saturating_mul(1_000_000));
            }
            sweep_job(&cluster, *kind, grid, settings, args.quiet)?
        }
        Job::Polyominoes {
            size,
            residues,
            resume,
        } => polyomino_job(&cluster, *size, *residues, resume.clone(), args.quiet)?,
        Job::Planes {
            rounds,
            seed,
            games,
        } => {
            let tournament = Tournament::default().with_rounds(*rounds as usize);
            let league = League::shipped(tournament, *games as usize, *seed);
            league_job(&cluster, league, args.quiet)?
        }
    };
    if let Some(text) = answer {
        print!("{text}");
    }
    eprintln!(
        "family-cluster: process {} of {}: {:.1} s, peak resident memory {}",
        cluster.process(),
        cluster.processes(),
        started.elapsed().as_secs_f64(),
        peak_memory().unwrap_or_else(|| "unknown".into())
    );
    Ok(())
}

fn read_board(size: Option<&str>, board: Option<&Path>) -> Result<Grid, String> {
    match (size, board) {
        (Some(size), _) => {
            let (r, c) = size
                .split_once(['x', 'X'])
                .ok_or_else(|| format!("--size {size}: expected ROWSxCOLS"))?;
            let parse = |s: &str| {
                s.trim()
                    .parse::<usize>()
                    .map_err(|e| format!("--size {size}: {e}"))
            };
            Grid::new(parse(r)?, parse(c)?).map_err(|e| e.to_string())
        }
        (None, Some(path)) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .parse()
            .map_err(|e: plugdp::PlugError| format!("{}: {e}", path.display())),
        (None, None) => Err("give --size ROWSxCOLS or --board FILE".into()),
    }
}

/// The peak resident memory of this process (Linux's VmHWM), as text.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(format!("{:.1} MB", kb * 1.024 / 1000.0))
}

/// Ends this process when a worker fails: its peers wait for its successors and would wait
/// forever; they stop when its connections close.
fn or_exit<T>(result: Result<T, ClusterError>) -> T {
    result.unwrap_or_else(|e| {
        eprintln!("family-cluster: {e}");
        std::process::exit(1)
    })
}

/// Prints a progress line at most once a second (first worker of each process only).
struct Reporter {
    quiet: bool,
    process: usize,
    last: Instant,
}

impl Reporter {
    fn report(&mut self, p: &Progress) {
        if self.quiet || (self.last.elapsed().as_secs_f64() < 1.0 && p.done < p.cells) {
            return;
        }
        self.last = Instant::now();
        eprintln!(
            "process {}: cell {}/{}, {} states here, {:.1} MB of tables here, {} sent to other workers",
            self.process,
            p.done,
            p.cells,
            p.states,
            p.bytes as f64 / 1e6,
            p.sent_away
        );
    }
}

fn sweep_job(
    cluster: &Cluster,
    kind: Kind,
    grid: Grid,
    settings: SweepSettings,
    quiet: bool,
) -> Result<Option<String>, String> {
    let count = match kind {
        Kind::Cycles => BoardCount::HamiltonianCycles,
        Kind::Paths => BoardCount::HamiltonianPaths,
        Kind::Covers => BoardCount::CycleCovers,
    };
    let job = BoardSweep::new(&grid, count).map_err(|e| e.to_string())?;
    let label = format!(
        "{kind:?} of the {} x {} board",
        job.grid().rows(),
        job.grid().cols()
    )
    .to_lowercase();
    let (process, workers) = (cluster.process(), cluster.workers());
    let guards = timely::execute(cluster.config(), move |worker| {
        let mut reporter = Reporter {
            quiet: quiet || worker.index() % workers != 0,
            process,
            last: Instant::now(),
        };
        or_exit(job.run(worker, &settings, |p| reporter.report(&p)))
    })?;
    let count = first_answer(guards.join())?;
    Ok(count.map(|c| format!("{label}: {c}\n")))
}

fn polyomino_job(
    cluster: &Cluster,
    size: usize,
    residues: usize,
    resume: Option<PathBuf>,
    quiet: bool,
) -> Result<Option<String>, String> {
    let units = PolyominoUnit::all(size, residues).map_err(|e| e.to_string())?;
    if let Some(dir) = &resume {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let guards = timely::execute(cluster.config(), move |worker| {
        let index = worker.index();
        let known = |unit: &PolyominoUnit| {
            let found = resume.as_ref().and_then(|dir| read_unit(dir, unit));
            if found.is_some() && !quiet {
                eprintln!("worker {index}: {} already done", unit_name(unit));
            }
            found
        };
        let finished = |unit: &PolyominoUnit, counts: &[u128]| {
            if let Some(dir) = &resume {
                or_exit(write_unit(dir, unit, counts).map_err(ClusterError::Setup));
            }
            if !quiet {
                eprintln!("worker {index}: {} done", unit_name(unit));
            }
        };
        let options = Options::default().with_max_bytes(usize::MAX);
        or_exit(count_units(worker, &units, &options, known, finished))
    })?;
    let results = first_answer(guards.join())?;
    let Some(results) = results else {
        return Ok(None);
    };
    let counts = plugdp::merge_units(size, residues, &results).map_err(|e| e.to_string())?;
    let lines: Vec<String> = counts
        .iter()
        .enumerate()
        .skip(1)
        .map(|(k, c)| format!("fixed polyominoes of size {k}: {c}\n"))
        .collect();
    Ok(Some(lines.concat()))
}

fn unit_name(unit: &PolyominoUnit) -> String {
    match unit.residue {
        None => format!("fixed-{}-w{}-exact", unit.size, unit.width),
        Some(r) => format!("fixed-{}-w{}-r{r}", unit.size, unit.width),
    }
}

/// A finished unit as stored in the resume directory.
#[derive(serde::Serialize, serde::Deserialize)]
struct Finished {
    unit: PolyominoUnit,
    counts: Vec<String>,
}

fn read_unit(dir: &Path, unit: &PolyominoUnit) -> Option<Vec<u128>> {
    let text = std::fs::read_to_string(dir.join(unit_name(unit) + ".json")).ok()?;
    let finished: Finished = serde_json::from_str(&text).ok()?;
    if finished.unit != *unit {
        return None;
    }
    finished.counts.iter().map(|c| c.parse().ok()).collect()
}

/// Writes a unit's result through a temporary file, so that a process killed while writing
/// leaves no half file behind.
fn write_unit(dir: &Path, unit: &PolyominoUnit, counts: &[u128]) -> Result<(), String> {
    let finished = Finished {
        unit: *unit,
        counts: counts.iter().map(u128::to_string).collect(),
    };
    let text = serde_json::to_string(&finished).map_err(|e| e.to_string())?;
    let path = dir.join(unit_name(unit) + ".json");
    let temporary = path.with_extension("part");
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, &path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn league_job(cluster: &Cluster, league: League, quiet: bool) -> Result<Option<String>, String> {
    let shared = league.clone();
    let guards = timely::execute(cluster.config(), move |worker| {
        let index = worker.index();
        or_exit(play_league(worker, &shared, |task| {
            if !quiet {
                eprintln!("worker {index}: subtask {} done", task.id);
            }
        }))
    })?;
    let results = first_answer(guards.join())?;
    Ok(results.map(|r| LeagueTable::new(&league, r).to_string()))
}

/// The answer of the run's first worker (the others return `None`), or a worker's panic as
/// text.
fn first_answer<T>(joined: Vec<Result<Option<T>, String>>) -> Result<Option<T>, String> {
    let answers = joined.into_iter().collect::<Result<Vec<_>, _>>()?;
    Ok(answers.into_iter().flatten().next())
}
