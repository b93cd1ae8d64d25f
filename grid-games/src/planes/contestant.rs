//! [`Contestant`]: a [`PlanesBot`] playing a [`Position`] as a [`game::Bot`](Bot), seeing only
//! what a contestant may see.

use super::{Action, PlanesBot, Position, Seen};
use crate::game::{Bot, Budget, Side};

/// Makes a [`PlanesBot`] a [`Bot<Position>`](Bot) for [`play_match`](crate::game::play_match).
///
/// A [`Position`] holds both hidden sheets; the contestant never shows it to the bot. On each
/// call it reads the actions played since its previous call from the position's
/// [history](Position::history) and tells the bot what a contestant of the original contest
/// learns, in the order the contest's referee told it: the answer to its own last hit
/// ([`PlanesBot::answer`]), then the opponent's action ([`PlanesBot::seen`]: the cell hit, or
/// only the direction of a move); then it asks for this turn's action ([`PlanesBot::act`]).
///
/// A contestant follows one game from its first action, for a bot whose
/// [`setup`](PlanesBot::setup) drew the sheet of the side it plays:
/// [`play_game`](super::play_game) makes a fresh one for each game after the drawings. Given a
/// position whose history is shorter than what it has read (another game), it reads that
/// history from the start.
///
/// ```
/// use grid_games::game::{play_match, MatchRules, Side};
/// use grid_games::planes::{bots::RandomBot, Contestant, Geometry, LastResult, PlanesBot, Position, Setup, Sheet, SUBTASKS};
/// let geometry = Geometry::standard();
/// let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
/// // The drawing phase: each bot draws its sheet.
/// let setup = |first| Setup { last: LastResult::FirstGame, subtask: 1, masks: SUBTASKS[0].masks, first, geometry: &geometry };
/// let sheets = [
///     Sheet::draw(&geometry, SUBTASKS[0].masks, a.setup(&setup(true)))?,
///     Sheet::draw(&geometry, SUBTASKS[0].masks, b.setup(&setup(false)))?,
/// ];
/// // The game: the shared match runner with the bots behind their screens.
/// let start = Position::new(&geometry, sheets, Side::First)?;
/// let (mut a, mut b) = (Contestant::new(a), Contestant::new(b));
/// let record = play_match(start, &mut [&mut a, &mut b], MatchRules::default())?;
/// assert!(record.forfeit.is_none());
/// assert!(record.last.winner().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Contestant<B> {
    bot: B,
    /// Actions of the game's history the bot has been told about.
    heard: usize,
    /// The action the bot chose last (to explain an illegal one).
    last: Option<Action>,
}

impl<B: PlanesBot> Contestant<B> {
    /// A contestant for `bot`, which has drawn its sheet for the game to come.
    ///
    /// ```
    /// use grid_games::planes::{bots::HunterBot, Contestant, PlanesBot};
    /// let contestant = Contestant::new(HunterBot::new(1));
    /// assert!(contestant.bot().name().starts_with("hunter"));
    /// ```
    pub fn new(bot: B) -> Contestant<B> {
        Contestant {
            bot,
            heard: 0,
            last: None,
        }
    }

    /// The bot.
    ///
    /// ```
    /// use grid_games::planes::{bots::RandomBot, Contestant, PlanesBot};
    /// assert_eq!(Contestant::new(RandomBot::new(1)).bot().name(), "random");
    /// ```
    pub fn bot(&self) -> &B {
        &self.bot
    }

    /// The bot, to change.
    ///
    /// ```
    /// use grid_games::planes::{bots::RandomBot, Contestant, PlanesBot};
    /// let mut contestant = Contestant::new(RandomBot::new(1));
    /// assert_eq!(contestant.bot_mut().name(), "random");
    /// ```
    pub fn bot_mut(&mut self) -> &mut B {
        &mut self.bot
    }

    /// The bot back.
    ///
    /// ```
    /// use grid_games::planes::{bots::RandomBot, Contestant, PlanesBot};
    /// let bot: RandomBot = Contestant::new(RandomBot::new(1)).into_inner();
    /// assert_eq!(bot.name(), "random");
    /// ```
    pub fn into_inner(self) -> B {
        self.bot
    }

    /// The action the bot chose on its last turn, if any.
    pub(crate) fn last_action(&self) -> Option<Action> {
        self.last
    }

    /// Tells the bot, playing `me`, what happened since its previous call.
    fn catch_up(&mut self, game: &Position, me: Side) {
        let history = game.history();
        if history.len() < self.heard {
            self.heard = 0;
        }
        for &(side, action, answer) in &history[self.heard..] {
            match (action, answer) {
                (Action::Hit(cell), Some(answer)) if side == me => self.bot.answer(cell, answer),
                (Action::Hit(cell), _) if side != me => self.bot.seen(Seen::Hit(cell)),
                (Action::Move { step, .. }, _) if side != me => self.bot.seen(Seen::Moved(step)),
                _ => {}
            }
        }
        self.heard = history.len();
    }
}

impl<B: PlanesBot> Bot<Position> for Contestant<B> {
    fn name(&self) -> String {
        self.bot.name()
    }

    /// Tells the bot what it may know of the actions since its previous call, then asks it to
    /// act; the budget is not passed on (a [`PlanesBot`] has none; the referee's
    /// [call time](super::GameSettings::call_time) limits it).
    fn choose(&mut self, game: &Position, _budget: Budget) -> Option<Action> {
        let me = game.side_to_move()?;
        self.catch_up(game, me);
        let action = self.bot.act();
        self.last = Some(action);
        Some(action)
    }
}
