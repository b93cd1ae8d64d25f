//! Packed frontier keys of the edge sweeps: the [`Key`] trait for `u64` and `u128`, whose
//! labels and lane-parallel helpers come from the crate's [`nibbles`](crate::engine::nibbles)
//! kit.

use crate::engine::nibbles::Nibbles;
pub(super) use crate::engine::nibbles::{lanes_above, nib, renumber};

/// A packed frontier: labels in the low bits, flags in the top four bits.
///
/// The common transitions ([`fast_step`](super::transitions::fast_step)) work on the key's own
/// integer type, so that narrow boards never pay for 128-bit shifts.
pub(super) trait Key: Nibbles {
    /// Where the flags start.
    const FLAG_SHIFT: usize;
    /// The key with its flags at bit 124 (the engine-wide layout of
    /// [`Labels`](crate::engine::state::Labels)).
    fn widen(self) -> u128;
    /// The inverse of [`widen`](Key::widen).
    fn narrow(wide: u128) -> Self;
}

impl Key for u64 {
    const FLAG_SHIFT: usize = 60;

    #[inline]
    fn widen(self) -> u128 {
        // Move the flags to the engine-wide position (bit 124).
        let labels = u128::from(self & ((1 << 60) - 1));
        labels | u128::from(self >> 60) << 124
    }
    #[inline]
    fn narrow(wide: u128) -> Self {
        let labels = (wide & ((1 << 60) - 1)) as u64;
        labels | ((wide >> 124) as u64) << 60
    }
}

impl Key for u128 {
    const FLAG_SHIFT: usize = 124;

    #[inline]
    fn widen(self) -> u128 {
        self
    }
    #[inline]
    fn narrow(wide: u128) -> Self {
        wide
    }
}
