//! An iteration budget that grows over a game as Pentobi's playing levels grow theirs: the
//! budget of `blokus_match --grow-iterations`, so that our bot can be given the same
//! simulations per move as Pentobi at a level (the guide's equal-simulations yardstick).

/// The simulations for a move of a colour that has placed `placed` pieces, under a level of
/// `n` simulations: `⌈n · 0.7 · e^(0.1 · placed)⌉`, and 0.6 times that for the first piece
/// (Pentobi's Duo schedule; its levels 4 and up count this way). At least 1.
pub fn grown_iterations(n: u64, placed: usize) -> u64 {
    let k = placed.min(64) as f64;
    let first = if placed == 0 { 0.6 } else { 1.0 };
    let grown = (n as f64 * 0.7 * (0.1 * k).exp() * first).ceil();
    (grown as u64).max(1)
}
