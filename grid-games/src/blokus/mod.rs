//! Blokus: the rules engine of every square-board variant Pentobi plays (Classic for four,
//! three and two players, Duo, Junior), its move notation, positions as one line of text,
//! perft, a GTP engine, and bots.
//!
//! | strongest bot | other bots |
//! |---|---|
//! | [`bots::SearchBot`]: Monte Carlo tree search after Pentobi's methods | [`bots::MctsBot`], [`bots::HeuristicBot`], [`bots::RandomBot`] |
//!
//! ```
//! use grid_games::blokus::{Position, Variant};
//! // The opening of Duo: 414 legal placements, all through e10.
//! let mut pos = Position::new(Variant::Duo);
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 414);
//! pos.play(moves[0])?;
//! assert_eq!(pos.history().len(), 1);
//! # Ok::<(), grid_games::blokus::BlokusError>(())
//! ```
//!
//! ```
//! use grid_games::blokus::{Position, Variant, BlokusError};
//! // Moves are written as the cells they cover; illegal ones are typed errors.
//! let mut pos = Position::new(Variant::Duo);
//! let off_start = pos.parse_move("a1,b1")?;
//! assert!(matches!(pos.play(off_start), Err(BlokusError::MissesStart(_))));
//! assert!(matches!(pos.parse_move("a1,c1"), Err(BlokusError::NotAPiece(_))));
//! # Ok::<(), BlokusError>(())
//! ```
//!
//! ```
//! use grid_games::blokus::{Position, Variant, bots::{HeuristicBot, RandomBot}};
//! use grid_games::game::{play_match, MatchRules};
//! // A whole game between two bots through the shared match runner.
//! let mut a = HeuristicBot::new(1);
//! let mut b = RandomBot::new(7);
//! let record = play_match(Position::new(Variant::Duo), &mut [&mut a, &mut b], MatchRules::default())?;
//! assert!(record.last.is_over());
//! println!("{}", record.last.final_score()); // Pentobi's form, e.g. "B+31"
//! println!("{}", record.outcome);            // e.g. "1-0 (72 to 41)"
//! // The position as one line (variant and placements), read back by replaying it.
//! let back: Position = record.last.to_string().parse()?;
//! assert_eq!(back, record.last);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Rules
//! Every colour owns the 21 free polyominoes of size 1 to 5 ([`Piece`]), except in Junior,
//! where it owns two copies of each of 12 of them ([`Variant::pieces`], [`Variant::copies`]).
//! A colour's first piece must cover its starting cell ([`Variant::start`]); every later piece
//! must touch the same colour at a corner and never along an edge; other colours only block
//! by occupancy. Colours move in the fixed order 0, 1, (2, 3); a colour without a legal move
//! is skipped for good (there is no pass move), and the game ends when no colour can move.
//! Points ([`Position::points`]) are squares placed, +15 for placing all the pieces, +5 more
//! when the monomino was the last (no bonus in Junior). [`Position::final_score`] prints the
//! result as Pentobi's GTP `final_score` does.
//!
//! | variant | board | colours | players | pieces | starts |
//! |---|---|---|---|---|---|
//! | [`Duo`](Variant::Duo) | 14 × 14 | 2 | 2 | 21 | e10, j5 |
//! | [`Junior`](Variant::Junior) | 14 × 14 | 2 | 2 | 12 shapes × 2 | e10, j5 |
//! | [`Classic`](Variant::Classic) | 20 × 20 | 4 | 4 | 21 | a20, t20, t1, a1 |
//! | [`Classic2`](Variant::Classic2) | 20 × 20 | 4 | 2 (colours 0 + 2, 1 + 3) | 21 | the same |
//! | [`Classic3`](Variant::Classic3) | 20 × 20 | 4 | 3 (colour 3 in turn) | 21 | the same |
//!
//! In three-player Classic the players own colours 0, 1 and 2 and take turns to play colour
//! 3: its `k`-th piece (from 0) is placed by player `k mod 3`
//! ([`Position::player_of`]); its points count for no one, and the players are ranked by the
//! points of their own colours.
//!
//! ```
//! use grid_games::blokus::{Colour, Position, Variant};
//! use grid_games::game::{Game, Player};
//! let mut pos = Position::new(Variant::Classic3);
//! for m in ["a20", "t20", "t1", "a1,b1"] {
//!     pos.play(pos.parse_move(m)?)?;
//! }
//! // Colour 3's first piece was player 0's; its second is player 1's.
//! assert_eq!(pos.player_of(Colour::new(3).unwrap()), Some(Player::SECOND));
//! assert_eq!(pos.scores().values(), &[1, 1, 1]); // colour 3's 2 points count for no one
//! assert_eq!(pos.final_score(), "1 1 1 2 ");
//! # Ok::<(), grid_games::blokus::BlokusError>(())
//! ```
//!
//! # Design
//! A [`MoveTable`] per variant lists every placement (13 729 on Duo, 30 433 on Classic, 7 217
//! on Junior) and,
//! for every cell, the placements through it filtered by the status of the cell's edge
//! neighbours; a [`Move`] is an index into it. A [`Position`] keeps Pentobi's incremental
//! structures (forbidden masks and attach points per colour) so that generating moves touches
//! only the candidates that can be legal; see the [`position`](Position) documentation for the
//! cost of each operation. [`perft`] counts move sequences from any position.
//!
//! [`to_svg`](svg::ToSvg::to_svg) draws a position as an SVG picture (Pentobi's colours, starting points, the
//! last move); `format!("{pos:#}")` gives a text picture.
//!
//! # Positions as text
//! A [`Position`] prints as one line, the variant and the placements in Pentobi's notation
//! (`duo b:e8,d9,e9,f9,e10 w:i3,j3,j4,j5`), and parses back from it by replaying the moves;
//! the grammar is in the [`Position`] documentation. The line is a move list, not a board
//! picture: the state also holds which pieces each colour has left and the order of play
//! (the search bot and GTP read the history), which a board does not show.
//!
//! The module implements the crate's shared [`Game`](crate::game::Game) trait, so
//! [`play_match`](crate::game::play_match) and the [bots] work with it.
//!
//! # Checking against Pentobi: the legal-move corpus format
//! The crate's `blokus_conformance` example replays records recorded from Pentobi, one JSON
//! object per line (JSON Lines):
//!
//! * `{"type": "pos", "variant": "duo", "moves": [[0, "e8,d9,e9,f9,e10"], [1, "pass"], ...],
//!   "to_move": 1, "n_legal": 20, "legal": ["a1,b1,a2", ...]}`: a decision point. `variant`
//!   is a [`Variant`] id or GTP game name; `moves` is everything played from the empty board as
//!   `[colour index, move]` pairs, a move being [`Position::parse_move`] notation or `"pass"`;
//!   `legal` lists every legal placement of colour `to_move` once. The replay must be legal and
//!   [`Position::legal_moves_of`] must give exactly `legal`.
//! * `{"type": "end", "variant": "duo", "moves": [...], "final_score": "B+12"}`: a whole game;
//!   after the replay the game must be over and [`Position::final_score`] must equal
//!   `final_score` verbatim.
//!
//! Other fields (`game`, `ply`, `level`, `seed`, …) label records and are ignored; records are
//! independent, so any subset of a corpus in any order is valid. The example's `--help` gives
//! the details, and it ships a 24-record sample (`examples/data/blokus_legal_sample.jsonl`).

pub mod bots;
mod error;
pub mod gtp;
mod line;
mod notation;
mod perft;
mod pieces;
mod position;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod svg;
mod table;
mod variant;

pub use error::BlokusError;
pub use line::ParsePositionError;
pub use notation::Point;
pub use perft::perft;
pub use pieces::Piece;
pub use position::Position;
pub use table::{Move, MoveTable};
pub use variant::{Colour, Variant};
