//! Fitting the move priors to searches: softmax regression of a search's visit shares on
//! the move features ([`PriorWeights::move_features`]), the method behind
//! [`PriorWeights::DUO`] and [`PriorWeights::CLASSIC`] (the `blokus_fit_priors` example runs
//! it on self-play games).
//!
//! The model gives move `i` of a position the probability `exp(v · f_i) / Σ_j exp(v · f_j)`;
//! the fit minimises the cross-entropy to the targets (each position's visit shares) plus a
//! small L2 penalty `10⁻⁴ · |v|²`, by full-batch gradient descent with Adam steps. Cost per
//! round: one pass over every feature vector (O(samples · moves · features)).

use super::PriorWeights;

/// One position for [`PriorWeights::fit`]: the features of its candidate moves and the share
/// of each in the target distribution (non-negative; normalised when the sample is made).
#[derive(Clone, Debug, PartialEq)]
pub struct PriorSample {
    features: Vec<[f32; PriorWeights::FEATURES]>,
    target: Vec<f32>,
}

impl PriorSample {
    /// A sample from `features` and a weight per move (the same length; at least one weight
    /// positive): the target is the weights normalised. `None` if the lengths differ, a
    /// weight is negative or not finite, or none is positive.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::{PriorSample, PriorWeights}};
    /// let pos = Position::new(Variant::Duo);
    /// let moves = PriorWeights::move_features(&pos);
    /// let features: Vec<_> = moves.iter().map(|(_, f)| *f).collect();
    /// let mut weights = vec![0.0; features.len()];
    /// weights[0] = 1.0; // all of the search's visits on the first move
    /// assert!(PriorSample::new(features.clone(), weights).is_some());
    /// assert!(PriorSample::new(features, vec![0.0; 3]).is_none());
    /// ```
    pub fn new(features: Vec<[f32; PriorWeights::FEATURES]>, weights: Vec<f32>) -> Option<Self> {
        if features.len() != weights.len() || weights.iter().any(|w| !w.is_finite() || *w < 0.0) {
            return None;
        }
        let total: f32 = weights.iter().sum();
        if total <= 0.0 || !total.is_finite() {
            return None;
        }
        let target = weights.iter().map(|w| w / total).collect();
        Some(PriorSample { features, target })
    }

    /// The candidate moves' features.
    pub fn features(&self) -> &[[f32; PriorWeights::FEATURES]] {
        &self.features
    }

    /// The target share of each candidate (sums to 1).
    pub fn target(&self) -> &[f32] {
        &self.target
    }
}

/// The model's probabilities for `sample` under vector `v`, into `out`.
fn softmax(v: &[f64; PriorWeights::FEATURES], sample: &PriorSample, out: &mut Vec<f64>) {
    out.clear();
    out.extend(sample.features.iter().map(|f| {
        f.iter()
            .zip(v)
            .map(|(&x, &w)| f64::from(x) * w)
            .sum::<f64>()
    }));
    let max = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for z in out.iter_mut() {
        *z = (*z - max).exp();
        total += *z;
    }
    for z in out.iter_mut() {
        *z /= total;
    }
}

