//! Redelmeier's algorithm for fixed polyominoes: counting and iteration.
//!
//! Redelmeier (1981) grows every polyomino exactly once from its first cell: keep an *untried
//! set* of cells adjacent to the current polyomino that may still be added; repeatedly take a
//! cell out of it, add it, put its not-yet-seen neighbours into a copy of the untried set for
//! the recursive call, and keep the taken cell excluded for the rest of this level. Each fixed
//! polyomino of size ≤ n is visited once, with O(1) amortised work per visit.
//!
//! Two refinements make the counter fast:
//! * the untried sets live in one preallocated pool, one segment per depth, and a child's set is
//!   its parent's remaining prefix copied with `copy_within` plus the new neighbours;
//! * at size n − 1 nothing is placed: each remaining untried cell and each new neighbour of the
//!   last cell is exactly one polyomino of size n, so the last level is counted in O(1) per
//!   parent. This removes three quarters of the visits.

use super::budget::{Budget, Meter, Stop};
use super::lattice::Lattice;
use crate::{CellSet, Polyomino};

/// Counts fixed polyominoes of every size `1..=n`; `counts[k]` is the number of size `k`
/// (`counts[0] = 0`). Requires `n ≥ 1`. Every polyomino of size below `n` is one node of the
/// budget, so the nodes charged do not depend on the thread count.
pub(crate) fn count_up_to(n: usize, budget: &Budget) -> Result<Vec<u64>, Stop> {
    Counter::new(n, Share::ALL).run(&mut budget.meter())
}

/// Like [`count_up_to`], with the search split over `threads` scoped threads. The subtrees
/// rooted at the polyominoes of a fixed split size are dealt out round-robin, so the result is
/// the same for every thread count.
pub(crate) fn count_up_to_parallel(
    n: usize,
    threads: usize,
    budget: &Budget,
) -> Result<Vec<u64>, Stop> {
    // More threads than a few hundred cannot help: the work is dealt in thousands of subtrees.
    let threads = threads.min(256);
    if threads <= 1 || n < 4 {
        return count_up_to(n, budget);
    }
    // Deep enough for thousands of subtrees, shallow enough that every thread's walk above the
    // split (repeated by each thread) stays negligible.
    let split = (n - 1).min(8);
    // A thread the system refuses to start counts its share on the calling thread instead.
    let parts: Vec<Result<Vec<u64>, Stop>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|index| {
                let share = Share {
                    split,
                    index,
                    threads,
                };
                let handle = std::thread::Builder::new()
                    .spawn_scoped(scope, move || {
                        Counter::new(n, share).run(&mut budget.meter())
                    })
                    .ok();
                (share, handle)
            })
            .collect();
        handles
            .into_iter()
            .map(|(share, handle)| match handle {
                Some(h) => h.join().expect("counting threads do not panic"),
                None => Counter::new(n, share).run(&mut budget.meter()),
            })
            .collect()
    });
    let parts = parts.into_iter().collect::<Result<Vec<_>, Stop>>()?;
    Ok((0..=n).map(|k| parts.iter().map(|p| p[k]).sum()).collect())
}

/// Which part of the search tree a counter owns: below the split size only part 0 counts; the
/// subtree of the j-th polyomino of the split size belongs to part `j mod threads`.
#[derive(Clone, Copy)]
struct Share {
    split: usize,
    index: usize,
    threads: usize,
}

impl Share {
    const ALL: Share = Share {
        split: usize::MAX,
        index: 0,
        threads: 1,
    };
}

struct Counter {
    n: usize,
    share: Share,
    /// Polyominoes of the split size seen so far.
    dealt: usize,
    lattice: Lattice,
    reached: Vec<bool>,
    counts: Vec<u64>,
    /// Nodes (polyominoes of size below `n`) already charged to the meter.
    charged: u64,
    /// Whether the meter stopped the search.
    stopped: bool,
    /// Untried sets; depth `d` uses `pool[d * cap .. (d + 1) * cap]`.
    pool: Vec<u16>,
    cap: usize,
}

