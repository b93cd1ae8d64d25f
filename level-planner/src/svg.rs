//! SVG pictures of a [`Plan`]: [`render`].
//!
//! The site is drawn row 0 at the top, as [`Plan::render`] prints it: usable cells light,
//! unusable ones dark (`<rect class="blocked">`), each placed level's footprint cells in its own
//! palette colour (`<rect class="cell levelK">`, `K` its index in [`Plan::levels`]; later levels
//! over earlier ones) with an outline, the walking path as a line through the pivots with an
//! arrow on every leg, and each pivot labelled with the level's index. Nothing here performs IO.
//!
//! # Cost
//! O(site cells) time and O(blocked cells + footprint cells) output; grid lines are one path of
//! `rows + cols + 2` segments. Sites can reach 4096 × 64 cells, so plans with more drawn cells
//! than [`SvgOptions::with_max_cells`] (default [`DEFAULT_MAX_CELLS`]) are refused with
//! [`SvgError::TooManyCells`].
//!
//! ```
//! use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel, svg::{render, SvgOptions}};
//! let site = Site::from_rows(&["......", "..#...", "......", "......"])?;
//! let levels = vec![
//!     VirtualLevel::from_rows(0.0, 0.0, &["##"])?,
//!     VirtualLevel::from_rows(1.5, 0.0, &["#", "#"])?,
//! ];
//! let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
//! let svg = render(&p, &SvgOptions::default())?;
//! assert_eq!(svg.matches("class=\"blocked\"").count(), 1);
//! assert_eq!(svg.matches("class=\"cell level1\"").count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use polyomino::Cell;
pub use polyomino::SvgError;
pub use polyomino::svg::DEFAULT_MAX_CELLS;
use polyomino::svg::{Canvas, Rgb, outline};

use crate::Plan;

/// The default level palette: ten clear, distinct colours.
pub const DEFAULT_PALETTE: [Rgb; 10] = [
    Rgb::hex(0x4e79a7),
    Rgb::hex(0xf28e2b),
    Rgb::hex(0x59a14f),
    Rgb::hex(0xe15759),
    Rgb::hex(0x76b7b2),
    Rgb::hex(0xedc948),
    Rgb::hex(0xb07aa1),
    Rgb::hex(0xff9da7),
    Rgb::hex(0x9c755f),
    Rgb::hex(0xbab0ac),
];

/// How [`render`] draws: cell size, margin, colours, grid lines, the path of legs, labels, a
/// title and the cell limit. Build it from [`Default`] with the `with_…` setters; sizes are
/// clamped by the setters.
///
/// ```
/// use level_planner::svg::SvgOptions;
/// use polyomino::svg::Rgb;
/// let opts = SvgOptions::default()
///     .with_cell_px(12)
///     .with_palette(vec![Rgb::hex(0x4e79a7), Rgb::hex(0xf28e2b)])
///     .with_path(false)
///     .with_title("Plan A");
/// # let _ = opts;
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SvgOptions {
    cell_px: u32,
    margin_px: u32,
    palette: Vec<Rgb>,
    free: Rgb,
    blocked: Rgb,
    background: Rgb,
    grid: bool,
    path: bool,
    labels: bool,
    title: Option<String>,
    max_cells: usize,
}

impl Default for SvgOptions {
    /// 24-pixel cells, a 10-pixel margin, [`DEFAULT_PALETTE`], white usable and dark grey
    /// unusable cells, grid lines, the path and the labels drawn, no title, at most
    /// [`DEFAULT_MAX_CELLS`] drawn cells.
    fn default() -> SvgOptions {
        SvgOptions {
            cell_px: 24,
            margin_px: 10,
            palette: DEFAULT_PALETTE.to_vec(),
            free: Rgb::hex(0xfafafa),
            blocked: Rgb::hex(0x555555),
            background: Rgb::WHITE,
            grid: true,
            path: true,
            labels: true,
            title: None,
            max_cells: DEFAULT_MAX_CELLS,
        }
    }
}

impl SvgOptions {
    /// Side of one cell in pixels, clamped to `1..=1000`.
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// let svg = render(&p, &SvgOptions::default().with_cell_px(10).with_margin_px(0))?;
    /// assert!(svg.contains("width=\"40\" height=\"30\"")); // 4 × 3 cells of 10 px
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_cell_px(mut self, px: u32) -> SvgOptions {
        self.cell_px = px.clamp(1, 1000);
        self
    }

    /// Space around the drawing in pixels, clamped to `0..=1000`.
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// let svg = render(&p, &SvgOptions::default().with_cell_px(10).with_margin_px(5))?;
    /// assert!(svg.contains("width=\"50\" height=\"40\"")); // 40 × 30 plus 5 px on each side
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_margin_px(mut self, px: u32) -> SvgOptions {
        self.margin_px = px.min(1000);
        self
    }

