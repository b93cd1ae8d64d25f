//! Domino tilings.

use super::cycles::big;
use super::{matching_bits, with_residues};
use crate::value::{BigCount, Value};
use crate::{EdgeRules, Grid, PlugError, Sides, run_edges};

/// Number of tilings of the free cells by 1 × 2 dominoes, exactly. Each free cell opens exactly
/// one side (towards its partner); no connectivity is needed.
///
/// ```
/// use plugdp::{domino_tilings, Grid};
/// assert_eq!(domino_tilings(&Grid::new(2, 2)?)?.to_string(), "2");
/// assert_eq!(domino_tilings(&Grid::new(8, 8)?)?.to_string(), "12988816");
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// A board without blocked cells is counted by Kasteleyn's theorem (the determinant of a signed
/// biadjacency matrix, exactly, modulo primes and the Chinese remainder theorem): `O((rows ·
/// cols / 2)³)` per prime, so the 24 × 24 board takes a fraction of a second. A board with
/// blocked cells goes through the plug DP, which counts in 128 bits first and, only on
/// overflow, modulo enough primes to exceed Brégman's bound on the number of perfect matchings;
/// its cost grows exponentially with the narrower side.
///
/// # Errors
/// As [`run_edges`](crate::run_edges); [`PlugError::ExactTooLarge`] past about 990 bits.
pub fn domino_tilings(grid: &Grid) -> Result<BigCount, PlugError> {
    let any_blocked = (0..grid.rows()).any(|r| (0..grid.cols()).any(|c| grid.is_blocked(r, c)));
    if !any_blocked {
        return Ok(super::kasteleyn::rectangle_tilings(
            grid.rows(),
            grid.cols(),
        ));
    }
    let g = if grid.cols() > grid.rows() {
        grid.transposed()
    } else {
        grid.clone()
    };
    let rules = EdgeRules::PRESENCE;
    fn run<V: Value>(g: &Grid, rules: EdgeRules) -> Result<V, PlugError> {
        run_edges(g, rules, |_, _| {
            Sides::SINGLES.iter().map(|&s| (s, V::one())).collect()
        })
        .map(|(v, _)| v)
    }
    match run::<u128>(&g, rules) {
        Err(PlugError::Overflow) => {}
        other => return other.map(big),
    }
    with_residues!(matching_bits(grid), V => run::<V>(&g, rules))
}
