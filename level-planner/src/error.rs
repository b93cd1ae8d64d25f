//! The planner's error type.

use thiserror::Error;

/// Why an instance is rejected or no plan exists.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum PlanError {
    /// The instance is malformed: the message names the offending field.
    #[error("invalid instance: {0}")]
    InvalidInstance(String),
    /// The site is wider than the planner supports.
    #[error("invalid instance: the site has {cols} columns, at most {max} are supported")]
    SiteTooWide {
        /// Columns of the site.
        cols: usize,
        /// Largest supported number of columns.
        max: usize,
    },
    /// More levels than the 2^T enumeration of this planner can take.
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
}
