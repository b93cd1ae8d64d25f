//! [`Position`]: the referee's whole state once both sheets are drawn, as a [`Game`].

use std::sync::Arc;

use polyomino::Cell;

use super::{Action, GameEnd, Geometry, HitAnswer, MAX_OPERATIONS, PlanesError, Sheet};
use crate::game::{ByPlayer, Game, Outcome, Player, Side, Verdict};

/// One action as the referee saw it: who acted, what, and the answer to a hit (`None` for a
/// move).
pub type Played = (Side, Action, Option<HitAnswer>);

/// The referee's whole state after both drawings: the geometry, both sheets (which planes are
/// where and which are destroyed), who moves first and who is to move, the operations each
/// side has used and every action so far with its answer.
///
/// It implements the crate's [`Game`] trait, so [`play_match`](crate::game::play_match) runs
/// it like any other game of the crate: the actions are the plane-bombing [`Action`]s (hits
/// and moves), [`legal_actions`](Game::legal_actions) lists every legal hit (every cell of the
/// sheet, hit before or not) and every legal move of the side to move, and
/// [`to_move`](Game::to_move) is `None` once the game is over. The rules are those of the
/// referee [`play_game`](super::play_game):
///
/// * a side destroys all three enemy planes: it wins ([`GameEnd::AllDestroyed`]);
/// * both sides have made [`MAX_OPERATIONS`] operations: the side that moved second wins
///   ([`GameEnd::Exhausted`]).
///
/// The [scores](Game::scores) are the enemy planes each side destroyed (0 to 3); they do not
/// decide the game, so [`outcome`](Game::outcome) names the winner with
/// [`Verdict::Winner`]: a side that moved second wins an exhausted game even with fewer planes
/// destroyed.
///
/// The state holds both hidden sheets: a program that plays one side must see only what a
/// contestant may see, which is what [`Contestant`](super::Contestant) hands a
/// [`PlanesBot`](super::PlanesBot).
///
/// ```
/// use grid_games::game::{Game, Player, Side};
/// use grid_games::planes::{Action, Geometry, HitAnswer, PlaneSpec, Position, Sheet, SUBTASKS};
/// use grid_games::polyomino::Cell;
/// let geometry = Geometry::standard();
/// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
/// let draw = || Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)]);
/// let mut pos = Position::new(&geometry, [draw()?, draw()?], Side::First)?;
/// assert_eq!(pos.to_move(), Some(Player::FIRST));
/// pos.play(Action::Hit(Cell::new(0, 2)))?;    // the first side hits a head
/// assert_eq!(pos.history()[0].2, Some(HitAnswer::Head));
/// assert_eq!(pos.scores().values(), [1, 0]); // one enemy plane destroyed
/// for head in [Cell::new(0, 7), Cell::new(5, 2)] {
///     pos.play(Action::Hit(Cell::new(11, 11)))?; // the second side misses
///     pos.play(Action::Hit(head))?;
/// }
/// assert_eq!(pos.to_move(), None);
/// assert_eq!(pos.outcome().unwrap().winner(), Some(Player::FIRST));
/// # Ok::<(), grid_games::planes::PlanesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    geometry: Arc<Geometry>,
    sheets: [Sheet; 2],
    first: Side,
    turn: Side,
    operations: [usize; 2],
    history: Vec<Played>,
}

impl Position {
    /// The start of a game on `geometry` with these sheets (`sheets[0]` is [`Side::First`]'s),
    /// `first` moving first.
    ///
    /// # Errors
    /// A plane of a sheet that does not lie where `geometry` puts it (a sheet drawn on another
    /// geometry): the error [`Geometry::mask`] gives for it, or
    /// [`PlanesError::NotOnGeometry`].
    ///
    /// ```
    /// use grid_games::game::Side;
    /// use grid_games::planes::{Catalogue, Geometry, PlaneSpec, PlanesError, Position, Sheet, SUBTASKS};
    /// use grid_games::polyomino::Cell;
    /// let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// let big = Geometry::new(16, Catalogue::standard())?;
    /// let far = Sheet::draw(&big, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(12, 12)])?;
    /// let standard = Geometry::standard();
    /// let near = Sheet::draw(&standard, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// assert!(Position::new(&standard, [near.clone(), near.clone()], Side::First).is_ok());
    /// // A plane beyond the 12 × 12 sheet is refused.
    /// let refused = Position::new(&standard, [near, far], Side::First);
    /// assert!(matches!(refused, Err(PlanesError::OutsideSheet(_))));
    /// # Ok::<(), PlanesError>(())
    /// ```
    pub fn new(
        geometry: &Geometry,
        sheets: [Sheet; 2],
        first: Side,
    ) -> Result<Position, PlanesError> {
        for sheet in &sheets {
            sheet.check_geometry(geometry)?;
        }
        Ok(Position::start(Arc::new(geometry.clone()), sheets, first))
    }

    /// The start of a game with sheets already checked against `geometry`.
    pub(crate) fn start(geometry: Arc<Geometry>, sheets: [Sheet; 2], first: Side) -> Position {
        Position {
            geometry,
            sheets,
            first,
            turn: first,
            operations: [0; 2],
            history: Vec::new(),
        }
    }

