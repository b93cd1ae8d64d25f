//! SVG pictures of a paper.io [`Position`]: [`render`].
//!
//! The board is drawn north row first, as [`Position::render`] prints it: each player's
//! territory in a light colour (`<rect class="territory pK">`, `K` the player index), trails
//! over it in a stronger colour (`<rect class="trail pK">`) and heads as dark dots
//! (`<circle class="head pK">`; a head off the board after a wall ending is not drawn). Nothing
//! here performs IO.
//!
//! # Cost
//! O(width × height) time to scan the board and O(drawn cells) output: one rectangle per
//! territory or trail cell, grid lines as one path of `width + height + 2` segments. Boards can
//! be up to 4096 × 4096, so positions with more drawn cells than
//! [`SvgOptions::with_max_cells`] (default [`DEFAULT_MAX_CELLS`]) are refused with
//! [`SvgError::TooManyCells`].
//!
//! ```
//! use grid_games::paperio::{Config, Direction, Position, Start, svg::{render, SvgOptions}};
//! let starts = [
//!     Start { x: 25, y: 50, direction: Direction::North },
//!     Start { x: 76, y: 50, direction: Direction::South },
//! ];
//! let game = Position::new(Config::default(), starts)?;
//! let svg = render(&game, &SvgOptions::default())?;
//! assert_eq!(svg.matches("class=\"territory p0\"").count(), 9);
//! assert_eq!(svg.matches("class=\"head p1\"").count(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use polyomino::SvgError;
pub use polyomino::svg::DEFAULT_MAX_CELLS;
use polyomino::svg::{Canvas, Rgb};

use super::Position;

/// How [`render`] draws: cell size, margin, the players' colours, grid lines, a title and the
/// cell limit. Build it from [`Default`] with the `with_…` setters; sizes are clamped by the
/// setters.
///
/// ```
/// use grid_games::paperio::svg::SvgOptions;
/// use polyomino::svg::Rgb;
/// let opts = SvgOptions::default()
///     .with_cell_px(4)
///     .with_player_colours(0, Rgb::hex(0xaaccee), Rgb::hex(0x3377bb), Rgb::hex(0x113355))
///     .with_grid(true)
///     .with_title("ply 200");
/// # let _ = opts;
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SvgOptions {
    cell_px: u32,
    margin_px: u32,
    territory: [Rgb; 2],
    trail: [Rgb; 2],
    head: [Rgb; 2],
    empty: Rgb,
    background: Rgb,
    grid: bool,
    title: Option<String>,
    max_cells: usize,
}

impl Default for SvgOptions {
    /// 6-pixel cells, a 10-pixel margin, player 0 blue and player 1 orange (light territory,
    /// strong trail, dark head) on white, no grid lines, no title, at most
    /// [`DEFAULT_MAX_CELLS`] drawn cells.
    fn default() -> SvgOptions {
        SvgOptions {
            cell_px: 6,
            margin_px: 10,
            territory: [Rgb::hex(0xa6cee3), Rgb::hex(0xfdbf6f)],
            trail: [Rgb::hex(0x1f78b4), Rgb::hex(0xff7f00)],
            head: [Rgb::hex(0x08306b), Rgb::hex(0x7f2704)],
            empty: Rgb::WHITE,
            background: Rgb::WHITE,
            grid: false,
            title: None,
            max_cells: DEFAULT_MAX_CELLS,
        }
    }
}

impl SvgOptions {
    /// Side of one cell in pixels, clamped to `1..=1000`.
    #[must_use]
    pub fn with_cell_px(mut self, px: u32) -> SvgOptions {
        self.cell_px = px.clamp(1, 1000);
        self
    }

    /// Space around the drawing in pixels, clamped to `0..=1000`.
    #[must_use]
    pub fn with_margin_px(mut self, px: u32) -> SvgOptions {
        self.margin_px = px.min(1000);
        self
    }

    /// The territory, trail and head colours of `player` (0 or 1; other indices are ignored).
    #[must_use]
    pub fn with_player_colours(
        mut self,
        player: usize,
        territory: Rgb,
        trail: Rgb,
        head: Rgb,
    ) -> SvgOptions {
        if player < 2 {
            self.territory[player] = territory;
            self.trail[player] = trail;
            self.head[player] = head;
        }
        self
    }

    /// Colour of unowned cells.
    #[must_use]
    pub fn with_empty(mut self, colour: Rgb) -> SvgOptions {
        self.empty = colour;
        self
    }

    /// Colour around the board.
    #[must_use]
    pub fn with_background(mut self, colour: Rgb) -> SvgOptions {
        self.background = colour;
        self
    }

    /// Whether to draw grid lines between cells.
    #[must_use]
    pub fn with_grid(mut self, grid: bool) -> SvgOptions {
        self.grid = grid;
        self
    }

    /// A title, shown above the board and as the document's `<title>` (escaped).
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> SvgOptions {
        self.title = Some(title.into());
        self
    }

