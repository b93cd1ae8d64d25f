//! paper.io (纸带圈地), as the reference engine of the SESSDSA 2018 programming course contest
//! plays it: two heads that always move, trails that enclose land, and every quirk of that
//! engine.
//!
//! | strongest bot | other bots |
//! |---|---|
//! | [`bots::PlannerBot`]: plans the loop with the most land per ply that the enemy cannot cut | [`bots::RaiderBot`], [`bots::SafeBot`], [`bots::RandomBot`] |
//!
//! A [`Position`] prints as its board picture (`Display`, the same as
//! [`render`](Position::render)); it is a picture, not a format (a trail's order does not
//! show), so there is no `FromStr`: [`Snapshot`] and [`course::Frame`] are the forms that read
//! back. An [`End`] prints what happened and who won.
//!
//! ```
//! use grid_games::paperio::{Config, Position, Turn, End};
//! use grid_games::game::Rng;
//! // A game on the default 102 × 101 board with the engine's random placement.
//! let mut game = Position::random(Config::default(), &mut Rng::seed_from(7))?;
//! assert_eq!(game.territory_counts(), [9, 9]);
//! // Both players run straight on until something ends the game: a wall or a trail.
//! while game.end().is_none() {
//!     game.play(Turn::Straight)?;
//! }
//! let end = game.end().unwrap();
//! assert!(matches!(end, End::Wall { .. } | End::TrailHit { .. }), "{end:?}");
//! println!("{} (code {}), winner {:?}", end.name(), end.code(), end.winner());
//! # Ok::<(), grid_games::paperio::PaperioError>(())
//! ```
//!
//! ```
//! use grid_games::paperio::{Config, PaperioError, Position};
//! use grid_games::game::Rng;
//! // Boards the course engine cannot build (its width is 2k) are typed errors ...
//! let odd = Config::default().with_size(19, 9);
//! assert!(matches!(odd.validate(), Err(PaperioError::BadSize { .. })));
//! // ... and so is a board too small for its random placement, which would put a head off it.
//! let tiny = Config::new(12, 9, 100)?;
//! assert!(matches!(
//!     Position::random(tiny, &mut Rng::seed_from(1)),
//!     Err(PaperioError::TooSmallForRandomStarts { .. })
//! ));
//! # Ok::<(), PaperioError>(())
//! ```
//!
//! ```
//! use grid_games::paperio::{Config, Position, bots::{SafeBot, RandomBot}};
//! use grid_games::game::{play_match, MatchRules, Rng};
//! // A whole game between two bots through the shared match runner.
//! let game = Position::random(Config::default(), &mut Rng::seed_from(1))?;
//! let (mut a, mut b) = (SafeBot::new(1), RandomBot::new(2));
//! let record = play_match(game, &mut [&mut a, &mut b], MatchRules::default())?;
//! assert!(record.last.end().is_some());
//! println!("{record}"); // e.g. "1-0 (player 1 won by rule; 45 to 9) after 130 actions; ..."
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Rules in brief
//! Each player owns a 3 × 3 square around its head. Players alternate plies, player 0 first;
//! a ply turns left, right or not at all and advances one cell. Leaving one's territory lays a
//! trail; coming home with a trail converts it to territory and fills every non-own pocket cut
//! off from the board edge (enemy land, trail cells and even the enemy head inside change
//! owner, but trail marks survive). A ply is resolved in the engine's order: border, heads
//! meet, trail hit, ordinary arrival; the board is still updated on the deciding ply. Every
//! ending is an [`End`] with the engine's code, winner and extra data. Each player has
//! `max_turn` moves; after them territory decides.
//!
//! # Layout
//! `config.rs` (size, directions, turns, starts, errors), `end.rs` (result codes),
//! `position.rs` (state and ply resolution; see [`Position`] for the cost of each
//! operation), `snapshot.rs` ([`Snapshot`]: a position as plain data, and
//! [`Position::from_snapshot`], the checked way back from what an observer sees), `course.rs`
//! ([`course`]: the course engine's frames and player ids), `bots/` (random, safe, raiding and
//! planning bots), `svg.rs` (the position's [`to_svg`](svg::ToSvg::to_svg): the board as an SVG picture).
//!
//! # Playing inside the course's engine
//! [`course::Frame`] is the frame dict the course's Python engine gives its AIs; a bot of this
//! crate reads one as a position ([`Position::from_frame`])
//! and answers a [`Turn`] (its `Display` is the engine's letter). The repository's
//! `paperio_course_ai` example and its Python adapter (`examples/paperio_course/rust_ai.py`)
//! do exactly this once per turn; `docs/grid-games.md` explains how to enter them in a course
//! tournament. [`Position`] implements the crate's
//! [`Game`](crate::game::Game) trait, so [`play_match`](crate::game::play_match) runs matches,
//! with the contest's per-game time budget as
//! [`MatchRules::game_time`](crate::game::MatchRules::game_time).
//!
//! # Checking against the course engine: the trace format
//! The crate's `paperio_conformance` example replays games recorded from the course's Python
//! engine, one JSON object per line (JSON Lines), each replayed from its configuration and
//! moves alone:
//!
//! * `width`, `height`, `max_turn`: the [`Config`]; `init`: `[{"x", "y", "direction"}, ...]`,
//!   the two [`Start`]s (directions 0 East, 1 South, 2 West, 3 North; `(0, 0)` is the
//!   north-west corner);
//! * `moves`: `["lnr…", "nnl…"]`, each player's [`Turn`]s as the engine's letters (ply `j` is
//!   made by player `j % 2` with its move `j / 2`); `plies`: how many plies were applied;
//! * `result`: `{"winner": 0 | 1 | null, "code": c, "extra": …}`, compared with
//!   [`End::winner`], [`End::code`] and the variant's data;
//! * `ply_counts`: `[[territory0, territory1, trail0, trail1], …]` after every ply, compared
//!   with [`Position::territory_counts`] and [`Position::trail_counts`];
//! * `final`: the final territory and trail grids (`fields`, `bands`: rows of `.`, `1`, `2`)
//!   and heads, compared cell by cell, and, when present, each player's `band_route`
//!   (directions 0..3), compared with [`Position::route`].
//!
//! Other fields are ignored. The example's `--help` gives the details, and it ships three
//! sample traces (`examples/data/paperio_traces_sample.jsonl`).

pub mod bots;
mod config;
pub mod course;
mod end;
mod position;
mod snapshot;
pub mod svg;

pub use config::{Config, Direction, MAX_SIDE, MAX_TURN, PaperioError, Start, Turn};
/// The course engine's frame, also at [`course::Frame`]: what a course AI sees each turn.
pub use course::Frame;
pub use end::{End, ForfeitKind};
pub use position::Position;
pub use snapshot::{Head, Snapshot, SnapshotError, TRAIL_SEARCH_LIMIT};
