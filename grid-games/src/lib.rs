//! Rule engines, bots, match runners and rating tournaments for grid games.
//!
//! * [`game`]: what every game shares: the [`game::Game`] and [`game::Bot`] traits of
//!   perfect-information games with the match runner [`game::play_match`], the seeded
//!   [`game::Rng`], the Elo formulas and the rating [`game::Tournament`] (matchmaking with a
//!   widening window, decaying K, A–E tier scoring), which takes a closure that plays one
//!   pairing, so any two-player game can be rated.
//! * [`blokus`]: Blokus (Classic, Classic two-player, Duo) as Pentobi plays it: move
//!   generation at Pentobi's speed, notation, perft, and random, greedy and Monte Carlo bots.
//! * [`paperio`]: paper.io (纸带圈地) with every rule of the course's reference engine, and
//!   random, safe and strong walkers.
//! * Pictures: [`blokus::svg::render`] and [`paperio::svg::render`] draw a position as an SVG
//!   string (no IO):
//!
//!   ```
//!   use grid_games::blokus::{Position, Variant, svg};
//!   let svg = svg::render(&Position::new(Variant::Duo), &svg::SvgOptions::default());
//!   assert!(svg.starts_with("<svg") && svg.contains("class=\"start\""));
//!   ```
//! * [`planes`]: the plane-bombing game (炸飞机): its referee, the imperfect-information player
//!   API, a random bot and a layout-tracking hunter bot.
//!
//! ```
//! use grid_games::game::{Rng, Tournament};
//! // Rate three entrants whose strength is their index.
//! let t = Tournament::default().with_rounds(10);
//! let standings = t.run(3, 7, |a, b, rng: &mut Rng| {
//!     let p = 0.5 + 0.2 * (a as f64 - b as f64);
//!     (0..20).filter(|_| rng.unit() < p).count() as f64 / 20.0
//! })?;
//! assert!(standings.ratings[2] > standings.ratings[0]);
//! # Ok::<(), grid_games::game::TournamentError>(())
//! ```
#![forbid(unsafe_code)]

pub mod blokus;
pub mod game;
pub mod paperio;
pub mod planes;

/// The `polyomino` crate this one builds on, re-exported so its types (`Cell`, `Polyomino`,
/// `MarkedPolyomino`, `Bitboard`, ...) need no dependency of their own.
pub use polyomino;

pub use game::{Bot, ByPlayer, Game, Player, Rng, Side};
