//! The rating tournament of the original plane-bombing contest, for any two-player game: shuffled matchmaking with a widening
//! rating window, Elo updates with a decaying K, and the A–E tier scoring.
//!
//! The tournament does not know the game: the caller supplies a closure that plays one pairing
//! (a "test point": for example 20 games with the first move alternated) and returns the first
//! entrant's win fraction. Pairings of one round are independent, so they run on scoped
//! threads; each pairing gets its own random stream derived from the tournament seed, the round
//! and its index in the round, so the result is the same for any number of threads.

use super::Rng;
use super::elo;

/// The tournament's settings (the values of the original contest by default). Build with
/// `Tournament::default()` and the `with_…` setters or by assigning fields (the struct may gain
/// fields, so it cannot be written as a literal outside this crate).
///
/// ```
/// use grid_games::game::Tournament;
/// let t = Tournament::default().with_rounds(12).with_threads(2);
/// assert_eq!((t.rounds, t.initial_rating, t.threads), (12, 1500.0, 2));
/// let mut wide = Tournament::default();
/// wide.window_max = 1000.0;
/// assert!(wide.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Tournament {
    /// Number of rounds (about 30 in the original contest).
    pub rounds: usize,
    /// Initial rating.
    pub initial_rating: f64,
    /// First matchmaking window.
    pub window_start: f64,
    /// Window growth per failed search.
    pub window_step: f64,
    /// Largest window; an entrant still unmatched sits the round out.
    pub window_max: f64,
    /// Worker threads for the pairings of a round (1 = sequential; clamped to
    /// `1..=`[`Tournament::MAX_THREADS`] and to the pairings of the round). A thread the system
    /// refuses to start leaves its share to the calling thread; the standings do not depend on
    /// the number of threads.
    pub threads: usize,
}

impl Tournament {
    /// Most widenings of the matchmaking window from `window_start` to `window_max` that
    /// [`Tournament::validate`] accepts.
    pub const MAX_WIDENINGS: f64 = 1e6;

    /// Most entrants [`Tournament::run`] takes (matchmaking costs about the square of the
    /// entrants per round).
    pub const MAX_ENTRANTS: usize = 4096;

    /// Most pairings in all (rounds × entrants / 2) [`Tournament::run`] takes; each is kept in
    /// [`Standings::pairings`].
    pub const MAX_PAIRINGS: usize = 10_000_000;

    /// Most worker threads a round uses, whatever [`Tournament::threads`] asks for.
    pub const MAX_THREADS: usize = 256;

    /// These settings with `rounds` rounds.
    ///
    /// ```
    /// use grid_games::game::Tournament;
    /// assert_eq!(Tournament::default().with_rounds(5).rounds, 5);
    /// ```
    pub fn with_rounds(mut self, rounds: usize) -> Tournament {
        self.rounds = rounds;
        self
    }

    /// These settings with `threads` worker threads for the pairings of a round.
    ///
    /// ```
    /// use grid_games::game::{Rng, Tournament};
    /// // The standings do not depend on the number of threads.
    /// let coin = |_: usize, _: usize, rng: &mut Rng| rng.unit().round();
    /// let one = Tournament::default().with_rounds(5).run(6, 1, coin)?;
    /// let four = Tournament::default().with_rounds(5).with_threads(4).run(6, 1, coin)?;
    /// assert_eq!(one, four);
    /// # Ok::<(), grid_games::game::TournamentError>(())
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Tournament {
        self.threads = threads;
        self
    }
}

impl Default for Tournament {
    fn default() -> Tournament {
        Tournament {
            rounds: 30,
            initial_rating: 1500.0,
            window_start: 100.0,
            window_step: 50.0,
            window_max: 600.0,
            threads: 1,
        }
    }
}

/// Which tournament setting is wrong ([`TournamentError::BadSettings`]).
///
/// ```
/// use grid_games::game::{BadSetting, Tournament, TournamentError};
/// let mut t = Tournament::default();
/// t.window_step = 0.0;
/// assert!(matches!(t.validate(), Err(TournamentError::BadSettings(BadSetting::Windows { .. }))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum BadSetting {
    /// The initial rating or a window is NaN or infinite.
    #[error("a rating or window is not finite")]
    NotFinite,
    /// The windows do not satisfy `0 <= start <= max` and `step > 0`.
    #[error(
        "windows must satisfy 0 <= start <= max and step > 0 (start {start}, step {step}, max {max})"
    )]
    Windows {
        /// First window.
        start: f64,
        /// Growth per failed search.
        step: f64,
        /// Largest window.
        max: f64,
    },
    /// The window step is too small: it does not change the window in floating point, or more
    /// than [`Tournament::MAX_WIDENINGS`] widenings would be needed to reach the largest window.
    #[error("the window step {step} is too small to widen the window from {start}")]
    StepTooSmall {
        /// First window.
        start: f64,
        /// Growth per failed search.
        step: f64,
    },
}

