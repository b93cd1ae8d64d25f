//! Text and serde round trips of the game types: `FromStr` reads what `Display` writes, and
//! with the `serde` feature values survive JSON while documents that break a rule are refused.

use grid_games::blokus::{Piece, Position, Variant, bots::RandomBot};
use grid_games::game::{Bot, Budget, Player, Rng, Side};
use grid_games::paperio::{Direction, Turn};
use proptest::prelude::*;

/// A Blokus position after `plies` moves of two random bots.
fn blokus_game(variant: Variant, seed: u64, plies: usize) -> Position {
    let mut pos = Position::new(variant);
    let mut bot = RandomBot::new(seed);
    for _ in 0..plies {
        if pos.is_over() {
            break;
        }
        let m = bot.choose(&pos, Budget::default()).expect("a legal move");
        pos.play(m).expect("legal");
    }
    pos
}

#[test]
fn text_forms_read_back() {
    for v in Variant::ALL {
        assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
    }
    for p in Piece::all() {
        assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
    }
    for t in Turn::ALL {
        assert_eq!(t.to_string().parse::<Turn>(), Ok(t));
    }
    for d in Direction::ALL {
        assert_eq!(d.to_string().parse::<Direction>(), Ok(d));
        assert_eq!(d.index().to_string().parse::<Direction>(), Ok(d));
    }
    for junk in ["", "x", "left", "ll"] {
        assert!(junk.parse::<Turn>().is_err(), "{junk:?}");
    }
    assert!("4".parse::<Direction>().is_err());
    assert!("hexomino".parse::<Piece>().is_err());
    assert_eq!(Player::FIRST.to_string(), Side::First.to_string());
}

#[test]
fn the_gtp_engine_continues_a_given_position() {
    use grid_games::blokus::gtp::GtpEngine;
    let pos = blokus_game(Variant::Classic, 5, 12);
    let before = pos.history().len();
    let mut gtp = GtpEngine::new(Box::new(RandomBot::new(9)), Budget::default()).with_position(pos);
    let reply = gtp.respond("genmove 1").expect("an answer");
    assert!(reply.text.starts_with("= "), "{}", reply.text);
    assert_eq!(gtp.position().history().len(), before + 1);
    assert_eq!(gtp.position().variant(), Variant::Classic);
}

