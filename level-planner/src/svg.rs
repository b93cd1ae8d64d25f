//! The SVG picture of a [`Plan`]: `Plan` implements [`ToSvg`], with the
//! family's one [`SvgOptions`].
//!
//! The site is drawn row 0 at the top, as the plan's text picture (`plan.to_string()`) prints
//! it: usable cells light, unusable ones dark (`<rect class="blocked">`), each placed level's
//! footprint cells in its own palette colour (`<rect class="cell levelK">`, `K` its index in
//! [`Plan::levels`]; later levels over earlier ones) with an outline, the walking path as a
//! line through the pivots with an arrow on every leg, and each pivot labelled with the level's
//! index. Nothing here performs IO.
//!
//! | option | default |
//! |---|---|
//! | cell size | 24 px |
//! | palette | [`DEFAULT_PALETTE`] (one colour per level, cycled) |
//! | ink (path, arrows, labels) | `#222222` |
//! | empty (usable) / blocked cells | `#fafafa` / `#555555` |
//! | grid lines | on |
//! | labels | on: each pivot's level index |
//! | marks | on: the walking path with its arrows |
//!
//! # Cost
//! O(site cells) time and O(blocked cells + footprint cells) output; grid lines are one path of
//! `rows + cols + 2` segments. Sites can reach 4096 × 64 cells, so plans with more drawn cells
//! than [`SvgOptions::with_max_cells`] (default [`DEFAULT_MAX_CELLS`]) are refused with
//! [`SvgError::TooManyCells`].
//!
//! ```
//! use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
//! use level_planner::svg::{SvgOptions, ToSvg};
//! let site: Site = "......\n..#...\n......\n......".parse()?;
//! let levels = vec![
//!     VirtualLevel::from_rows(0.0, 0.0, &["##"])?,
//!     VirtualLevel::from_rows(1.5, 0.0, &["#", "#"])?,
//! ];
//! let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
//! let svg = p.to_svg(&SvgOptions::default())?;
//! assert_eq!(svg.matches("class=\"blocked\"").count(), 1);
//! assert_eq!(svg.matches("class=\"cell level1\"").count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use polyomino::Cell;
pub use polyomino::SvgError;
pub use polyomino::svg::{DEFAULT_MAX_CELLS, SvgOptions, ToSvg};
use polyomino::svg::{GridPicture, Rgb};

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

impl ToSvg for Plan {
    /// The plan as an SVG picture (see the [module](self) for what is drawn, the defaults and
    /// the cost).
    ///
    /// # Errors
    /// [`SvgError::TooManyCells`] when the blocked and footprint cells together exceed the
    /// options' limit; [`SvgError::EmptyPalette`] for an empty palette.
    ///
    /// ```
    /// use level_planner::{plan, Instance, Params, PlanOptions, Site, VirtualLevel};
    /// use level_planner::svg::{SvgError, SvgOptions, ToSvg};
    /// let site: Site = "....\n....".parse()?;
    /// let levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##"])?];
    /// let p = plan(&Instance::new(site, levels, Params::default())?, &PlanOptions::default())?;
    /// let quiet = p.to_svg(&SvgOptions::default().with_labels(false).with_marks(false))?;
    /// assert!(!quiet.contains("class=\"pivot\"") && !quiet.contains("class=\"path\""));
    /// assert_eq!(p.to_svg(&SvgOptions::default().with_max_cells(1)), Err(SvgError::TooManyCells { cells: 2, max: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, options: &SvgOptions) -> Result<String, SvgError> {
        let site = self.site();
        let (rows, cols) = (site.rows(), site.cols());
        let blocked: Vec<Cell> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| !site.is_usable(r as i64, c as i64))
            .map(|(r, c)| Cell::new(r as i32, c as i32))
            .collect();
        options.check_cells(
            blocked.len() + self.levels().iter().map(|l| l.cells.len()).sum::<usize>(),
        )?;
        let palette = options.palette_or(&DEFAULT_PALETTE)?;
        let ink = options.ink_or(Rgb::hex(0x222222));
        let mut picture = GridPicture::new(rows, cols, options.cell_px_or(24), 0.0, ink, options);
        let cell = picture.cell_px();
        let font = (cell * 0.55).max(9.0);
        picture.board(options.empty_or(Rgb::hex(0xfafafa)), "site");
        let blocked_fill = options.blocked_or(Rgb::hex(0x555555));
        for &c in &blocked {
            picture.cell(c, blocked_fill, "blocked");
        }
        let level_cells = |k: usize| -> Vec<Cell> {
            let mut cells: Vec<Cell> = self.levels()[k]
                .cells
                .iter()
                .map(|&(r, c)| Cell::new(r as i32, c as i32))
                .collect();
            cells.sort_unstable();
            cells
        };
        for k in 0..self.levels().len() {
            let fill = palette[k % palette.len()];
            let class = format!("cell level{k}");
            for c in level_cells(k) {
                picture.cell(c, fill, &class);
            }
        }
        if options.grid_or(true) {
            picture.grid_lines(Rgb::hex(0xcccccc), (cell / 24.0).max(0.5));
        }
        for k in 0..self.levels().len() {
            let colour = palette[k % palette.len()].mix(Rgb::BLACK, 0.45);
            let members = level_cells(k);
            let width = (cell / 10.0).max(1.0);
            let member = |c: Cell| members.binary_search(&c).is_ok();
            picture.outline(
                &members,
                member,
                colour,
                width,
                &format!("outline level{k}"),
            );
        }
        let pivots: Vec<(f64, f64)> = self
            .levels()
            .iter()
            .map(|l| picture.centre(Cell::new(l.row as i32, l.col as i32)))
            .collect();
        let labels = options.labels_or(true);
        let radius = (cell * 0.42).max(font * 0.75);
        let canvas = picture.canvas();
        if options.marks_or(true) {
            let width = (cell / 9.0).max(1.0);
            canvas.polyline(&pivots, ink, width, "path");
            for leg in pivots.windows(2) {
                let ((ax, ay), (bx, by)) = (leg[0], leg[1]);
                let len = (bx - ax).hypot(by - ay);
                let head = (width * 4.0).max(6.0);
                let stop = if labels { radius } else { 0.0 };
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
        if labels {
            for (k, &(cx, cy)) in pivots.iter().enumerate() {
                canvas.circle(cx, cy, radius, Rgb::WHITE, Some((ink, 1.0)), "pivot");
                canvas.text(cx, cy, font, ink, &k.to_string());
            }
        }
        Ok(picture.finish())
    }
}
