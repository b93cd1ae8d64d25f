//! [`Snapshot`]: a position as plain data, and the checked way back to a [`Position`] (the
//! design and costs are in [`Snapshot`]'s documentation).

use thiserror::Error;

use super::position::Player;
use super::{Config, Direction, End, PaperioError, Position};
use crate::game::Side;

/// Work allowed when a trail's laying order must be searched for (no [`Snapshot::trails`] or
/// [`Snapshot::routes`]), counted in cells examined (about 20 ns each, so the cap is reached
/// after about 2.5 s); past it the snapshot is refused with
/// [`SnapshotError::TrailTooTangled`]. The hardest trail of the project's 764 recorded course
/// games (a random walker's, 111 cells: 15 000 steps, 27 ms) uses about 1/90 of it.
pub const TRAIL_SEARCH_LIMIT: u64 = 1 << 27;

/// A head as observed: its cell and heading.
///
/// ```
/// use grid_games::paperio::{Direction, Head};
/// let head = Head { x: 3, y: 4, direction: Direction::North };
/// assert_eq!(head.ahead(), (3, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Head {
    /// Column, 0 = west edge.
    pub x: i32,
    /// Row, 0 = north edge.
    pub y: i32,
    /// The direction of the last move (the initial heading before any).
    pub direction: Direction,
}

impl Head {
    /// The cell straight ahead (coordinates saturate at the ends of `i32`).
    ///
    /// ```
    /// use grid_games::paperio::{Direction, Head};
    /// assert_eq!(Head { x: 0, y: 0, direction: Direction::West }.ahead(), (-1, 0));
    /// ```
    pub fn ahead(&self) -> (i32, i32) {
        let (dx, dy) = self.direction.delta();
        (self.x.saturating_add(dx), self.y.saturating_add(dy))
    }
}

/// A position as plain data, in this crate's conventions: [`Side`]s for owners, grids in
/// row-major order (cell `(x, y)` at index `y · width + x`). The course engine's own
/// conventions (player ids, column-major grids) are converted in
/// [`course`](super::course).
///
/// Build one with [`Snapshot::new`] (or [`Position::snapshot`]) and set the optional fields
/// when known. Serializable with the `serde` feature.
///
/// # Reading a position back
/// A program that watches a game played elsewhere (the course's Python engine, a recorded
/// log, another process) sees boards, not the history that made them. [`Position::snapshot`]
/// writes a position out as a `Snapshot`; [`Position::from_snapshot`] reads one back, checks
/// that a game could have reached it, and recovers what the board does not show directly:
///
/// * **Whose turn it is and how many plies were played**, from the moves left: player 0 always
///   moves first, so it has either as many moves left as player 1 (its turn) or one fewer.
/// * **The laying order of each trail.** Captures and collisions depend only on which cells
///   carry a trail, but [`Position::trail_cells`] and [`Position::route`] promise an order. It
///   comes from [`Snapshot::trails`] when given (exact), else from [`Snapshot::routes`] (the
///   engine's `band_route`, which the course's public log records: a walk back from the head),
///   else it is searched for: an order of the marked cells in which each step goes to a
///   neighbour and the last step enters the head along its heading. Trails that touch
///   themselves can have several such orders; all of them play on identically, and the search
///   returns one. A route recovered this way names the first trail cell's entry step after a
///   neighbouring cell of the player's land when there is one (the board no longer shows where
///   the player left its land).
/// * **The box captures flood.** The engine floods inside the box of every cell a player has
///   stood on; a snapshot uses the box of the player's land, trail and head. Both contain all
///   of the player's land, which is all the flood needs (every pocket a capture fills lies inside it), so every capture
///   fills the same pockets.
///
/// # Costs
/// [`Position::snapshot`] is O(W·H). [`Position::from_snapshot`] is O(W·H) plus the trail
/// order: O(trail length) when the trails or routes are given, and otherwise a depth-first
/// search for a walk through the trail cells (a Hamiltonian path of their grid graph, which
/// in general is NP-hard to find). Each step goes to the unvisited neighbour with the fewest
/// onward choices, and a step is undone as soon as one O(cells left) pass shows that the cells
/// left cannot all be walked any more: they fall apart, two of them have a single way in, a
/// cell cuts off a piece the walk could not come back from, or the cells with two ways in
/// force some cell to take three steps. On the 122 895 positions of the project's recorded
/// course games the hardest trail (a random walker's 111-cell knot) takes 15 000 steps and
/// 27 ms; the search is capped at [`TRAIL_SEARCH_LIMIT`] cells examined, past which the
/// snapshot is refused with a typed error rather than searched for ever.
///
/// # What is checked
/// Sizes, heads on the board and apart, a possible pair of moves-left counts, no player's trail
/// on its own land, a head on its land with no trail, a head off its land standing on its own
/// trail's last cell (or with no trail at all: the other player's capture can enclose a head
/// that is at home), and a trail order as above. The territory is taken as given: any
/// pattern of land is a position the rules can continue from.
///
/// # Example
///
/// ```
/// use grid_games::game::Side;
/// use grid_games::paperio::{Config, Direction, Head, Position, Snapshot, Start, Turn};
/// let starts = [
///     Start { x: 4, y: 4, direction: Direction::East },
///     Start { x: 13, y: 4, direction: Direction::West },
/// ];
/// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
/// for _ in 0..3 {
///     game.play(Turn::Straight)?;
/// }
/// // What an observer sees: the grids, the heads and the moves left, nothing else.
/// let full = game.snapshot();
/// let seen = Snapshot::new(full.config, full.territory.clone(), full.trail.clone(), full.heads, full.moves_left);
/// let rebuilt = Position::from_snapshot(&seen)?;
/// assert_eq!(rebuilt, game); // the same state, trail order included
/// assert_eq!(rebuilt.to_move(), Some(Side::Second));
/// # Ok::<(), grid_games::paperio::PaperioError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Snapshot {
    /// Board size and move limit.
    pub config: Config,
    /// The territory owner of every cell, row-major.
    pub territory: Vec<Option<Side>>,
    /// The trail owner of every cell, row-major.
    pub trail: Vec<Option<Side>>,
    /// Both heads, [`Side::First`]'s first.
    pub heads: [Head; 2],
    /// Moves each player has left (the engine's `turnleft`).
    pub moves_left: [u32; 2],
    /// Each player's trail cells in laying order, when known. Required for an ended game.
    pub trails: Option<[Vec<(i32, i32)>; 2]>,
    /// Each player's route (the engine's `band_route`: the direction of every trail step),
    /// when known.
    pub routes: Option<[Vec<Direction>; 2]>,
    /// How the game ended, if it has.
    pub end: Option<End>,
}

