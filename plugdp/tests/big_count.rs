//! `BigCount` conversions against Rust's own `u128` arithmetic and formatting.

use plugdp::BigCount;
use proptest::prelude::*;

proptest! {
    #[test]
    fn u128_values_round_trip(x in any::<u128>()) {
        let big = BigCount::from(x);
        prop_assert_eq!(big.to_string(), x.to_string());
        prop_assert_eq!(u128::try_from(&big), Ok(x));
        prop_assert_eq!(u64::try_from(&big).ok(), u64::try_from(x).ok());
        prop_assert_eq!(big.to_string().parse::<BigCount>(), Ok(big.clone()));
        prop_assert_eq!(big.is_zero(), x == 0);
    }

    #[test]
    fn order_agrees_with_u128(a in any::<u128>(), b in any::<u128>()) {
        prop_assert_eq!(BigCount::from(a).cmp(&BigCount::from(b)), a.cmp(&b));
        prop_assert_eq!(BigCount::from(a) == BigCount::from(b), a == b);
    }

    #[test]
    fn long_decimals_read_back(digits in "[1-9][0-9]{0,80}") {
        let big: BigCount = digits.parse().unwrap();
        prop_assert_eq!(big.to_string(), digits);
    }
}

#[test]
fn leading_zeros_and_junk() {
    assert_eq!("000".parse::<BigCount>(), Ok(BigCount::from(0u64)));
    assert_eq!(
        "0000000000012".parse::<BigCount>(),
        Ok(BigCount::from(12u64))
    );
    for junk in ["", " ", "1_000", "+1", "-3", "1e9", "12a"] {
        assert!(junk.parse::<BigCount>().is_err(), "{junk:?}");
    }
    let too_big: BigCount = "340282366920938463463374607431768211456".parse().unwrap();
    assert!(u128::try_from(&too_big).is_err());
}
