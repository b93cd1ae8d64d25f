//! Packed 4-bit labels: the integer kit ([`Nibbles`], for `u64` and `u128`) and the
//! lane-parallel (SWAR) helpers that read, shift and renumber labels, shared by every packed
//! frontier of the crate (the edge sweeps' keys and the polyomino transfer matrices').
//!
//! A key holds one label per nibble from bit 0 up, in *minimal representation* (labels 1, 2, 3,
//! … in order of first appearance; 0 for none), and whatever the frontier keeps above its
//! labels (flags), which the helpers leave alone.

use crate::engine::driver::FrontierKey;

/// An integer of packed nibbles: the operations the helpers and the frontiers' transitions
/// need, the same for both widths (multiplication and subtraction wrap: they are used with
/// masks whose products never carry and lanes that never borrow).
pub(crate) trait Nibbles:
    FrontierKey
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitOr<Output = Self>
    + core::ops::BitOrAssign
    + core::ops::BitXor<Output = Self>
    + core::ops::Not<Output = Self>
    + core::ops::Add<Output = Self>
    + core::ops::Shl<usize, Output = Self>
    + core::ops::Shr<usize, Output = Self>
    + From<u8>
{
    /// Bits in the integer.
    const BITS: u32;
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// The low 8 bits.
    fn low_byte(self) -> u8;
    /// A value that fits in 64 bits.
    fn small(x: u64) -> Self;
    /// The bits of the first `positions` nibbles.
    fn label_mask(positions: usize) -> Self;
    /// `byte` in every byte.
    fn splat(byte: u8) -> Self;
    /// Whether the value is zero.
    fn is_zero(self) -> bool;
    /// Wrapping multiplication.
    fn mul(self, other: Self) -> Self;
    /// Wrapping subtraction.
    fn sub(self, other: Self) -> Self;
    /// Leading zero bits.
    fn leading_zeros(self) -> u32;
    /// Set bits.
    fn count_ones(self) -> u32;
    /// Two's complement negation.
    fn wrapping_neg(self) -> Self;
    /// The low and high 64 bits (label loops run on words: no 128-bit variable shifts).
    fn words(self) -> [u64; 2];
    /// The inverse of [`words`](Nibbles::words).
    fn from_words(words: [u64; 2]) -> Self;
}

