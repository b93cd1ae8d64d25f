//! Regression tests for hostile input: every public entry point answers bad or extreme input
//! with a value or a typed error, quickly, without panicking.

use std::sync::Arc;
use std::time::{Duration, Instant};

use grid_games::game::{Rng, Side};
use grid_games::planes::bots::{HunterBot, HunterConfig, RandomBot};
use grid_games::planes::reference::{ListHunterBot, ListLayouts};
use grid_games::planes::{
    Catalogue, GameEnd, GameSettings, Geometry, LastResult, LayoutUniverse, Layouts,
    PlacementTable, PlaneSpec, PlanesBot, PlanesError, SUBTASKS, Setup, Sheet, Step, Subtask,
    play_game,
};
use grid_games::polyomino::Cell;

/// A generous bound for calls that must return "at once".
const QUICK: Duration = Duration::from_secs(5);

#[test]
fn stepping_a_plane_at_the_edge_of_the_coordinate_range_does_not_overflow() {
    // `stepped` used `Cell + Cell`, which overflowed (a panic with debug assertions).
    for (row, col) in [
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MAX),
        (i32::MIN, i32::MAX),
    ] {
        let spec = PlaneSpec {
            kind: 0,
            direction: 0,
            head: Cell::new(row, col),
        };
        for step in Step::ALL {
            let d = step.delta();
            let wrapped = spec.stepped(step);
            assert_eq!(
                wrapped.head,
                Cell::new(row.wrapping_add(d.row), col.wrapping_add(d.col))
            );
            // The checked form agrees with 64-bit arithmetic.
            let exact = (
                i64::from(row) + i64::from(d.row),
                i64::from(col) + i64::from(d.col),
            );
            let fits = i32::try_from(exact.0).is_ok() && i32::try_from(exact.1).is_ok();
            assert_eq!(
                spec.checked_stepped(step).is_some(),
                fits,
                "{step:?} from {spec:?}"
            );
            if fits {
                assert_eq!(spec.checked_stepped(step), Some(wrapped));
            }
            // Off every sheet either way: a typed error, not a panic.
            assert!(matches!(
                Geometry::standard().mask(wrapped),
                Err(PlanesError::OutsideSheet(_))
            ));
        }
    }
    // Moves on a sheet still work and stay on it.
    let geometry = Geometry::standard();
    let plane = |row, col| PlaneSpec {
        kind: 0,
        direction: 0,
        head: Cell::new(row, col),
    };
    let mut sheet = Sheet::draw(
        &geometry,
        SUBTASKS[0].masks,
        [plane(0, 2), plane(0, 7), plane(5, 2)],
    )
    .unwrap();
    assert!(matches!(
        sheet.move_plane(&geometry, 0, Step::Up),
        Err(PlanesError::OutsideSheet(_))
    ));
    sheet.move_plane(&geometry, 2, Step::Down).unwrap();
    assert_eq!(sheet.specs()[2].head, Cell::new(6, 2));
}

fn setup(geometry: &Geometry, masks: [u8; 3]) -> Setup<'_> {
    Setup {
        last: LastResult::FirstGame,
        subtask: 1,
        masks,
        first: true,
        geometry,
    }
}

#[test]
fn masks_that_allow_no_kind_for_a_plane_give_an_empty_set_at_once() {
    // The enumeration walked every pair of the first two planes looking for a third that no
    // placement could be: O(n³) in the placements (about 6 s on 12 × 12 at opt-level 2, far
    // longer on this 16 × 16 sheet with every plane type).
    let geometry = Geometry::new(16, Catalogue::standard()).unwrap();
    let all = 0b111111;
    for masks in [[all, all, 0], [all, 0, all], [0, all, all]] {
        let start = Instant::now();
        let table = Arc::new(PlacementTable::new(&geometry, all));
        let mut rng = Rng::seed_from(1);
        let universe = LayoutUniverse::new(Arc::clone(&table), masks, 1_000_000, &mut rng);
        assert!(universe.is_empty() && universe.is_exact(), "{masks:?}");
        assert!(Layouts::new(Arc::clone(&table), masks, 1_000, &mut rng).is_empty());
        assert!(ListLayouts::new(Arc::clone(&table), masks, 1_000, &mut rng).is_empty());
        // Both hunters hand in a drawing at once, and the referee rules it illegal.
        let mut hunter = HunterBot::new(1);
        hunter.setup(&setup(&geometry, masks));
        let mut old = ListHunterBot::new(1);
        old.setup(&setup(&geometry, masks));
        let mut random = RandomBot::new(2);
        let subtask = Subtask {
            id: 1,
            games: 1,
            masks,
            weight: 1.0,
        };
        let record = play_game(
            &geometry,
            &GameSettings::new(subtask),
            [&mut hunter, &mut random],
        );
        assert!(
            matches!(
                record.end,
                GameEnd::Illegal {
                    player: Side::First,
                    ..
                }
            ),
            "{:?}",
            record.end
        );
        assert!(start.elapsed() < QUICK, "{masks:?}: {:?}", start.elapsed());
    }
}

