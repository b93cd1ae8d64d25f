//! The reference planner: the four steps of the crate documentation ("How a plan is chosen")
//! written out as plainly as they are stated.
//!
//! Costs, for a site of N = n·m cells, T levels, S spins and footprints of F cells:
//! MakeShape O(T · S · N · F), its refinement O(T · N² · F²), MakeMap O(T · N² · F²), and the
//! enumeration O(2^T · T · N · F²). It exists to be read and to check the fast planner
//! ([`plan`](crate::plan)), not to be fast.

use crate::PlanError;
use crate::geometry::{deviation_deg, eq, leg_ok, lt, spins, spun};
use crate::instance::Instance;
use crate::options::{Meter, PlanOptions, units};
use crate::plan::Plan;

/// Largest number of levels the reference planner accepts (2^T greedy runs).
pub const REFERENCE_MAX_LEVELS: usize = 24;

/// Plans `instance` with the literal algorithms: all-pairs loops and cell-by-cell fit and
/// overlap tests, O(2^T · T · N · F²) for T levels, N site cells and footprints of F cells.
/// It returns exactly [`plan`](crate::plan)'s result and exists to be read and to check it.
///
/// ```
/// use level_planner::{plan, plan_reference, Instance, Params, PlanOptions, Site, VirtualLevel};
/// let site = Site::from_rows(&["......", "..#...", "......", "......"])?;
/// let levels = vec![
///     VirtualLevel::from_rows(0.0, 0.0, &[".#.", "###"])?,
///     VirtualLevel::from_rows(1.5, 0.0, &["#", "#"])?,
///     VirtualLevel::from_rows(1.0, -90.0, &["##"])?,
/// ];
/// let instance = Instance::new(site, levels, Params::default())?;
/// assert_eq!(plan_reference(&instance, &PlanOptions::default())?, plan(&instance, &PlanOptions::default())?);
/// # Ok::<(), level_planner::PlanError>(())
/// ```
///
/// # Errors
/// [`PlanError::TooManyLevels`] past [`REFERENCE_MAX_LEVELS`],
/// [`PlanError::LegUnreachable`] when a leg admits no grid offset,
/// [`PlanError::NoAdmissiblePlacement`] when every greedy run fails, and
/// [`PlanError::BudgetExceeded`] when the plan needs more work than `options` allow or takes
/// past their deadline (the reference planner charges the work of its literal loops, so it
/// runs out of a budget far sooner than [`plan`](crate::plan)).
pub fn plan_reference(instance: &Instance, options: &PlanOptions) -> Result<Plan, PlanError> {
    let t = instance.levels().len();
    if t > REFERENCE_MAX_LEVELS {
        return Err(PlanError::TooManyLevels {
            levels: t,
            max: REFERENCE_MAX_LEVELS,
        });
    }
    let mut meter = Meter::new(options)?;
    let shaped = make_shape(instance, &mut meter)?;
    let map = make_map(instance, &shaped, &mut meter)?;
    // Algorithm 1: every bits value, keep the most covered cells, then the least deviation.
    let mut best: Option<Greedy> = None;
    let mut first_failure = usize::MAX;
    let (n, m) = (instance.site().rows(), instance.site().cols());
    let run_units = shaped
        .shapes
        .iter()
        .map(|s| units(n * m, s.len().saturating_mul(2).saturating_add(1)))
        .fold(0u64, u64::saturating_add);
    for bits in 0u64..(1u64 << t) {
        meter.charge(run_units)?;
        match make_pos(instance, &shaped, &map, bits) {
            Ok((pos, cnt, theta)) => {
                let better = match &best {
                    None => true,
                    Some((_, bc, bt)) => cnt > *bc || (cnt == *bc && lt(theta, *bt)),
                };
                if better {
                    best = Some((pos, cnt, theta));
                }
            }
            Err(level) => first_failure = first_failure.min(level),
        }
    }
    match best {
        Some((pos, _, _)) => Ok(Plan::assemble(
            instance,
            &shaped.shapes,
            &shaped.spin_out,
            &shaped.adjusted,
            &pos,
        )),
        None => Err(crate::failure(instance, first_failure)),
    }
}

