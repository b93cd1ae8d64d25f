//! The plane-bombing referee on the shared match runner plays exactly as the referee loop it
//! replaced: a copy of that loop (kept here as the second method) and the new `play_game`
//! give the same records for the same bots and seeds, tell every bot the same things in the
//! same order, and count test points alike.

use grid_games::game::{Game, Player, Side, Verdict, play_match};
use grid_games::planes::bots::{HunterBot, HunterConfig, PriorCache, RandomBot};
use grid_games::planes::{
    Action, Contestant, GameEnd, GameSettings, Geometry, HitAnswer, LastResult, MAX_OPERATIONS,
    PlaneSpec, PlanesBot, PlanesError, Position, SUBTASKS, Seen, Setup, Sheet, Subtask,
    TestPointOptions, play_game, play_test_point,
};
use grid_games::polyomino::Cell;

/// What the old loop returned (the fields `GameRecord` still has besides `last`).
#[derive(Debug, PartialEq)]
struct OldRecord {
    winner: Side,
    end: GameEnd,
    actions: Vec<(Side, Action, Option<HitAnswer>)>,
    drawn: [Option<Sheet>; 2],
}

/// The referee loop before the game ran on `play_match`, for bots that neither crash nor
/// dawdle (those rulings are tested in `hostile.rs`): draw, then alternate; a hit is answered,
/// the hitter hears the answer and the other side sees the cell; a move is seen as its
/// direction; all three planes destroyed wins; after 500 operations each, the second wins.
fn old_play_game(
    geometry: &Geometry,
    subtask: Subtask,
    first: Side,
    last: [LastResult; 2],
    bots: [&mut dyn PlanesBot; 2],
) -> OldRecord {
    let masks = subtask.masks;
    let mut record = OldRecord {
        winner: first.other(),
        end: GameEnd::Exhausted,
        actions: Vec::new(),
        drawn: [None, None],
    };
    let illegal = |mut record: OldRecord, player: Side, error: PlanesError| {
        record.winner = player.other();
        record.end = GameEnd::Illegal { player, error };
        record
    };
    let mut sheets: Vec<Sheet> = Vec::new();
    for p in Side::ALL {
        let setup = Setup {
            last: last[p.index()],
            subtask: subtask.id,
            masks,
            first: p == first,
            geometry,
        };
        match Sheet::draw(geometry, masks, bots[p.index()].setup(&setup)) {
            Ok(s) => sheets.push(s),
            Err(error) => return illegal(record, p, error),
        }
    }
    record.drawn = [Some(sheets[0].clone()), Some(sheets[1].clone())];
    let mut ops = [0usize; 2];
    let mut turn = first;
    while ops[turn.index()] < MAX_OPERATIONS {
        let p = turn;
        let (me, other) = (p.index(), p.other().index());
        let action = bots[me].act();
        ops[me] += 1;
        match action {
            Action::Hit(cell) => match sheets[other].hit(geometry, cell) {
                Ok(answer) => {
                    record.actions.push((p, action, Some(answer)));
                    bots[me].answer(cell, answer);
                    bots[other].seen(Seen::Hit(cell));
                    if sheets[other].all_destroyed() {
                        record.winner = p;
                        record.end = GameEnd::AllDestroyed;
                        return record;
                    }
                }
                Err(error) => return illegal(record, p, error),
            },
            Action::Move { plane, step } => match sheets[me].move_plane(geometry, plane, step) {
                Ok(()) => {
                    record.actions.push((p, action, None));
                    bots[other].seen(Seen::Moved(step));
                }
                Err(error) => return illegal(record, p, error),
            },
        }
        turn = p.other();
    }
    record.winner = first.other();
    record.end = GameEnd::Exhausted;
    record
}

/// Every call a bot received, in order.
#[derive(Clone, Debug, PartialEq)]
enum Call {
    Setup(bool),
    Act(Action),
    Answer(Cell, HitAnswer),
    Seen(Seen),
}

/// A bot that logs its calls and, if `wild`, now and then tries a move that may be illegal.
struct Logged<B> {
    inner: B,
    wild: Option<u64>,
    acts: u64,
    log: Vec<Call>,
}