#[test]
fn the_largest_sheet_stays_within_memory_and_time() {
    // A 64 × 64 sheet with every plane type has 88 808 placements: the universe's look-up
    // index had n² + 1 entries (31 GB), the placement table a byte per placement and cell
    // (364 MB), and triple counting an n × n/64 bit matrix (1 GB) and n³/128 work.
    let start = Instant::now();
    let geometry = Geometry::new(Geometry::MAX_SIZE, Catalogue::standard()).unwrap();
    let table = Arc::new(PlacementTable::new(&geometry, 0b111111));
    assert!(table.len() > 80_000);
    assert_eq!(
        table.count_layouts(),
        Err(PlanesError::BudgetExceeded {
            placements: table.len(),
            limit: PlacementTable::MAX_COUNTED
        })
    );
    let mut rng = Rng::seed_from(3);
    let universe = LayoutUniverse::new(Arc::clone(&table), [0b111111; 3], 10_000, &mut rng);
    assert!(!universe.is_exact() && universe.len() <= 10_000 && !universe.is_empty());
    // Asking for everything is clamped to what fits in memory.
    let cap = LayoutUniverse::new(Arc::clone(&table), [0b1; 3], usize::MAX, &mut rng).cap();
    assert_eq!(cap, LayoutUniverse::max_layouts(Geometry::MAX_SIZE));
    assert!(cap.saturating_mul(64 * 64 / 4) <= LayoutUniverse::MAX_BYTES);
    // A hunter plays on it.
    let mut hunter = HunterBot::with_config(1, HunterConfig::default().with_cap(20_000));
    let mut random = RandomBot::new(2);
    let record = play_game(
        &geometry,
        &GameSettings::new(SUBTASKS[3]),
        [&mut hunter, &mut random],
    );
    assert!(
        matches!(record.end, GameEnd::AllDestroyed | GameEnd::Exhausted),
        "{:?}",
        record.end
    );
    assert!(start.elapsed() < 4 * QUICK, "{:?}", start.elapsed());
}

#[test]
fn placement_indices_past_the_table_are_none() {
    let table = PlacementTable::new(&Geometry::standard(), 0b1);
    let n = table.len();
    for p in [n, n + 1, usize::MAX] {
        // `moved` and `overlap` indexed out of bounds.
        assert_eq!(table.moved(p, Step::Up), None);
        assert_eq!(table.overlap(p, 0), None);
        assert_eq!(table.overlap(0, p), None);
        assert_eq!((table.spec(p), table.mask(p)), (None, None));
        assert_eq!(table.role(p, Cell::ORIGIN), None);
    }
    assert_eq!(table.overlap(0, 0), Some(true));
}

#[test]
fn huge_hunter_settings_are_clamped() {
    // `drawing_candidates: usize::MAX` looped (practically) forever; a cap of usize::MAX asked
    // for a sample vector of usize::MAX layouts (capacity overflow).
    let geometry = Geometry::standard();
    let config = HunterConfig::default()
        .with_cap(usize::MAX)
        .with_drawing_candidates(usize::MAX);
    let start = Instant::now();
    let mut hunter = HunterBot::with_config(5, config);
    let specs = hunter.setup(&setup(&geometry, SUBTASKS[1].masks));
    assert!(Sheet::draw(&geometry, SUBTASKS[1].masks, specs).is_ok());
    let mut old = ListHunterBot::with_config(5, config);
    let specs = old.setup(&setup(&geometry, SUBTASKS[4].masks));
    assert!(Sheet::draw(&geometry, SUBTASKS[4].masks, specs).is_ok());
    assert!(start.elapsed() < 4 * QUICK, "{:?}", start.elapsed());
}

