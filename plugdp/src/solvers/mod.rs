//! Ready solvers on the engine.
//!
//! Hamiltonian cycles and paths, cycle covers and domino tilings (on boards that are not full
//! rectangles) are edge problems: thin functions over [`run_edges`](crate::run_edges), whose
//! problem is a [`Transfer`](crate::engine::driver::Transfer) on the one driver
//! ([`engine::driver`](crate::engine::driver)). Self-avoiding polygons (truncated series by
//! perimeter) and Rocket Mania (max-plus values, dominance pruning over the whole step, the
//! plan from the driver's witness) are problems on the same driver. Only the polyomino
//! transfer matrices keep their own sweep (per-width boxes with an arena store of truncated
//! series, measured faster than the driver's tables for that job).

mod cycles;
mod domino;
mod kasteleyn;
mod polygons;
mod polyominoes;
mod rocket_mania;

pub(crate) use cycles::unit_choices;
pub use cycles::{cycle_covers, hamiltonian_cycles, hamiltonian_paths};
pub use domino::domino_tilings;
pub use polygons::{MAX_POLYGON_HALF_PERIMETER, self_avoiding_polygons};
pub use polyominoes::{
    MAX_COUNTS_SIZE, MAX_POLYOMINO_SIZE, MAX_UNIT_RESIDUES, MAX_UNIT_SIZE, PolyominoUnit,
    fixed_polyominoes, merge_units, polyomino_counts,
};
pub use rocket_mania::{
    FuseBoard, Prunings, RocketPlan, RocketStats, Tile, launched_rockets, rocket_mania,
    rocket_mania_with,
};

use crate::{Grid, PlugError};

/// An upper bound, in bits, on the number of perfect matchings of the free cells (domino
/// tilings), by Brégman's theorem on the permanent of the black × white adjacency matrix:
/// at most ∏ over black cells of (d!)^(1/d), d the number of free neighbours.
pub(crate) fn matching_bits(grid: &Grid) -> usize {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut bits = 0.0f64;
    for r in 0..rows {
        for c in 0..cols {
            if (r + c) % 2 == 1 || grid.is_blocked(r, c) {
                continue;
            }
            let free = |rr: usize, cc: usize| rr < rows && cc < cols && !grid.is_blocked(rr, cc);
            let d = usize::from(r > 0 && free(r - 1, c))
                + usize::from(c > 0 && free(r, c - 1))
                + usize::from(free(r + 1, c))
                + usize::from(free(r, c + 1));
            if d > 1 {
                let fact: f64 = (1..=d).map(|k| k as f64).product();
                bits += fact.log2() / d as f64;
            }
        }
    }
    // Round up generously so that floating-point error cannot make the bound too small.
    bits.ceil() as usize + 2
}

/// An upper bound, in bits, on the number of cycle covers (2-factors) of the free cells: every
/// 2-factor of the bipartite grid is the union of two perfect matchings, so at most the square
/// of the matching bound. Hamiltonian cycles are 2-factors too.
pub(crate) fn two_factor_bits(grid: &Grid) -> usize {
    2 * matching_bits(grid)
}

/// The number of primes needed so that their product exceeds `2^bits`: see
/// [`residues_for_bits`](crate::value::residues_for_bits).
pub(crate) fn primes_for(bits: usize) -> Result<usize, PlugError> {
    crate::value::residues_for_bits(bits)
}

/// An upper bound, in bits, on the number of cycle covers of the free cells of `grid`, and so
/// on its Hamiltonian cycles (each is a cover): the square of Brégman's bound on its perfect
/// matchings. With [`residues_for_bits`](crate::value::residues_for_bits) it says how many
/// residues ([`Residues`](crate::Residues)) a sweep must carry for an exact count.
///
/// ```
/// use plugdp::{cycle_bound_bits, value::residues_for_bits, Grid};
/// let bits = cycle_bound_bits(&Grid::new(20, 20)?);
/// // 1 020 460 427 390 768 793 543 026 965 678 152 831 571 073 052 662 428 097 106 cycles
/// // (OEIS A003763(10)) need 190 bits; the bound is safely above.
/// assert!(bits >= 190);
/// assert_eq!(residues_for_bits(bits)?, 8);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
pub fn cycle_bound_bits(grid: &Grid) -> usize {
    two_factor_bits(grid)
}

/// Evaluates `$body` with the type alias `$v` set to `Residues<K>` for the K that
/// [`primes_for`]`($bits)` chooses, and converts the result to a `BigCount`.
macro_rules! with_residues {
    ($bits:expr, $v:ident => $body:expr) => {{
        match $crate::solvers::primes_for($bits)? {
            1 => {
                type $v = $crate::value::Residues<1>;
                $body.map(|r: $v| r.to_big())
            }
            2 => {
                type $v = $crate::value::Residues<2>;
                $body.map(|r: $v| r.to_big())
            }
            4 => {
                type $v = $crate::value::Residues<4>;
                $body.map(|r: $v| r.to_big())
            }
            8 => {
                type $v = $crate::value::Residues<8>;
                $body.map(|r: $v| r.to_big())
            }
            _ => {
                type $v = $crate::value::Residues<16>;
                $body.map(|r: $v| r.to_big())
            }
        }
    }};
}
pub(crate) use with_residues;
