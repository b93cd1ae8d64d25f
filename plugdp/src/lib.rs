//! A plug DP (broken-profile, transfer-matrix) engine whose frontier states keep connectivity in
//! minimal representation (最小表示法), with ready solvers.
//!
//! Count the Hamiltonian cycles of a board drawn as text (`.` a free cell, `#` a blocked one;
//! this is the sample of Timus 1519 "Formula 1"):
//!
//! ```
//! use plugdp::{hamiltonian_cycles, Grid, Options};
//! let board: Grid = "##..\n....\n....\n....".parse()?;
//! assert_eq!(hamiltonian_cycles(&board, &Options::default())?.to_string(), "2");
//! // The free boards: OEIS A003763, 1, 6, 1072, … for 2 × 2, 4 × 4, 6 × 6.
//! assert_eq!(hamiltonian_cycles(&Grid::new(4, 4)?, &Options::default())?.to_string(), "6");
//! # Ok::<(), plugdp::PlugError>(())
//! ```
//!
//! Count domino tilings, exactly, of any size:
//!
//! ```
//! use plugdp::{domino_tilings, Grid};
//! let options = plugdp::Options::default();
//! assert_eq!(domino_tilings(&Grid::new(8, 8)?, &options)?.to_string(), "12988816"); // OEIS A004003
//! assert_eq!(domino_tilings(&Grid::new(2, 10)?, &options)?.to_string(), "89"); // 2 × n: Fibonacci
//! # Ok::<(), plugdp::PlugError>(())
//! ```
//!
//! Count polyominoes by transfer matrix: fixed, one-sided and free (OEIS A001168, A000988,
//! A000105):
//!
//! ```
//! use plugdp::{fixed_polyominoes, polyomino_counts, Options};
//! assert_eq!(fixed_polyominoes(8, &Options::default())?, [0, 1, 2, 6, 19, 63, 216, 760, 2725]);
//! let free: Vec<u128> = polyomino_counts(7, &Options::default())?.iter().map(|c| c.free).collect();
//! assert_eq!(free, [1, 1, 2, 5, 12, 35, 108]);
//! # Ok::<(), plugdp::PlugError>(())
//! ```
//!
//! # Boards as text
//!
//! [`Grid`] and [`FuseBoard`] read from text with [`FromStr`](core::str::FromStr) and print with
//! [`Display`](core::fmt::Display), in the convention of the whole crate family
//! (`polyomino::Board` and `level_planner::Site` read and write the same text): one character
//! per cell (for a grid `.` free and `#` blocked), one line per row, each line trimmed of
//! surrounding whitespace, blank lines before the first and after the last row ignored (so an
//! indented multi-line string literal works), all rows of the same length. `Display` joins the
//! rows with `\n`, without a trailing newline, and `FromStr` reads back exactly what `Display`
//! writes. Errors name the 1-based line and column ([`PlugError::UnexpectedChar`],
//! [`PlugError::RaggedRow`]). Inputs drawn with other characters (Timus 1519 draws blocked
//! cells as `*`) go through [`Grid::parse_rows`]. A grid converts to and from a
//! [`polyomino::Board`], and through a board to a `level_planner::Site`.
//!
//! ```
//! use plugdp::{Grid, PlugError};
//! let ring: Grid = "
//!     ...
//!     .#.
//!     ...
//! ".parse()?;
//! assert_eq!(ring.free_cells(), 8);
//! assert_eq!(ring.to_string(), "...\n.#.\n...");
//! assert_eq!(ring.to_string().parse::<Grid>()?, ring);
//! assert_eq!(".#.\n.x.".parse::<Grid>(),
//!            Err(PlugError::UnexpectedChar { ch: 'x', line: 2, column: 2 }));
//! // The problem's own drawing, `*` for a blocked cell:
//! assert_eq!(Grid::parse_rows(&["...", ".*.", "..."], '.', '*')?, ring);
//! # Ok::<(), PlugError>(())
//! ```
//!
//! # Your own problem
//!
//! A problem is a closure listing what may happen in one cell; the engine sweeps the grid cell
//! by cell, keeping for each partial solution only its frontier (the plugs crossing the broken
//! contour, with their components in minimal representation) in rolling tables, and folds the
//! values in the semiring you choose: checked `u64` / `u128` counts, counts modulo primes
//! ([`value::ModP`], [`value::Residues`]), exact [`value::BigCount`]s, or optimisation values
//! ([`MaxPlus`], [`MinPlus`], [`Feasible`]) with a witness ([`run_edges_witness`]).
//!
//! With [`run_edges`], each free cell lists the [`Sides`] it may open (an open side is an edge
//! shared with the neighbour on that side), with a weight each; the [`EdgeRules`] say whether
//! the open edges must form one cycle, one path, or anything at all. For example, the
//! monomer–dimer coverings of a board (every cell alone or paired with a neighbour: the
//! matchings of the grid graph) let each cell open no side or exactly one:
//!
//! ```
//! use plugdp::{run_edges, EdgeRules, Grid, Sides};
//! let alone_or_paired = |_row: usize, _col: usize| {
//!     std::iter::once(Sides::NONE)
//!         .chain(Sides::SINGLES)
//!         .map(|s| (s, 1u64))
//! };
//! let count = |n| -> Result<u64, plugdp::PlugError> {
//!     let options = plugdp::Options::default();
//!     Ok(run_edges(&Grid::new(n, n)?, EdgeRules::PRESENCE, alone_or_paired, &options)?.0)
//! };
//! // OEIS A028420: 1, 7, 131, 10012, … monomer–dimer tilings of the n × n board.
//! assert_eq!(count(2)?, 7);
//! assert_eq!(count(4)?, 10012);
//! assert_eq!(count(8)?, 179_788_343_101_980_135);
//! # Ok::<(), plugdp::PlugError>(())
//! ```
//!
//! The choices may depend on the cell (a closure of `(row, col)`), blocked cells of the
//! [`Grid`] open nothing, and a [`Pruner`] ([`run_edges_with`]) may watch or cut the frontiers.
//! Problems about which cells are *in* a shape rather than which edges are used go through
//! [`run_cells`] (each cell in or out, optionally one connected set).
//!
//! A problem whose cells must see more than the plugs arriving (a loop through circles with
//! rules about the cells beside them, paths that carry a number) implements
//! [`engine::driver::Transfer`]: its own frontier key, the successors of a frontier at one
//! cell, the row end and the accepted frontiers; [`engine::driver::run`] sweeps it on the same
//! driver as the edge problems (threads, budget, witness), and [`engine::driver::Contour`]
//! packs plugs, components in minimal representation and per-plug tags into a key. The crate's
//! repository has two such problems written through this public API alone, each checked by
//! its tests against brute force: `examples/masyu.rs` (one loop through black and white
//! circles) and `examples/numberlink.rs` (pairs of equal numbers joined by disjoint paths,
//! optionally covering every cell).
//!
//! # Ready solvers
//!
//! * [`hamiltonian_cycles`] (Timus 1519 "Formula 1"; [`Grid::parse_rows`] shows how to read
//!   the problem's input), [`hamiltonian_paths`], [`cycle_covers`] (HDU 1693), exact at any
//!   size, on as many threads as [`Options::with_threads`] asks for;
//! * [`domino_tilings`] (Kasteleyn's determinant for full rectangles, the plug DP otherwise);
//! * [`rocket_mania`] (ZOJ 2125 "Rocket Mania" and ZOJ 2126 "Rocket Mania Plus";
//!   [`FuseBoard`] describes the puzzle and the input formats), with the rotation of every
//!   tile;
//! * [`fixed_polyominoes`] and [`polyomino_counts`] (one-sided and free by Burnside's lemma);
//! * [`self_avoiding_polygons`] by perimeter.
//!
//! # Splitting a job over processes
//!
//! Two jobs split so that many processes or machines can share them, with no input, output or
//! threads in this crate: a sweep's frontiers split by key into shards
//! ([`engine::shard`]: each shard expands its own frontiers and sums what the others send it,
//! the transport being the caller's), and the fixed-polyomino counts split into independent
//! width × residue units ([`PolyominoUnit`], merged exactly by [`merge_units`]). With the
//! `serde` feature the pieces that travel ([`Grid`], [`BigCount`], [`Residues`], the rules,
//! the units) serialize. The crate family's `family-cluster` runs both on timely dataflow.
//!
//! ```
//! use plugdp::{fixed_polyominoes, merge_units, Options, PolyominoUnit};
//! // Units may run anywhere, in any order.
//! let units = PolyominoUnit::all(10, 0)?;
//! let results: Vec<_> = units
//!     .iter()
//!     .rev()
//!     .map(|u| Ok((*u, u.count(&Options::default())?)))
//!     .collect::<Result<_, plugdp::PlugError>>()?;
//! assert_eq!(merge_units(10, 0, &results)?, fixed_polyominoes(10, &Options::default())?);
//! # Ok::<(), plugdp::PlugError>(())
//! ```
//!
//! # Design and costs
//!
//! * Frontiers pack 4 bits per contour position (W + 1 positions for W columns) and a few flags
//!   into a `u64` (W ≤ 14) or a `u128` (W ≤ 30); wider boards are refused with
//!   [`PlugError::TooWide`], more than 15 components with [`PlugError::TooManyComponents`].
//!   Solvers turn the board so that its shorter side is swept.
//! * One step costs O(frontiers × choices): the common transitions (a plug passing through, a
//!   new component, a merge, a cycle closing) are computed on the packed key with word-parallel
//!   operations; the rest through a decoded reference transition.
//! * A step's successors are summed in a cache-sized open-addressing table, or, for big steps,
//!   first partitioned by hash so that every table stays in cache; with
//!   [`Options::threads`] above 1, workers started once per sweep split every step, with no
//!   contended lock.
//! * Hamiltonian cycles and paths sweep only half the board: the top half and the bottom half
//!   meet at the middle row, joined by plug set over the closed meanders (pairs of non-crossing
//!   matchings that form one cycle) or, for paths, over the pairs of halves with two path ends
//!   between them that form one path; a mirror-symmetric board needs one half sweep.
//! * Measured (2-core machine): the free 12 × 12 Formula 1 board in 22 ms on one thread and
//!   15–21 ms on two, 16 × 16 in 2.2–2.9 s on two; all fixed polyominoes up to 24 cells in
//!   0.5 s and up to 30 cells in 8 s on one thread, up to 32 in 21 s on two.
//!
//! # Budgets
//!
//! Every solver and engine entry point takes `&`[`Options`], whose budget bounds what a call may
//! spend: the memory of its frontier tables ([`Options::max_bytes`], 2 GiB by default) and
//! optionally a deadline ([`Options::with_time_limit`]). Running out is
//! [`PlugError::BudgetExceeded`] with the [`Limit`] reached and the states of the step, never an
//! allocation failure or a sweep that runs for hours:
//!
//! * Memory, within every step: the sweep driver's buffers (the frontier lists a step reads and
//!   writes, the summing tables and hash partitions, a witness's checkpoints and the tables it
//!   recomputes, the record of states per step) grow only after asking, and a growth that would
//!   take what they hold (their capacities, counting a buffer being replaced until the new one
//!   is filled) past `max_bytes` is refused. So they never hold more than `max_bytes`, even in
//!   a step that makes millions of frontiers from one. Not counted, and small beside any
//!   useful budget: allocator headers and a few fixed structures (tens of KiB per thread),
//!   each thread's stack, memory a value owns on the heap ([`BigCount`]'s digits) and the
//!   problem's own data (an edge problem's choice lists: each distinct list once, and a `u32`
//!   per cell). Measured: 2^26 frontiers made by one cell under a 1 MiB budget stop with the
//!   whole process (a test binary) at 6 MB of peak resident memory.
//! * Memory, after every step: an estimate from the number of states (a few times the bytes of
//!   a key and a value each) plus the tables a witness keeps, which stops a growing sweep one
//!   step earlier than its next tables would.
//! * The deadline: read after every step and every 4096 additions within one, so a call
//!   returns within milliseconds of it, or at most one pass over a step's frontiers later (the
//!   whole-step hooks, [`Transfer::prune_step`](engine::driver::Transfer::prune_step) and the
//!   row end, and a witness's sorting of a step, run to their end).
//!
//! Sweeps that run at the same time share the budget (the two halves of a board that
//! [`hamiltonian_cycles`], [`hamiltonian_paths`] and [`cycle_covers`] meet in the middle, the
//! polyomino widths), and a half swept after the other counts the other's last tables. The
//! checks cost about 3 % of a step's instructions. Not under the within-step checks: the
//! polyomino transfer matrices (sweeps of their own, which check both after every cell) and
//! the join of two halves (bounded by the board's width).
//!
//! ```
//! use std::time::Duration;
//! use plugdp::{hamiltonian_cycles, Grid, Limit, Options, PlugError};
//! // The widest board the encoding takes: its frontier grows past any memory within seconds.
//! let small = Options::default().with_max_bytes(16 << 20);
//! let result = hamiltonian_cycles(&Grid::new(30, 30)?, &small);
//! assert!(matches!(result, Err(PlugError::BudgetExceeded { limit: Limit::Memory { .. }, .. })));
//! // A deadline that has passed stops any sweep within its first step.
//! let late = Options::default().with_time_limit(Duration::ZERO);
//! let result = hamiltonian_cycles(&Grid::new(12, 12)?, &late);
//! assert!(matches!(result, Err(PlugError::BudgetExceeded { limit: Limit::Deadline, .. })));
//! # Ok::<(), PlugError>(())
//! ```
//!
//! # Features
//!
//! The crate has one optional feature, `serde` (serialization of the pieces a job split over
//! processes sends: see [Splitting a job over processes](#splitting-a-job-over-processes)). Threads are opt-in through [`Options::with_threads`];
//! there is no global thread pool.
#![forbid(unsafe_code)]