    /// Level colours, used in turn; an empty palette is refused by the renderer
    /// ([`SvgError::EmptyPalette`]).
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// use polyomino::{svg::Rgb, SvgError};
    /// let svg = render(&p, &SvgOptions::default().with_palette(vec![Rgb::hex(0x112233)]))?;
    /// assert!(svg.contains("class=\"cell level1\" x=") && svg.contains("fill=\"#112233\""));
    /// assert_eq!(render(&p, &SvgOptions::default().with_palette(vec![])), Err(SvgError::EmptyPalette));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_palette(mut self, palette: Vec<Rgb>) -> SvgOptions {
        self.palette = palette;
        self
    }

    /// Colour of usable site cells.
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// use polyomino::svg::Rgb;
    /// let svg = render(&p, &SvgOptions::default().with_free(Rgb::hex(0xeeeedd)))?;
    /// assert!(svg.contains("class=\"site\"") && svg.contains("fill=\"#eeeedd\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_free(mut self, colour: Rgb) -> SvgOptions {
        self.free = colour;
        self
    }

    /// Colour of unusable site cells.
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// use polyomino::svg::Rgb;
    /// let svg = render(&p, &SvgOptions::default().with_blocked(Rgb::BLACK))?;
    /// assert_eq!(svg.matches("class=\"blocked\"").count(), 1);
    /// assert!(svg.contains("fill=\"#000000\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_blocked(mut self, colour: Rgb) -> SvgOptions {
        self.blocked = colour;
        self
    }

    /// Colour around the site.
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// use polyomino::svg::Rgb;
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// let svg = render(&p, &SvgOptions::default().with_background(Rgb::hex(0x202020)))?;
    /// assert!(svg.contains("class=\"background\"") && svg.contains("fill=\"#202020\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_background(mut self, colour: Rgb) -> SvgOptions {
        self.background = colour;
        self
    }

    /// Whether to draw grid lines between cells.
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// assert!(render(&p, &SvgOptions::default())?.contains("class=\"grid\""));
    /// assert!(!render(&p, &SvgOptions::default().with_grid(false))?.contains("class=\"grid\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_grid(mut self, grid: bool) -> SvgOptions {
        self.grid = grid;
        self
    }

    /// Whether to draw the walking path: a line through the pivots with an arrow per leg.
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// assert!(render(&p, &SvgOptions::default())?.contains("class=\"path\""));
    /// let bare = render(&p, &SvgOptions::default().with_path(false))?;
    /// assert!(!bare.contains("class=\"path\"") && !bare.contains("class=\"arrow\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_path(mut self, path: bool) -> SvgOptions {
        self.path = path;
        self
    }

    /// Whether to label each level's pivot with its index.
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// let svg = render(&p, &SvgOptions::default())?;
    /// assert!(svg.contains(">0</text>") && svg.contains(">1</text>"));
    /// let unlabelled = render(&p, &SvgOptions::default().with_labels(false))?;
    /// assert!(!unlabelled.contains("</text>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_labels(mut self, labels: bool) -> SvgOptions {
        self.labels = labels;
        self
    }

    /// A title, shown above the site and as the document's `<title>` (escaped).
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// let svg = render(&p, &SvgOptions::default().with_title("Hall <B>"))?;
    /// assert!(svg.contains("<title>Hall &lt;B&gt;</title>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> SvgOptions {
        self.title = Some(title.into());
        self
    }

    /// The most blocked and footprint cells the renderer draws before refusing with
    /// [`SvgError::TooManyCells`].
    ///
    /// ```
    /// use level_planner::svg::{render, SvgOptions};
    /// # use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// # let site = Site::from_rows(&["....", ".#..", "...."])?;
    /// # let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?, VirtualLevel::from_rows(1.0, -90.0, &["##"])?];
    /// # let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// // `p`: a two-level plan on a 3 × 4 site with one unusable cell.
    /// use polyomino::SvgError;
    /// // One blocked cell and two footprints of two cells: five drawn cells.
    /// let err = render(&p, &SvgOptions::default().with_max_cells(4)).unwrap_err();
    /// assert_eq!(err, SvgError::TooManyCells { cells: 5, max: 4 });
    /// assert!(render(&p, &SvgOptions::default().with_max_cells(5)).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_max_cells(mut self, max: usize) -> SvgOptions {
        self.max_cells = max;
        self
    }
}

