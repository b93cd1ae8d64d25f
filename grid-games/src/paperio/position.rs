//! The game state and the resolution of one ply, rule for rule as the reference engine does.
//!
//! # Representation and costs
//! Two byte layers of `W × H` cells (territory owner, trail owner; 0 = none, 1 / 2 = player id
//! as in the engine), both heads and headings, each player's trail as the list of its cells in
//! laying order with the matching direction list (the engine's `band_route`), the bounding
//! box of every cell the player has stood on (with its starting square), moves left, and
//! running counts of territory and trail cells per player.
//!
//! # Trail lists follow the board
//! In every position, ended ones included, a player's trail list holds exactly the cells
//! whose trail layer shows that player, each once, so its length is that player's entry of
//! [`Position::trail_counts`]. The engine records no trail list, only the board and its
//! `band_route`, and on the deciding ply of a collision it marks a cell that already carries
//! a trail. We list such a cell as the board shows it: a player that runs into its own trail
//! keeps the cell once, where it was first laid; a cell that passes from the other player's
//! trail to the mover's (a trail cut, or the victim's head cell in a head collision) leaves the
//! victim's list and is appended to the mover's. The route ([`Position::route`]) stays the
//! engine's `band_route` and does gain the final step, so in an ended game it can be longer than
//! the trail list.
//!
//! * A ply without a capture is O(1): a few cell reads and writes and counter updates.
//! * A capture converts the trail (O(trail length)) and then fills enclosed pockets by a flood
//!   from the edge of the captor's bounding box, as the reference engine does: O(area of that
//!   box), never the whole board unless the player has roamed over all of it. Floods use a
//!   scratch buffer the size of the box, allocated per capture.
//! * Cloning copies the two layers (`2 · W · H` bytes) and the trails; comparing (`==`) reads
//!   them once.
//! * [`Position::territory_grid`] and [`Position::trail_grid`] walk a layer in row-major order
//!   without copying it; [`Position::snapshot`] copies both, O(W·H).

use super::{Config, Direction, End, ForfeitKind, PaperioError, Start, Turn};
use crate::game::{ByPlayer, Player as Seat, Side};

/// The side with index `i` (0 or 1: internal indices are always one of them).
#[inline]
/// Which cells of a `bw × bh` box (row-major) are reached from the box's edge through cells
/// for which `own(bx, by)` is false (4-neighbour): the rest of the not-own cells are
/// enclosed. The engine's capture fill and the planner's scoring of closings share it.
pub(crate) fn outside_of_box(
    bw: usize,
    bh: usize,
    own: impl Fn(usize, usize) -> bool,
) -> Vec<bool> {
    let mut outside = vec![false; bw * bh];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let push = |bx: usize, by: usize, outside: &mut Vec<bool>, stack: &mut Vec<(usize, usize)>| {
        let i = by * bw + bx;
        if !outside[i] && !own(bx, by) {
            outside[i] = true;
            stack.push((bx, by));
        }
    };
    for bx in 0..bw {
        push(bx, 0, &mut outside, &mut stack);
        push(bx, bh - 1, &mut outside, &mut stack);
    }
    for by in 1..bh.saturating_sub(1) {
        push(0, by, &mut outside, &mut stack);
        push(bw - 1, by, &mut outside, &mut stack);
    }
    while let Some((bx, by)) = stack.pop() {
        if bx > 0 {
            push(bx - 1, by, &mut outside, &mut stack);
        }
        if bx + 1 < bw {
            push(bx + 1, by, &mut outside, &mut stack);
        }
        if by > 0 {
            push(bx, by - 1, &mut outside, &mut stack);
        }
        if by + 1 < bh {
            push(bx, by + 1, &mut outside, &mut stack);
        }
    }
    outside
}

fn side(i: usize) -> Side {
    if i == 0 { Side::First } else { Side::Second }
}

#[derive(Clone, Debug)]
pub(super) struct Player {
    pub(super) x: i32,
    pub(super) y: i32,
    pub(super) direction: Direction,
    /// Trail cells (`y · W + x`) in laying order.
    pub(super) trail: Vec<u32>,
    pub(super) route: Vec<Direction>,
    /// A box holding all the player's territory, trail and head, `[x0, y0, x1, y1]` inclusive,
    /// clipped: in a game played from its start, the box of every cell stood on (the engine's);
    /// in one built from a [`Snapshot`](super::Snapshot), the box of those cells. Captures fill
    /// the same pockets with either (see `fill`), so equality ignores it.
    pub(super) bbox: [i32; 4],
    pub(super) moves_left: u32,
    pub(super) territory: u32,
    pub(super) trail_cells: u32,
}