#[test]
fn a_plane_type_larger_than_the_sheet_costs_nothing_to_place() {
    // Placements were found by building every plane's cells at every head: a 200 000-cell
    // plane type made each of the 4 × 4096 heads of a 64 × 64 sheet cost 200 000 steps.
    let long = format!("H{}", "B".repeat(200_000));
    let start = Instant::now();
    let catalogue = Catalogue::new(vec![
        grid_games::planes::PlaneType::parse("long", &long).unwrap(),
        Catalogue::standard().types()[5].clone(),
    ])
    .unwrap();
    let geometry = Geometry::new(Geometry::MAX_SIZE, catalogue).unwrap();
    assert!(geometry.placements(0b1).is_empty());
    // The other kind is placed as on any sheet: (64 − 2)² heads in each of 4 directions.
    assert_eq!(geometry.placements(0b10).len(), 4 * 62 * 62);
    let table = PlacementTable::new(&geometry, 0b11);
    assert_eq!(table.len(), 4 * 62 * 62);
    let mut hunter = HunterBot::new(1);
    let specs = hunter.setup(&setup(&geometry, [0b1, 0b10, 0b10]));
    assert!(Sheet::draw(&geometry, [0b1, 0b10, 0b10], specs).is_err());
    assert!(start.elapsed() < QUICK, "{:?}", start.elapsed());
}

/// A panic payload whose own destructor panics: dropping it carelessly aborts the process.
struct BadDrop;

impl Drop for BadDrop {
    fn drop(&mut self) {
        panic!("the payload's drop panics too");
    }
}

/// Which call a [`Faulty`] planes bot spoils.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Call {
    Setup,
    Act,
    Answer,
    Seen,
}

/// How it spoils it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    /// `panic_any(BadDrop)`.
    Panic,
    /// Sleeps this long, then behaves.
    Sleep(Duration),
}

/// A random plane-bombing bot that misbehaves in one call.
struct Faulty {
    inner: RandomBot,
    call: Call,
    fault: Fault,
}

impl Faulty {
    fn new(call: Call, fault: Fault) -> Faulty {
        Faulty {
            inner: RandomBot::new(11),
            call,
            fault,
        }
    }

    fn maybe(&self, call: Call) {
        if call == self.call {
            match self.fault {
                Fault::Panic => std::panic::panic_any(BadDrop),
                Fault::Sleep(d) => std::thread::sleep(d),
            }
        }
    }
}

impl PlanesBot for Faulty {
    fn name(&self) -> String {
        "faulty".into()
    }
    fn setup(&mut self, setup: &Setup<'_>) -> [PlaneSpec; 3] {
        self.maybe(Call::Setup);
        self.inner.setup(setup)
    }
    fn act(&mut self) -> grid_games::planes::Action {
        self.maybe(Call::Act);
        // Always hit, so that the opponent sees a hit and this bot hears an answer.
        match self.inner.act() {
            grid_games::planes::Action::Move { .. } => {
                grid_games::planes::Action::Hit(Cell::new(0, 0))
            }
            hit => hit,
        }
    }
    fn answer(&mut self, cell: Cell, answer: grid_games::planes::HitAnswer) {
        self.maybe(Call::Answer);
        self.inner.answer(cell, answer);
    }
    fn seen(&mut self, action: grid_games::planes::Seen) {
        self.maybe(Call::Seen);
        self.inner.seen(action);
    }
}

