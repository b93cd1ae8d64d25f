//! The rating formulas of the original plane-bombing contest's tournament: expected score, the K schedule, the update,
//! and the A–E tier scoring.

/// `E_A = 1 / (1 + 10^((R_B − R_A) / 400))`.
///
/// ```
/// use grid_games::game::elo::expected_score;
/// assert_eq!(expected_score(1500.0, 1500.0), 0.5);
/// // 400 points ahead: ten times the odds, an expected score of 10/11.
/// assert!((expected_score(1900.0, 1500.0) - 10.0 / 11.0).abs() < 1e-12);
/// ```
pub fn expected_score(r_a: f64, r_b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((r_b - r_a) / 400.0))
}

/// `K = 40 × 4^(−i/t)` for round `i` (1-based) of `t` rounds.
///
/// ```
/// use grid_games::game::elo::k_factor;
/// // K falls from 40 towards 10 over the rounds.
/// assert!((k_factor(15, 30) - 20.0).abs() < 1e-9);
/// assert!((k_factor(30, 30) - 10.0).abs() < 1e-9);
/// ```
pub fn k_factor(round: usize, rounds: usize) -> f64 {
    40.0 * 4f64.powf(-(round as f64) / rounds.max(1) as f64)
}

/// Both ratings after a pairing in which A scored `s_a` (its win fraction, B scored `1 − s_a`):
/// `R' = R + K (S − E)`. For one K the two changes cancel exactly in real arithmetic.
///
/// ```
/// use grid_games::game::elo::update;
/// let (a, b) = update(1500.0, 1500.0, 0.75, 40.0);
/// assert_eq!((a, b), (1510.0, 1490.0));
/// ```
pub fn update(r_a: f64, r_b: f64, s_a: f64, k: f64) -> (f64, f64) {
    let e_a = expected_score(r_a, r_b);
    let e_b = expected_score(r_b, r_a);
    (r_a + k * (s_a - e_a), r_b + k * ((1.0 - s_a) - e_b))
}

/// The five tiers: rank range (as fractions of the field, top first) and score ratio range.
pub const TIERS: [Tier; 5] = [
    Tier {
        name: 'A',
        ranks: (0.0, 0.1),
        ratios: (0.85, 1.0),
    },
    Tier {
        name: 'B',
        ranks: (0.1, 0.4),
        ratios: (0.6, 0.85),
    },
    Tier {
        name: 'C',
        ranks: (0.4, 0.7),
        ratios: (0.35, 0.6),
    },
    Tier {
        name: 'D',
        ranks: (0.7, 0.9),
        ratios: (0.2, 0.35),
    },
    Tier {
        name: 'E',
        ranks: (0.9, 1.0),
        ratios: (0.05, 0.2),
    },
];

/// One tier of the scoring table.
///
/// ```
/// use grid_games::game::elo::TIERS;
/// let a = TIERS[0];
/// assert_eq!((a.name, a.ranks, a.ratios), ('A', (0.0, 0.1), (0.85, 1.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tier {
    /// `'A'` to `'E'`.
    pub name: char,
    /// `[lo, hi)` of the 0-based rank divided by the field size.
    pub ranks: (f64, f64),
    /// `(minRatio, maxRatio)`.
    pub ratios: (f64, f64),
}

/// `full × (minRatio + (maxRatio − minRatio) × (rating − minRating) / (maxRating − minRating))`
/// with the min/max ratings of the tier; a tier whose ratings are all equal scores `maxRatio`.
///
/// The worked example of the original contest's rules:
/// ```
/// use grid_games::game::elo::{tier_score, TIERS};
/// let c = TIERS[2];
/// assert!((tier_score(20.0, c, 1530.0, 1440.0, 1540.0) - 11.5).abs() < 1e-12);
/// ```
pub fn tier_score(full: f64, tier: Tier, rating: f64, min_rating: f64, max_rating: f64) -> f64 {
    let (lo, hi) = tier.ratios;
    let frac = if max_rating > min_rating {
        (rating - min_rating) / (max_rating - min_rating)
    } else {
        1.0
    };
    full * (lo + (hi - lo) * frac)
}