impl Snapshot {
    /// A snapshot of a running game from what an observer sees; the trail orders are
    /// recovered by [`Position::from_snapshot`].
    ///
    /// ```
    /// use grid_games::paperio::{Config, Direction, Head, Position, Snapshot};
    /// use grid_games::game::Side;
    /// // A 6 × 3 board: each player owns the 3 × 3 half it stands in.
    /// let config = Config::new(6, 3, 10)?;
    /// let territory = (0..18).map(|i| Some(if i % 6 < 3 { Side::First } else { Side::Second })).collect();
    /// let heads = [
    ///     Head { x: 1, y: 1, direction: Direction::North },
    ///     Head { x: 4, y: 1, direction: Direction::South },
    /// ];
    /// let seen = Snapshot::new(config, territory, vec![None; 18], heads, [10, 10]);
    /// let game = Position::from_snapshot(&seen)?;
    /// assert_eq!(game.territory_counts(), [9, 9]);
    /// assert_eq!(game.plies(), 0);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn new(
        config: Config,
        territory: Vec<Option<Side>>,
        trail: Vec<Option<Side>>,
        heads: [Head; 2],
        moves_left: [u32; 2],
    ) -> Snapshot {
        Snapshot {
            config,
            territory,
            trail,
            heads,
            moves_left,
            trails: None,
            routes: None,
            end: None,
        }
    }
}

