//! The planner's error type.

use thiserror::Error;

/// Why an instance is rejected or no plan exists.
///
/// Level numbers in the messages are 1-based, as a person counts them.
///
/// ```
/// use level_planner::{plan, Instance, Params, PlanError, PlanOptions, Site, VirtualLevel};
/// let site = Site::from_rows(&["....", "...."])?; // 2 m × 1 m
/// let start = VirtualLevel::from_rows(0.0, 0.0, &["#"])?;
/// // A 20 m leg cannot fit in a 2 m hall:
/// let far = vec![start.clone(), VirtualLevel::from_rows(20.0, 0.0, &["#"])?];
/// let err = plan(&Instance::new(site.clone(), far, Params::default())?, &PlanOptions::default()).unwrap_err();
/// assert_eq!(err, PlanError::LegUnreachable { level: 2 });
/// assert_eq!(err.to_string(),
///            "no admissible placement for level 2: no grid offset has a leg length within tolerance");
/// // A footprint wider than the site never fits:
/// let wide = vec![VirtualLevel::from_rows(0.0, 0.0, &["#####"])?];
/// let err = plan(&Instance::new(site.clone(), wide, Params::default())?, &PlanOptions::default()).unwrap_err();
/// assert_eq!(err, PlanError::NoAdmissiblePlacement { level: 1 });
/// // Malformed input is rejected before planning:
/// let err = Instance::new(site, vec![], Params::default()).unwrap_err();
/// assert_eq!(err.to_string(), "invalid instance: there are no levels");
/// # Ok::<(), PlanError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum PlanError {
    /// The instance is malformed; the problem says which field and how.
    #[error("invalid instance: {0}")]
    InvalidInstance(InstanceProblem),
    /// The site is wider than the planner supports.
    #[error("invalid instance: the site has {cols} columns, at most {max} are supported")]
    SiteTooWide {
        /// Columns of the site.
        cols: usize,
        /// Largest supported number of columns.
        max: usize,
    },
    /// More levels than the 2^T enumeration of this planner can take: more than
    /// [`MAX_LEVELS`](crate::MAX_LEVELS), which [`Instance::new`](crate::Instance::new) refuses
    /// (and the JSON reader of the `serde` feature at the first level too many, before reading
    /// it), or more than [`REFERENCE_MAX_LEVELS`](crate::REFERENCE_MAX_LEVELS) for
    /// [`plan_reference`](crate::plan_reference).
    #[error("invalid instance: {levels} levels, at most {max} are supported by this planner")]
    TooManyLevels {
        /// Levels in the instance.
        levels: usize,
        /// Largest supported number.
        max: usize,
    },
    /// The leg into this level (1-based) admits no lattice offset at all within the distance
    /// tolerance, so every plan fails there.
    #[error(
        "no admissible placement for level {level}: no grid offset has a leg length within tolerance"
    )]
    LegUnreachable {
        /// 1-based level index.
        level: usize,
    },
    /// Every greedy plan failed; this is the smallest (1-based) level at which any of them found
    /// no admissible placement.
    #[error("no admissible placement for level {level}")]
    NoAdmissiblePlacement {
        /// 1-based level index.
        level: usize,
    },
    /// The planner ran out of its budget ([`PlanOptions`](crate::PlanOptions)): it spent more
    /// than `max_work` work units, or ran past the deadline, before finding the plan.
    #[error(
        "the planner ran out of its budget after {work} work units (limit {max_work}; deadline passed: {timed_out})"
    )]
    BudgetExceeded {
        /// Work units spent when the planner stopped (more than `max_work` unless the deadline
        /// stopped it).
        work: u64,
        /// The work limit in force.
        max_work: u64,
        /// Whether the deadline, not the work limit, stopped the planner.
        timed_out: bool,
    },
}

