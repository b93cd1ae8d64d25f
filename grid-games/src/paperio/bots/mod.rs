//! paper.io bots: [`RandomWalker`], [`SafeWalker`] and [`Raider`] (the strong one). All
//! implement [`Bot`](crate::core::Bot) for [`Position`](super::Position).

mod random;

pub use random::RandomWalker;
