//! Machinery shared by every game of the crate: who is who ([`Player`], [`Side`],
//! [`ByPlayer`]), the [`Game`] and [`Bot`] traits with the referee [`play_match`] and the
//! [`Tally`] of a series, thinking [`Budget`]s, the seeded [`Rng`], the rating formulas
//! ([`elo`]) and the rating [`Tournament`].
//!
//! The tournament takes a closure that plays a pairing, in the style of `pathfinding`'s solver
//! functions, so any two-player game (with its own bots, match runner and notion of a test
//! point) can be rated without adopting a framework.

mod budget;
pub mod elo;
mod outcome;
mod play;
mod player;
#[cfg(feature = "rand_core")]
mod rand_core_impls;
mod rng;
mod tournament;

pub use budget::{Budget, BudgetClock};
pub use outcome::{Outcome, Verdict};
pub(crate) use play::guard;
pub use play::{Bot, Forfeit, Game, MatchError, MatchRecord, MatchRules, Tally, play_match};
pub use player::{BadSeat, ByPlayer, Player, Side};
pub use rng::Rng;
pub use tournament::{BadSetting, Standings, Tournament, TournamentError};
