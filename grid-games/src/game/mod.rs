//! Machinery shared by every game of the crate: the seeded random number generator, the rating
//! formulas, and the rating tournament.
//!
//! The tournament takes a closure that plays a pairing, in the style of `pathfinding`'s solver
//! functions, so any two-player game (with its own bots, match runner and notion of a test
//! point) can be rated without adopting a framework.

pub mod elo;
mod play;
mod rng;
mod tournament;

pub use play::{
    Bot, Budget, BudgetClock, Forfeit, Game, MatchRecord, MatchRules, Outcome, Verdict, play_match,
};
pub use rng::Rng;
pub use tournament::{Standings, Tournament, TournamentError};
