//! paper.io engine tests: size validation, endings checkable by hand, running counts
//! and trail lists against recounts of the grids in every position (final ones included),
//! every capture against an independent whole-board flood, and deterministic replay.

use grid_games::game::{Game, MatchRules, Player, Rng, Side, play_match};
use grid_games::paperio::bots::{RaiderBot, RandomBot, SafeBot};
use grid_games::paperio::{Config, Direction, End, PaperioError, Position, Start, Turn};
use proptest::prelude::*;

fn start(x: i32, y: i32, direction: Direction) -> Start {
    Start { x, y, direction }
}

/// Plays one ply and returns the end if it decided the game.
fn step(g: &mut Position, turn: Turn) -> Option<End> {
    g.play(turn).unwrap();
    g.end().cloned()
}

fn small(max_turn: u32) -> Config {
    Config::default().with_size(18, 9).with_max_turn(max_turn)
}

#[test]
fn sizes_and_starts_are_validated() {
    for (w, h) in [(19, 9), (1, 9), (0, 0), (18, 0), (5000, 9), (18, 4097)] {
        let c = Config::default().with_size(w, h).with_max_turn(10);
        assert!(
            matches!(c.validate(), Err(PaperioError::BadSize { .. })),
            "{w}x{h}"
        );
    }
    assert_eq!(
        small(1).with_max_turn(0).validate(),
        Err(PaperioError::NoTurns)
    );
    assert!(small(10).validate().is_ok());
    let off = Position::new(
        small(10),
        [start(-1, 4, Direction::East), start(12, 4, Direction::East)],
    );
    assert!(matches!(
        off,
        Err(PaperioError::BadStart {
            player: Side::First,
            ..
        })
    ));
    let same = Position::new(
        small(10),
        [start(4, 4, Direction::East), start(4, 4, Direction::West)],
    );
    assert!(matches!(same, Err(PaperioError::BadStart { .. })));
    // Random placement on the smallest board always gives two whole squares.
    for seed in 0..200 {
        let g = Position::random(small(10), &mut Rng::seed_from(seed)).unwrap();
        assert_eq!(g.territory_counts(), [9, 9]);
    }
}

/// The course engine builds any `2k × h` board; explicit starts work on all of them, and the
/// random placement wherever it keeps both heads on the board (`k ≥ 7`, `h ≥ 7`).
#[test]
fn every_board_the_course_engine_builds_is_accepted() {
    for (w, h) in [(2, 1), (4, 3), (8, 5), (16, 9), (18, 8)] {
        let config = Config::default().with_size(w, h).with_max_turn(30);
        assert!(config.validate().is_ok(), "{w}x{h}");
        let starts = [
            start(0, 0, Direction::South),
            start(w as i32 - 1, h as i32 - 1, Direction::North),
        ];
        let mut game = Position::new(config, starts).unwrap();
        // Overlapping squares go to player 1, as the engine paints them.
        let cells = w * h;
        let [a, b] = game.territory_counts();
        assert!(a + b <= cells && b >= 1, "{w}x{h}");
        let mut bots = (RaiderBot::new(1), SafeBot::new(2));
        while game.to_move().is_some() {
            let turn = if game.to_move() == Some(Side::First) {
                grid_games::game::Bot::choose(&mut bots.0, &game, Default::default())
            } else {
                grid_games::game::Bot::choose(&mut bots.1, &game, Default::default())
            };
            game.play(turn.unwrap()).unwrap();
        }
    }
    for (w, h) in [(14, 7), (16, 8), (18, 9)] {
        let config = Config::default().with_size(w, h).with_max_turn(10);
        assert!(config.fits_random_starts());
        for seed in 0..300 {
            let game = Position::random(config, &mut Rng::seed_from(seed)).unwrap();
            let (a, b) = (game.head(Side::First), game.head(Side::Second));
            assert!(game.contains(a.0, a.1) && game.contains(b.0, b.1) && a != b);
        }
    }
    for (w, h) in [(12, 30), (30, 6)] {
        let config = Config::default().with_size(w, h).with_max_turn(10);
        assert!(matches!(
            Position::random(config, &mut Rng::seed_from(1)),
            Err(PaperioError::TooSmallForRandomStarts { .. })
        ));
    }
}

