//! The meet-in-the-middle counts ([`run_halves`]): the two halves of the board swept to the
//! middle row boundary and joined there: single cycles and single paths over the pairs of half
//! frontiers that form one curve (see [`meander`](crate::engine::meander)), cycle covers over
//! equal plug sets.

use super::key::Key;
use super::sweep::{Options, Sweep};
use super::{EdgeRules, Sides, Stats};
use crate::budget::Meter;
use crate::engine::driver::{Driver, Snapshot};
use crate::engine::interned::Interned;
use crate::engine::meander::{Curve, MAX_COLS, Meanders};
use crate::engine::table::Frontiers;
use crate::{Grid, PlugError, Value};

/// [`run_edges`](super::run_edges) with [`EdgeRules::SINGLE_CYCLE`],
/// [`EdgeRules::SINGLE_PATH`] or [`EdgeRules::PRESENCE`] (cycle covers), by meeting in the
/// middle: the top half of the board (the middle row too, for an odd number of rows) and the
/// bottom half (swept upwards, as the top of the vertically flipped board) are swept to the
/// middle row boundary and joined there. Single cycles and paths join over the pairs of half
/// frontiers whose union is one cycle or one path (see [`meander`](crate::engine::meander));
/// covers, whose plugs are presence bits, by equal plug sets (a cover of the board is a cover
/// of each half with the same crossing edges). When every row of the bottom half is the mirror
/// image of its mirror row (blocked alike, offering the mirrored choices with up and down
/// exchanged) the bottom half swept upwards is the board's own first rows: one sweep serves
/// both halves, kept on the way after the bottom half's number of rows. Otherwise, with more
/// than one thread, the two halves run at the same time, each on half of the threads.
///
/// The halves are swept with values of type `H` and joined in `V` (`widen` converts): half
/// counts are about the square root of the total, so a 64-bit half sweep with a 128-bit join
/// keeps the sweep's tables small; an overflow in either is [`PlugError::Overflow`], as usual.
///
/// `Ok(None)` when the method does not apply and the caller should sweep the whole board: other
/// rules, fewer than two rows, more than [`meander::MAX_COLS`](crate::engine::meander::MAX_COLS)
/// columns for cycles and paths, a half without free cells, or a choice of a free cell that
/// does not open exactly two sides (then a cycle could close inside one half), or, for paths,
/// one or two.
///
/// # Errors
/// As [`run_edges`](super::run_edges).
pub(crate) fn run_halves<H: Value, V: Value, I: IntoIterator<Item = (Sides, H)>>(
    grid: &Grid,
    rules: EdgeRules,
    mut choices: impl FnMut(usize, usize) -> I,
    options: &crate::Options,
    widen: impl Fn(&H) -> V,
) -> Result<Option<V>, PlugError> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let curve = curve_of(rules);
    if !(curve.is_some() || rules == EdgeRules::PRESENCE)
        || rows < 2
        || (curve.is_some() && cols > MAX_COLS)
        || cols + 1 > crate::engine::state::MAX_POSITIONS
    {
        return Ok(None);
    }
    // The top half holds the middle row of an odd number of rows.
    let top_rows = rows - rows / 2;
    let has_free = |rs: core::ops::Range<usize>| {
        rs.into_iter()
            .any(|r| (0..cols).any(|c| !grid.is_blocked(r, c)))
    };
    if !has_free(0..top_rows) || !has_free(top_rows..rows) {
        return Ok(None);
    }
    let mut lists: Interned<Vec<(Sides, H)>> = Interned::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let list: Vec<(Sides, H)> = if grid.is_blocked(r, c) {
                Vec::new()
            } else {
                choices(r, c).into_iter().collect()
            };
            for (sides, _) in &list {
                if sides.0 & !0xF != 0 {
                    return Err(PlugError::BadSides {
                        row: r,
                        col: c,
                        sides: sides.0,
                    });
                }
                // A path's ends open one side; anything else passes through.
                let end = curve == Some(Curve::Path) && sides.degree() == 1;
                if sides.degree() != 2 && !end {
                    return Ok(None);
                }
            }
            lists.push(list);
        }
    }
    let flipped = Grid::with_blocked(
        rows,
        cols,
        (0..rows * cols)
            .map(|i| grid.is_blocked(rows - 1 - i / cols, i % cols))
            .collect(),
    )?;
    let halves = Halves {
        grid,
        flipped: &flipped,
        lists: &lists,
        top_rows,
        rules,
        meter: options.meter(),
    };
    let threads = options.threads.get();
    let value = if 4 * (cols + 1) <= 60 {
        halves.run::<u64, V>(threads, widen)?
    } else {
        halves.run::<u128, V>(threads, widen)?
    };
    Ok(Some(value))
}