/// Why a tournament cannot run.
///
/// ```
/// use grid_games::game::{Tournament, TournamentError};
/// let err = Tournament::default().run(2, 1, |_, _, _| 2.0).unwrap_err();
/// assert!(matches!(err, TournamentError::BadResult { round: 1, value: 2.0, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TournamentError {
    /// A setting is not finite, a window is negative, the step is not positive, or the largest
    /// window is below the first.
    #[error("bad tournament settings: {0}")]
    BadSettings(BadSetting),
    /// A pairing returned a win fraction that is not a number in [0, 1].
    #[error("round {round}: pairing {a} vs {b} returned {value}, not a win fraction in [0, 1]")]
    BadResult {
        /// Round number (1-based).
        round: usize,
        /// First entrant.
        a: usize,
        /// Second entrant.
        b: usize,
        /// The value returned.
        value: f64,
    },
    /// More entrants than [`Tournament::MAX_ENTRANTS`], or more pairings in all than
    /// [`Tournament::MAX_PAIRINGS`] (every pairing is kept in [`Standings::pairings`]).
    #[error("{entrants} entrants over {rounds} rounds is more than a tournament takes")]
    TooLarge {
        /// Entrants asked for.
        entrants: usize,
        /// Rounds asked for.
        rounds: usize,
    },
}

/// What happened in one tournament.
///
/// ```
/// use grid_games::game::Tournament;
/// // Entrant 1 always beats entrant 0.
/// let s = Tournament::default().with_rounds(4).run(2, 3, |a, b, _| if a > b { 1.0 } else { 0.0 })?;
/// assert_eq!(s.played, [4, 4]);
/// assert_eq!(s.pairings.len(), 4);
/// assert!(s.ratings[1] > 1500.0 && s.ratings[0] < 1500.0);
/// # Ok::<(), grid_games::game::TournamentError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standings {
    /// Final rating of each entrant.
    pub ratings: Vec<f64>,
    /// Pairings played by each entrant.
    pub played: Vec<usize>,
    /// Every pairing: `(round, a, b, a's win fraction)`.
    pub pairings: Vec<(usize, usize, usize, f64)>,
}

impl Tournament {
    /// The pairings of one round: entrants in shuffled order; each unmatched entrant takes a
    /// random unmatched opponent within the window, widening it from `window_start` by
    /// `window_step` up to `window_max`, or sits out.
    ///
    /// # Errors
    /// [`TournamentError::BadSettings`] when the settings do not pass [`Tournament::validate`]
    /// (matchmaking with them might never end).
    ///
    /// ```
    /// use grid_games::game::{Rng, Tournament};
    /// let t = Tournament::default();
    /// let pairs = t.match_round(&[1500.0, 1510.0, 1490.0, 2400.0], &mut Rng::seed_from(1))?;
    /// // The 2400 entrant is beyond the largest window (600) of everyone: it sits out.
    /// assert_eq!(pairs.len(), 1);
    /// assert!(pairs.iter().all(|&(a, b)| a != 3 && b != 3));
    /// # Ok::<(), grid_games::game::TournamentError>(())
    /// ```
    pub fn match_round(
        &self,
        ratings: &[f64],
        rng: &mut Rng,
    ) -> Result<Vec<(usize, usize)>, TournamentError> {
        self.validate()?;
        Ok(self.pairs_of_round(ratings, rng))
    }