#[test]
fn a_clipped_start_square_is_counted() {
    let g = Position::new(
        small(10),
        [start(0, 0, Direction::East), start(17, 4, Direction::West)],
    )
    .unwrap();
    assert_eq!(g.territory_counts(), [4, 6]);
}

#[test]
fn leaving_the_board_loses_and_records_the_step() {
    // Player 0 at the west edge turns west and steps off.
    let mut g = Position::new(
        small(10),
        [start(0, 4, Direction::North), start(12, 4, Direction::East)],
    )
    .unwrap();
    let end = step(&mut g, Turn::Left);
    assert_eq!(end, Some(End::Wall { mover: Side::First }));
    assert_eq!(end.unwrap().winner(), Some(Side::Second));
    assert_eq!(g.head(Side::First), (-1, 4));
    assert_eq!(g.route(Side::First), &[Direction::West]);
    assert_eq!(g.play(Turn::Straight), Err(PaperioError::GameOver));
}

#[test]
fn a_loop_home_captures_the_trail_and_what_it_encloses() {
    // Player 0's square covers x 3..=5, y 3..=5. It walks north from (4, 4): (4,3) is home,
    // (4,2) and (4,1) are trail; right to (5,1), (6,1); down (6,2), (6,3) is unowned: trail;
    // left to (5,3): home again. Trail: (4,2),(4,1),(5,1),(6,1),(6,2),(6,3) = 6 cells, and the
    // pocket (5,2) is enclosed: 9 + 6 + 1 = 16.
    let mut g = Position::new(
        small(100),
        [
            start(4, 4, Direction::North),
            start(13, 4, Direction::North),
        ],
    )
    .unwrap();
    use Turn::{Left as L, Right as R, Straight as S};
    let mine = [S, S, S, R, S, R, S, R];
    let theirs = [R, R, L, L, R, R, L];
    for (k, &t) in mine.iter().enumerate() {
        assert!(step(&mut g, t).is_none(), "ply {k}");
        if let Some(&u) = theirs.get(k) {
            assert!(step(&mut g, u).is_none());
        }
    }
    assert_eq!(g.head(Side::First), (5, 3));
    assert_eq!(g.territory_counts()[0], 16);
    assert_eq!(g.trail_counts()[0], 0);
    assert_eq!(g.territory(5, 2), Some(Side::First));
    assert_eq!(g.territory(4, 1), Some(Side::First));
}

#[test]
fn running_into_the_enemy_trail_wins() {
    // Player 1 walks west from (12, 4) off its land, laying trail at (10, 4), (9, 4); player 0
    // walks east from (4, 4) and hits it.
    let mut g = Position::new(
        small(100),
        [start(4, 4, Direction::East), start(12, 4, Direction::West)],
    )
    .unwrap();
    let mut end = None;
    for _ in 0..10 {
        if let Some(e) = step(&mut g, Turn::Straight) {
            end = Some(e);
            break;
        }
    }
    // 0: (5,4) home, (6,4), (7,4)... 1: (11,4) home, (10,4), (9,4)... they meet head-on at (8,4)?
    // Heads: after ply 5 player 0 is at (7,4); player 1 at (9,4) after ply 6; ply 7 takes
    // player 0 to (8,4) (unowned); ply 8 takes player 1 into player 0's head on unowned land,
    // head-on: territory decides, equal, a draw.
    assert_eq!(end, Some(End::HeadOn { scores: [9, 9] }));
    assert_eq!(end.unwrap().winner(), None);
}