/// Places a field by rating (highest first; equal ratings keep their index order, so two equal
/// ratings on a tier boundary can land in different tiers: the original rules say nothing about ties) and
/// returns, for each entrant, its tier and its score out of `full`.
///
/// ```
/// use grid_games::game::elo::score_field;
/// let ratings = [1600.0, 1500.0, 1400.0, 1550.0, 1450.0, 1500.0, 1520.0, 1480.0, 1300.0, 1700.0];
/// let scored = score_field(&ratings, 10.0);
/// assert_eq!(scored[9].0.name, 'A'); // 1700 is the top 10 %
/// assert_eq!(scored[8].0.name, 'E'); // 1300 is the bottom 10 %
/// assert_eq!(scored[9].1, 10.0);
/// ```
pub fn score_field(ratings: &[f64], full: f64) -> Vec<(Tier, f64)> {
    let n = ratings.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| ratings[b].total_cmp(&ratings[a]).then(a.cmp(&b)));
    let tier_of_rank = |rank: usize| {
        let f = rank as f64 / n.max(1) as f64;
        *TIERS
            .iter()
            .find(|t| f >= t.ranks.0 && f < t.ranks.1)
            .unwrap_or(&TIERS[4])
    };
    // Each tier's lowest and highest rating, in one pass (it was one pass per entrant:
    // quadratic in the field).
    let tiers: Vec<Tier> = (0..n).map(tier_of_rank).collect();
    let mut ranges = [(f64::INFINITY, f64::NEG_INFINITY); TIERS.len()];
    for (tier, &i) in tiers.iter().zip(&order) {
        let k = tier_index(tier);
        let (lo, hi) = ranges[k];
        ranges[k] = (lo.min(ratings[i]), hi.max(ratings[i]));
    }
    let mut out = vec![(TIERS[4], 0.0); n];
    for (&tier, &i) in tiers.iter().zip(&order) {
        let (lo, hi) = ranges[tier_index(&tier)];
        out[i] = (tier, tier_score(full, tier, ratings[i], lo, hi));
    }
    out
}

/// The position of `tier` in [`TIERS`] (by name).
fn tier_index(tier: &Tier) -> usize {
    TIERS
        .iter()
        .position(|t| t.name == tier.name)
        .unwrap_or(TIERS.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scoring as first written: each entrant's tier range found by a pass over the field.
    fn quadratic(ratings: &[f64], full: f64) -> Vec<(Tier, f64)> {
        let n = ratings.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| ratings[b].total_cmp(&ratings[a]).then(a.cmp(&b)));
        let tier_of_rank = |rank: usize| {
            let f = rank as f64 / n.max(1) as f64;
            *TIERS
                .iter()
                .find(|t| f >= t.ranks.0 && f < t.ranks.1)
                .unwrap_or(&TIERS[4])
        };
        let mut out = vec![(TIERS[4], 0.0); n];
        for (rank, &i) in order.iter().enumerate() {
            let tier = tier_of_rank(rank);
            let (lo, hi) = order
                .iter()
                .enumerate()
                .filter(|(r, _)| tier_of_rank(*r).name == tier.name)
                .map(|(_, &j)| ratings[j])
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), r| {
                    (lo.min(r), hi.max(r))
                });
            out[i] = (tier, tier_score(full, tier, ratings[i], lo, hi));
        }
        out
    }

    #[test]
    fn scoring_matches_the_quadratic_pass_and_is_quick_on_a_large_field() {
        let mut rng = crate::game::Rng::seed_from(5);
        for n in [0, 1, 2, 3, 9, 10, 11, 57, 300] {
            let ratings: Vec<f64> = (0..n)
                .map(|_| match rng.index(12) {
                    0 => 1500.0, // ties
                    1 => f64::NAN,
                    _ => 1000.0 + 1000.0 * rng.unit(),
                })
                .collect();
            let fast = score_field(&ratings, 10.0);
            let slow = quadratic(&ratings, 10.0);
            assert_eq!(fast.len(), slow.len());
            for (f, s) in fast.iter().zip(&slow) {
                assert_eq!(f.0, s.0);
                assert!(f.1 == s.1 || (f.1.is_nan() && s.1.is_nan()), "{f:?} {s:?}");
            }
        }
        // 200 000 entrants: 4·10^10 steps for the quadratic pass, a moment now.
        let start = std::time::Instant::now();
        let ratings: Vec<f64> = (0..200_000).map(|i| f64::from(i % 977)).collect();
        assert_eq!(score_field(&ratings, 1.0).len(), 200_000);
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }
}