/// Why a [`Snapshot`] is not a position a game can reach (inside
/// [`PaperioError::BadSnapshot`]).
///
/// ```
/// use grid_games::paperio::{Config, Direction, Head, PaperioError, Position, Snapshot, SnapshotError};
/// use grid_games::game::Side;
/// let heads = [
///     Head { x: 1, y: 1, direction: Direction::North },
///     Head { x: 4, y: 1, direction: Direction::South },
/// ];
/// // Player 1 has made more moves than player 0: impossible, player 0 moves first.
/// let seen = Snapshot::new(Config::new(6, 3, 10)?, vec![None; 18], vec![None; 18], heads, [10, 9]);
/// assert!(matches!(
///     Position::from_snapshot(&seen),
///     Err(PaperioError::BadSnapshot(SnapshotError::MovesLeft { .. }))
/// ));
/// # Ok::<(), PaperioError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SnapshotError {
    /// A grid does not have `width · height` cells.
    #[error("the {layer} grid has {cells} cells, the board {expected}")]
    GridSize {
        /// `"territory"` or `"trail"`.
        layer: &'static str,
        /// Cells given.
        cells: usize,
        /// `width · height`.
        expected: usize,
    },
    /// The moves left are not a pair a game passes through (player 0 moves first, so it has
    /// as many moves left as player 1 or one fewer), exceed the limit, are both spent in a game
    /// said to be running, or are not both spent in a game ended by the tick limit.
    #[error("moves left {moves_left:?} are impossible with max_turn {max_turn}")]
    MovesLeft {
        /// The pair given.
        moves_left: [u32; 2],
        /// The configuration's limit.
        max_turn: u32,
    },
    /// A head is off the board (only a wall ending leaves one there).
    #[error("the head of {player} is off the board at ({x}, {y})")]
    HeadOffBoard {
        /// The player.
        player: Side,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// Both heads are on one cell in a running game.
    #[error("both heads are on one cell in a running game")]
    HeadsTogether,
    /// A cell carries a player's trail on that player's own land.
    #[error("({x}, {y}) carries the trail of {player} on its own land")]
    TrailOnOwnLand {
        /// The player.
        player: Side,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A head off its land is not on its own trail, though the player has one.
    #[error("the head of {player} is off its land but not on its trail")]
    HeadOffTrail {
        /// The player.
        player: Side,
    },
    /// A head stands on its land while the player has trail cells.
    #[error("the head of {player} is home but the player has a trail")]
    TrailAtHome {
        /// The player.
        player: Side,
    },
    /// No walk through the player's trail cells ends at its head along its heading, or the
    /// given trail list or route does not match the board.
    #[error("the trail of {player} is not a walk ending at its head")]
    TrailNotAPath {
        /// The player.
        player: Side,
    },
    /// The search for a trail order examined more than [`TRAIL_SEARCH_LIMIT`] cells; give
    /// [`Snapshot::trails`] or [`Snapshot::routes`].
    #[error("the trail of {player} is too tangled to order (give its route)")]
    TrailTooTangled {
        /// The player.
        player: Side,
    },
    /// An ended game needs [`Snapshot::trails`]: on the deciding ply the board stops
    /// following the trail rules.
    #[error("an ended game needs its trail lists")]
    EndedWithoutTrails,
    /// The scores of a territory-decided [`End`] differ from the land on the board.
    #[error("the end's scores differ from the land on the board")]
    EndScores,
}

fn owner_code(side: Option<Side>) -> u8 {
    side.map_or(0, |s| s.index() as u8 + 1)
}

impl Position {
    /// This position as plain data, with the trail lists, routes and end, so that
    /// [`Position::from_snapshot`] gives back an equal position (ended games included).
    /// O(W·H).
    ///
    /// ```
    /// use grid_games::paperio::{Config, Position, Turn};
    /// use grid_games::game::Rng;
    /// let mut game = Position::random(Config::default(), &mut Rng::seed_from(2))?;
    /// while game.end().is_none() {
    ///     game.play(Turn::Straight)?;
    /// }
    /// let snapshot = game.snapshot();
    /// assert!(snapshot.end.is_some());
    /// assert_eq!(Position::from_snapshot(&snapshot)?, game);
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    pub fn snapshot(&self) -> Snapshot {
        let w = self.config.width;
        let cell = |c: &u32| ((c % w) as i32, (c / w) as i32);
        Snapshot {
            config: self.config,
            territory: self.territory_grid().collect(),
            trail: self.trail_grid().collect(),
            heads: self.players.each_ref().map(|p| Head {
                x: p.x,
                y: p.y,
                direction: p.direction,
            }),
            moves_left: self.players.each_ref().map(|p| p.moves_left),
            trails: Some(
                self.players
                    .each_ref()
                    .map(|p| p.trail.iter().map(cell).collect()),
            ),
            routes: Some(self.players.each_ref().map(|p| p.route.clone())),
            end: self.end.clone(),
        }
    }

    /// The position a [`Snapshot`] describes, checked (see [`Snapshot`] for
    /// what is checked and how trail orders are recovered). A running game's snapshot needs
    /// only grids, heads and moves left; an ended game's needs its trail lists.
    ///
    /// ```
    /// use grid_games::paperio::{Config, Direction, Position, Start, Turn};
    /// let starts = [
    ///     Start { x: 4, y: 4, direction: Direction::East },
    ///     Start { x: 13, y: 4, direction: Direction::West },
    /// ];
    /// let mut game = Position::new(Config::new(18, 9, 50)?, starts)?;
    /// for turn in [Turn::Straight, Turn::Straight, Turn::Straight, Turn::Right, Turn::Right] {
    ///     game.play(turn)?;
    /// }
    /// let mut seen = game.snapshot();
    /// seen.trails = None; // as an observer of the board alone
    /// seen.routes = None;
    /// let rebuilt = Position::from_snapshot(&seen)?;
    /// assert_eq!(rebuilt.snapshot().trail, seen.trail);
    /// // It plays on exactly like the original.
    /// let (mut a, mut b) = (game.clone(), rebuilt.clone());
    /// while a.end().is_none() {
    ///     a.play(Turn::Left)?;
    ///     b.play(Turn::Left)?;
    ///     assert_eq!(a.snapshot().territory, b.snapshot().territory);
    /// }
    /// assert_eq!(a.end(), b.end());
    /// # Ok::<(), grid_games::paperio::PaperioError>(())
    /// ```
    ///
    /// # Errors
    /// [`PaperioError::BadSize`] or [`PaperioError::NoTurns`] for the configuration, and
    /// [`PaperioError::BadSnapshot`] with the reason for a state no game reaches.
    pub fn from_snapshot(snapshot: &Snapshot) -> Result<Position, PaperioError> {
        Ok(build(snapshot)?)
    }
}

impl From<Position> for Snapshot {
    /// [`Position::snapshot`].
    fn from(position: Position) -> Snapshot {
        position.snapshot()
    }
}

impl TryFrom<Snapshot> for Position {
    type Error = PaperioError;

    /// [`Position::from_snapshot`].
    fn try_from(snapshot: Snapshot) -> Result<Position, PaperioError> {
        Position::from_snapshot(&snapshot)
    }
}

fn build(s: &Snapshot) -> Result<Position, BuildError> {
    s.config.validate().map_err(BuildError::Config)?;
    let config = s.config;
    let (w, h) = (config.width as i32, config.height as i32);
    let cells = (config.width * config.height) as usize;
    for (layer, grid) in [("territory", &s.territory), ("trail", &s.trail)] {
        if grid.len() != cells {
            return Err(SnapshotError::GridSize {
                layer,
                cells: grid.len(),
                expected: cells,
            }
            .into());
        }
    }
    let ended = s.end.is_some();
    let [m0, m1] = s.moves_left;
    let max = config.max_turn;
    let spent = m0 == 0 && m1 == 0;
    let tick_limit = matches!(s.end, Some(End::TickLimit { .. }));
    let in_turn = m1.checked_sub(m0).is_some_and(|d| d <= 1);
    if m0 > max || m1 > max || !in_turn || (spent && !ended) || (tick_limit && !spent) {
        return Err(SnapshotError::MovesLeft {
            moves_left: s.moves_left,
            max_turn: max,
        }
        .into());
    }
    let on_board = |x: i32, y: i32| (0..w).contains(&x) && (0..h).contains(&y);
    for (player, head) in Side::ALL.into_iter().zip(&s.heads) {
        let walled = matches!(s.end, Some(End::Wall { mover }) if mover == player);
        let (dx, dy) = head.direction.delta();
        let ok = if walled {
            // The cell it left, in i64: the head may hold any i32.
            let (bx, by) = (
                i64::from(head.x) - i64::from(dx),
                i64::from(head.y) - i64::from(dy),
            );
            let left_from = i32::try_from(bx)
                .is_ok_and(|bx| i32::try_from(by).is_ok_and(|by| on_board(bx, by)));
            !on_board(head.x, head.y) && left_from
        } else {
            on_board(head.x, head.y)
        };
        if !ok {
            return Err(SnapshotError::HeadOffBoard {
                player,
                x: head.x,
                y: head.y,
            }
            .into());
        }
    }
    if !ended && (s.heads[0].x, s.heads[0].y) == (s.heads[1].x, s.heads[1].y) {
        return Err(SnapshotError::HeadsTogether.into());
    }
    let territory: Vec<u8> = s.territory.iter().map(|&o| owner_code(o)).collect();
    let trail: Vec<u8> = s.trail.iter().map(|&o| owner_code(o)).collect();
    let mut land = [0u32; 2];
    let mut marks = [0u32; 2];
    for (&t, &m) in territory.iter().zip(&trail) {
        if t > 0 {
            land[usize::from(t - 1)] += 1;
        }
        if m > 0 {
            marks[usize::from(m - 1)] += 1;
        }
    }
    if let Some(End::HeadOn { scores } | End::TickLimit { scores }) = &s.end
        && *scores != land
    {
        return Err(SnapshotError::EndScores.into());
    }
    let board = Board {
        w,
        h,
        territory: &territory,
        trail: &trail,
    };
    let mut players = Vec::with_capacity(2);
    for (i, player) in Side::ALL.into_iter().enumerate() {
        let head = s.heads[i];
        let given = s.trails.as_ref().map(|t| &t[i]);
        let route = s.routes.as_ref().map(|r| &r[i]);
        let list = if let Some(given) = given {
            board.check_list(player, given, marks[i])?
        } else if ended {
            return Err(SnapshotError::EndedWithoutTrails.into());
        } else {
            board.check_running(player, head)?;
            match route {
                Some(route) => board.walk_route(player, head, route, marks[i])?,
                None => board.search(player, head, marks[i])?,
            }
        };
        if !ended && given.is_some() {
            board.check_running(player, head)?;
            board.check_walk(player, head, &list)?;
        }
        let route = match route {
            Some(route) if ended => route.clone(),
            Some(route) => {
                let derived = board.route_of(player, head, &list);
                // The first entry is not on the board: take the given one.
                let same_tail = route.len() == derived.len()
                    && route.last().is_none_or(|&d| d == head.direction)
                    && route.iter().skip(1).eq(derived.iter().skip(1));
                if !same_tail {
                    return Err(SnapshotError::TrailNotAPath { player }.into());
                }
                route.clone()
            }
            None => board.route_of(player, head, &list),
        };
        players.push(Player {
            x: head.x,
            y: head.y,
            direction: head.direction,
            trail: list,
            route,
            bbox: board.bbox(i as u8 + 1, head),
            moves_left: s.moves_left[i],
            territory: land[i],
            trail_cells: marks[i],
        });
    }
    let plies = (max - m0)
        .checked_add(max - m1)
        .ok_or(SnapshotError::MovesLeft {
            moves_left: s.moves_left,
            max_turn: max,
        })?;
    let second = players.pop().expect("two players");
    let first = players.pop().expect("two players");
    Ok(Position {
        config,
        territory,
        trail,
        players: [first, second],
        plies,
        end: s.end.clone(),
    })
}

/// Either a configuration error or a snapshot error, both reported as [`PaperioError`].
enum BuildError {
    Config(PaperioError),
    Snapshot(SnapshotError),
}

impl From<SnapshotError> for BuildError {
    fn from(e: SnapshotError) -> BuildError {
        BuildError::Snapshot(e)
    }
}

impl From<BuildError> for PaperioError {
    fn from(e: BuildError) -> PaperioError {
        match e {
            BuildError::Config(e) => e,
            BuildError::Snapshot(e) => PaperioError::BadSnapshot(e),
        }
    }
}

/// The layers of the board being checked, as engine codes (0 none, 1 / 2 player id).
struct Board<'a> {
    w: i32,
    h: i32,
    territory: &'a [u8],
    trail: &'a [u8],
}