    /// The most territory and trail cells the renderer draws before refusing with
    /// [`SvgError::TooManyCells`].
    #[must_use]
    pub fn with_max_cells(mut self, max: usize) -> SvgOptions {
        self.max_cells = max;
        self
    }
}

/// Draws `pos` as an SVG document (see the [module documentation](self) for what is drawn,
/// the element classes and the cost).
///
/// # Errors
/// [`SvgError::TooManyCells`] when the territory and trail cells together exceed the options'
/// limit.
///
/// ```
/// use grid_games::paperio::{Config, Position, svg::{render, SvgError, SvgOptions}};
/// use grid_games::game::Rng;
/// let game = Position::random(Config::default(), &mut Rng::seed_from(3))?;
/// assert!(render(&game, &SvgOptions::default().with_grid(true)).is_ok());
/// assert_eq!(
///     render(&game, &SvgOptions::default().with_max_cells(10)),
///     Err(SvgError::TooManyCells { cells: 18, max: 10 })
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render(pos: &Position, options: &SvgOptions) -> Result<String, SvgError> {
    let (w, h) = (pos.width() as i32, pos.height() as i32);
    let mut territory = Vec::new();
    let mut trail = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if let Some(p) = pos.territory(x, y) {
                territory.push((x, y, p));
            }
            if let Some(p) = pos.trail(x, y) {
                trail.push((x, y, p));
            }
        }
        let cells = territory.len() + trail.len();
        if cells > options.max_cells {
            // Count the rest only to report the size; stop collecting.
            let rest = ((y + 1)..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .map(|(x, y)| {
                    usize::from(pos.territory(x, y).is_some())
                        + usize::from(pos.trail(x, y).is_some())
                })
                .sum::<usize>();
            return Err(SvgError::TooManyCells {
                cells: cells + rest,
                max: options.max_cells,
            });
        }
    }
    let cell = f64::from(options.cell_px);
    let margin = f64::from(options.margin_px);
    let font = (cell * 2.5).clamp(12.0, 40.0);
    let title_h = if options.title.is_some() {
        font * 2.0
    } else {
        0.0
    };
    let (bw, bh) = (f64::from(w) * cell, f64::from(h) * cell);
    // Widen the picture for a long title (about 0.55 em per character) and centre the board.
    let title_w = options
        .title
        .as_deref()
        .map_or(0.0, |t| t.chars().count() as f64 * font * 0.55);
    let slack = (title_w - bw).max(0.0) / 2.0;
    let (x0, y0) = (margin + slack, margin + title_h);
    let width = bw + 2.0 * margin + 2.0 * slack;
    let height = bh + 2.0 * margin + title_h;
    let ink = Rgb::hex(0x222222);
    let mut canvas = Canvas::new(width, height, options.title.as_deref());
    canvas.rect(0.0, 0.0, width, height, options.background, "background");
    if let Some(t) = &options.title {
        canvas.text(width / 2.0, margin + title_h / 2.0, font, ink, t);
    }
    canvas.framed_rect(x0, y0, bw, bh, options.empty, ink, 1.0, "board");
    const CLASSES: [[&str; 2]; 2] = [["territory p0", "territory p1"], ["trail p0", "trail p1"]];
    for (x, y, p) in territory {
        let p = p.index();
        let (px, py) = (x0 + f64::from(x) * cell, y0 + f64::from(y) * cell);
        canvas.rect(px, py, cell, cell, options.territory[p], CLASSES[0][p]);
    }
    for (x, y, p) in trail {
        let p = p.index();
        let (px, py) = (x0 + f64::from(x) * cell, y0 + f64::from(y) * cell);
        canvas.rect(px, py, cell, cell, options.trail[p], CLASSES[1][p]);
    }
    if options.grid {
        let mut lines = Vec::with_capacity((w + h + 2) as usize);
        lines.extend((0..=w).map(|x| {
            let t = x0 + f64::from(x) * cell;
            (t, y0, t, y0 + bh)
        }));
        lines.extend((0..=h).map(|y| {
            let t = y0 + f64::from(y) * cell;
            (x0, t, x0 + bw, t)
        }));
        canvas.segments(&lines, Rgb::hex(0xdddddd), (cell / 12.0).max(0.25), "grid");
    }
    for side in crate::game::Side::ALL {
        let player = side.index();
        let (x, y) = pos.head(side);
        if pos.contains(x, y) {
            let (cx, cy) = (
                x0 + (f64::from(x) + 0.5) * cell,
                y0 + (f64::from(y) + 0.5) * cell,
            );
            let class = ["head p0", "head p1"][player];
            let r = (cell * 0.9).max(2.0);
            canvas.circle(
                cx,
                cy,
                r,
                options.head[player],
                Some((Rgb::WHITE, (cell / 4.0).max(0.5))),
                class,
            );
        }
    }
    Ok(canvas.finish())
}
