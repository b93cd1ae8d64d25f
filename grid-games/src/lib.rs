//! Rule engines, bots, match runners and rating tournaments for grid games: Blokus
//! ([`blokus`]), paper.io ([`paperio`]) and the plane-bombing game ([`planes`]), with the
//! machinery they share ([`game`]).
//!
//! # A Blokus Duo game between two bots
//!
//! [`play_match`](game::play_match) referees any game of the crate between bots and records it.
//!
//! ```
//! use grid_games::blokus::{Position, Variant, bots::{HeuristicBot, RandomBot}};
//! use grid_games::game::{play_match, MatchRules};
//!
//! let (mut greedy, mut random) = (HeuristicBot::new(), RandomBot::new(7));
//! let record = play_match(Position::new(Variant::Duo), &mut [&mut greedy, &mut random], MatchRules::default())?;
//! assert!(record.last.is_over());
//! assert!(record.forfeit.is_none());
//! // Duo is played on 14 × 14 points with the 21 pieces of each colour.
//! assert_eq!(record.last.variant().size(), 14);
//! println!("{} after {} moves", record.last.final_score(), record.actions.len()); // e.g. "B+31"
//! assert_eq!(record.outcome.scores, record.last.player_points()); // points = squares + bonuses
//! # Ok::<(), grid_games::game::MatchError>(())
//! ```
//!
//! # Playing through the Go Text Protocol
//!
//! [`GtpEngine`](blokus::gtp::GtpEngine) answers GTP command lines (no IO of its own), as
//! Blokus programs such as Pentobi expect; [`with_position`](blokus::gtp::GtpEngine::with_position)
//! continues a game already under way.
//!
//! ```
//! use grid_games::blokus::{Position, Variant, bots::HeuristicBot, gtp::GtpEngine};
//! use grid_games::game::Budget;
//!
//! let mut engine = GtpEngine::new(Box::new(HeuristicBot::new()), Budget::default());
//! let mut ask = |line: &str| engine.respond(line).map(|r| r.text).unwrap_or_default();
//! assert_eq!(ask("set_game Blokus Duo"), "= \n\n");
//! assert_eq!(ask("boardsize 14"), "= \n\n");
//! assert_eq!(ask("play b e8,d9,e9,f9,e10"), "= \n\n"); // Blue's first piece covers e10
//! let reply = ask("genmove w");                          // White's first piece covers j5
//! assert!(reply.starts_with("= ") && reply.contains("j5"));
//! assert!(ask("final_score").starts_with("= "));
//!
//! // Continue a given position: Blue has placed its monomino on e10; White to move.
//! let mut pos = Position::new(Variant::Duo);
//! pos.play(pos.parse_move("e10")?)?;
//! let mut engine = GtpEngine::new(Box::new(HeuristicBot::new()), Budget::default()).with_position(pos);
//! assert!(engine.respond("genmove w").unwrap().text.contains("j5"));
//! assert_eq!(engine.position().history().len(), 2);
//! # Ok::<(), grid_games::blokus::BlokusError>(())
//! ```
//!
//! # A plane-bombing game
//!
//! Each player hides three planes on a 12 × 12 sheet and bombs the other's;
//! [`play_game`](planes::play_game) referees one game, [`play_test_point`](planes::play_test_point)
//! a series with alternating first moves.
//!
//! ```
//! use grid_games::game::Side;
//! use grid_games::planes::{play_game, play_test_point, GameSettings, Geometry, HunterBot, RandomBot, SUBTASKS};
//!
//! let geometry = Geometry::standard();
//! let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
//! // Subtask 1: three classic planes each.
//! let settings = GameSettings::new(SUBTASKS[0]).with_first(Side::Second);
//! let game = play_game(&geometry, &settings, [&mut hunter, &mut random]);
//! assert_eq!(game.first, Side::Second);
//! let point = play_test_point(&geometry, SUBTASKS[0], 4, &mut hunter, &mut random);
//! assert_eq!(point.wins + point.losses(), 4);
//! ```
//!
//! # A paper.io game
//!
//! ```
//! use grid_games::game::{play_match, MatchRules, Rng};
//! use grid_games::paperio::{Config, Position, bots::{RandomWalker, SafeWalker}};
//!
//! let game = Position::random(Config::default(), &mut Rng::seed_from(1))?;
//! assert_eq!(game.territory_counts(), [9, 9]); // each starts with a 3 × 3 square
//! let (mut safe, mut random) = (SafeWalker::new(1), RandomWalker::new(2));
//! let record = play_match(game, &mut [&mut safe, &mut random], MatchRules::default())?;
//! let end = record.last.end().expect("the game is over");
//! println!("{} (code {}), winner {:?}", end.name(), end.code(), end.winner());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # A rating tournament
//!
//! [`Tournament`](game::Tournament) rates entrants of any two-player game: the closure plays
//! one pairing and returns the first entrant's win fraction.
//!
//! ```
//! use grid_games::game::{Rng, Tournament};
//!
//! // Three entrants whose strength is their index.
//! let standings = Tournament::default().with_rounds(10).run(3, 7, |a, b, rng: &mut Rng| {
//!     let p = 0.5 + 0.2 * (a as f64 - b as f64);
//!     (0..20).filter(|_| rng.unit() < p).count() as f64 / 20.0
//! })?;
//! assert!(standings.ratings[2] > standings.ratings[0]);
//! # Ok::<(), grid_games::game::TournamentError>(())
//! ```
//!
//! # Modules
//!
//! * [`game`]: what every game shares: the [`game::Game`] and [`game::Bot`] traits of
//!   perfect-information games with the match runner [`game::play_match`] and the
//!   [`game::Tally`] of a series, the seeded [`game::Rng`], the Elo formulas ([`game::elo`])
//!   and the rating [`game::Tournament`] (matchmaking with a widening window, decaying K, A–E
//!   tier scoring).
//! * [`blokus`]: Blokus (Classic, Classic two-player, Duo) with the rules and scoring of
//!   Pentobi (a free Blokus program): fast move generation, notation, perft, a GTP engine, and
//!   random, greedy and Monte Carlo bots.
//! * [`paperio`]: paper.io (纸带圈地) with every rule of the reference engine of the SESSDSA
//!   2018 programming course's contest, random, safe, raiding and planning walkers (the planner
//!   is the strongest), and positions read from the course engine's frames.
//! * [`planes`]: the plane-bombing game (炸飞机): its referee, the imperfect-information player
//!   API, a random bot and a layout-tracking hunter bot.
//! * Pictures: [`blokus::svg::render`] and [`paperio::svg::render`] draw a position as an SVG
//!   string (no IO):
//!
//!   ```
//!   use grid_games::blokus::{Position, Variant, svg};
//!   let svg = svg::render(&Position::new(Variant::Duo), &svg::SvgOptions::default());
//!   assert!(svg.starts_with("<svg") && svg.contains("class=\"start\""));
//!   ```
//!
//! With the `serde` feature, positions, moves, seats, outcomes, tallies and configurations
//! serialize with serde.
//!
//! # Features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `serde` | off | `Serialize`/`Deserialize` for Blokus positions (written as their move history, replayed and checked on reading), moves, variants, colours, pieces and points; seats, outcomes, tallies, budgets, match and tournament settings; paper.io configurations, turns, directions, starts and endings; plane specs, actions and test points |
//! | `rand_core` | off | [`game::Rng`] as a `rand_core` 0.10 generator (`TryRng` with `Error = Infallible`, `SeedableRng`), giving the same stream as [`game::Rng::seed_from`] |
#![forbid(unsafe_code)]

pub mod blokus;
pub mod game;
pub mod paperio;
pub mod planes;

/// The `polyomino` crate this one builds on, re-exported so its types (`Cell`, `Polyomino`,
/// `MarkedPolyomino`, `Bitboard`, ...) need no dependency of their own.
pub use polyomino;

pub use game::{Bot, ByPlayer, Game, Player, Rng, Side};
