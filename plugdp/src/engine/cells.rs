//! The cell-occupancy sweep: cells choose to be in or out of the configuration.
//!
//! The frontier holds, for each column, whether its lowest processed cell is in and, if so, the
//! label of its component (minimal representation). With `connected`, the cells that are in
//! must form one 4-connected set: a component whose last frontier cell is followed by an empty
//! cell below is finished, which is only allowed when nothing else is in (a flag then forbids
//! any later cell). Without it, labels are presence bits and any subset is allowed. The sweep
//! is a [`Transfer`] on the crate's driver ([`crate::engine::driver`]).

use super::driver::{Transfer, run};
use super::state::{Labels, MAX_POSITIONS};
use crate::{Grid, Options, PlugError, Value};

/// How occupied cells must relate, for [`run_cells`].
///
/// ```
/// use plugdp::{run_cells, CellRules, Grid, Options};
/// let strip = Grid::new(1, 10)?;
/// let options = Options::default();
/// let any = |_, _| (Some(1u64), Some(1u64)); // each cell may be in or out, weight 1
/// // Any subset of 10 cells: 2^10, with the empty one.
/// let all = CellRules { connected: false, allow_empty: true };
/// assert_eq!(run_cells(&strip, all, any, &options)?, 1024);
/// // Connected non-empty subsets of a 1 × n strip are its n(n + 1)/2 intervals.
/// let intervals = CellRules { connected: true, allow_empty: false };
/// assert_eq!(run_cells(&strip, intervals, any, &options)?, 55);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellRules {
    /// The occupied cells must form one 4-connected set.
    pub connected: bool,
    /// Whether the configuration with no occupied cell counts.
    pub allow_empty: bool,
}

/// A connected configuration has finished: nothing more may be in.
const DONE: u8 = 1;
/// Some cell is in.
const ANY: u8 = 2;

/// Sweeps `grid`; `weights(r, c)` gives the weight of a free cell being *in* and being *out*
/// (`None`: not allowed); blocked cells are always out. Returns the total weight of the allowed
/// configurations.
///
/// ```
/// use plugdp::{run_cells, CellRules, Grid, Options};
/// // Non-empty connected cell sets of a 2 × 2 board: 4 singles, 4 dominoes, 4 L-shapes, 1 square.
/// let rules = CellRules { connected: true, allow_empty: false };
/// let both = |_, _| (Some(1), Some(1));
/// let n: u64 = run_cells(&Grid::new(2, 2)?, rules, both, &Options::default())?;
/// assert_eq!(n, 13);
/// # Ok::<(), plugdp::PlugError>(())
/// ```
///
/// # Errors
/// [`PlugError::TooWide`] past 31 columns, [`PlugError::TooManyComponents`],
/// [`PlugError::Overflow`], [`PlugError::BudgetExceeded`] past the budget of `options` (which
/// holds within every cell). The sweep is a [`Transfer`] on the crate's driver, so
/// `options.threads` splits its big steps as for the edge problems.
pub fn run_cells<V: Value>(
    grid: &Grid,
    rules: CellRules,
    mut weights: impl FnMut(usize, usize) -> (Option<V>, Option<V>),
    options: &Options,
) -> Result<V, PlugError> {
    let (rows, cols) = (grid.rows(), grid.cols());
    if cols > MAX_POSITIONS {
        return Err(PlugError::TooWide {
            cols,
            max: MAX_POSITIONS,
        });
    }
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            cells.push(if grid.is_blocked(r, c) {
                (None, Some(V::one()))
            } else {
                weights(r, c)
            });
        }
    }
    let problem = Cells {
        rows,
        cols,
        rules,
        cells,
    };
    Ok(run(&problem, options)?.0)
}

/// The cell-occupancy problem on the driver: each cell's weights in and out, row-major.
struct Cells<V> {
    rows: usize,
    cols: usize,
    rules: CellRules,
    cells: Vec<(Option<V>, Option<V>)>,
}

impl<V: Value> Transfer for Cells<V> {
    type Key = u128;
    type Value = V;

    fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn start(&self) -> u128 {
        0
    }

    fn successors<E>(&self, r: usize, c: usize, key: u128, mut emit: E) -> Result<(), PlugError>
    where
        E: FnMut(u128, &V, usize) -> Result<(), PlugError>,
    {
        let (win, wout) = &self.cells[r * self.cols + c];
        let l = Labels::decode(key, self.cols);
        if let Some(w) = wout
            && let Some(new) = leave_out(l, c, self.cols, self.rules)
        {
            emit(
                new.encode(self.cols).ok_or(PlugError::TooManyComponents)?,
                w,
                0,
            )?;
        }
        if let Some(w) = win
            && let Some(new) = take_in(l, c, self.rules)
        {
            emit(
                new.encode(self.cols).ok_or(PlugError::TooManyComponents)?,
                w,
                1,
            )?;
        }
        Ok(())
    }

    fn accept(&self, key: u128) -> bool {
        let l = Labels::decode(key, self.cols);
        let any = l.flags & ANY != 0;
        // Labels are in minimal representation: one component at most means none above 1.
        let one_set = l.at[..self.cols].iter().all(|&x| x <= 1);
        (any || self.rules.allow_empty) && (!self.rules.connected || one_set)
    }

    fn max_successors(&self, _r: usize, _c: usize) -> usize {
        2
    }
}

fn leave_out(mut l: Labels, c: usize, cols: usize, rules: CellRules) -> Option<Labels> {
    let up = l.at[c];
    l.at[c] = 0;
    if rules.connected && up != 0 && !l.at[..cols].contains(&up) {
        // The component above is finished: it must be the only one.
        if l.at[..cols].iter().any(|&x| x != 0) {
            return None;
        }
        l.flags |= DONE;
    }
    Some(l)
}

fn take_in(mut l: Labels, c: usize, rules: CellRules) -> Option<Labels> {
    if l.flags & DONE != 0 {
        return None;
    }
    l.flags |= ANY;
    if !rules.connected {
        l.at[c] = 1;
        return Some(l);
    }
    let up = l.at[c];
    let left = if c > 0 { l.at[c - 1] } else { 0 };
    let label = match (left, up) {
        (0, 0) => 63,
        (a, 0) | (0, a) => a,
        (a, b) => {
            for x in l.at.iter_mut() {
                if *x == b {
                    *x = a;
                }
            }
            a
        }
    };
    l.at[c] = label;
    Some(l)
}
