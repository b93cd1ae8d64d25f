//! Property tests of the plane-bombing game: random play never breaks a rule, answers match the
//! hidden sheet, the exact layout set always holds the true layout, and the rating formulas.

use std::sync::Arc;

use grid_games::game::{Rng, Side, elo};
use grid_games::planes::GameSettings;
use grid_games::planes::bots::RandomBot;
use grid_games::planes::reference::ListLayouts;
use grid_games::planes::{
    Action, Catalogue, GameEnd, Geometry, HitAnswer, LastResult, Layouts, PlacementTable,
    PlaneSpec, PlanesBot, PlanesError, SUBTASKS, Sheet, Step, Subtask, play_game,
};
use polyomino::Cell;
use proptest::prelude::*;

/// A subtask with these masks (id 1, as the tests' bots ignore the id).
fn subtask(masks: [u8; 3]) -> Subtask {
    Subtask {
        id: 1,
        games: 2,
        masks,
        weight: 1.0,
    }
}

/// Replays a game record on fresh sheets: every hit answer must match the sheet, every move must
/// be legal, and the recorded end must follow.
fn replay_is_consistent(
    geometry: &Geometry,
    masks: [u8; 3],
    seed_a: u64,
    seed_b: u64,
    first: Side,
) -> Result<(), TestCaseError> {
    let mut a = RandomBot::new(seed_a);
    let mut b = RandomBot::new(seed_b);
    let settings = GameSettings::new(subtask(masks)).with_first(first);
    let record = play_game(geometry, &settings, [&mut a, &mut b]);
    let mut sheets: Vec<Sheet> = record
        .drawn
        .iter()
        .map(|s| s.clone().expect("random drawings are legal"))
        .collect();
    for (i, &(p, action, answer)) in record.actions.iter().enumerate() {
        let expected_player = if i % 2 == 0 { first } else { first.other() };
        prop_assert_eq!(p, expected_player, "players alternate");
        let (me, other) = (p.index(), p.other().index());
        match action {
            Action::Hit(c) => {
                let before = sheets[other].peek(c);
                prop_assert_eq!(Some(before), answer);
                sheets[other].hit(geometry, c).unwrap();
            }
            Action::Move { plane, step } => {
                prop_assert!(sheets[me].can_move(geometry, plane, step));
                sheets[me].move_plane(geometry, plane, step).unwrap();
            }
        }
        // No two planes of a sheet ever overlap and all stay inside.
        for s in &sheets {
            let specs = *s.specs();
            let masks: Vec<_> = specs.iter().map(|&sp| geometry.mask(sp).unwrap()).collect();
            for x in 0..3 {
                for y in x + 1..3 {
                    prop_assert!(masks[x].is_disjoint(&masks[y]));
                }
            }
        }
    }
    match record.end {
        GameEnd::AllDestroyed => {
            prop_assert!(sheets[record.winner.other().index()].all_destroyed())
        }
        GameEnd::Exhausted => {
            prop_assert_eq!(record.actions.len(), 1000);
            prop_assert_eq!(record.winner, first.other());
        }
        other => prop_assert!(
            false,
            "random bots play legally and do not crash: {:?}",
            other
        ),
    }
    Ok(())
}