/// The curve the halves of `rules` join into: one cycle, one path, or `None` (covers, joined by
/// equal plug sets, and rules the halves do not join).
fn curve_of(rules: EdgeRules) -> Option<Curve> {
    if rules == EdgeRules::SINGLE_CYCLE {
        Some(Curve::Cycle)
    } else if rules == EdgeRules::SINGLE_PATH {
        Some(Curve::Path)
    } else {
        None
    }
}

/// Up and down exchanged.
pub(super) fn mirrored(sides: Sides) -> Sides {
    Sides(sides.0 & 0b0101 | (sides.0 & 0b0010) << 2 | (sides.0 & 0b1000) >> 2)
}

/// Whether two lists hold the same (sides, weight) pairs, in any order.
fn same_choices<V: PartialEq>(a: &[(Sides, V)], b: &[(Sides, V)]) -> bool {
    let mut used = vec![false; b.len()];
    a.len() == b.len()
        && a.iter().all(|x| {
            let found = (0..b.len()).find(|&j| !used[j] && b[j] == *x);
            found.map(|j| used[j] = true).is_some()
        })
}

/// The two halves of a board for [`run_halves`].
pub(super) struct Halves<'a, H> {
    pub(super) grid: &'a Grid,
    pub(super) flipped: &'a Grid,
    /// Every cell's choices, row-major (blocked cells: none).
    pub(super) lists: &'a Interned<Vec<(Sides, H)>>,
    pub(super) top_rows: usize,
    /// [`EdgeRules::SINGLE_CYCLE`], [`EdgeRules::SINGLE_PATH`] or [`EdgeRules::PRESENCE`].
    pub(super) rules: EdgeRules,
    /// The budget of each half sweep.
    pub(super) meter: Meter,
}

