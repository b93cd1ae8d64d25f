//! The largest published counts this crate reaches, against OEIS. Too slow for the suite or
//! CI: run them with `cargo test --release -p plugdp --test suite -- --ignored records::`.

use plugdp::{Grid, Options, hamiltonian_cycles};

/// OEIS A003763(9): the Hamiltonian cycles of the 18 × 18 grid (Jacobsen, 2007). The board is
/// too wide for the meander tables, so it is swept whole, counted modulo primes and rebuilt by
/// the Chinese remainder theorem: about 5 minutes and 1.7 GB on two cores.
#[test]
#[ignore = "about 5 minutes and 1.7 GB on two cores"]
fn hamiltonian_cycles_18_by_18() {
    let options = Options::default().with_threads(2).with_max_bytes(16 << 30);
    let count = hamiltonian_cycles(&Grid::new(18, 18).unwrap(), &options).unwrap();
    assert_eq!(
        count.to_string(),
        "1733926377888966183927790794055670829347983946"
    );
}

/// OEIS A003763(10): the Hamiltonian cycles of the 20 × 20 grid (Jacobsen, 2007), swept whole
/// modulo primes: about 25 minutes and 12 GB on two cores.
#[test]
#[ignore = "about 25 minutes and 12 GB on two cores"]
fn hamiltonian_cycles_20_by_20() {
    let options = Options::default().with_threads(2).with_max_bytes(20 << 30);
    let count = hamiltonian_cycles(&Grid::new(20, 20).unwrap(), &options).unwrap();
    assert_eq!(
        count.to_string(),
        "1020460427390768793543026965678152831571073052662428097106"
    );
}