/// Draws `plan` as an SVG document (see the [module documentation](self) for what is drawn,
/// the element classes and the cost).
///
/// # Errors
/// [`SvgError::TooManyCells`] when blocked and footprint cells together exceed the options'
/// limit; [`SvgError::EmptyPalette`] for an empty palette.
///
/// ```
/// use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel, svg::{render, SvgOptions}};
/// let site = Site::from_rows(&["....", "....", "...."])?;
/// let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?];
/// let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
/// let svg = render(&p, &SvgOptions::default().with_cell_px(10).with_margin_px(0))?;
/// assert!(svg.contains("width=\"40\" height=\"30\""));
/// assert!(svg.contains(">0</text>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render(plan: &Plan, options: &SvgOptions) -> Result<String, SvgError> {
    let site = plan.site();
    let (rows, cols) = (site.rows(), site.cols());
    let blocked: Vec<Cell> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter(|&(r, c)| !site.is_usable(r as i64, c as i64))
        .map(|(r, c)| Cell::new(r as i32, c as i32))
        .collect();
    let cells = blocked.len() + plan.levels().iter().map(|l| l.cells.len()).sum::<usize>();
    if cells > options.max_cells {
        return Err(SvgError::TooManyCells {
            cells,
            max: options.max_cells,
        });
    }
    if options.palette.is_empty() {
        return Err(SvgError::EmptyPalette);
    }
    let cell = f64::from(options.cell_px);
    let margin = f64::from(options.margin_px);
    let font = (cell * 0.55).max(9.0);
    let title_font = (cell * 0.7).max(12.0);
    let title_h = if options.title.is_some() {
        title_font * 2.0
    } else {
        0.0
    };
    let (sw, sh) = (cols as f64 * cell, rows as f64 * cell);
    // Widen the picture for a long title (about 0.55 em per character) and centre the site.
    let title_w = options
        .title
        .as_deref()
        .map_or(0.0, |t| t.chars().count() as f64 * title_font * 0.55);
    let slack = (title_w - sw).max(0.0) / 2.0;
    let (x0, y0) = (margin + slack, margin + title_h);
    let width = sw + 2.0 * margin + 2.0 * slack;
    let height = sh + 2.0 * margin + title_h;
    let ink = Rgb::hex(0x222222);
    let mut canvas = Canvas::new(width, height, options.title.as_deref());
    canvas.rect(0.0, 0.0, width, height, options.background, "background");
    if let Some(t) = &options.title {
        canvas.text(width / 2.0, margin + title_h / 2.0, title_font, ink, t);
    }
    canvas.rect(x0, y0, sw, sh, options.free, "site");
    let at = |c: Cell| (x0 + f64::from(c.col) * cell, y0 + f64::from(c.row) * cell);
    for &c in &blocked {
        let (x, y) = at(c);
        canvas.rect(x, y, cell, cell, options.blocked, "blocked");
    }
    for (k, level) in plan.levels().iter().enumerate() {
        let fill = options.palette[k % options.palette.len()];
        let class = format!("cell level{k}");
        for &(r, c) in &level.cells {
            let (x, y) = at(Cell::new(r as i32, c as i32));
            canvas.rect(x, y, cell, cell, fill, &class);
        }
    }
    if options.grid {
        let mut lines = Vec::with_capacity(rows + cols + 2);
        lines.extend((0..=cols).map(|c| {
            let t = x0 + c as f64 * cell;
            (t, y0, t, y0 + sh)
        }));
        lines.extend((0..=rows).map(|r| {
            let t = y0 + r as f64 * cell;
            (x0, t, x0 + sw, t)
        }));
        canvas.segments(&lines, Rgb::hex(0xcccccc), (cell / 24.0).max(0.5), "grid");
    }
    for (k, level) in plan.levels().iter().enumerate() {
        let colour = options.palette[k % options.palette.len()].mix(Rgb::BLACK, 0.45);
        let mut members: Vec<Cell> = level
            .cells
            .iter()
            .map(|&(r, c)| Cell::new(r as i32, c as i32))
            .collect();
        members.sort_unstable();
        let border = outline(
            &members,
            |c| members.binary_search(&c).is_ok(),
            cell,
            x0,
            y0,
        );
        canvas.segments(
            &border,
            colour,
            (cell / 10.0).max(1.0),
            &format!("outline level{k}"),
        );
    }
    let centre = |r: usize, c: usize| (x0 + (c as f64 + 0.5) * cell, y0 + (r as f64 + 0.5) * cell);
    let pivots: Vec<(f64, f64)> = plan.levels().iter().map(|l| centre(l.row, l.col)).collect();
    let radius = (cell * 0.42).max(font * 0.75);
    if options.path {
        let width = (cell / 9.0).max(1.0);
        canvas.polyline(&pivots, ink, width, "path");
        for leg in pivots.windows(2) {
            let ((ax, ay), (bx, by)) = (leg[0], leg[1]);
            let len = (bx - ax).hypot(by - ay);
            let head = (width * 4.0).max(6.0);
            let stop = if options.labels { radius } else { 0.0 };
            if len <= stop + head {
                continue;
            }
            let (ux, uy) = ((bx - ax) / len, (by - ay) / len);
            let (tx, ty) = (bx - ux * stop, by - uy * stop);
            let (basex, basey) = (tx - ux * head, ty - uy * head);
            let (nx, ny) = (-uy * head * 0.5, ux * head * 0.5);
            canvas.polygon(
                &[(tx, ty), (basex + nx, basey + ny), (basex - nx, basey - ny)],
                ink,
                "arrow",
            );
        }
    }
    if options.labels {
        for (k, &(cx, cy)) in pivots.iter().enumerate() {
            canvas.circle(cx, cy, radius, Rgb::WHITE, Some((ink, 1.0)), "pivot");
            canvas.text(cx, cy, font, ink, &k.to_string());
        }
    }
    Ok(canvas.finish())
}
