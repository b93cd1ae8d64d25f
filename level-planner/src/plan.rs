//! [`Plan`]: the planner's result as data, with its metrics and an ASCII rendering.

use core::fmt;

use crate::geometry::{deviation_deg, leg_length_m, leg_ok};
use crate::{Instance, Site};

/// One level as placed on the site.
///
/// ```
/// use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
/// let site = Site::from_rows(&["......"; 4])?;
/// let levels = vec![
///     VirtualLevel::from_rows(0.0, 0.0, &["##"])?,
///     VirtualLevel::from_rows(1.5, 0.0, &["###"])?, // 1.5 m east
/// ];
/// let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
/// let second = &p.levels()[1];
/// assert_eq!(second.cells.len(), 3);
/// assert!(second.cells.contains(&(second.row, second.col))); // the pivot is covered
/// assert_eq!(second.leg_length_m, Some(1.5));
/// assert_eq!(second.leg_deviation_deg, Some(0.0));
/// assert_eq!(p.levels()[0].leg_length_m, None); // the first level has no leg
/// # Ok::<(), level_planner::PlanError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedLevel {
    /// Row of the pivot cell (0-based).
    pub row: usize,
    /// Column of the pivot cell (0-based).
    pub col: usize,
    /// The footprint's spin, `(α + β) mod 360`, in degrees counter-clockwise.
    pub spin_deg: f64,
    /// The site cells the spun footprint covers, row-major.
    pub cells: Vec<(usize, usize)>,
    /// The bearing the leg into this level was compared with: the virtual bearing plus the spins
    /// of all earlier levels (spinning a level turns the rest of the virtual world with it).
    pub adjusted_bearing_deg: f64,
    /// Length of the real leg from the previous level, in metres (`None` for the first level).
    pub leg_length_m: Option<f64>,
    /// The real leg's bearing deviation from the adjusted bearing, in [0°, 180°] (`None` for
    /// the first level).
    pub leg_deviation_deg: Option<f64>,
}

/// A complete plan: every level placed, with the totals the planner optimised.
///
/// Built by [`plan`](crate::plan) or [`plan_reference`](crate::plan_reference); read it with
/// [`levels`](Plan::levels) and the metrics, draw it with [`render`](Plan::render) (also its
/// [`Display`](fmt::Display)) or [`to_svg`](crate::svg::ToSvg::to_svg). With the `serde` feature
/// it serialises to the plan format of the crate documentation, its floating-point numbers
/// rounded to 9 decimal places.
///
/// ```
/// use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
/// let site = Site::from_rows(&["......", "......", "......"])?;
/// let levels = vec![
///     VirtualLevel::from_rows(0.0, 0.0, &["##", "##"])?,
///     VirtualLevel::from_rows(1.0, 0.0, &["##", "##"])?, // 1 m (2 cells) east
/// ];
/// let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
/// assert_eq!(p.render(), "AABB..\nAABB..\n......");
/// assert_eq!(p.to_string(), p.render()); // Display draws the same picture
/// assert_eq!((p.covered(), p.deviation_deg()), (8, 0.0));
/// # Ok::<(), level_planner::PlanError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    levels: Vec<PlacedLevel>,
    covered: usize,
    deviation_deg: f64,
    legs_outside_tolerance: usize,
    site: Site,
}