impl PartialEq for Player {
    fn eq(&self, other: &Player) -> bool {
        (self.x, self.y, self.direction, self.moves_left)
            == (other.x, other.y, other.direction, other.moves_left)
            && self.trail == other.trail
            && self.route == other.route
            && (self.territory, self.trail_cells) == (other.territory, other.trail_cells)
    }
}

impl Eq for Player {}

/// A paper.io game in progress (or over).
///
/// Two positions are equal when everything this type shows is: the configuration, both grids,
/// heads, headings, moves left, plies, the end, and each trail list and route in order. (The
/// box a capture floods is not compared: see [`Snapshot`](super::Snapshot).) With the `serde`
/// feature a position is written as its [`Snapshot`](super::Snapshot) and read back through
/// [`Position::from_snapshot`], so a document that breaks the invariants play relies on is
/// refused (its checks are listed there).
///
/// ```
/// use grid_games::paperio::{Config, Direction, Position, Start, Turn};
/// let starts = [
///     Start { x: 25, y: 50, direction: Direction::North },
///     Start { x: 76, y: 50, direction: Direction::South },
/// ];
/// let mut game = Position::new(Config::default(), starts)?;
/// assert_eq!(game.territory_counts(), [9, 9]);
/// // Player 0 walks out of its square (laying trail) and turns back home.
/// for turn in [Turn::Straight, Turn::Straight, Turn::Straight, Turn::Straight,
///              Turn::Right, Turn::Straight, Turn::Straight, Turn::Straight] {
///     game.play(turn)?;   // player 0
///     game.play(Turn::Straight)?; // player 1 walks south
/// }
/// assert!(game.end().is_none());
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "super::Snapshot", try_from = "super::Snapshot")
)]
pub struct Position {
    pub(super) config: Config,
    pub(super) territory: Vec<u8>,
    pub(super) trail: Vec<u8>,
    pub(super) players: [Player; 2],
    pub(super) plies: u32,
    pub(super) end: Option<End>,
}

impl Position {
    /// A new game with explicit starting heads (the engine's overrides). Each player gets the
    /// 3 × 3 square around its head, clipped to the board; player 1's square is painted last.
    /// Errors: a bad size, a head off the board, or both heads on one cell.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// assert_eq!(game.render(), "\
    /// ..................
    /// ..................
    /// ..................
    /// ...111......222...
    /// ...1A1......2B2...
    /// ...111......222...
    /// ..................
    /// ..................
    /// ..................
    /// ");
    /// assert!(Position::new(Config::default(), [starts[0], starts[0]]).is_err()); // one cell, two heads
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn new(config: Config, starts: [Start; 2]) -> Result<Position, PaperioError> {
        config.validate()?;
        let (w, h) = (config.width as i32, config.height as i32);
        for (player, s) in Side::ALL.into_iter().zip(&starts) {
            if !(0..w).contains(&s.x) || !(0..h).contains(&s.y) {
                return Err(PaperioError::BadStart {
                    player,
                    x: s.x,
                    y: s.y,
                });
            }
        }
        if (starts[0].x, starts[0].y) == (starts[1].x, starts[1].y) {
            return Err(PaperioError::BadStart {
                player: Side::Second,
                x: starts[1].x,
                y: starts[1].y,
            });
        }
        let cells = (config.width * config.height) as usize;
        let mut territory = vec![0u8; cells];
        let players = starts.map(|s| {
            let bbox = [
                (s.x - 1).max(0),
                (s.y - 1).max(0),
                (s.x + 1).min(w - 1),
                (s.y + 1).min(h - 1),
            ];
            Player {
                x: s.x,
                y: s.y,
                direction: s.direction,
                trail: Vec::new(),
                route: Vec::new(),
                bbox,
                moves_left: config.max_turn,
                territory: 0,
                trail_cells: 0,
            }
        });
        for (i, p) in players.iter().enumerate() {
            for y in p.bbox[1]..=p.bbox[3] {
                for x in p.bbox[0]..=p.bbox[2] {
                    territory[(y * w + x) as usize] = i as u8 + 1;
                }
            }
        }
        // Count the (at most 18) painted cells; player 1's square may cover player 0's.
        let mut counts = [0u32; 2];
        for p in &players {
            for y in p.bbox[1]..=p.bbox[3] {
                for x in p.bbox[0]..=p.bbox[2] {
                    let o = territory[(y * w + x) as usize];
                    counts[usize::from(o - 1)] += 1;
                }
            }
        }
        if players[0].bbox[0] <= players[1].bbox[2]
            && players[1].bbox[0] <= players[0].bbox[2]
            && players[0].bbox[1] <= players[1].bbox[3]
            && players[1].bbox[1] <= players[0].bbox[3]
        {
            // Overlapping squares: the shared cells were counted twice above.
            counts = [0, 0];
            for &o in &territory {
                if o > 0 {
                    counts[usize::from(o - 1)] += 1;
                }
            }
        }
        let mut pos = Position {
            config,
            trail: vec![0u8; cells],
            territory,
            players,
            plies: 0,
            end: None,
        };
        for (i, &c) in counts.iter().enumerate() {
            pos.players[i].territory = c;
        }
        Ok(pos)
    }

