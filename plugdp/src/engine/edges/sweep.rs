//! The edge problem on the driver: every cell's choices bucketed by the plugs they expect
//! ([`Options`]), and [`Sweep`], the [`Transfer`] whose frontiers are the plugs' components in
//! minimal representation with the engine's flags.

use super::key::Key;
use super::transitions::{Fast, fast_step, step};
use super::{CLOSED, Cycles, EdgeRules, Frontier, Pruner, Sides};
use crate::engine::driver::{Keep, Transfer};
use crate::engine::interned::Interned;
use crate::engine::nibbles::shift_row;
use crate::engine::state::Labels;
use crate::{Grid, PlugError, Value};

/// The choices of every cell, bucketed by the plugs they expect from the left and from above.
pub(super) struct Options<V> {
    cells: Interned<[Vec<(Sides, V, usize)>; 4]>,
}

impl<V: Value> Options<V> {
    /// # Errors
    /// [`PlugError::BadSides`] for a choice with bits beyond the four sides.
    pub(super) fn new<I: IntoIterator<Item = (Sides, V)>>(
        grid: &Grid,
        choices: &mut impl FnMut(usize, usize) -> I,
    ) -> Result<Options<V>, PlugError> {
        let mut cells = Interned::with_capacity(grid.rows() * grid.cols());
        for r in 0..grid.rows() {
            for c in 0..grid.cols() {
                let list: Vec<(Sides, V)> = if grid.is_blocked(r, c) {
                    vec![(Sides::NONE, V::one())]
                } else {
                    choices(r, c).into_iter().collect()
                };
                let mut buckets: [Vec<(Sides, V, usize)>; 4] = Default::default();
                for (i, (sides, w)) in list.into_iter().enumerate() {
                    if sides.0 & !0xF != 0 {
                        return Err(PlugError::BadSides {
                            row: r,
                            col: c,
                            sides: sides.0,
                        });
                    }
                    let b = usize::from(sides.has(Sides::LEFT))
                        | usize::from(sides.has(Sides::UP)) << 1;
                    buckets[b].push((sides, w, i));
                }
                cells.push(buckets);
            }
        }
        Ok(Options { cells })
    }
}

pub(super) struct Sweep<'g, K, V> {
    pub(super) grid: &'g Grid,
    rules: EdgeRules,
    options: Options<V>,
    _key: core::marker::PhantomData<K>,
}

impl<'g, K: Key, V: Value> Sweep<'g, K, V> {
    pub(super) fn new(grid: &'g Grid, rules: EdgeRules, options: Options<V>) -> Self {
        Sweep {
            grid,
            rules,
            options,
            _key: core::marker::PhantomData,
        }
    }

    fn positions(&self) -> usize {
        self.grid.cols() + 1
    }

    /// The accepting final key.
    pub(super) fn accepting(&self) -> K {
        let rules = self.rules;
        let want = if rules.connectivity && rules.ends > 0 {
            u128::from(CLOSED | rules.ends << 1) << 124
        } else if rules.connectivity && rules.cycles == Cycles::Single {
            u128::from(CLOSED) << 124
        } else {
            0
        };
        K::narrow(want)
    }

    /// The frontier as a [`Pruner`] sees it.
    pub(super) fn view(&self, key: K) -> Frontier {
        let wide = key.widen();
        let l = Labels::decode(wide, self.positions());
        Frontier {
            labels: l.at,
            positions: self.positions(),
            flags: l.flags,
        }
    }

    /// The frontier after the end of a row: the down-plugs move one position right.
    pub(super) fn shifted(&self, key: K) -> K {
        shift_row(key, self.positions())
    }
}

impl<K: Key + Send + Sync, V: Value> Transfer for Sweep<'_, K, V> {
    type Key = K;
    type Value = V;

    fn size(&self) -> (usize, usize) {
        (self.grid.rows(), self.grid.cols())
    }

    fn start(&self) -> K {
        K::narrow(0)
    }

    /// Every successor of `key` at cell `(r, c)`: (new key, weight, choice index).
    #[inline]
    fn successors<E>(&self, r: usize, c: usize, key: K, mut emit: E) -> Result<(), PlugError>
    where
        E: FnMut(K, &V, usize) -> Result<(), PlugError>,
    {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let positions = self.positions();
        let wide = key.widen();
        let left = (wide >> (4 * c)) & 0xF != 0;
        let up = (wide >> (4 * (c + 1))) & 0xF != 0;
        let bucket =
            &self.options.cells.get(r * cols + c)[usize::from(left) | usize::from(up) << 1];
        if bucket.is_empty() {
            return Ok(());
        }
        let mut labels: Option<Labels> = None;
        for (sides, weight, index) in bucket {
            match fast_step(key, *sides, r, c, rows, cols, self.rules) {
                Fast::Done(new) => emit(new, weight, *index)?,
                Fast::Dead => {}
                Fast::TooMany => return Err(PlugError::TooManyComponents),
                Fast::General => {
                    let l = *labels.get_or_insert_with(|| Labels::decode(wide, positions));
                    if let Some(new) = step(l, *sides, r, c, rows, cols, self.rules) {
                        let new_key =
                            K::narrow(new.encode(positions).ok_or(PlugError::TooManyComponents)?);
                        emit(new_key, weight, *index)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn row_end(&self, _r: usize, key: K) -> Option<K> {
        Some(self.shifted(key))
    }

    fn accept(&self, key: K) -> bool {
        key == self.accepting()
    }

    /// The largest number of choices any frontier can meet at the cell.
    fn max_successors(&self, r: usize, c: usize) -> usize {
        self.options
            .cells
            .get(r * self.grid.cols() + c)
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
    }
}

/// A [`Pruner`] as the driver's hooks.
pub(super) struct PrunerHooks<'a, 's, K, V> {
    pub(super) sweep: &'s Sweep<'s, K, V>,
    pub(super) pruner: &'a mut dyn Pruner,
}

impl<K: Key, V: Value> Keep<K> for PrunerHooks<'_, '_, K, V> {
    fn active(&self) -> bool {
        self.pruner.is_active()
    }
    fn after_cell(&mut self, r: usize, c: usize, key: K) -> bool {
        self.pruner.keep_after_cell(r, c, &self.sweep.view(key))
    }
    fn after_row(&mut self, r: usize, key: K) -> bool {
        self.pruner.keep_after_row(r, &self.sweep.view(key))
    }
}