impl Plan {
    /// Builds the plan from the chosen pivots, the rasterised footprints (offsets from the
    /// pivot), the output spins and the adjusted bearings.
    pub(crate) fn assemble(
        instance: &Instance,
        shapes: &[Vec<(i64, i64)>],
        spins: &[f64],
        adjusted: &[f64],
        pivots: &[(usize, usize)],
    ) -> Plan {
        let site = instance.site().clone();
        let mut covered = vec![false; site.rows() * site.cols()];
        let mut levels = Vec::with_capacity(pivots.len());
        let mut theta = 0.0;
        let mut outside = 0;
        for (k, &(r, c)) in pivots.iter().enumerate() {
            let mut cells: Vec<(usize, usize)> = shapes[k]
                .iter()
                .map(|&(dr, dc)| ((r as i64 + dr) as usize, (c as i64 + dc) as usize))
                .collect();
            cells.sort_unstable();
            for &(x, y) in &cells {
                covered[x * site.cols() + y] = true;
            }
            let (len, dev) = if k == 0 {
                (None, None)
            } else {
                let (pr, pc) = pivots[k - 1];
                let (di, dj) = (r as i64 - pr as i64, c as i64 - pc as i64);
                let dev = deviation_deg(di, dj, adjusted[k]);
                theta += dev;
                if !leg_ok(
                    di,
                    dj,
                    instance.levels()[k].dist_m,
                    instance.params().tolerance,
                ) {
                    outside += 1;
                }
                (Some(leg_length_m(di, dj)), Some(dev))
            };
            levels.push(PlacedLevel {
                row: r,
                col: c,
                spin_deg: spins[k],
                cells,
                adjusted_bearing_deg: adjusted[k],
                leg_length_m: len,
                leg_deviation_deg: dev,
            });
        }
        Plan {
            levels,
            covered: covered.iter().filter(|&&x| x).count(),
            deviation_deg: theta,
            legs_outside_tolerance: outside,
            site,
        }
    }

    /// The site the plan was made for.
    pub(crate) fn site(&self) -> &Site {
        &self.site
    }

