//! Typed, validated inputs: the [`VirtualLevel`]s, the [`Tolerance`] and the [`Params`],
//! gathered with the [`Site`] in an [`Instance`].

use polyomino::{Cell, CellSet, MarkedCellSet};

use crate::{InstanceProblem, MAX_LEVELS, PlanError, Site};

/// Side of one site cell, in metres.
pub const CELL_METRES: f64 = 0.5;

/// Most spins per level (a spin step of at least 0.01°).
pub const MAX_SPINS: usize = 36_000;

/// Largest footprint height or width, in cells (a footprint larger than any site in both
/// directions could never be placed).
pub const MAX_FOOTPRINT_SIDE: i32 = 8192;

/// Most cells in one footprint.
pub const MAX_FOOTPRINT_CELLS: usize = 4096;

/// One virtual level: the leg from the previous level and the level's footprint.
///
/// The footprint is a [`MarkedCellSet`] whose mark is the pivot: the cell placed on the
/// plan's pivot position and the end point of the legs. Any non-empty cell set is a footprint
/// (a room need not be one piece, so its cells need not be connected).
///
/// ```
/// use level_planner::VirtualLevel;
/// use polyomino::Cell;
/// // A room 3 m to the north (bearing +90°), shaped like a T.
/// let level = VirtualLevel::from_rows(3.0, 90.0, &["###", ".#."])?;
/// assert_eq!((level.dist_m, level.deflex_deg), (3.0, 90.0));
/// assert_eq!(level.footprint.shape().size(), 4);
/// assert_eq!(level.footprint.mark(), Cell::new(1, 1)); // row 2/2, column 3/2
/// # Ok::<(), level_planner::PlanError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct VirtualLevel {
    /// Walking distance from the previous level, in metres (ignored for the first level).
    pub dist_m: f64,
    /// Bearing of the leg from the previous level in the virtual world, degrees
    /// counter-clockwise from the direction of increasing column (ignored for the first level).
    pub deflex_deg: f64,
    /// The footprint (0.5 m cells) with its pivot marked.
    pub footprint: MarkedCellSet,
}

impl VirtualLevel {
    /// A level whose footprint is drawn with `#` for a cell and `.` for a hole, one string per
    /// row, with the default pivot: the cell at row ⌊h/2⌋, column ⌊w/2⌋ of the tight bounding
    /// box, or the first cell in row-major order when that one is a hole.
    ///
    /// ```
    /// use level_planner::VirtualLevel;
    /// use polyomino::Cell;
    /// // The centre cell (1, 1) of this ring is a hole, so the pivot is the first cell.
    /// let ring = VirtualLevel::from_rows(2.0, 0.0, &["###", "#.#", "###"])?;
    /// assert_eq!(ring.footprint.mark(), Cell::new(0, 0));
    /// assert!(VirtualLevel::from_rows(2.0, 0.0, &["...", "..."]).is_err()); // no cell
    /// assert!(VirtualLevel::from_rows(2.0, 0.0, &["#o#"]).is_err()); // unknown character
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    ///
    /// # Errors
    /// [`PlanError::InvalidInstance`] for an empty or malformed footprint.
    pub fn from_rows<S: AsRef<str>>(
        dist_m: f64,
        deflex_deg: f64,
        shape: &[S],
    ) -> Result<VirtualLevel, PlanError> {
        let mut cells = Vec::new();
        for (r, row) in shape.iter().enumerate() {
            for (c, ch) in row.as_ref().chars().enumerate() {
                match ch {
                    '#' => cells.push(Cell::new(r as i32, c as i32)),
                    '.' => {}
                    _ => {
                        return Err(PlanError::InvalidInstance(
                            InstanceProblem::FootprintCharacter {
                                ch,
                                line: r + 1,
                                column: c + 1,
                            },
                        ));
                    }
                }
            }
        }
        let shape = CellSet::from_cells(cells)
            .map_err(|e| PlanError::InvalidInstance(InstanceProblem::Footprint(e)))?;
        Ok(VirtualLevel::new(dist_m, deflex_deg, shape))
    }