#[test]
fn the_plane_referee_survives_panics_of_any_kind_and_rules_on_time() {
    let geometry = Geometry::standard();
    for call in [Call::Setup, Call::Act, Call::Answer, Call::Seen] {
        for faulty_side in Side::ALL {
            // A panic whose payload panics again on drop loses the game for that bot only.
            let mut faulty = Faulty::new(call, Fault::Panic);
            let mut random = RandomBot::new(3);
            let bots: [&mut dyn PlanesBot; 2] = match faulty_side {
                Side::First => [&mut faulty, &mut random],
                Side::Second => [&mut random, &mut faulty],
            };
            let record = play_game(&geometry, &GameSettings::new(SUBTASKS[0]), bots);
            assert_eq!(
                record.end,
                GameEnd::Crashed {
                    player: faulty_side
                },
                "{call:?}"
            );
            assert_eq!(record.winner, faulty_side.other());

            // A call slower than the limit loses on time, as the referee measures it.
            let slow = Duration::from_millis(60);
            let mut faulty = Faulty::new(call, Fault::Sleep(slow));
            let mut random = RandomBot::new(3);
            let bots: [&mut dyn PlanesBot; 2] = match faulty_side {
                Side::First => [&mut faulty, &mut random],
                Side::Second => [&mut random, &mut faulty],
            };
            let settings = GameSettings::new(SUBTASKS[0]).with_call_time(Duration::from_millis(20));
            let record = play_game(&geometry, &settings, bots);
            match record.end {
                GameEnd::Timeout { player, spent } => {
                    assert_eq!(player, faulty_side, "{call:?}");
                    assert!(spent >= slow, "{spent:?}");
                }
                other => panic!("{call:?}: {other:?}"),
            }
            assert_eq!(record.winner, faulty_side.other());
        }
    }
    // Without a limit, slowness is no fault.
    let mut faulty = Faulty::new(Call::Setup, Fault::Sleep(Duration::from_millis(30)));
    let mut random = RandomBot::new(3);
    let record = play_game(
        &geometry,
        &GameSettings::new(SUBTASKS[0]),
        [&mut faulty, &mut random],
    );
    assert!(!matches!(
        record.end,
        GameEnd::Timeout { .. } | GameEnd::Crashed { .. }
    ));
}

/// A paper.io bot that goes straight on, sleeping `delay` before each answer, and panics with
/// a [`BadDrop`] payload at call `panic_at` (if any).
struct Sleepy {
    delay: Duration,
    calls: usize,
    panic_at: Option<usize>,
}

impl grid_games::game::Bot<grid_games::paperio::Position> for Sleepy {
    fn name(&self) -> String {
        "sleepy".into()
    }
    fn choose(
        &mut self,
        _: &grid_games::paperio::Position,
        _: grid_games::game::Budget,
    ) -> Option<grid_games::paperio::Turn> {
        self.calls += 1;
        if self.panic_at == Some(self.calls) {
            std::panic::panic_any(BadDrop);
        }
        std::thread::sleep(self.delay);
        Some(grid_games::paperio::Turn::Straight)
    }
}

#[test]
fn the_match_runner_rules_on_time_it_measures_itself() {
    use grid_games::game::{Forfeit, MatchRules, Player, play_match};
    use grid_games::paperio::{Config, Position, bots::SafeBot};
    let game = || Position::random(Config::default(), &mut Rng::seed_from(4)).unwrap();
    let sleepy = |delay_ms, panic_at| Sleepy {
        delay: Duration::from_millis(delay_ms),
        calls: 0,
        panic_at,
    };
    // Per action: 40 ms against a limit of 10 ms.
    let (mut slow, mut safe) = (sleepy(40, None), SafeBot::new(1));
    let rules = MatchRules::default().with_time_limit(Duration::from_millis(10));
    let record = play_match(game(), &mut [&mut safe, &mut slow], rules).unwrap();
    match record.forfeit {
        Some((Player::SECOND, Forfeit::Timeout(spent))) => {
            assert!(spent >= Duration::from_millis(40))
        }
        other => panic!("{other:?}"),
    }
    // Per game: 3 calls of 25 ms fit in 100 ms, the 4th does not.
    let (mut slow, mut safe) = (sleepy(25, None), SafeBot::new(1));
    let rules = MatchRules::default().with_game_time(Duration::from_millis(100));
    let record = play_match(game(), &mut [&mut slow, &mut safe], rules).unwrap();
    assert!(
        matches!(record.forfeit, Some((Player::FIRST, Forfeit::Timeout(_)))),
        "{:?}",
        record.forfeit
    );
    // Each call takes at least 25 ms, so at most three of them fit (fewer on a loaded machine).
    let slow_moves = record
        .actions
        .iter()
        .filter(|(p, _)| *p == Player::FIRST)
        .count();
    assert!(slow_moves <= 3, "{slow_moves}");
    // A panic whose payload panics on drop, on the bot's third call.
    let (mut crasher, mut safe) = (sleepy(0, Some(3)), SafeBot::new(1));
    let record = play_match(
        game(),
        &mut [&mut crasher, &mut safe],
        MatchRules::default(),
    )
    .unwrap();
    assert_eq!(
        record.forfeit,
        Some((Player::FIRST, Forfeit::Crashed(None)))
    );
    assert_eq!(record.outcome.winner(), Some(Player::SECOND));
}

