//! The referee: holds both sheets, runs a game turn by turn, and plays test points.

use super::{Action, Geometry, HitAnswer, LastResult, PlanesBot, PlanesError, Seen, Setup, Sheet};

/// Operations each player may make in one game.
pub const MAX_OPERATIONS: usize = 500;

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEnd {
    /// The winner destroyed all three enemy planes.
    AllDestroyed,
    /// Both players used their 500 operations; the second player wins.
    Exhausted,
    /// The loser's bot panicked (a crash loses, as in the contest).
    Crashed {
        /// The crashing player (0 or 1).
        player: usize,
    },
    /// The loser made an illegal drawing or action.
    Illegal {
        /// The offending player (0 or 1).
        player: usize,
        /// What was wrong.
        error: PlanesError,
    },
}

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Player 0 or 1.
    pub winner: usize,
    /// Who moved first.
    pub first: usize,
    /// How it ended.
    pub end: GameEnd,
    /// Every action in order: `(player, action, answer to a hit)`.
    pub actions: Vec<(usize, Action, Option<HitAnswer>)>,
    /// The sheets as drawn.
    pub drawn: [Option<Sheet>; 2],
}

/// Plays one game between `bots[0]` and `bots[1]`; `first` moves first; `last` is what each
/// bot is told about the previous game.
pub fn play_game(
    geometry: &Geometry,
    subtask: u8,
    masks: [u8; 3],
    bots: [&mut dyn PlanesBot; 2],
    first: usize,
    last: [LastResult; 2],
) -> GameRecord {
    let mut record = GameRecord {
        winner: 1 - first,
        first,
        end: GameEnd::Exhausted,
        actions: Vec::new(),
        drawn: [None, None],
    };
    let mut sheets: Vec<Sheet> = Vec::with_capacity(2);
    for p in 0..2 {
        let setup = Setup {
            last: last[p],
            subtask,
            masks,
            first: p == first,
            geometry,
        };
        let Some(specs) = guard(|| bots[p].setup(&setup)) else {
            return crashed(record, p);
        };
        match Sheet::draw(geometry, masks, specs) {
            Ok(s) => sheets.push(s),
            Err(error) => {
                record.winner = 1 - p;
                record.end = GameEnd::Illegal { player: p, error };
                return record;
            }
        }
    }
    record.drawn = [Some(sheets[0].clone()), Some(sheets[1].clone())];
    let mut ops = [0usize; 2];
    let mut turn = first;
    while ops[turn] < MAX_OPERATIONS {
        let p = turn;
        let Some(action) = guard(|| bots[p].act()) else {
            return crashed(record, p);
        };
        ops[p] += 1;
        match action {
            Action::Hit(cell) => match sheets[1 - p].hit(geometry, cell) {
                Ok(answer) => {
                    record.actions.push((p, action, Some(answer)));
                    if guard(|| bots[p].answer(cell, answer)).is_none() {
                        return crashed(record, p);
                    }
                    if guard(|| bots[1 - p].seen(Seen::Hit(cell))).is_none() {
                        return crashed(record, 1 - p);
                    }
                    if sheets[1 - p].all_destroyed() {
                        record.winner = p;
                        record.end = GameEnd::AllDestroyed;
                        return record;
                    }
                }
                Err(error) => return illegal(record, p, error),
            },
            Action::Move { plane, step } => match sheets[p].move_plane(geometry, plane, step) {
                Ok(()) => {
                    record.actions.push((p, action, None));
                    if guard(|| bots[1 - p].seen(Seen::Moved(step))).is_none() {
                        return crashed(record, 1 - p);
                    }
                }
                Err(error) => return illegal(record, p, error),
            },
        }
        turn = 1 - p;
    }
    // Both players used all their operations: the second player wins.
    record.winner = 1 - first;
    record.end = GameEnd::Exhausted;
    record
}

/// Runs a bot call; `None` if it panicked (the panic message still goes through the process's
/// panic hook).
fn guard<T>(f: impl FnOnce() -> T) -> Option<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok()
}

fn crashed(mut record: GameRecord, player: usize) -> GameRecord {
    record.winner = 1 - player;
    record.end = GameEnd::Crashed { player };
    record
}

fn illegal(mut record: GameRecord, player: usize, error: PlanesError) -> GameRecord {
    record.winner = 1 - player;
    record.end = GameEnd::Illegal { player, error };
    record
}

/// Plays a test point of `games` games (bot A moves first in the even-numbered ones, so each
/// moves first half the time) and returns A's number of wins. Each bot is told the result of
/// its previous game.
pub fn play_test_point(
    geometry: &Geometry,
    subtask: u8,
    masks: [u8; 3],
    games: usize,
    a: &mut dyn PlanesBot,
    b: &mut dyn PlanesBot,
) -> usize {
    let mut last = [LastResult::FirstGame; 2];
    let mut wins = 0;
    for g in 0..games {
        let first = g % 2;
        let record = play_game(geometry, subtask, masks, [&mut *a, &mut *b], first, last);
        if record.winner == 0 {
            wins += 1;
            last = [LastResult::Won, LastResult::Lost];
        } else {
            last = [LastResult::Lost, LastResult::Won];
        }
    }
    wins
}
