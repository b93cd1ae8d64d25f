//! Enumeration and counting against OEIS, with the iterators as a second, independent method
//! (canonical filtering instead of Burnside's lemma).

use std::collections::HashSet;

use polyomino::{Equivalence, enumerate};

// OEIS A001168, A000988, A000105 for n = 1..=16.
const FIXED: [u64; 16] = [
    1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861, 1903890, 7204874, 27394666,
    104592937,
];
const ONE_SIDED: [u64; 16] = [
    1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189, 33896, 126759, 476270, 1802312, 6849777, 26152418,
];
const FREE: [u64; 16] = [
    1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600, 238591, 901971, 3426576, 13079255,
];

#[test]
fn counts_match_oeis_up_to_16() {
    let counts = enumerate::counts_up_to(16, &polyomino::enumerate::Options::default()).unwrap();
    for c in counts {
        let i = c.size - 1;
        assert_eq!(
            (c.fixed, c.one_sided, c.free),
            (FIXED[i], ONE_SIDED[i], FREE[i]),
            "n = {}",
            c.size
        );
    }
}

#[test]
fn iterators_agree_with_the_counts() {
    for n in 1..=9 {
        let fixed: Vec<_> = enumerate::fixed(n).unwrap().collect();
        assert_eq!(fixed.len() as u64, FIXED[n - 1], "fixed n = {n}");
        let distinct: HashSet<_> = fixed.iter().cloned().collect();
        assert_eq!(distinct.len(), fixed.len(), "duplicates at n = {n}");
        assert!(fixed.iter().all(|p| p.size() == n && p.is_connected()));

        let one_sided: HashSet<_> = fixed
            .iter()
            .map(|p| p.canonical(Equivalence::OneSided))
            .collect();
        assert_eq!(
            one_sided.len() as u64,
            ONE_SIDED[n - 1],
            "one-sided n = {n}"
        );
        assert_eq!(enumerate::one_sided(n).unwrap().count(), one_sided.len());

        let free: HashSet<_> = fixed
            .iter()
            .map(|p| p.canonical(Equivalence::Free))
            .collect();
        assert_eq!(free.len() as u64, FREE[n - 1], "free n = {n}");
        let listed: HashSet<_> = enumerate::free(n).unwrap().collect();
        assert_eq!(listed, free);
    }
}

#[test]
fn single_counts_and_errors() {
    assert_eq!(enumerate::count(7, Equivalence::Free).unwrap(), 108);
    assert_eq!(enumerate::count(7, Equivalence::OneSided).unwrap(), 196);
    assert_eq!(enumerate::count_fixed(7).unwrap(), 760);
    assert!(enumerate::count_fixed(0).is_err());
    assert!(enumerate::fixed(enumerate::MAX_SIZE + 1).is_err());
    assert!(enumerate::free(0).is_err());
}