/// A Blokus bot whose name and moves both panic with a [`BadDrop`] payload.
struct Rotten;

impl grid_games::game::Bot<grid_games::blokus::Position> for Rotten {
    fn name(&self) -> String {
        std::panic::panic_any(BadDrop)
    }
    fn choose(
        &mut self,
        _: &grid_games::blokus::Position,
        _: grid_games::game::Budget,
    ) -> Option<grid_games::blokus::Move> {
        std::panic::panic_any(BadDrop)
    }
}

#[test]
fn the_gtp_engine_answers_errors_for_a_panicking_bot() {
    use grid_games::blokus::gtp::GtpEngine;
    // `name` called the bot unguarded: its panic went through `respond` to the caller.
    let mut engine = GtpEngine::new(Box::new(Rotten), grid_games::game::Budget::default());
    let name = engine.respond("1 name").unwrap().text;
    assert!(name.starts_with("?1 the bot crashed"), "{name}");
    let genmove = engine.respond("genmove b").unwrap().text;
    assert!(genmove.starts_with("? the bot crashed"), "{genmove}");
    assert!(format!("{engine:?}").contains("panicked"));
    // The session goes on.
    assert_eq!(engine.respond("play b e10").unwrap().text, "= \n\n");
    assert_eq!(engine.position().history().len(), 1);
}

#[test]
fn the_blokus_referee_survives_a_panicking_bot_in_any_seat() {
    use grid_games::blokus::{Position, Variant, bots::RandomBot};
    use grid_games::game::{Bot, Forfeit, MatchRules, Player, Verdict, play_match};
    // A panic whose payload panics again on drop, on the bot's first move: the match is lost
    // by that seat (Forfeit::Crashed), not aborted.
    for (variant, seat) in [
        (Variant::Duo, Player::FIRST),
        (Variant::Duo, Player::SECOND),
        (Variant::Classic, Player::FOURTH),
    ] {
        let mut rotten = Rotten;
        let mut randoms: Vec<RandomBot> = (0..4).map(RandomBot::new).collect();
        let game = Position::new(variant);
        let players = grid_games::game::Game::players(&game);
        let mut bots: Vec<&mut dyn Bot<Position>> = randoms
            .iter_mut()
            .take(players)
            .map(|r| r as &mut dyn Bot<Position>)
            .collect();
        bots[seat.index()] = &mut rotten;
        let record = play_match(game, &mut bots, MatchRules::default()).unwrap();
        assert_eq!(
            record.forfeit,
            Some((seat, Forfeit::Crashed(None))),
            "{variant:?}"
        );
        assert_eq!(record.outcome.verdict, Verdict::Forfeit(seat));
        // Everyone before the crashing seat moved once.
        assert_eq!(record.actions.len(), seat.index());
    }
}

#[test]
fn tournament_settings_that_cannot_widen_the_window_are_refused_by_every_entry_point() {
    use grid_games::game::{BadSetting, Tournament, TournamentError};
    // 100 + 1e-15 == 100: the step passes the sign checks, but the window never grows, and
    // `run` and `match_round` looped forever looking for an opponent beyond the first window.
    let mut stuck = Tournament::default();
    stuck.window_step = 1e-15;
    let refused = TournamentError::BadSettings(BadSetting::StepTooSmall {
        start: 100.0,
        step: 1e-15,
    });
    let start = Instant::now();
    assert_eq!(stuck.validate(), Err(refused.clone()));
    assert_eq!(stuck.run(2, 1, |_, _, _| 0.5).err(), Some(refused.clone()));
    // Two entrants 150 apart: the first window (100) does not reach, so it must widen.
    assert_eq!(
        stuck
            .match_round(&[1500.0, 1650.0], &mut Rng::seed_from(1))
            .err(),
        Some(refused)
    );
    // A step below the largest window's last place is refused too (the window would stop
    // growing before reaching it).
    let mut late = Tournament::default();
    late.window_step = 1e-14;
    assert!(matches!(
        late.match_round(&[1500.0, 1650.0], &mut Rng::seed_from(1)),
        Err(TournamentError::BadSettings(
            BadSetting::StepTooSmall { .. }
        ))
    ));
    assert!(start.elapsed() < QUICK);
}

