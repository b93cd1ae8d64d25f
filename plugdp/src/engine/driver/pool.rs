//! The threaded sweep: the steps of a [`Driver`] expanded and summed by worker threads started
//! once per sweep, and the helpers the workers share.

use super::sequential::{Driver, KeepAll, Snapshot, Step, record, stats_bytes, sum};
use super::{Stats, Transfer};
use crate::engine::table::{Collector, Frontiers};
use crate::{PlugError, Value};

/// Boards narrower than this and with more than [`MAX_UNPOOLED_CELLS`] cells are swept on one
/// thread even when more are asked for (see `sweep_rows`).
const MIN_POOLED_COLS: usize = 10;
/// See [`MIN_POOLED_COLS`].
const MAX_UNPOOLED_CELLS: usize = 4096;

impl<T: Transfer> Driver<'_, T> {
    /// [`run`](Self::run) without hooks, big steps on `threads` threads (see
    /// [`run`](super::run)).
    pub(crate) fn run_parallel(&self, threads: usize) -> Result<(T::Value, Stats), PlugError> {
        let (rows, _, _) = self.size()?;
        let (lists, stats) = self.sweep_rows(rows, threads, None)?;
        Ok((self.accepted(lists.iter())?, stats))
    }

    /// The frontiers after the first `rows` rows (shifted for the next row), in one list per
    /// thread: [`sweep_sequential`](Self::sweep_sequential) on one thread,
    /// [`sweep_rows_pooled`](Self::sweep_rows_pooled) on more; the frontiers after
    /// `snapshot.after_rows` rows are kept in `snapshot` on the way.
    pub(crate) fn sweep_rows(
        &self,
        rows: usize,
        threads: usize,
        snapshot: Option<&mut Snapshot<T>>,
    ) -> Result<(Vec<Step<T>>, Stats), PlugError> {
        // Per-thread tables are sized before any thread starts: a request past what can help
        // (or what the system can start) is clamped rather than allocated.
        let threads = threads.min(crate::Options::MAX_THREADS);
        // The pool costs two barriers (some microseconds) per step. A narrow board's frontiers
        // are few, so on a long narrow board that cost is all there is (a 3 000 000 × 1 board:
        // 55 s on two threads, 2.6 s on one); on a small board it is negligible either way.
        let (_, cols, cells) = self.size()?;
        let narrow_and_long = cols < MIN_POOLED_COLS && cells > MAX_UNPOOLED_CELLS;
        if threads > 1 && !narrow_and_long && !self.problem.prunes_steps() {
            return self.sweep_rows_pooled(rows, threads, snapshot);
        }
        let (list, stats) = self.sweep_sequential(rows, &mut KeepAll, snapshot)?;
        Ok((vec![list], stats))
    }

    /// [`sweep_rows`](Self::sweep_rows) on `threads` worker threads started once for the whole
    /// sweep. Every step has two phases separated by barriers: each worker expands an equal
    /// share of all frontiers into its own partition buffers (by hash bits), then worker t sums
    /// partitions t, t + threads, … of every worker's buffers into its own list. No locks are
    /// contended (each lock guards data one phase writes and the next reads), and no frontier is
    /// summed by two workers. An error or a panic in one worker stops all of them at the next
    /// barrier.
    fn sweep_rows_pooled(
        &self,
        rows: usize,
        threads: usize,
        snapshot: Option<&mut Snapshot<T>>,
    ) -> Result<(Vec<Step<T>>, Stats), PlugError> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::{Barrier, Condvar, Mutex, RwLock};
        type Parts<K, V> = Vec<Vec<(K, V)>>;
        let cols = self.cols();
        let bank = || -> Vec<RwLock<Step<T>>> {
            (0..threads)
                .map(|_| RwLock::new(Frontiers::default()))
                .collect()
        };
        // Step s reads bank s % 2 and writes bank (s + 1) % 2.
        let banks = [bank(), bank()];
        *write(&banks[0][0]) = Frontiers::single(self.problem.start(), T::Value::one());
        let parts: Vec<RwLock<Parts<T::Key, T::Value>>> =
            (0..threads).map(|_| RwLock::new(Vec::new())).collect();
        let barrier = Barrier::new(threads);
        // Each worker's copy of its list after the snapshot's row.
        let snap_row = snapshot.as_ref().map(|s| s.after_rows);
        let kept: Vec<Mutex<Option<Step<T>>>> = (0..threads).map(|_| Mutex::new(None)).collect();
        // The first step in which a worker failed (usize::MAX: none). Every worker decides to
        // stop after the closing barrier of step s by whether a failure happened in a step
        // <= s: those were all recorded before that barrier, so the workers agree (a failure
        // already recorded by a fast worker in step s + 1 must not stop a slow one early, or
        // the fast one would wait at a barrier forever).
        let failed_at = AtomicUsize::new(usize::MAX);
        let trouble: Mutex<Option<Trouble>> = Mutex::new(None);
        let fail = |t: Trouble, step: usize| {
            let mut slot = trouble
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // A panic outranks an error (it must not vanish behind, say, an overflow that a
            // caller answers by retrying wider).
            if slot.is_none()
                || matches!((&*slot, &t), (Some(Trouble::Error(_)), Trouble::Panic(_)))
            {
                *slot = Some(t);
            }
            failed_at.fetch_min(step, Ordering::AcqRel);
        };
        // Whether any worker failed so far (its work is then useless; skipping is safe).
        let failed = || failed_at.load(Ordering::Acquire) != usize::MAX;
        // At least one partition per worker.
        let min_bits = threads.next_power_of_two().trailing_zeros();
        let worker = |t: usize| -> Stats {
            // Each worker's buffers (its collector's, its two lists, its snapshot) count against
            // its equal share of the budget.
            let mut collector: Collector<T::Key, T::Value> = self.collector(threads);
            let mut stats = Stats::default();
            let mut step = 0usize;
            // The bytes of this worker's snapshot, once taken.
            let mut snapped = 0usize;
            'sweep: for r in 0..rows {
                for c in 0..cols {
                    let (src, dst) = (&banks[step % 2], &banks[(step + 1) % 2]);
                    if !failed() {
                        let expand = || -> Result<(), PlugError> {
                            let lists: Vec<_> = src.iter().map(read).collect();
                            let lens: Vec<usize> = lists.iter().map(|l| l.len()).collect();
                            let total = lens.iter().sum();
                            // Every worker sees the same total: they fail at the same step
                            // (a deadline read at different moments is settled by failed_at).
                            self.check(total)?;
                            let bits = Collector::<T::Key, T::Value>::partition_bits(
                                self.expected(total, r, c),
                            )
                            .max(min_bits);
                            let outside = lists[t].bytes()
                                + read(&dst[t]).bytes()
                                + stats_bytes(&stats)
                                + snapped;
                            let mut mine = write(&parts[t]);
                            collector.restore_parts(std::mem::take(&mut *mine));
                            if let Err(e) = collector.begin_partitioned(total, bits, outside) {
                                *mine = collector.take_parts();
                                return Err(e);
                            }
                            let outcome =
                                share(&lens, threads, t)
                                    .into_iter()
                                    .try_for_each(|(l, range)| {
                                        self.expand(&lists[l], range, r, c, &mut collector)
                                    });
                            *mine = collector.take_parts();
                            outcome
                        };
                        run_guarded(expand, |e| fail(e, step));
                    }
                    barrier.wait();
                    if !failed() {
                        let gather = || -> Result<(), PlugError> {
                            let all: Vec<_> = parts.iter().map(read).collect();
                            let mut out = write(&dst[t]);
                            out.clear();
                            collector.gather(&all, t, threads, &mut out, sum)?;
                            if c + 1 == cols {
                                self.end_row(r, &mut out);
                                if snap_row == Some(r + 1) {
                                    let bytes = out.copy_bytes();
                                    collector.ledger().grow(0, bytes, out.len())?;
                                    *lock(&kept[t]) = Some(out.clone());
                                    snapped += bytes;
                                }
                            }
                            Ok(())
                        };
                        run_guarded(gather, |e| fail(e, step));
                    }
                    barrier.wait();
                    if failed_at.load(Ordering::Acquire) <= step {
                        break 'sweep;
                    }
                    if t == 0 {
                        let total = dst.iter().map(|l| read(l).len()).sum();
                        if let Err(e) = record(&mut stats, total, collector.ledger()) {
                            // (Worker 0 alone knows: the others stop at the next step's
                            // barrier, which sees this failure.)
                            fail(Trouble::Error(e), step + 1);
                        }
                    }
                    step += 1;
                }
            }
            stats
        };
        // The workers wait at a gate until all of them have started: if the system refuses a
        // thread, the started ones leave (they never reach a barrier sized for all) and the
        // sweep runs on this thread instead.
        let gate: (Mutex<Option<bool>>, Condvar) = (Mutex::new(None), Condvar::new());
        let pass = || {
            let (open, signal) = &gate;
            let mut open = open
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            while open.is_none() {
                open = signal
                    .wait(open)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
            }
            *open == Some(true)
        };
        let stats = std::thread::scope(|scope| {
            let (worker, pass) = (&worker, &pass);
            let mut handles = Vec::with_capacity(threads - 1);
            for t in 1..threads {
                let spawned = std::thread::Builder::new()
                    .spawn_scoped(scope, move || pass().then(|| worker(t)));
                match spawned {
                    Ok(handle) => handles.push(handle),
                    Err(_) => break,
                }
            }
            let started = handles.len() + 1 == threads;
            *gate
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(started);
            gate.1.notify_all();
            let stats = started.then(|| worker(0));
            for handle in handles {
                // Workers catch their own panics; a panic here would be in the joining itself.
                if let Err(panic) = handle.join() {
                    std::panic::resume_unwind(panic);
                }
            }
            stats
        });
        let Some(stats) = stats else {
            return self.sweep_rows(rows, 1, snapshot);
        };
        if let Some(snapshot) = snapshot {
            snapshot.lists = kept
                .into_iter()
                .filter_map(|k| {
                    k.into_inner()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                })
                .collect();
        }
        match trouble
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
        {
            Some(Trouble::Error(e)) => Err(e),
            Some(Trouble::Panic(p)) => std::panic::resume_unwind(p),
            None => {
                let [a, b] = banks;
                // (rows × cols even: the last step wrote bank 0.)
                let last = if rows.is_multiple_of(2) || cols.is_multiple_of(2) {
                    a
                } else {
                    b
                };
                let lists = last
                    .into_iter()
                    .map(|l| {
                        l.into_inner()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                    })
                    .collect::<Vec<_>>();
                // Each step checked the table before it; the last table is checked here.
                self.check(lists.iter().map(Frontiers::len).sum())?;
                Ok((lists, stats))
            }
        }
    }
}