// The README's code blocks run as doctests, so that they stay true (the guide chapters in the
// repository's docs/ are tested by the family-docs crate there).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod budget;
pub mod engine;
mod error;
mod grid;
mod options;
mod solvers;
mod text;
pub mod value;
#[cfg(feature = "serde")]
mod wire;

pub use engine::{
    CellRules, Cycles, EdgeProblem, EdgeRules, Frontier, NoPruning, Pruner, Sides, Stats,
    run_cells, run_edges, run_edges_with, run_edges_witness,
};
/// The `polyomino` crate this one builds on (polyomino counts), re-exported so its types need
/// no dependency of their own.
pub use polyomino;

pub use budget::Limit;
pub use error::PlugError;
pub use grid::Grid;
pub use options::Options;
pub use solvers::{
    FuseBoard, MAX_COUNTS_SIZE, MAX_POLYGON_HALF_PERIMETER, MAX_POLYOMINO_SIZE, MAX_UNIT_RESIDUES,
    MAX_UNIT_SIZE, PolyominoUnit, Prunings, RocketPlan, RocketStats, Tile, cycle_bound_bits,
    cycle_covers, domino_tilings, fixed_polyominoes, hamiltonian_cycles, hamiltonian_paths,
    launched_rockets, merge_units, polyomino_counts, rocket_mania, rocket_mania_with,
    self_avoiding_polygons,
};
pub use value::{BigCount, CountError, Feasible, MaxPlus, MinPlus, ModP, Residues, Value};