    /// A new game with the engine's random placement drawn from `rng`
    /// ([`Config::random_starts`]). Errors: a bad size, or a board too small for that
    /// placement ([`PaperioError::TooSmallForRandomStarts`]).
    ///
    /// ```
    /// use grid_games::paperio::{Config, Position};
    /// use grid_games::game::Rng;
    /// let game = Position::random(Config::default(), &mut Rng::seed_from(3))?;
    /// let again = Position::random(Config::default(), &mut Rng::seed_from(3))?;
    /// assert_eq!(game.render(), again.render()); // the seed fixes the placement
    /// assert_eq!(game.territory_counts(), [9, 9]);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn random(config: Config, rng: &mut crate::game::Rng) -> Result<Position, PaperioError> {
        Position::new(config, config.random_starts(rng)?)
    }

    /// The configuration.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// assert_eq!(game.config().max_turn, 50);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn config(&self) -> Config {
        self.config
    }

    /// Board width.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// assert_eq!((game.width(), game.height()), (18, 9));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn width(&self) -> u32 {
        self.config.width
    }

    /// Board height.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Position};
    /// use grid_games::game::Rng;
    /// let game = Position::random(Config::default(), &mut Rng::seed_from(1))?;
    /// assert_eq!((game.width(), game.height()), (102, 101)); // the contest's board
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn height(&self) -> u32 {
        self.config.height
    }

    /// Whether `(x, y)` is on the board.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// assert!(game.contains(0, 0) && game.contains(17, 8));
    /// assert!(!game.contains(18, 0) && !game.contains(0, -1));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && (x as u32) < self.config.width && (y as u32) < self.config.height
    }

    #[inline]
    fn index(&self, x: i32, y: i32) -> usize {
        (y as u32 * self.config.width + x as u32) as usize
    }

    /// The territory owner of `(x, y)`, `None` if unowned or off the board.
    ///
    /// ```
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// assert_eq!(game.territory(3, 3), Some(Side::First)); // the 3 × 3 square around (4, 4)
    /// assert_eq!(game.territory(14, 5), Some(Side::Second));
    /// assert_eq!(game.territory(8, 4), None);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn territory(&self, x: i32, y: i32) -> Option<Side> {
        if !self.contains(x, y) {
            return None;
        }
        Side::new(usize::from(
            self.territory[self.index(x, y)].checked_sub(1)?,
        ))
    }

    /// The trail owner of `(x, y)`, `None` if no trail or off the board.
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// game.play(Turn::Straight)?; // A to (5, 4), still at home
    /// game.play(Turn::Straight)?; // B to (12, 4)
    /// game.play(Turn::Straight)?; // A to (6, 4): off its land, a trail starts
    /// assert_eq!(game.trail(6, 4), Some(Side::First));
    /// assert_eq!(game.trail(5, 4), None);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn trail(&self, x: i32, y: i32) -> Option<Side> {
        if !self.contains(x, y) {
            return None;
        }
        Side::new(usize::from(self.trail[self.index(x, y)].checked_sub(1)?))
    }

    /// The territory owner of every cell in row-major order (cell `(x, y)` is item
    /// `y · width + x`), read straight from the board: O(W·H) to walk, nothing copied.
    ///
    /// ```
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// let grid: Vec<Option<Side>> = game.territory_grid().collect();
    /// assert_eq!(grid.len(), 18 * 9);
    /// assert_eq!(grid[4 * 18 + 13], Some(Side::Second));
    /// assert_eq!(game.territory_grid().filter(|o| o.is_some()).count(), 18);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn territory_grid(&self) -> impl ExactSizeIterator<Item = Option<Side>> + Clone + '_ {
        self.territory
            .iter()
            .map(|&o| Side::new(usize::from(o.checked_sub(1)?)))
    }

    /// The trail owner of every cell in row-major order, as
    /// [`territory_grid`](Position::territory_grid).
    ///
    /// ```
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start, Turn};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// for _ in 0..3 {
    ///     game.play(Turn::Straight)?;
    /// }
    /// let marked: Vec<usize> = game.trail_grid().enumerate().filter(|(_, o)| o.is_some()).map(|(i, _)| i).collect();
    /// assert_eq!(marked, [4 * 18 + 6]); // (6, 4): player 0's first trail cell
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn trail_grid(&self) -> impl ExactSizeIterator<Item = Option<Side>> + Clone + '_ {
        self.trail
            .iter()
            .map(|&o| Side::new(usize::from(o.checked_sub(1)?)))
    }

    /// The head of `player` (off the board after a wall ending).
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// game.play(Turn::Left)?; // A faced east; turning left it heads north
    /// assert_eq!(game.head(Side::First), (4, 3));
    /// assert_eq!(game.head(Side::Second), (13, 4));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn head(&self, player: Side) -> (i32, i32) {
        let me = &self.players[player.index()];
        (me.x, me.y)
    }

    /// The heading of `player`: its last move's direction, or its initial one.
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// game.play(Turn::Right)?;
    /// assert_eq!(game.direction(Side::First), Direction::South);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn direction(&self, player: Side) -> Direction {
        self.players[player.index()].direction
    }

    /// Moves `player` has left (the engine's `turnleft`).
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// game.play(Turn::Straight)?;
    /// assert_eq!(game.moves_left(Side::First), 49);
    /// assert_eq!(game.moves_left(Side::Second), 50);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn moves_left(&self, player: Side) -> u32 {
        self.players[player.index()].moves_left
    }

    /// The cells of `player`'s current trail, in laying order, as `(x, y)`.
    ///
    /// These are exactly the cells [`trail`](Position::trail) shows as `player`'s, each once, in
    /// every position including an ended one (see the module's rule): when the deciding ply
    /// re-enters the mover's own trail, that cell stays listed once at its first place; when
    /// it marks a cell of the other player's trail (a trail cut or a head collision), the cell
    /// moves from that player's list to the end of the mover's. [`route`](Position::route)
    /// keeps the engine's entries for those steps, so it may be longer once the game is over.
    ///
    /// ```
    /// use grid_games::paperio::{End, Turn};
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// for _ in 0..3 {
    ///     game.play(Turn::Straight)?; // A walks east
    ///     game.play(Turn::Straight)?; // B walks west
    /// }
    /// let trail: Vec<(i32, i32)> = game.trail_cells(Side::First).collect();
    /// assert_eq!(trail, [(6, 4), (7, 4)]);
    /// assert_eq!(game.trail_counts(), [2, 2]);
    /// // A turns south, west and north into its own first trail cell (6, 4) and loses; the
    /// // cell is listed once, the route records the fatal step.
    /// for turn in [Turn::Right, Turn::Right, Turn::Right] {
    ///     game.play(turn)?; // A
    ///     if game.end().is_none() {
    ///         game.play(Turn::Straight)?; // B
    ///     }
    /// }
    /// assert_eq!(game.end(), Some(&End::TrailHit { mover: Side::First, owner: Side::First }));
    /// let trail: Vec<(i32, i32)> = game.trail_cells(Side::First).collect();
    /// assert_eq!(trail, [(6, 4), (7, 4), (7, 5), (6, 5)]);
    /// assert_eq!(game.trail_counts()[0], 4);
    /// assert_eq!(game.route(Side::First).len(), 5);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn trail_cells(&self, player: Side) -> impl ExactSizeIterator<Item = (i32, i32)> + '_ {
        let w = self.config.width;
        self.players[player.index()]
            .trail
            .iter()
            .map(move |&c| ((c % w) as i32, (c / w) as i32))
    }

    /// The engine's `band_route` of `player`: the direction of every trail step, plus the
    /// final-ply entries the engine adds (a step off the board, a step into its own trail),
    /// and keeping the entry of a cell the other player's final step took over. While the game
    /// runs it has one entry per [`trail_cells`](Position::trail_cells) cell.
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// for turn in [Turn::Straight, Turn::Straight, Turn::Right] {
    ///     game.play(turn)?;           // A
    ///     game.play(Turn::Straight)?; // B
    /// }
    /// assert_eq!(game.route(Side::First), [Direction::East, Direction::South]);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn route(&self, player: Side) -> &[Direction] {
        &self.players[player.index()].route
    }

    /// Territory cells of [`Side::First`] and [`Side::Second`] (the scores), indexed by
    /// [`Side::index`].
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// assert_eq!(game.territory_counts(), [9, 9]); // a 3 × 3 square each
    /// // A leaves home eastward, turns south, then west back home: its trail becomes land.
    /// for turn in [Turn::Straight, Turn::Straight, Turn::Right, Turn::Right] {
    ///     game.play(turn)?;           // A
    ///     game.play(Turn::Straight)?; // B
    /// }
    /// assert_eq!(game.territory_counts(), [11, 9]);
    /// assert_eq!(game.trail_counts()[0], 0);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn territory_counts(&self) -> [u32; 2] {
        [self.players[0].territory, self.players[1].territory]
    }

    /// Cells carrying a trail mark of each side, indexed by [`Side::index`].
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// game.play(Turn::Straight)?;
    /// game.play(Turn::Straight)?;
    /// game.play(Turn::Straight)?; // A's first trail cell
    /// assert_eq!(game.trail_counts(), [1, 0]);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn trail_counts(&self) -> [u32; 2] {
        [self.players[0].trail_cells, self.players[1].trail_cells]
    }

    /// Plies played so far.
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// game.play(Turn::Straight)?;
    /// game.play(Turn::Left)?;
    /// assert_eq!(game.plies(), 2);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The side that moves next ([`Side::First`] on even plies), or `None` once the game is
    /// over.
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// assert_eq!(game.to_move(), Some(Side::First));
    /// game.play(Turn::Straight)?;
    /// assert_eq!(game.to_move(), Some(Side::Second));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn to_move(&self) -> Option<Side> {
        match self.end {
            Some(_) => None,
            None => Some(side((self.plies % 2) as usize)),
        }
    }

    /// How the game ended, once it has.
    ///
    /// ```
    /// use grid_games::paperio::{End, Turn};
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// assert_eq!(game.end(), None);
    /// // Player 0 turns north and runs off the board at the top (row 0 is the north edge).
    /// game.play(Turn::Left)?;
    /// while game.end().is_none() {
    ///     game.play(Turn::Straight)?;
    /// }
    /// assert_eq!(game.end(), Some(&End::Wall { mover: Side::First }));
    /// assert_eq!(game.end().unwrap().winner(), Some(Side::Second));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// Ends the game by a forfeit of `player` (a failing or overrunning bot), as the engine's
    /// codes −1 / −2 do; nothing on the board changes.
    ///
    /// ```
    /// use grid_games::paperio::{End, ForfeitKind};
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// game.forfeit(Side::Second, ForfeitKind::Timeout)?;
    /// let end = game.end().unwrap();
    /// assert_eq!((end.code(), end.winner()), (-2, Some(Side::First)));
    /// assert!(game.forfeit(Side::First, ForfeitKind::Timeout).is_err()); // already over
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn forfeit(&mut self, player: Side, kind: ForfeitKind) -> Result<(), PaperioError> {
        if self.end.is_some() {
            return Err(PaperioError::GameOver);
        }
        self.end = Some(End::Forfeit { player, kind });
        Ok(())
    }

    /// Plays one ply for the player to move: turn, advance one cell, resolve, and end
    /// the game by tick limit when both players have used all their moves. [`end`](Position::end)
    /// then says whether this ply decided the game. The same as
    /// [`Game::play`](crate::game::Game::play), which it implements.
    ///
    /// ```
    /// use grid_games::paperio::{End, PaperioError, Turn};
    /// use grid_games::game::Side;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// // Both run straight at each other along row 4 until the heads meet on open land.
    /// while game.end().is_none() {
    ///     game.play(Turn::Straight)?;
    /// }
    /// assert_eq!(game.end(), Some(&End::HeadOn { scores: [9, 9] }));
    /// assert_eq!(game.end().unwrap().winner(), None); // equal land: a draw
    /// assert_eq!(game.play(Turn::Straight), Err(PaperioError::GameOver));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn play(&mut self, turn: Turn) -> Result<(), PaperioError> {
        let p = self.to_move().ok_or(PaperioError::GameOver)?.index();
        let q = 1 - p;
        self.plies += 1;
        let me = &mut self.players[p];
        me.moves_left -= 1;
        me.direction = me.direction.turned(turn);
        let d = me.direction;
        let (dx, dy) = d.delta();
        let (nx, ny) = (me.x + dx, me.y + dy);
        me.x = nx;
        me.y = ny;
        let end = if !self.contains(nx, ny) {
            // (B) Border: nothing is marked; the route still gains the step.
            self.players[p].route.push(d);
            Some(End::Wall { mover: side(p) })
        } else {
            let c = self.index(nx, ny);
            let me = &mut self.players[p];
            me.bbox = [
                me.bbox[0].min(nx),
                me.bbox[1].min(ny),
                me.bbox[2].max(nx),
                me.bbox[3].max(ny),
            ];
            let mine = p as u8 + 1;
            if (self.players[q].x, self.players[q].y) == (nx, ny) {
                // (H) Heads meet.
                if self.territory[c] == mine {
                    self.capture(p);
                    Some(End::HeadsOnLand {
                        mover: side(p),
                        mover_won: true,
                    })
                } else {
                    self.lay_trail(p, c, d);
                    if self.territory[c] == q as u8 + 1 {
                        Some(End::HeadsOnLand {
                            mover: side(p),
                            mover_won: false,
                        })
                    } else if d.is_perpendicular(self.players[q].direction) {
                        Some(End::SideHit { mover: side(p) })
                    } else {
                        Some(End::HeadOn {
                            scores: self.territory_counts(),
                        })
                    }
                }
            } else if self.trail[c] != 0 {
                // (T) Trail hit: the owner loses, after the ordinary arrival.
                let owner = usize::from(self.trail[c] - 1);
                self.arrive(p, c, d);
                Some(End::TrailHit {
                    mover: side(p),
                    owner: side(owner),
                })
            } else {
                self.arrive(p, c, d);
                None
            }
        };
        self.end = end.or_else(|| {
            (self.players[0].moves_left == 0 && self.players[1].moves_left == 0).then(|| {
                End::TickLimit {
                    scores: self.territory_counts(),
                }
            })
        });
        Ok(())
    }

    /// (A) Ordinary arrival of `p` on cell `c` by direction `d`.
    fn arrive(&mut self, p: usize, c: usize, d: Direction) {
        if self.territory[c] == p as u8 + 1 {
            if !self.players[p].trail.is_empty() {
                self.capture(p);
            }
        } else {
            self.lay_trail(p, c, d);
        }
    }

    /// Marks `c` with `p`'s trail (replacing any mark) and records the step in the route.
    ///
    /// The trail lists follow the board: a cell already marked by `p` (a final-ply hit of its
    /// own trail) stays where it was first laid and is not listed again; a cell marked by the
    /// other player (a final-ply trail hit or head collision) leaves that player's list. Only
    /// the deciding ply of a game ever lays trail on a marked cell, so the search is O(trail
    /// length) once per game. The route (the engine's `band_route`) gains the step either way.
    fn lay_trail(&mut self, p: usize, c: usize, d: Direction) {
        let mine = p as u8 + 1;
        match self.trail[c] {
            0 => {}
            o if o == mine => {
                self.players[p].route.push(d);
                return;
            }
            o => {
                let owner = &mut self.players[usize::from(o - 1)];
                owner.trail_cells -= 1;
                if let Some(at) = owner.trail.iter().position(|&t| t as usize == c) {
                    owner.trail.remove(at);
                }
            }
        }
        self.trail[c] = mine;
        let me = &mut self.players[p];
        me.trail_cells += 1;
        me.trail.push(c as u32);
        me.route.push(d);
    }

    /// Gives cell `c` to `p`'s territory, keeping the counts.
    #[inline]
    fn claim(&mut self, p: usize, c: usize) {
        let mine = p as u8 + 1;
        match self.territory[c] {
            o if o == mine => return,
            0 => {}
            o => self.players[usize::from(o - 1)].territory -= 1,
        }
        self.territory[c] = mine;
        self.players[p].territory += 1;
    }

    /// Capture by `p`: trail conversion, then the enclosure fill.
    fn capture(&mut self, p: usize) {
        let mine = p as u8 + 1;
        let trail = std::mem::take(&mut self.players[p].trail);
        for &c in &trail {
            let c = c as usize;
            self.claim(p, c);
            if self.trail[c] == mine {
                self.trail[c] = 0;
                self.players[p].trail_cells -= 1;
            }
        }
        let mut reuse = trail;
        reuse.clear();
        self.players[p].trail = reuse;
        self.players[p].route.clear();
        self.fill(p);
    }

    /// Every non-`p` cell of `p`'s bounding box that cannot reach the box's edge through
    /// non-`p` cells (4-neighbour) becomes `p`'s.
    fn fill(&mut self, p: usize) {
        let mine = p as u8 + 1;
        let [x0, y0, x1, y1] = self.players[p].bbox;
        let (bw, bh) = ((x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize);
        if bw < 3 || bh < 3 {
            return;
        }
        let w = self.config.width as usize;
        let at = |bx: usize, by: usize| (y0 as usize + by) * w + x0 as usize + bx;
        let outside = outside_of_box(bw, bh, |bx, by| self.territory[at(bx, by)] == mine);
        for by in 1..bh - 1 {
            for bx in 1..bw - 1 {
                if !outside[by * bw + bx] {
                    let c = at(bx, by);
                    if self.territory[c] != mine {
                        self.claim(p, c);
                    }
                }
            }
        }
    }

    /// The board as text, one line per row (north first): `1`/`2` territory, `a`/`b` trail
    /// (shown over territory), `A`/`B` heads, `.` empty.
    ///
    /// ```
    /// use grid_games::paperio::Turn;
    /// use grid_games::paperio::{Config, Direction, Position, Start};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// game.play(Turn::Straight)?;
    /// game.play(Turn::Straight)?;
    /// game.play(Turn::Straight)?; // A steps off its land at (6, 4)
    /// assert_eq!(game.render().lines().nth(4), Some("...111A.....B22..."));
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn render(&self) -> String {
        let (w, h) = (self.config.width as i32, self.config.height as i32);
        let mut out = String::with_capacity(((w + 1) * h) as usize);
        for y in 0..h {
            for x in 0..w {
                let c = self.index(x, y);
                let ch = if self.head(Side::First) == (x, y) {
                    'A'
                } else if self.head(Side::Second) == (x, y) {
                    'B'
                } else {
                    match (self.trail[c], self.territory[c]) {
                        (1, _) => 'a',
                        (2, _) => 'b',
                        (_, 1) => '1',
                        (_, 2) => '2',
                        _ => '.',
                    }
                };
                out.push(ch);
            }
            out.push('\n');
        }
        out
    }
}