impl<B: PlanesBot> Logged<B> {
    fn new(inner: B, wild: Option<u64>) -> Logged<B> {
        Logged {
            inner,
            wild,
            acts: 0,
            log: Vec::new(),
        }
    }
}

impl<B: PlanesBot> PlanesBot for Logged<B> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn setup(&mut self, setup: &Setup<'_>) -> [PlaneSpec; 3] {
        self.log.push(Call::Setup(setup.first));
        self.inner.setup(setup)
    }
    fn act(&mut self) -> Action {
        self.acts += 1;
        let action = match self.wild {
            // Plane 0 up: illegal at the top edge, after the plane is destroyed, or over
            // another plane; legal otherwise (and then the bot's own sheet is out of date,
            // which only makes it play worse).
            Some(k) if self.acts.is_multiple_of(k) => Action::Move {
                plane: 0,
                step: grid_games::planes::Step::Up,
            },
            _ => self.inner.act(),
        };
        self.log.push(Call::Act(action));
        action
    }
    fn answer(&mut self, cell: Cell, answer: HitAnswer) {
        self.log.push(Call::Answer(cell, answer));
        self.inner.answer(cell, answer);
    }
    fn seen(&mut self, action: Seen) {
        self.log.push(Call::Seen(action));
        self.inner.seen(action);
    }
}

/// A fresh pair of bots of one of the kinds the comparison plays; the hunters keep their
/// tables in `cache` (a hunter plays the same with a warm or a cold cache).
fn pair(kind: usize, seed: u64, cache: &PriorCache) -> [Box<dyn PlanesBot>; 2] {
    let hunter = |s| {
        HunterBot::with_config(s, HunterConfig::default().with_cap(20_000))
            .with_cache(cache.clone())
    };
    match kind {
        0 => [
            Box::new(RandomBot::new(seed)),
            Box::new(RandomBot::new(seed + 1)),
        ],
        1 => [Box::new(hunter(seed)), Box::new(RandomBot::new(seed + 1))],
        2 => [
            Box::new(Logged::new(RandomBot::new(seed), Some(7 + seed % 5))),
            Box::new(hunter(seed + 1)),
        ],
        _ => [Box::new(hunter(seed)), Box::new(hunter(seed + 1))],
    }
}

#[test]
fn play_game_gives_the_records_of_the_old_referee_loop() {
    let geometry = Geometry::standard();
    let cache = PriorCache::new();
    let mut ends = [0usize; 3];
    for (t, &subtask) in SUBTASKS.iter().enumerate() {
        // The hunters' exact tables of subtask 1 take a while to build; random bots play it.
        let kinds: &[usize] = if t == 0 { &[0, 2] } else { &[0, 1, 2, 3] };
        for &kind in kinds {
            for (g, first) in Side::ALL.into_iter().enumerate() {
                let seed = 100 * t as u64 + 10 * kind as u64 + g as u64;
                let last = [LastResult::Won, LastResult::Lost];
                let [mut a, mut b] = pair(kind, seed, &cache);
                let old = old_play_game(&geometry, subtask, first, last, [a.as_mut(), b.as_mut()]);
                let [mut a, mut b] = pair(kind, seed, &cache);
                let settings = GameSettings::new(subtask).with_first(first).with_last(last);
                let new = play_game(&geometry, &settings, [a.as_mut(), b.as_mut()]);
                let context = format!("subtask {} kind {kind} first {first}", subtask.id);
                assert_eq!(
                    OldRecord {
                        winner: new.winner,
                        end: new.end.clone(),
                        actions: new.actions.clone(),
                        drawn: new.drawn.clone(),
                    },
                    old,
                    "{context}"
                );
                assert_eq!(new.first, first);
                let last = new.last.as_ref().expect("both drawings were legal");
                assert_eq!(last.history(), new.actions.as_slice(), "{context}");
                // The outcome agrees with the record.
                let outcome = new.outcome();
                assert_eq!(
                    outcome.winner(),
                    Some(Player::from(new.winner)),
                    "{context}"
                );
                match &new.end {
                    GameEnd::AllDestroyed => {
                        ends[0] += 1;
                        assert_eq!(outcome.scores[Player::from(new.winner)], 3);
                    }
                    GameEnd::Exhausted => ends[1] += 1,
                    GameEnd::Illegal { player, .. } => {
                        ends[2] += 1;
                        assert_eq!(outcome.verdict, Verdict::Forfeit(Player::from(*player)));
                    }
                    other => panic!("{context}: {other:?}"),
                }
            }
        }
    }
    // The comparison saw every kind of end.
    assert!(ends.iter().all(|&n| n > 0), "{ends:?}");
}

