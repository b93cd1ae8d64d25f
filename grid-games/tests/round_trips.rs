//! Text and serde round trips of the game types: `FromStr` reads what `Display` writes, and
//! with the `serde` feature values survive JSON while documents that break a rule are refused.

use grid_games::blokus::{Piece, Position, Variant, bots::RandomBot};
use grid_games::game::{Bot, Budget, Player, Side};
use grid_games::paperio::{Direction, Turn};

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
        let seen = Paper::from_snapshot(&read.to_snapshot(40).unwrap()).unwrap();
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
