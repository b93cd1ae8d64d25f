//! Bots seeded from a caller's `rand_core` generator (the `rand_core` feature): two bots made
//! by `from_rng` from two generators in the same state play identically, and `from_rng` is
//! `new` with one `u64` drawn from the generator.
#![cfg(feature = "rand_core")]

use grid_games::game::{Bot, Budget, Game, MatchRules, Rng, play_match};
use grid_games::{blokus, paperio, planes};

/// The actions of a short match of `make(rng)` against a fixed opponent, with iteration
/// budgets so that it is replayable.
fn actions<G: Game, B: Bot<G>>(
    start: &G,
    make: impl Fn(&mut Rng) -> B,
    opponent: impl Fn() -> Box<dyn Bot<G>>,
    seed: u64,
    plies: usize,
) -> Vec<G::Action> {
    let mut rng = Rng::seed_from(seed);
    let mut bot = make(&mut rng);
    let mut other = opponent();
    let rules = MatchRules::default()
        .with_budget(Budget::iterations(24))
        .with_max_actions(plies);
    let record = play_match(start.clone(), &mut [&mut bot, other.as_mut()], rules)
        .expect("two bots for two players");
    assert!(record.forfeit.is_none());
    record.actions.into_iter().map(|(_, a)| a).collect()
}

/// Two generators in the same state give bots that play alike, and alike to `new` with the
/// generator's first `u64`; another state gives (for these random bots) another game.
fn check<G: Game, B: Bot<G>>(
    start: &G,
    from_rng: impl Fn(&mut Rng) -> B,
    new: impl Fn(u64) -> B,
    opponent: impl Fn() -> Box<dyn Bot<G>> + Copy,
    plies: usize,
) -> bool {
    let a = actions(start, &from_rng, opponent, 5, plies);
    let b = actions(start, &from_rng, opponent, 5, plies);
    assert_eq!(a, b);
    let c = actions(
        start,
        |rng: &mut Rng| new(rng.next_u64()),
        opponent,
        5,
        plies,
    );
    assert_eq!(a, c);
    a != actions(start, &from_rng, opponent, 6, plies)
}

#[test]
fn blokus_bots_seeded_from_equal_generators_play_alike() {
    use blokus::bots::{HeuristicBot, MctsBot, RandomBot, SearchBot};
    let start = blokus::Position::new(blokus::Variant::Duo);
    let opponent = || -> Box<dyn Bot<blokus::Position>> { Box::new(RandomBot::new(9)) };
    assert!(check(
        &start,
        RandomBot::from_rng,
        RandomBot::new,
        opponent,
        12
    ));
    check(
        &start,
        HeuristicBot::from_rng,
        HeuristicBot::new,
        opponent,
        12,
    );
    check(&start, MctsBot::from_rng, MctsBot::new, opponent, 6);
    check(&start, SearchBot::from_rng, SearchBot::new, opponent, 6);
}

#[test]
fn paperio_bots_seeded_from_equal_generators_play_alike() {
    use paperio::bots::{PlannerBot, RaiderBot, RandomBot, SafeBot};
    let config = paperio::Config::new(30, 15, 150).expect("a board");
    let start = paperio::Position::random(config, &mut Rng::seed_from(3)).expect("a game");
    let opponent = || -> Box<dyn Bot<paperio::Position>> { Box::new(SafeBot::new(9)) };
    assert!(check(
        &start,
        RandomBot::from_rng,
        RandomBot::new,
        opponent,
        80
    ));
    check(&start, SafeBot::from_rng, SafeBot::new, opponent, 80);
    check(&start, RaiderBot::from_rng, RaiderBot::new, opponent, 80);
    check(&start, PlannerBot::from_rng, PlannerBot::new, opponent, 80);
}

#[test]
fn plane_bots_seeded_from_equal_generators_play_alike() {
    use planes::bots::{HunterBot, RandomBot};
    use planes::{GameSettings, Geometry, PlanesBot, SUBTASKS, play_game};
    let geometry = Geometry::standard();
    let game = |bot: &mut dyn PlanesBot| {
        let mut other = RandomBot::new(9);
        play_game(
            &geometry,
            &GameSettings::new(SUBTASKS[4]),
            [bot, &mut other],
        )
        .actions
    };
    for seed in [5, 6] {
        let (mut r1, mut r2) = (Rng::seed_from(seed), Rng::seed_from(seed));
        assert_eq!(
            game(&mut RandomBot::from_rng(&mut r1)),
            game(&mut RandomBot::from_rng(&mut r2))
        );
        assert_eq!(
            game(&mut HunterBot::from_rng(&mut r1)),
            game(&mut HunterBot::from_rng(&mut r2))
        );
        let drawn = Rng::seed_from(seed).next_u64();
        assert_eq!(
            game(&mut RandomBot::from_rng(&mut Rng::seed_from(seed))),
            game(&mut RandomBot::new(drawn))
        );
    }
}