#[test]
fn contestants_tell_each_bot_what_the_old_loop_told_it_in_the_same_order() {
    let geometry = Geometry::standard();
    for (t, &subtask) in SUBTASKS.iter().enumerate().skip(1) {
        for first in Side::ALL {
            let seed = 7 + t as u64;
            let logged = |s| Logged::new(RandomBot::new(s), Some(11));
            let (mut a, mut b) = (logged(seed), logged(seed + 1));
            let last = [LastResult::FirstGame; 2];
            old_play_game(&geometry, subtask, first, last, [&mut a, &mut b]);
            let (mut c, mut d) = (logged(seed), logged(seed + 1));
            let settings = GameSettings::new(subtask).with_first(first);
            play_game(&geometry, &settings, [&mut c, &mut d]);
            for (old, new) in [(&a.log, &c.log), (&b.log, &d.log)] {
                // The same calls, except that nothing is told after the game's last action.
                assert_eq!(new[..], old[..new.len()]);
                assert!(
                    old[new.len()..]
                        .iter()
                        .all(|c| matches!(c, Call::Answer(..) | Call::Seen(_))),
                    "{:?}",
                    &old[new.len()..]
                );
                assert!(old.len() - new.len() <= 2);
            }
        }
    }
}

/// The old test point: A moves first in the even games; each bot hears its previous result.
/// Returns (wins, wins moving first, all destroyed, exhausted, A's faults, B's faults).
fn old_test_point(
    geometry: &Geometry,
    subtask: Subtask,
    games: usize,
    a: &mut dyn PlanesBot,
    b: &mut dyn PlanesBot,
) -> [usize; 6] {
    let mut last = [LastResult::FirstGame; 2];
    let mut counts = [0usize; 6];
    for g in 0..games {
        let first = if g % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let record = old_play_game(geometry, subtask, first, last, [&mut *a, &mut *b]);
        match record.end {
            GameEnd::AllDestroyed => counts[2] += 1,
            GameEnd::Exhausted => counts[3] += 1,
            GameEnd::Illegal { player, .. } => {
                counts[if player == Side::First { 4 } else { 5 }] += 1
            }
            other => panic!("{other:?}"),
        }
        if record.winner == Side::First {
            counts[0] += 1;
            counts[1] += usize::from(first == Side::First);
            last = [LastResult::Won, LastResult::Lost];
        } else {
            last = [LastResult::Lost, LastResult::Won];
        }
    }
    counts
}

#[test]
fn test_points_count_as_the_old_referee_did() {
    let geometry = Geometry::standard();
    let cache = PriorCache::new();
    for (kind, subtask) in [(0, SUBTASKS[1]), (2, SUBTASKS[4]), (1, SUBTASKS[3])] {
        let games = 6;
        let [mut a, mut b] = pair(kind, 40, &cache);
        let old = old_test_point(&geometry, subtask, games, a.as_mut(), b.as_mut());
        let [mut a, mut b] = pair(kind, 40, &cache);
        let options = TestPointOptions::default()
            .with_subtask(subtask)
            .with_games(games);
        let point = play_test_point(&geometry, &options, a.as_mut(), b.as_mut());
        let t = &point.tally;
        assert_eq!(
            [
                t.wins as usize,
                point.wins_moving_first,
                point.all_destroyed,
                point.exhausted,
                t.forfeits_lost as usize,
                t.forfeits_won as usize,
            ],
            old,
            "kind {kind}"
        );
        assert_eq!(
            (point.games(), t.draws, t.losses as usize),
            (6, 0, 6 - old[0])
        );
    }
}

