//! Refinement, MakeMap and the shared search over bit patterns.

use super::conflicts::Conflicts;
use super::legs::{Leg, legs};
use crate::PlanError;
use crate::geometry::{eq, lt, max_leg_cells};
use crate::instance::Instance;
use crate::options::{Meter, units};
use crate::reference::Shaped;

/// Everything the search reads, computed once.
pub(crate) struct Tables<'i> {
    instance: &'i Instance,
    pub(crate) shaped: Shaped,
    rows: usize,
    cols: usize,
    /// `conflicts[k]`: offsets q − p at which level k (at p) and level k + 1 (at q) overlap.
    conflicts: Vec<Conflicts>,
    /// `legs[k]`: admissible offsets into level k (empty for level 0).
    legs: Vec<Vec<Leg>>,
    /// `map[k][cell]` as in alg. 3.
    map: Vec<Vec<f64>>,
    /// Flagged cells of level 0, row-major.
    starts: Vec<usize>,
    /// `room[k]`: the most cells levels k.. could add.
    room: Vec<usize>,
}

impl<'i> Tables<'i> {
    pub(crate) fn new(
        instance: &'i Instance,
        mut shaped: Shaped,
        meter: &mut Meter,
    ) -> Result<Tables<'i>, PlanError> {
        let (rows, cols) = (instance.site().rows(), instance.site().cols());
        let t = instance.levels().len();
        let tol = instance.params().tolerance;
        let mut conflicts: Vec<Conflicts> = Vec::with_capacity(t);
        for k in 0..t.saturating_sub(1) {
            let (a, b) = (&shaped.shapes[k], &shaped.shapes[k + 1]);
            meter.charge(units(a.len(), b.len()).saturating_add(units(rows, cols)))?;
            conflicts.push(Conflicts::new(a, b, rows as i64, cols as i64));
        }
        let mut legs_of: Vec<Vec<Leg>> = Vec::with_capacity(t);
        for k in 0..t {
            if k == 0 {
                legs_of.push(Vec::new());
                continue;
            }
            let (v, r, c) = (
                instance.levels()[k].dist_m,
                rows as i64 - 1,
                cols as i64 - 1,
            );
            // The offsets tried, then a bearing for each admissible one.
            let tried = units(
                2 * max_leg_cells(v, tol, r) as usize + 1,
                2 * max_leg_cells(v, tol, c) as usize + 1,
            );
            meter.charge(tried)?;
            let table = legs(v, shaped.adjusted[k], tol, r, c);
            meter.charge(units(table.len(), 16))?;
            legs_of.push(table);
        }
        let legs = legs_of;

        // Refinement (alg. 2 lines 23–34), one forward pass reading the unrefined successor.
        for (k, clash) in conflicts.iter().enumerate() {
            meter.charge(units(rows, cols))?;
            let next: Vec<usize> = flagged(&shaped.flags[k + 1]);
            // At most clash.len() successors can clash with a given cell.
            if next.len() > clash.len() {
                continue;
            }
            for (p, flag) in shaped.flags[k].iter_mut().enumerate() {
                if !*flag {
                    continue;
                }
                let (pr, pc) = ((p / cols) as i64, (p % cols) as i64);
                let mut tried = 0;
                *flag = next.iter().any(|&q| {
                    tried += 1;
                    let (qr, qc) = ((q / cols) as i64, (q % cols) as i64);
                    !clash.hits(qr - pr, qc - pc)
                });
                meter.charge(tried)?;
            }
        }

        // MakeMap (alg. 3), backwards, over the leg offsets only.
        meter.charge(units(rows * cols, t))?;
        let mut map = vec![vec![f64::INFINITY; rows * cols]; t];
        for (v, &f) in map[t - 1].iter_mut().zip(&shaped.flags[t - 1]) {
            if f {
                *v = 0.0;
            }
        }
        for k in (0..t - 1).rev() {
            let (head, tail) = map.split_at_mut(k + 1);
            let (here, next) = (&mut head[k], &tail[0]);
            for (p, slot) in here.iter_mut().enumerate() {
                if !shaped.flags[k][p] {
                    continue;
                }
                let (pr, pc) = ((p / cols) as i64, (p % cols) as i64);
                meter.charge(units(legs[k + 1].len(), 1))?;
                let mut best = f64::INFINITY;
                for leg in &legs[k + 1] {
                    let (qr, qc) = (pr + leg.dr, pc + leg.dc);
                    if qr < 0 || qc < 0 || qr >= rows as i64 || qc >= cols as i64 {
                        continue;
                    }
                    let q = qr as usize * cols + qc as usize;
                    if !shaped.flags[k + 1][q] || conflicts[k].hits(leg.dr, leg.dc) {
                        continue;
                    }
                    let cand = next[q] + leg.deviation;
                    if cand < best {
                        best = cand;
                    }
                }
                *slot = best;
            }
        }