/// The territory grid after a capture by `p`, computed independently: the previous grid, plus
/// the trail, plus every non-`p` cell that cannot reach the board's edge (whole-board flood).
fn expected_after_capture(before: &Position, p: Side) -> Vec<Option<Side>> {
    let (w, h) = (before.width() as i32, before.height() as i32);
    let mut grid: Vec<Option<Side>> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| before.territory(x, y))
        .collect();
    for (x, y) in before.trail_cells(p) {
        grid[(y * w + x) as usize] = Some(p);
    }
    let mut reach = vec![false; grid.len()];
    let mut stack = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if (x == 0 || y == 0 || x == w - 1 || y == h - 1)
                && grid[(y * w + x) as usize] != Some(p)
            {
                reach[(y * w + x) as usize] = true;
                stack.push((x, y));
            }
        }
    }
    while let Some((x, y)) = stack.pop() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                continue;
            }
            let i = (ny * w + nx) as usize;
            if !reach[i] && grid[i] != Some(p) {
                reach[i] = true;
                stack.push((nx, ny));
            }
        }
    }
    for i in 0..grid.len() {
        if !reach[i] {
            grid[i] = Some(p);
        }
    }
    grid
}

fn territory_grid(g: &Position) -> Vec<Option<Side>> {
    let (w, h) = (g.width() as i32, g.height() as i32);
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| g.territory(x, y))
        .collect()
}

fn check_invariants(g: &Position) {
    let (w, h) = (g.width() as i32, g.height() as i32);
    let mut land = [0u32; 2];
    let mut trail = [0u32; 2];
    for y in 0..h {
        for x in 0..w {
            if let Some(o) = g.territory(x, y) {
                land[o.index()] += 1;
            }
            if let Some(o) = g.trail(x, y) {
                trail[o.index()] += 1;
            }
        }
    }
    assert_eq!(g.territory_counts(), land);
    assert_eq!(g.trail_counts(), trail);
    // The trail lists follow the board in every position, ended ones included.
    assert_trail_lists_match_board(g);
    for p in Side::ALL {
        for (x, y) in g.trail_cells(p) {
            assert_ne!(g.territory(x, y), Some(p), "own trail on own land");
        }
        if g.end().is_none() {
            // The engine's route gains extra entries only on the deciding ply.
            assert_eq!(g.route(p).len(), g.trail_cells(p).len());
        }
    }
}

/// Plays one game on a small board with a random or safe walker against a safe walker,
/// checking after every ply that the counts agree with the grids, that territory changes only
/// by captures, and that every capture equals the independent flood. Returns the captures seen.
fn play_checked(seed: u64, board: usize, safe: bool) -> usize {
    let (w, h) = [(18, 9), (20, 20), (24, 13), (40, 15)][board];
    let config = Config::default().with_size(w, h).with_max_turn(300);
    let mut g = Position::random(config, &mut Rng::seed_from(seed)).unwrap();
    let mut bots: [Box<dyn grid_games::game::Bot<Position>>; 2] = if safe {
        [
            Box::new(SafeBot::new(seed)),
            Box::new(SafeBot::new(seed ^ 1)),
        ]
    } else {
        [
            Box::new(RandomBot::new(seed)),
            Box::new(SafeBot::new(seed ^ 1)),
        ]
    };
    check_invariants(&g);
    let mut captures = 0;
    while let Some(p) = g.to_move() {
        let before = g.clone();
        let turn = bots[p.index()].choose(&g, Default::default()).unwrap();
        g.play(turn).unwrap();
        check_invariants(&g);
        let had_trail = before.trail_cells(p).len() > 0;
        let captured =
            had_trail && g.trail_cells(p).len() == 0 && !matches!(g.end(), Some(End::Wall { .. }));
        let expected = if captured {
            captures += 1;
            expected_after_capture(&before, p)
        } else {
            territory_grid(&before)
        };
        assert_eq!(
            territory_grid(&g),
            expected,
            "seed {seed}, ply {}",
            g.plies()
        );
    }
    captures
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn captures_match_an_independent_flood(seed in any::<u64>(), board in 0usize..4, safe in any::<bool>()) {
        play_checked(seed, board, safe);
    }
}