#[test]
fn a_position_is_played_by_the_rules_of_the_sheets() {
    // Random legal actions from the position's own list, checked against two sheets kept by
    // hand: the answers, the destroyed planes, the turn, the end and the scores.
    let geometry = Geometry::standard();
    let masks = SUBTASKS[4].masks;
    let mut rng = grid_games::game::Rng::seed_from(3);
    for game in 0..4 {
        let mut drawer = RandomBot::new(game);
        let setup = Setup {
            last: LastResult::FirstGame,
            subtask: 5,
            masks,
            first: true,
            geometry: &geometry,
        };
        let sheets = [(); 2].map(|_| Sheet::draw(&geometry, masks, drawer.setup(&setup)).unwrap());
        let first = if game % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut pos = Position::new(&geometry, sheets.clone(), first).unwrap();
        let mut mine = sheets;
        let mut turn = first;
        let mut ops = [0usize; 2];
        let mut actions = Vec::new();
        while let Some(player) = pos.to_move() {
            assert_eq!(player, Player::from(turn));
            pos.legal_actions(&mut actions);
            let hits = actions
                .iter()
                .filter(|a| matches!(a, Action::Hit(_)))
                .count();
            assert_eq!(hits, 144);
            let moves = mine[turn.index()].legal_moves(&geometry);
            assert_eq!(actions.len(), 144 + moves.len());
            // Mostly moves, so that games run long enough to be exhausted now and then.
            let action = if !moves.is_empty() && rng.below(3) > 0 {
                let (plane, step) = moves[rng.index(moves.len())];
                Action::Move { plane, step }
            } else {
                actions[rng.index(144)]
            };
            pos.play(action).unwrap();
            let answer = match action {
                Action::Hit(c) => Some(mine[turn.other().index()].hit(&geometry, c).unwrap()),
                Action::Move { plane, step } => {
                    mine[turn.index()]
                        .move_plane(&geometry, plane, step)
                        .unwrap();
                    None
                }
            };
            assert_eq!(pos.history().last(), Some(&(turn, action, answer)));
            ops[turn.index()] += 1;
            turn = turn.other();
        }
        let destroyed = |s: &Sheet| s.destroyed().iter().filter(|&&d| d).count() as i64;
        assert_eq!(
            pos.scores().values(),
            [destroyed(&mine[1]), destroyed(&mine[0])]
        );
        let winner = match Side::ALL
            .into_iter()
            .find(|s| mine[s.other().index()].all_destroyed())
        {
            Some(w) => w,
            None => {
                assert_eq!(ops, [MAX_OPERATIONS; 2]);
                first.other()
            }
        };
        assert_eq!(pos.winner(), Some(winner));
        assert_eq!(
            pos.outcome().map(|o| o.verdict),
            Some(Verdict::Winner(winner.into()))
        );
        assert_eq!(
            pos.play(Action::Hit(Cell::new(0, 0))),
            Err(PlanesError::GameOver)
        );
        pos.legal_actions(&mut actions);
        assert!(actions.is_empty());
    }
}

#[test]
fn a_contestant_plays_through_play_match_without_the_referee() {
    // A whole game through the generic match runner, as `play_game` plays it.
    let geometry = Geometry::standard();
    let masks = SUBTASKS[2].masks;
    let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
    let setup = |first| Setup {
        last: LastResult::FirstGame,
        subtask: 3,
        masks,
        first,
        geometry: &geometry,
    };
    let sheets = [
        Sheet::draw(&geometry, masks, a.setup(&setup(true))).unwrap(),
        Sheet::draw(&geometry, masks, b.setup(&setup(false))).unwrap(),
    ];
    let start = Position::new(&geometry, sheets, Side::First).unwrap();
    let (mut ca, mut cb) = (Contestant::new(a), Contestant::new(b));
    let record = play_match(start, &mut [&mut ca, &mut cb], Default::default()).unwrap();
    assert!(record.forfeit.is_none());
    assert_eq!(record.actions.len(), record.last.history().len());
    assert_eq!(
        record.outcome.winner(),
        record.last.winner().map(Player::from)
    );
    assert!(record.to_string().contains(" actions; thinking time "));
}
