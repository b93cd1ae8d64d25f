//! The seed's rating rules, checked against its worked example and by hand-computed values.

use grid_games::game::elo::{TIERS, expected_score, k_factor, score_field, tier_score, update};
use grid_games::game::{Rng, Tournament};

#[test]
fn the_seeds_worked_example() {
    // Full score 20, tier C, rating 1530, tier range 1440..1540: 20 × (0.35 + 0.25 × 0.9) = 11.5.
    let c = TIERS.iter().find(|t| t.name == 'C').unwrap();
    assert!((tier_score(20.0, *c, 1530.0, 1440.0, 1540.0) - 11.5).abs() < 1e-12);
}

#[test]
fn formulas_by_hand() {
    assert!((expected_score(1500.0, 1500.0) - 0.5).abs() < 1e-15);
    // 400 points apart: 1 / (1 + 10) for the weaker side.
    assert!((expected_score(1100.0, 1500.0) - 1.0 / 11.0).abs() < 1e-15);
    assert!((k_factor(30, 30) - 10.0).abs() < 1e-12);
    assert!((k_factor(15, 30) - 20.0).abs() < 1e-12);
    let (a, b) = update(1500.0, 1500.0, 1.0, 20.0);
    assert_eq!((a, b), (1510.0, 1490.0));
}

#[test]
fn tiers_of_a_field_of_ten() {
    let ratings: Vec<f64> = (0..10).map(|i| 1500.0 + 10.0 * i as f64).collect();
    let names: String = score_field(&ratings, 1.0)
        .iter()
        .rev()
        .map(|(t, _)| t.name)
        .collect();
    assert_eq!(names, "ABBBCCCDDE");
}

#[test]
fn tournaments_are_deterministic_for_a_seed() {
    let play = |a: usize, b: usize, rng: &mut Rng| {
        let p = if a > b { 0.7 } else { 0.3 };
        (0..20).filter(|_| rng.unit() < p).count() as f64 / 20.0
    };
    let t = Tournament::default();
    assert_eq!(t.run(7, 11, play), t.run(7, 11, play));
    assert_ne!(
        t.run(7, 11, play).unwrap().ratings,
        t.run(7, 12, play).unwrap().ratings
    );
}