#[test]
fn the_capture_check_sees_many_captures() {
    let captures: usize = (0..24)
        .map(|seed| play_checked(seed, (seed % 4) as usize, true))
        .sum();
    assert!(captures > 100, "only {captures} captures checked");
}

#[test]
fn matches_replay_deterministically() {
    for seed in 0..4 {
        let run = || {
            let g = Position::random(
                Config::default().with_max_turn(400),
                &mut Rng::seed_from(seed),
            )
            .unwrap();
            let (mut a, mut b) = (RaiderBot::new(seed), SafeBot::new(seed + 9));
            play_match(g, &mut [&mut a, &mut b], MatchRules::default()).expect("two bots")
        };
        let (one, two) = (run(), run());
        assert_eq!(one.actions, two.actions);
        assert_eq!(one.last.render(), two.last.render());
        // Replaying the recorded actions reproduces the game.
        let mut replay = Position::random(
            Config::default().with_max_turn(400),
            &mut Rng::seed_from(seed),
        )
        .unwrap();
        for &(p, a) in &one.actions {
            assert_eq!(replay.to_move().map(Player::from), Some(p));
            Game::play(&mut replay, a).unwrap();
        }
        assert_eq!(replay.render(), one.last.render());
        assert_eq!(replay.end(), one.last.end());
        assert_eq!(
            one.outcome.winner(),
            one.last.end().unwrap().winner().map(Player::from)
        );
    }
}

#[test]
fn the_tick_limit_ends_the_game_on_territory() {
    let mut g = Position::new(
        small(3),
        [
            start(4, 4, Direction::North),
            start(13, 4, Direction::North),
        ],
    )
    .unwrap();
    // Both circle inside their own squares: N, then right turns.
    let turns = [Turn::Right, Turn::Right, Turn::Right];
    let mut last = None;
    for t in turns {
        g.play(t).unwrap();
        last = step(&mut g, t);
    }
    assert_eq!(last, Some(End::TickLimit { scores: [9, 9] }));
    assert_eq!(g.moves_left(Side::First), 0);
}

/// Plays `moves[0]` and `moves[1]` (the engine's `l`/`r`/`n` letters) alternately, player 0
/// first, until the letters run out or the game ends; returns the end.
fn play_letters(g: &mut Position, moves: [&str; 2]) -> Option<End> {
    let mut letters = moves.map(|m| m.chars());
    while let Some(p) = g.to_move() {
        let Some(letter) = letters[p.index()].next() else {
            break;
        };
        let turn: Turn = letter.to_string().parse().unwrap();
        if let Some(end) = step(g, turn) {
            return Some(end);
        }
    }
    g.end().cloned()
}

/// The trail cells the board shows for `p`, in row-major order.
fn board_trail(g: &Position, p: Side) -> Vec<(i32, i32)> {
    let (w, h) = (g.width() as i32, g.height() as i32);
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| g.trail(x, y) == Some(p))
        .collect()
}

/// The documented rule, in every position including ended ones: each side's trail list holds
/// exactly the cells the board shows as that side's trail, each once, and the trail counts
/// agree.
fn assert_trail_lists_match_board(g: &Position) {
    for p in Side::ALL {
        let listed: Vec<(i32, i32)> = g.trail_cells(p).collect();
        let mut sorted = listed.clone();
        sorted.sort_by_key(|&(x, y)| (y, x));
        sorted.dedup();
        assert_eq!(
            sorted.len(),
            listed.len(),
            "{p}'s trail list {listed:?} has duplicates (end {:?})\n{}",
            g.end(),
            g.render()
        );
        assert_eq!(
            sorted,
            board_trail(g, p),
            "{p}'s trail list {listed:?} against the board (end {:?})\n{}",
            g.end(),
            g.render()
        );
        assert_eq!(g.trail_counts()[p.index()] as usize, listed.len());
    }
}