        let mut room = vec![0; t + 1];
        for k in (0..t).rev() {
            room[k] = room[k + 1] + shaped.shapes[k].len();
        }
        let starts = flagged(&shaped.flags[0]);
        Ok(Tables {
            instance,
            shaped,
            rows,
            cols,
            conflicts,
            legs,
            map,
            starts,
            room,
        })
    }

    /// Runs the search and returns the chosen pivots.
    pub(crate) fn search(&self, meter: &mut Meter) -> Result<Vec<(usize, usize)>, PlanError> {
        let t = self.shaped.shapes.len();
        let mut s = Search {
            tables: self,
            meter,
            mask: vec![0u64; (self.rows * self.cols).div_ceil(64)],
            path: Vec::with_capacity(t),
            leaves: Vec::new(),
            best_cnt: None,
            first_failure: usize::MAX,
        };
        s.descend(0, 0.0, 0, 0)?;
        let mut leaves = s.leaves;
        if leaves.is_empty() {
            return Err(crate::failure(self.instance, s.first_failure));
        }
        // Replay alg. 1's comparison in the order in which the bit patterns first reach each
        // outcome.
        leaves.sort_by_key(|l| l.bits);
        let mut best = &leaves[0];
        for leaf in &leaves[1..] {
            if leaf.cnt > best.cnt || (leaf.cnt == best.cnt && lt(leaf.theta, best.theta)) {
                best = leaf;
            }
        }
        Ok(best
            .path
            .iter()
            .map(|&p| (p / self.cols, p % self.cols))
            .collect())
    }
}

fn flagged(flags: &[bool]) -> Vec<usize> {
    flags
        .iter()
        .enumerate()
        .filter(|(_, f)| **f)
        .map(|(i, _)| i)
        .collect()
}

/// One distinct greedy outcome.
struct Leaf {
    /// The smallest bit pattern that produces it.
    bits: u64,
    cnt: usize,
    theta: f64,
    path: Vec<usize>,
}

/// A candidate: cell, newly covered cells, θ, leg deviation.
#[derive(Clone, Copy)]
struct Cand {
    cell: usize,
    cnt: usize,
    theta: f64,
    leg: f64,
}

struct Search<'t, 'm> {
    tables: &'t Tables<'t>,
    meter: &'m mut Meter,
    /// Covered cells so far, one bit per site cell.
    mask: Vec<u64>,
    path: Vec<usize>,
    leaves: Vec<Leaf>,
    best_cnt: Option<usize>,
    first_failure: usize,
}

impl Search<'_, '_> {
    fn new_cells(&self, k: usize, cell: usize) -> usize {
        let cols = self.tables.cols as i64;
        let (r, c) = (
            (cell / self.tables.cols) as i64,
            (cell % self.tables.cols) as i64,
        );
        self.tables.shaped.shapes[k]
            .iter()
            .filter(|&&(dr, dc)| {
                let i = ((r + dr) * cols + c + dc) as usize;
                self.mask[i / 64] >> (i % 64) & 1 == 0
            })
            .count()
    }