#[test]
fn match_results_outside_zero_to_one_are_refused() {
    use grid_games::game::{Tournament, TournamentError};
    let t = Tournament::default().with_rounds(3);
    for bad in [
        f64::NAN,
        -0.5,
        1.5,
        f64::INFINITY,
        f64::NEG_INFINITY,
        -1e-300,
    ] {
        match t.run(2, 1, |_, _, _| bad) {
            Err(TournamentError::BadResult {
                round: 1,
                a,
                b,
                value,
            }) => {
                assert!(a != b && a < 2 && b < 2);
                assert!(value.to_bits() == bad.to_bits(), "{value} for {bad}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    // The ends of the range are results like any other.
    for good in [0.0, 1.0] {
        let standings = t.run(2, 1, |_, _, _| good).unwrap();
        assert_eq!(standings.pairings.len(), 3);
        assert!(standings.pairings.iter().all(|p| p.3 == good));
    }
}

#[test]
fn tournaments_give_the_same_standings_for_any_thread_count() {
    use grid_games::game::Tournament;
    // A pairing's result depends on the entrants and on its own random stream only.
    let play = |a: usize, b: usize, rng: &mut Rng| {
        let p = 0.5 + 0.04 * (a as f64 - b as f64);
        (0..8).filter(|_| rng.unit() < p).count() as f64 / 8.0
    };
    for seed in 0..6 {
        let t = Tournament::default().with_rounds(6);
        let sequential = t.run(9, seed, play).unwrap();
        // Thread counts past the pairings of a round, and far past any machine's cores, are
        // clamped (each round used to spawn one thread per pairing, 2048 at most).
        for threads in [2, 3, 4, 64, usize::MAX] {
            assert_eq!(
                t.with_threads(threads).run(9, seed, play).unwrap(),
                sequential,
                "seed {seed}, {threads} threads"
            );
        }
    }
}

#[test]
fn matchmaking_with_many_small_widenings_stays_quick() {
    use grid_games::game::Tournament;
    // A million widenings of the window, each filtering the whole field, for every entrant
    // left without an opponent: 10 s per round for 4095 entrants (the odd one out), 17 s for
    // 64 entrants whose ratings are far apart.
    let mut t = Tournament::default().with_rounds(3);
    t.window_start = 0.0;
    t.window_step = 1.0;
    t.window_max = 1e6;
    assert!(t.validate().is_ok());
    let start = Instant::now();
    let standings = t.run(4095, 1, |_, _, _| 0.5).unwrap();
    assert_eq!(standings.pairings.len(), 3 * 2047);
    let spread: Vec<f64> = (0..64).map(|i| f64::from(i) * 1e7).collect();
    assert!(
        t.match_round(&spread, &mut Rng::seed_from(1))
            .unwrap()
            .is_empty()
    );
    let near: Vec<f64> = (0..64).map(|i| f64::from(i) * 1e4).collect();
    assert_eq!(
        t.match_round(&near, &mut Rng::seed_from(1)).unwrap().len(),
        32
    );
    assert!(start.elapsed() < QUICK, "{:?}", start.elapsed());
}

#[test]
fn tallies_near_the_top_of_their_range_saturate() {
    use grid_games::game::{Outcome, Player, Tally};
    // `games()` added three public u64 fields, and `add` / `merge` incremented them: both
    // overflowed (a panic with debug assertions).
    let mut tally = Tally::default();
    tally.wins = u64::MAX;
    tally.losses = u64::MAX;
    tally.margin_sum = i128::MAX;
    assert_eq!(tally.games(), u64::MAX);
    tally.add(&Outcome::from_scores([3, 1]), Player::FIRST);
    tally.add(&Outcome::from_scores([1, 3]), Player::FIRST);
    let copy = tally.clone();
    tally.merge(&copy);
    assert_eq!((tally.wins, tally.losses), (u64::MAX, u64::MAX));
    assert_eq!(tally.margin_sum, i128::MAX);
    assert!((0.0..=1.0).contains(&tally.score()));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
    /// The same seed gives the same standings on any number of threads, for any field and
    /// number of rounds (each pairing draws from its own stream).
    #[test]
    fn the_same_seed_gives_the_same_tournament_on_any_thread_count(
        seed in proptest::prelude::any::<u64>(),
        entrants in 0usize..40,
        rounds in 1usize..6,
        threads in proptest::prop_oneof![
            2usize..=8,
            proptest::strategy::Just(256usize),
            proptest::strategy::Just(usize::MAX)
        ],
    ) {
        use grid_games::game::Tournament;
        let play = |a: usize, b: usize, rng: &mut Rng| {
            let p = 0.5 + 0.01 * (a as f64 - b as f64);
            (0..8).filter(|_| rng.unit() < p).count() as f64 / 8.0
        };
        let t = Tournament::default().with_rounds(rounds);
        let sequential = t.run(entrants, seed, play).unwrap();
        proptest::prop_assert_eq!(
            t.with_threads(threads).run(entrants, seed, play).unwrap(),
            sequential
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Blokus bot settings: every value is bounded where it is used
// ---------------------------------------------------------------------------------------------

mod blokus_settings {
    use std::time::{Duration, Instant};

    use grid_games::blokus::bots::{MctsBot, MctsConfig, SearchBot, SearchConfig};
    use grid_games::blokus::{Position, Variant};
    use grid_games::game::{Bot, Budget};

    /// A 200 ms deadline holds (within 1.5 × and a debug build's slack) whatever the playout
    /// sample: `usize::MAX` drew `usize::MAX − 1` moves per playout ply and never returned.
    #[test]
    fn a_huge_playout_sample_meets_the_deadline() {
        let pos = Position::new(Variant::Duo);
        for sample in [0, 1, MctsConfig::MAX_PLAYOUT_SAMPLE + 1, usize::MAX] {
            let mut config = MctsConfig::default();
            config.playout_sample = sample;
            let mut bot = MctsBot::with_config(1, config);
            let start = Instant::now();
            let m = bot.choose(&pos, Budget::time(Duration::from_millis(200)));
            let took = start.elapsed();
            assert!(pos.legal_moves().contains(&m.expect("a move")));
            assert!(
                took < Duration::from_millis(600),
                "sample {sample}: {took:?}"
            );
        }
    }

    /// The tree stops growing at `max_nodes` (the root is always expanded), and the search
    /// goes on to its iteration budget with a legal answer.
    #[test]
    fn search_trees_stop_growing_at_max_nodes() {
        let pos = Position::new(Variant::Duo);
        let root = pos.legal_moves().len();
        for max_nodes in [0, 1, 2_000] {
            let mut config = MctsConfig::default();
            config.max_nodes = max_nodes;
            let mut bot = MctsBot::with_config(3, config);
            let m = bot.choose(&pos, Budget::iterations(3_000)).expect("a move");
            assert!(pos.legal_moves().contains(&m));
            let stats = bot.last_search();
            assert_eq!(stats.simulations, 3_000);
            assert!(stats.nodes <= max_nodes.max(root + 1), "{}", stats.nodes);

            let mut config = SearchConfig::default();
            config.max_nodes = max_nodes;
            config.reuse_tree = false;
            let mut bot = SearchBot::with_config(3, config);
            let m = bot.choose(&pos, Budget::iterations(3_000)).expect("a move");
            assert!(pos.legal_moves().contains(&m));
            let stats = bot.last_search();
            assert_eq!(stats.simulations, 3_000);
            assert!(stats.nodes <= max_nodes.max(root + 1), "{}", stats.nodes);
        }
        // Without the cap the same searches grow far larger.
        let mut bot = SearchBot::new(3);
        bot.choose(&pos, Budget::iterations(3_000));
        assert!(bot.last_search().nodes > 20_000);
    }

    /// A serde document may set any value (and leave fields out): the bots bound them the
    /// same way.
    #[cfg(feature = "serde")]
    #[test]
    fn extreme_settings_from_serde_documents_are_bounded() {
        let mcts: MctsConfig =
            serde_json::from_str(r#"{"playout_sample": 18446744073709551615, "max_nodes": 0}"#)
                .expect("missing fields take their defaults");
        assert_eq!(
            mcts.default_iterations,
            MctsConfig::default().default_iterations
        );
        let search: SearchConfig =
            serde_json::from_str(r#"{"threads": 18446744073709551615, "max_nodes": 1}"#)
                .expect("missing fields take their defaults");
        let pos = Position::new(Variant::Duo);
        let start = Instant::now();
        let budget = Budget::time(Duration::from_millis(150));
        assert!(MctsBot::with_config(1, mcts).choose(&pos, budget).is_some());
        assert!(
            SearchBot::with_config(1, search)
                .choose(&pos, budget)
                .is_some()
        );
        assert!(
            start.elapsed() < Duration::from_millis(900),
            "{:?}",
            start.elapsed()
        );
    }
}

/// Random starts of a configuration nobody validated: refused with the typed error (they
/// were returned off the board), for every field out of range.
#[test]
fn random_starts_of_an_unvalidated_configuration_are_refused() {
    use grid_games::paperio::{Config, PaperioError};
    let mut rng = Rng::seed_from(1);
    let cases = [
        (0, 101),
        (3, 101),
        (13, 101),
        (102, 0),
        (102, 6),
        (u32::MAX, 101),
    ];
    for (width, height) in cases {
        let mut config = Config::default();
        config.width = width;
        config.height = height;
        match config.random_starts(&mut rng) {
            Err(PaperioError::TooSmallForRandomStarts { .. }) => {}
            Err(e) => assert!(config.validate().is_err(), "{width} x {height}: {e}"),
            Ok(starts) => panic!("{width} x {height}: {starts:?}"),
        }
    }
    // A valid configuration's heads are on the board, on different cells.
    let config = Config::default().with_size(14, 7);
    for seed in 0..200 {
        let [a, b] = config.random_starts(&mut Rng::seed_from(seed)).unwrap();
        for s in [a, b] {
            assert!((0..14).contains(&s.x) && (0..7).contains(&s.y), "{s:?}");
        }
        assert_ne!((a.x, a.y), (b.x, b.y));
    }
}

/// A raider whose largest loop is below the smallest one it plans (0, 1, 2) plays on: the
/// bound counts as 3 (it panicked in `clamp`, found by the fuzz target for bot settings).
#[test]
fn a_raider_with_a_tiny_loop_bound_plays_on() {
    use grid_games::game::{Bot, Budget};
    use grid_games::paperio::bots::{RaiderBot, RaiderConfig};
    use grid_games::paperio::{Config, Position};
    for max_loop in [0, 1, 2] {
        let mut config = RaiderConfig::default();
        config.max_loop = max_loop;
        config.margin = u32::MAX;
        let mut bot = RaiderBot::with_config(1, config);
        let mut game =
            Position::random(Config::default().with_size(40, 30), &mut Rng::seed_from(3))
                .expect("a valid board");
        for _ in 0..200 {
            if game.end().is_some() {
                break;
            }
            let turn = bot.choose(&game, Budget::default()).expect("a move");
            game.play(turn).expect("a legal turn");
        }
    }
}

/// The planner's whole-board fields cost time in proportion to the board: under a time
/// budget too short for them it answers as the safe bot does (it took 1.18 s on a 100 ms
/// budget on the largest board).
fn planner_meets_its_deadline(side: u32, limit: Duration, slack: Duration) {
    use grid_games::game::{Bot, Budget};
    use grid_games::paperio::bots::PlannerBot;
    use grid_games::paperio::{Config, Position};
    let config = Config::default().with_size(side, side);
    let mut game = Position::random(config, &mut Rng::seed_from(9)).expect("a valid board");
    let mut bot = PlannerBot::new(1);
    for _ in 0..4 {
        let start = Instant::now();
        let turn = bot.choose(&game, Budget::time(limit)).expect("a move");
        let took = start.elapsed();
        assert!(
            took <= limit * 3 / 2 + slack,
            "{side}²: {took:?} on {limit:?}"
        );
        game.play(turn).expect("a legal turn");
    }
}

#[test]
fn the_paperio_planner_meets_a_short_deadline_on_a_large_board() {
    planner_meets_its_deadline(1024, Duration::from_millis(10), Duration::from_millis(100));
}

#[test]
#[ignore = "builds the largest board; CI runs it optimised"]
fn the_paperio_planner_meets_a_short_deadline_on_the_largest_board() {
    planner_meets_its_deadline(4096, Duration::from_millis(100), Duration::ZERO);
    // Without a time limit the same move plans over the whole board, which takes longer than
    // the deadline above: the guard, not a cheap board, kept it.
    use grid_games::game::{Bot, Budget};
    use grid_games::paperio::{Config, Position, bots::PlannerBot};
    let config = Config::default().with_size(4096, 4096);
    let game = Position::random(config, &mut Rng::seed_from(9)).expect("a valid board");
    let start = Instant::now();
    PlannerBot::new(1).choose(&game, Budget::default());
    assert!(
        start.elapsed() > Duration::from_millis(150),
        "{:?}",
        start.elapsed()
    );
}