/// A random bot's drawing for `masks`, as a sheet.
fn random_sheet(geometry: &Geometry, masks: [u8; 3], subtask: u8, seed: u64) -> Sheet {
    let mut bot = RandomBot::new(seed);
    let setup = grid_games::planes::Setup {
        last: LastResult::FirstGame,
        subtask,
        masks,
        first: true,
        geometry,
    };
    Sheet::draw(geometry, masks, bot.setup(&setup)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_play_keeps_every_rule(seed_a in any::<u64>(), seed_b in any::<u64>(), first in prop::sample::select(Side::ALL.to_vec()), task in 0usize..5) {
        replay_is_consistent(&Geometry::standard(), SUBTASKS[task].masks, seed_a, seed_b, first)?;
    }

    #[test]
    fn exact_layout_sets_keep_the_true_layout(seed in any::<u64>(), steps in 1usize..25) {
        // Drones on an 8×8 sheet: small enough to keep every layout exactly.
        let geometry = Geometry::new(8, Catalogue::standard()).unwrap();
        let masks = [0b100000; 3];
        let mut rng = Rng::seed_from(seed);
        let table = Arc::new(PlacementTable::new(&geometry, masks[0]));
        let mut layouts = Layouts::new(Arc::clone(&table), masks, 2_000_000, &mut rng);
        prop_assert!(layouts.is_exact());
        let mut hidden = random_sheet(&geometry, masks, 5, seed);
        prop_assert!(layouts.contains_sheet(&hidden));
        for _ in 0..steps {
            let moves = hidden.legal_moves(&geometry);
            if rng.below(3) == 0 && !moves.is_empty() {
                let (plane, step) = moves[rng.index(moves.len())];
                hidden.move_plane(&geometry, plane, step).unwrap();
                layouts.observe_move(step, &mut rng);
            } else {
                let cell = Cell::new(rng.below(8) as i32, rng.below(8) as i32);
                let answer = hidden.hit(&geometry, cell).unwrap();
                layouts.observe_hit(cell, answer);
            }
            prop_assert!(layouts.is_exact());
            prop_assert!(layouts.contains_sheet(&hidden), "true layout lost");
        }
    }

    #[test]
    fn fast_layouts_equal_the_reference_list(seed in any::<u64>(), steps in 1usize..30, board in 0usize..3) {
        // Exact sets only: drones on 8×8, classic planes on 10×10 (66 816 layouts), and the
        // mixed masks of subtask 4 on 8×8 (two interchangeable planes, one distinct).
        let (size, masks) = [(8, [0b100000u8; 3]), (10, [0b1; 3]), (8, SUBTASKS[3].masks)][board];
        let geometry = Geometry::new(size, Catalogue::standard()).unwrap();
        let mut rng = Rng::seed_from(seed);
        let table = Arc::new(PlacementTable::new(&geometry, masks[0] | masks[1] | masks[2]));
        let mut fast = Layouts::new(Arc::clone(&table), masks, 2_000_000, &mut rng);
        let mut list = ListLayouts::new(Arc::clone(&table), masks, 2_000_000, &mut rng);
        prop_assert!(fast.is_exact() && list.is_exact());
        let mut hidden = random_sheet(&geometry, masks, 5, seed);
        let same = |fast: &Layouts, list: &ListLayouts| -> Result<(), TestCaseError> {
            prop_assert_eq!(fast.len(), list.len());
            prop_assert_eq!(fast.layouts(), list.items().to_vec());
            prop_assert_eq!(fast.head_counts().to_vec(), list.head_counts());
            prop_assert_eq!(fast.is_exact(), list.is_exact());
            Ok(())
        };
        same(&fast, &list)?;
        for _ in 0..steps {
            let moves = hidden.legal_moves(&geometry);
            let roll = rng.below(8);
            if roll < 3 && !moves.is_empty() {
                let (plane, step) = moves[rng.index(moves.len())];
                hidden.move_plane(&geometry, plane, step).unwrap();
                fast.observe_move(step, &mut rng);
                list.observe_move(step, &mut rng);
            } else if roll == 3 {
                // An arbitrary observation, not necessarily true of the hidden sheet.
                let cell = Cell::new(rng.below(size as u64) as i32, rng.below(size as u64) as i32);
                let answer = [HitAnswer::Empty, HitAnswer::Body, HitAnswer::Head][rng.index(3)];
                fast.observe_hit(cell, answer);
                list.observe_hit(cell, answer);
                if rng.below(2) == 0 {
                    let step = Step::ALL[rng.index(4)];
                    fast.observe_move(step, &mut rng);
                    list.observe_move(step, &mut rng);
                }
            } else {
                let cell = Cell::new(rng.below(size as u64) as i32, rng.below(size as u64) as i32);
                let answer = hidden.hit(&geometry, cell).unwrap();
                fast.observe_hit(cell, answer);
                list.observe_hit(cell, answer);
            }
            same(&fast, &list)?;
            prop_assert_eq!(fast.contains_sheet(&hidden), list.contains_sheet(&hidden));
        }
    }

    #[test]
    fn sampled_sets_keep_their_head_counts(seed in any::<u64>(), steps in 1usize..30) {
        // Classic planes on 10 x 10 (66 816 layouts) sampled down to 4 000: moves turn the set
        // into an explicit list, whose head counts are kept incrementally; they must equal a
        // count from the layouts themselves.
        let geometry = Geometry::new(10, Catalogue::standard()).unwrap();
        let masks = [0b1; 3];
        let mut rng = Rng::seed_from(seed);
        let table = Arc::new(PlacementTable::new(&geometry, 1));
        let mut layouts = Layouts::new(Arc::clone(&table), masks, 4_000, &mut rng);
        prop_assert!(!layouts.is_exact());
        let mut hidden = random_sheet(&geometry, masks, 1, seed);
        let mut facts = Vec::new();
        for _ in 0..steps {
            let moves = hidden.legal_moves(&geometry);
            if rng.below(3) == 0 && !moves.is_empty() {
                let (plane, step) = moves[rng.index(moves.len())];
                hidden.move_plane(&geometry, plane, step).unwrap();
                layouts.observe_move(step, &mut rng);
                facts.retain(|&(_, a)| a == HitAnswer::Head);
            } else {
                let cell = Cell::new(rng.below(10) as i32, rng.below(10) as i32);
                let answer = hidden.hit(&geometry, cell).unwrap();
                layouts.observe_hit(cell, answer);
                facts.push((cell, answer));
            }
            if layouts.is_empty() {
                layouts.resample(&facts, &mut rng);
            }
            let mut counts = vec![0u32; 100];
            for l in layouts.layouts() {
                for i in 0..3 {
                    if l.destroyed >> i & 1 == 0 {
                        let h = table.spec(l.planes[i] as usize).unwrap().head;
                        counts[h.row as usize * 10 + h.col as usize] += 1;
                    }
                }
            }
            prop_assert_eq!(layouts.head_counts(), &counts[..]);
            prop_assert_eq!(layouts.len(), layouts.layouts().len());
        }
    }

    #[test]
    fn rating_updates_are_zero_sum(ra in 800.0f64..2400.0, rb in 800.0f64..2400.0, s in 0.0f64..=1.0, k in 1.0f64..40.0) {
        let (a, b) = elo::update(ra, rb, s, k);
        prop_assert!(((a - ra) + (b - rb)).abs() < 1e-9);
        prop_assert!((elo::expected_score(ra, rb) + elo::expected_score(rb, ra) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn tier_scores_are_monotone(mut ratings in prop::collection::vec(1000.0f64..2000.0, 2..40)) {
        ratings.sort_by(|a, b| b.total_cmp(a));
        let scored = elo::score_field(&ratings, 20.0);
        for i in 0..ratings.len() {
            for j in 0..ratings.len() {
                if scored[i].0.name == scored[j].0.name && ratings[i] > ratings[j] {
                    prop_assert!(scored[i].1 >= scored[j].1);
                }
            }
            prop_assert!(scored[i].1 > 0.0 && scored[i].1 <= 20.0);
        }
    }
}

#[test]
fn drawing_and_moving_rules_are_enforced() {
    let g = Geometry::standard();
    let masks = [1, 1, 1];
    let plane = |r, c, d| PlaneSpec {
        kind: 0,
        direction: d,
        head: Cell::new(r, c),
    };
    let good = [plane(0, 2, 0), plane(0, 8, 0), plane(6, 5, 0)];
    let mut sheet = Sheet::draw(&g, masks, good).unwrap();
    assert!(matches!(
        Sheet::draw(&g, masks, [plane(0, 2, 0), plane(1, 2, 0), plane(6, 5, 0)]),
        Err(PlanesError::Overlap { plane: 1, other: 0 })
    ));
    assert!(matches!(
        Sheet::draw(&g, masks, [plane(0, 0, 0), plane(0, 8, 0), plane(6, 5, 0)]),
        Err(PlanesError::OutsideSheet(_))
    ));
    assert!(matches!(
        Sheet::draw(&g, [2, 1, 1], good),
        Err(PlanesError::KindNotAllowed { plane: 0, kind: 0 })
    ));
    assert!(matches!(
        sheet.move_plane(&g, 0, Step::Up),
        Err(PlanesError::OutsideSheet(_))
    ));
    assert!(matches!(
        sheet.move_plane(&g, 3, Step::Down),
        Err(PlanesError::NoSuchPlane(3))
    ));
    assert_eq!(sheet.hit(&g, Cell::new(1, 0)).unwrap(), HitAnswer::Body);
    assert_eq!(sheet.hit(&g, Cell::new(11, 11)).unwrap(), HitAnswer::Empty);
    assert!(matches!(
        sheet.hit(&g, Cell::new(12, 0)),
        Err(PlanesError::HitOutside(_))
    ));
    assert_eq!(sheet.hit(&g, Cell::new(0, 2)).unwrap(), HitAnswer::Head);
    assert_eq!(sheet.destroyed(), [true, false, false]);
    assert!(matches!(
        sheet.move_plane(&g, 0, Step::Down),
        Err(PlanesError::PlaneDestroyed(0))
    ));
    sheet.move_plane(&g, 2, Step::Down).unwrap();
    assert_eq!(sheet.specs()[2].head, Cell::new(7, 5));
}

/// A bot that always hits outside the sheet loses at once.
struct Cheater;

impl PlanesBot for Cheater {
    fn name(&self) -> String {
        "cheater".into()
    }
    fn setup(&mut self, s: &grid_games::planes::Setup<'_>) -> [PlaneSpec; 3] {
        RandomBot::new(5).setup(s)
    }
    fn act(&mut self) -> Action {
        Action::Hit(Cell::new(-1, 0))
    }
    fn answer(&mut self, _: Cell, _: HitAnswer) {}
    fn seen(&mut self, _: grid_games::planes::Seen) {}
}

/// A bot that panics on its first turn.
struct Crasher;

impl PlanesBot for Crasher {
    fn name(&self) -> String {
        "crasher".into()
    }
    fn setup(&mut self, s: &grid_games::planes::Setup<'_>) -> [PlaneSpec; 3] {
        RandomBot::new(6).setup(s)
    }
    fn act(&mut self) -> Action {
        panic!("this bot crashes on purpose")
    }
    fn answer(&mut self, _: Cell, _: HitAnswer) {}
    fn seen(&mut self, _: grid_games::planes::Seen) {}
}

#[test]
fn crashes_lose_the_game() {
    let g = Geometry::standard();
    let (mut crasher, mut random) = (Crasher, RandomBot::new(3));
    let record = play_game(
        &g,
        &GameSettings::new(subtask([1, 1, 1])),
        [&mut crasher, &mut random],
    );
    assert_eq!(record.winner, Side::Second);
    assert_eq!(
        record.end,
        GameEnd::Crashed {
            player: Side::First
        }
    );
}

#[test]
fn bots_survive_masks_that_allow_no_drawing() {
    // A 4×4 sheet cannot hold three classic planes: both bots hand in a drawing and the first
    // to draw loses by the rules instead of panicking.
    let g = Geometry::new(4, Catalogue::standard()).unwrap();
    let mut hunter = grid_games::planes::bots::HunterBot::new(1);
    let mut random = RandomBot::new(2);
    let record = play_game(
        &g,
        &GameSettings::new(subtask([1, 1, 1])),
        [&mut hunter, &mut random],
    );
    assert!(matches!(
        record.end,
        GameEnd::Illegal {
            player: Side::First,
            ..
        }
    ));
    // Heads far outside the coordinate range are errors, not overflows.
    let far = PlaneSpec {
        kind: 0,
        direction: 0,
        head: Cell::new(i32::MAX, 0),
    };
    assert!(matches!(g.mask(far), Err(PlanesError::OutsideSheet(_))));
}

#[test]
fn illegal_actions_lose_with_a_reason() {
    let g = Geometry::standard();
    let mut cheater = Cheater;
    let mut random = RandomBot::new(3);
    let record = play_game(
        &g,
        &GameSettings::new(subtask([1, 1, 1])),
        [&mut cheater, &mut random],
    );
    assert_eq!(record.winner, Side::Second);
    assert!(matches!(
        record.end,
        GameEnd::Illegal {
            player: Side::First,
            error: PlanesError::HitOutside(_)
        }
    ));
}

#[test]
fn a_prior_cache_keeps_at_most_its_limit_and_clones_share_it() {
    use grid_games::planes::bots::{HunterBot, HunterConfig, PriorCache};
    use grid_games::planes::{PlanesBot, Setup};
    let geometry = Geometry::standard();
    let setup = Setup {
        last: grid_games::planes::LastResult::FirstGame,
        subtask: 5,
        masks: SUBTASKS[4].masks,
        first: true,
        geometry: &geometry,
    };
    let cache = PriorCache::new();
    // Different caps are different tables: one more than the limit.
    for k in 0..=PriorCache::MAX_ENTRIES {
        let config = HunterConfig::default().with_cap(1000 + k);
        let mut bot = HunterBot::with_config(k as u64, config).with_cache(cache.clone());
        let _ = bot.setup(&setup);
        assert_eq!(cache.len(), (k + 1).min(PriorCache::MAX_ENTRIES));
    }
    // A fresh bot has a cache of its own; a clone shares it.
    let bot = HunterBot::new(1);
    assert!(bot.cache().is_empty());
    let mut twin = bot.clone();
    let _ = twin.setup(&setup);
    assert_eq!(
        (bot.cache().len(), twin.cache().len(), cache.len()),
        (1, 1, PriorCache::MAX_ENTRIES)
    );
    cache.clear();
    assert!(cache.is_empty());
}

#[test]
fn tournaments_do_not_depend_on_the_thread_count() {
    // Fresh hunters per pairing share one prior cache: whichever thread builds a prior
    // first, the standings must be those of a sequential run (and of bots with cold caches).
    use grid_games::game::Tournament;
    use grid_games::planes::bots::{PriorCache, named_bot, named_bot_with};
    use grid_games::planes::{TestPointOptions, play_test_point};
    let geometry = Geometry::standard();
    let field = ["random", "hunter", "hunter-fast", "hunter-noevade"];
    let options = TestPointOptions::default()
        .with_subtask(SUBTASKS[4])
        .with_games(2);
    let run = |threads: usize, shared: bool| {
        let cache = PriorCache::new();
        let t = Tournament::default().with_rounds(2).with_threads(threads);
        t.run(field.len(), 7, |a, b, rng: &mut Rng| {
            let (sa, sb) = (rng.next_u64(), rng.next_u64());
            let (mut x, mut y) = if shared {
                let x = named_bot_with(field[a], sa, &cache).unwrap();
                (x, named_bot_with(field[b], sb, &cache).unwrap())
            } else {
                (
                    named_bot(field[a], sa).unwrap(),
                    named_bot(field[b], sb).unwrap(),
                )
            };
            play_test_point(&geometry, &options, x.as_mut(), y.as_mut()).score()
        })
        .unwrap()
    };
    let sequential = run(1, true);
    assert_eq!(run(2, true), sequential);
    assert_eq!(run(3, true), sequential);
    assert_eq!(run(2, false), sequential);
}

#[test]
fn the_hunter_ignores_answers_and_hits_off_the_sheet() {
    use grid_games::planes::{PlanesBot, Seen};
    let geometry = Geometry::standard();
    let hunters: [Box<dyn PlanesBot>; 2] = [
        Box::new(grid_games::planes::bots::HunterBot::new(4)),
        Box::new(grid_games::planes::reference::ListHunterBot::new(4)),
    ];
    for mut hunter in hunters {
        let setup = grid_games::planes::Setup {
            last: LastResult::FirstGame,
            subtask: 1,
            masks: SUBTASKS[0].masks,
            first: true,
            geometry: &geometry,
        };
        hunter.setup(&setup);
        // These used to index out of bounds.
        hunter.answer(Cell::new(-1, 3), HitAnswer::Head);
        hunter.answer(Cell::new(i32::MAX, i32::MIN), HitAnswer::Body);
        hunter.seen(Seen::Hit(Cell::new(40, -7)));
        // The bot still plays a legal hit inside the sheet.
        match hunter.act() {
            Action::Hit(c) => assert!(geometry.contains(c)),
            Action::Move { .. } => {}
        }
    }
}
