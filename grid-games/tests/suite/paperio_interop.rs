//! paper.io interop: positions to snapshots and course frames and back, in every position of
//! the bundled course traces and of random games; a player's view (no trail order) plays on
//! exactly like the game; hostile snapshots and frames are typed errors.

#[path = "../../examples/support/paperio_interop.rs"]
mod interop;
use crate::trace;

use grid_games::game::{Bot, Budget, Rng, Side};
use grid_games::paperio::bots::{RaiderBot, RandomBot, SafeBot};
use grid_games::paperio::course::{Frame, FrameError};
use grid_games::paperio::{
    Config, Direction, Head, PaperioError, Position, Snapshot, SnapshotError, Start, Turn,
};
use proptest::prelude::*;

#[test]
fn every_frame_of_the_bundled_traces_round_trips() {
    let text = include_str!("../../examples/data/paperio_traces_sample.jsonl");
    let mut frames = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let trace = trace::Trace::parse(line);
        let max_turn = trace.config.max_turn;
        let all = trace.plies();
        let mut game = Position::new(trace.config, trace.starts).unwrap();
        interop::round_trips(&game, max_turn).unwrap();
        for (j, &turn) in all.iter().enumerate() {
            if [all.len() / 3, 2 * all.len() / 3].contains(&j) {
                interop::plays_on_alike(&game, max_turn, all[j..].iter().copied()).unwrap();
            }
            game.play(turn).unwrap();
            interop::round_trips(&game, max_turn).unwrap_or_else(|e| panic!("ply {}: {e}", j + 1));
            frames += 1;
        }
    }
    assert!(frames > 100, "{frames}");
}