#[test]
fn a_final_own_trail_hit_lists_the_cell_once() {
    // The fuzz reproducer: player 0 loops east, south, west, north into its own first trail
    // cell (6, 4). The board keeps (6, 4) as its trail; the list keeps its first laying only.
    let mut g = Position::new(
        Config::new(18, 9, 50).unwrap(),
        [start(4, 4, Direction::East), start(13, 4, Direction::West)],
    )
    .unwrap();
    let end = play_letters(&mut g, ["nnnrrr", "nnnnn"]);
    assert_eq!(
        end,
        Some(End::TrailHit {
            mover: Side::First,
            owner: Side::First
        })
    );
    assert_eq!(g.trail(6, 4), Some(Side::First));
    let trail: Vec<(i32, i32)> = g.trail_cells(Side::First).collect();
    assert_eq!(trail, [(6, 4), (7, 4), (7, 5), (6, 5)]);
    assert_eq!(g.trail_counts(), [4, 4]);
    // The engine's band_route does gain the final step (spec §6 T).
    assert_eq!(g.route(Side::First).len(), 5);
    assert_trail_lists_match_board(&g);
}

#[test]
fn a_final_enemy_trail_hit_moves_the_cell_to_the_mover() {
    // Player 1 walks south from (8, 1) off its land: (8, 3), (8, 4), (8, 5); player 0 walks
    // east from (3, 4) and cuts that trail at (8, 4) while player 1's head is at (8, 5).
    let mut g = Position::new(
        small(50),
        [start(3, 4, Direction::East), start(8, 1, Direction::South)],
    )
    .unwrap();
    let end = play_letters(&mut g, ["nnnnnn", "nnnn"]);
    assert_eq!(
        end,
        Some(End::TrailHit {
            mover: Side::First,
            owner: Side::Second
        })
    );
    assert_eq!(g.trail(8, 4), Some(Side::First));
    let first: Vec<(i32, i32)> = g.trail_cells(Side::First).collect();
    let second: Vec<(i32, i32)> = g.trail_cells(Side::Second).collect();
    assert_eq!(first, [(5, 4), (6, 4), (7, 4), (8, 4)]);
    assert_eq!(second, [(8, 3), (8, 5)]);
    assert_eq!(g.trail_counts(), [4, 2]);
    // Player 1's band_route is the engine's: untouched by the final ply.
    assert_eq!(g.route(Side::Second).len(), 3);
    assert_trail_lists_match_board(&g);
}

#[test]
fn a_final_side_hit_moves_the_head_cell_to_the_mover() {
    // Player 1 walks south from (8, 1): trail (8, 3), (8, 4); player 0 walks east from (4, 4)
    // and enters player 1's head at (8, 4) at right angles on unowned land.
    let mut g = Position::new(
        small(50),
        [start(4, 4, Direction::East), start(8, 1, Direction::South)],
    )
    .unwrap();
    let end = play_letters(&mut g, ["nnnn", "nnn"]);
    assert_eq!(end, Some(End::SideHit { mover: Side::First }));
    let first: Vec<(i32, i32)> = g.trail_cells(Side::First).collect();
    let second: Vec<(i32, i32)> = g.trail_cells(Side::Second).collect();
    assert_eq!(first, [(6, 4), (7, 4), (8, 4)]);
    assert_eq!(second, [(8, 3)]);
    assert_eq!(g.trail_counts(), [3, 1]);
    assert_trail_lists_match_board(&g);
}