    /// A level with the default pivot (see [`VirtualLevel::from_rows`]). To choose another
    /// pivot, build the struct with a [`MarkedCellSet`] of your own. `shape` is any cell set;
    /// a [`Polyomino`](polyomino::Polyomino) converts into one.
    ///
    /// ```
    /// use level_planner::VirtualLevel;
    /// use polyomino::{Cell, CellSet, MarkedCellSet, Polyomino};
    /// let j = CellSet::parse("#..\n###")?;
    /// let level = VirtualLevel::new(1.5, 0.0, j.clone());
    /// assert_eq!(level.footprint.to_string(), "#..\n#@#"); // row 2/2, column 3/2
    /// // The same footprint pivoting on its corner cell instead:
    /// let corner = VirtualLevel { footprint: MarkedCellSet::new(j, Cell::new(1, 2))?, ..level };
    /// assert_eq!(corner.footprint.to_string(), "#..\n##@");
    /// // Two separate parts make one footprint too, and a polyomino converts:
    /// assert_eq!(VirtualLevel::new(1.0, 0.0, CellSet::parse("#.#")?).footprint.shape().size(), 2);
    /// assert_eq!(VirtualLevel::new(1.0, 0.0, Polyomino::parse("##")?).footprint.to_string(), "#@");
    /// # Ok::<(), polyomino::ShapeError>(())
    /// ```
    pub fn new(dist_m: f64, deflex_deg: f64, shape: impl Into<CellSet>) -> VirtualLevel {
        let shape = shape.into();
        let centre = Cell::new(shape.height() / 2, shape.width() / 2);
        let pivot = if shape.contains(centre) {
            centre
        } else {
            shape.cells()[0]
        };
        let footprint = MarkedCellSet::new(shape, pivot).expect("the pivot is a cell of the shape");
        VirtualLevel {
            dist_m,
            deflex_deg,
            footprint,
        }
    }
}

/// When a real leg of length d is accepted for a virtual length v. Both bands are inclusive,
/// with a 1e-9 allowance at the edges ([`BAND_EPSILON`](crate::BAND_EPSILON)).
///
/// Real legs run between cell centres, so their lengths are 0.5 m · √(di² + dj²) for whole
/// numbers di, dj: a band must be wide enough to hold one of them.
///
/// ```
/// use level_planner::{plan, Instance, Params, PlanError, PlanOptions, Site, Tolerance, VirtualLevel};
/// let site = Site::from_rows(&["........"; 8])?;
/// let levels = vec![
///     VirtualLevel::from_rows(0.0, 0.0, &["#"])?,
///     VirtualLevel::from_rows(1.2, 0.0, &["#"])?, // 1.2 m east
/// ];
/// // Within ±0.2 m: 1 m (2 cells across) and 1.118 m (2 across, 1 up or down) qualify, and
/// // straight east wins as it deviates by 0° ...
/// let loose = Params { tolerance: Tolerance::Absolute { metres: 0.2 }, ..Params::default() };
/// let p = plan(&Instance::new(site.clone(), levels.clone(), loose)?, &PlanOptions::default())?;
/// assert_eq!(p.levels()[1].leg_length_m, Some(1.0));
/// assert_eq!(p.deviation_deg(), 0.0);
/// // ... while no grid offset is within ±5 cm of 1.2 m.
/// let tight = Params { tolerance: Tolerance::Absolute { metres: 0.05 }, ..Params::default() };
/// assert_eq!(plan(&Instance::new(site, levels, tight)?, &PlanOptions::default()), Err(PlanError::LegUnreachable { level: 2 }));
/// # Ok::<(), PlanError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tolerance {
    /// `lo ≤ d / v ≤ hi`; a virtual length `v ≤ 0` admits nothing.
    Ratio {
        /// Lower bound of d / v.
        lo: f64,
        /// Upper bound of d / v.
        hi: f64,
    },
    /// `|d − v| ≤ metres`.
    Absolute {
        /// Largest accepted difference, in metres.
        metres: f64,
    },
}

impl Default for Tolerance {
    /// The ratio band `0.86 ≤ d / v ≤ 1.26`: the translation gains walkers do not notice
    /// (Steinicke et al., "Estimation of Detection Thresholds for Redirected Walking
    /// Techniques", IEEE TVCG 2010).
    fn default() -> Tolerance {
        Tolerance::Ratio { lo: 0.86, hi: 1.26 }
    }
}