/// The board picture of [`render`](Position::render): one line per row, north first.
///
/// It is a picture, not a format: there is no `FromStr`, because the order of the cells of a
/// trail (which decides the later play) does not show on the board. A position as text that
/// reads back is its [`Snapshot`](super::Snapshot) (with the `serde` feature, as JSON) or a
/// course [`Frame`](super::course::Frame).
///
/// ```
/// use grid_games::game::Rng;
/// use grid_games::paperio::{Config, Position};
/// let game = Position::random(Config::new(20, 9, 50)?, &mut Rng::seed_from(1))?;
/// assert_eq!(game.to_string(), game.render());
/// assert_eq!(game.to_string().lines().count(), 9);
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
impl core::fmt::Display for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.render())
    }
}

impl crate::game::Game for Position {
    type Action = Turn;
    type Error = PaperioError;

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        Position::to_move(self).map(Seat::from)
    }

    fn legal_actions(&self, out: &mut Vec<Turn>) {
        out.clear();
        if self.end.is_none() {
            out.extend_from_slice(&Turn::ALL);
        }
    }

    fn play(&mut self, action: Turn) -> Result<(), PaperioError> {
        Position::play(self, action)
    }

    fn scores(&self) -> ByPlayer<i64> {
        ByPlayer::from(self.territory_counts().map(i64::from))
    }

    fn outcome(&self) -> Option<crate::game::Outcome> {
        let end = self.end.as_ref()?;
        Some(crate::game::Outcome {
            scores: self.scores(),
            verdict: match end.winner() {
                Some(w) => crate::game::Verdict::Winner(w.into()),
                None => crate::game::Verdict::Draw,
            },
        })
    }
}
