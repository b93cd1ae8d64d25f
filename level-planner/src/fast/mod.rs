//! The fast planner: the same plan as [`plan_reference`](crate::plan_reference), computed with
//! precomputed tables and a shared search over bit patterns.
//!
//! * **Shapes** (step 1 of the crate documentation): each spin is rasterised once; the cells where it fits come from
//!   [`polyomino::Board::placement_offsets`], which tests a whole board row of positions per word
//!   operation.
//! * **Overlaps**: level k at p and level k + 1 at q overlap exactly when q − p is a difference
//!   a − b of their cells, so each consecutive pair gets a small table of conflicting offsets and
//!   every overlap test is one lookup ([`conflicts`]).
//! * **Legs**: only offsets inside the distance band are ever visited; they are listed once per
//!   level in row-major order with their bearing deviation ([`legs`]).
//! * **Refinement and map** (the forward pass of step 1, step 2) walk those lists instead of all cell
//!   pairs; the refinement stops as soon as the successor has more flagged cells than there are
//!   conflicting offsets.
//! * **Enumeration** (steps 3 and 4): the choice at level k depends only on the bits of the levels
//!   before it, so the 2^T greedy runs form a binary tree; a node where both preferences pick
//!   the same cell has one child, so the tree has one leaf per distinct outcome. A subtree whose
//!   best conceivable coverage is below the best coverage already found is cut. Leaves remember
//!   the smallest `bits` reaching them, and the whole-plan comparison is replayed over the
//!   leaves in that order, which gives exactly the reference's choice: a repeated outcome can
//!   never replace the current best (betterness is transitive), and once the replay reaches
//!   the largest coverage only outcomes with that coverage compare, so outcomes with less
//!   coverage (and the cut subtrees) never decide the result.
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
use crate::options::{Meter, PlanOptions};
use crate::plan::Plan;

/// Largest number of levels the fast planner accepts (bit patterns are `u64`), and so the
/// most an [`Instance`](crate::Instance) holds: [`Instance::new`](crate::Instance::new) and the
/// JSON reader refuse more with [`PlanError::TooManyLevels`].
pub const MAX_LEVELS: usize = 63;

/// Plans `instance` quickly; the result is identical to
/// [`plan_reference`](crate::plan_reference)'s.
///
/// Planning 20 levels on a 20 m × 20 m hall takes milliseconds.
///
/// ```
/// use level_planner::{plan, plan_reference, Instance, Params, PlanOptions, Site, VirtualLevel};
/// let site = Site::from_rows(&["........"; 8])?;
/// // A walk around a square: east, north, west, south, 1.5 m each.
/// let mut levels = vec![VirtualLevel::from_rows(0.0, 0.0, &["##", "##"])?];
/// for bearing in [0.0, 90.0, 180.0, 270.0] {
///     levels.push(VirtualLevel::from_rows(1.5, bearing, &["##", "##"])?);
/// }
/// let instance = Instance::new(site, levels, Params::default())?;
/// let p = plan(&instance, &PlanOptions::default())?;
/// assert_eq!(p, plan_reference(&instance, &PlanOptions::default())?);
/// // Coverage comes first: instead of returning onto level A's floor, the last level steps
/// // 1.41 m diagonally (45° off its bearing) onto three new cells. It may overlap level B:
/// // only consecutive levels must not overlap.
/// assert_eq!(p.render(), "\
/// DD.CC...
/// DD.CC...
/// ..EE....
/// AAEEB...
/// AA.BB...
/// ........
/// ........
/// ........");
/// assert_eq!((p.covered(), p.deviation_deg()), (4 * 4 + 3, 45.0));
/// # Ok::<(), level_planner::PlanError>(())
/// ```
///
/// # Errors
/// [`PlanError::TooManyLevels`] past [`MAX_LEVELS`] (which no [`Instance`] holds),
/// [`PlanError::LegUnreachable`] when a leg
/// admits no grid offset, [`PlanError::NoAdmissiblePlacement`] when every greedy run fails,
/// and [`PlanError::BudgetExceeded`] when the plan needs more work than `options` allow or
/// takes past their deadline.
pub fn plan(instance: &Instance, options: &PlanOptions) -> Result<Plan, PlanError> {
    let t = instance.levels().len();
    if t > MAX_LEVELS {
        return Err(PlanError::TooManyLevels {
            levels: t,
            max: MAX_LEVELS,
        });
    }
    let mut meter = Meter::new(options)?;
    let shaped = shapes::make_shape(instance, &mut meter)?;
    let tables = search::Tables::new(instance, shaped, &mut meter)?;
    let pivots = tables.search(&mut meter)?;
    Ok(Plan::assemble(
        instance,
        &tables.shaped.shapes,
        &tables.shaped.spin_out,
        &tables.shaped.adjusted,
        &pivots,
    ))
}