/// The planner's free parameters.
///
/// ```
/// use level_planner::{Params, Tolerance};
/// let p = Params::default();
/// assert_eq!(p.spin_step_deg, 90.0);
/// assert_eq!(p.tolerance, Tolerance::Ratio { lo: 0.86, hi: 1.26 });
/// // Try every 15° and accept legs within half a metre of the virtual length:
/// let fine = Params { spin_step_deg: 15.0, tolerance: Tolerance::Absolute { metres: 0.5 } };
/// # let _ = fine;
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Spin step s for γ, in degrees, in (0, 360]; γ runs over k·s below 360°.
    pub spin_step_deg: f64,
    /// Distance tolerance.
    pub tolerance: Tolerance,
}

impl Default for Params {
    /// Spin step 90°, the default ratio band.
    fn default() -> Params {
        Params {
            spin_step_deg: 90.0,
            tolerance: Tolerance::default(),
        }
    }
}

/// A validated planning problem: a site, one to [`MAX_LEVELS`](crate::MAX_LEVELS) levels and the
/// parameters.
///
/// ```
/// use level_planner::{Instance, Params, Site, VirtualLevel};
/// let site = Site::from_rows(&["......"; 4])?;
/// let levels = vec![
///     VirtualLevel::from_rows(0.0, 0.0, &["##"])?,
///     VirtualLevel::from_rows(1.5, 0.0, &["#", "#"])?,
/// ];
/// let instance = Instance::new(site, levels, Params::default())?;
/// assert_eq!(instance.levels().len(), 2);
/// assert_eq!(instance.site().cols(), 6);
/// assert_eq!(instance.params().spin_step_deg, 90.0);
/// # Ok::<(), level_planner::PlanError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    site: Site,
    levels: Vec<VirtualLevel>,
    params: Params,
}

impl Instance {
    /// Validates and gathers the inputs.
    ///
    /// # Errors
    /// [`PlanError::InvalidInstance`] for no level, non-finite numbers, a spin step outside
    /// (0, 360] or below 0.01° ([`MAX_SPINS`] spins), a footprint above [`MAX_FOOTPRINT_SIDE`]
    /// cells on a side or [`MAX_FOOTPRINT_CELLS`] cells, or a malformed tolerance;
    /// [`PlanError::TooManyLevels`] for more than [`MAX_LEVELS`](crate::MAX_LEVELS) levels,
    /// the most any planner takes ([`plan_reference`](crate::plan_reference) takes fewer).
    ///
    /// ```
    /// use level_planner::{Instance, Params, PlanError, Site, Tolerance, VirtualLevel};
    /// let site = Site::from_rows(&["...."; 4])?;
    /// let one = vec![VirtualLevel::from_rows(0.0, 0.0, &["#"])?];
    /// assert!(Instance::new(site.clone(), one.clone(), Params::default()).is_ok());
    /// let invalid = |r: Result<Instance, PlanError>| matches!(r, Err(PlanError::InvalidInstance(_)));
    /// assert!(invalid(Instance::new(site.clone(), vec![], Params::default())));
    /// let zero_step = Params { spin_step_deg: 0.0, ..Params::default() };
    /// assert!(invalid(Instance::new(site.clone(), one.clone(), zero_step)));
    /// let inverted = Params { tolerance: Tolerance::Ratio { lo: 1.2, hi: 0.8 }, ..Params::default() };
    /// assert!(invalid(Instance::new(site.clone(), one.clone(), inverted)));
    /// let nan = vec![VirtualLevel::from_rows(f64::NAN, 0.0, &["#"])?];
    /// assert!(invalid(Instance::new(site.clone(), nan, Params::default())));
    /// let many = vec![one[0].clone(); level_planner::MAX_LEVELS + 1];
    /// assert_eq!(Instance::new(site, many, Params::default()),
    ///            Err(PlanError::TooManyLevels { levels: 64, max: 63 }));
    /// # Ok::<(), PlanError>(())
    /// ```
    pub fn new(
        site: Site,
        levels: Vec<VirtualLevel>,
        params: Params,
    ) -> Result<Instance, PlanError> {
        let bad = |problem: InstanceProblem| Err(PlanError::InvalidInstance(problem));
        if levels.is_empty() {
            return bad(InstanceProblem::NoLevels);
        }
        if levels.len() > MAX_LEVELS {
            return Err(PlanError::TooManyLevels {
                levels: levels.len(),
                max: MAX_LEVELS,
            });
        }
        for (k, l) in levels.iter().enumerate() {
            if let Err(p) = l.check_leg(k + 1) {
                return bad(p);
            }
        }
        if let Err(p) = Params::check_spin_step(params.spin_step_deg) {
            return bad(p);
        }
        for (k, l) in levels.iter().enumerate() {
            if let Err(p) = l.check_footprint(k + 1) {
                return bad(p);
            }
        }
        if let Err(p) = params.tolerance.check() {
            return bad(p);
        }
        Ok(Instance {
            site,
            levels,
            params,
        })
    }

