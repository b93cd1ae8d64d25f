//! Regression tests for hostile input: requests that used to panic or abort get an answer or a
//! typed error.

use std::num::NonZeroUsize;

use plugdp::{EdgeRules, Grid, Options, Sides, hamiltonian_cycles, run_edges_parallel};

#[test]
fn absurd_thread_counts_are_clamped_not_allocated() {
    // Per-thread tables used to be sized by the request before any thread started
    // (usize::MAX threads: a capacity-overflow panic).
    let g = Grid::new(4, 4).unwrap();
    let pairs = |_, _| Sides::PAIRS.iter().map(|&s| (s, 1u64)).collect();
    let (count, _) =
        run_edges_parallel(&g, EdgeRules::SINGLE_CYCLE, pairs, NonZeroUsize::MAX).unwrap();
    assert_eq!(count, 6); // OEIS A003763(2)
    let many = Options::default().with_threads(usize::MAX);
    assert_eq!(hamiltonian_cycles(&g, &many).unwrap().to_string(), "6");
}

#[test]
fn grids_past_the_cell_limit_are_refused_by_every_constructor() {
    let rows = Grid::MAX_CELLS / 2 + 1;
    assert!(Grid::new(rows, 2).is_err());
    // `with_blocked` used to accept them (and `parse_rows`, which goes through it).
    assert!(Grid::with_blocked(rows, 2, vec![false; rows * 2]).is_err());
}

#[test]
fn residues_work_for_any_modulus_and_unreduced_values() {
    use plugdp::{ModP, Value};
    // A modulus above 2^63 overflowed on add (debug panic, wrong residue in release).
    const BIG: u64 = u64::MAX - 58; // 2^64 − 59, the largest 64-bit prime
    let x = ModP::<BIG>(BIG - 1);
    let sum = x.checked_add(&x).unwrap();
    assert_eq!(sum.residue(), BIG - 2);
    let expected = (u128::from(BIG - 1) * u128::from(BIG - 1) % u128::from(BIG)) as u64;
    assert_eq!(x.checked_mul(&x).unwrap().residue(), expected);
    // Unreduced public values are reduced before use and compare by residue.
    let unreduced = ModP::<7>(9);
    assert_eq!(unreduced, ModP::<7>(2));
    assert!(ModP::<7>(14).is_zero());
    assert_eq!(
        unreduced
            .checked_add(&ModP::<7>(u64::MAX))
            .unwrap()
            .residue(),
        ((9u128 + u128::from(u64::MAX)) % 7) as u64
    );
}
