//! The `serde` feature: every type that travels between the processes of a sharded sweep reads
//! back what it writes, and bad input is an error, not a wrong value.

use plugdp::{BigCount, Cycles, EdgeRules, Grid, ModP, Residues, Sides, Value};

fn round_trip<T>(value: &T) -> T
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
}

#[test]
fn boards_travel_as_their_text() {
    let grid: Grid = "..#\n...".parse().unwrap();
    assert_eq!(serde_json::to_string(&grid).unwrap(), r#""..#\n...""#);
    assert_eq!(round_trip(&grid), grid);
    // Text that is not a board is refused with the board's own error.
    let bad = serde_json::from_str::<Grid>(r#""..\n.x""#).unwrap_err();
    assert!(
        bad.to_string().contains("unexpected character 'x'"),
        "{bad}"
    );
    assert!(serde_json::from_str::<Grid>(r#""..\n.""#).is_err());
}

#[test]
fn counts_travel_as_their_digits() {
    let big: BigCount = "1020460427390768793543026965678152831571073052662428097106"
        .parse()
        .unwrap();
    assert_eq!(serde_json::to_string(&big).unwrap(), format!("\"{big}\""));
    assert_eq!(round_trip(&big), big);
    assert!(serde_json::from_str::<BigCount>(r#""12a""#).is_err());
}

#[test]
fn residues_rules_and_sides_read_back() {
    let mut x = Residues::<8>::one();
    for _ in 0..300 {
        x = x.checked_add(&x).unwrap();
    }
    assert_eq!(round_trip(&x), x);
    assert_eq!(round_trip(&x).to_big(), x.to_big());
    // The wrong number of residues is refused.
    assert!(serde_json::from_str::<Residues<2>>("[1, 2, 3]").is_err());
    assert!(serde_json::from_str::<Residues<2>>("[1]").is_err());
    assert_eq!(round_trip(&ModP::<1_000_000_007>(5)), ModP(5));
    for rules in [
        EdgeRules::SINGLE_CYCLE,
        EdgeRules::SINGLE_PATH,
        EdgeRules::PRESENCE,
    ] {
        assert_eq!(round_trip(&rules), rules);
    }
    assert_eq!(round_trip(&Cycles::Any), Cycles::Any);
    assert_eq!(round_trip(&Sides::PAIRS.to_vec()), Sides::PAIRS.to_vec());
}
