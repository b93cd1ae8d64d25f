//! The fast planner: the same plan as [`plan_reference`](crate::plan_reference), computed with
//! precomputed tables and a shared search over bit patterns.
//!
//! * **Shapes** (alg. 2): each spin is rasterised once; the cells where it fits come from
//!   [`polyomino::Board::placement_offsets`], which tests a whole board row of positions per word
//!   operation.
//! * **Overlaps**: level k at p and level k + 1 at q overlap exactly when q − p is a difference
//!   a − b of their cells, so each consecutive pair gets a small table of conflicting offsets and
//!   every overlap test is one lookup ([`conflicts`]).
//! * **Legs**: only offsets inside the distance band are ever visited; they are listed once per
//!   level in row-major order with their bearing deviation ([`legs`]).
//! * **Refinement and map** (alg. 2 lines 23–34, alg. 3) walk those lists instead of all cell
//!   pairs; the refinement stops as soon as the successor has more flagged cells than there are
//!   conflicting offsets.
//! * **Enumeration** (alg. 1 + 4): the choice at level k depends only on the bits of the levels
//!   before it, so the 2^T greedy runs form a binary tree; a node where both preferences pick
//!   the same cell has one child, so the tree has one leaf per distinct outcome. A subtree whose
//!   best conceivable coverage is below the best coverage already found is cut. Leaves remember
//!   the smallest `bits` reaching them, and the whole-plan comparison is replayed over the
//!   leaves in that order, which gives exactly the reference's choice (see
//!   `docs/level-planner.md` for why skipping repeated and cut outcomes cannot change it).
//!
//! Costs: MakeShape O(T · S · n · F) word operations for S spins and n site rows; refinement and
//! map O(T · N · L) for L offsets in a leg's band; the search O(D · T · L) for D distinct
//! outcomes (D ≤ 2^T, usually far fewer).

mod conflicts;
mod legs;
mod search;
mod shapes;

use crate::PlanError;
use crate::instance::Instance;
use crate::plan::Plan;

/// Largest number of levels the fast planner accepts (bit patterns are `u64`).
pub const MAX_LEVELS: usize = 63;

/// Plans `instance` quickly; the result is identical to
/// [`plan_reference`](crate::plan_reference)'s.
///
/// # Errors
/// [`PlanError::TooManyLevels`] past [`MAX_LEVELS`], [`PlanError::LegUnreachable`] when a leg
/// admits no grid offset, and [`PlanError::NoAdmissiblePlacement`] when every greedy run fails.
pub fn plan(instance: &Instance) -> Result<Plan, PlanError> {
    let t = instance.levels().len();
    if t > MAX_LEVELS {
        return Err(PlanError::TooManyLevels {
            levels: t,
            max: MAX_LEVELS,
        });
    }
    let shaped = shapes::make_shape(instance);
    let tables = search::Tables::new(instance, shaped);
    let pivots = tables.search()?;
    Ok(Plan::assemble(
        instance,
        &tables.shaped.shapes,
        &tables.shaped.spin_out,
        &tables.shaped.adjusted,
        &pivots,
    ))
}