    /// The sheet size and plane types.
    ///
    /// ```
    /// # use grid_games::game::Side;
    /// # use grid_games::planes::{Geometry, PlaneSpec, Position, Sheet, SUBTASKS};
    /// # use grid_games::polyomino::Cell;
    /// # let geometry = Geometry::standard();
    /// # let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// # let sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let pos = Position::new(&geometry, [sheet.clone(), sheet], Side::First)?;
    /// assert_eq!(pos.geometry().size(), 12);
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The sheet of `side`, as it stands (planes moved, planes destroyed). The other side may
    /// not see it.
    ///
    /// ```
    /// # use grid_games::game::Side;
    /// # use grid_games::planes::{Action, Geometry, PlaneSpec, Position, Sheet, SUBTASKS};
    /// # use grid_games::polyomino::Cell;
    /// # let geometry = Geometry::standard();
    /// # let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// # let sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let mut pos = Position::new(&geometry, [sheet.clone(), sheet], Side::First)?;
    /// pos.play(Action::Hit(Cell::new(5, 2)))?;
    /// assert_eq!(pos.sheet(Side::Second).destroyed(), [false, false, true]);
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn sheet(&self, side: Side) -> &Sheet {
        &self.sheets[side.index()]
    }

    /// The side that moved first.
    ///
    /// ```
    /// # use grid_games::game::Side;
    /// # use grid_games::planes::{Geometry, PlaneSpec, Position, Sheet, SUBTASKS};
    /// # use grid_games::polyomino::Cell;
    /// # let geometry = Geometry::standard();
    /// # let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// # let sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let pos = Position::new(&geometry, [sheet.clone(), sheet], Side::Second)?;
    /// assert_eq!((pos.first(), pos.side_to_move()), (Side::Second, Some(Side::Second)));
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn first(&self) -> Side {
        self.first
    }

    /// The side to act, or `None` once the game is over.
    ///
    /// ```
    /// # use grid_games::game::Side;
    /// # use grid_games::planes::{Action, Geometry, PlaneSpec, Position, Sheet, SUBTASKS};
    /// # use grid_games::polyomino::Cell;
    /// # let geometry = Geometry::standard();
    /// # let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// # let sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let mut pos = Position::new(&geometry, [sheet.clone(), sheet], Side::First)?;
    /// pos.play(Action::Hit(Cell::new(11, 0)))?;
    /// assert_eq!(pos.side_to_move(), Some(Side::Second));
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn side_to_move(&self) -> Option<Side> {
        (self.end().is_none()).then_some(self.turn)
    }

    /// The operations (hits and moves) `side` has made, at most [`MAX_OPERATIONS`].
    ///
    /// ```
    /// # use grid_games::game::Side;
    /// # use grid_games::planes::{Action, Geometry, PlaneSpec, Position, Sheet, Step, SUBTASKS};
    /// # use grid_games::polyomino::Cell;
    /// # let geometry = Geometry::standard();
    /// # let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// # let sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let mut pos = Position::new(&geometry, [sheet.clone(), sheet], Side::First)?;
    /// pos.play(Action::Move { plane: 2, step: Step::Down })?;
    /// assert_eq!((pos.operations(Side::First), pos.operations(Side::Second)), (1, 0));
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn operations(&self, side: Side) -> usize {
        self.operations[side.index()]
    }

    /// Every action so far, in order, with the answers to hits.
    ///
    /// ```
    /// # use grid_games::game::Side;
    /// # use grid_games::planes::{Action, Geometry, HitAnswer, PlaneSpec, Position, Sheet, Step, SUBTASKS};
    /// # use grid_games::polyomino::Cell;
    /// # let geometry = Geometry::standard();
    /// # let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// # let sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let mut pos = Position::new(&geometry, [sheet.clone(), sheet], Side::First)?;
    /// pos.play(Action::Hit(Cell::new(2, 2)))?;
    /// pos.play(Action::Move { plane: 2, step: Step::Down })?;
    /// assert_eq!(pos.history(), [
    ///     (Side::First, Action::Hit(Cell::new(2, 2)), Some(HitAnswer::Body)),
    ///     (Side::Second, Action::Move { plane: 2, step: Step::Down }, None),
    /// ]);
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// How the game ended, `None` while it goes on: [`GameEnd::AllDestroyed`] or
    /// [`GameEnd::Exhausted`] (the other ends are rulings on a bot, made by the referee).
    ///
    /// ```
    /// # use grid_games::game::Side;
    /// # use grid_games::planes::{Action, GameEnd, Geometry, PlaneSpec, Position, Sheet, SUBTASKS};
    /// # use grid_games::polyomino::Cell;
    /// # let geometry = Geometry::standard();
    /// # let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// # let sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let mut pos = Position::new(&geometry, [sheet.clone(), sheet], Side::First)?;
    /// assert_eq!(pos.end(), None);
    /// // Both sides hit the same empty cell 500 times: the side that moved second wins.
    /// while pos.end().is_none() {
    ///     pos.play(Action::Hit(Cell::new(11, 11)))?;
    /// }
    /// assert_eq!((pos.end(), pos.winner()), (Some(GameEnd::Exhausted), Some(Side::Second)));
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn end(&self) -> Option<GameEnd> {
        if self.sheets.iter().any(Sheet::all_destroyed) {
            Some(GameEnd::AllDestroyed)
        } else if self.operations[self.turn.index()] >= MAX_OPERATIONS {
            Some(GameEnd::Exhausted)
        } else {
            None
        }
    }