impl Board<'_> {
    fn at(&self, x: i32, y: i32) -> Option<usize> {
        ((0..self.w).contains(&x) && (0..self.h).contains(&y)).then(|| (y * self.w + x) as usize)
    }

    fn xy(&self, c: u32) -> (i32, i32) {
        (c as i32 % self.w, c as i32 / self.w)
    }

    /// The rules every running position keeps: no trail on own land; a head home has no
    /// trail; a head away stands on its own trail, or has none.
    fn check_running(&self, player: Side, head: Head) -> Result<(), SnapshotError> {
        let mine = player.index() as u8 + 1;
        for (c, (&t, &m)) in self.territory.iter().zip(self.trail).enumerate() {
            if m == mine && t == mine {
                let (x, y) = self.xy(c as u32);
                return Err(SnapshotError::TrailOnOwnLand { player, x, y });
            }
        }
        let c = self.at(head.x, head.y).expect("heads checked on the board");
        if self.territory[c] == mine {
            if self.trail.contains(&mine) {
                return Err(SnapshotError::TrailAtHome { player });
            }
        } else if self.trail[c] != mine && self.trail.contains(&mine) {
            // A head off its land without its trail under it: the other player's capture
            // enclosed it at home, and it has not moved since, so it has no trail.
            return Err(SnapshotError::HeadOffTrail { player });
        }
        Ok(())
    }

    /// A given trail list: cells on the board, distinct, each marked by `player`, as many as
    /// the marks. Returns the cell indices.
    fn check_list(
        &self,
        player: Side,
        list: &[(i32, i32)],
        marks: u32,
    ) -> Result<Vec<u32>, SnapshotError> {
        let mine = player.index() as u8 + 1;
        let bad = SnapshotError::TrailNotAPath { player };
        if list.len() != marks as usize {
            return Err(bad);
        }
        let mut seen = hashbrown::HashSet::with_capacity(list.len());
        let mut out = Vec::with_capacity(list.len());
        for &(x, y) in list {
            let c = self.at(x, y).ok_or_else(|| bad.clone())?;
            if self.trail[c] != mine || !seen.insert(c) {
                return Err(bad);
            }
            out.push(c as u32);
        }
        Ok(out)
    }

    /// A running game's list walks cell to cell and enters the head along its heading.
    fn check_walk(&self, player: Side, head: Head, list: &[u32]) -> Result<(), SnapshotError> {
        let bad = SnapshotError::TrailNotAPath { player };
        let Some(&last) = list.last() else {
            return Ok(());
        };
        if self.xy(last) != (head.x, head.y) {
            return Err(bad);
        }
        for pair in list.windows(2) {
            if self.step(pair[0], pair[1]).is_none() {
                return Err(bad);
            }
        }
        if list.len() >= 2 && self.step(list[list.len() - 2], last) != Some(head.direction) {
            return Err(bad);
        }
        Ok(())
    }

    /// The direction from cell `a` to its neighbour `b`.
    fn step(&self, a: u32, b: u32) -> Option<Direction> {
        let ((ax, ay), (bx, by)) = (self.xy(a), self.xy(b));
        Direction::ALL
            .into_iter()
            .find(|d| (ax + d.delta().0, ay + d.delta().1) == (bx, by))
    }

    /// The route of a trail list: each step's direction, the first one inferred (see
    /// [`Snapshot`]): the head's heading for a one-cell trail, else the step from a
    /// neighbouring cell of the player's land, else from any other cell off the trail.
    fn route_of(&self, player: Side, head: Head, list: &[u32]) -> Vec<Direction> {
        let Some(&first) = list.first() else {
            return Vec::new();
        };
        let mine = player.index() as u8 + 1;
        let (fx, fy) = self.xy(first);
        let entry = if list.len() == 1 {
            head.direction
        } else {
            let from = |d: &Direction| self.at(fx - d.delta().0, fy - d.delta().1);
            Direction::ALL
                .into_iter()
                .find(|d| from(d).is_some_and(|c| self.territory[c] == mine))
                .or_else(|| {
                    Direction::ALL
                        .into_iter()
                        .find(|d| from(d).is_some_and(|c| self.trail[c] != mine))
                })
                .unwrap_or(head.direction)
        };
        let mut route = Vec::with_capacity(list.len());
        route.push(entry);
        for pair in list.windows(2) {
            route.push(self.step(pair[0], pair[1]).unwrap_or(head.direction));
        }
        route
    }

    /// The trail walked back from the head along a given route.
    fn walk_route(
        &self,
        player: Side,
        head: Head,
        route: &[Direction],
        marks: u32,
    ) -> Result<Vec<u32>, SnapshotError> {
        let bad = SnapshotError::TrailNotAPath { player };
        if route.len() != marks as usize {
            return Err(bad);
        }
        if route.last().is_some_and(|&d| d != head.direction) {
            return Err(bad);
        }
        let mut cells = Vec::with_capacity(route.len());
        let (mut x, mut y) = (head.x, head.y);
        for (k, d) in route.iter().enumerate().rev() {
            cells.push((x, y));
            if k > 0 {
                (x, y) = (x - d.delta().0, y - d.delta().1);
            }
        }
        cells.reverse();
        self.check_list(player, &cells, marks)
    }

    /// A laying order of `player`'s marked cells ending at the head, found by depth-first
    /// search backwards from the head (see [`Snapshot`]).
    fn search(&self, player: Side, head: Head, marks: u32) -> Result<Vec<u32>, SnapshotError> {
        self.search_within(player, head, marks, TRAIL_SEARCH_LIMIT)
    }

    /// [`Board::search`] with a work limit of its own.
    fn search_within(
        &self,
        player: Side,
        head: Head,
        marks: u32,
        limit: u64,
    ) -> Result<Vec<u32>, SnapshotError> {
        let mine = player.index() as u8 + 1;
        if marks == 0 {
            return Ok(Vec::new());
        }
        let bad = SnapshotError::TrailNotAPath { player };
        let cells: Vec<u32> = (0..self.trail.len() as u32)
            .filter(|&c| self.trail[c as usize] == mine)
            .collect();
        let index: hashbrown::HashMap<u32, u32> = cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as u32))
            .collect();
        let of = |x: i32, y: i32| self.at(x, y).and_then(|c| index.get(&(c as u32)).copied());
        let neighbours: Vec<[u32; 4]> = cells
            .iter()
            .map(|&c| {
                let (x, y) = self.xy(c);
                Direction::ALL.map(|d| of(x + d.delta().0, y + d.delta().1).unwrap_or(NONE))
            })
            .collect();
        let start = of(head.x, head.y).ok_or_else(|| bad.clone())?;
        if cells.len() == 1 {
            return Ok(cells);
        }
        let (dx, dy) = head.direction.delta();
        let before = of(head.x - dx, head.y - dy).ok_or_else(|| bad.clone())?;
        // A walk alternates colours (x + y even or odd) from the head: the cells after it
        // must hold as many of its colour as of the other, or one fewer.
        let colour = |c: u32| {
            let (x, y) = self.xy(c);
            (x + y).rem_euclid(2)
        };
        let head_colour = colour(cells[start as usize]);
        let same = cells.iter().filter(|&&c| colour(c) == head_colour).count() - 1;
        let other = cells.len() - 1 - same;
        if other != same && other != same + 1 {
            return Err(bad);
        }
        let mut walk = Walk::new(neighbours, limit);
        let path = walk.find(start, before).map_err(|tangled| {
            if tangled {
                SnapshotError::TrailTooTangled { player }
            } else {
                bad
            }
        })?;
        Ok(path.into_iter().rev().map(|i| cells[i as usize]).collect())
    }

    /// The box of `mine`'s land, trail and on-board head, clipped.
    fn bbox(&self, mine: u8, head: Head) -> [i32; 4] {
        let mut b = [i32::MAX, i32::MAX, i32::MIN, i32::MIN];
        let mut add = |x: i32, y: i32| {
            b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
        };
        for (c, (&t, &m)) in self.territory.iter().zip(self.trail).enumerate() {
            if t == mine || m == mine {
                let (x, y) = self.xy(c as u32);
                add(x, y);
            }
        }
        if self.at(head.x, head.y).is_some() {
            add(head.x, head.y);
        }
        if b[0] > b[2] {
            // Nothing of the player's on the board (an ended game): an empty box.
            return [0, 0, -1, -1];
        }
        b
    }
}

