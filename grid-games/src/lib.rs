//! Rule engines, bots, match runners and rating tournaments for grid games: Blokus
//! ([`blokus`]), paper.io ([`paperio`]) and the plane-bombing game ([`planes`]), with the
//! machinery they share ([`game`]).
//!
//! | game | rules | strongest bot | other bots |
//! |---|---|---|---|
//! | [`blokus`] | Classic (four, three and two players), Duo and Junior, with Pentobi's rules and scoring | [`blokus::bots::SearchBot`]: Monte Carlo tree search after Pentobi's methods | [`MctsBot`](blokus::bots::MctsBot), [`HeuristicBot`](blokus::bots::HeuristicBot), [`RandomBot`](blokus::bots::RandomBot) |
//! | [`paperio`] | paper.io (纸带圈地) as the SESSDSA 2018 course's engine plays it | [`paperio::bots::GuardBot`]: plans the loop with the most land the enemy cannot cut, and ambushes enemy trails from its land | [`PlannerBot`](paperio::bots::PlannerBot), [`RaiderBot`](paperio::bots::RaiderBot), [`SafeBot`](paperio::bots::SafeBot), [`RandomBot`](paperio::bots::RandomBot) |
//! | [`planes`] | the plane-bombing game (炸飞机) of the original contest, with its referee | [`planes::bots::HunterBot`]: tracks every opponent layout consistent with what it saw | [`RandomBot`](planes::bots::RandomBot) |
//!
//! Every bot is made the same way: `new(seed)`, `with_config(seed, config)` where it has a
//! configuration, and (with the `rand_core` feature) `from_rng(&mut rng)` from any
//! `rand_core` generator. Each game's bots are in its `bots` module, with `named_bot(name,
//! seed)` for command lines.
//!
//! Types live in their game's module and are used through it, the way `std::io::Result` and
//! `std::fmt::Result` are: [`blokus::Position`], [`paperio::Position`] and
//! [`planes::Position`] share a name on purpose, so import the module (`use
//! grid_games::blokus;`) and write `blokus::Position`, or import one game's types.
//!
//! # A Blokus Duo game between two bots
//!
//! [`play_match`](game::play_match) referees any game of the crate between bots and records
//! it. Here the strongest Blokus bot plays the greedy one with a fixed budget of simulations
//! per move, which makes the game replayable from the seeds.
//!
//! ```
//! use grid_games::blokus::{self, bots::{HeuristicBot, SearchBot}};
//! use grid_games::game::{play_match, Budget, MatchRules};
//!
//! let (mut search, mut greedy) = (SearchBot::new(1), HeuristicBot::new(2));
//! let rules = MatchRules::default().with_budget(Budget::iterations(60));
//! let start = blokus::Position::new(blokus::Variant::Duo);
//! let record = play_match(start, &mut [&mut search, &mut greedy], rules)?;
//! assert!(record.last.is_over() && record.forfeit.is_none());
//! println!("{}", record.outcome); // e.g. "1-0 (71 to 45)": the result, then the points
//! assert_eq!(record.outcome.scores, record.last.player_points()); // points = squares + bonuses
//! // A position is one line of text (the variant and the placements), and reads back.
//! let line = record.last.to_string(); // "duo b:e8,d9,e9,f9,e10 w:..."
//! let replayed: blokus::Position = line.parse()?;
//! assert_eq!(replayed, record.last);
//! println!("{:#}", record.last); // the board picture
//! # Ok::<(), Box<dyn std::error::Error>>(())
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
//! let mut engine = GtpEngine::new(Box::new(HeuristicBot::new(0)), Budget::default());
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
//! let mut engine = GtpEngine::new(Box::new(HeuristicBot::new(0)), Budget::default()).with_position(pos);
//! assert!(engine.respond("genmove w").unwrap().text.contains("j5"));
//! assert_eq!(engine.position().history().len(), 2);
//! # Ok::<(), grid_games::blokus::BlokusError>(())
//! ```
//!
//! # A plane-bombing game
//!
//! Each player hides three planes on a 12 × 12 sheet and bombs the other's;
//! [`play_game`](planes::play_game) referees one game, [`play_test_point`](planes::play_test_point)
//! a series with alternating first moves, counted in a [`Tally`](game::Tally).
//!
//! ```
//! use grid_games::game::Side;
//! use grid_games::planes::{self, bots::{HunterBot, RandomBot}, GameSettings, TestPointOptions, SUBTASKS};
//!
//! let geometry = planes::Geometry::standard();
//! let (mut hunter, mut random) = (HunterBot::new(1), RandomBot::new(2));
//! // Subtask 1: three classic planes each.
//! let settings = GameSettings::new(SUBTASKS[0]).with_first(Side::Second);
//! let game = planes::play_game(&geometry, &settings, [&mut hunter, &mut random]);
//! assert_eq!(game.first, Side::Second);
//! println!("{game}"); // e.g. "1-0 (player 1 won by rule; 3 to 1): all three planes destroyed after ..."
//! let options = TestPointOptions::default().with_games(4);
//! let point = planes::play_test_point(&geometry, &options, &mut hunter, &mut random);
//! assert_eq!(point.tally.wins + point.tally.losses, 4);
//! ```
//!
//! # A paper.io game
//!
//! ```
//! use grid_games::game::{play_match, MatchRules, Rng};
//! use grid_games::paperio::{self, bots::{PlannerBot, RandomBot}};
//!
//! let game = paperio::Position::random(paperio::Config::default(), &mut Rng::seed_from(1))?;
//! assert_eq!(game.territory_counts(), [9, 9]); // each starts with a 3 × 3 square
//! let (mut planner, mut random) = (PlannerBot::new(1), RandomBot::new(2));
//! let record = play_match(game, &mut [&mut planner, &mut random], MatchRules::default())?;
//! let end = record.last.end().expect("the game is over");
//! println!("{end}"); // e.g. "trail: player 2 ran into its own trail; player 1 won"
//! println!("{record}"); // the outcome, the plies, the thinking times
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
//! * [`blokus`]: Blokus (Classic for four, three and two players, Duo, Junior) with the rules
//!   and scoring of Pentobi (a free Blokus program): fast move generation, notation, positions as one line of
//!   text, perft, a GTP engine, and random, greedy and Monte Carlo bots (the search bot is the
//!   strongest).
//! * [`paperio`]: paper.io (纸带圈地) with every rule of the reference engine of the SESSDSA
//!   2018 programming course's contest, random, safe, raiding and planning bots (the planner
//!   is the strongest), and positions read from the course engine's frames.
//! * [`planes`]: the plane-bombing game (炸飞机): the game as a [`game::Game`] position, its
//!   referee on the shared match runner, the imperfect-information player API, a random bot
//!   and a layout-tracking hunter bot (the strongest).
//! * Pictures: Blokus and paper.io positions implement [`ToSvg`](polyomino::svg::ToSvg) and
//!   draw themselves as SVG strings (no IO), with the options every picture of the family
//!   takes ([`SvgOptions`](polyomino::svg::SvgOptions)); [`blokus::svg`] and [`paperio::svg`]
//!   say what is drawn and the defaults:
//!
//!   ```
//!   use grid_games::blokus::{self, Variant, svg::{SvgOptions, ToSvg}};
//!   let svg = blokus::Position::new(Variant::Duo).to_svg(&SvgOptions::default())?;
//!   assert!(svg.starts_with("<svg") && svg.contains("class=\"start\""));
//!   # Ok::<(), Box<dyn std::error::Error>>(())
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
//! | `rand_core` | off | [`game::Rng`] as a `rand_core` 0.10 generator (`TryRng` with `Error = Infallible`, `SeedableRng`), giving the same stream as [`game::Rng::seed_from`]; `from_rng(&mut rng)` on every bot, seeding it from any `rand_core` generator |
#![forbid(unsafe_code)]

// The README's code blocks run as doctests, so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[macro_use]
mod macros;

pub mod blokus;
pub mod game;
pub mod paperio;
pub mod planes;

/// The `polyomino` crate this one builds on, re-exported so its types (`Cell`, `Polyomino`,
/// `MarkedPolyomino`, `Bitboard`, ...) need no dependency of their own.
pub use polyomino;

pub use game::{Bot, ByPlayer, Game, Player, Rng, Side};