impl Counter {
    fn run(mut self, meter: &mut Meter<'_>) -> Result<Vec<u64>, Stop> {
        self.pool[0] = self.lattice.root() as u16;
        self.descend(0, 1, 0, meter);
        if self.stopped {
            return Err(Stop);
        }
        self.charge_counted(meter)?;
        meter.flush()?;
        Ok(self.counts)
    }

    /// Charges the polyominoes of size below `n` counted since the last charge (each is one
    /// node of the budget, so the total charged is exact and the same for any thread count).
    fn charge_counted(&mut self, meter: &mut Meter<'_>) -> Result<(), Stop> {
        let counted: u64 = self.counts[1..self.n].iter().sum();
        let fresh = counted - self.charged;
        self.charged = counted;
        meter.charge(fresh)
    }

    fn new(n: usize, share: Share) -> Counter {
        let lattice = Lattice::new(n);
        // An untried set never exceeds the number of cells adjacent to the polyomino (≤ 2n + 2)
        // plus the cells still queued from ancestors, all distinct lattice cells: ≤ 4n + 4.
        let cap = 4 * n + 4;
        Counter {
            n,
            share,
            dealt: 0,
            reached: lattice.initial_marks(),
            lattice,
            counts: vec![0; n + 1],
            charged: 0,
            stopped: false,
            pool: vec![0; cap * (n + 1)],
            cap,
        }
    }

    /// Works through the untried set at depth `depth` (`len` cells), where `placed` cells form
    /// the current polyomino. Stops early, with `self.stopped` set, when the meter says the
    /// budget is spent.
    fn descend(&mut self, depth: usize, mut len: usize, placed: usize, meter: &mut Meter<'_>) {
        let base = depth * self.cap;
        let w = self.lattice.stride();
        let size = placed + 1;
        // The nodes counted so far are charged from the counts themselves, at the shallow levels
        // only (size ≤ n − 3): a check costs O(n) there and nothing per node below (a check per
        // node cost 5 to 12 %), and at most a few thousand nodes pass between checks.
        let shallow = size + 3 <= self.n;
        if shallow && self.charge_counted(meter).is_err() {
            self.stopped = true;
            return;
        }
        while len > 0 {
            len -= 1;
            let c = self.pool[base + len] as usize;
            if size < self.share.split {
                if self.share.index == 0 {
                    self.counts[size] += 1;
                }
            } else {
                if size == self.share.split {
                    self.dealt += 1;
                    if (self.dealt - 1) % self.share.threads != self.share.index {
                        continue;
                    }
                }
                self.counts[size] += 1;
            }
            if size == self.n {
                continue;
            }
            let nbrs = [c - w, c - 1, c + 1, c + w];
            if size + 1 == self.n {
                let fresh = nbrs.iter().filter(|&&x| !self.reached[x]).count();
                self.counts[self.n] += (len + fresh) as u64;
                continue;
            }
            let child = base + self.cap;
            self.pool.copy_within(base..base + len, child);
            let mut clen = len;
            for x in nbrs {
                if !self.reached[x] {
                    self.reached[x] = true;
                    self.pool[child + clen] = x as u16;
                    clen += 1;
                }
            }
            self.descend(depth + 1, clen, size, meter);
            for i in len..clen {
                let x = self.pool[child + i] as usize;
                self.reached[x] = false;
            }
            // Only the shallow levels check, so only they can have stopped below.
            if shallow && self.stopped {
                return;
            }
        }
    }
}