/// A Blokus position from a random game: `plies` moves, each in turn or (when `out_of_turn`
/// picks it) by a random colour through `play_as`, and maybe a turn set by hand at the end.
fn scrambled_blokus_game(variant: Variant, seed: u64, plies: usize, out_of_turn: u8) -> Position {
    use grid_games::blokus::MoveTable;
    use std::sync::{Arc, OnceLock};
    // One table per variant for all cases (a Classic table takes tens of milliseconds).
    static TABLES: [OnceLock<Arc<MoveTable>>; Variant::ALL.len()] =
        [const { OnceLock::new() }; Variant::ALL.len()];
    let k = Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .expect("a variant");
    let table = TABLES[k].get_or_init(|| Arc::new(MoveTable::new(variant)));
    let mut rng = Rng::seed_from(seed);
    let mut pos = Position::with_table(Arc::clone(table));
    let mut moves = Vec::new();
    for _ in 0..plies {
        let colour = if rng.below(8) < u64::from(out_of_turn) {
            let c = variant
                .colour(rng.index(variant.colours()))
                .expect("a colour");
            pos.legal_moves_of(c, &mut moves);
            c
        } else {
            match pos.colour_to_move() {
                Some(c) => {
                    pos.legal_moves_of(c, &mut moves);
                    c
                }
                None => break,
            }
        };
        if let Some(&m) = rng.choose(&moves) {
            pos.play_as(colour, m).expect("a legal move");
        }
    }
    if out_of_turn > 0 && rng.below(2) == 0 {
        let c = variant
            .colour(rng.index(variant.colours()))
            .expect("a colour");
        pos.set_nominal_to_move(c).expect("a colour of the variant");
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Random games of every variant (in turn, out of turn, with the turn set by hand) read
    /// back from their line: an equal position, the same board and points, the same legal
    /// moves for every colour; and the line has one field per placement.
    #[test]
    fn blokus_position_lines_read_back(
        variant in proptest::sample::select(Variant::ALL.to_vec()),
        seed in any::<u64>(),
        plies in 0usize..90,
        out_of_turn in 0u8..3,
    ) {
        let pos = scrambled_blokus_game(variant, seed, plies, out_of_turn);
        let line = pos.to_string();
        let back: Position = line.parse().map_err(|e| TestCaseError::fail(format!("{line}: {e}")))?;
        prop_assert_eq!(&back, &pos);
        prop_assert_eq!(back.to_string(), line.clone());
        prop_assert_eq!(back.render(), pos.render());
        prop_assert_eq!(back.points(), pos.points());
        prop_assert_eq!(back.colour_to_move(), pos.colour_to_move());
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for c in variant.all_colours() {
            pos.legal_moves_of(c, &mut ours);
            back.legal_moves_of(c, &mut theirs);
            prop_assert_eq!(&ours, &theirs);
        }
        let fields: Vec<&str> = line.split(' ').collect();
        prop_assert_eq!(fields[0], variant.id());
        let placements = fields.iter().filter(|f| f.contains(':')).count();
        prop_assert_eq!(placements, pos.history().len());
        prop_assert!(fields.iter().all(|f| !f.is_empty()));
    }
}

#[test]
fn malformed_blokus_lines_are_typed_errors() {
    use grid_games::blokus::{BlokusError, ParsePositionError as E};
    let bad_move = |line: &str| match line.parse::<Position>() {
        Err(E::BadMove {
            number,
            field,
            error,
        }) => (number, field, error),
        other => panic!("{line}: {other:?}"),
    };
    assert_eq!("".parse::<Position>(), Err(E::Empty));
    assert_eq!("   ".parse::<Position>(), Err(E::Empty));
    assert_eq!(
        "Blokus Duo".parse::<Position>(),
        Err(E::UnknownVariant("Blokus".into()))
    );
    assert_eq!(
        "duo e10".parse::<Position>(),
        Err(E::BadField("e10".into()))
    );
    assert_eq!(
        bad_move("duo b:e10 x:j5"),
        (2, "x:j5".into(), BlokusError::UnknownColour("x".into()))
    );
    // Classic colours are 1 to 4; Duo's are b and w.
    assert!(matches!(
        bad_move("classic b:a20").2,
        BlokusError::UnknownColour(_)
    ));
    assert!(matches!(
        bad_move("duo 1:e10").2,
        BlokusError::UnknownColour(_)
    ));
    assert!(matches!(
        bad_move("duo b:e10,z9").2,
        BlokusError::BadPoint(_) | BlokusError::OffBoard(_)
    ));
    assert!(matches!(
        bad_move("duo b:a1,c1").2,
        BlokusError::NotAPiece(_)
    ));
    assert_eq!(bad_move("duo b:pass").2, BlokusError::PassNotSupported);
    assert!(matches!(
        bad_move("duo b:a1").2,
        BlokusError::MissesStart(_)
    ));
    assert_eq!(
        bad_move("duo b:e10 w:j5 b:e11"),
        (3, "b:e11".into(), BlokusError::PieceUsed("1"))
    );
    assert_eq!(
        "duo b:e10 to_move=3".parse::<Position>(),
        Err(E::BadTurn {
            field: "to_move=3".into(),
            error: BlokusError::UnknownColour("3".into())
        })
    );
    assert_eq!(
        "duo to_move=w b:e10".parse::<Position>(),
        Err(E::AfterTurn("b:e10".into()))
    );
    // Extra whitespace, cells in any order and upper case are read; the canonical line comes
    // back.
    let pos: Position = "  duo   b:E10,e9,D9,e8,f9  ".parse().expect("a valid line");
    assert_eq!(pos.to_string(), "duo b:e8,d9,e9,f9,e10");
    // A redundant turn field is read too; the line leaves it out.
    let pos: Position = "duo b:e10 to_move=w".parse().expect("a valid line");
    assert_eq!(pos.to_string(), "duo b:e10");
    // White opens: the line says so.
    let mut pos = Position::new(Variant::Duo);
    pos.set_nominal_to_move(Variant::Duo.parse_colour("w").unwrap())
        .unwrap();
    assert_eq!(pos.to_string(), "duo to_move=w");
    assert_eq!("duo to_move=w".parse::<Position>(), Ok(pos));
}

#[cfg(feature = "serde")]
mod serde_forms {
    use super::*;
    use grid_games::game::{ByPlayer, Outcome, Tally, Verdict};
    use grid_games::paperio::{Config, End};
    use grid_games::planes::{Action, PlaneSpec, Step};
    use polyomino::Cell;

    fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
        serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
    }

    #[test]
    fn blokus_positions_replay_their_history() {
        for (variant, seed) in [
            (Variant::Duo, 1),
            (Variant::Classic, 2),
            (Variant::Classic2, 3),
            (Variant::Junior, 4),
            (Variant::Classic3, 5),
        ] {
            for plies in [0, 7, 200] {
                let pos = blokus_game(variant, seed, plies);
                let back: Position = round_trip(&pos);
                assert_eq!(back.render(), pos.render());
                assert_eq!(
                    back.history().collect::<Vec<_>>(),
                    pos.history().collect::<Vec<_>>()
                );
                assert_eq!(back.nominal_to_move(), pos.nominal_to_move());
                assert_eq!(back.legal_moves(), pos.legal_moves());
            }
        }
        let m = Position::new(Variant::Duo).legal_moves()[3];
        assert_eq!(round_trip(&m), m);
        // A history that breaks a rule is refused with the rule's error.
        let bad = r#"{"variant":"duo","history":[{"colour":0,"move":"a1"}],"to_move":1}"#;
        let err = serde_json::from_str::<Position>(bad)
            .unwrap_err()
            .to_string();
        assert!(err.contains("move 1"), "{err}");
        let third = r#"{"variant":"duo","history":[],"to_move":2}"#;
        assert!(serde_json::from_str::<Position>(third).is_err());
    }

    /// paper.io positions survive JSON (running and ended), a course frame written the way
    /// Python's `json.dumps` writes a player's frame (tuples as lists, `None` as null, with
    /// the `me` and `enemy` entries) reads as a `Frame`, and a document describing no
    /// reachable position is refused.
    #[test]
    fn paperio_positions_and_course_frames_survive_json() {
        use grid_games::game::Rng;
        use grid_games::paperio::course::Frame;
        use grid_games::paperio::{Position as Paper, Snapshot, Turn as PaperTurn};
        let mut game =
            Paper::random(Config::default().with_max_turn(40), &mut Rng::seed_from(3)).unwrap();
        for turn in [
            PaperTurn::Straight,
            PaperTurn::Left,
            PaperTurn::Straight,
            PaperTurn::Right,
        ] {
            game.play(turn).unwrap();
        }
        assert_eq!(round_trip(&game), game);
        let mut over = game.clone();
        while over.end().is_none() {
            over.play(PaperTurn::Straight).unwrap();
        }
        assert_eq!(round_trip(&over), over);
        let snapshot = game.snapshot();
        assert_eq!(round_trip(&snapshot), snapshot);
        let mut broken = serde_json::to_value(&game).unwrap();
        broken["moves_left"] = serde_json::json!([40, 38]);
        assert!(serde_json::from_value::<Paper>(broken).is_err());

        // A player's frame as the course engine's AI would serialize it.
        let frame = Frame::from_position(&game, [29.0, 28.5]);
        let mut course = serde_json::to_value(&frame).unwrap();
        assert!(course.get("band_route").is_some());
        course.as_object_mut().unwrap().remove("band_route");
        let me = course["players"][0].clone();
        course["me"] = me;
        course["enemy"] = course["players"][1].clone();
        assert_eq!(course["fields"].as_array().unwrap().len(), 102);
        let read: Frame = serde_json::from_value(course).unwrap();
        let seen = Paper::from_frame(&read, 40).unwrap();
        assert_eq!(seen.snapshot().territory, game.snapshot().territory);
        assert_eq!(seen.trail_counts(), game.trail_counts());
        let _: Snapshot = seen.into();
    }

    #[test]
    fn results_and_settings_survive_json() {
        let outcome = Outcome {
            scores: ByPlayer::from([12, 40]),
            verdict: Verdict::Winner(Player::SECOND),
        };
        assert_eq!(round_trip(&outcome), outcome);
        let mut tally = Tally::default();
        tally.add(&outcome, Player::FIRST);
        tally.add(&Outcome::from_scores([5, 5]), Player::FIRST);
        assert_eq!(round_trip(&tally), tally);
        assert_eq!(serde_json::to_string(&Player::THIRD).unwrap(), "2");
        assert!(serde_json::from_str::<Player>("4").is_err());
        assert_eq!(round_trip(&Side::Second), Side::Second);
        let config = Config::new(40, 21, 300).unwrap();
        assert_eq!(round_trip(&config), config);
        let end = End::HeadsOnLand {
            mover: Side::First,
            mover_won: false,
        };
        assert_eq!(round_trip(&end), end);
        assert_eq!(serde_json::to_string(&Turn::Left).unwrap(), r#""Left""#);
        let spec = PlaneSpec {
            kind: 1,
            direction: 2,
            head: Cell::new(3, 4),
        };
        assert_eq!(round_trip(&spec), spec);
        let action = Action::Move {
            plane: 2,
            step: Step::Right,
        };
        assert_eq!(round_trip(&action), action);
    }

    #[test]
    fn seat_lists_longer_than_the_seats_are_refused() {
        // A list of five or more values read as five or more seats: `iter` then named seats no
        // `Player` can (wrapping past 255), and the invariants of `Outcome` broke.
        let four: ByPlayer<i64> = serde_json::from_str("[1, 2, 3, 4]").unwrap();
        assert_eq!(four.len(), 4);
        assert!(serde_json::from_str::<ByPlayer<i64>>("[1, 2, 3, 4, 5]").is_err());
        let long = format!("[{}]", vec!["0"; 300].join(","));
        assert!(serde_json::from_str::<ByPlayer<i64>>(&long).is_err());
        let outcome = r#"{"scores":[1,2,3,4,5],"verdict":"ByScore"}"#;
        assert!(serde_json::from_str::<Outcome>(outcome).is_err());
        // Tallies read with counts at the top of the range saturate instead of overflowing.
        let json = format!(
            r#"{{"wins":{m},"draws":{m},"losses":{m},"forfeits_lost":0,"forfeits_won":0,"margin_sum":{i},"result_squares":0.0}}"#,
            m = u64::MAX,
            i = i128::MAX
        );
        let mut tally: Tally = serde_json::from_str(&json).unwrap();
        assert_eq!(tally.games(), u64::MAX);
        tally.add(&Outcome::from_scores([9, 1]), Player::FIRST);
        tally.merge(&tally.clone());
        assert_eq!((tally.wins, tally.margin_sum), (u64::MAX, i128::MAX));
    }
}