/// No neighbour.
const NONE: u32 = u32::MAX;

/// The search for a walk through every trail cell (a Hamiltonian path of the cells' grid
/// graph) from the head backwards.
///
/// Each step goes to the unvisited neighbour with the fewest unvisited neighbours of its own
/// (Warnsdorff's rule), and a step is undone at once when the cells left cannot all be walked
/// any more ([`Walk::feasible`]: connectivity, single-way-in cells, cut cells). Each check
/// costs O(cells left).
struct Walk {
    neighbours: Vec<[u32; 4]>,
    visited: Vec<bool>,
    /// Unvisited neighbours of each cell.
    free: Vec<u8>,
    /// Depth-first scratch: the stamp of the last check that reached each cell, its
    /// discovery order and lowpoint, and how many pieces it cuts off.
    seen: Vec<u32>,
    disc: Vec<u32>,
    low: Vec<u32>,
    cut_pieces: Vec<u8>,
    /// The cells the last check reached, and how many forced steps enter each.
    order: Vec<u32>,
    forced: Vec<u8>,
    stamp: u32,
    /// Cells examined so far (steps and checks), and the most allowed.
    work: u64,
    limit: u64,
}

impl Walk {
    fn new(neighbours: Vec<[u32; 4]>, limit: u64) -> Walk {
        let n = neighbours.len();
        let free = neighbours
            .iter()
            .map(|nb| nb.iter().filter(|&&v| v != NONE).count() as u8)
            .collect();
        Walk {
            neighbours,
            visited: vec![false; n],
            free,
            seen: vec![0; n],
            disc: vec![0; n],
            low: vec![0; n],
            cut_pieces: vec![0; n],
            order: Vec::with_capacity(n),
            forced: vec![0; n],
            stamp: 0,
            work: 0,
            limit,
        }
    }