/// Iterator over the fixed polyominoes of one size, in the order Redelmeier's algorithm
/// finds them. Created by [`fixed`](crate::enumerate::fixed).
///
/// Memory is O(n²) (the lattice marks and one untried set per depth); each item costs
/// O(n log n) to build on top of the amortised O(1) search step.
///
/// ```
/// use polyomino::{enumerate, Polyomino};
/// let mut dominoes: Vec<Polyomino> = enumerate::fixed(2)?.collect();
/// dominoes.sort();
/// assert_eq!(dominoes, [Polyomino::parse("##")?, Polyomino::parse("#\n#")?]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct FixedPolyominoes {
    n: usize,
    lattice: Lattice,
    reached: Vec<bool>,
    frames: Vec<Frame>,
    placed: Vec<u16>,
}

impl core::fmt::Debug for FixedPolyominoes {
    /// The size and the search depth (the lattice is an implementation detail).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FixedPolyominoes")
            .field("size", &self.n)
            .field("depth", &self.placed.len())
            .finish_non_exhaustive()
    }
}

/// One level of the search: its untried cells and the cells it marked on creation.
struct Frame {
    untried: Vec<u16>,
    marked: Vec<u16>,
}

impl FixedPolyominoes {
    pub(crate) fn new(n: usize) -> FixedPolyominoes {
        let lattice = Lattice::new(n);
        let root = lattice.root() as u16;
        FixedPolyominoes {
            n,
            reached: lattice.initial_marks(),
            lattice,
            frames: vec![Frame {
                untried: vec![root],
                marked: Vec::new(),
            }],
            placed: Vec::with_capacity(n),
        }
    }

    fn shape(&self) -> Polyomino {
        let cells = self.placed.iter().map(|&i| self.lattice.cell(i as usize));
        // Redelmeier's search adds only cells next to placed ones: the set is connected.
        Polyomino::from_connected(CellSet::from_cells(cells).expect("a search path is never empty"))
    }
}

impl Iterator for FixedPolyominoes {
    type Item = Polyomino;

    fn next(&mut self) -> Option<Polyomino> {
        let w = self.lattice.stride();
        loop {
            let depth = self.frames.len().checked_sub(1)?;
            self.placed.truncate(depth);
            let top = self.frames.last_mut().expect("depth came from a frame");
            let Some(c) = top.untried.pop() else {
                let done = self.frames.pop().expect("checked above");
                for x in done.marked {
                    self.reached[x as usize] = false;
                }
                continue;
            };
            self.placed.push(c);
            if self.placed.len() == self.n {
                return Some(self.shape());
            }
            let mut untried = top.untried.clone();
            let mut marked = Vec::with_capacity(4);
            let c = c as usize;
            for x in [c - w, c - 1, c + 1, c + w] {
                if !self.reached[x] {
                    self.reached[x] = true;
                    untried.push(x as u16);
                    marked.push(x as u16);
                }
            }
            self.frames.push(Frame { untried, marked });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumerate::Options;

    fn count_up_to(n: usize) -> Vec<u64> {
        let budget = Budget::new(&Options::default().with_max_nodes(u64::MAX)).unwrap();
        super::count_up_to(n, &budget).unwrap()
    }

    fn count_up_to_parallel(n: usize, threads: usize) -> Vec<u64> {
        let budget = Budget::new(&Options::default().with_max_nodes(u64::MAX)).unwrap();
        super::count_up_to_parallel(n, threads, &budget).unwrap()
    }

    #[test]
    fn small_counts_match_oeis_a001168() {
        assert_eq!(
            count_up_to(10),
            vec![0, 1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446]
        );
    }

    #[test]
    fn parallel_counts_equal_sequential_ones() {
        for n in 1..=11 {
            for threads in 1..=3 {
                assert_eq!(
                    count_up_to_parallel(n, threads),
                    count_up_to(n),
                    "n {n}, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn counting_to_one_and_two() {
        assert_eq!(count_up_to(1), vec![0, 1]);
        assert_eq!(count_up_to(2), vec![0, 1, 2]);
    }

    #[test]
    fn root_is_the_origin() {
        let l = Lattice::new(5);
        assert_eq!(l.cell(l.root()), crate::Cell::ORIGIN);
    }
}