    /// The placed levels, in walking order.
    ///
    /// ```
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["..........", "..........", "....##....", "..........", ".........."])?;
    /// # let levels = vec![
    /// #     VirtualLevel::from_rows(0.0, 0.0, &["###", "###"])?,
    /// #     VirtualLevel::from_rows(2.0, 0.0, &["##", "##"])?,
    /// #     VirtualLevel::from_rows(1.5, -90.0, &["####"])?,
    /// # ];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p` is the plan of the crate-level example: three levels.
    /// let spins: Vec<f64> = p.levels().iter().map(|l| l.spin_deg).collect();
    /// assert_eq!(spins, [0.0, 0.0, 0.0]);
    /// assert_eq!(p.levels()[2].cells, [(4, 3), (4, 4), (4, 5), (4, 6)]);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn levels(&self) -> &[PlacedLevel] {
        &self.levels
    }

    /// Number of site cells covered by at least one level (cells shared by two levels count
    /// once).
    ///
    /// ```
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["..........", "..........", "....##....", "..........", ".........."])?;
    /// # let levels = vec![
    /// #     VirtualLevel::from_rows(0.0, 0.0, &["###", "###"])?,
    /// #     VirtualLevel::from_rows(2.0, 0.0, &["##", "##"])?,
    /// #     VirtualLevel::from_rows(1.5, -90.0, &["####"])?,
    /// # ];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// assert_eq!(p.covered(), 6 + 4 + 4);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn covered(&self) -> usize {
        self.covered
    }

    /// Covered cells as a share of the usable site, in [0, 1].
    ///
    /// ```
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["..........", "..........", "....##....", "..........", ".........."])?;
    /// # let levels = vec![
    /// #     VirtualLevel::from_rows(0.0, 0.0, &["###", "###"])?,
    /// #     VirtualLevel::from_rows(2.0, 0.0, &["##", "##"])?,
    /// #     VirtualLevel::from_rows(1.5, -90.0, &["####"])?,
    /// # ];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // 14 cells of the 48 usable ones (50 minus a pillar of 2):
    /// assert!((p.coverage_share() - 14.0 / 48.0).abs() < 1e-12);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn coverage_share(&self) -> f64 {
        self.covered as f64 / self.site.usable_count().max(1) as f64
    }

    /// Sum of the leg deviations, in degrees: for each leg, the angle between the real leg's
    /// bearing and the (adjusted) virtual bearing, in [0°, 180°].
    ///
    /// ```
    /// use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// let site = Site::from_rows(&["......"; 6])?;
    /// let levels = vec![
    ///     VirtualLevel::from_rows(0.0, 0.0, &["#"])?,
    ///     VirtualLevel::from_rows(1.0, 45.0, &["#"])?,  // north-east: no exact grid leg
    ///     VirtualLevel::from_rows(1.0, 180.0, &["#"])?, // west: exact
    /// ];
    /// let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// assert!((p.deviation_deg() - 18.435).abs() < 1e-3); // atan(1/2) off 45°, plus 0°
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn deviation_deg(&self) -> f64 {
        self.deviation_deg
    }

    /// The largest single leg deviation, in degrees (0 for one level).
    ///
    /// ```
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["..........", "..........", "....##....", "..........", ".........."])?;
    /// # let levels = vec![
    /// #     VirtualLevel::from_rows(0.0, 0.0, &["###", "###"])?,
    /// #     VirtualLevel::from_rows(2.0, 0.0, &["##", "##"])?,
    /// #     VirtualLevel::from_rows(1.5, -90.0, &["####"])?,
    /// # ];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// assert_eq!(p.worst_leg_deviation_deg(), 0.0); // both legs run exactly as in the virtual world
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn worst_leg_deviation_deg(&self) -> f64 {
        self.levels
            .iter()
            .filter_map(|l| l.leg_deviation_deg)
            .fold(0.0, f64::max)
    }

    /// Legs whose real length is outside the distance tolerance (the planner only builds plans
    /// where this is 0; it is recomputed here as a check).
    ///
    /// ```
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["..........", "..........", "....##....", "..........", ".........."])?;
    /// # let levels = vec![
    /// #     VirtualLevel::from_rows(0.0, 0.0, &["###", "###"])?,
    /// #     VirtualLevel::from_rows(2.0, 0.0, &["##", "##"])?,
    /// #     VirtualLevel::from_rows(1.5, -90.0, &["####"])?,
    /// # ];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// assert_eq!(p.legs_outside_tolerance(), 0);
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn legs_outside_tolerance(&self) -> usize {
        self.legs_outside_tolerance
    }

    /// The site drawn row by row: `#` unusable, `.` free, and each level's cells with its own
    /// glyph (`A`–`Z`, then `a`–`z`, then `0`–`9`, cycling), later levels drawn over earlier
    /// ones; pivots use the same glyph. Rows are joined by `\n`, with no trailing newline. The
    /// plan's [`Display`](fmt::Display) writes the same picture (`format!("{plan}")`). It is a
    /// picture, not a format: no `FromStr` reads it back (the plan JSON of the `serde` feature
    /// is the plan's data format).
    ///
    /// ```
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["..........", "..........", "....##....", "..........", ".........."])?;
    /// # let levels = vec![
    /// #     VirtualLevel::from_rows(0.0, 0.0, &["###", "###"])?,
    /// #     VirtualLevel::from_rows(2.0, 0.0, &["##", "##"])?,
    /// #     VirtualLevel::from_rows(1.5, -90.0, &["####"])?,
    /// # ];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// assert_eq!(p.render().lines().next(), Some("AAA.BB...."));
    /// assert_eq!(p.render().lines().nth(2), Some("....##....")); // the pillar
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    pub fn render(&self) -> String {
        const GLYPHS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        let (rows, cols) = (self.site.rows(), self.site.cols());
        let mut grid: Vec<Vec<u8>> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        if self.site.is_usable(r as i64, c as i64) {
                            b'.'
                        } else {
                            b'#'
                        }
                    })
                    .collect()
            })
            .collect();
        for (k, level) in self.levels.iter().enumerate() {
            let g = GLYPHS[k % GLYPHS.len()];
            for &(r, c) in &level.cells {
                grid[r][c] = g;
            }
        }
        grid.into_iter()
            .map(|row| String::from_utf8(row).expect("ASCII glyphs"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl fmt::Display for Plan {
    /// The picture of [`Plan::render`]: the site with each level's cells drawn as a letter.
    ///
    /// ```
    /// use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// let site: Site = "....\n....".parse()?;
    /// let levels = vec![
    ///     VirtualLevel::from_rows(0.0, 0.0, &["#"])?,
    ///     VirtualLevel::from_rows(1.0, 0.0, &["#"])?, // 1 m (2 cells) east
    /// ];
    /// let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// assert_eq!(format!("{p}"), "A.B.\n....");
    /// # Ok::<(), level_planner::PlanError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}
