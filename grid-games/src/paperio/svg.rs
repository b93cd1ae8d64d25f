//! The SVG picture of a paper.io [`Position`]: `Position` implements
//! [`ToSvg`], with the family's one [`SvgOptions`].
//!
//! The board is drawn north row first, as the text picture (`position.to_string()`) prints
//! it: each player's territory in a light tint of the player's colour
//! (`<rect class="territory pK">`, `K` the player index), trails over it in the colour itself
//! (`<rect class="trail pK">`) and heads as dark dots (`<circle class="head pK">`; a head off
//! the board after a wall ending is not drawn). Nothing here performs IO.
//!
//! | option | default |
//! |---|---|
//! | cell size | 6 px |
//! | palette | [`DEFAULT_PALETTE`]: blue for the first player, orange for the second (trails; territories are the colour mixed 60 % with white, heads 55 % with black) |
//! | ink (the board's frame) | `#222222` |
//! | empty cells | white |
//! | grid lines | off |
//!
//! # Cost
//! O(width × height) time to scan the board and O(drawn cells) output: one rectangle per
//! territory or trail cell, grid lines as one path of `width + height + 2` segments. Boards can
//! be up to 4096 × 4096, so positions with more drawn cells than
//! [`SvgOptions::with_max_cells`] (default [`DEFAULT_MAX_CELLS`]) are refused with
//! [`SvgError::TooManyCells`].
//!
//! ```
//! use grid_games::paperio::{self, Config, Direction, Start, svg::{SvgOptions, ToSvg}};
//! let starts = [
//!     Start { x: 25, y: 50, direction: Direction::North },
//!     Start { x: 76, y: 50, direction: Direction::South },
//! ];
//! let game = paperio::Position::new(Config::default(), starts)?;
//! let svg = game.to_svg(&SvgOptions::default())?;
//! assert_eq!(svg.matches("class=\"territory p0\"").count(), 9);
//! assert_eq!(svg.matches("class=\"head p1\"").count(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use polyomino::SvgError;
pub use polyomino::svg::{DEFAULT_MAX_CELLS, SvgOptions, ToSvg};
use polyomino::svg::{GridPicture, Rgb};

use super::Position;
use polyomino::Cell;

/// The default player colours (their trails): blue, orange.
pub const DEFAULT_PALETTE: [Rgb; 2] = [Rgb::hex(0x1f78b4), Rgb::hex(0xff7f00)];

impl ToSvg for Position {
    /// The position as an SVG picture (see the [module](self) for what is drawn, the defaults
    /// and the cost).
    ///
    /// # Errors
    /// [`SvgError::TooManyCells`] when the territory and trail cells together exceed the
    /// options' limit; [`SvgError::EmptyPalette`] for an empty palette.
    ///
    /// ```
    /// use grid_games::game::Rng;
    /// use grid_games::paperio::{self, Config, svg::{SvgError, SvgOptions, ToSvg}};
    /// let game = paperio::Position::random(Config::default(), &mut Rng::seed_from(3))?;
    /// assert!(game.to_svg(&SvgOptions::default().with_grid(true)).is_ok());
    /// assert_eq!(
    ///     game.to_svg(&SvgOptions::default().with_max_cells(10)),
    ///     Err(SvgError::TooManyCells { cells: 18, max: 10 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, options: &SvgOptions) -> Result<String, SvgError> {
        let (w, h) = (self.width() as i32, self.height() as i32);
        let mut territory = Vec::new();
        let mut trail = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if let Some(p) = self.territory(x, y) {
                    territory.push((Cell::new(y, x), p.index()));
                }
                if let Some(p) = self.trail(x, y) {
                    trail.push((Cell::new(y, x), p.index()));
                }
            }
            let cells = territory.len() + trail.len();
            if cells > options.max_cells() {
                // Count the rest only to report the size; stop collecting.
                let rest = ((y + 1)..h)
                    .flat_map(|y| (0..w).map(move |x| (x, y)))
                    .map(|(x, y)| {
                        usize::from(self.territory(x, y).is_some())
                            + usize::from(self.trail(x, y).is_some())
                    })
                    .sum::<usize>();
                options.check_cells(cells + rest)?;
            }
        }
        let palette = options.palette_or(&DEFAULT_PALETTE)?;
        let colour = |p: usize| palette[p % palette.len()];
        let ink = options.ink_or(Rgb::hex(0x222222));
        let cell_px = options.cell_px_or(6);
        let mut picture = GridPicture::new(h as usize, w as usize, cell_px, 0.0, ink, options);
        picture.framed_board(options.empty_or(Rgb::WHITE), ink, "board");
        const CLASSES: [[&str; 2]; 2] =
            [["territory p0", "territory p1"], ["trail p0", "trail p1"]];
        for (c, p) in territory {
            picture.cell(c, colour(p).mix(Rgb::WHITE, 0.6), CLASSES[0][p]);
        }
        for (c, p) in trail {
            picture.cell(c, colour(p), CLASSES[1][p]);
        }
        let cell = picture.cell_px();
        if options.grid_or(false) {
            picture.grid_lines(Rgb::hex(0xdddddd), (cell / 12.0).max(0.25));
        }
        for side in crate::game::Side::ALL {
            let p = side.index();
            let (x, y) = self.head(side);
            if self.contains(x, y) {
                let (cx, cy) = picture.centre(Cell::new(y, x));
                let class = ["head p0", "head p1"][p];
                let r = (cell * 0.9).max(2.0);
                let ring = Some((Rgb::WHITE, (cell / 4.0).max(0.5)));
                let head = colour(p).mix(Rgb::BLACK, 0.55);
                picture.canvas().circle(cx, cy, r, head, ring, class);
            }
        }
        Ok(picture.finish())
    }
}