fn random_game(seed: u64, plies: usize) -> Position {
    let config = Config::new(30, 17, 150).unwrap();
    let mut game = Position::random(config, &mut Rng::seed_from(seed)).unwrap();
    let mut a = SafeBot::new(seed);
    let mut b = RaiderBot::new(seed ^ 7);
    for _ in 0..plies {
        let turn = match game.to_move() {
            Some(Side::First) => a.choose(&game, Budget::default()),
            Some(Side::Second) => b.choose(&game, Budget::default()),
            None => break,
        };
        game.play(turn.unwrap()).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games, any position: every conversion round-trips, and the player's view plays
    /// random moves on exactly like the game.
    #[test]
    fn random_positions_round_trip_and_play_on_alike(seed in any::<u64>(), plies in 0usize..300, rest_seed in any::<u64>()) {
        let game = random_game(seed, plies);
        interop::round_trips(&game, 150).map_err(TestCaseError::fail)?;
        if game.end().is_none() {
            let mut walker = RandomBot::new(rest_seed);
            let mut probe = game.clone();
            let mut rest = Vec::new();
            while probe.end().is_none() && rest.len() < 200 {
                let turn = walker.choose(&probe, Budget::default()).unwrap();
                probe.play(turn).unwrap();
                rest.push(turn);
            }
            interop::plays_on_alike(&game, 150, rest).map_err(TestCaseError::fail)?;
        }
    }

    /// Arbitrary grids, heads and counts never panic: a position or a typed error.
    #[test]
    fn arbitrary_snapshots_never_panic(
        cells in proptest::collection::vec((0u8..3, 0u8..3), 24),
        heads in proptest::array::uniform2((-1i32..7, -1i32..5, 0u8..4)),
        moves in proptest::array::uniform2(0u32..6),
    ) {
        let side = |c: u8| Side::new(usize::from(c.checked_sub(1)?));
        let territory = cells.iter().map(|&(t, _)| side(t)).collect();
        let trail = cells.iter().map(|&(_, m)| side(m)).collect();
        let heads = heads.map(|(x, y, d)| Head { x, y, direction: Direction::from_index(d) });
        let config = Config::new(6, 4, 5).unwrap();
        if let Ok(mut game) = Position::from_snapshot(&Snapshot::new(config, territory, trail, heads, moves)) {
            // A position that was accepted plays on without panicking.
            while game.end().is_none() {
                game.play(Turn::Left).unwrap();
            }
        }
    }
}

fn bad(snapshot: &Snapshot) -> SnapshotError {
    match Position::from_snapshot(snapshot) {
        Err(PaperioError::BadSnapshot(e)) => e,
        other => panic!("expected a snapshot error, got {other:?}"),
    }
}

/// A running 18 × 9 game after player 0 walked out of its square east, then north.
fn walked() -> Position {
    let starts = [
        Start {
            x: 4,
            y: 4,
            direction: Direction::East,
        },
        Start {
            x: 13,
            y: 4,
            direction: Direction::West,
        },
    ];
    let mut game = Position::new(Config::new(18, 9, 50).unwrap(), starts).unwrap();
    for turn in [Turn::Straight, Turn::Straight, Turn::Straight, Turn::Left] {
        game.play(turn).unwrap(); // player 0
        game.play(Turn::Straight).unwrap(); // player 1
    }
    game
}

fn seen(game: &Position) -> Snapshot {
    let mut s = game.snapshot();
    s.trails = None;
    s.routes = None;
    s
}

#[test]
fn impossible_snapshots_are_typed_errors() {
    let game = walked();
    let ok = seen(&game);
    assert_eq!(Position::from_snapshot(&ok).unwrap(), game);
    let w = 18;
    let at = |x: usize, y: usize| y * w + x;

    let mut s = ok.clone();
    s.trail.pop();
    assert!(matches!(
        bad(&s),
        SnapshotError::GridSize { layer: "trail", .. }
    ));

    for moves in [[50, 48], [49, 51], [0, 0], [51, 51]] {
        let mut s = ok.clone();
        s.moves_left = moves;
        assert!(
            matches!(bad(&s), SnapshotError::MovesLeft { .. }),
            "{moves:?}"
        );
    }

    // Huge move limits are refused by the configuration, so plies never overflow; moves left
    // far apart (the first one near u32::MAX) are refused without overflowing either.
    let mut s = ok.clone();
    s.config = Config::default().with_size(18, 9).with_max_turn(u32::MAX);
    s.moves_left = [0, 1];
    assert_eq!(
        Position::from_snapshot(&s),
        Err(PaperioError::TooManyTurns(u32::MAX))
    );
    let mut s = ok.clone();
    s.moves_left = [u32::MAX, 0];
    assert!(matches!(bad(&s), SnapshotError::MovesLeft { .. }));
    // A wall ending whose head sits at the end of i32.
    let mut s = game.snapshot();
    s.end = Some(grid_games::paperio::End::Wall { mover: Side::First });
    s.heads[0] = Head {
        x: i32::MIN,
        y: 0,
        direction: Direction::East,
    };
    assert!(matches!(bad(&s), SnapshotError::HeadOffBoard { .. }));

    let mut s = ok.clone();
    s.heads[1].x = 18;
    assert!(matches!(
        bad(&s),
        SnapshotError::HeadOffBoard {
            player: Side::Second,
            ..
        }
    ));

    let mut s = ok.clone();
    s.heads[1] = s.heads[0];
    assert_eq!(bad(&s), SnapshotError::HeadsTogether);

    // Player 0's trail runs (6, 4), (7, 4), (7, 3); its head is at (7, 3) facing north.
    assert_eq!(game.head(Side::First), (7, 3));
    let mut s = ok.clone();
    s.territory[at(6, 4)] = Some(Side::First);
    assert!(matches!(
        bad(&s),
        SnapshotError::TrailOnOwnLand {
            player: Side::First,
            x: 6,
            y: 4
        }
    ));

    let mut s = ok.clone();
    s.trail[at(7, 3)] = None;
    assert_eq!(
        bad(&s),
        SnapshotError::HeadOffTrail {
            player: Side::First
        }
    );

    let mut s = ok.clone();
    s.heads[0] = Head {
        x: 4,
        y: 4,
        direction: Direction::East,
    };
    assert_eq!(
        bad(&s),
        SnapshotError::TrailAtHome {
            player: Side::First
        }
    );

    // A trail cell cut off from the rest, and a heading the last step cannot have taken.
    let mut s = ok.clone();
    s.trail[at(10, 7)] = Some(Side::First);
    assert_eq!(
        bad(&s),
        SnapshotError::TrailNotAPath {
            player: Side::First
        }
    );
    let mut s = ok.clone();
    s.heads[0].direction = Direction::East;
    assert_eq!(
        bad(&s),
        SnapshotError::TrailNotAPath {
            player: Side::First
        }
    );

    // Given trail lists and routes are checked against the board.
    let full = game.snapshot();
    let mut s = full.clone();
    s.trails.as_mut().unwrap()[0].swap(0, 1);
    assert_eq!(
        bad(&s),
        SnapshotError::TrailNotAPath {
            player: Side::First
        }
    );
    let mut s = full.clone();
    s.routes.as_mut().unwrap()[0][1] = Direction::South;
    assert_eq!(
        bad(&s),
        SnapshotError::TrailNotAPath {
            player: Side::First
        }
    );
    let mut s = ok.clone();
    s.routes = Some([vec![Direction::East, Direction::East], vec![]]);
    assert_eq!(
        bad(&s),
        SnapshotError::TrailNotAPath {
            player: Side::First
        }
    );

    // An ended game needs its trail lists.
    let mut over = game.clone();
    while over.end().is_none() {
        over.play(Turn::Straight).unwrap();
    }
    assert_eq!(Position::from_snapshot(&over.snapshot()).unwrap(), over);
    assert_eq!(bad(&seen(&over)), SnapshotError::EndedWithoutTrails);
    // A territory-decided end whose scores are not the board's land.
    let mut s = over.snapshot();
    s.end = Some(grid_games::paperio::End::HeadOn { scores: [1, 2] });
    assert_eq!(bad(&s), SnapshotError::EndScores);
}

/// A solid block of trail cells with the head on the wrong colour has no walk through it (a walk
/// alternates colours); it is refused at once instead of searched.
#[test]
fn a_trail_with_no_walk_is_refused_in_bounded_time() {
    let (w, h) = (40u32, 31u32);
    let config = Config::new(w, h, 100).unwrap();
    let mut territory = vec![None; (w * h) as usize];
    let mut trail = vec![None; (w * h) as usize];
    // Player 1 owns a square in the east; player 0 owns a strip in the west and has a 15 × 15
    // block of trail east of it. A Hamiltonian path of an odd square ends on the majority
    // colour; the head at (2, 1) relative to the block's corner is on the minority one.
    for y in 0..3 {
        for x in 35..38 {
            territory[(y * w + x) as usize] = Some(Side::Second);
        }
    }
    for y in 0..h {
        territory[(y * w) as usize] = Some(Side::First);
    }
    for y in 1..16 {
        for x in 1..16 {
            trail[(y * w + x) as usize] = Some(Side::First);
        }
    }
    let heads = [
        Head {
            x: 2,
            y: 1,
            direction: Direction::East,
        },
        Head {
            x: 36,
            y: 1,
            direction: Direction::North,
        },
    ];
    let start = std::time::Instant::now();
    let err = bad(&Snapshot::new(config, territory, trail, heads, [90, 90]));
    assert!(
        matches!(
            err,
            SnapshotError::TrailNotAPath { .. } | SnapshotError::TrailTooTangled { .. }
        ),
        "{err:?}"
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(60));
}

#[test]
fn malformed_frames_are_typed_errors() {
    let game = walked();
    let frame = Frame::from_position(&game, [30.0, 30.0]);
    let refused = |f: &Frame| match f.to_snapshot(50) {
        Err(PaperioError::BadFrame(e)) => e,
        other => panic!("expected a frame error, got {other:?}"),
    };
    let mut f = frame.clone();
    f.fields[3].pop();
    assert_eq!(
        refused(&f),
        FrameError::Ragged {
            layer: "fields",
            column: 3
        }
    );
    let mut f = frame.clone();
    f.bands.pop();
    assert!(matches!(
        refused(&f),
        FrameError::Ragged { layer: "bands", .. }
    ));
    let mut f = frame.clone();
    f.fields[0][0] = Some(3);
    assert_eq!(
        refused(&f),
        FrameError::BadOwner {
            layer: "fields",
            x: 0,
            y: 0,
            id: 3
        }
    );
    let mut f = frame.clone();
    f.players.swap(0, 1);
    assert_eq!(refused(&f), FrameError::Players);
    let mut f = frame.clone();
    f.players[1].direction = 4;
    assert_eq!(refused(&f), FrameError::BadDirection(4));
    let mut f = frame.clone();
    f.fields.pop();
    f.bands.pop(); // 17 columns: an odd width the engine never builds
    assert!(matches!(
        f.to_snapshot(50),
        Err(PaperioError::BadSize { .. })
    ));
}
