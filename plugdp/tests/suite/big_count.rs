//! `BigCount` conversions against Rust's own `u128` arithmetic and formatting.

use plugdp::{BigCount, CountError};
use proptest::prelude::*;

/// Values spread over every magnitude of `u128`, not only near its top.
fn magnitudes() -> impl Strategy<Value = u128> {
    (any::<u128>(), 0u32..128).prop_map(|(x, shift)| x >> shift)
}

proptest! {
    #[test]
    fn u128_values_round_trip(x in magnitudes()) {
        let big = BigCount::from(x);
        prop_assert_eq!(big.to_string(), x.to_string());
        prop_assert_eq!(format!("{big:?}"), x.to_string());
        prop_assert_eq!(u128::try_from(&big), Ok(x));
        prop_assert_eq!(u128::try_from(big.clone()), Ok(x));
        prop_assert_eq!(big.to_u128(), Some(x));
        prop_assert_eq!(big.to_u64(), u64::try_from(x).ok());
        prop_assert_eq!(u64::try_from(&big).ok(), u64::try_from(x).ok());
        prop_assert_eq!(u64::try_from(big.clone()).ok(), u64::try_from(x).ok());
        prop_assert_eq!(u32::try_from(&big).ok(), u32::try_from(x).ok());
        prop_assert_eq!(u16::try_from(&big).ok(), u16::try_from(x).ok());
        prop_assert_eq!(u8::try_from(&big).ok(), u8::try_from(x).ok());
        prop_assert_eq!(usize::try_from(&big).ok(), usize::try_from(x).ok());
        prop_assert_eq!(big.to_f64(), x as f64);
        prop_assert_eq!(big.to_string().parse::<BigCount>(), Ok(big.clone()));
        prop_assert_eq!(big.is_zero(), x == 0);
    }

    #[test]
    fn every_unsigned_type_converts_in(a in any::<u8>(), b in any::<u16>(), c in any::<u32>(), d in any::<u64>(), e in any::<usize>()) {
        prop_assert_eq!(BigCount::from(a).to_u128(), Some(u128::from(a)));
        prop_assert_eq!(BigCount::from(b).to_u128(), Some(u128::from(b)));
        prop_assert_eq!(BigCount::from(c).to_u128(), Some(u128::from(c)));
        prop_assert_eq!(BigCount::from(d).to_u128(), Some(u128::from(d)));
        prop_assert_eq!(BigCount::from(e).to_u128(), Some(e as u128));
        prop_assert_eq!(BigCount::from(d), BigCount::from_u64(d));
    }

    #[test]
    fn order_agrees_with_u128(a in magnitudes(), b in magnitudes()) {
        prop_assert_eq!(BigCount::from(a).cmp(&BigCount::from(b)), a.cmp(&b));
        prop_assert_eq!(BigCount::from(a) == BigCount::from(b), a == b);
    }

    #[test]
    fn long_decimals_read_back(digits in "[1-9][0-9]{0,80}") {
        let big: BigCount = digits.parse().unwrap();
        prop_assert_eq!(&big.to_string(), &digits);
        prop_assert_eq!(&format!("{big:?}"), &digits);
        // Past 39 digits no u128 holds it; below, u128's own parser agrees.
        prop_assert_eq!(big.to_u128(), digits.parse::<u128>().ok());
        // The nearest f64, as the standard library's correctly rounded parser finds it.
        prop_assert_eq!(big.to_f64(), digits.parse::<f64>().unwrap());
    }
}

#[test]
fn boundaries() {
    let max64 = BigCount::from(u64::MAX);
    assert_eq!(max64.to_u64(), Some(u64::MAX));
    assert_eq!(u64::try_from(max64.clone()), Ok(u64::MAX));
    let past64 = BigCount::from(u128::from(u64::MAX) + 1);
    assert_eq!(past64.to_string(), "18446744073709551616");
    assert_eq!(past64.to_u64(), None);
    assert_eq!(past64.to_u128(), Some(1 << 64));
    assert_eq!(
        u64::try_from(&past64),
        Err(CountError::TooLarge {
            count: "18446744073709551616".into(),
            bits: 64
        })
    );
    let max128 = BigCount::from(u128::MAX);
    assert_eq!(u128::try_from(&max128), Ok(u128::MAX));
    assert_eq!(max128.to_f64(), 2f64.powi(128));
    // u128::MAX + 1 = 2^128, by decimal addition of its digits.
    let past128: BigCount = "340282366920938463463374607431768211456".parse().unwrap();
    assert!(past128 > max128);
    assert_eq!(past128.to_u128(), None);
    assert_eq!(
        u128::try_from(past128.clone()),
        Err(CountError::TooLarge {
            count: "340282366920938463463374607431768211456".into(),
            bits: 128
        })
    );
    assert_eq!(past128.to_f64(), 2f64.powi(128));
    assert_eq!(
        u32::try_from(BigCount::from(u64::from(u32::MAX) + 1))
            .unwrap_err()
            .to_string(),
        "the count 4294967296 does not fit in 32 bits"
    );
    assert_eq!(u32::try_from(BigCount::from(u32::MAX)), Ok(u32::MAX));
    // f64 range: 10^308 is finite, 10^309 is not.
    let e308: BigCount = format!("1{}", "0".repeat(308)).parse().unwrap();
    assert_eq!(e308.to_f64(), 1e308);
    let e309: BigCount = format!("1{}", "0".repeat(309)).parse().unwrap();
    assert_eq!(e309.to_f64(), f64::INFINITY);
    assert!(BigCount::default().is_zero());
    assert_eq!(format!("{:?}", BigCount::default()), "0");
}

#[test]
fn leading_zeros_and_junk() {
    assert_eq!("000".parse::<BigCount>(), Ok(BigCount::from(0u64)));
    assert_eq!(
        "0000000000012".parse::<BigCount>(),
        Ok(BigCount::from(12u64))
    );
    for junk in ["", " ", "1_000", "+1", "-3", "1e9", "12a"] {
        assert_eq!(
            junk.parse::<BigCount>(),
            Err(CountError::NotACount(junk.into())),
            "{junk:?}"
        );
    }
}