    /// The winner once the game is over: the side that destroyed all three enemy planes, or
    /// the side that moved second when both used their operations.
    ///
    /// ```
    /// # use grid_games::game::Side;
    /// # use grid_games::planes::{Action, Geometry, PlaneSpec, Position, Sheet, SUBTASKS};
    /// # use grid_games::polyomino::Cell;
    /// # let geometry = Geometry::standard();
    /// # let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// # let sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let pos = Position::new(&geometry, [sheet.clone(), sheet], Side::First)?;
    /// assert_eq!(pos.winner(), None); // not over
    /// # Ok::<(), grid_games::planes::PlanesError>(())
    /// ```
    pub fn winner(&self) -> Option<Side> {
        match self.end()? {
            GameEnd::AllDestroyed => Side::ALL
                .into_iter()
                .find(|s| self.sheets[s.other().index()].all_destroyed()),
            _ => Some(self.first.other()),
        }
    }

    /// Plays `action` for the side to move: a hit is answered from the enemy sheet (a head
    /// destroys its plane), a move changes the own sheet; either counts as one operation.
    ///
    /// # Errors
    /// [`PlanesError::GameOver`], or the rule the action breaks ([`Sheet::hit`],
    /// [`Sheet::move_plane`]); the state is then unchanged.
    ///
    /// ```
    /// # use grid_games::game::Side;
    /// # use grid_games::planes::{Action, Geometry, PlaneSpec, PlanesError, Position, Sheet, Step, SUBTASKS};
    /// # use grid_games::polyomino::Cell;
    /// # let geometry = Geometry::standard();
    /// # let plane = |row, col| PlaneSpec { kind: 0, direction: 0, head: Cell::new(row, col) };
    /// # let sheet = Sheet::draw(&geometry, SUBTASKS[0].masks, [plane(0, 2), plane(0, 7), plane(5, 2)])?;
    /// let mut pos = Position::new(&geometry, [sheet.clone(), sheet], Side::First)?;
    /// // Plane 0's nose is on the top row: it cannot move up.
    /// let up = Action::Move { plane: 0, step: Step::Up };
    /// assert!(matches!(pos.play(up), Err(PlanesError::OutsideSheet(_))));
    /// assert_eq!(pos.operations(Side::First), 0); // a refused action changes nothing
    /// # Ok::<(), PlanesError>(())
    /// ```
    pub fn play(&mut self, action: Action) -> Result<(), PlanesError> {
        let side = self.side_to_move().ok_or(PlanesError::GameOver)?;
        let (me, other) = (side.index(), side.other().index());
        let answer = match action {
            Action::Hit(cell) => Some(self.sheets[other].hit(&self.geometry, cell)?),
            Action::Move { plane, step } => {
                self.sheets[me].move_plane(&self.geometry, plane, step)?;
                None
            }
        };
        self.operations[me] += 1;
        self.history.push((side, action, answer));
        self.turn = side.other();
        Ok(())
    }

    /// Enemy planes `side` has destroyed (0 to 3).
    fn destroyed_by(&self, side: Side) -> i64 {
        let enemy = &self.sheets[side.other().index()];
        enemy.destroyed().iter().filter(|&&d| d).count() as i64
    }
}

impl Game for Position {
    type Action = Action;
    type Error = PlanesError;

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Player> {
        self.side_to_move().map(Player::from)
    }

    /// Every hit (each cell of the sheet, row by row) and then every legal move
    /// ([`Sheet::legal_moves`]) of the side to move.
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(side) = self.side_to_move() else {
            return;
        };
        let n = self.geometry.size() as i32;
        out.extend((0..n).flat_map(|r| (0..n).map(move |c| Action::Hit(Cell::new(r, c)))));
        let own = &self.sheets[side.index()];
        out.extend(
            own.legal_moves(&self.geometry)
                .into_iter()
                .map(|(plane, step)| Action::Move { plane, step }),
        );
    }

    /// See [`Position::play`].
    fn play(&mut self, action: Action) -> Result<(), PlanesError> {
        Position::play(self, action)
    }

    /// Enemy planes destroyed by each side (0 to 3).
    fn scores(&self) -> ByPlayer<i64> {
        ByPlayer::from(Side::ALL.map(|s| self.destroyed_by(s)))
    }

    /// The scores with [`Verdict::Winner`] naming the [`winner`](Position::winner).
    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        Some(Outcome {
            scores: self.scores(),
            verdict: Verdict::Winner(winner.into()),
        })
    }
}
