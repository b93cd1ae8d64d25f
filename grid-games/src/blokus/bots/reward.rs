//! The reward of a finished playout, shared by the tree searches.

use crate::blokus::Position;

/// Writes into `out` (one entry per player) each player's reward for the finished game `pos`:
/// `(1 − w) · result + w · (0.5 + 0.5 · tanh(margin / 20))`, where `result` is 1 / ½ / 0 for
/// a win / shared / loss against every other player (averaged over them with four players),
/// `margin` is the player's points minus the best other player's, and `w` is
/// `margin_weight` (0: wins only; larger: the search also spends margin).
pub(crate) fn rewards(pos: &Position, margin_weight: f64, out: &mut Vec<f64>) {
    let variant = pos.variant();
    let players = variant.players();
    let mut points = [0i64; 4];
    for c in 0..variant.colours() {
        points[c % players] += pos.colour_points(c);
    }
    out.clear();
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
        let result = beaten / (players - 1) as f64;
        let margin = (points[p] - best_other) as f64;
        out.push(
            (1.0 - margin_weight) * result + margin_weight * (0.5 + 0.5 * (margin / 20.0).tanh()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blokus::Variant;
    use crate::game::{Outcome, Player};

    /// The same numbers as the general [`Outcome`] rules give, for random finished games of
    /// every variant.
    #[test]
    fn rewards_agree_with_the_outcome_rules() {
        use crate::blokus::bots::RandomBot;
        use crate::game::{MatchRules, play_match};
        for (k, variant) in [Variant::Duo, Variant::Classic, Variant::Classic2]
            .into_iter()
            .enumerate()
        {
            for seed in 0..4u64 {
                let mut bots: Vec<RandomBot> = (0..variant.players() as u64)
                    .map(|p| RandomBot::new(seed * 10 + p + k as u64 * 100))
                    .collect();
                let mut seats: Vec<&mut dyn crate::game::Bot<Position>> = bots
                    .iter_mut()
                    .map(|b| b as &mut dyn crate::game::Bot<Position>)
                    .collect();
                let record =
                    play_match(Position::new(variant), &mut seats, MatchRules::default()).unwrap();
                let outcome = Outcome::from_scores(record.last.player_points());
                let mut out = Vec::new();
                rewards(&record.last, 0.25, &mut out);
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
}