/// What stopped a worker of [`Driver::sweep_rows_pooled`].
enum Trouble {
    Error(PlugError),
    Panic(Box<dyn std::any::Any + Send>),
}

/// Runs `work`, reporting its error or panic to `fail` (so the other workers stop at the next
/// barrier instead of waiting for this one forever).
fn run_guarded(work: impl FnOnce() -> Result<(), PlugError>, fail: impl FnOnce(Trouble)) {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => fail(Trouble::Error(e)),
        Err(panic) => fail(Trouble::Panic(panic)),
    }
}

/// A read lock that ignores poisoning (workers never panic while holding one: panics are
/// caught inside the phase, and the data is only used if no worker failed).
fn read<T>(lock: &std::sync::RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A mutex lock that ignores poisoning (see [`read`]).
fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A write lock that ignores poisoning (see [`read`]).
fn write<T>(lock: &std::sync::RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    lock.write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Worker `t`'s share of frontiers from lists of lengths `lens`, as (list, index range) pieces:
/// the `t`-th of `threads` nearly equal consecutive slices of their concatenation.
fn share(lens: &[usize], threads: usize, t: usize) -> Vec<(usize, core::ops::Range<usize>)> {
    let total: usize = lens.iter().sum();
    // (In 128 bits: `total * t` must not overflow.)
    let part = |t: usize| (total as u128 * t as u128 / threads as u128) as usize;
    let (from, to) = (part(t), part(t + 1));
    let mut out = Vec::new();
    let mut start = 0;
    for (l, &len) in lens.iter().enumerate() {
        let (lo, hi) = (from.max(start), to.min(start + len));
        if lo < hi {
            out.push((l, lo - start..hi - start));
        }
        start += len;
    }
    out
}