    /// [`Tournament::match_round`] for validated settings.
    ///
    /// Each entrant's search widens the window from `window_start` until some unmatched
    /// opponent is within it. Rather than filtering the field once per widening (up to
    /// [`Tournament::MAX_WIDENINGS`] times per entrant), the nearest unmatched opponent's
    /// distance picks the first window of the sequence that reaches it; the sequence is the
    /// same for every entrant, so it is computed once, as far as needed. The pairs, and the
    /// random draws, are those of the widening loop.
    fn pairs_of_round(&self, ratings: &[f64], rng: &mut Rng) -> Vec<(usize, usize)> {
        let mut order: Vec<usize> = (0..ratings.len()).collect();
        rng.shuffle(&mut order);
        let mut matched = vec![false; ratings.len()];
        let mut pairs = Vec::new();
        // windows[k]: the window after k widenings.
        let mut windows = vec![self.window_start];
        for &a in &order {
            if matched[a] {
                continue;
            }
            let distance = |b: usize| (ratings[a] - ratings[b]).abs();
            let open = |b: &usize| *b != a && !matched[*b];
            // NaN distances are never within a window (and `f64::min` skips them).
            let nearest = order
                .iter()
                .copied()
                .filter(open)
                .map(distance)
                .fold(f64::INFINITY, f64::min);
            if nearest > self.window_max {
                continue; // nobody within the largest window: sit the round out
            }
            while let Some(&last) = windows.last()
                && last < nearest
                && last < self.window_max
            {
                windows.push((last + self.window_step).min(self.window_max));
            }
            let Some(&window) = windows.get(windows.partition_point(|&w| w < nearest)) else {
                continue;
            };
            let candidates: Vec<usize> = order
                .iter()
                .copied()
                .filter(|b| open(b) && distance(*b) <= window)
                .collect();
            if let Some(&b) = rng.choose(&candidates) {
                matched[a] = true;
                matched[b] = true;
                pairs.push((a, b));
            }
        }
        pairs
    }

    /// Checks the settings.
    ///
    /// # Errors
    /// [`TournamentError::BadSettings`] for a non-finite rating or window, a negative first
    /// window, a step that is not positive, or a largest window below the first.
    ///
    /// ```
    /// use grid_games::game::Tournament;
    /// assert!(Tournament::default().validate().is_ok());
    /// let mut t = Tournament::default();
    /// t.initial_rating = f64::NAN;
    /// assert!(t.validate().is_err());
    /// ```
    pub fn validate(&self) -> Result<(), TournamentError> {
        let finite = [
            self.initial_rating,
            self.window_start,
            self.window_step,
            self.window_max,
        ]
        .iter()
        .all(|x| x.is_finite());
        if !finite {
            return Err(TournamentError::BadSettings(BadSetting::NotFinite));
        }
        if self.window_start < 0.0 || self.window_step <= 0.0 || self.window_max < self.window_start
        {
            return Err(TournamentError::BadSettings(BadSetting::Windows {
                start: self.window_start,
                step: self.window_step,
                max: self.window_max,
            }));
        }
        // Every widening must change the window (a step of at least one unit in the last place
        // of the largest window), and reaching the largest window must take a bounded number of
        // widenings, or matchmaking would loop (almost) forever.
        let ulp = self.window_max.next_up() - self.window_max;
        let widenings = (self.window_max - self.window_start) / self.window_step;
        if self.window_step < ulp || widenings > Tournament::MAX_WIDENINGS {
            return Err(TournamentError::BadSettings(BadSetting::StepTooSmall {
                start: self.window_start,
                step: self.window_step,
            }));
        }
        Ok(())
    }