    /// The site.
    ///
    /// ```
    /// # use level_planner::{Instance, Params, Site, VirtualLevel};
    /// let site = Site::from_rows(&["..#", "..."])?;
    /// let instance = Instance::new(site.clone(), vec![VirtualLevel::from_rows(0.0, 0.0, &["#"])?], Params::default())?;
    /// assert_eq!(instance.site(), &site);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn site(&self) -> &Site {
        &self.site
    }

    /// The levels, in walking order.
    ///
    /// ```
    /// # use level_planner::{Instance, Params, Site, VirtualLevel};
    /// let levels = vec![
    ///     VirtualLevel::from_rows(0.0, 0.0, &["#"])?,
    ///     VirtualLevel::from_rows(2.0, 180.0, &["##"])?, // 2 m west
    /// ];
    /// let instance = Instance::new(Site::from_rows(&["....."; 5])?, levels, Params::default())?;
    /// assert_eq!(instance.levels()[1].deflex_deg, 180.0);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn levels(&self) -> &[VirtualLevel] {
        &self.levels
    }

    /// The parameters.
    ///
    /// ```
    /// # use level_planner::{Instance, Params, Site, VirtualLevel};
    /// let params = Params { spin_step_deg: 45.0, ..Params::default() };
    /// let instance = Instance::new(Site::from_rows(&["..."])?, vec![VirtualLevel::from_rows(0.0, 0.0, &["#"])?], params)?;
    /// assert_eq!(instance.params().spin_step_deg, 45.0);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn params(&self) -> &Params {
        &self.params
    }
}

// The checks of `Instance::new`, one per input, shared with the JSON reader (which applies each
// where its value is read, so that errors point at it).

impl VirtualLevel {
    /// The leg of the 1-based `level`: finite distance and bearing.
    pub(crate) fn check_leg(&self, level: usize) -> Result<(), InstanceProblem> {
        if self.dist_m.is_finite() && self.deflex_deg.is_finite() {
            Ok(())
        } else {
            Err(InstanceProblem::NonFiniteLeg { level })
        }
    }

    /// The footprint of the 1-based `level`: within [`MAX_FOOTPRINT_SIDE`] and
    /// [`MAX_FOOTPRINT_CELLS`].
    pub(crate) fn check_footprint(&self, level: usize) -> Result<(), InstanceProblem> {
        let shape = self.footprint.shape();
        if shape.height() > MAX_FOOTPRINT_SIDE
            || shape.width() > MAX_FOOTPRINT_SIDE
            || shape.size() > MAX_FOOTPRINT_CELLS
        {
            return Err(InstanceProblem::FootprintTooLarge {
                level,
                max_side: MAX_FOOTPRINT_SIDE,
                max_cells: MAX_FOOTPRINT_CELLS,
            });
        }
        Ok(())
    }
}

impl Params {
    /// A spin step in (0, 360] giving at most [`MAX_SPINS`] spins.
    pub(crate) fn check_spin_step(step: f64) -> Result<(), InstanceProblem> {
        if !(step.is_finite() && step > 0.0 && step <= 360.0) {
            return Err(InstanceProblem::SpinStep { step });
        }
        if 360.0 / step > MAX_SPINS as f64 {
            return Err(InstanceProblem::TooManySpins {
                step,
                max: MAX_SPINS,
            });
        }
        Ok(())
    }
}

impl Tolerance {
    /// A finite interval `lo <= hi`, or a finite non-negative absolute band.
    pub(crate) fn check(&self) -> Result<(), InstanceProblem> {
        match *self {
            Tolerance::Ratio { lo, hi } if !(lo.is_finite() && hi.is_finite() && lo <= hi) => {
                Err(InstanceProblem::RatioBand { lo, hi })
            }
            Tolerance::Absolute { metres } if !(metres.is_finite() && metres >= 0.0) => {
                Err(InstanceProblem::AbsoluteBand { metres })
            }
            _ => Ok(()),
        }
    }
}