    fn visit(&mut self, v: u32) {
        self.visited[v as usize] = true;
        for &x in &self.neighbours[v as usize] {
            if x != NONE {
                self.free[x as usize] -= 1;
            }
        }
    }

    fn leave(&mut self, v: u32) {
        self.visited[v as usize] = false;
        for &x in &self.neighbours[v as usize] {
            if x != NONE {
                self.free[x as usize] += 1;
            }
        }
    }

    /// Whether the `left` unvisited cells may still be walked from `end`.
    ///
    /// One depth-first pass from `end` through the unvisited cells (Tarjan's lowpoints) checks
    /// three things a walk from `end` through all of them needs: they are all reached and
    /// hang off `end` as one piece; at most one has a single way in (the walk's last cell), and
    /// one that can only be entered from `end` is the last cell left; and no cell cuts off more
    /// than one piece away from `end`, nor a piece without the known last cell (the walk passes
    /// each cell once, so past a cut cell it can never come back).
    fn feasible(&mut self, end: u32, left: usize) -> bool {
        if left == 0 {
            return true;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        let mut last = NONE; // the one cell with a single way in, if any
        let mut cuts: Vec<(u32, u32)> = Vec::new(); // discovery spans of cut-off pieces
        let mut root_children = 0;
        // Rooted at `end` (discovered first), through the unvisited cells.
        self.seen[end as usize] = stamp;
        self.disc[end as usize] = 0;
        self.low[end as usize] = 0;
        let mut time = 1u32;
        self.order.clear();
        // (cell, its parent, next neighbour to try)
        let mut stack: Vec<(u32, u32, u8)> = vec![(end, NONE, 0)];
        while let Some(&mut (u, parent, ref mut next)) = stack.last_mut() {
            if let Some(&w) = self.neighbours[u as usize].get(usize::from(*next)) {
                *next += 1;
                if w == NONE || w == parent || (w != end && self.visited[w as usize]) {
                    continue;
                }
                if self.seen[w as usize] == stamp {
                    let low = self.low[u as usize].min(self.disc[w as usize]);
                    self.low[u as usize] = low;
                } else {
                    if u == end {
                        root_children += 1;
                        if root_children > 1 {
                            return false; // the cells left fall apart without `end`
                        }
                    }
                    self.seen[w as usize] = stamp;
                    self.order.push(w);
                    self.work += 1;
                    self.disc[w as usize] = time;
                    self.low[w as usize] = time;
                    self.cut_pieces[w as usize] = 0;
                    time += 1;
                    stack.push((w, u, 0));
                }
                continue;
            }
            stack.pop();
            if u == end {
                break;
            }
            let next_to_end = self.neighbours[end as usize].contains(&u);
            let ways_in = usize::from(self.free[u as usize]) + usize::from(next_to_end);
            if ways_in <= 1 {
                if last != NONE || (next_to_end && left > 1) {
                    return false;
                }
                last = u;
            }
            let p = parent;
            let low = self.low[p as usize].min(self.low[u as usize]);
            self.low[p as usize] = low;
            if p != end && self.low[u as usize] >= self.disc[p as usize] {
                // `p` cuts off the piece searched from `u`, discovered `disc[u]..time`.
                self.cut_pieces[p as usize] += 1;
                if self.cut_pieces[p as usize] > 1 {
                    return false;
                }
                cuts.push((self.disc[u as usize], time - 1));
            }
        }
        let time = time - 1; // cells left reached, `end` not counted
        if time as usize != left {
            return false;
        }
        if last != NONE && !self.forcing_holds(end, last) {
            return false;
        }
        if last != NONE {
            let at = self.disc[last as usize];
            if cuts.iter().any(|&(a, b)| !(a..=b).contains(&at)) {
                return false;
            }
        }
        true
    }

    /// With the walk's last cell known, every other cell left with exactly two ways in uses
    /// both; a cell (or `end`, or `last`) forced to take more steps than it has left is a
    /// contradiction. Runs over the cells the last [`Walk::feasible`] pass reached.
    fn forcing_holds(&mut self, end: u32, last: u32) -> bool {
        self.forced[end as usize] = 0;
        for &u in &self.order {
            self.forced[u as usize] = 0;
        }
        for &u in &self.order {
            let next_to_end = self.neighbours[end as usize].contains(&u);
            let ways_in = usize::from(self.free[u as usize]) + usize::from(next_to_end);
            if u == last || ways_in != 2 {
                continue;
            }
            for &w in &self.neighbours[u as usize] {
                if w != NONE && (w == end || !self.visited[w as usize]) {
                    self.forced[w as usize] += 1;
                }
            }
        }
        if self.forced[end as usize] > 1 || self.forced[last as usize] > 1 {
            return false;
        }
        self.order.iter().all(|&u| self.forced[u as usize] <= 2)
    }

    /// Unvisited neighbours of `v`, the fewest-choices one last (popped first).
    fn choices(&self, v: u32) -> Vec<u32> {
        let mut next: Vec<u32> = self.neighbours[v as usize]
            .iter()
            .copied()
            .filter(|&x| x != NONE && !self.visited[x as usize])
            .collect();
        next.sort_by_key(|&x| std::cmp::Reverse(self.free[x as usize]));
        next
    }

    /// A walk through every cell starting `start`, `second` (cell indices, the head first).
    /// `Err(true)` when the step limit ran out, `Err(false)` when no walk exists.
    fn find(&mut self, start: u32, second: u32) -> Result<Vec<u32>, bool> {
        let n = self.neighbours.len();
        self.visit(start);
        self.visit(second);
        let mut path = vec![start, second];
        if !self.feasible(second, n - 2) {
            return Err(false);
        }
        let mut stack = vec![self.choices(second)];
        while path.len() < n {
            self.work += 1;
            if self.work > self.limit {
                return Err(true);
            }
            let top = stack.last_mut().ok_or(false)?;
            match top.pop() {
                Some(v) => {
                    self.visit(v);
                    if !self.feasible(v, n - path.len() - 1) {
                        self.leave(v);
                        continue;
                    }
                    path.push(v);
                    let next = self.choices(v);
                    stack.push(next);
                }
                None => {
                    stack.pop();
                    let v = path.pop().ok_or(false)?;
                    self.leave(v);
                    if path.len() < 2 {
                        return Err(false);
                    }
                }
            }
        }
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hardest trail of the recorded course games (trace 565, ply 827: player 0's 111
    /// cells, a random walker's knot), in laying order; the head is the last cell, entered
    /// going west.
    const KNOT: [(i32, i32); 111] = [
        (18, 48),
        (18, 49),
        (19, 49),
        (20, 49),
        (21, 49),
        (22, 49),
        (22, 50),
        (23, 50),
        (24, 50),
        (24, 49),
        (25, 49),
        (25, 50),
        (25, 51),
        (26, 51),
        (26, 52),
        (26, 53),
        (27, 53),
        (28, 53),
        (28, 54),
        (27, 54),
        (26, 54),
        (26, 55),
        (25, 55),
        (25, 56),
        (26, 56),
        (26, 57),
        (26, 58),
        (25, 58),
        (25, 59),
        (25, 60),
        (25, 61),
        (26, 61),
        (26, 62),
        (25, 62),
        (24, 62),
        (24, 63),
        (24, 64),
        (24, 65),
        (23, 65),
        (22, 65),
        (22, 64),
        (22, 63),
        (21, 63),
        (21, 64),
        (21, 65),
        (20, 65),
        (20, 64),
        (20, 63),
        (20, 62),
        (21, 62),
        (21, 61),
        (21, 60),
        (21, 59),
        (20, 59),
        (19, 59),
        (18, 59),
        (18, 60),
        (19, 60),
        (20, 60),
        (20, 61),
        (19, 61),
        (18, 61),
        (17, 61),
        (17, 60),
        (16, 60),
        (16, 61),
        (16, 62),
        (15, 62),
        (15, 63),
        (16, 63),
        (17, 63),
        (17, 64),
        (17, 65),
        (18, 65),
        (18, 66),
        (19, 66),
        (20, 66),
        (20, 67),
        (20, 68),
        (20, 69),
        (19, 69),
        (19, 68),
        (18, 68),
        (18, 67),
        (17, 67),
        (17, 66),
        (16, 66),
        (16, 65),
        (16, 64),
        (15, 64),
        (15, 65),
        (15, 66),
        (15, 67),
        (14, 67),
        (14, 66),
        (14, 65),
        (14, 64),
        (13, 64),
        (13, 65),
        (13, 66),
        (12, 66),
        (12, 65),
        (12, 64),
        (12, 63),
        (13, 63),
        (14, 63),
        (14, 62),
        (14, 61),
        (15, 61),
        (15, 60),
        (14, 60),
    ];

    #[test]
    fn the_search_walks_the_knot_and_stops_at_its_limit() {
        let (w, h) = (40, 80);
        let territory = vec![0u8; (w * h) as usize];
        let mut trail = vec![0u8; (w * h) as usize];
        for &(x, y) in &KNOT {
            trail[(y * w + x) as usize] = 1;
        }
        let board = Board {
            w,
            h,
            territory: &territory,
            trail: &trail,
        };
        let head = Head {
            x: 14,
            y: 60,
            direction: Direction::West,
        };
        let found = board.search(Side::First, head, 111).unwrap();
        assert_eq!(found.len(), 111);
        assert_eq!(board.xy(*found.last().unwrap()), (14, 60));
        // A walk: neighbours in turn, every cell once, entering the head going west.
        board.check_walk(Side::First, head, &found).unwrap();
        let distinct: hashbrown::HashSet<u32> = found.iter().copied().collect();
        assert_eq!(distinct.len(), 111);
        // With a small limit the search gives up with the typed error.
        assert_eq!(
            board.search_within(Side::First, head, 111, 2_000),
            Err(SnapshotError::TrailTooTangled {
                player: Side::First
            })
        );
    }
}