impl<H: Value> Halves<'_, H> {
    /// The choices of cell `(r, c)` of the flipped board.
    fn flipped_choices(&self, r: usize, c: usize) -> Vec<(Sides, H)> {
        let cols = self.grid.cols();
        self.lists
            .get((self.grid.rows() - 1 - r) * cols + c)
            .iter()
            .map(|(s, w)| (mirrored(*s), w.clone()))
            .collect()
    }

    /// Whether every row of the bottom half is the mirror image of its mirror row (blocked
    /// alike, offering the mirrored choices): then the bottom half swept upwards is the
    /// board's own first rows.
    pub(super) fn symmetric(&self) -> bool {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        (self.top_rows..rows).all(|r| {
            // Row r of the flipped board is row rows − 1 − r of this one, mirrored.
            (0..cols).all(|c| {
                self.grid.is_blocked(r, c) == self.flipped.is_blocked(r, c)
                    && same_choices(self.lists.get(r * cols + c), &self.flipped_choices(r, c))
            })
        })
    }

    /// The halves swept with keys `K`, joined in `V`.
    fn run<K: Key + Send + Sync, V: Value>(
        &self,
        threads: usize,
        widen: impl Fn(&H) -> V,
    ) -> Result<V, PlugError> {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let top_options =
            Options::new(self.grid, &mut |r, c| self.lists.get(r * cols + c).clone())?;
        let top_problem = Sweep::<K, H>::new(self.grid, self.rules, top_options);
        let top = Driver::new(&top_problem, self.meter);
        let join = |up: &Swept<K, H>, down: &Swept<K, H>| -> Result<V, PlugError> {
            if let Some(curve) = curve_of(self.rules) {
                let meanders = Meanders::new(curve, cols);
                let top = slots(&meanders, &up.0, &widen);
                if std::ptr::eq(up, down) {
                    // One sweep serves both halves: its slots once.
                    return meanders.join(&top, &top);
                }
                meanders.join(&top, &slots(&meanders, &down.0, &widen))
            } else {
                join_equal(&up.0, &down.0, &widen)
            }
        };
        let bottom_rows = rows - self.top_rows;
        if self.symmetric() {
            if bottom_rows == self.top_rows {
                let half = top.sweep_rows(self.top_rows, threads, None)?;
                return join(&half, &half);
            }
            // An odd number of rows: the bottom half is the top half's first rows, met on the
            // way (the top half holds the middle row).
            let mut snapshot = Snapshot {
                after_rows: bottom_rows,
                lists: Vec::new(),
            };
            let up = top.sweep_rows(self.top_rows, threads, Some(&mut snapshot))?;
            let down = (snapshot.lists, up.1.clone());
            return join(&up, &down);
        }
        let bottom_options = Options::new(self.flipped, &mut |r, c| self.flipped_choices(r, c))?;
        let bottom_problem = Sweep::<K, H>::new(self.flipped, self.rules, bottom_options);
        let (up, down) = if threads == 1 {
            // The top half's last tables are kept while the bottom half runs.
            let up = top.sweep_rows(self.top_rows, 1, None)?;
            let kept = up.0.iter().map(Frontiers::bytes).sum();
            let bottom = Driver::new(&bottom_problem, self.meter.reserving(kept));
            (up, bottom.sweep_rows(bottom_rows, 1, None)?)
        } else {
            // The halves run at the same time: each within half the budget.
            let top = Driver::new(&top_problem, self.meter.shared(2));
            let bottom = Driver::new(&bottom_problem, self.meter.shared(2));
            let (mine, theirs) = (threads / 2, threads - threads / 2);
            std::thread::scope(|scope| -> Result<_, PlugError> {
                let spawned = std::thread::Builder::new()
                    .spawn_scoped(scope, || bottom.sweep_rows(bottom_rows, theirs, None));
                let up = top.sweep_rows(self.top_rows, mine, None);
                let down = match spawned.map(|handle| handle.join()) {
                    Ok(Ok(outcome)) => outcome,
                    Ok(Err(panic)) => std::panic::resume_unwind(panic),
                    // No thread to be had: sweep the bottom half here.
                    Err(_) => bottom.sweep_rows(bottom_rows, theirs, None),
                };
                Ok((up?, down?))
            })?
        };
        join(&up, &down)
    }
}

/// A half's frontiers at the middle boundary (one list per thread) and its stats.
type Swept<K, H> = (Vec<Frontiers<K, H>>, Stats);

/// The half counts by meander slot (the matching their plugs form at the boundary).
fn slots<K: Key, H: Value, V: Value>(
    meanders: &Meanders,
    fronts: &[Frontiers<K, H>],
    widen: &impl Fn(&H) -> V,
) -> Vec<V> {
    let mut out = vec![V::zero(); meanders.len()];
    for list in fronts {
        for (key, value) in list.iter() {
            if let Some(slot) = meanders.slot(key.widen()) {
                // Distinct keys in minimal representation are distinct matchings: every slot
                // is written once.
                debug_assert!(out[slot].is_zero(), "slot {slot} written twice");
                out[slot] = widen(value);
            }
        }
    }
    out
}

/// Σ over equal keys of top × bottom: covers whose halves cross the middle by the same edges.
fn join_equal<K: Key, H: Value, V: Value>(
    up: &[Frontiers<K, H>],
    down: &[Frontiers<K, H>],
    widen: &impl Fn(&H) -> V,
) -> Result<V, PlugError> {
    let mut below: hashbrown::HashMap<u128, &H> = hashbrown::HashMap::new();
    for list in down {
        for (key, value) in list.iter() {
            below.insert(key.widen(), value);
        }
    }
    let mut total = V::zero();
    for list in up {
        for (key, value) in list.iter() {
            if let Some(&other) = below.get(&key.widen()) {
                let product = widen(value)
                    .checked_mul(&widen(other))
                    .ok_or(PlugError::Overflow)?;
                total = total.checked_add(&product).ok_or(PlugError::Overflow)?;
            }
        }
    }
    Ok(total)
}