/// What is wrong with an instance ([`PlanError::InvalidInstance`]). Lines, columns and levels
/// are 1-based, as the messages print them; a drawing given as a list of rows (a site or a
/// footprint in the JSON instance format, [`Site::from_rows`](crate::Site::from_rows),
/// [`VirtualLevel::from_rows`](crate::VirtualLevel::from_rows)) has row `i` on line `i + 1`.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum InstanceProblem {
    /// The site has no row or no column.
    #[error("the site is empty")]
    EmptySite,
    /// More rows than [`Site::MAX_ROWS`](crate::Site::MAX_ROWS).
    #[error("the site has {rows} rows, at most {max} are supported")]
    SiteTooTall {
        /// Rows of the site.
        rows: usize,
        /// Largest supported number of rows.
        max: usize,
    },
    /// The usable flags do not number `rows · cols`.
    #[error("the site has {flags} flags for {rows}x{cols} cells")]
    FlagCount {
        /// Flags given.
        flags: usize,
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A site row is longer or shorter than the first.
    #[error("site line {line} has {len} cells, expected {expected}")]
    RaggedSite {
        /// 1-based line of the text (for a list of rows: the 1-based row).
        line: usize,
        /// Cells on that line.
        len: usize,
        /// Cells of the first row.
        expected: usize,
    },
    /// A site row holds a character other than `.` and `#`.
    #[error("unexpected character {ch:?} in the site at line {line}, column {column}")]
    SiteCharacter {
        /// The character found.
        ch: char,
        /// 1-based line of the text (for a list of rows: the 1-based row).
        line: usize,
        /// 1-based character position within the (trimmed) line.
        column: usize,
    },
    /// A footprint row holds a character other than `#` and `.`.
    #[error("unexpected character {ch:?} in the footprint at line {line}, column {column}")]
    FootprintCharacter {
        /// The character found.
        ch: char,
        /// 1-based row of the footprint.
        line: usize,
        /// 1-based character position within the row.
        column: usize,
    },
    /// The footprint is not a shape (no cell, or too large a span).
    #[error("footprint: {0}")]
    Footprint(#[from] polyomino::ShapeError),
    /// The footprint's pivot is not one of its cells.
    #[error("level {level}: the pivot is not a cell of the footprint")]
    PivotOutside {
        /// The level (1-based).
        level: usize,
    },
    /// The instance has no level.
    #[error("there are no levels")]
    NoLevels,
    /// A level's distance or bearing is NaN or infinite.
    #[error("level {level} has a non-finite distance or bearing")]
    NonFiniteLeg {
        /// The level (1-based).
        level: usize,
    },
    /// The spin step is outside (0, 360] or not finite.
    #[error("spin step {step} is outside (0, 360]")]
    SpinStep {
        /// The step, in degrees.
        step: f64,
    },
    /// The spin step gives more than [`MAX_SPINS`](crate::MAX_SPINS) spins.
    #[error("spin step {step}° gives more than {max} spins (the smallest step is 0.01°)")]
    TooManySpins {
        /// The step, in degrees.
        step: f64,
        /// Most spins supported.
        max: usize,
    },
    /// A footprint is larger than the planner supports.
    #[error("level {level} has a footprint above {max_side} cells on a side or {max_cells} cells")]
    FootprintTooLarge {
        /// The level (1-based).
        level: usize,
        /// Largest side supported.
        max_side: i32,
        /// Most cells supported.
        max_cells: usize,
    },
    /// The ratio band is not a finite interval `lo <= hi`.
    #[error("ratio band [{lo}, {hi}] is not a finite interval")]
    RatioBand {
        /// Lower bound.
        lo: f64,
        /// Upper bound.
        hi: f64,
    },
    /// The absolute band is negative or not finite.
    #[error("absolute band {metres} m is not a finite non-negative number")]
    AbsoluteBand {
        /// The band, in metres.
        metres: f64,
    },
    /// A document does not follow the instance format (JSON reading); the reader's message.
    #[error("{0}")]
    Format(String),
}