    /// Runs the tournament over `entrants` entrants. `play(a, b, rng)` plays one pairing and
    /// returns a's win fraction in [0, 1].
    ///
    /// # Errors
    /// [`TournamentError::BadSettings`] (see [`Tournament::validate`]) and
    /// [`TournamentError::BadResult`] when `play` returns something outside [0, 1] (NaN
    /// included); [`TournamentError::TooLarge`] past [`Tournament::MAX_ENTRANTS`] entrants or
    /// [`Tournament::MAX_PAIRINGS`] pairings.
    ///
    /// ```
    /// use grid_games::game::{Rng, Tournament};
    /// // Four entrants; entrant i wins a game against j with probability 0.5 + 0.1 (i − j).
    /// let standings = Tournament::default().with_rounds(20).run(4, 11, |a, b, rng: &mut Rng| {
    ///     let p = 0.5 + 0.1 * (a as f64 - b as f64);
    ///     (0..10).filter(|_| rng.unit() < p).count() as f64 / 10.0
    /// })?;
    /// assert!(standings.ratings[3] > standings.ratings[0]);
    /// // Elo updates conserve the total rating.
    /// let total: f64 = standings.ratings.iter().sum();
    /// assert!((total - 4.0 * 1500.0).abs() < 1e-6);
    /// # Ok::<(), grid_games::game::TournamentError>(())
    /// ```
    pub fn run<F>(&self, entrants: usize, seed: u64, play: F) -> Result<Standings, TournamentError>
    where
        F: Fn(usize, usize, &mut Rng) -> f64 + Sync,
    {
        self.validate()?;
        let pairings = (entrants / 2).checked_mul(self.rounds);
        if entrants > Tournament::MAX_ENTRANTS
            || pairings.is_none_or(|p| p > Tournament::MAX_PAIRINGS)
        {
            return Err(TournamentError::TooLarge {
                entrants,
                rounds: self.rounds,
            });
        }
        let mut ratings = vec![self.initial_rating; entrants];
        let mut played = vec![0; entrants];
        let mut log = Vec::new();
        let base = Rng::seed_from(seed);
        for round in 1..=self.rounds {
            let mut rng = base.fork(round as u64);
            let pairs = self.pairs_of_round(&ratings, &mut rng);
            let results = self.play_all(&pairs, &base, round, &play);
            let k = elo::k_factor(round, self.rounds);
            for (&(a, b), &s) in pairs.iter().zip(&results) {
                if !(0.0..=1.0).contains(&s) {
                    return Err(TournamentError::BadResult {
                        round,
                        a,
                        b,
                        value: s,
                    });
                }
                let (ra, rb) = elo::update(ratings[a], ratings[b], s, k);
                ratings[a] = ra;
                ratings[b] = rb;
                played[a] += 1;
                played[b] += 1;
                log.push((round, a, b, s));
            }
        }
        Ok(Standings {
            ratings,
            played,
            pairings: log,
        })
    }