/// The mean cross-entropy of `samples` under vector `v` (nats per position).
fn cross_entropy(v: &[f64; PriorWeights::FEATURES], samples: &[PriorSample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let mut p = Vec::new();
    let mut sum = 0.0;
    for s in samples {
        softmax(v, s, &mut p);
        for (&t, &q) in s.target.iter().zip(&p) {
            if t > 0.0 {
                sum -= f64::from(t) * q.max(1e-300).ln();
            }
        }
    }
    sum / samples.len() as f64
}

/// The L2 penalty per squared weight.
const L2: f64 = 1e-4;

impl PriorWeights {
    /// The weights whose log-linear model fits `samples` best (module docs of
    /// `search::fit`), after `rounds` rounds of gradient descent from zero (a few hundred
    /// suffice for the default features). Sharpness 1.
    ///
    /// ```
    /// use grid_games::blokus::{Position, Variant, bots::{PriorSample, PriorWeights}};
    /// // Positions whose "search" always put its visits on the largest pieces.
    /// let mut pos = Position::new(Variant::Duo);
    /// let mut samples = Vec::new();
    /// for _ in 0..6 {
    ///     let moves = PriorWeights::move_features(&pos);
    ///     let size = |m: &grid_games::blokus::Move| pos.table().piece(*m).unwrap().size();
    ///     let biggest = moves.iter().map(|(m, _)| size(m)).max().unwrap();
    ///     let weights = moves.iter().map(|(m, _)| f32::from(size(m) == biggest)).collect();
    ///     let features = moves.iter().map(|(_, f)| *f).collect();
    ///     samples.push(PriorSample::new(features, weights).unwrap());
    ///     let next = moves[moves.len() / 2].0;
    ///     pos.play(next).unwrap();
    /// }
    /// let fitted = PriorWeights::fit(&samples, 300);
    /// assert!(fitted.cross_entropy(&samples) < PriorWeights::DUO.cross_entropy(&samples));
    /// ```
    pub fn fit(samples: &[PriorSample], rounds: u32) -> PriorWeights {
        const N: usize = PriorWeights::FEATURES;
        let (rate, beta1, beta2) = (0.05, 0.9, 0.999);
        let mut v = [0.0f64; N];
        let (mut m, mut s) = ([0.0f64; N], [0.0f64; N]);
        let mut p = Vec::new();
        let n = samples.len().max(1) as f64;
        for round in 1..=rounds {
            let mut grad = [0.0f64; N];
            for sample in samples {
                softmax(&v, sample, &mut p);
                for ((f, &t), &q) in sample.features.iter().zip(&sample.target).zip(&p) {
                    let d = q - f64::from(t);
                    if d != 0.0 {
                        for (g, &x) in grad.iter_mut().zip(f) {
                            *g += d * f64::from(x);
                        }
                    }
                }
            }
            let k = f64::from(round);
            for i in 0..N {
                let g = grad[i] / n + 2.0 * L2 * v[i];
                m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                s[i] = beta2 * s[i] + (1.0 - beta2) * g * g;
                let (mh, sh) = (m[i] / (1.0 - beta1.powf(k)), s[i] / (1.0 - beta2.powf(k)));
                v[i] -= rate * mh / (sh.sqrt() + 1e-8);
            }
        }
        let mut out = [0.0f32; N];
        for (o, &x) in out.iter_mut().zip(&v) {
            *o = x as f32;
        }
        PriorWeights::from_vector(&out)
    }

    /// The mean cross-entropy (nats per position) of `samples`' targets under these weights'
    /// model (`exp(sharpness · v · f)` normalised over each position's candidates): lower
    /// is a better fit; 0 for samples with a single candidate.
    pub fn cross_entropy(&self, samples: &[PriorSample]) -> f64 {
        let mut v = [0.0f64; PriorWeights::FEATURES];
        for (o, &x) in v.iter_mut().zip(&self.to_vector()) {
            *o = f64::from(x) * f64::from(self.sharpness);
        }
        cross_entropy(&v, samples)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::{Position, Variant};
    use crate::game::Rng;

    /// Positions of random Duo games with targets drawn from a known log-linear model: the
    /// fit gets within a few hundredths of a nat of the targets' own entropy (the least any
    /// model can reach, which the true weights reach), far below the uniform model.
    #[test]
    fn the_fit_recovers_a_known_model() {
        let truth = PriorWeights {
            size: 0.5,
            blocking: 1.5,
            attach_gained: 0.4,
            attach_spoiled: 0.8,
            cell_spoiled: 0.3,
            local: 0.6,
            opponent_contact: 0.2,
            centre_distance: 0.5,
            near_blocking: 0.3,
            corner_open: [-0.2, 0.0, 0.2, 0.4, 0.6],
            corner_own: -0.1,
            corner_blocked: -0.3,
            edge_dead: 0.2,
            piece: [0.0; crate::blokus::Piece::COUNT],
            sharpness: 1.0,
        };
        let v = truth.to_vector();
        let mut rng = Rng::seed_from(7);
        let mut samples = Vec::new();
        for _ in 0..6 {
            let mut pos = Position::new(Variant::Duo);
            while pos.colour_to_move().is_some() {
                let moves = PriorWeights::move_features(&pos);
                if moves.is_empty() {
                    break;
                }
                let score = |f: &[f32; PriorWeights::FEATURES]| {
                    f.iter().zip(&v).map(|(x, w)| x * w).sum::<f32>()
                };
                let best = moves.iter().map(|(_, f)| score(f)).fold(f32::MIN, f32::max);
                let weights = moves.iter().map(|(_, f)| (score(f) - best).exp()).collect();
                let features = moves.iter().map(|(_, f)| *f).collect();
                samples.push(PriorSample::new(features, weights).unwrap());
                pos.play(moves[rng.index(moves.len())].0).unwrap();
            }
        }
        assert!(samples.len() > 100);
        let entropy = samples
            .iter()
            .map(|s| {
                -s.target()
                    .iter()
                    .filter(|&&t| t > 0.0)
                    .map(|&t| f64::from(t) * f64::from(t).ln())
                    .sum::<f64>()
            })
            .sum::<f64>()
            / samples.len() as f64;
        assert!((truth.cross_entropy(&samples) - entropy).abs() < 1e-3);
        let uniform = PriorWeights::from_vector(&[0.0; PriorWeights::FEATURES]);
        let fitted = PriorWeights::fit(&samples, 400);
        let (ce, flat) = (
            fitted.cross_entropy(&samples),
            uniform.cross_entropy(&samples),
        );
        assert!(ce - entropy < 0.03, "fit {ce} entropy {entropy}");
        assert!(flat - entropy > 0.5, "uniform {flat} entropy {entropy}");
        // The weights that are identifiable (not tied to the piece one-hot) come back.
        let f = fitted.to_vector();
        for k in [BLOCKING_AT, GAINED_AT, LOCAL_AT] {
            assert!(
                (f[k] - v[k]).abs() < 0.25,
                "feature {k}: {} against {}",
                f[k],
                v[k]
            );
        }
    }

    /// Samples that do not make sense are refused.
    #[test]
    fn bad_samples_are_refused() {
        let f = [0.0; PriorWeights::FEATURES];
        assert!(PriorSample::new(vec![f; 2], vec![1.0]).is_none());
        assert!(PriorSample::new(vec![f; 2], vec![1.0, -1.0]).is_none());
        assert!(PriorSample::new(vec![f; 2], vec![f32::NAN, 1.0]).is_none());
        assert!(PriorSample::new(vec![f; 2], vec![0.0, 0.0]).is_none());
        let s = PriorSample::new(vec![f; 2], vec![1.0, 3.0]).unwrap();
        assert_eq!(s.target(), &[0.25, 0.75]);
        assert_eq!(PriorWeights::DUO.cross_entropy(&[]), 0.0);
    }

    const BLOCKING_AT: usize = crate::blokus::Piece::COUNT + 1;
    const GAINED_AT: usize = crate::blokus::Piece::COUNT + 2;
    const LOCAL_AT: usize = crate::blokus::Piece::COUNT + 5;
}