/// One greedy run's result: the pivots, `cnt_all` and `θ_all`.
type Greedy = (Vec<(usize, usize)>, usize, f64);

/// MakeShape's results.
pub(crate) struct Shaped {
    /// The real shape of each level: offsets from the pivot.
    pub(crate) shapes: Vec<Vec<(i64, i64)>>,
    /// `(α_k + β_k) mod 360`.
    pub(crate) spin_out: Vec<f64>,
    /// `deflex_k + α_k`.
    pub(crate) adjusted: Vec<f64>,
    /// `flag[k][i · m + j]`.
    pub(crate) flags: Vec<Vec<bool>>,
}

fn fits(instance: &Instance, shape: &[(i64, i64)], i: usize, j: usize) -> bool {
    shape
        .iter()
        .all(|&(dr, dc)| instance.site().is_usable(i as i64 + dr, j as i64 + dc))
}

fn overlap(a: &[(i64, i64)], pa: (usize, usize), b: &[(i64, i64)], pb: (usize, usize)) -> bool {
    a.iter().any(|&(ar, ac)| {
        b.iter().any(|&(br, bc)| {
            pa.0 as i64 + ar == pb.0 as i64 + br && pa.1 as i64 + ac == pb.1 as i64 + bc
        })
    })
}

/// Algorithm 2 and its single forward refinement pass.
fn make_shape(instance: &Instance, meter: &mut Meter) -> Result<Shaped, PlanError> {
    let (n, m) = (instance.site().rows(), instance.site().cols());
    let t = instance.levels().len();
    let gammas = spins(instance.params().spin_step_deg);
    let mut alpha = 0.0;
    let mut out = Shaped {
        shapes: Vec::with_capacity(t),
        spin_out: Vec::with_capacity(t),
        adjusted: Vec::with_capacity(t),
        flags: Vec::with_capacity(t),
    };
    for level in instance.levels() {
        out.adjusted.push(level.deflex_deg + alpha);
        let (mut cnt_max, mut beta) = (0usize, 0.0);
        let cells = level.footprint.shape().size();
        for &gamma in &gammas {
            // Rasterising (about a microsecond a cell), then a fit test per site cell.
            meter.charge(units(cells, 256).saturating_add(units(n * m, cells)))?;
            let shape = spun(&level.footprint, alpha + gamma);
            let mut cnt = 0;
            for i in 0..n {
                for j in 0..m {
                    if fits(instance, &shape, i, j) {
                        cnt += 1;
                    }
                }
            }
            if cnt > cnt_max {
                cnt_max = cnt;
                beta = gamma;
            }
        }
        let shape = spun(&level.footprint, alpha + beta);
        let mut flag = vec![false; n * m];
        for i in 0..n {
            for j in 0..m {
                flag[i * m + j] = fits(instance, &shape, i, j);
            }
        }
        out.shapes.push(shape);
        out.flags.push(flag);
        out.spin_out.push((alpha + beta).rem_euclid(360.0));
        alpha += beta;
    }
    // Lines 23–34: one forward pass; flag[k + 1] is read before it is refined itself.
    for k in 0..t.saturating_sub(1) {
        let pair = units(n * m, out.shapes[k].len())
            .saturating_mul(out.shapes[k + 1].len() as u64)
            .saturating_add(units(n, m));
        for i in 0..n {
            for j in 0..m {
                if !out.flags[k][i * m + j] {
                    continue;
                }
                meter.charge(pair)?;
                let mut ok = false;
                for i2 in 0..n {
                    for j2 in 0..m {
                        if out.flags[k + 1][i2 * m + j2]
                            && !overlap(&out.shapes[k], (i, j), &out.shapes[k + 1], (i2, j2))
                        {
                            ok = true;
                        }
                    }
                }
                out.flags[k][i * m + j] = ok;
            }
        }
    }
    Ok(out)
}

