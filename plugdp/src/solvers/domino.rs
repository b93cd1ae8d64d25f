//! Domino tilings.

use super::cycles::big;
use super::{matching_bits, with_residues};
use crate::value::{BigCount, Value};
use crate::{EdgeRules, Grid, Options, PlugError, Sides, run_edges};

/// Widest frontier the domino sweep takes for a full rectangle (2^20 profiles per step).
const MAX_SWEPT_WIDTH: usize = 20;

/// Largest Kasteleyn matrix order (dominoes, half the cells): about 20 MB per matrix and well
/// under a minute for all the primes a full rectangle's count needs.
const MAX_DETERMINANT_ORDER: usize = 1600;

/// Number of tilings of the free cells by 1 × 2 dominoes, exactly. Each free cell opens exactly
/// one side (towards its partner); no connectivity is needed.
///
/// ```
/// use plugdp::{domino_tilings, Grid, Options};
/// let options = Options::default();
/// assert_eq!(domino_tilings(&Grid::new(2, 2)?, &options)?.to_string(), "2");
/// assert_eq!(domino_tilings(&Grid::new(8, 8)?, &options)?.to_string(), "12988816");
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// A board without blocked cells is counted by whichever method is cheaper: Kasteleyn's
/// theorem (the determinant of a signed biadjacency matrix, exactly, modulo primes and the
/// Chinese remainder theorem), `O((rows · cols / 2)³)` per prime and `(rows · cols / 2)²`
/// words, so the 24 × 24 board takes a fraction of a second; or the plug DP, about
/// `rows · cols · 2^min(rows, cols)` steps, which wins on long narrow strips (a 2 × 1000 strip
/// has 2000 cells but a 1000 × 1000 matrix). A board with blocked cells goes through the plug
/// DP, which counts in 128 bits first and, only on overflow, modulo enough primes to exceed
/// Brégman's bound on the number of perfect matchings; its cost grows exponentially with the
/// narrower side.
///
/// # Errors
/// As [`run_edges`](crate::run_edges); [`PlugError::ExactTooLarge`] past about 990 bits (at
/// once for a swept full rectangle with more than 990 disjoint 2 × 2 blocks, which has more
/// than 2^990 tilings);
/// [`PlugError::TooLarge`] for a full rectangle whose shorter side is above 20 and whose
/// Kasteleyn matrix would have an order above 1600 (half the cells).
pub fn domino_tilings(grid: &Grid, options: &Options) -> Result<BigCount, PlugError> {
    let any_blocked = (0..grid.rows()).any(|r| (0..grid.cols()).any(|c| grid.is_blocked(r, c)));
    if !any_blocked {
        let (rows, cols) = (grid.rows(), grid.cols());
        let cells = rows * cols;
        let narrow = rows.min(cols);
        // The sweep costs about cells · 2^narrow steps, the determinant (cells / 2)^3 per prime
        // and (cells / 2)^2 words of memory: take the cheaper, and refuse a board neither
        // finishes (a dense matrix of a 1 × 2^24 strip would need 5.6 · 10^14 bytes).
        let half = cells / 2;
        let sweep_cost = if narrow <= MAX_SWEPT_WIDTH {
            cells.checked_mul(1 << narrow)
        } else {
            None
        };
        let det_cost = half.checked_mul(half).and_then(|h2| h2.checked_mul(half));
        let use_det = match (sweep_cost, det_cost) {
            (Some(s), Some(d)) => d < s && half <= MAX_DETERMINANT_ORDER,
            (None, _) => half <= MAX_DETERMINANT_ORDER,
            (Some(_), None) => false,
        };
        if use_det {
            return Ok(super::kasteleyn::rectangle_tilings(rows, cols));
        }
        if sweep_cost.is_none() {
            return Err(PlugError::TooLarge { rows, cols });
        }
        // The sweep, then. Split the board (less one column or row when a side is odd) into
        // 2 × 2 blocks: each tiles in two ways on its own, so an even board has at least
        // 2^(⌊rows/2⌋·⌊cols/2⌋) tilings. Past the exact range that settles it at once (a
        // 2 × 2^23 strip took seconds to set up and overflow; 20 × 2^19, twelve).
        let lower_bits = (rows / 2).saturating_mul(cols / 2);
        if cells % 2 == 0 && super::primes_for(lower_bits).is_err() {
            return Err(PlugError::ExactTooLarge { bits: lower_bits });
        }
    }
    let g = if grid.cols() > grid.rows() {
        grid.transposed()
    } else {
        grid.clone()
    };
    let rules = EdgeRules::PRESENCE;
    fn run<V: Value>(g: &Grid, rules: EdgeRules, options: &Options) -> Result<V, PlugError> {
        let singles = |_, _| Sides::SINGLES.iter().map(|&s| (s, V::one()));
        run_edges(g, rules, singles, options).map(|(v, _)| v)
    }
    match run::<u128>(&g, rules, options) {
        Err(PlugError::Overflow) => {}
        other => return other.map(big),
    }
    with_residues!(matching_bits(grid), V => run::<V>(&g, rules, options))
}
