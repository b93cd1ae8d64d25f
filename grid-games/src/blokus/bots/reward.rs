//! The reward of a finished playout, shared by the tree searches.
//!
//! Two forms: [`rewards`] weighs the point margin through a fixed scale (20 points), and
//! [`MarginScale`] standardises it by the margins the search has seen so far (Pentobi's
//! quality-based reward, after Pepels et al., *Quality-based Rewards for Monte-Carlo Tree
//! Search Simulations*, ECAI 2014): a 10-point win counts as a big one in a position where
//! the playouts end close, and as a small one where they swing by 40.

use crate::blokus::Position;

/// Each player's result (1 / ½ / 0 for a win / shared / loss against every other player,
/// averaged over them with four players) and margin (its points minus the best other
/// player's) in the finished game `pos`; the number of players.
fn results(pos: &Position) -> ([f64; 4], [f64; 4], usize) {
    let variant = pos.variant();
    let players = variant.players();
    let mut points = [0i64; 4];
    for c in 0..variant.colours() {
        if let Some(p) = variant.owner_index(c) {
            points[p] += pos.colour_points(c);
        }
    }
    let (mut result, mut margin) = ([0.0; 4], [0.0; 4]);
    for p in 0..players {
        let mut beaten = 0.0;
        let mut best_other = i64::MIN;
        for q in (0..players).filter(|&q| q != p) {
            beaten += match points[p].cmp(&points[q]) {
                core::cmp::Ordering::Greater => 1.0,
                core::cmp::Ordering::Equal => 0.5,
                core::cmp::Ordering::Less => 0.0,
            };
            best_other = best_other.max(points[q]);
        }
        result[p] = beaten / (players - 1) as f64;
        margin[p] = (points[p] - best_other) as f64;
    }
    (result, margin, players)
}

/// Writes into `out` (one entry per player) each player's reward for the finished game `pos`:
/// `(1 − w) · result + w · (0.5 + 0.5 · tanh(margin / 20))`, where `result` is 1 / ½ / 0 for
/// a win / shared / loss against every other player (averaged over them with four players),
/// `margin` is the player's points minus the best other player's, and `w` is
/// `margin_weight` (0: wins only; larger: the search also spends margin).
pub(crate) fn rewards(pos: &Position, margin_weight: f64, out: &mut Vec<f64>) {
    let (result, margin, players) = results(pos);
    out.clear();
    out.extend((0..players).map(|p| {
        (1.0 - margin_weight) * result[p] + margin_weight * (0.5 + 0.5 * (margin[p] / 20.0).tanh())
    }));
}

/// Running mean and variance (Welford's method).
#[derive(Clone, Copy, Debug, Default)]
struct Running {
    count: f64,
    mean: f64,
    /// Sum of squared deviations from the mean.
    squares: f64,
}

impl Running {
    fn add(&mut self, x: f64) {
        self.count += 1.0;
        let d = x - self.mean;
        self.mean += d / self.count;
        self.squares += d * (x - self.mean);
    }

    /// `x` in standard deviations from the mean (0 while the spread is 0).
    fn standardise(&self, x: f64) -> f64 {
        let variance = self.squares / self.count;
        if variance > 0.0 {
            (x - self.mean) / variance.sqrt()
        } else {
            0.0
        }
    }
}

/// The margins of the playouts of one search, per player, to standardise the margin of the
/// next one. O(1) per playout.
#[derive(Clone, Debug, Default)]
pub(crate) struct MarginScale {
    margins: [Running; 4],
}

impl MarginScale {
    /// Forgets the margins seen (a new search starts).
    pub(crate) fn clear(&mut self) {
        self.margins = Default::default();
    }