    fn play_all<F>(&self, pairs: &[(usize, usize)], base: &Rng, round: usize, play: &F) -> Vec<f64>
    where
        F: Fn(usize, usize, &mut Rng) -> f64 + Sync,
    {
        // Results are checked by the caller (NaN and out-of-range values are errors).
        let stream = |i: usize| base.fork(((round as u64) << 32) | (i as u64 + 1));
        let threads = self
            .threads
            .clamp(1, Tournament::MAX_THREADS)
            .min(pairs.len().max(1));
        // The pairings `t, t + threads, t + 2 threads, …`, each with its own stream, so the
        // results do not depend on which thread plays them.
        let share = |t: usize| -> Vec<(usize, f64)> {
            (t..pairs.len())
                .step_by(threads)
                .map(|i| (i, play(pairs[i].0, pairs[i].1, &mut stream(i))))
                .collect()
        };
        if threads == 1 {
            return share(0).into_iter().map(|(_, s)| s).collect();
        }
        let mut results = vec![0.0; pairs.len()];
        std::thread::scope(|scope| {
            let share = &share;
            let workers: Vec<_> = (1..threads)
                .map(|t| {
                    let spawned = std::thread::Builder::new()
                        .spawn_scoped(scope, move || share(t))
                        .ok();
                    (t, spawned)
                })
                .collect();
            // This thread plays share 0, and the share of any worker the system refused.
            let mut mine = share(0);
            for (t, worker) in workers {
                let done = match worker {
                    // A panic in `play` is the caller's own: pass it on unchanged.
                    Some(handle) => handle
                        .join()
                        .unwrap_or_else(|payload| std::panic::resume_unwind(payload)),
                    None => share(t),
                };
                mine.extend(done);
            }
            for (i, s) in mine {
                results[i] = s;
            }
        });
        results
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stronger_entrants_rise_and_threads_do_not_matter() {
        // Entrant i beats entrant j with probability depending on i − j.
        let play = |a: usize, b: usize, rng: &mut Rng| {
            let p = 0.5 + 0.08 * (a as f64 - b as f64);
            let wins = (0..20).filter(|_| rng.unit() < p).count();
            wins as f64 / 20.0
        };
        let t = Tournament::default();
        let one = t.run(6, 9, play).unwrap();
        let two = Tournament { threads: 2, ..t }.run(6, 9, play).unwrap();
        assert_eq!(one, two);
        assert!(one.ratings[5] > one.ratings[0]);
        assert!(one.played.iter().all(|&p| p > 0));
    }

    #[test]
    fn bad_settings_and_results_are_errors() {
        let hang = Tournament {
            window_step: 0.0,
            ..Tournament::default()
        };
        assert!(matches!(
            hang.run(3, 1, |_, _, _| 0.5),
            Err(TournamentError::BadSettings(_))
        ));
        let nan = Tournament {
            window_max: f64::NAN,
            ..Tournament::default()
        };
        assert!(nan.run(3, 1, |_, _, _| 0.5).is_err());
        // A step that validates by sign but cannot change the window (it used to loop forever).
        let stuck = Tournament {
            window_step: 1e-15,
            ..Tournament::default()
        };
        assert_eq!(
            stuck.validate(),
            Err(TournamentError::BadSettings(BadSetting::StepTooSmall {
                start: 100.0,
                step: 1e-15
            }))
        );
        let slow = Tournament {
            window_step: 1e-4,
            window_max: 1e3,
            ..Tournament::default()
        };
        assert!(slow.validate().is_err());
        // Entrant counts that used to overflow a capacity are refused up front.
        assert!(matches!(
            Tournament::default().run(usize::MAX, 1, |_, _, _| 0.5),
            Err(TournamentError::TooLarge { .. })
        ));
        assert!(matches!(
            Tournament::default()
                .with_rounds(usize::MAX)
                .run(4, 1, |_, _, _| 0.5),
            Err(TournamentError::TooLarge { .. })
        ));
        let far_rating = Tournament {
            window_start: 0.0,
            window_step: 1.0,
            window_max: 1e6,
            ..Tournament::default()
        };
        assert!(far_rating.validate().is_ok());
        let t = Tournament::default();
        assert!(matches!(
            t.run(4, 1, |_, _, _| f64::NAN),
            Err(TournamentError::BadResult { .. })
        ));
        assert!(matches!(
            t.run(4, 1, |_, _, _| 1.5),
            Err(TournamentError::BadResult { .. })
        ));
    }

    /// The matchmaking as first written: filter the whole field once per widening.
    fn widening_loop(t: &Tournament, ratings: &[f64], rng: &mut Rng) -> Vec<(usize, usize)> {
        let mut order: Vec<usize> = (0..ratings.len()).collect();
        rng.shuffle(&mut order);
        let mut matched = vec![false; ratings.len()];
        let mut pairs = Vec::new();
        for &a in &order {
            if matched[a] {
                continue;
            }
            let mut window = t.window_start;
            loop {
                let candidates: Vec<usize> = order
                    .iter()
                    .copied()
                    .filter(|&b| b != a && !matched[b] && (ratings[a] - ratings[b]).abs() <= window)
                    .collect();
                if let Some(&b) = rng.choose(&candidates) {
                    matched[a] = true;
                    matched[b] = true;
                    pairs.push((a, b));
                    break;
                }
                if window >= t.window_max {
                    break;
                }
                window = (window + t.window_step).min(t.window_max);
            }
        }
        pairs
    }

    #[test]
    fn matchmaking_pairs_as_the_widening_loop_does() {
        let mut draw = Rng::seed_from(99);
        for case in 0..300 {
            let t = Tournament {
                window_start: (draw.unit() * 50.0).floor() * [1.0, 0.37][case % 2],
                window_step: [50.0, 0.1, 7.3, 1.0, 33.3][case % 5],
                window_max: 100.0 + draw.unit() * 500.0,
                ..Tournament::default()
            };
            assert!(t.validate().is_ok(), "{t:?}");
            let n = draw.index(40);
            let ratings: Vec<f64> = (0..n)
                .map(|_| match draw.index(20) {
                    0 => f64::NAN,
                    1 => f64::INFINITY,
                    _ => 1500.0 + (draw.unit() - 0.5) * 1600.0,
                })
                .collect();
            let seed = draw.next_u64();
            let (mut r1, mut r2) = (Rng::seed_from(seed), Rng::seed_from(seed));
            assert_eq!(
                t.match_round(&ratings, &mut r1).unwrap(),
                widening_loop(&t, &ratings, &mut r2),
                "case {case}: {t:?} {ratings:?}"
            );
            // The same random draws were made.
            assert_eq!(r1.next_u64(), r2.next_u64());
        }
    }

    #[test]
    fn everyone_is_matched_when_ratings_are_close() {
        let t = Tournament::default();
        let mut rng = Rng::seed_from(3);
        let pairs = t.match_round(&[1500.0; 8], &mut rng).unwrap();
        assert_eq!(pairs.len(), 4);
        let lonely = t.match_round(&[1500.0, 2500.0], &mut rng).unwrap();
        assert!(lonely.is_empty());
    }
}