macro_rules! nibbles {
    ($t:ty, $words:expr, $from_words:expr) => {
        impl Nibbles for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: $t = 0;
            const ONE: $t = 1;
            #[inline(always)]
            fn low_byte(self) -> u8 {
                self as u8
            }
            #[inline(always)]
            fn small(x: u64) -> $t {
                x as $t
            }
            #[inline(always)]
            fn label_mask(positions: usize) -> $t {
                (1 << (4 * positions)) - 1
            }
            #[inline(always)]
            fn splat(byte: u8) -> $t {
                <$t>::from_ne_bytes([byte; core::mem::size_of::<$t>()])
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn mul(self, other: $t) -> $t {
                self.wrapping_mul(other)
            }
            #[inline(always)]
            fn sub(self, other: $t) -> $t {
                self.wrapping_sub(other)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> $t {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn words(self) -> [u64; 2] {
                $words(self)
            }
            #[inline(always)]
            fn from_words(words: [u64; 2]) -> $t {
                $from_words(words)
            }
        }
    };
}

nibbles!(u64, |k: u64| [k, 0], |w: [u64; 2]| w[0]);
nibbles!(
    u128,
    |k: u128| [k as u64, (k >> 64) as u64],
    |w: [u64; 2]| u128::from(w[0]) | u128::from(w[1]) << 64
);

/// The label (4 bits) at position `j`.
#[inline(always)]
pub(crate) fn nib<K: Nibbles>(key: K, j: usize) -> u8 {
    (key >> (4 * j)).low_byte() & 0xF
}

/// `key` with every label above `m` in the lanes of `mask` (whole nibbles) raised (`up`) or
/// lowered by one. Lane-parallel: even and odd labels go to separate bytes, where
/// `x + (0x80 − (m + 1))` has its top bit set exactly when x > m (x ≤ 15: nothing carries out
/// of a byte). Raising a 15 is the caller's to refuse.
#[inline(always)]
pub(crate) fn lanes_above<K: Nibbles>(key: K, m: u8, mask: K, up: bool) -> K {
    let (low, bytes) = (K::splat(0x0F), K::splat(0x01));
    let bias = K::splat(0x80 - (m + 1));
    let above = |lane: K| ((lane + bias) >> 7) & bytes;
    let delta = (above(key & low) | above((key >> 4) & low) << 4) & mask;
    // A lane above m holds at least 1, so lowering it never borrows from the next lane.
    if up { key + delta } else { key.sub(delta) }
}

/// Renumbers the first `positions` labels in order of first appearance (minimal
/// representation); the bits above them stay.
#[inline(always)]
pub(crate) fn renumber<K: Nibbles>(key: K, positions: usize) -> K {
    // Branch-free, in registers: nibble x of `map` is the new name of label x (0: none yet).
    let mut map = 0u64;
    let mut next = 0u64;
    let words = key.words();
    let mut out = [0u64; 2];
    for j in 0..positions {
        let (w, shift) = (j / 16, 4 * (j % 16));
        let x = (words[w] >> shift) & 0xF;
        let named = (map >> (4 * x)) & 0xF;
        let fresh = u64::from(named == 0) & u64::from(x != 0);
        next += fresh;
        let name = named | (fresh * next);
        map |= (fresh * next) << (4 * x);
        out[w] |= name << shift;
    }
    K::from_words(out) | (key & !K::label_mask(positions))
}

/// The row end of an edge frontier of `positions` labels: every label moves one position up
/// (the plugs leaving a row downwards become the next row's arriving ones) and the bits above
/// the labels stay. The last position must be empty (no plug leaves the board on the right).
#[inline(always)]
pub(crate) fn shift_row<K: Nibbles>(key: K, positions: usize) -> K {
    let mask = K::label_mask(positions);
    debug_assert!(
        nib(key, positions - 1) == 0,
        "a plug leaves the board on the right"
    );
    ((key & mask) << 4) | (key & !mask)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Plain arrays: relabel, then renumber.
    fn model_renumber(labels: &[u8]) -> Vec<u8> {
        let mut names = [0u8; 16];
        let mut next = 0;
        labels
            .iter()
            .map(|&l| {
                if l != 0 && names[usize::from(l)] == 0 {
                    next += 1;
                    names[usize::from(l)] = next;
                }
                names[usize::from(l)]
            })
            .collect()
    }

    fn pack(labels: &[u8]) -> u128 {
        labels
            .iter()
            .enumerate()
            .fold(0, |k, (j, &l)| k | u128::from(l) << (4 * j))
    }

    proptest! {
        #[test]
        fn helpers_match_arrays(labels in proptest::collection::vec(0u8..16, 1..=30), m in 0u8..15, flags in 0u128..16) {
            let n = labels.len();
            let key = pack(&labels) | flags << 124;
            let renumbered = renumber(key, n);
            prop_assert_eq!(renumbered & !u128::label_mask(n), flags << 124);
            prop_assert_eq!(renumbered & u128::label_mask(n), pack(&model_renumber(&labels)));
            for (j, &l) in labels.iter().enumerate() {
                prop_assert_eq!(nib(key, j), l);
            }
            // Lowering the labels above m (in the first n lanes) subtracts one from each.
            let lowered = lanes_above(key, m, u128::label_mask(n), false);
            let expect: Vec<u8> = labels.iter().map(|&l| if l > m { l - 1 } else { l }).collect();
            prop_assert_eq!(lowered, pack(&expect) | flags << 124);
            // The row end: labels up one position, flags kept.
            if n < 30 {
                let shifted = shift_row(pack(&labels[..n - 1]) | flags << 124, n);
                let mut expect = vec![0u8];
                expect.extend_from_slice(&labels[..n - 1]);
                prop_assert_eq!(shifted, pack(&expect) | flags << 124);
            }
            if n <= 15 {
                let key64 = pack(&labels) as u64;
                prop_assert_eq!(u128::from(renumber(key64, n)), pack(&model_renumber(&labels)));
            }
        }
    }
}