    /// Writes into `out` (one entry per player) each player's reward for the finished game
    /// `pos`: `(1 − w) · result + w · (0.5 + 0.5 · tanh(z))`, where `result` is as for
    /// [`rewards`], `z` is the player's margin in standard deviations from the mean of the
    /// margins seen so far (this one included; 0 at first) and `w` is `margin_weight`. With
    /// two players the two rewards add up to 1.
    pub(crate) fn rewards(&mut self, pos: &Position, margin_weight: f64, out: &mut Vec<f64>) {
        let (result, margin, players) = results(pos);
        out.clear();
        for p in 0..players {
            self.margins[p].add(margin[p]);
            let z = self.margins[p].standardise(margin[p]);
            out.push((1.0 - margin_weight) * result[p] + margin_weight * (0.5 + 0.5 * z.tanh()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::Variant;
    use crate::game::{Outcome, Player};

    /// A finished game of random bots (seeded `base + player`).
    fn random_game(variant: Variant, base: u64) -> Position {
        use crate::blokus::bots::RandomBot;
        use crate::game::{MatchRules, play_match};
        let mut bots: Vec<RandomBot> = (0..variant.players() as u64)
            .map(|p| RandomBot::new(base + p))
            .collect();
        let mut seats: Vec<&mut dyn crate::game::Bot<Position>> = bots
            .iter_mut()
            .map(|b| b as &mut dyn crate::game::Bot<Position>)
            .collect();
        play_match(Position::new(variant), &mut seats, MatchRules::default())
            .unwrap()
            .last
    }

    /// The same numbers as the general [`Outcome`] rules give, for random finished games of
    /// every variant.
    #[test]
    fn rewards_agree_with_the_outcome_rules() {
        for (k, variant) in Variant::ALL.into_iter().enumerate() {
            for seed in 0..4u64 {
                let last = random_game(variant, seed * 10 + k as u64 * 100);
                let outcome = Outcome::from_scores(last.player_points());
                let mut out = Vec::new();
                rewards(&last, 0.25, &mut out);
                for (p, &r) in out.iter().enumerate() {
                    let player = Player::new(p).unwrap();
                    let result = outcome.result_for(player).unwrap();
                    let margin = outcome.margin_for(player).unwrap() as f64;
                    let expected = 0.75 * result + 0.25 * (0.5 + 0.5 * (margin / 20.0).tanh());
                    assert!(
                        (r - expected).abs() < 1e-12,
                        "{variant} player {p}: {r} vs {expected}"
                    );
                }
            }
        }
    }

    /// The standardised rewards against a second computation: the mean and spread of the
    /// margins seen, recomputed from the whole list at every playout (two passes).
    #[test]
    fn margin_scale_standardises_by_the_margins_seen() {
        for variant in Variant::ALL {
            let mut scale = MarginScale::default();
            let mut seen: Vec<Vec<f64>> = vec![Vec::new(); variant.players()];
            for seed in 0..12u64 {
                let last = random_game(variant, seed * 10);
                let outcome = Outcome::from_scores(last.player_points());
                let mut out = Vec::new();
                scale.rewards(&last, 0.4, &mut out);
                assert_eq!(out.len(), variant.players());
                for (p, &r) in out.iter().enumerate() {
                    let player = Player::new(p).unwrap();
                    let margin = outcome.margin_for(player).unwrap() as f64;
                    seen[p].push(margin);
                    let n = seen[p].len() as f64;
                    let mean = seen[p].iter().sum::<f64>() / n;
                    let sd = (seen[p].iter().map(|m| (m - mean).powi(2)).sum::<f64>() / n).sqrt();
                    let z = if sd > 0.0 { (margin - mean) / sd } else { 0.0 };
                    let result = outcome.result_for(player).unwrap();
                    let expected = 0.6 * result + 0.4 * (0.5 + 0.5 * z.tanh());
                    assert!(
                        (r - expected).abs() < 1e-9,
                        "{variant} player {p}: {r} vs {expected}"
                    );
                    assert!((0.0..=1.0).contains(&r));
                }
                if variant.players() == 2 {
                    assert!((out[0] + out[1] - 1.0).abs() < 1e-9);
                }
            }
            scale.clear();
            assert_eq!(scale.margins[0].count, 0.0);
        }
    }
}
