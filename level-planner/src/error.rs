//! The planner's error type.

use thiserror::Error;

/// Why an instance is rejected or no plan exists.
///
/// Level numbers in the messages are 1-based, as a person counts them.
///
/// ```
/// use level_planner::{plan, Instance, Params, PlanError, Site, VirtualLevel};
/// let site = Site::from_rows(&["....", "...."])?; // 2 m × 1 m
/// let start = VirtualLevel::from_rows(0.0, 0.0, &["#"])?;
/// // A 20 m leg cannot fit in a 2 m hall:
/// let far = vec![start.clone(), VirtualLevel::from_rows(20.0, 0.0, &["#"])?];
/// let err = plan(&Instance::new(site.clone(), far, Params::default())?).unwrap_err();
/// assert_eq!(err, PlanError::LegUnreachable { level: 2 });
/// assert_eq!(err.to_string(),
///            "no admissible placement for level 2: no grid offset has a leg length within tolerance");
/// // A footprint wider than the site never fits:
/// let wide = vec![VirtualLevel::from_rows(0.0, 0.0, &["#####"])?];
/// let err = plan(&Instance::new(site.clone(), wide, Params::default())?).unwrap_err();
/// assert_eq!(err, PlanError::NoAdmissiblePlacement { level: 1 });
/// // Malformed input is rejected before planning:
/// let err = Instance::new(site, vec![], Params::default()).unwrap_err();
/// assert_eq!(err.to_string(), "invalid instance: there are no levels");
/// # Ok::<(), PlanError>(())
/// ```
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
