//! The crate's error type.

use thiserror::Error;

/// Why a DP could not run or could not give an exact answer.
///
/// Board text errors name the 1-based line and column, as `polyomino::BoardError` does.
///
/// ```
/// use plugdp::{fixed_polyominoes, hamiltonian_cycles, run_edges, Options};
/// use plugdp::{EdgeRules, Grid, PlugError, Sides};
/// assert_eq!(Grid::new(3, 0), Err(PlugError::EmptyGrid));
/// let err = "...\n..*".parse::<Grid>().unwrap_err();
/// assert_eq!(err, PlugError::UnexpectedChar { ch: '*', line: 2, column: 3 });
/// assert_eq!(err.to_string(), "unexpected character '*' at line 2, column 3 (1-based)");
/// // The shorter side is swept; 40 columns are more than the state encoding holds.
/// assert_eq!(
///     hamiltonian_cycles(&Grid::new(40, 40)?, &Options::default()),
///     Err(PlugError::TooWide { cols: 40, max: 30 })
/// );
/// let max = plugdp::MAX_POLYOMINO_SIZE;
/// assert_eq!(fixed_polyominoes(99, &Options::default()), Err(PlugError::SizeTooLarge { size: 99, max }));
/// // Weights of 2^40 per cell multiply to 2^640 over a 4 × 4 tiling: more than a u64 holds,
/// // and the engine says so instead of wrapping.
/// let twos = |_, _| Sides::SINGLES.iter().map(|&s| (s, 1u64 << 40));
/// assert_eq!(run_edges(&Grid::new(4, 4)?, EdgeRules::PRESENCE, twos, &plugdp::Options::default()), Err(PlugError::Overflow));
/// // A side bit that does not exist.
/// let bad = |_, _| vec![(Sides(16), 1u64)];
/// let result = run_edges(&Grid::new(2, 2)?, EdgeRules::PRESENCE, bad, &plugdp::Options::default());
/// assert!(matches!(result, Err(PlugError::BadSides { .. })));
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlugError {
    /// The board has a zero side.
    #[error("the board is empty")]
    EmptyGrid,
    /// A board text or row holds a character that is not one of the board's cells (`.` and
    /// `#` for a [`Grid`](crate::Grid) read with `FromStr`, the two characters given to
    /// [`Grid::parse_rows`](crate::Grid::parse_rows), the tiles of a
    /// [`FuseBoard`](crate::FuseBoard)).
    #[error("unexpected character {ch:?} at line {line}, column {column} (1-based)")]
    UnexpectedChar {
        /// The character found.
        ch: char,
        /// 1-based line of the text (for a list of rows: the 1-based row).
        line: usize,
        /// 1-based character position within the (trimmed) line.
        column: usize,
    },
    /// A board row's length differs from the first row's.
    #[error("line {line} has {len} cells, expected {expected}")]
    RaggedRow {
        /// 1-based line of the text (for a list of rows: the 1-based row).
        line: usize,
        /// Cells on that line.
        len: usize,
        /// Cells on the first row.
        expected: usize,
    },
    /// A [`Grid`](crate::Grid) of more than [`Grid::MAX_CELLS`](crate::Grid::MAX_CELLS) cells.
    #[error("a {rows}x{cols} grid has more than {max_cells} cells")]
    GridTooLarge {
        /// Rows asked for (reading text: the rows read when the limit was passed; the rest
        /// of the text is not read).
        rows: usize,
        /// Columns.
        cols: usize,
        /// The limit, [`Grid::MAX_CELLS`](crate::Grid::MAX_CELLS).
        max_cells: usize,
    },
    /// [`Grid::with_blocked`](crate::Grid::with_blocked) got a flag count other than
    /// `rows · cols`.
    #[error("{flags} blocked flags for {rows}x{cols} cells")]
    FlagCount {
        /// Flags given.
        flags: usize,
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A [`FuseBoard`](crate::FuseBoard) above [`FuseBoard::MAX_ROWS`](crate::FuseBoard::MAX_ROWS)
    /// rows or [`FuseBoard::MAX_COLS`](crate::FuseBoard::MAX_COLS) columns.
    #[error("a {rows}x{cols} fuse board is larger than {max_rows}x{max_cols}")]
    FuseBoardTooLarge {
        /// Rows given (reading text: the rows read when the limit was passed).
        rows: usize,
        /// Columns given.
        cols: usize,
        /// Largest number of rows.
        max_rows: usize,
        /// Largest number of columns.
        max_cols: usize,
    },
    /// [`rocket_mania`](crate::rocket_mania) got a number of lit flags other than the board's
    /// number of rows.
    #[error("{lit} lit flags for a board of {rows} rows")]
    LitCount {
        /// Flags given.
        lit: usize,
        /// Rows of the board.
        rows: usize,
    },
    /// The frontier is wider than the state encoding (after turning the board so that its
    /// shorter side is swept).
    #[error("the board is {cols} cells wide; the state encoding supports at most {max}")]
    TooWide {
        /// Columns swept.
        cols: usize,
        /// Largest supported width.
        max: usize,
    },
    /// A frontier needed more than 15 component labels.
    #[error("a frontier needs more than 15 component labels")]
    TooManyComponents,
    /// A count overflowed the chosen integer type; use a wider one or the exact solver.
    #[error("the count overflowed the chosen integer type")]
    Overflow,
    /// A witness was asked for a value type where no single choice carries the optimum (a
    /// counting value: the total is a sum over many configurations).
    #[error("no witness: the value type does not keep one best configuration")]
    NoWitness,
    /// A cell's choices name sides that do not exist (bits of [`Sides`](crate::Sides) above
    /// the four sides).
    #[error(
        "cell ({row}, {col}) offers sides {sides:#x}: only the bits 0x1, 0x2, 0x4 and 0x8 are sides"
    )]
    BadSides {
        /// Row of the cell.
        row: usize,
        /// Column of the cell.
        col: usize,
        /// The offending bits.
        sides: u8,
    },
    /// A problem's board has more cells than a `usize` counts: the rows and columns a
    /// [`Transfer::size`](crate::engine::driver::Transfer::size) reports multiply past
    /// `usize::MAX`.
    #[error("a {rows}x{cols} board has more cells than a usize counts")]
    TooManyCells {
        /// Rows reported.
        rows: usize,
        /// Columns reported.
        cols: usize,
    },
    /// A step has more frontiers than the tables can index (2^32).
    #[error("a step has more frontiers than the tables can index")]
    TooManyStates,
    /// The exact solver's moduli cannot cover the possible size of the answer.
    #[error("the exact answer may exceed the supported range (2^{bits} possible edge sets)")]
    ExactTooLarge {
        /// Bits of the bound on the answer.
        bits: usize,
    },
    /// A budget of the [`Options`](crate::Options) ran out: the frontier tables would have
    /// passed [`Options::max_bytes`](crate::Options::max_bytes), or the
    /// [`deadline`](crate::Options::deadline) passed. Raise the budget to go on.
    #[error("{limit} exhausted: a step reached {states} frontier states (about {bytes} bytes)")]
    BudgetExceeded {
        /// Which budget ran out.
        limit: crate::Limit,
        /// Frontier states of the step that stopped the sweep: after a step, those it kept;
        /// within a step, the more of those it read and those it had summed so far.
        states: usize,
        /// The bytes reached: after a step, the estimate from its states (plus the tables a
        /// witness keeps); within a step, the bytes the sweep's tables and buffers would have
        /// held with the refused growth (for a memory error; for a deadline, those they held).
        bytes: usize,
    },
    /// A size above what the solver takes: polyomino sizes (see
    /// [`MAX_POLYOMINO_SIZE`](crate::MAX_POLYOMINO_SIZE) and
    /// [`MAX_COUNTS_SIZE`](crate::MAX_COUNTS_SIZE)) or polygon half-perimeters (see
    /// [`MAX_POLYGON_HALF_PERIMETER`](crate::MAX_POLYGON_HALF_PERIMETER)).
    #[error("size {size} is above {max}, the largest this solver takes")]
    SizeTooLarge {
        /// The size asked for.
        size: usize,
        /// The largest size taken.
        max: usize,
    },
    /// The `polyomino` crate refused the counts of one size (its symmetric searches ran past
    /// their default budget, or Burnside's sums did not divide).
    #[error("one-sided and free counts: {0}")]
    Counts(#[from] polyomino::EnumerateError),
    /// No method of the solver finishes this board within its limits (for domino tilings of a
    /// full rectangle: the sweep's frontier is too wide and the Kasteleyn matrix too large).
    #[error("a {rows}x{cols} board is beyond what this solver takes")]
    TooLarge {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// A polyomino unit that does not belong to its split: a width outside `1..=⌈size/2⌉`, a
    /// residue index past [`MAX_UNIT_RESIDUES`](crate::MAX_UNIT_RESIDUES), or, when merging,
    /// a unit missing, repeated, of another split, or with malformed counts; see
    /// [`PolyominoUnit`](crate::PolyominoUnit).
    #[error(
        "polyomino unit (size {size}, width {width}, residue {residue:?}) missing, repeated or malformed"
    )]
    BadUnit {
        /// The unit's size.
        size: usize,
        /// The unit's width.
        width: usize,
        /// The unit's residue index.
        residue: Option<usize>,
    },
    /// A shard index outside `0..shards` (or no shards at all), or a frontier delivered to a
    /// shard that does not own it; see [`engine::shard`](crate::engine::shard).
    #[error("shard {shard} of {shards}: no such shard, or not the owner")]
    BadShard {
        /// The shard named (for a misdelivered frontier, its owner).
        shard: usize,
        /// The number of shards.
        shards: usize,
    },
    /// A problem that prunes whole steps
    /// ([`Transfer::prunes_steps`](crate::engine::driver::Transfer::prunes_steps)) cannot be
    /// split into shards: no shard sees a whole step.
    #[error("a problem that prunes whole steps cannot be split into shards")]
    StepPruning,
    /// A sharded sweep was asked for its total before its last step, or to end a step it has
    /// not finished expanding (or one past the last).
    #[error("the sharded sweep is at step {done} of {cells}")]
    Unfinished {
        /// Steps done.
        done: usize,
        /// Steps of the whole sweep.
        cells: usize,
    },
    /// A solver's own check of its answer failed (a plan that does not re-simulate to the score
    /// the sweep found): a bug in the crate, reported instead of a wrong answer.
    #[error("internal check failed: {check}")]
    Internal {
        /// What was checked.
        check: &'static str,
    },
}