/// Algorithm 3: `map[k][i · m + j]`, the least deviation from level k at (i, j) to the exit.
fn make_map(
    instance: &Instance,
    shaped: &Shaped,
    meter: &mut Meter,
) -> Result<Vec<Vec<f64>>, PlanError> {
    let (n, m) = (instance.site().rows(), instance.site().cols());
    let t = instance.levels().len();
    let tol = instance.params().tolerance;
    meter.charge(units(n * m, t))?;
    let mut map = vec![vec![f64::INFINITY; n * m]; t];
    for (v, &f) in map[t - 1].iter_mut().zip(&shaped.flags[t - 1]) {
        if f {
            *v = 0.0;
        }
    }
    for k in (0..t - 1).rev() {
        let next = &instance.levels()[k + 1];
        let pair = units(n * m, shaped.shapes[k].len())
            .saturating_mul(shaped.shapes[k + 1].len() as u64)
            .saturating_add(units(n, m));
        for i in 0..n {
            for j in 0..m {
                if !shaped.flags[k][i * m + j] {
                    continue;
                }
                meter.charge(pair)?;
                let mut best = f64::INFINITY;
                for i2 in 0..n {
                    for j2 in 0..m {
                        if !shaped.flags[k + 1][i2 * m + j2] {
                            continue;
                        }
                        if overlap(&shaped.shapes[k], (i, j), &shaped.shapes[k + 1], (i2, j2)) {
                            continue;
                        }
                        let (di, dj) = (i2 as i64 - i as i64, j2 as i64 - j as i64);
                        if !leg_ok(di, dj, next.dist_m, tol) {
                            continue;
                        }
                        let cand =
                            map[k + 1][i2 * m + j2] + deviation_deg(di, dj, shaped.adjusted[k + 1]);
                        if cand < best {
                            best = cand;
                        }
                    }
                }
                map[k][i * m + j] = best;
            }
        }
    }
    Ok(map)
}

/// Algorithm 4 for one `bits` value: the pivots, `cnt_all` and `θ_all`, or the 0-based level
/// where no candidate was admissible.
fn make_pos(
    instance: &Instance,
    shaped: &Shaped,
    map: &[Vec<f64>],
    bits: u64,
) -> Result<Greedy, usize> {
    let (n, m) = (instance.site().rows(), instance.site().cols());
    let tol = instance.params().tolerance;
    let mut mask = vec![false; n * m];
    let mut theta_all = 0.0;
    let mut pos: Vec<(usize, usize)> = Vec::new();
    for (k, level) in instance.levels().iter().enumerate() {
        let coverage_first = bits >> k & 1 == 1;
        let mut best: Option<((usize, usize), usize, f64)> = None;
        for i in 0..n {
            for j in 0..m {
                if !shaped.flags[k][i * m + j] {
                    continue;
                }
                let mut leg_dev = 0.0;
                if let Some(&prev) = pos.last() {
                    if overlap(&shaped.shapes[k - 1], prev, &shaped.shapes[k], (i, j)) {
                        continue;
                    }
                    let (di, dj) = (i as i64 - prev.0 as i64, j as i64 - prev.1 as i64);
                    if !leg_ok(di, dj, level.dist_m, tol) {
                        continue;
                    }
                    leg_dev = deviation_deg(di, dj, shaped.adjusted[k]);
                }
                let cnt = shaped.shapes[k]
                    .iter()
                    .filter(|&&(dr, dc)| {
                        !mask[(i as i64 + dr) as usize * m + (j as i64 + dc) as usize]
                    })
                    .count();
                let theta = theta_all + map[k][i * m + j] + leg_dev;
                let replace = match best {
                    None => true,
                    Some((_, bc, bt)) if coverage_first => cnt > bc || (cnt == bc && lt(theta, bt)),
                    Some((_, bc, bt)) => lt(theta, bt) || (eq(theta, bt) && cnt > bc),
                };
                if replace {
                    best = Some(((i, j), cnt, theta));
                }
            }
        }
        let Some((p, _, _)) = best else { return Err(k) };
        if let Some(&prev) = pos.last() {
            let (di, dj) = (p.0 as i64 - prev.0 as i64, p.1 as i64 - prev.1 as i64);
            theta_all += deviation_deg(di, dj, shaped.adjusted[k]);
        }
        for &(dr, dc) in &shaped.shapes[k] {
            mask[(p.0 as i64 + dr) as usize * m + (p.1 as i64 + dc) as usize] = true;
        }
        pos.push(p);
    }
    let cnt_all = mask.iter().filter(|&&x| x).count();
    Ok((pos, cnt_all, theta_all))
}