#[test]
fn a_final_head_on_moves_the_head_cell_to_the_mover() {
    // As in `running_into_the_enemy_trail_wins`: player 1 enters player 0's head at (8, 4).
    let mut g = Position::new(
        small(100),
        [start(4, 4, Direction::East), start(12, 4, Direction::West)],
    )
    .unwrap();
    let end = play_letters(&mut g, ["nnnn", "nnnn"]);
    assert_eq!(end, Some(End::HeadOn { scores: [9, 9] }));
    let first: Vec<(i32, i32)> = g.trail_cells(Side::First).collect();
    let second: Vec<(i32, i32)> = g.trail_cells(Side::Second).collect();
    assert_eq!(first, [(6, 4), (7, 4)]);
    assert_eq!(second, [(10, 4), (9, 4), (8, 4)]);
    assert_eq!(g.trail_counts(), [2, 3]);
    assert_trail_lists_match_board(&g);
}

/// Plays `turns` (cycled) from `starts` on a `width × height` board with `max_turn` moves each
/// until the game ends, checking the counts and the trail lists against the board after every
/// ply, the final position included. Returns the end, or `None` for refused starts.
fn play_turns_checked(
    (width, height): (u32, u32),
    max_turn: u32,
    starts: [Start; 2],
    turns: &[Turn],
) -> Option<End> {
    let mut g = Position::new(Config::new(width, height, max_turn).ok()?, starts).ok()?;
    check_invariants(&g);
    for &turn in turns.iter().cycle() {
        if g.end().is_some() {
            break;
        }
        g.play(turn).unwrap();
        check_invariants(&g);
    }
    g.end().cloned()
}

fn any_turn() -> impl Strategy<Value = Turn> {
    prop_oneof![Just(Turn::Straight), Just(Turn::Left), Just(Turn::Right)]
}

fn near_starts() -> impl Strategy<Value = ((u32, u32), [Start; 2])> {
    let dir = prop_oneof![
        Just(Direction::East),
        Just(Direction::South),
        Just(Direction::West),
        Just(Direction::North)
    ];
    (
        prop_oneof![Just((18u32, 9u32)), Just((20, 12)), Just((24, 13))],
        0i32..24,
        0i32..13,
        -8i32..=8,
        -8i32..=8,
        dir.clone(),
        dir,
    )
        .prop_map(|((w, h), x, y, dx, dy, d0, d1)| {
            let (x, y) = (x % w as i32, y % h as i32);
            let s0 = start(x, y, d0);
            let s1 = start(x + dx, y + dy, d1);
            ((w, h), [s0, s1])
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The rule of `Position::trail_cells`: in every position of random games, final
    /// positions (trail hits, side hits, head-ons, walls, tick limits) included, each side's
    /// trail list equals the board's trail cells of that side, as a set and in count.
    #[test]
    fn trail_lists_equal_the_board_in_every_position(
        (size, starts) in near_starts(),
        max_turn in 1u32..80,
        turns in prop::collection::vec(any_turn(), 1..64),
    ) {
        let end = play_turns_checked(size, max_turn, starts, &turns);
        prop_assume!(end.is_some());
    }
}

#[test]
fn the_final_position_check_sees_every_collision() {
    // Deterministic games with the engine's random placement on the smallest board and random
    // turns: enough endings of each collision kind reach the final-position check (at the time
    // of writing 1462 trail hits, 1319 of them into the mover's own trail, 39 side hits,
    // 21 head-ons, 17 heads meeting on owned land, 4461 walls).
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    let mut own_trail = 0;
    for seed in 0..6000u64 {
        let config = small(60);
        let mut rng = Rng::seed_from(seed);
        let starts = config
            .random_starts(&mut rng)
            .expect("the board fits random starts");
        let turns: Vec<Turn> = (0..97)
            .map(|_| Turn::ALL[rng.index(Turn::ALL.len())])
            .collect();
        let end = play_turns_checked((18, 9), 60, starts, &turns).expect("valid starts");
        if let End::TrailHit { mover, owner } = end {
            own_trail += usize::from(mover == owner);
        }
        *seen.entry(end.name()).or_default() += 1;
    }
    for kind in ["trail", "side", "head_on", "territory_collision", "wall"] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) >= 5,
            "{kind}: {seen:?}"
        );
    }
    assert!(own_trail >= 5, "own trail hits {own_trail}, {seen:?}");
}