    /// The choices of both preferences at level `k`, or `None` when no cell is admissible.
    fn choose(&mut self, k: usize, theta_all: f64) -> Result<Option<(Cand, Cand)>, PlanError> {
        let tb = self.tables;
        let shape_len = tb.shaped.shapes[k].len();
        let mut cov: Option<Cand> = None;
        let mut dev: Option<Cand> = None;
        let mut consider = |cand: Cand| {
            let replace_cov = match cov {
                None => true,
                Some(b) => cand.cnt > b.cnt || (cand.cnt == b.cnt && lt(cand.theta, b.theta)),
            };
            if replace_cov {
                cov = Some(cand);
            }
            let replace_dev = match dev {
                None => true,
                Some(b) => lt(cand.theta, b.theta) || (eq(cand.theta, b.theta) && cand.cnt > b.cnt),
            };
            if replace_dev {
                dev = Some(cand);
            }
        };
        if k == 0 {
            self.meter
                .charge(units(tb.starts.len(), shape_len.saturating_add(1)))?;
            for &cell in &tb.starts {
                let theta = theta_all + tb.map[0][cell] + 0.0;
                consider(Cand {
                    cell,
                    cnt: self.new_cells(0, cell),
                    theta,
                    leg: 0.0,
                });
            }
        } else {
            let prev = *self.path.last().expect("level k > 0 has a predecessor");
            let (pr, pc) = ((prev / tb.cols) as i64, (prev % tb.cols) as i64);
            self.meter.charge(units(tb.legs[k].len(), 1))?;
            for leg in &tb.legs[k] {
                let (qr, qc) = (pr + leg.dr, pc + leg.dc);
                if qr < 0 || qc < 0 || qr >= tb.rows as i64 || qc >= tb.cols as i64 {
                    continue;
                }
                let cell = qr as usize * tb.cols + qc as usize;
                if !tb.shaped.flags[k][cell] || tb.conflicts[k - 1].hits(leg.dr, leg.dc) {
                    continue;
                }
                let theta = theta_all + tb.map[k][cell] + leg.deviation;
                self.meter.charge(units(shape_len, 1))?;
                consider(Cand {
                    cell,
                    cnt: self.new_cells(k, cell),
                    theta,
                    leg: leg.deviation,
                });
            }
        }
        Ok(dev.zip(cov))
    }

    fn descend(
        &mut self,
        k: usize,
        theta_all: f64,
        covered: usize,
        bits: u64,
    ) -> Result<(), PlanError> {
        let t = self.tables.shaped.shapes.len();
        if k == t {
            self.meter.charge(units(t, 1))?;
            self.best_cnt = Some(self.best_cnt.map_or(covered, |b| b.max(covered)));
            self.leaves.push(Leaf {
                bits,
                cnt: covered,
                theta: theta_all,
                path: self.path.clone(),
            });
            return Ok(());
        }
        // Outcomes with fewer covered cells than one already found can never be chosen, nor
        // change which one is (alg. 1 compares coverage first, exactly).
        if self
            .best_cnt
            .is_some_and(|b| covered + self.tables.room[k] < b)
        {
            return Ok(());
        }
        let Some((dev, cov)) = self.choose(k, theta_all)? else {
            self.first_failure = self.first_failure.min(k);
            return Ok(());
        };
        self.place(k, dev, theta_all, covered, bits)?;
        if cov.cell != dev.cell {
            self.place(k, cov, theta_all, covered, bits | 1 << k)?;
        }
        Ok(())
    }

    fn place(
        &mut self,
        k: usize,
        cand: Cand,
        theta_all: f64,
        covered: usize,
        bits: u64,
    ) -> Result<(), PlanError> {
        let cols = self.tables.cols as i64;
        let (r, c) = (
            (cand.cell / self.tables.cols) as i64,
            (cand.cell % self.tables.cols) as i64,
        );
        let mut set: smallvec::SmallVec<[usize; 32]> = smallvec::SmallVec::new();
        for &(dr, dc) in &self.tables.shaped.shapes[k] {
            let i = ((r + dr) * cols + c + dc) as usize;
            if self.mask[i / 64] >> (i % 64) & 1 == 0 {
                self.mask[i / 64] |= 1 << (i % 64);
                set.push(i);
            }
        }
        self.meter
            .charge(units(self.tables.shaped.shapes[k].len(), 1))?;
        self.path.push(cand.cell);
        let below = self.descend(k + 1, theta_all + cand.leg, covered + set.len(), bits);
        self.path.pop();
        for i in set {
            self.mask[i / 64] &= !(1 << (i % 64));
        }
        below
    }
}
